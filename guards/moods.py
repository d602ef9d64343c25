"""The mood of an act's sentence: an offer or a condition, a condition on a person's
decision, or a negation inside the verb group. Read by the commitments and the deeds
readers alike; plain functions over words."""

from __future__ import annotations

import re
from itertools import pairwise

from guards import scan
from guards.conjugation import fold
from guards.text import words
from guards.verb_groups import (
    _CHAIN_EN,
    _CHAIN_ES,
    _NEGATION_EN,
    _NEGATION_ES,
    _OFFER_CUES_EN,
    _OFFER_CUES_ES,
    _OFFER_OPENERS_EN,
    _OFFER_OPENERS_ES,
    _WINDOW,
)


def is_offer(lower: str, language: str) -> bool:
    # "por si quiere añadir algo" is "in case", not a condition on the act.
    lower = lower.replace("por si ", "por caso ")
    stripped = lower.lstrip("¿¡ \"'«")
    if lower.rstrip().endswith("?") or "¿" in lower:
        return True
    openers = _OFFER_OPENERS_ES if language == "es" else _OFFER_OPENERS_EN
    # "I'm happy to confirm that…": gladly saying, not an offer to act
    lower = _GLAD_TO_SAY.sub(" ", lower) if language == "en" else lower
    if stripped.startswith(openers) or _CUES[language == "es"].search(lower) is not None:
        return True
    # "puedes preguntarlo en la tienda o te paso con alguien": the shop's act is one of
    # two options the customer has
    option = _EITHER.search(lower)
    return option is not None and _OR_WE.search(lower, option.end()) is not None


_GLAD_TO_SAY = scan.compile(
    r"(?:happy|glad|pleased)\s+to\s+(?:confirm|say|report|tell|let\s+you\s+know|share)"
)
# The offer cues as one search each (plain substrings, as ``cue in lower`` read them).
_CUES = {
    False: re.compile("|".join(re.escape(cue) for cue in _OFFER_CUES_EN)),
    True: re.compile("|".join(re.escape(cue) for cue in _OFFER_CUES_ES)),
}
_EITHER = scan.compile(r"(?:^|[^\pL])(?:puedes|podés|podes|puede|podéis|pueden|you\s+can)\s")
_OR_WE = scan.compile(r"\s(?:o\s+(?:te|le|os|les|se)|or\s+(?:i|we|i'll|we'll|i\s+can))\s")


# A condition on a person's decision: the act waits for approval or review.
_DECISION_CUES = (
    "aprob",
    "aprue",
    "approv",
    "si corresponde",
    "si procede",
    "if eligible",
    "if accepted",
    "once accepted",
    "acepta",
)
_APPROVAL_CUES = (*_DECISION_CUES, "revis", "review", "inspecci", "inspect", "verific")


def on_decision(sentence: str) -> bool:
    """The act waits on a decision itself ("si se aprueba", "if eligible"), not on a
    step before it: "we'll put the amount back once the colleague has reviewed it"
    promises what the review has not yet decided."""
    lower = fold(sentence.lower())
    return any(cue in lower for cue in _DECISION_CUES)


def on_approval(sentence: str) -> bool:
    """The sentence makes its act wait on a person's decision ("si se aprueba",
    "once the team has reviewed it", "if eligible") — not when the review is what the
    customer may skip ("if you'd rather not wait for the inspection, we can simply
    reimburse you"): then the act waits on nothing but their word."""
    lower = fold(sentence.lower())
    return any(cue in lower for cue in _APPROVAL_CUES) and _SKIPS_THE_WAIT.search(lower) is None


# The customer's choice not to wait (closed class, accents folded): "rather not wait",
# "instead of waiting", "sin esperar", "en vez de esperar", "si preferis no esperar".
_SKIPS_THE_WAIT = re.compile(
    r"(?:rather\s+not|prefer\s+not\s+to|instead\s+of|without)\s+wait|"
    r"(?:no|sin|en\s+vez\s+de|en\s+lugar\s+de)\s+esperar"
)


def negated_at(tokens: list[str], index: int, language: str, *, floor: int = 0) -> bool:
    """A negation inside the verb group: "no te lo puedo cancelar", "I haven't sent".
    ``floor``: the first word of the verb's clause, where the search stops."""
    negation = _NEGATION_ES if language == "es" else _NEGATION_EN
    chain = _CHAIN_ES if language == "es" else _CHAIN_EN
    j = index - 1
    while j >= floor and index - j <= _WINDOW:
        token = tokens[j]
        if token == "no" and j and tokens[j - 1] in ("cómo", "como"):
            return False  # "Cómo no, le enviamos…": of course, an assent
        if token in negation or token.endswith("n't"):
            return True
        if token == "longer" and j and tokens[j - 1] == "no":
            return True  # "it can no longer be cancelled"
        if token not in chain and not token.endswith(("ly", "mente")):  # "don't currently"
            # "There's no other freebie I can offer": the verb's object, fronted with
            # "no" before its subject, is what the sentence says there is none of
            if language != "en":
                # "no encuentro ninguna promoción que te dé ese descuento": a relative
                # whose antecedent is none at all says nothing is given
                # (not "ningún problema en que te lo demos", nor "no hay nada que revisar,
                # así que te lo reembolsamos": "en que", "así que" open no relative)
                if "que" not in tokens[j + 1 : index] or token in _NOT_ANTECEDENT_ES:
                    return False
                return bool(_NO_THING_ES & set(tokens[max(floor, j - 3) : j + 1]))
            return tokens[j + 1] in ("i", "we") and bool(
                _NO_THING & set(tokens[max(floor, j - 3) : j + 1])
            )
        j -= 1
    return False


_NO_THING = frozenset(("no", "nothing", "none"))
_NO_THING_ES = frozenset("ningún ninguna ninguno ningunas ningunos nada nadie".split())
_NOT_ANTECEDENT_ES = frozenset("a al con de del en para por sin sobre así ya".split())


# Closed classes: subordinators of a condition, and of a later time ("una vez" and "en
# caso" are read as pairs: "una" alone is an article, "caso" alone a case).
_IF = frozenset(("si", "if", "unless"))
_LATER = frozenset("once when after cuando tras después".split())
# Either: a clause opened by one puts off what it says ("si querés, …", "once it arrives").
SUBORDINATORS = _IF | _LATER
# Subordinators of a cause, a purpose and a concession (pairs written with a space): a
# clause fronted by one and closed by its comma keeps its own negation and its own
# subject ("since it's unavailable, …", "para que no os falte de nada, …").
REASONS = frozenset(
    "since|as|because|now that|given that|ya que|como|dado que|puesto que|porque".split("|")
)
PURPOSES = frozenset(("para que", "para", "sin que", "por si", "so that", "in case", "to"))
CONCESSIONS = frozenset(("aunque", "although", "though"))


def subordinator_pattern(words_: frozenset[str]) -> str:
    """An RE2 alternation of the subordinators, longest first, spaces as ``\\s+``."""
    return "|".join(w.replace(" ", r"\s+") for w in sorted(words_, key=lambda w: (-len(w), w)))


def on_condition(sentence: str) -> bool:
    """The sentence puts a condition the customer has yet to meet ("si no aparece,
    decime y te paso con una persona", "en caso de que…"), not "le paso su caso"."""
    tokens = words(sentence.lower())
    if not _IF.isdisjoint(tokens):
        return True
    return "caso" in tokens and any(a == "en" and b == "caso" for a, b in pairwise(tokens))


# The customer's word first, then the desk's act: "reply and I'll pass you to someone",
# "let me know and we'll forward it", "decime y te paso con una persona": an imperative
# of writing back to the desk, joined by "and / y" to the act, is an "if" without one.
_ON_THEIR_WORD = scan.compile(
    r"(?i)(?:^|[^\pL])(?:reply|respond|write\s+(?:back|to\s+(?:me|us))|message\s+(?:me|us)|"
    r"tell\s+(?:me|us)|let\s+(?:me|us)\s+know|say\s+the\s+word|give\s+(?:me|us)\s+the\s+word|"
    r"drop\s+(?:me|us)\s+a\s+line|respond[eé]\pL*|resp[oó]nd(?:e|a)me|escrib[ií]me|escr[ií]b(?:e|a)me|"
    r"dec[ií]me|dime|d[ií]game|avis[aá]me|av[ií]s(?:a|e)me|contest[aá]\pL*)"
    r"[^.;!?]{0,60}?(?:\sand\s+(?:i|we)(?:'ll|\s+will)|\sy\s+(?:te|le|les|os)\s)"
)


def on_their_word(sentence: str) -> bool:
    """The act waits on the customer writing back: "reply and I'll pass you on"."""
    return _ON_THEIR_WORD.search(sentence.replace("’", "'")) is not None


def conditional(sentence: str) -> bool:
    """The sentence holds a condition or a time to come ("if approved", "cuando se
    apruebe", "una vez recibido")."""
    tokens = words(sentence.lower())
    if on_condition(sentence) or not _LATER.isdisjoint(tokens):
        return True
    return "vez" in tokens and any(a == "una" and b == "vez" for a, b in pairwise(tokens))


_DECIDED = ("en tu caso", "en su caso", "en vuestro caso", "in your case", " ya ", " already ")


def decided(sentence: str) -> bool:
    """The sentence says how this customer's case came out ("en tu caso ya se te ha
    abonado", "in your case it'll be a refund"), whatever rule it cites first."""
    lower = f" {sentence.lower()} "
    return any(marker in lower for marker in _DECIDED)


# An open question embedded in the sentence: "I can't tell you whether the credit will
# be approved", "te confirmarán qué procede", "no sé si te lo reintegran". The act under
# it is asked about, not claimed. Read after a verb of knowing or telling (a closed
# class, by stem), with at most one pronoun between.
_WHETHER = frozenset(("whether",))
_WH = frozenset("si qué cuándo cuánto cómo if what when how".split())
_KNOWING = tuple(
    "sab sé supe confirm dec dic dig dij avis inform pregunt consult verific revis aclar "
    "explic ver tell told know knew say said ask check find sure explain see".split()
)
_PRONOUNS = frozenset("te le les os me nos you us me them him her".split())
_REACH = 8  # words before the verb in which the question may open
# Verbs that vouch for what follows: denied, they leave it open ("no te puedo asegurar").
_ASSERTING = tuple("confirm promis promet guarant garantiz asegur".split())
# A Spanish verb of telling in the first person or the infinitive, with an optional
# clitic (closed class, by stem): "te cuento", "decirte", "os aclaro".
TELLING_ES = scan.compile(
    r"(?:confirm|cuent|cont|dig|dec|avis|inform|recuerd|record|coment|asegur|aclar|indic)"
    r"(?:o|amos|imos|ar|ir)(?:te|le|les|os|lo)?"
)


def tells_the_hearer(tokens: list[str], at: int) -> bool:
    """The clitic at ``at`` is the hearer of a verb of telling that does not vouch for
    what it tells: "te cuento lo que dice la política", not "te confirmo que…"."""
    told = fold(tokens[at + 1]) if at + 1 < len(tokens) else ""
    return TELLING_ES.fullmatch(told) is not None and not told.startswith(_ASSERTING)


def in_open_question(sentence: str, verb: str, language: str) -> bool:
    """The verb stands in an embedded question, not in a statement of the act."""
    tokens = words(sentence)
    if verb not in tokens:
        return False
    index = tokens.index(verb)
    start = max(0, index - _REACH)
    window = tokens[start:index]
    if _WHETHER & set(window):
        return True
    for at, token in enumerate(window):
        if token.startswith(_ASSERTING) and negated_at(tokens, start + at, language):
            return True  # "I can't confirm it will be approved": not said, left open
        if token not in _WH or at == 0:
            continue
        before = window[at - 1]
        if before in _PRONOUNS and at >= 2:
            before = window[at - 2]
        if before.startswith(_KNOWING):
            return True
        if before in _AND_OR and any(
            w.startswith(_KNOWING) for w in window[max(0, at - 4) : at - 1]
        ):
            return True  # "te ayudo a ver precios y si llegás al envío gratis": one verb, two
    return False


_AND_OR = frozenset("y e o u and or".split())


_LOOKING = tuple("mir busc revis fij cheque consult look check see search find".split())
_WHICH = frozenset("qué que cuáles cuál si what which whether if".split())


# Telling what there is ("puedo contaros qué modelos más pequeños tenemos", "I can tell
# you which sizes we carry") asks it as well; "te digo que…" (no accent) says it.
_TELLING = tuple("cont cuent dec dic dig mostr muestr tell show".split())
_WHICH_TOLD = _WHICH - {"que"}
_OPENERS = _LOOKING + _TELLING


def looks_up_what(clause: str) -> bool:
    """The speaker offers to look up or to tell what there is ("miro qué sierras hay de
    Makita", "I'll check which sizes we have"): what follows is asked, not claimed."""
    tokens = words(clause)
    for at, token in enumerate(tokens):
        if not token.startswith(_OPENERS):
            continue  # most words neither look nor tell: one test each
        which = _WHICH if token.startswith(_LOOKING) else _WHICH_TOLD
        if which & set(tokens[at + 1 : at + 3]):
            return True
    return False


# The conditional mood: what would happen, said to explain, grants nothing now ("with
# four chairs and the table the order would pass 600 €, so delivery would be free").
# Spanish conditionals by a closed list of forms (many shop nouns end in "-ría").
_WOULD_EN = frozenset("would wouldn't".split())
_WOULD_ES = frozenset(
    "sería serían estaría estarían llegaría llegarías llegarían pasaría pasarías pasarían "
    "quedaría quedarías quedarían saldría saldrías saldrían costaría costarían tendría "
    "tendrías correspondería corresponderían aplicaría aplicarían alcanzaría alcanzarías "
    "superaría superarías".split()
)


def hypothetical(clause: str, language: str) -> bool:
    """The clause speaks in the conditional mood, or concedes a case that need not hold
    ("aunque el envío sea gratis", "even if delivery is free")."""
    tokens = words(clause)
    if (_WOULD_EN if language == "en" else _WOULD_ES) & set(tokens):
        return True
    if language != "en" and _CONDITIONAL_AR_IR.search(clause):
        return True
    return any(
        (t == "aunque" and _SUBJUNCTIVE_ES & set(tokens[i + 1 : i + 5]))
        or (t == "even" and tokens[i + 1 : i + 2] in (["if"], ["when"]))
        for i, t in enumerate(tokens)
    )


# The conditional of any "-ar" or "-ir" verb ("entraría", "cubrirían"), in lower case
# (not "María"); "-ería" is left to the list above, as it ends many shop nouns
# ("ferretería", "batería").
_CONDITIONAL_AR_IR = re.compile(r"(?<![\w])[a-záéíóúñ]{3,}[ai]r(?:ía|ías|íamos|íais|ían)(?![\w])")
# The subjunctive of "to be" and "to come out" after "aunque": a case conceded.
_SUBJUNCTIVE_ES = frozenset("sea sean esté estén salga salgan haya".split())


def negated_before_que(tokens: list[str], index: int) -> bool:
    """A negation in the few words before the "que" that opens the verb's clause."""
    back = tokens[max(0, index - 4) : index]
    if "que" not in back:
        return False
    at = max(0, index - 4) + len(back) - 1 - back[::-1].index("que")
    return any(t in ("no", "nunca", "jamás", "ni") for t in tokens[max(0, at - 5) : at])


# What would have happened, said of what is already done: no grant or act to come.
_PAST_COUNTERFACTUAL = scan.compile(
    r"(?i)(?:^|[^\pL])(?:would\s+have\s+been|would\s+have|habr[ií]a\s+sido|se\s+habr[ií]a|"
    r"se\s+hubiera)(?:$|[^\pL])"
)


def past_counterfactual(text: str) -> bool:
    """ "if all three were in one order, the discount would have been applied there":
    the past conditional speaks of what already happened, or did not."""
    return _PAST_COUNTERFACTUAL.search(text) is not None


# The subjects and forms that open a main clause: the speaker ("we'll", "nosotros"), or
# a clitic for the customer before the verb ("te lo enviamos").
_MAIN_SUBJECTS = frozenset(
    "i we i'll we'll i've we've i'm we're yo nosotros nosotras te le os les".split()
)
_JOINTS = frozenset((",", ";", ":", "—", "–"))


def in_condition_clause(sentence: str, verb: str, language: str) -> bool:
    """The verb stands in a clause of condition or time that its own comma-bounded
    stretch opens ("si tu solicitud se aprueba, …", "una vez que el equipo aprueba la
    devolución, …"), with no speaker or addressee between the opener and the verb: what
    such a clause says is supposed, not done. "Cuando llegue te lo enviamos" has the
    main clause's clitic; "if it arrives, we'll send it" its own stretch."""
    lower = sentence.lower().replace("’", "'")
    at = _word_at(lower, verb)
    if at < 0:
        return False
    start = max((lower.rfind(j, 0, at) for j in _JOINTS), default=-1) + 1
    between = words(lower[start:at])
    opener = next((i for i, t in enumerate(between) if t in SUBORDINATORS), None)
    if opener is None and "vez" in between:
        opener = between.index("vez")  # "una vez que …"
    if opener is None:
        return False
    rest = between[opener + 1 :]
    if language != "en" and fold(verb).endswith(("mos", "o")) and not rest[-1:] == ["se"]:
        return False  # a first-person verb is the main clause's: "si llega, lo enviamos"
    return _MAIN_SUBJECTS.isdisjoint(rest)


def _word_at(lower: str, word: str) -> int:
    """Where ``word`` stands in ``lower`` as a whole word, or -1."""
    match = re.search(rf"(?<![^\W\d_]){re.escape(word.lower())}(?![^\W\d_])", lower)
    return match.start() if match else -1
