"""A fake ``vpython`` module that keeps the objects it is asked to make, for tests of the scene's view code
without a browser (``monkeypatch.setitem(sys.modules, "vpython", FakeVpython(...))``)."""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Vec:
    x: float
    y: float
    z: float


class Thing:
    """A VPython object: its attributes as given (``born``: as made); a ``points`` or ``curve`` keeps its points as
    dicts."""

    def __init__(self, kind: str, **attrs: Any) -> None:
        self.kind, self.visible, self.emissive, self.yoffset, self.color = kind, True, False, 0, None
        self.__dict__.update(attrs)
        self.born = dict(attrs)
        self.points: list[dict[str, Any]] = []

    def append(self, points: Any) -> None:
        for point in points if isinstance(points, list) else [points]:
            self.points.append(dict(point) if isinstance(point, dict) else {"pos": point})

    def modify(self, index: int, **attrs: Any) -> None:
        self.points[index].update(attrs)

    def clear(self) -> None:
        self.points = []


class FakeVpython(types.ModuleType):
    """``vpython`` with a maker for each of ``kinds`` (``sphere``, ``ring``, ``points``...); ``made`` lists the
    objects in the order made."""

    def __init__(self, *kinds: str) -> None:
        super().__init__("vpython")
        self.made: list[Thing] = []
        self.vector = Vec
        for kind in kinds:
            setattr(self, kind, self._maker(kind))

    def _maker(self, kind: str) -> Any:
        def make(**attrs: Any) -> Thing:
            thing = Thing(kind, **attrs)
            self.made.append(thing)
            return thing

        return make
