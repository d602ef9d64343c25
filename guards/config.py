"""Settings the guards read, with defaults that work when Django is not configured."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from guards.codes import GUARD_CODES, GuardCode, GuardMode, parse_guard_code

DEFAULT_BUDGET_MS = 50.0
DEFAULT_MAX_INPUT_CHARS = 8_000


_READ: dict[str, Any] = {}


def _setting(name: str, default: Any) -> Any:
    """A Django setting, read once: every turn asks the same few. Django's
    ``setting_changed`` signal (``override_settings``, the tests' ``settings``) empties
    the record; without configured settings the default is given and not recorded."""
    if name in _READ:
        return _READ[name]
    try:
        from django.conf import settings

        if not settings.configured:
            return default
        value = getattr(settings, name, default)
    except Exception:  # ImproperlyConfigured, or Django absent: fall back to defaults
        return default
    _READ[name] = value
    return value


def _forget_settings(**_: Any) -> None:
    _READ.clear()


try:
    from django.core.signals import setting_changed

    setting_changed.connect(_forget_settings, dispatch_uid="guards.config.settings")
except ImportError:  # the guards also run without Django (benchmarks, the check command)
    pass


def default_modes() -> dict[GuardCode, GuardMode]:
    return {code: GuardMode.ENFORCE for code in GUARD_CODES}


def resolve_modes(overrides: Mapping[str, str] | None = None) -> dict[GuardCode, GuardMode]:
    """Every guard's mode: defaults (enforce), then ``settings.GUARDS_MODES``, then overrides."""
    configured = _setting("GUARDS_MODES", None) or {}
    return dict(_resolved(_frozen(configured), _frozen(overrides or {})))


def _frozen(modes: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(code), str(mode)) for code, mode in modes.items()))


@lru_cache(maxsize=64)
def _resolved(
    configured: tuple[tuple[str, str], ...], overrides: tuple[tuple[str, str], ...]
) -> tuple[tuple[GuardCode, GuardMode], ...]:
    """Parsed once per distinct pair of mode tables (every turn asks the same)."""
    modes = default_modes()
    for source in (configured, overrides):
        for code, mode in source:
            modes[parse_guard_code(code)] = GuardMode(mode)
    return tuple(modes.items())


def budget_ms(value: float | None = None) -> float:
    return float(value if value is not None else _setting("GUARDS_BUDGET_MS", DEFAULT_BUDGET_MS))


def max_input_chars() -> int:
    return int(_setting("GUARDS_MAX_INPUT_CHARS", DEFAULT_MAX_INPUT_CHARS))


def link_hosts() -> tuple[str, ...]:
    """The shop's own hosts a draft may always link to (besides each turn's link_hosts)."""
    return tuple(str(h) for h in (_setting("GUARDS_LINK_HOSTS", ()) or ()))


def second_reader_on() -> bool:
    """Whether the learned second reading runs after the rules (``GUARDS_SECOND_READER``,
    on unless set to False)."""
    return bool(_setting("GUARDS_SECOND_READER", True))


class _CollectorTime(threading.local):
    """CPU time the cyclic garbage collector has taken in this thread so far."""

    started: float | None = None
    spent: float = 0.0


_COLLECTOR = _CollectorTime()


def _time_collections(phase: str, info: dict[str, Any]) -> None:
    """A ``gc.callbacks`` hook: a collection runs in the thread whose allocation set it
    off, so that thread's CPU clock advances by the collector's work."""
    if phase == "start":
        _COLLECTOR.started = time.thread_time()
    elif _COLLECTOR.started is not None:
        _COLLECTOR.spent += time.thread_time() - _COLLECTOR.started
        _COLLECTOR.started = None


if not any(getattr(hook, "__name__", "") == _time_collections.__name__ for hook in gc.callbacks):
    gc.callbacks.append(_time_collections)


def budget_clock() -> float:
    """The clock the per-turn guard budget is measured on: CPU time of the thread
    running the guards, less what the garbage collector took in it. Guards are pure
    computation, so runaway work (a huge sum search, a slow pattern) is still cut, while
    a busy machine that takes the core away from the worker, or a full collection of the
    process's heap that a guard's allocation happened to set off (about 50 ms of CPU in a
    freshly started worker on the EPYC that runs CI, hundreds once a process has grown),
    no longer turns a correct draft into a guard_timeout."""
    return time.thread_time() - _COLLECTOR.spent
