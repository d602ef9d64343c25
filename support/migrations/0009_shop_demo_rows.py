"""The two demo shops become Shop rows, and every customer, order and product that
belonged to no shop is given to the default one (SUPPORT_DEFAULT_SHOP, "demo-shop"):
a desk that served one shop before keeps answering exactly as it did."""

from django.conf import settings
from django.db import migrations

DEMO_SHOPS = (
    ("demo-shop", "Demo Shop", ["en"], "EUR"),
    ("tienda-demo", "Tienda Demo", ["es"], "ARS"),
)


def forwards(apps, schema_editor):
    Shop = apps.get_model("support", "Shop")
    for slug, name, languages, currency in DEMO_SHOPS:
        Shop.objects.get_or_create(
            slug=slug, defaults={"name": name, "languages": languages, "currency": currency}
        )
    default_slug = getattr(settings, "SUPPORT_DEFAULT_SHOP", "demo-shop")
    default, _ = Shop.objects.get_or_create(
        slug=default_slug, defaults={"name": default_slug, "languages": ["en"]}
    )
    for model in ("Customer", "Order", "Product"):
        apps.get_model("support", model).objects.filter(shop__isnull=True).update(shop=default)


class Migration(migrations.Migration):
    dependencies = [("support", "0008_shop_records")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
