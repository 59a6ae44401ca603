"""Round 17 of the maths reader (docs/profiles-math.md, "Round 17"), written from round 17's blind probes
(tests/data/probes_round17.jsonl) after they were scored once as round 16's held-out measure, narrowed after a helper's
attack and checked by a second (the replies of both that the old reader or a first version got wrong, read as labelled
now, are tests/data/attack_round17_maths.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.meaning import answers_question


def _verdict(prediction: str, answer: str, question: str | None = None, **extra) -> str:
    row = {"prediction": prediction, "answer": answer, **extra}
    if question:
        row["question"] = question
    return score_row("olympiad", row, profile="default").status


CONVERGE = "Does the improper integral ∫₁^∞ (sin x)/x dx converge?"


@pytest.mark.parametrize("reply, yes", [
    ("the integral is not absolutely convergent", None),  # about the qualified property only: neither answer
    ("it does not converge absolutely", None),
    ("The integral does not converge uniformly", None),
    ("it converges conditionally, but not absolutely", True),  # the qualifier denied apart from the claim
    ("the integral is convergent (although not absolutely convergent)", True),  # a plain claim beside it
    ("It is not absolutely convergent, yet it converges by Dirichlet's test.", True),
    ("It does not converge, and a fortiori it does not converge absolutely.", False),
    ("the integral converges absolutely", True),  # more than asked: it converges
    ("the integral diverges", False),
    ("the integral converges", True),
])
def test_a_claim_denied_only_as_qualified_answers_neither_way(reply, yes):
    assert answers_question("Yes", reply, CONVERGE) is yes
    assert answers_question("No", reply, CONVERGE) is (None if yes is None else not yes)


def test_a_qualified_claim_in_a_reply_is_no_yes_to_the_plain_question():
    reply = ("Compare with $\\int_1^\\infty \\frac{|\\sin x|}{x}\\,dx$, which diverges.\n\nTherefore the integral is not "
             "absolutely convergent.")
    assert _verdict(reply, "Yes", CONVERGE) == "wrong"
    assert _verdict(reply, "No", CONVERGE) == "wrong"


@pytest.mark.parametrize("reply, answer, question, status", [
    # the question's expression restated before an approximation names what is computed: the decimal is the answer
    ("**Final Answer:** $3^{40} \\approx 1.2158\\times10^{19}$", "12157665459056928801", "Compute 3⁴⁰.", "wrong"),
    ("**Final Answer:** $2^{10} \\approx 1024$", "1024", "Compute $2^{10}$.", "correct"),
    ("So $\\tan\\frac{\\pi}{8} \\approx 0.4142$.", "\\sqrt{2} - 1", "Find the exact value of $\\tan\\frac{\\pi}{8}$.",
     "wrong"),
    # an exact value of its own before the decimal still decides
    ("So $\\tan\\frac{\\pi}{8} = \\sqrt2 - 1 \\approx 0.4142$.", "\\sqrt{2} - 1",
     "Find the exact value of $\\tan\\frac{\\pi}{8}$.", "correct"),
    ("**Final Answer:** $\\frac{2}{3} \\approx 0.667$", "\\frac23", "Compute 2/3.", "correct"),
    # without the question the exact side is read as before
    ("**Final Answer:** $3^{40} \\approx 1.2158\\times10^{19}$", "12157665459056928801", None, "correct"),
    # only a question that asks to compute that one expression: an exact answer written in a longer question is no
    # restatement of it
    ("$$\\boxed{\\sqrt{2}\\approx 1.414}$$", "\\sqrt{2}", "Simplify √8 − √2.", "correct"),
    ("$$\\boxed{\\sqrt{3}\\approx 1.732}$$", "\\sqrt{3}", "Which is larger, √3 or 5/3?", "correct"),
])
def test_the_asked_expression_restated_before_an_approximation_is_a_label(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, answer, extra, status", [
    ("The ionization energy is therefore 2.18 × 10⁻¹⁸ J.", "13.6", {"unit": "eV", "error": "0.1"}, "correct"),
    ("The ionization energy is therefore 2.18 × 10^{-18} J.", "13.6", {"unit": "eV", "error": "0.1"}, "correct"),
    ("The ionization energy is therefore 2.18 × 10⁻¹⁸ J.", "13.6", {"unit": "eV", "error": "0.001"}, "wrong"),
    ("That is 3 × 10⁵ km/s — the speed of light, as expected.", "3.0 \\times 10^{8} m/s", {}, "correct"),
    ("That is 3 × 10⁵ m/s.", "3.0 \\times 10^{8} m/s", {}, "wrong"),  # the power of ten is part of the number
    ("so the distance is 5.3 × 10^{-11} m.", "0.53", {"unit": "Å"}, "correct"),
])
def test_a_number_times_a_power_of_ten_in_prose_is_one_number(reply, answer, extra, status):
    assert _verdict(reply, answer, **extra) == status


BALL = ("Time to fall: h = ½gt² → t = √(2h/g) = √(40/10) = 2 s.\n\nSpeed at impact: v = gt = 10 × 2 = {v} m/s.\n\n"
        "(Check with energy: v = √(2gh) = √400 = 20 m/s ✓)")
LOG = ("From log₃(3x − 4) = 1 we get 3x − 4 = 3, so 3x = 7 and\n\n$$x = 2\\tfrac{1}{3}.$$\n\n"
       "(Check: 3·(7/3) − 4 = 3 and log₃ 3 = 1.)")


@pytest.mark.parametrize("reply, answer, status", [
    (BALL.format(v=20), "20 m/s", "correct"),
    (BALL.format(v=18), "20 m/s", "wrong"),  # the result before the check is the answer, not the check's value
    (LOG, "\\frac{7}{3}", "correct"),
    (LOG, "\\frac{8}{3}", "wrong"),
    # a check that corrects the result is no aside: what it concludes counts (as before)
    ("$$\\det = 1\\cdot4 + 2\\cdot 3 = 10$$\n\n(Check: should be ad - bc = 4 - 6 = -2, so det = -2.)", "10", "wrong"),
    ("$$S = 50$$\n\n(Check: 5 pairs of 11 is 55, not 50.)", "50", "wrong"),
    # a check concluding a value of its own is no aside either
    ("So $x = 3$.\n(Check: plugging in, $3\\cdot3-4 = 5$; we need $3$, so the right value is $x = 7/3$.)",
     "\\frac{7}{3}", "correct"),
    ("There are 4! = 24 arrangements.\n(Check: 5·4·3·2·1 = 120, so it is 120.)", "120", "correct"),
    ("x = 6\n(Check: 2(6) + 1 = 13, which is 2 too many; x = 5.)", "5", "correct"),
])
def test_a_closing_check_in_parentheses_that_takes_nothing_back_is_passed_over(reply, answer, status):
    assert _verdict(reply, answer) == status


EDGES = "A convex polyhedron has 8 vertices and 6 faces. How many edges does it have?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("By Euler's formula V − E + F = 2:\n\n8 − E + 6 = 2, so E = 12.\n\nThe polyhedron has twelve edges.", "12", EDGES,
     "correct"),
    ("By Euler's formula V − E + F = 2:\n\n8 − E + 6 = 2, so E = 12.\n\nThe polyhedron has eleven edges.", "12", EDGES,
     "wrong"),
    # a count in words of something else closing the reply is a remark, passed over as before
    ("So the polyhedron has 12 edges.\n\nFor instance, a cube has two square faces meeting along each edge.", "12",
     EDGES, "correct"),
    ("Each element is in or out, so there are 2^5 = 32 subsets.\nEach element has two choices.", "32",
     "How many subsets does a 5-element set have?", "correct"),
])
def test_a_closing_count_in_words_of_what_is_asked_states_a_value(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("reply, answer, status", [
    ("正确。设 a < b 为有理数，取 x = a + (b − a)/√2，则 a < x < b。所以 x 是无理数。", "True", "correct"),
    ("错误。反例：a = 0。", "True", "wrong"),
    ("可以。解得 $a = 3$。", "3", "correct"),  # a possibility before a value: the value is the answer
    ("逆命题不正确。原命题正确，因为平方保持大小关系。", "False", "wrong"),  # a verdict on another statement
])
def test_a_chinese_verdict_before_its_proof(reply, answer, status):
    assert _verdict(reply, answer, "已知 $2a + 1 = 7$，你能求出 $a$ 的值吗？" if answer == "3" else
                    "True or false: between any two distinct rationals there is an irrational.") == status


MANY = "Are there infinitely many positive integers n such that n² + 1 is divisible by 5?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Every n ≡ 2 or 3 (mod 5) works, so there are infinitely many such n.", "Yes", MANY, "correct"),
    ("Every n ≡ 2 or 3 (mod 5) works, so there are infinitely many such n.", "No", MANY, "wrong"),
    ("Only n = 2 and n = 3 work, so there are only finitely many such n.", "No", MANY, "correct"),
    ("Only n = 2 and n = 3 work, so there are only finitely many such n.", "Yes", MANY, "wrong"),
    ("It is irreducible over ℚ.", "Yes", "Is x² + x + 1 irreducible over ℚ?", "correct"),
    ("It is reducible over ℚ.", "Yes", "Is x² + x + 1 irreducible over ℚ?", "wrong"),
    ("det = 1·4 − 2·2 = 0, hence the matrix is singular.", "No", "Is the matrix [[1, 2], [2, 4]] invertible?",
     "correct"),
    ("det = 1·4 − 2·2 = 0, hence the matrix is singular.", "Yes", "Is the matrix [[1, 2], [2, 4]] invertible?",
     "wrong"),
    ("Its determinant is $1\\cdot 4-2\\cdot 2=0$, so the matrix is singular — it is **not** invertible.", "No",
     "Is the matrix $\\begin{pmatrix}1&2\\\\2&4\\end{pmatrix}$ invertible?", "correct"),
    # a claim about another place answers nothing asked; singular values are no singular matrix
    ("x² + 1 is irreducible over ℚ.", "Yes", "Is x² + 1 irreducible over ℝ?", "wrong"),
    ("f is differentiable on ℝ∖{0}.", "Yes", "Is f(x) = x|x| differentiable at 0?", "wrong"),
    ("Its smallest singular value is 2 — it is invertible.", "Yes", "Is A = diag(3, 2) invertible?", "correct"),
])
def test_yes_no_questions_answered_by_a_claim(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


PARTS = ("Let me do the second one first since it's a classic triple.\n\n(2) The other leg is √(13² − 5²) = √144 = {b}."
         "\n\n(1) The hypotenuse is √(3² + 4²) = √25 = {a}.")


@pytest.mark.parametrize("a, b, answer, status", [
    (5, 12, ["5", "12"], "correct"),  # several golds: the parts, read by label
    (12, 5, ["5", "12"], "wrong"),  # ordered by label, not by the order of writing
])
def test_numbered_parts_answered_out_of_order_are_read_by_label(a, b, answer, status):
    row = {"prediction": PARTS.format(a=a, b=b), "final_answer": answer}
    assert score_row("olympiad", row, profile="default").status == status


@pytest.mark.parametrize("reply, status", [
    ("We have:\n(1) 2 + 3 = 5\n(2) 2 × 3 = 7", "wrong"),  # a step is no part's value; its chain states 7
    ("We have:\n(1) 2 + 3 = 5\n(2) 2 × 3 = 6", "correct"),
    ("We have:\n(2) 2 × 3 = 6\n(1) 2 + 3 = 5", "correct"),  # a chain's last value, in label order
])
def test_numbered_lines_are_read_by_their_chains_last_values(reply, status):
    assert score_row("olympiad", {"prediction": reply, "final_answer": ["5", "6"]}, profile="default").status == status


@pytest.mark.parametrize("gold, chain, equal", [
    ("6", "2 \\times 3 = 7", False),  # the chain does not restate one value: its last counts
    ("6", "2 \\times 3 = 6", True),
    ("\\frac13", "\\frac{1}{3} = 0.333", True),  # a decimal rounding the exact value restates it
    ("\\frac13", "\\frac{1}{3} = 0.3", True),
    ("\\frac13", "\\frac{1}{3} = 0.4", True),  # a decimal after the exact value: the exact value decides (as before)
    ("\\frac13", "\\frac{1}{3} = 33.3\\%", True),  # a percent, a degree or a power of ten restates it too
    ("72^\\circ", "72^\\circ = 1.26", True),
    ("1048576", "2^{20} = 1.05 \\times 10^6", True),
    ("\\frac16", "\\frac{6}{36} = \\frac{1}{7}", False),  # another exact number closing it: that number
    ("8", "2^3 = 9", False),
    ("\\sqrt2", "\\sqrt{2} = 1.41421", True),
])
def test_a_chain_of_values_closing_on_another_exact_number_states_it(gold, chain, equal):
    assert maths.equivalent(gold, chain)[0] is equal


def test_the_new_number_patterns_stay_linear():
    from pytest_answerbench.maths.extract import _PROSE_NUMBER

    for text in ("9" * 20000, "1 × " * 10000, "1.5 × 10^" * 5000):
        assert len(list(_PROSE_NUMBER.finditer(text))) >= 1


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round17_maths.jsonl"
    return [json.loads(line) for line in path.open(encoding="utf-8")]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attacks_read_as_labelled(case):
    """The replies of the two helper attacks on round 17 (516 and 701, labelled by the grading conventions before
    either version ran) that the reader before this round or a first version of it got wrong, read as labelled now."""
    extra = {k: case[k] for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]
