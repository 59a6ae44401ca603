"""Text answers by meaning (the grading conventions, ``maths/meaning.py``): yes/no, existence, finite/infinite, possible/
impossible, always/not necessarily, a named winner or shape, with negations and qualifiers; and the closing
sentence that states such an answer (``maths/prose.py``)."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.meaning import claim, same_meaning


@pytest.mark.parametrize("gold, pred", [
    ("Yes", "Hence it is possible."),
    ("Yes", "Yes, such a colouring exists."),
    ("Yes", "Therefore such a k exists."),
    ("Yes", "It is always true."),
    ("True", "yes"),
    ("No", "Not necessarily."),
    ("No", "It is impossible."),
    ("No", "There is no such k."),
    ("No", "Thus, there exists no such k"),
    ("No", "The limit does not exist."),
    ("does not exist", "the limit does not exist"),
    ("does not exist", "Therefore the limit doesn't exist."),
    ("infinitely many", "There are infinitely many such primes."),
    ("infinitely many", "The set of such n is infinite."),
    ("finitely many", "There are only finitely many solutions."),
    ("not always", "Not necessarily."),
    ("impossible", "It cannot be done: it is not possible."),
    ("possible", "It is possible."),
    ("equilateral", "so the triangle must be equilateral"),
    ("equilateral", "The triangle is necessarily equilateral."),
    ("Alice", "**Alice** has a winning strategy."),
    ("Alice", "Alice wins."),
    ("Bob", "Therefore the winner is Bob."),
    ("a square", "Hence the quadrilateral is a square."),
])
def test_the_same_claim_is_the_same_answer(gold, pred):
    assert same_meaning(gold, pred) is True
    assert maths.equivalent(gold, pred)[0], (gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("Yes", "Hence it is not possible."),  # a negation
    ("Yes", "It is impossible."),
    ("Yes", "Not necessarily."),
    ("No", "Hence it is possible."),
    ("No", "Yes."),
    ("infinitely many", "There are finitely many such primes."),  # a qualifier
    ("infinitely many", "The set is not infinite."),
    ("finitely many", "There are infinitely many."),
    ("does not exist", "The limit exists."),
    ("always", "not always"),
    ("possible", "impossible"),
    ("exists", "There is no such number."),
])
def test_a_negation_or_another_qualifier_is_another_answer(gold, pred):
    assert same_meaning(gold, pred) is False
    assert not maths.equivalent(gold, pred)[0], (gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("Alice", "Bob can force Alice to lose."),  # the name, but not as the one who wins
    ("Alice", "Alice does not have a winning strategy."),  # negated
    ("Alice", "Alice or Bob, depending on n."),  # a hedge
    ("equilateral", "The triangle is isosceles or equilateral."),
    ("equilateral", "The triangle is not equilateral."),
    ("Yes", "Maybe it is possible."),  # a hedge claims nothing
    ("Yes", "This can be checked easily."),  # an aside, not an existence or a possibility
])
def test_a_sentence_that_does_not_state_the_gold_is_not_it(gold, pred):
    assert same_meaning(gold, pred) is not True
    assert not maths.equivalent(gold, pred)[0], (gold, pred)


def test_claims():
    assert claim("Hence it is possible.") == ("possible", True)
    assert claim("**Answer:** Not necessarily.") == ("always", False)
    assert claim("There are infinitely many such primes.") == ("infinite", True)
    assert claim("There are finitely many such primes.") == ("infinite", False)
    assert claim("No.") == ("yes", False)
    assert claim("x = 3") is None
    assert claim("possible or not") is None


def _olympiad(prediction: str, gold: str) -> str:
    return score_row("olympiad", {"prediction": prediction, "final_answer": [gold]}, timeout=10).status


def _imo(prediction: str, gold: str) -> str:
    return score_row("imo", {"Problem ID": "p", "Short Answer": gold, "prediction": prediction}, timeout=10).status


@pytest.mark.parametrize("score", [_olympiad, _imo])
@pytest.mark.parametrize("prediction, gold", [
    ("We colour the board in stripes and check each row. Hence it is possible.", "Yes"),
    ("Counterexample: n = 4.\n\n**Answer:** Not necessarily.", "No"),
    ("Along x = 0 the limit is 1 and along y = 0 it is 0, so the limit does not exist.", "does not exist"),
    ("Each step gives a new prime p > q. There are infinitely many such primes.", "infinitely many"),
    ("All three angles are 60 degrees, so the triangle must be equilateral.", "equilateral"),
    ("Alice mirrors Bob's moves.\n\n**Alice** has a winning strategy.", "Alice"),
    ("No value of k works.\n\nThe final answer is $\\boxed{}$. Thus, there exists no such k.", "No"),
])
def test_a_closing_sentence_states_a_text_answer(score, prediction, gold):
    assert score(prediction, gold) == "correct"


@pytest.mark.parametrize("score", [_olympiad, _imo])
@pytest.mark.parametrize("prediction, gold", [
    ("We colour the board in stripes. Hence it is not possible.", "Yes"),
    ("Each step gives a new prime. There are finitely many such primes.", "infinitely many"),
    ("The final answer is $\\boxed{}$.", "No"),  # an empty box commits to nothing
    ("If it were possible, the answer would be Yes. We show a contradiction.\nThus it is impossible.", "Yes"),
])
def test_a_closing_sentence_with_the_other_meaning_is_wrong(score, prediction, gold):
    assert score(prediction, gold) == "wrong"


def test_a_yes_sentence_with_clauses_is_one_text_answer():
    gold = "\\text{Yes, it will be readable with an electron microscope.}"
    assert maths.equivalent(gold, "\\text{Yes, it could be readable, provided it is encoded. However, it is slow.}")[0]
    assert not maths.equivalent(gold, "\\text{No, it is not readable, since the scale is too small.}")[0]
    assert not maths.equivalent("No, 5", "No, 7")[0]  # a second answer after the No is compared as one


# ---- a gold of whole sentences, claim by claim (meaning.states_claims) ---------------------------------------------

_OBSERVER = ("\\text{The observer is at a point on the equator. The orbit of the space station is a geostationary "
             "orbit.}")
_SINGLET = "\\text{The two neutrons must be in a singlet spin state.}"


@pytest.mark.parametrize("gold, pred", [
    # reason_math rr-0070 and rr-0085 as the responses box them
    (_OBSERVER, "\\text{Observer on the equator; geostationary orbit (circular, equatorial, period } 24\\ \\text{hours)}"),
    (_OBSERVER, "The observer is on the equator, and the space station's orbit is geostationary."),
    (_SINGLET, "\\text{Singlet State } (S=0)"),
    (_SINGLET, "The two neutrons are in a singlet state."),
    (_SINGLET, "singlet spin state"),
    ("The function is strictly increasing.", "strictly increasing"),
    ("The light cannot escape from the star.", "The light cannot escape from the star"),
])
def test_a_gold_of_sentences_is_stated_claim_by_claim(gold, pred):
    assert same_meaning(gold, pred) is True
    assert maths.equivalent(gold, pred)[0], (gold, pred)


@pytest.mark.parametrize("gold, pred", [
    (_OBSERVER, "The observer is at the north pole; geostationary orbit"),  # a key term missing
    (_OBSERVER, "Observer on the equator; polar orbit"),
    (_OBSERVER, "geostationary orbit"),  # one claim of two
    (_OBSERVER, "Observer not on the equator; geostationary orbit"),  # negated
    (_OBSERVER, "Observer on the equator; the orbit is not geostationary"),
    (_OBSERVER, "Observer on the equator or at a pole; geostationary orbit"),  # a hedge
    (_OBSERVER, "Observer probably on the equator; geostationary orbit"),
    (_OBSERVER, "Observer on the equator; geostationary orbit, and a polar orbit"),  # a clause the gold does not say
    ("The observer is at a point on the equator.", "The observer is at a point north of the equator"),
    (_SINGLET, "spin state"),  # the inner words only, not the claim
    (_SINGLET, "triplet state"),
    (_SINGLET, "state"),
    (_SINGLET, "not a singlet state"),
    (_SINGLET, "singlet or triplet state"),  # two alternatives
    (_SINGLET, "singlet/triplet state"),
    (_SINGLET, "a triplet spin state, not a singlet spin state"),
    ("The function is strictly increasing.", "increasing"),  # a qualifier left out
    ("The function is strictly increasing.", "strictly decreasing"),
    ("The light cannot escape from the star.", "The light escapes from the star"),
])
def test_a_sentence_gold_is_not_matched_by_a_near_miss(gold, pred):
    assert same_meaning(gold, pred) is not True
    assert not maths.equivalent(gold, pred)[0], (gold, pred)


@pytest.mark.parametrize("score", [_olympiad, _imo])
def test_a_boxed_text_answer_states_the_gold_sentences(score):
    prediction = ("<think>The station stays above one point, so it orbits with the Earth.</think>\n\n"
                  "Final answer: the observer is on the **equator**.\n\\[\n\\boxed{\\text{Observer on the equator; "
                  "geostationary orbit (circular, equatorial, period } 24\\ \\text{hours)}}\n\\]")
    assert score(prediction, _OBSERVER) == "correct"
    assert score(prediction.replace("geostationary orbit (", "polar orbit ("), _OBSERVER) == "wrong"


@pytest.mark.parametrize("score", [_olympiad, _imo])
@pytest.mark.parametrize("prediction, gold, status", [
    # a closing line of words only: the firm statement of its last clause, or the clause after "so"
    ("All angles are equal, so the triangle must be equilateral.", "equilateral", "correct"),
    ("All angles are equal, so the triangle must be isosceles.", "equilateral", "wrong"),
    ("By strategy stealing, **Alice** has a winning strategy.", "Alice", "correct"),
    ("By symmetry, Bob has a winning strategy.", "Alice", "wrong"),
    # under a condition, or between two players: no commitment
    ("If n is even, Alice has a winning strategy.", "Alice", "wrong"),
    ("Hence, for n odd, Alice or Bob wins.", "Alice", "wrong"),
])
def test_a_closing_firm_statement_in_words(score, prediction, gold, status):
    assert score(prediction, gold) == status


@pytest.mark.parametrize("gold, pred, same", [
    # convergence is a claim with its opposite, as finite / infinite is
    ("diverges", "Therefore, the series diverges.", True),
    ("converges", "Hence the sequence converges.", True),
    ("The sequence converges", "so it is convergent", True),
    ("diverges", "Therefore, the series converges.", False),
    ("converges", "The series does not converge.", False),
    ("converges", "The sequence is not convergent.", False),
    # a set a statement holds for, stated after "holds for"
    ("odd n", "The identity holds for odd n.", True),
    ("odd n", "The identity does not hold for odd n.", None),
])
def test_convergence_and_a_set_a_statement_holds_for(gold, pred, same):
    assert same_meaning(gold, pred) is same
    assert maths.equivalent(gold, pred)[0] is bool(same), (gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("all odd positive integers", "all odd integers"),  # a noun phrase gold: no words left out
    ("The answers are all odd positive integers.", "odd integers"),  # a qualifier is never left out
    ("The solutions are the distinct real roots.", "the roots"),
])
def test_a_noun_phrase_never_drops_a_qualifier(gold, pred):
    assert same_meaning(gold, pred) is not True
    assert not maths.equivalent(gold, pred)[0]


@pytest.mark.parametrize("score", [_olympiad, _imo])
@pytest.mark.parametrize("prediction, gold, status", [
    # a correction at the start of the closing sentence: the corrected claim counts
    ("Yes. Actually, no: the construction fails.", "Yes", "wrong"),
    ("Yes. Actually, no: the construction fails.", "No", "correct"),
    # a claim, then its example: the claim is the answer
    ("Such sets exist; for example, {1, 2}.", "Yes", "correct"),
    ("No such set exists; for example, {1, 2} fails.", "Yes", "wrong"),
    # both Yes and No: no commitment
    ("Yes or no depending on n.", "Yes", "wrong"),
    ("Yes or no depending on n.", "No", "wrong"),
])
def test_a_closing_correction_an_example_and_yes_or_no(score, prediction, gold, status):
    assert score(prediction, gold) == status


def test_infinity_alone_claims_infinitely_many():
    assert claim("\\infty") == ("infinite", True) and claim("∞") == ("infinite", True)
    assert same_meaning("infinitely many", "\\infty") is True
    assert same_meaning("finitely many", "\\infty") is False
    assert claim("(0, \\infty)") is None  # an interval's end is no count
