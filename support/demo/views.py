"""The home page and the demo shop page, which embeds the widget as a shop would."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.csrf import ensure_csrf_cookie

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
    pointing at this site (``?lang=es`` shows the Spanish shop)."""
    language = request.GET.get("lang", "en")
    if language not in DEMO_SHOPS:
        language = "en"
    api = request.build_absolute_uri("/").rstrip("/")
    context = {
        "shop": DEMO_SHOPS[language],
        "language": language,
        "api": api,
        "widget_src": request.build_absolute_uri(static("support/widget.js")),
    }
    return render(request, "support/demo_shop.html", context)
