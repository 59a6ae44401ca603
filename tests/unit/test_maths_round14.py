"""Round 14 of the maths reader, from the misses left on trace_math's thirteenth fresh split (DeepSeek-R1's PHYSICS
answers; docs/profiles-math.md, "Round 14"): a gold ``label = value`` whose value ends in a letter that is a quantity,
not a unit; a gold ``ratio = number``; a quantity written as a function of several variables; a unit in words after
a symbolic answer; spot checks outside a square root's real domain; a particle's charge in a subscript; beta as v/c;
a closing remark answering another part. Each a principle with near misses that keep the other verdict.
"""

from __future__ import annotations

import pytest

from conftest import both_defaults_accept
from pytest_answerbench import score_row
from pytest_answerbench.maths.compare.placeholders import without_added_remark
from pytest_answerbench.maths.compare.values import expressions_equal, parse
from pytest_answerbench.maths.symbols import read_notation


accepted = both_defaults_accept  # both default profiles, asserting they agree


# -- 1. a gold "label = value" whose value closes on a quantity's letter -------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("The rest mass is $\\boxed{2\\sqrt{2}m}$.", "M = 2\\sqrt{2}m", True),
    ("The rest mass is $\\boxed{2\\sqrt{3}m}$.", "M = 2\\sqrt{2}m", False),
    ("The rest mass is $\\boxed{2\\sqrt{2}M}$.", "M = 2\\sqrt{2}m", False),
    ("The height is $\\boxed{2\\sqrt{2}\\ \\mathrm{m}}$.", "h = 2\\sqrt{2}\\ \\mathrm{m}", True),  # metres both
    ("The height is $\\boxed{2.83\\ \\mathrm{cm}}$.", "h = 2\\sqrt{2}\\ \\mathrm{m}", False),
])
def test_a_letter_closing_a_labelled_value_is_the_quantity_against_a_symbolic_answer(prediction, gold, right):
    assert accepted(prediction, gold) is right


# -- 2. a gold "ratio = number" ------------------------------------------------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("**Final Answer:** \\[ \\boxed{-\\dfrac{16}{25}} \\]", "\\frac{E' - E}{E} = -\\frac{16}{25}", True),
    ("**Final Answer:** \\[ \\boxed{-0.64} \\]", "\\frac{E' - E}{E} = -\\frac{16}{25}", True),
    ("**Final Answer:** \\[ \\boxed{\\dfrac{16}{25}} \\]", "\\frac{E' - E}{E} = -\\frac{16}{25}", False),
    ("**Final Answer:** \\[ \\boxed{2} \\]", "\\frac{E_f - E_i}{E_i} = 2", True),
    # an equation of a curve, or a fraction holding the unknown, is no relative change: its number is not the answer
    ("The line meets the axis at $\\boxed{6}$.", "2x + 3y = 6", False),
    ("So $\\boxed{5}$.", "x + y = 5", False),
    ("So $\\boxed{3}$.", "\\frac{x}{2} = 3", False),
    ("So $\\boxed{3}$.", "\\frac{x+1}{x-1} = 3", False),
    ("So $\\boxed{1}$.", "\\frac{x^2+y^2}{4} = 1", False),
    ("So $\\boxed{3}$.", "\\frac{y}{x^2} = 3", False),
    ("So $\\boxed{5}$.", "\\frac{1}{R} = 5", False),
])
def test_a_relative_change_equal_to_a_number_states_the_number(prediction, gold, right):
    assert accepted(prediction, gold) is right


# -- 3. a quantity written as a function of its variables ----------------------------------------------------------

@pytest.mark.parametrize("prediction, right", [
    ("\\[ \\boxed{ \\sigma(x, y) = \\frac{P}{2\\pi} \\frac{ (2 z_0^2 - x^2 - y^2) \\cos \\theta - 3 z_0 x \\sin \\theta }"
     "{ (x^2 + y^2 + z_0^2)^{5/2} } } \\]", True),
    ("\\[ \\boxed{ \\sigma(x, y) = \\frac{P}{2\\pi} \\frac{ (2 z_0^2 - x^2 - y^2) \\cos \\theta + 3 z_0 x \\sin \\theta }"
     "{ (x^2 + y^2 + z_0^2)^{5/2} } } \\]", False),
])
def test_a_function_of_several_variables_names_the_quantity(prediction, right):
    gold = ("\\sigma = -\\frac{P \\cos \\theta}{2 \\pi (x^2 + y^2 + z_0^2)^{3/2}} + \\frac{3Pz_0(-x \\sin \\theta + "
            "z_0 \\cos \\theta)}{2 \\pi(x^2 + y^2 + z_0^2)^{5/2}}")
    assert accepted(prediction, gold) is right


def test_two_functions_of_other_arguments_stay_two_values():
    assert not accepted("$\\boxed{f(x, y) = x + y}$", "f(y, x) = 2x + y")


# -- 4. a unit in words after a symbolic answer; spot checks on the real domain -------------------------------------

@pytest.mark.parametrize("prediction, right", [
    ("\\[ \\boxed{ \\frac{1 + \\frac{v}{c}}{\\sqrt{1 - \\frac{v^2}{c^2}}} \\, \\text{hours} } \\]", True),
    ("\\[ \\boxed{ \\sqrt{\\frac{c+v}{c-v}} \\ \\text{hours} } \\]", True),
    ("\\[ \\boxed{ \\frac{1 - \\frac{v}{c}}{\\sqrt{1 - \\frac{v^2}{c^2}}} \\, \\text{hours} } \\]", False),
    ("\\[ \\boxed{ \\frac{1}{\\sqrt{1 - \\frac{v^2}{c^2}}} \\, \\text{hours} } \\]", False),
])
def test_a_doppler_factor_in_hours(prediction, right):
    question = "What does $t$ read when $t'$ reads one hour?"
    assert accepted(prediction, "\\sqrt{\\frac{c+v}{c-v}}", question) is right


@pytest.mark.parametrize("prediction, gold, question", [
    ("\\[ \\boxed{ \\frac{1 + \\frac{v}{c}}{\\sqrt{1 - \\frac{v^2}{c^2}}} \\, \\text{hours} } \\]", "\\sqrt{\\frac{c+v}{c-v}}", None),
    ("\\[ \\boxed{\\frac{L}{v}\\,\\text{meters}} \\]", "\\frac{L}{v}", "How long does it take?"),  # a length for a time
    ("\\[ \\boxed{\\frac{d}{v}\\,\\text{joules}} \\]", "\\frac{d}{v}", None),
])
def test_a_unit_in_words_the_question_does_not_name_stays(prediction, gold, question):
    assert not accepted(prediction, gold, question)


def test_points_outside_a_square_roots_real_domain_do_not_decide():
    one = parse("\\frac{1 + \\frac{v}{c}}{\\sqrt{1 - \\frac{v^2}{c^2}}}")
    other = parse("\\sqrt{\\frac{c+v}{c-v}}")
    assert expressions_equal(one, other)[0]
    # a difference where both are real still decides; so does one that is never real on the points
    assert not expressions_equal(parse("\\sqrt{x - 2}"), parse("-\\sqrt{x - 2}"))[0]
    assert not expressions_equal(parse("\\sqrt{x - 2}"), parse("\\sqrt{2 - x}"))[0]
    assert not expressions_equal(parse("\\sqrt{-x}"), parse("\\sqrt{x}"))[0]
    # one side real and the other not is a difference of domain: the absolute value a reply left out
    for gold, pred in (("\\ln|x-1|", "\\ln(x-1)"), ("\\sqrt{|1-x|}", "\\sqrt{1-x}"), ("\\ln(1-x)", "\\ln|1-x|"),
                       ("\\frac12\\ln\\left|\\frac{1+x}{1-x}\\right|", "\\frac12\\ln\\frac{1+x}{1-x}")):
        assert not accepted(f"$\\boxed{{{pred}}}$", gold), (gold, pred)


# -- 5. a particle's charge in a subscript; beta as v/c ------------------------------------------------------------

_KAON = ("E_K = \\frac{m_K^2 - m_{\\pi}^2 + (m_{\\Lambda} - m_p)^2}{2(m_{\\Lambda} - m_p)}")


@pytest.mark.parametrize("prediction, right", [
    ("\\[ \\boxed{ \\frac{(m_{\\Lambda^0} - m_p)^2 + m_{K^-}^2 - m_{\\pi^0}^2}{2(m_{\\Lambda^0} - m_p)} } \\]", True),
    ("\\[ \\boxed{ \\frac{(m_{\\Lambda^0} - m_p)^2 - m_{K^-}^2 + m_{\\pi^0}^2}{2(m_{\\Lambda^0} - m_p)} } \\]", False),
])
def test_a_particles_charge_in_a_subscript_names_the_particle(prediction, right):
    assert accepted(prediction, _KAON) is right


def test_two_charges_of_one_particle_stay_two_quantities():
    gold, pred = read_notation("m_{\\pi^+} - m_{\\pi^0}", "m_{\\pi} - m_{\\pi}")
    assert gold != "m_{\\pi} - m_{\\pi}"
    assert not accepted("$\\boxed{m_{\\pi^+} - m_{\\pi^0}}$", "0")
    # the two answers together: a charge on each side, other than the other's, names another particle
    for gold, pred in (("q_{e^-}", "q_{e^+}"), ("m_{K^+} c^2", "m_{K^0} c^2"),
                       ("(m_{D^0} - m_{K^-} - m_{\\pi^+})c^2", "(m_{D^+} - m_{K^-} - m_{\\pi^+})c^2")):
        assert not accepted(f"$\\boxed{{{pred}}}$", gold), (gold, pred)


@pytest.mark.parametrize("prediction, gold, right", [
    ("\\[ \\boxed{\\omega \\frac{c - v}{c + v}} \\]", "\\omega_2 = \\left( \\frac{1 - \\beta}{1 + \\beta} \\right) \\omega",
     True),
    ("\\[ \\boxed{\\omega \\frac{c + v}{c - v}} \\]", "\\omega_2 = \\left( \\frac{1 - \\beta}{1 + \\beta} \\right) \\omega",
     False),
    # beta beside v: not the speed's fraction of c, nothing substituted
    ("\\[ \\boxed{\\frac{v}{c}} \\]", "\\beta v", False),
])
def test_beta_is_v_over_c_where_the_other_answer_writes_v_and_c(prediction, gold, right):
    assert accepted(prediction, gold, _MOVING_MIRROR) is right


_MOVING_MIRROR = ("A plane monochromatic electromagnetic wave is incident normally on the surface of a medium moving with "
                  "velocity $v$ along the positive $z$ direction. Obtain the frequency of the reflected wave.")


@pytest.mark.parametrize("prediction, gold, question", [
    ("\\[ \\boxed{\\omega \\frac{c - v}{c + v}} \\]", "\\omega_2 = \\frac{1 - \\beta}{1 + \\beta} \\omega", None),  # no question
    ("$\\boxed{\\sin(v/c)}$", "\\sin\\beta", "A block slides with speed $v$ on an incline of angle beta."),
    ("$\\boxed{\\frac{v^2}{c}}$", "\\beta^2 c", "A bead moves with speed $v$ on a hoop of radius $c$."),
])
def test_beta_is_not_v_over_c_outside_relativity_or_without_a_question(prediction, gold, question):
    assert not accepted(prediction, gold, question)


# -- 6. a closing remark answering another part --------------------------------------------------------------------

def test_a_closing_and_remark_is_another_parts_answer():
    value = "\\rho_- = -\\gamma^2 \\rho_+ \\quad \\text{and the compensating charge is on the wire's surface.}"
    assert without_added_remark(value, "\\rho_{-} = -\\gamma^2 \\rho_{+}").strip() == "\\rho_- = -\\gamma^2 \\rho_+"
    assert accepted(f"\\[ \\boxed{{{value}}} \\]", "\\rho_{-} = -\\gamma^2 \\rho_{+}")
    # other words qualify the answer; a number or maths in the remark is more answer
    for kept in ("x = 3 \\quad \\text{or the other root if it is positive}", "x = 3 \\quad \\text{and 5 more of them}",
                 "x = 3 \\quad \\text{and so}", "x = 2 \\quad \\text{and x equals negative two}",
                 "4 \\quad \\text{and seven as well}", "\\frac{mg}{k} \\quad \\text{and its negative are both solutions}",
                 "\\sqrt{2gh} \\quad \\text{and this is multiplied by two}", "x^2 \\quad \\text{and it is not correct}",
                 "v = \\sqrt{2gh} \\quad \\text{and v is directed upward}", "x = 3 \\quad \\text{and the answer is five}"):
        assert without_added_remark(kept, "3") == kept
    assert without_added_remark(value, "\\text{on the surface}") == value  # the gold answers in words too


# -- 7. read from the fourteenth split's misses, after it was scored once -------------------------------------------

@pytest.mark.parametrize("prediction, right", [
    ("\\[ \\boxed{P(\\rho) = \\frac{R^6 \\sigma_0^2}{2\\epsilon_0 (h^2 + \\rho^2)^3}} \\]", True),
    ("\\[ \\boxed{P(\\rho) = \\frac{R^6 \\sigma_0^2}{\\epsilon_0 (h^2 + \\rho^2)^3}} \\]", False),
])
def test_a_quantity_as_a_function_of_a_greek_variable(prediction, right):
    assert accepted(prediction, "P = \\frac{R^6 \\sigma_0^2}{2 \\epsilon_0 (h^2 + \\rho^2)^3}") is right


@pytest.mark.parametrize("prediction, right", [
    ("\\[ \\boxed{p_1(t) = \\frac{p_0}{2} \\left(1 + e^{-\\frac{A v t}{2V}}\\right)} \\]", True),
    ("\\[ \\boxed{p_1(t) = \\frac{p_0}{2} \\left(1 + e^{-\\frac{A v t}{V}}\\right)} \\]", False),
])
def test_letters_in_an_exponent_are_a_product_not_a_word(prediction, right):
    assert accepted(prediction, "p_1(t) = \\frac{p_0}{2} \\left(1 + e^{-\\frac{Avt}{2V}}\\right)") is right


def test_a_word_in_text_is_still_a_word():
    from pytest_answerbench.maths.compare.plain import is_text

    assert not is_text("e^{-\\frac{Avt}{2V}}")
    assert is_text("\\text{Impossible}") and is_text("Alice wins")
    assert is_text("\\frac{\\text{one apple}}{2}")  # text inside a fraction stays text
    assert is_text("\\frac{heat}{mass}") and is_text("2^{nine}")  # words, not products, outside an exponent of maths
    assert not accepted("$\\boxed{\\frac{heat}{mass}}$", "\\frac{hate}{mass}")


@pytest.mark.parametrize("prediction, right", [
    ("\\[ \\boxed{C_p \\left( \\ln\\left(\\frac{T_f}{T_i}\\right) - \\frac{T_f - T_i}{T_f} \\right)} \\]", True),
    ("\\[ \\boxed{C_p \\left( \\ln\\left(\\frac{T_f}{T_i}\\right) + \\frac{T_f - T_i}{T_f} \\right)} \\]", False),
])
def test_a_remark_on_the_golds_sign_is_not_its_value(prediction, right):
    gold = "\\Delta S = C_p \\left( \\frac{T_i}{T_f} - 1 + \\ln \\frac{T_f}{T_i} \\right) > 0"
    assert accepted(prediction, gold) is right


def test_an_inequality_answer_keeps_its_sign():
    assert not accepted("$\\boxed{x}$", "x > 0")  # no label, no value: the inequality is the answer
    assert not accepted("$\\boxed{x > 0}$", "x < 0")
    assert accepted("$\\boxed{D = a - b > 0}$", "D = a - b > 0")  # both make the remark
    assert not accepted("$\\boxed{b - a}$", "D = a - b > 0")


@pytest.mark.parametrize("prediction, right", [
    ("Any displacement results in a net force away from equilibrium. \\[ \\boxed{\\text{No}} \\]", True),
    ("Any displacement results in a restoring force. \\[ \\boxed{\\text{Yes}} \\]", False),
])
def test_a_gold_no_with_its_reason_is_answered_by_no(prediction, right):
    gold = ("\\text{No, a positive charge cannot be suspended in a stable manner at the center due to the potential "
            "being a saddle point. Laplace's equation forbids a local minimum at the center.}")
    assert accepted(prediction, gold) is right


@pytest.mark.parametrize("gold, prediction", [
    ("Yes, conditionally", "\\boxed{\\text{Yes, absolutely}}"),
    ("No, it converges only conditionally", "\\boxed{\\text{No, it converges absolutely}}"),
    ("Yes, uniformly", "\\boxed{\\text{Yes, pointwise but not uniformly}}"),
    ("Yes, strictly", "\\boxed{\\text{Yes, but not strictly}}"),
])
def test_a_qualifier_in_the_answering_sentence_is_kept(gold, prediction):
    assert not accepted(prediction, gold)


def test_a_qualified_claim_other_than_yes_or_no_keeps_its_qualifier():
    assert not accepted("The series converges. $\\boxed{\\text{converges}}$", "converges absolutely")


# -- 8. a chance in words -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("Three out of four — only TT fails.", "$\\frac{3}{4}$", True),
    ("One in ten.", "$\\frac{1}{10}$", True),
    ("Seven in twelve.", "$\\frac{7}{12}$", True),
    ("Three out of four.", "$\\frac{1}{4}$", False),
    ("One in ten.", "$\\frac{1}{9}$", False),
    ("Three out of four.", "3", False),  # a chance, not the count
])
def test_a_chance_in_words_is_the_count_over_the_whole(prediction, gold, right):
    assert accepted(prediction, gold) is right


@pytest.mark.parametrize("text", ["five out of four", "two out of three or four", "three out of", "one in",
                                  "one in ten or eleven", "One in ten squared", "One in four factorial",
                                  "One in twelve dozen", "One in six, doubled", "One in six against",
                                  "One in ten, roughly", "Three out of four—wait, no.", "Three out of four? Hmm.",
                                  "Three out of eight is wrong", "Three out of four — the odds are good."])
def test_no_chance_is_read_from_a_larger_count_a_hedge_or_more_words(text):
    from pytest_answerbench.maths.normalize import number_words

    found = number_words(text)
    assert found is None or found.denominator == 1, found


# -- 9. an interval in words, values named in turn ---------------------------------------------------------------

@pytest.mark.parametrize("prediction, gold, right", [
    ("All real numbers strictly between 1 and 5.", "$(1,5)$", True),
    ("$x$ is strictly between 2 and 3.", "(2, 3)", True),
    ("All $x$ between 1 and 5 inclusive.", "$[1,5]$", True),
    ("$x$ is greater than 1 and less than 5.", "$(1,5)$", True),
    ("All $x$ between 1 and 5 inclusive.", "$(1,5)$", False),  # the ends belong to it
    ("All real numbers strictly between 1 and 5.", "$[1,5]$", False),
    ("$x$ is not strictly between 1 and 5.", "$(1,5)$", False),
    ("Strictly between 1 and 5, or equal to 7.", "$(1,5)$", False),
    ("Between 2 and 4.", "3", False),  # a hedge between two values, as before
    # the whole sentence, its subject a set of reals: not a square, a root, integers, an end 5 pi, a claim denied
    ("$x$ squared is strictly between 1 and 5.", "$(1,5)$", False),
    ("The root is strictly between 1 and 5.", "$(1,5)$", False),
    ("All integers strictly between 1 and 5.", "$(1,5)$", False),
    ("$x$ is strictly between 1 and $5\\pi$.", "$(1,5)$", False),
    ("$x$ is strictly between 1 and 5 is false.", "$(1,5)$", False),
    ("All real numbers strictly between 1 and 5, excluding three.", "$(1,5)$", False),
    ("Solving gives $x = 3$. Therefore x is strictly between 1 and 5.", "3", True),  # a closing check
])
def test_an_interval_in_words_with_both_ends(prediction, gold, right):
    assert accepted(prediction, gold) is right


def test_an_interval_in_words_needs_its_ends_in_order_and_alone():
    from pytest_answerbench.maths.extract import interval_in_words

    assert interval_in_words("strictly between 5 and 1") is None
    assert interval_in_words("strictly between 1 and 5, so 3 works") is None  # another number
    assert interval_in_words("x 大于 -3 且小于 3") == "(-3, 3)"


_SYSTEM = "Solve $x+y=7$, $x-y=1$ for $(x, y)$."


@pytest.mark.parametrize("prediction, gold, right", [
    ("Adding the equations gives $2x = 8$, so $x = 4$ and then $y = 3$.", "$(4, 3)$", True),
    ("Suppose $x = 4$ and then $y = 3$, which is impossible.", "$(4, 3)$", False),
    ("Suppose $x = 4$; then $y = 3$, which is impossible.", "$(4, 3)$", False),
    ("So $x = 4$ and then $y = 3$.", "$(3, 4)$", False),
    ("We get $x^2 = 16$, then $x = 4$.", "4", True),  # a step, then its result: not two values
])
def test_values_named_in_turn(prediction, gold, right):
    assert accepted(prediction, gold, _SYSTEM) is right


# -- 10. from round 14's blind probes, after they were scored once: chains, units of one letter, set differences ------

def one_row(prediction: str, gold: str, unit: str | None = None, error: str | None = None) -> bool:
    row = {"prediction": prediction, "answer": gold, **({"unit": unit} if unit else {}),
           **({"error": error} if error else {})}
    return score_row("olympiad", row, profile="default").correct


@pytest.mark.parametrize("prediction, gold, unit, error, right", [
    # a chain states its last value, in its unit
    ("$f=\\dfrac{c}{\\lambda}=\\dfrac{3.0\\times10^{8}}{6.0\\times10^{-7}}=5\\times10^{14}\\ \\text{s}^{-1}$",
     "5.0 \\times 10^{14} Hz", None, None, True),
    ("$f=\\dfrac{c}{\\lambda}=\\dfrac{3.0\\times10^{8}}{6.0\\times10^{-7}}=5\\times10^{14}\\ \\text{m}^{-1}$",
     "5.0 \\times 10^{14} Hz", None, None, False),  # another quantity
    ("$v_e=\\sqrt{\\dfrac{2GM_E}{R_E}}\\approx 1.12\\times10^{4}\\ \\text{m/s}$", "11.2", "km/s", "0.1", True),
    ("$v_e=\\sqrt{\\dfrac{2GM_E}{R_E}}\\approx 1.12\\times10^{3}\\ \\text{m/s}$", "11.2", "km/s", "0.1", False),
    ("$\\mu_B=\\dfrac{e\\hbar}{2m_e}\\approx 5.79\\times10^{-5}\\ \\text{eV/T}$", "9.27 \\times 10^{-24} J/T", None,
     "1e-26", True),
    # one letter after a number, spaced, is a unit when the gold measures the same quantity
    ("$C=\\dfrac{\\varepsilon_0A}{d}\\approx 8.85\\times10^{-11}$ F", "88.5", "pF", "0.1", True),
    ("$C=\\dfrac{\\varepsilon_0A}{d}\\approx 8.85\\times10^{-11}$ H", "88.5", "pF", "0.1", False),
    ("**Answer:** $B \\approx 0.0628$ G", "6.28 \\times 10^{-6} T", None, "1e-8", True),  # round 30: gauss, a field
    ("**Answer:** $B \\approx 0.0628$ G", "6.28 \\times 10^{-6} N", None, "1e-8", False),  # not a force
    ("So $\\lambda \\approx 1.23$ Å.", "0.123", "nm", "0.001", True),
])
def test_chains_and_units_of_one_letter(prediction, gold, unit, error, right):
    assert one_row(prediction, gold, unit, error) is right


def test_a_letter_stuck_to_a_number_stays_a_quantity():
    from pytest_answerbench.maths.units import letter_unit

    assert letter_unit("2F", "pF", wide=True) is None  # twice a force
    assert letter_unit("8.85 F", "pF", wide=True) == ("8.85", "F")
    assert letter_unit("8.85 F", "pF") is None  # a gold's "2 F" stays a quantity
    assert letter_unit("8.85 F", "N", wide=True) is None  # farads are no force
    assert letter_unit("- T", "T", wide=True) is None  # a negated tension, not -1 tesla


@pytest.mark.parametrize("prediction, gold, unit, right", [
    ("$\\boxed{(-\\infty,5)\\setminus(0,1)\\cup(7,8)}$", "(-\\infty,0]\\cup[1,5)", None, False),
    ("$\\boxed{x = 5 m when t = 3 s}$", "5", "m", True),  # the condition's "= 3 s" is no value of the chain
])
def test_round_14s_second_attack(prediction, gold, unit, right):
    assert one_row(prediction, gold, unit) is right


@pytest.mark.parametrize("prediction, gold, right", [
    ("The solution set is $\\mathbb{R}\\setminus[-2,2]$.", "(-\\infty, -2) \\cup (2, \\infty)", True),
    ("The solution set is $\\mathbb{R}\\setminus[-2,2]$.", "(-\\infty, -2] \\cup [2, \\infty)", False),
    ("$[2,\\infty)\\setminus\\{5\\}$", "[2, 5) \\cup (5, \\infty)", True),
    ("$[2,\\infty)\\setminus\\{5\\}$", "[2, 5] \\cup (5, \\infty)", False),
    ("$\\{x \\mid x > 1\\}$", "(1, \\infty)", True),
    ("$\\{x \\mid x > 1\\}$", "[1, \\infty)", False),
])
def test_set_differences_and_set_builders_are_their_sets(prediction, gold, right):
    assert one_row(prediction, gold) is right


@pytest.mark.parametrize("prediction, gold, right", [
    ("$$A^2=\\begin{bmatrix}1 & 2\\\\ 0 & 1\\end{bmatrix}$$", "\\begin{pmatrix}1&2\\\\0&1\\end{pmatrix}", True),
    ("$$A^2=\\begin{bmatrix}1 & 2\\\\ 0 & 1\\end{bmatrix}$$", "\\begin{pmatrix}1&2\\\\0&2\\end{pmatrix}", False),
    ("$A^{-1} = \\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}$", "\\begin{pmatrix}1&-1\\\\-1&2\\end{pmatrix}", True),
    # a chain of matrices: the label's matrix is not read alone
    ("$$A^2=\\begin{bmatrix}1 & 2\\\\ 0 & 1\\end{bmatrix} = \\begin{bmatrix}1 & 0\\\\ 0 & 1\\end{bmatrix}$$",
     "\\begin{pmatrix}1&2\\\\0&1\\end{pmatrix}", False),
    # a count in words set in bold
    ("Each vertex meets 3 others. A hexagon has **nine** diagonals.", "9", True),
    ("Each vertex meets 3 others. A hexagon has **nine** diagonals.", "8", False),
    ("A hexagon has **nine or ten** diagonals.", "9", False),
])
def test_a_named_matrix_and_a_bold_count(prediction, gold, right):
    assert one_row(prediction, gold) is right
