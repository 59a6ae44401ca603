"""The formatters every rendering of a report shares: the terminal summary (``render/text.py``), markdown
(``render/markdown.py``), HTML (``render/html.py``) and the gate messages (``gates.py``). One definition each,
so a number reads the same wherever it is printed."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence


def pct(x: float | None, digits: int = 2) -> str:
    """A fraction as a percentage: ``0.5917`` -> ``"59.17%"``."""
    return "n/a" if x is None else f"{x * 100:.{digits}f}%"


def pts(x: float | None) -> str:
    """A change of a fraction in percentage points, signed: ``-0.031`` -> ``"-3.10 pts"``."""
    return "n/a" if x is None else f"{x * 100:+.2f} pts"


def interval(ci: Sequence[float] | None, fmt: Callable[[Any], str] = pct) -> str:
    """``[lo, hi]`` as ``"lo to hi"`` in ``fmt`` (``n/a`` for no interval)."""
    return "n/a" if not ci or ci[0] is None else f"{fmt(ci[0])} to {fmt(ci[1])}"


def num(x: Any) -> str:
    """A gate value or threshold: floats to four significant digits."""
    if x is None:
        return "n/a"
    if isinstance(x, float):
        return f"{x:.4g}"
    return str(x)


def p_value(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3g}"


def where(row: Mapping[str, Any]) -> str:
    """``file:line`` of a report row (or a flip), the file alone without a line, empty without a file."""
    file, line = row.get("file"), row.get("line")
    return f"{file}:{line}" if file and line else str(file or "")


def row_id(row: Mapping[str, Any]) -> str:
    """A row's id, with ``(#k)`` for the k-th occurrence of a repeated id (paired comparisons)."""
    occurrence = row.get("occurrence")
    return f"{row.get('id')} (#{occurrence})" if occurrence else str(row.get("id"))


def short_repr(value: Any, limit: int | None = 60) -> str:
    """A value as written, cut to ``limit`` characters (None: whole): text in single quotes with its
    backslashes as they are (LaTeX reads ``'\\frac{1}{2}'``, never ``'\\\\frac{1}{2}'``), line breaks shown
    as ``\\n``; anything else (numbers, None, lists) as ``repr``. Quotes show where a value starts and ends."""
    if isinstance(value, str):
        text = "'" + value.replace("\r", "\\r").replace("\n", "\\n") + "'"
    else:
        text = repr(value)
    return text if limit is None or len(text) <= limit else text[: limit - 3] + "..."


def one_line(value: Any, limit: int) -> str:
    """``str(value)`` on one line of at most ``limit`` characters (whitespace collapsed; table cells)."""
    text = "" if value is None else " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def verdict_word(gate: Mapping[str, Any]) -> str:
    """``pass``, ``inconclusive`` (passed, but the data could not tell) or ``FAIL``."""
    if gate.get("passed"):
        return "inconclusive" if gate.get("outcome") == "inconclusive" else "pass"
    return "FAIL"


#: Gate keys whose value is a share of rows (an accuracy, shown in %) or a change of one (shown in points): the
#: rest (counts, a metric's own number) are shown as they are.
_SHARE_GATES = frozenset({"min_accuracy"})
_CHANGE_GATES = frozenset({"max_drop", "noninferiority"})


def gate_value(gate: Mapping[str, Any], value: Any) -> str:
    """A gate's value or threshold in the unit of the gates table: an accuracy in percent, a change of one in
    percentage points, anything else (a count, a metric) as :func:`num` gives it. The value and the threshold
    of one gate always share a unit."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return num(value)
    name, key = gate.get("name"), str(gate.get("key") or "")
    if name in _CHANGE_GATES:
        return pts(value)
    if name in _SHARE_GATES or (name == "threshold" and (key == "accuracy" or _is_group_accuracy(key))):
        return pct(value)
    return num(value)


def _is_group_accuracy(key: str) -> bool:
    """``groups.FIELD.VALUE`` or ``groups.FIELD.VALUE.accuracy`` (a group's accuracy), not its total or correct."""
    return key.startswith("groups.") and not key.endswith((".total", ".correct")) and key.count(".") >= 2


def failed_gates(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [g for g in report.get("gates") or [] if not g.get("passed")]


def incomplete_reason(report: Mapping[str, Any]) -> str:
    """Why an incomplete report's run stopped (reports of older versions held the reason in ``incomplete``)."""
    reason = report.get("incomplete_reason") or report.get("incomplete")
    return reason if isinstance(reason, str) else "the run ended early"
