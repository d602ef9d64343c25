"""Text pieces the wording guards share: sentences, clauses, words, citations, phrase regexes."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from guards import scan
from guards.memo import memoised

_SENTENCE_END = scan.compile(r"[.!?;]+(?:\s+|$)|\n+")
# Words are cut with the standard library: RE2's Python wrapper pays per match, which made
# tokenising a draft some 15 times slower. This pattern cannot backtrack badly (one
# character class, then an optional apostrophe part); RE2 is kept for the patterns that
# could.
_WORD = re.compile(r"[^\W_]+(?:'[^\W\d_]+)?")
_CITATION = scan.compile(r"\[([^\[\]\s]{1,80})\]")


@lru_cache(maxsize=256)
def phrase_regex(fragments: tuple[str, ...]) -> scan.Regex:
    """One case-insensitive RE2 that finds any fragment between word boundaries."""
    body = "|".join(f"(?:{fragment})" for fragment in fragments)
    return scan.compile(f"(?i)(?:^|[^\\pL\\pN])({body})(?:$|[^\\pL\\pN])")


@memoised()
def find_phrase(fragments: tuple[str, ...], text: str) -> str | None:
    """Memoised: guards ask the same question of the same chunk (an injected order, a
    promotion), and RE2's Python wrapper costs microseconds a search."""
    return scan.first_group(phrase_regex(fragments), text)


def any_phrase(fragments: tuple[str, ...], texts: Iterable[str]) -> bool:
    """Whether any fragment occurs in any of ``texts``, in one search: the texts are
    joined by a line break, which is a word boundary, so this is true exactly when a
    per-text search would find one (a fragment spanning two texts only makes it true
    where a per-text search then finds nothing: the caller still searches each)."""
    return scan.first_group(phrase_regex(fragments), "\n".join(texts)) is not None


@memoised()  # four guards cut the same draft
def sentences(text: str) -> tuple[str, ...]:
    if _EMOJI_END.search(text):
        text = _EMOJI_END.sub("\\1\n", text)
    parts = [part.strip() for part in _cut(_SENTENCE_END, text)]
    return tuple(part for part in parts if part)


# A chat reply ends a sentence with an emoji as often as with a full stop: "Hola 🙂 La
# Master Lock la vendemos" is a greeting, then a sentence. Only before a capital letter.
_EMOJI_END = re.compile(r"([\U0001F300-\U0001FAFF\u2600-\u27BF]\uFE0F?)\s+(?=[¡¿]?[A-ZÁÉÍÓÚÑÜ])")


# Where one clause of a sentence ends and the next begins: a comma, a semicolon, a dash,
# "y" / "and", "pero" / "but".
CLAUSE_JOINTS = (", ", "; ", " y ", " and ", " pero ", " but ", " — ", " - ")


# A spaced dash between two clauses ends the first as a semicolon would: "a visit that
# fixed nothing — we will reimburse the fee" does not negate the second.
_DASH = re.compile(r"\s[\u2014\u2013-]\s")


def dash_floor(text: str, index: int) -> int:
    """The first word (as ``words`` counts) of the dash-opened clause holding word
    ``index`` of ``text``; 0 when no spaced dash comes before it."""
    if " " not in text or not _DASH.search(text):
        return 0
    floor = 0
    for match in _DASH.finditer(text):
        at = len(_WORD.findall(text[: match.start()]))
        if at > index:
            break
        floor = at
    return floor


def clause_around(lower: str, start: int, end: int) -> str:
    """The clause of ``lower`` that holds ``lower[start:end]``."""
    begin = max(
        (lower.rfind(j, 0, start) + len(j) for j in CLAUSE_JOINTS if j in lower[:start]),
        default=0,
    )
    stops = [at for j in CLAUSE_JOINTS if (at := lower.find(j, end)) >= 0]
    return lower[begin : min(stops, default=len(lower))]


# Abbreviations a full stop follows inside a sentence ("el local de Av. Mitre 2450",
# "Dr. Ruiz", "Mrs. Hale"): closed class; "no" and "etc." end sentences too often.
_ABBREVIATIONS = frozenset(
    "av avda sr sra srta dr dra lic ing mr mrs ms st núm tel aprox approx vs ud uds dpto".split()
)


def _cut(pattern: scan.Regex, text: str) -> list[str]:
    """``pattern.split(text)``, except at a full stop after an abbreviation."""
    if ". " not in text:
        return scan.split(pattern, text)
    pieces, last = [], 0
    for match in pattern.finditer(text):
        start, end = match.span()
        if text[start:end].rstrip() == "." and _abbreviation_before(text, start):
            continue
        pieces.append(text[last:start])
        last = end
    pieces.append(text[last:])
    return pieces


def _abbreviation_before(text: str, at: int) -> bool:
    begin = at
    while begin > 0 and text[begin - 1].isalpha():
        begin -= 1
    return text[begin:at].lower() in _ABBREVIATIONS


@memoised()
def clauses(text: str, breaks: tuple[str, ...]) -> tuple[str, ...]:
    """Sentences cut again at contrastive links ("pero", "but"), where polarity flips."""
    splitter = _clause_regex(breaks)
    out: list[str] = []
    for sentence in sentences(text):
        out.extend(part.strip() for part in scan.split(splitter, sentence) if part.strip())
    return tuple(out)


@lru_cache(maxsize=16)
def _clause_regex(breaks: tuple[str, ...]) -> scan.Regex:
    return scan.compile(f"(?i)[,;]?\\s+(?:{'|'.join(breaks)})\\s+")


def words(text: str) -> list[str]:
    return list(_words(text))


def written_words(text: str) -> list[str]:
    """The words ``words`` cuts, as written: "el Garrett AT Max" keeps its capitals."""
    return _WORD.findall(text)


@lru_cache(maxsize=2048)
def _words(text: str) -> tuple[str, ...]:
    """Cached: the guards read the same sentences of one draft several times."""
    return tuple(w.lower() for w in _WORD.findall(text))


def content_words(text: str, stopwords: Iterable[str]) -> set[str]:
    stop = set(stopwords)
    return {w for w in words(text) if w not in stop and (len(w) > 2 or w.isdigit())}


def restates(text: str, source: str, stopwords: Iterable[str], *, share: float) -> bool:
    """At least ``share`` of the text's content words are the source's own."""
    said = content_words(text, stopwords)
    return bool(said) and len(said & content_words(source, stopwords)) / len(said) >= share


def citations(text: str) -> set[str]:
    if "[" not in text:  # every citation opens with one: no search needed
        return set()
    return set(scan.findall(_CITATION, text))


_LEADING_CITATIONS = scan.compile(r"^(?:\s*\[[^\[\]\s]{1,80}\])+")


@lru_cache(maxsize=256)
def cited_sentences(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Sentences with the citations that belong to each, the markers themselves taken
    out of the words: "[envio#1]" is a source id, not the verb "envío"."""
    return tuple(
        (_without_markers(sentence), frozenset(cited)) for sentence, cited in _cited_sentences(text)
    )


# Quoted speech: paired typographic quotes, or straight quotes that open after a space
# and close before one (an apostrophe inside a word, "we'll", neither opens nor closes).
_QUOTED = scan.compile(
    r"“[^“”\n]+”|«[^«»\n]+»|\"[^\"\n]+\"|‘[^‘’\n]+’"
    r"|(?:^|[\s(\[¿¡:,])('(?:[^'\n]|\pL'\pL)+?')(?:$|[\s.,;:!?)\]])"
)
_QUOTE_MARKS = frozenset("“«\"‘'")
# A stretch of three words or more is someone's words; a quoted code or a name is not.
_SPEECH_WORDS = 3
_SPEECH_LIMIT = 40


def unquoted(text: str) -> str:
    """The text with quoted speech ("te dijeron «después te hacemos precio»") replaced by
    an ellipsis in quotes: what someone else said, reported, is not said by the text."""
    if not _QUOTE_MARKS.intersection(text):
        return text
    out, last = [], 0
    for match in _QUOTED.finditer(_inches_marked(text)):
        group = 1 if match.group(1) is not None else 0
        start, end = match.span(group)
        if not _SPEECH_WORDS <= len(words(text[start:end])) <= _SPEECH_LIMIT:
            continue
        out.append(text[last:start])
        out.append("“…”")
        last = end
    return "".join(out) + text[last:] if out else text


def _inches_marked(text: str) -> str:
    """The text with each inch mark ("de 6,2\"", "a 10\" sub") written as a double
    prime, the same length: a straight double quote right after a digit, when no
    quotation is open, never opens one ("te dijeron \"el día 12\"" still closes)."""
    if '"' not in text:
        return text
    chars = list(text)
    open_quote = False
    for at, char in enumerate(chars):
        if char != '"':
            continue
        if not open_quote and at and chars[at - 1].isdigit():
            chars[at] = "″"
        else:
            open_quote = not open_quote
    return "".join(chars)


def after_citations(text: str) -> tuple[str, ...]:
    """What each sentence says after its last citation: not what the citation states
    ("… in 10 working days [installation#2], and if the fault is confirmed we refund
    you")."""
    # cut at full stops only: a clause after a semicolon follows the citation too
    # ("… los pasos de [devoluciones#3]; una vez recibido, el importe os será
    # reembolsado")
    return tuple(
        raw.rsplit("]", 1)[1] for raw in _cut(_FULL_STOP, text) if "]" in raw.rstrip(" .!?]\n")
    )


def tail_with(verb: str, sentence: str, tails: Iterable[str]) -> str:
    """The stretch after a citation, inside this sentence, that holds the verb."""
    for tail in tails:
        bare = tail.strip(" ,.;:!?")
        if bare and bare in sentence and verb in words(bare):
            return bare
    return ""


def without_citations(text: str) -> str:
    """The text with its citation markers blanked: "[garantia#1]" names a chunk, not a
    word of the reply."""
    return _CITATION.sub(" ", text) if "[" in text else text


def _without_markers(sentence: str) -> str:
    return " ".join(without_citations(sentence).split()).rstrip(" ,;")


def _cited_sentences(text: str) -> list[tuple[str, set[str]]]:
    """Sentences with the citations that belong to each. A citation covers the whole
    sentence up to its full stop, including parts after a semicolon; one written after
    the full stop ("… five days. [returns#2] We will…") belongs to the sentence before
    it, never to the one it happens to open."""
    out: list[tuple[str, set[str]]] = []
    for full in _cut(_FULL_STOP, text):
        full = full.strip()
        # Stripped already: a leading citation can only open with its bracket.
        lead = _LEADING_CITATIONS.match(full) if full.startswith("[") else None
        if lead and out:
            # The parts of one full sentence share one set: this updates them all.
            out[-1][1].update(citations(lead.group(0)))
            full = full[lead.end() :].strip()
        if not full:
            continue
        cited = citations(full)
        for part in (p.strip() for p in _cut(_SENTENCE_END, full) if p.strip()):
            # A citation does not reach across "pero" / "but": "Free over $75 [shipping#1],
            # but I'll waive it for you" cites the rule, not the favour.
            pieces = scan.split(_CONTRAST, part)
            if len(pieces) > 1 and citations(pieces[0]) and not citations(pieces[-1]):
                # the rest as written: a later "igualmente / anyway" is what it grants
                rest = scan.split(_CONTRAST, part, maxsplit=1)[1].strip()
                out.append((pieces[0].strip(" ,"), cited))
                out.append((rest, citations(rest)))
            else:
                out.append((part, cited))
    return out


_CONTRAST = scan.compile(r"(?i),?\s+(?:pero|but|however|sin embargo|igualmente|anyway)\s+")
_FULL_STOP = scan.compile(r"[.!?]+(?:\s+|$)|\n+")


_NEGATION = {
    "es": frozenset(
        "no nunca ningún ninguna ninguno ningunos ningunas ni tampoco sin nada".split()
    ),
    "en": frozenset(
        "no not never cannot can't don't doesn't haven't isn't without none neither nothing".split()
    ),
}


def negated_clause(clause: str, language: str) -> bool:
    """The clause is said in the negative ("no tengo datos de garantía"); a "no" that a
    hyphen joins to the next word makes one word of them and negates nothing ("a
    6-month no-dry-out guarantee", "a no-quibble refund")."""
    negation = _NEGATION["es" if language == "es" else "en"]
    if "-" in clause:
        clause = _NEGATIVE_COMPOUND.sub(" ", clause)
    return any(w in negation or w.endswith("n't") for w in words(clause.replace("’", "'")))


_NEGATIVE_COMPOUND = re.compile(r"(?i)(?<![\w-])(?:no|non)-(?=[^\W\d_])")
