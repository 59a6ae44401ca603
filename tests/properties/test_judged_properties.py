"""Properties of the rule-based parts of the judged benchmarks: CRAG-MM (exact match, misses, judge replies)
and atomic_dataset (boxed extraction, the math engine before the judge).

Judges are scripted (``ScriptedJudge``); a property states what holds whatever the judge would say, or what the
scorer does with any reply. Both profiles unless stated.
"""

from __future__ import annotations

from hypothesis import given, strategies as st

from _props import ci_examples, payloads, score_safely
from pytest_answerbench import score_row
from pytest_answerbench import strategies as abst
from pytest_answerbench.judge import ScriptedJudge
from pytest_answerbench.scorers.atomic.default import final_boxed
from pytest_answerbench.scorers.crag_mm._shared import parse_starter_kit
from pytest_answerbench.scorers.crag_mm.default import parse_fb_strict
from pytest_answerbench.scorers.crag_mm.upstream import parse_fb_upstream

PROFILES = st.sampled_from(["default", "upstream"])
VARIANTS = st.sampled_from(["facebookresearch", "starter_kit"])
ANSWER = st.lists(st.sampled_from(("Apple", "Mount Fuji", "1969", "blue", "red cube", "the violin", "Lisbon")), min_size=1,
                  max_size=2).map(" ".join)


def _crag_row(response, truth) -> dict:
    return {"session_id": "s", "interaction_id": "i", "turn_idx": 0, "query": "What is this?",
            "ground_truth": truth, "agent_response": response}


# ------------------------------------------------------------------------------------------------ CRAG-MM

@given(ANSWER, st.sampled_from(["", " ", "\n", "\t "]), st.sampled_from(["", " ", "\n"]),
       st.sampled_from([str.lower, str.upper, str.title, lambda s: s]), PROFILES, VARIANTS)
def test_crag_exact_match_ignores_case_and_surrounding_space(truth, before, after, case, profile, variant):
    # no judge is configured: an exact match must not need one
    v = score_row("crag_mm", _crag_row(before + case(truth) + after, truth), profile=profile,
                  options={"variant": variant})
    assert v.status == "correct" and v.method == "exact", v


@given(ANSWER, abst.reasoning_text(), abst.reasoning_text(), PROFILES, VARIANTS)
def test_crag_i_dont_know_is_a_miss_wherever_it_stands(truth, before, after, profile, variant):
    response = f"{before} I don't know. {after}".strip()
    v = score_row("crag_mm", _crag_row(response, truth), profile=profile, options={"variant": variant})
    assert v.status == "miss" and v.score == 0.0, v


@given(ANSWER, abst.reasoning_text().filter(bool), PROFILES,
       st.sampled_from([("facebookresearch", "CORRECT", "correct"), ("facebookresearch", "WRONG", "wrong"),
                        ("starter_kit", '{"accuracy": true}', "correct"),
                        ("starter_kit", '{"accuracy": false}', "wrong")]))
def test_crag_judge_decides_the_rest(truth, response, profile, case):
    variant, reply, status = case
    v = score_row("crag_mm", _crag_row(response, truth), profile=profile, judge=ScriptedJudge([reply] * 3),
                  options={"variant": variant})
    assert v.status == status, v


@given(abst.hostile_text(), PROFILES, VARIANTS)
def test_crag_reads_any_judge_reply_without_crashing(reply, profile, variant):
    v = score_safely("crag_mm", _crag_row("It is a cat.", "dog"), profile, judge=ScriptedJudge([reply] * 3),
                     options={"variant": variant})
    assert v.status in ("correct", "wrong", "error"), v
    for parse in (parse_fb_upstream, parse_fb_strict, parse_starter_kit):
        parse(reply)


@given(abst.hostile_text(), abst.hostile_text(max_size=60), PROFILES, VARIANTS)
def test_crag_never_crashes_on_arbitrary_text(response, truth, profile, variant):
    judge = ScriptedJudge(["WRONG", '{"accuracy": false}'] * 2)
    score_safely("crag_mm", _crag_row(response, truth), profile, judge=judge, options={"variant": variant},
                 may_time_out=False)
    score_safely("crag_mm", _crag_row(truth, response), profile, options={"variant": variant}, may_time_out=False)


# ----------------------------------------------------------------------------------------- atomic_dataset

@given(abst.model_responses(answer=abst.numeric_answers().map(lambda r: r.text),
                            markers=["boxed", "display-box", "bold-final", "therefore"],
                            draft=st.one_of(st.none(), st.integers(-99, 99).map(str))))
def test_atomic_final_boxed_answer_is_extracted(resp):
    assert final_boxed(resp.text) == resp.answer, resp


@given(abst.number_pairs(), abst.reasoning_text())
def test_atomic_default_matches_renderings_without_a_judge(pair, prose):
    gold, pred = pair
    v = score_row("atomic", {"prediction": f"{prose}\n\\[\n\\boxed{{{pred.text}}}\n\\]", "answer": gold.text},
                  profile="default")
    assert v.status == "correct", (v, gold, pred)


@given(abst.near_misses(kinds=["sign-flip", "off-by-one", "radical-sign", "pi-coefficient"]))
def test_atomic_default_near_misses_are_wrong_whatever_the_judge_says(miss):
    # the engine settles numeric differences itself; a judge saying True must not be asked
    judge = ScriptedJudge(["True"] * 3)
    v = score_row("atomic", {"prediction": f"\\boxed{{{miss.text}}}", "answer": miss.gold}, profile="default",
                  judge=judge)
    assert v.status == "wrong", (v, miss)


@given(abst.hostile_text(), PROFILES, st.sampled_from(["upstream", "dcvlr"]))
@ci_examples(25)  # upstream runs the reference's SymPy steps (up to the 2 s limit given here) on huge inputs
def test_atomic_never_crashes_on_arbitrary_text(text, profile, variant):
    options = {"variant": variant} if profile == "upstream" else None
    # upstream mirrors the reference's SymPy step limits (10 s + 10 s + 30 s per pair, inside the 120 s row
    # budget), so a timeout verdict is allowed here; a crash or an escaped exception is not.
    for row in ({"prediction": text, "answer": "10.2"}, {"prediction": "\\boxed{10.2}", "answer": text},
                {"prediction": f"\\boxed{{{text[:200]}}}", "answer": "10.2"}):
        score_safely("atomic", row, profile, timeout=2, judge=ScriptedJudge(["False"] * 20), options=options)


@given(payloads(), PROFILES)
def test_no_input_reaches_python_evaluation(payload, profile):
    judge = ScriptedJudge([payload] * 20)
    score_safely("atomic", {"prediction": f"\\boxed{{{payload}}}", "answer": payload}, profile, judge=judge)
    score_safely("atomic", {"prediction": "\\boxed{1}", "answer": f"[{payload!r}]"}, profile, judge=judge)
    score_safely("crag_mm", _crag_row(payload, payload + " x"), profile, judge=judge)


def test_atomic_upstream_refuses_runaway_values_before_sympy():
    # found by test_atomic_never_crashes_on_arbitrary_text: 10^{10^{10}} ran SymPy until the row's time limit;
    # the reference ends "not proven" after its step limits, so the judge decides (here: False)
    v = score_row("atomic", {"prediction": "\\boxed{10^{10^{10}}}", "answer": "4"}, profile="upstream",
                  judge=ScriptedJudge(["False"]), timeout=10)
    assert v.status == "wrong" and v.method == "boxed-fraction", v
