"""Readings added from the trace_choice corpus's fresh misses, read once that split had been scored
(tests/data/trace_choice.README.md, "The fresh split scored", "Its misses read"). Each reading with the cases that
must keep their verdict (docs/profiles-mc.md, "Fresh misses read").

The readings: options whose texts differ only in case ("aa", "Aa", "AA") are told apart by the case the reply writes;
a reply that is only every option's label in turn ("(A) (B) (C) (D)") chooses none; a closing letter ending a
sentence that walks through the labels from the first to the last ("the lowest box, A, ... the next box, B, and so
on until the highest box, E") is no conclusion, and "so" in "and so on" is no turn; a walk through the options'
texts as headings may stop short of the last options after three; among options listing values with their labels
("23,500 (France); 23,200 (UK)"), a sentence stating each value beside its label names the option.
"""

from __future__ import annotations

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

GENOTYPES = {"A": "aa", "B": "Aa", "C": "AA"}
ANIMALS = {"A": "cat", "B": "dog", "C": "cow", "D": "pig"}
OWN4 = {"A": "A", "B": "B", "C": "C", "D": "D"}
OWN5 = {"A": "A", "B": "B", "C": "C", "D": "D", "E": "E"}
LEVELS = {"A": "Beginner only", "B": "Not sure", "C": "Advanced only", "D": "All levels"}


def _read(reply, options):
    found = infer_choice(reply, options)
    return found.letter, found.method


# -- options differing only in case: the case the reply writes decides -----------------------------------------------

@pytest.mark.parametrize("reply, letter", [
    # tc-0279: a bracketed label with its own option's text, and the text alone
    ("Based on the scene graph, Jupiter's genotype for the coat pattern gene is (B) Aa.", "B"),
    ("Jupiter's genotype is Aa.", "B"),
    ("The genotype is AA.", "C"),
    ("aa", "A"),
    ("Aa", "B"),
    ("The answer is Aa.", "B"),  # was A: the first of the options equal but for case
    ("The answer is **AA**.", "C"),
    ("The answer is Aa, not AA.", "B"),
])
def test_the_case_tells_apart_options_differing_only_in_case(reply, letter):
    assert infer_choice(reply, GENOTYPES).letter == letter


@pytest.mark.parametrize("reply", [
    "The genotype is aA.",  # written as no option is
    "Either aa or AA.",  # two options named
    "The answer is (C) Aa.",  # a label quoting another option's text names two options
    "(C) Aa",
])
def test_a_case_no_option_has_or_two_options_named_choose_none(reply):
    assert infer_choice(reply, GENOTYPES).letter is None


@pytest.mark.parametrize("reply, options, letter", [
    # near misses: a label with its own text, a bare label, options not equal but for case read as before
    ("The answer is (C) AA.", GENOTYPES, "C"),
    ("The genotype is (B).", GENOTYPES, "B"),
    ("Jupiter's genotype is Aa.", {"A": "bb", "B": "Aa", "C": "CC"}, "B"),
    ("The answer is aa.", {"A": "bb", "B": "Aa", "C": "CC"}, "B"),  # one option: the case does not matter
    ("The gas is co.", {"A": "CO", "B": "CO2", "C": "O2"}, "A"),
])
def test_options_not_differing_only_in_case_read_as_before(reply, options, letter):
    assert infer_choice(reply, options).letter == letter


# -- every option's label in turn and nothing else: no choice --------------------------------------------------------

@pytest.mark.parametrize("reply", ["(A) (B) (C) (D)", "(A)(B)(C)(D)", "A. B. C. D.", "(a) (b) (c) (d)", "A\nB\nC\nD",
                                   "The answer is (A) (B) (C) (D)"])
@pytest.mark.parametrize("options", [OWN4, ANIMALS])
def test_every_label_in_turn_alone_chooses_none(reply, options):
    # tc-0331
    assert infer_choice(reply, options).letter is None


@pytest.mark.parametrize("reply, letter", [
    ("(A)", "A"),
    ("(A) (A)", "A"),  # one label, repeated
    ("(B) dog", "B"),
    ("D", "D"),
])
def test_labels_not_listing_every_option_in_turn_read_as_before(reply, letter):
    assert infer_choice(reply, ANIMALS).letter == letter


@pytest.mark.parametrize("reply", ["(A) (B) (C)", "(D) (A) (B) (C)", "(A) (B) (C) (D) (D)"])
def test_several_bracketed_labels_alone_choose_none(reply):
    # read as the opening label until round 9: several options' labels in brackets and nothing else choose none,
    # in turn or not, all of them or some (trace_choice's eleventh fresh split, tc-1552: "1) (B) (C) (D)";
    # docs/profiles-mc.md, "Eleventh fresh split's misses read")
    assert infer_choice(reply, ANIMALS).letter is None


def test_every_label_alone_is_a_wrong_answer_to_the_default_profile():
    fields = {"prediction": "(A) (B) (C) (D)", "answer": "A", "category": "x", "index": "1", **ANIMALS}
    assert score_row("vmcbench_dev", fields, profile="default").correct is False
    assert score_row("livexiv", dict(fields), profile="default").correct is False
    fields["prediction"] = "(A)"
    assert score_row("vmcbench_dev", fields, profile="default").correct is True


# -- a walk through the labels to the last one: its end is no conclusion ---------------------------------------------

BOXES = ("The sequence is: A, B, C, D, E.\n\nExplanation:\nThe boxes are arranged in a sequence of increasing heights. "
         "Starting with the lowest box, A, moving up to the next box, B, and so on until the highest box, E.")


@pytest.mark.parametrize("reply", [
    BOXES,  # tc-0311
    "Starting with the lowest box, A, moving up to the next box, B, and so on until the highest box, E.",
])
@pytest.mark.parametrize("options", [OWN5, {"A": "cat", "B": "dog", "C": "cow", "D": "pig", "E": "hen"}])
def test_a_closing_letter_ending_a_walk_through_the_labels_chooses_none(reply, options):
    assert infer_choice(reply, options).letter is None


@pytest.mark.parametrize("reply, letter", [
    # not from the first label, not to the last, or an answer word in the sentence: the closing letter answers
    ("Starting with the lowest box, B, moving up to the next box, C, and so on until the highest box, E.", "E"),
    ("Starting with the lowest box, A, moving up to the next box, B, and then, D.", "D"),
    ("After A and B are ruled out, the correct one, E.", "E"),
    ("Looking at A, the tallest is, E.", "E"),
    # "so" as a turn still turns; only "and so on" / "and so forth" goes on with a list
    ("It looks like A or B, so E.", "E"),
    ("It looks like A or B and so on, but E.", "E"),
    ("The answer is E.", "E"),
])
def test_a_closing_letter_outside_such_a_walk_still_answers(reply, letter):
    assert infer_choice(reply, OWN5).letter == letter


def test_a_conclusion_after_the_other_labels_in_turn_still_answers():
    # only a letter closing the sentence after a comma continues the walk; an arrow concludes
    capitals = {"A": "London", "B": "Paris", "C": "Rome", "D": "All of these"}
    assert infer_choice("A, B and C are all capitals -> D", capitals).letter == "D"


# -- a walk through the options' texts that stops short of the last ones ---------------------------------------------

WALK3 = ("Beginner Only: This option describes the snowboarder as a beginner, as they are not fully experienced yet. "
         "Not Sure: This choice describes the person as not sure about their abilities. Advanced Only: The "
         "snowboarder in the image is an advanced snowboarder.")


def test_a_walk_through_the_first_three_of_four_options_chooses_none():
    # tc-0297
    assert _read(WALK3, LEVELS) == (None, "walk")


@pytest.mark.parametrize("reply, letter", [
    # two headings only: the first still names its option, as before
    ("Beginner Only: a beginner still learning. Not Sure: unsure of the level.", "A"),
    # not from the first option
    ("Not Sure: unsure of the level. Advanced Only: the snowboarder is advanced. All levels: anyone.", "B"),
    # an answer after the walk still counts
    (WALK3 + " So the answer is Advanced only.", "C"),
    (WALK3 + " The answer is (C).", "C"),
])
def test_what_is_not_such_a_walk_or_follows_it_is_still_read(reply, letter):
    assert infer_choice(reply, LEVELS).letter == letter


def test_an_option_named_again_after_a_short_walk_ends_no_walk():
    assert infer_choice(WALK3 + " The snowboarder is clearly advanced only.", LEVELS).method != "walk"


@pytest.mark.parametrize("tail", [" Riders at all levels come here.", " (D) is for everyone."])
def test_a_walk_stopping_short_names_none_of_the_options_it_skips(tail):
    # an option left out of the walk but named after it: the options are not walked through in turn
    assert infer_choice(WALK3 + tail, LEVELS).method != "walk"


# -- options listing values with their labels: a sentence stating each value beside its label names the option ------

GDP = {"A": "23,500 (France);23,200 (UK)", "B": "23,650 (France); 23,500 (UK)", "C": "23,500 (France); 23,000 (UK)",
       "D": "23,000 (France); 23,500 (UK)", "E": "23,650 (France); £23,200 (UK)"}
OBSERVATIONS = ("1. The average GDP per person for France is £23,500, and for the UK it is £23,200.\n\n2. The GDP of "
                "Germany, Italy, France, and the United Kingdom increased from 2006 to 2016, with Germany having the "
                "highest growth rate of 17.8%.\n3. The GDP of the United States decreased in 2009.")


@pytest.mark.parametrize("reply, letter", [
    (OBSERVATIONS, "A"),  # tc-0310
    ("France: 23,650; UK: 23,200.", "E"),
    ("France is at 23,500 and the UK at 23,000.", "C"),
    ("The UK is at 23,500 and France at 23,000.", "D"),  # the same values, the labels swapped
    ("£23,500 for France and £23,200 for the UK.", "A"),  # each value before its label
])
def test_a_sentence_stating_each_value_beside_its_label_names_the_option(reply, letter):
    assert infer_choice(reply, GDP).letter == letter


@pytest.mark.parametrize("reply", [
    "France is 23,500 and the UK is 23,500.",  # no option has these values
    "France is 23,500. The UK is 23,200.",  # the values in two sentences
    "France is not 23,500 and the UK is not 23,200.",  # denied
    "France is 23,500 and the UK is 23,200, or France 23,650 and the UK 23,200.",  # two options offered
    "France is 23,500.",  # one value of two
])
def test_values_not_all_stated_beside_their_labels_in_one_sentence_name_no_option(reply):
    assert infer_choice(reply, GDP).letter is None


def test_options_not_all_lists_of_labelled_values_are_read_as_before():
    mixed = {**GDP, "E": "Cannot tell from data"}
    assert infer_choice("France: 23,650; UK: 23,200.", mixed).letter is None
    assert infer_choice(OBSERVATIONS, mixed).letter is None
