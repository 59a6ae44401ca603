"""Bounded reading of input files, shared by every reader (``inputs/readers.py`` and ``harnesses/``).

A prediction file is data from elsewhere: a 230 KiB parquet file can decode to gigabytes, a 4 MB zip can hold a
member that inflates to a gigabyte, and one JSON record nested 100,000 deep overflows any recursive reader. Each
reader reads through this module, so each bound is enforced in one place:

* ``Limits.max_bytes`` (``--bench-max-input-mb``): what one archive member (``.eval``, ``.xlsx``) or one parquet
  file's decoded rows may come to. Checked from the zip's directory and the Parquet footer BEFORE anything is
  inflated, and counted again while inflating or decoding, since metadata can lie.
* ``Limits.max_depth`` (``--bench-max-depth``): how deeply one JSON value may nest, checked before it is parsed
  (``load_json``) with a scan that never recurses.

A file over a bound raises ``BoundError`` (a ``ReaderError``) naming the file, the bound and the option that
raises it. Zip archives with repeated member names, or members compressed with a method whose inflation cannot
be bounded chunk by chunk, are refused (``open_zip``). Nothing here imports pytest.
"""

from __future__ import annotations

import itertools
import json
import re
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .errors import ReaderError
from .text.patterns import lazy_compile

__all__ = ["DEFAULT_MAX_DEPTH", "DEFAULT_MAX_INPUT_MB", "DEFAULT_LIMITS", "DEPTH_OPTION", "SIZE_OPTION",
           "BoundError", "Limits", "TooDeep", "check_parquet", "check_zip", "json_depth", "load_json",
           "decoded_size", "open_zip", "parquet_batches", "read_member"]

DEFAULT_MAX_INPUT_MB = 256
DEFAULT_MAX_DEPTH = 100
SIZE_OPTION = "--bench-max-input-mb"
DEPTH_OPTION = "--bench-max-depth"
_MB = 1 << 20
_CHUNK = 1 << 20  # bytes read from an archive member at a time
_BATCH_ROWS = 256  # parquet rows decoded at a time


class BoundError(ReaderError):
    """An input file over one of the bounds: the message names the file, the bound and the option raising it."""


class TooDeep(ValueError):
    """A JSON value nested deeper than the bound (a ValueError, as a JSON syntax error is)."""


@dataclass(frozen=True)
class Limits:
    """The bounds of one run's readers. ``max_bytes`` None: no size ceiling (``--bench-max-input-mb 0``)."""

    max_bytes: int | None = DEFAULT_MAX_INPUT_MB * _MB
    max_depth: int = DEFAULT_MAX_DEPTH

    @classmethod
    def of(cls, max_input_mb: float | None = None, max_depth: int | None = None) -> "Limits":
        """Limits from the options' values (None: the default; a size of 0: no size ceiling)."""
        size = DEFAULT_MAX_INPUT_MB if max_input_mb is None else max_input_mb
        return cls(max_bytes=int(size * _MB) if size else None,
                   max_depth=DEFAULT_MAX_DEPTH if max_depth is None else max_depth)

    def size_problem(self, display: str, what: str, size: int) -> str | None:
        """Why ``what`` of ``display``, ``size`` bytes once inflated, is over the size ceiling; None when it fits."""
        if self.max_bytes is None or size <= self.max_bytes:
            return None
        return (f"{display}: {what} inflates to {_megabytes(size)}, over the {_megabytes(self.max_bytes)} ceiling on "
                f"one input (raise it with {SIZE_OPTION} MB, or 0 for none)")

    def depth_problem(self, depth: int) -> str:
        return f"nested {depth} levels deep, over the ceiling of {self.max_depth} (raise it with {DEPTH_OPTION} N)"


DEFAULT_LIMITS = Limits()


def _megabytes(size: int) -> str:
    if size < _MB:
        return f"{size:,} bytes"
    return f"{size / _MB:.1f} MB" if size < 10 * _MB else f"{size // _MB} MB"


# -- JSON: the depth is scanned without recursion, then the standard parser reads what fits ---------------------

_STRING_B = lazy_compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_STRING_S = lazy_compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET_B = lazy_compile(rb"[^\[\]{}]+")
_NOT_BRACKET_S = lazy_compile(r"[^\[\]{}]+")
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


def json_depth(data: bytes | str, limit: int | None = None) -> int:
    """How deeply the JSON text nests (``[[1]]`` is 2), strings skipped. With ``limit``, any value up to it is
    returned as 0 when the text holds no more than ``limit`` brackets (the cheap case of almost every line)."""
    is_bytes = isinstance(data, (bytes, bytearray))
    if limit is not None:
        opens = data.count(b"[") + data.count(b"{") if is_bytes else data.count("[") + data.count("{")
        if opens <= limit:
            return 0
    if is_bytes:
        brackets = _NOT_BRACKET_B.sub(b"", _STRING_B.sub(b"", data))
    else:
        brackets = _NOT_BRACKET_S.sub("", _STRING_S.sub("", data)).encode("ascii")
    return max(itertools.accumulate(array("b", brackets.translate(_STEP))), default=0)


def load_json(data: bytes | bytearray | str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """``json.loads`` of a text whose nesting is within ``limits.max_depth`` (``TooDeep`` otherwise, before any
    parsing); a ``json.JSONDecodeError`` for text that is not JSON, as ``json.loads`` raises."""
    depth = json_depth(data, limits.max_depth)
    if depth > limits.max_depth:
        raise TooDeep(limits.depth_problem(depth))
    try:
        return json.loads(data)
    except RecursionError:  # a ceiling raised past what the interpreter's stack allows
        raise TooDeep(f"nested too deeply for this Python to read (lower {DEPTH_OPTION})") from None


# -- zip archives (.eval, .xlsx) ----------------------------------------------------------------------------------

# stored and deflate (and Zstandard, read through backports.zstd or Python 3.14, whose reader bounds each chunk):
# the methods inspect_ai and spreadsheet writers use. bzip2 and LZMA inflate one read unboundedly in older zipfile.
_METHODS = {0: "stored", 8: "deflate", 93: "zstd"}
_METHOD_NAMES = {12: "bzip2", 14: "lzma", 9: "deflate64"}


def check_zip(archive: Any, display: str, limits: Limits, members: list[Any] | None = None,
              methods: tuple[int, ...] = (0, 8, 93)) -> None:
    """Check an open ``zipfile.ZipFile`` from its directory before anything is inflated: no member name twice,
    and each of ``members`` (ZipInfo; default: all) compressed with one of ``methods`` and no larger inflated
    than the ceiling. ``ReaderError`` (``BoundError`` for the size) naming the archive and the member."""
    infos = archive.infolist()
    counts: dict[str, int] = {}
    for info in infos:
        counts[info.filename] = counts.get(info.filename, 0) + 1
    repeated = [f"{name} ({count} times)" for name, count in counts.items() if count > 1]
    if repeated:
        raise ReaderError(f"{display}: the archive names a member more than once: {', '.join(repeated[:10])}"
                          f"{', ...' if len(repeated) > 10 else ''}; which copy is meant cannot be told, so the "
                          "archive is not read")
    for info in infos if members is None else members:
        if info.compress_type not in methods:
            method = _METHOD_NAMES.get(info.compress_type, f"method {info.compress_type}")
            raise ReaderError(f"{display}: member {info.filename} is compressed with {method}, which is not read "
                              f"(only {', '.join(_METHODS[m] for m in methods)})")
        problem = limits.size_problem(display, f"member {info.filename}", info.file_size)
        if problem:
            raise BoundError(problem)


def open_zip(zipmodule: Any, path: Path, display: str, limits: Limits) -> Any:
    """``zipmodule.ZipFile(path)`` with every member checked (``check_zip``); the caller closes it."""
    archive = zipmodule.ZipFile(path)
    try:
        check_zip(archive, display, limits)
    except BaseException:
        archive.close()
        raise
    return archive


def read_member(archive: Any, info: Any, display: str, limits: Limits) -> bytes:
    """One member's bytes, inflated a chunk at a time and stopped at the ceiling whatever the directory said."""
    out = bytearray()
    ceiling = limits.max_bytes
    with archive.open(info) as member:
        while True:
            chunk = member.read(_CHUNK)
            if not chunk:
                return bytes(out)
            out += chunk
            if ceiling is not None and len(out) > ceiling:
                raise BoundError(f"{display}: member {info.filename} inflates past the "
                                 f"{_megabytes(ceiling)} ceiling on one input (its directory said "
                                 f"{_megabytes(info.file_size)}; raise it with {SIZE_OPTION} MB, or 0 for none)")


# -- parquet: the footer's sizes first, then row groups decoded lazily, a batch at a time -----------------------

def check_parquet(parquet: Any, display: str, limits: Limits, rows: int | None = None) -> None:
    """From the footer alone: the uncompressed size of the row groups holding the first ``rows`` rows (all of
    them when None) within the ceiling, else ``BoundError``."""
    meta = parquet.metadata
    total = seen = 0
    for index in range(meta.num_row_groups):
        if rows is not None and seen >= rows:
            break
        group = meta.row_group(index)
        total += group.total_byte_size
        seen += group.num_rows
        problem = limits.size_problem(display, "the rows read" if rows is not None else "its rows", total)
        if problem:
            raise BoundError(f"{problem} (from the file's own footer)")


def decoded_size(array: Any) -> int:
    """Bytes an Arrow array holds once its dictionaries are expanded (a dictionary-encoded column of one long
    value repeated is a few bytes in Arrow and that value's length in every row read out of it)."""
    import pyarrow as pa  # the optional parquet extra: only asked of an array pyarrow made

    kind = array.type
    if pa.types.is_dictionary(kind):
        return decoded_size(array.dictionary_decode())
    if pa.types.is_struct(kind):
        return sum(decoded_size(array.field(i)) for i in range(kind.num_fields)) + len(array)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind) or pa.types.is_fixed_size_list(kind):
        return decoded_size(array.flatten()) + 8 * len(array)
    if pa.types.is_map(kind):
        return decoded_size(array.keys) + decoded_size(array.items) + 8 * len(array)
    return array.nbytes


def parquet_batches(parquet: Any, display: str, limits: Limits, rows: int | None = None) -> Iterator[Any]:
    """The record batches of a ``pyarrow.parquet.ParquetFile``, lazily (a run reading 10 rows decodes about
    that many), after ``check_parquet``; each batch's decoded size counted, ``BoundError`` past the ceiling
    (dictionary and run-length encodings make a small file decode to a large one: the footer cannot say)."""
    check_parquet(parquet, display, limits, rows)
    decoded = taken = 0
    ceiling = limits.max_bytes
    for batch in parquet.iter_batches(batch_size=_BATCH_ROWS):
        decoded += sum(decoded_size(column) for column in batch.columns)
        if ceiling is not None and decoded > ceiling:
            raise BoundError(f"{display}: its first {taken + batch.num_rows} rows decode to more than "
                             f"{_megabytes(ceiling)}, the ceiling on one input (raise it with {SIZE_OPTION} MB, "
                             "or 0 for none)")
        taken += batch.num_rows
        yield batch
        if rows is not None and taken >= rows:
            return
