"""Commands listed in the command palette (ctrl+p): add an entry here to offer a new screen."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """A palette entry: `action` is run on the game screen (e.g. 'paste', 'app.push_screen(...)')."""

    title: str
    help: str
    action: str


COMMANDS: list[Command] = [
    Command("Load a puzzle (paste)", "Paste a puzzle in any accepted format", "paste"),
    Command("Bundled puzzles", "Pick a bundled puzzle by level", "browse"),
    Command("Hint", "Next rung of the hint ladder", "hint"),
    Command("Apply the next step", "Apply the hinted (or next) step", "apply_step"),
    Command("Solve to the end", "Apply every remaining step at once", "solve_all"),
    Command("Fill pencil marks", "Standard candidates for every empty cell", "auto_candidates"),
    Command("Check the board", "Mark conflicts, wrong digits and lost candidates", "check"),
    Command("Restart the puzzle", "Back to the givens (undoable)", "restart"),
    Command("Keys and legend", "The help screen", "help"),
    Command("New puzzle", "Generate a puzzle at a level (0-6) or a range, from a seed", "new_puzzle"),
    Command("Puzzle editor", "Compose a puzzle, checked live; save and play it", "editor"),
    Command("Search visualiser", "Watch two backtracking searches solve this puzzle side by side",
            "visualiser"),
    Command("Restore the previous game", "Bring back the game last replaced (this one is kept)",
            "restore_previous"),
    Command("Lessons", "Guided lessons, one per technique, with exercises and drills", "lessons"),
]
"""Later screens (lessons, editor, generator) register themselves by appending a Command."""
