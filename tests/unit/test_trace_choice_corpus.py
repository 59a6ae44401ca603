"""The integrity of the ``trace_choice`` corpus (tests/data/trace_choice.README.md) and of its five readers.

* the label file, always: ids, the splits (the hash split for tc-0001..tc-0255, ``fresh`` for tc-0256..tc-0365,
  ``fresh2`` for tc-0366..tc-0469, ``fresh3`` for tc-0470..tc-0599, ``fresh4`` for tc-0600..tc-0709, ``fresh5``
  for tc-0710..tc-0819, ``fresh6`` for tc-0820..tc-0919, ``fresh7`` for tc-0920..tc-1019, ``fresh8`` for
  tc-1020..tc-1119, ``fresh9`` for tc-1120..tc-1215, ``fresh10`` for tc-1216..tc-1365, ``fresh11`` for
  tc-1366..tc-1615, ``fresh12`` for tc-1616..tc-1715, ``fresh13`` from tc-1716 on), label types and styles,
  pointers naming a commit, no excluded source and no source of the other multiple-choice corpora, a reader for
  every pointer;
* the join with the full corpus (``$ANSWERBENCH_CORPORA``), when it is there: same ids, the shapes the
  measurements rely on (the reasoning models' thinking closed before their output), notes that never copy a reply;
* the M3CoT, LogicVista, RoLM, thinking-run and llm_gaokao readers on snapshots made here: the model's last turn and
  the prompt's options, the options a LogicVista question lists or names, a RoLM reply by question id and wording
  with the benchmark's question, options and gold, a thinking model's thinking and output joined (from a run's
  record or from the copy of it a check_verbalization line keeps), a gaokao reply's block with its paper's csv row,
  and the records no reader can follow reported, not guessed.

Never the reader's accuracy on the corpus: that is tools/eval_real_choice.py's measurement (and
tests/unit/test_real_corpora.py's floor).
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from conftest import read_jsonl

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import real_corpus  # noqa: E402  (tools/)

DATA = ROOT / "tests" / "data"
LINES = read_jsonl(DATA / "trace_choice.labels.jsonl")
KEYS = {"id", "source", "harness", "model", "style", "split", "label", "why", "sha256", "gold_sha256",
        "question_sha256", "options_sha256", "chars"}
STYLES = {"letter", "marker", "cot", "option-text", "transcript", "hedge", "refusal", "degenerate", "other"}
REPOS = {"LightChen233/M3CoT", "Yijia-Xiao/LogicVista", "CheongWoong/RoLM", "wgantt/reasoning-models-lie",
         "g1y5x3/llm_gaokao"}
SOURCE = re.compile(rf"^({'|'.join(sorted(REPOS))})@[0-9a-f]{{40}}:[^#]+#\S+$")
THINKING = "wgantt/reasoning-models-lie"
GAOKAO = "g1y5x3/llm_gaokao"
#: rows from this one on were drawn after both hash splits had been scored: the ``fresh`` split
FIRST_FRESH = 256
#: rows from this one on were drawn after the fresh split had been scored too: the ``fresh2`` split
FIRST_FRESH2 = 366
#: rows from this one on were drawn after the second fresh split had been scored too: the ``fresh3`` split
FIRST_FRESH3 = 470
#: rows from this one on were drawn while the third fresh split waited to be scored: the ``fresh4`` split
FIRST_FRESH4 = 600
#: rows from this one on were drawn at the start of round 6, to be scored once at its end: the ``fresh5`` split
FIRST_FRESH5 = 710
#: rows from this one on were drawn in round 6 beside the fifth, to be scored once with it: the ``fresh6`` split
FIRST_FRESH6 = 820
#: rows from this one on were drawn after the fifth and sixth were scored, to be scored once in round 7: ``fresh7``
FIRST_FRESH7 = 920
#: rows from this one on were drawn after the seventh was scored and its miss read, to be scored once in round 7:
#: ``fresh8``
FIRST_FRESH8 = 1020
#: rows from this one on were drawn after the eighth was scored, to be scored once at the end of round 8: ``fresh9``
FIRST_FRESH9 = 1120
#: rows from this one on were drawn after the ninth was scored and its miss read, to be scored once at the end of
#: round 8: ``fresh10``
FIRST_FRESH10 = 1216
#: rows from this one on were drawn after the tenth was scored and its misses read, to be scored once by the lead:
#: ``fresh11``
FIRST_FRESH11 = 1366
#: rows from this one on were drawn after the eleventh was scored and its misses read, to be scored once by the lead:
#: ``fresh12``
FIRST_FRESH12 = 1616
#: rows from this one on were drawn after the twelfth was scored and its miss read, to be scored once by the lead:
#: ``fresh13`` (M3CoT, LogicVista and RoLM only: the reasoning models' files had no reply left)
FIRST_FRESH13 = 1716
#: rows from this one on were drawn after round 16's readings were written, to be scored once by the lead:
#: ``fresh14`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH14 = 1866
#: rows from this one on were drawn after round 20's readings were written (vmcbench 30), to be scored once by the
#: lead: ``fresh15`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH15 = 2016
#: rows from this one on were drawn after round 21's readings were written (vmcbench 32), to be scored once by the
#: lead: ``fresh16`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH16 = 2166
#: rows from this one on were drawn after round 22's readings were written (vmcbench 34), to be scored once by the
#: lead: ``fresh17`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH17 = 2316
#: rows from this one on were drawn after round 24's readings were written (vmcbench 36), to be scored once by the
#: lead: ``fresh18`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH18 = 2466
#: rows from this one on were drawn after round 26's readings were written (vmcbench 38), to be scored once by the
#: lead: ``fresh19`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH19 = 2616
#: rows from this one on were drawn after round 46's readings were written (vmcbench 56), to be scored once by the
#: lead: ``fresh20`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH20 = 2766
#: rows from this one on were drawn after the twentieth split was scored, during round 47 (vmcbench 56), to be scored
#: once by the lead with round 47's reader: ``fresh21`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH21 = 2916
#: rows from this one on were drawn after round 47's readings were committed (vmcbench 57), to be scored once by the
#: lead with round 48's reader: ``fresh22`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH22 = 3066
#: rows from this one on were drawn after round 48's readings were committed (vmcbench 58), to be scored once by the
#: lead with round 48's reader: ``fresh23`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH23 = 3216
#: rows from this one on were drawn after the twenty-third split was scored (vmcbench 58), to be scored once by the
#: lead with round 48's reader: ``fresh24`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH24 = 3366
#: rows from this one on were drawn after the twenty-fourth split was scored (vmcbench 58), to be scored once by the
#: lead with round 48's reader: ``fresh25`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH25 = 3516
#: rows from this one on were drawn after round 49's readings were committed (vmcbench 59), to be scored once by the
#: lead with round 50's reader: ``fresh26`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH26 = 3666
#: rows from this one on were drawn after round 51's readings were committed (vmcbench 59), to be scored once by the
#: lead with round 51's reader: ``fresh27`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH27 = 3816
#: rows from this one on were drawn after round 52's readings were committed (vmcbench 59), to be scored once by the
#: lead with round 52's reader: ``fresh28`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH28 = 3966
#: rows from this one on were drawn after the twenty-eighth split was scored (vmcbench 59), to be scored once by the
#: lead with round 52's reader: ``fresh29`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH29 = 4116
#: rows from this one on were drawn after the twenty-ninth split was scored (vmcbench 59), to be scored once by the
#: lead with round 52's reader: ``fresh30`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH30 = 4266
#: rows from this one on were drawn after the thirtieth split was scored (vmcbench 59), to be scored once by the
#: lead with round 52's reader: ``fresh31`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH31 = 4416
#: rows from this one on were drawn after the thirty-first split was scored (vmcbench 59), to be scored once by
#: the lead with round 53's reader: ``fresh32`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH32 = 4566
#: rows from this one on were drawn after the thirty-second split was scored (vmcbench 60), to be scored once by
#: the lead with round 54's reader: ``fresh33`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH33 = 4716
#: rows from this one on were drawn after the thirty-third split was scored (vmcbench 60), to be scored once by
#: the lead with round 55's reader: ``fresh34`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH34 = 4866
#: rows from this one on were drawn after the thirty-fourth split was scored (vmcbench 60), to be scored once by
#: the lead with round 56's reader: ``fresh35`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH35 = 5016
#: rows from this one on were drawn after the thirty-fifth split was scored (vmcbench 62), to be scored once by
#: the lead with round 58's reader: ``fresh36`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH36 = 5166
#: rows from this one on were drawn after the thirty-sixth split was scored (vmcbench 63), to be scored once by
#: the lead with round 60's reader: ``fresh37`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH37 = 5316
#: rows from this one on were drawn after the thirty-seventh split was scored (vmcbench 64), to be scored once
#: by the lead with round 62's reader: ``fresh38`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH38 = 5466
#: rows from this one on were drawn after the thirty-eighth split was scored (vmcbench 65), to be scored once
#: by the lead with round 63's reader: ``fresh39`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH39 = 5616
#: rows from this one on were drawn after the thirty-ninth split was scored (vmcbench 66), to be scored once
#: by the lead with round 64's reader: ``fresh40`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH40 = 5766
#: rows from this one on were drawn after the fortieth split was scored (vmcbench 67), to be scored once
#: by the lead with round 65's reader: ``fresh41`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH41 = 5916
#: rows from this one on were drawn after the forty-first split was scored (vmcbench 68), to be scored once
#: by the lead with round 66's reader: ``fresh42`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH42 = 6066
#: rows from this one on were drawn after the forty-second split was scored (vmcbench 69), to be scored once
#: by the lead with round 67's reader: ``fresh43`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH43 = 6216
#: rows from this one on were drawn after the forty-third split was scored (vmcbench 69), to be scored once
#: by the lead with round 68's reader: ``fresh44`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH44 = 6366
#: rows from this one on were drawn after the forty-fourth split was scored (vmcbench 70), to be scored once
#: by the lead with round 69's reader: ``fresh45`` (M3CoT, LogicVista and RoLM, the thirteenth's rule)
FIRST_FRESH45 = 6516
#: the splits kept unread until each is scored once
FRESH = ("fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10",
         "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23",
         "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45")
HEX = re.compile(r"^[0-9a-f]{64}$")
#: never used here: the excluded measures, and every repository the other multiple-choice corpora draw on
EXCLUDED = ("jerry-723/tts", "mathllm/math-v", "ruixiangcui/agieval", "novasky-ai/skythought", "dongximing/semantic",
            "mathvista", "mmlu-pro", "eval_results", "zhusq20/reasoning-evals", "zeroeval", "microsoft/tora",
            "openai/grade-school-math")
OTHER_CORPORA = {line["source"].split("@", 1)[0] for name in ("real_choice", "reason_choice")
                 for line in read_jsonl(DATA / f"{name}.labels.jsonl")}


def expected_split(line: dict) -> str:
    """The README's split rules: from tc-6516 on, ``fresh45``; from tc-6366 on, ``fresh44``; from tc-6216 on, ``fresh43``; from tc-6066 on, ``fresh42``; from tc-5916 on, ``fresh41``; from tc-5766 on, ``fresh40``; from tc-5616 on, ``fresh39``; from tc-5466 on, ``fresh38``; from tc-5316 on, ``fresh37``; from tc-5166 on, ``fresh36``; from tc-5016 on, ``fresh35``; from tc-4866 on, ``fresh34``; from tc-4716 on, ``fresh33``; from tc-4566 on, ``fresh32``; from tc-4416 on, ``fresh31``; from tc-4266 on, ``fresh30``; from tc-4116 on, ``fresh29``; from tc-3966 on, ``fresh28``; from tc-3816 on, ``fresh27``; from tc-3666 on, ``fresh26``; from tc-3516 on, ``fresh25``; from tc-3366 on, ``fresh24``; from tc-3216 on, ``fresh23``; from tc-3066 on, ``fresh22``; from tc-2916 on, ``fresh21``; from tc-2766 on, ``fresh20``; from tc-2616 on, ``fresh19``; from tc-2466 on, ``fresh18``; from tc-2316 on, ``fresh17``; from tc-2166 on, ``fresh16``; from tc-2016 on, ``fresh15``; from tc-1866 on, ``fresh14``; from tc-1716 on, ``fresh13``; from tc-1616 on, ``fresh12``; from tc-1366 on, ``fresh11``; from tc-1216 on,
    ``fresh10``; from tc-1120 on, ``fresh9``; from tc-1020 on, ``fresh8``; from tc-0920 on, ``fresh7``; from tc-0820
    on, ``fresh6``; from tc-0710 on, ``fresh5``; from tc-0600 on, ``fresh4``; from tc-0470 on, ``fresh3``; from
    tc-0366 on, ``fresh2``; from tc-0256 on, ``fresh``; before, held out when the pointer's SHA-256, as a number, is 0
    or 1 modulo 5, else dev."""
    number = int(line["id"].split("-")[1])
    if number >= FIRST_FRESH:
        starts = ((FIRST_FRESH45, "fresh45"), (FIRST_FRESH44, "fresh44"), (FIRST_FRESH43, "fresh43"), (FIRST_FRESH42, "fresh42"), (FIRST_FRESH41, "fresh41"), (FIRST_FRESH40, "fresh40"), (FIRST_FRESH39, "fresh39"), (FIRST_FRESH38, "fresh38"), (FIRST_FRESH37, "fresh37"), (FIRST_FRESH36, "fresh36"), (FIRST_FRESH35, "fresh35"), (FIRST_FRESH34, "fresh34"), (FIRST_FRESH33, "fresh33"), (FIRST_FRESH32, "fresh32"), (FIRST_FRESH31, "fresh31"), (FIRST_FRESH30, "fresh30"), (FIRST_FRESH29, "fresh29"), (FIRST_FRESH28, "fresh28"), (FIRST_FRESH27, "fresh27"), (FIRST_FRESH26, "fresh26"), (FIRST_FRESH25, "fresh25"), (FIRST_FRESH24, "fresh24"), (FIRST_FRESH23, "fresh23"), (FIRST_FRESH22, "fresh22"), (FIRST_FRESH21, "fresh21"), (FIRST_FRESH20, "fresh20"), (FIRST_FRESH19, "fresh19"), (FIRST_FRESH18, "fresh18"), (FIRST_FRESH17, "fresh17"), (FIRST_FRESH16, "fresh16"), (FIRST_FRESH15, "fresh15"), (FIRST_FRESH14, "fresh14"), (FIRST_FRESH13, "fresh13"), (FIRST_FRESH12, "fresh12"), (FIRST_FRESH11, "fresh11"), (FIRST_FRESH10, "fresh10"),
                  (FIRST_FRESH9, "fresh9"), (FIRST_FRESH8, "fresh8"), (FIRST_FRESH7, "fresh7"),
                  (FIRST_FRESH6, "fresh6"), (FIRST_FRESH5, "fresh5"), (FIRST_FRESH4, "fresh4"),
                  (FIRST_FRESH3, "fresh3"), (FIRST_FRESH2, "fresh2"), (FIRST_FRESH, "fresh"))
        return next(split for first, split in starts if number >= first)
    return "heldout" if int(hashlib.sha256(line["source"].encode("utf-8")).hexdigest(), 16) % 5 < 2 else "dev"


def test_size_sources_ids_and_split():
    assert len(LINES) >= 460
    assert [line["id"] for line in LINES] == [f"tc-{n:04d}" for n in range(1, len(LINES) + 1)]
    repos = Counter(line["source"].split("@", 1)[0] for line in LINES)
    assert set(repos) == REPOS and not set(repos) & OTHER_CORPORA
    assert len({line["model"] for line in LINES}) >= 15
    assert len({line["source"] for line in LINES}) == len(LINES)
    scored = [line for line in LINES if line["split"] not in FRESH]
    assert len(scored) == FIRST_FRESH - 1  # the rows both earlier splits were measured on
    held = sum(line["split"] == "heldout" for line in scored) / len(scored)
    assert 0.3 < held < 0.5, held
    labels = Counter(line["label"] is None for line in LINES)
    assert labels[True] >= 20, "replies that commit to nothing are part of the corpus"


def test_the_fresh_split():
    """110 rows drawn after both hash splits were scored: every source in it, nulls among them, no reply drawn
    twice for the same question and options."""
    fresh = [line for line in LINES if line["split"] == "fresh"]
    assert [line["id"] for line in fresh] == [f"tc-{n:04d}" for n in range(FIRST_FRESH, FIRST_FRESH2)]
    assert len(fresh) == 110
    by_repo = Counter(line["source"].split("@", 1)[0] for line in fresh)
    assert by_repo == {"LightChen233/M3CoT": 45, "Yijia-Xiao/LogicVista": 35, "CheongWoong/RoLM": 30}
    assert sum(line["label"] is None for line in fresh) >= 10
    triple = lambda line: (line["question_sha256"], line["options_sha256"], line["sha256"])  # noqa: E731
    assert len({triple(line) for line in LINES}) == len(LINES), "a reply drawn twice for the same question"


def test_the_second_fresh_split():
    """104 rows drawn after the fresh split was scored: 64 long replies of three reasoning models from the new
    repository, 40 more from the three earlier ones (pointers none of the choice corpora used), nulls among them."""
    fresh2 = [line for line in LINES if line["split"] == "fresh2"]
    assert [line["id"] for line in fresh2] == [f"tc-{n:04d}" for n in range(FIRST_FRESH2, FIRST_FRESH3)]
    by_repo = Counter(line["source"].split("@", 1)[0] for line in fresh2)
    assert by_repo == {THINKING: 64, "LightChen233/M3CoT": 16, "Yijia-Xiao/LogicVista": 14, "CheongWoong/RoLM": 10}
    thinking = [line for line in fresh2 if line["source"].startswith(THINKING)]
    assert Counter(line["model"] for line in thinking) == {
        "claude-haiku-4-5-20251001": 26, "Kimi-K2-Thinking": 26, "Qwen3-Next-80B-A3B-Thinking": 12}
    assert sum(line["chars"] > 4000 for line in thinking) >= 32, "long chains of thought"
    assert sum(line["label"] is None for line in fresh2) >= 5
    earlier = {line["source"] for line in LINES if line["split"] != "fresh2"}
    assert not {line["source"] for line in fresh2} & earlier


#: where the third fresh split's replies come from (README, "The third fresh split"): the GPQA-Diamond run files are
#: not in the snapshot, so the copies of the hinted runs' records that its check_verbalization files keep
GPQA_COPIES = "experiments/gpqa/prompts/check_verbalization/gpqa_diamond_verbalize_"
MMLU_RUNS = "experiments/mmlu_pro/results/all_responses/mmlu_pro_test200_verbalize_"
MMLU_COPIES = "experiments/mmlu_pro/prompts/check_verbalization/mmlu_pro_test200_verbalize_"
CLAUDE, KIMI, QWEN = "claude-haiku-4-5-20251001", "Kimi-K2-Thinking", "Qwen3-Next-80B-A3B-Thinking"


def _path(line: dict) -> str:
    return line["source"].split(":", 1)[1].split("#", 1)[0]


def test_the_third_fresh_split():
    """130 replies of reasoning models drawn after the second fresh split was scored: GPQA-Diamond 100 (50 each of
    claude-haiku-4-5 and Kimi-K2-Thinking), MMLU-Pro 30 (10 a model) from files the second fresh split did not draw
    on; in each file the lowest SHA-256 of the pointer first; no pointer any choice corpus used before."""
    fresh3 = [line for line in LINES if line["split"] == "fresh3"]
    assert [line["id"] for line in fresh3] == [f"tc-{n:04d}" for n in range(FIRST_FRESH3, FIRST_FRESH4)]
    assert len(fresh3) == 130 and all(line["source"].startswith(THINKING + "@") for line in fresh3)
    gpqa = [line for line in fresh3 if _path(line).startswith(GPQA_COPIES)]
    mmlu = [line for line in fresh3 if not _path(line).startswith(GPQA_COPIES)]
    assert Counter(line["model"] for line in gpqa) == {CLAUDE: 50, KIMI: 50}
    assert Counter(line["model"] for line in mmlu) == {CLAUDE: 10, KIMI: 10, QWEN: 10}
    assert all(line["harness"].startswith("GPQA-Diamond (thinking") for line in gpqa)
    assert all(line["harness"].startswith("MMLU-Pro test200 (thinking") for line in mmlu)
    # Qwen3-Next's MMLU-Pro runs are not in the snapshot but for the one the second split drew on: its copies
    assert all(_path(line).startswith(MMLU_COPIES if line["model"] == QWEN else MMLU_RUNS) for line in mmlu)
    drawn_before = {_path(line) for line in LINES if line["split"] == "fresh2" and line["source"].startswith(THINKING)}
    assert not {_path(line) for line in fresh3} & drawn_before
    assert not any("metadata_correct_qwen3_next" in _path(line) for line in fresh3)  # the copy of a run drawn on
    by_file = _pointer_hashes_by_file(fresh3)
    assert len(by_file) == 25 and all(hashes == sorted(hashes) for hashes in by_file.values())
    assert not {line["source"] for line in fresh3} & _sources_outside("fresh3")
    assert sum(line["chars"] > 4000 for line in fresh3) >= 100, "long chains of thought"


def _pointer_hashes_by_file(lines: list[dict]) -> dict[str, list[str]]:
    """file -> the SHA-256 of its rows' pointers, in row order (a draw takes the lowest first)."""
    by_file: dict[str, list[str]] = {}
    for line in lines:
        by_file.setdefault(_path(line), []).append(hashlib.sha256(line["source"].encode("utf-8")).hexdigest())
    return by_file


def _sources_outside(split: str) -> set[str]:
    """Every pointer of the other splits and of the other multiple-choice corpora."""
    return {line["source"] for line in LINES if line["split"] != split} | {
        line["source"] for name in ("real_choice", "reason_choice") for line in read_jsonl(DATA / f"{name}.labels.jsonl")}


#: the fourth fresh split's draw (README, "The fourth fresh split"): file -> rows, in row order
FRESH4_FILES = {
    MMLU_RUNS + "baseline_claude_4.5_haiku.jsonl": 17, MMLU_RUNS + "baseline_kimi_k2_thinking.jsonl": 17,
    MMLU_RUNS + "metadata_correct_qwen3_next.jsonl": 16,
    **{f"experiment/zero-shot/{model}/{prompt}.jsonl": n for model, prompt, n in (
        ("gemini", "cot", 2), ("gemini", "dsp", 2), ("gemini", "direct", 1), ("gpt4v", "direct", 1),
        ("cogvlm", "cot", 1), ("cogvlm", "dsp", 1), ("cogvlm", "direct", 1), ("llava-13b", "cot", 1),
        ("llava-13b", "ccot", 1), ("llava-7b", "cot", 1), ("llava-7b", "dsp", 1), ("instruct-blip-13b", "cot", 1),
        ("instruct-blip-13b", "dsp", 1), ("instruct-blip-7b", "cot", 1), ("kosmos-2", "cot", 1),
        ("kosmos-2", "direct", 1), ("openflamingo", "cot", 2))},
    **{f"eval/answers/{model}-answers.json": 2 for model in ("LLAVANEXT-13B-vicuna", "LLAVANEXT-34B-NH",
                                                             "LLAVANEXT-7B-vicuna")},
    **{f"eval/answers/{model}-answers.json": 1 for model in (
        "miniGPTvicuna13B", "miniGPTvicuna7B", "GIT", "GIT-large", "LLAVA7B", "LLAVA13B", "LLAVANEXT-7B-mistral",
        "otter9B", "instructBLIP-vicuna-7B", "instructBLIP-vicuna-13B", "instructBLIP-flan-t5-xxl", "BLIP2", "GPT4",
        "VILT")},
    **{f"results_shared/{dataset}/Phi-3.5-vision-instruct/{strategy}_raw_predictions.jsonl": n
       for dataset, strategy, n in (("CommonsenseQA", "zero-shot-cot", 5), ("CommonsenseQA", "zero-shot", 3),
                                    ("CommonsenseQA", "few-shot", 2), ("QASC", "zero-shot-cot", 4),
                                    ("QASC", "few-shot-cot", 3), ("QASC", "zero-shot", 2), ("QASC", "few-shot", 1))},
}


def test_the_fourth_fresh_split():
    """110 replies drawn while the third fresh split waited to be scored: 50 of the reasoning models (the MMLU-Pro
    baseline runs of claude-haiku-4-5 and Kimi-K2-Thinking, the only unhinted replies the snapshot stores, and
    Qwen3-Next's one stored run), 20 each of M3CoT, LogicVista and RoLM; the files and counts fixed in the README,
    in each file the lowest SHA-256 of the pointer first; no pointer any choice corpus used before."""
    fresh4 = [line for line in LINES if line["split"] == "fresh4"]
    assert [line["id"] for line in fresh4] == [f"tc-{n:04d}" for n in range(FIRST_FRESH4, FIRST_FRESH5)]
    by_file = _pointer_hashes_by_file(fresh4)
    assert list(by_file) == list(FRESH4_FILES), "the README's files, in its order"
    assert {path: len(hashes) for path, hashes in by_file.items()} == FRESH4_FILES
    assert all(hashes == sorted(hashes) for hashes in by_file.values())
    by_repo = Counter(line["source"].split("@", 1)[0] for line in fresh4)
    assert by_repo == {THINKING: 50, "LightChen233/M3CoT": 20, "Yijia-Xiao/LogicVista": 20, "CheongWoong/RoLM": 20}
    thinking = [line for line in fresh4 if line["source"].startswith(THINKING)]
    assert Counter(line["model"] for line in thinking) == {CLAUDE: 17, KIMI: 17, QWEN: 16}
    unhinted = [line for line in thinking if line["harness"].endswith("; no hint)")]
    assert {line["model"] for line in unhinted} == {CLAUDE, KIMI} and len(unhinted) == 34
    assert all(line["style"] == "cot" and line["label"] is not None for line in thinking)
    assert sum(line["label"] is None for line in fresh4) >= 10, "replies committing to nothing"
    assert len({line["model"] for line in fresh4}) >= 25
    assert not {line["source"] for line in fresh4} & _sources_outside("fresh4")


#: llm_gaokao's papers and how many single-answer questions each holds (README, "The fifth fresh split": Beijing 1-10,
#: national I and II 1-8, Shanghai 13-16)
GAOKAO_QUESTIONS = {"beijing": range(1, 11), "national1": range(1, 9), "national2": range(1, 9),
                    "shanghai": range(13, 17)}
ALL_PAPERS = ("beijing", "national1", "national2", "shanghai")
#: language (English?) -> model -> the papers its response files answer, in name order
GAOKAO_PAPERS = {
    False: {"Qwen2-72B-Instruct": ("national1", "national2", "shanghai"), "Yi-1.5-9B-Chat": ("shanghai",),
            "claude-3-5-sonnet-20240620": ALL_PAPERS, "deepseek-coder": ALL_PAPERS,
            "gemini-1.5-pro": ("national1", "national2", "shanghai"), "gpt-4o": ALL_PAPERS,
            "yi-large": ("national1", "national2", "shanghai")},
    True: {"Yi-1.5-9B-Chat": ("shanghai",), "claude-3-5-sonnet-20240620": ALL_PAPERS, "deepseek-coder": ALL_PAPERS,
           "gemini-1.5-pro": ("shanghai",), "gpt-4o": ALL_PAPERS},
}
#: the fifth fresh split's other files (README): file -> rows, in row order
FRESH5_OTHER_FILES = {
    MMLU_RUNS + "baseline_claude_4.5_haiku.jsonl": 9, MMLU_RUNS + "baseline_kimi_k2_thinking.jsonl": 8,
    MMLU_RUNS + "metadata_correct_qwen3_next.jsonl": 8,
    **{f"experiment/zero-shot/{model}/{prompt}.jsonl": 1 for model, prompt in (
        ("gemini", "cot"), ("gpt4v", "direct"), ("cogvlm", "cot"), ("llava-13b", "dsp"), ("llava-7b", "cot"),
        ("instruct-blip-13b", "cot"), ("kosmos-2", "dsp"))},
    **{f"eval/answers/{model}-answers.json": 1 for model in (
        "LLAVANEXT-13B-vicuna", "LLAVANEXT-34B-NH", "miniGPTvicuna13B", "GIT", "LLAVA13B", "instructBLIP-vicuna-7B",
        "GPT4")},
    **{f"results_shared/{dataset}/Phi-3.5-vision-instruct/{strategy}_raw_predictions.jsonl": n
       for dataset, strategy, n in (("CommonsenseQA", "zero-shot-cot", 2), ("CommonsenseQA", "few-shot", 1),
                                    ("QASC", "zero-shot-cot", 1), ("QASC", "few-shot-cot", 1),
                                    ("QASC", "zero-shot", 1))},
}


def _round_robin(papers: dict[str, tuple[str, ...]], total: int,
                 drawn_before: Counter | None = None) -> list[tuple[str, str]]:
    """The README's llm_gaokao draw order, (model, paper) a row: the models in name order take turns, each from its
    next paper (cycling; a paper with no question left passed over, a model with none left skipped). A later draw
    starts afresh on the questions earlier draws left (``drawn_before``: (model, paper) -> replies already drawn)."""
    drawn_before = drawn_before or Counter()
    left = {(model, paper): len(GAOKAO_QUESTIONS[paper]) - drawn_before[(model, paper)]
            for model, own in papers.items() for paper in own}
    taken: Counter = Counter()
    order: list[tuple[str, str]] = []
    while len(order) < total:
        before = len(order)
        for model in sorted(papers):
            own = papers[model]
            turn = next((own[(taken[model] + step) % len(own)] for step in range(len(own))
                         if left[(model, own[(taken[model] + step) % len(own)])]), None)
            if turn is None or len(order) == total:
                continue
            left[(model, turn)] -= 1
            taken[model] += 1
            order.append((model, turn))
        if len(order) == before:
            break
    return order


def _gaokao_row(line: dict) -> tuple[str, str, bool, int]:
    """(model, paper, English?, question number) of an llm_gaokao pointer."""
    found = real_corpus.GAOKAO_2024_FILE.fullmatch(_path(line))
    assert found, line["source"]
    return found.group("model"), found.group("paper"), bool(found.group("english")), int(line["source"].rsplit("#")[1])


def test_the_fifth_fresh_split():
    """110 replies drawn at the start of round 6: llm_gaokao 65 (45 Chinese, 20 English; single-answer questions, the
    models and papers taken in turn, the lowest SHA-256 of the pointer first in each file), the reasoning models 25
    (the unhinted MMLU-Pro runs first), M3CoT, LogicVista and RoLM 7, 7 and 6; no pointer any corpus used before."""
    fresh5 = [line for line in LINES if line["split"] == "fresh5"]
    assert [line["id"] for line in fresh5] == [f"tc-{n:04d}" for n in range(FIRST_FRESH5, FIRST_FRESH6)]
    gaokao, others = fresh5[:65], fresh5[65:]
    assert all(line["source"].startswith(GAOKAO + "@") for line in gaokao)
    for lines, english in ((gaokao[:45], False), (gaokao[45:], True)):
        drawn = [_gaokao_row(line) for line in lines]
        assert [(model, paper) for model, paper, _, _ in drawn] == _round_robin(GAOKAO_PAPERS[english], len(lines))
        assert all(is_english == english and number in GAOKAO_QUESTIONS[paper]
                   for _, paper, is_english, number in drawn), "single-answer questions of the group's language"
        language = "English" if english else "Chinese"
        assert all(line["harness"].endswith(f"({language} prompt; step by step, answer boxed asked)")
                   and line["model"] == model for line, (model, *_) in zip(lines, drawn))
    assert all(hashes == sorted(hashes) for hashes in _pointer_hashes_by_file(gaokao).values())
    assert all(line["label"] is None or line["label"] in "ABCD" for line in gaokao)
    assert sum(line["label"] is None for line in gaokao) >= 5, "hedges between two options, values no option has"
    by_file = _pointer_hashes_by_file(others)
    assert {path: len(hashes) for path, hashes in by_file.items()} == FRESH5_OTHER_FILES
    assert list(by_file) == list(FRESH5_OTHER_FILES), "the README's files, in its order"
    assert all(hashes == sorted(hashes) for hashes in by_file.values())
    thinking = [line for line in others if line["source"].startswith(THINKING)]
    assert Counter(line["model"] for line in thinking) == {CLAUDE: 9, KIMI: 8, QWEN: 8}
    assert sum(line["harness"].endswith("; no hint)") for line in thinking) == 17
    assert all(line["style"] == "cot" and line["label"] is not None for line in thinking)
    earlier = _sources_outside("fresh5") | {line["source"] for line in read_jsonl(DATA / "trace_math.labels.jsonl")}
    assert not {line["source"] for line in fresh5} & earlier


#: the sixth fresh split's reasoning-model files (README, "The sixth fresh split"): file -> rows, in row order
FRESH6_THINKING_FILES = {MMLU_RUNS + "baseline_claude_4.5_haiku.jsonl": 7, MMLU_RUNS + "baseline_kimi_k2_thinking.jsonl": 7,
                         MMLU_RUNS + "metadata_correct_qwen3_next.jsonl": 6}
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH6_OTHER_REPOS = {"LightChen233/M3CoT": 5, "Yijia-Xiao/LogicVista": 5, "CheongWoong/RoLM": 5}


def _drawn_in_turns(gaokao: list[dict], chinese: int, earlier_splits: tuple[str, ...]) -> None:
    """llm_gaokao rows of a split drawn as the sixth was: ``chinese`` rows, then English ones, each group in the
    round-robin's order started afresh on the questions ``earlier_splits`` left, single-answer questions of the
    group's language with the harness and model of their file, the lowest SHA-256 of the pointer first in each file."""
    assert all(line["source"].startswith(GAOKAO + "@") for line in gaokao)
    earlier = [line for line in LINES if line["split"] in earlier_splits and line["source"].startswith(GAOKAO + "@")]
    for lines, english in ((gaokao[:chinese], False), (gaokao[chinese:], True)):
        before = Counter((model, paper) for model, paper, is_english, _ in map(_gaokao_row, earlier)
                         if is_english == english)
        drawn = [_gaokao_row(line) for line in lines]
        assert [(model, paper) for model, paper, _, _ in drawn] == _round_robin(GAOKAO_PAPERS[english], len(lines),
                                                                               before)
        assert all(is_english == english and number in GAOKAO_QUESTIONS[paper]
                   for _, paper, is_english, number in drawn), "single-answer questions of the group's language"
        language = "English" if english else "Chinese"
        assert all(line["harness"].endswith(f"({language} prompt; step by step, answer boxed asked)")
                   and line["model"] == model for line, (model, *_) in zip(lines, drawn))
    assert all(hashes == sorted(hashes) for hashes in _pointer_hashes_by_file(gaokao).values())
    assert all(line["label"] is None or line["label"] in "ABCD" for line in gaokao)


def _drawn_from_files(thinking: list[dict], files: dict[str, int]) -> None:
    """Reasoning-model rows: the files and counts given, in their order, the lowest pointer hashes first in each; every
    reply a chain of thought closing on a letter."""
    by_file = _pointer_hashes_by_file(thinking)
    assert list(by_file) == list(files), "the README's files, in its order"
    assert {path: len(hashes) for path, hashes in by_file.items()} == files
    assert all(hashes == sorted(hashes) for hashes in by_file.values())
    assert all(line["style"] == "cot" and line["label"] is not None for line in thinking)


def _drawn_from_repositories(others: list[dict], repos: dict[str, int]) -> None:
    """Visual and JSON rows: repository -> rows in that order, the lowest pointer hashes over all of its files."""
    by_repo: dict[str, list[str]] = {}
    for line in others:
        by_repo.setdefault(line["source"].split("@", 1)[0], []).append(
            hashlib.sha256(line["source"].encode("utf-8")).hexdigest())
    assert list(by_repo) == list(repos)
    assert {repo: len(hashes) for repo, hashes in by_repo.items()} == repos
    assert all(hashes == sorted(hashes) for hashes in by_repo.values()), "lowest hashes over the repository's files"


#: the seventh fresh split's reasoning-model files (README, "The seventh fresh split"): the sixth's, 10 rows each
FRESH7_THINKING_FILES = dict.fromkeys(FRESH6_THINKING_FILES, 10)
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH7_OTHER_REPOS = {"LightChen233/M3CoT": 8, "Yijia-Xiao/LogicVista": 6, "CheongWoong/RoLM": 4}
#: the eighth fresh split's reasoning-model files (README, "The eighth fresh split"): the sixth's, 12, 12 and 11 rows
FRESH8_THINKING_FILES = dict(zip(FRESH6_THINKING_FILES, (12, 12, 11)))
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH8_OTHER_REPOS = {"LightChen233/M3CoT": 8, "Yijia-Xiao/LogicVista": 6, "CheongWoong/RoLM": 6}
#: the ninth fresh split's reasoning-model files (README, "The ninth fresh split"): the sixth's, 15 rows each
FRESH9_THINKING_FILES = dict.fromkeys(FRESH6_THINKING_FILES, 15)
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH9_OTHER_REPOS = {"LightChen233/M3CoT": 10, "Yijia-Xiao/LogicVista": 8, "CheongWoong/RoLM": 8}
#: the tenth fresh split's reasoning-model files (README, "The tenth fresh split"): the sixth's, 30 rows each
FRESH10_THINKING_FILES = dict.fromkeys(FRESH6_THINKING_FILES, 30)
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH10_OTHER_REPOS = {"LightChen233/M3CoT": 20, "Yijia-Xiao/LogicVista": 20, "CheongWoong/RoLM": 20}
#: the eleventh fresh split's reasoning-model files (README, "The eleventh fresh split"): the sixth's, 60, 34 and 42 rows
#: (Kimi-K2-Thinking's and Qwen3-Next's files gave every reply they had left)
FRESH11_THINKING_FILES = dict(zip(FRESH6_THINKING_FILES, (60, 34, 42)))
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH11_OTHER_REPOS = {"LightChen233/M3CoT": 38, "Yijia-Xiao/LogicVista": 38, "CheongWoong/RoLM": 38}
#: the twelfth fresh split's reasoning-model file (README, "The twelfth fresh split"): claude-haiku-4-5's, 26 rows, all
#: it had left (Kimi-K2-Thinking's and Qwen3-Next's files had none left)
FRESH12_THINKING_FILES = {next(iter(FRESH6_THINKING_FILES)): 26}
#: its visual and JSON replies: repository -> rows, the lowest pointer hashes over all of the repository's files
FRESH12_OTHER_REPOS = {"LightChen233/M3CoT": 30, "Yijia-Xiao/LogicVista": 22, "CheongWoong/RoLM": 22}
#: the thirteenth fresh split's replies: no reasoning-model or llm_gaokao reply left, 50 from each of the three
FRESH13_OTHER_REPOS = {"LightChen233/M3CoT": 50, "Yijia-Xiao/LogicVista": 50, "CheongWoong/RoLM": 50}
#: the fourteenth's: the thirteenth's rule again, 50 from each of the three
FRESH14_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the fifteenth's: the thirteenth's rule again, 50 from each of the three
FRESH15_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the sixteenth's: the thirteenth's rule again, 50 from each of the three
FRESH16_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the seventeenth's: the thirteenth's rule again, 50 from each of the three
FRESH17_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the eighteenth's: the thirteenth's rule again, 50 from each of the three
FRESH18_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the nineteenth's: the thirteenth's rule again, 50 from each of the three
FRESH19_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the twentieth's: the thirteenth's rule again, 50 from each of the three
FRESH20_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the twenty-first's: the thirteenth's rule again, 50 from each of the three
FRESH21_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the twenty-second's: the thirteenth's rule again, 50 from each of the three
FRESH22_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the twenty-third's: the thirteenth's rule again, 50 from each of the three
FRESH23_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH24_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH25_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH26_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH27_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH28_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH29_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH30_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH31_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH32_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH33_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH34_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH35_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH36_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH37_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH38_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH39_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH40_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH41_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH42_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH43_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH44_OTHER_REPOS = FRESH13_OTHER_REPOS
FRESH45_OTHER_REPOS = FRESH13_OTHER_REPOS
#: the splits drawn by the sixth split's rule, each started afresh (README): its ids and row count, the llm_gaokao
#: models' rows in Chinese and in English (the round-robin's outcome on what the ``before`` splits left), the
#: reasoning-model files and models, the visual and JSON repositories, and the fewest nulls among the llm_gaokao rows
#: and among the last group
DRAWN_AS_THE_SIXTH = {
    # Yi-1.5-9B-Chat's Shanghai questions and gemini-1.5-pro's English ones were all the fifth split's
    "fresh6": {"ids": (FIRST_FRESH6, FIRST_FRESH7), "rows": 100, "before": ("fresh5",),
               "chinese": {"Qwen2-72B-Instruct": 8, "claude-3-5-sonnet-20240620": 8, "deepseek-coder": 8,
                           "gemini-1.5-pro": 7, "gpt-4o": 7, "yi-large": 7},
               "english": {"claude-3-5-sonnet-20240620": 7, "deepseek-coder": 7, "gpt-4o": 6},
               "files": FRESH6_THINKING_FILES, "models": {CLAUDE: 7, KIMI: 7, QWEN: 6}, "repos": FRESH6_OTHER_REPOS,
               "nulls": (3, 3)},  # a value no option has, 'cannot be determined'; stray characters
    # Qwen2-72B-Instruct and gemini-1.5-pro gave every Chinese question they had left; Yi-1.5-9B-Chat had none left
    "fresh7": {"ids": (FIRST_FRESH7, FIRST_FRESH8), "rows": 100, "before": ("fresh5", "fresh6"),
               "chinese": {"Qwen2-72B-Instruct": 5, "claude-3-5-sonnet-20240620": 6, "deepseek-coder": 6,
                           "gemini-1.5-pro": 6, "gpt-4o": 6, "yi-large": 6},
               "english": {"claude-3-5-sonnet-20240620": 6, "deepseek-coder": 6, "gpt-4o": 5},
               "files": FRESH7_THINKING_FILES, "models": {CLAUDE: 10, KIMI: 10, QWEN: 10}, "repos": FRESH7_OTHER_REPOS,
               "nulls": (3, 2)},  # no solution, 'cannot be determined', two options; a stray '#', an echo
    # only claude-3-5-sonnet-20240620, deepseek-coder, gpt-4o and yi-large (one) had Chinese questions left
    "fresh8": {"ids": (FIRST_FRESH8, FIRST_FRESH9), "rows": 100, "before": ("fresh5", "fresh6", "fresh7"),
               "chinese": {"claude-3-5-sonnet-20240620": 8, "deepseek-coder": 8, "gpt-4o": 8, "yi-large": 1},
               "english": {"claude-3-5-sonnet-20240620": 7, "deepseek-coder": 7, "gpt-4o": 6},
               "files": FRESH8_THINKING_FILES, "models": {CLAUDE: 12, KIMI: 12, QWEN: 11}, "repos": FRESH8_OTHER_REPOS,
               "nulls": (3, 4)},  # a loop cut off, 'none of the above', a value no option has; stray 'T's, an echo
    # 100 asked: only four Chinese and 21 English questions were left (25 English asked), so 96 drawn, none moved
    "fresh9": {"ids": (FIRST_FRESH9, FIRST_FRESH10), "rows": 96, "before": ("fresh5", "fresh6", "fresh7", "fresh8"),
               "chinese": {"claude-3-5-sonnet-20240620": 1, "deepseek-coder": 1, "gpt-4o": 2},
               "english": {"claude-3-5-sonnet-20240620": 6, "deepseek-coder": 6, "gpt-4o": 9},
               "files": FRESH9_THINKING_FILES, "models": {CLAUDE: 15, KIMI: 15, QWEN: 15}, "repos": FRESH9_OTHER_REPOS,
               "nulls": (1, 5)},  # a loop cut off; strays '<' and '#', 'cross', 'yes', an echo closing on '5'
    # 150 asked: no llm_gaokao single-answer reply was left in either language, so none drawn from it, none moved
    "fresh10": {"ids": (FIRST_FRESH10, FIRST_FRESH11), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9"), "chinese": {}, "english": {},
                "files": FRESH10_THINKING_FILES, "models": {CLAUDE: 30, KIMI: 30, QWEN: 30},
                "repos": FRESH10_OTHER_REPOS,
                "nulls": (0, 7)},  # an answer line giving every letter; strays 'T', '#', '#', 'I', 'yes', an empty echo
    # 250 asked: no llm_gaokao reply left; Kimi-K2-Thinking and Qwen3-Next gave all they had left (34 and 42 asked)
    "fresh11": {"ids": (FIRST_FRESH11, FIRST_FRESH12), "rows": 250,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10"), "chinese": {}, "english": {},
                "files": FRESH11_THINKING_FILES, "models": {CLAUDE: 60, KIMI: 34, QWEN: 42},
                "repos": FRESH11_OTHER_REPOS,
                "nulls": (0, 21)},  # two or three letters, a reply cut off; strays, echoes, letters no option has
    # 100 asked: no llm_gaokao reply left; claude-haiku-4-5 gave all it had left (26), Kimi-K2-Thinking and Qwen3-Next
    # none (none left)
    "fresh12": {"ids": (FIRST_FRESH12, FIRST_FRESH13), "rows": 100,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11"), "chinese": {},
                "english": {}, "files": FRESH12_THINKING_FILES, "models": {CLAUDE: 26},
                "repos": FRESH12_OTHER_REPOS,
                "nulls": (0, 8)},  # a refusal; strays 'p', 'T', '<', 'yes', an empty echo
    # 150 asked: no reasoning-model or llm_gaokao reply left; 50 from each of M3CoT, LogicVista and RoLM
    "fresh13": {"ids": (FIRST_FRESH13, FIRST_FRESH14), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH13_OTHER_REPOS,
                "nulls": (0, 19)},  # refusals, strays, digits no option is, echoes ending on no option, a hedge
    # 150 asked: the thirteenth's rule again, its rows taken; 50 from each of M3CoT, LogicVista and RoLM
    "fresh14": {"ids": (FIRST_FRESH14, FIRST_FRESH15), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH14_OTHER_REPOS,
                "nulls": (0, 28)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 and fresh14 taken; 50 from each of the three
    "fresh15": {"ids": (FIRST_FRESH15, FIRST_FRESH16), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH15_OTHER_REPOS,
                "nulls": (0, 31)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh15 taken; 50 from each of the three
    "fresh16": {"ids": (FIRST_FRESH16, FIRST_FRESH17), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH16_OTHER_REPOS,
                "nulls": (0, 24)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh16 taken; 50 from each of the three
    "fresh17": {"ids": (FIRST_FRESH17, FIRST_FRESH18), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH17_OTHER_REPOS,
                "nulls": (0, 29)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh17 taken; 50 from each of the three
    "fresh18": {"ids": (FIRST_FRESH18, FIRST_FRESH19), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH18_OTHER_REPOS,
                "nulls": (0, 27)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh18 taken; 50 from each of the three
    "fresh19": {"ids": (FIRST_FRESH19, FIRST_FRESH20), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH19_OTHER_REPOS,
                "nulls": (0, 18)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh19 taken; 50 from each of the three
    "fresh20": {"ids": (FIRST_FRESH20, FIRST_FRESH21), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH20_OTHER_REPOS,
                "nulls": (0, 22)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh20 taken; 50 from each of the three
    "fresh21": {"ids": (FIRST_FRESH21, FIRST_FRESH22), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH21_OTHER_REPOS,
                "nulls": (0, 26)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh21 taken; 50 from each of the three
    "fresh22": {"ids": (FIRST_FRESH22, FIRST_FRESH23), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH22_OTHER_REPOS,
                "nulls": (0, 21)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh22 taken; 50 from each of the three
    "fresh23": {"ids": (FIRST_FRESH23, FIRST_FRESH24), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH23_OTHER_REPOS,
                "nulls": (0, 24)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh23 taken; 50 from each of the three
    "fresh24": {"ids": (FIRST_FRESH24, FIRST_FRESH25), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH24_OTHER_REPOS,
                "nulls": (0, 20)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh24 taken; 50 from each of the three
    "fresh25": {"ids": (FIRST_FRESH25, FIRST_FRESH26), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH25_OTHER_REPOS,
                "nulls": (0, 21)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh25 taken; 50 from each of the three
    "fresh26": {"ids": (FIRST_FRESH26, FIRST_FRESH27), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24", "fresh25"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH26_OTHER_REPOS,
                "nulls": (0, 15)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh26 taken; 50 from each of the three
    "fresh27": {"ids": (FIRST_FRESH27, FIRST_FRESH28), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24", "fresh25", "fresh26"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH27_OTHER_REPOS,
                "nulls": (0, 22)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh27 taken; 50 from each of the three
    "fresh28": {"ids": (FIRST_FRESH28, FIRST_FRESH29), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH28_OTHER_REPOS,
                "nulls": (0, 27)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh28 taken; 50 from each of the three
    "fresh29": {"ids": (FIRST_FRESH29, FIRST_FRESH30), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH29_OTHER_REPOS,
                "nulls": (0, 23)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh29 taken; 50 from each of the three
    "fresh30": {"ids": (FIRST_FRESH30, FIRST_FRESH31), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH30_OTHER_REPOS,
                "nulls": (0, 17)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh30 taken; 50 from each of the three
    "fresh31": {"ids": (FIRST_FRESH31, FIRST_FRESH32), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21",
                           "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29",
                           "fresh30"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH31_OTHER_REPOS,
                "nulls": (0, 20)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh31 taken; 50 from each of the three
    "fresh32": {"ids": (FIRST_FRESH32, FIRST_FRESH33), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH32_OTHER_REPOS,
                "nulls": (0, 22)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh32 taken; 50 from each of the three
    "fresh33": {"ids": (FIRST_FRESH33, FIRST_FRESH34), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH33_OTHER_REPOS,
                "nulls": (0, 20)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh33 taken; 50 from each of the three
    "fresh34": {"ids": (FIRST_FRESH34, FIRST_FRESH35), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH34_OTHER_REPOS,
                "nulls": (0, 21)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh34 taken; 50 from each of the three
    "fresh35": {"ids": (FIRST_FRESH35, FIRST_FRESH36), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH35_OTHER_REPOS,
                "nulls": (0, 20)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh35 taken; 50 from each of the three
    "fresh36": {"ids": (FIRST_FRESH36, FIRST_FRESH37), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH36_OTHER_REPOS,
                "nulls": (0, 22)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh36 taken; 50 from each of the three
    "fresh37": {"ids": (FIRST_FRESH37, FIRST_FRESH38), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH37_OTHER_REPOS,
                "nulls": (0, 24)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh37 taken; 50 from each of the three
    "fresh38": {"ids": (FIRST_FRESH38, FIRST_FRESH39), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH38_OTHER_REPOS,
                "nulls": (0, 21)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh38 taken; 50 from each of the three
    "fresh39": {"ids": (FIRST_FRESH39, FIRST_FRESH40), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH39_OTHER_REPOS,
                "nulls": (0, 21)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh39 taken; 50 from each of the three
    "fresh40": {"ids": (FIRST_FRESH40, FIRST_FRESH41), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38", "fresh39"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH40_OTHER_REPOS,
                "nulls": (0, 26)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh40 taken; 50 from each of the three
    "fresh41": {"ids": (FIRST_FRESH41, FIRST_FRESH42), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38", "fresh39", "fresh40"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH41_OTHER_REPOS,
                "nulls": (0, 19)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh41 taken; 50 from each of the three
    "fresh42": {"ids": (FIRST_FRESH42, FIRST_FRESH43), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38", "fresh39", "fresh40", "fresh41"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH42_OTHER_REPOS,
                "nulls": (0, 23)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh42 taken; 50 from each of the three
    "fresh43": {"ids": (FIRST_FRESH43, FIRST_FRESH44), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38", "fresh39", "fresh40", "fresh41", "fresh42"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH43_OTHER_REPOS,
                "nulls": (0, 27)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh43 taken; 50 from each of the three
    "fresh44": {"ids": (FIRST_FRESH44, FIRST_FRESH45), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH44_OTHER_REPOS,
                "nulls": (0, 25)},
    # 150 asked: the thirteenth's rule again, the rows of fresh13 to fresh44 taken; 50 from each of the three
    "fresh45": {"ids": (FIRST_FRESH45, len(LINES) + 1), "rows": 150,
                "before": ("fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13",
                           "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19",
                           "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25",
                           "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31",
                           "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37",
                           "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43",
                           "fresh44"),
                "chinese": {}, "english": {}, "files": {}, "models": {}, "repos": FRESH45_OTHER_REPOS,
                "nulls": (0, 19)},
}


def _pointers_of_every_corpus(but_split: str) -> set[str]:
    """Every ``source`` and ``gold_source`` of every label file in tests/data, trace_choice's ``but_split`` rows left
    out."""
    return {line[key] for path in sorted(DATA.glob("*.labels.jsonl")) for line in read_jsonl(path)
            if line.get("split") != but_split or path.name != "trace_choice.labels.jsonl"
            for key in ("source", "gold_source") if key in line}


@pytest.mark.parametrize("split", list(DRAWN_AS_THE_SIXTH))
def test_a_split_drawn_as_the_sixth(split):
    """100 replies each: the sixth (in round 6 beside the fifth), the seventh (after both were scored) and the eighth
    (after the seventh was scored); 96 the ninth (after the eighth was scored; 100 asked, llm_gaokao had fewer left);
    150 the tenth (after the ninth was scored; none from llm_gaokao, which had no single-answer reply left); 250 the
    eleventh (after the tenth was scored; none from llm_gaokao, every reasoning-model reply Kimi-K2-Thinking's and
    Qwen3-Next's files had left); 100 the twelfth (after the eleventh was scored; none from llm_gaokao, Kimi-K2-Thinking
    or Qwen3-Next, every reply claude-haiku-4-5's file had left); 150 the thirteenth (after the twelfth was scored;
    50 from each of M3CoT, LogicVista and RoLM, no other source having a reply left).
    llm_gaokao
    first, Chinese then English, the round-robin started afresh on the questions the earlier splits left, the lowest
    SHA-256 of the pointer first in each file; then the reasoning models from the fifth split's three files (the
    unhinted runs of claude-haiku-4-5 and Kimi-K2-Thinking first); then M3CoT, LogicVista and RoLM (Phi-3.5-vision-
    instruct) by the lowest hashes over each repository; no pointer any corpus uses elsewhere."""
    draw = DRAWN_AS_THE_SIXTH[split]
    rows = [line for line in LINES if line["split"] == split]
    assert [line["id"] for line in rows] == [f"tc-{n:04d}" for n in range(*draw["ids"])] and len(rows) == draw["rows"]
    chinese, english = sum(draw["chinese"].values()), sum(draw["english"].values())
    thinking_end = chinese + english + sum(draw["files"].values())
    gaokao, thinking, others = rows[:chinese + english], rows[chinese + english:thinking_end], rows[thinking_end:]
    _drawn_in_turns(gaokao, chinese, draw["before"])
    assert Counter(line["model"] for line in gaokao[:chinese]) == draw["chinese"]
    assert Counter(line["model"] for line in gaokao[chinese:]) == draw["english"]
    _drawn_from_files(thinking, draw["files"])
    assert Counter(line["model"] for line in thinking) == draw["models"]
    unhinted = draw["models"].get(CLAUDE, 0) + draw["models"].get(KIMI, 0)
    assert sum(line["harness"].endswith("; no hint)") for line in thinking) == unhinted
    _drawn_from_repositories(others, draw["repos"])
    assert all("/Phi-3.5-vision-instruct/" in line["source"] for line in others if "/RoLM@" in line["source"])
    assert sum(line["label"] is None for line in gaokao) >= draw["nulls"][0]
    assert sum(line["label"] is None for line in others) >= draw["nulls"][1]
    assert not {line["source"] for line in rows} & _pointers_of_every_corpus(split)


@pytest.mark.parametrize("line", LINES, ids=[line["id"] for line in LINES])
def test_label_line(line):
    source = line["source"]
    real_corpus.reader_for(real_corpus.corpus_named("trace_choice"), source)  # a reader follows it
    checks = {
        "keys": set(line) == KEYS,
        "pointer": SOURCE.match(source) is not None and not any(x in source.lower() for x in EXCLUDED),
        "split": line["split"] == expected_split(line),
        "style": line["style"] in STYLES,
        "label": line["label"] is None or re.fullmatch(r"[A-J]", line["label"]) is not None,
        "texts": all(isinstance(line[key], str) and line[key].strip() for key in ("harness", "model", "why")),
        "short note": len(line["why"]) <= 200,  # never a copy of the reply
        "hashes": all(HEX.match(line[key]) for key in KEYS if key.endswith("sha256")),
        # replies of at most 8,000 characters were drawn; the reasoning models' and llm_gaokao's at most 12,000
        "length": type(line["chars"]) is int
        and 0 < line["chars"] <= (12000 if source.startswith((THINKING, GAOKAO)) else 8000),
    }
    assert [name for name, ok in checks.items() if not ok] == []


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    try:
        return real_corpus.load("trace_choice")
    except FileNotFoundError:
        pytest.skip(real_corpus.MISSING)


def test_corpus_matches_the_labels(corpus):
    assert [row["id"] for row in corpus] == [line["id"] for line in LINES]
    for row, line in zip(corpus, LINES):
        assert len(row["response"]) == line["chars"] and row["response"].strip(), row["id"]
        options = row["options"]
        assert len(options) >= 2 and list(options) == [chr(65 + i) for i in range(len(options))], row["id"]
        assert row["label"] is None or row["label"] in options, row["id"]
        assert row["gold"] in options, row["id"]
        whole = row["response"].strip()
        assert len(whole) < 20 or whole not in row["why"], f"{row['id']}: the note copies the whole reply"
    transcripts = [row for row in corpus if row["style"] == "transcript"]
    assert len(transcripts) >= 20  # the decoded chats and echoed prompts the corpus was built to hold
    thinking = [row for row in corpus if row["source"].startswith(THINKING)]
    assert len(thinking) >= 60 and all(
        re.fullmatch(r"<think>\n.+\n</think>\n\n.*\S.*", row["response"], re.S) for row in thinking)
    assert sum("FINAL ANSWER" in row["response"].rsplit("</think>", 1)[1] for row in thinking) >= 60
    assert max(len(row["options"]) for row in thinking) == 10  # MMLU-Pro's A to J
    gpqa = [row for row in corpus if row["split"] == "fresh3" and _path(row).startswith(GPQA_COPIES)]
    assert len(gpqa) == 100 and all(list(row["options"]) == list("ABCD") and "Answer Choices:" in row["question"]
                                    for row in gpqa)  # GPQA-Diamond's four options, as the question lists them
    fresh4 = [row for row in corpus if row["split"] == "fresh4" and row["source"].startswith(THINKING)]
    assert len(fresh4) == 50 and all("Answer Choices:" in row["question"] for row in fresh4)
    assert all(row["label"] in row["options"] for row in corpus if row["split"] == "fresh4" and row["label"])
    gaokao = [row for row in corpus if row["source"].startswith(GAOKAO)]
    cjk = re.compile(r"[\u4e00-\u9fff]")
    assert len(gaokao) == 130 + 52 + 45 + 25 and all(  # the fifth and sixth splits, the seventh, the eighth, the ninth
        list(row["options"]) == list("ABCD") and row["gold"] in "ABCD" and len(row["gold"]) == 1
        and row["question"].rstrip().endswith(row["options"]["D"])  # the question closes on its options
        and bool(cjk.search(row["question"])) != _gaokao_row(row)[2]  # Chinese paper, or its English translation
        and "\nPrompt: " not in row["response"] and "\n\nAnswer:" not in row["response"]  # one block's reply only
        for row in gaokao)


# -- the readers on snapshots made here ------------------------------------------------------------------------------

def _commit(work: Path, files: dict[str, str]) -> str:
    """A git snapshot of ``files`` in ``work`` (as the fetched snapshots are): its commit."""
    for path, content in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(content, encoding="utf-8")
    work.mkdir(parents=True, exist_ok=True)

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.invalid",
                               *args], check=True, capture_output=True, text=True).stdout.strip()

    for args in (("init", "-q"), ("add", "."), ("commit", "-q", "-m", "runs")):
        git(*args)
    return git("rev-parse", "HEAD")


def _pack_and_rebuild(tmp_path: Path, mirror: Path, rows: list[dict]) -> tuple[list[dict], Path]:
    """Pack full ``rows`` into a label file, rebuild them from ``mirror``: every row back, byte for byte. Returns
    the packed lines and the label folder."""
    corpus = real_corpus.corpus_named("trace_choice")
    corpora, labels = tmp_path / "corpora", tmp_path / "labels"
    corpora.mkdir()
    real_corpus.write_jsonl(corpora / corpus.file, [{f: row[f] for f in corpus.fields} for row in rows])
    assert real_corpus.pack(corpora, labels, mirror) == []
    assert real_corpus.build(mirror, tmp_path / "out", labels)["trace_choice"] == (len(rows), len(rows), [])
    assert (tmp_path / "out" / corpus.file).read_bytes() == (corpora / corpus.file).read_bytes()
    return read_jsonl(labels / corpus.labels), labels


M3_FILE = "experiment/zero-shot/made-here/cot.jsonl"
LV_FILE = "eval/answers/made-here-answers.json"
PROMPT = "[Question]\nWhat is shown?\n[Choices]\n(A) A cat\n(B) A dog\n\nLet's think step-by-step!"


def test_the_readers_pack_and_build(tmp_path):
    """An M3CoT record of two rounds (the model's last turn read; the options the prompt's, not the record's
    ``choices``) and a LogicVista answer (the question and gold from data/dataset.json; options the question's
    ``(A) x`` list, or the letters it names): packed, then rebuilt equal; the records no reader can follow are
    reported."""
    mirror = tmp_path / "mirror"
    m3 = [{"id": "x-1", "choices": ["A cow", "A dog"], "answer": "B",
           "messages": [PROMPT, "It barks, so (B).", "Please select the correct answer.", "(B) A dog"]},
          {"id": "x-2", "choices": ["A cat", "A dog"], "answer": "A", "messages": [PROMPT, "one", "two"]},
          {"id": "x-3", "choices": ["A cat", "A dog"], "answer": "A",
           "messages": ["[Question]\nWhat?\n[Choices]\n(B) A cat\n(A) A dog", "A"]}]
    dataset = {"v_1": {"question": "Is it sunny? Select from A, B and C. (A) True (B)False (C)Insufficient "
                                   "Information", "answer": "A"},
               "v_2": {"question": "Which box comes next? Select answers from A-E", "answer": "D"},
               "v_3": {"question": "Which figure is a rotation of the object?", "answer": "B"}}
    answers = {key: {"answer": "USER: ... ASSISTANT: A", "reasoning": "none"} for key in dataset}
    m = _commit(mirror / "LightChen233+M3CoT" / "repo", {M3_FILE: "".join(json.dumps(r) + "\n" for r in m3)})
    v = _commit(mirror / "Yijia-Xiao+LogicVista" / "repo",
                {LV_FILE: json.dumps(answers), "data/dataset.json": json.dumps(dataset)})
    common = {"harness": "h", "model": "m", "style": "marker", "why": "note", "split": "dev"}
    rows = [{"id": "tc-0001", "source": f"LightChen233/M3CoT@{m}:{M3_FILE}#L1", **common, "question": PROMPT,
             "options": {"A": "A cat", "B": "A dog"}, "gold": "B", "response": "(B) A dog", "label": "B"},
            {"id": "tc-0002", "source": f"Yijia-Xiao/LogicVista@{v}:{LV_FILE}#v_1", **common,
             "question": dataset["v_1"]["question"],
             "options": {"A": "True", "B": "False", "C": "Insufficient Information"}, "gold": "A",
             "response": "USER: ... ASSISTANT: A", "label": "A"},
            {"id": "tc-0003", "source": f"Yijia-Xiao/LogicVista@{v}:{LV_FILE}#v_2", **common,
             "question": dataset["v_2"]["question"], "options": {k: k for k in "ABCDE"}, "gold": "D",
             "response": "USER: ... ASSISTANT: A", "label": "A"}]
    packed, labels = _pack_and_rebuild(tmp_path, mirror, rows)
    corpus = real_corpus.corpus_named("trace_choice")

    odd = dict(packed[0], id="tc-0004", source=packed[0]["source"].replace("#L1", "#L2"))
    out_of_order = dict(packed[0], id="tc-0005", source=packed[0]["source"].replace("#L1", "#L3"))
    no_letters = dict(packed[1], id="tc-0006", source=packed[1]["source"].replace("#v_1", "#v_3"))
    real_corpus.write_jsonl(labels / corpus.labels, [*packed, odd, out_of_order, no_letters])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["trace_choice"]
    assert (done, total) == (3, 6)
    assert "3 messages, expected prompt/reply pairs" in problems[0]
    assert "no (A) (B) ... choice lines in the prompt" in problems[1]
    assert "the question names no option letters" in problems[2]


RO_FILE = "results_shared/QASC/made-here/zero-shot-cot_raw_predictions.jsonl"


def test_the_rolm_reader_packs_and_builds(tmp_path):
    """A RoLM reply: the anchor's question id and wording pick the reply, verbatim; question, options (in letter
    order, whatever the key order of each option) and gold come from the benchmark's test file of the same commit;
    an unknown wording or question, options out of letter order and an anchor without a wording are reported."""
    mirror = tmp_path / "mirror"
    tests = [{"id": "q1", "answer": "B", "questions": {"original": "What keeps time?"},
              "options": [{"text": "compass", "label": "A"}, {"label": "B", "text": "watch"}]},
             {"id": "q2", "answer": "A", "questions": {"original": "What is red?"},
              "options": [{"label": "B", "text": "grass"}, {"label": "A", "text": "blood"}]}]
    replies = [{"id": "q2", "raw_predictions": {"0": "x"}},
               {"id": "q1", "raw_predictions": {"0": '```json {"Answer":"B"}```', "3": '```json {" ANSWER":"A"}```'}}]
    commit = _commit(mirror / "CheongWoong+RoLM" / "repo",
                     {RO_FILE: "".join(json.dumps(r) + "\n" for r in replies),
                      "preprocessed_datasets/QASC_test.jsonl": "".join(json.dumps(t) + "\n" for t in tests)})
    common = {"harness": "h", "model": "m", "style": "marker", "why": "note", "split": "fresh", "label": "A",
              "question": "What keeps time?", "options": {"A": "compass", "B": "watch"}, "gold": "B"}
    rows = [{"id": "tc-0001", "source": f"CheongWoong/RoLM@{commit}:{RO_FILE}#q1/3", **common,
             "response": '```json {" ANSWER":"A"}```'}]
    packed, labels = _pack_and_rebuild(tmp_path, mirror, rows)
    corpus = real_corpus.corpus_named("trace_choice")

    other = [dict(packed[0], id=f"tc-000{n}", source=packed[0]["source"].replace("#q1/3", anchor))
             for n, anchor in ((2, "#q1/5"), (3, "#q9/0"), (4, "#q2/0"), (5, "#q1"))]
    real_corpus.write_jsonl(labels / corpus.labels, [*packed, *other])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["trace_choice"]
    assert (done, total) == (1, 5)
    assert "no such reply" in problems[0] and "has no question q9" in problems[1]
    assert "not lettered A, B, ... in order" in problems[2] and "#<id>/<wording>" in problems[3]


WG_FILE = "experiments/mmlu_pro/results/all_responses/made_here_baseline.jsonl"


def test_the_thinking_run_reader_packs_and_builds(tmp_path):
    """A thinking model's run record: found by its instance id; the reply is the thinking closed by ``</think>``, then
    the output, both verbatim (the closing "FINAL ANSWER" is the output's, the thinking may name other letters);
    options the candidates without their ``X. `` prefix, gold the record's answer; candidates out of letter order and
    an unknown instance id are reported."""
    mirror = tmp_path / "mirror"
    output = "REASONING: neon.\n\nFINAL ANSWER: B"

    def record(key: str, candidates: list[str]) -> dict:
        return {"instance_id": key, "user_message": "# Problem ...", "meta": {
                    "problem": "Question: Which gas?\n\nAnswer Choices:\nA. He\nB. Ne", "answer": "B",
                    "candidates": candidates},
                "result": {"reasoning_trace": "Maybe A.\nNo: B, neon.", "response": output, "content": output}}

    records = [record("a1", ["A. He\n", "B. Ne"]), record("b2", ["B. Ne", "A. He"])]
    commit = _commit(mirror / "wgantt+reasoning-models-lie" / "repo",
                     {WG_FILE: "".join(json.dumps(r) + "\n" for r in records)})
    reply = "<think>\nMaybe A.\nNo: B, neon.\n</think>\n\n" + output
    rows = [{"id": "tc-0001", "source": f"{THINKING}@{commit}:{WG_FILE}#a1", "harness": "h", "model": "m",
             "style": "cot", "question": records[0]["meta"]["problem"], "options": {"A": "He", "B": "Ne"},
             "gold": "B", "response": reply, "label": "B", "why": "note", "split": "fresh2"}]
    packed, labels = _pack_and_rebuild(tmp_path, mirror, rows)
    corpus = real_corpus.corpus_named("trace_choice")

    other = [dict(packed[0], id=f"tc-000{n}", source=packed[0]["source"].replace("#a1", anchor))
             for n, anchor in ((2, "#b2"), (3, "#zz"))]
    real_corpus.write_jsonl(labels / corpus.labels, [*packed, *other])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["trace_choice"]
    assert (done, total) == (1, 3)
    assert "not lettered 'A. ', 'B. ', ... in order" in problems[0] and "has no record zz" in problems[1]


WG_COPY = "experiments/gpqa/prompts/check_verbalization/made_here_changed_check_verbalization.jsonl"


def test_the_thinking_run_reader_follows_a_check_verbalization_copy(tmp_path):
    """A check_verbalization line keeps a hinted run's record whole under ``meta``, beside the answers before and
    after the hint: reply, question, options and gold are the copied record's (the answers beside it are not read);
    a line whose ``meta`` copies no record is reported, and the same file under another folder has no reader."""
    mirror = tmp_path / "mirror"
    output = "REASONING: the hint says A; the lines say D.\n\nFINAL ANSWER: D"
    run = {"meta": {"problem": "Which line?\n\nAnswer Choices: A. one\n B. two C. three D. four.", "answer": "D",
                    "candidates": ["A. one\n", "B. two", "C. three", "D. four"]},
           "result": {"reasoning_trace": "The hint says A.\nBut D.", "response": output}}
    lines = [{"instance_id": "c1", "system_message": "judge", "user_message": "=== QUESTION ===",
              "meta": {**run, "previous_answer": "A", "new_answer": "B"}},
             {"instance_id": "c2", "user_message": "=== QUESTION ===", "meta": {"previous_answer": "A"}}]
    commit = _commit(mirror / "wgantt+reasoning-models-lie" / "repo",
                     {WG_COPY: "".join(json.dumps(line) + "\n" for line in lines)})
    rows = [{"id": "tc-0001", "source": f"{THINKING}@{commit}:{WG_COPY}#c1", "harness": "h", "model": "m",
             "style": "cot", "question": run["meta"]["problem"],
             "options": {"A": "one", "B": "two", "C": "three", "D": "four"}, "gold": "D",
             "response": "<think>\nThe hint says A.\nBut D.\n</think>\n\n" + output, "label": "D", "why": "note",
             "split": "fresh3"}]
    packed, labels = _pack_and_rebuild(tmp_path, mirror, rows)
    corpus = real_corpus.corpus_named("trace_choice")

    real_corpus.write_jsonl(labels / corpus.labels, [*packed, dict(packed[0], id="tc-0002",
                                                                   source=packed[0]["source"].replace("#c1", "#c2"))])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["trace_choice"]
    assert (done, total) == (1, 2)
    assert "neither a run record nor a copy of one under 'meta'" in problems[0]
    with pytest.raises(real_corpus.Unreadable, match="no reader"):
        real_corpus.reader_for(corpus, packed[0]["source"].replace("/check_verbalization/", "/evaluate/"))


GK_FILE = "response/model-x-2024_math_made.md"
GK_CSV = "data/2024_math_made/exam_with_answer.csv"


def test_the_gaokao_reader_packs_and_builds(tmp_path):
    """An llm_gaokao reply: block n of the response file with row n of its paper's csv. The question is the csv
    prompt, the options its closing ``A.`` ... ``D.`` lines (``A.`` may follow the question on its line), the gold the
    csv answer without a trailing full stop; the reply is everything between ``Response:`` and the block's last
    ``Answer:`` line (a heading ``#### Step 1`` and an ``Answer:`` line of the reply's own stay in it). A block whose
    prompt is not the csv row's, an open question, an unknown block and a missing csv are reported."""
    mirror = tmp_path / "mirror"
    first = "已知 $x$ ，则？ A. 1\nB. 2\nC. 3\nD. 4"
    table = [["prompt", "answer"], [first, "D."], ["求 $y$ 。", "$\\frac12$"],
             ["Which? \nA. a\nB. b\nC. c\nD. d", "B"]]
    reply = "#### Step 1\nx = 4\n\nAnswer: D\n\n$\\boxed{D}$"
    blocks = [(1, first, reply, "D."), (2, table[2][0], "$\\frac12$", table[2][1]),
              (3, "Which (edited)? \nA. a\nB. b\nC. c\nD. d", "B", "B")]
    markdown = "".join(f"#### {n}\nPrompt: {prompt}\n\nResponse:\n\n{text}\n\nAnswer:{gold}\n\n"
                       for n, prompt, text, gold in blocks)
    with open(tmp_path / "table.csv", "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh, quoting=csv.QUOTE_ALL).writerows(table)
    commit = _commit(mirror / "g1y5x3+llm_gaokao" / "repo",
                     {GK_FILE: markdown, GK_CSV: (tmp_path / "table.csv").read_text(encoding="utf-8"),
                      "response/model-x-2024_math_gone.md": markdown})
    rows = [{"id": "tc-0001", "source": f"{GAOKAO}@{commit}:{GK_FILE}#1", "harness": "h", "model": "model-x",
             "style": "cot", "question": first, "options": {"A": "1", "B": "2", "C": "3", "D": "4"}, "gold": "D",
             "response": reply, "label": "D", "why": "note", "split": "fresh5"}]
    packed, labels = _pack_and_rebuild(tmp_path, mirror, rows)
    corpus = real_corpus.corpus_named("trace_choice")

    other = [dict(packed[0], id=f"tc-000{n}", source=packed[0]["source"].replace(f"{GK_FILE}#1", where))
             for n, where in ((2, f"{GK_FILE}#3"), (3, f"{GK_FILE}#2"), (4, f"{GK_FILE}#9"),
                              (5, "response/model-x-2024_math_gone.md#1"))]
    real_corpus.write_jsonl(labels / corpus.labels, [*packed, *other])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["trace_choice"]
    assert (done, total) == (1, 5)
    assert "the block's prompt is not the csv's row 3" in problems[0]
    assert "does not close on A. ... D. option lines" in problems[1]
    assert "has no row 9" in problems[2] and "not in the snapshot" in problems[3]


@pytest.mark.parametrize("text, options", [
    ("(A) True (B)False (C)Insufficient Information", {"A": "True", "B": "False", "C": "Insufficient Information"}),
    ("\n(A) cat\n(B) dog\n", {"A": "cat", "B": "dog"}),
    ("Select from A, B, C, and D. (A) (B) (C) (D)", {k: k for k in "ABCD"}),  # drawn in the image
    ("(B) cat (A) dog", {}),  # not lettered in order
    ("only (A) here", {}),
])
def test_lettered_options(text, options):
    assert real_corpus.lettered_options(text) == options


@pytest.mark.parametrize("question, letters", [
    ("Which box comes next? Select answers from A-E", "ABCDE"),
    ("What choice (A, B, C, or D) fits the pattern?", "ABCD"),
    ("Select from A, B, C, D, and E.", "ABCDE"),
    ("Which way? Select from A, B and C", "ABC"),
    ("Which figure is a rotation of the object?", ""),
    ("Is vitamin B or C water-soluble?", ""),  # two letters not starting at A: no option set
])
def test_named_letters(question, letters):
    assert real_corpus.named_letters(question) == {k: k for k in letters}


@pytest.mark.parametrize("split", ["fresh13", "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45"])
def test_the_thirteenth_to_forty_fifth_draws_replay_from_the_snapshots(split):
    """tools/trace_choice_draw.py draws the split again from the snapshots, with its own exclusions, and gives back
    its pointers in row order (the README's rule: lowest pointer hashes over each repository's stored files)."""
    import os

    import trace_choice_draw

    mirror = Path(os.environ.get("ANSWERBENCH_MIRROR") or ROOT.parent / ".mirror")
    if any(not (mirror / repo.replace("/", "+")).is_dir() for repo in trace_choice_draw.REPOS):
        pytest.skip(f"the snapshots are not here ({mirror}; set ANSWERBENCH_MIRROR)")
    try:
        equal, drawn, _ = trace_choice_draw.replay(mirror, split)
    except FileNotFoundError:
        pytest.skip(real_corpus.MISSING)
    assert equal and len(drawn) == 150
