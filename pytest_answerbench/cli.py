"""The ``answerbench`` command: work on finished reports without pytest.

    answerbench merge shard1.json shard2.json ... -o merged.json
    answerbench summary report.json

``merge`` joins the reports of a sharded run (``--bench-shard I/N``) into one and checks that it is whole:
the same benchmark, profile and prediction files in every shard, every shard 1..N present once, and every row
present exactly once. A missing shard, a missing or duplicated row, or mismatched reports is an error (exit 1)
that says which. The merged report's accuracy, groups and metrics are recomputed from the rows.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

__all__ = ["MergeError", "main", "merge_reports"]


class MergeError(ValueError):
    """Shard reports that do not make one whole run."""


def _load(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise MergeError(f"{path}: cannot read ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise MergeError(f"{path}:{exc.lineno}: not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict) or "rows" not in data or "benchmark" not in data:
        raise MergeError(f"{path}: not an answerbench report")
    return data


def merge_reports(reports: Sequence[dict[str, Any]], names: Sequence[str] | None = None) -> dict[str, Any]:
    """One report from the reports of all shards of a run. Raises MergeError when they are not one whole run."""
    from .results import aggregate
    from .spec import SpecError, resolve_benchmark

    names = list(names or [f"report {i + 1}" for i in range(len(reports))])
    if not reports:
        raise MergeError("no reports to merge")
    first = reports[0]
    for name, rep in zip(names, reports):
        for key in ("benchmark", "profile"):
            if rep.get(key) != first.get(key):
                raise MergeError(f"{name}: {key} {rep.get(key)!r} differs from {names[0]}'s {first.get(key)!r}")
        files = [(f["path"], f["sha256"]) for f in rep.get("files", [])]
        if files != [(f["path"], f["sha256"]) for f in first.get("files", [])]:
            raise MergeError(f"{name}: its prediction files (paths or sha256) differ from {names[0]}'s")
    shards = [rep.get("shard") for rep in reports]
    if any(s is None for s in shards):
        if len(reports) > 1:
            missing = [n for n, s in zip(names, shards) if s is None]
            raise MergeError(f"{', '.join(missing)}: not a shard report (run with --bench-shard I/N)")
    else:
        count = shards[0]["count"]
        seen: dict[int, str] = {}
        for name, shard in zip(names, shards):
            if shard["count"] != count:
                raise MergeError(f"{name}: shard {shard['index']}/{shard['count']} but {names[0]} has N={count}")
            if shard["index"] in seen:
                raise MergeError(f"{name}: shard {shard['index']}/{count} given twice (also {seen[shard['index']]})")
            seen[shard["index"]] = name
        absent = [str(i) for i in range(1, count + 1) if i not in seen]
        if absent:
            raise MergeError(f"missing shard(s) {', '.join(absent)} of {count}")
    rows: list[dict[str, Any]] = []
    where: dict[tuple, str] = {}
    for name, rep in zip(names, reports):
        for row in rep["rows"]:
            key = (row.get("file"), row.get("line"), row.get("id"))
            if key in where:
                raise MergeError(f"row {row.get('id')!r} ({row.get('file')}:{row.get('line')}) is in both "
                                 f"{where[key]} and {name}")
            where[key] = name
            rows.append(row)
    if shards[0] is not None:
        expected = shards[0]["rows_in_files"]
        if len(rows) != expected:
            raise MergeError(f"the shards hold {len(rows)} rows but the prediction files have {expected}: "
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
        raise MergeError(f"cannot load benchmark {first['benchmark']!r} (nor {first.get('benchmark_path')}) to "
                         "recompute its metrics")
    files = [dict(f, rows=sum(1 for r in rows if r.get("file") == f["path"])) for f in first.get("files", [])]
    merged = aggregate(spec=spec, profile=first["profile"], rows=rows, files=files,
                       seconds=sum(r.get("seconds") or 0 for r in reports), tool_version=first.get("tool_version"))
    merged["merged_from"] = [{"report": n, "shard": s} for n, s in zip(names, shards)]
    return merged


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="answerbench", description="Work on pytest-answerbench reports.")
    sub = parser.add_subparsers(dest="command", required=True)
    merge = sub.add_parser("merge", help="merge the reports of a sharded run and check completeness")
    merge.add_argument("reports", nargs="+", help="shard reports (JSON)")
    merge.add_argument("-o", "--output", required=True, help="where to write the merged report")
    summary = sub.add_parser("summary", help="print a report's summary")
    summary.add_argument("report")
    summary.add_argument("--show", type=int, default=10, help="wrong rows to list (default 10)")
    args = parser.parse_args(argv)
    try:
        if args.command == "merge":
            merged = merge_reports([_load(p) for p in args.reports], args.reports)
            Path(args.output).write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            print(f"merged {len(args.reports)} report(s): {merged['total']} rows, accuracy {merged['accuracy']:.4f}"
                  f" -> {args.output}")
            return 0
        from .report import summary_lines

        for line, _ in summary_lines(_load(args.report), show=args.show):
            print(line)
        return 0
    except MergeError as exc:
        print(f"answerbench: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
