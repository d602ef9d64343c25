"""A shop's own orders and catalogue: the Shop record's services, and the ways a
shop's data comes in (files, the push API). Every way in checks its rows with
``rows.py`` and writes them with ``writes.py``, so they agree on what is valid."""
