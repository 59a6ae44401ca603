"""Readings that need to know what was asked: one quantity under two names, and what the row's question asks for.

Each reading here only ever accepts (it answers ``True`` or leaves the pair to the other steps), under guards that
keep near misses wrong:

* :func:`renamed`: ``x(t) = E`` against ``h(t) = E'`` (one answer part each) compares ``E`` with ``E'`` when each
  side names one quantity (a single symbol, subscripts and primes allowed, a function of the same argument), both
  right sides are formulas in other quantities (``x = 3`` against ``y = 3`` may be another unknown's value) and
  neither name occurs in either right side (``y = 2x + 1`` against ``x = 2y + 1`` stays an equation, and so does
  ``x' = kx`` against ``x'' = kx``: what a derivative is of counts as its name), and two names on one letter
  that both carry a subscript or prime (``v_1``, ``v_2``) are two quantities of one family;
* :func:`eigenvector`: when the question asks for an eigenvector (eigenfunction, eigenstate, spinor), a vector
  equal to the gold times a nonzero number is the same eigenvector; when it asks for a normalised one, that number
  must have modulus 1 (a phase);
* :func:`fraction_of`: when the question asks what fraction (``how much of``, ``what fraction``, ``ratio of``) of a
  quantity, a bare number ``c`` states ``c`` times the gold's one quantity (``27/128`` for ``27 I_0/128``);
* :func:`in_units_of`: when the question asks for the answer in units of a quantity ("in units of the
  bolometric luminosity of the Sun", "as a multiple of"), a number times one symbol (``15625 L_{\\odot}``, the
  quantity's name) states that number;
* :func:`asked_value`: a gold ``Q = V`` whose left side is written in the question (``Find an expression for
  P_0(t) - \\bar{P}_0(t)``) is answered by ``V`` alone;
* :func:`in_asked_base`: when the question asks for the number in base ``b`` ("what number in base eight?"), a
  numeral written without its base against one written ``2516_8`` is in that base (the digits are the answer, and
  ``1358``, its value in base ten, has a digit base eight has not); without such a question, ``2516`` is the
  number two thousand five hundred and sixteen;
* :func:`stated_precision`: the precision the question states ("to 1 decimal place", "to the nearest tenth",
  "to three significant figures", "n \\times 10^x where n is to 2 decimal places") as an absolute tolerance (as
  OlympiadBench's ``error``): half a unit of the last place asked for (``13.056`` is ``13.1`` to 1 decimal place;
  ``13.0`` is not), when it is said of the answer (in parentheses, or in a sentence about the answer), not when
  rounding is the task ("Round 3.14159 to the nearest hundredth."); no stated precision, no tolerance;
* :func:`in_asked_unit`: the unit the question asks the answer in ("What is the field in Tesla?", "(in eV)") is a
  gold number's unit when the row gives none and the prediction's unit is a known one (``1 mT`` is ``1e-3`` asked
  in tesla, and not ``1``; ``3 s`` is no field: this one also rejects, a unit-carrying prediction against a bare
  gold being read at its scale and quantity); :func:`asked_letter_unit` reads a bare letter after a number as
  the unit when it is the one asked (``1e-8 F`` asked in farads).
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import chain
from typing import Any, Callable

from ...text.patterns import lazy_compile
from ..guard import StepTimeout, step_limit
from ..normalize import Item, clean
from ..units import read_unit, spelled_unit, unit_factor, unit_tail
from .tuples import split_top
from .values import SIMPLIFY_SECONDS, Unknown, parse

Compare = Callable[[Item, Item], tuple[bool, str]]

_ONE_NAME = lazy_compile(r"(?P<name>(?:\\[a-zA-Z]+|[A-Za-z])(?:\s*_\s*(?:\{[^{}=]{1,16}\}|[A-Za-z0-9]))?'*"
                         r"(?:\s*\^\s*\{\s*-\s*1\s*\})?)"  # an inverse: f^{-1}
                         r"\s*(?:\(\s*(?P<arg>[a-zA-Z])\s*\))?")
_NOT_NAMES = frozenset({"\\frac", "\\sqrt", "\\sin", "\\cos", "\\tan", "\\log", "\\ln", "\\exp", "\\infty", "\\pi"})


def _sides(text: str) -> tuple[str, str] | None:
    sides = split_top(text, "=")
    if len(sides) != 2 or not all(s.strip() for s in sides):
        return None
    return sides[0].strip(), sides[1].strip()


def _names(text: str) -> set[str] | None:
    """The symbol names an answer text uses (None when it does not parse)."""
    try:
        return {s.name for s in parse(text).free_symbols}
    except Unknown:
        return None


def _base(name: str) -> str:
    """The letter a name is built on: ``v`` of ``v_{term}`` and of ``v'``."""
    return re.split(r"[_']", name.strip(), maxsplit=1)[0].strip()


def _decorated(name: str) -> bool:
    return "_" in name or "'" in name


def _letter(name: str) -> re.Pattern:
    return re.compile(r"(?<![\\A-Za-z])%s(?![A-Za-z])" % re.escape(name))


def _bound_variable(g: Item, p: Item, gs: tuple[str, str], ps: tuple[str, str], gm: re.Match, pm: re.Match,
                    compare: Compare) -> tuple[bool, str] | None:
    """``f(x) = E`` against ``f(n) = E'`` (one function's name, each side's own variable): the function the same when
    ``E'`` with ``n`` written ``x`` is ``E`` (``f(n) = n^2`` is ``f(x) = x^2``); None for two names (``x(t)``,
    ``h(s)``), or when the gold's letter is already in ``E'``."""
    if re.sub(r"[\s{}]", "", gm.group("name")) != re.sub(r"[\s{}]", "", pm.group("name")):
        return None
    g_arg, p_arg = gm.group("arg"), pm.group("arg")
    if _letter(g_arg).search(ps[1]) or _letter(p_arg).search(gs[1]):
        return None  # "f(y) = x^2": x is no variable of f here
    right = _letter(p_arg).sub(g_arg, ps[1])
    ok, how = compare(Item(gs[1], g.percent, g.degree, g.unit), Item(right, p.percent, p.degree, p.unit))
    return (True, f"renamed:{how}") if ok else None


def renamed(g: Item, p: Item, compare: Compare) -> tuple[bool, str] | None:
    """``name = E`` against ``other = E'``: the right sides compared when each names one quantity (see above)."""
    if "=" not in g.text or "=" not in p.text:
        return None
    gs, ps = _sides(g.text), _sides(p.text)
    if gs is None or ps is None:
        return None
    gm, pm = _ONE_NAME.fullmatch(gs[0]), _ONE_NAME.fullmatch(ps[0])
    if gm is None or pm is None or gm.group("name").split("_")[0] in _NOT_NAMES or \
            pm.group("name").split("_")[0] in _NOT_NAMES:
        return None
    if ("^" in gm.group("name")) != ("^" in pm.group("name")):
        return None  # f^{-1} and f: a function and its inverse, never one quantity under two names
    if gm.group("arg") and pm.group("arg") and gm.group("arg") != pm.group("arg"):
        # f(x) = x^2 against f(n) = n^2: one function, its variable a dummy; x(t) and h(s): functions of two
        return _bound_variable(g, p, gs, ps, gm, pm, compare)
    if re.sub(r"[\s{}]", "", gm.group("name")) == re.sub(r"[\s{}]", "", pm.group("name")):
        return None  # the same name: the equation rules decide
    g_base, p_base = (_base(m.group("name")) for m in (gm, pm))
    if g_base == p_base and _decorated(gm.group("name")) and _decorated(pm.group("name")):
        return None  # v_1 and v_2, x' and x'': two quantities of one family, not one under two names
    label_names = [_names(gm.group("name")), _names(pm.group("name")), _names(g_base), _names(p_base)]
    right_names = [_names(gs[1]), _names(ps[1])]
    if None in label_names or None in right_names:
        return None
    used = right_names[0] | right_names[1]
    if not (right_names[0] and right_names[1]):
        return None  # "x = 3" against "y = 3": a value of another unknown, not one formula under two names
    if any(name in used for names in label_names for name in names):
        return None  # a name (or its letter: what a derivative is of) on the right: an equation in it, not a value
    ok, how = compare(Item(gs[1], g.percent, g.degree, g.unit), Item(ps[1], p.percent, p.degree, p.unit))
    return (True, f"renamed:{how}") if ok else None


# ---- what the question asks ---------------------------------------------------------------------------------------

_EIGEN = lazy_compile(r"(?i)eigen\s*-?\s*(?:vector|function|state|spinor|ket)|\bspinor")
_NORMALISED = lazy_compile(r"(?i)normali[sz]ed|\bunit\b")
_MATRIX = lazy_compile(r"(?P<scalar>.*?)\\begin\s*\{(?P<env>[pbvB]?matrix)\}(?P<body>.*?)\\end\s*\{(?P=env)\}\s*", re.S)
_BRACKETS = lazy_compile(r"\\left|\\right|[()\[\]]")


def _vector(text: str) -> list[Any] | None:
    """A column or row vector (an optional factor before one matrix; a label before it dropped) as SymPy numbers,
    ``i`` the imaginary unit; None for anything else (symbols included)."""
    import sympy

    sides = _sides(text) if "=" in text else None
    if sides is not None:
        text = sides[1]
    m = _MATRIX.fullmatch(text.strip().strip("$"))
    if m is None:
        return None
    rows = [row.split("&") for row in re.split(r"\\\\", m.group("body")) if row.strip()]
    if not rows or not (len(rows) == 1 or all(len(r) == 1 for r in rows)):
        return None
    entries = [cell.strip() for row in rows for cell in row]
    scalar = re.sub(r"\\(?:cdot|times)\s*$", "", _BRACKETS.sub("", m.group("scalar")).strip()).strip()
    try:
        factor = parse(clean(scalar).text) if scalar else sympy.Integer(1)
        values = [parse(clean(e).text) for e in entries]
    except Unknown:
        return None
    out = []
    for value in values:
        names = {s.name for s in value.free_symbols}
        if names - {"i"} or factor.free_symbols:
            return None
        out.append(factor * value.xreplace({s: sympy.I for s in value.free_symbols}))
    return out


def eigenvector(gold: str, pred: str, question: str | None) -> tuple[bool, str] | None:
    """The prediction is the gold eigenvector times a nonzero number (modulus 1 when a normalised one is asked)."""
    if not question or "\\begin" not in pred or not _EIGEN.search(question):
        return None
    gv, pv = _vector(gold), _vector(pred)
    if gv is None or pv is None or len(gv) != len(pv):
        return None
    try:
        with step_limit(SIMPLIFY_SECONDS):
            same = _proportional_vectors(gv, pv, bool(_NORMALISED.search(question)))
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
        return None
    return (True, "eigenvector") if same else None


# a question asking for a basis: "Find a basis for the null space of $A$", "a basis of the column space", 一组基
_BASIS = lazy_compile(r"(?i)\ba\s+basis\b|\bbasis\s+(?:for|of)\b|一组基|一个基|基底")
# one vector of a list: a bracketed tuple, maybe transposed, or a column matrix
_LISTED_VECTOR = lazy_compile(r"\((?P<tuple>[^()]{1,120})\)\s*(?:\^\s*\{?\s*(?:T|\\top|\\intercal)\s*\}?)?|"
                              r"(?P<matrix>\\begin\{[pb]matrix\}.{1,200}?\\end\{[pb]matrix\})", re.S)


# a vector's name before it: "\\mathbf v_1 =", "\\vec{u}_2=", "v_1 ="
_VECTOR_LABEL = lazy_compile(r"(?:\\(?:mathbf|vec|boldsymbol)\s*\{?\s*[a-z]\s*\}?|(?<![A-Za-z\\])[a-z])\s*(?:_\s*\{?\s*\d\s*\}?)?\s*=")


def _vectors(text: str) -> list[list[Any]] | None:
    """The vectors a list writes (``\\{(1,-1,0)^T,\\ (1,0,-1)^T\\}``, two column matrices side by side), as SymPy
    numbers; None when anything else is there or a vector does not parse."""
    found = list(_LISTED_VECTOR.finditer(text))
    rest = _VECTOR_LABEL.sub(" ", _LISTED_VECTOR.sub(" ", text))  # ("$\\mathbf v_1=(1,0,-1),\\qquad \\mathbf v_2=...$")
    if len(found) < 2 or re.search(r"[A-Za-z0-9]", re.sub(r"\\(?:quad|qquad|left|right|[{}]|text\s*\{\s*and\s*\}|,|;| )|and|"
                                                         r"span|\\operatorname\{span\}|\\mathrm\{span\}", " ", rest)):
        return None
    out = []
    for m in found:
        vector = _vector(m.group("matrix")) if m.group("matrix") else _vector(
            "\\begin{pmatrix}" + "\\\\".join(m.group("tuple").split(",")) + "\\end{pmatrix}")
        if vector is None:
            return None
        out.append(vector)
    return out if len({len(v) for v in out}) == 1 else None


def same_basis(gold: str, pred: str, question: str | None) -> tuple[bool, str] | None:
    """When the question asks for a basis, a list of vectors spanning the same space with as many vectors as the gold's
    independent ones is right: any basis of the space is one ("(-1,1,0), (-1,0,1)" for "(1,-1,0), (1,0,-1)"). None
    when the question asks no basis or either answer is no list of numeric vectors of one length."""
    if not question or not _BASIS.search(question):
        return None
    gv, pv = _vectors(gold), _vectors(pred)
    if gv is None or pv is None or len(gv[0]) != len(pv[0]):
        return None
    import sympy

    g, p = sympy.Matrix(gv).T, sympy.Matrix(pv).T
    rank = g.rank()
    same = rank == len(gv) == len(pv) == p.rank() == g.row_join(p).rank()
    return (True, "basis") if same else (False, "basis")


def _proportional_vectors(gv: list[Any], pv: list[Any], unit: bool) -> bool:
    """``pv`` is ``c * gv`` for a nonzero number ``c`` (of modulus 1 when ``unit``)."""
    import sympy

    k = next((j for j, x in enumerate(gv) if sympy.simplify(x) != 0), None)
    if k is None:
        return False
    c = sympy.simplify(pv[k] / gv[k])
    if c == 0 or not c.is_finite or any(sympy.simplify(b - c * a) != 0 for a, b in zip(gv, pv)):
        return False
    return not unit or sympy.simplify(sympy.Abs(c) - 1) == 0


_FRACTION = lazy_compile(r"(?i)\bhow\s+much\s+of\b|\bwhat\s+(?:fraction|part|proportion)\b|\bfraction\s+of\b|"
                         r"\bratio\s+of\b")


def _number_times_quantity(number: Item, times: Item) -> bool:
    """Is ``times`` the number ``number`` times one quantity (``27 I_0/128`` and ``27/128``)? A variable (``x``,
    ``n``), a sum or a power of the quantity is no such multiple."""
    if "=" in number.text or "=" in times.text:
        return False
    try:
        ne, te = parse(number.text), parse(times.text)
    except Unknown:
        return False
    if ne.free_symbols or len(te.free_symbols) != 1:
        return False
    import sympy

    (quantity,) = te.free_symbols
    if quantity.name in ("i", "e", "x", "n"):
        return False  # a variable, not a quantity
    try:
        with step_limit(SIMPLIFY_SECONDS):
            c = sympy.simplify(te / quantity)
            return bool(not c.free_symbols and c != 0 and sympy.simplify(ne - c) == 0)
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
        return False


def fraction_of(g: Item, p: Item, question: str | None) -> tuple[bool, str] | None:
    """A bare number ``c`` against a gold ``c Q`` (one quantity ``Q``) when the question asks what fraction of it."""
    if not question or not _FRACTION.search(question):
        return None
    return (True, "fraction-of") if _number_times_quantity(p, g) else None


_UNITS_OF = lazy_compile(r"(?i)\bin\s+units\s+of\b|\bas\s+a\s+multiple\s+of\b")


def in_units_of(g: Item, p: Item, question: str | None) -> tuple[bool, str] | None:
    """A gold number ``c`` against ``c Q`` (one quantity ``Q``, not a variable) when the question asks for the
    answer in units of a quantity."""
    if not question or not _UNITS_OF.search(question):
        return None
    return (True, "in-units-of") if _number_times_quantity(g, p) else None


_KEY = lazy_compile(r"\s+|\\left|\\right|[{}$]|\\[,;:! ]")


def asked_value(g: Item, p: Item, question: str | None, compare: Compare) -> tuple[bool, str] | None:
    """A gold ``Q = V`` with ``Q`` written in the question, against a bare value: ``V`` against it; and the mirror,
    a prediction that restates the asked quantity before its value (``(2\\vec{a}+\\vec{b})\\cdot\\vec{b}=11``
    for the question's blank ``(2\\vec{a}+\\vec{b}) \\cdot \\vec{b}=``) against a bare gold."""
    if not question or ("=" in g.text) == ("=" in p.text):
        return None
    stated, bare = (g, p) if "=" in g.text else (p, g)
    sides = _sides(stated.text)
    if sides is None or not re.search(r"[A-Za-z]", sides[0]) or sides[1].strip() == "0":
        return None  # "x^2 - 5x + 6 = 0" is an equation to state, not the value of its left side
    asked = _KEY.sub("", sides[0])
    key = _KEY.sub("", question)
    if len(asked) < 2 or asked not in key:
        return None
    if stated is p and re.search(re.escape(asked) + r"=[\w\\(-]", key):
        return None  # the question gives that quantity's value ("f(2)=5"): restating it answers nothing
    value = Item(sides[1], stated.percent, stated.degree, stated.unit)
    ok, how = compare(value, bare) if stated is g else compare(bare, value)
    return (True, f"asked:{how}") if ok else None


_BASE_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
               "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16}
_ASKED_BASE = lazy_compile(r"(?i)\b(?:in|to|into)\s+base[-\s]*\$?\s*(?:\{\s*)?(\d{1,2}|%s)\b" % "|".join(_BASE_WORDS))
# "in binary", "to hexadecimal", "into octal": a base by its name
_BASE_NAMES = {"binary": 2, "ternary": 3, "octal": 8, "hexadecimal": 16, "hex": 16}
_ASKED_BASE_NAME = lazy_compile(r"(?i)\b(?:in|to|into)\s+(binary|ternary|octal|hexadecimal|hex)\b")
_WITH_BASE = lazy_compile(r"([0-9A-F]+)\s*_\s*\{?\s*(\d{1,2})\s*\}?")
_BARE_NUMERAL = lazy_compile(r"[0-9A-F]+")


def asked_base(question: str | None) -> int | None:
    """The base the question asks its answer in ("in base eight", "to base $8$", "in binary"); None when it names no
    such base or several."""
    low = question.lower() if question else ""
    if "base" not in low and "ary" not in low and "hex" not in low and "octal" not in low:
        return None
    bases = {int(b) if b.isdigit() else _BASE_WORDS[b.lower()] for b in _ASKED_BASE.findall(question)}
    bases |= {_BASE_NAMES[name.lower()] for name in _ASKED_BASE_NAME.findall(question)}
    return bases.pop() if len(bases) == 1 and 2 <= min(bases) <= 16 else None


def in_asked_base(gold: str, pred: str, question: str | None) -> tuple[str, str]:
    """``(gold, pred)`` with a bare numeral written in the base the question asks (``2516`` -> ``2516_{8}``) when
    the other answer writes its numeral in that base; unchanged otherwise."""
    base = asked_base(question)
    if base is None:
        return gold, pred
    out = [gold, pred]
    for k in (0, 1):
        written, bare = _WITH_BASE.fullmatch(out[1 - k].strip()), _BARE_NUMERAL.fullmatch(out[k].strip())
        if written and bare and int(written.group(2)) == base and \
                (k == 1 or all(int(digit, 16) < base for digit in out[k].strip())):
            # (a predicted "1358" for base eight has a digit the base has not: no numeral in it, so wrong; a gold
            # written so is taken as its value)
            out[k] = f"{out[k].strip()}_{{{base}}}"
    return out[0], out[1]


_COUNT_WORDS = {"one": 1, "a single": 1, "single": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT = r"(\d|one|a\s+single|single|two|three|four|five|six)"
_PLACES = lazy_compile(r"(?i)\b%s\s+decimal\s+places?\b" % _COUNT)
_FIGURES = lazy_compile(r"(?i)\b%s\s+significant\s+(?:figures?|digits?)\b" % _COUNT)
_NEAREST = lazy_compile(r"(?i)\bnearest\s+(tenth|hundredth|thousandth|whole\s+number|integer|ten|hundred|thousand)\b")
_NEAREST_PLACES = {"tenth": 1, "hundredth": 2, "thousandth": 3, "integer": 0, "ten": -1, "hundred": -2,
                   "thousand": -3}
# "format your answer as n \times 10^x where n is to 2 decimal places": the places are the mantissa's
_MANTISSA = lazy_compile(r"(?i)\bn\s*\$?\s*(?:is|to)\b[^.]{0,20}?decimal\s+place")
_SCIENTIFIC_GOLD = lazy_compile(r"\s*[-+]?\d+(?:\.\d+)?\s*(?:\\times|×)\s*10\s*\^\s*\{?\s*[-−]?\d+\s*\}?\s*")
_PLAIN_FLOAT = lazy_compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


# an absolute tolerance stated for the answer: "(to within $0.01$ s)", "answer to within 0.001 nm", "within ±0.1",
# "(Answers within $0.01$ s of the reference value are accepted.)"
_WITHIN = lazy_compile(r"(?i)\b(?:to\s+within\s+(?:\$\s*)?(?:±|\\pm\s*)?|within\s+(?:\$\s*)?(?:±|\\pm\s*)|"
                       r"(?<=answers\s)within\s+(?:\$\s*)?(?:±|\\pm\s*)?)"
                       r"(?P<value>\d+(?:\.\d+)?+)(?![\d.])(?:\s*(?:\\times|×)\s*10\s*\^\s*\{?(?P<power>[-−]?\d+)\}?)?\s*\$?"
                       r"(?:[ \t~]|\\[,; ])*(?P<unit>(?:\\(?:mathrm|text)\s*\{[^{}]{1,12}\}|[A-Za-zÅμ°%][A-Za-z/^{}\-\d]{0,10}))?"
                       r"(?=\s*(?:[).,;]|$)|\s+(?:are|is|will\s+be)\s+(?:accepted|acceptable|correct|fine)\b"
                       r"|\s+of\s+the\s+(?:reference|correct|true|exact|expected)\s+(?:value|answer)\s+(?:are|is|will\s+be)\s+"
                       r"(?:accepted|acceptable|correct|fine)\b)")
# the tolerance closing its clause: not "10%", "1 part in", "50 km of accuracy"; "within ±0.02×10^30 kg are accepted"


_ASKING = lazy_compile(r"(?i)\b(?:find|compute|calculate|determine|estimate|what|how|give|express|answer|answers|accepted)\b")


def _sentence_at(question: str, at: int) -> str:
    """The sentence of ``question`` holding position ``at``."""
    ends = [m.end() for m in _SENTENCE_END.finditer(question, 0, at)]
    stop = _SENTENCE_END.search(question, at)
    return question[ends[-1] if ends else 0:stop.end() if stop else len(question)]


def _asked_in(stated: str, question: str) -> bool:
    """Does ``question`` ask its answer in the unit ``stated``: :func:`asked_unit` names it, or the question says "in"
    and the unit's name in words in any sentence ("Taking $g = 9.8$, find its period in seconds.")?"""
    stated = re.sub(r"\\(?:mathrm|text)\s*\{([^{}]*)\}", r"\1", stated).strip()
    asked = asked_unit(question)
    if asked:
        return unit_factor(stated, asked) == 1
    for named in _IN_WORDS.finditer(question):
        unit = spelled_unit(named.group("word"))
        if unit and unit_factor(stated, unit) == 1:
            return True
    return False


# a unit asked in words: "in seconds", "in units of metres"
_IN_WORDS = lazy_compile(r"(?i)\bin\s+(?:units\s+of\s+)?(?P<word>[a-z]{4,}(?:\s+per\s+[a-z]+)?)\b")


def stated_tolerance(question: str | None, gold: str, unit: str | None = None) -> float | None:
    """The absolute tolerance the question states for its answer ("to within $0.01$ s"), in the gold's unit (the
    row's ``unit``, else the gold's own): a tolerance in another unit of the same quantity is converted ("within 1
    mm" for a gold in m is 0.001); one in a unit of another quantity, or the gold not one number, gives None. Only in
    an instruction about the answer (:func:`about_the_answer`), and only one."""
    if not question or "within" not in question.lower():
        return None
    g = clean(gold)
    if g.percent or _PLAIN_FLOAT.fullmatch(g.text.replace(",", "")) is None \
            and _SCIENTIFIC_GOLD.fullmatch(g.text) is None:
        return None
    target = unit or g.unit
    found: set[float] = set()
    for m in _WITHIN.finditer(question):
        in_brackets = question.rfind("(", 0, m.start()) > question.rfind(")", 0, m.start())
        if not (in_brackets or _ASKING.search(_sentence_at(question, m.start()))):
            continue  # ("Each reading is accurate to within 0.5.": how the data was measured, not the answer)
        value = float(m.group("value")) * 10.0 ** int((m.group("power") or "0").replace("−", "-"))
        stated = m.group("unit")
        if stated and (stated.startswith("%") or re.match(r"(?i)(?:percent|per|parts?|orders?|decimal|significant|sig)", stated)):
            return None  # a relative tolerance, or a precision in places: not an absolute one
        if stated and not target and not _asked_in(stated, question):
            return None  # (a gold without a unit is in the unit the tolerance is stated in only when the question asks
            # the answer in it: "find its period in seconds. (Answers within $0.01$ s of the reference value ...)")
        if stated and target and read_unit(re.sub(r"\\(?:mathrm|text)\s*\{([^{}]*)\}", r"\1", stated).strip(), context=True):
            factor = unit_factor(re.sub(r"\\(?:mathrm|text)\s*\{([^{}]*)\}", r"\1", stated).strip(), target)
            if not isinstance(factor, Fraction):
                return None  # a tolerance in a unit not the gold's quantity, or the gold's unit unknown
            value *= float(factor)
        found.add(value)
    if len(found) != 1:
        return None
    return found.pop() * (1 + 1e-9)


def _count(word: str) -> int:
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else _COUNT_WORDS[word]


# a sentence that tells how to write the answer ("Round your answer to ...", "Express it to ...", "correct to ...")
_ANSWER_WORDS = lazy_compile(r"(?i)\banswers?\b|\bexpress|\bgive\b|\breport|\b(?:correct|accurate)\s+to\b")
_SENTENCE_END = lazy_compile(r"[.?!](?=\s|$)")


def about_the_answer(question: str, at: int) -> bool:
    """Is the precision stated at ``at`` an instruction for the answer: in parentheses ("in volts (to 1 decimal
    place)") or in a sentence about the answer ("Round your answer to the nearest tenth.")? A precision that is the
    task itself ("Round 3.14159 to the nearest hundredth.", "What is 7.07 rounded to the nearest integer?") is not:
    the unrounded number does not answer it."""
    if question.rfind("(", 0, at) > question.rfind(")", 0, at):
        return True
    ends = [m.end() for m in _SENTENCE_END.finditer(question, 0, at)]
    start = ends[-1] if ends else 0
    stop = _SENTENCE_END.search(question, at)
    return bool(_ANSWER_WORDS.search(question, start, stop.end() if stop else len(question)))


def stated_precision(question: str | None, gold: str) -> float | None:
    """The absolute tolerance the question's stated precision gives a one-number gold (see the module docstring);
    None when the question states none, states two different ones, or the gold is not one plain number."""
    if not question or not any(w in question for w in ("decimal", "significant", "nearest")):
        return None
    value = _PLAIN_FLOAT.fullmatch(clean(gold).text.replace(",", ""))
    if value is None:
        return None
    size = abs(float(value.group()))
    magnitude = math.floor(math.log10(size)) if size else 0
    steps: set[float] = set()
    for m in _PLACES.finditer(question):
        if about_the_answer(question, m.start()):
            scale = 10.0 ** magnitude if _MANTISSA.search(question) else 1.0
            steps.add(scale * 10.0 ** -_count(m.group(1)))
    for m in _FIGURES.finditer(question):
        if size and about_the_answer(question, m.start()):
            steps.add(10.0 ** (magnitude - _count(m.group(1)) + 1))
    for m in _NEAREST.finditer(question):
        if about_the_answer(question, m.start()):
            word = " ".join(m.group(1).lower().split())
            steps.add(10.0 ** -_NEAREST_PLACES.get(word, 0))
    if len(steps) != 1:
        return None
    return steps.pop() / 2 * (1 + 1e-9)  # half a unit of the last place (a hair over: 13.15 - 13.1 in binary)


# "in eV", "(in pc)", "in Farads", "in $\mathrm{cm}^{-1}$", "in units of kg m/s", "in meters per second": the unit
# named after "in", up to a comma, a full stop, a bracket or a conjunction
_IN_UNIT = lazy_compile(r"\bin\s+(?:units\s+of\s+)?(?P<unit>\$[^$]{1,40}\$|[A-Za-zÅμµ\\][^,.;:?!()$\n]{0,30}?)"
                        r"(?=\s*(?:[,.;:?!()]|\s(?:and|to|with|for|rounded|if|when|at|of|as)\b|$))", re.M)
# "by how many centimetres", "How many minutes ...", "how many kilometres per hour": the unit counted
_HOW_MANY_UNITS = lazy_compile(r"(?i)\bhow\s+many\s+(?P<unit>[a-z]+(?:\s+per\s+[a-z]+)?)\b")
_SENTENCE_ASKS = lazy_compile(r"(?i)\s*(?:what|how|find|calculate|compute|determine|estimate|give|express|"
                              r"report|evaluate)\b")


def asked_unit(question: str | None) -> str | None:
    """The unit the question asks the answer in ("What is the distance in parsecs?", "Give your answer in Farads.",
    "(in eV, to 2 decimal places)"): named after "in" in a clause about the answer (in parentheses, in a question,
    or in a sentence that asks or tells how to give the answer), one unit however often named; None when there is
    none, or two different ones. A bare letter ("in A", "in s") names a set or a quantity as often as a unit:
    it counts only set upright or in math (``in $\\mathrm{s}$``)."""
    if not question or ("in " not in question and "many" not in question):
        return None
    found: set[str] = set()
    for m in chain(_IN_UNIT.finditer(question), _HOW_MANY_UNITS.finditer(question)):
        text = m.group("unit").strip()
        if len(text) == 1:
            continue
        bare = text.strip("$").strip()
        tail = (None, bare) if read_unit(bare) is not None else unit_tail("1 " + bare)
        if tail is None or (tail[0] or "1").strip() != "1" or not _asks_here(question, m.start()):
            continue
        found.add(tail[1])
    units = sorted(found)
    if not units or any(unit_factor(u, units[0]) != 1 for u in units[1:]):
        return None
    return units[0]


def _asks_here(question: str, at: int) -> bool:
    """Is the clause at ``at`` about the answer: in parentheses, in a sentence ending in a question mark, or in one
    that asks or says how to give the answer?"""
    if about_the_answer(question, at):
        return True
    ends = [m.end() for m in _SENTENCE_END.finditer(question, 0, at)]
    start = ends[-1] if ends else 0
    stop = _SENTENCE_END.search(question, at)
    return bool(stop and stop.group() == "?" or _SENTENCE_ASKS.match(question, start))


def in_asked_unit(g: Item, p: Item, question: str | None) -> Item:
    """The gold ``g`` with the unit the question asks (:func:`asked_unit`) when it has none and the prediction's
    unit is a known one: converted into it (``1\\ \\text{mT}`` for a gold ``1e-3`` asked in tesla is 1e-3 T;
    ``1\\ \\text{mT}`` for a gold ``1`` is not), or of another quantity (``10^{-8}`` henries asked in farads:
    wrong, the grading conventions); an unknown unit leaves ``g`` as it is."""
    if g.unit or not p.unit or not question:
        return g
    asked = asked_unit(question)
    if asked is None or unit_factor(p.unit, asked) is None:
        return g
    return Item(g.text, g.percent, g.degree, asked)


_BARE_LETTER = lazy_compile(r"(?P<value>.*?\S)\s+(?P<unit>[A-Za-z])")


def asked_letter_unit(p: Item, question: str | None) -> Item:
    """``p`` with a bare letter after its number read as its unit when that letter is the unit the question asks
    ("Give your answer in Farads": ``1e-8 F``); a letter after a number is otherwise more often a quantity
    (``2 F``, a multiple of a force)."""
    if p.unit or not question or len(p.text) > 60:
        return p
    m = _BARE_LETTER.fullmatch(p.text)
    if m is None or not _NUMBER_ONLY.fullmatch(m.group("value")) or asked_unit(question) != m.group("unit"):
        return p
    return Item(m.group("value"), p.percent, p.degree, m.group("unit"))


# a number, maybe in scientific notation: "1e-8", "1 \times 10^{-8}", "10^{-8}", "2.5"
_NUMBER_ONLY = lazy_compile(r"-?(?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?:\s*(?:\\times|\\cdot)\s*10\s*\^\s*\{?-?\d+\}?)?"
                            r"|10\s*\^\s*\{?-?\d+\}?)")
