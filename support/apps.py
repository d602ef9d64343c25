from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "support"
    verbose_name = "Support assistant"

    def ready(self) -> None:
        from guards.acts import register_tool_acts
        from support.tools import TOOL_ACTS

        for name, acts in TOOL_ACTS.items():
            register_tool_acts(name, acts)
