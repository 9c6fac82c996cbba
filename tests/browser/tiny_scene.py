"""A tiny VPython scene behind vp_connect4's server, for the server tests: ``python tiny_scene.py PORT``.

Like the app it has a spawn-context worker process, stopped through ``server.on_close``, so the tests
can check that closing the tab leaves no process behind. It prints the same ``scene ready`` line.
"""

from __future__ import annotations

import multiprocessing
import sys

from vp_connect4.vp3d import server

FRAME_RATE = 30


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    pool = multiprocessing.get_context("spawn").Pool(1)  # stands in for the app's AI worker
    pool.apply(abs, (-1,))  # the worker is up and has answered once
    server.on_close(pool.terminate)
    print(f"url: {server.install(port=port, open_browser=False)}", flush=True)
    import vpython  # blocks until the page connects

    vpython.box(color=vpython.color.red)
    vpython.sphere(pos=vpython.vector(1.5, 0, 0), color=vpython.color.yellow)
    print("scene ready", flush=True)
    while True:
        vpython.rate(FRAME_RATE)


if __name__ == "__main__":
    main()
