"""What the run prints at its end: the answerbench section of the terminal summary and the failed-gate last line.

The pytest layer's terminal output, apart from ``run.BenchRun`` (which decides the report and the exit status) so
that class stays a size a maintainer can read; it only reads the run's state (``run``: the ``BenchRun``, not
imported here: run.py imports this module). The lines themselves are built by
``report/render/text.py`` (``summary_lines``, ``github_annotations``), shared with ``answerbench summary``.
"""

from __future__ import annotations

import os
from typing import Any

from . import scorers
from .report.render import summary_lines
from .report.render.text import github_annotations
from .text.printable import printable

__all__ = ["gate_verdict", "header", "no_row_message", "terminal_summary"]


def gate_verdict(report: dict[str, Any] | None, writer: Any) -> None:
    """A failed gate is the run's last line, in red: pytest's own last line (``38 passed, 22 xfailed``, green when
    every wrong row is an expected failure) is written after every summary hook, and people and log scrapers read
    the last line. Nothing comes after pytest's line but the configuration's end, where this is called."""
    failed = [gate for gate in (report or {}).get("gates", []) if not gate["passed"]]
    if not failed:
        return
    names = ", ".join(dict.fromkeys(gate["name"] for gate in failed))
    word = "gate" if len(failed) == 1 else "gates"
    writer.sep("=", f"answerbench: {len(failed)} {word} FAILED ({names})", red=True, bold=True)


def terminal_summary(run: Any, tr: Any) -> None:
    """Accuracy, counts, groups, the first wrong rows, errors, gates, the files written; on GitHub Actions, the
    failed gates and regressions as annotations of the pull request."""
    report = run.json_report
    assert report is not None
    tr.write_sep("-", "answerbench")

    def say(text: str, **markup: bool) -> None:  # every line escaped (text/printable.py): see its docstring
        for line in text.splitlines() or [""]:
            tr.write_line(printable(line), **markup)

    for message in run.collection.collect_errors:
        if message not in (run.no_rows or ""):  # said once: the no-row line below quotes it
            say(message, red=True, bold=True)
    if run.collection.collect_errors and not report["total"]:
        say(f"ERROR: {run.no_rows}" if run.no_rows else "no rows were scored", red=True, bold=True)
        return
    for line, markup in summary_lines(report, show=run.settings.show, flips=run.settings.flips):
        tr.write_line(line, **markup)  # escaped by summary_lines
    if run.no_rows is not None:
        say(f"ERROR: {run.no_rows}", red=True, bold=True)
    for entry in report.get("harness_incomplete") or ():  # inputs.InputPlan.harness_incomplete
        say(f"ERROR: {entry['message']}", red=True, bold=True)
    if run.json_report_path:
        say(f"generated answerbench report: {run.json_report_path}")
    for what, path in run.extra_outputs:
        say(f"generated answerbench {what}: {path}")
    for message in run.write_errors:
        say(f"answerbench: {message}", red=True, bold=True)
    if os.environ.get("GITHUB_ACTIONS") == "true":
        for line in github_annotations(report, flips=run.settings.flips):
            tr.write_line(line)  # the run's own workflow commands, their payloads escaped


def header(run: Any) -> str:
    """The report header line: what is being scored and how."""
    settings, spec = run.settings, run.spec
    timeout = f"{settings.timeout:g}s per row (benchmark default)" if settings.timeout else "from --timeout/ini"
    line = (f"answerbench: {spec.name} (scorer {spec.scorer} v{spec.version}, profile {settings.profile}), "
            f"{len(run.collection.paths)} prediction file(s), timeout {timeout}")
    if settings.isolation == "none" and not scorers.get(spec.scorer).builtin:
        # said before scoring: a scorer of the user's runs in this process, and can take the run down with it
        kept = (f"the rows scored so far stay in its journal ({settings.report_path}.journal: --bench-resume)"
                if settings.report_path else "give --bench-report to keep the rows scored so far in a journal")
        line += (f"\nanswerbench: the scorer {spec.scorer} runs in this process (isolation: none): if it ends the "
                 f"process (os._exit, a crash, killed), the run ends with it; {kept}. With --bench-isolation "
                 "process it runs in a child process whose death is that row's error")
    return "\n".join(printable(part) for part in line.split("\n"))  # two lines at most, each escaped


def no_row_message(held: list[tuple[str, int]], shard: tuple[int, int] | None, errors: list[str]) -> str | None:
    """The error of a run that scored no row although its files hold rows for it (``held``: file, rows), or None
    (an empty shard: fewer rows than the shard's number)."""
    needed = shard[0] if shard is not None else 1
    if sum(count for _, count in held) < needed:
        return None
    why = "; ".join(errors[:3]) or "see the errors above"
    files = ", ".join(f"{name} ({count} rows)" for name, count in held)
    return f"no row was scored from {files}: none was collected and run ({why})"
