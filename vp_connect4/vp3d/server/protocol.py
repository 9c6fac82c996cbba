"""What the scene's page may send over the websocket, checked before VPython's ``GlowWidget.handle_msg`` sees it.

VPython's page sends ``trigger`` (give me the pending updates) or a JSON list of events, and
VPython trusts them: a missing key, a wrong type or an unknown object index raises on its callback
thread, ``NaN`` in a mouse position reaches the game's picking, a slider value of ``1e308`` reaches
the slider's callback. :func:`parse_events` and :func:`check_event` accept exactly the shapes that
``handle_msg`` and ``canvas.handle_event`` read (see ``vpython/vpython.py``) and that the page
writes (``vpython_libraries/glowcomm.html``: ``process``, ``control_handler``, ``update_canvas``,
``send_pick``, ``send_compound``); anything else raises :class:`Junk`, whose text says what was
refused, for the server's ``ignored: ...`` log line. Nothing here imports vpython: the caller passes
VPython's object registry and classes.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from ...terminal_input import write_line
from ..texts import log_lines

TRIGGER = b"trigger"
MAX_COORDINATE = 1e9  # larger numbers in a position or size are junk, not a scene
SHOWN_CHARS = 60  # of a refused value in the log line
WIDGETS = ("button", "slider", "menu", "checkbox", "radio", "winput")
KEY_EVENTS = ("keydown", "keyup")
# The fields ``event_return`` reads of a mouse (or redraw, draw_complete) event and of a key event.
MOUSE_FIELDS = ("pos", "press", "release", "which", "alt", "shift", "ctrl")
KEY_FIELDS = ("key", "which", "alt", "shift", "ctrl")
VECTORS = ("pos", "ray", "forward", "up", "center")
IGNORED_BURST = 50  # ``ignored:`` lines that may come at once; then ...
IGNORED_PER_SECOND = 5.0  # ... this many a second: the rest are counted, not written
KEYS_BURST = 120  # key events that may come at once (a person types, or holds a key down: far fewer); then ...
KEYS_PER_SECOND = 60.0  # ... this many a second: a flood beyond that is dropped before VPython sees it


class Junk(ValueError):
    """A message or an event that VPython's page does not send; the text says what it was."""


class TokenBucket:
    """So many at once (``burst``), then ``per_second`` a second: :meth:`take` says whether one more may pass now.
    Thread-safe."""

    def __init__(self, burst: float, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self._lock = threading.Lock()
        self._tokens = float(burst)
        self._last = clock()

    def take(self) -> bool:
        with self._lock:
            now = self.clock()
            self._tokens = min(self.burst, self._tokens + (now - self._last) * self.per_second)
            self._last = now
            if self._tokens < 1:
                return False
            self._tokens -= 1
            return True


class IgnoredLog:
    """The ``ignored: ...`` lines, so many that a page sending junk cannot flood the log (a :class:`TokenBucket`).

    Up to ``burst`` lines at once, then ``per_second`` a second; lines beyond that are counted, not
    written, and the next line written says how many were left out (``ignored: 123 more like these,
    not logged``). Thread-safe: HTTP threads and the websocket thread write here.
    """

    def __init__(
        self,
        write: Callable[[str], None],
        burst: int = IGNORED_BURST,
        per_second: float = IGNORED_PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.write = write
        self._bucket = TokenBucket(burst, per_second, clock)
        self._lock = threading.Lock()
        self._left_out = 0  # lines not written since the last one that was

    def __call__(self, what: str) -> None:
        with self._lock:
            if not self._bucket.take():
                self._left_out += 1
                return
            if self._left_out:
                self.write(log_lines.ignored_left_out(self._left_out))
                self._left_out = 0
            self.write(log_lines.Line.IGNORED(what))


def _print_flush(line: str) -> None:
    write_line(line)  # in one piece: the scene's own thread writes the log too


ignored = IgnoredLog(_print_flush)
"""The log line for junk that the server refuses (or a client that hangs up): the game goes on."""


def shown(value: object) -> str:
    """``value`` for a log line: its repr, on one line, cut short."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


def _no_constant(name: str) -> float:
    raise Junk(f"a message with {name}, which JSON does not have")


def parse_events(payload: bytes) -> list[Any]:
    """The events of a message that is not ``trigger``: a JSON list (its items are checked one by one)."""
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise Junk(f"a message that is not UTF-8: {shown(payload)}") from None
    try:
        events = json.loads(text, parse_constant=_no_constant)
    except Junk:
        raise
    except ValueError:  # json.JSONDecodeError, and numbers too long to convert
        raise Junk(f"a message that is not JSON: {shown(text)}") from None
    except RecursionError:
        raise Junk("a message nested too deeply") from None
    if not isinstance(events, list):
        raise Junk(f"a message that is not a list of events: {shown(events)}")
    return events


def check_event(event: object, registry: Mapping[int, object], classes: Mapping[str, type]) -> None:
    """Raise :class:`Junk` unless ``handle_msg`` can take ``event`` as it is.

    ``registry``: VPython's ``baseObj.object_registry`` (index -> object); ``classes``: VPython's
    classes by name, ``canvas`` and each of :data:`WIDGETS`.
    """
    if not isinstance(event, dict):
        raise Junk(f"an event that is not an object: {shown(event)}")
    if "widget" in event:
        _check_widget_event(event, registry, classes)
    elif "trigger" not in event:  # VPython skips an event with "trigger"
        _check_canvas_event(event, registry, classes)


def _target(event: dict[str, Any], key: str, registry: Mapping[int, object], cls: type, what: str) -> Any:
    idx = event.get(key)
    obj = registry.get(idx) if _is_int(idx) else None
    if not isinstance(obj, cls):
        raise Junk(f"an event for no {what}: {shown(event)}")
    return obj


def _check_widget_event(event: dict[str, Any], registry: Mapping[int, object], classes: Mapping[str, type]) -> None:
    widget = event["widget"]
    if widget not in WIDGETS:
        raise Junk(f"an event of an unknown widget: {shown(event)}")
    obj = _target(event, "idx", registry, classes[widget], widget)
    value = event.get("value")
    if widget == "slider":
        if not (_is_real(value) and obj.min <= value <= obj.max):
            raise Junk(f"a slider value out of the slider's range {obj.min}..{obj.max}: {shown(value)}")
    elif widget == "menu":
        if not (_is_int(value) and 0 <= value < len(obj.choices)):
            raise Junk(f"a menu choice that the menu does not have: {shown(value)}")
    elif widget in ("checkbox", "radio"):
        if not isinstance(value, bool):
            raise Junk(f"a {widget} value that is not true or false: {shown(value)}")
    elif widget == "winput" and not (isinstance(event.get("text"), str) and (value is None or _is_real(value))):
        raise Junk(f"a winput event without its text and number: {shown(event)}")


def _check_canvas_event(event: dict[str, Any], registry: Mapping[int, object], classes: Mapping[str, type]) -> None:
    cvs = _target(event, "canvas", registry, classes["canvas"], "canvas")
    kind = event.get("event")
    for name in VECTORS:
        if name in event and not _is_vector(event[name]):
            raise Junk(f"a {kind!s:.20} event whose {name} is not three numbers: {shown(event[name])}")
    if kind == "pick":
        if "pick" not in event or not (event["pick"] is None or (_is_int(event["pick"]) and event["pick"] in registry)):
            raise Junk(f"a pick of no object: {shown(event)}")
    elif kind == "_compound":
        if not all(_is_vector(event.get(name)) for name in ("pos", "size", "up")):
            raise Junk(f"a compound event without its pos, size and up: {shown(event)}")
    elif kind == "resize":
        if not all(_is_real(event.get(name)) and event[name] >= 0 for name in ("width", "height")):
            raise Junk(f"a resize without its width and height: {shown(event)}")
    elif kind == "update_canvas":
        _check_update(event)
    elif isinstance(kind, str) and kind in cvs._binds:  # mouse and key events, redraw, draw_complete
        fields = KEY_FIELDS if kind in KEY_EVENTS else MOUSE_FIELDS
        if not all(name in event for name in fields):
            raise Junk(f"a {kind} event without {', '.join(fields)}: {shown(event)}")
    else:
        raise Junk(f"an unknown canvas event: {shown(event)}")


def _check_update(event: dict[str, Any]) -> None:
    if "range" in event and not (_is_real(event["range"]) and event["range"] > 0):
        raise Junk(f"a canvas range that is not a positive number: {shown(event['range'])}")
    if "autoscale" in event and not isinstance(event["autoscale"], bool):
        raise Junk(f"a canvas autoscale that is not true or false: {shown(event['autoscale'])}")
    keys = event.get("keysdown", [])
    if not (isinstance(keys, list) and all(isinstance(key, str) for key in keys)):
        raise Junk(f"keys down that are not a list of keys: {shown(keys)}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_real(value: object) -> bool:
    """A finite JSON number within :data:`MAX_COORDINATE` (JSON's ``true`` is not a number here)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and abs(value) <= MAX_COORDINATE  # before isfinite, which cannot convert a huge int
        and math.isfinite(value)
    )


def _is_vector(value: object) -> bool:
    return isinstance(value, list) and len(value) == 3 and all(_is_real(x) for x in value)
