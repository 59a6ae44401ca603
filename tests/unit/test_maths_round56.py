"""Round 56 of the readers (docs/profiles-math.md, "Round 56"; docs/profiles-mc.md, "Round 56"), written from round
57's blind probes (tests/data/probes_round57.jsonl) after they were scored once as the held-out measure of round 55,
and from two misses of scored multiple-choice splits, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths.concepts import concept_of, concept_verdict

BERNOULLI = "If $X_1,\\dots,X_n$ are independent Bernoulli($p$) random variables, what is the distribution of their sum?"
KLEIN = "一个4阶群中每个非单位元的阶都是2，这个群同构于哪个群？"
LINES = "Find the acute angle between the lines $y = 3x$ and $y = -2x$."
IONISE = "How much energy is needed to ionize a hydrogen atom from its n = 2 state?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Check: mean $np$. ✓\n\n**$S \\sim \\mathrm{Bin}(n, p)$**", "Binomial distribution", BERNOULLI, "correct"),
    ("Check: mean $np$. ✓\n\n**$S \\sim \\mathrm{Poisson}(np)$**", "Binomial distribution", BERNOULLI, "wrong"),
    ("**答案：克莱因四元群 $V_4\\cong \\mathbb{Z}_2\\times\\mathbb{Z}_2$。**", "Klein four-group ($\\mathbb{Z}_2\\times\\mathbb{Z}_2$)",
     KLEIN, "correct"),
    ("**答案：循环群 $\\mathbb{Z}_4$。**", "Klein four-group ($\\mathbb{Z}_2\\times\\mathbb{Z}_2$)", KLEIN, "wrong"),
    ("... so the acute angle between the lines is $45^\\circ$.\n\n**Final Answer**\n\\boxed{45}", "\\frac{\\pi}{4}", LINES,
     "correct"),
    ("... so $\\tan\\theta = 1$.\n\n**Final Answer**\n\\boxed{45}", "\\frac{\\pi}{4}", LINES, "wrong"),  # (no degrees said)
    ("$E_2 = -3.40$ eV, so the energy required is $0 - E_2$.\n\n**Ionization energy from n = 2: 3.40 eV**", "3.4 eV",
     IONISE, "correct"),
    ("$E_2 = -3.40$ eV, so the energy required is $0 - E_2$.\n\n**Ionization energy from n = 2: 13.6 eV**", "3.4 eV",
     IONISE, "wrong"),
])
def test_round_56_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("gold, found", [
    ("Klein four-group ($\\mathbb{Z}_2\\times\\mathbb{Z}_2$)", ("group", "klein four-group")),
    ("Klein four-group ($S_3$)", None),  # (a gloss naming another object)
    ("Klein four-group (of order 4)", None),  # (a gloss naming nothing: left to the reader)
])
def test_a_gold_with_another_name_in_brackets(gold, found):
    assert concept_of(gold) == found


def test_a_distribution_in_notation():
    assert concept_verdict("So $X \\sim \\mathcal{N}(0, 1)$.", "normal distribution") == (True, "normal distribution")
    assert concept_verdict("So $X \\sim \\mathrm{Exp}(\\lambda)$.", "uniform distribution") == (False, "exponential distribution")


GROWTH = {"A": "Linear", "B": "Exponential", "C": "Logarithmic", "D": "Constant"}


@pytest.mark.parametrize("reply, letter", [
    ("Based on the image, it is not possible to tell. Therefore, I cannot confidently choose between the options (A), "
     "(B), and (C).", None),
    ("I cannot confidently choose between the options, but I'll go with (B).", "B"),
    ("1. A\n\n2. B\n3. C\n4. D", None),
    ("1. B\n2. B", "B"),  # (the same letter again: no list of the options)
])
def test_round_56_choice_readings(reply, letter):
    assert infer_choice(reply, GROWTH).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round56_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 56 (tests/data/attack_round56_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
