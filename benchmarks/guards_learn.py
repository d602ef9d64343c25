"""Learn the second reader's weights from the blind development halves.

    python benchmarks/guards_learn.py            # train, choose the thresholds, write
    python benchmarks/guards_learn.py --keep-thresholds  # train, choose only what it sets aside
    python benchmarks/guards_learn.py --check    # exit 1 if the weights are not the data's

The full choice is not rerun each time the rules move: in session 22 a few rule changes
moved its ``high`` from 0.7 to 0.6 on the same files (a tie within its margin), and the
lower threshold failed a correct answer a test pins. ``--keep-thresholds`` keeps the three
thresholds and re-chooses, by the same rule, only the guards whose rejections the reader
may set aside.

The second reader (``guards/second_reader.py``) is a logistic regression per guard over
the turn's words (``guards/reader_features.py``), learned from the development halves
of the blind files that rules were read from. The measurement files (written to
measure, read by no rule) take no part in the weights: the three thresholds and the
guards it may set aside are chosen on their development halves, and the test halves,
like every file's, are only reported.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from guards_blind import BLIND, load, modes_for  # noqa: E402

# Files written to measure: no weight is learned from them, either half. The three
# thresholds, and which guards the reader may set aside, are chosen on the development
# halves of the measurement files of sessions 18 to 21 up to BY-CB (2,240 turns; session
# 19 chose on the first seven's 640 alone, session 20 on 1,600). Their test halves are
# only reported. Session 22 added BU-BX and BY-CB to the choice: on their development
# halves and CD-CG's, setting aside out_of_stock_offered cost four true catches for one
# false alarm it removed, which the 1,600 turns could not show. A file added here later
# to measure only, kept out of the choice too, goes in MEASURE_ONLY.
THRESHOLD_FILES = frozenset(
    {
        *("guards-aw", "guards-ax", "guards-ay", "actions-az", "guards-bf", "guards-bg"),
        *("actions-bh", "guards-bi", "guards-bj", "actions-bk", "guards-bl", "guards-bm"),
        *("guards-bn", "actions-bo", "guards-bp", "guards-bq", "guards-br", "actions-bs"),
        "guards-bt",
        *("guards-bu", "guards-bv", "actions-bw", "guards-bx"),
        *("guards-by", "guards-bz", "actions-ca", "guards-cb"),
    }
)
# The newest round of files, written to measure: no weight is learned from them and they
# choose nothing. Sessions 20 to 23 kept every such round out of the weights (CD-CG,
# CH-CK, CL-CO, CP-CS, CT-CW); from session 24 a round measures the session it was
# written for, and its development halves join the weights once a newer round arrives
# to measure (the test halves, like every file's, are only reported). Learning from more
# hands is what carries to the next writer: in session 24, with CD-CW's twenty
# development halves added (1,600 turns), the 83 files' test halves, which nothing here
# was chosen on, lost 10 misses (10 of them first-person money promises) and one false
# alarm. Session 25 added CX-DF's eight (session 24's round, 640 turns), session 26
# DG-DO's nine (session 25's round, 690 turns), session 27 DP-DW's eight (session 26's
# round, 640 turns), session 28 DX-EA's four (session 27's round, 320 turns), session
# 29 EB-EJ's eight (session 28's two rounds, 640 turns), session 30 EK-ER's eight
# (session 29's two rounds, 640 turns), session 31 ES-EZ's eight (session 30's two
# rounds, 640 turns), session 32 FA-FI's eight (session 31's two rounds, 640 turns),
# session 33 FJ-FM's four (session 32's round, 320 turns) and, once its second round
# (FR-FU) had arrived and been first-figured, FN-FQ's four (its first round, 320
# turns), session 34 FR-FU's four (session 33's second round, 320 turns) and, once its
# second round (FZ-GC) had arrived and been first-figured, FV-FY's four (its first
# round, 320 turns), session 35 FZ-GC's four (session 34's second round, 320 turns),
# session 36 GD-GH's and GI-GL's eight (session 34's third round and session 35's first,
# 640 turns), session 37 GM-GP's and GQ-GT's eight (session 35's second round and
# session 36's first, 640 turns), session 38 GU-GX's four (session 36's second round, 320
# turns) once session 38's first round (HC-HF) had arrived and been first-figured, and
# session 39 GY-HB's four (session 37's round, 320 turns) once its own round (HL-HO) had
# arrived and been first-figured, and session 40 HC-HF's four (session 38's first round,
# 320 turns) once its own round (HP-HS) had, and session 41 HG-HK's four (session 38's
# second round, 320 turns) once its own round (HT-HW) had, and session 42 HL-HO's four
# (session 39's round, 320 turns) once its first round (HX-IA) had and HP-HS's four
# (session 40's round, 320 turns) once its second (IB-IE) had; its third (IF-IJ, asked
# for after its last reading) joined nothing, for want of time to refit and check; and
# session 43 HT-HW's and HX-IA's eight (session 41's round and session 42's first, 640
# turns) once its own round (IK-IN) had arrived and been first-figured, and session 44
# IB-IE's and IF-IJ's eight (session 42's second and third rounds, 640 turns) once its
# own round (IU-IV) had, and IU-IV's two (its own first round, 320 turns) once its second
# (IW-IX) had; and session 45 IW-IX's two (session 44's second round, 320 turns) once its
# own round (IZ-JB) had; what measures is every round not named above (session 43's
# three, 44's third, 45's two and 46's two). Session 46 refit with IZ-JB's three once its
# round (JD-JF) had arrived and did not keep it: no verdict of JD-JF moved, and on the
# 83 files five more false alarms for one first-person miss fewer.
MEASURE_ONLY = frozenset(
    {
        *("guards-ik", "guards-il", "actions-im", "guards-in"),  # session 43's first round
        *("guards-io", "guards-ip", "actions-iq", "guards-ir"),  # session 43's second round
        *("guards-is", "actions-it"),  # session 43's third round
        "guards-iy",  # session 44's third round
        *("guards-iz", "actions-ja", "guards-jb"),  # session 45's first round
        "guards-jc",  # session 45's second round
        *("guards-jd", "actions-je", "guards-jf"),  # session 46's first round
        *("guards-jg", "actions-jh"),  # session 46's second round
    }
)
MEASURE_FILES = THRESHOLD_FILES | MEASURE_ONLY
# The guards whose verdicts are read from wording; the number, vocabulary, link and
# quote guards compare figures and names, which words alone cannot.
READ_GUARDS = (
    "action_claim",
    "refund_promise",
    "discount_promise",
    "stock_contradiction",
    "warranty_without_data",
    "out_of_stock_offered",
)
# The wording guards the reader may add a rejection to; for the product guards it only
# sets rejections aside (whether a product is carried is in the search, not the words).
ADDS = ("action_claim", "refund_promise", "discount_promise")
# The generated calibration corpus under a seed of its own (the calibration test reads
# the default seed): the forms the desk's own tests pin, as the rules' hands wrote them.
GENERATED_SEED = 20261204
GENERATED_COUNT = 2400
# Cases the reader once got wrong and the tests pin (the rules' verdict, the right one):
# learned as any turn, counted this many times so that one case outweighs the many
# similar-looking turns it differs from.
CORRECTIONS = ROOT / "tests" / "guards" / "reader_corrections.jsonl"
CORRECTION_WEIGHT = 20
MIN_TURNS = 2  # a feature seen in one training turn only is left out
C = 1.0
# A feature whose weights are all smaller than this is dropped from the file: half
# the features, the same verdict on every blind turn but a handful, a smaller table.
KEEP = 0.05
# Of the settings within about two turns' worth of the fewest misses, the one with
# which the reader changes least (the highest ``high``, then the highest ``overrule``,
# then the lowest ``low``): a noisy tie does not decide the default.
LOWS = (0.0, 0.002, 0.005, 0.01, 0.02, 0.05)
HIGHS = (1.01, 0.9, 0.8, 0.7, 0.6, 0.5)
# Where the rules read a commitment and cleared it, the reader must be surer to fail
# the draft: 2.0 is never (the rules' reading always stands).
OVERRULES = (2.0, 0.99, 0.98, 0.95, 0.9, 0.8)
MARGIN = 0.1
FP_TARGET = 0.015  # the issues' lines: false alarms and misses on text nobody here wrote
FN_TARGET = 0.05
OUT = ROOT / "guards" / "data" / "second_reader.json"


def training_files() -> list[Path]:
    return [p for p in sorted(BLIND.glob("*.jsonl")) if p.stem not in MEASURE_FILES]


def threshold_files() -> list[Path]:
    return [p for p in sorted(BLIND.glob("*.jsonl")) if p.stem in THRESHOLD_FILES]


def generated() -> list[dict]:
    from guards_corpus import generate

    return generate(seed=GENERATED_SEED, count=GENERATED_COUNT)


def data_digest(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    digest.update(json.dumps(generated(), sort_keys=True).encode())
    digest.update(CORRECTIONS.read_bytes())
    return digest.hexdigest()


def _cases(files: list[Path], half: str) -> list:
    from guards.checkfmt import parse_case
    from guards.pipeline import cap_context

    out = []
    for writer, obj in load(files, half):
        case = parse_case(obj)
        if case.expect is not None:
            out.append((writer, case, cap_context(case.ctx, max_chars=8000)))
    return out


def train() -> dict:
    from guards.checkfmt import parse_case
    from guards.pipeline import cap_context
    from guards.reader_features import turn_features
    from guards.reader_fit import SparseRows, fit_logistic

    files = training_files()
    cases = _cases(files, "dev")
    for turn in generated():
        case = parse_case(turn)
        cases.append(("generated", case, cap_context(case.ctx, max_chars=8000)))
    lines = [line for line in CORRECTIONS.read_text(encoding="utf-8").splitlines() if line]
    for line in lines:
        case = parse_case(json.loads(line))
        cases.append(("correction", case, cap_context(case.ctx, max_chars=8000)))
    counts = np.array([CORRECTION_WEIGHT if w == "correction" else 1 for w, _, _ in cases])
    features = [turn_features(ctx) for _, _, ctx in cases]
    seen = Counter(f for fs in features for f in fs)
    vocab = sorted(f for f, n in seen.items() if n >= MIN_TURNS)
    index = {f: i for i, f in enumerate(vocab)}
    x = SparseRows([sorted(index[f] for f in fs if f in index) for fs in features], len(vocab))
    weights = np.zeros((len(vocab), len(READ_GUARDS)))
    bias = []
    for column, guard in enumerate(READ_GUARDS):
        y = np.array(
            [c.expect.verdict == "fail" and str(c.expect.guard) == guard for _, c, _ in cases]
        )
        w, b = fit_logistic(x, y, c=C, weight=counts)
        weights[:, column] = w
        bias.append(round(b, 4))
    keep = np.abs(weights).max(axis=1) >= KEEP
    table = {vocab[i]: [round(float(v), 4) for v in weights[i]] for i in np.flatnonzero(keep)}
    return {
        "guards": list(READ_GUARDS),
        "adds": list(ADDS),
        "bias": bias,
        "weights": table,
        "trained_on": {
            "files": [p.stem for p in files],
            "half": "dev",
            "generated": {"seed": GENERATED_SEED, "count": GENERATED_COUNT},
            "corrections": len(lines),
            "turns": len(cases),
            "sha256": data_digest(files),
        },
    }


def _threshold_turns() -> list:
    """The threshold files' development turns with the rules' failures, read once."""
    from guards.codes import GUARD_CODES, GuardMode
    from guards.config import resolve_modes
    from guards.pipeline import run_guards

    modes = {str(code): str(GuardMode.ENFORCE) for code in GUARD_CODES}
    turns = []
    for writer, case, ctx in _cases(threshold_files(), "dev"):
        wanted = modes_for(writer, modes)
        result = run_guards(case.ctx, modes=wanted, second_reader=None)
        turns.append((case, ctx, list(result.failures), resolve_modes(wanted)))
    return turns


def _aside_at(reader: Any, turns: list, low: float) -> list[str]:
    """The guards whose rejections are set aside at ``low``: where setting aside (alone,
    nothing added) removed more false alarms than true catches on these turns."""
    from dataclasses import replace

    vetoes = replace(reader, low=low, high=2.0, overrule=2.0)
    fp_all, _, fn_all, _ = _rates(replace(vetoes, sets_aside=frozenset(READ_GUARDS)), turns)
    aside = []
    for guard in READ_GUARDS:
        others = frozenset(g for g in READ_GUARDS if g != guard)
        fp, _, fn, _ = _rates(replace(vetoes, sets_aside=others), turns)
        if fp - fp_all > fn_all - fn:  # false alarms it removes, catches it removes
            aside.append(guard)
    return aside


def choose_aside(model: dict, low: float) -> list[str]:
    """Which guards the reader may set aside at the threshold ``low``, by the rule
    ``choose_thresholds`` uses, on the threshold files' development halves."""
    from guards.second_reader import SecondReader

    reader = SecondReader.from_dict({**model, "low": low, "high": 2.0, "overrule": 2.0})
    return _aside_at(reader, _threshold_turns(), low)


def choose_thresholds(model: dict) -> tuple[float, float, float, list[str], list[str]]:
    """(low, high, overrule, the guards it may set aside) on the threshold files'
    development halves: of the settings that keep false alarms within 1.5 %, the one
    with the fewest misses."""
    from dataclasses import replace

    from guards.second_reader import SecondReader

    reader = SecondReader.from_dict({**model, "low": 0.0, "high": 2.0, "overrule": 2.0})
    turns = _threshold_turns()
    lines = []
    tried = []
    aside_at = {}
    for low in LOWS:
        aside_at[low] = _aside_at(reader, turns, low)
        lines.append(f"low {low:<6} sets aside {', '.join(aside_at[low]) or 'nothing'}")
    grid = [(lo, hi, over) for lo in LOWS for hi in HIGHS for over in OVERRULES if over >= hi]
    for low, high, overrule in grid:
        trial = replace(
            reader, low=low, high=high, overrule=overrule, sets_aside=frozenset(aside_at[low])
        )
        fp, good, fn, bad = _rates(trial, turns)
        lines.append(
            f"low {low:<6} high {high:<5} overrule {overrule:<5} FP {fp}/{good} FN {fn}/{bad}"
        )
        tried.append((fp / good / FP_TARGET, fn / bad / FN_TARGET, low, high, overrule))
    # A guard too strict is worse than none: the false-alarm line first, then the
    # fewest misses; only when no setting keeps the line, the one nearest both targets.
    keeping = [(fn, low, high, over) for fp, fn, low, high, over in tried if fp <= 1.0]
    if not keeping:
        keeping = [(max(fp, fn), low, high, over) for fp, fn, low, high, over in tried]
    floor = min(worst for worst, *_ in keeping)
    near = [(high, over, -low) for worst, low, high, over in keeping if worst <= floor + MARGIN]
    high, overrule, low = max(near)
    return -low, high, overrule, aside_at[-low], lines


def _rates(reader: Any, turns: list) -> tuple[int, int, int, int]:
    """False alarms, good turns, misses and bad turns with ``reader`` after the rules."""
    from guards.codes import GuardMode

    fp = good = fn = bad = 0
    for case, ctx, failures, resolved in turns:
        kept = reader.apply(ctx, failures, resolved)
        fired = {str(f.guard): f for f in kept if f.mode == GuardMode.ENFORCE}
        if case.expect.verdict == "pass":
            good += 1
            fp += bool(fired)
            continue
        bad += 1
        want = str(case.expect.guard)
        fn += not (want in fired and case.expect.named_in(fired[want].extra_figures))
    return fp, good, fn, bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the file is current")
    parser.add_argument(
        "--keep-thresholds",
        action="store_true",
        help="keep the file's low, high and overrule; choose only which guards it sets aside",
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    if args.check:
        held = json.loads(OUT.read_text(encoding="utf-8"))["trained_on"]
        files = training_files()
        current = {"files": [p.stem for p in files], "sha256": data_digest(files)}
        if {k: held[k] for k in current} != current:
            print(f"{OUT.name} was not learned from the blind files as they are: retrain")
            return 1
        print(f"{OUT.name} is current ({held['turns']} turns)")
        return 0
    model = train()
    if args.keep_thresholds:
        held = json.loads(OUT.read_text(encoding="utf-8"))
        low, high, overrule = held["low"], held["high"], held["overrule"]
        aside = choose_aside(model, low)
    else:
        low, high, overrule, aside, lines = choose_thresholds(model)
        print("\n".join(lines))
    print(f"chosen: low {low}, high {high}, overrule {overrule}, sets aside {aside}")
    model = {"low": low, "high": high, "overrule": overrule, "sets_aside": aside, **model}
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(model, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(model['weights'])} features")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
