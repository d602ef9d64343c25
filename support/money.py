"""Amounts as the shop writes them: `$ 449.999` for pesos, `€5` or `€5.50` for euro."""

from __future__ import annotations

from decimal import Decimal


def format_money(value: Decimal | float | int | str, currency: str) -> str:
    amount = Decimal(str(value))
    whole = amount == amount.to_integral_value()
    if currency == "ARS":
        digits = (
            f"{int(amount):,}".replace(",", ".")
            if whole
            else (f"{amount:,.2f}".replace(",", "_").replace(".", ",").replace("_", "."))
        )
        return f"$ {digits}"
    digits = f"{int(amount):,}" if whole else f"{amount:,.2f}"
    symbol = {"EUR": "€", "USD": "$"}.get(currency)
    return f"{symbol}{digits}" if symbol else f"{digits} {currency}"


def json_number(value: Decimal) -> int | float:
    """A price for a JSON tool output: an int when whole."""
    return int(value) if value == value.to_integral_value() else float(value)
