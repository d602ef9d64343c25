"""Which guards the second reader may set aside, judged group by group.

    python benchmarks/guards_aside.py

For every group of measurement files (the four or eight written in one round), on their
development halves: the false alarms and misses with the reader as shipped, then what
changes when one guard's rule is flipped (no longer set aside if it is, set aside if it
is not). ``guards_learn.py`` chooses on the union of the threshold files; this prints the
same effect per group, so a choice that only one group carries shows as such.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

GROUPS = {
    "AW-BH": "guards-aw guards-ax guards-ay actions-az guards-bf guards-bg actions-bh",
    "BI-BP": "guards-bi guards-bj actions-bk guards-bl guards-bm guards-bn actions-bo guards-bp",
    "BQ-BT": "guards-bq guards-br actions-bs guards-bt",
    "BU-BX": "guards-bu guards-bv actions-bw guards-bx",
    "BY-CB": "guards-by guards-bz actions-ca guards-cb",
    "CD-CG": "guards-cd actions-ce guards-cf guards-cg",
    "CH-CK": "guards-ch guards-ci actions-cj guards-ck",
    "CL-CO": "guards-cl guards-cm actions-cn guards-co",
    "CP-CS": "guards-cp guards-cq actions-cr guards-cs",
    "CT-CW": "guards-ct guards-cu actions-cv guards-cw",
    "CX-DA": "guards-cx guards-cy actions-cz guards-da",
    "DB-DF": "guards-db guards-dc actions-de guards-df",
    "DG-DK": "guards-dg guards-dh actions-di guards-dj guards-dk",
    "DL-DO": "guards-dl guards-dm actions-dn guards-do",
    "DP-DS": "guards-dp guards-dq actions-dr guards-ds",
    "DT-DW": "guards-dt guards-du actions-dv guards-dw",
    "DX-EA": "guards-dx guards-dy actions-dz guards-ea",
    "EB-EF": "guards-eb guards-ec actions-ed guards-ef",
    "EG-EJ": "guards-eg guards-eh actions-ei guards-ej",
    "EK-EN": "guards-ek guards-el actions-em guards-en",
    "EO-ER": "guards-eo guards-ep actions-eq guards-er",
    "ES-EV": "guards-es guards-et actions-eu guards-ev",
    "EW-EZ": "guards-ew guards-ex actions-ey guards-ez",
    "FA-FD": "guards-fa guards-fb actions-fc guards-fd",
    "FE-FI": "guards-fe guards-fg actions-fh guards-fi",
    "FJ-FM": "guards-fj guards-fk actions-fl guards-fm",
    "FN-FQ": "guards-fn guards-fo actions-fp guards-fq",
    "FR-FU": "guards-fr guards-fs actions-ft guards-fu",
    "FV-FY": "guards-fv guards-fw actions-fx guards-fy",
    "FZ-GC": "guards-fz guards-ga actions-gb guards-gc",
    "GD-GH": "guards-gd guards-ge actions-gf guards-gh",
    "GI-GL": "guards-gi guards-gj actions-gk guards-gl",
    "GM-GP": "guards-gm guards-gn actions-go guards-gp",
    "GQ-GT": "guards-gq guards-gr actions-gs guards-gt",
    "GU-GX": "guards-gu guards-gv actions-gw guards-gx",
    "GY-HB": "guards-gy guards-gz actions-ha guards-hb",
    "HC-HF": "guards-hc guards-hd actions-he guards-hf",
    "HG-HK": "guards-hg guards-hi actions-hj guards-hk",
    "HL-HO": "guards-hl guards-hm actions-hn guards-ho",
    "HP-HS": "guards-hp guards-hq actions-hr guards-hs",
    "HT-HW": "guards-ht guards-hu actions-hv guards-hw",
    "HX-IA": "guards-hx guards-hy actions-hz guards-ia",
    "IB-IE": "guards-ib guards-ic actions-id guards-ie",
    "IF-IJ": "guards-if guards-ig actions-ih guards-ij",
    "IK-IN": "guards-ik guards-il actions-im guards-in",
    "IO-IR": "guards-io guards-ip actions-iq guards-ir",
    "IS-IT": "guards-is actions-it",
    "IU-IV": "guards-iu actions-iv",
    "IW-IX": "guards-iw actions-ix",
    "IY": "guards-iy",
    "IZ-JB": "guards-iz actions-ja guards-jb",
    "JC": "guards-jc",
    "JD-JF": "guards-jd actions-je guards-jf",
    "JG-JH": "guards-jg actions-jh",
}


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import guards_learn as learn
    from guards_blind import BLIND, modes_for

    from guards.codes import GUARD_CODES, GuardMode
    from guards.config import resolve_modes
    from guards.pipeline import run_guards
    from guards.second_reader import default_reader

    reader = default_reader()
    if reader is None:
        print("no second reader weights")
        return 1
    modes = {str(code): str(GuardMode.ENFORCE) for code in GUARD_CODES}
    print(f"sets aside now: {', '.join(sorted(reader.sets_aside))}")
    for name, stems in GROUPS.items():
        files = [BLIND / f"{stem}.jsonl" for stem in stems.split()]
        turns = []
        for writer, case, ctx in learn._cases(files, "dev"):
            wanted = modes_for(writer, modes)
            result = run_guards(case.ctx, modes=wanted, second_reader=None)
            turns.append((case, ctx, list(result.failures), resolve_modes(wanted)))
        fp, _, fn, _ = learn._rates(reader, turns)
        row = [f"{name}: FP {fp} FN {fn}"]
        for guard in learn.READ_GUARDS:
            flipped = reader.sets_aside ^ {guard}
            alt_fp, _, alt_fn, _ = learn._rates(replace(reader, sets_aside=flipped), turns)
            sign = "-" if guard in reader.sets_aside else "+"
            row.append(f"{sign}{guard} FP {alt_fp - fp:+d} FN {alt_fn - fn:+d}")
        print(" | ".join(row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
