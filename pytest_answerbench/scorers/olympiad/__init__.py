"""OlympiadBench (VLMEvalKit ``OlympiadBench.evaluate``): open-ended maths and physics answers, no judge.

upstream: :mod:`.upstream`, the reference's rule-based judge verdict for verdict (its quirks listed
there and in ``docs/profiles-math.md``). Rows on which the reference raises become ``error`` verdicts.
default: :mod:`.default`: the committed final answer of the response compared with every gold
answer by :func:`pytest_answerbench.maths.equivalent`, with the row's ``error`` as an absolute tolerance.

Aggregation follows the reference's table: the ten ``OE_*`` subsets, ``zh_maths``, ``zh_physics``,
``en_maths``, ``en_physics``, ``maths``, ``physics`` and ``AVG`` (percent in upstream, fractions in default).
Subsets without rows are left out instead of dividing by zero; upstream notes that the reference would fail.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...maths import sympy_version
from ...verdict import ScoreContext, Verdict

OPTIONS: dict[str, str] = {}

SUBSETS: tuple[str, ...] = (
    "OE_MM_maths_en_COMP", "OE_MM_maths_zh_CEE", "OE_MM_maths_zh_COMP", "OE_MM_physics_en_COMP",
    "OE_MM_physics_zh_CEE", "OE_TO_maths_en_COMP", "OE_TO_maths_zh_CEE", "OE_TO_maths_zh_COMP",
    "OE_TO_physics_en_COMP", "OE_TO_physics_zh_CEE",
)
SPLITS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("zh_maths", ("zh", "maths")), ("zh_physics", ("zh", "physics")), ("en_maths", ("en", "maths")),
    ("en_physics", ("en", "physics")), ("maths", ("maths",)), ("physics", ("physics",)),
)


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """Score one VLMEvalKit OlympiadBench row in ``ctx.profile`` (see the module docstring)."""
    if ctx.upstream:
        from .upstream import UpstreamCrash, score_upstream

        try:
            ok, model, gold, method = score_upstream(dict(row))
        except UpstreamCrash as crash:
            return Verdict.error(f"the reference raises {crash} on this row", method=f"crash:{crash.kind}")
        return Verdict.graded(ok, extracted=model, gold=gold, method=method)
    from .default import score_default

    return score_default(row, ctx)


def same_answer(a: str, b: str, ctx: ScoreContext) -> bool:  # noqa: ARG001 - the protocol's signature
    """maj@k's vote: two samples' extracted answers are one vote when the maths comparison reads them as equal
    (``\\frac12``, ``0.5`` and ``1/2``)."""
    from ...maths import answers_agree

    return answers_agree(a, b)


def metrics(rows: list[dict[str, Any]], ctx: ScoreContext) -> dict[str, Any]:
    """The reference's accuracy table, computed from report rows."""
    per: dict[str, list[float]] = {}
    for r in rows:
        per.setdefault(str(r["fields"].get("source")), []).append(float(r["score"]))
    scale = 100.0 if ctx.upstream else 1.0

    def fmt(correct: float, total: int) -> float:
        value = scale * correct / total
        return value if ctx.upstream else round(value, 6)

    out: dict[str, Any] = {}
    absent = [s for s in SUBSETS if s not in per]
    for subset in SUBSETS:
        if subset in per:
            out[subset] = fmt(sum(per[subset]), len(per[subset]))
    for name, needles in SPLITS:
        pooled = [x for s in SUBSETS if s in per and all(n in s for n in needles) for x in per[s]]
        if pooled:
            out[name] = fmt(sum(pooled), len(pooled))
    if any(s in per for s in SUBSETS):  # not from no data: rows without a known source leave AVG out
        # As the reference: correct answers of the ten subsets over every row of the file.
        out["AVG"] = fmt(sum(x for s in SUBSETS if s in per for x in per[s]), len(rows))
    out["sympy_version"] = sympy_version()
    if absent:
        out["absent_subsets"] = absent
        if ctx.upstream:
            out["upstream_error"] = (f"ZeroDivisionError: the reference divides by the row count of every subset "
                                     f"and {absent[0]} has none")
    return out


def warm_up() -> None:
    """Import SymPy and its LaTeX parser and run one comparison, so a scoring process forked afterwards
    (``isolation: process``) starts warm instead of paying about a second on its first row."""
    from ... import maths

    maths.equivalent("\\frac{1}{2}", "0.5")
    maths.equivalent("x^2+2x+1", "(x+1)^2")
