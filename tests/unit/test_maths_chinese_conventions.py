"""How Chinese exam replies write their values (``pytest_answerbench/maths/chinese.py``), read as principles found
by the fourth batch of hard cases (``tests/data/hard_cases.jsonl``, ids ``cn-``): full-width characters, numbers in
words built on 分之 / 百分之 / 负 / 根号, blanks answered by label, a set in braces without backslashes and 空集, a
bare number with a Chinese unit, the one number a measure word counts in a closing sentence, bounds in Chinese, a
claim closing a sentence after its math, and statements judged 正确 / 成立. Every reading sits beside near misses
that keep their verdict (a numeral inside a word, 以上 meaning "the above", equality attained, Chinese punctuation
between clauses). (IMO-AnswerBench's profile takes a one-line reply without math as given, whole: the cases here
close a derivation.)"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths.chinese import bounded, measured_value, plain_chinese, stated_claim
from pytest_answerbench.maths.meaning import claim


def _olympiad(pred: str, gold: str, **cells) -> str:
    row = {"prediction": pred, "final_answer": [gold], **cells}
    return score_row("olympiad", row, profile="default", timeout=20).status


def _imo(pred: str, gold: str) -> str:
    row = {"Problem ID": "p", "Short Answer": gold, "prediction": pred}
    return score_row("imo", row, profile="default", timeout=20).status


BOTH = pytest.mark.parametrize("score", [_olympiad, _imo])


# ---- the rewriting itself ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, plain", [
    ("ｘ＞２", "x>2"),
    ("－３", "-3"),
    ("交点坐标为（1，2）。", "交点坐标为(1,2)。"),
    ("解集为（－∞，１］", "解集为(-∞,1]"),
    ("【答案】三分之一", "【答案】$\\frac{1}{3}$"),
    ("故答案为：3分之1", "故答案为：$\\frac{1}{3}$"),
    ("二分之根号三", "$\\frac{\\sqrt{3}}{2}$"),
    ("所以 a 的值为负二。", "所以 a 的值为$-2$。"),
    ("增长率为百分之二十", "增长率为$20\\%$"),
    ("|AB|=2根号3", "|AB|=$2\\sqrt{3}$"),
    ("$|AB|=2根号3$", "$|AB|=2\\sqrt{3}$"),  # inside a span: no new span
    ("距离为3千米。", "距离为$3\\ \\mathrm{km}$。"),
    ("面积为8平方厘米", "面积为$8\\ \\mathrm{cm}^2$"),
    ("第一空 2，第二空 3", "$2$；$3$"),
    ("第1空：8；第2空：20。", "$8$；$20$"),
    ("解集为 {x|x>1}", "解集为 $\\{x \\mid x>1\\}$"),
    ("所以解集为空集。", "所以解集为$\\varnothing$。"),
    ("所以定义域为全体实数。", "所以定义域为$\\mathbb{R}$。"),
    ("【答案】约0.5", "【答案】0.5"), ("面积大约是0.375", "面积是0.375"), ("所以 $S$ 约为 $3.14$", "所以 $S$ 为 $3.14$"),
    ("所以需要2小时30分钟。", "所以需要$150\\ \\mathrm{min}$。"),  # a duration in two units: one quantity
    ("用时1分20秒", "用时$80\\ \\mathrm{s}$"),
    ("$a$为3千米", "$a$为$3\\ \\mathrm{km}$"),
    # no $$ made against a span: the value and its approximation are one span (test_round6_readings)
    ("为三分之一$\\approx 0.33$", "为$\\frac{1}{3} \\approx 0.33$"),
])
def test_chinese_forms_are_written_as_the_reader_reads_them(text, plain):
    assert plain_chinese(text) == plain


@pytest.mark.parametrize("text", [
    "在三角形中，一次函数的图象过第一象限",  # numerals inside words
    "负数的个数为 $3$，正负号不变",  # 负 before no numeral, or inside a word
    "因为 $a>0$，所以 $b<0$，故 $c=1$。",  # Chinese commas between clauses, no bracketed pair
    "（$x \\in \\mathbb{R}$）",  # a domain in full-width brackets: a remark, left as written
    "第一空 3",  # one label: no ordered blanks
    "第二空 3，第一空 5",  # labels out of order
    "其中 $(x_1, y_1)$ 是切点，$f$ 在 [0, +∞) 上递增",  # pairs written in ASCII already: untouched
    "The answer is 3 cm.",  # no CJK: untouched
    "共3米5",  # a number after the unit: no quantity read
    "所以最大公约数为6，约分得",  # 公约数 (divisor), 约分 (simplify): not "about"
])
def test_text_without_such_forms_is_left_alone(text):
    assert plain_chinese(text) == text


# ---- numbers in Chinese --------------------------------------------------------------------------------------------

@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("【解析】概率为三分之一。<eoe>\n【答案】三分之一<eoa>", "$\\frac{1}{3}$", "correct"),
    ("【答案】三分之二<eoa>", "$\\frac{1}{3}$", "wrong"),
    ("故答案为：3分之1", "\\frac{1}{3}", "correct"),
    ("故答案为：1分之3", "\\frac{1}{3}", "wrong"),  # the order of 分之 is denominator first
    ("【答案】二分之根号三<eoa>", "$\\frac{\\sqrt{3}}{2}$", "correct"),
    ("【答案】二分之根号二<eoa>", "$\\frac{\\sqrt{3}}{2}$", "wrong"),
    ("所以 $a$ 的值是负二。", "$-2$", "correct"),
    ("所以 $a$ 的值是二。", "$-2$", "wrong"),
    ("由 $(1+x)^2=1.44$ 得 $x=0.2$。\n所以年平均增长率为百分之二十。", "$20 \\%$", "correct"),
    ("由 $(1+x)^2=1.0404$ 得 $x=0.02$。\n所以年平均增长率为百分之二。", "$20 \\%$", "wrong"),
    ("由余弦定理 $|AB|^2=12$，\n所以 |AB|=2根号3。", "$2 \\sqrt{3}$", "correct"),
    ("由余弦定理 $|AB|^2=18$，\n所以 |AB|=3根号2。", "$2 \\sqrt{3}$", "wrong"),
])
def test_numbers_written_in_chinese(score, pred, gold, status):
    assert score(pred, gold) == status


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("【解析】由题意 $P=\\frac12$。<eoe>\n【答案】约0.5<eoa>", "0.5", "correct"),  # about a value equal to the gold
    ("【解析】由题意 $P=\\frac13$。<eoe>\n【答案】约0.33<eoa>", "\\frac13", "wrong"),  # no implicit tolerance
    ("由勾股定理 $|AB|^2=2$，\n所以 $|AB|$ 约为 $1.414$。", "\\sqrt{2}", "wrong"),
    ("由题意可得 $P=\\frac38$，\n所以概率大约是0.375。", "\\frac{3}{8}", "correct"),  # a terminating decimal
])
def test_about_a_value_implies_no_tolerance(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- full-width characters -----------------------------------------------------------------------------------------

@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("联立 $x+y=3$ 与 $y=2x$，\n解得交点坐标为（1，2）。", "$(1,2)$", "correct"),
    ("联立 $x+y=3$ 与 $y=x-1$，\n解得交点坐标为（2，1）。", "$(1,2)$", "wrong"),  # a point stays ordered
    ("【答案】ｘ＞２<eoa>", "$x>2$", "correct"),
    ("【答案】ｘ＜２<eoa>", "$x>2$", "wrong"),
    ("故答案为：１２", "12", "correct"),
    ("故答案为：２１", "12", "wrong"),
    ("因为 $f(x)$ 单调递减，\n所以解集为（－∞，１）。", "$(-\\infty, 1)$", "correct"),
    ("因为 $f(x)$ 单调递减，\n所以解集为（－∞，１］。", "$(-\\infty, 1)$", "wrong"),  # a wrong bracket is wrong
])
def test_full_width_characters(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- units and measure words ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("pred, gold, unit, status", [
    ("两地之间的距离为3千米。", "3000", "m", "correct"),
    ("两地之间的距离为3米。", "3000", "m", "wrong"),
    ("答：甲车运4吨。", "4000", "kg", "correct"),  # the tonne is a megagram
    ("答：甲车运4千克。", "4000", "kg", "wrong"),
    ("所以甲需要2小时到达。", "2", "h", "correct"),
    ("所以甲需要2分钟到达。", "2", "h", "wrong"),
    ("容器的容积为1.5升。", "1.5", "L", "correct"),
    ("容器的容积为1.5毫升。", "1.5", "L", "wrong"),
    ("由 $v=60$ 得，所以需要2小时30分钟。", "150", "min", "correct"),
    ("由 $v=60$ 得，所以需要2小时20分钟。", "150", "min", "wrong"),
])
def test_a_chinese_unit_after_a_bare_number(pred, gold, unit, status):
    assert _olympiad(pred, gold, unit=unit) == status


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("【答案】8平方厘米<eoa>", "$8 \\mathrm{~cm}^{2}$", "correct"),
    ("【答案】8平方米<eoa>", "$8 \\mathrm{~cm}^{2}$", "wrong"),  # another area
    ("【答案】8厘米<eoa>", "$8 \\mathrm{~cm}^{2}$", "wrong"),  # a length, not an area
])
def test_an_area_in_chinese(score, pred, gold, status):
    assert score(pred, gold) == status


@pytest.mark.parametrize("sentence, value", [
    ("所以共有12种不同的选法", "12"),
    ("综上所述，每天最少需要支付240元", "240"),
    ("所以函数 $f(x)$ 有且只有一个零点", "1"),
    ("由 $3\\times4$ 得共有12种", "12"),  # a number in math is no count
    ("所以共有12种，其中3种不符合", None),  # two counts: neither
    ("所以第3个数最大", None),  # an ordinal counts nothing
    ("所以 $x=3$", None),
    ("综上，$a=2$，共有3种情况", None),  # a value in math: read as before
    ("所以对任意一个三角形都成立", None),  # a numeral after a quantifier
    ("所以该一元二次方程无实数解", None),  # numerals inside words
    ("所以这是一次函数", None),
])
def test_the_one_number_a_measure_word_counts(sentence, value):
    assert measured_value(sentence) == value


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("由分步乘法计数原理，共有 $3\\times4=12$ 种。\n所以共有12种不同的选法。", "12", "correct"),
    ("由分类加法计数原理，共有 $3+4=7$ 种。\n所以共有7种不同的选法。", "12", "wrong"),
    ("当 $x=10$ 时取到最小值，\n综上所述，每天最少需要支付240元。", "240", "correct"),
    ("当 $x=10$ 时取到最小值，\n综上所述，每天最少需要支付240元以上。", "240", "wrong"),  # a bound
    ("因为 $f(0)<0<f(1)$ 且单调，\n所以函数 $f(x)$ 有且只有一个零点。", "1", "correct"),
    ("因为 $f(0)<0<f(1)$，\n所以函数 $f(x)$ 至少有一个零点。", "1", "wrong"),  # a bound
])
def test_a_count_in_a_closing_sentence(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- bounds, claims and judged statements --------------------------------------------------------------------------

@pytest.mark.parametrize("clause, is_bound", [
    ("最大值不超过 $4$", True), ("至少有一个零点", True), ("240元以上", True), ("不少于3人", True),
    ("由以上可知", False),  # 以上: the above
    ("最大值为 $4$", False), ("最少需要支付240元", False),  # 最少: the least (the value asked), not a bound
])
def test_bounds_in_chinese(clause, is_bound):
    assert bounded(clause) is is_bound


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("当 $x=1$ 时取到最大值，\n综上所述，$a$ 的最大值为 $4$。", "4", "correct"),
    ("当 $x=1$ 时取到，\n综上所述，$a$ 的最大值不超过 $4$。", "4", "wrong"),
])
def test_a_bound_is_no_value(score, pred, gold, status):
    assert score(pred, gold) == status


@pytest.mark.parametrize("sentence, stated", [
    ("所以方程 $x^2+2x+3=0$ 无实数解", "无实数解"),
    ("由 $a>b>0$ 得 $\\frac1a<\\frac1b$，所以该命题正确", "该命题正确"),
    ("取 $a=-1$ 时 $a^2>b^2$ 但 $a<b$，所以该结论不成立", "该结论不成立"),
    ("当且仅当 $x=2$ 时等号成立", None),  # equality attained: no judgement
    ("所以 $x=2$ 时取得最小值", None),  # no claim
    ("所以最小值为 $4$", None),  # no words after the math
    ("所以 $a=1$ 时结论成立", None),  # a condition: when it holds, no judgement
    ("所以 $a=1$，结论成立", None),  # a value in math
])
def test_a_claim_closing_a_sentence_after_its_math(sentence, stated):
    assert stated_claim(sentence) == stated


@pytest.mark.parametrize("text, meant", [
    ("正确", ("holds", True)), ("所以该命题正确", ("holds", True)), ("该结论成立", ("holds", True)),
    ("错误", ("holds", False)), ("不正确", ("holds", False)), ("不成立", ("holds", False)),
    ("不等式恒成立", ("always", True)),  # always holds: the family it had
    ("所以该命题是真命题", ("holds", True)), ("是假命题", ("holds", False)),
    ("等号成立", None), ("正确的序号", None),
])
def test_a_statement_judged_in_chinese(text, meant):
    assert claim(text) == meant


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("因为 $\\Delta=4-12<0$，所以方程 $x^2+2x+3=0$ 无实数解。", "无解", "correct"),
    ("因为 $\\Delta=4+12>0$，所以方程有两个不相等的实数解。", "无解", "wrong"),
    ("由 $a>b>0$ 得 $\\frac1a<\\frac1b$，所以该命题正确。", "正确", "correct"),
    ("由 $a>b>0$ 得 $\\frac1a<\\frac1b$，所以该命题不正确。", "正确", "wrong"),
    ("由 $a>b>0$ 得 $\\frac1a<\\frac1b$，所以该命题错误。", "正确", "wrong"),
    ("取 $a=-1$，$b=0$ 时 $a^2>b^2$ 但 $a<b$，所以该结论不成立。", "不成立", "correct"),
    ("对任意 $a>b$ 都有 $a^2>b^2$，所以该结论成立。", "不成立", "wrong"),
])
def test_claims_in_a_closing_sentence(score, pred, gold, status):
    assert score(pred, gold) == status


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("由题意可得 $x^2-3x+2=0$。\n所以方程的解为 x=1或x=2。", "1,2", "correct"),  # the set, not its last value
    ("由题意可得 $x^2-3x+2=0$。\n所以方程的解为 x=1或x=2。", "2", "wrong"),  # one more solution than asked
    ("由题意可得 $x^2-3x+2=0$。\n所以 x=1或x=2。", "1,2", "correct"),
    ("由题意可得 $x^2-4x+3=0$。\n所以方程的解为 x=1或x=3。", "1,2", "wrong"),
    ("由题意可得 $x=1$。\n所以 $y$ 的值为 y=2。", "2", "correct"),  # no run: the value after its =
    ("由题意可得 $x^2=1$。\n所以函数的定义域为全体实数。", "\\mathbb{R}", "correct"),
    ("由题意可得 $x>0$。\n所以函数的定义域为全体正实数。", "\\mathbb{R}", "wrong"),
    ("由题意可得 $a>b>0$。\n所以该命题是真命题。", "正确", "correct"),
    ("由题意可得 $a>b>0$。\n所以该命题是假命题。", "正确", "wrong"),
])
def test_solutions_joined_by_or_and_sets_named_in_words(score, pred, gold, status):
    assert score(pred, gold) == status


# ---- sets and ordered blanks ---------------------------------------------------------------------------------------

@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("【答案】{x|x>1}<eoa>", "$(1,+\\infty)$", "correct"),
    ("【答案】{x|x≥1}<eoa>", "$(1,+\\infty)$", "wrong"),
    ("因为 $\\Delta<0$，所以不等式 $x^2-x+2<0$ 的解集为空集。", "$\\varnothing$", "correct"),
    ("因为 $\\Delta=0$，所以不等式的解集为 {0}。", "$\\varnothing$", "wrong"),
    ("由 $x-1>0$ 且 $3-x>0$，所以x的取值范围是 x>1且x<3。", "$(1,3)$", "correct"),
    ("由 $x-1>0$ 或 $3-x>0$，所以x的取值范围是 x>1或x<3。", "$(1,3)$", "wrong"),  # 或: a union
])
def test_sets_written_in_chinese(score, pred, gold, status):
    assert score(pred, gold) == status


@BOTH
@pytest.mark.parametrize("pred, gold, status", [
    ("由 $a_3=a_1+2d$ 得 $d=2$，于是 $a_2=3$。\n第一空 2，第二空 3", "2 ; 3", "correct"),
    ("由 $a_3=a_1+2d$ 得 $d=2$，于是 $a_2=3$。\n第一空 3，第二空 2", "2 ; 3", "wrong"),  # in the other order
    ("由题意得 $a+b=28$，$a-b=-12$，所以第1空：8；第2空：20。", "8 ; 20", "correct"),
    ("由题意得 $a+b=28$，所以第1空：8；第2空：18。", "8 ; 20", "wrong"),
])
def test_blanks_answered_by_label(score, pred, gold, status):
    assert score(pred, gold) == status
