"""atomic_dataset's SymPy step, both profiles, on top of the shared math engine (``pytest_answerbench.maths``).

* upstream: VLMEvalKit ``physics_eval_utils.is_equiv``'s SymPy part: the reference's LaTeX preprocessing
  (subscripts erased, ``\\left``/``\\right`` dropped, ``\\cdot`` -> ``*``, only the text after the last
  ``\\implies`` and the last ``=``), ``parse_latex``, ``simplify(expand(trigsimp(e)))`` per side (10 s), then
  ``simplify(e1 - e2) == 0 or e1.equals(e2)`` (30 s). Any failure means "not proven" and the judge decides.
* default: ``maths.equivalent`` (units, ``\\text{}``, percentages, tuples, equations...) with a three-way
  answer: equal, different, or undecided (only then is the judge asked).

Results are memoised by text, so ``judge_requests`` (which must know which pairs SymPy settles) and ``score``
do the work once.
"""

from __future__ import annotations

import re
from typing import Any

from ..maths.guard import UPSTREAM_NODES, StepTimeout, TooComplex, check_tree, step_limit
from ..maths.parse import ParseFailure, parse_latex_raw

STANDARDIZE_SECONDS = 10.0  # the reference's limit for each side's standardisation
EQUAL_SECONDS = 30.0  # and for the comparison
DEFAULT_SECONDS = 10.0  # the default profile's limit for one maths.equivalent call

EQUAL, DIFFERENT, UNDECIDED = "equal", "different", "undecided"
# maths.equivalent methods that settle "different" (a number is not another number, a tuple of the wrong
# length is wrong...). "text", "symbolic", "unparsed ..." mismatches only mean "not shown equal".
_DECISIVE = ("numeric", "numeric-spot", "tuple", "tuple-mismatch", "count-mismatch", "interval", "equation",
             "ratio", "set-mismatch")

_CACHE: dict[tuple[str, str, str], Any] = {}


def _memo(kind: str, pred: str, gold: str, compute) -> Any:
    key = (kind, pred, gold)
    if key not in _CACHE:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[key] = compute()
    return _CACHE[key]


def preprocess(expr: str) -> str:
    """The reference's ``_preprocess_latex`` followed by ``_extract_core_eq``."""
    expr = re.sub(r"_\{.*?\}", "", expr)
    expr = re.sub(r"_\\?\w", "", expr)
    expr = expr.replace("\\left", "").replace("\\right", "").replace("\\cdot", "*")
    if "\\implies" in expr:
        expr = expr.split("\\implies")[-1]
    if "=" in expr:
        expr = expr.split("=")[-1]
    return expr.strip()


def upstream_equal(pred: str, gold: str) -> bool:
    """True when the reference's SymPy path proves ``pred`` equal to ``gold``; False means "not proven"."""
    return _memo("upstream", pred, gold, lambda: _upstream_equal(pred, gold))


def _standardize(expr: Any) -> Any:
    import sympy

    with step_limit(STANDARDIZE_SECONDS):
        return sympy.simplify(sympy.expand(sympy.trigsimp(expr)))


def _upstream_equal(pred: str, gold: str) -> bool:
    import sympy

    try:
        p1, p2 = parse_latex_raw(preprocess(pred)), parse_latex_raw(preprocess(gold))
        # Runaway values (10^{10^{10}}, 99999!) would spin until the step limits and end "not proven":
        # refuse them up front with the same result, as the OlympiadBench / IMO upstream profiles do.
        check_tree(p1, max_nodes=UPSTREAM_NODES)
        check_tree(p2, max_nodes=UPSTREAM_NODES)
        e1 = _standardize(p1)
        e2 = _standardize(p2)
        with step_limit(EQUAL_SECONDS):
            return bool(sympy.simplify(e1 - e2) == 0 or e1.equals(e2))
    except (ParseFailure, StepTimeout, TooComplex):
        return False
    except Exception:  # noqa: BLE001 - the reference's handler turns every SymPy failure into "unknown"
        return False


def default_compare(pred: str, gold: str) -> tuple[str, str]:
    """(``equal`` | ``different`` | ``undecided``, the math engine's method)."""
    return _memo("default", pred, gold, lambda: _default_compare(pred, gold))


def _default_compare(pred: str, gold: str) -> tuple[str, str]:
    from .. import maths

    try:
        with step_limit(DEFAULT_SECONDS):
            ok, method = maths.equivalent(gold, pred)
    except (StepTimeout, TooComplex, ParseFailure, RecursionError):
        return UNDECIDED, "sympy-limit"
    if ok:
        return EQUAL, method
    if method in _DECISIVE or method.startswith("set:"):
        return DIFFERENT, method
    return UNDECIDED, method
