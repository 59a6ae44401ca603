"""The final commitment wins, on real multiple-choice replies: a changed final letter is read, a musing naming
another letter mid-reply is not, and a closing hedge or refusal commits to nothing.

Every reply of the real-reply choice corpora (``real_choice``, ``reason_choice`` and ``trace_choice``, read from
``$ANSWERBENCH_CORPORA`` as tools/eval_real_choice.py reads them; skipped when absent), of the ``dev`` and
``heldout`` splits only (never a ``fresh`` split: those are measures kept for once), whose hand label is a letter L
that ``infer_choice`` reads as L, is mutated in three ways (docs/profiles-mc.md, "The final commitment, mutated"):

1. ``changed-final``: the letter of the reply's last answer statement (a box, "Answer: X", "**(X)**", a leading
   or sole label ...) becomes another option's letter M, and L's option text in that statement becomes M's; the
   reader must read M, and vmcbench_dev/default's verdict against the gold must follow.
2. a musing naming M at a paragraph break before the final statement (families in ``MUSINGS``): still L.
3. a closing hedge or refusal (families in ``CLOSINGS``): appended after the reply, or replacing its final
   statement; no letter.

Mutations edit only what they must and are checked (the text changed where it should and only there); a reply a
family cannot be applied to cleanly is skipped and counted. CI cost: under seed 0, one family per reply (chosen by
a CRC-32 of its id, so the same whatever else is loaded), about 7 s here. ``ANSWERBENCH_THOROUGH=1`` runs every
family on every reply (about 65 s). Readings the reader gets wrong are listed in ``KNOWN`` with the reason (strict
xfails, so a fix shows); a wrong reading not listed there fails the test. Measured on the reader of main f389594
(full sweep, 7,892 edited replies): changed final letter 10 wrong of 918, musings 3 of 3,090, closing hedges 699 of
1,942, closing refusals 1,234 of 1,942; with the closing-statement rules (``choice/closing.py`` and the
final statement over an earlier box, a closing "(M) text", someone else's guess): 1, 0, 2 and 43.
"""

from __future__ import annotations

import os
import random
import re
import sys
import zlib
from collections import Counter
from pathlib import Path

import pytest

from pytest_answerbench import score_row
from pytest_answerbench.choice import infer_choice

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import real_corpus  # noqa: E402  (tools/)

CORPORA = ("real_choice", "reason_choice", "trace_choice")
SPLITS = ("dev", "heldout")
BENCH_LETTERS = frozenset("ABCDEFGHIJ")  # the option columns vmcbench_dev reads


# ---- the reply's final statement ---------------------------------------------------------------------------------

def _letter_token(letter: str) -> re.Pattern:
    """``letter`` as an option label: a capital standing alone (not inside a word, not an article or pronoun)."""
    article = r"(?! [a-z])" if letter in "AI" else ""
    return re.compile(rf"(?<![A-Za-z0-9_'’\\]){letter}(?![A-Za-z0-9_'’]){article}")


#: the forms a statement of an answer letter takes around its letter (the letter's place is group ``at``)
_STATED = re.compile(
    r"(?:\\boxed\{|\*\*|\[\[?|<answer>|\(|（|:\s*|：\s*|\bis\s+|\bare\s+|\bchoose\s+|\bpick\s+|\boption\s+|"
    r"\bchoice\s+|选\s*|是\s*|^\s*)"
    r"[\s(*]*(?P<at>[A-Z])(?![A-Za-z0-9_'’])", re.M | re.I)


def _option_text(options: dict, letter: str) -> str:
    """``letter``'s option text without the closing punctuation some corpora keep ("20 RPM clockwise,")."""
    return str(options[letter]).strip().rstrip(",;.").strip()


def final_statement(text: str, letter: str, options: dict) -> tuple[int, tuple[int, int] | None] | None:
    """Where the letter ``letter`` of ``text``'s last answer statement is, and where the copy of its option text
    after it on its line is (None when the letter stands alone); None when no one final statement can be edited
    cleanly: the last stated option letter is another, or ``letter`` comes again after it, or its line states
    another option's letter (an option list), or the line goes on after the letter with other words, or the
    option's text comes again after the line (the reply closes on the text, not the letter)."""
    stated = [m.start("at") for m in _STATED.finditer(text) if m.group("at") in options
              and _letter_token(m.group("at")).match(text, m.start("at"))]
    if not stated or text[stated[-1]] != letter:
        return None
    at = stated[-1]
    if _letter_token(letter).search(text, at + 1):
        return None  # the letter again after its last statement (a mention in prose): no one place to edit
    line_start, line_end = _line_bounds(text, at)
    if any(line_start <= place < at for place in stated[:-1]):
        return None  # another option's letter stated on its line (an option list, a letter ruled out): not one answer
    own = _option_text(options, letter)
    after = text[at + 1:line_end]
    copy = None
    if own:
        found = re.match(rf"([\s)\]}}*.:,\-]*)({_loose(own)})(?!\w)", after, re.I)
        if found:
            copy = (at + 1 + found.start(2), at + 1 + found.end(2))
            after = after[found.end():]
    if not re.fullmatch(r"[\s)\]}*.:;,!$）。\\]*(?:</answer>|<eoa>|</s>)?[\s.]*", after):
        return None  # the statement goes on in words after its letter: not only a letter to change
    if own and re.search(rf"(?<!\w){_loose(own)}(?!\w)", text[line_end:], re.I):
        return None  # the option's text comes again after the statement
    return at, copy


def _loose(option_text: str) -> str:
    """A pattern for ``option_text`` whatever its spacing (``50 %`` = ``50%``)."""
    return r"\s*".join(re.escape(part) for part in option_text.split())


def _line_bounds(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end


def _sentence_bounds(text: str, at: int) -> tuple[int, int]:
    """The sentence holding ``at``: from after the last sentence end or line break before it to the line's end."""
    line_start, line_end = _line_bounds(text, at)
    ends = [m.end() for m in re.finditer(r"[.!?。]\s+|" + _TURN, text[line_start:at])]
    return line_start + (ends[-1] if ends else 0), line_end


#: a chat template's opening of the model's turn (kept when the statement after it is replaced)
_TURN = (r"(?:ASSISTANT|Assistant|GPT|### Response)\s*:\s*|\[/INST\]\s*|<\|im_start\|>\s*assistant\s*"
         r"|<start_of_turn>model\s*")


def change_final(text: str, letter: str, other: str, options: dict) -> str | None:
    """``text`` with its final statement's ``letter`` made ``other`` (and the copy of ``letter``'s option text
    after it made ``other``'s), or None when there is no one final statement to edit cleanly."""
    found = final_statement(text, letter, options)
    if found is None:
        return None
    at, copy = found
    if copy is None:
        return text[:at] + other + text[at + 1:]
    return text[:at] + other + text[at + 1:copy[0]] + _option_text(options, other) + text[copy[1]:]


# ---- the mutations -----------------------------------------------------------------------------------------------

#: musings naming another letter {m} (and its text {mt}), inserted at a paragraph break before the final statement
MUSINGS: dict[str, tuple[str, ...]] = {
    "asked-and-denied": ("Could it be ({m})? No.", "Is the answer {m}? No, that does not fit the figure."),
    "first-pick": ("At first I picked {m}, but that misreads the question.",
                   "My first thought was option {m}, but let me look again."),
    "counterfactual": ("If the chart were reversed, {m} would be right.",
                       "Had the question asked for the opposite, the answer would be ({m})."),
    "ruled-out": ("Option {m} is wrong: it does not match what is shown.", "We can rule out ({m}) {mt}."),
    "someone-else": ("Many people would choose {m} here, but that is a trap.",
                     "Someone guessing quickly might say ({m}), which overlooks the details."),
}

#: closing hedges and refusals ({l} the reply's letter, {m} another); "append" families follow the reply,
#: "replace" families take the place of its final statement's line
CLOSINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "hedge-appended": ("append", ("So it is either {l} or {m}.", "Hmm, or is it ({m})? I'm not sure.",
                                  "It could be ({l}) or ({m}); I cannot tell which.")),
    "hedge-final": ("replace", ("So the answer is either ({l}) or ({m}).", "Answer: {l} or {m}",
                                "The answer is between {l} and {m}.")),
    "refusal-final": ("replace", ("I cannot determine the answer from the image.",
                                  "I'm sorry, but I can't answer this question.",
                                  "There is not enough information to choose an answer.")),
    "refusal-retracts": ("append", ("On second thought, I cannot determine the answer from the image.",
                                    "Actually, I can't tell which option is correct from the information given.")),
}

FAMILIES = ("changed-final", *MUSINGS, *CLOSINGS)


def _inside_block(text: str) -> bool:
    """Does ``text`` (what comes before a place) leave a formula or a fence open?"""
    return (text.count("$$") % 2 == 1 or text.count("\\[") > text.count("\\]") or text.count("```") % 2 == 1
            or text.count("\\begin{") > text.count("\\end{"))


def musing_place(text: str, before: int, rng: random.Random) -> int | None:
    """A paragraph break (else a line break) between a quarter of ``text`` and ``before`` (the final statement's
    line), nearest the middle, outside formulas and fences; None when there is none."""
    lo = len(text) // 4
    for sep in ("\n\n", "\n"):
        places = [m.end() for m in re.finditer(re.escape(sep), text) if lo <= m.end() <= before]
        places = [p for p in places if not _inside_block(text[:p]) and text[p:p + 1].strip()
                  and re.search(r"[.!?。)\d]\s*$", text[:p])]  # after a finished sentence, not a lead-in ("is:")
        if places:
            places.sort(key=lambda p: abs(p - len(text) // 2))
            return rng.choice(places[:3])
    return None


def other_letter(row: dict, rng: random.Random) -> str:
    return rng.choice(sorted(set(row["options"]) - {row["label"]}))


def mutate(row: dict, family: str, seed: int) -> tuple[str, str | None] | None:
    """``row``'s reply mutated by ``family`` (seeded) and the letter a careful reader reads in it, or None when the
    mutation cannot be made cleanly."""
    rng = random.Random(f"{seed}:{row['id']}:{family}")
    text, letter, options = row["response"], row["label"], row["options"]
    other = other_letter(row, rng)
    if family == "changed-final":
        changed = change_final(text, letter, other, options)
        return None if changed is None else (changed, other)
    span = final_statement(text, letter, options)
    if family in MUSINGS:
        if span is None:
            return None
        at = musing_place(text, _line_bounds(text, span[0])[0], rng)
        if at is None:
            return None
        musing = rng.choice(MUSINGS[family]).format(m=other, mt=_option_text(options, other))
        return text[:at] + musing + "\n\n" + text[at:], letter
    how, phrasings = CLOSINGS[family]
    closing = rng.choice(phrasings).format(l=letter, m=other)
    if how == "append":
        return text.rstrip() + "\n\n" + closing, None
    if span is None:
        return None
    start, end = _sentence_bounds(text, span[0])
    if text[end:].strip():
        return None  # the final statement is not the reply's last line: replacing it leaves a reply that goes on
    return text[:start] + closing, None


# ---- the rows ----------------------------------------------------------------------------------------------------

def load_rows() -> list[dict]:
    """The dev and held-out replies of the three corpora labelled with a letter the reader reads."""
    rows = []
    for name in CORPORA:
        try:
            loaded = real_corpus.load(name)
        except FileNotFoundError:
            pytest.skip(real_corpus.MISSING)
        for row in loaded:
            if row["split"] in SPLITS and row["label"] and infer_choice(row["response"], row["options"]).letter == \
                    row["label"]:
                rows.append(dict(row, corpus=name))
    return rows


def verdict(row: dict, text: str):
    fields = {"prediction": text, "answer": row["gold"], "category": "x", "index": row["id"]}
    fields.update(row["options"])
    return score_row("vmcbench_dev", fields, profile="default")


def run(rows: list[dict], plan) -> tuple[Counter, list[tuple]]:
    """Counts keyed by (corpus, family, outcome) and the wrong readings (id, family, seed, read, expected, method)."""
    counts: Counter = Counter()
    wrong = []
    for row, family, seed in plan(rows):
        made = mutate(row, family, seed)
        if made is None:
            counts[(row["corpus"], family, "skipped")] += 1
            continue
        mutated, want = made
        assert mutated != row["response"], (row["id"], family)
        got = infer_choice(mutated, row["options"])
        counts[(row["corpus"], family, "mutated")] += 1
        fine = got.letter == want
        if fine and set(row["options"]) <= BENCH_LETTERS:
            fine = verdict(row, mutated).correct == (want == row["gold"])
        if not fine:
            counts[(row["corpus"], family, "wrong")] += 1
            wrong.append((row["id"], family, seed, got.letter, want, got.method))
    return counts, wrong


def sample_plan(seed: int = 0):
    """One family per reply, chosen by a hash of its id (the same reply gets the same family whatever else loads)."""
    return lambda rows: [(row, FAMILIES[(zlib.crc32(row["id"].encode()) + seed) % len(FAMILIES)], seed)
                         for row in rows]


def full_plan(seed: int = 0):
    """Every family on every reply."""
    return lambda rows: [(row, family, seed) for row in rows for family in FAMILIES]


# ---- what the reader reads wrong (measured with this harness, full sweep, seed 0; docs/profiles-mc.md) ----------

REASONS = {
    "undetermined-option": "an option says the answer cannot be determined ('Cannot be determined', 'Impossible to "
                           "tell', 'There is not enough information ...'), so a closing 'I cannot determine the "
                           "answer' chooses it (docs/profiles-mc.md, rule 6: saying so chooses the option that "
                           "says exactly that), where the harness expects no letter",
    "new-question": "the reply ends on a question of its own ('... Select from A, B, C, and D. (A) 5 (B) 3 ...'), so "
                    "what is appended after it is read as part of that question and the value met before stands",
    "letter-texts": "the options' texts are their own letters (A: 'A' ... E: 'E'): the boxed E after the correction "
                    "cue 'Actually' is read as a self-correction past the closing refusal",
    "earlier-box": "an earlier box (\\boxed{D}) stands against a closing sentence naming another option only in "
                   "passing ('..., matching option A.'), which is no answer statement the reader reads",
}

_KNOWN_IDS: dict[tuple[str, str], str] = {
    ('changed-final', 'earlier-box'): (
        "rc2-0056"
    ),
    ('hedge-appended', 'new-question'): (
        "tc-0203 tc-0204"
    ),
    ('refusal-final', 'undetermined-option'): (
        "rc-0204 rc-0292 rc-0300 rc-0302 rc-0325 rc-0326 rc-0398 rc-0405 rc-0479 rc-0485 rc2-0292 rc2-0363 rc2-0387 "
        "tc-0101 tc-0155 tc-0171 tc-0212 tc-0235 tc-0240"
    ),
    ('refusal-retracts', 'letter-texts'): (
        "rc2-0388"
    ),
    ('refusal-retracts', 'new-question'): (
        "tc-0203 tc-0204"
    ),
    ('refusal-retracts', 'undetermined-option'): (
        "rc-0204 rc-0292 rc-0300 rc-0302 rc-0325 rc-0326 rc-0398 rc-0405 rc-0479 rc-0485 rc2-0292 rc2-0363 rc2-0387 "
        "tc-0101 tc-0155 tc-0171 tc-0212 tc-0222 tc-0235 tc-0240 tc-0244"
    ),
}


KNOWN: dict[tuple[str, str], str] = {(row_id, family): REASONS[code] for (family, code), ids in _KNOWN_IDS.items()
                                     for row_id in ids.split()}


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return load_rows()


@pytest.fixture(scope="module")
def by_id(rows) -> dict[str, dict]:
    return {row["id"]: row for row in rows}


def _table(counts: Counter) -> str:
    lines = [f"{'corpus':14} {'family':18} {'mutated':>7} {'skipped':>7} {'wrong':>5}"]
    for corpus in CORPORA:
        for family in FAMILIES:
            got = [counts[(corpus, family, what)] for what in ("mutated", "skipped", "wrong")]
            lines.append(f"{corpus:14} {family:18} {got[0]:>7} {got[1]:>7} {got[2]:>5}")
    return "\n".join(lines)


def test_mutations_edit_only_what_they_must(rows):
    """The harness itself: each family changes the reply only where it says, and finds a place in many replies."""
    placed = Counter()
    for row in rows[::7]:
        text, letter, options = row["response"], row["label"], row["options"]
        for family in FAMILIES:
            made = mutate(row, family, 0)
            if made is None:
                continue
            placed[family] += 1
            mutated, want = made
            if family == "changed-final":
                at, copy = final_statement(text, letter, options)
                assert mutated[:at] == text[:at] and mutated[at] == want != letter
                tail = text[copy[1]:] if copy else text[at + 1:]
                assert mutated.endswith(tail)
                if copy:
                    assert _option_text(options, want) in mutated[at:len(mutated) - len(tail)]
            elif family in MUSINGS:
                assert want == letter and len(mutated) > len(text)
                other = other_letter(row, random.Random(f"0:{row['id']}:{family}"))
                said = [phrase.format(m=other, mt=_option_text(options, other)) + "\n\n"
                        for phrase in MUSINGS[family]]
                musing = next(phrase for phrase in said if phrase in mutated)
                at = mutated.index(musing)
                assert mutated[:at] + mutated[at + len(musing):] == text
                assert re.search(rf"\b{other}\b", musing) and not _letter_token(letter).search(musing)
            else:
                assert want is None
                how = CLOSINGS[family][0]
                if how == "append":
                    assert mutated.startswith(text.rstrip())
                else:
                    start, _ = _sentence_bounds(text, final_statement(text, letter, options)[0])
                    assert mutated.startswith(text[:start]) and _letter_token(letter).search(text, start)
    assert all(placed[family] >= 5 for family in FAMILIES), placed


def _new_wrong(wrong: list[tuple]) -> list[tuple]:
    return [reading for reading in wrong if (reading[0], reading[1]) not in KNOWN]


def test_the_final_commitment_on_real_replies(rows):
    """A sample (one family per reply, seed 0): no wrong reading beyond ``KNOWN``."""
    counts, wrong = run(rows, sample_plan(0))
    print("\n" + _table(counts))
    assert sum(counts[key] for key in counts if key[2] == "mutated") > 500
    assert _new_wrong(wrong) == []


@pytest.mark.skipif(not os.environ.get("ANSWERBENCH_THOROUGH"), reason="the full sweep: ANSWERBENCH_THOROUGH=1")
def test_the_final_commitment_on_real_replies_full_sweep(rows):
    counts, wrong = run(rows, full_plan(0))
    print("\n" + _table(counts))
    assert _new_wrong(wrong) == []


def _known_cases() -> list:
    """``KNOWN`` as strict xfails: those of the sample's families, or all with ``ANSWERBENCH_THOROUGH``."""
    thorough = bool(os.environ.get("ANSWERBENCH_THOROUGH"))
    cases = []
    for (row_id, family), why in sorted(KNOWN.items()):
        if thorough or FAMILIES[zlib.crc32(row_id.encode()) % len(FAMILIES)] == family:
            cases.append(pytest.param(row_id, family, id=f"{row_id}-{family}",
                                      marks=pytest.mark.xfail(strict=True, raises=AssertionError, reason=why)))
    return cases


@pytest.mark.parametrize(("row_id", "family"), _known_cases())
def test_known_wrong_reading(by_id, row_id, family):
    if row_id not in by_id:
        pytest.skip(f"{row_id} is no longer read as its label unmutated: the sample and KNOWN need measuring again")
    row = by_id[row_id]
    mutated, want = mutate(row, family, 0)
    assert infer_choice(mutated, row["options"]).letter == want
    if set(row["options"]) <= BENCH_LETTERS:
        assert verdict(row, mutated).correct == (want == row["gold"])
