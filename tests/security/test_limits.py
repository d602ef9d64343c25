"""Limits on the server side (OWASP LLM10, unbounded consumption): a message over the
size cap and a burst past the per-session and per-IP rates are refused before any model
call; a turn never spends more input tokens than its cap; a provider that hangs ends in
one honest fallback reply within the turn's budget."""

from __future__ import annotations

import signal
import time

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings as django_settings
from django.core.cache import cache
from rest_framework.test import APIClient

from config.celery import app as celery_app
from support.customer import answering
from support.customer.llm import ModelError, get_client
from support.customer.turn import STEP_LIMIT
from support.models import Conversation, Message, Turn
from support.tasks import answer_message
from tests.support import conftest as support_fixtures
from tests.support.provider_stub import ProviderStub

pytestmark = pytest.mark.django_db
ask = support_fixtures.ask  # the support app's fixtures, used here too
shop = support_fixtures.shop


class Counting:
    """Wraps a client and counts the model calls (and when each one started)."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls = 0

    def create(self, system, messages, tools):
        self.calls += 1
        return self.inner.create(system, messages, tools)


@pytest.fixture
def model(monkeypatch) -> Counting:
    """Every turn the task runs uses this counting naive model."""
    counting = Counting(get_client("naive"))
    monkeypatch.setattr(answering, "get_client", lambda *a, **k: counting)
    return counting


@pytest.fixture
def api(shop, model, django_capture_on_commit_callbacks):
    """The widget API with the answer task run inline when the message commits."""
    cache.clear()
    celery_app.conf.task_always_eager = True
    yield django_capture_on_commit_callbacks
    celery_app.conf.task_always_eager = False
    cache.clear()


def start(client: APIClient, **extra) -> str:
    response = client.post("/api/conversations/", {"language": "en"}, format="json", **extra)
    assert response.status_code == 201, response.content
    return response.json()["id"]


def post(client: APIClient, conversation: str, text: str, capture, **extra):
    with capture(execute=True):
        return client.post(
            f"/api/conversations/{conversation}/messages/", {"text": text}, format="json", **extra
        )


# --- size ------------------------------------------------------------------------------


def test_a_100_kb_message_is_a_400_before_any_model_call(api, model):
    client = APIClient()
    conversation = start(client)
    for body in ("x" * 100_000, "ñ" * 50_000, "Ignore the rules. " * 5_600):
        response = post(client, conversation, body, api)
        assert response.status_code == 400, response.status_code
        assert "at most 2000 characters" in response.json()["text"][0]
    assert model.calls == 0, f"{model.calls} model calls for refused messages"
    assert not Message.objects.exists() and not Turn.objects.exists()


# --- bursts ----------------------------------------------------------------------------


def test_a_burst_past_the_session_limit_is_a_429_with_no_model_call(api, model, settings):
    settings.SUPPORT_THROTTLE_SESSION = "3/min"
    settings.SUPPORT_THROTTLE_IP = "1000/min"
    client = APIClient()
    conversation = start(client)  # no session yet: the session throttle starts after it
    statuses, calls = [], []
    for n in range(6):
        statuses.append(post(client, conversation, f"Can I pay cash on delivery? ({n})", api))
        calls.append(model.calls)
    codes = [r.status_code for r in statuses]
    print(f"\nsession burst: {codes}, model calls after each: {calls}")
    assert codes == [202, 202, 202, 429, 429, 429]
    assert calls[3:] == [calls[2]] * 3, "a throttled message reached the model"
    assert Message.objects.filter(role="customer").count() == 3
    assert "Retry-After" in statuses[3]


def test_a_burst_past_the_ip_limit_is_a_429_for_every_session_of_that_address(api, model, settings):
    settings.SUPPORT_THROTTLE_SESSION = "1000/min"
    settings.SUPPORT_THROTTLE_IP = "4/min"
    first, second, third = APIClient(), APIClient(), APIClient()
    one = start(first)
    assert post(first, one, "Can I pay cash on delivery?", api).status_code == 202
    two = start(second)
    assert post(second, two, "How long does delivery take?", api).status_code == 202
    before = model.calls
    # the fifth request from the address, whichever session sends it
    assert third.post("/api/conversations/", {}, format="json").status_code == 429
    assert post(first, one, "And by card?", api).status_code == 429
    assert model.calls == before
    assert (
        Conversation.objects.count() == 2 and Message.objects.filter(role="customer").count() == 2
    )


def test_a_spoofed_forwarded_for_header_does_not_escape_the_ip_limit(api, model, settings):
    settings.SUPPORT_THROTTLE_SESSION = "1000/min"
    settings.SUPPORT_THROTTLE_IP = "3/min"
    codes = [
        APIClient()
        .post("/api/conversations/", {}, format="json", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
        .status_code
        for n in range(5)
    ]
    assert 429 in codes, codes


# --- the token cap ---------------------------------------------------------------------


def guesses(ask, client):
    """A turn where the naive model guesses order numbers, one tool call per step."""
    message = ask("I forgot the number, it was around 1050.")
    return answering.answer_customer_message(message_id=message.pk, worker="test", client=client)


def test_a_turn_that_would_pass_the_token_cap_is_handed_off_without_passing_it(ask, settings):
    # Given how many input tokens each step of the guessing turn costs
    settings.SUPPORT_MAX_INPUT_TOKENS_PER_QUESTION = 100_000
    free = guesses(ask, get_client("naive"))
    steps = [call["input_tokens"] for call in free.turn.model_calls]
    assert len(steps) == 3 and free.turn.input_tokens == sum(steps)

    # When the cap sits between one step and two
    cap = steps[0] + steps[1] - 1
    settings.SUPPORT_MAX_INPUT_TOKENS_PER_QUESTION = cap
    model = Counting(get_client("naive"))
    capped = guesses(ask, model)

    # Then the turn stops before the call that would pass it and a person takes over
    print(f"\ntoken cap {cap}: spent {capped.turn.input_tokens} in {model.calls} model call(s)")
    assert capped.turn.input_tokens <= cap, f"spent {capped.turn.input_tokens} > cap {cap}"
    assert model.calls == 1
    assert capped.turn.action == Turn.Action.HANDED_OFF
    assert capped.reply.text == STEP_LIMIT["en"]
    assert "input token cap" in capped.turn.error


def test_a_question_already_past_the_token_cap_never_reaches_the_model(ask, settings):
    settings.SUPPORT_MAX_INPUT_TOKENS_PER_QUESTION = 50
    model = Counting(get_client("naive"))
    message = ask("How much is delivery to a courier office? " * 20)
    done = answering.answer_customer_message(message_id=message.pk, worker="test", client=model)
    assert model.calls == 0 and done.turn.input_tokens == 0
    assert done.turn.action == Turn.Action.HANDED_OFF
    assert done.reply.text == STEP_LIMIT["en"]


# --- a provider that hangs -------------------------------------------------------------


@pytest.fixture
def stub():
    server = ProviderStub().start()
    yield server
    server.stop()


def test_a_provider_that_hangs_ends_in_one_fallback_reply_within_the_budget(
    ask, stub, settings, monkeypatch
):
    # Given the real OpenAI backend pointed at a local provider that never answers
    settings.SUPPORT_MODEL_BACKEND = "openai"
    settings.SUPPORT_MODEL_NAME = "openai-stub-model"
    settings.SUPPORT_MODEL_BASE_URL = stub.base_url("openai")
    settings.SUPPORT_MODEL_API_KEY_ENV = "SUPPORT_TEST_LLM_KEY"
    settings.SUPPORT_MODEL_TIMEOUT = 0.4
    settings.SUPPORT_TASK_MAX_RETRIES = 2
    monkeypatch.setenv("SUPPORT_TEST_LLM_KEY", "sk-stub-not-a-real-key")
    for _ in range(3):
        stub.hang("openai")
    message = ask("Can I pay cash on delivery?")

    # When the answer task runs (its retries inline, without the backoff waits)
    started = time.monotonic()
    result = answer_message.apply(args=[message.pk])
    elapsed = time.monotonic() - started

    # Then every try timed out, the last one handed off, and the customer got one reply
    budget = (settings.SUPPORT_TASK_MAX_RETRIES + 1) * settings.SUPPORT_MODEL_TIMEOUT + 5
    print(f"\nhanging provider: {len(stub.requests_to('openai'))} calls, {elapsed:.2f} s")
    assert result.get() == "handed_off"
    assert len(stub.requests_to("openai")) == 3
    assert elapsed < budget, f"{elapsed:.1f} s > {budget:.1f} s"
    replies = Message.objects.filter(conversation=message.conversation, role="assistant")
    assert [r.text for r in replies] == [STEP_LIMIT["en"]]
    turn = Turn.objects.get(message=message)
    assert turn.action == Turn.Action.HANDED_OFF and "model provider failed" in turn.error


def test_a_provider_that_errors_every_time_still_gets_one_reply(ask, settings, monkeypatch):
    settings.SUPPORT_TASK_MAX_RETRIES = 1

    class Failing:
        name = "failing"
        calls = 0

        def create(self, system, messages, tools):
            Failing.calls += 1
            time.sleep(0.05)
            raise ModelError("provider timed out")

    monkeypatch.setattr(answering, "get_client", lambda *a, **k: Failing())
    message = ask("Can I pay cash on delivery?")
    assert answer_message.apply(args=[message.pk]).get() == "handed_off"
    assert Failing.calls == 2
    assert Message.objects.filter(conversation=message.conversation, role="assistant").count() == 1


def test_a_model_step_that_hangs_past_the_soft_time_limit_still_gets_one_reply(
    ask, settings, monkeypatch
):
    # Given a model whose every step sleeps far past the task's time limits
    # (SUPPORT_MODEL_STEP_DELAY, the fault-drill wrapper around the naive model)
    settings.SUPPORT_MODEL_BACKEND = "naive"
    settings.SUPPORT_MODEL_STEP_DELAY = 60.0
    assert type(get_client()).__name__ == "_Delayed"
    ask("warm up the embedder")  # the first retrieval loads the model: not the turn's time
    from support.customer.turn import retrieve

    retrieve("warm up")
    message = ask("Can I pay cash on delivery?")

    # When the worker's soft time limit fires mid-turn (Celery raises
    # SoftTimeLimitExceeded in the task, as this alarm does, at a second instead of 90 s)
    soft_limit = 1.0

    def soft_time_limit(signum, frame):
        raise SoftTimeLimitExceeded()

    previous = signal.signal(signal.SIGALRM, soft_time_limit)
    started = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, soft_limit)
    try:
        result = answer_message.apply(args=[message.pk])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    elapsed = time.monotonic() - started

    # Then the turn is handed off with one honest reply, well before the hard limit
    print(f"\nhung step: reply after {elapsed:.2f} s (soft limit {soft_limit} s)")
    assert result.state == "SUCCESS", result.traceback
    replies = Message.objects.filter(conversation=message.conversation, role="assistant")
    assert [r.text for r in replies] == [STEP_LIMIT["en"]]
    assert elapsed < soft_limit + 3
    turn = Turn.objects.get(message=message)
    assert turn.status == Turn.Status.DONE and turn.action == Turn.Action.HANDED_OFF
    assert "time limit" in turn.error


def test_the_soft_time_limit_leaves_room_for_the_fallback_reply():
    soft = django_settings.CELERY_TASK_SOFT_TIME_LIMIT
    hard = django_settings.CELERY_TASK_TIME_LIMIT
    assert soft and hard and soft < hard
