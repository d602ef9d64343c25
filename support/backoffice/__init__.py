"""The back office: the staff pages (dashboard, refunds, inbox, guard log) and their services."""
