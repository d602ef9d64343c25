from django.apps import AppConfig


class GuardsConfig(AppConfig):
    name = "guards"
    verbose_name = "Guards"
    default_auto_field = "django.db.models.BigAutoField"
