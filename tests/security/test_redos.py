"""ReDoS: every regular expression of the guards, the parsers and the assistant runs
in linear time on 100,000-character adversarial inputs, and the entry points refuse
input over their caps before any pattern sees it."""

from __future__ import annotations

import importlib
import pkgutil
import re
import time
from collections.abc import Iterator

import pytest

PACKAGES = ("guards", "knowledge", "support", "config")
SKIP_MODULE_PARTS = ("migrations", "management", "tests", "production")
LIMIT_SECONDS = 0.050
SIZE = 100_000

# Shapes that make backtracking engines blow up: long runs of what a quantified group
# accepts, separators a number pattern could split on, and a failing tail.
ADVERSARIAL = {
    "digits": "1" * SIZE + "x",
    "dotted digits": "1." * (SIZE // 2) + "x",
    "comma digits": "1," * (SIZE // 2) + "%",
    "spaced digits": "1 " * (SIZE // 2) + "€",
    "currency run": "$ " * (SIZE // 2),
    "letters": "a" * SIZE + "!",
    "spaces": " " * SIZE + "1",
    "words": "mil " * (SIZE // 4) + "x",
    "hashes": "#" * SIZE,
    "code-like": "SKU-" * (SIZE // 4) + "_",
    "dashes": "-" * SIZE + "9",
    "tags": "<" * (SIZE // 2) + ">" * (SIZE // 2),
    "spanish number words": "un millón y medio " * (SIZE // 18),
}


def _modules() -> Iterator[object]:
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            if any(part in info.name.split(".") for part in SKIP_MODULE_PARTS):
                continue
            yield importlib.import_module(info.name)


def _patterns_in(value: object, depth: int = 0) -> Iterator[re.Pattern]:
    if isinstance(value, re.Pattern):
        yield value
    elif depth < 4 and isinstance(value, dict):
        for item in value.values():
            yield from _patterns_in(item, depth + 1)
    elif depth < 4 and isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _patterns_in(item, depth + 1)
    elif depth < 2 and isinstance(value, type):
        for item in vars(value).values():
            yield from _patterns_in(item, depth + 1)


def project_patterns() -> dict[str, re.Pattern]:
    found: dict[str, re.Pattern] = {}
    for module in _modules():
        for name, value in vars(module).items():
            for pattern in _patterns_in(value):
                found.setdefault(f"{module.__name__}.{name}:{pattern.pattern[:40]}", pattern)
    return found


def _worst_time(call) -> float:
    """The best of up to three runs: the suite shares two cores with the database,
    so one slow run is retried before it counts."""
    best = float("inf")
    for _ in range(3):
        if best <= LIMIT_SECONDS:
            break
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


def test_the_project_has_patterns_to_check():
    # the scan must actually find the guards' and parsers' patterns
    names = " ".join(project_patterns())
    assert len(project_patterns()) >= 10
    assert "guards." in names and "knowledge." in names


@pytest.mark.parametrize("shape", sorted(ADVERSARIAL))
def test_every_pattern_is_linear_on_adversarial_input(shape):
    text = ADVERSARIAL[shape]
    slow = {}
    for name, pattern in project_patterns().items():
        elapsed = _worst_time(lambda p=pattern: p.search(text))
        if elapsed > LIMIT_SECONDS:
            slow[name] = round(elapsed * 1000, 1)
    assert slow == {}, f"patterns over {LIMIT_SECONDS * 1000:.0f} ms on {shape!r} (ms): {slow}"


def test_the_guards_refuse_a_draft_over_the_cap_before_matching():
    from guards.codes import GuardCode
    from guards.context import GuardContext
    from guards.pipeline import run_guards

    draft = "Le devolvemos $ 1.500.000 " * 5000  # 130,000 characters
    started = time.perf_counter()
    result = run_guards(GuardContext(locale="es", draft=draft, question="hola"))
    elapsed = time.perf_counter() - started
    assert elapsed < LIMIT_SECONDS
    assert {f.reason for f in result.failures} == {GuardCode.GUARD_ERROR}
    assert "over the cap" in result.failures[0].detail


def test_a_run_of_digits_too_long_for_an_amount_is_not_read_as_one():
    from guards.lexicon import lexicon_for
    from guards.numbers import extract_figures

    # this crashed decimal arithmetic (DivisionImpossible) before the digit cap
    assert extract_figures("1" * 8000, lexicon=lexicon_for("es")) == ()
    assert [f.text for f in extract_figures("$ 1.500.000", lexicon=lexicon_for("es"))] == [
        "1.500.000"
    ]


def test_the_email_pattern_still_finds_addresses():
    from support.customer.selectors import EMAIL

    text = "soy ana.perez+shop@mail.example.com, pedido 1042"
    assert EMAIL.findall(text) == ["ana.perez+shop@mail.example.com"]


def test_the_figure_reader_is_linear_on_long_input():
    from guards.lexicon import lexicon_for
    from guards.numbers import extract_figures

    lexicon = lexicon_for("es")
    for shape, text in ADVERSARIAL.items():
        elapsed = _worst_time(lambda t=text[:8000]: extract_figures(t, lexicon=lexicon))
        assert elapsed < 0.5, f"{shape}: {elapsed:.3f}s on 8,000 characters"
