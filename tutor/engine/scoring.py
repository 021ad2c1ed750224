"""The 0-6 scoring rule, in one place: the running level earned as steps are made."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.engine.frozen import Frozen
from tutor.engine.registry import TECHNIQUES, band
from tutor.engine.step import Step

# A technique beyond the card's ladder earns 6: needing it means the card's ladder cannot finish.
_BEYOND_THE_CARD = 6.0
_SCORING = {
    t.id: (t.score_group,
           _BEYOND_THE_CARD if t.level is None else t.level,
           _BEYOND_THE_CARD if t.repeated_level is None else t.repeated_level)
    for t in TECHNIQUES
}


class Scorer:
    """Counts steps by technique and keeps the level they have earned so far.

    A score group earns its level once one step used it and its repeated level once two or more
    did; the level is the highest any group earned. `bottleneck_index` is the index of the step at
    which the running level first reached its current value.
    """

    __slots__ = ("counts", "group_uses", "level", "bottleneck_index", "made", "settled",
                 "first_at")

    def __init__(self):
        self.counts: dict[str, int] = {}
        self.group_uses: dict[str, int] = {}
        self.level = 0.0
        self.bottleneck_index: int | None = None
        self.made = 0
        # Techniques counted before whose group was used twice already: only a group's first and
        # second use can raise the level (and the first use of all set the bottleneck), later
        # ones earn the same again. The grader's walk adds a step at a time, mostly of these.
        self.settled: set[str] = set()
        self.first_at: dict[str, int] = {}
        """Each technique's first step, as its index among the steps added."""

    def add(self, technique_id: str, times: int = 1) -> None:
        """Record `times` consecutive steps of one technique."""
        if technique_id in self.settled and times > 0:
            self.counts[technique_id] += times
            self.made += times
            return
        if times <= 0:
            return
        group, once, repeated = _SCORING[technique_id]
        counts = self.counts
        if technique_id in counts:
            counts[technique_id] += times
        else:
            counts[technique_id] = times
            self.first_at[technique_id] = self.made
        uses = self.group_uses
        before = uses.get(group, 0)
        uses[group] = before + times
        if before + times >= 2:
            self.settled.add(technique_id)
        if before >= 2:
            self.made += times
            return
        made = self.made
        if before == 0:
            self._reach(once, made)
            if times > 1:
                self._reach(repeated, made + 1)
        else:
            self._reach(repeated, made)
        self.made = made + times

    def _reach(self, earned: float, index: int) -> None:
        """The step at `index` earned `earned`: the level rises to it, and the first step of all
        is the bottleneck until one raises the level."""
        if earned > self.level or self.bottleneck_index is None:
            self.level = max(self.level, earned)
            self.bottleneck_index = index

    @property
    def band(self) -> str:
        return band(self.level)


class Earned(Frozen):
    """The level earned by the steps applied so far, with how often each technique was used."""

    __slots__ = ("level", "band", "tally")
    level: float
    band: str
    tally: dict[str, int]

    def __init__(self, level: float, band: str, tally: dict[str, int] | None = None) -> None:
        self._freeze(level, band, {} if tally is None else tally)


def level_earned(steps: Iterable[Step]) -> Earned:
    """The 0-6 level earned by steps, in order, by the one scoring rule above.

    A score group earns its level once, its repeated level after (pointing and claiming share a
    group); the overall level is the highest any group earned; backtracking earns 6.
    """
    scorer = Scorer()
    for step in steps:
        scorer.add(step.technique)
    return Earned(scorer.level, scorer.band, dict(scorer.counts))
