"""Fixtures for the support app: the demo shop (documents, customers, orders) and a
scripted model for tests that need a model to misbehave in a precise way."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.customer.conversations import post_customer_message, start_conversation
from support.customer.selectors import demo_customer
from support.demo.shop import load_demo_shop
from support.models import Conversation, Message
from tests.conftest import SHARED_CASES

SEED_CASES = SHARED_CASES / "evaluation-seed.yaml"


@pytest.fixture
def shop(demo_corpus: Path) -> None:
    load_demo_shop()


@pytest.fixture
def ask(shop):
    """Post a question in a fresh conversation (of the demo customer unless told)."""

    def make(text: str, *, language: str = "en", anonymous: bool = False) -> Message:
        conversation = start_conversation(
            customer=None if anonymous else demo_customer(), language=language
        )
        return post_customer_message(conversation=conversation, text=text, enqueue=False)

    return make


@pytest.fixture
def conversation_of_demo_customer(shop) -> Conversation:
    return start_conversation(customer=demo_customer(), language="en")
