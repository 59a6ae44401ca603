"""Round 33 of the readers (docs/profiles-math.md, "Round 33"), written from round 34's blind probes
(tests/data/probes_round34.jsonl) after they were scored once as the held-out measure of round 32, then narrowed after
a helper's attack (its replies the reader before this round or this round's first version got wrong, read as labelled
now: tests/data/attack_round33_maths.jsonl)."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.maths.described import offered_stance

TURNTABLE = "A turntable rotates at 1800 rpm. What is its rotation frequency?"
PENDULUM = "A simple pendulum has a period of 0.5 s. What is its frequency?"
DROP = "A ball is dropped from rest from a height of 20 m (g = 9.8 m/s²). How fast is it moving just before it hits the ground?"
CUBIC = "Is $f:\\mathbb{R}\\to\\mathbb{R}$, $f(x)=x^3-x$ injective, surjective, or bijective?"
EXP = "Is $f:\\mathbb{R}\\to\\mathbb{R}$, $f(x)=e^x$ injective, surjective, or bijective?"
RATIONALS = "Is $\\mathbb{Q}\\cap[0,1]$ open, closed, both, or neither as a subset of ℝ?"
NSINN = "Is the sequence $a_n = n\\sin n$ bounded or unbounded?"
TILING = ("Is it possible to tile an 8×8 chessboard with two diagonally opposite corner squares removed using 31 "
          "dominoes?")
ALGEBRAIC = "代数数的全体构成的集合是可数集还是不可数集？"
HARMONIC = "True or false: if $a_n \\to 0$, then $\\sum a_n$ converges."
COMPACT = "Is the set $K = \\{1/n : n \\in \\mathbb{N}\\} \\cup \\{0\\}$ compact in ℝ?"
DIVISORS = "Find (a) the number of positive divisors of 36 and (b) the sum of those divisors."
REMAINDERS = "Find the remainder of $2^{100}$ (a) when divided by 7 and (b) when divided by 5."
DIGITS = "How many two-digit positive integers have digits whose product is 12?"


@pytest.mark.parametrize("text, question, stance", [
    ("So $e^x$ is one-to-one but not onto.", EXP, (True, False)),
    ("surjective (onto), not injective — hence not bijective.", CUBIC, (False, True)),
    ("Neither open nor closed.", RATIONALS, (False, False)),
])
def test_stances_in_other_words(text, question, stance):
    assert offered_stance(text, question) == stance


@pytest.mark.parametrize("reply, answer, question, status", [
    ("f = 1800 rev/min ÷ 60 s/min = 30 s⁻¹.\n\n(The angular velocity would be ω = 2πf ≈ 188 rad/s, but that is not "
     "what's asked.)", "30 Hz", TURNTABLE, "correct"),
    ("f = 1/T = 1/(0.5 s) = 2 s⁻¹.\n\n(Its angular frequency is 4π rad/s.)", "2 Hz", PENDULUM, "correct"),
    ("f = 1/T = 1/(0.5 s) = 2 s⁻¹.\n\n(Its angular frequency is 4π rad/s.)", "4\\pi", PENDULUM, "wrong"),
    ("v = √(2gh) = √392.\n\nv ≈ 19.8 m/s (a bit over 70 km/h).", "19.8", DROP, "correct"),
    ("Speed = 240/3 = 90 km/h.\n(Double check: 240/3 = 80 km/h, I slipped.)", "80",
     "A train travels 240 km in 3 hours. What is its speed?", "correct"),  # a check revising the value is read
    ("Injectivity fails: f(0) = f(1).\n\n**Answer: surjective (onto), not injective — hence not bijective.**",
     "Surjective but not injective", CUBIC, "correct"),
    ("So $e^x:\\mathbb{R}\\to\\mathbb{R}$ is one-to-one but not onto.", "Injective but not surjective", EXP, "correct"),
    ("- Not open.\n- Not closed.\n\n**Neither open nor closed.**", "Neither", RATIONALS, "correct"),
    ("For those n, a_n > n/2.\n\nSo the sequence has no upper bound.", "Unbounded", NSINN, "correct"),
    ("Each domino covers one of each colour. Contradiction.\n\nConclusion: it can't be done.\n\n(By contrast, if you "
     "remove two squares of opposite colours, Gomory's theorem says a tiling always exists.)", "Impossible", TILING,
     "correct"),
    ("可数个有限集的并仍是可数的，所以代数数集是可数集。\n\n（相比之下，超越数集是不可数的。）", "可数", ALGEBRAIC, "correct"),
    ("The harmonic series has terms 1/n → 0, yet $\\sum 1/n$ diverges.\n\nThe converse (if $\\sum a_n$ converges then "
     "$a_n \\to 0$) is true, but that's not what's being asked. The statement as given is false.", "False", HARMONIC,
     "correct"),
    ("By Heine–Borel, K is compact.\n\nWithout the point 0 the set would not be closed and hence would fail to be "
     "compact.", "Yes", COMPACT, "correct"),
    ("σ(36) = 91 and d(36) = 9.\n\nAnswer: 91, 9", "9; 91", DIVISORS, "wrong"),  # the parts in the wrong order
    ("σ(36) = 91 and d(36) = 9.\n\nAnswer: 9, 91", "9; 91", DIVISORS, "correct"),
    ("(a) 2¹⁰⁰ ≡ 2 (mod 7). (b) 2¹⁰⁰ ≡ 1 (mod 5).\n\nRemainders: 2 and 1.", "2, 1", REMAINDERS, "correct"),
    ("(a) 2¹⁰⁰ ≡ 2 (mod 7). (b) 2¹⁰⁰ ≡ 1 (mod 5).\n\nRemainders: 1 and 2.", "2, 1", REMAINDERS, "wrong"),
    ("The pairs are (2,6), (6,2), (3,4) and (4,3), giving 26, 62, 34 and 43. So there are four such numbers.", "4",
     DIGITS, "correct"),
    ("f = 30 s⁻¹.\n(Its angular velocity is ω = 2πf = 60π rad/s.)", "60\\pi",
     "A wheel turns at 30 revolutions per second. What is its angular velocity?", "correct"),  # the bracket answers
    ("Remainders: 1 and 2.", "2, 1", "Find the remainder when $2^{100}$ is divided by (a) 7 and (b) 5.", "wrong"),
    ("Set 2x + 1 = −x + 7, so x = 2 and y = 5.\n\nThe lines meet at x = 2, y = 5.", "(2, 5)",
     "Find the point where the lines y = 2x + 1 and y = −x + 7 intersect.", "correct"),
    ("|x − 2| < 3 ⇔ −1 < x < 5.\n\nSolution set: x ∈ ]−1, 5[.", "(-1, 5)", "Solve $|x-2| < 3$.", "correct"),
    ("Point–slope form: y − 1 = 2(x − 1).\n\nEquivalently, 2x − y − 1 = 0.", "y = 2x - 1",
     "Find the tangent line to $y = x^2$ at the point (1, 1).", "correct"),
    ("So the dot product is a·b = 0", "0", "Find the dot product of (1,2) and (2,-1).", "correct"),  # read as before
])
def test_round_33_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("case", _attack("attack_round33_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]
