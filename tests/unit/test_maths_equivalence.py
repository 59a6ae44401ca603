"""The math engine's equivalence rules: one table per feature of the default profile."""

from __future__ import annotations

import pytest

from pytest_answerbench.maths import clean, equivalent, split_answers


def _check(gold, pred, expected, tolerance=None, kind=None):
    ok, method = equivalent(gold, pred, tolerance, kind=kind)
    assert ok is expected, (gold, pred, method)
    return method


NUMERIC = [
    ("3", "3.0", True, None), ("3", "4", False, None), ("0.0015", "1.5e-3", True, None),
    ("0.0015", "1.5 \\times 10^{-3}", True, None), ("1000", "10^{3}", True, None),
    ("\\frac{1}{3}", "0.3333", False, None), ("\\frac{1}{3}", "0.3333", True, 1e-3),
    ("1", "1.0101", False, 0.01), ("1", "1.01", True, 0.01), ("\\pi", "3.14159265", True, 1e-3),
    ("\\pi", "3.14159265", False, None), ("\\sqrt{2}", "1.41421356", False, None),
    ("\\frac{1}{2}", "0.5", True, None), ("0.1+0.2", "0.3", True, None), ("e", "2.7182818", True, 1e-6),
    ("-\\frac{1}{2}", "\\frac{-1}{2}", True, None), ("2", "\\sqrt{4}", True, None), ("2.5 \\times 10^{8}", "250000000", True, 0.1),
]


@pytest.mark.parametrize("gold, pred, expected, tol", NUMERIC)
def test_numbers_and_tolerance(gold, pred, expected, tol):
    _check(gold, pred, expected, tol)


PERCENT_UNITS = [
    ("0.25", "25\\%", True), ("25\\%", "0.25", True), ("25", "25\\%", True), ("25\\%", "25%", True),
    ("0.25", "25", False), ("50", "0.5", False), ("0.5", "5000", False),
    ("5", "5 \\mathrm{~m}", True), ("5", "5 \\text{ cm}", True), ("5", "5\\,\\mathrm{m/s}", True),
    ("20", "\\$20", True), ("12", "12 dollars", True), ("5", "5个", True), ("6", "6种", True),
]


@pytest.mark.parametrize("gold, pred, expected", PERCENT_UNITS)
def test_percent_currency_units(gold, pred, expected):
    _check(gold, pred, expected)


ANGLES_MIXED_THOUSANDS = [
    ("30", "30^{\\circ}", True), ("30", "30^\\circ", True), ("30^\\circ", "30", True), ("\\frac{\\pi}{6}", "30^{\\circ}", True),
    ("\\frac{\\pi}{6}", "30°", True), ("\\frac{\\pi}{6}", "60^\\circ", False), ("30", "30 degrees", True),
    ("\\frac{5}{2}", "2\\frac{1}{2}", True), ("-\\frac{7}{3}", "-2\\frac{1}{3}", True), ("2.5", "2 1/2", True),
    ("\\frac{2}{3}", "2\\frac{\\pi}{3}", False),
    ("1000", "1,000", True), ("1000000", "1{,}000{,}000", True), ("1000", "1\\,000", True), ("1,000", "1000", True),
    ("1, 2", "1,2", True), ("12345", "12,345", True),
]


@pytest.mark.parametrize("gold, pred, expected", ANGLES_MIXED_THOUSANDS)
def test_angles_mixed_numbers_thousands(gold, pred, expected):
    _check(gold, pred, expected)


MULTI = [
    ("\\pm 2", "2, -2", True), ("2, -2", "\\pm 2", True), ("1 \\pm \\sqrt{2}", "1-\\sqrt{2}, 1+\\sqrt{2}", True),
    ("\\pm 2", "2", False), ("1, 2", "2, 1", True), ("1, 2", "1, 2, 3", False), ("1, 2", "1, 1", False),
    ("x=1 \\text{ or } x=2", "x=2, x=1", True), ("1, 2", "1 and 2", True), ("3, 4", "3，4", True),
    ("\\{1, 2\\}", "\\{2, 1\\}", True), ("\\{1, 2\\}", "1, 2", True), ("\\{1,2\\}", "\\{1,3\\}", False),
    ("(1,8,19), (2,7,13), (4,5,7)", "(4,5,7), (1,8,19), (2,7,13)", True),
    ("(1,8,19), (2,7,13)", "(8,1,19), (2,7,13)", False),
]


@pytest.mark.parametrize("gold, pred, expected", MULTI)
def test_multiple_answers_sets_pm(gold, pred, expected):
    _check(gold, pred, expected)


def test_multi_answer_uses_perfect_matching_not_greedy():
    # Greedy first-fit pairs 1.05 with 1 and then fails 1.0 against 1.2; a perfect matching succeeds.
    _check("1, 1.1", "1.05, 1.0", True, tolerance=0.1)


def test_per_answer_tolerances():
    _check("1, 2", "1.001, 2.01", False, tolerance=[1e-2, 1e-3])
    _check("1, 2", "1.001, 2.0001", True, tolerance=[1e-2, 1e-3])


TUPLES_INTERVALS = [
    ("(1,2)", "(1, 2)", True, "Tuple"), ("(2,3)", "(2.0, 3)", True, "Tuple"), ("(1,2)", "(2,1)", False, "Tuple"),
    ("(1,2)", "1, 2", False, "Tuple"), ("(1,2,3)", "(1,2)", False, "Tuple"),
    ("(1,2]", "(1, 2]", True, "Interval"), ("(1,2)", "[1,2]", False, "Interval"),
    ("(1,+\\infty)", "x \\in (1,\\infty)", True, "Interval"), ("(1,+\\infty)", "x > 1", True, None),
    ("(1,2]", "1 < x \\leq 2", True, None), ("[1,2]", "1 \\le x \\le 2", True, None),
    ("(-\\infty,0)\\cup(1,+\\infty)", "(-\\infty, 0) \\cup (1, +\\infty)", True, None),
    ("(-\\infty,0)\\cup(1,+\\infty)", "(1, \\infty) \\cup (-\\infty, 0)", True, None),
    ("(0.5,1]", "(\\frac{1}{2},1]", True, None), ("(-\\infty, 3]", "x \\leq 3", True, None),
    ("(-\\infty, 3]", "x < 3", False, None), ("(-\\infty,+\\infty)", "\\mathbb{R}", True, None),
]


@pytest.mark.parametrize("gold, pred, expected, kind", TUPLES_INTERVALS)
def test_tuples_and_intervals(gold, pred, expected, kind):
    _check(gold, pred, expected, kind=kind)


EQUATIONS_EXPRESSIONS = [
    ("y=2x+1", "2x+1=y", True), ("y=2x+1", "2y=4x+2", True), ("y=2x+1", "y=2x+2", False),
    ("y=\\frac{1}{2}x", "y=0.5x", True), ("x=3", "3", True), ("3", "x=3", True), ("3", "x \\approx 3", True),
    ("\\frac{22}{7}", "x = \\frac{22}{7} = 3.142857", True), ("f(x)=x+1", "f(x) = x + 1", True),
    ("y=2x+1", "2x+1", True), ("a+b", "b+a", True), ("(x+1)^2", "x^2+2x+1", True),
    ("\\sqrt{12}", "2\\sqrt{3}", True), ("2^{1/2}", "\\sqrt{2}", True), ("\\frac{\\sqrt{3}}{3}", "\\frac{1}{\\sqrt{3}}", True),
    ("\\sin^2 x + \\cos^2 x", "1", True), ("x^2", "t^2", False), ("x^2-1", "(x-1)(x+1)", True),
    ("x^2+1", "x^2+2", False), ("\\ln(e^2)", "2", True), ("\\frac{n(n+1)}{2}", "\\frac{n^2+n}{2}", True),
    ("2^{n}-1", "2^n - 1", True), ("2^{n}-1", "2^{n+1}-1", False), ("1:2", "2:4", True), ("1:2", "1∶2", True),
    ("2^{2023}-1", "2^{2023} - 1", True), ("2^{2023}", "2^{2023}+1", False), ("10^{-20}", "0", False),
    ("\\sqrt{2}+\\sqrt{3}", "\\sqrt{5+2\\sqrt{6}}", True), ("\\frac{1}{3}", "\\frac{1}{3} \\approx 0.333", True),
    ("5", "2x+1=5", False), ("\\pi", "\\frac{22}{7}", False),
]

PHYSICS_SYMBOLS = [
    ("-\\frac{G M m}{R}", "-\\frac{GMm}{R}", True), ("mgh", "m g h", True), ("\\frac{m v^{2}}{2}", "\\frac{1}{2}mv^2", True),
    ("\\frac{v_{0}^{2}}{2 g}", "\\frac{v_0^2}{2g}", True), ("2 \\pi \\sqrt{\\frac{L}{g}}", "2\\pi\\sqrt{L/g}", True),
    ("\\frac{q}{4 \\pi \\varepsilon_{0} r^{2}}", "\\frac{q}{4\\pi\\epsilon_0 r^2}", True), ("C_{n}^{2}", "\\binom{n}{2}", True),
    ("C_{10}^{3}", "120", True), ("\\frac{\\mu m g}{k}", "\\mu mg/k", True), ("\\frac{\\mu m g}{k}", "\\mu m/k", False),
]


@pytest.mark.parametrize("gold, pred, expected", PHYSICS_SYMBOLS)
def test_physics_style_symbols(gold, pred, expected):
    _check(gold, pred, expected)


@pytest.mark.parametrize("gold, pred, expected", EQUATIONS_EXPRESSIONS)
def test_equations_and_expressions(gold, pred, expected):
    _check(gold, pred, expected)


TEXT = [
    ("No", "no", True), ("No", "\\text{No}", True), ("No", "\\textbf{NO}", True), ("Yes", "No", False),
    ("Alice", "alice", True), ("Alice", "Alice wins", False), ("Not possible", "possible", False),
    ("不能", "能", False), ("能", "能", True), ("\\emptyset", "\\varnothing", True),
]


@pytest.mark.parametrize("gold, pred, expected", TEXT)
def test_text_answers(gold, pred, expected):
    _check(gold, pred, expected)


def test_clean_records_marks():
    item = clean("$25\\%$.")
    assert (item.text, item.percent) == ("25", True)
    assert clean("30^{\\circ}").degree
    assert clean("5 \\mathrm{~km}").unit == "km"


def test_split_answers():
    assert split_answers("\\{1, 2\\}") == ["1", "2"]
    assert split_answers("(1,2), (3,4)") == ["(1,2)", "(3,4)"]
    assert split_answers("1 \\pm 2") == ["1 + 2", "1 - 2"]


# A final answer written as "label = value" states the value (the gold is the value).
LABELLED = [
    ("40^{\\circ}", "\\angle ABC = 40°", True), ("40^{\\circ}", "m\\angle ABC = 40^\\circ", True),
    ("30^{\\circ}", "\\theta_c = 30", True), ("1 \\times 10^{-5}", "Q=1.0×10⁻⁵ C", True),
    ("5", "AB = 5", True), ("5", "|AB| = 5", True), ("\\frac{1}{2}", "P(A) = \\frac{1}{2}", True),
    ("3", "f(x)_{max} = 3", True), ("6", "S_{\\triangle ABC} = 6", True), ("\\frac{1}{2}", "\\sin\\theta = \\frac{1}{2}", True),
    ("40^{\\circ}", "\\angle ABC = 50^\\circ", False), ("5", "2x+1=5", False), ("5", "x_1 + x_2 = 5", False),
    ("4", "x^2 = 4", False), ("(3,2)", "(x, y) = (3, 2)", True), ("(3,2)", "(x, y) = (2, 3)", False),
    ("(3,2)", "P(3, 2)", True), ("30^{\\circ}", "θ_c = 30°", True), ("0.25", "μ = 0.25", True), ("40^{\\circ}", "∠ABC = 40°", True),
    ("(1,2)", "A \\cap B = (1, 2)", True), ("[3,+\\infty)", "S = [3, +\\infty)", True), ("[3,+\\infty)", "a = x \\geq 3", True),
    ("\\{1,2\\}", "S = \\{1, 2\\}", True), ("(1,2)", "A \\cap B = (1, 3)", False),
]


@pytest.mark.parametrize("gold, pred, expected", LABELLED)
def test_labelled_equation_states_its_value(gold, pred, expected):
    _check(gold, pred, expected)


# Sets written by a condition, inequalities joined by "or" / 或, the line without points.
SET_BUILDER = [
    ("(\\frac{3}{2}, 2)", "\\{x\\mid \\frac{3}{2}<x<2\\}", True), ("(-1,2)", "\\{x\\,|\\,-1<x<2\\}", True),
    ("[-1,3]", "\\{y \\mid -1 \\le y \\le 3\\}", True), ("[-1,3]", "\\{y \\mid -1 < y \\le 3\\}", False),
    ("(-\\infty,-1)\\cup(3,+\\infty)", "\\{x\\mid x<-1 \\text{或} x>3\\}", True),
    ("(-\\infty,-1)\\cup(3,+\\infty)", "x<-1 或 x>3", True), ("(-\\infty,-1)\\cup(3,+\\infty)", "x<-1 或 x>2", False),
    ("(1,3)", "\\{x \\mid x > 1, x < 3\\}", True), ("(1,3)", "\\{x \\in \\mathbb{R} \\mid x > 1 \\text{ and } x < 3\\}", True),
    ("(1,3)", "\\{x \\mid x > 1, x < 4\\}", False),
    ("(-\\infty,0)\\cup(0,+\\infty)", "\\mathbb{R}\\setminus\\{0\\}", True), ("(-\\infty,0)\\cup(0,+\\infty)", "x \\neq 0", True),
    ("(-\\infty,0)\\cup(0,+\\infty)", "\\mathbb{R}\\setminus\\{1\\}", False),
    ("(-\\infty,1)\\cup(1,2)\\cup(2,+\\infty)", "\\mathbb{R}\\setminus\\{2, 1\\}", True),
    ("[2,+\\infty)", "\\{x | x ≥ 2\\}", True), ("(-\\infty,-1)\\cup(3,+\\infty)", "(-∞, -1) ∪ (3, +∞)", True),
    ("(-\\infty,+\\infty)", "all real numbers", True), ("(1,2)", "\\left\\{x \\middle| 1<x<2\\right\\}", True),
    # two conditions joined by "and" / 且 are both required; a comma joins them only when they overlap
    ("(1,3)", "x > 1 and x < 3", True), ("(1,3)", "x>1 且 x<3", True), ("(1,3)", "x > 1, x < 3", True),
    ("(-\\infty,-1)\\cup(3,+\\infty)", "x < -1, x > 3", True), ("(1,3)", "x > 1 and x < 4", False),
]


@pytest.mark.parametrize("gold, pred, expected", SET_BUILDER)
def test_set_builder_and_set_difference(gold, pred, expected):
    _check(gold, pred, expected)
    _check(gold, pred, expected, kind="Interval")


# "x = 3, y = 2" is the ordered pair (3, 2): values in the variables' alphabetical order.
ASSIGNMENTS = [
    ("(3,2)", "x = 3,\\ y = 2", True), ("(3,2)", "y = 2, x = 3", True), ("(3,2)", "x = 3 and y = 2", True),
    ("(3,2)", "x=3，y=2", True), ("(3,2)", "x = 2, y = 3", False), ("(3,2)", "x = 3, x = 2", False),
    ("(1,1), (-1,-1)", "x=1, y=1, x=-1, y=-1", True), ("(1,2,3)", "a=1, b=2, c=3", True), ("(1,2,3)", "a=1, b=2", False),
]


@pytest.mark.parametrize("gold, pred, expected", ASSIGNMENTS)
def test_assignments_state_a_tuple(gold, pred, expected):
    _check(gold, pred, expected, kind="Tuple")


# Numbers in words, plain mixed numbers, Unicode super/subscripts and vulgar fractions, repeating decimals.
SPELLED = [
    ("12", "twelve", True), ("12", "twelve games", True), ("12", "The number of games is twelve", True),
    ("21", "twenty-one", True), ("105", "one hundred and five", True), ("\\frac{2}{3}", "two thirds", True),
    ("-5", "minus five", True), ("3", "三个", True), ("3", "故方程的实根个数为三个", True), ("12", "共有十二种", True),
    ("0", "Therefore there are no real solutions", True), ("0", "none", True), ("12", "12 games", True),
    ("2", "two or three", False), ("0", "No", False), ("0", "No, it is impossible", False), ("13", "twelve", False),
    ("\\frac{11}{4}", "2 3/4", True), ("\\frac{11}{4}", "x = 2 3/4", True), ("\\frac{11}{4}", "2\\ \\frac{3}{4}", True),
    ("\\frac{11}{4}", "2¾", True), ("\\frac{23}{4}", "23/4", True), ("1 \\times 10^{-5}", "1.0×10⁻⁵", True),
    ("1 \\times 10^{-5}", "1.0 \\times 10^-5", True), ("x^{2}+1", "x²+1", True),
    ("\\frac{1}{3}", "0.\\overline{3}", True), ("\\frac{1}{6}", "0.1\\overline{6}", True), ("\\frac{1}{6}", "0.1\\dot{6}", True),
    ("\\frac{1}{7}", "0.\\dot{1}4285\\dot{7}", True), ("\\frac{1}{3}", "0.333\\ldots", True), ("\\frac{1}{3}", "0.333...", True),
    ("\\frac{1}{7}", "0.142857142857...", True), ("\\frac{1}{3}", "0.3", False), ("\\pi", "3.14159...", False),
    ("3.14159", "3.14159...", True), ("0", "There is no solution", False), ("0", "no such triangles", True),
    ("\\frac{11}{4}", "2\\frac34", True), ("1 \\times 10^{-5}", "10^(-5)", True), ("\\sqrt{2}", "2^(1/2)", True),
    ("1 \\times 10^{-5}", "1.0 x 10^-5", True), ("2 \\times 10^{-5}", "1.0 x 10^-5", False),
]


@pytest.mark.parametrize("gold, pred, expected", SPELLED)
def test_spelled_numbers_and_notations(gold, pred, expected):
    _check(gold, pred, expected)


# A generic unit word goes; a prefixed unit is converted when the gold's unit is known (the row's ``unit``).
UNIT_CONVERSION = [
    ("\\pi", "\\pi \\text{ square units}", None, True), ("4\\pi", "4\\pi \\text{ cm}^2", None, True),
    ("9", "9 sq. units", None, True), ("1 \\times 10^{-4}", "100\\ \\mu\\mathrm{J}", "$\\mathrm{~J}$", True),
    ("1 \\times 10^{-4}", "0.1\\,\\mathrm{mJ}", "$\\mathrm{~J}$", True), ("0.5", "500\\ \\text{mA}", "$\\mathrm{~A}$", True),
    ("0.5", "500\\ \\text{A}", "$\\mathrm{~A}$", False), ("5", "5\\ \\text{cm}", "$\\mathrm{~m}$", False),
    ("0.05", "5\\ \\text{cm}", "$\\mathrm{~m}$", True), ("5", "5\\ \\text{m}", "$\\mathrm{~m}$", True),
    ("5", "5", "$\\mathrm{~m}$", True), ("20", "72 km/h", "$\\mathrm{~m} / \\mathrm{s}$", True),
    ("6000", "6 k\\Omega", "$\\Omega$", True), ("0.0249", "2.49 \\times 10^{-2}\\ \\mathrm{m^3}", "$\\mathrm{~m}^{3}$", True),
    ("50", "0.5", "$\\%$", True), ("50", "50\\%", "$\\%$", True),
    ("5 \\mathrm{~cm}", "0.05 m", None, True), ("5", "5 cm", None, True),
    # a known unit of another quantity is a different answer (a time for a speed)
    ("5", "5 min", "$\\mathrm{~m}$", False), ("4", "4 s", "$\\mathrm{~m} / \\mathrm{s}$", False),
    ("4", "4 m/s^2", "$\\mathrm{~m} / \\mathrm{s}$", False), ("5", "5 N \\cdot m", "$\\mathrm{~J}$", True),
    ("2.48", "3.973 \\times 10^{-19}\\ \\text{J}", "$\\mathrm{eV}$", False), ("5", "5 kg m/s", "$\\mathrm{N} \\cdot \\mathrm{s}$", True),
    ("5", "5 newtons", "$\\mathrm{~N}$", True), ("5", "5 centimeters", "$\\mathrm{~m}$", False),
    ("0.05", "5 centimeters", "$\\mathrm{~m}$", True), ("9.8", "9.8 meters per second squared", "$\\mathrm{~m} / \\mathrm{s}^{2}$", True),
    ("7", "7 seconds", "$\\mathrm{~m} / \\mathrm{s}$", False), ("100", "100 μJ", "$\\mu \\mathrm{J}$", True),
    # next to a symbolic answer, letters are quantities: 2mg is 2·m·g, not 2 milligrams
    ("2 m g", "2mg", None, True), ("\\frac{3}{2} m g", "1.5mg", None, True), ("3 m g", "3", None, False),
    ("x=3", "3 m", None, True),
]


@pytest.mark.parametrize("gold, pred, unit, expected", UNIT_CONVERSION)
def test_units_are_converted_to_the_gold_unit(gold, pred, unit, expected):
    ok, method = equivalent(gold, pred, unit=unit)
    assert ok is expected, (gold, pred, unit, method)


def test_electronvolts_and_joules_convert_within_tolerance():
    assert equivalent("2.48", "3.973 \\times 10^{-19}\\ \\text{J}", 0.01, unit="$\\mathrm{eV}$")[0]


# "exact \approx decimal": the exact value decides; with a tolerance either side may match; without one the
# decimal counts only when it is the gold as written and a correct rounding of the exact value.
APPROX = [
    ("\\frac{1}{3}", "\\frac{1}{3} \\approx 0.333", None, True), ("9.87", "\\pi^2\\ \\mathrm{m/s^2}\\approx 9.9\\ \\mathrm{m/s^2}", 0.1, True),
    ("9.87", "\\pi^2 \\approx 9.9", None, False), ("3.14", "\\pi \\approx 3.14", None, True),
    ("0.33", "\\frac{1}{4} \\approx 0.33", None, False), ("0.33", "\\approx 0.33", None, True),
    ("2.48", "E \\approx 2.482\\ \\text{eV}", 0.01, True), ("2", "\\sqrt{5} \\approx 2.236", None, False),
    ("\\sqrt{5}", "\\sqrt{5} \\approx 2.3", None, True), ("3", "x \\approx 3", None, True),
    ("2\\sqrt{2}", "2\\sqrt{2} (about 2.83)", None, True), ("2\\sqrt{2}", "approximately 2.83", 0.01, True),
    ("2\\sqrt{2}", "approximately 2.83", None, False),
]


@pytest.mark.parametrize("gold, pred, tol, expected", APPROX)
def test_exact_and_approximate_answers(gold, pred, tol, expected):
    _check(gold, pred, expected, tolerance=tol)


# A trigonometric function of an angle in degrees is evaluated in radians (the mark is not on the whole answer);
# a function letter next to the same letter used as a quantity is a factor; a variable that cancels as written
# does not make the answers differ; an equality chain whose label sits outside the math ("Area $= ... = 4.5$")
# states its values.
SYMBOLIC_FORMS = [
    ("\\frac{\\sqrt{3}}{2} m g", "mg\\sin 60^\\circ", True), ("\\frac{1}{2} m g", "mg\\sin 60^\\circ", False),
    ("\\frac{1+\\sqrt{5}}{2}", "2\\cos 36^\\circ", True), ("\\frac{1}{2}", "\\sin(30°)", True),
    ("\\frac{3}{4}", "\\sin^2 60^{\\circ}", True), ("30^\\circ", "30°", True), ("\\frac{1}{2}", "\\cos{60^\\circ}", True),
    ("m g\\left(3-2 \\cos \\theta_{0}\\right)", "3mg-2mg\\cos\\theta_0", True),
    ("m g\\left(3-2 \\cos \\theta_{0}\\right)", "3mg-\\cos\\theta_0", False),
    ("\\frac{g}{3}", "\\frac{(2m-m)g}{3m}", True), ("\\frac{g}{3}", "\\frac{(2m-m)g}{3}", False),
    ("x^2", "t^2", False), ("f(x)+1", "f(x)+1", True),
    ("\\frac{\\sqrt{3}}{2}", "√(3)/2", True), ("\\frac{\\sqrt{3}}{2}", "√(3)/3", False),
    ("\\frac{9}{2}", "= \\frac12 \\times 3 \\times 3 = 4.5", True), ("\\frac{9}{2}", "= 3 \\times 3 = 9", False),
]


@pytest.mark.parametrize("gold, pred, expected", SYMBOLIC_FORMS)
def test_trig_degrees_factors_and_chains(gold, pred, expected):
    _check(gold, pred, expected)


# ---- typed readers of issue 15 (docs/profiles-math.md P1-P13): one minimal table per rule family

# P1 notation of numbers: digit groups ({,} / {, } / ,\! / thin space), a decimal comma against a decimal, currency
# signs, "pct", \textnormal units, a doubled backslash or a control character where a command was meant.
NUMBER_NOTATION = [
    ("14916", "14 {, }916", True), ("32349", "32,\\! 349", True), ("11111111100", "11,\\! 111,\\! 111,\\! 100", True),
    ("1000.99", "1000,99", True), ("1,22", "1.22", True), ("0,111", "0.111", True), ("1,234", "1.234", False),
    ("1000.99", "1,000.99€", True), ("10", "£10", True), ("28\\%", "28 pct", True), ("28\\%", "29 pct", False),
    ("125", "125\\textnormal{ miles}", True),
    ("(3, \\frac{\\pi}{2})", "\\\\left( 3, \\\\frac{\\\\pi}{2} \\\\right)", True),
    ("\\frac{7}{4}", "\\\x0crac{7}{4}", True), ("185", "185\\", True),
    ("5000000", "5 million", True), ("2500", "2.5 thousand dollars", True), ("5000000", "5 thousand", False),
    ("\\infty", "+\\infty", True), ("120000", "1.2E+05", True),
    ("\\cos(x)", "\\sin(90^{\\circ}-x)", True), ("\\sin(x)", "\\sin(90^{\\circ}-x)", False),
    ("\\begin{matrix} x \\\\ \\frac12 \\end{matrix}", "\\\\begin{matrix} x \\\\\\\\ 0.5 \\\\end{matrix}", True),
]


@pytest.mark.parametrize("gold, pred, expected", NUMBER_NOTATION)
def test_number_notation(gold, pred, expected):
    _check(gold, pred, expected)


# P2 units as data: imperial lengths and calendar times convert like SI ones.
@pytest.mark.parametrize("gold, pred, expected", [
    ("1 mi", "5280 feet", True), ("2 ft", "24 inches", True), ("1 \\mathrm{~m}", "3 feet", False),
    ("2 days", "48 hours", True), ("3 yd", "3 m", False),
])
def test_imperial_and_calendar_units(gold, pred, expected):
    _check(gold, pred, expected)


# P3 matrices: any delimiters, entries as values, a sum or product of matrices computed, a vector against a tuple.
MATRICES = [
    ("\\begin{bmatrix}0 & 0 \\\\0 & 0\\end{bmatrix}", "\\begin{pmatrix}0 & 0 \\\\0 & 0\\end{pmatrix}", True),
    ("\\begin{pmatrix}1 & 2 \\\\3 & 4\\end{pmatrix}", "\\left[\\begin{array}{cc}1 & 2 \\\\3 & 4\\end{array}\\right]", True),
    ("\\begin{pmatrix}1 & 2 \\\\3 & 4\\end{pmatrix}", "\\begin{pmatrix}1 & 3 \\\\2 & 4\\end{pmatrix}", False),
    ("\\begin{pmatrix}\\frac{1}{2} \\\\ 2\\end{pmatrix}", "\\begin{pmatrix}0.5 \\\\ \\sqrt{4}\\end{pmatrix}", True),
    ("\\begin{pmatrix}6 & 8 \\\\ 10 & 12\\end{pmatrix}",
     "\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix} + \\begin{pmatrix}5 & 6 \\\\ 7 & 8\\end{pmatrix}", True),
    ("\\begin{pmatrix}2 & 1 \\\\ 4 & 3\\end{pmatrix}",
     "\\begin{pmatrix}1 & 2 \\\\ 3 & 4\\end{pmatrix} \\begin{pmatrix}0 & 1 \\\\ 1 & 0\\end{pmatrix}", True),
    ("\\begin{pmatrix}1 & 2\\end{pmatrix}", "\\begin{pmatrix}1 \\\\ 2\\end{pmatrix}", False),
    ("(1, 2)", "\\begin{pmatrix}1 \\\\ 2\\end{pmatrix}", True), ("(2, 1)", "\\begin{pmatrix}1 \\\\ 2\\end{pmatrix}", False),
]


@pytest.mark.parametrize("gold, pred, expected", MATRICES)
def test_matrices(gold, pred, expected):
    assert _check(gold, pred, expected) == "matrix"


# P4 inequalities as subsets of R, solved when not "a < x < b": scaled or negated, absolute values, a function as
# the unknown; a stated precision applies to interval endpoints.
INEQUALITIES = [
    ("x < 1", "-x > -1", True), ("x \\leq 1", "-x >= -1", True), ("x < 1", "-x < -1", False),
    ("x \\ne 3", "x != 3", True), ("x \\ne 3", "x != 4", False),
    ("1\\leq|z|\\leq \\frac{3}{2}", "z \\in [-\\frac{3}{2}, -1] \\cup [1, \\frac{3}{2}]", True),
    ("|x| \\ge 1", "(-\\infty, -1] \\cup [1, \\infty)", True), ("|x| \\ge 1", "[1, \\infty)", False),
    ("0<f(x)<1", "(0,1)", True), ("0<f(x)<1", "[0,1)", False), ("2x + 1 > 5", "x > 2", True),
    ("(1, 2)", "]1, 2[", True), ("(1, 2]", "]1, 2]", True), ("[1, 2)", "]1, 2]", False),
    ("(-\\infty, 0) \\cup (1, 2)", "]-\\infty, 0[ \\cup ]1, 2[", True),
]


@pytest.mark.parametrize("gold, pred, expected", INEQUALITIES)
def test_inequalities_as_sets(gold, pred, expected):
    _check(gold, pred, expected)


@pytest.mark.parametrize("pred, tol, expected", [
    ("(0.6,2.6667]", 0.01, True), ("(0.6,2.6667]", None, False), ("[0.6,2.6667]", 0.01, False),
    ("(0.6,2.7]", 0.01, False),
])
def test_tolerance_applies_to_interval_endpoints(pred, tol, expected):
    _check("(\\frac{3}{5},\\frac{8}{3}]", pred, expected, tolerance=tol)


# P5 labels and chains: a ratio or fraction of named quantities is a label; a chain states its label's value
# (the gold's is its last); "=" inside a subscript does not split an equation.
LABELS_AND_CHAINS = [
    ("V_{1}:V_{2}=11:21", "11:21", True), ("V_{1}:V_{2}=11:21", "11:20", False),
    ("\\frac{NO}{BO}=\\frac{1}{\\sqrt{6}}", "\\frac{\\sqrt{6}}{6}", True), ("A:B=1", "1", True),
    ("x = 11", "x = 5+5+1 = 7 =11", True), ("z = 1 + 1 = 2", "z = 3+3 = 2", True), ("z = 1 + 1 = 2", "z = 3", False),
    ("F_n = \\sum_{k=0}^{n-1} F_k F_{n-k-1}", "F_n = \\sum_{k=0}^{n-1} F_{n-k-1} F_k", True),
    ("f(x) = 2x + 3", "y = 2x + 3", True), ("f(x) = 2x + 3", "y = 2x + 4", False), ("x = 3", "y = 3", False),
]


@pytest.mark.parametrize("gold, pred, expected", LABELS_AND_CHAINS)
def test_labels_and_chains(gold, pred, expected):
    _check(gold, pred, expected)


# P6 lists and tuples: TeX grouping braces are brackets (a pair against a tuple, a list against a list), a
# solution written twice is one, coordinates separated by semicolons, "or" written without spaces.
LISTS = [
    ("(1,3)", "{1,3}", True, None), ("(1,3)", "{3,1}", False, None), ("(1,3)", "1, 3", False, None),
    ("2, 3, 5", "{2, 3, 5}", True, None), ("\\pm 2021", "{-2021, 2021}", True, None),
    ("(1,2), (3,4)", "(1,2), (3, 4), (1, 2)", True, None), ("(1,2), (3,4)", "(1,2), (1, 2)", False, None),
    ("(0;-2;6), (4;0;0)", "(4, 0, 0), (0, -2, 6)", True, None), ("(11,7)or(7,11)", "(7,11), (11,7)", True, None),
    ("(1,2,3)", "\\langle 1, 2, 3 \\rangle", True, None), ("(1,2)", "\\langle 2, 1 \\rangle", False, None),
    ("\\emptyset", "\\{ \\}", True, None), ("\\emptyset", "∅", True, None), ("\\emptyset", "\\{0\\}", False, None),
]


@pytest.mark.parametrize("gold, pred, expected, kind", LISTS)
def test_list_and_tuple_notations(gold, pred, expected, kind):
    _check(gold, pred, expected, kind=kind)


# P7 false accepts avoided: clock times are times, not ratios.
@pytest.mark.parametrize("gold, pred, expected", [
    ("12:00", "1:00", False), ("1:05", "1:05", True), ("13:00", "1:00 pm", True), ("1:2", "3:6", True),
    ("20:34", "20:34:00", True), ("20:34", "08:34 \\text{P.M.}", True), ("20:34", "08:34 \\text{A.M.}", False),
])
def test_clock_times_are_not_ratios(gold, pred, expected):
    _check(gold, pred, expected)



# P12 readings from MARIO_EVAL's and NeMo-Skills' suites: i alone is the imaginary unit; an option letter against
# the letter with its content; a gold "exact \\approx decimal" is its exact value; [a, b] with variables; floor and
# ceiling answers in n, m, k are compared at integers.
@pytest.mark.parametrize("gold, pred, expected", [
    ("1+2i", "i(2-i)", True), ("1+2i", "i(2+i)", False), ("-1", "i^2", True), ("x + 2i", "x + 2i", True),
    ("C", "C. x = 42", True), ("C. x = 42", "C", True), ("B", "C. x = 42", False),
    ("\\frac{\\sqrt{3}}{3} \\approx 0.577", "\\frac{\\sqrt{3}}{3}", True),
    ("\\frac{\\sqrt{3}}{3} \\approx 0.577", "0.577", False),
    ("[x, x + 1]", "[x, 1 + x]", True), ("[x, x + 1]", "[x + 1, x]", False),
    ("\\left\\lfloor\\frac{n^{2}}{4}\\right\\rfloor", "\\lfloor \\frac{n}{2}\\rfloor \\lceil \\frac{n}{2}\\rceil", True),
    ("\\left\\lfloor\\frac{n^{2}}{4}\\right\\rfloor", "\\lfloor \\frac{n}{2}\\rfloor^2", False),
    ("\\lfloor x \\rfloor", "\\lceil x \\rceil", False),
])
def test_imaginary_unit_option_letters_and_exact_golds(gold, pred, expected):
    _check(gold, pred, expected)


# P13 text answers: case, markup and articles do not matter; a short sentence stating the other answer as its
# predicate is that answer; negations and qualifiers matter.
@pytest.mark.parametrize("gold, pred, expected", [
    ("an equilateral triangle", "Equilateral triangle", True), ("Alice", "**Alice**", True),
    ("infinite", "The set is infinite", True), ("infinite", "The set is not infinite", False),
    ("infinite", "finite", False), ("always", "not always", False), ("The set is infinite", "infinite", True),
])
def test_text_answers(gold, pred, expected):
    _check(gold, pred, expected)
