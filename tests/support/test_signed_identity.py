"""The customer a shop vouches for: its server's HMAC over the shop, the customer's
id and e-mail and the time, checked by the desk in constant time. A signed customer
sees their own orders with no e-mail in the chat; a forged, altered, stale or
foreign signature is refused with a clear error — never a silent visitor."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from config.audit.models import AuditEntry
from support.customer.tools import run_tool
from support.models import Conversation, Customer, Shop
from support.shops.identity import IdentityError, SignedCustomer, sign, verify

SECRET = "s3cret-shared-with-the-shop-server"
SHOP_ORIGIN = "https://shop.example.com"
NOW = 1_800_000_000


def signed(**overrides) -> SignedCustomer:
    values = {"customer_id": "c-17", "email": "demo@demo-shop.example", "issued_at": NOW}
    values.update({k: v for k, v in overrides.items() if k != "signature"})
    signature = overrides.get("signature") or sign(secret=SECRET, shop="demo-shop", **values)
    return SignedCustomer(signature=signature, **values)


# --- the rule, without the database ------------------------------------------------


def test_the_shops_own_signature_is_accepted():
    assert verify(secret=SECRET, shop="demo-shop", signed=signed(), now=NOW + 60) is None


def test_a_signature_made_with_another_secret_is_refused():
    forged = sign(secret="guess", shop="demo-shop", customer_id="c-17",
                  email="demo@demo-shop.example", issued_at=NOW)  # fmt: skip
    assert (
        verify(secret=SECRET, shop="demo-shop", signed=signed(signature=forged), now=NOW)
        is IdentityError.BAD_SIGNATURE
    )


def test_a_signature_with_another_email_id_or_shop_is_refused():
    good = signed().signature
    for changed in (
        signed(email="lucia@example.com", signature=good),
        signed(customer_id="c-18", signature=good),
    ):
        assert verify(secret=SECRET, shop="demo-shop", signed=changed, now=NOW) is (
            IdentityError.BAD_SIGNATURE
        )
    assert verify(secret=SECRET, shop="tienda-demo", signed=signed(), now=NOW) is (
        IdentityError.BAD_SIGNATURE
    )


def test_an_old_signature_is_stale_and_one_from_the_future_is_refused():
    assert verify(secret=SECRET, shop="demo-shop", signed=signed(), now=NOW + 86_401) is (
        IdentityError.STALE
    )
    assert verify(secret=SECRET, shop="demo-shop", signed=signed(), now=NOW - 3600) is (
        IdentityError.FROM_THE_FUTURE
    )


def test_a_shop_without_a_secret_accepts_no_signed_customer():
    assert verify(secret="", shop="demo-shop", signed=signed(), now=NOW) is (
        IdentityError.NOT_ENABLED
    )


def test_the_email_is_signed_lower_case():
    upper = signed(email="Demo@Demo-Shop.example")
    assert upper.signature == signed().signature


# --- through the API ------------------------------------------------------------------


@pytest.fixture
def secret_shop(shop, db):
    cache.clear()
    Shop.objects.filter(slug="demo-shop").update(identity_secret=SECRET)
    yield
    cache.clear()


def start(customer: dict | None, **extra):
    client = APIClient(HTTP_ORIGIN=SHOP_ORIGIN)
    body = {"shop": "demo-shop", **extra}
    if customer is not None:
        body["customer"] = customer
    return client.post("/api/conversations/", body, format="json")


def as_json(value: SignedCustomer) -> dict:
    return {
        "id": value.customer_id,
        "email": value.email,
        "issued_at": value.issued_at,
        "signature": value.signature,
    }


def fresh(**overrides) -> dict:
    return as_json(signed(issued_at=int(time.time()) - 5, **overrides))


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP_ORIGIN])
def test_a_signed_customer_sees_their_own_orders_without_an_email_claim(secret_shop):
    # Given the shop's page signed its signed-in customer (the demo customer)
    response = start(fresh())

    # Then the conversation is theirs
    assert response.status_code == 201, response.content
    assert response.json()["signed_customer"] is True
    conversation = Conversation.objects.get(public_id=response.json()["id"])
    assert conversation.customer.email == "demo@demo-shop.example"
    assert conversation.customer.external_id == "c-17"

    # When the order tool looks up their order, with no e-mail written in the chat
    mine = run_tool(name="get_order_status", tool_input={"order_id": "1042"},
                    conversation=conversation, turn=None)  # fmt: skip
    # and someone else's order
    theirs = run_tool(name="get_order_status", tool_input={"order_id": "1301"},
                      conversation=conversation, turn=None)  # fmt: skip

    # Then their own is answered and the other reads like an unknown number
    assert not mine.is_error and "shipped" in str(mine.content)
    assert theirs.is_error


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP_ORIGIN])
def test_a_customer_new_to_the_desk_is_added_with_what_the_shop_signed(secret_shop):
    # Given a signed customer the desk has no record of
    response = start(fresh(customer_id="c-99", email="new@example.com"))

    # Then they are added (id and e-mail only), and the addition is audited
    assert response.status_code == 201
    customer = Customer.objects.get(shop__slug="demo-shop", email="new@example.com")
    assert customer.external_id == "c-99" and customer.name == ""
    assert AuditEntry.objects.filter(
        action="customer.create_from_signature", target_id=str(customer.pk)
    ).exists()


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP_ORIGIN])
@pytest.mark.parametrize(
    ("customer", "code"),
    [
        ({"signature": "0" * 64}, "identity_bad_signature"),  # forged
        ({"email": "lucia@example.com"}, "identity_bad_signature"),  # someone else's e-mail
        # signed as the shop would, but two days ago / a day ahead
        (as_json(signed(issued_at=int(time.time()) - 2 * 86_400)), "identity_stale"),
        (as_json(signed(issued_at=int(time.time()) + 86_400)), "identity_from_the_future"),
    ],
)
def test_a_forged_altered_or_stale_signature_is_refused_and_starts_nothing(
    secret_shop, customer, code
):
    # Given a signed customer with one part wrong (the rest as the shop signed it)
    body = fresh()
    body.update(customer)

    # When the widget starts a conversation with it
    response = start(body)

    # Then it is refused, saying why, and no conversation exists — not even a visitor's
    assert response.status_code == 422
    assert response.json()["code"] == code
    assert response.json()["detail"]
    assert Conversation.objects.count() == 0


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP_ORIGIN])
def test_a_shop_without_a_secret_refuses_a_signed_customer(shop):
    cache.clear()
    Shop.objects.filter(slug="demo-shop").update(identity_secret="")
    response = start(fresh())
    assert response.status_code == 422
    assert response.json()["code"] == "identity_not_enabled"
    assert "identity-secret" in response.json()["detail"]


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP_ORIGIN])
def test_a_malformed_signed_customer_is_a_400_naming_the_field(secret_shop):
    response = start({"id": "c-17", "email": "not-an-email", "issued_at": 1, "signature": "x"})
    assert response.status_code == 400
    assert set(response.json()["customer"]) == {"email", "signature"}


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP_ORIGIN])
def test_the_shop_command_makes_a_secret_whose_signatures_are_accepted(shop):
    from io import StringIO

    from django.core.management import call_command

    # When the shop's secret is rotated with the command
    out = StringIO()
    call_command("shop", "identity-secret", "demo-shop", stdout=out, stderr=StringIO())
    secret = out.getvalue().strip()

    # Then it is the shop's, the rotation is audited, and a signature made with it works
    assert Shop.objects.get(slug="demo-shop").identity_secret == secret
    assert AuditEntry.objects.filter(action="shop.identity_secret_rotate").exists()
    issued = int(time.time())
    body = {
        "id": "c-17",
        "email": "demo@demo-shop.example",
        "issued_at": issued,
        "signature": sign(
            secret=secret,
            shop="demo-shop",
            customer_id="c-17",
            email="demo@demo-shop.example",
            issued_at=issued,
        ),
    }
    cache.clear()
    assert start(body).status_code == 201
