import gc
import os

from celery import Celery
from celery.signals import worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("supportdesk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect  # the threads and solo pools: the worker's own process
@worker_process_init.connect  # the prefork pool: each child, once forked
def _freeze_startup_objects(**_: object) -> None:
    """Move what the worker built at start (settings, the task modules and with them
    the compiled guard patterns and word lists) out of the collector's reach: a full
    collection then walks only what turns create. Measured on the guard pipeline
    (benchmarks/guards_bench.py, which does the same after its warm-up), the slowest
    1 % of turns drops by about a fifth; what a turn computes does not change."""
    gc.collect()
    gc.freeze()
