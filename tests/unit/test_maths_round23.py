"""Round 23 of the readers (docs/profiles-math.md, "Round 23"), written from round 23's blind probes
(tests/data/probes_round23.jsonl) after they were scored once as the held-out measure of rounds 21 and 22, then
narrowed after two helpers' attacks (the replies the reader before this round or the first version of it got wrong,
read as labelled now, are tests/data/attack_round23_maths.jsonl and attack_round23_choice.jsonl). Each reading has its
near misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maths_round22 import _verdict

from pytest_answerbench import maths
from pytest_answerbench.choice import infer_choice


ABELIAN = "Is every group of order 6 abelian?"
INJECTIVE = "Is the function $f:\\mathbb{R}\\to\\mathbb{R}$, $f(x)=x^3-x$, injective?"
INVERTIBLE = "Is the matrix $\\begin{pmatrix}1&2\\\\2&4\\end{pmatrix}$ invertible?"
NOWHERE = "Does there exist a function $f:\\mathbb{R}\\to\\mathbb{R}$ that is continuous everywhere but differentiable nowhere?"
LIMIT = "Does $\\displaystyle\\lim_{x\\to0}\\sin\\frac1x$ exist?"
FIXED = "Does the equation $e^x=x$ have a real solution?"


@pytest.mark.parametrize("reply, answer, question, status", [
    # an answer line giving the verdict "not necessarily" / "not always" before its proof
    ("**Answer: not necessarily.**\n\nThe symmetric group $S_3$ has order $3!=6$ and is non-abelian.", "No", ABELIAN,
     "correct"),
    ("**Answer:** Not always: $S_3$ has order $6$.\n\nIt is non-abelian.", "No", ABELIAN, "correct"),
    ("**Answer: not necessarily.**\n\nThe symmetric group $S_3$ has order $3!=6$.", "Yes", ABELIAN, "wrong"),
    ("The answer is not necessarily 6.\n\nSo it is 5.", "6", "How many?", "wrong"),  # a negated answer stays one
    # an opening verdict, then a closing claim of another kind than asked (convergence where existence is asked)
    ("Yes. The Weierstrass function is an example. The series converges uniformly, so $W$ is continuous, yet $W$ has "
     "no derivative at any point.", "Yes", NOWHERE, "correct"),
    ("Yes. The Weierstrass function is an example. So no such function exists.", "Yes", NOWHERE, "wrong"),
    # a closing aside in brackets contrasting another object
    ("Two sequences give different limits, so **the limit does not exist**.\n\n(By contrast, "
     "$\\lim_{x\\to0}x\\sin\\frac1x=0$ does exist, by squeezing.)", "No", LIMIT, "correct"),
    ("Two sequences give different limits, so **the limit does not exist**.\n\n(By contrast, I was wrong: "
     "it does exist.)", "No", LIMIT, "wrong"),  # an aside that takes the answer back is no aside
    ("We have $f(0)=f(1)=0$. Therefore $f$ is **not one-to-one**.\n\n(It is, however, surjective, since it is a "
     "continuous odd-degree polynomial.)", "No", INJECTIVE, "correct"),
    ("We have $f(0)=f(1)=0$. Therefore $f$ is **not one-to-one**.", "Yes", INJECTIVE, "wrong"),
    # a closing sentence in words stating the opposite of the property asked (a rule with "iff" is conditional)
    ("$\\det=0$.\n\nA square matrix is invertible iff its determinant is nonzero, so this matrix is **singular**.",
     "No", INVERTIBLE, "correct"),
    ("$\\det=0$.\n\nA square matrix is invertible iff its determinant is nonzero, so this matrix is **singular**.",
     "Yes", INVERTIBLE, "wrong"),
    ("$\\det=0$.\n\nSo the matrix is invertible only when its determinant is nonzero.", "Yes", INVERTIBLE, "wrong"),
    # a qualifier on every x, then a clause of its own: no closing domain
    ("Thus $e^x>x$ for every real $x$, and the equation has no real solution.", "No", FIXED, "correct"),
    ("Thus $e^x>x$ for every real $x$, and the equation has a real solution.", "No", FIXED, "wrong"),
])
def test_text_answers(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


ROOTS_ZH = "方程 $x^2+x+1=0$ 是否有实数根？"
COUNTING_ZH = "甲、乙两人轮流从 1 开始按顺序报数，每次可以报 1 个或连续的 2 个数，谁报到 30 谁获胜。甲先报，谁有必胜策略？"
STONES = ("Two players alternately remove 1, 2 or 3 stones from a pile of 20 stones. The player who takes the last "
          "stone wins. Alice moves first. Who has a winning strategy?")


@pytest.mark.parametrize("reply, answer, question, status", [
    ("判别式小于 0，\n\n所以方程**没有实数根**（它有两个共轭虚根 $x=\\frac{-1\\pm\\sqrt3\\,i}{2}$）。", "没有", ROOTS_ZH,
     "correct"),
    ("判别式小于 0，\n\n所以方程**没有实数根**（它有两个共轭虚根 $x=\\frac{-1\\pm\\sqrt3\\,i}{2}$）。", "有", ROOTS_ZH, "wrong"),
    ("所以方程没有实数根。", "否", ROOTS_ZH, "correct"),
    ("所以**后报的乙**有必胜策略。", "乙（后报者）", COUNTING_ZH, "correct"),
    ("所以**后报的乙**有必胜策略。", "甲（先报者）", COUNTING_ZH, "wrong"),
    # the question names only who moves first: another name, or "the second player", is the other player
    ("Since $20 = 4\\cdot 5$, Alice starts in a losing position. Therefore **Bob** has a winning strategy: he always "
     "answers Alice's move of $k$ stones by taking $4-k$.", "Bob (the second player)", STONES, "correct"),
    ("Therefore **Bob** has a winning strategy.", "the second player", STONES, "correct"),
    ("Therefore **Bob** has a winning strategy.", "Alice", STONES, "wrong"),
    ("Therefore Carol has a winning strategy.", "Bob", STONES, "wrong"),  # two other names are two players
    ("Therefore **He** has a winning strategy.", "Bob", STONES, "wrong"),  # a pronoun names nobody
    ("Therefore Alice loses.", "Bob", STONES, "correct"),
    ("Therefore Bob loses.", "Bob", STONES, "wrong"),
])
def test_chinese_claims_and_winners(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


SPEED = "A car travels 90 km in 1.5 h. What is its average speed in m/s?"
ESCAPE = "What is the escape velocity from the surface of the Earth?"
PRESSURE = "What is the gauge pressure at a depth of 10 m in fresh water?"
CHAIN = ("$v_e=\\sqrt{\\dfrac{2GM_E}{R_E}}=\\sqrt{\\dfrac{2(6.67\\times10^{-11})(5.97\\times10^{24})}{6.37\\times10^{6}}}"
         "\\approx VALUE\\ \\text{m/s}.$")


@pytest.mark.parametrize("reply, answer, unit, error, question, status", [
    ("Average speed $= \\dfrac{\\text{distance}}{\\text{time}} = \\dfrac{90\\ \\text{km}}{1.5\\ \\text{h}} = 60\\ "
     "\\text{km/h}.$", "16.67", "m/s", "0.01", SPEED, "correct"),
    ("Average speed $= \\dfrac{90}{1.5} = 61.$", "60", None, None, SPEED, "wrong"),
    (CHAIN.replace("VALUE", "1.12\\times10^{4}"), "11.2", "km/s", None, ESCAPE,
     "correct"),
    (CHAIN.replace("VALUE", "1.13\\times10^{4}"), "11.3", "km/s", None, ESCAPE,
     "wrong"),  # the chain does not round to it
    ("$v_e=\\sqrt{\\dfrac{2GM_E}{R_E}}\\approx 1.12\\times10^{4}\\ \\text{m/s}$.", "11.2", "km/s", None, ESCAPE,
     "correct"),
    ("$p = \\rho g h = 1000\\times9.8\\times10 = 9.8\\times10^{4}\\ \\text{Pa}$\n\nThat is roughly $0.97$ atm above "
     "atmospheric pressure.", "98000", "Pa", None, PRESSURE, "correct"),
    ("$p = \\rho g h = 9.9\\times10^{4}\\ \\text{Pa}$\n\nThat is roughly $0.97$ atm above atmospheric pressure.",
     "98000", "Pa", None, PRESSURE, "wrong"),
    ("$p = 9.8\\times10^{4}\\ \\text{Pa}$\n\nThat is roughly $0.97$ atm above atmospheric pressure.", "0.97", "atm",
     None, PRESSURE, "correct"),  # the unit asked is the restatement's
])
def test_physics_chains_and_restatements(reply, answer, unit, error, question, status):
    extra = {k: v for k, v in (("unit", unit), ("error", error)) if v}
    assert _verdict(reply, answer, question, **extra) == status


DOMAIN = "Find the domain of $f(x)=\\dfrac{\\sqrt{x-2}}{x-5}$."
HEX = "Write $255$ in hexadecimal."
RATIO = "In a geometric sequence, $a_2=6$ and $a_5=162$. Find the first term and the common ratio."
STATS = "Find the mean and the median of the data set $2, 3, 3, 5, 7, 10$."
DERIVATIVES = "Let $f(x)=x^4$. (1) Find $f'(1)$. (2) Find $f''(1)$."


@pytest.mark.parametrize("reply, answer, question, status", [
    ("$x^2 = 4 \\iff x\\in\\{-2,\\,2\\}$.", "\\pm 2", "Find all real $x$ with $x^2=4$.", "correct"),
    ("$x^2 = 4 \\iff x\\in\\{-2,\\,3\\}$.", "\\pm 2", "Find all real $x$ with $x^2=4$.", "wrong"),
    ("We need $x\\ge2$ and $x\\neq5$, i.e. the domain is $[2,+\\infty)\\setminus\\{5\\}$.", "[2,5)\\cup(5,\\infty)",
     DOMAIN, "correct"),
    ("We need $x\\ge2$ and $x\\neq5$, i.e. the domain is $(2,+\\infty)\\setminus\\{5\\}$.", "[2,5)\\cup(5,\\infty)",
     DOMAIN, "wrong"),
    ("So $255 = \\texttt{0xFF}$.", "FF_{16}", HEX, "correct"),
    ("So $255 = \\texttt{0xFE}$.", "FF_{16}", HEX, "wrong"),
    ("So the answer is 0xFF.", "FF_{16}", HEX, "correct"),
    ("Common ratio $r=3$, first term $a_1=2$.", "a_1=2,\\ r=3", RATIO, "correct"),
    ("Common ratio $r=3$, first term $a_1=3$.", "a_1=2,\\ r=3", RATIO, "wrong"),
    ("Common ratio $r=3$, or maybe first term $a_1=2$.", "a_1=2,\\ r=3", RATIO, "wrong"),
    ("- Median $=\\dfrac{3+5}{2}=4$\n- Mean $=\\dfrac{30}{6}=5$", "\\text{mean}=5,\\ \\text{median}=4", STATS, "correct"),
    ("- Median $=\\dfrac{3+5}{2}=4$\n- Mean $=\\dfrac{30}{6}=5$", "\\text{mean}=4,\\ \\text{median}=5", STATS, "wrong"),
    ("(1) $f'(1)=4$  \n(2) $f''(1)=12$", "4;\\ 12", DERIVATIVES, "correct"),
    ("(1) $f'(1)=12$  \n(2) $f''(1)=4$", "4;\\ 12", DERIVATIVES, "wrong"),  # parts are ordered
])
def test_structured_answers(reply, answer, question, status):
    assert _verdict("Sum $=30$, $n=6$.\n\n" + reply, answer, question) == status


DIVISORS = "How many two-digit positive integers are divisors of $1000$?"
FACTORIAL = "What is the smallest positive integer $n$ such that $n!$ is divisible by $1000$?"


@pytest.mark.parametrize("reply, answer, question, status", [
    ("So there are 5 two-digit divisors of 1000: 10, 20, 25, 40 and 50.", "5", DIVISORS, "correct"),
    ("So there are five two-digit divisors of 1000: 10, 20, 25, 40 and 50.", "5", DIVISORS, "correct"),
    ("So there are 6 two-digit divisors of 1000: 10, 20, 25, 40 and 50.", "5", DIVISORS, "wrong"),  # 6 items? no
    ("Therefore the smallest such $n$ is **15**.", "15", FACTORIAL, "correct"),
    ("Therefore the smallest such $n$ is **14**.", "15", FACTORIAL, "wrong"),
    ("If it were 2000, the smallest such $n$ is **15**.", "15", FACTORIAL, "wrong"),
])
def test_closing_counts_and_bold_values(reply, answer, question, status):
    assert _verdict("<think>\nWe count.\n</think>\n\n" + reply, answer, question) == status


RIVERS = {"A": "Amazon", "B": "Nile", "C": "Yangtze", "D": "Mississippi"}
GROWTH = {"A": "Population", "B": "GDP", "C": "Energy use", "D": "CO₂ emissions"}
SMALLEST = {"A": "0.3", "B": "$\\frac14$", "C": "0.35", "D": "$\\frac27$"}
ROOT = {"A": "9", "B": "4.5", "C": "81", "D": "-3"}
BUDGET = {"A": "15%", "B": "25%", "C": "35%", "D": "45%"}


@pytest.mark.parametrize("reply, options, letter", [
    ("I'm unable to view the pie chart you've referenced. If you can share the percentages, I'd be happy to help. "
     "For what it's worth, housing typically takes around 35% of a household budget.", BUDGET, None),
    ("I can see the pie chart: housing takes 35% of the budget.", BUDGET, "C"),
    ("If the y-axis is logarithmic, the steepest line corresponds to C; if it is linear, the fastest growth would be "
     "D.", GROWTH, None),
    ("The steepest line corresponds to C.", GROWTH, "C"),
    ("By most traditional measurements it's the Nile (B), but some recent studies argue the Amazon (A) is longer. "
     "Both are defensible answers.", RIVERS, None),
    ("It is the Nile (B), not the Amazon (A).", RIVERS, "B"),
    ("Converting to decimals: A = 0.3, B = 0.25, C = 0.35, D ≈ 0.286. The smallest is 0.25.", SMALLEST, "B"),
    ("Option A: $9^2 = 81$ — no. Option B: $4.5^2 = 20.25$ — no. Option C: $81^2$ is far too big — no. "
     "Option D: $(-3)^2 = 9$ ✓.", ROOT, "D"),
])
def test_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=maths.states_value).letter == letter


def _attack(name: str) -> list[dict]:
    path = Path(__file__).parent.parent / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack("attack_round23_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 23's maths readings (labelled by the grading conventions before
    either version ran) that the reader before this round or the first version of it got wrong, read as labelled now."""
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


@pytest.mark.parametrize("case", _attack("attack_round23_choice.jsonl"), ids=lambda case: case["id"])
def test_the_choice_attack_reads_as_labelled(case):
    """The same for the helper's attack on round 23's multiple-choice readings."""
    assert infer_choice(case["reply"], case["options"], same_value=maths.states_value).letter == case["label"], \
        case["why"]


def test_a_two_digit_fraction_shorthand_is_read_by_the_package_itself():
    options = {"A": "0.25", "B": "0.5", "C": "0.707", "D": "0.866"}
    assert infer_choice("$\\sin 30^\\circ = \\tfrac12$", options).letter == "B"
    assert infer_choice("$\\sin 30^\\circ = \\tfrac{14}{2}$", options).letter is None  # (7: no option)
