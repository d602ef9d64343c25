"""A second reading of the draft, learned from labelled turns nobody here wrote.

The rules read commitments, acts and products by their structure; on text written by
other hands they miss forms no rule spelt out and stop correct answers that look like
slips. The second reader is a logistic regression per wording guard over the turn's
words (``guards/reader_features.py``), learned from the blind files' development
halves (``benchmarks/guards_learn.py``), with three thresholds chosen on files that no
weight was learned from:

- a rule's rejection that the reader scores under ``low`` is set aside: it is kept as
  an observed failure (the guard log shows it, the customer is not stopped by it); only
  for the guards in ``sets_aside``, those where setting aside removed more false alarms
  than true catches on the files that choose the thresholds, and never a firm finding
  (``Finding.firm``: a grant no source can back, such as a gift given as an apology,
  or a lower price the shop itself gives, "te hago un descuento", unbacked);
- a draft the reader scores over ``high`` for a guard whose rule let it through fails
  that guard, and the note names the sentence and the words that weigh most. Where the
  rules read a commitment of that guard's kind in the draft and let it through (a tool
  did the act, the refund waits on an approval, an offer, a negation, a cited policy),
  the structure's reason stands unless the reader is surer still: it must score over
  ``overrule`` (a third threshold, at least ``high``) to fail a draft the rules parsed
  and cleared.

It is a plain function of the turn's text and data like the rules: the same turn
always gets the same verdict, and the weights are a file in the repository.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from guards.act_objects import MONEY_EN, MONEY_ES
from guards.action_claim import performed_acts
from guards.acts import Act
from guards.codes import GuardCode, GuardMode
from guards.commitments import entries_en, entries_es, read_commitments
from guards.context import GuardContext
from guards.phrasebook import PHRASEBOOKS
from guards.reader_features import turn_features
from guards.text import cited_sentences, find_phrase, words
from guards.verdicts import GuardFailure

WEIGHTS = Path(__file__).resolve().parent / "data" / "second_reader.json"
_READABLE = ("w:", "b:")


@dataclass(frozen=True)
class SecondReader:
    guards: tuple[str, ...]
    adds: frozenset[str]
    index: Mapping[str, int]
    weights: np.ndarray  # one row per feature, one column per guard, then a row of zeros
    bias: np.ndarray
    low: float
    high: float
    overrule: float  # over ``high``: the score that fails a draft the rules cleared
    sets_aside: frozenset[str]  # the guards whose rejections it may set aside

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SecondReader:
        table = data["weights"]
        names = list(table)
        matrix = np.array([*(table[n] for n in names), [0.0] * len(data["guards"])])
        return cls(
            guards=tuple(data["guards"]),
            adds=frozenset(data.get("adds", data["guards"])),
            index={name: i for i, name in enumerate(names)},
            weights=matrix,
            bias=np.array(data["bias"], dtype=np.float64),
            low=float(data["low"]),
            high=float(data["high"]),
            # a file learned before these two: the rules' reading of a commitment always
            # stood, and any of its guards' rejections could be set aside
            overrule=float(data.get("overrule", 2.0)),
            sets_aside=frozenset(data.get("sets_aside", data["guards"])),
        )

    def _logits(self, features: set[str]) -> np.ndarray:
        # A feature the reader never learned points at the last row, all zeros: one
        # lookup per feature and one gather, no test of membership.
        get = self.index.get
        absent = len(self.index)
        rows = [get(f, absent) for f in features]
        return self.bias + self.weights.take(rows, axis=0).sum(axis=0)

    def scores(self, ctx: GuardContext) -> dict[str, float]:
        """The probability the reader gives each of its guards for this turn."""
        z = self._logits(turn_features(ctx))
        return dict(zip(self.guards, (1.0 / (1.0 + np.exp(-z))).tolist(), strict=True))

    def apply(
        self,
        ctx: GuardContext,
        failures: list[GuardFailure],
        modes: Mapping[GuardCode, GuardMode],
    ) -> list[GuardFailure]:
        """The rules' failures with the reader's decisions applied: rejections set
        aside, slips added."""
        scores = self.scores(ctx)
        out: list[GuardFailure] = []
        fired = set()
        for failure in failures:
            code = str(failure.guard)
            fired.add(code)
            score = scores.get(code)
            ordinary = failure.reason == failure.guard and not failure.firm
            may = code in self.sets_aside and ordinary
            if may and score is not None and score < self.low:
                detail = (
                    f"set aside by the second reader ({score:.3f}, under {self.low}); "
                    f"the rule said: {failure.detail}"
                )
                failure = replace(failure, mode=GuardMode.OBSERVE, detail=detail[:600])
            out.append(failure)
        read = None
        for code, score in scores.items():
            guard = GuardCode(code)
            mode = modes.get(guard, GuardMode.ENFORCE)
            wanted = code in self.adds and code not in fired and mode != GuardMode.OFF
            if wanted and score > self.high and _speaks_of(ctx, code):
                read = read if read is not None else commitment_kinds(ctx)
                cleared = code in read
                if cleared and score <= self.overrule:
                    continue
                detail = self.explain(ctx, code, score, cleared=cleared)
                out.append(GuardFailure(guard=guard, mode=mode, reason=guard, detail=detail))
        return out

    def explain(self, ctx: GuardContext, code: str, score: float, *, cleared: bool = False) -> str:
        """The sentence the reader scores highest for ``code`` and its heaviest words."""
        column = self.guards.index(code)
        best = ("", -np.inf)
        for sentence, _ in cited_sentences(ctx.draft):
            z = self._logits(turn_features(replace(ctx, draft=sentence)))[column]
            if z > best[1]:
                best = (sentence, z)
        heavy = sorted(
            (
                (self.weights[self.index[f], column], f[2:].replace("_", " "))
                for f in turn_features(replace(ctx, draft=best[0]))
                if f in self.index and f.startswith(_READABLE)
            ),
            reverse=True,
        )[:3]
        words = ", ".join(f"'{w}'" for weight, w in heavy if weight > 0)
        what = _SAID.get(code, code.replace("_", " "))
        return (
            f"{what} in {best[0][:240]!r} (read by the second reader: {score:.2f}, over "
            + (
                f"{self.overrule}, where the rules read it and let it through"
                if cleared
                else f"{self.high}"
            )
            + ")"
            + (f"; the words that weigh most: {words}" if words else "")
        )


# What the reader found, said first: the retry reason quotes the note up to its first
# " (" (support/customer/turn.py), so it reads as what the draft did wrong.
_SAID = {
    "action_claim": "an act no tool of this turn did",
    "refund_promise": "money back promised",
    "discount_promise": "a lower price or something free promised",
}


def commitment_kinds(ctx: GuardContext) -> frozenset[str]:
    """The wording guards whose kind of commitment the rules read somewhere in the
    draft, whatever they then decided about it: money back, a lower price, an act."""
    kinds = set()
    # The sentences as the action guard cut them: their readings are already cached.
    for sentence, _ in cited_sentences(ctx.own_words().draft):
        for commitment in read_commitments(sentence, ctx.language):
            kinds.add(_KIND.get(commitment.act, "action_claim"))
    return frozenset(kinds)


_KIND = {Act.REFUND: "refund_promise", Act.DISCOUNT: "discount_promise"}


def _speaks_of(ctx: GuardContext, code: str) -> bool:
    """The draft has a word of the guard's own topic: for ``refund_promise``, a verb of
    giving money back or a word for money (whatever the person, tense or negation). The
    reader weighs the whole turn, its sources too: "Gracias, lo revisamos enseguida"
    after a question about a double charge promises no money, whatever its words score."""
    if code != "refund_promise":
        return True
    draft = ctx.draft
    if Act.REQUEST_REFUND in performed_acts(ctx):
        # "la solicitud de reembolso quedó cargada": the word names the request this
        # turn's tool filed, not money
        draft = _REQUEST_NAME.sub(" ", draft)
    return _about_money(draft, ctx.language)


_REQUEST_NAME = re.compile(
    r"(?i)\b(?:solicitud|pedido|petici[oó]n)\s+de\s+(?:reembolso|reintegro|devoluci[oó]n)|"
    r"\brefund\s+request"
)


@lru_cache(maxsize=256)
def _about_money(draft: str, language: str) -> bool:
    tokens = words(draft)
    entries_of = entries_es if language == "es" else entries_en
    if any(verb.act in _MONEY_BACK for token in tokens for verb, _ in entries_of(token)):
        return True
    money = MONEY_ES if language == "es" else MONEY_EN
    if any(token.startswith(money) for token in tokens) or any(c in draft for c in "$€£"):
        return True
    return find_phrase(PHRASEBOOKS[language].refund_topic, draft) is not None


_MONEY_BACK = frozenset({Act.REFUND, Act.PROCESS_REFUND})


@lru_cache(maxsize=1)
def default_reader() -> SecondReader | None:
    """The reader learned into the repository, or None when there is no weights file."""
    if not WEIGHTS.exists():
        return None
    return SecondReader.from_dict(json.loads(WEIGHTS.read_text(encoding="utf-8")))
