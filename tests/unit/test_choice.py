"""The careful multiple-choice reader (``pytest_answerbench.choice``) against hand-labelled corpora.

``tests/data/choice_corpus.jsonl`` holds realistic model replies, each with the option set it answers and the
letter a careful human reader would say the model chose (``null`` when it chose none, refused, hedged between
options or named something that is not an option). Every case is asserted, and the agreement rate is printed
(target: at least 97%). ``choice_heldout.jsonl``, ``choice_blind_dev.jsonl`` and ``choice_blind2_dev.jsonl`` were
labelled blind by people who never saw the reader; their agreement rates are asserted, and every blind-dev row the
reader misses is listed with the reason.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from conftest import read_jsonl
from pytest_answerbench.choice import ChoiceResult, infer_choice

CORPUS_PATH = Path(__file__).parents[1] / "data" / "choice_corpus.jsonl"
CORPUS = read_jsonl(CORPUS_PATH)

LOSS = {"A": "The loss decreases monotonically", "B": "The loss increases",
        "C": "The loss first decreases then increases", "D": "The loss stays constant"}


def test_corpus_is_large_and_varied():
    assert len(CORPUS) >= 300
    tags = {case["tag"] for case in CORPUS}
    for needed in ("letter-forms", "text", "value", "correction", "elimination", "chinese", "refusal", "empty",
                   "ambiguous", "article", "boxed", "tag"):
        assert needed in tags, needed
    assert sum(case["label"] is None for case in CORPUS) >= 40  # hard negatives
    assert len({case["id"] for case in CORPUS}) == len(CORPUS)


# Cases the reader gets wrong, kept in the corpus so the agreement rate stays honest.
KNOWN_MISSES = {
    "cc-825": "elimination stated by paraphrasing the options, not by their letters",
}


def _case_param(case):
    marks = [pytest.mark.xfail(reason=KNOWN_MISSES[case["id"]], strict=True)] if case["id"] in KNOWN_MISSES else []
    return pytest.param(case, id=case["id"], marks=marks)


@pytest.mark.parametrize("case", [_case_param(c) for c in CORPUS])
def test_corpus_case(case):
    result = infer_choice(case["response"], case["options"])
    assert result.letter == case["label"], f"{case['tag']}: {result}"
    assert result.letter is None or result.letter in case["options"]


def test_corpus_agreement_rate(capsys):
    agree = sum(infer_choice(c["response"], c["options"]).letter == c["label"] for c in CORPUS)
    rate = agree / len(CORPUS)
    with capsys.disabled():
        print(f"\nchoice reader agreement with hand labels: {rate:.1%} ({agree}/{len(CORPUS)})")
    assert rate >= 0.97


# Rows of the blind corpora a rule-based reader cannot read: the labels are right, but reading them takes meaning
# (paraphrase, synonyms, translation, domain knowledge) rather than rules. None is judged mislabelled.
BLIND_BEYOND_RULES = {
    "mcb-110": "'Lowering the temperature' for 'Decreasing the temperature': a synonym",
    "mcb-128": "'sitting on top of the mat' for 'The cat is on the mat.' when every option has cat and mat",
    "mcb-179": "'f goes up whenever x is positive' paraphrases 'f is increasing for x > 0'",
    "mcb-286": "'bring the people living nearby closer together' paraphrases 'strengthen social ties among neighbors'",
    "mcb-321": "'revealed in the final chapter' means 'At the end'",
    "mcb-351": "'fall' is the American word for the option 'Autumn'",
    "mcb-380": "names weight and mass (two options); which one changes needs the sentence's meaning",
    "mcb-440": "'only 12 participants ... far too few' paraphrases 'The sample size was too small'",
    "mcb-484": "堪培拉 is the Chinese name of the option 'Canberra': translation",
}
BLIND2_BEYOND_RULES = {
    "mcc-189": "'y = tan x' names the option 'Tangent': knowing tan is the tangent function",
    "mcc-202": "'textbook overfitting' paraphrases 'The model overfits' in a reply too long for a key word",
    "mcc-303": "'A has the smaller mean' paraphrases the option 'A smaller'",
    "mcc-351": "'decreases by a factor of 4' reads option D only after 'the force becomes 1/4': a paraphrase",
    "mcc-370": "'the Portuguese crown' names 'Portugal': a derived adjective",
    "mcc-387": "'Step 3: Error!' among steps judged one by one: the error step is chosen by meaning",
    "mcc-389": "'copper(II) ions' is the option 'Cu²⁺': chemistry knowledge",
}

#: the blind dev corpora, each written and labelled blind (copies of held-out corpora whose misses the reader's
#: rules were developed against; the second written independently of the first): file -> (rows, agreement
#: measured when the rules were written, margin allowed, rows beyond the rules). First corpus 491/500; second
#: 393/400, from 376/400 before its rules.
BLIND_CORPORA = {
    "choice_blind_dev.jsonl": (500, 0.982, 0.006, BLIND_BEYOND_RULES),
    "choice_blind2_dev.jsonl": (400, 0.982, 0.0075, BLIND2_BEYOND_RULES),
}
BLIND_ROWS = {name: read_jsonl(Path(__file__).parents[1] / "data" / name) for name in BLIND_CORPORA}


def _blind_params():
    for name, (_, _, _, beyond) in BLIND_CORPORA.items():
        for case in BLIND_ROWS[name]:
            marks = [pytest.mark.xfail(reason=beyond[case["id"]], strict=True)] if case["id"] in beyond else []
            yield pytest.param(case, id=case["id"], marks=marks)


@pytest.mark.parametrize("case", list(_blind_params()))
def test_blind_dev_case(case):
    """Each label is what a careful grader says the model chose."""
    result = infer_choice(case["response"], case["options"])
    assert result.letter == case["label"], f"{case['why']}: {result}"


@pytest.mark.parametrize("name", BLIND_CORPORA)
def test_blind_dev_agreement_rate(name, capsys):
    size, measured, margin, _ = BLIND_CORPORA[name]
    rows = BLIND_ROWS[name]
    agree = sum(infer_choice(c["response"], c["options"]).letter == c["label"] for c in rows)
    rate = agree / len(rows)
    with capsys.disabled():
        print(f"\nchoice reader agreement on {name}: {rate:.1%} ({agree}/{len(rows)})")
    assert len(rows) == size
    assert rate >= measured - margin


def test_heldout_agreement_rate(capsys):
    rows = read_jsonl(Path(__file__).parents[1] / "data" / "choice_heldout.jsonl")
    agree = sum(infer_choice(c["response"], c["options"]).letter == c["label"] for c in rows)
    with capsys.disabled():
        print(f"\nchoice reader agreement on the held-out corpus: {agree / len(rows):.1%} ({agree}/{len(rows)})")
    assert agree / len(rows) >= 0.975  # 553/565 when this was written; the misses are paraphrases (tools/eval_choice_heldout.py)


def test_result_is_frozen_and_explains_itself():
    result = infer_choice("Based on the plot, the answer is (C).", LOSS)
    assert isinstance(result, ChoiceResult)
    assert (result.letter, result.method) == ("C", "answer-marker")
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.letter = "A"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("response", "letter", "method"),
    [
        ("\\boxed{C}", "C", "boxed"),
        ("<answer>C</answer>", "C", "answer-tag"),
        ("The curve dips, then rises.\nFinal Answer: C", "C", "final-answer-marker"),
        ("**C**", "C", "bold"),
        ("(C)", "C", "bracket"),
        ("C", "C", "sole-letter"),
        ("The loss first decreases then increases", "C", "option-text"),
        ("B, no wait, D", "D", "self-correction"),
        ("A, B and D are incorrect.", "C", "elimination"),
        ("A and B are wrong, so C", "C", "elimination"),
        ("", None, "empty"),
        (None, None, "empty"),
        ("I'm sorry, I cannot determine the answer from the image.", None, "refusal"),
        ("The answer is B or C.", None, "ambiguous"),
        ("The answer is E.", None, "invalid-letter"),
        ("Hmm.", None, "none"),
    ],
)
def test_methods_name_the_rule(response, letter, method):
    result = infer_choice(response, LOSS)
    assert (result.letter, result.method) == (letter, method)
    assert result.detail


def test_answer_value_and_numeric_strings():
    opts = {"A": "0.25", "B": "0.250", "C": "2.5", "D": "4"}
    assert infer_choice("Answer: 0.250", opts).letter == "B"   # the exact text wins over numeric equality
    assert infer_choice("Answer: 0.25", opts).letter == "A"
    result = infer_choice("answer: 4.0", opts)
    assert (result.letter, result.method) == ("D", "answer-value")


def test_options_beyond_d_and_two_options():
    ten = {k: f"city {k.lower()}" for k in "ABCDEFGHIJ"}
    assert infer_choice("The answer is J.", ten).letter == "J"
    assert infer_choice("I think the answer is H.", ten).letter == "H"  # the pronoun I is not option I
    assert infer_choice("(I)", ten).letter == "I"
    assert infer_choice("Yes", {"A": "Yes", "B": "No"}).letter == "A"


def test_never_guesses_on_noise():
    for noise in ("", "?", "...", "lorem ipsum dolor sit amet", "12345", "The figure is interesting."):
        assert infer_choice(noise, LOSS).letter is None


TRUE_FALSE = {"A": "True", "B": "False"}
YES_NO = {"A": "Yes", "B": "No"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("ans is (a)", "A"),
        ("ans: d", "D"),
        ("the ans is b", "B"),
        ("ans is a noble gas", None),  # the article, not a letter
    ],
)
def test_lower_case_letter_after_a_short_marker(response, letter):
    assert infer_choice(response, {"A": "Nitrogen", "B": "Oxygen", "C": "Boron", "D": "Carbon"}).letter == letter


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("Nope, he isn't wearing a hat.", YES_NO, "B"),
        ("Not really.", YES_NO, "B"),
        ("Yep.", YES_NO, "A"),
        ("That's correct — the mitochondria have their own DNA.", TRUE_FALSE, "A"),
        ("This statement is not true: water boils sooner at altitude.", TRUE_FALSE, "B"),
        ("It isn't true.", TRUE_FALSE, "B"),
        ("It is not false.", TRUE_FALSE, "A"),
        ("Partially true.", TRUE_FALSE, None),
        ("Not necessarily true.", TRUE_FALSE, None),
        ("这个说法是错误的，因为光速远大于声速。", {"A": "正确", "B": "错误"}, "B"),
        ("这个说法不正确。", {"A": "正确", "B": "错误"}, "B"),
        ("这是正确的。", {"A": "正确", "B": "错误"}, "A"),
    ],
)
def test_polar_options_answered_by_meaning(response, options, letter):
    assert infer_choice(response, options).letter == letter


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("The probability is 2/4, i.e. one half.", {"A": "$\\frac{1}{2}$", "B": "$\\frac{1}{3}$", "C": "$\\frac{1}{4}$"}, "A"),
        ("12 squared is one hundred forty-four.", {"A": "100", "B": "120", "C": "144", "D": "169"}, "C"),
        ("The shaded part is 0.4 of the whole.", {"A": "25%", "B": "40%", "C": "50%", "D": "75%"}, "B"),
        ("1.2 × 10² cm", {"A": "12", "B": "120", "C": "1.2", "D": "0.12"}, "B"),
        ("The length is 1.2 x 10^2 cm.", {"A": "12", "B": "120", "C": "1.2", "D": "0.12"}, "B"),
        ("sin 60° = √3/2 ≈ 0.866", {"A": "$\\sqrt{3}$", "B": "$\\frac{\\sqrt{3}}{2}$", "C": "$\\frac{1}{2}$"}, "B"),
        ("The period of sin(2x) is π.", {"A": "$2\\pi$", "B": "$\\pi$", "C": "$\\frac{\\pi}{2}$"}, "B"),
    ],
)
def test_numbers_equal_in_value_to_an_option(response, options, letter):
    assert infer_choice(response, options).letter == letter


@pytest.mark.parametrize(
    ("response", "letter", "method"),
    [
        ("Answer: B (edit: should be D, I misread the axis scale)", "D", "self-correction"),
        ("Answer: B (edit: fixed a typo)", "B", "answer-marker"),
        ("$\\boxed{B}$ or $\\boxed{C}$", None, "ambiguous"),
        ("Answer: B\nAnswer: D", None, "ambiguous"),
        ("Answer: B\nAnswer: B", "B", "answer-marker"),
        ("The answer is B. The answer is C.", "C", "answer-marker"),  # prose: the later sentence revises
        ("The answer is B. Hmm, or is it C? Both fit. I'm not sure.", None, "ambiguous"),
        ("The answer is B. Or is it C? No: C fails the test, so B.", "B", "answer-marker"),
        ("The answer is C. Many people pick D, but the middle value is 5.", "C", "answer-marker"),
        ("I pick C. You might pick D, but it is wrong.", "C", "choose"),
        ("Option C is for metals and option A for salts; the shared electron pairs make option B the correct answer.",
         "B", "affirmation"),
    ],
)
def test_corrections_hedges_and_other_peoples_choices(response, letter, method):
    result = infer_choice(response, {"A": "2", "B": "4", "C": "5", "D": "8"})
    assert (result.letter, result.method) == (letter, method)


def test_a_reply_ending_unsure_between_two_option_texts_chooses_nothing():
    animals = {"A": "Cat", "B": "Dog", "C": "Fox", "D": "Rabbit"}
    text = "It looks like a dog, but the ears are pointed like a fox's. It might be a fox — hard to say from here."
    assert infer_choice(text, animals).letter is None
    assert infer_choice("It looks like a dog, but the ears are pointed, so it is a fox.", animals).letter == "C"


@pytest.mark.parametrize(
    ("response", "options", "letter", "method"),
    [
        ("We start with 2x + 9 = 3. Subtracting 9 from both sides gives", {"A": "-3", "B": "3", "C": "6"}, None,
         "truncated"),
        ("Looking at option B (6:00 PM), we need to check whether", {"A": "5:00 PM", "B": "6:00 PM"}, None, "truncated"),
        ("First, consider A. 6 J. This option", {"A": "6 J", "B": "9 J"}, None, "truncated"),
        ("<think>\nTime to the top is 40/10 = 4 s. Then it falls back", {"A": "4 s", "B": "8 s"}, None, "truncated"),
        ("<think>\nTime to the top is 4 s, so the answer is B", {"A": "4 s", "B": "8 s"}, "B", "answer-marker"),
        ("I = V/R = 12 V / 4 Ω = 3 A", {"A": "1.5 A", "B": "3 A"}, "B", "answer-value"),  # a unit, not an article
        ("none of these", {"A": "12 cm", "B": "None of the above"}, "B", "option-text"),
    ],
)
def test_a_reply_cut_off_before_it_answered_chooses_nothing(response, options, letter, method):
    result = infer_choice(response, options)
    assert (result.letter, result.method) == (letter, method)


def test_an_option_named_with_an_article_after_ruling_the_others_out():
    lenses = {"A": "Convex lens", "B": "Concave lens", "C": "Plane mirror", "D": "Prism"}
    text = ("A plane mirror (C) can't focus light and a prism (D) only disperses it. Since the rays converge after "
            "passing through, it's a convex lens.")
    assert infer_choice(text, lenses).letter == "A"
    signs = {"A": "Stop", "B": "Yield", "C": "No entry"}
    text = "Yield signs are triangles and no-entry signs are round. The octagonal red one must be a stop sign."
    assert infer_choice(text, signs).letter == "A"
    animals = {"A": "Cat", "B": "Dog", "C": "Fox"}
    assert infer_choice("It looks like a dog, but I can't tell.", animals).letter is None  # a concession


def test_the_closing_clause_names_an_option_by_its_place():
    charges = {"A": "+2", "B": "+4", "C": "+6", "D": "+7"}
    text = "+2 is too low, +4 is MnO2, and +6 is manganate. For permanganate x = +7, the last option."
    assert infer_choice(text, charges).letter == "D"


RANGES = {"A": "Less than 10", "B": "Between 10 and 20", "C": "Between 20 and 30", "D": "More than 30"}
DECADES = {"A": "1920–1929", "B": "1930–1939", "C": "1940–1949"}
CLOSING = {"A": "5:00 PM", "B": "6:00 PM", "C": "7:30 PM", "D": "9:00 PM"}
CLOCK = {"A": "3:15", "B": "3:45", "C": "9:15", "D": "9:45"}
DAYS = {"A": "2024-03-05", "B": "2024-03-06", "C": "2024-03-04", "D": "2024-03-07"}


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("I count 14 birds on the wire.", RANGES, "B"),
        ("The answer is 25.", RANGES, "C"),
        ("Between 10 and 20", RANGES, "B"),  # the bounds inside the option's own text name no other option
        ("I see 2 groups of 7 birds, 14 in total.", RANGES, "B"),  # the concluding clause
        ("I see 2 groups of 7 birds and 14 ducks.", RANGES, None),  # several counts, none concluded
        ("The bridge was completed in 1937.", DECADES, "B"),
        ("They close at 19:30.", CLOSING, "C"),
        ("The sign reads 'Mon–Sat 9:00–19:30'. So the answer is 19:30.", CLOSING, "C"),
        ("They open at 9:00 and close at 19:30.", CLOSING, None),
        ("The answer is 6 pm.", CLOSING, "B"),
        ("It's a quarter to ten.", CLOCK, "D"),
        ("quarter past three", CLOCK, "A"),
        ("The time is 09:15 AM.", CLOCK, "C"),
        ("9.15", CLOCK, "C"),
        ("Ten days after February 25, 2024 is March 6th.", DAYS, "B"),
        ("March 6th, 2024", DAYS, "B"),
    ],
)
def test_ranges_clock_times_and_dates_written_another_way(response, options, letter):
    assert infer_choice(response, options).letter == letter


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("This is an action–reaction pair, described by Newton's 3rd law.",
         {"A": "Newton's first law", "B": "Newton's second law", "C": "Newton's third law"}, "C"),
        ("Austen.", {"A": "Charlotte Brontë", "B": "Jane Austen", "C": "Mary Shelley"}, "B"),
        ("Shakespeare wrote it around 1600.", {"A": "William Shakespeare", "B": "Christopher Marlowe"}, "A"),
        ("The Versailles treaty ended the First World War.",
         {"A": "Treaty of Paris", "B": "Treaty of Versailles", "C": "Treaty of Ghent"}, "B"),
        ("Answer: append", {"A": "`list.append(x)`", "B": "`list.add(x)`", "C": "`list.push(x)`"}, "A"),
        ("No change.", {"A": "an increase in loss", "B": "a decrease in loss", "C": "no change in loss"}, "C"),
        ("Not Austen, it's Brontë.", {"A": "Charlotte Brontë", "B": "Jane Austen", "C": "Mary Shelley"}, "A"),
        ("Austen?", {"A": "Charlotte Brontë", "B": "Jane Austen", "C": "Mary Shelley"}, None),
        ("Austen, I think, though Eliot is possible.", {"A": "Jane Austen", "B": "George Eliot"}, None),
        ("BERT", {"A": "ResNet-50", "B": "ViT-B/16", "C": "CLIP", "D": "BERT-base"}, None),  # a family, not a model
        ("Option A says the loss decreases monotonically, which is wrong.", LOSS, None),
    ],
)
def test_a_word_only_one_option_has_names_it(response, options, letter):
    assert infer_choice(response, options).letter == letter


def _fast_path_cases():
    """Short replies in the forms the fast path knows, over many option sets (the corpora's and adversarial ones
    whose texts are words of those replies)."""
    forms = ["\\boxed{{{L}}}", "$\\boxed{{{l}}}$.", " So the answer is **{L}**.", "Therefore, the correct answer is {L}.",
             "Thus answer is ({L})", "Hence, the answer is {L}", "I think it is {L}.", "I think it's {L}.\n"]
    for optset in _fast_path_option_sets():
        for form in forms:
            for letter in "ABEIJ":
                yield form.format(L=letter, l=letter.lower()), optset


def _fast_path_option_sets():
    """The corpora's option sets and adversarial ones whose texts are words and letters of short replies."""
    from pytest_answerbench.choice import _option_set

    data = Path(__file__).parents[1] / "data"
    sets = {tuple(c["options"].items()) for c in CORPUS}
    for name in ("choice_heldout.jsonl", "choice_blind_dev.jsonl"):
        for line in (data / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                sets.add(tuple(json.loads(line)["options"].items()))
    tricky = ["so", "the", "answer", "it", "it is", "i think", "think", "boxed", "b", "B", "", "So the answer is B",
              "a think", "the answer is b", "Therefore", "is", "$\\boxed{B}$", "Yes", "No", "True", "1", "9:15",
              "Between 10 and 20", "I", "Hence", "correct answer", "It's B", "boxed b", "thinks"]
    for i, text in enumerate(tricky):
        sets.add((("A", "cat"), ("B", text), ("C", "dog"), ("D", tricky[(i + 3) % len(tricky)])))
    sets.add(tuple((k, f"city {k}") for k in "ABCDEFGHIJ"))
    # option texts made of the replies' own words and letters, in every position
    words = ["so", "therefore", "thus", "hence", "the", "correct", "answer", "is", "i", "think", "it", "it's",
             "boxed", "a", "b", "e", "**b**", "(b)", "$b$", "\\boxed{b}", "b."]
    for i in range(400):
        picked = [" ".join(words[(i * 7 + j * 5 + k * 3) % len(words)] for k in range(1 + (i + j) % 3))
                  for j in range(4)]
        sets.add(tuple(zip("ABCD", picked)))
    # labels and letters as option texts: "Point R" names option D by its label, "B" is also a letter
    sets.add((("A", "Point P"), ("B", "Point Q"), ("C", "Point R"), ("D", "Point S")))
    sets.add((("A", "B"), ("B", "A"), ("C", "D"), ("D", "C")))
    for items in sorted(sets):
        yield _option_set(tuple((str(k), str(v)) for k, v in items))


def test_the_fast_path_agrees_with_the_full_reader():
    from pytest_answerbench.choice import _fast_short, _read

    answered = 0
    for reply, optset in _fast_path_cases():
        fast = _fast_short(reply, optset)
        if fast is not None:
            answered += 1
            assert fast == _read(reply, optset), (reply, optset.options)
    assert answered > 1000


def test_the_letter_fast_path_agrees_with_the_full_reader():
    """A reply that is only a letter ("B", "(b)", "The answer is (B).") is read by ``fast._fast_sole`` as the full
    reader reads it, and near misses ("A and B", "I cannot see the image. (A)") are left to the full reader."""
    from pytest_answerbench.choice import _read
    from pytest_answerbench.choice.fast import fast_sole

    forms = ["{L}", "{l}", "({L})", "({l})", "[{L}]", "{L}.", "{l}.", "{L})", " {L} ", "'{L}'", "The answer is ({L}).",
             "The answer is {L}.", "Answer: {L}", "Option {L}", "the correct answer is: {l}", "{L} and B", "{L} or B",
             "Answer: {L} or B", "I cannot see the image. ({L})", "{L}, since it fits", "I think {L}"]
    answered = declined = 0
    for optset in _fast_path_option_sets():
        for form in forms:
            for letter in "ABEIRZ":
                reply = form.format(L=letter, l=letter.lower())
                fast = fast_sole(reply, optset)
                if fast is None:
                    declined += 1
                    continue
                answered += 1
                assert fast == _read(reply, optset), (reply, optset.options)
    assert answered > 20_000 and declined > 10_000, (answered, declined)


CAPITALS = {"A": "Paris", "B": "Rome", "C": "Berlin", "D": "Madrid"}
GASES = {"A": "Nitrogen", "B": "Oxygen", "C": "Carbon", "D": "Helium"}


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("So it's Berlin. Or maybe Paris? No, Berlin.", CAPITALS, "C"),  # a question does not conclude
        ("Is it Paris?", CAPITALS, None),
        ("It's A. Or maybe B?", GASES, None),
        ("The answer is C. Or D, if we count the edge.", GASES, None),
        ("Most people would choose Paris, but the capital of Germany is Berlin.", CAPITALS, "C"),
        ("We would choose Berlin.", CAPITALS, "C"),
        ("You might pick A, but the right one is C.", GASES, "C"),
        ("It can't be B or C. It must be A or D... I'll say D.", GASES, "D"),
        ("Oxygen is the answer, and", GASES, "B"),  # committed before the reply was cut off
        ("If oxygen is the answer, then nitrogen must be wrong.", GASES, None),
        ("I see 3 ducks and 4 geese, 7 birds in all.", {"A": "Fewer than 5", "B": "5 to 10", "C": "11 to 20"}, "B"),
        ("a quarter past six in the morning", {"A": "6:15 AM", "B": "6:45 AM", "C": "6:15 PM"}, "A"),
        ("这句话是对的。", {"A": "正确", "B": "错误"}, "A"),
        ("这句话不是对的。", {"A": "正确", "B": "错误"}, "B"),
        ("That's Newton's 2nd law.", {"A": "Newton's first law", "B": "Newton's second law", "C": "Hooke's law"}, "B"),
        ("The 3rd law.", {"A": "Newton's first law", "B": "Newton's second law", "C": "Newton's third law"}, "C"),
        ("First, look at the units.", {"A": "The first law", "B": "The second law"}, None),  # a step
    ],
)
def test_questions_alternatives_and_other_readings(response, options, letter):
    assert infer_choice(response, options).letter == letter


def test_a_so_clause_naming_an_option_by_a_word_only_it_has():
    policy = {"A": "The author supports the policy.", "B": "The author opposes the policy.",
              "C": "The author is undecided about the policy."}
    text = ("The author lists the policy's benefits, then calls adopting it a mistake. So the author opposes it — the "
            "benefits are presented only to be rebutted.")
    assert infer_choice(text, policy).letter == "B"
    # another option's word after the clause: no reading
    text = "The author lists benefits, so the author seems to support it at first, but then opposes it."
    assert infer_choice(text, policy).letter is None


def test_long_digit_runs_in_options_stay_linear():
    import time

    start = time.process_time()
    result = infer_choice("0", {"A": "1+" * 2000, "B": "9" * 50_000})
    assert result.letter is None
    assert time.process_time() - start < 3.0  # a quadratic scan of the digits took over 10 s


PETS = {"A": "cat", "B": "dog", "C": "cow", "D": "pig"}


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("猫和狗都是宠物。【答案】C", PETS, "C"),  # a bracketed Chinese answer marker after other options
        ("猫和狗都是宠物，对应选项 B。", PETS, "B"),
        ("猫和狗都是宠物。正确选项是 D", PETS, "D"),
        ("El gato y el perro. La respuesta es la B.", PETS, "B"),
        ("Gato (A) o perro (B)? La respuesta es la B.", PETS, "B"),
        ("Gato (A) o perro (B)? A resposta correta é B.", PETS, "B"),
        ("Le chat et le chien. La réponse correcte est C.", PETS, "C"),
        ("Die Katze und der dog. Die richtige Antwort ist D.", PETS, "D"),
        ("The cat and the dog are mammals. anser: c", PETS, "C"),  # a typo in the marker
        ("The cat and the dog are pets. Final: [[B]]", PETS, "B"),  # "Final:" and a doubled bracket
        ("The cat and the dog are pets. Final: B", PETS, "B"),
        ("The answer is: R", {"A": "Point P", "B": "Point Q", "C": "Point R", "D": "Point S"}, "C"),
        ("The answer is: R", {"A": "Point P", "B": "Point Q", "C": "Line R", "D": "Point R"}, None),  # two labels
        ("The answer is E", PETS, None),  # no option labelled E
    ],
)
def test_markers_in_other_languages_typos_and_labels(response, options, letter):
    assert infer_choice(response, options).letter == letter


def test_the_pronoun_i_is_no_roman_numeral_option():
    numerals = {"A": "I", "B": "II", "C": "III", "D": "IV"}
    assert infer_choice("I believe the correct statement is III.", numerals).letter == "C"
    assert infer_choice("I think only statement II holds.", numerals).letter == "B"
    assert infer_choice("Only I.", numerals).letter == "A"


@pytest.mark.parametrize(
    ("response", "letter", "method"),
    [
        ("It takes about 3.5 s, which doesn't appear among the choices.", None, "refusal"),
        ("It takes about 3.5 s, which is not one of the options.", None, "refusal"),
        ("3.5 s is not listed among the choices; the closest is D.", "D", "letter"),  # a letter after it decides
        ("The time is 2.0 s.", "B", "answer-value"),
    ],
)
def test_a_value_said_to_be_none_of_the_options(response, letter, method):
    options = {"A": "1.5 s", "B": "2.0 s", "C": "2.5 s", "D": "3.0 s"}
    result = infer_choice(response, options)
    assert (result.letter, result.method) == (letter, method)


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("We look at the sign of the dog's mood. If it wags, then", None),
        ("For one cat we need one dog. The question says two cats, so", None),
        ("It is a dog, I think so", "B"),  # "I think so" is a complete closing
        ("The answer is B so", "B"),  # committed before the cut
    ],
)
def test_replies_cut_off_after_then_or_so(response, letter):
    assert infer_choice(response, PETS).letter == letter


PLANETS = {"A": "Jupiter", "B": "Mars", "C": "Neptune", "D": "Saturn"}


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        # a degenerate loop that comes back to an answer it left chooses nothing; a plain change reads the last
        ("The answer is B. The answer is C. The answer is B. The answer is C. The answer is", PETS, None),
        ("The answer is B. The answer is B. The answer is C.", PETS, "C"),
        # a tentative pick with another option offered as just as possible
        ("It could be Mars, but I'm not confident. It could also be Venus given the brightness.",
         {"A": "Venus", "B": "Mars"}, None),
        ("It could be Mars at first sight, but the brightness says Venus.", {"A": "Venus", "B": "Mars"}, "A"),
        # a fact about one option, then the reply says the question asks about something else
        ("Fluorine is the most electronegative element. The question, however, asks about the largest radius.",
         {"A": "Iodine", "B": "Fluorine"}, None),
        ("The question asks about the largest radius. Iodine has it.", {"A": "Iodine", "B": "Fluorine"}, "A"),
        # options conceded in a leading clause, one named in the main clause
        ("While Jupiter and Neptune have faint rings, the bright rings shown belong to Saturn.", PLANETS, "D"),
        ("While Jupiter has rings, Saturn and Neptune do too.", PLANETS, None),
        # a closing apposition after a dash
        ("Table sugar is made of glucose and fructose linked together — sucrose.",
         {"A": "Glucose", "B": "Lactose", "C": "Fructose", "D": "Sucrose"}, "D"),
        # one option stated as the value, the others only defined
        ("The surface area of a sphere is $4\\pi r^2$. $\\pi r^2$ is the area of a circle, and $2\\pi r$ is its "
         "circumference.", {"A": "$\\pi r^2$", "B": "$2\\pi r$", "C": "$\\pi d$", "D": "$4\\pi r^2$"}, "D"),
        ("$\\pi r^2$ is the area of a circle and $2\\pi r$ is its circumference.",
         {"A": "$\\pi r^2$", "B": "$2\\pi r$", "C": "$\\pi d$", "D": "$4\\pi r^2$"}, None),
    ],
)
def test_loops_alternatives_concessions_and_definitions(response, options, letter):
    assert infer_choice(response, options).letter == letter


def test_an_option_with_a_pronoun_subject_is_named_by_its_predicate():
    peaks = {"A": "It peaks at around 0.3", "B": "It peaks at around 0.5", "C": "It has no clear peak"}
    assert infer_choice("The curve rises from 0.1, then falls. So the F1 peaks at around 0.5.", peaks).letter == "B"
    assert infer_choice("The F1 score has no clear peak here.", peaks).letter == "C"
    assert infer_choice("The F1 score is flat.", peaks).letter is None
