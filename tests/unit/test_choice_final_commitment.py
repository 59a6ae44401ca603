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
1,942, closing refusals 1,234 of 1,942.
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


# ---- what main's reader reads wrong (measured with this harness, seed 0; docs/profiles-mc.md) ---------------------

REASONS = {
    "closing-hedge": "a hedge closing the reply after its answer ('So it is either B or C.', 'Answer: B or C' after "
                     "an earlier box) does not take the answer back: the answer, the strongest commitment, stands",
    "closing-refusal": "a refusal closing the reply after an answer it stated ('The answer is (B).' then 'On second "
                       "thought, I cannot determine the answer from the image.') does not take the answer back",
    "refusal-after-reasoning": "the reply closes on a refusal in place of its answer statement, and an option's text, "
                               "value or affirmation met in its reasoning is read as the answer",
    "earlier-box": "an earlier box (\\boxed{7}, \\boxed{E}) outranks the changed answer statement after it: the last "
                   "commitment of the strongest kind wins, not the final commitment",
    "earlier-text": "an option's text concluded in prose before ('the missing color is likely blue') outranks the "
                    "changed closing labelled answer ('Therefore, the missing color is (D) orange.')",
    "none-match": "after 'none of the options directly match', the closing '**(X) text**' is not read as an answer "
                  "(the original reply read its letter only as the one option named after the turn); another "
                  "option named after the turn leaves no letter",
    "guess-bracket": "someone else's guess mid-reply ('Someone guessing quickly might say (D), ...') is read as a "
                     "bracketed answer, and the closing '... is (B) red.' (no answer marker) does not outrank it",
}

_KNOWN_IDS: dict[tuple[str, str], str] = {
    ('changed-final', 'earlier-box'): (
        "rc2-0056 rc2-0214"
    ),
    ('changed-final', 'earlier-text'): (
        "rc2-0271 rc2-0273 rc2-0283 rc2-0284 rc2-0289 rc2-0327 rc2-0337"
    ),
    ('changed-final', 'none-match'): (
        "rc2-0266"
    ),
    ('ruled-out', 'none-match'): (
        "rc2-0266"
    ),
    ('someone-else', 'guess-bracket'): (
        "rc2-0246 rc2-0289"
    ),
    ('hedge-appended', 'closing-hedge'): (
        "rc-0002 rc-0006 rc-0007 rc-0009 rc-0012 rc-0013 rc-0017 rc-0018 rc-0019 rc-0023 rc-0024 rc-0025 rc-0028 "
        "rc-0029 rc-0030 rc-0031 rc-0032 rc-0033 rc-0035 rc-0038 rc-0042 rc-0043 rc-0045 rc-0046 rc-0047 rc-0049 "
        "rc-0050 rc-0052 rc-0053 rc-0054 rc-0055 rc-0056 rc-0057 rc-0058 rc-0059 rc-0060 rc-0062 rc-0063 rc-0064 "
        "rc-0066 rc-0067 rc-0069 rc-0070 rc-0071 rc-0074 rc-0075 rc-0076 rc-0077 rc-0078 rc-0079 rc-0080 rc-0081 "
        "rc-0082 rc-0083 rc-0084 rc-0085 rc-0086 rc-0089 rc-0090 rc-0092 rc-0093 rc-0096 rc-0097 rc-0098 rc-0100 "
        "rc-0101 rc-0102 rc-0104 rc-0105 rc-0107 rc-0108 rc-0109 rc-0110 rc-0111 rc-0114 rc-0115 rc-0119 rc-0120 "
        "rc-0121 rc-0123 rc-0131 rc-0133 rc-0134 rc-0135 rc-0137 rc-0140 rc-0141 rc-0142 rc-0143 rc-0146 rc-0148 "
        "rc-0149 rc-0150 rc-0152 rc-0155 rc-0156 rc-0157 rc-0158 rc-0159 rc-0161 rc-0162 rc-0164 rc-0165 rc-0166 "
        "rc-0168 rc-0169 rc-0170 rc-0171 rc-0177 rc-0178 rc-0179 rc-0180 rc-0181 rc-0183 rc-0187 rc-0188 rc-0189 "
        "rc-0190 rc-0192 rc-0193 rc-0196 rc-0197 rc-0199 rc-0200 rc-0201 rc-0208 rc-0209 rc-0210 rc-0211 rc-0212 "
        "rc-0216 rc-0217 rc-0221 rc-0222 rc-0223 rc-0224 rc-0225 rc-0226 rc-0228 rc-0230 rc-0231 rc-0233 rc-0234 "
        "rc-0236 rc-0238 rc-0240 rc-0241 rc-0244 rc-0245 rc-0246 rc-0248 rc-0249 rc-0251 rc-0252 rc-0253 rc-0255 "
        "rc-0256 rc-0257 rc-0258 rc-0259 rc-0261 rc-0262 rc-0263 rc-0264 rc-0265 rc-0266 rc-0268 rc-0269 rc-0271 "
        "rc-0275 rc-0276 rc-0277 rc-0278 rc-0279 rc-0280 rc-0283 rc-0284 rc-0285 rc-0288 rc-0289 rc-0291 rc-0292 "
        "rc-0294 rc-0296 rc-0297 rc-0300 rc-0301 rc-0302 rc-0303 rc-0304 rc-0305 rc-0306 rc-0307 rc-0308 rc-0309 "
        "rc-0312 rc-0313 rc-0314 rc-0315 rc-0316 rc-0317 rc-0318 rc-0319 rc-0320 rc-0321 rc-0322 rc-0325 rc-0331 "
        "rc-0333 rc-0336 rc-0341 rc-0349 rc-0351 rc-0354 rc-0355 rc-0356 rc-0357 rc-0361 rc-0367 rc-0368 rc-0369 "
        "rc-0371 rc-0373 rc-0374 rc-0375 rc-0376 rc-0377 rc-0378 rc-0381 rc-0382 rc-0385 rc-0388 rc-0390 rc-0391 "
        "rc-0396 rc-0397 rc-0400 rc-0401 rc-0402 rc-0405 rc-0406 rc-0407 rc-0408 rc-0410 rc-0411 rc-0414 rc-0416 "
        "rc-0418 rc-0419 rc-0420 rc-0429 rc-0432 rc-0433 rc-0434 rc-0436 rc-0437 rc-0438 rc-0441 rc-0443 rc-0444 "
        "rc-0445 rc-0447 rc-0448 rc-0449 rc-0453 rc-0455 rc-0456 rc-0457 rc-0458 rc-0459 rc-0461 rc-0462 rc-0464 "
        "rc-0465 rc-0467 rc-0468 rc-0470 rc-0471 rc-0472 rc-0475 rc-0479 rc-0484 rc-0487 rc-0488 rc2-0002 rc2-0003 "
        "rc2-0005 rc2-0006 rc2-0008 rc2-0009 rc2-0010 rc2-0011 rc2-0012 rc2-0013 rc2-0016 rc2-0017 rc2-0018 rc2-0019 "
        "rc2-0022 rc2-0023 rc2-0024 rc2-0025 rc2-0030 rc2-0031 rc2-0032 rc2-0033 rc2-0034 rc2-0035 rc2-0037 rc2-0038 "
        "rc2-0040 rc2-0042 rc2-0044 rc2-0045 rc2-0046 rc2-0047 rc2-0051 rc2-0052 rc2-0053 rc2-0054 rc2-0056 rc2-0058 "
        "rc2-0059 rc2-0060 rc2-0062 rc2-0063 rc2-0064 rc2-0066 rc2-0068 rc2-0069 rc2-0070 rc2-0072 rc2-0075 rc2-0077 "
        "rc2-0078 rc2-0080 rc2-0082 rc2-0084 rc2-0085 rc2-0088 rc2-0090 rc2-0091 rc2-0092 rc2-0094 rc2-0096 rc2-0099 "
        "rc2-0100 rc2-0101 rc2-0102 rc2-0103 rc2-0104 rc2-0106 rc2-0107 rc2-0108 rc2-0109 rc2-0115 rc2-0116 rc2-0117 "
        "rc2-0120 rc2-0123 rc2-0125 rc2-0127 rc2-0128 rc2-0129 rc2-0131 rc2-0132 rc2-0134 rc2-0135 rc2-0138 rc2-0139 "
        "rc2-0140 rc2-0144 rc2-0146 rc2-0147 rc2-0149 rc2-0152 rc2-0153 rc2-0155 rc2-0156 rc2-0157 rc2-0158 rc2-0159 "
        "rc2-0160 rc2-0161 rc2-0162 rc2-0163 rc2-0164 rc2-0165 rc2-0166 rc2-0168 rc2-0169 rc2-0171 rc2-0172 rc2-0173 "
        "rc2-0174 rc2-0175 rc2-0176 rc2-0181 rc2-0182 rc2-0183 rc2-0184 rc2-0187 rc2-0188 rc2-0189 rc2-0190 rc2-0191 "
        "rc2-0192 rc2-0194 rc2-0195 rc2-0196 rc2-0198 rc2-0199 rc2-0203 rc2-0204 rc2-0205 rc2-0206 rc2-0208 rc2-0210 "
        "rc2-0211 rc2-0213 rc2-0214 rc2-0217 rc2-0218 rc2-0219 rc2-0220 rc2-0226 rc2-0229 rc2-0230 rc2-0239 rc2-0240 "
        "rc2-0244 rc2-0245 rc2-0248 rc2-0250 rc2-0251 rc2-0252 rc2-0255 rc2-0257 rc2-0258 rc2-0260 rc2-0265 rc2-0267 "
        "rc2-0268 rc2-0270 rc2-0271 rc2-0272 rc2-0274 rc2-0278 rc2-0280 rc2-0282 rc2-0285 rc2-0287 rc2-0288 rc2-0290 "
        "rc2-0291 rc2-0293 rc2-0298 rc2-0299 rc2-0300 rc2-0303 rc2-0304 rc2-0305 rc2-0307 rc2-0308 rc2-0309 rc2-0310 "
        "rc2-0311 rc2-0312 rc2-0318 rc2-0320 rc2-0321 rc2-0322 rc2-0324 rc2-0326 rc2-0328 rc2-0331 rc2-0332 rc2-0334 "
        "rc2-0336 rc2-0338 rc2-0339 rc2-0340 rc2-0341 rc2-0342 rc2-0344 rc2-0345 rc2-0348 rc2-0351 rc2-0354 rc2-0357 "
        "rc2-0360 rc2-0361 rc2-0363 rc2-0366 rc2-0367 rc2-0368 rc2-0369 rc2-0374 rc2-0376 rc2-0377 rc2-0378 rc2-0386 "
        "rc2-0387 rc2-0388 rc2-0389 rc2-0390 rc2-0394 rc2-0396 rc2-0398 rc2-0401 rc2-0402 rc2-0404 rc2-0405 rc2-0408 "
        "rc2-0410 rc2-0411 rc2-0413 rc2-0415 rc2-0416 rc2-0417 rc2-0418 rc2-0419 rc2-0420 rc2-0421 rc2-0422 rc2-0423 "
        "rc2-0425 rc2-0426 rc2-0431 rc2-0432 rc2-0434 tc-0001 tc-0002 tc-0003 tc-0004 tc-0005 tc-0007 tc-0008 tc-0009 "
        "tc-0010 tc-0014 tc-0015 tc-0016 tc-0017 tc-0020 tc-0021 tc-0022 tc-0023 tc-0025 tc-0026 tc-0027 tc-0028 "
        "tc-0030 tc-0031 tc-0034 tc-0038 tc-0040 tc-0041 tc-0046 tc-0048 tc-0049 tc-0050 tc-0051 tc-0052 tc-0056 "
        "tc-0058 tc-0060 tc-0062 tc-0065 tc-0068 tc-0069 tc-0070 tc-0072 tc-0073 tc-0075 tc-0076 tc-0086 tc-0087 "
        "tc-0088 tc-0090 tc-0091 tc-0093 tc-0096 tc-0099 tc-0102 tc-0106 tc-0108 tc-0109 tc-0110 tc-0113 tc-0114 "
        "tc-0115 tc-0117 tc-0118 tc-0119 tc-0122 tc-0125 tc-0126 tc-0127 tc-0131 tc-0143 tc-0144 tc-0145 tc-0146 "
        "tc-0147 tc-0150 tc-0160 tc-0168 tc-0176 tc-0177 tc-0187 tc-0190 tc-0193 tc-0194 tc-0197 tc-0201 tc-0203 "
        "tc-0204 tc-0209 tc-0211 tc-0215 tc-0216 tc-0217 tc-0219 tc-0220 tc-0221 tc-0222 tc-0223 tc-0224 tc-0227 "
        "tc-0228 tc-0233 tc-0234 tc-0236 tc-0238 tc-0241 tc-0244 tc-0248 tc-0252 tc-0254"
    ),
    ('hedge-final', 'closing-hedge'): (
        "rc2-0017 rc2-0056 rc2-0084 rc2-0214"
    ),
    ('refusal-final', 'closing-refusal'): (
        "rc-0104 rc-0105 rc-0125 rc-0148 rc-0149 rc-0155 rc-0160 rc-0164 rc-0165 rc-0170 rc-0171 rc-0187 rc-0188 "
        "rc-0189 rc-0190 rc-0191 rc-0193 rc-0200 rc-0265 rc-0281 rc-0292 rc-0302 rc-0312 rc-0323 rc-0327 rc-0427 "
        "rc-0433 rc-0436 rc-0439 rc-0444 rc-0447 rc-0450 rc-0455 rc-0456 rc-0458 rc-0487 rc2-0001 rc2-0010 rc2-0014 "
        "rc2-0016 rc2-0017 rc2-0031 rc2-0056 rc2-0065 rc2-0066 rc2-0070 rc2-0075 rc2-0084 rc2-0123 rc2-0151 rc2-0172 "
        "rc2-0174 rc2-0197 rc2-0200 rc2-0214 rc2-0351 rc2-0363 rc2-0367 rc2-0374 rc2-0388 tc-0035"
    ),
    ('refusal-final', 'refusal-after-reasoning'): (
        "rc-0001 rc-0003 rc-0004 rc-0006 rc-0008 rc-0029 rc-0030 rc-0031 rc-0032 rc-0037 rc-0116 rc-0157 rc-0192 "
        "rc-0204 rc-0263 rc-0264 rc-0294 rc-0300 rc-0317 rc-0325 rc-0326 rc-0330 rc-0396 rc-0405 rc-0428 rc-0431 "
        "rc-0438 rc-0441 rc-0457 rc-0479 rc-0485 rc-0486 rc2-0003 rc2-0007 rc2-0011 rc2-0012 rc2-0013 rc2-0019 rc2-0025 "
        "rc2-0050 rc2-0057 rc2-0067 rc2-0072 rc2-0073 rc2-0118 rc2-0120 rc2-0126 rc2-0127 rc2-0166 rc2-0171 rc2-0186 "
        "rc2-0193 rc2-0198 rc2-0199 rc2-0211 rc2-0219 rc2-0222 rc2-0228 rc2-0229 rc2-0230 rc2-0231 rc2-0233 rc2-0234 "
        "rc2-0235 rc2-0236 rc2-0243 rc2-0248 rc2-0249 rc2-0250 rc2-0253 rc2-0254 rc2-0255 rc2-0256 rc2-0263 rc2-0265 "
        "rc2-0266 rc2-0270 rc2-0271 rc2-0273 rc2-0274 rc2-0278 rc2-0280 rc2-0282 rc2-0283 rc2-0284 rc2-0288 rc2-0289 "
        "rc2-0290 rc2-0292 rc2-0297 rc2-0306 rc2-0308 rc2-0309 rc2-0317 rc2-0318 rc2-0319 rc2-0324 rc2-0325 rc2-0326 "
        "rc2-0327 rc2-0328 rc2-0329 rc2-0330 rc2-0332 rc2-0333 rc2-0336 rc2-0337 rc2-0338 rc2-0339 rc2-0340 rc2-0342 "
        "rc2-0343 rc2-0344 rc2-0346 rc2-0347 rc2-0348 rc2-0369 rc2-0387 rc2-0390 rc2-0393 rc2-0405 rc2-0430 rc2-0433 "
        "tc-0155 tc-0171 tc-0212 tc-0240"
    ),
    ('refusal-retracts', 'closing-refusal'): (
        "rc-0001 rc-0002 rc-0003 rc-0004 rc-0005 rc-0006 rc-0007 rc-0008 rc-0009 rc-0010 rc-0011 rc-0012 rc-0013 "
        "rc-0014 rc-0015 rc-0016 rc-0017 rc-0018 rc-0019 rc-0020 rc-0021 rc-0022 rc-0023 rc-0024 rc-0025 rc-0026 "
        "rc-0027 rc-0028 rc-0029 rc-0030 rc-0031 rc-0032 rc-0033 rc-0034 rc-0035 rc-0036 rc-0037 rc-0038 rc-0039 "
        "rc-0040 rc-0041 rc-0042 rc-0043 rc-0044 rc-0045 rc-0046 rc-0047 rc-0048 rc-0049 rc-0050 rc-0051 rc-0052 "
        "rc-0053 rc-0054 rc-0055 rc-0056 rc-0057 rc-0058 rc-0059 rc-0060 rc-0061 rc-0062 rc-0063 rc-0064 rc-0065 "
        "rc-0066 rc-0067 rc-0068 rc-0069 rc-0070 rc-0071 rc-0072 rc-0073 rc-0074 rc-0075 rc-0076 rc-0077 rc-0078 "
        "rc-0079 rc-0080 rc-0081 rc-0082 rc-0083 rc-0084 rc-0085 rc-0086 rc-0087 rc-0088 rc-0089 rc-0090 rc-0091 "
        "rc-0092 rc-0093 rc-0094 rc-0095 rc-0096 rc-0097 rc-0098 rc-0099 rc-0100 rc-0101 rc-0102 rc-0103 rc-0104 "
        "rc-0105 rc-0107 rc-0108 rc-0109 rc-0110 rc-0111 rc-0112 rc-0113 rc-0114 rc-0115 rc-0116 rc-0117 rc-0119 "
        "rc-0120 rc-0121 rc-0122 rc-0123 rc-0124 rc-0125 rc-0126 rc-0127 rc-0128 rc-0129 rc-0130 rc-0131 rc-0132 "
        "rc-0133 rc-0134 rc-0135 rc-0136 rc-0137 rc-0138 rc-0139 rc-0140 rc-0141 rc-0142 rc-0143 rc-0144 rc-0145 "
        "rc-0146 rc-0148 rc-0149 rc-0150 rc-0152 rc-0153 rc-0155 rc-0156 rc-0157 rc-0158 rc-0159 rc-0160 rc-0161 "
        "rc-0162 rc-0163 rc-0164 rc-0165 rc-0166 rc-0168 rc-0169 rc-0170 rc-0171 rc-0172 rc-0175 rc-0177 rc-0178 "
        "rc-0179 rc-0180 rc-0181 rc-0182 rc-0183 rc-0184 rc-0185 rc-0186 rc-0187 rc-0188 rc-0189 rc-0190 rc-0191 "
        "rc-0192 rc-0193 rc-0194 rc-0195 rc-0196 rc-0197 rc-0198 rc-0199 rc-0200 rc-0201 rc-0202 rc-0204 rc-0205 "
        "rc-0206 rc-0207 rc-0208 rc-0209 rc-0211 rc-0212 rc-0213 rc-0216 rc-0217 rc-0220 rc-0221 rc-0222 rc-0223 "
        "rc-0224 rc-0225 rc-0226 rc-0227 rc-0228 rc-0230 rc-0231 rc-0232 rc-0233 rc-0234 rc-0235 rc-0236 rc-0237 "
        "rc-0238 rc-0239 rc-0240 rc-0241 rc-0243 rc-0244 rc-0245 rc-0246 rc-0247 rc-0248 rc-0249 rc-0250 rc-0251 "
        "rc-0252 rc-0254 rc-0255 rc-0256 rc-0257 rc-0258 rc-0259 rc-0260 rc-0261 rc-0262 rc-0263 rc-0264 rc-0265 "
        "rc-0266 rc-0267 rc-0268 rc-0269 rc-0270 rc-0271 rc-0272 rc-0273 rc-0274 rc-0275 rc-0276 rc-0277 rc-0278 "
        "rc-0279 rc-0280 rc-0281 rc-0282 rc-0283 rc-0284 rc-0285 rc-0286 rc-0287 rc-0288 rc-0289 rc-0290 rc-0291 "
        "rc-0292 rc-0293 rc-0294 rc-0295 rc-0296 rc-0297 rc-0298 rc-0299 rc-0300 rc-0301 rc-0302 rc-0303 rc-0304 "
        "rc-0305 rc-0306 rc-0307 rc-0308 rc-0309 rc-0310 rc-0311 rc-0312 rc-0313 rc-0314 rc-0315 rc-0316 rc-0317 "
        "rc-0318 rc-0319 rc-0320 rc-0321 rc-0322 rc-0323 rc-0324 rc-0325 rc-0326 rc-0327 rc-0329 rc-0330 rc-0331 "
        "rc-0332 rc-0333 rc-0334 rc-0335 rc-0336 rc-0339 rc-0340 rc-0341 rc-0342 rc-0343 rc-0344 rc-0345 rc-0346 "
        "rc-0347 rc-0348 rc-0349 rc-0350 rc-0351 rc-0352 rc-0353 rc-0354 rc-0355 rc-0356 rc-0357 rc-0358 rc-0359 "
        "rc-0360 rc-0361 rc-0365 rc-0367 rc-0368 rc-0369 rc-0371 rc-0372 rc-0373 rc-0374 rc-0376 rc-0377 rc-0378 "
        "rc-0379 rc-0381 rc-0382 rc-0384 rc-0385 rc-0387 rc-0388 rc-0389 rc-0390 rc-0391 rc-0392 rc-0393 rc-0394 "
        "rc-0395 rc-0396 rc-0397 rc-0398 rc-0399 rc-0400 rc-0401 rc-0402 rc-0404 rc-0405 rc-0406 rc-0407 rc-0408 "
        "rc-0409 rc-0410 rc-0411 rc-0412 rc-0413 rc-0414 rc-0416 rc-0417 rc-0418 rc-0419 rc-0420 rc-0421 rc-0422 "
        "rc-0423 rc-0424 rc-0426 rc-0427 rc-0428 rc-0429 rc-0431 rc-0432 rc-0433 rc-0434 rc-0435 rc-0436 rc-0437 "
        "rc-0438 rc-0439 rc-0440 rc-0441 rc-0442 rc-0443 rc-0444 rc-0445 rc-0447 rc-0448 rc-0449 rc-0450 rc-0451 "
        "rc-0452 rc-0453 rc-0454 rc-0455 rc-0456 rc-0457 rc-0458 rc-0459 rc-0460 rc-0461 rc-0462 rc-0463 rc-0464 "
        "rc-0465 rc-0466 rc-0467 rc-0468 rc-0469 rc-0470 rc-0471 rc-0472 rc-0475 rc-0479 rc-0484 rc-0485 rc-0486 "
        "rc-0487 rc-0488 rc2-0001 rc2-0002 rc2-0003 rc2-0004 rc2-0005 rc2-0006 rc2-0007 rc2-0008 rc2-0009 rc2-0010 "
        "rc2-0011 rc2-0012 rc2-0013 rc2-0014 rc2-0015 rc2-0016 rc2-0017 rc2-0018 rc2-0019 rc2-0020 rc2-0021 rc2-0022 "
        "rc2-0023 rc2-0024 rc2-0025 rc2-0026 rc2-0027 rc2-0029 rc2-0030 rc2-0031 rc2-0032 rc2-0033 rc2-0034 rc2-0035 "
        "rc2-0036 rc2-0037 rc2-0038 rc2-0040 rc2-0041 rc2-0042 rc2-0043 rc2-0044 rc2-0045 rc2-0046 rc2-0047 rc2-0048 "
        "rc2-0049 rc2-0050 rc2-0051 rc2-0052 rc2-0053 rc2-0054 rc2-0055 rc2-0056 rc2-0057 rc2-0058 rc2-0059 rc2-0060 "
        "rc2-0061 rc2-0062 rc2-0063 rc2-0064 rc2-0065 rc2-0066 rc2-0067 rc2-0068 rc2-0069 rc2-0070 rc2-0072 rc2-0073 "
        "rc2-0075 rc2-0077 rc2-0078 rc2-0079 rc2-0080 rc2-0081 rc2-0082 rc2-0083 rc2-0084 rc2-0085 rc2-0086 rc2-0087 "
        "rc2-0088 rc2-0089 rc2-0090 rc2-0091 rc2-0092 rc2-0093 rc2-0094 rc2-0095 rc2-0096 rc2-0098 rc2-0099 rc2-0100 "
        "rc2-0101 rc2-0102 rc2-0103 rc2-0104 rc2-0105 rc2-0106 rc2-0107 rc2-0108 rc2-0109 rc2-0110 rc2-0111 rc2-0112 "
        "rc2-0113 rc2-0114 rc2-0115 rc2-0116 rc2-0117 rc2-0118 rc2-0119 rc2-0120 rc2-0121 rc2-0122 rc2-0123 rc2-0124 "
        "rc2-0125 rc2-0126 rc2-0127 rc2-0128 rc2-0129 rc2-0130 rc2-0131 rc2-0132 rc2-0133 rc2-0134 rc2-0135 rc2-0136 "
        "rc2-0137 rc2-0138 rc2-0139 rc2-0140 rc2-0141 rc2-0142 rc2-0143 rc2-0144 rc2-0145 rc2-0146 rc2-0147 rc2-0148 "
        "rc2-0149 rc2-0150 rc2-0151 rc2-0152 rc2-0153 rc2-0154 rc2-0155 rc2-0156 rc2-0157 rc2-0158 rc2-0159 rc2-0160 "
        "rc2-0161 rc2-0162 rc2-0163 rc2-0164 rc2-0165 rc2-0166 rc2-0167 rc2-0168 rc2-0169 rc2-0170 rc2-0171 rc2-0172 "
        "rc2-0173 rc2-0174 rc2-0175 rc2-0176 rc2-0177 rc2-0178 rc2-0179 rc2-0180 rc2-0181 rc2-0182 rc2-0183 rc2-0184 "
        "rc2-0185 rc2-0186 rc2-0187 rc2-0188 rc2-0189 rc2-0190 rc2-0191 rc2-0192 rc2-0193 rc2-0194 rc2-0195 rc2-0196 "
        "rc2-0197 rc2-0198 rc2-0199 rc2-0200 rc2-0201 rc2-0203 rc2-0204 rc2-0205 rc2-0206 rc2-0207 rc2-0208 rc2-0209 "
        "rc2-0210 rc2-0211 rc2-0212 rc2-0213 rc2-0214 rc2-0215 rc2-0217 rc2-0218 rc2-0219 rc2-0220 rc2-0221 rc2-0222 "
        "rc2-0223 rc2-0225 rc2-0226 rc2-0227 rc2-0228 rc2-0229 rc2-0230 rc2-0231 rc2-0232 rc2-0233 rc2-0234 rc2-0235 "
        "rc2-0236 rc2-0237 rc2-0239 rc2-0240 rc2-0242 rc2-0243 rc2-0244 rc2-0245 rc2-0247 rc2-0248 rc2-0249 rc2-0250 "
        "rc2-0251 rc2-0252 rc2-0253 rc2-0254 rc2-0255 rc2-0256 rc2-0257 rc2-0258 rc2-0259 rc2-0260 rc2-0261 rc2-0262 "
        "rc2-0263 rc2-0265 rc2-0267 rc2-0268 rc2-0269 rc2-0270 rc2-0271 rc2-0272 rc2-0273 rc2-0274 rc2-0275 rc2-0276 "
        "rc2-0277 rc2-0278 rc2-0279 rc2-0280 rc2-0281 rc2-0282 rc2-0283 rc2-0284 rc2-0285 rc2-0286 rc2-0287 rc2-0288 "
        "rc2-0289 rc2-0290 rc2-0291 rc2-0292 rc2-0293 rc2-0294 rc2-0295 rc2-0296 rc2-0297 rc2-0298 rc2-0299 rc2-0300 "
        "rc2-0301 rc2-0302 rc2-0303 rc2-0304 rc2-0305 rc2-0306 rc2-0307 rc2-0308 rc2-0309 rc2-0310 rc2-0311 rc2-0312 "
        "rc2-0313 rc2-0315 rc2-0316 rc2-0317 rc2-0318 rc2-0319 rc2-0320 rc2-0321 rc2-0322 rc2-0323 rc2-0324 rc2-0325 "
        "rc2-0326 rc2-0327 rc2-0328 rc2-0329 rc2-0330 rc2-0331 rc2-0332 rc2-0333 rc2-0334 rc2-0335 rc2-0336 rc2-0337 "
        "rc2-0338 rc2-0339 rc2-0340 rc2-0341 rc2-0342 rc2-0343 rc2-0344 rc2-0345 rc2-0346 rc2-0347 rc2-0348 rc2-0351 "
        "rc2-0354 rc2-0356 rc2-0357 rc2-0360 rc2-0361 rc2-0362 rc2-0363 rc2-0365 rc2-0366 rc2-0367 rc2-0368 rc2-0369 "
        "rc2-0370 rc2-0371 rc2-0372 rc2-0373 rc2-0374 rc2-0376 rc2-0377 rc2-0378 rc2-0379 rc2-0382 rc2-0385 rc2-0386 "
        "rc2-0387 rc2-0388 rc2-0389 rc2-0390 rc2-0391 rc2-0392 rc2-0393 rc2-0394 rc2-0395 rc2-0396 rc2-0397 rc2-0398 "
        "rc2-0399 rc2-0400 rc2-0401 rc2-0402 rc2-0403 rc2-0404 rc2-0405 rc2-0406 rc2-0407 rc2-0408 rc2-0409 rc2-0410 "
        "rc2-0411 rc2-0412 rc2-0413 rc2-0414 rc2-0415 rc2-0416 rc2-0417 rc2-0418 rc2-0419 rc2-0420 rc2-0421 rc2-0422 "
        "rc2-0423 rc2-0424 rc2-0425 rc2-0426 rc2-0427 rc2-0428 rc2-0429 rc2-0430 rc2-0431 rc2-0432 rc2-0433 rc2-0434 "
        "tc-0001 tc-0002 tc-0003 tc-0004 tc-0005 tc-0006 tc-0007 tc-0011 tc-0012 tc-0014 tc-0015 tc-0016 tc-0017 "
        "tc-0018 tc-0019 tc-0020 tc-0021 tc-0022 tc-0023 tc-0025 tc-0026 tc-0027 tc-0028 tc-0029 tc-0030 tc-0031 "
        "tc-0032 tc-0033 tc-0034 tc-0035 tc-0038 tc-0039 tc-0040 tc-0041 tc-0042 tc-0043 tc-0044 tc-0045 tc-0046 "
        "tc-0047 tc-0048 tc-0049 tc-0050 tc-0051 tc-0052 tc-0053 tc-0054 tc-0055 tc-0056 tc-0057 tc-0058 tc-0059 "
        "tc-0060 tc-0061 tc-0062 tc-0064 tc-0065 tc-0066 tc-0067 tc-0068 tc-0069 tc-0070 tc-0071 tc-0072 tc-0073 "
        "tc-0074 tc-0075 tc-0076 tc-0077 tc-0078 tc-0079 tc-0080 tc-0081 tc-0082 tc-0086 tc-0087 tc-0088 tc-0090 "
        "tc-0091 tc-0092 tc-0093 tc-0096 tc-0097 tc-0098 tc-0099 tc-0100 tc-0101 tc-0102 tc-0103 tc-0104 tc-0105 "
        "tc-0106 tc-0107 tc-0108 tc-0109 tc-0111 tc-0112 tc-0113 tc-0114 tc-0115 tc-0116 tc-0117 tc-0118 tc-0119 "
        "tc-0120 tc-0121 tc-0122 tc-0123 tc-0124 tc-0125 tc-0126 tc-0127 tc-0128 tc-0129 tc-0130 tc-0131 tc-0132 "
        "tc-0144 tc-0145 tc-0146 tc-0147 tc-0148 tc-0149 tc-0150 tc-0151 tc-0152 tc-0153 tc-0154 tc-0155 tc-0156 "
        "tc-0157 tc-0158 tc-0159 tc-0160 tc-0161 tc-0162 tc-0163 tc-0164 tc-0165 tc-0166 tc-0167 tc-0168 tc-0169 "
        "tc-0170 tc-0171 tc-0172 tc-0173 tc-0174 tc-0175 tc-0176 tc-0177 tc-0178 tc-0185 tc-0187 tc-0190 tc-0193 "
        "tc-0194 tc-0197 tc-0200 tc-0201 tc-0202 tc-0203 tc-0204 tc-0205 tc-0206 tc-0207 tc-0208 tc-0209 tc-0212 "
        "tc-0213 tc-0215 tc-0216 tc-0217 tc-0218 tc-0219 tc-0220 tc-0221 tc-0222 tc-0223 tc-0227 tc-0233 tc-0234 "
        "tc-0235 tc-0236 tc-0237 tc-0238 tc-0239 tc-0240 tc-0241 tc-0242 tc-0244 tc-0248 tc-0252 tc-0253 tc-0254 "
        "tc-0255"
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
