"""Round 25 of the readers (docs/profiles-math.md and docs/profiles-mc.md, "Round 25"), written from round 25's blind
probes (tests/data/probes_round25.jsonl) after they were scored once as the held-out measure of rounds 23 and 24, then
narrowed after two helpers' attacks (the replies the reader before round 23 or the first version got wrong, read as
labelled now, are tests/data/attack_round25_maths.jsonl and attack_round25_choice.jsonl). Each reading has its near
misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maths_round22 import _verdict

from pytest_answerbench import maths
from pytest_answerbench.choice import infer_choice

EUCLID = "Is it always true that if an integer $a$ divides $bc$, then $a$ divides $b$ or $a$ divides $c$?"
X4 = "Is the polynomial $x^4+1$ irreducible over $\\mathbb{Q}$?"
CUBE_ROOT = "$\\sqrt[3]{2}+1$ 是有理数吗？"
NINETY_ONE = "91 是质数吗？"
MOD3 = "Does there exist a positive integer $n$ such that $n^2+1$ is divisible by $3$?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Not necessarily. Counterexample: $a=6$, $b=2$, $c=3$.\n\n(The implication *does* hold when $a$ is prime.)",
     "Not always", EUCLID, "correct"),
    ("Hence $x^4+1$ is **irreducible over $\\mathbb{Q}$** — even though, amusingly, it is reducible modulo every prime.",
     "Yes", X4, "correct"),
    ("Hence $x^4+1$ is irreducible — though not over the rationals, where it factors.", "Yes", X4, "wrong"),
    ("所以 $\\sqrt[3]{2}+1$ 是**无理数**。", "不是", CUBE_ROOT, "correct"),
    ("所以 $\\sqrt[3]{2}+1$ 是有理数。", "不是", CUBE_ROOT, "wrong"),
    ("因为 $91=7\\times13$，它是两个质数的乘积。", "是", NINETY_ONE, "wrong"),  # the primes are its factors
    ("所以 91 并非都是质数。", "是", NINETY_ONE, "wrong"),
    ("**No such $n$ exists.**\n\nSquares modulo 3 are $0$ or $1$, so $n^2+1$ is never $0 \\pmod 3$.", "No", MOD3, "correct"),
    ("**No such $n$ exists below $10$.**\n\nSo $n = 12$.", "No", MOD3, "wrong"),
    ("**No such $n$ exists.**\n\nBut $n=5$ works.", "No", MOD3, "wrong"),
])
def test_text_answers(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


WAVE = "An electromagnetic wave in vacuum has wavelength $3.0\\ \\text{m}$. What is its frequency?"
ROOTS = "How many real solutions does $x^4-5x^2+4=0$ have?"
STATS = "For the data $2,3,3,5,7,10$, find the mean, the median and the mode."


@pytest.mark.parametrize("reply, answer, question, unit, status", [
    ("$f = c/\\lambda = (3.0\\times10^8)/(3.0) \\Rightarrow$ **f = 100 MHz** (FM-radio band).", "1.0 \\times 10^{8}", WAVE,
     "Hz", "correct"),
    ("$f = c/\\lambda \\Rightarrow$ **f = 100 MHz**, but the band edge is 200 MHz.", "1.0 \\times 10^{8}", WAVE, "Hz",
     "wrong"),
    ("Final Answer: 4 (or 2 if only positive roots are counted)", "4", ROOTS, None, "wrong"),
    ("Final Answer: 4 (or possibly $2$)", "2", ROOTS, None, "wrong"),
    ("Final Answer: 4 (or 4.0)", "4", ROOTS, None, "correct"),  # the same value written again
    ("- Mode: **3** (appears twice)\n- Median: $(3+5)/2 =$ **4**\n- Mean: $30/6 =$ **5**",
     "mean = 5, median = 4, mode = 3", STATS, None, "correct"),
    ("- Mode: **3** and **5**\n- Median: $(3+5)/2 =$ **4**\n- Mean: $30/6 =$ **5**",
     "mean = 5, median = 4, mode = 3", STATS, None, "wrong"),
    ("So $\\frac{10\\cdot11}{2}=55$.", "55", "Find the sum of the first 10 positive integers.", None, "correct"),
    ("So $\\frac{1}{3} = 0.333$.", "\\frac13", "Compute one third.", None, "correct"),  # one value restated, as before
    ("$M=\\left(\\frac{2+6}{2},\\frac{-4+8}{2}\\right)=(4,\\,-2)$", "(4, 2)",
     "Find the midpoint of the segment joining $(2,-4)$ and $(6,8)$.", None, "wrong"),
    ("the pair $\\boxed{[3,\\,6]}$.", "(3, 6)", "Find the pair of positive integers $(x,y)$ with $x<y$.", None, "correct"),
    ("the interval $\\boxed{[3,\\,6]}$.", "(3, 6)", "Find the interval where the point lies.", None, "wrong"),
])
def test_values_and_structures(reply, answer, question, unit, status):
    extra = {"unit": unit} if unit else {}
    assert _verdict(reply, answer, question, **extra) == status


THERMOMETER = {"A": "25 °C", "B": "30 °C", "C": "35 °C", "D": "40 °C"}
AREA = {"A": "the circle", "B": "the square", "C": "they are equal", "D": "cannot be determined"}


@pytest.mark.parametrize("reply, options, letter", [
    ("The liquid column stops at the 86 °F mark.", THERMOMETER, "B"),
    ("The gap between the two readings is 54 °F.", THERMOMETER, None),  # a change, not a reading
    ("It's either A or B — the circle looks slightly larger, but the square's corners add area that is easy to "
     "underestimate.", AREA, None),
    ("It's either A or B, and I think it's the circle.", AREA, "A"),
])
def test_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=maths.states_value).letter == letter


def test_fahrenheit_against_kelvins_and_celsius():
    assert maths.equivalent("303 K", "86 °F", 0.5)[0] and maths.equivalent("30 °C", "86 °F")[0]
    assert not maths.equivalent("25 °C", "86 °F")[0]


def _attack(name: str) -> list[dict]:
    path = Path(__file__).parent.parent / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack("attack_round25_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


@pytest.mark.parametrize("case", _attack("attack_round25_choice.jsonl"), ids=lambda case: case["id"])
def test_the_choice_attack_reads_as_labelled(case):
    assert infer_choice(case["reply"], case["options"], same_value=maths.states_value).letter == case["label"], \
        case["why"]
