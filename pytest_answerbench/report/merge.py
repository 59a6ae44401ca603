"""Merging the reports of a sharded run (``--bench-shard I/N``) into the report of the whole run.

The merge checks that the shards make one whole run: the same benchmark, profile and prediction files in every
shard, every shard 1..N present once, and every row present exactly once. A missing shard, a missing or
duplicated row, mismatched reports, a shard without a fingerprint, or shards scored differently (their
fingerprints) raise ReportError saying which. The merged report's accuracy, groups and metrics are recomputed from the rows; its fingerprint is the
shards' (so a merged report used as ``--bench-baseline`` is checked like any other). ``answerbench merge``
(``cli.py``) is the command.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..errors import ReportError, SpecError
from ..spec import resolve_benchmark
from ._fmt import incomplete_reason
from .build import build_report
from .paired import fingerprint_mismatch
from .rows import rows_digest

__all__ = ["merge_reports"]


def merge_reports(reports: Sequence[dict[str, Any]], names: Sequence[str] | None = None) -> dict[str, Any]:
    """One report from the reports of all shards of a run. Raises ReportError when they are not one whole run."""
    names = list(names or [f"report {i + 1}" for i in range(len(reports))])
    if not reports:
        raise ReportError("no reports to merge")
    first = reports[0]
    # A shard without a fingerprint could have been scored any way (or edited): nothing to check it by.
    fingerprints = [rep.get("fingerprint") for rep in reports]
    unprinted = [name for name, fp in zip(names, fingerprints) if not isinstance(fp, Mapping)]
    if unprinted:
        raise ReportError(f"{', '.join(unprinted)}: no fingerprint, so nothing shows the shard was scored like the "
                          "others (shards are the reports of --bench-shard runs, as written)")
    for name, rep in zip(names, reports):
        for key in ("benchmark", "profile", "scorer_version"):
            if rep.get(key) != first.get(key):
                raise ReportError(f"{name}: {key} {rep.get(key)!r} differs from {names[0]}'s {first.get(key)!r}")
        files = [(f["path"], f["sha256"]) for f in rep.get("files", [])]
        if files != [(f["path"], f["sha256"]) for f in first.get("files", [])]:
            raise ReportError(f"{name}: its prediction files (paths or sha256) differ from {names[0]}'s")
    # The shards' verdicts must come from the same scoring (spec, gold, versions) for the merge to be one run.
    for name, fp in zip(names[1:], fingerprints[1:]):
        mismatch = fingerprint_mismatch(fp, fingerprints[0], include_predictions=True)
        if mismatch:
            raise ReportError(f"{name}: scored differently from {names[0]}: {'; '.join(mismatch)}")
    shards = [rep.get("shard") for rep in reports]
    if any(s is None for s in shards):
        if len(reports) > 1:
            missing = [n for n, s in zip(names, shards) if s is None]
            raise ReportError(f"{', '.join(missing)}: not a shard report (run with --bench-shard I/N)")
    else:
        count = shards[0]["count"]
        seen: dict[int, str] = {}
        for name, shard in zip(names, shards):
            if shard["count"] != count:
                raise ReportError(f"{name}: shard {shard['index']}/{shard['count']} but {names[0]} has N={count}")
            if shard["index"] in seen:
                raise ReportError(f"{name}: shard {shard['index']}/{count} given twice (also {seen[shard['index']]})")
            seen[shard["index"]] = name
        absent = [str(i) for i in range(1, count + 1) if i not in seen]
        if absent:
            raise ReportError(f"missing shard(s) {', '.join(absent)} of {count}")
    rows: list[dict[str, Any]] = []
    where: dict[tuple, str] = {}
    for name, rep in zip(names, reports):
        for row in rep["rows"]:
            key = (row.get("file"), row.get("line"), row.get("id"))
            if key in where:
                raise ReportError(f"row {row.get('id')!r} ({row.get('file')}:{row.get('line')}) is in both "
                                  f"{where[key]} and {name}")
            where[key] = name
            rows.append(row)
    if shards[0] is not None:
        expected = shards[0]["rows_in_files"]
        if len(rows) != expected:
            raise ReportError(f"the shards hold {len(rows)} rows but the prediction files have {expected}: "
                              f"{'some rows are missing' if len(rows) < expected else 'some rows are extra'}")
    spec = None
    for ref in (first["benchmark"], first.get("benchmark_path")):
        try:
            spec = resolve_benchmark(ref) if ref else None
        except SpecError:
            continue
        if spec is not None and spec.name == first["benchmark"]:
            break
    if spec is None:
        raise ReportError(f"cannot load benchmark {first['benchmark']!r} (nor {first.get('benchmark_path')}) to "
                          "recompute its metrics")
    # The merged report is built with this install's scorer: it must be the one the shards were scored with.
    if fingerprints[0].get("scorer_version") != spec.version or first.get("scorer_version", spec.version) != spec.version:
        raise ReportError(f"{names[0]}: scored with scorer version {fingerprints[0].get('scorer_version')!r} "
                          f"(report: {first.get('scorer_version')!r}), but {spec.name} is at version {spec.version!r} "
                          "here: merge with the version that scored the shards, or score them again")
    files = [dict(f, rows=sum(1 for r in rows if r.get("file") == f["path"])) for f in first.get("files", [])]
    # An incomplete shard (interrupted, stopped) makes the whole run incomplete: its not_run rows stay as they are.
    incomplete = "; ".join(f"{name}: {incomplete_reason(rep)}" for name, rep in zip(names, reports)
                           if rep.get("incomplete"))
    merged = build_report(spec=spec, profile=first["profile"], rows=rows, files=files,
                          seconds=sum(r.get("seconds") or 0 for r in reports), tool_version=first.get("tool_version"),
                          incomplete=incomplete or None, cluster=(first.get("cluster") or {}).get("field"))
    merged["merged_from"] = [{"report": n, "shard": s} for n, s in zip(names, shards)]
    merged["fingerprint"] = {**fingerprints[0], "predictions": [dict(f) for f in files],  # the whole run's counts
                             "rows_sha256": rows_digest(merged["rows"], profile=merged["profile"],
                                                        scorer_version=merged["scorer_version"])}
    return merged
