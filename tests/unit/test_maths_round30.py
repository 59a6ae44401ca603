"""Round 30 of the readers (docs/profiles-math.md, "Round 30"), written from round 31's blind probes
(tests/data/probes_round31.jsonl) after they were scored once as the held-out measure of round 29, then narrowed after
a helper's attack (its replies the reader before this round or this round's first version got wrong, read as labelled
now: tests/data/attack_round30_maths.jsonl)."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round27 import _attack

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.maths import states_value
from pytest_answerbench.maths.meaning import asks_yes_no

UNIFORM = "Is every continuous function $f:[0,1]\\to\\mathbb{R}$ uniformly continuous? Answer Yes or No."
TRUTH = "True or false: if $a_n\\to0$ then $\\sum a_n$ converges."
PARITY = "Is the product of two odd functions odd, even, or neither?"
POLYHEDRON = "Does there exist a convex polyhedron with exactly 7 edges?"
CYCLIC = "Is the multiplicative group $(\\mathbb{Z}/8\\mathbb{Z})^\\times$ cyclic?"
REALS = "实数集 $\\mathbb{R}$ 是可数集还是不可数集？"
RATIONALS = "有理数集 $\\mathbb{Q}$ 是可数集还是不可数集？"
NIM = ("Alice and Bob play with a pile of 24 coins, taking turns to remove between 1 and 5 coins; the player who removes "
       "the last coin wins. Alice goes first. Which player can force a win?")
DIE = "A fair six-sided die is rolled repeatedly. What is the expected number of rolls until the first 6 appears?"
ROOTS = "Find all real $a$ for which $x^2+ax+1=0$ has real roots."
GAS = "An ideal gas at 300 K is heated at constant pressure until its volume doubles. What is its final temperature?"
PARTS = "(a) Find gcd(12, 18). (b) Find lcm(12, 18)."


@pytest.mark.parametrize("question, asks", [
    (UNIFORM, True),
    ("Is 91 prime (yes/no)", True),
    ("它是质数吗？回答是或否。", True),
    ("Find $x$. Answer yes or no to part (b) and give $x$.", False),  # the instruction is not the question's close
])
def test_an_instruction_to_answer_yes_or_no(question, asks):
    assert asks_yes_no(question) is asks


@pytest.mark.parametrize("reply, answer, question, status", [
    ("Yes. $[0,1]$ is compact, so Heine–Cantor applies.\n\nSide note: $1/x$ on $(0,1]$ is continuous but not "
     "uniformly so.", "Yes", UNIFORM, "correct"),
    ("False. The harmonic series has $1/n\\to0$ and still diverges.", "false", TRUTH, "correct"),
    ("True. Hmm, the harmonic series has $1/n\\to0$ and diverges, so the statement fails.", "true", TRUTH, "wrong"),
    ("So yes, it is differentiable there with $f'(0)=0$ — even though $f'$ itself is not continuous at 0.", "Yes",
     "Let $f(x)=x^2\\sin(1/x)$ for $x\\ne0$ and $f(0)=0$. Is $f$ differentiable at $0$?", "correct"),
    ("So yes, it is continuous — although, on reflection, it is not.", "No", "Is $g$ continuous at $0$?", "wrong"),
    ("So $fg$ is **even**. (By contrast, the *sum* of two odd functions stays odd.)", "even", PARITY, "correct"),
    ("So $fg$ is **even** and odd.", "even", PARITY, "wrong"),  # another offered word outside the bold one
    ("So $f$ fails to be **odd**.", "odd", PARITY, "wrong"),
    ("The group is $C_2\\times C_2$, not cyclic.\n\n(Contrast: $(\\mathbb Z/p\\mathbb Z)^\\times$ for a prime $p$ is "
     "always cyclic.)", "No", CYCLIC, "correct"),
    ("所以 $\\mathbb R$ 是**不可数集**。顺便一提，有理数集 $\\mathbb Q$ 是可数的。", "不可数集", REALS, "correct"),
    ("所以 $\\mathbb Q$ 是**可数集**。顺便一提，$\\mathbb Q$ 与 $\\mathbb R$ 等势，是不可数的。", "可数集", RATIONALS, "wrong"),
    ("所以每个这样的连续函数都有不动点，没有不动点的函数**不存在**。（如果把定义域换成开区间 $(0,1)$，结论就可能不成立。）", "不存在",
     "是否存在连续函数 $f:[0,1]\\to[0,1]$ 没有不动点？", "correct"),
    ("So no polyhedron has 7 edges.", "No", POLYHEDRON, "correct"),
    ("So no polyhedron has 8 edges.", "No", POLYHEDRON, "wrong"),  # a number the question does not write
    ("So no polygon has 7 edges.", "No", POLYHEDRON, "wrong"),  # another noun than the one asked about
    ("The second player — Bob — wins with correct play.", "Bob", NIM, "correct"),
    ("The second player — Bob — is the one who loses.", "Bob", NIM, "wrong"),
    ("Ampère's law gives **B = 0.5 G**.", "5.0e-5 T", None, "correct"),
    ("Ampère's law gives **B = 0.5 G**.", "5.0e-4 T", None, "wrong"),
    ("$T_2 = 2\\times300\\ \\text{K} = 600\\ \\text{K}$, i.e. roughly $327\\,^\\circ\\text{C}$.", "600 K", GAS, "correct"),
    ("$T_2 = 600\\ \\text{K}$, i.e. roughly $327\\,^\\circ\\text{C}$.", "327 ^\\circ C",
     GAS + " Give it in degrees Celsius.", "correct"),  # the restatement in the unit the question names
    ("So $h=20\\ \\text{m}$, or nearly $25\\ \\text{m}$.", "20 m", None, "wrong"),  # "or": a hedge, not a restatement
    ("So we need $a\\le-2$ or $a\\ge2$.", "$(-\\infty,-2]\\cup[2,\\infty)$", ROOTS, "correct"),
    ("So we need $a\\le-2$ or $a\\ge3$.", "$(-\\infty,-2]\\cup[2,\\infty)$", ROOTS, "wrong"),
    ("So $a>1$ or $a>2$.", "a>1", None, "wrong"),  # two bounds the same way: a hedge
    ("Answers: 720° and 120°.", "720, 120",
     "The interior angles of a hexagon sum to ___°, and each angle of a regular hexagon is ___°.", "correct"),
    ("Answers: 120° and 720°.", "720, 120",
     "The interior angles of a hexagon sum to ___°, and each angle of a regular hexagon is ___°.", "wrong"),
    ("$$E=6$$\n\nSo on average it takes six rolls.", "6", DIE, "correct"),
    ("So it takes up to six rolls.", "6", DIE, "wrong"),  # a bound
    ("Taking highest powers: lcm = 36; lowest powers: gcd = 6.", "(a) 6 (b) 36", PARTS, "correct"),
    ("gcd = 6, lcm = 72.", "(a) 6 (b) 36", PARTS, "wrong"),
    ("cos vanishes at 90° and every half-turn after: x = 90° + k·180°, k ∈ ℤ.", "$x=\\frac{\\pi}{2}+k\\pi,\\ k\\in\\mathbb Z$",
     "Find all solutions of $\\cos x=0$.", "correct"),
    ("x = 90° + k·360°, k ∈ ℤ.", "$x=\\frac{\\pi}{2}+k\\pi,\\ k\\in\\mathbb Z$", "Find all solutions of $\\cos x=0$.",
     "wrong"),
    ("It holds for some pairs (e.g. $B=0$), but not in general.", "not always",
     "For $2\\times2$ real matrices $A,B$, does $\\det(A+B)=\\det A+\\det B$ always hold, or not always?", "correct"),
    ("A right angle is 90 degrees.", "\\frac{\\pi}{2}", None, "correct"),
    ("It rises by 90 degrees.", "\\frac{\\pi}{3}", None, "wrong"),
])
def test_round_30_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status


@pytest.mark.parametrize("case", _attack("attack_round30_maths.jsonl"), ids=lambda case: case["id"])
def test_the_maths_attack_reads_as_labelled(case):
    extra = {k: str(case[k]) for k in ("unit", "error") if case.get(k)}
    assert _verdict(case["prediction"], case["answer"], case.get("question"), **extra) == case["label"], case["why"]


ANGLES = {"A": "$\\pi/4$", "B": "$\\pi/2$", "C": "$\\pi$", "D": "$2\\pi$"}
SYMBOLS = {"A": "S", "B": "So", "C": "Sd", "D": "Na"}
PRODUCTS = {"A": "二氧化碳", "B": "葡萄糖", "C": "氮气", "D": "水"}
LADDER = {"A": "12 m", "B": "16 m", "C": "20 m", "D": "25 m"}


@pytest.mark.parametrize("reply, options, letter", [
    ("From the Latin *natrium* — option four is the right one.", SYMBOLS, "D"),
    ("Option four is wrong; it is not Na.", SYMBOLS, None),  # denied
    ("光合作用产生葡萄糖和氧气。B 和 D 看起来都和光合作用有关……不过水是原料而不是产物。我倾向于 B。", PRODUCTS, "B"),
    ("A right angle is 90 degrees.", ANGLES, "B"),  # the article, then the value of option B
    ("A ladder 2000 cm long.", LADDER, None),  # a noun phrase stating no answer
    ("A, right.", {"A": "Ribosome", "B": "Mitochondrion", "C": "Golgi", "D": "Nucleus"}, "A"),
])
def test_round_30_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter
