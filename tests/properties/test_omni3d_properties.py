"""Properties of the Omni3DBench scorer (``scorers/omni3d.py``): yes/no, words, counts and Mean Relative Accuracy.

Default profile unless stated (its documented normalisations: tags found in any case, the last non-empty tag,
contents stripped, yes/no as whole words, numbers with units, digit groups and number words, ``3.0`` = 3).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, strategies as st

from _props import payloads, score_safely
from pytest_answerbench import score_row
from pytest_answerbench import strategies as abst

PROFILES = st.sampled_from(["default", "upstream"])
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _in_words(n: int) -> str:
    if n < 20:
        return _WORDS[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("" if ones == 0 else "-" + _WORDS[ones])


def _wrap(data, answer: str) -> str:
    """The answer in the response styles the default profile reads: tags in any case, reasoning around them."""
    style = data.draw(st.sampled_from(["bare", "tag", "TAG", "spaced-tag", "answer-tag", "reasoning-tag",
                                       "draft-then-tag"]))
    prose = data.draw(abst.reasoning_text())
    return {
        "bare": answer,
        "tag": f"<ans>{answer}</ans>",
        "TAG": f"<ANS>{answer}</ANS>",
        "spaced-tag": f"<ans> {answer} </ans>",
        "answer-tag": f"<answer>{answer}</answer>",
        "reasoning-tag": f"{prose} <ans>{answer}</ans>",
        "draft-then-tag": f"{prose} <ans>{{draft}}</ans> Wait, that is not right. <ans>{answer}</ans>",
    }[style]


def _row(prediction: str, answer: str, answer_type: str) -> dict:
    return {"question": "q", "prediction": prediction, "answer": answer, "answer_type": answer_type}


@given(st.integers(0, 99_999), st.data())
def test_a_count_matches_in_every_rendering(n, data):
    forms = [str(n), f"{n}.0", f"{n} objects"]
    if n < 100:
        forms += [_in_words(n), f"{_in_words(n)} chairs"]
    if n >= 1000:
        forms.append(f"{n:,}")
    answer = data.draw(st.sampled_from(forms))
    prediction = _wrap(data, answer).replace("{draft}", str(n + 7))
    v = score_row("omni3d", _row(prediction, str(n), "int"), profile="default")
    assert v.status == "correct", (v, prediction)


@given(st.integers(0, 10**6), st.sampled_from(["yes", "no"]), PROFILES)
def test_both_profiles_accept_the_gold_in_tags(n, side, profile):
    assert score_row("omni3d", _row(f"<ans>{n}</ans>", str(n), "int"), profile=profile).status == "correct"
    assert score_row("omni3d", _row(f"<ans>{n}</ans>", str(n), "float"), profile=profile).score == 1.0 or n == 0
    assert score_row("omni3d", _row(f"<ans>{side}</ans>", side, "str"), profile=profile).status == "correct"


@given(st.integers(0, 10_000), st.sampled_from([-1, 1]), st.data())
def test_a_count_off_by_one_never_matches(n, delta, data):
    prediction = _wrap(data, str(n + delta)).replace("{draft}", str(n))
    v = score_row("omni3d", _row(prediction, str(n), "int"), profile="default")
    assert v.status == "wrong", (v, prediction)


@given(st.sampled_from(["yes", "no"]), st.data())
def test_yes_no_matches_in_every_rendering_and_the_other_side_never(side, data):
    other = "no" if side == "yes" else "yes"
    said = data.draw(st.sampled_from([side, side.capitalize() + ".", side.upper(), f"{side.capitalize()}, it is.",
                                      {"yes": "True", "no": "False"}[side]]))
    prediction = _wrap(data, said).replace("{draft}", other)
    assert score_row("omni3d", _row(prediction, side, "str"), profile="default").status == "correct", prediction
    assert score_row("omni3d", _row(prediction, other, "str"), profile="default").status == "wrong", prediction


@given(st.sampled_from(["yes", "no"]), st.sampled_from(["I don't know.", "I cannot tell from the image.",
                                                        "It is unclear.", "Not sure"]))
def test_default_reads_no_refusal_as_an_answer(side, refusal):
    v = score_row("omni3d", _row(f"<ans>{refusal}</ans>", side, "str"), profile="default")
    assert v.status == "wrong", v


@given(abst.option_sets(), st.data())
def test_word_answers_ignore_case_articles_and_punctuation(options, data):
    gold = data.draw(st.sampled_from(sorted(options.values())))
    article = "" if gold.lower().startswith("the ") else "The "  # one article is dropped, not two
    said = data.draw(st.sampled_from([gold, gold.upper(), f"{article}{gold}.", f"  {gold.capitalize()}! "]))
    prediction = _wrap(data, said).replace("{draft}", "something else")
    assert score_row("omni3d", _row(prediction, gold, "str"), profile="default").status == "correct", prediction
    others = [o for o in options.values() if o.lower().removeprefix("the ") != gold.lower().removeprefix("the ")]
    if others:
        wrong = _wrap(data, data.draw(st.sampled_from(others))).replace("{draft}", gold)
        assert score_row("omni3d", _row(wrong, gold, "str"), profile="default").status == "wrong", wrong


@given(st.floats(0.01, 1e4), st.floats(0, 2), st.floats(0, 2), st.sampled_from([1, -1]))
def test_mra_is_one_at_the_gold_and_never_rises_with_the_error(gold, err_a, err_b, sign):
    near, far = sorted([err_a, err_b])
    g = sign * gold

    def mra(value: float) -> float:
        return score_row("omni3d", _row(f"<ans>{value!r}</ans>", repr(g), "float"), profile="default").score

    assert mra(g) == 1.0
    assert mra(g * (1 + near)) >= mra(g * (1 + far))
    assert mra(g * (1 - near)) >= mra(g * (1 - far))


@given(abst.number_renderings(forms=["integer", "decimal", "thousands-comma", "slash", "decimal-zero"]))
# found by this property: a fraction followed by a unit ("1/3 m") was read as its denominator
@example(r=abst.Rendering("1/3", "\\frac{1}{3}", Fraction(1, 3), "slash"))
def test_float_answers_read_in_every_plain_form(r):
    if r.value <= 0:
        return
    v = score_row("omni3d", _row(f"about <ans>{r.text} m</ans>", str(float(r.value)), "float"), profile="default")
    assert v.score == 1.0, (v, r)


@given(abst.hostile_text(), st.sampled_from(["int", "float", "str"]), st.sampled_from(["3", "2.5", "yes", "red cube"]),
       PROFILES)
def test_never_crashes_on_arbitrary_predictions(text, answer_type, gold, profile):
    score_safely("omni3d", _row(text, gold, answer_type), profile, may_time_out=False)


@given(abst.hostile_text(), st.sampled_from(["int", "float", "str"]), PROFILES)
def test_never_crashes_on_arbitrary_golds(text, answer_type, profile):
    score_safely("omni3d", _row("<ans>3</ans>", text, answer_type), profile, may_time_out=False)


@given(payloads(), st.sampled_from(["int", "float", "str"]), PROFILES)
def test_no_input_reaches_python_evaluation(payload, answer_type, profile):
    score_safely("omni3d", _row(payload, "3", answer_type), profile)
    score_safely("omni3d", _row("<ans>3</ans>", payload, answer_type), profile)
