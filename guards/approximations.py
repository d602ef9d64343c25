"""A figure said as an approximation: "casi 249 €", "about $304", "unos 50 €".

A sum of two listed prices said round ("199,00 € y 49,95 €, así que en total serían casi
249 €") is backed as the sum is, rounded as any backed amount may be; a round figure
said without such a word is a claim of its own (``guards.backing_index`` only rounds a
sum for a figure said this way). The words are a closed class of approximators.
"""

from __future__ import annotations

from guards import scan

# The approximator right before the figure (its currency sign between at most).
_ABOUT = scan.compile(
    r"(?i)(?:^|[^\pL])(?:casi|unos|unas|alrededor\s+de|aproximadamente|aprox\.?|cerca\s+de|"
    r"rondando|redondeando|poco\s+(?:m[aá]s|menos)\s+de|algo\s+(?:m[aá]s|menos)\s+de|"
    r"about|around|roughly|approximately|approx\.?|nearly|almost|just\s+(?:under|over)|"
    r"close\s+to|a\s+little\s+(?:under|over)|some|~)\s*(?:[$€£]|us\$|u\$s)?\s*$"
)


def said_about(text: str, start: int) -> bool:
    """The figure at ``start`` of ``text`` follows an approximator."""
    return _ABOUT.search(text[max(0, start - 40) : start]) is not None
