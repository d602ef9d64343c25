"""A promotion that asks for items of one kind granted to a mix.

"al comprar 12 botellas de la misma referencia" and a draft that grants it "con 12
botellas entre las dos referencias": the source keeps the items the same, the sentence
mixes them. Both sides are closed classes: "the same" (mismo, misma, same, identical)
before a noun in the source; a mix (entre los dos, combinando, mezclando, distintos,
mix, mixed, different, two kinds) in the granting sentence.
"""

from __future__ import annotations

from guards import scan

_SAME = scan.compile(
    r"(?i)(?:^|[^\pL])(?:del?\s+(?:la\s+)?mism[oa]s?|of\s+the\s+same|same|id[eé]ntic[oa]s?)"
    r"\s+\pL+"
)
_MIX = scan.compile(
    r"(?i)(?:^|[^\pL])(?:entre\s+(?:l[oa]s\s+)?(?:dos|tres|ambas|ambos)|combinando|mezclando|"
    r"distint[oa]s|diferentes|mix(?:ed|ing)?|different|two\s+(?:kinds|different)|"
    r"across\s+(?:the\s+)?(?:two|both))(?:$|[^\pL])"
)


def mixed_where_source_keeps_the_same(sentence: str, promotions: list[str]) -> str | None:
    """A note when a source of ``promotions`` asks for items of one kind and
    ``sentence`` grants it to a mix."""
    if not _MIX.search(sentence):
        return None
    for source in promotions:
        if (same := _SAME.search(source)) is not None:
            return f"its source asks for {same.group().strip()!r}, the sentence mixes them"
    return None
