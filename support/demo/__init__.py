"""The demo: the demo shop's data and page; run it all with `manage.py rundemo` or `demo_load`."""
