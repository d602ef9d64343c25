"""Spanish or English? A stop-word vote, good enough for whole documents and for
customer questions; ties go to the default language."""

from __future__ import annotations

import re

SPANISH = frozenset(
    "el la los las de del que en y a un una por para con no se su al lo como más pero sus "
    "le ya o este sí porque esta entre cuando muy sin sobre también me hasta hay donde "
    "quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto "
    "mí antes algunos qué unos yo otro otras otra él tanto esa estos mucho quienes nada "
    "muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu tus ellas "
    "cuánto cuánta cuántas cuántos cómo cuándo dónde puedo podés tienen tenés hacen envío "
    "envíos llega pago cuotas garantía hola buenas gracias quiero necesito".split()
)
ENGLISH = frozenset(
    "the of and to in is you that it he was for on are as with his they i at be this have "
    "from or one had by but not what all were we when your can said there use an each "
    "which she do how their if will up other about out many then them these so some her "
    "would make like him into time has look two more go see no way could my than been "
    "who its now did get come made may does much where until long whats i'm don't hi hello "
    "thanks please".split()
)
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def detect_language(text: str, *, default: str = "es") -> str:
    words = [w.lower() for w in WORD.findall(text[:20_000])]
    spanish = sum(1 for w in words if w in SPANISH)
    english = sum(1 for w in words if w in ENGLISH)
    if any(ch in text for ch in "¿¡ñáéíóú"):
        spanish += 2
    if spanish == english:
        return default
    return "es" if spanish > english else "en"
