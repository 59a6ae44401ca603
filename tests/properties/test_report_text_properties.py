"""The report's text built without json's pure-Python indenting encoder (report/io.py ``indented``, what a
streamed report's rows are written with) is json.dumps(..., indent=1, ensure_ascii=False), character for
character, on arbitrary JSON values: strings with any code point (lone surrogates, newlines, quotes), NaN and the
infinities, -0.0, big integers, nested and empty containers, tuples and subclasses (handed to json itself)."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, strategies as st

from pytest_answerbench.report.io import indented, report_chunks

TEXT = st.text(alphabet=st.characters(codec=None, categories=None), max_size=12)


class Level(enum.IntEnum):
    LOW = 1


class Name(str):
    pass


LEAVES = (st.none() | st.booleans() | st.integers(min_value=-(10 ** 30), max_value=10 ** 30)
          | st.floats(allow_nan=True, allow_infinity=True) | TEXT
          | st.sampled_from([Level.LOW, Name("x"), -0.0, 1e300, 5e-324, "\ud800", "\n\"\\\t"]))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4)
                      | st.lists(inner, max_size=3).map(tuple), max_leaves=25)


def _json(value, newline="\n"):
    return json.dumps(value, indent=1, ensure_ascii=False).replace("\n", newline)


@given(VALUES)
def test_indented_is_jsons_indent_text(value):
    assert indented(value) == _json(value)


@given(VALUES, st.integers(min_value=0, max_value=4))
def test_indented_nested_at_any_depth(value, depth):
    newline = "\n" + " " * depth
    assert indented(value, newline) == _json(value, newline)


@given(st.dictionaries(st.integers() | st.booleans() | st.none() | st.floats(allow_nan=False), LEAVES, max_size=3))
def test_keys_that_are_not_strings_get_jsons_own_text(value):
    assert indented({"row": value}) == _json({"row": value})


def test_what_json_refuses_is_refused_alike():
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        indented({"a": {1, 2}})
    with pytest.raises(TypeError):
        json.dumps({"a": {1, 2}})
    # and nothing is refused that json writes: NaN stays NaN, as json.dumps writes it
    assert indented([math.nan, math.inf, -math.inf]) == "[\n NaN,\n Infinity,\n -Infinity\n]"


@given(st.lists(st.dictionaries(TEXT, VALUES, max_size=4), max_size=4), st.dictionaries(TEXT, LEAVES, max_size=3))
def test_a_report_written_row_by_row_is_the_report_as_json_writes_it(rows, head):
    report = {**{k: v for k, v in head.items() if k != "rows"}, "rows": rows}
    whole = json.dumps(report, indent=1, ensure_ascii=False) + "\n"
    assert "".join(report_chunks({**report, "rows": iter(rows)})) == whole
