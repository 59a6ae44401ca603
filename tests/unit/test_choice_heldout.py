"""Readings added from the trace_choice corpus's held-out misses, read once that split had been scored
(tests/data/trace_choice.README.md, "The held-out misses read (round 3)"). Each reading with the cases that must
keep their verdict (docs/profiles-mc.md, "Held-out misses read").

The readings: a label quoting another option's whole text names two options (an answer's label and an opening
label alike); a label quoting its own option's text ("(B) False - ...") gives no verdict on it; a walk through the
options is recognised when an echo spaces their punctuation ("2008 - 2009"); an option quoted with its label on a
line of its own after a lead-in saying what follows ("... is:") answers, even with its explanation after it; when
options are the image's labelled things ("(A) A (B) B (C) C (D) Can not say"), a letter names an option the way those
texts do ("ball D"), and the article "a" never names the option "A".
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

POINTS = {"A": "Point C", "B": "Point B", "C": "Point A", "D": "Point D"}
NUMBERS = {"A": "1", "B": "2", "C": "3", "D": "4"}


def _read(reply, options):
    found = infer_choice(reply, options)
    return found.letter, found.method


# -- a label quoting another option's whole text: two options named, none chosen -----------------------------------

@pytest.mark.parametrize("reply", [
    "The correct answer is (C) Point C.</s>",  # tc-0094: option C is "Point A", option A "Point C"
    "The answer is (C) Point C",
    "The answer is (B) point D.",
    "(C) Point C",  # an opening label does the same
    "(C) Point C.</s>",
    "C. Point C",
])
def test_a_label_quoting_another_options_text_names_two_options(reply):
    assert _read(reply, POINTS) == (None, "ambiguous")


@pytest.mark.parametrize("reply, letter", [
    # the label with its own text, or with a text no option has, is the label
    ("The correct answer is (C) Point A.", "C"),
    ("The answer is (B) Point B.", "B"),
    ("(C) Point A", "C"),
    ("The answer is (C) the deepest point.", "C"),
    # only the clause after the label is compared: what follows a comma or a reason is not the label's text
    ("(C) Point C because it is the deepest.", "C"),
    ("The answer is (C), since Point C is the deepest.", "C"),
    # a later correction still decides
    ("(C) Point C. Wait, no: the answer is (A).", "A"),
])
def test_a_label_with_its_own_text_or_none_keeps_its_letter(reply, letter):
    assert infer_choice(reply, POINTS).letter == letter


@pytest.mark.parametrize("reply, letter", [
    ("(A) 3", None),  # an opening label and another option's value, as "The answer is (A) 3" already read
    ("A. 3", None),
    ("The answer is (A) 3", None),
    ("(A) 1", "A"),
    ("(C) 3.", "C"),
    ("(A) 3 apples and 1 pear, so A.", "A"),
])
def test_an_opening_label_and_another_options_value(reply, letter):
    assert infer_choice(reply, NUMBERS).letter == letter


# -- a label quoting its own option's text gives no verdict on it ---------------------------------------------------

STATEMENT = {"A": "True", "B": "False", "C": "Insufficient Information"}
POEM_WALK = ("1. (A) True - In the poem, Simone and Frederick both express disagreement with the fifth journal.\n\n"
             "2. (B) False - The poem does not mention whether or not the fifth journal was published.\n\n"
             "3. (C) Insufficient Information - The poem does not provide enough information to determine whether "
             "or not the fifth journal was published.")


def test_a_walk_quoting_true_and_false_as_option_texts_chooses_none():
    # tc-0191: "(A) True - ..." is option A quoted, not "A is true"; "(B) False" is not "B is false"
    assert _read(POEM_WALK, STATEMENT) == (None, "walk")


@pytest.mark.parametrize("reply, letter", [
    # what the line says after the option's own text still is a verdict
    ("(A) True - wrong\n(B) False - wrong\n(C) Insufficient Information - correct", "C"),
    ("(A) True - correct, the poem says so.\n(B) False - incorrect.\n(C) Insufficient Information - incorrect.",
     "A"),
    # a verdict on the letter, not its text, still rules it out
    ("A is false. B is false. So C.", "C"),
    ("A and B are false, so C", "C"),
    ("A is false. B is false.", "C"),
    # a letter quoted with its text and a stated answer
    (POEM_WALK + "\n\nThe answer is (C).", "C"),
])
def test_verdicts_after_an_options_own_text_still_count(reply, letter):
    assert infer_choice(reply, STATEMENT).letter == letter


def test_a_list_quoting_each_options_text_after_a_colon_chooses_none():
    # "A: True" where option A is "True" is the option quoted, not "A: yes"
    assert _read("A: True\nB: False\nC: Insufficient Information", STATEMENT) == (None, "walk")
    assert infer_choice("A: True\nB: False\nC: Insufficient Information\nThe answer is B.", STATEMENT).letter == "B"
    # a verdict that is not the option's own text still is one
    assert infer_choice("A: no, B: no, C: yes", STATEMENT).letter == "C"
    assert infer_choice("A: false\nB: true\nC: false", {"A": "cat", "B": "dog", "C": "cow"}).letter == "B"


def test_a_verdict_word_that_is_not_the_options_own_text_still_rules_it_out():
    animals = {"A": "cat", "B": "dog", "C": "cow"}
    assert infer_choice("(A) false\n(B) false\n(C) true", animals).letter == "C"
    assert infer_choice("(A) cat - wrong\n(B) dog - wrong\n(C) cow - correct", animals).letter == "C"


# -- an echo spacing the options' punctuation still walks through them --------------------------------------------

YEARS = {"A": "2008-2009", "B": "2007-2008", "C": "2006-2007", "D": "2005-2006", "E": "Cannot tell from data"}
ECHO = ("based on the image, of those shown, between which years were the gdps per person increasing in both france "
        "and the uk? select from a, b, c, d and e. ( a ) 2008 - 2009 ( b ) 2007 - 2008 ( c ) 2006 - 2007 "
        "( d ) 2005 - 2006 ( e ) cannot tell from data. answer : ")


@pytest.mark.parametrize("tail", ["02", ")", ""])
def test_an_echo_with_spaced_punctuation_is_a_walk(tail):
    # tc-0179: the echoed option list names nothing, not even option E's "cannot tell from data"
    assert _read(ECHO + tail, YEARS) == (None, "walk")


@pytest.mark.parametrize("tail, letter", [
    ("c", "C"),  # an answer after the echo still counts
    ("( b ) 2007 - 2008", "B"),
])
def test_an_answer_after_a_spaced_echo_still_counts(tail, letter):
    assert infer_choice(ECHO + tail, YEARS).letter == letter


def test_a_spaced_list_missing_an_option_is_no_walk():
    # every option must be walked through, in order, spaced or not
    partial = ECHO.replace("( d ) 2005 - 2006 ", "")
    assert infer_choice(partial + "02", YEARS).method != "walk"
    assert infer_choice("( a ) 2008 - 2009 ( c ) 2006 - 2007 ( b ) 2007 - 2008 ( d ) 2005 - 2006 ( e ) cannot tell "
                        "from data. answer : 02", YEARS).method != "walk"


# -- an option quoted with its label after a lead-in saying what follows --------------------------------------------

LOGIC = {"A": "Some craptonates are croptonates", "B": "Some croptonites are not craptonates",
         "C": "Some croptonites are not croptonates", "D": "No croptonates are craptonates"}
CONCLUDED = ("Based on the image, the logical conclusion that can be drawn from the two statements is:\n\n"
             "(A) Some croptonites are craptonates.\n\n"
             "This conclusion is based on the fact that all croptonites are croptonates.")


def test_a_labelled_line_after_a_lead_in_is_the_answer_with_its_explanation_after_it():
    # tc-0209: the line's text is no option's (the premise restated), so the label's letter counts
    assert _read(CONCLUDED, LOGIC) == ("A", "conclusion")


@pytest.mark.parametrize("reply, letter", [
    # a lead-in that does not say what follows is the answer: a text no option has is no choice
    ("Let us look at each option:\n\n(A) Some croptonites are craptonates.\n\nThis is plausible.", None),
    # a lead-in introducing the options
    ("The options are:\n\n(A) Some croptonites are craptonates.\n\nThis is based on the premises.", None),
    # the line's text is another option's: the label and the text disagree
    ("The conclusion is:\n\n(A) Some croptonites are not craptonates.\n\nThis follows.", None),
    # its own option's text: that option
    ("The conclusion is:\n\n(B) Some croptonites are not craptonates.\n\nThis follows.", "B"),
    # a later stated answer still decides
    (CONCLUDED + "\n\nOn reflection, the answer is (D).", "D"),
])
def test_labelled_lines_that_keep_their_verdict(reply, letter):
    assert infer_choice(reply, LOGIC).letter == letter


@pytest.mark.parametrize("reply, letter", [
    # the same label on the lead-in's own line, after "is:" (rules "stated-label")
    ("Based on the image, the logical conclusion that can be drawn is: (A) Some croptonites are craptonates.", "A"),
    ("The logical conclusion is: (A) Some croptonites are craptonates. This is because all croptonites are "
     "croptonates.", "A"),
    ("The conclusion is: (A) Some croptonites are not craptonates.", None),  # another option's text
    # without the colon an enumeration ("The first modification is (A) ...") is no answer; a list after "The options
    # are:" introduces the options
    ("The first premise is (A) all croptonites are croptonates, the second is (B) some croptonites are "
     "craptonates.", None),
    ("The options are: (A) Some craptonates are croptonates and (D) No croptonates are craptonates.", None),
    # a stated answer after it outranks it
    ("The conclusion is: (A) Some croptonites are craptonates. Wait, the answer is (D).", "D"),
])
def test_a_label_after_is_colon_on_the_same_line(reply, letter):
    assert infer_choice(reply, LOGIC).letter == letter


@pytest.mark.parametrize("reply, letter", [
    # after any conclusion marker, a label quoting another option's text names two options (not the text's option)
    ("Looking at the contour map, so (C) Point C.", None),
    ("The deepest area is: (C) Point C.", None),
    ("Looking at the map, so (C) Point A.", "C"),
    ("So (C) Point C. No wait, the answer is (B).", "B"),
])
def test_a_conclusions_label_quoting_another_options_text(reply, letter):
    assert infer_choice(reply, POINTS).letter == letter


# -- options that are the image's labelled things: a letter names them, an article does not ------------------------

BALLS = {"A": "A", "B": "B", "C": "C", "D": "CAN NOT SAY"}


def test_a_letter_named_like_the_labelled_options_names_its_option():
    # tc-0189: "which is ball D" names D the way "ball A" names A; the reply then names A (B and C only as its
    # yardstick): two options, none chosen
    reply = ("The heavies ball is the one with the larger circumference, which is ball D. The circumference of ball "
             "A is larger than ball B and ball C.")
    assert _read(reply, BALLS) == (None, "ambiguous")


@pytest.mark.parametrize("reply, letter", [
    # one labelled thing named throughout, or B and C only as the yardstick: that option
    ("The heaviest is the one with the larger circumference, which is ball A. The circumference of ball A is larger "
     "than ball B and ball C.", "A"),
    ("Ball C is the heaviest.", "C"),
    ("The heaviest ball is ball D.", "D"),
    ("We can not say which ball is heaviest.", "D"),
    # an article or a pronoun is no letter
    ("I think a ball is heavier than the others.", None),
    ("I'd say ball C.", "C"),
    # "a" named as the labelled thing still is
    ("I think a is heavier.", "A"),
    ("The heaviest is ball a.", "A"),
])
def test_labelled_options_named_by_letter_keep_their_verdict(reply, letter):
    assert infer_choice(reply, BALLS).letter == letter


@pytest.mark.parametrize("reply, letter", [
    # only a letter standing as a name counts: not an abbreviation, a symbol of a formula, nor a letter in a word
    ("The pattern continues with shape B, e.g. the rotated one.", "B"),
    ("The growth follows e^x so shape B.", "B"),
    ("x = e so shape B.", "B"),
    ("Shape B, not shape E.", "B"),
    # two labelled things named: a hedge
    ("Shape B and shape E both match the pattern.", None),
])
def test_only_a_letter_standing_as_a_name_names_a_labelled_option(reply, letter):
    assert infer_choice(reply, {"A": "A", "B": "B", "C": "C", "D": "D", "E": "None of the above"}).letter == letter


def test_a_letter_is_no_label_when_the_options_are_not_letters():
    # only an option set with two options or more that are their own letters reads a stray letter as a label
    mixed = {"A": "cat", "B": "dog", "C": "bird", "D": "CAN NOT SAY"}
    assert infer_choice("The animal near box D is a dog.", mixed).letter == "B"


# -- the benchmarks' default scorers read these the same way --------------------------------------------------------

@pytest.mark.parametrize("bench", ["vmcbench_dev", "livexiv"])
@pytest.mark.parametrize("reply, options, answer, correct", [
    ("The correct answer is (C) Point C.</s>", POINTS, "C", False),
    ("The correct answer is (C) Point A.", POINTS, "C", True),
    (CONCLUDED, LOGIC, "A", True),
    (POEM_WALK, STATEMENT, "A", False),
    ("Which is ball D. The circumference of ball A is larger than ball B and ball C.", BALLS, "A", False),
])
def test_the_default_scorers_read_them_alike(bench, reply, options, answer, correct):
    fields = {"prediction": reply, "answer": answer, "category": "x", "index": "1", **options}
    assert score_row(bench, fields, profile="default").correct is correct
