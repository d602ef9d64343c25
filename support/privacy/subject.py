"""The pseudonymous subject the audit log records for an export or an erasure: a
keyed hash of the e-mail, never the e-mail itself."""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings


def normalise_email(email: str) -> str:
    return email.strip().lower()


def pseudonym(email: str) -> str:
    """HMAC-SHA256 of the normalised e-mail keyed with SECRET_KEY (hex). The same
    e-mail always gives the same subject, so two requests for one person can be told
    apart from two people; without the key the e-mail cannot be recovered or tested."""
    key = settings.SECRET_KEY.encode("utf-8")
    return hmac.new(key, normalise_email(email).encode("utf-8"), hashlib.sha256).hexdigest()
