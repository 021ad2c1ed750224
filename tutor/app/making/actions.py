"""The game screen's actions that open the making screens; GameScreen mixes this class in."""

from __future__ import annotations

from tutor.engine import band, technique
from tutor.model.geometry import CLASSIC
from tutor.play.game import Game
from tutor.model.words import counted

# The making screens and the generator load when one of these keys is first pressed: the app's
# first frame needs none of them.
TYPE_CHECKING = False  # not typing's: importing typing costs start-up time
if TYPE_CHECKING:
    from tutor.generator import Generated
    from tutor.app.making.editor_screen import Composed
    from tutor.app.making.level_screen import Request


class MakingActions:
    """Needs the game screen's `game`, `load_game(game, message)` and `say(message)`."""

    last_level = ""
    """The level text asked for last, offered again."""
    last_needs = ""
    """The technique asked for last, offered again."""

    def action_new_puzzle(self) -> None:
        from tutor.app.making.generating_screen import GeneratingScreen  # lazy: start-up
        from tutor.app.making.level_screen import LevelScreen  # lazy: start-up

        def asked(request: Request | None) -> None:
            if request is not None:
                self.last_level = str(request.levels) if request.levels is not None else ""
                self.last_needs = request.needs or ""
                self.app.push_screen(GeneratingScreen(request), lambda made: self.play_generated(
                    made, request.symmetric, request.needs))

        self.app.push_screen(LevelScreen(self.last_level, self.last_needs), asked)

    def play_generated(self, made: Generated | None, symmetric: bool,
                       needs: str | None = None) -> None:
        if made is None:
            self.say("New puzzle cancelled.")
            return
        from tutor.generator.generate import level_text  # lazy: start-up
        from tutor.generator.needs import uses  # lazy: start-up

        level = made.grade.level
        same = "seed, level and symmetry" if symmetric else "seed and level"
        name = f"Level {level_text(level)} puzzle, seed {made.seed}"
        needing = ""
        if needs is not None:
            same = "seed and technique"
            name = f"Puzzle needing {technique(needs).name}, seed {made.seed}"
            needing = f", needs {technique(needs).name} ({counted(uses(made, needs), 'step')})"
        self.load_game(Game(made.grid, name),
                       f"New puzzle: level {level_text(level)} ({band(level)}){needing}, "
                       f"{made.grade.givens} givens{' (symmetric)' if symmetric else ''}, "
                       f"seed {made.seed}: the same {same} make it again.")

    def game_board_words(self) -> str | None:
        """'a Samurai' or 'a 6x6 board' when the game is not on the classic 9x9 board (the making
        screens make and draw 9x9 puzzles only), else None."""
        board = self.game.grid.geometry
        if board is CLASSIC:
            return None
        return "a Samurai" if board.is_samurai else f"a {board.name} board"

    def action_editor(self) -> None:
        from tutor.app.making.editor_screen import EditorScreen  # lazy: start-up

        def done(composed: Composed | None) -> None:
            if composed is not None:
                self.load_game(Game(composed.grid, composed.name))

        # The editor makes 9x9 puzzles on any game; it starts from the game's givens (G) only
        # when they are a 9x9 puzzle's.
        other = self.game_board_words()
        self.app.push_screen(EditorScreen(self.game.puzzle.values if other is None else None,
                                          game_board=other), done)

    def action_visualiser(self) -> None:
        other = self.game_board_words()
        if other is not None:
            self.say(f"The search visualiser shows searches on 9x9 puzzles only, and this game "
                     f"is {other}: open a 9x9 puzzle for it.")
            return
        from tutor.app.making.visualiser_screen import VisualiserScreen  # lazy: start-up

        self.app.push_screen(VisualiserScreen(self.game.puzzle, self.game.name))
