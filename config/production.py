"""Production settings: the base settings with every `check --deploy` item set.

DJANGO_SETTINGS_MODULE=config.production. Required environment: DJANGO_SECRET_KEY
(50+ random characters), DJANGO_ALLOWED_HOSTS, DATABASE_URL (a PostgreSQL with
pgvector; nothing embedded is started), CELERY_BROKER_URL, and
SUPPORT_WIDGET_ALLOWED_ORIGINS (the shop sites that may embed the widget).
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from config.settings import *  # noqa: F403

DEBUG = False

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set to 50 or more random characters")

# TLS terminates at the proxy in front of the site, which sets X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SECURE = True
X_FRAME_OPTIONS = "DENY"
# The widget on a shop's pages needs no cookie (its conversation token travels in a
# header), so every session — the staff's above all — stays SameSite=Lax.
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# Static files: `manage.py collectstatic` at deploy time writes hashed, compressed
# copies to STATIC_ROOT; WhiteNoise serves them from the web process (hashed names
# cached for a year). Shops load the widget by its plain name,
# /static/support/widget.js, which WhiteNoise serves too, with a short cache time.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# The widget's script is fetched by other sites' pages.
WHITENOISE_ALLOW_ALL_ORIGINS = True

# The API answers JSON only: the browsable API's pages carry inline script, which the
# Content-Security-Policy refuses.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
}
