"""Matrices written in LaTeX, read as rows of entry texts (before any other cleaning, which would take the row
breaks ``\\\\`` for spacing commands).

Any delimiter reads the same: ``pmatrix``, ``bmatrix``, ``vmatrix``... and ``\\left[\\begin{array}{cc} ...
\\end{array}\\right]``, with or without an extra pair of brackets around it. :func:`read_matrices` returns the
matrices of an answer that is only matrices joined by ``+``, ``-`` or a product (``\\cdot``, ``\\times`` or
nothing), so an unevaluated ``A + B`` can be computed by the comparison; anything else is not a matrix answer.
Nothing here evaluates text: entries are compared by :mod:`.compare` through the LaTeX grammar.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile

__all__ = ["read_matrices"]

_ENV = lazy_compile(r"\\begin\s*\{(?P<env>[pbvBV]?matrix\*?|smallmatrix|array)\}(?:\s*\{[^{}]*\})?(?P<body>.*?)"
                  r"\\end\s*\{(?P=env)\}", re.S)
# What may stand around and between the matrices of one answer: brackets, sizing commands, spacing, operators.
_AROUND = lazy_compile(r"(?:\s+|[()\[\]]|\\(?:left|right|[,;:! ]|quad)|\\(?:big|Big|bigg|Bigg)[lr]?)*")
_OPERATOR = lazy_compile(r"\s*(\+|-|\\cdot|\\times|)\s*")


def _rows(body: str) -> list[list[str]] | None:
    rows = [row for row in re.split(r"\\\\(?:\[[^\]]*\])?", body)]
    while rows and not rows[-1].strip():
        rows.pop()  # a final "\\" before \end
    table = [[cell.strip() for cell in row.replace("\\hline", "").split("&")] for row in rows]
    if not table or any(not all(table_row) for table_row in table) or len({len(r) for r in table}) != 1:
        return None
    return table


def read_matrices(text: str) -> tuple[list[list[list[str]]], list[str]] | None:
    """``(matrices, operators)`` of an answer made of matrices only (operators between consecutive matrices:
    ``+``, ``-``, ``*``), or None. Each matrix is a list of rows of entry texts.

    Examples:
        >>> read_matrices("\\\\begin{pmatrix}1 & 2\\\\\\\\ 3 & 4\\\\end{pmatrix}")
        ([[['1', '2'], ['3', '4']]], [])
    """
    if "\\begin" not in text or len(text) > 4000:
        return None
    matrices: list[list[list[str]]] = []
    operators: list[str] = []
    position = 0
    for m in _ENV.finditer(text):
        gap = _AROUND.sub("", text[position:m.start()]).strip()
        if matrices:
            op = _OPERATOR.fullmatch(gap)
            if op is None:
                return None
            operators.append({"+": "+", "-": "-"}.get(op.group(1), "*"))
        elif gap:
            return None
        table = _rows(m.group("body"))
        if table is None:
            return None
        matrices.append(table)
        position = m.end()
    if not matrices or _AROUND.sub("", text[position:]).strip().rstrip("."):
        return None
    return matrices, operators
