"""What is drawn: the ``SceneView`` with its rack, checkers and their animations, the camera's limits, and the
widgets around the canvas with their texts' HTML (``markup``). With ``app`` (and the server, which hands VPython
the page), the only modules that import VPython, lazily: when a scene is built.
"""
