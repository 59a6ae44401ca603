"""The integrity of the real-response maths corpus (issue 22), and of the tool that rebuilds both real corpora.

The corpus's text (questions, gold answers, full responses) comes from public repositories and is not committed
(the tool library's rule, see tests/data/real_math.README.md). What is committed is our work,
``tests/data/real_math.labels.jsonl``: per row the id, a pointer to the record, the hand label, the note, style,
split, hashes and length. These tests check:

* the label file, always: ids, the split rule, label types, counts, pointers naming a commit, no excluded source,
  no source over 40%;
* the join with the full corpus (``$ANSWERBENCH_CORPORA``, else ``../shared/corpora``), when it is there: same ids,
  every text hashing as recorded, the row shapes an accuracy test relies on;
* ``tools/real_corpus.py`` on a small snapshot made here (a pointer followed, a changed text and a missing record
  reported, pack then build giving the rows back), and, when the snapshots are present (``$ANSWERBENCH_MIRROR``,
  else ``../.mirror``), the rebuild of both corpora from them, equal to the corpus files row for row;
* the same for ``reason_math`` (tests/data/reason_math.README.md): its label file always, its text when present
  (traces, non-integer golds, physics units, Chinese questions), its readers on a snapshot made here;
* the plumbing of tools/eval_real_corpus.py (tallies per style and source, Math-Verify in another interpreter) on
  rows made here.

Never a scorer's accuracy on a corpus: that is tools/eval_real_corpus.py's measurement.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from conftest import read_jsonl

ROOT = Path(__file__).resolve().parents[2]


def _load_tool():
    spec = importlib.util.spec_from_file_location("real_corpus", ROOT / "tools" / "real_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("real_corpus", module)
    spec.loader.exec_module(module)
    return module


real_corpus = _load_tool()
LABELS = read_jsonl(ROOT / "tests" / "data" / "real_math.labels.jsonl")

KEYS = {"id", "source", "harness", "model", "style", "split", "label", "why", "sha256", "gold_sha256",
        "question_sha256", "chars"}
STYLES = {"boxed", "answer-line", "fewshot-A", "hash-line", "json", "prose", "continuation", "truncated", "other"}
#: owner/repo@<40-hex commit>:<path>#<line, index or record id>
SOURCE = real_corpus.POINTER
HEX = re.compile(r"^[0-9a-f]{64}$")
#: never used: the lead's independent measure (issue 22)
EXCLUDED = ("omni-math", "mathvista", "mmlu-pro", "zeroeval", "microsoft/tora", "openai/grade-school-math")


def mirror_dir() -> Path:
    named = os.environ.get("ANSWERBENCH_MIRROR")
    return Path(named) if named else ROOT.parent / ".mirror"


# -- the committed label file --------------------------------------------------------------------------------------

def test_size_and_balance():
    assert len(LABELS) >= 500
    assert sum(line["label"] for line in LABELS) >= 250
    assert sum(not line["label"] for line in LABELS) >= 100, "wrong responses are part of the yardstick"
    repos = Counter(line["source"].split("@", 1)[0] for line in LABELS)
    assert len(repos) >= 4
    assert max(repos.values()) <= 0.4 * len(LABELS), repos.most_common(1)


def test_ids_are_unique_and_numbered_in_order():
    ids = [line["id"] for line in LABELS]
    assert ids == [f"rm-{n:04d}" for n in range(1, len(ids) + 1)]


def check_label_line(line: dict, styles: set[str], excluded: tuple[str, ...]) -> None:
    """What every label line of a maths corpus holds: our fields, pointers, hashes, the split rule."""
    assert KEYS <= set(line) <= KEYS | {"gold_source"}, set(line) ^ KEYS
    assert type(line["label"]) is bool
    assert line["style"] in styles
    assert line["why"].strip() and len(line["why"]) <= 160, "a short note, never a copy of the response"
    for key in ("harness", "model"):
        assert isinstance(line[key], str) and line[key].strip(), key
    for pointer in (line["source"], line.get("gold_source", line["source"])):
        assert SOURCE.match(pointer), pointer
        assert not any(name in pointer.lower() for name in excluded), pointer
    assert all(HEX.match(line[key]) for key in ("sha256", "gold_sha256", "question_sha256"))
    assert type(line["chars"]) is int and line["chars"] > 0
    number = int(line["id"].split("-")[1])
    assert line["split"] == ("heldout" if number % 3 == 0 else "dev")


@pytest.mark.parametrize("line", LABELS, ids=[line["id"] for line in LABELS])
def test_label_line(line):
    check_label_line(line, STYLES, EXCLUDED)


# -- the join with the full corpus, when it is here ----------------------------------------------------------------

def load_or_skip(name: str) -> list[dict]:
    try:
        return real_corpus.load(name)
    except FileNotFoundError:
        pytest.skip(real_corpus.MISSING)


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return load_or_skip("real_math")


def test_corpus_matches_the_labels(corpus):
    """load() joins by id and checks every hash; here, the joined rows carry what the label lines say."""
    assert [row["id"] for row in corpus] == [line["id"] for line in LABELS]
    for row, line in zip(corpus, LABELS):
        assert len(row["prediction"]) == line["chars"], row["id"]
        assert (row["label"], row["style"], row["split"]) == (line["label"], line["style"], line["split"])


def test_corpus_rows_have_text(corpus):
    for row in corpus:
        assert isinstance(row["answer"], str) and row["answer"].strip(), row["id"]
        assert isinstance(row["question"], str) and row["question"].strip(), row["id"]
        assert row["prediction"].strip(), row["id"]
        whole = row["prediction"].strip()  # a bare letter or number may be quoted; a sentence may not
        assert len(whole) < 20 or whole not in row["why"], f"{row['id']}: the note copies the whole response"


# -- the builder -----------------------------------------------------------------------------------------------------

REPO = "Dhanvin/spring2024-assignment5-alignment"  # a source whose reader takes JSON Lines records
PATH = "model_predictions_store/gsm8k/made_here.jsonl"


def _snapshot(root: Path, records: list[dict]) -> str:
    """A one-commit git repository under ``root`` laid out as fetch lays out snapshots; its commit id."""
    work = root / REPO.replace("/", "+") / "repo"
    (work / PATH).parent.mkdir(parents=True)
    (work / PATH).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "records"], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()


def _rows(commit: str) -> list[dict]:
    """Full corpus rows (text written here) pointing at lines 1 and 2 of the snapshot's file."""
    return [{"id": f"rm-{n:04d}", "source": f"{REPO}@{commit}:{PATH}#L{n}", "harness": "h", "model": "m",
             "style": "answer-line", "question": f"How many apples, case {n}?", "answer": str(n),
             "prediction": f"Some reasoning.\nThe answer is {n}.", "label": True, "why": f"answer line {n}",
             "split": "dev"} for n in (1, 2)]


@pytest.fixture
def made_here(tmp_path):
    """(mirror, full corpora folder, rows): a snapshot, and a corpus built from it by hand."""
    mirror = tmp_path / "mirror"
    commit = _snapshot(mirror, [{"question": f"How many apples, case {n}?", "ground_truth_answer": str(n),
                                 "model_response": f"Some reasoning.\nThe answer is {n}.", "model_answer": str(n)}
                                for n in (1, 2)])
    rows = _rows(commit)
    corpora = tmp_path / "corpora"
    corpora.mkdir()
    real_corpus.write_jsonl(corpora / "real_math.jsonl", rows)
    real_corpus.write_jsonl(corpora / "real_choice.jsonl", [])
    return mirror, corpora, rows


def test_pack_keeps_no_text_and_build_gives_the_rows_back(made_here, tmp_path):
    mirror, corpora, rows = made_here
    labels = tmp_path / "labels"
    assert real_corpus.pack(corpora, labels, mirror) == []
    packed = read_jsonl(labels / "real_math.labels.jsonl")
    text = {value for row in rows for key, value in row.items() if key in ("question", "answer", "prediction")}
    assert not text & {value for line in packed for value in line.values()}
    assert packed[1]["chars"] == len(rows[1]["prediction"])
    written = (labels / "real_math.labels.jsonl").read_bytes()
    assert real_corpus.pack(corpora, labels, None) == []  # without snapshots: the same lines, nothing checked
    assert (labels / "real_math.labels.jsonl").read_bytes() == written

    out = tmp_path / "out"
    results = real_corpus.build(mirror, out, labels)
    assert results["real_math"] == (2, 2, [])
    assert results["real_choice"] == (0, 0, [])
    assert (out / "real_math.jsonl").read_bytes() == (corpora / "real_math.jsonl").read_bytes()


def test_build_reports_rows_it_cannot_rebuild(made_here, tmp_path):
    mirror, corpora, rows = made_here
    labels = tmp_path / "labels"
    real_corpus.pack(corpora, labels, mirror)
    lines = read_jsonl(labels / "real_math.labels.jsonl")
    lines[1]["sha256"] = "0" * 64  # the text at the pointer is not the one labelled
    missing = dict(lines[0], id="rm-0003", source=lines[0]["source"].replace("#L1", "#L9"))
    gone = dict(lines[0], id="rm-0004", source="someone/absent@" + "a" * 40 + ":x.jsonl#L1")
    real_corpus.write_jsonl(labels / "real_math.labels.jsonl", [*lines, missing, gone])

    out = tmp_path / "out"
    done, total, problems = real_corpus.build(mirror, out, labels)["real_math"]
    assert (done, total) == (1, 4)
    assert [p.split(":")[0] for p in problems] == ["rm-0002", "rm-0003", "rm-0004"]
    assert "does not hash as recorded" in problems[0]
    assert "no record on line 9" in problems[1]
    assert "no reader for someone/absent" in problems[2]
    assert read_jsonl(out / "real_math.jsonl") == rows[:1]


def test_a_partial_rebuild_keeps_the_corpus_that_is_there(made_here, tmp_path):
    """A snapshot missing from the mirror leaves a corpus file already built as it was (a partial rebuild once
    truncated a good corpus to the rows it could read, through a link to a shared folder); a complete rebuild replaces
    it, through the link, which stays a link."""
    mirror, corpora, rows = made_here
    labels = tmp_path / "labels"
    real_corpus.pack(corpora, labels, mirror)
    shared, out = tmp_path / "shared", tmp_path / "out"
    shared.mkdir()
    out.mkdir()
    (shared / "real_math.jsonl").write_text("kept\n", encoding="utf-8")
    (out / "real_math.jsonl").symlink_to(shared / "real_math.jsonl")
    lines = read_jsonl(labels / "real_math.labels.jsonl")
    gone = dict(lines[0], id="rm-0009", source="someone/absent@" + "a" * 40 + ":x.jsonl#L1")
    real_corpus.write_jsonl(labels / "real_math.labels.jsonl", [*lines, gone])
    done, total, problems = real_corpus.build(mirror, out, labels)["real_math"]
    assert (done, total) == (len(rows), len(rows) + 1)
    assert problems[-1].endswith(f"kept as it was: 1 of {len(rows) + 1} rows not rebuilt")
    assert (shared / "real_math.jsonl").read_text(encoding="utf-8") == "kept\n"
    real_corpus.write_jsonl(labels / "real_math.labels.jsonl", lines)
    assert real_corpus.build(mirror, out, labels)["real_math"][2] == []
    assert (out / "real_math.jsonl").is_symlink() and read_jsonl(shared / "real_math.jsonl") == rows


def test_load_refuses_a_stale_corpus(made_here, tmp_path):
    mirror, corpora, rows = made_here
    labels = tmp_path / "labels"
    real_corpus.pack(corpora, labels, mirror)
    assert real_corpus.load("real_math", corpora, labels) == rows
    real_corpus.write_jsonl(corpora / "real_math.jsonl", [rows[0], dict(rows[1], prediction="The answer is 3.")])
    with pytest.raises(ValueError, match=r"1 rows do not hash as the label file records \(rm-0002\)"):
        real_corpus.load("real_math", corpora, labels)
    with pytest.raises(FileNotFoundError, match="the real-response corpora are not here"):
        real_corpus.load("real_math", tmp_path / "nowhere", labels)


def test_rebuild_from_the_snapshots_equals_the_corpora(tmp_path):
    """Every corpus rebuilt from the public snapshots the pointers name: every row, every hash; equal, byte for
    byte, to the full corpus files when those are here too."""
    mirror = mirror_dir()
    pointers = [line["source"] for line in LABELS] + [
        line["source"] for name in ("real_choice", "reason_choice")
        for line in read_jsonl(ROOT / "tests" / "data" / f"{name}.labels.jsonl")] + [
        pointer for line in REASON for pointer in (line["source"], line.get("gold_source", line["source"]))]
    absent = sorted({p.split("@")[0] for p in pointers if not (mirror / p.split("@")[0].replace("/", "+")).is_dir()})
    if absent:
        pytest.skip(f"the source snapshots are not here ({mirror}; set ANSWERBENCH_MIRROR): "
                    f"missing {', '.join(absent[:3])}{' ...' if len(absent) > 3 else ''}")
    results = real_corpus.build(mirror, tmp_path)
    for name, (done, total, problems) in results.items():
        assert problems == [], name
        assert done == total > 0, name
    corpora = real_corpus.corpora_dir()
    for name in results:
        if (corpora / f"{name}.jsonl").is_file():
            assert (tmp_path / f"{name}.jsonl").read_bytes() == (corpora / f"{name}.jsonl").read_bytes(), name


# -- the reason_math corpus (reasoning-era traces; tests/data/reason_math.README.md) ---------------------------------

REASON = read_jsonl(ROOT / "tests" / "data" / "reason_math.labels.jsonl")
REASON_STYLES = {"think-final-box", "think-answer-tag", "think-answer-line", "final-answer-box", "boxed",
                 "answer-line", "option-letter", "multi-sample", "units", "chinese", "prose", "truncated"}
#: sources whose question and gold live in another file (the ``gold_source`` pointer)
GOLD_ELSEWHERE = ("yale-nlp/Physics", "YuFish131416/CS6493-NLP-Group-Project--Mathematical-Reasoning-in-LLMs")
#: never used here either: the hidden measure, and the sources of real_math
REASON_EXCLUDED = (*EXCLUDED, "jerry-723/tts", "mathllm/math-v", "ruixiangcui/agieval", "novasky-ai/skythought",
                   "dongximing/semantic", *{line["source"].split("@")[0].lower() for line in LABELS})


def test_reason_size_sources_and_balance():
    assert len(REASON) >= 400
    assert 100 <= sum(line["label"] for line in REASON) <= len(REASON) - 100, "both verdicts are the yardstick"
    repos = Counter(line["source"].split("@", 1)[0] for line in REASON)
    assert len(repos) >= 4, repos
    assert max(repos.values()) <= 0.4 * len(REASON), repos.most_common(1)
    assert len({line["model"] for line in REASON}) >= 5
    assert sum(line["style"] == "chinese" for line in REASON) >= 30


def test_reason_ids_are_unique_and_numbered_in_order():
    assert [line["id"] for line in REASON] == [f"rr-{n:04d}" for n in range(1, len(REASON) + 1)]


@pytest.mark.parametrize("line", REASON, ids=[line["id"] for line in REASON])
def test_reason_label_line(line):
    check_label_line(line, REASON_STYLES, REASON_EXCLUDED)
    assert ("gold_source" in line) == line["source"].startswith(GOLD_ELSEWHERE)
    real_corpus.reader_for(real_corpus.corpus_named("reason_math"), line["source"])  # a reader takes the pointer


@pytest.fixture(scope="module")
def reason_corpus() -> list[dict]:
    return load_or_skip("reason_math")


#: a gold that is a whole number, as written (digit groups and a trailing period allowed)
INTEGER = re.compile(r"^\$?-?\d{1,3}(,?\d{3})*\.?\$?$")
#: a unit written after a number: \text{..}/\mathrm{..}, or a bare SI-style symbol
UNIT = re.compile(r"\d.*(\\(text|mathrm)\s*\{\s*[A-Za-zÅ°]|\s(m|s|J|eV|K|Hz|N|W|V|T|kg|cm|nm|MeV|GeV|keV)\b)")


def test_reason_corpus_matches_the_labels(reason_corpus):
    assert [row["id"] for row in reason_corpus] == [line["id"] for line in REASON]
    for row, line in zip(reason_corpus, REASON):
        assert len(row["prediction"]) == line["chars"], row["id"]
        assert (row["label"], row["style"], row["split"]) == (line["label"], line["style"], line["split"])
        assert row["question"].strip() and row["answer"].strip() and row["prediction"].strip(), row["id"]


def test_reason_corpus_has_what_the_brief_asks_for(reason_corpus):
    """Traces (think blocks), golds that are not integers, physics answers with units, questions in Chinese."""
    assert sum("<think>" in row["prediction"] for row in reason_corpus) >= 200
    not_integer = [row for row in reason_corpus if not INTEGER.match(row["answer"].strip())]
    assert len(not_integer) >= 0.4 * len(reason_corpus), len(not_integer)
    physics_units = [row for row in reason_corpus
                     if row["source"].startswith(("yale-nlp/Physics", "open-thought/reasoning-gym-eval"))
                     and UNIT.search(row["answer"])]
    assert len(physics_units) >= 60, len(physics_units)
    chinese = [row for row in reason_corpus if re.search(r"[\u4e00-\u9fff]", row["question"])]
    assert len(chinese) >= 30, len(chinese)


PHYSICS = "yale-nlp/Physics"
RUN = "outputs/some_model_output/optics_dataset_textonly/response.jsonl"
BENCH = "PHYSICS/optics_dataset.jsonl"


def test_build_reason_math_follows_the_gold_pointer(tmp_path):
    """A reason_math row whose question and gold live in another file of the snapshot (the physics reader): built
    from both files and hash-checked; a gold record of another problem, or a pointer with no gold_source, is
    reported, not built."""
    work = tmp_path / "mirror" / PHYSICS.replace("/", "+") / "repo"
    for path, records in ((RUN, [{"id": "optics/1", "solution": "<think>\nhm\n</think>\n\\boxed{2 m}"},
                                 {"id": "optics/2", "llm_answers": "Final Answer: 3 s"}]),
                          (BENCH, [{"id": "optics/2", "questions": "How long?", "final_answers": ["3 s"]},
                                   {"id": "optics/1", "questions": "How far?", "final_answers": ["2 m"]}])):
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "records"], check=True)
    commit = subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()
    at = f"{PHYSICS}@{commit}:"
    corpus = real_corpus.corpus_named("reason_math")
    rows = [{"id": "rr-0001", "source": f"{at}{RUN}#L1", "gold_source": f"{at}{BENCH}#L2", "harness": "h", "model": "m",
             "style": "units", "question": "How far?", "answer": "2 m",
             "prediction": "<think>\nhm\n</think>\n\\boxed{2 m}", "label": True, "why": "box 2 m", "split": "dev"},
            {"id": "rr-0002", "source": f"{at}{RUN}#L2", "gold_source": f"{at}{BENCH}#L1", "harness": "h", "model": "m",
             "style": "answer-line", "question": "How long?", "answer": "3 s", "prediction": "Final Answer: 3 s",
             "label": True, "why": "answer line 3 s", "split": "dev"}]
    labels = tmp_path / "labels"
    labels.mkdir()
    lines = [real_corpus.pack_row(corpus, row) for row in rows]
    assert [line["gold_source"] for line in lines] == [row["gold_source"] for row in rows]
    wrong_gold = dict(lines[0], id="rr-0003", gold_source=lines[1]["gold_source"])
    no_gold = {key: value for key, value in dict(lines[0], id="rr-0004").items() if key != "gold_source"}
    real_corpus.write_jsonl(labels / "reason_math.labels.jsonl", [*lines, wrong_gold, no_gold])
    real_corpus.write_jsonl(labels / "real_math.labels.jsonl", [])  # another corpus's labels, not asked for

    out = tmp_path / "out"
    results = real_corpus.build(tmp_path / "mirror", out, labels, ["reason_math"])
    assert list(results) == ["reason_math"]  # only the corpus asked for, and no other file written
    done, total, problems = results["reason_math"]
    assert (done, total) == (2, 4)
    assert [p.split(":")[0] for p in problems] == ["rr-0003", "rr-0004"]
    assert "id 'optics/1', gold record 'optics/2'" in problems[0]
    assert "needs a gold_source pointer" in problems[1]
    assert read_jsonl(out / "reason_math.jsonl") == [{f: row[f] for f in corpus.fields} for row in rows]
    assert sorted(p.name for p in out.iterdir()) == ["reason_math.jsonl"]


# -- the measuring tool's plumbing (never a figure: rows made here) ---------------------------------------------------

def _eval_tool():
    sys.path.insert(0, str(ROOT / "tools"))  # eval_real_corpus imports real_corpus from its own folder
    spec = importlib.util.spec_from_file_location("eval_real_corpus", ROOT / "tools" / "eval_real_corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(rid: str, answer: str, prediction: str, label: bool, source: str, style: str = "boxed") -> dict:
    return {"id": rid, "answer": answer, "prediction": prediction, "label": label, "style": style, "model": "m",
            "source": f"{source}@{'a' * 40}:x.jsonl#L1"}


def test_measure_maths_tallies_per_style_and_per_source():
    tool = _eval_tool()
    rows = [_row("r1", "2", r"\boxed{2}", True, "o/one"), _row("r2", "3", r"\boxed{3}", True, "o/two", "units"),
            _row("r3", "4", r"\boxed{5}", True, "o/two"), _row("r4", "6", r"\boxed{6}", False, "o/one")]
    tallies, misses = tool.measure_maths(rows, tool._boxed)
    one, two = tallies["source"]["o/one | m"], tallies["source"]["o/two | m"]
    assert (one.rows, one.positives, one.true_accepts, one.false_accepts) == (2, 1, 1, 1)
    assert (two.rows, two.positives, two.true_accepts, two.false_accepts) == (2, 2, 1, 0)
    assert tallies["style"]["units"].true_accepts == 1 and tallies["style"]["boxed"].rows == 3
    assert tallies["all"]["all"].rows == 4
    assert [(row["id"], what) for row, what in misses] == [("r3", "false reject"), ("r4", "false accept")]


def test_math_verify_runs_in_another_interpreter(tmp_path, monkeypatch):
    """--math-verify-python: the verdicts come from a child interpreter, matched to the rows by id; its failure
    stops the measurement with its message. A stand-in math_verify module (made here) plays the library."""
    tool = _eval_tool()
    (tmp_path / "math_verify.py").write_text(
        "def parse(text):\n    return text.strip('$').replace('answer is ', '')\n"
        "def verify(gold, answer):\n    if answer == 'boom':\n        raise ValueError(answer)\n"
        "    return gold == answer\n", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    rows = [_row("a", "7", "answer is 7", True, "o/r"), _row("b", "8", "answer is 9", False, "o/r"),
            _row("c", "1", "boom", True, "o/r")]
    accepts = tool.math_verify_in(sys.executable, rows)
    assert [accepts(row) for row in reversed(rows)] == [False, False, True]
    (tmp_path / "math_verify.py").write_text("raise ImportError('no math_verify here')\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no math_verify here"):
        tool.math_verify_in(sys.executable, rows)


# -- reason_choice: the second multiple-choice corpus (tests/data/reason_choice.README.md) ---------------------------

REASON_CHOICE = read_jsonl(ROOT / "tests" / "data" / "reason_choice.labels.jsonl")
REASON_KEYS = {"id", "source", "harness", "model", "style", "split", "label", "why", "sha256", "gold_sha256",
               "question_sha256", "options_sha256", "chars"}
CHOICE_STYLES = {"letter", "marker", "cot", "option-text", "json", "continuation", "hedge", "refusal", "degenerate",
                 "other"}
#: never used for reason_choice: the lead's independent measure, and the sources real_choice already draws on
REASON_CHOICE_EXCLUDED = EXCLUDED + ("jerry-723/tts", "mathllm/math-v", "ruixiangcui/agieval", "novasky-ai/skythought",
                              "dongximing/semantic")
REAL_CHOICE_REPOS = {line["source"].split("@", 1)[0]
                     for line in read_jsonl(ROOT / "tests" / "data" / "real_choice.labels.jsonl")}


def test_reason_choice_size_sources_and_ids():
    assert len(REASON_CHOICE) >= 250
    assert [line["id"] for line in REASON_CHOICE] == [f"rc2-{n:04d}" for n in range(1, len(REASON_CHOICE) + 1)]
    repos = Counter(line["source"].split("@", 1)[0] for line in REASON_CHOICE)
    assert len(repos) >= 3 and not set(repos) & REAL_CHOICE_REPOS, repos
    assert max(repos.values()) <= 0.4 * len(REASON_CHOICE), repos.most_common(1)
    assert len({line["model"] for line in REASON_CHOICE}) >= 5
    assert any(line["label"] is None for line in REASON_CHOICE), "replies that commit to nothing are part of the corpus"


@pytest.mark.parametrize("line", REASON_CHOICE, ids=[line["id"] for line in REASON_CHOICE])
def test_reason_choice_label_line(line):
    assert set(line) == REASON_KEYS, set(line) ^ REASON_KEYS
    assert SOURCE.match(line["source"]), line["source"]
    assert not any(name in line["source"].lower() for name in REASON_CHOICE_EXCLUDED), line["source"]
    real_corpus.reader_for(real_corpus.corpus_named("reason_choice"), line["source"])  # a reader follows it
    assert line["style"] in CHOICE_STYLES
    for key in ("harness", "model", "why"):
        assert isinstance(line[key], str) and line[key].strip(), key
    assert len(line["why"]) <= 160, "a short note, never a copy of the reply"
    assert line["label"] is None or re.fullmatch(r"[A-Z]", line["label"])
    assert all(HEX.match(line[key]) for key in ("sha256", "gold_sha256", "question_sha256", "options_sha256"))
    assert type(line["chars"]) is int and 0 < line["chars"] <= 8000
    assert line["split"] == ("heldout" if int(line["id"][4:]) % 3 == 0 else "dev")


@pytest.fixture(scope="module")
def reason_choice_corpus() -> list[dict]:
    try:
        return real_corpus.load("reason_choice")
    except FileNotFoundError:
        pytest.skip(real_corpus.MISSING)


def test_reason_choice_corpus_matches_the_labels(reason_choice_corpus):
    assert [row["id"] for row in reason_choice_corpus] == [line["id"] for line in REASON_CHOICE]
    for row, line in zip(reason_choice_corpus, REASON_CHOICE):
        assert len(row["response"]) == line["chars"], row["id"]
        assert (row["label"], row["style"], row["split"]) == (line["label"], line["style"], line["split"])
        options = row["options"]
        assert len(options) >= 2 and list(options) == [chr(65 + i) for i in range(len(options))], row["id"]
        assert row["label"] is None or row["label"] in options, row["id"]
        assert row["gold"].upper() in options, row["id"]  # EMMA writes a few golds in lower case ("a")
        whole = row["response"].strip()  # a bare letter may be quoted; a sentence may not
        assert len(whole) < 20 or whole not in row["why"], f"{row['id']}: the note copies the whole reply"


# -- the reason_choice readers on a snapshot made here --------------------------------------------------------------

def _commit(work: Path, files: dict[str, str | bytes]) -> str:
    for path, content in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        data = content if isinstance(content, bytes) else content.encode("utf-8")
        (work / path).write_bytes(data)
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.invalid"]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "results"], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()


EMMA_FILE = "results/close-source/made_here_Physics_CoT.json"
PUZZLE_FILE = "PuzzleVQA/outputs_single/made_here/gpt4o/cot_multi_extract.jsonl"


def test_reason_choice_readers_pack_and_build(tmp_path):
    """An EMMA result (JSON keyed by problem id, options lettered in order) and a PuzzleVQA output (JSON Lines, the
    gold the letter of the option equal to ``answer``): packed, then rebuilt equal; a PuzzleVQA answer that is not
    an option, and an EMMA id that is not in the file, are reported, not guessed."""
    mirror = tmp_path / "mirror"
    emma = {"phy_1": {"question": "Which way does it turn?", "options": ["left", "right", "<image_2>"],
                      "answer": "B", "type": "Multiple Choice", "response": "It turns right.\n\\boxed{B}"}}
    puzzles = [{"question": "What is the missing color?", "options": ["red", "blue", "green"], "answer": "green",
                "raw_output": "The pattern repeats.\n\nAnswer: (C) green", "image_string": "iVBOR"},
               {"question": "What is the missing size?", "options": ["small", "large"], "answer": "medium",
                "raw_output": "(A) small"}]
    e = _commit(mirror / "hychaochao+EMMA" / "repo", {EMMA_FILE: json.dumps(emma)})
    p = _commit(mirror / "declare-lab+LLM-PuzzleTest" / "repo",
                {PUZZLE_FILE: "".join(json.dumps(r) + "\n" for r in puzzles)})
    common = {"harness": "h", "model": "m", "style": "cot", "why": "note", "split": "dev"}
    rows = [{"id": "rc2-0001", "source": f"hychaochao/EMMA@{e}:{EMMA_FILE}#phy_1", **common,
             "question": "Which way does it turn?", "options": {"A": "left", "B": "right", "C": "<image_2>"},
             "gold": "B", "response": emma["phy_1"]["response"], "label": "B"},
            {"id": "rc2-0002", "source": f"declare-lab/LLM-PuzzleTest@{p}:{PUZZLE_FILE}#L1", **common,
             "question": "What is the missing color?", "options": {"A": "red", "B": "blue", "C": "green"},
             "gold": "C", "response": puzzles[0]["raw_output"], "label": "C"}]
    corpus = real_corpus.corpus_named("reason_choice")
    corpora, labels = tmp_path / "corpora", tmp_path / "labels"
    corpora.mkdir()
    real_corpus.write_jsonl(corpora / corpus.file, [{f: row[f] for f in corpus.fields} for row in rows])
    assert real_corpus.pack(corpora, labels, mirror) == []
    assert sorted(path.name for path in labels.iterdir()) == [corpus.labels]  # only the corpus given is packed
    packed = read_jsonl(labels / corpus.labels)
    assert packed[1]["gold_sha256"] == real_corpus.sha256("C")
    assert real_corpus.build(mirror, tmp_path / "out", labels)["reason_choice"] == (2, 2, [])
    assert (tmp_path / "out" / corpus.file).read_bytes() == (corpora / corpus.file).read_bytes()

    absent = dict(packed[0], id="rc2-0003", source=packed[0]["source"].replace("#phy_1", "#phy_9"))
    not_an_option = dict(packed[1], id="rc2-0004", source=packed[1]["source"].replace("#L1", "#L2"))
    real_corpus.write_jsonl(labels / corpus.labels, [*packed, absent, not_an_option])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["reason_choice"]
    assert (done, total) == (2, 4)
    assert "has no record phy_9" in problems[0]
    assert "line 2: the answer is not exactly one of the options" in problems[1]


DIAGNOSIS_FILE = "results/diagnosis_arena_results.xlsx"


def test_reason_choice_diagnosis_arena_reader(tmp_path):
    """The DiagnosisArena workbook: one row per case, a prompt and a reply column per model and variant; the anchor
    <case>/<model>/<variant> picks one reply; a case that is not there, or an anchor of another form, is reported."""
    openpyxl = pytest.importorskip("openpyxl")
    import io
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Analysis_Results"
    head = ["id", "option_a", "option_b", "option_c", "option_d", "ground_truth", "deepseek_r1_male_prompt",
            "deepseek_r1_male_response", "deepseek_r1_male_answer"]
    sheet.append(head)
    sheet.append([7, "Gout", "Pseudogout", "Septic arthritis", "Bursitis", "B", "Case 7 ... A. Gout ...",
                  "Okay, crystals. So B.\n</think>\n\n\\boxed{B}", "B"])
    book.create_sheet("Summary").append(["Metric", "Value"])
    data = io.BytesIO()
    book.save(data)
    mirror = tmp_path / "mirror"
    commit = _commit(mirror / "redagavin+cot_faithfulness" / "repo", {DIAGNOSIS_FILE: data.getvalue()})
    pointer = f"redagavin/cot_faithfulness@{commit}:{DIAGNOSIS_FILE}#7/deepseek_r1/male"
    row = {"id": "rc2-0001", "source": pointer, "harness": "h", "model": "m", "style": "cot",
           "question": "Case 7 ... A. Gout ...",
           "options": {"A": "Gout", "B": "Pseudogout", "C": "Septic arthritis", "D": "Bursitis"}, "gold": "B",
           "response": "Okay, crystals. So B.\n</think>\n\n\\boxed{B}", "label": "B", "why": "note", "split": "dev"}
    corpus = real_corpus.corpus_named("reason_choice")
    corpora, labels = tmp_path / "corpora", tmp_path / "labels"
    corpora.mkdir()
    real_corpus.write_jsonl(corpora / corpus.file, [{f: row[f] for f in corpus.fields}])
    assert real_corpus.pack(corpora, labels, mirror) == []
    line = read_jsonl(labels / corpus.labels)[0]
    missing = dict(line, id="rc2-0002", source=pointer.replace("#7/", "#9/"))
    malformed = dict(line, id="rc2-0003", source=pointer.replace("/male", "/other"))
    real_corpus.write_jsonl(labels / corpus.labels, [line, missing, malformed])
    done, total, problems = real_corpus.build(mirror, tmp_path / "out", labels)["reason_choice"]
    assert (done, total) == (1, 3)
    assert read_jsonl(tmp_path / "out" / corpus.file) == [{f: row[f] for f in corpus.fields}]
    assert "no single case 9 with a deepseek_r1_male_response" in problems[0]
    assert "should be <id>/<model>/<female|male>" in problems[1]
