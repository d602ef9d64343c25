"""Result states that imply an act: money that arrives in the customer's own account.

"La plata vuelve a tu tarjeta", "vas a ver el dinero en tu cuenta", "you'll see the
money back on your card", "the refund will show on your statement" name no refund
verb, yet say the money is paid back to this customer. The reading is structural, not
a list of verbs: a money noun as what moves, then a destination that is the
customer's own means of payment (a preposition, a possessive for the customer, a
payment-holding noun). The verb between them may be any. The customer's modal ("podés
ver el reembolso en tu cuenta", "you can check the refund in your account") is an
instruction; a negation between the money and its destination negates it.
"""

from __future__ import annotations

import itertools
import re

from guards.act_objects import DEPOSITS_ES
from guards.lexicon import lexicon_for
from guards.numbers import FigureKind, extract_figures
from guards.text import words
from guards.verb_groups import _NEGATION_EN, _NEGATION_ES

_MONEY = {
    "es": ("dinero", "plata", "reembolso", "reintegro", "abono"),
    "en": ("money", "refund", "funds", "reimbursement", "penny", "pennies", "cent"),
}
# An amount or a payment reaches the card only when it comes back ("el importe vuelve
# a tu tarjeta"); otherwise it is what was charged ("the payment on your card").
_AMOUNT = {
    "es": ("importe", "monto", "pago", "diferencia"),
    "en": ("amount", "payment", "difference"),
}
# What the customer paid besides a price, which comes back as an amount does ("the
# express forwarding fee is on its way back to you"); whole words ("feedback" is none).
_CHARGED = {
    "es": frozenset((*DEPOSITS_ES, *"deposito recargo recargos comisión comision gastos".split())),
    "en": frozenset("fee fees surcharge surcharges deposit deposits".split()),
}
_BACK = ("vuelv", "vuelt", "devuel", "back", "return")
_CHARGE = ("cobr", "charg", "debit", "débit", "rechaz", "declin", "descont")
_TO = {"es": frozenset("a en al".split()), "en": frozenset("to on in into onto".split())}
_YOURS = {"es": frozenset("tu tus su sus".split()), "en": frozenset("your".split())}
# "vuelve a tu Mercado Pago": the es-AR wallet, as "paypal" is in English
_HOLDS_ES = ("tarjeta", "cuenta", "medio", "billetera", "saldo", "banco", "resumen", "extracto")
_HOLDS = {
    "es": (*_HOLDS_ES, "mercado"),
    "en": ("card", "account", "statement", "bank", "wallet", "balance", "paypal"),
}
STATEMENT_BREAK = re.compile(r"[:;]\s|,\s+(?:and|y|e|but|pero)\s")
MODAL = frozenset("podés puedes puede pueden podrás podrá can could may might".split())


_REASSURANCE = (
    "don't worry",
    "do not worry",
    "no te preocupes",
    "no se preocupe",
    "no os preocupéis",
)


# Every word the readings below start from (a token begins with one of them, so the
# text holds it), and a digit for an amount: a sentence with none of them says nothing
# of money reaching anyone.
_STARTS = ("reimburs", "check", "cheque", "back", "vuelta")
_DIGIT = re.compile(r"\d")
_ANY_MONEY = {
    lang: re.compile(
        "|".join(
            re.escape(stem)
            for stem in (
                *_MONEY[lang],
                *_AMOUNT[lang],
                *sorted(_CHARGED[lang]),
                "reimburs",
                "check",
                "cheque",
                "back",
                "vuelta",
            )
        )
    )
    for lang in ("es", "en")
}


def money_arrives(sentence: str, language: str) -> tuple[str, bool] | None:
    """(the money word, negated) when ``sentence`` says money reaches the customer's
    own account or card, or the customer gets it ("you're getting a full refund",
    "we'll make it right with a partial refund"); None otherwise."""
    lang = "en" if language == "en" else "es"
    if (found := _money_arrives(sentence, lang)) is not None:
        return found  # "Abono realizado: 3,45 € a tu tarjeta" is one statement
    if len(parts := STATEMENT_BREAK.split(sentence)) > 1:
        # "No debería habérsete cobrado, así que quedate tranquilo: esos $45.000 vuelven a
        # tu cuenta": a colon, a semicolon or a coordinated clause ("…so a colleague can
        # review it, and the full amount will be back on your card") opens a statement of
        # its own, which the charge (or the modal) before it does not reach
        return next((found for part in parts if (found := _money_arrives(part, lang))), None)
    return None


_SPEAKER_SUBJECTS = frozenset("we we'll i'll i we've i've we're we'd nosotros".split())


def landed_by_speaker(sentence: str, word: str) -> bool:
    """The shop itself is the subject of the clause that lands the money: "and we'll have
    the money back in your account" (the five words before the money word)."""
    tokens = words(sentence.replace("’", "'"))
    at = tokens.index(word) if word in tokens else -1
    return at > 0 and not _SPEAKER_SUBJECTS.isdisjoint(tokens[max(0, at - 5) : at])


def _money_arrives(sentence: str, lang: str) -> tuple[str, bool] | None:
    lower = sentence.lower()
    if _ANY_MONEY[lang].search(lower) is None and not (
        _DIGIT.search(lower) is not None
        and (
            _LANDING[lang].search(lower) is not None
            or (lang == "es" and _BACK_TO_YOU.search(lower) is not None)
        )
    ):
        return None  # no word a reading below starts from, nor an amount that lands
    text = sentence.replace("’", "'")
    for idiom in _REASSURANCE:  # "don't worry, you'll get every penny back": no negation
        text = text.replace(idiom, " ").replace(idiom.capitalize(), " ")
    tokens = words(text)
    negation = _NEGATION_EN if lang == "en" else _NEGATION_ES
    if MODAL & set(tokens) or any(t.startswith(_CHARGE) for t in tokens):
        return None  # where to look, or what was charged
    received = _received(tokens, lang)
    if received is not None:
        word, at = received
        near = tokens[max(0, at - 5) : at]
        return word, any(t in negation or t.endswith("n't") for t in near)
    if (back := _back_to_yours(tokens, lang)) is not None:
        near = tokens[max(0, back - 6) : back]
        return tokens[back], any(t in negation or t.endswith("n't") for t in near)
    # the amounts are read only where money could land: a "to / en" before the
    # customer's own or an article, or a "back"
    present = set(tokens)
    landing = not _BACK_WORDS.isdisjoint(present) or (
        not _TO[lang].isdisjoint(present)
        and not _LANDS[lang].isdisjoint(present)
        and any(t in _TO[lang] and n in _LANDS[lang] for t, n in itertools.pairwise(tokens))
    )
    figures = _amounts(text, lang) if landing else frozenset()
    for index, token in enumerate(tokens):
        figure = token in figures  # "te depositamos los $150.000 en tu cuenta"
        amount = figure or token.startswith(_AMOUNT[lang]) or token in _CHARGED[lang]
        if not token.startswith(_MONEY[lang]) and not amount:
            continue
        end = _destination(tokens, index + 1, lang)
        if end is None:
            continue
        between = tokens[max(0, index - 3) : end]
        # an amount moves to the customer when it comes back, or (Spanish) when it is
        # given to them: a clitic for the customer before it ("te transferimos 30 €")
        given = figure and lang == "es" and _CLITIC & set(tokens[max(0, index - 4) : index])
        if amount and not given and not _comes_back(between, tokens[end : end + 4], figure):
            continue
        if any(t.startswith(_CHARGE) for t in tokens):
            return None  # a charge on the card, not money coming back
        if MODAL & set(tokens[:end]):
            return None  # "podés ver el reembolso en tu cuenta": where to look
        # the negation of the giving verb before an amount: "no te depositamos los $…"
        start = max(0, index - 4) if figure else index
        negated = any(t in negation or t.endswith("n't") for t in tokens[start:end])
        return token, negated
    return pronoun_lands(tokens, lang) or _comes_back_to_you(tokens, lang, text)


# "… y lo verás en tu tarjeta", "ya lo tenés en la tarjeta", "you'll see it on your
# card": the money said before, taken up by a pronoun, had or seen where only money
# lands. Not an account (a shop account holds invoices too): a card, a bank, a statement.
_IT = {"es": frozenset("lo la los las".split()), "en": frozenset(("it",))}
_HAVE_SEE = {
    "es": ("ver", "tend", "ten", "tien", "recib"),
    "en": ("see", "have", "get", "receiv"),
}
_PAID_WITH = {
    "es": ("tarjeta", "banco", "resumen", "extracto", "medio"),
    "en": ("card", "bank", "statement"),
}


# The third person of "volver": the amount is what comes back.
_RETURNS = frozenset("vuelve vuelven volverá volverán volver".split())
_BACK_TO_YOU = re.compile(r"(?:^|\W)(?:te|le|les|os)\s+(?:\w+\s+){0,2}(?:vuelv|volv)")


def _again(tokens: list[str], index: int) -> bool:
    """ "volver a" + an infinitive: doing something again."""
    at = tokens.index("volver", index)
    return tokens[at + 1 : at + 2] == ["a"]


def _comes_back_to_you(tokens: list[str], lang: str, text: str) -> tuple[str, bool] | None:
    """An amount that comes back to the customer, said with a clitic for them: "la seña
    de $ 39.000 te va a volver completa", "el dinero le vuelve mañana"."""
    if lang != "es":
        return None
    figures: frozenset[str] | None = None
    for index, token in enumerate(tokens):
        if token not in _CLITIC:
            continue
        verb = tokens[index + 1 : index + 4]
        if not _RETURNS & set(verb) or ("volver" in verb and _again(tokens, index)):
            continue  # the money comes back, not "cuando vuelvas" or "te vamos a volver a
            # llamar" (again)
        before = tokens[max(0, index - 8) : index]
        figures = _amounts(text, lang) if figures is None else figures
        money = [t for t in before if t in figures or t.startswith(_MONEY[lang])]
        if money:
            near = tokens[max(0, index - 2) : index + 1]
            return money[0], any(t in _NEGATION_ES for t in near)
    return None


def pronoun_lands(tokens: list[str], lang: str) -> tuple[str, bool] | None:
    """(the pronoun, negated) when a pronoun for money is had or seen on the customer's
    card or bank: the verb right after (Spanish) or before (English) the pronoun, then
    "en / on / in" + "tu / la / your / the" + the card."""
    negation = _NEGATION_EN if lang == "en" else _NEGATION_ES
    for index, token in enumerate(tokens):
        if token not in _IT[lang]:
            continue
        verb = index + 1 if lang == "es" else index - 1
        if not 0 <= verb < len(tokens) or not tokens[verb].startswith(_HAVE_SEE[lang]):
            continue
        after = tokens[max(index, verb) + 1 : max(index, verb) + 5]
        for at in range(len(after) - 2):
            if (
                after[at] in _TO[lang]
                and after[at + 1] in _LANDS[lang]
                and after[at + 2].startswith(_PAID_WITH[lang])
            ):
                near = tokens[max(0, index - 3) : verb + 1]
                return token, any(t in negation or t.endswith("n't") for t in near)
    return None


def _comes_back(between: list[str], landing: list[str], figure: bool) -> bool:
    """The amount comes back: a word of return, "de nuevo" / "again" ("el importe le
    aparecerá de nuevo en su cuenta"), or this case's figure lands on the means the
    customer paid with ("los $289.000 … en el mismo medio de pago"): money reaches it
    only back. "El importe se reintegra en el mismo medio de pago" is the policy."""
    if any(t.startswith(_BACK) for t in between) or "again" in between:
        return True
    if any(a == "de" and b == "nuevo" for a, b in itertools.pairwise(between)):
        return True
    return figure and bool({"mismo", "misma", "same"} & set(landing))


def _amounts(text: str, lang: str) -> frozenset[str]:
    """The digit words of the sentence's money figures ("$150.000" → "150", "000")."""
    if not any(ch.isdigit() for ch in text):
        return frozenset()
    figures = extract_figures(text, lexicon=lexicon_for(lang), threshold=0)
    return frozenset(
        t for f in figures if f.kind == FigureKind.MONEY for t in words(f.text) if t.isdigit()
    )


_BACK_WORDS = frozenset(("back", "vuelta"))
# Someone going back to a page ("go back to your account"), not money.
_GOING = frozenset("go head navigate come get volvé volve vuelve volver regresá regresa".split())


def _goes_on_its_own(before: list[str]) -> bool:
    """ "The delivery fee will go back onto your card": a future of a thing, not the
    customer sent back to a page ("you'll go back to your account")."""
    if {"you", "you'll", "usted", "vos"} & set(before):
        return False
    return any(t in ("will", "shall") or (t.endswith("'ll") and t != "you'll") for t in before)


def _back_to_yours(tokens: list[str], lang: str) -> int | None:
    """Whatever it is, it goes back to the customer's card or account ("it's going
    straight back to your card", "te lo transferimos de vuelta a tu cuenta"): only
    money does. Where "back" stands, or None."""
    for index, token in enumerate(tokens[:-3]):
        if token not in _BACK_WORDS:
            continue
        to, owner, holder = tokens[index + 1 : index + 4]
        if to not in _TO[lang] or owner not in _YOURS[lang] or not holder.startswith(_HOLDS[lang]):
            continue
        if _GOING & set(tokens[max(0, index - 2) : index]) and not _goes_on_its_own(
            tokens[max(0, index - 4) : index]
        ):
            continue
        return index
    return None


def _destination(tokens: list[str], start: int, lang: str) -> int | None:
    """Where the money lands: a preposition + the customer's possessive + a
    payment-holding noun ("a tu tarjeta"), or + an article when a pronoun for the
    customer stands between ("le vuelve a la tarjeta"), or "back to you", within
    eight words after the money noun."""
    for j in range(start, min(len(tokens) - 1, start + 8)):
        if tokens[j] not in _TO[lang]:
            continue
        owner = tokens[j + 1]
        holds = j + 2 < len(tokens) and tokens[j + 2].startswith(_HOLDS[lang])
        if holds and (
            owner in _YOURS[lang] or (owner in _ARTICLE and _CLITIC & set(tokens[start:j]))
        ):
            return j
        if owner in _YOU_OBJECT[lang] and tokens[j - 1].startswith(_BACK):
            return j  # "back to you", "the $120 will be returned to you"
        # "en el mismo medio de pago", "to the same card": the one the customer paid with
        if owner in _ARTICLE and tokens[j + 2 : j + 3] in (["mismo"], ["misma"], ["same"]):
            if j + 3 < len(tokens) and tokens[j + 3].startswith(_HOLDS[lang]):
                return j
    return None


_ARTICLE = frozenset("la el the".split())
# What may follow "to / en" where money lands: the customer's own, an article, "you".
_LANDS = {
    "es": frozenset("tu tus su sus la el vos ti usted".split()),
    "en": frozenset("your the you".split()),
}
# The same pairs as one search over the raw sentence (a cheap test before any tokens).
_LANDING = {
    lang: re.compile(
        r"(?:^|\W)(?:"
        + "|".join(sorted(_TO[lang]))
        + r")\W+(?:"
        + "|".join(sorted(_LANDS[lang]))
        + r")(?:\W|$)"
    )
    for lang in ("es", "en")
}
_CLITIC = frozenset("te le les os".split())
_YOU_OBJECT = {"es": frozenset(("vos", "ti", "usted")), "en": frozenset(("you",))}
# The customer as the one who gets the money: "you're getting a full refund", "vas a
# recibir el reintegro"; or the refund as what the speaker sets things right with.
_YOU_SUBJECT = {"en": frozenset("you you're you'll".split()), "es": frozenset()}
_GET = {
    "en": frozenset("get getting gets receive receiving have".split()),
    "es": frozenset("recibís recibes recibirás recibirá recibe recibir tendrás".split()),
}
_WITH = {"en": "with", "es": "con"}
_FUTURE_GET = {
    "es": frozenset("recibirás recibirá tendrás tendrá recibiréis tendréis".split()),
    "en": frozenset("you'll getting".split()),
}
_SPEAKER_FUTURE = {
    "en": frozenset("we'll i'll will".split()),
    "es": frozenset("vamos haremos arreglaremos compensaremos solucionaremos".split()),
}


def _received(tokens: list[str], lang: str) -> tuple[str, int] | None:
    """The refund word when the customer is said to get it, or the speaker to put
    things right with it."""
    for index, token in enumerate(tokens):
        back = (
            lang == "en"
            and token.startswith(("amount", "money", "penny", "pennies", "cent"))
            and ("back" in tokens[index + 1 : index + 3])
        )  # "you'll get the full amount back"
        # the money itself ("tendrás el dinero en la cuenta", "you'll be getting a
        # check") when the customer is to get it: a future, not "tenés el dinero"
        later = lang == "es" and token.startswith(_MONEY["es"][:2])
        later = later or (lang == "en" and token in ("check", "cheque"))
        if (
            not back
            and not later
            and not token.startswith(_MONEY[lang][2:] if lang == "es" else ("refund", "reimburs"))
        ):
            continue
        before = tokens[max(0, index - 5) : index]
        if later and not _FUTURE_GET[lang] & set(before):
            continue
        gets = [i for i, t in enumerate(before) if t in _GET[lang]]
        if gets and (lang == "es" or _YOU_SUBJECT["en"] & set(before[: gets[-1] + 1])):
            return token, index
        if _WITH[lang] in before and _SPEAKER_FUTURE[lang] & set(tokens[:index]):
            return token, index
    return None
