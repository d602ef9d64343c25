"""Reading a products or orders file (CSV with a header line, or JSON Lines) whole,
before anything is written: every problem is one line naming the file, the line and
the field, and a file with any problem gives no rows at all."""

from __future__ import annotations

import csv
import enum
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from support.shops.rows import (
    ORDER_COLUMNS,
    PRODUCT_COLUMNS,
    OrderRow,
    ProductRow,
    clean_order,
    clean_product,
)

MAX_BYTES = 200 * 1024 * 1024
MAX_PROBLEMS = 200  # past this, one line says how many more


class Kind(enum.StrEnum):
    PRODUCTS = "products"
    ORDERS = "orders"


COLUMNS = {Kind.PRODUCTS: PRODUCT_COLUMNS, Kind.ORDERS: ORDER_COLUMNS}
KEY = {Kind.PRODUCTS: "sku", Kind.ORDERS: "number"}


@dataclass
class Parsed:
    rows: list[ProductRow | OrderRow] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def problem(self, name: str, line: int, column: str, message: str) -> None:
        self.problems.append(f"{name}:{line}: {column}: {message}")


def parse_file(path: Path, *, kind: Kind, currency: str) -> Parsed:
    """``currency``: the shop's, for rows that give none."""
    parsed = Parsed()
    name = str(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            parsed.problem(name, 0, "file", f"larger than {MAX_BYTES // 2**20} MB")
            return parsed
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        parsed.problem(name, 0, "file", f"cannot be read ({error.strerror})")
        return parsed
    except UnicodeDecodeError as error:
        line = text_line_of(path, error.start)
        parsed.problem(name, line, "file", "not UTF-8 text")
        return parsed
    suffix = path.suffix.lower()
    if suffix == ".csv":
        records = _csv_records(text, name, kind, parsed)
    elif suffix in {".jsonl", ".ndjson"}:
        records = _jsonl_records(text, name, parsed)
    else:
        parsed.problem(name, 0, "file", "expected a .csv or .jsonl file")
        return parsed
    clean = clean_product if kind is Kind.PRODUCTS else clean_order
    first_line: dict[str, int] = {}
    for line, raw in records:
        row, problems = clean(raw, currency=currency)
        for column, message in problems:
            parsed.problem(name, line, column, message)
        if row is None:
            continue
        if row.key in first_line:
            parsed.problem(
                name,
                line,
                KEY[kind],
                f"duplicate {row.key!r} (first on line {first_line[row.key]})",
            )
            continue
        first_line[row.key] = line
        parsed.rows.append(row)
    if len(parsed.problems) > MAX_PROBLEMS:
        more = len(parsed.problems) - MAX_PROBLEMS
        parsed.problems = [*parsed.problems[:MAX_PROBLEMS], f"{name}: … and {more} more problems"]
    if parsed.problems:
        parsed.rows = []
    return parsed


def text_line_of(path: Path, offset: int) -> int:
    return path.read_bytes()[:offset].count(b"\n") + 1


def _csv_records(text: str, name: str, kind: Kind, parsed: Parsed) -> list[tuple[int, Any]]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [h.strip() for h in reader.fieldnames or []]
    if not header:
        parsed.problem(name, 1, "header", "the file is empty")
        return []
    reader.fieldnames = header
    columns = COLUMNS[kind]
    for column in header:
        if column not in columns:
            parsed.problem(name, 1, column[:50] or "header", "unknown column")
    for column, required in columns.items():
        if required and column not in header:
            parsed.problem(name, 1, column, "missing column")
    if len(set(header)) != len(header):
        parsed.problem(name, 1, "header", "a column is named twice")
    if parsed.problems:
        return []
    records = []
    try:
        start = 2
        for raw in reader:
            if None in raw:
                parsed.problem(name, start, "line", "more values than columns")
            elif any(v is None for v in raw.values()):
                parsed.problem(name, start, "line", "fewer values than columns")
            elif any((v or "").strip() for v in raw.values()):
                records.append((start, dict(raw)))
            start = reader.line_num + 1
    except csv.Error as error:
        parsed.problem(name, reader.line_num, "line", f"not valid CSV ({error})")
    return records


def _jsonl_records(text: str, name: str, parsed: Parsed) -> list[tuple[int, Any]]:
    records = []
    for line, content in enumerate(text.splitlines(), 1):
        if not content.strip():
            continue
        try:
            raw = json.loads(content)
        except json.JSONDecodeError as error:
            parsed.problem(name, line, "line", f"not JSON ({error.msg})")
            continue
        if not isinstance(raw, dict):
            parsed.problem(name, line, "line", "expected a JSON object")
            continue
        records.append((line, raw))
    return records
