"""MEGA-Bench's ``symbolic_planning_test`` (reference: ``metrics/scoring/symbolic_planning.py``): a PDDL plan is
simulated on the task's initial state with the domain's actions; score 1 when every action's preconditions
hold in turn and the goal holds at the end, else 0.

The row's ``eval_context`` carries ``domain_pddl`` and ``task_pddl``. PDDL is read the way the reference reads
it (plain string splitting and parenthesis counting, conditions compared as text after substituting the
action's objects for its parameters), so its quirks are kept: a plan line counts only when it starts with
``(``; negative preconditions are checked as the literal text ``(not ...)``; the goal is the first ``(and``
block of the task. A malformed action (unknown name, wrong number of objects) scores 0; a domain the reader
cannot take apart raises (0 through ``match``).
"""

from __future__ import annotations

import re
from typing import Any

from ...text.patterns import lazy_compile

__all__ = ["symbolic_planning_test"]

_PARAM_GROUPS = lazy_compile(r"((?:\?\S+\s*)+)(?:-\s+([^\?$]+)\s*)?")
_PARAM_NAME = lazy_compile(r"\?([^\s\?\)]+)\s*")


def _param_types(text: str) -> dict[str, Any]:
    """``(?a ?b - type ?c - (either t1 t2))`` -> ``{"a": "type", "b": "type", "c": ["t1", "t2"]}``."""
    text = text.strip()
    assert text[0] == "(" and text[-1] == ")"
    types: dict[str, Any] = {}
    for names, kind in _PARAM_GROUPS.findall(text[1:-1]):
        for name in _PARAM_NAME.findall(names):
            kind = kind.strip()
            types[name] = re.split(r"\s+", kind[1:-1].strip())[1:] if kind.startswith("(") else kind
    return types


def _outer_and_inner(text: str, ender: str, opener: str = "(", closer: str = ")") -> tuple[str, list[str], int]:
    """Scan to the first ``ender`` at depth 0; collect the top-level ``opener ... closer`` groups on the way."""
    depth, start, groups = 0, 0, []
    for i, c in enumerate(text):
        if depth == 0 and c == ender:
            return text[: i + 1], groups, i + 1
        if c == opener:
            if depth == 0:
                start = i
            depth += 1
        elif c == closer:
            depth -= 1
            if depth == 0:
                groups.append(text[start: i + 1])
    return text, groups, len(text)


def _attribute(text: str, starter: str) -> Any:
    """The block(s) opened by ``starter``: with one occurrence, (block text, its inner groups); with several,
    (block texts, {first word: inner groups}); with none, ("", [])."""
    pieces = text.split(starter)
    if len(pieces) == 1:
        return "", []
    if len(pieces) == 2:
        outer, inner, _ = _outer_and_inner(pieces[1], ")")
        return starter + outer, inner
    outers, by_name = [], {}
    while len(text.split(starter)) > 1:
        text = text.split(starter, 1)[1]
        name = re.split(r"\s+", text.strip())[0]
        outer, inner, end = _outer_and_inner(text, ")")
        outers.append(starter + outer)
        by_name[name] = inner
        text = text[end:]
    return outers, by_name


def _untyped(clause: str) -> str:
    """A clause with its ``- type`` annotations removed."""
    pieces = clause.split(" - ")
    if len(pieces) == 1:
        return clause
    for i in range(1, len(pieces)):
        rest = pieces[i].strip()
        if len(rest.split(")")[0].split()) == 1:
            pieces[i] = ")" + rest.split(")", 1)[1]
        else:
            pieces[i] = " " + rest.split(" ", 1)[1]
    return "".join(pieces).strip()


def _conjuncts(text: str) -> set[str]:
    """The clauses of ``(and c1 c2 ...)``."""
    assert text.startswith("(and")
    found, depth, start = set(), 0, 0
    for i, c in enumerate(text):
        if c == "(":
            depth += 1
            if depth == 2:
                start = i
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
            if depth == 1:
                found.add(_untyped(text[start: i + 1]))
    return found


class _Domain:
    def __init__(self, pddl: str):
        blocks, actions = _attribute(pddl, "(:action")
        self.names: list[str] = []
        self.params: list[dict[str, Any]] = []
        for _, (name, parts) in zip(blocks, actions.items()):
            assert len(parts) == 3
            self.names.append(name)
            self.params.append(_param_types(parts[0]))
        self.conditions: dict[str, list[str]] = {}
        for name in self.names:
            body = pddl.split(f"(:action {name}")[1]
            for kind, tag in (("pre", ":precondition"), ("post", ":effect")):
                cond = body.split(tag)[1].strip()
                clauses = _conjuncts(cond) if cond.startswith("(and") else {cond.split(")")[0].strip() + ")"}
                # Negative clauses first (a stable sort: the rest keep the set's order, as the reference).
                self.conditions[f"{name}_{kind}"] = sorted(clauses, key=lambda x: 0 if x.startswith("(not ") else 1)

    def bind(self, action: str) -> tuple[dict[str, str], str]:
        words = action[1:-1].split(" ")
        index = self.names.index(words[0].strip())  # ValueError for an unknown action
        objects = words[1:]
        assert len(objects) == len(self.params[index])
        return dict(zip(self.params[index], objects)), words[0].strip()


def _grounded(clause: str, binding: dict[str, str]) -> str:
    for param, obj in binding.items():
        clause = re.sub(r"\?{}(?=[^\w-])".format(param), obj, clause)
    return clause


def _holds(state: list[str], clause: str) -> bool:
    negative = clause.startswith("(not ")
    return (clause not in state) if negative else (clause in state)


def _apply(state: list[str], effects: list[str], binding: dict[str, str]) -> list[str]:
    for effect in effects:
        effect = _grounded(effect, binding)
        _, removed = _attribute(effect, "(not ")
        if removed:
            assert len(removed) == 1
            if removed[0] in state:
                state.remove(removed[0])
        elif effect.strip() not in state:
            state.append(effect)
    return state


def symbolic_planning_test(response: Any, eval_context: Any, task_info: Any = None) -> int:
    """1 when the plan (lines starting with ``(``) is executable from the initial state and reaches the goal.

    Raises:
        ValueError for a response that is neither text nor a list; whatever the PDDL reader raises on a
        domain it cannot take apart (0 through ``match``).
    """
    domain = _Domain(eval_context["domain_pddl"])
    if isinstance(response, str):
        lines = response.split("\n")
    elif isinstance(response, (tuple, list)):
        lines = list(response)
    else:
        raise ValueError(f"a plan must be text or a list, got {type(response).__name__}")
    plan = [line.strip() for line in lines if line.startswith("(")]
    try:
        task = eval_context["task_pddl"]
        state = _attribute(task, "(:init")[1]
        goal = _attribute(task, "(and")[1]
    except IndexError:
        return 0
    try:
        for action in plan:
            binding, name = domain.bind(action)
            if not all(_holds(state, _grounded(c, binding)) for c in domain.conditions[f"{name}_pre"]):
                return 0
            state = _apply(state, domain.conditions[f"{name}_post"], binding)
        return 1 if all(_holds(state, g) for g in goal) else 0
    except (ValueError, AssertionError):
        return 0
