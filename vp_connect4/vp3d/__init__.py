"""The 3D game in the browser (VPython).

``app`` starts a scene and runs its loop; ``server`` is its hardened web server and reload, ``worker`` the AI's
process and jobs, ``control`` the loop logic (the ``Controller``), ``texts`` what the scene says, ``view`` what is
drawn, ``assets`` the page's own HTML, JavaScript and CSS. Importing this package does not import VPython:
``app.run_scene`` does, once the hardened server is installed; only ``view``, ``app`` and ``server.server``
import it, lazily, so the game loop is testable without a browser.
"""
