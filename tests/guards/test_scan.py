"""guards.scan gives exactly what RE2's wrapper gives, on the patterns the guards cut with
and on texts that stress offsets: accents, emoji, empty strings, matches at either end."""

from __future__ import annotations

import random

import re2

from guards import scan
from guards.text import _CITATION, _CONTRAST, _FULL_STOP, _SENTENCE_END, _clause_regex

_ALPHABET = [*"ab .!?;,\n[]#1é€ñ😀 ", "pero", "but", " y ", "[envio#1]", "\t"]


def _texts(count: int = 400) -> list[str]:
    rng = random.Random(5)
    texts = ["", ".", "\n", "a", "é.", "[x]", "pero", " but ", "…¿qué?  ¡sí!"]
    for _ in range(count):
        texts.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 40))))
    return texts


def test_split_is_the_wrappers() -> None:
    patterns = [_SENTENCE_END, _FULL_STOP, _CONTRAST, _clause_regex(("pero", "but"))]
    for pattern in patterns:
        for text in _texts():
            assert scan.split(pattern, text) == pattern.split(text), (pattern.pattern, text)


def test_findall_is_the_wrappers() -> None:
    optional = re2.compile(r"(\d)?[a-z]")
    for pattern in (_CITATION, optional):
        for text in _texts():
            assert scan.findall(pattern, text) == pattern.findall(text), (pattern.pattern, text)


def test_empty_matches_and_groups_fall_back() -> None:
    empty = re2.compile(r"x*")
    grouped = re2.compile(r"([.;])")
    for text in _texts(100):
        assert scan.split(empty, text) == empty.split(text)
        assert scan.split(grouped, text) == grouped.split(text)
        assert scan.findall(empty, text) == empty.findall(text)


def test_first_group_is_the_wrappers() -> None:
    pattern = re2.compile(r"(?:^|[^\pL])(ñ+|€|pero)(?:$|[^\pL])")
    for text in _texts():
        match = pattern.search(text)
        assert scan.first_group(pattern, text) == (match.group(1) if match else None)


def _project_regexes() -> list[scan.Regex]:
    """Every pattern the guards compiled through ``scan.compile`` at import."""
    import importlib
    import pkgutil

    import guards

    found: dict[str, scan.Regex] = {}
    for info in pkgutil.walk_packages(guards.__path__, "guards."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            values = value.values() if isinstance(value, dict) else [value]
            for item in values:
                if isinstance(item, scan.Regex):
                    found.setdefault(item.pattern, item)
    return list(found.values())


def _same_match(ours: object, theirs: object) -> bool:
    if ours is None or theirs is None:
        return ours is None and theirs is None
    groups = range(theirs.re.groups + 1)  # type: ignore[attr-defined]
    return [ours.span(g) for g in groups] == [theirs.span(g) for g in groups] and [  # type: ignore[attr-defined]
        ours.group(g)
        for g in groups  # type: ignore[attr-defined]
    ] == [theirs.group(g) for g in groups]  # type: ignore[attr-defined]


def test_a_compiled_regex_answers_as_the_wrapper_on_every_guard_pattern() -> None:
    # Given every pattern the guards compile, and texts with accents, emoji and ends
    regexes = _project_regexes()
    assert len(regexes) > 100
    texts = [*_texts(60), "No, no tenemos el iPhone 15 😀 a $ 1.500", "we don't stock it."]
    for regex in regexes:
        wrapped = regex.wrapped
        for text in texts:
            # When each method runs, then its answer is the wrapper's
            assert _same_match(regex.search(text), wrapped.search(text)), (regex, text)
            assert _same_match(regex.match(text), wrapped.match(text)), (regex, text)
            assert _same_match(regex.fullmatch(text), wrapped.fullmatch(text)), (regex, text)
            ours = list(regex.finditer(text))
            theirs = list(wrapped.finditer(text))
            assert len(ours) == len(theirs) and all(map(_same_match, ours, theirs)), (regex, text)
            assert regex.findall(text) == wrapped.findall(text), (regex, text)
            if not regex.groups:
                assert regex.split(text, 1) == wrapped.split(text, 1), (regex, text)


def test_a_search_from_a_position_is_the_wrappers() -> None:
    regex = scan.compile(r"(?i)(\d+)\s*(€|semanas)")
    for text in ("5 € y 3 semanas", "ñ 5 € y 3 semanas", "3 semanas"):
        for pos in range(len(text) + 2):
            for endpos in (None, pos, len(text) - 1, len(text) + 5):
                ours = regex.match(text, pos, endpos)
                theirs = regex.wrapped.match(text, pos, endpos)
                assert _same_match(ours, theirs), (text, pos, endpos)
                ours = regex.search(text, pos, endpos)
                theirs = regex.wrapped.search(text, pos, endpos)
                assert _same_match(ours, theirs), (text, pos, endpos)


def test_findall_without_a_group_gives_the_matches() -> None:
    whole = re2.compile(r"\d+(?:[.,]\d+)*")
    for text in [*_texts(), "1.500,90 y 3 € é 12"]:
        assert scan.findall(whole, text) == whole.findall(text), text
