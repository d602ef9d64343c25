"""Shop corpora judged each in its own shop, and leave one corpus out: tune on the
others, read the one left out (benchmarks/retrieval_eval.py --corpus / --loco)."""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

from retrieval_common import (
    CORPORA,
    DEMO_SET,
    KINDS,
    NO_ANSWER_TARGET,
    ROOT,
    FusionWeights,
    RelevancePolicy,
    Runner,
    apply_relevance,
    calibration,
    call_command,
    decision,
    extract_query_codes,
    load_set,
    print_table,
    retrieval_config,
    shop_scopes,
    short,
    summary,
)


@dataclass
class Corpus:
    """One shop's documents and its labelled queries, searched as its widget would."""

    name: str
    rows: list[dict]
    scopes: list[list[str | None]]
    runner: Runner | None = None


def corpus_shop(name: str) -> str:
    return f"eval-{name}"[:50]


def import_corpus(folder: Path) -> str:
    """Import DIR/docs as the shop `eval-NAME`, slugs prefixed `NAME-`; documents of
    that shop that are no longer in the folder are deleted. Returns the shop."""
    from knowledge.models import Document
    from knowledge.services import document_import, read_document_file

    name = folder.name
    shop = corpus_shop(name)
    files = sorted((folder / "docs").glob("*.md"))
    if not files:
        raise SystemExit(f"{folder}/docs: no .md files")
    slugs = []
    for file in files:
        parsed = read_document_file(file)
        parsed = replace(parsed, slug=f"{name}-{parsed.slug}", shop=shop)
        slugs.append(parsed.slug)
        document_import(parsed=parsed)
    Document.objects.filter(shop=shop).exclude(slug__in=slugs).delete()
    load_synonyms(folder, shop)
    shared = Document.objects.filter(shop="").count()
    if shared:
        print(f"warning: {shared} shared documents (no shop) are in every shop's search")
    after_import(shop)
    return shop


# retrieval_eval --no-synonyms sets this False: DIR/synonyms.txt is then ignored
USE_SYNONYMS = {"on": True}


def load_synonyms(folder: Path, shop: str) -> None:
    """DIR/synonyms.txt becomes the shop's dictionary (cleared without one, or
    with --no-synonyms), set through the same service as the corpus page."""
    from knowledge.services import synonyms_set

    file = folder / "synonyms.txt"
    text = file.read_text(encoding="utf-8") if file.is_file() and USE_SYNONYMS["on"] else ""
    saved = synonyms_set(shop=shop, text=text)
    groups = saved.dictionary.groups
    print(f"{folder.name}: {groups} synonym groups" if groups else f"{folder.name}: no synonyms")


def after_import(shop: str | None) -> None:
    """What `knowledge import` derives after writing: the scopes' calibration."""
    calibration.calibrate_all()


def load_corpus(folder: Path, queries: Path | None = None) -> Corpus:
    """A corpus folder (docs/ + queries.jsonl) or the demo (knowledge/demo, with the
    bilingual set; its documents name their shops)."""
    if (folder / "docs").is_dir():
        shop = import_corpus(folder)
        rows = load_set(queries or folder / "queries.jsonl")
        for row in rows:
            if row["expect"]:
                row["expect"] = f"{folder.name}-{row['expect']}"
        return Corpus(folder.name, rows, [[shop] for _ in rows])
    call_command("knowledge", "import", str(folder), stdout=open(os.devnull, "w"))
    after_import(None)
    rows = load_set(queries or DEMO_SET)
    return Corpus("demo", rows, shop_scopes(rows, True))


def all_corpora() -> list[Path]:
    return [*sorted(p for p in CORPORA.iterdir() if (p / "docs").is_dir()), ROOT / "knowledge/demo"]


# The tunable defaults of the calibrated decision and the values leave one corpus
# out chooses among (knowledge.calibration.CALIBRATION_DEFAULTS). The background
# weight changes the scores themselves (re-rank and recalibration); the others
# only the threshold read from each scope's negatives.
BACKGROUND_WEIGHTS = (0.0, 0.25, 0.5, 0.75)
DECISION_GRID = [
    {"negative_quantile": q, "offset": o / 1000, "relative_margin_weight": m}
    for q in (0.9, 1.0)
    for o in range(-20, 61, 5)
    for m in (0.0, 1.0, 2.0)
]


def scope_negatives() -> dict[str, list]:
    from knowledge.models import Calibration

    return dict(Calibration.objects.values_list("scope", "negatives"))


def default_weigh(embedder_name: str):
    return lambda q, c: FusionWeights.for_query(embedder_name=embedder_name, query=q, codes=c)


def make_decider(embedder_name: str, conf: dict, negatives: dict[str, list]):
    """shop → a function candidates → kept, for the calibrated decision at conf
    (thresholds computed once per scope), or main's absolute policy when conf
    turns calibration off."""
    gap = retrieval_config(embedder_name)["max_gap_from_top"]
    absolute = RelevancePolicy.for_embedder(embedder_name)
    cache = {}

    def decider(shop):
        if shop not in cache:
            if not conf.get("calibrated", True):
                cache[shop] = lambda cands, k: apply_relevance(cands, policy=absolute, k=k)
            else:
                threshold = calibration.threshold_from(
                    negatives.get(shop or "", []),
                    quantile=conf["negative_quantile"],
                    margin_weight=conf["relative_margin_weight"],
                    offset=conf["offset"],
                )
                policy = decision.CalibratedPolicy(
                    threshold,
                    conf["relative_margin_weight"],
                    conf.get("relative_keyword_bonus", 0.0),
                    gap,
                    shop or "",
                )
                cache[shop] = lambda cands, k, p=policy: decision.apply_calibrated(
                    cands, policy=p, k=k
                )
        return cache[shop]

    return decider


def evaluate_corpus(corpus: Corpus, k: int, candidates, decider) -> dict:
    """Per-kind counts, each search judged with the decision of the shop it searched."""
    per_kind: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    ranking_hits = 0
    for row, searches, scopes in zip(corpus.rows, candidates, corpus.scopes, strict=True):
        kept: list[str] = []
        for cands, shop in zip(searches, scopes, strict=True):
            kept = [c.source for c in decider(shop)(cands, max(k, 3))]
            if kept or row["expect"] is not None:
                break
        stats = per_kind[row["kind"]]
        stats["n"] += 1
        if row["expect"] is None:
            stats["no_answer_ok"] += int(not kept)
        else:
            stats["hit1"] += int(kept[:1] == [row["expect"]])
            stats["hit3"] += int(row["expect"] in kept[:3])
            ranking_hits += int([c.source for c in searches[0]][:1] == [row["expect"]])
    per_kind["_ranking"]["hit1"] = ranking_hits
    return per_kind


def kind_cells(per_kind: dict) -> dict[str, str]:
    cells = {}
    for kind in KINDS:
        s = per_kind.get(kind)
        if not s:
            continue
        if kind == "uncovered":
            cells[kind] = f"{s['no_answer_ok']}/{s['n']}"
        else:
            cells[kind] = f"{s['hit1']}/{s['n']}"
    return cells


def corpus_summary(per_kind: dict) -> dict[str, float]:
    clean = {k: v for k, v in per_kind.items() if not k.startswith("_")}
    sm = summary(clean)
    n_ans = sum(v["n"] for k, v in clean.items() if k != "uncovered")
    sm["ranking_hit1"] = per_kind["_ranking"]["hit1"] / n_ans if n_ans else 0.0
    return sm


def print_corpus_row_table(title: str, results: list[tuple[str, dict, str]]) -> None:
    """results: (corpus name, per_kind, note) → a Markdown table + the mean."""
    print(f"\n{title}\n")
    print(
        "| corpus | paraphrase | lexical | codes | cross-lingual | uncovered → nothing "
        "| answerable hit@1 | ranking hit@1 | overall | chosen |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    sums = defaultdict(float)
    for name, per_kind, note in results:
        cells = kind_cells(per_kind)
        para = cells.get("paraphrase") or "/".join(
            c for c in (cells.get("paraphrase_en"), cells.get("paraphrase_es")) if c
        )
        sm = corpus_summary(per_kind)
        for key, value in sm.items():
            sums[key] += value
        print(
            f"| {name} | {para} | {cells.get('lexical', '—')} | {cells.get('code', '—')} "
            f"| {cells.get('cross_lingual', '—')} | {cells.get('uncovered', '—')} "
            f"| {sm['hit1_answerable']:.3f} | {sm['ranking_hit1']:.3f} | {sm['overall']:.3f} "
            f"| {note} |"
        )
    n = len(results)
    print(
        f"| **mean** | | | | | {sums['no_answer'] / n:.3f} (nothing) | "
        f"{sums['hit1_answerable'] / n:.3f} | {sums['ranking_hit1'] / n:.3f} | "
        f"{sums['overall'] / n:.3f} | |"
    )


def corpus_objective(per_kinds: list[dict]) -> tuple:
    """Over several corpora: the mean of hit@1 + min(uncovered → nothing, 0.90) (up
    to the target a right "nothing" is worth a right answer, beyond it nothing),
    then the worst corpus's hit@1."""
    sms = [corpus_summary(p) for p in per_kinds]
    return (
        round(
            sum(sm["hit1_answerable"] + min(sm["no_answer"], NO_ANSWER_TARGET) for sm in sms)
            / len(sms),
            6,
        ),
        min(sm["hit1_answerable"] for sm in sms),
    )


def rerank_all(corpora, raw, weight: float, embedder_name: str) -> dict:
    """Each corpus's candidates re-ranked at this background weight."""
    from django.conf import settings

    out = {}
    weigh = default_weigh(embedder_name)
    with with_config({"background_weight": weight, "calibrated": True}, embedder_name):
        for c in corpora:
            out[c.name] = [
                [
                    decision.rerank(
                        q,
                        cands,
                        weights=weigh(q, extract_query_codes(q)),
                        embedder_name=embedder_name,
                        rrf_k=settings.KNOWLEDGE_RRF_K,
                    )
                    for cands in searches
                ]
                for q, searches in zip(c.runner.queries, raw[c.name], strict=True)
            ]
    return out


def with_config(conf: dict, embedder_name: str):
    """Context manager: settings.KNOWLEDGE_RETRIEVAL[embedder] updated with conf."""
    from contextlib import contextmanager

    from django.conf import settings

    @contextmanager
    def applied():
        saved = settings.KNOWLEDGE_RETRIEVAL
        retrieval = dict(saved)
        retrieval[embedder_name] = {**retrieval.get(embedder_name, {}), **conf}
        settings.KNOWLEDGE_RETRIEVAL = retrieval
        try:
            yield
        finally:
            settings.KNOWLEDGE_RETRIEVAL = saved

    return applied()


def run_corpora(folders: list[Path], embedder_name: str, k: int, loco: bool) -> None:
    corpora = [load_corpus(folder) for folder in folders]
    for c in corpora:
        c.runner = Runner(c.rows, scopes=c.scopes)
        print(f"{c.name}: {c.runner.expanded} of {len(c.rows)} queries matched a synonym")
    weigh = default_weigh(embedder_name)
    conf = calibration.calibration_config(embedder_name)
    raw = {c.name: c.runner.gather(weigh, rerank=False) for c in corpora}
    if not conf.get("calibrated"):
        current = raw
    else:
        current = rerank_all(corpora, raw, conf["background_weight"], embedder_name)
    decider = make_decider(embedder_name, conf, scope_negatives())
    defaults = [
        (c.name, evaluate_corpus(c, k, current[c.name], decider), "defaults") for c in corpora
    ]
    for name, per_kind, _ in defaults:
        print_table(f"{name} (defaults)", {k: v for k, v in per_kind.items() if k[0] != "_"})
    print_corpus_row_table("current defaults, each corpus in its own shop", defaults)
    absolute = make_decider(embedder_name, {"calibrated": False}, {})
    main_like = [
        (c.name, evaluate_corpus(c, k, raw[c.name], absolute), "main's policy") for c in corpora
    ]
    print_corpus_row_table("main's ranking and absolute policy, for comparison", main_like)
    if "background_weight" in conf:
        on = {**conf, "calibrated": True}
        relative = rerank_all(corpora, raw, conf["background_weight"], embedder_name)
        calibrated = make_decider(embedder_name, on, scope_negatives())
        rows = [
            (c.name, evaluate_corpus(c, k, relative[c.name], calibrated), "calibrated")
            for c in corpora
        ]
        print_corpus_row_table("relative ranking, calibrated decision at its defaults", rows)
        mixed = [
            (c.name, evaluate_corpus(c, k, relative[c.name], absolute), "absolute policy")
            for c in corpora
        ]
        print_corpus_row_table("relative ranking, main's absolute policy", mixed)
    if not loco or len(corpora) < 2:
        return
    grid, scores = [], []  # grid point → per corpus per_kind
    for weight in BACKGROUND_WEIGHTS:
        calibration.calibrate_all(background_weight=weight)
        negatives = scope_negatives()
        ranked = rerank_all(corpora, raw, weight, embedder_name)
        for point in DECISION_GRID:
            point = {"background_weight": weight, **point}
            decide = make_decider(embedder_name, point, negatives)
            grid.append(point)
            scores.append([evaluate_corpus(c, k, ranked[c.name], decide) for c in corpora])
    calibration.calibrate_all()  # back to the defaults
    left_out = []
    for i, corpus in enumerate(corpora):
        best = max(
            range(len(grid)),
            key=lambda g: corpus_objective([p for j, p in enumerate(scores[g]) if j != i]),
        )
        note = ", ".join(f"{key} {value}" for key, value in grid[best].items())
        left_out.append((corpus.name, scores[best][i], note))
    print_corpus_row_table(
        "leave one corpus out: tuned on the others, read on the one left out", left_out
    )
    names = [c.name for c in corpora]
    if "demo" in names:
        d = names.index("demo")

        def keeps_demo(g):
            sm = corpus_summary(scores[g][d])
            return sm["hit1_answerable"] >= 0.85 and sm["no_answer"] >= NO_ANSWER_TARGET

        kept = [g for g in range(len(grid)) if keeps_demo(g)]
        print(f"\n{len(kept)} of {len(grid)} grid points keep the demo at >= 0.85 / >= 0.90")
        if kept:
            g = max(
                kept, key=lambda g: corpus_objective([p for j, p in enumerate(scores[g]) if j != d])
            )
            print(f"best of them on the blind corpora: {grid[g]}")
            for name, per_kind in zip(names, scores[g], strict=True):
                print(f"  {name}: {short(corpus_summary(per_kind))}")
    overall = max(range(len(grid)), key=lambda g: corpus_objective(scores[g]))
    print(f"\nbest on all corpora together: {grid[overall]}")
    for name, per_kind in zip([c.name for c in corpora], scores[overall], strict=True):
        print(f"  {name}: {short(corpus_summary(per_kind))}")
