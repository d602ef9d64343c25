"""A sentence that sets a rule aside for this customer: an exception, a concession
that waives a condition, a decision about "your case".

"Os aplicamos también el 15 %, aunque no estéis federados", "a vos te la devolvemos
aunque ya haya pasado el plazo", "in your case we'll make an exception and reimburse
the cream", "since you asked nicely we'll make the $30 game free instead": whatever
the sentence cites, what it gives is not what a policy states; like an apology gift,
no source backs it. The markers are a closed class of concessive and exceptive
connectives, not the writers' phrases.
"""

from __future__ import annotations

from guards import scan
from guards.memo import memoised
from guards.text import find_phrase, words

_WAIVERS = {
    "es": (
        r"aunque\s+(?:no|ya|todav[ií]a\s+no)",
        # its subject first: "aunque el pedido no llegue a los 49 €"; or a term lapsed:
        # "aunque caducara el 30 de noviembre", "aunque haya vencido"
        r"aunque\s+(?:(?:el|la|los|las|tu|su|vuestro|vuestra)\s+\pL+\s+)(?:no|ya)",
        r"aunque\s+(?:ya\s+)?(?:haya\s+|hubiera\s+|est[eé]\s+)?(?:caduc|venc|expir)\pL*",
        r"a\s+pesar\s+de\s+que",
        r"excepcionalmente",
        r"(?:por\s+)?esta\s+(?:vez|[uú]nica\s+vez)",
        r"por\s+ser\s+(?:t[uú]|vos|usted|vosotros|vosotras|ustedes)",
        r"como\s+(?:una\s+)?excepci[oó]n",
        r"(?:hacemos|haremos|hago|har[eé])\s+una\s+excepci[oó]n",
        r"en\s+(?:tu|su|vuestro)\s+caso",
        # a concession that names the rule's scope: "aunque es para cuentas nuevas"
        r"(?:aunque|si\s+bien)\s+(?:es|está|sea|son|están)\s+(?:s[oó]lo\s+|solamente\s+)?para",
        # a concession after the rule was said: "aun así", "de todas formas", "aunque
        # sea jueves", and "igual" after a first-person verb ("te lo respetamos igual")
        r"aun\s+as[ií]",
        r"de\s+todas\s+(?:formas|maneras)",
        r"aunque\s+sea",
        r"\pL\pL+(?:mos|o)\s+igual(?:mente)?",
        r"se\s+(?:te|le|os|les)\s+\pL\pL+\s+igual(?:mente)?",  # "se te aplicarán igualmente"
        # or closing the clause of a first-person plural: "le daremos un vale por el
        # valor del shamisen igualmente"
        r"\pL\pL+mos\s[^.;:!?]{0,60}?\sigual(?:mente)?\s*(?:[,.;:!?]|$)",
    ),
    "en": (
        r"even\s+(?:though|if)\s+(?:you|it|the|your)",
        r"despite\s+(?:the|it|your)",
        r"even\s+though\s+(?:it|the\s+\pL+)\s+(?:has\s+|had\s+)?(?:expired|lapsed|ended)",
        r"as\s+an\s+exception",
        r"(?:make|making|made)\s+an\s+exception",
        r"(?:just\s+)?this\s+(?:once|time)",
        r"since\s+it's\s+you",
        r"in\s+your\s+case",
        r"since\s+you\s+asked",
        # "although it's meant for new accounts"
        r"(?:although|though)\s+(?:it's|it\s+is|they're|they\s+are|that's)\s+"
        r"(?:(?:only|usually|normally|meant|intended|just)\s+)*for",
        # a concession after the rule was said: "anyway", "regardless", "card or not"
        r"anyway",
        r"regardless\s*(?:[,.;:!?]|$)",  # not "regardless of the amount": a rule
        r"all\s+the\s+same",
        r"^\W*still\s*,",  # "Still, you've only just missed it, so go ahead and use it"
        r"even\s+so",
        r"\pL\pL+\s+or\s+not",
    ),
}


# "No, en tu caso no: …", "in your case, no": the decision about this case is a refusal.
_REFUSED = scan.compile(
    r"(?i)(?:en\s+(?:tu|su|vuestro)\s+caso|in\s+your\s+case)\W+no(?:$|[^\pL])"
    # "igual" as a likeness, not "anyway": "cambiarlo por otro igual", "uno igual"
    r"|(?:^|[^\pL])(?:otr[oa]s?|un[oa]s?)\s+igual(?:es)?(?:$|[^\pL])"
)


@memoised()  # the money guards ask it of every sentence of a draft
def waives_a_rule(sentence: str, language: str) -> bool:
    """The sentence sets a rule aside for this customer."""
    said = " ".join(scan.split(_REFUSED, sentence))  # _REFUSED.sub(" ", …), without the wrapper
    if find_phrase(_WAIVERS["en" if language == "en" else "es"], said) is not None:
        return True
    return language != "en" and _whatever(words(said.lower()))


_WHATEVER_LINKS = frozenset("como donde cuando cuanto".split())
_SUBJUNCTIVE = ("a", "as", "an", "e", "es", "en", "amos", "emos")
_NOUN_BEFORE = frozenset("el la los las un una su sus tu tus mi mis de del al".split())


def _whatever(tokens: list[str]) -> bool:
    """A Spanish concessive that repeats its verb around a relative ("paguen como
    paguen", "compres lo que compres", "sea cuando sea"): whatever the condition, the
    rule is set aside. A backreference, which the pattern engine has none of."""
    for at in range(len(tokens) - 2):
        verb = tokens[at]
        noun = at > 0 and tokens[at - 1] in _NOUN_BEFORE
        if len(verb) < 3 or not verb.endswith(_SUBJUNCTIVE) or noun:
            continue  # "su dirección como dirección de entrega": a noun, not a verb
        if tokens[at + 1] in _WHATEVER_LINKS and tokens[at + 2] == verb:
            return True
        if tokens[at + 1 : at + 3] == ["lo", "que"] and tokens[at + 3 : at + 4] == [verb]:
            return True
    return False
