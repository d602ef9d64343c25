"""How a sentence says an act: done or to come, for this case or as how things are done.

The readings ``guards.action_claim`` asks of a sentence that holds a verb of an act:
whether it is said done (a past, a perfect, "volví a", "ya"), inside reported speech,
as a sum worked out, in a clause anchored to a day, as a present passive of how the shop
works, or in a tool's own words.
"""

from __future__ import annotations

from itertools import pairwise

from guards import scan
from guards.act_clause import into_an_order
from guards.conjugation import diphthonged, fold, regular_participle_es, stem_in
from guards.context import GuardContext
from guards.text import CLAUSE_JOINTS, content_words, restates, words


def arithmetic(verb: str, draft: str) -> bool:
    """A verb of adding in a draft that works out a total ("Total: $54.800 … por eso
    los sumé por separado", "£36.99 … so I've added it"): the sum, not an act."""
    if not fold(verb).startswith(("sum", "add", "añad", "agreg")):
        return False
    tokens = words(draft)
    if any(t == verb.lower() and into_an_order(tokens, i) for i, t in enumerate(tokens)):
        return False  # "sumé los dos casetes al pedido 6630": the order changed
    return "=" in draft or "+" in draft or _TOTAL.search(draft) is not None


_TOTAL = scan.compile(r"(?i)(?:^|[^\pL])(?:total|suma|sumando|en\s+total|in\s+all)(?:$|[^\pL])")


def clause_of(verb: str, sentence: str) -> str:
    """The clause that holds the verb, when it names a day or the present moment: a
    speaker's "te lo reenviamos mañana" is not the process a source states because the
    next clause restates it ("y el repartidor te llama antes de llegar [entregas#1]")."""
    clause = _clause_holding(verb, sentence)
    # only a clause anchored to today's calendar is this case's own act; "a Rafaela lo
    # enviamos por correo y tarda de 3 a 5 días [envios#1]" is how it is done
    return clause if _DEICTIC & set(words(clause)) else sentence


_DEICTIC = frozenset("hoy mañana ahora ahorita today tomorrow tonight now".split())


# What a record says is still to come: "devolución solicitada, pendiente de aceptación".
_NOT_YET = ("pendiente de", "pending", "awaiting", "a la espera de", " sin", " not")


def stem_reported(stem: str, outputs: str) -> bool:
    """The tool's record has the verb's stem, and not as something still to come."""
    for form in (stem, *diphthonged(stem)[1:]):  # "se descontó" over "descuento aplicado"
        start = outputs.find(form)
        while start >= 0:
            if not outputs[max(0, start - 16) : start].rstrip().endswith(_NOT_YET):
                return True
            start = outputs.find(form, start + 1)
    return False


# Verbs of saying in the past: what follows "dije que" is what was said, not done.
_SAID = frozenset(
    "dije dijimos comenté comentamos mencioné mencionamos said told mentioned".split()
)


def reported_speech(verb: str, sentence: str) -> bool:
    """ "en mi mensaje anterior dije que te cambiaba la dirección, pero…": the act is
    what an earlier message said, which the sentence corrects or recalls."""
    tokens = words(sentence)
    if verb not in tokens:
        return False
    window = tokens[max(0, tokens.index(verb) - 5) : tokens.index(verb)]
    return any(
        token in _SAID and window[at + 1 : at + 2] in (["que"], ["i"], ["we"], ["you"])
        for at, token in enumerate(window)
    )


def heard_news(verb: str, sentence: str) -> bool:
    """ "Sorry to hear your event was cancelled", "lamento que se haya cancelado el
    viaje": the act is the customer's news, which the sentence is sorry about."""
    tokens = words(sentence)
    if verb not in tokens:
        return False
    window = tokens[max(0, tokens.index(verb) - 7) : tokens.index(verb)]
    for at, token in enumerate(window):
        if token in _HEAR and _EMOTIVE & set(window[max(0, at - 3) : at]):
            return True  # "sorry to hear", "sad to hear that"
        if token in _EMOTIVE and window[at + 1 : at + 2] == ["que"]:
            return True  # "lamento que", "qué pena que"
    return False


def echoed_reason(verb: str, sentence: str, customer: str) -> bool:
    """ "since the visit was cancelled on our side", after the customer's "it was
    cancelled by you": the customer's own news, given back as the reason for what the
    sentence says; the same participle must be in the customer's words."""
    tokens = words(sentence.lower())
    if verb not in tokens or verb not in words(customer.lower()):
        return False
    for token in reversed(tokens[: tokens.index(verb)]):
        if token in _REASONS:
            return True
        if token in _CLAUSE_OPENERS:
            return False
    return False


_PERFECT_PASSIVE = frozenset("sido been fue fueron was were".split())


def passive_event(verb: str, sentence: str) -> bool:
    """ "El importe ya ha sido reembolsado", "la entrega fue reprogramada": a passive
    past, an event of this case, which no policy states, whatever it cites."""
    tokens = words(sentence.lower())
    at = tokens.index(verb.lower()) if verb.lower() in tokens else 0
    return bool(_PERFECT_PASSIVE & set(tokens[max(0, at - 3) : at]))


def customer_words(ctx: GuardContext) -> str:
    """The current message and the customer's message before it: what was asked."""
    earlier = [m.text for m in ctx.history if m.role == "customer"][-1:]
    return " \n ".join([*earlier, ctx.question])


def customers_news(verb: str, sentence: str, customer: str) -> bool:
    """The act is news the customer brought: heard of, or given back as a reason."""
    return heard_news(verb, sentence) or echoed_reason(verb, sentence, customer)


_REASONS = frozenset("since because porque como".split())
_CLAUSE_OPENERS = frozenset("and but so y pero así that que".split())
_HEAR = frozenset("hear heard saber enterarme enterarnos leer read".split())
_EMOTIVE = frozenset("sorry sad lamento lamentamos siento sentimos pena".split())


def done_form(verb: str) -> bool:
    """A past or a participle: "extended", "extendido", "amplié"."""
    bare = fold(verb)
    return verb.endswith("ed") or regular_participle_es(bare) or verb.endswith("é")


def said_done(verb: str, sentence: str) -> bool:
    """A done form, or any verb after a perfect's auxiliary ("I've let the courier know
    … if nobody answers": the condition is the courier's, the deed is done)."""
    if done_form(verb):
        return True
    tokens = words(sentence)
    if verb not in tokens:
        return False
    leading = tokens[: tokens.index(verb)]
    if len(leading) >= 2 and leading[-1] in ("a", "de"):
        if fold(leading[-2]).startswith(("volv", "vuelv", "acab")):
            return True  # "te la volví a mandar", "acabo de dispararlo": this case's
    if [t for t in leading if t not in _CLITICS][-1:] == ["ya"]:
        return True  # "ya te lo reprogramamos": already, whatever the form says
    return _auxiliary_before(leading) in _PERFECT


def _auxiliary_before(leading: list[str]) -> str:
    """The word before a verb once adverbs of the perfect are skipped ("I've just")."""
    before = [t for t in leading if t not in _PERFECT_ADVERBS][-1:]
    return before[0] if before else ""


_PERFECT = frozenset("i've we've have has he hemos ha han".split())
_PERFECT_ADVERBS = frozenset("just already also ya personally".split())
_CLITICS = frozenset("me te se le les lo la los las nos os".split())


def echoes_report(sentence: str, outputs: str, stop: frozenset[str]) -> bool:
    """A passive state said in the words of a tool's report: two content words of five
    letters or more that the report has too ("the return was booked as a home
    collection" over "return collected from home")."""
    said = {w[:5] for w in content_words(sentence, stop) if len(w) >= 5 and not w.isdigit()}
    reported = {w[:5] for w in content_words(outputs, stop) if len(w) >= 5}
    return len(said & reported) >= 2


# Closed classes: the present of the passive's auxiliary, and words for this customer.
_PRESENT_AUX = {"en": frozenset(("is", "are")), "es": frozenset(("se", "queda", "quedan"))}
_NOW = frozenset("ahora ahorita ya hoy momento now today already".split())
YOU = frozenset("you your yours te tu tus le les su sus usted ustedes vos".split())


def habitual(verb: str, sentence: str, language: str) -> bool:
    """A passive in the simple present with no one of this case in its clause ("the
    discount is applied at the till", "se aplica en caja") says how the shop works, not
    what was done for this customer ("your discount has been applied"); an order's
    number names the case ("queda anulado el pedido NB-7398")."""
    for clause in sentence.split(","):
        tokens = words(clause)
        if verb not in tokens:
            continue
        at = tokens.index(verb)
        return (
            at > 0
            and tokens[at - 1] in _PRESENT_AUX["es" if language == "es" else "en"]
            and not YOU & set(tokens)
            and not names_an_order(tokens)
            and _CODE.search(clause) is None  # "CA-5701 is upgraded": this order
            # "el pedido queda anulado desde este momento": now, so this time, not always
            and not _NOW & set(words(sentence))
        )
    return False


_ORDER_NOUNS = frozenset("pedido pedidos orden compra order orders".split())
_CODE = scan.compile(r"(?:^|[^\pL\pN-])\pL{1,4}-\d{3,}(?:$|[^\pL\pN-])")


def names_an_order(tokens: list[str]) -> bool:
    """An order noun with its number within two words ("el pedido NB-7398")."""
    return any(
        token in _ORDER_NOUNS and any(t[:1].isdigit() for t in tokens[at + 1 : at + 3])
        for at, token in enumerate(tokens)
    )


_COPIED_RUN = 6  # words in a row: a phrase this long is quoted, not composed


def copied(verb: str, sentence: str, texts: list[str]) -> bool:
    """The verb sits inside a run of words the draft copies from a text of this turn
    (a source or a tool's record): "every repair carries a 90-day warranty on the part
    we replaced" said in the chunk's own words is the shop's standing text, not a deed
    the desk claims for this case."""
    tokens = words(sentence.lower())
    if verb.lower() not in tokens or not texts:
        return False
    plain = [" ".join(words(text.lower())) for text in texts]
    # every place the verb stands: "Appointments moved with … [cancelaciones#1], and I've
    # already moved CH-4012" quotes the first and claims the second
    places = [at for at, token in enumerate(tokens) if token == verb.lower()]
    return all(_in_a_copied_run(tokens, at, plain) for at in places)


def _in_a_copied_run(tokens: list[str], at: int, plain: list[str]) -> bool:
    for start in range(max(0, at - _COPIED_RUN + 1), at + 1):
        run = tokens[start : start + _COPIED_RUN]
        if len(run) == _COPIED_RUN and any(f" {' '.join(run)} " in f" {p} " for p in plain):
            return True
    return False


def recorded_past(verb: str, lemma: str, outputs: str, *, english_past: bool = False) -> bool:
    """A past of the verb whose act a tool's record of this turn names: what happened,
    reported ("el banco aplicó el abono", as the lookup says "abono aplicado"). Spanish
    third-person preterites always; an English "-ed" only when ``english_past`` (a
    money act, where "applied" is the record's word, not the speaker's deed)."""
    endings = ("ó", "aron", "ieron", "ed") if english_past else ("ó", "aron", "ieron")
    past = verb.lower().endswith(endings)
    return past and bool(outputs) and stem_in(lemma, outputs)


def names_the_act(lemma: str, text: str, language: str) -> bool:
    """The source says the act itself: a word that starts as the act's verb does."""
    stem = fold(lemma)[: 4 if language == "es" else 3]
    said = fold(text.lower()).replace("e-mail", "email")
    return any(word.startswith(stem) for word in words(said))


_FUTURE_ES = ("aré", "eré", "iré", "ará", "erá", "irá", "aremos", "eremos", "iremos")
_FUTURE_ES += ("arán", "erán", "irán")
_GOING_ES = frozenset("voy vamos va van".split())
_WILL_EN = frozenset("will shall i'll we'll going".split())


def to_come(verb: str, sentence: str, language: str) -> bool:
    """The verb is said as still to come for this case: a future ("le enviaremos", "we'll
    send") or "ir a" ("te lo vamos a mandar"), not the present of how things are done."""
    tokens = words(sentence.lower().replace("’", "'"))
    if verb.lower() not in tokens:
        return False
    before = tokens[max(0, tokens.index(verb.lower()) - 3) : tokens.index(verb.lower())]
    if language == "es":
        going = any(a in _GOING_ES and b == "a" for a, b in pairwise(before))
        return verb.lower().endswith(_FUTURE_ES) or going
    return bool(_WILL_EN & set(before))


def background(verb: str, sentence: str, outputs: str) -> bool:
    """The verb names a past act inside a relative clause whose noun this turn's record
    holds, and the sentence goes on to its own verb: "la solicitud de reembolso que
    registramos se aprobó el 10 de julio". A clitic for the customer ("el pedido que te
    cancelé") makes the relative clause the claim itself."""
    tokens = words(sentence.lower())
    if verb.lower() not in tokens:
        return False
    at = tokens.index(verb.lower())
    if at < 2 or tokens[at - 1] not in ("que", "that", "which"):
        return False
    noun = tokens[at - 2]
    return len(noun) >= 4 and fold(noun)[:5] in fold(outputs) and at + 1 < len(tokens)


def restates_the_passage(verb: str, sentence: str, passage: list[str], stop) -> bool:
    """An uncited clause of someone else's routine that a page the draft cites states:
    "… [valoracion#1]. Al reservar puede elegir la franja, y el técnico le llamará el
    día anterior" over "El técnico llama el día anterior para confirmar"."""
    clause = _clause_holding(verb, sentence)
    return any(restates(clause, text, stop, share=0.5) for text in passage)


def _clause_holding(verb: str, sentence: str) -> str:
    """The stretch between the sentence's joints (commas, "y", "but") that holds the
    verb, or the whole sentence."""
    clauses = [sentence]
    for joint in CLAUSE_JOINTS:
        clauses = [part for clause in clauses for part in clause.split(joint)]
    return next((c for c in clauses if verb in words(c)), sentence)


def in_the_perfect(verb: str, sentence: str) -> bool:
    """The verb in the speaker's perfect ("I've arranged", "he gestionado")."""
    tokens = words(sentence)
    if verb not in tokens:
        return False
    return _auxiliary_before(tokens[: tokens.index(verb)]) in _SPEAKER_PERFECT


_SPEAKER_PERFECT = frozenset("i've we've he hemos".split())


# What may stand between the one who acts and the verb: "the carrier will call".
_AUX_BETWEEN = frozenset("will 'll shall is are going to also then".split())


def the_records_own_agent(verb: str, sentence: str, outputs: str) -> bool:
    """Someone's act said with the very subject and verb the tool's record gives it: "the
    carrier will call you to schedule it" over "carrier will call to schedule". The record
    tells the customer what will happen; the desk claims nothing it did."""
    tokens = words(sentence.lower())
    if verb.lower() not in tokens or not outputs:
        return False
    at = tokens.index(verb.lower()) - 1
    while at >= 0 and tokens[at] in _AUX_BETWEEN:
        at -= 1
    if at < 0 or len(tokens[at]) < 4:
        return False
    record = words(outputs.lower())
    for i, token in enumerate(record):
        if token != tokens[at]:
            continue
        j = i + 1
        while j < len(record) and record[j] in _AUX_BETWEEN:
            j += 1
        if j < len(record) and record[j] == verb.lower():
            return True
    return False
