"""The run object of a ``--bench`` run (``BenchRun``), registered as a plugin only when ``--bench`` is given.

It turns each row's test reports into the row's record and the records into the JSON report:

* ``pytest_runtest_makereport`` (the worker side, also the serial process) takes the row and verdict the item
  left in ``Collection.scored`` and attaches the row's record to its report (serialisable, so xdist carries it
  to the controller unchanged) and flat JUnit properties to ``report.user_properties``;
* ``pytest_runtest_logreport`` (the controller side, also the serial process) collects the records; so
  ``-n 0``, ``-n 2`` and ``--tx`` share one code path, and only the controller writes files;
* ``pytest_sessionfinish`` builds and writes the report, runs the rescore check, writes the markdown, HTML and
  JUnit gate outputs, and sets the exit status from the gates; ``pytest_terminal_summary`` prints it.

The other roles of the run are their own plugins, registered beside it by plugin.py: the collection
(collect.py), the row timers (timers.py) and the default judge and scorer (fixtures.py). They reach the run only
through the plugin's own hooks (hooks.py), which it implements: a row item hands over its verdict
(``pytest_answerbench_row_scored``), the collection and the run itself ask it to stop
(``pytest_answerbench_stop``, the one place ``session.shouldstop`` is set), the timers hand over a row stuck past
its limit (``pytest_answerbench_row_stuck``).
"""

from __future__ import annotations

import atexit
import gc
import os
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
from .judge import JudgeError, JudgeFatalError
from .options import Settings
from .progress import Progress
from .report import add_rescore, build_report, make_row, prediction_files, scrub_surrogates
from .report.gates import gate_look, outcome_of
from .report.journal import Journal, JournalError, JournalWriter, journal_path, read_journal
from .report.io import ENCODE_ERRORS
from .report.outputs import OUTPUTS
from .report.paired import benchmark_mismatch
from .report.rows import row_text
from .report.rowstream import write_report
from .report.render import markdown_summary
from .spec import BenchmarkSpec
from .text.printable import printable
from .run_text import gate_verdict, header, no_row_message, terminal_summary
from .timers import ThreadTimeout
from .verdict import CORRECT, ERROR, MISS, NOT_RUN, TIMEOUT, Verdict


def _append_text(path: Path, text: str) -> None:
    with open(path, "a", encoding="utf-8", errors=ENCODE_ERRORS) as fh:
        fh.write(text)


_FREEZE_AT_EXIT: list[bool] = []


def _freeze_at_exit() -> None:
    """Once a process: at its exit, move every object left out of the garbage collector's way (the
    interpreter's last collections at exit then skip them; exit frees them anyway)."""
    if not _FREEZE_AT_EXIT:
        _FREEZE_AT_EXIT.append(True)
        atexit.register(gc.freeze)


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
        self._frozen = False
        self._row_seconds = 0.0  # setup + call + teardown time of every row, summed over workers
        # CPU time of an xdist run's processes (registered by plugin.py)
        self.clock = CpuClock(config) if self.is_worker or _compat.distributes(config) else None
        self._workers: set[str] = set()
        self.stop_reason: str | None = None  # why the run stopped before every row was scored
        self.stopped = False  # stop() was called (not a Ctrl-C or collection errors)
        self._skipped: set[str] = set()  # rows skipped without a record (not "not run")
        self._worker_ids: list[str] | None = None  # under xdist: the items a worker collected
        self._old_sigterm: Any = None
        self._planned: dict[str, tuple[str, str, int]] | None = None
        self._collected = False  # the collection ended (serial): session.items are the rows to run
        self._deselected = 0
        self._collect_errors: list[str] = []
        self.collect_errors: dict[str, None] = {}  # files that could not be collected: their one message each
        self.no_rows: str | None = None  # why no row was scored from files that hold rows (sessionfinish)
        # The controller compares with the baseline; a worker on another host need not have the file.
        self.baseline = load_baseline(settings.baseline) if settings.baseline and not self.is_worker else None
        if self.baseline is not None:
            mismatch = benchmark_mismatch(self.baseline, spec.name)
            if mismatch:  # another benchmark's report pairs no row: said before scoring, not after
                raise pytest.UsageError(f"--bench-baseline {settings.baseline} {mismatch}")
        self.write_errors: list[str] = []  # outputs that could not be written at the end (disk full, ...)
        # JUnit properties cost four lists per row (the item's and each report's copy): only when asked for.
        self.junit = _compat.junit_requested(config)
        self.progress: Progress | None = None  # set at the session's start, when the terminal reporter exists
        # With a gate, a wrong row is not a test failure (README: "Exit status"); an error row still is, as it
        # fails the run's exit status too.
        self.gated = settings.has_gates
        # The journal (report/journal.py): the rows written as they are scored, beside the report
        self.journal: JournalWriter | None = None
        self.resumed: Journal | None = None  # --bench-resume: the journal of the run this one resumes
        if settings.resume:
            self.resumed = self._read_resumed(settings.resume)
            if not self.is_worker:
                self.records.update(self.resumed.rows)

    # -- the journal: a run that dies leaves the rows it scored; --bench-resume scores the rest ---------------

    def _read_resumed(self, given: str) -> Journal:
        try:
            journal = read_journal(Path(self.config.invocation_params.dir, given))
        except JournalError as exc:
            raise pytest.UsageError(f"--bench-resume {exc}") from None
        header, settings = journal.header, self.settings
        files = [display for _, display in header.get("files", [])]
        mine = [self.collection.display_path(p) for p in self.collection.paths]
        for what, theirs, ours in (("benchmark", header.get("benchmark"), self.spec.name),
                                   ("profile", header.get("profile"), settings.profile),
                                   ("benchmark options", header.get("options") or {}, settings.benchmark_options),
                                   ("prediction files", files, mine)):
            if theirs != ours:
                raise pytest.UsageError(f"--bench-resume {given}: the journal's run scored another {what} "
                                        f"({theirs!r}, this run: {ours!r}); resume it with the same options")
        return journal

    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config, items: list) -> None:
        """--bench-resume: the rows the journal has scored are not run again (their records come from it)."""
        if self.resumed is None:
            return
        done = self.resumed.rows
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
        report = self._report_file()
        if report is None or self.journal is not None or self.is_worker or _compat.collect_only(self.config):
            return
        if self.resumed is not None:
            plan = self.resumed.plan  # the whole run's rows, not only those left to score
        collection, settings = self.collection, self.settings
        spec = str(Path(self.config.invocation_params.dir, self.spec.path).resolve()) if self.spec.path else self.spec.name
        header = {"benchmark": self.spec.name, "spec": spec, "profile": settings.profile,
                  "options": settings.benchmark_options,
                  "files": [[str(p), collection.display_path(p)] for p in collection.paths], "plan": plan}
        try:
            self.journal = JournalWriter(journal_path(report), header, self.records.items())
        except (OSError, TypeError, ValueError) as exc:  # no room, or options JSON cannot hold: no journal
            self.write_errors.append(f"cannot write the journal {journal_path(report)}: {exc}")

    def _plan_of(self, ids: list[str]) -> list[list[Any]]:
        """The journal's plan on xdist's controller: each row a worker collected, named from the files."""
        planned = self.collection.plan.replay()
        samples = self.collection.plan.replayed_samples
        out = []
        for nodeid in ids:
            row_id, file, line = planned.get(nodeid) or (nodeid.split("::")[-1], nodeid.split("::")[0], None)
            sample = samples.get(nodeid)
            out.append([nodeid, row_id, file, line, sample.question if sample else None,
                        sample.index if sample else None])
        return out

    def _resumed_failures(self) -> bool:
        """Does a row taken from the resumed journal count as a failed test (as it did in the run that scored
        it: ``finish_report``)?"""
        if self.resumed is None:
            return False
        return any(rec["status"] not in (CORRECT, MISS, NOT_RUN) and (not self.gated or rec["status"] == ERROR)
                   for rec in self.resumed.rows.values())

    # -- the garbage collector ---------------------------------------------------------------------------

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """Move what collection built (one item per row) out of the garbage collector's way.

        The items live until the end of the run; without this every full collection during the run walks
        all of them again (measured: 10-15% of a 10,000-row run of a cheap benchmark). Undone by ``unfreeze``.
        """
        self._collected = not session.shouldstop  # pytest calls this hook also when the collection was stopped
        if self.progress is not None:
            self.progress.start(sum(1 for item in session.items if isinstance(item, RowBase)))
        if self._collected:
            self._start_journal([[item.nodeid, item.row_id, item.parent.display_name, item.row_line,
                                  item.sample.question if item.sample else None,
                                  item.sample.index if item.sample else None]
                                 for item in session.items if isinstance(item, RowBase)])
        if session.items and not self._frozen:
            gc.freeze()
            self._frozen = True

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """The progress line (controller or serial), and SIGTERM made to end the run as Ctrl-C does (the report
        is written, the rows not run are listed)."""
        if not self.is_worker:
            progress = Progress(self.config, self.settings.progress_every)
            self.progress = progress if progress.on else None
            self.collection.show_progress(self.progress)
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
            if self.settings.report_path and not self.is_worker:
                self._start_journal(self._plan_of(self._worker_ids))

    def pytest_report_teststatus(self, report: pytest.TestReport, config: pytest.Config) -> Any:
        """On a terminal with the progress line, a row's outcome prints no dot: the line says it all.
        (An expected failure is left to pytest's skipping plugin.)"""
        if (self.progress is not None and self.progress.tty and report.when == "call"
                and getattr(report, _compat.RECORD, None) is not None and report.outcome in ("passed", "failed")
                and not hasattr(report, "wasxfail")):
            return report.outcome, "", report.outcome.upper()
        return None

    def unfreeze(self) -> None:
        """Hand the frozen objects back to the garbage collector: a config clean-up that runs after pytest's own
        (whose five full collections at the end of a run would otherwise walk every item again), so a program
        that goes on after ``pytest.main()`` (or a pytester run inside a test) gets its memory back.

        Where the process then ends, the interpreter's collections at exit would walk them all again (0.7 s
        after 2,000 SymPy rows) to free memory the exit frees anyway: an exit handler freezes what is left
        first (``_freeze_at_exit``). An xdist worker's process ends with its run: it keeps them frozen.
        """
        if self._frozen and not self.is_worker:
            gc.unfreeze()
            self._frozen = False
            _freeze_at_exit()

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
        unusable before scoring). The report says ``reason`` and lists the rows not run (README: "What an
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
        verdict = Verdict(NOT_RUN, 0.0, method="not-run", detail=f"not run: {reason}")
        done = self.records.keys() | self._skipped
        if not _compat.is_controller(self.config) and self._collected:
            return [self.record(item, verdict, None) for item in session.items
                    if isinstance(item, RowBase) and item.nodeid not in done]
        # xdist's controller, or a serial run stopped before its collection ended: the files say what the rows are
        planned = self._planned if self._planned is not None else self.collection.plan.replay()
        samples = self.collection.plan.replayed_samples
        ids = self._worker_ids if self._worker_ids is not None else list(planned)
        out = []
        for nodeid in ids:
            if nodeid in done:
                continue
            row_id, file, line = planned.get(nodeid) or (nodeid.split("::")[-1], nodeid.split("::")[0], None)
            sample = samples.get(nodeid)
            out.append(make_row(row_id=row_id, file=file, line=line, verdict=verdict,
                                question_id=sample.question if sample else None,
                                sample=sample.index if sample else None))
        return out

    # -- outputs: checked before scoring (options.py), written at the end ----------------------------------

    def _write(self, what: str, path: Path, write: Any, *args: Any) -> bool:
        """Write one output; a failure (a full disk) is one message in the summary, not a traceback (the
        writer leaves no temporary file)."""
        try:
            write(path, *args)
        except OSError as exc:
            self.write_errors.append(f"cannot write the {what} to {path}: {exc.strerror or exc}")
            return False
        return True

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
        """A row's entry in the report."""
        # One record per row lives until the report is written: build it without intermediate copies and
        # share the file name between a file's rows (100,000 rows make every byte count).
        if row and not self.settings.omit_text:
            response, question = row_text(row, self.spec.prediction_field)
        else:
            response = question = None
        sample = item.sample
        rec = make_row(row_id=item.row_id, file=item.parent.display_name, line=item.row_line,
                       verdict=verdict, fields=self.kept_fields(row) if row else None, response=response,
                       question=question, question_id=sample.question if sample else None,
                       sample=sample.index if sample else None)
        if self.settings.omit_text and isinstance(rec["extra"].get("judge_calls"), list):
            del rec["extra"]["judge_calls"]  # the judge's prompts and replies: text too
        return rec

    def kept_fields(self, row: dict[str, Any]) -> dict[str, Any]:
        """A row's fields in the report: the benchmark's grouping and kept fields, and the verdict another
        harness gave the row (its file's, ``--bench-from``) for the report's ``harness_agreement``."""
        fields = self.spec.kept(row)
        if "harness_verdict" in row:
            fields["harness_verdict"] = row["harness_verdict"]
            fields["harness_metric"] = row.get("harness_metric")
        return fields

    @staticmethod
    def properties(rec: dict[str, Any]) -> list[tuple[str, Any]]:
        """A row's JUnit properties."""
        return [
            ("status", rec["status"]),
            ("score", rec["score"]),
            ("extracted", "" if rec["extracted"] is None else rec["extracted"]),
            ("gold", "" if rec["gold"] is None else rec["gold"]),
            ("method", rec["method"]),
            ("row_id", rec["id"]),
            ("line", rec["line"]),
        ] + ([("question_id", rec["question_id"]), ("sample", rec["sample"])] if "question_id" in rec else [])

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        """Attach the row's record to its report and its JUnit properties to the item (the worker side).

        The properties go on the item before the report is made, so the call and teardown reports carry
        them (junitxml reads the teardown report's).
        """
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
                item.user_properties.extend(self.properties(rec))
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
        return test_report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Collect row records (the controller side; also the serial process)."""
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
                if self.journal is not None:
                    self.journal.add(report.nodeid, rec)
            self.records.setdefault(report.nodeid, rec)
        elif report.skipped:
            self._skipped.add(report.nodeid)
        elif report.failed and report.when not in ("setup", "call", "teardown") and report.nodeid not in self.records:
            # xdist reports a row whose worker died as a failure with when="???".
            name = report.nodeid.split("::")[-1]
            self.records[report.nodeid] = make_row(
                row_id=name, file=report.nodeid.split("::")[0], line=None,
                verdict=Verdict.error("the worker process crashed while scoring this row", method="worker-crash"))

    def pytest_answerbench_row_stuck(self, item: RowBase, verdict: Verdict) -> None:
        """A row stuck past its time limit in code nothing can interrupt (timers.py ends the process next):
        log its failure and, on the controller or a serial run, write the report as it stands."""
        rec = self.record(item, verdict, None)
        test_report = pytest.TestReport(nodeid=_compat.report_nodeid(item), location=item.location, keywords={}, outcome="failed",
                                        longrepr=describe(verdict), when="call", user_properties=self.properties(rec))
        setattr(test_report, _compat.RECORD, rec)
        item.ihook.pytest_runtest_logreport(report=test_report)
        if self.journal is not None:
            self.journal.flush()
        if not self.is_worker:
            reason = f"row {item.row_id} stuck past its time limit in code that cannot be interrupted"
            self.write_json_report(incomplete=reason, not_run=self._not_run(item.session, reason))

    # -- report, gates, exit status ----------------------------------------------------------------------

    def build_json_report(self, final: bool = True, incomplete: str | None = None,
                          not_run: list[dict[str, Any]] = ()) -> dict[str, Any]:
        """The JSON report from the records collected so far (``final`` False: the run ended early; with
        ``incomplete``, why, and ``not_run`` the rows it never scored)."""
        settings = self.settings
        collection = self.collection
        rows, files = self.report_rows(not_run)
        report = build_report(
            spec=self.spec, profile=settings.profile, rows=rows, options=settings.benchmark_options,
            files=files,
            seconds=time.perf_counter() - self.started, with_fingerprint=True, gold_path=settings.gold,
            gates=settings.gates, baseline=self.baseline,
            warnings=collection.plan.duplicates, workers=len(self._workers), row_seconds=self._row_seconds,
            cpu=(self.clock.rows_cpu, self.clock.processes_cpu) if self.clock is not None else None,
            shard=settings.shard,
            rows_in_files=collection.plan.rows_in_files() if settings.shard is not None else None,
            complete=final, incomplete=incomplete, cluster=settings.cluster)
        if settings.fields:  # --bench-field / fields: which column each benchmark field was read from
            report["fields"] = dict(settings.fields)
        selftest = self.scoring.judge_selftest  # the judge self-test (fixtures.py, judge/selftest.py)
        if selftest is not None:
            report["judge_selftest"] = selftest
            if selftest.get("warning"):
                report["warnings"] = [*report.get("warnings", ()), selftest["warning"]]
        incomplete_runs = collection.plan.harness_incomplete()  # a harness's log of a run it did not finish
        if incomplete_runs:
            report["harness_incomplete"] = incomplete_runs
        return report

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
        if path is not None:
            if self._write("JSON report", path, write_report, json_report):
                self.json_report_path = str(path)

    def _rescore(self, json_report: dict[str, Any]) -> None:
        """Score every reported row again (same files, lines, ids) and record the comparison in the report."""
        judge = self.scoring.make_judge()
        scorer = self.scoring.make_scorer(judge=judge)
        gold = self.collection.plan.gold
        by_file = self.collection.plan.rows_by_line()
        # The samples of a list of responses are one line's consecutive numbers: the first one is its item 0.
        first: dict[tuple[Any, Any], int] = {}
        for r in json_report["rows"]:
            if r.get("sample") is not None:
                key = (r["file"], r["line"])
                first[key] = min(first.get(key, r["sample"]), r["sample"])
        rows = []
        for r in json_report["rows"]:
            row = by_file.get(r["file"], {}).get(r["line"])
            if row is None:  # unreadable rows, gold-only rows: nothing to rescore, they stay as they were
                rows.append(r)
                continue
            if r.get("sample") is not None:
                item = r["sample"] - first[(r["file"], r["line"])]
                row = self.collection.plan.response_row(row, item)
            if gold is not None:
                row, _ = gold.join(row, self.spec.row_id(row))
            verdict = scorer(row, r["id"]).to_dict()
            rows.append({**r, **{k: verdict[k] for k in ("status", "score", "extracted", "gold")}})
        if judge is not None and hasattr(judge, "close"):
            judge.close()
        add_rescore(json_report, rows)

    def _write_outputs(self, json_report: dict[str, Any]) -> None:
        """The outputs rendered from the finished report (report/outputs.py), and the GitHub step summary."""
        comparison = json_report.get("comparison")
        base = self.config.invocation_params.dir
        for out in OUTPUTS:
            value = getattr(self.settings, out.field)
            if out.render is None or not value:  # the JSON report is written as the run goes
                continue
            path = Path(base, value)
            if self._write(out.label, path, out.write, json_report, comparison, self.settings.flips):
                self.extra_outputs.append((out.label, str(path)))
        summary = os.environ.get("GITHUB_STEP_SUMMARY")
        if summary:
            text = markdown_summary(json_report, comparison, top=self.settings.flips)
            self._write("GitHub step summary", Path(summary), _append_text, text + "\n")

    def junit_logger(self) -> Any:
        """Where the gates' JUnit test reports go: junitxml's report handler (a streamed run writes its own)."""
        return _compat.junit_logger(self.config)

    def _junit_gates(self, json_report: dict[str, Any]) -> None:
        """Each gate as its own JUnit test case (``answerbench::gate::NAME[KEY]``), passed or failed; its
        ``outcome`` property is the report's word (``pass``, ``fail``, ``inconclusive``)."""
        log = self.junit_logger()
        if log is None:
            return
        # the gates of a --bench-select run judge a subset of the rows: their test cases say so
        kind = "gate::subset" if json_report.get("subset") else "gate"
        for gate in json_report["gates"]:
            nodeid = f"answerbench::{kind}::{gate['name']}[{gate['key']}]"
            outcome = gate_look(gate).junit  # inconclusive: skipped, as it reads everywhere (report/_fmt.py)
            props = [("gate", gate["name"]), ("key", gate["key"]), ("op", gate["op"]), ("value", gate["value"]),
                     ("threshold", gate["threshold"]), ("outcome", outcome_of(gate))]
            message = printable(gate["message"])
            longrepr = {"failed": message, "skipped": ("answerbench", 0, f"inconclusive: {message}")}
            for when in ("call", "teardown"):
                log(pytest.TestReport(nodeid=nodeid, location=("answerbench", None, nodeid), keywords={},
                                      outcome=outcome if when == "call" else "passed",
                                      longrepr=longrepr.get(outcome) if when == "call" else None, when=when,
                                      user_properties=props))

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        """Write the JSON report and decide the exit status from the gates (the controller only)."""
        # Freeze what the run built (SymPy's caches, the rows, the records) out of the way of pytest's five final
        # collections and, where the process ends with the run, of the interpreter's own at exit (see
        # ``unfreeze``), which xdist's controller waits for (measured: about half a second a worker).
        gc.freeze()
        self._frozen = True
        if self.is_worker:
            return
        try:
            self._finish(session, exitstatus)
        finally:
            if self.journal is not None:  # kept while the report is incomplete: --bench-resume finishes it
                complete = self.json_report is not None and not self.json_report.get("incomplete")
                self.journal.close(remove=complete and self.json_report_path is not None)
        if self._resumed_failures() and session.exitstatus == pytest.ExitCode.OK and not self.settings.has_gates:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        if self.write_errors and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def _finish(self, session: pytest.Session, exitstatus: int) -> None:
        self._planned = self.collection.plan.replay() if _compat.is_controller(self.config) else None
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
        assert self.json_report is not None
        failed = [g for g in self.json_report["gates"] if not g["passed"]]
        errored = self.json_report["counts"].get(ERROR, 0)
        lost = self.no_rows is not None
        lost = lost or bool(self.json_report.get("harness_incomplete"))
        session.exitstatus = pytest.ExitCode.TESTS_FAILED if failed or errored or lost else pytest.ExitCode.OK

    def pytest_deselected(self, items: list) -> None:
        self._deselected += len(items)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        """Keep the first line of each collection error (xdist's controller receives the workers' and its own
        "Different tests were collected"), for the report of a run that scored no row."""
        if report.failed and not self.is_worker:
            message = str(report.longrepr).strip()
            first = message.splitlines()[:1]
            if first and first[0] not in self._collect_errors:
                self._collect_errors.append(first[0][:2000])  # a stop of inputs.shape.FieldCheck: one long line
            # and the whole message of a file that stopped collection (no rows, the wrong columns): the terminal
            # summary shows it, as pytest's own error section is off in a --bench run (under xdist: once)
            self.collect_errors[message] = None

    def _no_row_scored(self) -> str | None:
        """Why the report has no rows although the prediction files hold rows for this run (e.g. xdist's
        workers collected different rows and nothing ran), or None. A run that deselected every row, a
        ``--collect-only`` run, empty files and an empty shard are not such runs."""
        # (a run stopped on purpose is already an incomplete report with its own reason and exit status)
        if self.records or self._deselected or self.stopped or _compat.collect_only(self.config):
            return None
        return no_row_message(self.collection.plan.rows_held(), self.settings.shard, self._collect_errors)

    def pytest_report_header(self, config: pytest.Config) -> str:
        """Say what is being scored and how (``run_text.header``)."""
        return header(self)

    def pytest_terminal_summary(self, terminalreporter, exitstatus: int, config: pytest.Config) -> None:
        """Accuracy, counts, groups, the first wrong rows, errors, gates (``run_text.terminal_summary``)."""
        if not self.is_worker and self.json_report is not None:
            terminal_summary(self, terminalreporter)
