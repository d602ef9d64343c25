"""What a guard and the pipeline return: frozen values, easy to log and to serialise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from guards.codes import GuardCode, GuardMode


@dataclass(frozen=True)
class SourceFigure:
    """A number found in a source. ``origin``: chunk:<id>, tool:<name>, customer or history."""

    text: str
    value: str
    origin: str

    def to_json(self) -> dict[str, str]:
        return {"text": self.text, "value": self.value, "origin": self.origin}


@dataclass(frozen=True)
class Finding:
    """A guard's own rejection, before the pipeline attaches mode and reason. ``firm``:
    what it found no source can back whatever the wording (a gift as an apology, a rule
    set aside for this customer, a lower price the shop gives in the first person with
    no source for it), so the second reader never sets it aside."""

    detail: str
    extra_figures: tuple[str, ...] = ()
    source_figures: tuple[SourceFigure, ...] = ()
    firm: bool = False


@dataclass(frozen=True)
class GuardFailure:
    """One rejection: which guard, in what mode, why, and what to fix.

    ``reason`` is the guard's own code for an ordinary rejection, or ``guard_error`` /
    ``guard_timeout`` when the guard could not give a verdict.
    """

    guard: GuardCode
    mode: GuardMode
    reason: GuardCode
    detail: str = ""
    extra_figures: tuple[str, ...] = ()
    source_figures: tuple[SourceFigure, ...] = ()
    firm: bool = False  # see ``Finding.firm``

    def to_json(self) -> dict[str, Any]:
        """The check-format failure object (the stable contract of ``guards check``)."""
        return {
            "guard": str(self.guard),
            "reason": str(self.reason),
            "extra_figures": list(self.extra_figures),
            "source_figures": [figure.to_json() for figure in self.source_figures],
        }


@dataclass(frozen=True)
class PipelineResult:
    verdict: Literal["pass", "fail"]
    failures: tuple[GuardFailure, ...]
    observed: tuple[GuardFailure, ...]
    ms: float

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"
