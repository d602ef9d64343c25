"""The audit log every app writes: the model, the one function that writes it, and
the database trigger that makes its table append-only. It sits in ``config``, below
the apps, so any app may import it (see tests/test_layering.py)."""
