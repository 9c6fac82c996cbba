"""The scene's websocket accepts only what VPython's page sends (vp_connect4.vp3d.server.protocol), without a browser.

VPython's classes are stood in for by small fakes: importing vpython would start a scene.
"""

from __future__ import annotations

import math

import pytest

from vp_connect4.vp3d.server.protocol import IgnoredLog, Junk, check_event, parse_events
from vp_connect4.vp3d.view.sliders import MAX_PLY, slider_to_level


class Canvas:
    _binds = {"click": [], "keydown": [], "mousemove": [], "draw_complete": []}  # noqa: RUF012


class Slider:
    min, max = 0, MAX_PLY + 1


class Menu:
    choices = ("one", "two")


class Widget:
    pass


CLASSES = {
    "canvas": Canvas,
    "slider": Slider,
    "menu": Menu,
    **dict.fromkeys(("button", "checkbox", "radio", "winput"), Widget),
}
REGISTRY = {0: Canvas(), 1: Slider(), 2: Menu(), 3: Widget()}
MOUSE = {
    "pos": [0, 1, 2],
    "ray": [0, 0, -1],
    "press": None,
    "release": None,
    "which": 1,
    "alt": False,
    "shift": False,
    "ctrl": False,
}
KEY = {"key": "4", "which": 52, "alt": False, "shift": False, "ctrl": False}

# What VPython's page sends (glowcomm.html): each passes.
GOOD = [
    {"idx": 1, "widget": "slider", "value": 3},
    {"idx": 1, "widget": "slider", "value": MAX_PLY + 1},
    {"idx": 2, "widget": "menu", "value": 1},
    {"idx": 3, "widget": "button", "value": 0},
    {"idx": 3, "widget": "checkbox", "value": True},
    {"idx": 3, "widget": "winput", "text": "12", "value": 12},
    {"event": "click", "canvas": 0, **MOUSE},
    {"event": "draw_complete", "canvas": 0, **MOUSE},
    {"event": "keydown", "canvas": 0, **KEY},
    {"event": "update_canvas", "canvas": 0, "pos": [1, 2, 3], "forward": [0, 0, -1], "range": 7.5, "keysdown": ["a"]},
    {"event": "pick", "canvas": 0, "pick": None, "segment": None},
    {"event": "pick", "canvas": 0, "pick": 1},
    {"event": "resize", "canvas": 0, "width": 640, "height": 400},
    {"trigger": True},
]

BAD = [
    1,
    "click",
    [0],
    None,
    {},
    {"widget": "slider"},
    {"widget": "slider", "idx": 2, "value": 1},  # the menu is no slider
    {"widget": "knob", "idx": 1, "value": 1},
    {"widget": "slider", "idx": True, "value": 1},
    {"widget": "slider", "idx": 1, "value": math.nan},
    {"widget": "slider", "idx": 1, "value": math.inf},
    {"widget": "slider", "idx": 1, "value": 1e308},
    {"widget": "slider", "idx": 1, "value": 10**400},
    {"widget": "slider", "idx": 1, "value": -1},
    {"widget": "slider", "idx": 1, "value": "abc"},
    {"widget": "slider", "idx": 1, "value": True},
    {"widget": "menu", "idx": 2, "value": 2},
    {"widget": "menu", "idx": 2, "value": 1.0},
    {"widget": "checkbox", "idx": 3, "value": 1},
    {"widget": "winput", "idx": 3, "value": 1},
    {"event": "click", "canvas": 99, **MOUSE},
    {"event": "click", "canvas": 1, **MOUSE},
    {"event": "click", "canvas": 0},
    {"event": "click", "canvas": 0, **MOUSE, "pos": [0, 1]},
    {"event": "click", "canvas": 0, **MOUSE, "ray": [math.nan, 0, 0]},
    {"event": "keydown", "canvas": 0, "key": "4"},
    {"event": "mouseenter", "canvas": 0, **MOUSE},  # not bound: VPython's handler would fail
    {"event": "no such event", "canvas": 0},
    {"event": 7, "canvas": 0},
    {"event": "update_canvas", "canvas": 0, "range": 0},
    {"event": "update_canvas", "canvas": 0, "keysdown": "a"},
    {"event": "update_canvas", "canvas": 0, "up": [1, 2, "3"]},
    {"event": "pick", "canvas": 0, "pick": 99},
    {"event": "pick", "canvas": 0},
    {"event": "resize", "canvas": 0, "width": 640},
    {"event": "_compound", "canvas": 0, "pos": [0, 0, 0]},
]


@pytest.mark.parametrize("event", GOOD)
def test_what_the_page_sends_passes(event: object) -> None:
    check_event(event, REGISTRY, CLASSES)


@pytest.mark.parametrize("event", BAD, ids=repr)
def test_wrong_shapes_and_values_are_junk(event: object) -> None:
    with pytest.raises(Junk):
        check_event(event, REGISTRY, CLASSES)


@pytest.mark.parametrize(
    "payload",
    [
        b"\xff\xfe",
        b"{",
        b"",
        b"42",
        b'{"a": 1}',
        b"null",
        b'"x"',
        b"[NaN]",
        b"[Infinity]",
        b"[-Infinity]",
        b"[" * 100_000,
    ],
)
def test_a_message_that_is_not_a_json_list_is_junk(payload: bytes) -> None:
    with pytest.raises(Junk):
        parse_events(payload)


def test_a_message_is_a_list_of_events() -> None:
    assert parse_events(b'[{"trigger": true}, 1]') == [{"trigger": True}, 1]


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 1e308, -1, MAX_PLY + 1.5, "abc", None])
def test_slider_to_level_refuses_what_the_slider_cannot_show(value: object) -> None:
    with pytest.raises(ValueError):
        slider_to_level(value)  # type: ignore[arg-type]


def test_slider_to_level_reads_the_slider() -> None:
    assert [slider_to_level(v).ply for v in (0, 0.4, 3, MAX_PLY)] == [0, 0, 3, MAX_PLY]
    assert slider_to_level(MAX_PLY + 1).is_perfect


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_ignored_lines_come_in_a_burst_then_a_few_a_second_and_say_how_many_were_left_out() -> None:
    lines: list[str] = []
    clock = Clock()
    log = IgnoredLog(lines.append, burst=3, per_second=2.0, clock=clock)
    for n in range(10):
        log(f"junk {n}")
    assert lines == ["ignored: junk 0", "ignored: junk 1", "ignored: junk 2"]
    clock.now = 0.5  # one more line may come
    log("junk 10")
    log("junk 11")
    assert lines[3:] == ["ignored: 7 more like these, not logged", "ignored: junk 10"]
    clock.now = 100.0  # quiet for long: a full burst again, never more
    for n in range(5):
        log(f"late {n}")
    left_out = "ignored: 1 more like these, not logged"
    assert lines[5:] == [left_out, "ignored: late 0", "ignored: late 1", "ignored: late 2"]
