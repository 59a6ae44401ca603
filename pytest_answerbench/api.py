"""The library API: score rows without pytest (README.md, "Library API")."""

from __future__ import annotations

import time
from typing import Any, Iterable, Mapping

from . import scorers
from .inputs.plan import RowIds, row_samples, sample_row
from .memguard import DEFAULT_MAX_MEMORY_MB
from .report.build import build_report
from .report.rows import make_row, row_text
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
) -> dict[str, Any]:
    """Score many rows and return the JSON report (docs/report-schema.md) as a dict.

    Samples are read as the plugin reads them (docs/samples.md): rows sharing the
    ``samples_by`` field's value, a list of responses as the prediction, rows carrying an integer ``sample``;
    each sample is a report row ``QID[sN]`` and the report gains the sample metrics and ``questions``.
    """
    spec = _spec(benchmark)
    started = time.perf_counter()
    out = []
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
            verdict = score_row(spec, one, profile, timeout=timeout, judge=judge, options=options, row_id=row_id,
                                verifier=verifier, max_memory=max_memory)
            response, question = row_text(one if isinstance(one, Mapping) else {}, spec.prediction_field)
            out.append(make_row(row_id=row_id, file=None, line=index, verdict=verdict,
                                fields=spec.kept(mapping), response=response, question=question,
                                question_id=sample.question if sample else None,
                                sample=sample.index if sample else None))
    return build_report(spec=spec, profile=profile, rows=out, options=options,
                        seconds=time.perf_counter() - started)


def list_benchmarks(errors: list[str] | None = None) -> list[dict[str, Any]]:
    """The built-in benchmarks: name, aliases, description, scorer, required fields.

    Definitions that fail validation are left out and described in ``errors`` when a list is given.
    """
    return [
        {"name": s.name, "aliases": list(s.aliases), "description": s.description, "scorer": s.scorer,
         "required": list(s.required), "groups": list(s.groups), "path": s.path}
        for s in builtin_specs(errors).values()
    ]
