"""The scene's loop logic without VPython: the ``Controller`` and its intent handlers, the intents themselves
(``intents``, ``keys``), the ``View`` it drives (a protocol: ``control`` never imports ``view``), the seats and
the frame pacing. Testable without a browser: VPython is imported only lazily, by ``view``, ``app`` and the
server, never here.
"""
