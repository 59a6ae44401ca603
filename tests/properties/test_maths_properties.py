"""Properties of the math engine (``pytest_answerbench.maths``) and the OlympiadBench / IMO-AnswerBench scorers.

Default profile unless stated: the engine is the default profile's matcher; the robustness and injection
properties hold for both profiles.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, strategies as st

from _props import ci_examples, payloads, score_safely, sentinel_untouched
from pytest_answerbench import maths, score_row
from pytest_answerbench import strategies as abst
from pytest_answerbench.timeguard import ScoreTimeout

PROFILES = st.sampled_from(["default", "upstream"])


def _eq(gold: str, pred: str, **kw) -> bool:
    ok, method = maths.equivalent(gold, pred, timeout=10, **kw)
    return ok


# ----------------------------------------------------------------------------------------- renderings

@given(abst.number_pairs())
# found by this property: e-notation was parsed as a product with Euler's number (25e1 = 25 * e * 1)
@example(pair=(abst.Rendering("25e1", "250", Fraction(250), "scientific-e"),
               abst.Rendering("25 \\times 10^{1}", "250", Fraction(250), "scientific-times")))
def test_two_renderings_of_a_rational_match(pair):
    a, b = pair
    assert _eq(a.text, b.text), (a, b)


@given(abst.numeric_answers())
def test_every_rendering_matches_its_canonical_form_both_ways(r):
    assert _eq(r.canonical, r.text), r
    assert _eq(r.text, r.canonical), r


@given(abst.numeric_answers())
def test_an_answer_matches_itself(r):
    assert _eq(r.text, r.text), r


@given(abst.expression_rewrites())
def test_expression_rewrites_match(rw):
    assert _eq(rw.original, rw.rewritten), rw
    assert _eq(rw.rewritten, rw.original), rw


@given(abst.equation_rearrangements())
def test_equation_rearrangements_match(rw):
    assert _eq(rw.original, rw.rewritten), rw


@given(abst.intervals())
# found by this property: a union written as inequalities joined by "or" was two answers against one
@example(iv=abst.IntervalAnswer("x < 2 \\text{ or } x > 3", "(-\\infty,2)\\cup(3,\\infty)",
                                ((None, 2, False, False), (3, None, False, False)), "inequalities-or"))
def test_interval_renderings_match(iv):
    assert _eq(iv.canonical, iv.text), iv
    assert _eq(iv.canonical, iv.text, kind="Interval"), iv


@given(abst.collections())
def test_collections_match_their_rewrites(coll):
    assert _eq(coll.text, coll.rewritten), coll


# ------------------------------------------------------------------------------------------ near misses

@given(abst.near_misses())
def test_near_misses_never_match(miss):
    assert not _eq(miss.gold, miss.text), miss
    assert not _eq(miss.text, miss.gold), miss


@given(abst.numeric_answers(), abst.numeric_answers())
def test_symmetric(a, b):
    # Without a tolerance, equivalence does not depend on which side is the gold.
    assert _eq(a.text, b.text) == _eq(b.text, a.text), (a, b)


# ------------------------------------------------------------------------------------------- extraction

@given(abst.model_responses(draft=st.one_of(st.none(), st.integers(-99, 99).map(str))))
def test_extraction_finds_the_final_committed_answer(resp):
    found = maths.final_answer(resp.text)
    assert found is not None, resp
    assert found.text == resp.answer, (found, resp)


@given(abst.model_responses(answer=abst.numeric_answers().map(lambda r: r.text)))
def test_olympiad_default_scores_a_correct_response_correct(resp):
    row = {"prediction": resp.text, "final_answer": repr([f"${resp.answer}$"]), "answer_type": "Numerical"}
    v = score_row("olympiad", row, profile="default")
    assert v.status == "correct", (v, resp)


@given(abst.near_misses(kinds=["sign-flip", "off-by-one", "radical-sign", "pi-coefficient"]), st.data())
def test_olympiad_and_imo_default_score_a_near_miss_wrong(miss, data):
    resp = data.draw(abst.model_responses(answer=miss.text))
    olympiad = score_row("olympiad", {"prediction": resp.text, "final_answer": repr([f"${miss.gold}$"])},
                         profile="default")
    imo = score_row("imo", {"Problem ID": "p", "Short Answer": miss.gold, "prediction": resp.text},
                    profile="default")
    assert olympiad.status == "wrong", (olympiad, miss, resp)
    assert imo.status == "wrong", (imo, miss, resp)


@given(abst.number_pairs(), st.sampled_from(["as-given", "boxed", "marker"]))
def test_imo_default_matches_renderings(pair, how):
    gold, pred = pair
    prediction = {"as-given": pred.text, "boxed": f"Thus $\\boxed{{{pred.text}}}$",
                  "marker": f"Some work.\nFinal answer: ${pred.text}$"}[how]
    v = score_row("imo", {"Problem ID": "p", "Short Answer": gold.text, "prediction": prediction},
                  profile="default")
    assert v.status == "correct", (v, gold, pred)


@given(st.one_of(st.integers(-10**6, 10**6).map(str), abst.number_renderings(forms=["frac"]).map(lambda r: r.text),
                 abst.radical_renderings().map(lambda r: r.canonical)), PROFILES)
def test_both_profiles_accept_the_canonical_statement_of_the_gold(answer, profile):
    prediction = f"We compute it step by step.\nSo the final answer is ${answer}$"
    # the cell as the released data writes it (single backslashes: upstream slices the cell, O2)
    v = score_row("olympiad", {"prediction": prediction, "final_answer": f"['${answer}$']"}, profile=profile)
    assert v.status == "correct", (v, answer)
    v = score_row("imo", {"Problem ID": "p", "Short Answer": answer, "prediction": answer}, profile=profile)
    assert v.status == "correct", (v, answer)


@given(st.lists(st.integers(-99, 99), min_size=2, max_size=4, unique=True), st.data())
def test_multiple_answers_in_any_order(values, data):
    shown = data.draw(st.permutations(values))
    boxes = " and ".join(f"$\\boxed{{{v}}}$" for v in shown)
    row = {"prediction": f"Both work.\n\nThe solutions are {boxes}.",
           "final_answer": repr([f"${v}$" for v in values]), "is_multiple_answer": True}
    v = score_row("olympiad", row, profile="default")
    assert v.status == "correct", (v, values, shown)
    imo = score_row("imo", {"Problem ID": "p", "Short Answer": ", ".join(map(str, values)),
                            "prediction": ", ".join(map(str, shown))}, profile="default")
    assert imo.status == "correct", (imo, values, shown)


# ------------------------------------------------------------------------------------------- robustness

@given(abst.hostile_text(), abst.numeric_answers())
def test_engine_never_raises(text, r):
    try:
        maths.equivalent(r.canonical, text, timeout=10)
        maths.equivalent(text, r.canonical, timeout=10)
        maths.final_answer(text)
        maths.split_answers(text)
        maths.clean(text)
    except ScoreTimeout:
        raise AssertionError(f"the engine ran past 10 s on {text[:80]!r}") from None


@given(abst.hostile_text(), PROFILES)
@ci_examples(20)  # upstream parses up to 4,800 characters as the references do: seconds per huge input
def test_olympiad_and_imo_rows_never_crash(text, profile):
    # the default profile caps what reaches SymPy, so its 10 s budget is generous; upstream parses as the
    # references do (thousands of characters) and may use it up
    generous = profile == "default"
    score_safely("olympiad", {"prediction": text, "final_answer": "['$3$']"}, profile, may_time_out=not generous)
    score_safely("olympiad", {"prediction": "So the final answer is $3$", "final_answer": repr([text])}, profile,
                 may_time_out=not generous)
    score_safely("imo", {"Problem ID": "p", "Short Answer": "3", "prediction": text}, profile,
                 may_time_out=not generous)
    score_safely("imo", {"Problem ID": "p", "Short Answer": text, "prediction": "3"}, profile,
                 may_time_out=not generous)


@given(payloads(), PROFILES)
def test_no_input_reaches_python_evaluation(payload, profile):
    for row in ({"prediction": payload, "final_answer": "['$x^{2}+1$']", "answer_type": "Expression"},
                {"prediction": "So the final answer is $3$", "final_answer": repr([payload])}):
        score_safely("olympiad", row, profile)
    score_safely("imo", {"Problem ID": "p", "Short Answer": "x^{2}+1", "prediction": payload}, profile)
    score_safely("imo", {"Problem ID": "p", "Short Answer": payload, "prediction": "x^{2}+1"}, profile)
    maths.equivalent(payload, "1", timeout=10)
    assert sentinel_untouched()
