"""The final commitment wins: a reply's closing statement about its answer can take back an answer it stated before
(``choice/closing.py``, the decision step ``withdrawn``; docs/profiles-mc.md, "A closing statement takes the answer
back"). Each principle with the replies it reads and the near misses that keep their verdict."""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

COLOURS = {"A": "red", "B": "blue", "C": "green", "D": "yellow"}
ROOTS = {"A": "-23.5", "B": "-17.5", "C": "-10.5", "D": "-16.2", "E": "Cannot be determined"}


# a closing hedge between options, or a closing statement that the answer cannot be determined: no letter
WITHDRAWN = [(reply, "ambiguous") for reply in (
    "The sky in the picture is clear.\n\nThe answer is (B).\n\nSo it is either B or D.",
    "Answer: B\n\nIt could be (B) or (D); I cannot tell which.",
    "The final answer is \\boxed{B}.\n\nHmm, or is it (D)? I'm not sure.",
    "**Answer: (C)**\n\nSo the answer is either (C) or (A).",
    "B. Thinking again, it is between B and D.",
    "The colour matches option B. Then again, either option B or option C fits.",
)] + [(reply, "refusal") for reply in (
    "The answer is (B).\n\nOn second thought, I cannot determine the answer from the information given.",
    "I first thought of B. So I can't tell which option is right.",
    "\\boxed{C}\n\nActually, I can't tell which option is correct from the information given.",
    "Answer: A\n\nThere is not enough information to choose an answer.",
)]

# near misses: a settled, negated or conditional hedge, a caveat, a statement about something else: the answer stands
KEPT = [
    ("Either B or C, but I'll go with B.", "B"),  # a later answer settles the hedge
    ("C or D, probably C.", "C"),  # a preference
    ("It is either B or D. Looking closer, the stripe is blue, so the answer is B.", "B"),
    ("The answer is B. It is not A or D.", "B"),  # letters ruled out, no hedge
    ("The answer: D, it doesn't make sense for it to be A or B", "D"),
    ("The answer is B. If the light were dimmer, it could be C or D.", "B"),  # a condition
    ("The answer is (B). So it is B.", "B"),  # the same answer restated
    ("The answer is (B) blue.\n\nEither B or D would be a guess without the legend, but the legend is clear: B.",
     "B"),
    ("B. (I cannot see the image, so this is a guess.)", "B"),  # a caveat about the input, still a guess
    ("The answer is C. I cannot determine this with certainty.", "C"),  # a caveat about confidence
    ("The answer is B, although we cannot determine the mass of the box.", "B"),  # about a quantity, not the answer
    ("I cannot tell which option is right at first glance, but the legend says blue: B.", "B"),  # settled after it
    ("The answer is (B).\n\nOn second thought, I cannot determine the answer from the image. My best guess is B.",
     "B"),
    ("If the picture were cropped, I couldn't tell which option is right. It is not cropped: the answer is C.", "C"),
]


@pytest.mark.parametrize("reply, method", WITHDRAWN)
def test_a_closing_statement_takes_the_answer_back(reply, method):
    found = infer_choice(reply, COLOURS)
    assert (found.letter, found.method) == (None, method)


@pytest.mark.parametrize("reply, letter", KEPT)
def test_a_settled_hedge_or_a_caveat_keeps_the_answer(reply, letter):
    assert infer_choice(reply, COLOURS).letter == letter


def test_an_option_saying_it_cannot_be_determined_is_chosen_by_saying_so():
    # rule 6: "cannot be determined" chooses the one option saying exactly that
    reply = "m = -16.2\n\nAnswer: (D) -16.2\n\nOn second thought, I cannot determine the answer from the image."
    found = infer_choice(reply, ROOTS)
    assert (found.letter, found.method) == ("E", "option-text")
    assert infer_choice("m = -16.2\n\nAnswer: (D) -16.2", ROOTS).letter == "D"


def test_the_verdict_follows():
    fields = {"prediction": "The answer is (B).\n\nSo it is either B or D.", "answer": "B", "category": "x",
              "index": "1", **COLOURS}
    assert score_row("vmcbench_dev", fields, profile="default").correct is False
    assert score_row("vmcbench_dev", {**fields, "prediction": "Either B or D, but I'll go with B."},
                     profile="default").correct is True


# -- the final statement over an earlier commitment ------------------------------------------------------------------

GRID = {"A": "7", "B": "9", "C": "1", "D": "5"}


@pytest.mark.parametrize("reply, options, letter", [
    # an answer statement closing the reply outranks an earlier box naming another option
    ("The pattern repeats.\n\n\\[ \\boxed{7} \\]\n\nSo, the correct answer is:\n(D) 5", GRID, "D"),
    ("\\boxed{A}\n\nSo, the correct answer is:\n(D) yellow", COLOURS, "D"),
    # a closing "(M) text" after an option's text concluded in prose
    ("The missing color is likely blue to keep the pattern.\n\nTherefore, the missing color is (D) yellow.",
     COLOURS, "D"),
    # someone else's guess is no commitment
    ("The bars repeat. Someone guessing quickly might say (D), which overlooks the details. The missing one is "
     "blue.", COLOURS, "B"),
    ("Many people answer (C) here. The colour is blue.", COLOURS, "B"),
    # an answer line after "none of the options directly match"
    ("Since none of the options directly match, the closest logical choice would be:\n\n**(A) red**", COLOURS, "A"),
])
def test_the_final_statement_counts(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


@pytest.mark.parametrize("reply, options, letter", [
    ("\\boxed{A}\n\nThe answer is A: red.", COLOURS, "A"),  # the same option restated
    ("Final answer: \\boxed{B}\n\nIs the answer C?", COLOURS, "B"),  # a question, no statement
    ("Top: (B) blue\nMiddle: (A) red\nBottom: (C) green", COLOURS, None),  # the last line of a labelled list
    ("I would say (B).", COLOURS, "B"),  # the writer's own answer
])
def test_near_misses_of_the_final_statement(reply, options, letter):
    assert infer_choice(reply, options).letter == letter
