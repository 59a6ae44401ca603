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
``render/``         terminal lines (``text.py``), markdown and HTML, sharing the formatters of ``_fmt.py``
==================  =====================================================================================
"""

from __future__ import annotations

from ..errors import ReportError
from .build import add_rescore, build_report, gate_report, parallel_estimate
from .gates import Gate, GateSettings, Threshold, comparison_gates, evaluate_gates, parse_threshold
from .io import load_report, read_report, report_schema, write_json, write_text
from .merge import merge_reports
from .paired import compare_reports, fingerprint
from .rows import aggregate, file_entry, make_row, prediction_files, scrub_surrogates

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
