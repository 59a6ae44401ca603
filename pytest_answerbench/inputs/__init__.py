"""What the input files hold, decided once, without pytest: reading prediction and gold files, mapping their
columns to the benchmark's fields, naming rows, dealing shards, and checking a file's shape.

==================  =====================================================================================
``readers.py``      one reader per format (``READERS``): every row with its line, a problem for a bad row
``gold.py``         ``GoldIndex``: the ``--bench-gold`` file's rows by id, joined into prediction rows
``plan.py``         ``InputPlan``: the rows of this shard as ``PlannedRow``s; ``RowIds``, the one id rule;
                    the figures of the files the run's end needs (rows in files, rows held, rows by line)
``shape.py``        ``FieldCheck``: do a file's first rows fit the benchmark (fields, multiple-choice shape)
==================  =====================================================================================

The pytest layer (collect.py) turns the plan into items; run.py asks the collection's plan for its figures and
imports nothing from here (tests/unit/test_layers.py checks). ``shape`` is imported from its module (it reads the
scorers' helpers; the package root is loaded by the library API, which needs only ``RowIds``).
"""

from __future__ import annotations

from .gold import GoldIndex
from .plan import InputPlan, PlannedRow, RowIds, Sample, clean_id, file_problem, prediction_paths, sample_row
from .readers import FORMATS, READERS, RawRow, ReaderError, read_rows

__all__ = ["FORMATS", "READERS", "GoldIndex", "InputPlan", "PlannedRow", "RawRow", "ReaderError", "RowIds",
           "Sample", "clean_id", "file_problem", "prediction_paths", "read_rows", "sample_row"]
