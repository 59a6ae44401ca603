"""Omni3DBench (VLMEvalKit ``omni3dbench.py``): yes/no, word, count and measured answers in ``<ans>`` tags.

upstream: ``Omni3DBench_acc`` row by row. The answer is the text after the first ``<ans>`` up to the next
``</ans>`` (or the whole prediction), unstripped. ``int``: ``int(prediction) == int(gold)``; ``str`` with gold
``yes``/``no``: the gold is a *substring* of the lower-cased prediction (``true``/``false`` also count), so
"I don't know" reads as "no"; other ``str``: ``gold == prediction.lower()``; ``float``: Mean Relative Accuracy,
the share of the thresholds 0.50, 0.45, ..., 0.05 with ``|gold - pred| / gold < threshold``. Inputs on which the
reference raises (a non-text prediction, an ``int`` gold such as ``3.0``, a ``float`` gold of 0 or that is not a
number) give an ``error`` row naming the exception.
default: the same metric done right: tags found case-insensitively (the last non-empty one), contents
stripped; yes/no read as whole words ("I don't know" is neither); numbers read with units, thousands
separators, fractions and number words ("three", "2.5 m", "1,200"); ``3.0`` is the integer 3; a gold of 0
scores 1 only for a prediction of 0, a negative gold is measured against ``|gold|``. Rows whose
``answer_type`` is none of ``int``/``str``/``float`` are errors in both profiles (the reference skips them).

metrics: the reference's four figures, ``Yes/No Accuracy``, ``Multiple Choice Accuracy``, ``Numeric (count)
Accuracy`` and ``Numeric (other) Mean Relative Accuracy`` (None when no row of that kind), computed over the rows
that were scored (error and timeout rows are left out and counted under ``excluded_rows``).
"""

from __future__ import annotations

import math
import re
from typing import Any, Mapping

from ..verdict import ScoreContext, Verdict

OPTIONS: dict[str, str] = {}

THRESHOLDS = (0.5, 0.45, 0.40, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05)
KINDS = {
    "yes/no": "Yes/No Accuracy",
    "multiple choice": "Multiple Choice Accuracy",
    "count": "Numeric (count) Accuracy",
    "other": "Numeric (other) Mean Relative Accuracy",
}

_UNITS = {
    "zero": 0, "none": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_NUMBER = r"[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+−]?\.\d+"


def _kind(answer_type: Any, gold: Any) -> str | None:
    if answer_type == "int":
        return "count"
    if answer_type == "float":
        return "other"
    if answer_type == "str":
        return "yes/no" if gold in ("yes", "no") else "multiple choice"
    return None


def _is_nan(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


# ---- upstream ------------------------------------------------------------------------------------------------


def extract_upstream(prediction: str) -> str:
    """Text after the first ``<ans>`` and before the next ``</ans>``; else the whole prediction. Not stripped."""
    if "<ans>" in prediction:
        return prediction.split("<ans>")[1].split("</ans>")[0]
    return prediction


def _score_upstream(row: Mapping[str, Any], kind: str | None) -> Verdict:
    prediction, gold = row.get("prediction"), row.get("answer")
    gold_text = None if _is_nan(gold) else str(gold)
    if not isinstance(prediction, str):
        # ``'<ans>' in prediction`` on pandas' NaN (or a number) raises and aborts the reference's run
        return Verdict.error(f"TypeError: the prediction is {type(prediction).__name__} {prediction!r}, not text "
                             "(the reference crashes on it)", gold=gold_text, method="crash")
    pred = extract_upstream(prediction)
    if kind is None:
        return Verdict.error(f"answer_type {row.get('answer_type')!r} is none of int, str, float "
                             "(the reference skips the row)", gold=gold_text, method="unknown-type")
    extra: dict[str, Any] = {"kind": kind}
    if kind == "count":
        try:
            value = int(pred)
        except (ValueError, TypeError):
            return Verdict.graded(False, extracted=pred, method="int-unparsed", gold=gold_text, extra=extra,
                                  detail="int() cannot read the answer")
        try:
            target = int(gold)
        except (ValueError, TypeError, OverflowError) as exc:
            return Verdict.error(f"{type(exc).__name__}: int() of the gold {gold!r} (the reference crashes)",
                                 gold=gold_text, method="crash")
        return Verdict.graded(value == target, extracted=pred, method="int-exact", gold=gold_text, extra=extra)
    if kind == "yes/no":
        low = pred.lower()
        ok = gold in low or (gold == "yes" and "true" in low) or (gold == "no" and "false" in low)
        return Verdict.graded(ok, extracted=pred, method="yes-no-substring", gold=gold_text, extra=extra)
    if kind == "multiple choice":
        return Verdict.graded(gold == pred.lower(), extracted=pred, method="str-exact", gold=gold_text, extra=extra)
    # float: Mean Relative Accuracy
    try:
        value = float(pred)
    except (ValueError, TypeError):
        extra["passes"] = [False] * len(THRESHOLDS)
        return Verdict.partial(0.0, extracted=pred, method="mra-unparsed", gold=gold_text, extra=extra,
                               detail="float() cannot read the answer")
    try:
        target = float(gold)
        passes = [abs(target - value) / target < t for t in THRESHOLDS]
    except (ValueError, TypeError, ZeroDivisionError) as exc:
        return Verdict.error(f"{type(exc).__name__}: relative error against the gold {gold!r} "
                             "(the reference crashes)", gold=gold_text, method="crash")
    extra["passes"] = passes
    return Verdict.partial(sum(passes) / len(THRESHOLDS), extracted=pred, method="mra", gold=gold_text,
                           extra=extra, detail=f"{sum(passes)} of {len(THRESHOLDS)} thresholds")


# ---- default -------------------------------------------------------------------------------------------------


def extract_answer(prediction: str) -> tuple[str, bool]:
    """The last non-empty ``<ans>`` (or ``<answer>``) tag's content, stripped, any case; else the whole text.

    Returns (answer, tagged).
    """
    tags = [m.group(2).strip() for m in
            re.finditer(r"<\s*(ans|answer)\s*>(.*?)(?:<\s*/\s*\1\s*>|(?=<\s*(?:ans|answer)\s*>)|$)", prediction,
                        re.I | re.S)]
    tags = [t for t in tags if t]
    if tags:
        return tags[-1], True
    return prediction.strip(), False


def _words_to_number(text: str) -> float | None:
    """'three' -> 3, 'twenty-one' -> 21, 'one hundred' -> 100 (the whole text must be the number)."""
    words = re.sub(r"[-\s]+", " ", text.lower().strip(" .!")).split()
    if not words:
        return None
    total, seen = 0, False
    for word in words:
        if word in ("a", "an") and not seen:
            total, seen = 1, True
        elif word in _UNITS:
            total += _UNITS[word]
            seen = True
        elif word in _TENS:
            total += _TENS[word]
            seen = True
        elif word == "hundred" and seen:
            total *= 100
        elif word == "and" and seen:
            continue
        else:
            return None
    return float(total) if seen else None


def _to_float(token: str) -> float | None:
    try:
        return float(token.replace(",", "").replace("−", "-"))
    except ValueError:
        return None


def read_number(text: str) -> float | None:
    """A number from an answer: '3', '3.0', '2.5 m', '1,200', '1/2', '≈ 4.1', 'three', 'three chairs'."""
    s = text.strip().strip("*`$ ").rstrip(".")
    words = _words_to_number(s)
    if words is not None:
        return words
    # a fraction, possibly with a unit after it ("1/3 m")
    m = re.fullmatch(rf"\s*({_NUMBER})\s*/\s*({_NUMBER})(?:\s*[^\W\d_]+\.?)?\s*", s)
    if m:
        num, den = _to_float(m.group(1)), _to_float(m.group(2))
        return num / den if num is not None and den else None
    # a parenthetical restatement ("2.5 m (250 cm)") is not the answer
    outside = re.sub(r"\([^()]*\)", " ", s)
    if re.search(r"\d", outside):
        s = outside
    numbers = list(re.finditer(rf"(?<![\w.])({_NUMBER})(?![\d.]*\d)", s))
    if not numbers:
        # number words followed by a unit or noun: "three chairs", "twenty one"
        words = re.findall(r"[a-z]+", s.lower())
        for size in range(min(4, len(words)), 0, -1):
            value = _words_to_number(" ".join(words[:size]))
            if value is not None:
                return value
        return None
    marker = None
    for mk in re.finditer(r"(?:answer\s*(?:is|:)|approximately|about|around|roughly|estimated|≈|=|is)\s*", s, re.I):
        marker = mk
    if marker is not None:
        after = [n for n in numbers if n.start() >= marker.end()]
        if after:
            return _to_float(after[0].group(1))
    values = {_to_float(n.group(1)) for n in numbers}
    if len(values) == 1:
        return values.pop()
    return _to_float(numbers[-1].group(1))


def _yes_no(text: str) -> str | None:
    """'yes'/'no' when the answer takes one side as a whole word (true/false too), else None."""
    low = text.lower()
    if re.match(r"\W*(?:yes|no|true|false)\W+(?:and|or|/)?\W*(?:yes|no|true|false)\b", low) and \
            len({w in ("yes", "true") for w in re.findall(r"\b(?:yes|no|true|false)\b", low[:30])}) == 2:
        return None  # "yes and no", "yes/no": a hedge, not an answer
    first = re.match(r"\W*(yes|no|true|false|yep|yeah|nope)\b", low)
    if first:
        return "yes" if first.group(1) in ("yes", "true", "yep", "yeah") else "no"
    yes = bool(re.search(r"\b(?:yes|true)\b", low))
    no = bool(re.search(r"\b(?:no|false)\b", low))
    if yes != no:
        return "yes" if yes else "no"
    if not yes and not no and re.search(r"\b(?:not|never)\b|n't\b", low) and not re.search(
            r"not\s+(?:sure|certain|clear|possible\s+to\s+tell)|(?:don't|do\s+not|cannot|can't|unable\s+to)\s+"
            r"(?:know|tell|determine|say|see)|unclear|unsure", low):
        return "no"  # "It is not.", "The chair isn't closer." with no yes/no word
    return None


def _norm_word(text: str) -> str:
    s = re.sub(r"\s+", " ", text.lower()).strip().strip(" .!,;:\"'`*")
    s = re.sub(r"^(?:the\s+)?(?:final\s+)?answer\s*(?:is|:)\s*", "", s)
    s = re.sub(r"^(?:the|a|an)\s+", "", s)
    return s.strip(" .!,;:\"'`*")


def mra(gold: float, value: float) -> list[bool]:
    """Mean Relative Accuracy passes; gold 0 passes only for 0, a negative gold is measured against |gold|."""
    if gold == 0:
        return [value == 0] * len(THRESHOLDS)
    return [abs(gold - value) / abs(gold) < t for t in THRESHOLDS]


def _score_default(row: Mapping[str, Any]) -> Verdict:
    prediction, gold = row.get("prediction"), row.get("answer")
    gold_text = None if _is_nan(gold) else str(gold).strip()
    answer_type = row.get("answer_type")
    # "Str", " int " and a capitalised "Yes" gold are read as what they plainly mean
    answer_type = answer_type.strip().lower() if isinstance(answer_type, str) else answer_type
    kind = _kind(answer_type, gold_text.lower() if gold_text else gold_text)
    if kind is None:
        return Verdict.error(f"answer_type {row.get('answer_type')!r} is none of int, str, float",
                             gold=gold_text, method="unknown-type")
    if gold_text is None or gold_text == "":
        return Verdict.error("the gold answer is empty", gold=None, method="no-gold")
    extra: dict[str, Any] = {"kind": kind}
    if _is_nan(prediction) or not str(prediction).strip():
        if kind == "other":
            extra["passes"] = [False] * len(THRESHOLDS)
        return Verdict.graded(False, method="empty", gold=gold_text, extra=extra, detail="no prediction")
    answer, tagged = extract_answer(str(prediction))
    how = "tag" if tagged else "text"
    if kind == "yes/no":
        side = _yes_no(answer)
        return Verdict.graded(side == gold_text.lower(), extracted=side, method=f"yes-no-{how}", gold=gold_text,
                              extra=extra, detail="" if side else "the answer takes neither side")
    if kind == "multiple choice":
        said = _norm_word(answer)
        return Verdict.graded(said == _norm_word(gold_text), extracted=said, method=f"str-{how}", gold=gold_text,
                              extra=extra)
    target = read_number(gold_text)
    if target is None:
        return Verdict.error(f"the gold {gold_text!r} is not a number", gold=gold_text, method="bad-gold")
    value = read_number(answer)
    if value is None or math.isnan(value) or math.isinf(value):
        if kind == "other":
            extra["passes"] = [False] * len(THRESHOLDS)
        return Verdict.graded(False, extracted=answer[:80], method=f"number-unparsed-{how}", gold=gold_text,
                              extra=extra, detail="no number in the answer")
    shown = f"{value:g}"
    if kind == "count":
        return Verdict.graded(value == target, extracted=shown, method=f"int-{how}", gold=gold_text, extra=extra)
    passes = mra(target, value)
    extra["passes"] = passes
    return Verdict.partial(sum(passes) / len(THRESHOLDS), extracted=shown, method=f"mra-{how}", gold=gold_text,
                           extra=extra, detail=f"{sum(passes)} of {len(THRESHOLDS)} thresholds")


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """One Omni3DBench row, by its ``answer_type``."""
    if ctx.upstream:
        return _score_upstream(row, _kind(row.get("answer_type"), row.get("answer")))
    return _score_default(row)


def metrics(rows: list[dict[str, Any]], ctx: ScoreContext) -> dict[str, Any]:
    """``Omni3DBench_acc``'s four figures (fractions; None where a kind has no scored row)."""
    scored = [r for r in rows if r.get("status") in ("correct", "wrong") and r.get("extra", {}).get("kind")]
    out: dict[str, Any] = {}
    for kind, name in KINDS.items():
        part = [r for r in scored if r["extra"]["kind"] == kind]
        if not part:
            out[name] = None
        elif kind == "other":
            # per threshold, then summed in the reference's order: the last bits match its figure
            total = 0.0
            for i in range(len(THRESHOLDS)):
                total += sum(1 for r in part if r["extra"].get("passes", [False] * 10)[i]) / len(part)
            out[name] = total / len(THRESHOLDS)
        else:
            out[name] = sum(1 for r in part if r["status"] == "correct") / len(part)
    out["excluded_rows"] = len(rows) - len(scored)
    return out
