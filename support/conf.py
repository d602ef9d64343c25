"""The support app's settings, each read with a default; the lead moves them into
config/settings.py (names and defaults listed in the README)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings

DEFAULTS: dict[str, Any] = {
    # Model backend: "naive" (the seed lesson's fake), "extractive", "anthropic", "openai".
    "SUPPORT_MODEL_BACKEND": "extractive",
    "SUPPORT_MODEL_NAME": "",
    "SUPPORT_MODEL_TIMEOUT": 12.0,
    "SUPPORT_MODEL_MAX_TOKENS": 400,
    "SUPPORT_MODEL_BASE_URL": "",  # OpenAI-compatible servers (vLLM, Ollama, llama.cpp)
    "SUPPORT_MODEL_API_KEY_ENV": "LLM_API_KEY",
    # Fault injection for drills and tests: seconds to sleep before every model call.
    "SUPPORT_MODEL_STEP_DELAY": 0.0,
    # The loop.
    "SUPPORT_MAX_STEPS": 3,
    "SUPPORT_MAX_INPUT_TOKENS_PER_QUESTION": 4000,
    "SUPPORT_RETRIEVAL_K": None,  # None: the knowledge app's KNOWLEDGE_TOP_K
    "SUPPORT_MAX_MESSAGE_CHARS": 2000,
    # The conversation: earlier messages the model is sent with a message that leans on
    # them (oldest dropped first past this many tokens; 0 sends none), and retrieval in
    # context (a message with at most this many content words leans on the previous
    # customer message; its query vector weighs the current message this much).
    "SUPPORT_HISTORY_TOKENS": 300,
    "SUPPORT_CONTEXT_RETRIEVAL": True,
    "SUPPORT_CONTEXT_MAX_CONTENT_WORDS": 3,
    "SUPPORT_CONTEXT_CURRENT_WEIGHT": 0.7,  # None: embed the composed text as one query
    # Conversations whose last message is older are anonymised (support/privacy/anonymise.py).
    "SUPPORT_RETENTION_DAYS": 180,
    # Prices in euro per million tokens (the seed lesson's example prices) and the budget.
    "SUPPORT_PRICE_INPUT_PER_MTOK": Decimal("3.00"),
    "SUPPORT_PRICE_OUTPUT_PER_MTOK": Decimal("15.00"),
    "SUPPORT_BUDGET_PER_1000": Decimal("1.00"),
    "SUPPORT_QUESTIONS_PER_DAY": 2000,
    "SUPPORT_RELEASE_MIN_PASS_PERCENT": 90,
    # The worker: how long a claimed turn is held before another worker may take it
    # over (above CELERY_TASK_TIME_LIMIT), and the retries on a provider error.
    "SUPPORT_TURN_LEASE_SECONDS": 150,
    "SUPPORT_TASK_MAX_RETRIES": 3,
    # The Unanswered page (/staff/unanswered/): how many of the newest such questions
    # it reads, and the cosine of two questions' embeddings (the configured
    # embedder's queries) that puts them in one group (e5-small: same intent in
    # other words 0.90-0.95, different intents at most 0.84).
    "SUPPORT_UNANSWERED_LIMIT": 100,
    "SUPPORT_UNANSWERED_GROUP_COSINE": 0.88,
    # The demo customer every evaluation case runs as.
    "SUPPORT_DEMO_CUSTOMER_EMAIL": "demo@demo-shop.example",
    # The shop whose orders and products a conversation with no shop (data-shop) sees.
    "SUPPORT_DEFAULT_SHOP": "demo-shop",
    # An order status last updated longer ago than this is called out as possibly old.
    "SUPPORT_ORDER_STALE_AFTER_HOURS": 48,
    # A visitor (no signed-in customer) sees an order by e-mail + order number: at most
    # this many distinct (e-mail, number) lookups per conversation, then a person.
    "SUPPORT_VISITOR_ORDER_LOOKUPS": 5,
    # Live connectors per shop slug (support/shops/connectors/), their timeout in
    # seconds and how long a platform reply is reused.
    "SUPPORT_SHOP_CONNECTORS": {},
    "SUPPORT_CONNECTOR_TIMEOUT": 2.0,
    "SUPPORT_CONNECTOR_CACHE_SECONDS": 60,
    # The widget's per-conversation token lives this long after the customer last
    # wrote (seconds; support/customer/access.py); a shop-signed customer identity
    # is accepted this long after the shop's page signed it.
    "SUPPORT_WIDGET_TOKEN_TTL": 3 * 24 * 3600,
    "SUPPORT_IDENTITY_MAX_AGE": 24 * 3600,
    # API throttles (DRF rate strings).
    "SUPPORT_THROTTLE_SESSION": "30/min",
    "SUPPORT_THROTTLE_IP": "120/min",
    # The widget's polling, counted apart from writes.
    "SUPPORT_THROTTLE_SESSION_POLL": "240/min",
    "SUPPORT_THROTTLE_IP_POLL": "1200/min",
}


def get(name: str) -> Any:
    return getattr(settings, name, DEFAULTS[name])
