"""How physics and calculus answers name their quantities (``maths/symbols.py``, ``compare/aliases.py``,
``compare/asked.py``): derivative and function notation, one quantity under two names, symbol aliases, and the
readings that need the row's question. Each principle is tested with the corpus-like cases it was written for
(reason_math dev rows, named) and with near misses that must stay wrong."""

from __future__ import annotations

import pytest

from pytest_answerbench import maths, score_row
from pytest_answerbench.maths.parse import parse_math
from pytest_answerbench.maths.symbols import read_notation


def _eq(gold: str, pred: str, question: str | None = None) -> bool:
    return maths.equivalent(gold, pred, question=question, timeout=20)[0]


# ---- derivative notations are one symbol; x(t) is x when t is the derivative's variable --------------------------

@pytest.mark.parametrize("gold, pred", [
    ("\\frac{dx}{dt}=kx-a", "\\frac{dx(t)}{dt} = k \\cdot x(t) - a"),  # rr-0163
    ("x^{\\prime}+\\frac{r}{V}x-rc=0", "\\frac{dx}{dt} = r \\left( c - \\frac{x(t)}{V} \\right)"),  # rr-0190
    ("\\dot{x} = -\\omega^2 x", "\\frac{d x}{d t} = -\\omega^{2} x(t)"),
    ("x'' + \\omega^2 x = 0", "\\ddot{x} = -\\omega^2 x"),
    ("\\frac{d^2 y}{dx^2} = -y", "y'' + y = 0"),
    ("\\frac{dv}{dt} = -g - kv", "\\frac{d}{dt} v(t) = -g - k v(t)"),
    ("\\frac{dN}{dt} = -\\lambda N", "dN/dt = -\\lambda N"),
    ("x_{0}\\cos(\\omegat)+\\dot{x}_{0}\\sin(\\omegat)/\\omega",  # rr-0271: "\omegat" is \omega t, \dot x_0 a symbol
     "x(t) = x_0 \\cos(\\omega t) + \\frac{\\dot{x}_0}{\\omega} \\sin(\\omega t)"),
])
def test_derivative_and_function_notation_read_as_one_quantity(gold, pred):
    assert _eq(gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("\\frac{dx}{dt}=kx-a", "\\frac{dx(t)}{dt} = k \\cdot x(t) + a"),  # a sign
    ("\\frac{dx}{dt}=kx-a", "\\frac{d^2x}{dt^2} = kx - a"),  # another order
    ("x^{\\prime}+\\frac{r}{V}x-rc=0", "\\frac{dx}{dt} = r \\left( c + \\frac{x(t)}{V} \\right)"),
    ("\\frac{dy}{dx} = 2x", "\\frac{dx}{dy} = 2x"),  # the other derivative
    ("\\frac{dy}{dx} = 2x", "\\frac{dy}{dt} = 2x"),  # by another variable
    ("\\dot{x} = -\\omega^2 x", "\\ddot{x} = -\\omega^2 x"),
    ("x_{0}\\cos(\\omegat)+\\dot{x}_{0}\\sin(\\omegat)/\\omega",
     "x(t) = x_0 \\cos(\\omega t) + \\dot{x}_0 \\sin(\\omega t)"),  # the 1/omega lost
])
def test_derivative_notation_near_misses_stay_wrong(gold, pred):
    assert not _eq(gold, pred)


def test_function_notation_only_for_the_derivatives_variable():
    # x(t) with t the variable of dx/dt is x; x(t+1), or x(t) with no derivative by t, is left as written
    assert read_notation("\\frac{dx}{dt}=kx", "x'(t) = k x(t)") == ("x'=kx", "x' = k x")
    assert read_notation("\\frac{dx}{dt}=x(t+1)", "x")[0] == "x'=x(t+1)"
    assert read_notation("a(t)", "a t") == ("a(t)", "a t")
    # a Greek command run into a letter is split only when the whole is no command
    assert read_notation("\\omegat + \\theta", "\\phi")[0] == "\\omega t + \\theta"
    # spelled-out subscripts are digits, unless that symbol is also written with the digit
    assert read_notation("V_2", "v_{\\text{two}} + c_{one}")[1] == "v_{2} + c_{1}"
    assert read_notation("V_2", "v_{two} + v_{2}")[1] == "v_{two} + v_{2}"


def test_pi_before_a_bracket_is_a_product_and_the_power_is_the_brackets():
    assert _eq("\\sqrt{\\pi} (k T)^{3/2}", "\\sqrt{\\pi (k T)^{3}}")
    assert not _eq("\\sqrt{\\pi} (k T)^{3/2}", "\\sqrt{(\\pi k T)^{3}}")
    assert str(parse_math("n(n+1)^2")) == "n*(n + 1)**2"


# ---- one quantity under two names: "x(t) = E" against "h(t) = E" --------------------------------------------------

@pytest.mark.parametrize("gold, pred", [
    ("h(t) = \\left[ \\frac{2 \\Lambda \\Delta T t}{(L/V)} \\right]^{1/2}",  # rr-0017
     "x(t) = \\sqrt{\\dfrac{2 \\Lambda \\Delta T t}{L/V}}"),
    ("v_{\\text{term}} = \\frac{m g}{b}", "v = \\frac{mg}{b}"),
    ("v_f = v_0 + a t", "v = v_0 + at"),
    ("E_n = \\frac{n^2 h^2}{8 m L^2}", "E = n^2h^2/(8mL^2)"),
    # a quantity and its value at the variable: x(t) and x, F(x) and F
    ("F = -kx", "F(x) = -kx"),
    ("x(t) = A\\cos(\\omega t + \\phi)", "x = A\\cos(\\omega t+\\varphi)"),
    ("N(t) = N_0 e^{-\\lambda t}", "N = N_0 \\exp(-\\lambda t)"),
    ("\\frac{d^2\\theta}{dt^2} + \\frac{g}{L}\\theta = 0", "\\ddot\\theta = -\\frac{g}{L}\\theta"),
])
def test_one_quantity_under_two_names(gold, pred):
    assert _eq(gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("h(t) = \\sqrt{2 \\Lambda t}", "x(t) = \\sqrt{\\Lambda t}"),  # another formula
    ("x = 3", "y = 3"),  # a value of another unknown
    ("y = 2x + 1", "x = 2y + 1"),  # the names occur on the right: two different lines
    ("h(t) = \\sqrt{2 t}", "x(s) = \\sqrt{2 t}"),  # functions of two variables
    ("y = x^2, z = 1", "w = x^2, z = 1"),  # named parts of a list match by name (not this rule)
    ("v_1 = \\frac{m g}{b}", "v_2 = \\frac{m g}{b}"),  # two quantities of one family
    ("v_f = v_0 + a t", "v_0 = v_f + a t"),
    ("v_2 = \\frac{m_1 v_1}{m_1 + m_2}", "v_1 = \\frac{m_1 v_1}{m_1 + m_2}"),
    ("N(t) = N_0 e^{-\\lambda t}", "N(t) = N_0 e^{\\lambda t}"),
    ("f(x) = x^2", "f(y) = x^2"),  # values of f at two variables
    ("\\frac{d^2\\theta}{dt^2} + \\frac{g}{L}\\theta = 0", "\\ddot{\\theta} = \\frac{g}{L}\\theta"),
])
def test_two_names_near_misses_stay_wrong(gold, pred):
    assert not _eq(gold, pred)


# ---- symbol aliases: k_B and k, Greek shapes, a letter's case, spelled subscripts ---------------------------------

@pytest.mark.parametrize("gold, pred", [
    ("\\rho(E) = \\frac{2}{\\sqrt{\\pi}(kT)^{3/2}} E^{1/2} e^{-E/kT}",  # rr-0068
     "\\rho(E) = \\frac{2}{\\sqrt{\\pi (k_B T)^3}} \\sqrt{E} \\, e^{-E/(k_B T)}"),
    ("\\frac{3}{2} k_{\\mathrm{B}} T", "\\frac{3kT}{2}"),
    ("100p^{\\frac{1}{2}}", "100 \\times \\sqrt{P}"),  # rr-0170
    ("V_2 = \\frac{C_1}{C_2} V_1",  # rr-0110
     "v_{\\text{two}} = v_{\\text{one}} \\times \\dfrac{c_{\\text{one}}}{c_{\\text{two}}}"),
    ("\\frac{\\varepsilon_0 E^2}{2}", "\\frac{1}{2}\\epsilon_0 E^2"),
    ("p V", "P v"),  # each letter in one case in each answer: the same two quantities
])
def test_symbol_aliases(gold, pred):
    assert _eq(gold, pred)


@pytest.mark.parametrize("gold, pred", [
    ("P - p", "p - P"),  # both cases written: two quantities
    ("k x + k_B T", "k_B x + k T"),  # both spellings written: two quantities
    ("V_2 = \\frac{C_1}{C_2} V_1", "v_{two} = v_{one} \\frac{c_{two}}{c_{one}}"),  # inverted ratio
    ("100p^{\\frac{1}{2}}", "100 \\sqrt{P} + p"),  # p and P both in the prediction
    ("\\frac{3}{2} k T", "\\frac{3}{2} k_B T_0"),  # another temperature
])
def test_alias_near_misses_stay_wrong(gold, pred):
    assert not _eq(gold, pred)


# ---- what the question asks: an eigenvector, a fraction of a quantity, the quantity asked for ---------------------

Q_EIGEN = ("Using this basis, find a normalized eigenfunction of $\\hat{s}_y$ with eigenvalue -1/2.")
GOLD_EIGEN = "\\sigma_y = \\frac{1}{\\sqrt{2}} \\begin{pmatrix} i \\\\ 1 \\end{pmatrix}"
Q_POLAR = ("Four perfect polarising plates are stacked so that the axis of each is turned 30° clockwise with respect "
           "to the preceding plate. How much of the intensity of an incident unpolarised beam of light is transmitted "
           "by the stack?")
Q_KAON = ("Let the probability of finding the system in state $|K^0\\rangle$ at time $t$ be $P_0(t)$ and that of "
          "finding it in $|\\bar{K}^0\\rangle$ be $\\bar{P}_0(t)$. Find an expression for $P_0(t) - \\bar{P}_0(t)$ "
          "in terms of $\\gamma_L, \\gamma_S$.")
GOLD_KAON = ("P_0(t) - \\bar{P}_0(t) = e^{-(\\gamma_L + \\gamma_S) t/2} \\cos\\left( \\frac{(m_L - m_S) c^2 t}{\\hbar} "
             "\\right)")


def test_an_eigenvector_times_a_phase_is_the_same_eigenvector():  # rr-0073
    pred = "\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}"
    assert _eq(GOLD_EIGEN, pred, Q_EIGEN)
    assert maths.equivalent(GOLD_EIGEN, pred, question=Q_EIGEN)[1] == "eigenvector"
    assert _eq(GOLD_EIGEN, "\\frac{1}{\\sqrt{2}} \\begin{pmatrix} -i \\\\ -1 \\end{pmatrix}", Q_EIGEN)
    unnormalised = "\\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}"
    assert _eq(GOLD_EIGEN, unnormalised, "Find an eigenvector of $\\sigma_y$ with eigenvalue -1.")


@pytest.mark.parametrize("pred, question", [
    ("\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}", None),  # no question: a vector is a vector
    ("\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}", "Find the unit vector of the field."),
    ("\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ i \\end{pmatrix}", Q_EIGEN),  # the other eigenvector
    ("\\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}", Q_EIGEN),  # a normalised one was asked: factor sqrt 2
    ("\\begin{pmatrix} 0 \\\\ 0 \\end{pmatrix}", Q_EIGEN),
    ("\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ -i \\\\ 0 \\end{pmatrix}", Q_EIGEN),
])
def test_eigenvector_near_misses_stay_wrong(pred, question):
    assert not _eq(GOLD_EIGEN, pred, question)


def test_a_fraction_asked_is_answered_by_the_number():  # rr-0088
    assert _eq("\\frac{27 I_0}{128}", "\\dfrac{27}{128}", Q_POLAR)
    assert _eq("\\frac{27 I_0}{128}", "\\frac{27}{128} I_0", Q_POLAR)
    assert not _eq("\\frac{27 I_0}{128}", "\\dfrac{27}{128}")  # no question
    assert not _eq("\\frac{27 I_0}{128}", "\\dfrac{27}{128}", "Find the transmitted intensity.")
    assert not _eq("\\frac{27 I_0}{128}", "\\dfrac{27}{64}", Q_POLAR)
    assert not _eq("\\frac{27 I_0}{128} + B", "\\dfrac{27}{128}", Q_POLAR)  # two quantities
    assert not _eq("\\frac{x}{2}", "\\frac{1}{2}", "What fraction of the x values ...?")  # a variable, not a quantity


def test_the_quantity_the_question_writes_is_answered_by_its_value():  # rr-0086 (cos is even)
    pred = ("e^{ -\\frac{1}{2}(\\gamma_L + \\gamma_S) t } \\cos\\left( \\frac{(m_S c^2 - m_L c^2) t}{\\hbar} "
            "\\right)")
    assert _eq(GOLD_KAON, pred, Q_KAON)
    assert not _eq(GOLD_KAON, pred)  # without the question the left side is no label
    assert not _eq(GOLD_KAON, pred.replace("\\cos", "\\sin"), Q_KAON)
    assert not _eq(GOLD_KAON, pred.replace("-\\frac{1}{2}", "-2"), Q_KAON)
    assert not _eq("x + y = 1", "1", "Find the line through (1, 0) and (0, 1).")  # not written in the question
    assert not _eq("x^2 - 5x + 6 = 0", "0", "Which equation has roots 2 and 3: $x^2 - 5x + 6$ set to what?")
    assert _eq("a + b = 5", "5", "What is $a + b$?")


# ---- through the scorers: olympiad and imo give the same verdicts -------------------------------------------------

@pytest.mark.parametrize("prediction, gold, question, expected", [
    ("So \\[ \\boxed{\\dfrac{27}{128}} \\]", "\\frac{27 I_0}{128}", Q_POLAR, "correct"),
    ("So \\[ \\boxed{\\dfrac{27}{64}} \\]", "\\frac{27 I_0}{128}", Q_POLAR, "wrong"),
    ("Thus \\[ \\boxed{\\frac{1}{\\sqrt{2}} \\begin{pmatrix} 1 \\\\ -i \\end{pmatrix}} \\]", GOLD_EIGEN, Q_EIGEN,
     "correct"),
    ("</think> <answer> \\boxed{ \\frac{dx(t)}{dt} = k \\cdot x(t) - a }", "\\frac{dx}{dt}=kx-a",
     "Write down an ODE, using $x(t)$ for the population.", "correct"),
])
def test_olympiad_and_imo_agree(prediction, gold, question, expected):
    olympiad = score_row("olympiad", {"prediction": prediction, "final_answer": [gold], "question": question},
                         timeout=20)
    imo = score_row("imo", {"Problem ID": "p", "Problem": question, "Short Answer": gold, "prediction": prediction},
                    timeout=20)
    assert olympiad.status == imo.status == expected, (olympiad.method, imo.method)


def test_a_letter_the_question_writes_in_both_cases_is_two_quantities():
    both = "The demand is $y(p) = 6400/p$ at the price $p$; the firms' output is $P$ units."
    one = "The demand is $y(p) = 6400/p^{1/2}$ at the price $p$."
    assert _eq("100p^{\\frac{1}{2}}", "100 \\sqrt{P}", one)
    assert not _eq("100p^{\\frac{1}{2}}", "100 \\sqrt{P}", both)
    assert _eq("100p^{\\frac{1}{2}}", "100 \\sqrt{P}")  # no question: the two answers alone decide


def test_a_greek_letter_with_a_prime_is_a_symbol_of_its_own():
    # the grammar drops a prime after a command; read as a symbol, omega' is not omega
    assert not _eq("\\sqrt{3\\omega^2 + \\frac{K}{m}}", "\\sqrt{3\\omega'^2 + \\frac{K}{m}}")
    assert _eq("\\omega' = \\sqrt{3\\omega^2 + \\frac{K}{m}}", "\\omega^{\\prime} = \\sqrt{3 \\omega^{2} + K/m}")
    assert read_notation("\\omega_0''", "\\omega'")[0] == "\\omega_{0PP}"


# ---- structured answers: named tuples, a domain in brackets, a unit written after a formula ----------------------

@pytest.mark.parametrize("gold, pred, expected", [
    ("(x, y) = (1, 2)", "x=1, y=2", True),  # named values match by name (the grading conventions)
    ("(x, y) = (1, 2)", "y = 2, x = 1", True),
    ("(x, y) = (1, 2)", "(1, 2)", True),
    ("(x, y) = (1, 2)", "x = 2, y = 1", False),
    ("(x, y) = (1, 2)", "(2, 1)", False),
    ("a_n = 3n - 2", "a_{n} = 3n-2 \\quad (n \\in \\mathbb{N}^*)", True),  # the index's domain is no part of it
    ("a_n = 2^{n-1}", "a_n = 2^{n-1} \\ (n \\geq 1)", True),
    ("a_n = 3n - 2", "a_{n} = 3n+2 \\quad (n \\in \\mathbb{N}^*)", False),
    ("T = 2\\pi\\sqrt{\\frac{m}{k}}", "2\\pi\\sqrt{m/k}\\ \\text{s}", True),  # a unit written after a formula
    ("\\frac{mg}{k}", "\\frac{m g}{k} \\text{ m}", False),  # "m" is a symbol of the gold: a factor, not metres
    ("T = 2\\pi\\sqrt{\\frac{m}{k}}", "2\\pi\\sqrt{k/m}\\ \\text{s}", False),
    # a composite unit written in pieces is one unit, not a formula with a unit after it (rr-0038)
    ("5 \\times 10^{-3} \\ \\text{cal/s} \\cdot \\text{cm} \\cdot ^\\circ \\text{C}", "5 \\times 10^{-3}", True),
])
def test_structured_forms(gold, pred, expected):
    assert _eq(gold, pred) is expected


def test_a_domain_in_brackets_is_dropped_only_for_number_sets_and_a_sequence_index():
    from pytest_answerbench.maths.extract import without_domain

    assert without_domain("f(x) = 2x (x \\in \\mathbb{R})") == "f(x) = 2x"
    assert without_domain("y = x^2 (x \\geq 0)") == "y = x^2 (x \\geq 0)"  # a restricted domain is part of it
    assert without_domain("(1, 2)") == "(1, 2)"


@pytest.mark.parametrize("gold, pred, expected", [
    ("9.8\\ \\text{m/s}^2", "9.8\\,\\mathrm{m\\,s^{-2}}", True),  # a unit with powers inside its wrapper
    ("20\\ \\text{m/s}", "20\\ \\mathrm{m\\,s^{-1}}", True),
    ("9.8\\ \\text{m/s}^2", "9.8\\ \\text{m s}^{-2}", True),
    ("20\\ \\text{m/s}", "20\\ \\mathrm{km\\,h^{-1}}", False),  # another unit: 20 km/h is not 20 m/s
    ("9.8\\ \\text{m/s}^2", "9.8\\,\\mathrm{m\\,s^{-1}}", False),  # another quantity
])
def test_units_written_with_negative_powers(gold, pred, expected):
    assert _eq(gold, pred) is expected


def test_a_space_joins_unit_atoms_only_before_a_negative_power():
    from pytest_answerbench.maths.units import unit_tail

    assert unit_tail("9.8 m s^{-2}") == ("9.8 ", "m s^{-2}")
    assert unit_tail("3 m g") == ("3 m ", "g")  # "m g" stays a product of quantities, as before


def test_pi_before_the_variable_stays_a_product():
    assert read_notation("\\frac{dx}{dt} = 2\\pi(t) x(t)", "x")[0] == "x' = 2\\pi(t) x"
