"""The ``answerbench`` command: work on finished reports without pytest and without scoring again.

    answerbench merge shard1.json shard2.json ... -o merged.json
    answerbench merge --runs run1.json run2.json ... [--out spread.json]
    answerbench summary report.json
    answerbench compare BASE.json NEW.json [--max-drop D] [--noninferiority-margin M] [--min-accuracy X]
                        [--threshold KEY=X ...] [--group-gates] [--markdown PATH] [--html PATH] [-o PATH]
    answerbench render report.json [--html PATH] [--markdown PATH]

``merge`` joins the reports of a sharded run (``--bench-shard I/N``) into one and checks that it is whole
(``report/merge.py``); a missing shard, a missing or duplicated row, mismatched reports or a file that is not a
report is an error (exit 1) that says which. ``merge --runs`` compares repeated runs of one checkpoint instead
(``report/runs.py``): the spread of their accuracy and the rows whose verdict flips between them.

``compare`` pairs NEW's rows with BASE's by id (``report/paired.py``: change, bootstrap interval, McNemar,
flips) and checks the gates a ``--bench-baseline`` run would (``report/build.py``, ``gate_report``): exit 0
when every gate holds, 1 when one fails, 2 when an input is not a usable report. ``render`` writes a saved
report's HTML viewer or markdown summary (with the comparison the report holds, if any). A merged report is a
report like any other for all of them. Every file is written atomically (``report/io.py``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from .errors import ReportError
from .report import gate_report, load_report, merge_reports, parse_threshold, write_json
from .report._fmt import pct, verdict_word
from .report.gates import GateSettings, Threshold, parse_fraction
from .report.outputs import OUTPUTS
from .report.render import markdown_summary, summary_lines
from .report.render.text import comparison_lines
from .report.runs import RunsError, compare_runs

__all__ = ["main"]

#: Exit status of ``compare`` and ``render`` when an input is not a usable report (1 is a failed gate).
BAD_INPUT = 2


def _fraction(text: str) -> float:
    try:
        return parse_fraction(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _threshold(text: str) -> Threshold:
    try:
        return parse_threshold(text, "--threshold")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="answerbench", description="Work on pytest-answerbench reports.")
    sub = parser.add_subparsers(dest="command", required=True)
    merge = sub.add_parser("merge", help="merge the reports of a sharded run and check completeness; with "
                           "--runs, compare repeated runs of one checkpoint")
    merge.add_argument("reports", nargs="*", help="shard reports (JSON)")
    merge.add_argument("--runs", nargs="+", metavar="REPORT", help="reports of repeated runs of one checkpoint: "
                       "print the run-to-run spread of accuracy and the rows whose verdict flips between runs")
    merge.add_argument("-o", "--output", "--out", help="where to write the merged report (with --runs: the "
                       "comparison of the runs, as JSON)")
    merge.add_argument("--show", type=int, default=10, help="with --runs: unstable rows to list (default 10)")
    summary = sub.add_parser("summary", help="print a report's summary")
    summary.add_argument("report")
    summary.add_argument("--show", type=int, default=10, help="wrong rows to list (default 10)")
    compare = sub.add_parser("compare", help="compare two saved reports row by row and check gates "
                             "(exit 1 when a gate fails)")
    compare.add_argument("baseline", metavar="BASE.json", help="the earlier report")
    compare.add_argument("current", metavar="NEW.json", help="the report to judge against it")
    compare.add_argument("--max-drop", type=_fraction, metavar="D",
                         help="gate: the paired accuracy change must be at least -D")
    compare.add_argument("--noninferiority-margin", type=_fraction, metavar="M",
                         help="gate: fail only when the paired 95%% interval shows a drop larger than M")
    compare.add_argument("--group-gates", action="store_true",
                         help="apply the two gates above to every group too (Holm-corrected)")
    compare.add_argument("--min-accuracy", type=_fraction, metavar="X", help="gate: NEW's accuracy at least X")
    compare.add_argument("--threshold", type=_threshold, action="append", default=[], metavar="KEY=X",
                         help="gate on any number in NEW (KEY=X at least, KEY<=X at most; repeatable)")
    compare.add_argument("--flips", type=int, default=10, help="flipped rows to list (default 10)")
    _output_options(compare)
    compare.add_argument("-o", "--output", metavar="PATH",
                         help="write NEW with these gates and the comparison as a JSON report")
    render = sub.add_parser("render", help="write a saved report as HTML or markdown (markdown to stdout when "
                            "neither is given)")
    render.add_argument("report")
    _output_options(render)
    return parser


def _output_options(parser: argparse.ArgumentParser) -> None:
    for out in OUTPUTS:
        if out.cli is not None:
            parser.add_argument(out.cli, metavar="PATH", help=f"write the {out.label} here")


def _write_renderings(args: argparse.Namespace, report: dict[str, Any], comparison: dict[str, Any] | None,
                      flips: int = 10) -> None:
    for out in OUTPUTS:
        path = getattr(args, out.cli.lstrip("-")) if out.cli is not None else None
        if path:
            out.write(path, report, comparison, flips)
            print(f"wrote {out.label}: {path}")


def _compare(args: argparse.Namespace) -> int:
    baseline = load_report(args.baseline)
    current = load_report(args.current, need_rows=True)
    asked = GateSettings(min_accuracy=args.min_accuracy, thresholds=tuple(args.threshold), max_drop=args.max_drop,
                         margin=args.noninferiority_margin, group_gates=args.group_gates)
    gates, comparison = gate_report(current, asked, baseline=baseline)
    result = {**current, "gates": gates}
    result.pop("comparison", None)
    if comparison is not None:
        result["comparison"] = comparison
    print(f"{current.get('benchmark')}: {args.baseline} {pct(baseline.get('accuracy'))} -> {args.current} "
          f"{pct(current.get('accuracy'))} ({current.get('total', 0)} rows)")
    if comparison is None:
        print("the baseline lists no rows: compared by its accuracy alone")
    else:
        for line, _ in comparison_lines(comparison, args.flips):
            print(line)
    for gate in gates:
        print(f"gate {verdict_word(gate)}: {gate['message']}")
    _write_renderings(args, result, comparison, args.flips)
    if args.output:
        write_json(args.output, result)
        print(f"wrote report: {args.output}")
    return 1 if any(not g["passed"] for g in gates) else 0


def _runs(args: argparse.Namespace) -> int:
    """``merge --runs``: the spread of repeated runs (``report/runs.py``), printed, and written with ``--out``."""
    try:
        result = compare_runs([load_report(p, need_rows=True) for p in args.runs], args.runs)
    except RunsError as exc:
        print(f"answerbench: error: {exc}", file=sys.stderr)
        return 1
    print(f"{len(result['runs'])} runs: accuracy mean {result['mean']:.4f}, sd {result['sd']:.4f}, range "
          f"{result['min']:.4f} to {result['max']:.4f} ({result['range'] * 100:.2f} points apart)")
    for run in result["runs"]:
        print(f"  {run['name']}: {run['accuracy']:.4f} ({run['total']} rows)")
    share = result["unstable_share"]
    print(f"unstable rows (verdict differs between runs): {result['unstable']} of {result['rows_compared']}"
          + (f" ({share:.1%})" if share is not None else ""))
    for row in result["unstable_rows"][:args.show]:
        print(f"  {row['id']}: {', '.join(str(s) for s in row['statuses'])}")
    if result["rows_not_in_every_run"]:
        print(f"rows not in every run (not compared): {result['rows_not_in_every_run']}")
    if args.output:
        write_json(args.output, result)
        print(f"wrote the runs' comparison: {args.output}")
    return 0


def _render(args: argparse.Namespace) -> int:
    report = load_report(args.report)
    comparison = report.get("comparison")
    if not args.html and not args.markdown:
        sys.stdout.write(markdown_summary(report, comparison))
        return 0
    _write_renderings(args, report, comparison)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "merge" and args.runs:
            if args.reports:
                print("answerbench: error: merge --runs takes the reports after --runs, not before",
                      file=sys.stderr)
                return 1
            return _runs(args)
        if args.command == "merge":
            if not args.reports or not args.output:
                print("answerbench: error: merge needs shard reports and -o PATH (or --runs R1.json R2.json ...)",
                      file=sys.stderr)
                return 1
            merged = merge_reports([load_report(p, need_rows=True) for p in args.reports], args.reports)
            write_json(args.output, merged)
            print(f"merged {len(args.reports)} report(s): {merged['total']} rows, accuracy {merged['accuracy']:.4f}"
                  f" -> {args.output}")
            return 0
        if args.command == "compare":
            return _compare(args)
        if args.command == "render":
            return _render(args)
        for line, _ in summary_lines(load_report(args.report, need_rows=True), show=args.show):
            print(line)
        return 0
    except ReportError as exc:
        print(f"answerbench: error: {exc}", file=sys.stderr)
        return BAD_INPUT if args.command in ("compare", "render") else 1
    except OSError as exc:  # compare/render: an output path that cannot be written
        if args.command not in ("compare", "render"):
            raise
        print(f"answerbench: error: {exc}", file=sys.stderr)
        return BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())
