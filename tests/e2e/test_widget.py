"""The chat widget on the demo shop page, in a real browser, answered by a real
worker: a cited answer, isolation from the shop's CSS, a reload that continues the
conversation, the keyboard, and documents or messages that carry HTML."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.widget import Widget

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


def test_a_customer_asks_on_the_shop_page_and_sees_a_cited_answer(site, new_page, shoot):
    # Given the demo shop page, which embeds the widget with the shop's script tag
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    shoot(page, "a1-shop-page-widget-closed")

    # When the customer opens the chat and asks about delivery
    widget.open()
    dialog = page.get_by_role("dialog", name="Demo Shop help")
    expect(dialog).to_be_visible()
    widget.ask("How much is delivery to a courier office?")

    # Then a typing state shows while the worker answers, then the answer with its source
    expect(widget.typing).to_be_visible()
    expect(widget.typing).to_contain_text("The assistant is writing an answer")
    answer = widget.wait_for_answers(1)
    expect(widget.typing).to_be_hidden()
    expect(answer).to_contain_text("courier office")
    expect(answer).to_contain_text("[delivery#1]")
    source = answer.get_by_role("link", name="Delivery")
    expect(source).to_have_attribute("href", "https://demo-shop.example/help/delivery")
    expect(source).to_have_attribute("rel", "noopener noreferrer")
    shoot(page, "a2-widget-cited-answer")
    shoot(widget.panel, "a3-widget-panel")


def test_the_shops_aggressive_css_does_not_reach_the_widget(site, new_page):
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    widget.open()

    # The shop's own button is styled by the shop's rules...
    shop_button = page.get_by_role("button", name="Add to cart").first
    assert "Comic Sans" in shop_button.evaluate("e => getComputedStyle(e).fontFamily")
    # ...its universal !important rules and inherited text styles stop at the widget,
    style = widget.launcher.evaluate(
        """e => { const s = getComputedStyle(e);
                  return {font: s.fontFamily, transform: s.textTransform,
                          border: s.borderTopStyle, background: s.backgroundColor}; }"""
    )
    assert "Comic Sans" not in style["font"]
    assert style["transform"] == "none"
    assert style["border"] != "dashed"
    assert style["background"] != "rgb(0, 255, 102)"
    # ...and its rule hiding every [role=log] and [role=dialog] does not hide ours.
    expect(widget.log).to_be_visible()
    expect(page.get_by_role("dialog", name="Demo Shop help")).to_be_visible()


def test_a_reload_continues_the_conversation(site, new_page, shoot):
    # Given a conversation with one answer
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    widget.open()
    widget.ask("How long does delivery take?")
    widget.wait_for_answers(1)
    conversation = widget.conversation_id()
    assert conversation

    # When the customer reloads the page
    page.reload()

    # Then the panel is open again with the same conversation: question and answer
    widget = Widget(page)
    expect(widget.launcher).to_have_attribute("aria-expanded", "true")
    expect(widget.messages("customer")).to_have_count(1)
    expect(widget.messages("customer")).to_contain_text("How long does delivery take?")
    expect(widget.messages("assistant")).to_have_count(1)
    expect(widget.messages("assistant")).to_contain_text("[delivery#2]")
    assert widget.conversation_id() == conversation

    # and a next question continues it (one more answer, same conversation)
    widget.ask("How much does delivery cost?")
    widget.wait_for_answers(2)
    assert widget.conversation_id() == conversation
    shoot(page, "a4-widget-after-reload")


def test_the_spanish_shop_gets_a_spanish_widget_and_answer(site, new_page, shoot):
    page = new_page()
    page.goto(f"{site}/shop/?lang=es")
    widget = Widget(page, launcher="Chateá con nosotros")
    widget.open()
    expect(page.get_by_role("dialog", name="Ayuda de Tienda Demo")).to_be_visible()
    expect(page.get_by_role("textbox", name="Tu mensaje")).to_be_focused()

    widget.ask("¿Cuánto sale el envío a Rosario?")

    answer = widget.wait_for_answers(1)
    expect(answer).to_contain_text("[envios#2]")
    expect(answer).to_contain_text("Asistente")
    expect(answer.get_by_role("link", name="Envíos")).to_have_attribute(
        "href", "https://tienda-demo.example/ayuda/envios"
    )
    shoot(page, "a5-widget-spanish")


def test_the_widget_works_with_the_keyboard_only(site, new_page, shoot):
    # Given the shop page, nothing focused
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    expect(widget.launcher).to_be_visible()

    # When the customer presses Tab until the launcher has the focus
    for _ in range(40):
        page.keyboard.press("Tab")
        if widget.focused()["inner"] == "sd-launcher":
            break
    else:
        raise AssertionError("Tab never reached the widget's launcher")
    shoot(page, "k1-launcher-focused")

    # and presses Enter: the panel opens and the focus is in the message box
    page.keyboard.press("Enter")
    expect(widget.launcher).to_have_attribute("aria-expanded", "true")
    expect(widget.input).to_be_focused()

    # and types a question and sends it with Enter
    page.keyboard.type("How long does delivery take?")
    page.keyboard.press("Enter")
    answer = widget.wait_for_answers(1)
    expect(answer).to_contain_text("[delivery#2]")

    # Then Tab goes round the page and the panel back to the message box, through every
    # control of the panel, the cited source's link included
    reached = []
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = widget.focused()
        if focused["inner"] == "sd-input":
            break
        reached.append(focused["inner"] or focused["outer"])
    else:
        raise AssertionError(f"Tab never came back to the message box: {reached}")
    assert {"sd-send", "sd-launcher", "sd-close", "sd-log", "a"} <= set(reached), reached
    shoot(page, "k2-widget-keyboard-answer")

    # And Escape closes the panel and gives the focus back to the launcher
    widget.input.focus()
    page.keyboard.press("Escape")
    expect(widget.panel).to_be_hidden()
    expect(widget.launcher).to_have_attribute("aria-expanded", "false")
    assert widget.focused()["inner"] == "sd-launcher"


def test_html_in_a_document_a_title_or_a_message_shows_as_text_and_never_runs(
    site, new_page, shoot
):
    from knowledge.models import Document
    from knowledge.parsing import parse_document
    from knowledge.services import document_import
    from support.models import Conversation, Message

    # Given a document whose title, answer and source link carry HTML and script
    # (the importer refuses a javascript: source_url; a row can still hold one)
    document_import(
        parsed=parse_document(
            slug="gift-wrap",
            text=(
                "---\n"
                "source_url: https://demo-shop.example/help/gift-wrap\n"
                "language: en\n"
                "---\n"
                '# Gift wrap <img src=x onerror="window.__pwned=2">\n\n'
                "## Do you offer gift wrapping?\n"
                "Yes, we wrap gifts for free. <script>window.__pwned=1</script> "
                '<img src=x onerror="window.__pwned=1"> Choose gift wrap at checkout.\n'
                "> Also asked: Can you gift wrap my order?\n"
            ),
        )
    )
    Document.objects.filter(slug="gift-wrap").update(source_url="javascript:window.__pwned=3")
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    widget.open()

    # When the customer asks about it (and writes HTML of their own)
    widget.ask("Do you offer gift wrapping?")
    answer = widget.wait_for_answers(1)
    widget.ask('<img src=x onerror="window.__pwned=4"> <b>thanks</b>')
    widget.wait_for_answers(2)
    # and a staff reply carries markup too
    conversation = Conversation.objects.get(public_id=widget.conversation_id())
    Message.objects.create(
        conversation=conversation,
        role=Message.Role.STAFF,
        text="<script>window.__pwned=5</script><img src=x onerror=window.__pwned=6>Hello",
    )
    staff = widget.messages("staff")
    expect(staff).to_have_count(1, timeout=30_000)

    # Then all of it shows as text, nothing ran, and no element was made from it
    expect(answer).to_contain_text("window.__pwned=1")
    expect(answer).to_contain_text("wrap gifts for free")
    expect(answer.locator(".sd-sources li")).to_have_text(
        'Gift wrap <img src=x onerror="window.__pwned=2"> (gift-wrap#1)'
    )
    expect(answer.locator(".sd-sources a")).to_have_count(0)  # javascript: is no link
    expect(widget.messages("customer").nth(1)).to_contain_text(
        '<img src=x onerror="window.__pwned=4"> <b>thanks</b>'
    )
    expect(staff).to_contain_text("<script>window.__pwned=5</script><img src=x")
    made = page.evaluate(
        "document.querySelector('support-desk-widget').shadowRoot"
        ".querySelectorAll('.sd-log script, .sd-log img, .sd-log b').length"
    )
    assert made == 0
    assert page.evaluate("typeof window.__pwned") == "undefined"
    shoot(page, "d1-widget-html-as-text")


def test_the_widget_follows_the_conversations_language(site, new_page, shoot):
    # Given the English shop page: the widget speaks English before anything is said
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    widget.open()
    expect(page.get_by_role("textbox", name="Your message")).to_be_focused()

    # When the customer writes in Spanish (the first message sets the conversation's language)
    widget.ask("¿en cuántos días llega el pedido?")

    # Then the answer comes from this (English) shop's own documents — never the Spanish
    # shop's, which answer the same topic — and the widget speaks Spanish
    answer = widget.wait_for_answers(1)
    expect(answer).to_contain_text("[delivery#2]")
    expect(answer).to_contain_text("Asistente")
    expect(widget.messages("customer")).to_contain_text("Vos")
    expect(page.get_by_role("textbox", name="Tu mensaje")).to_be_visible()
    expect(page.get_by_role("button", name="Cerrar el chat")).to_be_visible()
    shoot(page, "a6-widget-follows-language")


def test_a_conversation_handed_to_a_person_says_so_and_a_closed_one_can_start_over(
    site, new_page, staff_user, shoot
):
    from support.backoffice.handoff import conversation_close, staff_reply_post
    from support.models import Conversation, Message

    # Given a customer whose conversation has been handed to a person
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    widget.open()
    widget.ask("How long does delivery take?")
    widget.wait_for_answers(1)
    public_id = widget.conversation_id()
    Conversation.objects.filter(public_id=public_id).update(
        status=Conversation.Status.HANDED_OFF, handoff_note="test: a person takes over"
    )

    # When an agent replies
    agent = staff_user("alex", "agents")
    staff_reply_post(public_id=public_id, author=agent, text="Hi, I'm Alex. I'll check it.")

    # Then the widget shows the staff reply, marked as a person, and the handed-off state
    staff = widget.messages("staff")
    expect(staff).to_have_count(1, timeout=30_000)
    expect(staff).to_contain_text("Hi, I'm Alex.")
    expect(widget.notice).to_contain_text("A person from our team has this conversation now")
    shoot(page, "h1-widget-handed-off")

    # and a message from the customer waits for the person: no typing state, no bot answer
    widget.ask("Thanks, I'll wait.")
    expect(widget.typing).to_be_hidden()
    page.wait_for_timeout(3000)
    expect(widget.messages("assistant")).to_have_count(1)
    replies = Message.objects.filter(conversation__public_id=public_id, role=Message.Role.ASSISTANT)
    assert replies.count() == 1

    # When the agent closes the conversation, the widget's next poll says so (the API
    # reports the state even when nothing new was said) and offers a new conversation
    conversation_close(public_id=public_id, actor=agent)
    expect(widget.notice).to_contain_text("This conversation is closed.", timeout=30_000)
    expect(widget.input).to_be_disabled()
    shoot(page, "h2-widget-closed")
    restart = page.get_by_role("button", name="Start a new conversation")
    expect(restart).to_be_focused()  # the message box went away; the focus stays in the panel
    page.keyboard.press("Enter")
    expect(widget.input).to_be_enabled()
    expect(widget.input).to_be_focused()
    expect(widget.messages()).to_have_count(0)
    widget.ask("How much is delivery to a courier office?")
    expect(widget.wait_for_answers(1)).to_contain_text("[delivery#1]")
    assert widget.conversation_id() != public_id


def test_a_message_sent_into_a_just_closed_conversation_shows_the_closed_state(
    site, new_page, shoot
):
    from support.models import Conversation, Message

    # Given an answered customer whose widget has not polled since a person closed it
    page = new_page()
    page.goto(f"{site}/shop/")
    widget = Widget(page)
    widget.open()
    widget.ask("How long does delivery take?")
    widget.wait_for_answers(1)
    public_id = widget.conversation_id()
    Conversation.objects.filter(public_id=public_id).update(status=Conversation.Status.CLOSED)

    # When the customer writes at once, then the API's 409 turns into the closed state:
    # the text is not stored, the box is disabled and a new conversation is offered
    widget.input.fill("One more thing")
    widget.input.press("Enter")
    expect(widget.notice).to_contain_text("This conversation is closed.")
    expect(widget.input).to_be_disabled()
    expect(page.get_by_role("button", name="Start a new conversation")).to_be_visible()
    assert not Message.objects.filter(text="One more thing").exists()
