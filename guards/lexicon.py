"""Number vocabulary per language: the one place to extend for a new language or format.

Everything here is data. ``numbers.py`` reads it; no word list lives anywhere else.
Spelled-out numbers themselves are read by text2num (``alpha2digit``); this table only
holds what text2num leaves to us: multipliers after digits, halves, units, currencies,
percent markers, month names and the digit-grouping conventions.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache


# Compared by identity (one per language), so it is hashable and what is read with it
# can be memoised (guards.memo).
@dataclass(frozen=True, eq=False)
class NumberLexicon:
    language: str
    # text2num language code and the threshold used on drafts (sources use 0: read all).
    alpha2digit_lang: str
    draft_threshold: int
    # Digit grouping: the separator this language uses for thousands and for decimals.
    thousands_sep: str
    decimal_sep: str
    # Words or symbols right before the digits that make the figure money.
    currency_prefixes: tuple[str, ...]
    # Words or symbols right after the digits (or after a multiplier) that make it money.
    currency_suffixes: tuple[str, ...]
    percent_suffixes: tuple[str, ...]
    # Multiplier words after digits ("500 mil", "1,5 millones", "2 million").
    multipliers: dict[str, Decimal]
    # What follows a scaled figure to add half of the multiplier ("y medio").
    half_after: tuple[str, ...]
    # What precedes a multiplier to halve it ("medio millón", "half a million").
    half_before: tuple[str, ...]
    # Units that make a bare number a claim (days, months, GB, installments...).
    units: tuple[str, ...]
    # Adjectives allowed between a number and its unit ("5 working days").
    unit_fillers: tuple[str, ...]
    # Linking words between a multiplier and a currency ("500 mil de pesos").
    linkers: tuple[str, ...]
    months: tuple[str, ...]
    # Plural nouns that do not end in "s" ("6 people"): a count like "3 boxes".
    irregular_plurals: tuple[str, ...] = ()


_SHARED_UNITS = (
    "gb",
    "tb",
    "mb",
    "mah",
    "mp",
    "hz",
    "ghz",
    "kg",
    "cm",
    "mm",
    "w",
    "hs",
    "h",
    # measures: a specification is a claim too ("1400 rpm", "1,7 l", "15°F")
    "rpm",
    "l",
    "ml",
    "gr",
    "ah",
    "kwh",
    "db",
    "km",
    "m",
    "g",
    "metros",
    "metro",
    "meters",
    "meter",
    "metres",
    "metre",
    "oz",
    "lb",
    "lbs",
    "stone",  # the British body weight ("up to 21 stone"), plural as singular
    "ft",
    "feet",
    "°c",
    "°f",
    # volts and newton-metres (a tool's or a charger's specification: "20 V", "205 Nm")
    "v",
    "nm",
    # areas and volumes with their superscript ("hasta 40 m²", "3 m³")
    "m²",
    "cm²",
    "km²",
    "ft²",
    "m³",
    "cm³",
    # pressure, light, power and rates on a spec sheet ("130 bar", "800 lm", "2 kW")
    "bar",
    "psi",
    "kpa",
    "lm",
    "kw",
    "wh",
    "fps",
    "dpi",
    "mbps",
    # heat and cooling output on a spec sheet ("180 kcal/h", "9000 BTU")
    "kcal",
    "btu",
    # speeds ("about 25 mph on a long straight", "a 6 nudos")
    "mph",
    "kph",
    "knots",
    "nudos",
)
# What a unit measures: a quantity in one dimension never backs a quantity in another
# ("1.7 L" does not make "2 working days" a rounding). Units not listed (instalments,
# items, cameras) measure nothing the gate compares.
# What a unit measures, down to the unit itself: "3 weeks" is not backed by "3
# working days", nor "215 g" by "215 kg" (a conversion is a figure of its own).
DIMENSIONS: dict[str, str] = {
    **dict.fromkeys("días dias día dia days day".split(), "time:day"),
    **dict.fromkeys("semanas semana weeks week".split(), "time:week"),
    **dict.fromkeys("meses mes months month".split(), "time:month"),
    **dict.fromkeys("años anos año years year".split(), "time:year"),
    **dict.fromkeys("horas hora hs h hrs hr hours hour".split(), "time:hour"),
    **dict.fromkeys("minutos minuto minutes minute min mins".split(), "time:minute"),
    **dict.fromkeys("kg".split(), "mass:kg"),
    **dict.fromkeys("gramos grams gr g".split(), "mass:g"),
    **dict.fromkeys("oz".split(), "mass:oz"),
    **dict.fromkeys("lb lbs".split(), "mass:lb"),
    "stone": "mass:stone",
    **dict.fromkeys("l litros litro litres litre liters liter".split(), "volume:l"),
    **dict.fromkeys("ml".split(), "volume:ml"),
    **dict.fromkeys("cm".split(), "length:cm"),
    **dict.fromkeys("mm".split(), "length:mm"),
    **dict.fromkeys("km".split(), "length:km"),
    **dict.fromkeys("m metros metro meters meter metres metre".split(), "length:m"),
    **dict.fromkeys("pulgadas pulgada inches inch".split(), "length:inch"),
    **dict.fromkeys("ft feet foot".split(), "length:ft"),
    "v": "voltage",
    "nm": "nm",  # newton-metres of torque, or nanometres: one spelling, one unit here
    **dict.fromkeys("bar bares".split(), "pressure:bar"),
    "psi": "pressure:psi",
    "kpa": "pressure:kpa",
    **dict.fromkeys("lm lumens lúmenes".split(), "light"),
    "kw": "power:kw",
    "wh": "energy:wh",
    "fps": "rate:fps",
    "dpi": "density:dpi",
    "mbps": "rate:mbps",
    "mph": "speed:mph",
    "kph": "speed:kph",
    **dict.fromkeys("knots nudos".split(), "speed:knot"),
    "m²": "area:m2",
    "cm²": "area:cm2",
    "km²": "area:km2",
    "ft²": "area:ft2",
    "m³": "volume:m3",
    "cm³": "volume:cm3",
    **dict.fromkeys("gb gigas".split(), "data:gb"),
    **dict.fromkeys("tb".split(), "data:tb"),
    **dict.fromkeys("mb".split(), "data:mb"),
    # "20 grados" and "20 °C" are one reading; °C and °F never share a value that matters
    **dict.fromkeys("°c °f grados degrees".split(), "temperature"),
    "rpm": "rotation",
    "w": "power",
    "kwh": "energy",
    "mah": "charge",
    "hz": "frequency:hz",
    "ghz": "frequency:ghz",
}

# ISO codes written before or after an amount ("CAD 750", "1.200 MXN").
_CURRENCY_CODES = ("cad", "aud", "nzd", "mxn", "clp", "cop", "uyu", "brl", "chf", "jpy")

SPANISH = NumberLexicon(
    language="es",
    alpha2digit_lang="es",
    draft_threshold=2,
    thousands_sep=".",
    decimal_sep=",",
    currency_prefixes=(
        "us$",
        "u$s",
        "u$d",
        "usd",
        "ars",
        "ar$",
        "eur",
        "gbp",
        "$",
        "€",
        "£",
        *_CURRENCY_CODES,
    ),
    currency_suffixes=(
        "€",
        "eur",
        "euros",
        "euro",
        "pesos",
        "peso",
        "dólares",
        "dolares",
        "dólar",
        "dolar",
        "usd",
        "ars",
        "gbp",
        "libras",
        "$",
        *_CURRENCY_CODES,
    ),
    percent_suffixes=("%", "por ciento", "por 100"),
    multipliers={
        "mil": Decimal(1000),
        "millón": Decimal(10) ** 6,
        "millon": Decimal(10) ** 6,
        "millones": Decimal(10) ** 6,
        "palo": Decimal(10) ** 6,
        "palos": Decimal(10) ** 6,
        "lucas": Decimal(1000),
        "luca": Decimal(1000),
        "mil millones": Decimal(10) ** 9,
    },
    half_after=("y medio", "y media"),
    half_before=("medio",),
    units=(
        "días",
        "dias",
        "día",
        "dia",
        "meses",
        "mes",
        "años",
        "anos",
        "año",
        "horas",
        "hora",
        "minutos",
        "minuto",
        "semanas",
        "semana",
        "cuotas",
        "cuota",
        "unidades",
        "unidad",
        "pulgadas",
        "pulgada",
        "cámaras",
        "núcleos",
        "gigas",
        "megapíxeles",
        "envíos",
        "litros",
        "litro",
        "gramos",
        "grados",
        *_SHARED_UNITS,
    ),
    unit_fillers=("hábiles", "habiles", "corridos", "laborables", "naturales"),
    linkers=("de",),
    months=(
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "setiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
)

ENGLISH = NumberLexicon(
    language="en",
    alpha2digit_lang="en",
    draft_threshold=2,
    thousands_sep=",",
    decimal_sep=".",
    currency_prefixes=("us$", "usd", "eur", "gbp", "ars", "$", "€", "£", *_CURRENCY_CODES),
    currency_suffixes=(
        "€",
        "eur",
        "euros",
        "euro",
        "dollars",
        "dollar",
        "usd",
        "pounds",
        "gbp",
        "pesos",
        "ars",
        "bucks",
        *_CURRENCY_CODES,
    ),
    percent_suffixes=("%", "percent", "per cent", "pct"),
    multipliers={
        "thousand": Decimal(1000),
        "million": Decimal(10) ** 6,
        "millions": Decimal(10) ** 6,
        "billion": Decimal(10) ** 9,
        "k": Decimal(1000),
        "bn": Decimal(10) ** 9,
    },
    half_after=("and a half",),
    half_before=("half a", "half"),
    units=(
        "days",
        "day",
        "months",
        "month",
        "years",
        "year",
        "hours",
        "hour",
        "minutes",
        "minute",
        "weeks",
        "week",
        "installments",
        "installment",
        "instalments",
        "instalment",
        "payments",
        "units",
        "unit",
        "items",
        "inches",
        "inch",
        "cameras",
        "cores",
        "parcels",
        "litres",
        "litre",
        "liters",
        "liter",
        "grams",
        "degrees",
        "hrs",
        "hr",
        *_SHARED_UNITS,
    ),
    unit_fillers=("working", "business", "calendar", "full", "monthly", "interest-free"),
    linkers=("of",),
    months=(
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ),
    irregular_plurals=("people", "children", "men", "women"),
)

LEXICONS: dict[str, NumberLexicon] = {"es": SPANISH, "en": ENGLISH}

# alpha2digit writes a spelled multiplier as its digits ("500 mil" -> "500 1000").
POWER_TOKENS: dict[str, Decimal] = {
    "1000": Decimal(1000),
    "1000000": Decimal(10) ** 6,
    "1000000000": Decimal(10) ** 9,
}

# Figures in this range with no money or unit context read as years.
YEAR_RANGE = (1900, 2199)


@lru_cache(maxsize=64)
def resolve_language(locale: str) -> str:
    """Map a locale ("es", "es-AR", "es_ES", "en-GB") to a language with a lexicon."""
    base = locale.replace("_", "-").split("-")[0].strip().lower()
    if base not in LEXICONS:
        raise ValueError(f"unsupported locale {locale!r}; supported: {sorted(LEXICONS)}")
    return base


def lexicon_for(locale: str) -> NumberLexicon:
    return LEXICONS[resolve_language(locale)]
