"""Intervals, unions and inequalities as subsets of R (``(-\\infty, 2) \\cup (3, \\infty)``, ``x \\ne 0``,
``\\mathbb{R} \\setminus \\{0\\}``, ``|x| \\ge 1`` solved by ``solveset``)."""

from __future__ import annotations

import re
from typing import Any

from ...text.patterns import lazy_compile
from ..guard import StepTimeout, TooComplex, check_tree, step_limit
from ..normalize import lone_letters
from .tuples import split_top
from .values import SIMPLIFY_SECONDS, Unknown, close, expressions_equal, numeric, parse


_REL_OPS = {"<": "<", ">": ">", "\\leq": "<=", "\\geq": ">=", "\\lt": "<", "\\gt": ">", "<=": "<=", ">=": ">=",
            "≤": "<=", "≥": ">="}
_REL = r"(<=|>=|<|>|\\leq|\\geq|\\lt|\\gt)"


def interval_like(text: str, kind: str | None) -> bool:
    t = text.strip()
    if "\\cup" in t or "\\infty" in t and t[:1] in "([" or re.search(_REL, t) or "\\setminus" in t \
            or "\\notin" in t and _NOT_IN.fullmatch(t):
        return True
    if "\\ne" in t and _EXCEPT_POINT.fullmatch(t):
        return True
    if re.fullmatch(r"[\(\[].*,.*[\)\]]", t) and t[0] + t[-1] in ("(]", "[)", "[]"):
        return True
    return bool(kind and "Interval" in kind and re.fullmatch(r"[\(\[].*,.*[\)\]]", t))


# a letter outside a set: "x \notin (-1, 3)", "x \notin [0, 1] \cup [2, 3]" (the set one interval or points)
_NOT_IN = lazy_compile(r"[a-zA-Z]\s*\\notin\s*(?P<set>[(\[][^()\[\]]*[)\]]|\\\{[^{}]*\\\})")


def _to_intervals(text: str) -> list[tuple[bool, Any, Any, bool]] | None:
    """A union of intervals as (left_closed, lo, hi, right_closed) with SymPy endpoints, or None."""
    import sympy

    t = text.strip().replace("\\mathbb{R}", "(-\\infty,\\infty)").replace("\\R", "(-\\infty,\\infty)")
    if t in ("(-\\infty,\\infty)", "(-\\infty,+\\infty)"):
        return [(False, -sympy.oo, sympy.oo, False)]
    m = _ALL_BUT.fullmatch(t) or _EXCEPT_POINT.fullmatch(t)
    if m:  # \mathbb{R} \setminus \{0, 1\}, x \ne 0: the line without those points
        return _line_without([p for p in split_top(m.group("points"), ",") if p.strip()])
    outside = _NOT_IN.fullmatch(t) if "\\notin" in t else None
    if outside:  # "x \notin (-1, 3)": the line without that set
        return _difference("(-\\infty,\\infty) \\setminus " + outside.group("set"))
    if "\\setminus" in t or "\\backslash" in t:
        return _difference(t)  # "\mathbb{R}\setminus[-2,2]", "[2,\infty)\setminus\{5\}"
    builder = _SET_BUILDER.fullmatch(t) if t.startswith("\\{") else None
    if builder:  # "\{x \in \mathbb R : -2 \le x \le 4\}": the set its condition describes
        if lone_letters(builder.group("condition")) != {builder.group("var")}:
            return None  # "\{x : -2 \le y \le 4\}": a condition on another letter describes no set of x
        return _to_intervals(builder.group("condition"))
    m = re.fullmatch(r"(?:(.+?)\s*%s\s*)?([a-zA-Z])\s*%s\s*(.+)" % (_REL, _REL), t)
    if m:  # a < x <= b, x > a
        lo_txt, op1, _, op2, hi_txt = m.groups()
        if lo_txt is None:
            value = parse(hi_txt)
            if _REL_OPS[op2] in ("<", "<="):
                return [(False, -sympy.oo, value, _REL_OPS[op2] == "<=")]
            return [(_REL_OPS[op2] == ">=", value, sympy.oo, False)]
        lo, hi = parse(lo_txt), parse(hi_txt)
        if _REL_OPS[op1] in (">", ">="):
            lo, hi = hi, lo
            return [(_REL_OPS[op2] == ">=", lo, hi, _REL_OPS[op1] == ">=")]
        return [(_REL_OPS[op1] == "<=", lo, hi, _REL_OPS[op2] == "<=")]
    m = re.fullmatch(r"(.+?)\s*%s\s*([a-zA-Z])" % _REL, t)
    if m:  # 3 > x
        value, op = parse(m.group(1)), _REL_OPS[m.group(2)]
        if op in ("<", "<="):
            return [(op == "<=", value, sympy.oo, False)]
        return [(False, -sympy.oo, value, op == ">=")]
    pieces = [p.strip() for p in re.split(r"\\cup|∪", t)]
    out = []
    for piece in pieces:
        mm = re.fullmatch(r"([\(\[])(.*)([\)\]])", piece)
        if not mm:
            return None
        ends = split_top(mm.group(2), ",")
        if len(ends) != 2:
            return None
        lo = _endpoint(ends[0])
        hi = _endpoint(ends[1])
        out.append((mm.group(1) == "[", lo, hi, mm.group(3) == "]"))
    return out


def _difference(text: str) -> list[tuple[bool, Any, Any, bool]] | None:
    """``A \\setminus B``, A a union of intervals, B one or a set of points: the intervals left, or None."""
    import sympy

    pieces = re.split(r"\\setminus|\\backslash", text)
    if len(pieces) != 2 or "\\cup" in pieces[1] or "∪" in pieces[1]:
        return None  # "A \\setminus B \\cup C": read left to right it is (A \\ B) ∪ C; left to the other readings
    whole = _to_intervals(pieces[0])
    cut = pieces[1].strip()
    if whole is None or not cut:
        return None
    if cut.startswith("\\{") and cut.endswith("\\}"):
        points = []
        listed = _both_signs(split_top(cut[2:-2], ","))
        if len(listed) > 12:
            return None  # (each point is parsed: a long list is left to the other readings)
        for point in listed:
            tree = parse(point) if point.strip() else None
            value = numeric(tree) if tree is not None else None
            if value is None or not value.is_real:
                return None
            points.append(tree)
        removed = sympy.FiniteSet(*points)
    else:
        parts = _to_intervals(cut)
        if parts is None:
            return None
        removed = _as_set(parts)
    left = sympy.Complement(_as_set(whole), removed)
    pieces_left = left.args if isinstance(left, sympy.Union) else (left,)
    if not all(isinstance(piece, sympy.Interval) for piece in pieces_left):
        return None
    return [(not piece.left_open, piece.start, piece.end, not piece.right_open) for piece in pieces_left]


#: set-builder notation over the reals: "\{x \in \mathbb{R} : -2 \le x \le 4\}", "\{x \mid x > 1\}"
_SET_BUILDER = lazy_compile(r"\\\{(?:\\[,;: ]|\s)*(?P<var>[a-zA-Z])(?:\s*\\in\s*(?:\(-\\infty,\\infty\)|\\mathbb\s*\{?R\}?))?\s*"
                            r"(?::|\\mid|\|)\s*(?P<condition>[^{}:|]+?)(?:\\[,;: ]|\s)*\\\}")
_ALL_BUT = lazy_compile(r"\(-\\infty,\s*\+?\\infty\)\s*(?:\\setminus|\\backslash|-)\s*\\\{(?P<points>[^{}]+)\\\}")
_EXCEPT_POINT = lazy_compile(r"[a-zA-Z]\s*\\ne\s*(?P<points>[^<>=]+)")


_PLUS_MINUS = lazy_compile(r"\s*(?:\\pm|±)\s*(?P<value>[^\\±].*)")


def _both_signs(points: list[str]) -> list[str]:
    """``points`` with each "\\pm a" written as its two points ("\\{\\pm 1\\}" is \\{-1, 1\\})."""
    out = []
    for point in points:
        m = _PLUS_MINUS.fullmatch(point)
        out.extend((f"-({m.group('value')})", m.group("value")) if m else (point,))
    return out


def _line_without(points: list[str]) -> list[tuple[bool, Any, Any, bool]] | None:
    """The open intervals between sorted real ``points`` (the real line without them), or None."""
    import sympy

    values = []
    for text in _both_signs(points):
        value = parse(text)
        number = numeric(value)
        if number is None or not number.is_real:
            return None
        values.append((float(number), value))
    values.sort(key=lambda pair: pair[0])
    ends = [-sympy.oo] + [v for _, v in values] + [sympy.oo]
    return [(False, ends[i], ends[i + 1], False) for i in range(len(ends) - 1)]


def _endpoint(text: str) -> Any:
    import sympy

    t = text.strip().replace(" ", "")
    if t in ("\\infty", "+\\infty", "\\infty"):
        return sympy.oo
    if t == "-\\infty":
        return -sympy.oo
    return parse(t)


def interval_equal(gt: str, pt: str, kind: str | None, tol: float | None = None) -> bool | None:
    """Two answers as subsets of R: intervals, unions, inequalities (solved when not of the form ``a < x < b``:
    ``-x > -1``, ``|x| \\ge 1``, ``0 < f(x) < 1``); None when neither reads as one."""
    gi, pi_ = _intervals_or_none(gt), _intervals_or_none(pt)
    if gi is not None and pi_ is not None:
        return _unions_equal(gi, pi_, tol)
    g_set = _as_set(gi) if gi is not None else _relation_set(gt) or _conditions_set(gt)
    if g_set is None:  # the gold is no set: nothing to solve on the prediction's side
        return None if pi_ is None else False
    p_set = _as_set(pi_) if pi_ is not None else _relation_set(pt) or _conditions_set(pt)
    if p_set is None:
        return False
    return _sets_equal(g_set, p_set)


def _intervals_or_none(text: str) -> list[tuple[bool, Any, Any, bool]] | None:
    try:
        return _to_intervals(text)
    except Unknown:
        return None


_REL_SPLIT = lazy_compile(r"(<=|>=|\\leq|\\geq|\\lt|\\gt|<|>)")
_RELATIONS = {"<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge"}


def _relation_set(text: str) -> Any:
    """The subset of R a (chained) inequality in one unknown describes, solved by SymPy's ``solveset`` on the
    parsed sides (an applied function ``f(x)`` is one unknown); None when it is not one."""
    import sympy
    from sympy.core.function import AppliedUndef

    pieces = _REL_SPLIT.split(text)
    if len(pieces) not in (3, 5) or "=" in text.replace("<=", "").replace(">=", ""):
        return None
    try:
        sides = [parse(piece) for piece in pieces[0::2]]
    except Unknown:
        return None
    calls = set().union(*(side.atoms(AppliedUndef) for side in sides))
    if len(calls) > 1:
        return None
    if calls:
        call, unknown = calls.pop(), sympy.Dummy("v", real=True)
        sides = [side.xreplace({call: unknown}) for side in sides]
    symbols = set().union(*(side.free_symbols for side in sides))
    if len(symbols) != 1:
        return None
    var = symbols.pop()
    real = sympy.Dummy(var.name, real=True)
    sides = [side.xreplace({var: real}) for side in sides]
    result = sympy.S.Reals
    try:
        with step_limit(SIMPLIFY_SECONDS):
            for left, op, right in zip(sides, pieces[1::2], sides[1:]):
                relation = getattr(sympy, _RELATIONS[_REL_OPS[op]])(left, right)
                result = result.intersect(sympy.solveset(relation, real, sympy.S.Reals))
    except (StepTimeout, TypeError, ValueError, NotImplementedError, RecursionError, AttributeError):
        return None
    if isinstance(result, (sympy.ConditionSet, sympy.ImageSet)) or result.has(sympy.ConditionSet):
        return None
    return result


# conditions on one unknown, one of them excluding a point, joined by commas or "and": "x \ge 1,\ x \neq 5"
_CONDITION_JOIN = lazy_compile(r"\s*+(?:,|;|\\quad|\\text\s*\{\s*and\s*\}|\band\b)\s*+(?:\\[ ,;:!]\s*+)*")
_EXCLUDED = lazy_compile(r"\s*+([A-Za-z])\s*+(?:\\neq?(?![a-z])|≠|!=)\s*+([^,;]{1,40}?)\s*+")
_RELATION_SPELLINGS = (("≥", ">="), ("≤", "<="), ("\\geq", ">="), ("\\leq", "<="), ("\\ge", ">="), ("\\le", "<="))


def _conditions_set(text: str) -> Any:
    """The subset of R that conditions on one unknown describe together, when one of them excludes a point ("$x \\ge
    1,\\ x \\neq 5$": a domain, [1, 5) ∪ (5, ∞); such a list is read as all of them at once, as no list of
    alternatives would exclude a point); None otherwise."""
    import sympy

    if len(text) > 200 or not any(mark in text for mark in ("\\ne", "≠", "!=")):
        return None
    pieces = [p for p in _CONDITION_JOIN.split(text.strip().strip("$")) if p.strip()]
    if len(pieces) < 2:
        return None
    result, letters = sympy.S.Reals, set()
    for piece in pieces:
        excluded = _EXCLUDED.fullmatch(piece)
        if excluded is not None:
            letters.add(excluded.group(1))
            try:
                point = parse(excluded.group(2))
            except Unknown:
                return None
            if not point.is_real:
                return None
            result = result - sympy.FiniteSet(point)
            continue
        spelled = piece
        for written, plain in _RELATION_SPELLINGS:  # ("\\le" not inside "\\left")
            spelled = re.sub(re.escape(written) + r"(?![a-z])", plain, spelled)
        letters |= set(re.findall(r"(?<![\\A-Za-z])[A-Za-z](?![A-Za-z])", spelled))
        part = _relation_set(spelled)
        if part is None:
            return None
        result = result.intersect(part)
    return result if len(letters) == 1 else None


def conditions_equal(gold: str, pred: str) -> bool | None:
    """Is ``pred``, conditions on one unknown that exclude a point (``_conditions_set``), the subset of R ``gold``
    (an interval or union, or such conditions) is? None when either is no such set."""
    p_set = _conditions_set(pred)
    if p_set is None:
        return None
    g_parts = _intervals_or_none(gold)
    g_set = _as_set(g_parts) if g_parts is not None else _relation_set(gold) or _conditions_set(gold)
    return None if g_set is None else _sets_equal(g_set, p_set)


def _as_set(parts: list[tuple[bool, Any, Any, bool]]) -> Any:
    import sympy

    return sympy.Union(*(sympy.Interval(lo, hi, not lc, not rc) for lc, lo, hi, rc in parts))


def _sets_equal(a: Any, b: Any) -> bool:
    import sympy

    try:
        with step_limit(SIMPLIFY_SECONDS):
            if a == b:
                return True
            return bool(sympy.SymmetricDifference(a, b).simplify().is_empty)
    except (StepTimeout, TooComplex, TypeError, ValueError, RecursionError, AttributeError):
        return False


def union_parts_equal(g_parts: list[str], p_parts: list[str], kind: str | None) -> bool | None:
    """Two lists of answer parts that are all intervals or inequalities, compared as one union each; or None."""
    def intervals(parts: list[str]) -> list[tuple[bool, Any, Any, bool]] | None:
        out: list[tuple[bool, Any, Any, bool]] = []
        for part in parts:
            found = _to_intervals(part) if interval_like(part, kind) else None
            if found is None and interval_like(part, kind):
                found = _solved_intervals(part)  # "|k| > 4": the union the inequality's solution is
            if found is None:
                return None
            out.extend(found)
        return out

    try:
        gi, pi_ = intervals(g_parts), intervals(p_parts)
    except Unknown:
        return None
    if gi is None or pi_ is None:
        return None
    return _unions_equal(gi, pi_)


def _solved_intervals(text: str) -> list[tuple[bool, Any, Any, bool]] | None:
    """The intervals an inequality in one unknown solves to (``|k| > 4`` -> (-oo, -4) and (4, oo)), or None."""
    import sympy

    solved = _relation_set(text)
    if solved is None:
        return None
    pieces = solved.args if isinstance(solved, sympy.Union) else (solved,)
    if not all(isinstance(piece, sympy.Interval) for piece in pieces):
        return None
    return [(not piece.left_open, piece.start, piece.end, not piece.right_open) for piece in pieces]


def _unions_equal(gi: list[tuple[bool, Any, Any, bool]], pi_: list[tuple[bool, Any, Any, bool]],
                  tol: float | None = None) -> bool:
    """Two unions of intervals (left_closed, lo, hi, right_closed) the same subset of R? With ``tol``, the same
    brackets and every finite endpoint within it."""
    import sympy

    if tol is not None:
        if len(gi) != len(pi_):
            return False
        for (l1, a1, b1, r1), (l2, a2, b2, r2) in zip(sorted(gi, key=_sort_key), sorted(pi_, key=_sort_key)):
            if (l1, r1) != (l2, r2) or not _endpoint_close(a1, a2, tol) or not _endpoint_close(b1, b2, tol):
                return False
        return True

    def as_set(parts):
        sets = []
        for lc, lo, hi, rc in parts:
            check_tree(lo) if lo.is_finite is not False else None
            sets.append(sympy.Interval(lo, hi, not lc, not rc))
        return sympy.Union(*sets)

    try:
        with step_limit(SIMPLIFY_SECONDS):
            a, b = as_set(gi), as_set(pi_)
            if a == b:
                return True
            diff = sympy.SymmetricDifference(a, b).simplify() if hasattr(sympy, "SymmetricDifference") else None
            if diff is not None and diff.is_empty:
                return True
    except (StepTimeout, TooComplex, TypeError, ValueError, RecursionError):
        pass
    # Fall back to endpoint-wise comparison with the same bracket kinds.
    if len(gi) != len(pi_):
        return False
    for (l1, a1, b1, r1), (l2, a2, b2, r2) in zip(sorted(gi, key=_sort_key), sorted(pi_, key=_sort_key)):
        if (l1, r1) != (l2, r2) or not _same_value(a1, a2) or not _same_value(b1, b2):
            return False
    return True


def _endpoint_close(a: Any, b: Any, tol: float) -> bool:
    if a == b:
        return True
    av, bv = numeric(a), numeric(b)
    return av is not None and bv is not None and close(av, bv, tol)


def _sort_key(part) -> float:
    try:
        return float(part[1])
    except (TypeError, ValueError):
        return 0.0


def _same_value(a: Any, b: Any) -> bool:
    if a == b:
        return True
    if getattr(a, "free_symbols", None) or getattr(b, "free_symbols", None):
        return expressions_equal(a, b)[0]  # [x, x + 1] against [x, 1 + x]
    av, bv = numeric(a), numeric(b)
    return av is not None and bv is not None and close(av, bv, None)
