"""The gold file of ``--bench-gold``: gold rows indexed by row id, joined into prediction rows.

Pure (no pytest). An unreadable gold row, a gold row without an id and a repeated id are kept as problems
(``file:line: what``), which the collection turns into error items; the other rows still join.
"""

from __future__ import annotations

from typing import Any, Iterator

from ..bounded import DEFAULT_LIMITS, Limits
from ..spec import BenchmarkSpec
from .readers import read_rows

__all__ = ["GoldIndex"]


class GoldIndex:
    """Gold rows by id, read from ``path`` (``ReaderError`` when the file cannot be read at all)."""

    def __init__(self, path: str, spec: BenchmarkSpec, limits: Limits = DEFAULT_LIMITS):
        self.path = path
        self.spec = spec
        self.rows: dict[str, tuple[dict[str, Any], int]] = {}  # id -> (gold row, line)
        self.problems: list[tuple[int, str]] = []  # (line, "path:line: problem")
        self._used: set[str] = set()
        for raw in read_rows(path, limits):
            if raw.row is None:
                self.problems.append((raw.line, f"{path}:{raw.line}: {raw.problem}"))
                continue
            gid = spec.row_id(raw.row)
            if gid is None:
                self.problems.append((raw.line, f"{path}:{raw.line}: gold row has no id "
                                                 f"(fields tried: {', '.join(spec.id_fields)})"))
            elif gid in self.rows:
                self.problems.append((raw.line, f"{path}:{raw.line}: duplicate gold id {gid!r} "
                                                 f"(first at line {self.rows[gid][1]})"))
            else:
                self.rows[gid] = (raw.row, raw.line)

    def join(self, row: dict[str, Any], row_id: str | None) -> tuple[dict[str, Any], str | None]:
        """(row with the gold fields filled in and overriding its own, except the prediction; problem or None)."""
        if row_id is None:
            return row, f"row has no id to join with the gold file (fields tried: {', '.join(self.spec.id_fields)})"
        entry = self.rows.get(row_id)
        if entry is None:
            return row, f"no gold row with id {row_id!r} in {self.path}"
        self._used.add(row_id)
        merged = {**row, **entry[0]}
        prediction = self.spec.prediction_field
        if prediction in row:
            merged[prediction] = row[prediction]
        return merged, None

    def claim(self, row_id: str | None) -> None:
        """A prediction row of another shard has this id: its gold row is no gold-only row of this one."""
        if row_id in self.rows:
            self._used.add(row_id)  # type: ignore[arg-type]

    def unmatched(self) -> Iterator[tuple[str, int]]:
        """(id, line) of the gold rows no prediction row has joined so far."""
        for gid, (_, line) in self.rows.items():
            if gid not in self._used:
                yield gid, line

    def __contains__(self, row_id: object) -> bool:
        return row_id in self.rows
