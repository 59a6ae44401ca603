"""The conic an equation of degree two in ``x`` and ``y`` draws: "\\frac{x^2}{4}+\\frac{y^2}{3}=1" is an ellipse.

A question asking which curve a set is ("What curve is the set of $z$ with $|z-1|+|z+1|=4$?") is answered by the
curve's equation as well as by its name. :func:`conic_of` names the conic of ``A x^2 + B xy + C y^2 + D x + E y + F =
0`` by the classical invariants: with ``Δ`` the determinant of its 3×3 matrix (zero for a degenerate pair of lines or a
point) and ``δ = AC - B^2/4``, an ellipse when ``δ > 0`` and ``(A + C)Δ < 0`` (a circle when also ``B = 0`` and ``A =
C``), a parabola when ``δ = 0``, a hyperbola when ``δ < 0``; None for anything else (a degenerate or empty conic, another
degree, other letters, an expression that does not parse).
"""

from __future__ import annotations

__all__ = ["conic_of"]


def conic_of(equation: str) -> str | None:
    """"circle", "ellipse", "parabola" or "hyperbola" for an equation in ``x`` and ``y`` of degree two that draws a
    non-degenerate real conic, else None."""
    from .tuples import split_top
    from .values import Unknown, parse

    sides = split_top(equation.strip().rstrip(".").strip().strip("$"), "=")
    if len(sides) != 2 or len(equation) > 200:
        return None
    try:
        expr = parse(sides[0]) - parse(sides[1])
    except (Unknown, ValueError, TypeError):
        return None
    import sympy

    names = {s.name: s for s in expr.free_symbols}
    if set(names) != {"x", "y"}:
        return None
    x, y = names["x"], names["y"]
    try:
        poly = sympy.Poly(sympy.expand(expr), x, y)
    except sympy.PolynomialError:
        return None
    if poly.total_degree() != 2 or not all(c.is_number and c.is_real for c in poly.coeffs()):
        return None
    c = {m: poly.coeff_monomial(m) for m in (x**2, x*y, y**2, x, y, 1)}
    a, b, cc, d, e, f = (sympy.nsimplify(c[m]) for m in (x**2, x*y, y**2, x, y, 1))
    delta = sympy.Matrix([[a, b / 2, d / 2], [b / 2, cc, e / 2], [d / 2, e / 2, f]]).det()
    small = a * cc - b**2 / 4
    if delta == 0:
        return None
    if small > 0:
        if (a + cc) * delta >= 0:
            return None  # no real point
        return "circle" if b == 0 and a == cc else "ellipse"
    return "parabola" if small == 0 else "hyperbola"
