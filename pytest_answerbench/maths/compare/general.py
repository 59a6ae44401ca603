"""A general solution against a general solution: the same family whatever its arbitrary constants are called and
however the family is spanned ("y(x) = A\\sin x + B\\cos x" is "y = C_1\\cos x + C_2\\sin x").

:func:`same_general_solution` reads both answers as ``name = f_0 + c_1 f_1 + ... + c_k f_k``: one name on the left (the
same function, its argument optional), on the right a formula linear in its arbitrary constants (capital letters, or
letters with a digit subscript, ``C_1``, ``c_2``, that the row's question does not write). The two families are equal
when they have as many constants, every ``f_i`` of each lies in the span of the other's, and the difference of the two
``f_0`` lies in that span too (a particular solution may differ by a member of the family). Spans are compared on the
values at eight fixed points (least squares, a relative residual below 1e-9), so functions of one or two variables
are compared alike. It only ever accepts; anything it cannot read leaves the pair to the other steps.
"""

from __future__ import annotations

import re
from typing import Any

from ...text.patterns import lazy_compile
from .tuples import split_top

__all__ = ["same_general_solution"]

# a name on the left: "y", "y(x)", "f(t)", "u(x,t)"
_NAME = lazy_compile(r"\s*(?P<name>[A-Za-z])\s*(?:\(\s*[a-z](?:\s*,\s*[a-z])?\s*\))?\s*")
# an arbitrary constant's name (as the parser names its symbol): "A", "C_1", "C_{2}", "c_1"
_CONSTANT = lazy_compile(r"[A-Z](?:_\{?\d{1,2}\}?)?|[a-z]_\{?\d{1,2}\}?")
_POINTS = ((0.37, 1.13), (1.31, -0.42), (2.17, 0.88), (-0.73, 2.41), (3.29, -1.57), (0.91, 0.29), (-1.87, 1.71),
           (2.71, -2.23))


def same_general_solution(gold: str, pred: str, question: str | None) -> bool | None:
    """True when ``gold`` and ``pred`` state the same family of solutions under renamed or recombined constants; None
    otherwise (this reading never rejects)."""
    read = [_family(text, question) for text in (gold, pred)]
    if None in read:
        return None
    (g_name, g0, g_basis, g_vars), (p_name, p0, p_basis, p_vars) = read
    if g_name != p_name or g_vars != p_vars or len(g_basis) != len(p_basis) or not g_basis:
        return None
    try:
        columns = [_values(f, g_vars) for f in g_basis]
        others = [_values(f, g_vars) for f in p_basis]
        shift = [a - b for a, b in zip(_values(g0, g_vars), _values(p0, g_vars))]
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None
    if all(_in_span(columns, v) for v in others) and all(_in_span(others, v) for v in columns) \
            and _in_span(columns, shift):
        return True
    return None


def _family(text: str, question: str | None) -> tuple[str, Any, list[Any], tuple[str, ...]] | None:
    """``(name, f_0, [f_1, ..., f_k], variables)`` of ``name = f_0 + c_1 f_1 + ...``, or None."""
    import sympy

    from .values import Unknown, parse

    sides = split_top(text.strip().strip("$").rstrip(".").strip(), "=")
    if len(sides) != 2 or len(text) > 300:
        return None
    named = _NAME.fullmatch(sides[0])
    if named is None:
        return None
    try:
        expr = parse(sides[1])
    except (Unknown, ValueError, TypeError):
        return None
    written = set(re.findall(r"[A-Za-z]", " ".join(re.findall(r"\$([^$]*)\$", question or ""))))
    constants = [s for s in expr.free_symbols if _CONSTANT.fullmatch(s.name) and s.name[0] not in written]
    variables = tuple(sorted(s.name for s in expr.free_symbols if s not in constants))
    if not constants or not 1 <= len(variables) <= 2 or len(constants) > 4:
        return None
    basis = []
    for c in constants:
        part = sympy.diff(expr, c)
        if part.free_symbols & set(constants):
            return None  # not linear in its constants ("A e^{Bx}")
        basis.append(part)
    rest = expr.subs({c: 0 for c in constants})
    return named.group("name"), rest, basis, variables


def _values(expr: Any, variables: tuple[str, ...]) -> list[float]:
    import sympy

    symbols = sorted(expr.free_symbols, key=lambda s: s.name)
    if any(s.name not in variables for s in symbols):
        raise ValueError("another symbol")
    out = []
    for point in _POINTS:
        value = complex(expr.subs({s: point[variables.index(s.name)] for s in symbols}).evalf(20))
        if abs(value.imag) > 1e-12 * (1 + abs(value.real)) or value.real != value.real:
            raise ValueError("not real")
        out.append(value.real)
    _ = sympy
    return out


def _in_span(columns: list[list[float]], target: list[float]) -> bool:
    """Is ``target`` a linear combination of ``columns`` (least squares on the sample points)?"""
    import mpmath

    scale = max((abs(x) for x in target), default=0.0)
    if scale == 0.0:
        return True
    matrix = mpmath.matrix([[col[i] for col in columns] for i in range(len(target))])
    try:
        _, residual = mpmath.qr_solve(matrix, mpmath.matrix(target))
    except ZeroDivisionError:
        return False
    return float(residual) <= 1e-9 * (1 + scale)
