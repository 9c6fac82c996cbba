"""The scene's hardened web server (``server``, ``web``), the checks on what its websocket accepts (``protocol``),
and reload resumes (``restart``, ``resume``). Only ``server`` touches VPython, lazily: it is installed before
VPython is imported and reaches VPython's objects once the page has connected.
"""
