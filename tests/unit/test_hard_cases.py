"""Our own hand-written hard cases (``tests/data/hard_cases.jsonl``): a to-do list of readings, not an accuracy
figure. Each line was labelled before it was scored: ``expect`` is the verdict a careful grader gives, and every
answer a reading should accept sits beside a near miss that must stay wrong (same ``id`` stem, ``-ok`` / ``-nm``).

The second batch (ids ``b2-``) was written and labelled after the first readings were built and scored once
as it stood (its first-contact figures are in docs/profiles-math.md) before any reading was added for it. The
third batch (ids ``b3-``) was written blind, as today's models reply (long traces with ``<think>`` blocks and
``Final Answer:`` sections, Chinese and English prose, ``\\text{}`` and ``\\mathrm{}`` units with powers of ten,
the unit in the row's ``unit`` cell only), labelled and committed before it was first scored. The fourth batch (ids
``cn-``) was written the same way, blind, as Chinese gaokao replies and Chinese reasoning models write their final
answers (families ``zh-*``: numbers in Chinese, measure words and units, ranges and sets, full-width characters,
approximations, claims, ordered blanks, closing lines), each correct reading beside a near miss. The fifth batch
(ids ``m5-``, 80 cases) was written blind the same way, before any reading for it, in the two places the real-corpus
misses came from: ``zh-chat`` (Chinese final answers as chat models write them: 所以答案是, 最终答案：, bold 答案,
a box in Chinese prose, parts and blanks, 取值范围 / 最小值为 / 等于 / 是 / 为, intervals with ∞ and full-width
brackets, sets with 或 / 且, ±, 度 against radians, an exact value then ≈, a gold written in Chinese words) and
``phys-unit`` (physics values with units in prose without ``$``, Unicode superscripts, ``1.6e-19``, ``\\cdot 10^{}``,
µ / u / k / M / G prefixes, Å / nm, eV / keV / J, °C against K (an offset), L / mL / m³, a precision after conversion,
a unit per part, the row's ``unit`` cell). First contact (scorer version 18), accepted answers / near misses kept
wrong: olympiad default zh-chat 17/20, 20/20; phys-unit 15/20, 19/20 (one false accept: ``3.2 \\cdot 10^{5}\\
\\mathrm{V/cm}`` for 3.2e5 V/m); imo default (rows without a unit or precision) zh-chat 17/20, 20/20; phys-unit 0/2,
2/2. After the readings written for them (``test_round6_readings.py``): every family and profile accepts all
its answers and keeps all its near misses wrong. Our own data, not an accuracy figure.

Families: ``text`` (answers in words, with negations, qualifiers and the question's property), ``units`` (the
row's ``unit`` cell, conversions, a stated precision after conversion), ``named`` (named values, functions, base-b
numerals, values in prose), ``parts`` (blanks and numbered parts are ordered, sets are not) and ``json`` (a JSON
block that holds no answer). Each row is scored by OlympiadBench's default profile (its ``question``, ``unit`` and
``error`` cells) and, when it has no unit or precision, by IMO-AnswerBench's (the question as its ``Problem``). A
case the scorers still get wrong is listed in :data:`KNOWN_MISSES` and runs as a strict xfail naming what was
read, so fixing it shows up as an unexpected pass.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row

DATA = Path(__file__).resolve().parents[1] / "data" / "hard_cases.jsonl"
CASES = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]

#: (benchmark, case id) -> why the case is still missed (the reading it needs; who owns it)
KNOWN_MISSES: dict[tuple[str, str], str] = {}


def _row(bench: str, case: dict) -> dict:
    if bench == "olympiad":
        row = {"prediction": case["prediction"], "final_answer": [case["final_answer"]]}
        row.update({k: case[k] for k in ("unit", "error", "question") if k in case})
        return row
    row = {"Problem ID": case["id"], "Short Answer": case["final_answer"], "prediction": case["prediction"]}
    if "question" in case:
        row["Problem"] = case["question"]
    return row


def _params():
    for bench in ("olympiad", "imo"):
        for case in CASES:
            if bench == "imo" and ("unit" in case or "error" in case):
                continue  # IMO-AnswerBench rows have no unit or precision cells
            marks = []
            if (bench, case["id"]) in KNOWN_MISSES:
                marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_MISSES[(bench, case["id"])]))
            yield pytest.param(bench, case, id=f"{bench}-{case['id']}", marks=marks)


def test_the_cases_are_well_formed():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
    assert {c["family"] for c in CASES} == {"text", "units", "named", "parts", "json"} | {
        f"zh-{name}" for name in ("number", "measure", "set", "width", "approx", "claim", "blank", "closing")} | {
        "zh-chat", "phys-unit"}
    assert all(c["expect"] in ("correct", "wrong") for c in CASES)
    stems = {c["id"].rsplit("-", 1)[0] for c in CASES if c["expect"] == "correct"}
    near = {c["id"].rsplit("-", 1)[0] for c in CASES if c["expect"] == "wrong"}
    assert stems <= near, f"positives without a near miss: {sorted(stems - near)}"


@pytest.mark.parametrize("bench, case", list(_params()))
def test_a_hard_case(bench, case):
    verdict = score_row(bench, _row(bench, case), profile="default", timeout=10)
    assert verdict.status == case["expect"], (
        f"{case['id']}: read {verdict.extracted!r} by {verdict.method}, gold {case['final_answer']!r}")
