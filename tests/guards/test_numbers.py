import time
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from guards.backing import SourceNumber
from guards.backing_index import BackingIndex
from guards.lexicon import ENGLISH, SPANISH
from guards.numbers import FigureKind, extract_figures, parse_readings

from .helpers import check, turn


def figures(text, lexicon=SPANISH, threshold=0):
    return [
        (f.text, f.value, f.kind)
        for f in extract_figures(text, lexicon=lexicon, threshold=threshold)
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ 1.500.000", Decimal(1500000)),
        ("1500000 pesos", Decimal(1500000)),
        ("1,5 millones de pesos", Decimal(1500000)),
        ("un millón y medio de pesos", Decimal(1500000)),
        ("500 mil pesos", Decimal(500000)),
        ("novecientos euros", Decimal(900)),
        ("79,18 €", Decimal("79.18")),
        ("medio millón de pesos", Decimal(500000)),
    ],
)
def test_spanish_money_formats_read_as_one_value(text, value):
    # given a Spanish amount in one of its formats; when read; then it is money with that value
    [(_, read, kind)] = figures(text)
    assert (read, kind) == (value, FigureKind.MONEY)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("€5", Decimal(5)),
        ("$1,299.00", Decimal(1299)),
        ("1.5 million dollars", Decimal(1500000)),
        ("79.18 euros", Decimal("79.18")),
    ],
)
def test_english_money_formats(text, value):
    [(_, read, kind)] = figures(text, ENGLISH)
    assert (read, kind) == (value, FigureKind.MONEY)


def test_articles_ordinals_model_names_and_codes_are_not_claims():
    # given text full of numbers that are not claims
    text = (
        "Te muestro una opción: el primer equipo, el Moto G54, pedido #1187, SKU "
        "APL-IP13-128, 2º piso."
    )
    # when read as a draft, then nothing is money, percent or quantity
    kinds = {kind for _, _, kind in figures(text, threshold=SPANISH.draft_threshold)}
    assert kinds <= {FigureKind.PLAIN, FigureKind.YEAR, FigureKind.DATE}


def test_plan_three_is_not_a_claim_but_three_plans_and_three_euros_are():
    # given the seed's trap: a bare number is no claim, so a test on it proves nothing
    assert figures("El plan 3 es el mejor.", threshold=2) == [("3", Decimal(3), FigureKind.PLAIN)]
    # a count with a noun is a quantity: it needs a source
    assert figures("Tenemos 3 planes.", threshold=2) == [("3", Decimal(3), FigureKind.QUANTITY)]
    # when the amount is money, then the gate sees it
    assert figures("El plan cuesta 3 €.", threshold=2) == [("3", Decimal(3), FigureKind.MONEY)]


def test_year_and_date_kinds_but_money_in_year_range_stays_money():
    found = figures("Desde enero de 2026 cuesta 2.100 €, entrega 3 de noviembre.", threshold=2)
    assert found == [
        ("2026", Decimal(2026), FigureKind.YEAR),
        ("2.100", Decimal(2100), FigureKind.MONEY),
        ("3", Decimal(3), FigureKind.DATE),
    ]


def test_ambiguous_separator_keeps_both_readings_only_where_the_locale_is_unsure():
    # given "1.500" in Spanish (thousands) and "1,500" in Spanish (maybe English-style)
    assert [r.value for r in parse_readings("1.500", lexicon=SPANISH)] == [Decimal(1500)]
    assert [r.value for r in parse_readings("1,500", lexicon=SPANISH)] == [
        Decimal("1.500"),
        Decimal(1500),
    ]
    assert [r.value for r in parse_readings("1,500", lexicon=ENGLISH)] == [Decimal(1500)]
    assert parse_readings("1,2,3", lexicon=SPANISH) == ()


# ---- property: any written format of a value backs any other -----------------------------
def spanish_formats(n: int) -> list[str]:
    grouped = f"{n:,}".replace(",", ".")
    out = [f"$ {grouped}", f"{n} pesos", f"{grouped} €"]
    if n % 1000 == 0:
        out.append(f"{n // 1000} mil pesos")
    if n % 100000 == 0 and n >= 1000000:
        millions = Decimal(n) / 1000000
        # ":f" keeps 50 millions "50", not normalize()'s "5E+1"
        out.append(f"{millions.normalize():f}".replace(".", ",") + " millones de pesos")
        if n == 1500000:
            out.append("un millón y medio de pesos")
    return out


def english_formats(n: int) -> list[str]:
    out = [f"${n:,}", f"€{n}", f"{n:,}.00 euros"]
    if n % 100000 == 0 and n >= 1000000:
        out.append(f"{(Decimal(n) / 1000000).normalize():f} million dollars")
    return out


def _backed(draft_text: str, source_text: str, lexicon) -> bool:
    [draft_figure] = extract_figures(draft_text, lexicon=lexicon, threshold=lexicon.draft_threshold)
    assert draft_figure.kind == FigureKind.MONEY
    numbers = tuple(
        SourceNumber(f.text, r.value, "customer", True, f.kind)
        for f in extract_figures(source_text, lexicon=lexicon)
        for r in f.readings
    )
    return BackingIndex(numbers).backs(draft_figure, deadline=time.perf_counter() + 1)


amounts = st.one_of(
    st.integers(min_value=1, max_value=999_999_999),
    st.integers(min_value=1, max_value=9_999).map(lambda k: k * 1000),
    st.integers(min_value=10, max_value=99).map(lambda k: k * 100_000),
)


@settings(max_examples=150, deadline=None)
@given(n=amounts, data=st.data())
def test_property_any_spanish_format_backs_any_other(n, data):
    formats = spanish_formats(n)
    written = data.draw(st.sampled_from(formats))
    source = data.draw(st.sampled_from(formats))
    assert _backed(written, source, SPANISH)


@settings(max_examples=150, deadline=None)
@given(n=amounts, data=st.data())
def test_property_any_english_format_backs_any_other(n, data):
    formats = english_formats(n)
    assert _backed(
        data.draw(st.sampled_from(formats)), data.draw(st.sampled_from(formats)), ENGLISH
    )


@settings(max_examples=100, deadline=None)
@given(cents=st.integers(min_value=101, max_value=99_999_99).filter(lambda c: c % 100))
def test_property_decimal_comma_and_point_back_each_other(cents):
    value = Decimal(cents) / 100
    es = f"{value:.2f}".replace(".", ",") + " €"
    en = f"{value:.2f} €"
    assert _backed(es, en, SPANISH) and _backed(en, es, SPANISH)


def test_spelled_customer_number_backs_digits_in_draft():
    # given the customer writes "novecientos mil"; when the draft says 900.000; then it passes
    ctx = turn("Por $ 900.000 no tenemos nada.", question="¿tienen algo por novecientos mil pesos?")
    assert check(ctx) == {}


def test_two_years_in_words_backs_and_is_backed_by_digits():
    chunk = {"warranty#1": "The warranty on headphones is two years."}
    assert check(turn("The warranty is 2 years. [warranty#1]", locale="en", chunks=chunk)) == {}
    chunk2 = {"warranty#1": "The warranty on headphones is 2 years."}
    assert check(turn("The warranty is two years.", locale="en", chunks=chunk2)) == {}
    # and a different count is named as the extra figure
    assert check(turn("The warranty is 3 years.", locale="en", chunks=chunk)) == {
        "unbacked_figure": ("3",)
    }


# ---- linear time on adversarial input ------------------------------------------------------
ADVERSARIAL = [
    "1" * 100_000,
    "1." * 50_000,
    "1,1" * 33_333 + "x",
    "9 " * 50_000,
    "€" * 100_000,
    "a1" * 50_000,
]


@pytest.mark.parametrize(
    "text", ADVERSARIAL, ids=["digits", "dots", "commas", "spaced", "euros", "mixed"]
)
def test_number_token_regex_is_linear_on_100k_chars(text):
    from guards.config import DEFAULT_MAX_INPUT_CHARS
    from guards.numbers import _TOKEN

    # given 100,000 adversarial characters: one search over all of them stays fast
    # (best of 5: on a shared 2-core machine one run can lose the CPU for 100 ms,
    # which says nothing about the pattern)
    assert best_ms(lambda: (_TOKEN.search(text + "x"), _TOKEN.search("x" + text))) <= 50
    # and scanning every match of a capped field (the most a turn ever scans) too
    assert best_ms(lambda: list(_TOKEN.finditer(text[:DEFAULT_MAX_INPUT_CHARS]))) <= 50


def best_ms(work, repeat: int = 5) -> float:
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        timings.append((time.perf_counter() - started) * 1000)
    return min(timings)


@pytest.mark.parametrize("text", [*ADVERSARIAL[:3], "te devolvemos " * 7000, "sistema " * 12000])
def test_phrase_regexes_are_linear_on_100k_chars(text):
    from guards.phrasebook import PHRASEBOOKS
    from guards.text import phrase_regex

    for book in PHRASEBOOKS.values():
        for fragments in (book.discount, book.refund_promise, book.available, book.unavailable):
            pattern = phrase_regex(fragments)
            assert best_ms(lambda p=pattern: p.search(text[:100_000] + " zzz")) <= 50
