"""The ``answerbench`` command: work on finished reports without pytest and without scoring again.

    answerbench merge shard1.json shard2.json ... -o merged.json
    answerbench merge --runs run1.json run2.json ... [--out spread.json]
    answerbench summary report.json
    answerbench compare BASE.json NEW.json [--max-drop D] [--noninferiority-margin M] [--min-accuracy X]
                        [--threshold KEY=X ...] [--group-gates] [--markdown PATH] [--html PATH] [-o PATH]
    answerbench render report.json [--html PATH] [--markdown PATH]
    answerbench schema
    answerbench export --format every-eval-ever report.json --out DIR --model DEVELOPER/MODEL

``merge`` joins the reports of a sharded run (``--bench-shard I/N``) into one and checks that it is whole
(``report/merge.py``); a missing shard, a missing or duplicated row, mismatched reports or a file that is not a
report is an error (exit 2) that says which. ``merge --runs`` compares repeated runs of one checkpoint instead
(``report/runs.py``): the spread of their accuracy and the rows whose verdict flips between them. ``export``
writes a report in another project's format (``report/export/``: Every Eval Ever's aggregate and instance-level
files); exit 2 on an unusable input.

Every report read is checked first (``report/io.py``, ``read_report``): strict JSON (no NaN or Infinity) that
validates against the published schema (``report/schema.json``, printed by ``answerbench schema``), whose figures
agree with its rows and whose ids are unique where rows are paired; a report that does not is an error naming the
file and the key. Every command exits 2 on an input it cannot use and on an output path it must not write (one of
its inputs, another output, an unwritable place: ``report/outputs.py``, ``output_problems``, the check a
``--bench`` run makes). Everything printed is escaped (``text/printable.py``).

``compare`` pairs NEW's rows with BASE's by id (``report/paired.py``: change, bootstrap interval, McNemar,
flips) and checks the gates a ``--bench-baseline`` run would (``report/build.py``, ``gate_report``): exit 0
when every gate holds, 1 when one fails, 2 when an input is not a usable report. ``render`` writes a saved
report's HTML viewer or markdown summary (with the comparison the report holds, if any). A merged report is a
report like any other for all of them. Every file is written atomically (``report/io.py``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from .errors import ReportError
from .report import gate_report, merge_reports, parse_threshold, write_json
from .report.io import display_path, read_report, report_schema
from .report._fmt import pct, verdict_word
from .report.gates import GateSettings, Threshold, parse_fraction
from .report.outputs import OUTPUTS, output_problems
from .report.paired import benchmark_mismatch
from .report.render import markdown_summary, summary_lines
from .report.render.text import comparison_lines
from .report.runs import RunsError, compare_runs
from .text.printable import printable

__all__ = ["main"]

#: Exit status of ``compare`` and ``render`` when an input is not a usable report (1 is a failed gate).
BAD_INPUT = 2


def _say(text: str, file: Any = None) -> None:
    """Print ``text`` line by line, each line escaped (``text/printable.py``): ids, file names and answers from
    a report are shown, never obeyed by the terminal or a CI log."""
    for line in str(text).splitlines() or [""]:
        print(printable(line), file=file or sys.stdout)


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
    sub.add_parser("schema", help="print the JSON Schema every report validates against (and every report read "
                   "is checked with)")
    _export_parser(sub)
    return parser


def _export_parser(sub: Any) -> None:
    export = sub.add_parser("export", help="write a report in another project's format (Every Eval Ever)")
    export.add_argument("--format", required=True, choices=["every-eval-ever"], help="the format to write")
    export.add_argument("report")
    export.add_argument("--out", required=True, metavar="DIR", help="the folder to write under (data/... inside)")
    export.add_argument("--model", required=True, metavar="DEVELOPER/MODEL",
                        help="the model's id as on Hugging Face (the report does not record it)")
    export.add_argument("--organization", default="unknown", help="who ran the evaluation")
    export.add_argument("--relationship", default="third_party",
                        help="evaluator and model: first_party, third_party (default), collaborative, other")
    export.add_argument("--deployment", default="unknown",
                        help="self_deployed, externally_managed or unknown (default)")
    export.add_argument("--availability", default="unknown", help="open_weights, closed_weights or unknown")
    export.add_argument("--timestamp", metavar="UNIX_SECONDS",
                        help="the record's time (default: the report file's modification time, so a re-export "
                             "of the same file is identical)")


def _export(args: argparse.Namespace) -> int:
    import os

    from .report.export import export_every_eval_ever, write_every_eval_ever  # only this command needs them

    report = read_report(args.report, "select")
    stamp = args.timestamp or str(int(os.stat(args.report).st_mtime))
    try:
        export = export_every_eval_ever(report, model_id=args.model, retrieved_timestamp=stamp,
                                        organization=args.organization, relationship=args.relationship,
                                        deployment=args.deployment, availability=args.availability)
    except ValueError as exc:
        _say(f"answerbench: error: {exc}", file=sys.stderr)
        return BAD_INPUT
    _refuse_overwrites([("--out", os.path.join(args.out, rel)) for rel in (export.samples_path, export.aggregate_path)],
                       [("the report exported", args.report)])
    for path in write_every_eval_ever(export, args.out):
        _say(f"wrote {path}")
    _say(f"{export.rows} rows exported")
    return 0


def _refuse_overwrites(outputs: Sequence[tuple[str, Any]], inputs: Sequence[tuple[str, str]]) -> None:
    """The one check of where outputs go (``report/outputs.py``, ``output_problems``, as a ``--bench`` run's):
    an output that would replace an input, another output or cannot be written is a usage error (exit 2)
    before anything is read or written. ``outputs``: (option, path as given or None), ``inputs``: (what, path)."""
    problems = output_problems([(option, str(path), path) for option, path in outputs if path], inputs)
    if problems:
        raise ReportError("; ".join(problems))


def _rendering_paths(args: argparse.Namespace) -> list[tuple[str, Any]]:
    """(option, path) of the ``--markdown``/``--html`` outputs of ``compare`` and ``render``."""
    return [(out.cli, getattr(args, out.cli.lstrip("-"))) for out in OUTPUTS if out.cli is not None]


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
            _say(f"wrote {out.label}: {path}")


def _compare(args: argparse.Namespace) -> int:
    _refuse_overwrites(_rendering_paths(args) + [("-o", args.output)],
                       [("the baseline report (BASE.json)", args.baseline), ("the report compared (NEW.json)",
                                                                             args.current)])
    baseline = read_report(args.baseline, "baseline")
    current = read_report(args.current, "current")
    mismatch = benchmark_mismatch(baseline, current.get("benchmark"), what=args.current)
    if mismatch:  # two benchmarks' reports pair no row: not a comparison (exit 2, as an unusable input)
        raise ReportError(f"{args.baseline} {mismatch}")
    asked = GateSettings(min_accuracy=args.min_accuracy, thresholds=tuple(args.threshold), max_drop=args.max_drop,
                         margin=args.noninferiority_margin, group_gates=args.group_gates)
    gates, comparison = gate_report(current, asked, baseline=baseline)
    if comparison is not None and comparison.get("nothing_paired"):  # no comparison: a usage error (exit 2)
        raise ReportError(f"{args.current} against {args.baseline}: {comparison['nothing_paired']}")
    result = {**current, "gates": gates}
    result.pop("comparison", None)
    if comparison is not None:
        result["comparison"] = comparison
    _say(f"{current.get('benchmark')}: {args.baseline} {pct(baseline.get('accuracy'))} -> {args.current} "
          f"{pct(current.get('accuracy'))} ({current.get('total', 0)} rows)")
    if comparison is None:
        _say("the baseline lists no rows: compared by its accuracy alone")
    else:
        for line, _ in comparison_lines(comparison, args.flips):
            _say(line)
    for gate in gates:
        _say(f"gate {verdict_word(gate)}: {gate['message']}")
    _write_renderings(args, result, comparison, args.flips)
    if args.output:
        write_json(args.output, result)
        _say(f"wrote report: {args.output}")
    return 1 if any(not g["passed"] for g in gates) else 0


def _runs(args: argparse.Namespace) -> int:
    """``merge --runs``: the spread of repeated runs (``report/runs.py``), printed, and written with ``--out``."""
    _refuse_overwrites([("--out", args.output)], [("a run's report (--runs)", p) for p in args.runs])
    try:
        result = compare_runs([read_report(p, "merge") for p in args.runs], [display_path(p) for p in args.runs])
    except RunsError as exc:
        _say(f"answerbench: error: {exc}", file=sys.stderr)
        return BAD_INPUT
    _say(f"{len(result['runs'])} runs: accuracy mean {result['mean']:.4f}, sd {result['sd']:.4f}, range "
          f"{result['min']:.4f} to {result['max']:.4f} ({result['range'] * 100:.2f} points apart)")
    for run in result["runs"]:
        _say(f"  {run['name']}: {run['accuracy']:.4f} ({run['total']} rows)")
    share = result["unstable_share"]
    _say(f"unstable rows (verdict differs between runs): {result['unstable']} of {result['rows_compared']}"
          + (f" ({share:.1%})" if share is not None else ""))
    for row in result["unstable_rows"][:args.show]:
        _say(f"  {row['id']}: {', '.join(str(s) for s in row['statuses'])}")
    if result["rows_not_in_every_run"]:
        _say(f"rows not in every run (not compared): {result['rows_not_in_every_run']}")
    if args.output:
        write_json(args.output, result)
        _say(f"wrote the runs' comparison: {args.output}")
    return 0


def _render(args: argparse.Namespace) -> int:
    _refuse_overwrites(_rendering_paths(args), [("the report rendered", args.report)])
    report = read_report(args.report, "render")
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
                _say("answerbench: error: merge --runs takes the reports after --runs, not before",
                      file=sys.stderr)
                return BAD_INPUT
            return _runs(args)
        if args.command == "merge":
            if not args.reports or not args.output:
                _say("answerbench: error: merge needs shard reports and -o PATH (or --runs R1.json R2.json ...)",
                      file=sys.stderr)
                return BAD_INPUT
            _refuse_overwrites([("-o", args.output)], [("a shard report", p) for p in args.reports])
            merged = merge_reports([read_report(p, "merge") for p in args.reports],
                                   [display_path(p) for p in args.reports])
            write_json(args.output, merged)
            _say(f"merged {len(args.reports)} report(s): {merged['total']} rows, accuracy {merged['accuracy']:.4f}"
                  f" -> {args.output}")
            return 0
        if args.command == "compare":
            return _compare(args)
        if args.command == "render":
            return _render(args)
        if args.command == "schema":
            sys.stdout.write(json.dumps(report_schema(), indent=1) + "\n")
            return 0
        if args.command == "export":
            return _export(args)
        for line, _ in summary_lines(read_report(args.report, "summary"), show=args.show):
            _say(line)
        return 0
    except ReportError as exc:  # an unusable input or output path, whatever the command: exit 2
        _say(f"answerbench: error: {exc}", file=sys.stderr)
        return BAD_INPUT
    except OSError as exc:  # an output that could not be written after all (a full disk)
        _say(f"answerbench: error: {exc}", file=sys.stderr)
        return BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())
