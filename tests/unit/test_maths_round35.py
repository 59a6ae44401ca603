"""Round 35 of the readers (docs/profiles-math.md, "Round 35"; docs/profiles-mc.md, "Round 34"), written from round
36's blind probes (tests/data/probes_round36.jsonl) after they were scored once as the held-out measure of round 34,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack
from test_maths_round34 import read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value

IRREDUCIBLE = "Is the polynomial $x^4+4$ irreducible over $\\mathbb{Q}$?"
ORTHOCENTER = "Does the orthocenter of a triangle always lie inside the triangle?"
STONES = ("A pile has 2024 stones. Alice and Bob alternately remove 1, 2 or 3 stones; Alice moves first, and whoever "
          "takes the last stone wins. Who has a winning strategy?")
RATIONALS = "Is the set $\\mathbb{Q}$ of rational numbers countable or uncountable?"
LIMIT = "Does $\\lim_{x\\to 0} x\\sin(1/x)$ exist?"
POWERS = "Which is larger: $2^{100}$ or $3^{63}$?"
BALMER = "Find the wavelength of the H-α line of hydrogen (transition n = 3 → n = 2)."
COMPOUND = "Evaluate $\\displaystyle\\lim_{n\\to\\infty}\\left(1+\\frac{2}{n}\\right)^n$."


@pytest.mark.parametrize("reply, answer, question, status", [
    # the property the conclusion states, not the reason's negations (it had read No: a false accept)
    ("By the rational root theorem none of $\\pm1,\\pm2,\\pm4$ is a root. With no rational roots, $x^4+4$ has no linear "
     "factor over $\\mathbb{Q}$ and is therefore irreducible.", "No", IRREDUCIBLE, "wrong"),
    ("By the rational root theorem none of $\\pm1,\\pm2,\\pm4$ is a root. With no rational roots, $x^4+4$ has no linear "
     "factor over $\\mathbb{Q}$ and is therefore irreducible.", "Yes", IRREDUCIBLE, "correct"),
    ("It factors: $x^4+4=(x^2+2x+2)(x^2-2x+2)$, and neither factor is a unit, so it is not irreducible.", "No",
     IRREDUCIBLE, "correct"),
    # "no — only for ..."
    ("Yes — the altitudes meet inside.\n\nWait, that's not right: for an obtuse triangle it is outside.\n\n**So no — it "
     "lies inside only for acute triangles.**", "No", ORTHOCENTER, "correct"),
    ("Yes — the altitudes meet inside.\n\nWait, that's not right: for an obtuse triangle it is outside.\n\n**So no — it "
     "lies inside only for acute triangles.**", "Yes", ORTHOCENTER, "wrong"),
    # the lead's winner, the last sentence naming both players; the other player alone still turns it
    ("Bob wins.\n\nThe losing positions are the multiples of 4. Since $2024 = 4\\cdot 506$, Alice starts in a losing "
     "position; Bob simply answers each removal of $k$ stones by removing $4-k$.", "Bob", STONES, "correct"),
    ("Bob wins.\n\nHmm, the losing positions are the multiples of 4, but 2024 is not one of them, so Alice wins.", "Bob",
     STONES, "wrong"),
    # a contrast sentence on another object after the lead
    ("Countable.\n\nList the positive rationals $p/q$ by increasing $p+q$. By contrast, $\\mathbb{R}$ is uncountable by "
     "Cantor's diagonal argument — so the irrationals are uncountable too.", "Countable", RATIONALS, "correct"),
    # a contrast with another object's formula, and the value in brackets after the claim
    ("By the squeeze theorem the limit is 0.\n\nSo the limit exists (and equals 0) — unlike $\\lim_{x\\to0}\\sin(1/x)$, "
     "which oscillates and has no limit.", "Yes", LIMIT, "correct"),
    ("By the squeeze theorem the limit is 0.\n\nSo the limit does not exist (it equals 0) — unlike "
     "$\\lim_{x\\to0}\\sin(1/x)$.", "Yes", LIMIT, "wrong"),
    # the margin after a comparison
    ("Logs: $30.103$ against $30.059$.\n\nThe first is bigger, so $2^{100} > 3^{63}$ — by a factor of roughly "
     "$10^{0.044}\\approx 1.1$.", "$2^{100}$", POWERS, "correct"),
    ("Logs: $30.103$ against $30.059$.\n\nSo $2^{100} < 3^{63}$ — by a factor of roughly $1.1$.", "$2^{100}$", POWERS,
     "wrong"),
    # a bracket line naming what the value is
    ("1/λ = R_H (1/2² − 1/3²) = R_H · 5/36\n\nλ = 36 / (5 × 1.097×10⁷ m⁻¹) ≈ 6.56 × 10⁻⁷ m\n\n(the red Balmer line)",
     "656\\ \\mathrm{nm}", BALMER, "correct"),
    # a value offered and left unsettled (it had been read as e^2: a false accept)
    ("<think>\nWith a = 2 we'd get e².\n</think>\n\nIt might be $e^2$, but I'm not fully certain without knowing the "
     "intended definitions — I'd want to verify before committing to a value.", "e^2", COMPOUND, "wrong"),
    ("<think>\nWith a = 2 we'd get e².\n</think>\n\nIt might be $e^2$; checking with logs, $n\\ln(1+2/n)\\to 2$, so the "
     "limit is $e^2$.", "e^2", COMPOUND, "correct"),
])
def test_round_35_readings(reply, answer, question, status):
    extra = {"error": "1"} if question == BALMER else {}
    assert _verdict(reply, answer, question, **extra) == status


LINEAR = {"A": "3", "B": "5", "C": "4", "D": "−4"}


@pytest.mark.parametrize("reply, letter", [
    ("Plug in: the negative value gives −5 — out. 3 gives 9 and 5 gives 13 — both out. Only x = 4 gives 11.", "C"),
    ("Plug in: the negative value gives −5 — out. 3 gives 9 and 5 gives 13 — both out. Only x = 6 gives 11.", None),
])
def test_round_34_choice_readings(reply, letter):
    assert infer_choice(reply, LINEAR, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", _attack("attack_round35_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 35 (tests/data/attack_round35_maths.jsonl): the replies the reader before read
    otherwise than labelled, or a first version of this round did, read as labelled now."""
    assert read_as_labelled(case), case["why"]


AIR = {"A": "Nitrogen", "B": "Oxygen", "C": "Carbon dioxide", "D": "Argon"}
LCM = {"A": "2", "B": "10", "C": "24", "D": "18"}
SPEED = {"A": "16.7", "B": "26.8", "C": "60", "D": "96.6"}
PHYSICISTS = {"A": "Bohr", "B": "Heisenberg", "C": "Schrödinger", "D": "Dirac"}


@pytest.mark.parametrize("reply, options, letter", [
    # round 37's blind set, written after round 35 (docs/profiles-mc.md, "Round 35")
    ("LCM(4, 6) = 12. None of the listed options is 12 — 24 is a common multiple but not the least one. So none of "
     "these is correct.", LCM, None),
    ("LCM(4, 6) = 12. None of the listed numbers is 12. So none of these is correct.",
     {"A": "2", "B": "10", "C": "24", "D": "None of these"}, "D"),
    ("LCM(4, 6) = 12. None of these is 12 except after doubling: 24 is a common multiple. The answer is C.", LCM, "C"),
    ("If the speedometer is in km/h, that's 16.7 m/s (A); if it's in mph, 26.8 m/s (B). Which one depends on where the "
     "car was built.", SPEED, None),
    ("It reads 60 mph, which is 26.8 m/s (B).", SPEED, "B"),
    ("Roughly 78% nitrogen, 21% oxygen, under 1% argon, and CO₂ is a trace gas at about 0.04%. I'd bet on A.", AIR, "A"),
    ("**B**, Heisenberg — hold on, or was it Schrödinger? No: Schrödinger gave the wave equation; the 1927 uncertainty "
     "paper is Heisenberg's. Sticking with B.", PHYSICISTS, "B"),
    ("Heisenberg or Schrödinger? I'd bet on E.", PHYSICISTS, None),
])
def test_round_35_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter
