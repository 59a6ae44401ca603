"""The reading rules of the math comparison as tables: one part against one part (``maths/compare/items.py``:
``RULES``) and the whole answer (``maths/compare/whole.py``: ``STEPS``).

* each module's docstring lists its rules in the table's order, with their priorities;
* priorities are distinct and each table is written in their order;
* for each rule (and each answering step), a minimal pair it is the first to answer, run through the table as
  ``items_equal`` / ``equivalent`` run it, so moving a rule up or down its table fails here.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("sympy")

from pytest_answerbench.maths.compare import items, whole  # noqa: E402
from pytest_answerbench.maths.compare.items import RULES, items_equal  # noqa: E402
from pytest_answerbench.maths.compare.whole import STEPS  # noqa: E402
from pytest_answerbench.maths.normalize import clean  # noqa: E402


def test_the_docstring_lists_the_rules_in_order_with_their_priorities():
    documented = re.findall(r"^\d+\. ``([\w-]+)`` \((\d+)\)", items.__doc__ or "", re.M)
    assert documented == [(rule.name, str(rule.priority)) for rule in RULES]


def test_priorities_are_distinct_and_the_table_is_in_their_order():
    priorities = [rule.priority for rule in RULES]
    assert priorities == sorted(set(priorities))
    assert len({rule.name for rule in RULES}) == len(RULES)


def _first(table, state):
    """(name, verdict) of the first rule of ``table`` that answers for ``state``, by priority."""
    for rule in sorted(table, key=lambda r: r.priority):
        found = rule.run(state)
        if found is not None:
            return rule.name, found
    raise AssertionError("no rule answered")


def _first_rule(gold: str, pred: str, tol: float | None = None, kind: str | None = None):
    return _first(RULES, items._Pair(clean(gold), clean(pred), tol, kind))


@pytest.mark.parametrize("gold, pred, tol, rule, equal", [
    ("3", "", None, "empty", False),
    ("x^2 + 1", "x^2 + 1", None, "exact", True),
    ("0.33", "\\frac{1}{3} \\approx 0.33", None, "approx", True),  # a correct rounding of the exact value
    ("0.34", "\\frac{1}{3} \\approx 0.34", None, "approx", False),  # not one
    ("x \\approx 3", "3", None, "equation", True),  # approx-gold reads "x = 3" for the later rules
    ("(1, 2)", "A \\cap B = (1, 2)", None, "labelled-value", True),
    ("(0, 1]", "0 < x \\le 1", None, "interval", True),
    ("(1, 2)", "(1, 3)", None, "tuple", False),
    ("(1, 2)", "(1.04, 2)", 0.05, "tuple", True),
    ("1:2", "2:4", None, "ratio", True),
    ("y = 2x + 1", "2x - y + 1 = 0", None, "equation", True),
    ("0.5", "0.50", None, "numeric", True),
    ("-3", "-3.0", None, "numeric", True),
    ("infinite", "The set is infinite", None, "text", True),
    ("12", "twelve", None, "text", True),
    ("\\frac{\\sqrt{2}}{2}", "\\sin(\\pi/4)", None, "value", True),
    ("x + 1", "x + 2", None, "value", False),
])
def test_each_rule_is_the_first_to_answer_its_minimal_pair(gold, pred, tol, rule, equal):
    name, verdict = _first_rule(gold, pred, tol)
    assert (name, verdict[0]) == (rule, equal)
    assert items_equal(clean(gold), clean(pred), tol) == verdict  # the table is what items_equal runs


def test_approx_gold_rewrites_the_gold_and_never_answers():
    (rule,) = [r for r in RULES if r.name == "approx-gold"]
    pair = items._Pair(clean("\\frac{\\sqrt3}{3} \\approx 0.577"), clean("x"), None, None)
    assert rule.run(pair) is None
    assert pair.g.text == clean("\\frac{\\sqrt3}{3}").text


# ------------------------------------------------------------------------------------- whole answers (whole.py)

def test_the_whole_answer_docstring_lists_the_steps_in_order_with_their_priorities():
    documented = re.findall(r"^\d+\. ``([\w-]+)`` \((\d+)\)", whole.__doc__ or "", re.M)
    assert documented == [(step.name, str(step.priority)) for step in STEPS]
    priorities = [step.priority for step in STEPS]
    assert priorities == sorted(set(priorities))


def _first_step(gold: str, pred: str, kind: str | None = None):
    return _first(STEPS, whole._Answers(gold, pred, None, kind, None))


@pytest.mark.parametrize("gold, pred, kind, step, verdict", [
    ("C", "C. x = 42", None, "option", (True, "option")),
    ("x = \\frac{\\pi}{4} + \\frac{k\\pi}{2},\\ k \\in \\mathbb{Z}", "x = \\pm\\frac{\\pi}{4} + k\\pi,\\ k \\in \\mathbb{Z}", None,
     "lattice", (True, "lattice")),
    ("\\begin{pmatrix}1\\\\2\\end{pmatrix}", "(1, 2)", None, "matrix", (True, "matrix")),
    ("13:00", "1:00 pm", None, "clock", (True, "clock")),
    ("1:00", "12:00", None, "clock", (False, "clock")),  # a time, not the ratio 1:1
    ("x = 3", "3", None, "single", (True, "equation")),  # a label on the gold's side is kept
    ("\\{1, 2\\}", "S = \\{1, 2\\}", None, "exact", (True, "exact")),  # marks: the prediction's label dropped
    ("0,5", "0.5", None, "exact", (True, "exact")),  # clean: a decimal comma against a decimal
    ("\\frac{1}{2}", "0.5", None, "single", (True, "symbolic")),
    ("1, 2", "1", None, "count", (False, "count-mismatch")),
    ("x < 2 \\text{ or } x > 3", "(-\\infty, 2) \\cup (3, \\infty)", None, "count", (True, "interval")),
    ("1, 2", "2, 1", None, "set", (True, "set:exact")),
    ("1, 2", "2, 1", "Tuple ordered", "set", (False, "set-mismatch")),
    ("x = 3, y = 2", "(3, 2)", None, "single", (True, "exact")),  # parts: the assignments are the pair
])
def test_each_step_is_the_first_to_answer_its_minimal_pair(gold, pred, kind, step, verdict):
    assert _first_step(gold, pred, kind) == (step, verdict)
    assert whole._equivalent(gold, pred, None, kind, None) == verdict  # the table is what equivalent runs
