"""A run's journal: the rows written as they are scored, so a run that dies (``kill -9``, an OOM kill, a scorer's
``os._exit``) leaves what it scored.

The journal is JSON lines beside the report (``<report>.journal``, only when the run writes a report). Its first
line is the header: what was scored (the benchmark's YAML, profile, options, prediction files) and the plan, every
row the run was to score as ``[nodeid, id, file, line, question_id, sample]``. Each later line is one scored row,
``{"nodeid": ..., "row": <report row>}``. Rows are appended in batches (``JournalWriter.EVERY`` rows or
``JournalWriter.SECONDS`` seconds, whichever comes first) and flushed to the operating system, so a process
killed outright loses at most its last batch; a line cut short by the kill is ignored when the journal is read.
A run that finishes with its report complete removes its journal.

``journal_report`` reads a journal as an incomplete report (every planned row present: scored, or ``not_run``);
``answerbench`` commands read a journal wherever they read a report. ``--bench-resume JOURNAL`` scores only the
rows the journal lacks and gives the report an uninterrupted run gives (run.py).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from ..verdict import CORRECT, MISS, NOT_RUN, Verdict
from .rows import make_row

MAGIC = "answerbench_journal"
VERSION = 1


class JournalError(ValueError):
    """A file that is not a journal, or one that does not match the run resuming it."""


def journal_path(report_path: str | os.PathLike[str]) -> Path:
    """Where the journal of the report at ``report_path`` goes."""
    path = Path(report_path)
    return path.with_name(path.name + ".journal")


def is_journal(path: str | os.PathLike[str]) -> bool:
    """Does the file at ``path`` start as a journal does?"""
    try:
        with open(path, "rb") as fh:
            return fh.read(len(MAGIC) + 2) == b'{"' + MAGIC.encode()
    except OSError:
        return False


class JournalWriter:
    """Appends scored rows to a journal, in batches flushed to the operating system."""

    EVERY = 64  # rows between two flushes at most
    SECONDS = 0.5  # seconds between two flushes at most (slow rows reach the journal soon)

    def __init__(self, path: Path, header: dict[str, Any], rows: Iterable[tuple[str, dict[str, Any]]] = ()):
        """Start the journal at ``path`` with ``header`` and ``rows`` already scored (a resumed run's): written to
        a sibling file and moved into place, so the journal at ``path`` is always whole (a resumed run may
        rewrite the very journal it resumes)."""
        self.path = path
        self._pending: list[str] = []
        self._last = time.monotonic()
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            with open(temporary, "w", encoding="utf-8") as fh:
                fh.write(_line({MAGIC: VERSION, **header}))
                fh.writelines(_line({"nodeid": nodeid, "row": row}) for nodeid, row in rows)
            os.replace(temporary, path)
        except BaseException:
            temporary.unlink(missing_ok=True)  # a full disk leaves no half-written file behind
            raise
        self._fh: Any = open(path, "a", encoding="utf-8")
        # a row's JSON text in its line (what _line writes for it); a run spooling its rows sets its spool's
        # encoder here, so that each row is encoded once for both (report/rowstream.RowStream.encode_once)
        self.encode_row: Callable[[dict[str, Any]], str] = _ascii_json

    def add(self, nodeid: str, row: dict[str, Any]) -> None:
        # _line({"nodeid": nodeid, "row": row}), the row's text made by encode_row
        self._pending.append(f'{{"nodeid":{_ascii_json(nodeid)},"row":{self.encode_row(row)}}}\n')
        if len(self._pending) >= self.EVERY or time.monotonic() - self._last >= self.SECONDS:
            self.flush()

    def flush(self) -> None:
        if self._pending and self._fh is not None:
            self._fh.write("".join(self._pending))
            self._fh.flush()
            self._pending.clear()
        self._last = time.monotonic()

    def close(self, remove: bool = False) -> None:
        """Flush and close; ``remove``: the run's report is complete, the journal is not needed."""
        if self._fh is None:
            return
        self.flush()
        self._fh.close()
        self._fh = None
        if remove:
            self.path.unlink(missing_ok=True)


# ASCII: a lone surrogate in a row's text is written escaped and read back as it was
_ascii_json = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _line(data: dict[str, Any]) -> str:
    return _ascii_json(data) + "\n"


class Journal:
    """A journal read back: its ``header`` and its scored ``rows`` by node id, in the order they were scored."""

    def __init__(self, header: dict[str, Any], rows: dict[str, dict[str, Any]]):
        self.header = header
        self.rows = rows

    @property
    def plan(self) -> list[list[Any]]:
        return self.header.get("plan") or []

    def mismatch(self, benchmark: str, profile: str, options: dict[str, Any], files: list[str]) -> str | None:
        """Why a run of ``benchmark`` (its ``profile``, ``options`` and prediction files by display name) cannot
        resume this journal, or None when it scores what the journal's run scored."""
        header = self.header
        for what, theirs, ours in (("benchmark", header.get("benchmark"), benchmark),
                                   ("profile", header.get("profile"), profile),
                                   ("benchmark options", header.get("options") or {}, options),
                                   ("prediction files", [display for _, display in header.get("files", [])], files)):
            if theirs != ours:
                return (f"the journal's run scored another {what} ({theirs!r}, this run: {ours!r}); resume it with "
                        "the same options")
        return None


def read_journal(path: str | os.PathLike[str]) -> Journal:
    """The journal at ``path``. A last line cut short (the process was killed while writing it) is left out; any
    other line that is not a journal entry is an error naming ``file:line``."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(f"{path}: cannot read the journal ({getattr(exc, 'strerror', None) or exc})") from None
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last whole line
        cut = None
    else:
        cut = len(lines)  # no newline at the end: the last line may have been cut short
    header: dict[str, Any] | None = None
    rows: dict[str, dict[str, Any]] = {}
    for number, text in enumerate(lines, 1):
        try:
            entry = json.loads(text)
        except json.JSONDecodeError:
            if number == cut:
                break
            raise JournalError(f"{path}:{number}: not a journal line (not JSON)") from None
        if number == 1:
            if not isinstance(entry, dict) or entry.get(MAGIC) != VERSION:
                raise JournalError(f"{path}:1: not an answerbench journal (no {MAGIC!r} header)")
            header = entry
            continue
        if not (isinstance(entry, dict) and isinstance(entry.get("nodeid"), str) and isinstance(entry.get("row"), dict)):
            raise JournalError(f"{path}:{number}: not a journal row (needs 'nodeid' and 'row')")
        rows.setdefault(entry["nodeid"], entry["row"])
    if header is None:
        raise JournalError(f"{path}: empty, not an answerbench journal")
    return Journal(header, rows)


class RunJournal:
    """The journals of a run: the one it resumes (``--bench-resume``: ``resumed``, whose rows it does not score
    again) and the one it writes beside its report (``writer``, from ``start`` on; none when the run writes no
    report)."""

    def __init__(self, report: Path | None, resumed: Journal | None = None):
        self.path = journal_path(report) if report is not None else None
        self.resumed = resumed
        self.writer: JournalWriter | None = None

    def start(self, header: dict[str, Any], plan: list[list[Any]], rows: Iterable[tuple[str, dict[str, Any]]],
              errors: list[str]) -> None:
        """Start the journal once the rows to score are known: ``header`` (benchmark, spec, profile, options,
        files), the ``plan`` of the rows to score (a resumed run's is the resumed journal's: the whole run's
        rows), and the ``rows`` already scored. A journal that cannot be written (no room; options JSON cannot
        hold) is a message in ``errors``, and the run goes on without it."""
        if self.path is None or self.writer is not None:
            return
        if self.resumed is not None:
            plan = self.resumed.plan
        try:
            self.writer = JournalWriter(self.path, {**header, "plan": plan}, rows)
        except (OSError, TypeError, ValueError) as exc:
            errors.append(f"cannot write the journal {self.path}: {exc}")

    def close(self, complete: bool) -> None:
        """Close the journal; removed when the run's report is ``complete`` (kept otherwise: --bench-resume
        finishes it)."""
        if self.writer is not None:
            self.writer.close(remove=complete)

    def resumed_failures(self) -> bool:
        """Does a row taken from the resumed journal count as a failed test, as it did in the run that scored it
        (a run without gates: any row neither correct, a miss nor not run)?"""
        return self.resumed is not None and any(rec["status"] not in (CORRECT, MISS, NOT_RUN)
                                                for rec in self.resumed.rows.values())


def plan_entries(ids: Iterable[str], planned: dict[str, tuple[str, str, int]],
                 samples: dict[str, Any]) -> list[list[Any]]:
    """The plan's entries ``[nodeid, id, file, line, question_id, sample]`` of the rows named by node id, from
    the files read again (``inputs.InputPlan.replay``: ``planned`` maps a node id to its row's (id, file, line),
    ``samples`` to its ``inputs.Sample``); a node id the files do not name gives its own id and file, no line."""
    out = []
    for nodeid in ids:
        row_id, file, line = planned.get(nodeid) or (nodeid.split("::")[-1], nodeid.split("::")[0], None)
        sample = samples.get(nodeid)
        out.append([nodeid, row_id, file, line, sample.question if sample else None, sample.index if sample else None])
    return out


def not_run_rows(plan: Iterable[list[Any]], done: Any, reason: str) -> list[dict[str, Any]]:
    """A ``not_run`` report row for every entry of ``plan`` whose node id is not in ``done``."""
    verdict = Verdict(NOT_RUN, 0.0, method="not-run", detail=f"not run: {reason}")
    return [make_row(row_id=row_id, file=file, line=line, verdict=verdict, question_id=question_id, sample=sample)
            for nodeid, row_id, file, line, question_id, sample in plan if nodeid not in done]


def unscored_rows(journal: Journal, reason: str) -> list[dict[str, Any]]:
    """A ``not_run`` report row for every planned row the journal has not scored."""
    return not_run_rows(journal.plan, journal.rows, reason)


def journal_report(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The journal at ``path`` as an incomplete report: its scored rows, and every other planned row ``not_run``."""
    from ..spec import SpecError, resolve_benchmark  # deferred: the spec layer loads YAML
    from .build import build_report
    from .rows import prediction_files

    journal = read_journal(path)
    header = journal.header
    try:
        spec = resolve_benchmark(header["spec"])
    except (KeyError, SpecError) as exc:
        raise JournalError(f"{path}: the benchmark it was scored with cannot be loaded ({exc})") from None
    missing = len([1 for entry in journal.plan if entry[0] not in journal.rows])
    reason = f"the run ended before scoring it (read from its journal {Path(path).name})"
    rows = list(journal.rows.values()) + unscored_rows(journal, reason)
    incomplete = (f"the run ended before it finished: {missing} of {len(journal.plan)} rows not run "
                  f"(resume it with --bench-resume {path})" if missing else
                  "the run ended after scoring every row, before writing its report (read from its journal)")
    return build_report(spec=spec, profile=header.get("profile", "default"), rows=rows,
                        options=header.get("options") or {},
                        files=prediction_files([tuple(f) for f in header.get("files", [])], rows),
                        complete=False, incomplete=incomplete)
