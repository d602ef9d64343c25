"""The chat widget as a customer sees it (Playwright's CSS and role locators reach
into its open shadow root)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

ANSWER_TIMEOUT_MS = 90_000  # a cold worker loads the embedder before its first answer


class Widget:
    def __init__(self, page: Page, *, launcher: str = "Chat with us") -> None:
        self.page = page
        self.host = page.locator("support-desk-widget")
        self.launcher = page.get_by_role("button", name=launcher)
        self.panel = page.locator("support-desk-widget .sd-panel")
        self.input = page.locator("support-desk-widget .sd-input")
        self.log = page.locator("support-desk-widget .sd-log")
        self.typing = page.locator("support-desk-widget .sd-typing")
        self.notice = page.locator("support-desk-widget .sd-notice")

    def messages(self, role: str | None = None) -> Locator:
        selector = ".sd-msg" if role is None else f'.sd-msg[data-role="{role}"]'
        return self.page.locator(f"support-desk-widget {selector}")

    def open(self) -> None:
        self.launcher.click()
        expect(self.launcher).to_have_attribute("aria-expanded", "true")
        expect(self.input).to_be_focused()

    def ask(self, text: str) -> None:
        """Type a question and send it with Enter; wait until it shows as sent."""
        sent_before = self.messages("customer").count()
        self.input.fill(text)
        self.input.press("Enter")
        expect(self.messages("customer")).to_have_count(sent_before + 1)

    def wait_for_answers(self, count: int) -> Locator:
        """The ``count``-th assistant reply, once it is on screen."""
        expect(self.messages("assistant")).to_have_count(count, timeout=ANSWER_TIMEOUT_MS)
        return self.messages("assistant").nth(count - 1)

    def conversation_id(self) -> Any:
        return self.page.evaluate(
            """() => {
                for (let i = 0; i < localStorage.length; i++) {
                    const key = localStorage.key(i);
                    if (key.startsWith('support-desk:')) {
                        return JSON.parse(localStorage.getItem(key)).id;
                    }
                }
                return null;
            }"""
        )

    def focused(self) -> dict[str, Any]:
        """What has the keyboard focus: the page's element, and inside the widget's
        shadow root the element there."""
        return self.page.evaluate(
            """() => {
                const outer = document.activeElement;
                const inner = outer && outer.shadowRoot ? outer.shadowRoot.activeElement : null;
                return {
                    outer: outer ? outer.tagName.toLowerCase() : null,
                    inner: inner ? inner.className || inner.tagName.toLowerCase() : null,
                };
            }"""
        )
