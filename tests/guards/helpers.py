"""Small builders shared by the guards tests."""

from __future__ import annotations

from typing import Any

from guards.context import GuardContext, HistoryMessage, RetrievedChunk, ToolCall
from guards.pipeline import run_guards
from guards.verdicts import PipelineResult


def turn(
    draft: str,
    *,
    locale: str = "es",
    question: str = "",
    chunks: dict[str, str] | None = None,
    tools: list[tuple[str, dict, Any]] | None = None,
    history: list[tuple[str, str]] | None = None,
) -> GuardContext:
    return GuardContext(
        locale=locale,
        question=question,
        draft=draft,
        retrieved=tuple(RetrievedChunk(s, t) for s, t in (chunks or {}).items()),
        tool_outputs=tuple(ToolCall(n, i, o) for n, i, o in (tools or [])),
        history=tuple(HistoryMessage(r, t) for r, t in (history or [])),
    )


def phone(
    name: str, price: str, *, in_stock: bool = True, warranty: str | None = "12 meses"
) -> dict:
    sku = name.upper().replace(" ", "-")[:14]
    return {
        "sku": sku,
        "name": name,
        "price": price,
        "currency": "ARS",
        "in_stock": in_stock,
        "warranty": warranty,
    }


def item(
    sku: str,
    name: str,
    price: str,
    currency: str,
    *,
    in_stock: bool = True,
    warranty: str | None = None,
) -> dict:
    """One product as search_products returns it."""
    return {
        "sku": sku,
        "name": name,
        "price": price,
        "currency": currency,
        "in_stock": in_stock,
        "warranty": warranty,
    }


def search(*products: dict, query: str = "celular") -> tuple[str, dict, dict]:
    return ("search_products", {"query": query}, {"products": list(products)})


def failed(result: PipelineResult) -> dict[str, tuple[str, ...]]:
    """guard code -> extra figures, for the enforced failures."""
    return {str(f.guard): f.extra_figures for f in result.failures}


def check(ctx: GuardContext, **kw) -> dict[str, tuple[str, ...]]:
    return failed(run_guards(ctx, budget_ms=kw.pop("budget_ms", 1000), **kw))


def assert_writers_verdict(ctx: GuardContext, guard: str | None, *, reader: bool) -> None:
    """The guard the writer named fails (or, for a correct answer, nothing does), read
    by the whole pipeline or by the rules alone."""
    failed = check(ctx, **({} if reader else {"second_reader": None}))
    if guard is None:
        assert failed == {}
    else:
        assert guard in failed
