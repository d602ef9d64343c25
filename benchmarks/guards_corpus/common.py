"""What every corpus turn is made of: phones and prices per locale, money as each locale
writes it, distractor chunks and the turn skeleton."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

PHONES = [
    ("Samsung", "Galaxy A15"),
    ("Samsung", "Galaxy A25"),
    ("Samsung", "Galaxy S23"),
    ("Samsung", "Galaxy S24 FE"),
    ("Motorola", "Moto G54"),
    ("Motorola", "Moto E22"),
    ("Motorola", "Edge 40"),
    ("Xiaomi", "Redmi Note 13"),
    ("Xiaomi", "Redmi 12C"),
    ("Apple", "iPhone 13"),
    ("Apple", "iPhone 14"),
    ("Apple", "iPhone 15 Pro"),
    ("Google", "Pixel 8"),
    ("Google", "Pixel 7a"),
    ("Nokia", "G42"),
    ("Realme", "C55"),
]
CAPACITIES = (64, 128, 256, 512)
MONTHS = {
    "es": ["enero", "marzo", "mayo", "julio", "septiembre", "noviembre"],
    "en": ["January", "March", "May", "July", "September", "November"],
}


@dataclass(frozen=True)
class Flavour:
    """A locale's way of writing money."""

    locale: str
    currency: str
    decimals: bool

    @property
    def lang(self) -> str:
        return self.locale.split("-")[0]


FLAVOURS = (
    Flavour("es-AR", "ARS", False),
    Flavour("es-ES", "EUR", True),
    Flavour("en", "EUR", True),
)


def number_text(value: Decimal, flavour: Flavour, *, places: int | None = None) -> str:
    places = (
        (2 if flavour.decimals and value != value.to_integral() else 0)
        if places is None
        else places
    )
    quantized = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    whole, _, frac = f"{quantized:.{places}f}".partition(".")
    groups = f"{int(whole):,}"
    if flavour.lang == "es":
        groups = groups.replace(",", ".")
        return groups + ("," + frac if frac else "")
    return groups + ("." + frac if frac else "")


def money(value: Decimal, flavour: Flavour, **kw) -> tuple[str, str]:
    """(written amount with currency, the figure token as a guard names it)."""
    token = number_text(value, flavour, **kw)
    if flavour.locale == "es-AR":
        return f"$ {token}", token
    if flavour.lang == "es":
        return f"{token} €", token
    return f"€{token}", token


def random_price(rng: random.Random, flavour: Flavour) -> Decimal:
    if flavour.currency == "ARS":
        return Decimal(rng.randrange(180, 2600) * 1000 - rng.choice((0, 1, 1, 10)))
    return Decimal(rng.randrange(99, 1600)) - rng.choice(
        (Decimal(0), Decimal("0.01"), Decimal("0.10"))
    )


def product(rng: random.Random, flavour: Flavour, *, in_stock: bool = True, warranty: bool = True):
    brand, model = rng.choice(PHONES)
    capacity = rng.choice(CAPACITIES)
    months = rng.choice((6, 12, 12, 24))
    word = "meses" if flavour.lang == "es" else "months"
    return {
        "sku": f"{brand[:3].upper()}-{model.replace(' ', '').upper()[:6]}-{capacity}",
        "name": f"{brand} {model} {capacity} GB",
        "price": str(random_price(rng, flavour)),
        "currency": flavour.currency,
        "in_stock": in_stock,
        "warranty": f"{months} {word}" if warranty else None,
    }


def distinct_products(rng, flavour, k, **kw):
    chosen, names = [], set()
    while len(chosen) < k:
        item = product(rng, flavour, **kw)
        model = item["name"].rsplit(" ", 2)[0]
        if model not in names:
            names.add(model)
            chosen.append(item)
    return chosen


def search(products, query):
    return {"tool": "search_products", "input": {"query": query}, "output": {"products": products}}


def short(item) -> str:
    return item["name"].rsplit(" ", 2)[0].split(" ", 1)[1]


def far_from(
    value: Decimal, sources: list[Decimal], rng: random.Random, flavour: Flavour
) -> Decimal:
    """An invented amount: more than 8 % away from every source number and every sum."""
    sums = set(sources) | {a + b for a in sources for b in sources if a != b}
    while True:
        factor = Decimal(rng.choice((rng.uniform(0.55, 0.9), rng.uniform(1.12, 1.6)))).quantize(
            Decimal("0.01")
        )
        step = Decimal(1000) if flavour.currency == "ARS" else Decimal(1)
        candidate = (value * factor / step).to_integral() * step
        if candidate > 0 and all(abs(candidate - s) > s * Decimal("0.08") for s in sums):
            return candidate


DISTRACTOR_CHUNKS = {
    "es": [
        ("horarios#1", "Atendemos de lunes a viernes de 9 a 18 hs y los sábados de 10 a 14 hs."),
        ("envios#2", "Los envíos a todo el país tardan entre 3 y 5 días hábiles."),
        ("local#1", "El local queda en Av. Corrientes 1234, piso 2."),
    ],
    "en": [
        ("hours#1", "We are open Monday to Friday from 9 to 18 and on Saturdays from 10 to 14."),
        (
            "delivery#2",
            "The courier delivers within two working days and calls before the delivery.",
        ),
        ("store#1", "The store is at 221 King Street, second floor."),
    ],
}


def base(
    rng,
    flavour,
    question,
    draft,
    *,
    retrieved=(),
    tools=(),
    history=(),
    expect=("pass", None, None),
):
    chunks = list(retrieved)
    if rng.random() < 0.5:
        chunks.append(
            dict(zip(("source", "text"), rng.choice(DISTRACTOR_CHUNKS[flavour.lang]), strict=True))
        )
    verdict, guard, extra = expect
    return {
        "locale": flavour.locale,
        "question": question,
        "draft": draft,
        "retrieved": chunks,
        "tool_outputs": list(tools),
        "history": list(history),
        "expect": {"verdict": verdict, "guard": guard, "extra_figure": extra},
    }


def T(flavour: Flavour, es: str, en: str) -> str:
    return es if flavour.lang == "es" else en


PHONE_MODELS = [
    ("Apple", "iPhone 11"),
    ("Apple", "iPhone 12"),
    ("Samsung", "Galaxy S21"),
    ("Motorola", "Moto G52"),
]
