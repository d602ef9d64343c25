"""Bilingual retrieval evaluation: hit@1, hit@3 and no-answer accuracy per kind of
query, for several fusions, on benchmarks/data/retrieval-set.jsonl.

    .venv/bin/python benchmarks/retrieval_eval.py             # default fusion vs the others
    .venv/bin/python benchmarks/retrieval_eval.py --calibrate # fit the relevance policy
    KNOWLEDGE_EMBEDDER=minilm .venv/bin/python benchmarks/retrieval_eval.py

Uses the configured database (the embedded one by default) and imports the demo
corpus into it first (idempotent). Every figure is printed for the whole set and
for its two halves (even and odd lines), so that a threshold tuned on one half can
be read on the other.

--calibrate grid-searches the relevance policy (min_confidence, margin_weight,
keyword_bonus, max_gap_from_top) and the phrasing weight of the vector arm's
blend. The objective is the issue's: answer at least 90 % of the uncovered
questions with nothing, then as many answerable ones right first as possible. It
tunes on the even half and reports the odd half, tunes on the odd half and reports
the even half, and finally proposes defaults: the candidate whose worse half is
best (so a value that only one half likes is not chosen).

Cross-corpus protocol (benchmarks/corpora/NAME/{docs/*.md,queries.jsonl}):

    .venv/bin/python benchmarks/retrieval_eval.py --corpus benchmarks/corpora/pileta
    .venv/bin/python benchmarks/retrieval_eval.py --loco   # every corpus + the demo

--corpus DIR imports DIR/docs as its own shop (`eval-NAME`, document slugs
prefixed `NAME-` so that corpora never collide with each other or the demo), reads
DIR/queries.jsonl (kinds paraphrase, lexical, code, cross_lingual, uncovered) and
searches every query in that shop only; DIR/synonyms.txt, when there is one (and
no --no-synonyms), becomes that shop's synonyms dictionary. --loco (leave one corpus out) evaluates
each tunable default of TUNABLE_GRID on every corpus, and for each corpus picks the
value that does best on the *other* corpora, then reads the left-out one with it.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import replace
from pathlib import Path

from retrieval_common import (
    ROOT,
    SPLITS,
    FusionWeights,
    RelevancePolicy,
    Runner,
    call_command,
    contract_cases,
    fusions,
    get_embedder,
    load_set,
    objective,
    outcomes,
    policy_grid,
    print_table,
    print_unwritten,
    retrieval_config,
    score,
    short,
    split_summaries,
    summary,
)
from retrieval_corpora import (
    USE_SYNONYMS,
    after_import,
    all_corpora,
    run_corpora,
)


def calibrate(rows: list[dict], runner: Runner, embedder_name: str, k: int) -> None:
    base = retrieval_config(embedder_name)
    gap = base["max_gap_from_top"]
    contract = contract_cases()
    contract_runner = Runner(contract)
    print("\n=== calibration (targets: nothing for ≥ 0.90 of uncovered, then hit@1) ===")
    print(f"a policy must also keep {len(contract)} contract cases (seed + release gate)")
    results = []  # (phrasing weight, policy, {split: summary})
    skipped = 0
    for wp in (0.0, 0.2, 0.3, 0.4, 0.5):

        def weigh(q, c, wp=wp):
            w = FusionWeights.for_query(embedder_name=embedder_name, query=q, codes=c)
            return replace(w, phrasing=wp)

        candidates = runner.gather(weigh)
        contract_candidates = contract_runner.gather(weigh)
        ranking = summary(score(rows, candidates, None, k))
        print(
            f"phrasing weight {wp}: ranking only (no threshold) hit@1 "
            f"{ranking['hit1_answerable']:.3f}"
        )
        for policy in policy_grid(gap):
            if not all(ok for _, ok in outcomes(contract, contract_candidates, policy)):
                skipped += 1
                continue
            results.append((wp, policy, split_summaries(outcomes(rows, candidates, policy))))
    print(f"{skipped} of {skipped + len(results)} candidate policies break a contract case")

    for tune, hold in (("even", "odd"), ("odd", "even")):
        wp, policy, sms = max(results, key=lambda r: objective(r[2][tune]))
        print(f"\ntuned on the {tune} half: phrasing weight {wp}, {policy}")
        print(f"  {tune:>4} (tuning):   {short(sms[tune])}")
        print(f"  {hold:>4} (held out): {short(sms[hold])}")
        print(f"  all:             {short(sms['all'])}")

    def robust(r):
        # the worse half decides; ties go to the whole set
        halves = sorted((objective(r[2]["even"]), objective(r[2]["odd"])))
        return (halves[0], objective(r[2]["all"]))

    ranked = sorted(results, key=robust, reverse=True)
    print("\nbest by their worse half (top 10):")
    for wp, policy, sms in ranked[:10]:
        print(
            f"  wp {wp} conf {policy.min_confidence:.3f} margin {policy.margin_weight} "
            f"kw {policy.keyword_bonus}: even {short(sms['even'])} | odd {short(sms['odd'])}"
            f" | all {short(sms['all'])}"
        )
    wp, policy, sms = ranked[0]
    print(f"\nproposed defaults (best worse half): phrasing weight {wp}, {policy}")
    for s in SPLITS:
        print(f"  {s:>4}: {short(sms[s])}")
    current = RelevancePolicy.for_embedder(embedder_name)
    print(f"current settings: phrasing weight {base['phrasing_weight']}, {current}")


# --- cross-corpus protocol -------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--set", type=Path, default=ROOT / "benchmarks/data/retrieval-set.jsonl")
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--k", type=int, default=None, help="top-k (default: KNOWLEDGE_TOP_K)")
    parser.add_argument(
        "--only-default", action="store_true", help="skip the other fusions (faster)"
    )
    parser.add_argument(
        "--scope",
        choices=["shop", "all"],
        default="shop",
        help="shop: each query searched in its shop, as the widget does (default); "
        "all: one search over every shop's documents, as `knowledge search` without --shop",
    )
    parser.add_argument(
        "--corpus",
        type=Path,
        action="append",
        default=None,
        help="a corpus folder (docs/ + queries.jsonl), evaluated in its own shop; "
        "repeatable; or a Markdown folder imported first (default: the demo shops)",
    )
    parser.add_argument(
        "--loco",
        action="store_true",
        help="leave one corpus out over every corpus in benchmarks/corpora and the demo "
        "(or the --corpus folders): tune on the others, read the one left out",
    )
    parser.add_argument(
        "--no-synonyms",
        action="store_true",
        help="ignore DIR/synonyms.txt (by default a corpus's synonyms.txt becomes its "
        "shop's synonyms dictionary, as an editor would save it)",
    )
    parser.add_argument(
        "--config",
        type=json.loads,
        default=None,
        help="JSON object merged into settings.KNOWLEDGE_RETRIEVAL[embedder] for this run, "
        "e.g. '{\"min_confidence\": 0.9}'",
    )
    args = parser.parse_args()
    from django.conf import settings

    k = args.k or settings.KNOWLEDGE_TOP_K

    call_command("migrate", verbosity=0)
    embedder = get_embedder()
    if args.config:
        retrieval = dict(settings.KNOWLEDGE_RETRIEVAL)
        retrieval[embedder.name] = {**retrieval.get(embedder.name, {}), **args.config}
        settings.KNOWLEDGE_RETRIEVAL = retrieval
        print(f"settings overridden for this run: {json.dumps(args.config)}")
    folders = args.corpus or []
    USE_SYNONYMS["on"] = not args.no_synonyms
    if args.loco or any((f / "docs").is_dir() for f in folders):
        print(f"embedder {embedder.name}; top-k {k}")
        run_corpora(folders or all_corpora(), embedder.name, k, args.loco)
        return
    demo = folders[0] if folders else ROOT / "knowledge/demo"
    call_command("knowledge", "import", str(demo), stdout=open(os.devnull, "w"))
    after_import(None)
    rows = load_set(args.set)
    print(f"embedder {embedder.name}; {len(rows)} queries; top-k {k}; scope {args.scope}")
    policy = RelevancePolicy.for_embedder(embedder.name)
    print(f"relevance policy: {policy}")
    runner = Runner(rows, scoped=args.scope == "shop")
    selected = fusions(embedder.name)
    if args.only_default or args.calibrate:
        selected = {n: f for n, f in selected.items() if n.startswith("default")}
    for name, weigh in selected.items():
        candidates = runner.gather(weigh)
        print_table(name, score(rows, candidates, policy, k))
        if name.startswith("default"):
            ranking = summary(score(rows, candidates, None, k))
            print(f"  ranking only (no answer-or-nothing): hit@1 {ranking['hit1_answerable']:.3f}")
            print_unwritten(rows, outcomes(rows, candidates, policy))
            for split in ("even", "odd"):
                print_table(
                    f"{name} — {split} lines only", score(rows, candidates, policy, k, split)
                )
    if args.calibrate:
        calibrate(rows, runner, embedder.name, k)


if __name__ == "__main__":
    main()
