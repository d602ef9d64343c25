from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "support"
    verbose_name = "Support assistant"

    def ready(self) -> None:
        from guards.acts import register_tool_acts
        from knowledge import answer_cases
        from support import conf
        from support import tasks as registered_tasks  # noqa: F401  (for support.enqueue)
        from support.customer.tools import TOOL_ACTS

        for name, acts in TOOL_ACTS.items():
            register_tool_acts(name, acts)

        # The corpus lint (knowledge) checks the corpus against the release gate's
        # cases; knowledge cannot import support, so support hands them over.
        def cases() -> list[answer_cases.AnswerCase]:
            from support.evaluation import DEFAULT_CASES, load_cases

            return [
                answer_cases.AnswerCase(case.question, case.language, case.has)
                for case in load_cases(DEFAULT_CASES)
            ]

        answer_cases.register(cases=cases, retrieval_k=lambda: conf.get("SUPPORT_RETRIEVAL_K"))
