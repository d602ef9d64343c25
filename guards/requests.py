"""What the customer asked for, and a reply that announces it done.

"Consider it done", "Listo, ya quedó" name no act: the act is whatever the customer's
message asked for, read by the same verb entries as the draft ("can you cancel…",
"cancelame el pedido", "¿me lo pueden cambiar?").
"""

from __future__ import annotations

import re

from guards.act_objects import SECOND
from guards.acts import Act
from guards.commitments import entries_en, entries_es, has_object
from guards.conjugation import fold
from guards.moods import SUBORDINATORS, is_offer
from guards.text import words
from guards.verb_groups import ENCLITICS
from guards.verbs import Verb, infinitives

_DONE_EN = ("all done", "consider it done", "that's sorted", "all sorted", "it's done")
_DONE_EN += ("that's done", "taken care of", "all set", "done!", "sorted!", "it's sorted")
_DONE_ES = ("ya está hecho", "ya quedó", "listo, ya está", "listo, ya quedó", "queda hecho")
_DONE_ES += ("resuelto", "solucionado", "ya lo tenés", "ya lo tienes", "hecho!", "¡hecho")
# "consider it done" in each person and politeness form
_DONE_ES += ("dalo por hecho", "delo por hecho", "dadlo por hecho", "considéralo hecho")
_DONE_ES += ("considérelo hecho", "consideralo hecho")


def says_done(sentence: str, language: str) -> bool:
    """The sentence announces a request as done ("All done —", "Listo, ya quedó") or
    takes it on ("I'll take care of it", "yo me encargo")."""
    lower = sentence.lower().replace("’", "'")
    found = _DONE[language == "es"].search(lower) or _TAKEN_ON[language == "es"].search(lower)
    return (
        found is not None and not is_offer(lower, language) and not _supposed(lower, found.start())
    )


def _supposed(lower: str, at: int) -> bool:
    """The marker stands in an opening "if" clause: "si el pedido ya está hecho, puede
    pedir la rectificación" supposes the customer's order placed, it announces nothing."""
    if not lower.lstrip(" ¡¿\"'«").startswith(("si ", "if ")):
        return False
    comma = lower.find(",")
    return comma < 0 or at < comma


_DONE = {
    False: re.compile("|".join(re.escape(marker) for marker in _DONE_EN)),
    True: re.compile("|".join(re.escape(marker) for marker in _DONE_ES)),
}


# The speaker taking the request on, with nothing of its own after it: "I'll take care
# of it", "I'm on it", "leave it with me", "yo me encargo", "me ocupo ahora mismo", "lo
# resuelvo ya", "déjalo en mis manos" (not "me encargo de revisar…": a check, not the act).
_NOW = r"(?:\s+(?:right\s+now|right\s+away|now|today|for\s+you|ahora(?:\s+mismo)?|ya(?:\s+mismo)?|"
_NOW += r"enseguida|yo|de\s+(?:eso|ello|esto|todo)))*\s*(?:[.,;:!)—–-]|$)"
_TAKEN_ON = {
    False: re.compile(
        r"(?:^|[^a-z'])(?:i'll|i\s+will|we'll|we\s+will|let\s+me)\s+(?:take\s+care\s+of|handle|deal\s+with)"
        r"\s+(?:it|that|this|everything)"
        + _NOW
        + r"|(?:i'm|we're)\s+on\s+it"
        + _NOW
        + r"|leave\s+it\s+(?:with|to)\s+(?:me|us)|consider\s+it\s+(?:handled|sorted)"
    ),
    True: re.compile(
        r"(?:^|[^a-záéíóúñ])(?:(?:yo\s+)?me\s+(?:encargo|ocupo|hago\s+cargo)|(?:nosotros\s+)?nos\s+"
        r"(?:encargamos|ocupamos|hacemos\s+cargo)|(?:lo|la)\s+(?:resuelvo|gestiono|soluciono))"
        + _NOW
        + r"|(?:d[eé]j[aá](?:lo|la|me(?:lo|la)?)|queda)\s+en\s+mis\s+manos"
        + r"|d[eé]j[aá]me(?:lo|la)\s+a\s+m[ií]"
    ),
}


# A reply that opens by declaring the request done: the word alone, or before a colon,
# a comma or a dash ("Hecho.", "Ya está: el pedido sale envuelto", "Done — …").
_OPENERS = frozenset(("hecho", "done", "ya está", "ya esta", "all set", "all done", "sorted"))


def participle_acts(sentence: str, language: str) -> set[Act]:
    """The acts named by a participle that closes the sentence with nothing after it
    ("… pero ya quedó registrada": a ticket): the done marker's thing was said before
    ("hice la solicitud de reintegro … ya quedó registrada"). A participle with its
    own object ("quedó registrado el cambio de dirección") names that object's act."""
    entries_of = entries_es if language == "es" else entries_en
    return {
        verb.act
        for token in words(sentence.lower())[-2:]
        for verb, form in entries_of(token)
        if form == "part"
    }


def opens_as_done(sentence: str) -> bool:
    """The sentence is, or opens with, a bare declaration that the thing is done."""
    lower = sentence.lower().strip(" ¡!¿?\"'«»").replace("’", "'")
    parts = re.split(r":|,| —| –| - ", lower, maxsplit=2)
    heads = [part.strip(" !¡") for part in parts[:2]]
    if heads[0] in _OPENERS:
        return True
    # a short reassurance first: "Ningún problema, ya está: …", "No problem, done!"
    first = words(heads[0])
    return (
        len(heads) > 1
        and heads[1] in _OPENERS
        and 0 < len(first) <= 3
        and SUBORDINATORS.isdisjoint(first)
    )


def requested_acts(text: str, language: str) -> set[Act]:
    """Acts a customer's message asks for, in any person or mood ("can you cancel…",
    "cancelame el pedido", "¿me lo pueden cambiar?")."""
    tokens = words(text.replace("’", "'"))
    entries_of = entries_es if language == "es" else entries_en
    found: set[Act] = set()
    for index, token in enumerate(tokens):
        if index and tokens[index - 1] in _DETERMINERS:
            continue  # "la plata del pedido": a noun, not "pedir"
        for verb, _ in entries_of(token) or _imperatives(token, language):
            if has_object(verb, tokens, index) or verb.bare_for_speaker:
                found.add(verb.act)
                break
    return found


# Spanish determiners that are never clitics ("la", "los" may be: "¿me la cambiás?").
_DETERMINERS = frozenset("el un una del al mi tu su mis tus sus".split())


def _imperatives(token: str, language: str) -> list[tuple[Verb, str]]:
    """Spanish imperatives with pronouns ("cancelame", "mandámela"): the stem + a."""
    if language != "es":
        return []
    bare = fold(token)
    for suffix in ENCLITICS:
        if bare.endswith(suffix) and len(bare) - len(suffix) >= 4:
            stem = bare[: -len(suffix)]
            for ending in ("r",):
                verbs = infinitives("es").get(stem + ending)
                if verbs:
                    return [(verb, SECOND) for verb in verbs]
    return []
