"""Sudoku Explainer's rating (ER, EP, ED) reproduced: its techniques, order and difficulties."""

from tutor.engine.se.rating import BEYOND, SeRating, se_rating

__all__ = ["BEYOND", "SeRating", "se_rating"]
