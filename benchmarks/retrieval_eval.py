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
searches every query in that shop only. --loco (leave one corpus out) evaluates
each tunable default of TUNABLE_GRID on every corpus, and for each corpus picks the
value that does best on the *other* corpora, then reads the left-out one with it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import sys
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from knowledge import calibration  # noqa: E402
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
        self.vectors = get_embedder().embed_queries(self.queries)
        self.scopes = scopes if scopes is not None else shop_scopes(rows, scoped)

    def gather(self, weigh, *, rerank: bool = True) -> list[list[list]]:
        """Candidates as search sees them: the SQL's, re-ranked by relative score
        (knowledge.calibration.rerank) unless rerank is False (the raw SQL's)."""
        from django.conf import settings

        embedder_name = get_embedder().name
        out = []
        for query, vector, scopes in zip(self.queries, self.vectors, self.scopes, strict=True):
            codes = extract_query_codes(query)
            weights = weigh(query, codes)
            searches = []
            for shop in scopes:
                cands = search_candidates(
                    query,
                    vector=vector,
                    weights=weights,
                    codes=codes,
                    shop=shop,
                    limit=settings.KNOWLEDGE_CANDIDATES_PER_ARM,
                )
                if rerank:
                    cands = calibration.rerank(
                        query, cands, weights=weights, embedder_name=embedder_name
                    )
                searches.append(cands)
            out.append(searches)
        return out


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
    shared = Document.objects.filter(shop="").count()
    if shared:
        print(f"warning: {shared} shared documents (no shop) are in every shop's search")
    after_import(shop)
    return shop


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
                policy = calibration.CalibratedPolicy(
                    threshold,
                    conf["relative_margin_weight"],
                    conf.get("relative_keyword_bonus", 0.0),
                    gap,
                    shop or "",
                )
                cache[shop] = lambda cands, k, p=policy: calibration.apply_calibrated(
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
                    calibration.rerank(
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
