"""The handoff inbox (/staff/inbox/): agents read handed-off conversations, reply as
staff (the customer's widget shows it), close them or give them back to the assistant."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse

from config.audit.models import AuditEntry
from support.backoffice.handoff import (
    ConversationNotHandedOff,
    HandoffNotAllowed,
    InvalidReply,
    conversation_close,
    conversation_return_to_bot,
    staff_reply_post,
)
from support.models import Conversation, Customer, Message, Shop, Turn
from tests.support.test_refund_decisions import staff_user

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
INBOX = reverse("inbox-list")


def handed_off(
    *,
    question: str = "My order 1042 never arrived and the tracking says delivered.",
    note: str = "refund_promise: the draft promised a refund",
    status: str = Conversation.Status.HANDED_OFF,
    session_key: str = "",
    context: dict | None = None,
) -> Conversation:
    """A conversation the assistant handed to a person, with the turn that did it."""
    shop, _ = Shop.objects.get_or_create(slug="demo-shop", defaults={"name": "Demo Shop"})
    customer, _ = Customer.objects.get_or_create(
        shop=shop, email="carla@example.com", defaults={"name": "Carla Cliente"}
    )
    conversation = Conversation.objects.create(
        customer=customer, status=status, handoff_note=note, session_key=session_key
    )
    ask = Message.objects.create(
        conversation=conversation, role=Message.Role.CUSTOMER, text=question
    )
    reply = Message.objects.create(
        conversation=conversation,
        role=Message.Role.ASSISTANT,
        text="I am passing your question to a person who will answer here.",
    )
    Turn.objects.create(
        conversation=conversation,
        message=ask,
        reply=reply,
        status=Turn.Status.DONE,
        action=Turn.Action.HANDED_OFF,
        error=note,
        context=context or {},
    )
    return conversation


def url(name: str, conversation: Conversation | str) -> str:
    return reverse(name, args=[getattr(conversation, "public_id", conversation)])


@pytest.fixture
def agent():
    return staff_user("ana", "agents")


@pytest.fixture
def agent_client(client, agent):
    client.force_login(agent)
    return client


# --- permissions ------------------------------------------------------------------------


def test_anonymous_users_are_sent_to_login_on_every_inbox_view(client):
    # given a handed-off conversation and nobody signed in
    conversation = handed_off()
    # when an anonymous visitor opens the pages or posts the actions
    responses = [
        client.get(INBOX),
        client.get(url("inbox-detail", conversation)),
        client.post(url("inbox-reply", conversation), {"text": "hi"}),
        client.post(url("inbox-close", conversation)),
        client.post(url("inbox-return", conversation)),
    ]
    # then each is redirected to login, and nothing changed
    for response in responses:
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
    conversation.refresh_from_db()
    assert conversation.status == "handed_off"
    assert not conversation.messages.filter(role="staff").exists()


@pytest.mark.parametrize("groups", [("editors",), ("refund_approvers",)])
def test_editors_and_refund_approvers_cannot_use_the_inbox(client, groups):
    # given a handed-off conversation and a signed-in editor or refund approver
    conversation = handed_off()
    client.force_login(staff_user("someone", *groups))
    # when they open the pages or post the actions (plain or htmx)
    responses = [
        client.get(INBOX),
        client.get(url("inbox-detail", conversation)),
        client.post(url("inbox-reply", conversation), {"text": "hi"}),
        client.post(url("inbox-reply", conversation), {"text": "hi"}, **HTMX),
        client.post(url("inbox-close", conversation)),
        client.post(url("inbox-return", conversation), **HTMX),
    ]
    # then every answer is 403, and nothing changed
    assert {r.status_code for r in responses} == {403}
    conversation.refresh_from_db()
    assert conversation.status == "handed_off"
    assert not conversation.messages.filter(role="staff").exists()
    assert not AuditEntry.objects.exists()


def test_a_refund_approver_who_is_also_an_agent_may_use_the_inbox(client):
    conversation = handed_off()
    client.force_login(staff_user("both", "refund_approvers", "agents"))
    assert client.get(INBOX).status_code == 200
    assert client.get(url("inbox-detail", conversation)).status_code == 200


def test_the_services_refuse_non_agents_too():
    # given a handed-off conversation and an editor calling the services directly
    conversation = handed_off()
    editor = staff_user("eddie", "editors")
    # then each service refuses
    with pytest.raises(HandoffNotAllowed):
        staff_reply_post(public_id=conversation.public_id, author=editor, text="hi")
    with pytest.raises(HandoffNotAllowed):
        conversation_close(public_id=conversation.public_id, actor=editor)
    with pytest.raises(HandoffNotAllowed):
        conversation_return_to_bot(public_id=conversation.public_id, actor=editor)


# --- the list and the conversation -----------------------------------------------------------


def test_the_inbox_lists_handed_off_conversations_newest_first_with_the_note(agent_client):
    # given two handed-off conversations (the second more recent), one with the bot, one closed
    older = handed_off(question="Where is order 1041?", note="older note")
    newer = handed_off(question="Where is order 1042?", note="newer note")
    Message.objects.filter(conversation=older).update(
        created_at=newer.created_at - timedelta(hours=2)
    )
    with_bot = handed_off(status=Conversation.Status.BOT, note="bot note")
    closed = handed_off(status=Conversation.Status.CLOSED, note="closed note")
    # when an agent opens the inbox
    response = agent_client.get(INBOX)
    html = response.content.decode()
    # then only the handed-off ones are listed, newest first, each with its note and a link
    assert response.status_code == 200
    assert "newer note" in html and "older note" in html
    assert "bot note" not in html and "closed note" not in html
    assert html.index("newer note") < html.index("older note")
    assert f'href="{url("inbox-detail", newer)}"' in html
    assert with_bot.public_id not in html and closed.public_id not in html


def test_the_conversation_page_shows_every_message_the_turns_and_the_actions(agent_client):
    # given a handed-off conversation
    conversation = handed_off()
    # when the agent opens it
    response = agent_client.get(url("inbox-detail", conversation))
    html = response.content.decode()
    # then each message is shown with its role, and the assistant's final action with the note
    assert response.status_code == 200
    assert "My order 1042 never arrived" in html
    assert "I am passing your question to a person" in html
    assert ">customer</span>" in html and ">assistant</span>" in html
    assert "handed off" in html and "refund_promise: the draft promised a refund" in html
    # and a reply form, Close and Give back, each a plain form with an htmx post
    assert '<textarea id="reply-text" name="text"' in html
    assert re.search(r"<button [^>]*>Send</button>", html)
    assert re.search(r"<button [^>]*>Close</button>", html)
    assert re.search(r"<button [^>]*>Give back to the assistant</button>", html)
    for name in ("inbox-reply", "inbox-close", "inbox-return"):
        target = url(name, conversation)
        assert f'action="{target}"' in html and f'hx-post="{target}"' in html


def test_an_unknown_conversation_is_a_404_everywhere(agent_client):
    missing = "no-such-conversation"
    assert agent_client.get(url("inbox-detail", missing)).status_code == 404
    for name in ("inbox-reply", "inbox-close", "inbox-return"):
        assert agent_client.post(url(name, missing), {"text": "hi"}).status_code == 404
        response = agent_client.post(url(name, missing), {"text": "hi"}, **HTMX)
        assert response.status_code == 404
        assert "There is no such conversation." in response.content.decode()


# --- replying -----------------------------------------------------------------------------


def test_a_staff_reply_reaches_the_customers_widget(client, agent):
    # given a customer's conversation (started through the widget's API) handed to a person
    started = client.post(
        "/api/conversations/", {"language": "en"}, content_type="application/json"
    )
    public_id = started.json()["id"]
    Conversation.objects.filter(public_id=public_id).update(status="handed_off")
    seen = client.get(f"/api/conversations/{public_id}/messages/").json()["messages"]
    last_seen = max((m["id"] for m in seen), default=0)

    # when an agent replies from the inbox (htmx)
    from django.test import Client

    staff = Client()
    staff.force_login(agent)
    response = staff.post(
        url("inbox-reply", public_id), {"text": "Hi, I am Ana. Your parcel is on its way."}, **HTMX
    )

    # then the panel partial comes back with the reply in it
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and html.strip().startswith('<section id="conversation"')
    assert "Hi, I am Ana." in html and "Reply sent" in html
    # and the customer's widget sees a staff message when it polls
    polled = client.get(f"/api/conversations/{public_id}/messages/?after={last_seen}")
    assert [(m["role"], m["text"]) for m in polled.json()["messages"]] == [
        ("staff", "Hi, I am Ana. Your parcel is on its way.")
    ]
    # and the reply is audited
    entry = AuditEntry.objects.get(action="conversation.staff_reply")
    assert entry.actor == agent and entry.data["public_id"] == public_id


def test_a_plain_form_reply_redirects_back_to_the_conversation(agent_client):
    conversation = handed_off()
    response = agent_client.post(url("inbox-reply", conversation), {"text": "On it."})
    assert response.status_code == 302 and response["Location"] == url("inbox-detail", conversation)
    page = agent_client.get(response["Location"]).content.decode()
    assert "Reply sent" in page and "On it." in page


@pytest.mark.parametrize("htmx", [True, False])
def test_an_empty_reply_is_a_400_with_a_message_and_posts_nothing(agent_client, htmx):
    conversation = handed_off()
    response = agent_client.post(
        url("inbox-reply", conversation), {"text": "   "}, **(HTMX if htmx else {})
    )
    assert response.status_code == 400
    assert "The reply is empty." in response.content.decode()
    assert not conversation.messages.filter(role="staff").exists()
    assert not AuditEntry.objects.exists()


def test_a_reply_to_a_closed_conversation_is_refused(agent_client):
    # given a closed conversation
    conversation = handed_off(status=Conversation.Status.CLOSED)
    # when an agent replies, then it is a 409 with a reason, and nothing is posted
    response = agent_client.post(url("inbox-reply", conversation), {"text": "Hello?"}, **HTMX)
    assert response.status_code == 409
    assert "This conversation is closed" in response.content.decode()
    assert not conversation.messages.filter(role="staff").exists()


def test_the_reply_service_refuses_empty_text_and_bot_conversations(agent):
    with pytest.raises(InvalidReply, match="empty"):
        staff_reply_post(public_id=handed_off().public_id, author=agent, text="\n ")
    bot = handed_off(status=Conversation.Status.BOT)
    with pytest.raises(ConversationNotHandedOff, match="with the assistant"):
        staff_reply_post(public_id=bot.public_id, author=agent, text="hi")


# --- closing and giving back -------------------------------------------------------------


def test_closing_a_conversation_is_audited_and_happens_once(agent_client, agent):
    # given a handed-off conversation
    conversation = handed_off()
    # when the agent closes it (htmx)
    response = agent_client.post(url("inbox-close", conversation), **HTMX)
    # then it is closed, the panel says so without the actions, and the audit log has it
    html = response.content.decode()
    assert response.status_code == 200 and "Conversation closed." in html
    assert ">Close</button>" not in html and ">Send</button>" not in html
    conversation.refresh_from_db()
    assert conversation.status == "closed"
    entry = AuditEntry.objects.get(action="conversation.close")
    assert entry.actor == agent and entry.data["from"] == "handed_off"
    # and closing it again is a 409 with a message, with no second audit row
    again = agent_client.post(url("inbox-close", conversation), **HTMX)
    assert again.status_code == 409 and "is closed" in again.content.decode()
    assert AuditEntry.objects.filter(action="conversation.close").count() == 1


def test_giving_back_to_the_assistant_sets_the_status_to_bot(agent_client):
    # given a handed-off conversation
    conversation = handed_off()
    # when the agent gives it back without JavaScript
    response = agent_client.post(url("inbox-return", conversation))
    # then it is with the assistant again, and the page says so
    assert response.status_code == 302
    conversation.refresh_from_db()
    assert conversation.status == "bot"
    assert AuditEntry.objects.filter(action="conversation.return_to_bot").count() == 1
    page = agent_client.get(response["Location"]).content.decode()
    assert "given back to the assistant" in page
    # and it has left the inbox
    assert conversation.public_id not in agent_client.get(INBOX).content.decode()


def test_a_plain_post_on_a_conversation_no_longer_handed_off_shows_the_page_with_a_409(
    agent_client,
):
    conversation = handed_off(status=Conversation.Status.BOT)
    response = agent_client.post(url("inbox-close", conversation))
    assert response.status_code == 409
    html = response.content.decode()
    assert "<html" in html and "is with the assistant" in html
    conversation.refresh_from_db()
    assert conversation.status == "bot"


# --- customer text is text ---------------------------------------------------------------


def test_html_in_a_customer_message_is_escaped_in_the_inbox(agent_client):
    # given a handed-off conversation whose customer wrote HTML
    attack = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    conversation = handed_off(question=f"Help {attack}", note=f"note {attack}")
    # when the agent opens the list and the conversation
    pages = [
        agent_client.get(INBOX).content.decode(),
        agent_client.get(url("inbox-detail", conversation)).content.decode(),
    ]
    # then the markup is shown as text
    for html in pages:
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_the_conversation_page_shows_the_query_that_was_searched(agent_client):
    # Given a turn whose message leaned on the one before
    conversation = handed_off(
        context={
            "search": {
                "query": "When does order 1042 arrive? and the tracking?",
                "mode": "leaning",
                "reason": "opens with “and”",
            },
            "history": [{"role": "customer", "text": "When does order 1042 arrive?"}],
            "history_tokens": 9,
            "facts": ["order 1042"],
        }
    )
    # When an agent opens it, then the searched query and what the model read are shown
    page = agent_client.get(url("inbox-detail", conversation)).content.decode()
    assert "Searched: <q>When does order 1042 arrive? and the tracking?</q>" in page
    assert "1 earlier message (9 tokens)" in page
    assert "carried: order 1042" in page
