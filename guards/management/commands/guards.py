"""``manage.py guards check|calibrate|export-false-positives`` — thin over pure functions."""

from __future__ import annotations

import json
import sys
from datetime import date
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from guards.calibration import calibrate, format_report
from guards.checkfmt import check_lines, parse_case
from guards.codes import parse_guard_code


class Command(BaseCommand):
    help = "Run the guards over check-format turns, calibrate them, export false positives."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        sub.add_parser("check", help="stdin JSONL turns -> stdout JSONL verdicts")
        cal = sub.add_parser("calibrate", help="rejection and error rates per guard")
        cal.add_argument("--file", type=Path, help="check-format JSONL (labels optional)")
        cal.add_argument("--guard", help="measure only this guard code")
        cal.add_argument("--since", type=date.fromisoformat, help="YYYY-MM-DD (stored turns)")
        sub.add_parser("export-false-positives", help="staff-marked rejections as cases")

    def handle(self, *args, action: str, **options):
        if action == "check":
            self._check()
        elif action == "calibrate":
            self._calibrate(options.get("file"), options.get("guard"), options.get("since"))
        else:
            self._export()

    def _check(self) -> None:
        malformed = False
        for outcome in check_lines(sys.stdin):
            malformed = malformed or outcome.malformed
            self.stdout.write(json.dumps(outcome.payload, ensure_ascii=False))
        self.stdout.flush()
        if malformed:
            raise SystemExit(2)

    def _calibrate(self, file: Path | None, guard: str | None, since: date | None) -> None:
        try:
            code = parse_guard_code(guard) if guard else None
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if file is not None:
            cases = [parse_case(json.loads(line)) for line in _lines(file)]
        else:
            from guards.services import logged_cases

            cases = list(logged_cases(guard=guard, since=since))
        self.stdout.write(format_report(calibrate(cases, guard=code)))

    def _export(self) -> None:
        from guards.services import false_positive_cases

        for payload in false_positive_cases():
            self.stdout.write(json.dumps(payload, ensure_ascii=False))


def _lines(path: Path) -> list[str]:
    if not path.exists():
        raise CommandError(f"{path}: no such file")
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
