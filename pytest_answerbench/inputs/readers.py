"""Prediction file readers: every row with the line it starts on, and a problem instead of a row when it
cannot be read. No row is dropped; blank lines in JSONL are not rows.

Formats: ``.jsonl`` (lines counted on ``\\n`` bytes, so U+2028 inside a string does not split a row; UTF-8 BOM
and CRLF accepted; each row re-readable later from its byte span so large files need not stay in memory),
``.json`` (an array of objects; each element's line is where it starts), ``.csv`` / ``.tsv`` (header row, line
of the record's first physical line), ``.xlsx`` (first sheet, header row; needs the ``xlsx`` extra),
``.parquet`` (the format lighteval and Hugging Face ``datasets`` write; read lazily in record batches, a row's
"line" is its 1-based row number; needs the ``parquet`` extra, pyarrow).

Every reader reads under the run's ``bounded.Limits`` (``--bench-max-input-mb``, ``--bench-max-depth``): a JSON
row nested too deeply is a problem row, an archive member or parquet file over the size ceiling a
``BoundError`` (``pytest_answerbench/bounded.py``).
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from ..bounded import (DEFAULT_LIMITS, BoundError, Limits, TooDeep, check_zip, json_depth, load_json,
                       parquet_batches)
from ..errors import ReaderError

__all__ = ["FORMATS", "READERS", "RawRow", "ReaderError", "check_workbook", "harness_of", "harness_rows",
           "load_jsonl_span", "missing_reader", "open_parquet", "parquet_rows", "read_rows", "rename_fields"]

# format -> (module, what to install) for the formats read through an optional library
_OPTIONAL = {
    ".xlsx": ("openpyxl", "reading .xlsx files needs openpyxl: pip install 'pytest-answerbench[xlsx]' "
                          "(or pip install openpyxl)"),
    ".parquet": ("pyarrow", "reading .parquet files needs pyarrow: pip install 'pytest-answerbench[parquet]' "
                            "(or pip install pyarrow)"),
}


@dataclass
class RawRow:
    line: int
    row: dict[str, Any] | None = None
    problem: str | None = None
    span: tuple[int, int] | None = None  # (offset, length) in bytes, JSONL only
    mapped: bool = False  # the benchmark's fields already read (another harness's file: ``harness_rows``)


def _decode_error(exc: UnicodeDecodeError) -> str:
    return f"not valid UTF-8 (byte 0x{exc.object[exc.start]:02x} at column {exc.start + 1})"


def parse_jsonl_line(raw: bytes, limits: Limits = DEFAULT_LIMITS) -> tuple[dict[str, Any] | None, str | None]:
    """One JSONL line -> (row, None) or (None, problem)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, _decode_error(exc)
    try:
        value = load_json(text, limits)
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON: {exc.msg} at column {exc.colno}"
    except TooDeep as exc:
        return None, f"not read: {exc}"
    if not isinstance(value, dict):
        return None, f"not a JSON object (got {type(value).__name__})"
    return value, None


def _read_jsonl(path: Path, limits: Limits) -> Iterator[RawRow]:
    # Binary readline splits on b"\n" only (never on U+2028 and friends) and streams the file.
    with path.open("rb") as fh:
        offset = 0
        for line, raw in enumerate(fh, start=1):
            start = offset
            offset += len(raw)
            if line == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
                start += 3
            chunk = raw[:-1] if raw.endswith(b"\n") else raw
            if chunk.endswith(b"\r"):
                chunk = chunk[:-1]
            if chunk.strip():
                row, problem = parse_jsonl_line(chunk, limits)
                yield RawRow(line, row, problem, (start, len(chunk)))


def load_jsonl_span(fd: int, span: tuple[int, int], limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """Re-read a JSONL row from its byte span (already validated at collection)."""
    row, problem = parse_jsonl_line(os.pread(fd, span[1], span[0]), limits)
    if row is None:  # the file changed since collection
        raise ValueError(problem)
    return row


def _json_kind(first: str) -> str:
    """What a JSON value starting with ``first`` is, for a message."""
    return {"{": "object", '"': "string", "t": "boolean", "f": "boolean", "n": "null"}.get(first, "number" if first in
                                                                                          "-0123456789" else "text")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _read_json(path: Path, limits: Limits) -> Iterator[RawRow]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        yield RawRow(_line_of(raw[: exc.start].decode("utf-8", "replace"), exc.start), None, _decode_error(exc))
        return
    depth = json_depth(text, limits.max_depth + 1)  # the array of rows is one level
    if depth > limits.max_depth + 1:
        raise BoundError(f"{path}: a row is {limits.depth_problem(depth - 1)}")
    decoder = json.JSONDecoder()
    ws = " \t\r\n"
    i = 0
    while i < len(text) and text[i] in ws:
        i += 1
    if i >= len(text) or text[i] != "[":
        found = "nothing" if i >= len(text) else f"a JSON {_json_kind(text[i])}"
        raise ReaderError(f"{path}: a .json prediction file must hold an array of row objects; this one holds "
                          f"{found} (line {_line_of(text, i)})")
    i += 1
    while True:
        while i < len(text) and text[i] in ws:
            i += 1
        if i < len(text) and text[i] == "]":
            return
        line = _line_of(text, i)
        try:
            value, i = decoder.raw_decode(text, i)
        except RecursionError:  # a ceiling raised past what the interpreter's stack allows
            raise BoundError(f"{path}: a row is nested too deeply for this Python to read") from None
        except json.JSONDecodeError as exc:
            yield RawRow(exc.lineno, None, f"not valid JSON: {exc.msg} at column {exc.colno}; "
                                           "the rest of the file cannot be read")
            return
        if isinstance(value, dict):
            yield RawRow(line, value)
        else:
            yield RawRow(line, None, f"not a JSON object (got {type(value).__name__})")
        while i < len(text) and text[i] in ws:
            i += 1
        if i < len(text) and text[i] == ",":
            i += 1
            continue
        if i < len(text) and text[i] == "]":
            return
        yield RawRow(_line_of(text, i), None, "not valid JSON: expected ',' or ']' between rows; "
                                              "the rest of the file cannot be read")
        return


def _read_delimited(path: Path, delimiter: str, limits: Limits) -> Iterator[RawRow]:  # noqa: ARG001
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        yield RawRow(raw[: exc.start].count(b"\n") + 1, None, _decode_error(exc))
        return
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as exc:
        yield RawRow(1, None, f"header cannot be read: {exc}")
        return
    last = reader.line_num
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            yield RawRow(last + 1, None, f"cannot be read: {exc}")
            return
        first_line = last + 1
        last = reader.line_num
        if not any(cell.strip() for cell in record):
            continue
        if len(record) != len(header):
            yield RawRow(first_line, None,
                         f"has {len(record)} cells but the header has {len(header)} columns")
            continue
        yield RawRow(first_line, dict(zip(header, record)))


def _read_xlsx(path: Path, limits: Limits) -> Iterator[RawRow]:
    try:
        import openpyxl
    except ImportError:
        raise ReaderError(f"{path}: {_OPTIONAL['.xlsx'][1]}") from None
    check_workbook(path, limits)
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many types for a damaged file
        raise ReaderError(f"{path}: not a readable .xlsx file ({type(exc).__name__}: {exc})") from None
    try:
        sheet = book.worksheets[0]
        rows = sheet.iter_rows(values_only=True)
        header = next(rows, None)
        if header is None:
            return
        names = [("" if h is None else str(h)) for h in header]
        for number, values in enumerate(rows, start=2):
            if values is None or all(v is None or (isinstance(v, str) and not v.strip()) for v in values):
                continue
            row = {name: value for name, value in zip(names, values) if name}
            yield RawRow(number, row)
    finally:
        book.close()


def check_workbook(path: Path, limits: Limits) -> None:
    """An .xlsx file's zip directory checked before openpyxl inflates anything (``bounded.check_zip``): no
    member over the ceiling, no member named twice, only stored or deflated members (which ``zipfile``
    inflates a bounded chunk at a time and never past the size the directory gives)."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as archive:
            check_zip(archive, str(path), limits, methods=(0, 8))
    except (zipfile.BadZipFile, OSError) as exc:
        raise ReaderError(f"{path}: not a readable .xlsx file ({type(exc).__name__}: {exc})") from None


def open_parquet(path: Path) -> Any:
    """A ``pyarrow.parquet.ParquetFile`` (its footer read, no row decoded); ``ReaderError`` when it is not one."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise ReaderError(f"{path}: {_OPTIONAL['.parquet'][1]}") from None
    try:
        return pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises ArrowInvalid, OSError... for a damaged file
        raise ReaderError(f"{path}: not a readable .parquet file ({type(exc).__name__}: {exc})") from None


def parquet_rows(path: Path, limits: Limits, rows: int | None = None) -> Iterator[dict[str, Any]]:
    """A parquet file's rows as dicts, decoded a batch at a time (``bounded.parquet_batches``): reading stops
    where the caller stops, so ``--bench-limit 10`` decodes about ten rows."""
    parquet = open_parquet(path)
    for batch in parquet_batches(parquet, str(path), limits, rows):
        yield from batch.to_pylist()


def _read_parquet(path: Path, limits: Limits) -> Iterator[RawRow]:
    for number, row in enumerate(parquet_rows(path, limits), start=1):
        yield RawRow(number, row)


# suffix -> reader: the one table of the formats read. A reader yields every row of its file as a ``RawRow``
# (a problem in place of a row it cannot read, never a dropped row). Another harness's output (lm-eval's
# samples JSONL, an inspect ``.eval`` log, OpenCompass' JSON) is a new row here, keyed by what tells its files
# apart, plus (when its rows are not flat prediction rows) a normaliser in ``inputs/plan.py`` (``RowSource``).
READERS: dict[str, Callable[[Path, Limits], Iterator[RawRow]]] = {
    ".jsonl": _read_jsonl,
    ".json": _read_json,
    ".csv": lambda path, limits: _read_delimited(path, ",", limits),
    ".tsv": lambda path, limits: _read_delimited(path, "\t", limits),
    ".xlsx": _read_xlsx,
    ".parquet": _read_parquet,
}
FORMATS = tuple(READERS)


def rename_fields(row: dict[str, Any], pairs: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The row with each benchmark field read from its column (``pairs``: (field, column), from
    ``--bench-field``/``fields:``); a column the row lacks leaves the field as it is."""
    out = dict(row)
    for target, source in pairs:
        if source in row:
            out[target] = row[source]
    return out


def missing_reader(path: str | os.PathLike[str]) -> str | None:
    """What to install to read ``path`` when its format's optional library is missing, else None."""
    import importlib.util

    optional = _OPTIONAL.get(Path(path).suffix.lower())
    if optional is None:
        return None
    module, message = optional
    try:
        found = importlib.util.find_spec(module) is not None
    except ValueError:  # a module set to None in sys.modules: treated as absent, as import would
        found = False
    return None if found else message


def file_kind(path: Path) -> str:
    """What a path that is not a regular file is, for messages: ``a FIFO``, ``a character device``, ..."""
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_rows(path: str | os.PathLike[str], limits: Limits = DEFAULT_LIMITS) -> Iterator[RawRow]:
    """Every row of a prediction file, in order, read under ``limits``."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ReaderError(f"{path}: unknown prediction file format {suffix or '(none)'!r} "
                          f"(known: {', '.join(FORMATS)})")
    if not path.is_file():
        raise ReaderError(f"{path}: no such file" if not path.exists() else
                          f"{path}: not a regular file ({file_kind(path)}); only regular files are read")
    return READERS[suffix](path, limits)


# -- other harnesses' files (lm-eval samples, inspect logs, ...): pytest_answerbench/harnesses reads them --------

def harness_of(path: str | os.PathLike[str], bench_from: str | None) -> str | None:
    """The harness whose reader reads ``path``: ``--bench-from``'s, else the one the file says wrote it; None for
    a file of benchmark rows (VLMEvalKit's xlsx rows are such rows: the table readers read them)."""
    from .. import harnesses  # deferred: jmespath and the harness readers load only when a run asks

    name = bench_from if bench_from is not None else harnesses.detect(path)
    return None if name in (None, "vlmevalkit") else name


def harness_rows(name: str, path: str | os.PathLike[str], *, fields: tuple[tuple[str, str], ...],
                 prediction_field: str, id_field: str, gold_field: str,
                 limits: Limits = DEFAULT_LIMITS) -> Iterator[RawRow]:
    """The rows of another harness's file as benchmark rows (``harnesses.rows_of``): one per response, the
    harness's verdict in ``harness_verdict``/``harness_metric``, ``fields`` applied as jmespath paths to its
    records. The records name the gold ``answer``: it becomes ``gold_field`` where the benchmark names it
    otherwise. ``HarnessFormatError`` (a ReaderError) before the first row when the file is not that harness's."""
    from .. import harnesses  # deferred: see harness_of

    for line, row, problem in harnesses.rows_of(name, path, fields=fields, prediction_field=prediction_field,
                                                id_field=id_field, limits=limits):
        if row is not None and gold_field != "answer" and "answer" in row:
            row[gold_field] = row.pop("answer")
        if problem and problem.startswith(f"line {line}: "):  # the plan puts file:line before every problem
            problem = problem[len(f"line {line}: "):]
        yield RawRow(line, row, problem, mapped=True)
