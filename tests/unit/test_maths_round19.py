"""Round 19 of the maths reader (docs/profiles-math.md, "Round 19"), written from round 19's blind probes
(tests/data/probes_round19.jsonl) after they were scored once as round 18's held-out measure, then narrowed after two
helpers' attacks (the replies the old reader or a first version got wrong, read as labelled now, are
tests/data/attack_round19_maths.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row


def _verdict(prediction: str, answer: str, question: str | None = None, **extra) -> str:
    row = {"prediction": prediction, "answer": answer, **extra}
    if question:
        row["question"] = question
    return score_row("olympiad", row, profile="default").status


def _imo(prediction: str, answer: str, question: str) -> str:
    row = {"Problem ID": "r19", "Short Answer": answer, "prediction": prediction, "Problem": question}
    return score_row("imo", row, profile="default").status


SERIES = "Does the series $\\sum_{n=2}^{\\infty} \\frac{1}{n\\ln n}$ converge or diverge?"
INTEGRAL = "Use the integral test: $\\int_2^{\\infty}\\frac{dx}{x\\ln x} = \\infty$.\n\n"


@pytest.mark.parametrize("closing, answer, status", [
    # a reason opening the sentence is not its claim: the main clause is
    ("Since the integral is infinite, the series does **not** converge.", "Diverges", "correct"),
    ("Since the integral is infinite, the series does **not** converge.", "Converges", "wrong"),
    ("Because the integral diverges, the series converges.", "Diverges", "wrong"),
    # a reason closing it neither
    ("By comparison it converges, not absolutely, since the harmonic series diverges.", "Converges", "correct"),
    ("By comparison it converges, not absolutely, since the harmonic series diverges.", "Diverges", "wrong"),
    # a main clause claiming nothing leaves the reason read as before
    ("Since the integral diverges, we are done: it diverges.", "Diverges", "correct"),
])
def test_a_reason_clause_is_not_the_claim(closing, answer, status):
    assert _verdict(INTEGRAL + closing, answer, SERIES) == status


PRIMES = "Are there finitely many or infinitely many primes of the form $4k+3$?"


@pytest.mark.parametrize("reply, status", [
    ("Suppose there were finitely many. Then $N = 4p_1\\cdots p_m - 1$ gives a contradiction. So the supply never "
     "runs out: there are infinitely many primes of the form $4k+3$.", "correct"),
    ("It is impossible that there are **infinitely many** primes of the form $4k+3$.", "wrong"),
    ("There are only finitely many primes of the form $4k+3$.", "wrong"),
])
def test_what_follows_of_the_form_describes_what_is_counted(reply, status):
    assert _verdict(reply, "Infinitely many", PRIMES) == status


COUNTABLE = "Is the set of all finite subsets of $\\mathbb{N}$ countable or uncountable?"
BIJECTION = "Map each finite subset $S$ to $\\sum_{k\\in S} 2^k$, a bijection onto $\\mathbb{N}$, "


@pytest.mark.parametrize("reply, answer, status", [
    (BIJECTION + "so the family is countable — unlike $\\mathcal{P}(\\mathbb{N})$, which is uncountable.", "Countable",
     "correct"),
    (BIJECTION + "so the family is countable, in contrast to $\\mathbb{R}$, which is not.", "Uncountable", "wrong"),
    # a clause with "whereas" is kept: it may be the answer
    ("The series $\\sum \\frac{1}{n(\\ln n)^2}$ converges, whereas $\\sum \\frac{1}{n\\ln n}$ diverges.", "Diverges",
     "correct"),
])
def test_a_closing_contrast_with_another_object_is_dropped(reply, answer, status):
    question = SERIES if "ln" in reply and "whereas" in reply else COUNTABLE
    assert _verdict(reply, answer, question) == status


HARMONIC = "Does the alternating harmonic series $\\sum_{n=1}^\\infty \\frac{(-1)^{n+1}}{n}$ converge?"


@pytest.mark.parametrize("reply, status", [
    ("By the Leibniz test ($1/n$ decreases to 0) it converges — conditionally, not absolutely, since $\\sum 1/n$ "
     "diverges. Its sum is $\\ln 2$.", "correct"),
    ("By the Leibniz test it does not converge. Its sum would be $\\ln 2$ otherwise.", "wrong"),
    # a later sentence in words claims or doubts: the values are not all that follows
    ("It converges by the Leibniz test. Its sum is $\\ln 2$. Hmm, actually no, it diverges.", "wrong"),
])
def test_to_a_yes_no_question_a_claim_before_closing_values(reply, status):
    assert _verdict(reply, "Yes, it converges", HARMONIC) == status


LOCUS = ("What curve is the locus of points in the plane equidistant from a fixed point and a fixed line not passing "
         "through it?")


@pytest.mark.parametrize("reply, status", [
    ("That is precisely the focus–directrix definition: the fixed point is the focus, the line the directrix, and "
     "the locus is a parabola.", "correct"),
    # a supposed, hedged or denied last clause describes nothing
    ("It looks like an ellipse at first; a parabola would additionally require the line to be the directrix.",
     "wrong"),
    ("Squaring gives a conic: an ellipse or a hyperbola, depending on the distances; and the locus is a parabola "
     "when the line is horizontal.", "wrong"),
])
def test_a_last_clause_describing_the_gold(reply, status):
    assert _verdict(reply, "A parabola", LOCUS) == status


GROUP = "True or false: every group of order 4 is abelian."


@pytest.mark.parametrize("reply, answer, status", [
    ("The only groups of order 4 are $\\mathbb{Z}_4$ and $\\mathbb{Z}_2\\times\\mathbb{Z}_2$, both commutative. So the "
     "statement is correct.", "True", "correct"),
    ("The only groups of order 4 are $\\mathbb{Z}_4$ and $\\mathbb{Z}_2\\times\\mathbb{Z}_2$, both commutative. So the "
     "statement is correct.", "False", "wrong"),
    ("$S_3$ is not commutative, so the statement is false.", "False", "correct"),
])
def test_the_statement_judged_correct_or_false(reply, answer, status):
    assert _verdict(reply, answer, GROUP) == status


RATIONAL = "Is $\\sqrt2+\\sqrt3$ rational?"
PROOF = ("\n\n*Proof.* Suppose $\\sqrt2+\\sqrt3 = r\\in\\mathbb{Q}$. Then $\\sqrt2 = \\frac{r^2-1}{2r}\\in\\mathbb{Q}$, "
         "a contradiction. $\\blacksquare$")


@pytest.mark.parametrize("reply, status", [
    ("**It is irrational.**" + PROOF, "correct"),
    ("**It is rational.**" + PROOF, "wrong"),
    # not of "it": a lemma about another number
    ("**Claim: $\\sqrt6$ is irrational.**" + PROOF.replace("a contradiction", "so it is rational after all"), "wrong"),
    # a proof that corrects its opening line
    ("**It is irrational.**\n\nWait, actually I was wrong: $\\sqrt2+\\sqrt3 = r$ is rational.", "wrong"),
])
def test_an_opening_bold_verdict_of_it_before_its_proof(reply, status):
    assert _verdict(reply, "No", RATIONAL) == status


KONIGSBERG = ("The seven bridges of Königsberg: is it possible to walk a route that crosses every bridge exactly "
              "once?")


@pytest.mark.parametrize("reply, answer, status", [
    ("All four land masses have odd degree (5, 3, 3, 3). An Eulerian trail needs zero or two vertices of odd degree, "
     "so no such walk exists — it can't be done.", "Impossible", "correct"),
    ("All four land masses have odd degree (5, 3, 3, 3). An Eulerian trail needs zero or two vertices of odd degree, "
     "so no such walk exists — it can't be done.", "Possible", "wrong"),
])
def test_a_claim_concluded_in_words_after_numbers(reply, answer, status):
    assert _verdict(reply, answer, KONIGSBERG) == status


NIM = ("Alice and Bob play Nim with heaps of sizes 3, 4 and 5. Alice moves first and the player who takes the last "
       "object wins. Who wins with optimal play?")


@pytest.mark.parametrize("reply, answer, status", [
    ("Nim-sum: $3 \\oplus 4 \\oplus 5 = 2 \\neq 0$. A nonzero Nim-sum is an N-position, so the player to move has a "
     "winning strategy — that's the first player. (She can, e.g., reduce the heap of 3 to 1.)", "Alice", "correct"),
    ("Nim-sum: $3 \\oplus 4 \\oplus 5 = 2 \\neq 0$. A nonzero Nim-sum is an N-position, so the player to move has a "
     "winning strategy — that's the first player. (She can, e.g., reduce the heap of 3 to 1.)", "Bob", "wrong"),
    ("Nim-sum: $3 \\oplus 4 \\oplus 5 = 2$. Winner: the player who moves second.", "Bob", "correct"),
    ("Nim-sum: $3 \\oplus 4 \\oplus 5 = 2$. Winner: the player moving first.", "Bob", "wrong"),
])
def test_winners_by_turn(reply, answer, status):
    assert _verdict(reply, answer, NIM) == status


@pytest.mark.parametrize("reply, answer, status", [
    ("$2^{11}-1 = 2047 = 23 \\times 89$, so no, it isn't prime.\n\nNext question: Is $2^{13}-1$ prime?\nYes — 8191 is "
     "a Mersenne prime.", "No", "correct"),
    ("127 is odd and its digit sum is 10, so it isn't divisible by 3; but 127 = 7 × 18 + 1 … hmm, checking quickly I "
     "get that 127 is not prime.\n\nQuestion: is 131 prime?\nAnswer: yes.", "Yes", "wrong"),
    ("False.\n\nNew problem: is every bounded monotone sequence convergent? True.", "True", "wrong"),
    # the row's own question asked again by the reply is no new one
    ("First, is $\\sqrt6$ rational? No.\nNext question: is $\\sqrt2+\\sqrt3$ rational? If it were $r$, then "
     "$\\sqrt6 = (r^2-5)/2$ would be rational. So no.", "No", "correct"),
])
def test_what_follows_an_invented_question_is_not_the_answer(reply, answer, status):
    question = RATIONAL if "sqrt6" in reply else (
        "True or false: every bounded sequence has a convergent subsequence." if "False." in reply else
        "Is $2^{11}-1$ a prime number?" if "2047" in reply else "Is 127 a prime number?")
    assert _verdict(reply, answer, question) == status
    assert _imo(reply, answer, question) == status


def _attack_cases() -> list[dict]:
    path = Path(__file__).parent.parent / "data" / "attack_round19_maths.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attacks_read_as_labelled(case):
    """The replies of the helpers' attacks on round 19 (labelled by the grading conventions before either version
    ran) that the reader before this round or a first version of it got wrong, read as labelled now."""
    assert _verdict(case["prediction"], case["answer"], case.get("question")) == case["label"], case["why"]
