"""What the controller's intent handlers (game_intents, settings, variant_intents, hint_intents, analysis_intents)
use of it."""

from __future__ import annotations

from collections.abc import Callable

from ...game import Game
from ..worker.jobs import AiJobs
from .view_protocol import View


class ControllerParts:
    """The controller's state and helpers that every handler mixin uses; the controller provides them. Each mixin
    declares what else it needs."""

    game: Game
    view: View
    jobs: AiJobs
    log: Callable[[str], None]
    _refuse: Callable[[object], None]
