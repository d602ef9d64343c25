"""A money rule set aside by a deed of any verb: the draft says a promotion, a fee or a
voucher has a rule, then does something for this customer anyway ("Su pedido fue de
45 €, pero no se preocupe: se lo mandamos igualmente", "Aun así, en su caso le
perdonamos la penalización", "te lo reactivamos por esta vez").

The verb is open class (respect, waive, reactivate, extend, send), so it is read by
``guards.deeds`` and ``guards.commitments`` from its conjugation; the exception by the
closed class of concessive connectives in ``guards.exceptions``; the money by a figure,
a promotion the sentence or the one before it cites, or a promotion word. Acts the other
guards own (money back, a refund request, a handoff, a ticket) are left to them.
"""

from __future__ import annotations

from guards import scan
from guards.acts import Act
from guards.commitments import SPEAKER, read_commitments
from guards.deeds import read_deeds
from guards.exceptions import waives_a_rule
from guards.lexicon import lexicon_for
from guards.numbers import FigureKind, extract_figures
from guards.passive_deeds import passive_deed
from guards.phrasebook import PHRASEBOOKS
from guards.text import clauses, find_phrase, words
from guards.verb_groups import _FREE

# Acts whose own guard reads them: money back (refund_promise), what a tool does or a
# person will do (action_claim).
_OWNED = frozenset(
    {
        Act.REFUND,
        Act.REQUEST_REFUND,
        Act.PROCESS_REFUND,
        Act.FORWARD,
        Act.HANDOFF,
        Act.TICKET,
        Act.CONTACT_CARRIER,
        Act.SCHEDULE,
        Act.CANCEL,
    }
)


def rule_set_aside(
    pairs: list[tuple[str, frozenset[str]]],
    *,
    language: str,
    locale: str,
    promos: set[str],
    promo_words: tuple[str, ...],
) -> str | None:
    """The sentence of ``pairs`` (sentence, cited sources) that waives a money rule for
    this customer by a deed the speaker binds itself to or one it allows them ("you
    can have the $9.99 price on this order anyway, card or not")."""
    lexicon = lexicon_for(locale)
    previous: tuple[str, frozenset[str]] = ("", frozenset())
    for sentence, cited in pairs:
        here, before = (sentence, cited), previous
        previous = here
        if not waives_a_rule(sentence, language) or not grants_something(sentence, language):
            continue  # a deed the speaker binds itself to, or the customer allowed one
        if any(_about_money(s, c, lexicon, promos, promo_words) for s, c in (here, before)):
            return sentence
    return None


# The customer allowed to do something: "como clienta habitual también puedes usarlo",
# "you can use it too".
_PERMITTED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:(?:puedes|pod[eé]s|puede|pod[eé]is|pueden|you\s+(?:can|may|could))"
    r"\s+(?:(?:also|still|too|igual|también|tambien|igualmente)\s+)?\pL\pL+"
    # the speaker lets it happen: "I'll let it count", "we'll let you have it at £6.50",
    # "te lo dejamos a $9.000"
    r"|(?:i|we)(?:'ll|\s+will|\s+can|\s+could|'d)?\s+let\s+(?:you|it|that|them)\s+\pL\pL+"
    r"|(?:te|le|os|les|se)\s+(?:lo|la|los|las)\s+(?:dejo|dejamos|dejaré|dejaremos)\s"
    # or offers to: "just this once I can do it for you at £104", "esta vez te lo puedo
    # dejar": set beside the exception, the offer is the exception granted
    r"|(?:i|we)\s+can\s+(?:do|give|let|make|offer|honou?r|match|apply|knock|take)\s"
    # or says the customer will have it: "send me the link and you'll get their price"
    r"|you(?:'ll|\s+will)\s+(?:still\s+)?(?:get|have|receive)\s"
    r"|(?:vas|va|vais|van)\s+a\s+(?:tener|recibir)\s|(?:tendrás|tendrá|tendréis)\s"
    r"|(?:puedo|podemos)\s+(?:dej|hac|respet|aplic)\pL*(?:te|le|os|les)(?:lo|la)?\s)"
)


# A promotion or a voucher said to hold still for the customer: "te sigue valiendo",
# "sigue vigente", "it's still valid".
_HELD_FOR = scan.compile(
    r"(?i)(?:^|[^\pL])(?:sigue(?:n)?\s+(?:valiendo|siendo\s+v[aá]lid[oa]s?|vigentes?)"
    r"|still\s+(?:valid|works|applies|counts))(?:$|[^\pL])"
)


def grants_something(sentence: str, language: str) -> bool:
    """Someone does or allows something in the sentence: the speaker binds itself to an
    act, the customer is allowed one, or a promotion is said to hold still for them."""
    if binding_deed(sentence, language) or _HELD_FOR.search(sentence) is not None:
        return True
    allowed = _PERMITTED.search(sentence)
    # "it's not something you could order now anyway": the permission is denied
    return allowed is not None and _DENIED.search(sentence[: allowed.start() + 1]) is None


# A denied copula a few words before the permission: "it's not something you could…",
# "no es algo que…" (up to three words between, no punctuation). Not any negation:
# "don't worry, I'll let you have it" grants.
_DENIED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:(?:is|are|was|it's|that's)\s+not|isn't|aren't|wasn't|no\s+(?:es|son))"
    r"(?:\s+\pL+){0,3}\s*$"
)


def grants_free(sentence: str, language: str) -> bool:
    """Something free the customer is given or allowed: "you can have the matching cup
    holder free", "we'll deliver it free". The free thing and the grant in one clause:
    "no tengo forma de ofrecerte un regalo, pero dejé registrado tu reclamo" gives none."""
    return any(
        not _FREE.isdisjoint(words(clause)) and grants_something(clause, language)
        for clause in clauses(sentence, PHRASEBOOKS[language].clause_breaks)
    )


def binding_deed(sentence: str, language: str) -> bool:
    """The speaker binds itself to an act of any verb that no other guard owns, or the
    act is said to be done for this case with no doer ("se te aplicarán igualmente")."""
    if any(
        c.actor == SPEAKER and c.binding and c.act not in _OWNED
        for c in read_commitments(sentence, language)
    ):
        return True
    if any(d.binding for d in read_deeds(sentence, language)):
        return True
    return passive_deed(sentence, language) is not None


def _about_money(
    sentence: str, cited: frozenset[str], lexicon, promos: set[str], promo_words: tuple[str, ...]
) -> bool:
    if cited & promos or find_phrase(promo_words, sentence):
        return True
    return any(
        f.kind in (FigureKind.MONEY, FigureKind.PERCENT)
        for f in extract_figures(sentence, lexicon=lexicon, threshold=0)
    )
