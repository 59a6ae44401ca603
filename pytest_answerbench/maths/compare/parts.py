"""Reading a whole answer into parts: a label before the answer, decimal commas, repeated solutions,
``x = 3, y = 2`` as the pair ``(3, 2)``, and the perfect matching between gold and predicted parts."""

from __future__ import annotations

import re
from dataclasses import replace

from ...text.patterns import lazy_compile
from ..exact import BOUND
from ..normalize import Item, is_thousands
from .aliases import asked_question
from .equations import is_label
from .items import items_equal
from .marks import with_marks
from .tuples import split_top, tuple_parts


def unlabelled(g_clean: Item, p_clean: Item) -> Item:
    """The prediction without a label stating it, when the gold has none (``S = \\{1, 2\\}``, ``N = 2^{6700}``)."""
    if p_clean.text.startswith("=") and "=" not in g_clean.text:
        # "Area $= \\frac12 \\times 3 \\times 3 = 4.5$": the label was written outside the math
        p_clean = replace(p_clean, text=p_clean.text[1:].strip())
    if "=" in p_clean.text and "=" not in g_clean.text and p_clean.text.count("=") == 1:
        # "S = \{1, 2\}", "x = 2, 3", "A = \{x \mid x < -1 或 x > 3\}": a label states the answer after it
        label, value = p_clean.text.split("=")
        if value.strip() and is_label(label):
            p_clean = with_marks(value, p_clean)
    return p_clean


# a measured value: a number, maybe times a power of ten ("4.8 \times 10^{10}", "73.4 \times 10^3")
_MEASURED = lazy_compile(r"\s*-?\d+(?:\.\d+)?(?:\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*(?:\{\s*-?\d+\s*\}|-?\d))?\s*")


def unlabelled_gold(g_clean: Item, p_clean: Item) -> Item:
    """The gold without a label naming the quantity it measures, when the prediction has none and the value is a
    number with a unit ("y = 0.017 m", "W = 73.4 \\times 10^3 J" against "73.4 kJ"): the prediction states the
    value; a gold equation with letters on its right ("y = 3x + 2") keeps its label."""
    if "=" in p_clean.text or g_clean.text.count("=") != 1:
        return g_clean
    label, value = g_clean.text.split("=")
    if not is_label(label):
        return g_clean
    inner = with_marks(value, g_clean)
    return inner if inner.unit and _MEASURED.fullmatch(inner.text) else g_clean


def distinct(parts: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for part in parts:
        key = re.sub(r"\s+", "", part)
        if key not in seen:
            seen.add(key)
            out.append(part)
    return out


GROUPED = lazy_compile(r"[\s$]*\{[^{}]*\}[\s$]*")  # "{1, 3}" in TeX grouping braces (not the set "\{1, 3\}")
_DECIMAL_COMMA = lazy_compile(r"-?\d+,\d+")
_DECIMAL = lazy_compile(r"-?\d+\.\d+")


def decimal_comma(text: str, other: str) -> str:
    """``1000,99`` / ``0,111`` against the decimal ``1000.99`` / ``0.111``: a decimal comma. Digit groups
    (``1,000``) and lists (against anything but a decimal) stay as written."""
    if _DECIMAL_COMMA.fullmatch(text) and not is_thousands(text) and _DECIMAL.fullmatch(other.strip()):
        return text.replace(",", ".")
    return text


_ASSIGN = lazy_compile(r"\s*((?:\\[a-zA-Z]+|[a-zA-Z])(?:_\{?\w+\}?)?)\s*=\s*([^=]+)")


_NAMED = lazy_compile(r"(?:\\[a-zA-Z]+|[a-zA-Z])(?:_\{?\w+\}?)?")


def spread_assignment(text: str) -> str:
    """``(x, y) = (1, 2)`` as the named values ``x = 1, y = 2`` (so they match by name, the grading conventions);
    ``text`` unchanged unless both sides are tuples of the same length, the left one of distinct names."""
    if text.count("=") != 1 or not text.lstrip().startswith(("(", "[", "\\langle")):
        return text
    left, right = split_top(text, "=") if len(split_top(text, "=")) == 2 else ("", "")
    names, values = tuple_parts(left), tuple_parts(right)
    if names is None or values is None or len(names) != len(values) or len(set(names)) != len(names) or \
            not all(_NAMED.fullmatch(n) for n in names):
        return text
    return ", ".join(f"{n} = {v}" for n, v in zip(names, values))


def in_asked_order(text: str) -> str:
    """A labelled tuple ``(k, m) = (3, 6)`` as the tuple ``(6, 3)`` when the row's question writes those names as
    ``(m, k)``: the values by name, in the question's order; ``text`` unchanged otherwise."""
    if spread_assignment(text) == text:
        return text
    left, right = split_top(text, "=")
    names, values = tuple_parts(left), tuple_parts(right)
    if names is None or values is None or len(names) != len(values):
        return text
    named = {name.strip(): value.strip() for name, value in zip(names, values)}
    order = asked_order(set(named))
    return "(" + ", ".join(named[n] for n in order) + ")" if order else text


def assignments_as_tuples(parts: list[str], other: list[str]) -> list[str]:
    """``x = 3, y = 2`` -> ``[(3, 2)]`` when the other side's answers are all tuples of that length: the values in
    the order the row's question writes the tuple of those names ("all pairs $(n, k)$": ``k = 3, n = 4`` is
    ``(4, 3)``), else in the names' alphabetical order. A variable named again starts the next tuple (``x=1, y=1, x=-1, y=-1``: two
    pairs). Otherwise ``parts`` unchanged."""
    sizes = set()
    for part in other:
        inner = tuple_parts(part)
        if inner is None:
            return parts
        sizes.add(len(inner))
    if len(sizes) != 1 or len(parts) < 2:
        return parts
    groups: list[dict[str, str]] = [{}]
    for part in parts:
        m = _ASSIGN.fullmatch(part)
        if not m:
            return parts
        name = m.group(1).replace("{", "").replace("}", "")
        if name in groups[-1]:
            groups.append({})
        groups[-1][name] = m.group(2).strip()
    size = sizes.pop()
    if any(len(g) != size or set(g) != set(groups[0]) for g in groups):
        return parts
    order = asked_order(set(groups[0])) or sorted(groups[0])
    return ["(" + ", ".join(g[k] for k in order) + ")" for g in groups]


# a tuple of two or more names as a question writes it: "(n, k)", "(x,y,z)", "(a_1, a_2)"
_NAME_TUPLE = lazy_compile(r"(?<![A-Za-z\\])\(\s*((?:\\?[a-zA-Z]+(?:_\{?\w+\}?)?\s*,\s*)+\\?[a-zA-Z]+(?:_\{?\w+\}?)?)\s*\)")


def asked_order(names: set[str]) -> list[str] | None:
    """The order of ``names`` in the first tuple of exactly those names the row's question writes, or None."""
    question = asked_question()
    if not question or "(" not in question:
        return None
    for m in _NAME_TUPLE.finditer(question):
        written = [n.strip().replace("{", "").replace("}", "") for n in m.group(1).split(",")]
        if len(written) == len(names) and set(written) == names:
            return written
    return None


def match_all(gold: list[Item], pred: list[Item], tols: list, kind, ordered: bool) -> tuple[bool, set[str]]:
    """A perfect matching (not greedy first-fit) between gold and predicted parts -> (matched, methods).

    A pair left undecided by a size bound (``bound:...``) is a maybe: when the parts match only if some maybe
    holds, the result is ``(False, {the bound methods})``, undecided rather than wrong.
    """
    n = len(gold)
    ok_table: dict[tuple[int, int], str | None] = {}
    bounds: set[str] = set()

    def ok(i: int, j: int, maybe: bool = False) -> str | None:
        if (i, j) not in ok_table:
            eq, how = items_equal(gold[i], pred[j], tols[i], kind)
            ok_table[(i, j)] = how if eq or how.startswith(BOUND) else None
            if how.startswith(BOUND):
                bounds.add(how)
        how = ok_table[(i, j)]
        return how if how and (maybe or not how.startswith(BOUND)) else None

    if ordered:
        methods = set()
        for i in range(n):
            how = ok(i, i, maybe=True)
            if not how:
                return False, set()
            methods.add(how)
        return (False, bounds) if bounds else (True, methods)

    def matching(maybe: bool) -> dict[int, int] | None:
        match_of_pred: dict[int, int] = {}

        def augment(i: int, seen: set[int]) -> bool:
            for j in range(n):
                if j not in seen and ok(i, j, maybe):
                    seen.add(j)
                    if j not in match_of_pred or augment(match_of_pred[j], seen):
                        match_of_pred[j] = i
                        return True
            return False

        return match_of_pred if all(augment(i, set()) for i in range(n)) else None

    found = matching(False)
    if found is None:
        return False, (bounds if bounds and matching(True) is not None else set())
    return True, {ok(i, j) or "" for j, i in found.items()}
