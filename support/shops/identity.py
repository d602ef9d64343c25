"""The customer a shop vouches for: its server signs the signed-in customer's id and
e-mail with the shop's identity secret, the widget passes the signature along, and
the desk checks it here before linking the conversation to that customer.

The signed text is four lines joined by "\\n": the shop's slug, the customer's id in
the shop, their e-mail (lower-case) and the Unix time the page was made —
``HMAC-SHA256(secret, text)`` in hex. Pure functions: no database."""

from __future__ import annotations

import enum
import hashlib
import hmac
from dataclasses import dataclass

# A signature older than this is stale (the page it came with is hours old); one from
# more than FUTURE_SLACK seconds in the future means a clock is wrong or it is forged.
DEFAULT_MAX_AGE = 24 * 3600
FUTURE_SLACK = 300


class IdentityError(enum.StrEnum):
    """Why a signed identity was refused (the API's error ``code``)."""

    NOT_ENABLED = "identity_not_enabled"
    MALFORMED = "identity_malformed"
    BAD_SIGNATURE = "identity_bad_signature"
    STALE = "identity_stale"
    FROM_THE_FUTURE = "identity_from_the_future"


MESSAGES = {
    IdentityError.NOT_ENABLED: "This shop has no identity secret: the desk cannot check a "
    "signed customer. Remove data-customer or set the secret (manage.py shop identity-secret).",
    IdentityError.MALFORMED: "The signed customer is incomplete: id, e-mail, issued_at and "
    "signature are all needed.",
    IdentityError.BAD_SIGNATURE: "The customer signature does not match: it was not made "
    "with this shop's identity secret for this id, e-mail and time.",
    IdentityError.STALE: "The customer signature has expired: the page must sign it again.",
    IdentityError.FROM_THE_FUTURE: "The customer signature is dated in the future: check the "
    "shop server's clock.",
}


@dataclass(frozen=True)
class SignedCustomer:
    customer_id: str
    email: str
    issued_at: int
    signature: str


def signed_text(*, shop: str, customer_id: str, email: str, issued_at: int) -> str:
    return "\n".join([shop, customer_id, email.strip().lower(), str(int(issued_at))])


def sign(*, secret: str, shop: str, customer_id: str, email: str, issued_at: int) -> str:
    """What the shop's server computes (here for tests and the README's example)."""
    text = signed_text(shop=shop, customer_id=customer_id, email=email, issued_at=issued_at)
    return hmac.new(secret.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()


def verify(
    *,
    secret: str,
    shop: str,
    signed: SignedCustomer,
    now: float,
    max_age: int = DEFAULT_MAX_AGE,
) -> IdentityError | None:
    """None when the signature is this shop's, for these values, and fresh."""
    if not secret:
        return IdentityError.NOT_ENABLED
    parts = (signed.customer_id, signed.email, signed.signature)
    if not all(parts) or any("\n" in p for p in parts):
        return IdentityError.MALFORMED
    expected = sign(
        secret=secret,
        shop=shop,
        customer_id=signed.customer_id,
        email=signed.email,
        issued_at=signed.issued_at,
    )
    # Compared in constant time, before the time checks: a forger learns nothing
    # from which error comes back first.
    if not hmac.compare_digest(expected, signed.signature.strip().lower()):
        return IdentityError.BAD_SIGNATURE
    if signed.issued_at > now + FUTURE_SLACK:
        return IdentityError.FROM_THE_FUTURE
    if now - signed.issued_at > max_age:
        return IdentityError.STALE
    return None
