"""Misses and false alarms found in session 41 on the development halves of the blind
files, read once HT-HW's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Además del Látex Exterior Colorín 20 L ($112.500), está la versión de 10
        # litros de exterior…" (only the 20 L tin came back)
        ("ai-0066", "stock_contradiction"),
        # "… también trabajamos la línea Tigre en versión mecedora" (only the folding one)
        ("gh-0046", "stock_contradiction"),
        # "Y sí, también tenemos la versión con los números en inglés" (only 1-10)
        ("hk-0047", "stock_contradiction"),
        # "Patria … está agotado ahora mismo, pero la edición en tapa dura sí la tenemos
        # disponible." (no hardcover came back)
        ("F-0363", "stock_contradiction"),
        # "Tenemos la Esfera armilar de madera de haya 25 cm a 89,00 € y la versión
        # grande de nogal" (only the beech one)
        ("ho-0102", "stock_contradiction"),
        # kept: a returned sibling called a version, by colour, in brackets, by a
        # word of its name, by its figure, or with its price
        ("as-0008", None),
        ("cs-0130", None),
        ("s-0086", None),
        ("m-0109", None),
        ("mm-0004", None),
        ("aj-0090", None),
        ("cc-0009", None),
        ("dk-0050", None),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_MAT = search(
    item("RAY-NUM-10", "Alfombra rayuela números 1-10", "29.90", "EUR"),
    item("RAY-COL-10", "Alfombra rayuela colores", "24.90", "EUR", in_stock=False),
    query="alfombra rayuela números inglés",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        # another version the search did not return, said carried
        (
            "Tenemos la Alfombra rayuela números 1-10 y la Alfombra rayuela colores. "
            "También tenemos la versión en inglés.",
            True,
        ),
        (
            "La Alfombra rayuela números 1-10 y la de colores están; además hay la "
            "versión gigante de 3 metros.",
            True,
        ),
        # a returned product called a version: by a word of its name, by its price, as
        # sold out, or denied; or one the draft leaves unnamed, which the version may be
        ("Tenemos la Alfombra rayuela números 1-10 y también la versión de colores.", False),
        (
            "Tenemos la Alfombra rayuela números 1-10. La versión en inglés la tenemos a 24,90 €.",
            False,
        ),
        (
            "Tenemos la Alfombra rayuela números 1-10 y la Alfombra rayuela colores; la "
            "versión en inglés está agotada.",
            False,
        ),
        (
            "Tenemos la Alfombra rayuela números 1-10 y la de colores, pero la versión en "
            "inglés no la tenemos.",
            False,
        ),
        ("Tenemos la Alfombra rayuela números 1-10, y también la versión en inglés.", False),
    ],
)
def test_a_version_no_returned_product_is_said_carried(draft, failed):
    """Given a search that returned two hopscotch mats, when the draft names both and
    says the shop also has a version set apart by a word no returned name has, then the
    shop is said to carry what the search did not return; a version that a returned
    name, price or sold-out state describes, a denial, or a version that may be the
    returned product the draft left unnamed, pass."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis la rayuela en inglés?", tools=[_MAT])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed
