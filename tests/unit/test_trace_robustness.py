"""The final commitment wins, on real rows: musings put in the middle of a real trace change no verdict.

Every dev row of the real-response maths corpora (``real_math`` and ``reason_math``, read from
``$ANSWERBENCH_CORPORA`` as tools/eval_real_corpus.py reads them; skipped when absent) that is labelled correct and
that olympiad/default accepts gets a musing inserted at a paragraph break in the middle of its trace (outside any
displayed formula, before the answer the response closes with). Each musing states a value different from the
gold, in one of the families below (the grading conventions: what is said along the way commits to nothing), so a reader
that takes it for the answer turns the row wrong. A wrong row cannot be turned right by a value that is not its
gold, so wrong rows are not mutated.

CI cost: one family per row under a fixed seed (row i gets family (i + seed) mod 11, one phrasing), about one
scoring per correct dev row. ``ANSWERBENCH_THOROUGH=1`` runs the full sweep: every family on every row for seeds
0, 1 and 2.

Measured before the principle (the version 9 locator, this harness): 1,106 of 10,344 mutations changed a verdict in the
full sweep, 35/314, 28/314 and 31/309 in the sample for seeds 0, 1, 2; after: 0 in the sample, and in the full sweep
only the row listed in ``KNOWN`` (docs/profiles-math.md, the final commitment).
"""

from __future__ import annotations

import importlib.util
import os
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"


def _tool(name: str):
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- the musings: each family's phrasings, {v} the value (not the gold), {asked} the row's question -------------------

FAMILIES: dict[str, tuple[str, ...]] = {
    "hypothetical": ("If the question asked for the sum of the digits instead, the answer would be {v}.",
                     "Hmm, if the problem had said three instead of two, the answer would be ${v}$.",
                     "Let's say the answer is {v} and see whether that fits."),
    "supposition": ("Suppose the answer is {v}. Then the next step should give a contradiction.",
                    "Assuming the answer is ${v}$, we would need the remaining case to vanish.",
                    "If we assume $x = {v}$, the equation does not balance, so that case is out."),
    "form": ("The answer should be a single number, not a list like {v}, {v}.",
             "The answer should be an integer, so a value such as ${v}.5$ is ruled out.",
             "The answer is an integer."),
    "check": ("Let me check whether the answer is {v}. Plugging it in gives a mismatch, so it is not {v}.",
              "Sanity check: could the answer be ${v}$? No, that is too large.",
              "To verify, let's test the value {v}: it fails the condition."),
    "partial": ("So far, the answer is {v}, but we still need the other case.",
                "The running total at this point is ${v}$.",
                "Partial result: the first part gives {v}."),
    "given": ("Restating the givens: we are told that $n = {v}$ is not allowed.",
              "Given: the first quantity is {v} units.",
              "Recall that the problem gives a bound of {v}."),
    "taken-back": ("So the answer is $\\boxed{{{v}}}$.\n\nWait, that's not right. I misread the question.",
                   "Therefore the answer is \\boxed{{{v}}}. Hmm, that's not right; let me redo the computation.",
                   "The answer is {v}.\n\nWait, I made an error in the previous step."),
    "final-heading": ("**Final Answer**\n\\boxed{{{v}}}\n\nHold on, let me go through this again more carefully.",
                      "Final Answer: {v}\n\nActually, let me reconsider the setup."),
    "restated-question": ("So the answer is {v}.\n\nQuestion: {asked}\n\nLet me re-read this and solve it again carefully.",
                          "So the answer is ${v}$? Let me re-read the problem.\n\nProblem: {asked}"),
    "guess": ("If I had forgotten the factor of two, I would have gotten {v}.",
              "Maybe the answer is {v}? No, that ignores the second case."),
    # structural (see mutate): the row wrapped in, or its block closed by, a <think> block concluding {v}
    "think-conclusion": ("\n\nSo the answer is $\\boxed{{{v}}}$.\n",),
}
NAMES = sorted(FAMILIES)


def other_value(gold: str, rng: random.Random) -> str:
    """A value the gold is not: the gold plus 1..9 when it is an integer, else a large prime plus 1..9."""
    plain = re.sub(r"[\s${}]|\\[,!;]", "", gold)
    offset = rng.randint(1, 9)
    if re.fullmatch(r"-?\d{1,12}", plain):
        return str(int(plain) + offset)
    return str(9973 + offset)


def _inside_math(text: str) -> bool:
    """Does ``text`` (the text before a place) leave a displayed formula, an environment or a fence open?"""
    return (text.count("$$") % 2 == 1 or text.count("\\[") > text.count("\\]")
            or text.count("\\begin{") > text.count("\\end{") or text.count("```") % 2 == 1
            or text.replace("$$", "").replace("\\$", "").count("$") % 2 == 1)


_NEXT_TURN = re.compile(r"^\s*(?:User|Human)\s*:|<\|", re.M)
_CLOSING = re.compile(r"\\boxed|\*\*\s*final\s+answer|final\s+answer|the\s+answer\s+is|answer\s*:|</think>", re.I)


def insertion_point(text: str, rng: random.Random, answer: str = "") -> int | None:
    """A paragraph break (else a line break) in the middle of ``text``'s trace, outside math and before both its
    first closing phrase and the first mention of ``answer`` (the answer read from it) past the first quarter; None
    when there is none (the answer stated only early: the rest may be an invented next exercise)."""
    lo, hi = len(text) // 4, (3 * len(text)) // 4
    closing = [m.start() for m in _CLOSING.finditer(text) if m.start() > lo]
    hi = min([hi] + closing[:1])
    if answer and answer in text:
        mention = text.find(answer, lo)
        if mention < 0:
            return None
        hi = min(hi, mention)
    for sep in ("\n\n", "\n"):
        places = [m.end() for m in re.finditer(re.escape(sep), text) if lo <= m.end() <= hi]
        places = [p for p in places if not _inside_math(text[:p])]
        if places:
            middle = len(text) // 2
            places.sort(key=lambda p: abs(p - middle))
            return rng.choice(places[:3])
    return None


def mutate(row: dict, family: str, seed: int) -> str | None:
    """``row``'s prediction with one musing of ``family`` (seeded) inserted mid-trace, or None when it has no place."""
    rng = random.Random(f"{seed}:{row['id']}:{family}")
    text, value = row["prediction"], other_value(row["answer"], rng)
    found = _closing_read(row)
    answer = re.sub(r"^\\?\$|\$$", "", found.answers[-1]).strip() if found else ""
    dollars = "$" in text and not re.search(r"\$(?![\d<])", text)  # every $ a currency: musings write no math
    if family == "think-conclusion":
        conclusion = _plain(FAMILIES[family][0].format(v=value), dollars)
        if found is None or found.method.startswith("json") or text.count("think>") > 2:
            return None  # a block in a JSON string, or several blocks (samples concatenated): no one block to close
        end = text.find("</think>")
        if end >= 0:
            after = text[end + 8:]
            if not after.strip() or _NEXT_TURN.search(after):
                return None  # nothing after the block, or only a chat template's next turn: the block's own counts
            return text[:end].rstrip() + conclusion + text[end:]
        if "<think>" in text:
            return None
        at = insertion_point(text, rng, answer)
        if at is None or _NEXT_TURN.search(text, at):
            return None  # a chat template's next turn after the block would leave nothing after it
        return "<think>\n" + text[:at] + conclusion + "</think>\n\n" + text[at:]
    if family == "final-heading" and (found.method if found else None) not in ("boxed", "answer-line", "answer-tag"):
        return None  # a heading mid-way outranks a closing sentence in prose only when taken back: not this family
    at = insertion_point(text, rng, answer)
    if at is None:
        return None
    asked = " ".join((row.get("question") or "Find the requested value.").split())[:300]
    musing = _plain(rng.choice(FAMILIES[family]).format(v=value, asked=asked), dollars)
    return text[:at] + musing + "\n\n" + text[at:]


def _plain(musing: str, dollars: bool) -> str:
    """``musing`` without math delimiters in a text whose every ``$`` is a currency (a math ``$`` would change how
    the whole text is read: not what this harness measures)."""
    return musing.replace("$", "") if dollars else musing


def _closing_read(row: dict):
    from pytest_answerbench.maths import final_answer

    return final_answer(row["prediction"], question=row.get("question"))


# ---- the rows ----------------------------------------------------------------------------------------------------

def correct_rows() -> list[dict]:
    """The dev rows of both maths corpora labelled correct and accepted by olympiad/default."""
    real_corpus = _tool("real_corpus")
    accepts = _tool("eval_real_corpus")._olympiad("default")
    rows = []
    for name in ("real_math", "reason_math"):
        try:
            loaded = real_corpus.load(name)
        except FileNotFoundError:
            pytest.skip(real_corpus.MISSING)
        rows += [row for row in loaded if row["split"] == "dev" and row["label"] and accepts(row)]
    return rows


#: mutations whose verdict changes for a reason other than a musing read as the answer: row id -> why
KNOWN = {
    "rm-0230": "the restated question lengthens the reply past the closing rule's length for a long derivation, and "
               "its last line is a bare step ('200 - 100 = 100 pounds of laundry'): read as cut off (maths/prose.py)",
}


def changed_verdicts(rows: list[dict], plan) -> list[tuple[str, str, int]]:
    """(row id, family, seed) of every mutation in ``plan`` (rows -> (row, family, seed) triples) that
    olympiad/default no longer accepts."""
    accepts = _tool("eval_real_corpus")._olympiad("default")
    changed = []
    for row, family, seed in plan(rows):
        mutated = mutate(row, family, seed)
        if mutated is not None and row["id"] not in KNOWN and not accepts({**row, "prediction": mutated}):
            changed.append((row["id"], family, seed))
    return changed


def sample_plan(seed: int):
    """One family per row: row i gets family (i + seed) mod the number of families."""
    return lambda rows: [(row, NAMES[(i + seed) % len(NAMES)], seed) for i, row in enumerate(rows)]


def full_plan(seeds=(0, 1, 2)):
    return lambda rows: [(row, family, seed) for seed in seeds for row in rows for family in NAMES]


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return correct_rows()


def test_every_family_has_a_value_other_than_the_gold_and_a_place(rows):
    """The harness itself: each family's musing states no gold and finds a place in most rows."""
    placed = {family: 0 for family in NAMES}
    for row in rows[:60]:
        for family in NAMES:
            mutated = mutate(row, family, 0)
            if mutated is not None:
                placed[family] += 1
                assert mutated != row["prediction"]
                assert len(mutated) > len(row["prediction"])
    assert all(count >= 10 for count in placed.values()), placed


@pytest.mark.parametrize("seed", [0])
def test_musings_mid_trace_change_no_verdict(rows, seed):
    changed = changed_verdicts(rows, sample_plan(seed))
    assert changed == []


@pytest.mark.skipif(not os.environ.get("ANSWERBENCH_THOROUGH"), reason="the full sweep: ANSWERBENCH_THOROUGH=1")
def test_musings_mid_trace_change_no_verdict_full_sweep(rows):
    changed = changed_verdicts(rows, full_plan())
    assert changed == []
