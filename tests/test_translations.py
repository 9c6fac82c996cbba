"""The Dutch catalogue is complete and compiled, and the language is chosen as gettext chooses it.

The tooling is ``tests/catalogue.py`` (``make translations``): it names every message id without a
translation, so sentences added on other branches show up here, by name, after a merge.
"""

from __future__ import annotations

import ast
import gettext
import inspect
import pickle

import catalogue
import pytest
from conftest import ROOT

from vp_connect4 import wording
from vp_connect4.errors import InvalidSettingError
from vp_connect4.wording.language import N_, sentence


def test_every_message_id_in_the_code_has_a_dutch_translation() -> None:
    assert catalogue.problems("nl") == []  # each line names a missing or fuzzy id and where the code uses it


def test_the_compiled_catalogue_is_the_po_compiled() -> None:
    assert catalogue.mo_path("nl").read_bytes() == catalogue.compiled("nl"), "run: make translations"


def test_a_new_sentence_without_translation_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    found = catalogue.extract()
    found["The server is busy, try again."] = ["vp_connect4/wording.py:999"]
    monkeypatch.setattr(catalogue, "extract", lambda: found)
    assert catalogue.problems("nl") == [
        "nl: missing: 'The server is busy, try again.' (vp_connect4/wording.py:999)"
    ]


def test_a_fuzzy_translation_counts_as_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    load = catalogue.load

    def fuzzy(lang: str):
        catalog = load(lang)
        catalog["Undo"].flags.add("fuzzy")
        return catalog

    monkeypatch.setattr(catalogue, "load", fuzzy)
    assert catalogue.problems("nl") == ["nl: fuzzy: 'Undo' (" + ", ".join(catalogue.extract()["Undo"]) + ")"]


def test_the_extractor_sees_every_gettext_call_of_the_package() -> None:
    """Cross-check Babel's extraction with the syntax tree: each ``_("...")`` literal is in the catalogue."""
    literals = set()
    for path in (ROOT / "vp_connect4").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "_n", "N_"):
                texts = node.args[: 2 if node.func.id == "_n" else 1]  # _n's count is not text
                assert all(isinstance(arg, ast.Constant) for arg in texts), f"{path}: gettext of a non-literal"
                literals.add(node.args[0].value)
    assert literals == {catalogue.msgid(key) for key in catalogue.extract()}
    assert len(literals) > 100


def test_translations_keep_the_placeholders() -> None:
    catalog = catalogue.load("nl")
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(catalogue.placeholders(text) for text in ids))
        for text in strings:
            assert catalogue.placeholders(text) == wanted, (message.id, text)


@pytest.mark.parametrize(
    "variables, expected",
    [
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "nl_BE.UTF-8"}, "nl"),
        ({"LC_MESSAGES": "nl_NL"}, "nl"),
        ({"LC_ALL": "nl_NL.UTF-8", "LANG": "en_GB.UTF-8"}, "nl"),
        ({"LANGUAGE": "fr:nl", "LANG": "C"}, "nl"),
        ({"LANGUAGE": "en", "LANG": "nl_NL.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_chooses_the_language_as_gettext_does(monkeypatch, variables, expected) -> None:
    for name in wording.ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert wording.use_language() == expected == wording.language()
    assert wording.welcome() == {"nl": "Welkom bij Vier op een rij!", "en": "Welcome to Connect Four!"}[expected]


def test_use_language_switches_at_once_and_refuses_unknown_codes() -> None:
    assert wording.side("O") == "O (blue)"
    wording.use_language("nl")
    assert wording.side("O") == "O (blauw)"
    your_turn = "Jij bent aan de beurt: X (oranje). Klik op een kolom of druk op 0-6."
    assert wording.human_to_move("X", "column", 7, False, alone=True) == your_turn
    with pytest.raises(ValueError, match="de taal moet een van deze zijn: en, nl, niet 'fr'"):
        wording.use_language("fr")
    assert wording.language() == "nl"


def test_english_is_a_block_where_this_thread_speaks_english() -> None:
    wording.use_language("nl")
    refused = wording.phrase(wording.refusal_in_scene, "falling")
    assert refused() == "wacht tot de steen beneden is"
    assert refused.in_english() == "wait for the checker to land"
    with wording.english():
        assert wording.button("new") == "New game"
    assert wording.button("new") == "Nieuw spel"


def test_the_catalogue_is_read_by_the_standard_library_alone() -> None:
    translation = gettext.translation(wording.DOMAIN, wording.LOCALE_DIR, languages=["nl"])
    assert translation.gettext("{ox} wins -- Congratulations!") == "{ox} wint -- Gefeliciteerd!"
    assert translation.ngettext("wins in {n} move", "wins in {n} moves", 3) == "wint in {n} zetten"


def test_a_sentence_made_from_data_is_the_function_it_stands_for() -> None:
    """``sentence(N_("..."), "file, call")`` makes a wording function: its name, its parameters, said at call time."""
    said = wording.student_raised
    assert said.__name__ == "student_raised" and said.__module__ == "vp_connect4.wording.students"
    assert str(inspect.signature(said)) == "(file: object, call: object) -> str"
    assert said("p.py", "next_move(b)") == said(call="next_move(b)", file="p.py")
    wording.use_language("nl")
    assert said("p.py", "next_move(b)") == "p.py: next_move(b) gaf een fout (de regels van p.py hieronder):"
    with pytest.raises(TypeError):
        said("p.py")
    error = InvalidSettingError(wording.phrase(said, "p.py", "next_move(b)"))
    assert str(pickle.loads(pickle.dumps(error))) == str(error)  # as a worker process sends it back


def test_a_sentence_names_exactly_its_fields() -> None:
    assert sentence(N_("{a} and {b!r:>4}"), "b, a")(1, 2) == "2 and    1"
    for params in ("a", "a, b, c", "a, a, b"):
        with pytest.raises(ValueError, match="not the fields"):
            sentence("{a} and {b}", params)


def test_a_choice_says_the_sentence_named_in_the_language_of_the_moment() -> None:
    assert str(inspect.signature(wording.draw_reason)) == "(termination: str) -> str"
    assert wording.button("new") == wording.button(name="new") == "New game"
    assert wording.draw_reason("no move") == "It's a draw: no move is left."
    assert wording.draw_reason("anything else") == "It's a draw."  # its otherwise
    with pytest.raises(KeyError):
        wording.button("anything else")
    wording.use_language("nl")
    assert wording.button("new") == "Nieuw spel"
