"""Term coverage (knowledge/coverage.py) measured leave one corpus out, beside the
calibrated decision without it.

    .venv/bin/python benchmarks/retrieval_coverage.py

Imports every blind corpus and the demo (as retrieval_eval.py --loco does), ranks
by relative score at the default background weight, and for each grid point
(offset, coverage_penalty, coverage_cap) judges every corpus; per left-out corpus
the point best on the others (mean of hit@1 + min(nothing, 0.90)) is read on it.
The grid with the penalty and the rank weight at 0 is the calibrated decision
alone (the "before"); the ranking re-orders the first RANK_DEPTH candidates."""

from __future__ import annotations

import itertools

from retrieval_common import (
    NO_ANSWER_TARGET,
    calibration,
    call_command,
    decision,
    get_embedder,
)
from retrieval_corpora import (
    Runner,
    all_corpora,
    corpus_objective,
    corpus_summary,
    default_weigh,
    evaluate_corpus,
    load_corpus,
    rerank_all,
    scope_negatives,
)

from knowledge.search.policy import retrieval_config

OFFSETS = [o / 1000 for o in range(-30, 61, 5)]
PENALTIES = [0.0, 0.01, 0.02, 0.03]
CAPS = [1, 2]
RANK_WEIGHTS = [0.0, 0.005]
AGREEMENT = [0.0, 0.01, 0.02, 0.03]
RANK_CAP = 3
RANK_DEPTH = 3


def main() -> None:
    call_command("migrate", verbosity=0)
    name = get_embedder().name
    conf = calibration.calibration_config(name)
    corpora = [load_corpus(folder) for folder in all_corpora()]
    for c in corpora:
        c.runner = Runner(c.rows, scopes=c.scopes)
    raw = {c.name: c.runner.gather(default_weigh(name), rerank=False) for c in corpora}
    calibration.calibrate_all()
    ranked = rerank_all(corpora, raw, conf["background_weight"], name)
    negatives = scope_negatives()
    gap = retrieval_config(name)["max_gap_from_top"]
    counts: dict = {}  # (query, top document, shop) → next-door terms

    def count(query, document, shop):
        key = (query, document, shop)
        if key not in counts:
            counts[key] = decision.count_next_door(query, document, shop)
        return counts[key]

    def decider_for(offset, penalty, cap, rank_weight, agreement):
        def decider(shop):
            threshold = calibration.threshold_from(
                negatives.get(shop or "", []),
                quantile=conf["negative_quantile"],
                margin_weight=conf["relative_margin_weight"],
                offset=offset,
            )
            policy = decision.CalibratedPolicy(
                threshold,
                conf["relative_margin_weight"],
                0.0,
                gap,
                shop or "",
                penalty,
                cap,
                rank_weight,
                RANK_CAP,
                RANK_DEPTH,
                agreement,
            )

            def decide(cands, k, query):
                return decision.decide_calibrated(
                    cands, policy=policy, k=k, query=query, shop=shop, count=count
                )

            return decide

        return decider

    grid = [
        (o, p, c, r, a)
        for o, p, c, r, a in itertools.product(OFFSETS, PENALTIES, CAPS, RANK_WEIGHTS, AGREEMENT)
        if p or c == 1
    ]
    scores = {}
    for point in grid:
        decider = decider_for(*point)
        scores[point] = [
            evaluate_corpus(c, 2, with_queries(c, ranked[c.name]), query_decider(decider))
            for c in corpora
        ]
    names = [c.name for c in corpora]
    ranking = {
        w: [ranking_hit1(c, ranked[c.name], w, count) for c in corpora] for w in RANK_WEIGHTS
    }
    for label, points in (
        ("calibrated decision alone (before)", [g for g in grid if g[1] == g[3] == g[4] == 0]),
        ("term coverage in the ranking only", [g for g in grid if g[1] == g[4] == 0]),
        ("term coverage in the decision only", [g for g in grid if g[3] == g[4] == 0]),
        ("term coverage in both", [g for g in grid if g[4] == 0]),
        ("agreement of arms only", [g for g in grid if g[1] == g[3] == 0]),
        ("term coverage in both + agreement of arms", grid),
    ):
        print(f"\n{label}: leave one corpus out")
        for i, corpus in enumerate(names):
            best = max(
                points,
                key=lambda g: corpus_objective([p for j, p in enumerate(scores[g]) if j != i]),
            )
            print(f"  {corpus}: {fmt(scores[best][i], ranking[best[3]][i])}  {POINT} = {best}")
        d = names.index("demo")
        keeps = [
            g
            for g in points
            if corpus_summary(scores[g][d])["hit1_answerable"] >= 0.85
            and corpus_summary(scores[g][d])["no_answer"] >= NO_ANSWER_TARGET
        ]
        if keeps:
            best = max(
                keeps,
                key=lambda g: corpus_objective([p for j, p in enumerate(scores[g]) if j != d]),
            )
            print(f"  best on the blind corpora keeping the demo: {best}")
            for corpus, per_kind in zip(names, scores[best], strict=True):
                print(f"    {corpus}: {fmt(per_kind, ranking[best[3]][names.index(corpus)])}")


POINT = "(offset, penalty, cap, rank weight, agreement)"


def fmt(per_kind, ranking: float) -> str:
    sm = corpus_summary(per_kind)
    return (
        f"hit@1 {sm['hit1_answerable']:.3f} · nothing {sm['no_answer']:.3f} · ranking {ranking:.3f}"
    )


def ranking_hit1(corpus, searches, weight: float, count) -> float:
    """Right chunk first after the coverage re-order (before the decision)."""
    policy = decision.CalibratedPolicy(0.0, 0.0, 0.0, 0.0, "", 0.0, 1, weight, RANK_CAP, RANK_DEPTH)
    hits = n = 0
    for row, query, (cands, *_), scope in zip(
        corpus.rows, corpus.runner.queries, searches, corpus.scopes, strict=True
    ):
        if row["expect"] is None:
            continue
        n += 1
        if cands:
            shop = scope[0]

            def next_door(c, query=query, shop=shop):
                return count(query, c.source.split("#")[0], shop)

            ordered = decision.coverage_rerank(cands, next_door, policy=policy)
            hits += int(ordered[0].source == row["expect"])
    return hits / n


def with_queries(corpus, searches):
    """Each search's candidates tagged with the query (the decision needs it)."""
    return [
        [QueryCandidates(cands, q) for cands in row]
        for q, row in zip(corpus.runner.queries, searches, strict=True)
    ]


class QueryCandidates(list):
    def __init__(self, cands, query):
        super().__init__(cands)
        self.query = query


def query_decider(decider):
    return lambda shop: lambda cands, k: decider(shop)(cands, k, cands.query)


if __name__ == "__main__":
    main()
