"""The library API: score rows without pytest (README.md, "Library API")."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import scorers
from .inputs.plan import RowIds, row_samples, sample_row
from .memguard import DEFAULT_MAX_MEMORY_MB
from .report.build import build_report
from .report.rows import make_row, row_text
from .report.rowstream import RowStream, write_report
from .scoring import make_context, score_with_spec, verified
from .spec import BenchmarkSpec, builtin_specs, resolve_benchmark
from .verdict import Verdict

__all__ = ["list_benchmarks", "score_row", "score_rows"]


def _spec(benchmark: str | BenchmarkSpec) -> BenchmarkSpec:
    return benchmark if isinstance(benchmark, BenchmarkSpec) else resolve_benchmark(benchmark)


def score_row(
    benchmark: str | BenchmarkSpec,
    row: Mapping[str, Any],
    profile: str = "default",
    *,
    timeout: float | None = 10.0,
    judge: Any = None,
    options: Mapping[str, Any] | None = None,
    row_id: str | None = None,
    verifier: str | None = None,
    max_memory: float | None = DEFAULT_MAX_MEMORY_MB,
) -> Verdict:
    """Score one prediction row.

    Args:
        benchmark: a built-in name or alias (``"olympiad"``), a YAML path, or a BenchmarkSpec.
        row: one line of a prediction file, as a dict.
        profile: ``"default"`` or ``"upstream"``.
        timeout: seconds the scorer may spend (main thread only), or None.
        judge: a judge object for benchmarks that use one.
        options: overrides for the benchmark's ``options:``.
        row_id: the row's id when the row has no id field (seeds any deterministic pick).
        verifier: ``"judge"`` sends a row the rules leave undecided to ``judge`` with the verifier prompt
            (olympiad, imo, atomic, default profile; docs/options.md: ``--bench-verifier``).
        max_memory: megabytes the scoring may allocate (docs/safety.md, "Memory ceiling"), or None.

    Returns:
        A Verdict; bad row content gives ``status="error"``, never an exception.

    Example:
        >>> score_row("vmcbench_dev", {"prediction": "(B)", "answer": "B", "A": "x", "B": "y",
        ...                            "category": "MMStar"}).status
        'correct'
    """
    spec = _spec(benchmark)
    ctx = make_context(spec, row if isinstance(row, Mapping) else {}, profile, options=options, judge=judge,
                       timeout=timeout, row_id=row_id)
    verdict = score_with_spec(spec, row, ctx, max_memory)
    if verifier == "judge" and judge is not None and isinstance(row, Mapping):
        verdict = verified(spec, row, verdict, judge)
    return verdict


def score_rows(
    benchmark: str | BenchmarkSpec,
    rows: Iterable[Mapping[str, Any]],
    profile: str = "default",
    *,
    timeout: float | None = 10.0,
    judge: Any = None,
    options: Mapping[str, Any] | None = None,
    verifier: str | None = None,
    max_memory: float | None = DEFAULT_MAX_MEMORY_MB,
    samples_by: str | None = None,
    report: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """Score many rows and return the JSON report (docs/report-schema.md) as a dict.

    Samples are read as the plugin reads them (docs/samples.md): rows sharing the
    ``samples_by`` field's value, a list of responses as the prediction, rows carrying an integer ``sample``;
    each sample is a report row ``QID[sN]`` and the report gains the sample metrics and ``questions``.

    With ``report`` (a path), the report is also written there, its rows kept on disk as they are scored and
    never all in memory (report/rowstream.py; give ``rows`` as an iterator to hold none of them either): the
    file holds the report this function returns without ``report``, written as the plugin writes reports, and
    the dict returned is that report without its ``rows`` (read the file for them).
    """
    spec = _spec(benchmark)
    started = time.perf_counter()
    stream = None
    if report is not None:  # the rows' temporary files go beside the report (a temporary folder may be memory)
        Path(report).parent.mkdir(parents=True, exist_ok=True)
        stream = RowStream(spec.groups, folder=Path(report).parent)
    try:
        out = _scored(spec, rows, profile, stream, timeout=timeout, judge=judge, options=options, verifier=verifier,
                      max_memory=max_memory, samples_by=samples_by)
        args = dict(spec=spec, profile=profile, options=options, seconds=time.perf_counter() - started)
        if stream is None:
            return build_report(rows=out, **args)
        built = stream.build(**args)
        write_report(report, built)
        return {key: value for key, value in built.items() if key != "rows"}
    finally:
        if stream is not None:
            stream.close()


def _scored(spec: BenchmarkSpec, rows: Iterable[Mapping[str, Any]], profile: str, stream: RowStream | None,
            samples_by: str | None, **scoring: Any) -> list[dict[str, Any]]:
    """The report rows of ``rows`` (sent to ``stream`` when there is one, else returned)."""
    out: list[dict[str, Any]] = []
    add = out.append if stream is None else stream.add
    ids = RowIds()  # the plugin's rule: the row's id or line<N>, #2, #3 on repeats
    seen: dict[str, int] = {}
    lists = not scorers.get(spec.scorer).lists_are_answers
    for index, row in enumerate(rows, start=1):
        mapping = row if isinstance(row, Mapping) else {}
        raw_id = spec.row_id(mapping)
        samples = row_samples(mapping, raw_id, index, seen, prediction_field=spec.prediction_field,
                              samples_by=samples_by, list_samples=lists)
        for sample in samples or (None,):
            _, row_id, _ = ids.take(raw_id if sample is None else f"{sample.question}[s{sample.index}]", index)
            one = sample_row(dict(mapping), sample, spec.prediction_field) if sample is not None else row
            verdict = score_row(spec, one, profile, row_id=row_id, **scoring)
            response, question = row_text(one if isinstance(one, Mapping) else {}, spec.prediction_field)
            add(make_row(row_id=row_id, file=None, line=index, verdict=verdict, fields=spec.kept(mapping),
                         response=response, question=question, question_id=sample.question if sample else None,
                         sample=sample.index if sample else None))
    return out


def list_benchmarks(errors: list[str] | None = None) -> list[dict[str, Any]]:
    """The built-in benchmarks: name, aliases, description, scorer, required fields.

    Definitions that fail validation are left out and described in ``errors`` when a list is given.
    """
    return [
        {"name": s.name, "aliases": list(s.aliases), "description": s.description, "scorer": s.scorer,
         "required": list(s.required), "groups": list(s.groups), "path": s.path}
        for s in builtin_specs(errors).values()
    ]
