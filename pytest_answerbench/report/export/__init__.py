"""Exports of a JSON report to other projects' formats (pure: report dict in, file contents out)."""

from .every_eval_ever import EveryEvalEverExport, export_every_eval_ever, write_every_eval_ever

__all__ = ["EveryEvalEverExport", "export_every_eval_ever", "write_every_eval_ever"]
