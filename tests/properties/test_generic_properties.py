"""Properties of the declarative ``generic`` scorer (``scorers/generic.py``): its extractors and matchers.

The rows are scored through the shipped example benchmark (``benchmarks/examples/short_answer.yaml``) with the
``extract`` / ``match`` options overridden per property, as a user's YAML would set them. Both profiles
unless stated (the generic matchers have no upstream reference).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from hypothesis import example, given, strategies as st

from _props import payloads, score_safely
from pytest_answerbench import load_spec, score_row
from pytest_answerbench import strategies as abst

SPEC = load_spec(Path(__file__).resolve().parents[2] / "benchmarks" / "examples" / "short_answer.yaml")
PROFILES = st.sampled_from(["default", "upstream"])
WHOLE = [{"type": "whole"}]
WORDS = st.lists(st.text(alphabet="abcdeéèfghiïjklmnoöpqrstuüvwxyzçñ", min_size=1, max_size=7), min_size=1,
                 max_size=4).map(" ".join)


def _score(prediction: str, answer: str, match: dict, extract=WHOLE, profile: str = "default", **row):
    return score_row(SPEC, {"prediction": prediction, "answer": answer, "kind": "any", **row}, profile=profile,
                     options={"extract": extract, "match": match})


def _strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


@given(WORDS, PROFILES)
def test_exact_and_normalized_match_an_answer_itself(answer, profile):
    for match in ({"type": "exact"}, {"type": "normalized"}):
        assert _score(f"  {answer}\n", answer, match, profile=profile).status == "correct", match


@given(WORDS, st.sampled_from([str.upper, str.title, _strip_accents, lambda s: s + ".", lambda s: f"'{s}'!",
                               lambda s: s.replace(" ", "  \t"), lambda s: f"({s})"]))
def test_normalized_ignores_case_accents_punctuation_and_spacing(answer, transform):
    assert _score(transform(answer), answer, {"type": "normalized"}).status == "correct", transform(answer)


@given(WORDS, WORDS)
def test_normalized_is_symmetric(a, b):
    m = {"type": "normalized"}
    assert _score(a, b, m).status == _score(b, a, m).status


@given(abst.number_renderings(forms=["integer", "decimal", "decimal-zero", "decimal-trailing-zero",
                                     "thousands-comma", "slash", "percent"]))
def test_numeric_reads_plain_renderings(r):
    v = _score(r.text, repr(float(r.value)), {"type": "numeric", "rel_tol": 1e-9})
    assert v.status == "correct", (v, r)


@given(st.integers(-10**6, 10**6), st.sampled_from([-1, 1]))
def test_numeric_off_by_one_never_matches(n, delta):
    assert _score(str(n + delta), str(n), {"type": "numeric"}).status == "wrong"


@given(abst.collections(kinds=("list",)), st.sampled_from(["exact", "normalized", "numeric"]))
# found by this property: "normalized" items dropped a minus sign as punctuation, so [1, -1] equalled [-1, 1]
@example(coll=abst.Collection("-1, 1", "1,-1", (-1, 1), False, "list"), items="normalized")
def test_sets_ignore_order_and_lists_do_not(coll, items):
    gold = ", ".join(map(str, coll.items))
    assert _score(coll.rewritten, gold, {"type": "set", "items": items}).status == "correct", coll
    same_order = coll.rewritten.replace(" ", "").split(",") == gold.replace(" ", "").split(",")
    assert (_score(coll.rewritten, gold, {"type": "list", "items": items}).status == "correct") == same_order


@given(abst.near_misses(kinds=["dropped-element"]))
def test_a_dropped_element_never_matches_as_a_set(miss):
    gold, pred = (x.replace("\\{", "").replace("\\}", "") for x in (miss.gold, miss.text))
    assert _score(pred, gold, {"type": "set", "items": "numeric"}).status == "wrong", miss


@given(abst.choice_responses(styles=[s for s in abst.CHOICE_STYLES if s != "option"]))
def test_choice_matcher_reads_the_chosen_letter(resp):
    v = _score(resp.text, resp.letter, {"type": "choice"}, **resp.options)
    assert v.status == "correct", (v, resp)


@given(abst.number_pairs())
def test_sympy_matcher_matches_renderings(pair):
    a, b = pair
    assert _score(b.text, a.text, {"type": "sympy"}).status == "correct", pair


@given(WORDS, WORDS, abst.reasoning_text(), st.sampled_from(["tag", "boxed", "regex"]))
def test_extractors_take_the_last_answer(draft, final, prose, kind):
    wrap = {"tag": "<answer>{}</answer>", "boxed": "\\boxed{{{}}}", "regex": "Final answer: {}\n"}[kind]
    extract = [{"type": "regex", "pattern": r"Final answer:\s*(.+)", "group": 1}] if kind == "regex" \
        else [{"type": kind}]
    text = f"{wrap.format(draft)} {prose} {wrap.format(final)}"
    v = _score(text, final, {"type": "exact"}, extract=extract)
    assert v.extracted == final.strip() and v.status == "correct", (v, text)


@given(abst.reasoning_text(), st.integers(-10**6, 10**6))
def test_last_number_extractor(prose, n):
    v = _score(f"{prose} We get 7 then {n}.", str(n), {"type": "numeric"}, extract=[{"type": "last_number"}])
    assert v.status == "correct", v


MATCHERS = st.sampled_from([{"type": "exact"}, {"type": "normalized"}, {"type": "numeric"}, {"type": "sympy"},
                            {"type": "set", "items": "numeric"}, {"type": "list"}, {"type": "choice"},
                            {"type": "polyhedron", "eval_type": "numeral"},
                            {"type": "megabench", "metric": "jaccard_index"}])
EXTRACTORS = st.sampled_from([WHOLE, [{"type": "tag"}], [{"type": "boxed"}], [{"type": "last_number"}],
                              [{"type": "choice"}], [{"type": "regex", "pattern": r"Answer:\s*(.*)"}]])


@given(abst.hostile_text(), MATCHERS, EXTRACTORS, PROFILES)
def test_never_crashes_on_arbitrary_text(text, match, extract, profile):
    options = {"A": "red cube", "B": "blue sphere"}
    for prediction, answer in ((text, "3"), ("3", text), (text, "B")):
        row = {"prediction": prediction, "answer": answer, "kind": "any", **options}
        v = score_safely(SPEC, row, profile, options={"extract": extract, "match": match}, timeout=30)
        assert v.status in ("correct", "wrong", "error", "timeout")


@given(payloads(), MATCHERS, EXTRACTORS, PROFILES)
def test_no_input_reaches_python_evaluation(payload, match, extract, profile):
    for prediction, answer in ((payload, "3"), ("3", payload), (payload, payload + " ")):
        row = {"prediction": prediction, "answer": answer, "kind": "any", "A": payload, "B": "x"}
        score_safely(SPEC, row, profile, options={"extract": extract, "match": match}, timeout=30)
