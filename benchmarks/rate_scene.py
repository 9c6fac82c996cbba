"""The idle table's reference: a VPython scene in VPython's own idiom, ``while True: rate(60)``.

``python benchmarks/rate_scene.py PORT`` serves a box behind vp_connect4's server (so no browser is
opened and the page is the same) and prints ``scene ready`` once the page has connected.
"""

from __future__ import annotations

import sys

from vp_connect4.vp3d.server import server

FRAME_RATE = 60


def main() -> None:
    server.install(port=int(sys.argv[1]), open_browser=False)
    import vpython  # blocks until the page connects

    vpython.box(color=vpython.color.red)
    print("scene ready", flush=True)
    while True:
        vpython.rate(FRAME_RATE)


if __name__ == "__main__":
    main()
