# The foreign_link guard joins the choices of GuardLog.guard.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("guards", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="guardlog",
            name="guard",
            field=models.CharField(
                choices=[
                    ("unbacked_figure", "unbacked_figure"),
                    ("discount_promise", "discount_promise"),
                    ("refund_promise", "refund_promise"),
                    ("internal_vocabulary", "internal_vocabulary"),
                    ("stock_contradiction", "stock_contradiction"),
                    ("out_of_stock_offered", "out_of_stock_offered"),
                    ("warranty_without_data", "warranty_without_data"),
                    ("quote_without_details", "quote_without_details"),
                    ("foreign_link", "foreign_link"),
                    ("guard_error", "guard_error"),
                    ("guard_timeout", "guard_timeout"),
                ],
                max_length=40,
            ),
        ),
    ]
