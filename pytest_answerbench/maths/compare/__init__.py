"""Answer equivalence: gold text vs predicted text -> (equal?, method).

Cheap paths first: identical normalised text, plain numbers, text keys. SymPy is used only on parsed trees
(:mod:`..parse`, never on raw text through ``sympify``), every tree is size-checked before evaluation, and the
expensive ``simplify`` runs under a step limit, after numeric spot checks have had their say.

Kinds handled: numbers (exact, or within an absolute tolerance), percentages, degrees vs radians, mixed
numbers, thousands separators, numbers in words, units (converted between prefixes when the gold's unit is
known), ``\\pm``, unordered multi-answers and sets, ordered tuples (also written ``x = 3, y = 2``), intervals
and unions (and inequalities, ``\\mathbb{R}\\setminus\\{0\\}``) as subsets of R, equations (same solution set:
proportional standard forms, or ``label = v`` against ``v``), ``exact \\approx decimal``, expressions
(simplify / numeric spot checks), and text answers.

Where it lives (``pytest_answerbench/maths/compare/``), from the whole answer down:

* ``whole.py``: :func:`equivalent`, reading a whole answer (option letters, matrices, clock times, units) and
  comparing it part by part: its steps in order are the table ``STEPS``;
* ``long.py``: answers past :data:`..guard.MAX_ANSWER`, compared only where that stays cheap;
* ``parts.py``: splitting an answer into parts (labels, decimal commas, assignments as tuples) and the perfect
  matching between the gold's parts and the prediction's;
* ``items.py``: :func:`items_equal`, one part against one part: its reading rules by priority are the table
  ``RULES`` (adding a rule is adding a function and its row);
* ``intervals.py``, ``tuples.py``, ``equations.py`` (and labels), ``plain.py`` (numbers and text without
  SymPy), ``values.py`` (SymPy values and expressions, and beyond the size bounds), ``marks.py`` (percent,
  degree and unit marks); ``rules.py``: the record of a table's rule (``Rule``: name, priority, function).
"""

from __future__ import annotations

from .items import items_equal
from .whole import equivalent

__all__ = ["equivalent", "items_equal"]
