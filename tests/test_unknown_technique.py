"""An unknown technique id or ladder name is the project's own error, naming the id and the known ones."""

from __future__ import annotations

import pickle

import pytest

import tutor
from tutor.engine import BY_ID, LADDERS, technique
from tutor.model.errors import UnknownTechniqueError

EASY = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."


@pytest.mark.parametrize("call, bad", [
    (lambda grid: tutor.find_steps(grid, "bogus"), "bogus"),
    (lambda grid: tutor.grade(grid, ["naked_single", "nope"]), "nope"),
    (lambda grid: tutor.next_step(grid, ["x_wings"]), "x_wings"),
    (lambda grid: technique("hidden_singel"), "hidden_singel"),
])
def test_an_unknown_id_names_itself_and_lists_the_known_ids(call, bad):
    with pytest.raises(UnknownTechniqueError) as caught:
        call(tutor.parse(EASY))
    error = caught.value
    assert error.technique_id == bad and error.known == tuple(BY_ID)
    assert str(error).startswith(f"unknown technique {bad!r}; known: naked_single, hidden_single")
    assert "forcing_chain" in str(error)
    assert isinstance(error, tutor.TutorError) and isinstance(error, ValueError)


def test_an_unknown_ladder_name_lists_the_ladders_and_the_ids():
    with pytest.raises(tutor.UnknownTechniqueError) as caught:
        tutor.grade(tutor.parse(EASY), "nope")
    error = caught.value
    assert error.technique_id == "nope" and error.known == tuple(LADDERS)
    assert str(error).startswith("unknown ladder 'nope'; known: full, card")
    assert "known ids: naked_single" in str(error)


def test_an_id_that_is_not_a_string_is_the_same_error():
    with pytest.raises(UnknownTechniqueError) as caught:
        tutor.find_steps(tutor.parse(EASY), ["x_wing"])  # type: ignore[arg-type]
    assert caught.value.technique_id == ["x_wing"]


def test_callers_that_caught_key_error_still_catch_it():
    with pytest.raises(KeyError):
        technique("bogus")


def test_it_survives_a_trip_to_a_worker_process():
    error = UnknownTechniqueError("bogus", tuple(BY_ID))
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is UnknownTechniqueError and str(copy) == str(error)
    assert copy.technique_id == "bogus" and copy.known == error.known
