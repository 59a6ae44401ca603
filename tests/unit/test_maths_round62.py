"""Round 62 of the maths reader (docs/profiles-math.md, "Round 62"), written from some of the misses of round 61's blind
probes (tests/data/probes_round61.jsonl) after they were scored once as the held-out measure of rounds 60 and 61, each
reading beside the near miss it keeps as it was."""

from __future__ import annotations

import pytest
from test_maths_round22 import _verdict

STONES = ("Alice and Bob play a game with a pile of 102 stones. Taking turns, with Alice going first, each player "
          "removes between 1 and 5 stones inclusive. The player who takes the last stone wins. Who has a winning "
          "strategy?")
TRIANGLE = ("In triangle ABC with side lengths a, b, c opposite angles A, B, C, suppose a/cos A = b/cos B = c/cos C. "
            "What kind of triangle is ABC?")
SINE_SERIES = "Does the series ∑_{n=1}^∞ sin(n)/n converge?"
FERMAT_PRIME = "Is 2^{1000} + 1 a prime number?"
F5 = "Is the Fermat number F₅ = 2³² + 1 prime?"
EULER = "Is n² + n + 41 prime for every non-negative integer n?"
POLYNOMIAL = "Is there a polynomial P(x) with integer coefficients such that P(1) = 2 and P(3) = 5?"
SINE_ITERATES = "Let x₀ = 1 and x_{n+1} = sin(x_n). Does the sequence (x_n) converge?"

SINE_SERIES_REPLY = ("<think>\nSo ∑ |sin n|/n diverges — not absolutely convergent. Dirichlet test: the partial sums are "
                     "bounded, so the series converges.\n</think>\n\nThe series **converges** (conditionally), by "
                     "Dirichlet's test. In fact\n\n$$\\sum_{n=1}^\\infty \\frac{\\sin n}{n} = \\frac{\\pi-1}{2}.$$")
F5_REPLY = ("Euler found that 641 divides F₅:\n\n2³² + 1 = 4294967297 = 641 × 6700417.\n\nFinal Answer: No, F₅ is "
            "composite.\n\nQuestion: Is F₆ = 2⁶⁴ + 1 prime?\nAnswer: Yes")
POLYNOMIAL_REPLY = ("Here 3 − 1 = 2 would have to divide P(3) − P(1) = 3, which is odd.\n\nSo no such polynomial exists."
                    "\n\n(Without the integer-coefficient condition, P(x) = (3x + 1)/2 would work.)")
SINE_ITERATES_REPLY = ("Since 0 < sin x < x for 0 < x ≤ 1, the sequence is decreasing and bounded below by 0, so it has a "
                       "limit L, with sin L = L. That forces L = 0.\n\n(Asymptotically, x_n ~ √(3/n).)\n\n$$x_n \\to 0.$$")


@pytest.mark.parametrize("reply, answer, question, status", [
    # the loser named as one who cannot avoid defeat, or the one in the losing position
    ("Since 102 = 6 × 17, Alice starts on a multiple of 6.\n\nSo the first player is the one in the losing position: "
     "Alice cannot avoid defeat.", "Bob", STONES, "correct"),
    ("Since 102 = 6 × 17, Alice starts on a multiple of 6.\n\nSo Bob cannot avoid defeat.", "Bob", STONES, "wrong"),
    # a regular triangle is an equilateral one
    ("So A = B = C = 60°.\n\n**Final Answer:** All three angles equal 60°, so ABC is a regular triangle.", "equilateral",
     TRIANGLE, "correct"),
    ("So ABC is a right triangle.", "equilateral", TRIANGLE, "wrong"),
    # after a reasoning block, its answer is read from what follows it
    (SINE_SERIES_REPLY, "Yes", SINE_SERIES, "correct"),
    (SINE_SERIES_REPLY.replace("**converges** (conditionally)", "**diverges**").replace(
        "In fact\n\n$$\\sum_{n=1}^\\infty \\frac{\\sin n}{n} = \\frac{\\pi-1}{2}.$$", ""), "Yes", SINE_SERIES, "wrong"),
    # "can't be settled" leaves the question undecided
    ("**Answer:** Its primality can't be settled by hand; it is not a Fermat number, so the results about Fermat numbers "
     "don't apply.", "No", FERMAT_PRIME, "wrong"),
    ("**Answer:** No, it is composite (257 divides it).", "No", FERMAT_PRIME, "correct"),
    # an invented question after the answer, its numbers written as sub- and superscripts
    (F5_REPLY, "No", F5, "correct"),
    (F5_REPLY.replace("Final Answer: No, F₅ is composite.", "Final Answer: Yes, F₅ is prime."), "No", F5, "wrong"),
    # "not ... for every n" is not always
    ("At n = 40: 40² + 40 + 41 = 1681 = 41².\n\nSo it is **not prime for every n**; n = 40 is the first counterexample.",
     "No", EULER, "correct"),
    ("So it is prime for every n.", "No", EULER, "wrong"),
    # an aside dropping a condition of the question ("Without the ..., ... would work.")
    (POLYNOMIAL_REPLY, "No", POLYNOMIAL, "correct"),
    (POLYNOMIAL_REPLY.replace("would work.", "would work, and it works here too."), "No", POLYNOMIAL, "wrong"),
    # a finite limit closing a reply whose words say it has a limit, to a question that sets the sequence up first
    (SINE_ITERATES_REPLY, "Yes", SINE_ITERATES, "correct"),
    (SINE_ITERATES_REPLY.replace("so it has a limit L", "so it diverges, with no limit L"), "Yes", SINE_ITERATES,
     "wrong"),
])
def test_round_62_readings(reply, answer, question, status):
    assert _verdict(reply, answer, question) == status
