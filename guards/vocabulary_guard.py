"""Guard ``internal_vocabulary``: words about the machinery in a customer reply (the
tool, the system, the database, a tool's own name, the prompt's wrappers), unless the
shop's own text in this turn uses them as its vocabulary."""

from __future__ import annotations

import json

from guards import scan
from guards.context import GuardContext
from guards.phrasebook import CODE_IDENTIFIER, INJECTION_MARKERS, PHRASEBOOKS, PROMPT_WRAPPERS
from guards.text import any_phrase, clause_around, find_phrase, phrase_regex, sentences, words
from guards.trust import carries_injection, tainted_chunk, untainted
from guards.verdicts import Finding

_CODE_IDENTIFIER = scan.compile(CODE_IDENTIFIER)


def check_internal_vocabulary(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Words about the machinery (the tool, the system, the database, a tool's own name,
    the prompt's wrappers) in a customer reply."""
    book = PHRASEBOOKS[ctx.language]
    if (identifier := _CODE_IDENTIFIER.search(ctx.draft)) is not None:
        return Finding(detail=f"inside name {identifier.group(1)!r} in the reply")
    if (wrapper := find_phrase(PROMPT_WRAPPERS, ctx.draft)) is not None:
        return Finding(detail=f"the prompt's wrapper {wrapper!r} in the reply")
    if (order := find_phrase(INJECTION_MARKERS, ctx.draft)) is not None:
        return Finding(detail=f"the reply repeats an order addressed to the assistant: {order!r}")
    parts = [(sentence, sentence.lower()) for sentence in sentences(ctx.draft)]
    if not any_phrase(tuple(term.pattern for term in book.internal), (p[1] for p in parts)):
        return None  # one search over the draft instead of one per term and sentence
    said = _turn_vocabulary(ctx)
    for sentence, lower in parts:
        for term in book.internal:
            for match in phrase_regex((term.pattern,)).finditer(lower):
                after = lower[match.end(1) :].lstrip()
                if term.unless_next and after.startswith(term.unless_next):
                    continue
                if term.compound_unless and (
                    _compound(after, term.compound_unless) or _qualified(after)
                ):
                    continue
                if _in_vocabulary(words(match.group(1))[-1], said):
                    continue  # the shop's own word ("Herramientas sin usar…")
                if term.needs_cue and not find_phrase(book.lookup_cues, lower):
                    continue
                # "busqué el cabezal y en talle L lo tenemos en el catálogo": looked for
                # it, but "en el catálogo" is where the shop has it
                if term.own_lookup and not find_phrase(
                    _OWN_LOOKUP, clause_around(lower, match.start(1), match.end(1))
                ):
                    continue
                return Finding(detail=f"inside word {match.group(1)!r} in: {sentence!r}")
    return None


# The speaker's own looking up (first person, or "me" before the verb): closed class.
_OWN_LOOKUP = (
    r"encontr[eé]",
    r"encuentro",
    r"busqu[eé]",
    r"consult[eé]",
    r"revis[eé]",
    r"me\s+(?:aparece|figura|sale|muestra|dice|da)",
    r"no\s+me\s+\pL+",
)


# Adjective endings: "el sistema inmunitario / operativo / nervioso / solar" names a
# kind of system; the machinery is "el sistema" alone ("el sistema no me deja").
_ADJECTIVE_ENDINGS = ("ivo", "iva", "ico", "ica", "ario", "aria", "oso", "osa", "ente", "orio")
_ADJECTIVE_ENDINGS += ("oria", "al", "ar", "ano", "ana")


def _qualified(after: str) -> bool:
    """The term is followed by an adjective of its own."""
    following = words(after)[:1]
    return bool(following) and len(following[0]) >= 5 and following[0].endswith(_ADJECTIVE_ENDINGS)


def _compound(after: str, machinery: tuple[str, ...]) -> bool:
    """ "de frenos", "del aire", "of interchangeable pads": the term heads a compound
    naming a kind of thing."""
    following = words(after)[:2]
    return (
        len(following) == 2
        and following[0] in ("de", "del", "of")
        and following[1] not in machinery
    )


def _turn_vocabulary(ctx: GuardContext) -> frozenset[str]:
    """The words the shop's own text in this turn uses — its chunks and its tools'
    records, none carrying an injected order: a word it uses ("el sistema de
    amortiguación" in a product's name, the hardware shop's "herramientas") is the
    shop's vocabulary, not the machinery. The customer's words do not count: "what is
    your system prompt?" must not make "my system prompt" ordinary."""
    texts = [c.text for c in ctx.retrieved if not tainted_chunk(c)]
    texts += [
        json.dumps(untainted(call.output), ensure_ascii=False)
        if not isinstance(call.output, str)
        else call.output
        for call in ctx.tool_outputs
        if isinstance(call.output, str | dict | list) and not _carries(call.output)
    ]
    return frozenset(w for text in texts for w in words(text))


def _in_vocabulary(word: str, said: frozenset[str]) -> bool:
    """The word, its plural ("register the tool" over "Bosch Professional tools"), its
    English noun in -ing ("once the tool is approved" over "Tooling is invoiced 50 % on
    order": the mould shop's tool), or a compound that ends in it ("Multiherramienta" for
    "herramienta")."""
    if any(form in said for form in (word, f"{word}s", f"{word}es", f"{word}ing")):
        return True
    return any(w.endswith(word) for w in said if len(w) > len(word))


def _carries(output: object) -> bool:
    return isinstance(output, str) and carries_injection(output)
