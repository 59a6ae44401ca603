"""Single answer items: :func:`items_equal` compares two cleaned items (one part of a possibly multi-part
answer) by the first rule that applies."""

from __future__ import annotations

import re
from dataclasses import replace

from ..exact import BOUND, Undecided
from ..normalize import Item, clean, text_key
from .equations import _FUNCTION_VALUE, _is_label, _proportional, _ratio_equal, _rounds_to, _same_label
from .intervals import _interval_equal, _interval_like
from .marks import _unit_scale, _with_marks
from .plain import _is_plain_number, _is_text, _numbers_equal, _plain_number, _spelled_number, _texts_equal
from .tuples import _split_top, _tuple_parts
from .values import _Unknown, _beyond_bounds, _values_equal


def items_equal(g: Item, p: Item, tol: float | None = None, kind: str | None = None) -> tuple[bool, str]:
    """Compare two cleaned single answer items -> (equal, method); ``bound:<name>`` when a size bound left it
    undecided (also inside an equation, a matrix or a tuple)."""
    try:
        return _items_equal(g, p, tol, kind)
    except Undecided as bound:
        return False, BOUND + bound.name


def _all_equal(pairs: list[tuple[Item, Item]], tol: float | None) -> bool:
    """Every pair equal (lazily: the first difference decides); raises Undecided when none differs but a size
    bound left one undecided."""
    bound = None
    for g, p in pairs:
        eq, how = items_equal(g, p, tol)
        if not eq:
            if not how.startswith(BOUND):
                return False
            bound = bound or how
    if bound:
        raise Undecided(bound[len(BOUND):])
    return True


def _any_equal(pairs: list[tuple[Item, Item]], tol: float | None) -> bool:
    """Some pair equal; raises Undecided when none is but a size bound left one undecided."""
    bound = None
    for g, p in pairs:
        eq, how = items_equal(g, p, tol)
        if eq:
            return True
        bound = bound or (how if how.startswith(BOUND) else None)
    if bound:
        raise Undecided(bound[len(BOUND):])
    return False


def _items_equal(g: Item, p: Item, tol: float | None, kind: str | None) -> tuple[bool, str]:
    gt, pt = g.text, p.text
    if not gt or not pt:
        return False, "empty"
    if gt == pt and (g.percent == p.percent or not _is_plain_number(gt)) and g.degree == p.degree \
            and _unit_scale(g, p) == 1:
        return True, "exact"
    if "\\approx" in pt:
        return _approx_equal(g, p, tol, kind)
    if "\\approx" in gt:
        exact = gt.split("\\approx")[0].rstrip("= ")
        # "\frac{\sqrt3}{3} \approx 0.577": the exact value is the gold; "x \approx 3" states 3
        g = replace(g, text=exact if exact and not _is_label(exact) else gt.replace("\\approx", "="))
        gt = g.text
    if "=" in pt and "=" not in gt and pt.count("=") == 1:
        # "A \cap B = (1, 2)", "S = \{1, 2\}": against a value, set or interval, a label states its value
        label, value = pt.split("=")
        if _is_label(label) and value.strip():
            return items_equal(g, _with_marks(value, p), tol, kind)
    # Intervals / inequalities / unions.
    if _interval_like(gt, kind) or _interval_like(pt, kind):
        verdict = _interval_equal(gt, pt, kind, tol)
        if verdict is not None:
            return verdict, "interval"
    # Tuples (ordered).
    g_tuple, p_tuple = _tuple_parts(gt), _tuple_parts(pt)
    if (g_tuple is not None or p_tuple is not None) and not (
            g_tuple is None and "=" in gt or p_tuple is None and "=" in pt):  # "(x, y) = (3, 2)": an equation
        if g_tuple is None or p_tuple is None or len(g_tuple) != len(p_tuple):
            return False, "tuple-mismatch"
        bound = None
        for a, b in zip(g_tuple, p_tuple):
            eq, how = items_equal(clean(a), clean(b), tol)
            if not eq and not how.startswith(BOUND):
                return False, "tuple-mismatch"
            bound = bound or (how if not eq else None)
        return (False, bound) if bound else (True, "tuple")
    # Ratios a:b.
    if ":" in gt and ":" in pt and gt.count(":") == pt.count(":") == 1:
        verdict = _ratio_equal(gt, pt)
        if verdict is not None:
            return verdict, "ratio"
    # Equations.
    if "=" in gt or "=" in pt:
        verdict = _equation_equal(g, p, tol)
        if verdict is not None:
            return verdict, "equation"
    # Plain numbers: no SymPy needed.
    gn, pn = _plain_number(gt), _plain_number(pt)
    if gn is not None and pn is not None:
        return _numbers_equal(gn, pn, g, p, tol), "numeric"
    # Text answers.
    g_text, p_text = _is_text(gt), _is_text(pt)
    if g_text or p_text:
        if g_text != p_text:
            # A number in words ("twelve", "三个", "no real solutions") against a number: compare the number.
            spelled = _spelled_number(pt if p_text else gt)
            if spelled is not None:
                as_text = str(spelled) if spelled.denominator == 1 else \
                    f"\\frac{{{spelled.numerator}}}{{{spelled.denominator}}}"
                if p_text:
                    ok, _ = items_equal(g, replace(p, text=as_text), tol, kind)
                else:
                    ok, _ = items_equal(replace(g, text=as_text), p, tol, kind)
                return ok, "number-words"
        return _texts_equal(gt, pt), "text"
    try:
        return _values_equal(g, p, tol)
    except _Unknown as why:
        same = re.sub(r"\s+", "", gt) == re.sub(r"\s+", "", pt)
        if why.bound:
            # text_key drops markup (\lfloor and \lceil alike): only the same text is the same answer here
            return (True, "exact") if same else _beyond_bounds(g, p, tol, why.bound)
        return same or text_key(gt) == text_key(pt) != "", f"unparsed ({why})"


def _equation_equal(g: Item, p: Item, tol: float | None) -> bool | None:
    gt, pt = g.text, p.text
    g_sides, p_sides = _split_top(gt, "="), _split_top(pt, "=")  # not "=" in "\\sum_{k=0}"
    if any(not side.strip() for side in g_sides + p_sides) or len(g_sides) == len(p_sides) == 1:
        return None  # "x = " states nothing; "f(a=1)" is no equation
    if len(g_sides) == 1 and len(p_sides) > 2 and _is_label(p_sides[0]):
        # "x = \frac{22}{7} = 3.142...": any value of the chain may be the committed one.
        return _any_equal([(g, _with_marks(v, p)) for v in p_sides[1:]], tol)
    if len(g_sides) + len(p_sides) > 4 and _is_label(g_sides[0]) and _is_label(p_sides[0]) and \
            _same_label(g_sides[0], p_sides[0]):
        # "z = 1 + 1 = 2" against "z = 3 + 3 = 2": a chain states its label's value; the gold's is its last
        return _any_equal([(_with_marks(g_sides[-1], g), _with_marks(v, p)) for v in p_sides[1:]], tol)
    if len(g_sides) > 2 or len(p_sides) > 2:
        return None
    if len(g_sides) == 2 and len(p_sides) == 2:
        gl, gr = (s.strip() for s in g_sides)
        pl, pr = (s.strip() for s in p_sides)
        if _is_label(gl) and _is_label(pl) and (gl.replace(" ", "") == pl.replace(" ", "") or
                                                 {_FUNCTION_VALUE.fullmatch(gl) is not None, gl, pl} >= {True, "y"}):
            # the same label, or f(x) = ... against y = ...: both name the function's value
            return _all_equal([(_with_marks(gr, g), _with_marks(pr, p))], tol)
        if _is_label(gl) and _is_label(pr) and gl.replace(" ", "") == pr.replace(" ", ""):
            return _all_equal([(_with_marks(gr, g), _with_marks(pl, p))], tol)
        return _proportional(gl, gr, pl, pr)
    # One side is an equation "x = v" (or "\angle ABC = v", "Q = v"), the other a value v.
    if len(g_sides) == 2 and _is_label(g_sides[0]):
        return _all_equal([(_with_marks(g_sides[1], g), p)], tol)
    if len(p_sides) == 2 and _is_label(p_sides[0]):
        return _all_equal([(g, _with_marks(p_sides[1], p))], tol)
    if len(g_sides) == 1 and not re.search(r"[a-zA-Z]", re.sub(r"\\[a-zA-Z]+", "", pt)):
        # "\frac{1}{3} = 0.333...": a chain of values (no variables); any of them may be the answer.
        return _any_equal([(g, _with_marks(v, p)) for v in p_sides], tol)
    return None


def _approx_equal(g: Item, p: Item, tol: float | None, kind: str | None) -> tuple[bool, str]:
    """``exact \\approx decimal``: the exact value is the answer. With a tolerance, a side within it also counts;
    without, the decimal counts when it is the gold as written and a correct rounding of the exact value.
    ``x \\approx 3`` (a label on the left) states 3."""
    sides = [part.strip() for part in p.text.split("\\approx")]
    left, rights = sides[0].rstrip("= "), [r for r in sides[1:] if r]
    if not rights:
        return items_equal(g, _with_marks(left, p), tol, kind) if left else (False, "empty")
    if not left or _is_label(left):
        left, rights = rights[0], rights[1:]
    ok, how = items_equal(g, _with_marks(left, p), tol, kind)
    if ok:
        return ok, how
    for approx in rights:
        a_item = _with_marks(approx, p)
        if tol is not None:
            if items_equal(g, a_item, tol, kind)[0]:
                return True, "approx"
        elif _rounds_to(left, p, a_item) and items_equal(g, a_item, None, kind)[0]:
            return True, "approx"
    return False, how
