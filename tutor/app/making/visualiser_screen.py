"""The search visualiser: two backtracking searches fill the same puzzle side by side, tick by tick.

Left, plain cell order: every empty cell from r1c1 on gets the lowest digit that fits, each a guess.
Right, singles first and then a guess in the cell with the fewest candidates. A timer drives
SideBySide.advance(speed); the counters shown are the searches' own.
"""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from tutor.generator.search_trace import STRATEGIES, SearchEvent, SearchTrace, SideBySide
from tutor.model.geometry import CELL_COUNT
from tutor.model.grid import Grid
from tutor.model.bundled import load_file
from tutor.model.resources import bundled_dir
from tutor.app.board import Board
from tutor.app.keys import Key, bindings
from tutor.app.view import BoardView
from tutor.app.making.key_list import key_list

TICK = 0.1
"""Seconds between ticks."""
SPEEDS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
"""Steps per tick (each search), slowest first."""
START_SPEED = 5
CHUNK = 250
"""Steps taken at a time within a tick, so a tick can stop early on a slow machine."""
TICK_BUDGET = 0.05
"""Seconds a tick may spend searching before it leaves the rest for the next tick."""
NO_CANDIDATES = (0,) * CELL_COUNT
TITLES = {"cell_order": "Plain: cells in order", "propagation": "Singles, then fewest candidates"}
"""Short column titles (the legend gives the searches' full descriptions)."""
WORST_CASE_PREFIX = "Near worst case"
STEP_LIMIT = 10_000_000
"""Steps after which a search gives up, so a search left running does not use the processor for
good (plain cell order on the near worst case needs far more)."""

VISUALISER_KEYS: tuple[Key, ...] = (
    Key("space", "toggle_pause", "Pause", "Pause or resume both searches.", key_display="space"),
    Key("plus,equals_sign,right_square_bracket", "faster", "Faster", "Faster: more steps per tick.",
        key_display="+"),
    Key("minus,left_square_bracket", "slower", "Slower", "Slower: fewer steps per tick.",
        key_display="-"),
    Key("full_stop", "step", "Tick", "One tick at a time (pauses first).", key_display="."),
    Key("x", "stop", "Stop", "Stop both searches where they are (r starts again)."),
    Key("r", "restart", "Restart", "Start both searches again from the puzzle."),
    Key("w", "switch_puzzle", "Puzzle",
        "Switch between the game's puzzle and the near worst case for cell order."),
    Key("escape,q", "close", "Back", "Back to the game.", key_display="esc"),
)
LEGEND = (f"Left: {STRATEGIES['cell_order']}. Right: {STRATEGIES['propagation']}.\n"
          "[b]*[/] a guess on the board now   [b]![/] just taken back   [b][ ][/] the latest step\n"
          "Guesses are digits tried, backtracks guesses taken back, forced the singles placed "
          "with no choice. The fewer cells a search must guess, the less it has to undo.")


def near_worst_case():
    """The puzzle made to defeat cell-order search (puzzles/sources.txt), or None if it is missing."""
    try:
        puzzles = load_file(bundled_dir("puzzles") / "sources.txt")
    except (OSError, ValueError):
        return None
    return next((p for p in puzzles if p.name.startswith(WORST_CASE_PREFIX)), None)


class SearchColumn:
    """What one board shows beyond the model: the guesses standing, the cells just taken back."""

    def __init__(self, start: int) -> None:
        self.guessed: set[int] = set()
        self.cleared: set[int] = set()
        self.latest = start

    def take(self, events: list[SearchEvent], values) -> None:
        cleared = set()
        for event in events:
            if event.kind == "guess":
                self.guessed.add(event.cell)
            elif event.kind == "backtrack":
                self.guessed.difference_update(event.cleared)
                cleared.update(event.cleared)
            if event.cell is not None:
                self.latest = event.cell
        self.cleared = {c for c in cleared if not values[c]}


def counters(search: SearchTrace) -> Content:
    forced = search.steps - search.guesses - search.backtracks
    outcome = {"solved": "[b $text-success]solved[/]", "no_solution": "[b $text-error]no solution[/]",
               "limit": "[b $text-warning]step limit reached[/]"}.get(search.outcome, "searching")
    return Content.from_markup(
        f"steps [b]{search.steps:,}[/]  guesses [b]{search.guesses:,}[/]  "
        f"backtracks [b]{search.backtracks:,}[/]\nforced [b]{forced:,}[/]  depth {search.depth}  "
        f"{outcome}")


class VisualiserScreen(Screen[None]):
    """Watch the two searches on `grid`'s givens."""

    BINDINGS = bindings(VISUALISER_KEYS)

    def __init__(self, grid: Grid, name: str = "", step_limit: int = STEP_LIMIT) -> None:
        super().__init__()
        self.step_limit = step_limit
        self.game_puzzle = (Grid(grid.values, grid.givens), name or "this puzzle")
        self.puzzle, self.puzzle_name = self.game_puzzle
        self.on_worst_case = False
        self.speed = START_SPEED
        self.state = "running"
        self.ticks = 0
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Static(id="visual-title")
        with Horizontal(id="visual-boards"):
            for name in STRATEGIES:
                with Vertical(classes="visual-search", id=f"search-{name}"):
                    yield Static(f"[b]{TITLES[name]}[/b]", classes="visual-strategy")
                    yield Board(id=f"board-{name}")
                    yield Static(classes="visual-counters", id=f"counters-{name}")
        with VerticalScroll(id="visual-notes"):
            yield Static(id="visual-message")
            yield Static(LEGEND, id="visual-legend")
            yield Static(key_list(VISUALISER_KEYS), id="visual-keys")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        for board in self.query(Board):
            board.compact = True
            board.can_focus = False
        self.start()
        # Started once the boards are drawn: a screen closed before it was built (its widgets
        # never came) must not leave a timer ticking on it.
        self.timer = self.set_interval(TICK, self.tick)

    def start(self) -> None:
        """A fresh pair of searches on the current puzzle."""
        self.search = SideBySide(self.puzzle, self.step_limit)
        empty = self.puzzle.empty_cells
        first = empty[0] if empty else 0
        self.columns = {name: SearchColumn(first) for name in STRATEGIES}
        self.ticks = 0
        self.refresh_views()

    # --- ticks ------------------------------------------------------------------------------
    def tick(self) -> None:
        """Advance both searches by `speed` steps (fewer if the tick runs out of time)."""
        if self.state != "running":
            return
        self.advance()
        if self.search.finished:
            self.finish()
        self.refresh_views()

    def finish(self) -> None:
        self.state = "finished"
        gave_up = [TITLES[name] for name, search in self.search.searches.items()
                   if search.outcome == "limit"]
        if gave_up:
            self.message = (f"{' and '.join(gave_up)} gave up at the step limit "
                            f"({self.step_limit:,} steps); r starts again.")

    def advance(self) -> None:
        made = {name: [] for name in STRATEGIES}
        started = time.monotonic()
        done = 0
        while done < self.speed and not self.search.finished:
            chunk = min(CHUNK, self.speed - done)
            for name, events in self.search.advance(chunk).items():
                made[name].extend(events)
            done += chunk
            if time.monotonic() - started > TICK_BUDGET:
                break
        for name, events in made.items():
            self.columns[name].take(events, self.search.searches[name].values)
        self.ticks += 1

    # --- keys -------------------------------------------------------------------------------
    def action_toggle_pause(self) -> None:
        if self.state == "running":
            self.state = "paused"
        elif self.state == "paused":
            self.state = "running"
        else:
            self.message = f"The searches have {self.state}; r starts them again."
        self.refresh_views()

    def action_step(self) -> None:
        if self.state == "running":
            self.state = "paused"
        if self.state == "paused":
            self.advance()
            if self.search.finished:
                self.finish()
        else:
            self.message = f"The searches have {self.state}; r starts them again."
        self.refresh_views()

    def change_speed(self, by: int) -> None:
        index = SPEEDS.index(self.speed) + by
        self.speed = SPEEDS[min(len(SPEEDS) - 1, max(0, index))]
        self.refresh_views()

    def action_faster(self) -> None:
        self.change_speed(1)

    def action_slower(self) -> None:
        self.change_speed(-1)

    def action_stop(self) -> None:
        if self.state in ("running", "paused"):
            self.state = "stopped"
        self.refresh_views()

    def action_restart(self) -> None:
        self.state = "running"
        self.message = ""
        self.start()

    def action_switch_puzzle(self) -> None:
        if self.on_worst_case:
            self.puzzle, self.puzzle_name = self.game_puzzle
        else:
            worst = near_worst_case()
            if worst is None:
                self.message = "The near-worst-case puzzle is missing from puzzles/sources.txt."
                self.refresh_views()
                return
            self.puzzle, self.puzzle_name = worst.grid, worst.name
        self.on_worst_case = not self.on_worst_case
        self.action_restart()

    def action_close(self) -> None:
        self.timer.stop()
        self.dismiss(None)

    # --- drawing ----------------------------------------------------------------------------
    def refresh_views(self) -> None:
        state = {"running": "[b $text-success]running[/]", "paused": "[b $text-warning]paused[/]",
                 "stopped": "[b $text-error]stopped[/]", "finished": "[b]finished[/]"}[self.state]
        self.query_one("#visual-title", Static).update(Content.from_markup(
            f"[b]Search visualiser[/]  {state}  [dim]│[/]  [b]{self.speed:,}[/] steps a tick, "
            f"{1 / TICK:g} ticks a second  [dim]│[/]  $name", name=self.puzzle_name))
        for name, search in self.search.searches.items():
            column = self.columns[name]
            shown = Grid(search.values, self.puzzle.givens, masks=NO_CANDIDATES)
            view = BoardView(shown, column.latest, pattern_cells=frozenset(column.guessed),
                             problems=frozenset(column.cleared))
            self.query_one(f"#board-{name}", Board).view = view
            self.query_one(f"#counters-{name}", Static).update(counters(search))
        self.query_one("#visual-message", Static).update(self.message)
