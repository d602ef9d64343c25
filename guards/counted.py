"""What makes a number a count of things: a plural noun right after it ("3 boxes", "4
colores"), or after the thing's name ("3 MSR IsoPro canisters"). Read by the number
reader (``guards.numbers``) on the lower-cased text after a figure."""

from __future__ import annotations

from guards.lexicon import NumberLexicon


def counted_noun(word: str, lexicon: NumberLexicon) -> bool:
    """A plural noun right after the number. Months, currencies and linking words are
    read before this; a plural that is not a noun ("2 más") is rare after a number."""
    return (
        len(word) >= 4
        and word.isalpha()
        and word.endswith("s")
        and word not in lexicon.linkers
        and word not in _NOT_COUNTED
    )


def counted_compound(word: str, lexicon: NumberLexicon) -> bool:
    """The noun of a hyphenated count, singular as an adjective is: "a 5-piece punch
    set", "a 3-pack" (units, "10-year", are read before this; "3-in-1" is no count)."""
    return (
        len(word) >= 3
        and word.isalpha()
        and word not in lexicon.linkers
        and word not in _FUNCTION
        and word not in _NOT_COUNTED
    )


def counted_after_name(rest: str, lexicon: NumberLexicon, months: frozenset[str]) -> bool:
    """A plural noun two or three words after the number, the words between it naming
    the thing (a brand, a model): "3 MSR IsoPro canisters", "2 Hario V60 filters"; not
    a function word or a month ("2 por las dudas", "on 20 May qualifies")."""
    said = rest.split(maxsplit=3)[:3]
    for at in (1, 2):
        if len(said) <= at:
            return False
        # a mark after the noun ends the phrase, not the count: "11 lettering fonts, so"
        between, noun = said[:at], said[at].rstrip(".,;:!?)")
        if any(
            not w[:1].isalpha()
            or not w[-1:].isalnum()  # a mark ends the name: "14 May. Pallet deliveries"
            or w in lexicon.linkers
            or w in _NOT_COUNTED
            or w in _FUNCTION
            or w in months
            for w in between
        ):
            return False
        if counted_noun(noun, lexicon):
            return True
    return False


# Closed class: words that never name a thing.
_FUNCTION = frozenset(
    "a al de del el la las lo los un una unos unas y o e en con por para sin que se "
    # conjunctions and relatives open a clause, not a name: "unos 30 mil como buscabas"
    "como cómo cuando donde si pero porque aunque mientras "
    "the an of to in on at for with by from and or but so as is are was were be "
    "like when where if because while than".split()
)


_NOT_COUNTED = frozenset(
    "más mas menos veces times pesos euros dollars dólares plus están estás tienes tenés "
    "puedes podés eres vienes venís sales cuestas does goes".split()
    # a clitic opens a verb, not a noun: "39,90 me envolvéis", "45.000 nos cobráis"
    + "me te se nos os lo la le les".split()
)
