"""JUnit files of any size in little memory: finished test cases written out as text as the run goes.

pytest's junitxml keeps each finished test case as an XML element tree until the session ends and then builds the
whole document in memory: about 5 KB a row once a row's seven properties are on it, 5 GB for 1,000,000 rows. With
``--junitxml`` in a ``--bench`` run, ``JunitSpool`` has junitxml's list of cases write its finished cases, in their
order, to a temporary spool file every ``EVERY`` rows (``_compat.SpooledCases``); junitxml then writes its file as
always with one placeholder element where those cases go, and this plugin, after junitxml, puts the spool's text in
the placeholder's place. The file is the same, byte for byte, as junitxml alone writes (tests/plugin/
test_junit_spool.py compares them); a junitxml this does not recognise is left to work as it is.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import pytest

from . import _compat

EVERY = 1000  # finished rows between two sweeps of junitxml's cases into the spool


class JunitSpool:
    def __init__(self, config: pytest.Config, write_errors: list[str]):
        self.config = config
        self.write_errors = write_errors  # the run's list of outputs it could not write (run.py prints it)
        self.cases: _compat.SpooledCases | None = None
        self._spool: Any = None
        self._pending = 0

    @pytest.hookimpl(trylast=True)
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        # junitxml's LogXML exists once every plugin is configured
        # the spool holds the cases' text as junitxml writes it (utf-8, the platform's line ends); a character
        # junitxml's own write would fail on (a lone surrogate) is escaped rather than failing a row
        spool = tempfile.TemporaryFile("w+", encoding="utf-8", errors="backslashreplace", prefix="answerbench-junit-")
        self.cases = _compat.spool_junit_cases(self.config, spool)
        if self.cases is None:
            spool.close()
        else:
            self._spool = spool

    @pytest.hookimpl(trylast=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.cases is not None and report.when == "teardown":
            self._pending += 1
            if self._pending >= EVERY:
                self._pending = 0
                self.cases.sweep()

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """After junitxml wrote its file: the spooled cases in the placeholder's place."""
        cases, spool = self.cases, self._spool
        self.cases = self._spool = None
        if cases is None:
            return
        path = _compat.junit_logfile(self.config)
        try:
            if cases.spooled and path and os.path.isfile(path):
                _merge(path, spool)
        except OSError as exc:  # a full disk: said as the run's other outputs say it, and the run fails
            self.write_errors.append(f"cannot write the JUnit file to {path}: {exc.strerror or exc} (its first "
                                     f"{cases.spooled} test cases are missing from it)")
            if session.exitstatus == pytest.ExitCode.OK:
                session.exitstatus = pytest.ExitCode.TESTS_FAILED
        finally:
            spool.close()


def _merge(path: str, spool: Any) -> None:
    """Rewrite ``path`` (junitxml's file: short, the spooled cases being one placeholder) with the spool's text
    in the placeholder's place; written to a sibling file and moved over, so the file is whole or as before."""
    with open(path, "rb") as fh:
        text = fh.read()
    head, found, tail = text.partition(f"<{_compat.SPOOL_TAG} />".encode())
    if not found:
        return
    spool.flush()
    spool.seek(0)
    folder = os.path.dirname(path) or "."
    fd, temporary = tempfile.mkstemp(prefix=".answerbench-junit-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(head)
            shutil.copyfileobj(spool.buffer, out, 1 << 20)
            out.write(tail)
        os.chmod(temporary, os.stat(path).st_mode & 0o7777)  # the mode junitxml's file had
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise

