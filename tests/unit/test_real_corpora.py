"""The default profiles on the hand-labelled real-response corpora (issue 22), kept as regression floors.

The corpora (``tests/data/real_math.labels.jsonl`` / ``real_choice.labels.jsonl`` joined with the full texts in
``$ANSWERBENCH_CORPORA``, tools/real_corpus.py) are read as tools/eval_real_corpus.py and tools/eval_real_choice.py
read them; without the texts every test here is skipped (the rule of tests/unit/test_real_corpus_data.py).

Figures on all rows, measured after the issue-22 rules for real responses (answer tags, calculator annotations,
dollar signs, answers stated in a sentence; the "A:" answer prefix and "B、D" lists; then the ends of responses,
docs/profiles-math.md P27-P31), which were written from the dev split's misses only; the held-out split was scored
once, at the end of each round:

- maths, olympiad/default and imo/default: TPR 98.9% (517/523), 1 false accept of 555 wrong rows (dev split:
  99.7%, 351/352, 0/367; held-out split: 97.1%, 166/171, 1/188). The second batch of rows (rm-0763 ... rm-1078:
  JSON replies, '####' lines, 'Answer:' lines, few-shot TAT-QA 'Answer:' lines) was scored at first contact before
  the rules written for its dev misses (an answer object after a reasoning string left open, an echoed
  'Answer: <answer>' template, an empty answer marker at the end, an answer line followed by a restated
  derivation); its one miss left is rm-1019 (a scale word);
- multiple choice, ``infer_choice``: 98.4% agreement (486/494); vmcbench_dev/default and livexiv/default 99.6%
  (484/486); after the issue-33 rules (a hedge "D) attic or E) cupboard", a conclusion whose option is said to fail
  inside a reply walking through every option, an empty closing "Answer:" after a finished sentence, a value and a
  bracketed letter naming two options, a digit group of a larger number, a reply cut off at the heading of its
  next numbered step) ``infer_choice`` 99.6% (492/494, no false accept), vmcbench_dev/default and livexiv/default
  99.8% (485/486);
- the second multiple-choice corpus, ``reason_choice`` (tests/data/reason_choice.README.md), dev split only (its
  held-out split is scored once, by the lead): ``infer_choice`` 99.3% (288/290), one false accept and one false
  reject, measured at first contact (no rule written for it yet);
- ``trace_math`` (tests/data/trace_math.README.md), dev split only: olympiad/default and imo/default 94.4%
  (136/144), no false accept of 94 wrong rows, at first contact; 100% (144/144), no false accept, after the rules
  written from its eight dev misses (an ordinal suffix, a numeral in the base the question asks, the precision
  the question states, a number in units of the asked quantity, a subscripted name before a bracket, a
  differential equation divided through, a ``Final Answer`` heading); its held-out split, scored once at the end of
  that round (97.0%, 98/101, 0/61), then its three misses read (a problem the response poses itself after its
  boxed answer, a unit of one letter set upright after a number in e-notation, a prime after a one-character
  subscript): "held-out, misses read", 100% (101/101), 0/61, a second development split from then on;
- the third multiple-choice corpus, ``trace_choice`` (tests/data/trace_choice.README.md: vision-language replies of M3CoT's and
  LogicVista's runs, chat transcripts decoded whole, walks through the options), dev split only: ``infer_choice``
  83.4% (126/151, 19 false accepts, 6 false rejects) at first contact, 94.0% (142/151, 4 and 5) after the rules
  written from its dev misses (a transcript read from the model's last turn, several letters in one answer bracket,
  a walk through every option), 100% (151/151) after a second round written from the nine dev misses left;
  its held-out split, scored once at the end of each round (94.2%, 98/104, 4 false accepts, 2 false rejects), then
  had its misses read (round 3): 99.0% (103/104, no false accept) after the readings written from them; its
  fresh split, scored once at the end of round 3 (95.5%, 105/110, 3 false accepts, 2 false rejects), then had its
  misses read: 100% (110/110).

The miss lists are those of that measurement: a new miss (a changed verdict) fails, and so does a listed miss
that now passes (update the list and the figures deliberately).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"


def _tool(name: str):
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))  # eval_real_corpus imports real_corpus from its own folder
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


real_corpus = _tool("real_corpus")

#: maths rows each default profile gets wrong (the same for olympiad and imo): id -> what the label says
MATH_MISSES = {
    "rm-0309": "false reject (held-out split)",
    "rm-0333": "false reject (held-out split)",
    "rm-0390": "false reject (held-out split)",
    "rm-0513": "false reject (held-out split)",
    "rm-0612": "false reject (held-out split)",
    "rm-0639": "false accept (held-out split)",
    "rm-1019": "false reject: 'Answer: -$361 thousand' for a gold -361 (the table's figures are in thousands)",
}
MATH_TPR_FLOOR = 517 / 523  # 98.9%
MATH_FALSE_ACCEPTS = 1

#: multiple-choice rows each reader disagrees on: id -> measures
CHOICE_MISSES = {
    "rc-0383": {"infer_choice", "vmcbench_dev/default", "livexiv/default"},  # D quoted as "NOT true" (asked so)
}
CHOICE_FLOORS = {"infer_choice": 493 / 494, "vmcbench_dev/default": 485 / 486, "livexiv/default": 485 / 486}


def _corpus(name: str) -> list[dict]:
    try:
        return real_corpus.load(name)
    except FileNotFoundError:
        pytest.skip(real_corpus.MISSING)


@pytest.fixture(scope="module")
def math_rows() -> list[dict]:
    return _corpus("real_math")


@pytest.fixture(scope="module")
def choice_measure() -> tuple[dict, list[tuple]]:
    return _tool("eval_real_choice").measure(_corpus("real_choice"))


@pytest.mark.parametrize("scorer", ["olympiad/default", "imo/default"])
def test_maths_default_profiles_on_the_real_responses(math_rows, scorer):
    tool = _tool("eval_real_corpus")
    bench, profile = scorer.split("/")
    accepts = {"olympiad": tool._olympiad, "imo": tool._imo}[bench](profile)
    misses, accepted_correct, false_accepts = set(), 0, 0
    for row in math_rows:
        accepted = accepts(row)
        if accepted != row["label"]:
            misses.add(row["id"])
        accepted_correct += accepted and row["label"]
        false_accepts += accepted and not row["label"]
    correct = sum(row["label"] for row in math_rows)
    assert misses == set(MATH_MISSES), (sorted(misses - set(MATH_MISSES)), sorted(set(MATH_MISSES) - misses))
    assert accepted_correct / correct >= MATH_TPR_FLOOR
    assert false_accepts <= MATH_FALSE_ACCEPTS


@pytest.mark.parametrize("measure", sorted(CHOICE_FLOORS))
def test_choice_readers_on_the_real_replies(choice_measure, measure):
    tallies, disagreements = choice_measure
    misses = {row["id"] for name, row, *_ in disagreements if name == measure}
    expected = {rid for rid, measures in CHOICE_MISSES.items() if measure in measures}
    assert misses == expected, (sorted(misses - expected), sorted(expected - misses))
    tally = tallies[f"{measure} | all"]
    assert tally["agree"] / tally["n"] >= CHOICE_FLOORS[measure], tally


# -- reason_math: reasoning-era traces (tests/data/reason_math.README.md), dev split only ---------------------------

#: first contact (before any rule written for this data) was 87/115 correct rows accepted and 1 of 152 wrong rows
#: (tests/data/reason_math.README.md); rr-0022 was relabelled since (its box names the option that is the gold).
#: After the reasoning-trace rules: 102/116 (olympiad), 95/116 (imo, then without the question). Then a gold of whole
#: sentences compared claim by claim (rr-0070, rr-0085), an answer line naming quantities still to be found read as a
#: plan (rr-0331), and the physics notation and question-aware readings (docs/profiles-math.md); both read the question
#: (imo as AnswerBench's Problem) and give the same verdicts: 115/116 (the miss: rr-0067, two relations naming
#: different quantities). The held-out split was kept out of here until its misses were read (below). Round 7
#: (scorer version 22): 114/116. rr-0316, a multi-sample reply cut off at "Therefore, (a - 3)", read the 3 of that
#: factor and now reads
#: the expression (a number after an operator is an operand: docs/profiles-math.md, "Round 7"); its label rests on
#: another sample's "is 3", which the locator did not reach. Round 8 (scorer version 23): 115/116 again, rr-0316 read
#: from the last sample that commits (a sample cut off mid-thought commits to nothing: docs/profiles-math.md, "Round 8").
REASON_DEV_TPR_FLOOR = {"olympiad/default": 115 / 116, "imo/default": 115 / 116}
REASON_DEV_FALSE_ACCEPTS = 0  # of 151 wrong dev rows
#: the held-out split, scored twice (77.8%, 35/45, at the end of each of the first two rounds), then left unread
#: until round 8, when its misses were read (tests/data/reason_math.README.md, "The held-out misses read (round 8)"):
#: a second development split from then on, 42/45 and one false accept of 88 (rr-0033, a Born cross-section the
#: label rejects) for both default profiles.
REASON_HELDOUT_READ_TPR_FLOOR = 42 / 45
REASON_HELDOUT_READ_FALSE_ACCEPTS = 1  # of 88 wrong held-out rows


@pytest.fixture(scope="module")
def reason_dev_rows() -> list[dict]:
    return [row for row in _corpus("reason_math") if row["split"] == "dev"]


def check_dev_floors(rows: list[dict], scorer: str, shape: tuple[int, int], floor: float, false_accepts: int) -> None:
    """A default profile on a corpus's dev rows: the split's (rows, correct rows) as recorded, at least ``floor`` of
    the correct rows accepted, at most ``false_accepts`` wrong rows accepted, no crash."""
    tool = _tool("eval_real_corpus")
    bench, profile = scorer.split("/")
    accepts = {"olympiad": tool._olympiad, "imo": tool._imo}[bench](profile)
    tallies, misses = tool.measure_maths(rows, accepts)
    overall = tallies["all"]["all"]
    assert (overall.rows, overall.positives) == shape, "the dev split of the label file changed"
    assert overall.true_accepts / overall.positives >= floor, (overall.true_accepts, misses)
    assert overall.false_accepts <= false_accepts, [row["id"] for row, what in misses if what == "false accept"]
    assert not [what for row, what in misses if what.startswith("crash")]


@pytest.mark.parametrize("scorer", ["olympiad/default", "imo/default"])
def test_maths_default_profiles_on_the_reasoning_traces(reason_dev_rows, scorer):
    check_dev_floors(reason_dev_rows, scorer, (267, 116), REASON_DEV_TPR_FLOOR[scorer], REASON_DEV_FALSE_ACCEPTS)


@pytest.mark.parametrize("scorer", ["olympiad/default", "imo/default"])
def test_maths_default_profiles_on_the_reasoning_traces_held_out_misses_read(scorer):
    rows = [row for row in _corpus("reason_math") if row["split"] == "heldout"]
    check_dev_floors(rows, scorer, (133, 45), REASON_HELDOUT_READ_TPR_FLOOR, REASON_HELDOUT_READ_FALSE_ACCEPTS)


def test_imo_and_olympiad_give_the_same_verdicts_on_the_reasoning_traces(reason_dev_rows):
    """Issue 33: the two default profiles read and compare alike (imo reads the question as its Problem column), so
    they agree on every dev row, the option-letter rows included (7 differed when imo read no question)."""
    tool = _tool("eval_real_corpus")
    olympiad, imo = tool._olympiad("default"), tool._imo("default")
    differ = [row["id"] for row in reason_dev_rows if olympiad(row) != imo(row)]
    assert differ == []


# -- trace_math: more reasoning-era traces, five other repositories (tests/data/trace_math.README.md), dev split and
# -- the held-out split whose misses were read after it was scored, and the fresh split, likewise --

#: first contact, on the reader of d463e11 before any rule written for this data: 136 of the 144 correct dev rows
#: accepted and none of the 94 wrong ones, by both default profiles (tests/data/trace_math.README.md lists the
#: misses); after the rules written from those eight misses ("After the rules"), all 144 and still none of the 94.
TRACE_DEV_TPR_FLOOR = {"olympiad/default": 144 / 144, "imo/default": 144 / 144}
TRACE_DEV_FALSE_ACCEPTS = 0  # of 94 wrong dev rows
#: the held-out split, scored once at the end of the first round of rules (98 of 101 correct rows accepted, none of
#: the 61 wrong ones), then its three misses read ("The held-out misses read (round 3)"): it is a second development
#: split from then on ("held-out, misses read"), all 101 accepted and still none of the 61 after those readings.
TRACE_HELDOUT_READ_TPR_FLOOR = {"olympiad/default": 101 / 101, "imo/default": 101 / 101}
TRACE_HELDOUT_READ_FALSE_ACCEPTS = 0  # of 61 wrong held-out rows
#: the fresh split (148 rows drawn and labelled after the held-out split was spent), scored once at the end of round
#: 3 (78 of 81 correct rows accepted, none of the 67 wrong ones; the three misses Chinese fill-in-the-blank rows),
#: then its misses read ("The fresh split's misses read"): all 81 and still none of the 67 after those readings.
TRACE_FRESH_READ_TPR_FLOOR = {"olympiad/default": 81 / 81, "imo/default": 81 / 81}
TRACE_FRESH_READ_FALSE_ACCEPTS = 0  # of 67 wrong fresh rows
#: the second fresh split (122 rows drawn and labelled after the fresh split was spent), scored once at the end of
#: round 4 (44 of 46 correct rows accepted, 1 of the 76 wrong ones; the three misses Chinese gaokao blanks), then
#: its misses read ("The second fresh split scored"): all 46 and none of the 76 after those readings.
TRACE_FRESH2_READ_TPR_FLOOR = {"olympiad/default": 46 / 46, "imo/default": 46 / 46}
TRACE_FRESH2_READ_FALSE_ACCEPTS = 0  # of 76 wrong rows
#: the third fresh split (70 rows: 50 Chinese gaokao blanks, 20 MATH-500 traces), scored once at the end of round 4
#: (15 of 17 correct rows accepted, none of the 53 wrong ones), then its two misses read: all 17, none of the 53.
TRACE_FRESH3_READ_TPR_FLOOR = {"olympiad/default": 17 / 17, "imo/default": 17 / 17}
TRACE_FRESH3_READ_FALSE_ACCEPTS = 0  # of 53 wrong rows
#: the fourth fresh split (90 rows: 40 Chinese gaokao blanks of gpt-4-0314, 30 PHYSICS rows with units, 20 English
#: traces), scored once at the start of round 5 (32 of 33 correct rows accepted, none of the 57 wrong ones), then its
#: one miss read (根号 as the radical sign): all 33, none of the 57.
TRACE_FRESH4_READ_TPR_FLOOR = {"olympiad/default": 33 / 33, "imo/default": 33 / 33}
TRACE_FRESH4_READ_FALSE_ACCEPTS = 0  # of 57 wrong rows
#: the fifth fresh split (70 rows: 40 Chinese gaokao blanks of gpt-4-0314, 15 PHYSICS rows with units, 15 English
#: traces), kept unread until the round's reader was final, scored once at the end of round 5 (30 of 32 correct rows
#: accepted, none of the 38 wrong ones), then its two misses read: all 32, none of the 38.
TRACE_FRESH5_READ_TPR_FLOOR = {"olympiad/default": 32 / 32, "imo/default": 32 / 32}
TRACE_FRESH5_READ_FALSE_ACCEPTS = 0  # of 38 wrong rows


@pytest.mark.parametrize("scorer", ["olympiad/default", "imo/default"])
@pytest.mark.parametrize("split, sizes, floor, false_accepts", [
    ("dev", (238, 144), TRACE_DEV_TPR_FLOOR, TRACE_DEV_FALSE_ACCEPTS),
    ("heldout", (162, 101), TRACE_HELDOUT_READ_TPR_FLOOR, TRACE_HELDOUT_READ_FALSE_ACCEPTS),
    ("fresh", (148, 81), TRACE_FRESH_READ_TPR_FLOOR, TRACE_FRESH_READ_FALSE_ACCEPTS),
    ("fresh2", (122, 46), TRACE_FRESH2_READ_TPR_FLOOR, TRACE_FRESH2_READ_FALSE_ACCEPTS),
    ("fresh3", (70, 17), TRACE_FRESH3_READ_TPR_FLOOR, TRACE_FRESH3_READ_FALSE_ACCEPTS),
    ("fresh4", (90, 33), TRACE_FRESH4_READ_TPR_FLOOR, TRACE_FRESH4_READ_FALSE_ACCEPTS),
    ("fresh5", (70, 32), TRACE_FRESH5_READ_TPR_FLOOR, TRACE_FRESH5_READ_FALSE_ACCEPTS)])
def test_maths_default_profiles_on_each_trace_corpus_split(scorer, split, sizes, floor, false_accepts):
    """The dev split's floor; the held-out and fresh splits' since their misses were read."""
    rows = [row for row in _corpus("trace_math") if row["split"] == split]
    check_dev_floors(rows, scorer, sizes, floor[scorer], false_accepts)


def test_imo_and_olympiad_give_the_same_verdicts_on_the_trace_corpus():
    """Every split, scored and read (dev; held-out and the five fresh splits, misses read): the two default
    profiles agree on every row."""
    tool = _tool("eval_real_corpus")
    olympiad, imo = tool._olympiad("default"), tool._imo("default")
    rows = [row for row in _corpus("trace_math") if row["split"] in ("dev", "heldout", "fresh", "fresh2", "fresh3",
                                                                     "fresh4", "fresh5")]
    assert len(rows) == 900
    assert [row["id"] for row in rows if olympiad(row) != imo(row)] == []

#: reason_choice dev rows infer_choice disagreed on at first contact (288/290), both read right since by the rules
#: of today's phrasings (a closing "(A) orange" after a hedge; "(A) 2" naming option A by letter and C by value)
REASON_DEV_FIRST_CONTACT_MISSES = {"rc2-0217", "rc2-0224"}
REASON_DEV_MISSES: dict[str, str] = {}
REASON_DEV_FLOOR = 290 / 290


def _dev_choice_tally(name: str, expected_misses: dict[str, str]) -> tuple[int, int, int, int]:
    """``infer_choice`` on the dev split of choice corpus ``name``: its misses must be ``expected_misses``;
    returns (rows, agreements, false accepts, false rejects)."""
    tool = _tool("eval_real_corpus")
    rows = [row for row in _corpus(name) if row["split"] == "dev"]
    tallies, misses = tool.choice_tallies(rows)
    found = {row["id"] for reader, row, _ in misses if reader == "infer_choice"}
    assert found == set(expected_misses), (sorted(found - set(expected_misses)), sorted(set(expected_misses) - found))
    return tuple(tallies[("infer_choice", "(overall)")])


def test_infer_choice_on_the_reason_choice_dev_split():
    """The dev split only: the held-out rows are not read here (nor by the reader's developers)."""
    n, agree, false_accepts, false_rejects = _dev_choice_tally("reason_choice", REASON_DEV_MISSES)
    assert n == 290 and agree / n >= REASON_DEV_FLOOR
    assert (false_accepts, false_rejects) == (0, 0)


@pytest.mark.parametrize("reply, letter", [
    ("so the answer is (C). Yet B looks close", "C"),  # "answer is (X)" first, wherever it stands
    ("The answer is D", "D"),
    ("Work...\nAnswer: B\nthen more text mentioning A", "B"),  # else the last "Answer: X"
    ("x Answer: A\ny answer: E", "A"),  # the first line holding one (no DOTALL), its last "Answer: X"
    ("I pick option G for now", "G"),  # else the last letter A..J standing alone
    ("between B and ... finally J", "J"),
    ("The Answer Is c", None),  # lower case and no other capital standing alone: nothing
    ("Kilo, not an option letter: K", None),
])
def test_the_mmlu_pro_baseline_reader(reply, letter):
    tool = _tool("eval_real_corpus")
    assert tool.mmlu_pro_letter(reply, {"A": "x", "B": "y"}) == letter


#: trace_choice dev rows infer_choice disagreed with after the first round of rules written from its dev misses
#: (142/151, 4 false accepts, 5 false rejects); the second round (docs/profiles-mc.md, "Transcripts and walks") reads
#: them all: a closing statement outranks an opening label (tc-0003, tc-0016), a letter inside a formula broken over
#: lines is a symbol (tc-0037), a preposition is no key word (tc-0063), options told apart by their opening words
#: or by the phrase after a shared opening (tc-0083, tc-0110, tc-0133), "would be" without a condition (tc-0107), a
#: question the reply invents after its answer (tc-0204)
TRACE_DEV_FIRST_CONTACT = (126, 19, 6)
TRACE_DEV_FIRST_ROUND = (142, 4, 5)
TRACE_DEV_MISSES: dict[str, str] = {}


def test_infer_choice_on_the_trace_choice_dev_split():
    """The dev split; the held-out and fresh splits below, since their misses were read (round 3)."""
    n, agree, false_accepts, false_rejects = _dev_choice_tally("trace_choice", TRACE_DEV_MISSES)
    assert (n, agree) == (151, 151) and agree > TRACE_DEV_FIRST_ROUND[0] > TRACE_DEV_FIRST_CONTACT[0]
    assert (false_accepts, false_rejects) == (0, 0)


#: trace_choice held-out split, scored once at the end of rounds one and two (98/104, 4 false accepts, 2 false
#: rejects), then its misses read (round 3, docs/profiles-mc.md "Held-out misses read"): tc-0094, tc-0179, tc-0189,
#: tc-0191, tc-0209 read right since; tc-0192 ("The candles in the large jar would extinguish first", option B "...
#: big sealed jar", then options A and C named with other predicates) needs the question's wording, which the reader
#: does not get
TRACE_HELDOUT_BEFORE_READ = (98, 4, 2)
TRACE_HELDOUT_MISSES = {"tc-0192": "B read as none: a synonym of B's word, the question's predicate"}


def test_infer_choice_on_the_trace_choice_heldout_split_its_misses_read():
    tool = _tool("eval_real_corpus")
    rows = [row for row in _corpus("trace_choice") if row["split"] == "heldout"]
    tallies, misses = tool.choice_tallies(rows)
    found = {row["id"] for reader, row, _ in misses if reader == "infer_choice"}
    assert found == set(TRACE_HELDOUT_MISSES)
    n, agree, false_accepts, false_rejects = tallies[("infer_choice", "(overall)")]
    assert (n, agree, false_accepts, false_rejects) == (104, 103, 0, 1)
    assert agree > TRACE_HELDOUT_BEFORE_READ[0] and false_accepts < TRACE_HELDOUT_BEFORE_READ[1]


#: trace_choice fresh split (110 rows drawn and labelled after the held-out split was spent), scored once at the end
#: of round 3: infer_choice agreed on 105 (3 false accepts, 2 false rejects); VMCBench's and LiveXivVQA's default
#: verdicts agreed with the label on all 110. Its misses were then read (docs/profiles-mc.md "Fresh misses read"):
#: tc-0279, tc-0297, tc-0310, tc-0311 and tc-0331 read right since, so the split is "fresh, misses read".
TRACE_FRESH_FIRST_SCORED = (105, 3, 2)
TRACE_FRESH_MISSES: dict[str, str] = {}


def test_infer_choice_on_the_trace_choice_fresh_split_its_misses_read():
    tool = _tool("eval_real_corpus")
    rows = [row for row in _corpus("trace_choice") if row["split"] == "fresh"]
    tallies, misses = tool.choice_tallies(rows)
    found = {row["id"] for reader, row, _ in misses if reader == "infer_choice"}
    assert found == set(TRACE_FRESH_MISSES), found ^ set(TRACE_FRESH_MISSES)
    n, agree, false_accepts, false_rejects = tallies[("infer_choice", "(overall)")]
    assert (n, agree, false_accepts, false_rejects) == (110, 110, 0, 0)
    assert agree > TRACE_FRESH_FIRST_SCORED[0] and false_accepts < TRACE_FRESH_FIRST_SCORED[1]


#: trace_choice second fresh split (104 rows drawn and labelled after the fresh split was spent; 64 of them
#: reasoning-model replies), scored once at the end of round 4: infer_choice agreed on 103 (1 false accept, tc-0371),
#: VMCBench's and LiveXivVQA's default verdicts on all 104. Its miss was then read (docs/profiles-mc.md "Second fresh split").
TRACE_FRESH2_FIRST_SCORED = (103, 1, 0)


#: trace_choice third fresh split (130 reasoning-model replies to GPQA-Diamond and MMLU-Pro questions under planted
#: hints), scored once at the start of round 5: infer_choice agreed on 128 (1 false accept, tc-0590; 1 false reject,
#: tc-0591), VMCBench's and LiveXivVQA's default verdicts on 128. Its misses were then read (docs/profiles-mc.md
#: "Third fresh split").
TRACE_FRESH3_FIRST_SCORED = (128, 1, 1)
#: trace_choice fourth fresh split (110 rows: 50 reasoning-model replies, 60 visual and JSON replies), kept unread
#: until the round's reader was final, scored once at the end of round 5: infer_choice agreed on 109 (1 false accept,
#: tc-0661), the default verdicts on all 110. Its miss was then read (docs/profiles-mc.md "Fourth fresh split").
TRACE_FRESH4_FIRST_SCORED = (109, 1, 0)


@pytest.mark.parametrize("split, first_scored, rows_in_split", [
    ("fresh2", TRACE_FRESH2_FIRST_SCORED, 104), ("fresh3", TRACE_FRESH3_FIRST_SCORED, 130),
    ("fresh4", TRACE_FRESH4_FIRST_SCORED, 110)])
def test_infer_choice_on_the_later_trace_choice_fresh_splits_their_misses_read(split, first_scored, rows_in_split):
    tool = _tool("eval_real_corpus")
    rows = [row for row in _corpus("trace_choice") if row["split"] == split]
    tallies, misses = tool.choice_tallies(rows)
    assert not [row["id"] for reader, row, _ in misses if reader == "infer_choice"]
    n, agree, false_accepts, false_rejects = tallies[("infer_choice", "(overall)")]
    assert (n, agree, false_accepts, false_rejects) == (rows_in_split, rows_in_split, 0, 0)
    assert agree > first_scored[0] and false_accepts < first_scored[1]
