"""The AI off the render loop: the worker process (``ai``), the jobs it runs and the one in flight (``jobs``),
and Analyse game's solving (``analysis``). No VPython: the worker process never loads it.
"""
