"""The solvers layer: the backtracking solver and the optional MILP solver, independent of each other."""
