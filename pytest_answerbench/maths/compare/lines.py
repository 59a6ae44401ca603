"""Integer points on a line, in one integer parameter: "$(x,y)=(2+5t,\\,-1-3t),\\ t\\in\\mathbb{Z}$" against
"$x=-3+5k,\\quad y=2-3k\\qquad(k\\in\\mathbb{Z})$".

The general solution of a linear Diophantine equation is written from whichever particular solution a reply found
first, so two right answers differ by a shift of the parameter (k = t + 1 above) or its sign. Each answer is read as a
tuple of components, each linear in one parameter letter that ranges over the integers ("k ∈ ℤ", "for any integer
k"), written as a tuple, a tuple named by its unknowns, or one assignment per unknown; each component is parsed with
the project's parser (never evaluated as code). Two such answers are the same set when their steps agree up to sign
and their starting points differ by a whole number of steps, the same number in every component. Unknowns named on
both sides are paired by name. None when either answer is not such a line (the other steps decide).
"""

from __future__ import annotations

import re
from fractions import Fraction

from ...text.patterns import lazy_compile
from ..parse import parse_math

__all__ = ["same_integer_line"]

_SPACING = lazy_compile(r"\\[,;:! ]|\\q?quad\b|~|\$|\\displaystyle|\\left|\\right")
_INTEGERS = r"(?:\\mathbb\s*\{?\s*Z\s*\}?|ℤ)"
# where the parameter ranges, closing the answer: ", t \in \mathbb{Z}", "(k ∈ ℤ)", "for any integer k", "where k is an
# integer"
_RANGE = lazy_compile(r"[\s,;]*(?:\(\s*)?(?:(?:for|with|where)\s+)?(?:(?:any|all|every|each|some|an?|arbitrary)\s+)?"
                      r"(?:integers?\s+(?P<word>[kmnt])|(?P<symbol>[kmnt])\s*(?:\\in\b|∈)\s*" + _INTEGERS +
                      r"|(?P<is>[kmnt])\s+(?:is|being)\s+(?:any\s+|an\s+)?integer)\s*\)?\s*\.?\s*$")
# a parameter ranging over another set than the integers: "k \in \mathbb{R}", "n ∈ ℕ"
_OTHER_RANGE = lazy_compile(r"(?:[\s,;]|\\[ ,;:!]|\\q?quad)*\(?\s*\$?\s*[kmnt]\s*(?:\\in\b|∈)\s*(?:\\mathbb\s*\{?\s*[RQNC]\s*\}?|[ℝℚℕℂ])[^$]*\$?\s*\)?")
_NAMED_TUPLE = lazy_compile(r"\(\s*(?P<names>[a-z](?:\s*,\s*[a-z]){1,3})\s*\)\s*=\s*\((?P<parts>[^()]+)\)")
_TUPLE = lazy_compile(r"\((?P<parts>[^()]+)\)")
_ASSIGNMENT = lazy_compile(r"\s*(?P<name>[a-z])\s*=\s*(?P<value>[^=,;]+?)\s*")
_TEXT = lazy_compile(r"\\(?:text|mathrm|textrm|mbox)\s*\{\s*(?:and|,)?\s*\}")


def _components(head: str) -> tuple[tuple[str, ...] | None, list[str]] | None:
    """The unknowns' names (None when unnamed) and the components ``head`` writes, or None."""
    named = _NAMED_TUPLE.fullmatch(head)
    if named:
        names = tuple(n.strip() for n in named.group("names").split(","))
        parts = named.group("parts").split(",")
        return (names, parts) if len(names) == len(parts) else None
    bare = _TUPLE.fullmatch(head)
    if bare:
        return None, bare.group("parts").split(",")
    pieces = [p for p in re.split(r",|;|\band\b", head) if p.strip()]
    assigned = [_ASSIGNMENT.fullmatch(p) for p in pieces]
    if len(assigned) < 2 or None in assigned:
        return None
    names = tuple(m.group("name") for m in assigned)
    return (names, [m.group("value") for m in assigned]) if len(set(names)) == len(names) else None


def _line(text: str, unranged: bool = False) -> tuple[tuple[str, ...] | None, list[tuple[Fraction, Fraction]]] | None:
    """The names and the (start, step) of each component of an integer line ``text`` writes, or None. ``unranged``:
    a line whose range is not written (a reply's range in a sentence of its own) is read too, its parameter the one
    letter k, m, n or t it writes."""
    if len(text) > 240:
        return None
    plain = re.sub(r"\s+", " ", _SPACING.sub(" ", _TEXT.sub(" , ", text))).strip().rstrip(".").strip()
    ranged = _RANGE.search(plain)
    if ranged is not None and ranged.start() > 0:
        letter = ranged.group("word") or ranged.group("symbol") or ranged.group("is")
        head = plain[:ranged.start()]
    elif unranged and not _OTHER_RANGE.search(plain):
        letters = set(re.findall(r"(?<![A-Za-z\\])([kmnt])(?![A-Za-z])", plain))
        if len(letters) != 1:
            return None
        letter, head = letters.pop(), plain
    else:
        return None
    found = _components(head.strip().rstrip(",").strip())
    if found is None or not 2 <= len(found[1]) <= 4:
        return None
    names, parts = found
    if names is not None and letter in names:
        return None
    out = []
    for part in parts:
        if not re.search(r"(?<![A-Za-z\\])%s(?![A-Za-z])" % letter, part) and re.search(r"[A-Za-z]", part):
            return None  # (a letter other than the parameter: not a line in it)
        line = _linear(part.strip(), letter)
        if line is None:
            return None
        out.append(line)
    return names, out


def _linear(part: str, letter: str) -> tuple[Fraction, Fraction] | None:
    """(start, step) of a component linear in ``letter`` with rational coefficients, or None."""
    try:
        expr = parse_math(part)
    except Exception:  # noqa: BLE001 - not a formula the parser reads: no line
        return None
    symbols = getattr(expr, "free_symbols", None)
    if symbols is None or len(symbols) > 1 or any(s.name != letter for s in symbols):
        return None
    if not symbols:
        start = _rational(expr)
        return None if start is None else (start, Fraction(0))
    symbol = next(iter(symbols))
    try:
        step = expr.diff(symbol)
        start = expr.subs(symbol, 0)
    except Exception:  # noqa: BLE001
        return None
    if getattr(step, "free_symbols", {symbol}):
        return None  # not linear
    step, start = _rational(step), _rational(start)
    return None if step is None or start is None else (start, step)


def _rational(value) -> Fraction | None:
    if getattr(value, "is_Float", False):
        return Fraction(str(value))  # "2.5 + 5k": the decimal as written
    if not getattr(value, "is_Rational", False):
        return None
    return Fraction(int(value.p), int(value.q))


def same_integer_line(gold: str, pred: str) -> bool | None:
    """Do ``gold`` and ``pred`` write the same integer points of a line, their parameters shifted or reversed? None
    when either is no such line, or they name different unknowns."""
    if "∈" not in gold and "\\in" not in gold and "integer" not in gold:
        return None
    g = _line(gold)
    if g is None:
        return None
    if _OTHER_RANGE.search(pred) and _line(_OTHER_RANGE.sub("", pred), unranged=True) is not None:
        return False  # the same tuples over the reals, the naturals, ...: another set
    p = _line(pred, unranged=True)
    if p is None or len(g[1]) != len(p[1]):
        return None
    g_names, g_parts = g
    p_names, p_parts = p
    if g_names is not None and p_names is not None:
        if set(g_names) != set(p_names):
            return None
        p_parts = [p_parts[p_names.index(name)] for name in g_names]
    g_steps = [step for _, step in g_parts]
    if not any(g_steps):
        return None
    p_steps = [step for _, step in p_parts]
    if p_steps != g_steps and p_steps != [-s for s in g_steps]:
        return False
    shifts = {(ps - gs) / step for (gs, step), (ps, _) in zip(g_parts, p_parts) if step}
    if any(ps != gs for (gs, step), (ps, _) in zip(g_parts, p_parts) if not step):
        return False
    return len(shifts) == 1 and next(iter(shifts)).denominator == 1
