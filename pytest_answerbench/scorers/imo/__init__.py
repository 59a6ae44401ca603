"""IMO-AnswerBench (google-deepmind/superhuman, evaluation harness of PR #11): short olympiad answers.

Rows: the AnswerBench CSV columns (``Problem ID``, ``Problem``, ``Short Answer``, ``Category``, ``Subcategory``, ``Source``)
plus ``prediction`` (or ``id``/``answer``/``prediction``; the harness's ``Model Answer`` column is accepted
in place of ``prediction``).

upstream: :mod:`.upstream`, ``check_answer`` verdict for verdict on the prediction as given (the
harness expects an already extracted answer); an empty prediction is ``missing``.
default: the committed final answer is extracted from a full response first (boxed, markers), then compared
with :func:`pytest_answerbench.maths.equivalent` (thousands separators, sets, intervals, equations,
expressions by simplify with numeric spot checks); the ``Problem`` text (or ``question``) is read as the
olympiad scorer reads its question: a letter of the options it lists names that option, and the comparison's
question-aware readings (an eigenvector, a fraction of a quantity, the quantity asked for) apply.

Aggregation (``compute_metrics``): ``overall``, ``by_category``, ``by_subcategory`` (``"{cat}/{subcat}"``),
``by_source`` and ``by_method``. A row with no Category/Subcategory/Source (the column-shifted v2 row) is
counted under ``"None"`` instead of crashing the sort as the reference does; upstream notes the crash.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from ...maths import sympy_version
from ...verdict import ScoreContext, Verdict

OPTIONS: dict[str, str] = {}


def _gold(row: Mapping[str, Any]) -> Any:
    for name in ("Short Answer", "answer"):
        if name in row and row[name] is not None:
            return row[name]
    return None


def _empty(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, float) and math.isnan(value))


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """Score one AnswerBench row; an empty prediction is ``missing`` (wrong) in both profiles."""
    gold = _gold(row)
    if gold is None or (isinstance(gold, float) and math.isnan(gold)):
        return Verdict.error("the row has no Short Answer", method="no-gold")
    gold_text = str(gold)
    prediction = row.get("prediction", row.get("Model Answer"))
    if _empty(prediction):
        # evaluate_predictions: a falsy answer is "missing", scored wrong (never an error).
        return Verdict.graded(False, method="missing", gold=gold_text, detail="No prediction provided")
    if ctx.upstream:
        from .upstream import check_answer

        result = check_answer(str(prediction), gold_text)
        return Verdict.graded(result["correct"], extracted=str(prediction), gold=gold_text,
                              method=result["method"], detail=result["details"])
    from .default import score_default

    question = row.get("Problem", row.get("question"))
    return score_default(str(prediction), gold_text, ctx, question=question if isinstance(question, str) else None)


def _table(rows: list[dict[str, Any]], key) -> dict[str, dict[str, Any]]:
    buckets: dict[str, list[float]] = {}
    for r in rows:
        buckets.setdefault(key(r), []).append(float(r["score"]))
    return {
        k: {"total": len(v), "correct": sum(1 for s in v if s >= 1.0),
            "accuracy": sum(1 for s in v if s >= 1.0) / len(v)}
        for k, v in sorted(buckets.items())
    }


def same_answer(a: str, b: str, ctx: ScoreContext) -> bool:  # noqa: ARG001 - the protocol's signature
    """maj@k's vote: two samples' extracted answers are one vote when the maths comparison reads them as equal
    (``\\frac12``, ``0.5`` and ``1/2``)."""
    from ...maths import answers_agree

    return answers_agree(a, b)


def metrics(rows: list[dict[str, Any]], ctx: ScoreContext) -> dict[str, Any]:
    """``compute_metrics``: overall, by_category, by_subcategory, by_source, by_method."""
    def field(r: dict[str, Any], name: str) -> str:
        return str(r["fields"].get(name))

    total = len(rows)
    correct = sum(1 for r in rows if r["status"] == "correct")
    methods: dict[str, int] = {}
    for r in rows:
        methods[r.get("method") or r["status"]] = methods.get(r.get("method") or r["status"], 0) + 1
    out: dict[str, Any] = {
        "overall": {"total": total, "correct": correct, "accuracy": correct / total if total else 0.0},
        "by_category": _table(rows, lambda r: field(r, "Category")),
        "by_subcategory": _table(rows, lambda r: f"{field(r, 'Category')}/{field(r, 'Subcategory')}"),
        "by_source": _table(rows, lambda r: field(r, "Source")),
        "by_method": dict(sorted(methods.items())),
    }
    out["sympy_version"] = sympy_version()
    if ctx.upstream and any(r["fields"].get(k) is None for r in rows for k in ("Category", "Subcategory", "Source")) \
            and any(r["fields"].get(k) is not None for r in rows for k in ("Category", "Subcategory", "Source")):
        out["upstream_error"] = ("TypeError: the reference sorts the group keys and a row without "
                                 "Category/Subcategory/Source has None next to strings")
    return out


def warm_up() -> None:
    """Import SymPy and its LaTeX parser and run one comparison, so a scoring process forked afterwards
    (``isolation: process``) starts warm instead of paying about a second on its first row."""
    from ... import maths

    maths.equivalent("\\frac{1}{2}", "0.5")
    maths.equivalent("x^2+2x+1", "(x+1)^2")
