"""Single answer items: :func:`items_equal` compares two cleaned items (one part of a possibly multi-part
answer) by the first of the reading rules (``RULES``) that answers.

The order is the specification (as Math-Verify keeps its extraction priorities in a table, and
``choice/decide.py`` its ``STEPS``): each rule is a small function of the pair so far, run by ascending
priority; it answers ``(equal, method)`` or returns None and the next one runs. In order:

1. ``empty`` (10): either side is empty: different.
2. ``exact`` (20): the same text with the same marks (percent, degree, unit scale): equal.
3. ``degrees-asked`` (25): to a question asking the answer in degrees, a bare gold number is in degrees, so a
   prediction in radians (``4\\pi`` for 720) is compared as an angle; it rewrites the gold and never answers.
4. ``approx`` (30): a prediction ``exact \\approx decimal``: the exact value is the answer (``_approx_equal``);
   an exact side in physical constants only (``1800\\pi\\epsilon_0``) has no value here: the decimal is.
5. ``approx-gold`` (40): a gold ``exact \\approx decimal`` is read as its exact value (``x \\approx 3`` as
   ``x = 3``) for the rules below; it never answers.
6. ``labelled-value`` (50): a prediction ``label = value`` against a gold without ``=`` states its value.
7. ``larger`` (55): to "Which is larger, A or B?", a prediction ``A < B`` names B (``plain.chosen_of_two``); it
   rewrites the prediction for the rules below and never answers.
8. ``interval`` (60): intervals, unions and inequalities as subsets of R (``intervals.py``).
9. ``tuple`` (70): ordered tuples, element by element (``(x, y) = (3, 2)`` is left to ``equation``).
10. ``ratio`` (80): ``a:b`` against ``c:d``.
11. ``equation`` (90): equations and labelled values (``_equation_equal``, labels in ``equations.py``).
12. ``numeric`` (100): two plain numbers, exactly or within the tolerance, without SymPy (``plain.py``).
13. ``text`` (110): text answers, and a number in words against a number (``number-words``).
14. ``value`` (120): SymPy values and expressions (``values.py``); text that cannot be parsed compares as text,
    and a size bound leaves it to the exact readings beyond the bounds (``beyond_bounds``).

Adding a rule is adding a function and its ``Rule`` with a priority between its neighbours' (and a line above:
a test compares the two lists).
"""

from __future__ import annotations

import re
from fractions import Fraction
from dataclasses import replace
from typing import Any

from ...text.patterns import lazy_compile
from ..exact import BOUND, Undecided
from ..normalize import Item, clean, text_key
from .equations import (FUNCTION_VALUE, given_restated, is_label, names_asked_formula, proportional, ratio_equal, rounds_to, same_label, same_quantity,
                        stated_to_its_digits, symbolic)
from .aliases import asked_question, written_beside
from .intervals import interval_equal, interval_like
from .marks import CONDITION_WORD, unit_scale, with_marks
from .plain import (chosen_of_two, is_plain_number, is_text, numbers_equal, pi_in_words, plain_number, spelled_number,
                    texts_equal)
from .rules import Outcome, Rule, first_answer, in_order
from .tuples import split_top, tuple_parts
from .values import Unknown, beyond_bounds, numeric, parse, values_equal


def items_equal(g: Item, p: Item, tol: float | None = None, kind: str | None = None) -> tuple[bool, str]:
    """Compare two cleaned single answer items -> (equal, method); ``bound:<name>`` when a size bound left it
    undecided (also inside an equation, a matrix or a tuple)."""
    try:
        return _items_equal(g, p, tol, kind)
    except Undecided as bound:
        return False, BOUND + bound.name


def all_equal(pairs: list[tuple[Item, Item]], tol: float | None) -> bool:
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


class _Pair:
    """The pair being compared, as the rules so far have read it (a rule may rewrite it for the later ones)."""

    __slots__ = ("g", "p", "tol", "kind")

    def __init__(self, g: Item, p: Item, tol: float | None, kind: str | None):
        self.g, self.p, self.tol, self.kind = g, p, tol, kind


def _empty(d: _Pair) -> Outcome | None:
    return (False, "empty") if not d.g.text or not d.p.text else None


def _exact(d: _Pair) -> Outcome | None:
    g, p = d.g, d.p
    if g.text == p.text and (g.percent == p.percent or not is_plain_number(g.text)) and g.degree == p.degree \
            and unit_scale(g, p) == 1:
        return True, "exact"
    return None


def _approx_prediction(d: _Pair) -> Outcome | None:
    return _approx_equal(d.g, d.p, d.tol, d.kind) if "\\approx" in d.p.text else None


def _approx_gold(d: _Pair) -> None:
    gt = d.g.text
    if "\\approx" in gt:
        exact = gt.split("\\approx")[0].rstrip("= ")
        # "\frac{\sqrt3}{3} \approx 0.577": the exact value is the gold; "x \approx 3" states 3
        d.g = replace(d.g, text=exact if exact and not is_label(exact) else gt.replace("\\approx", "="))
    return None


def _labelled_value(d: _Pair) -> Outcome | None:
    gt, pt = d.g.text, d.p.text
    if "=" in pt and "=" not in gt and pt.count("=") == 1:
        # "A \cap B = (1, 2)", "S = \{1, 2\}": against a value, set or interval, a label states its value
        label, value = pt.split("=")
        if (is_label(label) or names_asked_formula(label)) and value.strip():
            return items_equal(d.g, with_marks(value, d.p), d.tol, d.kind)
    if "=" in pt and "=" not in gt and pt.count("=") >= 2 and given_restated(pt.split("=")[0]):
        # "0.101_2 = \tfrac12 + \tfrac18 = 0.625" to "Write $0.101_2$ as a fraction": the given, then the chain's value
        return items_equal(d.g, with_marks(pt.rsplit("=", 1)[-1], d.p), d.tol, d.kind)
    return None


# a question asking its answer in degrees: "..., in degrees.", "(in degrees)", "用角度表示"
_ASKS_DEGREES = lazy_compile(r"(?i)\bin\s+degrees\b|用角度|角度制")


# an angle written as a multiple of pi, alone: "4\pi", "\frac{\pi}{3}", "\frac{2\pi}{3}", "\pi/6"
_PI_MULTIPLE = lazy_compile(r"\s*-?(?:\d+(?:\.\d+)?\s*)?\\pi\s*(?:/\s*\d+)?\s*|\s*-?\\[dt]?frac\s*\{\s*\d*\s*\\pi\s*\}\s*\{\s*\d+\s*\}\s*")


def _degrees_asked(d: _Pair) -> Outcome | None:
    if not d.g.degree and not d.p.degree and _PI_MULTIPLE.fullmatch(d.p.text) and is_plain_number(d.g.text):
        question = asked_question()
        if question and _ASKS_DEGREES.search(question):
            d.g = replace(d.g, degree=True)  # "(1) ... in degrees": 720 is 720°, so $4\pi$ is that angle
    return None


def _larger(d: _Pair) -> Outcome | None:
    if "<" in d.p.text or ">" in d.p.text or "\\lt" in d.p.text or "\\gt" in d.p.text:
        chosen = chosen_of_two(d.p.text, asked_question())
        if chosen is not None:
            d.p = replace(d.p, text=chosen)  # "2^{300} < 3^{200}" to "Which is larger ...?": 3^{200}
    return None


def _interval(d: _Pair) -> Outcome | None:
    gt, pt = d.g.text, d.p.text
    if interval_like(gt, d.kind) or interval_like(pt, d.kind):
        verdict = interval_equal(gt, pt, d.kind, d.tol)
        if verdict is not None:
            return verdict, "interval"
    return None


def _tuple(d: _Pair) -> Outcome | None:
    gt, pt = d.g.text, d.p.text
    g_tuple, p_tuple = tuple_parts(gt), tuple_parts(pt)
    if g_tuple is None and p_tuple is None or g_tuple is None and "=" in gt or p_tuple is None and "=" in pt:
        return None  # "(x, y) = (3, 2)": an equation
    if g_tuple is None or p_tuple is None or len(g_tuple) != len(p_tuple):
        return False, "tuple-mismatch"
    bound = None
    for a, b in zip(g_tuple, p_tuple):
        eq, how = items_equal(clean(a), clean(b), d.tol)
        if not eq and not how.startswith(BOUND):
            return False, "tuple-mismatch"
        bound = bound or (how if not eq else None)
    return (False, bound) if bound else (True, "tuple")


def _ratio(d: _Pair) -> Outcome | None:
    gt, pt = d.g.text, d.p.text
    if ":" in gt and ":" in pt and gt.count(":") == pt.count(":") == 1:
        verdict = ratio_equal(gt, pt)
        if verdict is not None:
            return verdict, "ratio"
    return None


def _equation(d: _Pair) -> Outcome | None:
    if "=" in d.g.text or "=" in d.p.text:
        verdict = _equation_equal(d.g, d.p, d.tol)
        if verdict is not None:
            return verdict, "equation"
    return None


def _plain_numbers(d: _Pair) -> Outcome | None:
    gn, pn = plain_number(d.g.text), plain_number(d.p.text)
    if gn is not None and pn is not None:
        return numbers_equal(gn, pn, d.g, d.p, d.tol), "numeric"
    return None


def _text(d: _Pair) -> Outcome | None:
    gt, pt = d.g.text, d.p.text
    g_text, p_text = is_text(gt), is_text(pt)
    if not (g_text or p_text):
        return None
    if g_text != p_text:
        # A multiple of pi in words ("pi over four") against \frac{\pi}{4}; a number in words ("twelve", "三个", "no
        # real solutions") against a number: compare the number.
        in_words = pi_in_words(pt if p_text else gt) if not (d.g.percent or d.p.percent) else None
        if in_words is not None:
            pair = (d.g, replace(d.p, text=in_words)) if p_text else (replace(d.g, text=in_words), d.p)
            return items_equal(*pair, d.tol, d.kind)[0], "number-words"
        spelled = spelled_number(pt if p_text else gt)
        if spelled is not None:
            as_text = str(spelled) if spelled.denominator == 1 else \
                f"\\frac{{{spelled.numerator}}}{{{spelled.denominator}}}"
            if p_text:
                ok, _ = items_equal(d.g, replace(d.p, text=as_text), d.tol, d.kind)
            else:
                ok, _ = items_equal(replace(d.g, text=as_text), d.p, d.tol, d.kind)
            return ok, "number-words"
    chosen = chosen_of_two(pt if p_text else gt, asked_question())
    if chosen is not None and not is_text(chosen):  # "$2^{100}$ is larger." to "Which is larger, ...?"
        pair = (d.g, replace(d.p, text=chosen)) if p_text else (replace(d.g, text=chosen), d.p)
        return items_equal(*pair, d.tol, d.kind)[0], "text"
    return texts_equal(gt, pt), "text"


def _value(d: _Pair) -> Outcome:
    try:
        return values_equal(d.g, d.p, d.tol)
    except Unknown as why:
        gt, pt = d.g.text, d.p.text
        same = re.sub(r"\s+", "", gt) == re.sub(r"\s+", "", pt)
        if why.bound:
            # text_key drops markup (\lfloor and \lceil alike): only the same text is the same answer here
            return (True, "exact") if same else beyond_bounds(d.g, d.p, d.tol, why.bound)
        return same or text_key(gt) == text_key(pt) != "", f"unparsed ({why})"


#: The rules, in order (documented in this module's docstring, which a test compares with it). Priorities leave
#: room between rules: a new rule takes a number between its neighbours'.
RULES: tuple[Rule, ...] = (
    Rule("empty", 10, _empty),
    Rule("exact", 20, _exact),
    Rule("degrees-asked", 25, _degrees_asked),
    Rule("approx", 30, _approx_prediction),
    Rule("approx-gold", 40, _approx_gold),
    Rule("labelled-value", 50, _labelled_value),
    Rule("larger", 55, _larger),
    Rule("interval", 60, _interval),
    Rule("tuple", 70, _tuple),
    Rule("ratio", 80, _ratio),
    Rule("equation", 90, _equation),
    Rule("numeric", 100, _plain_numbers),
    Rule("text", 110, _text),
    Rule("value", 120, _value),
)
_RUNS = in_order(RULES)


def _items_equal(g: Item, p: Item, tol: float | None, kind: str | None) -> Outcome:
    return first_answer(_RUNS, _Pair(g, p, tol, kind))


def _equation_equal(g: Item, p: Item, tol: float | None) -> bool | None:
    gt, pt = g.text, p.text
    g_sides, p_sides = split_top(gt, "="), split_top(pt, "=")  # not "=" in "\\sum_{k=0}"
    if any(not side.strip() for side in g_sides + p_sides) or len(g_sides) == len(p_sides) == 1:
        return None  # "x = " states nothing; "f(a=1)" is no equation
    if len(g_sides) == 1 and len(p_sides) > 2 and is_label(p_sides[0]):
        # "x = \frac{22}{7} = 3.142...": any value of the chain may be the committed one; a unit written at its end
        # is the last value's ("E = qV = 1.0\ eV": not a unit of the formula qV)
        if p.unit and g.unit and unit_scale(g, p) is None and not CONDITION_WORD.search(pt):
            return False  # "f = c/\\lambda = 5\\times10^{14}\\ m^{-1}" for a frequency: the chain's quantity is another
        bare = replace(p, unit="")
        last = with_marks(p_sides[-1], p)
        if _any_equal([(g, last)], tol):
            return True
        if not _any_equal([(g, with_marks(v, bare)) for v in p_sides[1:-1]], tol):
            return False
        # an earlier value of the chain is the gold's: its last, a number, must be that value to its own digits
        # ("x = \frac{22}{7} = 3.142"; not "W = 2.28\ eV \times 1.60\times10^{-19}\ J/eV = 3.65\times10^{-18}\ J")
        scale = unit_scale(g, last) if g.unit and last.unit else 1
        if scale not in (1, None):
            # the last value in another unit of the quantity must restate it ("= 1.60\times10^{-19} J" after 1.0 eV),
            # within a percent: "= ½ · 3 · 4² = 24 cm" for 24 m states another quantity
            return _restates_in(last, g, scale) is not False
        if tuple_parts(last.text) is not None and not _any_equal([(g, last)], tol):
            # "M = (\frac{2+6}{2}, \frac{-4+8}{2}) = (4, -2)": a chain closing on another value (not a decimal
            # rounding an earlier one) states that value
            return False
        digits = stated_to_its_digits(last.text, g) if scale == 1 else None
        return digits is not False
    if len(g_sides) + len(p_sides) > 4 and is_label(g_sides[0]) and is_label(p_sides[0]) and \
            same_label(g_sides[0], p_sides[0]):
        # "z = 1 + 1 = 2" against "z = 3 + 3 = 2": a chain states its label's value; the gold's is its last
        return _any_equal([(with_marks(g_sides[-1], g), with_marks(v, p)) for v in p_sides[1:]], tol)
    if len(g_sides) == 1 and _EVALUATED.match(p_sides[0].strip()) and not re.search(r"\\int(?![_^])", pt):
        # "\int_0^1 x^2\,dx = \left[\frac{x^3}{3}\right]_0^1 = 0.\overline{3}": a definite integral, sum or limit
        # evaluated, the chain's last side its value
        return _any_equal([(g, with_marks(p_sides[-1], p))], tol)
    if len(g_sides) > 2 or len(p_sides) > 2:
        return None
    if len(g_sides) == 2 and len(p_sides) == 2:
        gl, gr = (s.strip() for s in g_sides)
        pl, pr = (s.strip() for s in p_sides)
        if is_label(gl) and is_label(pl) and (same_quantity(gl, pl) or
                                                 {FUNCTION_VALUE.fullmatch(gl) is not None, gl, pl} >= {True, "y"}):
            # the same label (x(t) and x: a quantity and its value at the variable), or f(x) = ... against y = ...
            return all_equal([(with_marks(gr, g), with_marks(pr, p))], tol)
        if is_label(gl) and is_label(pr) and gl.replace(" ", "") == pr.replace(" ", ""):
            return all_equal([(with_marks(gr, g), with_marks(pl, p))], tol)
        return proportional(gl, gr, pl, pr)
    # One side is an equation "x = v" (or "\angle ABC = v", "Q = v"), the other a value v.
    if len(g_sides) == 2 and is_label(g_sides[0]):
        with written_beside(gt):  # the label's letters are the gold's too (M beside m: two quantities)
            return all_equal([(_value_side(g_sides[1], g, p), p)], tol)
    if len(p_sides) == 2 and is_label(p_sides[0]):
        with written_beside(pt):
            return all_equal([(g, _value_side(p_sides[1], p, g))], tol)
    if len(g_sides) == 2 and _formula_of_number(g_sides):
        # "\frac{E' - E}{E} = -\frac{16}{25}": a formula in quantities the asked one is, equal to a number, states
        # that number (the prediction's bare value answers it)
        return all_equal([(with_marks(g_sides[1], g), p)], tol)
    if len(g_sides) == 1 and not re.search(r"[a-zA-Z]", re.sub(r"\\[a-zA-Z]+", "", pt)):
        # "\frac{1}{3} = 0.333...", "\frac{1}{3} = 33.3\%": a chain of values (no variables) restating one value;
        # any of them may be the answer. One closing on another exact number ("2 \times 3 = 7") states that number.
        if tol is None and _EXACT_NUMBER.fullmatch(p_sides[-1].strip()) and not p.percent and not p.degree:
            return _any_equal([(g, with_marks(p_sides[-1], p))], tol)
        return _any_equal([(g, with_marks(v, p)) for v in p_sides], tol)
    return None


#: what opens a chain evaluating a definite integral, sum, product or limit: "\int_0^1", "\sum_{k=1}^{n}", "\lim_{x\to0}"
_EVALUATED = lazy_compile(r"\\(?:int|iint|sum|prod|lim)(?:\\limits)?\s*_")
#: an exact number closing a chain: an integer or a fraction of integers, no decimal, no mark
_EXACT_NUMBER = lazy_compile(r"[-−]?\d{1,30}(?:\s*/\s*\d{1,30})?|[-−]?\\[dt]?frac\s*\{\d{1,30}\}\s*\{\d{1,30}\}")


def _restates_in(last: Item, g: Item, scale: Any) -> bool | None:
    """Is ``last`` (a number in another unit, ``scale`` taking it into the gold's) the gold's value within a percent?
    None when either has no real value to compare."""
    try:
        stated, gold = numeric(parse(last.text)), numeric(parse(g.text))
    except Unknown:
        return None
    if stated is None or gold is None or not (stated.is_real and gold.is_real):
        return None
    try:
        converted, value = float(stated) * float(scale), float(gold)
    except (TypeError, ValueError, OverflowError):
        return None
    return abs(converted - value) <= 0.01 * abs(value)


def _value_side(text: str, whole: Item, other: Item) -> Item:
    """The value side of ``label = value`` with its marks, without a closing remark on its sign (``> 0``) that the other
    side does not make; a letter read off as its unit stays a factor when the other side is symbolic (``M = 2\\sqrt{2}m`` against ``2\\sqrt{2}m``: the mass m, not metres), as ``_marks`` in
    ``whole.py`` reads a whole answer."""
    remark = _SIGN_REMARK.search(text, max(len(text) - 30, 0)) if "0" in text[-30:] else None  # the tail only
    if remark and symbolic(text[:remark.start()]) and not _ORDER.search(other.text):
        text = text[:remark.start()]  # "\\Delta S = C_p(...) > 0": the value, then that it is positive
    item = with_marks(text, whole)
    if item.unit and not whole.unit and symbolic(other.text) and not other.unit:
        return Item(f"{item.text}({item.unit})", item.percent, item.degree)
    return item


#: a closing remark on a value's sign: "> 0", "\\geq 0", "< 0"
_SIGN_REMARK = lazy_compile(r"\s*+(?:>|<|\\g(?:eq?)?|\\l(?:eq?)?|\\gt|\\lt|≥|≤)\s*+0\s*+\.?$")
_ORDER = lazy_compile(r"[<>≤≥]|\\(?:geq?|leq?|gt|lt)(?![a-zA-Z])")


def _formula_of_number(sides: list[str]) -> bool:
    """``relative change = number``: a left side that is one fraction ``\\frac{A - B}{B}`` (or over A) of two named
    quantities, and a right side with no letter. A fraction holding an unknown otherwise (``\\frac{x}{2} = 3``,
    ``\\frac{x+1}{x-1} = 3``, a curve ``\\frac{x^2+y^2}{4} = 1``) is an equation, not its number."""
    left, right = sides[0].strip(), sides[1].strip()
    change = _RELATIVE_CHANGE.fullmatch(left)
    if change is None or not right or symbolic(right):
        return False
    first, second, base = (change.group(k).strip() for k in ("a", "b", "base"))
    return is_label(first) and is_label(second) and same_label(base, second) | same_label(base, first)


#: a relative change "\frac{E' - E}{E}": a difference of two names over one of them
_RELATIVE_CHANGE = lazy_compile(r"\\[dt]?frac\s*\{(?P<a>[^{}\-]{1,20}?)-(?P<b>[^{}\-]{1,20})\}\s*\{(?P<base>[^{}]{1,20})\}")


def _approx_equal(g: Item, p: Item, tol: float | None, kind: str | None) -> tuple[bool, str]:
    """``exact \\approx decimal``: the exact value is the answer. With a tolerance, a side within it also counts;
    without, the decimal counts when it is the gold as written and a correct rounding of the exact value.
    ``x \\approx 3`` (a label on the left) states 3."""
    sides = [part.strip() for part in p.text.split("\\approx")]
    left, rights = sides[0].rstrip("= "), [r for r in sides[1:] if r]
    if not rights:
        return items_equal(g, with_marks(left, p), tol, kind) if left else (False, "empty")
    if not left or is_label(left) or _asked_expression(left):
        left, rights = rights[0], rights[1:]
    if rights and "." in g.text and stated_to_its_digits(g.text, g) is not None:
        last = with_marks(rights[-1], p)
        if stated_to_its_digits(last.text, g) is not None and (not last.unit or unit_scale(g, last) == 1):
            # a gold written as a decimal with a fractional part (2.48 eV) against a decimal the reply closes on in
            # its unit: another decimal is another answer ("E \\approx 1240/500 \\approx 2.5 eV" states 2.5, whatever
            # its formula gives, within a stated precision or not: "1240/600 \\approx 2.1" is 2.1 against 2.07 ± 0.01);
            # the same decimal is read as before (its exact side must round to it)
            ok, how = items_equal(g, last, tol, kind)
            if not ok:
                return False, how
    last = with_marks(rights[-1], p) if rights else None
    if last is not None and last.unit and _MEASURED.search(left.split("=")[-1]) \
            and not re.search(r"[A-Za-z]", _NUMERIC_COMMANDS.sub(" ", left.split("=")[-1])) \
            and _rounds_in_base_units(left, last, unit_scale(g, last)):
        # "\frac{6.626\times10^{-34}}{(9.109\times10^{-31})(2.998\times10^{8})}\approx 2.43\ \text{pm}": a computation
        # from measured values in base units, its unit written only after the value it comes to, which it rounds to:
        # that value, in its unit, is the answer (the computation has no unit of its own)
        return items_equal(g, last, tol, kind)
    ok, how = items_equal(g, with_marks(left, p), tol, kind)
    if ok:  # the exact value decides, whatever decimal follows it ("\frac{1}{3} \approx 1.3" states 1/3)
        return ok, how
    for approx in rights:
        a_item = with_marks(approx, p)
        if tol is not None:
            if items_equal(g, a_item, tol, kind)[0]:
                return True, "approx"
        elif rounds_to(left, p, a_item) and items_equal(g, a_item, None, kind)[0]:
            return True, "approx"
    if len(rights) == 1 and _unevaluated(left.split("=")[-1], p, g):
        # "\Delta U = 1800\pi\epsilon_0 \approx 5.0\times10^{-8}" for a number: a physical constant's symbol on
        # the exact side leaves no value to compare, so the decimal (named as the exact side is) is the answer
        label = left.rsplit("=", 1)[0].strip() if "=" in left else ""
        stated = f"{label} = {rights[0]}" if label and "=" in g.text else rights[0]
        if items_equal(g, with_marks(stated, p), tol, kind)[0]:
            return True, "approx:symbolic-exact"
    return False, how


# a measured value: a decimal with a fractional part
_MEASURED = lazy_compile(r"\d\.\d")
# the commands and marks of a numeric computation: fractions, products, powers, brackets, spacing
_NUMERIC_COMMANDS = lazy_compile(r"\\(?:[dt]?frac|times|cdot|left|right|sqrt|[,;:! ])|[{}()\[\]^*/+\-−×·.\d\s]")


def _rounds_in_base_units(computation: str, value: Item, to_gold: Any = 1) -> bool:
    """Does the numeric ``computation`` (in base units, as its constants are) round to ``value`` (a decimal with a
    prefixed unit: ``2.43 pm``, ``25.9 meV``) written with the prefix's power of ten (``2.43\\times10^{-12}``), or
    to ``value`` in the gold's unit when ``to_gold`` (the factor into it) is a power of ten (``5.0\\times10^{3}`` G
    for a field in T: the computation gives teslas)? Only a prefix (a power of a thousand other than one) or that
    power is tried: a value in its base unit is compared as before."""
    scientific = _SCIENTIFIC_VALUE.fullmatch(value.text.replace(" ", ""))
    if not value.unit or scientific is None:
        return False
    exponent = int(scientific.group(2) or 0)
    shifts = [prefix for prefix in range(-24, 25, 3) if prefix]
    power = _power_of_ten(to_gold)
    if power:
        shifts.append(power)
    return any(rounds_to(computation, Item(""), Item(f"{scientific.group(1)}\\times10^{{{exponent + shift}}}"))
               for shift in shifts if shift)


def _power_of_ten(factor: Any) -> int | None:
    """k when ``factor`` (a unit factor) is exactly 10**k, else None."""
    if not isinstance(factor, (int, Fraction)) or factor <= 0:
        return None
    top, bottom = Fraction(factor).numerator, Fraction(factor).denominator
    if top != 1 and bottom != 1 or str(top * bottom).rstrip("0") != "1":
        return None
    return len(str(top)) - len(str(bottom))


_SCIENTIFIC_VALUE = lazy_compile(r"(-?\d+\.\d+)(?:(?:\\times|\\cdot|×)10\^\{?(-?\d{1,3})\}?)?")


def _asked_expression(left: str) -> bool:
    """Is ``left`` the expression the row's question asks to compute, restated ("Compute 3⁴⁰." answered
    ``3^{40} \\approx 1.2158\\times10^{19}``)? It names what is computed, like a label: the value after it is the
    answer. Only a question that is one request to compute, calculate, evaluate, simplify or find the value of one expression,
    that expression whole; a plain number is never one."""
    question = asked_question()
    if not question or len(question) > 200 or is_plain_number(left) or not re.search(r"[\\^]", left):
        return False
    asked = _COMPUTE.fullmatch(clean(question).text.strip())
    return asked is not None and _expression_key(asked.group("expr")) == _expression_key(left)


#: a question that only asks to compute one expression: "Compute 3⁴⁰.", "Evaluate $\\tan\\frac{\\pi}{8}$ exactly.",
#: "Simplify $\\sqrt{50}$."
_COMPUTE = lazy_compile(r"(?i)(?:compute|calculate|evaluate|simplify|find|what\s+is)\s+(?:the\s+)?(?:exact\s+)?"
                        r"(?:value\s+of\s+)?"
                        r"(?P<expr>[^?.]*?[^?.\s])\s*(?:exactly)?\s*[.?]?")


def _expression_key(text: str) -> str:
    return re.sub(r"[\s${}]|\\[,;!: ]", "", text)


# physical constants' symbols as parsed ("\\epsilon_0" is epsilon_{0}); the one-letter ones (G, h, c, g, R) only
# where the answer carries a unit (in a bare maths answer they are as likely a side or a height)
_CONSTANTS = frozenset({"epsilon_{0}", "varepsilon_{0}", "mu_{0}", "hbar", "k_{B}", "k_{b}", "m_{e}", "m_{p}",
                        "m_{n}", "N_{A}", "q_{e}", "e_{0}", "a_{0}", "R_{H}", "R_{\\infty}", "sigma_{SB}"})
_UNIT_CONSTANTS = frozenset({"G", "h", "c", "g", "R"})


def _unevaluated(exact: str, p: Item, g: Item) -> bool:
    """Is ``exact`` a formula in physical constants only (``1800\\pi\\epsilon_0``, ``\\hbar^2/2m_e``, ``G``, ``k_B``)
    where the gold is a number, so that it has no value to compare? A formula in another letter (``2a``) is not."""
    try:
        tree, gold = parse(exact), parse(g.text.split("=")[-1])
    except Unknown:
        return False
    symbols = {str(s) for s in getattr(tree, "free_symbols", ())}
    constants = _CONSTANTS | _UNIT_CONSTANTS if p.unit else _CONSTANTS
    if p.unit and symbols - constants:
        # "$v_{esc}=\sqrt{2GM/R}\approx1.12\times10^4$ m/s" to "... ($M=5.97\times10^{24}$ kg, $R=6.37\times10^6$ m)": the
        # quantities the question gives values for are constants of the formula too
        given = {re.sub(r"[{}]", "", m.group(1)) for m in _GIVEN_VALUE.finditer(asked_question() or "")}
        constants = constants | {name for name in symbols if re.sub(r"[{}]", "", name) in given}
    # (with a unit, a body's named quantity too: "M_E", "R_E", "M_{\odot}", the Earth's mass and radius)
    named = {s for s in symbols if _NAMED_QUANTITY.fullmatch(s)} if p.unit else set()
    return bool(symbols) and symbols - named <= constants and not getattr(gold, "free_symbols", True)


# a quantity the question gives a value: "$M=5.97\times10^{24}$ kg", "R = 6.37 × 10^6 m", "$m_e = 9.11\times10^{-31}$"
_GIVEN_VALUE = lazy_compile(r"(?<![A-Za-z\\])([A-Za-z](?:_\{?\w{1,4}\}?)?)\s*=\s*[-−]?\d")
_NAMED_QUANTITY = lazy_compile(r"[MRmr]_\{?(?:E|e|\\?odot|\\?oplus|S|s|J|M)\}?")
