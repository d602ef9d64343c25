"""AuditEntry now belongs to the audit app (config/audit); its table stays as it is."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("support", "0006_conversation_shop"),
        ("audit", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="AuditEntry")],
            database_operations=[],
        ),
    ]
