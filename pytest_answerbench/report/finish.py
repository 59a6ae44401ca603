"""The end of a ``--bench`` run, without pytest: its JSON report, the rescore check, the files written from it.

``run.BenchRun`` (the pytest layer) gathers what the run knows and calls these:

* :func:`run_report` builds the JSON report from the rows' records and the run's facts (its settings, the input
  plan's figures, timings, the judge self-test), through :func:`build.build_report`, the one producer of a
  report;
* :func:`rescore` scores every reported row again from its file and line and records the comparison
  (``--bench-rescore-check``);
* :func:`write_output` writes one file, turning a failure (a full disk) into one message;
  :func:`write_outputs` writes the markdown and HTML outputs (``outputs.OUTPUTS``) and the GitHub step summary.

``settings`` is the run's resolved ``options.Settings`` and ``plan`` its ``inputs.InputPlan``; both are only
read here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .build import add_rescore, build_report
from .io import ENCODE_ERRORS
from .outputs import OUTPUTS
from .render import markdown_summary
from .rows import prediction_files

__all__ = ["rescore", "run_report", "write_output", "write_outputs"]


def run_report(*, spec: Any, settings: Any, plan: Any, rows: Iterable[dict[str, Any]],
               files: list[dict[str, Any]], seconds: float, workers: int, row_seconds: float,
               cpu: tuple[float, float] | None, baseline: Mapping[str, Any] | None,
               selftest: dict[str, Any] | None, final: bool = True, incomplete: str | None = None) -> dict[str, Any]:
    """The JSON report of a run: ``rows`` are every record (scored rows, then the ``not_run`` ones; a list, or
    rows read back from a ``rowstream.RowStream`` in a streamed run), ``files`` the report's ``files`` entry
    (``rows.prediction_files``), ``cpu`` the (rows, processes) CPU seconds of an xdist run.
    ``final`` False: the run ended early; ``incomplete``: why."""
    report = build_report(
        spec=spec, profile=settings.profile, rows=rows, options=settings.benchmark_options,
        files=files, seconds=seconds, with_fingerprint=True, gold_path=settings.gold,
        gates=settings.gates, baseline=baseline, warnings=plan.duplicates, workers=workers,
        row_seconds=row_seconds, cpu=cpu, shard=settings.shard,
        rows_in_files=plan.rows_in_files() if settings.shard is not None else None,
        complete=final, incomplete=incomplete, cluster=settings.cluster)
    if settings.fields:  # --bench-field / fields: which column each benchmark field was read from
        report["fields"] = dict(settings.fields)
    if selftest is not None:  # the judge self-test (judge/selftest.py)
        report["judge_selftest"] = selftest
        if selftest.get("warning"):
            report["warnings"] = [*report.get("warnings", ()), selftest["warning"]]
    incomplete_runs = plan.harness_incomplete()  # a harness's log of a run it did not finish
    if incomplete_runs:
        report["harness_incomplete"] = incomplete_runs
    return report


def rescore(report: dict[str, Any], scorer: Callable[..., Any], plan: Any, spec: Any) -> None:
    """Score every reported row again with ``scorer(row, row_id)`` (same files, lines, ids: read again through
    ``plan``) and record the comparison in ``report`` (``build.add_rescore``). Rows with nothing to read again
    (unreadable rows, gold-only rows) stay as they were."""
    gold = plan.gold
    by_file = plan.rows_by_line()
    # The samples of a list of responses are one line's consecutive numbers: the first one is its item 0.
    first: dict[tuple[Any, Any], int] = {}
    for r in report["rows"]:
        if r.get("sample") is not None:
            key = (r["file"], r["line"])
            first[key] = min(first.get(key, r["sample"]), r["sample"])
    rows = []
    for r in report["rows"]:
        row = by_file.get(r["file"], {}).get(r["line"])
        if row is None:
            rows.append(r)
            continue
        if r.get("sample") is not None:
            row = plan.response_row(row, r["sample"] - first[(r["file"], r["line"])])
        if gold is not None:
            row, _ = gold.join(row, spec.row_id(row))
        verdict = scorer(row, r["id"]).to_dict()
        rows.append({**r, **{k: verdict[k] for k in ("status", "score", "extracted", "gold")}})
    add_rescore(report, rows)


def write_output(what: str, path: Path, write: Callable[..., None], *args: Any, errors: list[str]) -> bool:
    """Write one output with ``write(path, *args)``; a failure (a full disk) becomes one message in ``errors``,
    not a traceback (the writers leave no temporary file). Was it written?"""
    try:
        write(path, *args)
    except OSError as exc:
        errors.append(f"cannot write the {what} to {path}: {exc.strerror or exc}")
        return False
    return True


def _append_text(path: Path, text: str) -> None:
    with open(path, "a", encoding="utf-8", errors=ENCODE_ERRORS) as fh:
        fh.write(text)


def write_outputs(report: dict[str, Any], settings: Any, base: str | os.PathLike[str],
                  errors: list[str]) -> list[tuple[str, str]]:
    """The outputs rendered from the finished report (``outputs.OUTPUTS``: the markdown and the HTML, at the
    paths ``settings`` gives, relative to ``base``) and, on GitHub Actions, the step summary. Returns (label,
    path) of each output written; failures go to ``errors``."""
    comparison = report.get("comparison")
    written = []
    for out in OUTPUTS:
        value = getattr(settings, out.field)
        if out.render is None or not value:  # the JSON report is written as the run goes
            continue
        path = Path(base, value)
        if write_output(out.label, path, out.write, report, comparison, settings.flips, errors=errors):
            written.append((out.label, str(path)))
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        text = markdown_summary(report, comparison, top=settings.flips)
        write_output("GitHub step summary", Path(summary), _append_text, text + "\n", errors=errors)
    return written
