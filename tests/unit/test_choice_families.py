"""One minimal test per rule family added for issue 15 (item 4): the forms other projects' replies take.

Each family is a named record or table in ``pytest_answerbench/choice/`` (see ``rules.py``); each test here
holds the family's smallest cases, the ones it reads and the near misses it must leave alone. The replies the
families were found on are in ``tests/data/peer_choice.jsonl`` (``tests/unit/test_peer_choice.py``).
"""

from __future__ import annotations

import pytest

from pytest_answerbench.choice import infer_choice

ABCD = {"A": "option A", "B": "option B", "C": "option C", "D": "option D"}
ABCDE = {**ABCD, "E": "option E"}


def _letter(response, options=ABCD):
    return infer_choice(response, options).letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # new reasoning or a revision word between two answer markers: the later answer stands
        ("ANSWER: A\nreasoning\nANSWER: (B) 300", "B"),
        ("I first said ANSWER: A but ANSWER: C is correct.", "C"),
        ("先写答案：A，再改为答案：C。", "C"),
        ("first <ANSWER> A </ANSWER> then <ANSWER> D </ANSWER>", "D"),
        # a finished sentence, then the answer line after a blank line
        ("The sky is blue. The answer is C.\n\nAnswer: A", "A"),
        # nothing but answer words or alternatives between them: two answers, no commitment
        ("ANSWER: A\nANSWER: B", None),
        ("Answer: B / Answer: D", None),
        ("$\\boxed{B}$ or maybe $\\boxed{C}$", None),
        ("정답: B\n정답: C", None),
    ],
)
def test_a_revision_between_two_answer_markers(response, letter):
    assert _letter(response, ABCDE) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("ANSWER: B</think>ANSWER: [LETTER]", "B"),
        ("<think>The answer is C.</think>Answer: $LETTER", "C"),
        ("<think>C fits.</think>ANSWER: D", "D"),  # a real answer after the block still wins
        ("ANSWER: [LETTER]", None),
    ],
)
def test_an_echoed_format_placeholder_is_no_answer(response, letter):
    assert _letter(response) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("The answer is for sure D, it can't be A or B", "D"),
        ("The answer is without a doubt C, not A.", "C"),
        ("réponse est C non A", "C"),  # French "non": A ruled out after the answer
        ("La réponse est B, non D", "B"),
    ],
)
def test_letters_ruled_out_after_the_answer(response, letter):
    assert _letter(response) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("정답: C", "C"),
        ("정답은 B입니다", "B"),
        ("답: D", "D"),
        ("正解は B です", "B"),
        ("答え：C", "C"),
        ("Đáp án đúng là B", "B"),
        ("A resposta é a letra D", "D"),
        ("La réponse est C", "C"),
        ("Le raisonnement est long. Réponse : A", "A"),
    ],
)
def test_answer_markers_in_more_languages(response, letter):
    result = infer_choice(response, ABCD)
    assert (result.letter, result.method) == (letter, "answer-marker")


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("A, non, C", "C"),
        ("答案：A，改为C", "C"),
        ("我选A，改成B", "B"),
        ("Réponse : A. En fait, C.", "C"),
        ("Antwort: A. Nein, D.", "D"),
        ("The non-linear term dominates, so B.", "B"),  # "non-" starts a word, it corrects nothing
    ],
)
def test_correction_words_in_more_languages(response, letter):
    assert _letter(response) == letter


def test_a_restated_option_list_is_no_choice():
    assert _letter("A. foo\nB. bar\n정답: E", ABCDE) == "E"
    assert _letter("A. foo\nB. bar", ABCDE) is None
    assert _letter("B. The loss rises\nbecause of the step size.", ABCDE) == "B"  # one label: still a leading letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("ANSWER: A B C D are all plausible", None),
        ("The answer is A C D", None),
        ("Answer: B and D are both right", None),
        ("Answer: A because the rate doubles", "A"),
        ("Answer: C D", "C"),  # two letters only: C, then a stray D (not a listed run)
        ("【答案】B、D <eoa>", None),  # letters joined by a Chinese enumeration comma or "and": both, no choice
        ("答案是B和D", None),
        ("【答案】B <eoa>", "B"),
    ],
)
def test_a_run_of_letters_after_the_marker_chooses_none(response, letter):
    assert _letter(response) == letter


def test_dataset_markup_in_an_option_text_is_not_part_of_it():
    options = {"A": "Dry the pan before use. [substeps] Heat the oil slowly so that it does not smoke or spit at you "
                    "while you cook.,",
               "B": "Dry the pan before use. [title] Heat the oil quickly so that it does not stick or burn while you "
                    "cook the food.,",
               "C": "None of the above"}
    reply = ("Therefore, the best answer is: Dry the pan before use. Heat the oil slowly so that it does not smoke or "
             "spit at you while you cook.")
    assert _letter(reply, options) == "A"
    assert _letter(reply.replace("slowly", "gently"), options) is None  # not A's text any more


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("The Pacific is the largest ocean. It's much larger than the Atlantic, Indian, and Arctic oceans.", "C"),
        ("Compared with the Atlantic and the Indian, the Pacific is the largest.", "C"),
        ("Unlike the Arctic, the Pacific is huge.", "C"),
        ("The Atlantic is larger than the Indian, but the Pacific is larger than the Atlantic.", "C"),
        ("The Pacific and the Atlantic are both larger than the Arctic.", None),  # two options stand
    ],
)
def test_options_named_only_as_what_another_is_compared_with(response, letter):
    assert _letter(response, {"A": "Atlantic", "B": "Indian", "C": "Pacific", "D": "Arctic"}) == letter


NUMS = {"A": "2", "B": "4", "C": "5", "D": "8"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("If the axis were logarithmic, it would be C.", None),
        ("Had the sample been larger, the answer would be A; with this sample it is D.", "D"),
        ("Were the scale logarithmic, the answer would be C.", None),
        ("If the value were 5, C would be the answer.", None),
        ("Without friction it would be C.", None),
        # commitments that only look conditional
        ("The answer would be C.", "C"),
        ("If I had to choose, I would choose C.", "C"),
        ("If we compute the ratio we get 4, so the answer would be B.", "B"),
        ("It would be C if the axis were logarithmic, but it is linear, so B.", "B"),
    ],
)
def test_a_counterfactual_clause_is_no_commitment(response, letter):
    assert _letter(response, NUMS) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("Answer: not B, D.", "D"),
        ("The answer is not 4 but rather 8.", "D"),
        ("The answer is not A, B or C.", "D"),  # the three negated: D by elimination
        ("Answer: not B, which fails the test.", None),
    ],
)
def test_a_negated_option_then_the_affirmed_one(response, letter):
    assert _letter(response, NUMS) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("C'est la bonne réponse.", None),  # French "C'est" is "it is", not the letter C
        ("D'après le graphique, je ne sais pas.", None),
        ("I'd say C.", "C"),
    ],
)
def test_a_french_elision_is_no_letter(response, letter):
    assert _letter(response) == letter


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("The answer is alpha.", {"A": "α", "B": "β", "C": "γ", "D": "δ"}, "A"),
        ("It is the beta sheet.", {"A": "α-helix", "B": "β-sheet", "C": "random coil", "D": "turn"}, "B"),
        ("Delta.", {"A": "Δ", "B": "Σ", "C": "Ω", "D": "Π"}, "A"),
        ("The answer is theta.", {"A": "θ = 30°", "B": "θ = 45°"}, None),  # a name only part of both options
    ],
)
def test_greek_letters_spelled_out(response, options, letter):
    assert _letter(response, options) == letter


BOTH = {"A": "Both", "B": "Neither", "C": "Only the first", "D": "Only the second"}
COUNT = {"A": "0", "B": "1", "C": "2", "D": "3"}


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("None.", BOTH, "B"),
        ("None of them.", BOTH, "B"),
        ("There are no cats in the image.", COUNT, "A"),
        ("Looking closely, I see no cats: the animals are dogs. So there are no cats.", COUNT, "A"),
        ("There is no image provided, so I cannot tell.", COUNT, None),  # a refusal, not "none"
        ("None.", {"A": "cat", "B": "dog"}, None),  # no option says none
        ("None.", {"A": "Red", "B": "Blue", "C": "None of the above"}, "C"),
        # what cannot be known is no "none"
        ("There is no way to tell from the picture.", {"A": "Red", "B": "Blue", "C": "None of the above"}, None),
        ("There is no information about the color.", {"A": "Red", "B": "Blue", "C": "None of the above"}, None),
        ("There is no image.", COUNT, None),
    ],
)
def test_a_reply_saying_none_names_the_option_saying_none(response, options, letter):
    assert _letter(response, options) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("La respuesta es la segunda.", "B"),
        ("La respuesta correcta es la tercera opción.", "C"),
        ("Die richtige Antwort ist die vierte.", "D"),
        ("La première option.", "A"),
        ("答案是第二个选项。", "B"),
        ("选第三个。", "C"),
        ("정답은 두 번째입니다.", "B"),
        ("La respuesta es la última opción.", "D"),
        ("La respuesta es la segunda ley de Newton.", None),  # "second law": no option named by place
        ("Die Antwort ist die fünfte.", None),  # four options only
    ],
)
def test_option_places_in_other_languages(response, letter):
    assert _letter(response) == letter


ORGS = {"A": "World Health Organization", "B": "United Nations", "C": "Red Cross", "D": "UNICEF"}
ATP = {"A": "Adenosine triphosphate (ATP)", "B": "Glucose", "C": "NADH", "D": "Pyruvate"}


@pytest.mark.parametrize(
    ("response", "options", "letter"),
    [
        ("The answer is the WHO.", ORGS, "A"),
        ("UN.", ORGS, "B"),
        ("The answer is who.", ORGS, None),  # initials count in capitals only
        ("ATP.", ATP, "A"),
        ("The cell spends ATP to move the ions.", ATP, "A"),
        ("adenosine triphosphate", ATP, "A"),
        ("The answer is PQ.", {"A": "Point P", "B": "Point Q"}, None),  # labels, not words: no initials
    ],
)
def test_an_option_named_by_its_initials_or_its_short_form(response, options, letter):
    assert _letter(response, options) == letter


YEARS = {"A": "1939", "B": "1941", "C": "1945", "D": "1918"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("The war ended in 1945, six years after it began in 1939.", "C"),
        ("Since 1939 the front had moved; in 1945 it collapsed.", "C"),
        ("Built in 1941, two decades after the 1918 armistice.", "B"),
        ("It began in 1939 and ended in 1945.", None),  # two years stated alike: which one answers is unsaid
        ("Prices rose after 1939 and again after 1945.", None),  # both years context: none stated
    ],
)
def test_numbers_mentioned_as_context_beside_the_one_that_answers(response, letter):
    assert _letter(response, YEARS) == letter


#: one reply shape written in several languages: each group reads the same
SAME_SHAPE = {
    "two answers, nothing between": (None, ["ANSWER: A\nANSWER: B", "答案：A\n答案：B", "정답: A\n정답: B",
                                              "Réponse : A\nRéponse : B"]),
    "a revision between answers": ("C", ["I first said ANSWER: A but ANSWER: C is correct.", "先写答案：A，再改为答案：C。"]),
    "a correction": ("D", ["The answer is B, no wait, D", "答案是B，不对，是D", "La réponse est B, non, D",
                           "정답: B, 아니, D", "Die Antwort ist B, nein, D"]),
    "two letters offered": (None, ["The answer is A or C", "答案是A或C", "La réponse est A ou C", "정답: A 또는 C",
                                   "La respuesta es A o C", "Die Antwort ist A oder C"]),
    "a conditional mention, then the answer": ("B", ["If I answer ANSWER: A that is wrong.</think>ANSWER: B",
                                                     "如果答案：A 就错了。</think>答案：B"]),
}


@pytest.mark.parametrize("shape", SAME_SHAPE)
def test_the_same_reply_shape_reads_the_same_in_every_language(shape):
    letter, replies = SAME_SHAPE[shape]
    assert {reply: _letter(reply) for reply in replies} == {reply: letter for reply in replies}


# ---- issue 22: real replies ----------------------------------------------------------------------------------------

CITIES = {"A": "Paris", "B": "London", "C": "Berlin", "D": "Madrid"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # a second option offered in the answer's own sentence (rules.HEDGE_OTHER): no commitment
        ("The answer is (B) London or (C) Berlin.", None),
        ("The answer is B (London) or C (Berlin).", None),
        ("The answer is B, although C is possible too.", None),
        # near misses: a settled answer, options ruled out in the sentence, another sentence deciding
        ("The answer is B (London), not C.", "B"),
        ("The answer is D (neither A nor C).", "D"),
        ("The answer is B (London) or C (Berlin). On reflection, the answer is C.", "C"),
    ],
)
def test_a_second_option_offered_beside_the_answer_is_a_hedge(response, letter):
    assert _letter(response, CITIES) == letter


@pytest.mark.parametrize(
    ("response", "letter", "method"),
    [
        # an option's text met only inside a loop at the end of a degenerate reply: no choice (decide.py "loop")
        ("Let me think about the capitals of Europe.\n" + "Berlin " * 12, None, "loop"),
        ("We consider each city.\n" + "The city is Berlin and " * 8 + "the city", None, "loop"),
        # the reply's text before the loop still counts
        ("The capital of Spain is Madrid.\n" + "Let me check again. " * 6 + "Let me", "D", "option-text"),
        # a committed answer that the loop only repeats stands
        ("The answer is B. " * 6 + "The answer", "B", "answer-marker"),
    ],
)
def test_an_option_text_inside_a_loop_at_the_end_is_no_choice(response, letter, method):
    found = infer_choice(response, CITIES)
    assert (found.letter, found.method) == (letter, method)


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # a sub-part label opening a worked answer is not option A (rules.SUB_PART_OPENER, whole._sub_part)
        ("(a) First, note that the capital of France lies on the Seine.\n(b) Second, it hosts the Louvre.", None),
        ("a) To find the capital, recall the treaty.\nb) Then compare.", None),
        ("(a) We need the largest city.\n(b) It is Madrid.", "D"),
        # an option label that answers stays one
        ("(A) Paris, because it is the capital.", "A"),
        ("a) Paris", "A"),
    ],
)
def test_a_sub_part_label_is_not_an_option(response, letter):
    assert _letter(response, CITIES) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # a few-shot answer prefix "A:" before a label is "Answer:", not option A
        ("\n\nA: (C) Aquarium", "C"),
        ("A:E. Rain Forest", "E"),
        ("A: (D) option D. It is the only one that fits.", "D"),
        # "A:" followed by words (no label) still names option A as before
        ("A: because the others are ruled out.", "A"),
    ],
)
def test_a_leading_answer_prefix_before_a_label(response, letter):
    assert _letter(response, ABCDE) == letter


# ---- today's phrasings: an opinion with its reason, other boxes, refusals, alternatives, loops ----------------

CHART = {"A": "The loss decreases", "B": "The loss increases", "C": "The loss stays constant", "D": "It oscillates"}
REASONING = "Looking at the chart, the curve is mostly flat over the epochs and the plot shows no clear trend. "


@pytest.mark.parametrize("lead", ["", REASONING], ids=["alone", "after-reasoning"])
@pytest.mark.parametrize(
    "response",
    [
        # a letter followed by the reason for it ends its clause (rules.REASON_AFTER_LETTER)
        "I would say C, since the chart suggests it.",
        "I'd say C, since the chart suggests it.",
        "I'd guess C, because the line is flat.",
        "I think it's C, since the chart suggests it.",
        "I'd say it's C because the line is flat.",
        "So C, given the flat line.",
        # their kin, read by the answer and choice markers
        "I'd go with C, since the chart suggests it.",
        "I would choose (C) since the chart suggests it.",
        "My answer would be C, since the chart suggests it.",
        "I lean towards C since the chart suggests it.",
        "C seems most likely, since the chart suggests it.",
        "I'll pick C because the chart suggests it.",
    ],
)
def test_an_opinion_stated_with_its_reason_commits(lead, response):
    assert _letter(lead + response, CHART) == "C"


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # false-accept guards: the article "a", a lower-case letter before a reason, a plain word after a comma
        ("I'd say a flat line, since nothing changes.", None),
        ("I think it's a plateau because the line is flat.", None),
        ("I'd say it's a, since nothing changes.", None),
        # conditionals commit to nothing (rules.COUNTERFACTUAL_MOOD: no modal needed)
        ("If the axis were logarithmic, C.", None),
        ("If the axis were logarithmic, I'd say C, since the curve would bend.", None),
        ("Had the sample been larger, A.", None),
        ("If the axis were logarithmic, C. It is linear, so D.", "D"),
        # idioms of choosing are no condition
        ("If I were to guess, C.", "C"),
        ("If it were up to me, C.", "C"),
        # two options offered: a hedge, whatever the phrasing
        ("I would say A or C, since the chart is unclear.", None),
        ("I'd go with B or C", None),
        ("My answer would be B or C", None),
    ],
)
def test_opinions_conditionals_and_hedges_that_do_not_commit(response, letter):
    assert _letter(response, CHART) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        ("\\fbox{C}", "C"),
        ("\\fbox{(A)}", "A"),
        ("\\framebox{(B)}", "B"),
        ("\\framebox[2cm][c]{D}", "D"),
        (REASONING + "The answer is $\\fbox{(A)}$.", "A"),
        (REASONING + "\\fbox{B}", "B"),
        ("\\fbox{A} or \\fbox{C}", None),  # two boxes side by side: a hedge
        ("\\fbox{E}", None),  # no such option
    ],
)
def test_every_box_command_boxes_the_answer(response, letter):
    found = infer_choice(response, CHART)
    assert found.letter == letter
    assert found.method in (("boxed",) if letter else ("ambiguous", "invalid-letter", "none"))


@pytest.mark.parametrize(
    ("response", "letter", "method"),
    [
        # a reply that cannot see the input commits to nothing it then mentions (rules.CANNOT_SEE)
        ("As a text-based AI I cannot see the image. (A)", None, "refusal"),
        ("As a text-based AI, I cannot see the image you provided. A", None, "refusal"),
        ("I'm unable to view images.\n\nB.", None, "refusal"),
        ("I can't see or analyze the attached figure. Based on typical charts, I'd say C.", None, "refusal"),
        ("As an AI language model, I can't view images. However, based on typical charts, A.", None, "refusal"),
        ("No image was provided, so: the loss increases.", None, "refusal"),
        # nor does an answer it then states with a marker or a box
        ("I cannot see the image. Final answer: \\boxed{D}", None, "refusal"),
        ("As an AI language model, I don't have access to the image.\nAnswer: C", None, "refusal"),
        # a view it only finds poor is a doubt, no refusal: what follows commits (choice_blind_dev.jsonl, mcb-289)
        ("I'm not able to see the image clearly, but based on the description, the answer is most likely B.", "B",
         "answer-marker"),
        ("I can't see the image very clearly, but the line looks flat: C.", "C", "conclusion"),
        # a letter before it, or an apology that is no refusal, still commits
        ("B. (I cannot see the image, so this is a guess based on the question.)", "B", "leading-letter"),
        ("I'm sorry, I misread the axis. B.", "B", "sole-letter"),
        # a part of the image it cannot make out is no refusal
        ("We can't see the label in the image, but the bar is tallest: C.", "C", "conclusion"),
        ("I can't see the label in the image, so C.", "C", "conclusion"),
    ],
)
def test_a_reply_that_cannot_see_the_input_commits_to_nothing_it_then_mentions(response, letter, method):
    found = infer_choice(response, CHART)
    assert (found.letter, found.method) == (letter, method)


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # an alternative after "or maybe / perhaps / possibly" is no conclusion; beside the answer it is a hedge
        ("It's B, or maybe C.", None),
        ("B or maybe C.", None),
        ("I'd say B, maybe C.", None),
        ("I think it's B. It might also be C.", None),
        ("B seems right, but C could also be correct.", None),
        ("It's probably B; C is also possible.", None),
        ("The answer is likely B, but it could be C.", None),
        ("I think the loss increases, or perhaps the loss stays constant.", None),
        ("So B. Or possibly the loss decreases.", None),
        # settled later, or a correction ("or rather"), or no other option offered: the answer stands
        ("I think the loss increases, or perhaps the loss stays constant. On reflection, the answer is B.", "B"),
        ("The loss increases, or rather the loss stays constant.", "C"),
        ("I think the loss increases, or perhaps even faster than expected.", "B"),
        ("C or D, probably C.", "C"),  # a preference settles the hedge
        ("Either B or C, but I'll go with B.", "B"),
        ("B is wrong; C is correct.", "C"),
    ],
)
def test_an_alternative_offered_with_or_maybe_is_a_hedge(response, letter):
    assert _letter(response, CHART) == letter


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # an option's text a conclusion reads inside the loop the reply ends in is no choice
        ("I think I think I think I think I think I think I think I think the loss increases the loss increases "
         "the loss increases the loss increases", None),
        ("So the loss increases so the loss increases so the loss increases so the loss increases so the loss", None),
        ("Let me look. Therefore the loss increases. Therefore the loss increases. Therefore the loss increases.",
         None),
        ("I think it oscillates I think it oscillates I think it oscillates I think it oscillates I think it", None),
        # an answer the loop repeats stands, and so does an option's text before the loop
        ("The answer is B. The answer is B. The answer is B. The answer is B. The answer is", "B"),
        ("The loss decreases at first. Then the loss increases the loss increases the loss increases the loss "
         "increases the loss increases", "A"),
    ],
)
def test_an_option_text_a_conclusion_reads_inside_the_end_loop_is_no_choice(response, letter):
    assert _letter(response, CHART) == letter


COLOURS = {"A": "orange", "B": "red", "C": "green", "D": "yellow"}


@pytest.mark.parametrize(
    ("response", "options", "letter", "method"),
    [
        # the last line quotes an option with its label after a line ending with ':' (reader._answer_line)
        ("The options are (A) orange (B) red (C) green (D) yellow. The missing color should be either orange or red."
         " Since orange is not used in the image, the missing color is:\n\n(A) orange", COLOURS, "A", "conclusion"),
        ("The colour of the last circle is:\n[C] green.", COLOURS, "C", "conclusion"),
        # the label and the text name different options: no choice (as "The answer is (B) 4" where 4 is C)
        ("The rows repeat, so the missing number denoted by the question mark is:\n(A) 2",
         {"A": "4", "B": "1", "C": "2", "D": "3"}, None, "ambiguous"),
        # the options introduced or listed one per line are no answer line
        ("Options:\n(A) orange\n(B) red", COLOURS, None, "ambiguous"),
        ("Consider these:\n(B) red\n(A) orange", COLOURS, None, "ambiguous"),
    ],
)
def test_an_option_quoted_with_its_label_on_the_last_line_after_a_colon(response, options, letter, method):
    found = infer_choice(response, options)
    assert (found.letter, found.method) == (letter, method)


# ---- issue 33: how replies are really phrased (real_choice rc-0174, rc-0490, rc-0229, rc-0219) ----------------------

STORE = {"A": "toy store", "B": "michigan", "C": "living room", "D": "attic", "E": "cupboard"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # two options offered with their labels "D)" / "E)" in the answer's sentence: a hedge (rc-0174)
        ("Therefore, among A through E, the answer is most likely D) attic or E) cupboard.", None),
        ("The answer is D) attic or E).", None),
        # near misses: one option with its label, another ruled out, or a correction after the hedge
        ("The answer is D) attic, not E) cupboard.", "D"),
        ("The answer is D) attic or E) cupboard. No wait, E) cupboard.", "E"),
        ("The answer is D) attic.", "D"),
    ],
)
def test_two_options_offered_with_closing_brackets_are_a_hedge(response, letter):
    assert _letter(response, STORE) == letter


REACTION = {"A": "Using acetic acid instead", "B": "Cooling the acid", "C": "Reducing the volume of the vessel",
            "D": "Using finer powder"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # a reply walking through every option, each conclusion saying the option fails, chooses nothing (rc-0490;
        # before, the conclusion "so reducing the volume of the vessel" read as C)
        ("First, (A) using acetic acid instead. The sample is pure, so using acetic acid instead may not have an "
         "effect. Second, (B) cooling the acid. The sample is pure, so cooling the acid may not have an effect. "
         "Third, (C) reducing the volume of the vessel. The sample is pure, so reducing the volume of the vessel may "
         "not have an effect. Fourth, (D) using finer powder. The sample is pure, so using finer", None),
        # near misses: the option affirmed, or "not" inside another part of the sentence
        ("The data are clear, so reducing the volume of the vessel is the way.", "C"),
        ("So cooling the acid, and not the powder.", "B"),
    ],
)
def test_a_conclusion_saying_its_option_fails_chooses_nothing(response, letter):
    assert _letter(response, REACTION) == letter


NUMBERS = {"A": "50", "B": "70", "C": "75", "D": "100", "E": "125"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # a finished closing sentence, then an empty "Answer:" the reply stops at: the sentence stands (rc-0229)
        ("Adding the cases, the probability is 75.\n\nAnswer:", "C"),
        ("So the total is 70.\n**Final Answer:**", "B"),
        # cut off mid-sentence before the marker: still cut off
        ("Adding the cases, we get 75 and 70 so the\n\nAnswer:", None),
        # a value and a bracketed letter naming two different options commit to neither (rc-0219)
        ("The total number of files is 125 (D).", None),
        ("The total number of files is 100 (D).", "D"),
        ("The total number of files is about 3 (D).", "D"),  # a value no option has: the letter
    ],
)
def test_an_empty_closing_marker_and_a_value_against_its_letter(response, letter):
    assert _letter(response, NUMBERS) == letter


def test_a_writer_naming_itself_an_ai_that_cannot_see_the_image_refuses():
    for response in ("I am a text-based AI and cannot see images. Option A.",
                     "As an AI model, unable to view the figure; A.",
                     # the input said not to reach the writer
                     "Unfortunately, the image is not visible to me, so I cannot determine the answer. A",
                     "The image you provided is not visible to me. (C)",
                     "I'm unable to provide an answer without seeing the image. C",
                     "I need to see the image to answer this question. B"):
        found = infer_choice(response, CHART)
        assert (found.letter, found.method) == (None, "refusal")
    # a marked answer after it commits to nothing either; a part of the image it cannot make out is no refusal
    assert _letter("I am an AI assistant and cannot view the chart. The answer is B.", CHART) is None
    assert _letter("The image is not visible to me, but the answer is most likely C.", CHART) is None
    assert _letter("The AI model cannot see the label in the image, so C.", CHART) == "C"
    assert _letter("The label in the image is not visible to me, but the bar is tallest, so C.", CHART) == "C"


PRICES = {"A": "$660", "B": "$760", "C": "$650", "D": "$750"}


@pytest.mark.parametrize(
    ("response", "letter"),
    [
        # a digit group of a larger number is not the option's number (real_choice rc-0386: "$114,750")
        ("The fixed costs are $114,750 in total, so the price is not possible to calculate.", None),
        ("The total is $1,750,000.", None),
        # the number itself, or one written with its own digit groups, still is
        ("So the price is $750.", "D"),
        ("Fixed costs are $114,750; dividing by 153 units gives $750.", "D"),
    ],
)
def test_a_digit_group_of_a_larger_number_is_not_an_option(response, letter):
    assert _letter(response, PRICES) == letter


TOWER = {"A": "5 (√3 + 1)", "B": "6 (√3 + √2)", "C": "7 (√3 – 1)", "D": "8 (√3 – 2)", "E": "Paris"}


@pytest.mark.parametrize(
    ("response", "letter", "method"),
    [
        # cut off at the heading of the next step of a numbered derivation: an option's value met on the way is no
        # answer (real_choice rc-0203)
        ("Calculations:\n\n1. Distance (d) = (1 + √3) x 5\n   d = 5 (√3 + 1)\n\n2. Speed (v) = d/t\n   v = 1\n\n"
         "3. Time (t)", None, "truncated"),
        # near misses: a step that states the answer, or a last item that is an option's text
        ("Calculations:\n\n1. Distance (d) = 5 (√3 + 1)\n\n2. So the answer is 5 (√3 + 1).", "A", "option-text"),
        ("Steps:\n1. d = 4\n2. v = 6\n3. Paris", "E", "option-text"),
    ],
)
def test_a_reply_cut_off_at_its_next_steps_heading(response, letter, method):
    found = infer_choice(response, TOWER)
    assert (found.letter, found.method) == (letter, method)
