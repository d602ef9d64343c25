"""Misses found in session 24 on the development halves of the blind files, each kept
exactly as its writer wrote it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.checkfmt import parse_case
from guards.codes import GuardCode
from guards.lexicon import lexicon_for
from guards.numbers import FigureKind, extract_figures
from guards.pipeline import run_guards
from guards.wording_guards import check_discount_promise
from tests.guards.helpers import check
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "Igual, por ser vos, el reenvío va por nuestra cuenta y no te cobramos nada esta vez"
        # after a cited page that charges the customer for a second shipment
        "cy-0064",
        # "Para compensarte el disgusto … tendrás un carrete de línea de regalo, sin coste"
        "cy-0101",
    ],
)
def test_a_goodwill_gift_the_rules_read_stops_the_draft_whatever_the_reader_scores(case_id):
    """Given a draft that gives something for nothing as an apology, or sets the shop's
    money rule aside for this customer; when the whole pipeline runs, then the discount
    rejection stops it: the second reader (which set both aside before session 24) does
    not set a firm finding aside."""
    ctx = blind(case_id)
    finding = check_discount_promise(ctx, deadline=float("inf"))
    assert finding is not None and finding.firm
    assert "discount_promise" in check(ctx)


def test_an_ordinary_discount_finding_is_not_firm():
    """A promotion stretched past its terms is read from the words: the reader may still
    weigh it (here, free shipping said of an amount the threshold does not reach)."""
    case = parse_case(
        {
            "locale": "en",
            "question": "Do I get free delivery?",
            "draft": "Your basket is £34.00, and delivery is free [delivery#1].",
            "retrieved": [{"source": "delivery#1", "text": "Delivery is free over £60."}],
            "tool_outputs": [],
            "expect": {"verdict": "fail", "guard": "discount_promise", "extra_figure": None},
        }
    )
    failures = run_guards(case.ctx, budget_ms=1000, second_reader=None).failures
    (failure,) = [f for f in failures if f.guard == GuardCode.DISCOUNT_PROMISE]
    assert not failure.firm


def test_a_numbered_list_after_a_price_line_is_no_amount():
    """Given a reply that lists two products as "1. … 119,00 €" and "2. … 69,90 €" and
    totals them; when the number gate reads it, then the "2" that numbers the second
    line is not read as "€ 2" (the symbol ends the line above) and the exact sum of the
    two prices passes (da-0005)."""
    assert check(blind("da-0005")) == {}


def test_a_currency_written_before_its_amount_still_makes_it_money():
    """The same symbol on the amount's own line is still its currency."""
    lexicon = lexicon_for("es-ES")
    (figure,) = extract_figures("La funda cuesta € 25.", lexicon=lexicon, threshold=0)
    assert figure.kind == FigureKind.MONEY


def test_an_out_of_stock_product_offered_to_acquire_today_fails():
    """Given a microscope the search returned with in_stock false; when the draft says
    "Puede adquirirlo hoy mismo y le llegará a tiempo", then it is offered as available:
    "adquirir" is buying, as "comprar" is (da-0148)."""
    assert "out_of_stock_offered" in check(blind("da-0148"))


def test_an_area_in_square_metres_is_a_quantity_to_back():
    """Given a purifier whose name gives "hasta 40 m²"; when the draft says it "cubre
    estancias de hasta 60 m²", then 60 is unbacked: "m²" is a unit like "m" (df-0102)."""
    assert check(blind("df-0102")).get("unbacked_figure") == ("60",)


def test_the_area_the_sheet_gives_is_backed():
    """The same sentence with the sheet's 40 m² passes, and the customer's 50 m² too."""
    ctx = blind("df-0102")
    draft = ctx.draft.replace("hasta 60 m²", "hasta 40 m²").replace(
        "así que un salón de 50 m² está dentro de su rango",
        "así que un salón de 50 m² le queda grande",
    )
    assert "unbacked_figure" not in check(replace(ctx, draft=draft))


def test_a_product_the_shop_also_disposes_of_must_have_come_back():
    """Given a search that returned only the Brisa 300; when the draft adds "También
    disponemos del modelo Brisa 500", then the shop claims a product the search did not
    return: "disponemos de" is the shop's having, as "contamos con" is (df-0046)."""
    assert "stock_contradiction" in check(blind("df-0046"))


def test_a_torque_the_sheet_does_not_give_is_unbacked():
    """Given a driver whose name gives "20 V 205 Nm"; when the draft says "tiene 250 Nm
    de torque", then 250 is unbacked: newton-metres and volts are units (da-0044)."""
    assert check(blind("da-0044")).get("unbacked_figure") == ("250",)


def test_the_voltage_and_torque_the_sheet_gives_are_backed():
    ctx = blind("da-0044")
    assert "unbacked_figure" not in check(replace(ctx, draft=ctx.draft.replace("250 Nm", "205 Nm")))
