"""The guards on corpora nobody who wrote the rules has seen.

Each file in ``tests/guards/blind/`` was written by an independent writer from the
README's guard specification alone (never the code, the calibration corpus or each
other's output). Every file is split in two halves by blocks of ten consecutive
turns (writers often put a violation and its look-alike side by side, so the pair
stays in one half): blocks 0, 2, 4… are the development half that rules may be read
against, blocks 1, 3, 5… the test half that the README reports.

    python benchmarks/guards_blind.py                 # the test halves (the figure)
    python benchmarks/guards_blind.py --half dev --show 40
    python benchmarks/guards_blind.py --half all --file tests/guards/blind/actions-d.jsonl
    python benchmarks/guards_blind.py --rules-only    # without the second reader
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLIND = ROOT / "tests" / "guards" / "blind"
BLOCK = 10


def split(lines: list[str], half: str) -> list[str]:
    """The half of a file's lines: "dev" (even blocks), "test" (odd blocks) or "all"."""
    if half == "all":
        return lines
    want = 0 if half == "dev" else 1
    return [line for i, line in enumerate(lines) if (i // BLOCK) % 2 == want]


def load(files: list[Path], half: str) -> list[tuple[str, dict]]:
    out = []
    for path in files:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        out.extend((path.stem, json.loads(line)) for line in split(lines, half))
    return out


# Written from the nine-guard specification, before action_claim existed: a pass there
# was never checked for a claimed act. Every later file's brief named all ten guards.
NINE_GUARD_FILES = frozenset({"guards-a", "guards-b", "guards-c"})


def modes_for(writer: str, modes: dict[str, str]) -> dict[str, str]:
    """Each file is judged by the guards its writers' brief specified."""
    if writer in NINE_GUARD_FILES:
        return {**modes, "action_claim": "off"}
    return modes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("test", "dev", "all"), default="test")
    parser.add_argument("--file", action="append", type=Path, help="default: every blind file")
    parser.add_argument("--show", type=int, default=0, help="print this many misses")
    parser.add_argument("--json", action="store_true", help="one JSON summary instead")
    parser.add_argument(
        "--rules-only", action="store_true", help="the rules without the second reader"
    )
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()  # the apps declare their tools' acts when they load
    from guards.checkfmt import parse_case
    from guards.codes import GUARD_CODES, GuardMode
    from guards.pipeline import run_guards

    files = args.file or sorted(BLIND.glob("*.jsonl"))
    modes = {str(code): str(GuardMode.ENFORCE) for code in GUARD_CODES}
    good = Counter()
    bad = Counter()
    fp = Counter()
    fn = Counter()
    per_guard_bad = Counter()
    per_guard_fn = Counter()
    per_guard_fp = Counter()
    first_person_money_missed = 0
    first_person_money_reached = 0
    misses: list[str] = []
    for writer, obj in load(files, args.half):
        case = parse_case(obj)
        lang = "en" if case.ctx.language == "en" else obj.get("locale", "es")
        reader = {"second_reader": None} if args.rules_only else {}
        result = run_guards(case.ctx, modes=modes_for(writer, modes), budget_ms=1000, **reader)
        fired = {f.guard: f for f in result.failures}
        keys = (writer, lang, "all")
        if case.expect is None:
            continue
        if case.expect.verdict == "pass":
            for key in keys:
                good[key] += 1
            if fired:
                for key in keys:
                    fp[key] += 1
                for code in fired:
                    per_guard_fp[str(code)] += 1
                detail = "; ".join(f"{g}: {f.detail}" for g, f in fired.items())
                misses.append(f"FP {obj.get('id')} [{lang}] {case.ctx.draft!r}\n   → {detail}")
            continue
        expected = case.expect.guard
        for key in keys:
            bad[key] += 1
        per_guard_bad[str(expected)] += 1
        caught = expected in fired and case.expect.named_in(fired[expected].extra_figures)
        if not caught:
            for key in keys:
                fn[key] += 1
            per_guard_fn[str(expected)] += 1
            mark = ""
            if str(expected) in ("refund_promise", "discount_promise") and _first_person(
                case.ctx.draft
            ):
                first_person_money_missed += 1
                mark = " first-person"
                # With every guard on, as the desk runs: did any guard stop the draft?
                everything = run_guards(case.ctx, modes=modes, budget_ms=1000, **reader).failures
                if not everything:
                    first_person_money_reached += 1
                    mark = " first-person, reached"
            other = ", ".join(str(g) for g in fired) or "nothing"
            misses.append(
                f"FN{mark} {obj.get('id')} [{lang}] {expected} (fired: {other}) {case.ctx.draft!r}"
                f"\n   note: {obj.get('note', '')}"
            )
    summary = {
        "half": args.half,
        "groups": {
            key: {
                "good": good[key],
                "bad": bad[key],
                "false_positives": fp[key],
                "false_negatives": fn[key],
                "fp_rate": round(fp[key] / good[key], 4) if good[key] else 0.0,
                "fn_rate": round(fn[key] / bad[key], 4) if bad[key] else 0.0,
            }
            for key in sorted(set(good) | set(bad))
        },
        "guards": {
            code: {
                "bad": per_guard_bad[code],
                "missed": per_guard_fn[code],
                "false_alarms": per_guard_fp[code],
            }
            for code in sorted(set(per_guard_bad) | set(per_guard_fp))
        },
        "first_person_money_promises_missed": first_person_money_missed,
        "first_person_money_promises_reached": first_person_money_reached,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"half: {args.half}")
    print(f"{'group':<14} {'good':>5} {'FP':>4} {'FP %':>7} {'bad':>5} {'FN':>4} {'FN %':>7}")
    for key, row in summary["groups"].items():
        print(
            f"{key:<14} {row['good']:>5} {row['false_positives']:>4} {row['fp_rate']:>7.2%} "
            f"{row['bad']:>5} {row['false_negatives']:>4} {row['fn_rate']:>7.2%}"
        )
    print(f"\n{'guard':<24} {'bad':>5} {'missed':>7} {'false alarms':>13}")
    for code, row in summary["guards"].items():
        print(f"{code:<24} {row['bad']:>5} {row['missed']:>7} {row['false_alarms']:>13}")
    print(f"\nfirst-person refund or discount promises missed: {first_person_money_missed}")
    print(f"of them, stopped by no guard at all (every guard on): {first_person_money_reached}")
    for line in misses[: args.show]:
        print(line)
    return 0


_FIRST_PERSON = defaultdict(tuple)


# Counted by a reading of its own, not by the guards' commitment reader: a promise the
# reader cannot parse must still count as first person here, or the figure would hide
# exactly the misses it is meant to show.
_I_WE_EN = frozenset("i we i'll we'll i've we've i'm we're i'd we'd us let's".split())
_CLITICS_ES = frozenset("te le les os se lo la".split())
_NOT_VERBS_ES = frozenset("mismos mismo ramos extremos primos".split())


def _first_person(draft: str) -> bool:
    """A draft where I / we / the shop speaks: English first-person pronouns; Spanish
    "-amos/-emos/-imos" verbs (nosotros) or a first-person singular after a clitic ("te
    lo devuelvo", "le abono"), accented adjectives (mínimos, próximos) left out."""
    import re

    for sentence in re.split(r"[.!?;\n]+", draft.replace("’", "'")):
        if not _MONEY.search(sentence):
            continue  # only the sentences that speak of money or a price
        tokens = [t.lower() for t in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", sentence)]
        if _I_WE_EN & set(tokens):
            return True
        for index, token in enumerate(tokens):
            plain = not any(ch in token for ch in "áéíóú")
            if plain and token.endswith(("amos", "emos", "imos")) and token not in _NOT_VERBS_ES:
                return True
            before = tokens[index - 1] if index else ""
            if before in _CLITICS_ES and token.endswith("o") and len(token) > 3 and plain:
                return True
    return False


_MONEY = __import__("re").compile(
    r"(?i)refund|reimburs|money|amount|credit|discount|free|off|%|price|voucher|coupon|"
    r"reembols|reintegr|devol|devuelv|abon|dinero|plata|importe|descuent|gratis|precio|"
    r"saldo|cup[oó]n|vale|bonific|regal|[$€£]"
)


if __name__ == "__main__":
    raise SystemExit(main())
