"""The JSON report's rows kept on disk as they come, for runs too big to hold them: a million report rows are
~1.2 GB of Python objects, the same rows on disk a few hundred MB that are read back a row at a time.

:class:`RowStream` takes report rows one at a time (``add``): each row is written to a temporary file as a JSON
line, with the running figures a run shows as it goes (``total``, ``counts``, ``accuracy``, per group value, per
file). The report is then built by the one builder (:func:`pytest_answerbench.report.build.build_report`) from
the stream's rows (``build``), which it reads in report order from disk as many times as it needs them, and
written by ``report.io.write_json`` (``write``) a row at a time from disk: the file is byte for byte the one
``write_json`` writes for the same rows held in a list.

Report order (file, line, id, stable) is made by an external merge sort: rows are kept in memory a batch at a
time (``BATCH_ROWS`` rows or ``BATCH_BYTES`` characters), each batch sorted and written as a run, and the runs
merged once into one file in report order when the rows are first read. The lines of the fingerprint's
``rows_sha256`` (:class:`pytest_answerbench.report.rows.DigestLines`) are made as rows come and sorted the same
way, so no figure of the report needs every row in memory: what is held is a batch, 8 bytes a row for each score
list of the tally (``rows.Tally``), and what the report itself lists per group value or per question.
"""

from __future__ import annotations

import heapq
import itertools
import json
import json.scanner
import os
import shutil
import tempfile
import weakref
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .io import write_json
from .rows import DigestLines, file_entry, json_clean, report_order, report_row

__all__ = ["RowStream", "SortedRows", "write_report"]


# ASCII with escapes: a lone surrogate survives the round trip, NaN too (the report cleans them as it does)
_encode = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode
_decode = json.JSONDecoder().decode
# a line of the files written here (one JSON object, then its newline) decoded by the decoder's own scanner: what
# ``_decode`` does, without its two whitespace matches around the value
_scan = json.scanner.make_scanner(json.JSONDecoder())


def _decode_line(line: str) -> Any:
    return _scan(line, 0)[0]


def _finite(text: str) -> bool:
    """Does JSON text written by ``_encode`` hold no NaN or infinity? (Such numbers are written as the bare words
    NaN and Infinity; the words inside an ASCII-escaped string make this answer no, which only costs a scrub.)"""
    return "NaN" not in text and "Infinity" not in text


class _Runs:
    """An external merge sort of ``(key, text)`` pairs (text without a newline; key: a JSON value, compared as
    a tuple), stable: pairs with equal keys come out in the order they went in. ``keyed`` False: the text is its
    own key (the fingerprint's lines)."""

    MAX_RUNS = 64  # runs merged into one when there are this many (open files during a merge)

    def __init__(self, folder: Path, name: str, keyed: bool, batch_rows: int, batch_bytes: int):
        self.folder, self.name, self.keyed = folder, name, keyed
        self.batch_rows, self.batch_bytes = batch_rows, batch_bytes
        self.batch: list[tuple[Any, str]] = []
        self.size = 0
        self.runs: list[Path] = []
        self.bounds: list[tuple[Any, Any]] = []  # each run's first and last key
        self._made = 0

    def add(self, key: Any, text: str) -> None:
        self.batch.append((key, text))
        self.size += len(text)
        if len(self.batch) >= self.batch_rows or self.size >= self.batch_bytes:
            self.spill()

    def spill(self) -> None:
        """Write the batch, sorted, as a run."""
        if not self.batch:
            return
        order = _first if self.keyed else _second
        self.batch.sort(key=order)
        self._write_run(self.batch)
        self.bounds.append((order(self.batch[0]), order(self.batch[-1])))
        self.batch = []
        self.size = 0
        if len(self.runs) >= self.MAX_RUNS:
            runs, self.runs = self.runs, []
            self._write_run(self._merge(runs, (), keys=True))
            self.bounds = [(min(b[0] for b in self.bounds), max(b[1] for b in self.bounds))]
            for run in runs:
                run.unlink()

    def in_order(self) -> bool:
        """Whether the runs follow each other in key order (rows given in report order, as a serial run and the
        library give them): they are then read one after the other, their keys unread."""
        return all(a[1] <= b[0] for a, b in zip(self.bounds, self.bounds[1:]))

    def _write_run(self, pairs: Iterable[tuple[Any, str]]) -> None:
        path = self.folder / f"{self.name}.{self._made}.run"
        self._made += 1
        with open(path, "w", encoding="utf-8", errors="surrogatepass", newline="\n") as fh:
            if self.keyed:
                fh.writelines(f"{_encode(key)}\t{text}\n" for key, text in pairs)
            else:
                fh.writelines(f"{text}\n" for _, text in pairs)
        self.runs.append(path)

    def _read_run(self, path: Path) -> Iterator[tuple[Any, str]]:
        with open(path, encoding="utf-8", errors="surrogatepass", newline="\n") as fh:
            if self.keyed:
                for line in fh:
                    key, _, text = line[:-1].partition("\t")
                    yield tuple(_decode(key)), text
            else:
                for line in fh:
                    yield None, line[:-1]

    def _texts(self, path: Path) -> Iterator[tuple[None, str]]:
        with open(path, encoding="utf-8", errors="surrogatepass", newline="\n") as fh:
            for line in fh:
                yield None, line[line.index("\t") + 1:-1] if self.keyed else line[:-1]

    def _merge(self, runs: Sequence[Path], extra: Sequence[tuple[Any, str]],
               keys: bool = False) -> Iterator[tuple[Any, str]]:
        """The pairs of ``runs`` and ``extra`` in key order (``keys`` False: a pair's key may be left None)."""
        if not extra and not keys and self.in_order():
            return itertools.chain.from_iterable(self._texts(run) for run in runs)
        sources = [self._read_run(run) for run in runs] + [iter(extra)]
        if not self.keyed:
            return heapq.merge(*sources, key=_second)
        return heapq.merge(*sources, key=_first)

    def merged(self, extra: Iterable[tuple[Any, str]] = ()) -> Iterator[tuple[Any, str]]:
        """Every pair so far (and ``extra``, for this reading only) in key order."""
        order = _first if self.keyed else _second
        pending = sorted([*self.batch, *extra], key=order)
        if pending and self.bounds and not max(b[1] for b in self.bounds) <= order(pending[0]):
            return self._merge(self.runs, pending)  # (also when runs overlap each other)
        return itertools.chain(self._merge(self.runs, ()), pending)


def _first(pair: tuple[Any, str]) -> Any:
    return pair[0]


def _second(pair: tuple[Any, str]) -> str:
    return pair[1]


class SortedRows:
    """A stream's report rows in report order, read from disk at each pass (``len`` known): what the report
    builder takes for its rows and the report holds under ``rows`` (each row as the report lists it, NaN as
    None; :meth:`raw`: as given, for the scorer's metrics). ``samples`` and ``harness_verdicts`` count the rows
    with a ``question_id`` and with another harness's verdict; :meth:`sorted_digest_lines` are the lines of the
    fingerprint's ``rows_sha256``, sorted."""

    in_report_order = True

    def __init__(self, path: Path, count: int, samples: int, harness_verdicts: int,
                 digest_lines: Callable[[], Iterator[str]], raw: bool = False):
        self.path, self.count, self.samples, self.harness_verdicts = path, count, samples, harness_verdicts
        self._digest_lines = digest_lines
        self._raw = raw
        self._watchers: list[Callable[[], Any]] = []
        #: what :meth:`watch`'s consumers made of a whole reading of the rows, one per watcher
        self.seen: list[Any] = []

    def __len__(self) -> int:
        return self.count

    def __bool__(self) -> bool:
        return self.count > 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        with open(self.path, encoding="utf-8", errors="surrogatepass", newline="\n") as fh:
            if self._raw:
                for line in fh:
                    yield _decode_line(line)
            elif not self._watchers:  # NaN and infinities as None: a scrub only for the rows whose text holds one
                for line in fh:
                    yield report_row(_decode_line(line), _finite(line))
            else:
                watchers = self._watchers
                consumers = [make() for make in watchers]
                adds = [c.add for c in consumers]
                for line in fh:
                    row = report_row(_decode_line(line), _finite(line))
                    for add in adds:
                        add(row)
                    yield row
                if self._watchers is watchers:  # read to the end: kept, and not made again
                    self._watchers = []
                    self.seen.extend(consumers)

    def watch(self, make: Callable[[], Any]) -> None:
        """Rows read as the report lists them also go to the ``add`` of a consumer ``make()`` gives, made afresh
        at each reading, until one reading goes to the end: that consumer is then kept in :attr:`seen` (what a
        later reader would make of the rows, taken on the way: the terminal summary's listing on the JSON
        report's writing)."""
        self._watchers = [*self._watchers, make]

    def __repr__(self) -> str:
        return f"<{self.count} report rows in {self.path}>"

    def raw(self) -> "SortedRows":
        return SortedRows(self.path, self.count, self.samples, self.harness_verdicts, self._digest_lines, raw=True)

    def sorted_digest_lines(self) -> Iterator[str]:
        return self._digest_lines()


class RowStream:
    """A sink for JSON report rows (module docstring): ``add`` them as they are scored, then ``build`` the
    report and ``write`` it. ``groups``: the benchmark's group fields, for the running per-group figures;
    ``folder``: where the temporary files go (default: the system's temporary folder). Use as a context
    manager, or ``close`` it: the temporary files are removed."""

    BATCH_ROWS = 10_000
    BATCH_BYTES = 8 << 20

    def __init__(self, groups: Iterable[str] = (), folder: str | os.PathLike[str] | None = None):
        self.folder = Path(tempfile.mkdtemp(prefix="answerbench-rows-", dir=folder))
        self._cleanup = weakref.finalize(self, shutil.rmtree, str(self.folder), True)
        self._rows = _Runs(self.folder, "rows", True, self.BATCH_ROWS, self.BATCH_BYTES)
        self._lines = _Runs(self.folder, "digest", False, self.BATCH_ROWS * 4, self.BATCH_BYTES)
        self._digest_line = DigestLines()
        self._sorted: SortedRows | None = None
        self._readings = 0
        self._encoded: tuple[Mapping[str, Any], str] | None = None  # encode_once's row and text
        # running figures, for what a run shows as it goes (the report's own come from ``build``)
        self.total = 0
        self.score_sum = 0.0
        self.counts: dict[str, int] = {}
        self.groups: dict[str, dict[str, list[float]]] = {g: {} for g in groups}
        self.per_file: dict[Any, int] = {}
        self.samples = 0
        self.harness_verdicts = 0

    # -- rows in ---------------------------------------------------------------------------------------------

    def encode_once(self, row: Mapping[str, Any]) -> str:
        """The JSON text ``add`` writes for ``row``, kept for the ``add`` that follows if it is given this very
        row, unchanged (a run's journal encodes each row just before the row is added: one encoding serves
        both, report/journal.JournalWriter.encode_row)."""
        text = _encode(row)
        self._encoded = (row, text)
        return text

    def add(self, row: Mapping[str, Any]) -> None:
        """One report row (:func:`pytest_answerbench.report.rows.make_row`), in any order."""
        encoded, self._encoded = self._encoded, None
        text = encoded[1] if encoded is not None and encoded[0] is row else _encode(row)
        key = report_order(row)
        self._rows.add(key, text)
        clean = row if _finite(text) else json_clean(row)
        self._lines.add(None, self._digest_line(clean))
        self._sorted = None
        self.total += 1
        status = row["status"]
        self.counts[status] = self.counts.get(status, 0) + 1
        score = clean.get("score")
        score = float(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else 0.0
        self.score_sum += score
        fields = row.get("fields") or {}
        for field, values in self.groups.items():
            value = fields.get(field)
            if value is not None:
                entry = values.setdefault(str(value), [0, 0, 0.0])
                entry[0] += 1
                entry[1] += score >= 1.0
                entry[2] += score
        file = row.get("file")
        self.per_file[file] = self.per_file.get(file, 0) + 1
        if row.get("question_id") is not None:
            self.samples += 1
        if "harness_verdict" in fields:
            self.harness_verdicts += 1

    def extend(self, rows: Iterable[Mapping[str, Any]]) -> None:
        for row in rows:
            self.add(row)

    @property
    def accuracy(self) -> float:
        """The running mean score (the report's ``accuracy`` once every row is in, up to rounding)."""
        return self.score_sum / self.total if self.total else 0.0

    # -- rows out --------------------------------------------------------------------------------------------

    def rows(self, extra: Iterable[Mapping[str, Any]] = ()) -> SortedRows:
        """The rows so far, with ``extra`` rows for this reading only (a stopped run's ``not_run`` rows), in
        report order: the runs are merged into one file (once, until more rows come)."""
        extra = list(extra)
        if self._sorted is not None and not extra:
            return self._sorted
        self._readings += 1
        path = self.folder / f"sorted.{self._readings}.jsonl"
        pairs = [(report_order(r), _encode(r)) for r in extra]
        with open(path, "w", encoding="utf-8", errors="surrogatepass", newline="\n") as fh:
            fh.writelines(f"{text}\n" for _, text in self._rows.merged(pairs))
        line = DigestLines()
        extra_lines = [(None, line(json_clean(r))) for r in extra]

        def digest_lines() -> Iterator[str]:
            return (text for _, text in self._lines.merged(extra_lines))

        samples = self.samples + sum(1 for r in extra if r.get("question_id") is not None)
        harness = self.harness_verdicts + sum(1 for r in extra if "harness_verdict" in (r.get("fields") or {}))
        rows = SortedRows(path, self.total + len(extra), samples, harness, digest_lines)
        if not extra:
            if self._sorted is not None and self._sorted.path != path:
                self._sorted.path.unlink(missing_ok=True)
            self._sorted = rows
        return rows

    def prediction_files(self, paths: Iterable[tuple[str, str]],
                         extra: Iterable[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
        """The report's ``files`` (as :func:`pytest_answerbench.report.rows.prediction_files`), from the rows
        counted as they came (and ``extra``)."""
        per_file = dict(self.per_file)
        for r in extra:
            per_file[r["file"]] = per_file.get(r["file"], 0) + 1
        return [file_entry(path, per_file.get(display, 0), display=display) for path, display in paths]

    def build(self, *, extra: Iterable[Mapping[str, Any]] = (), **build_args: Any) -> dict[str, Any]:
        """The report of the rows so far (and ``extra``), by :func:`pytest_answerbench.report.build.build_report`
        (same arguments but ``rows``); its ``rows`` are a :class:`SortedRows` (write it with :meth:`write`)."""
        from .build import build_report  # deferred: the builder loads the statistics and the gates

        return build_report(rows=self.rows(extra), **build_args)

    def write(self, path: str | os.PathLike[str], report: Mapping[str, Any]) -> None:
        write_report(path, report)

    # -- clean-up --------------------------------------------------------------------------------------------

    def close(self) -> None:
        """Remove the temporary files (a report built from the stream can no longer be written)."""
        self._cleanup()

    def __enter__(self) -> "RowStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def write_report(path: str | os.PathLike[str], report: Mapping[str, Any]) -> None:
    """Write a report atomically (``write_json``, which streams rows read from disk: the same bytes as the rows
    in a list)."""
    write_json(path, dict(report))
