"""The lean row protocol (``LeanProtocol``): plain rows run with one hooked phase instead of three.

A ``FastRowItem`` has nothing to set up or tear down once its file is set up and its scorer built, yet pytest's
set-up and teardown phases each cost as much as the call (capture, logging and exception hooks, a CallInfo, a
makereport): two thirds of a cheap row. Such a row gets its set-up report made directly (passed, carrying the
captured sections and user properties as pytest's would), and so does its teardown unless its file ends with
it; both are logged as usual, so JUnit, xdist, ``--lf`` and every listening plugin see the same three reports
(the terminal is left out where it would only file them under no status and drop them:
``_compat.logreport_past_terminal``; the terminal shows the same lines either way); the call
phase runs directly (below) or through pytest's own hooks, and pytest-timeout and the other protocol wrappers
still wrap the row.

Rows where that could differ are left to pytest's own protocol: a file's first row, an unreadable row, a row
with markers of its own, runs with ``--setup-show/--setup-only/--setup-plan``, files where a conftest.py or
``-p`` plugin implements ``pytest_runtest_setup``, ``pytest_runtest_teardown`` or ``pytest_runtest_makereport``,
and files where another plugin runs items its own way (``pytest_runtest_protocol``: reruns, repeats).

In a serial run the plugin also runs the test loop (``pytest_runtestloop``, pytest's documented hook for it, as
pytest's own loop does): consecutive plain rows of a file are run in batches inside one ``pytest_runtest_protocol``
call, so the protocol's wrappers (pytest-timeout's marker lookups, the warnings filters, faulthandler, assertion
rewriting's hooks) are paid once per batch. Each row still has its own log start and finish, its three logged
reports, its call phase and its own time limit (armed and
cancelled through pytest-timeout's hooks, as its protocol wrapper does); a warning is recorded under the row
that raised it and ends the batch (the next row starts a new one, with pytest's warning filters afresh).
A plain row's call phase runs directly, without the call hook's wrappers (capture, logging, skipping, timeout,
unraisable exceptions), and its call report is made as pytest's runner makes it: ``_call_directly`` does for
the row what those wrappers would (its output and log records become its report's sections), where nothing but
pytest's own plugins, pytest-timeout and this plugin implement the call hook (``_may_call_directly``).
Between batches what the run made so far is collected and frozen out of the garbage collector's way, so no
collection ever walks a large heap inside a row's time limit (measured: 1,000,000 rows, three cheap rows timed
out). Batches are not used under xdist, with ``faulthandler_timeout`` or pytest-timeout's ``--session-timeout``
(each would time a batch, not a row), with another plugin's own test loop, or with a protocol wrapper of a
plugin outside pytest and pytest-timeout.
Registered only where ``_compat.LEAN_PROTOCOL`` (pytest has the internals it imitates).
"""

from __future__ import annotations

import bdb
import gc
import io
import logging
import os
import sys
import warnings
from typing import Any

import pytest

from . import _compat
from .collect import FastRowItem, PredictionFile
from .fixtures import RowScoring

_PHASE_HOOKS = ("pytest_runtest_setup", "pytest_runtest_teardown", "pytest_runtest_makereport")
BATCH = 500  # rows run inside one protocol call at most (pytest-timeout checks its session limit between calls)
# Packages whose pytest_runtest_protocol wrappers may wrap a batch instead of each row: pytest's own, and
# pytest-timeout's (whose per-row timer the batch arms and cancels through its hooks).
_BATCH_WRAPPERS = {"_pytest", "pytest_timeout"}


class LeanProtocol:
    """``pytest_runtest_protocol`` for plain rows, and the serial test loop that runs them in batches;
    ``scoring`` tells whether the run's own scorer is built, ``timers`` are the row timers (or None)."""

    def __init__(self, config: pytest.Config, scoring: RowScoring, timers: Any = None, run: Any = None):
        self.config = config
        self.scoring = scoring
        self.timers = timers
        self.run = run  # the run (run.py), whose report hook a directly made call report goes through
        self._previous: tuple[Any, Any] | None = None  # (item, nextitem) of the row run last
        self._lean: dict[Any, bool] = {}  # per file: may its rows skip pytest's set-up/teardown hooks?
        # per file: the hook caller its rows' direct set-up and teardown reports are logged with (the terminal
        # left out where it would only drop them: ``_compat.logreport_past_terminal``)
        self._quiet: dict[Any, Any] = {}
        self._timers_direct: tuple[Any, Any] | None = None  # how a batched row's limit is armed (_timer_calls)
        self._batch: list[Any] = []  # the rows the loop asks the next protocol call to run after its item
        self._ran = 1  # how many rows the last protocol call ran
        # where rows' call phases run directly, the probe watching them (None: they take the call hook); worked
        # out at the first row (``_may_call_directly``)
        self._direct: _Probe | None | object = _UNSET

    def pytest_runtestloop(self, session: pytest.Session) -> bool | None:
        """pytest's test loop, with a file's consecutive plain rows run in batches (module docstring)."""
        if not self._may_batch(session):
            return None
        items = session.items
        count = len(items)
        hook = self.config.hook
        freeze = gc.isenabled() and gc.get_freeze_count() > 0  # the run froze its collection (run.py)
        index = 0
        while index < count:
            item = items[index]
            end = self._batch_end(items, index)
            self._batch, self._ran = items[index + 1:end], 1
            try:
                hook.pytest_runtest_protocol(item=item, nextitem=items[end] if end < count else None)
            finally:
                self._batch = []
            index += self._ran
            if session.shouldfail:
                raise session.Failed(session.shouldfail)
            if session.shouldstop:
                raise session.Interrupted(session.shouldstop)
            if freeze and self._ran > 1:
                # Between rows: what the batch left (reports, records) is collected and frozen, so that no
                # collection walks it again, least of all inside a later row's time limit.
                gc.collect()
                gc.freeze()
        return True

    def _may_batch(self, session: pytest.Session) -> bool:
        """Does this run's loop run rows in batches? (Else pytest's own loop runs, row by row.)"""
        config = self.config
        if (session.testsfailed and not config.option.continue_on_collection_errors) or _compat.collect_only(
                config) or _compat.is_worker(config) or _compat.is_controller(config):
            return False  # pytest's loop stops or skips the run, or xdist's runs it
        if float(config.getini("faulthandler_timeout") or 0) > 0 or _compat.session_time_limit(config):
            return False  # each would time a batch, not a row
        hook = config.hook
        ours = {_compat.package_of(self), "_pytest"}
        if any(not wrapper and _compat.package_of(plugin) not in ours
               for plugin, wrapper in _compat.hook_implementers(hook, "pytest_runtestloop")):
            return False
        return not any(_compat.package_of(plugin) not in _BATCH_WRAPPERS if wrapper else
                       (plugin is not self and _compat.package_of(plugin) != "_pytest")
                       for plugin, wrapper in _compat.hook_implementers(hook, "pytest_runtest_protocol"))

    def _batch_end(self, items: list, index: int) -> int:
        """The index after the rows run together with ``items[index]``: the file's plain rows that follow it,
        when it is itself a row the lean protocol runs."""
        item = items[index]
        if not self._runs_lean(item, self._previous):
            return index + 1
        parent = item.parent
        end, limit = index + 1, min(len(items), index + BATCH)
        while end < limit and _plain(items[end]) and items[end].parent is parent:
            end += 1
        return end

    def _runs_lean(self, item: pytest.Item, previous: tuple[Any, Any] | None) -> bool:
        """Does ``item`` run with one hooked phase, ``previous`` being the (item, nextitem) run before it?"""
        # set up already: the row before ran in this file and left the file set up for this row
        return (_plain(item) and previous is not None and previous[1] is item
                and previous[0].parent is item.parent and self.scoring.built_scorer is not None
                and self._lean_file(item.parent))

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
        """Run a plain row with one hooked phase instead of three, and the rows of the loop's batch after it
        (see the module docstring)."""
        batch = self._batch
        previous, self._previous = self._previous, (item, nextitem)
        if not self._runs_lean(item, previous):
            return None
        timers = self.timers
        # pytest-timeout's wrapper armed the first row's limit: the batch's other rows are armed alike, row by row
        settings = timers.settings_of(item) if timers is not None else None
        if self._direct is _UNSET:
            self._direct = self._may_call_directly(item.session)
        # pytest-timeout's func_only arms a row's limit inside the call phase's hook: such rows take the hook
        direct = self._direct if settings is None or not getattr(settings, "func_only", False) else None
        if not batch:  # a row on its own (xdist's workers, runs that do not batch)
            with _probing(direct):
                self._run_row(item, nextitem, direct)
            return True
        rows = [item, *batch]
        session = item.session
        arm, disarm = self._timer_calls() if settings is not None else (None, None)
        with warnings.catch_warnings(record=True) as caught, _probing(direct):
            for position, row in enumerate(rows):
                after = rows[position + 1] if position + 1 < len(rows) else nextitem
                timed = settings is not None and position > 0
                if timed:
                    arm(row, settings)
                try:
                    self._run_row(row, after, direct)
                finally:
                    if timed:
                        disarm(row)
                self._ran = position + 1
                self._previous = (row, after)
                if caught:  # recorded under the row that warned, as pytest's warnings wrapper records them
                    for message in caught:
                        row.ihook.pytest_warning_recorded.call_historic(
                            kwargs={"warning_message": message, "nodeid": row.nodeid, "when": "runtest",
                                    "location": None})
                    break
                if session.shouldfail or session.shouldstop:
                    break
        return True

    def _timer_calls(self) -> tuple[Any, Any]:
        """(arm, disarm) for a batched row's time limit, as pytest-timeout's hooks would arm and disarm it: where
        the row timers (timers.py) are the first implementer each hook calls, they are called directly (for a
        row they end the hook: it returns their first result), and the hook only where they leave the row to
        the implementers after them (they return None)."""
        calls = self._timers_direct
        if calls is None:
            hook, timers = self.config.hook, self.timers
            direct = all(_compat.first_implementer(hook, name) is timers
                         for name in ("pytest_timeout_set_timer", "pytest_timeout_cancel_timer"))

            def arm(row: pytest.Item, settings: Any) -> None:
                if not direct or timers.pytest_timeout_set_timer(row, settings) is None:
                    hook.pytest_timeout_set_timer(item=row, settings=settings)

            def disarm(row: pytest.Item) -> None:
                if not direct or timers.pytest_timeout_cancel_timer(row) is None:
                    hook.pytest_timeout_cancel_timer(item=row)
            calls = self._timers_direct = (arm, disarm)
        return calls

    def _run_row(self, item: pytest.Item, nextitem: pytest.Item | None, direct: _Probe | None = None) -> None:
        """One row: its set-up report made directly, its call through pytest's hooks (or, with ``direct``, run
        directly: ``_call_directly``), its teardown report made directly unless its file ends with it or the run
        stops after it."""
        ihook = item.ihook
        parent = item.parent
        location = item.location
        ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=location)
        session = item.session
        keywords = {k: 1 for k in item.keywords}
        stash = item.stash
        logreport = self._quiet.get(parent, _UNSET)
        if logreport is _UNSET:
            logreport = self._quiet[parent] = _compat.logreport_past_terminal(
                self.config, ihook, _compat.package_of(self)) or ihook.pytest_runtest_logreport
        logreport(report=_compat.passed_phase_report(item, keywords, "setup"))
        if direct is None:
            stash[_compat.CAPLOG_RECORDS] = {}  # what the logging plugin's set-up would leave for the call phase
            _compat.call_and_report(item, "call", True)
        else:
            self._call_directly(item, direct)
        if nextitem is not None and nextitem.parent is parent and not (session.shouldfail or session.shouldstop):
            for key in (_compat.CAPLOG_RECORDS, _compat.CAPLOG_HANDLER):  # and what its teardown would remove
                if key in stash:
                    del stash[key]
            logreport(report=_compat.passed_phase_report(item, keywords, "teardown"))
        else:
            stash.setdefault(_compat.CAPLOG_RECORDS, {})  # the logging plugin's teardown hook adds its records
            _compat.call_and_report(item, "teardown", True, nextitem=nextitem)
        ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=location)

    def _call_directly(self, item: pytest.Item, probe: _Probe) -> None:
        """A row's call phase without the call hook's wrappers: the row is scored, and its call report made (as
        pytest's runner makes it, or through ``pytest_runtest_makereport``: ``probe.report_directly``) and logged,
        as pytest's ``call_and_report`` does. What the capture and logging wrappers would add, the probe gives:
        what the row wrote to ``sys.stdout`` and ``sys.stderr`` and the records it logged become the report's
        "Captured stdout/stderr/log call" sections, as those plugins make them. (Output written to the file
        descriptors themselves, not through ``sys.stdout``, is not captured on this path.)"""
        timers = self.timers

        def run() -> None:
            os.environ["PYTEST_CURRENT_TEST"] = f"{item.nodeid} (call)"
            if hasattr(sys, "last_type"):
                _compat.set_last_exception(None)
            saved = sys.stdout, sys.stderr
            if probe.capturing:
                sys.stdout, sys.stderr = probe.out, probe.err
            probe.active = True
            if timers is not None:
                timers.call_begins(item)
            try:
                item.runtest()
            finally:
                probe.active = False
                sys.stdout, sys.stderr = saved

        call = pytest.CallInfo.from_call(run, "call", reraise=(pytest.exit.Exception, KeyboardInterrupt))
        if probe.out.tell() or probe.err.tell() or probe.logged:
            probe.report_sections(item)
        excinfo = call.excinfo
        if excinfo is not None and isinstance(excinfo.value, Exception):  # for post-mortem, as pytest's call hook
            _compat.set_last_exception(excinfo.value)
        ihook = item.ihook
        if probe.report_directly and (excinfo is None or not isinstance(excinfo.value, pytest.xfail.Exception)):
            # what pytest_runtest_makereport's implementers do for a row: the timers' phase end, the run's
            # record, pytest's own report (skipping's wrapper acts only on xfail, which a row does not have
            # unless its scorer calls pytest.xfail(): that row takes the hook)
            if self.timers is not None:
                self.timers.pytest_runtest_makereport(item=item, call=call)
            run = self.run
            prepared = run.prepare_report(item, call)
            report = run.finish_report(pytest.TestReport.from_item_and_call(item, call), prepared)
        else:
            report = ihook.pytest_runtest_makereport(item=item, call=call)
        ihook.pytest_runtest_logreport(report=report)
        if excinfo is not None and not hasattr(report, "wasxfail") and not isinstance(
                excinfo.value, (pytest.skip.Exception, bdb.BdbQuit)):
            ihook.pytest_exception_interact(node=item, call=call, report=report)

    def _may_call_directly(self, session: pytest.Session) -> _Probe | None:
        """May rows run their call phase directly (``_call_directly``)? Where the call hook's
        implementers are pytest's own, pytest-timeout's and this plugin's, no judge prefetches (collect.py's
        call hook), no debugger is asked for, and the logging plugin captures at its default level without live
        logging (its per-phase level and headers would differ); the probe watching the rows, or None."""
        config = self.config
        if config.getoption("usepdb", False) or config.getoption("trace", False):
            return None
        if config.pluginmanager.get_plugin("logging-plugin") is not None and (
                config.getoption("log_level", None) or config.getini("log_level")
                or config.getoption("log_cli_level", None) or config.getini("log_cli")):
            return None
        collection = config.pluginmanager.get_plugin("answerbench-collection")
        if collection is None or getattr(collection, "_judge_requests", None) is not None:
            return None
        ours = {_compat.package_of(self), "_pytest", "pytest_timeout"}
        if any(_compat.package_of(plugin) not in ours
               for plugin, _ in _compat.hook_implementers(config.hook, "pytest_runtest_call")):
            return None
        capture = config.getoption("capture", "fd")
        if capture == "tee-sys":
            return None  # output shown as it is written, and captured: pytest's own capture does both
        formatter = _compat.log_report_formatter(config)
        if formatter is None and config.pluginmanager.get_plugin("logging-plugin") is not None:
            return None  # a logging plugin unlike pytest 8.2-9.2's: its own hook captures the rows' records
        probe = _Probe(capturing=capture != "no", formatter=formatter)
        # The call report is made directly too where only pytest's own plugins (runner, skipping, unittest,
        # tmpdir: none acts on a row without markers or fixtures) and this plugin's implement the report hook.
        probe.report_directly = self.run is not None and not any(
            _compat.package_of(plugin) not in (_compat.package_of(self), "_pytest")
            for plugin, _ in _compat.hook_implementers(config.hook, "pytest_runtest_makereport"))
        return probe

    def _lean_file(self, parent: PredictionFile) -> bool:
        ok = self._lean.get(parent)
        if ok is None:
            ok = not _compat.shows_fixtures(self.config)
            if ok:
                installed = self._installed_packages()
                ihook = parent.ihook
                ok = not any(_compat.package_of(plugin) not in installed
                             for name in _PHASE_HOOKS for plugin, _ in _compat.hook_implementers(ihook, name))
                # another plugin that runs items its own way (reruns, repeats) keeps that way
                ok = ok and not any(not wrapper and plugin is not self and _compat.package_of(plugin) != "_pytest"
                                    for plugin, wrapper in _compat.hook_implementers(ihook, "pytest_runtest_protocol"))
            self._lean[parent] = ok
        return ok

    def _installed_packages(self) -> set[str]:
        """Top-level packages whose hooks may be skipped for plain rows: pytest's own plugins and plugins
        installed as packages (they act on their own markers and fixtures, which rows do not have). A
        conftest.py or a ``-p module`` implementing the set-up, teardown or makereport hooks is code written
        for this run: its rows take pytest's full protocol."""
        packages = {"_pytest", "pytest"}
        for plugin, _dist in self.config.pluginmanager.list_plugin_distinfo():
            packages.add(_compat.package_of(plugin))
        return packages



_UNSET = object()


class _Probe(logging.Handler):
    """Watches the rows whose call phase runs directly: while a row runs, its writes to ``sys.stdout`` and
    ``sys.stderr`` go to ``out`` and ``err`` (where pytest's capture would take them; not with ``-s``), and the
    records it logs, formatted as the logging plugin's report handler formats them, to ``log`` (the probe is the
    root logger's handler for the batch, at the level pytest's per-phase handler has: its default, none)."""

    def __init__(self, capturing: bool, formatter: logging.Formatter | None):
        super().__init__(logging.NOTSET)
        self.capturing = capturing
        self.formatter = formatter
        self.out, self.err, self.log = io.StringIO(), io.StringIO(), io.StringIO()
        self.active = self.logged = False
        self.report_directly = False  # the call report made without pytest_runtest_makereport (see above)

    def handle(self, record: logging.LogRecord) -> bool:
        if self.active and self.formatter is not None:
            self.logged = True
            self.log.write(self.formatter.format(record) + "\n")
        return True

    def emit(self, record: logging.LogRecord) -> None:  # pragma: no cover - handle() does not call it
        self.handle(record)

    def report_sections(self, item: pytest.Item) -> None:
        """The row's captured output and log records as its call report's sections (in the order pytest's capture
        and logging wrappers add them), and the probe emptied for the next row."""
        for key, stream in (("stdout", self.out), ("stderr", self.err), ("log", self.log)):
            text = stream.getvalue()
            if text:
                stream.seek(0)
                stream.truncate()
                item.add_report_section("call", key, text.strip() if key == "log" else text)
        self.logged = False


class _probing:  # noqa: N801 - used as a context manager
    """The probe is the root logger's handler while a batch (or a row on its own) runs."""

    def __init__(self, probe: _Probe | None):
        self.probe = probe

    def __enter__(self) -> None:
        if self.probe is not None:
            logging.getLogger().addHandler(self.probe)

    def __exit__(self, *exc: Any) -> None:
        if self.probe is not None:
            logging.getLogger().removeHandler(self.probe)


def _plain(item: Any) -> bool:
    """A row the lean protocol may run: the plugin's own plain item, readable, with no markers of its own."""
    return type(item) is FastRowItem and item.problem is None and not item.own_markers
