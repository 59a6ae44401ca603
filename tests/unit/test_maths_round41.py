"""Round 41 of the readers (docs/profiles-math.md, "Round 41"; docs/profiles-mc.md, "Round 40"), written from round
42's blind probes (tests/data/probes_round42.jsonl) after they were scored once as the held-out measure of round 40,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import equivalent, states_value

IRREDUCIBLE4 = "Is the polynomial $x^4+4$ irreducible over $\\mathbb{Q}$?"
IRREDUCIBLE1 = "Is the polynomial $x^4+1$ irreducible over $\\mathbb{Q}$?"
STONES = ("Alice and Bob play a game with a pile of 2024 stones. Starting with Alice, they alternately remove 1, 2 or 3 "
          "stones. The player who removes the last stone wins. Who has a winning strategy?")
SEQUENCE = "The sequence $\\{a_n\\}$ satisfies $a_1=1$ and $a_{n+1}=2a_n+1$. Find the general term $a_n$."
PAIRS = "Find all pairs of positive integers $(a,b)$ such that $ab+1=a+b$."
ACES = "Two cards are drawn without replacement from a standard 52-card deck. What is the probability that both are aces?"
GLASS = "The refractive index of a glass is 1.5. What is the speed of light in this glass?"
QUARTIC = "How many real solutions does $x^4-5x^2+4=0$ have?"
ARITHMETIC = "已知等差数列 $\\{a_n\\}$ 中，$a_1=2$，$a_3=8$。（1）求公差 $d$；（2）求 $a_{10}$。"
TICTACTOE = "What is the outcome of tic-tac-toe under optimal play by both players?"
SERIES = "True or false: if $a_n\\to0$, then $\\sum a_n$ converges."
ROOTS = "By the rational root theorem, none of $\\pm1,\\pm2,\\pm4$ is a root. "


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # the main clause after a reason is the claim (the first sentence had been read as "No": a false accept)
    (ROOTS + "Since $x^4+4$ has no rational roots, it is irreducible over $\\mathbb{Q}$.", "No", IRREDUCIBLE4, "wrong",
     {}),
    (ROOTS + "Since $x^4+4$ has no rational roots, it is irreducible over $\\mathbb{Q}$.", "Yes", IRREDUCIBLE4,
     "correct", {}),
    # a name between commas after "player"
    ("Multiples of 4 lose.\n\n**Answer:** the second player, Bob, has a winning strategy.", "Bob", STONES, "correct", {}),
    ("Multiples of 4 lose.\n\n**Answer:** the second player, Alice, has a winning strategy.", "Bob", STONES, "wrong", {}),
    # an index range in its own span
    ("Hence $a_n+1=2^n$, i.e. $a_n=2^n-1$ $(n\\ge1)$.", "$a_n=2^n-1$", SEQUENCE, "correct", {}),
    ("Hence $a_n+1=2^n$, i.e. $a_n=2^n+1$ $(n\\ge1)$.", "$a_n=2^n-1$", SEQUENCE, "wrong", {}),
    # families sharing one range
    ("So $(a-1)(b-1)=0$.\n\nAnswer: all pairs $(1,n)$ and $(n,1)$ with $n\\in\\mathbb{Z}_{>0}$.",
     "$(1,b)$ and $(a,1)$ for all positive integers $a,b$", PAIRS, "correct", {}),
    ("So $(a-1)(b-1)=0$.\n\nAnswer: all pairs $(1,n)$ with $n\\in\\mathbb{Z}_{>0}$.",
     "$(1,b)$ and $(a,1)$ for all positive integers $a,b$", PAIRS, "wrong", {}),
    # a chance in words, its rounding in brackets
    ("$P=\\frac{4}{52}\\cdot\\frac{3}{51}$.\n\nSo the probability is one in two hundred twenty-one (about 0.45%).",
     "$\\frac{1}{221}$", ACES, "correct", {}),
    ("$P=\\frac{4}{52}\\cdot\\frac{3}{51}$.\n\nSo the probability is one in two hundred twenty-two (about 0.45%).",
     "$\\frac{1}{221}$", ACES, "wrong", {}),
    # a unit after the span, then where
    ("$v=c/n$.\n\nSo light travels at $v = 2\\times10^{5}$ km/s in the glass.", "$2\\times10^{8}\\ \\mathrm{m/s}$", GLASS,
     "correct", {}),
    ("$v=c/n$.\n\nSo light travels at $v = 2\\times10^{5}$ m/s in the glass.", "$2\\times10^{8}\\ \\mathrm{m/s}$", GLASS,
     "wrong", {}),
    # the count before the solutions listed
    ("$(x^2-1)(x^2-4)=0$.\n\n**Answer:** There are four real solutions, $x=\\pm1$ and $x=\\pm2$.", "4", QUARTIC,
     "correct", {}),
    ("$(x^2-1)(x^2-4)=0$.\n\n**Answer:** There are two real solutions, $x=\\pm1$.", "4", QUARTIC, "wrong", {}),
    # a summary line after the parts
    ("（1）由 $a_3=a_1+2d$，得 $d=3$。\n\n（2）$a_{10}=a_1+9d=2+27=29$。\n\n答：公差为 3，$a_{10}=29$。",
     "(1) $d=3$；(2) $a_{10}=29$", ARITHMETIC, "correct", {}),
    ("（1）由 $a_3=a_1+2d$，得 $d=3$。\n\n（2）$a_{10}=a_1+10d=2+30=32$。\n\n答：公差为 3，$a_{10}=32$。",
     "(1) $d=3$；(2) $a_{10}=29$", ARITHMETIC, "wrong", {}),
    # the object of "ends in"
    ("Neither X nor O can force a win. The game always ends in a **draw** (a \"cat's game\").", "A draw", TICTACTOE,
     "correct", {}),
    ("X can always force three in a row. The game always ends in a win for X.", "A draw", TICTACTOE, "wrong", {}),
    # trivia at another place
    ("Eisenstein at $p=2$ applies. Therefore $x^4+1$ is **irreducible over $\\mathbb{Q}$**.\n\n(Amusingly, it is reducible modulo "
     "every prime $p$.)", "Yes", IRREDUCIBLE1, "correct", {}),
    ("It factors as a product of quadratics. Therefore $x^4+1$ is **reducible over $\\mathbb{Q}$**.\n\n(Amusingly, it is reducible "
     "modulo every prime $p$.)", "Yes", IRREDUCIBLE1, "wrong", {}),
    # the converse in an aside; "This is false"
    ("This is false in general. The harmonic series has $a_n=\\frac1n\\to0$ but diverges.\n\n(The converse, however, "
     "is true: if $\\sum a_n$ converges, then $a_n\\to0$.)", "False", SERIES, "correct", {}),
    ("This is true. The terms go to zero, so the sum converges.", "False", SERIES, "wrong", {}),
])
def test_round_41_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


ELEMENTS = {"A": "Ag", "B": "Au", "C": "Gd", "D": "Go"}
SPEEDS = {"A": "2 m/s", "B": "3 m/s", "C": "4 m/s", "D": "5 m/s"}
APPLES = {"A": "3", "B": "4", "C": "5", "D": "6"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Let me go through the options. " + "Option A is Ag, which is silver. Option B is Au. " * 4, ELEMENTS, None),
    ("Gold's symbol comes from aurum, so it is Au.", ELEMENTS, "B"),
    ("If the question means the average speed over the first 2 seconds, then B (6 m / 2 s = 3 m/s); if it means the "
     "instantaneous speed at t = 2 s, then D (2t + 1 = 5 m/s).", SPEEDS, None),
    ("If it means the average speed, then B; if it means the instantaneous speed, then D. The answer is \\boxed{D}.",
     SPEEDS, "D"),
    ("I count 5 apples: three in the bowl and two on the table next to it.", APPLES, "C"),
    ("I count 5 apples: three in the bowl and three on the table next to it.", APPLES, None),
])
def test_round_40_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


def test_families_with_a_shared_range():
    gold = "$(1,b)$ and $(a,1)$ for all positive integers $a,b$"
    assert equivalent(gold, "(1,n) and (n,1) with n\\in\\mathbb{Z}_{>0}")[0]
    assert not equivalent(gold, "(1,n) and (n,1) with n\\in\\mathbb{Z}")[0]
    assert not equivalent(gold, "(1,n) and (n,2) with n\\in\\mathbb{Z}_{>0}")[0]


@pytest.mark.parametrize("case", attack_cases("attack_round41_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 41 (tests/data/attack_round41_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
