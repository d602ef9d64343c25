"""The anthropic and openai backends, through their official SDKs, against a local
HTTP stub that speaks each API (tests/support/provider_stub.py): nothing here
reaches the network."""

from __future__ import annotations

import time

import pytest

from support.customer.answering import answer_customer_message
from support.customer.llm import ModelError, get_client
from support.customer.tools import SCHEMAS, TOOLS, validate
from support.models import Conversation, Turn
from tests.support.provider_stub import ProviderStub

BACKENDS = ["anthropic", "openai"]
SYSTEM = "You are a shop's support assistant."
KEY = "sk-stub-not-a-real-key"


@pytest.fixture
def stub():
    server = ProviderStub().start()
    yield server
    server.stop()


@pytest.fixture(params=BACKENDS)
def backend(request, stub, settings, monkeypatch) -> str:
    """Each test runs once per backend, pointed at the stub with a key in the env."""
    api = request.param
    settings.SUPPORT_MODEL_BACKEND = api
    settings.SUPPORT_MODEL_NAME = f"{api}-stub-model"
    settings.SUPPORT_MODEL_BASE_URL = stub.base_url(api)
    settings.SUPPORT_MODEL_MAX_TOKENS = 321
    settings.SUPPORT_MODEL_TIMEOUT = 5.0
    settings.SUPPORT_MODEL_API_KEY_ENV = "SUPPORT_TEST_LLM_KEY"
    monkeypatch.setenv("SUPPORT_TEST_LLM_KEY", KEY)
    return api


def question(text: str) -> list[dict]:
    return [{"role": "user", "content": [{"type": "text", "text": text}]}]


# --- mapping a reply -----------------------------------------------------------------


def test_a_text_reply_maps_to_a_text_block_with_usage(backend, stub):
    # Given a recorded plain answer
    stub.reply(backend, "text")

    # When the backend asks the model
    reply = get_client(backend).create(SYSTEM, question("Can I pay cash?"), TOOLS)

    # Then it is one text block, an ordinary end of turn, and the provider's usage
    assert reply.content == [
        {"type": "text", "text": "Yes, you can pay by card or cash on delivery [payment#1]."}
    ]
    assert reply.stop_reason == "end_turn"
    expected = {"anthropic": (812, 17), "openai": (790, 16)}[backend]
    assert (reply.usage["input_tokens"], reply.usage["output_tokens"]) == expected


def test_a_tool_call_maps_to_a_tool_use_block(backend, stub):
    # Given a recorded reply that asks for get_order_status
    stub.reply(backend, "order_1042_tool_use")

    # When the backend asks the model
    reply = get_client(backend).create(SYSTEM, question("Where is order 1042?"), TOOLS)

    # Then the loop sees a tool_use with a parsed input and the tool_use stop reason
    assert reply.stop_reason == "tool_use"
    [use] = reply.tool_uses
    assert use["name"] == "get_order_status"
    assert use["input"] == {"order_id": "1042"}
    assert use["id"]


def test_tool_use_and_its_result_are_sent_back_in_the_providers_shape(backend, stub):
    # Given a conversation in our shape where the model called a tool and got its result
    stub.reply(backend, "order_1042_answer")
    messages = [
        *question("Where is order 1042?"),
        {
            "role": "assistant",
            "content": [
                {
                    "type": "tool_use",
                    "id": "call_7",
                    "name": "get_order_status",
                    "input": {"order_id": "1042"},
                }
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "call_7",
                    "content": "1042 — shipped, delivery 3 November",
                    "is_error": False,
                }
            ],
        },
    ]

    # When the backend sends it
    get_client(backend).create(SYSTEM, messages, TOOLS)

    # Then the provider got the call and its result, linked by the call's id
    [sent] = stub.requests_to(backend)
    if backend == "anthropic":
        assistant, result = sent.body["messages"][1:]
        assert assistant["content"][0] == {
            "type": "tool_use",
            "id": "call_7",
            "name": "get_order_status",
            "input": {"order_id": "1042"},
        }
        assert result["content"][0]["type"] == "tool_result"
        assert result["content"][0]["tool_use_id"] == "call_7"
        assert result["content"][0]["content"] == "1042 — shipped, delivery 3 November"
    else:
        assistant, result = sent.body["messages"][2:]
        assert assistant["role"] == "assistant"
        [call] = assistant["tool_calls"]
        assert call["id"] == "call_7"
        assert call["function"]["name"] == "get_order_status"
        assert call["function"]["arguments"] == '{"order_id": "1042"}'
        assert result == {
            "role": "tool",
            "tool_call_id": "call_7",
            "content": "1042 — shipped, delivery 3 November",
        }


def test_the_request_carries_system_tools_limits_model_and_the_key(backend, stub):
    # Given the backend configured by settings and a key in the environment
    stub.reply(backend, "text")

    # When it asks the model
    get_client(backend).create(SYSTEM, question("Can I pay cash?"), TOOLS)

    # Then the request carries the system prompt, the tools, max tokens, the model name
    [sent] = stub.requests_to(backend)
    assert sent.body["model"] == f"{backend}-stub-model"
    assert sent.body["max_tokens"] == 321
    if backend == "anthropic":
        assert sent.body["system"] == SYSTEM
        assert [t["name"] for t in sent.body["tools"]] == [t["name"] for t in TOOLS]
        assert sent.body["tools"][0]["input_schema"] == TOOLS[0]["input_schema"]
        # x-api-key in older SDKs, a bearer token in newer ones: either way, the env's key
        assert KEY in (sent.headers.get("x-api-key"), sent.headers.get("authorization", "")[7:])
    else:
        assert sent.body["messages"][0] == {"role": "system", "content": SYSTEM}
        assert sent.body["messages"][1] == {"role": "user", "content": "Can I pay cash?"}
        functions = [t["function"] for t in sent.body["tools"]]
        assert [f["name"] for f in functions] == [t["name"] for t in TOOLS]
        assert functions[0]["parameters"] == TOOLS[0]["input_schema"]
        assert sent.headers["authorization"] == f"Bearer {KEY}"


def test_without_the_key_in_the_environment_nothing_is_sent(backend, stub, monkeypatch):
    # Given no key in the variable the settings name
    monkeypatch.delenv("SUPPORT_TEST_LLM_KEY")

    # When the backend is asked, then it is a ModelError naming the variable, sent nowhere
    with pytest.raises(ModelError, match="SUPPORT_TEST_LLM_KEY"):
        get_client(backend).create(SYSTEM, question("Can I pay cash?"), TOOLS)
    assert stub.requests == []


# --- OpenAI-only mappings ------------------------------------------------------------


@pytest.fixture
def openai_backend(stub, settings, monkeypatch) -> str:
    settings.SUPPORT_MODEL_NAME = "openai-stub-model"
    settings.SUPPORT_MODEL_BASE_URL = stub.base_url("openai")
    settings.SUPPORT_MODEL_API_KEY_ENV = "SUPPORT_TEST_LLM_KEY"
    monkeypatch.setenv("SUPPORT_TEST_LLM_KEY", KEY)
    return "openai"


def test_malformed_arguments_become_an_input_the_tool_validator_rejects(openai_backend, stub):
    # Given a server that sends tool arguments that are not JSON
    stub.reply("openai", "bad_arguments")

    # When the backend maps the reply
    reply = get_client("openai").create(SYSTEM, question("Where is order 1042?"), TOOLS)

    # Then it is still a tool_use, and the schema check refuses its input (no exception)
    [use] = reply.tool_uses
    assert use["input"] == "{order_id: 1042"
    assert validate(use["input"], SCHEMAS["get_order_status"]) == "input: expected an object"


def test_finish_reasons_map_and_tool_calls_win_over_a_stop(openai_backend, stub):
    # Given a truncated answer, then a server that says "stop" while calling a tool
    stub.reply("openai", "truncated")
    stub.reply("openai", "tool_calls_said_stop")
    client = get_client("openai")

    # When both are mapped
    truncated = client.create(SYSTEM, question("Can I pay cash?"), TOOLS)
    calling = client.create(SYSTEM, question("Where is order 1042?"), TOOLS)

    # Then length is max_tokens, and the tool call is what the loop sees
    assert truncated.stop_reason == "max_tokens"
    assert calling.stop_reason == "tool_use"
    assert calling.tool_uses[0]["input"] == {"order_id": "1042"}


def test_a_server_without_usage_gets_the_offline_estimate(openai_backend, stub):
    stub.reply("openai", "no_usage")
    reply = get_client("openai").create(SYSTEM, question("Can I pay cash?"), TOOLS)
    assert reply.usage["input_tokens"] > 0
    assert reply.usage["output_tokens"] > 0


# --- failures ------------------------------------------------------------------------


def test_a_provider_that_hangs_is_a_model_error_within_the_timeout(backend, stub, settings):
    # Given a provider that never answers and a half-second timeout
    settings.SUPPORT_MODEL_TIMEOUT = 0.5
    stub.hang(backend)

    # When the backend asks
    started = time.monotonic()
    with pytest.raises(ModelError, match="Timeout"):
        get_client(backend).create(SYSTEM, question("Can I pay cash?"), TOOLS)

    # Then it gave up quickly, and did not retry on its own (the Celery task does)
    assert time.monotonic() - started < 3
    assert len(stub.requests_to(backend)) == 1


@pytest.mark.parametrize("status", [500, 429])
def test_a_server_error_or_rate_limit_is_a_model_error_without_sdk_retries(backend, stub, status):
    # Given a provider that answers with an error status
    stub.fail(backend, status)

    # When the backend asks, then it is a ModelError after exactly one request
    with pytest.raises(ModelError):
        get_client(backend).create(SYSTEM, question("Can I pay cash?"), TOOLS)
    assert len(stub.requests_to(backend)) == 1


# --- a whole turn through the pipeline -----------------------------------------------


@pytest.mark.django_db
def test_a_turn_calls_the_order_tool_then_a_cited_answer_reaches_the_customer(backend, stub, ask):
    # Given the demo customer asking about their order, and a provider that first
    # calls get_order_status and then answers from the tool and the documents
    stub.reply(backend, "order_1042_tool_use")
    stub.reply(backend, "order_1042_answer")
    message = ask("How long does delivery take for my order 1042?")

    # When the task's service answers it with the configured backend
    done = answer_customer_message(message_id=message.pk, worker="test")

    # Then the tool ran on the real order, its output went back to the provider,
    assert done.turn.backend == backend
    [call] = done.turn.tool_calls
    assert (call["tool"], call["is_error"]) == ("get_order_status", False)
    assert "shipped" in call["output"]
    second = stub.requests_to(backend)[1].body["messages"]
    assert "3 November" in str(second[-1])
    # and the cited answer reached the customer with its source and the provider's usage
    assert done.turn.action == Turn.Action.ANSWERED
    assert done.reply.text.endswith("[delivery#2].")
    assert "3 November" in done.reply.text
    assert done.reply.sources == ["delivery#2"]
    expected = {"anthropic": (905 + 988, 54 + 31), "openai": (880 + 960, 21 + 30)}[backend]
    assert (done.turn.input_tokens, done.turn.output_tokens) == expected


@pytest.mark.django_db
def test_an_invented_price_from_the_provider_is_blocked_by_the_guards(backend, stub, ask):
    # Given a provider that invents a courier-office price twice (the document says €3)
    stub.reply(backend, "invented_price")
    stub.reply(backend, "invented_price")
    message = ask("How much is delivery to a courier office?")

    # When the turn runs
    done = answer_customer_message(message_id=message.pk, worker="test")

    # Then the number gate rejected both drafts, the retry carried the reason back,
    for draft in done.turn.drafts:
        assert "unbacked_figure" in {f["guard"] for f in draft["failures"]}
    retry = stub.requests_to(backend)[1].body["messages"][-1]
    assert "unbacked_figure" in str(retry)
    # and the customer got an honest handoff, never the invented price
    assert "4" not in done.reply.text
    assert "colleague" in done.reply.text
    assert done.turn.action == Turn.Action.HANDED_OFF
    conversation = Conversation.objects.get(pk=message.conversation_id)
    assert conversation.status == Conversation.Status.HANDED_OFF
