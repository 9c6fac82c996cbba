"""The language spoken: gettext catalogues, ``use_language``, ``english()`` and ``Phrase``."""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "ENVIRONMENT",
    "LANGUAGES",
    "LOCALE_DIR",
    "Phrase",
    "bad_language",
    "english",
    "language",
    "language_from_environment",
    "phrase",
    "said",
    "said_in_english",
    "use_language",
]

DOMAIN = "vp_connect4"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = {"en": "English", "nl": "Nederlands"}  # each language named in itself (the scene's language menu)
ENGLISH = "en"  # the message ids: no catalogue
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # where gettext looks, in this order

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
_local = threading.local()  # a thread's own translation while it speaks English (:func:`english`)


def _(message: str) -> str:
    return _current().gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    return _current().ngettext(singular, plural, n)


def _current() -> gettext.NullTranslations:
    return getattr(_local, "translation", None) or _translation


def language_from_environment() -> str:
    """The language gettext chooses from LANGUAGE, LC_ALL, LC_MESSAGES and LANG; English if none has a catalogue."""
    found = gettext.find(DOMAIN, LOCALE_DIR)  # .../locale/<code>/LC_MESSAGES/vp_connect4.mo
    return Path(found).parent.parent.name if found else ENGLISH


def use_language(code: str | None = None) -> str:
    """Speak ``code`` (``en`` or ``nl``) from now on, or (None) the environment's language; returns the code.

    Every function here looks its text up when called, so what is shown next is in the new language.
    """
    global _translation, _language
    if code is None:
        code = language_from_environment()
    if code not in LANGUAGES:
        raise ValueError(bad_language(code))
    if code == ENGLISH:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    _language = code
    return code


def language() -> str:
    """The code of the language spoken now: ``en`` or ``nl``."""
    return _language


@contextmanager
def english() -> Iterator[None]:
    """Within the block, this thread's sentences are English (the log lines scripts read never change)."""
    previous = getattr(_local, "translation", None)
    _local.translation = gettext.NullTranslations()
    try:
        yield
    finally:
        _local.translation = previous


@dataclass(frozen=True)
class Phrase:
    """A sentence said later, in the language of that moment: ``Phrase(refusal_in_scene, "falling")()``."""

    say: Callable[..., str]
    args: tuple[object, ...] = ()

    def __call__(self) -> str:
        return self.say(*self.args)

    def __str__(self) -> str:
        """Said now: a Phrase inside another sentence (an error's reason) reads as words."""
        return self()

    def in_english(self) -> str:
        with english():
            return self()


def phrase(say: Callable[..., str], *args: object) -> Phrase:
    return Phrase(say, args)


def said(text: str | Phrase) -> str:
    """A sentence now: a Phrase said, a string as it is."""
    return text() if isinstance(text, Phrase) else text


def said_in_english(text: str | Phrase | BaseException) -> str:
    with english():
        return str(text) if isinstance(text, BaseException) else said(text)


use_language()  # the environment's language until told otherwise (--lang, the scene's menu)


def bad_language(value: object) -> str:
    return _("language must be one of {choices}, got {value!r}").format(choices=", ".join(LANGUAGES), value=value)
