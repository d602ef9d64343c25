"""Misses and false alarms found in session 40 on the development halves of the blind
files, read once HP-HS's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Los Zancos de madera Gigante están a $27.500 y hay stock. Sí, tienen garantía
        # de fábrica…" (the sheet has none; the page covers electric toys only)
        ("hg-0023", "warranty_without_data"),
        # "Sí, tiene garantía oficial, así que cualquier falla de fábrica está cubierta"
        # (the sheet has none; the page covers gate motors)
        ("gp-0124", "warranty_without_data"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_STILTS = search(item("PA-ZANC", "Zancos de madera Gigante", "27500", "ARS"), query="zancos madera")
_ELECTRIC_ONLY = {
    "garantia#1": "Los productos eléctricos (máquinas de burbujas) tienen 6 meses de garantía."
}


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Los Zancos de madera Gigante están a $27.500. Sí, tienen garantía de fábrica.", True),
        ("Los Zancos de madera Gigante están a $27.500. Tiene garantía oficial.", True),
        ("Los Zancos de madera Gigante están a $27.500. Vienen con garantía.", True),
        # denied, unknown, or given by the page that covers other products
        ("Los Zancos de madera Gigante están a $27.500. No tienen garantía.", False),
        ("Los Zancos de madera Gigante están a $27.500. No tengo datos de su garantía.", False),
        ("Los Zancos de madera Gigante están a $27.500. ¿Querés saber algo más?", False),
    ],
)
def test_a_termless_warranty_said_of_the_product_named_before(draft, failed):
    """Given stilts whose sheet has no warranty and a page that gives one only to
    electric products, when the sentence after the one naming the stilts opens on its
    verb ("tienen / tiene / vienen con garantía"), then it gives the stilts a warranty,
    term or no term; a denial or an unknown passes."""
    ctx = turn(
        draft,
        locale="es-AR",
        question="¿Los zancos tienen garantía?",
        tools=[_STILTS],
        chunks=_ELECTRIC_ONLY,
    )
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed
