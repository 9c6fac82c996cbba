"""The language spoken: gettext catalogues, ``use_language``, ``english()`` and ``Phrase``; and ``sentence`` and
``choice``, which make a wording function from data (most of them say one sentence, their arguments in its fields,
or one sentence of a few by name)."""

from __future__ import annotations

import gettext
import inspect
import string
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


def N_(message: str) -> str:
    """Marks ``message`` as a message id (``make translations`` extracts it) without translating it: the function
    :func:`sentence` or :func:`choice` makes of it translates it each time it is said."""
    return message


def sentence(message: str, params: str = "") -> Callable[..., str]:
    """A wording function that says ``message`` (a message id, marked ``N_("...")``) in the language of the moment,
    each ``{field}`` filled with the argument of that name: ``sentence(N_("{file}: there is no such file."), "file")``
    is ``def f(file): return _("{file}: there is no such file.").format(file=file)``.

    ``params``: the function's parameters in order (``"file, call"``), exactly the message's fields.
    """
    names = tuple(params.replace(",", " ").split())
    fields = {field for _literal, field, _spec, _conversion in string.Formatter().parse(message) if field is not None}
    if set(names) != fields or len(set(names)) != len(names):
        raise ValueError(f"the parameters {params!r} are not the fields {sorted(fields)} of {message!r}")
    signature = _signature(names, object)

    def say(*args: object, **kwargs: object) -> str:
        text = _current().gettext(message)
        return text.format(**signature.bind(*args, **kwargs).arguments) if names else text

    return _unnamed(say, signature, message)


def choice(param: str, table: dict[str, str], otherwise: str | None = None) -> Callable[..., str]:
    """A wording function of one parameter, ``param``, that names which sentence of ``table`` to say (its values:
    message ids, marked ``N_("...")``) in the language of the moment: ``choice("name", {"new": N_("New game")})``
    is ``def f(name): return {"new": _("New game")}[name]``. Any other name: ``otherwise``'s sentence, or (None) a
    KeyError."""
    signature = _signature((param,), str)

    def say(*args: object, **kwargs: object) -> str:
        name = signature.bind(*args, **kwargs).arguments[param]
        return _current().gettext(table[name] if otherwise is None else table.get(name, otherwise))  # type: ignore[index]

    return _unnamed(say, signature, f"One of: {', '.join(map(repr, table.values()))}.")


_UNNAMED = "<sentence>"


def _signature(names: tuple[str, ...], kind: type) -> inspect.Signature:
    parameters = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=kind) for name in names]
    return inspect.Signature(parameters, return_annotation=str)


def _unnamed(say: Callable[..., str], signature: inspect.Signature, doc: str) -> Callable[..., str]:
    say.__signature__ = signature  # type: ignore[attr-defined]  # what help() and inspect show: (file, call) -> str
    say.__annotations__ = {**{name: p.annotation for name, p in signature.parameters.items()}, "return": str}
    say.__doc__ = doc
    say.__name__ = say.__qualname__ = _UNNAMED
    return say


def name_sentences(namespace: dict[str, object]) -> None:
    """Give each function that :func:`sentence` and :func:`choice` made in a module (``globals()``, at its end) the
    name and module it is bound to there, so that it reads, and pickles (a Phrase inside an error sent from a
    worker process), as the function it stands for."""
    for name, value in namespace.items():
        if callable(value) and getattr(value, "__name__", None) == _UNNAMED:
            value.__name__ = value.__qualname__ = name
            value.__module__ = str(namespace["__name__"])


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
