"""Readings added after trace_math's sixth to eighth fresh splits (tm-0901..tm-1115) were scored once and their
misses read (docs/profiles-math.md, "Readings from the sixth to eighth fresh splits"). Each is a principle, with
near misses that keep their verdict. Sections are headed by the reading they test.
"""

from __future__ import annotations

import pytest
from conftest import imo_status as _imo
from conftest import olympiad_status as _olympiad

from pytest_answerbench import maths, score_row
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


def _accepts(benchmark: str, pred: str, gold: str, question: str | None = None) -> bool:
    if benchmark == "olympiad":
        row = {"prediction": pred, "answer": gold}
        if question:
            row["question"] = question
    else:
        row = {"Problem ID": "p", "Short Answer": gold, "prediction": pred}
        if question:
            row["Problem"] = question
    return score_row(benchmark, row, profile="default", timeout=20).correct


# ==== mstruct: ordered parts in both default profiles, intervals in parts, renamed values, constants before ≈ ====

_TWO_PARTS_Q = "已知函数 f(x)。\n（1）求 A 的大小；\n（2）求周长。"
_BOXED_PARTS = ("解：……\n（1）角 $A$ 的大小为 $\\boxed{\\frac{\\pi}{6}}$。\n"
                "（2）周长为 $\\boxed{2 + 3\\sqrt{2} + \\sqrt{6}}$。")
_ANGLE_PARTS = "### 最终答案\n（1）体积为 $\\boxed{12\\pi}$。\n（2）所成角的大小为 $\\boxed{45^\\circ}$。"


@pytest.mark.parametrize("profile_of", ["olympiad", "imo"])
@pytest.mark.parametrize("pred, gold, expected", [
    # boxed parts answer a gold "(1) ... (2) ...", a part carrying "≈ decimal" read as its exact value
    (_BOXED_PARTS, "(1) $\\frac{\\pi}{6}$ (2) $2+3\\sqrt{2}+\\sqrt{6} \\approx 8.6921$", True),
    # 45° for π/4 in part 2
    (_ANGLE_PARTS, "(1) $12\\pi$ (2) $\\frac{\\pi}{4}$", True),
    # near misses: a wrong part; the parts swapped; an angle that is not π/4
    (_BOXED_PARTS.replace("\\sqrt{6}}", "\\sqrt{5}}"),
     "(1) $\\frac{\\pi}{6}$ (2) $2+3\\sqrt{2}+\\sqrt{6} \\approx 8.6921$", False),
    (_ANGLE_PARTS, "(1) $\\frac{\\pi}{4}$ (2) $12\\pi$", False),
    (_ANGLE_PARTS.replace("45^", "60^"), "(1) $12\\pi$ (2) $\\frac{\\pi}{4}$", False),
])
def test_mstruct_both_default_profiles_read_gold_parts_alike(profile_of, pred, gold, expected):
    assert _accepts(profile_of, pred, gold, _TWO_PARTS_Q) is expected


_INTERVAL_Q = "若 $f(x)=\\log_a x$。\n（1）求 $f(2x-2)<f(x)$ 的解集？\n（2）求 $a$ 的取值范围？"
_LISTED = "……\n\n综上所述：\n\n1. 解集为 \\boxed{(1, 2)}。\n2. $a$ 的取值范围是 \\boxed{(1, +\\infty)}。"


@pytest.mark.parametrize("profile_of", ["olympiad", "imo"])
@pytest.mark.parametrize("pred, gold, expected", [
    # a closing list numbered "1." "2.", one box each, answers the parts; (1, +∞) is the set a > 1
    (_LISTED, "(1) $(1,2)$ (2) $a>1$", True),
    # near misses: a ≥ 1 is not (1, +∞); the parts swapped; a list whose items box nothing commits to no parts
    (_LISTED, "(1) $(1,2)$ (2) $a \\ge 1$", False),
    (_LISTED, "(1) $a>1$ (2) $(1,2)$", False),
    ("……\n\n1. 解集为 $(1, 2)$。\n2. 所以 \\boxed{(1, +\\infty)}。", "(1) $(1,2)$ (2) $a>1$", False),
])
def test_mstruct_numbered_list_of_boxes_answers_ordered_parts(profile_of, pred, gold, expected):
    assert _accepts(profile_of, pred, gold, _INTERVAL_Q) is expected


def test_mstruct_an_inequality_and_its_interval_inside_ordered_parts():
    assert maths.equivalent("(1) $(1,2)$ (2) $a>1$", "(1) (1, 2) (2) (1, +\\infty)")[0] is True
    assert maths.equivalent("(1) $(1,2)$ (2) $a>1$", "(1) (1, 2) (2) [1, +\\infty)")[0] is False
    assert maths.equivalent("(1) $(1,2)$ (2) $a>1$", "(1) (1, +\\infty) (2) (1, 2)")[0] is False


_MASSES = "x = 0.25 \\ \\text{g}, \\ y = 1.75 \\ \\text{g}, \\ z = 1.00 \\ \\text{g}"
_MASSES_Q = "Calculate the masses of ice, water, and water vapor now present in the container."


@pytest.mark.parametrize("gold, pred, expected", [
    # names stated with ≈ are names; the gold's placeholders x, y, z are not the reply's: the values in order
    (_MASSES, "m_{\\rm ice}\\approx0.25\\,\\text{g},\\quad m_{\\rm water}\\approx1.75\\,\\text{g},\\quad "
              "m_{\\rm vapor}\\approx1.00\\,\\text{g}", True),
    (_MASSES, "m_{i} = 0.25\\,\\text{g}, m_{w} = 1.75\\,\\text{g}, m_{v} = 1.00\\,\\text{g}", True),
    # a subscript holding braces of its own (rr-0036): m_{\text{ice}} is a name as m_{\rm ice} is
    (_MASSES, "m_{\\text{ice}} = 0.25 \\, \\text{g}, \\quad m_{\\text{water}} = 1.75 \\, \\text{g}, \\quad "
              "m_{\\text{vapor}} = 1.00 \\, \\text{g}", True),
    (_MASSES, "m_{\\text{water}} = 1.75 \\, \\text{g}, \\quad m_{\\text{ice}} = 0.25 \\, \\text{g}, \\quad "
              "m_{\\text{vapor}} = 1.00 \\, \\text{g}", False),
    (_MASSES, "v_{\\text{1}} = 0.25 \\, \\text{g}, v_{\\text{2}} = 1.75 \\, \\text{g}, x_{\\text{3}} = 1.00 \\, \\text{g}",
     False),
    # a trailing parenthetical word (a direction) is no part of the value
    ("y = 0.017 \\, \\text{m}", "x \\approx 0.017 \\, \\text{m} \\quad (\\text{eastward})", True),
    ("0.017 \\, \\text{m}", "0.017 \\, \\text{m} \\quad (\\text{eastward})", True),
    # near misses: the values in another order against the ordered names
    (_MASSES, "m_{\\rm water}\\approx1.75\\,\\text{g},\\quad m_{\\rm ice}\\approx0.25\\,\\text{g},\\quad "
              "m_{\\rm vapor}\\approx1.00\\,\\text{g}", False),
    # a different value
    (_MASSES, "m_{\\rm ice}\\approx0.30\\,\\text{g},\\quad m_{\\rm water}\\approx1.75\\,\\text{g},\\quad "
              "m_{\\rm vapor}\\approx1.00\\,\\text{g}", False),
    ("y = 0.017 \\, \\text{m}", "x \\approx 0.021 \\, \\text{m} \\quad (\\text{eastward})", False),
    # a name the gold uses for another part: the names pair the values
    (_MASSES, "y \\approx 0.25\\,\\text{g},\\quad x \\approx 1.75\\,\\text{g},\\quad z \\approx 1.00\\,\\text{g}",
     False),
    # a gold that writes a word of its own keeps the reply's word in the comparison
    ("0.017 \\, \\text{m east}", "0.017 \\, \\text{m} \\quad (\\text{westward})", False),
])
def test_mstruct_values_under_other_names(gold, pred, expected):
    assert maths.equivalent(gold, pred, question=_MASSES_Q)[0] is expected


def test_mstruct_names_the_question_writes_are_no_placeholders():
    # "find x and y": the gold's names are the unknowns asked for, so another unknown's value is not theirs
    question = "Find $x$ and $y$ such that $x + y = 3$ and $x - y = 1$."
    assert maths.equivalent("x = 2, y = 1", "a = 2, b = 1", question=question)[0] is False
    assert maths.equivalent("x = 2, y = 1", "a = 2, b = 1", question="Solve the system.")[0] is True
    assert maths.equivalent("x = 2, y = 1", "a = 2, b = 1", question="Find x and y.")[0] is False
    # a subscripted name the question writes; the gold's name in another case is the reply using it
    assert maths.equivalent("M_s = 0", "N_s = 0", question="Find the value of $M_s$ at the maximum.")[0] is False
    assert maths.equivalent("M_s = 0", "N_s = 0", question="Find the value at the maximum.")[0] is True
    assert maths.equivalent("x = 0.25, y = 1.75", "Y = 0.25, m = 1.75", question="Find the masses.")[0] is False
    # without the question nothing says the names are placeholders; names of one family; names inside the values
    assert maths.equivalent("y = 0.017 \\, \\text{m}", "x = 0.017 \\, \\text{m}")[0] is False
    assert maths.equivalent("v_1 = 3", "v_2 = 3", question="Find the speed.")[0] is False
    assert maths.equivalent("u = 2, w = 3", "p = 2, q = p + 1", question="Find the values.")[0] is False
    # a unit in brackets after a number is the unit, not a note
    assert maths.equivalent("4186 J/(kg K)", "4186 J/(kg K)")[0] is True
    assert maths.equivalent("5 \\, \\text{g}", "5 \\, \\text{kg} \\quad (\\text{kg})")[0] is False


@pytest.mark.parametrize("gold, pred, expected", [
    # a physical constant on the exact side: it has no value here, so the decimal with its unit is the answer
    ("5 \\times 10^{-8} \\, \\text{J}",
     "\\Delta U = 1800 \\pi \\epsilon_0 \\approx 5.0 \\times 10^{-8}\\, \\text{J}", True),
    ("\\Delta U = 5 \\times 10^{-8} \\, \\text{J}",
     "\\Delta U = 1800 \\pi \\epsilon_0 \\approx 5.0 \\times 10^{-8}\\, \\text{J}", True),
    ("1.1 \\times 10^{-34}", "\\frac{\\hbar}{1} \\approx 1.1 \\times 10^{-34}", True),
    # near misses: a wrong decimal
    ("5 \\times 10^{-8} \\, \\text{J}",
     "\\Delta U = 1800 \\pi \\epsilon_0 \\approx 6.0 \\times 10^{-8}\\, \\text{J}", False),
    # the decimal of a different quantity (another unit; another name than the gold's)
    ("5 \\times 10^{-8} \\, \\text{J}",
     "Q = 1800 \\pi \\epsilon_0 \\approx 5.0 \\times 10^{-8}\\, \\text{C}", False),
    ("\\Delta U = 5 \\times 10^{-8} \\, \\text{J}",
     "U_1 = 200 \\pi \\epsilon_0 \\approx 5.0 \\times 10^{-8}\\, \\text{J}", False),
    # a letter that is no constant (a maths answer): the exact side still decides
    ("2", "2a \\approx 2.0", False),
    ("0.33", "\\frac{1}{3}k \\approx 0.33", False),
])
def test_mstruct_constant_before_approx_leaves_the_decimal(gold, pred, expected):
    assert maths.equivalent(gold, pred)[0] is expected
