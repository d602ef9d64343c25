"""The shape of a language's phrasebook and the inside-word entries in it (the phrases
themselves are in ``phrasebook_es`` and ``phrasebook_en``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class InternalTerm:
    """An inside word; ``unless_next`` lists words after it that make it a product word;
    ``needs_cue`` means it only leaks when the sentence also talks about looking things up."""

    pattern: str
    unless_next: tuple[str, ...] = ()
    needs_cue: bool = False
    # When set, "<term> de/del <head>" is a product word unless <head> is one of these.
    compound_unless: tuple[str, ...] = ()
    # The looking up must be the speaker's own ("en el catálogo no encontré"), not the
    # shop's listing ("figura en el catálogo a $171.000").
    own_lookup: bool = False


# Heads that keep "el sistema de …" about the shop's machinery.
MACHINERY_ES = ("pedidos", "gestión", "gestion", "stock", "inventario", "reservas", "tickets")
MACHINERY_ES += ("facturación", "facturacion", "atención", "atencion", "soporte", "datos")
MACHINERY_ES += ("información", "informacion", "consultas", "búsqueda", "busqueda", "clientes")
MACHINERY_EN = ("orders", "records", "stock", "inventory", "bookings", "tickets", "billing")
MACHINERY_EN += ("support", "data", "information", "searches", "customers", "accounts")
# Heads that keep "a chunk of …" about a text ("of the policy", "of text"), not a lump.
TEXT_HEADS_EN = (*MACHINERY_EN, "the", "this", "that", "my", "our", "your", "text", "content")
TEXT_HEADS_EN += ("context", "documentation", "info", "policy", "page", "document", "documents")


@dataclass(frozen=True)
class Phrasebook:
    discount: tuple[str, ...]
    compensation: tuple[str, ...]
    refund_promise: tuple[str, ...]
    refund_topic: tuple[str, ...]
    negation: tuple[str, ...]
    internal: tuple[InternalTerm, ...]
    lookup_cues: tuple[str, ...]
    available: tuple[str, ...]
    unavailable: tuple[str, ...]
    offer: tuple[str, ...]
    warranty: tuple[str, ...]
    no_warranty: tuple[str, ...]
    trade_in: tuple[str, ...]
    battery: tuple[str, ...]
    capacity_units: tuple[str, ...]
    clause_breaks: tuple[str, ...]
    stopwords: frozenset[str]
