"""The final commitment wins, its mirror image on real rows: a gold said along the way is not the answer.

tests/unit/test_trace_robustness.py puts wrong values mid-trace and checks that no correct row turns wrong. This
harness measures the other side, a false accept: the gold stated along the way while the response finally commits to
something else. On the dev splits of ``real_math``, ``reason_math`` and ``trace_math`` and on trace_math's held-out
split (read from ``$ANSWERBENCH_CORPORA``; skipped when absent; no other split is read):

1. ``wrong-final``: every row labelled correct and accepted gets its final commitment (the content of its last box,
   else of its closing answer line, ``<answer>`` tag or JSON ``answer`` field) changed to a different value of the
   same kind: a number's first free digit moved (18 -> 28, 0.375 -> 0.475, 58,500 -> 68,500: another number in any
   reading), one element of a tuple, set or interval changed that way, an option letter moved to the next one, a
   yes/no, exists, finite or even claim turned into its opposite, an expression without a free number given ``+ 1``.
   The gold (or the value as written) still appears before it. The row must be wrong.
2. ``gold-musing``: every row labelled wrong and rejected gets a musing naming the gold (a guess rejected, a
   hypothetical, a slip, a negation, a check that fails, another reading of the question, a box or a ``Final Answer``
   heading taken back) at a paragraph break in the middle (a sentence end in a reply of one line), before the answer
   it closes with. The row must stay wrong.
3. ``hedge``: every correct, accepted row whose final commitment is one value gets it replaced by a hedge between the
   value and a changed one ("18 or 28", either order, "either ... or ..."): a hedge commits to neither
   (docs/profiles-math.md, P22: hedges stay wrong wherever they are found), so the row must be wrong.

Each mutation is made on the response text by this module's own code (no reader of the package locates it): it edits
only the final commitment (families 1 and 3) or inserts one musing (family 2), checks that the text changed, and
is skipped, and counted by reason, when it cannot be made cleanly (prose closings, a box inside a thinking block
that text follows, a value restated after the commitment, a changed value the scorer itself reads as the gold).

Scored by olympiad/default and imo/default. CI cost: a fixed seed, one family and one phrasing per row (correct rows
alternate wrong-final and hedge), both scorers: about two scorings of a few milliseconds per row.
``ANSWERBENCH_THOROUGH=1`` runs the full sweep: every family and every phrasing on every row. Verdicts the reader
gets wrong are listed in ``KNOWN`` and run as strict xfails, so a fix shows.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter

import pytest

from pytest_answerbench import score_row
from test_real_corpus_data import load_or_skip
from test_trace_robustness import insertion_point

#: (corpus, split) pairs read; no other split is ever read here
SPLITS = (("real_math", "dev"), ("reason_math", "dev"), ("trace_math", "dev"), ("trace_math", "heldout"))
SCORERS = ("olympiad", "imo")
SEED = 0


def accepts(row: dict, benchmark: str, prediction: str | None = None) -> bool:
    """Does ``benchmark``'s default profile accept ``row`` (with ``prediction`` in place of its own, when given)?"""
    prediction = row["prediction"] if prediction is None else prediction
    question = row.get("question") or ""
    if benchmark == "olympiad":
        fields = {"prediction": prediction, "answer": row["answer"], **({"question": question} if question else {})}
    else:
        fields = {"Problem ID": row["id"], "Short Answer": row["answer"], "prediction": prediction,
                  **({"Problem": question} if question else {})}
    return score_row(benchmark, fields, profile="default").correct


# ---- where the response commits: spans of the text, found by this module's own code ------------------------------

class Skip(Exception):
    """A row whose mutation cannot be made cleanly; the message is the reason counted."""


def _balanced(text: str, brace: int) -> int:
    """The index of the brace closing the one at ``brace``; -1 when it is not closed."""
    depth = 0
    for at in range(brace, len(text)):
        depth += {"{": 1, "}": -1}.get(text[at], 0)
        if depth == 0:
            return at
    return -1


_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_LINE = re.compile(r"(?:final\s+answer(?:\s+is)?|the\s+answer(?:\s*\([^()\n]*\))?\s+is|answer\s*:|####)\s*(?:\*\*)?"
                   r"\s*[:：]?\s*", re.I)
_TAG = re.compile(r"<answer>\s*(.*?)\s*</answer>", re.S)
_JSON = re.compile(r'"(?:final_)?answer"\s*:\s*(?:"((?:[^"\\]|\\.)*)"|(-?\d[\d.,]*))')
_NEW_QUESTION = re.compile(r"^\s*(?:Question|Q|Problem|User|Human)\s*:|<\|", re.M | re.I)
_NEW_TURN = re.compile(r"^\s*(?:User|Human|Assistant)\s*:|<\|", re.M)


def commitments(text: str) -> list[tuple[int, int, str]]:
    """Every place ``text`` states an answer, as (start, end, kind) spans of the value: box contents, the value of an
    answer line (its own line, else the next non-empty one), ``<answer>`` tags, JSON answer fields."""
    found = []
    for m in _BOX.finditer(text):
        end = _balanced(text, m.end() - 1)
        if end > m.end():
            found.append((m.end(), end, "box"))
    for m in _LINE.finditer(text):
        start = m.end()
        line_end = text.find("\n", start)
        line_end = len(text) if line_end < 0 else line_end
        if not text[start:line_end].strip():  # "**Final Answer**" then the value on the next line
            nxt = re.compile(r"\n\s*(\S[^\n]*)").match(text, line_end)
            if not nxt:
                continue
            start, line_end = nxt.start(1), nxt.end(1)
        start += text[start:line_end].rfind("=") + 1  # "is 1600*3.5 = $5600.": the value after the last "="
        start += len(text[start:line_end]) - len(text[start:line_end].lstrip())
        value = re.match(r"(.*?)[\s.*]*$", text[start:line_end]).group(1)
        for closer, opener in (("\\)", "\\("), ("\\]", "\\[")):  # "is \\( w = 6 - 5i \\)": the closer is not its
            if value.endswith(closer) and value.count(opener) < value.count(closer):
                value = value[:-len(closer)].rstrip()
        if value.endswith("$") and value.count("$") % 2:
            value = value[:-1].rstrip()
        if value and "\\boxed" not in value and "\\fbox" not in value:
            found.append((start, start + len(value), "line"))
    found += [(m.start(1), m.end(1), "tag") for m in _TAG.finditer(text) if m.group(1)]
    found += [(m.start(m.lastindex), m.end(m.lastindex), "json") for m in _JSON.finditer(text)]
    return sorted(found)


def final_commitment(text: str) -> tuple[int, int, str]:
    """The span of the value ``text`` closes with: its last box when it has one, else its last answer line, tag or
    JSON field. Skip when there is none, when text follows it that is not a short close (a new question, a long
    tail, or the value restated), or when it sits in a reasoning block that text follows."""
    spans = commitments(text)
    boxes = [span for span in spans if span[2] == "box"]
    if not spans:
        raise Skip("no box or answer line (a closing in prose)")
    start, end, kind = boxes[-1] if boxes else spans[-1]
    if boxes and spans[-1][0] > end and spans[-1][2] != "box":
        later = text[spans[-1][0]:spans[-1][1]]
        if _squash(later) != _squash(text[start:end]):
            raise Skip("an answer line after the last box states another value")
    think = text.find("</think>")
    if 0 <= think and start < think and text[think + 8:].strip():
        raise Skip("the last box is in a reasoning block that text follows")
    value, after = text[start:end], text[end:]
    if _NEW_TURN.search(text, 0, start):
        raise Skip("a chat template's next turn before the commitment (an invented dialogue)")
    if _NEW_QUESTION.search(after) or len(after.strip()) > 400:
        raise Skip("text after the commitment (a new question or a long tail)")
    if _squash(value) and _squash(value) in _squash(after):
        raise Skip("the value restated after the commitment")
    return start, end, kind


def _squash(text: str) -> str:
    """``text`` without spaces, dollar signs, thin spaces and digit-group commas (for finding a value in text)."""
    return re.sub(r"(?<=\d),(?=\d{3})|\{,\}|[\s$]|\\[,;!]", "", text)


# ---- changing a value: a different one of the same kind -----------------------------------------------------------

_OPPOSITES = (("yes", "no"), ("true", "false"), ("does not exist", "exists"), ("infinitely", "finitely"),
              ("infinite", "finite"), ("impossible", "possible"), ("diverges", "converges"), ("odd", "even"),
              ("never", "always"))
_LETTER = re.compile(r"^(?:\\text(?:bf)?\{)?\s*\(?([A-E])\)?\s*\}?$")


def _free_digits(value: str) -> list[int]:
    """Where each number written in ``value`` outside subscripts and text (units) starts."""
    blocked = [False] * len(value)
    for m in re.finditer(r"_\{|\\(?:text|mathrm|operatorname|mbox|textbf)\s*\{", value):
        end = _balanced(value, m.end() - 1)
        for at in range(m.start(), (end if end >= 0 else len(value))):
            blocked[at] = True
    for m in re.finditer(r"_\d", value):
        blocked[m.start() + 1] = True
    return [m.start() for m in re.finditer(r"(?<![\d.])\d", value) if not blocked[m.start()]]


def changed_value(value: str, rng: random.Random, gold: str = "") -> str:
    """A value of the same kind as ``value`` that is not equal to it in any reading (Skip when none is made)."""
    start, end, replacement = edit(value, rng, gold)
    return value[:start] + replacement + value[end:]


def edit(value: str, rng: random.Random, gold: str = "") -> tuple[int, int, str]:
    """The piece of ``value`` to change, as (start, end, replacement): an option letter, a claim word, or a number
    as written (the one that is the ``gold`` when a sentence states it, else one chosen by ``rng``); ``+ 1`` after
    an expression without a free number."""
    letter = _LETTER.match(value.strip())
    if letter:
        at = value.index(letter.group(0)) + letter.start(1)
        return at, at + 1, "B" if letter.group(1) == "A" else chr(ord(letter.group(1)) - 1)
    words = value.lower()
    for one, other in _OPPOSITES:
        for this, that in ((one, other), (other, one)):
            found = re.search(rf"\b{this}\b", words)
            if found:
                return found.start(), found.end(), that if value[found.start()].islower() else that.capitalize()
    numbers = [(at, at + len(re.match(r"\d*(?:(?:,|\{,\})\d{3})*(?:\.\d+)?", value[at:]).group()))
               for at in _free_digits(value)]
    if numbers:
        stated = [span for span in numbers if _squash(value[span[0]:span[1]]) == _squash(gold)]
        start, end = stated[0] if stated else rng.choice(numbers)
        number = value[start:end]
        lead = next((i for i, ch in enumerate(number) if ch in "123456789"), len(number) - 1)
        digit = number[lead]
        moved = "1" if digit == "0" else "8" if digit == "9" else str(int(digit) + 1)
        return start, end, number[:lead] + moved + number[lead + 1:]
    if re.search(r"[A-Za-z\\]", value) and not re.search(r"\\text|,", value) and not _is_sentence(value):
        return len(value.rstrip()), len(value), " + 1"
    raise Skip("a value with no number, letter option or claim to change")


def _is_sentence(value: str) -> bool:
    return len(re.findall(r"\b[A-Za-z]{2,}\b", re.sub(r"\\[A-Za-z]+", "", value))) >= 3


def wrong_final(row: dict, rng: random.Random) -> str:
    """``row``'s response with its final commitment changed (family 1); Skip when that cannot be made cleanly."""
    text = row["prediction"]
    start, end, _ = final_commitment(text)
    value, before = text[start:end], _squash(text[:start])
    _check_is_gold(row, value)
    at, stop, replacement = edit(value, rng, row["answer"])
    new = value[:at] + replacement + value[stop:]
    if not any(_squash(said) in before for said in (value, row["answer"], value[at:stop]) if _squash(said)):
        raise Skip("neither the gold nor the value is stated before the commitment")
    _check_not_gold(row, new)
    return text[:start] + new + text[end:]


#: a hedge between the value ``a`` and a changed one ``b`` (``o`` the "or", ``e`` the "either", in words or in math)
HEDGES = ("{a}{o}{b}", "{b}{o}{a}", "{e}{a}{o}{b}")


def _in_math(before: str) -> bool:
    """Does the text ``before`` a place leave ``$`` or ``\\(`` math open?"""
    return before.count("$") % 2 == 1 or before.count("\\(") > before.count("\\)")


def hedge(row: dict, rng: random.Random, phrasing: int) -> str:
    """``row``'s response with its final commitment replaced by a hedge (family 3): the whole value, or in a sentence
    the number (or word) that answers; Skip for a value of several elements."""
    text = row["prediction"]
    start, end, kind = final_commitment(text)
    value = text[start:end]
    if re.search(r",(?!\d{3}\b)|\\pm|\bor\b|\band\b", value):
        raise Skip("a value of several elements (a hedge would read as a list)")
    _check_is_gold(row, value)
    at, stop, replacement = edit(value, rng, row["answer"])
    new = value[:at] + replacement + value[stop:]
    _check_not_gold(row, new)
    if kind != "box" and _is_sentence(value):  # in a sentence, the number (or word) that answers
        start, end, value, new = start + at, start + stop, value[at:stop], replacement
    currency = "$" in text and not re.search(r"\$(?![\d<])", text)  # every "$" a currency sign, none math
    if currency and text[start - 1:start] == "$":
        start, value, new = start - 1, "$" + value, "$" + new
    line_start = text.rfind("\n", 0, start) + 1
    math = kind == "box" or (not currency and _in_math(text[line_start:start]))
    o, e = (" \\text{ or } ", "\\text{either } ") if math else (" or ", "either ")
    hedged = HEDGES[phrasing].format(a=value.strip(), b=new.strip(), o=o, e=e)
    if kind == "json" and text[start - 1:start] != '"':
        hedged = f'"{hedged}"'  # a JSON number becomes a string: the reply stays JSON
    return text[:start] + hedged + text[end:]


def _check_is_gold(row: dict, value: str) -> None:
    """Skip a row whose closing value is not the gold on its own: the response's answer is elsewhere (a degenerate
    continuation, an invented example after it), so changing this value is not changing its commitment."""
    if not any(accepts(row, "olympiad", form.format(value)) for form in ("The final answer is $\\boxed{{{}}}$.",
                                                                         "The final answer is {}.")):
        raise Skip("the closing value is not the gold (the answer is read elsewhere)")


def _check_not_gold(row: dict, new: str) -> None:
    """Skip a changed value that the scorer reads as the gold on its own (counted apart: a comparison to look at)."""
    if accepts(row, "olympiad", f"The final answer is $\\boxed{{{new}}}$."):
        raise Skip("the changed value alone is read as the gold")


# ---- family 2: the gold as a musing in a wrong row -----------------------------------------------------------------

MUSINGS: dict[str, str] = {
    "guess": "Maybe the answer is {g}? Let me check. No, that fails.",
    "hypothetical": "If n were even the answer would be {g}.",
    "slip": "At first I got {g}, but that was a slip.",
    "negation": "The answer is not {g}, since that value breaks the second condition.",
    "failed-check": "Let me test {g}: substituting it gives a contradiction, so {g} is out.",
    "other-reading": "Had the question asked for the other quantity, we would answer {g}.",
    "taken-back-box": "So the answer is \\boxed{{{b}}}.\n\nWait, that's not right. Let me redo this.",
    "taken-back-heading": "**Final Answer**\n\\boxed{{{b}}}\n\nHold on, let me go through this again more carefully.",
}


def gold_musing(row: dict, rng: random.Random, family: str) -> str:
    """``row``'s response with a musing of ``family`` naming the gold inserted mid-trace, before its closing: at a
    paragraph or line break (tests/unit/test_trace_robustness.py's places), else, in a reply of one paragraph, at a
    sentence end outside math; inside a JSON reply's string, on one line with its backslashes escaped."""
    text, gold = row["prediction"], row["answer"].strip()
    try:
        start, end, kind = final_commitment(text)
    except Skip:
        start, end, kind = len(text), len(text), ""
    currency_only = "$" in text and not re.search(r"\$(?![\d<])", text)
    plain = currency_only or gold.startswith("\\text{") or not re.search(r"[\\^_{]", gold)
    musing = MUSINGS[family].format(g=gold if plain else f"${gold}$", b=gold)
    at = None if kind == "json" else insertion_point(text[:start], rng, text[start:end].strip())
    if at is not None:
        return text[:at] + musing + "\n\n" + text[at:]
    at = sentence_end(text[:start], rng)
    if at is None:
        raise Skip("no paragraph break or sentence end in the middle before the closing")
    if kind == "json":
        musing = musing.replace("\\", "\\\\").replace("\n\n", " ")
    return text[:at] + musing + " " + text[at:]


def sentence_end(text: str, rng: random.Random) -> int | None:
    """A place after a sentence's end (a full stop, then a capital) in the middle half of ``text``, outside ``$``
    math, nearest the middle (one of the three nearest, by ``rng``); None when there is none."""
    lo, hi = len(text) // 4, (3 * len(text)) // 4
    places = [m.end() for m in re.finditer(r"(?<=[a-z0-9)][.!?]) (?=[A-Z])", text)
              if lo <= m.end() <= hi and text[:m.end()].count("$") % 2 == 0]
    places.sort(key=lambda place: abs(place - len(text) // 2))
    return rng.choice(places[:3]) if places else None


# ---- the plan: which mutation each row gets --------------------------------------------------------------------

CORRECT_FAMILIES = ("wrong-final", "hedge")


def mutation(row: dict, family: str, phrasing: int, seed: int = SEED) -> str:
    """The mutated response (Skip when it cannot be made cleanly); checked to differ from the original."""
    rng = random.Random(f"{seed}:{row['id']}:{family}:{phrasing}")
    if family == "wrong-final":
        text = wrong_final(row, rng)
    elif family == "hedge":
        text = hedge(row, rng, phrasing)
    else:
        text = gold_musing(row, rng, family)
    assert text != row["prediction"]
    return text


def phrasings(family: str) -> int:
    return {"wrong-final": 1, "hedge": len(HEDGES)}.get(family, 1)


def load_rows() -> dict[tuple[str, str], list[dict]]:
    """The rows of each (corpus, split) read here, with the scorers that accept each one as it is."""
    out = {}
    for name, split in SPLITS:
        rows = [row for row in load_or_skip(name) if row["split"] == split]
        for row in rows:
            row["accepted_by"] = {benchmark for benchmark in SCORERS if accepts(row, benchmark)}
        out[(name, split)] = rows
    return out


def plan(rows: list[dict], thorough: bool, seed: int = SEED):
    """(row, family, phrasing) triples: the full sweep, or one family and phrasing per row under ``seed``."""
    for i, row in enumerate(rows):
        families = CORRECT_FAMILIES if row["label"] else tuple(MUSINGS)
        if thorough:
            for family in families:
                for phrasing in range(phrasings(family)):
                    yield row, family, phrasing
        else:
            family = families[(i + seed) % len(families)]
            yield row, family, (i // len(families) + seed) % phrasings(family)


def sweep(rows_by_split, thorough: bool):
    """Per (corpus, split, family): mutated rows, skipped rows by reason, and the wrong-way verdicts as
    (row id, family, phrasing, scorer)."""
    mutated, skipped, wrong_way = Counter(), Counter(), []
    for (name, split), rows in rows_by_split.items():
        for row, family, phrasing in plan(rows, thorough):
            scorers = [b for b in SCORERS if b in row["accepted_by"]] if row["label"] else \
                [b for b in SCORERS if b not in row["accepted_by"]]
            if not scorers:
                continue
            try:
                text = mutation(row, family, phrasing)
            except Skip as why:
                skipped[(name, split, family, str(why))] += 1
                continue
            mutated[(name, split, family)] += 1
            for benchmark in scorers:
                if accepts(row, benchmark, text):
                    wrong_way.append((row["id"], family, phrasing, benchmark))
    return mutated, skipped, wrong_way


_CUT_OFF = ("a looping trace cut off mid-number ('p = sqrt(4,0'), each of its 'I think the correct answer is p = 64' "
            "taken back by the next sentence ('Wait, but in the initial solution ...'): the musing inserted between "
            "one of them and its retraction leaves that answer line standing (a guess after an answer does not take "
            "it back), and an answer line stated before a cut-off counts; the row is wrong only for being cut off, "
            "which no reading of the closing commitment decides")

#: wrong-way verdicts of the full sweep: (row id, family) -> what was read and why. Every phrasing of that family on
#: that row, under both scorers, runs as a strict xfail (test_known_wrong_way_verdicts). On main's reader at f389594
#: there were 57 (18 hedges with the gold last, 29 musings mid-line in one-line replies, a bare '####' line, an echo
#: of the question, the cut-off trace below); the closing-commitment readings (docs/profiles-math.md) fixed 53
KNOWN: dict[tuple[str, str], str] = {
    **{("tm-0144", family): _CUT_OFF for family in ("guess", "hypothetical", "slip", "other-reading")},
}


@pytest.fixture(scope="module")
def rows_by_split():
    return load_rows()


def test_only_the_named_splits_are_read(rows_by_split):
    assert {(name, split) for name, split in rows_by_split} == set(SPLITS)
    assert all(row["split"] == split for (_, split), rows in rows_by_split.items() for row in rows)


def test_mutations_edit_only_the_final_commitment(rows_by_split):
    """The harness itself: a wrong final and a hedge change the text only inside the closing value, and most rows
    of each corpus get a wrong final."""
    made = Counter()
    for (name, split), rows in rows_by_split.items():
        correct = [row for row in rows if row["label"] and row["accepted_by"]][:80]
        for row, family in [(row, family) for row in correct for family in CORRECT_FAMILIES]:
            try:
                text = mutation(row, family, 0)
            except Skip:
                continue
            made[name] += family == "wrong-final"
            original = row["prediction"]
            prefix = len(os.path.commonprefix([original, text]))
            suffix = len(os.path.commonprefix([original[::-1], text[::-1]]))
            start, end, _ = final_commitment(original)
            # the edit lies inside the value (a currency sign or a JSON string's quotes next to it may join it)
            assert start - 1 <= prefix and len(original) - suffix <= end + 1, (row["id"], family)
    assert all(made[name] >= 20 for name in ("real_math", "reason_math", "trace_math")), made


def test_a_changed_value_is_another_value_of_its_kind():
    rng = random.Random(0)
    assert changed_value("18", rng) == "28"
    assert changed_value("0.375", rng) == "0.475"
    assert changed_value("58,500", rng) == "68,500"
    assert changed_value("9", rng) == "8"
    assert changed_value("\\text{(C)}", rng) == "\\text{(B)}"
    assert changed_value("Yes", rng) == "No"
    assert changed_value("does not exist", rng) == "exists"
    assert changed_value("x_1 = \\pi", rng) == "x_1 = \\pi + 1"  # a subscript is not a value
    assert changed_value("6.6 \\, \\text{GeV}", rng) == "7.6 \\, \\text{GeV}"
    with pytest.raises(Skip):
        changed_value("\\text{singlet state}", rng)


def _wrong_way(rows_by_split, thorough: bool):
    mutated, skipped, wrong_way = sweep(rows_by_split, thorough)
    lines = [f"{name}/{split} {family}: {count} mutated" for (name, split, family), count in sorted(mutated.items())]
    lines += [f"  skipped {name}/{split} {family}: {count} {why}"
              for (name, split, family, why), count in sorted(skipped.items())]
    print("\n".join(lines))
    return [key for key in wrong_way if key[:2] not in KNOWN], mutated


def test_gold_along_the_way_is_not_accepted_sample(rows_by_split):
    wrong_way, mutated = _wrong_way(rows_by_split, thorough=False)
    assert sum(mutated.values()) > 500
    assert wrong_way == []


@pytest.mark.skipif(not os.environ.get("ANSWERBENCH_THOROUGH"), reason="the full sweep: ANSWERBENCH_THOROUGH=1")
def test_gold_along_the_way_is_not_accepted_full_sweep(rows_by_split):
    wrong_way, _ = _wrong_way(rows_by_split, thorough=True)
    assert wrong_way == []


@pytest.mark.parametrize("key", [pytest.param(key, marks=pytest.mark.xfail(strict=True, reason=why), id="-".join(key))
                                 for key, why in KNOWN.items()])
def test_known_wrong_way_verdicts(rows_by_split, key):
    """Each known wrong-way verdict, every phrasing and both scorers: the row must be wrong (fails today)."""
    row_id, family = key
    row = next(row for rows in rows_by_split.values() for row in rows if row["id"] == row_id)
    scorers = [b for b in SCORERS if (b in row["accepted_by"]) == row["label"]]
    assert scorers
    accepted = [(phrasing, benchmark) for phrasing in range(phrasings(family)) for benchmark in scorers
                if accepts(row, benchmark, mutation(row, family, phrasing))]
    assert accepted == []
