"""Settings for the Celery worker the browser tests start: the project's settings on
the live server's test database, with the offline `extractive` model (the demo's
default: it quotes the retrieved chunk, so a price an editor changes shows up in the
next answer)."""

from __future__ import annotations

import os

from config.settings import *  # noqa: F403

if os.environ.get("SUPPORTDESK_DATABASE_NAME"):
    DATABASES["default"]["NAME"] = os.environ["SUPPORTDESK_DATABASE_NAME"]  # noqa: F405
SUPPORT_MODEL_BACKEND = os.environ.get("SUPPORT_E2E_MODEL_BACKEND", "extractive")
