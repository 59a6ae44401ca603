"""Answers longer than :data:`..guard.MAX_ANSWER`: compared only where that stays cheap (numerals exactly, a
short expression by its exact value, long lists part by part), else undecided (``bound:<name>``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...text.patterns import lazy_compile
from ..exact import Undecided, numeral
from ..guard import MAX_ANSWER, MAX_LOOSE, StepTimeout, step_limit
from ..normalize import Item, clean, split_answers
from .equations import is_label
from .marks import with_marks
from .parts import decimal_comma, distinct, match_all, unlabelled
from .plain import is_text, numbers_equal, texts_equal
from .values import exact_tree, held_back, reduced, varies


LIST_SECONDS = 4.0  # the parts of two long lists that differ as written, all pairs together


def long_answers(gold: str, pred: str, tolerance: Any, kind: str | None) -> tuple[bool, str] | None:
    """Answers longer than :data:`MAX_ANSWER`: compared only where that stays cheap, else undecided.

    A long prediction in words is a failed extraction (wrong). Two numerals are compared exactly whatever their
    length; a long numeral against a short expression, by the expression's exact value when it is small enough
    to compute (``2^{2^{16}}``); two long lists part by part, the parts written alike paired first. Returns None
    for a short prediction against a long gold that none of these decides (the general rules then run).
    Raises Undecided.
    """
    import sympy

    tol = tolerance[0] if isinstance(tolerance, (list, tuple)) and tolerance else tolerance
    tol = None if isinstance(tol, (list, tuple)) else tol
    g_clean, p_clean = _with_unit_tail(clean(gold)), _with_unit_tail(clean(pred))
    if len(pred) > MAX_ANSWER and is_text(_LIST_WORDS.sub(" ", p_clean.text)):
        # (a unit after a number and "and" before a list's last part are no prose)
        same = texts_equal(gold, pred)
        return same, "text" if same else "too-long"
    p_clean = unlabelled(g_clean, _stated_exactly(p_clean))
    if "," in g_clean.text or "," in p_clean.text:
        g_clean = replace(g_clean, text=decimal_comma(g_clean.text, p_clean.text))
        p_clean = replace(p_clean, text=decimal_comma(p_clean.text, g_clean.text))
    marks_alike = (g_clean.percent, g_clean.degree, g_clean.unit) == (p_clean.percent, p_clean.degree, p_clean.unit)
    g_parts, p_parts = split_answers(g_clean.text), split_answers(p_clean.text)
    if len(g_parts) > 1 and len(p_parts) > 1:
        # "100,101,...,699" against a list is a list, not one number in digit groups (as in the general rules)
        return _long_lists(g_parts, p_parts, g_clean, p_clean, tol, kind)
    gn, pn = numeral(g_clean.text), numeral(p_clean.text)
    if gn is not None and pn is not None:
        return numbers_equal(gn, pn, g_clean, p_clean, tol), "numeric"
    if (gn is not None or pn is not None) and marks_alike:
        other = p_clean.text if gn is not None else g_clean.text
        tree = exact_tree(other) if len(other) <= MAX_ANSWER else None
        if tree is not None and not isinstance(tree, sympy.Expr):
            return None  # an equation, an inequality: the general rules read them
        if tree is not None and tree.free_symbols and not held_back(tree):
            tree = reduced(tree)  # "2^{6700} + x - x": a letter that cancels
        if tree is not None and tree.free_symbols:
            if varies(tree):
                return False, "symbolic"  # a number never equals an expression that takes two values
            return None
        if tree is not None and tree.is_Rational:
            from fractions import Fraction

            value = Fraction(int(tree.p), int(tree.q))
            gv, pv = (gn, value) if gn is not None else (value, pn)
            return numbers_equal(gv, pv, g_clean, p_clean, tol), "exact"
        if tree is not None and held_back(tree):
            raise Undecided("exponent", "a number too large to compute")
    if len(g_parts) > 1 or len(p_parts) > 1:
        return _long_lists(g_parts, p_parts, g_clean, p_clean, tol, kind)
    if len(pred) <= MAX_ANSWER:
        return None
    raise Undecided("too-long", f"an answer of {len(pred)} characters")


_LIST_WORDS = lazy_compile(r"\\text\s*\{\s*(?:and|or)\s*\}|\b(?:and|or)\b")


def _with_unit_tail(item: Item) -> Item:
    """A unit after a long numeral (``... 376 ways``, ``\\text{ mol}``): :func:`.normalize.clean` reads units
    only on short answers (to stay linear), so the end of a long one is cleaned on its own."""
    text = item.text
    if len(text) <= 200 or item.unit or text[-1:].isdigit():
        return item
    tail = clean(text[-120:])
    if not tail.unit or not tail.text[-1:].isdigit():
        return item
    return replace(item, text=text[:-120] + tail.text, unit=tail.unit,
                   percent=item.percent or tail.percent, degree=item.degree or tail.degree)


def _stated_exactly(item: Item) -> Item:
    """``2^{6700} \\approx 7.96\\times 10^{2016}``: the exact value stated before ``\\approx`` (or after it when
    what comes before is a label: ``N \\approx 2^{6700}``), as the general rules read it."""
    if "\\approx" not in item.text:
        return item
    head, _, tail = item.text.partition("\\approx")
    head = head.rstrip("= ").strip()
    return replace(item, text=tail.strip() if not head or is_label(head) else head)


def _surplus(parts: list[str], extra: Any, key: Any) -> list[str]:
    """The parts left once the other list's parts written alike are paired off: ``extra[k]`` copies of each."""
    left = []
    for part in parts:
        k = key(part)
        if extra[k] > 0:
            left.append(part)
            extra[k] -= 1
    return left


def _long_lists(g_parts: list[str], p_parts: list[str], g: Item, p: Item, tol: Any,
                kind: str | None) -> tuple[bool, str]:
    """Two long lists: the parts written alike pair up first (in order when ``kind`` says ordered), and at most
    :data:`MAX_LOOSE` remaining parts are compared by the general rules."""
    from collections import Counter

    ordered = kind is not None and "ordered" in kind
    if not ordered and len(g_parts) != len(p_parts):
        # as in the general rules: a solution written twice is not an extra one (equal lengths keep repeats)
        g_parts, p_parts = distinct(g_parts), distinct(p_parts)
    if len(g_parts) != len(p_parts):
        return False, "count-mismatch"

    def key(part: str) -> str:
        return "".join(part.split())

    if ordered:
        loose = [(a, b) for a, b in zip(g_parts, p_parts) if key(a) != key(b)]
        g_left, p_left = [a for a, _ in loose], [b for _, b in loose]
    else:
        g_count, p_count = Counter(map(key, g_parts)), Counter(map(key, p_parts))
        g_left, p_left = _surplus(g_parts, g_count - p_count, key), _surplus(p_parts, p_count - g_count, key)
    if not g_left:
        return True, "set:exact"
    if len(g_left) > MAX_LOOSE:
        raise Undecided("parts", f"{len(g_left)} parts differ as written")
    g_items = [with_marks(t, g) for t in g_left]
    p_items = [with_marks(t, p) for t in p_left]
    try:
        with step_limit(LIST_SECONDS):  # one budget for all the pairs
            ok, methods = match_all(g_items, p_items, [tol] * len(g_items), kind, ordered)
    except StepTimeout:
        raise Undecided("parts", f"comparing {len(g_left)} parts took over {LIST_SECONDS:g} s") from None
    if not ok:
        return False, min(methods) if methods else "set-mismatch"
    return True, "set:" + "+".join(sorted(methods | {"exact"}))
