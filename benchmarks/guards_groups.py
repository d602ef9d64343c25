"""The blind files by group, as the README's session tables give them.

    python benchmarks/guards_groups.py                # the test halves
    python benchmarks/guards_groups.py --half dev
    python benchmarks/guards_groups.py --detail older   # and per guard, per language

A group is the files of one round of writers from session 19 on (``guards_aside.GROUPS``);
"older" is every file written before them (the README's 83 files), and "older acts" the
``actions-`` files among those (issue 17's sixteen). For each group: false alarms and
misses with the second reader and with the rules alone, and the first-person refund or
discount promises missed (in brackets, those no guard stopped at all), counted as
``guards_blind.py`` counts them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from guards_aside import GROUPS  # noqa: E402
from guards_blind import BLIND, _first_person, load, modes_for  # noqa: E402


def groups(stems: list[str]) -> dict[str, set[str]]:
    """The README's groups over the files there are: the rounds, then the older files."""
    rounds = {name: set(files.split()) for name, files in GROUPS.items()}
    rounds.pop("AW-BH")  # written before session 19: part of the 83 files
    measured = set().union(*rounds.values())
    older = {stem for stem in stems if stem not in measured}
    return {
        "older": older,
        "older acts": {stem for stem in older if stem.startswith("actions-")},
        **rounds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("test", "dev"), default="test")
    parser.add_argument(
        "--detail", metavar="GROUP", help='per guard and per language for one group ("older")'
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from guards.checkfmt import parse_case
    from guards.codes import GUARD_CODES, GuardMode
    from guards.pipeline import run_guards

    modes = {str(code): str(GuardMode.ENFORCE) for code in GUARD_CODES}
    files = sorted(BLIND.glob("*.jsonl"))
    table = groups([path.stem for path in files])
    rows: dict[str, list] = {}
    for writer, obj in load(files, args.half):
        case = parse_case(obj)
        if case.expect is None:
            continue
        row: list = []
        said = []  # the guards the reader's run stopped the turn with
        for reader in ({}, {"second_reader": None}):
            failures = run_guards(
                case.ctx, modes=modes_for(writer, modes), budget_ms=1000, **reader
            ).failures
            fired = {str(f.guard): f for f in failures}
            want = str(case.expect.guard)
            caught = want in fired and case.expect.named_in(fired[want].extra_figures)
            money = want in ("refund_promise", "discount_promise")
            first = money and not caught and _first_person(case.ctx.draft)
            # as guards_blind.py counts it: with every guard on, did any stop the draft?
            everything = first and run_guards(case.ctx, modes=modes, budget_ms=1000, **reader)
            row += [bool(fired), caught, first, first and not everything.failures]
            said = said or [sorted(fired)]
        lang = "en" if case.ctx.language == "en" else obj.get("locale", "es")
        detail = (str(case.expect.guard), said[0], lang)
        rows.setdefault(writer, []).append((case.expect.verdict == "pass", row, detail))
    print(f"half: {args.half}; with the reader | with the rules alone")
    for name, stems in table.items():
        turns = [turn[:2] for stem in stems for turn in rows.get(stem, [])]
        if not turns:
            continue
        good = sum(ok for ok, _ in turns)
        bad = len(turns) - good
        cells = []
        for at in (0, 4):
            fp = sum(ok and row[at] for ok, row in turns)
            fn = sum(not ok and not row[at + 1] for ok, row in turns)
            first = sum(row[at + 2] for _, row in turns)
            reached = sum(row[at + 3] for _, row in turns)
            cells.append(
                f"FP {fp}/{good} {fp / good:.2%}  FN {fn}/{bad} {fn / bad:.2%}  "
                f"first-person missed {first} ({reached})"
            )
        print(f"{name:<13} {len(stems):>3} files  {cells[0]} | {cells[1]}")
    if args.detail:
        _detail([t for stem in table[args.detail] for t in rows.get(stem, [])], args.detail)
    return 0


def _detail(turns: list, name: str) -> None:
    """With the reader: each guard's misses (of the bad turns labelled with it) and
    false alarms (correct turns it stopped), and each language's rates."""
    bad, missed, alarms = Counter(), Counter(), Counter()
    good_in, bad_in, fp_in, fn_in = Counter(), Counter(), Counter(), Counter()
    for ok, row, (want, fired, lang) in turns:
        if ok:
            good_in[lang] += 1
            fp_in[lang] += bool(fired)
            alarms.update(fired)
        else:
            bad[want] += 1
            bad_in[lang] += 1
            missed[want] += not row[1]
            fn_in[lang] += not row[1]
    print(f"\n{name}, with the reader: guard, bad, missed, false alarms")
    for code in sorted(set(bad) | set(alarms), key=lambda c: (-missed[c], c)):
        print(f"  {code:<24} {bad[code]:>5} {missed[code]:>5} {alarms[code]:>5}")
    for lang in sorted(good_in):
        fp, fn = fp_in[lang] / good_in[lang], fn_in[lang] / max(bad_in[lang], 1)
        print(f"  {lang:<6} FP {fp:.2%}  FN {fn:.2%}")


if __name__ == "__main__":
    raise SystemExit(main())
