"""Collection: a prediction file becomes a ``PredictionFile`` whose rows become row items.

Where a conftest.py overrides a ``bench_*`` fixture (or an autouse fixture applies), rows are ``RowItem``s:
``pytest.Function`` objects built from one shared callable, so they request the fixtures, with the fixture
closure computed once per file, not once per row. Otherwise rows are ``FastRowItem``s, plain items scored by
the session's own scorer without pytest's per-item fixture machinery. Ids come from the row id (or
``line<N>``), with ``#2``, ``#3`` suffixes on duplicates, so every xdist worker collects the same list. A row
that cannot be read or lacks a required field becomes an item that errors in setup with ``file:line`` and the
problem; the other rows still run.
JSONL rows are re-read from their byte span when the item runs, so large files are not kept in memory.
"""

from __future__ import annotations

import itertools
import os
import re
from typing import TYPE_CHECKING, Any, Iterator

import pytest

from .readers import RawRow, ReaderError, load_jsonl_span, read_rows
from .verdict import Verdict

if TYPE_CHECKING:
    from .session import BenchSession

_UNSAFE = re.compile(r"[\x00-\x1f\x7f]+")


def _row_test(bench_row, bench_scorer):  # noqa: ARG001 - declares the fixtures every row item requests
    """One prediction row, scored by the benchmark's scorer."""


def _row_test_fast(bench_scorer):  # noqa: ARG001
    """The same, when ``bench_row`` is the plugin's own: the row is read directly, saving a per-item
    fixture setup (a third of the per-row cost for cheap benchmarks)."""


def clean_id(raw: str) -> str:
    """A row id usable in a node id: no control characters, no '::', at most 200 characters."""
    text = _UNSAFE.sub(" ", raw).replace("::", ":").strip()
    return (text or "_")[:200]


class RowMismatch(Exception):
    """A row's answer was judged wrong (or partly right). Carries the verdict; shown without a traceback.

    The plugin's own items do not raise it (their reports are marked failed directly); a user's code may.
    """

    def __init__(self, verdict: Verdict):
        super().__init__(verdict.status)
        self.verdict = verdict


class PredictionFile(pytest.File):
    """A prediction file given to ``--bench``."""

    bench: "BenchSession"

    @property
    def display_name(self) -> str:
        """The file as node ids and report rows name it (one string shared by all its rows)."""
        try:
            return self._display_name
        except AttributeError:
            self._display_name: str = self.nodeid.split("::")[0] or str(self.path)
            return self._display_name

    def collect(self) -> Iterator["RowItem"]:
        bench = self.bench
        spec = bench.spec
        rel = self.display_name
        # Rows stream through: only what an item needs is kept (a JSONL row's byte span, not the row).
        try:
            stream = iter(read_rows(self.path))
            first = next(stream, None)
        except ReaderError as exc:
            yield RowBase.make(self, "file", 0, problem=str(exc))
            return
        rows: Iterator[RawRow] = itertools.chain([first], stream) if first is not None else iter(())
        if bench.settings.limit is not None:
            rows = itertools.islice(rows, bench.settings.limit)
        rows = bench.take_shard(rows)
        self._rows: list[Any] = []
        self._fd: int | None = None
        seen: dict[str, int] = {}
        for raw in rows:
            if raw.row is None:
                yield RowBase.make(self, f"line{raw.line}", raw.line, problem=f"{rel}:{raw.line}: {raw.problem}")
                continue
            row = raw.row
            raw_id = spec.row_id(row)
            gold_problem = None
            if bench.gold is not None:
                row, gold_problem = bench.join_gold(row, raw_id)
            name = clean_id(raw_id) if raw_id is not None else f"line{raw.line}"
            count = seen.get(name, 0) + 1
            seen[name] = count
            if count > 1:
                bench.duplicates.append(f"{rel}:{raw.line}: id {name!r} already used (scored as {name}#{count})")
                name = f"{name}#{count}"
            missing = spec.missing_fields(row)
            problem = None
            if gold_problem:
                problem = f"{rel}:{raw.line}: {gold_problem}"
            elif missing:
                problem = (f"{rel}:{raw.line}: missing required field "
                           f"{', '.join(repr(m) for m in missing)} (benchmark {spec.name})")
            ref: Any
            if problem:
                ref = None
            elif raw.span is not None and bench.gold is None:
                ref = raw.span
            else:
                self._rows.append(row)
                ref = len(self._rows) - 1
            yield RowBase.make(self, name, raw.line, ref=ref, row_id=raw_id or name, problem=problem)
        if bench.is_last_file(self.path) and bench.owns_extras():
            for gold_line, problem in bench.gold_problems:
                yield RowBase.make(self, f"gold-line{gold_line}", gold_line, problem=problem)
            for gold_id, gold_line in bench.unmatched_gold():
                name = clean_id(f"gold-only:{gold_id}")
                yield RowBase.make(self, name, gold_line, row_id=gold_id,
                                   problem=f"{bench.settings.gold}:{gold_line}: gold row {gold_id!r} has no "
                                           f"prediction in the files given")

    def load_row(self, ref: Any) -> dict[str, Any]:
        if isinstance(ref, tuple):
            if self._fd is None:
                self._fd = os.open(self.path, os.O_RDONLY)
            return load_jsonl_span(self._fd, ref)
        return self._rows[ref]

    def teardown(self) -> None:
        if getattr(self, "_fd", None) is not None:
            os.close(self._fd)
            self._fd = None


class RowBase:
    """What every row item has: where its row is, how it reads it, how it is shown.

    Two kinds of items share it. ``RowItem`` is a ``pytest.Function`` that requests the ``bench_*`` fixtures
    (so a conftest.py can override them, and autouse fixtures run). ``FastRowItem`` is a plain ``pytest.Item``,
    used for a file whose fixture closure holds nothing but the plugin's own fixtures: it takes the scorer
    straight from the session, skipping pytest's per-item fixture machinery (a third of a cheap row's cost).
    """

    parent: PredictionFile
    row_ref: Any
    row_line: int
    row_id: str
    problem: str | None

    @classmethod
    def make(cls, parent: PredictionFile, name: str, line: int, *, ref: Any = None, row_id: str | None = None,
             problem: str | None = None) -> "RowBase":
        bench = parent.bench
        callobj, info = bench.fixtureinfo(parent)
        item: RowBase
        if info is None:
            item = FastRowItem.from_parent(parent, name=name)
        else:
            item = RowItem.from_parent(parent, name=name, callobj=callobj, fixtureinfo=info)
        item.row_ref = ref
        item.row_line = line
        item.row_id = row_id if row_id is not None else name
        item.problem = problem
        return item

    def reportinfo(self):
        return self.path, max(self.row_line - 1, 0), f"{self.row_id} ({self.path.name}:{self.row_line})"

    def load_row(self) -> dict[str, Any]:
        return self.parent.load_row(self.row_ref)

    def _score(self, row: Any, scorer: Any) -> None:
        # The row and its verdict are handed to the report hook through the session, not kept on the item:
        # an attribute set here and removed later costs every one of 100,000 items a larger __dict__.
        bench = self.parent.bench
        bench.running = (self, row, None)
        verdict = bench.coerce_verdict(scorer(row))
        bench.running = (self, row, verdict)
        # A wrong row is not raised: the report hook marks its report failed with a one-line description,
        # which skips pytest's exception and traceback machinery (a third of the cost of a wrong row).

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, RowMismatch):
            return describe(excinfo.value.verdict)
        if self.config.getoption("tbstyle", "auto") == "no":
            # Nothing shows a traceback with --tb=no (a --bench run's default), and building one parses the
            # source of every frame: tens of milliseconds a row when a hook fails on every row.
            return f"{excinfo.typename}: {excinfo.value}"
        return super().repr_failure(excinfo)  # type: ignore[misc]

    def _traceback_filter(self, excinfo):
        """Without --fulltrace, a row's traceback leaves out pytest's and pluggy's own frames."""
        traceback = excinfo.traceback
        if self.config.getoption("fulltrace", False):
            return traceback
        from _pytest._code.code import filter_traceback

        return traceback.filter(filter_traceback).filter(excinfo) or traceback


class RowItem(RowBase, pytest.Function):
    """One prediction row as a test item that requests the ``bench_*`` fixtures."""

    def setup(self) -> None:
        if self.problem is not None:
            pytest.fail(self.problem, pytrace=False)
        super().setup()

    def runtest(self) -> None:
        funcargs = self.funcargs
        row = funcargs["bench_row"] if "bench_row" in funcargs else self.load_row()
        self._score(row, funcargs["bench_scorer"])


class FastRowItem(RowBase, pytest.Item):
    """One prediction row as a plain test item, scored by the session's own scorer (no fixtures)."""

    def setup(self) -> None:
        if self.problem is not None:
            pytest.fail(self.problem, pytrace=False)
        self.parent.bench.own_scorer()  # built on the first row (a judge error shows there, as in a fixture)

    def runtest(self) -> None:
        self._score(self.load_row(), self.parent.bench.own_scorer())


def describe(verdict: Verdict) -> str:
    """The short failure text of a row: status, extracted vs gold, method, detail."""
    parts = [f"{verdict.status}: extracted {verdict.extracted!r}, gold {verdict.gold!r}"]
    if verdict.score and verdict.score < 1:
        parts.append(f"score {verdict.score:.3g}")
    if verdict.method:
        parts.append(f"method {verdict.method}")
    text = "; ".join(parts)
    if verdict.detail:
        text += f" ({verdict.detail})"
    return text
