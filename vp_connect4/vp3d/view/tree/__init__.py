"""Think's tree in the 3D view: its colours (:mod:`.colours`, no VPython) and its drawing (:mod:`.drawing`)."""
