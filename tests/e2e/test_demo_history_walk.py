"""A newcomer after ``make run``: the demo history is played, they log in with the
demo account ``make run`` made through the staff service (its password read from
var/demo-staff.txt, as the README says), and every staff page shows demo content —
never its empty state. Screenshots in test-artifacts/e2e/demo-*.png."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

EMPTY_STATES = (
    "No finished question in these days.",
    "No turn was handed off in these days.",
    "No guard rejected a draft in these days.",
    "No note matches these filters.",
    "No refund request is waiting.",
    "No conversation is waiting for a person.",
    "No documents yet.",
    "Nothing unanswered",
    "No shop yet",
    "No order.",
)


@pytest.fixture
def demo_site(live_server, demo_corpus, tmp_path) -> tuple[str, str, str]:
    """The live server after make run's steps: demo shop, demo history, demo staff.
    Returns (base URL, username, password) of the account in every staff group."""
    from support.demo.shop import load_demo_shop
    from support.demo.staff import ensure_demo_staff

    load_demo_shop()
    call_command("demo_history", stdout=StringIO())
    credentials = tmp_path / "var" / "demo-staff.txt"
    ensure_demo_staff(credentials_file=credentials, login_url=f"{live_server.url}/accounts/login/")
    line = next(row for row in credentials.read_text().splitlines() if row.startswith("demo-all\t"))
    username, password, _groups = line.split("\t")
    cache.clear()
    yield live_server.url, username, password
    cache.clear()


def visit(page: Page, url: str) -> Page:
    response = page.goto(url)
    assert response is not None and response.status == 200, (
        f"{url}: HTTP {response and response.status}"
    )
    main = page.locator("main")
    for empty in EMPTY_STATES:
        expect(main).not_to_contain_text(empty)
    return page


def test_a_newcomer_logs_in_and_every_staff_page_shows_the_demo_history(demo_site, new_page, shoot):
    base, username, password = demo_site
    # Given the login page make run printed, and the demo account's password
    page = new_page()
    page.goto(f"{base}/accounts/login/?next=/staff/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()
    assert page.url.rstrip("/").endswith("/staff"), f"login failed: {page.url}"

    # Then the dashboard has figures, handoffs and guard rejections
    visit(page, f"{base}/staff/")
    expect(page.locator("main")).to_contain_text("discount_promise")
    shoot(page, "demo-1-dashboard")

    # The guard log: a blocked discount and an unbacked figure with its figure marked
    visit(page, f"{base}/staff/guards/")
    expect(page.locator("main")).to_contain_text("discount_promise")
    unbacked = page.locator("tr").filter(has_text="unbacked_figure").first
    expect(unbacked.locator("mark.extra")).to_contain_text("100")
    shoot(page, "demo-2-guard-log")
    unbacked.get_by_role("link").first.click()
    page.wait_for_load_state()
    expect(page.locator("main mark").first).to_be_visible()
    shoot(page, "demo-3-guard-note-unbacked-figure")

    # The refund queue: a held refund in each demo shop
    visit(page, f"{base}/staff/refunds/")
    expect(page.locator("main")).to_contain_text("Order 1187")
    expect(page.locator("main")).to_contain_text("Order 2077")
    expect(page.get_by_role("button", name=re.compile(r"^\s*Approve")).first).to_be_visible()
    shoot(page, "demo-4-refunds")

    # The handoff inbox: handed-off conversations, badged as demo data
    visit(page, f"{base}/staff/inbox/")
    expect(page.locator("main")).to_contain_text("Plovdiv")
    expect(page.locator("main .badge", has_text="demo").first).to_be_visible()
    shoot(page, "demo-5-inbox")
    page.get_by_role("link", name=re.compile(r"^Open ")).first.click()
    page.wait_for_load_state()
    expect(page.locator("h1 .badge")).to_have_text("demo")
    shoot(page, "demo-6-inbox-conversation")

    # The corpus, the questions nobody answered, the shops and their orders
    visit(page, f"{base}/staff/corpus/")
    expect(page.locator("main")).to_contain_text("delivery")
    shoot(page, "demo-7-corpus")
    visit(page, f"{base}/staff/unanswered/")
    expect(page.locator("main")).to_contain_text("Plovdiv")
    expect(page.locator("main")).to_contain_text("Mendoza")
    shoot(page, "demo-8-unanswered")
    visit(page, f"{base}/staff/shops/")
    expect(page.locator("main")).to_contain_text("tienda-demo")
    visit(page, f"{base}/staff/shops/demo-shop/")
    expect(page.locator("main")).to_contain_text("1042")
    shoot(page, "demo-9-shop")

    # The privacy page lists nothing by design (it exports or erases on request):
    # it opens for this account with both forms
    visit(page, f"{base}/staff/privacy/")
    expect(page.locator("main form")).to_have_count(2)
    shoot(page, "demo-10-privacy")
