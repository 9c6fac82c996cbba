"""Think: the side to move's ``scores_for`` recursion drawn as a tree, and its calls played one by one.

A part of :class:`.controller.Controller`. Think (the button or the key t) asks the AI worker for the tree of the
side to move's ``scores_for`` at its slider's ply, with its evaluation and the game's tiebreak
(:mod:`..worker.think`; a perfect level and the rule variants are refused in words: no false tree). Meanwhile
the status line says so and the game waits (no AI move, no hint). Then the view draws the tree
(:class:`.shown.TreeShown`: the top layers in full, deeper calls folded until a click opens them; the column
``next_move`` picks and its line marked) where the rack was; the camera turns and zooms it as it does the rack. A
click on an item shows its position on a small rack and its line of moves in words in the status line; a click
on a folded call opens it. Step (or →), ← back, Play / Stop (or Space) and the speed slider play the calls in the
order the code makes them, driven by the scene's loop (``tick``): a call lights up when it starts, its score shows
when it returns, the status line says it in the seed's words. Think again, Esc, or input that plays go back to
the game as it was; New game, Undo, Hint, Analyse game, a setting... go back and then do what they do. A player
file's tree opens on its first call that differs, the status line saying it and, where the one diagnosis finds a
problem at this position and ply (``Tree.diagnosis``; where the top call agrees, at the first call that differs),
check's sentence for it: which method holds the mistake.

Log lines (fixed English; see :mod:`..texts.log_lines`): ``think: X ply 3, 364 calls``, ``think ready: ...``,
``think opened ...``, ``think: node ...``, ``think: returned ...``, ``think closed``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .... import wording
from ....students.check_text import here_lines
from ....think.tree import CALL, Tree, TreeTooLarge, count
from ...texts import log_lines
from ...worker.jobs import JobKind
from ...worker.think import why_no_tree
from .. import intents
from ..aside import back_to_the_game
from ..context import Context
from ..games import Results
from ..hinting import Hints
from ..playing import Playing
from .shown import FILL, START, TreeShown, who_moved

Command = intents.Command
LEAVE_ONLY = {intents.PlayColumn, Command.FLIP, Command.THINK, Command.LEAVE_ANALYSIS}
LEAVE_FIRST = {
    Command.NEW_GAME, Command.UNDO, Command.REDO, Command.HINT, Command.ANALYSE_GAME, Command.SWAP_SIDES,
    intents.LoadGame, intents.ChangeRules, intents.SetSeat, intents.SetTiebreak,
}  # fmt: skip
SPEEDS = (1, 2, 4, 8, 15, 30, 60, 120, 250, 500)  # events a second Play shows, by the speed slider's value
DEFAULT_SPEED = 5


@dataclass
class Asked:
    """The tree asked for: ``ox``'s at ``ply`` after ``moves``, asked at ``at``; ``shown`` once it is drawn."""

    ox: str
    ply: int
    moves: str
    at: float
    shown: TreeShown | None = None
    playing: bool = False
    last_tick: float = 0.0
    due: float = 0.0  # events owed to Play since the last tick (a fraction)
    said: str = ""  # the status line's sentence of the last click or event


class Think:
    """Owns the tree shown (``asked``) and the speed Play plays it at."""

    def __init__(self, ctx: Context, playing: Playing, results: Results, hints: Hints) -> None:
        self.ctx, self.playing, self.results, self.hints = ctx, playing, results, hints
        self.asked: Asked | None = None
        self.speed = DEFAULT_SPEED

    @property
    def showing(self) -> bool:
        """The tree is shown (or being worked out) instead of the game."""
        return self.asked is not None

    def takes(self, intent: intents.Intent) -> bool:
        """While the tree is shown: → ← step, Space plays, a click picks; input that plays goes back to the game
        (True: done with); New game, Undo... go back first and are then handled as usual (False)."""
        if self.asked is None:
            return False
        kind = intents.kind(intent)
        if isinstance(intent, intents.MoveSelection):
            if not intent.vertical:
                self._step(intent.step)
            return True
        if kind == Command.DROP_SELECTION:
            self.on_play(Command.THINK_PLAY)
            return True
        if kind == intents.Hover:
            return True
        if kind in LEAVE_ONLY:
            self.leave()
            return True
        if kind in LEAVE_FIRST:
            self.leave()
        return False

    def on_think(self, intent: intents.Command) -> None:
        ctx = self.ctx
        game = ctx.game
        seat = game.seat_to_move()
        reason = why_no_tree(seat, game.board)
        if reason is None and self.playing.falling:
            ctx.refuse(wording.phrase(wording.refusal_in_scene, "falling"))
            return
        if reason is not None:
            ctx.refuse(wording.phrase(wording.think_refusal, reason))
            return
        ctx.jobs.drop()  # an AI move or a hint under way: asked again back in the game
        assert seat.level.ply is not None
        self.asked = Asked(game.to_move, seat.level.ply, game.move_string, ctx.clock())
        ctx.view.show_scores(None)
        ctx.view.announce(None)
        ctx.view.show_think(True)
        ctx.jobs.ask(JobKind.THINK, ctx.request(game.to_move, seat), ctx.generation)

    def arrived(self, tree: Tree) -> None:
        """The worker's tree: draw it."""
        asked = self.asked
        if asked is None or asked.shown is not None or tree.moves != asked.moves:
            return
        asked.shown = shown = TreeShown(tree, asked.ox)
        self.ctx.log(log_lines.Line.THINK(asked.ox, asked.ply, shown.calls))
        failed = tree.failed_call()  # a player file's call that did not return: the view opens there and names it
        first = failed if failed is not None else tree.first_difference()
        if first is not None:  # a player file's call that is not the reference's: the view opens there
            shown.reveal(first.line)
        self._draw(log_lines.Line.THINK_READY)
        best = tree.root.best(tree.tiebreak)
        asked.said = wording.think_ready(asked.ox, asked.ply, shown.calls, best)
        if first is not None:
            marked = sum(1 for node in tree.root.walk() if node.differs)
            self.ctx.log(log_lines.Line.THINK_DIFFERS(marked, log_lines.think_line(first.line)))
            differs = wording.think_differs_here if failed is None else wording.think_differs_failed
            asked.said = differs(marked, self._about(shown, first.line))
        if tree.diagnosis is not None:  # a player file: the method that holds the mistake here, as check says it
            said = here_lines(tree.diagnosis, board=False)
            asked.said = " ".join([asked.said, *(line.strip() for line in said if line.strip())])

    def failed(self, error: BaseException) -> None:
        if isinstance(error, TreeTooLarge) and self.asked is not None:  # refused in words, with its size
            width = self.ctx.game.board.width
            fits = max((ply for ply in range(error.ply) if count(ply, width) <= error.limit), default=0)
            failure = wording.phrase(wording.think_too_large, self.asked.ox, error.ply, error.limit,
                                     count(error.ply, width), fits)  # fmt: skip
        else:
            failure = wording.phrase(wording.think_failed, error)
        self.ctx.log(log_lines.Line.ERROR(failure.in_english()))
        self.ctx.view.cue(wording.capitalised(failure()))
        self.leave()

    def _draw(self, line: log_lines.Line, *values: object) -> None:
        shown = self.asked.shown if self.asked else None
        assert shown is not None
        self.ctx.view.show_tree(shown)
        items = shown.items()
        calls = sum(1 for item in items if item.kind == CALL)
        folded = sum(1 for item in items if item.folded)
        self.ctx.log(line(*values, calls, len(items) - calls, folded))

    def on_pick(self, intent: intents.PickNode) -> None:
        shown = self.asked.shown if self.asked else None
        if shown is None:
            return
        line = shown.pick(intent.pos, intent.ray)
        if line is None:
            return
        self.ctx.log(log_lines.Line.THINK_NODE(log_lines.think_line(line)))
        reopened = line == shown.selected and shown.open(line)
        shown.selected = line
        if reopened:
            self._draw(log_lines.Line.THINK_OPENED, log_lines.think_line(line))
        else:
            self.ctx.view.show_tree(shown)
        self.asked.said = self._about(shown, line)  # type: ignore[union-attr]

    def _about(self, shown: TreeShown, line: tuple[int, ...]) -> str:
        """The status line for the item of ``line`` clicked."""
        words = wording.think_moves(who_moved(shown.ox, line))
        node = shown.tree.at(line)
        if node is None:
            parent = shown.tree.at(line[:-1])
            assert parent is not None
            return f"{words}: {wording.think_slot(parent.slots[line[-1]].kind)}"
        scores = log_lines.scores_text(node.scores) if node.scores is not None else "?"
        text = wording.think_node(words, node.ox, node.ply, scores)
        folded = shown.items_folded(line)
        return text + (" " + wording.think_folded(folded) if folded else "")

    def on_step(self, intent: intents.Command) -> None:
        self._step(1)

    def on_play(self, intent: intents.Command) -> None:
        asked = self.asked
        if asked is None or asked.shown is None:
            return
        if asked.shown.finished and not asked.playing:
            asked.shown.play_to(0)
        asked.playing = not asked.playing
        asked.last_tick, asked.due = self.ctx.clock(), 0.0
        self.ctx.view.show_think_playing(asked.playing)

    def on_speed(self, intent: intents.ThinkSpeed) -> None:
        self.speed = min(max(intent.value, 0), len(SPEEDS) - 1)

    def _step(self, step: int) -> None:
        asked = self.asked
        if asked is None or asked.shown is None:
            return
        if asked.playing:
            asked.playing = False
            self.ctx.view.show_think_playing(False)
        self._play_to(asked.shown.step + step)
        self.ctx.log(log_lines.Line.THINK_STEP(asked.shown.step, len(asked.shown.events)))

    def _play_to(self, step: int) -> None:
        asked = self.asked
        assert asked is not None and asked.shown is not None
        shown = asked.shown
        was_finished = shown.finished
        shown.play_to(step)
        self.ctx.view.show_tree(shown)
        asked.said = self._event_words(shown)
        if shown.finished and not was_finished:
            root = shown.tree.root
            self.ctx.log(log_lines.Line.THINK_RETURNED(log_lines.scores_text(root.scores or ())))

    def _event_words(self, shown: TreeShown) -> str:
        """The status line for the last event played, in the seed's words."""
        event = shown.current()
        if event is None:
            return ""
        kind, line = event
        words = wording.think_moves(who_moved(shown.ox, line))
        if kind == FILL:
            parent = shown.tree.at(line[:-1])
            assert parent is not None
            return f"{words}: {wording.think_slot(parent.slots[line[-1]].kind)}"
        node = shown.tree.at(line)
        assert node is not None
        if kind == START:
            return wording.think_call_starts(node.ox, node.ply, words)
        scores = node.scores or ()
        if not line:
            return wording.think_root_returns(node.ox, node.ply, log_lines.scores_text(scores), node.best("LEFT"))
        top = max(scores) if scores else 0.0
        best = node.best("LEFT") or 0
        parent_ox = "O" if node.ox == "X" else "X"
        return wording.think_call_returns(node.ox, node.ply, best, f"{top:g}", line[-1], f"{100 - top:g}", parent_ox)

    def tick(self, now: float) -> None:
        """Once a frame: Play plays the events owed since the last tick, at the speed's rate."""
        asked = self.asked
        if asked is None or asked.shown is None or not asked.playing:
            return
        asked.due += (now - asked.last_tick) * SPEEDS[self.speed]
        asked.last_tick = now
        steps = int(asked.due)
        if steps < 1:
            return
        asked.due -= steps
        self._play_to(asked.shown.step + steps)
        if asked.shown.finished:
            asked.playing = False
            self.ctx.view.show_think_playing(False)

    def leave(self) -> None:
        """Back to the game as it was (:func:`..aside.back_to_the_game`)."""
        asked, view = self.asked, self.ctx.view
        if asked is None:
            return
        self.asked = None
        view.show_think(False)
        view.show_tree(None)
        back_to_the_game(self.ctx, self.results, self.hints, asked.shown is None, log_lines.Line.THINK_LEFT())

    def status(self) -> str:
        """The status line while the tree is shown (or worked out)."""
        asked = self.asked
        assert asked is not None
        if asked.shown is None:
            return wording.think_working(asked.ox, asked.ply, self.ctx.clock() - asked.at)
        return asked.said
