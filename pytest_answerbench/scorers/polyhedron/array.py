"""PolyhedronEvaluator arrays: splitting, element comparison, ordered/unordered/subset and nested ``x*a_y`` types.

Reference behaviour (PolyhedronEvaluator's ``eval_array.py``; differences in ``docs/profiles-structured.md``). With
``fixed=True`` (default profile) unordered comparison uses a maximum matching instead of the reference's greedy
first-match, subset elements of any type are compared as text (the reference raises on JSON numbers), and unordered
nested levels use an optimal assignment instead of trying every permutation.
"""

from __future__ import annotations

import functools
import json
import re
from itertools import permutations
from typing import Any, Callable

from .num import is_digit, numeral_equal
from .text import json_repair_loads, nominal_equal, parse_latex_table

__all__ = ["nested_score", "order_array_equal", "parse_array", "split_and_strip", "subset_array_equal",
           "unorder_array_equal"]


@functools.lru_cache(maxsize=10000)
def _split_and_strip(text: str) -> Any:
    if text.startswith("[") and text.endswith("]"):
        try:
            return json_repair_loads(text)
        except Exception:
            pass
    if "\\begin{" in text:
        return parse_latex_table(text)
    parts = re.split(r"[,;、，；和或]", text)
    if len(parts) <= 1:
        parts = text.split("\\")
    return [p.strip() for p in parts if p.strip()]


def split_and_strip(text: str) -> Any:
    """A text answer as a list: JSON (repaired), a LaTeX table, or split on ``, ; 、 ， ； 和 或`` (else ``\\``)."""
    value = _split_and_strip(text)
    # A copy, so that callers cannot change the cached value.
    return list(value) if isinstance(value, list) else value


def _is_sub_str(ref: str, pre: str) -> bool:
    r, p = ref.strip().lower(), pre.strip().lower()
    if not r or not p:
        return len(r) == len(p)
    return r in p


def element_equal(pre: Any, ref: Any, fixed: bool = False) -> bool:
    """One array element: nested lists in order; nominal; numeral for a numeric reference; else substring."""
    if isinstance(pre, list) and isinstance(ref, list):
        return order_array_equal(pre, ref, "hard", fixed)
    if isinstance(pre, list) or isinstance(ref, list):
        return False
    p, r = str(pre), str(ref)
    # Default profile: a numeric reference is compared as a number only; the text comparison deletes
    # punctuation, minus signs included, so -1 would equal 1 (the sign bug P2 fixes for numerals).
    if not (fixed and is_digit(r)) and nominal_equal(p, r, fixed):
        return True
    if is_digit(r):
        return bool(numeral_equal(p, r, "hard", fixed))
    return _is_sub_str(r, p)


def order_array_equal(pre: Any, ref: Any, score_type: str = "hard", fixed: bool = False) -> bool | float:
    """Position by position: hard needs equal length and every pair equal; soft = matches / longer length."""
    if type(pre) is not list or type(ref) is not list:
        return False
    if score_type == "hard":
        return len(pre) == len(ref) and all(element_equal(p, r, fixed) for p, r in zip(pre, ref))
    hits = sum(element_equal(p, r, fixed) for p, r in zip(pre, ref))
    return hits / max(len(pre), len(ref), 1)


def _greedy_matches(pre: list[Any], ref: list[Any], equal: Callable[[Any, Any], bool]) -> int:
    left = list(ref)
    hits = 0
    for p in pre:
        for i, r in enumerate(left):
            if equal(p, r):
                hits += 1
                del left[i]
                break
    return hits


def _max_matches(pre: list[Any], ref: list[Any], equal: Callable[[Any, Any], bool]) -> int:
    """Size of a maximum bipartite matching (Kuhn's augmenting paths)."""
    edges = [[j for j, r in enumerate(ref) if equal(p, r)] for p in pre]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return sum(1 for i in range(len(pre)) if augment(i, set()))


def unorder_array_equal(pre: Any, ref: Any, score_type: str = "hard", fixed: bool = False) -> bool | float:
    """Order-free comparison: hard needs equal length and every element matched; soft = matches / longer."""
    if type(pre) is not list or type(ref) is not list:
        return False
    if score_type == "hard" and len(pre) != len(ref):
        return False
    count = _max_matches if fixed else _greedy_matches
    hits = count(pre, ref, lambda p, r: element_equal(p, r, fixed))
    if score_type == "hard":
        return hits == len(pre)
    return hits / max(len(pre), len(ref), 1)


def _to_float(x: Any) -> float | None:
    if isinstance(x, list):
        if not x:
            return None
        x = x[0]
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def order_number_array_equal(pre: Any, ref: Any, score_type: str = "hard", fixed: bool = False) -> bool | float:
    """Numbers position by position, exact float equality (no tolerance, as the reference)."""
    if not isinstance(pre, list) or not isinstance(ref, list):
        return False
    pairs = [(_to_float(p), _to_float(r)) for p, r in zip(pre, ref)]
    if score_type == "hard":
        return len(pre) == len(ref) and all(p is not None and r is not None and p == r for p, r in pairs)
    hits = sum(1 for p, r in pairs if p is not None and r is not None and p == r)
    return hits / max(len(pre), len(ref), 1)


def unorder_number_array_equal(pre: Any, ref: Any, score_type: str = "hard", fixed: bool = False) -> bool | float:
    """Numbers as a multiset, exact float equality; hard rejects any non-number in the prediction."""
    if not isinstance(pre, list) or not isinstance(ref, list):
        return False
    left = [_to_float(r) for r in ref]
    if score_type == "hard":
        # The reference only asks for at least as many predicted as reference numbers here.
        if len(pre) < len(ref):
            return False
        for p in pre:
            f = _to_float(p)
            if f is None or f not in [r for r in left if r is not None]:
                return False
            left.remove(f)
        return True
    hits = 0
    for p in pre:
        f = _to_float(p)
        if f is None:
            continue
        if f in [r for r in left if r is not None]:
            left.remove(f)
            hits += 1
    return hits / max(len(pre), len(ref), 1)


def subset_array_equal(pre: Any, ref: Any, fixed: bool = False) -> bool:
    """True when every predicted element contains some reference element (case-insensitive substring)."""
    for p in pre:
        if fixed:
            if not any(str(r).lower() in str(p).lower() for r in ref):
                return False
        elif not any([r.lower() in p.lower() for r in ref]):  # AttributeError on numbers, as the reference
            return False
    return True


def parse_array(ref: str, pre: str) -> tuple[list[Any], list[Any]]:
    """Both sides of a nested array type as lists (JSON, repaired JSON or a LaTeX table); pre padded with None."""
    ref_clean = ref.replace("(", "[").replace(")", "]").replace("\\", "").lstrip("#")
    pre_initial = (pre.replace("(", "[").replace(")", "]").replace("“", '"').replace("”", '"').lstrip("#"))
    pre_clean = pre_initial.replace("\\", "")
    if pre_clean.startswith("{[") and pre_clean.endswith("]}"):
        pre_clean = "[" + pre_clean[1:-1] + "]"
    try:
        ref_t = json.loads(ref_clean)
        pre_t = json.loads(pre_clean)
    except (SyntaxError, ValueError):
        try:
            ref_t = json_repair_loads(ref_clean)
            if "\\begin{" in pre:
                pre_t = parse_latex_table(pre_initial)
            else:
                pre_t = json_repair_loads(pre_clean)
                if len(re.split(r"\W+", str(pre_t))) <= len(re.split(r"\W+", pre_clean)) // 1.1:
                    pre_t = json_repair_loads("[" + pre_clean + "]")
        except json.JSONDecodeError:
            return [], []
    if not isinstance(ref_t, list):
        ref_t = [ref_t]
    if not isinstance(pre_t, list):
        pre_t = list(pre_t.values()) if isinstance(pre_t, dict) else [pre_t]
    if len(pre_t) < len(ref_t):
        pre_t = pre_t + [None] * (len(ref_t) - len(pre_t))
    return ref_t, pre_t


LEAVES: dict[tuple[str, str], Callable[..., Any]] = {
    ("o", "nominal"): order_array_equal,
    ("o", "numeral"): order_number_array_equal,
    ("u", "nominal"): unorder_array_equal,
    ("u", "numeral"): unorder_number_array_equal,
}


def nested_score(pre: Any, ref: Any, leaf: Callable[..., Any], score_type: str, levels: str,
                 fixed: bool = False) -> bool | float:
    """Score nested lists level by level (``levels`` = outer order letters, e.g. ``ou``) with ``leaf`` inside.

    ``o``: per reference row, a missing or non-list predicted row scores 0; soft averages over the reference
    rows, hard needs all (extra predicted rows are ignored, as the reference). ``u``: the best row order.
    """
    soft = score_type == "soft"
    if not levels:
        return leaf(pre, ref, score_type, fixed)
    if levels[0] not in "ou" and not fixed:
        # The reference's inner scorer knows only "o" and "u" and returns None for any other level letter (a
        # space left by "numeral, oa_numeral" split without stripping): summing the parts then raises a
        # TypeError that compute_score swallows, and the whole row scores 0.
        return None  # type: ignore[return-value]
    if levels[0] == "o":
        scores = []
        for i, r in enumerate(ref):
            if i >= len(pre) or not isinstance(pre[i], list):
                scores.append(0.0 if soft else False)
            else:
                scores.append(nested_score(pre[i], r, leaf, score_type, levels[1:], fixed))
        if soft:
            return sum(scores) / max(len(scores), 1)
        return all(scores)
    if fixed:
        return _best_assignment(pre, ref, leaf, score_type, levels, fixed)
    best: set[Any] = set()
    for perm in permutations(pre):
        value = nested_score(list(perm), ref, leaf, score_type, "o" + levels[1:], fixed)
        best.add(value)
        if value == 1.0:
            break
    return max(best)


def _best_assignment(pre: Any, ref: Any, leaf: Callable[..., Any], score_type: str, levels: str,
                     fixed: bool) -> bool | float:
    """An unordered level without trying every permutation: best row-to-row assignment.

    The value of an ordering is the mean (soft) or conjunction (hard) of per-row scores, so the best ordering
    is a maximum-weight assignment of predicted rows to reference rows. Solved exactly by dynamic programming
    over subsets of reference rows (at most 2^len(ref) states; beyond 16 rows, greedy by best score).
    """
    soft = score_type == "soft"
    n = len(ref)
    if n == 0:
        return 0.0 if soft else True

    def cell(p: Any, r: Any) -> float:
        if not isinstance(p, list):
            return 0.0
        return float(nested_score(p, r, leaf, score_type, levels[1:], fixed))

    weights = [[cell(p, r) for r in ref] for p in pre]
    if n <= 16:
        best = {0: 0.0}
        for row in weights:
            nxt = dict(best)
            for mask, total in best.items():
                for j, w in enumerate(row):
                    if not mask & (1 << j):
                        key = mask | (1 << j)
                        if nxt.get(key, -1.0) < total + w:
                            nxt[key] = total + w
            best = nxt
        total = max(best.values())
    else:
        taken: set[int] = set()
        total = 0.0
        for row in weights:
            options = [(w, j) for j, w in enumerate(row) if j not in taken]
            if options:
                w, j = max(options)
                taken.add(j)
                total += w
    if soft:
        return total / n
    return total >= n
