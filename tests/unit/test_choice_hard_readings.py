"""Readings added for the hand-written multiple-choice hard cases (``tests/data/choice_hard_cases.jsonl``, scored
once before any of them): each principle with the replies it reads and the near misses that must keep their
verdict (docs/profiles-mc.md, "Hard cases")."""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice

LOSS = {"A": "The loss decreases", "B": "The loss increases", "C": "The loss stays constant", "D": "It oscillates"}
CUBES = {"A": "5", "B": "6", "C": "7", "D": "8"}
ORBIT = {"A": "4 years", "B": "16 years", "C": "2 years", "D": "8 years"}


def _read(reply: str, options: dict[str, str] = LOSS) -> tuple[str | None, str]:
    found = infer_choice(reply, options)
    return found.letter, found.method


# -- a refusal commits to nothing it then states, marked or boxed; a poor view is a doubt ---------------------------

@pytest.mark.parametrize("reply", [
    "As an AI language model, I don't have access to the image you are referring to.\nAnswer: C",
    "I cannot see the image. Final answer: \\boxed{D}",
    "I am unable to view the chart, so the answer is B.",
    "The image is not visible to me. **Answer: (A)**",
])
def test_a_refusal_commits_to_nothing_it_then_states(reply):
    assert _read(reply) == (None, "refusal")


@pytest.mark.parametrize("reply, letter", [
    ("I'm not able to see the image clearly, but based on the description, the answer is most likely B.", "B"),
    ("I can't see the image in full detail, but the curve is flat. Answer: C", "C"),
    ("I can't see the figure very well; still, the line looks flat: C.", "C"),
    ("C. (I cannot see the image, so this is a guess.)", "C"),  # the answer came before the refusal
    ("I can't see the label in the image, but the answer is C.", "C"),  # a part of the image, not the image
])
def test_a_poor_view_or_an_earlier_answer_still_commits(reply, letter):
    assert _read(reply)[0] == letter


# -- letters offered together are no choice, whatever their case -------------------------------------------------

@pytest.mark.parametrize("reply", ["(c) and (d)", "(c) or (d)", "c or d", "The answer is: c or d",
                                   "Answer: (c) or (d).", "(C) and (D)", "Both (C) and (D).", "Answer: c, d"])
def test_letters_offered_together_choose_nothing(reply):
    assert _read(reply)[0] is None


@pytest.mark.parametrize("reply, letter", [
    ("(c)", "C"), ("The answer is: c", "C"), ("Answer: c, a flat line", "C"), ("(c), a flat line", "C"),
    ("c) the loss stays constant", "C"), ("The curve is flat, so (C).", "C"), ("A is wrong, so (C).", "C"),
    ("Not (A) and not (B): the answer is (C).", "C"),
])
def test_one_letter_with_its_gloss_still_commits(reply, letter):
    assert _read(reply)[0] == letter


# -- a conclusion offering two options' values is a hedge ----------------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    ("4 on the bottom, 2 in the middle, 1 on top, and maybe one hidden at the back, so 7 or 8 cubes in total.", None),
    ("So 7 or 8 cubes.", None),
    ("So 7 cubes.", "C"),
    ("So 7 cubes and 8 faces.", "C"),  # "and" joins two things counted, not two answers
    ("So 7 or 8? Counting again, 7. The answer is 7.", "C"),  # settled later
])
def test_a_conclusion_offering_two_values_is_a_hedge(reply, letter):
    assert _read(reply, CUBES)[0] == letter


# -- "but so does A": another option said to do as well ------------------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    ("Given that the line is nearly flat, C seems plausible, but so does A.", None),
    ("B fits the first epochs, and so does D.", None),
    ("C seems plausible, but so does A. On reflection, the answer is C.", "C"),  # settled later
    ("The answer is C, and so is the trend after epoch 5.", "C"),  # no option after "so is"
])
def test_another_option_said_to_do_as_well_is_a_hedge(reply, letter):
    assert _read(reply)[0] == letter


# -- "my pick is D" --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    ("The curve goes up and down every couple of epochs, so my pick is D.", "D"),
    ("My pick: (B)", "B"),
    ("Most people pick D, but my pick is A.", "A"),
    ("My pick would be C or D.", None),
])
def test_my_pick_is_an_answer_marker(reply, letter):
    assert _read(reply)[0] == letter


# -- a question the reply invents, with option lines of its own ----------------------------------------------------

def test_a_question_invented_with_option_lines_is_not_the_replys_answer():
    reply = ("The loss stays flat after epoch 5, so the answer is C.\n\nQuestion 2: What is the training loss at "
             "epoch 10?\nA. 0.1\nB. 0.2\nThe answer is A.")
    assert _read(reply)[0] == "C"


@pytest.mark.parametrize("reply, letter", [
    # the question's own options walked through on lines, then the answer
    ("Which option fits?\nA. The loss decreases: no\nB. The loss increases: no\nC. The loss stays constant: yes\n"
     "So the answer is C.", "C"),
    # the question echoed with its options, then the answer
    ("How does the loss change?\nA. The loss decreases\nB. The loss increases\nC. The loss stays constant\n"
     "D. It oscillates\nAnswer: D", "D"),
])
def test_the_questions_own_option_lines_are_no_other_question(reply, letter):
    assert _read(reply)[0] == letter


# -- an answer marker stating that it cannot tell -----------------------------------------------------------------

@pytest.mark.parametrize("reply, letter, method", [
    ("- (C) The loss stays constant: correct for a flat curve.\n\n**Answer:** The figure is too small to tell "
     "which way the curve goes.", None, "refusal"),
    ("C is correct here. The answer: impossible to say from this plot.", None, "refusal"),
    # the sentence names a letter, or the marker's answer is a letter: it still commits
    ("Answer: I cannot be sure, but B", "B", None),
    ("So C.\nAnswer: C, since A cannot be true.", "C", None),
    ("The answer is that A cannot be true, so C.", "C", None),
])
def test_an_answer_saying_it_cannot_tell_outranks_the_conclusions_before_it(reply, letter, method):
    found, how = _read(reply)
    assert found == letter and (method is None or how == method)


def test_an_answer_saying_it_cannot_tell_leaves_an_option_saying_so_to_be_read():
    options = {"A": "Increases", "B": "Decreases", "C": "Cannot be determined"}
    assert _read("**Answer:** it cannot be determined from the figure.", options)[0] == "C"


# -- after a correction cue, an option described is the next item of a walk; an aside may precede the letter ------

THINK = ("<think>\nWith a = 4 AU, T^2 = 64, so T = 8 years. Option A is 4 years, that is a itself, no. Option B is "
         "16, that would be a^2.")


@pytest.mark.parametrize("reply, letter", [
    (THINK + " So the period is 8 years, option D.</think>", "D"),
    (THINK + " But wait, is 4 AU the perihelion distance? If it is then the", None),  # cut off inside the block
    ("A is 4 years, no. Option B is correct: 16 years.", "B"),  # a verdict after the option still corrects
    ("The answer is A, no wait, option B.", "B"),
])
def test_an_option_described_after_a_cue_is_no_correction(reply, letter):
    assert _read(reply, ORBIT)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("C) The loss stays constant. No, looking again, B) The loss increases", "B"),
    ("C, no wait, on reflection, D", "D"),
    ("C. Looking again, it is the flat part that matters.", "C"),  # an aside with no cue corrects nothing
])
def test_an_aside_after_a_correction_cue(reply, letter):
    assert _read(reply)[0] == letter


# -- an opening label conceded is no answer label -----------------------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    ("**C.** is tempting, but the loss keeps creeping up after the fifth epoch, so **B.**", "B"),
    ("(C) looks tempting, but the curve rises: B.", "B"),
    ("**C.** is tempting, but the loss falls after epoch 5: **A.**", "A"),
    ("C. The loss stays constant.", "C"),
    ("C. is the answer.", "C"),
    ("C. is tempting and right.", "C"),  # no turn after it
])
def test_an_opening_label_conceded_is_no_answer(reply, letter):
    assert _read(reply)[0] == letter


# -- a first thought given up ("X seemed right at first, but ...") is conceded ------------------------------------

DOTS = {"A": "3", "B": "4", "C": "5", "D": "None of the above"}
PLANETS = {"A": "Mercury", "B": "Venus", "C": "Earth", "D": "Mars"}


@pytest.mark.parametrize("reply, options, letter", [
    ("None of the above seemed right at first, but recounting gives 5 dots inside the circle.", DOTS, "C"),
    ("Mars looked likely at first, but the oceans say Earth.", PLANETS, "C"),
    ("None of the above seemed right at first, but recounting gives 5 dots, or maybe 4.", DOTS, None),
    # no turn from it, or no first thought: the option stands
    ("Mars looked likely at first, and it is Mars.", PLANETS, "D"),
    ("Counting carefully I get 7 dots inside the circle, so none of the above.", DOTS, "D"),
    ("None of the above.", DOTS, "D"),
])
def test_a_first_thought_given_up_is_conceded(reply, options, letter):
    assert _read(reply, options)[0] == letter


# -- second batch (b2-): visual-maths answers -----------------------------------------------------------------------

XS = {"A": "2", "B": "3", "C": "4", "D": "5"}
LENGTHS = {"A": "6 cm", "B": "8 cm", "C": "12 cm", "D": "16 cm"}
ANGLES = {"A": "30°", "B": "45°", "C": "60°", "D": "90°"}
SHARES = {"A": "1/4", "B": "1/2", "C": "2/3", "D": "1/3"}


@pytest.mark.parametrize("reply, letter", [
    ("$$\\boxed{x = 4}$$", "C"), ("\\boxed{x=4}", "C"), ("\\boxed{x_1 = 3}", "B"),
    ("\\boxed{x = 4.5}", None),  # a value no option has
    ("\\boxed{x = 4, y = 2}", None),  # two values named: not one option's
])
def test_a_box_naming_the_unknown_answers_with_its_value(reply, letter):
    assert _read(reply, XS)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("The answer is $\\boxed{12\\text{ cm}}$.", "C"), ("Answer: 12", "C"), ("BD is 12 cm long.", "C"),
    ("Answer: 12 centimeters", "C"),  # a unit spelt out is left to the value
    # a value in another unit names no option written in its own
    ("The answer is $\\boxed{12\\text{ m}}$, since the grid squares are metres.", None),
    ("Answer: 12 m", None), ("So BD = 12 m.", None), ("BD is 12 m long.", None),
])
def test_a_value_in_another_unit_names_no_option(reply, letter):
    assert _read(reply, LENGTHS)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("The figure is not drawn to scale.\nAnswer: 60° or 120°", None),  # another value offered, an option's or not
    ("So the angle is 60° or 120°.", None),
    ("Answer: 60°", "C"),
    ("Answer: 60° (or π/3)", "C"),  # the same angle restated
    ("Answer: 60, or so", "C"),
    ("Answer: 60° and the other is 120°", "C"),  # "and": two things, not two answers
])
def test_another_value_offered_after_the_answer_is_a_hedge(reply, letter):
    assert _read(reply, ANGLES)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("Half of the sectors are shaded, so the shaded part is 50% of the circle.", "B"),
    ("Five of the twelve sectors are shaded, so the shaded part is about 42% of the circle.", None),
    ("The shaded part grew by 50% but is 1/4 of the circle.", "A"),
])
def test_a_percentage_in_prose_names_the_option_with_that_share(reply, letter):
    assert _read(reply, SHARES)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("**Final Answer**\n\\boxed{B} or \\boxed{D}", None),  # markdown before the boxes: still side by side
    ("**Final Answer**\n\\boxed{D}", "D"),
    ("**Step 1.** The curve is flat.\n\n**Answer:** \\boxed{C}", "C"),
])
def test_boxes_after_markdown_are_placed_where_the_other_answers_are(reply, letter):
    assert _read(reply)[0] == letter


# -- a choice its own sentence takes back; a change told in phases ------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    ("The blue oceans would make me go with C, but the rust-coloured dust rules it out, and I can't place the rest.",
     None),
    ("I chose C, but that's wrong: the answer is D.", "D"),
    ("I would pick C, but this is not the answer; it is D.", "D"),
    # a pronoun naming something else, or another option ruled out, takes nothing back
    ("I'd go with C, but it is not obvious.", "C"),
    ("The answer is C, but B is wrong too.", "C"),
])
def test_a_choice_taken_back_in_its_own_sentence_is_no_answer(reply, letter):
    assert _read(reply, PLANETS)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("The loss stays constant at first and then increases sharply.", None),
    ("The loss decreases at first and then the loss stays constant.", None),  # the later phase neither
    ("The loss stays constant at first.", "C"),  # no later phase
    ("The loss stays constant initially, and it remains so.", "C"),
])
def test_a_change_told_in_phases_names_no_option(reply, letter):
    assert _read(reply)[0] == letter


# -- found while probing near misses of the hard cases: a bound, a question, a verdict repeated, two conditions -------

CM = {"A": "8 cm", "B": "12 cm", "C": "16 cm", "D": "24 cm"}


@pytest.mark.parametrize("reply, letter", [
    ("The perimeter is at least 12 cm.", None), ("The perimeter is more than 12 cm.", None),
    ("It takes over 12 cm.", None),
    ("The perimeter is 12 cm.", "B"),
    ("The perimeter is at least 8 cm; in fact it is 12 cm.", "B"),  # the bound is another value
])
def test_a_bound_on_a_value_names_no_option(reply, letter):
    assert _read(reply, CM)[0] == letter


def test_a_bound_still_names_an_option_that_is_a_range():
    ranges = {"A": "Less than 10", "B": "Between 10 and 20", "C": "More than 20"}
    assert _read("There are more than 20 birds.", ranges)[0] == "C"


@pytest.mark.parametrize("reply, letter", [
    ("Is it B?", None), ("Could it be C?", None), ("Hmm. Is it B?", None),
    ("Maybe B? I am not sure.", "B"),  # a guess, labelled so in the corpora (cc-477, mcb-370)
    ("Not sure, B?", "B"),
    ("Is it B? Yes, B.", "B"),
])
def test_a_question_about_a_letter_is_no_answer(reply, letter):
    assert _read(reply, CM)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("B is incorrect; so is C.", None),  # A and D remain
    ("B is incorrect; so is C. So D.", "D"),
    ("A is wrong, and so is B, and C is wrong too, so D.", "D"),
    ("B is wrong, so C.", "C"),  # "so C" is a conclusion, not "so is C"
])
def test_a_verdict_repeated_with_so_is_rules_the_letter_out(reply, letter):
    assert _read(reply, CM)[0] == letter


@pytest.mark.parametrize("reply, letter", [
    ("The answer is B if AB = 3, and C if AB = 4.", None),
    ("The answer is B; D when the side is doubled.", None),
    ("The answer is B if we assume AB = 3.", "B"),  # one answer under its assumption
    ("The answer is B, for AB = 3.", "B"),
])
def test_answers_under_two_conditions_are_a_hedge(reply, letter):
    assert _read(reply, CM)[0] == letter


# -- third batch (b3-): "neither" / "both" alone, a worked example's answer, a question labelled as new -------------

ANIMALS_ART = {"A": "A cat", "B": "A dog", "C": "A rabbit", "D": "A horse"}
CUPS = {"A": "The left cup", "B": "The right cup", "C": "Both cups", "D": "Neither cup"}


@pytest.mark.parametrize("reply, letter", [
    ("Both cups are empty, so neither.", "D"), ("The answer is neither.", "D"), ("Answer: neither", "D"),
    ("The answer is neither of the cups.", "D"), ("The answer is both.", "C"),
    ("The answer is neither A nor B; it is C.", "C"),  # "neither ... nor" rules letters out
    ("The answer is not both.", None),
])
def test_neither_or_both_alone_names_the_option_opening_with_it(reply, letter):
    assert _read(reply, CUPS)[0] == letter


def test_neither_alone_names_nothing_without_such_an_option():
    assert _read("The answer is neither.")[0] is None
    signs = {"A": "Positive", "B": "Negative", "C": "Zero"}
    assert _read("So the answer is negative or zero depending on interpretation.", signs)[0] is None  # two options
    assert _read("So the answer is negative.", signs)[0] == "B"


@pytest.mark.parametrize("reply, letter", [
    ("Example question: Which animal barks? (A) cat (B) dog (C) rabbit (D) horse\nExample answer: B\n\n"
     "The animal on the sofa is hidden under a blanket, so I can't tell what it is.", None),
    ("Example answer: B\n\nAnswer: C", "C"),
    ("For example, the answer is B.", "B"),  # "for example" before a sentence is no example's answer
    ("Here is my answer: B", "B"),
])
def test_a_worked_examples_answer_is_not_the_replys(reply, letter):
    assert _read(reply, ANIMALS_ART)[0] == letter



@pytest.mark.parametrize("reply, letter", [
    ("A. A cat\n\nNext question: Which animal is under the table?\nA. A cat\nB. A dog\nAnswer: B", "A"),
    ("B\n\nQuestion 3: What colour is it?\nAnswer: A", "B"),
    ("Question 2: Which animal is on the sofa?\nAnswer: B", "B"),  # nothing before it: the reply's own question
    ("The question asks which animal is on the sofa? It is B.", "B"),
])
def test_a_question_labelled_as_new_is_not_the_replys(reply, letter):
    assert _read(reply, ANIMALS_ART)[0] == letter
