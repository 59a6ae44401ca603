"""atomic_dataset, what both profiles use: the gold cell read as the reference reads it, the judge callback's
type, and the memo through which ``judge_requests`` and ``score`` run each SymPy comparison once (see
:mod:`.upstream` and :mod:`.default`).
"""

from __future__ import annotations

import ast
from typing import Any, Callable

__all__ = ["Ask", "golds_of", "memo"]

# Asks the judge whether (prediction, gold) are equivalent.
Ask = Callable[[str, str], bool]

_CACHE: dict[tuple[str, str, str], Any] = {}


def memo(kind: str, pred: str, gold: str, compute) -> Any:
    """``compute()`` once per (kind, pred, gold); the memo is emptied past 4,096 entries."""
    key = (kind, pred, gold)
    if key not in _CACHE:
        if len(_CACHE) > 4096:
            _CACHE.clear()
        _CACHE[key] = compute()
    return _CACHE[key]


def golds_of(cell: Any) -> list[str] | None:
    """``toliststr``: a ``[...]`` string lists alternative golds; any other string is one gold.

    None when the reference cannot read the cell: not a string, or a ``[...]`` that is not a list literal
    (the reference ``eval``s it; here ``ast.literal_eval``, never ``eval``).
    """
    if not isinstance(cell, str):
        return None
    if cell.startswith("[") and cell.endswith("]"):
        try:
            value = ast.literal_eval(cell)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None
        return [str(v) for v in value] if isinstance(value, list) else None
    return [cell]

