"""The support app, in three jobs: ``customer`` (the path from the widget to one
answer), ``backoffice`` (the staff pages and their services) and ``demo``. Beside
them: the models, settings (conf), money formatting, signals, and the Celery tasks
with the module that queues them (tasks, enqueue)."""
