"""Readings added from the trace_choice corpus's dev misses (tests/data/trace_choice.README.md): a chat transcript
decoded whole is read from the model's last turn; several letters in one answer bracket are a hedge; a walk through
every option chooses none. Each with the cases that must keep their verdict (docs/profiles-mc.md, "Transcripts
and walks")."""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice
from pytest_answerbench.choice.rules import last_turn

ANIMALS = {"A": "cat", "B": "dog", "C": "bird", "D": "fish"}
FEW_SHOT = ("Your response should only contain letters. These are some examples:\n"
            "question: what is 1 + 9? A) 4 B) 123 C) 10 D) 3\nanswer: C\n\n"
            "Now answer the following:\nquestion: Which animal barks? (A) cat (B) dog (C) bird (D) fish\nanswer: ")


# -- a chat transcript decoded whole: the model's last turn -------------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    # the prompt's few-shot answer (C) and its option list are not the model's
    (f"A chat between a curious human and an assistant. USER: {FEW_SHOT} ASSISTANT: B", "B"),
    (f"<|im_start|> system\nAnswer the questions. <|im_start|> user\n{FEW_SHOT} <|im_start|> assistant\nD", "D"),
    (f"[INST] {FEW_SHOT} [/INST] A", "A"),
    (f"<start_of_turn>user\n{FEW_SHOT}<end_of_turn>\n<start_of_turn>model\nThe answer is (B).", "B"),
    # two rounds: the last assistant turn answers
    ("USER: Pick one. ASSISTANT: I think C. USER: Please select the correct answer. ASSISTANT: (B) dog", "B"),
])
def test_a_transcript_is_read_from_the_models_last_turn(reply, letter):
    assert infer_choice(reply, ANIMALS).letter == letter


def test_an_empty_last_turn_chooses_nothing():
    """The prompt's few-shot "answer: C" is not read when the model's own turn is empty."""
    result = infer_choice(f"USER: {FEW_SHOT} ASSISTANT: ", ANIMALS)
    assert result.letter is None and result.method == "empty"


@pytest.mark.parametrize("reply, letter", [
    ("Assistant: The answer is B.", "B"),  # a role name with no user turn before it: read as it is
    ("The user asked for a pet; the assistant suggested a cat. The answer is B.", "B"),  # roles in prose
    ("USERNAME: fido. Assistant: the answer is (C).", "C"),  # "USERNAME:" is no user turn
    ("As I told the user: assistant dogs are common, so (B).", "B"),
])
def test_role_names_that_are_no_turns_leave_the_reply_as_it_is(reply, letter):
    assert infer_choice(reply, ANIMALS).letter == letter


def test_an_empty_last_turn_gives_way_to_the_turn_before_it():
    assert infer_choice("USER: Which barks? ASSISTANT: (B) dog USER: Sure? ASSISTANT: ", ANIMALS).letter == "B"
    assert last_turn("USER: q ASSISTANT: C USER: again? ASSISTANT:  ") == " C "
    assert last_turn("USER: q ASSISTANT: C USER: again? ASSISTANT: D") == " D"
    assert last_turn("USER: q ASSISTANT:  USER: again? ASSISTANT: ") == ""


def test_last_turn_cuts_only_after_a_user_turn():
    assert last_turn("USER: q? ASSISTANT: B") == " B"
    assert last_turn("Assistant: B") == "Assistant: B"
    assert last_turn("no roles here: B") == "no roles here: B"


# -- several letters in one answer bracket: a hedge -----------------------------------------------------------------

NUMBERS = {"A": "1", "B": "4", "C": "0", "D": "2"}


@pytest.mark.parametrize("reply", [
    "Answer: (A, B) 1",  # the value after the bracket does not settle it
    "The answer is [B/C].",
    "Answer: (C or D)",
    "Answer: (A and D) 2",
])
def test_several_letters_in_one_answer_bracket_choose_none(reply):
    result = infer_choice(reply, NUMBERS)
    assert result.letter is None and result.method == "ambiguous"


@pytest.mark.parametrize("reply, letter", [
    ("Answer: (A) 1", "A"),
    ("Answer: (B) 4, (C) 0 is wrong", "B"),  # one letter in the bracket; another named after it, ruled out
    ("The answer is (D), since (A, B) were excluded.", "D"),  # the bracket of letters is not the answer's
    ("Answer: [C] 0", "C"),
])
def test_one_letter_in_the_answer_bracket_still_answers(reply, letter):
    assert infer_choice(reply, NUMBERS).letter == letter


# -- a walk through every option: no choice -------------------------------------------------------------------------

MOODS = {"A": "Excitement", "B": "Anger", "C": "Sadness", "D": "Happiness"}
SETS = {"A": "Set A", "B": "Set B", "C": "Neither set A nor set B"}
COLOURS = {"A": "yellow", "B": "red", "C": "blue", "D": "green"}


@pytest.mark.parametrize("reply, options", [
    (" Excitement: The two women look at a model robot. Anger: They may be arguing about it. Sadness: The mood is "
     "described as sadness. Happiness: The image conveys a sense of happiness.", MOODS),
    # a prompt echoed back, then an empty answer
    ("based on the image, which set does the figure belong to? select from a, b, and c. ( a ) set a ( b ) set b "
     "( c ) neither set a nor set b. answer : )", SETS),
    ("The options are:\n(A) yellow\n(B) red\n(C) blue\n(D) green", COLOURS),
])
def test_a_walk_through_every_option_chooses_none(reply, options):
    result = infer_choice(reply, options)
    assert result.letter is None and result.method == "walk"


@pytest.mark.parametrize("reply, options, letter", [
    # a stated answer after the walk
    ("Excitement: no. Anger: no. Sadness: yes, they look down. Happiness: no. Therefore, the answer is (C).",
     MOODS, "C"),
    # a choice made after the listed options
    ("Given the options:\n- (A) yellow\n- (B) red\n- (C) blue\n- (D) green\n\nNone match exactly; the closest "
     "would be:\n\n**(B) red**", COLOURS, "B"),
    # not every option walked through: one heading names its option
    ("Sadness: the two people look down at the table.", MOODS, "C"),
    # the options out of their order are no walk; the last sentence concludes
    ("Red and blue make purple, not green or yellow. So the missing colour is blue.", COLOURS, "C"),
    ("(A) yellow (B) red (C) blue (D) green. The answer is (B).", COLOURS, "B"),
])
def test_what_is_not_a_walk_or_follows_it_is_still_read(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


# -- round two of the dev misses: a formula's symbol, a polite "would be", a question the reply invents --------------

GASES = {"A": "neither; the samples have the same temperature", "B": "sample A", "C": "sample B"}


@pytest.mark.parametrize("reply, letter", [
    # a formula broken over lines: the letter alone on its line is the formula's subscript (trace_choice tc-0037)
    ("For Sample A:\nKE\nA\n=\n1/2 x 26 u\nFor Sample B:\nKE\nB\n=\n1/2 x 30 u\nSo,", None),
    ("We add the two speeds of the particles of the second sample to compare them.\nv\nC\n+ 3 m/s", None),
    # near misses: a letter alone on its last line, or before a line of prose or a closing token, still answers
    ("Sample B is hotter.\nC", "C"),
    ("We compare the two samples.\nB\n</s>", "B"),
    ("The speed is larger in sample B.\nC\nThis is because KE = mv^2/2.", "C"),
])
def test_a_letter_alone_inside_a_formula_broken_over_lines_is_a_symbol(reply, letter):
    assert infer_choice(reply, GASES).letter == letter


IMAGE_OPTIONS = {"A": "option A in the image is the correct answer.", "B": "option C in the image is the answer.",
                 "C": "option B in the image is the appropriate response.", "D": "option D in the image is the answer."}


@pytest.mark.parametrize("reply, letter", [
    # "would be" with no condition states the answer (trace_choice tc-0107), as "I would say C" does
    ("Based on the image, the most appropriate response to the problem would be (C) option B. The problem asks "
     "for the roots of the polynomial.", "C"),
    ("It would be D.", "D"),
    ("The response that fits would be (A).", "A"),
    # near misses: a condition makes it a counterfactual, and a question asks
    ("If the image showed a parabola, it would be (D).", None),
    ("It would be D if the roots were real.", None),
    ("Had the roots been real, the answer would be (B).", None),
])
def test_would_be_without_a_condition_states_the_answer(reply, letter):
    assert infer_choice(reply, IMAGE_OPTIONS).letter == letter


SHARES = {"A": "100%", "B": "33%", "C": "50%", "D": "75%"}
NEXT_QUESTION = ("What was the average number of pages per session? Select from A, B, C, and D. "
                 "(A) 5 (B) 3 (C) 2 (D) 4")


@pytest.mark.parametrize("reply, letter", [
    # a question the reply invents after its answer, with options of its own, is not part of its answer
    (f"75%\n\n{NEXT_QUESTION}", "D"),
    (f"The change is 50%.\n{NEXT_QUESTION}\nAnswer: (A)", "C"),
    # near misses: the question echoed with its own options is no new question; nothing before it, nothing kept
    ("Restating: What was the change? Select from A, B, C, and D. (A) 100% (B) 33% (C) 50% (D) 75%\nAnswer: B",
     "B"),
    (f"{NEXT_QUESTION}\nAnswer: (A)", "A"),
    ("Let me check.\nThe change is 50%. Why? Because (A) and (B) are too far.", "C"),
])
def test_a_question_the_reply_invents_after_its_answer_is_not_read(reply, letter):
    assert infer_choice(reply, SHARES).letter == letter


def test_the_question_echoed_in_other_words_is_no_new_question():
    # the options listed as the reader reads them ("circle" for "a circle") are the question's own
    shapes = {"A": "a circle", "B": "a square", "C": "a triangle"}
    echoed = "Step 1: look at it.\nWhich figure fits? (A) circle (B) square (C) triangle\nThe answer is (B) square."
    assert infer_choice(echoed, shapes).letter == "B"
    other = "Step 1: look at it.\nWhich colour fits? (A) red (B) blue\nThe answer is (B) blue."
    assert infer_choice(other, shapes).letter is None


GDP = {"A": "Country 5 records the highest GDP per capita.", "B": "Country 1 exhibits a higher GDP per capita.",
       "C": "Country 4 exhibits a higher GDP per capita.", "D": "Country 2 has the highest GDP per capita."}
RATIOS = {"A": "3:1", "B": "0:4", "C": "2:2", "D": "4:0", "E": "1:3"}
WORK = ("\n\nGDP per capita = GDP / Population.\n\nFor Country 1, GDP per capita = 1.85 / 5.17 = 0.36.\n\n"
        "For Country 4, GDP per capita = 36.95 / 10.65 = 3.47.\n\n")


@pytest.mark.parametrize("reply, options, letter", [
    # an opening label whose explanation closes on another option's statement: the closing statement counts
    # (trace_choice tc-0003, tc-0016)
    (f"(B) Country 1 exhibits a higher GDP per capita.{WORK}Therefore, Country 4 exhibits a higher GDP per capita.",
     GDP, "C"),
    ("(C) 2:2\n\nThe allele for normal ears is dominant. Therefore, the expected ratio of dumbo to normal ears is 1:3.",
     RATIOS, "E"),
    ("C. 2:2 is wrong at first sight; thus the ratio is 1:3.</s>", RATIOS, "E"),
    # near misses: the closing sentence restating the opening option, naming a letter, negated, conditional,
    # not closing the reply, or with no conclusion word
    ("(C) 2:2\n\nEach parent is Ee. Therefore, the ratio is 2:2.", RATIOS, "C"),
    ("(C) 2:2\n\nEach parent is Ee. Therefore, option E (1:3) is wrong.", RATIOS, "C"),
    ("(C) 2:2\n\nEach parent is Ee. Therefore, the ratio is not 1:3.", RATIOS, "C"),
    ("(C) 2:2\n\nEach parent is Ee. So if one parent were ee, the ratio would be 1:3.", RATIOS, "C"),
    ("(C) 2:2\n\nTherefore, the ratio is 1:3 for the grandparents. The parents give 2:2 offspring.", RATIOS, "C"),
    ("(C) 2:2\n\nThe ratio among the grandchildren is 1:3.", RATIOS, "C"),
    # a stated answer after the opening label still wins over a closing statement
    ("(C) 2:2\n\nThe answer is (C). Therefore, the ratio is 1:3.", RATIOS, "C"),
])
def test_a_closing_statement_outranks_the_opening_label(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


GDP_2017 = {"A": "Country 3 exhibits a higher GDP per capita.", "B": "Country 1 records the highest GDP per capita.",
            "C": "Country 4 exhibits a higher GDP per capita.", "D": "Country 2 boasts a superior GDP per capita."}


@pytest.mark.parametrize("reply, letter", [
    # options opening with the same word, told apart by their first words: those words name the option
    # (trace_choice tc-0133, tc-0083)
    ("Answer: Country 1", "B"),
    ("Based on the image, the country with the highest GDP per capita in 2017 is Country 4.", "C"),
    ("The answer is country 2.", "D"),
    # near misses: the shared opening alone, a name no option opens with, a name inside a longer phrase
    ("Answer: Country", None),
    ("Answer: Country 5", None),
    ("Answer: Country 1 and Country 3", None),
])
def test_the_opening_words_that_tell_an_option_apart_name_it(reply, letter):
    assert infer_choice(reply, GDP_2017).letter == letter


def test_options_opening_differently_have_no_distinguishing_opening():
    # "red" is the whole of option B, not an opening: nothing new is read from a first word alone
    assert infer_choice("Answer: big", {"A": "big red ball", "B": "red", "C": "blue ball"}).letter is None
    assert infer_choice("Answer: Country", GDP_2017).letter is None


@pytest.mark.parametrize("reply, letter", [
    # an end-of-text token the decoder left at the end is not part of the reply
    ("Based on the image, the country with the highest GDP per capita is Country 4.</s>", "C"),
    ("The answer is Country 2. <|im_end|>\n", "D"),
    ("So it is Country 3.<|endoftext|><|endoftext|>", "A"),
    # near misses: such a token in the middle is left as it is, and a name no option has is still no answer
    ("Country 9 is the highest.</s> The answer is Country 1.", "B"),
    ("The answer is Country 7.</s>", None),
])
def test_an_end_of_text_token_at_the_end_is_not_part_of_the_reply(reply, letter):
    assert infer_choice(reply, GDP_2017).letter == letter


HOUSE = {"A": "The house is cluttered and messy.", "B": "The house is small and lacks storage space.",
         "C": "The house is decorated with kids' artwork.", "D": "The house is located in a rural area."}


@pytest.mark.parametrize("reply, letter", [
    # options sharing their opening are told apart by the rest: a reply stating only that phrase states the option
    # (trace_choice tc-0110)
    ("Based on the image, it can be inferred that the living situation is cluttered and messy, as the fridge is "
     "covered in stickers.", "A"),
    ("The home seems located in a rural area.", "D"),
    # near misses: two options' phrases, a phrase only asked about, words of a phrase that is not the option's
    ("It is cluttered and messy, and small and lacks storage space.", None),
    ("The room is cluttered; the house is located in a rural area? Hard to say.", None),
    ("The house stands in a big city, not a rural village.", None),
])
def test_the_phrase_that_tells_options_with_one_opening_apart_states_the_option(reply, letter):
    assert infer_choice(reply, HOUSE).letter == letter


GLASSES = {"A": "To check if someone is following them", "B": "To see the person behind them, hearing them",
           "C": "To make fun of the person before them", "D": "To avoid spilling the drinks"}


@pytest.mark.parametrize("reply, letter", [
    # a preposition only one option has names nothing, as "before" and "after" do not (trace_choice tc-0063)
    ("The person is looking back at the people behind them.", None),
    ("He walks through the crowd toward the bar.", None),
    # near misses: a content word only one option has still names it in a short reply
    ("Because of hearing them.", "B"),
    ("Spilling.", "D"),
])
def test_a_preposition_is_no_key_word(reply, letter):
    assert infer_choice(reply, GLASSES).letter == letter


@pytest.mark.parametrize("reply, letter", [
    # a negation reaches every word of the list it opens: no word of it names an option
    ("The room is not cluttered and messy.", None),
    ("It is not cluttered, messy or dark.", None),
    # near misses: a word after the negated list's clause, or after a turn, still names its option
    ("It's not small, it is messy.", "A"),
    ("Not small but messy.", "A"),
    ("Messy.", "A"),
])
def test_a_negation_reaches_the_list_it_opens(reply, letter):
    assert infer_choice(reply, HOUSE).letter == letter


# -- a verdict stated with a modal rules the option out, as "is" does --------------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    ("Option C would be wrong.", None),
    ("C must be false.", None),
    ("Option C would be incorrect, so the answer is B.", "B"),
    ("A would be wrong here; the answer is C.", "C"),
    # near misses: a modal stating the option right, or the answer, still commits
    ("Option C would be correct.", "C"),
    ("The answer would be C.", "C"),
    ("Option C would be the answer.", "C"),
    ("Option C is wrong.", None),
])
def test_a_verdict_with_a_modal_rules_the_option_out(reply, letter):
    assert infer_choice(reply, ANIMALS).letter == letter


@pytest.mark.parametrize("reply, letter", [
    # a choice the writer calls wrong is no choice of the writer's
    ("It would be wrong to pick C.", None),
    ("It is a mistake to choose A; the answer is B.", "B"),
    ("It would be wrong to pick option C, so B.", "B"),
    # near misses: the writer's own choice, and a choice merely tempting, stand
    ("I would pick C.", "C"),
    ("It is tempting to pick A, but I pick B.", "B"),
    ("Nothing is wrong with C: I pick C.", "C"),
])
def test_a_choice_called_wrong_is_no_choice(reply, letter):
    assert infer_choice(reply, ANIMALS).letter == letter
