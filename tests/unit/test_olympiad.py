"""OlympiadBench: every reference vector (upstream profile), the default profile's differences, aggregation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_answerbench import score_row, score_rows
from pytest_answerbench.scorers import olympiad
from pytest_answerbench.verdict import ScoreContext

VECTORS = Path(__file__).parents[1] / "data" / "vectors" / "vlmevalkit.jsonl"


def _vectors(kind=None):
    out = []
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("benchmark") == "OlympiadBench" and d.get("kind") == kind:
            out.append(d)
    return out


ROW_VECTORS = _vectors()
AGG_VECTORS = _vectors("aggregate")


def _row(v):
    return {"id": v["id"], "prediction": v["prediction"], "final_answer": v["gold"], "answer_type": v["answer_type"],
            "error": v["error"], "source": v["subset"], "unit": v["unit"],
            "is_multiple_answer": v["is_multiple_answer"]}


def _outcome(verdict):
    if verdict.status == "error":
        return "CRASH:" + verdict.method.split(":", 1)[-1]
    assert verdict.status in ("correct", "wrong"), verdict
    return verdict.correct


def test_vectors_present():
    assert len(ROW_VECTORS) >= 70 and AGG_VECTORS


@pytest.mark.parametrize("vec", ROW_VECTORS, ids=[v["id"] for v in ROW_VECTORS])
def test_upstream_vector(vec):
    verdict = score_row("olympiad", _row(vec), profile="upstream", timeout=20)
    assert _outcome(verdict) == vec["expected"], (vec["why"], verdict)


# Where the reference crashes, default agrees (an error row); everywhere else default must give a verdict.
@pytest.mark.parametrize("vec", ROW_VECTORS, ids=[v["id"] for v in ROW_VECTORS])
def test_default_vector_gives_verdict(vec):
    verdict = score_row("olympiad", _row(vec), profile="default", timeout=20)
    if isinstance(vec["expected"], str):
        assert verdict.status == "error" and "IndexError" in verdict.detail
    else:
        assert verdict.status in ("correct", "wrong"), verdict
        assert verdict.gold is not None


@pytest.mark.parametrize(
    "error, kind",
    [(0.01, "TypeError"), ("", "ValueError"), ("1e-2,abc", "ValueError")],
)
def test_upstream_crashing_error_cells_are_error_rows(error, kind):
    row = {"prediction": "So the final answer is $\\boxed{3}$.", "final_answer": "['$3$']", "error": error,
           "answer_type": "Numerical", "source": "OE_TO_maths_en_COMP"}
    verdict = score_row("olympiad", row, profile="upstream")
    assert verdict.status == "error" and verdict.method == f"crash:{kind}"
    assert score_row("olympiad", row, profile="default").status in ("correct", "error")


def test_upstream_numeric_prediction_crashes_like_reference():
    row = {"prediction": 3, "final_answer": "['$3$']", "source": "OE_TO_maths_en_COMP"}
    assert score_row("olympiad", row, profile="upstream").method == "crash:TypeError"
    assert score_row("olympiad", row, profile="default").status == "correct"


def _agg_rows(spec):
    rows = []
    for subset, counts in spec.items():
        for i in range(counts["n"]):
            rows.append({"id": f"{subset}-{i}", "status": "correct" if i < counts["correct"] else "wrong",
                         "score": 1.0 if i < counts["correct"] else 0.0, "fields": {"source": subset}, "extra": {}})
    return rows


@pytest.mark.parametrize("vec", AGG_VECTORS, ids=[v["id"] for v in AGG_VECTORS])
def test_aggregate_vector(vec):
    rows = _agg_rows(vec["rows_per_subset"])
    out = olympiad.metrics(rows, ScoreContext("olympiad", profile="upstream"))
    expected = vec["expected"]
    if isinstance(expected, str) and expected.startswith("CRASH:"):
        # We never crash: the table covers the subsets present and says the reference would have failed.
        assert out["upstream_error"].startswith(expected.split(":", 1)[1])
        assert out["absent_subsets"]
        present = [s for s in olympiad.SUBSETS if s in vec["rows_per_subset"]]
        for s in present:
            c = vec["rows_per_subset"][s]
            assert out[s] == pytest.approx(100 * c["correct"] / c["n"])
    else:
        for key, value in expected.items():
            assert out[key] == pytest.approx(value), key


def test_aggregate_table_full():
    spec = {s: {"n": 2, "correct": i % 3} for i, s in enumerate(olympiad.SUBSETS)}
    spec["TP_TO_maths_en_COMP"] = {"n": 2, "correct": 2}
    rows = _agg_rows({k: {"n": v["n"], "correct": min(v["correct"], v["n"])} for k, v in spec.items()})
    up = olympiad.metrics(rows, ScoreContext("olympiad", profile="upstream"))
    assert "upstream_error" not in up
    correct_oe = sum(min(spec[s]["correct"], 2) for s in olympiad.SUBSETS)
    assert up["AVG"] == pytest.approx(100 * correct_oe / len(rows))  # TP rows only in the denominator
    en_maths = [s for s in olympiad.SUBSETS if "en" in s and "maths" in s]
    assert up["en_maths"] == pytest.approx(
        100 * sum(min(spec[s]["correct"], 2) for s in en_maths) / (2 * len(en_maths)))
    default = olympiad.metrics(rows, ScoreContext("olympiad", profile="default"))
    assert default["AVG"] == pytest.approx(up["AVG"] / 100, abs=1e-6)


def test_report_groups_by_source():
    rows = [
        {"id": "a", "prediction": "So the final answer is $\\boxed{3}$", "final_answer": "['$3$']",
         "source": "OE_TO_maths_en_COMP"},
        {"id": "b", "prediction": "所以最终答案是$\\boxed{4}$", "final_answer": "['$5$']", "source": "OE_TO_maths_zh_CEE"},
    ]
    report = score_rows("olympiad", rows, profile="upstream")
    assert report["groups"]["source"]["OE_TO_maths_en_COMP"]["accuracy"] == 1.0
    assert report["groups"]["source"]["OE_TO_maths_zh_CEE"]["accuracy"] == 0.0
    assert report["metrics"]["maths"] == pytest.approx(50.0)


# ------------------------------------------------------------------------------------------ default profile

def _orow(prediction, final_answer, error=None, answer_type="Numerical", source="OE_TO_maths_en_COMP"):
    return {"prediction": prediction, "final_answer": final_answer, "error": error, "answer_type": answer_type,
            "source": source}


# (prediction, final_answer cell, error, answer_type, expected default verdict, feature)
DEFAULT_TABLE = [
    ("Let me compute: $3 \\times 4 = 12$.\n\nSo the final answer is $\\boxed{12}$.", "['$12$']", None, "Numerical",
     True, "boxed after marker"),
    ("We get $x=2$... wait, arithmetic slip: $x = 3$.\n\n**Final Answer:** $3$", "['$3$']", None, "Numerical",
     True, "bold final line after a self-correction"),
    ("I first guessed $\\boxed{7}$. Checking again the count is 8, so the final answer is $\\boxed{8}$.",
     "['$8$']", None, "Numerical", True, "last box wins"),
    ("So the final answer is:\n$$\\boxed{3}$$", "['$3$']", None, "Numerical", True, "marker with colon"),
    ("She pays \\$3 per apple, so \\$12 in total.\nSo the final answer is $12$.", "['$12$']", None, "Numerical",
     True, "escaped dollar is currency"),
    ("The probability is $\\boxed{\\dfrac{1}{4}}$", "['$\\\\frac{1}{4}$']", None, "Numerical", True,
     "doubled backslashes in the cell decoded"),
    ("So the final answer is $\\boxed{0.3333}$.", "['$\\frac{1}{3}$']", None, "Numerical", False,
     "no tolerance when error is empty"),
    ("So the final answer is $\\boxed{0.3333}$.", "['$\\frac{1}{3}$']", "1e-3", "Numerical", True,
     "error column is an absolute tolerance"),
    ("The speed is about $\\boxed{2.5 \\times 10^{8} \\mathrm{~m/s}}$", "['$2.49 \\times 10^{8}$']", "1e7",
     "Numerical", True, "tolerance with scientific notation and a unit"),
    ("So the final answer is $\\boxed{25\\%}$.", "['$0.25$']", None, "Numerical", True, "percent sign"),
    ("So the final answer is $\\boxed{50}$.", "['$0.5$']", None, "Numerical", False, "no silent x100 for bare numbers"),
    ("Solving $x^2=4$ gives $\\boxed{x=\\pm 2}$", "['$2$', '$-2$']", None, "Numerical", True, "pm expansion"),
    ("Hence $f(x)>0$ exactly when $\\boxed{x \\in (-\\infty, -1) \\cup (2, +\\infty)}$.",
     "['$(-\\infty,-1)\\cup(2,+\\infty)$']", None, "Interval", True, "union of intervals, spacing"),
    ("So the final answer is $\\boxed{x > 1}$", "['$(1,+\\infty)$']", None, "Interval", True, "inequality as interval"),
    ("The solutions are $\\boxed{(1,8,19), (4,5,7), (2,7,13)}$", "['$(1,8,19), (2,7,13), (4,5,7)$']", None, "Tuple",
     True, "unordered list of ordered tuples"),
    ("The solutions are $\\boxed{(8,1,19), (4,5,7), (2,7,13)}$", "['$(1,8,19), (2,7,13), (4,5,7)$']", None, "Tuple",
     False, "tuple order matters"),
    ("The tangent line is $\\boxed{2x - y + 1 = 0}$", "['$y=2x+1$']", None, "Equation", True, "equation rearranged"),
    ("So the final answer is $\\boxed{x^2+2x+1}$.", "['$(x+1)^2$']", None, "Expression", True, "expression simplify"),
    ("So the final answer is $\\boxed{x^2+2x+2}$.", "['$(x+1)^2$']", None, "Expression", False, "different expression"),
    ("The angle is $\\boxed{30^{\\circ}}$", "['$\\frac{\\pi}{6}$']", None, "Numerical", True, "degrees vs radians"),
    ("The total is $\\boxed{1,024}$", "['$1024$']", None, "Numerical", True, "thousands separator"),
    ("The two values are $\\boxed{1, 024}$", "['$1$', '$24$']", None, "Numerical", True, "comma-space is a list"),
    ("The mixed number is $\\boxed{2\\frac{1}{2}}$", "['$\\frac{5}{2}$']", None, "Numerical", True, "mixed number"),
    ("The energy is $\\boxed{13.6 \\mathrm{eV}}$", "['$13.6$']", "0.1", "Numerical", True, "unit stripped"),
    ("So the final answer is $\\boxed{\\text{No}}$.", "['No']", None, "Need_human_evaluate", True, "text markup"),
    ("So the final answer is $\\boxed{no}$.", "['No']", None, "Need_human_evaluate", True, "text case"),
    ("So the final answer is $\\boxed{Not}$.", "['No']", None, "Need_human_evaluate", False, "no substring match"),
    ("The roots are $x=1$ and $x=2$.\nSo the final answer is $\\boxed{1}$, $\\boxed{2}$", "['$x=1$ or $x=2$']", None,
     "Numerical", True, "several boxes vs two math spans in the gold"),
    ("So the final answer is $a_{n}=2^{n}-1$.", "['$a_{n}=2^{n}-1$']", None, "Expression", True, "sequence formula"),
]


@pytest.mark.parametrize("prediction, cell, error, answer_type, expected, feature", DEFAULT_TABLE,
                         ids=[t[5] for t in DEFAULT_TABLE])
def test_default_table(prediction, cell, error, answer_type, expected, feature):
    verdict = score_row("olympiad", _orow(prediction, cell, error, answer_type), profile="default")
    assert verdict.correct is expected, (feature, verdict)


@pytest.mark.parametrize("prediction, cell, expected", [
    ("所以最终答案是$\\boxed{\\frac{\\sqrt{3}}{2}}$。", "['$\\frac{\\sqrt{3}}{2}$']", True),
    ("所以最终答案是$\\boxed{不能}$", "['能']", False),
    ("所以最终答案是$\\boxed{5个}$。", "['$5$']", True),
    ("故答案为：$\\boxed{3，4}$", "['$3$', '$4$']", True),
])
def test_default_chinese(prediction, cell, expected):
    row = _orow(prediction, cell, source="OE_TO_maths_zh_CEE")
    assert score_row("olympiad", row, profile="default").correct is expected


@pytest.mark.parametrize("cell, answers", [
    ("['$3$']", ["$3$"]),
    ("['$\\\\frac{1}{2}$']", ["$\\frac{1}{2}$"]),
    ("['$\\frac{1}{2}$']", ["$\\frac{1}{2}$"]),
    ("['$1$', '$2$']", ["$1$", "$2$"]),
    ("[\"It's $3$\"]", ["It's $3$"]),
    ("$5$", ["$5$"]),
    (["$1$", "$2$"], ["$1$", "$2$"]),
])
def test_decode_answer_list(cell, answers):
    from pytest_answerbench.scorers.olympiad.default import decode_answer_list

    assert decode_answer_list(cell) == answers


# Each deliberate default-vs-upstream difference (docs/profiles-math.md), on the reference's own vectors.
DIFFERENCES = {
    "olym-006": True, "olym-009": True, "olym-042": True, "olym-110": True, "olym-030": False, "olym-031": False,
    "olym-035": False, "olym-032": True, "olym-034": True, "olym-019": False, "olym-038": True, "olym-040": True,
    "olym-047": True, "olym-029": True, "olym-067": True, "olym-068": True, "olym-050": True, "olym-056": True,
    "olym-057": True, "olym-087": True, "olym-089": True, "olym-097": True, "olym-100": True, "olym-028": True,
    "olym-113": True, "olym-011": True, "olym-103": True,
}


@pytest.mark.parametrize("vec_id", sorted(DIFFERENCES))
def test_documented_difference(vec_id):
    vec = next(v for v in ROW_VECTORS if v["id"] == vec_id)
    upstream = score_row("olympiad", _row(vec), profile="upstream")
    default = score_row("olympiad", _row(vec), profile="default")
    assert upstream.correct is vec["expected"]
    assert default.correct is DIFFERENCES[vec_id] and default.correct is not upstream.correct


def test_difference_list_is_complete():
    """Every vector where the profiles disagree is a documented difference."""
    differing = []
    for vec in ROW_VECTORS:
        if isinstance(vec["expected"], bool):
            if score_row("olympiad", _row(vec), profile="default").correct is not vec["expected"]:
                differing.append(vec["id"])
    assert sorted(differing) == sorted(DIFFERENCES)
    docs = (Path(__file__).parents[2] / "docs" / "profiles-math.md").read_text(encoding="utf-8")
    assert all(vec_id in docs for vec_id in DIFFERENCES)


# Row columns the default profile reads besides the answer: ``unit`` (the gold's unit: prefixed units are
# converted, "%" makes the gold a percentage) and ``is_multiple_answer`` (a closing line listing several values).
ROW_FEATURES = [
    ("So the final answer is $\\boxed{5\\ \\text{cm}}$.", "['$5$']", "$\\mathrm{~m}$", False, False,
     "5 cm is not 5 m"),
    ("So the final answer is $\\boxed{100\\ \\mu\\mathrm{J}}$.", "['$1 \\times 10^{-4}$']", "$\\mathrm{~J}$", False, True,
     "micro-joules converted to joules"),
    ("So the final answer is $\\boxed{50}$ cm.", "['$0.5$']", "$\\mathrm{~m}$", False, True, "unit after the box"),
    ("So the final answer is $\\boxed{0.5}$.", "['$50$']", "$\\%$", False, True, "percent unit"),
    ("Work.\n\nThe solutions are $(1,1)$ and $(-1,-1)$.", "['$(1,1)$', '$(-1,-1)$']", None, True, True,
     "closing line lists the tuples"),
    ("Work.\n\nThe possible values are 0 and 1.", "['$0$', '$1$']", None, True, True, "values in plain text"),
    ("Work.\n\nThe possible values are 0 and 2.", "['$0$', '$1$']", None, True, False, "one listed value wrong"),
    ("Work.\n\nThe only solution is $x=1$.", "['$1$', '$2$']", None, True, False, "one of two answers"),
    ("Final answer: $x = 3,\\ y = 2$.", "['$(3,2)$']", None, False, True, "assignments are the pair"),
    ("Work.\n\nThus $x = 3$ and $y = 2$.", "['$(3,2)$']", None, False, True, "closing line states the pair"),
    ("Work.\n\nThe solutions are:\n- $(1,1)$\n- $(-1,-1)$", "['$(1,1)$', '$(-1,-1)$']", None, True, True,
     "closing bulleted list"),
    ("Case 2: the remaining books can be arranged, so we multiply $5!$ by", "['$120$']", None, False, False,
     "truncated response"),
]


@pytest.mark.parametrize("prediction, cell, unit, multiple, expected, feature", ROW_FEATURES,
                         ids=[t[5] for t in ROW_FEATURES])
def test_default_row_columns(prediction, cell, unit, multiple, expected, feature):
    row = _orow(prediction, cell, answer_type="Tuple" if "(" in cell else "Numerical")
    row.update(unit=unit, is_multiple_answer=multiple)
    verdict = score_row("olympiad", row, profile="default")
    assert verdict.correct is expected, (feature, verdict)
    # the upstream profile never reads these columns this way: its verdicts stay the reference's
    assert score_row("olympiad", row, profile="upstream").status in ("correct", "wrong")


def test_scorer_version_is_bumped_when_default_verdicts_change():
    """Issue 15 (the typed readers), issue 14 (answers beyond the size bounds compared exactly, or an error
    naming the bound) and issue 22 (the final answer located by a priority table; the method names the rule)
    changed default verdicts of olympiad and imo; the issue-22 rules for real responses (answer tags, calculator
    annotations, dollar signs) again, the readings of real responses' ends (P27-P31) again, and the readings of
    reasoning traces (the final commitment, text by meaning, units in the row, ordered blanks) again, and the
    text answers (sentences compared claim by claim, firm closing statements, plans) and the physics notation and
    question-aware readings (derivatives, x(t), aliases, eigenvectors) again, and the final commitment as a principle
    (answers taken back, restated questions, written-form conditions) and the claims about named things, the
    question's yes/no property, letter-base numerals and blanks in the question again, and the readings written from
    trace_math's dev misses (ordinals, the asked base, the stated precision, units of the asked quantity, equations
    divided through) again, and those written from its held-out misses (a problem posed after the boxed answer, an
    upright unit letter, e-notation before a unit, a prime after a subscript) again, and those written from its fresh
    split's misses (the asked quantity restated, a Chinese blank filled, a gold's accepted range) again, and those
    written from the hand-written hard cases' third batch (Chinese claims, qualifiers, opening verdicts, labelled
    sections, Celsius and kelvin) again, and the closing commitment (a hedge with either value last, musings
    mid-line in a one-line reply, a bare '####' line) again, and those written from trace_math's second fresh
    split's misses (<eoa> inside a formula, a gold's forms joined by ##, statement numbers) again, and those from
    its third fresh split's (an end token closing a span, a name then its plain value) again, and the known misses
    read as principles (compound units, letters as units in context, families, labelled parts, an open bracket at
    the end, a percent sign kept, statement labels) again, and the readings from the hard cases' fifth batch (a
    Chinese gold, 度, ≈ after a span, units per part, equality chains, E notation) and their near misses (an
    approximation misstating its value, a denied or bounded Chinese copula, no float slack between exact values)
    again, and the readings from trace_math's sixth to eighth fresh splits (TeX's \\over, "sec" in a unit, an
    ordinal with its noun; a gold's spans as parts in both profiles, a numbered list of boxes, placeholder names, a
    constant before ≈) again, and lettered parts as ordered parts, braces in a placeholder name's subscript and TeX
    spans holding no opener of their own again, and round 8's readings (samples joined into one reply, a write-up
    cut off after </think>, confirmations, modal claims, the word a question offers) again, and round 9's readings
    (a closing sentence taking the answer back, a factorial before a full stop, a correction inside an answer line,
    Chinese conditions and bounds after the value, a bound on an expression, labelled parts ordered) again, and round
    10's readings (s1's sections, a block never closed, the answer's form stated, corrections after a box and in
    Chinese, units written out or in Chinese, negations and conditional verdicts, a function's dummy variable) again,
    and round 11's (text answers by meaning, named values in the question's order, golds as datasets write them) and
    round 12's (a claim before its reason, winners by role, named blanks in the question's order) and round 14's
    (physics answers: a quantity's letter closing a labelled value, beta as v/c, a particle's charge) and its text
    answers from round 13's probes (a chance or an interval in words, values named in turn) and round 14's probes
    (chains in units, a unit of one letter, set differences, a named matrix) and round 15's (text answers by meaning,
    intervals in words, a stated tolerance, structured answers, narrowed after a second attack) and round 16's (a
    question invented after answering, a decimal gold's digits, claims about the question's own subject, conditions
    excluding a point, a verdict for fewer cases) and a "Solution:" label before named values, and round 17's
    (qualified claims, the asked expression restated, a closing check in parentheses, counts in words, numbered lines,
    chains of values) and round 18's (closing chains in Unicode maths, a curve's equation in general form, an opening
    word stating the asked property, a chain closing in another unit, what a "so" concludes, trivia asides) and round
    19's (reason clauses, a closing contrast, claims before closing values, invented questions named as such, ...) and
    round 20's (a labelled conclusion, named row lists, code numerals, exclusions, set-builders, winners asked yes or
    no, 有) and their review, and round 21's (properties by definition, remarks in another quantity, several values,
    sets in words and symbols, named bullets) and round 22's (quantities in the question's order, asides in brackets,
    a verdict before the question restated, families in degrees), their review, round 23's text false accepts and
    round 23's readings (verdicts, asides, winners by turn, restatements, named values, counts before lists) and
    round 24's (closing remarks, Chinese properties, opening answers, temperatures, base numerals) and round 25's
    (concessions, 是X吗, claims set apart, bold values, offered values, computations, Fahrenheit) and round 26's
    (closing remarks in brackets, concessions, Chinese dashes and alternatives, integrals, bounds, named parts) and
    round 27's (a unit inside a bold answer line, "fails to converge", closing notes; the 是否X reading of version 54
    dropped) and round 28's (notes on another object, "not finite", families over the integers, base numerals) and
    round 29's (arrows, "Answers:" lines, chances in words, peta, hypotheticals with "we'd", a family's range kept) and
    round 30's (yes/no instructions, opening True/False, concessions and asides, counts in words, degrees) and round
    31's (asides on other objects, stances, relations asked, chains from a given) and round 32's (answer lines stating
    the property, bold conclusions, places, values in words) and round 33's (brackets of other values, stances in other
    words, parts after "Find") and the physics conventions (Gaussian units, renamed quantities, orders of magnitude)
    and round 35's (conclusion clauses, contrasts, unsettled values) and round 36's ("which is", superscript units,
    separate questions, a spring constant, natural units) and round 37's (bold verdicts and labels, explained
    verdicts, index ranges, implication arrows) and round 38's (base numerals, conversions, chains, Chinese statements
    said again) and round 39's (Chinese verdicts after 结论, glossed golds, bearings, multiplicities, shifts):
    and round 40's (places, conics, general solutions, agreeing units, bases) and round 41's (reasons' main
    clauses, shared ranges, counts before lists, summary lines) and round 42's (constants' ranges, checks at a
    case, roundings, later corrections) and round 43's (verdicts with reasons, draws, notes restating the verdict,
    lines of integer points, a value concluded in plain text) and round 44's (losers named, truths denied twice,
    concessions on a derivative, values with their uncertainty) and round 45's (formulas in given quantities, bold
    named values, checks after the answer, an asked form's constants) and round 46's ("the smaller one, and ... is
    larger", "no finite list", 取得极值) and round 47's (names asked, two alternatives offered, LaTeX a JSON writer
    broke, an argument outside the range asked) and round 48's (the smaller named, an alternative denied, an open
    question) and round 49's (objects under other names, sets of integers by residues, degrees against radians) and
    round 50's (an opening verdict, Platonic solids and named theorems) and round 51's (an inverse function's value,
    values after ", so") and round 52's (the gold's words in bold, an invented question with its answer line) and
    round 53's (an aside on another object, an opening sentence in the gold's words, values "depending on ...") and
    round 54's ("not true", named objects in Chinese, a bracketed aside, a labelled closing line) and round 55's
    (kelvin and Celsius, an exact count, a value said again in words) and round 56's (distributions in notation, a
    bare box after an angle in degrees) and round 58's (a bound closing an answer line, a denied alternative) and round
    61's (boxes closing a bulleted list, a tuple gold in \\left( \\right)) and round 62's (the answer after a reasoning
    block), round 63's (a numbered invented question, values listed after the last copula) and round 64's (a LaTeX
    tolerance, an unclosed block closing on a box) and round 65's (a winner stated clause by clause, a conversion
    the question states) and round 66's (a sentence on the answer's form, closing sentences on another case) and
    round 67's (a verdict after "####", a restriction on a family's constant kept) and round 68's (a bracket with
    maths after a claim) and round 69's (an answer line's subject named by the question's noun, the decibel) and
    round 70's (a closing range where one value is asked): their scorer version is 98, so a baseline report
    made with an earlier version fails the fingerprint gate
    instead of showing the change as flips."""
    from pytest_answerbench.report.paired import fingerprint_mismatch
    from pytest_answerbench.spec import resolve_benchmark

    for name in ("olympiad", "imo"):
        spec = resolve_benchmark(name)
        assert spec.version == 98
        old = {"benchmark": name, "profile": "default", "scorer_version": 70}
        assert fingerprint_mismatch({**old, "scorer_version": spec.version}, old) == [
            "scorer_version differs: baseline 70, current 98"]


def test_a_dollar_sign_in_a_gold_cell_is_no_delimiter():
    from pytest_answerbench.scorers.olympiad.default import _gold_item, decode_answer_list

    assert [_gold_item(g) for g in decode_answer_list("['$\\\\$10$']")] == ["\\$10"]
    assert decode_answer_list(str(["$\x0crac{1}{2}$"])) == ["$\x0crac{1}{2}$"]  # str(list) writes "\\x0c"
    row = {"final_answer": "['$\\\\$10$']", "prediction": "So the final answer is $\\boxed{10}$."}
    assert score_row("olympiad", row, profile="default").correct is True


@pytest.mark.parametrize("prediction, expected", [("(1.503, 2.249)", True), ("(1.6, 2.25)", False),
                                                  ("(2.249, 1.503)", False)])
def test_stated_precision_applies_to_every_number_of_a_tuple(prediction, expected):
    """The grading conventions: the error column is a tolerance on every number of the answer, tuples included (the
    reference ignores it for tuple answers; the default profile no longer does)."""
    row = {"prediction": f"So the final answer is $\\boxed{{{prediction}}}$", "final_answer": "['$(1.5, 2.25)$']",
           "answer_type": "Tuple", "error": "0.01"}
    assert score_row("olympiad", row, profile="default").correct is expected
