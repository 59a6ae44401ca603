"""Every use of pytest's, pytest-timeout's and pytest-xdist's internals, fenced in one module.

Nothing else in the package imports ``_pytest`` or reads a private attribute of pytest's objects
(tests/unit/test_layers.py checks the imports). Each entry below names what it relies on and what happens where it
is missing; tests/plugin/test_compat.py probes each one, so a release that moves or changes it fails that test
instead of drifting silently. Checked against pytest 8.2.0 and 9.2.0, with pytest-timeout 2.4 and pytest-xdist
3.8 (``.ci/run`` runs the suite on the newest pytest and the plugin tests again on the oldest it allows).
"""

from __future__ import annotations

import sys
import threading
import time
from types import ModuleType
from typing import Any, Callable, Iterator

import pytest

# -- The lean row protocol (lean.py): the logging plugin's per-item state, and one phase run with its hooks.
try:
    from _pytest.logging import caplog_handler_key as CAPLOG_HANDLER
    from _pytest.logging import caplog_records_key as CAPLOG_RECORDS
    # call_and_report(item, when, log=True, **kwds): one phase run through pytest's own hooks, its report logged;
    # the teardown takes ``nextitem=`` as pytest's own protocol passes it (None after the last item)
    from _pytest.runner import call_and_report
except ImportError:  # a pytest without them: every row takes pytest's full protocol (lean.py is not registered)
    CAPLOG_HANDLER = CAPLOG_RECORDS = call_and_report = None  # type: ignore[assignment]

LEAN_PROTOCOL = call_and_report is not None


def report_nodeid(item: pytest.Item) -> Any:
    """The node id a report of ``item`` is made with: pytest 9.2 and newer give items a structured id
    (``Item.id``, a ``NodeId``) and key JUnit's test cases by it; a report made from the id's text parses
    ``row[x]`` as a name with a parameter, which is another key, so a row whose id holds brackets (a sample,
    ``q3[s2]``) would split into two JUnit test cases. Before 9.2 the text, as pytest itself passes it."""
    structured = getattr(type(item), "id", None)
    return item.id if isinstance(structured, property) else item.nodeid


def passed_phase_report(item: pytest.Item, keywords: dict[str, int], when: str) -> pytest.TestReport:
    """The report pytest would make of a phase that passed doing nothing: it carries the item's captured
    output so far (``Item._report_sections``) and user properties."""
    now = time.time()
    sections = [(f"Captured {key} {rwhen}", content) for rwhen, key, content in item._report_sections]
    return pytest.TestReport(nodeid=report_nodeid(item), location=item.location, keywords=keywords, outcome="passed",
                             longrepr=None, when=when, sections=sections, duration=0.0, start=now, stop=now,
                             user_properties=item.user_properties)


def item_location(item: pytest.Item) -> tuple[str, int | None, str]:
    """pytest's own ``Item.location`` of ``item``, worked out afresh (for a subclass that overrides ``location``):
    in pytest 8.2 to 9.x a ``functools.cached_property`` (its function is ``func``); a plain property's is
    ``fget``."""
    descriptor = pytest.Item.__dict__["location"]
    compute = getattr(descriptor, "func", None) or descriptor.fget
    return compute(item)


# -- One fixture closure per prediction file instead of per row (collect.py).

def file_fixtureinfo(parent: pytest.File, func: Callable[..., Any]) -> Any:
    """The fixture closure of ``func`` as if defined in ``parent`` (``Session._fixturemanager``)."""
    return parent.session._fixturemanager.getfixtureinfo(node=parent, func=func, cls=None)


def function_item(cls: type, parent: pytest.File, name: str, callobj: Any, fixtureinfo: Any) -> Any:
    """A ``pytest.Function`` subclass item sharing a precomputed fixture info (``fixtureinfo=`` takes pytest's
    private ``FuncFixtureInfo``)."""
    return cls.from_parent(parent, name=name, callobj=callobj, fixtureinfo=fixtureinfo)


# -- Row tracebacks without pytest's and pluggy's frames (collect.py).
try:
    from _pytest._code.code import filter_traceback as _filter_traceback
except ImportError:  # pragma: no cover - no such pytest yet: tracebacks keep every frame
    _filter_traceback = None


class UserFramesTraceback:
    """Mixin for items: without --fulltrace, a failure's traceback leaves out pytest's and pluggy's frames.

    Overrides ``Node._traceback_filter`` (pytest >= 7.4), which ``Node._repr_failure_py`` calls; listed first
    in the bases so it wins over ``pytest.Function``'s own override.
    """

    def _traceback_filter(self, excinfo: Any) -> Any:
        traceback = excinfo.traceback
        if self.config.getoption("fulltrace", False) or _filter_traceback is None:  # type: ignore[attr-defined]
            return traceback
        return traceback.filter(_filter_traceback).filter(excinfo) or traceback


# -- Gate results as JUnit test cases (run.py).

try:
    from _pytest.junitxml import xml_key as _XML_KEY
except ImportError:  # pragma: no cover - pytest without junitxml: no gate test cases in the JUnit file
    _XML_KEY = None


def junit_logger(config: pytest.Config) -> Callable[[pytest.TestReport], None] | None:
    """The junitxml plugin's report handler when ``--junitxml`` is on (``_pytest.junitxml.xml_key``), or None."""
    if _XML_KEY is None:
        return None
    xml = config.stash.get(_XML_KEY, None)
    return None if xml is None else xml.pytest_runtest_logreport


# -- The terminal's list of passed set-up and teardown reports (run.py).
# ``TerminalReporter.stats`` keeps every logged report under its status word; passed set-up and teardown
# reports have none ("") and nothing reads that list (the summary skips the empty key; only its presence is
# looked at), yet it holds two reports a row to the end. In its place goes a list that keeps nothing.

class _KeepsNothing(list):
    def append(self, item: Any) -> None:  # noqa: ARG002 - list's signature
        return None

    def extend(self, items: Any) -> None:  # noqa: ARG002 - list's signature
        return None


def logreport_past_terminal(config: pytest.Config, ihook: Any, ours: str) -> Any:
    """``ihook.pytest_runtest_logreport`` without the terminal reporter, for logging a passed set-up or teardown
    report that the terminal would only ask a status for and drop (lean.py); None where the terminal could do
    more with it.

    For such a report pytest's terminal calls ``pytest_report_teststatus``, whose implementers in pytest 8.2-9.2
    (runner, skipping, terminal, subtests) and this plugin (``ours``: a row's call report only) give it no letter
    and no word, files it under "" (which keeps nothing after :func:`drop_passed_phase_reports`) and returns.
    So the terminal is left out only where its reporter is pytest's own class, the "" list keeps nothing, and
    no other plugin or conftest.py implements ``pytest_report_teststatus`` (one could give set-up reports a
    letter). A file's hook proxy (``FSHookProxy.remove_mods``: conftest.py files that do not apply to it) keeps
    its own exclusions; ``PluginManager.subset_hook_caller`` is pluggy's documented way to call a hook
    without some plugins."""
    pm = config.pluginmanager
    reporter = pm.get_plugin("terminalreporter")
    if reporter is None:
        return None
    from _pytest.terminal import TerminalReporter

    stats = getattr(reporter, "stats", None)
    if type(reporter) is not TerminalReporter or not isinstance(stats, dict):
        return None
    statuses = hook_implementers(config.hook, "pytest_report_teststatus")
    if not isinstance(stats.get(""), _KeepsNothing) or any(package_of(p) not in ("_pytest", ours) for p, _ in statuses):
        return None
    remove = [*(getattr(ihook, "remove_mods", None) or ()), reporter]
    return pm.subset_hook_caller("pytest_runtest_logreport", remove_plugins=remove)


def drop_passed_phase_reports(config: pytest.Config) -> bool:
    """Make the terminal keep no passed set-up and teardown reports; False where its stats are unlike that."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    stats = getattr(reporter, "stats", None)
    if not isinstance(stats, dict) or stats.get("", []):
        return False  # no terminal (-p no:terminal), or one that has logged such reports already
    stats[""] = _KeepsNothing()
    return True


# -- The post-mortem state pytest's call hook keeps (``sys.last_type``/``last_value``/``last_traceback``, and
# ``sys.last_exc`` from Python 3.12), for a row whose call phase runs outside that hook (lean.py).

def set_last_exception(exc: BaseException | None) -> None:
    """As ``_pytest.runner.pytest_runtest_call`` sets them on a failure (the traceback without its own frame),
    or, with None, clears them as it does when a call begins."""
    if exc is None:
        for name in ("last_type", "last_value", "last_traceback", "last_exc"):
            sys.__dict__.pop(name, None)
        return
    sys.last_type, sys.last_value = type(exc), exc
    if sys.version_info >= (3, 12):
        sys.last_exc = exc
    sys.last_traceback = exc.__traceback__.tb_next if exc.__traceback__ is not None else None


# -- The logging plugin's report formatter (lean.py): a row's log records become its "Captured log call" section
# formatted by ``LoggingPlugin.report_handler``'s formatter (pytest 8.2-9.2 make it from log_format and
# log_date_format); None where the plugin is off or has no such handler.

def log_report_formatter(config: pytest.Config) -> Any:
    plugin = config.pluginmanager.get_plugin("logging-plugin")
    handler = getattr(plugin, "report_handler", None)
    return getattr(handler, "formatter", None)


# -- JUnit test cases kept as text until the file is written (junitspool.py).
# junitxml keeps every finished test case as an XML element tree (``_NodeReporter.finalize`` leaves the reporter
# holding only ``to_xml``) in ``LogXML.node_reporters_ordered`` and builds the whole document at the session's end:
# about 5 KB a row with the rows' properties, 5 GB at 1,000,000 rows. The list is replaced by one that writes
# finished cases, in order, as text to a spool file; at the end it yields one placeholder element in their stead
# and the spool is put in the placeholder's place once junitxml has written its file. Anything unlike that shape
# (no LogXML, no such list, a reporter not finished) is left to junitxml as it is.

SPOOL_TAG = "answerbench-spooled-testcases"


class _Placeholder:
    """Stands in the case list for the spooled cases: junitxml appends its element to the suite."""

    @staticmethod
    def to_xml() -> Any:
        import xml.etree.ElementTree as ET

        return ET.Element(SPOOL_TAG)


class SpooledCases(list):
    """``LogXML.node_reporters_ordered``: its leading finished cases written to ``spool`` as text."""

    def __init__(self, reporters: list[Any], spool: Any):
        super().__init__(reporters)
        self.spool = spool
        self.spooled = 0  # entries [0, spooled) are in the spool (their slots hold None)
        self.broken = False  # the spool could not be written: no more is spooled

    def sweep(self) -> int:
        """Write the finished cases that follow the spooled ones, up to the first unfinished one (under xdist
        cases finish out of order); returns how many are spooled in all. A spool that cannot be written (a
        full disk) is cut back to the cases written whole and used no more: the rest stay junitxml's."""
        from xml.etree.ElementTree import tostring

        if self.broken:
            return self.spooled
        index, count, texts = self.spooled, len(self), []
        get, put = list.__getitem__, list.__setitem__
        while index < count:
            state = getattr(get(self, index), "__dict__", None)
            if state is None or len(state) != 1 or "to_xml" not in state:
                break  # not finished (or not junitxml's reporter): stays, and so does everything after it
            texts.append(tostring(state["to_xml"](), encoding="unicode"))
            index += 1
        if texts:
            spool = self.spool
            written = spool.tell()
            try:
                spool.write("".join(texts))
                spool.flush()
            except OSError:
                self.broken = True
                try:
                    spool.seek(written)
                    spool.truncate()
                except OSError:  # pragma: no cover - the spool cannot even be cut back: it is not used
                    self.spooled = 0
                return self.spooled
            for position in range(self.spooled, index):
                put(self, position, None)
            self.spooled = index
        return index

    def __iter__(self) -> Iterator[Any]:
        if self.spooled:
            yield _Placeholder
        yield from (list.__getitem__(self, i) for i in range(self.spooled, len(self)))


def spool_junit_cases(config: pytest.Config, spool: Any) -> SpooledCases | None:
    """Put a ``SpooledCases`` writing to ``spool`` in junitxml's place, or None where junitxml is off or unlike
    the shape described above."""
    if _XML_KEY is None:
        return None
    xml = config.stash.get(_XML_KEY, None)
    ordered = getattr(xml, "node_reporters_ordered", None)
    if type(ordered) is not list or not isinstance(getattr(xml, "logfile", None), str):
        return None
    cases = SpooledCases(ordered, spool)
    xml.node_reporters_ordered = cases
    return cases


def junit_logfile(config: pytest.Config) -> str | None:
    """The absolute path junitxml writes to (``LogXML.logfile``), or None."""
    xml = config.stash.get(_XML_KEY, None) if _XML_KEY is not None else None
    logfile = getattr(xml, "logfile", None)
    return logfile if isinstance(logfile, str) else None


# -- Does this run end the process? (run.py: whether to hand frozen objects back to the collector)

def process_ends_with_run() -> bool:
    """Is this pytest run the whole process: started by pytest's console entry point (``pytest``,
    ``python -m pytest``), not nested in another run (pytester) and not called from a program (which goes on
    after ``pytest.main()`` returns)? Read from the stack of the clean-up, which pytest runs inside its
    session wrapper; any layout this does not recognise answers no (the objects are then handed back)."""
    consoles = sessions = 0
    frame = sys._getframe()
    while frame is not None:
        module, name = frame.f_globals.get("__name__"), frame.f_code.co_name
        if module == "_pytest.config" and name in ("console_main", "_console_main"):
            consoles += 1
        elif module == "_pytest.main" and name == "wrap_session":
            sessions += 1
        frame = frame.f_back
    return consoles > 0 and sessions == 1


# -- pytest's own option dests, read and (two of them) changed for --bench runs.

def quiet_failures(config: pytest.Config) -> None:
    """Wrong rows are results, not crashes: no tracebacks and no per-failure summary by default (pytest's
    failure summary is quadratic in the number of failures); --tb and -r given explicitly still apply."""
    if config.option.tbstyle == "auto":
        config.option.tbstyle = "no"
    if getattr(config.option, "reportchars", None) == "fE":
        config.option.reportchars = ""


def junit_requested(config: pytest.Config) -> bool:
    return bool(getattr(config.option, "xmlpath", None))


def junit_path(config: pytest.Config) -> str | None:
    """Where ``--junitxml`` writes (as given; junitxml makes it absolute against the current folder)."""
    return getattr(config.option, "xmlpath", None) or None


def shows_fixtures(config: pytest.Config) -> bool:
    """``--setup-show``, ``--setup-only`` or ``--setup-plan``: pytest reports every fixture set-up itself."""
    opt = config.option
    return bool(getattr(opt, "setupshow", False) or getattr(opt, "setuponly", False)
                or getattr(opt, "setupplan", False))


def collect_only(config: pytest.Config) -> bool:
    """``--collect-only``: nothing runs."""
    return bool(getattr(config.option, "collectonly", False))


def tracebacks_off(config: pytest.Config) -> bool:
    return config.getoption("tbstyle", "auto") == "no"


# -- Which plugins implement a hook (lean.py), through pluggy's public HookImpl attributes.

def hook_implementers(ihook: Any, name: str) -> Iterator[tuple[Any, bool]]:
    """(plugin, is_wrapper) for each implementation of hook ``name``."""
    for impl in getattr(ihook, name).get_hookimpls():
        yield impl.plugin, bool(impl.hookwrapper or impl.wrapper)


def first_implementer(ihook: Any, name: str) -> Any:
    """The plugin whose implementation of hook ``name`` is called first (pluggy calls them from the end of
    ``get_hookimpls()``: tryfirst ones last in it), or None."""
    impls = getattr(ihook, name).get_hookimpls()
    return impls[-1].plugin if impls else None


def package_of(plugin: Any) -> str:
    """The top-level package a plugin (a module or an object registered as one) comes from."""
    name = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
    return (name or "").split(".")[0]


# -- pytest-timeout's failure and stack dump, called outside its ``__all__`` (timers.py).

TIMEOUT_PREFIX = "Timeout (>"  # pytest-timeout's failure message (PYTEST_FAILURE_MESSAGE) starts so


def session_time_limit(config: pytest.Config) -> bool:
    """Is pytest-timeout's session limit set (``--session-timeout``, ini ``session_timeout``)? pytest-timeout
    checks it after each ``pytest_runtest_protocol`` call (lean.py then runs rows one per call)."""
    value = getattr(config.option, "session_timeout", None)
    if not value:
        try:
            value = config.getini("session_timeout")
        except ValueError:  # no such ini key: pytest-timeout is not installed
            return False
    try:
        return float(value or 0) > 0
    except (TypeError, ValueError):
        return False


def timeout_sigalrm(item: pytest.Item, settings: Any) -> None:
    """pytest-timeout's signal-method failure: dump the other threads' stacks, then fail the test."""
    import pytest_timeout  # deferred: called only when pytest-timeout is active (it may be -p no:timeout)

    pytest_timeout.timeout_sigalrm(item, settings)


def timeout_timer(item: pytest.Item, settings: Any) -> None:
    """pytest-timeout's thread-method ending: dump every stack, then end the process."""
    import pytest_timeout  # deferred, as above

    pytest_timeout.timeout_timer(item, settings)


# -- What crosses from an xdist worker to the controller (run.py).

# A row's record rides on its test report as this attribute: pytest's report serialisation (which xdist uses)
# copies every attribute of a report, so the controller's report has it too. Set and read with setattr/getattr.
RECORD = "answerbench"

# On xdist's controller, a report's ``node`` is the worker that ran the test (set by xdist's ``DSession``);
# a serial run's reports have none. Read with getattr(report, XDIST_NODE), then ``worker_id(node)``.
XDIST_NODE = "node"


def worker_id(node: Any) -> str:
    """The id of an xdist worker node (its execnet gateway's, e.g. ``gw0``)."""
    return getattr(getattr(node, "gateway", None), "id", None) or str(node)


def distributes(config: pytest.Config) -> bool:
    """Will this process be xdist's controller? Known at ``pytest_configure``, before xdist registers its
    distributed session (``is_controller``): xdist sets ``--dist`` to ``load`` for ``-n N``."""
    return getattr(config.option, "dist", "no") not in ("no", None) and not is_worker(config)


def worker_output(node: Any) -> dict[str, Any]:
    """What an xdist worker sent back when it finished (``config.workeroutput`` on the worker side, the channel
    pytest-cov uses); empty for a worker that crashed."""
    output = getattr(node, "workeroutput", None)
    return output if isinstance(output, dict) else {}


def set_worker_output(config: pytest.Config, key: str, value: Any) -> None:
    """On an xdist worker: send ``value`` to the controller with the worker's final message (``worker_output``)."""
    output = getattr(config, "workeroutput", None)
    if isinstance(output, dict):
        output[key] = value


def is_controller(config: pytest.Config) -> bool:
    """xdist's controller (``-n N`` or ``--tx``): it collects nothing, its workers do (xdist registers its
    distributed session as the plugin ``dsession``)."""
    return config.pluginmanager.has_plugin("dsession")


def is_worker(config: pytest.Config) -> bool:
    """An xdist worker process (xdist's own test: the controller gives each worker ``workerinput``)."""
    return hasattr(config, "workerinput")


# -- What the controller tells every worker before it starts (collect.py: the names of the prediction files).

def send_to_worker(node: Any, key: str, value: Any) -> None:
    """From xdist's ``pytest_configure_node(node)`` on the controller: ``node.workerinput`` is the dict the
    worker receives as ``config.workerinput`` (values must be plain data execnet can carry)."""
    node.workerinput[key] = value


def from_controller(config: pytest.Config, key: str) -> Any:
    """What the controller sent under ``key`` (``send_to_worker``), or None (no worker, or nothing sent)."""
    return getattr(config, "workerinput", {}).get(key)


def file_node(cls: type, parent: pytest.Collector, path: Any, nodeid: str | None) -> Any:
    """A file collector, under ``nodeid`` when given (instead of the path relative to this process's rootdir)."""
    if nodeid is None:
        return cls.from_parent(parent, path=path)
    return cls.from_parent(parent, path=path, nodeid=nodeid)


# -- Arguments of remote xdist workers (collect.py).
#
# Before a worker on another host (``--tx ssh=...``, or any gateway with ``//chdir=``) starts, xdist's
# ``WorkerController.setup`` rewrites every command-line argument that exists locally relative to an rsync root
# (``xdist.workermanage.make_reltoroot``) and raises ValueError ("not relative to an rsync root", an
# INTERNALERROR) for any other, e.g. a prediction file that was copied to the host beforehand, or a report file
# left by an earlier run. Rsync roots are deprecated (pytest-xdist 3.0.2, removed in 4.0): a --bench run keeps
# xdist's rewriting for arguments under a root and passes every other one unchanged, to be resolved on the
# worker's host in its ``chdir=`` directory. Where xdist has no ``make_reltoroot``, nothing is changed.

def pass_unsynced_args() -> Callable[[], None] | None:
    """Install the rewriting described above; returns the function that puts xdist's own back (or None)."""
    try:
        from xdist import workermanage
    except ImportError:  # pragma: no cover - xdist not installed: no --tx
        return None
    original = getattr(workermanage, "make_reltoroot", None)
    if original is None or getattr(original, "answerbench_original", None) is not None:
        return None

    def make_reltoroot(roots: Any, args: list[str]) -> list[str]:
        out = []
        for arg in args:
            try:
                out.extend(original(roots, [arg]))
            except ValueError:  # not under an rsync root: the worker's host has it under its chdir
                out.append(arg)
        return out

    make_reltoroot.answerbench_original = original  # type: ignore[attr-defined]
    workermanage.make_reltoroot = make_reltoroot

    def restore() -> None:
        workermanage.make_reltoroot = original

    return restore


# -- Interrupt the main thread from a timer thread (CPython only; timers.py).

def raise_in_main_thread(exc_type: type[BaseException]) -> None:
    """Raise ``exc_type`` in the main thread at its next bytecode boundary (``PyThreadState_SetAsyncExc``)."""
    import ctypes  # deferred for start-up cost: only the thread method's timer ever fires this

    ident = threading.main_thread().ident
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(exc_type))


def main_thread_frame() -> Any:
    """The main thread's current frame, from another thread (``sys._current_frames``), or None."""
    return sys._current_frames().get(threading.main_thread().ident)


def reporter_isatty(reporter: Any) -> bool:
    """Whether pytest's terminal reporter writes to a terminal: a method since pytest 8.4 or so, a bool attribute
    in pytest 8.2 (the oldest release pyproject.toml allows)."""
    isatty = getattr(reporter, "isatty", False)
    return bool(isatty() if callable(isatty) else isatty)
