"""The scene's loop logic without VPython: the ``Controller`` and its parts (each owning its state, given one
``context.Context``; one table routes each intent to its part), the intents themselves (``intents``, ``keys``), the
``View`` it drives (a protocol: ``control`` never imports ``view``), the seats and the frame pacing. Testable
without a browser: VPython is imported only lazily, by ``view``, ``app`` and the server, never here.
"""
