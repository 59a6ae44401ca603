"""A gold that states which answers it accepts: ``2 (满足 $1<e \\leq \\sqrt{5}$ 皆可)`` (2, or any value with
1 < e <= sqrt 5). Exam keys for "write one value of e such that ..." give one example and the condition every
right answer meets; a careful grader accepts any value meeting it. Only a chained or one-sided inequality on one
named quantity is read; a prediction naming that quantity (``e=\\frac{3}{2}``) or a bare number is tested against
it, numerically. Any other gold is left to the other steps.

A key may also write its one answer in several forms joined by ``##`` (GAOKAO-Bench's ``\\frac{3}{10} \\# \\# 0.3``):
when every form has the same value the gold is its first form (:func:`one_of_forms`); forms of different values
are left as written (they may be several blanks)."""

from __future__ import annotations

import operator
import re
from typing import Any, Callable

from ...text.patterns import lazy_compile
from .values import Unknown, numeric, parse

__all__ = ["accepted_values", "one_of_forms"]

_ANY_OF = lazy_compile(r"^(?P<value>[^()（）]+?)\s*[(（]\s*(?:只要)?满足\s*\$?(?P<cond>[^()（）$]+?)\$?\s*"
                       r"(?:的值)?\s*(?:皆可|均可|都可以?|即可)\s*[)）]\s*[.。]?$")
_RELATION = lazy_compile(r"\\leq?(?![a-z])|\\geq?(?![a-z])|\\leqslant|\\geqslant|\\lt(?![a-z])|\\gt(?![a-z])|"
                         r"<=|>=|≤|≥|<|>")
_NAME = lazy_compile(r"[A-Za-z](?:_\{?\w\}?)?")
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "\\lt": operator.lt, ">": operator.gt, "\\gt": operator.gt,
    "<=": operator.le, "\\le": operator.le, "\\leq": operator.le, "\\leqslant": operator.le, "≤": operator.le,
    ">=": operator.ge, "\\ge": operator.ge, "\\geq": operator.ge, "\\geqslant": operator.ge, "≥": operator.ge,
}


def _value(text: str) -> Any:
    try:
        value = numeric(parse(text))
    except Unknown:
        return None
    if value is None or not value.is_real:
        return None
    return value


def accepted_values(gold: str, pred: str) -> tuple[str, tuple[bool, str] | None] | None:
    """``(example, verdict)`` for a gold stating the condition its answers meet: the verdict when the prediction is
    a number (or ``name = number`` for the condition's quantity), else None with the gold's example to compare;
    None when the gold states no such condition."""
    m = _ANY_OF.match(gold.strip())
    if m is None:
        return None
    cond = m.group("cond").strip()
    pieces = [p.strip() for p in _RELATION.split(cond)]
    ops = [op.strip() for op in _RELATION.findall(cond)]
    names = [i for i, p in enumerate(pieces) if _NAME.fullmatch(p)]
    if len(pieces) not in (2, 3) or len(names) != 1 or (len(pieces) == 3 and names != [1]):
        return None
    name = pieces[names[0]]
    said = re.sub(r"\s+", "", pred)
    prefix = re.sub(r"\s+", "", name) + "="
    if said.startswith(prefix):
        said = said[len(prefix):]
    elif "=" in said:
        return m.group("value").strip(), None
    number = _value(said)
    bounds = [None if i == names[0] else _value(p) for i, p in enumerate(pieces)]
    if number is None or any(b is None for i, b in enumerate(bounds) if i != names[0]):
        return m.group("value").strip(), None
    sides = [number if i == names[0] else b for i, b in enumerate(bounds)]
    meets = all(_OPS[op](sides[i], sides[i + 1]) for i, op in enumerate(ops))
    return m.group("value").strip(), (bool(meets), "accepted-range" if meets else "outside-accepted-range")


_FORMS_JOIN = lazy_compile(r"\s*(?:\\#\s*\\#|##)\s*")


def one_of_forms(gold: str) -> str | None:
    """The first of the forms a gold joins by ``##`` when all are one value (``$\\frac{3}{10} \\# \\# 0.3$``:
    ``\\frac{3}{10}``); None when the gold joins no forms, a form is no number, or two forms differ."""
    forms = [f.strip().strip("$").strip() for f in _FORMS_JOIN.split(gold.strip().strip("$"))]
    if len(forms) < 2 or not all(forms):
        return None
    values = [_value(f) for f in forms]
    first = values[0]
    if first is None or any(v is None or abs(v - first) > 1e-12 * max(1, abs(first)) for v in values[1:]):
        return None
    return forms[0]
