"""The shape of the comparison's rule tables (``items.RULES``, ``whole.STEPS``): a named rule with its priority,
and the runner that asks the rules in order until one answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

Outcome = tuple[bool, str]  # (equal, method)


@dataclass(frozen=True)
class Rule:
    """One reading rule: ``run(state)`` answers ``(equal, method)`` or returns None to let the later rules read
    the state (a reading rule may rewrite the state for them). Rules run by ascending ``priority``; the numbers
    leave room, so a new rule takes one between its neighbours'."""

    name: str
    priority: int
    run: Callable[[Any], Outcome | None]


def in_order(table: Sequence[Rule]) -> tuple[Callable[[Any], Outcome | None], ...]:
    """The rules' functions by ascending priority (what :func:`first_answer` runs)."""
    return tuple(rule.run for rule in sorted(table, key=lambda rule: rule.priority))


def first_answer(runs: Sequence[Callable[[Any], Outcome | None]], state: Any) -> Outcome:
    """The answer of the first rule that gives one; the last rule of a table always does."""
    for run in runs:
        found = run(state)
        if found is not None:
            return found
    raise AssertionError("the last rule always answers")  # pragma: no cover
