"""The multiple-choice scorers' option columns (scorers/_mc.py): every letter up to the limit the row holds, as
text, the missing cells (None, NaN, the empty string) left out; text of spaces kept as it is."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_answerbench.scorers._mc import is_missing, option_columns, option_text

CELLS = st.one_of(st.none(), st.text(max_size=6), st.sampled_from(["", " ", "  x "]), st.integers(-5, 5),
                  st.floats(allow_nan=True, allow_infinity=False), st.booleans())


def test_option_columns_of_a_row():
    row = {"A": "a cat", "B": "", "C": None, "D": float("nan"), "E": 4.0, "F": " ", "G": 2.5, "K": "past J",
           "question": "Q?"}
    assert option_columns(row, limit="J") == {"A": "a cat", "E": "4", "F": " ", "G": "2.5"}
    assert option_columns(row, limit="C") == {"A": "a cat"}
    assert list(option_columns(row)) == ["A", "E", "F", "G", "K"]


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(list("ABCDEFGHIJKLMZ") + ["answer"]), CELLS, max_size=10),
       st.sampled_from(["D", "I", "J", "Z"]))
def test_option_columns_are_each_cell_read_alone(row, limit):
    letters = string.ascii_uppercase[: string.ascii_uppercase.index(limit) + 1]
    expected = {k: option_text(row[k]) for k in letters if k in row and not is_missing(row[k])}
    got = option_columns(row, limit=limit)
    assert got == expected and list(got) == list(expected)
