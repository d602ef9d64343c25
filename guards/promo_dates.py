"""A promotion granted on a date the customer gave that its source's dates leave out.

"Semana Anagrama (del 3 al 9 de junio)" and a customer who wrote "Hoy es 10 de junio":
the source bounds the promotion in days of the year, the customer said which day it is,
and the two dates decide it. Windows are read in a closed set of forms (del 3 al 9 de
junio, del 1 de marzo al 30 de abril, hasta el 24 de diciembre; 1–14 February, from 1
to 14 February, 1 March to 30 April, until 30 June, through 31 May); the customer's day
in another (hoy es 10 de junio, estamos a 15 de diciembre; today is 20 February, it's
12 March). A window without a start runs from the year's first day. Years are not read:
a window that ends before it starts runs over the new year.
"""

from __future__ import annotations

from guards import scan
from guards.context import GuardContext

_MONTHS = {
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11,
    "diciembre": 12, "january": 1, "february": 2, "march": 3, "april": 4, "may": 5,
    "june": 6, "july": 7, "august": 8, "september": 9, "october": 10, "november": 11,
    "december": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
    "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th|º)?"
_TO = r"\s*(?:al|a|hasta\s+el|–|-|to|until|till|through)\s*"

# The customer's day: "hoy es 10 de junio", "estamos a 15 de diciembre", "today's 20
# February", "it's 12 March", "today is March 4".
_TODAY = scan.compile(
    rf"(?i)(?:hoy\s+es|hoy|estamos\s+a|today\s+is|today's|it's|it\s+is)\s+(?:el\s+|the\s+)?"
    rf"{_DAY}\s+(?:de\s+|of\s+)?{_MONTH}(?:$|[^\pL])"
)
_TODAY_MONTH_FIRST = scan.compile(
    rf"(?i)(?:today\s+is|today's|it's|it\s+is)\s+{_MONTH}\s+{_DAY}(?:$|[^\pL\pN])"
)
# Windows: both ends with their months, one month for both, or an end alone.
_BOTH = scan.compile(
    rf"(?i)(?:del\s+|from\s+)?{_DAY}\s+(?:de\s+)?{_MONTH}{_TO}{_DAY}\s+(?:de\s+)?{_MONTH}"
)
_ONE_MONTH = scan.compile(rf"(?i)(?:del\s+|from\s+)?{_DAY}{_TO}{_DAY}\s+(?:de\s+|of\s+)?{_MONTH}")
_MONTH_FIRST = scan.compile(rf"(?i){_MONTH}\s+{_DAY}{_TO}{_DAY}(?:$|[^\pN])")
_UNTIL = scan.compile(
    rf"(?i)(?:hasta\s+el|until|till|through|ends?\s+on)\s+{_DAY}\s+(?:de\s+|of\s+)?{_MONTH}"
)

Day = tuple[int, int]  # (month, day)

# The sentence says the promotion is over: the honest answer ("Esa oferta ya terminó").
_ENDED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:termin[oó]|terminaron|acab[oó]|finaliz[oó]|venci[oó]|caduc[oó]|"
    r"expir[oó]|ended|finished|expired|is\s+over|was\s+over|ran\s+from|fue\s+del)(?:$|[^\pL])"
)


def date_outside_source(ctx: GuardContext, sentence: str, promotions: list[str]) -> str | None:
    """A note when the customer gave today's date and every date window of the
    promotions' sources leaves it out while ``sentence`` does not say it is over; None
    when either date is missing."""
    if _ENDED.search(sentence):
        return None
    today = _customer_day(ctx)
    if today is None:
        return None
    windows = [w for source in promotions for w in _windows(source)]
    if not windows or any(_inside(today, start, end) for start, end in windows):
        return None
    start, end = windows[0]
    return (
        f"its source runs {start[1]}/{start[0]} to {end[1]}/{end[0]}; "
        f"the customer says it is {today[1]}/{today[0]}"
    )


def _customer_day(ctx: GuardContext) -> Day | None:
    for text in ctx.customer_texts():
        if (match := _TODAY.search(text)) is not None:
            return _MONTHS[match.group(2).lower()], int(match.group(1))
        if (match := _TODAY_MONTH_FIRST.search(text)) is not None:
            return _MONTHS[match.group(1).lower()], int(match.group(2))
    return None


def _windows(source: str) -> list[tuple[Day, Day]]:
    out: list[tuple[Day, Day]] = []
    taken: list[tuple[int, int]] = []
    for match in _BOTH.finditer(source):
        out.append(((_month(match, 2), _day(match, 1)), (_month(match, 4), _day(match, 3))))
        taken.append(match.span())
    # one month for both ends: (pattern, its month's group, the two days' groups)
    for pattern, month_at, first, last in ((_ONE_MONTH, 3, 1, 2), (_MONTH_FIRST, 1, 2, 3)):
        for match in pattern.finditer(source):
            if _within(match.span(), taken):
                continue
            month = _month(match, month_at)
            out.append(((month, _day(match, first)), (month, _day(match, last))))
            taken.append(match.span())
    for match in _UNTIL.finditer(source):
        if not _within(match.span(), taken):
            out.append(((1, 1), (_month(match, 2), _day(match, 1))))
    return [w for w in out if all(1 <= d <= 31 for _, d in w)]


def _within(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] < b or a < span[1] <= b for a, b in taken)


def _month(match: scan.Found, group: int) -> int:
    return _MONTHS[match.group(group).lower().rstrip(".")]


def _day(match: scan.Found, group: int) -> int:
    return int(match.group(group))


def _inside(today: Day, start: Day, end: Day) -> bool:
    if start <= end:
        return start <= today <= end
    return today >= start or today <= end  # over the new year
