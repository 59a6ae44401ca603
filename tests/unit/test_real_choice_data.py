"""Integrity of the corpus of real multiple-choice replies (issue 22, item 2).

The corpus is the yardstick for the multiple-choice reader on full model replies (how it was built and labelled:
``tests/data/real_choice.README.md``). Its text (questions, options, gold letters, replies) comes from public
repositories and is not committed; ``tests/data/real_choice.labels.jsonl`` holds our work (ids, pointers, labels,
notes, styles, splits, hashes) and ``tools/real_corpus.py`` rebuilds the full rows (its tests, and the rebuild of
this corpus from the snapshots, are in test_real_corpus_data.py).

The label file is checked always: ids, pointers naming a commit, no excluded source, label types, the split given
by the id, counts, no source over 40%. The full rows, when present (``$ANSWERBENCH_CORPORA``, else
``../shared/corpora``): every hash as recorded, a label that is an option's key or null, a gold that is an option.
Accuracy floors belong to the tests of the reader, not here.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from conftest import read_jsonl
from test_real_corpus_data import EXCLUDED, HEX, ROOT, SOURCE, real_corpus

LABELS = read_jsonl(ROOT / "tests" / "data" / "real_choice.labels.jsonl")

KEYS = {"id", "source", "harness", "model", "style", "split", "label", "why", "sha256", "gold_sha256",
        "question_sha256", "options_sha256", "chars"}
STYLES = {"letter", "marker", "cot", "option-text", "json", "continuation", "hedge", "refusal", "degenerate", "other"}
ID = re.compile(r"^rc-(\d{4})$")
LETTER = re.compile(r"^[A-Z]$")


def test_size_and_unique_ids():
    assert len(LABELS) >= 300
    ids = [line["id"] for line in LABELS]
    assert ids == [f"rc-{n:04d}" for n in range(1, len(ids) + 1)]


@pytest.mark.parametrize("line", LABELS, ids=[line["id"] for line in LABELS])
def test_label_line(line):
    assert set(line) == KEYS, set(line) ^ KEYS
    assert ID.match(line["id"])
    assert SOURCE.match(line["source"]), line["source"]
    assert not any(name in line["source"].lower() for name in EXCLUDED), line["source"]
    assert line["style"] in STYLES
    for key in ("harness", "model", "why"):
        assert isinstance(line[key], str) and line[key].strip(), key
    assert len(line["why"]) <= 160, "a short note, never a copy of the reply"
    assert line["label"] is None or (isinstance(line["label"], str) and LETTER.match(line["label"]))
    assert all(HEX.match(line[key]) for key in ("sha256", "gold_sha256", "question_sha256", "options_sha256"))
    assert type(line["chars"]) is int and 0 < line["chars"] <= 5000
    number = int(ID.match(line["id"]).group(1))
    assert line["split"] == ("heldout" if number % 3 == 0 else "dev")


def test_no_source_dominates_and_replies_commit_to_nothing_too():
    repos = Counter(line["source"].split("@", 1)[0] for line in LABELS)
    assert len(repos) >= 4
    assert max(repos.values()) <= 0.4 * len(LABELS), repos
    assert any(line["label"] is None for line in LABELS), "rows that commit to nothing are part of the corpus"


# -- the full rows, when present -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    try:
        return real_corpus.load("real_choice")
    except FileNotFoundError:
        pytest.skip(real_corpus.MISSING)


def test_corpus_matches_the_labels(corpus):
    assert [row["id"] for row in corpus] == [line["id"] for line in LABELS]
    for row, line in zip(corpus, LABELS):
        assert len(row["response"]) == line["chars"], row["id"]
        assert (row["label"], row["style"], row["split"]) == (line["label"], line["style"], line["split"])


def test_corpus_rows(corpus):
    for row in corpus:
        options = row["options"]
        assert isinstance(options, dict) and len(options) >= 2, row["id"]
        assert all(LETTER.match(k) and isinstance(v, str) for k, v in options.items()), row["id"]
        assert list(options) == sorted(options), f"{row['id']}: options are listed in letter order"
        assert row["gold"] in options, row["id"]
        assert row["label"] is None or row["label"] in options, row["id"]
        assert isinstance(row["question"], str) and row["response"].strip(), row["id"]
        whole = row["response"].strip()  # a bare letter or number may be quoted; a sentence may not
        assert len(whole) < 20 or whole not in row["why"], f"{row['id']}: the note copies the whole reply"


def test_corpus_keeps_wrong_and_right_replies(corpus):
    right = sum(row["label"] == row["gold"] for row in corpus)
    assert 0 < right < len(corpus)
