"""Every sentence a person reads, in one place, behind gettext (the message ids are English).

Both front ends (the terminal game and the 3D scene) and the errors of bad input take their
sentences from here. Each function looks its text up when it is called, so a language chosen
later (``gettext`` catalogues under ``vp_connect4/locale``) applies at once.

The language: :func:`use_language` (``en``, ``nl``, or None for the environment as gettext reads it:
LANGUAGE, LC_ALL, LC_MESSAGES, LANG; English when no catalogue matches). ``--lang`` and the scene's
language menu call it. A :class:`Phrase` is a sentence said later, in the language of that moment
(error messages, the scene's refusals); :func:`english` makes a block English for the log.
A function that only says one sentence, its arguments in the fields, is a row of data:
``student_raised = sentence(N_("{file}: {call} raised an error ..."), "file, call")``; one that says one of a few
sentences by name, ``button = choice("name", {"new": N_("New game"), ...})`` (:mod:`.language`); the others are
written out. New sentences: ``make translations`` (``tests/catalogue.py``) adds their ids (in ``_()``, ``_n()`` and
``N_()``) to the ``.po`` files and lists every id still without a translation.

Not here: the log lines that scripts read (``move 3: X column 2``, ``result: X wins``,
``moves: ...``, ``setting: ...``); they never change. And CS111's exact sentences
(:data:`CS111`), which that course's texts fix in English.

Column numbers: everything a person or a script sees counts columns (and rows, 0 the bottom one) from 0, as
``set_board`` strings, the log and ``--moves`` do: the terminal game, the API, and the 3D scene's labels and keys.

This package gathers them by kind (:mod:`.rules`, :mod:`.terminal`, :mod:`.scene`, :mod:`.chart`, :mod:`.variants`,
:mod:`.students`: a student's player file, the check and the tournament; :mod:`.grading`: the grades of
``check --gradescope``, the grading file and ``vp-connect4 autograder``; :mod:`.scene_players`: a player file in
the scene; :mod:`.standings`: the tournament's Swiss system and gauntlet) over one language machinery
(:mod:`.language`); callers use them as ``wording.<name>``.
"""

from .chart import *  # noqa: F403
from .diagnosis import *  # noqa: F403
from .grading import *  # noqa: F403
from .language import *  # noqa: F403
from .recursion import *  # noqa: F403
from .rules import *  # noqa: F403
from .sandbox import *  # noqa: F403
from .scene import *  # noqa: F403
from .scene_players import *  # noqa: F403
from .standings import *  # noqa: F403
from .students import *  # noqa: F403
from .terminal import *  # noqa: F403
from .think import *  # noqa: F403
from .variants import *  # noqa: F403
