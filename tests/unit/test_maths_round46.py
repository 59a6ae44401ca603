"""Round 46 of the readers (docs/profiles-math.md, "Round 46"; docs/profiles-mc.md, "Round 45"), written from round
47's blind probes (tests/data/probes_round47.jsonl) after they were scored once as the held-out measure of round 44,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.meaning import cjk_polarity, claim

LARGER = "Which is larger, $e^{\\pi}$ or $\\pi^{e}$?"
PRIMES = "Are there finitely many or infinitely many primes of the form 4k + 3?"
EXTREMUM = "函数 $f(x) = x^3$ 在 $x = 0$ 处是否取得极值？"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Numerically $\\pi^e \\approx 22.46$ and $e^\\pi \\approx 23.14$. Thus $\\pi^e$ is the smaller one, and $e^{\\pi}$ "
     "is larger.", "$e^{\\pi}$", LARGER, "correct"),
    ("Numerically $e^\\pi \\approx 22.46$. Thus $e^\\pi$ is the smaller one, and $\\pi^{e}$ is larger.", "$e^{\\pi}$",
     LARGER, "wrong"),
    ("Suppose there were only finitely many. ... Contradiction.\n\nTherefore the list can never be complete: there is no "
     "finite list of such primes.", "Infinitely many", PRIMES, "correct"),
    ("Suppose there were infinitely many. ... Contradiction.\n\nTherefore there is a finite list of such primes.",
     "Infinitely many", PRIMES, "wrong"),
    ("导数在 x = 0 两侧不变号。\n\n结论：f(x) 在 x = 0 处不取得极值。", "否", EXTREMUM, "correct"),
    ("导数在 x = 0 两侧变号。\n\n结论：f(x) 在 x = 0 处取得极值。", "否", EXTREMUM, "wrong"),
])
def test_round_46_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("text, said", [
    ("there is no finite list of such primes", ("infinite", True)), ("there is a finite list", ("infinite", False)),
    ("there are finitely many", ("infinite", False)),
])
def test_no_finite_list(text, said):
    assert claim(text) == said


@pytest.mark.parametrize("text, polarity", [
    ("结论：f(x) 在 x = 0 处不取得极值", False), ("结论：f(x) 在 x = 0 处取得极值", True),
    ("因此 x = 0 是驻点，但不是极值点", False),
])
def test_an_extremum_asked_in_chinese(text, polarity):
    assert cjk_polarity(text, EXTREMUM) is polarity


CURRENTS = {"A": "0.5 A", "B": "1 A", "C": "2 A", "D": "3 A"}
TIMES = {"A": "2 s", "B": "4 s", "C": "6 s", "D": "8 s"}
BULBS = {"A": "Bulb 1", "B": "Bulb 2", "C": "Bulb 3", "D": "All are equally bright"}
PRIME = {"A": "91", "B": "97", "C": "87", "D": "93"}
SERIES = {"A": "$\\sum 1/n$", "B": "$\\sum 1/\\sqrt{n}$", "C": "$\\sum n/(n+1)$", "D": "$\\sum 1/n^2$"}
ODD = {"A": "$y = x^3$", "B": "$y = x^2$", "C": "$y = \\sin x$", "D": "$y = \\cos x$"}


@pytest.mark.parametrize("reply, options, letter", [
    ("I'm sorry, but I can't see the circuit diagram you're referring to, so I can't determine the current through the "
     "4 Ω resistor. That said, in many textbook versions of this problem the answer is B (1 A).", CURRENTS, None),
    ("Only the text of the question came through — I don't have access to the velocity–time graph. However, if the "
     "velocity decreases linearly from 20 m/s at 5 m/s², the object would stop at t = 4 s, so I would choose B.",
     TIMES, None),
    ("I can't view the circuit image directly, so I'm going on the description. I would say C, since Bulb 3 sits on "
     "the branch closest to the battery.", BULBS, "C"),
    ("Check each: 91 = 7 × 13, 87 = 3 × 29, 93 = 3 × 31. None of those is prime. 97 has no prime factor ≤ 9.\n\nSo only "
     "the second one is prime.", PRIME, "B"),
    ("The harmonic series diverges; so does Σ1/√n; and the terms n/(n+1) tend to 1, not 0. Only the fourth option, the "
     "p-series with p = 2, converges (to π²/6).", SERIES, "D"),
    ("A 中 $(-x)^3 = -x^3$，C 中 $\\sin(-x) = -\\sin x$，都是奇函数；B、D 是偶函数。\n\n所以 A 和 C 都对，无法只选一个。", ODD, None),
])
def test_round_45_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round46_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 46 (tests/data/attack_round46_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
