"""Ask the configured model for ways customers would ask a chunk's question.

The knowledge app sits below support (tests/test_layering.py), so it cannot use
support/customer/llm; this is the one small call it needs, read from the same
settings: ``SUPPORT_MODEL_BACKEND`` (``anthropic`` or ``openai``; any other
backend is "no model configured"), ``SUPPORT_MODEL_NAME``, ``SUPPORT_MODEL_BASE_URL``,
``SUPPORT_MODEL_TIMEOUT``, ``SUPPORT_MODEL_MAX_TOKENS`` and the key from the
environment variable named by ``SUPPORT_MODEL_API_KEY_ENV``. The official SDKs
are used with retries off; every failure is a SuggestionError."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass

from django.conf import settings

PROVIDERS = ("anthropic", "openai")
MAX_PHRASING = 200
LANGUAGE_NAMES = {"es": "Spanish", "en": "English"}

SYSTEM = (
    "You help the editor of a shop's help centre. For one question of the help "
    "centre, write the ways real customers would type that same question into a "
    "support chat: everyday words, regional vocabulary, short and long, informal, "
    "sometimes without accents or with a typo. Each must ask exactly the same thing "
    "and be answered by the same answer; never add facts, prices or promises. "
    "Reply with a JSON array of strings only."
)


class SuggestionError(Exception):
    """No model is configured, or the provider failed, timed out or answered nonsense."""


@dataclass(frozen=True)
class ModelSettings:
    backend: str
    model: str
    base_url: str | None
    timeout: float
    max_tokens: int
    api_key: str

    @property
    def label(self) -> str:
        return f"{self.backend}:{self.model}"


def configured_model() -> ModelSettings:
    """The provider model to ask, or SuggestionError saying what is missing."""
    backend = str(getattr(settings, "SUPPORT_MODEL_BACKEND", "") or "")
    if backend not in PROVIDERS:
        raise SuggestionError(
            f"no provider model is configured (SUPPORT_MODEL_BACKEND is {backend!r}; "
            f"suggestions need one of {', '.join(PROVIDERS)} with SUPPORT_MODEL_NAME)"
        )
    model = str(getattr(settings, "SUPPORT_MODEL_NAME", "") or "")
    if not model:
        raise SuggestionError(f"SUPPORT_MODEL_NAME is not set for the {backend} backend")
    variable = str(getattr(settings, "SUPPORT_MODEL_API_KEY_ENV", "LLM_API_KEY"))
    key = os.environ.get(variable, "")
    if not key:
        raise SuggestionError(
            f"the environment variable {variable} (the model's API key) is not set"
        )
    return ModelSettings(
        backend=backend,
        model=model,
        base_url=str(getattr(settings, "SUPPORT_MODEL_BASE_URL", "") or "") or None,
        timeout=float(getattr(settings, "SUPPORT_MODEL_TIMEOUT", 12.0)),
        max_tokens=int(getattr(settings, "SUPPORT_MODEL_MAX_TOKENS", 400)),
        api_key=key,
    )


def prompt_for(*, question: str, answer: str, known: list[str], language: str, count: int) -> str:
    lines = [
        f"Language of the shop's customers: {LANGUAGE_NAMES.get(language, language)}.",
        f"Question: {question}",
        f"Its answer (for context only): {answer[:1500]}",
    ]
    if known:
        lines.append("Already listed (do not repeat): " + " | ".join(known))
    lines.append(
        f"Write {count} other ways a customer would ask this question, in "
        f"{LANGUAGE_NAMES.get(language, language)}, as a JSON array of {count} strings."
    )
    return "\n".join(lines)


def ask_model(config: ModelSettings, prompt: str) -> str:
    """One call to the provider; its reply's text."""
    try:
        if config.backend == "anthropic":
            return _ask_anthropic(config, prompt)
        return _ask_openai(config, prompt)
    except ImportError as exc:
        raise SuggestionError(
            f"the {config.backend} SDK is not installed: pip install -e '.[providers]'"
        ) from exc


def _ask_anthropic(config: ModelSettings, prompt: str) -> str:
    import anthropic

    client = anthropic.Anthropic(
        api_key=config.api_key, base_url=config.base_url, timeout=config.timeout, max_retries=0
    )
    try:
        reply = client.messages.create(
            model=config.model,
            max_tokens=config.max_tokens,
            system=SYSTEM,
            messages=[{"role": "user", "content": [{"type": "text", "text": prompt}]}],
        )
    except anthropic.AnthropicError as exc:
        raise SuggestionError(f"anthropic: {type(exc).__name__}: {exc}") from exc
    return "".join(b.text for b in reply.content or [] if getattr(b, "type", "") == "text")


def _ask_openai(config: ModelSettings, prompt: str) -> str:
    import openai

    client = openai.OpenAI(
        api_key=config.api_key, base_url=config.base_url, timeout=config.timeout, max_retries=0
    )
    try:
        reply = client.chat.completions.create(
            model=config.model,
            max_tokens=config.max_tokens,
            messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}],
        )
    except openai.OpenAIError as exc:
        raise SuggestionError(f"openai: {type(exc).__name__}: {exc}") from exc
    try:
        return reply.choices[0].message.content or ""
    except (AttributeError, IndexError) as exc:
        raise SuggestionError(f"openai: malformed reply: {exc}") from exc


_ARRAY = re.compile(r"\[.*\]", re.DOTALL)


def parse_phrasings(text: str, *, known: list[str], count: int) -> list[str]:
    """The reply's phrasings: a JSON array of strings (inside a code fence or
    prose is fine), one line each, at most ``count``, none already ``known``
    (case and spacing aside), none longer than MAX_PHRASING. A reply with no
    array is a SuggestionError: nothing is guessed from free text."""
    match = _ARRAY.search(text or "")
    try:
        items = json.loads(match.group(0)) if match else None
    except ValueError:
        items = None
    if not isinstance(items, list):
        raise SuggestionError(f"the model did not answer with a JSON array: {text[:120]!r}")
    seen = {" ".join(k.split()).casefold() for k in known}
    out: list[str] = []
    for item in items:
        if not isinstance(item, str):
            continue
        phrase = " ".join(item.split()).lstrip("-•* ").strip()
        if not phrase or len(phrase) > MAX_PHRASING or phrase.casefold() in seen:
            continue
        seen.add(phrase.casefold())
        out.append(phrase)
        if len(out) >= count:
            break
    return out
