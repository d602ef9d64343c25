"""Every staff page works from the keyboard alone: each link, button and field is
reached by Tab in order, nothing answers only to a mouse click, and a person can
log in and run a search without touching the mouse."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import STAFF_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

STAFF_PAGES = (
    "/staff/",
    "/staff/corpus/",
    "/staff/corpus/delivery/edit/",
    "/staff/corpus/lint/",
    "/staff/corpus/try/?q=courier",
    "/staff/refunds/",
    "/staff/refunds/?tab=decided",
    "/staff/guards/",
    "/staff/inbox/",
)

# Elements a mouse user can act on that a keyboard user could not reach: htmx or
# onclick handlers fired by a click on something that is not natively focusable.
CLICK_ONLY = """() => [...document.querySelectorAll('[hx-get],[hx-post],[onclick]')]
  .filter(el => {
    const trigger = (el.getAttribute('hx-trigger') || '').trim();
    const byClick = el.hasAttribute('onclick') || trigger === '' || trigger.includes('click');
    const natural = el.matches('a[href],button,input,select,textarea,form,summary');
    return byClick && !natural && el.tabIndex < 0;
  }).map(el => el.outerHTML.slice(0, 120))"""

# A control's signature survives an htmx swap that re-renders it (polled partials).
SIGNATURE = """el => [el.tagName, el.id, el.getAttribute('name'), el.getAttribute('href'),
  el.getAttribute('value'), (el.textContent || '').trim().slice(0, 40)].join('|')"""
# Every visible control; Tab must visit them all.
CONTROLS = f"""() => [...document.querySelectorAll(
    'a[href],button,input:not([type=hidden]),select,textarea,summary,[tabindex]')]
    .filter(el => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0)
    .map({SIGNATURE})"""
FOCUSED = f"() => document.activeElement ? ({SIGNATURE})(document.activeElement) : null"

UNLABELLED = """() => [...document.querySelectorAll(
    'input:not([type=hidden]):not([type=submit]),select,textarea')]
  .filter(el => el.getClientRects().length > 0)
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby'))
  .map(el => el.outerHTML.slice(0, 120))"""


def _tab_through(page, count: int) -> set[str]:
    seen: set[str] = set()
    # a date field takes a Tab per part (day, month, year): allow three per control
    for _ in range(3 * count + 10):
        page.keyboard.press("Tab")
        seen.add(page.evaluate(FOCUSED))
    return seen


def test_every_staff_page_is_usable_from_the_keyboard(site, staff_user, new_page, shoot):
    # given a staff member in every group, logging in with the keyboard only
    staff_user("kim", "editors", "refund_approvers", "agents")
    page = new_page()
    page.goto(f"{site}/accounts/login/?next=/staff/")
    page.keyboard.press("Tab")  # the skip link
    page.focus("#id_username")
    page.keyboard.type("kim")
    page.keyboard.press("Tab")
    page.keyboard.type(STAFF_PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{site}/staff/")

    problems: dict[str, object] = {}
    for path in STAFF_PAGES:
        # when each page is opened
        response = page.goto(site + path)
        assert response is not None and response.status == 200, path
        page.wait_for_load_state("networkidle")  # partials loaded on page load are in
        # then nothing is click-only, no field is unlabelled, and Tab reaches everything
        click_only = page.evaluate(CLICK_ONLY)
        unlabelled = page.evaluate(UNLABELLED)
        controls = page.evaluate(CONTROLS)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        missed = sorted(set(controls) - _tab_through(page, len(controls)))
        if click_only or unlabelled or missed:
            problems[path] = {"click_only": click_only, "unlabelled": unlabelled, "missed": missed}
    assert problems == {}


def test_a_question_can_be_tried_with_the_keyboard_alone(site, staff_user, log_in, shoot):
    staff_user("eddie", "editors")
    page = log_in(site, "eddie", "/staff/corpus/try/")
    # the skip link comes first and lands in the main content
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Skip to content"
    page.focus("#try-q")
    page.keyboard.type("How much is courier delivery?")
    page.keyboard.press("Enter")
    page.wait_for_selector("text=delivery#1", timeout=30_000)
    shoot(page, "staff-try-keyboard")
