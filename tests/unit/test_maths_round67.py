"""Round 67 of the readers (docs/profiles-math.md, "Round 67"; docs/profiles-mc.md, "Round 64"), written from some of
the misses of round 66's blind probes (tests/data/probes_round66.jsonl) after they were scored once as the held-out
measure of round 66, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.compare.asked import stated_tolerance
from pytest_answerbench.maths.described import winner

ALTITUDES = "Does there exist a triangle whose three altitudes have lengths $1$, $2$ and $3$?"
CHOMP = ("Chomp is played on a $5\\times 7$ grid whose bottom-left cookie is poisoned; whoever eats it loses. Alice "
         "moves first, then Bob. Who has a winning strategy?")
QUARTIC = "Is the polynomial $x^4+1$ irreducible over $\\mathbb{Q}$?"
QUARTIC_REPLY = "Eisenstein's criterion at $p=2$ applies to $(y+1)^4+1$, so\n\n**$x^4+1$ is irreducible over $\\mathbb{Q}$.**"
PENDULUM = ("A simple pendulum has length $0.8\\ \\text{m}$. Taking $g = 9.8\\ \\text{m/s}^2$, find its period in "
            "seconds. (Answers within $0.01$ s of the reference value are accepted.)")
CAUCHY = "Find all functions $f:\\mathbb{Q}\\to\\mathbb{Q}$ such that $f(x+y)=f(x)+f(y)$ for all rationals $x, y$."


@pytest.mark.parametrize("reply, answer, question, status", [
    # a verdict after GSM8K's marker
    ("The triangle inequality $3+2>6$ fails.\n\n#### No", "No", ALTITUDES, "correct"),
    ("The triangle inequality $3+2>6$ fails.\n\n#### No", "Yes", ALTITUDES, "wrong"),
    ("#### No way around it\n\nThe triangle inequality fails, so such a triangle exists? No: it does not exist.",
     "No", ALTITUDES, "correct"),
    # a winner named with the turn in apposition, a concession after a dash
    ("Strategy stealing rules Bob out.\n\nTherefore **Alice**, the first player, has a winning strategy — even though "
     "the argument doesn't tell us her first move.", "Alice", CHOMP, "correct"),
    ("Strategy stealing rules Bob out.\n\nTherefore **Alice**, the first player, has a winning strategy — even though "
     "the argument doesn't tell us her first move.", "Bob", CHOMP, "wrong"),
    # a bold verdict on the property asked, then a curiosity about reductions mod p, the place asked closing it
    (QUARTIC_REPLY + "\n\nA fun contrast: $x^4+1$ is *reducible* modulo every prime $p$, so irreducibility over "
     "$\\mathbb{Q}$ can't be detected by reducing mod a single prime here.", "Irreducible", QUARTIC, "correct"),
    (QUARTIC_REPLY + "\n\nA fun contrast: $x^4+1$ is *reducible* modulo every prime $p$, so irreducibility over "
     "$\\mathbb{Q}$ can't be detected by reducing mod a single prime here.", "Reducible", QUARTIC, "wrong"),
    (QUARTIC_REPLY, "Irreducible", QUARTIC, "correct"),
    ("So $x^4+1$ is irreducible over $\\mathbb{R}$.", "Irreducible", QUARTIC, "wrong"),
    # a tolerance stated in the question, in the unit it asks the answer in
    ("$T = 2\\pi\\sqrt{0.8/9.8} = \\frac{4\\pi}{7}$, so\n\n$$T \\approx \\boxed{1.80\\ \\text{s}}$$", "1.795", PENDULUM,
     "correct"),
    ("$T = 2\\pi\\sqrt{0.8/9.8}$, so\n\n$$T \\approx \\boxed{1.81\\ \\text{s}}$$", "1.795", PENDULUM, "wrong"),
    # a restriction on a family's constant is kept
    ("Induction gives $f(p/q) = c\\,p/q$.\n\n**Answer:** $f(x) = cx$, where $c$ is a nonzero rational constant.",
     "f(x)=cx,\\ c\\in\\mathbb{Q}", CAUCHY, "wrong"),
    ("Induction gives $f(p/q) = c\\,p/q$.\n\n**Answer:** $f(x) = cx$, where $c$ is any rational constant.",
     "f(x)=cx,\\ c\\in\\mathbb{Q}", CAUCHY, "correct"),
    ("Induction gives $f(p/q) = c\\,p/q$.\n\n**Answer:** $f(x) = cx$ with $c > 0$.", "f(x)=cx,\\ c>0", CAUCHY,
     "correct"),
])
def test_round_67_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


def test_a_tolerance_without_the_golds_unit():
    """A gold without a unit takes the tolerance the question states in the unit it asks the answer in; in another
    unit, or without the question naming one, none."""
    assert stated_tolerance(PENDULUM, "1.795") == pytest.approx(0.01)
    assert stated_tolerance(PENDULUM.replace(" in seconds", ""), "1.795") is None
    assert stated_tolerance(PENDULUM.replace("$0.01$ s", "$1$ ms"), "1.795") is None


def test_a_winner_in_apposition():
    game = "Alice and Bob play Chomp; Alice moves first. Who has a winning strategy?"
    assert winner("Therefore Alice, the first player, has a winning strategy.", game) == "Alice"
    assert winner("Therefore Bob, the second player, has a winning strategy.", game) == "Bob"
    assert winner("Therefore Bob, the first player, has a winning strategy.", game) != "Alice"


CAPITALS = {"A": "Sydney", "B": "Melbourne", "C": "Canberra", "D": "Perth"}


@pytest.mark.parametrize("reply, letter", [
    ("It's either Sydney or Canberra — Sydney is the best-known city, but Canberra was purpose-built. I'd lean toward "
     "one of A or C.", None),
    ("It's either Sydney or Canberra. Canberra was purpose-built as the capital, so I'd lean toward C.", "C"),
])
def test_round_64_choice_readings(reply, letter):
    assert infer_choice(reply, CAPITALS, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round67_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 67 (tests/data/attack_round67_maths.jsonl): the replies this round reads as
    labelled ("#### Yes.", "#### **No**", "#### Yes — ...", a winner in apposition after a dash), the near misses it
    keeps as labelled ("#### No" then a correction, a heading, a winner in apposition negated, hypothetical or taken
    back, a bold line on another place, a tolerance for something else, "$c \\neq 0$" dropping the zero function), and
    its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
