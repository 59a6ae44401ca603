"""Rebuild the real-response corpora from public snapshots, and pack them into label files.

The two hand-labelled corpora of real model responses, ``real_math.jsonl`` and ``real_choice.jsonl``, hold text
taken from public repositories (questions, gold answers, options, the responses themselves). That text is not
committed: the project commits only its own work, one line per row in
``tests/data/real_math.labels.jsonl`` and ``tests/data/real_choice.labels.jsonl``: the id, the pointer to the
record (``owner/repo@commit:path#anchor``), harness, model, style, split, the hand label, the ``why`` note, the
response's length and the SHA-256 of every text field. This tool turns those pointers back into the full rows.

    python tools/real_corpus.py build --mirror MIRROR --out DIR [--labels tests/data] [--corpus NAME ...]
    python tools/real_corpus.py pack  --corpora DIR [--out tests/data]

``build`` reads each pointer's file from the snapshot (``MIRROR/<owner>+<repo>/repo``, a git directory, read
with ``git show <commit>:<path>``), takes the record the anchor names with the reader the table below gives for
that file, checks every hash, and writes ``DIR/real_math.jsonl`` and ``DIR/real_choice.jsonl`` with the rows,
fields and order of the originals. A row whose snapshot, file or record is missing, or whose text does not hash
as recorded, is left out and reported (exit status 1). ``pack`` is the reverse: it writes the label files from
full corpora (after rows are added or relabelled), failing on a row no reader can rebuild.

Where the full corpora are read from (tests, tools/eval_real_*.py): ``corpora_dir()``, the folder named by the
environment variable ``ANSWERBENCH_CORPORA``, else a ``shared/corpora`` folder in the folder that holds the checkout.

Readers parse data (JSON, JSON Lines, csv, text logs, markdown answer files); nothing read from a source is ever run
as code (``ast.literal_eval`` reads Python list literals, MMMU-Pro's ``options`` field and Program-of-Thoughts'
TAT-QA ``generated`` field, and evaluates nothing).
"""

from __future__ import annotations

import argparse
import ast
import csv
import hashlib
import html
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Callable, Iterable

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "tests" / "data"
ENV = "ANSWERBENCH_CORPORA"
MISSING = ("the real-response corpora are not here: build them with tools/real_corpus.py build, "
           "see tests/data/real_math.README.md")

#: owner/repo@<40-hex commit>:<path>#<anchor>
POINTER = re.compile(r"^(?P<repo>[\w.-]+/[\w.-]+)@(?P<commit>[0-9a-f]{40}):(?P<path>[^#]+)#(?P<anchor>\S+)$")


def corpora_dir() -> Path:
    """Where the full corpora live: ``$ANSWERBENCH_CORPORA``, else ``shared/corpora`` in the checkout's parent."""
    named = os.environ.get(ENV)
    return Path(named) if named else ROOT.parent / "shared" / "corpora"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Unreadable(Exception):
    """A pointer that cannot be followed in the snapshots at hand (the message says which and why)."""


# -- the snapshots -------------------------------------------------------------------------------------------------

class Mirror:
    """Files of fetched snapshots, ``<mirror>/<owner>+<repo>/repo`` (git directories), read once each."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: dict[tuple[str, str, str], str] = {}
        self._parsed: dict[tuple[str, str, str, str], object] = {}

    def blob(self, repo: str, commit: str, path: str) -> bytes:
        """The file's bytes as the commit holds them (not kept: ``text`` and ``parsed`` keep what they make)."""
        gitdir = self.root / repo.replace("/", "+") / "repo"
        if not gitdir.is_dir():
            raise Unreadable(f"no snapshot of {repo} under {self.root} (fetch github:{repo})")
        done = subprocess.run(["git", "-C", str(gitdir), "show", f"{commit}:{path}"], capture_output=True)
        if done.returncode:
            raise Unreadable(f"{repo}@{commit[:8]}:{path} is not in the snapshot: "
                             f"{done.stderr.decode(errors='replace').strip()}")
        return done.stdout

    def text(self, repo: str, commit: str, path: str) -> str:
        key = (repo, commit, path)
        if key not in self._files:
            self._files[key] = self.blob(repo, commit, path).decode("utf-8")
        return self._files[key]

    def parsed(self, repo: str, commit: str, path: str, how: str) -> object:
        """The file parsed once: ``json`` (one document), ``jsonl`` (a list of records), ``lines``, ``csv`` (a list
        of rows, each a list of fields, the header first), or ``xlsx`` (a workbook: sheet name -> its rows as dicts
        keyed by the first row, see ``xlsx_sheets``)."""
        key = (repo, commit, path, how)
        if key not in self._parsed:
            if how == "xlsx":
                self._parsed[key] = xlsx_sheets(self.blob(repo, commit, path))
                return self._parsed[key]
            text = self.text(repo, commit, path)
            self._parsed[key] = {"json": json.loads, "lines": lambda t: t.split("\n"),
                                 "csv": lambda t: list(csv.reader(io.StringIO(t, newline=""))),
                                 "jsonl": lambda t: [json.loads(line) if line.strip() else None
                                                     for line in t.splitlines()]}[how](text)
        return self._parsed[key]


class Record:
    """What a reader gets: the pointer's parts, and the mirror for its file (or another one)."""

    def __init__(self, mirror: Mirror, pointer: str, row: dict) -> None:
        found = POINTER.match(pointer)
        if not found:
            raise Unreadable(f"pointer {pointer!r} is not owner/repo@<commit>:<path>#<anchor>")
        self.mirror, self.row = mirror, row
        self.repo, self.commit, self.path, self.anchor = found.group("repo", "commit", "path", "anchor")

    def load(self, how: str) -> object:
        return self.mirror.parsed(self.repo, self.commit, self.path, how)

    def line(self) -> int:
        """The anchor ``L<n>`` as a 0-based line index."""
        found = re.fullmatch(r"L(\d+)", self.anchor)
        if not found:
            raise Unreadable(f"anchor #{self.anchor} of {self.path} should be L<line>")
        return int(found.group(1)) - 1

    def index(self, pattern: str = r"\[?(\d+)\]?") -> int:
        found = re.fullmatch(pattern, self.anchor)
        if not found:
            raise Unreadable(f"anchor #{self.anchor} of {self.path} should match {pattern}")
        return int(found.group(1))

    def jsonl_record(self) -> dict:
        records = self.load("jsonl")
        at = self.line()
        if not 0 <= at < len(records) or records[at] is None:
            raise Unreadable(f"{self.path} has no record on line {at + 1}")
        return records[at]

    def item(self, items: list, at: int) -> dict:
        if not 0 <= at < len(items):
            raise Unreadable(f"{self.path} has no record #{self.anchor} ({len(items)} records)")
        return items[at]


# -- pieces the readers share ---------------------------------------------------------------------------------------

def kojima_block(record: Record) -> tuple[str, str, str]:
    """A Zero-shot-CoT log's block whose ``A:`` line is the anchor: (question, response, gold). The question is
    the ``Q:`` line (and any lines up to ``A:``), the response everything from ``A:`` up to ``pred_before :``,
    the gold the ``GT :`` line; the ``Q: ``/``A: `` prefixes are dropped."""
    lines = record.load("lines")
    a = record.line()
    if not (0 <= a < len(lines) and lines[a].startswith("A: ")):
        raise Unreadable(f"{record.path} line {a + 1} is not an 'A: ' line")
    start = a
    while start > 0 and not lines[start - 1].startswith("GT :"):
        start -= 1
    q = next((i for i in range(start, a) if lines[i].startswith("Q: ")), None)
    end = next((i for i in range(a, len(lines)) if lines[i].startswith("pred_before :")), None)
    gt = next((i for i in range(end or a, len(lines)) if lines[i].startswith("GT : ")), None)
    if q is None or end is None or gt is None:
        raise Unreadable(f"{record.path} line {a + 1}: no Q:/pred_before/GT lines around the answer")
    return "\n".join(lines[q:a])[3:], "\n".join(lines[a:end])[3:], lines[gt][5:].strip()


def parenthesised_options(text: str) -> dict[str, str]:
    """``(A) x (B) y ...`` -> {"A": "x", "B": "y"}, as the AQuA / CommonsenseQA prompts list their choices."""
    return {m.group(1): m.group(2).strip()
            for m in re.finditer(r"\(([A-Z])\)\s*(.*?)(?=\s*\([A-Z]\)\s|\s*$)", text, re.S)}


def split_choices(question: str) -> tuple[str, dict[str, str]]:
    stem, _, choices = question.partition("Answer Choices:")
    return stem, parenthesised_options(choices)


def r1_zero_question(prompt: str) -> str:
    """The question inside the CS336 r1_zero prompt (between ``User: `` and the closing ``Assistant:``)."""
    return prompt.split("\nUser: ", 1)[1].rsplit("\nAssistant:", 1)[0]


def last_boxed(text: str) -> str:
    start = text.rfind("\\boxed")
    brace = text.index("{", start)
    depth = 0
    for end in range(brace, len(text)):
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            return text[brace + 1:end]
    raise Unreadable("unbalanced \\boxed{ in the reference solution")


def number_text(value: object) -> str:
    """Plan-and-Solve's numeric gold as written in the corpus: 18.0 -> "18", 2.5 -> "2.5"."""
    number = float(value)
    return str(int(number)) if number.is_integer() else str(value)


# -- readers: one per source file format; each returns question, gold, response (and options for choice) --------

def math_kojima(record: Record) -> dict:
    question, response, gold = kojima_block(record)
    return {"question": question, "gold": gold, "response": response}


def math_plan_and_solve(record: Record) -> dict:
    item = record.item(record.load("json"), record.index())
    return {"question": item["question"], "gold": number_text(item["answer"]), "response": item["chain-of-thought"]}


def math_dhanvin(record: Record) -> dict:
    item = record.jsonl_record()
    return {"question": item["question"], "gold": item["ground_truth_answer"], "response": item["model_response"]}


def math_active_prompt(record: Record) -> dict:
    """A JSON array of {qes_idx, Q, A}; the gold is the ``####`` line of the GSM8K test record the row's
    ``gold_source`` names (the repo's dataset/GSM8K/test.jsonl, line qes_idx + 1)."""
    item = record.item(record.load("json"), record.index())
    gold_at = Record(record.mirror, record.row.get("gold_source", ""), record.row)
    gold = gold_at.jsonl_record()["answer"].split("####")[-1].strip()
    return {"question": item["Q"], "gold": gold, "response": item["A"]}


def math_cs336_graded(record: Record) -> dict:
    item = record.jsonl_record()
    return {"question": r1_zero_question(item["prompt"]), "gold": item["ground_truth_answer"],
            "response": item["response"]}


def math_cs336_solution(record: Record) -> dict:
    """The gold is the reference solution's ``####`` line (GSM8K) or its last ``\\boxed{}`` (MATH-500)."""
    item = record.jsonl_record()
    solution = item["ground_truth"]
    gold = solution.split("####")[-1].strip() if "####" in solution else last_boxed(solution)
    return {"question": r1_zero_question(item["prompt"]), "gold": gold, "response": item["response"]}


def math_structured_outputs(record: Record) -> dict:
    """matthieudelsart/structured-outputs-benchmark results: a JSON array; the response is the raw
    ``generated_output`` string (a JSON-shaped reply, fenced or not), the gold the reference ``output.answer``."""
    item = record.item(record.load("json"), record.index(r"\[(\d+)\]"))
    return {"question": item["input"], "gold": str(item["output"]["answer"]), "response": item["generated_output"]}


def math_structured_free(record: Record) -> dict:
    """The same benchmark's free-text run (``*_reasoning_free``): the whole completion is ``full_answer`` (the run's
    ``generated_output`` is only what its parser took after the last ``Answer:``)."""
    item = record.item(record.load("json"), record.index(r"\[(\d+)\]"))
    return {"question": item["input"], "gold": str(item["output"]["answer"]), "response": item["full_answer"]}


def math_tatqa_cot(record: Record) -> dict:
    """Program-of-Thoughts' TAT-QA chain-of-thought outputs (few-shot ``Explanation: ... Answer: ...``): the response
    is the one completion in ``generated`` (a JSON list, or a Python list literal: literal_eval runs nothing), the gold the
    ``answer`` with its ``scale`` (a percent scale is written ``%``: the source's 12.5 with scale percent is 12.5%)."""
    item = record.jsonl_record()
    completions = item["generated"]
    if isinstance(completions, str):
        completions = ast.literal_eval(completions)
    if len(completions) != 1:
        raise Unreadable(f"{record.path} line {record.line() + 1}: {len(completions)} completions, expected one")
    scale = {"": "", "percent": "%"}.get(item["scale"])
    if scale is None:
        raise Unreadable(f"{record.path} line {record.line() + 1}: scale {item['scale']!r} is not read")
    return {"question": item["question"], "gold": f"{item['answer']}{scale}", "response": completions[0]}


def math_rft_llama(record: Record) -> dict:
    """Haskely's GSM8K RFT evaluation (gen_datas.jsonl): the model's ``output_str`` ends on a ``#### N`` line, the
    gold is the GSM8K record's own ``####`` line."""
    item = record.jsonl_record()
    gsm8k = item["gsm8k_data"]
    return {"question": gsm8k["question"], "gold": gsm8k["answer"].split("####")[-1].strip(),
            "response": item["output_str"]}


def choice_bbh(record: Record) -> dict:
    """BIG-Bench Hard outputs: the last ``Q:`` of the few-shot input, its ``Options:`` lines, the target."""
    item = record.item(record.load("json")["outputs"], record.index(r"outputs\[(\d+)\]"))
    last = item["input"].rsplit("\n\nQ: ", 1)[-1]
    stem, _, rest = last.partition("\nOptions:\n")
    options = {m.group(1): m.group(2).strip()
               for m in re.finditer(r"^\(([A-Z])\) (.*)$", rest.split("\nA:")[0], re.M)}
    return {"question": stem.strip(), "options": options, "gold": item["target"].strip("()"),
            "response": item["prediction"]}


def choice_kojima(record: Record) -> dict:
    question, response, gold = kojima_block(record)
    stem, options = split_choices(question)
    return {"question": stem.replace("\nWhich choice is true ?", "").strip(), "options": options, "gold": gold,
            "response": response}


def choice_plan_and_solve(record: Record) -> dict:
    item = record.item(record.load("json"), record.index(r"\[(\d+)\]"))
    stem, options = split_choices(item["question"])
    return {"question": stem.strip(), "options": options, "gold": item["answer"],
            "response": item["chain-of-thought"]}


def choice_mmmu_pro(record: Record) -> dict:
    item = record.jsonl_record()
    listed = ast.literal_eval(item["options"])  # a Python list literal; literal_eval runs nothing
    return {"question": item["question"], "options": {chr(65 + i): str(o) for i, o in enumerate(listed)},
            "gold": item["answer"], "response": item["response"]}


def choice_mmmu_example(record: Record) -> dict:
    """MMMU's example outputs: a JSON array; the anchor is the record's ``id``; no question text is stored."""
    found = [item for item in record.load("json") if str(item.get("id")) == record.anchor]
    if len(found) != 1:
        raise Unreadable(f"{record.path} has {len(found)} records with id {record.anchor}")
    return {"question": "", "options": found[0]["index2ans"], "gold": found[0]["answer"],
            "response": found[0]["response"]}


def choice_program_of_thoughts(record: Record) -> dict:
    item = record.jsonl_record()
    options = {}
    for option in item["options"]:
        found = re.match(r"\s*([A-E])\s*\)\s*(.*)", option, re.S)
        options[found.group(1)] = found.group(2).strip()
    return {"question": item["question"], "options": options, "gold": item["answer"], "response": item["rationale"]}


def choice_gaokao(record: Record) -> dict:
    """GAOKAO-Bench results: ``example[i]``; the four options are parsed from the question text."""
    item = record.item(record.load("json")["example"], record.index(r"example\[(\d+)\]"))
    options: dict[str, str] = {}
    for found in re.finditer(r"(?:^|\n|\s)([A-D])[．.、]\s*(.*?)(?=\s+[A-D][．.、]|\n|$)", item["question"], re.S):
        options.setdefault(found.group(1), found.group(2).strip())
    return {"question": item["question"].split("\nA")[0].strip(), "options": options,
            "gold": item["standard_answer"][0], "response": item["model_output"]}


# -- readers of the reason_math corpus (reasoning-era traces; tests/data/reason_math.README.md) -------------------

def gold_record(record: Record) -> Record:
    """The record the row's ``gold_source`` pointer names (the question and gold kept in another file)."""
    pointer = record.row.get("gold_source")
    if not pointer:
        raise Unreadable(f"{record.path}#{record.anchor}: this source needs a gold_source pointer")
    return Record(record.mirror, pointer, record.row)


def reason_physics(record: Record) -> dict:
    """yale-nlp/Physics outputs: a JSON Lines record of one model's run (``id`` and the whole reply, ``solution`` for
    the API runs, ``llm_answers`` for the local ones); question and gold from the benchmark's own record of the same
    ``id`` (``gold_source``: PHYSICS/<domain>_dataset.jsonl), whose one ``final_answers`` entry is the gold (rows
    whose problem has several final answers were not drawn)."""
    item = record.jsonl_record()
    gold = gold_record(record).jsonl_record()
    if gold.get("id") != item.get("id"):
        raise Unreadable(f"{record.path}#{record.anchor}: id {item.get('id')!r}, gold record {gold.get('id')!r}")
    if len(gold["final_answers"]) != 1:
        raise Unreadable(f"{record.path}#{record.anchor}: {len(gold['final_answers'])} final answers, expected one")
    response = item["solution"] if "solution" in item else item["llm_answers"]
    return {"question": gold["questions"], "gold": gold["final_answers"][0], "response": response}


def reason_cs6493(record: Record) -> dict:
    """A CS6493 project checkpoint (one JSON object per problem, anchor = its ``problem_id``, ``math500_<k>``): the
    reply is ``raw_response``; question and gold from the MATH-500 test file line k + 1 (``gold_source``)."""
    item = record.load("json")
    if not isinstance(item, dict) or item.get("problem_id") != record.anchor:
        raise Unreadable(f"{record.path}: problem_id is not {record.anchor!r}")
    gold = gold_record(record).jsonl_record()
    return {"question": gold["problem"], "gold": gold["answer"], "response": item["raw_response"]}


def reason_math_eval(record: Record) -> dict:
    """reasoning-gym-eval's Qwen math_eval outputs (JSON Lines): ``question``, the gold ``gt``, the one completion in
    ``code``."""
    item = record.jsonl_record()
    if len(item["code"]) != 1:
        raise Unreadable(f"{record.path} line {record.line() + 1}: {len(item['code'])} completions, expected one")
    return {"question": item["question"], "gold": item["gt"], "response": item["code"][0]}


def reason_gaokao_blank(record: Record) -> dict:
    """GAOKAO-Bench fill-in-the-blank results: ``example[i]``'s question, ``standard_answer`` (outer whitespace
    dropped) and the model's ``model_output``."""
    item = record.item(record.load("json")["example"], record.index(r"example\[(\d+)\]"))
    return {"question": item["question"], "gold": item["standard_answer"].strip(), "response": item["model_output"]}


Reader = Callable[[Record], dict]

#: per corpus: (repository, path pattern, reader); the first match reads the row's pointer
READERS: dict[str, list[tuple[str, str, Reader]]] = {
    "math": [
        ("kojima-takeshi188/zero_shot_cot", r"log/.*\.log", math_kojima),
        ("AGI-Edgerunners/Plan-and-Solve-Prompting", r"generated_result/.*\.json", math_plan_and_solve),
        ("Dhanvin/spring2024-assignment5-alignment", r".*\.jsonl", math_dhanvin),
        ("shizhediao/active-prompt", r"results/QA_record_.*\.txt", math_active_prompt),
        ("guochenmeinian/cs336-assignment5", r".*\.jsonl", math_cs336_graded),
        ("donglinkang2021/cs336-assignment5-alignment", r".*results\.jsonl", math_cs336_solution),
        ("matthieudelsart/structured-outputs-benchmark", r"results/[^/]*_reasoning_free/GSM8K/generated\.json",
         math_structured_free),
        ("matthieudelsart/structured-outputs-benchmark", r"results/.*/GSM8K/generated\.json", math_structured_outputs),
        ("Haskely/gsm8k-rft-llama7b-u13b_evaluation", r"output_.*/gen_datas\.jsonl", math_rft_llama),
        ("TIGER-AI-Lab/Program-of-Thoughts", r"outputs/tatqa_cot_.*\.jsonl", math_tatqa_cot),
    ],
    "choice": [
        ("suzgunmirac/BIG-Bench-Hard", r"code-davinci-002-outputs/.*\.json", choice_bbh),
        ("kojima-takeshi188/zero_shot_cot", r"log/.*\.log", choice_kojima),
        ("AGI-Edgerunners/Plan-and-Solve-Prompting", r"generated_result/.*\.json", choice_plan_and_solve),
        ("MMMU-Benchmark/MMMU", r"mmmu-pro/output/.*\.jsonl", choice_mmmu_pro),
        ("MMMU-Benchmark/MMMU", r"mmmu/example_outputs/.*/output\.json", choice_mmmu_example),
        ("TIGER-AI-Lab/Program-of-Thoughts", r"outputs/.*\.jsonl", choice_program_of_thoughts),
        ("OpenLMLab/GAOKAO-Bench", r"Results/.*\.json", choice_gaokao),
    ],
    # reason_math (reasoning-era traces)
    "reason_math": [
        ("yale-nlp/Physics", r"outputs/[^/]+/[a-z]+_dataset_textonly/response\.jsonl", reason_physics),
        ("YuFish131416/CS6493-NLP-Group-Project--Mathematical-Reasoning-in-LLMs",
         r"results/checkpoints/[^/]+/deepseek-r1__[a-z_]+__math500__math500_\d+\.json", reason_cs6493),
        ("open-thought/reasoning-gym-eval", r"reasoninggym-paper-experiments/math-evals/.*/math_eval/[a-z0-9_]+/test_.*\.jsonl",
         reason_math_eval),
        ("OpenLMLab/GAOKAO-Bench", r"Results/.*_Fill-in-the-Blank\.json", reason_gaokao_blank),
    ],
}


# -- the two corpora: field order, which fields are text from the source, and their hashes -----------------------

class Corpus:
    def __init__(self, name: str, kind: str, fields: tuple[str, ...], text: dict[str, str]) -> None:
        self.name, self.kind, self.fields = name, kind, fields
        self.text = text  # corpus field -> reader key, for the fields taken from the source

    @property
    def file(self) -> str:
        return f"{self.name}.jsonl"

    @property
    def labels(self) -> str:
        return f"{self.name}.labels.jsonl"

    def response_field(self) -> str:
        return next(field for field, key in self.text.items() if key == "response")


CORPORA = (
    Corpus("real_math", "math",
           ("id", "source", "harness", "model", "style", "question", "answer", "prediction", "label", "why", "split"),
           {"question": "question", "answer": "gold", "prediction": "response"}),
    Corpus("real_choice", "choice",
           ("id", "source", "harness", "model", "style", "question", "options", "gold", "response", "label", "why",
            "split"),
           {"question": "question", "options": "options", "gold": "gold", "response": "response"}),
    # reason_math: the same row shape as real_math, reasoning-era sources (tests/data/reason_math.README.md)
    Corpus("reason_math", "reason_math",
           ("id", "source", "harness", "model", "style", "question", "answer", "prediction", "label", "why", "split"),
           {"question": "question", "answer": "gold", "prediction": "response"}),
)

# -- reason_choice: reasoning-era and vision-language multiple-choice replies (tests/data/reason_choice.README.md) --

def choice_emma(record: Record) -> dict:
    """EMMA-style result files (hychaochao/EMMA, and the EMMA and EMMA-mini results STARE-bench/STARE commits): one
    JSON object keyed by problem id, the anchor (``Math_54``, ``chem_1``); ``options`` a list, lettered A, B, ... in
    order (an option may be only its letter, or an image placeholder, when the choices are drawn); the gold the
    ``answer`` letter; the reply ``response``."""
    item = record.load("json").get(record.anchor)
    if not isinstance(item, dict):
        raise Unreadable(f"{record.path} has no record {record.anchor}")
    return {"question": item["question"], "options": {chr(65 + i): str(o) for i, o in enumerate(item["options"])},
            "gold": item["answer"], "response": item["response"]}


def choice_puzzlevqa(record: Record) -> dict:
    """PuzzleVQA outputs (declare-lab/LLM-PuzzleTest ``cot_multi_extract.jsonl``): ``options`` a list of option
    texts lettered (A), (B), ... in the prompt's order; the gold is the letter of the option equal to ``answer``;
    the reply ``raw_output``."""
    item = record.jsonl_record()
    listed = [str(o) for o in item["options"]]
    if listed.count(str(item["answer"])) != 1:
        raise Unreadable(f"{record.path} line {record.line() + 1}: the answer is not exactly one of the options")
    return {"question": item["question"], "options": {chr(65 + i): o for i, o in enumerate(listed)},
            "gold": chr(65 + listed.index(str(item["answer"]))), "response": item["raw_output"]}


def xlsx_sheets(data: bytes) -> dict[str, list[dict]]:
    """A workbook's sheets: name -> rows as dicts keyed by the first row's cells. Cell values only (openpyxl,
    the project's ``xlsx`` extra, reads the stored values; no formula is computed, nothing is run)."""
    try:
        import openpyxl
    except ImportError:
        raise Unreadable("reading .xlsx needs openpyxl (pip install 'pytest-answerbench[xlsx]')") from None
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    sheets = {}
    for sheet in book.worksheets:
        rows = list(sheet.iter_rows(values_only=True))
        head = [str(cell) for cell in rows[0]] if rows else []
        sheets[sheet.title] = [dict(zip(head, row)) for row in rows[1:]]
    book.close()
    return sheets


#: DiagnosisArena anchors: <case id>/<model column prefix>/<variant> (the case as written, or with its gender swapped)
DIAGNOSIS_ANCHOR = r"(\d+)/(\w+?)/(female|male)"


def choice_diagnosis_arena(record: Record) -> dict:
    """redagavin/cot_faithfulness ``results/diagnosis_arena_results.xlsx``, sheet ``Analysis_Results``: one row per
    case (``id``); options ``option_a`` .. ``option_d``, gold ``ground_truth``; per model and variant the prompt
    (``<model>_<variant>_prompt``, kept as the question: it holds the case and the options) and the reply
    (``<model>_<variant>_response``). The anchor names the case, the model prefix and the variant."""
    found = re.fullmatch(DIAGNOSIS_ANCHOR, record.anchor)
    if not found:
        raise Unreadable(f"anchor #{record.anchor} of {record.path} should be <id>/<model>/<female|male>")
    case, model, variant = found.groups()
    rows = [row for row in record.load("xlsx").get("Analysis_Results", []) if str(row.get("id")) == case]
    if len(rows) != 1 or not isinstance(rows[0].get(f"{model}_{variant}_response"), str):
        raise Unreadable(f"{record.path} has no single case {case} with a {model}_{variant}_response")
    row = rows[0]
    return {"question": row[f"{model}_{variant}_prompt"],
            "options": {letter: str(row[f"option_{letter.lower()}"]) for letter in "ABCD"},
            "gold": row["ground_truth"], "response": row[f"{model}_{variant}_response"]}


READERS["reason_choice"] = [
    ("hychaochao/EMMA", r"results/.*\.json", choice_emma),
    ("STARE-bench/STARE", r"results/EMMA(-mini)?/.*\.json", choice_emma),
    ("declare-lab/LLM-PuzzleTest", r"PuzzleVQA/outputs[^/]*/[^/]+/gpt4o/cot_multi_extract\.jsonl", choice_puzzlevqa),
    ("redagavin/cot_faithfulness", r"results/diagnosis_arena_results\.xlsx", choice_diagnosis_arena),
]
CORPORA += (
    Corpus("reason_choice", "reason_choice",
           ("id", "source", "harness", "model", "style", "question", "options", "gold", "response", "label", "why",
            "split"),
           {"question": "question", "options": "options", "gold": "gold", "response": "response"}),
)


# -- trace_math: reasoning-era maths traces from five more repositories, and Chinese gaokao blanks for the fresh
#    splits (tests/data/trace_math.README.md) -------------------------------------------------------------------------

def trace_tldr(record: Record) -> dict:
    """zzli2022/TLDR evaluation logs: one JSON object keyed by problem text, in the file's order; the anchor
    ``record<k>/sample<i>`` names the k-th record and the i-th reply of its one temperature in ``responses``
    (``content``); question ``problem``, gold ``answer``."""
    found = re.fullmatch(r"record(\d+)/sample(\d+)", record.anchor)
    if not found:
        raise Unreadable(f"anchor #{record.anchor} of {record.path} should be record<k>/sample<i>")
    item = record.item(list(record.load("json").values()), int(found.group(1)))
    runs = list(item["responses"].values())
    if len(runs) != 1:
        raise Unreadable(f"{record.path}#{record.anchor}: {len(runs)} temperatures, expected one")
    sample = record.item(runs[0], int(found.group(2)))
    return {"question": item["problem"], "gold": str(item["answer"]), "response": sample["content"]}


def trace_sampled_run(record: Record) -> dict:
    """Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051- raw results (JSON Lines): the anchor
    ``L<n>/sample<i>`` names line n and the i-th entry of its ``model_outputs`` (a JSON list, or a Python list
    literal: literal_eval runs nothing), whose ``model_output`` is the reply; ``question``, gold
    ``reference_answer``."""
    found = re.fullmatch(r"L(\d+)/sample(\d+)", record.anchor)
    if not found:
        raise Unreadable(f"anchor #{record.anchor} of {record.path} should be L<line>/sample<i>")
    records = record.load("jsonl")
    at = int(found.group(1)) - 1
    if not 0 <= at < len(records) or records[at] is None:
        raise Unreadable(f"{record.path} has no record on line {at + 1}")
    item = records[at]
    outputs = item["model_outputs"]
    if isinstance(outputs, str):
        outputs = ast.literal_eval(outputs)
    sample = record.item(outputs, int(found.group(2)))
    return {"question": item["question"], "gold": str(item["reference_answer"]), "response": sample["model_output"]}


#: one token of a log-probability page: its text, then its info box (a template of 12-space indented lines)
LOGPROB_TOKEN = re.compile(r'<span class="token" style="[^"]*">\n {12}(.*?)\n {12}<span class="token-info">', re.S)


def trace_logprob_page(record: Record) -> dict:
    """pingzhili/lm-reasoning-eval ``plots/*-aime24-logprobs-<n>.html``: one reply drawn token by token (each
    token's text HTML-escaped, spaces as ``&nbsp;``); the reply is the tokens joined, without the closing
    ``<|im_end|>`` stop token. The page holds no question or gold: they come from the AIME 2024 record the row's
    ``gold_source`` names (the anchor ``aime24[<n>]`` repeats the page's index)."""
    tokens = LOGPROB_TOKEN.findall(record.mirror.text(record.repo, record.commit, record.path))
    if not tokens:
        raise Unreadable(f"{record.path}: no tokens on the page")
    text = "".join(html.unescape(token).replace("\xa0", " ") for token in tokens)
    text = text[:-len("<|im_end|>")] if text.endswith("<|im_end|>") else text
    gold = gold_record(record).jsonl_record()
    return {"question": gold["problem"], "gold": str(gold["answer"]), "response": text}


def trace_gaokao_blank_2023(record: Record) -> dict:
    """GAOKAO-Bench fill-in-the-blank results as first published (``result/<model>_填空题/...``, 2023):
    ``example[i]``'s question, the gold ``answer`` (outer whitespace dropped) and the model's ``model_output``;
    the later ``Results/`` files name the gold ``standard_answer`` (``reason_gaokao_blank``). The text-davinci-003
    and MOSS files of the same commit are a bare list: ``[i]``'s question, gold ``standard_answer`` and
    ``model_output``."""
    data = record.load("json")
    if isinstance(data, list):
        item = record.item(data, record.index(r"\[(\d+)\]"))
        return {"question": item["question"], "gold": item["standard_answer"].strip(), "response": item["model_output"]}
    item = record.item(data["example"], record.index(r"example\[(\d+)\]"))
    return {"question": item["question"], "gold": item["answer"].strip(), "response": item["model_output"]}


#: g1y5x3/llm_gaokao's replies: response/<model>-2024_math_<paper>[_english].md, one block per row of the paper's csv
GAOKAO_2024_FILE = re.compile(r"response/(?P<model>.+)-2024_math_(?P<paper>[a-z0-9-]+)(?P<english>_english)?\.md")
#: a block's head, ``#### <n>`` then the prompt line (a reply's own markdown headings are not followed by ``Prompt:``)
GAOKAO_2024_BLOCK = re.compile(r"^#### (\d+)\nPrompt: ", re.M)


def gaokao_2024_paper(record: Record) -> str:
    """The csv of the paper a g1y5x3/llm_gaokao answer file answers: ``data/2024_math_<paper>/exam_with_answer.csv``
    (``_english.csv`` for an ``_english.md`` file)."""
    path = GAOKAO_2024_FILE.fullmatch(record.path)
    if not path:
        raise Unreadable(f"{record.path}: expected response/<model>-2024_math_<paper>[_english].md")
    return f"data/2024_math_{path.group('paper')}/exam_with_answer{path.group('english') or ''}.csv"


def gaokao_2024_block(record: Record) -> tuple[str, str, str]:
    """g1y5x3/llm_gaokao: models answering the 2024 gaokao maths papers. ``response/<model>-2024_math_<paper>.md``
    (``_english.md``: the English translation) holds one block per question, ``#### <n>``, ``Prompt: <prompt>``,
    ``Response:`` and the reply, then ``Answer:<gold>``; block n is row n of the paper's csv
    (``gaokao_2024_paper``; rows ``prompt``, ``answer``) and its prompt must equal that row's, so that no reply is
    read against another question's gold. Returns the csv row's prompt and answer (verbatim) and the reply: the text
    between the block's ``Response:`` line and its last ``Answer:`` line, verbatim."""
    number = record.index(r"(\d+)")
    table = record.mirror.parsed(record.repo, record.commit, gaokao_2024_paper(record), "csv")
    if table[:1] != [["prompt", "answer"]] or not 1 <= number < len(table) or len(table[number]) != 2:
        raise Unreadable(f"{record.path}#{number}: the paper's csv has no row {number} under a prompt,answer header")
    prompt, answer = table[number]
    text = record.mirror.text(record.repo, record.commit, record.path)
    heads = list(GAOKAO_2024_BLOCK.finditer(text))
    at = [i for i, head in enumerate(heads) if int(head.group(1)) == number]
    if len(at) != 1:
        raise Unreadable(f"{record.path} has no single block #### {number}")
    block = text[heads[at[0]].end():heads[at[0] + 1].start() if at[0] + 1 < len(heads) else len(text)]
    opening = prompt + "\n\nResponse:\n\n"
    if not block.startswith(opening) or "\n\nAnswer:" not in block[len(opening):]:
        raise Unreadable(f"{record.path}#{number}: the block's prompt is not the csv's row {number}, or no Answer line")
    return prompt, answer, block[len(opening):block.rindex("\n\nAnswer:")]


def trace_llm_gaokao(record: Record) -> dict:
    """g1y5x3/llm_gaokao's free-answer questions (``gaokao_2024_block``): question and gold (verbatim) from the
    paper's csv row, which the row's ``gold_source`` must name."""
    paper = gold_record(record)
    if (paper.path, paper.anchor) != (gaokao_2024_paper(record), record.anchor):
        raise Unreadable(f"{record.path}#{record.anchor}: the gold_source names row {paper.anchor} of {paper.path}")
    question, gold, reply = gaokao_2024_block(record)
    return {"question": question, "gold": gold, "response": reply}


READERS["trace_math"] = [
    ("zzli2022/TLDR", r"reason_eval_log/.*\.json", trace_tldr),
    ("Marioiacobelli/Evolutionary-Merging-for-L2S-Math-Reasoning",
     r"Qwen2\.5-Math/evaluation/outputs/.*/test_[^/]*\.jsonl", reason_math_eval),
    ("zhusq20/reasoning-evals", r"Qwen2\.5-Math/evaluation/outputs/.*/math_eval/[a-z0-9_]+/test_[^/]*\.jsonl",
     reason_math_eval),
    ("Fomaldehyde/Test-Time-Scaling-for-Math-Reasoning-CSC5051-", r"experiment_results(_ds)?/raw_[^/]*\.jsonl",
     trace_sampled_run),
    ("pingzhili/lm-reasoning-eval", r"plots/[^/]*-aime24-logprobs-\d+\.html", trace_logprob_page),
    ("OpenLMLab/GAOKAO-Bench", r"result/[^/]+/[^/]+/[^/]+_Math_(I|II)_Fill-in-the-Blank\.json",
     trace_gaokao_blank_2023),
    # a model's answers the 2024 version keeps beside the questions (<model>_2010-2022_..., gemini-pro's in the second
    # fresh split), in the Results/ format; the question files themselves hold no answer
    ("OpenLMLab/GAOKAO-Bench", r"Data/Subjective_Questions/[^/]+_2010-2022_Math_(I|II)_Fill-in-the-Blank\.json",
     reason_gaokao_blank),
    # the fourth fresh split: gpt-4-0314's blanks in the later Results/ files (the records reason_math does not
    # read), and PHYSICS problems with a unit gold answered by reasoning models, both read as reason_math reads them
    ("OpenLMLab/GAOKAO-Bench", r"Results/[^/]+/[^/]+_Math_(I|II)_Fill-in-the-Blank\.json", reason_gaokao_blank),
    ("yale-nlp/Physics", r"outputs/[^/]+/[a-z]+_dataset_textonly/response\.jsonl", reason_physics),
    # the sixth fresh split: 2024 gaokao papers answered by seven models, in Chinese and in English
    ("g1y5x3/llm_gaokao", r"response/[^/]+-2024_math_[a-z0-9]+(_english)?\.md", trace_llm_gaokao),
]
CORPORA += (
    Corpus("trace_math", "trace_math",
           ("id", "source", "harness", "model", "style", "question", "answer", "prediction", "label", "why", "split"),
           {"question": "question", "answer": "gold", "prediction": "response"}),
)


# -- trace_choice: replies of vision-language models, transcripts and walks through the options
#    (tests/data/trace_choice.README.md) ----------------------------------------------------------------------------

def corpus_named_early(name: str) -> Corpus:
    """A corpus declared above (``corpus_named`` is defined further down)."""
    return next(corpus for corpus in CORPORA if corpus.name == name)


#: "(A) text (B) text" inside a question or a prompt's choice lines (the text may be empty: "(A) (B) (C)")
LETTERED = re.compile(r"\(([A-H])\)[ \t]*(.*?)(?=[ \t]*\([A-H]\)|\n|$)")


def lettered_options(text: str) -> dict[str, str]:
    """``(A) x (B) y`` (on one line or one a line) -> {"A": "x", "B": "y"}; an empty text is the letter itself
    (the choices are drawn in the image). Empty when the letters are not A, B, C, ... in order."""
    found = [(m.group(1), m.group(2).strip()) for m in LETTERED.finditer(text)]
    letters = [letter for letter, _ in found]
    if len(found) < 2 or letters != [chr(65 + i) for i in range(len(found))]:
        return {}
    return {letter: body or letter for letter, body in found}


def named_letters(question: str) -> dict[str, str]:
    """The option letters a question names without listing texts ("Select from A-E", "(A, B, C, or D)",
    "Select from A, B, C, D, and E"): letter -> letter. Empty when it names no such set."""
    span = re.search(r"\b([A-H])\s*-\s*([A-H])\b", question)
    if span and span.group(1) == "A" and span.group(2) > "A":
        return {chr(c): chr(c) for c in range(65, ord(span.group(2)) + 1)}
    listed = re.search(r"\b[A-H](?:\s*,\s*(?:and\s+|or\s+)?[A-H]\b|\s+(?:and|or)\s+[A-H]\b)+", question)
    if listed:
        letters = re.findall(r"\b[A-H]\b", listed.group(0))
        if letters == [chr(65 + i) for i in range(len(letters))] and len(letters) >= 2:
            return {letter: letter for letter in letters}
    return {}


def choice_m3cot(record: Record) -> dict:
    """M3CoT zero-shot run outputs (LightChen233/M3CoT ``experiment/zero-shot/<model>/<prompt>.jsonl``): ``messages``
    alternates the harness's turns and the model's, from the first prompt (``[Question]`` and ``[Choices]`` lines,
    kept as the question). The reply is the model's last turn, verbatim (a two-stage run asks "Please select the
    correct answer ..." after the model's first turn, and its last turn answers that). The options are the prompt's
    ``(A) ...`` lines (what the model was shown; the record's ``choices`` field differs from them in a few
    records); the gold the ``answer`` letter."""
    item = record.jsonl_record()
    messages = item["messages"]
    if len(messages) < 2 or len(messages) % 2:
        raise Unreadable(f"{record.path} line {record.line() + 1}: {len(messages)} messages, expected prompt/reply pairs")
    prompt = messages[0]
    options = lettered_options(prompt.split("[Choices]", 1)[-1])
    if not options:
        raise Unreadable(f"{record.path} line {record.line() + 1}: no (A) (B) ... choice lines in the prompt")
    return {"question": prompt, "options": options, "gold": item["answer"], "response": messages[-1]}


def choice_logicvista(record: Record) -> dict:
    """LogicVista answer files (Yijia-Xiao/LogicVista ``eval/answers/<model>-answers.json``): one JSON object keyed
    by question id (the anchor, ``v1_0``), the reply its ``answer`` (for the LLaVA-NeXT runs the whole decoded
    sequence: system text, the few-shot prompt and the assistant's turn). Question and gold from the benchmark's
    ``data/dataset.json`` at the same commit; the options are the question's ``(A) text`` list, else the letters
    it names ("Select from A-E"), each standing for itself (the choices are drawn in the image)."""
    reply = record.load("json").get(record.anchor)
    data = record.mirror.parsed(record.repo, record.commit, "data/dataset.json", "json")
    item = data.get(record.anchor) if isinstance(data, dict) else None
    if not isinstance(reply, dict) or not isinstance(item, dict):
        raise Unreadable(f"{record.path} or data/dataset.json has no record {record.anchor}")
    question = item["question"]
    options = lettered_options(question) or named_letters(question)
    if not options:
        raise Unreadable(f"{record.anchor}: the question names no option letters")
    return {"question": question, "options": options, "gold": item["answer"].strip(), "response": reply["answer"]}


#: RoLM's raw predictions: results_shared/<dataset>/<model>/<strategy>_raw_predictions.jsonl
ROLM_FILE = re.compile(r"results_shared/(?P<dataset>[^/]+)/[^/]+/[^/]+_raw_predictions\.jsonl")


def choice_rolm(record: Record) -> dict:
    """RoLM raw predictions (CheongWoong/RoLM ``results_shared/<dataset>/<model>/<strategy>_raw_predictions.jsonl``):
    one JSON line per question, ``raw_predictions`` mapping the prompt's wording (``"0"`` to ``"7"``) to the reply,
    verbatim. The anchor is ``<question id>/<wording>``. Question, options and gold from the benchmark's
    ``preprocessed_datasets/<dataset>_test.jsonl`` at the same commit: the question's ``original`` wording, the
    ``options`` list (``label`` -> ``text``, lettered A, B, ... in order), the ``answer`` letter."""
    found = re.fullmatch(r"(?P<id>[^/]+)/(?P<wording>\d+)", record.anchor)
    path = ROLM_FILE.fullmatch(record.path)
    if not found or not path:
        raise Unreadable(f"{record.path}#{record.anchor}: expected results_shared/<dataset>/... and #<id>/<wording>")
    replies = next((item for item in record.load("jsonl") if item and item.get("id") == found.group("id")), None)
    tests = record.mirror.parsed(record.repo, record.commit,
                                 f"preprocessed_datasets/{path.group('dataset')}_test.jsonl", "jsonl")
    item = next((item for item in tests if item and item.get("id") == found.group("id")), None)
    if replies is None or item is None:
        raise Unreadable(f"{record.path} or the {path.group('dataset')} test file has no question {found.group('id')}")
    reply = replies["raw_predictions"].get(found.group("wording"))
    options = {option["label"]: option["text"] for option in item["options"]}
    if reply is None or list(options) != [chr(65 + i) for i in range(len(options))]:
        raise Unreadable(f"{record.path}#{record.anchor}: no such reply, or options not lettered A, B, ... in order")
    return {"question": item["questions"]["original"], "options": options, "gold": item["answer"], "response": reply}


#: a reasoning-model reply: the thinking, closed, then the output, as a thinking model's decoded turn holds them
THINKING_REPLY = "<think>\n{thinking}\n</think>\n\n{output}"


def choice_thinking_run(record: Record) -> dict:
    """wgantt/reasoning-models-lie run outputs (``experiments/<benchmark>/results/all_responses/*.jsonl``): one JSON
    line per question, found by its ``instance_id`` (the anchor). The ``prompts/check_verbalization/*.jsonl`` files
    copy a hinted run's record whole under ``meta`` (beside the answers before and after the hint), one line per
    question whose answer the hint changed; such a line is read through that copy. The record keeps a reasoning
    model's thinking
    (``result.reasoning_trace``) and its output (``result.response``) apart; the reply is both, verbatim, joined as
    ``THINKING_REPLY`` (an empty part stays empty). Question ``meta.problem`` (the question and its "Answer
    Choices:" lines), options ``meta.candidates`` ("A. text", lettered A, B, ... in order, the ``X. `` prefix
    dropped), gold ``meta.answer``."""
    item = next((item for item in record.load("jsonl") if item and item.get("instance_id") == record.anchor), None)
    if item is None:
        raise Unreadable(f"{record.path} has no record {record.anchor}")
    if "result" not in item:  # a check_verbalization line: the run's record is its ``meta``
        item = item.get("meta")
        if not isinstance(item, dict) or "result" not in item or "meta" not in item:
            raise Unreadable(f"{record.path}#{record.anchor}: neither a run record nor a copy of one under 'meta'")
    listed = [re.fullmatch(r"([A-J])\. (.*)", str(text), re.S) for text in item["meta"]["candidates"]]
    if not all(listed) or [m.group(1) for m in listed] != [chr(65 + i) for i in range(len(listed))]:
        raise Unreadable(f"{record.path}#{record.anchor}: candidates not lettered 'A. ', 'B. ', ... in order")
    result = item["result"]
    reply = THINKING_REPLY.format(thinking=result.get("reasoning_trace") or "", output=result.get("response") or "")
    return {"question": item["meta"]["problem"], "options": {m.group(1): m.group(2).strip() for m in listed},
            "gold": item["meta"]["answer"], "response": reply}


#: the four options closing a question: ``A. text`` (after a line break or a space), then B, C, D a line each
GAOKAO_2024_OPTIONS = re.compile(r"(?:^|\s)A\.[ \t]*(.*?)\nB\.[ \t]*(.*?)\nC\.[ \t]*(.*?)\nD\.[ \t]*(.*?)\s*\Z", re.S)


def choice_gaokao_2024(record: Record) -> dict:
    """g1y5x3/llm_gaokao's multiple-choice questions (``gaokao_2024_block``). The question is the csv prompt (the
    instruction to reason step by step and box the answer was added after it and is not kept), the options its
    closing ``A.`` ... ``D.`` lines, the gold the csv answer (outer spaces and a trailing full stop dropped: ``D.``)."""
    prompt, answer, reply = gaokao_2024_block(record)
    options = GAOKAO_2024_OPTIONS.search(prompt)
    if not options:
        raise Unreadable(f"{record.path}#{record.anchor}: the question does not close on A. ... D. option lines")
    return {"question": prompt, "options": {letter: options.group(i + 1).strip() for i, letter in enumerate("ABCD")},
            "gold": answer.strip().removesuffix("."), "response": reply}


READERS["trace_choice"] = [
    ("LightChen233/M3CoT", r"experiment/zero-shot/[^/]+/[a-z]+\.jsonl", choice_m3cot),
    ("Yijia-Xiao/LogicVista", r"eval/answers/[^/]+-answers\.json", choice_logicvista),
    ("CheongWoong/RoLM", ROLM_FILE.pattern, choice_rolm),
    ("wgantt/reasoning-models-lie",
     r"experiments/[a-z_]+/(results/all_responses|prompts/check_verbalization)/[^/]+\.jsonl", choice_thinking_run),
    ("g1y5x3/llm_gaokao", GAOKAO_2024_FILE.pattern, choice_gaokao_2024),
]
CORPORA += (  # the row shape of reason_choice
    Corpus("trace_choice", "trace_choice", corpus_named_early("reason_choice").fields,
           dict(corpus_named_early("reason_choice").text)),
)


#: the fields of a label line that are our own work, in the order written (the rest are hashes and a length)
OWN_FIELDS = ("id", "source", "harness", "model", "style", "split", "label", "why")

#: hash key in the label file -> reader key
HASHES = {"sha256": "response", "gold_sha256": "gold", "question_sha256": "question", "options_sha256": "options"}


def digest(value: object) -> str:
    """SHA-256 of a text field; of options, of their canonical JSON (keys in order, non-ASCII kept)."""
    return sha256(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True))


def reader_for(corpus: Corpus, pointer: str) -> Reader:
    found = POINTER.match(pointer)
    if not found:
        raise Unreadable(f"pointer {pointer!r} is not owner/repo@<commit>:<path>#<anchor>")
    for repo, pattern, reader in READERS[corpus.kind]:
        if repo == found.group("repo") and re.fullmatch(pattern, found.group("path")):
            return reader
    raise Unreadable(f"no reader for {found.group('repo')}:{found.group('path')} in the {corpus.name} table")


def rebuild_row(corpus: Corpus, labels: dict, mirror: Mirror) -> dict:
    """The full corpus row for one label line; Unreadable when the source or a hash does not match."""
    got = reader_for(corpus, labels["source"])(Record(mirror, labels["source"], labels))
    for key, part in HASHES.items():
        if part in got and key in labels and digest(got[part]) != labels[key]:
            raise Unreadable(f"the {part} read from {labels['source']} does not hash as recorded ({key})")
    from_source = {field: got[key] for field, key in corpus.text.items()}
    return {field: from_source[field] if field in from_source else labels[field] for field in corpus.fields}


def pack_row(corpus: Corpus, row: dict) -> dict:
    """The label line for a full corpus row: our fields, the pointer, the hashes and the response length."""
    own = {field: row[field] for field in OWN_FIELDS}
    parts = {key: row[field] for field, key in corpus.text.items()}
    hashes = {key: digest(parts[part]) for key, part in HASHES.items() if part in parts}
    extra = {"gold_source": row["gold_source"]} if "gold_source" in row else {}
    return {**own, **extra, **hashes, "chars": len(parts["response"])}


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def write_jsonl(path: Path, rows: Iterable[dict]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def corpus_named(name: str) -> Corpus:
    for corpus in CORPORA:
        if corpus.name == name:
            return corpus
    raise ValueError(f"no corpus {name!r}: choose from {', '.join(c.name for c in CORPORA)}")


def load(name: str, data: Path | None = None, labels_dir: Path = LABELS) -> list[dict]:
    """The full rows of corpus ``name`` (``real_math``, ``real_choice``, ``reason_math``
    or ``reason_choice``): the text from ``data/<name>.jsonl``
    (default ``corpora_dir()``), our own fields (label, why, style, split, ...) from the committed label file,
    joined by id. FileNotFoundError when the corpus is not there; ValueError when the two do not match (other
    ids, or a text whose hash is not the recorded one: rebuild the corpus)."""
    corpus = corpus_named(name)
    path = (data or corpora_dir()) / corpus.file
    if not path.is_file():
        raise FileNotFoundError(f"{path}: {MISSING}")
    texts = read_jsonl(path)
    labels = read_jsonl(labels_dir / corpus.labels)
    if [row["id"] for row in texts] != [line["id"] for line in labels]:
        raise ValueError(f"{path} and {labels_dir / corpus.labels} list different ids: rebuild the corpus "
                         f"(tools/real_corpus.py build)")
    rows, stale = [], []
    for row, line in zip(texts, labels):
        parts = {key: row[field] for field, key in corpus.text.items()}
        if any(digest(parts[part]) != line[key] for key, part in HASHES.items() if part in parts):
            stale.append(row["id"])
        rows.append({field: row[field] if field in corpus.text else line[field] for field in corpus.fields})
    if stale:
        raise ValueError(f"{path}: {len(stale)} rows do not hash as the label file records ({', '.join(stale[:5])}"
                         f"{', ...' if len(stale) > 5 else ''}): rebuild the corpus (tools/real_corpus.py build)")
    return rows


def build(mirror_root: Path, out: Path, labels_dir: Path = LABELS,
          names: Iterable[str] | None = None) -> dict[str, tuple[int, int, list[str]]]:
    """Write the full corpora into ``out`` (only those ``names`` when given); per corpus (rows rebuilt, rows listed,
    problems). A corpus whose label file is not in ``labels_dir`` is not built (and not listed). A corpus file that is
    already there is replaced only when every row rebuilt (a snapshot missing from ``mirror_root`` leaves it as it
    was, with a problem saying so: a partial rebuild once truncated a good corpus to the rows it could read), and it
    is replaced whole at once, through a symbolic link when the file is one."""
    mirror = Mirror(mirror_root)
    out.mkdir(parents=True, exist_ok=True)
    wanted = {corpus_named(name).name for name in names} if names is not None else None
    results = {}
    for corpus in CORPORA:
        if not (labels_dir / corpus.labels).is_file() or (wanted is not None and corpus.name not in wanted):
            continue
        rows, problems = [], []
        labels = read_jsonl(labels_dir / corpus.labels)
        for line in labels:
            try:
                rows.append(rebuild_row(corpus, line, mirror))
            except (Unreadable, KeyError, ValueError, IndexError, AttributeError) as exc:
                problems.append(f"{line.get('id', '?')}: {type(exc).__name__}: {exc}")
        target = out / corpus.file
        if problems and target.exists():
            problems.append(f"{target} kept as it was: {len(labels) - len(rows)} of {len(labels)} rows not rebuilt")
        else:
            _replace_jsonl(target, rows)
        results[corpus.name] = (len(rows), len(labels), problems)
    return results


def _replace_jsonl(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` to ``path`` whole at once: into a file beside the one ``path`` names (its link followed), then
    renamed over it, so a reader never sees half a corpus and a link to a shared folder stays a link."""
    target = path.resolve() if path.is_symlink() else path
    part = target.with_name(target.name + ".part")
    write_jsonl(part, rows)
    os.replace(part, target)


#: the GSM8K gold of an Active-Prompt record comes from another file of the same snapshot (qes_idx + 1)
GOLD_SOURCES = {"shizhediao/active-prompt": "dataset/GSM8K/test.jsonl"}


def with_gold_source(row: dict, mirror: Mirror | None) -> dict:
    """Active-Prompt rows: name the GSM8K test line the gold comes from (read from the record's ``qes_idx``)."""
    found = POINTER.match(row["source"])
    if not found or found.group("repo") not in GOLD_SOURCES or "gold_source" in row:
        return row
    if mirror is None:
        raise Unreadable(f"{row['id']}: the gold's line needs the snapshot (--mirror)")
    record = Record(mirror, row["source"], row)
    qes = record.item(record.load("json"), record.index())["qes_idx"]
    gold_path = GOLD_SOURCES[found.group("repo")]
    return {**row, "gold_source": f"{found.group('repo')}@{found.group('commit')}:{gold_path}#L{qes + 1}"}


def pack(corpora: Path, out: Path, mirror_root: Path | None) -> list[str]:
    """Write the label files from the full corpora; with a mirror, check each row rebuilds identically. A corpus
    whose full file is not in ``corpora`` is left as it is."""
    mirror = Mirror(mirror_root) if mirror_root else None
    out.mkdir(parents=True, exist_ok=True)
    problems = []
    for corpus in CORPORA:
        if not (corpora / corpus.file).is_file():
            continue
        lines = []
        # a gold pointer the corpus row does not carry is kept from the label file being replaced
        before = {line["id"]: line for line in read_jsonl(out / corpus.labels)} if (out / corpus.labels).is_file() else {}
        for row in read_jsonl(corpora / corpus.file):
            known = before.get(row["id"], {})
            if "gold_source" in known and known["source"] == row["source"]:
                row = {**row, "gold_source": known["gold_source"]}
            row = with_gold_source(row, mirror)
            reader_for(corpus, row["source"])  # a row no reader handles cannot be packed
            line = pack_row(corpus, row)
            if mirror is not None:
                try:
                    rebuilt = rebuild_row(corpus, line, mirror)
                except Unreadable as exc:
                    rebuilt = None
                    problems.append(f"{row['id']}: {exc}")
                if rebuilt is not None and rebuilt != {field: row[field] for field in corpus.fields}:
                    problems.append(f"{row['id']}: the rebuilt row differs from the corpus row")
            lines.append(line)
        write_jsonl(out / corpus.labels, lines)
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="rebuild the full corpora from the snapshots")
    b.add_argument("--mirror", type=Path, required=True, help="folder of snapshots, <owner>+<repo>/repo")
    b.add_argument("--out", type=Path, default=None, help=f"where to write them (default: ${ENV}, else corpora_dir())")
    b.add_argument("--labels", type=Path, default=LABELS, help="folder of the label files (default tests/data)")
    b.add_argument("--corpus", action="append", default=None, choices=[c.name for c in CORPORA],
                   help="build only this corpus (repeatable; default: every corpus with a label file)")
    p = sub.add_parser("pack", help="write the label files from full corpora")
    p.add_argument("--corpora", type=Path, default=None, help=f"the full corpora (default: ${ENV}, else corpora_dir())")
    p.add_argument("--out", type=Path, default=LABELS)
    p.add_argument("--mirror", type=Path, default=None, help="check every row rebuilds from these snapshots")
    args = ap.parse_args(argv)

    if args.command == "build":
        out = args.out or corpora_dir()
        failed = False
        for name, (done, total, problems) in build(args.mirror, out, args.labels, args.corpus).items():
            print(f"{out / (name + '.jsonl')}: {done}/{total} rows rebuilt")
            for problem in problems:
                print(f"  not rebuilt: {problem}")
            failed = failed or bool(problems)
        return 1 if failed else 0
    corpora = args.corpora or corpora_dir()
    if not any((corpora / corpus.file).is_file() for corpus in CORPORA):  # pack what is there, one corpus or all
        print(f"{corpora}: {MISSING}", file=sys.stderr)
        return 2
    try:
        problems = pack(corpora, args.out, args.mirror)
    except Unreadable as exc:
        print(f"not packed: {exc}", file=sys.stderr)
        return 1
    for problem in problems:
        print(f"  not packed: {problem}", file=sys.stderr)
    print(f"wrote {', '.join(str(args.out / c.labels) for c in CORPORA if (corpora / c.file).is_file())}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
