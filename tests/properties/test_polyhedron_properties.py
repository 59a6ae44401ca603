"""Properties of the PolyhedronEvaluator scorer (``scorers/polyhedron.py``): options, numbers, arrays, parts.

Default profile unless stated: hard mode is all-or-nothing, signs are kept, number words are whole words,
unordered arrays use a maximum matching. Robustness and injection hold for both profiles.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, strategies as st

from _props import payloads, score_safely
from pytest_answerbench import score_row
from pytest_answerbench import strategies as abst

PROFILES = st.sampled_from(["default", "upstream"])
EVAL_TYPES = st.sampled_from([None, "option", "multi_options", "nominal", "strict_nominal", "numeral",
                              "ordered array", "unordered array", "subset", "oua_nominal", "uoa_numeral"])
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")


def _score(prediction: str, answer: str, eval_type: str | None, **kw):
    row = {"prediction": prediction, "answer": answer}
    if eval_type:
        row["eval_type"] = eval_type
    row.update(kw)
    return score_row("polyhedron", row, profile="default", timeout=30)


@st.composite
def _wrapped(draw, answer: str) -> str:
    """The answer as a model gives it: boxed or tagged, after reasoning, possibly after an abandoned draft."""
    prose = draw(abst.reasoning_text())
    style = draw(st.sampled_from(["boxed", "tag", "boxed-after-prose", "answer-is-boxed"]))
    return {
        "boxed": f"\\boxed{{{answer}}}",
        "tag": f"<answer>{answer}</answer>",
        "boxed-after-prose": f"{prose}\n\\boxed{{{answer}}}",
        "answer-is-boxed": f"{prose} The answer is \\boxed{{{answer}}}",
    }[style]


@given(abst.option_sets(), st.data())
def test_an_option_letter_matches_itself_and_no_other(options, data):
    letter = data.draw(st.sampled_from(sorted(options)))
    prediction = data.draw(_wrapped(letter))
    assert _score(prediction, letter, "option").status == "correct", prediction
    for other in options:
        if other != letter:
            assert _score(prediction, other, "option").status == "wrong", (prediction, other)


@given(st.lists(st.sampled_from("ABCDEF"), min_size=1, max_size=4, unique=True), st.data())
def test_multi_options_ignore_order(letters, data):
    shuffled = data.draw(st.permutations(letters))
    prediction = data.draw(_wrapped("".join(shuffled)))
    assert _score(prediction, "".join(letters), "multi_options").status == "correct", prediction


@given(abst.number_renderings(forms=["integer", "decimal", "slash", "decimal-zero"]), st.data())
def test_a_number_matches_in_plain_renderings(r, data):
    prediction = data.draw(_wrapped(r.text))
    gold = str(r.value.numerator) if r.value.denominator == 1 else str(float(r.value))
    v = _score(prediction, gold, "numeral")
    assert v.status == "correct", (v, r, prediction)


@given(st.integers(0, 19), st.data())
def test_number_words_are_numbers(n, data):
    prediction = data.draw(_wrapped(_WORDS[n]))
    assert _score(prediction, str(n), "numeral").status == "correct", prediction


@given(abst.near_misses(kinds=["sign-flip", "off-by-one"]), st.data())
def test_numeric_near_misses_never_match(miss, data):
    # plain renderings only: the reference reads numbers with float(), not LaTeX
    g = _plain(miss.gold)
    t = _plain(miss.text)
    if g is None or t is None or g == t or abs(g) * 100 == abs(t) or abs(t) * 100 == abs(g):
        return  # the reference's documented x100 percentage reading (kept in both profiles)
    prediction = data.draw(_wrapped(_render(t)))
    assert _score(prediction, _render(g), "numeral").status == "wrong", (miss, prediction)


def _plain(text: str) -> Fraction | None:
    try:
        return Fraction(text.replace(",", "").replace("{,}", ""))
    except (ValueError, ZeroDivisionError):
        return None


def _render(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else repr(float(value))


@given(abst.collections(kinds=("list", "tuple")), st.data())
def test_arrays(coll, data):
    items = [str(i) for i in coll.items]
    gold = ", ".join(items)
    shuffled = data.draw(st.permutations(items))
    ordered = data.draw(_wrapped(", ".join(items)))
    unordered = data.draw(_wrapped(", ".join(shuffled)))
    assert _score(ordered, gold, "ordered array").status == "correct", ordered
    assert _score(unordered, gold, "unordered array").status == "correct", unordered
    if list(shuffled) != items:
        assert _score(unordered, gold, "ordered array").status == "wrong", unordered


@given(abst.option_sets(min_options=2), st.integers(0, 500), st.booleans())
def test_multi_part_hard_mode_is_all_or_nothing(options, number, right):
    letter = sorted(options)[0]
    said = number if right else number + 1
    prediction = f"\\boxed{{{letter}}}\n\\boxed{{{said}}}"
    v = _score(prediction, f"{letter}===={number}", "option, numeral")
    assert v.score == (1.0 if right else 0.0), v


@given(abst.hostile_text(), EVAL_TYPES, st.sampled_from(["hard", "soft"]), PROFILES)
def test_never_crashes_on_arbitrary_predictions(text, eval_type, score_type, profile):
    row = {"prediction": text, "answer": "A====12", "score_type": score_type}
    if eval_type:
        row["eval_type"] = eval_type
    score_safely("polyhedron", row, profile, timeout=30)


@given(abst.hostile_text(), EVAL_TYPES, PROFILES)
def test_never_crashes_on_arbitrary_answers(text, eval_type, profile):
    row = {"prediction": "\\boxed{12}", "answer": text}
    if eval_type:
        row["eval_type"] = eval_type
    score_safely("polyhedron", row, profile, timeout=30)


@given(payloads(), EVAL_TYPES, PROFILES)
# found by this property: an unparsed answer reached sympify through N() and ran
@example(payload="__import__('answerbench_sentinel').__setattr__('hit', 1)", eval_type=None, profile="default")
def test_no_input_reaches_python_evaluation(payload, eval_type, profile):
    for row in ({"prediction": payload, "answer": "12"}, {"prediction": "\\boxed{12}", "answer": payload},
                {"prediction": f"\\boxed{{{payload}}}", "answer": payload}):
        if eval_type:
            row["eval_type"] = eval_type
        score_safely("polyhedron", row, profile, timeout=30)


def test_numeric_array_elements_keep_their_sign():
    # found by test_arrays: numeric elements went through the text comparison first, which deletes "-",
    # so (1, -1) equalled (-1, 1); upstream keeps the reference's verdict
    assert _score("\\boxed{1, -1}", "-1, 1", "ordered array").status == "wrong"
    assert _score("\\boxed{-1, -1}", "1, 1", "unordered array").status == "wrong"
    upstream = score_row("polyhedron", {"prediction": "\\boxed{1, -1}", "answer": "-1, 1",
                                        "eval_type": "ordered array"}, profile="upstream")
    assert upstream.status == "correct"
