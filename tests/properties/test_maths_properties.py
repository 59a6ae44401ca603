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
    # the time limit stops a hang, not a slow reading: '1+1+...+1' (2,000 characters) takes about 2 s of CPU, and a
    # busy machine (two suites at once) stretched that past 10 s of wall time
    try:
        maths.equivalent(r.canonical, text, timeout=30)
        maths.equivalent(text, r.canonical, timeout=30)
        maths.final_answer(text)
        maths.split_answers(text)
        maths.clean(text)
    except ScoreTimeout:
        raise AssertionError(f"the engine ran past 30 s on {text[:80]!r}") from None


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


# ------------------------------------------------------------------ answers as a careful grader writes them

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


def _words(n: int) -> str:
    """English words for 0 <= n < 10**6 ("three hundred and five", "twenty-one")."""
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10 - 2] + ("" if n % 10 == 0 else "-" + _ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return _ONES[n // 100] + " hundred" + ("" if not rest else " and " + _words(rest))
    rest = n % 1000
    return _words(n // 1000) + " thousand" + ("" if not rest else (" and " if rest < 100 else " ") + _words(rest))


@given(st.integers(0, 999_999), st.sampled_from(["{}", "{} ways", "The number of ways is {}", "There are {}."]))
def test_a_number_in_words_is_that_number(n, template):
    assert maths.normalize.number_words(template.format(_words(n))) == n
    assert _eq(str(n), template.format(_words(n)))
    assert not _eq(str(n + 1), template.format(_words(n)))


@given(st.integers(-50, 50), st.integers(0, 999), st.sampled_from([3, 6, 7, 9, 11, 12, 13, 15, 22, 27, 33, 37]))
def test_a_repeating_decimal_is_its_fraction(whole, numerator, denominator):
    value = whole + Fraction(numerator % denominator, denominator)
    sign, magnitude = ("-" if value < 0 else ""), abs(value)
    integer, rest = divmod(magnitude, 1)
    # long division: the fixed digits, then the period
    digits: list[str] = []
    seen: dict[int, int] = {}
    remainder, q = rest.numerator, rest.denominator
    while remainder and remainder not in seen:
        seen[remainder] = len(digits)
        remainder *= 10
        digits.append(str(remainder // q))
        remainder %= q
    if not remainder:
        return  # terminating: nothing repeats
    start = seen[remainder]
    fixed, period = "".join(digits[:start]), "".join(digits[start:])
    text = f"{sign}{int(integer)}.{fixed}\\overline{{{period}}}"
    canonical = f"{sign}\\frac{{{magnitude.numerator}}}{{{magnitude.denominator}}}"
    assert _eq(canonical, text), (canonical, text)
    assert not _eq(f"{sign}\\frac{{{magnitude.numerator + 1}}}{{{magnitude.denominator}}}", text), text


_PREFIX = {"k": 3, "c": -2, "m": -3, "\\mu ": -6, "n": -9}


@given(st.integers(1, 9999), st.sampled_from(sorted(_PREFIX)), st.sampled_from(["m", "J", "A", "V", "s", "N"]))
def test_a_prefixed_unit_is_converted_to_the_gold_unit(value, prefix, base):
    # value in the prefixed unit = value * 10^k in the row's unit; the bare number in the wrong unit is not
    exponent = _PREFIX[prefix]
    gold = str(Fraction(value) * Fraction(10) ** exponent)
    gold = gold if "/" not in gold else "\\frac{%s}{%s}" % tuple(gold.split("/"))
    pred = f"{value}\\ \\mathrm{{{prefix}{base}}}"
    unit = f"$\\mathrm{{~{base}}}$"
    assert _eq(gold, pred, unit=unit), (gold, pred)
    assert not _eq(str(value), pred, unit=unit), (value, pred)
    assert _eq(str(value), f"{value}\\ \\mathrm{{{base}}}", unit=unit)


@given(abst.number_renderings(), st.sampled_from(["x", "\\theta_c", "\\angle ABC", "AB", "f(2)", "P(A)", "v_{0}"]))
def test_a_labelled_value_states_the_value(r, label):
    assert _eq(r.canonical, f"{label} = {r.text}"), (r, label)
    other = r.value + 1
    assert not _eq(f"\\frac{{{other.numerator}}}{{{other.denominator}}}", f"{label} = {r.text}"), (r, label)


@given(abst.intervals(max_pieces=1), st.sampled_from(["\\{x \\mid {}\\}", "\\{x | {}\\}", "\\left\\{x \\middle| {}\\right\\}"]))
def test_set_builder_of_an_inequality_is_the_interval(iv, template):
    if iv.form != "inequality":
        return
    assert _eq(iv.canonical, template.replace("{}", iv.text), kind="Interval"), iv


@given(st.integers(-99, 99), st.sampled_from(["=", "+", "\\times", "by", "the", "we get,"]), PROFILES)
def test_a_response_cut_off_mid_way_commits_to_nothing(value, cut, profile):
    # the intermediate value equals the gold, but the response stops before stating a final answer
    prediction = f"First, $a = {value}$. Then the result is $b = a \\cdot 1 {cut}" if cut in ("=", "+", "\\times") \
        else f"First, $a = {value}$. Then we multiply $a$ {cut}"
    assert maths.final_answer(prediction) is None, prediction
    v = score_row("olympiad", {"prediction": prediction, "final_answer": f"['${value}$']"}, profile="default")
    assert v.status == "wrong", (v, prediction)


@given(st.lists(st.integers(-20, 20), min_size=2, max_size=4, unique=True), st.data())
def test_a_closing_line_lists_every_answer_when_several_are_expected(values, data):
    shown = data.draw(st.permutations(values))
    form = data.draw(st.sampled_from(["spans", "assignments", "plain", "bullets"]))
    if form == "spans":
        closing = "The solutions are " + ", ".join(f"${v}$" for v in shown[:-1]) + f" and ${shown[-1]}$."
    elif form == "assignments":
        closing = "The solutions are " + " or ".join(f"$x = {v}$" for v in shown) + "."
    elif form == "plain":
        closing = "The possible values are " + ", ".join(map(str, shown[:-1])) + f" and {shown[-1]}."
    else:
        closing = "The solutions are:\n" + "\n".join(f"- ${v}$" for v in shown)
    row = {"prediction": f"Some work.\n\n{closing}", "final_answer": repr([f"${v}$" for v in values]),
           "is_multiple_answer": True}
    assert score_row("olympiad", row, profile="default").status == "correct", closing
    wrong = {**row, "final_answer": repr([f"${v}$" for v in values[:-1]] + [f"${values[-1] + 100}$"])}
    assert score_row("olympiad", wrong, profile="default").status == "wrong", closing
