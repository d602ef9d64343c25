"""The guard log's staff pages: who may read them, the filters, one note explained
(the extra figure highlighted, the sources beside it, everything escaped), the
false-positive mark and the htmx partials."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from config.audit.models import AuditEntry
from guards.models import GuardLog
from guards.notes import (
    Segment,
    describe_origin,
    figures_not_in_text,
    highlight_figures,
    other_draft,
    retrieved_chunks,
)
from support.models import Conversation, Message, Turn

HTMX = {"HTTP_HX_REQUEST": "true"}
LIST = "/staff/guards/"


def make_turn(action: str, *, drafts: list | None = None, retrieved: list | None = None) -> Turn:
    conversation = Conversation.objects.create(language="es")
    message = Message.objects.create(conversation=conversation, role="customer", text="¿Precio?")
    return Turn.objects.create(
        conversation=conversation,
        message=message,
        status="done",
        action=action,
        drafts=drafts or [],
        retrieved=retrieved or [],
    )


def make_log(
    *,
    guard: str = "unbacked_figure",
    mode: str = "enforce",
    turn: Turn | None = None,
    attempt: int = 1,
    draft: str = "El plan cuesta 3 €.",
    extra: tuple[str, ...] = ("3",),
    created: datetime | None = None,
    question: str = "¿Cuánto cuesta el plan?",
) -> GuardLog:
    log = GuardLog.objects.create(
        turn_id=turn.pk if turn else None,
        attempt=attempt,
        guard=guard,
        mode=mode,
        reason=guard,
        detail="3: no source gives this value",
        extra_figures=list(extra),
        source_figures=[
            {"text": "79,18", "value": "79.18", "origin": "chunk:planes#1"},
            {"text": "2", "value": "2", "origin": "tool:search_products"},
            {"text": "12", "value": "12", "origin": "customer"},
        ],
        draft=draft,
        question=question,
        context={
            "locale": "es",
            "question": question,
            "draft": draft,
            "retrieved": [{"source": "planes#1", "text": "El plan cuesta 79,18 €."}],
            "tool_outputs": [
                {"tool": "search_products", "input": {"query": "plan"}, "output": {"products": []}}
            ],
            "history": [],
        },
    )
    if created is not None:
        GuardLog.objects.filter(pk=log.pk).update(created_at=created)
        log.refresh_from_db()
    return log


@pytest.fixture
def agent(client, make_staff):
    client.force_login(make_staff("amy", "agents"))
    return client


# --- permissions -------------------------------------------------------------------


@pytest.mark.django_db
def test_anonymous_users_are_sent_to_login(client):
    # given a note, when nobody is signed in, then every page redirects to login
    log = make_log()
    for url in (LIST, f"{LIST}{log.pk}/"):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    response = client.post(f"{LIST}{log.pk}/false-positive/")
    assert response.status_code == 302
    assert not GuardLog.objects.get(pk=log.pk).false_positive


@pytest.mark.django_db
def test_groupless_users_and_refund_approvers_get_403(client, make_staff):
    # given a note
    log = make_log()
    # when a user in no group, and then a refund approver, open the pages
    for username, groups in (("plain", ()), ("rita", ("refund_approvers",))):
        client.force_login(make_staff(username, *groups))
        # then the guard log is refused to both (agents and editors only)
        assert client.get(LIST).status_code == 403
        assert client.get(f"{LIST}{log.pk}/").status_code == 403
        assert client.post(f"{LIST}{log.pk}/false-positive/").status_code == 403
    assert not GuardLog.objects.get(pk=log.pk).false_positive


@pytest.mark.django_db
def test_agents_and_editors_may_read_the_log(client, make_staff):
    log = make_log()
    for username, group in (("amy", "agents"), ("eddie", "editors")):
        client.force_login(make_staff(username, group))
        assert client.get(LIST).status_code == 200
        assert client.get(reverse("guardlog-detail", args=[log.pk])).status_code == 200


# --- the list and its filters ------------------------------------------------------


@pytest.mark.django_db
def test_filters_by_guard_mode_action_and_date(agent):
    # given notes of two guards, both modes, three turn actions and three days
    day = datetime(2026, 3, 10, 12, tzinfo=UTC)
    handed = make_turn("handed_off")
    answered = make_turn("answered")
    a = make_log(guard="unbacked_figure", turn=handed, created=day)
    b = make_log(guard="discount_promise", mode="observe", turn=answered, created=day)
    c = make_log(guard="unbacked_figure", mode="observe", created=day - timedelta(days=2))
    d = make_log(guard="refund_promise", turn=make_turn("held_for_refund"), created=day)

    def ids(query: str) -> set[int]:
        response = agent.get(LIST + query)
        assert response.status_code == 200
        return {log.pk for log in response.context["page"].object_list}

    # when filtering, then exactly the matching notes come back
    assert ids("") == {a.pk, b.pk, c.pk, d.pk}
    assert ids("?guard=unbacked_figure") == {a.pk, c.pk}
    assert ids("?mode=observe") == {b.pk, c.pk}
    assert ids("?action=handed_off") == {a.pk}
    assert ids("?action=held_for_refund") == {d.pk}
    assert ids("?date_from=2026-03-09") == {a.pk, b.pk, d.pk}
    assert ids("?date_to=2026-03-08") == {c.pk}
    assert ids("?date_from=2026-03-08&date_to=2026-03-08") == {c.pk}
    assert ids("?guard=unbacked_figure&mode=enforce&action=handed_off") == {a.pk}


@pytest.mark.django_db
def test_the_list_shows_the_turns_action_and_paginates(agent):
    # given 30 notes of a handed-off turn
    turn = make_turn("handed_off")
    for _ in range(30):
        make_log(turn=turn)
    # when the first and the second page are read
    first = agent.get(LIST)
    second = agent.get(LIST + "?page=2&guard=unbacked_figure")
    # then 25 and 5 notes, with links that keep the filters
    assert len(first.context["page"].object_list) == 25
    assert len(second.context["page"].object_list) == 5
    assert "<td>handed off<br>" in first.content.decode()
    assert "page=2" in first.content.decode()
    assert "guard=unbacked_figure" in second.content.decode()
    # and a page number that is no number gives the first page, not an error
    assert agent.get(LIST + "?page=abc").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?date_from=2026-13-45", "“From” must be a date written YYYY-MM-DD."),
        ("?date_to=yesterday", "“To” must be a date written YYYY-MM-DD."),
        ("?guard=no_such_guard", "Unknown guard code “no_such_guard”"),
        ("?guard=guard_error", "Unknown guard code “guard_error”"),
        ("?action=exploded", "Unknown action “exploded”"),
        ("?mode=off", "Unknown mode “off”"),
        ("?date_from=2026-03-10&date_to=2026-03-01", "“To” is before “From”."),
    ],
)
def test_bad_filter_input_gives_a_clear_message_not_a_500(agent, query, message):
    # given a note, when the filters cannot be read
    make_log()
    response = agent.get(LIST + query)
    # then the page says what is wrong and still lists (ignoring that filter)
    assert response.status_code == 200
    body = response.content.decode()
    assert "could not be read" in body
    assert message.replace("“", "&ldquo;") in body or message in body
    assert response.context["page"].paginator.count == 1


@pytest.mark.django_db
def test_htmx_requests_get_the_results_partial(agent):
    # given a note
    make_log()
    # when the filter form is submitted by htmx
    response = agent.get(LIST + "?guard=unbacked_figure", **HTMX)
    # then only the results come back (no page around them), and caches know it varies
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and "<table>" in body
    assert "HX-Request" in response["Vary"]
    # with the count line and each filter's message refreshed out of band
    assert '<p id="guardlog-count" class="muted" role="status" hx-swap-oob="true">1 note' in body
    assert '<span id="id_guard_error" class="error" hx-swap-oob="true"></span>' in body
    bad = agent.get(LIST + "?guard=nope", **HTMX).content.decode()
    assert 'id="id_guard_error" class="error" hx-swap-oob="true">Unknown guard code' in bad
    # and without htmx (or on a history restore) the whole page
    assert "<html" in agent.get(LIST + "?guard=unbacked_figure").content.decode()
    restore = agent.get(LIST, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in restore.content.decode()


@pytest.mark.django_db
def test_every_hx_get_has_an_href_fallback(agent):
    for _ in range(30):
        make_log()
    body = agent.get(LIST).content.decode()
    assert 'method="get" action="/staff/guards/"' in body
    assert 'hx-get="/staff/guards/?page=2"' in body
    assert 'href="/staff/guards/?page=2"' in body


# --- one note ----------------------------------------------------------------------


@pytest.mark.django_db
def test_detail_highlights_exactly_the_extra_figure_and_shows_the_sources(agent):
    # given a note whose draft has the extra figure 3 and also a 13 and a 3,5 that are not it
    turn = make_turn(
        "handed_off",
        drafts=[
            {
                "attempt": 1,
                "text": "El plan cuesta 3 € y llega en 13 días.",
                "verdict": "fail",
                "failures": [{"guard": "unbacked_figure", "extra_figures": ["3"]}],
            },
            {
                "attempt": 2,
                "text": "El plan cuesta 79,18 € [planes#1].",
                "verdict": "pass",
                "failures": [],
            },
        ],
        retrieved=[{"source": "planes#1", "score": 0.91, "vector_rank": 1, "text_rank": 2}],
    )
    log = make_log(turn=turn, draft="El plan cuesta 3 € y llega en 13 días, o 3,5 semanas.")
    # when an agent opens it
    response = agent.get(reverse("guardlog-detail", args=[log.pk]))
    body = response.content.decode()
    # then the draft marks the 3 once, and nothing else
    assert response.status_code == 200
    assert body.count('<mark class="extra">3</mark>') == 2  # heading list + the draft
    assert 'cuesta <mark class="extra">3</mark> € y llega en 13 días, o 3,5 semanas.' in body
    # and the source figures with where each came from
    assert "79,18" in body and "<code>planes#1</code>" in body
    assert "<code>search_products</code>" in body and "the customer&#x27;s question" in body
    # the question, the retrieved chunk with its ranks, and the retry
    assert "¿Cuánto cuesta el plan?" in body
    assert "El plan cuesta 79,18 €." in body and "score 0.9100" in body
    assert "The retry" in body and "El plan cuesta 79,18 € [planes#1]." in body


@pytest.mark.django_db
def test_html_and_script_in_a_draft_are_shown_as_text(agent):
    # given a draft (and a question) carrying markup around the extra figure
    draft = '<script>alert("x")</script><b>Cuesta 3 €</b><img src=x onerror=alert(1)>'
    log = make_log(draft=draft, question="<i>hola</i>")
    # when the note is opened
    body = agent.get(reverse("guardlog-detail", args=[log.pk])).content.decode()
    # then no markup of the draft reaches the page, and the figure is still marked
    assert "<script>alert" not in body and "<img src=x" not in body and "<i>hola" not in body
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;Cuesta " in body
    assert '<mark class="extra">3</mark> €&lt;/b&gt;' in body
    assert "&lt;i&gt;hola&lt;/i&gt;" in body
    # and the list page escapes it too
    assert "<script>alert" not in agent.get(LIST).content.decode()


@pytest.mark.django_db
def test_an_unknown_note_is_404(agent):
    assert agent.get(reverse("guardlog-detail", args=[999999])).status_code == 404
    assert agent.post(reverse("guardlog-false-positive", args=[999999])).status_code == 404


# --- the false-positive mark -------------------------------------------------------


@pytest.mark.django_db
def test_marking_twice_gives_one_mark_and_one_audit_row(agent):
    # given a note
    log = make_log()
    url = reverse("guardlog-false-positive", args=[log.pk])
    # when an agent marks it twice by htmx
    first = agent.post(url, **HTMX)
    second = agent.post(url, **HTMX)
    # then the note is marked once, by amy, and audited once
    log.refresh_from_db()
    assert log.false_positive and log.marked_by == "amy"
    entries = AuditEntry.objects.filter(action="guardlog.mark_false_positive")
    assert entries.count() == 1
    assert entries.get().target_id == str(log.pk) and entries.get().actor_label == "amy"
    # and each answer is the button's partial, the second saying nothing changed
    assert first.status_code == 200 and "<html" not in first.content.decode()
    assert 'id="false-positive"' in first.content.decode()
    assert "Marked by amy" in first.content.decode()
    assert "already marked" in second.content.decode()


@pytest.mark.django_db
def test_marking_without_htmx_redirects_to_the_note(agent):
    log = make_log()
    response = agent.post(reverse("guardlog-false-positive", args=[log.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("guardlog-detail", args=[log.pk])
    page = agent.get(response["Location"]).content.decode()
    assert "Marked as a false positive" in page
    assert "Mark as false positive</button>" not in page


@pytest.mark.django_db
def test_the_mark_button_is_a_plain_form_too(agent):
    log = make_log()
    body = agent.get(reverse("guardlog-detail", args=[log.pk])).content.decode()
    url = reverse("guardlog-false-positive", args=[log.pk])
    assert f'method="post" action="{url}"' in body and f'hx-post="{url}"' in body
    assert "csrfmiddlewaretoken" in body
    assert agent.get(url).status_code == 405


# --- pure helpers (no database) ----------------------------------------------------


def test_highlight_marks_standalone_figures_only():
    segments = highlight_figures("3 € o 13 € o 3,5 € o 1.300 € o 3.", ["3"])
    assert [s.text for s in segments if s.extra] == ["3", "3"]
    assert "".join(s.text for s in segments) == "3 € o 13 € o 3,5 € o 1.300 € o 3."


def test_highlight_prefers_the_longest_overlapping_figure_and_ignores_case():
    segments = highlight_figures("Son 1,5 Millones y 1,5 kg.", ["1,5", "1,5 millones"])
    assert segments == [
        Segment("Son "),
        Segment("1,5 Millones", extra=True),
        Segment(" y "),
        Segment("1,5", extra=True),
        Segment(" kg."),
    ]


def test_highlight_keeps_markup_as_plain_text_and_reports_unlocated_figures():
    segments = highlight_figures("<b>900</b>", ["900"])
    assert segments == [Segment("<b>"), Segment("900", extra=True), Segment("</b>")]
    assert highlight_figures("", ["3"]) == []
    assert figures_not_in_text("cuesta novecientos", ["900", "", "novecientos"]) == ["900", ""]


def test_origins_read_for_people():
    assert describe_origin("chunk:delivery#1").label == "chunk delivery#1"
    assert describe_origin("tool:search_products").kind == "tool"
    assert describe_origin("customer").label == "the customer's question"
    assert describe_origin("history").kind == "history"
    assert describe_origin("weird").kind == "other"


def test_other_draft_and_chunks_with_ranks():
    drafts = [{"attempt": 1, "text": "a"}, {"attempt": 2, "text": "b"}]
    assert other_draft(drafts, attempt=1) == {"attempt": 2, "text": "b"}
    assert other_draft(drafts, attempt=2) == {"attempt": 1, "text": "a"}
    assert other_draft(drafts[:1], attempt=1) is None
    [row] = retrieved_chunks(
        [{"source": "x#1", "text": "t"}, "junk"], [{"source": "x#1", "score": 0.9}]
    )
    assert (row.source, row.text, row.score) == ("x#1", "t", 0.9)
