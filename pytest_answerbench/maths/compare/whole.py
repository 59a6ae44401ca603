"""Whole answers: :func:`equivalent`, the entry point, reads gold and prediction (option letters, matrices,
clock times, units, labels, parts) and compares them part by part through :func:`.items.items_equal`.

Answers past :data:`..guard.MAX_ANSWER` go to ``long.py`` first. The rest is an ordered tuple of named steps
(``STEPS``, as ``items.RULES`` for one part): each reads the two answers so far and either answers
``(equal, method)`` or returns None; a reading step only rewrites the answers for the later ones. In order:

1. ``option`` (10): a bare option letter against that letter with the option's text (``C`` / ``C. x = 42``).
2. ``eigenvector`` (15): when the question asks for an eigenvector, the gold's vector times a nonzero number (of
   modulus 1 when a normalised one is asked) is the same one (:func:`.asked.eigenvector`); when it asks for a basis,
   a list of vectors spanning the gold's space, as many as its dimension, is one (:func:`.asked.same_basis`).
3. ``matrix`` (20): matrices entry by entry, a sum or product computed; a column or row matrix against a tuple.
4. ``lattice`` (23): two families of values over the integers (``x = k\\pi + (-1)^k\\frac{\\pi}{6},\\ k \\in \\mathbb{Z}``
   against ``x = \\frac{\\pi}{6} + 2k\\pi`` or ``\\frac{5\\pi}{6} + 2k\\pi``): the same values, over a window both cover
   (:mod:`.lattice`); two lines of integer points, ``(x,y)=(2+5t,-1-3t),\\ t\\in\\mathbb{Z}`` against ``x=-3+5k,\\ y=2-3k``,
   their parameter shifted or reversed (:mod:`.lines`).
5. ``scope`` (24): a yes/true verdict for fewer cases than the row's question asks about ("yes, for every nonempty
   set" to "... a subset of every set?"): wrong (:func:`..meaning.narrower_scope`).
6. ``accepted`` (25): a gold stating the condition its answers meet (``2 (满足 $1<e \\leq \\sqrt{5}$ 皆可)``): a
   number, or the condition's quantity set to one, meeting it is right and one outside it wrong; any other
   prediction is compared with the gold's example (:mod:`.accepted`); a gold writing one value in several forms
   joined by ``##`` (``\\frac{3}{10} \\# \\# 0.3``) is its first form; a gold answering yes and then the value
   (``Yes, it equals 0``) to a question asking "If so, find it" is that value against a prediction stating no verdict.
7. ``statements`` (26): a gold naming numbered statements by their labels side by side (``(2)(3)``, ``②③``): the
   set of statements a prediction so written names, not a product (:mod:`.labels`); a prediction so written, when
   the row's question numbers its statements with those labels, against any gold.
8. ``described`` (27): a gold describing a set of integers (``All odd positive integers``), a shape
   (``Right triangle``) or the winner of a game (``Bob``), against a prediction describing one of the same kind
   (``n \\equiv 1 \\pmod 2``, "the triangle is right-angled at C", "the second player wins"): the same set, shape
   or player, the question giving the integers it asks among and who moves first (:mod:`..described`); a conic
   named against an equation of degree two, by the conic it draws (:mod:`.conics`).
9. ``family`` (28): an answer naming a family (``(2,3,6) and its permutations``, "up to order") answers every
   member: right only against the same family, its members listed, or an unordered gold (:mod:`..family`); both
   answers families of tuples in a parameter ("(a,1) for any positive integer a, and (1,b) for any positive integer
   b"): the same tuples over the same sets, the parameters renamed (:mod:`.parametric`).
10. ``placeholders`` (29): a gold naming its values with placeholders (``x = 0.25 g, y = 1.75 g``) that neither
   the reply nor the question writes, against a reply naming them its own way (``=`` or ``\\approx``): the
   values in order (:mod:`.placeholders`; it only ever accepts).
11. ``clean`` (30): a parenthetical word closing the prediction (``0.017 m (\\text{eastward})``) dropped when the
   gold writes no words; a label stated approximately equal to the prediction's value dropped
   (``E \\approx 3\\ \\mathrm{J}``); both answers cleaned (:func:`..normalize.clean`: markup, percent, degree and
   unit marks); a numeral in a base read as its value (``100100_2``) or, in a letter base, as its polynomial
   (``100100_b``), and a bare numeral against one in the base the question asks as written in that base
   (:func:`.asked.in_asked_base`); a decimal comma against a decimal read as the decimal point; a known unit
   written as text after a symbolic answer (``2\\pi\\sqrt{m/k}\\ \\text{s}``) dropped when its letters are no
   symbols of the other answer.
12. ``clock`` (40): times of day as times, not ratios.
13. ``notation`` (45): how physics and calculus answers name quantities (:mod:`..symbols`): derivative notations
   as one symbol (``\\frac{dx}{dt}``, ``\\dot x``, ``x^{\\prime}`` are ``x'``), ``x(t)`` as ``x`` when ``t`` is the
   variable of a derivative, ``\\omegat`` as ``\\omega t``, spelled-out subscripts as digits.
14. ``parameter`` (47): a family in one parameter of its own, ``(m, m+1)`` against ``(n, n+1)``, the prediction's
   letter renamed to the gold's when the row's question writes neither (a dummy name the answer binds).
15. ``marks`` (50): a unit next to a letter is a factor (``2mg``), the row's unit is the gold's (without one, the
   unit the question asks the answer in, when the prediction's converts into it: :func:`.asked.in_asked_unit`),
   and a label before the prediction (``S = ...``) is dropped when the gold has none; a unit of one letter that
   also names a quantity (``3.2 t``, ``2e``) is read as the tonne or the elementary charge when the other answer's
   unit measures a mass or a charge (:func:`..units.letter_unit`).
16. ``exact`` (60): the same text with the same marks.
17. ``parts`` (70): each answer split into its parts (digit groups, numbers in words and ``{1, 3}`` kept whole;
   ``x = 3, y = 2`` as the pair, and against named values ``(x, y) = (3, 2)`` as ``x = 3, y = 2``; numbered parts
   ``(1) 2 (2) 5``; a sentence stating one text answer kept whole; a solution written twice is one).
18. ``renamed`` (74): one part each, ``name = E`` against ``other = E'`` where each names one quantity and neither
    name occurs on a right side: the right sides compared (:func:`.asked.renamed`; it only ever accepts); and one
    general solution against another, the same family under renamed or recombined arbitrary constants
    (``y(x) = A\\sin x + B\\cos x`` for ``y = C_1\\cos x + C_2\\sin x``: :mod:`.general`, it only accepts).
19. ``argument-range`` (75): a complex number's argument outside the range the question asks for it
    (``\\sqrt{2}\\,e^{5\\pi i/4}`` to "... with $-\\pi < \\theta \\le \\pi$"): wrong (:mod:`.angles`; it only rejects).
20. ``asked`` (76): one part each, with the row's question: a bare number for a gold ``c Q`` when the question asks
    what fraction of ``Q``; ``c Q`` for a gold number ``c`` when it asks the answer in units of ``Q``; a bare value for a gold ``Q = V`` whose ``Q`` the question writes, and a
    prediction ``Q = V`` restating the quantity the question ends on against a bare gold (it only accepts).
21. ``conventions`` (78): one part each, a physics answer under another convention than the gold's (it only
    accepts, :mod:`.conventions`): SI against Gaussian units (``\\varepsilon_0`` read with ``4\\pi\\varepsilon_0 = 1``
    when one answer writes it and the other not), ``h`` against ``\\hbar`` (``h = 2\\pi\\hbar``), one quantity under a
    look-alike or generic name the question gives it or leaves unnamed (``p`` for ``\\rho``, ``\\omega_{fi}`` for
    ``\\omega_{21}``, ``m`` for ``\\mu``), and a power of ten for the value it is nearest to when the question asks an
    order of magnitude.
22. ``single`` (80): one part against one part, by :func:`.items.items_equal`.
23. ``count`` (90): different numbers of parts: conditions on one unknown excluding a point read together
    (``x \\ge 1, x \\neq 5``), one union of intervals each, or ``count-mismatch``.
24. ``set`` (100): a perfect matching between the parts (in order when ``kind`` says ordered, when both answers
    are written as blanks or numbered parts, ``0; 3`` / ``(1) 0 (2) 3``, when the question has as many blanks or
    numbered parts as the gold has answers, or asks for them "in that order" / "respectively" / 依次 / 分别: the
    grading conventions; method ``blanks:...``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import Any, Sequence

from ...text.patterns import lazy_compile, tex_delimited
from ..exact import BOUND, INVISIBLE, Undecided
from ..guard import MAX_ANSWER, StepTimeout, step_limit
from ..extract import PART_LABEL, TEXT_WRAPPED, WORDS, integer_range, labelled_run, without_domain
from ..chinese import plain_chinese
from ..described import same_description, shape
from ..family import same_family
from .conventions import conventional
from .lattice import same_lattice
from .lines import same_integer_line
from ..matrix import read_matrices
from ..meaning import CONCLUDING_LEAD, answers_question, claim, narrower_scope, same_meaning, states_draw
from ..symbols import read_notation
from ..units import MISMATCH, read_unit, spelled_unit, unit_factor, unit_tail
from ..normalize import Item, clean, is_thousands, lone_letters, number_words, split_answers, undoubled
from .accepted import accepted_values, one_of_forms
from .angles import argument_outside
from .conics import conic_of
from .general import same_general_solution
from .parametric import family_tuples, names_families, same_families
from .labels import same_statements
from .aliases import question_context
from .asked import (asked_letter_unit, asked_value, eigenvector, fraction_of, in_asked_base, in_asked_unit,
                    in_units_of, renamed, same_basis, stated_precision, stated_tolerance)
from .equations import is_label, names_asked_formula, symbolic
from .intervals import conditions_equal, union_parts_equal
from .items import all_equal, items_equal
from .long import long_answers
from .plain import chosen_of_two, rejecting_others, states_open, winner_answers
from .marks import MEASURED_VALUE, chain_unit, letter_units, unit_scale, with_marks, with_target_unit
from .placeholders import placeholder_values, without_added_remark, without_trailing_word
from .parts import (GROUPED, assignments_as_tuples, in_asked_order, decimal_comma, distinct, match_all, spread_assignment,
                    unlabelled, unlabelled_gold)
from .rules import Outcome, Rule, first_answer, in_order
from .tuples import split_top, tuple_parts
from .values import SIMPLIFY_SECONDS, Unknown, expressions_equal, numeric, parse, same_number


def equivalent(gold: str, pred: str, tolerance: float | Sequence[float | None] | None = None, *,
               kind: str | None = None, unit: str | None = None, question: str | None = None) -> tuple[bool, str]:
    """Compare a predicted answer with a gold answer (both LaTeX or plain text, possibly multi-part).

    Args:
        gold: the reference answer.
        pred: the extracted model answer.
        tolerance: absolute tolerance for numeric answers (a list gives one per gold part); None = exact.
        kind: an answer-type hint (``Interval``, ``Tuple``, ``Equation``, ...), optional.
        unit: the unit the gold value is in (OlympiadBench's ``unit`` cell, e.g. ``$\\mathrm{~m}$``), optional:
            a predicted value written with a prefixed form of it is converted (``5 cm`` is 0.05 m); ``%`` makes
            the gold a percentage.
        question: the row's question, optional (the question-aware readings, :mod:`.asked`).

    Returns:
        ``(equal, method)`` where method names the rule that decided (``exact``, ``numeric``, ``symbolic``,
        ``interval``, ``tuple``, ``equation``, ``set``, ``text``, ``count-mismatch``, ...). A method
        ``bound:<name>`` (always with ``False``) means no verdict: a size bound stopped the comparison
        (:data:`.exact.BOUNDS`); callers report it as an error, never as a wrong answer.
    """
    if gold.count("$") >= 4 and _SPANS_JOINED.fullmatch(gold):
        gold = gold.replace("$", "")  # "$x<-1$ or $x>2$": spans joined by words, one answer of their parts
    if not (gold.isascii() and pred.isascii()):
        gold, pred = INVISIBLE.sub("", gold), INVISIBLE.sub("", pred)
        if not gold.isascii():
            gold = plain_chinese(gold)  # a gold in Chinese words ("二分之根号三") is read as a reply's words are
    try:
        if (len(pred) > MAX_ANSWER or len(gold) > MAX_ANSWER) and pred.strip() != gold.strip():
            verdict = long_answers(gold, pred, tolerance, kind)
            if verdict is not None:
                return verdict
        if tolerance is None and question:
            tolerance = stated_precision(question, gold)  # "to 1 decimal place": 13.056 is 13.1
            if tolerance is None:
                tolerance = stated_tolerance(question, gold, unit)  # "(to within $0.01$ s)"
        verdict = _equivalent(gold, pred, tolerance, kind, unit, question)
        if not verdict[0] and not verdict[1].startswith(BOUND) and ("\\approx" in pred or "≈" in pred) \
                and _DECIMAL.search(gold):
            # "B = 4\pi\times10^{-6}\ \text{T} \approx 12.6\ \mu\text{T}" for "1.26\times10^{-5} T": one value in two
            # units (agreeing within 1%), the rounded one the form the decimal gold takes
            restated = agreeing_restatement(pred)
            if restated is not None:
                head = pred[:max(pred.rfind("\\approx"), pred.rfind("≈"))].rstrip()
                for form in (restated, head):  # (either unit: "8.19\times10^{-14} J, which is 511 keV" for either gold)
                    again = _equivalent(gold, form, tolerance, kind, unit, question)
                    if again[0]:
                        return True, again[1] + "+restated"
        return verdict
    except Undecided as bound:
        return False, BOUND + bound.name


# a decimal number: the gold is a rounded value
_DECIMAL = lazy_compile(r"\d\.\d")
# a value and its unit after "=" (or alone): the head of a rough restatement
_UPRIGHT = lazy_compile(r"\\(?:text|mathrm)\s*\{([^{}]*)\}")


def agreeing_restatement(pred: str) -> str | None:
    """The value after the last "≈" of ``pred`` when it restates, in another unit of the same quantity and within 1%,
    the value with its unit before it ("4\\pi\\times10^{-6}\\ \\text{T} \\approx 12.6\\ \\mu\\text{T}" -> "12.6\\
    \\mu\\text{T}"); None otherwise (two values that disagree are a hedge, not one statement)."""
    parts = re.split(r"\\approx|≈", pred)
    if not 2 <= len(parts) <= 3 or len(pred) > 400:
        return None
    plain = [_UPRIGHT.sub(r"\1", x).replace("\\ ", " ").replace("\\,", " ").strip(" .$") for x in parts[-2:]]
    said, restated = unit_tail(split_top(plain[0], "=")[-1].strip()), unit_tail(plain[1])
    if not said or not restated or not said[1].strip() or not restated[1].strip():
        return None
    factor = unit_factor(restated[1].strip(), said[1].strip())
    first, second = _number(said[0]), _number(restated[0])
    if not isinstance(factor, Fraction) or first is None or second is None or not first \
            or abs(second * float(factor) - first) > 0.01 * abs(first):
        return None
    return parts[-1].strip().rstrip(".").strip()


def _number(text: str) -> float | None:
    """The value of a number written in LaTeX ("4\\pi\\times10^{-6}", "12.6"), or None."""
    from .values import Unknown, parse

    if not text.strip() or re.search(r"[a-zA-Z]", re.sub(r"\\(?:pi|times|cdot|frac|sqrt)(?![a-zA-Z])", "", text)):
        return None
    try:
        value = complex(parse(text.strip()).evalf(15))
    except (Unknown, TypeError, ValueError, ZeroDivisionError, OverflowError, AttributeError):
        return None
    return value.real if abs(value.imag) < 1e-12 else None


_SPANS_JOINED = lazy_compile(r"\s*\$[^$]{1,200}\$(?:\s*(?:,|;|\bor\b|\band\b|或|和|，|；)\s*\$[^$]{1,200}\$){1,10}\s*\.?\s*")
_UNREAD = Item("")


class _Answers:
    """The two whole answers as the steps so far have read them (a step may rewrite them for the later ones)."""

    __slots__ = ("gold", "pred", "tolerance", "kind", "unit", "question", "g", "p", "g_parts", "p_parts")

    def __init__(self, gold: str, pred: str, tolerance: Any, kind: str | None, unit: str | None,
                 question: str | None = None):
        self.gold, self.pred, self.tolerance, self.kind, self.unit = gold, pred, tolerance, kind, unit
        self.question = question
        self.g = self.p = _UNREAD  # the cleaned answers (step "clean")
        self.g_parts: list[str] = []  # their parts (step "parts")
        self.p_parts: list[str] = []


def _option(a: _Answers) -> Outcome | None:
    letter = _option_letter(a.gold, a.pred)
    return None if letter is None else (letter, "option")


def _eigenvector(a: _Answers) -> Outcome | None:
    return (eigenvector(a.gold, a.pred, a.question) or same_basis(a.gold, a.pred, a.question)) if a.question else None


# a matrix written as a list of its rows, as code writes it: "[[3, -1], [-5, 2]]" (in backticks or bold)
_ROW_LISTS = lazy_compile(r"[\s`*$]*\[\s*(?P<rows>\[[^\[\]]{1,200}\](?:\s*,\s*\[[^\[\]]{1,200}\]){1,11})\s*\][\s`*$.]*")


def _rows_as_matrix(answer: str) -> str:
    """``[[3, -1], [-5, 2]]`` as ``\\begin{pmatrix}3&-1\\\\-5&2\\end{pmatrix}`` when its rows are of one length; else
    ``answer``."""
    m = _ROW_LISTS.fullmatch(answer) if "[[" in answer.replace(" ", "") else None
    if m is None:
        return answer
    rows = [[x.strip() for x in row.split(",")] for row in re.findall(r"\[([^\[\]]*)\]", m.group("rows"))]
    if len({len(row) for row in rows}) != 1 or any(not x for row in rows for x in row):
        return answer
    return "\\begin{pmatrix}" + "\\\\".join("&".join(row) for row in rows) + "\\end{pmatrix}"


def _matrix(a: _Answers) -> Outcome | None:
    if "\\begin" in a.gold and "[[" in a.pred.replace(" ", ""):
        if a.pred.count("=") >= 2 and _LISTED_ROWS.fullmatch(last := a.pred.rsplit("=", 1)[1].strip(" .")) \
                and "=" not in a.gold.split("\\begin", 1)[0]:
            a.pred = last  # "A⁻¹ = (1/1)·[[1, −1], [−1, 2]] = [[1, −1], [−1, 2]]": the matrix the chain closes on
        named = _NAMED_ROWS.fullmatch(a.pred)
        if named and _matrix_name(named.group("label")) and "=" not in a.gold.split("\\begin", 1)[0]:
            a.pred = named.group("rows")  # "A⁻¹ = [[1, −1], [−1, 2]]": the matrix named, as "A^{-1} = \begin..." is
        a.pred = _rows_as_matrix(a.pred)
    if "vmatrix" in a.pred and "=" in a.pred and "=" not in a.gold and _COMPUTED_FIRST.match(a.pred):
        a.pred = split_top(a.pred, "=")[-1].strip() or a.pred  # "\begin{vmatrix}...\end{vmatrix}=\begin{pmatrix}..."
    elif "\\begin" in a.gold and a.pred.count("=") >= 2 and "=" not in a.gold.split("\\begin", 1)[0]:
        last = split_top(a.pred, "=")[-1].strip().rstrip(".").strip()
        if _WHOLE_MATRIX.fullmatch(last):
            a.pred = last  # "A^{-1} = \frac{1}{1}\begin{bmatrix}...\end{bmatrix} = \begin{bmatrix}...\end{bmatrix}": what it comes to
    if "\\begin" in a.gold or "\\begin" in a.pred:
        tolerance = a.tolerance if not isinstance(a.tolerance, (list, tuple)) else None
        gold, pred = _unlabelled_matrix(a.gold, a.pred), _unlabelled_matrix(a.pred, a.gold)
        verdict = _matrices_equal(gold, pred, tolerance)
        if verdict is not None:
            return verdict, "matrix"
    return None


# one matrix and nothing else: "\begin{bmatrix}1 & -1\\ -1 & 2\end{bmatrix}"
_WHOLE_MATRIX = lazy_compile(r"\$?\s*\\begin\{(?P<env>[pbvBV]?matrix)\}(?:(?!\\begin\{|\\end\{).){1,600}\\end\{(?P=env)\}\s*\$?", re.S)


def _unlabelled_matrix(answer: str, other: str) -> str:
    """``A^2 = \\begin{bmatrix}...\\end{bmatrix}`` without its label when the other answer is a matrix with none: a
    label names the matrix, as ``x = 3`` names a value."""
    m = _LABELLED_MATRIX.fullmatch(answer)
    if m is None or "=" in other.split("\\begin", 1)[0] \
            or not (_matrix_name(m.group("label")) or names_asked_formula(m.group("label").strip())):
        return answer  # (a formula the question writes names what it asks: "Find $u - w$." answered "u - w = ...")
    return m.group("matrix")


def _matrix_name(label: str) -> bool:
    """Is ``label`` a matrix's name ("A", "A^{-1}", "A⁻¹", "Aᵀ")?"""
    return bool(_MATRIX_NAME.fullmatch(label.strip().replace("⁻¹", "^{-1}").replace("ᵀ", "^T")))


# a list of rows after a name: "A⁻¹ = [[1, −1], [−1, 2]]"
_NAMED_ROWS = lazy_compile(r"\s*(?P<label>[^=\[\]$]{1,20}?)\s*=\s*(?P<rows>\[\s*\[.*)", re.S)
#: a matrix's name: "A", "A^2", "A^{-1}", "B^T", "M_1", "\\mathbf{A}"
_MATRIX_NAME = lazy_compile(r"(?:[A-Z]|\\mathbf\s*\{[A-Za-z]\})(?:\s*[_^]\s*(?:\{[-\w]{1,3}\}|-?\w))*")  # ("A^-1" too)
_LABELLED_MATRIX = lazy_compile(r"\s*\$*\s*(?P<label>[^=$]{1,20}?)\s*=\s*(?P<matrix>\\begin\{[pbvBV]?matrix\}.*)", re.S)


# a unit written as text at the end of an answer: "2\pi\sqrt{m/k}\ \text{s}", "\frac{mg}{k}\,\mathrm{m}"
_TEXT_UNIT = lazy_compile(r"^(?P<value>.*?\S)\s*(?:\\[,;: ]|~|\s)*\\(?:text|mathrm|textrm|rm)\s*"
                          r"\{\s*(?P<unit>[^{}]+?)\s*\}\s*\.?$", re.S)


# an equality chain closing on a number ("= 1.24", "= 3.2 \cdot 10^{5}"): a unit after it is the number's
_CHAIN_VALUE = lazy_compile(r"=\s*-?\d+(?:\.\d+)?(?:\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*(?:\{\s*-?\d+\s*\}|-?\d))?\s*$")


def without_text_unit(answer: str, other: str, question: str | None = None) -> str:
    """A symbolic answer without the unit written after it as text (``T = 2\\pi\\sqrt{m/k}\\ \\text{s}``; ``\\,
    \\text{hours}`` when the question names hours): a known unit whose letters the other answer does not use as symbols (against ``2mg``, an ``m`` stays a factor)."""
    if "{" not in answer or not answer.rstrip().endswith("}"):
        return answer
    m = _TEXT_UNIT.match(answer.strip())
    if m is None or not symbolic(m.group("value")) or read_unit(m.group("unit")) is None and \
            not _asked_in_words(m.group("unit"), question) or \
            re.search(r"\\(?:text|mathrm|textrm|rm)\b|\\circ", m.group("value")) or _CHAIN_VALUE.search(m.group("value")):
        return answer  # (text before it: the unit is longer, "\text{cal/s} \cdot \text{cm} \cdot ^\circ \text{C}";
        # "E = \frac{hc}{\lambda} = 1.24\ \mathrm{keV}": the unit of the number the chain comes to)
    letters = set(re.findall(r"[A-Za-z]", re.sub(r"\\[a-zA-Z]+", "", m.group("unit"))))
    if letters & set(re.findall(r"[A-Za-z]", re.sub(r"\\[a-zA-Z]+", "", other))):
        return answer
    return m.group("value")


def _asked_in_words(unit: str, question: str | None) -> bool:
    """A unit written out (``hours``) that the row's question names too ("when t' reads one hour"): the quantity's
    unit, not a slip into another quantity (``\\frac{L}{v}\\,\\text{meters}`` for a time keeps its word)."""
    if not question or spelled_unit(unit) is None:
        return False
    stem = unit.strip().lower().rstrip("s")
    return len(stem) >= 3 and re.search(r"(?i)\b%s" % re.escape(stem), question) is not None


# "E \approx 1.9\times10^{-19}\ \mathrm{J}": a label, then the value it states to its digits
_APPROX_LABEL = lazy_compile(r"\s*\$?\s*(?P<label>[^=$]{1,20}?)\s*(?:\\approx|≈)\s*(?P<value>[^=]+)")


# a label, a formula in letters only (no number), then the value it comes to: "\lambda = hc/E \approx 1.24\ \mu\text{m}"
_LABEL_FORMULA_APPROX = lazy_compile(r"\s*\$?\s*(?P<label>[^=$]{1,20}?)\s*=\s*(?P<formula>[^=$\d≈]{1,40}?)\s*(?:\\approx|≈)"
                                     r"\s*(?P<value>[^=≈]+)")
# a number of degrees in a formula: "45°", "180^\circ", "30^{\circ}"
_DEGREES = lazy_compile(r"(?<![\d.])(?P<n>\d+(?:\.\d+)?)\s*+(?:°|\^\s*+\{?\s*+\\circ\s*+\}?)")


def _approx_value(pred: str, gold: str) -> str:
    """``pred`` without a label stated approximately equal to its value, when the gold has neither a label nor an
    approximation (``E \\approx 3\\ \\mathrm{J}`` is ``3\\ \\mathrm{J}``; ``\\frac{1}{3} \\approx 0.33`` is not
    a label)."""
    formula = _LABEL_FORMULA_APPROX.fullmatch(pred) if "=" in pred and ("\\approx" in pred or "≈" in pred) else None
    if formula and "=" not in gold and "\\approx" not in gold and is_label(formula.group("label")) \
            and re.search(r"\d", formula.group("value")) \
            and re.search(r"[A-Za-z]", re.sub(r"\\[a-zA-Z]+", "", formula.group("formula"))):  # (not "x = \pi \approx 3.14")
        # "\lambda = hc/E \approx 1.24\ \mu\text{m}": a label, its formula in letters, then the value it comes to
        return formula.group("value").strip().rstrip("$").strip()
    m = _APPROX_LABEL.fullmatch(pred) if "\\approx" in pred or "≈" in pred else None
    if m is None or "=" in gold or "\\approx" in gold or "\\approx" in m.group("value") \
            or not is_label(m.group("label")) or not re.search(r"\d", m.group("value")):
        return pred
    return m.group("value").strip().rstrip("$").strip()


def _placeholders(a: _Answers) -> Outcome | None:
    """A gold naming its values with placeholders the reply does not use: the values in order (``.placeholders``)."""
    if "=" not in a.gold or not ("=" in a.pred or "\\approx" in a.pred or "≈" in a.pred):
        return None

    def same(gold: str, pred: str, i: int) -> bool:
        tol = a.tolerance[min(i, len(a.tolerance) - 1)] if isinstance(a.tolerance, (list, tuple)) and a.tolerance \
            else None if isinstance(a.tolerance, (list, tuple)) else a.tolerance
        return _equivalent(gold, pred, tol, a.kind, a.unit, a.question)[0]

    return placeholder_values(a.gold, a.pred, a.question, same)


# a step from one statement to the next: "\iff", "\Leftrightarrow", "\Rightarrow", "\implies", "⟺", "⇒"
_EQUIVALENCE = lazy_compile(r"\\(?:iff|Leftrightarrow|Longleftrightarrow)(?![A-Za-z])|[⟺⇔]")
_SOLVED = lazy_compile(r"\s*[A-Za-z](?:_\{?\w\}?)?\s*=\s*[-−]?[\d.]+\s*")  # "x = 3"
_RELATION_STEP = lazy_compile(r"=|<|>|\\[lg]eq?(?![A-Za-z])|\\neq?(?![A-Za-z])|\\in(?![A-Za-z])|[≤≥≠∈]")
_STEP_TO = lazy_compile(r"\\(?:iff|Leftrightarrow|Longleftrightarrow|Rightarrow|Longrightarrow|implies)(?![A-Za-z])|[⟺⇔⇒⟹]")


def _last_statement(answer: str, gold: str) -> str:
    """The last statement of a chain of steps (``-3\\le 2x-1\\le 3 \\iff -1\\le x\\le 2``: the solved form), when
    the gold writes no step of its own."""
    if not _STEP_TO.search(answer) or _STEP_TO.search(gold):
        return answer
    steps = [step.strip() for step in _STEP_TO.split(answer)]
    if not all(_RELATION_STEP.search(step) for step in steps) or "\\text" in answer:
        return answer  # "n \\text{ even} \\Rightarrow n = 4": a condition, not a step of a solution
    if not _EQUIVALENCE.search(answer) and not _SOLVED.fullmatch(steps[-1]):
        return answer  # "x > 2 \\Rightarrow x > 1": an implication, not a solution ending "x = 3"
    return steps[-1] or answer


# a base written in subscript digits after a numeral: "2024₁₀"
_SUBSCRIPT_BASE = lazy_compile("(?<=[0-9A-Fa-f)])[₀₁₂₃₄₅₆₇₈₉]{1,2}(?![₀₁₂₃₄₅₆₇₈₉])")
_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
# a numeral in a base, then "=" and its value: "101101_2 = 45_{10}", "(1A)_{16} = 26"
# a decimal value, then "=" and the numeral it is in a base: "100 = (220)_7", "100_{10} = 202_7"
_VALUE_IS_NUMERAL = lazy_compile(r"\s*\d{1,40}\s*(?:_\s*\{?\s*10\s*\}?)?\s*=\s*(?P<numeral>\(?[0-9A-Fa-f]{1,40}\)?\s*_\s*"
                                 r"\{?\s*\d{1,2}\s*\}?)\s*\.?\s*")
_NUMERAL_IS = lazy_compile(r"\s*\(?[0-9A-Fa-f]{1,40}\)?\s*_\s*\{?\s*\d{1,2}\s*\}?\s*=\s*(?P<value>[^=]+)")


# a vector in the unit vectors: "-3\\mathbf i+6\\mathbf j-3\\mathbf k", "2\\hat{i} - \\hat{j}"
_UNIT_VECTOR_TERM = lazy_compile(r"\s*+(?P<sign>[-+−]?)\s*+(?P<k>\d+(?:\.\d+)?)?\s*+\\(?:mathbf|hat|vec|boldsymbol)\s*+"
                                 r"\{?\s*+\\?(?P<axis>[ijk])(?:math)?\s*+\}?")  # (\\hat{\\imath}, \\hat{\\jmath} too)


def _in_components(answer: str, gold: str) -> str:
    """A vector written in the unit vectors, the last side of its chain, as its components ``(-3, 6, -3)`` when the
    gold is a tuple of as many components; else ``answer``."""
    last = answer.rstrip(" .").rsplit("=", 1)[-1]
    terms, at = {}, 0
    while at < len(last):
        m = _UNIT_VECTOR_TERM.match(last, at)
        if m is None or m.group("axis") in terms or (at and not m.group("sign")):
            return answer
        value = (m.group("k") or "1")
        terms[m.group("axis")] = ("-" if m.group("sign") in ("-", "−") else "") + value
        at = m.end()
    axes = "ijk"[:max(("ijk".index(x) for x in terms), default=-1) + 1]
    parts = tuple_parts(gold.strip())
    if not terms or parts is None or len(parts) != len(axes) or len(axes) < 2:
        return answer
    return "(" + ", ".join(terms.get(x, "0") for x in axes) + ")"


# a set of values generated by an integer parameter: "x \\in \\{2\\pi n : n \\in \\mathbb{Z}\\}"
_GENERATED = lazy_compile(r"\s*+(?:\$\s*+)?(?:(?P<var>[a-z])\s*+(?:\\in(?![A-Za-z])|∈)\s*+)?\\\{\s*+(?P<expr>[^{}:|=]{1,60}?)\s*+"
                        r"(?::|\\mid|\|)\s*+(?P<param>[a-z])\s*+(?:\\in(?![A-Za-z])|∈)\s*+\\mathbb\s*+\{?\s*+Z\s*+\}?\s*+\\\}"
                        r"\s*+(?:\$\s*+)?(?:\.\s*+)?")


def _generated(answer: str, gold: str) -> str:
    """``x \\in \\{2\\pi n : n \\in \\mathbb{Z}\\}`` as ``x = 2\\pi n``, the family it lists, when the gold writes its
    family as ``x = ...`` (its parameter's name then read by the step ``parameter``); else ``answer``."""
    m = _GENERATED.fullmatch(answer) if "\\{" in answer else None
    if m is None or not re.search(r"(?<![A-Za-z\\])%s(?![A-Za-z])" % m.group("param"), m.group("expr")):
        return answer
    var = m.group("var")
    if var is None or not re.match(r"\s*\$?\s*%s\s*=" % var, gold):
        return answer
    return f"{var} = {m.group('expr').strip()}"


# "all real $x$ with $1<x<3$", "every $x$ such that $x > 2$": the condition is the set
_ALL_WITH = lazy_compile(r"(?i)\s*+(?:all|every|any)\s++(?:real\s++)?(?:numbers?\s++)?(?:\$\s*+)?(?P<letter>[a-z])\s*+(?:\$\s*+)?\s*+"
                         r"(?:with|such\s+that|satisfying|for\s+which)\s++(?:\$\s*+)?(?P<condition>[^$]{1,80}?)\$?\s*+\.?\s*+")
_RELATION_IN = lazy_compile(r"[<>≤≥]|\\[lg]eq?(?![A-Za-z])")


# a direction as an angle from one compass point towards another at right angles: "60^\circ north of east",
# "directed 30° east of north"
_COMPASS = lazy_compile(r"(?i)(?:\b(?:directed|pointing|pointed|at)\s+)?(?P<angle>\d{1,2}(?:\.\d+)?)\s*(?:°|\^\s*\{?\s*\\circ\s*\}?|"
                        r"\\circ|\s+degrees?)\s*\$?\s*(?P<towards>north|south|east|west)\s+of\s+(?P<from>north|south|east|west)\b")
_BEARINGS = {"north": 0, "east": 90, "south": 180, "west": 270}


def _as_bearing(answer: str) -> str:
    """``answer`` with each direction written as an angle from a compass point towards another at right angles to it
    written as its bearing, clockwise from north ("60° north of east" and "30° east of north" are both "bearing 30°");
    a pair of points not at right angles is left as written."""
    def bearing(m: re.Match[str]) -> str:
        start, towards = _BEARINGS[m.group("from").lower()], _BEARINGS[m.group("towards").lower()]
        turn = (towards - start) % 360
        if turn not in (90, 270):
            return m.group()
        value = (start + (float(m.group("angle")) if turn == 90 else -float(m.group("angle")))) % 360
        return f"bearing {value:g}°"
    return _COMPASS.sub(bearing, answer)


def _condition_of(answer: str) -> str:
    m = _ALL_WITH.fullmatch(answer) if " " in answer else None
    if m is None or not _RELATION_IN.search(m.group("condition")):
        return answer
    return m.group("condition").strip() if lone_letters(m.group("condition")) == {m.group("letter")} else answer


# a measured value with its uncertainty: "(1.12 \pm 0.01)\times10^{4}", "9.81 \pm 0.02", "(2.0 ± 0.1)"
_UNCERTAINTY = lazy_compile(r"(?P<open>\(\s*)?(?P<value>\d+\.\d+|\d+)\s*(?:\\pm|±)\s*(?P<error>\d+(?:\.\d+)?)(?(open)\s*\))")


def _without_uncertainty(pred: str) -> str:
    """``pred`` with one measured value's uncertainty dropped ("(1.12 \\pm 0.01)\\times10^{4}" -> "1.12\\times10^{4}"),
    when the uncertainty is smaller than a tenth of the value and a power of ten or a unit follows (not "\\pm 2", the two
    roots, nor "3 \\pm 1")."""
    found = list(_UNCERTAINTY.finditer(pred))
    if len(found) != 1:
        return pred
    m = found[0]
    value, error = float(m.group("value")), float(m.group("error"))
    after = pred[m.end():].lstrip()
    if not value or error >= value / 10 or not (m.group("open") and after[:1] in ("\\", "×") or re.match(
            r"(?:\\[,;: ]|~|\s)*(?:\\(?:text|mathrm)\s*\{)?\s*[A-Za-zμÅ°]", pred[m.end():])):
        return pred
    return pred[:m.start()] + m.group("value") + pred[m.end():]


def _clean(a: _Answers) -> None:
    a.gold, a.pred = _condition_of(a.gold), _condition_of(a.pred)
    if " of " in a.gold and " of " in a.pred and _COMPASS.search(a.gold) and _COMPASS.search(a.pred):
        a.gold, a.pred = _as_bearing(a.gold), _as_bearing(a.pred)  # "60° north of east" is "30° east of north"
    if "\\{" in a.pred and "=" in a.gold:
        a.pred = _generated(a.pred, a.gold)
    if "\\" in a.pred and a.gold.lstrip().startswith(("(", "\\langle", "⟨")) and re.search(r"\\(?:mathbf|hat|vec|boldsymbol)\s*\{?\s*[ijk]\b", a.pred):
        a.pred = _in_components(a.pred, a.gold)  # "-3\mathbf i+6\mathbf j-3\mathbf k" is (-3, 6, -3)
    a.pred = _last_statement(a.pred, a.gold)
    if ("\\pm" in a.pred or "±" in a.pred) and "\\pm" not in a.gold and "±" not in a.gold:
        a.pred = _without_uncertainty(a.pred)  # "(1.12 \pm 0.01)\times10^{4} m/s": the value measured
    gold_numeral = _BASE_NUMERAL.fullmatch(a.gold.strip().strip("$").strip()) if "_" in a.gold else None
    if gold_numeral and "=" in a.pred:
        # "$100 = (1020)_3$" for the gold 10201_3: the numeral written in the base asked is the answer, not the value
        # it is claimed to equal ("1020_3 = 100" states 1020_3 too)
        written = [side.strip() for side in a.pred.split("=") if (m := _BASE_NUMERAL.fullmatch(side.strip().strip("$")))
                   and m.group(2) == gold_numeral.group(2)]
        if len(written) == 1:
            a.pred = written[0]
    if "=" in a.pred and "=" not in a.gold and _COMPUTED_FIRST.match(a.pred) and not _PART_OPENING.match(a.pred):
        # "\frac{10\cdot11}{2}=55", "\begin{vmatrix}...\end{vmatrix}=\begin{pmatrix}-3\\6\\-3\end{pmatrix}": a
        # computation, then its result
        result = split_top(a.pred, "=")[-1].strip()
        if result:
            a.pred = result
    if a.pred.lstrip().startswith("=") and "=" not in a.gold:
        # "Average speed $= \dfrac{\text{distance}}{\text{time}} = \dfrac{90\ \text{km}}{1.5\ \text{h}} = 60\ \text{km/h}$":
        # a chain named in words before its math; the value it closes on is the one stated
        sides = split_top(a.pred.lstrip()[1:], "=")
        if len(sides) > 1 and re.search(r"\d", sides[-1]) and not re.search(r"\\approx|≈|[<>]", sides[-1]):
            a.pred = "Q" + a.pred.lstrip()  # read as a chain its name in words heads ("Q" for that name)
    if "=" not in a.gold and ("_" in a.pred or _SUBSCRIPT_BASE.search(a.pred)):
        # ("2024₁₀ = 5621": the base written in subscript digits)
        numeral = _NUMERAL_IS.fullmatch(_SUBSCRIPT_BASE.sub(lambda m: "_{" + m.group().translate(_SUBSCRIPT_DIGITS) + "}",
                                                            a.pred))
        if numeral:
            a.pred = numeral.group("value").strip().rstrip(".")  # "101101_2 = 45_{10}": its value
        elif "_" in a.gold:
            written = _VALUE_IS_NUMERAL.fullmatch(a.pred)
            if written:
                a.pred = written.group("numeral")  # "100 = (220)_7": the numeral written, not the value it is of
    a.pred = without_added_remark(without_trailing_word(_approx_value(a.pred, a.gold), a.gold), a.gold)
    if a.pred.rstrip().endswith("}") or a.gold.rstrip().endswith("}"):
        a.pred, a.gold = without_text_unit(a.pred, a.gold, a.question), without_text_unit(a.gold, a.pred, a.question)
    gold_formula, gold_range = integer_range(a.gold)
    pred_formula, pred_range = integer_range(a.pred)
    if gold_range and pred_range == gold_range and "\\pi" in gold_formula and "=" in pred_formula \
            and "\\pi" not in pred_formula and "π" not in pred_formula:
        # "x = 45° + k·180°, k ∈ ℤ" for "x = \frac{\pi}{4} + k\pi, k \in \mathbb{Z}": a family in degrees, in radians
        pred_formula = _DEGREES.sub(r"\\frac{\g<n>\\pi}{180}", pred_formula)
    if gold_range:  # "x = 2k\\pi,\\ k \\in \\mathbb{Z}": the gold's own range; the reply's only when it is the same
        a.gold = gold_formula
    if pred_range and pred_range == gold_range:
        a.pred = pred_formula
    a.g, a.p = clean(without_domain(a.gold)), clean(without_domain(a.pred))
    if a.question and a.p.text[:1] == "[" and a.g.text[:1] == "(" and _ASKS_TUPLE.search(a.question) \
            and re.fullmatch(r"\[[^\[\]]*\]", a.p.text.strip()) and tuple_parts(a.g.text) is not None:
        # "$\boxed{[3,\,6]}$" to "Find the pair $(x,y)$ ...": a pair in square brackets, not an interval
        a.p = replace(a.p, text="(" + a.p.text.strip()[1:-1] + ")")
    if a.question and not a.unit and a.p.text[-1:].isalpha():
        a.p = asked_letter_unit(a.p, a.question)  # "1e-8 F" when the question asks farads
    if "_{(" in a.p.text:
        written = _BASE_NUMERAL.fullmatch(a.g.text)
        # "10010_{(2)}" for "10010_2": a numeral's base in brackets, read only as the base the gold is written in
        a.p = replace(a.p, text=_BASE_IN_BRACKETS.sub(
            lambda m: f"{m.group(1)}_{{{m.group(2)}}}" if written and m.group(2) == written.group(2) else m.group(), a.p.text))
    if a.question and "_" in a.g.text + a.p.text:  # "2516" for "2516_8" when the question asks base eight
        g_text, p_text = in_asked_base(a.g.text, a.p.text, a.question)
        a.g, a.p = replace(a.g, text=g_text), replace(a.p, text=p_text)
    if "=" in a.p.text and "=" not in a.g.text and (_CODE_LITERAL.fullmatch(a.p.text.rsplit("=", 1)[1].strip())
                                                    or "_" in a.g.text and _BASE_NUMERAL.fullmatch(
                                                        a.p.text.rsplit("=", 1)[1].strip())):
        # "255 = 0xFF", "37 = 101001₂": the numeral it is written as (the number it restates is the question's)
        a.p = replace(a.p, text=a.p.text.rsplit("=", 1)[1].strip())
    sides = split_top(a.p.text, "=") if a.p.text.count("=") >= 2 and "=" not in a.g.text and not a.p.unit \
        and not _SEVERAL_IN_CHAIN.search(a.p.text) and numbered_parts(a.p.text) is None else []
    if len(sides) >= 3 and sides[-1].strip() and _CONSTANT.fullmatch(_COMMANDS.sub(" ", sides[-1])) \
            and not re.search(r"\d\.\d", sides[-1]) \
            and not any(c in a.p.text for c in "<>≤≥") and not any(len(split_top(side, ",")) > 1 for side in sides[:-1]) \
            and any(re.search(r"[\\+*/^]|(?<=\w)-", side) for side in sides[:-1]) \
            and not all(_NAME_ONLY.fullmatch(side.strip()) for side in sides[:-1]) \
            and not any(_CONSTANT.fullmatch(_COMMANDS.sub(" ", side)) and "(" not in side for side in sides[:-1]):
        # (not named values, "a=b=c=1", "x=3, y=2": each name its value; not after a number of its own, "x=\frac{22}{7}=3",
        # whose rounding is read as before; not a decimal closing it, "\frac{22}{7} = 3.142",
        # nor a value with its unit, "2.48 eV = 3.97\times10^{-19} J": both read as before)
        # "\operatorname{proj}_{\mathbf v}\mathbf u=\frac{\mathbf u\cdot\mathbf v}{\|\mathbf v\|^2}\mathbf v=\langle 3,\,0
        # \rangle": a chain of formulas closing on a constant states that constant
        a.p = replace(a.p, text=sides[-1].strip())
    if a.p.text.count("=") == 1 and "=" not in a.g.text and a.p.unit and _conversion(a.p.text, a.p.unit):
        a.p = replace(a.p, text=a.p.text.split("=", 1)[1].strip())  # "1\ \text{atm}=101\,325\ \text{Pa}": the value
    code = _CODE_LITERAL.fullmatch(a.p.text) if a.p.text[:1] == "0" else None
    written = _BASE_NUMERAL.fullmatch(a.g.text) if code is not None and "_" in a.g.text else None
    if written is None or int(written.group(2)) == _CODE_BASES[code.group(1)]:
        a.p = _base_numeral(a.p)  # ("0x2D" is no answer to a gold written in base two: the base asked is another)
    base = _CODE_BASES[code.group(1)] if code is not None else 0
    if base and a.question and _ASKED_BASE[base].search(a.question) and _BARE_DIGITS[base].fullmatch(a.g.text):
        # "0xFF" for "FF" to "Write 255 in hexadecimal.": the gold's digits are in the base asked, as the reply's are
        a.g = replace(a.g, text=f"{a.g.text}_{{{base}}}")
    a.g = _base_numeral(a.g)
    if "," in a.g.text or "," in a.p.text:
        a.g = replace(a.g, text=decimal_comma(a.g.text, a.p.text))
        a.p = replace(a.p, text=decimal_comma(a.p.text, a.g.text))


# a matrix written as a list of its rows: "[[1, −1], [−1, 2]]"
_LISTED_ROWS = lazy_compile(r"\[\s*\[[^\[\]]{1,80}\]\s*(?:,\s*\[[^\[\]]{1,80}\]\s*){1,9}\]")
_BASE_IN_BRACKETS = lazy_compile(r"(?<![\w.])([0-9A-F]+)_\{\(\s*(\d{1,2})\s*\)\}")


def _accepted(a: _Answers) -> Outcome | None:
    if "#" in a.gold:
        first = one_of_forms(a.gold)
        if first is not None:
            a.gold = first
    glossed = _GLOSSED_NUMBER.fullmatch(a.gold) if "(" in a.gold else None
    value = _plain_fraction(_VECTOR_MARK.sub("", glossed.group("math"))) if glossed else None
    if value is not None and number_words(glossed.group("gloss")) == value:
        a.gold = glossed.group("math")  # "$\vec{0}$ (zero)": the value, and its name in words
    shaped = _SHAPE_THEN_EQUATION.fullmatch(a.gold) if ":" in a.gold and "=" in a.pred else None
    if shaped and shape(shaped.group("words")) is not None and not _PART_OF_CURVE.search(shaped.group("words")) \
            and not WORDS.search(TEXT_WRAPPED.sub(" ", a.pred)):
        a.gold = shaped.group("equation")  # "An ellipse with foci $\pm 1$: $\frac{x^2}{4}+\frac{y^2}{3}=1$": the equation says it
    found = _YES_WITH_VALUE.fullmatch(a.gold) if a.question and _IF_SO.search(a.question) else None
    if found and claim(a.pred) is None and not _VERDICT_WORD.search(a.pred):
        a.gold = found.group("value")  # "Yes, it equals 0" to "Does the limit exist? If so, find it.": a value says yes
    if "满足" not in a.gold:
        return None
    found = accepted_values(a.gold, a.pred)
    if found is None:
        return None
    example, verdict = found
    if verdict is None:
        a.gold = example
    return verdict


# a gold value in maths, then its name in words in brackets: "$\vec{0}$ (zero)", "$\frac12$ (one half)"
_GLOSSED_NUMBER = lazy_compile(r"\s*\$?(?P<math>[^$()]{1,40}?)\$?\s*\((?P<gloss>[A-Za-z -]{3,30})\)\s*\.?\s*")
# a vector's mark on a number: "\vec{0}", "\mathbf 0"
_VECTOR_MARK = lazy_compile(r"\\(?:vec|mathbf|boldsymbol)\s*|[{}\s]")


def _plain_fraction(text: str) -> Fraction | None:
    """The number ``text`` writes in digits ("0", "-3", "2.5", "3/4"), or None."""
    try:
        return Fraction(text) if re.fullmatch(r"-?\d{1,12}(?:\.\d{1,12}|/\d{1,12})?", text) else None
    except (ValueError, ZeroDivisionError):
        return None


# a gold naming a curve, then its equation: "An ellipse with foci $\pm 1$: $\frac{x^2}{4}+\frac{y^2}{3}=1$"
_SHAPE_THEN_EQUATION = lazy_compile(r"\s*(?P<words>[A-Za-z][^:=]{2,80}):\s*(?P<equation>[^:=]{1,120}=[^:=]{1,120})")
# words taking part of a curve only ("the left branch of", "the upper half of", "without its vertices")
_PART_OF_CURVE = lazy_compile(r"(?i)\b(?:branch\w*|half|halves|part|portion|segment|arc|upper|lower|left|right|excluding|except|"
                              r"without|only|minus|removed|punctured|interior|exterior|inside|outside)\b")
# a gold answering yes, then the value asked for: "Yes, it equals 0", "Yes; the limit is $1/2$"
_YES_WITH_VALUE = lazy_compile(r"(?i)\s*yes\s*[,;:—–]\s*(?:it\s+(?:equals|is)|the\s+[a-z]+\s+is|its\s+value\s+is|=)?\s*"
                               r"(?P<value>[^,;:a-z]{1,80}?)\s*\.?\s*")
# a question asking for the value once its yes/no part is yes: "If so, find it.", "If it exists, compute it."
_IF_SO = lazy_compile(r"(?i)\bif\s+(?:so|it\s+does|it\s+exists|yes)\b")
# a word giving a verdict in an answer
_VERDICT_WORD = lazy_compile(r"(?i)\b(?:yes|no|not|exists?|does|doesn't|diverges?|undefined|none)\b|不|存在")


def _lattice(a: _Answers) -> Outcome | None:
    """Two families of values over the integers, written differently: the same values (:mod:`.lattice`)."""
    same = same_lattice(a.gold, a.pred)
    if same is None:
        same = same_integer_line(a.gold, a.pred)  # "(2+5t, -1-3t), t ∈ ℤ" / "x=-3+5k, y=2-3k (k ∈ ℤ)"
    return None if same is None else (same, "lattice")


def _scope(a: _Answers) -> Outcome | None:
    """A verdict for fewer cases than the question asks about ("yes, for every nonempty set" to "Is the empty set a
    subset of every set?"): not the verdict asked (``meaning.narrower_scope``)."""
    return (False, "text") if a.question and narrower_scope(a.pred, a.question) else None


def _statements(a: _Answers) -> Outcome | None:
    if ")" in a.gold or "）" in a.gold or any("\u2460" <= c <= "\u2473" for c in a.gold):
        return same_statements(a.gold, a.pred)
    if a.question and (")" in a.pred or "）" in a.pred or any("\u2460" <= c <= "\u2473" for c in a.pred)):
        return same_statements(a.gold, a.pred, a.question)  # "(2)(3)" naming the question's statements
    return None


def _described(a: _Answers) -> Outcome | None:
    """A gold describing a set of integers, a shape or a winner, against a prediction describing one of the same
    kind (:mod:`..described`); a gold saying the question is open against a reply saying so."""
    if states_open(a.gold, a.pred):
        return True, "described"  # "It is believed ..., but no proof is known." for "unknown (open problem)"
    same = same_description(a.gold, a.pred, a.question)
    if same is None and "=" in a.pred and len(a.gold) <= 60 and len(a.gold.split()) <= 4 \
            and not _PART_OF_CURVE.search(a.gold):
        named = shape(a.gold)
        drawn = conic_of(a.pred) if named in _CONICS else None
        if drawn is not None:
            same = drawn == named  # "\frac{x^2}{4}+\frac{y^2}{3}=1" for "An ellipse": the curve its equation draws
    return None if same is None else (same, "described")


# the shapes an equation of degree two can name (:func:`.conics.conic_of`)
_CONICS = frozenset({"circle", "ellipse", "parabola", "hyperbola"})


def _family(a: _Answers) -> Outcome | None:
    """Either answer naming a family ("(2,3,6) and its permutations"): compared as families (:mod:`..family`); both
    answers families of tuples in a parameter ("(a,1) for any positive integer a, and (1,b) ..."): compared as sets of
    families (:mod:`.parametric`)."""
    families = same_families(a.gold, a.pred)
    if families is not None:
        return families
    tuples = family_tuples(a.pred) if "(" in a.pred and not names_families(a.gold) else None
    if tuples:
        a.pred = tuples  # "the pairs $(m, m+1)$ for every positive integer $m$" against "(n, n+1)": the tuple
    return same_family(a.gold, a.pred, lambda g, p: _equivalent(g, p, a.tolerance, a.kind, a.unit, a.question))


def _clock(a: _Answers) -> Outcome | None:
    if ":" in a.gold and ":" in a.pred:
        clock = _clocks_equal(a.gold.strip().strip("$"), a.pred.strip().strip("$"))
        if clock is not None:
            return clock, "clock"
    return None


def _notation(a: _Answers) -> None:
    gold, pred = read_notation(a.g.text, a.p.text)
    if gold != a.g.text or pred != a.p.text:
        a.g, a.p = replace(a.g, text=gold), replace(a.p, text=pred)


_COMMAND = lazy_compile(r"\\[a-zA-Z]+")
_LETTER = lazy_compile(r"(?<![A-Za-z])[A-Za-z](?![A-Za-z])")
_QUESTION_MATH = lazy_compile(r"\$\$?([^$]*)\$\$?|" + tex_delimited("\\(", "\\)", empty=True) + "|"
                             + tex_delimited("\\[", "\\]", empty=True), re.S)


def _letters(text: str) -> set[str]:
    return set(_LETTER.findall(_COMMAND.sub(" ", text))) - {"e", "i"}


def _parameter(a: _Answers) -> None:
    """A family of answers in one parameter of its own (``(m, m+1)`` against ``(n, n+1)``, ``f(x) = kx`` against
    ``f(x) = cx``): when the letters of the two answers differ by one letter on each side, and the row's question
    writes neither of those two in its maths, the letter is a name the answer binds ("for every positive integer
    $m$", "for some real constant $k$"), so the prediction's is renamed to the gold's. A letter the question writes
    anywhere (a given), or two letters differing on a side, is left as it is."""
    if not a.question:
        return
    g_letters, p_letters = _symbol_letters(a.g.text), _symbol_letters(a.p.text)
    if g_letters is None or p_letters is None or len(g_letters - p_letters) != 1 or len(p_letters - g_letters) != 1:
        return
    asked = _letters(a.question) - {"a", "A", "I"}  # the letters it writes (the English words "a" and "I" aside)
    for m in _QUESTION_MATH.finditer(a.question):
        asked |= _letters(next((g for g in m.groups() if g is not None), ""))
    (gold_letter,), (pred_letter,) = g_letters - p_letters, p_letters - g_letters
    if len(g_letters) == 1 and not re.search(r"[\d+\-*/^=(),]", re.sub(r"\\[A-Za-z]+|\(\s*[A-Za-z]\s*\)", "", a.g.text)):
        return  # a lone letter ("b", "(B)": an option's) is no family: "c" is not "b" renamed
    if gold_letter in asked or pred_letter in asked or not (g_letters & p_letters) <= asked | {"x", "y", "z", "t"}:
        return
    if "=" not in a.p.text and re.match(r"\s*%s\s*=(?!=)" % gold_letter, a.g.text) and \
            gold_letter not in (_symbol_letters(a.g.text.split("=", 1)[1]) or {gold_letter}):
        return  # "p = \\frac{...}{4\\mu R^5}": the gold's label, no parameter of a family
    if len(g_letters) > 1 and not _restrictions(a.pred) <= _restrictions(a.gold):
        return  # "f(x) = kx for some positive constant k": a family restricted, not the gold's renamed
    renamed = _SYMBOL.sub(lambda m: gold_letter if m.group() == pred_letter else m.group(), a.p.text)
    a.p = replace(a.p, text=renamed)


# words and signs that restrict a family's parameter
_RESTRICTION = lazy_compile(r"(?i)\b(?:positive|negative|non-?negative|non-?zero|integers?|natural|rational|irrational|odd|even|"
                            r"prime|except|other\s+than)\b|\\mathbb\s*\{?\s*[NZQ]|[ℕℤℚ<>≤≥≠]|\\[lg]eq?(?![A-Za-z])|\\neq?(?![A-Za-z])")
def _restrictions(text: str) -> set[str]:
    """The restricting words and signs ``text`` writes ("positive", "\\mathbb{Z}", "<"), each as one key."""
    return {re.sub(r"[\s{]|\\mathbb", "", m.group()).lower().rstrip("s") for m in _RESTRICTION.finditer(text)}


_SYMBOL = lazy_compile(r"\\[a-zA-Z]+|[A-Za-z]")  # a command, or one letter
_WORD_RUN = lazy_compile(r"(?<!\\)(?<![A-Za-z])[A-Za-z]{3,}")  # three letters or more, no command: a word


def _symbol_letters(text: str) -> set[str] | None:
    """The letters ``text`` writes as symbols, products included (``kx`` is k and x), e and i aside; None when it
    writes a word, whose letters are no symbols."""
    if _WORD_RUN.search(text):
        return None
    return set(_LETTER_OF.findall(_COMMAND.sub(" ", text))) - {"e", "i"}


_LETTER_OF = lazy_compile(r"[A-Za-z]")


def _marks(a: _Answers) -> None:
    # Against a symbolic answer "2mg" is 2·m·g, not 2 milligrams: a unit is only read off next to a number.
    # (Put back in parentheses, which no later cleaning reads as a unit again.)
    g, p = unlabelled_gold(a.g, a.p), a.p  # "y = 0.017 m" against "0.017 m": the value the gold names
    if "=" not in g.text and "=" in p.text:
        p = replace(p, text=in_asked_order(p.text))  # "(k, m) = (3, 6)" when the question asks for "(m, k)"
    g, p = chain_unit(g), chain_unit(p)  # "\\frac{e\\hbar}{2m_e} \\approx 5.79\\times10^{-5} eV/T": in eV/T
    read_g, p = letter_units(with_target_unit(g, a.unit) if a.unit else g, p)  # "3.2 t" for a mass, "2e" a charge
    g = read_g if read_g.text != g.text else g
    if p.unit and symbolic(g.text) and not _only_the_unit(g.text, p.unit):
        p = Item(f"{p.text}({p.unit})", p.percent, p.degree)
    if g.unit and symbolic(p.text) and not _only_the_unit(p.text, g.unit):
        g = Item(f"{g.text}({g.unit})", g.percent, g.degree)
    if a.unit:
        g = with_target_unit(g, a.unit)
    elif a.question and p.unit and not g.unit:
        g = in_asked_unit(g, p, a.question)  # "in Farads": a prediction in mF is converted into farads
    a.g, a.p = g, on_gold_scale(g, unlabelled(g, p), difference=bool(
        _DIFFERENCE.match(p.text) or a.question and _CHANGE_ASKED.search(a.question) or _CHANGE_ASKED.search(a.pred)))


def _only_the_unit(text: str, unit: str) -> bool:
    """Whether the letters of ``text`` are only ``unit`` written apart after its numbers, each closing its part ("4 cm,
    5 cm" against a gold in cm: a list of lengths, not a symbolic answer; "\\frac{2L}{3}" is symbolic), so the unit
    is read there as after one number."""
    after_numbers = re.compile(r"(?<=[\d}])(?:\s|\\[,;: ]|~)+" + re.escape(unit) + r"(?=\s*(?:[,;]|\Z))")
    if unit.isascii() and after_numbers.search(text) and not symbolic(after_numbers.sub("", text)):
        return True
    return _units_of_its_quantity(text, unit)



def _units_of_its_quantity(text: str, unit: str) -> bool:
    """Whether every part of ``text`` (split at commas and semicolons) is a number closed by a unit of the quantity
    ``unit`` measures, maybe another one per part ("0.4 dm, 5 cm" against a gold in cm: lengths, each converted on its
    own); a part that is no number with such a unit ("5 m g", "\\frac{2L}{3}", "3 s" against cm) makes it False."""
    parts = re.split(r"[,;]", text)
    if len(parts) < 2:
        return False
    for part in parts:
        tail = unit_tail(part.strip())
        if tail is None or not MEASURED_VALUE.fullmatch(tail[0]) or not isinstance(unit_factor(tail[1], unit), Fraction):
            return False
    return True


_CELSIUS_ZERO = "273.15"  # kelvins


_DIFFERENCE = lazy_compile(r"\s*(?:\\Delta|Δ)")  # a label naming a change: "\Delta T = 25 K"
# a change of temperature asked or stated: "Temperature rise of the water.", "warms by 15 °C", "the increase in
# temperature" (the same number on both scales)
_CHANGE_ASKED = lazy_compile(r"(?i)\b(?!(?:rises?|rose|increases?|drops?|falls?)\s+to\b)(?:rise|rises|risen|increase[sd]?|decrease[sd]?|drop[sp]?|fall|falls|change[sd]?|"
                             r"difference|gain|loss|by\s+how\s+much|warms?\s+by|cools?\s+by|heats?\s+up\s+by|hotter|warmer|"
                             r"cooler|colder|higher|lower|through|climb(?:s|ed)?|above|below|gap|spread|span|swing|increment|"
                             r"range|heat\s+up|warm\s+up|"
                             r"temperature\s+(?:rise|increase|change|drop|difference))\b|\\Delta|Δ|升高了?|降低了?|变化")


def on_gold_scale(g: Item, p: Item, difference: bool = False) -> Item:
    """A temperature on the other scale than the gold's, put on the gold's: a degree mark before C (``26.85\\,^{\\circ}
    \\mathrm{C}``, ``26.85 °C``) is the Celsius scale, which is the kelvin scale shifted by 273.15 (an offset, not a
    factor: no unit scale takes one to the other); ``p`` unchanged otherwise (a C without the degree mark is the
    coulomb, a degree mark alone an angle). A ``difference`` of temperatures (``\\Delta T = 25\\ \\mathrm{K}``) is the
    same number on both scales."""
    from decimal import Decimal, InvalidOperation

    scales = {"g": _scale(g), "p": _scale(p)}
    if None in scales.values() or scales["g"] == scales["p"]:
        return p
    if difference:
        if "F" in scales.values():
            return p  # (a change in Fahrenheit degrees is no change in kelvins: not read)
        return Item(p.text, p.percent, g.degree, g.unit)
    text = p.text.replace(" ", "")
    if not re.fullmatch(r"-?\d+(?:\.\d+)?", text):
        return p
    try:
        value = Decimal(text)
    except InvalidOperation:
        return p
    kelvins = {"K": lambda v: v, "C": lambda v: v + Decimal(_CELSIUS_ZERO),
               "F": lambda v: (v - 32) * 5 / 9 + Decimal(_CELSIUS_ZERO)}[scales["p"]](value)
    on_gold = {"K": lambda k: k, "C": lambda k: k - Decimal(_CELSIUS_ZERO),
               "F": lambda k: (k - Decimal(_CELSIUS_ZERO)) * 9 / 5 + 32}[scales["g"]](kelvins)
    on_gold = on_gold.quantize(Decimal("1e-9")).normalize()
    return Item(format(on_gold, "f"), p.percent, scales["g"] != "K", g.unit)


def _scale(item: Item) -> str | None:
    """The temperature scale of ``item``: "K" (kelvins), "C" or "F" (a degree mark before C or F); None otherwise."""
    if item.degree and item.unit in ("C", "F"):
        return item.unit
    return "K" if not item.degree and item.unit == "K" else None


def _exact(a: _Answers) -> Outcome | None:
    g, p = a.g, a.p
    if g.text == p.text and g.text and (g.percent, g.degree) == (p.percent, p.degree) and unit_scale(g, p) == 1:
        return True, "exact"
    return None


# words, then a comma and another word denied: "similar, not congruent"
_QUALIFIED_WORD = lazy_compile(r"(?i)[a-z][a-z -]{1,40},\s+not\s+[a-z][a-z -]{1,40}")


def _parts(a: _Answers) -> None:
    if "=" in a.g.text and "=" in a.p.text:  # "(x, y) = (1, 2)" against "x = 1, y = 2": values by name
        a.g, a.p = replace(a.g, text=spread_assignment(a.g.text)), replace(a.p, text=spread_assignment(a.p.text))
    g_clean, p_clean = a.g, a.p
    if ", not " in p_clean.text and " but not " in g_clean.text and _QUALIFIED_WORD.fullmatch(p_clean.text.strip(" .")) \
            and " ".join(p_clean.text.replace(", not ", " but not ").lower().strip(" .").split()) \
            == " ".join(g_clean.text.lower().strip(" .").split()):
        # "similar, not congruent" against "similar but not congruent": one answer in words, the same, not two
        p_clean = replace(p_clean, text=g_clean.text)
    g_parts, p_parts = split_answers(g_clean.text), split_answers(p_clean.text)
    # "1,000" is one number when the other side is one answer, two answers when the other side has two.
    if len(g_parts) == 1 and len(p_parts) > 1 and is_thousands(p_clean.text):
        p_parts = [p_clean.text.replace(",", "")]
    if len(p_parts) == 1 and len(g_parts) > 1 and is_thousands(g_clean.text):
        g_parts = [g_clean.text.replace(",", "")]
    g_numbered, p_numbered = numbered_parts(g_clean.text), numbered_parts(p_clean.text)
    if g_numbered and (p_numbered or len(p_parts) == len(g_numbered)):
        g_parts = g_numbered  # "(1) 2 (2) 5": the answers to parts (1) and (2)
    if p_numbered and len(p_numbered) == len(g_parts):
        p_parts = [_at_another_point(part, a.question) for part in p_numbered]
        p_parts = [split_top(part, "=")[-1].strip() if "=" in part and _COMPUTED_FIRST.match(part) else part
                   for part in p_parts]  # "(1) \frac{10\cdot11}{2}=55": the part's result
    if len(g_parts) == 1 and len(p_parts) > 1 and number_words(p_clean.text) is not None:
        p_parts = [p_clean.text]  # "one hundred and five" is one number
    if len(g_parts) + len(p_parts) > 2 and (same_meaning(g_clean.text, p_clean.text) is not None or a.question
                                            and answers_question(g_clean.text, p_clean.text, a.question) is not None
                                            and _of_the_asked(p_clean.text, a.question)):
        # "Yes, such a colouring exists.": one text answer; "No, it is irrational" against "it is irrational" to
        # "Is it rational?"
        g_parts, p_parts = [g_clean.text], [p_clean.text]
    g_parts, p_parts = chained_assignments(g_parts), chained_assignments(p_parts)  # "a=b=c=1": three of them
    if len(g_parts) != len(p_parts) or "=" in p_clean.text or "=" in g_clean.text:
        # "x = 3, y = 2" states the ordered pair (3, 2).
        g_parts, p_parts = assignments_as_tuples(g_parts, p_parts), assignments_as_tuples(p_parts, g_parts)
    if len(g_parts) == 1 and len(p_parts) > 1 and GROUPED.fullmatch(a.pred):
        g_tuple = tuple_parts(g_parts[0])
        if g_tuple is not None and len(g_tuple) == len(p_parts) and all(tuple_parts(x) is None for x in p_parts):
            p_parts = ["(" + ", ".join(p_parts) + ")"]  # "{1, 3}": the pair (1, 3) in braces (a bare "1, 3" is not)
    if len(g_parts) != len(p_parts) and not (a.kind and "ordered" in a.kind) and not _blanks(g_clean.text):
        # a list of solutions is a set: one solution written twice is not an extra one (blanks are not: "3; 2; 2" asks
        # three values, the mean, the median and the mode)
        g_parts, p_parts = distinct(g_parts), distinct(p_parts)
    a.g_parts, a.p_parts = g_parts, p_parts


_PART_OPENING = lazy_compile(r"\s*[(（]\s*(?:\d{1,2}|[a-h])\s*[)）]")  # "(1) ...": a numbered part, not a computation
# a computation before "=": digits and operators only, or a determinant ("\frac{10\cdot11}{2}", "\begin{vmatrix}...")
_COMPUTED_FIRST = lazy_compile(r"\s*(?:\\begin\{vmatrix\}|\\det\b|(?=[^=]*(?:\\cdot|\\times|[+*]|\d\s*-\s*\d))"
                               r"(?:[\d\s.+\-*/()^{}]|\\(?:frac|dfrac|tfrac|cdot|times|left|right|sqrt)(?![A-Za-z]))+=)")
# (an operation written before "=": "\frac{10\cdot11}{2}=55"; not one exact value restated, "\frac{1}{3}=0.333")
# a question asking an ordered pair, a point or a tuple: "Find the pair $(x,y)$", "the coordinates of", "ordered triple"
_ASKS_TUPLE = lazy_compile(r"(?i)\b(?:pairs?|ordered|triples?)\b|\(\s*[a-z]\s*,\s*[a-z]\s*(?:,\s*[a-z]\s*)*\)")
# a part stating a function's value at a point: "f''(2)=12"
_VALUE_AT = lazy_compile(r"\s*(?P<call>(?P<name>[A-Za-z](?:'|′|\^\{?\(\d\)\}?)*)\s*\(\s*(?P<at>[^()=]{1,12})\s*\))\s*=\s*(?P<value>.+)")


def _at_another_point(part: str, question: str | None) -> str:
    """A numbered part stating a value at a point ("f''(2)=12"): the point where the question asks that function's
    value only at others ("(2) Find $f''(1)$.") states another quantity: the call alone, equal to no value; else the
    part unchanged."""
    m = _VALUE_AT.fullmatch(part) if question and "(" in part else None
    if m is None:
        return part
    name, at = re.escape(m.group("name")), re.sub(r"\s", "", m.group("at"))
    # (the calls the question asks to find, not its givens: "with $f(1)=-2$. Find (1) ...")
    asked = {re.sub(r"\s", "", x) for x in re.findall(
        r"(?i:find|compute|calculate|evaluate|determine|求|计算)\s*\$?\s*(?<![A-Za-z])%s\s*\(\s*([^()=]{1,12})\s*\)" % name,
        question)} - set("abcdefghijklmnopqrstuvwxyz")  # ("求 $f(x)$ 的极小值": the function, not a value at a point)
    return m.group("call") if asked and at not in asked else part


_LAST_CLAUSE = lazy_compile(r"\s[—–]\s|;\s|,\s*(?:so|hence|thus|therefore|i\.e\.|and)\s")
_GENERIC_SUBJECT = lazy_compile(r"(?i)(?:it|this|that|(?:the|this|our)\s+(?:number|sum|set|series|sequence|function|limit|"
                                r"integral|expression|value|answer|result|matrix|group|map|equation|statement))")
_SUBJECT_IS = lazy_compile(CONCLUDING_LEAD + r"(?P<subject>\S.{0,59}?)\s++(?:is|are)\s")


# one character in braces, written bare as often: "\sqrt{2}" and "\sqrt2", "\frac{1}{2}" and "\frac12"
_BRACED_ONE = lazy_compile(r"\{(\w)\}")


def _of_the_asked(statement: str, question: str) -> bool:
    """Is ``statement`` about what the question asks: its subject, when written in maths ("$\\sqrt6$ is irrational"),
    written in the question too? A subject in words ("it", "the number") is the asked one."""
    statement = _LAST_CLAUSE.split(statement)[-1] if len(statement) <= 400 else statement  # "..., so it is not invertible"
    m = _SUBJECT_IS.match(statement) if len(statement) <= 400 else None
    subject = re.split(r",\s+", m.group("subject"))[-1] if m else ""
    if not re.search(r"[\\\d^+*/\[]", subject):
        named = set(re.findall(r"[a-z]+", subject.lower())) - {"the", "a", "an", "this", "our"}
        # "it", "the number"; "the harmonic series" to a question on the harmonic series; not "the square root of two"
        return bool(_GENERIC_SUBJECT.fullmatch(subject.strip())) or m is None \
            or bool(named) and named <= set(re.findall(r"[a-z]+", re.sub(r"\$[^$]*\$", " ", question.lower())))
    spans = {_BRACED_ONE.sub(r"\1", re.sub(r"\s", "", span)) for span in re.findall(r"\$([^$]{1,80})\$", question)}
    spans |= {side for span in list(spans) if "=" in span for side in span.split("=")}  # "$a_n=\sin n$": a_n, \sin n
    written = _BRACED_ONE.sub(r"\1", re.sub(r"[\s$]", "", subject))  # "\sqrt2" is "\sqrt{2}"
    if written[:1] == "(" and written[-1:] == ")":
        written = written[1:-1]  # "$(\sin n)$ is bounded": the sequence written in brackets
    # (or written bare in the question's words: "1 is neither prime nor composite" to "Is 1 a prime number?")
    return written in spans or bool(written) and re.search(r"(?<![\w.$\\])" + re.escape(written) + r"(?![\w.$])",
                                                          re.sub(r"\$[^$]*\$", " ", question)) is not None


def _tolerances(a: _Answers) -> list[Any]:
    """One tolerance per gold part (a list gives one per part, its last repeated)."""
    tols = list(a.tolerance) if isinstance(a.tolerance, (list, tuple)) else [a.tolerance] * len(a.g_parts)
    return tols + [tols[-1] if tols else None] * (len(a.g_parts) - len(tols))


def _one_part(a: _Answers) -> tuple[Item, Item] | None:
    if len(a.g_parts) == 1 and len(a.p_parts) == 1:
        return with_marks(a.g_parts[0], a.g), with_marks(a.p_parts[0], a.p)
    return None


def _renamed(a: _Answers) -> Outcome | None:
    pair = _one_part(a) if "=" in a.g.text and "=" in a.p.text else None
    if pair is None:
        return None
    found = renamed(*pair, lambda g, p: items_equal(g, p, _tolerances(a)[0], a.kind))
    if found is None and same_general_solution(pair[0].text, pair[1].text, a.question):
        return True, "general-solution"  # "y(x) = A\sin x + B\cos x" for "y = C_1\cos x + C_2\sin x"
    return found


def _argument_range(a: _Answers) -> Outcome | None:
    r""""$\sqrt{2}\,e^{5\pi i/4}$" to "... in the form $re^{i\theta}$ with $-\pi < \theta \le \pi$": the argument outside
    the range asked is not the form asked (:mod:`.angles`)."""
    outside = argument_outside(a.pred, a.question) if a.question and "e" in a.pred else None
    return (False, "argument-range") if outside else None


def _asked(a: _Answers) -> Outcome | None:
    pair = _one_part(a) if a.question else None
    if pair is None:
        return None
    return fraction_of(*pair, a.question) or in_units_of(*pair, a.question) or \
        asked_value(*pair, a.question, lambda g, p: items_equal(g, p, _tolerances(a)[0], a.kind))


def _conventions(a: _Answers) -> Outcome | None:
    pair = _one_part(a)
    return None if pair is None else conventional(*pair, a.question)


def _single(a: _Answers) -> Outcome | None:
    if len(a.g_parts) == 1 and len(a.p_parts) == 1:
        return items_equal(with_marks(a.g_parts[0], a.g), with_marks(a.p_parts[0], a.p), _tolerances(a)[0],
                           a.kind)
    return None


# a gold naming its values joined by "and" ("1 和 3", "2 and 5"): the values, not an ordered tuple or an interval
_AND_LIST = lazy_compile(r"[^,;，；、]+?(?:\s*(?:和|与|及|以及|\band\b)\s*[^,;，；、]+?)+", re.I)


def _pair_for_and_list(a: _Answers) -> Outcome | None:
    """A gold of values joined by "and" ("甲的卡片上的数字是 1 和 3") against the same values written as one bracketed
    group ("(1,3)", "(3,1)"): the group names those values (the gold's "and" orders nothing, and a group in
    brackets against plain values is no interval). None when the answers are not of that shape (a gold of
    solutions ``x=1 和 x=3`` against ``(1,3)`` is not: that may be an interval of x)."""
    if len(a.p_parts) != 1 or len(a.g_parts) < 2 or not _AND_LIST.fullmatch(a.gold.strip().strip("$ .。")) \
            or any("=" in t or "<" in t or ">" in t for t in a.g_parts):
        return None  # "x=1 和 x=3" against "(1,3)" may be read as an interval of x: not this reading
    group = a.p_parts[0].strip()
    inner = (tuple_parts(group) or []) if group[:1] == "(" else []
    if len(inner) != len(a.g_parts):
        return None
    g_items = [with_marks(t, a.g) for t in a.g_parts]
    p_items = [with_marks(t.strip(), a.p) for t in inner]
    ok, methods = match_all(g_items, p_items, _tolerances(a), a.kind, False)
    return (True, "set:" + "+".join(sorted(methods))) if ok else None


# a constant: digits, operators, brackets and the commands of numbers, no letter left ("\\langle 3,\\,0\\rangle")
_COMMANDS = lazy_compile(r"\\(?:frac|dfrac|tfrac|sqrt|pi|times|cdot|langle|rangle|left|right|,|;|!| )(?![A-Za-z])")
_NAME_ONLY = lazy_compile(r"[A-Za-z](?:_\{?\w{1,3}\}?)?")
# what makes a chain more than one value: "or", "and", a semicolon, a part's label
_SEVERAL_IN_CHAIN = lazy_compile(r"(?i)\b(?:or|and)\b|;|；|\\text\s*\{\s*(?:or|and)")
_CONSTANT = lazy_compile(r"[\d\s.,+\-−*/^(){}\[\]⟨⟩π√]+")


def _conversion(text: str, unit: str) -> bool:
    """Is ``text`` (its closing ``unit`` taken off by the cleaning) one quantity written in two units, "1 atm=101325"
    with Pa ("1\\ \\text{atm}=101\\,325\\ \\text{Pa}": a number and a unit on the left, a number on the right, the
    two units measuring the same thing)? Then its right side is the value it converts to."""
    left, right = (side.strip(" .") for side in text.split("=", 1))
    said = unit_tail(left)
    return bool(said and said[1] and re.fullmatch(r"[\d.]+", (said[0] or "").strip())
                and re.fullmatch(r"[\d.\s]+(?:\\times\s*10\^\{?-?\d+\}?)?", right) and said[1].strip() != unit.strip()
                and unit_factor(said[1].strip(), unit.strip()) not in (None, MISMATCH))


def _count(a: _Answers) -> Outcome | None:
    if len(a.g_parts) != len(a.p_parts):
        paired = _pair_for_and_list(a)
        if paired is not None:
            return paired
        # "x < 2 or x > 3" splits into two answers; against one union (-\infty,2)\cup(3,\infty) it is a set.
        if len(a.g_parts) == 1 and len(a.p_parts) > 1:
            # "x \ge 1, x \neq 5": conditions on one unknown, a point excluded, read together (a domain)
            together = conditions_equal(a.g_parts[0], a.p.text)
            if together is not None:
                return together, "interval"
        union = union_parts_equal(a.g_parts, a.p_parts, a.kind)
        if union is not None:
            return union, "interval"
        if states_draw(a.gold) and states_draw(a.pred):
            return True, "text"  # "ends in a draw — nobody wins" for "Neither; the game is a draw"
        winner = winner_answers(a.gold, a.pred, a.question)
        if winner is not None:
            return winner, "text"  # "The second player, Bob, wins." for "Bob"
        if len(a.g_parts) == 1 and rejecting_others(a.gold, a.pred):
            return True, "text"  # "St Petersburg, not Berlin or Basel" for "Saint Petersburg"
        chosen = chosen_of_two(a.pred, a.question) if len(a.g_parts) == 1 and a.question else None
        if chosen is not None:
            # "Thus $\pi^e$ is the smaller one, and $e^{\pi}$ is larger." to "Which is larger, ...?": the one named so
            return items_equal(with_marks(a.g_parts[0], a.g), with_marks(chosen, a.p), None, a.kind)[0], "text"
        return False, "count-mismatch"
    return None


# a question asking for its answers in order: "Find the GCD and the LCM, in that order.", "respectively", 依次, 分别
_IN_ORDER = lazy_compile(r"(?i)\bin\s+(?:that|this|the\s+same)\s+order\b|\brespectively\b|\bin\s+order\b(?!\s+(?:to|for)\b)|"
                         r"依次|按顺序|分别")


# a question naming the two quantities it asks for: "Find the mean and the median of ...", "the GCD and the LCM"
_TWO_QUANTITIES = lazy_compile(r"(?i)\b(?:find|compute|determine|calculate|give|state|what\s+are)\s++(?:both\s++)?the\s++"
                               r"[a-z][a-z-]*+(?:\s++[a-z][a-z-]*+){0,2}?\s++and\s++the\s++[a-z][a-z-]*+")


def _set(a: _Answers) -> Outcome:
    if states_draw(a.gold) and states_draw(a.pred):
        return True, "text"  # "ends in a **draw** — neither X nor O can force a win" for "Neither; the game is a draw"
    g_items = [with_marks(t, a.g) for t in a.g_parts]
    p_items = [with_marks(t, a.p) for t in a.p_parts]
    # blanks are ordered, unless each part names what it answers ("x = 1; y = 2": matched by name, rule 8)
    # and a reply labelling its answers as parts ("(1) 3 (2) 4", "Part (a): 3. Part (b): 4.") says which part each
    # answers, whatever list the gold writes (rule 13)
    blanks = (_blanks(a.g.text) and _blanks(a.p.text) or _PARTS_LABELLED.match(a.p.text) is not None
              or asked_parts(a.question) == len(a.g_parts) > 1
              or bool(a.question and _IN_ORDER.search(a.question))) and not all("=" in t for t in a.g_parts)
    if not blanks and a.question and len(a.g_parts) == 2 and not any("=" in t for t in a.p_parts) \
            and _TWO_QUANTITIES.search(a.question):
        # "Find the mean and the median ...", "Find the first term and the common difference.": two quantities
        # named, so two bare values answer them in that order, whether the gold names its values or not (rule 13;
        # a reply naming its values is matched by name)
        blanks = True
    ordered = a.kind is not None and "ordered" in a.kind or blanks
    ok, methods = match_all(g_items, p_items, _tolerances(a), a.kind, ordered)
    if not ok:
        return False, min(methods) if methods else ("blanks-mismatch" if blanks else "set-mismatch")
    return True, ("blanks:" if blanks else "set:") + "+".join(sorted(methods))


_BASE_NUMERAL = lazy_compile(r"\(?([0-9A-Fa-f]{2,})\)?\s*_\s*\{?\s*(\d{1,2})\s*\}?")  # "(100100)_2" too


_LETTER_BASE = lazy_compile(r"\(?(\d{2,})\)?\s*_\s*\{?\s*([a-z])\s*\}?")


_CODE_LITERAL = lazy_compile(r"0([box])([0-9a-fA-F]{1,64})")
_CODE_BASES = {"b": 2, "o": 8, "x": 16}
# a question asking for a numeral in base 2, 8 or 16, and a gold of bare digits in that base
_ASKED_BASE = {2: lazy_compile(r"(?i)\bbinary\b|\bbase[- ](?:2|two)\b"), 8: lazy_compile(r"(?i)\boctal\b|\bbase[- ](?:8|eight)\b"),
               16: lazy_compile(r"(?i)\bhex(?:adecimal)?\b|\bbase[- ](?:16|sixteen)\b")}
_BARE_DIGITS = {2: lazy_compile(r"[01]{1,64}"), 8: lazy_compile(r"[0-7]{1,64}"), 16: lazy_compile(r"[0-9A-Fa-f]{1,64}")}


def _base_numeral(item: Item) -> Item:
    """A numeral written in base b (``100100_2``, ``1A_{16}``; bases 2 to 16) as its value in base ten; in a base
    named by a letter (``100100_b``) as the polynomial in that letter it stands for (``b^5+b^2``)."""
    m = _LETTER_BASE.fullmatch(item.text) if "_" in item.text else None
    if m is not None:
        digits, base = m.group(1), m.group(2)
        terms = [f"{d}*{base}^{k}" for k, d in enumerate(reversed(digits)) if d != "0"]
        return replace(item, text="+".join(reversed(terms)) or "0")
    code = _CODE_LITERAL.fullmatch(item.text) if item.text[:1] == "0" else None
    if code is not None:  # "0b101101", "0x2D", "0o55": a numeral as code writes it, in base 2, 16 or 8
        try:
            return replace(item, text=str(int(code.group(2), _CODE_BASES[code.group(1)])))
        except ValueError:  # a digit the base does not have
            return item
    m = _BASE_NUMERAL.fullmatch(item.text) if "_" in item.text else None
    if m is None or not 2 <= int(m.group(2)) <= 16:
        return item
    try:
        return replace(item, text=str(int(m.group(1), int(m.group(2)))))
    except ValueError:  # a digit the base does not have
        return item


_CHAIN = lazy_compile(r"\s*((?:[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*){2,})([^=]+)")


def chained_assignments(parts: list[str]) -> list[str]:
    """``a = b = c = 1`` (one value given to several variables) -> ``a = 1``, ``b = 1``, ``c = 1``."""
    out: list[str] = []
    for part in parts:
        m = _CHAIN.fullmatch(part) if part.count("=") >= 2 else None
        if m is None:
            out.append(part)
            continue
        names = [n.strip() for n in m.group(1).split("=") if n.strip()]
        out.extend(f"{name} = {m.group(2).strip()}" for name in names)
    return out


# a numbered part's label, "(1)", not a function's argument ("f'(1)", "g(2)", "a_{n}(3)")
_NUMBER_LABEL = lazy_compile(r"(?<![A-Za-z0-9'′_^}\])])\(\s*(\d{1,2})\s*\)")
# a lettered part's label, "(a)" or "（b）", where a part can start (so the "(b)" of "f(b)" is none)
_LETTER_LABEL = lazy_compile(r"(?:^|(?<=[\s,;，；]))[(（]\s*([a-h])\s*[)）]")


def numbered_parts(text: str) -> list[str] | None:
    """The answers of a text written as numbered or lettered parts ("(1) 2 (2) 5", "(a) 2 (b) 5" -> ["2", "5"]):
    labels (1), (2), ... or (a), (b), ... in order from the start, two or more; None otherwise."""
    if "(1)" in text.replace(" ", ""):
        labels = list(_NUMBER_LABEL.finditer(text))
        first = 1
        numbers = [int(m.group(1)) for m in labels]
    else:
        labels = list(_LETTER_LABEL.finditer(text)) if _LETTERED.match(text) else []
        first = ord("a")
        numbers = [ord(m.group(1)) for m in labels]
    if len(labels) < 2 or text[:labels[0].start()].strip() or numbers != list(range(first, first + len(labels))):
        return None
    ends = [m.start() for m in labels[1:]] + [len(text)]
    parts = [text[m.end():end].strip(" ,;；，") for m, end in zip(labels, ends)]
    return parts if all(parts) else None


# parts separated by a semicolon, or numbered "(1) ... (2) ...": the answers to several blanks or parts, in order
# when both answers are written so (a set or a list with commas answering semicolon-separated solutions is a list)
_BLANKS = lazy_compile(r"[;；]|^\s*\(?1\)|\(1\)|^\s*[(（]\s*a\s*[)）]")
_LETTERED = lazy_compile(r"\s*[(（]\s*a\s*[)）]")
_PARTS_LABELLED = lazy_compile(r"\s*[(（]\s*[1a]\s*[)）]")


# a blank in a question: a run of underscores, an underlined space, empty brackets
# blanks inside one pair of brackets ask one point or tuple: "the vertex is $(\_\_\_,\ \_\_\_)$"
_BLANK_TUPLE = lazy_compile(r"\((?:\s|\\[ ,;]|~)*(?:_{3,}|(?:\\_){2,})(?:(?:\s|\\[ ,;]|~)*[,;](?:\s|\\[ ,;]|~)*"
                            r"(?:_{3,}|(?:\\_){2,})){1,5}(?:\s|\\[ ,;]|~)*\)")
_BLANK_MARK = lazy_compile(r"_{3,}|(?:\\_){2,}|\\underline\s*\{(?:\s|\\q?quad|\\hspace\{[^{}]*\}|~)*\}"
                           r"|\(\s*\)|（\s*）")


def asked_parts(question: str | None) -> int:
    """How many ordered answers ``question`` asks for: its blanks ("the sum is ____ and the product is ____"), else
    its parts labelled in order, "(1) ... (2) ..." or "(a) ... (b) ..." (full-width brackets too); 0 when it asks
    for one answer or a list."""
    if not question:
        return 0
    blanks = len(_BLANK_MARK.findall(question))
    if blanks >= 2:
        return blanks
    labels = list(PART_LABEL.finditer(question))
    if len(labels) < 2 or labelled_run(labels) != labels:
        return 0
    if labels[0].group("label") == "a":
        # lettered items are parts only when each asks something ("(a) How many edges ...?"); else they are the
        # options of a multiple-choice question ("(a) 1 hr (b) 8 min")
        ends = [m.start() for m in labels[1:]] + [len(question)]
        asked_before = _ASKS_PART.search(question, 0, labels[0].start()) is not None
        found_before = _FIND_BEFORE.search(question, 0, labels[0].start()) is not None
        joined = len(labels) == 2 and re.search(r"\band\s*$", question[labels[0].end():labels[1].start()]) is not None
        if not all(_ASKS_PART.search(question, m.end(), end) for m, end in zip(labels, ends)) \
                and not (asked_before and all(re.match(r"\s*(?:the|when|for|if|at|in|modulo|mod)\s", question[m.end():end])
                                              for m, end in zip(labels, ends))) \
                and not (found_before and joined):
            return 0  # (but "Find (a) the number of divisors of 36 and (b) their sum.", "Find the remainder when
            # $2^{100}$ is divided by (a) 7 and (b) 5.": parts of what is asked)
    return len(labels)


def blanks_in_brackets(question: str | None) -> bool:
    """Are all of ``question``'s blanks inside one pair of brackets ("the vertex is $(\\_\\_\\_,\\ \\_\\_\\_)$"): one point
    asked, its coordinates the blanks?"""
    if not question or "(" not in question:
        return False
    group = _BLANK_TUPLE.search(question)
    return group is not None and not _BLANK_MARK.search(question[:group.start()] + question[group.end():])


# a command to find, before a question's two lettered items joined by "and" (not "Which ...?", whose items are options)
_FIND_BEFORE = lazy_compile(r"(?i)\b(?:find|compute|determine|evaluate|calculate)\b")
# what a part of a question does: asks ("?"), or tells what to find
_ASKS_PART = lazy_compile(r"[?？]|求|(?i:\b(?:find|determine|compute|calculate|evaluate|show|prove|express|give|state|"
                          r"what|how|which)\b)")


def _blanks(gold: str) -> bool:
    """Are the gold's parts the answers to numbered parts or blanks (the grading conventions: ordered, the k-th answers the
    k-th), not a list of solutions to one equation (unordered, rule 8)? Semicolons outside brackets, or "(1)"."""
    if not _BLANKS.search(gold):
        return False
    depth = 0
    for char in gold:
        depth += (char in "([{") - (char in ")]}")
        if depth == 0 and char in ";；":
            return True
    return "(1)" in gold or _LETTERED.match(gold) is not None


#: The steps, in order (documented in this module's docstring, which a test compares with it).
STEPS: tuple[Rule, ...] = (
    Rule("option", 10, _option),
    Rule("eigenvector", 15, _eigenvector),
    Rule("matrix", 20, _matrix),
    Rule("lattice", 23, _lattice),
    Rule("scope", 24, _scope),
    Rule("accepted", 25, _accepted),
    Rule("statements", 26, _statements),
    Rule("described", 27, _described),
    Rule("family", 28, _family),
    Rule("placeholders", 29, _placeholders),
    Rule("clean", 30, _clean),
    Rule("clock", 40, _clock),
    Rule("notation", 45, _notation),
    Rule("parameter", 47, _parameter),
    Rule("marks", 50, _marks),
    Rule("exact", 60, _exact),
    Rule("parts", 70, _parts),
    Rule("renamed", 74, _renamed),
    Rule("argument-range", 75, _argument_range),
    Rule("asked", 76, _asked),
    Rule("conventions", 78, _conventions),
    Rule("single", 80, _single),
    Rule("count", 90, _count),
    Rule("set", 100, _set),
)
_RUNS = in_order(STEPS)


def _equivalent(gold: str, pred: str, tolerance: float | Sequence[float | None] | None, kind: str | None,
                unit: str | None, question: str | None = None) -> Outcome:
    answers = _Answers(undoubled(gold), undoubled(pred), tolerance, kind, unit, question)
    if not question:
        return first_answer(_RUNS, answers)
    with question_context(question):  # a letter the question writes in both cases is two quantities
        return first_answer(_RUNS, answers)

_OPTION = lazy_compile(r"\s*\(?([A-J])\)?\s*")
_OPTION_WITH_TEXT = lazy_compile(r"\s*\(?([A-J])[.):]\s+\S.*", re.S)


def _option_letter(gold: str, pred: str) -> bool | None:
    """A bare option letter against that letter followed by the option's content ("C" / "C. x = 42"): the
    letters decide. None when neither side is such a pair."""
    for one, other in ((gold, pred), (pred, gold)):
        bare, full = _OPTION.fullmatch(one), _OPTION_WITH_TEXT.fullmatch(other)
        if bare and full:
            return bare.group(1) == full.group(1)
    return None


_CLOCK = lazy_compile(r"(\d{1,2}):([0-5]\d)(?::([0-5]\d))?\s*(?i:([ap])\.?\s*m\.?)?")
_CLOCK_WRAPPER = lazy_compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{([^{}]*)\}")


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
        other = tuple_parts(clean(pred if g else gold).text)
        if other is None or len(other) != len(entries):
            return False
        pairs = list(zip(other, entries)) if g is None else list(zip(entries, other))
        return all_equal([(clean(a), clean(b)) for a, b in pairs], tol)
    if not g[1] and not p[1]:
        a, b = g[0][0], p[0][0]
        if len(a) != len(b) or len(a[0]) != len(b[0]):
            return False
        return all_equal([(clean(x), clean(y)) for ra, rb in zip(a, b) for x, y in zip(ra, rb)], tol)
    try:
        ga, pa = _matrix_value(g), _matrix_value(p)
    except Unknown:
        return False
    if ga.shape != pa.shape:
        return False
    return all(_same_expression(x, y, tol) for x, y in zip(ga, pa))


def _matrix_value(found: tuple[list[list[list[str]]], list[str]]) -> Any:
    """The SymPy matrix an answer's matrices and operators compute (raises Unknown)."""
    import sympy

    try:
        with step_limit(SIMPLIFY_SECONDS):
            values = [sympy.Matrix([[parse(clean(cell).text) for cell in row] for row in table])
                      for table in found[0]]
            result = values[0]
            for op, value in zip(found[1], values[1:]):
                result = result + value if op == "+" else result - value if op == "-" else result * value
    except (StepTimeout, TypeError, ValueError, sympy.ShapeError) as exc:
        raise Unknown(f"matrix: {type(exc).__name__}") from None
    return result


def _same_expression(a: Any, b: Any, tol: float | None) -> bool:
    if not (a.free_symbols or b.free_symbols):
        return same_number(a, b, numeric(a), tol)
    return expressions_equal(a, b)[0]
