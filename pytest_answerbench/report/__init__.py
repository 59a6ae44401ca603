"""Everything about the JSON report, without pytest: building, reading and writing, merging, gates, the paired
comparison with a baseline, statistics and the readable renderings.

==================  =====================================================================================
``build.py``        ``build_report``: the one producer of a report (plugin, ``answerbench merge``, library)
``rows.py``         report rows (``make_row``) and their aggregation (totals, groups, metrics)
``io.py``           ``read_report`` (strict JSON checked against ``schema.json``; one error type, ``ReportError``)
                    and atomic ``write_json``/``write_text``
``merge.py``        ``merge_reports``: the shards of a ``--bench-shard`` run into one report
``gates.py``        ``Gate`` records: thresholds, baseline and rescore checks
``paired.py``       ``compare_reports``: a run against a baseline, row by row; the fingerprint
``stats.py``        Wilson and bootstrap intervals, exact McNemar, Holm
``rowstream.py``    ``RowStream``: report rows kept on disk as they come, the report built and written from them
``junit_text.py``   ``JunitText``: a JUnit XML file written case by case as text, as pytest's junitxml writes it
``render/``         terminal lines (``text.py``), markdown and HTML, sharing the formatters of ``_fmt.py``
==================  =====================================================================================
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..errors import ReportError

# The names below are loaded from their modules on first use (PEP 562): options.py reads gates.py at every
# pytest start, with or without --bench, and must not load the report's builder, reader and merger with it.
_LAZY = {
    "add_rescore": "build", "build_report": "build", "gate_report": "build", "parallel_estimate": "build",
    "Gate": "gates", "GateSettings": "gates", "Threshold": "gates", "comparison_gates": "gates",
    "evaluate_gates": "gates", "parse_threshold": "gates",
    "load_report": "io", "read_report": "io", "report_schema": "io", "write_json": "io", "write_text": "io",
    "merge_reports": "merge",
    "compare_reports": "paired", "fingerprint": "paired",
    "aggregate": "rows", "file_entry": "rows", "make_row": "rows", "prediction_files": "rows",
    "scrub_surrogates": "rows",
}

if TYPE_CHECKING:
    from .build import add_rescore, build_report, gate_report, parallel_estimate
    from .gates import Gate, GateSettings, Threshold, comparison_gates, evaluate_gates, parse_threshold
    from .io import load_report, read_report, report_schema, write_json, write_text
    from .merge import merge_reports
    from .paired import compare_reports, fingerprint
    from .rows import aggregate, file_entry, make_row, prediction_files, scrub_surrogates


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:  # a submodule (``from .report import io``) is then imported by the import system
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))

__all__ = [
    "Gate",
    "GateSettings",
    "ReportError",
    "Threshold",
    "add_rescore",
    "aggregate",
    "build_report",
    "compare_reports",
    "comparison_gates",
    "evaluate_gates",
    "file_entry",
    "fingerprint",
    "gate_report",
    "load_report",
    "make_row",
    "merge_reports",
    "parallel_estimate",
    "parse_threshold",
    "prediction_files",
    "read_report",
    "report_schema",
    "scrub_surrogates",
    "write_json",
    "write_text",
]
