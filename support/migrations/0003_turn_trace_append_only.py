"""A finished turn's trace is evidence: once its status is done the database
refuses any UPDATE of it, and turns are never deleted (the trigger below)."""

from django.db import migrations

TURN_TRACE_SQL = """
CREATE FUNCTION support_turn_trace_guard() RETURNS trigger AS $$
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
CREATE TRIGGER support_turn_trace_append_only
    BEFORE UPDATE OR DELETE ON support_turn
    FOR EACH ROW EXECUTE FUNCTION support_turn_trace_guard();
"""

DROP_TURN_TRACE_SQL = """
DROP TRIGGER IF EXISTS support_turn_trace_append_only ON support_turn;
DROP FUNCTION IF EXISTS support_turn_trace_guard();
"""


class Migration(migrations.Migration):
    dependencies = [("support", "0002_audit_log")]

    operations = [migrations.RunSQL(TURN_TRACE_SQL, DROP_TURN_TRACE_SQL)]
