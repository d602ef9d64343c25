"""Masking and anonymising: what a message had hidden, when a conversation was told
and when it was anonymised; and one narrow exception to the finished turn's
append-only trigger (support 0003): inside a transaction that has set
``support.anonymising = 'on'`` (SET LOCAL, only support/privacy/anonymise.py does),
an UPDATE of a finished turn may change its text columns (retrieved, context, model_calls,
tool_calls, drafts, error) and nothing else. DELETE stays refused."""

from django.db import migrations, models

TEXT_COLUMNS = "ARRAY['retrieved', 'model_calls', 'tool_calls', 'drafts', 'error', 'context']"

TURN_TRACE_SQL = f"""
CREATE OR REPLACE FUNCTION support_turn_trace_guard() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'support_turn is append-only (DELETE refused)';
    END IF;
    IF OLD.status = 'done' THEN
        IF current_setting('support.anonymising', true) = 'on'
           AND (to_jsonb(NEW) - {TEXT_COLUMNS}) = (to_jsonb(OLD) - {TEXT_COLUMNS}) THEN
            RETURN NEW;
        END IF;
        RAISE EXCEPTION 'support_turn % is finished; its trace is append-only', OLD.id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
"""

OLD_TURN_TRACE_SQL = """
CREATE OR REPLACE FUNCTION support_turn_trace_guard() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'support_turn is append-only (DELETE refused)';
    END IF;
    IF OLD.status = 'done' THEN
        RAISE EXCEPTION 'support_turn % is finished; its trace is append-only', OLD.id;
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("support", "0011_turn_context"),
    ]

    operations = [
        migrations.AddField(
            model_name="conversation",
            name="anonymised_at",
            field=models.DateTimeField(blank=True, db_index=True, null=True),
        ),
        migrations.AddField(
            model_name="conversation",
            name="privacy_notice_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="message",
            name="masked",
            field=models.JSONField(blank=True, default=list, help_text='Hidden kinds: ["card", …]'),
        ),
        migrations.RunSQL(TURN_TRACE_SQL, OLD_TURN_TRACE_SQL),
    ]
