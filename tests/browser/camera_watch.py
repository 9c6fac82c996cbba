"""What the camera showed, frame by frame, from the first frame with something in it: an init script for a page.

GlowScript keeps every object of the page in ``glowObjs``; the canvas's renderer draws a frame with ``render(0)``.
:data:`CAMERA_WATCH_SCRIPT` wraps it (before anything is drawn) and records the camera (looking along, centre,
up, range) at each frame drawn while the canvas shows a 3D object, once per change: a steady start records
one camera. :func:`cameras` reads the record.
"""

from __future__ import annotations

from typing import Any

CAMERA_WATCH_SCRIPT = """
(() => {
  const RENDER = 0;  // GlowScript's render mode for a frame drawn (1 is a pick)
  window.__cameras = [];  // {at: ms since the page began, camera: 'forward centre up range', size: [w, h]}
  const watch = () => {
    for (const o of window.glowObjs || []) {
      const renderer = o && o.__renderer;
      if (!renderer || renderer.__watched) continue;
      const render = renderer.render.bind(renderer);
      renderer.render = (mode) => {
        if (mode === RENDER && Object.keys(o.__visiblePrimitives || {}).length > 0) {
          const a = o.__axis.norm(), c = o.__center, u = o.__up.norm();
          const camera = [a.x, a.y, a.z, c.x, c.y, c.z, u.x, u.y, u.z, o.__range].map(v => (+v).toFixed(4)).join(' ');
          const last = window.__cameras[window.__cameras.length - 1];
          if (!last || last.camera !== camera) {
            window.__cameras.push({at: Math.round(performance.now()), camera: camera, size: [o.__width, o.__height]});
          }
        }
        return render(mode);
      };
      renderer.__watched = true;
    }
  };
  setInterval(watch, 2);
})();
"""


def cameras(page: Any) -> list[dict[str, Any]]:
    """The cameras the page has drawn with, in order, each once per change (``at``, ``camera``, ``size``)."""
    return page.evaluate("() => window.__cameras || []")
