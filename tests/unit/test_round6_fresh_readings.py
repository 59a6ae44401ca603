"""Readings added after trace_math's sixth to eighth fresh splits (tm-0901..tm-1115) were scored once and their
misses read (docs/profiles-math.md, "Readings from the sixth to eighth fresh splits"). Each is a principle, with
near misses that keep their verdict. Sections are headed by the reading they test.
"""

from __future__ import annotations

import pytest
from conftest import imo_status as _imo
from conftest import olympiad_status as _olympiad

from pytest_answerbench.maths.normalize import clean, ordinal_number, over_fractions
from pytest_answerbench.maths.units import read_unit


def _both(pred: str, gold: str) -> set[str]:
    return {_olympiad(pred, gold), _imo(pred, gold)}


def _boxed(answer: str) -> str:
    return "So the final answer is: $\\boxed{%s}$" % answer


# ==== mparse: TeX's \over, "sec" as the second, an ordinal with its noun ===========================================

# ---- \over: the fraction of its group ----------------------------------------------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    # tm-0918 / tm-1004: the whole math span is the fraction
    (_boxed("-\\frac{2\\sqrt{2}}{3}"), "$-2\\sqrt{2} \\over 3$", "correct"),
    (_boxed("\\frac{-2\\sqrt{2}}{3}"), "$-2\\sqrt{2} \\over 3$", "correct"),
    (_boxed("\\frac{1}{3}"), "{1 \\over 3}", "correct"),
    (_boxed("x+\\frac{1}{3}"), "x + {1 \\over 3}", "correct"),
    (_boxed("{3 \\over 4}"), "0.75", "correct"),
    (_boxed("\\frac{\\sqrt{3}}{2}"), "\\sqrt{3 \\over 4}", "correct"),
    # near misses: the sign lost, the numerator reaching beyond its group, a bar over a segment, a repeating digit
    (_boxed("\\frac{2\\sqrt{2}}{3}"), "$-2\\sqrt{2} \\over 3$", "wrong"),
    (_boxed("\\frac{x+1}{3}"), "x + {1 \\over 3}", "wrong"),
    (_boxed("\\frac{7}{3}"), "x + {1 \\over 3}", "wrong"),
    (_boxed("AB"), "\\overline{AB}", "correct"),
    (_boxed("\\frac{A}{B}"), "\\overline{AB}", "wrong"),
    (_boxed("\\frac{1}{3}"), "\\overline{3}", "wrong"),
])
def test_tex_over_is_the_fraction_of_its_group(pred, gold, status):
    assert _both(pred, gold) == {status}


@pytest.mark.parametrize("text, read", [
    ("-2\\sqrt{2} \\over 3", "\\frac{-2\\sqrt{2}}{3}"),
    ("1\\over2", "\\frac{1}{2}"),
    ("x + {1 \\over 3}", "x + \\frac{1}{3}"),
    ("{a \\over b} \\over c", "\\frac{\\frac{a}{b}}{c}"),
    ("\\sqrt{3 \\over 4}", "\\sqrt{\\frac{3}{4}}"),  # a command's argument keeps its braces
    ("x^{1 \\over 2}", "x^{\\frac{1}{2}}"),
    # near misses, left as written: other commands, a relation or a list at the top, two at one level, brackets
    ("\\overline{AB}", "\\overline{AB}"),
    ("\\overrightarrow{AB} + \\overset{a}{b}", "\\overrightarrow{AB} + \\overset{a}{b}"),
    ("x = 1 \\over 2", "x = 1 \\over 2"),
    ("1, 2 \\over 3", "1, 2 \\over 3"),
    ("1 \\over 2 \\over 3", "1 \\over 2 \\over 3"),
    ("(1 \\over 2)", "(1 \\over 2)"),
    ("\\{1 \\over 2\\}", "\\{1 \\over 2\\}"),
    ("{1 \\over 2", "{1 \\over 2"),  # an unclosed group
])
def test_over_fractions_reads_each_group_on_its_own(text, read):
    assert over_fractions(text) == read


# ---- "sec" after a number or in a unit is the second -------------------------------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    # tm-1039 / tm-1045: a missing unit is accepted; the same quantity in another unit is converted
    (_boxed("10^{-2}"), "10^{-2} \\text{ cm/sec}", "correct"),
    (_boxed("0.01 \\text{ cm/s}"), "10^{-2} \\text{ cm/sec}", "correct"),
    (_boxed("10^{-4} \\text{ m/s}"), "10^{-2} \\text{ cm/sec}", "correct"),
    (_boxed("120 \\text{ sec}"), "2 \\text{ min}", "correct"),
    # near misses: another value, another quantity, the same number in another unit
    (_boxed("10^{-3}"), "10^{-2} \\text{ cm/sec}", "wrong"),
    (_boxed("10^{-2} \\text{ cm}"), "10^{-2} \\text{ cm/sec}", "wrong"),
    (_boxed("10^{-2} \\text{ m/s}"), "10^{-2} \\text{ cm/sec}", "wrong"),
    (_boxed("2 \\text{ sec}"), "2 \\text{ min}", "wrong"),
])
def test_sec_after_a_number_is_the_second(pred, gold, status):
    assert _both(pred, gold) == {status}


def test_sec_in_an_expression_stays_the_secant():
    assert read_unit("cm/sec") == read_unit("cm/s")
    assert clean("5 sec").text == "5" and read_unit(clean("5 sec").unit) == read_unit("s")
    for expression in ("2\\sec x", "\\sec(x)", "2 sec(x)", "2 \\sec", "3 sec^2 x"):
        assert clean(expression).unit == "", expression
    assert _both(_boxed("2\\sec x"), "2") == {"wrong"}


# ---- an ordinal suffix after a whole number; a noun after it ------------------------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    # tm-1112
    (_boxed("12^{\\text{th}} \\text{ grade}"), "12", "correct"),
    (_boxed("12^{th} \\text{ grade}"), "12", "correct"),
    (_boxed("12th grade"), "12", "correct"),
    (_boxed("1^{st} place"), "1", "correct"),
    (_boxed("2nd"), "2", "correct"),
    (_boxed("3rd"), "3", "correct"),
    # decided by GRADING rule 6: a noun the gold leaves out cannot contradict it (as "12 apples" against 12)
    (_boxed("12 \\text{ grade points}"), "12", "correct"),
    # near misses: another number, the suffix English does not write after it, a letter raised to "th"
    (_boxed("12^{th} \\text{ grade}"), "13", "wrong"),
    (_boxed("12^{th}"), "13", "wrong"),
    (_boxed("12^{st} \\text{ grade}"), "12", "wrong"),
    (_boxed("x^{th}"), "12", "wrong"),
])
def test_an_ordinal_suffix_after_a_whole_number_is_that_number(pred, gold, status):
    assert _both(pred, gold) == {status}


@pytest.mark.parametrize("text, read", [
    ("12^{th} grade", "12 grade"),
    ("21st", "21"),
    ("1st place", "1 place"),
    # near misses: the wrong suffix, a power, digits then a word that is no suffix
    ("12^{st} grade", "12^{st} grade"),
    ("12^{2}", "12^{2}"),
    ("12 then", "12 then"),
])
def test_ordinal_number_keeps_the_noun_after_it(text, read):
    assert ordinal_number(text) == read
