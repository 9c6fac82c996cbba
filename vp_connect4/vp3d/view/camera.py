"""How far and how fast the person may turn the camera.

The limits (``sensible_forward``), checked once a frame by ``SceneView.keep_camera_sensible``:

- **above the table**: the camera looks down on the rack's centre by at least ``MIN_ELEVATION``
  (``forward.y <= -sin(MIN_ELEVATION)``), so it never dips under the table top, where the rack is
  seen through the floor and the column numbers on the base are hidden;
- **not from overhead**: at most ``MAX_ELEVATION`` down, so the rows and the numbers on the base's
  front stay readable (and VPython's camera never reaches the pole, where "up" is undefined);
- **from the front**: at most ``MAX_AZIMUTH`` to either side of straight ahead; further round, the
  front with its numbers is seen edge-on and then from behind, where the columns run 7..1;
- **upright**: ``up`` is the world's y axis (only a two-finger touch rotation changes it).

Only a camera outside the limits is written to (one message to the page), so a drag past a limit
stops there; inside them nothing is sent.

The range (``fitted_range``): the page gives the canvas the window's room, wide or tall, so the camera's range
follows the canvas's shape: the rack (and a rule variant's arrow beside it) always fit, whatever the window.

The rate (``PAGE_SCRIPT``, from ``assets/turning_drag.js``): GlowScript turns the camera 0.01 radian
per pixel of a right-drag or Ctrl+drag (about 57 degrees per 100 px, hard-coded in glow.min.js), so a
small drag swings the rack edge-on. The script scales the mouse's travel during such a drag by ``SPIN_SCALE`` before
GlowScript sees it, so both drags turn ``SPIN_SCALE * 0.57`` degrees per pixel (23 per 100 px).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .. import assets

MIN_ELEVATION = math.radians(3.0)
MAX_ELEVATION = math.radians(70.0)
MAX_AZIMUTH = math.radians(75.0)
UPRIGHT_TOLERANCE = 1e-6
SPIN_SCALE = 0.4  # GlowScript's turn per pixel times this: 0.004 rad/px

Triple = tuple[float, float, float]


def angles(forward: Triple) -> tuple[float, float]:
    """(azimuth, elevation) in radians of a camera looking along ``forward``.

    Azimuth 0 looks at the rack's front (along -z), positive when the camera has gone round to the
    left (looking towards +x); elevation is positive when looking down.
    """
    x, y, z = forward
    flat = math.hypot(x, z)
    azimuth = math.atan2(x, -z) if flat > 0 else 0.0
    return azimuth, math.atan2(-y, flat)


def sensible_forward(forward: Triple) -> Triple | None:
    """None if ``forward`` is within the limits; else the nearest allowed one, of the same length."""
    azimuth, elevation = angles(forward)
    allowed_azimuth = min(max(azimuth, -MAX_AZIMUTH), MAX_AZIMUTH)
    allowed_elevation = min(max(elevation, MIN_ELEVATION), MAX_ELEVATION)
    if (allowed_azimuth, allowed_elevation) == (azimuth, elevation):
        return None
    length = math.sqrt(sum(c * c for c in forward)) or 1.0
    flat = math.cos(allowed_elevation) * length
    return (
        flat * math.sin(allowed_azimuth),
        -math.sin(allowed_elevation) * length,
        -flat * math.cos(allowed_azimuth),
    )


def fitted_range(size: tuple[float, float], seen: tuple[float, float]) -> float:
    """GlowScript's ``canvas.range`` for a canvas of ``size`` (width, height in pixels) that shows ``seen`` (half
    a width and half a height, world units) about its centre: the range spans half the canvas's smaller side, so
    on a tall canvas the width decides, on a wide one the height."""
    width, height = size
    half_width, half_height = seen
    smaller = min(width, height)
    return max(half_height * smaller / height, half_width * smaller / width)


def is_upright(up: Triple) -> bool:
    x, y, z = up
    length = math.sqrt(x * x + y * y + z * z)
    return length > 0 and abs(x) / length < UPRIGHT_TOLERANCE and abs(z) / length < UPRIGHT_TOLERANCE and y > 0


def keep_sensible(canvas: Any, vector: Callable[[float, float, float], Any]) -> bool:
    """Bring ``canvas``'s camera back within the limits; True if it had to (only then is it written to)."""
    moved = False
    up = canvas.up
    if not is_upright((up.x, up.y, up.z)):
        canvas.up = vector(0.0, 1.0, 0.0)
        moved = True
    forward = canvas.forward
    better = sensible_forward((forward.x, forward.y, forward.z))
    if better is not None:
        canvas.forward = vector(*better)
        moved = True
    return moved


# Added to the caption once (vp3d/assets/turning_drag.js). GlowScript's handlers (jQuery, on the canvas and its
# overlay) read the mouse's pageX/pageY; this listener runs first (capture phase on window) and, while a turning
# drag is on, hands them a copy of each move whose distance from where the drag began is scaled.
PAGE_SCRIPT = assets.script("turning_drag.js", scale=SPIN_SCALE)
