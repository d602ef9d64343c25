"""The staff dashboard: who may open it, the figures from a few stored turns and
guard notes (SQL), and the pure aggregation and chart functions (no database)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from guards.models import GuardLog
from support.backoffice.dashboard_charts import (
    GuardRow,
    cost_meter,
    day_columns_chart,
    guard_bars_chart,
    guard_rows,
    nice_ceiling,
)
from support.backoffice.dashboard_stats import (
    DayCounts,
    action_totals,
    cost_per_1000,
    fill_days,
    handoff_reason_rows,
    share,
    usage,
    window,
)
from support.models import Conversation, Message, Turn

URL = "/staff/"


def make_turn(
    action: str = "answered",
    *,
    tokens: tuple[int, int] = (0, 0),
    cost: str = "0",
    note: str = "",
    status: str = "done",
    days_ago: int = 0,
) -> Turn:
    conversation = Conversation.objects.create()
    message = Message.objects.create(conversation=conversation, role="customer", text="hola")
    turn = Turn.objects.create(
        conversation=conversation,
        message=message,
        status="running",
        action=action,
        input_tokens=tokens[0],
        output_tokens=tokens[1],
        cost=Decimal(cost),
        error=note,
    )
    # One UPDATE while still running (a finished turn's trace is append-only).
    created = timezone.now() - timedelta(days=days_ago)
    Turn.objects.filter(pk=turn.pk).update(created_at=created, status=status)
    turn.refresh_from_db()
    return turn


def make_log(guard: str, *, turn: Turn | None = None, attempt: int = 1, **fields) -> GuardLog:
    return GuardLog.objects.create(
        turn_id=turn.pk if turn else None,
        attempt=attempt,
        guard=guard,
        mode=fields.pop("mode", "enforce"),
        reason=guard,
        draft="x",
        **fields,
    )


# --- permissions -------------------------------------------------------------------


@pytest.mark.django_db
def test_anonymous_users_are_sent_to_login(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
def test_a_groupless_user_gets_403_and_every_staff_group_gets_the_page(client, make_staff):
    # given a user in no group, then 403
    client.force_login(make_staff("plain"))
    assert client.get(URL).status_code == 403
    # given a member of each staff group, then the dashboard
    for username, group in (("amy", "agents"), ("eddie", "editors"), ("rita", "refund_approvers")):
        client.force_login(make_staff(username, group))
        assert client.get(URL).status_code == 200


@pytest.mark.django_db
def test_the_guard_log_links_are_shown_only_to_who_may_follow_them(client, make_staff):
    make_log("unbacked_figure")
    client.force_login(make_staff("rita", "refund_approvers"))
    assert "/staff/guards/" not in client.get(URL).content.decode().split("<main", 1)[1]
    client.force_login(make_staff("amy", "agents"))
    assert "/staff/guards/?guard=unbacked_figure" in client.get(URL).content.decode()


# --- figures from stored turns -----------------------------------------------------


@pytest.mark.django_db
def test_figures_from_a_few_turns(client, make_staff, settings):
    # given three finished turns today (one per action), one yesterday, one still
    # running, and one three weeks ago (outside the window)
    settings.SUPPORT_BUDGET_PER_1000 = Decimal("1.00")
    make_turn("answered", tokens=(1000, 100), cost="0.0005")
    handed = make_turn(
        "handed_off", tokens=(2000, 200), cost="0.0010", note="guards rejected draft 2:\n- x"
    )
    make_turn("held_for_refund", tokens=(3000, 300), cost="0.0015")
    make_turn(
        "handed_off", tokens=(500, 50), cost="0.0002", note="step limit (3) reached", days_ago=1
    )
    make_turn("", status="running")
    make_turn("answered", tokens=(9999, 999), cost="9", days_ago=21)
    # and guard notes: the handed-off turn's two drafts, an observed note, a marked one
    make_log("discount_promise", turn=handed, attempt=1)
    make_log("unbacked_figure", turn=handed, attempt=2)
    make_log("unbacked_figure", mode="observe")
    make_log("unbacked_figure", false_positive=True, marked_at=timezone.now(), marked_by="amy")
    client.force_login(make_staff("amy", "agents"))

    # when the dashboard is opened
    response = client.get(URL)
    stats = response.context["stats"]

    # then the counts per action cover the window only
    assert stats.actions == {"answered": 1, "handed_off": 2, "held_for_refund": 1, "": 1}
    assert [d.total for d in stats.days][-2:] == [1, 4]
    assert len(stats.days) == 14 and stats.days[-1].day == timezone.localdate()
    # the handoff reasons and the guard behind the guards handoff (its last draft only)
    assert stats.handoff_reasons == [("guards rejected both drafts", 1), ("step limit reached", 1)]
    assert stats.handoff_guards == [("unbacked_figure", 1)]
    # rejections per guard and the false-positive marks
    by_guard = {row.guard: row for row in stats.guards}
    assert by_guard["unbacked_figure"] == GuardRow("unbacked_figure", 2, 1, 1)
    assert by_guard["discount_promise"] == GuardRow("discount_promise", 1, 0, 0)
    assert (stats.marks_in_window, stats.marks_total) == (1, 1)
    # tokens and cost of the four finished questions: €0.0032 / 4 × 1000 = €0.80
    assert stats.usage.questions == 4
    assert (stats.usage.input_tokens, stats.usage.output_tokens) == (6500, 650)
    assert stats.usage.per_1000 == Decimal("0.8")
    assert stats.usage.within_budget is True
    body = response.content.decode()
    assert '<strong class="ok">€0.80 per 1000 questions: within the budget of €1.00' in body
    # and the charts are inline SVG with a text alternative, no script
    assert body.count('role="img"') == 3
    assert '<desc id="turns-chart-desc">5 turns in 14 days; busiest day' in body
    assert "Turns per day as a table" in body
    assert "<script" not in body.split("<main", 1)[1]


@pytest.mark.django_db
def test_cost_over_the_budget_is_shown_red(client, make_staff, settings):
    # given a budget of €0.50 and questions costing €1.00 per 1000
    settings.SUPPORT_BUDGET_PER_1000 = Decimal("0.50")
    make_turn(cost="0.001")
    make_turn(cost="0.001")
    client.force_login(make_staff("eddie", "editors"))
    # when the dashboard is opened
    response = client.get(URL)
    # then the figure is over the budget, in red and in words
    assert response.context["stats"].usage.per_1000 == Decimal("1")
    body = response.content.decode()
    assert '<strong class="error">€1.00 per 1000 questions: over the budget of €0.50' in body
    assert 'fill="#a3261b"' in body


@pytest.mark.django_db
def test_an_empty_desk_shows_zeros_not_errors(client, make_staff):
    client.force_login(make_staff("amy", "agents"))
    response = client.get(URL)
    assert response.status_code == 200
    body = response.content.decode()
    assert "No finished question in these days." in body
    assert "No guard rejected a draft in these days." in body


@pytest.mark.django_db
def test_the_dashboard_is_read_only(client, make_staff):
    client.force_login(make_staff("amy", "agents"))
    assert client.post(URL).status_code == 405


# --- pure functions (no database) --------------------------------------------------


def test_window_and_fill_days():
    start, end = window(date(2026, 3, 14))
    assert (start, end) == (date(2026, 3, 1), date(2026, 3, 14))
    rows = [
        {"day": date(2026, 3, 2), "action": "answered", "n": 3},
        {"day": date(2026, 3, 2), "action": "handed_off", "n": 1},
        {"day": date(2026, 3, 14), "action": "", "n": 2},
        {"day": date(2026, 3, 14), "action": None, "n": 1},
    ]
    days = fill_days(rows, start, end)
    assert len(days) == 14 and days[0].total == 0
    assert days[1].counts == {"answered": 3, "handed_off": 1}
    assert days[-1].get("") == 3
    assert action_totals(days) == {"answered": 3, "handed_off": 1, "held_for_refund": 0, "": 3}
    assert action_totals(days[:2]) == {"answered": 3, "handed_off": 1, "held_for_refund": 0}


def test_cost_per_1000_share_and_usage():
    assert cost_per_1000(Decimal("0.0032"), 4) == Decimal("0.8")
    assert cost_per_1000(Decimal("0.0032"), 0) is None
    assert cost_per_1000(None, 3) == Decimal(0)
    assert share(1, 3) == "33.3 %" and share(0, 0) == "—"
    empty = usage(
        {"questions": 0, "input_tokens": None, "output_tokens": None, "cost": None}, Decimal("1")
    )
    assert empty.per_1000 is None and empty.within_budget is None
    assert empty.input_per_question == 0
    spent = usage(
        {"questions": 2, "input_tokens": 3001, "output_tokens": 10, "cost": Decimal("0.0030")},
        Decimal("1.00"),
    )
    assert spent.per_1000 == Decimal("1.5") and spent.within_budget is False
    assert spent.input_per_question == 1500
    month = usage({"questions": 4, "cost": Decimal("0.0032")}, Decimal("1"), 2000)
    assert month.month_cost == Decimal("48")  # €0.80 per 1000 × 2000 a day × 30 days


def test_handoff_reason_labels_and_guard_rows_order():
    assert handoff_reason_rows([{"reason": "token_cap", "n": 2}, {"reason": "other", "n": 1}]) == [
        ("input token cap passed", 2),
        ("other", 1),
    ]
    rows = guard_rows(
        [
            {"guard": "b", "enforced": 1, "observed": 0, "false_positives": 0},
            {"guard": "a", "enforced": 1, "observed": 2, "false_positives": 1},
            {"guard": "c", "enforced": 1, "observed": None, "false_positives": None},
        ]
    )
    assert [r.guard for r in rows] == ["a", "b", "c"]


@pytest.mark.parametrize(
    ("value", "top"), [(0, 1), (1, 1), (2, 2), (3, 5), (7, 10), (11, 20), (180, 200), (501, 1000)]
)
def test_nice_ceiling(value, top):
    assert nice_ceiling(value) == top


def test_day_columns_are_proportional_and_stacked():
    # given two days: 10 turns (6 answered, 4 handed off) and 5 answered
    days = [
        DayCounts(date(2026, 3, 1), {"answered": 6, "handed_off": 4}),
        DayCounts(date(2026, 3, 2), {}),
        DayCounts(date(2026, 3, 3), {"answered": 5}),
    ]
    chart = day_columns_chart(days, width=300, height=230, top=20)
    # then the axis top is 10: the first column fills the plot (20..200), the third half
    first = [r for r in chart.rects if r.title.startswith("01 Mar")]
    assert [(r.y, r.height) for r in first] == [(92, 108), (20, 72)]
    [third] = [r for r in chart.rects if r.title.startswith("03 Mar")]
    assert (third.y, third.height, third.x) == (110, 90, 215)
    assert "handed off" in first[1].title
    # and every day has a label, totals over non-empty columns, and a summary
    assert [lbl.text for lbl in chart.labels if "Mar" in lbl.text] == [
        "01 Mar",
        "02 Mar",
        "03 Mar",
    ]
    assert chart.summary == "15 turns in 3 days; busiest day 01 Mar with 10."
    assert day_columns_chart([]).rects == []


def test_guard_bars_and_cost_meter():
    rows = [GuardRow("unbacked_figure", 6, 4, 1), GuardRow("discount_promise", 5, 0, 0)]
    chart = guard_bars_chart(rows, width=450, label_width=200)  # plot width 200, axis 10
    assert [(r.x, r.width) for r in chart.rects] == [(200, 120), (320, 80), (200, 100)]
    assert chart.summary == "15 rejections by 2 guards; most by unbacked_figure (10)."
    assert chart.labels[0].anchor == "end" and chart.labels[0].text == "unbacked_figure"

    within = cost_meter(Decimal("0.80"), Decimal("1.00"), width=300)  # scale top 1.50
    assert within.rects[0].width == 160 and within.rects[0].fill == "#1b6e3a"
    assert within.lines == [(200, 2, 200, 30)]
    assert within.summary.endswith("within budget.")
    over = cost_meter(Decimal("3.00"), Decimal("1.00"), width=300)  # scale top 3.00
    assert over.rects[0].width == 300 and over.rects[0].fill == "#a3261b"
    assert over.lines == [(100, 2, 100, 30)]
    none = cost_meter(None, Decimal("1.00"))
    assert none.rects == [] and none.summary.startswith("No finished question")


def test_chart_text_is_plain_data():
    # a guard code is shown through the template (autoescaped), never built as markup here
    chart = guard_bars_chart([GuardRow("<b>x</b>", 1, 0, 0)])
    assert chart.labels[0].text == "<b>x</b>"
