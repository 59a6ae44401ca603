"""Round 21 of the readers (docs/profiles-math.md, "Round 21"; docs/profiles-choice.md), written from round 21's blind
probes (tests/data/probes_round21.jsonl) after they were scored once as round 20's held-out measure, then narrowed
after a helper's attack (the replies the old reader or the first version got wrong, read as labelled now, are
tests/data/attack_round21_maths.jsonl). Each reading has its near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import final_answer, states_value
from pytest_answerbench.maths.meaning import defined_answer


def _verdict(prediction: str, answer: str, question: str | None = None, **row: str) -> str:
    fields = {"prediction": prediction, "answer": answer, **row}
    if question:
        fields["question"] = question
    return score_row("olympiad", fields, profile="default").status


# ---- a property stated by its definition, where the question asks that property ----------------------------------

@pytest.mark.parametrize("closing, answer, question, status", [
    ("So $3^{100}+1$ is divisible by 2.", "Even", "Is $3^{100}+1$ even or odd?", "correct"),
    ("So $3^{100}+1$ is divisible by 2.", "Odd", "Is $3^{100}+1$ even or odd?", "wrong"),
    ("So $3^{100}+2$ is not divisible by 2.", "Odd", "Is $3^{100}+2$ even or odd?", "correct"),
    ("So $\\sqrt2+\\sqrt3$ cannot be written as a ratio of two integers.", "Irrational",
     "Is $\\sqrt2+\\sqrt3$ rational or irrational?", "correct"),
    ("So $\\sqrt2+\\sqrt3$ cannot be written as a ratio of two integers.", "Rational",
     "Is $\\sqrt2+\\sqrt3$ rational or irrational?", "wrong"),
    ("$2^{61}-1$ has no nontrivial divisors — it is the ninth Mersenne prime.", "Prime",
     "Is $2^{61}-1$ prime or composite?", "correct"),
    ("So the partial sums grow like $\\ln\\ln N$. The sum blows up.", "Diverges",
     "Does the series $\\sum 1/(n\\ln n)$ converge or diverge?", "correct"),
    ("So the partial sums grow like $\\ln\\ln N$. The sum blows up.", "Converges",
     "Does the series $\\sum 1/(n\\ln n)$ converge or diverge?", "wrong"),
    ("That gives a bijection with $\\mathbb{N}$ — the set is countably infinite.", "Countable",
     "Is the set of finite binary strings countable or uncountable?", "correct"),
    ("So any finite list is incomplete: there is no largest such prime, and the supply never runs out.",
     "Infinitely many", "Are there finitely or infinitely many primes of the form $4k+3$?", "correct"),
    # a supposition, or a question that asks no such property, reads nothing by definition
    ("If $N$ were divisible by 2, it would be even.", "Odd", "Is $N$ even or odd?", "wrong"),
])
def test_a_property_stated_by_its_definition(closing, answer, question, status):
    assert _verdict("We work it out.\n\n" + closing, answer, question) == status


def test_a_definition_reads_nothing_where_the_question_asks_no_such_property():
    assert defined_answer("So $N$ is divisible by 2.", "What is the smallest prime factor of $N$?") is None
    assert defined_answer("So $N$ is divisible by 2.", "Is $N$ even or odd?") == "even"


@pytest.mark.parametrize("closing, answer, status", [
    ("No matter which $n$ you pick, $n^2+1$ is never divisible by 3.", "No", "correct"),
    ("No matter which $n$ you pick, $n^2+1$ is never divisible by 3.", "Yes", "wrong"),
    ("So $n^2+1$ is never divisible by 9.", "No", "wrong"),  # another condition than the one asked
])
def test_the_condition_asked_never_holds(closing, answer, status):
    question = "Is there a positive integer $n$ such that $n^2+1$ is divisible by 3?"
    assert _verdict("Squares mod 3 are 0 or 1.\n\n" + closing, answer, question) == status


@pytest.mark.parametrize("closing, answer, status", [
    ("A sum of squares vanishes only if each square does, so $a=b=c$: all three sides coincide, and all angles are "
     "$60^\\circ$.", "Equilateral", "correct"),
    ("So all three sides are equal.", "Isosceles", "wrong"),
    ("So not all three sides are equal.", "Equilateral", "wrong"),
])
def test_all_sides_equal_is_equilateral(closing, answer, status):
    question = "The side lengths $a,b,c$ of a triangle satisfy $a^2+b^2+c^2=ab+bc+ca$. What kind of triangle is it?"
    assert _verdict(closing, answer, question) == status


@pytest.mark.parametrize("closing, answer, status", [
    ("The second player can always mirror to a multiple of 4, so he wins.", "Bob", "correct"),
    ("The second player can always mirror to a multiple of 4, so he wins.", "Alice", "wrong"),
    ("The second player might mirror to a multiple of 4, so maybe he wins.", "Bob", "wrong"),
])
def test_the_player_a_sentence_opens_on_wins(closing, answer, status):
    question = ("A pile has 20 stones. Alice and Bob alternately remove 1, 2 or 3 stones; Alice moves first, and whoever "
                "takes the last stone wins. Who has a winning strategy?")
    assert _verdict("Multiples of 4 are losing positions.\n\n" + closing, answer, question) == status


@pytest.mark.parametrize("closing, answer, status", [
    ("两个子列的极限不相等，所以数列 $\\{a_n\\}$ 发散。", "不收敛", "correct"),
    ("两个子列的极限都是 1，所以数列 $\\{a_n\\}$ 收敛。", "不收敛", "wrong"),
])
def test_a_chinese_claim_after_its_subject_not_a_numeral_of_the_reason(closing, answer, status):
    assert _verdict(closing, answer, "数列 $a_n=(-1)^n\\dfrac{n}{n+1}$ 是否收敛？") == status


# ---- values --------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("closing, answer, status", [
    ("So the primes are $p = 2$ and $p = 3$.", "\\{3\\}", "wrong"),  # an extra element, not the last value alone
    ("So the primes are $2$ and $3$.", "\\{3\\}", "wrong"),
    ("So the primes are $2$ and $3$.", "\\{2, 3\\}", "correct"),
    ("So the only prime is $p = 3$.", "\\{3\\}", "correct"),
    ("So the total is $24$, or $8$ each.", "8", "correct"),  # an "or" after a comma says a value again
])
def test_several_values_where_one_is_asked(closing, answer, status):
    assert _verdict("Check small primes.\n\n" + closing, answer, "Find all primes $p$ such that $p^2+2$ is prime.") \
        == status


@pytest.mark.parametrize("prediction, answer, unit, status", [
    ("$T = \\dfrac{pV}{nR} \\approx 300.7\\ \\text{K}$,\n\ni.e. about 27.5 °C.", "301", "K", "correct"),
    ("$T = \\dfrac{pV}{nR} \\approx 290.7\\ \\text{K}$,\n\ni.e. about 17.5 °C.", "301", "K", "wrong"),
    ("ΔE = 13.6 × (5/36) ≈ 1.89 eV\n\nThis is the red Balmer-α line, λ ≈ 656 nm.", "1.89", "eV", "correct"),
    ("ΔE = 13.6 × (5/36) ≈ 1.51 eV\n\nThis is the red Balmer-α line, λ ≈ 656 nm.", "1.89", "eV", "wrong"),
    ("P = 196 J / 4.0 s = 49 J/s, or 0.049 kW.", "49", "W", "correct"),
    ("P = 196 J / 4.0 s = 49 J/s, or 0.05 kW.", "49", "W", "wrong"),  # two different values
])
def test_a_closing_remark_in_another_quantity_or_unit(prediction, answer, unit, status):
    assert _verdict(prediction, answer, error="1" if unit == "K" else "0.01", unit=unit) == status


@pytest.mark.parametrize("closing, status", [
    ("$E = 1240/600 \\approx 2.1$ eV.", "wrong"),  # the decimal it closes on, not the exact side, within 0.01
    ("$E = 1240/600 \\approx 2.07$ eV.", "correct"),
    ("$E = 1240/600 \\approx 2.066$ eV.", "correct"),
])
def test_a_stated_precision_reads_the_closing_decimal(closing, status):
    assert _verdict(closing, "2.07", "What is the energy of a photon of wavelength 600 nm?", unit="eV",
                    error="0.01") == status


@pytest.mark.parametrize("closing, status", [
    ("So 2024₁₀ = 5621 in base 7.", "correct"),
    ("So 2024₁₀ = 5621₇.", "correct"),
    ("So 2024 in base 7 is 5621.", "correct"),
    ("So 2024₁₀ = 5620 in base 7.", "wrong"),
    ("So 2024 in base 7 is 5620.", "wrong"),
])
def test_a_numeral_and_the_base_it_is_written_in(closing, status):
    assert _verdict(closing, "5621_7", "Write $2024$ in base 7.") == status


@pytest.mark.parametrize("prediction, answer, status", [
    ("So $7 \\mid 2^n-1$ exactly when $3 \\mid n$.\n\nAnswer: exactly the positive multiples of 3.",
     "n=3k,\\ k\\in\\mathbb{Z}^{+}", "correct"),
    ("Answer: the multiples of 6.", "n=3k,\\ k\\in\\mathbb{Z}^{+}", "wrong"),
    ("Answer: all multiples of 3.", "n=3k,\\ k\\in\\mathbb{Z}^{+}", "correct"),  # (among the positive integers asked)
    ("So the domain is $\\mathbb{R}\\setminus\\{\\pm 1\\}$.", "(-\\infty,-1)\\cup(-1,1)\\cup(1,\\infty)", "correct"),
    ("So the domain is $\\mathbb{R}\\setminus\\{\\pm 2\\}$.", "(-\\infty,-1)\\cup(-1,1)\\cup(1,\\infty)", "wrong"),
    ("So the domain is $x \\ne \\pm 1$.", "(-\\infty,-1)\\cup(-1,1)\\cup(1,\\infty)", "correct"),
    ("Thus $7 \\mid 2^n-1$ exactly for the positive multiples of $3$.", "n=3k,\\ k\\in\\mathbb{Z}^{+}", "correct"),
    ("Hence $n$ must be a positive multiple of $6$.", "n=3k,\\ k\\in\\mathbb{Z}^{+}", "wrong"),
])
def test_sets_in_words_and_in_symbols(prediction, answer, status):
    assert _verdict(prediction, answer, "Find all positive integers $n$ for which $7 \\mid 2^n-1$.") == status


@pytest.mark.parametrize("bullets, blanks", [
    ("- Median (middle value): **3**\n- Mean: (2+3+3+5+12)/5 = 25/5 = **5**", "5; 3"),  # in the question's order
    ("- **Mean**: 25/5 = 5\n- **Median**: 3", "5; 3"),
    ("- Median (middle value): **5**\n- Mean: (2+3+3+5+12)/5 = 25/5 = **3**", "3; 5"),
])
def test_named_bullets_fill_the_blanks_the_question_names(bullets, blanks):
    question = "For the data $2, 3, 3, 5, 12$, find the mean and the median."
    assert final_answer("Sorted: 2, 3, 3, 5, 12.\n\n" + bullets, multiple=True, question=question).answers == (blanks,)


def test_named_bullets_are_graded_by_name():
    reply = "Sorted: 2, 3, 3, 5, 12.\n\n- Median (middle value): **3**\n- Mean: (2+3+3+5+12)/5 = 25/5 = **5**"
    question = "For the data $2, 3, 3, 5, 12$, find the mean and the median."
    assert (_verdict(reply, "5, 3", question), _verdict(reply, "5, 4", question)) == ("correct", "wrong")


# ---- multiple choice -----------------------------------------------------------------------------------------------

SPEEDS = {"A": "15 m/s", "B": "16.7 m/s", "C": "60 m/s", "D": "25 m/s"}
CURVES = {"A": "Normal", "B": "Exponential", "C": "Uniform", "D": "Log-normal"}


@pytest.mark.parametrize("reply, options, letter", [
    ("v = 90 km / 1.5 h = 60 km/h.", SPEEDS, "B"),  # 16.67 m/s, as the option rounds it; not option C's 60
    ("v = 16.6 m/s.", SPEEDS, None),  # in the option's own unit a value is compared as written
    ("I'd lean towards C since its peak is furthest left, but honestly D is equally likely.", CURVES, None),
    ("If the x-axis were logarithmic, the hump would point to D; on a linear axis it would be A.", CURVES, None),
    ("If the x-axis were logarithmic, it would be D; so the answer is A.", CURVES, "A"),
    ("On a linear axis it would be A. If the axis were logarithmic, it would be D.", CURVES, None),
    ("The answer is B. Honestly, though, A is equally likely.", CURVES, None),
    # (round 24: converted to kelvins and rounded as the option is written, 373 K)
    ("At sea level water boils at $100\\,^\\circ\\text{C}$.", {"A": "100 K", "B": "373 K", "C": "273 K"}, "B"),
])
def test_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


def _attack_cases(name: str = "maths") -> list[dict]:
    path = Path(__file__).parent.parent / "data" / f"attack_round21_{name}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack_cases(), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 21 (labelled by the grading conventions before either version ran)
    that the reader before this round or the first version of it got wrong, read as labelled now."""
    extra = {k: case[k] for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


@pytest.mark.parametrize("case", _attack_cases("choice"), ids=lambda case: case["id"])
def test_the_choice_attack_reads_as_labelled(case):
    """The multiple-choice replies of the second attack (labelled before either version ran) that the reader before
    this round or a first version read otherwise: a temperature in °C or °F written in LaTeX names no option in
    kelvins by its number; an option said to be equally likely after the answer; a supposition's other case."""
    options = {k: case[k] for k in "ABCDEFGHIJ" if k in case}
    assert infer_choice(case["prediction"], options, same_value=states_value).letter == case["label"], case["why"]
