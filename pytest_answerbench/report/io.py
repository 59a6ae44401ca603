"""Reading and writing report files: one checked reader with one error type, and atomic writes.

Every report the tools read (a baseline, shards to merge, the two sides of ``compare``, a report to render or to
select rows from) goes through :func:`read_report`: strict JSON (no NaN or Infinity), validated against the
published schema (``schema.json``) with the ``jsonschema`` package, so a hand-edited or corrupted report is a
usage error naming the file and the key, never a wrong verdict or a traceback.

A report (or a rendering of it) is written to a temporary file in the destination's own folder and moved into
place with ``os.replace``, so a reader (a CI step, a second run using it as ``--bench-baseline``) sees the old
file or the new one, never half of one; when the write fails the temporary file is removed.
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import json
import os
import re
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator

from ..errors import ReportError
from .rows import REPLACEMENT, figures_mismatch, repeated_rows, rows_digest

# Lone surrogates (a JSON escape like "\ud800" read from a prediction file) cannot be encoded as UTF-8: every
# file written here writes U+FFFD for them instead of failing (the policy: docs/report-schema.md).
ENCODE_ERRORS = "answerbench.replace-surrogates"


def _replace_surrogates(exc: UnicodeError) -> tuple[bytes, int]:
    # Bytes: the UTF-8 encoder takes a str replacement only when it is ASCII.
    if isinstance(exc, UnicodeEncodeError):
        return REPLACEMENT.encode("utf-8") * (exc.end - exc.start), exc.end
    raise exc


codecs.register_error(ENCODE_ERRORS, _replace_surrogates)

__all__ = ["ENCODE_ERRORS", "display_path", "integrity_problem", "load_report", "read_report", "report_schema",
           "indented", "report_chunks", "unwritable", "write_json", "write_text"]


#: What each reading needs beyond the schema (``schema.json``): the report's rows, to pair, merge or select them.
NEEDS_ROWS = frozenset({"merge", "select", "current", "summary"})

_SCHEMA_FILE = Path(__file__).with_name("schema.json")


class _NonFinite:
    """What ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's json accepts, JSON does not) parse to, so
    that the reader can name the key that holds one."""

    def __init__(self, text: str) -> None:
        self.text = text


@functools.lru_cache(maxsize=1)
def report_schema() -> dict[str, Any]:
    """The JSON Schema of the report (``report/schema.json``, shipped in the wheel; ``answerbench schema``)."""
    with open(_SCHEMA_FILE, encoding="utf-8") as fh:
        return json.load(fh)


@functools.lru_cache(maxsize=1)
def _validators() -> tuple[Any, Any, frozenset[str]]:
    """Validators of the report without its rows and of one row, and the row keys whose schema asks more of a
    value than its type (checked per value; the others per type)."""
    import jsonschema  # imported on first read: a run without reports to read never loads it

    schema = report_schema()
    cls = jsonschema.validators.validator_for(schema)
    row = {**schema["$defs"]["row"], "$defs": schema["$defs"]}
    by_value = frozenset(k for k, sub in row["properties"].items() if set(sub) - {"type"})
    return cls(schema), cls(row), by_value


def display_path(path: str | os.PathLike[str]) -> str:
    """A path for messages: relative to the working folder when it is under it, else as given."""
    text = os.fspath(path)
    if os.path.isabs(text):
        with contextlib.suppress(ValueError):
            rel = os.path.relpath(text)
            if not rel.startswith(os.pardir):
                return rel
    return text


def _json_path(parts: Iterable[Any]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if re.fullmatch(r"\w+", str(p))
                         else f"[{json.dumps(str(p))}]" for p in parts)


def _find_non_finite(value: Any, parts: list[Any]) -> tuple[list[Any], str] | None:
    """The path to the first NaN/Infinity in ``value`` and its spelling, or None."""
    if isinstance(value, _NonFinite):
        return parts, value.text
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(item, (dict, list, _NonFinite)):
            found = _find_non_finite(item, parts + [key])
            if found:
                return found
    return None


def read_report(path: str | os.PathLike[str], purpose: str = "report") -> dict[str, Any]:
    """A JSON report read back and checked, for ``purpose`` (``baseline``, ``select``, ``merge``, ``current``,
    ``render``, ``summary``, ``report``). Raises ReportError naming the file as given (relative to the working
    folder when under it) and the JSON path of the first problem.

    Checked: UTF-8 JSON; no NaN or Infinity anywhere (Python's json would accept them); the report schema
    (:func:`report_schema`: ``benchmark`` and ``accuracy`` present, every key of the right type, numbers in
    range); for the purposes in :data:`NEEDS_ROWS`, a ``rows`` list; and that its figures, rows and fingerprint
    agree (:func:`integrity_problem`). Whether two reports were scored alike is left to their use: a baseline's
    fingerprint is compared by its gate, a shard's by the merge. A run's journal (report/journal.py) is read as
    the incomplete report it stands for.
    """
    shown = display_path(path)
    from .journal import is_journal  # a run's journal (report/journal.py) reads as its incomplete report

    if is_journal(path):
        from .journal import JournalError, journal_report

        try:
            data = journal_report(path)
        except JournalError as exc:
            raise ReportError(str(exc)) from None
        if purpose in NEEDS_ROWS and not data.get("rows"):
            raise ReportError(f"{shown}: the journal has no rows")
        return data
    non_finite: list[int] = []

    def constant(text: str) -> _NonFinite:
        non_finite.append(1)
        return _NonFinite(text)

    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh, parse_constant=constant)
    except OSError as exc:
        raise ReportError(f"{shown}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise ReportError(f"{shown}: not UTF-8 text ({exc.reason})") from None
    except json.JSONDecodeError as exc:
        raise ReportError(f"{shown}:{exc.lineno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise ReportError(f"{shown}: not a report (nested too deeply)") from None
    if not isinstance(data, dict) or "accuracy" not in data:
        raise ReportError(f"{shown}: not an answerbench report (no 'accuracy')")
    if non_finite:
        try:
            found = _find_non_finite(data, [])
        except RecursionError:
            raise ReportError(f"{shown}: not a report (nested too deeply)") from None
        if found:
            raise ReportError(f"{shown}: {_json_path(found[0])} is {found[1]}, which is not a JSON number "
                              "(a report holds finite numbers only; was it edited by hand?)")
    problem = _first_error(data)
    if problem is not None:
        where, error = problem
        raise ReportError(f"{shown}: not a valid answerbench report: {_json_path(where)}: {_describe(error)} "
                          "(the report's schema: `answerbench schema`)")
    if purpose in NEEDS_ROWS and not isinstance(data.get("rows"), list):
        raise ReportError(f"{shown}: the report has no rows")
    problem = integrity_problem(data)
    if problem is not None:
        raise ReportError(f"{shown}: {problem}")
    return data


def integrity_problem(report: dict[str, Any]) -> str | None:
    """Why a report that validates against the schema cannot be what a run wrote, or None: a report is trusted
    only as far as its rows. Its figures are recomputed from its rows (``rows.figures_mismatch``: total,
    correct, accuracy, counts, groups, files' rows), no row is listed twice, and its fingerprint names the
    report's benchmark, profile and scorer version and, when it has ``rows_sha256`` (reports of this version
    on), is the fingerprint of these rows. A report without rows has nothing to check (a baseline without rows
    never passes the fingerprint gate)."""
    rows = report.get("rows")
    if not isinstance(rows, list) or not rows:  # a report of its accuracy alone: compared by it, and flagged so
        return None
    wrong = figures_mismatch(report)
    if wrong:
        more = f"; and {len(wrong) - 5} more" if len(wrong) > 5 else ""
        return (f"its figures disagree with its rows: {'; '.join(wrong[:5])}{more} (figures are recomputed from "
                "the rows when a report is read: was it edited by hand?)")
    repeated = repeated_rows(rows)
    if repeated:
        return (f"row {repeated[0]} is listed {1 + repeated.count(repeated[0])} times"
                + (f" ({len(repeated)} repeated rows in all)" if len(repeated) > 1 else "")
                + ": a run lists each row once, so the report was edited or joined by hand")
    fp = report.get("fingerprint")
    if not isinstance(fp, dict):
        return None
    for key in ("benchmark", "profile", "scorer_version"):
        if key in fp and key in report and fp[key] != report[key]:
            return (f"its fingerprint is of {key} {fp[key]!r} but the report says {report[key]!r}: the fingerprint "
                    "comes from another report")
    if "rows_sha256" in fp:
        found = rows_digest(rows, profile=report.get("profile"),
                            scorer_version=report.get("scorer_version", fp.get("scorer_version")))
        if found != fp["rows_sha256"]:
            return ("its fingerprint is not of these rows (fingerprint.rows_sha256 differs from the rows' ids, "
                    "statuses and scores): it was copied from another report, or the rows were edited after the run; "
                    "score the predictions again")
    return None


def _first_error(data: dict[str, Any]) -> tuple[list[Any], Any] | None:
    """The schema's most relevant complaint about ``data`` and its path from the report's root, or None.

    jsonschema spends ~0.15 ms on a row, 15 s on a 100,000-row report, so rows are checked once per shape:
    the row schema constrains most keys by type alone, so two rows whose keys, value types and values of the
    other keys (status, score) agree are both valid or both not.
    """
    import jsonschema

    report_validator, row_validator, by_value = _validators()
    rows = data.get("rows")
    shell = {**data, "rows": []} if isinstance(rows, list) else data
    error = jsonschema.exceptions.best_match(report_validator.iter_errors(shell))
    if error is not None:
        return list(error.absolute_path), error
    valid: set[tuple] = set()
    for index, row in enumerate(rows if isinstance(rows, list) else ()):
        shape = (tuple((k, type(v), v if k in by_value else None) for k, v in row.items())
                 if isinstance(row, dict) else None)
        try:
            if shape in valid:
                continue
        except TypeError:  # an unhashable value (a list where a status belongs): no shape, checked alone
            shape = None
        error = jsonschema.exceptions.best_match(row_validator.iter_errors(row))
        if error is not None:
            return ["rows", index, *error.absolute_path], error
        if shape is not None:
            valid.add(shape)
    return None


def _describe(error: Any) -> str:
    """One line for a schema error: what was found and what the schema wants, the value cut short."""
    value = json.dumps(error.instance, ensure_ascii=False, default=str)
    value = value if len(value) <= 60 else value[:57] + "..."
    if error.validator in ("type", "enum", "minimum", "maximum", "pattern", "minLength"):
        wanted = {"type": f"a value of type {error.validator_value}", "enum": f"one of {error.validator_value}",
                  "minimum": f"at least {error.validator_value}", "maximum": f"at most {error.validator_value}",
                  "pattern": "a sha256 hex digest", "minLength": "a non-empty string"}[error.validator]
        return f"{value}, where a report has {wanted}"
    return error.message if len(error.message) <= 200 else error.message[:197] + "..."


def load_report(path: str | os.PathLike[str], *, need_rows: bool = False) -> dict[str, Any]:
    """:func:`read_report` under its earlier name: ``need_rows`` asks for rows (to merge or select)."""
    return read_report(path, "select" if need_rows else "report")


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` atomically, creating folders as needed."""
    _write_atomic(Path(path), lambda fh: fh.write(text))


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write a JSON document atomically, streamed to the file: a 100,000-row report is never held as one
    string (nor as the million small pieces ``json.dumps`` joins). A report whose ``rows`` are not a list (rows
    read back from disk one at a time, report/rowstream.py) is written a row at a time (:func:`report_chunks`)."""
    if isinstance(data, dict) and data.get("rows") is not None and not isinstance(data["rows"], (list, tuple)):
        _write_atomic(Path(path), lambda fh: fh.writelines(report_chunks(data)))
        return

    def dump(fh: IO[str]) -> None:
        json.dump(data, fh, indent=1, ensure_ascii=False)
        fh.write("\n")

    _write_atomic(Path(path), dump)


def report_chunks(report: dict[str, Any]) -> Iterator[str]:
    """The text of ``report`` as :func:`write_json` writes it for rows in a list (``indent=1``, not ASCII-escaped,
    a final newline), in pieces: every key but the rows at once, then the rows one at a time as they come."""
    rows = report.get("rows")
    head = json.dumps({**report, "rows": []}, indent=1, ensure_ascii=False)
    # the one key "rows" at the top level: one space of indent (a nested key has more, a string no newline)
    marker = '\n "rows": []'
    at = head.index(marker)
    separator, opened = "\n  ", False
    for row in rows or ():
        yield (head[:at] + '\n "rows": [' if not opened else "") + separator + indented(row, "\n  ")
        separator, opened = ",\n  ", True
    yield ("\n ]" + head[at + len(marker):] if opened else head) + "\n"


_string = json.encoder.encode_basestring  # the text json.dumps gives a str with ensure_ascii=False (C when built)
_float = float.__repr__
_int = int.__repr__
_FLOAT_WORDS = {float("inf"): "Infinity", float("-inf"): "-Infinity"}


def indented(value: Any, newline: str = "\n") -> str:
    """``json.dumps(value, indent=1, ensure_ascii=False)`` with every newline followed by ``newline``'s
    indentation (``newline`` "\\n" plus spaces), the same characters, built from the C encoder's texts of the
    strings and numbers rather than by json's pure-Python indenting encoder (about four times as fast on a report
    row). Anything but dicts with string keys, lists, strings, numbers, booleans and None goes to ``json.dumps``
    itself (its own text, or its error). A property test compares the two on arbitrary JSON values."""
    if value.__class__ is dict:
        if not value:
            return "{}"
        inner = newline + " "
        parts = []
        for key, item in value.items():
            if key.__class__ is not str:
                return json.dumps(value, indent=1, ensure_ascii=False).replace("\n", newline)
            parts.append(f"{_string(key)}: {_leaf(item, inner)}")
        return "{" + inner + ("," + inner).join(parts) + newline + "}"
    if value.__class__ is list:
        if not value:
            return "[]"
        inner = newline + " "
        return "[" + inner + ("," + inner).join([_leaf(item, inner) for item in value]) + newline + "]"
    return _leaf(value, newline)


def _leaf(value: Any, newline: str) -> str:
    """A value's text in :func:`indented` (containers through it, one level deeper)."""
    cls = value.__class__
    if cls is str:
        return _string(value)
    if cls is float:
        if value == value:
            return _FLOAT_WORDS.get(value) or _float(value)
        return "NaN"
    if cls is int:
        return _int(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if cls is dict or cls is list:
        return indented(value, newline)
    # subclasses, tuples and anything json.dumps may refuse: its own text (or its error)
    return json.dumps(value, indent=1, ensure_ascii=False).replace("\n", newline)


def unwritable(path: str | os.PathLike[str], shown: str | None = None) -> str | None:
    """Why a file cannot be written at ``path`` (checked before a run, so it fails before scoring), or None.
    The message names the file as ``shown`` (the path as the user gave it; default: ``path``).

    The nearest existing folder on the way must be a folder where a file can be created (tried, not guessed
    from permissions: root ignores them, a read-only mount does not); missing folders below it are created at
    write time. Nothing is left behind.
    """
    path = Path(path)
    shown = display_path(path) if shown is None else shown
    if path.is_dir():
        return f"{shown}: is a folder"
    folder = path.parent
    while not folder.exists():
        if folder.parent == folder:
            break
        folder = folder.parent
    if not folder.is_dir():
        return f"{shown}: {display_path(folder)} is not a folder"
    try:
        fd, tmp = _create_temp(folder / path.name)
    except OSError as exc:
        return f"{shown}: cannot write in {display_path(folder)} ({exc.strerror or exc})"
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(tmp)
    return None


def _write_atomic(path: Path, write: Callable[[IO[str]], Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _create_temp(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors=ENCODE_ERRORS) as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _create_temp(path: Path) -> tuple[int, str]:
    """A new file beside ``path`` (same folder, so ``os.replace`` is a rename), created with the mode an
    ordinary ``open`` would give (``tempfile`` would make it private to the user), and a name no concurrent
    writer shares."""
    while True:
        tmp = str(path.with_name(f"{path.name}.{os.urandom(4).hex()}.tmp"))
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:  # pragma: no cover - a 32-bit collision
            continue
