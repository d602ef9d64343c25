"""Scan every text and JSON column of every table of the test database for strings
that must not be there (the planted-data and erasure tests)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

TEXT_TYPES = ("text", "character varying", "character", "json", "jsonb", "ARRAY")


def text_columns() -> list[tuple[str, str]]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.table_name, c.column_name FROM information_schema.columns c "
            "JOIN information_schema.tables t ON t.table_name = c.table_name "
            "AND t.table_schema = c.table_schema "
            "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
            "AND c.data_type = ANY(%s) ORDER BY 1, 2",
            [list(TEXT_TYPES)],
        )
        return list(cursor.fetchall())


def find_in_database(needles: Iterable[str]) -> list[tuple[str, str, str]]:
    """(table, column, needle) for every needle found in any row of any text column."""
    wanted = [n for n in dict.fromkeys(needles) if n]
    found: list[tuple[str, str, str]] = []
    with connection.cursor() as cursor:
        for table, column in text_columns():
            cursor.execute(f'SELECT "{column}"::text FROM "{table}" WHERE "{column}" IS NOT NULL')
            values = [row[0] for row in cursor.fetchall()]
            if not values:
                continue
            blob = "\n".join(values)
            found.extend((table, column, n) for n in wanted if n in blob)
    return found
