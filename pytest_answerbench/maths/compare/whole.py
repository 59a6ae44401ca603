"""Whole answers: :func:`equivalent`, the entry point, reads gold and prediction (option letters, matrices,
clock times, units, labels, parts) and compares them part by part through :func:`.items.items_equal`."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Sequence

from ..exact import BOUND, INVISIBLE, Undecided
from ..guard import MAX_ANSWER, StepTimeout, step_limit
from ..matrix import read_matrices
from ..normalize import Item, clean, is_thousands, number_words, split_answers, undoubled
from .equations import _symbolic
from .intervals import _union_parts_equal
from .items import _all_equal, items_equal
from .long import _long_answers
from .marks import _unit_scale, _with_marks, _with_target_unit
from .parts import _GROUPED, _assignments_as_tuples, _decimal_comma, _distinct, _match_all, _unlabelled
from .tuples import _tuple_parts
from .values import SIMPLIFY_SECONDS, _Unknown, _expressions_equal, _numeric, _parse, _same_number


def equivalent(gold: str, pred: str, tolerance: float | Sequence[float | None] | None = None, *,
               kind: str | None = None, unit: str | None = None) -> tuple[bool, str]:
    """Compare a predicted answer with a gold answer (both LaTeX or plain text, possibly multi-part).

    Args:
        gold: the reference answer.
        pred: the extracted model answer.
        tolerance: absolute tolerance for numeric answers (a list gives one per gold part); None = exact.
        kind: an answer-type hint (``Interval``, ``Tuple``, ``Equation``, ...), optional.
        unit: the unit the gold value is in (OlympiadBench's ``unit`` cell, e.g. ``$\\mathrm{~m}$``), optional:
            a predicted value written with a prefixed form of it is converted (``5 cm`` is 0.05 m); ``%`` makes
            the gold a percentage.

    Returns:
        ``(equal, method)`` where method names the rule that decided (``exact``, ``numeric``, ``symbolic``,
        ``interval``, ``tuple``, ``equation``, ``set``, ``text``, ``count-mismatch``, ...). A method
        ``bound:<name>`` (always with ``False``) means no verdict: a size bound stopped the comparison
        (:data:`.exact.BOUNDS`); callers report it as an error, never as a wrong answer.
    """
    if not (gold.isascii() and pred.isascii()):
        gold, pred = INVISIBLE.sub("", gold), INVISIBLE.sub("", pred)
    try:
        if (len(pred) > MAX_ANSWER or len(gold) > MAX_ANSWER) and pred.strip() != gold.strip():
            verdict = _long_answers(gold, pred, tolerance, kind)
            if verdict is not None:
                return verdict
        return _equivalent(gold, pred, tolerance, kind, unit)
    except Undecided as bound:
        return False, BOUND + bound.name


def _equivalent(gold: str, pred: str, tolerance: float | Sequence[float | None] | None, kind: str | None,
                unit: str | None) -> tuple[bool, str]:
    gold, pred = undoubled(gold), undoubled(pred)
    letter = _option_letter(gold, pred)
    if letter is not None:
        return letter, "option"
    if "\\begin" in gold or "\\begin" in pred:
        verdict = _matrices_equal(gold, pred, tolerance if not isinstance(tolerance, (list, tuple)) else None)
        if verdict is not None:
            return verdict, "matrix"
    g_clean, p_clean = clean(gold), clean(pred)
    if "," in g_clean.text or "," in p_clean.text:
        g_clean = replace(g_clean, text=_decimal_comma(g_clean.text, p_clean.text))
        p_clean = replace(p_clean, text=_decimal_comma(p_clean.text, g_clean.text))
    if ":" in gold and ":" in pred:
        clock = _clocks_equal(gold.strip().strip("$"), pred.strip().strip("$"))
        if clock is not None:
            return clock, "clock"
    # Against a symbolic answer "2mg" is 2·m·g, not 2 milligrams: a unit is only read off next to a number.
    # (Put back in parentheses, which no later cleaning reads as a unit again.)
    if p_clean.unit and _symbolic(g_clean.text):
        p_clean = Item(f"{p_clean.text}({p_clean.unit})", p_clean.percent, p_clean.degree)
    if g_clean.unit and _symbolic(p_clean.text):
        g_clean = Item(f"{g_clean.text}({g_clean.unit})", g_clean.percent, g_clean.degree)
    if unit:
        g_clean = _with_target_unit(g_clean, unit)
    p_clean = _unlabelled(g_clean, p_clean)
    if g_clean.text == p_clean.text and g_clean.text and (g_clean.percent, g_clean.degree) == (
            p_clean.percent, p_clean.degree) and _unit_scale(g_clean, p_clean) == 1:
        return True, "exact"
    g_parts, p_parts = split_answers(g_clean.text), split_answers(p_clean.text)
    # "1,000" is one number when the other side is one answer, two answers when the other side has two.
    if len(g_parts) == 1 and len(p_parts) > 1 and is_thousands(p_clean.text):
        p_parts = [p_clean.text.replace(",", "")]
    if len(p_parts) == 1 and len(g_parts) > 1 and is_thousands(g_clean.text):
        g_parts = [g_clean.text.replace(",", "")]
    if len(g_parts) == 1 and len(p_parts) > 1 and number_words(p_clean.text) is not None:
        p_parts = [p_clean.text]  # "one hundred and five" is one number
    if len(g_parts) != len(p_parts) or "=" in p_clean.text or "=" in g_clean.text:
        # "x = 3, y = 2" states the ordered pair (3, 2).
        g_parts, p_parts = _assignments_as_tuples(g_parts, p_parts), _assignments_as_tuples(p_parts, g_parts)
    if len(g_parts) == 1 and len(p_parts) > 1 and _GROUPED.fullmatch(pred):
        g_tuple = _tuple_parts(g_parts[0])
        if g_tuple is not None and len(g_tuple) == len(p_parts) and all(_tuple_parts(x) is None for x in p_parts):
            p_parts = ["(" + ", ".join(p_parts) + ")"]  # "{1, 3}": the pair (1, 3) in braces (a bare "1, 3" is not)
    if len(g_parts) != len(p_parts) and not (kind and "ordered" in kind):
        # a list of solutions is a set: one solution written twice is not an extra one
        g_parts, p_parts = _distinct(g_parts), _distinct(p_parts)
    tols = list(tolerance) if isinstance(tolerance, (list, tuple)) else [tolerance] * len(g_parts)
    tols += [tols[-1] if tols else None] * (len(g_parts) - len(tols))
    if len(g_parts) == 1 and len(p_parts) == 1:
        g_item = _with_marks(g_parts[0], g_clean)
        p_item = _with_marks(p_parts[0], p_clean)
        return items_equal(g_item, p_item, tols[0], kind)
    if len(g_parts) != len(p_parts):
        # "x < 2 or x > 3" splits into two answers; against one union (-\infty,2)\cup(3,\infty) it is a set.
        union = _union_parts_equal(g_parts, p_parts, kind)
        if union is not None:
            return union, "interval"
        return False, "count-mismatch"
    g_items = [_with_marks(t, g_clean) for t in g_parts]
    p_items = [_with_marks(t, p_clean) for t in p_parts]
    ordered = kind is not None and "ordered" in kind
    ok, methods = _match_all(g_items, p_items, tols, kind, ordered)
    if not ok:
        return False, min(methods) if methods else "set-mismatch"
    return True, "set:" + "+".join(sorted(methods))


_OPTION = re.compile(r"\s*\(?([A-J])\)?\s*")
_OPTION_WITH_TEXT = re.compile(r"\s*\(?([A-J])[.):]\s+\S.*", re.S)


def _option_letter(gold: str, pred: str) -> bool | None:
    """A bare option letter against that letter followed by the option's content ("C" / "C. x = 42"): the
    letters decide. None when neither side is such a pair."""
    for one, other in ((gold, pred), (pred, gold)):
        bare, full = _OPTION.fullmatch(one), _OPTION_WITH_TEXT.fullmatch(other)
        if bare and full:
            return bare.group(1) == full.group(1)
    return None


_CLOCK = re.compile(r"(\d{1,2}):([0-5]\d)(?::([0-5]\d))?\s*(?i:([ap])\.?\s*m\.?)?")
_CLOCK_WRAPPER = re.compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}")


def _clocks_equal(gt: str, pt: str) -> bool | None:
    """Times of day (``12:00``, ``1:05 pm``, ``20:34:00``) compared as times, not as ratios; None when either is
    no clock time (minutes of two digits, and on one side a leading zero, seconds or am/pm: ``3:15`` may well be
    a ratio)."""
    g, p = (_CLOCK.fullmatch(_CLOCK_WRAPPER.sub(r"\1", t).strip()) for t in (gt, pt))
    if not (g and p) or not any(m.group(2).startswith("0") or m.group(1).startswith("0") or m.group(3) or m.group(4)
                                for m in (g, p)):
        return None

    def minutes(m: re.Match) -> tuple[int, int]:
        hour = int(m.group(1)) % 12 if m.group(4) else int(m.group(1))
        hour += 12 if (m.group(4) or "").lower() == "p" else 0
        return hour, int(m.group(2)) * 60 + int(m.group(3) or 0)

    return minutes(g) == minutes(p)


def _matrices_equal(gold: str, pred: str, tol: float | None) -> bool | None:
    """Two matrix answers (any delimiters; a sum or product of matrices is computed) entry by entry; a column or
    row matrix also against a tuple. None when neither side is a matrix."""
    g, p = read_matrices(gold.strip().strip("$")), read_matrices(pred.strip().strip("$"))
    if g is None and p is None:
        return None
    if g is None or p is None:
        one = g or p
        if one[1] or min(len(one[0][0]), len(one[0][0][0])) != 1:
            return False
        entries = [row[0] for row in one[0][0]] if len(one[0][0][0]) == 1 else one[0][0][0]
        other = _tuple_parts(clean(pred if g else gold).text)
        if other is None or len(other) != len(entries):
            return False
        pairs = list(zip(other, entries)) if g is None else list(zip(entries, other))
        return _all_equal([(clean(a), clean(b)) for a, b in pairs], tol)
    if not g[1] and not p[1]:
        a, b = g[0][0], p[0][0]
        if len(a) != len(b) or len(a[0]) != len(b[0]):
            return False
        return _all_equal([(clean(x), clean(y)) for ra, rb in zip(a, b) for x, y in zip(ra, rb)], tol)
    try:
        ga, pa = _matrix_value(g), _matrix_value(p)
    except _Unknown:
        return False
    if ga.shape != pa.shape:
        return False
    return all(_same_expression(x, y, tol) for x, y in zip(ga, pa))


def _matrix_value(found: tuple[list[list[list[str]]], list[str]]) -> Any:
    """The SymPy matrix an answer's matrices and operators compute (raises _Unknown)."""
    import sympy

    try:
        with step_limit(SIMPLIFY_SECONDS):
            values = [sympy.Matrix([[_parse(clean(cell).text) for cell in row] for row in table])
                      for table in found[0]]
            result = values[0]
            for op, value in zip(found[1], values[1:]):
                result = result + value if op == "+" else result - value if op == "-" else result * value
    except (StepTimeout, TypeError, ValueError, sympy.ShapeError) as exc:
        raise _Unknown(f"matrix: {type(exc).__name__}") from None
    return result


def _same_expression(a: Any, b: Any, tol: float | None) -> bool:
    if not (a.free_symbols or b.free_symbols):
        return _same_number(a, b, _numeric(a), tol)
    return _expressions_equal(a, b)[0]
