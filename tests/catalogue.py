"""The translations' tooling (Babel; tests and development only, the game reads .mo files with ``gettext``).

    python -m tests.catalogue check     list every message id of the code without a Dutch translation
                                        (missing, empty or fuzzy) and say whether the .mo is current
    python -m tests.catalogue update    add the code's new message ids to each .po (empty, to translate),
                                        mark the ones the code no longer uses obsolete
    python -m tests.catalogue compile   write each .mo from its .po

``make translations`` runs ``update``, ``compile`` and ``check``. The message ids are the English
sentences in ``_()`` and ``_n()`` calls (``vp_connect4/wording/``); the ``.po`` files under
``vp_connect4/locale/<lang>/LC_MESSAGES/`` are the source, the ``.mo`` files beside them are
compiled from them and kept in the repository (``tests/test_translations.py`` checks they are current).
"""

from __future__ import annotations

import io
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "vp_connect4"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "vp_connect4"
LANGUAGES = ("nl",)  # English is the message ids themselves
KEYWORDS = {"_": None, "_n": (1, 2), "N_": None}  # wording's gettext, ngettext and the mark of a sentence()'s id


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract() -> dict[str | tuple[str, str], list[str]]:
    """Every message id of the code (a plural one as (singular, plural)), with the places it is used."""
    found: dict[str | tuple[str, str], list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(message)
        found.setdefault(key, []).append(f"vp_connect4/{filename}:{lineno}")
    return found


def load(lang: str) -> Catalog:
    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a sentence (a translation must keep the same ones)."""
    return {field for _literal, field, _spec, _conversion in string.Formatter().parse(text) if field is not None}


def msgid(key: str | tuple[str, str]) -> str:
    return key if isinstance(key, str) else key[0]


def problems(lang: str) -> list[str]:
    """What keeps ``lang`` from being complete: one line per message id, naming it and where it is used."""
    catalog = load(lang)
    lines = []
    for key, places in sorted(extract().items(), key=lambda item: msgid(item[0])):
        message = catalog.get(msgid(key))
        where = ", ".join(places)
        if message is None:
            lines.append(f"{lang}: missing: {msgid(key)!r} ({where})")
        elif message.fuzzy:
            lines.append(f"{lang}: fuzzy: {msgid(key)!r} ({where})")
        elif not message.string or (isinstance(message.string, tuple) and not all(message.string)):
            lines.append(f"{lang}: not translated: {msgid(key)!r} ({where})")
    return lines


def compiled(lang: str) -> bytes:
    """The .mo that the .po compiles to (fuzzy entries left out, as msgfmt does)."""
    buffer = io.BytesIO()
    write_mo(buffer, load(lang), use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES:
        mo_path(lang).write_bytes(compiled(lang))
        print(f"wrote {mo_path(lang).relative_to(ROOT)}")


def update() -> None:
    """Merge the code's message ids into each .po: new ones empty (to translate), unused ones obsolete."""
    template = Catalog(domain=DOMAIN, project="vp_connect4")
    for key, places in extract().items():
        locations = [(place.rsplit(":", 1)[0], int(place.rsplit(":", 1)[1])) for place in places]
        flags = ("python-brace-format",) if "{" in msgid(key) else ()
        template.add(key, locations=locations, flags=flags)
    for lang in LANGUAGES:
        catalog = load(lang)
        template.creation_date = catalog.creation_date  # the header changes only when a person edits it
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        with po_path(lang).open("wb") as file:
            # file names, no line numbers: a change elsewhere in wording/ leaves the .po alone
            write_po(file, catalog, width=100, include_lineno=False, sort_output=False)
        print(f"updated {po_path(lang).relative_to(ROOT)}")


def check() -> int:
    lines = [line for lang in LANGUAGES for line in problems(lang)]
    for lang in LANGUAGES:
        if not mo_path(lang).exists() or mo_path(lang).read_bytes() != compiled(lang):
            mo = mo_path(lang).relative_to(ROOT)
            lines.append(f"{lang}: {mo} is not compiled from the .po: run make translations")
    print("\n".join(lines) if lines else "every message id is translated and compiled")
    return 1 if lines else 0


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        sys.exit(check())
    else:
        sys.exit(f"usage: python -m tests.catalogue check|update|compile, not {command!r}")
