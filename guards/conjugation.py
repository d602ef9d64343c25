"""Regular conjugation of an act verb's infinitive, per language, with the few
irregular forms the act verbs need; and accent folding. Morphology only: which verbs
exist and what they do is ``guards.verbs``."""

from __future__ import annotations

from guards.act_objects import FIRST, GER, INF, PART, SECOND, THIRD
from guards.verb_groups import CLITICS_ES, ENCLITICS

_EN_IRREGULAR = {
    "send": ("sent", "sent"),
    "resend": ("resent", "resent"),
    "hold": ("held", "held"),
}


def en_forms(lemma: str) -> dict[str, str]:
    base = lemma
    if base.endswith("e"):
        past = base + "d"
        ing = base[:-1] + "ing"
    elif base.endswith(("y",)) and base[-2] not in "aeiou":
        past = base[:-1] + "ied"
        ing = base + "ing"
    elif base in ("cancel", "comp", "log", "flag", "ship", "refer", "transfer", "chase", "submit"):
        double = base if base in ("chase",) else base + base[-1]
        past = double + "ed"
        ing = double + "ing"
    else:
        past = base + "ed"
        ing = base + "ing"
    if base == "chase":
        past, ing = "chased", "chasing"
    past, part = _EN_IRREGULAR.get(base, (past, past))
    third = base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")
    if base.endswith("y") and base[-2] not in "aeiou":
        third = base[:-1] + "ies"
    forms = {base: INF, third: THIRD, past: PART, part: PART, ing: GER}
    if base == "cancel":  # both spellings
        forms.update({"canceled": PART, "canceling": GER})
    return forms


_ES_ENDINGS = {
    "ar": {
        FIRST: ("o", "amos", "é", "aré", "aremos", "aría", "aríamos", "aba", "ábamos"),
        # tú / vos, and vosotros (present, past, future, conditional, imperative)
        SECOND: ("as", "ás", "aste", "arás", "á", "áis", "asteis", "aréis", "aríais", "ad"),
        THIRD: ("a", "an", "ó", "aron", "ará", "arán", "aría", "arían"),
        INF: ("ar",),
        GER: ("ando",),
        PART: ("ado", "ada", "ados", "adas"),
    },
    "er": {
        FIRST: ("o", "emos", "í", "imos", "eré", "eremos", "ería", "eríamos"),
        SECOND: ("es", "és", "iste", "erás", "é", "éis", "isteis", "eréis", "eríais", "ed"),
        THIRD: ("e", "en", "ió", "ieron", "erá", "erán", "ería", "erían"),
        INF: ("er",),
        GER: ("iendo",),
        PART: ("ido", "ida", "idos", "idas"),
    },
    "ir": {
        FIRST: ("o", "imos", "í", "iré", "iremos", "iría", "iríamos"),
        SECOND: ("es", "ís", "iste", "irás", "í", "isteis", "iréis", "iríais", "id"),
        THIRD: ("e", "en", "ió", "ieron", "irá", "irán", "iría", "irían"),
        INF: ("ir",),
        GER: ("iendo",),
        PART: ("ido", "ida", "idos", "idas"),
    },
}
# Stem changes in the present (o → ue, e → i), written as the changed stem.
_ES_STEM_CHANGES = {"devolver": "devuelv", "reponer": None, "corregir": "corrig"}


def es_forms(lemma: str) -> dict[str, str]:
    stem, kind = lemma[:-2], lemma[-2:]
    forms: dict[str, str] = {}
    for person, endings in _ES_ENDINGS[kind].items():
        for ending in endings:
            forms.setdefault(stem + ending, person)
    # the present subjunctive of "we": "¿querés que te devolvamos la seña?", "que le
    # reembolsemos el importe"
    forms.setdefault(stem + ("emos" if kind == "ar" else "amos"), FIRST)
    if kind == "ar" and stem.endswith(("c", "g", "z")):
        spelled = {"c": "qu", "g": "gu", "z": "c"}[stem[-1]]
        forms[stem[:-1] + spelled + "é"] = FIRST  # apliqué, cargué, actualicé
        forms[stem[:-1] + spelled + "emos"] = FIRST  # apliquemos
    changed = _ES_STEM_CHANGES.get(lemma)
    if changed:
        forms[changed + "o"] = FIRST
        forms[changed + "e"] = THIRD
        forms[changed + "en"] = THIRD
        forms[changed + "es"] = SECOND
    if lemma == "reponer":
        forms.update({"repusimos": FIRST, "repuse": FIRST, "repondremos": FIRST})
    return forms


_FOLD = str.maketrans("áéíóúü", "aeiouu")


def fold(text: str) -> str:
    """Without accents: "reembolsé" and "reembolse" compare equal."""
    return text.translate(_FOLD)


def genderless(stem_: str) -> str:
    """A Spanish stem without its gender ending: "nuevas" and "nuevos" agree with
    different nouns but name one category."""
    return stem_[:-1] if len(stem_) > 3 and stem_.endswith(("a", "o")) else stem_


# The regular participle endings of Spanish, feminine and masculine.
REGULAR_PARTICIPLE_ES = ("ado", "ada", "ido", "ida")


def regular_participle_es(bare: str) -> bool:
    """A folded Spanish word ends like a regular participle ("gestionado", "pasada")."""
    return bare.endswith(REGULAR_PARTICIPLE_ES)


def subjunctive_we(token: str, lemma: str) -> bool:
    """ "devolvamos", "reembolsemos": the present subjunctive of "we"."""
    stem, kind = fold(lemma[:-2]), lemma[-2:]
    folded = fold(token)
    if kind == "ar":
        return folded.endswith("emos") and folded[:-4] in (stem, stem[:-1] + "qu", stem[:-1] + "gu")
    return folded == stem + "amos"


def undiminished(token: str) -> str:
    """A Spanish diminutive's noun ("descuentito", "regalito", "platita", "cuponcito"
    are a discount, a gift, money, a coupon), or the word itself. Bases under five
    letters are left alone ("bonito" is no "bono")."""
    for suffix in ("citos", "citas", "cito", "cita", "itos", "itas", "ito", "ita"):
        if token.endswith(suffix):
            stem = token[: -len(suffix)]
            plural = "s" if suffix.endswith("s") else ""
            if suffix.startswith("c"):
                base = stem + ("es" if plural else "")  # cupon-cito, cupon-citos
            else:
                base = stem + ("a" if "a" in suffix else "o") + plural
            return base if len(base) >= 5 else token
    return token


def after_purpose(tokens: list[str], index: int) -> bool:
    """A verb in "-í" right after a purpose, "para" and an infinitive (with its clitics):
    for an -ir verb, whose "I did" and "vos" imperative are one form ("pedí", "escribí"),
    the instruction to the customer ("Para devolverlo, pedí la devolución")."""
    if index < 2 or not tokens[index].endswith("í") or tokens[index - 2] != "para":
        return False
    return is_infinitive(fold(tokens[index - 1]))


def is_infinitive(bare: str) -> bool:
    """A Spanish infinitive, with its clitics or without ("devolver", "devolverlo")."""
    for suffix in ("", *ENCLITICS):
        stem = bare[: -len(suffix)] if suffix else bare
        if suffix and not bare.endswith(suffix):
            continue
        if stem.endswith(("ar", "er", "ir")) and len(stem) >= 4:
            return True
    return False


def diphthonged(stem: str) -> tuple[str, ...]:
    """A Spanish stem and, when it ends in the vowel a stem change breaks, the broken
    form: the record's noun says "descuento" where the verb says "descontó", "devuelto"
    where it says "devolvió" ("desco" → "descue", "devol" → "devue"). Only the last
    vowel, after at least three letters, breaks; accents folded."""
    bare = fold(stem)
    at = max((i for i, ch in enumerate(bare) if ch in "aeiou"), default=0)
    if at >= 3 and bare[at] in "oe" and bare[at - 1] not in "aeiou":
        return (bare, bare[:at] + ("ue" if bare[at] == "o" else "ie"))
    return (bare,)


def stem_in(word: str, text: str) -> bool:
    """The word's first five letters, or their stem-changed form, in the text (accents
    folded): "descontó" is in "descuento aplicado", "devolvió" in "importe devuelto"."""
    folded = fold(text)
    return any(form in folded for form in diphthonged(fold(word)[:5]))


# Words in "-í" that are no verb: "aquí", "allí", "así".
_NOT_PAST_I = frozenset("aquí allí ahí así acá allá sí mí".split())
_SPEAKER_BEFORE_ES = frozenset(("ya", "yo"))


def past_er_ir(tokens: list[str], index: int) -> bool:
    """The simple past of an -er / -ir verb for the speaker ("le pedí a la sucursal",
    "te escribí", "ya devolví"): a form in "-í" right after an object pronoun, or after
    "ya" / "yo", so that a noun or an adjective in "-í" is not read as one."""
    token = tokens[index]
    if not token.endswith("í") or len(token) < 4 or token in _NOT_PAST_I or index == 0:
        return False
    return tokens[index - 1] in CLITICS_ES or tokens[index - 1] in _SPEAKER_BEFORE_ES


# The strong preterites' first person singular, stressed on the stem and ending in an
# unstressed "-e" (closed class, with the verbs built on them: "rehice", "repuse",
# "detuve", "conduje", "retraje"): hacer, poner, decir, traer, -ducir, -tener.
_STRONG_PAST_ES = ("hice", "puse", "dije", "traje", "duje", "tuve")


def strong_past(tokens: list[str], index: int) -> bool:
    """A strong preterite for the speaker ("ya te hice el cambio", "le puse la nota",
    "ya detuve el envío"), after an object pronoun or "ya" / "yo", as the "-í" pasts:
    "el traje de baño" is the suit."""
    token = tokens[index]
    if not token.endswith(_STRONG_PAST_ES) or index == 0:
        return False
    return tokens[index - 1] in CLITICS_ES or tokens[index - 1] in _SPEAKER_BEFORE_ES


def gerund(bare: str) -> bool:
    """A Spanish gerund, with enclitics or without ("enviando", "enviándotelo")."""
    return any(
        (bare[: -len(s)] if s else bare).endswith(("ando", "iendo"))
        for s in ("", *ENCLITICS)
        if not s or bare.endswith(s)
    )
