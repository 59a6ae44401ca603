"""VLMEvalKit prediction files: ``<model>_<dataset>.xlsx`` (or ``.tsv``/``.json`` with ``PRED_FORMAT``).

Read from open-compass/VLMEvalKit e8e78f0: ``vlmeval/smp/file.py`` ``get_pred_file_path`` names the file
``{model_name}_{dataset_name}.{xlsx|tsv|json}`` (xlsx by default) and ``vlmeval/inference.py`` writes the
dataset's own columns (``index``, ``question``, ``A``..``J``, ``answer``, ``category``, ...) plus
``prediction``. These rows are the built-in benchmarks' own rows, so the ordinary table reader reads them and
no mapping is needed: this module only recognises the file (``read`` is None).
"""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

from ..bounded import DEFAULT_LIMITS, check_zip
from ..errors import ReaderError

__all__ = ["FIELDS", "SUFFIXES", "detect", "read"]

SUFFIXES = (".xlsx", ".tsv")
FIELDS = {"answer": "answer", "prediction": "prediction", "question": "question"}
# The table reader reads these files as they are.
read = None
_COLUMNS = {"index", "prediction"}


def _xlsx_header(path: Path) -> set[str]:
    try:
        import openpyxl  # the optional xlsx extra
    except ImportError:
        return set()
    try:  # openpyxl inflates whole members (the shared strings) as it opens a workbook: their sizes first
        with zipfile.ZipFile(path) as archive:
            check_zip(archive, path.name, DEFAULT_LIMITS, methods=(0, 8))
    except (ReaderError, zipfile.BadZipFile, OSError):
        return set()  # not detected: the table reader says what is wrong with the file
    try:
        book = openpyxl.load_workbook(path, read_only=True)
    except Exception:  # noqa: BLE001 (an unreadable workbook is simply not detected)
        return set()
    try:
        first = next(book.worksheets[0].iter_rows(max_row=1, values_only=True), ())
        return {str(cell) for cell in first if cell is not None}
    finally:
        book.close()


def detect(path: Path, head: bytes) -> bool:
    suffix = path.suffix.lower()
    if suffix == ".tsv":
        # dump_tsv quotes every cell (csv.QUOTE_ALL)
        first = head.split(b"\n", 1)[0].decode("utf-8", "replace")
        return _COLUMNS <= set(next(csv.reader([first], delimiter="\t"), []))
    if suffix == ".xlsx":
        return head[:4] == b"PK\x03\x04" and _COLUMNS <= _xlsx_header(path)
    return False
