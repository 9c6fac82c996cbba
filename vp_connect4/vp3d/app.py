"""Start the 3D scene and run its loop: ``run_scene(game, open_browser=..., port=..., seed=...)``.

Order matters: the hardened server (``server.server.install``) is prepared before
VPython is imported, because importing VPython starts a server and then waits
until a browser opens the page. The AI worker process is started before that
wait, so the first AI move does not pay for Python's start-up.

Browser events (VPython calls them on its threads) only put intents on a
queue; one loop takes them, hands them to the ``Controller`` and animates. It
waits on the queue between frames (see ``control.pacing``: 60 frames a second while
something moves, 10 when idle), never in VPython's ``rate``, which spins.
Mouse positions become columns here (``RackLayout.pick_slot``), so a click
picks the right column at any camera angle (a row, when a rule variant's gravity pulls sideways). See
``view.controls`` for the page's widgets and status line, and ``texts.log_lines`` for the log lines
(also printed here: ``Open <url> in your browser``, ``scene ready`` once the
scene is built). Closing the tab ends the program with exit code 0 (the
server raises ``SystemExit(0)``); the ``finally`` stops the AI worker. A reload
resumes the game: the closed tab restarts the program in place (``server.restart.keep_serving``,
``server.resume``), and it ends only if no page comes back.
"""

from __future__ import annotations

import os
import queue
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import wording
from ..errors import InvalidSettingError
from ..game import Game
from ..options import Parser, add_language, choose_language, port, seed
from ..students import DEFAULT_TIME_LIMIT
from ..terminal_input import write_line
from .control.context import SceneState
from .control.controller import Controller
from .control.intents import Command, Hover, Intent, PickNode, PlayColumn
from .control.keys import key_intent
from .control.pacing import Pacer
from .server.resume import RESUME_ENV
from .server.updates import FRAME
from .texts import log_lines
from .view.rack import RackLayout
from .view.sliders import slider_top
from .worker.ai import ProcessAiRunner

if TYPE_CHECKING:
    from .control.linked import LinkSide as SceneLink
    from .view.view import SceneView


class PortUnavailable(InvalidSettingError):
    """The scene cannot listen on the port asked for (in use, or not allowed)."""


@dataclass(frozen=True)
class Pointer:
    """A mouse event on the canvas: where the line of sight passes (``pos``) and its direction (``ray``)."""

    kind: str  # "click" or "move"
    pos: object
    ray: object


def to_intent(event: Intent | Pointer, layout: RackLayout, gravity: str = "down", tree: bool = False) -> Intent:
    """Turn a pointer event into the controller's intent (a column, or a row when ``gravity`` pulls sideways;
    with Think's ``tree`` shown, a click is a line of sight that picks an item of it); other intents pass through."""
    if isinstance(event, Pointer) and tree:
        if event.kind != "click":
            return Hover(None)
        pos, ray = event.pos, event.ray
        return PickNode((pos.x, pos.y, pos.z), (ray.x, ray.y, ray.z))  # type: ignore[attr-defined]
    if isinstance(event, Pointer):
        col = layout.pick_slot(event.pos, event.ray, gravity)  # type: ignore[arg-type]
        return PlayColumn(col) if event.kind == "click" else Hover(col)
    return event


def run_scene(
    game: Game,
    open_browser: bool = True,
    port: int = 0,
    seed: int | None = None,
    goal: str | wording.Phrase = "",
    move_time: float = DEFAULT_TIME_LIMIT,
    think: bool = False,
    link: SceneLink | None = None,
) -> int:
    """Play ``game`` in the browser until its tab closes; returns the exit code (0).

    New game returns to the game's start position (``Game(start_moves=...)``, e.g. a puzzle);
    ``goal``, if any, is a line on the page above the widgets (a puzzle's task). ``move_time``: the seconds a
    side's player file (``Seat.source``) may take for a move, in the AI worker. ``think``: open Think on the start
    position (the side to move's tree), before any AI moves (not after a reload: the game goes on). ``link``: a game
    over a link, its remote side played on the other machine (``link.scene``); a reload keeps it (``link.saved()``).
    """
    from .server import restart, server

    resumed = _serve(game, seed, port, open_browser)
    if resumed is not None:  # restarted after the tab closed: a reloaded page gets the same game
        game, seed = resumed.game, resumed.seed
    runner = ProcessAiRunner()
    runner.start()
    server.on_close(runner.close)
    loader = ProcessAiRunner()  # the Player file field's checks: its worker starts with the first one
    server.on_close(loader.close)
    controller: Controller | None = None
    # a closed tab restarts the program, which resumes this game (see server/resume.py)
    restart.keep_serving(lambda: _kept(game, seed, controller, link))
    try:
        events: queue.SimpleQueue[Intent | Pointer] = queue.SimpleQueue()
        scene = _bound_scene(events.put)
        from .view.view import SceneView

        layout = RackLayout(game.board.width, game.board.height)
        state = resumed.state if resumed is not None else None
        paused = state.paused if state is not None else False
        view = SceneView(scene, layout, events.put, time.monotonic, slider_top(game), goal, game.board.variant, game,
                         paused)  # fmt: skip
        controller = Controller(
            game, view, runner, seed=seed, state=state, move_time=move_time, loader=loader, link=link
        )  # fmt: skip
        _start(controller, scene, think=think and resumed is None)
        hover = _HoverWatch(scene.mouse)
        pacer = Pacer()
        while True:
            run_frame(events, pacer, hover, controller, view, layout)
    finally:
        if controller is not None:
            controller.close()
        else:
            runner.close()
            loader.close()
            if resumed is not None:  # no page came back after the restart: the tab was closed
                resumed.farewell(write_line)


def _kept(game: Game, seed: int | None, controller: Controller | None, link: SceneLink | None) -> dict[str, str]:
    """What a restart in place keeps, as environment variables: the game and the scene's state, and the link."""
    from .server import resume

    state = controller.state() if controller is not None else SceneState()
    return {resume.RESUME_ENV: resume.saved_game(game, seed, state), **(link.saved() if link is not None else {})}


def _bound_scene(put: Callable[[Intent | Pointer], None]) -> Any:
    """VPython's scene, once the page is open, with its keys and mouse bound to ``put``: the page gets the canvas
    with its bindings in one message, so a key pressed on it is never lost (nor one pressed while it is built)."""
    from .server import server

    server.hold_updates()
    try:
        import vpython  # waits here until the page is open

        scene = vpython.scene
        _bind_events(scene, put)
    finally:
        server.release_updates()
    return scene


def _serve(game: Game, seed: int | None, port: int, open_browser: bool) -> Any:
    """Start the scene's servers (and a browser); after a restart, the game saved by the program before (a
    ``resume.Resumed``), else None. A stop signal while this runs ends the program, the resumed game's moves
    logged once."""
    from .server import restart, resume, server

    resumed = resume.resumed_game(game, seed) if restart.restarting() else None
    try:
        url = server.install(port=port, open_browser=open_browser)
    except OSError as error:  # the port is taken, or not ours to use
        raise PortUnavailable(wording.port_unavailable(port, error.strerror or str(error))) from None
    except (SystemExit, KeyboardInterrupt):  # a stop sent while the restarted program started: handled here
        if resumed is not None:
            resumed.farewell(write_line)
        raise
    if resumed is not None:
        made = resumed.game.board.referee.moves_made()  # not its code's length: a swap there is s and four digits
        write_line(log_lines.Line.RESUMED(made))
    else:
        write_line(f"Open {url} in your browser" if not open_browser else f"The scene is at {url}")
        if open_browser and not server.browser_opened():
            print(wording.no_browser_found(url), file=sys.stderr, flush=True)
    return resumed


def _start(controller: Controller, scene: Any, think: bool) -> None:
    """Start ``controller`` and wait for the page to have everything (``think``: open Think before the first frame,
    so no AI has moved yet); "scene ready" says so."""
    controller.start()
    scene.waitfor("draw_complete")
    if think:
        controller.handle(Command.THINK)
    write_line("scene ready")  # in one piece: the server's thread writes lines too


def run_frame(
    events: queue.SimpleQueue[Intent | Pointer],
    pacer: Pacer,
    hover: _HoverWatch,
    controller: Controller,
    view: SceneView,
    layout: RackLayout,
) -> None:
    """Wait for input or the next frame's time, hand every input to the controller, then tick and animate."""
    try:
        pending: list[Intent | Pointer] = [events.get(timeout=pacer.wait(time.monotonic(), view.is_moving()))]
    except queue.Empty:
        pending = []
    moved = hover.poll()
    if moved is not None:
        pending.append(moved)
    while True:
        try:
            pending.append(events.get_nowait())
        except queue.Empty:
            break
    with FRAME:  # the frame's changes reach the page together (a checker and its mark: server.updates)
        for event in pending:
            controller.handle(to_intent(event, layout, controller.gravity, controller.think.showing))
        now = time.monotonic()
        controller.tick(now)
        moving = view.animate(now)
    if moving or pending:
        pacer.stir(now)


def scene_main(
    game: Game,
    argv: list[str] | None = None,
    description: str | wording.Phrase = "",
    goal: str | wording.Phrase = "",
) -> int:
    """The command line of a ready-made scene (``scenes/*.py``): ``[--no-browser] [--port P] [--seed S] [--lang L]``.

    ``description`` is printed in the terminal; ``goal`` is shown on the page too (see ``run_scene``);
    give them as ``wording.phrase(...)`` to have them said in the language chosen (``--lang`` or the environment).
    ``--seed`` also seeds the game's chance and swaps (a rule variant's), as ``main.py --seed`` does.
    """
    choose_language(argv)
    parser = Parser(description=wording.said(description) or None)
    parser.add_argument("--no-browser", action="store_true", help=wording.help_line("no_browser"))
    parser.add_argument("--port", type=port, default=0, help=wording.help_line("port"))
    parser.add_argument("--seed", type=seed, default=None, help=wording.help_line("seed"))
    add_language(parser)
    args = parser.parse_args(argv)
    if description and RESUME_ENV not in os.environ:  # not again after a reload
        print(wording.said(description), flush=True)
    if args.seed is not None:
        game.rng.seed(args.seed)
    try:
        return run_scene(game, open_browser=not args.no_browser, port=args.port, seed=args.seed, goal=goal)
    except PortUnavailable as error:
        parser.error(str(error))


class _HoverWatch:
    """Mouse moves as hover events, so the ghost follows the mouse.

    VPython sends no mousemove events without a button down, but it keeps ``scene.mouse.pos`` and
    ``.ray`` current while the mouse is over the canvas; a change becomes a ``Pointer("move", ...)``
    (read on the loop's own thread, once a frame).
    """

    def __init__(self, mouse: Any) -> None:
        self.mouse = mouse
        self.last: tuple[float, ...] | None = None

    def poll(self) -> Pointer | None:
        pos, ray = self.mouse.pos, self.mouse.ray
        now = (pos.x, pos.y, pos.z, ray.x, ray.y, ray.z)
        if now == self.last:
            return None
        first, self.last = self.last is None, now
        return None if first else Pointer("move", pos, ray)


def _bind_events(scene: Any, put: Callable[[Intent | Pointer], None]) -> None:
    """Mouse and keys on the canvas become queued events; nothing else happens on VPython's threads."""
    import vpython

    def pointer(kind: str) -> Callable[[Any], None]:
        # the event's ray is scene.mouse.ray, set by VPython just before it calls us; copy both vectors.
        # (Moves without a button pressed send no event: _HoverWatch polls the mouse instead.)
        return lambda event: put(Pointer(kind, vpython.vector(event.pos), vpython.vector(scene.mouse.ray)))

    def key(event: Any) -> None:
        intent = key_intent(str(getattr(event, "key", "")))
        if intent is not None:
            put(intent)

    scene.bind("click", pointer("click"))
    scene.bind("mouseleave", lambda: put(Hover(None)))
    scene.bind("keydown", key)
