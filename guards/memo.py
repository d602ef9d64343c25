"""Memoised reading of texts the guards share within a turn and across turns.

Several guards read the same draft and the same sources (a chunk is checked for
injected orders by four guards, a tool output's figures by two), and a worker sees the
same knowledge chunks turn after turn. Every function memoised here is pure: its
result depends only on its (hashable) arguments and is immutable, so a cached answer
is the answer. Each cache is bounded, and ``clear()`` empties them all (tests, and
measuring a turn without any help from earlier turns).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# Texts are capped (config.max_input_chars) before any guard reads them, so a bounded
# cache holds a bounded amount of text.
DEFAULT_SIZE = 2048

_CACHES: list[Any] = []


def memoised(maxsize: int = DEFAULT_SIZE) -> Callable[[F], F]:
    """``functools.lru_cache`` that ``clear()`` empties along with the others."""

    def wrap(function: F) -> F:
        cached = lru_cache(maxsize=maxsize)(function)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def per_turn(function: F) -> F:
    """Read once per turn: the result is kept on the turn's context object (a frozen
    dataclass; the pipeline builds a new one for every run), so three guards asking
    which products the search returned share one reading and nothing outlives the turn."""
    key = f"_per_turn_{function.__module__}.{function.__qualname__}"

    def wrapper(ctx: Any) -> Any:
        held = ctx.__dict__
        if key not in held:
            held[key] = function(ctx)
        return held[key]

    wrapper.__name__ = function.__name__
    wrapper.__qualname__ = function.__qualname__
    wrapper.__doc__ = function.__doc__
    return wrapper  # type: ignore[return-value]


def clear() -> None:
    """Forget every memoised reading."""
    for cached in _CACHES:
        cached.cache_clear()
