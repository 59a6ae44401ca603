"""SymPy values: an answer parsed by the LaTeX grammar (:mod:`..parse`, never ``sympify`` on raw text), compared
as a number (exactly, or to 30 digits), as an expression (numeric spot checks, then ``simplify`` under a step
limit), and beyond the size bounds (:func:`beyond_bounds`: canonical trees and certified evaluation)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from ...text.patterns import lazy_compile
from ..exact import BOUND, Undecided, canonical
from ..guard import MAX_ANSWER, StepTimeout, TooComplex, step_limit
from ..normalize import Item
from ..parse import ParseFailure, TooLong, parse_math, parse_unchecked
from ..poly import identically_zero
from .aliases import aligned
from .marks import celsius_shift, degrees_against_radians, given_scale, unit_scale
from .plain import REL_EPS, is_plain_number, within_precision


SIMPLIFY_SECONDS = 2.0


class Unknown(Exception):
    """The pair could not be compared this way (parse failure, too complex, timed-out step).

    ``bound`` names the size bound that stopped it (a key of :data:`.exact.BOUNDS`), or is None when the text
    itself could not be read.
    """

    def __init__(self, message: str, bound: str | None = None):
        super().__init__(message)
        self.bound = bound


def _exact_parse(text: str) -> Any:
    """A short answer parsed without the size check, a decimal the model wrote read as the exact value it states
    (as :func:`parse` does), in canonical form (:func:`.exact.canonical`)."""
    import sympy

    tree = parse_unchecked(text, MAX_ANSWER)
    floats = tree.atoms(sympy.Float)
    return canonical(tree, subs={f: sympy.Rational(str(f)) for f in floats} if floats else None)


def exact_tree(text: str) -> Any:
    """The canonical tree of a short answer (:func:`.exact.canonical`: numbers folded exactly while their size
    is within :data:`.exact.MAX_BITS`, so ``2^{2^{16}}`` is an Integer), or None when it cannot be read."""
    try:
        with step_limit(SIMPLIFY_SECONDS):
            return _imaginary_unit(_exact_parse(text))
    except (ParseFailure, StepTimeout, TypeError, ValueError, RecursionError, ArithmeticError):
        return None


def _imaginary_unit(tree: Any) -> Any:
    """``i`` as the imaginary unit when it is the only letter (as :func:`values_equal` reads it), folded again
    (:func:`.exact.canonical`: ``i^{4}`` is 1)."""
    import sympy

    if {s.name for s in tree.free_symbols} != {"i"}:
        return tree
    return canonical(tree, subs={s: sympy.I for s in tree.free_symbols})  # (xreplace would compute held-back powers)


def varies(tree: Any) -> bool:
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


def held_back(tree: Any) -> bool:
    """A power of numbers left unevaluated by :func:`.exact.canonical` because its value is too large."""
    import sympy

    return any(isinstance(node, sympy.Pow) and node.args[0].is_Rational and node.args[1].is_Rational
               for node in sympy.preorder_traversal(tree))


def parse(text: str, item: Item | None = None) -> Any:
    import sympy

    try:
        expr = parse_math(text)
    except TooLong as exc:
        raise Unknown(str(exc), "parse-length") from None
    except TooComplex as exc:
        raise Unknown(str(exc), exc.kind) from None
    except ParseFailure as exc:
        raise Unknown(str(exc)) from None
    if isinstance(expr, sympy.core.relational.Relational):
        raise Unknown("relation")
    if not isinstance(expr, sympy.Expr):
        raise Unknown(f"not an expression: {type(expr).__name__}")
    floats = expr.atoms(sympy.Float)
    if floats:
        # A decimal the model wrote is an exact value: 0.3333 is 3333/10000, not 1/3.
        expr = expr.xreplace({f: sympy.Rational(str(f)) for f in floats})
    return expr


def values_equal(g: Item, p: Item, tol: float | None) -> tuple[bool, str]:
    same = _values_equal(g, p, tol)
    given = given_scale(g, p) if not same[0] and same[1] == "numeric" else None
    if given is not None:
        # "3.968×10⁻¹⁹ J" for 2.48 eV where the question says "use 1 eV = 1.6×10⁻¹⁹ J": its conversion holds too
        return _values_equal(g, p, tol, given)
    return same


def _values_equal(g: Item, p: Item, tol: float | None, given: Any = None) -> tuple[bool, str]:
    import sympy

    shift = celsius_shift(g, p) if given is None else None
    scale = given if given is not None else 1 if shift is not None else unit_scale(g, p)
    if scale is None:
        return False, "unit-mismatch"
    ge, pe = aligned(parse(g.text), parse(p.text))
    if shift is not None:
        # "5520 °C" for a gold in kelvin: 5793.15 K (rule 6: a temperature's scales differ by a shift)
        pe = pe + sympy.Rational(shift.numerator, shift.denominator)
    if scale != 1:
        pe = pe * sympy.Rational(scale.numerator, scale.denominator)
    if {s.name for s in ge.free_symbols | pe.free_symbols} == {"i"}:
        # i is the only letter: the imaginary unit (1+2i = i(2-i); i(...) is a product)
        ge, pe = _letters_as_factors(ge, pe)
        unit = {s: sympy.I for s in ge.free_symbols | pe.free_symbols}
        ge, pe = ge.xreplace(unit), pe.xreplace(unit)
    if not (ge.free_symbols or pe.free_symbols):
        gv, pv = numeric(ge), numeric(pe)
        candidates = [] if degrees_against_radians(g, p) else [(ge, pe, gv, pv)]
        if p.percent and not g.percent:
            candidates.append((ge, pe / 100, gv, None if pv is None else pv / 100))
        if g.percent and not p.percent:
            candidates.append((ge / 100, pe, None if gv is None else gv / 100, pv))
        if p.degree and not g.degree:
            candidates.append((ge, pe * sympy.pi / 180, gv, numeric(pe * sympy.pi / 180)))
        if g.degree and not p.degree:
            candidates.append((ge * sympy.pi / 180, pe, numeric(ge * sympy.pi / 180), pv))
        for a, b, av, bv in candidates:
            # (no 30-digit value, e.g. the floor of a 2,000-bit rational: the exact difference may still decide)
            if same_number(a, b, av, tol):
                exact = tol is not None or is_plain_number(g.text) and is_plain_number(p.text)
                return True, "numeric" if exact else "symbolic"
        return False, "numeric"
    ge, pe = _letters_as_factors(ge, pe)
    g_names, p_names = {s.name for s in ge.free_symbols}, {s.name for s in pe.free_symbols}
    if g_names != p_names:
        # A variable may cancel as written ("\\frac{(2m-m)g}{3m}" is g/3): compare the letters that remain.
        ge, pe = reduced(ge), reduced(pe)
        g_names, p_names = {s.name for s in ge.free_symbols}, {s.name for s in pe.free_symbols}
    if g_names and p_names and g_names != p_names:
        # Different variables (x vs t) cannot be the same answer; a constant never equals a function.
        return False, "symbolic"
    return expressions_equal(ge, pe)


_SUBSCRIPTED = lazy_compile(r"\\?[A-Za-z]+_\{?[A-Za-z0-9]+\}?")


def _letters_as_factors(ge: Any, pe: Any) -> tuple[Any, Any]:
    """``m g(3 - 2\\cos\\theta)`` is a product when ``g`` is a quantity: a function letter applied to an argument
    is read as a factor when the same letter stands alone as a symbol on either side; so is a subscripted name
    (``r_{0}(1 + r/r_{0})^{3/2}``: ``r_{0}`` times the bracket, as ``r_{0}`` stands alone)."""
    from sympy import Mul, Pow, Symbol
    from sympy.core.function import AppliedUndef

    calls = [c for e in (ge, pe) for c in e.atoms(AppliedUndef)
             if len(c.func.__name__) == 1 or _SUBSCRIPTED.fullmatch(c.func.__name__)]
    if not calls:
        return ge, pe
    names = {s.name for s in ge.free_symbols | pe.free_symbols}
    swap = {c: Symbol(c.func.__name__) * Mul(*c.args) for c in calls if c.func.__name__ in names}
    if not swap:
        return ge, pe
    # "r_{0}(1 + r)^{3/2}": the grammar raises the call to the power; the power is the bracket's
    powers = {node: Symbol(node.base.func.__name__) * Mul(*node.base.args) ** node.exp
              for e in (ge, pe) for node in e.atoms(Pow) if node.base in swap}
    return ge.xreplace(powers).xreplace(swap), pe.xreplace(powers).xreplace(swap)


def reduced(expr: Any) -> Any:
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


def numeric(expr: Any) -> Any:
    """A 30-digit SymPy value (real or complex, any magnitude), or None (undefined or infinite)."""
    import sympy

    try:
        value = expr.evalf(30)
        if not value.is_number or value.has(sympy.nan, sympy.zoo) or value.is_infinite:
            return None
        return value
    except (TypeError, ValueError, ArithmeticError, RecursionError, AttributeError):
        return None


def same_number(a: Any, b: Any, scale: Any, tol: float | None) -> bool:
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
    value = numeric(diff)
    if value is None and _precision_runs_out(diff):
        raise Undecided("precision", "the difference cannot be evaluated")
    return value is not None and close(value, 0, tol, scale=scale)


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


def close(a: Any, b: Any, tol: float | None, scale: Any = None) -> bool:
    """|a - b| within ``tol`` (absolute), or within 1e-12 relative to ``scale`` (default a) without ``tol``."""
    try:
        diff = abs(a - b)
        if tol is not None:
            return within_precision(diff, a, b, tol)
        scale = abs(a if scale is None else scale)
        return bool(diff <= REL_EPS * (scale if scale > 1 else 1))
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


def expressions_equal(ge: Any, pe: Any) -> tuple[bool, str]:
    """Numeric spot checks decide "different"; simplify confirms "equal" (spot checks back it up)."""
    import sympy

    symbols = sorted(ge.free_symbols | pe.free_symbols, key=lambda s: s.name)
    if symbols and all(s.name in _INTEGER_NAMES for s in symbols) and (
            ge.has(sympy.floor, sympy.ceiling) or pe.has(sympy.floor, sympy.ceiling)):
        return _integer_points_agree(ge, pe, symbols)
    agree = real = 0
    off_domain = False  # a point where neither side is real and the two differ
    for point in _spot_points(symbols, 12):
        if real == 6:
            break
        try:
            with step_limit(0.5):
                a = ge.xreplace(point).evalf(30)
                b = pe.xreplace(point).evalf(30)
        except (StepTimeout, TypeError, ValueError, ArithmeticError, RecursionError):
            continue
        if not (a.is_number and b.is_number) or a.has(sympy.nan, sympy.zoo) or b.has(sympy.nan, sympy.zoo) \
                or a.is_infinite or b.is_infinite:
            continue
        both_real = a.is_real is True and b.is_real is True
        neither_real = a.is_real is False and b.is_real is False
        try:
            scale = abs(a)
            if bool(abs(a - b) > 1e-9 * (scale if scale > 1 else 1)):
                if not neither_real or not symbols:
                    return False, "numeric-spot"  # (one side real, the other not: other domains, \ln|x| and \ln x)
                # outside the real domain of both (v > c in sqrt(1 - v^2/c^2) and sqrt((c+v)/(c-v))) two forms of one
                # quantity may take other branches: only the points where both are real decide
                off_domain = True
                continue
        except (TypeError, ValueError):
            continue
        agree += 1
        real += both_real
    if off_domain and real == 0:
        return False, "numeric-spot"  # complex answers (in i): no real point, a difference decides
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


def beyond_bounds(g: Item, p: Item, tol: float | None, bound: str) -> tuple[bool, str]:
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
