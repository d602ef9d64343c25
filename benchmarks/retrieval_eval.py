"""Bilingual retrieval evaluation: hit@1, hit@3 and no-answer accuracy per kind of
query, for several fusions, on benchmarks/data/retrieval-set.jsonl.

    .venv/bin/python benchmarks/retrieval_eval.py             # default fusion vs the others
    .venv/bin/python benchmarks/retrieval_eval.py --calibrate # grid-search the thresholds
    KNOWLEDGE_EMBEDDER=minilm .venv/bin/python benchmarks/retrieval_eval.py

Uses the configured database (the embedded one by default) and imports the demo
corpus into it first (idempotent). Calibration splits the set in two halves: the
thresholds are chosen on one half and reported on the other, so the figure is not
measured on the data that tuned it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402

from knowledge.codes import extract_query_codes  # noqa: E402
from knowledge.embedders import get_embedder  # noqa: E402
from knowledge.search import (  # noqa: E402
    FusionWeights,
    RelevancePolicy,
    apply_relevance,
    clean_query,
    has_exact_intent,
    search_candidates,
)

KINDS = ["paraphrase_en", "paraphrase_es", "code", "cross_lingual", "uncovered"]


def load_set(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def fusions(embedder_name: str) -> dict[str, callable]:
    conf = settings.KNOWLEDGE_RETRIEVAL[embedder_name]

    def default(query: str, codes: list[str]) -> FusionWeights:
        return FusionWeights.for_query(embedder_name=embedder_name, query=query, codes=codes)

    return {
        "vector only": lambda q, c: FusionWeights(1.0, 0.0, 0.0),
        "plain RRF (vector + text)": lambda q, c: FusionWeights(1.0, 1.0, 0.0),
        "RRF + code arm": lambda q, c: FusionWeights(1.0, 1.0, conf["weights"]["code"]),
        "text arm only on exact intent + code arm": lambda q, c: FusionWeights(
            1.0,
            conf["code_query_text_weight"] if has_exact_intent(q, c) else 0.0,
            conf["weights"]["code"],
        ),
        "default (weighted)": default,
    }


def gather(rows: list[dict], weigh) -> list[list]:
    embedder = get_embedder()
    queries = [clean_query(r["query"]) for r in rows]
    vectors = embedder.embed_queries(queries)
    out = []
    for query, vector in zip(queries, vectors, strict=True):
        codes = extract_query_codes(query)
        out.append(
            search_candidates(query, vector=vector, weights=weigh(query, codes), codes=codes)
        )
    return out


def score(rows: list[dict], candidates: list[list], policy: RelevancePolicy, k: int) -> dict:
    per_kind: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row, cands in zip(rows, candidates, strict=True):
        kept = [c.source for c in apply_relevance(cands, policy=policy, k=max(k, 3))]
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


def calibrate(rows: list[dict], candidates: list[list], k: int) -> None:
    tune = [i for i in range(len(rows)) if i % 2 == 0]
    hold = [i for i in range(len(rows)) if i % 2 == 1]
    grid = itertools.product(
        [x / 100 for x in range(80, 93)],
        [x / 100 for x in range(76, 90)],
        [0.02, 0.03, 0.04, 0.05, 0.06, 0.08, 0.10],
    )
    best = None
    for high, low, gap in grid:
        if low > high:
            continue
        policy = RelevancePolicy(high, low, gap)
        sm = summary(score([rows[i] for i in tune], [candidates[i] for i in tune], policy, k))
        if sm["no_answer"] < 0.9:
            continue
        key = (sm["overall"], sm["hit1_answerable"])
        if best is None or key > best[0]:
            best = (key, policy)
    if best is None:
        print("no threshold reaches 0.90 no-answer accuracy on the tuning half")
        return
    policy = best[1]
    print(f"\nbest on the tuning half: {policy}")
    held = summary(score([rows[i] for i in hold], [candidates[i] for i in hold], policy, k))
    print(f"held-out half: {json.dumps({k: round(v, 3) for k, v in held.items()})}")
    full = summary(score(rows, candidates, policy, k))
    print(f"whole set:     {json.dumps({k: round(v, 3) for k, v in full.items()})}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, default=ROOT / "benchmarks/data/retrieval-set.jsonl")
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--k", type=int, default=settings.KNOWLEDGE_TOP_K)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    call_command("knowledge", "import", str(ROOT / "knowledge/demo"), stdout=open(os.devnull, "w"))
    embedder = get_embedder()
    rows = load_set(args.set)
    print(f"embedder {embedder.name}; {len(rows)} queries; top-k {args.k}")
    policy = RelevancePolicy.for_embedder(embedder.name)
    selected = fusions(embedder.name)
    if args.calibrate:
        selected = {k: v for k, v in selected.items() if k.startswith("default")}
    for name, weigh in selected.items():
        candidates = gather(rows, weigh)
        print_table(name, score(rows, candidates, policy, args.k))
        if args.calibrate and name.startswith("default"):
            calibrate(rows, candidates, args.k)


if __name__ == "__main__":
    main()
