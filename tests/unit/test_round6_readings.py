"""Readings added in round 6 after the hand-written hard cases' fifth batch (``tests/data/hard_cases.jsonl``, ids
``m5-``) was scored once as it stood (docs/profiles-math.md, "Hand-written hard cases, fifth batch"). Each is a
principle, with near misses that keep their verdict:

* a gold written in Chinese words (二分之根号三, 负二分之一) is read as the same words in a reply are;
* 度 after a number (in a math span closing on it, or after a bare number) is the degree mark;
* a math span opening on ≈ right after another span continues it: one exact value, then its approximation;
* values with units against named values with units are converted part by part (``0.4 dm, 5 cm``);
* a unit after a span, then "and" and the next span, belongs to the first span's value;
* a unit at the end of an equality chain (``E = qV = 1.0\\ eV``) is the unit of the number it closes on, not of the
  formula before it;
* a stated precision is absolute with no absolute slack of its own (a float rounding allowance relative to the
  values): ``1.0 eV`` is not within 1e-18 J of 1.6e-16 J;
* a number in E notation in prose (``1.6e-19 C``) is one number.

Near misses found attacking these readings (the exact value before ≈ still decides, whatever decimal follows,
as the reference vectors label it: ``\\frac{1}{3} \\approx 0.35`` states 1/3); a Chinese conclusion whose copula
is denied, bounded or asked states no value (``x 不为3``, ``至少为3``, ``3的倍数``, ``为3？``); no float slack between exact values.
"""

from __future__ import annotations

import pytest
from conftest import imo_status as _imo
from conftest import olympiad_status as _olympiad

from pytest_answerbench import maths


def _both(pred: str, gold: str) -> set[str]:
    return {_olympiad(pred, gold), _imo(pred, gold)}


# ---- a gold in Chinese words --------------------------------------------------------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    ("因此 $\\sin B$ 的值为 $\\frac{\\sqrt{3}}{2}$。", "二分之根号三", "correct"),
    ("所以概率为 $\\frac{1}{3}$。", "三分之一", "correct"),
    ("所以 $x=-\\frac{1}{2}$。", "负二分之一", "correct"),
    ("所以两地的距离为 3000 m。", "3千米", "correct"),
    # near misses: another radicand, the denominator read as the value, the sign lost, a word that is no number
    ("因此 $\\sin B$ 的值为 $\\frac{\\sqrt{2}}{2}$。", "二分之根号三", "wrong"),
    ("所以答案是 $3$。", "三分之一", "wrong"),
    ("所以 $x=\\frac{1}{2}$。", "负二分之一", "wrong"),
    ("所以两地的距离为 3 m。", "3千米", "wrong"),
    ("所以这样的 $n$ 存在。", "不存在", "wrong"),
])
def test_a_gold_in_chinese_words_is_read_as_a_reply(pred, gold, status):
    assert _both(pred, gold) == {status}


# ---- 度 after a number ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    ("由余弦定理得 $\\cos C=\\frac12$，所以 $\\angle C = 60$ 度。", "\\frac{\\pi}{3}", "correct"),
    ("所以角 C 为60度。", "\\frac{\\pi}{3}", "correct"),
    ("所以两向量的夹角为 $120$ 度。", "\\frac{2\\pi}{3}", "correct"),
    # near misses: a bare number against radians, another angle, 弧度 (radians), 速度 (a word, no number before)
    ("由余弦定理得 $\\cos C=\\frac12$，所以 $\\angle C = 60$。", "\\frac{\\pi}{3}", "wrong"),
    ("所以 $\\angle C = 30$ 度。", "\\frac{\\pi}{3}", "wrong"),
    ("所以 $\\angle C = 60$ 弧度。", "\\frac{\\pi}{3}", "wrong"),
    ("所以速度为 $60$。", "\\frac{\\pi}{3}", "wrong"),
])
def test_du_after_a_number_is_the_degree_mark(pred, gold, status):
    assert _both(pred, gold) == {status}


def test_du_inside_a_word_is_no_degree_mark():
    from pytest_answerbench.maths.chinese import plain_chinese

    assert plain_chinese("所以速度为 $3$ 米每秒，长度为 $2$") == "所以速度为 $3$ 米每秒，长度为 $2$"
    assert plain_chinese("所以角C为60度。") == "所以角C为$60^{\\circ}$。"


# ---- ≈ after a span ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    ("任选一个，中奖的概率为三分之一$\\approx 0.33$。", "\\frac{1}{3}", "correct"),
    ("所求概率 $P=\\frac{2}{3}$ $\\approx 0.67$。", "\\frac{2}{3}", "correct"),
    # near misses: another exact value, the decimal alone (no precision stated)
    ("任选一个，中奖的概率为三分之二$\\approx 0.67$。", "\\frac{1}{3}", "wrong"),
    ("任选一个，中奖的概率约为 $0.33$。", "\\frac{1}{3}", "wrong"),
    ("所求概率 $P \\approx 0.67$。", "\\frac{2}{3}", "wrong"),
    # the exact value decides, as O22 says and the reference vectors mv-095 / mv-098 label it: a decimal after ≈
    # that is no rounding of it does not unseat it
    ("任选一个，中奖的概率为三分之一$\\approx 0.35$。", "\\frac{1}{3}", "correct"),
    ("所求概率 $P=\\frac{2}{3}$ $\\approx 0.5$。", "\\frac{2}{3}", "correct"),
])
def test_a_span_opening_on_approx_continues_the_one_before(pred, gold, status):
    assert _both(pred, gold) == {status}


@pytest.mark.parametrize("pred, gold, status", [
    ("So $x = \\frac{2}{3} \\approx 0.67$.", "\\frac{2}{3}", "correct"),
    ("So $x = \\frac{2}{3} \\approx 0.66$.", "\\frac{2}{3}", "correct"),  # cut after its digits
    ("So $x = -\\frac{2}{3} \\approx -0.66$.", "-\\frac{2}{3}", "correct"),
    ("So $x = \\pi \\approx 3.1416$.", "\\pi", "correct"),
    ("So $x = \\frac{37036}{3} \\approx 12000$.", "\\frac{37036}{3}", "correct"),  # rounded to its zeros
    ("So the probability is $\\frac{1}{3} \\approx 33.3\\%$.", "\\frac{1}{3}", "correct"),  # marks: not judged
    ("So $\\theta = 60^\\circ \\approx 1.047$.", "\\frac{\\pi}{3}", "correct"),
    ("So $x = \\sqrt{5} \\approx 2.3$.", "\\sqrt{5}", "correct"),  # loosely rounded: less than a unit away
    # a decimal after ≈ that is no rounding of the exact value does not unseat it: the exact value decides (O22;
    # the reference vectors mv-095 and mv-098 label "x = 1/3 \approx 1.3" right)
    ("So $x = \\frac{1}{3} \\approx 0.35$.", "\\frac{1}{3}", "correct"),
    ("So $x = \\sqrt{2} \\approx 1.6$.", "\\sqrt{2}", "correct"),
    ("So $x = \\pi \\approx 3.5$.", "\\pi", "correct"),
    # near misses: the exact value is not the gold, whatever the decimal
    ("So $x = -\\frac{2}{3} \\approx 0.67$.", "\\frac{2}{3}", "wrong"),
    ("So $x = \\frac{1}{3} \\approx 0.67$.", "\\frac{2}{3}", "wrong"),
])
def test_the_exact_value_before_approx_decides(pred, gold, status):
    assert _both(pred, gold) == {status}


# ---- values with units, part by part ----------------------------------------------------------------------------

@pytest.mark.parametrize("pred, status", [
    ("The sides of the rectangle are 0.4 dm, 5 cm.", "correct"),
    ("The sides of the rectangle are 40 mm, 50 mm.", "correct"),
    ("The sides of the rectangle are 4 cm, 5 cm.", "correct"),
    # near misses: a value off by the prefix, a unit of another quantity, a missing part
    ("The sides of the rectangle are 0.4 cm, 5 cm.", "wrong"),
    ("The sides of the rectangle are 4 s, 5 cm.", "wrong"),
    ("The side of the rectangle is 0.4 dm.", "wrong"),
])
def test_values_with_units_are_converted_part_by_part(pred, status):
    assert _both(pred, "a = 4 cm, b = 5 cm") == {status}


# ---- a unit, then "and" and the next span ----------------------------------------------------------------------

@pytest.mark.parametrize("pred, status", [
    ("After the collision, $v_1 = 200$ cm/s and $v_2 = 3$ m/s.", "correct"),
    ("After the collision, $v_1 = 2$ m/s and $v_2 = 3$ m/s.", "correct"),
    # near misses: the values swapped, one off by the prefix
    ("After the collision, $v_1 = 3$ m/s and $v_2 = 200$ cm/s.", "wrong"),
    ("After the collision, $v_1 = 200$ m/s and $v_2 = 3$ m/s.", "wrong"),
])
def test_a_unit_before_and_then_a_span_closes_its_part(pred, status):
    assert _both(pred, "v_1 = 2 \\text{ m/s}, v_2 = 3 \\text{ m/s}") == {status}


def test_a_unit_letter_before_and_then_words_is_no_unit():
    assert maths.final_answer("So $5$ A and B are equal.").answers == ("5",)
    assert maths.final_answer("The sides are $3$ cm and $4$ cm.", multiple=True).answers == ("3\\ cm", "4\\ cm")


# ---- a unit at the end of an equality chain, and the precision's slack ----------------------------------------

@pytest.mark.parametrize("pred, gold, cells, status", [
    ("The photon energy is $E = \\frac{hc}{\\lambda} = 1.24\\ \\mathrm{keV}$.", "1240", {"unit": "eV"}, "correct"),
    ("The kinetic energy is $E = qV = 1.0\\ \\mathrm{keV}$.", "1.6 \\times 10^{-16}", {"unit": "J", "error": "1e-18"},
     "correct"),
    ("The field is $E = \\frac{V}{d} = 3.2 \\cdot 10^{5}\\ \\mathrm{V/m}$.", "3.2 \\times 10^{5}", {"unit": "V/m"},
     "correct"),
    ("So $x = \\frac{22}{7} = 3.142$.", "\\frac{22}{7}", {}, "correct"),  # any value of the chain, as before
    # near misses: the chain's number in another unit of the quantity; the unit is not the formula's
    ("The photon energy is $E = \\frac{hc}{\\lambda} = 1.24\\ \\mathrm{eV}$.", "1240", {"unit": "eV"}, "wrong"),
    ("The kinetic energy is $E = qV = 1.0\\ \\mathrm{eV}$.", "1.6 \\times 10^{-16}", {"unit": "J", "error": "1e-18"},
     "wrong"),
    ("The field is $E = \\frac{V}{d} = 3.2 \\cdot 10^{5}\\ \\mathrm{V/cm}$.", "3.2 \\times 10^{5}", {"unit": "V/m"},
     "wrong"),
])
def test_a_unit_at_the_end_of_a_chain_is_its_last_value(pred, gold, cells, status):
    assert _olympiad(pred, gold, **cells) == status


@pytest.mark.parametrize("pred, gold, error, status", [
    ("$\\boxed{1.0\\ \\mathrm{keV}}$", "1.6 \\times 10^{-16}", "1e-18", "correct"),
    ("$\\boxed{0.2}$", "0.3", "0.1", "correct"),  # on the boundary: float rounding is no reason to reject
    ("$\\boxed{1.0\\ \\mathrm{eV}}$", "1.6 \\times 10^{-16}", "1e-18", "wrong"),  # 1.6e-19 J: 1.6e-16 J away
    ("$\\boxed{1.6 \\times 10^{-17}}$", "1.6 \\times 10^{-16}", "1e-18", "wrong"),
    ("$\\boxed{0.19}$", "0.3", "0.1", "wrong"),
    ("$\\boxed{0.1+0.2}$", "0.3", "0", "correct"),
    # near miss: between exact values there is no rounding to allow for, however small the precision
    ("$\\boxed{1.000000000000001}$", "1", "1e-20", "wrong"),
])
def test_a_precision_has_no_absolute_slack(pred, gold, error, status):
    assert _olympiad(pred, gold, unit="J" if "eV" in pred or "10^" in gold else None, error=error) == status


# ---- E notation in prose ----------------------------------------------------------------------------------------

_C = {"unit": "C"}


@pytest.mark.parametrize("pred, gold, cells, status", [
    ("Balancing qE = mg gives q ≈ 1.6e-19 C.", "1.6 \\times 10^{-19}", _C, "correct"),
    ("Then the speed comes out as 3e8 m/s.", "3 \\times 10^{8}", {"unit": "m/s"}, "correct"),
    ("Balancing qE = mg gives q ≈ 1.6E-19.", "1.6 \\times 10^{-19}", _C, "correct"),
    # near misses: another exponent, a unit of another quantity, the exponent alone
    ("Balancing qE = mg gives q ≈ 1.6e-18 C.", "1.6 \\times 10^{-19}", _C, "wrong"),
    ("Balancing qE = mg gives W ≈ 1.6e-19 J.", "1.6 \\times 10^{-19}", _C, "wrong"),
    ("Balancing qE = mg gives q ≈ 1.6e-19 C.", "19", _C, "wrong"),
])
def test_e_notation_in_prose_is_one_number(pred, gold, cells, status):
    assert _olympiad(pred, gold, **cells) == status


# ---- IMO: a Chinese conclusion is a sentence, not a bare answer taken whole ----------------------------------------

@pytest.mark.parametrize("pred, gold, status", [
    ("所以 x 为3。", "3", "correct"),
    ("因此最小值是 -1", "-1", "correct"),
    ("不存在", "不存在", "correct"),  # a bare answer, taken whole as before
    # near misses: another value stated, a bare answer that differs
    ("所以 x 为4。", "3", "wrong"),
    ("因此最小值是 1", "-1", "wrong"),
    ("存在", "不存在", "wrong"),
])
def test_a_chinese_conclusion_is_a_sentence_stating_its_value(pred, gold, status):
    assert _imo(pred, gold) == status


@pytest.mark.parametrize("pred, gold, status", [
    ("所以 x 为3。", "3", "correct"),
    ("因此答案是3个", "3", "correct"),
    ("所以 $x$ 的最小值是 -1。", "-1", "correct"),
    # near misses: the copula denied or bounded, the number qualified, the value asked about
    ("所以 x 不为3。", "3", "wrong"),
    ("所以最小值不是 -1", "-1", "wrong"),
    ("所以 x 至少为3。", "3", "wrong"),
    ("所以 x 大于等于3。", "3", "wrong"),
    ("所以 x 为3的倍数。", "3", "wrong"),
    ("所以 x 为3？", "3", "wrong"),
])
def test_a_chinese_conclusion_states_no_value_when_denied_bounded_or_asked(pred, gold, status):
    assert _both(pred, gold) == {status}
