"""GuardLog: one row per guard failure, enough to explain it and to replay the exact turn."""

from __future__ import annotations

from django.db import models

from guards.codes import GuardCode, GuardMode


class GuardLog(models.Model):
    # The id of the support app's Turn: a plain integer, not a foreign key, because
    # guards sit below support and never import it (tests/test_layering.py).
    turn_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    attempt = models.PositiveSmallIntegerField(default=1)
    guard = models.CharField(max_length=40, choices=[(c.value, c.value) for c in GuardCode])
    mode = models.CharField(max_length=10, choices=[(m.value, m.value) for m in GuardMode])
    reason = models.CharField(max_length=40)
    detail = models.TextField(blank=True, default="")
    extra_figures = models.JSONField(default=list, blank=True)
    source_figures = models.JSONField(default=list, blank=True)
    draft = models.TextField()
    question = models.TextField(blank=True, default="")
    # The whole turn in the check format, so a false positive replays exactly.
    context = models.JSONField(default=dict)
    duration_ms = models.FloatField(default=0.0)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    false_positive = models.BooleanField(default=False, db_index=True)
    marked_by = models.CharField(max_length=150, blank=True, default="")
    marked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes = [models.Index(fields=("guard", "created_at"))]

    def __str__(self) -> str:
        return f"{self.guard} ({self.mode}, {self.reason}) turn {self.turn_id} #{self.attempt}"
