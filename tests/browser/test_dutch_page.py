"""The page in Dutch (``--lang nl``) has no English left: every text a person sees, walked in the real browser.

What is walked: the page's text as it reads (``document.body.innerText``, line by line), every option, button,
label and span, the title, tooltips and other attributes a person meets (``title``, ``placeholder``,
``aria-label``, ``alt``, the Copy button's words), and the 3D text in the scene (the rack's numbers, the hint's
labels). Two checks, each against the catalogue (``vp_connect4/locale/nl``):

- no text is an English sentence of the catalogue whose Dutch differs (its ``{fields}`` matching anything);
- no text holds an English word: a word of the English sentences that no Dutch sentence uses (``LEFT``, ``rack``,
  ``press``...). Words both languages use (``X``, ``ply``, ``tetris``, ``perfect``) are not English here.

The language menu's label and its choices are meant to be read in either language (``Language / Taal``,
``English``, ``Nederlands``): they are the only exceptions.
"""

from __future__ import annotations

import re
from functools import cache

import catalogue
import pytest

from browser.scene_page import ScenePage
from vp_connect4.wording import LANGUAGES

BILINGUAL = ("Language / Taal", *LANGUAGES.values())  # vp3d.view.controls.LANGUAGE_LABEL and the languages' names
CODE = re.compile(r"<[^>]*>|\{[^}]*\}|\S*[|\[\]=_]\S*|\S*\w\.\w\S*|--\S+")  # tags, {fields}, code: not words
COMMAND_LINE = (  # the command line's, the terminal game's, check's, tourney's, think's, the grades' and the
    "vp_connect4/wording/terminal.py",  # sandbox's sentences: never on the page
    "vp_connect4/wording/students.py",
    "vp_connect4/wording/standings.py",
    "vp_connect4/wording/recursion.py",
    "vp_connect4/wording/grading.py",
    "vp_connect4/wording/sandbox.py",
)
WORD = re.compile(r"[^\W\d_]+")
FIELD = re.compile(r"\{[^}]*\}")
NAMES = re.compile(r"\b[A-Z]{2,}\b")  # a value named in a Dutch sentence (the tiebreak LEFT): no Dutch word

PAGE_TEXTS_JS = """() => {
  const texts = [document.title, ...document.body.innerText.split('\\n')];
  for (const el of document.querySelectorAll('option, button, label, span, b, code, p, div')) {
    if (el.children.length === 0) texts.push(el.textContent);
  }
  const names = ['title', 'placeholder', 'aria-label', 'alt', 'data-copy', 'data-copied', 'data-byhand'];
  for (const el of document.querySelectorAll('*')) {
    for (const name of names) if (el.getAttribute(name)) texts.push(el.getAttribute(name));
  }
  for (const el of document.querySelectorAll('input[type=button], input[type=submit]')) texts.push(el.value);
  for (const o of window.glowObjs || []) if (o && typeof o.__text === 'string') texts.push(o.__text);
  return texts.map(t => (t || '').trim()).filter(t => t);
}"""


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(CODE.sub(" ", text))}


@cache
def english_words() -> frozenset[str]:
    """Words of the catalogue's English sentences that none of the page's Dutch ones uses (``--help`` names the
    tiebreak ``RANDOM`` in Dutch too: it is what the option takes; a Dutch sentence that names a value in capitals,
    ``keuzestrategie LEFT``, does not make "left" Dutch)."""
    english: set[str] = set()
    dutch: set[str] = set()
    for message in catalogue.load("nl"):
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= words(text)
        if any(path not in COMMAND_LINE for path, _line in message.locations):
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                dutch |= words(NAMES.sub(" ", text))
    return frozenset(english - dutch)


@cache
def english_sentences() -> tuple[re.Pattern[str], ...]:
    """Each line of each English sentence whose Dutch differs, as a pattern a whole text must not match."""
    patterns = []
    for message in catalogue.load("nl"):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or set(ids) <= set(strings):
            continue
        for text in ids:
            for line in re.sub(r"<[^>]*>", "", text).split("\n"):
                if not WORD.search(FIELD.sub("", line)):
                    continue  # ``{ox} ({colour})``: nothing but fields
                parts = FIELD.split(line.strip())
                patterns.append(re.compile(".+?".join(map(re.escape, parts))))
    return tuple(patterns)


def english_left(texts: list[str]) -> list[str]:
    """The texts that are, or hold, English: each with what gave it away."""
    found = []
    for text in texts:
        for bilingual in BILINGUAL:
            text = text.replace(bilingual, " ")
        if not text.strip():
            continue
        sentence = next((p.pattern for p in english_sentences() if p.fullmatch(text.strip())), None)
        if sentence:
            found.append(f"{text!r} is the English sentence {sentence!r}")
        elif english := sorted(words(text) & english_words()):
            found.append(f"{text!r} holds the English {english}")
    return found


def test_the_check_would_catch_english_labels_on_the_dutch_page() -> None:
    assert english_left(["keuzestrategie LEFT", "keuzestrategie RIGHT", "keuzestrategie RANDOM"]) == [
        "'keuzestrategie LEFT' holds the English ['left']",
        "'keuzestrategie RIGHT' holds the English ['right']",
        "'keuzestrategie RANDOM' holds the English ['random']",
    ]
    assert english_left(["Turn the rack"])  # once a button's words
    assert english_left(["Flip the rack"])[0].startswith("'Flip the rack' is the English sentence")
    assert english_left(["Jij bent aan de beurt: X (oranje). Klik op een kolom of druk op 0-6."]) == []
    assert english_left(["Stand: X 0 – O 0, gelijk 0    Language / Taal", "English", "Nederlands"]) == []


def page_texts(view: ScenePage) -> list[str]:
    return view.page.evaluate(PAGE_TEXTS_JS)


STATUS_JS = "() => document.getElementById('c4-status').textContent"
CUE_JS = "() => document.getElementById('c4-cue').textContent"
EVENTS_JS = "() => document.getElementById('c4-events').textContent"


@pytest.mark.scene("--lang", "nl", "--variant", "flip", "--o-ply", "1", "--tiebreak", "LEFT")
def test_the_dutch_page_has_no_english_label_left_at_the_start_after_a_move_and_with_a_hint(view: ScenePage) -> None:
    """You against the AI at ply 1, the flip variant, the page in Dutch."""
    view.page.wait_for_function(f"() => ({STATUS_JS})().startsWith('Jij bent')")
    seen = page_texts(view)
    assert english_left(seen) == []
    assert "Bord omkeren" in seen and "bij gelijke score: links" in seen  # the walk reaches the widgets

    view.play(1, "X", 3, lambda: view.press("3"))
    view.wait_log(r"^move 2: O ")
    view.press("h")
    view.wait_log(r"^hint: X ")
    view.page.wait_for_function(f"() => ({STATUS_JS})().includes('Beste zet')", timeout=30_000)
    view.page.click("#c4-copy")  # the Copy button says what it did
    seen = page_texts(view)
    assert any("Beste zet voor X" in text for text in seen)
    assert english_left(seen) == []

    view.play_line("move 3: X flip", lambda: view.press("f"))  # the events line says what the flip did
    view.page.wait_for_function(f"() => ({EVENTS_JS})().includes('keert het bord om')", timeout=30_000)
    view.press("9")  # no column 9: a cue says why
    assert view.wait_log(r"^ignored: ").startswith("ignored: ")
    view.page.wait_for_function(f"() => ({CUE_JS})().trim() !== ''", timeout=10_000)
    view.page.click("#c4-pause")
    view.page.wait_for_function(f"() => ({STATUS_JS})().startsWith('Gepauzeerd')", timeout=30_000)
    seen = page_texts(view)
    assert any(text.startswith("Gepauzeerd") for text in seen)
    assert english_left(seen) == []


@pytest.mark.scene("--lang", "nl", "--moves", "010101", "--o", "human")
def test_the_dutch_page_has_no_english_left_at_a_game_end_and_in_the_analysis(view: ScenePage) -> None:
    """Two people, X to win in column 0, the page in Dutch."""
    view.play(7, "X", 0, lambda: view.press("0"))
    view.wait_log(r"^result: X wins$")
    view.page.wait_for_function(f"() => ({STATUS_JS})().includes('vier op een rij')", timeout=30_000)
    assert english_left(page_texts(view)) == []
    view.press("a")
    view.wait_log(r"^analysis: move ", 60)
    view.page.wait_for_function(f"() => ({STATUS_JS})().startsWith('Zet ')", timeout=30_000)
    seen = page_texts(view)
    assert "Terug naar het spel" in seen
    assert english_left(seen) == []
