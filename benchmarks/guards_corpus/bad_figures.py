"""Bad drafts the number gate (unbacked_figure) must stop: one function per wrong figure."""

from __future__ import annotations

from decimal import Decimal

from .common import (
    T,
    base,
    distinct_products,
    far_from,
    money,
    number_text,
    product,
    search,
    short,
)


def bad_price(rng, f):
    items = distinct_products(rng, f, rng.randint(1, 3))
    pick = rng.choice(items)
    wrong = far_from(Decimal(pick["price"]), [Decimal(i["price"]) for i in items], rng, f)
    shown, token = money(wrong, f)
    d = T(f, f"El {short(pick)} está {shown}.", f"The {short(pick)} costs {shown}.")
    return base(
        rng,
        f,
        T(f, f"¿Cuánto sale el {short(pick)}?", f"How much is the {short(pick)}?"),
        d,
        tools=[search(items, short(pick).lower())],
        expect=("fail", "unbacked_figure", token),
    )


def bad_installment(rng, f):
    item = product(rng, f)
    price = Decimal(item["price"])
    n = rng.choice((3, 6, 12))
    each = (price / n).quantize(Decimal(1) if f.currency == "ARS" else Decimal("0.01"))
    shown, token = money(each, f)
    chunk = {
        "source": T(f, "pagos#3", "payments#3"),
        "text": T(
            f,
            f"Con tarjeta de crédito hay hasta {n} cuotas sin interés.",
            f"With a credit card you can pay in up to {n} interest-free installments.",
        ),
    }
    d = T(
        f,
        f"Lo podés pagar en {n} cuotas de {shown}.",
        f"You can pay it in {n} installments of {shown}.",
    )
    return base(
        rng,
        f,
        T(f, "¿En cuántas cuotas?", "Can I pay in installments?"),
        d,
        retrieved=[chunk],
        tools=[search([item], short(item).lower())],
        expect=("fail", "unbacked_figure", token),
    )


def bad_conversion(rng, f):
    item = product(rng, f)
    rate = Decimal(rng.choice((1150, 1200, 1300))) if f.currency == "ARS" else Decimal("1.08")
    converted = (
        (Decimal(item["price"]) / rate).to_integral()
        if f.currency == "ARS"
        else (Decimal(item["price"]) * rate).to_integral()
    )
    token = number_text(converted, f)
    d = T(
        f,
        f"El {short(item)} sale {money(Decimal(item['price']), f)[0]}, unos {token} dólares.",
        f"The {short(item)} is {money(Decimal(item['price']), f)[0]}, about {token} dollars.",
    )
    if abs(converted - Decimal(item["price"])) <= Decimal(item["price"]) * Decimal("0.08"):
        return bad_price(rng, f)
    return base(
        rng,
        f,
        T(f, "¿Y en dólares?", "And in dollars?"),
        d,
        tools=[search([item], "x")],
        expect=("fail", "unbacked_figure", token),
    )


def bad_rounding(rng, f):
    fee = Decimal(rng.choice(("79.18", "49.90", "12.35", "129.40")))
    wrong = fee.to_integral() + rng.choice((4, 5, 6, -4, -6))
    chunk = {
        "source": "planes#1",
        "text": T(
            f,
            f"El plan mensual cuesta {money(fee, f)[0]} al mes.",
            f"The monthly plan costs {money(fee, f)[0]} a month.",
        ),
    }
    shown, token = money(wrong, f, places=0)
    d = T(f, f"El plan cuesta unos {shown} al mes.", f"The plan is about {shown} a month.")
    return base(
        rng,
        f,
        T(f, "¿Cuánto cuesta el plan?", "How much is the plan?"),
        d,
        retrieved=[chunk],
        expect=("fail", "unbacked_figure", token),
    )


def bad_money_year(rng, f):
    amount = Decimal(rng.randrange(1900, 2199))
    shown, token = money(amount, f, places=0)
    year = rng.randint(2025, 2027)
    chunk = {
        "source": "planes#1",
        "text": T(
            f,
            "El plan de mantenimiento cuesta 79,18 € al mes.",
            "The maintenance plan costs €79.18 a month.",
        ),
    }
    d = rng.choice(
        [
            T(f, f"La auditoría cuesta {shown}.", f"The audit costs {shown}."),
            T(
                f,
                f"Desde enero de {year} cuesta {shown}.",
                f"From January {year} it costs {shown}.",
            ),
        ]
    )
    return base(
        rng,
        f,
        T(f, "¿Cuánto cuesta la auditoría?", "How much is the audit?"),
        d,
        retrieved=[chunk],
        expect=("fail", "unbacked_figure", token),
    )


def bad_no_source_numbers(rng, f):
    amount = Decimal(rng.randrange(9, 300))
    shown, token = money(amount, f, places=0)
    if rng.random() < 0.3:
        shown, token = f"{rng.randrange(5, 40)}%", None
        token = shown[:-1]
    chunk = {
        "source": "planes#2",
        "text": T(
            f,
            "El plan incluye copias de seguridad y actualizaciones.",
            "The plan includes backups and updates.",
        ),
    }
    d = T(f, f"El plan tiene un costo de {shown}.", f"The plan comes at {shown}.")
    return base(
        rng,
        f,
        T(f, "¿Cuánto cuesta el plan?", "What does the plan cost?"),
        d,
        retrieved=[chunk],
        expect=("fail", "unbacked_figure", token),
    )


def bad_days(rng, f):
    days = rng.choice((3, 5, 7))
    wrong = days + rng.choice((1, 2, 4))
    chunk = {
        "source": T(f, "envios#1", "delivery#1"),
        "text": T(
            f,
            f"Los envíos llegan en {days} días hábiles.",
            f"Parcels arrive within {days} working days.",
        ),
    }
    d = T(
        f,
        f"Tu envío llega en {wrong} días hábiles.",
        f"Your parcel arrives within {wrong} working days.",
    )
    return base(
        rng,
        f,
        T(f, "¿Cuánto tarda?", "How long does it take?"),
        d,
        retrieved=[chunk],
        expect=("fail", "unbacked_figure", str(wrong)),
    )


BAD_FIGURES = [
    bad_price,
    bad_installment,
    bad_conversion,
    bad_rounding,
    bad_money_year,
    bad_no_source_numbers,
    bad_days,
]
