"""The one producer of the JSON report: rows in, the whole report out (aggregates, fingerprint, gates, the
comparison with a baseline, and what the run adds: warnings, the parallel estimate, the shard).

The pytest plugin, ``answerbench merge`` and the library API all build their report here, from plain values;
:func:`add_rescore` is the one later extension (the rescore check runs after the report is written once).
"""

from __future__ import annotations

import os

from typing import Any, Iterable, Mapping, Sequence

from ..verdict import NOT_RUN
from .. import scorers
from ..verdict import ScoreContext
from .gates import (GateSettings, comparison_gates, evaluate_gates, fingerprint_gate, incomplete_gate, min_pass_gate,
                    rescore_gate, unpaired_noninferiority_gate)
from .paired import compare_reports, fingerprint, nothing_paired, rescore_differences, unpaired_mismatch
from .rows import aggregate
from .samples import cluster_bootstrap, group_questions, sample_metrics

__all__ = ["INCOMPLETE", "PER_ITEM_OVERHEAD", "GateSettings", "add_rescore", "add_samples", "build_report",
           "gate_report", "harness_agreement", "parallel_estimate", "workers_cannot_pay"]

#: The report's ``incomplete_reason`` for a run that ended before every row was scored, when no better reason is known.
INCOMPLETE = "the run ended early (a row could not be interrupted)"

# pytest's own cost per row item outside the row's setup/call/teardown (reporting, hooks), measured on the
# 2-core machine of docs/performance.md (serial, 10,000 VMCBench rows: 4.3 s in all, of which ~0.9 s
# scoring and ~0.7 s start-up); used only to estimate what a serial run would have taken.
PER_ITEM_OVERHEAD = 0.0003
# below this share of the usable cores the run's own processes were held back by other work on the machine
BUSY_ENOUGH = 0.5
# what xdist itself costs over a serial run, measured on the same machine (custom row items, 50,000 VMCBench rows:
# 45 s with -n 2 against 26 s serial, and 2-2.6 s more start-up): the per-row and start-up costs workers must
# win back before they pay; used only for the summary's note (``workers_cannot_pay``)
XDIST_PER_ROW = 0.0004
XDIST_START_SECONDS = 2.0


def build_report(
    *,
    spec: Any,
    profile: str,
    rows: Iterable[Mapping[str, Any]],
    files: Sequence[Mapping[str, Any]] = (),
    options: Mapping[str, Any] | None = None,
    seconds: float | None = None,
    tool_version: str | None = None,
    with_fingerprint: bool = False,
    gold_path: str | None = None,
    gates: GateSettings = GateSettings(),
    baseline: Mapping[str, Any] | None = None,
    warnings: Sequence[str] = (),
    workers: int = 0,
    row_seconds: float = 0.0,
    cpu: tuple[float | None, float | None] | None = None,
    shard: tuple[int, int] | None = None,
    rows_in_files: int | None = None,
    complete: bool = True,
    incomplete: str | None = None,
    cluster: str | None = None,
) -> dict[str, Any]:
    """The JSON report of a run (its keys: docs/report-schema.md).

    Args:
        spec: the ``BenchmarkSpec`` the rows were scored with; ``profile`` and ``options`` as scored.
        rows: report rows (:func:`pytest_answerbench.report.rows.make_row`), in any order.
        files: the prediction files (:func:`pytest_answerbench.report.rows.file_entry`).
        seconds: the run's wall time; ``tool_version`` for a report rebuilt from older ones (merge).
        with_fingerprint: hash what the verdicts depend on (the benchmark YAML and its includes, the gold file
            at ``gold_path``) into ``fingerprint``, so a later run can tell whether it is comparable.
        gates: the gates asked for (:class:`~pytest_answerbench.report.gates.GateSettings`). With a
            ``baseline`` report that has rows, the max-drop and non-inferiority gates come from the paired
            comparison (stored under ``comparison``); a baseline without rows is compared by its accuracy.
        warnings: messages for the report's ``warnings`` (duplicate row ids).
        workers, row_seconds: with xdist, the number of workers and the rows' summed time, for the estimate
            of what a serial run would have taken (``parallel``); ``cpu``: the CPU seconds the workers spent on
            their rows (summed) and the run's processes in all, where measured (cpuclock.py).
        shard, rows_in_files: ``(index, count)`` of a ``--bench-shard`` run and the rows a whole run would
            have, for ``answerbench merge`` to check completeness.
        complete, incomplete: the run stopped before every row was scored: ``incomplete`` is why (``complete``
            False alone gives a generic reason). The report then has ``incomplete: true`` and the reason in
            ``incomplete_reason``, its ``rows`` include the ones never scored (status ``not_run``, score 0,
            counted in ``total``), and a ``complete`` gate fails.
        cluster: without samples, the field of the rows' ``fields`` whose rows are one cluster of the headline
            interval (``--bench-cluster``). Rows with a ``question_id`` (samples) always cluster by question
            (:func:`add_samples`).
    """
    report = aggregate(spec=spec, profile=profile, rows=rows, files=files, options=options, seconds=seconds,
                       tool_version=tool_version)
    add_samples(report, spec, profile=profile, options=options, cluster=cluster)
    if with_fingerprint:
        report["fingerprint"] = fingerprint(report, spec_path=spec.path or None, scorer_version=spec.version,
                                            gold_path=gold_path)
    report["gates"], comparison = gate_report(report, gates, baseline=baseline)
    if comparison is not None:
        report["comparison"] = comparison
    agreement = harness_agreement(report["rows"])
    if agreement is not None:
        report["harness_agreement"] = agreement
    if warnings:
        report["warnings"] = list(warnings)
    if workers:
        rows_cpu, processes_cpu = cpu or (None, None)
        report["parallel"] = parallel_estimate(workers, report["total"], row_seconds, report["seconds"] or 0.0,
                                               rows_cpu=rows_cpu, processes_cpu=processes_cpu)
    if shard is not None:
        report["shard"] = {"index": shard[0], "count": shard[1], "rows_in_files": rows_in_files}
    if incomplete is None and not complete:
        incomplete = INCOMPLETE
    if incomplete is not None:
        report["incomplete"] = True
        report["incomplete_reason"] = incomplete
        report["gates"].append(incomplete_gate(incomplete, report["counts"].get(NOT_RUN, 0), report["total"]))
    if gates.subset is not None:
        report["subset"] = gates.subset
        _say_subset(report["gates"], gates.subset)
    return report


def harness_agreement(rows: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """How often our verdicts agree with those of the harness that wrote the prediction file (rows read with
    ``--bench-from`` carry its verdict in ``fields.harness_verdict``), and the rows that differ (id, file, line,
    ours, theirs); None when no row carries one."""
    if getattr(rows, "harness_verdicts", None) == 0:  # report/rowstream.py's rows count them as they come
        return None
    pairs = [{"id": r["id"], "line": r.get("line"), "file": r.get("file"), "ours": r["status"],
              "theirs": r["fields"]["harness_verdict"], "metric": r["fields"].get("harness_metric"),
              "response": r.get("response")}
             for r in rows if "harness_verdict" in (r.get("fields") or {})]
    if all(p["theirs"] is None for p in pairs):  # the file gave no verdict (OpenCompass predictions alone)
        return None
    from ..harnesses import agreement_of_pairs  # jmespath and the harness readers load only for such rows

    out = agreement_of_pairs(pairs)
    files = {(p["id"], p["line"]): p["file"] for p in pairs}
    for row in out["differing"]:
        row["file"] = files.get((row["id"], row["line"]))
    return out


def add_samples(report: dict[str, Any], spec: Any, *, profile: str = "default",
                options: Mapping[str, Any] | None = None, cluster: str | None = None) -> None:
    """Samples and clusters in a report built by ``aggregate``: with rows that carry a ``question_id``, the
    figures of :func:`pytest_answerbench.report.samples.sample_metrics` go into ``metrics`` (avg@k, pass@j,
    pass^j, maj@k, questions all right/wrong, each with its ``_ci95``), the per-question entries into
    ``questions``, and the headline ``ci95`` is avg@k's cluster bootstrap over questions. Without samples and with
    ``cluster``, the headline interval is a cluster bootstrap over that field's values (a row without the field is
    a cluster of its own). ``ci95_method`` says which interval ``ci95`` is (absent: the rows' own interval)."""
    rows = report["rows"]
    samples = getattr(rows, "samples", None)  # report/rowstream.py's rows count them as they come
    if samples if samples is not None else any(r.get("question_id") is not None for r in rows):
        ctx = ScoreContext(benchmark=spec.name, profile=profile, options={**spec.options, **(options or {})})
        try:
            same = scorers.get(spec.scorer).same_answer(ctx)
        except Exception:  # a user's scorer that cannot be imported here: text equality
            same = None
        result = sample_metrics(group_questions(rows, key="question_id"), same=same)
        figures = result["metrics"]
        report["metrics"] = {**report["metrics"], **figures}
        report["questions"] = result["questions"]
        report["ci95"] = figures[f"avg@{figures['k']}_ci95"]
        report["ci95_method"] = (f"cluster bootstrap over {figures['questions']} questions (samples of one question "
                                 "are not independent)")
        return
    if cluster:
        clusters: dict[Any, list[float]] = {}
        for i, r in enumerate(rows):
            value = (r.get("fields") or {}).get(cluster)
            key = ("value", str(value)) if value is not None else ("row", i)
            clusters.setdefault(key, []).append(float(r["score"]))
        report["ci95"] = cluster_bootstrap([(sum(v), len(v)) for v in clusters.values()])
        report["ci95_method"] = f"cluster bootstrap over {len(clusters)} clusters of {cluster}"
        report["cluster"] = {"field": cluster, "clusters": len(clusters)}


def gate_report(
    report: Mapping[str, Any],
    gates: GateSettings = GateSettings(),
    *,
    baseline: Mapping[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The gates of a finished report and its paired comparison with ``baseline`` (None without a baseline
    that lists rows): what a ``--bench-baseline`` run records, and what ``answerbench compare`` checks on two
    saved reports. A baseline without rows is compared by its accuracy alone, and fails the fingerprint gate. A
    comparison that pairs nothing (``paired.nothing_paired``) gives no comparison gate: it holds the reason
    under ``nothing_paired``, for the caller to stop with a usage error."""
    paired = baseline is not None and bool(baseline.get("rows"))
    out = evaluate_gates(report, min_accuracy=gates.min_accuracy, thresholds=gates.thresholds,
                         baseline=None if paired else baseline, max_drop=None if paired else gates.max_drop)
    if gates.min_pass is not None:
        out.append(min_pass_gate(report, *gates.min_pass))
    comparison = None
    if paired:
        assert baseline is not None
        comparison = compare_reports(report, baseline, margin=gates.margin)
        reason = nothing_paired(comparison)
        if reason is not None:  # a usage error, not a gate: the caller says so (cli.py; run.py's exit status)
            comparison["nothing_paired"] = reason
        else:
            out += comparison_gates(comparison, max_drop=gates.max_drop, noninferiority=gates.margin is not None,
                                    per_group=gates.group_gates)
    elif baseline is not None:
        if gates.margin is not None:
            out.append(unpaired_noninferiority_gate(gates.margin))
        out.append(fingerprint_gate(unpaired_mismatch(report, baseline)))  # a baseline without rows never passes
    if gates.subset is not None:
        _say_subset(out, gates.subset)
    return out, comparison


def _say_subset(gates: list[dict[str, Any]], subset: str) -> None:
    """Every gate's message starts with the subset it judges (once: ``build_report`` adds gates later)."""
    prefix = f"subset ({subset}): "
    for gate in gates:
        if not str(gate.get("message", "")).startswith(prefix):
            gate["message"] = prefix + str(gate.get("message", ""))


def add_rescore(report: dict[str, Any], rescored: Sequence[Mapping[str, Any]]) -> None:
    """Record the rescore check in ``report``: ``rescored`` are its rows scored a second time (rows that could
    not be rescored appear as they were); the differences go to ``rescore`` and the verdict to the gates."""
    differences = rescore_differences(report, {"rows": rescored})
    report["rescore"] = {"rows": len(rescored), "differences": differences}
    report["gates"].append(rescore_gate(differences, len(rescored)))
    if report.get("subset"):
        _say_subset(report["gates"], report["subset"])


def workers_cannot_pay(report: Mapping[str, Any]) -> bool:
    """Whether a ``-n`` run's rows are too cheap for its workers to pay, from the report's figures alone (the
    rows' CPU estimate of a serial run, the number of rows and workers; not the wall time, which on a busy
    machine says nothing): at best the workers share the serial run's row time between them, and they add
    xdist's start-up and per-row cost (``XDIST_START_SECONDS``, ``XDIST_PER_ROW``). A run without CPU figures is
    never said to be one."""
    par = report.get("parallel") or {}
    workers, serial = par.get("workers") or 0, par.get("estimated_serial_seconds")
    if workers < 2 or serial is None or par.get("row_cpu_seconds") is None:
        return False
    saved = serial - serial / workers
    return saved < XDIST_START_SECONDS + int(report.get("total") or 0) * XDIST_PER_ROW


def parallel_estimate(workers: int, rows: int, row_seconds: float, wall: float, *,
                      rows_cpu: float | None = None, processes_cpu: float | None = None,
                      cores: int | None = None) -> dict[str, Any]:
    """Whether a ``-n`` run paid: what a serial run would have cost against the wall clock.

    The serial estimate is the CPU time the workers spent on their rows (``rows_cpu``: each row's whole
    protocol) plus pytest's reporting cost per item, which the controller paid instead: CPU time, not the rows'
    wall time, which on a loaded machine counts the time other processes held the cores. A run is called likely
    slower than serial only when the estimate is clearly below the wall time (start-up is left out: a serial run
    pays less of it) and the run's own processes had most of the machine (``busy``: ``processes_cpu``, the
    controller's and the workers' CPU time, over the wall time of the cores they could use): on a machine busy
    with other work the wall time says nothing about ``-n``. Without CPU figures (a worker that crashed sends
    none) the estimate falls back on the rows' wall time and the run is never called slower.
    """
    entry: dict[str, Any] = {"workers": workers, "wall_seconds": round(wall, 3), "row_seconds": round(row_seconds, 3),
                             "mean_row_ms": round(1000 * row_seconds / rows, 3) if rows else None}
    if rows_cpu is None or processes_cpu is None:
        entry.update(estimated_serial_seconds=round(row_seconds + rows * PER_ITEM_OVERHEAD, 3),
                     serial_likely_faster=False)
        return entry
    # (the verdict is taken on the figures as the report prints them, so a reader recomputing it from the report
    # gets the same answer: a busy share of 0.4997 prints as 0.5 and counts as 0.5)
    serial = round(rows_cpu + rows * PER_ITEM_OVERHEAD, 3)
    usable = min(workers + 1, cores or os.cpu_count() or 1)  # the controller and the workers, at most a core each
    busy = round(processes_cpu / (wall * usable), 3) if wall > 0 else 0.0
    entry.update(row_cpu_seconds=round(rows_cpu, 3), processes_cpu_seconds=round(processes_cpu, 3),
                 mean_row_cpu_ms=round(1000 * rows_cpu / rows, 3) if rows else None, busy=busy,
                 estimated_serial_seconds=serial,
                 serial_likely_faster=serial * 1.25 < entry["wall_seconds"] and busy >= BUSY_ENOUGH)
    return entry
