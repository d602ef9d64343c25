"""The shops' staff page: read only, each shop's own rows, the last write of each way
in and the errors of the last refused one; agents and editors only."""

from __future__ import annotations

from decimal import Decimal

import pytest

from config.staff_access import StaffGroup
from support.shops.records import create_shop
from support.shops.rows import ProductRow
from support.shops.writes import WayIn, record_failure, write_products

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_shops():
    a = create_shop(slug="shop-a", name="Shop A", languages=["en"])
    b = create_shop(slug="shop-b", name="Shop B", languages=["en"])
    row = ProductRow("CHR-100", "Oak chair", Decimal("10"), "EUR", True, None)
    write_products(shop=a, rows=[row], way=WayIn.FILE, label="t")
    other = ProductRow("TBL-9", "Pine table", Decimal("20"), "EUR", True, None)
    write_products(shop=b, rows=[other], way=WayIn.PUSH, label="t")
    record_failure(shop=a, way=WayIn.PUSH, what="orders", problems=["[0] status: bad"])
    return a, b


def test_an_agent_sees_one_shops_rows_and_its_ways_in(client, make_staff, two_shops):
    client.force_login(make_staff("amy", StaffGroup.AGENTS))
    listing = client.get("/staff/shops/")
    assert listing.status_code == 200 and b"shop-a" in listing.content
    page = client.get("/staff/shops/shop-a/").content.decode()
    assert "CHR-100" in page and "TBL-9" not in page
    assert "[0] status: bad" in page and "never" in page
    searched = client.get("/staff/shops/shop-a/", {"q": "nothing-like-this"}).content.decode()
    assert "CHR-100" not in searched


def test_a_refund_approver_and_a_visitor_are_refused(client, make_staff, two_shops):
    assert client.get("/staff/shops/").status_code == 302  # to the login page
    client.force_login(make_staff("rita", StaffGroup.REFUND_APPROVERS))
    assert client.get("/staff/shops/shop-a/").status_code == 403


def test_an_unknown_shop_is_a_404(client, make_staff):
    client.force_login(make_staff("eddie", StaffGroup.EDITORS))
    assert client.get("/staff/shops/nowhere/").status_code == 404
