"""Round 24 of the readers (docs/profiles-math.md and docs/profiles-mc.md, "Round 24"), written from round 24's blind
probes (tests/data/probes_round24.jsonl) after they were scored once as round 23's held-out measure, then narrowed
after two helpers' attacks (the replies the reader before this round or the first version of it got wrong, read as
labelled now, are tests/data/attack_round24_maths.jsonl and attack_round24_choice.jsonl). Each reading has its near
misses beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_maths_round22 import _verdict

from pytest_answerbench import maths
from pytest_answerbench.choice import infer_choice

ROOTS_ZH = "判断：方程 $x^2+1=0$ 在实数范围内是否有解？"
INJECTIVE_ZH = "函数 $f(x)=e^x$ 在 $\\mathbb{R}$ 上是否为单射？"
CONVERGES_ZH = "数列 $a_n=\\left(1+\\frac1n\\right)^n$ 是否收敛？"
INVERTIBLE_ZH = "矩阵 $\\begin{pmatrix}2&1\\\\1&2\\end{pmatrix}$ 是否可逆？"


@pytest.mark.parametrize("reply, answer, question, status", [
    # a closing remark on something else: 补充 in brackets, a 不过 sentence about another property
    ("判别式小于 0，所以该方程**没有实数根**。\n\n（补充：在复数范围内它有两个解 $x=\\pm i$。）", "无解", ROOTS_ZH, "correct"),
    ("判别式小于 0，所以该方程**没有实数根**。\n\n（补充：所以方程有两个实数解 $x=\\pm 1$。）", "无解", ROOTS_ZH, "wrong"),
    ("是的。\n\n$f'(x)=e^x>0$，因此 $f$ 是单射（一对一）。\n\n不过要注意，它**不是**满射，因为其值域是 $(0,+\\infty)$。", "是",
     INJECTIVE_ZH, "correct"),
    ("是的。\n\n$f'(x)=e^x>0$，因此 $f$ 是单射。\n\n不过要注意，它并不一对一。", "是", INJECTIVE_ZH, "wrong"),
    # a Chinese property: 是 / 否 for the gold's word, synonyms, opposites, negations
    ("答案：是。", "收敛", CONVERGES_ZH, "correct"),
    ("答案：是的，发散。", "收敛", CONVERGES_ZH, "wrong"),
    ("计算行列式：$3\\neq0$。\n\n因此该矩阵非奇异，其逆矩阵为\n$$\\frac13\\begin{pmatrix}2&-1\\\\-1&2\\end{pmatrix}.$$", "可逆",
     INVERTIBLE_ZH, "correct"),
    ("算得 $\\det A=0$，因此该矩阵不再可逆。", "可逆", INVERTIBLE_ZH, "wrong"),
    ("算得 $\\det A=0$，因此该矩阵不会是可逆的。", "可逆", INVERTIBLE_ZH, "wrong"),
])
def test_chinese_remarks_and_properties(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


CUBE = ("A cube is cut by the plane that passes through its centre and is perpendicular to one of its space diagonals. "
        "What is the shape of the cross-section?")
PENTAGON = "What regular polygon has interior angles of $108^\\circ$?"
STONES = ("Alice and Bob play a game with a pile of 21 stones. Players alternate, Alice first; on each turn a player "
          "removes 1, 2, or 3 stones, and whoever takes the last stone wins. Who has a winning strategy?")
PROPOSITION = "命题“若 $a>b$，则 $a^2>b^2$”是真命题还是假命题？"
ACUTE = "Can a convex polygon have exactly four acute interior angles?"
GROUPS = "True or false: every group of order 4 is abelian."


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Regular hexagon.\n\nThe plane meets six edges at their midpoints; all angles are $120^\\circ$.", "Regular hexagon",
     CUBE, "correct"),
    ("Regular hexagon.\n\nThe plane meets six edges. The cross-section is a regular pentagon.", "Regular hexagon", CUBE,
     "wrong"),
    ("Regular pentagon.\n\nSolving $(n-2)180/n=108$ I get $n = 8$. So the shape has 8 sides.", "regular pentagon",
     PENTAGON, "wrong"),
    ("Regular hexagon.\n\nWait, let me redo this: it is a square.", "Regular hexagon", CUBE, "wrong"),
    ("Alice wins.\n\nSince $21 = 4\\cdot5+1$, Alice takes 1 and answers each move $k$ with $4-k$. She takes the last stone.",
     "Alice", STONES, "correct"),
    ("Alice wins.\n\nShe takes 1, leaving 20. Then Bob mirrors her moves and takes the last stone.", "Alice", STONES,
     "wrong"),
    ("**假命题。**\n\n反例：取 $a=1$，$b=-2$，则 $a^2<b^2$。", "假命题", PROPOSITION, "correct"),
    ("**假命题。**\n\n但仔细检查，故命题成立。", "假命题", PROPOSITION, "wrong"),
    ("Impossible.\n\nThe exterior angles sum to $360^\\circ$, so at most **3** are acute.", "No", ACUTE, "correct"),
    ("Possible. But only when the polygon is not convex.", "Yes", ACUTE, "wrong"),
    ("The statement holds.\n\nBoth groups of order 4 are abelian.\n\n(The smallest non-abelian group, $S_3$, has order 6.)",
     "True", GROUPS, "correct"),
    ("The statement fails.\n\nIt is false for $S_3$.", "True", GROUPS, "wrong"),
])
def test_answers_opening_the_reply(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


IRREDUCIBLE = "Is the polynomial $x^4+4$ irreducible over $\\mathbb{Q}$?"
BIJECTION = ("Is there a bijection between the set of natural numbers $\\mathbb{N}$ and the set of rational numbers "
             "$\\mathbb{Q}$?")


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Since $x^4+4=(x^2+2x+2)(x^2-2x+2)$, $x^4+4$ **factors** over $\\mathbb{Q}$ — it is reducible. (Compare $x^4+1$, "
     "which is irreducible over $\\mathbb{Q}$.)", "No", IRREDUCIBLE, "correct"),
    ("Since $x^4+4=(x^2+2x+2)(x^2-2x+2)$, it is reducible. (Compare $x^4+1$: the same argument shows $x^4+4$ is in fact "
     "irreducible.)", "No", IRREDUCIBLE, "wrong"),
    ("**Yes.**\n\nList the rationals by height: $0, 1, -1, \\tfrac12, \\dots$. Every rational appears once, so $n \\mapsto$ "
     "($n$-th term) is a one-to-one correspondence.\n\n*Aside:* by contrast, there is **no** bijection between "
     "$\\mathbb{N}$ and $\\mathbb{R}$.", "Yes", BIJECTION, "correct"),
    ("**Yes.**\n\nList the rationals by height: $0, 1, -1, \\tfrac12, \\dots$. Every rational appears once.\n\n*Aside:* "
     "on reflection, there is **no** bijection between $\\mathbb{N}$ and $\\mathbb{Q}$.", "Yes", BIJECTION, "wrong"),
    ("Cauchy's equation and continuity give\n\n$$f(x) = 3x \\quad\\text{for all } x\\in\\mathbb{R}.$$\n\nCheck: "
     "$3(x+y) = 3x + 3y$ ✓, $f(1) = 3$ ✓.", "f(x) = 3x",
     "Find all continuous $f$ with $f(x+y)=f(x)+f(y)$ and $f(1)=3$.", "correct"),
    ("So $f(x) = 2x$.\n\nCheck: $f(1) = 3$ ✓.", "f(x) = 3x",
     "Find all continuous $f$ with $f(x+y)=f(x)+f(y)$ and $f(1)=3$.", "wrong"),
])
def test_english_remarks_checks_and_opposites(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


GAS = "An ideal gas initially at 300 K is heated at constant pressure until its volume doubles. What is its final temperature?"


@pytest.mark.parametrize("reply, answer, unit, question, status", [
    ("$$f = \\frac{c}{\\lambda} = 1.0\\times10^{8}\\ \\text{s}^{-1}$$\n\nThat is $f = 100$ MHz — right in the FM band.",
     "1\\times10^{8}", "Hz", "What is its frequency?", "correct"),
    ("Final answer: $a_0 \\approx 5.29\\times10^{-11}$ m (3 s.f.).", "0.529", "Å", "Compute the Bohr radius.", "correct"),
    ("So $f = 100$ MHz (approximately; the exact value is 99.9 MHz)", "1\\times10^{8}", "Hz", "What is its frequency?",
     "wrong"),
    ("**Final temperature: 326.85 °C**", "600", "K", GAS, "correct"),
    ("So the final temperature is 326.85 degrees Celsius.", "600", "K", GAS, "correct"),
    ("The gas ends 300 °C hotter than it started.", "600", "K", GAS, "wrong"),  # a change, not a temperature
    ("The water warms by 15 °C.", "15", "K", "Temperature rise of the water.", "correct"),
])
def test_units_after_a_span_and_temperatures(reply, answer, unit, question, status):
    assert _verdict(reply, answer, question, unit=unit) == status


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Sorted: 2, 3, 7, 7, 8, 9.\n\n- **Median** $= \\frac{7+7}{2} = 7$\n- **Mean** $= \\frac{36}{6} = 6$", "mean 6; median 7",
     "For the data set 3, 7, 7, 2, 9, 8 find (1) the mean and (2) the median.", "correct"),
    ("Sum is 30.\n\nMean = 6, median = 7. Hmm, recounting the sum gives 28, so the mean comes to 5.6.", "mean 6; median 7",
     "Find the mean and the median of the data set 2, 4, 7, 7, 10.", "wrong"),
    ("Repeated division by 3 gives\n\n$$100 = (1020)_3$$", "10201_3", "Write 100 in base 3.", "wrong"),
    ("Repeated division by 3 gives\n\n$$100 = (10201)_3$$", "10201_3", "Write 100 in base 3.", "correct"),
    ("So $(1020)_3 = 100$.", "10201_3", "Write 100 in base 3.", "wrong"),
])
def test_named_values_and_numerals(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


RENEWABLE = {"A": "Solar", "B": "Wind", "C": "Hydro", "D": "All of the above"}
SMALLEST = {"A": "0.3", "B": "1/4", "C": "2/7", "D": "0.26"}
BUDGET = {"A": "Food", "B": "Housing", "C": "Transport", "D": "Other"}
BOILING = {"A": "273 K", "B": "300 K", "C": "373 K", "D": "473 K"}
XRAY = {"A": "Fracture", "B": "Pneumonia", "C": "Normal", "D": "Tumor"}


@pytest.mark.parametrize("reply, options, letter", [
    ("All of them — solar, wind and hydroelectric power are all renewable.", RENEWABLE, "D"),
    ("All of them, except hydro, are renewable.", RENEWABLE, None),  # (nor the exception: named only as one)
    ("All of them are correct... partially.", RENEWABLE, None),
    ("Converting to decimals: 0.3, 0.25, 0.2857, 0.26.\n\nThe second option is the smallest.", SMALLEST, "B"),
    ("The second option is not the smallest.", SMALLEST, None),
    ("The largest slice is **Housing**, at roughly 35% of the total, followed by Food at around 20%.", BUDGET, "B"),
    ("Looking at the lungs, there is some opacity. The answer is the answer is pneumonia the answer is pneumonia the "
     "answer is pneumonia the answer is pneumonia the answer is", XRAY, None),
    ("The answer is pneumonia. The answer is pneumonia. The answer is pneumonia.", XRAY, "B"),
    ("At 1 atm, pure water boils at 100 °C.", BOILING, "C"),
    ("It boils at 200 °C.", BOILING, "D"),  # 473.15 K, rounded as the option is written
    ("It rises by 100 °C.", BOILING, None),  # a change, not a temperature
])
def test_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=maths.states_value).letter == letter


def _attack(name: str) -> list[dict]:
    path = Path(__file__).parent.parent / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("case", _attack("attack_round24_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    """The replies of the helper's attack on round 24's maths readings (labelled by the grading conventions before
    either version ran) that the reader before this round or the first version of it got wrong, read as labelled now."""
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


@pytest.mark.parametrize("case", _attack("attack_round24_choice.jsonl"), ids=lambda case: case["id"])
def test_the_choice_attack_reads_as_labelled(case):
    """The same for the helper's attack on round 24's multiple-choice readings."""
    assert infer_choice(case["reply"], case["options"], same_value=maths.states_value).letter == case["label"], \
        case["why"]
