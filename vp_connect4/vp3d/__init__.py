"""The 3D game in the browser (VPython).

Importing this package does not import VPython: ``app.run_scene`` does, once
the hardened server is installed. ``controller`` and ``ai`` never import it,
so the game loop is testable without a browser.
"""
