"""Stable identifiers: the guard codes, the extra failure reasons and the modes."""

from __future__ import annotations

from enum import StrEnum


class GuardCode(StrEnum):
    """The ten guards, in the order the pipeline runs them, plus two failure reasons.

    ``guard_error`` and ``guard_timeout`` are never guards of their own: they are the
    ``reason`` of a failure when a guard raised or overran the turn's time budget.
    """

    UNBACKED_FIGURE = "unbacked_figure"
    DISCOUNT_PROMISE = "discount_promise"
    REFUND_PROMISE = "refund_promise"
    INTERNAL_VOCABULARY = "internal_vocabulary"
    STOCK_CONTRADICTION = "stock_contradiction"
    OUT_OF_STOCK_OFFERED = "out_of_stock_offered"
    WARRANTY_WITHOUT_DATA = "warranty_without_data"
    QUOTE_WITHOUT_DETAILS = "quote_without_details"
    FOREIGN_LINK = "foreign_link"
    ACTION_CLAIM = "action_claim"
    GUARD_ERROR = "guard_error"
    GUARD_TIMEOUT = "guard_timeout"


GUARD_CODES: tuple[GuardCode, ...] = tuple(
    code for code in GuardCode if code not in (GuardCode.GUARD_ERROR, GuardCode.GUARD_TIMEOUT)
)


class GuardMode(StrEnum):
    """What a guard's rejection does: block the draft, only get logged, or nothing."""

    ENFORCE = "enforce"
    OBSERVE = "observe"
    OFF = "off"


def parse_guard_code(value: str) -> GuardCode:
    """Return the guard code named by ``value``; ValueError for reasons or unknown names."""
    try:
        code = GuardCode(value)
    except ValueError:
        raise ValueError(f"unknown guard code {value!r}") from None
    if code not in GUARD_CODES:
        raise ValueError(f"{value!r} is a failure reason, not a guard")
    return code
