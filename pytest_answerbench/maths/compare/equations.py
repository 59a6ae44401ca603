"""Labels and equations: what names a quantity rather than computes one (``x``, ``f(x)``, ``\\angle ABC``), two
equations with the same solution set (proportional standard forms), ratios ``a:b`` and a decimal that is a
correct rounding of an exact value."""

from __future__ import annotations

import re

from ...text.patterns import lazy_compile
from ..extract import dollar_formulas, formula_key
from ..guard import StepTimeout, step_limit
from ..normalize import Item
from ..parse import E_NOTATION
from ..poly import constant_ratio
from .aliases import aligned, asked_question
from .marks import with_marks
from .values import SIMPLIFY_SECONDS, Unknown, close, numeric, parse


def symbolic(text: str) -> bool:
    """Letters outside LaTeX commands (``2mg``, ``x + 1``): an expression in quantities, not a number.

    ``x = 3`` states a number (only the value after a label counts, the last of a chain ``f = c/\\lambda = 5``, the one
    after ``\\approx``); so does ``1e-8``, a number in e-notation (the parser reads it as ``1 \\times 10^{-8}``, not as
    a product with Euler's ``e``).
    """
    sides = text.split("=")
    one_part = "," not in text and ";" not in text  # (not a list of parts "x = 1, y = 2")
    labelled = len(sides) > 1 and (is_label(sides[0]) or len(sides) >= 3 and given_restated(sides[0]))
    # ("0.101_2 = \tfrac12 + \tfrac18 = 0.625": the number the question gives, restated, then a chain to its value)
    if labelled and (len(sides) == 2 or one_part):
        text = sides[-1]  # "f = \\frac{c}{\\lambda} = 5\\times10^{14}": a chain states its last value
    if "\\approx" in text and one_part and (labelled or len(sides) == 1):
        text = text.rsplit("\\approx", 1)[-1]  # "v = \\sqrt{2GM/R} \\approx 1.12\\times10^4": the value
    if "e" in text or "E" in text:
        text = E_NOTATION.sub(" ", text)
    return bool(re.search(r"[A-Za-z]", re.sub(r"\\[a-zA-Z]+", "", text)))


def given_restated(side: str) -> bool:
    """Is ``side`` (the first side of a chain ``side = ... = value``) a number the row's question writes as one of its
    formulas, whole ("$0.101_2$", "$2^{10}$"): the given restated, then computed?"""
    if not re.search(r"\d", side):
        return False
    question = asked_question()
    if not question or "$" not in question:
        return False
    key = formula_key(side)
    return len(key) >= 2 and key in dollar_formulas(question)


_SUB = r"(?:\s*_\s*(?:\{[^{}=]*\}|\\?[A-Za-z0-9]+))?"
_NAME = r"(?:\\[a-zA-Z]+|[A-Za-z])%s(?:(?:'|\^\s*\{?\\prime\}?)*(?:\([^()=]*\)%s)?|\^\s*\{\s*-\s*1\s*\}\([^()=]*\))" % (_SUB, _SUB)
# (an inverse function applied, "f^{-1}(x)", names its value as "f(x)" does; a bare power "x^{-1}" is no name)
_LABEL = lazy_compile(r"(?:(?:m\s*)?(?:\\angle|\\measuredangle|∠)\s*)?(?:%s\s*){1,4}" % _NAME)
_LABEL_WRAP = lazy_compile(r"\|(.*)\||\\(?:overline|vec|overrightarrow|hat|mathbf|bar)\s*\{([^{}]*)\}")
_LABEL_RATIO = lazy_compile(r"([^:]+):([^:]+)|\\frac\s*\{([^{}]+)\}\s*\{([^{}]+)\}|([^/:{}|]+)/(\|[^/:{}|]+\|)")
_WORD_LABEL = lazy_compile(r"\\(?:text|mathrm|textrm|operatorname)\s*\{\s*[A-Za-z][A-Za-z ]{1,19}\}|(?i:domain|range|area|volume|"
                           r"perimeter|answer|solution|result|total|sum|product|length|distance|probability|maximum|"
                           r"minimum|value)")
_NOT_LABELS = {"\\frac", "\\sqrt", "\\binom", "\\infty", "\\cdot", "\\times", "\\pi", "\\sum", "\\int"}


def is_label(text: str) -> bool:
    """Does ``text`` name a quantity rather than compute one? ``x``, ``f(x)``, ``\\theta_c``, ``\\angle ABC``,
    ``v_0'``, ``|AB|``, ``(x, y)``, ``P(A)``, ``\\sin\\theta`` are labels; ``2x + 1`` and ``\\frac{1}{2}`` are not.

    ``label = value`` states the value: the gold's value is compared with its right-hand side.
    """
    t = text.strip()
    if not t or len(t) > 40:
        return False
    if _WORD_LABEL.fullmatch(t):
        # "\\text{Domain} = [2, \\infty)", "Area = 12": a quantity named in words, the one the question asks
        word = re.sub(r"\\[a-zA-Z]+\s*\{|\}", "", t).strip().lower()
        question = asked_question()
        return bool(question) and len(word) >= 3 and re.search(r"(?i)\b%s" % re.escape(word), question) is not None
    wrapped = _LABEL_WRAP.fullmatch(t)
    if wrapped:
        t = (wrapped.group(1) or wrapped.group(2) or "").strip()
    if t.startswith("(") and t.endswith(")") and "," in t:
        return all(is_label(part) for part in t[1:-1].split(","))
    ratio = _LABEL_RATIO.fullmatch(t)
    if ratio:  # "V_1 : V_2", "\frac{NO}{BO}", "S_{MBCN}:S", "v/|v|" (a vector over its length): named quantities
        return all(is_label(part) for part in ratio.groups() if part is not None)
    if _REST_ENERGY.fullmatch(t):
        return True  # "m_ec^2 = 0.511 MeV": a rest energy names a quantity, whatever its power of c
    unsubscripted = _SUBSCRIPT.sub("", t)  # ("S_\\infty", "a_{\\infty}": a name indexed by infinity)
    return bool(_LABEL.fullmatch(t)) and not any(cmd in unsubscripted for cmd in _NOT_LABELS)


_SUBSCRIPT = lazy_compile(r"_\s*(?:\{[^{}]*\}|\\?[A-Za-z0-9]+)")


def names_asked_formula(text: str) -> bool:
    """Is ``text`` a formula with letters the row's question writes whole between dollars ("Find $u - w$ as a
    vector": ``u - w = \\begin{pmatrix} ... \\end{pmatrix}``), and gives no value? It names what is asked, as a label
    does: the value after it is the answer."""
    question = asked_question()
    if not question or "$" not in question or not re.search(r"[A-Za-z]", text) or len(text) > 40:
        return False
    key, written = formula_key(text), dollar_formulas(question)
    # (not one the question gives a value: "Given $a+b=7$, find $a+b$ squared ...")
    return key in written and not any(f.startswith(key + "=") or f.endswith("=" + key) for f in written)


# a rest energy written as its formula: "mc^2", "m_ec^2", "m_{p} c^{2}", "Mc^2"
_REST_ENERGY = lazy_compile(r"[mM](?:_\{?[a-zA-Z0-9]{1,3}\}?)?\s*c\s*\^\s*\{?\s*2\s*\}?")


FUNCTION_VALUE = lazy_compile(r"\s*[a-zA-Z]\s*\(\s*[a-z]\s*\)\s*")


def same_label(a: str, b: str) -> bool:
    return re.sub(r"[\s{}]", "", a) == re.sub(r"[\s{}]", "", b)


_ARGUMENT = lazy_compile(r"\((?:[a-z]|\\[a-z]+)(?:,(?:[a-z]|\\[a-z]+)){0,3}\)$")  # "(t)", "(x,y)", "(\\rho)"


def same_quantity(a: str, b: str) -> bool:
    """Two labels naming one quantity: the same name, one of them (or both) written as a function of its variables
    (``x(t)`` and ``x``, ``F(x)`` and ``F``, ``\\psi(x)`` and ``\\psi``, ``\\sigma(x, y)`` and ``\\sigma``)."""
    a, b = re.sub(r"[\s{}]", "", a), re.sub(r"[\s{}]", "", b)
    if a == b:
        return True
    a_bare, b_bare = _ARGUMENT.sub("", a), _ARGUMENT.sub("", b)
    return a_bare == b_bare and (a_bare != a or b_bare != b) and a_bare != "" and \
        (a_bare == a or b_bare == b)  # one side bare: x(t) and x(s) stay two functions' values


_STATED_DIGITS = lazy_compile(r"\s*+(?P<m>-?\d+(?:\.(?P<d>\d+))?)(?:\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*(?:\{\s*(?P<e>-?\d+)\s*\}|(?P<e1>-?\d)))?\s*")


def stated_to_its_digits(value_text: str, exact: Item) -> bool | None:
    """Is the number ``value_text`` (``3.65\\times10^{-18}``, ``3.142``) the value of ``exact`` to its own last digit
    (rounded or cut there: within one unit of that digit)? None when ``value_text`` is no such number or ``exact``
    has no real value."""
    from fractions import Fraction

    m = _STATED_DIGITS.fullmatch(value_text)
    if m is None:
        return None
    try:
        value = numeric(parse(exact.text))
    except Unknown:
        return None
    if value is None or not value.is_real:
        return None
    if len(value_text) > 60:
        return None  # (a number of thousands of digits: no value to a digit of its own)
    exponent = int(m.group("e") or m.group("e1") or 0)
    stated = Fraction(m.group("m")) * Fraction(10) ** exponent
    unit = Fraction(10) ** (exponent - len(m.group("d") or ""))
    try:
        exact_value = Fraction(str(float(value))) / unit
    except (ValueError, OverflowError):
        return None  # (an infinite or unreadable value)
    cut = int(exact_value)  # toward zero
    near = [cut, cut + (1 if exact_value > 0 else -1)]
    rounded = min(near, key=lambda n: abs(exact_value - n))  # (a tie: the nearer of either, within a hair)
    return stated / unit in {cut, rounded} or abs(abs(exact_value - cut) - Fraction(1, 2)) < Fraction(1, 10**6) \
        and stated / unit in near


def rounds_to(exact: str, whole: Item, approx: Item) -> bool:
    """Is the decimal ``approx`` the exact value rounded to its last digit (half a unit, either way)? A decimal in
    scientific notation (``1.12\times10^{4}``) is rounded to its mantissa's last digit."""
    from fractions import Fraction

    a = approx.text.replace(" ", "")
    scientific = _SCIENTIFIC.fullmatch(a)
    scale = Fraction(10) ** int(scientific.group(2)) if scientific else Fraction(1)
    a = scientific.group(1) if scientific else a
    if not re.fullmatch(r"-?\d+\.\d+", a):
        return False
    sides = exact.split("=")
    try:
        value = numeric(parse(with_marks(sides[-1], whole).text))
    except Unknown:
        return False
    if value is None or not value.is_real:
        return False
    half = Fraction(1, 2 * 10 ** len(a.split(".")[1])) * scale
    return abs(Fraction(str(float(value))) - Fraction(a) * scale) <= half * (1 + Fraction(1, 10**6))


# a decimal times a power of ten: "1.12\times10^{4}", "6.4\cdot10^{-3}" (spaces dropped)
_SCIENTIFIC = lazy_compile(r"(-?\d+\.\d+)(?:\\times|\\cdot|×)10\^\{?(-?\d{1,3})\}?")


def proportional(gl: str, gr: str, pl: str, pr: str) -> bool | None:
    import sympy

    try:
        e1, e2 = aligned(parse(gl) - parse(gr), parse(pl) - parse(pr))
    except Unknown:
        return None
    if e1 == 0 or e2 == 0:
        return e1 == e2
    # Small polynomials over Q (most equation answers): decided exactly without simplify (see .poly).
    quick = constant_ratio(e1, e2)
    unknowns = differential_unknowns(e1, e2)
    if quick is not None and (quick is not False or not unknowns):
        return quick is not False
    try:
        with step_limit(SIMPLIFY_SECONDS):
            ratio = sympy.simplify(e1 / e2)
    except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
        return None
    if unknowns and not ratio.is_number:
        shared = {x.name for x in e1.free_symbols} & {x.name for x in e2.free_symbols}
        return coefficient_of(ratio, unknowns, frozenset(shared))
    return bool(ratio.is_number and ratio != 0 and ratio.is_finite)


# the name symbols.read_notation gives a derivative: "x'", "x''", "\omega_{P}", "v_{0PP}"
# (a subscripted quantity's: "v_{o}''", the derivative of v_{o})
_DERIVATIVE = lazy_compile(r"(?P<base>[^_']+)(?:(?P<named>_\{[^{}']*\})?'+|_\{(?P<sub>[^{}]*?)\*?P(?:\*?P)*\})")


def differential_unknowns(*exprs: object) -> frozenset[str]:
    """The unknowns of a differential equation: the symbols that are derivatives (as :mod:`..symbols` names them)
    and the quantities they are derivatives of (``x'`` and ``x``); empty when no derivative is written."""
    names = {s.name for e in exprs for s in e.free_symbols}  # type: ignore[attr-defined]
    derivatives = [m for m in map(_DERIVATIVE.fullmatch, names) if m is not None]
    out = set()
    for m in derivatives:
        sub = (m.group("sub") or "").rstrip("*")
        out |= {m.group(0), m.group("base") + (m.group("named") or "") + (f"_{{{sub}}}" if sub else "")}
    return frozenset(out)


def coefficient_of(ratio: object, unknowns: frozenset[str], shared: frozenset[str]) -> bool:
    """Is ``ratio`` (one equation's standard form over the other's) a coefficient: a nonzero number times powers
    of quantities both equations use (``shared``), none of them an unknown? A differential equation divided
    through by its coefficient (``I\\dot\\omega + 2B\\omega = T`` by ``I``) is the same equation; divided by an
    unknown, or multiplied by a quantity only one side writes (``t``), it is another one."""
    import sympy

    coeff, factors = ratio.as_coeff_mul()  # type: ignore[attr-defined]
    if coeff == 0 or not coeff.is_finite:
        return False
    for factor in factors:
        base, exp = factor.as_base_exp()
        if not (isinstance(base, sympy.Symbol) and exp.is_number and base.name not in unknowns
                and base.name in shared):
            return False
    return True


def ratio_equal(gt: str, pt: str) -> bool | None:
    try:
        a, b = (parse(x) for x in gt.split(":"))
        c, d = (parse(x) for x in pt.split(":"))
    except Unknown:
        return None
    av, dv, bv, cv = (numeric(x) for x in (a, d, b, c))
    if None in (av, bv, cv, dv):
        return None
    return close(av * dv, bv * cv, None)
