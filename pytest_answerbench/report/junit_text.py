"""A JUnit XML file written as text, one test case at a time, never holding the cases in memory.

pytest's ``--junitxml`` keeps an object tree per test case until the session ends, then serializes all of them: a
million rows cost ~90 us and hundreds of bytes each there. :class:`JunitText` writes each case as text the moment
it is added, to a spool file beside the destination; :meth:`JunitText.close` writes the header (the ``testsuite``
element with its totals, known only then, and the suite's properties), copies the spooled cases after it and
moves the whole into place, so a reader never sees half a file.

The file is the one pytest's junitxml writes for the same reports (same elements, attributes, properties,
messages and text; ``time``, ``timestamp`` and ``hostname`` are the run's own), honouring the same settings, read
from a pytest ``Config`` by :meth:`JunitText.from_config`:

* ``junit_family``: ``xunit2`` (the default) gives a test case ``classname``, ``name`` and ``time``; ``xunit1``
  (alias ``legacy``) also ``file``, ``line`` (and ``url`` when given). Properties are written in both, as the first
  child of the test case.
* ``--junitprefix``: prepended to every ``classname``.
* ``junit_suite_name``: the ``testsuite``'s ``name``.
* ``junit_duration_report``: ``total`` (every phase's time) or ``call`` (the call phase's only).
* ``junit_logging`` (``no``, ``log``, ``system-out``, ``system-err``, ``out-err``, ``all``) and
  ``junit_log_passing_tests``: where the captured text given with a case goes, and whether a passed case's goes.

A test case's ``classname`` and ``name`` come from its node id as junitxml derives them (``a/b.py::C::t[x]``:
classname ``a.b.C``, name ``t[x]``). Text that XML cannot hold is shown as junitxml shows it (:func:`visible`):
a control character, a lone surrogate or a character beyond the Basic Multilingual Plane becomes ``#xNN``.

Nothing here imports pytest: a ``Config`` is read through its public ``getini`` and ``option``; a
``TestReport`` (:meth:`JunitText.add_report`) through its public attributes.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import platform
import re
import shutil
import time
from pathlib import Path
from typing import IO, Any, Iterable, NamedTuple

from ..text.patterns import lazy_compile

__all__ = ["FAMILIES", "JunitText", "JunitTotals", "case_names", "match_junitxml", "visible"]

#: The ``testcase`` attributes each family writes besides ``time`` (``xunit1``: also where the test is).
FAMILIES = {"xunit1": ("classname", "name", "file", "line", "url"), "xunit2": ("classname", "name")}
LOGGING = ("no", "log", "system-out", "system-err", "out-err", "all")
DURATIONS = ("total", "call")

# Characters junitxml writes as "#xNN": those outside XML's Char production (tab, LF, CR, U+0020-U+D7FF,
# U+E000-U+FFFD, U+10000-U+10FFFF) and DEL, as pytest 9.2 and later write them. Earlier releases differ in two
# characters' kinds: their character class lets DEL through and shows every character above U+FFFF as a code (an
# emoji as "#x1F600"). ``match_junitxml`` (called by the pytest layer with what it found in the installed pytest)
# makes this module write as the installed junitxml does.
_SHOWN_AS_CODE = lazy_compile("[^\t\n\r\u0020-\u007e\u0080-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


_NAMED_SUITES = b'<testsuites name="pytest tests">'  # newer junitxml; pytest 8.2 writes a bare <testsuites>
_SUITES = _NAMED_SUITES


def match_junitxml(del_shown: bool, astral_shown: bool, suites_named: bool = True) -> None:
    """Show DEL and the characters above U+FFFF as codes or as themselves, and name the root element or not, as the
    installed junitxml does."""
    global _SHOWN_AS_CODE, _SUITES
    _SUITES = _NAMED_SUITES if suites_named else b"<testsuites>"
    shown = "[^\t\n\r\u0020-\u007e" + ("" if del_shown else "\u007f") + "\u0080-\ud7ff\ue000-\ufffd"
    _SHOWN_AS_CODE = lazy_compile(shown + ("" if astral_shown else "\U00010000-\U0010ffff") + "]")


# Characters no XML file can hold (the Char production): escaped wherever junitxml itself would write them raw
# and make a file no parser reads (a node id's path, a property's name).
_NOT_XML = lazy_compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _code(match: re.Match[str]) -> str:
    i = ord(match.group())
    return f"#x{i:02X}" if i <= 0xFF else f"#x{i:04X}"


def visible(value: object) -> str:
    """``str(value)`` with every character junitxml does not write as itself shown as ``#xNN`` (``"a\\x07"`` ->
    ``"a#x07"``; not an XML character reference: the code is shown to the reader, as junitxml does)."""
    text = str(value)
    return _SHOWN_AS_CODE.sub(_code, text) if _SHOWN_AS_CODE.search(text) else text


def _legal(value: object) -> str:
    text = str(value)
    return _NOT_XML.sub(_code, text) if _NOT_XML.search(text) else text


def _text(text: str) -> str:
    """Element text as ElementTree writes it."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _attr(text: str) -> str:
    """An attribute value as ElementTree writes it (also quotes and line ends, as character references)."""
    text = _text(text)
    for char, reference in (('"', "&quot;"), ("\r", "&#13;"), ("\n", "&#10;"), ("\t", "&#09;")):
        if char in text:
            text = text.replace(char, reference)
    return text


# Characters an attribute value may hold as themselves, escaped neither by junitxml nor by ElementTree: text
# made only of these (a row's status, score, id...) is written as it is, without further checks.
_NEEDS_ESCAPE = lazy_compile("[^ !#-%'-;=?-~\u0080-\ud7ff\ue000-\ufffd]")


_NUMBERS = (int, float, bool)  # exact classes whose text (digits, letters, "+-.") never needs escaping


def _value(value: object) -> str:
    """An attribute value junitxml shows (:func:`visible`), escaped for the attribute."""
    cls = value.__class__
    if cls in _NUMBERS:
        return str(value)
    text = value if cls is str else str(value)
    return _attr(visible(text)) if _NEEDS_ESCAPE.search(text) else text


def _name(value: object) -> str:
    """An attribute value junitxml writes as it is (a node id's path, a property's name), escaped for the
    attribute (and kept a legal XML character where junitxml would write a file no parser reads)."""
    text = value if type(value) is str else str(value)
    return _attr(_legal(text)) if _NEEDS_ESCAPE.search(text) else text


def _element(tag: str, attrs: Iterable[tuple[str, str]], text: str | None = None) -> str:
    """An element whose attribute values and text are already what junitxml writes, escaped as ElementTree
    would."""
    head = tag + "".join(f' {name}="{_attr(value)}"' for name, value in attrs)
    return f"<{head} />" if text is None else f"<{head}>{_text(text)}</{tag}>"


_PY_SUFFIX = lazy_compile(r"\.py$")


def case_names(nodeid: str, prefix: str | None = None) -> tuple[str, str]:
    """``(classname, name)`` of a test case from its node id, as junitxml derives them: the id's parts before
    the first ``[`` split at ``::``, the file's path dotted and its ``.py`` dropped; the last part (with the
    parameters) is the name, the others joined by dots (after ``prefix``) the classname."""
    path, bracket, params = nodeid.partition("[")
    names = path.split("::")
    names[0] = names[0].replace("/", ".")
    if ".py" in names[0]:
        names[0] = _PY_SUFFIX.sub("", names[0])
    names[-1] += bracket + params
    classnames = ([prefix] if prefix else []) + names[:-1]
    return ".".join(classnames), names[-1]


_KINDS = {"passed": "", "failed": "failure", "skipped": "skipped"}  # a case's element by its outcome


class JunitTotals(NamedTuple):
    """What a closed file counts, as its ``testsuite`` says."""

    tests: int
    failures: int
    errors: int
    skipped: int
    path: str


class JunitText:
    """A JUnit XML file written case by case (module docstring). Use :meth:`from_config` in a pytest run."""

    def __init__(self, path: str | os.PathLike[str], *, family: str = "xunit2", prefix: str | None = None,
                 suite_name: str = "pytest", logging: str = "no", duration_report: str = "total",
                 log_passing_tests: bool = True, started: float | None = None):
        family = "xunit1" if family == "legacy" else family
        if family not in FAMILIES:
            raise ValueError(f"junit_family must be one of legacy, xunit1, xunit2, not {family!r}")
        if logging not in LOGGING:
            raise ValueError(f"junit_logging must be one of {', '.join(LOGGING)}, not {logging!r}")
        self.path = Path(os.path.normpath(os.path.abspath(os.path.expanduser(os.path.expandvars(os.fspath(path))))))
        self.family, self.prefix, self.suite_name = family, prefix, suite_name
        self.logging, self.log_passing_tests = logging, log_passing_tests
        # junitxml takes any other value as "no phase's time counts"; so does this writer
        self.duration_report = duration_report
        self.started = time.time() if started is None else started
        self._clock = time.perf_counter()
        self.stats = {"passed": 0, "failure": 0, "skipped": 0, "error": 0}
        self.global_properties: list[tuple[str, str]] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._spool_path = self.path.with_name(f".{self.path.name}.{os.getpid()}.{os.urandom(4).hex()}.cases")
        self._spool: IO[str] | None = open(self._spool_path, "w", encoding="utf-8", newline="")
        self.totals: JunitTotals | None = None
        self._starts: dict[str, str] = {}
        self._opened: dict[Any, str] = {}

    @classmethod
    def from_config(cls, config: Any, path: str | os.PathLike[str] | None = None) -> "JunitText":
        """A writer honouring a pytest ``Config``'s junitxml settings (``junit_family``, ``junit_suite_name``,
        ``junit_logging``, ``junit_log_passing_tests``, ``junit_duration_report``, ``--junitprefix``), writing to
        ``path`` (default: ``--junitxml``'s)."""
        if path is None:
            path = getattr(config.option, "xmlpath", None)
            if not path:
                raise ValueError("no --junitxml path given")
        return cls(path, family=config.getini("junit_family"), prefix=getattr(config.option, "junitprefix", None),
                   suite_name=config.getini("junit_suite_name"), logging=config.getini("junit_logging"),
                   duration_report=config.getini("junit_duration_report"),
                   log_passing_tests=config.getini("junit_log_passing_tests"))

    # -- cases ---------------------------------------------------------------------------------------------------

    def add_case(self, nodeid: str, outcome: str = "passed", duration: float = 0.0, message: str | None = None,
                 text: str | None = None, properties: Iterable[tuple[Any, Any]] = (), kind: str | None = None, *,
                 other_phases: float = 0.0, location: tuple[str, int | None] | None = None,
                 url: str | None = None, stdout: str = "", stderr: str = "", log: str = "") -> None:
        """Write one test case.

        Args:
            nodeid: the test's node id (``preds.jsonl::row7``): its classname and name (:func:`case_names`).
            outcome: ``passed``, ``failed`` or ``skipped`` (a ``TestReport``'s).
            duration: the call phase's seconds; ``other_phases``: set-up and teardown's (counted when
                ``junit_duration_report`` is ``total``).
            message, text: the outcome's element's ``message`` attribute and text (``message`` defaults to
                ``text``, as junitxml's for a failure whose report has no crash line).
            properties: ``(name, value)`` pairs, written as the case's ``<properties>``.
            kind: the element of a case that did not pass: ``failure`` (a failed call, the default for
                ``failed``), ``error`` (a failed set-up or teardown: pass junitxml's message, ``failed on setup with
                "..."``), ``skipped`` (``pytest.skip``: text defaults to ``message``), ``xfail`` (an expected
                failure: message only) or ``xpass`` (a strict xfail that passed).
            location: ``(file, line)`` for ``xunit1``'s ``file`` and ``line``; ``url`` likewise.
            stdout, stderr, log: captured text, written where ``junit_logging`` says.
        """
        if self._spool is None:
            raise ValueError(f"{self.path}: the JUnit file is closed")
        if kind is None:
            kind = _KINDS.get(outcome)
            if kind is None:
                raise ValueError(f"outcome must be passed, failed or skipped, not {outcome!r}")
        head = self._start(nodeid)
        if self.family == "xunit1":
            if location is not None:
                head += f' file="{_name(location[0])}"'
                if location[1] is not None:
                    head += f' line="{location[1]}"'
            if url is not None:
                head += f' url="{_name(url)}"'
        seconds = (duration + other_phases if self.duration_report == "total"
                   else duration if self.duration_report == "call" else 0.0)
        head += f' time="{seconds:.3f}"'
        opened = self._opened
        props = "".join([f'{(opened.get(n) if type(n) is str else None) or self._open_property(n)}{_value(v)}" />'
                         for n, v in properties])
        children = [f"<properties>{props}</properties>"] if props else []
        if kind:
            children.append(self._outcome(kind, message, text))
        if self.logging != "no":
            # junitxml writes a report's captured text with a skip (its skipped report) and again at the
            # teardown that closes the case; a failed call's at the call when passed tests' text is left out
            times = (kind == "skipped") + (self.log_passing_tests or kind in ("failure", "xpass"))
            children.extend(self._captured(stdout, stderr, log) * times)
        self._spool.write(f"<{head}>{''.join(children)}</testcase>" if children else f"<{head} />")
        if not kind:
            self.stats["passed"] += 1

    # what every case of a file, and every property of a name, starts with: made once (``_start``,
    # ``_open_property``), the same text as made for each case
    _SHARED = 4096  # texts kept at most (then forgotten and made again)

    def _start(self, nodeid: str) -> str:
        """``testcase classname="..." name="..."`` of a case: the classname's part made once per file (for node
        ids with a ``::`` and no ``[``, whose classname depends only on what precedes their last ``::``)."""
        if "[" in nodeid or "::" not in nodeid:
            classname, name = case_names(nodeid, self.prefix)
            return f'testcase classname="{_name(classname)}" name="{_value(name)}"'
        parent, _, name = nodeid.rpartition("::")
        start = self._starts.get(parent)
        if start is None:
            classname = case_names(nodeid, self.prefix)[0]
            if len(self._starts) >= self._SHARED:
                self._starts.clear()
            start = self._starts[parent] = f'testcase classname="{_name(classname)}" name="'
        return f'{start}{_value(name)}"'

    def _open_property(self, name: Any) -> str:
        """``<property name="..." value="`` for a property's name (made once per name)."""
        text = f'<property name="{_name(name)}" value="'
        if type(name) is str:
            if len(self._opened) >= self._SHARED:
                self._opened.clear()
            self._opened[name] = text
        return text

    def _outcome(self, kind: str, message: str | None, text: str | None) -> str:
        if kind in ("failure", "error"):
            self.stats[kind] += 1
            body = "" if text is None else text
            return _element(kind, (("message", visible(body if message is None else message)),), visible(body))
        self.stats["skipped"] += 1
        if kind == "xfail":
            reason = message or ""
            return _element("skipped", (("type", "pytest.xfail"),
                                        ("message", visible(reason[8:] if reason.startswith("reason: ") else reason))))
        if kind == "xpass":
            return _element("skipped", (("message", "xfail-marked test passes unexpectedly"),), "None")
        if kind == "skipped":
            reason = message or ""
            reason = reason[9:] if reason.startswith("Skipped: ") else reason
            return _element("skipped", (("type", "pytest.skip"), ("message", visible(reason))),
                            visible(reason if text is None else text))
        raise ValueError(f"kind must be failure, error, skipped, xfail or xpass, not {kind!r}")

    def _captured(self, stdout: str, stderr: str, log: str) -> list[str]:
        """The captured-text elements junitxml writes for one report (its ``junit_logging`` rules)."""
        def section(content: str, title: str) -> str:
            return "\n".join([title.center(80, "-"), content, ""])

        out: list[str] = []
        pending = section(log, " Captured Log ") if self.logging in ("log", "all") else ""
        if self.logging in ("system-out", "out-err", "all"):
            out.append(_element("system-out", (), visible(pending + section(stdout, " Captured Out "))))
            pending = ""
        if self.logging in ("system-err", "out-err", "all"):
            out.append(_element("system-err", (), visible(pending + section(stderr, " Captured Err "))))
            pending = ""
        if pending:
            out.append(_element("system-out", (), visible(pending)))
        return out

    def add_report(self, report: Any, other_phases: float = 0.0) -> None:
        """Write the case of one ``TestReport`` of a test that pytest would finish with it: a call report
        (passed, failed, skipped or xfailed) or a failed or skipped set-up report, with its ``user_properties``
        and captured text. Message and text are junitxml's: a failure's message is its crash line when the
        report has one, else its whole ``longrepr``."""
        when, longrepr = report.when, report.longrepr
        kind, message, text = None, None, None
        if report.passed:
            kind = ""
        elif report.failed:
            crash = getattr(longrepr, "reprcrash", None)
            reason = crash.message if crash is not None else str(longrepr)
            if when == "call":
                kind = "xpass" if hasattr(report, "wasxfail") else "failure"
                message, text = reason, str(longrepr)
            else:
                kind, text = "error", str(longrepr)
                message = f'failed on {"teardown" if when == "teardown" else "setup"} with "{reason}"'
        elif hasattr(report, "wasxfail"):
            kind, message = "xfail", report.wasxfail
        else:
            filename, lineno, reason = longrepr
            reason = reason[9:] if reason.startswith("Skipped: ") else reason
            kind, message, text = "skipped", reason, f"{filename}:{lineno}: {reason}"
        captured = ("", "", "") if self.logging == "no" else (report.capstdout, report.capstderr, report.caplog)
        self.add_case(report.nodeid, report.outcome, report.duration or 0.0, message, text,
                      report.user_properties, kind or None, other_phases=other_phases,
                      location=(report.location[0], report.location[1]), url=getattr(report, "url", None),
                      stdout=captured[0], stderr=captured[1], log=captured[2])

    def add_global_property(self, name: str, value: object) -> None:
        """A property of the whole suite (``record_testsuite_property``), written in the header at close."""
        self.global_properties.append((name, value))

    # -- the file ------------------------------------------------------------------------------------------------

    def close(self, seconds: float | None = None) -> JunitTotals:
        """Write the file: the header with the totals, then the cases; ``seconds``: the suite's ``time``
        (default: since the writer was made). Returns the totals; a second close returns them again."""
        if self.totals is not None:
            return self.totals
        if self._spool is None:
            raise ValueError(f"{self.path}: the JUnit file was discarded")
        self._spool.close()
        self._spool = None
        stats = self.stats
        tests = stats["passed"] + stats["failure"] + stats["skipped"] + stats["error"]
        elapsed = time.perf_counter() - self._clock if seconds is None else seconds
        stamp = datetime.datetime.fromtimestamp(self.started, datetime.timezone.utc).astimezone().isoformat()
        suite = [("name", visible(self.suite_name)), ("errors", str(stats["error"])),
                 ("failures", str(stats["failure"])), ("skipped", str(stats["skipped"])), ("tests", str(tests)),
                 ("time", f"{elapsed:.3f}"), ("timestamp", stamp), ("hostname", _legal(platform.node()))]
        head = "testsuite" + "".join(f' {k}="{_attr(v)}"' for k, v in suite)
        props = "".join(_element("property", (("name", _legal(n)), ("value", visible(v))))
                        for n, v in self.global_properties)
        empty = tests == 0 and not props
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            with open(temporary, "wb") as out:
                out.write(b'<?xml version="1.0" encoding="utf-8"?>' + _SUITES)
                if empty:
                    out.write(f"<{head} />".encode())
                else:
                    out.write((f"<{head}>" + (f"<properties>{props}</properties>" if props else "")).encode())
                    with open(self._spool_path, "rb") as cases:
                        shutil.copyfileobj(cases, out, 1 << 16)
                    out.write(b"</testsuite>")
                out.write(b"</testsuites>")
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise
        finally:
            with contextlib.suppress(OSError):
                self._spool_path.unlink()
        self.totals = JunitTotals(tests, stats["failure"], stats["error"], stats["skipped"], str(self.path))
        return self.totals

    def discard(self) -> None:
        """Remove the spool without writing the file (a run that writes no JUnit after all)."""
        if self._spool is not None:
            self._spool.close()
            self._spool = None
        with contextlib.suppress(OSError):
            self._spool_path.unlink()

    def __enter__(self) -> "JunitText":
        return self

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is None and (self._spool is not None or self.totals is not None):
            self.close()
        else:
            self.discard()
