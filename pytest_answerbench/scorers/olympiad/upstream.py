"""OlympiadBench, upstream profile: VLMEvalKit's ``extract_answer`` + ``MathJudger.judge`` verdict for verdict.

Written from the behaviour of VLMEvalKit's ``vlmeval/dataset/utils/olympiadbench.py`` (not copied; differences in
``docs/profiles-math.md``). The quirks are kept on purpose: the ``[2:-2]`` slice of the ``final_answer`` cell, the
model answer passed where the code expects the gold (so the percentage rule scales the model value), ``precision *
1.01`` tolerance, structural- only expression equality (the reference's symbolic branch is dead code), CJK deletion
after the exact check, only the last "So the final answer is" line, boxes joined with commas, greedy first-fit
pairing.

Where the reference raises (a numeric or empty ``error`` cell, an ``error`` list shorter than the answers),
:class:`UpstreamCrash` is raised with the reference's exception type; the scorer turns it into an ``error``
verdict. The reference's 30 s ``is_equal`` limit is a step limit here: a step that runs out counts as a
non-matching pair, as upstream; the row's own budget still ends the row first when it is nearer.
"""

from __future__ import annotations

import math
import re
from typing import Any

from ...maths.guard import UPSTREAM_NODES, StepTimeout, check_tree, step_limit
from ...maths.parse import parse_latex_raw
from ...maths.poly import constant_ratio
from ...text.patterns import lazy_compile

__all__ = ["UpstreamCrash", "extract_answer", "judge", "precision_of", "preprocess", "score_upstream"]

IS_EQUAL_SECONDS = 30.0

_SPECIAL = (
    ("\\left", ""), ("\\right", ""), ("∶", ":"), ("，", ","), ("$", ""), ("\\approx", "="), ("\\simeq", "="),
    ("\\sim", "="), ("^\\prime", "'"), ("^{\\prime}", "'"), ("^\\circ", ""), ("%", ""),
)
_STRIP = "\n$,.:;^_=+`!@#$%^&*~，。"
_MATHRM = lazy_compile(r"\\(?:mathrm|mathbf)\{~?([^}]*)\}")
_CJK = lazy_compile(r"[\u4e00-\u9fff]+")


class UpstreamCrash(Exception):
    """The reference raises on this row (and would abort its whole run)."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind


def _is_nan(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def extract_answer(is_chinese: bool, prediction: Any) -> str:
    """The last "So the final answer is" (or 所以最终答案是) line remainder, else the whole prediction."""
    if _is_nan(prediction) or str(prediction) == "nan":
        prediction = "nan"
    if not isinstance(prediction, str):
        raise UpstreamCrash("TypeError", f"expected string or bytes-like object, got {type(prediction).__name__}")
    marker = "所以最终答案是(.*)" if is_chinese else "So the final answer is (.*)"
    found = re.findall(marker, prediction)
    return found[-1].strip() if found else prediction


def _boxed_or_dollars(text: str) -> str:
    results = ""
    for m in re.finditer(r"\\boxed{", text):
        start = end = m.end()
        depth = 1
        while depth > 0 and end < len(text):
            if text[end] == "{":
                depth += 1
            elif text[end] == "}":
                depth -= 1
            end += 1
        if depth != 0:
            raise ValueError("Mismatched braces in LaTeX string.")
        results += text[start:end - 1] + ","
    if results == "":
        last_line = text.strip().split("\n")[-1]
        spans = re.findall(r"\$(.*?)\$", last_line)
        results = "".join(s + "," for s in spans) if spans else text
    return results


def _symbols(text: str) -> str:
    if "\\in " in text:
        text = text.split("\\in ")[1]
    for find, repl in _SPECIAL:
        text = text.replace(find, repl)
    text = text.strip(_STRIP)
    return _MATHRM.sub(r"\1", text)


def preprocess(text: str) -> str:
    """Box (or last-line ``$..$``) extraction then symbol cleanup, as ``MathJudger.preprocess``."""
    return _symbols(_boxed_or_dollars(text))


def split_by_comma(text: str) -> list[str]:
    """Split at commas outside ``()``/``[]`` (braces ignored, as upstream); pieces stripped."""
    depth, start, out = 0, 0, []
    for i, c in enumerate(text):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    if start < len(text):
        out.append(text[start:].strip())
    return out


def _plus_minus(items: list[str]) -> list[str]:
    out = []
    for item in items:
        if "\\pm" in item:
            out += [item.replace("\\pm", "+"), item.replace("\\pm", "-")]
        else:
            out.append(item)
    return out


def _numerical_equal(a: str, b: str, precision: float) -> bool:
    model, gold = float(a), float(b)
    return any(abs(c - gold) <= precision * 1.01 for c in (model / 100, model, model * 100))


def _rhs(text: str) -> str:
    return (text.split("=")[1] if "=" in text else text).strip()


def _expression_equal(a: str, b: str) -> bool:
    """Structural equality of the parse trees; anything else raises, as the reference's dead branch does."""
    if parse_latex_raw(_rhs(a)) == parse_latex_raw(_rhs(b)):
        return True
    raise AttributeError("'MathJudger' object has no attribute 'sympy_sub_pi'")


def _equation_equal(a: str, b: str) -> bool:
    import sympy

    def difference(eq: str):
        lhs, rhs = eq.split("=")  # more or fewer than one '=' raises, as upstream
        left, right = parse_latex_raw(lhs), parse_latex_raw(rhs)
        # The reference would grind on an exponent tower until its 30 s limit and call the pair unequal;
        # refusing it up front gives the same verdict at once.
        check_tree(left, max_nodes=UPSTREAM_NODES)
        check_tree(right, max_nodes=UPSTREAM_NODES)
        equation = sympy.Eq(left, right)  # may evaluate to True/False: then .lhs raises, as upstream
        return equation.lhs - equation.rhs

    d1 = difference(a)
    d2 = difference(b)
    # The reference simplifies both standard forms and then both ratios. For small polynomials over Q the
    # ratio is decided exactly without simplify (see maths.poly): simplify(e1/e2) is then that constant c,
    # and the verdict is "c or 1/c is a nonzero integer".
    quick = constant_ratio(d1, d2)
    if quick is not None:
        return quick is not False and bool(quick.is_Integer or (1 / quick).is_Integer)
    e1, e2 = sympy.simplify(d1), sympy.simplify(d2)
    q1, q2 = sympy.simplify(e1 / e2), sympy.simplify(e2 / e1)
    return bool((q1.is_Integer and q1 != 0) or (q2.is_Integer and q2 != 0))


def _interval_equal(a: str, b: str) -> bool:
    if a == b:
        return True
    parts1, parts2 = a.split("\\cup"), b.split("\\cup")
    if len(parts1) != len(parts2):
        return False
    for p1, p2 in zip(parts1, parts2):
        if p1[0] != p2[0] or p1[-1] != p2[-1]:
            return False
        for e1, e2 in zip(p1.strip("[]()").split(","), p2.strip("[]()").split(",")):
            if not _expression_equal(e1, e2):
                return False
    return True


def _is_interval(text: str) -> bool:
    return text.startswith(("(", "[")) and text.endswith((")", "]"))


def is_equal(a: str, b: str, precision: float) -> str | None:
    """``MathJudger.is_equal(model item, gold item)``: the name of the branch that matched, or None."""
    if a == b and a != "" and b != "":
        return "identical"
    if _is_interval(a) and _is_interval(b):
        try:
            if _interval_equal(a, b):
                return "interval"
        except Exception:
            return None
    try:
        if _numerical_equal(a, b, precision):
            return "numeric"
    except Exception:
        pass
    try:
        if _expression_equal(a, b) and not ("=" in a and "=" in b):
            return "expression"
    except Exception:
        pass
    try:
        if _equation_equal(a, b):
            return "equation"
    except Exception:
        pass
    return None


def judge(model: str, gold: str, precision: float | list[float] = 1e-8) -> tuple[bool, str]:
    """``MathJudger.judge(model, gold, precision)`` -> (verdict, method)."""
    precisions = list(precision) if isinstance(precision, list) else [precision]
    try:
        e1, e2 = preprocess(model), preprocess(gold)
    except Exception:
        return False, "preprocess-error"
    if e1 == e2:
        return True, "exact"
    list1 = _plus_minus(split_by_comma(_CJK.sub("", e1)))
    list2 = _plus_minus(split_by_comma(_CJK.sub("", e2)))
    if len(precisions) <= 1:
        precisions = precisions * len(list1)
    if len(list1) != len(list2):
        return False, "count-mismatch"
    methods = []
    idx = -1
    while list1:
        idx = (idx + 1) % len(list1)
        item1 = list1[idx]
        if idx >= len(precisions):
            raise UpstreamCrash("IndexError", "list index out of range (error list shorter than the answers)")
        current = precisions[idx]
        for item2 in list2:
            try:
                with step_limit(IS_EQUAL_SECONDS):
                    how = is_equal(item1, item2, current)
            except StepTimeout:
                continue
            if how:
                list1.remove(item1)
                list2.remove(item2)
                precisions.remove(current)
                methods.append(how)
                break
        else:
            return False, "no-match"
    return True, "+".join(sorted(set(methods))) or "empty"


def precision_of(error: Any) -> float | list[float] | None:
    """The precision the reference derives from the ``error`` cell (None: default 1e-8)."""
    if _is_nan(error) or str(error) == "nan":
        return None
    if not isinstance(error, str):
        raise UpstreamCrash("TypeError", f"argument of type '{type(error).__name__}' is not iterable "
                                         "(numeric error cell: pandas read the column as numbers)")
    if "," in error:
        out = []
        for piece in error.split(","):
            try:
                out.append(float(piece) if piece else 1e-8)
            except ValueError:
                raise UpstreamCrash("ValueError", f"could not convert string to float: {piece!r}") from None
        return out
    try:
        return float(error)
    except ValueError:
        raise UpstreamCrash("ValueError", f"could not convert string to float: {error!r}") from None


def score_upstream(row: dict[str, Any]) -> tuple[bool, str, str, str]:
    """Score one row as the reference's ``evaluate`` loop does -> (verdict, model answer, gold, method)."""
    source = row.get("source")
    is_chinese = "zh" in (source if isinstance(source, str) else "")
    model = extract_answer(is_chinese, row.get("prediction"))
    cell = row.get("final_answer", row.get("answer"))
    if isinstance(cell, (list, tuple)):
        cell = str(list(cell))  # what pandas would have written into the cell
    if not isinstance(cell, str):
        raise UpstreamCrash("TypeError", f"'{type(cell).__name__}' object is not subscriptable (final_answer)")
    gold = cell[2:-2]
    answer_type = row.get("answer_type")
    if not _is_nan(answer_type) and str(answer_type) != "nan" and "Tuple" in str(answer_type):
        ok, method = judge(model, gold)
    else:
        precision = precision_of(row.get("error"))
        ok, method = judge(model, gold) if precision is None else judge(model, gold, precision)
    return ok, model, gold, method
