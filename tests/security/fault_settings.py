"""Settings for the worker subprocesses of the redelivery and fault drills.

The project's settings with the naive model, an optional delay before every model call
(SUPPORT_MODEL_STEP_DELAY, so a drill can act while a turn is in flight), and the
production order of the timeouts — soft limit < hard limit < turn lease < broker
visibility timeout — scaled down from 90 / 120 / 150 / 600 s to 15 / 20 / 25 / 30 s,
so that a redelivery after a fault happens within a drill's time bound.

The server is DATABASE_URL's (a drill's private PostgreSQL, or CI's) or the embedded
one; SUPPORT_DRILL_DATABASE_NAME names pytest's test database on it.
"""

from __future__ import annotations

import os

from config.settings import *  # noqa: F403

if os.environ.get("SUPPORT_DRILL_DATABASE_NAME"):  # pytest's test database
    DATABASES["default"]["NAME"] = os.environ["SUPPORT_DRILL_DATABASE_NAME"]  # noqa: F405
SUPPORT_MODEL_BACKEND = "naive"
SUPPORT_MODEL_STEP_DELAY = float(os.environ.get("SUPPORT_MODEL_STEP_DELAY", "0"))
CELERY_TASK_SOFT_TIME_LIMIT = 15
CELERY_TASK_TIME_LIMIT = 20
SUPPORT_TURN_LEASE_SECONDS = 25
CELERY_BROKER_TRANSPORT_OPTIONS = {
    **CELERY_BROKER_TRANSPORT_OPTIONS,  # noqa: F405
    "visibility_timeout": 30,
    # Sweep for unacknowledged messages past the visibility timeout every second
    # (kombu's default is about every 100 s), so the drills see the redelivery.
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}
