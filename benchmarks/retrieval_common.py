"""Pieces the retrieval benchmarks share: the Django set-up, the labelled sets, the
fused search run once per query, and the scores (hit@1, hit@3, no-answer)."""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
import unicodedata
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()


import numpy as np  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402, F401

from knowledge import calibration, decision  # noqa: E402, F401
from knowledge.codes import extract_query_codes  # noqa: E402
from knowledge.embedders import get_embedder  # noqa: E402
from knowledge.search import (  # noqa: E402
    FusionWeights,
    RelevancePolicy,
    apply_relevance,
    clean_query,
    has_exact_intent,
    retrieval_config,
    search_candidates,
)
from knowledge.selectors import synonyms_for_scope  # noqa: E402

KINDS = [
    "paraphrase",
    "paraphrase_en",
    "paraphrase_es",
    "lexical",
    "code",
    "cross_lingual",
    "uncovered",
]
CORPORA = ROOT / "benchmarks/corpora"
DEMO_SET = ROOT / "benchmarks/data/retrieval-set.jsonl"
NO_ANSWER_TARGET = 0.90
SPLITS = {
    "all": lambda i: True,
    "even": lambda i: i % 2 == 0,
    "odd": lambda i: i % 2 == 1,
}


def load_set(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def contract_cases() -> list[dict]:
    """Queries whose retrieval other code relies on: the seed cases (first source,
    or nothing) and the release gate's cases that name a source or expect "I do
    not know" (support/cases/evaluation.yaml). A calibrated policy must keep them."""
    import yaml

    from tests.conftest import SHARED_CASES

    cases = []
    for line in (SHARED_CASES / "retrieval-seed.jsonl").read_text().splitlines():
        if line.strip():
            item = json.loads(line)
            cases.append({"query": item["query"], "expect": item["expect_first"]})
    gate = yaml.safe_load((ROOT / "support/cases/evaluation.yaml").read_text())
    for item in gate.get("cases", gate) if isinstance(gate, dict) else gate:
        has = str(item.get("has") or "")
        if has.startswith("[") and has.endswith("]"):
            cases.append({"query": item["question"], "expect": has[1:-1]})
        elif has in ("I do not know", "No lo sé"):
            cases.append({"query": item["question"], "expect": None})
    return cases


def fusions(embedder_name: str) -> dict[str, callable]:
    conf = retrieval_config(embedder_name)
    code_w = conf["weights"]["code"]
    exact_w = conf["code_query_text_weight"]

    def default(query: str, codes: list[str]) -> FusionWeights:
        return FusionWeights.for_query(embedder_name=embedder_name, query=query, codes=codes)

    def no_phrasings(query: str, codes: list[str]) -> FusionWeights:
        return replace(default(query, codes), phrasing=0.0)

    return {
        "vector only (passage)": lambda q, c: FusionWeights(1.0, 0.0, 0.0, 0.0),
        "vector only (passage + phrasings)": lambda q, c: FusionWeights(
            1.0, 0.0, 0.0, conf["phrasing_weight"]
        ),
        "plain RRF (vector + text)": lambda q, c: FusionWeights(1.0, 1.0, 0.0, 0.0),
        "RRF + code arm": lambda q, c: FusionWeights(1.0, 1.0, code_w, 0.0),
        "text arm only on exact intent + code arm": lambda q, c: FusionWeights(
            1.0, exact_w if has_exact_intent(q, c) else 0.0, code_w, 0.0
        ),
        "weighted text and code arms, no phrasings": no_phrasings,
        "default (weighted arms + phrasings)": default,
    }


def shop_scopes(rows: list[dict], scoped: bool) -> list[list[str | None]]:
    """The searches each query is judged on. Unscoped: one search over every
    document (what `knowledge search` does without --shop). Scoped (what the widget
    does: a customer asks on one shop's site): an answerable query is searched in
    the shop of the document it expects; an uncovered one in every shop, and it
    counts as rightly empty only when every shop answers nothing."""
    if not scoped:
        return [[None] for _ in rows]
    from knowledge.models import Document

    shop_of = dict(Document.objects.values_list("slug", "shop"))
    # the benchmark corpora's shops (eval-*) are not the demo's
    shops = sorted({shop for shop in shop_of.values() if shop and not shop.startswith("eval-")})
    shops = shops or [None]
    return [
        [shop_of.get(r["expect"].split("#")[0]) or None] if r["expect"] else list(shops)
        for r in rows
    ]


class Runner:
    """Embeds the queries once; runs the fused SQL for any weighting. Each query
    gets one candidate list per search it is judged on (see shop_scopes)."""

    def __init__(self, rows: list[dict], scoped: bool = False, scopes=None) -> None:
        self.queries = [clean_query(r["query"]) for r in rows]
        self.scopes = scopes if scopes is not None else shop_scopes(rows, scoped)
        # Each search as the widget would run it: the query expanded with its
        # scope's synonyms (none stored: the query as it is), embedded once per text.
        self.expansions = [
            [synonyms_for_scope(shop).expand(q) for shop in scopes]
            for q, scopes in zip(self.queries, self.scopes, strict=True)
        ]
        mode = settings.KNOWLEDGE_SYNONYMS_VECTOR
        texts = sorted({t for row in self.expansions for e in row for t in vector_texts(e, mode)})
        embedded = dict(zip(texts, get_embedder().embed_queries(texts), strict=True))
        self.vectors = [[vector_of(e, mode, embedded) for e in row] for row in self.expansions]
        self.expanded = sum(1 for row in self.expansions if any(e.groups for e in row))

    def gather(self, weigh, *, rerank: bool = True) -> list[list[list]]:
        """Candidates as search sees them: the SQL's, re-ranked by relative score
        (knowledge.decision.rerank) unless rerank is False (the raw SQL's)."""
        embedder_name = get_embedder().name
        out = []
        rows = zip(self.queries, self.vectors, self.scopes, self.expansions, strict=True)
        for query, vectors, scopes, expansions in rows:
            codes = extract_query_codes(query)
            weights = weigh(query, codes)
            searches = []
            for shop, vector, expansion in zip(scopes, vectors, expansions, strict=True):
                cands = search_candidates(
                    query,
                    vector=vector,
                    weights=weights,
                    codes=codes,
                    shop=shop,
                    limit=settings.KNOWLEDGE_CANDIDATES_PER_ARM,
                    text_query=expansion.text_query if settings.KNOWLEDGE_SYNONYMS_TEXT else None,
                )
                if rerank:
                    cands = decision.rerank(
                        query, cands, weights=weights, embedder_name=embedder_name
                    )
                searches.append(cands)
            out.append(searches)
        return out


def vector_texts(expansion, mode: str) -> list[str]:
    """The texts embed_expanded embeds for this expansion."""
    if not expansion.groups or mode == "off":
        return [expansion.query]
    if mode == "mean":
        return [expansion.query, expansion.vector_query]
    if mode == "first":
        return [expansion.first_query]
    return [expansion.vector_query]


def vector_of(expansion, mode: str, embedded: dict):
    """embed_expanded's vector, from texts embedded in one batch."""
    texts = vector_texts(expansion, mode)
    if len(texts) == 1:
        return embedded[texts[0]]
    mean = sum(np.asarray(embedded[t], dtype=np.float32) for t in texts)
    return mean / np.linalg.norm(mean)


def judge(row: dict, searches: list[list], policy: RelevancePolicy | None, k: int) -> list[str]:
    """What the query gets back: the first search's sources, or for an uncovered
    query the first non-empty search's (empty when every search is)."""
    for cands in searches:
        if policy is None:
            kept = [c.source for c in cands]
        else:
            kept = [c.source for c in apply_relevance(cands, policy=policy, k=k)]
        if kept or row["expect"] is not None:
            return kept
    return []


def score(rows, candidates, policy: RelevancePolicy | None, k: int, split: str = "all") -> dict:
    """Per-kind counts; policy None means ranking only (no answer-or-nothing)."""
    per_kind: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    keep = SPLITS[split]
    for i, (row, cands) in enumerate(zip(rows, candidates, strict=True)):
        if not keep(i):
            continue
        kept = judge(row, cands, policy, max(k, 3))
        stats = per_kind[row["kind"]]
        stats["n"] += 1
        if row["expect"] is None:
            stats["no_answer_ok"] += int(not kept)
        else:
            stats["hit1"] += int(kept[:1] == [row["expect"]])
            stats["hit3"] += int(row["expect"] in kept[:3])
    return per_kind


def summary(per_kind: dict) -> dict[str, float]:
    answerable = [k for k in per_kind if k != "uncovered"]
    n_ans = sum(per_kind[k]["n"] for k in answerable)
    hit1 = sum(per_kind[k]["hit1"] for k in answerable)
    unc = per_kind.get("uncovered", {"n": 0, "no_answer_ok": 0})
    total = n_ans + unc["n"]
    return {
        "hit1_answerable": hit1 / n_ans if n_ans else 0.0,
        "no_answer": unc["no_answer_ok"] / unc["n"] if unc["n"] else 0.0,
        "overall": (hit1 + unc["no_answer_ok"]) / total if total else 0.0,
    }


def print_table(name: str, per_kind: dict) -> None:
    print(f"\n{name}")
    print(f"  {'kind':<15} {'n':>4} {'hit@1':>7} {'hit@3':>7} {'no-answer':>10}")
    for kind in KINDS:
        s = per_kind.get(kind)
        if not s:
            continue
        if kind == "uncovered":
            print(f"  {kind:<15} {s['n']:>4} {'':>7} {'':>7} {s['no_answer_ok'] / s['n']:>10.2f}")
        else:
            print(f"  {kind:<15} {s['n']:>4} {s['hit1'] / s['n']:>7.2f} {s['hit3'] / s['n']:>7.2f}")
    sm = summary(per_kind)
    print(
        f"  answerable hit@1 {sm['hit1_answerable']:.3f} · uncovered answered with nothing "
        f"{sm['no_answer']:.3f} · overall (right first or rightly empty) {sm['overall']:.3f}"
    )


def folded(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    return " ".join(re.findall(r"\w+", "".join(c for c in text if not unicodedata.combining(c))))


def written_in_corpus(rows: list[dict]) -> list[bool]:
    """Queries that a heading or an `Also asked` line repeats word for word
    (accents, case and punctuation aside): found because an editor wrote them."""
    from knowledge.models import Chunk

    written = set()
    for chunk in Chunk.objects.all():
        written.update(folded(p) for p in chunk.phrasing_list)
    return [folded(r["query"]) in written for r in rows]


def print_unwritten(rows: list[dict], per_query: list[tuple[bool, bool]]) -> None:
    repeated = written_in_corpus(rows)
    ans = [
        ok
        for (answerable, ok), rep in zip(per_query, repeated, strict=True)
        if answerable and not rep
    ]
    print(
        f"  {sum(repeated)} queries are written word for word in the corpus; without them "
        f"answerable hit@1 is {sum(ans) / len(ans):.3f} ({sum(ans)} of {len(ans)})"
    )


def short(sm: dict) -> str:
    return (
        f"hit@1 {sm['hit1_answerable']:.3f} · nothing {sm['no_answer']:.3f} · "
        f"overall {sm['overall']:.3f}"
    )


def objective(sm: dict) -> tuple:
    """Meet the no-answer target first, then right answers, then overall."""
    return (sm["no_answer"] >= NO_ANSWER_TARGET, sm["hit1_answerable"], sm["overall"])


def policy_grid(gap: float):
    for conf, margin, bonus in itertools.product(
        [x / 1000 for x in range(840, 931, 2)],
        [0.0, 0.5, 1.0, 1.5, 2.0],
        [0.0, 0.005, 0.01, 0.02],
    ):
        yield RelevancePolicy(conf, margin, bonus, gap)


def outcomes(rows, candidates, policy: RelevancePolicy) -> list[tuple[bool, bool]]:
    """Per query: (answerable, right) — right first, or rightly nothing."""
    out = []
    for row, cands in zip(rows, candidates, strict=True):
        kept = judge(row, cands, policy, 1)
        if row["expect"] is None:
            out.append((False, not kept))
        else:
            out.append((True, kept[:1] == [row["expect"]]))
    return out


def split_summaries(results: list[tuple[bool, bool]]) -> dict[str, dict]:
    sms = {}
    for name, keep in SPLITS.items():
        picked = [r for i, r in enumerate(results) if keep(i)]
        ans = [ok for answerable, ok in picked if answerable]
        unc = [ok for answerable, ok in picked if not answerable]
        sms[name] = {
            "hit1_answerable": sum(ans) / len(ans),
            "no_answer": sum(unc) / len(unc),
            "overall": (sum(ans) + sum(unc)) / len(picked),
        }
    return sms
