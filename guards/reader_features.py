"""What the second reader sees of a turn: words, word pairs, word endings, the draft's
words that no source of the turn has, and which tools ran.

Pure functions over a ``GuardContext``; the trainer (``benchmarks/guards_learn.py``) and
the reader at run time (``guards/second_reader.py``) call the same one, so a weight
learned for a feature is read for exactly that feature.
"""

from __future__ import annotations

import itertools
import re

from guards.context import GuardContext
from guards.memo import memoised

# Lower case without accents: "Devolvéremos" and "devolveremos" are one word to the
# reader (writers and models drop accents as often as they keep them).
_FOLD = str.maketrans("áàâäéèêëíìîïóòôöúùûüñç", "aaaaeeeeiiiioooouuuunc")
_WORD = re.compile(r"[a-z]+|\d+")
# Endings and beginnings of longer words carry the conjugation and the stem:
# "reintegramos", "reintegraremos" and "reintegrarle" share "reint" and "mos".
_MIN_AFFIX_WORD = 5


def fold(text: str) -> list[str]:
    """The words of ``text``: lower case, accents dropped, digits apart from letters."""
    return _WORD.findall(text.lower().translate(_FOLD))


def turn_features(ctx: GuardContext) -> set[str]:
    """The turn's features as strings (a feature is present or not; no counts). The
    draft is read in the desk's own words: quoted speech is someone else's, as for the
    rules (``GuardContext.own_words``)."""
    words = fold(ctx.own_words().draft)
    out: set[str] = set()
    for word in words:
        out.update(_word_features(word))
    out.update(f"b:{a}_{b}" for a, b in itertools.pairwise(words))
    known = _source_words(ctx)
    out.update("ns:" + w for w in words if not w.isdigit() and not any(w in k for k in known))
    out.update("tool:" + call.tool for call in ctx.tool_outputs)
    if ctx.handoff:
        out.add("handoff")
    if not ctx.retrieved:
        out.add("noret")
    return out


@memoised(maxsize=8192)
def _word_features(word: str) -> tuple[str, ...]:
    """A word's own features: itself, and its endings and beginnings when it is long
    (a shop's vocabulary repeats turn after turn, so each word is cut once)."""
    if len(word) < _MIN_AFFIX_WORD or word.isdigit():
        return ("w:" + word,)
    return (
        "w:" + word,
        "s:" + word[-3:],
        "s:" + word[-4:],
        "s:" + word[-5:],
        "p:" + word[:4],
        "p:" + word[:5],
    )


def _source_words(ctx: GuardContext) -> tuple[frozenset[str], ...]:
    """The words of each text the turn's sources and the customer's question hold."""
    texts = (ctx.question, ctx.outputs_text(), *(chunk.text for chunk in ctx.retrieved))
    return tuple(_text_words(text) for text in texts if text)


@memoised()
def _text_words(text: str) -> frozenset[str]:
    """A source's words, read once per text: a worker sees the same chunks again."""
    return frozenset(fold(text))
