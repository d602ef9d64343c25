"""The widget on a shop's own site, another origin than the desk's, in a Chromium
that blocks third-party cookies: the conversation lives on its token (a header), so
it survives a reload and gets its answers; a customer the shop signed in sees their
own order without telling the desk their e-mail.

The shop is the demo shop page served as http://localhost:PORT, the desk the same
live server as http://127.0.0.1:PORT: two origins, two sites for the cookie rules."""

from __future__ import annotations

import http.server
import threading
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from support.models import Conversation, Message
from tests.e2e.conftest import wait_for
from tests.e2e.widget import Widget

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture
def strict_browser(browser) -> Any:
    """The session's Chromium: its contexts block third-party cookies (each test
    proves it first with CookieProbe). A second Playwright cannot run beside it."""
    return browser


@pytest.fixture
def two_origins(site, settings) -> tuple[str, str]:
    """(the shop's origin, the desk's origin) on the one live server."""
    port = urlsplit(site).port
    shop, desk = f"http://localhost:{port}", f"http://127.0.0.1:{port}"
    settings.SUPPORT_DEMO_DESK_URL = desk
    settings.SUPPORT_WIDGET_ALLOWED_ORIGINS = [shop]
    return shop, desk


class Recorder:
    """Every request the page makes to the desk, with the headers it really sent."""

    def __init__(self, page: Any, desk: str) -> None:
        self.calls: list[dict[str, Any]] = []
        page.on("request", self._seen)
        self.desk = desk

    def _seen(self, request: Any) -> None:
        if request.url.startswith(self.desk + "/api/"):
            self.calls.append({"url": request.url, "method": request.method,
                               "headers": request.all_headers()})  # fmt: skip


def open_page(browser: Any, errors: list[str]) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
    )
    return context, page


class CookieProbe:
    """A tiny server of its own on both host names: it sets a SameSite=None cookie for
    ``localhost`` and records the Cookie header each request brought, so the test
    reads what the browser really sent (the hosts, not the ports, decide the sites)."""

    def __init__(self) -> None:
        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                seen.append((self.path, self.headers.get("Cookie") or ""))
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                if self.path == "/set":
                    self.send_header("Set-Cookie", "probe=1; SameSite=None; Secure; Path=/")
                self.end_headers()
                self.wfile.write(b"<p>probe</p>")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_port
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def cookie_on_fetch(self, page: Any, *, from_host: str) -> str:
        """Set the cookie on localhost, then fetch localhost from a page on ``from_host``."""
        page.goto(f"http://localhost:{self.port}/set")
        page.goto(f"http://{from_host}:{self.port}/page")
        page.evaluate(
            "url => fetch(url, {credentials: 'include', mode: 'no-cors'}).catch(() => null)",
            f"http://localhost:{self.port}/fetched-from-{from_host}",
        )
        path = f"/fetched-from-{from_host}"
        found = wait_for(
            lambda: [cookie for p, cookie in self.seen if p == path] or None,
            timeout=10,
            what="the probe's fetch",
        )
        return found[0]

    def close(self) -> None:
        self.server.shutdown()


def test_a_conversation_on_the_shops_origin_survives_a_reload_with_third_party_cookies_blocked(
    strict_browser, two_origins, shoot
):
    shop, desk = two_origins
    errors: list[str] = []
    context, page = open_page(strict_browser, errors)
    try:
        # Given a browser that really blocks third-party cookies: a SameSite=None cookie
        # of localhost travels on localhost's own fetch, not on one from 127.0.0.1
        probe = CookieProbe()
        try:
            assert probe.cookie_on_fetch(page, from_host="localhost") == "probe=1"
            assert probe.cookie_on_fetch(page, from_host="127.0.0.1") == ""
        finally:
            probe.close()
        context.clear_cookies()
        page.goto(f"{shop}/shop/")

        # When the customer asks in the widget on the shop's page
        recorder = Recorder(page, desk)
        widget = Widget(page)
        widget.open()
        widget.ask("How much is delivery to a courier office?")
        first = widget.wait_for_answers(1)
        expect(first).to_contain_text("courier office")
        conversation = widget.conversation_id()

        # and reloads the page, and asks a follow-up
        page.reload()
        widget = Widget(page)
        expect(widget.messages("customer")).to_have_count(1)
        expect(widget.messages("assistant")).to_have_count(1)
        if widget.launcher.get_attribute("aria-expanded") != "true":
            widget.open()
        widget.ask("And how long does it take?")
        second = widget.wait_for_answers(2)
        expect(second).not_to_be_empty()
        shoot(page, "x1-widget-cross-origin-after-reload")

        # Then it is the same conversation, continued on its token alone
        assert widget.conversation_id() == conversation
        stored = Conversation.objects.get(public_id=conversation)
        assert stored.session_key == ""
        asked = Message.objects.filter(conversation=stored, role=Message.Role.CUSTOMER)
        assert asked.count() == 2
        # and every call about the conversation carried its token
        later = [c for c in recorder.calls if "/messages/" in c["url"] and c["method"] != "OPTIONS"]
        assert later and all(c["headers"].get("x-conversation-token") for c in later)
        assert not errors, errors
    finally:
        context.close()


def test_a_customer_the_shop_signed_in_sees_their_own_order(strict_browser, two_origins, shoot):
    shop, _desk = two_origins
    errors: list[str] = []
    context, page = open_page(strict_browser, errors)
    try:
        # Given the shop's page carries its signed-in customer's signature
        page.goto(f"{shop}/shop/?signed=1")

        # When they ask about their order without giving any e-mail
        widget = Widget(page)
        widget.open()
        widget.ask("Where is my order 1042?")
        answer = widget.wait_for_answers(1)

        # Then the desk answers for their order
        expect(answer).to_contain_text("1042")
        expect(answer).to_contain_text("shipped")
        shoot(page, "x2-widget-signed-customer-order")
        stored = Conversation.objects.get(public_id=widget.conversation_id())
        assert stored.customer is not None and stored.customer.email == "demo@demo-shop.example"
        assert not errors, errors
    finally:
        context.close()
