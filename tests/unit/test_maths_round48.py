"""Round 48 of the readers (docs/profiles-math.md, "Round 48"; docs/profiles-mc.md, "Round 47"), written from round
49's blind probes (tests/data/probes_round49.jsonl) after they were scored once as the held-out measure of round 47,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.compare.plain import states_open
from pytest_answerbench.maths.meaning import states_draw
from pytest_answerbench.maths.naming import comparison_verdict

POWERS = "Which is larger: $2^{100}$ or $3^{63}$?"
CANTOR = "Is the set of real numbers in $[0,1]$ whose decimal expansion uses only 0 and 1 countable or uncountable?"
ABSOLUTE = "Does the series $\\sum_{n=1}^{\\infty} \\frac{(-1)^n}{\\sqrt{n}}$ converge absolutely?"
LANDAU = "Are there infinitely many primes of the form $n^2 + 1$?"
H_ALPHA = "Find the wavelength of the hydrogen H-alpha line (n = 3 → 2) to three significant figures."
PAIR = "Find the ordered pair (p, q) with p + q = 4 and p − q = −2."
PAIRS = "How many unordered pairs $\\{a, b\\}$ of distinct positive integers satisfy $ab = 36$?"
CROSS = "Compute (2, 1, 0) × (0, 1, 1)."
TICTACTOE = "In tic-tac-toe, with perfect play by both sides, what is the outcome?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Compare logarithms: $63\\log 3 \\approx 30.06$ while $100\\log 2 \\approx 30.10$. So $3^{63}$ is the smaller of the "
     "two numbers.", "$2^{100}$", POWERS, "correct"),
    ("So $2^{100}$ is the smaller of the two numbers.", "$2^{100}$", POWERS, "wrong"),
    ("Therefore $2^{100} > 3^{63}$, so $2^{100}$ is larger.", "$2^{100}$", POWERS, "correct"),  # (read as before)
    ("Send each such number to its digit sequence. By Cantor's diagonal argument, the set is not countable.",
     "uncountable", CANTOR, "correct"),
    ("By Cantor's diagonal argument, the set is not uncountable.", "uncountable", CANTOR, "wrong"),
    ("By Cantor's argument, the set is not countable, or so it seems.", "uncountable", CANTOR, "wrong"),
    ("There are as many algebraic numbers as reals, so they are uncountable. By contrast, the set of integers is not "
     "uncountable.", "countable", "Is the set of all algebraic numbers countable or uncountable?", "wrong"),
    ("a_n is not bounded above by 1/2 (a_3 = 2/3); it lies in [0, 1), so it is bounded.", "bounded",
     "Is the sequence $a_n = 1 - 1/n$ bounded or unbounded?", "correct"),  # (the alternative named twice: as before)
    ("The terms alternate and decrease to 0, so the series converges. However, $\\sum 1/\\sqrt{n}$ diverges, so the "
     "convergence is only conditional.", "No", ABSOLUTE, "correct"),
    ("So the convergence is only conditional.", "Yes", ABSOLUTE, "wrong"),
    ("So the series converges conditionally.", "No", "Does the series converge?", "wrong"),
    ("This is Landau's fourth problem. It is believed there are infinitely many such primes, but no proof is known.",
     "unknown (open problem)", LANDAU, "correct"),
    ("Yes, there are infinitely many such primes.", "unknown (open problem)", LANDAU, "wrong"),
    ("Using the Rydberg formula, 1/λ = R(1/4 − 1/9), so λ ≈ 6.56 × 10⁻⁷ m.", "656\\ \\mathrm{nm}", H_ALPHA, "correct"),
    ("Using the Rydberg formula, 1/λ = R(1/4 − 1/9), so λ ≈ 6.56 × 10⁻⁶ m.", "656\\ \\mathrm{nm}", H_ALPHA, "wrong"),
    ("(p, q) = (3, 1). Wait, then p − q = 2, not −2, so I swapped them: (p, q) = (1, 3).", "(1, 3)", PAIR, "correct"),
    ("(p, q) = (1, 3). Wait, then p − q = −2, so: (p, q) = (3, 1).", "(1, 3)", PAIR, "wrong"),
    ("The factorizations are $1\\cdot36$, $2\\cdot18$, $3\\cdot12$ and $4\\cdot9$, so there are 4 such pairs.", "4",
     PAIRS, "correct"),
    ("The factorizations are $1\\cdot36$, $2\\cdot18$, $3\\cdot12$, $4\\cdot9$ and $6\\cdot6$, so there are 5 such pairs.",
     "4", PAIRS, "wrong"),
    ("$\\mathbf{i} - 2\\mathbf{j} + 2\\mathbf{k}$", "\\langle 1, -2, 2 \\rangle", CROSS, "correct"),
    ("$\\mathbf{i} - 2\\mathbf{j} + 3\\mathbf{k}$", "\\langle 1, -2, 2 \\rangle", CROSS, "wrong"),
    ("The first player can always guarantee at least a draw.", "a draw", TICTACTOE, "wrong"),
    ("With perfect play the game always ends in a draw.", "a draw", TICTACTOE, "correct"),
])
def test_round_48_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, gold, verdict", [
    ("So $3^{63}$ is the smaller one.", "2^{100}", (True, "2^{100}")),
    ("So $3^{63}$ is larger.", "2^{100}", (False, "3^{63}")),
    ("So $3^{63}$ is probably the smaller one.", "2^{100}", None),  # a doubt
    ("**Conclusion:** $e^{\\pi}$ is the larger one.", "2^{100}", None),  # a subject the question does not offer
    ("So $3^{63}$ is larger. Final answer: $3^{63}$", "2^{100}", None),  # an answer line reads it
])
def test_comparison_verdict(reply, gold, verdict):
    assert comparison_verdict(reply, gold, POWERS) == verdict


@pytest.mark.parametrize("gold, pred, same", [
    ("unknown (open problem)", "but no proof is known", True), ("Open problem", "the question remains open", True),
    ("unknown", "it is not known whether there are infinitely many", True), ("Yes", "no proof is known", False),
    ("unknown (open problem)", "there are infinitely many", False),
    ("unknown (open problem)", "This is not an open problem: Zhang proved it in 2013.", False),  # openness denied
    ("unknown (open problem)", "It is not known whether $e\\pi$ is irrational, but $e + \\pi$ certainly is.", False),
])
def test_a_question_said_to_be_open(gold, pred, same):
    assert states_open(gold, pred) is same


@pytest.mark.parametrize("text, drawn", [
    ("The first player can always guarantee at least a draw", False), ("The game always ends in a draw", True),
    ("At worst a draw", False),
    ("Each player can guarantee at least a draw, so with perfect play the game ends in a draw", True),
])
def test_a_bound_on_the_outcome_is_no_draw(text, drawn):
    assert states_draw(text) is drawn


PRIMES = {"A": "I only", "B": "II only", "C": "I and III only", "D": "II and III only"}
FALL = {"A": "1.0 s", "B": "2.0 s", "C": "2.02 s", "D": "4.0 s"}
AIR = {"A": "Oxygen", "B": "Nitrogen", "C": "Argon", "D": "Carbon dioxide"}
SINE = {"A": "1/2", "B": "√2/2", "C": "√3/2", "D": "1"}


@pytest.mark.parametrize("reply, options, letter", [
    ("I is prime (2 is the only even prime). II is not: 9 = 3 × 3. III is prime. So statements I and III.", PRIMES, "C"),
    ("So statements I and II.", PRIMES, None),  # (no option lists exactly those)
    ("t = √(2h/g). If we take g = 10 m/s², t = 2.0 s, which is B; if we use g = 9.8 m/s², t ≈ 2.02 s, which is C.",
     FALL, None),
    ("t = √(2h/g) = √(40/9.8) ≈ 2.02 s, which is C.", FALL, "C"),
    ("It's definitely not oxygen — oxygen is only about 21% of the air.", AIR, None),
    ("It's definitely not oxygen — it is nitrogen.", AIR, "B"),
    ("sin 45° = 1/√2, since the legs of a 45-45-90 triangle with hypotenuse 1 are equal.", SINE, "B"),
])
def test_round_47_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round48_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 48 (tests/data/attack_round48_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
