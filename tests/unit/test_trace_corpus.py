"""The ``trace_math`` corpus (reasoning-era maths traces from five repositories, and Chinese gaokao blanks and physics
problems with units in the fresh splits; tests/data/trace_math.README.md).

What is committed is our work, ``tests/data/trace_math.labels.jsonl``: per row the id, the pointer to the record
(and, for the log-probability pages and the PHYSICS outputs, ``gold_source``: the AIME record the page's index names,
the benchmark record of the problem answered), harness, model,
style, split, the hand label and note, the hashes and the response's length. These tests check:

* the label file, always: 1609 ids in order, our fields, pointers naming a commit, no excluded source and no record
  another corpus uses, the split (drawn from the pointer's hash for the first 400 rows; ``fresh`` for tm-0401 to
  tm-0548, the rows drawn after both were scored; ``fresh2`` for tm-0549 to tm-0670, drawn after ``fresh`` was
  scored; ``fresh3`` for tm-0671 to tm-0740, drawn after ``fresh2`` was scored; ``fresh4`` for tm-0741 to tm-0830,
  drawn after ``fresh3`` was scored; ``fresh5`` for tm-0831 to tm-0900, drawn the same way before ``fresh4`` was
  scored; ``fresh6`` for tm-0901 to tm-0975, drawn after ``fresh5`` was scored, its Chinese and English gaokao rows
  from g1y5x3/llm_gaokao; ``fresh7`` from tm-0976, drawn beside ``fresh6``, more llm_gaokao answers and PHYSICS
  problems answered by three more models; ``fresh8`` from tm-1056, English traces of the four English repositories
  again, no new source having been found; ``fresh9`` from tm-1116, drawn after the sixth to eighth were scored, the
  four groups again by their own rules started afresh, PHYSICS over 25 runs; ``fresh10`` from tm-1186, drawn after
  the ninth was scored, the ninth's groups and rule started afresh; ``fresh11`` from tm-1256, the tenth's rule started
  afresh with other sizes, half of it English traces; ``fresh12`` from tm-1316, the eleventh's PHYSICS and English
  groups again, no llm_gaokao row; ``fresh13`` from tm-1360 and ``fresh14`` from tm-1405, DeepSeek-R1's PHYSICS answers alone; ``fresh15`` from tm-1450,
  ``fresh16`` from tm-1490, ``fresh17`` from tm-1530 and ``fresh18`` from tm-1570, English traces alone), both verdicts, at least four repositories and
  none over 45% of the rows;
* the join with the full corpus (``$ANSWERBENCH_CORPORA``), when it is there: the same rows, lengths and fields, the
  share of golds that are not integers, the physics rows and those whose question names a unit, the ``<think>``
  traces, the Chinese rows; the rebuild from the snapshots
  (``$ANSWERBENCH_MIRROR``, else ``../.mirror``), byte for byte equal to the corpus file, when both are here;
* the five readers written for these repositories' formats, the two of reason_math the fourth fresh split
  uses, and the llm_gaokao reader of the sixth (the seventh's too), on snapshots made here; the eighth split's draw
  and the ninth's to twelfth's English and PHYSICS groups and the thirteenth's draw replayed from the snapshots, when they
  are here.

Never a scorer's accuracy: tests/unit/test_real_corpora.py keeps the dev-split floors.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from conftest import read_jsonl
from test_real_corpus_data import load_or_skip, real_corpus

ROOT = Path(__file__).resolve().parents[2]
TRACE = read_jsonl(ROOT / "tests" / "data" / "trace_math.labels.jsonl")
CORPUS = real_corpus.corpus_named("trace_math")

KEYS = {"id", "source", "harness", "model", "style", "split", "label", "why", "sha256", "gold_sha256",
        "question_sha256", "chars"}
STYLES = {"think-final-box", "final-answer-box", "boxed", "box-then-code", "answer-line", "option-letter", "units",
          "prose", "truncated", "degenerate", "no-answer", "chinese"}
#: the repositories the first four splits read; the fourth fresh split adds PHYSICS
EARLIER_REPOS = {"zzli2022/TLDR", "Marioiacobelli/Evolutionary-Merging-for-L2S-Math-Reasoning",
                 "Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051-", "zhusq20/reasoning-evals",
                 "pingzhili/lm-reasoning-eval", "OpenLMLab/GAOKAO-Bench"}
PHYSICS = "yale-nlp/Physics"
#: the sixth fresh split adds the 2024 gaokao papers answered by seven models
LLM_GAOKAO = "g1y5x3/llm_gaokao"
REPOS = EARLIER_REPOS | {PHYSICS, LLM_GAOKAO}
#: rows tm-0001..tm-0400 are split dev/heldout by their pointer; the next FRESH rows form the fresh split, the FRESH2
#: rows after them the second fresh split, the FRESH3 rows after those the third, the FRESH4 rows after those the fourth,
#: the FRESH5 rows after those the fifth, the FRESH6 rows after those the sixth, the FRESH7 rows after those the
#: seventh, the FRESH8 rows after those the eighth, the FRESH9 rows after those the ninth, the FRESH10 rows after those
#: the tenth, the FRESH11 rows after those the eleventh, the FRESH12 rows after those the twelfth
DRAWN_FIRST = 400
FRESH = 148
FRESH2 = 122
FRESH3 = 70
FRESH4 = 90
FRESH5 = 70
FRESH6 = 75
FRESH7 = 80
FRESH8 = 60
FRESH9 = 70
FRESH10 = 70
FRESH11 = 60
FRESH12 = 44
FRESH13 = 45
FRESH14 = 45
FRESH15 = 40
FRESH16 = 40
FRESH17 = 40
FRESH18 = 40
#: of them the Chinese rows, drawn first (the English ones follow)
FRESH3_CHINESE = 50
#: the fourth fresh split in draw order: gpt-4-0314's Math I and Math II blanks, PHYSICS rows, English rows
FRESH4_GROUPS = (("chinese", 40), ("physics", 30), ("english", 20))
#: the fifth likewise: gpt-4-0314's Math I and Math II blanks, DeepSeek-R1's PHYSICS rows, English rows
FRESH5_GROUPS = (("chinese", 40), ("physics", 15), ("english", 15))
#: the sixth: llm_gaokao's Chinese answers, its English ones, DeepSeek-R1's PHYSICS rows, English reasoning traces
FRESH6_GROUPS = (("chinese", 35), ("translated", 10), ("physics", 15), ("english", 15))
#: the seventh: more llm_gaokao answers in Chinese and in English, PHYSICS rows of three models no earlier split drew
FRESH7_GROUPS = (("chinese", 40), ("translated", 10), ("physics", 30))
#: the six PHYSICS domains, in the order the fourth and fifth splits draw them
DOMAINS = ("atomic", "electro", "mechanics", "optics", "quantum", "statistics")
#: never used (the brief's list, and the lead's hidden measure), matched case-insensitively in every pointer
EXCLUDED = ("jerry-723/tts", "mathllm/math-v", "ruixiangcui/agieval", "novasky-ai/skythought", "dongximing/semantic",
            "omni-math", "mathvista", "mmlu-pro", "zeroeval", "microsoft/tora", "openai/grade-school-math")
HEX = re.compile(r"^[0-9a-f]{64}$")
#: a gold that is a whole number as written (AIME's zero-padded "055" and TLDR's "194.0" are whole numbers)
INTEGER = re.compile(r"^-?\d+(\.0)?$")


def split_of(pointer: str) -> str:
    """The split rule of the first 400 rows: held out when the first 32 bits of the pointer's SHA-256, taken mod 5,
    are 0 or 1."""
    return "heldout" if int(hashlib.sha256(pointer.encode()).hexdigest()[:8], 16) % 5 < 2 else "dev"


def number(line: dict) -> int:
    return int(line["id"][len("tm-"):])


def drawn_split(line: dict) -> str:
    """The split a row's place gives it: the hash rule for the first 400 rows, then ``fresh``, ``fresh2``,
    ``fresh3``, ``fresh4``, ``fresh5``, ``fresh6``, ``fresh7``, ``fresh8``, ``fresh9``, ``fresh10``, ``fresh11``,
    ``fresh12``, ``fresh13``, ``fresh14``, ``fresh15``, ``fresh16``, ``fresh17``, ``fresh18``."""
    if number(line) <= DRAWN_FIRST:
        return split_of(line["source"])
    end = DRAWN_FIRST
    for split, size in (("fresh", FRESH), ("fresh2", FRESH2), ("fresh3", FRESH3), ("fresh4", FRESH4),
                        ("fresh5", FRESH5), ("fresh6", FRESH6), ("fresh7", FRESH7), ("fresh8", FRESH8),
                        ("fresh9", FRESH9), ("fresh10", FRESH10), ("fresh11", FRESH11), ("fresh12", FRESH12),
                        ("fresh13", FRESH13), ("fresh14", FRESH14), ("fresh15", FRESH15), ("fresh16", FRESH16),
                        ("fresh17", FRESH17)):
        end += size
        if number(line) <= end:
            return split
    return "fresh18"


def repo_of(pointer: str) -> str:
    return pointer.split("@", 1)[0]


# -- the committed label file --------------------------------------------------------------------------------------

def test_ids_are_numbered_in_order():
    drawn = (DRAWN_FIRST + FRESH + FRESH2 + FRESH3 + FRESH4 + FRESH5 + FRESH6 + FRESH7 + FRESH8 + FRESH9 + FRESH10
             + FRESH11 + FRESH12 + FRESH13 + FRESH14 + FRESH15 + FRESH16 + FRESH17 + FRESH18)
    assert [line["id"] for line in TRACE] == [f"tm-{n:04d}" for n in range(1, drawn + 1)]


@pytest.mark.parametrize("line", TRACE, ids=[line["id"] for line in TRACE])
def test_label_line(line):
    assert KEYS <= set(line) <= KEYS | {"gold_source"}, set(line) ^ KEYS
    assert type(line["label"]) is bool and line["style"] in STYLES
    assert line["why"].strip() and len(line["why"]) <= 160, "a short note, never a copy of the response"
    assert line["harness"].strip() and line["model"].strip()
    for pointer in (line["source"], line.get("gold_source", line["source"])):
        assert real_corpus.POINTER.match(pointer), pointer
        assert not any(name in pointer.lower() for name in EXCLUDED), pointer
    assert all(HEX.match(line[key]) for key in ("sha256", "gold_sha256", "question_sha256"))
    assert type(line["chars"]) is int and line["chars"] > 0
    assert line["split"] == drawn_split(line)
    # the log-probability pages hold no question or gold, the PHYSICS outputs and llm_gaokao's answer files no gold:
    # they come from the record gold_source names
    assert ("gold_source" in line) == line["source"].startswith(("pingzhili/lm-reasoning-eval@", f"{PHYSICS}@",
                                                                  f"{LLM_GAOKAO}@"))
    real_corpus.reader_for(CORPUS, line["source"])  # a reader of the trace_math table takes the pointer


def test_sources_balance_and_split():
    repos = Counter(repo_of(line["source"]) for line in TRACE)
    assert set(repos) == REPOS
    assert max(repos.values()) <= 0.45 * len(TRACE), repos.most_common(1)
    assert len({line["model"] for line in TRACE}) >= 10
    correct = sum(line["label"] for line in TRACE)
    assert 100 <= correct <= len(TRACE) - 100, "both verdicts are the yardstick"
    first = [line for line in TRACE if number(line) <= DRAWN_FIRST]
    heldout = sum(line["split"] == "heldout" for line in first)
    assert 0.3 * len(first) <= heldout <= 0.5 * len(first), heldout
    assert len({line["source"] for line in TRACE}) == len(TRACE), "a record is drawn once"


def test_the_fresh_split():
    """The rows drawn after both splits were scored: every repository again, Chinese rows, both verdicts."""
    fresh = [line for line in TRACE if line["split"] == "fresh"]
    assert len(fresh) == FRESH and all(number(line) > DRAWN_FIRST for line in fresh)
    assert {repo_of(line["source"]) for line in fresh} == EARLIER_REPOS
    assert sum(repo_of(line["source"]) == "OpenLMLab/GAOKAO-Bench" for line in fresh) >= 30
    correct = sum(line["label"] for line in fresh)
    assert 40 <= correct <= len(fresh) - 40, "both verdicts are the yardstick"


def test_the_second_fresh_split():
    """Drawn after the fresh split was scored: 40 Chinese gaokao rows at least (gemini-pro's, from files no other row
    reads), 30 Minerva rows at least, the English repositories again (lm-reasoning-eval had no page left), both
    verdicts."""
    fresh2 = [line for line in TRACE if line["split"] == "fresh2"]
    assert len(fresh2) == FRESH2 and all(number(line) > DRAWN_FIRST + FRESH for line in fresh2)
    assert {repo_of(line["source"]) for line in fresh2} == EARLIER_REPOS - {"pingzhili/lm-reasoning-eval"}
    gaokao = [line for line in fresh2 if repo_of(line["source"]) == "OpenLMLab/GAOKAO-Bench"]
    assert len(gaokao) >= 40 and {line["model"] for line in gaokao} == {"gemini-pro"}
    earlier = {line["source"].split("#")[0] for line in TRACE if line["split"] != "fresh2"}
    assert not earlier & {line["source"].split("#")[0] for line in gaokao}
    assert sum("/minerva_math/" in line["source"] for line in fresh2) >= 30
    correct = sum(line["label"] for line in fresh2)
    assert 40 <= correct <= len(fresh2) - 40, "both verdicts are the yardstick"


def test_the_third_fresh_split():
    """Drawn after the second fresh split was scored, aimed at Chinese: first 50 GAOKAO-Bench blanks, 25 each from
    text-davinci-003's and MOSS's answer files (first run), models and files no earlier row reads; then 20 MATH-500
    rows, 5 from each English repository but lm-reasoning-eval; both verdicts."""
    fresh3 = [line for line in TRACE if line["split"] == "fresh3"]
    first = DRAWN_FIRST + FRESH + FRESH2 + 1
    assert [line["id"] for line in fresh3] == [f"tm-{n:04d}" for n in range(first, first + FRESH3)]
    chinese, english = fresh3[:FRESH3_CHINESE], fresh3[FRESH3_CHINESE:]
    assert len(fresh3) == FRESH3 and {repo_of(line["source"]) for line in chinese} == {"OpenLMLab/GAOKAO-Bench"}
    assert Counter(line["model"] for line in chinese) == {"text-davinci-003": 25, "MOSS": 25}
    assert all("_Questions_1/" in line["source"] and line["source"].endswith("]") for line in chinese)
    earlier = {line["source"].split("#")[0] for line in TRACE if line["split"] != "fresh3"}
    assert not earlier & {line["source"].split("#")[0] for line in chinese}
    assert not {line["model"] for line in TRACE if line["split"] != "fresh3"} & {"text-davinci-003", "MOSS"}
    assert Counter(repo_of(line["source"]) for line in english) == {repo: 5 for repo in EARLIER_REPOS - {
        "OpenLMLab/GAOKAO-Bench", "pingzhili/lm-reasoning-eval"}}
    # the English rows come from answer files earlier rows read, so their harness and model are known ones
    assert {line["source"].split("#")[0] for line in english} <= earlier
    for rows in (chinese, english):
        assert 1 <= sum(line["label"] for line in rows) < len(rows), "both verdicts"


def fresh_groups(split: str, sizes: tuple[tuple[str, int], ...]) -> dict[str, list[dict]]:
    """A fresh split's rows by group, in draw order (``FRESH4_GROUPS``, ``FRESH5_GROUPS``)."""
    rows = [line for line in TRACE if line["split"] == split]
    groups, at = {}, 0
    for group, size in sizes:
        groups[group], at = rows[at:at + size], at + size
    return groups


def domain_of(line: dict) -> str:
    return re.search(r"/([a-z]+)_dataset_textonly/", line["source"]).group(1)


def gpt4_physics_english(split: str, before: int, sizes: tuple[tuple[str, int], ...]) -> dict[str, list[dict]]:
    """The rows of the fourth or fifth fresh split by group, after checking what both share: ids in order from
    ``tm-<before + 1>``; the Chinese group gpt-4-0314's blanks, 20 each of Math I and Math II; the physics group
    PHYSICS rows whose gold comes from the benchmark's record of the same domain; both verdicts in each group."""
    rows = [line for line in TRACE if line["split"] == split]
    size = sum(n for _, n in sizes)
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(before + 1, before + 1 + size)] and rows
    groups = fresh_groups(split, sizes)
    chinese, physics = groups["chinese"], groups["physics"]
    assert {repo_of(line["source"]) for line in chinese} == {"OpenLMLab/GAOKAO-Bench"}
    assert {line["model"] for line in chinese} == {"gpt-4-0314"}
    assert Counter(re.search(r"_Math_(I+)_", line["source"]).group(1) for line in chinese) == {"I": 20, "II": 20}
    assert {repo_of(line["source"]) for line in physics} == {PHYSICS}
    assert all(line["gold_source"].split(":", 1)[1].split("#")[0] == f"PHYSICS/{domain_of(line)}_dataset.jsonl"
               for line in physics)
    for group in groups.values():
        assert 1 <= sum(line["label"] for line in group) < len(group), "both verdicts"
    return groups


def test_the_fourth_fresh_split():
    """Drawn after the third fresh split was scored: 40 gaokao blanks of gpt-4-0314 (20 each of Math I and Math II,
    records reason_math does not read), 30 PHYSICS problems with a unit gold answered by three reasoning models (12
    DeepSeek-R1, 12 QwQ-32B-Preview, 6 R1-Distill-Qwen-32B, five rows in each of the six domains), then 20 English
    rows, 5 from each English repository but lm-reasoning-eval (no page left), from files earlier rows read; both
    verdicts in each group."""
    first = DRAWN_FIRST + FRESH + FRESH2 + FRESH3 + 1
    groups = gpt4_physics_english("fresh4", first - 1, FRESH4_GROUPS)
    physics, english = groups["physics"], groups["english"]
    assert Counter(line["model"] for line in physics) == {"DeepSeek-R1 (Together API)": 12, "QwQ-32B-Preview": 12,
                                                         "DeepSeek-R1-Distill-Qwen-32B": 6}
    assert Counter(domain_of(line) for line in physics) == {domain: 5 for domain in DOMAINS}
    assert Counter(repo_of(line["source"]) for line in english) == {repo: 5 for repo in EARLIER_REPOS - {
        "OpenLMLab/GAOKAO-Bench", "pingzhili/lm-reasoning-eval"}}
    earlier = {line["source"].split("#")[0] for line in TRACE if number(line) < first}
    assert {line["source"].split("#")[0] for line in english} <= earlier


def test_the_fifth_fresh_split():
    """Drawn as the fourth was, before it was scored, from what no corpus used: 40 gaokao blanks of gpt-4-0314 (20
    each of Math I and Math II, records neither reason_math nor the fourth split reads), 15 PHYSICS problems with a
    unit gold answered by DeepSeek-R1 only, spread round by round over the six domains as far as each has free
    records (quantum had one, electro two), then 15 English rows, 5 each from TLDR, Evolutionary-Merging and the
    test-time-scaling project, from files rows before the fourth split read; both verdicts in each group."""
    groups = gpt4_physics_english("fresh5", DRAWN_FIRST + FRESH + FRESH2 + FRESH3 + FRESH4, FRESH5_GROUPS)
    chinese, physics, english = groups["chinese"], groups["physics"], groups["english"]
    fourth = {line["source"].split("#")[0] for line in fresh_groups("fresh4", FRESH4_GROUPS)["chinese"]}
    assert {line["source"].split("#")[0] for line in chinese} == fourth, "the fourth split's files, other records"
    assert {line["model"] for line in physics} == {"DeepSeek-R1 (Together API)"}
    assert all("/deepseek-r1_together_output/" in line["source"] for line in physics)
    assert Counter(domain_of(line) for line in physics) == {"atomic": 3, "electro": 2, "mechanics": 3, "optics": 3,
                                                           "quantum": 1, "statistics": 3}
    # round by round: the first six rows one per domain, in the domains' order
    assert [domain_of(line) for line in physics[:len(DOMAINS)]] == list(DOMAINS)
    assert Counter(repo_of(line["source"]) for line in english) == {
        "zzli2022/TLDR": 5, "Marioiacobelli/Evolutionary-Merging-for-L2S-Math-Reasoning": 5,
        "Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051-": 5}
    before_fourth = {line["source"].split("#")[0] for line in TRACE
                     if line["split"] not in ("fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11",
                                                  "fresh12")}
    assert {line["source"].split("#")[0] for line in english} <= before_fourth


#: llm_gaokao's questions the sixth split draws from (csv data rows): a value, expression, set or interval per blank or
#: part; the multiple-choice rows and the open problems whose gold skips a part or states a proof are not among them
FREE_ANSWER_QUESTIONS = {"beijing": {11, 12, 13, 14, 16, 18, 19}, "national1": {12, 13, 14, 15, 16},
                         "national2": {12, 13, 14, 15, 16}, "shanghai": {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 17, 18, 20}}
#: response/<model>-2024_math_<paper>[_english].md#<csv row>
ANSWER_FILE = re.compile(r":response/(?P<model>.+)-2024_math_(?P<paper>[a-z0-9]+?)(?P<english>_english)?\.md#(?P<row>\d+)$")
PAPERS = ("beijing", "national1", "national2", "shanghai")
#: the papers each model answered, in the order the round-robin draws take them (Chinese, and the English translation)
ANSWERED = {"Qwen2-72B-Instruct": PAPERS[1:], "Yi-1.5-9B-Chat": ("shanghai",), "claude-3-5-sonnet-20240620": PAPERS,
            "deepseek-coder": PAPERS, "gemini-1.5-pro": PAPERS[1:], "gpt-4o": PAPERS, "yi-large": PAPERS[1:]}
ANSWERED_ENGLISH = {"Yi-1.5-9B-Chat": ("shanghai",), "claude-3-5-sonnet-20240620": PAPERS, "deepseek-coder": PAPERS,
                    "gemini-1.5-pro": ("shanghai",), "gpt-4o": PAPERS}


def gaokao_group(group: list[dict], translated: bool) -> Counter:
    """Checks one llm_gaokao group of a fresh split: answer files of the language asked, questions with a value for a
    gold, the gold from the csv row of the same paper, language and number (``gold_source``); rows per model."""
    models = Counter()
    for line in group:
        found = ANSWER_FILE.search(line["source"])
        assert repo_of(line["source"]) == LLM_GAOKAO and found, line["id"]
        assert bool(found["english"]) == translated and found["model"] == line["model"]
        assert int(found["row"]) in FREE_ANSWER_QUESTIONS[found["paper"]], line["id"]
        commit = line["source"].split("@", 1)[1].split(":", 1)[0]
        assert line["gold_source"] == (f"{LLM_GAOKAO}@{commit}:data/2024_math_{found['paper']}/exam_with_answer"
                                       f"{found['english'] or ''}.csv#{found['row']}")
        models[line["model"]] += 1
    return models


def pointer_hash(pointer: str) -> str:
    return hashlib.sha256(pointer.encode()).hexdigest()


def drawn_round_robin(split: str, group: list[dict], answered: dict[str, tuple[str, ...]],
                      avoid: set[tuple[str, int]] = frozenset()) -> None:
    """The llm_gaokao draw, replayed from the label files: round by round over the models in name order, each
    model's pick from its next paper in turn, the free question of lowest pointer hash there (free: in no label file
    before the split, not drawn earlier in the group; ``avoid``, questions another group of the split drew, only when
    the paper has another free one). A paper with no free question left is passed over for the model's next one that
    has one, and a model with none left drops out of the round (first met by the tenth split); with no paper exhausted
    this is the k-th pick from the k-th paper, the rule of the sixth, seventh and ninth splits."""
    first = min(number(line) for line in TRACE if line["split"] == split)
    taken = {line["source"] for path in (ROOT / "tests" / "data").glob("*.labels.jsonl")
             for line in read_jsonl(path) if path.name != CORPUS.labels or number(line) < first}
    commit = group[0]["source"].split("@", 1)[1].split(":", 1)[0]
    english = ANSWER_FILE.search(group[0]["source"])["english"] or ""

    def free(model: str, paper: str) -> list[str]:
        file = f"{LLM_GAOKAO}@{commit}:response/{model}-2024_math_{paper}{english}.md"
        return [f"{file}#{n}" for n in sorted(FREE_ANSWER_QUESTIONS[paper]) if f"{file}#{n}" not in taken]

    models, turn, next_paper = sorted(answered), 0, Counter()
    for line in group:
        live = [model for model in models if any(free(model, paper) for paper in answered[model])]
        assert live, f"{line['id']}: no free question left"
        while models[turn % len(models)] not in live:
            turn += 1
        model, turn = models[turn % len(models)], turn + 1
        papers = answered[model]
        at = next(k for k in ((next_paper[model] + step) % len(papers) for step in range(len(papers)))
                  if free(model, papers[k]))
        next_paper[model], paper = at + 1, papers[at]
        found = ANSWER_FILE.search(line["source"])
        assert (line["model"], found["paper"]) == (model, paper), line["id"]
        options = free(model, paper)
        options = [pointer for pointer in options if (paper, int(pointer.rsplit("#", 1)[1])) not in avoid] or options
        assert line["source"] == min(options, key=pointer_hash), line["id"]
        taken.add(line["source"])


def asked_questions(group: list[dict]) -> set[tuple[str, int]]:
    return {(ANSWER_FILE.search(line["source"])["paper"], int(ANSWER_FILE.search(line["source"])["row"]))
            for line in group}


def test_the_sixth_fresh_split():
    """Drawn after the fifth was scored: 35 answers of seven models to the 2024 gaokao papers in Chinese (5 a model)
    and 10 to the repository's English translation (2 a model, the five models that have one), questions with a
    value for a gold, question and gold from the csv row of the same paper, language and number (``gold_source``);
    15 PHYSICS rows answered by DeepSeek-R1 over the three domains with free records left; 15 English traces from
    files rows before the fourth split read; both verdicts in each group."""
    first = DRAWN_FIRST + FRESH + FRESH2 + FRESH3 + FRESH4 + FRESH5 + 1
    rows = [line for line in TRACE if line["split"] == "fresh6"]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(first, first + FRESH6)]
    groups = fresh_groups("fresh6", FRESH6_GROUPS)
    for group, translated, per_model in ((groups["chinese"], False, 5), (groups["translated"], True, 2)):
        models = gaokao_group(group, translated)
        assert set(models.values()) == {per_model} and len(models) == len(group) // per_model
    drawn_round_robin("fresh6", groups["chinese"], ANSWERED)
    drawn_round_robin("fresh6", groups["translated"], ANSWERED_ENGLISH, asked_questions(groups["chinese"]))
    physics = groups["physics"]
    assert {line["model"] for line in physics} == {"DeepSeek-R1 (Together API)"}
    assert all("/deepseek-r1_together_output/" in line["source"] for line in physics)
    assert all(line["gold_source"].split(":", 1)[1].split("#")[0] == f"PHYSICS/{domain_of(line)}_dataset.jsonl"
               for line in physics)
    # round by round over the domains with free records left (electro, optics and quantum had none)
    assert Counter(domain_of(line) for line in physics) == {"atomic": 7, "mechanics": 1, "statistics": 7}
    assert [domain_of(line) for line in physics[:3]] == ["atomic", "mechanics", "statistics"]
    english = groups["english"]
    assert Counter(repo_of(line["source"]) for line in english) == {
        "zzli2022/TLDR": 5, "Marioiacobelli/Evolutionary-Merging-for-L2S-Math-Reasoning": 5,
        "Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051-": 5}
    before_fourth = {line["source"].split("#")[0] for line in TRACE if number(line) <= DRAWN_FIRST + FRESH + FRESH2
                     + FRESH3}
    assert {line["source"].split("#")[0] for line in english} <= before_fourth
    for group in groups:
        assert 1 <= sum(line["label"] for line in groups[group]) < len(groups[group]), group


#: the PHYSICS runs of the seventh split, in the order its round-robin takes them
FRESH7_RUNS = ("Llama_3.3_70B_Instruct_outputs", "Qwen2.5_72B_Instruct_outputs", "o3-mini_together_output")


def test_the_seventh_fresh_split():
    """Drawn beside the sixth, before any of it was scored: 40 more answers to the 2024 gaokao papers in Chinese (five
    full rounds over the seven models and the first five models of a sixth) and 10 to the English translation (2 a
    model), each the free question of lowest pointer hash in the model's paper of the round (the English group
    avoiding questions the Chinese group drew); then 30 PHYSICS rows of three runs no earlier row reads
    (Llama-3.3-70B-Instruct, Qwen2.5-72B-Instruct, o3-mini), 10 a run and 5 a domain, pick i taking domain i mod 6
    and run (i mod 6 + i div 6) mod 3; both verdicts in each group."""
    first = DRAWN_FIRST + FRESH + FRESH2 + FRESH3 + FRESH4 + FRESH5 + FRESH6 + 1
    rows = [line for line in TRACE if line["split"] == "fresh7"]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(first, first + FRESH7)]
    groups = fresh_groups("fresh7", FRESH7_GROUPS)
    chinese, translated, physics = groups["chinese"], groups["translated"], groups["physics"]
    assert gaokao_group(chinese, False) == {model: 6 if at < 5 else 5 for at, model in enumerate(sorted(ANSWERED))}
    assert gaokao_group(translated, True) == {model: 2 for model in ANSWERED_ENGLISH}
    drawn_round_robin("fresh7", chinese, ANSWERED)
    drawn_round_robin("fresh7", translated, ANSWERED_ENGLISH, asked_questions(chinese))
    assert all(line["gold_source"].split(":", 1)[1].split("#")[0] == f"PHYSICS/{domain_of(line)}_dataset.jsonl"
               for line in physics)
    runs = [re.search(r":outputs/([^/]+)/", line["source"]).group(1) for line in physics]
    assert [(domain_of(line), run) for line, run in zip(physics, runs)] == [
        (DOMAINS[i % 6], FRESH7_RUNS[(i % 6 + i // 6) % 3]) for i in range(len(physics))]
    assert Counter(line["model"] for line in physics) == {"Llama-3.3-70B-Instruct": 10, "Qwen2.5-72B-Instruct": 10,
                                                         "o3-mini (Together API)": 10}
    earlier = {re.search(r":outputs/([^/]+)/", pointer).group(1) for pointer in taken_before(first)
               if repo_of(pointer) == PHYSICS}
    assert earlier and not earlier & set(runs), "runs no earlier row reads"
    for group in groups:
        assert 1 <= sum(line["label"] for line in groups[group]) < len(groups[group]), group


#: the eighth split's repositories in draw order; in each, first the records whose gold is not a whole number, then
#: those whose gold is one
ENGLISH_REPOS = ("zzli2022/TLDR", "Marioiacobelli/Evolutionary-Merging-for-L2S-Math-Reasoning",
                 "zhusq20/reasoning-evals", "Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051-")
FRESH8_KINDS = (("not-integer", 8), ("integer", 7))
FRESH8_GROUPS = tuple((f"{repo} {kind}", size) for repo in ENGLISH_REPOS for kind, size in FRESH8_KINDS)
FRESH8_FIRST = DRAWN_FIRST + FRESH + FRESH2 + FRESH3 + FRESH4 + FRESH5 + FRESH6 + FRESH7 + 1


def file_of(pointer: str) -> str:
    return pointer.rsplit("#", 1)[0]


def before_the_fourth_split() -> set[str]:
    """The English repositories' answer files rows before the fourth fresh split read: the English candidates of the
    fifth, sixth and eighth splits."""
    return {file_of(line["source"]) for line in TRACE if number(line) <= DRAWN_FIRST + FRESH + FRESH2 + FRESH3
            and repo_of(line["source"]) in ENGLISH_REPOS}


def taken_before(first: int, skip: str = "") -> set[str]:
    """Every pointer of every label file, but trace_math rows from ``first`` on (and a ``skip`` split's rows)."""
    return {line["source"] for path in (ROOT / "tests" / "data").glob("*.labels.jsonl") for line in read_jsonl(path)
            if path.name != CORPUS.labels or (number(line) < first and line["split"] != skip)}


def test_the_eighth_fresh_split():
    """No new public source was found, so the brief's fallback: 15 rows from each of the four English repositories, in
    the order TLDR, Evolutionary-Merging, reasoning-evals, test-time scaling, from the answer files rows before the
    fourth split read; in each, a group of 8 then a group of 7 (golds not whole numbers, then whole numbers: checked
    against the corpus and the snapshots below), each group in the order of its pointers' SHA-256, no pointer any
    label file held before; both verdicts from each repository."""
    rows = [line for line in TRACE if line["split"] == "fresh8"]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(FRESH8_FIRST, FRESH8_FIRST + FRESH8)]
    groups = fresh_groups("fresh8", FRESH8_GROUPS)
    files = before_the_fourth_split()
    for name, group in groups.items():
        assert {repo_of(line["source"]) for line in group} == {name.split()[0]}, name
        hashes = [pointer_hash(line["source"]) for line in group]
        assert hashes == sorted(hashes), f"{name}: drawn lowest hash first"
        assert {file_of(line["source"]) for line in group} <= files, name
    assert not taken_before(FRESH8_FIRST) & {line["source"] for line in rows}
    for repo in ENGLISH_REPOS:
        labels = [line["label"] for line in rows if repo_of(line["source"]) == repo]
        assert len(labels) == 15 and 1 <= sum(labels) < 15, repo


#: the ninth split in draw order: llm_gaokao's Chinese answers, its English ones, PHYSICS rows of 25 runs, English
#: traces (per repository 3 golds not whole numbers, then 2 whole)
FRESH9_GROUPS = (("chinese", 20), ("translated", 5), ("physics", 25), ("english", 20))
FRESH9_FIRST = FRESH8_FIRST + FRESH8
FRESH9_KINDS = (("not-integer", 3), ("integer", 2))
#: the PHYSICS runs in the order the ninth split's round takes them: the six runs the brief names, then every other run
#: folder with text-only responses in folder-name order; 25 turns took one row from each of the first 25
FRESH9_NAMED_RUNS = ("deepseek-r1_together_output", "QwQ_32B_Preview_outputs", "DeepSeek_R1_Distill_Qwen_32B_outputs",
                     "o3-mini_together_output", "Qwen2.5_72B_Instruct_outputs", "Llama_3.3_70B_Instruct_outputs")
FRESH9_RUNS = FRESH9_NAMED_RUNS + tuple(sorted((
    "CohereForAI_c4ai-command-r-v01", "Llama_3.1_8B_Instruct_output", "Llama_3.3_70B_Instruct_AWQ_output",
    "Mathstral_7B_v0.1_output", "Mistral_7B_Instruct_v0.3_output", "Mistral_Small_24B_Instruct_2501_output",
    "Qwen2.5_14B_Instruct_output", "Qwen2.5_32B_Instruct_output", "Qwen2.5_7B_Instruct_output",
    "Qwen2.5_Math_1.5B_Instruct_output", "Qwen2.5_Math_72B_Instruct_output", "Qwen2.5_Math_7B_output",
    "THUDM_chatglm3-6b", "Velvet_14B_outputs", "Yi_1.5_34B_Chat_output", "c4ai-command-r-08-2024_outputs",
    "deepseek_math_7b_rl_output", "gemma_2_27b_it_output", "gemma_2_2b_it_output", "gemma_2_9b_it_output",
    "glm_4_9b_chat_hf_output", "internlm3_8b_instruct_awq_output", "phi_4_outputs")))


def run_of(line: dict) -> str:
    return re.search(r":outputs/([^/]+)/", line["source"]).group(1)


def test_the_ninth_fresh_split():
    """Drawn after the sixth to eighth were scored, each group by its own earlier rule started afresh, no pointer any
    label file held before: 20 llm_gaokao answers in Chinese (two full rounds over the seven models and the first six
    of a third) and 5 to the English translation (one a model, avoiding questions the Chinese group drew); 25 PHYSICS
    rows, one from each of the first 25 runs of the round (the six runs the brief names, then the other text-only runs
    in folder-name order); 20 English traces, 5 a repository from the files rows before the fourth split read (3 golds
    not whole numbers, then 2 whole: checked against the snapshots below), each kind in the order of its pointers'
    SHA-256; both verdicts in each group."""
    drawn_by_the_ninth_rule("fresh9", FRESH9_FIRST, FRESH9,
                            {model: 3 if at < 6 else 2 for at, model in enumerate(sorted(ANSWERED))})


def drawn_by_the_ninth_rule(split: str, first: int, count: int, chinese_models: dict[str, int],
                            groups_sizes: tuple = None, kinds: dict = None) -> None:
    """The checks the ninth and tenth splits share: ids in order from ``first``, no pointer a label file held before,
    the four groups of ``FRESH9_GROUPS``; the Chinese group ``chinese_models`` rows a model and the translated one a
    row a model, both drawn round by round (``drawn_round_robin``); the PHYSICS rows one from each of the first runs
    of ``FRESH9_RUNS``, each gold from the benchmark's record of the same domain; the English traces per repository
    3 golds not whole numbers then 2 whole, lowest hash first, from files rows before the fourth split read; both
    verdicts in each group. The eleventh split passes its own ``groups_sizes`` and per-repository ``kinds``."""
    groups_sizes = groups_sizes or FRESH9_GROUPS
    kinds = kinds or {repo: FRESH9_KINDS for repo in ENGLISH_REPOS}
    rows = [line for line in TRACE if line["split"] == split]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(first, first + count)]
    assert not taken_before(first) & {line["source"] for line in rows}
    groups = fresh_groups(split, groups_sizes)
    chinese, translated, physics, english = (groups[name] for name, _ in groups_sizes)
    assert gaokao_group(chinese, False) == chinese_models
    assert gaokao_group(translated, True) == {model: 1 for model in ANSWERED_ENGLISH}
    drawn_round_robin(split, chinese, ANSWERED)
    drawn_round_robin(split, translated, ANSWERED_ENGLISH, asked_questions(chinese))
    physics_and_english_drawn(physics, english, kinds)
    for name, group in groups.items():
        assert 1 <= sum(line["label"] for line in group) < len(group), name


def physics_and_english_drawn(physics: list[dict], english: list[dict], kinds: dict) -> None:
    """A split's PHYSICS rows one from each of the first runs of ``FRESH9_RUNS``, each gold from the benchmark's record
    of the same domain; its English traces per repository the ``kinds`` in turn (golds not whole numbers, then
    whole), lowest hash first, from files rows before the fourth split read, and nothing else."""
    assert [run_of(line) for line in physics] == list(FRESH9_RUNS[:len(physics)])
    assert all(line["gold_source"].split(":", 1)[1].split("#")[0] == f"PHYSICS/{domain_of(line)}_dataset.jsonl"
               for line in physics)
    files, at = before_the_fourth_split(), 0
    for repo in ENGLISH_REPOS:
        for kind, size in kinds[repo]:
            group, at = english[at:at + size], at + size
            assert {repo_of(line["source"]) for line in group} == {repo}, (repo, kind)
            hashes = [pointer_hash(line["source"]) for line in group]
            assert hashes == sorted(hashes), f"{repo} {kind}: drawn lowest hash first"
            assert {file_of(line["source"]) for line in group} <= files, (repo, kind)
    assert at == len(english)


#: the tenth split, drawn by the ninth's rule started afresh: the same groups (``FRESH9_GROUPS``) in the same order and
#: sizes
FRESH10_FIRST = FRESH9_FIRST + FRESH9
#: its Chinese group: Yi-1.5-9B-Chat had one free question left, so it dropped out of the round after the first;
#: Qwen2-72B-Instruct, gemini-1.5-pro and yi-large had none left in national I and II, so all theirs are Shanghai's
FRESH10_CHINESE = {"Qwen2-72B-Instruct": 4, "Yi-1.5-9B-Chat": 1, "claude-3-5-sonnet-20240620": 3, "deepseek-coder": 3,
                   "gemini-1.5-pro": 3, "gpt-4o": 3, "yi-large": 3}


def test_the_tenth_fresh_split():
    """Drawn after the ninth was scored, by the ninth's rule started afresh, no pointer any label file held before: 20
    llm_gaokao answers in Chinese, round by round over the seven models (an exhausted paper passed over, an exhausted
    model out of the round: ``FRESH10_CHINESE``), 5 to the English translation (one a model, avoiding questions the
    Chinese group drew); 25 PHYSICS rows, one from each of the first 25 runs of the ninth's round, started again at
    its first run; 20 English traces, 5 a repository (3 golds not whole numbers, then 2 whole), each kind in the order
    of its pointers' SHA-256; both verdicts in each group."""
    drawn_by_the_ninth_rule("fresh10", FRESH10_FIRST, FRESH10, FRESH10_CHINESE)


#: the eleventh split, the tenth's rule started afresh with other sizes, to weigh the reasoning traces: llm_gaokao
#: Chinese 10, English 5, PHYSICS 15 (the first 15 runs of the round), English traces 30
FRESH11_FIRST = FRESH10_FIRST + FRESH10
FRESH11_GROUPS = (("chinese", 10), ("translated", 5), ("physics", 15), ("english", 30))
#: per repository, golds not whole numbers then whole: 5 then 3 for TLDR and Evolutionary-Merging, 4 then 3 for
#: reasoning-evals and test-time scaling
FRESH11_KINDS = {repo: (("not-integer", 5 if at < 2 else 4), ("integer", 3)) for at, repo in enumerate(ENGLISH_REPOS)}
#: its Chinese group: Yi-1.5-9B-Chat has no free question left (the tenth drew its last), so the round is over the six
#: others: a first round, then Qwen2-72B-Instruct, claude-3-5-sonnet, deepseek-coder and gemini-1.5-pro again
FRESH11_CHINESE = {"Qwen2-72B-Instruct": 2, "claude-3-5-sonnet-20240620": 2, "deepseek-coder": 2,
                   "gemini-1.5-pro": 2, "gpt-4o": 1, "yi-large": 1}


def test_the_eleventh_fresh_split():
    """Drawn by the tenth's rule started afresh, no pointer any label file held before, other sizes: 10 llm_gaokao
    answers in Chinese (``FRESH11_CHINESE``), 5 to the English translation (one a model); 15 PHYSICS rows, one from
    each of the first 15 runs of the round; 30 English traces (``FRESH11_KINDS``), each kind in the order of its
    pointers' SHA-256; both verdicts in each group."""
    drawn_by_the_ninth_rule("fresh11", FRESH11_FIRST, FRESH11, FRESH11_CHINESE, FRESH11_GROUPS, FRESH11_KINDS)


#: the twelfth split, the eleventh's PHYSICS and English groups started afresh (no llm_gaokao row: its Chinese
#: questions are nearly spent), to weigh the reasoning traces again: PHYSICS 10 (the first 10 runs of the round),
#: English traces 34
FRESH12_FIRST = FRESH11_FIRST + FRESH11
FRESH12_GROUPS = (("physics", 10), ("english", 34))
#: per repository, golds not whole numbers then whole: 6 then 3 for TLDR and Evolutionary-Merging, 5 then 3 for
#: reasoning-evals and test-time scaling
FRESH12_KINDS = {repo: (("not-integer", 6 if at < 2 else 5), ("integer", 3)) for at, repo in enumerate(ENGLISH_REPOS)}


def test_the_twelfth_fresh_split():
    """Drawn by the eleventh's rule for its PHYSICS and English groups, started afresh, no pointer any label file held
    before: 10 PHYSICS rows, one from each of the first 10 runs of the round (each gold from the benchmark's record of
    the same domain); 34 English traces (``FRESH12_KINDS``), each kind in the order of its pointers' SHA-256, from
    files rows before the fourth split read; both verdicts in each group."""
    rows = [line for line in TRACE if line["split"] == "fresh12"]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(FRESH12_FIRST, FRESH12_FIRST + FRESH12)]
    assert not taken_before(FRESH12_FIRST) & {line["source"] for line in rows}
    groups = fresh_groups("fresh12", FRESH12_GROUPS)
    physics, english = groups["physics"], groups["english"]
    physics_and_english_drawn(physics, english, FRESH12_KINDS)
    for name, group in groups.items():
        assert 1 <= sum(line["label"] for line in group) < len(group), name


#: the thirteenth split: DeepSeek-R1's PHYSICS answers alone (the run yale-nlp/Physics' R1 figure reads), every domain,
#: any gold of one final answer (not only a number with a unit), the 45 free records of lowest pointer hash
FRESH13_FIRST = FRESH12_FIRST + FRESH12
R1_RUN = "deepseek-r1_together_output"


def test_the_thirteenth_fresh_split():
    """DeepSeek-R1's run of yale-nlp/Physics alone, no pointer any label file held before; both verdicts; golds of
    every kind (numbers with units, expressions, text)."""
    rows = [line for line in TRACE if line["split"] == "fresh13"]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(FRESH13_FIRST, FRESH13_FIRST + FRESH13)]
    assert not taken_before(FRESH13_FIRST) & {line["source"] for line in rows}
    assert all(run_of(line) == R1_RUN and line["model"] == "DeepSeek-R1 (Together API)" for line in rows)
    assert len({domain_of(line) for line in rows}) == len(DOMAINS)
    assert 1 <= sum(line["label"] for line in rows) < len(rows)


FRESH14_FIRST = FRESH13_FIRST + FRESH13


def test_the_fourteenth_fresh_split():
    """The thirteenth split's rule again, its rows taken: DeepSeek-R1's run of yale-nlp/Physics alone, no pointer
    any label file held before; both verdicts; golds of every kind."""
    rows = [line for line in TRACE if line["split"] == "fresh14"]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(FRESH14_FIRST, FRESH14_FIRST + FRESH14)]
    assert not taken_before(FRESH14_FIRST) & {line["source"] for line in rows}
    assert all(run_of(line) == R1_RUN and line["model"] == "DeepSeek-R1 (Together API)" for line in rows)
    assert len({domain_of(line) for line in rows}) == len(DOMAINS)
    assert 1 <= sum(line["label"] for line in rows) < len(rows)


#: the fifteenth split: English traces alone, the twelfth's English rule with other sizes, every earlier row taken
FRESH15_FIRST = FRESH14_FIRST + FRESH14
FRESH15_KINDS = (("not-integer", 6), ("integer", 4))


FRESH16_FIRST = FRESH15_FIRST + FRESH15
FRESH17_FIRST = FRESH16_FIRST + FRESH16
FRESH18_FIRST = FRESH17_FIRST + FRESH17


@pytest.mark.parametrize(("split", "first", "size"), [("fresh15", FRESH15_FIRST, FRESH15),
                                                     ("fresh16", FRESH16_FIRST, FRESH16),
                                                     ("fresh17", FRESH17_FIRST, FRESH17),
                                                     ("fresh18", FRESH18_FIRST, FRESH18)])
def test_the_fifteenth_and_sixteenth_fresh_splits(split, first, size):
    """English reasoning traces of the four English repositories, 10 each (6 golds not whole numbers, then 4 whole
    numbers), no pointer any label file held before; both verdicts. The sixteenth to eighteenth: the fifteenth's
    rule again."""
    rows = [line for line in TRACE if line["split"] == split]
    assert [line["id"] for line in rows] == [f"tm-{n:04d}" for n in range(first, first + size)]
    assert not taken_before(first) & {line["source"] for line in rows}
    assert [repo_of(line["source"]) for line in rows] == [repo for repo in ENGLISH_REPOS for _ in range(10)]
    assert 1 <= sum(line["label"] for line in rows) < len(rows)


def test_no_record_of_another_corpus_is_drawn_again():
    """No pointer of trace_math is a row of real_math or reason_math; the gaokao rows of the first four splits come
    from other models' files than the ones reason_math reads, the fourth fresh split's from the gpt-4-0314 files
    reason_math reads (other records of them, by the first assertion), and the fifth's likewise; no PHYSICS problem
    is drawn twice for one model's run; no pointer of any other corpus's label file is a trace_math row."""
    others = [line for name in ("real_math", "reason_math")
              for line in read_jsonl(ROOT / "tests" / "data" / f"{name}.labels.jsonl")]
    taken = {line["source"] for line in others}
    assert not taken & {line["source"] for line in TRACE}
    files = {line["source"].split("#")[0] for line in others if repo_of(line["source"]) == "OpenLMLab/GAOKAO-Bench"}
    gaokao = [line for line in TRACE if repo_of(line["source"]) == "OpenLMLab/GAOKAO-Bench"]
    ours = {line["source"].split("#")[0] for line in gaokao if line["split"] not in ("fresh4", "fresh5")}
    assert ours and files and not ours & files
    assert {line["source"].split("#")[0] for line in gaokao if line["split"] in ("fresh4", "fresh5")} <= files
    physics = [line["source"] for line in others + TRACE if repo_of(line["source"]) == PHYSICS]
    assert len(set(physics)) == len(physics)
    every = {line["source"] for path in (ROOT / "tests" / "data").glob("*.labels.jsonl") if path.name != CORPUS.labels
             for line in read_jsonl(path)}
    assert len(every) > len(taken) and not every & {line["source"] for line in TRACE}


# -- the join with the full corpus, when it is here ----------------------------------------------------------------

@pytest.fixture(scope="module")
def trace_corpus() -> list[dict]:
    return load_or_skip("trace_math")


def test_corpus_matches_the_labels(trace_corpus):
    assert [row["id"] for row in trace_corpus] == [line["id"] for line in TRACE]
    for row, line in zip(trace_corpus, TRACE):
        assert len(row["prediction"]) == line["chars"], row["id"]
        assert (row["label"], row["style"], row["split"]) == (line["label"], line["style"], line["split"])
        assert row["question"].strip() and row["prediction"].strip(), row["id"]


#: the unit the last subproblem of a Minerva question asks its answer in (``in eV``, ``in units of ergs per second``,
#: ``in $s^{-1}$``): "in", then a unit symbol or name, not any word ("in a hydrogen atom" is no unit)
UNIT_NAMES = ("eV|keV|MeV|nm|mm|cm|km|m|kg|g|amu|s|sec|seconds?|minutes?|years?|K|J|kJ|ergs?|W|V|Hz|Pa|atm|mol|L|"
              "Celsius|arcseconds?|arcsec|pc|AU|kcal|T|F|Farads?|radians?|degrees?|meters?|centimeters?|"
              "kilometers?|Angstroms?|grams?|joules?|dollars?|cents?")
ASKED_UNIT = re.compile(r"\bin\s+(?:units of\s+)?\$?\s*(?:\\(?:mathrm|text)\s*\{\s*)?(?:" + UNIT_NAMES
                        + r")(?![A-Za-z])")


#: a PHYSICS gold that ends in a unit after a number (``8.46 \times 10^{-4} \, \text{amu}``, ``L = 3.95 \times
#: 10^{-5} \, \text{H}``, ``10^{-16} \ \text{cm}^2``): the fourth fresh split's draw filter, which read golds only
UNIT_GOLD = re.compile(r"\d[^=]*\\(?:text|mathrm)\s*\{[^{}]{1,14}\}(?:\^\{?-?\d+\}?)?\s*\.?\s*$")


def test_corpus_has_what_the_brief_asks_for(trace_corpus):
    """Golds that are not integers (40% at least, in the whole and in each fresh split), the Minerva physics rows
    (in the second fresh split, 30 whose question names the unit asked), the PHYSICS rows of the fourth and fifth
    (30 and 15 whose gold is a number with a unit, DeepSeek's replies thinking in a ``<think>`` block; the fifth's
    all closing it), the sixth (15), the seventh (30), the ninth (25), the tenth (25) and the eleventh (15), traces with a think block,
    questions in Chinese (a reply that answers is closed by its 【答案】 line or a sentence; the others loop, are cut
    off, hold an API error or say no answer can be given, and are wrong)."""
    fresh = [row for row in trace_corpus if row["split"] == "fresh"]
    fresh2 = [row for row in trace_corpus if row["split"] == "fresh2"]
    fresh3 = [row for row in trace_corpus if row["split"] == "fresh3"]
    fresh4 = [row for row in trace_corpus if row["split"] == "fresh4"]
    fresh5 = [row for row in trace_corpus if row["split"] == "fresh5"]
    fresh6 = [row for row in trace_corpus if row["split"] == "fresh6"]
    fresh7 = [row for row in trace_corpus if row["split"] == "fresh7"]
    fresh8 = [row for row in trace_corpus if row["split"] == "fresh8"]
    fresh9 = [row for row in trace_corpus if row["split"] == "fresh9"]
    fresh10 = [row for row in trace_corpus if row["split"] == "fresh10"]
    fresh11 = [row for row in trace_corpus if row["split"] == "fresh11"]
    fresh12 = [row for row in trace_corpus if row["split"] == "fresh12"]
    fresh13 = [row for row in trace_corpus if row["split"] == "fresh13"]
    fresh14 = [row for row in trace_corpus if row["split"] == "fresh14"]
    fresh15 = [row for row in trace_corpus if row["split"] == "fresh15"]
    fresh16 = [row for row in trace_corpus if row["split"] == "fresh16"]
    fresh17 = [row for row in trace_corpus if row["split"] == "fresh17"]
    fresh18 = [row for row in trace_corpus if row["split"] == "fresh18"]
    for rows in (trace_corpus, fresh, fresh2, fresh3, fresh4, fresh5, fresh6, fresh7, fresh8, fresh9, fresh10, fresh11,
                 fresh12, fresh13, fresh14, fresh15, fresh16, fresh17, fresh18):
        not_integer = [row for row in rows if not INTEGER.match(row["answer"].strip())]
        assert len(not_integer) >= 0.4 * len(rows), len(not_integer)
    minerva = [row for row in trace_corpus if "/minerva_math/" in row["source"]]
    assert len(minerva) >= 130 and sum(row["split"] == "fresh" for row in minerva) >= 20, len(minerva)
    units = [row for row in minerva if row["split"] == "fresh2"
             and ASKED_UNIT.search(re.split(r"Subproblem \d+:", row["question"])[-1])]
    assert len(units) >= 30, len(units)
    for rows, size in ((fresh4, 30), (fresh5, 15), (fresh6, 15), (fresh7, 30), (fresh9, 25), (fresh10, 25),
                       (fresh11, 15), (fresh12, 10)):
        physics = [row for row in rows if repo_of(row["source"]) == PHYSICS]
        assert len(physics) == size and all(UNIT_GOLD.search(row["answer"].strip()) for row in physics)
        assert all("<think>" in row["prediction"] for row in physics if row["model"].startswith("DeepSeek"))
    assert all("</think>" in row["prediction"] for row in fresh5 if repo_of(row["source"]) == PHYSICS)
    fresh4_chinese = [row for row in fresh4 if repo_of(row["source"]) == "OpenLMLab/GAOKAO-Bench"]
    fresh5_chinese = [row for row in fresh5 if repo_of(row["source"]) == "OpenLMLab/GAOKAO-Bench"]
    for rows, least in ((fresh, 30), (fresh2, 40), (fresh3, FRESH3_CHINESE), (fresh4, len(fresh4_chinese)),
                        (fresh5, len(fresh5_chinese))):
        chinese = [row for row in rows if re.search(r"[\u4e00-\u9fff]", row["question"])]
        assert len(chinese) >= least
        assert all(row["style"] in ("chinese", "prose") or (row["style"] in ("degenerate", "no-answer", "truncated")
                                                           and not row["label"]) for row in chinese)
    # a Chinese row labelled right commits in its 【答案】 line
    assert all("【答案】" in row["prediction"]
               for row in fresh3[:FRESH3_CHINESE] + fresh4_chinese + fresh5_chinese if row["label"])
    assert len(fresh4_chinese) == len(fresh5_chinese) == 40
    assert sum("</think>" in row["prediction"] for row in trace_corpus) >= 60
    truncated = [row for row in trace_corpus if row["style"] in ("truncated", "degenerate")]
    assert truncated and not any(row["label"] for row in truncated), "a reply cut off before answering is wrong"


#: a multiple-choice question's option line, and a gold that is option letters (``BC``, ``D.``)
OPTION_LINE = re.compile(r"\n[A-D][.．、]\s")
LETTER_GOLD = re.compile(r"^[A-D]+\.?$")


@pytest.mark.parametrize(("split", "size"), [("fresh6", 45), ("fresh7", 50), ("fresh9", 25), ("fresh10", 25),
                                           ("fresh11", 15)])
def test_gaokao_2024_rows_ask_for_values(trace_corpus, split, size):
    """The sixth, seventh, ninth, tenth and eleventh splits' llm_gaokao rows: no multiple-choice question (no option lines, no letter gold),
    the Chinese group's questions in Chinese and the translated group's in English; the gold is the paper's, never a
    skipped part; a row labelled right commits in a box, as the prompt asked."""
    gaokao = [row for row in trace_corpus if row["split"] == split and repo_of(row["source"]) == LLM_GAOKAO]
    assert len(gaokao) == size
    for row in gaokao:
        assert not OPTION_LINE.search(row["question"]) and not LETTER_GOLD.match(row["answer"].strip()), row["id"]
        assert not re.search(r"\bskip|略", row["answer"]), row["id"]
        in_chinese = bool(re.search(r"[\u4e00-\u9fff]", row["question"]))
        assert in_chinese != row["source"].split("#")[0].endswith("_english.md"), row["id"]
        assert not row["label"] or "\\boxed" in row["prediction"], row["id"]


def test_eighth_split_groups_split_the_golds(trace_corpus):
    """The eighth split's first group of each repository has golds that are not whole numbers, its second whole
    numbers (``INTEGER``: ``194.0`` and ``055`` are whole)."""
    rows = {row["id"]: row for row in trace_corpus}
    for name, group in fresh_groups("fresh8", FRESH8_GROUPS).items():
        whole = [bool(INTEGER.match(rows[line["id"]]["answer"].strip())) for line in group]
        assert whole == [name.endswith(" integer")] * len(group), name


def mirror_dir() -> Path:
    named = os.environ.get("ANSWERBENCH_MIRROR")
    return Path(named) if named else ROOT.parent / ".mirror"


def test_rebuild_from_the_snapshots_equals_the_corpus(tmp_path):
    mirror = mirror_dir()
    absent = sorted(repo for repo in REPOS if not (mirror / repo.replace("/", "+")).is_dir())
    if absent:
        pytest.skip(f"the source snapshots are not here ({mirror}; set ANSWERBENCH_MIRROR): missing {absent[0]}")
    (done, total, problems), = real_corpus.build(mirror, tmp_path, names=["trace_math"]).values()
    assert problems == [] and done == total == len(TRACE)
    built = tmp_path / CORPUS.file
    assert [row["id"] for row in read_jsonl(built)] == [line["id"] for line in TRACE]
    here = real_corpus.corpora_dir() / CORPUS.file
    if here.is_file():
        assert built.read_bytes() == here.read_bytes()


def english_candidates(mirror: Path, files: set[str]) -> dict[str, str]:
    """Every record (and sample) of these English answer files, pointer -> gold as written: TLDR's records and the
    samples of their one temperature, the Qwen harness's lines with one completion, the test-time-scaling lines'
    samples (a Python list literal read by literal_eval, which runs nothing)."""
    snapshots, found = real_corpus.Mirror(mirror), {}
    for file in sorted(files):
        repo, rest = file.split("@", 1)
        commit, path = rest.split(":", 1)
        if repo == "zzli2022/TLDR":
            for k, item in enumerate(snapshots.parsed(repo, commit, path, "json").values()):
                runs = list(item["responses"].values())
                if len(runs) == 1:
                    found.update({f"{file}#record{k}/sample{i}": str(item["answer"]) for i in range(len(runs[0]))})
            continue
        for n, item in enumerate(snapshots.parsed(repo, commit, path, "jsonl"), 1):
            if item is None:
                continue
            if repo.startswith("Fomaldehyde/"):
                outputs = item["model_outputs"]
                count = len(ast.literal_eval(outputs) if isinstance(outputs, str) else outputs)
                found.update({f"{file}#L{n}/sample{i}": str(item["reference_answer"]) for i in range(count)})
            elif len(item["code"]) == 1:
                found[f"{file}#L{n}"] = str(item["gt"])
    return found


def test_eighth_split_draw_replays_from_the_snapshots():
    """The English candidates enumerated from the snapshots (the README's counts); the sixth split's English draw
    (5 a repository, lowest hash, its own exclusions) given back, which checks the enumeration; then the eighth's:
    per repository the free records of lowest hash whose gold is not a whole number, then those whose gold is."""
    mirror = mirror_dir()
    if any(not (mirror / repo.replace("/", "+")).is_dir() for repo in ENGLISH_REPOS):
        pytest.skip(f"the English snapshots are not here ({mirror}; set ANSWERBENCH_MIRROR)")
    candidates = english_candidates(mirror, before_the_fourth_split())
    per_repo = {repo: sorted((p for p in candidates if repo_of(p) == repo), key=pointer_hash) for repo in ENGLISH_REPOS}
    assert {repo: len(pointers) for repo, pointers in per_repo.items()} == dict(zip(ENGLISH_REPOS, (7900, 24351, 570,
                                                                                                   720)))
    sixth = fresh_groups("fresh6", FRESH6_GROUPS)["english"]
    taken = taken_before(FRESH8_FIRST, skip="fresh6")
    assert [line["source"] for line in sixth] == [p for repo in ENGLISH_REPOS if repo != "zhusq20/reasoning-evals"
                                                  for p in [p for p in per_repo[repo] if p not in taken][:5]]
    taken, drawn = taken_before(FRESH8_FIRST), []
    for repo in ENGLISH_REPOS:
        free = [p for p in per_repo[repo] if p not in taken]
        for kind, size in FRESH8_KINDS:
            drawn += [p for p in free if bool(INTEGER.match(candidates[p].strip())) == (kind == "integer")][:size]
    assert drawn == [line["source"] for line in TRACE if line["split"] == "fresh8"]


def physics_candidates(snapshots: real_corpus.Mirror, commit: str, run: str, units: bool = True) -> dict[str, str]:
    """The PHYSICS unit-gold candidates of one run, pointer -> gold_source: the records of its text-only response
    files (a file absent from the snapshot, or with a line that is not JSON, is one no reader takes) whose benchmark
    record of the same ``id`` has one final answer, a number then a unit (``UNIT_GOLD``, read from the gold only);
    without ``units``, one final answer of any kind (the thirteenth split)."""
    found = {}
    for domain in DOMAINS:
        bench = f"PHYSICS/{domain}_dataset.jsonl"
        golds = {item["id"]: (n, item) for n, item in enumerate(snapshots.parsed(PHYSICS, commit, bench, "jsonl"), 1)
                 if item is not None}
        path = f"outputs/{run}/{domain}_dataset_textonly/response.jsonl"
        try:
            ids = [json.loads(line).get("id") if line.strip() else None
                   for line in snapshots.blob(PHYSICS, commit, path).decode("utf-8").splitlines()]
        except (real_corpus.Unreadable, ValueError):
            continue
        for n, key in enumerate(ids, 1):
            if key in golds and len(golds[key][1]["final_answers"]) == 1 \
                    and (not units or UNIT_GOLD.search(golds[key][1]["final_answers"][0].strip())):
                found[f"{PHYSICS}@{commit}:{path}#L{n}"] = f"{PHYSICS}@{commit}:{bench}#L{golds[key][0]}"
    return found


@pytest.mark.parametrize(("split", "first"), [("fresh9", FRESH9_FIRST), ("fresh10", FRESH10_FIRST),
                                             ("fresh11", FRESH11_FIRST), ("fresh12", FRESH12_FIRST)])
def test_ninth_and_tenth_split_draws_replay_from_the_snapshots(split, first):
    """The ninth and tenth splits' English and PHYSICS groups drawn again from the snapshots, each with its own
    exclusions (the tenth's include the ninth's rows): per English repository the 3 free records of lowest hash whose
    gold is not a whole number, then the 2 whose gold is; the 29 PHYSICS runs with text-only responses are
    ``FRESH9_RUNS``, and each of the 25 turns takes the free record of lowest hash of its run (with the gold record
    ``gold_source`` names), the round started at its first run each time. The eleventh's: ``FRESH11_KINDS`` and 15
    PHYSICS turns; the twelfth's ``FRESH12_KINDS`` and 10."""
    mirror = mirror_dir()
    if any(not (mirror / repo.replace("/", "+")).is_dir() for repo in (*ENGLISH_REPOS, PHYSICS)):
        pytest.skip(f"the English and PHYSICS snapshots are not here ({mirror}; set ANSWERBENCH_MIRROR)")
    rows = [line for line in TRACE if line["split"] == split]
    taken = taken_before(first)
    candidates = english_candidates(mirror, before_the_fourth_split())
    drawn = []
    kinds = {"fresh11": FRESH11_KINDS, "fresh12": FRESH12_KINDS}.get(split, {repo: FRESH9_KINDS for repo in ENGLISH_REPOS})
    for repo in ENGLISH_REPOS:
        free = sorted((p for p in candidates if repo_of(p) == repo and p not in taken), key=pointer_hash)
        for kind, size in kinds[repo]:
            drawn += [p for p in free if bool(INTEGER.match(candidates[p].strip())) == (kind == "integer")][:size]
    assert drawn == [line["source"] for line in rows[-len(drawn):]] and len(drawn) in (20, 30, 34)
    physics = fresh_groups(split, {"fresh11": FRESH11_GROUPS, "fresh12": FRESH12_GROUPS}.get(split, FRESH9_GROUPS))["physics"]
    commit = physics[0]["source"].split("@", 1)[1].split(":", 1)[0]
    listing = subprocess.run(["git", "-C", str(mirror / PHYSICS.replace("/", "+") / "repo"), "ls-tree", "-r",
                              "--name-only", commit, "outputs/"], check=True, capture_output=True, text=True).stdout
    runs = {found.group(1) for found in re.finditer(r"^outputs/([^/]+)/[a-z]+_dataset_textonly/response\.jsonl$",
                                                    listing, re.M)}
    assert runs == set(FRESH9_RUNS) and len(FRESH9_RUNS) == 29
    snapshots = real_corpus.Mirror(mirror)
    for line, run in zip(physics, FRESH9_RUNS):
        found = physics_candidates(snapshots, commit, run)
        lowest = min((p for p in found if p not in taken), key=pointer_hash)
        assert (line["source"], line["gold_source"]) == (lowest, found[lowest]), line["id"]


@pytest.mark.parametrize(("split", "first", "size"), [("fresh13", FRESH13_FIRST, FRESH13),
                                                     ("fresh14", FRESH14_FIRST, FRESH14)])
def test_thirteenth_and_fourteenth_split_draws_replay_from_the_snapshots(split, first, size):
    """The thirteenth split drawn again from the snapshot: DeepSeek-R1's text-only records of every domain whose
    benchmark record has one final answer, the 45 of lowest pointer hash no label file held before it; the
    fourteenth by the same rule, the thirteenth's rows taken."""
    mirror = mirror_dir()
    if not (mirror / PHYSICS.replace("/", "+")).is_dir():
        pytest.skip(f"the PHYSICS snapshot is not here ({mirror}; set ANSWERBENCH_MIRROR)")
    rows = [line for line in TRACE if line["split"] == split]
    commit = rows[0]["source"].split("@", 1)[1].split(":", 1)[0]
    found = physics_candidates(real_corpus.Mirror(mirror), commit, R1_RUN, units=False)
    taken = taken_before(first)
    drawn = sorted((p for p in found if p not in taken), key=pointer_hash)[:size]
    assert [(p, found[p]) for p in drawn] == [(line["source"], line["gold_source"]) for line in rows]


@pytest.mark.parametrize(("split", "first"), [("fresh15", FRESH15_FIRST), ("fresh16", FRESH16_FIRST),
                                              ("fresh17", FRESH17_FIRST), ("fresh18", FRESH18_FIRST)])
def test_fifteenth_and_sixteenth_split_draws_replay_from_the_snapshots(split, first):
    """The fifteenth split drawn again: per English repository, from the answer files rows before the fourth split
    read, the free records of lowest pointer hash, 6 whose gold is not a whole number, then 4 whose gold is; the
    sixteenth to the eighteenth by the same rule, the earlier splits' rows taken."""
    mirror = mirror_dir()
    if any(not (mirror / repo.replace("/", "+")).is_dir() for repo in ENGLISH_REPOS):
        pytest.skip(f"the English snapshots are not here ({mirror}; set ANSWERBENCH_MIRROR)")
    candidates = english_candidates(mirror, before_the_fourth_split())
    taken, drawn = taken_before(first), []
    for repo in ENGLISH_REPOS:
        free = sorted((p for p in candidates if repo_of(p) == repo and p not in taken), key=pointer_hash)
        for kind, size in FRESH15_KINDS:
            drawn += [p for p in free if bool(INTEGER.match(candidates[p].strip())) == (kind == "integer")][:size]
    assert drawn == [line["source"] for line in TRACE if line["split"] == split]


# -- the readers of these formats, on snapshots made here -----------------------------------------------------------

def snapshot(root: Path, repo: str, files: dict[str, str]) -> str:
    """A one-commit git repository laid out as fetch lays out snapshots (``<owner>+<repo>/repo``); its commit."""
    work = root / repo.replace("/", "+") / "repo"
    for path, text in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(text, encoding="utf-8")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "records"], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()


def read(mirror: Path, pointer: str, **row) -> dict:
    return real_corpus.reader_for(CORPUS, pointer)(real_corpus.Record(real_corpus.Mirror(mirror), pointer, row))


TLDR_LOG = "reason_eval_log/M/math500/run_t0.7_n2.json"


def test_tldr_log_record_and_sample(tmp_path):
    log = {"What is 1+1?": {"problem": "What is 1+1?", "answer": "2",
                            "responses": {"0.7": [{"content": "</think>\n\\boxed{3}", "correctness": False},
                                                  {"content": "</think>\n\\boxed{2}", "correctness": True}]}},
           "Half of 1?": {"problem": "Half of 1?", "answer": "\\frac12",
                          "responses": {"0.7": [{"content": "0.5"}, {"content": "\\boxed{\\frac12}"}]}}}
    commit = snapshot(tmp_path, "zzli2022/TLDR", {TLDR_LOG: json.dumps(log)})
    at = f"zzli2022/TLDR@{commit}:{TLDR_LOG}"
    assert read(tmp_path, f"{at}#record0/sample1") == {"question": "What is 1+1?", "gold": "2",
                                                       "response": "</think>\n\\boxed{2}"}
    assert read(tmp_path, f"{at}#record1/sample0")["gold"] == "\\frac12"
    with pytest.raises(real_corpus.Unreadable, match="no record #record2/sample0"):
        read(tmp_path, f"{at}#record2/sample0")
    with pytest.raises(real_corpus.Unreadable, match="should be record<k>/sample<i>"):
        read(tmp_path, f"{at}#L1")


SAMPLED = "experiment_results/raw_base_pass@3_seed42.jsonl"


def test_sampled_run_reads_a_python_list_literal_without_running_it(tmp_path):
    """``model_outputs`` is a Python literal in some files: read by literal_eval, so a call in it is refused."""
    lines = [{"question": "q1", "reference_answer": "15",
              "model_outputs": str([{"sample_idx": 1, "model_output": "a"}, {"sample_idx": 2, "model_output": "b"}])},
             {"question": "q2", "reference_answer": "7", "model_outputs": [{"model_output": "\\boxed{7}"}]},
             {"question": "q3", "reference_answer": "1", "model_outputs": "[__import__('os').getcwd()]"}]
    repo = "Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051-"
    commit = snapshot(tmp_path, repo, {SAMPLED: "".join(json.dumps(line) + "\n" for line in lines)})
    at = f"{repo}@{commit}:{SAMPLED}"
    assert read(tmp_path, f"{at}#L1/sample1") == {"question": "q1", "gold": "15", "response": "b"}
    assert read(tmp_path, f"{at}#L2/sample0")["response"] == "\\boxed{7}"
    with pytest.raises(ValueError):
        read(tmp_path, f"{at}#L3/sample0")
    with pytest.raises(real_corpus.Unreadable, match="no record on line 4"):
        read(tmp_path, f"{at}#L4/sample0")


def page(tokens: list[str]) -> str:
    """A log-probability page as the plotting code writes it: one span per token, its info box inside."""
    spans = "".join(f'\n        <span class="token" style="background-color: rgb(1, 2, 3);">\n            {token}\n'
                    f'            <span class="token-info">\n                Token #{n} | ID: 1 | LogProb: -0.1\n'
                    f'            </span>\n        </span>\n' for n, token in enumerate(tokens))
    return f'<html><body><div class="token-viz">{spans}</div><div class="stats">Total tokens</div></body></html>'


def test_logprob_page_joins_its_tokens_and_takes_the_gold_from_the_aime_record(tmp_path):
    tokens = ["&lt;think&gt;", "\n", "Okay", ",", "&nbsp;so", "&nbsp;x&nbsp;&amp;&nbsp;y", "\n\n", "&lt;/think&gt;",
              "\n\n", "\\boxed", "{", "025", "}", "&lt;|im_end|&gt;"]
    ping = "pingzhili/lm-reasoning-eval"
    plot = "plots/qwen3-32b-thinking-aime24-logprobs-3.html"
    commit = snapshot(tmp_path, ping, {plot: page(tokens)})
    merge = "Marioiacobelli/Evolutionary-Merging-for-L2S-Math-Reasoning"
    data = "Qwen2.5-Math/evaluation/data/aime24/test.jsonl"
    records = [{"id": 60, "problem": "First?", "answer": "204"}, {"id": 67, "problem": "Find xy.", "answer": "025"}]
    gold_commit = snapshot(tmp_path, merge, {data: "".join(json.dumps(r) + "\n" for r in records)})
    got = read(tmp_path, f"{ping}@{commit}:{plot}#aime24[3]", gold_source=f"{merge}@{gold_commit}:{data}#L2")
    assert got == {"question": "Find xy.", "gold": "025",
                   "response": "<think>\nOkay, so x & y\n\n</think>\n\n\\boxed{025}"}
    with pytest.raises(real_corpus.Unreadable, match="needs a gold_source pointer"):
        read(tmp_path, f"{ping}@{commit}:{plot}#aime24[3]")
    empty = "plots/qwen3-32b-nonthinking-aime24-logprobs-4.html"
    commit = snapshot(tmp_path / "again", ping, {empty: "<html><body>no tokens</body></html>"})
    with pytest.raises(real_corpus.Unreadable, match="no tokens on the page"):
        read(tmp_path / "again", f"{ping}@{commit}:{empty}#aime24[4]", gold_source=f"{merge}@{gold_commit}:{data}#L1")


GAOKAO_2023 = "result/gpt-3.5-turbo_填空题/gpt-3.5-turbo_填空题_1/gpt-3.5-turbo_2010-2022_Math_I_Fill-in-the-Blank.json"


def test_gaokao_blank_as_first_published_reads_the_answer_field(tmp_path):
    """The 2023 result files name the gold ``answer`` (the later ones ``standard_answer``): outer whitespace dropped,
    the model's output kept whole; a file of another subject is not read by this table."""
    examples = [{"question": "13. 若 $x=1$, 则 $2x=$", "answer": "2\n", "model_output": "【解析】...\n【答案】$2$<eoa>",
                 "score": 5},
                {"question": "14. 填空", "answer": " $\\frac{1}{2}$.\n", "model_output": "【答案】$\\frac12$"}]
    repo = "OpenLMLab/GAOKAO-Bench"
    other = GAOKAO_2023.replace("Math_I", "Physics")
    commit = snapshot(tmp_path, repo, {GAOKAO_2023: json.dumps({"keyword": "k", "example": examples},
                                                                ensure_ascii=False),
                                       other: json.dumps({"example": examples})})
    at = f"{repo}@{commit}:{GAOKAO_2023}"
    assert read(tmp_path, f"{at}#example[0]") == {"question": "13. 若 $x=1$, 则 $2x=$", "gold": "2",
                                                  "response": "【解析】...\n【答案】$2$<eoa>"}
    assert read(tmp_path, f"{at}#example[1]")["gold"] == "$\\frac{1}{2}$."
    refused = {f"{at}#example[2]": r"no record #example\[2\]", f"{repo}@{commit}:{other}#example[0]": "no reader"}
    for pointer, message in refused.items():
        with pytest.raises(real_corpus.Unreadable, match=message):
            read(tmp_path, pointer)


GAOKAO_2024 = "Data/Subjective_Questions/gemini-pro_2010-2022_Math_II_Fill-in-the-Blank.json"


def test_gaokao_blank_answers_kept_beside_the_data_read_the_standard_answer(tmp_path):
    """The 2024 version keeps gemini-pro's answers in ``Data/`` in the ``Results/`` format: the gold is
    ``standard_answer`` (outer whitespace dropped), the reply ``model_output`` whole; the per-range copies beside them
    the question files (no model's name) and files of other subjects are not read by this table."""
    examples = [{"question": "13. 若 $x=1$, 则 $3x=$", "standard_answer": "3\n", "analysis": "3",
                 "model_output": "【解析】\n$3x=3$\n【答案】3<eoa>"},
                {"question": "14. 填空", "standard_answer": " $\\frac{1}{3}$\n", "model_output": "RetryError: 503"}]
    repo = "OpenLMLab/GAOKAO-Bench"
    ranged = GAOKAO_2024.replace(".json", "/gemini-pro_seperate_Math_II_Fill-in-the-Blank_0-85.json")
    other = GAOKAO_2024.replace("Math_II_Fill-in-the-Blank", "Physics_Open-ended_Questions")
    questions = GAOKAO_2024.replace("gemini-pro_", "")
    text = json.dumps({"keyword": "k", "model_name": "gemini-pro", "example": examples}, ensure_ascii=False)
    commit = snapshot(tmp_path, repo, {GAOKAO_2024: text, ranged: text, other: text, questions: text})
    at = f"{repo}@{commit}:{GAOKAO_2024}"
    assert read(tmp_path, f"{at}#example[0]") == {"question": "13. 若 $x=1$, 则 $3x=$", "gold": "3",
                                                  "response": "【解析】\n$3x=3$\n【答案】3<eoa>"}
    assert read(tmp_path, f"{at}#example[1]") == {"question": "14. 填空", "gold": "$\\frac{1}{3}$",
                                                  "response": "RetryError: 503"}
    refused = {f"{at}#example[2]": r"no record #example\[2\]", f"{repo}@{commit}:{ranged}#example[0]": "no reader",
               f"{repo}@{commit}:{other}#example[0]": "no reader",
               f"{repo}@{commit}:{questions}#example[0]": "no reader"}
    for pointer, message in refused.items():
        with pytest.raises(real_corpus.Unreadable, match=message):
            read(tmp_path, pointer)


def test_fourth_fresh_split_readers_take_gaokao_results_and_physics_outputs(tmp_path):
    """The fourth fresh split reads GAOKAO-Bench's later ``Results/`` blanks (gold ``standard_answer``) and the
    PHYSICS runs' replies, whose question and gold come from the benchmark record ``gold_source`` names (the same
    ``id``, one final answer); other subjects, the image runs and a record of another problem are refused."""
    gaokao = "OpenLMLab/GAOKAO-Bench"
    blanks = "Results/gpt_4_0314_sub/gpt-4-0314_2010-2022_Math_II_Fill-in-the-Blank.json"
    other = blanks.replace("Math_II_Fill-in-the-Blank", "Physics_MCQs")
    examples = [{"question": "13. 若 $x=2$, 则 $x^2=$", "standard_answer": " 4\n", "model_output": "【答案】4<eoa>"}]
    text = json.dumps({"keyword": "k", "model_name": "gpt-4-0314", "example": examples}, ensure_ascii=False)
    commit = snapshot(tmp_path, gaokao, {blanks: text, other: text})
    assert read(tmp_path, f"{gaokao}@{commit}:{blanks}#example[0]") == {
        "question": "13. 若 $x=2$, 则 $x^2=$", "gold": "4", "response": "【答案】4<eoa>"}
    with pytest.raises(real_corpus.Unreadable, match="no reader"):
        read(tmp_path, f"{gaokao}@{commit}:{other}#example[0]")

    run = "outputs/QwQ_32B_Preview_outputs/optics_dataset_textonly/response.jsonl"
    api = "outputs/deepseek-r1_together_output/optics_dataset_textonly/response.jsonl"
    image = "outputs/Aria_outputs/optics_dataset/response.jsonl"
    bench = "PHYSICS/optics_dataset.jsonl"
    records = [{"id": "optics/1-1", "questions": "How far?", "final_answers": ["3 \\, \\text{m}"]},
               {"id": "optics/1-2", "questions": "Which?", "final_answers": ["1 \\, \\text{s}", "2 \\, \\text{s}"]}]
    replies = {run: {"id": "optics/1-1", "llm_answers": "So \\boxed{3 m}"},
               api: {"id": "optics/1-1", "solution": "<think>\nfar</think>\n\\boxed{300 cm}"},
               image: {"id": "optics/1-1", "llm_answers": "3 m"}}
    files = {bench: "".join(json.dumps(r) + "\n" for r in records),
             **{path: json.dumps(reply) + "\n" for path, reply in replies.items()}}
    commit = snapshot(tmp_path / "physics", PHYSICS, files)
    at = f"{PHYSICS}@{commit}:"
    gold = {"gold_source": f"{at}{bench}#L1"}
    assert read(tmp_path / "physics", f"{at}{run}#L1", **gold) == {"question": "How far?", "gold": "3 \\, \\text{m}",
                                                                    "response": "So \\boxed{3 m}"}
    assert read(tmp_path / "physics", f"{at}{api}#L1", **gold)["response"].endswith("\\boxed{300 cm}")
    refused = {(f"{at}{image}#L1", bench + "#L1"): "no reader", (f"{at}{run}#L1", bench + "#L2"): "id 'optics/1-1'",
               (f"{at}{run}#L2", bench + "#L1"): "no record on line 2"}
    for (pointer, source), message in refused.items():
        with pytest.raises(real_corpus.Unreadable, match=message):
            read(tmp_path / "physics", pointer, gold_source=f"{at}{source}")
    with pytest.raises(real_corpus.Unreadable, match="needs a gold_source pointer"):
        read(tmp_path / "physics", f"{at}{run}#L1")


GAOKAO_PAPER = "data/2024_math_shanghai/exam_with_answer.csv"
GAOKAO_ANSWERS = "response/gpt-4o-2024_math_shanghai.md"


def answer_file(rows: list[tuple[str, str, str]], answers: dict[int, str] | None = None) -> str:
    """An answer file as llm_gaokao's runs write it: per csv row a block, the prompt, the reply, the gold again."""
    answers = answers or {}
    return "".join(f"#### {n}\nPrompt: {prompt}\n\nResponse:\n\n{reply}\n\nAnswer:{answers.get(n, gold)}\n\n"
                   for n, (prompt, gold, reply) in enumerate(rows, 1))


def test_llm_gaokao_block_read_with_the_papers_row(tmp_path):
    """The reply is the text between ``Response:`` and the block's last ``Answer:`` line (a reply may write
    ``Answer:`` itself, or a ``####`` heading); question and gold come from the csv row ``gold_source`` names,
    whose prompt the block must repeat; the last block runs to the end of the file; the gold the block repeats may
    be an older form (the csv's is taken)."""
    rows = [("求 $f(3)$？", "$\\sqrt{3}$", "由定义 $f(3)=\\sqrt{3}$。\n\nAnswer: \\boxed{\\sqrt{3}}"),
            ("解集为？\n（2）求 a", "(1) $(1,2)$ (2) $a>1$", "#### 第一步\n解得 \\boxed{(1,2)}")]
    paper = "prompt,answer\n" + "".join(f'"{prompt}","{gold}"\n' for prompt, gold, _ in rows)
    commit = snapshot(tmp_path, LLM_GAOKAO, {GAOKAO_PAPER: paper,
                                             GAOKAO_ANSWERS: answer_file(rows, {1: "$\\sqrt 3$"}),
                                             "response/gpt-4o-2024_math_shanghai_english.md": answer_file(rows)})
    at = f"{LLM_GAOKAO}@{commit}:"
    first = read(tmp_path, f"{at}{GAOKAO_ANSWERS}#1", gold_source=f"{at}{GAOKAO_PAPER}#1")
    assert first == {"question": "求 $f(3)$？", "gold": "$\\sqrt{3}$",
                     "response": "由定义 $f(3)=\\sqrt{3}$。\n\nAnswer: \\boxed{\\sqrt{3}}"}
    last = read(tmp_path, f"{at}{GAOKAO_ANSWERS}#2", gold_source=f"{at}{GAOKAO_PAPER}#2")
    assert last["response"] == "#### 第一步\n解得 \\boxed{(1,2)}" and last["question"] == "解集为？\n（2）求 a"
    refused = {(f"{GAOKAO_ANSWERS}#2", f"{GAOKAO_PAPER}#1"): "names row 1",
               (f"{GAOKAO_ANSWERS}#3", f"{GAOKAO_PAPER}#3"): "no row 3",
               (f"response/gpt-4o-2024_math_shanghai.txt#1", f"{GAOKAO_PAPER}#1"): "no reader"}
    for (pointer, source), message in refused.items():
        with pytest.raises(real_corpus.Unreadable, match=message):
            read(tmp_path, f"{at}{pointer}", gold_source=f"{at}{source}")
    with pytest.raises(real_corpus.Unreadable, match="needs a gold_source pointer"):
        read(tmp_path, f"{at}{GAOKAO_ANSWERS}#1")


def test_llm_gaokao_block_must_repeat_the_rows_prompt(tmp_path):
    """A block whose prompt is not the csv row's (the answer file of another paper, a paper edited after the run) is
    refused rather than read against the wrong gold; so is a block without its closing ``Answer:`` line."""
    rows = [("求 $a$？", "$0$", "\\boxed{0}"), ("求 $k$？", "$15$", "\\boxed{15}")]
    paper = "prompt,answer\n" + "".join(f'"{prompt}","{gold}"\n' for prompt, gold, _ in rows)
    edited = answer_file([("求 $b$？", "$0$", "\\boxed{0}"), rows[1]])
    unclosed = answer_file(rows).replace("\n\nAnswer:$0$", "")
    commit = snapshot(tmp_path, LLM_GAOKAO, {GAOKAO_PAPER: paper, GAOKAO_ANSWERS: edited,
                                             "response/yi-large-2024_math_shanghai.md": unclosed})
    at = f"{LLM_GAOKAO}@{commit}:"
    with pytest.raises(real_corpus.Unreadable, match="the block's prompt is not the csv's row 1"):
        read(tmp_path, f"{at}{GAOKAO_ANSWERS}#1", gold_source=f"{at}{GAOKAO_PAPER}#1")
    assert read(tmp_path, f"{at}{GAOKAO_ANSWERS}#2", gold_source=f"{at}{GAOKAO_PAPER}#2")["response"] == "\\boxed{15}"
    with pytest.raises(real_corpus.Unreadable, match="or no Answer line"):
        read(tmp_path, f"{at}response/yi-large-2024_math_shanghai.md#1", gold_source=f"{at}{GAOKAO_PAPER}#1")
