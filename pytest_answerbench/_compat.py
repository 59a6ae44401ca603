"""Every use of pytest's, pytest-timeout's and pytest-xdist's internals, fenced in one module.

Nothing else in the package imports ``_pytest`` or reads a private attribute of pytest's objects
(tests/unit/test_layers.py checks the imports). What is here reads: import fences (a name imported from a private
module, with what happens where it is missing), version probes, and pytest's option dests. Nothing here replaces
or wraps another plugin's objects, with one documented exception (``pass_unsynced_args``, xdist's rewriting of a
remote worker's arguments). Rows are items that pytest's own runner runs; this module only helps make them.
tests/plugin/test_compat.py lists every internal name this module may touch (``INTERNALS`` there) and probes each
one, so a release that moves or changes one fails that test instead of drifting silently. Checked against pytest 8.2.0 and 9.2.0, with pytest-timeout 2.4 and pytest-xdist
3.8 (``.ci/run`` runs the suite on the newest pytest and the plugin tests again on the oldest it allows).
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any, Callable

import pytest


def report_nodeid(item: pytest.Item) -> Any:
    """The node id a report of ``item`` is made with: pytest 9.2 and newer give items a structured id
    (``Item.id``, a ``NodeId``) and key JUnit's test cases by it; a report made from the id's text parses
    ``row[x]`` as a name with a parameter, which is another key, so a row whose id holds brackets (a sample,
    ``q3[s2]``) would split into two JUnit test cases. Before 9.2 the text, as pytest itself passes it."""
    structured = getattr(type(item), "id", None)
    return item.id if isinstance(structured, property) else item.nodeid


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
    from _pytest.junitxml import bin_xml_escape as _bin_xml_escape
    from _pytest.junitxml import xml_key as _XML_KEY
except ImportError:  # pragma: no cover - pytest without junitxml: no gate test cases in the JUnit file
    _XML_KEY = _bin_xml_escape = None


def junit_escapes() -> tuple[bool, bool]:
    """Whether the installed junitxml shows DEL, and a character above U+FFFF, as ``#xNN`` codes (a version probe:
    pytest 9.2 changed both; streamed mode's JUnit writer, report/junit_text.py, writes as the installed one)."""
    if _bin_xml_escape is None:  # pragma: no cover
        return True, False
    return _bin_xml_escape("\x7f") != "\x7f", _bin_xml_escape("\U0001f600") != "\U0001f600"


def junit_suites_named() -> bool:
    """Whether the installed junitxml names its root element (``<testsuites name="pytest tests">``, newer pytest
    releases; 8.2 writes a bare ``<testsuites>``): a probe of its session-finish hook's text, read as text only."""
    try:
        import inspect

        from _pytest.junitxml import LogXML

        return '"pytest tests"' in inspect.getsource(LogXML.pytest_sessionfinish)
    except (ImportError, OSError, TypeError, AttributeError):  # pragma: no cover - no source: the newer form
        return True


def junit_logger(config: pytest.Config) -> Callable[[pytest.TestReport], None] | None:
    """The junitxml plugin's report handler when ``--junitxml`` is on (``_pytest.junitxml.xml_key``), or None."""
    if _XML_KEY is None:
        return None
    xml = config.stash.get(_XML_KEY, None)
    return None if xml is None else xml.pytest_runtest_logreport


# -- Streamed mode (stream.py): -k per row, and the JUnit file written by the plugin.

try:
    from _pytest.mark.expression import Expression as _Expression
except ImportError:  # pragma: no cover - no such pytest: -k cannot be applied per row (stream.py says so)
    _Expression = None


def keyword_expression(text: str) -> Callable[[Callable[[str], bool]], bool] | None:
    """pytest's own ``-k`` expression (``_pytest.mark.expression.Expression``) compiled, as a function of a
    matcher (``matcher(subname) -> bool``); None where pytest has none. A bad expression is a usage error, in
    pytest's own words."""
    if _Expression is None:
        return None
    try:
        expression = _Expression.compile(text)
    except Exception as exc:  # pytest's ParseError: its message says where
        raise pytest.UsageError(f"Wrong expression passed to '-k': {text}: {exc}") from None
    return expression.evaluate


def take_keyword(config: pytest.Config) -> str:
    """``-k``'s expression, taken from pytest's own option (``config.option.keyword``): in streamed mode pytest's
    keyword filter would see chunks of rows, so the plugin applies it to each row instead."""
    text = getattr(config.option, "keyword", "") or ""
    config.option.keyword = ""
    return text


def take_junit(config: pytest.Config) -> bool:
    """Take the ``--junitxml`` file over from junitxml (streamed mode writes it case by case): its plugin object
    unregistered and taken out of the config's stash (where junitxml's own clean-up looks for it). Whether it was
    there."""
    xml = None if _XML_KEY is None else config.stash.get(_XML_KEY, None)
    if xml is None:
        return False
    if config.pluginmanager.is_registered(xml):
        config.pluginmanager.unregister(xml)
    del config.stash[_XML_KEY]
    return True


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


def collect_only(config: pytest.Config) -> bool:
    """``--collect-only``: nothing runs."""
    return bool(getattr(config.option, "collectonly", False))


def tracebacks_off(config: pytest.Config) -> bool:
    return config.getoption("tbstyle", "auto") == "no"


# -- pytest-timeout's failure and stack dump, called outside its ``__all__`` (timers.py).

TIMEOUT_PREFIX = "Timeout (>"  # pytest-timeout's failure message (PYTEST_FAILURE_MESSAGE) starts so


def timeout_configured(config: pytest.Config) -> bool:
    """Does pytest-timeout have a run-wide limit (``--timeout``, ini ``timeout``, ``PYTEST_TIMEOUT``)? Only then
    does it arm a timer for every item (a ``timeout`` marker of a row's own is left to pytest-timeout)."""
    for value in (getattr(config.option, "timeout", None), config.getini("timeout"),
                  os.environ.get("PYTEST_TIMEOUT")):
        try:
            if value not in (None, "") and float(value) > 0:
                return True
        except (TypeError, ValueError):
            return True  # pytest-timeout says what is wrong with it; the row timers stay in place
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

# A streamed row's report on an xdist worker carries its chunk's node id (xdist's worker checks that a report is
# the running item's) and the row's own under this attribute; on the controller ``row_report_data`` puts the row's
# back before the report is made, so every plugin there sees the row.
ROW_NODEID = "answerbench_nodeid"


def row_report_data(data: dict[str, Any]) -> None:
    """On xdist's controller, a serialised report (``pytest_report_from_serializable``'s ``data``) of a streamed
    row: its node id made the row's."""
    row = data.get(ROW_NODEID)
    if isinstance(row, str):
        data["nodeid"] = row


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


def take_back_from_main_thread() -> None:
    """Take back an exception ``raise_in_main_thread`` sent that has not arrived yet (none pending: nothing)."""
    import ctypes  # deferred for start-up cost: only a thread-method timer that fired comes here

    ident = threading.main_thread().ident
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)


def main_thread_frame() -> Any:
    """The main thread's current frame, from another thread (``sys._current_frames``), or None."""
    return sys._current_frames().get(threading.main_thread().ident)


def reporter_isatty(reporter: Any) -> bool:
    """Whether pytest's terminal reporter writes to a terminal: a method since pytest 8.4 or so, a bool attribute
    in pytest 8.2 (the oldest release pyproject.toml allows)."""
    isatty = getattr(reporter, "isatty", False)
    return bool(isatty() if callable(isatty) else isatty)


# -- pytest's cacheprovider: the --lf/--ff status line (streamed mode counts rows where pytest counted chunks).

def last_failed_status(config: pytest.Config) -> str | None:
    """The text of pytest's ``run-last-failure:`` line (its ``lfplugin``'s status), None when it has none."""
    plugin = config.pluginmanager.get_plugin("lfplugin")
    if plugin is None or not hasattr(plugin, "_report_status"):
        return None
    status = plugin._report_status
    return status if isinstance(status, str) else None


def set_last_failed_status(config: pytest.Config, text: str) -> bool:
    """Make pytest's ``run-last-failure:`` line say ``text``; False when this pytest has no such line to set."""
    if last_failed_status(config) is None:
        return False
    setattr(config.pluginmanager.get_plugin("lfplugin"), "_report_status", text)  # pytest's attribute, not ours
    return True
