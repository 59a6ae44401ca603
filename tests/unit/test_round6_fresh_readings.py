"""Readings added after the sixth to eighth maths fresh splits were scored once (each a principle, with near misses
that keep their verdict). See docs/profiles-math.md, "Readings from the sixth to eighth fresh splits".
"""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row


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
