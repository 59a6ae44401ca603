"""PuzzleClone PolyhedronEvaluator (``polyhedron``): structured answers scored by ``eval_type``.

Row fields: ``prediction`` (the model output; answers in ``\\boxed{}`` or ``<answer>`` tags), ``answer`` (the
reference; several parts separated by ``====``, ``;``, ``；`` or a newline), optional ``eval_type`` (comma-
separated, one type per part: ``option``, ``multi_options``, ``nominal``, ``strict_nominal``, ``numeral``,
``ordered array``, ``unordered array``, ``subset``, nested ``x*a_y`` such as ``oua_nominal``; absent = detect
from the reference) and optional ``score_type`` (``hard``/``soft``; else the benchmark option ``score_type``,
else ``hard``).

upstream: ``compute_score`` value for value (hard mode returns the fraction of parts correct, and all the
reference's quirks). default: the seed's intent with the plain bugs fixed; hard mode is all-or-nothing.
The differences are listed in ``docs/profiles-structured.md``. The row score is the value in 0..1; a row is
``correct`` only at full score. In both profiles, text the reference would run as Python (its symbolic fallback
calls SymPy's ``parse_expr``, i.e. ``eval``) is read by :mod:`pytest_answerbench.pyexpr` without running it;
text that could only be scored by running it (``exec(...)``, ``open(...)``, attribute access) makes the row an
``error`` with method ``not-evaluated``.

The profiles part by a line here and there deep inside one comparison tree (``core.py``'s type router down to the
leaves of ``array.py``, ``num.py`` and ``text.py``), so every function on that path takes ``fixed`` (``fixed=not
ctx.upstream``) rather than the tree being split into ``upstream.py`` / ``default.py``; the convention is stated
in ``scorers/__init__.py``.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from ...pyexpr import NotReproducible
from ...verdict import ScoreContext, Verdict
from .core import compute_score
from .num import LIMIT_FIRED, SYMBOLIC_SECONDS
from .text import MissingDependency

__all__ = ["OPTIONS", "check_options", "evaluation", "metrics", "score"]

OPTIONS: dict[str, str] = {
    "score_type": "hard (default) or soft: used for rows without their own score_type",
}
SCORE_TYPES = ("hard", "soft")
NOT_EVALUATED = ("the reference would run this answer text as Python (SymPy parse_expr); it is never run here, "
                 "so the reference's verdict cannot be reproduced")


def check_options(options: Mapping[str, Any]) -> str | None:
    """Validate the benchmark's options; an error string naming the key and the valid choices."""
    value = options.get("score_type", "hard")
    if value not in SCORE_TYPES:
        return f"options.score_type {value!r} unknown (known: {', '.join(SCORE_TYPES)})"
    return None


def _text(value: Any) -> str | None:
    """A cell as text; None for an empty cell (null or a spreadsheet NaN)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value if isinstance(value, str) else str(value)


def _short(items: list[Any], limit: int = 300) -> str:
    text = " | ".join("" if x is None else str(x) for x in items)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """Score one row (see the module docstring)."""
    gold = _text(row.get("answer"))
    if gold is None:
        return Verdict.error("the row's answer is empty")
    prediction = _text(row.get("prediction"))
    eval_type = _text(row.get("eval_type"))
    score_type = _text(row.get("score_type")) or ctx.options.get("score_type", "hard")
    upstream = ctx.upstream
    if not upstream:
        # Read case-blind ("Hard", " soft "): the seed's two modes, whatever the spelling.
        score_type = score_type.strip().lower()
        if score_type not in SCORE_TYPES:
            return Verdict.error(f"score_type {score_type!r} unknown (known: {', '.join(SCORE_TYPES)})", gold=gold)
    # upstream: the reference never checks the value; each of its branches tests `== "hard"` or `== "soft"`, so
    # another spelling ("Hard") takes the soft branch of the first kind and the hard branch of the second, as ours do.
    LIMIT_FIRED.clear()
    try:
        value, trace = compute_score(prediction if prediction is not None else "", gold, eval_type, score_type,
                                     fixed=not upstream)
    except MissingDependency as exc:
        return Verdict.error(str(exc), gold=gold)
    except NotReproducible as exc:
        return Verdict.error(NOT_EVALUATED + f" ({exc})", gold=gold, method="not-evaluated")
    raw = float(value)
    if not upstream and score_type == "hard":
        # The seed: hard scoring is binary, every part must be right.
        raw = 1.0 if raw >= 1.0 else 0.0
    final = min(max(raw, 0.0), 1.0)
    answers = trace.get("answers") or []
    types = trace.get("types") or []
    method = f"{','.join(types)}:{score_type}:{trace.get('rule', 'error')}"
    detail_bits = []
    if "swallowed" in trace:
        detail_bits.append(f"error swallowed as the reference does ({trace['swallowed']})")
    if not upstream and score_type == "hard" and 0.0 < float(value) < 1.0:
        detail_bits.append(f"{float(value):.4g} of the parts right (hard: all or nothing)")
    extra: dict[str, Any] = {"score_type": score_type, "eval_type": eval_type}
    if LIMIT_FIRED:
        detail_bits.append(f"the reference's {SYMBOLIC_SECONDS:g} s SymPy limit (CPU time) ended {len(LIMIT_FIRED)} "
                           f"comparison(s), counted as not equal (first: {LIMIT_FIRED[0][0]!r} vs {LIMIT_FIRED[0][1]!r})")
        extra["symbolic_limit_fired"] = len(LIMIT_FIRED)
    if upstream and value is False:
        extra["reference_value"] = False
    return Verdict.partial(final, extracted=_short(answers) if answers else None, method=method, gold=gold,
                           detail="; ".join(detail_bits), extra=extra)


def evaluation(prediction: str, answer: str, eval_type: str | None = None, profile: str = "upstream") -> bool:
    """The reference's ``evaluation()``: True when hard scoring gives full marks."""
    value, _ = compute_score(prediction, answer, eval_type, "hard", fixed=profile != "upstream")
    return float(value) >= 1


def metrics(rows: list[dict[str, Any]], ctx: Any) -> dict[str, Any]:
    """Mean score and the share of rows at full score, overall and per score type."""
    if not rows:
        return {}
    out: dict[str, Any] = {
        "mean_score": round(sum(float(r["score"]) for r in rows) / len(rows), 6),
        "full_score_rate": round(sum(1 for r in rows if float(r["score"]) >= 1.0) / len(rows), 6),
    }
    by_type: dict[str, list[float]] = {}
    for r in rows:
        kind = (r.get("extra") or {}).get("score_type")
        if kind:
            by_type.setdefault(kind, []).append(float(r["score"]))
    for kind, values in sorted(by_type.items()):
        out[f"mean_score_{kind}"] = round(sum(values) / len(values), 6)
    return out
