"""A tiny VPython scene behind vp_connect4's server, for the server tests: ``python tiny_scene.py PORT [--keep]``.

Like the app it has a spawn-context worker process, stopped through ``server.on_close``, so the tests
can check that closing the tab leaves no process behind. It prints the same ``scene ready`` line,
before it the indices of its canvas and widgets (``objects: canvas=0 slider=5 menu=6``), so a test can
send their events by hand; the slider's callback logs ``level: <label>`` as the game's would read it.
With ``--keep`` a closed tab restarts it in place, as the app does (``restart.keep_serving``: nothing to
resume, the same scene again); a restarted one prints ``resumed`` first.
"""

from __future__ import annotations

import multiprocessing
import sys
import time

from vp_connect4.vp3d.server import restart, server
from vp_connect4.vp3d.view.sliders import MAX_PLY, slider_to_level

FRAME_RATE = 30


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    pool = multiprocessing.get_context("spawn").Pool(1)  # stands in for the app's AI worker
    pool.apply(abs, (-1,))  # the worker is up and has answered once
    server.on_close(pool.terminate)
    if "--keep" in sys.argv[2:]:
        restart.keep_serving(dict)
    print(f"url: {server.install(port=port, open_browser=False)}", flush=True)
    if restart.resumed():
        print("resumed", flush=True)
    import vpython  # blocks until the page connects

    vpython.box(color=vpython.color.red)
    vpython.sphere(pos=vpython.vector(1.5, 0, 0), color=vpython.color.yellow)
    ply = vpython.slider(min=0, max=MAX_PLY + 1, step=1, value=0, bind=lambda s: log_level(s.value))
    menu = vpython.menu(choices=["one", "two"], bind=lambda m: print(f"menu: {m.selected}", flush=True))
    print(f"objects: canvas={vpython.scene.idx} slider={ply.idx} menu={menu.idx}", flush=True)
    print("scene ready", flush=True)
    while True:
        time.sleep(1 / FRAME_RATE)  # not vpython.rate, which spins (see vp_connect4.vp3d.control.pacing)


def log_level(value: float) -> None:
    print(f"level: {slider_to_level(value).label}", flush=True)  # a refused value raises, as in the game


if __name__ == "__main__":
    main()
