"""Round 43 of the readers (docs/profiles-math.md, "Round 43"; docs/profiles-mc.md, "Round 42"), written from round
44's blind probes (tests/data/probes_round44.jsonl) after they were scored once as the held-out measure of round 42,
each reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict
from test_maths_round37 import attack_cases, read_as_labelled

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.choice.normalize import stem_word
from pytest_answerbench.maths import equivalent, states_value
from pytest_answerbench.maths.compare.lines import same_integer_line
from pytest_answerbench.maths.meaning import states_draw

MAGIC = "Can a 3×3 magic square filled with 1, 2, …, 9 have a number other than 5 in the centre?"
POINT_NINE = "Is $0.999\\ldots$ equal to $1$?"
ODD_DEGREE = "Does every polynomial of odd degree with real coefficients have at least one real root?"
EVEN_ODD = "Is the zero function $f(x)=0$ both even and odd?"
COUNTING = "Two players take turns saying numbers; whoever says 100 wins. Who wins with perfect play?"
TIC_TAC_TOE = "In tic-tac-toe with perfect play by both players, who wins?"
SPLIT = "Can the numbers $1,2,\\dots,10$ be split into two groups with equal sums?"
BOUNDED_SEQ = "Is the sequence $a_n=(-1)^n\\frac{n}{n+1}$ bounded?"
SINE = "Determine whether $\\int_1^{\\infty}\\frac{\\sin x}{x}\\,dx$ converges."
GAUSS = "Is $g(x)=e^{-x^2}$ bounded on $\\mathbb{R}$?"
BLANKS = "Fill in the blanks: the maximum value of $f(x)=x(4-x)$ on $[0,4]$ is ____, attained at $x=$ ____."
EXTREMA = ("Let $f(x)=x^3-3x$. (a) Find the local maximum value of $f$. (b) Find the local minimum value of $f$.")
DIOPHANTINE = "Find all integer solutions of $3x+5y=1$."
FORM = "Write $\\dfrac{1+i}{1-i}$ in the form $a+bi$."
LIGHT = "How far does light travel in vacuum in 1.0 μs?"
ROOTS = "Find the sum of all real roots of $x^4-5x^2+4=0$."
LINE = "(x,y)=(2+5t,\\,-1-3t),\\ t\\in\\mathbb{Z}"


@pytest.mark.parametrize("reply, answer, question, status, row", [
    # a verdict with its reason after a colon, the reason holding a number
    ("$4\\cdot15 = 45 + 3c$, so $c=5$.\n\nSo no: the centre is always 5.", "No", MAGIC, "correct", {}),
    ("$4\\cdot15 = 45 + 3c$, so $c=5$.\n\nSo no: the centre is always 5.", "Yes", MAGIC, "wrong", {}),
    # a heading naming the answer, then the verdict
    ("## Answer\n\nYes. Let $x=0.999\\ldots$; then $10x-x=9$, so $x=1$.\n\nThey are the **same** real number.", "Yes",
     POINT_NINE, "correct", {}),
    ("## Answer\n\nNo. They differ by an infinitesimal.", "Yes", POINT_NINE, "wrong", {}),
    # "Affirmative." opening the reply
    ("Affirmative. If $\\deg p$ is odd, $p(x)\\to\\pm\\infty$ with opposite signs, so $p$ has a real zero.", "Yes",
     ODD_DEGREE, "correct", {}),
    ("Affirmative. If $\\deg p$ is odd, $p(x)\\to\\pm\\infty$ with opposite signs, so $p$ has a real zero.", "No",
     ODD_DEGREE, "wrong", {}),
    # "so yes — ..." concluding a sentence, a bracketed aside after it
    ("$f(-x)=0=f(x)$ and $f(-x)=0=-f(x)$, so yes — it is both even and odd (indeed the only function on "
     "$\\mathbb{R}$ that is both).", "Yes", EVEN_ODD, "correct", {}),
    ("$f(-x)=f(x)$, so no — it is even, not odd (take $x=1$).", "Yes", EVEN_ODD, "wrong", {}),
    # a name glossed in brackets as the gold
    ("The key numbers are 1, 12, 23, ..., 89, 100.\n\nSo **Player A (the first player)** wins.", "The first player",
     COUNTING, "correct", {}),
    ("The key numbers are 1, 12, 23, ..., 89, 100.\n\nSo **Player B (the second player)** wins.", "The first player",
     COUNTING, "wrong", {}),
    # a draw, however the gold and the reply say it
    ("With optimal play by both sides, tic-tac-toe always ends in a draw — nobody wins.",
     "Neither; the game is a draw", TIC_TAC_TOE, "correct", {}),
    ("With optimal play the first player always wins; it is never a draw.", "Neither; the game is a draw",
     TIC_TAC_TOE, "wrong", {}),
    # a verdict after a dash, closing a hypothetical
    ("The total is 55, which is odd. Two groups with equal sums would need $27.5$ each — impossible.", "No", SPLIT,
     "correct", {}),
    ("The total is 55, which is odd. Two groups with equal sums would need $27.5$ each — impossible.", "Yes", SPLIT,
     "wrong", {}),
    # a note opening on the verdict said again, then another property
    ("Since $|a_n|<1$ for every $n$, yes — the sequence is bounded (by 1).\n\nNote: it is bounded but it does *not* "
     "converge, because the even terms tend to 1 and the odd terms to −1.", "Yes, it is bounded", BOUNDED_SEQ,
     "correct", {}),
    ("Since $|a_n|<1$ for every $n$, yes — the sequence is bounded (by 1).\n\nNote: it is bounded but it does *not* "
     "converge, because the even terms tend to 1 and the odd terms to −1.", "No", BOUNDED_SEQ, "wrong", {}),
    # the qualifiers a dash adds to the claim
    ("Integrate by parts.\n\nSo the integral converges — conditionally, not absolutely, since $\\int_1^\\infty"
     "\\frac{|\\sin x|}{x}dx=\\infty$.", "It converges (conditionally)", SINE, "correct", {}),
    ("Integrate by parts.\n\nSo the integral converges — absolutely.", "It converges (conditionally)", SINE, "wrong",
     {}),
    ("So the integral converges — though not absolutely, since $\\int_1^\\infty\\frac{|\\sin x|}{x}dx$ diverges.",
     "It converges (conditionally)", SINE, "correct", {}),
    ("Integration by parts shows the integral converges — absolutely, I first thought, but $|\\sin x|/x^2$ behaves "
     "like $\\sin x/x$ at infinity, so the convergence is only conditional.", "It converges absolutely", SINE, "wrong",
     {}),
    # the property, then the bound it adds after ", with"
    ("As $x$ grows, $g$ is unbounded … no wait, $e^{-x^2}\\le 1$.\n\nCorrection: $g$ is bounded, with "
     "$0<g(x)\\le 1$ for all real $x$.", "Yes", GAUSS, "correct", {}),
    ("Correction: $g$ is unbounded, with $g(x)\\to\\infty$ as $x\\to 0$.", "Yes", GAUSS, "wrong", {}),
    # a blank filled after "Max $=4$"
    ("$f(x)=-(x-2)^2+4$.\n\nMax $=4$, attained at $x=2$.", "4; 2", BLANKS, "correct", {}),
    ("$f(x)=-(x-2)^2+4$.\n\nMax $=2$, attained at $x=4$.", "4; 2", BLANKS, "wrong", {}),
    # parts labelled, then named ("local max")
    ("$f'(x)=3x^2-3=0\\Rightarrow x=\\pm1$.\n\n(a) local max $f(-1)=2$; (b) local min $f(1)=-2$.", "(a) 2 (b) -2",
     EXTREMA, "correct", {}),
    ("$f'(x)=3x^2-3=0\\Rightarrow x=\\pm1$.\n\n(a) local max $f(1)=-2$; (b) local min $f(-1)=2$.", "(a) 2 (b) -2",
     EXTREMA, "wrong", {}),
    # integer points of a line, the parameter shifted
    ("One particular solution is $(x,y)=(-3,2)$. The general solution is\n$$x=-3+5k,\\quad y=2-3k\\qquad"
     "(k\\in\\mathbb{Z}).$$", LINE, DIOPHANTINE, "correct", {}),
    ("One particular solution is $(x,y)=(-2,2)$. The general solution is\n$$x=-2+5k,\\quad y=2-3k\\qquad"
     "(k\\in\\mathbb{Z}).$$", LINE, DIOPHANTINE, "wrong", {}),
    # the constants of the asked form named after the value
    ("Multiply by the conjugate: $\\frac{(1+i)^2}{2}=\\frac{2i}{2}$.\n\nSo the result is $0+1i$, i.e. $a=0$, $b=1$.",
     "i", FORM, "correct", {}),
    ("So the result is $1+1i$, i.e. $a=1$, $b=1$.", "i", FORM, "wrong", {}),
    # a value concluded in plain text after the formula
    ("$d=ct=(3\\times10^8\\ \\text{m/s})(1.0\\times10^{-6}\\ \\text{s})$, so d = 0.3 km.", "300", LIGHT, "correct",
     {"unit": "m"}),
    ("$d=ct=(3\\times10^8\\ \\text{m/s})(1.0\\times10^{-6}\\ \\text{s})$, so d = 0.3 m.", "300", LIGHT, "wrong",
     {"unit": "m"}),
    ("<think>\nu = 1 or 4, x = ±1, ±2. Sum = 0. (The product would be 4, but that's not asked.)\n</think>\n\nThe real "
     "roots are $\\pm1,\\pm2$, so their sum is 0.", "0", ROOTS, "correct", {}),
    ("The real roots are $\\pm1,\\pm2$, so their product is 4.", "0", ROOTS, "wrong", {}),
])
def test_round_43_readings(reply, answer, question, status, row):
    assert _verdict(reply, answer, question, **row) == status


@pytest.mark.parametrize("pred, same", [
    ("x=-3+5k,\\quad y=2-3k\\qquad(k\\in\\mathbb{Z})", True),
    ("(x,y)=(2-5k,-1+3k),\\ k\\in\\mathbb{Z}", True),  # the parameter reversed
    ("y=-1-3k, x=2+5k for any integer k", True),  # the unknowns in another order, named
    ("(x,y)=(-3+5k,2-3k)", True),  # the range in a sentence of its own
    ("(x,y)=(4+5k,-1-3k),\\ k\\in\\mathbb{Z}", False),  # a start off the line's points
    ("(x,y)=(2+10k,-1-6k),\\ k\\in\\mathbb{Z}", False),  # every other point
    ("(x,y)=(2+5k,-1-3k),\\ k\\in\\mathbb{R}", False),  # over the reals
    ("(x,y)=(2.5+5k,-1.5-3k),\\ k\\in\\mathbb{Z}", False),
])
def test_integer_points_of_a_line(pred, same):
    assert same_integer_line(LINE, pred) is same
    assert equivalent(LINE, pred, question=DIOPHANTINE)[0] is same


def test_a_line_needs_a_gold_ranging_over_the_integers():
    assert same_integer_line("(2+5t,-1-3t)", "(2+5k,-1-3k)") is None
    assert same_integer_line(LINE, "(2,-1)") is None


@pytest.mark.parametrize("text, drawn", [
    ("tic-tac-toe always ends in a draw — nobody wins", True), ("Neither; the game is a draw", True),
    ("It is a tie.", True), ("It is a draw if both play well, otherwise X wins.", False),
    ("It is not a draw: X wins.", False), ("The first player wins", False), ("$K_5$ cannot be drawn", False),
])
def test_a_draw_said(text, drawn):
    assert states_draw(text) is drawn


YEARS = {"A": "1943", "B": "1944", "C": "1945", "D": "1946"}
STATEMENTS = {"A": "2 is prime", "B": "9 is a perfect square", "C": "15 is prime", "D": "8 is even"}
GASES = {"A": "Oxygen", "B": "Carbon dioxide", "C": "Nitrogen", "D": "Argon"}
ORGANELLES = {"A": "Nucleus", "B": "Ribosome", "C": "Mitochondrion", "D": "Golgi apparatus"}
ENERGY = {"A": "Coal", "B": "Natural gas", "C": "Solar", "D": "Oil"}


@pytest.mark.parametrize("reply, options, letter", [
    ("It ended in 1945 in both Europe and the Pacific, so I think C — but D is also possible if you count the formal "
     "end of hostilities proclaimed in 1946.", YEARS, None),
    ("It ended in 1945. I think C, but D is also possible. Actually, the answer is C.", YEARS, "C"),
    ("A is true, B is true, D is true. The false statement is that 15 is prime (15 = 3 × 5).", STATEMENTS, "C"),
    ("A is correct, B is correct, D is correct. So C is the incorrect one.", STATEMENTS, "C"),
    ("A is true, B is true, D is true. It is not the case that C is false.", STATEMENTS, "D"),
    ("Carbon dioxide and argon are trace gases, so eliminate B and D. Oxygen is only about 21%, which leaves nitrogen "
     "at about 78%.", GASES, "C"),
    ("The mitochondria — the powerhouse of the cell.", ORGANELLES, "C"),
    ("Not in the mitochondria — those carry out cellular respiration — but in the chloroplasts.",
     {"A": "Mitochondrion", "B": "Chloroplast", "C": "Nucleus", "D": "Vacuole"}, "B"),
    ("Coal, natural gas and oil are fossil fuels. Solar it is.", ENERGY, "C"),
    ("Coal, natural gas and oil are fossil fuels. Solar or coal, it is.", ENERGY, None),
])
def test_round_42_choice_readings(reply, options, letter):
    assert infer_choice(reply, options, same_value=states_value).letter == letter


@pytest.mark.parametrize("one, other", [("mitochondria", "mitochondrion"), ("bacteria", "bacterium"),
                                        ("phenomena", "phenomenon"), ("electrons", "electron")])
def test_latin_plurals_meet_their_singulars(one, other):
    assert stem_word(one) == stem_word(other)


@pytest.mark.parametrize("case", attack_cases("attack_round43_maths.jsonl"), ids=lambda case: case["id"])
def test_the_attack_reads_as_labelled(case):
    """A helper's attack on round 43 (tests/data/attack_round43_maths.jsonl): the replies this round reads as
    labelled and the reader before did not, the near misses it keeps as labelled, and its multiple-choice replies."""
    assert read_as_labelled(case) == case["label"], case["why"]
