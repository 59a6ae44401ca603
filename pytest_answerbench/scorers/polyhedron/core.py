"""PolyhedronEvaluator scoring: the type router and the multi-part / multi-attempt ``compute_score``.

``compute_score(..., fixed=False)`` returns what the reference returns (a float, or the bool False when hard mode
extracts nothing), quirks included (the reference's ``main.py`` ``compute_score`` / ``eval_router``; differences in
``docs/profiles-structured.md``). ``fixed=True`` is the default profile: eval types are stripped, auto-detection in
soft mode does not crash on several answers, and the fixed helpers (signs, number words, optimal matching) are used.
Hard mode's all-or-nothing rule is applied by the scorer on top (``polyhedron.score``).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from ...text.patterns import lazy_compile
from .array import (
    LEAVES,
    nested_score,
    order_array_equal,
    parse_array,
    split_and_strip,
    subset_array_equal,
    unorder_array_equal,
)
from .num import numeral_equal
from .text import (
    MissingDependency,
    extract_answer,
    json_repair_loads,
    multi_answers_mcq,
    nominal_equal,
    option_equal,
    strict_nominal_equal,
)

__all__ = ["compute_score", "eval_router", "resolve_type"]

BASIC_TYPES = ("option", "nominal", "strict_nominal", "numeral", "multi_options")
_NESTED = lazy_compile(r"^[ou]+a_(nominal|numeral)$")


def resolve_type(eval_type: str | None) -> str:
    """How the router will treat one part's type: its name, ``nested``, or ``auto`` (detected from the ref)."""
    if not eval_type:
        return "auto"
    if eval_type in BASIC_TYPES:
        return eval_type
    for prefix in ("order", "unorder", "subset"):
        if eval_type.startswith(prefix):
            return prefix
    if "a_" in eval_type:
        before, _, after = eval_type.partition("a_")
        if before and before[-1] in "ou" and after in ("nominal", "numeral"):
            return "nested"
    return "auto"


def _is_option(ref: str) -> bool:
    if len(ref) == 1 and ref.isalpha():
        return True
    if len(ref) > 1:
        if ref[0] == "(" and ref[1].isalpha() and len(ref) > 2 and ref[2] == ")":
            return True
        if ref[0].isalpha() and ref[1] in ".:)":
            return True
    return False


def _multiple_query(ref: str) -> list[str] | None:
    for sep in ("\n", " ", ",", ";"):
        if sep in ref:
            parts = [p.strip() for p in ref.split(sep)]
            if all(re.match(r"^[0-9a-zA-Z\u4e00-\u9fa5]+$", p) for p in parts):
                return parts
    return None


@functools.lru_cache(maxsize=10000)
def eval_router(pre: str | None, ref: str | None, eval_type: str | None = None, score_type: str = "hard",
                fixed: bool = False) -> bool | float:
    """Score one part: the explicit type's comparison, or auto-detection (always hard, as the reference)."""
    if not pre or not ref:
        return False
    pre = pre.strip()
    ref = ref.strip()
    if eval_type:
        if eval_type == "option":
            return option_equal(pre, ref)
        if eval_type == "nominal":
            return nominal_equal(pre, ref, fixed)
        if eval_type == "strict_nominal":
            return strict_nominal_equal(pre, ref, score_type)
        if eval_type == "numeral":
            return numeral_equal(pre, ref, score_type, fixed)
        if eval_type == "multi_options":
            return multi_answers_mcq(pre, ref, score_type, fixed)
        if eval_type.startswith("order"):
            return order_array_equal(split_and_strip(pre), split_and_strip(ref), score_type, fixed)
        if eval_type.startswith("unorder"):
            return unorder_array_equal(split_and_strip(pre), split_and_strip(ref), score_type, fixed)
        if eval_type.startswith("subset"):
            return subset_array_equal(split_and_strip(pre), split_and_strip(ref), fixed)
        if "a_" in eval_type:
            # Two "a_" raise here in the reference (caught by compute_score: the part scores nothing).
            before, after = eval_type.split("a_")
            leaf = LEAVES.get((before[-1:], after))
            if leaf is not None:
                if len(before) == 1:
                    ref_t, pre_t = split_and_strip(ref), split_and_strip(pre)
                else:
                    ref_t, pre_t = parse_array(ref, pre)
                return nested_score(pre_t, ref_t, leaf, score_type, before[:-1], fixed)
    # Auto-detection. The reference does not pass score_type on here: everything below is hard.
    if ref.startswith("[") and ref.endswith("]"):
        return unorder_array_equal(split_and_strip(pre), json_repair_loads(ref), "hard", fixed)
    if _is_option(ref):
        return option_equal(pre, ref)
    parts = _multiple_query(ref)
    if parts is not None:
        return order_array_equal(split_and_strip(pre), parts, "hard", fixed)
    return numeral_equal(pre, ref, "hard", fixed)


def _last_n(items: list[Any], n: int, start: int | None = None) -> list[Any]:
    """``n`` items (the last ``n``, or from ``start``), padded with None at the end."""
    got = items[-n:] if start is None else items[start:start + n]
    return got + [None] * (n - len(got))


@functools.lru_cache(maxsize=10000)
def _numbered_answers(text: str, n: int) -> tuple[str | None, ...] | None:
    """``1. X 2. Y`` -> (X, Y); None unless every ``i.`` marker is present."""
    answers: list[str | None] = []
    rest = text
    for i in range(1, n + 1):
        if f"{i}." not in rest:
            return None
        m = re.search(rf"{i}\.\s*(.+?)(?=\s*{i + 1}\.|$)", rest, flags=re.S)
        if not m:
            answers.append(None)
            continue
        answers.append(m.group(1).strip())
        rest = rest[m.end():]
    return tuple(answers)


def _split_pred(pred: str) -> list[str]:
    for sep in ("====", ",", "，", ";", "；", "\\"):
        if sep in pred:
            pieces = [x.strip() for x in pred.split(sep) if x.strip()]
            return pieces or [pred]
    return [pred]


def compute_score(solution: str, ground_truth: str, eval_type: str | None = None, score_type: str = "hard",
                  fixed: bool = False) -> tuple[bool | float, dict[str, Any]]:
    """The reference's ``compute_score`` and a small trace (answers read, types, which rule decided).

    Returns:
        (score, trace): score is a float in 0..1, or False when hard mode extracted nothing (reference only).
    """
    trace: dict[str, Any] = {}
    if "boxed{" in ground_truth:
        ground_truth = extract_answer(ground_truth, last=True)
    if eval_type is None or eval_type == "":
        types: list[str | None] = [None]
    else:
        types = list(re.split(r"[,，]", eval_type))
        if fixed:
            types = [t.strip() or None for t in types]
    n = len(types)
    trace["types"] = [resolve_type(t) for t in types]
    true_num: Any = 0
    true_num2: Any = 0

    def check(preds: list[Any]) -> list[Any]:
        return [eval_router(preds[i], ref, types[i], score_type, fixed) for i, ref in enumerate(refs)]

    try:
        refs: list[Any] = [ground_truth]
        if n > 1:
            for sep in ("====", ";", "；", "\n"):
                if sep in ground_truth:
                    refs = ground_truth.strip().split(sep)
                    break
        refs = _last_n(refs, n)
        preds = extract_answer(solution)
        trace["answers"] = list(preds)
        n_preds = len(preds)
        if n_preds == 0:
            trace["rule"] = "no-answer"
            return (False if score_type == "hard" else 0.0), trace
        if n > 1:
            numbered = _numbered_answers(preds[-1], n)
            if numbered is not None:
                preds = list(numbered)
                n_preds = len(preds)
        if len(refs) > n_preds:
            preds = [piece for p in preds for piece in _split_pred(p)]
            # (The reference does not update n_preds after this split.)
        if n_preds > n and score_type == "soft":
            windows: dict[str, Any] = {}
            for start in range(n_preds - n + 1):
                window = _last_n(preds, n, start)
                key = str(window)
                if key in windows:
                    windows[key] = windows.pop(key)
                    continue
                windows[key] = sum(check(window))
            scores = list(windows.values())
            first = types[0]
            if fixed and first is None:
                first = ""
            if "_" in first:  # TypeError when the type is None (reference): swallowed below, score 0
                scores = list(dict.fromkeys(reversed(scores)))[::-1]
            m = len(scores)
            scores = [s * (k + 1) / m for k, s in enumerate(scores)]
            true_num = max(scores) * n / max(n, m)
            trace["rule"] = f"attempts:{m}"
        else:
            true_num = sum(check(_last_n(preds, n)))
            scores = [true_num]
            trace["rule"] = "last-answers"
        if n > 1 and true_num < n:
            pieces = _split_pred(preds[-1])
            if str(pieces) != str([preds[-1]]):
                preds = preds[:-1] + pieces
                again = sum(check(_last_n(preds, n)))
                if again > true_num:
                    trace["rule"] = "split-last"
                true_num = max(true_num, again)
        if n == 1 and n_preds > 1 and types[0] not in ("nominal", "strict_nominal", "numeral", "option"):
            joined = eval_router(";".join(preds), refs[0], types[0], score_type, fixed)
            if joined not in scores:
                true_num2 = joined
                if joined > true_num:
                    trace["rule"] = "joined-answers"
    except MissingDependency:
        raise
    except Exception as exc:  # the reference prints and swallows every error here
        trace["swallowed"] = f"{type(exc).__name__}: {exc}"
    return max(true_num, true_num2) / n, trace
