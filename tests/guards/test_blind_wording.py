"""Exact dev-half blind cases for the number gate and the wording guards, kept fixed."""

from __future__ import annotations

from dataclasses import replace

from tests.guards.helpers import check, turn


def test_a_shop_address_no_source_gives_is_made_up():
    """Given a chunk that names no e-mail address (A-0082),
    when the draft sends the customer to one on the shop's own domain,
    then foreign_link fails: the address is invented; one the chunk gives passes."""
    chunks = {"devoluciones#4": "Si un artículo llega defectuoso, escríbenos en 14 días con fotos."}
    draft = "Envíanos las fotos a incidencias@brisamoda.es con el pedido [devoluciones#4]."
    ctx = replace(turn(draft, chunks=chunks), link_hosts=("www.brisamoda.es",))
    assert "foreign_link" in check(ctx)
    given = {"devoluciones#4": chunks["devoluciones#4"] + " Correo: incidencias@brisamoda.es."}
    ctx = replace(turn(draft, chunks=given), link_hosts=("www.brisamoda.es",))
    assert check(ctx) == {}
