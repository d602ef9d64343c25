"""Deterministic checks every draft passes before a customer sees it.

Public API: ``guards.pipeline.run_guards`` and ``guards.context.GuardContext``;
logging through ``guards.services.guard_log_record``.
"""
