"""A refund decision's idempotency key: a replay with the same key returns the same
result and does nothing twice; a key is used by one decision only."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("support", "0003_turn_trace_append_only")]

    operations = [
        migrations.AddField(
            model_name="refundrequest",
            name="idempotency_key",
            field=models.CharField(blank=True, default="", max_length=100),
        ),
        migrations.AddConstraint(
            model_name="refundrequest",
            constraint=models.UniqueConstraint(
                condition=~models.Q(idempotency_key=""),
                fields=("idempotency_key",),
                name="support_refund_unique_idempotency_key",
            ),
        ),
    ]
