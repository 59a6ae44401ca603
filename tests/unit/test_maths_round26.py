"""Round 26 of the readers (docs/profiles-math.md and docs/profiles-mc.md, "Round 26"), written from round 26's blind
probes (tests/data/probes_round26.jsonl) after they were scored once as the held-out measure of round 25, then narrowed
after three helpers' attacks (the replies the reader before this round or the first version got wrong, read as
labelled now, are tests/data/attack_round26_maths.jsonl and attack_round26_choice.jsonl). Each reading has its near
misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maths_round22 import _verdict

from pytest_answerbench import maths
from pytest_answerbench.choice import infer_choice

ONTO = "Is the map $f:\\mathbb{Z}\\to\\mathbb{Z}$, $f(n)=2n$, surjective?"
SINE = "Does the sequence $a_n=\\sin n$ ($n$ in radians) converge?"
RATIONALS = "有理数集 $\\mathbb{Q}$ 是可数集还是不可数集？"
AM_GM = "对任意实数 $a,b$，不等式 $a^2+b^2\\ge 2ab$ 是否恒成立？"
LOCUS = "What curve is the locus of points $z\\in\\mathbb{C}$ satisfying $|z-1|+|z+1|=4$?"
DIRICHLET = "Does the improper integral $\\int_1^{\\infty}\\frac{\\sin x}{x}\\,dx$ converge?"


@pytest.mark.parametrize("reply, answer, question, status", [
    # a remark in brackets after the answer stated in words, telling something else
    ("No odd integer is hit.\n\nSo $f$ is **not onto**. (It is one-to-one, though: $2m = 2n \\Rightarrow m = n$.)",
     "No", ONTO, "correct"),
    ("No odd integer is hit.\n\nSo $f$ is **not onto**. (On reflection, no: every integer is hit.)", "No", ONTO,
     "wrong"),  # the remark answers again
    ("No odd integer is hit.\n\nSo $f$ is **not onto**. (Actually it is onto.)", "No", ONTO, "wrong"),
    ("### Final Answer\nAn **ellipse** (centred at the origin, semi-axes $2$ and $\\sqrt3$).", "An ellipse", LOCUS,
     "correct"),
    ("So the curve is an **ellipse**. (Sign slip above: the curve is a hyperbola.)", "An ellipse", LOCUS, "wrong"),
    ("因此 $\\mathbb{Q}$ 是**可数**的。（相比之下，实数集 $\\mathbb{R}$ 是不可数的。）", "可数集", RATIONALS, "correct"),
    ("因此 $\\mathbb{Q}$ 是**可数**的。（上述结论有误，应为不可数集。）", "可数集", RATIONALS, "wrong"),
    ("因此 $\\mathbb{Q}$ 是不可数集。", "可数集", RATIONALS, "wrong"),
    # a closing line stating the claim asked, in words
    ("Two subsequences with different limits, so no limit.\n\n**The sequence diverges** (it is bounded, but it has no "
     "limit).", "No", SINE, "correct"),
    ("Hence $\\sin n$ comes arbitrarily close to $-1$ infinitely often.\n\nThe sequence diverges.", "No", SINE,
     "correct"),
    ("Hence $\\sin n$ comes arbitrarily close to $-1$ infinitely often.\n\nThe sequence converges.", "No", SINE, "wrong"),
    # a concession on another object
    ("### Final Answer\n**Yes**, it converges (conditionally) — although $\\int_1^\\infty \\frac{|\\sin x|}{x}\\,dx$ "
     "diverges.", "Yes", DIRICHLET, "correct"),
    ("It converges, although it might diverge.", "Yes", DIRICHLET, "wrong"),
    # 恒成立 and its negations; a supposed case; a closing dash
    ("所以不存在使该不等式不成立的实数对——**恒成立**。", "恒成立", AM_GM, "correct"),
    ("所以该不等式不恒成立。", "恒成立", AM_GM, "wrong"),
    ("所以该不等式并非恒成立。", "恒成立", AM_GM, "wrong"),
    ("没有完整证明，所以我们不能断言——**恒成立**。", "恒成立", AM_GM, "wrong"),
    ("$(a-b)^2\\ge0$。\n\n故原不等式恒成立。若把 $\\ge$ 改成 $>$，则不恒成立。", "恒成立", AM_GM, "correct"),
    ("$(a-b)^2\\ge0$。\n\n故原不等式不恒成立。若把 $\\ge$ 改成 $>$，则恒成立。", "恒成立", AM_GM, "wrong"),
])
def test_text_answers(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


SPEED = "A car starts from rest and accelerates uniformly at 2.5 m/s^2 for 10 s. What is its final speed?"
GRAVITY = ("Two 1000 kg masses are 2.0 m apart. What is the magnitude of the gravitational force between them? "
           "(G = 6.674e-11 N·m^2/kg^2)")
FORCE = ("$$F = \\frac{G m_1 m_2}{r^2} = \\frac{(6.674\\times10^{-11})(1000)(1000)}{(2.0)^2} \\approx "
         "1.67\\times10^{-5}\\ \\text{N}$$\n\n")
C7 = "What is the minimum number of colours needed to properly colour the vertices of the cycle graph $C_7$?"
BINARY = "Compute $(1011)_2+(111)_2$ and give the result in base 2."
STATS = "For the data set $1, 4, 4, 6, 10$, find (1) the mean and (2) the median."


@pytest.mark.parametrize("reply, answer, question, status", [
    ("$$v = 25 \\times 3.6 = \\mathbf{90\\ km/h}$$\n\n(roughly 56 mph).", "25 m/s", SPEED, "correct"),
    ("$$v = 25 \\times 3.6 = \\mathbf{90\\ km/h}$$\n\n(roughly 80 mph).", "25 m/s", SPEED, "wrong"),  # not 90 km/h
    (FORCE + "Tiny — about the weight of a grain of sand.", "16.7 μN", GRAVITY, "correct"),
    (FORCE + "Hmm, that seems about ten times too large.", "16.7 μN", GRAVITY, "wrong"),
    ("$$\\int_0^1 x^2\\,dx = \\left[\\frac{x^3}{3}\\right]_0^1 = 0.\\overline{3}$$", "1/3", "Evaluate $\\int_0^1 x^2\\,dx$.",
     "correct"),
    ("$$\\int_0^1 x^2\\,dx = \\frac13 = 0.25$$", "1/3", "Evaluate $\\int_0^1 x^2\\,dx$.", "wrong"),  # the last side
    ("**Final Answer:** at least $3$ colours.", "3", C7, "wrong"),  # a bound, not the number
    ("**Final Answer:** $3$ colours.", "3", C7, "correct"),
    ("**Final Answer:** at least $3$ are needed and $3$ suffice, so the chromatic number is $3$.", "3", C7, "correct"),
    ("$18 = 16 + 2$, so the sum is $10010_{(2)}$.", "10010_2", BINARY, "correct"),
    ("So the sum is $10110_{(2)}$.", "10010_2", BINARY, "wrong"),
    ("So the sum is $18_{(10)}$.", "10010_2", BINARY, "wrong"),  # not the base asked
    ("- **Median** (middle value) $= 4$\n- **Mean** $= \\dfrac{25}{5} = 5$", "(1) 5 (2) 4", STATS, "correct"),
    ("- **Median** (middle value) $= 5$\n- **Mean** $= \\dfrac{25}{5} = 5$", "(1) 5 (2) 4", STATS, "wrong"),
    ("- **Median** $= 4$\n- **Mean** $= 26/5 \\approx 5$", "(1) 5 (2) 4", STATS, "wrong"),  # a value rounded
])
def test_values_and_structures(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


FOX = {"A": "a fox", "B": "a cat", "C": "a dog", "D": "a rabbit"}
REGIONS = {"A": "region I", "B": "region II", "C": "region III", "D": "region IV"}
VIOLIN = {"A": "violin", "B": "guitar", "C": "cello", "D": "flute"}
SOFA = {"A": "a cat on a sofa", "B": "a dog on a sofa", "C": "a dog on the floor", "D": "two dogs"}
THIRDS = {"A": "12", "B": "15", "C": "21", "D": "10"}
APPLES = {"A": "2", "B": "3", "C": "4", "D": "5"}
PRIMES = {"A": "21", "B": "27", "C": "29", "D": "33"}
POWERS = {"A": "2^10", "B": "10^3", "C": "3^6", "D": "5^4"}


@pytest.mark.parametrize("reply, options, letter", [
    ("It's either A or C — the ears look like a fox's, but the body shape is closer to a dog's. Both seem plausible "
     "given the blurry image.", FOX, None),
    ("Fox and dog both seem plausible at first, but the body shape makes it a dog.", FOX, "C"),
    ("B and C are both consistent with the figure; the segments in regions II and III look equally steep.", REGIONS,
     None),
    ("The answer is C. A and B are both possible at first glance, but the log axis rules them out.", REGIONS, "C"),
    ("which makes it a violin rather than a cello (a cello rests on the floor).", VIOLIN, "A"),
    ("I think the image shows a single dog curled up on a sofa.", SOFA, None),  # not "two dogs"
    ("I see two dogs playing.", SOFA, "D"),
    ("12, 15 and 21 are all divisible by 3; only 10 isn't.", THIRDS, None),
    ("12, since its digit sum is 3.", THIRDS, "A"),
    ("There are **three** apples: two grouped on the left side of the table and one next to the plate.", APPLES, "B"),
    ("I count **2** on the left and **3** on the right.", APPLES, None),
    ("Each chair has **4** legs; 3 chairs give 12 legs in total.", {"A": "4", "B": "7", "C": "12", "D": "16"}, "C"),
    ("Let's eliminate:\n- 21 = 3 × 7 ❌\n- 27 = 3³ ❌\n- 33 = 3 × 11 ❌\n\nThat leaves the third option as the only prime.",
     PRIMES, "C"),
    ("So 1024 is the biggest, just edging out 1000.", POWERS, "A"),
])
def test_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=maths.states_value).letter == letter


def _attack(name: str) -> list[dict]:
    path = Path(__file__).parent.parent / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# Round 64 reads a gold of labelled parts ("(1) 5 (2) 5") as several answers, so a closing list of both values
# states both: this row's trimmed mean (labelled wrong, arguable: its value coincides with the mean) is now accepted.
_ACCEPTED_SINCE_ROUND_64 = {"a26-m2-064"}


def _maths_cases() -> list:
    return [pytest.param(case, id=case["id"], marks=pytest.mark.xfail(strict=True, reason="arguable; accepted since "
                                                                                            "round 64"))
            if case["id"] in _ACCEPTED_SINCE_ROUND_64 else pytest.param(case, id=case["id"])
            for case in _attack("attack_round26_maths.jsonl")]


@pytest.mark.parametrize("case", _maths_cases())
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


@pytest.mark.parametrize("case", _attack("attack_round26_choice.jsonl"), ids=lambda case: case["id"])
def test_the_choice_attack_reads_as_labelled(case):
    assert infer_choice(case["reply"], case["options"], same_value=maths.states_value).letter == case["label"], \
        case["why"]
