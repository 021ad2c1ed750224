"""The finders' memory of searches that found nothing never changes what they find."""

import tutor
from tutor.engine import dead_ends
from conftest import read_lines, shared_file

ONE_DIGIT = ("pointing", "claiming", "x_wing", "swordfish", "jellyfish", "finned_x_wing",
             "finned_swordfish", "finned_jellyfish", "skyscraper", "two_string_kite",
             "turbot_fish", "empty_rectangle", "simple_colors", "multi_colors")


def stuck_positions(line):
    """The positions of a puzzle's graded path where singles do not go on."""
    grid = tutor.parse(line)
    for step in tutor.grade(grid).steps:
        if step.technique not in ("naked_single", "hidden_single"):
            yield grid
        grid = grid.apply(step)


def test_remembered_dead_ends_change_no_finding():
    # Along real paths, the one-digit finders remember their dead ends from position to position
    # (warm), as the walk's do; asked again with the memory cleared before each question (cold),
    # they must find exactly the same steps, in the same order.
    lines = [l.split()[0] for l in read_lines(
        shared_file("se-rated/buckets_with_solutions/diabolical_puzzle_and_solution.txt"), 4)]
    positions = [grid for line in lines for grid in stuck_positions(line)]
    assert len(positions) >= 20
    dead_ends.forget()
    warm = [[tutor.find_steps(grid, t) for t in ONE_DIGIT] for grid in positions]
    cold = []
    for grid in positions:
        answers = []
        for technique_id in ONE_DIGIT:
            dead_ends.forget()
            answers.append(tutor.find_steps(grid, technique_id))
        cold.append(answers)
    assert warm == cold
