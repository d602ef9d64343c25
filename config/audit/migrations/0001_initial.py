"""AuditEntry moves here from the support app. The table (``support_auditentry``,
created by support's migration 0002) is not touched: this migration only takes the
model over in Django's state, adopts its content type, and from now on owns the
append-only trigger (re-created idempotently, so old and new databases end alike)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# Row-level UPDATE and DELETE are refused. TRUNCATE is not (the test runner's flush
# uses it); the production database role is not granted TRUNCATE (see the README).
APPEND_ONLY_SQL = """
CREATE OR REPLACE FUNCTION support_auditentry_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'support_auditentry is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS support_auditentry_no_update_delete ON support_auditentry;
CREATE TRIGGER support_auditentry_no_update_delete
    BEFORE UPDATE OR DELETE ON support_auditentry
    FOR EACH ROW EXECUTE FUNCTION support_auditentry_append_only();
"""


def adopt_content_type(apps, schema_editor):
    """support.auditentry becomes audit.auditentry (its permissions follow). On a new
    database neither exists yet: post_migrate creates the new one."""
    content_type = apps.get_model("contenttypes", "ContentType")
    if not content_type.objects.filter(app_label="audit", model="auditentry").exists():
        content_type.objects.filter(app_label="support", model="auditentry").update(
            app_label="audit"
        )


def return_content_type(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    if not content_type.objects.filter(app_label="support", model="auditentry").exists():
        content_type.objects.filter(app_label="audit", model="auditentry").update(
            app_label="support"
        )


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        # The table was created there; this app takes it over as it is.
        ("support", "0002_audit_log"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AuditEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "actor_label",
                            models.CharField(
                                help_text="Username, or assistant/system.", max_length=150
                            ),
                        ),
                        ("action", models.CharField(db_index=True, max_length=100)),
                        ("target_type", models.CharField(blank=True, default="", max_length=100)),
                        ("target_id", models.CharField(blank=True, default="", max_length=64)),
                        ("data", models.JSONField(blank=True, default=dict)),
                        ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                        (
                            "actor",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "support_auditentry",
                        "ordering": ["-id"],
                        "indexes": [
                            models.Index(
                                fields=["target_type", "target_id"],
                                name="support_aud_target__24a833_idx",
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(adopt_content_type, return_content_type),
        # Reversing leaves the trigger: support's migration 0002 created it first and
        # drops it when it is reversed.
        migrations.RunSQL(APPEND_ONLY_SQL, migrations.RunSQL.noop),
    ]
