"""PolyhedronEvaluator (``polyhedron``): every reference vector in both profiles, and the default-profile fixes.

The vectors (``tests/data/vectors/others.jsonl``, system ``PolyhedronEvaluator``) hold the reference's
``compute_score`` values (hard and soft), ``evaluation()`` booleans (all 141 cases of its own test suite) and
two ``eval_router`` calls. The upstream profile must reproduce each; the default profile must give the same
verdict except on the rows listed in ``DEFAULT_DIFFERS`` (each one a documented fix in
``docs/profiles-structured.md``).
"""

from __future__ import annotations

import json
import random
import re
from itertools import permutations
from pathlib import Path

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.scorers import get
from pytest_answerbench.scorers.polyhedron.array import LEAVES, nested_score
from pytest_answerbench.scorers.polyhedron.core import eval_router
from pytest_answerbench.scorers.polyhedron.text import convert_word_number
from pytest_answerbench.scorers.polyhedron import evaluation

VECTORS = Path(__file__).parents[1] / "data" / "vectors" / "others.jsonl"
ROWS = [json.loads(line) for line in VECTORS.read_text(encoding="utf-8").splitlines() if line.strip()]
POLY = [r for r in ROWS if r["system"] == "PolyhedronEvaluator"]

# Vector index -> the default profile's score, where it deliberately differs from the reference.
DEFAULT_DIFFERS: dict[int, float] = {
    6: 1.0,    # curly quotes are punctuation for nominal
    12: 0.0,   # -5 is not 5: the number fallback keeps signs
    29: 1.0,   # only Latin letters are option letters (A和C = A, C)
    38: 1.0,   # unordered: maximum matching, not greedy
    39: 1.0,   # the same, soft
    41: 1.0,   # subset compares numbers as text instead of raising
    60: 0.0,   # hard is all-or-nothing
    68: 0.5,   # soft + auto type + several answers no longer crashes to 0
    77: 1.0,   # "seventeen" is 17
    78: 1.0,   # "sixty" is 60
    82: 0.0,   # hard is all-or-nothing
    83: 0.0,   # eval types are stripped: " strict_nominal" is strict_nominal
}


def _row(vector: dict) -> dict:
    return {
        "id": "v",
        "prediction": vector.get("solution_str", vector.get("prediction")),
        "answer": vector["ground_truth"],
        "eval_type": vector["eval_type"],
        "score_type": vector.get("score_type", "hard"),
    }


def _id(i: int, vector: dict) -> str:
    return f"{i}-{vector['function']}-{vector.get('score_type', 'bool')}"


SCORED = [(i, v) for i, v in enumerate(POLY) if v["function"] in ("compute_score", "evaluation")]


def test_vector_counts():
    """All 141 upstream test cases appear twice (soft score and evaluation()), plus the hand-made cases."""
    upstream_tests = [v for v in POLY if v["source"] == "upstream-test"]
    assert len(upstream_tests) == 282
    assert {v["function"] for v in POLY} == {"compute_score", "evaluation", "eval_router"}


@pytest.mark.parametrize("profile", ["upstream", "default"])
@pytest.mark.parametrize(("index", "vector"), SCORED, ids=[_id(i, v) for i, v in SCORED])
def test_vector(index: int, vector: dict, profile: str):
    verdict = score_row("polyhedron", _row(vector), profile=profile, timeout=30)
    assert verdict.status in ("correct", "wrong"), verdict.detail
    expected = vector["expected"]
    if vector["function"] == "evaluation":
        if profile == "default" and index in DEFAULT_DIFFERS:
            expected = DEFAULT_DIFFERS[index] >= 1
        assert verdict.correct is expected
        return
    if profile == "default" and index in DEFAULT_DIFFERS:
        expected = DEFAULT_DIFFERS[index]
    elif expected is False:
        # Hard mode with nothing extracted: the reference returns the bool False.
        if profile == "upstream":
            assert verdict.extra.get("reference_value") is False
        expected = 0.0
    assert verdict.score == pytest.approx(expected, abs=vector.get("tolerance", 1e-8))
    assert verdict.correct is (expected >= 1.0)


def test_default_differences_are_real():
    """Each listed difference is one: the reference's value differs from the default one."""
    for index, default_value in DEFAULT_DIFFERS.items():
        vector = POLY[index]
        assert vector["function"] == "compute_score"
        assert float(vector["expected"]) != default_value, index


ROUTER = [(i, v) for i, v in enumerate(POLY) if v["function"] == "eval_router"]


@pytest.mark.parametrize(("index", "vector"), ROUTER, ids=[_id(i, v) for i, v in ROUTER])
def test_eval_router_vector(index: int, vector: dict):
    assert bool(eval_router(vector["pre"], vector["ref"], vector["eval_type"], vector["score_type"])) is \
        vector["expected"]


@pytest.mark.parametrize(
    ("text", "upstream", "default"),
    [
        ("seventeen", "7teen", "17"),
        ("eighty", "8y", "80"),
        ("tennis", "10nis", "tennis"),
        ("twenty-five", "25", "25"),
        ("one hundred and five", "105", "105"),
        ("二十五", "25", "25"),
    ],
)
def test_number_words(text: str, upstream: str, default: str):
    assert convert_word_number(text, False) == upstream
    assert convert_word_number(text, True) == default


def test_evaluation_helper_matches_profiles():
    assert evaluation("\\boxed{A} \\boxed{13}", "A====12", "option,numeral") is False
    assert evaluation("\\boxed{-5}", "5", "numeral", profile="upstream") is True
    assert evaluation("\\boxed{-5}", "5", "numeral", profile="default") is False


def test_benchmark_option_score_type_applies_to_rows_without_one():
    row = {"prediction": "\\boxed{A} \\boxed{13}", "answer": "A====12", "eval_type": "option,numeral"}
    soft = score_row("polyhedron", row, profile="default", options={"score_type": "soft"})
    hard = score_row("polyhedron", row, profile="default")
    assert soft.score == pytest.approx(0.5)
    assert hard.score == 0.0
    row_soft = score_row("polyhedron", {**row, "score_type": "soft"}, profile="default")
    assert row_soft.score == pytest.approx(0.5)


def test_bad_score_type_is_an_error_row():
    v = score_row("polyhedron", {"prediction": "\\boxed{1}", "answer": "1", "score_type": "medium"})
    assert v.status == "error"
    assert "medium" in v.detail and "hard" in v.detail


def test_check_options_names_key_and_choices():
    problem = get("polyhedron").module.check_options({"score_type": "strict"})
    assert "options.score_type" in problem and "hard, soft" in problem
    assert get("polyhedron").module.check_options({"score_type": "soft"}) is None


def test_empty_prediction_scores_zero_not_error():
    v = score_row("polyhedron", {"prediction": None, "answer": "1", "eval_type": "numeral"}, profile="upstream")
    assert v.status == "wrong" and v.score == 0.0


def test_metrics_mean_and_full_score_rate():
    module = get("polyhedron").module
    rows = [{"score": 1.0, "extra": {"score_type": "soft"}}, {"score": 0.5, "extra": {"score_type": "soft"}},
            {"score": 0.0, "extra": {"score_type": "hard"}}]
    m = module.metrics(rows, None)
    assert m["mean_score"] == pytest.approx(0.5)
    assert m["full_score_rate"] == pytest.approx(1 / 3)
    assert m["mean_score_soft"] == pytest.approx(0.75)


@pytest.mark.parametrize("score_type", ["hard", "soft"])
@pytest.mark.parametrize("leaf_key", [("o", "numeral"), ("u", "numeral")])
def test_unordered_level_assignment_equals_permutation_search(score_type: str, leaf_key: tuple[str, str]):
    """The default profile's optimal assignment gives the best score over all row orders (the reference's)."""
    rng = random.Random(7)
    leaf = LEAVES[leaf_key]
    for _ in range(60):
        ref = [[rng.randint(0, 3) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 4))]
        pre = [[rng.randint(0, 3) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 5))]
        pre += [None] * max(0, len(ref) - len(pre))
        brute = max(float(nested_score(list(p), ref, leaf, score_type, "o", False)) for p in permutations(pre))
        fast = float(nested_score(pre, ref, leaf, score_type, "u", True))
        assert fast == pytest.approx(brute), (pre, ref)


def test_sample_file_rows_all_score():
    sample = Path(__file__).parents[2] / "benchmarks" / "polyhedron" / "sample.jsonl"
    rows = [json.loads(line) for line in sample.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert 10 <= len(rows) <= 30
    statuses = {score_row("polyhedron", r, profile="upstream").status for r in rows}
    assert statuses == {"correct", "wrong"}


def test_unreadable_chinese_numeral_is_quiet_and_wrong():
    """cn2an warns on numerals it cannot read; the scorer keeps the text (as the reference) and stays quiet."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        v = score_row("polyhedron", {"prediction": "\\boxed{十十}", "answer": "20", "eval_type": "numeral"})
    assert v.status == "wrong"


# PolyhedronEvaluator's own compute_score (puzzleclone/PolyhedronEvaluator, with latex2sympy2 1.9.1 and sympy
# 1.14.0, run in a scratch environment) on numeral answers with pi, e, roots and logarithms: 223 of 2,312 cases
# (every case an earlier version got wrong, and every 12th other one). latex2sympy reads \pi and e as the
# constants, which SymPy's LaTeX parser (our stand-in) reads as symbols.
LATEX_CONSTANTS = [json.loads(line) for line in
                   (Path(__file__).parents[1] / "data" / "polyhedron_latex_constants.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", LATEX_CONSTANTS,
                         ids=[f"{c['prediction']}|{c['answer']}|{c['score_type']}" for c in LATEX_CONSTANTS])
def test_latex_constants_as_the_reference_reads_them(case):
    row = {"id": "1", **{k: case[k] for k in ("prediction", "answer", "eval_type", "score_type")}}
    verdict = score_row("polyhedron", row, profile="upstream", timeout=30)
    assert verdict.score == pytest.approx(case["reference_score"], abs=1e-6), verdict


# PolyhedronEvaluator's compute_score (same scratch environment as above) on score_type values other than
# "hard"/"soft" (issue 28: "Hard", "SOFT", "hard ", "strict", ...), drawn at random (seed 7) over eval types,
# predictions and golds. The reference never checks the value: each of its branches tests == "hard" or == "soft".
SCORE_TYPES = [json.loads(line) for line in
               (Path(__file__).parents[1] / "data" / "polyhedron_score_types.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", SCORE_TYPES,
                         ids=[f"{c['prediction']}|{c['answer']}|{c['eval_type']}|{c['score_type']}" for c in SCORE_TYPES])
def test_any_score_type_as_the_reference_reads_it(case):
    row = {"id": "1", **{k: case[k] for k in ("prediction", "answer", "score_type")}}
    if case["eval_type"]:
        row["eval_type"] = case["eval_type"]
    verdict = score_row("polyhedron", row, profile="upstream", timeout=30)
    assert verdict.status != "error", verdict
    assert verdict.score == pytest.approx(case["reference_score"], abs=1e-6), verdict


def test_score_type_is_read_case_blind_in_default():
    row = {"prediction": "\\boxed{3.1416}", "answer": "3.14", "eval_type": "numeral"}
    up = score_row("polyhedron", {**row, "score_type": "Hard"}, profile="upstream")
    assert up.score == pytest.approx(0.7365836, abs=1e-6)  # the reference's value (issue 28)
    for spelling, expected in (("Hard", 0.0), (" HARD ", 0.0), ("Soft", pytest.approx(0.7365836, abs=1e-6))):
        v = score_row("polyhedron", {**row, "score_type": spelling}, profile="default")
        assert v.status != "error" and v.score == expected, (spelling, v)


# Multi-part golds and type lists as the reference reads them: PolyhedronEvaluator's own compute_score (the
# puzzleclone snapshot above, latex2sympy2 1.9.1, sympy 1.14.0, run in a scratch environment) on 710 rows: the
# five classes a differential fuzzer found (a type list with a space before a nested type, "numeral, oa_numeral";
# numeral parts of a gold joined across lines, "3.14\n[1, 2]"; gold parts holding string literals, "2\n[\"a\"]")
# and 695 generated kin (golds of 1-3 parts joined by newlines or ";" from numbers, lists, nested lists, sets and
# string-literal lists; eleven type lists, spaced and full-width commas included; hard and soft).
MULTIPART = [json.loads(line) for line in
             (Path(__file__).parents[1] / "data" / "polyhedron_multipart.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("case", MULTIPART, ids=[f"{c.get('eval_type')}|{c['answer']!r}|{c['prediction']}|"
                                                 f"{c['score_type']}" for c in MULTIPART])
def test_multipart_golds_and_type_lists_as_the_reference_reads_them(case):
    row = {"id": "1", **{k: case[k] for k in ("prediction", "answer", "eval_type", "score_type") if k in case}}
    verdict = score_row("polyhedron", row, profile="upstream", timeout=30)
    if verdict.status == "error":
        # The one deliberate difference: a string literal the reference reads as a value (a gold part that is a
        # list of quoted strings) is never evaluated here, and the row says so (50 of these 710 rows).
        assert verdict.method == "not-evaluated" and "str literal" in verdict.detail, verdict
        assert re.search(r"(^|[\n;])\[['\"]", case["answer"]), verdict
        return
    assert verdict.score == pytest.approx(case["reference_score"], abs=1e-6), verdict


def test_a_spaced_type_list_fails_the_row_upstream_and_is_read_in_default():
    row = {"id": "1", "prediction": "\\boxed{1} \\boxed{[[1,2]]}", "answer": "1;[[1, 2]]",
           "eval_type": "numeral, oa_numeral"}
    for score_type in ("hard", "soft"):
        up = score_row("polyhedron", {**row, "score_type": score_type}, profile="upstream")
        assert up.score == 0.0 and "TypeError" in up.detail, up  # the reference swallows a TypeError: 0
        assert score_row("polyhedron", {**row, "score_type": score_type}).score == 1.0  # default strips the type
    # Only an unknown level letter fails the row: the same list without the space is read upstream too.
    assert score_row("polyhedron", {**row, "eval_type": "numeral,oa_numeral"}, profile="upstream").score == 1.0


@pytest.mark.parametrize(("gold", "prediction", "expected"), [
    ("2\n[\"a\"]", "\\boxed{2}", 1.0), ("2\n[\"a\"]", "\\boxed{3}", 0.0), ("7\n['x', 'y']", "\\boxed{7}", 1.0),
])
def test_a_gold_part_with_a_string_literal_reaches_the_reference_s_verdict_unread(gold, prediction, expected):
    """A number subscripted by anything never parses (Python raises TypeError whatever the index holds), so the
    reference's parse_expr fails there and it goes on to read the numbers in the text; here the index, a string
    literal, is not read at all and the row gets the same verdict."""
    row = {"id": "1", "prediction": prediction, "answer": gold, "eval_type": "numeral"}
    verdict = score_row("polyhedron", row, profile="upstream")
    assert verdict.status != "error" and verdict.score == expected, verdict


def test_string_literals_that_the_reference_would_read_are_still_refused():
    """The refusal stands wherever a string literal could change what the reference reads: a call on it."""
    from pytest_answerbench.pyexpr import NotReproducible, parse_expr_safely

    with pytest.raises(NotReproducible):
        parse_expr_safely('len("ab")')
    with pytest.raises(NotReproducible):
        parse_expr_safely('[1, 2]["a"]')  # a list's subscript reads its index
    with pytest.raises(TypeError):
        parse_expr_safely('2["a"]')  # a number's never does
