"""Round 54 of the readers (docs/profiles-math.md, "Round 54"), written from round 55's blind probes
(tests/data/probes_round55.jsonl) after they were scored once as the held-out measure of round 53, each reading beside
the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.maths.compare.plain import texts_equal
from pytest_answerbench.maths.concepts import concept_verdict
from pytest_answerbench.maths.meaning import claim

FUSION = ("Estimate the energy released in the fusion reaction ²H + ³H → ⁴He + n, using atomic masses 2.014102 u, "
          "3.016049 u, 4.002603 u and neutron mass 1.008665 u.")
IONISATION = "What is the ionisation energy of hydrogen?"
CONTINUOUS = "True or false: every continuous function $f:\\mathbb{R}\\to\\mathbb{R}$ is differentiable."
TRIANGLE = "A triangle has side lengths 6, 7 and 9. Classify it as acute, right, or obtuse."
REMAINDERS = ("(1) Find the remainder when 2¹⁰ is divided by 7. (2) Find the remainder when 3¹⁰ is divided by 7.")
WORKING = "(1) $2^3\\equiv1$, so $2^{10}=2^{9}\\cdot2\\equiv2$.\n(2) $3^6\\equiv1$, so $3^{10}\\equiv3^4=81\\equiv4$.\n\n"


@pytest.mark.parametrize("reply, answer, question, status", [
    # (kept as the conventions read them, no reading of this round: a value converted by a measured constant, eV to J,
    # only approximates the gold without a stated precision, rule 2; earlier probe files label it so)
    ("$$\\boxed{Q\\approx 2.82\\times10^{-12}\\ \\mathrm{J}}$$", "17.6\\ \\mathrm{MeV}", FUSION, "wrong"),
    ("$\\boxed{2.18\\times10^{-18}\\,\\mathrm{J}}$", "13.6 eV", IONISATION, "wrong"),
    ("Consider $f(x)=|x|$: continuous, not differentiable at 0.\n\n**Answer: not true**", "False", CONTINUOUS,
     "correct"),
    ("Consider $f(x)=|x|$: continuous, not differentiable at 0.\n\n**Answer: not true**", "True", CONTINUOUS, "wrong"),
    ("每一项等于前两项之和。\n\n答案：斐波那契数列", "Fibonacci sequence",
     "What is the name of the sequence 1, 1, 2, 3, 5, 8, ...?", "correct"),
    ("每一项等于前两项之和。\n\n答案：卡特兰数", "Fibonacci sequence",
     "What is the name of the sequence 1, 1, 2, 3, 5, 8, ...?", "wrong"),
    ("Since $81 < 85$, the largest angle is acute.\n\nThe triangle is **acute** (not right, although it is quite close "
     "to a right triangle).", "Acute", TRIANGLE, "correct"),
    ("Since $81 < 85$, the largest angle is acute.\n\nThe triangle is **acute** (though it might be right).", "Acute",
     TRIANGLE, "wrong"),
    (WORKING + "**Answers:** (1) 2 (2) 4", "2; 4", REMAINDERS, "correct"),
    (WORKING + "**Answers:** (1) 4 (2) 2", "2; 4", REMAINDERS, "wrong"),
])
def test_round_54_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, verdict", [("not true", ("yes", False)), ("Untrue.", ("yes", False)),
                                            ("not false", ("yes", True)), ("not true in general", None)])
def test_not_true_is_false(reply, verdict):
    assert claim(reply) == verdict
    if verdict is not None:
        assert texts_equal("False", reply) is (verdict == ("yes", False))


@pytest.mark.parametrize("reply, gold, verdict", [
    ("这不是二项分布，而是泊松分布。", "Poisson distribution", (True, "poisson distribution")),
    ("这不是二项分布，而是泊松分布。", "binomial distribution", (False, "poisson distribution")),
    ("可能是椭圆，也可能是双曲线。", "ellipse", None),  # (a hedge)
    ("如果两边相等，它就是正方形；这里它是矩形。", "rectangle", (True, "rectangle")),  # (a supposition, then the case)
    ("所以这个四边形是菱形。", "square", (False, "rhombus")),
])
def test_chinese_names_of_objects(reply, gold, verdict):
    assert concept_verdict(reply, gold) == verdict


@pytest.mark.parametrize("reply, gold", [
    ("因此，$ABCD$ 不一定是正方形。", "正方形"),  # (not necessarily a square)
    ("距离之和为常数且大于 $|F_1F_2|$，所以轨迹是椭圆。\n\n补充：若常数等于 $|F_1F_2|$，则轨迹是线段 $F_1F_2$，本题正是这种情况。",
     "椭圆"),  # (a supposition said to be this case)
])
def test_chinese_denials_and_realised_suppositions_name_nothing(reply, gold):
    assert concept_verdict(reply, gold) is None


def test_a_chinese_bracket_that_doubts_the_name_leaves_it():
    assert concept_verdict("所以它是**椭圆**。（没把握，说不定是双曲线。）", "椭圆") is None


@pytest.mark.parametrize("case", attack_cases("attack_round54_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 54 (tests/data/attack_round54_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, and the near misses it keeps as labelled."""
    assert read_as_labelled(case) == case["label"], case["why"]
