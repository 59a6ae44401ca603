"""Exact shortcuts for small polynomials with rational coefficients, taken before ``simplify``.

Comparing two equations ("same line?") asks whether one standard form is a constant multiple of the other;
the references answer it with ``simplify(e1 / e2)``, which costs 50-300 ms even for ``y = 2x + 1``. When
both forms are small polynomials over Q in the same variables the answer is decided exactly, in well under
a millisecond, by comparing the polynomials scaled by each other's leading coefficient: ``simplify`` can only
turn ``e1 / e2`` into a number when that number is this constant, and it always finds it for such input
(it cancels rational functions). Anything else (irrational or float coefficients, functions, radicals,
large degrees) returns None and the caller keeps its ``simplify`` path unchanged.
"""

from __future__ import annotations

from typing import Any

__all__ = ["constant_ratio", "degree_bound", "identically_zero", "MAX_DEGREE", "MAX_TERMS"]

#: Largest total degree (bounded from the tree before any expansion) and number of terms taken by the
#: shortcuts: within these, ``simplify`` always finishes far inside its step limit, so a shortcut cannot turn
#: a step timeout into a verdict.
MAX_DEGREE = 12
MAX_TERMS = 24


def degree_bound(expr: Any, limit: int = MAX_DEGREE) -> int | None:
    """An upper bound of the total degree of ``expr`` read as a rational function over Q, or None.

    None when ``expr`` holds anything but symbols, rational numbers, sums, products and integer powers, or
    when the bound exceeds ``limit``. It walks the tree without expanding anything, so ``(x+1)^{5000}`` is
    refused before any polynomial arithmetic could blow up.
    """
    import sympy

    def walk(node: Any) -> int | None:
        if node.is_Symbol:
            return 1
        if node.is_Rational:
            return 0
        if node.is_Add or node.is_Mul:
            total = 0
            for arg in node.args:
                d = walk(arg)
                if d is None:
                    return None
                total = max(total, d) if node.is_Add else total + d
                if total > limit:
                    return None
            return total
        if node.is_Pow:
            base, exp = node.args
            if not isinstance(exp, sympy.Integer) or abs(int(exp)) > limit:
                return None
            d = walk(base)
            if d is None or d * abs(int(exp)) > limit:
                return None
            return d * abs(int(exp))
        return None

    return walk(expr)


def _poly(expr: Any, gens: tuple[Any, ...]) -> Any:
    """``expr`` as a small polynomial over Q in ``gens``, or None (not one, or too big to take the shortcut)."""
    import sympy
    from sympy.polys.polyerrors import PolynomialError

    if degree_bound(expr) is None or not expr.is_polynomial(*gens):
        return None
    try:
        poly = sympy.Poly(expr, *gens, domain="QQ")
    except (PolynomialError, sympy.CoercionFailed, ValueError, TypeError):
        return None
    if poly.is_zero or len(poly.terms()) > MAX_TERMS:
        return None
    return poly


def constant_ratio(e1: Any, e2: Any) -> Any:
    """Decide whether ``e1 / e2`` is a constant, for small nonzero polynomials over Q.

    Returns the constant (a nonzero SymPy Rational) when ``e1 = c * e2``; False when both are such
    polynomials and the ratio is not constant; None when the shortcut does not apply (the caller decides
    with ``simplify`` as before).
    """
    gens = tuple(sorted(e1.free_symbols | e2.free_symbols, key=lambda s: s.name))
    if not gens:
        return None
    p1 = _poly(e1, gens)
    p2 = _poly(e2, gens) if p1 is not None else None
    if p1 is None or p2 is None:
        return None
    import sympy

    try:
        c1, c2 = sympy.Rational(p1.LC()), sympy.Rational(p2.LC())
        # Same monomial order on both sides: p1 * LC(p2) == p2 * LC(p1) exactly when e1 = (c1 / c2) * e2.
        return c1 / c2 if p1.mul_ground(c2) == p2.mul_ground(c1) else False
    except (ArithmeticError, ValueError, TypeError, AttributeError):
        return None


def identically_zero(expr: Any) -> bool | None:
    """Is ``expr`` (a small rational function over Q) identically zero? None when that is not decidable here.

    Exact: the numerator of ``together(expr)`` expanded as a polynomial over Q. ``simplify(expr) == 0`` gives
    the same answer for such input (it cancels rational functions); other input returns None.
    """
    import sympy
    from sympy.polys.polyerrors import PolynomialError

    gens = tuple(sorted(expr.free_symbols, key=lambda s: s.name))
    if not gens or degree_bound(expr) is None:
        return None
    try:
        numerator, _ = sympy.fraction(sympy.together(expr))
        if degree_bound(numerator, MAX_DEGREE * 4) is None:
            return None
        return sympy.Poly(numerator, *gens, domain="QQ").is_zero
    except (PolynomialError, sympy.CoercionFailed, ArithmeticError, ValueError, TypeError, AttributeError):
        return None  # not decidable here: the caller's simplify path decides, as before
