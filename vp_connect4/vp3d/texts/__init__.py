"""What the scene says, worked out from the game: the status line, a move's log lines and events in words, the
score across games, the hint's lines and the rules menu's names and help. No VPython.
"""
