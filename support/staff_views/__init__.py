"""The back office pages of the support app: the refund queue and the handoff inbox.
Thin function views over support/services (writes) and .selectors (reads)."""
