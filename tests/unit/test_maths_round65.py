"""Round 65 of the readers (docs/profiles-math.md, "Round 65"; docs/profiles-mc.md, "Round 62"), written from some of
the misses of round 64's blind probes (tests/data/probes_round64.jsonl) after they were scored once as the held-out
measure of round 64, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.meaning import claim

DIGITS = ("Is the number $0.1010010001\\ldots$ (the $k$-th digit $1$ followed by $k$ zeros) rational or irrational?")
DIGITS_REPLY = "A real number is rational iff its decimal expansion is eventually periodic.\n"
DECAGON = "How many diagonals does a convex decagon have?"
DECAGON_REPLY = "Each vertex joins 7 non-adjacent vertices, and each diagonal is counted twice.\n\n"
STONES = ("There are 21 stones on a table. Alice and Bob alternately remove 1, 2 or 3 stones, Alice moving first. The "
          "player who takes the last stone wins. Who has a winning strategy?")
STONES_REPLY = "Multiples of 4 lose for the player to move; after taking $k$ the opponent takes $4-k$.\n"
PILES = ("There are two piles of 5 coins each. Alice and Bob alternately remove any positive number of coins from one "
         "pile; Alice moves first, and whoever takes the last coin wins. Who wins with perfect play?")
PELL = "Does the equation $x^2 - 2y^2 = 1$ have finitely many or infinitely many solutions in positive integers?"
RHOMBUS = "If the diagonals of a convex quadrilateral are perpendicular, must the quadrilateral be a rhombus?"
KITE = "The kite $(0,1), (1,0), (0,-3), (-1,0)$ has perpendicular diagonals and unequal sides.\n"
POLY = "Does there exist a polynomial $P(x)$ with integer coefficients such that $P(1) = 2$ and $P(3) = 5$?"
POLY_REPLY = "We would need $2 \\mid 5 - 2 = 3$, which is false.\n\n**No**, such a polynomial does not exist.\n\n"
QUARTIC = "Is the polynomial $x^4 + 1$ irreducible over $\\mathbb{Q}$?"
QUARTIC_REPLY = "Eisenstein at $2$ applies to $(x+1)^4 + 1$.\nSo $x^4 + 1$ is irreducible over $\\mathbb{Q}$.\n"
BOUNDED = "Is the sequence $a_n = \\left(1+\\frac1n\\right)^n$ bounded?"
BOUNDED_REPLY = "Each term of the binomial expansion grows with $n$.\n\n"
PHOTON = ("Using $hc = 1240\\ \\mathrm{eV\\,nm}$, find the energy of a photon of wavelength $500\\ \\mathrm{nm}$. (You "
          "may use $1\\ \\mathrm{eV} = 1.6\\times10^{-19}\\ \\mathrm{J}$.)")
PHOTON_REPLY = "$E = (1240/500)(1.6\\times10^{-19})\\ \\mathrm{J}$.\n\n**Final answer:** $E = VALUE\\,\\mathrm{J}$"
BREWSTER = "Light in air strikes glass of refractive index $n = \\sqrt{3}$. At what angle is the reflected light polarised?"
SHIFT = "Find all polynomials $P$ with real coefficients such that $P(x+1) = P(x) + 2x + 1$ for all real $x$."
ABSOLUTE = "Solve the inequality $|x-1|<2$ over the real numbers."


@pytest.mark.parametrize("reply, answer, question, status", [
    # a negation in another clause than the one naming the word chosen
    (DIGITS_REPLY + "So the expansion never becomes periodic, and the number is irrational.", "Irrational", DIGITS,
     "correct"),
    (DIGITS_REPLY + "So the expansion never repeats, hence it is not rational.", "Irrational", DIGITS, "correct"),
    (DIGITS_REPLY + "So the expansion never becomes periodic, and the number is irrational.", "Rational", DIGITS,
     "wrong"),
    (DIGITS_REPLY + "So the number is not irrational.", "Irrational", DIGITS, "wrong"),
    # a count in words owned by the asked object
    (DECAGON_REPLY + "So a convex decagon has thirty-five diagonals.", "35", DECAGON, "correct"),
    (DECAGON_REPLY + "So a convex decagon has thirty-five diagonals.", "36", DECAGON, "wrong"),
    (DECAGON_REPLY + "So a convex decagon has at most thirty-five diagonals.", "35", DECAGON, "wrong"),
    # a winner stated clause by clause
    (STONES_REPLY + "Alice will take the last stone; Bob cannot prevent it.", "Alice", STONES, "correct"),
    (STONES_REPLY + "Alice will take the last stone; Bob cannot prevent it.", "Bob", STONES, "wrong"),
    (STONES_REPLY + "Bob will take the last stone; Alice cannot prevent it.", "Alice", STONES, "wrong"),
    ("Mirror every move. Since Alice moves first, she cannot win against correct play; the game belongs to Bob.",
     "Bob", PILES, "correct"),
    ("Mirror every move. Since Alice moves first, she cannot win against correct play; the game belongs to Bob.",
     "Alice", PILES, "wrong"),
    ("Mirror every move. The game belongs to Bob unless Alice starts.", "Bob", PILES, "wrong"),
    # "cannot be finite", "does not force"
    ("Powers of $3+2\\sqrt2$ give new solutions.\nHence the solution set cannot be finite.", "Infinitely many", PELL,
     "correct"),
    ("Powers of $3+2\\sqrt2$ give new solutions.\nHence the solution set cannot be finite.", "Finitely many", PELL,
     "wrong"),
    (KITE + "So perpendicular diagonals do not force a rhombus; they are necessary but not sufficient.",
     "Not necessarily", RHOMBUS, "correct"),
    (KITE + "So perpendicular diagonals do not force a rhombus; they are necessary but not sufficient.", "Yes",
     RHOMBUS, "wrong"),
    # closing remarks passed over: another case supposed; an aside on another place and a method
    (POLY_REPLY + "(Remark: if rational coefficients were allowed, $P(x) = \\frac{3x+1}{2}$ would work.)", "No", POLY,
     "correct"),
    (POLY_REPLY + "(Remark: if rational coefficients were allowed, $P(x) = \\frac{3x+1}{2}$ would work.)", "Yes",
     POLY, "wrong"),
    (QUARTIC_REPLY + "(Notably, it is reducible modulo every prime, so no single reduction mod $p$ could have proved "
     "this.)", "Yes", QUARTIC, "correct"),
    (QUARTIC_REPLY + "(Notably, it is reducible modulo every prime, so no single reduction mod $p$ could have proved "
     "this.)", "No", QUARTIC, "wrong"),
    # a verdict on the reply's own question: the asked property's opposite flips it; another property answers nothing
    (BOUNDED_REPLY + "So, is the sequence unbounded? **Yes** — it grows without bound.", "Yes", BOUNDED, "wrong"),
    (BOUNDED_REPLY + "So, is the sequence unbounded? **Yes** — it grows without bound.", "No", BOUNDED, "correct"),
    (BOUNDED_REPLY + "So, is the sequence bounded? **Yes** — by 3.", "Yes", BOUNDED, "correct"),
    (BOUNDED_REPLY + "So, is the sequence convergent? **Yes** — to e.", "Yes", BOUNDED, "wrong"),
    # a plain-text family whose constant ranges over the reals
    ("Q(x) = P(x) − x² is periodic, hence constant.\n\nConclusion: the solutions are exactly P(x) = x² + k, where k "
     "may be any real constant.", "P(x)=x^2+c,\\ c\\in\\mathbb{R}", SHIFT, "correct"),
    ("Q(x) = P(x) − x² is periodic, hence constant.\n\nConclusion: the solutions are exactly P(x) = x² + 2x + k, "
     "where k may be any real constant.", "P(x)=x^2+c,\\ c\\in\\mathbb{R}", SHIFT, "wrong"),
    # an interval in words after "the inequality holds for all real x"
    ("−2 < x − 1 < 2.\n\nSo the inequality holds for all real x strictly between −1 and 3.", "(-1,3)", ABSOLUTE,
     "correct"),
    ("−2 < x − 1 < 2.\n\nSo the inequality holds for all real x strictly between −1 and 3.", "[-1,3]", ABSOLUTE,
     "wrong"),
])
def test_round_65_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("angle, status", [("\\frac{\\pi}{3}", "correct"), ("\\frac{\\pi}{4}", "wrong")])
def test_a_display_closing_the_reply_over_several_lines(angle, status):
    reply = f"By Brewster's law, $\\tan\\theta_B = \\sqrt3$. Hence\n\\[\n\\theta_B = {angle}\\ \\text{{rad}}.\n\\]"
    assert _verdict(reply, "60", BREWSTER, unit="^{\\circ}") == status
    assert _verdict(reply.replace("\n", " "), "60", BREWSTER, unit="^{\\circ}") == status  # as on one line


@pytest.mark.parametrize("value, status", [
    ("3.968\\times10^{-19}", "correct"),  # 2.48 eV by the question's 1.6e-19 J (2.4767 eV by the exact constant)
    ("3.974\\times10^{-19}", "wrong"),  # 2.48 eV by the exact constant: the question's factor rules
    ("3.968\\times10^{-18}", "wrong"),
])
def test_a_conversion_the_question_states_is_used(value, status):
    assert _verdict(PHOTON_REPLY.replace("VALUE", value), "2.48", PHOTON, unit="eV") == status


def test_without_a_stated_conversion_the_exact_constant_is_used():
    question = "Find the energy of a photon of wavelength $500\\ \\mathrm{nm}$."
    assert _verdict(PHOTON_REPLY.replace("VALUE", "3.968\\times10^{-19}"), "2.48", question, unit="eV") == "wrong"
    assert _verdict(PHOTON_REPLY.replace("VALUE", "3.97\\times10^{-19}"), "2.478", question, unit="eV") == "wrong"


@pytest.mark.parametrize("text, said", [
    ("the solution set cannot be finite", ("infinite", True)),
    ("there cannot be finitely many", ("infinite", True)),
    ("perpendicular diagonals do not force a rhombus", ("always", False)),
    ("continuity does not guarantee differentiability; the converse implication always holds", ("always", True)),
])
def test_claims_of_round_65(text, said):
    assert claim(text) == said


SHAPES = {"A": "Square", "B": "Equilateral triangle", "C": "Regular hexagon", "D": "Circle"}
RENEWABLE = {"A": "Solar", "B": "Wind", "C": "Hydroelectric", "D": "All of the above"}


@pytest.mark.parametrize("reply, options, letter", [
    ("All of them do — each one is a regular figure and has rotational symmetry of some order.", SHAPES, None),
    ("All of them do, but only the circle has every order, so D.", SHAPES, "D"),
    ("All of them — solar, wind and hydroelectric power are all renewable.", RENEWABLE, "D"),
    (" All three objects are fuzzy.\nThe socks are fuzzy because they are made of a fuzzy material.",
     {"A": "fuzzy", "B": "salty", "C": "hard"}, "A"),
    (" They are all shiny.", {"A": "yellow", "B": "flexible", "C": "shiny"}, "C"),
])
def test_round_62_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round65_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 65 (tests/data/attack_round65_maths.jsonl): the replies this round reads as
    labelled, the near misses it keeps as labelled (a winner clause hedged or contradicted, a count of another object,
    a family whose constant is restricted, a display hedging between two values, "All of them" turning), and its
    multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
