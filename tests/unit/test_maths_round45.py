"""Round 45 of the readers (docs/profiles-math.md, "Round 45"; docs/profiles-mc.md, "Round 44"), written from round
46's blind probes (tests/data/probes_round46.jsonl) after they were scored once as the held-out measure of round 43,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.meaning import who_moves_first

ESCAPE = ("Find the escape speed from the Earth's surface ($M=5.97\\times10^{24}$ kg, $R=6.37\\times10^6$ m, "
          "$G=6.67\\times10^{-11}\\ \\mathrm{N\\,m^2/kg^2}$).")
DATA = "Find the mean and the median of the data set 2, 3, 3, 5, 7, 10."
COMPOSE = "Let $f(x)=x^2+1$. Find $f(f(2))$."
FORM = "Express $\\dfrac{1}{1+i}$ in the form $a+bi$."
SQUAREFREE = "Write $\\sqrt{72}$ in the form $a\\sqrt{b}$ with $b$ squarefree."
STONES = ("Alice and Bob alternately remove 1, 2 or 3 stones from a pile of 2024 stones, Alice moving first. Whoever "
          "takes the last stone wins. Which player has a winning strategy?")


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # a formula in quantities the question gives values, then the value after ≈
    ("Escape speed has a factor $\\sqrt2$:\n$$v_{esc}=\\sqrt{\\frac{2GM}{R}}\\approx1.12\\times10^{4}\\ \\text{m/s}.$$",
     "11.2 km/s", ESCAPE, "correct", {}),
    ("$$v_{esc}=\\sqrt{\\frac{2GM}{R}}\\approx1.22\\times10^{4}\\ \\text{m/s}.$$", "11.2 km/s", ESCAPE, "wrong", {}),
    ("$$v_{esc}=\\sqrt{\\frac{2GMk}{R}}\\approx1.12\\times10^{4}\\ \\text{m/s}.$$", "11.2 km/s", ESCAPE, "wrong", {}),
    # named values in bold, in the question's order
    ("The median is $(3+5)/2=4$. The mean is $30/6=5$.\n\n**Median = 4, Mean = 5.**", "5,\\ 4", DATA, "correct", {}),
    ("The median is $(3+5)/2=4$. The mean is $30/6=5$.\n\n**Median = 5, Mean = 4.**", "5,\\ 4", DATA, "wrong", {}),
    # a check in brackets after the answer line
    ("<think>\nf(2) = 5. f(5) = 26.\n</think>\n\n**Answer: 26** (Check: $f(2)=5$, and $f(5)=5^2+1$.)", "26", COMPOSE,
     "correct", {}),
    ("<think>\nf(2) = 5. f(5) = 26.\n</think>\n\n**Answer: 25** (Check: $f(2)=5$, and $f(5)=5^2+1$.)", "26", COMPOSE,
     "wrong", {}),
    # the constants of the asked form
    ("Multiply by the conjugate: $\\frac{1-i}{2}$.\n\nSo $a=0.5$ and $b=-0.5$.", "\\frac12-\\frac12 i", FORM, "correct", {}),
    ("Multiply by the conjugate.\n\nSo $a=0.5$ and $b=0.5$.", "\\frac12-\\frac12 i", FORM, "wrong", {}),
    ("$72=36\\cdot2$.\n\nSo $a=3$ and $b=8$.", "6\\sqrt{2}", SQUAREFREE, "wrong", {}),
    # a winner after a label, and by turn
    ("Alice takes 1 stone and then mirrors.\n\nWinner: **Alice** (the first player).", "Alice", STONES, "correct", {}),
    ("Alice takes 1 stone and then mirrors.\n\nWinner: **Alice** (the first player).", "Bob", STONES, "wrong", {}),
    ("Since $2024=4\\cdot506$, Alice starts in a losing position.\n\nSo the winning strategy belongs to the second "
     "player.", "Bob", STONES, "correct", {}),
    ("Since $2024=4\\cdot506$, Alice starts in a losing position.\n\nSo the winning strategy belongs to the second "
     "player.", "Alice", STONES, "wrong", {}),
    # a quantity the question does not ask, and a blank left out
    ("The sum is 20 and there are 5 values. The value 3 appears twice.\n\n**Mean = 4, Mode = 3.**", "4; 3",
     "Find the mean and the median of the data set 1, 3, 3, 6, 7.", "wrong", {}),
    ("Sum 15 over 5 values; middle value 2.\n\n**Median = 2, Mean = 3.**", "3; 2; 2",
     "Find the mean, the median and the mode of the data set 1, 2, 2, 3, 7.", "wrong", {}),
])
def test_round_45_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


@pytest.mark.parametrize("question, first", [
    (STONES, "Alice"), ("Bob and Carol play, with Carol going first. Who wins?", "Carol"),
    ("Alice and Bob play a game. Who wins?", None),
])
def test_who_moves_first(question, first):
    assert who_moves_first(question) == first


CONSERVED = {"A": "Momentum", "B": "Kinetic energy", "C": "Total energy", "D": "All of the above"}
SQUARES = {"A": "Every square is a rectangle.", "B": "Every rectangle is a parallelogram.",
           "C": "Every rhombus is a square.", "D": "Every square is a rhombus."}
CAPITALS = {"A": "Sydney", "B": "Melbourne", "C": "Perth", "D": "Canberra"}
MOMENTA = {"A": "a 0.1 kg ball at 30 m/s", "B": "a 2 kg cart at 1 m/s", "C": "a 60 kg runner at 0.05 m/s",
           "D": "a 1 kg brick at 5 m/s"}
STATEMENTS = {"A": "I only", "B": "I and II only", "C": "II and III only", "D": "I, II and III"}
PRIMES = {"A": "51", "B": "52", "C": "53", "D": "57"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Momentum is conserved, kinetic energy is conserved (the collision is elastic), and total energy is always "
     "conserved. All of them are conserved.", CONSERVED, "D"),
    ("Momentum is conserved and total energy is conserved. All of them except kinetic energy are conserved.", CONSERVED,
     None),
    ("A: true. B: true. C: false — a rhombus with 60° angles is not a square. D: true.\n\nSo the false statement is C.",
     SQUARES, "C"),
    ("A common mistake is to pick Sydney, the largest city. The capital is Canberra.", CAPITALS, "D"),
    ("I pick Sydney, the largest city.", CAPITALS, "A"),
    ("The momenta are 3, 2, 3 and 5 kg·m/s respectively, so the last option has the largest.", MOMENTA, "D"),
    ("The values are 1024, 1000, 729 and 625, so the last option has the smallest value and the first option has the "
     "largest.", {"A": "$2^{10}$", "B": "$10^{3}$", "C": "$3^{6}$", "D": "$5^{4}$"}, "A"),
    ("$6\\times7=42$, so the answer is B.\n\nQ2: What is $7\\times8$?\nA. 54 B. 58 C. 56 D. 64\nAnswer: C",
     {"A": "36", "B": "42", "C": "48", "D": "54"}, "B"),
    ("I is true. II is true (continuous functions on $[a,b]$ are integrable). III is false ($|x|$ at $0$). So I and II.",
     STATEMENTS, "B"),
    ("51 = 3·17, 52 is even, 53 is prime. The answer is C.\n\nQuestion: Which is the largest prime less than 50?\nA. 45 "
     "B. 47 C. 49 D. 48\nAnswer: B", PRIMES, "C"),
])
def test_round_44_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round45_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 45 (tests/data/attack_round45_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
