"""Settings for the worker subprocess of the kill test: the project's settings, the
test database, the naive model slowed down so the test can kill it mid-turn, and
short broker and turn leases so the redelivery happens within the test."""

from __future__ import annotations

import os

from config.settings import *  # noqa: F403

if os.environ.get("SUPPORTDESK_DATABASE_NAME"):
    DATABASES["default"]["NAME"] = os.environ["SUPPORTDESK_DATABASE_NAME"]  # noqa: F405
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 2}
SUPPORT_MODEL_BACKEND = "naive"
SUPPORT_MODEL_STEP_DELAY = float(os.environ.get("SUPPORT_TEST_STEP_DELAY", "0"))
SUPPORT_TURN_LEASE_SECONDS = 2
