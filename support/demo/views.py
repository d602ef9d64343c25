"""The home page and the demo shop page, which embeds the widget as a shop would."""

import time

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.csrf import ensure_csrf_cookie

from support import conf
from support.models import Shop
from support.shops.identity import sign

# The demo shop page, in each of the two demo shops' languages.
DEMO_SHOPS = {
    "en": {
        "name": "Demo Shop",
        "slug": "demo-shop",  # the `shop:` of its documents (knowledge/demo/seed_shop)
        "tagline": "Headphones and small electronics, delivered in two working days.",
        "widget_title": "Demo Shop help",
        "products": [
            ("Wireless headphones HP-200", "€59", "In stock · 2-year warranty"),
        ],
    },
    "es": {
        "name": "Tienda Demo",
        "slug": "tienda-demo",
        "tagline": "Celulares y accesorios con envío a todo el país.",
        "widget_title": "Ayuda de Tienda Demo",
        "products": [
            ("Motorola Moto G54 256 GB", "$ 449.999", "En stock · 12 meses de garantía"),
            ("Samsung Galaxy A15 128 GB", "$ 749.999", "Sin stock"),
            ("Cargador rápido 25 W (SKU-9942)", "$ 24.999", "En stock"),
        ],
    },
}


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


@ensure_csrf_cookie  # a signed-in staff member trying the widget here needs the token
def demo_shop(request: HttpRequest) -> HttpResponse:
    """A shop's page that embeds the widget exactly as a shop would: one script tag
    pointing at the desk (``?lang=es`` shows the Spanish shop; ``?signed=1`` plays a
    shop whose customer is signed in: the page carries the demo customer's signature)."""
    language = request.GET.get("lang", "en")
    if language not in DEMO_SHOPS:
        language = "en"
    # The desk may live on another origin than the shop (SUPPORT_DEMO_DESK_URL), as a
    # real shop's would: then the page's own policy names the desk, exactly as a shop's
    # Content-Security-Policy must (README: "The chat widget").
    own = request.build_absolute_uri("/").rstrip("/")
    desk = (getattr(settings, "SUPPORT_DEMO_DESK_URL", "") or own).rstrip("/")
    context = {
        "shop": DEMO_SHOPS[language],
        "language": language,
        "api": desk,
        "widget_src": desk + static("support/widget.js"),
    }
    if request.GET.get("signed") == "1":
        context["signed"] = _signed_demo_customer(DEMO_SHOPS[language]["slug"])
    response = render(request, "support/demo_shop.html", context)
    if desk != own:
        response.headers["Content-Security-Policy"] = widget_policy(desk=desk)
    return response


def _signed_demo_customer(slug: str) -> dict | None:
    """What a shop's server puts in the snippet for its signed-in customer: here the
    demo customer, signed with the demo shop's secret (None without one)."""
    shop = Shop.objects.filter(slug=slug).first()
    if shop is None or not shop.identity_secret:
        return None
    email = conf.get("SUPPORT_DEMO_CUSTOMER_EMAIL")
    issued = int(time.time())
    return {
        "id": "demo-1",
        "email": email,
        "issued": issued,
        "signature": sign(
            secret=shop.identity_secret,
            shop=slug,
            customer_id="demo-1",
            email=email,
            issued_at=issued,
        ),
    }


def widget_policy(*, desk: str) -> str:
    """What a shop page's Content-Security-Policy needs for the widget: its script and
    stylesheet from the desk, and calls to the desk's API. Nothing inline."""
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' {desk}",
            f"style-src 'self' {desk}",
            f"connect-src 'self' {desk}",
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ]
    )
