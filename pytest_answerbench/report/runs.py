"""Repeated runs of one checkpoint: run-to-run spread and the rows whose verdict flips.

Pure (no pytest). Given the JSON reports of N runs over the same prediction set (same benchmark and profile), it
answers "how much does the score move between runs, and which rows move it", so a user can tell noise from a
regression before choosing a ``--bench-max-drop`` margin. Rows are paired by id; a row missing from some runs is
counted apart (``rows_not_in_every_run``), never silently dropped.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Sequence

__all__ = ["RunsError", "compare_runs"]


class RunsError(ValueError):
    """The reports cannot be compared as runs of one checkpoint (fewer than two, another benchmark, profile or
    scorer version)."""


def _rows_by_id(report: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {str(r.get("id")): r for r in report.get("rows") or []}


def compare_runs(reports: Sequence[Mapping[str, Any]], names: Sequence[str] | None = None,
                 limit: int = 200) -> dict[str, Any]:
    """Spread of accuracy over runs and the unstable rows.

    Returns ``{"runs": [{"name", "accuracy", "total"}], "mean", "sd" (sample standard deviation), "min", "max",
    "range", "rows_compared", "unstable" (rows whose status differs between runs), "unstable_share",
    "unstable_rows": [{"id", "statuses": [...], "scores": [...]}] (at most ``limit``, most split first),
    "rows_not_in_every_run"}``.
    """
    if len(reports) < 2:
        raise RunsError(f"--runs needs at least two reports, got {len(reports)}")
    names = list(names or [f"run{i + 1}" for i in range(len(reports))])
    kinds = {(r.get("benchmark"), r.get("profile")) for r in reports}
    if len(kinds) > 1:
        listed = ", ".join(f"{n}: {r.get('benchmark')}/{r.get('profile')}" for n, r in zip(names, reports))
        raise RunsError(f"the reports are not runs of one benchmark and profile ({listed})")
    # verdicts of two scorer versions differ by the scorer, not by the run: no spread of one checkpoint
    versions = {str(r.get("scorer_version")) for r in reports}
    if len(versions) > 1:
        listed = ", ".join(f"{n}: {r.get('scorer_version')!r}" for n, r in zip(names, reports))
        raise RunsError(f"the reports were scored with different scorer versions ({listed}): score them again "
                        "with one version")
    accuracies = [float(r.get("accuracy") or 0.0) for r in reports]
    mean = sum(accuracies) / len(accuracies)
    sd = math.sqrt(sum((a - mean) ** 2 for a in accuracies) / (len(accuracies) - 1))
    by_run = [_rows_by_id(r) for r in reports]
    common = set(by_run[0]).intersection(*by_run[1:])
    every = set().union(*by_run)
    unstable = []
    for row_id in sorted(common):
        statuses = [run[row_id].get("status") for run in by_run]
        if len(set(statuses)) > 1:
            scores = [float(run[row_id].get("score") or 0.0) for run in by_run]
            unstable.append({"id": row_id, "statuses": statuses, "scores": scores})
    # most split first: the rows right in about half the runs are the noisiest
    unstable.sort(key=lambda u: (abs(sum(u["scores"]) / len(u["scores"]) - 0.5), u["id"]))
    return {
        "runs": [{"name": n, "accuracy": a, "total": r.get("total")} for n, a, r in zip(names, accuracies, reports)],
        "mean": round(mean, 6), "sd": round(sd, 6), "min": min(accuracies), "max": max(accuracies),
        "range": round(max(accuracies) - min(accuracies), 6),
        "rows_compared": len(common), "unstable": len(unstable),
        "unstable_share": round(len(unstable) / len(common), 6) if common else None,
        "unstable_rows": unstable[:limit], "rows_not_in_every_run": len(every - common),
    }
