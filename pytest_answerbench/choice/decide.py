"""How the reader decides: an ordered tuple of named steps (``STEPS``), the first step with an answer wins.

The order is the specification (as Math-Verify keeps its extraction priorities in a table); each step is a small
function of the ``Decision`` so far. A step either answers (a ``ChoiceResult``) or returns None and the next one
runs; the commitment steps (4 to 7) gather and choose commitments for the later ones. In order:

1. ``empty``: nothing but a reasoning block or markup is left.
2. ``sole``: the whole reply is a letter in any dress or exactly one option's text (``whole.sole``).
3. ``both``: the closing sentence names two options as both right ("Both **A** and **B** are solutions.") or says
   both statements are true, and exactly one option says both of them ("Both 1 and 2"; ``whole.both_named``); "All
   three statements hold." and one option lists them all ("I, II and III"); "Statements I and III are true." and one
   option lists exactly those ("I and III only").
4. ``commitments``: the strong commitments (boxes, answer tags and fields, ``rules.MARKERS``, verdicts next to
   letters, a leading option label) are collected; the last of the strongest tier is chosen (``pick``).
5. ``strong-phrases``: "..., which makes option B the correct answer", "Oxygen is the answer", read only where they
   can change the choice.
6. ``weak-commitments``: conclusions (``rules.CONCLUSIONS``), brackets, sole letters, the closing clause and bold
   letters, read only when no strong commitment was chosen or a correction cue follows it.
7. ``self-correction``: a letter after a correction cue past the chosen commitment ("B, no wait, D") replaces it.
8. ``odd-one-out``: every option judged, all affirmed one by one ("A is true, B is true, D is true.") but one, said
   to be the false one ("The false statement is that 15 is prime.", "So C is the incorrect one."): that one is chosen
   (``whole.odd_one_out``); the affirmations are the reasons, not the answer.
9. ``withdrawn``: a closing statement hedging between options, saying the answer cannot be determined or that no
   option is correct ("So it is either B or D.", "On second thought, I cannot tell which option is right.",
   "最终答案：无正确选项。") takes the answer back
   (``closing.withdrawn``).
10. ``hedge``: two answers side by side, a doubt after the answer, a loop between answers, or two options found
   correct with neither chosen choose nothing.
11. ``retracted``: an option's text after a strong correction cue ("Vitamin D — sorry, I meant C") replaces it.
12. ``truncated``: a reply cut off before it committed (or with only a weak text reading) chooses nothing.
13. ``walk``: a reply going through the options in turn (each quoted after its label or opening its own
    line as a heading), with no stated answer and nothing read after the walk, chooses none (``whole.walks_through``).
14. ``closing-statement``: a reply opening with an option label whose last sentence, a conclusion ("Therefore,
    ..."), states another option's text or value (no letter, negation or condition in it) chose that option.
15. ``commitment``: the chosen commitment is the answer.
16. ``elimination``: every other option is ruled out.
17. ``special-option``: "cannot be determined" / "none of these" names the one option saying so.
18. ``refusal``: the reply declines to choose ("None of those is prime." ruling some options out, then a closing
    sentence naming one by its place, "So only the second one is prime.", chooses that one).
19. ``none-among``: the reply says its value is none of the options.
20. ``loop``: a reply ending in a loop (``text.loops``, followed back to where it begins) is read without it: an
    option's text met in the loop is no choice (at most three loops one before the other are cut off).
21. ``option-text``: exactly one option's text or value occurs (``content.py``, with its tie-breakers).
22. ``lone-letter``: a short reply with exactly one capital option letter.
23. ``key-word``: a word only one option has, in a reply of at most 20 words.
24. ``so-clause``: the closing "so ..." clause names a word only one option has.
25. ``nothing``: no option could be read.

Adding a step is adding a function and its ``Step`` where it belongs in the order (and a line above: a test
compares the two lists). Each step is one Python call, about 0.1 µs per reply (``tools/perf_choice.py``); a step
that only gathers returns None.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Callable

from .closing import HEDGE_BETWEEN, NO_OPTION_CLOSING, UNDETERMINED_CLOSING, withdrawn
from .content import key_word, option_texts, so_clause_key_word
from .lastly import closing_place
from ..text.patterns import lazy_compile
from .normalize import norm_text
from .optionset import OptionSet
from .reader import Reader
from .result import ChoiceResult, Commit
from .rules import (CONDITION_OPEN, NONE_OF_THE, REFUSAL, RETRACTED_AFTER, RETRACTED_HINTS, RULES, TAKEN_BACK,
                    TAKEN_BACK_HINTS, TIED_LETTER, RuleSet)
from .whole import both_named, cut_off, leading, lone_letter, none_among, odd_one_out, sole, special_option, walks_through

# words that may offer a second option after the answer besides "or" ("B, although C is possible too", "B, maybe C",
# "It might also be C", "C is also possible", "B fits, and so does D")
_HEDGE_WORDS = ("though", "but ", "while ", "maybe", "perhaps", "possibly", "might", "could", "may ", "also",
                "equally", "so do", "so is", " if ", " when ")
# an option's label opening a clause of its own: "(B), the cook ...", "(C) the given ..."
_LABEL_IN_TURN = lazy_compile(r"(?:^|(?<=[\s.;:]))\(([A-Z])\)[,:]?\s+(?=[A-Za-z])")
# "only" right before a letter: the one option, the others excluded
_ONLY_BEFORE = lazy_compile(r"(?i)(?:\b(?:only|just)\s+(?:(?:option|choice|statement|answer)\s+)?\(?|唯一|只有|仅)\s*$")
# a sentence's end between two places of a reply
_SENTENCE_BREAK = lazy_compile(r"[.!?。！？](?:\s|$)|\n")
# what ends a sentence: a reply stopping on anything else stops mid-sentence
_SENTENCE_ENDS = tuple(".!?。！？)]*\"'”’`")
# notes of commitments read from an option's text or value
_TEXT_NOTES = ("option-text", "answer-value")
# what may stand between a marker and the text it reads
_PAYLOAD_LEAD = " \t\n\r,:"
# the words TIED_LETTER needs between a value and its letter ("i.e.", "which is", "that is", "corresponds", "this is")
_TIE_CUES = ("i.e", "i. e", "which ", "that is", "correspond", "this is", "this matches", "that matches", "(option",
             "(choice", "对应", "對應", "即", "也就是")
# methods of weak commitments: they never commit to a letter the text also rules out
_WEAK = ("leading-letter", "affirmation", "bold", "conclusion", "sole-letter")


def _pick(commits: list[Commit], negatives: set[str]) -> Commit | None:
    """The last commitment of the strongest tier, skipping weak ones about letters the text rules out."""
    chosen: Commit | None = None
    if commits:
        top = max(c.tier for c in commits)
        strongest = [c for c in commits if c.tier == top]
        chosen = max(strongest, key=lambda c: c.pos)
    if chosen is not None:
        # Letters the text also rules out do not commit through weak forms ("(A) is wrong, (C) is right").
        kept = [c for c in commits if not (c.letter in negatives and c.method in _WEAK)]
        if not kept:
            chosen = None
        elif chosen not in kept:
            top = max(c.tier for c in kept)
            chosen = max((c for c in kept if c.tier == top), key=lambda c: c.pos)
    return chosen


def _flip_flop(chosen: Commit, commits: list[Commit]) -> str | None:
    """"The answer is B. The answer is C. The answer is B. ...": answers of the chosen kind that leave a letter and
    come back to it with no correction cue (a degenerate loop, not a reconsidered answer) choose nothing."""
    same = [c for c in commits if c.tier == chosen.tier and c.method == chosen.method and c.letter is not None]
    if len(same) < 3:
        return None
    seq: list[str] = []
    for c in sorted(same, key=lambda c: c.pos):
        if not seq or seq[-1] != c.letter:
            seq.append(c.letter)
    if len(seq) >= 3 and len(set(seq)) < len(seq):
        return f"the reply switches back and forth between answers ({', '.join(sorted(set(seq)))})"
    return None


class Decision:
    """What the steps share: the reader, the letters ruled out, the commitments gathered and the one chosen (the
    class attributes are the values before the commitment steps run)."""

    segments: list[list[Commit] | None] = []
    lead: Commit | None = None
    commits: list[Commit] = []
    chosen: Commit | None = None
    corrected = False  # a self-correction replaced the chosen commitment

    def __init__(self, reader: Reader, loops: int = 3) -> None:
        self.reader = reader
        self.negatives: set[str] = set()
        self.loops = loops  # loops the ``loop`` step may still cut off (each cut reads the text before it again)


def _empty(d: Decision) -> ChoiceResult | None:
    flat = d.reader.flat
    if not flat or flat.isspace():  # what strip() would leave empty, without the copy
        return ChoiceResult(None, "empty", "the reply holds only a reasoning block or markup")
    return None


def _sole(d: Decision) -> ChoiceResult | None:
    return sole(d.reader)


def _both(d: Decision) -> ChoiceResult | None:
    return both_named(d.reader)


def _kept(reader: Reader, commits: list[Commit]) -> list[Commit]:
    """The commitments that count: those outside counterfactual clauses ("If the axis were logarithmic, it would
    be C") or taken back by a pronoun in their own sentence ("go with C, but the dust rules it out"); none the reply
    makes after saying it cannot see the question's input (``rules.CANNOT_SEE``: "I cannot
    see the image. (A)", "I don't have access to the image.\nAnswer: C"); of the weak ones (tier 1: conclusions,
    brackets, sole letters, the closing clause), none reading an option's text inside the loop the reply ends in
    ("I think the loss increases the loss increases ...")."""
    if not commits:
        return commits
    if reader.counterfactual_spans():
        commits = [c for c in commits if not reader.counterfactual(c.pos)]
    if "?" in reader.flat or "？" in reader.flat:
        commits = _not_asked(reader.flat, commits)
    blind = reader.cannot_see()
    if blind >= 0:  # a refusal: whatever the reply then names, marked or boxed, is no reading of the input
        commits = [c for c in commits if c.pos < blind]
    low = reader.low
    if " but " in low and any(hint in low for hint in RETRACTED_HINTS):
        # "... go with C, but the dust rules it out": a choice the same sentence takes back
        commits = [c for c in commits if c.letter is None or not RETRACTED_AFTER.match(reader.flat, c.pos)]
    if any(c.tier == 2 and c.note in _TEXT_NOTES for c in commits):
        # "The answer is the answer is pneumonia the answer is pneumonia the answer is ...": an option's text read after
        # a marker inside the loop a degenerate reply ends in is no choice either
        loop = reader.end_loop()
        # (a loop of whole sentences, "The answer is pneumonia. The answer is pneumonia. ...", states its answer)
        if loop is not None and not re.search(r"[.!?。！？]", reader.flat[loop.start:loop.first_end]):
            commits = [c for c in commits if c.tier != 2 or c.note not in _TEXT_NOTES or c.pos < loop.start]
    for c in commits:
        if c.tier < 2:
            break
    else:
        return commits  # only stated answers: no loop to look for
    if any(c.tier < 2 and c.note in _TEXT_NOTES for c in commits):
        loop = reader.end_loop()
        if loop is not None:
            flat = reader.flat
            commits = [c for c in commits if c.tier >= 2 or c.note not in _TEXT_NOTES
                       or len(flat) - len(flat[c.pos:].lstrip(_PAYLOAD_LEAD)) < loop.start]
    return commits


# ---- a question the reply asks itself between options ("是选 A 还是选 C 呢？", "Is it A or C?")
# what ends a sentence, for a question's extent (a point ends one only before a space, a line end or the text end)
_QUESTION_BOUNDS = lazy_compile(r"[!?！？。\n]|\.(?=\s|$)")
# the words offering alternatives inside the question
_ALTERNATIVES = lazy_compile(r"(?i)\bor\b|还是|還是|或者|或")


def _not_asked(flat: str, commits: list[Commit]) -> list[Commit]:
    """The commitments outside a question the reply asks itself between options: a sentence ending in a question
    mark and offering alternatives ("是选 A 还是选 C 呢？", "Is it A or C?") commits to none of them, whatever answer
    marker stands inside it ("选 C"); the answer it then gives ("选 A。") is read as usual, and a question left open
    is no answer. A question going on with the alternative ("答案是 B 吗？还是 C？", "Is it B? Or C?") is one with the
    question just before it."""
    asked: list[tuple[int, int]] = []
    start = 0
    question = -1  # where the question just before opens (-1: the sentence before is no question)
    for m in _QUESTION_BOUNDS.finditer(flat):
        if m.group(0) not in "?？":
            question = -1
        elif (alternative := _ALTERNATIVES.search(flat, start, m.start())) is not None:
            lo = start
            if question >= 0 and not flat[start:alternative.start()].strip():
                lo = question  # "还是 C？" after "答案是 B 吗？"
                if asked and asked[-1][0] == question:
                    asked.pop()
            asked.append((lo, m.start()))
            question = lo
        else:
            question = start
        start = m.end()
    if not asked:
        return commits
    starts = [lo for lo, _ in asked]
    kept = []
    for c in commits:
        at = bisect_right(starts, c.pos) - 1  # the last question opening at or before the commitment
        if at < 0 or c.pos >= asked[at][1]:
            kept.append(c)
    return kept


def _commitments(d: Decision) -> None:
    reader = d.reader
    d.segments = [_kept(reader, segment) if segment else segment for segment in reader.eager_segments(d.negatives)]
    lead = leading(reader)
    d.lead = lead if lead is None or _kept(reader, [lead]) else None
    d.commits = [c for segment in d.segments if segment is not None for c in segment]
    if d.lead is not None:
        d.commits.append(d.lead)
    d.chosen = _pick(d.commits, d.negatives)


def _strong_phrases(d: Decision) -> None:
    chosen = d.chosen
    if chosen is None or chosen.tier < 3:
        # phrases committing strongly change the choice only past a strong one (or when there is none)
        phrases = _kept(d.reader, d.reader.strong_phrases(chosen.pos if chosen is not None and chosen.tier == 2
                                                              else -1))
        if phrases:
            d.segments[0].extend(phrases)
            d.commits.extend(phrases)
            d.chosen = _pick(d.commits, d.negatives)


def _weak_commitments(d: Decision) -> None:
    # The weak segments not read yet cannot change a strong (tier 2+) choice; they matter only through a
    # correction cue after it ("..., no wait, so C"), so they are read when there is no strong choice or
    # such a cue follows it.
    chosen = d.chosen
    if chosen is None or chosen.tier < 2 or any(start > chosen.pos for start, _ in d.reader.cues()):
        d.commits = _kept(d.reader, d.reader.all_commits(d.segments))
        if d.lead is not None:
            d.commits.append(d.lead)
        d.chosen = _pick(d.commits, d.negatives)


def _self_correction(d: Decision) -> None:
    chosen = d.chosen
    fixes = d.reader.corrections(chosen.pos if chosen else -1)
    blind = d.reader.cannot_see()
    if blind >= 0:  # "I can't see the pie chart. It's B, no wait, D.": after a refusal nothing is corrected to
        fixes = [c for c in fixes if c.pos < blind]
    if chosen is not None and (blind < 0 or chosen.pos < blind):
        # a commitment of any strength after a correction cue that follows the chosen one replaces it
        for cue_start, _ in d.reader.cues():
            if cue_start > chosen.pos:
                later = [c for c in d.commits if c.pos > cue_start and c.letter is not None
                         and c.letter not in d.negatives]
                if later:
                    last = max(later, key=lambda c: c.pos)
                    fixes.append(Commit(last.pos, 4, last.letter, "self-correction"))
                break
    if not fixes and chosen is not None and chosen.method == "leading-letter":
        # "C. No wait, iron is an element. Water (H₂O) is the compound.": the option described after the cue
        fixed = d.reader.corrected_content(chosen.pos)
        if fixed is not None and fixed.letter != chosen.letter and fixed.letter not in d.negatives:
            fixes.append(Commit(len(d.reader.flat), 4, fixed.letter, "self-correction"))
    if fixes:
        d.chosen = max(fixes, key=lambda c: c.pos)
        d.corrected = True
    elif chosen is not None and chosen.tier >= 3 and chosen.letter is not None:
        # the final commitment wins: an answer statement closing the reply ("So, the correct answer is:\n(D) 5")
        # after a box naming another option ("\boxed{7}") replaces it
        flat = d.reader.flat
        later = [c for c in d.commits if c.pos > chosen.pos and c.letter is not None]
        last = max(later, key=lambda c: c.pos) if later else None
        if last is not None and last.tier == 2 and last.letter != chosen.letter \
                and last.letter not in d.negatives and len(flat) - last.pos <= 120 \
                and flat.count("\n", last.pos) <= 1 and not flat[last.pos:].strip().endswith("?"):
            d.chosen = last


def _odd_one_out(d: Decision) -> ChoiceResult | None:
    chosen = d.chosen
    if chosen is None or chosen.method != "affirmation":
        return None
    affirmed = {c.letter for c in d.commits if c.method == "affirmation" and c.letter is not None}
    if len(affirmed) < 2:
        return None
    odd = odd_one_out(d.reader.flat, d.reader.optset.opt_norm)
    if odd is None or odd in affirmed or affirmed | {odd} != set(d.reader.optset.letters):
        return None  # (every option judged: the others affirmed, this one alone said false)
    return ChoiceResult(odd, "odd-one-out", f"options {', '.join(sorted(affirmed))} are affirmed in turn and option "
                                            f"{odd} is said to be the false one")


def _taken_back(d: Decision) -> ChoiceResult | None:
    """The chosen answer named and denied after a correction cue, with no answer after the denial ("The answer is B.
    Wait, actually it's not B either: ..."; ``rules.TAKEN_BACK``)."""
    reader, chosen = d.reader, d.chosen
    if d.corrected or chosen is None or chosen.letter is None or (reader.low.find(" not ", chosen.pos) < 0
                                                                   and reader.low.find("isn", chosen.pos) < 0) \
            or not any(h in reader.low for h in TAKEN_BACK_HINTS):
        return None
    for m in TAKEN_BACK.finditer(reader.flat, chosen.pos):
        if m.group("letter") == chosen.letter and not any(
                c.pos >= m.end() and c.letter is not None for c in d.commits):
            return ChoiceResult(None, "none", f"the reply takes its answer {chosen.letter} back ({m.group(0)!r})")
    return None


def _withdrawn(d: Decision) -> ChoiceResult | None:
    if (taken := _taken_back(d)) is not None:
        return taken
    reader, chosen = d.reader, d.chosen
    # (a weak reading inside the hedge's own sentence, "It's either A or B — ..., but the square's corners ...",
    # settles nothing: only a stated answer after the hedge does)
    weak = chosen is not None and chosen.tier < 2 and chosen.note in _TEXT_NOTES  # (an option's text, not a letter)
    found = withdrawn(reader.flat, reader.letter_set, -1 if chosen is None or weak else chosen.pos,
                      combined=reader.optset.combined)
    if found is None:
        return None
    if weak and withdrawn(reader.flat, reader.letter_set, chosen.pos, combined=reader.optset.combined) is None:
        hedge = HEDGE_BETWEEN.search(reader.flat, found[1])
        between = reader.flat[hedge.end() if hedge else found[1]:chosen.pos]
        if re.search(r"[.!?](?:\s|$)", between) or _SETTLED_BY.search(between):
            return None  # ("It is either A or B. Looking closer, the circle ...", "— and after measuring, it's the circle")
    why, start = found
    for closing_says, said in ((UNDETERMINED_CLOSING, reader.optset.undetermined),
                               (NO_OPTION_CLOSING, reader.optset.none_above)):
        if not why.endswith(closing_says):
            continue
        if len(said) == 1:  # "it cannot be determined" / "no option is correct" chooses the one option saying so
            return ChoiceResult(said[0], "option-text", f"{why}, which option {said[0]} says")
        closing = reader.flat[start:]
        named = option_texts(closing, norm_text(closing), reader.optset)
        if said or (named is not None and named.letter is not None):
            return None  # several such options, or the statement is an option's text ("We cannot say"): read on
        return ChoiceResult(None, "refusal", why)
    return ChoiceResult(None, "ambiguous", why)


def _tied_clash(reader: Reader, lo: int, hi: int) -> tuple[int, int, str, str] | None:
    """The last letter the reply gives, within ``flat[lo:hi]``, as the name of a value it just stated ("4 cm, i.e.
    D"), when the value is another option's: (start, end, the letter, the value's option). A value and a letter
    naming two options choose neither (as "(B) 30°" where 30° is option A)."""
    flat = reader.flat
    lo = max(0, lo)
    low = reader.low[lo:hi]
    if not any(cue in low for cue in _TIE_CUES):
        return None
    last = None
    for m in TIED_LETTER.finditer(flat, lo, hi):
        last = m
    if last is None or last.group("letter") not in reader.letter_set:
        return None
    value = last.group("value")
    hit = reader.exact_text(value)
    # a set of numbers is an option's text, not a number: it is that option's value all the same
    if hit is None or (hit[0] != "value" and "{" not in value) or hit[1] == last.group("letter"):
        return None
    return last.start(), last.end(), last.group("letter"), hit[1]


def _under_condition(flat: str, pos: int) -> bool:
    """Is the commitment at ``pos`` in a clause opened by a condition ("If the radius is 1, the answer is C", "若…，
    则答案为 C"; ``rules.CONDITION_OPEN``)? The clause starts after the last sentence or clause break (. ; ! ? 。 ；)."""
    lo = max(0, pos - 200)
    cut = max(flat.rfind(ch, lo, pos) for ch in ".;!?。；\n")
    return CONDITION_OPEN.match(flat, max(cut + 1, lo)) is not None


def _hedge(d: Decision) -> ChoiceResult | None:
    chosen, reader, commits = d.chosen, d.reader, d.commits
    if d.corrected or chosen is None or chosen.letter is None:
        return None
    clash = _tied_clash(reader, chosen.pos - 60, chosen.pos + 60)
    if clash is not None and clash[0] - 3 <= chosen.pos < clash[1] and chosen.letter in clash[2:]:
        return ChoiceResult(None, "ambiguous", f"the letter {clash[2]} names the value of option {clash[3]}")
    low = reader.low
    hedge = reader.hedge(chosen, commits, d.negatives, d.segments) if (
        len(commits) > 1 or not reader.fold_ok or low.find("or ", chosen.pos) >= 0
        or any(low.find(word, chosen.pos) >= 0 for word in _HEDGE_WORDS)) else None
    if hedge is None and chosen.tier >= 2 and len(commits) >= 3:
        hedge = _flip_flop(chosen, commits)
    if hedge is None and chosen.method == "answer-marker" and len(reader.optset.letters) >= 3:
        # "Answer: (A), the river flows ... (B), the cook seasons ... (C), ...": the answer line gives every option in
        # turn, each with a sentence of its own: a walk through them, no choice
        after = {m.group(1) for m in _LABEL_IN_TURN.finditer(reader.flat, chosen.pos)}
        if after >= set(reader.optset.letters):
            hedge = "the answer line gives every option in turn"
    if hedge is None and chosen.method == "affirmation":
        # "所以，选项 A 是正确的。... 选项 C 是正确的。" and nothing after choosing between them: two options found
        # correct, neither chosen
        # (each in a sentence of its own: "C matches better than A, but D matches best" ranks them; "Only A is
        # correct" excludes the other; a correction cue between them takes the earlier back)
        flat, cues = reader.flat, reader.cues()
        exclusive = _ONLY_BEFORE.search(flat[max(0, chosen.pos - 25):chosen.pos])
        others = [] if exclusive else sorted({
            c.letter for c in commits if c.method == "affirmation" and c.letter is not None
            and c.letter != chosen.letter and c.letter not in d.negatives
            and _SENTENCE_BREAK.search(flat, min(c.pos, chosen.pos), max(c.pos, chosen.pos))
            and not any(min(c.pos, chosen.pos) < start < max(c.pos, chosen.pos) for start, _ in cues)})
        if others:
            hedge = f"the reply finds options {others[-1]} and {chosen.letter} correct and chooses neither"
    if hedge is None and len(commits) > 1 and _under_condition(reader.flat, chosen.pos):
        # "if the radius is 1, the answer is \boxed{C}; if it is 2, \boxed{D}": two answers, each under its condition
        other = [c.letter for c in commits if c.letter not in (None, chosen.letter) and chosen.pos - 300 < c.pos
                 and _under_condition(reader.flat, c.pos)]
        if other:
            hedge = f"answers under two conditions ({other[-1]}, {chosen.letter})"
    if hedge is None and any(word in low for word in _CONDITION_WORDS) \
            and len(_CONDITION_NEEDS.findall(low, max(0, chosen.pos - 300), chosen.pos + 300)) >= 2:
        # "If the y-axis is logarithmic, the steepest line corresponds to C; if it is linear, the fastest growth would
        # be D.", "Assuming a log axis, C; assuming a linear one, D.": clauses opening on the same kind of condition,
        # each naming its option, the chosen one among them
        hedge = _two_conditions(reader.flat, chosen, reader.optset.letters)
    if hedge is not None:
        return ChoiceResult(None, "ambiguous", hedge)
    return None


# what settles a hedge before an option's text read after it: a conclusion, a finding, the writer's choice
_SETTLED_BY = lazy_compile(r"(?i)\b(?:so|therefore|thus|hence|i\s+think|it'?s|it\s+is|shows?|turns\s+out|after|answer|final|"
                           r"choose|pick|go\s+with|definitely|clearly)\b")
# a clause opening on a condition ("If ...", "When ...", "Assuming ...", "In case ...", "For a ... axis", after the
# reply's start, a sentence's or a clause's end, maybe "but", "and", "on the other hand"), then an option's letter
# standing alone after a verb or a comma; not a second choice offered as such ("if you want a second choice, B")
_CONDITIONAL_CLAUSE = lazy_compile(
    r"(?:^|(?<=[.;,!?\n]))\s*(?:(?i:but|and|whereas|while|otherwise|on\s+the\s+other\s+hand)\s*,?\s*)?"
    r"(?P<word>(?i:if|when|assuming|suppose|in\s+case|for\s+an?))\b"
    r"(?![^.;!?\n]{0,60}?\b(?i:second|another|alternative|backup|next)\s+(?i:choice|option|pick|guess))"
    r"[^.;!?\n]{0,120}?(?:\b(?i:is|be|are|option|choose|pick|it's|go\s+with|corresponds?\s+to|points?\s+to|matches)\s+"
    r"|,\s*)"
    r"\(?(?P<letter>[A-J])\)?(?![\w'])")
_CONDITION_WORDS = ("if ", "when ", "assum", "suppose", "in case", "for a")
_CONDITION_NEEDS = lazy_compile(r"\b(?:if|when|assuming|suppose|in\s+case|for\s+an?)\b")


def _two_conditions(flat: str, chosen: Commit, letters: str) -> str | None:
    """Why the chosen answer is a hedge between conditions, or None: near it, two clauses opening on the same kind of
    condition name two options, the chosen one of them (:data:`_CONDITIONAL_CLAUSE`)."""
    lo, hi = max(0, chosen.pos - 300), min(len(flat), chosen.pos + 300)
    found = [m for m in _CONDITIONAL_CLAUSE.finditer(flat, lo, hi) if m.group("letter") in letters]
    mine = [m for m in found if m.start() <= chosen.pos <= m.end() + 2]  # the chosen answer's own clause
    for m in mine:
        kind = m.group("word").split()[0].lower()
        others = [n for n in found if n.group("word").split()[0].lower() == kind and n.group("letter") != chosen.letter]
        if m.group("letter") == chosen.letter and others:
            return f"answers under two conditions ({chosen.letter}, {others[0].group('letter')})"
    return None


def _retracted(d: Decision) -> ChoiceResult | None:
    chosen = d.chosen
    if d.corrected or chosen is None or chosen.letter is None:
        return None
    # no letter after a later correction cue: an option's text there may retract the answer
    fixed = d.reader.corrected_content(chosen.pos)
    if fixed is not None and fixed.letter != chosen.letter:
        return fixed
    return None


def _truncated(d: Decision) -> ChoiceResult | None:
    chosen, reader = d.chosen, d.reader
    if (chosen is None or (chosen.tier < 2 and chosen.note)) and cut_off(reader):
        # "Subtracting 9 from both sides gives": a number or option text met on the way is no answer
        return ChoiceResult(None, "truncated", "the reply was cut off before it answered")
    if chosen is not None and not d.corrected and "<think>" in reader.text and "</think>" not in reader.text \
            and reader.flat.rstrip()[-1:] not in _SENTENCE_ENDS \
            and (chosen.tier < 2 or any(start > chosen.pos for start, _ in reader.cues())):
        # a thinking block never closed: "... so the answer is C. But wait, I should double-check whether" reopens
        # the answer, and the reply stops before it concluded again; a weak choice on the way ("which would be 2/3
        # (D). Let me recount the sectors, starting from the top one, which") is none when it stops mid-sentence
        return ChoiceResult(None, "truncated", "the thinking was cut off after it reopened its answer")
    return None


def _walk(d: Decision) -> ChoiceResult | None:
    chosen = d.chosen
    if (chosen is None and not d.negatives) or (chosen is not None and chosen.tier < 2
                                                and chosen.note in _TEXT_NOTES):
        end = walks_through(d.reader)
        if end >= 0 and (chosen is None or chosen.pos < end):  # a choice made after the walk still counts
            return ChoiceResult(None, "walk", "the reply goes through the options in turn and chooses none")
    return None


# a conclusion word opening the sentence before a letter: "Therefore, (C) is correct."
_CONCLUDING_BEFORE = lazy_compile(r"(?i)(?:^|[.!?]\s+)(?:therefore|thus|hence|so|consequently|in\s+conclusion)\s*,?\s*"
                                  r"(?:option\s+|choice\s+)?[(\[]?\s*$")


def _closing_statement(d: Decision) -> ChoiceResult | None:
    chosen = d.chosen
    if d.corrected or chosen is None or chosen.method != "leading-letter" or any(
            c.tier >= 2 and c.letter is not None and c.pos > chosen.pos for c in d.commits):
        return None
    # "(A) misses the cross term. (B) ... (D) ... Therefore, (C) is correct.": an opening label, then a closing
    # sentence concluding that another option is correct (the final commitment)
    flat = d.reader.flat
    later = [c for c in d.commits if c.method == "affirmation" and c.letter not in (None, chosen.letter)
             and c.pos > chosen.pos and c.letter not in d.negatives]
    if later and _CONCLUDING_BEFORE.search(flat[max(0, later[-1].pos - 30):later[-1].pos]) \
            and not _SENTENCE_BREAK.search(flat, later[-1].pos, len(flat.rstrip().rstrip(".!。！"))) \
            and not d.reader.counterfactual(later[-1].pos):
        return ChoiceResult(later[-1].letter, "closing-statement",
                            f"the reply opens with {chosen.letter} and concludes that option {later[-1].letter} is correct")
    # an opening label whose own explanation closes on another option's statement: the closing statement counts
    closing = d.reader.closing_statement()
    if closing is not None and closing.pos > chosen.pos and closing.letter != chosen.letter \
            and closing.letter not in d.negatives and not d.reader.counterfactual(closing.pos):
        return ChoiceResult(closing.letter, "closing-statement",
                            f"the reply opens with {chosen.letter} and closes stating option {closing.letter}")
    return None


def _commitment(d: Decision) -> ChoiceResult | None:
    chosen = d.chosen
    if chosen is None:
        return None
    if chosen.letter is None:
        return ChoiceResult(None, chosen.method, chosen.note)
    method = chosen.method
    if chosen.note in ("option-text", "answer-value") and method not in ("boxed", "answer-tag"):
        method = chosen.note
    if method == "conclusion" and d.negatives - {chosen.letter}:
        method = "elimination"
    return ChoiceResult(chosen.letter, method, f"{chosen.method} at offset {chosen.pos}")


def _elimination(d: Decision) -> ChoiceResult | None:
    remaining = [x for x in d.reader.letters if x not in d.negatives]
    if d.negatives and len(remaining) == 1 and d.reader.cannot_see() < 0:  # (after a refusal nothing is ruled out)
        return ChoiceResult(remaining[0], "elimination",
                            f"every other option is ruled out ({', '.join(sorted(d.negatives))})")
    return None


def _special_option(d: Decision) -> ChoiceResult | None:
    return special_option(d.reader)


# "none of those" / "none of them" / "none of these": some options ruled out, not every one declined
_SOME_RULED_OUT = lazy_compile(r"(?i)none\s+of\s+(?:those|them|these)")


def _refusal(d: Decision) -> ChoiceResult | None:
    reader = d.reader
    refusal = (REFUSAL.low.search(reader.low) if REFUSAL.needs.test(reader.low) else None) \
        if reader.fold_ok else REFUSAL.pattern.search(reader.flat)
    if not refusal and reader.cannot_see() < 0:
        return None
    if refusal and reader.cannot_see() < 0 and _SOME_RULED_OUT.fullmatch(refusal.group()):
        # "91 = 7 × 13, 87 = 3 × 29, 93 = 3 × 31. None of those is prime. ... So only the second one is prime.": the
        # options ruled out in turn, not the reply declining; its closing sentence names the one left by its place
        placed = closing_place(reader.flat, dict(reader.optset.options))
        if placed is not None and placed.letter is not None:
            return placed
    none_of = ("none of the" in reader.low) if reader.fold_ok else NONE_OF_THE.search(reader.flat)
    found = reader.content() if none_of else None
    if found is not None and found.letter is not None and (
            reader.cannot_see() < 0 or found.letter in reader.optset.none_option):
        # "None of the above seemed right at first, but ... 5 dots"; after "I don't have access to the figure", only
        # the option saying none ("none of the arrows would represent it" names no arrow)
        return found
    return ChoiceResult(None, "refusal", "the reply declines to choose")


def _none_among(d: Decision) -> ChoiceResult | None:
    return none_among(d.reader)


# a reply's sentences up to the last one it finished
_FINISHED = lazy_compile(r"[\s\S]*[.!?。！？](?=\s|$)")


def _loop(d: Decision) -> ChoiceResult | None:
    reader = d.reader
    if d.loops <= 0:
        return None  # the text before a loop ends in another loop, and that in another: read it as it is
    loop = reader.end_loop()
    if loop is None:
        return None
    before = reader.flat[:loop.start]
    found = read(before, reader.optset, reader.rules, d.loops - 1) if before.strip() else None
    if found is not None and (found.method == "key-word" or found.method == "truncated") and len(before) <= 2000:
        # what the reply says before its loop counts only in the sentences it finished ("Chlorophyll is found in the
        # chloroplast. The chloroplast is the the ..."): a word only one option has, in the sentence it breaks down in
        # ("The main function of red blood cells is to the the cells ...": it restates the question), is no choice
        # (a long text before the loop is read as before: reading it again as it is would cost more than linear work)
        finished = _FINISHED.match(before)
        again = read(finished.group(), reader.optset, reader.rules, 0) if finished else None  # (read as it is: once)
        found = again if again is not None and again.method != "truncated" and (
            found.method == "truncated" or again.letter == found.letter) else None
    if found is not None and found.letter is not None:
        return found
    return ChoiceResult(None, "loop", "the reply ends in a loop repeating itself and chose nothing before it")


def _option_text(d: Decision) -> ChoiceResult | None:
    opening = _OPENING_HEDGE.match(d.reader.flat)
    if opening and {opening.group(1), opening.group(2)} <= set(d.reader.letter_set) \
            and opening.group(1) != opening.group(2) \
            and not any(m.group() in d.reader.letter_set for m in _LETTER_AGAIN.finditer(d.reader.flat, opening.end())) \
            and _STILL_UNSURE.search(d.reader.flat, opening.end()):
        # "Could be A or B — ribosomes are heavily involved ... too. Hard to say.": a reply opening on a hedge between
        # two letters, choosing no letter after it and still unsure, chooses no option by an option's words either
        return ChoiceResult(None, "ambiguous", f"the reply opens hedging between options ({opening.group(1)} or "
                                               f"{opening.group(2)})")
    found = d.reader.content()
    if found is not None and found.letter is None:
        fixed = d.reader.corrected_content(-1)
        if fixed is not None:
            return fixed
    if found is not None and found.letter in d.negatives:
        # "... the 45° angle. Incorrect choice: (B)": an option the reply rules out is not chosen by its text
        return ChoiceResult(None, "none", f"option {found.letter}'s text is met, but the reply rules it out")
    if found is not None and found.letter is not None:
        clash = _tied_clash(d.reader, len(d.reader.flat) - 300, len(d.reader.flat))
        if clash is not None and clash[3] == found.letter:
            return ChoiceResult(None, "ambiguous", f"the letter {clash[2]} names the value of option {clash[3]}")
    return found


# a reply opening on two letters offered as alternatives: "Could be A or B", "Either (A) or (B)", "Maybe A or B"
_OPENING_HEDGE = lazy_compile(r"\W*(?i:(?:it\s+)?(?:could|might|may)\s+be\s+|either\s+|maybe\s+|perhaps\s+|possibly\s+)"
                              r"[(\[]?([A-J])[)\]]?\s+(?i:or)\s+[(\[]?([A-J])[)\]]?(?![\w'’])")


# the reply still unsure after its opening hedge: "Hard to say without more context.", "both fit", "not sure"
_STILL_UNSURE = lazy_compile(r"(?i)\bhard\s+to\s+(?:say|tell)|\bnot\s+sure\b|\bunsure\b|\bcan(?:'t|not)\s+tell\b|"
                             r"\bboth\s+(?:fit|seem|could|are|work)|\beither\s+(?:could|works|one)\b|\bdifficult\s+to\s+"
                             r"(?:say|tell)|\bunclear\b|\bwithout\s+more\b")
_LETTER_AGAIN = lazy_compile(r"(?<![\w'’])[A-J](?![\w'’])")


def _lone_letter(d: Decision) -> ChoiceResult | None:
    lone = lone_letter(d.reader, d.negatives)
    if lone is not None and (lone.letter is None or lone.letter not in d.negatives):
        return lone
    return None


def _key_word(d: Decision) -> ChoiceResult | None:
    reader = d.reader
    spans = reader.counterfactual_spans()
    low = reader.low
    if spans:  # (each span blanked once: a test per character and span was quadratic)
        chars = list(low)
        for a, b in spans:
            chars[a:b] = " " * (b - a)
        low = "".join(chars)
    keyed = key_word(reader.optset, low, 20)  # a word named under a condition ("if the y-axis is logarithmic") is none
    if keyed is not None and keyed not in d.negatives and not cut_off(reader):
        return ChoiceResult(keyed, "key-word", f"the reply names a word only option {keyed} has")
    return None


def _so_clause(d: Decision) -> ChoiceResult | None:
    reader = d.reader
    clause = so_clause_key_word(reader.low, reader.fold_ok, reader.optset)
    if clause is not None and clause.letter not in d.negatives and not cut_off(reader):
        return clause
    return None


def _nothing(d: Decision) -> ChoiceResult:
    return ChoiceResult(None, "none", "no option could be read from the reply")


@dataclass(frozen=True)
class Step:
    """One step of the decision: ``run`` answers (a ``ChoiceResult``) or returns None to go on."""

    name: str
    run: Callable[[Decision], ChoiceResult | None]


#: The decision, in order (documented in this module's docstring, which a test compares with it).
STEPS: tuple[Step, ...] = (
    Step("empty", _empty),
    Step("sole", _sole),
    Step("both", _both),
    Step("commitments", _commitments),
    Step("strong-phrases", _strong_phrases),
    Step("weak-commitments", _weak_commitments),
    Step("self-correction", _self_correction),
    Step("odd-one-out", _odd_one_out),
    Step("withdrawn", _withdrawn),
    Step("hedge", _hedge),
    Step("retracted", _retracted),
    Step("truncated", _truncated),
    Step("walk", _walk),
    Step("closing-statement", _closing_statement),
    Step("commitment", _commitment),
    Step("elimination", _elimination),
    Step("special-option", _special_option),
    Step("refusal", _refusal),
    Step("none-among", _none_among),
    Step("loop", _loop),
    Step("option-text", _option_text),
    Step("lone-letter", _lone_letter),
    Step("key-word", _key_word),
    Step("so-clause", _so_clause),
    Step("nothing", _nothing),
)
_RUNS = tuple(step.run for step in STEPS)


def read(response: str, optset: OptionSet, rules: RuleSet = RULES, loops: int = 3) -> ChoiceResult:
    """``infer_choice`` for a non-empty reply and option set, by the full reader (``rules``: the marker tables;
    ``loops``: how many loops at the end, one before the other, the ``loop`` step cuts off at most, so a reply
    made of many short loops is read a bounded number of times)."""
    decision = Decision(Reader(response, optset, rules), loops)
    for run in _RUNS:
        found = run(decision)
        if found is not None:
            return found
    raise AssertionError("the last step always answers")  # pragma: no cover
