from django.apps import AppConfig


class KnowledgeConfig(AppConfig):
    name = "knowledge"
    verbose_name = "Knowledge base"

    def ready(self) -> None:
        # Register the tasks in every process, so knowledge.enqueue finds them by name.
        from knowledge import tasks  # noqa: F401
