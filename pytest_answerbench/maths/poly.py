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

__all__ = ["constant_ratio", "MAX_DEGREE", "MAX_TERMS"]

#: Largest total degree and number of terms taken by the shortcut: within these, ``simplify`` always finishes
#: far inside its step limit, so the shortcut cannot turn a step timeout into a verdict.
MAX_DEGREE = 6
MAX_TERMS = 24


def _poly(expr: Any, gens: tuple[Any, ...]) -> Any:
    """``expr`` as a polynomial over Q in ``gens``, or None (not a polynomial, irrational coefficients, big)."""
    import sympy
    from sympy.polys.polyerrors import PolynomialError

    if expr.has(sympy.Float) or not expr.is_polynomial(*gens):
        return None
    try:
        poly = sympy.Poly(expr, *gens, domain="QQ")
    except (PolynomialError, sympy.CoercionFailed, ValueError, TypeError):
        return None
    if poly.is_zero or poly.total_degree() > MAX_DEGREE or len(poly.terms()) > MAX_TERMS:
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
    c1, c2 = p1.LC(), p2.LC()
    if p1 * c2 == p2 * c1:  # same leading monomial order on both sides: equal iff proportional
        import sympy

        return sympy.Rational(c1) / sympy.Rational(c2)
    return False
