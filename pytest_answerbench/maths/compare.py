"""Answer equivalence: gold text vs predicted text -> (equal?, method).

Cheap paths first: identical normalised text, plain numbers, text keys. SymPy is used only on parsed trees
(:mod:`.parse`, never on raw text through ``sympify``), every tree is size-checked before evaluation, and the
expensive ``simplify`` runs under a step limit, after numeric spot checks have had their say.

Kinds handled: numbers (exact, or within an absolute tolerance), percentages, degrees vs radians, mixed
numbers, thousands separators, numbers in words, units (converted between prefixes when the gold's unit is
known), ``\\pm``, unordered multi-answers and sets, ordered tuples (also written ``x = 3, y = 2``), intervals
and unions (and inequalities, ``\\mathbb{R}\\setminus\\{0\\}``) as subsets of R, equations (same solution set:
proportional standard forms, or ``label = v`` against ``v``), ``exact \\approx decimal``, expressions
(simplify / numeric spot checks), and text answers.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any, Sequence

from .exact import BOUND, INVISIBLE, Undecided, canonical, numeral
from .guard import MAX_ANSWER, MAX_LOOSE, StepTimeout, TooComplex, check_tree, step_limit
from .matrix import read_matrices
from .normalize import Item, clean, is_thousands, number_words, split_answers, text_key, undoubled
from .parse import ParseFailure, TooLong, parse_math, parse_unchecked
from .poly import constant_ratio, identically_zero
from .units import MISMATCH, read_unit, unit_factor

__all__ = ["equivalent", "items_equal"]

SIMPLIFY_SECONDS = 2.0
LIST_SECONDS = 4.0  # the parts of two long lists that differ as written, all pairs together
_NUM = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")  # unambiguous: linear on long digit runs
_REL_EPS = 1e-20  # values are evaluated to 30 digits


class _Unknown(Exception):
    """The pair could not be compared this way (parse failure, too complex, timed-out step).

    ``bound`` names the size bound that stopped it (a key of :data:`.exact.BOUNDS`), or is None when the text
    itself could not be read.
    """

    def __init__(self, message: str, bound: str | None = None):
        super().__init__(message)
        self.bound = bound


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


def _unlabelled(g_clean: Item, p_clean: Item) -> Item:
    """The prediction without a label stating it, when the gold has none (``S = \\{1, 2\\}``, ``N = 2^{6700}``)."""
    if p_clean.text.startswith("=") and "=" not in g_clean.text:
        # "Area $= \\frac12 \\times 3 \\times 3 = 4.5$": the label was written outside the math
        p_clean = replace(p_clean, text=p_clean.text[1:].strip())
    if "=" in p_clean.text and "=" not in g_clean.text and p_clean.text.count("=") == 1:
        # "S = \{1, 2\}", "x = 2, 3", "A = \{x \mid x < -1 或 x > 3\}": a label states the answer after it
        label, value = p_clean.text.split("=")
        if value.strip() and _is_label(label):
            p_clean = _with_marks(value, p_clean)
    return p_clean


def _long_answers(gold: str, pred: str, tolerance: Any, kind: str | None) -> tuple[bool, str] | None:
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
    if len(pred) > MAX_ANSWER and _is_text(_LIST_WORDS.sub(" ", p_clean.text)):
        # (a unit after a number and "and" before a list's last part are no prose)
        same = _texts_equal(gold, pred)
        return same, "text" if same else "too-long"
    p_clean = _unlabelled(g_clean, _stated_exactly(p_clean))
    if "," in g_clean.text or "," in p_clean.text:
        g_clean = replace(g_clean, text=_decimal_comma(g_clean.text, p_clean.text))
        p_clean = replace(p_clean, text=_decimal_comma(p_clean.text, g_clean.text))
    marks_alike = (g_clean.percent, g_clean.degree, g_clean.unit) == (p_clean.percent, p_clean.degree, p_clean.unit)
    g_parts, p_parts = split_answers(g_clean.text), split_answers(p_clean.text)
    if len(g_parts) > 1 and len(p_parts) > 1:
        # "100,101,...,699" against a list is a list, not one number in digit groups (as in the general rules)
        return _long_lists(g_parts, p_parts, g_clean, p_clean, tol, kind)
    gn, pn = numeral(g_clean.text), numeral(p_clean.text)
    if gn is not None and pn is not None:
        return _numbers_equal(gn, pn, g_clean, p_clean, tol), "numeric"
    if (gn is not None or pn is not None) and marks_alike:
        other = p_clean.text if gn is not None else g_clean.text
        tree = _exact_tree(other) if len(other) <= MAX_ANSWER else None
        if tree is not None and not isinstance(tree, sympy.Expr):
            return None  # an equation, an inequality: the general rules read them
        if tree is not None and tree.free_symbols and not _held_back(tree):
            tree = _reduced(tree)  # "2^{6700} + x - x": a letter that cancels
        if tree is not None and tree.free_symbols:
            if _varies(tree):
                return False, "symbolic"  # a number never equals an expression that takes two values
            return None
        if tree is not None and tree.is_Rational:
            from fractions import Fraction

            value = Fraction(int(tree.p), int(tree.q))
            gv, pv = (gn, value) if gn is not None else (value, pn)
            return _numbers_equal(gv, pv, g_clean, p_clean, tol), "exact"
        if tree is not None and _held_back(tree):
            raise Undecided("exponent", "a number too large to compute")
    if len(g_parts) > 1 or len(p_parts) > 1:
        return _long_lists(g_parts, p_parts, g_clean, p_clean, tol, kind)
    if len(pred) <= MAX_ANSWER:
        return None
    raise Undecided("too-long", f"an answer of {len(pred)} characters")


_LIST_WORDS = re.compile(r"\\text\s*\{\s*(?:and|or)\s*\}|\b(?:and|or)\b")


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
    return replace(item, text=tail.strip() if not head or _is_label(head) else head)


def _exact_parse(text: str) -> Any:
    """A short answer parsed without the size check, a decimal the model wrote read as the exact value it states
    (as :func:`_parse` does), in canonical form (:func:`.exact.canonical`)."""
    import sympy

    tree = parse_unchecked(text, MAX_ANSWER)
    floats = tree.atoms(sympy.Float)
    return canonical(tree, subs={f: sympy.Rational(str(f)) for f in floats} if floats else None)


def _exact_tree(text: str) -> Any:
    """The canonical tree of a short answer (:func:`.exact.canonical`: numbers folded exactly while their size
    is within :data:`.exact.MAX_BITS`, so ``2^{2^{16}}`` is an Integer), or None when it cannot be read."""
    try:
        with step_limit(SIMPLIFY_SECONDS):
            return _imaginary_unit(_exact_parse(text))
    except (ParseFailure, StepTimeout, TypeError, ValueError, RecursionError, ArithmeticError):
        return None


def _imaginary_unit(tree: Any) -> Any:
    """``i`` as the imaginary unit when it is the only letter (as :func:`_values_equal` reads it), folded again
    (:func:`.exact.canonical`: ``i^{4}`` is 1)."""
    import sympy

    if {s.name for s in tree.free_symbols} != {"i"}:
        return tree
    return canonical(tree, subs={s: sympy.I for s in tree.free_symbols})  # (xreplace would compute held-back powers)


def _varies(tree: Any) -> bool:
    """Does an expression in letters take two different values at two points (so it is no constant)? Decided
    only on 30 digits that are all correct (``evalf(strict=True)``)."""
    if not _evaluable(tree):
        return False
    points = _float_points(sorted(tree.free_symbols, key=lambda s: s.name), 2)
    values = [_certified_value(tree, point) for point in points]
    if None in values:
        return False
    try:
        return bool(abs(values[0] - values[1]) > 1e-9 * max(abs(values[0]), abs(values[1])))
    except (TypeError, ValueError):
        return False


def _certified_value(tree: Any, point: dict[Any, Any]) -> Any:
    """``tree`` at ``point`` to 30 digits that SymPy certifies (``evalf(strict=True)``), substituted inside
    :func:`.exact.canonical` (never computing a held-back power); None when no such finite number comes out."""
    import sympy

    try:
        with step_limit(0.5):
            value = canonical(tree, subs=point).evalf(30, strict=True)
    except (StepTimeout, TypeError, ValueError, RecursionError, ArithmeticError, AttributeError):
        return None
    if not value.is_number or value.has(sympy.nan, sympy.zoo):
        return None
    return value


def _float_points(symbols: Sequence[Any], count: int) -> list[dict[Any, Any]]:
    """Spot points as 40-digit floats: an exact rational raised to 10^9 would be computed in full."""
    import sympy

    return [{k: sympy.Float(v, 40) for k, v in point.items()} for point in _spot_points(symbols, count)]


def _held_back(tree: Any) -> bool:
    """A power of numbers left unevaluated by :func:`.exact.canonical` because its value is too large."""
    import sympy

    return any(isinstance(node, sympy.Pow) and node.args[0].is_Rational and node.args[1].is_Rational
               for node in sympy.preorder_traversal(tree))


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
        g_parts, p_parts = _distinct(g_parts), _distinct(p_parts)
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
    g_items = [_with_marks(t, g) for t in g_left]
    p_items = [_with_marks(t, p) for t in p_left]
    try:
        with step_limit(LIST_SECONDS):  # one budget for all the pairs
            ok, methods = _match_all(g_items, p_items, [tol] * len(g_items), kind, ordered)
    except StepTimeout:
        raise Undecided("parts", f"comparing {len(g_left)} parts took over {LIST_SECONDS:g} s") from None
    if not ok:
        return False, min(methods) if methods else "set-mismatch"
    return True, "set:" + "+".join(sorted(methods | {"exact"}))


def _distinct(parts: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for part in parts:
        key = re.sub(r"\s+", "", part)
        if key not in seen:
            seen.add(key)
            out.append(part)
    return out


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


_GROUPED = re.compile(r"[\s$]*\{[^{}]*\}[\s$]*")  # "{1, 3}" in TeX grouping braces (not the set "\{1, 3\}")
_DECIMAL_COMMA = re.compile(r"-?\d+,\d+")
_DECIMAL = re.compile(r"-?\d+\.\d+")


def _decimal_comma(text: str, other: str) -> str:
    """``1000,99`` / ``0,111`` against the decimal ``1000.99`` / ``0.111``: a decimal comma. Digit groups
    (``1,000``) and lists (against anything but a decimal) stay as written."""
    if _DECIMAL_COMMA.fullmatch(text) and not is_thousands(text) and _DECIMAL.fullmatch(other.strip()):
        return text.replace(",", ".")
    return text


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


def _with_marks(text: str, whole: Item) -> Item:
    inner = clean(text)
    return Item(inner.text, inner.percent or whole.percent, inner.degree or whole.degree, inner.unit or whole.unit)


def _symbolic(text: str) -> bool:
    """Letters outside LaTeX commands (``2mg``, ``x + 1``): an expression in quantities, not a number.

    ``x = 3`` states a number (only the value after a label counts)."""
    sides = text.split("=")
    if len(sides) == 2 and _is_label(sides[0]):
        text = sides[1]
    return bool(re.search(r"[A-Za-z]", re.sub(r"\\[a-zA-Z]+", "", text)))


def _with_target_unit(item: Item, unit: str) -> Item:
    """The gold item with the row's unit: ``%`` makes it a percentage, a known unit is its unit."""
    if "%" in unit:
        return replace(item, percent=True)
    if not item.unit and read_unit(unit) is not None:
        return replace(item, unit=unit)
    return item


def _unit_scale(g: Item, p: Item) -> Any:
    """The factor taking the predicted value into the gold's unit: 1 when either has none or is unknown, None
    when both are known units of different quantities (``0.4 s`` for a speed in m/s: wrong whatever the value)."""
    if not (g.unit and p.unit) or g.unit == p.unit:
        return 1
    factor = unit_factor(p.unit, g.unit)
    if factor == MISMATCH:
        return None
    return 1 if factor is None else factor


_ASSIGN = re.compile(r"\s*((?:\\[a-zA-Z]+|[a-zA-Z])(?:_\{?\w+\}?)?)\s*=\s*([^=]+)")


def _assignments_as_tuples(parts: list[str], other: list[str]) -> list[str]:
    """``x = 3, y = 2`` -> ``[(3, 2)]`` (values in the variables' alphabetical order) when the other side's answers
    are all tuples of that length. A variable named again starts the next tuple (``x=1, y=1, x=-1, y=-1``: two
    pairs). Otherwise ``parts`` unchanged."""
    sizes = set()
    for part in other:
        inner = _tuple_parts(part)
        if inner is None:
            return parts
        sizes.add(len(inner))
    if len(sizes) != 1 or len(parts) < 2:
        return parts
    groups: list[dict[str, str]] = [{}]
    for part in parts:
        m = _ASSIGN.fullmatch(part)
        if not m:
            return parts
        name = m.group(1).replace("{", "").replace("}", "")
        if name in groups[-1]:
            groups.append({})
        groups[-1][name] = m.group(2).strip()
    size = sizes.pop()
    if any(len(g) != size or set(g) != set(groups[0]) for g in groups):
        return parts
    return ["(" + ", ".join(g[k] for k in sorted(g)) + ")" for g in groups]


def _match_all(gold: list[Item], pred: list[Item], tols: list, kind, ordered: bool) -> tuple[bool, set[str]]:
    """A perfect matching (not greedy first-fit) between gold and predicted parts -> (matched, methods).

    A pair left undecided by a size bound (``bound:...``) is a maybe: when the parts match only if some maybe
    holds, the result is ``(False, {the bound methods})``, undecided rather than wrong.
    """
    n = len(gold)
    ok_table: dict[tuple[int, int], str | None] = {}
    bounds: set[str] = set()

    def ok(i: int, j: int, maybe: bool = False) -> str | None:
        if (i, j) not in ok_table:
            eq, how = items_equal(gold[i], pred[j], tols[i], kind)
            ok_table[(i, j)] = how if eq or how.startswith(BOUND) else None
            if how.startswith(BOUND):
                bounds.add(how)
        how = ok_table[(i, j)]
        return how if how and (maybe or not how.startswith(BOUND)) else None

    if ordered:
        methods = set()
        for i in range(n):
            how = ok(i, i, maybe=True)
            if not how:
                return False, set()
            methods.add(how)
        return (False, bounds) if bounds else (True, methods)

    def matching(maybe: bool) -> dict[int, int] | None:
        match_of_pred: dict[int, int] = {}

        def augment(i: int, seen: set[int]) -> bool:
            for j in range(n):
                if j not in seen and ok(i, j, maybe):
                    seen.add(j)
                    if j not in match_of_pred or augment(match_of_pred[j], seen):
                        match_of_pred[j] = i
                        return True
            return False

        return match_of_pred if all(augment(i, set()) for i in range(n)) else None

    found = matching(False)
    if found is None:
        return False, (bounds if bounds and matching(True) is not None else set())
    return True, {ok(i, j) or "" for j, i in found.items()}


# ---------------------------------------------------------------------------------------------- single items

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


_ARTICLES = re.compile(r"\b(?:a|an|the)\b\s*")
_PREDICATE = re.compile(r".*\s(?:is|are|was|were)\s+(.+)$")


def _texts_equal(gt: str, pt: str) -> bool:
    """Text answers: the same words ignoring case, markup and articles; a short sentence stating the other
    answer as its predicate ("The set is infinite" / "infinite"; "is not infinite" is not)."""
    g, p = (_ARTICLES.sub("", text_key(t)).strip() for t in (gt, pt))
    if not g or not p:
        return False
    if g == p:
        return True
    for sentence, word in ((g, p), (p, g)):
        predicate = _PREDICATE.match(sentence)
        if predicate and len(sentence.split()) <= 12 and predicate.group(1).strip() == word:
            return True
    return False


def _is_plain_number(text: str) -> bool:
    return _plain_number(text) is not None


def _plain_number(text: str):
    from fractions import Fraction

    t = text.replace(" ", "")
    if is_thousands(t):
        t = t.replace(",", "")
    if _NUM.fullmatch(t):
        try:
            return Fraction(t)
        except (ValueError, ZeroDivisionError, OverflowError):
            return None
    m = re.fullmatch(r"(-?)(\d+)\s*\\frac\{(\d+)\}\{(\d+)\}", text.strip())
    if m and int(m.group(3)) < int(m.group(4)) and int(m.group(4)):  # mixed number 2\frac{1}{2}
        whole = Fraction(int(m.group(2))) + Fraction(int(m.group(3)), int(m.group(4)))
        return -whole if m.group(1) else whole
    m = re.fullmatch(r"(-?)(\d+)\s+(\d+)/(\d+)", text.strip())
    if m and int(m.group(3)) < int(m.group(4)):  # 2 1/2
        whole = Fraction(int(m.group(2))) + Fraction(int(m.group(3)), int(m.group(4)))
        return -whole if m.group(1) else whole
    return None


_NOUN_AFTER = re.compile(r"(-?\d+(?:\.\d+)?)\s+([A-Za-z]+(?:\s+[A-Za-z]+){0,2})")
_NOT_A_NOUN = {"or", "and", "more", "less", "than", "at", "least", "most", "times", "plus", "minus", "over"}


def _spelled_number(text: str):
    """The number a text answer states: in words (:func:`.normalize.number_words`), or a numeral followed by
    its noun (``12 games``); None otherwise."""
    m = _NOUN_AFTER.fullmatch(text.strip())
    if m and not set(m.group(2).lower().split()) & _NOT_A_NOUN:
        return _plain_number(m.group(1))
    return number_words(text)


def _numbers_equal(gv, pv, g: Item, p: Item, tol: float | None) -> bool:
    """Exact rationals (or within ``tol``), trying the readings percent / degree marks allow."""
    import math

    scale = _unit_scale(g, p)
    if scale is None:
        return False
    pv = pv * scale
    candidates = [(gv, pv)]
    if p.percent and not g.percent:
        candidates.append((gv, pv / 100))
    if g.percent and not p.percent:
        candidates.append((gv / 100, pv))
    try:
        if p.degree != g.degree:
            # 30 degrees vs pi/6 given as a decimal: compare in radians as well.
            if p.degree:
                candidates.append((gv, float(pv) * math.pi / 180))
            else:
                candidates.append((float(gv) * math.pi / 180, pv))
    except OverflowError:  # a number beyond floats is no angle in radians
        pass
    for a, b in candidates:
        if a == b:
            return True
        if tol is None and not (isinstance(a, float) or isinstance(b, float)):
            continue
        try:
            diff = abs(a - b)  # exact between rationals (a float would overflow past 1e308)
            if tol is not None:
                if diff <= tol * (1 + 1e-9) + 1e-15:
                    return True
            elif diff <= _REL_EPS * max(1.0, abs(float(a))):
                return True
        except OverflowError:  # a float against a number beyond floats
            continue
    return False


_WORD = re.compile(r"(?<![\\a-zA-Z])[a-zA-Z]{2,}")
_MATH_WORDS = {"sin", "cos", "tan", "cot", "sec", "csc", "ln", "log", "exp", "sqrt", "pi", "arcsin", "arccos",
               "arctan", "sinh", "cosh", "tanh", "inf", "infinity", "lim", "max", "min", "gcd", "lcm", "mod"}


def _is_text(text: str) -> bool:
    """Words (two or more letters, not LaTeX commands or function names) make an answer text."""
    words = [w for w in _WORD.findall(text) if w.lower() not in _MATH_WORDS]
    # A word of three or more letters with a vowel reads as prose ("impossible", "Alice"); "mgh" and "GMm"
    # are products of physical quantities.
    vowel = [w for w in words if re.search(r"[aeiouyAEIOUY]", w)]
    return any(len(w) >= 3 for w in vowel) or re.search(r"[\u4e00-\u9fff]", text) is not None or (
        bool(vowel) and not re.search(r"[\d\\^_=+\-*/]", text))


# ------------------------------------------------------------------------------------------- sympy values

def _parse(text: str, item: Item | None = None) -> Any:
    import sympy

    try:
        expr = parse_math(text)
    except TooLong as exc:
        raise _Unknown(str(exc), "parse-length") from None
    except TooComplex as exc:
        raise _Unknown(str(exc), exc.kind) from None
    except ParseFailure as exc:
        raise _Unknown(str(exc)) from None
    if isinstance(expr, sympy.core.relational.Relational):
        raise _Unknown("relation")
    if not isinstance(expr, sympy.Expr):
        raise _Unknown(f"not an expression: {type(expr).__name__}")
    floats = expr.atoms(sympy.Float)
    if floats:
        # A decimal the model wrote is an exact value: 0.3333 is 3333/10000, not 1/3.
        expr = expr.xreplace({f: sympy.Rational(str(f)) for f in floats})
    return expr


def _values_equal(g: Item, p: Item, tol: float | None) -> tuple[bool, str]:
    import sympy

    scale = _unit_scale(g, p)
    if scale is None:
        return False, "unit-mismatch"
    ge, pe = _parse(g.text), _parse(p.text)
    if scale != 1:
        pe = pe * sympy.Rational(scale.numerator, scale.denominator)
    if {s.name for s in ge.free_symbols | pe.free_symbols} == {"i"}:
        # i is the only letter: the imaginary unit (1+2i = i(2-i); i(...) is a product)
        ge, pe = _letters_as_factors(ge, pe)
        unit = {s: sympy.I for s in ge.free_symbols | pe.free_symbols}
        ge, pe = ge.xreplace(unit), pe.xreplace(unit)
    if not (ge.free_symbols or pe.free_symbols):
        gv, pv = _numeric(ge), _numeric(pe)
        candidates = [(ge, pe, gv, pv)]
        if p.percent and not g.percent:
            candidates.append((ge, pe / 100, gv, None if pv is None else pv / 100))
        if g.percent and not p.percent:
            candidates.append((ge / 100, pe, None if gv is None else gv / 100, pv))
        if p.degree and not g.degree:
            candidates.append((ge, pe * sympy.pi / 180, gv, _numeric(pe * sympy.pi / 180)))
        if g.degree and not p.degree:
            candidates.append((ge * sympy.pi / 180, pe, _numeric(ge * sympy.pi / 180), pv))
        for a, b, av, bv in candidates:
            # (no 30-digit value, e.g. the floor of a 2,000-bit rational: the exact difference may still decide)
            if _same_number(a, b, av, tol):
                exact = tol is not None or _is_plain_number(g.text) and _is_plain_number(p.text)
                return True, "numeric" if exact else "symbolic"
        return False, "numeric"
    ge, pe = _letters_as_factors(ge, pe)
    g_names, p_names = {s.name for s in ge.free_symbols}, {s.name for s in pe.free_symbols}
    if g_names != p_names:
        # A variable may cancel as written ("\\frac{(2m-m)g}{3m}" is g/3): compare the letters that remain.
        ge, pe = _reduced(ge), _reduced(pe)
        g_names, p_names = {s.name for s in ge.free_symbols}, {s.name for s in pe.free_symbols}
    if g_names and p_names and g_names != p_names:
        # Different variables (x vs t) cannot be the same answer; a constant never equals a function.
        return False, "symbolic"
    return _expressions_equal(ge, pe)


def _letters_as_factors(ge: Any, pe: Any) -> tuple[Any, Any]:
    """``m g(3 - 2\\cos\\theta)`` is a product when ``g`` is a quantity: a function letter applied to an argument
    is read as a factor when the same letter stands alone as a symbol on either side."""
    from sympy import Mul, Symbol
    from sympy.core.function import AppliedUndef

    calls = [c for e in (ge, pe) for c in e.atoms(AppliedUndef) if len(c.func.__name__) == 1]
    if not calls:
        return ge, pe
    names = {s.name for s in ge.free_symbols | pe.free_symbols}
    swap = {c: Symbol(c.func.__name__) * Mul(*c.args) for c in calls if c.func.__name__ in names}
    return (ge.xreplace(swap), pe.xreplace(swap)) if swap else (ge, pe)


def _reduced(expr: Any) -> Any:
    """``expr`` with its arithmetic carried out (``(2m - m)/m`` is 1), or as it was when that runs long."""
    import sympy

    try:
        with step_limit(0.5):
            done = expr.doit()
            if done.free_symbols != expr.free_symbols or not done.free_symbols:
                return done
            return sympy.cancel(done)
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError, AttributeError,
            sympy.PolynomialError):
        return expr


def _numeric(expr: Any) -> Any:
    """A 30-digit SymPy value (real or complex, any magnitude), or None (undefined or infinite)."""
    import sympy

    try:
        value = expr.evalf(30)
        if not value.is_number or value.has(sympy.nan, sympy.zoo) or value.is_infinite:
            return None
        return value
    except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
        return None


def _same_number(a: Any, b: Any, scale: Any, tol: float | None) -> bool:
    """Two constant expressions equal (exactly, or within ``tol``)?

    The difference is formed symbolically first: 2^{2023} and 2^{2023}+1 differ by exactly 1, and
    10^{-20} is not 0. Only an irrational difference falls back to a 30-digit numeric test.
    """
    try:
        with step_limit(SIMPLIFY_SECONDS):
            diff = (a - b).doit()
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
        return False
    if tol is None and diff.is_Rational:
        return diff == 0
    value = _numeric(diff)
    if value is None and _precision_runs_out(diff):
        raise Undecided("precision", "the difference cannot be evaluated")
    return value is not None and _close(value, 0, tol, scale=scale)


def _precision_runs_out(expr: Any) -> bool:
    """Does SymPy give up evaluating ``expr`` for lack of precision
    (``\\lfloor\\sqrt{10^{400}+1}\\rfloor - 10^{200}``)?"""
    from sympy.core.evalf import PrecisionExhausted

    try:
        with step_limit(0.5):
            expr.evalf(30)
    except PrecisionExhausted:
        return True
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
        return False
    return False


def _close(a: Any, b: Any, tol: float | None, scale: Any = None) -> bool:
    """|a - b| within ``tol`` (absolute), or within 1e-12 relative to ``scale`` (default a) without ``tol``."""
    try:
        diff = abs(a - b)
        if tol is not None:
            return bool(diff <= tol * (1 + 1e-9) + 1e-15)
        scale = abs(a if scale is None else scale)
        return bool(diff <= _REL_EPS * (scale if scale > 1 else 1))
    except (TypeError, ValueError, ArithmeticError):
        return False


def _spot_points(symbols: Sequence[Any], count: int = 6) -> list[dict[Any, Any]]:
    import sympy

    rng = random.Random(1234567)  # deterministic: reruns and workers agree
    points = []
    for _ in range(count):
        points.append({s: sympy.Rational(rng.randint(11, 289), 100) for s in symbols})
    return points


_INTEGER_NAMES = frozenset("nmk")


def _integer_points_agree(ge: Any, pe: Any, symbols: Sequence[Any]) -> tuple[bool, str]:
    """Floor and ceiling answers in n, m, k (integers by convention): equal when they agree at the integers
    1..12 (a few combinations for several variables); ``\\lfloor n/2 \\rfloor \\lceil n/2 \\rceil`` =
    ``\\lfloor n^2/4 \\rfloor``, which real spot points would reject."""
    import sympy

    rng = random.Random(7654321)
    points = [{s: sympy.Integer(v) for s in symbols} for v in range(1, 13)]
    points += [{s: sympy.Integer(rng.randint(1, 30)) for s in symbols} for _ in range(12)]
    try:
        with step_limit(SIMPLIFY_SECONDS):  # one budget for all points
            for point in points:
                if (ge.xreplace(point) - pe.xreplace(point)).doit() != 0:
                    return False, "integer-spot"
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
        return False, "integer-spot"
    return True, "integer-spot"


def _expressions_equal(ge: Any, pe: Any) -> tuple[bool, str]:
    """Numeric spot checks decide "different"; simplify confirms "equal" (spot checks back it up)."""
    import sympy

    symbols = sorted(ge.free_symbols | pe.free_symbols, key=lambda s: s.name)
    if symbols and all(s.name in _INTEGER_NAMES for s in symbols) and (
            ge.has(sympy.floor, sympy.ceiling) or pe.has(sympy.floor, sympy.ceiling)):
        return _integer_points_agree(ge, pe, symbols)
    agree = 0
    for point in _spot_points(symbols):
        try:
            with step_limit(0.5):
                a = ge.xreplace(point).evalf(30)
                b = pe.xreplace(point).evalf(30)
        except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
            continue
        if not (a.is_number and b.is_number) or a.has(sympy.nan, sympy.zoo) or b.has(sympy.nan, sympy.zoo) \
                or a.is_infinite or b.is_infinite:
            continue
        try:
            scale = abs(a)
            if bool(abs(a - b) > 1e-9 * (scale if scale > 1 else 1)):
                return False, "numeric-spot"
        except (TypeError, ValueError):
            continue
        agree += 1
    # Small rational functions over Q (most expression answers): zero or not is decided exactly, and
    # simplify would find the same (see .poly); anything else still goes to simplify.
    zero = identically_zero(ge - pe)
    if zero:
        return True, "symbolic"
    try:
        if zero is None:
            with step_limit(SIMPLIFY_SECONDS):
                if sympy.simplify(ge - pe) == 0:
                    return True, "symbolic"
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
        pass
    if agree >= 4:
        return True, "numeric-spot"
    return False, "symbolic"


def _beyond_bounds(g: Item, p: Item, tol: float | None, bound: str) -> tuple[bool, str]:
    """Two items the general rules refused for size (``bound``): equal when their canonical trees are
    (:func:`.exact.canonical`: ``(x+1)^{10^6}`` and ``(1+x)^{10^6}``) or their exact values are; different when
    a 30-digit evaluation at a few points tells them apart; otherwise undecided, ``bound:<bound>``."""
    import sympy

    undecided = False, BOUND + bound
    if (g.percent, g.degree, g.unit) != (p.percent, p.degree, p.unit):
        return undecided
    try:
        with step_limit(SIMPLIFY_SECONDS):
            ge, pe = _exact_parse(g.text), _exact_parse(p.text)
            if {s.name for s in ge.free_symbols | pe.free_symbols} == {"i"}:
                ge, pe = _imaginary_unit(ge), _imaginary_unit(pe)
    except TooLong:
        return undecided
    except ParseFailure as exc:
        return False, f"unparsed ({exc})"
    except (StepTimeout, TypeError, ValueError, RecursionError, ArithmeticError):
        return undecided
    if ge == pe:
        return True, "structural"
    if not (isinstance(ge, sympy.Expr) and isinstance(pe, sympy.Expr)):
        return undecided
    if ge.is_Rational and pe.is_Rational:
        from fractions import Fraction

        a, b = Fraction(int(ge.p), int(ge.q)), Fraction(int(pe.p), int(pe.q))
        return (abs(a - b) <= tol if tol is not None else a == b), "exact"
    if not (_evaluable(ge) and _evaluable(pe)):
        return undecided
    symbols = sorted(ge.free_symbols | pe.free_symbols, key=lambda s: s.name)
    for point in _float_points(symbols, 3) or [{}]:
        # all 30 digits correct, or no evidence (2^{10^{20}}+1-2^{10^{20}} is 1)
        a, b = _certified_value(ge, point), _certified_value(pe, point)
        if a is None or b is None:
            continue
        try:
            scale = max(abs(a), abs(b))
            if tol is not None and not symbols:
                if bool(abs(a - b) > tol * (1 + 1e-9) + scale * 1e-25):
                    return False, "numeric"
            elif bool(abs(a - b) > 1e-9 * scale):
                return False, "numeric-spot"
        except (TypeError, ValueError, ArithmeticError):
            continue
    return undecided


def _evaluable(expr: Any) -> bool:
    """Cheap and fair to evaluate to 30 digits at a point: no numeric exponent above 10^30, no power of a power
    of numbers (a tower), no factorial of a large number, no floor or ceiling in a letter (n, m, k are integers
    by convention: real points would mislead, as :func:`_integer_points_agree` says)."""
    import sympy

    if expr.free_symbols and expr.has(sympy.floor, sympy.ceiling, sympy.frac):
        return False
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Pow):
            exponent = node.args[1]
            if exponent.is_Number and abs(exponent) > 10 ** 30 or not exponent.free_symbols and exponent.has(
                    sympy.Pow):
                return False
        elif isinstance(node, (sympy.factorial, sympy.gamma, sympy.binomial)) and not node.free_symbols:
            return False
    return True


# -------------------------------------------------------------------------------------------- equations

_SUB = r"(?:\s*_\s*(?:\{[^{}=]*\}|\\?[A-Za-z0-9]+))?"
_NAME = r"(?:\\[a-zA-Z]+|[A-Za-z])%s(?:'|\^\s*\{?\\prime\}?)*(?:\([^()=]*\)%s)?" % (_SUB, _SUB)
_LABEL = re.compile(r"(?:(?:m\s*)?(?:\\angle|\\measuredangle|∠)\s*)?(?:%s\s*){1,4}" % _NAME)
_LABEL_WRAP = re.compile(r"\|(.*)\||\\(?:overline|vec|overrightarrow|hat|mathbf|bar)\s*\{([^{}]*)\}")
_LABEL_RATIO = re.compile(r"([^:]+):([^:]+)|\\frac\s*\{([^{}]+)\}\s*\{([^{}]+)\}")
_NOT_LABELS = {"\\frac", "\\sqrt", "\\binom", "\\infty", "\\cdot", "\\times", "\\pi", "\\sum", "\\int"}


def _is_label(text: str) -> bool:
    """Does ``text`` name a quantity rather than compute one? ``x``, ``f(x)``, ``\\theta_c``, ``\\angle ABC``,
    ``v_0'``, ``|AB|``, ``(x, y)``, ``P(A)``, ``\\sin\\theta`` are labels; ``2x + 1`` and ``\\frac{1}{2}`` are not.

    ``label = value`` states the value: the gold's value is compared with its right-hand side.
    """
    t = text.strip()
    if not t or len(t) > 40:
        return False
    wrapped = _LABEL_WRAP.fullmatch(t)
    if wrapped:
        t = (wrapped.group(1) or wrapped.group(2) or "").strip()
    if t.startswith("(") and t.endswith(")") and "," in t:
        return all(_is_label(part) for part in t[1:-1].split(","))
    ratio = _LABEL_RATIO.fullmatch(t)
    if ratio:  # "V_1 : V_2", "\frac{NO}{BO}", "S_{MBCN}:S": a ratio of named quantities
        return all(_is_label(part) for part in ratio.groups() if part is not None)
    return bool(_LABEL.fullmatch(t)) and not any(cmd in t for cmd in _NOT_LABELS)


_FUNCTION_VALUE = re.compile(r"\s*[a-zA-Z]\s*\(\s*[a-z]\s*\)\s*")


def _same_label(a: str, b: str) -> bool:
    return re.sub(r"[\s{}]", "", a) == re.sub(r"[\s{}]", "", b)


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


def _rounds_to(exact: str, whole: Item, approx: Item) -> bool:
    """Is the decimal ``approx`` the exact value rounded to its last digit (half a unit, either way)?"""
    from fractions import Fraction

    a = approx.text.replace(" ", "")
    if not re.fullmatch(r"-?\d+\.\d+", a):
        return False
    sides = exact.split("=")
    try:
        value = _numeric(_parse(_with_marks(sides[-1], whole).text))
    except _Unknown:
        return False
    if value is None or not value.is_real:
        return False
    half = Fraction(1, 2 * 10 ** len(a.split(".")[1]))
    return abs(Fraction(str(float(value))) - Fraction(a)) <= half * (1 + Fraction(1, 10**6))


def _proportional(gl: str, gr: str, pl: str, pr: str) -> bool | None:
    import sympy

    try:
        e1 = _parse(gl) - _parse(gr)
        e2 = _parse(pl) - _parse(pr)
    except _Unknown:
        return None
    if e1 == 0 or e2 == 0:
        return e1 == e2
    # Small polynomials over Q (most equation answers): decided exactly without simplify (see .poly).
    quick = constant_ratio(e1, e2)
    if quick is not None:
        return quick is not False
    try:
        with step_limit(SIMPLIFY_SECONDS):
            ratio = sympy.simplify(e1 / e2)
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
        return None
    return bool(ratio.is_number and ratio != 0 and ratio.is_finite)


def _ratio_equal(gt: str, pt: str) -> bool | None:
    try:
        a, b = (_parse(x) for x in gt.split(":"))
        c, d = (_parse(x) for x in pt.split(":"))
    except _Unknown:
        return None
    av, dv, bv, cv = (_numeric(x) for x in (a, d, b, c))
    if None in (av, bv, cv, dv):
        return None
    return _close(av * dv, bv * cv, None)


# -------------------------------------------------------------------------------------------- intervals

_REL_OPS = {"<": "<", ">": ">", "\\leq": "<=", "\\geq": ">=", "\\lt": "<", "\\gt": ">", "<=": "<=", ">=": ">=",
            "≤": "<=", "≥": ">="}
_REL = r"(<=|>=|<|>|\\leq|\\geq|\\lt|\\gt)"


def _interval_like(text: str, kind: str | None) -> bool:
    t = text.strip()
    if "\\cup" in t or "\\infty" in t and t[:1] in "([" or re.search(_REL, t) or "\\setminus" in t:
        return True
    if "\\ne" in t and _EXCEPT_POINT.fullmatch(t):
        return True
    if re.fullmatch(r"[\(\[].*,.*[\)\]]", t) and t[0] + t[-1] in ("(]", "[)", "[]"):
        return True
    return bool(kind and "Interval" in kind and re.fullmatch(r"[\(\[].*,.*[\)\]]", t))


def _split_top(text: str, sep: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _to_intervals(text: str) -> list[tuple[bool, Any, Any, bool]] | None:
    """A union of intervals as (left_closed, lo, hi, right_closed) with SymPy endpoints, or None."""
    import sympy

    t = text.strip().replace("\\mathbb{R}", "(-\\infty,\\infty)").replace("\\R", "(-\\infty,\\infty)")
    if t in ("(-\\infty,\\infty)", "(-\\infty,+\\infty)"):
        return [(False, -sympy.oo, sympy.oo, False)]
    m = _ALL_BUT.fullmatch(t) or _EXCEPT_POINT.fullmatch(t)
    if m:  # \mathbb{R} \setminus \{0, 1\}, x \ne 0: the line without those points
        return _line_without([p for p in _split_top(m.group("points"), ",") if p.strip()])
    m = re.fullmatch(r"(?:(.+?)\s*%s\s*)?([a-zA-Z])\s*%s\s*(.+)" % (_REL, _REL), t)
    if m:  # a < x <= b, x > a
        lo_txt, op1, _, op2, hi_txt = m.groups()
        if lo_txt is None:
            value = _parse(hi_txt)
            if _REL_OPS[op2] in ("<", "<="):
                return [(False, -sympy.oo, value, _REL_OPS[op2] == "<=")]
            return [(_REL_OPS[op2] == ">=", value, sympy.oo, False)]
        lo, hi = _parse(lo_txt), _parse(hi_txt)
        if _REL_OPS[op1] in (">", ">="):
            lo, hi = hi, lo
            return [(_REL_OPS[op2] == ">=", lo, hi, _REL_OPS[op1] == ">=")]
        return [(_REL_OPS[op1] == "<=", lo, hi, _REL_OPS[op2] == "<=")]
    m = re.fullmatch(r"(.+?)\s*%s\s*([a-zA-Z])" % _REL, t)
    if m:  # 3 > x
        value, op = _parse(m.group(1)), _REL_OPS[m.group(2)]
        if op in ("<", "<="):
            return [(op == "<=", value, sympy.oo, False)]
        return [(False, -sympy.oo, value, op == ">=")]
    pieces = [p.strip() for p in re.split(r"\\cup|∪", t)]
    out = []
    for piece in pieces:
        mm = re.fullmatch(r"([\(\[])(.*)([\)\]])", piece)
        if not mm:
            return None
        ends = _split_top(mm.group(2), ",")
        if len(ends) != 2:
            return None
        lo = _endpoint(ends[0])
        hi = _endpoint(ends[1])
        out.append((mm.group(1) == "[", lo, hi, mm.group(3) == "]"))
    return out


_ALL_BUT = re.compile(r"\(-\\infty,\s*\+?\\infty\)\s*(?:\\setminus|\\backslash|-)\s*\\\{(?P<points>[^{}]+)\\\}")
_EXCEPT_POINT = re.compile(r"[a-zA-Z]\s*\\ne\s*(?P<points>[^<>=]+)")


def _line_without(points: list[str]) -> list[tuple[bool, Any, Any, bool]] | None:
    """The open intervals between sorted real ``points`` (the real line without them), or None."""
    import sympy

    values = []
    for text in points:
        value = _parse(text)
        number = _numeric(value)
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
    return _parse(t)


def _interval_equal(gt: str, pt: str, kind: str | None, tol: float | None = None) -> bool | None:
    """Two answers as subsets of R: intervals, unions, inequalities (solved when not of the form ``a < x < b``:
    ``-x > -1``, ``|x| \\ge 1``, ``0 < f(x) < 1``); None when neither reads as one."""
    gi, pi_ = _intervals_or_none(gt), _intervals_or_none(pt)
    if gi is not None and pi_ is not None:
        return _unions_equal(gi, pi_, tol)
    g_set = _as_set(gi) if gi is not None else _relation_set(gt)
    if g_set is None:  # the gold is no set: nothing to solve on the prediction's side
        return None if pi_ is None else False
    p_set = _as_set(pi_) if pi_ is not None else _relation_set(pt)
    if p_set is None:
        return False
    return _sets_equal(g_set, p_set)


def _intervals_or_none(text: str) -> list[tuple[bool, Any, Any, bool]] | None:
    try:
        return _to_intervals(text)
    except _Unknown:
        return None


_REL_SPLIT = re.compile(r"(<=|>=|\\leq|\\geq|\\lt|\\gt|<|>)")
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
        sides = [_parse(piece) for piece in pieces[0::2]]
    except _Unknown:
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


def _union_parts_equal(g_parts: list[str], p_parts: list[str], kind: str | None) -> bool | None:
    """Two lists of answer parts that are all intervals or inequalities, compared as one union each; or None."""
    def intervals(parts: list[str]) -> list[tuple[bool, Any, Any, bool]] | None:
        out: list[tuple[bool, Any, Any, bool]] = []
        for part in parts:
            found = _to_intervals(part) if _interval_like(part, kind) else None
            if found is None:
                return None
            out.extend(found)
        return out

    try:
        gi, pi_ = intervals(g_parts), intervals(p_parts)
    except _Unknown:
        return None
    if gi is None or pi_ is None:
        return None
    return _unions_equal(gi, pi_)


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
    av, bv = _numeric(a), _numeric(b)
    return av is not None and bv is not None and _close(av, bv, tol)


def _sort_key(part) -> float:
    try:
        return float(part[1])
    except (TypeError, ValueError):
        return 0.0


def _same_value(a: Any, b: Any) -> bool:
    if a == b:
        return True
    if getattr(a, "free_symbols", None) or getattr(b, "free_symbols", None):
        return _expressions_equal(a, b)[0]  # [x, x + 1] against [x, 1 + x]
    av, bv = _numeric(a), _numeric(b)
    return av is not None and bv is not None and _close(av, bv, None)


# -------------------------------------------------------------------------------------------- tuples

def _tuple_parts(text: str) -> list[str] | None:
    """The elements of ``(a, b, ...)``, ``[a, b]`` or ``\\langle a, b \\rangle``, or None."""
    t = text.strip()
    m = re.fullmatch(r"\\langle(.*)\\rangle", t)
    if m:
        inner = m.group(1)
    elif len(t) >= 2 and t[0] + t[-1] in ("()", "[]"):
        inner = t[1:-1]
        depth = 0
        for c in inner:  # "(1)+(2)" is not a tuple
            depth += {"(": 1, "[": 1, ")": -1, "]": -1}.get(c, 0)
            if depth < 0:
                return None
    else:
        return None
    parts = _split_top(inner, ",")
    if len(parts) < 2:
        parts = _split_top(inner, ";")  # (0; -2; 6): coordinates separated by semicolons
    if len(parts) < 2:
        return None
    return [p.strip() for p in parts]
