"""The speaker taking on an outcome: "I'll make sure your refund is paid out by Friday",
"me encargo personalmente de que te llegue el reembolso", "te aseguro que te lo
devolvemos".

Whatever the embedded clause says in whatever person or mood ("que te reembolsemos",
"your refund is paid"), the speaker has made it theirs: a money outcome under such a
frame is a promise. The frames are a closed class of control verbs in the first person
(make sure, ensure, see to it, guarantee; encargarse, ocuparse, asegurar, garantizar,
comprometerse), not the writers' phrases. A negated frame ("no te puedo asegurar que…")
or one that waits on a person's decision promises nothing.

The speaker vouches for the outcome in a second way: by a word of certainty about it
("el reintegro completo es seguro", "consider the money as good as back", "quedate
tranqui que la plata la vas a tener de vuelta"). Certainty is a closed class too (sure,
guaranteed, as good as, rest assured; seguro, garantizado, sí o sí, tranquilo que), and a
refund REQUEST vouched for ("tu solicitud de reembolso ya está cargada, seguro") is not
money.

And in a third: by telling the customer the money back is theirs by right ("te
corresponde la devolución total", "you're entitled to the refund"), a closed class of
entitlement predicates with the customer as the holder. Said under a condition or an
approval ("if it's approved, you're entitled to a refund") it restates a rule.
"""

from __future__ import annotations

from guards import scan
from guards.moods import conditional, on_approval
from guards.result_states import STATEMENT_BREAK
from guards.text import words

_FRAME = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:me|nos)\s+(?:encargo|encargamos|ocupo|ocupamos|aseguro|"
        r"aseguramos|comprometo|comprometemos)|(?:te|le|les|os)\s+(?:aseguro|aseguramos|"
        r"garantizo|garantizamos|prometo|prometemos))(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:i|we)(?:'ll|\s+will|\s+shall)?\s+(?:personally\s+)?"
        r"(?:make\s+sure|ensure|see\s+to\s+it|guarantee|promise)|i\s+promise|"
        r"(?:i|we)'ll\s+(?:personally\s+)?(?:get|have)\s+(?:it|this|that)\s+sorted)"
        r"(?:$|[^\pL])"
    ),
}
# What the outcome is: money back, by any word for it.
_MONEY_BACK = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(reembols\pL*|reintegr\pL*|(?:el|la|tu|su)\s+(?:dinero|plata|importe)|"
        r"devoluci[oó]n\s+del\s+(?:dinero|importe|pago)|"
        r"(?:te|le|os)\s+(?:lo|la)?\s*devolv\pL*|abon\pL*|de\s+vuelta\s+(?:en|a)\s+tu)"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(refund\pL*|reimburs\pL*|(?:your|the)\s+money|money\s+back|amount\s+back|"
        r"paid\s+(?:out|back)|credited|back\s+(?:on|to|in|into)\s+your\s+(?:card|account|bank))"
    ),
}
_NEGATION = {
    "es": scan.compile(r"(?i)(?:^|[^\pL])(?:no|nunca)\s+(?:\pL+\s+){0,2}$"),
    "en": scan.compile(r"(?i)(?:^|[^\pL])(?:not|can't|cannot|won't|never)\s+(?:\pL+\s+){0,2}$"),
}


_CERTAIN = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:es|está|queda)\s+(?:seguro|asegurado|garantizado)|sí\s+o\s+sí|"
        # the customer holds it for sure: "tu dinero lo tienes asegurado"
        r"(?:lo|la|los|las)\s+(?:tenés|tienes|tiene|tenéis|tienen)\s+(?:asegurad|garantizad)\pL*|"
        r"d[aá]lo\s+por\s+hecho|tenelo\s+por\s+seguro|tenlo\s+por\s+seguro|"
        r"tranqui\pL*\s+que|no\s+te\s+preocupes,?\s+que|sin\s+duda|seguro\s+que)(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(guaranteed|for\s+sure|definitely|as\s+good\s+as|rest\s+assured|"
        r"consider\s+it\s+done|you\s+have\s+my\s+word|without\s+fail|don'?t\s+worry,?|"
        r"no\s+need\s+to\s+worry,?|not\s+to\s+worry,?|i\s+wouldn'?t\s+worry|"
        r"nothing\s+to\s+worry\s+about)(?:$|[^\pL])"
    ),
}
_REQUEST = scan.compile(r"(?i)(?:solicitud|pedido|reclamo|request|claim)\s+(?:de\s+)?$")
_REQUEST_AFTER = scan.compile(r"(?i)^\s+(?:request|claim)")


# Asking where to put money no person approved: "¿Nos indicas el IBAN para devolverte
# los 64,90 €?", "¿A qué cuenta te lo transferimos?", "Would you like the refund to go to
# your original card, or as a check?" — the question takes the refund as settled.
_WHERE_TO_PAY = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:iban|cbu|alias|n[uú]mero\s+de\s+cuenta|cuenta\s+bancaria|"
        r"datos\s+bancarios)[^.?!]{0,40}para\s+(?:devolv|reembols|reintegr|abon|transfer)\pL*"
        r"|(?:a|en)\s+qu[eé]\s+(?:cuenta|tarjeta)\s+(?:te|le|os)\s+(?:lo\s+|la\s+)?"
        r"(?:devolv|devuelv|reembols|reintegr|abon|transfer)\pL*)"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:would\s+you\s+(?:like|prefer)|do\s+you\s+want)\s+(?:the|your)\s+"
        r"(?:refund|money)\s+(?:to\s+go\s+)?(?:to|on|back\s+to|as)\s"
        r"|(?:bank\s+details|account\s+number|sort\s+code|iban)[^.?!]{0,40}(?:so\s+(?:that\s+)?"
        r"(?:we|i)\s+can|to)\s+(?:refund|reimburse|pay\s+you\s+back))"
    ),
}


_ENTITLED = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:te|le|os)\s+corresponden?|(?:tenés|tienes|tiene|tenéis)\s+"
        r"derecho\s+a)(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(you(?:'re|\s+are)\s+(?:entitled\s+to|owed)|you\s+qualify\s+for)"
        r"(?:$|[^\pL])"
    ),
}
# "la devolución total", "la devolución del dinero": a return that is money.
_WHOLE_RETURN = scan.compile(r"(?i)(?:^|[^\pL])devoluci[oó]n\s+(?:total|íntegra|del\s+\pL+)")
_ENTITLEMENT_SPAN = 40  # characters after the predicate in which its object is said


def guaranteed_money(sentence: str, language: str) -> str | None:
    """The frame by which the speaker takes on money going back to the customer, or
    None."""
    lang = "en" if language == "en" else "es"
    if (entitled := _entitled(sentence, lang)) is not None:
        return entitled
    if (asked := _WHERE_TO_PAY[lang].search(sentence)) is not None and not (
        conditional(sentence) or on_approval(sentence)
    ):
        return asked.group(1)
    if (confirmed := _confirmed(sentence, lang)) is not None:
        return confirmed
    if (pledged := _pledged_back(sentence, lang)) is not None:
        return pledged
    frame = _FRAME[lang].search(sentence)
    if frame is None or _NEGATION[lang].search(sentence[: frame.start(1)]):
        return _vouched(sentence, lang)
    if not _MONEY_BACK[lang].search(sentence[frame.end(1) :]) or _waits_on_approval(
        sentence, frame.start(1)
    ):
        return _vouched(sentence, lang)
    return frame.group(1)


def _waits_on_approval(sentence: str, at: int) -> bool:
    """The pledge at ``at`` waits on a decision: one said from the pledge on ("you'll
    have it back once it's approved"), or in a condition or time clause before it ("once
    the team has reviewed it, don't worry…"). A review named in a clause of its own
    before the pledge ("I've filed it so a colleague can review it, and don't worry,
    you'll get it all back") is what was done, and conditions nothing."""
    before = sentence[:at]
    return on_approval(sentence[at:]) or (on_approval(before) and conditional(before))


# The speaker confirming what is still to come: "I can confirm you'll have the full
# amount back", "te confirmo que el importe se te acredita". Confirming a past event
# ("I can confirm the refund was issued on 3 May") is a report, so only an outcome
# still to come for the customer counts.
_CONFIRM = {
    "es": scan.compile(r"(?i)(?:^|[^\pL])((?:te|le|os|les)\s+(?:confirmo|confirmamos))\s+que"),
    "en": scan.compile(r"(?i)(?:^|[^\pL])((?:i|we)(?:\s+can)?\s+confirm)(?:\s+that)?\s"),
}
_TO_COME = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:se\s+te|se\s+le|se\s+os|vas\s+a|va\s+a|tendr[aá]s|recibir[aá]s|"
        r"te\s+llega|le\s+llega)(?:$|[^\pL])"
    ),
    "en": scan.compile(r"(?i)(?:^|[^\pL])(?:you'll|you\s+will|you're\s+getting)(?:$|[^\pL])"),
}


# A pledge whose object points back ("— I'll personally see to it", "I've made sure of
# that", "de eso me encargo yo"): it vouches for the money said before it, whatever
# that money waited for ("once approved, it's back on your card the same day — I'll
# see to it" promises the day).
_PLEDGE_BACK = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:de\s+eso|de\s+ello)\s+(?:me|nos)\s+(?:encargo|encargamos|ocupo|"
        r"ocupamos)|(?:me|nos)\s+(?:encargo|encargamos|ocupo|ocupamos)\s+(?:yo\s+)?"
        r"(?:personalmente|de\s+eso|de\s+ello))(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:i|we)(?:'ll|\s+will|'ve|\s+have)?\s+(?:personally\s+)?"
        r"(?:see\s+to\s+it|made?\s+sure\s+of\s+(?:it|that|this)|ensured?\s+(?:it|that|this))|"
        r"you\s+have\s+my\s+word)(?:$|[^\pL])"
    ),
}


def _pledged_back(sentence: str, lang: str) -> str | None:
    pledge = _PLEDGE_BACK[lang].search(sentence)
    if pledge is None or _NEGATION[lang].search(sentence[: pledge.start(1)]):
        return None
    if words(sentence[pledge.end(1) :].lower())[:1] in (["that"], ["que"]):
        return None  # "I'll see to it that the parcel goes out": the object is ahead
    if _MONEY_BACK[lang].search(sentence[: pledge.start(1)]) is None:
        return None
    return pledge.group(1)


# The speaker confirming the money itself, a noun with no verb of its own: "te confirmo
# el reintegro del hacha", "I can confirm your refund". A report names its event after
# it ("I can confirm the refund was issued on 3 May"): a verb of being or having
# following the noun makes it one.
_CONFIRM_NOUN = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:te|le|os|les)\s+(?:confirmo|confirmamos))\s+(?:el|la|tu|su)\s+"
        r"(?:reembolso|reintegro|devoluci[oó]n\s+del\s+(?:dinero|importe)|abono)(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:i|we)(?:\s+can)?\s+confirm)\s+(?:your|the)\s+(?:full\s+)?"
        r"(?:refund|reimbursement)(?:$|[^\pL])"
    ),
}
_REPORTED_AFTER = frozenset("was were has had is fue fueron ha han había se ya already".split())


def _confirmed(sentence: str, lang: str) -> str | None:
    noun = _CONFIRM_NOUN[lang].search(sentence)
    if noun is not None and not _NEGATION[lang].search(sentence[: noun.start(1)]):
        if _REPORTED_AFTER.isdisjoint(words(sentence[noun.end() :].lower())[:6]):
            return noun.group(1)
    frame = _CONFIRM[lang].search(sentence)
    if frame is None or _NEGATION[lang].search(sentence[: frame.start(1)]):
        return None
    after = sentence[frame.end(1) :]
    if _MONEY_BACK[lang].search(after) and _TO_COME[lang].search(after):
        return None if on_approval(after) else frame.group(1)
    return None


# "the guaranteed date", "a guaranteed slot": a participle after a determiner qualifies
# the noun it stands before, and vouches for nothing else the sentence says.
_ATTRIBUTIVE = scan.compile(r"(?i)(?:^|[^\pL])(?:the|a|an|our|your|its|their|this|that)\s+$")


def _vouched(sentence: str, lang: str) -> str | None:
    """A word of certainty about money going back ("el reintegro completo es seguro")."""
    sure = _CERTAIN[lang].search(sentence)
    if sure is not None and lang == "en" and _ATTRIBUTIVE.search(sentence[: sure.start(1)]):
        after = sentence[sure.end(1) :]
        if not _MONEY_BACK[lang].match(after):  # "a guaranteed refund" vouches for money
            sure = _CERTAIN[lang].search(sentence, sure.end(1))
    if sure is None or _NEGATION[lang].search(sentence[: sure.start(1)]):
        return None
    if _waits_on_approval(sentence, sure.start(1)):
        return None
    for money in _MONEY_BACK[lang].finditer(sentence):
        if _REQUEST.search(sentence[: money.start(1)]) or _REQUEST_AFTER.search(
            sentence[money.end(1) :]
        ):
            continue  # the request is sure to be filed, not the money to come back
        return sure.group(1)
    return None


def _entitled(sentence: str, lang: str) -> str | None:
    """Money back said to be the customer's by right, with no condition."""
    match = _ENTITLED[lang].search(sentence)
    if match is None or _NEGATION[lang].search(sentence[: match.start(1)]):
        return None
    said = sentence[match.end(1) : match.end(1) + _ENTITLEMENT_SPAN]
    # what is the customer's is said in the predicate's own statement: "así que le
    # corresponde, y el importe que figura es de 342,00 €" says the amount apart
    said = STATEMENT_BREAK.split(said, maxsplit=1)[0]
    money = _MONEY_BACK[lang].search(said) or (lang == "es" and _WHOLE_RETURN.search(said))
    if not money or conditional(sentence) or on_approval(sentence):
        return None
    return match.group(1)
