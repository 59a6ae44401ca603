"""The run object of a ``--bench`` run (``BenchRun``), registered as a plugin only when ``--bench`` is given.

It turns each row's test reports into the row's record and the records into the JSON report:

* ``pytest_runtest_makereport`` (the worker side, also the serial process) takes the row and verdict the item
  handed over (``pytest_answerbench_row_scored``) and attaches the row's record to its report (serialisable,
  so xdist carries it to the controller unchanged) and flat JUnit properties to ``report.user_properties``;
* ``pytest_runtest_logreport`` (the controller side, also the serial process) collects the records; so
  ``-n 0``, ``-n 2`` and ``--tx`` share one code path, and only the controller writes files;
* ``pytest_sessionfinish`` builds and writes the report, runs the rescore check, writes the markdown, HTML and
  JUnit gate outputs (the work itself, without pytest, is in report/finish.py), and sets the exit status from
  the gates; ``pytest_terminal_summary`` prints it.

The other roles of the run are their own plugins, registered beside it by plugin.py: the collection
(collect.py), the row timers (timers.py) and the default judge and scorer (fixtures.py). They reach the run only
through the plugin's own hooks (hooks.py), which it implements: a row item hands over its verdict
(``pytest_answerbench_row_scored``), the collection and the run itself ask it to stop
(``pytest_answerbench_stop``, the one place ``session.shouldstop`` is set), the timers hand over a row stuck past
its limit (``pytest_answerbench_row_stuck``), the collection's judge prefetch counts the replies
(``pytest_answerbench_judge_progress``).
"""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from . import _compat
from .collect import Collection, RowBase, RowMismatch, describe, load_baseline
from .cpuclock import CpuClock
from .fixtures import RowScoring
from .gcfreeze import Freezer
from .judge import JudgeError, JudgeFatalError
from .options import Settings
from .progress import Progress
from .report import make_row, prediction_files, scrub_surrogates, write_json
from .report.finish import rescore, run_report, write_output, write_outputs
from .report.gates import junit_gate_cases
from .report.journal import Journal, JournalError, RunJournal, not_run_rows, plan_entries, read_journal
from .report.rows import junit_properties, row_record
from .spec import BenchmarkSpec
from .run_text import gate_verdict, header, no_row_message, terminal_summary
from .timeguard import ThreadTimeout
from .verdict import ERROR, MISS, TIMEOUT, Verdict


PROGRESS_NAME = "answerbench-progress"
FREEZE_REPORTS = 3_000  # reports logged (three a row) between two freezes of what the run keeps


class Deselected:
    """What ``pytest_deselected`` is told for a row left out where no item stands for it (a streamed row, a row
    a worker left out, counted on xdist's controller): one shared object."""

    __slots__ = ()
    nodeid = "answerbench::deselected-row"


DESELECTED_ROW = Deselected()


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into pytest's interruption so the run ends as after Ctrl-C: its report is written."""


def _terminate(signum: int, frame: Any) -> None:  # noqa: ARG001 - a signal handler's signature
    raise Terminated("stopped by SIGTERM")


class BenchRun:
    """Records, report, gates and exit status of a ``--bench`` run."""

    def __init__(self, config: pytest.Config, spec: BenchmarkSpec, settings: Settings, collection: Collection,
                 scoring: RowScoring):
        self.config = config
        self.spec = spec
        self.settings = settings
        self.collection = collection
        self.scoring = scoring
        self.is_worker = _compat.is_worker(config)
        self.started = time.perf_counter()
        self.records: dict[str, dict[str, Any]] = {}
        self._scored: dict[Any, tuple[Any, Verdict | None]] = {}  # item -> (row, verdict), until its call report
        self.json_report: dict[str, Any] | None = None  # the JSON report, once built
        self.json_report_path: str | None = None  # where it was written
        self.extra_outputs: list[tuple[str, str]] = []
        # what the run keeps, out of the garbage collector's way (gcfreeze.py); a worker's process ends with it
        self.freezer = Freezer(FREEZE_REPORTS, keep=self.is_worker)
        self._row_seconds = 0.0  # setup + call + teardown time of every row, summed over workers
        self.clock = CpuClock(config) if self.is_worker or _compat.distributes(config) else None  # xdist's CPU time
        self._workers: set[str] = set()
        self.stop_reason: str | None = None  # why the run stopped before every row was scored
        self.stopped = False  # stop() was called (not a Ctrl-C or collection errors)
        self._skipped: set[str] = set()  # rows skipped without a record (not "not run")
        self._worker_ids: list[str] | None = None  # under xdist: the items a worker collected
        self._old_sigterm: Any = None
        self._planned: dict[str, tuple[str, str, int]] | None = None
        self._collected = False  # the collection ended (serial): session.items are the rows to run
        self.no_rows: str | None = None  # why no row was scored from files that hold rows (sessionfinish)
        # The controller compares with the baseline; a worker on another host need not have the file.
        self.baseline = (load_baseline(settings.baseline, benchmark=spec.name)
                         if settings.baseline and not self.is_worker else None)
        self.write_errors: list[str] = []  # outputs that could not be written at the end (disk full, ...)
        # JUnit properties cost four lists per row (the item's and each report's copy): only when asked for.
        self.junit = _compat.junit_requested(config)
        self.progress: Progress | None = None  # set at the session's start, when the terminal reporter exists
        # With a gate, a wrong row is not a test failure (README: "Outcomes"); an error row still is, as it
        # fails the run's exit status too.
        self.gated = settings.has_gates
        # The journals (report/journal.py): the rows written as they are scored beside the report, and the
        # journal of the run this one resumes (--bench-resume)
        resumed = self._read_resumed(settings.resume) if settings.resume else None
        if resumed is not None and not self.is_worker:
            self.records.update(resumed.rows)
        self.journal = RunJournal(self._report_file() if not self.is_worker else None, resumed)

    # -- the journal: a run that dies leaves the rows it scored; --bench-resume scores the rest ---------------

    def _read_resumed(self, given: str) -> Journal:
        try:
            journal = read_journal(Path(self.config.invocation_params.dir, given))
        except JournalError as exc:
            raise pytest.UsageError(f"--bench-resume {exc}") from None
        mismatch = journal.mismatch(self.spec.name, self.settings.profile, self.settings.benchmark_options,
                                    [self.collection.display_path(p) for p in self.collection.paths])
        if mismatch:
            raise pytest.UsageError(f"--bench-resume {given}: {mismatch}")
        return journal

    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config, items: list) -> None:
        """--bench-resume: the rows the journal has scored are not run again (their records come from it)."""
        if self.journal.resumed is None:
            return
        done = self.journal.resumed.rows
        keep, drop = [], []
        for item in items:
            (drop if isinstance(item, RowBase) and item.nodeid in done else keep).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

    def _report_file(self) -> Path | None:
        if not self.settings.report_path:
            return None
        path = Path(self.settings.report_path)
        return path if path.is_absolute() else Path(self.config.invocation_params.dir, path)

    def _start_journal(self, plan: list[list[Any]]) -> None:
        """Once the rows to score are known (the controller or the serial process, with a report to write)."""
        if _compat.collect_only(self.config):
            return
        collection, settings, base = self.collection, self.settings, self.config.invocation_params.dir
        header = {"benchmark": self.spec.name,
                  "spec": str(Path(base, self.spec.path).resolve()) if self.spec.path else self.spec.name,
                  "profile": settings.profile, "options": settings.benchmark_options,
                  "files": [[str(p), collection.display_path(p)] for p in collection.paths]}
        self.journal.start(header, plan, self.records.items(), self.write_errors)

    # -- the garbage collector ---------------------------------------------------------------------------

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Move what collection built (one item per row) out of the garbage collector's way (gcfreeze.py; without
        it every full collection walks every item again: 10-15% of a 10,000-row run of a cheap benchmark)."""
        self._collected = not session.shouldstop  # pytest calls this hook also when the collection was stopped
        if self.progress is not None:
            self.progress.start(sum(1 for item in session.items if isinstance(item, RowBase)))
        if self._collected:
            self._start_journal([item.plan_entry for item in session.items if isinstance(item, RowBase)])
        if session.items and not self.freezer.frozen:
            self.freezer.freeze()

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """The progress line (controller or serial), and SIGTERM made to end the run as Ctrl-C does (the report
        is written, the rows not run are listed)."""
        if not self.is_worker:
            progress = Progress(self.config, self.settings.progress_every)
            self.progress = progress if progress.on else None
            if progress.on and progress.tty:  # its own plugin only there: it hides the rows' dots
                self.config.pluginmanager.register(progress, PROGRESS_NAME)
        if threading.current_thread() is threading.main_thread():
            self._old_sigterm = signal.signal(signal.SIGTERM, _terminate)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        """On xdist's controller (which collects nothing itself): the rows to come, from a worker's ids (every
        worker collects the same), for the progress line and for naming the rows an interrupted run never ran."""
        if self.progress is not None and self.progress.total is None:
            self.progress.start(len(ids))
        if self._worker_ids is None:
            self._worker_ids = list(ids)
            planned = self.controller_plan()
            # the rows the workers left out (-k, --lf, --bench-select, --bench-resume), as a serial run counts them;
            # the rows of a file whose collection failed (the shape check, a missing field) were not left out
            failed, collected = self.collection.failed_files, set(ids)
            self.deselect_rows(sum(1 for nodeid, (_, display, _) in planned.items()
                                   if nodeid not in collected and display not in failed))
            if self.settings.report_path and not self.is_worker:
                # the journal's plan on xdist's controller: each row a worker collected, named from the files
                self._start_journal(plan_entries(self._worker_ids, planned, self.collection.plan.replayed_samples))

    def controller_plan(self) -> dict[str, tuple[str, str, int]]:
        """On xdist's controller (which collects nothing): every planned row of the files, ``nodeid -> (row id,
        file, line)`` (``InputPlan.replay``), worked out once."""
        if self._planned is None:
            self._planned = self.collection.plan.replay()
        return self._planned

    def deselect_rows(self, count: int) -> None:
        """Count ``count`` rows no item stands for as deselected (pytest's last line, the collection's count)."""
        if count > 0:
            self.config.hook.pytest_deselected(items=[DESELECTED_ROW] * count)

    # -- stopping early: SIGTERM, Ctrl-C, a fatal judge error -------------------------------------------

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        if self._old_sigterm is not None:
            signal.signal(signal.SIGTERM, self._old_sigterm)
            self._old_sigterm = None
        self.write_gate_verdict(config)

    def write_gate_verdict(self, config: pytest.Config) -> None:
        """A failed gate is the run's last line, in red (``run_text.gate_verdict``)."""
        if not self.is_worker and config.pluginmanager.get_plugin("terminalreporter") is not None:
            gate_verdict(self.json_report, config.get_terminal_writer())

    def stop(self, session: pytest.Session, reason: str) -> None:
        """Stop the run: after the current row, or before the first when called earlier (a judge endpoint found
        unusable before scoring). The report says ``reason`` and lists the rows not run (docs/running.md: "What an
        interrupted run writes"). The one place a row's sake sets ``session.shouldstop``; other plugins reach it
        through the ``pytest_answerbench_stop`` hook."""
        self.stop_reason = self.stop_reason or reason
        self.stopped = True
        session.shouldstop = reason

    def pytest_answerbench_stop(self, session: pytest.Session, reason: str) -> bool:
        self.stop(session, reason)
        return True

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> None:
        """A run stopped before its first row scores none (pytest itself checks ``shouldstop`` after a row)."""
        if self.stop_reason is not None and not self.is_worker:
            raise session.Interrupted(self.stop_reason)

    def pytest_keyboard_interrupt(self, excinfo: pytest.ExceptionInfo[BaseException]) -> None:
        """Ctrl-C, SIGTERM, or pytest's own stop (``session.shouldstop``, which it raises as an interruption)."""
        if self.stop_reason is None:
            text = str(excinfo.value).strip()
            if isinstance(excinfo.value, Terminated) or text == "stopped by SIGTERM":
                self.stop_reason = "stopped by SIGTERM"
            elif text and "keyboard-interrupt" not in text:
                self.stop_reason = text
            else:
                self.stop_reason = "interrupted (Ctrl-C)"

    def _not_run(self, session: pytest.Session, reason: str) -> list[dict[str, Any]]:
        """A ``not_run`` record for every row of the input with no record and not skipped."""
        done = self.records.keys() | self._skipped
        if not _compat.is_controller(self.config) and self._collected:
            entries = [item.plan_entry for item in session.items if isinstance(item, RowBase)]
        else:  # xdist's controller, or a serial run stopped before its collection ended: the files say what they are
            planned = self._planned if self._planned is not None else self.collection.plan.replay()
            ids = self._worker_ids if self._worker_ids is not None else list(planned)
            entries = plan_entries((i for i in ids if i not in done), planned, self.collection.plan.replayed_samples)
        return not_run_rows(entries, done, reason)

    # -- rows: from test reports to records --------------------------------------------------------------

    def verdict_for(self, item: RowBase, call: pytest.CallInfo, verdict: Verdict | None = None) -> Verdict:
        """The verdict of a row's call phase: the scorer's, or what its exception means."""
        excinfo = call.excinfo
        if excinfo is None:
            return verdict or Verdict.error("no verdict recorded")
        exc = excinfo.value
        if isinstance(exc, RowMismatch):
            return exc.verdict
        if isinstance(exc, ThreadTimeout) or (
            isinstance(exc, pytest.fail.Exception) and str(exc).startswith(_compat.TIMEOUT_PREFIX)
        ):
            return Verdict(TIMEOUT, 0.0, method="timeout",
                           detail=f"row exceeded its time limit ({self.item_timeout(item):g}s)")
        if isinstance(exc, JudgeFatalError):
            self.stop(item.session, f"judge: {exc}")
            return Verdict.error(f"judge unusable: {exc}", method="judge-fatal")
        if isinstance(exc, JudgeError):
            return Verdict.error(f"judge failed: {exc}", method="judge-error")
        return Verdict.error(f"{type(exc).__name__}: {exc}", method="exception")

    def item_timeout(self, item: pytest.Item) -> float:
        mark = item.get_closest_marker("timeout")
        if mark and mark.args:
            return float(mark.args[0])
        value = self.config.getoption("timeout", None)
        return float(value or 0)

    def record(self, item: RowBase, verdict: Verdict, row: dict[str, Any] | None) -> dict[str, Any]:
        """A row item's entry in the report (``report.rows.row_record``)."""
        return row_record(self.spec, row, verdict, row_id=item.row_id, file=item.parent.display_name,
                          line=item.row_line, sample=item.sample, omit_text=self.settings.omit_text)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        """Attach the row's record to its report and its JUnit properties to the item (the worker side).

        The properties go on the item before the report is made, so the call and teardown reports carry
        them (junitxml reads the teardown report's).
        """
        if (call.when != "call" and call.excinfo is None) or not isinstance(item, RowBase):
            return (yield)  # a set-up or teardown that passed, or not a row: nothing to attach
        prepared = self.prepare_report(item, call)
        test_report = yield
        return self.finish_report(test_report, prepared)

    def pytest_answerbench_row_scored(self, item: pytest.Item, row: Any, verdict: Verdict | None) -> None:
        """A row item was scored (hooks.py): kept for its call report, made next."""
        self._scored[item] = (row, verdict)

    def prepare_report(self, item: pytest.Item, call: pytest.CallInfo) -> tuple[Any, Any]:
        """Before a row's phase report is made: its record (call phase, or a failed set-up) and verdict, its
        JUnit properties put on the item."""
        rec, verdict = None, None
        if isinstance(item, RowBase):
            if call.when == "call":
                row, verdict = self._scored.pop(item, (None, None))
                verdict = self.verdict_for(item, call, verdict)
                rec = self.record(item, verdict, row if isinstance(row, dict) else None)
            elif call.when == "setup" and call.excinfo is not None and not call.excinfo.errisinstance(
                    pytest.skip.Exception):
                exc = call.excinfo.value
                reason = item.problem or f"setup failed: {type(exc).__name__}: {exc}"
                method = "unreadable-row" if item.problem else "setup-error"
                rec = self.record(item, Verdict.error(reason, method=method), None)
            if rec is not None and (self.is_worker or self.junit):
                # Lone surrogates cannot cross xdist's channel (UTF-8) nor go into the JUnit XML.
                rec = scrub_surrogates(rec)
            if rec is not None and self.junit:
                item.user_properties.extend(junit_properties(rec))
        return rec, verdict

    def finish_report(self, test_report: pytest.TestReport, prepared: tuple[Any, Any]) -> pytest.TestReport:
        """The row's report made: its record attached, a wrong row's outcome set (see ``prepare_report``)."""
        rec, verdict = prepared
        if rec is not None:
            setattr(test_report, _compat.RECORD, rec)
            if verdict is not None and not verdict.correct and not test_report.skipped:
                if verdict.status == MISS or (self.gated and verdict.status != ERROR):
                    # With a gate the gates are the assertions: a wrong or timed-out row is a result, shown as
                    # xfail with its reason (JUnit <skipped type="pytest.xfail">, its message starting with the
                    # status: "wrong: ..."), not a test failure. An abstention (CRAG-MM's "I don't know", a miss)
                    # is no wrong answer: the same, gate or not.
                    test_report.outcome = "skipped"
                    test_report.wasxfail = describe(verdict)
                elif test_report.passed:
                    test_report.outcome = "failed"
                    test_report.longrepr = describe(verdict)
                elif verdict.status == TIMEOUT:  # the row's words (as a gated or streamed run says), not the timer's
                    test_report.longrepr = describe(verdict)
        return test_report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Collect row records (the controller side; also the serial process); every ``FREEZE_REPORTS`` reports,
        freeze what the run keeps (with collect.FREEZE_ROWS, on 10,000 VMCBench rows: 4 full collections and
        0.8 s in the collector before, 1 and 0.4 s after)."""
        self.freezer.tick()
        if self.is_worker:
            return
        self._row_seconds += report.duration or 0.0
        node = getattr(report, _compat.XDIST_NODE, None)  # on xdist's controller: the worker that ran the row
        if node is not None:
            self._workers.add(_compat.worker_id(node))
        rec = getattr(report, _compat.RECORD, None)
        if rec is not None:
            if report.nodeid not in self.records:
                if self.progress is not None:
                    self.progress.row(rec)
                if self.journal.writer is not None:
                    self.journal.writer.add(report.nodeid, rec)
            self.records.setdefault(report.nodeid, rec)
        elif report.skipped:
            self._skipped.add(report.nodeid)
        elif report.failed and report.when not in ("setup", "call", "teardown") and report.nodeid not in self.records:
            # xdist reports a row whose worker died as a failure with when="???".
            name = report.nodeid.split("::")[-1]
            self.records[report.nodeid] = make_row(
                row_id=name, file=report.nodeid.split("::")[0], line=None,
                verdict=Verdict.error("the worker process crashed while scoring this row", method="worker-crash"))

    def pytest_answerbench_judge_progress(self, received: int | None, asked: int) -> None:
        """A judge batch's replies on the progress line (the collection's prefetch reports them)."""
        progress = self.progress
        if progress is not None and received is not None:
            progress.judge(received, asked)
        elif progress is not None:
            progress.judge_done()

    def pytest_answerbench_row_stuck(self, item: RowBase, verdict: Verdict) -> None:
        """A row stuck past its time limit in code nothing can interrupt (timers.py ends the process next):
        log its failure and, on the controller or a serial run, write the report as it stands."""
        rec = self.record(item, verdict, None)
        test_report = pytest.TestReport(nodeid=_compat.report_nodeid(item), location=item.location, keywords={}, outcome="failed",
                                        longrepr=describe(verdict), when="call", user_properties=junit_properties(rec))
        setattr(test_report, _compat.RECORD, rec)
        item.ihook.pytest_runtest_logreport(report=test_report)
        if self.journal.writer is not None:
            self.journal.writer.flush()
        if not self.is_worker:
            reason = f"row {item.row_id} stuck past its time limit in code that cannot be interrupted"
            self.write_json_report(incomplete=reason, not_run=self._not_run(item.session, reason))

    # -- report, gates, exit status ----------------------------------------------------------------------

    def build_json_report(self, final: bool = True, incomplete: str | None = None,
                          not_run: list[dict[str, Any]] = ()) -> dict[str, Any]:
        """The JSON report from the records collected so far (``final`` False: the run ended early; with
        ``incomplete``, why, and ``not_run`` the rows it never scored): ``report.finish.run_report``."""
        collection = self.collection
        rows, files = self.report_rows(not_run)
        return run_report(
            spec=self.spec, settings=self.settings, plan=collection.plan, rows=rows, files=files,
            seconds=time.perf_counter() - self.started, workers=len(self._workers), row_seconds=self._row_seconds,
            cpu=(self.clock.rows_cpu, self.clock.processes_cpu) if self.clock is not None else None,
            baseline=self.baseline, selftest=self.scoring.judge_selftest, final=final, incomplete=incomplete)

    def report_rows(self, not_run: list[dict[str, Any]]) -> tuple[Any, list[dict[str, Any]]]:
        """The report's rows (the records and ``not_run``) and its ``files`` entry (stream.py streams them)."""
        rows = list(self.records.values())
        rows.extend(not_run)
        paths = ((str(p), self.collection.display_path(p)) for p in self.collection.paths)
        return rows, prediction_files(paths, rows)

    def write_json_report(self, final: bool = True, json_report: dict[str, Any] | None = None,
                          incomplete: str | None = None, not_run: list[dict[str, Any]] = ()) -> None:
        if json_report is None:
            json_report = self.build_json_report(final, incomplete, not_run)
        self.json_report = json_report
        path = self._report_file()
        if path is not None and write_output("JSON report", path, write_json, json_report, errors=self.write_errors):
            self.json_report_path = str(path)

    def _rescore(self, json_report: dict[str, Any]) -> None:
        """Score every reported row again (same files, lines, ids) and record the comparison in the report."""
        judge = self.scoring.make_judge()
        try:
            rescore(json_report, self.scoring.make_scorer(judge=judge), self.collection.plan, self.spec)
        finally:
            if judge is not None and hasattr(judge, "close"):
                judge.close()

    def _write_outputs(self, json_report: dict[str, Any]) -> None:
        """The markdown and HTML outputs and the GitHub step summary (``report.finish.write_outputs``)."""
        self.extra_outputs += write_outputs(json_report, self.settings, self.config.invocation_params.dir,
                                            self.write_errors)

    def junit_logger(self) -> Any:
        """Where the gates' JUnit test reports go: junitxml's report handler (a streamed run writes its own)."""
        return _compat.junit_logger(self.config)

    def _junit_gates(self, json_report: dict[str, Any]) -> None:
        """Each gate as its own JUnit test case (``report.gates.junit_gate_cases``), logged to junitxml."""
        log = self.junit_logger()
        for nodeid, outcome, longrepr, props in junit_gate_cases(json_report) if log is not None else ():
            for when in ("call", "teardown"):
                log(pytest.TestReport(nodeid=nodeid, location=("answerbench", None, nodeid), keywords={},
                                      outcome=outcome if when == "call" else "passed",
                                      longrepr=longrepr if when == "call" else None, when=when,
                                      user_properties=props))

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Write the JSON report and decide the exit status from the gates (the controller only)."""
        # Freeze what the run built (SymPy's caches, the rows, the records) out of the way of pytest's five final
        # collections and, where the process ends with the run, of the interpreter's own at exit (see
        # ``Freezer.unfreeze``), which xdist's controller waits for (measured: about half a second a worker).
        self.freezer.freeze()
        if self.is_worker:
            return
        try:
            self._finish(session, exitstatus)
        finally:
            self.journal.close(complete=self.json_report_path is not None and not self.json_report.get("incomplete"))
        failed = self.write_errors or (not self.gated and self.journal.resumed_failures())
        if failed and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def _finish(self, session: pytest.Session, exitstatus: int) -> None:
        self._planned = self.controller_plan() if _compat.is_controller(self.config) else None
        if self._planned:  # rows of a crashed worker: xdist's report names the row, the replay finds its line
            for nodeid, rec in self.records.items():
                if rec["line"] is None and nodeid in self._planned:
                    rec["id"], rec["file"], rec["line"] = self._planned[nodeid]
        # Rows none of which was scored although the files hold some (xdist's workers collected different rows)
        self.no_rows = self._no_row_scored()
        reason = self.stop_reason or session.shouldstop or session.shouldfail or self.no_rows or None
        not_run = [] if _compat.collect_only(self.config) else self._not_run(session,
                                                                              str(reason or "the run ended early"))
        if not_run and not reason:
            reason = f"{len(not_run)} rows were not run"
        incomplete = str(reason) if reason and (not_run or self.stop_reason or self.no_rows) else None
        self.write_json_report(incomplete=incomplete, not_run=not_run)
        assert self.json_report is not None
        if self.json_report.get("harness_incomplete") and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED  # scores of a run the harness did not finish
        if incomplete is not None:
            if session.exitstatus == pytest.ExitCode.OK:
                session.exitstatus = pytest.ExitCode.TESTS_FAILED
            self._write_outputs(self.json_report)
            self._junit_gates(self.json_report)
            return
        if self.settings.rescore_check and exitstatus in (0, 1):
            self._rescore(self.json_report)
            self.write_json_report(json_report=self.json_report)
        self._write_outputs(self.json_report)
        self._junit_gates(self.json_report)
        if (self.json_report.get("comparison") or {}).get("nothing_paired"):  # report/paired.py: no comparison
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
            return
        if not self.settings.has_gates or exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED,
                                                             pytest.ExitCode.NO_TESTS_COLLECTED):
            return
        report = self.json_report
        failed = any(not g["passed"] for g in report["gates"]) or report["counts"].get(ERROR, 0)
        lost = self.no_rows is not None or bool(report.get("harness_incomplete"))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED if failed or lost else pytest.ExitCode.OK

    def _no_row_scored(self) -> str | None:
        """Why the report has no rows although the prediction files hold rows for this run (e.g. xdist's
        workers collected different rows and nothing ran), or None. A run that deselected every row, a
        ``--collect-only`` run, empty files and an empty shard are not such runs."""
        # (a run stopped on purpose is already an incomplete report with its own reason and exit status)
        collection = self.collection
        if self.records or collection.deselected or self.stopped or _compat.collect_only(self.config):
            return None
        return no_row_message(collection.plan.rows_held(), self.settings.shard, collection.error_lines)

    def pytest_report_header(self, config: pytest.Config) -> str:
        """Say what is being scored and how (``run_text.header``)."""
        return header(self)

    def pytest_terminal_summary(self, terminalreporter, exitstatus: int, config: pytest.Config) -> None:
        """Accuracy, counts, groups, the first wrong rows, errors, gates (``run_text.terminal_summary``)."""
        if not self.is_worker and self.json_report is not None:
            terminal_summary(self, terminalreporter)
