"""Omni3DBench (VLMEvalKit ``omni3dbench.py``): yes/no, word, count and measured answers in ``<ans>`` tags.

upstream: ``Omni3DBench_acc`` row by row. The answer is the text after the first ``<ans>`` up to the next
``</ans>`` (or the whole prediction), unstripped. ``int``: ``int(prediction) == int(gold)``; ``str`` with gold
``yes``/``no``: the gold is a *substring* of the lower-cased prediction (``true``/``false`` also count), so
"I don't know" reads as "no"; other ``str``: ``gold == prediction.lower()``; ``float``: Mean Relative Accuracy,
the share of the thresholds 0.50, 0.45, ..., 0.05 with ``|gold - pred| / gold < threshold``. Inputs on which the
reference raises (a non-text prediction, an ``int`` gold such as ``3.0``, a ``float`` gold of 0 or that is not a
number) give an ``error`` row naming the exception.
default: the same metric done right: tags found case-insensitively (the last non-empty one), contents
stripped; untagged word and yes/no answers read after the last "Final answer:" / "Answer:" / "The answer is";
yes/no read as whole words and common equivalents ("Correct", "Of course", "nah", 是, 不是), abstentions
("I don't know", "not enough information", "cannot be determined") are neither; numbers read with units,
thousands separators, fractions and number words ("three", "2.5 m", "1,200", "one and a half"), unit exponents
and error bars are not the number ("0.064 m^3", "1.9 ± 0.2 m"); lengths in cm, mm, km, ft or in are converted
to the unit the question asks for (metres when it names none); ranges, hedges and bounds ("2-3 m", "2.4 or
2.8", "at least 5") commit to no number and score 0; ``3.0`` is the integer 3; a gold of 0 scores 1 only for a
prediction of 0, a negative gold is measured against ``|gold|``. Rows whose ``answer_type`` is none of
``int``/``str``/``float`` are errors in both profiles (the reference skips them).

metrics: the reference's four figures, ``Yes/No Accuracy``, ``Multiple Choice Accuracy``, ``Numeric (count)
Accuracy`` and ``Numeric (other) Mean Relative Accuracy`` (None when no row of that kind), computed over the rows
that were scored (error and timeout rows are left out and counted under ``excluded_rows``).
"""

from __future__ import annotations

import math
import re
from typing import Any, Mapping, NamedTuple

from ..text.numbers import ONES, TENS
from ..text.patterns import lazy_compile
from ..text.units import METRES
from ..verdict import ScoreContext, Verdict

OPTIONS: dict[str, str] = {}

THRESHOLDS = (0.5, 0.45, 0.40, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05)
KINDS = {
    "yes/no": "Yes/No Accuracy",
    "multiple choice": "Multiple Choice Accuracy",
    "count": "Numeric (count) Accuracy",
    "other": "Numeric (other) Mean Relative Accuracy",
}

_UNITS = {**ONES, "none": 0}  # a count of "none" is 0
_TENS = TENS
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


_FINAL_MARKER = lazy_compile(r"\banswer\b[\s*_]*(?:is\b|:)[\s*_:]*(?P<answer>\S.*)", re.I)


def final_answer_line(text: str) -> str | None:
    """What follows "Final answer:", "Answer:" or "The answer is" on the last line that has such a marker."""
    for line in reversed(text.splitlines()):
        found = list(_FINAL_MARKER.finditer(line))
        if found:
            return found[-1].group("answer").strip()
    return None


# ---- default: numbers ----------------------------------------------------------------------------------------

#: metres per length unit
# metres per unit, from the one length table (there "in" is spelled "inch")
_METRES = {unit: float(METRES["inch" if unit == "in" else unit]) for unit in ("mm", "cm", "m", "km", "ft", "in")}
_LENGTH_WORD = (r"millimet(?:er|re)s?|centimet(?:er|re)s?|kilomet(?:er|re)s?|met(?:er|re)s?|mm|cm|km|m"
                r"|feet|foot|ft|inch(?:es)?")
_ERROR_BAR = rf"(?:±|\+\s*/?\s*-)\s*(?:{_NUMBER})"
# the unit written right after a number, past any error bar: "m", " metres", "cm²", " m^3", " square feet";
# a bare "in" is inches only when no word follows it ("3 in", not "3 in the room")
_UNIT_AFTER = lazy_compile(
    rf"\s*(?:{_ERROR_BAR}\s*)?(?:(?P<pre>square|sq\.?|cubic|cu\.?)\s*)?"
    rf"(?P<unit>{_LENGTH_WORD}|in(?!\s*[^\W\d_²³]))(?![^\W\d_²³])"
    r"(?:\s*\^\s*(?P<exp>[23])|(?P<sup>[²³])|(?P<digit>[23])(?![\d.])|\s+(?P<post>squared|cubed)\b)?",
    re.I)
# the unit a question asks for: "in meters", "in square feet", "how many centimetres"
_QUESTION_UNIT = lazy_compile(rf"\b(?:in|how\s+many)\s+(?:(?P<pre>square|cubic)\s+)?(?P<unit>{_LENGTH_WORD})\b"
                            r"(?:\s*\^?\s*(?P<exp>[23])|(?P<sup>[²³]))?", re.I)
# exponents of units ("m^3") and error bars ("± 0.2") hold digits that are not the answer
_NOT_THE_NUMBER = lazy_compile(rf"(?<=[^\W\d_])\s*\^\s*[-+]?\d+|{_ERROR_BAR}")
_MARKER = lazy_compile(r"(?:answer\s*(?:is|:)|approximately|about|around|roughly|estimated|≈|=|is)\s*", re.I)
_CONNECTOR = r"(?:-|–|—|~|to|or)"
_WORD = r"(?:[^\W\d_]+\.?\s*)?"  # a unit or noun between two numbers: "2 m to 3 m", "2 chairs or 3"
_BOUND_BEFORE = lazy_compile(
    r"(?P<slightly>(?:just|slightly|a\s+little|a\s+bit|barely)\s+)?"
    r"(?<!\w)(?:at\s+(?:least|most)|(?:no\s+)?(?:more|less|fewer|greater|higher|lower|larger|smaller|bigger|"
    r"longer|shorter|taller)\s+than|up\s+to|over|under|above|below|beyond|exceeding|[<>≤≥]=?)\s*[~≈]?\s*$", re.I)
_BOUND_AFTER = lazy_compile(
    rf"\s*{_WORD}(?:\+(?!\s*[\d.(])|or\s+(?:more|less|fewer|greater|higher|lower|larger|smaller|above|below|over|"
    r"under)\b|and\s+(?:up|above|over)\b|at\s+(?:least|most)\b|max(?:imum)?\b|minimum\b)", re.I)


# the two ends of a range or hedge; "other" is the end that is not the number being read
_RANGE_END = lazy_compile(rf"(?P<other>{_NUMBER})\s*{_WORD}{_CONNECTOR}\s*[~≈]?\s*$", re.I)
_RANGE_START = lazy_compile(rf"\s*{_WORD}{_CONNECTOR}\s*[~≈]?\s*(?P<other>{_NUMBER})", re.I)
_BETWEEN = lazy_compile(r"\bbetween\s*$", re.I)
_BETWEEN_END = lazy_compile(rf"\bbetween\s+(?P<other>{_NUMBER})\s*{_WORD}and\s*$", re.I)
_BETWEEN_START = lazy_compile(rf"\s*{_WORD}and\s+(?P<other>{_NUMBER})", re.I)
_LOOK_BACK = 80  # characters: a bound or range is written in a few words; keeps long replies fast


class Quantity(NamedTuple):
    """A number read from an answer, with the length unit written after it (if any)."""

    value: float
    unit: str | None = None  # mm, cm, m, km, ft or in
    power: int = 1  # 2 for an area, 3 for a volume


def _words_to_number(text: str) -> float | None:
    """'three' -> 3, 'twenty-one' -> 21, 'one hundred' -> 100, 'two and a half' -> 2.5, 'half a' -> 0.5.

    The whole text must be the number.
    """
    words = re.sub(r"[-\s]+", " ", text.lower().strip(" .!")).split()
    if words in (["half"], ["half", "a"], ["half", "an"], ["a", "half"], ["one", "half"]):
        return 0.5
    half = 0.0
    if len(words) > 3 and words[-3:] in (["and", "a", "half"], ["and", "one", "half"]):
        words, half = words[:-3], 0.5
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
    return float(total) + half if seen else None


def _leading_number_words(text: str) -> tuple[float, str] | None:
    """Number words opening the text ("three chairs", "one and a half metres"): (value, the words after)."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    for size in range(min(8, len(words)), 0, -1):
        value = _words_to_number(" ".join(words[:size]))
        if value is not None:
            return value, " ".join(words[size:])
    return None


def _to_float(token: str) -> float | None:
    try:
        return float(token.replace(",", "").replace("−", "-"))
    except ValueError:
        return None


def _unit_at(text: str, pos: int) -> tuple[str | None, int]:
    """The length unit written at ``pos`` (canonical short name, or None) and its power (2 area, 3 volume)."""
    m = _UNIT_AFTER.match(text, pos)
    return (None, 1) if m is None else _unit_of(m)


def _unit_of(m: re.Match) -> tuple[str, int]:
    """Canonical unit and power of a ``_UNIT_AFTER`` or ``_QUESTION_UNIT`` match."""
    word = m.group("unit").lower()
    unit = word
    for prefix, short in (("millimet", "mm"), ("centimet", "cm"), ("kilomet", "km"), ("met", "m"), ("fe", "ft"),
                          ("foot", "ft"), ("inch", "in")):
        if word.startswith(prefix):
            unit = short
            break
    power = 1
    pre = (m.group("pre") or "").lower()
    if pre:
        power = 2 if pre.startswith("s") else 3
    groups = m.groupdict()
    exponent = groups.get("exp") or groups.get("digit") or {"²": "2", "³": "3"}.get(groups.get("sup") or "")
    if exponent:
        power = int(exponent)
    if groups.get("post"):
        power = 2 if groups["post"].lower() == "squared" else 3
    return unit, power


def _pick(text: str, numbers: list[re.Match]) -> re.Match:
    """The number that is the answer: the first after the last marker ("about", "="), the only value, or the last."""
    marker = None
    for marker in _MARKER.finditer(text):
        pass
    if marker is not None:
        after = [n for n in numbers if n.start() >= marker.end()]
        if after:
            return after[0]
    if len({_to_float(n.group(1)) for n in numbers}) == 1:
        return numbers[0]
    return numbers[-1]


def _partner(text: str, number: re.Match) -> re.Match | None:
    """The other end of a range or hedge the number belongs to ("2-3 m", "2.4 or 2.8", "between 2 and 3")."""
    start = number.start()
    if number.group(1)[0] in "-−" and re.search(r"\d\s*$", text[max(0, start - 20):start]):
        start += 1  # "2 -3": the minus is the range's dash, not the sign
    window = max(0, start - _LOOK_BACK)
    other = _RANGE_END.search(text, window, start) or _BETWEEN_END.search(text, window, start)
    if other is None:
        other = _RANGE_START.match(text, number.end())
    if other is None and _BETWEEN.search(text, window, start):
        other = _BETWEEN_START.match(text, number.end())
    return other


def _in_metres(value: float, unit: str | None, power: int) -> float:
    return value if unit is None else value * _METRES[unit] ** power


def _committed(text: str, number: re.Match) -> bool:
    """False for a bound ("at least 5", "5 or more") or a range or hedge between two values ("2-3 m",
    "2.4 or 2.8"); a restatement of the same length ("1.5 m or 150 cm") still commits."""
    bound = _BOUND_BEFORE.search(text, max(0, number.start() - _LOOK_BACK), number.start())
    if bound and not bound.group("slightly"):
        return False  # "just over 2 m" is an approximation, "over 2 m" a bound
    if _BOUND_AFTER.match(text, number.end()):
        return False
    partner = _partner(text, number)
    if partner is None:
        return True
    unit, power = _unit_at(text, number.end())
    other_unit, other_power = _unit_at(text, partner.end("other"))
    this = _in_metres(_to_float(number.group(1)) or 0.0, unit or other_unit, power)
    other = _in_metres(_to_float(partner.group("other")) or 0.0, other_unit or unit, other_power)
    return math.isclose(this, other, rel_tol=1e-9)


def _hedged_words(rest: str) -> bool:
    """After number words: "or four", "to three" (a hedge or a range spelled out), maybe past a unit or noun."""
    m = re.match(r"(?:\S+\s+)?(?:or|to)\s+(.+)", rest)
    return m is not None and _leading_number_words(m.group(1)) is not None


def read_quantity(text: str) -> Quantity | None:
    """The committed number of an answer and the length unit written after it.

    Reads '3', '3.0', '2.5 m', '1,200', '1/2', '≈ 4.1', 'three', 'three chairs', 'one and a half metres',
    '0.064 m^3' (0.064, not the exponent) and '1.9 ± 0.2 m' (the central value). Ranges, hedges between two
    values and bounds ('2-3 m', '2.4 or 2.8', 'at least 5') are no committed number: None.
    """
    s = text.strip().strip("*`$ ").rstrip(".")
    # a fraction, possibly with a unit after it ("1/3 m")
    m = re.fullmatch(rf"\s*({_NUMBER})\s*/\s*({_NUMBER})((?:\s*[^\W\d_]+\.?)?)\s*", s)
    if m:
        num, den = _to_float(m.group(1)), _to_float(m.group(2))
        return Quantity(num / den, *_unit_at(m.group(3), 0)) if num is not None and den else None
    # a parenthetical restatement ("2.5 m (250 cm)") is not the answer
    outside = re.sub(r"\([^()]*\)", " ", s)
    if re.search(r"\d", outside):
        s = outside
    masked = _NOT_THE_NUMBER.sub(lambda x: " " * len(x.group()), s)
    numbers = list(re.finditer(rf"(?<![\w.])({_NUMBER})(?![\d.]*\d)", masked))
    if not numbers:
        lead = _leading_number_words(s)
        if lead is None or _hedged_words(lead[1]):
            return None
        return Quantity(lead[0], *_unit_at(" " + lead[1], 0))
    number = _pick(masked, numbers)
    value = _to_float(number.group(1))
    if value is None or not _committed(masked, number):
        return None
    return Quantity(value, *_unit_at(s, number.end()))


def read_number(text: str) -> float | None:
    """The committed number of an answer as written (no unit conversion); see :func:`read_quantity`."""
    quantity = read_quantity(text)
    return None if quantity is None else quantity.value


def in_gold_unit(quantity: Quantity, question: Any) -> float:
    """The answer's value in the gold's length unit: the one the question asks for ("in centimeters"), else metres.

    Areas and volumes convert too ("450 cm²" = 0.045 m²); a power the question does not ask for (an area for a
    question "in meters") is left as written.
    """
    if quantity.unit is None:
        return quantity.value
    gold_unit, gold_power = "m", None
    asked = list(_QUESTION_UNIT.finditer(question)) if isinstance(question, str) else []
    if asked:
        gold_unit, gold_power = _unit_of(asked[-1])
    if gold_power is not None and gold_power != quantity.power:
        return quantity.value
    value = quantity.value * (_METRES[quantity.unit] / _METRES[gold_unit]) ** quantity.power
    return float(f"{value:.12g}")  # 45 cm is 0.45 m, not 0.45000000000000007


# ---- default: yes/no -----------------------------------------------------------------------------------------

_LEAD = lazy_compile(r"\W*(?:(?P<yes>yes|true|yep|yeah|yup)|(?P<no>no|false|nope|nah))\b(?P<not>\s+not\b)?")
# words that answer yes or no when they open a short answer ("Definitely.", "Of course not", "Correct, it is");
# at the head of a long reply they are only a chatbot's opener ("Certainly! Let me look at the image ...")
_SHORT_LEAD = lazy_compile(r"\W*(?:(?P<yes>correct|affirmative|indeed|certainly|definitely|absolutely|"
                         r"of\s+course|sure)|(?P<no>negative|incorrect))\b(?P<not>\s+not\b)?")
_SHORT = 6  # words
# a whole answer that affirms without a yes word: "It is.", "They do.", "There are."
_AFFIRMING = lazy_compile(r"\W*(?:it|they|there|that|this|he|she)\s*(?:'s|'re|is|are|does|do|did|was|were|can|"
                        r"could|will|would|has|have)(?:\s+(?:indeed|definitely|certainly))?[\s.!]*$")
# abstentions: not an answer, though they contain "not" or "no"
_ABSTAIN = lazy_compile(
    r"\bnot\s+(?:enough|sure|certain|clear|known|possible\s+to\s+(?:tell|say|know|determine))\b"
    r"|(?:\bcannot|\bcan't|\bcan\s+not|\bcouldn't|\bunable\s+to|\bnot\s+able\s+to|\bimpossible\s+to|\bhard\s+to"
    r"|\bdifficult\s+to|\bno\s+way\s+to)\s+(?:be\s+)?(?:know|tell|determine|say|see|judge|infer|answer|confirm"
    r"|verify)\w*"
    r"|\b(?:don't|do\s+not|doesn't)\s+know\b|\bno\s+(?:idea|clue)\b|\binsufficient\b|\bunknown\b|\bunclear\b"
    r"|\bunsure\b|\buncertain\b|\bundetermined\b|\bindeterminate\b|\bn/a\b")
_CJK_ABSTAIN = lazy_compile(r"不确定|不知道|无法|不清楚|不能确定|难以|看不")


def _two_sided(low: str) -> bool:
    """"yes and no", "yes/no": a hedge, not an answer."""
    return bool(re.match(r"\W*(?:yes|no|true|false)\W+(?:and|or|/)?\W*(?:yes|no|true|false)\b", low)) and \
        len({w in ("yes", "true") for w in re.findall(r"\b(?:yes|no|true|false)\b", low[:30])}) == 2


def _chinese_side(text: str) -> str | None:
    """A Chinese answer's side: 是/对/有 yes, 不/否/没 no, "" for an abstention (不确定, 无法判断); None if not Chinese."""
    if not re.match(r"[\W_]*[\u4e00-\u9fff]", text):
        return None
    if _CJK_ABSTAIN.search(text):
        return ""
    if re.match(r"[\W_]*(?:不|否|没|错)", text):
        return "no"
    if re.match(r"[\W_]*(?:是|对|有|正确)", text):
        return "yes"
    return None


def _yes_no(text: str) -> str | None:
    """'yes'/'no' when the answer takes one side, else None (a hedge, an abstention or neither).

    The opening word decides ("Yes, ...", "Correct", "Of course", "Nah", "Definitely not"); else a yes/no/true/
    false word anywhere when only one side is named; else an affirming sentence ("It is.") is yes and a negation
    ("It is not.") no. Abstentions ("not enough information", "cannot be determined", "unknown") are left out
    first, so their "not" or "no" is never read as the answer.
    """
    low = text.lower().strip()
    if _two_sided(low):
        return None
    chinese = _chinese_side(low)
    if chinese is not None:
        return chinese or None
    cleaned = _ABSTAIN.sub(" ", low)
    abstained = cleaned != low
    lead = _LEAD.match(cleaned) or (_SHORT_LEAD.match(cleaned) if len(cleaned.split()) <= _SHORT else None)
    if lead:
        return "no" if lead.group("no") or lead.group("not") else "yes"
    yes = bool(re.search(r"\b(?:yes|true)\b", cleaned))
    no = bool(re.search(r"\b(?:no|false)\b", cleaned))
    if yes != no:
        return "yes" if yes else "no"
    if yes:
        return None
    if not abstained and _AFFIRMING.match(cleaned):
        return "yes"
    if re.search(r"\b(?:not|never)\b|n't\b", cleaned):
        return "no"  # "It is not.", "The chair isn't closer." with no yes/no word
    return None


# ---- default: scoring ----------------------------------------------------------------------------------------


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


def _score_number(row: Mapping[str, Any], kind: str, answer: str, how: str, gold_text: str,
                  extra: dict[str, Any]) -> Verdict:
    """A count (exact) or a measurement (Mean Relative Accuracy, lengths converted to the gold's unit)."""
    target = read_number(gold_text)
    if target is None:
        return Verdict.error(f"the gold {gold_text!r} is not a number", gold=gold_text, method="bad-gold")
    quantity = read_quantity(answer)
    value = None
    if quantity is not None:
        value = quantity.value if kind == "count" else in_gold_unit(quantity, row.get("question"))
    if value is None or math.isnan(value) or math.isinf(value):
        if kind == "other":
            extra["passes"] = [False] * len(THRESHOLDS)
        return Verdict.graded(False, extracted=answer[:80], method=f"number-unparsed-{how}", gold=gold_text,
                              extra=extra, detail="no single committed number in the answer")
    shown = f"{value:g}"
    if kind == "count":
        return Verdict.graded(value == target, extracted=shown, method=f"int-{how}", gold=gold_text, extra=extra)
    passes = mra(target, value)
    extra["passes"] = passes
    detail = f"{sum(passes)} of {len(THRESHOLDS)} thresholds"
    if value != quantity.value:
        detail += f" ({quantity.value:g} {quantity.unit} converted to the gold's unit)"
    return Verdict.partial(sum(passes) / len(THRESHOLDS), extracted=shown, method=f"mra-{how}", gold=gold_text,
                           extra=extra, detail=detail)


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
    if not tagged and kind in ("yes/no", "multiple choice"):
        marked = final_answer_line(answer)
        if marked:
            answer, how = marked, "marker"
    if kind == "yes/no":
        side = _yes_no(answer)
        return Verdict.graded(side == gold_text.lower(), extracted=side, method=f"yes-no-{how}", gold=gold_text,
                              extra=extra, detail="" if side else "the answer takes neither side")
    if kind == "multiple choice":
        said = _norm_word(answer)
        return Verdict.graded(said == _norm_word(gold_text), extracted=said, method=f"str-{how}", gold=gold_text,
                              extra=extra)
    return _score_number(row, kind, answer, how, gold_text, extra)


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
