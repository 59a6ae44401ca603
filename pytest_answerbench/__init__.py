"""pytest-answerbench: score a benchmark's prediction file as a pytest suite.

Library API (no pytest needed)::

    from pytest_answerbench import score_row, score_rows, list_benchmarks
    v = score_row("vmcbench_dev", row, profile="default", timeout=10.0)
    report = score_rows("vmcbench_dev", rows)

The pytest plugin lives in ``pytest_answerbench.plugin`` (entry point ``answerbench``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__
from .errors import SpecError
from .spec import BenchmarkSpec, load_spec, resolve_benchmark
from .verdict import ScoreContext, Verdict

__all__ = [
    "BenchmarkSpec",
    "ScoreContext",
    "SpecError",
    "Verdict",
    "__version__",
    "list_benchmarks",
    "load_spec",
    "resolve_benchmark",
    "score_row",
    "score_rows",
]

if TYPE_CHECKING:
    from .api import list_benchmarks, score_row, score_rows

_API = ("list_benchmarks", "score_row", "score_rows")


def __getattr__(name: str) -> Any:
    # The library functions load api.py (with the report builder and the readers) on first use: pytest imports
    # this package for the plugin on every run, with or without --bench (PEP 562).
    if name not in _API:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.api"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
