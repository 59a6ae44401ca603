"""Round 44 of the readers (docs/profiles-math.md, "Round 44"; docs/profiles-mc.md, "Round 43"), written from round
45's blind probes (tests/data/probes_round45.jsonl) after they were scored once as the held-out measure of round 42,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import equivalent, states_value
from pytest_answerbench.maths.meaning import claim, winner_named

STONES = ("A pile has 2023 stones. Alice and Bob alternately remove 1, 2 or 3 stones, Alice moving first; the player who "
          "takes the last stone wins. Which player has a winning strategy?")
NIM = "In normal-play Nim with heaps of sizes 3, 5 and 6, does the first player or the second player win with optimal play?"
GROUP = "True or false: every group of order 15 is cyclic."
RATIO = "Does $\\sum_{n=1}^\\infty \\frac{n!}{n^n}$ converge?"
EULER = "In which city did Leonhard Euler die?"
DIFFERENTIABLE = "Is $f(x)=|x|^{3/2}$ differentiable at $x=0$?"
ROOT_TWO = "Is $\\sqrt2$ irrational?"
CYCLOID = ("A circle rolls without slipping along a straight line. What is the name of the curve traced by a fixed point "
           "on its circumference?")
DICE = "Two fair six-sided dice are rolled. What is the probability that the sum is 7?"
TELESCOPE = "Find $\\displaystyle\\sum_{k=1}^{\\infty}\\frac{1}{k(k+1)}$."
ESCAPE = "Compute the escape speed from the surface of the Earth."
COMPTON = "What is the Compton wavelength of the electron?"
BOHR = "Find the speed of the electron in the ground state ($n=1$) of the Bohr model of hydrogen."
DROP = "A ball is dropped from rest from a height of 20 m. How fast is it moving just before it hits the ground?"
SUN = ("From Earth's orbit (radius $1.496\\times10^{11}$ m, period 365.25 days), estimate the mass of the Sun. Answers "
       "within $\\pm0.02\\times10^{30}$ kg are accepted.")


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # the loser named, the winner meant
    ("$2023 = 4\\cdot 505 + 3$. Alice takes 3 and then mirrors Bob.\n\nSo with correct play Bob loses.", "Alice", STONES,
     "correct", {}),
    ("$2023 = 4\\cdot 505 + 3$. Alice takes 3 and then mirrors Bob.\n\nSo with correct play Bob loses.", "Bob", STONES,
     "wrong", {}),
    ("Nim-sum: $3\\oplus5\\oplus6=0$.\n\nA position with nim-sum 0 is a P-position. So the first player, who must move "
     "from this position, loses against correct play.", "The second player", NIM, "correct", {}),
    ("Nim-sum: $3\\oplus5\\oplus6=0$.\n\nSo the first player, who must move from this position, loses against correct "
     "play.", "The first player", NIM, "wrong", {}),
    ("Bob answers every move $m$ with $4-m$.\n\n**The second player, Bob, wins.**", "Bob", STONES.replace("2023", "2024"),
     "correct", {}),
    ("Bob answers every move $m$ with $4-m$.\n\n**The second player, Bob, wins.**", "Alice", STONES.replace("2023", "2024"),
     "wrong", {}),
    # a truth denied twice
    ("Both Sylow subgroups are normal, so $G\\cong C_{15}$.\n\nThe statement is not false — it's true.", "True", GROUP,
     "correct", {}),
    ("Both Sylow subgroups are normal, so $G\\cong C_{15}$.\n\nThe statement is not false — it's true.", "False", GROUP,
     "wrong", {}),
    # "doesn't diverge"
    ("Ratio test: the ratio tends to $1/e$.\n\nSince $1/e<1$, the series doesn't diverge — the ratio test guarantees "
     "(absolute) convergence.", "Yes", RATIO, "correct", {}),
    ("Ratio test: the ratio tends to $1/e$.\n\nSo the series diverges.", "Yes", RATIO, "wrong", {}),
    # an abbreviation, and the alternatives rejected
    ("He returned to St. Petersburg in 1766 and died there in 1783 — so the answer is St Petersburg, not Berlin or "
     "Basel.", "Saint Petersburg", EULER, "correct", {}),
    ("He spent 25 years in Berlin — so the answer is Berlin, not St Petersburg.", "Saint Petersburg", EULER, "wrong", {}),
    # a concession about the derivative
    ("Both one-sided limits agree, so $f'(0)$ exists and equals $0$; $f$ is differentiable at the origin (though "
     "$f''(0)$ does not exist).", "Yes", DIFFERENTIABLE, "correct", {}),
    ("So $f$ is not differentiable at the origin, though $f''(0)$ exists.", "Yes", DIFFERENTIABLE, "wrong", {}),
    # the property asked, then history after a dash
    ("Suppose $\\sqrt2=p/q$ in lowest terms; then both are even.\n\nSo $\\sqrt2$ is irrational — the Pythagoreans knew "
     "this by 400 BC.", "Yes", ROOT_TWO, "correct", {}),
    ("Suppose $\\sqrt2=p/q$ in lowest terms; then both are even.\n\nSo $\\sqrt2$ is irrational — or rather, it is "
     "rational when written as 1.414.", "Yes", ROOT_TWO, "wrong", {}),
    # a closing sentence naming the answer to "What is the name of ...?"
    ("Parametrising with the rolling angle: $x=r(t-\\sin t)$, $y=r(1-\\cos t)$.\n\nThat's the cycloid.", "A cycloid",
     CYCLOID, "correct", {}),
    ("Parametrising with the rolling angle: $x=r(t-\\sin t)$, $y=r(1-\\cos t)$.\n\nThat's the cardioid.", "A cycloid",
     CYCLOID, "wrong", {}),
    # a chance "a k-in-n chance"
    ("Six of the 36 outcomes. So there is a one-in-six chance.", "\\frac16", DICE, "correct", {}),
    ("Five of the 36 outcomes. So there is a one-in-seven chance.", "\\frac16", DICE, "wrong", {}),
    # "converges to"
    ("The sum telescopes: $S_n = 1-\\frac{1}{n+1}$, so the series converges to 1.", "1", TELESCOPE, "correct", {}),
    ("The sum telescopes: $S_n = 1-\\frac{1}{n+1}$, so the series converges to 2.", "1", TELESCOPE, "wrong", {}),
    # a value with its uncertainty
    ("$$v_{esc}\\approx(1.12\\pm0.01)\\times10^{4}\\ \\mathrm{m\\,s^{-1}}$$", "11.2 km/s", ESCAPE, "correct", {}),
    ("$$v_{esc}\\approx(1.21\\pm0.01)\\times10^{4}\\ \\mathrm{m\\,s^{-1}}$$", "11.2 km/s", ESCAPE, "wrong", {}),
    # a computation from measured values, then the value it comes to in its unit
    ("$$\\lambda_C=\\frac{h}{m_ec}=\\frac{6.626\\times10^{-34}}{(9.109\\times10^{-31})(2.998\\times10^{8})}\\approx 2.43\\ "
     "\\text{pm}.$$", "2.43 \\times 10^{-12} m", COMPTON, "correct", {}),
    ("$$\\lambda_C=\\frac{6.626\\times10^{-34}}{(9.109\\times10^{-31})(2.998\\times10^{8})}\\approx 2.53\\ \\text{pm}.$$",
     "2.43 \\times 10^{-12} m", COMPTON, "wrong", {}),
    # a bracket on another quantity closing the sentence
    ("So $v_1 \\approx 2190$ km/s — fast, but still non-relativistic ($v/c\\approx 1/137$).", "2.19 \\times 10^{6}", BOHR,
     "correct", {"unit": "m/s"}),
    ("So $v_1 \\approx 2500$ km/s ($v/c\\approx 1/137$).", "2.19 \\times 10^{6}", BOHR, "wrong", {"unit": "m/s"}),
    # a rough restatement in another unit on the last line
    ("$v=\\sqrt{2gh}=\\sqrt{392}\\approx19.8$ m/s.\n\nThat's roughly 71 km/h.", "19.8 m/s", DROP, "correct", {}),
    ("$v=\\sqrt{2gh}=\\sqrt{392}\\approx21.8$ m/s.\n\nThat's roughly 78 km/h.", "19.8 m/s", DROP, "wrong", {}),
    # a tolerance the question states
    ("$$M=\\frac{4\\pi^2 r^3}{GT^2}\\approx2.0\\times10^{30}\\ \\text{kg}$$", "1.99 \\times 10^{30} kg", SUN, "correct", {}),
    ("$$M=\\frac{4\\pi^2 r^3}{GT^2}\\approx2.1\\times10^{30}\\ \\text{kg}$$", "1.99 \\times 10^{30} kg", SUN, "wrong", {}),
    # a conversion through a factor that is no power of ten stays exact (no implicit tolerance)
    ("$$E_{\\text{ion}}=2.18\\times10^{-18}\\ \\text{J}.$$", "13.6 eV", "What is the ionization energy of hydrogen?",
     "wrong", {}),
])
def test_round_44_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


@pytest.mark.parametrize("pred, question, winner", [
    ("So with correct play Bob loses.", STONES, {"alice", "first player"}),
    ("The second player, Bob, wins.", STONES, {"bob", "second player"}),
    ("So the first player, who must move first, loses.", NIM, {"second player"}),
    ("Bob loses if Alice plays well.", STONES, None),
    ("Bob never loses.", STONES, None),
    ("Carol loses.", STONES, None),
])
def test_the_winner_named_by_the_loser(pred, question, winner):
    found = winner_named(pred, question)
    assert (None if found is None else set(found)) == winner


@pytest.mark.parametrize("text, said", [
    ("The statement is not false — it's true.", ("yes", True)), ("It is not true.", ("yes", False)),
    ("the series doesn't diverge", ("converge", True)), ("the series diverges", ("converge", False)),
    ("the series converges, though its derivative series does not", ("converge", True)),
])
def test_claims(text, said):
    assert claim(text) == said


@pytest.mark.parametrize("gold, pred, same", [
    ("Orthocenter", "orthocentre", True), ("four", "for", False), ("Saint Petersburg", "St. Petersburg", True),
    ("Canberra", "Canberra, not Sydney", True), ("Sydney", "Canberra, not Sydney", False),
    ("Injective but not surjective", "injective, not surjective", True),
    ("9.81", "9.81 \\pm 0.02 m/s^2", True), ("3", "3 \\pm 1", False), ("\\pm 2", "\\pm 2", True),
])
def test_text_and_values(gold, pred, same):
    assert equivalent(gold, pred)[0] is same


ENERGY = {"A": "$(\\gamma-1)mc^2$", "B": "$\\frac12mv^2$", "C": "$\\gamma mc^2$", "D": "$\\gamma m v^2$"}
STATEMENTS = {"A": "I only", "B": "II only", "C": "I and III only", "D": "I, II and III"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Correct options: A\n\n(C is the total energy, which includes the rest energy $mc^2$; B is only the low-speed "
     "limit.)", ENERGY, "A"),
    ("Correct options: A, C\n\n(B is wrong.)", ENERGY, None),
    ("I is true. II fails in general: $\\det(2A)=2^n\\det A$. III is true.\n\nStatements I and III are true.", STATEMENTS,
     "C"),
    ("Statements I, II and III are true.", STATEMENTS, "D"),
    ("Statements II and IV are true.", STATEMENTS, None),
])
def test_round_43_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round44_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 44 (tests/data/attack_round44_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
