"""Round 10 of the maths reader: readings found by a new round of written probes of reasoning traces (s1's sections,
a block never closed, statements of the answer's form, hypotheticals, corrections after a box in words and in
Chinese), each a principle with near misses that must keep their verdict (docs/profiles-math.md, "Round 10").
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.maths import final_answer


def read(response: str) -> tuple[str, ...] | None:
    found = final_answer(response)
    return found.answers if found else None


def accepted(response: str, gold: str) -> bool:
    verdicts = {score_row(bench, fields, profile="default").correct for bench, fields in (
        ("olympiad", {"prediction": response, "answer": gold}),
        ("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": response}))}
    assert len(verdicts) == 1, "olympiad and imo disagree"
    return verdicts.pop()


# -- 1. s1's sections: what follows "<|im_start|>answer" is the answer, the thinking before it only works ----------

S1 = ("<|im_start|>think\nWe need x + 1 = 3x - 3, so x = 2.\n\nThe answer should be a single value of x.\n"
      "Check: 2 + 1 = 3 and 3(2) - 3 = 3.\n<|im_start|>answer\nAnswer: {answer}<|im_end|>")


@pytest.mark.parametrize("answer, gold, right", [
    ("$2$", "2", True),
    ("x = 2", "2", True),
    ("$\\boxed{2}$", "2", True),
    ("$3$", "2", False),  # the answer section commits to 3, whatever the thinking found
    ("It is either $2$ or $3$.", "2", False),
])
def test_s1_answer_section_is_the_answer(answer, gold, right):
    assert accepted(S1.format(answer=answer), gold) is right


def test_s1_sections_are_read_only_when_both_are_there_once():
    # an "answer" section without its "think" opening: a chat turn, cut as before (the text before it is the reply)
    assert read("So x = 2.\n<|im_start|>answer\nAnswer: 3") == ("x = 2",)


# -- 2. a reasoning block opened and never closed: the reply stopped while thinking --------------------------------

@pytest.mark.parametrize("response", [
    "<think>\n∫₀^π sin²x dx = π/2。\n\n对称性检验：二者之和为 π，所以各为 π/2。\n\nπ/2 ≈ 1.570",
    "<think>\n裂项相消。\n\n验证小情况：n = 1 时为 1/2，n = 2 时为 2/3，所以 n = 99 时应为 99/100",
    "<think>\nSo the sum is $\\frac{99}{100}$.\n\nLet me double-check with n = 2: 1/2 + 1/6 = 2/3. Good, so 99/100",
])
def test_a_block_never_closed_commits_to_nothing(response):
    assert read(response) is None


@pytest.mark.parametrize("response, gold", [
    ("<think>\nSo the sum is 99/100.\n</think>", "\\frac{99}{100}"),  # closed, nothing after: its own conclusion
    ("<think>\nSo the sum is 99/100.\n</think>\n\nThe sum is $\\boxed{\\frac{99}{100}}$.", "\\frac{99}{100}"),
    ("The sum is $\\boxed{\\frac{99}{100}}$.", "\\frac{99}{100}"),  # no block at all
])
def test_a_closed_block_still_answers(response, gold):
    assert accepted(response, gold)


def test_a_mistyped_closing_tag_is_no_block_left_open():
    assert read("<think> 70 * 2 = 140 </ thinks> <answer>140</ answer>") == ("140",)


# -- 3. a statement of the answer's form commits to nothing; the conclusion before it counts -----------------------

@pytest.mark.parametrize("response, gold, right", [
    ("<think>\nSo the area is $\\frac{1}{6}$.\n\nThe answer should be a common fraction.\n</think>", "\\frac16", True),
    ("<think>\nThe answer should be in simplest radical form.\n\nIn simplest radical form, the distance is 2√13.\n"
     "</think>", "2\\sqrt{13}", True),
    ("<think>\nSolving, x = 2.\n\nThe answer should be a single value of x.\n</think>", "2", True),
    ("<think>\ne = c/a = 3/5。\n\n所以离心率为 3/5。\n\n答案应该是一个 0 到 1 之间的数。\n</think>", "\\frac35", True),
    ("<think>\n所以共有 12 种。\n\n答案应该是一个整数。\n</think>", "12", True),
    # near misses: the form stated with the value, or the value itself wrong
    ("<think>\nSo the area is $\\frac{1}{5}$.\n\nThe answer should be a common fraction.\n</think>", "\\frac16", False),
    ("<think>\n所以共有 11 种。\n\n答案应该是一个整数。\n</think>", "12", False),
    ("The answer should be a common fraction: $\\frac{1}{5}$.", "\\frac16", False),
])
def test_a_statement_of_the_answers_form_is_no_answer(response, gold, right):
    assert accepted(response, gold) is right


# -- 4. a hypothetical line after the conclusion commits to nothing ------------------------------------------------

@pytest.mark.parametrize("response, right", [
    ("<think>\nS = 155.\n\nSo the answer is 155.\n\nHmm, if it asked for the 10th term instead, it would be 29. "
     "But it asks for the sum.\n</think>", True),
    ("S = 155.\n\nSo the sum is 155.\n\nIf the first term were 3, the sum would be 165.", True),
    ("S = 150.\n\nSo the sum is 150.\n\nIf the first term were 3, the sum would be 155.", False),
])
def test_a_hypothetical_after_the_conclusion(response, right):
    assert accepted(response, "155") is right


# -- 5. a box taken back: the correction after it answers, in words too -------------------------------------------

@pytest.mark.parametrize("response, gold, right", [
    ("The answer is $\\boxed{\\text{Yes}}$.\n\nActually, I made an error: 1001 = 7 · 11 · 13. The correct answer "
     "is No.", "No", True),
    ("The answer is $\\boxed{\\text{Yes}}$.\n\nActually, I made an error. The correct answer is no.", "No", True),
    ("The answer is $\\boxed{\\text{Yes}}$.\n\nActually, I made an error. The correct answer is no.", "Yes", False),
    ("The answer is $\\boxed{\\text{Yes}}$. This answer is consistent with the examples.", "Yes", True),
])
def test_a_correction_after_a_box_taken_back(response, gold, right):
    assert accepted(response, gold) is right


# -- 6. corrections in Chinese take back what came before; a check does not ---------------------------------------

@pytest.mark.parametrize("response, gold, right", [
    ("最终答案：$\\boxed{30}$\n\n等等，30° 是外角，内角应该是 180° − 30° = 150°。正确答案应该是 $150$。", "150", True),
    ("最终答案：$\\boxed{30}$\n\n等等，30° 是外角，内角应该是 180° − 30° = 150°。正确答案应该是 $150$。", "30", False),
    ("所以答案是 $\\frac{1}{3}$。\n\n不对，应该用 $x - x^2$。所以正确答案是 $\\frac{1}{6}$。", "\\frac16", True),
    ("所以答案是 $\\boxed{15}$。\n\n我算错了，重新计算：3 × 6 = 18。所以答案是 $\\boxed{18}$。", "18", True),
    # checks and a word that only contains the cue leave the answer standing
    ("最终答案：$\\boxed{30}$\n\n等等，让我验证一下：30 + 150 = 180，正确。", "30", True),
    ("所以答案是 $\\boxed{30}$。\n\n这个图形不对称，但不影响结论。", "30", True),
])
def test_chinese_corrections(response, gold, right):
    assert accepted(response, gold) is right


# -- 7. values named without math delimiters are one answer, not the last number ----------------------------------

@pytest.mark.parametrize("closing, gold, right", [
    ("Thus a=b=c=1.", "(1,1,1)", True),
    ("Thus a=b=c=2.", "(1,1,1)", False),
    ("Thus x=2, y=3.", "(2,3)", True),
    ("Thus x=3, y=2.", "(2,3)", False),  # named values in the names' order: (3, 2)
    ("So x = 2 and y = -1.", "(2,-1)", True),
    ("Thus x = 5.", "5", True),  # one name: its value, as before
    ("We get x=5, so y = 3.", "3", True),  # a value derived on the way, then the answer's
])
def test_values_named_without_delimiters(closing, gold, right):
    assert accepted("We solve the system.\n\n" + closing, gold) is right


# -- 8. "n can be every odd positive integer" after a conclusion word: the set it names ----------------------------

@pytest.mark.parametrize("closing, right", [
    ("So n can be every odd positive integer.", True),
    ("Hence n can be any odd positive integer.", True),
    ("So n can be every even positive integer.", False),
])
def test_the_values_a_name_can_take(closing, right):
    assert accepted("We check the parity.\n\n" + closing, "All odd positive integers") is right


# -- 9. a unit written is the answer's unit: in words, in Chinese, set upright after a box, or not SI ------------------

def olympiad(prediction: str, gold: str, unit: str | None) -> bool:
    row = {"prediction": prediction, "answer": gold, **({"unit": unit} if unit else {})}
    return score_row("olympiad", row, profile="default").correct


@pytest.mark.parametrize("prediction, gold, unit, right", [
    ("The field is about 2.0 millitesla.", "2.0\\times10^{-3}", "T", True),
    ("The field is about 2.0 tesla.", "2.0", "mT", False),  # the unit written is read, not dropped
    ("The length is 5 meters.", "5", "cm", False),
    ("So the answer is 2.0 kilograms.", "2.0", "g", False),
    ("The line is at 1216 angstroms.", "121.6", "nm", True),
    ("It releases about 4.2 kilojoules.", "4.2\\times10^{3}", "J", True),
    ("It takes 60 minutes.", "3.6\\times10^{3}", "s", True),
    ("The mass is 2.0 tonnes.", "2.0\\times10^{3}", "kg", True),
    ("The acceleration is 9.8 meters per second squared.", "9.8", "m/s^2", True),
    ("The acceleration is 9.8 meters per second.", "9.8", "m/s^2", False),  # another quantity
    ("So she is 12 years old.", "12", None, True),  # a gold without a unit: a unit is no reason to reject
    ("$\\boxed{2.0}\\ \\text{mT}$", "2.0\\times10^{-3}", "T", True),
    ("$\\boxed{2.0}\\ \\mathrm{T}$", "2.0", "mT", False),
    ("$$\\boxed{5.3\\times10^{-11}}\\ \\text{m}$$", "0.53", "Å", True),
    ("The answer is $\\boxed{5.3 \\times 10^{-11}}$ meters.", "0.53", "Å", True),
    ("The answer is $\\boxed{5.3 \\times 10^{-11}}$ meters.", "5.3", "Å", False),
    ("磁感应强度为 2.0 毫特斯拉。", "2.0", "mT", True),
    ("磁感应强度为 2.0 特斯拉。", "2.0", "mT", False),
    ("能量为 13.6 电子伏特。", "13.6", "eV", True),
    ("能量为 13.6 焦耳。", "13.6", "eV", False),
    ("波长为 121.6 纳米。", "1216", "Å", True),
    ("$p = \\boxed{1.0\\ \\mathrm{bar}}$", "1.0\\times10^{5}", "Pa", True),
    ("$\\boxed{1.0\\ \\mathrm{bar}}$", "1.0", "Pa", False),
    ("$F = \\boxed{2.0\\times10^{6}\\ \\mathrm{dyn}}$", "20", "N", True),
    ("$\\boxed{2.0\\times10^{6}\\ \\mathrm{dyn}}$", "2.0\\times10^{6}", "N", False),
    ("$\\boxed{760\\ \\mathrm{Torr}}$", "101325", "Pa", True),
])
def test_a_unit_written_is_the_answers_unit(prediction, gold, unit, right):
    assert olympiad(prediction, gold, unit) is right


# -- 10. text answers: a proof's closing mark, negations and qualifiers -------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("Hence it is possible. $\\square$", "Yes", True),  # a proof's closing mark is no answer
    ("Alice wins. $\\blacksquare$", "Alice", True),
    ("We solve 2x = 10.\n\nSo x = 5. ∎", "5", True),
    ("We solve 2x = 8.\n\nSo x = 4. $\\square$", "5", False),
    ("Therefore it is not always possible.", "Yes", False),  # "not always": no
    ("Therefore it is not always possible.", "No", True),
    ("It is not impossible.", "No", False),  # a double negation: possible
    ("It is not impossible.", "Yes", True),
    ("We cannot conclude that such a function exists.", "Yes", False),  # no verdict at all
    ("We cannot conclude that such a function exists.", "No", False),
    ("**Answer:** Yes, except when $n = 3$.", "Yes", False),  # a conditional verdict is not the one asked
    ("**Answer:** Yes, but only when $n$ is odd.", "Yes", False),
    ("**Answer:** Yes, since every board splits into dominoes.", "Yes", True),
    ("因此，$ABCD$ 不一定是正方形。", "正方形", False),  # 不一定是: not necessarily
    ("因此，$ABCD$ 是正方形。", "正方形", True),
])
def test_text_answers_by_meaning(prediction, gold, right):
    assert accepted(prediction, gold) is right


# -- 11. a bound set before the closing math span is no value -------------------------------------------------------

@pytest.mark.parametrize("prediction, right", [
    ("The magnetic field at the center is at least $2.0\\ \\mathrm{mT}$.", False),
    ("The field is at most $2.0\\times10^{-3}$ T.", False),
    ("The field must be greater than $2.0\\ \\mathrm{mT}$.", False),
    ("The magnetic field at the center is $2.0\\ \\mathrm{mT}$.", True),
    ("Above the plate, the field is $2.0\\ \\mathrm{mT}$.", True),  # "above" placing the subject, not bounding
])
def test_a_bound_before_the_closing_span(prediction, right):
    assert olympiad(prediction, "2.0\\times10^{-3}", "T") is right


# -- 12. a function's variable is a dummy: f(n) = n^2 is f(x) = x^2 ----------------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("\\boxed{f(n) = n^2}", "f(x)=x^2", True),
    ("The answer is $f(t) = t^2$.", "$f(x)=x^2$", True),
    ("\\boxed{f(n)=\\sin n}", "f(x)=\\sin x", True),
    ("\\boxed{f(n)=n+1}", "f(x)=x^2", False),
    ("\\boxed{f(y)=x^2}", "f(x)=x^2", False),  # x is no variable of f there
    ("\\boxed{f(n) = n^2}", "f(x)=x^3", False),
])
def test_a_functions_variable_is_a_dummy(prediction, gold, right):
    assert accepted(prediction, gold) is right
