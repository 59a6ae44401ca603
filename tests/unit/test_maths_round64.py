"""Round 64 of the readers (docs/profiles-math.md, "Round 64"; docs/profiles-mc.md, "Round 61"), written from some of
the misses of round 63's blind probes (tests/data/probes_round63.jsonl) after they were scored once as the held-out
measure of round 63, each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import clean, states_value
from pytest_answerbench.maths.structured import json_reply
from pytest_answerbench.scorers.olympiad.default import tolerances

LOOP = "A circular loop of radius $0.10\\ \\text{m}$ carries a current of $5.0\\ \\text{A}$. Find the field at its centre."
LOOP_REPLY = "$$B = \\frac{\\mu_0 I}{2R} = \\pi\\times10^{-5}\\ \\text{T}.$$\n\nNumerically, B ≈ 3.14e-5 T."
BANANA = "How many distinct arrangements of the letters of the word BANANA are there?"
BANANA_REPLY = ("<think>\nSix letters: three A's, two N's, one B. 6!/(3!·2!) = 720/12 = 60.\n\nCheck by positions: "
                "C(6,3)·C(3,2) = 20·3 = 60. Matches.\n\nSo the number of distinct arrangements is \\boxed{60}.")
HUNDRED = "Can 100 be written as a sum of two or more consecutive positive integers?"
HUNDRED_REPLY = "Take k = 5 terms: 2a + 4 = 40, so a = 18, and 18 + 19 + 20 + 21 + 22 = 100.\n"
EDGES = "Can a convex polyhedron have exactly 7 edges?"
EDGES_REPLY = "Euler's formula gives V + F = 9, but 2E ≥ 3F and 2E ≥ 3V give V + F ≤ 8.\n"
SERIES = "Does the series \\sum_{n=2}^{\\infty} \\frac{1}{n \\ln n} converge?"
SINE = "Does the improper integral \\int_1^{\\infty} \\frac{\\sin x}{x}\\,dx converge?"
SEQUENCE = ("An arithmetic sequence has first term $a_1 = 2$ and common difference $d = 3$. (1) Find $a_{10}$. (2) Find "
            "the sum $S_{10}$ of the first 10 terms.")
LINES = "Find the point of intersection of the lines $y = 2x - 1$ and $y = -x + 5$."
POWER = "Let $A = \\begin{pmatrix}1&1\\\\0&1\\end{pmatrix}$. Compute $A^{10}$."
LENS = ("An object is placed $30\\ \\text{cm}$ in front of a thin converging lens of focal length $10\\ \\text{cm}$. "
        "Find the image distance.")


@pytest.mark.parametrize("cell, value", [
    ("1e-2", 0.01),
    ("1\\times10^{-6}", 1e-6),
    ("$5 \\times 10^{-2}$", 0.05),
    ("2×10^-3", 0.002),
    ("10^{-4}", 1e-4),
    ("1,2\\times10^{-3}", [1.0, 0.002]),
])
def test_a_tolerance_written_with_a_power_of_ten_is_read(cell, value):
    assert tolerances(cell, 1) == value


def test_any_other_tolerance_is_still_an_error():
    with pytest.raises(ValueError):
        tolerances("about a micro", 1)
    row = {"prediction": LOOP_REPLY, "answer": "3.1\\times10^{-5}", "unit": "T", "question": LOOP}
    assert _verdict(**row, error="a micro") == "error"
    assert _verdict(**row, error="1\\times10^{-6}") == "correct"
    assert _verdict(**row, error="1\\times10^{-8}") == "wrong"  # 3.14e-5 is 4e-7 away from the gold


@pytest.mark.parametrize("reply, answer, question, status", [
    # an unclosed reasoning block whose last line closes on a box: its own conclusion, nothing after it
    (BANANA_REPLY, "60", BANANA, "correct"),
    (BANANA_REPLY + "\n\nHmm, but wait", "60", BANANA, "wrong"),  # cut off after the box: thinking still
    (BANANA_REPLY[:-20], "60", BANANA, "wrong"),  # cut off before it
    # "So yes, ..." closing a reply to a yes/no question ("two or more" offers no alternative)
    (HUNDRED_REPLY + "So yes, 100 can be written this way.", "Yes", HUNDRED, "correct"),
    (HUNDRED_REPLY + "So yes, 100 can be written this way.", "No", HUNDRED, "wrong"),
    (HUNDRED_REPLY + "So no, 100 cannot be written this way.", "Yes", HUNDRED, "wrong"),
    # "no <kind> has ..." to "Can a <kind> have ...?"
    (EDGES_REPLY + "This contradiction shows no convex polyhedron has exactly 7 edges.", "Impossible", EDGES,
     "correct"),
    (EDGES_REPLY + "So a convex polyhedron can have exactly 7 edges.", "Impossible", EDGES, "wrong"),
    # a closing remark on other objects, after the verdict
    (EDGES_REPLY + "So no convex polyhedron has exactly 7 edges. (Every other number of edges from 6 upward is "
     "achievable.)", "Impossible", EDGES, "correct"),
    ("By the integral test the series diverges.\nCompare with Σ 1/(n (ln n)^2), which does converge.", "Diverges",
     SERIES, "correct"),
    ("By the integral test the series diverges.\nCompare with Σ 1/(n (ln n)^2), which does converge.", "Converges",
     SERIES, "wrong"),
    ("Hence the integral converges (its value is π/2 − Si(1)).\nIt does not converge absolutely, since ∫ |sin x|/x dx "
     "diverges, but the question only asks about convergence.", "Converges", SINE, "correct"),
    ("Hence the integral diverges (its value is π/2 − Si(1)).", "Converges", SINE, "wrong"),
    # a gold of labelled parts holds several answers
    ("**答案：** (1) $a_{10} = 29$；(2) $S_{10} = 155$", "(1) 29 (2) 155", SEQUENCE, "correct"),
    ("**答案：** (1) $a_{10} = 155$；(2) $S_{10} = 29$", "(1) 29 (2) 155", SEQUENCE, "wrong"),
    # JSON: named values, a matrix
    ('{"steps": ["3x = 6", "x = 2", "y = 3"], "final_answer": {"x": 2, "y": 3}}', "(2,3)", LINES, "correct"),
    ('{"steps": ["3x = 6"], "final_answer": {"x": 3, "y": 2}}', "(2,3)", LINES, "wrong"),
    ('```json\n{"answer": [[1, 10], [0, 1]]}\n```', "\\begin{pmatrix}1&10\\\\0&1\\end{pmatrix}", POWER, "correct"),
    ('```json\n{"answer": [[1, 10], [1, 0]]}\n```', "\\begin{pmatrix}1&10\\\\0&1\\end{pmatrix}", POWER, "wrong"),
])
def test_round_64_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, status", [
    ("So $v = 15$ cm.\n\n**Answer:** v = 0.15 [m]", "correct"),
    ("So $v = 15$ cm.\n\n**Answer:** v = 0.15 [cm]", "wrong"),
])
def test_a_unit_in_square_brackets(reply, status):
    assert _verdict(reply, "15", LENS, unit="cm") == status


@pytest.mark.parametrize("text, unit", [("0.15 [m]", "m"), ("9.8 [m/s^2]", "m/s^{2}"), ("[0, 1]", ""), ("2 [x]", "")])
def test_only_a_unit_in_square_brackets_is_read_as_one(text, unit):
    assert clean(text).unit == unit


def test_a_json_answer_nested_deeper_than_a_matrix_is_no_matrix():
    assert json_reply('{"answer": [[1, 10], [0, 1]]}').answer == "[[1, 10], [0, 1]]"
    assert json_reply('{"answer": [[1, 10], [0, [1]]]}') is None


LOGIC = {"A": "It is raining", "B": "It is not raining", "C": "The ground is dry because of the sun",
         "D": "Nothing can be concluded"}
CURVES = {"A": "Training loss increases after epoch 20", "B": "All models converge to the same final validation loss",
          "C": "The baseline reaches the lowest final validation loss",
          "D": "The proposed model's validation loss plateaus earlier than the baseline's"}


@pytest.mark.parametrize("reply, options, letter", [
    ("Modus tollens gives 'not raining'; nothing mentions the sun. Therefore, the statement that must be true is B.",
     LOGIC, "B"),
    ("Modus tollens gives 'not raining'. The best description is B.", LOGIC, "B"),
    ("A is ruled out: every training curve keeps falling. B is ruled out: the final values differ. C can't be right "
     "either. So D — the proposed model flattens out around epoch 15.", CURVES, "D"),
    ("A is ruled out: every training curve keeps falling. So D — or maybe C, hard to say.", CURVES, None),
])
def test_round_61_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("case", attack_cases("attack_round64_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 64 (tests/data/attack_round64_maths.jsonl): the replies this round reads as
    labelled, the near misses it keeps as labelled (an unclosed block boxing a supposition, a hedge or a rejected
    value; an aside adding an exception; "So D — or B"), and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
