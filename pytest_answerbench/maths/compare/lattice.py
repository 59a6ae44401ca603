"""Solution families over the integers: "$x = k\\pi + (-1)^k\\frac{\\pi}{6},\\ k \\in \\mathbb{Z}$" against
"$x = \\frac{\\pi}{6} + 2k\\pi$ or $x = \\frac{5\\pi}{6} + 2k\\pi$, $k \\in \\mathbb{Z}$", or "$\\pm\\frac{\\pi}{4} + k\\pi$"
against "$\\frac{\\pi}{4} + \\frac{k\\pi}{2}$".

Two answers that each write a family of values indexed by an integer parameter (its range the integers, said in
symbols) answer the same when they list the same values. Each family is parsed (never evaluated as code), its
alternatives split ("or", "或", a comma between two assignments, ``\\pm`` written out as two; degrees, ``90° + k·180°``,
read as radians; a family written without its name, ``90° + k·180°, k ∈ ℤ``, read too), and its values taken for the
parameter from -24 to 24; the values of each that fall in a window both families cover (half of the smallest distance
any alternative reaches at the ends of that range) must be values of the other, to 1e-9. A family whose values do not
spread over a window of at least 2 (too dense or not linear in the parameter) decides nothing here.
"""

from __future__ import annotations

import re

from ...text.patterns import lazy_compile
from ..extract import integer_range
from ..parse import parse_math

__all__ = ["same_lattice"]

_REACH = 24  # the parameter runs from -_REACH to _REACH
_MIN_WINDOW = 2.0
_TOL = 1e-9
# what separates two alternatives of a family: "or" (in \text{} or not), 或, a semicolon, a comma before "x ="
_ALTERNATIVES = lazy_compile(r"\\(?:text|mathrm|mbox)\s*\{\s*or\s*\}|\bor\b|或|;|,(?=\s*(?:\\[,;: ]|\\q?quad|\s)*[a-zA-Z]"
                             r"(?:_\{?\w\}?)?\s*=)")
_LEFT_SIDE = lazy_compile(r"\s*(?:\\(?:theta|alpha|beta|varphi|phi)|[a-zA-Z](?:_\{?\w\}?)?)\s*=\s*")
_SPACING = lazy_compile(r"\\[,;:! ]|\\q?quad\b|~|\$|\\displaystyle")
_PLUS_MINUS = lazy_compile(r"\\pm|±|\\mp|∓")
_PARAMETERS = frozenset("kmnt")
# a family written without its name, then its parameter's range over the integers: "90° + k·180°, k ∈ ℤ"
_BARE_FAMILY = lazy_compile(r"\s*\$?\s*(?P<formula>[^=$]{3,120}?)\s*,?\s*(?:\\[,;: ]|\\q?quad|\s)*\$?\s*(?P<k>[kmnt])\s*"
                            r"(?:\\in\b|∈)\s*(?:\\mathbb\s*\{?Z\}?|ℤ)\s*\$?\s*\.?\s*")
# an angle in degrees: "90°", "180^\circ" (read as radians: the grading conventions' equal forms of an angle)
_DEGREES = lazy_compile(r"(?P<n>\d+(?:\.\d+)?)\s*(?:°|\^\s*\{?\s*\\circ\s*\}?)")


def _family(text: str) -> list[str] | None:
    """The alternatives of an integer family ``text`` writes, each a formula in its parameter (``\\pm`` written out);
    None when ``text`` is no such family (no range over the integers)."""
    formula, where = integer_range(text)
    bare = _BARE_FAMILY.fullmatch(text) if where != "Z" else None
    if bare and re.search(r"(?<![A-Za-z\\])%s(?![A-Za-z])" % bare.group("k"), bare.group("formula")):
        formula, where = bare.group("formula"), "Z"  # "90° + k·180°, k ∈ ℤ": the family, its name not written
    if where != "Z":
        return None
    formula = _DEGREES.sub(r"(\g<n>\\pi/180)", _SPACING.sub(" ", formula)).replace("·", " \\cdot ")
    out, named = [], set()
    for part in _ALTERNATIVES.split(formula):
        left = _LEFT_SIDE.match(part)
        if left:
            named.add(left.group().split("=")[0].strip())
        part = _LEFT_SIDE.sub("", part, count=1).strip().strip(",").strip()
        if not part or "=" in part or len(part) > 120:
            return None
        sign = _PLUS_MINUS.search(part)
        out += [part[:sign.start()] + s + part[sign.end():] for s in ("+", "-")] if sign else [part]
    if len(named) > 1:
        return None  # "x = k\\pi + \\frac{\\pi}{2}, y = k\\pi": a system's unknowns, not alternatives of one
    return out if 1 <= len(out) <= 6 and not any(_PLUS_MINUS.search(p) for p in out) else None


def _values(formulas: list[str]) -> tuple[list[float], float] | None:
    """Every value of the alternatives for the parameter from -_REACH to _REACH, and the window they all cover;
    None when one does not parse, has another free letter than one parameter, or is not real."""
    import sympy  # (imported when a family is compared: the library imports no SymPy for the other scorers)

    values, window = [], float("inf")
    for formula in formulas:
        try:
            expr = parse_math(formula)
        except Exception:  # noqa: BLE001 - any failure to read the formula decides nothing
            return None
        free = getattr(expr, "free_symbols", set())
        if len(free) != 1 or next(iter(free)).name not in _PARAMETERS:
            return None
        k = next(iter(free))
        these = []
        for n in range(-_REACH, _REACH + 1):
            value = sympy.N(expr.xreplace({k: sympy.Integer(n)}), 20)
            if not value.is_real or not value.is_finite:
                return None
            these.append(float(value))
        values += these
        window = min(window, abs(these[0]), abs(these[-1]))
    return values, window / 2


def same_lattice(gold: str, pred: str) -> bool | None:
    """Do ``gold`` and ``pred``, each a family over the integers, list the same values? None when either is not
    one, or their values spread over no common window of at least 2."""
    if "\\in" not in gold + pred and "∈" not in gold + pred:
        return None
    g, p = _family(gold), _family(pred)
    if g is None or p is None or g == p:
        return None
    gv, pv = _values(g), _values(p)
    if gv is None or pv is None:
        return None
    window = min(gv[1], pv[1])
    if window < _MIN_WINDOW:
        return None
    g_in = sorted(v for v in gv[0] if abs(v) <= window)
    p_in = sorted(v for v in pv[0] if abs(v) <= window)
    if len(g_in) < 2 or len(p_in) < 2:
        return None

    def covered(these: list[float], those: list[float]) -> bool:
        return all(any(abs(a - b) <= _TOL * max(1.0, abs(a)) for b in those) for a in these)

    return covered(g_in, pv[0]) and covered(p_in, gv[0])
