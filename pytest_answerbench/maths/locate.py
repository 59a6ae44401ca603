"""Where a response states its final answer: the locating rules as a priority table (``RULES``), and what ends
the part of a response they read (``CUTS``).

:func:`final_answer` reads a response the way a careful grader does: the answer it
finally commits to, wherever it writes it. The rules, strongest first (the table is the specification; a test
compares it with this list):

1. ``json-field``: the ``answer`` (``final_answer``, ``result``...) field of a JSON-shaped reply
   (:mod:`.structured`), unless the text after the object takes it back ("Wait, I double-counted. The correct
   answer is 12.": that text is read by the rules below); without one (or with an empty one), an answer the text
   after the object states (read by the rules below: the response closes on it), else its reasoning field, read by
   the rules below (method ``json-reasoning``); a reply opening with an object that answers in no field commits to
   nothing.
2. ``answer-tag``: the last ``<answer>...</answer>`` block of an RL-trained model (also with a lost ``<``:
   ``answer> 30``, or a line ``answer`` before the last line; left open, its first paragraph), its content read by
   the other rules ("<answer>He has $72 left.</answer>" is 72).
2. ``boxed``: the last ``\\boxed{}`` (with the boxes joined to it on its line: one multi-part answer).
2. ``boxed-cut``: a box the response was cut off in, its content so far the start of the last math span before it
   (displayed, then cut off while boxing it): that span.
2. ``answer-line``: the last answer line: "The final answer is", "Answer:", "**Final Answer**", a few-shot
   "A: 18", GSM8K's "#### 18", "答案是" / "最终答案" (``extract._MARKERS``).
2. ``total-line``: a last line whose label in words names a total, then an equation chain ending in a number
   ("Total thickness = 31 + 50 + 45 + 62 = 188 mm" is 188 mm): a result the response closes on.
3. ``prose``: the conclusion of the last line or closing paragraph (:mod:`.prose`).

To a question asking yes or no (:func:`.meaning.asks_yes_no`), an answer line that opens with its verdict ("Final
Answer: Yes, it can be done (with the square at $(3,3)$).", "Not always: ...") states that verdict, and a reply that
opens with one ("Yes. One arrangement is ...") commits to it when its closing statement makes no claim of its own.
When the question asks k ordered parts or blanks and the table's reading states fewer (method ``parts``), the
response's sections labelled (1), (2), ... or (a), (b), ... in order give one answer each, else a closing sentence
with exactly k math spans gives them in order. A closing line whose values each name their part ("$7$ (part b) and
$3$ (part a)") answers the parts in the labels' order, whatever the order of writing, with or without the question;
a family phrase right after the answer ("$(2,3,6)$ and its permutations") stays with it (:mod:`.family`).

A tag, a box and an answer line share a priority: the later of the two wins, because a later explicit correction
replaces an earlier answer ("\\boxed{3}. Wait, that's wrong... So the final answer is 5."), and an answer line
after a box counts only when it states an answer. A lower priority is read only when no rule above it found one.

The final commitment wins (the grading conventions): what a response says along the way commits to nothing. An answer
marker in a supposition or a check ("if it asked for three-digit factors, the answer would be 0", "let me check
whether the answer is 36"), in the conditional ("would be"), stating a partial result ("the answer is 20 so far")
or the answer's form ("The answer should be a single number.", "the answer is an integer", "the answer is S1 + S2"
in names the response gave quantities it has still to find), and, on a line later lines follow, a guess ("maybe
the answer is 15"), a question ("So the answer is 12? Let me verify.") or a negated, hedged or bounded statement
("the answer isn't 4", "is probably 30", "is at least 50") is no answer line (:func:`musing`); and a reasoning
block (``<think>...</think>``, or s1's ``<|im_start|>think`` and ``<|im_start|>answer`` sections) is cut off (cut
``think``): the text after it is the response, the block's own conclusion counts only when nothing follows it, and a
reply that opens a block and never closes it stopped while thinking: it commits to nothing, unless its last line
closes on a box ("So the number of arrangements is \\boxed{60}."): that is the block's conclusion, and nothing follows it. An answer (an answer line or a box)
the next sentence takes back ("Wait, that's not right", "I misread", the question restated to be read again) is no
commitment (:func:`taken_back`); a check that may confirm it leaves it standing. A condition on how the answer is
written ("If we want to express this as a fraction, ...") supposes nothing and commits; a closing line supposing
something about the problem commits to nothing. A "Question:" restating the row's question (``question``) is no new
question: no cut is made there.

Before any rule reads, GSM8K calculator annotations (``$<<5*25=125>>125``) and GAOKAO-Bench's end-of-explanation and
end-of-answer tokens (``<eoe>``, ``<eoa>``, wherever they stand, inside a formula too) are dropped, and a text whose every
``$`` is followed by a digit writes dollars, not math (``$4 * 30 = $120``), and the forms Chinese replies write values
in are written as the rules read them (:func:`.chinese.plain_chinese`: ``ｘ＞２``, ``三分之一``, ``3千米``, ``第一空 2，第二空
3``). Then the response is cut (``CUTS``): at a chat template's next turn, and at a new invented
question when the text before it already states an answer (a labelled one, "Question:", or a problem posed
with no label after a box, in topic words neither the row's question nor the response used); a block repeating itself at the end is read once; a
duration written in two units ("3 hours and 35 minutes") is one quantity in the smaller ("215 minutes"). A
response cut off mid-derivation has no closing answer; a JSON reply cut off inside its object has only an answer
field completed before the cut. An echoed answer template (``Answer: <answer>``) and an answer marker the response
stops right after state nothing and are not read.

Adding a rule is adding a finder (``_Scope`` -> ``Found`` or None) and its ``Rule`` row.
"""

from __future__ import annotations

import re
from fractions import Fraction
from dataclasses import dataclass, field
from functools import cached_property
from itertools import islice
from typing import Callable, Iterator

from ..text.loops import end_loop
from .extract import (
    JOINER, PART_LABEL, SPAN, Extraction, after_correction, answer_like, boxed_all, committing, dollar_formulas,
    formula_key, labelled_run,
    marker_matches, math_spans, split_sentences, stated_after, truncated, with_trailing_unit,
)
from .chinese import plain_chinese
from .described import shape, winner
from .meaning import (
    CJK_ASKED_WORD, DOUBTED, OF_ITS_PARTS, PLAYERS, YES_FAMILIES, alternative_named, answers_question, asks_yes_no, claim, cjk_polarity, keeps_truth_verdict, opening_verdict,
    property_words, states_asked_property,
)
from .described import offered_stance, stance_words
from .compare.parametric import names_families
from .family import family_after
from .prose import (
    ASIDE_AT_END, afterthought, closing_statement, concludes, conditions_or, form_stated, labelled_parts, numbered_line, opens_steps, plain_dollars,
    other_object_remark, trivia_aside, without_closing_asides, without_closing_brackets, without_concession,
)
from .normalize import SCRIPT_DIGITS, clean, number_words, split_answers
from .structured import JsonReply, json_reply
from .units import MISMATCH, convertible, unit_factor, unit_tail
from .compare.asked import asked_unit
from ..text.patterns import lazy_compile

__all__ = ["CUTS", "RULES", "Cut", "Rule", "final_answer", "in_asked_unit", "musing"]


@dataclass(frozen=True)
class Cut:
    """What ends the part of a response a rule reads: ``name``, and ``doc``, what it cuts and why."""

    name: str
    doc: str


#: The cuts, by name; each rule lists those that apply to it.
CUTS: dict[str, Cut] = {cut.name: cut for cut in (
    Cut("new-turn", "a chat template's next turn (<|user|>, <|im_start|>, [INST], 'Human:', 'user:') ends the "
                    "response"),
    Cut("continuation", "a new invented question ('Question:', 'Q:', 'Problem:', '### Instruction', 问题:) ends the "
                        "response when the text before it states an answer (committed, or a concluding sentence); "
                        "so does a problem posed with no label, in topic words of its own, after a box"),
    Cut("loop", "a block of words repeated three times or more at the end is read once (text.loops)"),
    Cut("degenerate", "a response ending in such a loop has no prose conclusion"),
    Cut("cut-off", "a response stopping mid-derivation (extract.truncated) or inside a box states no closing answer"),
    Cut("cut-off-statement", "an answer line cut off while stating its answer states none"),
    Cut("calculator", "GSM8K calculator annotations (<<5*25=125>>) are dropped: the value follows them"),
    Cut("harness-marks", "GAOKAO-Bench's end-of-explanation and end-of-answer tokens (<eoe>, <eoa>) are the harness's, "
                         "dropped wherever they stand ('$\\frac{N_1}{N}<eoa>$'); one ending a line that left a math "
                         "span open closes it ('$k=\\frac{1}{2}<eoa>')"),
    Cut("currency", "a text whose every $ is followed by a digit writes dollars ($4 * 30 = $120), not math spans"),
    Cut("duration", "a duration in two units ('3 hours and 35 minutes', '2 min 5 s') is one quantity in the smaller unit "
                    "('215 minutes'), not a list of two numbers"),
    Cut("think", "a reasoning block (<think>...</think>, its opening tag maybe in the prompt; s1's '<|im_start|>think' "
                 "... '<|im_start|>answer' sections): what follows it is the response's answer; the block's own "
                 "conclusion counts only when nothing after it states one; a block opened and never closed commits to "
                 "nothing, unless its last line closes on a box (nothing follows that conclusion)"),
    Cut("open-object", "a JSON reply cut off inside its object has only an answer field completed before the cut"),
    Cut("empty-marker", "a prompt's answer template echoed ('Answer: <answer>', 'ANSWER: $ANSWER') states nothing, nor "
                        "does an answer marker the response is cut off right after ('... 6 balloons.\nFinal Answer:')"),
)}


@dataclass(frozen=True)
class Found:
    """A rule's finding: where in the text (later wins within a priority) and the extraction (no answers: the
    rule settled that the response commits to nothing)."""

    pos: int
    extraction: Extraction


class _Scope:
    """One response as the rules read it: the text, and what the cuts make of it (computed once, when asked)."""

    def __init__(self, text: str, multiple: bool, question: str | None = None) -> None:
        self.text = text
        self.multiple = multiple
        self.question = question  # the row's question, when the scorer has it (a restated one is no new question)

    @cached_property
    def loop_end(self) -> int | None:
        loop = end_loop(self.text)
        return None if loop is None else loop.first_end

    @cached_property
    def unlooped(self) -> str:
        """The text through the first copy of a loop at its end (the whole text when there is none)."""
        return self.text if self.loop_end is None else self.text[:self.loop_end]

    @cached_property
    def cut_off(self) -> bool:
        """Does the response stop mid-derivation (``extract.truncated``; a dollar written ``$\\$$`` is a dollar), or
        inside a box?"""
        return truncated(plain_dollars(self.text)) or _open_box(self.text) is not None

    def bars(self, rule: Rule) -> bool:
        """Does one of ``rule``'s cuts leave it nothing to read here (``degenerate``: a loop at the end;
        ``cut-off``: a response stopping mid-derivation)? The other cuts shape what its finder reads."""
        return ("degenerate" in rule.cuts and self.loop_end is not None) or ("cut-off" in rule.cuts and self.cut_off)

    @cached_property
    def boxes(self) -> list[tuple[int, int, str]]:
        return boxed_all(self.unlooped)

    @cached_property
    def json(self) -> JsonReply | None:
        return json_reply(self.text)


@dataclass(frozen=True)
class Rule:
    """One locating rule: ``name`` (the ``Extraction.method`` it reports), ``priority`` (1 strongest; the later
    finding wins within one), ``find`` (the finder), ``cuts`` (the ``CUTS`` applied to what it reads) and ``doc``."""

    name: str
    priority: int
    find: Callable[[_Scope], Found | None] = field(repr=False)
    cuts: tuple[str, ...]
    doc: str

    def __post_init__(self) -> None:
        unknown = [c for c in self.cuts if c not in CUTS]
        if unknown:
            raise ValueError(f"rule {self.name!r}: unknown cuts {unknown}; known: {sorted(CUTS)}")


# ---- the finders -------------------------------------------------------------------------------------------------


def _json_field(scope: _Scope) -> Found | None:
    reply = scope.json
    if reply is None:
        return None
    if reply.answer is not None and not reply.answer.strip() and reply.closed and reply.end >= 0:
        later = _by_table(scope.text[reply.end:], scope.multiple, _BELOW_JSON, scope.question)
        if later is not None:
            return Found(reply.end, later)  # '{"answer": ""}' then "**Final Answer**: $5$": the text answers
    if reply.answer is not None:
        corrected = _taken_back_after(scope, reply)
        if corrected is not None:
            return corrected  # '{"answer": 14}' then "Wait, I double-counted. The correct answer is 12.": 12
        inner = _read_value(reply.answer, scope.multiple, scope.question) if reply.answer.strip() else ()
        return Found(0, Extraction(inner, "json-field"))
    if not reply.closed:
        return Found(0, Extraction((), "json-field"))  # cut off inside the object before any answer field
    later = _by_table(scope.text[reply.end:], scope.multiple, _BELOW_JSON, scope.question) if reply.end >= 0 else None
    if later is not None:
        # an object without an answer field, then "**Answer**: 28": the response closes on that answer
        return Found(reply.end, later)
    if reply.reasoning is not None:
        inner = _by_table(reply.reasoning, scope.multiple, _BELOW_JSON, scope.question)
        return Found(0, Extraction(inner.answers if inner else (), "json-reasoning"))
    if scope.text.lstrip().startswith(("{", "```")):
        # a reply opening with an object that answers in no field ('{"steps": 28}': a count of steps), and nothing
        # after it that does: it commits to nothing
        return Found(0, Extraction((), "json-field"))
    return None


_FENCE_END = lazy_compile(r"\s*(?:```[ \t]*(?:\n|\Z))?\s*")


def _taken_back_after(scope: _Scope, reply: JsonReply) -> Found | None:
    """A JSON answer field the text after the object takes back ("Wait, I double-counted ..."): a later explicit
    correction replaces it, so the text after the retraction is read by the rules below (no answer there: the
    response commits to nothing). None when nothing takes the field back."""
    if reply.end < 0:
        return None
    after = scope.text[reply.end:]
    start = _FENCE_END.match(after).end()
    if not _RETRACT.match(after, start):
        return None
    later = _by_table(after[start:], scope.multiple, _BELOW_JSON, scope.question)
    if later is not None and later.method == "prose" and not any(re.search(r"[\d\\]", a) for a in later.answers):
        later = None  # "Wait, that is wrong.": the retraction itself states no answer
    return Found(reply.end, later if later is not None else Extraction((), "json-field"))


def _read_value(value: str, multiple: bool, question: str | None = None) -> tuple[str, ...]:
    """An answer field's value, read by the rules below (it may say "The answer is 18" or "\\boxed{18}")."""
    inner = _by_table(value, multiple, _BELOW_JSON, question)
    if inner is not None:
        return inner.answers
    value = value.strip()
    return (value,) if 0 < len(value) <= 200 else ()


_TAG_OPEN = lazy_compile(r"<answer>|(?<![<\w/ ])answer>|(?m:^[ \t]*answer[ \t]*\n)(?=[^\n]{1,80}\s*(?:</\s*answer\s*>\s*)?\Z)", re.I)
_TAG_CLOSE = lazy_compile(r"</\s*answer\s*>", re.I)


def _answer_tag(scope: _Scope) -> Found | None:
    text = scope.text
    opened = None
    for opened in _TAG_OPEN.finditer(text):
        pass
    if opened is None:
        return None
    close = _TAG_CLOSE.search(text, opened.end())
    content = text[opened.end():close.start() if close else len(text)].strip()
    if close is None:
        content = content.split("\n\n", 1)[0]  # left open: its first paragraph, not what follows it
    if "</" in content:
        return None  # a tag left open before other markup (a prompt template echoed): not a closed answer
    if not content:
        return Found(opened.start(), Extraction((), "answer-tag"))  # an empty tag commits to nothing
    inner = _by_table(content, scope.multiple, _BELOW_TAG, scope.question)
    if inner is not None:
        return Found(opened.start(), Extraction(inner.answers, "answer-tag"))
    return Found(opened.start(), Extraction((content,) if len(content) <= 200 else (), "answer-tag"))


_JOIN_MAX = 800  # characters between two boxes of one answer at most (16 joining tokens)


def _boxed(scope: _Scope) -> Found | None:
    boxes = scope.boxes
    if not boxes:
        return None
    text = scope.unlooped
    # a box the next sentence takes back ("\boxed{5}. Wait, that's not right.") commits to nothing: the last box
    # that is not taken back is read, with the boxes joined to it
    last = len(boxes)
    while last and taken_back(text, boxes[last - 1][1], scope.question):
        last -= 1
    if not last:
        return None
    boxes = boxes[:last]
    group = [boxes[-1]]
    for prev in reversed(boxes[:-1]):
        gap = text[prev[1]:group[0][0]]
        # whitespace runs read as one space: the joiner's "\s+" tokens would otherwise split a long run of spaces
        # in every possible way before failing (a degenerate reply's padding took minutes)
        if len(gap) > _JOIN_MAX or not JOINER.fullmatch(re.sub(r"\s+", " ", gap)):
            break
        group.insert(0, prev)
    if len(group) == 1 and len(boxes) > 1:
        group = _listed_roots(text, boxes) or group
    answers = tuple(with_trailing_unit(b[2].strip(), text[b[1]:b[1] + 40]) for b in group)
    if not any(answers):
        return None  # an empty box commits to nothing; a statement after it may ("\boxed{}. Thus no such k exists.")
    if len(group) > 1 and all(re.search("[;；]", text[a[1]:b[0]]) for a, b in zip(group, group[1:])):
        answers = ("; ".join(answers),)  # "$\boxed{3}$；$\boxed{0}$": blanks answered in order, one ordered answer
    counted = _RESPECTIVE_MULTIPLICITIES.match(text, group[-1][1]) if len(answers) > 1 else None
    counts = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", counted.group("counts").strip()) if counted else []
    if len(counts) == len(answers) and not _RETRACTS_AFTER.match(text, counted.end()):
        # "\boxed{0}, \boxed{\frac34}, ..., \boxed{6}\n\nwith respective multiplicities 42, 96, ..., and 5.": each
        # value with its multiplicity
        answers = ("\\{" + ", ".join(f"{a}: {c}" for a, c in zip(answers, counts)) + "\\}",)
    return Found(boxes[-1][0], Extraction(answers, "boxed"))


# a bulleted list's item opening its line ("- ", "* ", "• "), and what may close the line after its box
_BULLET_ITEM = lazy_compile(r"[ \t]*[-*•][ \t]+")
_AFTER_ITEM_BOX = lazy_compile(r"[\s$.,;]*|\s*\\\]\s*|\s*\\\)\s*")
# a box naming one unknown's value: "x = 1", "x_1 = 2"
_BOXED_ROOT = lazy_compile(r"\s*(?P<name>[A-Za-z])(?:_\{?\w{1,2}\}?)?\s*=\s*[^=<>]+")


def _listed_roots(text: str, boxes: list[tuple[int, int, str]]) -> list[tuple[int, int, str]] | None:
    """The boxes closing the bulleted list that ends ``text``, one box last on each item, when every box names the
    same unknown's value: "- $2^x = 2 \\Rightarrow \\boxed{x = 1}$\\n- $2^x = 4 \\Rightarrow \\boxed{x = 2}$" states the
    roots 1 and 2 (not the last alone); None otherwise (one item, another unknown, a box elsewhere on a line,
    anything after the list)."""
    if text[boxes[-1][1]:].strip(" \t\n$.\\])") != "":
        return None
    group: list[tuple[int, int, str]] = []
    line_start = len(text)
    for box in reversed(boxes):
        start = text.rfind("\n", 0, box[0]) + 1
        end = text.find("\n", box[1])
        end = len(text) if end < 0 else end
        root = _BOXED_ROOT.fullmatch(box[2])
        if end > line_start or text[end:line_start].strip() or not _BULLET_ITEM.match(text, start) \
                or not _AFTER_ITEM_BOX.fullmatch(text, box[1], end) or root is None or "boxed" in text[start:box[0]] \
                or group and root.group("name") != _BOXED_ROOT.fullmatch(group[0][2]).group("name"):
            break
        group.insert(0, box)
        line_start = start
    return group if len(group) > 1 else None


# after several boxes, the multiplicity of each in turn: "with respective multiplicities 42, 96, 81, 32, and 5."
_RESPECTIVE_MULTIPLICITIES = lazy_compile(r"[\s$\\\],]{0,12}(?i:with\s+(?:respective|corresponding)\s+multiplicities|"
                                          r"with\s+multiplicities)\s+(?P<counts>\d{1,6}(?:\s*,\s*(?:and\s+)?\d{1,6}|\s+and\s+\d{1,6})"
                                          r"{1,15})(?:\s*,?\s*(?i:respectively))?\s*[.]?")
# what would take a sentence back right after it
_RETRACTS_AFTER = lazy_compile(r"(?i)\s*(?:wait|no\b|actually|hmm|sorry|oops)")


_OPEN_BOX = lazy_compile(r"\\boxed\s*\{")


def _open_box(text: str) -> tuple[int, str] | None:
    """The last ``\\boxed{`` of ``text`` when the text ends inside it: (where it starts, its content so far)."""
    start = text.rfind("\\boxed")
    opened = _OPEN_BOX.match(text, start) if start >= 0 else None
    if opened is None:
        return None
    partial, depth = text[opened.end():], 1
    for char in partial:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth == 0:
            return None  # closed
    return start, partial


def _cut_box(scope: _Scope) -> Found | None:
    """A box the response was cut off in ("... is: \\[ (-\\infty, 2) \\cup (3, \\infty) \\] Therefore, the domain
    is \\(\\boxed{(-\\infty, 2"), its content so far the start of the last math span before it: that span."""
    text = scope.unlooped.rstrip()
    cut = _open_box(text)
    if cut is None:
        return None
    start, partial = cut
    spans = math_spans(text[:start])
    displayed, begun = re.sub(r"\s+", "", spans[-1]) if spans else "", re.sub(r"\s+", "", partial)
    if len(begun) < 3 or not displayed.startswith(begun):
        return None
    return Found(start, Extraction((spans[-1],), "boxed-cut"))


# What makes an answer marker a thought along the way, not a commitment (the grading conventions): a supposition or a check
# in its sentence before it ("if the question asked for three-digit factors, the answer would be 0", "let me check
# whether the answer is 12"), the conditional "would be", a partial result ("the answer so far is 20"); or a
# statement of the answer's form, not of a value ("The answer should be a single number.").
_SUPPOSING = lazy_compile(r"(?i)\b(?:if|suppose|supposing|assum(?:e|ing)|unless|otherwise|whether|hypothetically|"
                          r"let(?:'s|\s+us|\s+me)\s+say|say\s*,|"
                          r"wonder(?:ing)?|(?:let\s+(?:me|us)|let's|to|we\s+(?:can|should|must|need\s+to))\s+(?:check|"
                          r"verify|confirm|double-check|make\s+sure))\b")
_CONDITIONAL_MARKER = lazy_compile(r"(?i)\bwould\s+be\b")
_PARTIAL = lazy_compile(r"(?i)\b(?:so\s+far|for\s+now|partial(?:ly)?|subtotal|running\s+total|at\s+this\s+(?:point|stage))\b")
_FORM = lazy_compile(r"(?i)\s*(?:\*\*)?\s*(?:(?:probably|likely|still|also|just|indeed)\s+)?(?:(?:a|an|one)\s+(?:single\s+|"
                     r"positive\s+|negative\s+|non-?negative\s+|whole\s+|real\s+|rational\s+|exact\s+|integer\s+|"
                     r"numerical\s+|numeric\s+|specific\s+|simple\s+|common\s+|reduced\s+|decimal\s+)*(?:number|integer|"
                     r"value|fraction|expression|decimal|count|whole\s+number|answer|word|letter|formula|percentage)s?|"
                     r"(?:in|of)\s+(?:the\s+)?(?:(?:simplest|lowest|reduced|radical|exact|decimal|fractional|standard|factored|"
                     r"expanded|interval|set|scientific|polar|rectangular|base-\d+|vector)\s+){0,3}(?:form|notation|terms)\b|"
                     r"(?:in|of)\s+(?:the\s+)?(?:terms\s+of|units)\b|expressed\b|"
                     r"numerical|numeric|an?\s+integer|correct|right|wrong|consistent|plausible|reasonable|"
                     r"(?:the\s+)?same)\b(?!(?:(?!,\s*(?:so|not|but|rather|like|such|and|which|since)\b|\s(?:so|not|but|"
                     r"rather|like|such)\b)[^.\n])*[\d$\\])")
_CLAUSE_START = lazy_compile(r"[.!?\n。！？;；]")
# a guess before the marker ("Maybe the answer is 15", "Let's guess the answer is 25 and check")
_GUESSING = lazy_compile(r"(?i)\b(?:maybe|perhaps|possibly|probably|guess(?:ing)?)\b")
# what the marker's statement opens with when it says what the answer is not, hedges, or bounds it ("the answer
# isn't 4", "the answer is probably 30, but let me recheck", "the answer is at least 50", "is going to be large"; not
# "Answer: not necessarily." or "not always:", the verdict a yes/no question is answered with)
_NOT_STATED = lazy_compile(r"(?i)\s*(?:n't\b|not\b(?!\s+(?:always|necessarily)\s*(?:\*\*)?\s*(?:[.,:;!—–]|\Z))|(?:probably|maybe|perhaps|possibly|likely)\b|going\s+to\s+be\b|"
                           r"at\s+(?:least|most)\b|(?:no\s+)?(?:more|less|greater|smaller|larger|bigger|fewer)\s+than\b)")
# a marker's statement asked, not stated: "So the answer is 12? Let me verify."
_ASKED = lazy_compile(r"[^.!?\n]{0,80}\?")
# a name the response gives a quantity it has still to find ("Let's call that sum S1.", "Let S_2 be the sum ...")
_NAME = r"([A-Za-z](?:_?\{?\d{1,2}\}?)?)"
_NAMING = lazy_compile(r"(?i:\b(?:call(?:ed)?|denote[sd]?|name[sd]?)\s+(?:(?:it|that|this|them|the|its)\s+)?"
                       r"(?:[a-z]+\s+){0,2}?(?:as\s+|by\s+)?)[$(\\]*" + _NAME + r"(?![\w'])"
                       r"|(?i:\blet\s+)[$(\\]*" + _NAME + r"[$)]*\s+(?i:be|denote)\b")
_NAMES_ONLY = lazy_compile(r"[$\\()\s]*" + _NAME + r"(?:\s*[-+*/·]\s*" + _NAME + r")*[$\\()\s]*")


# a condition on how the answer is WRITTEN, not on the problem ("If we want to express this as a fraction, the answer
# is 2240/78125", "if written in lowest terms", "if we round to two decimals"): it supposes nothing, the answer commits
_WRITING = lazy_compile(r"(?i)\bif\s+(?:(?:we|you|I|one)\s+(?:(?:want|wanted|need|have|are|were|had)\s+to\s+|(?:must|should|"
                        r"may|can|could)\s+)?)?(?:express|writ|give|giv|present|convert|state|put|round|reduc|simplif|"
                        r"it\s+is\s+(?:written|expressed|given)|(?:it'?s|this\s+is)\s+(?:written|expressed))\w*\b"
                        r"[^.!?\n]{0,60}?(?:\b(?:as|in|to|into|with)\b[^.!?\n]{0,40}?)?"
                        r"(?:fraction|decimal|percent|percentage|lowest\s+terms|simplest\s+form|radical|integer|"
                        r"mixed\s+number|scientific\s+notation|significant|places|exact\s+form|terms\s+of\s+\S+|"
                        r"degrees|radians|units?|number)\w*[^.!?\n]{0,20}?(?:,|\bthen\b)")


def _supposes(clause: str) -> bool:
    """Does ``clause`` (the text before an answer marker in its sentence) suppose something about the problem, or
    check? A condition on how the answer is written ("If we want to express this as a fraction, ...") does not."""
    if _WRITING.search(clause):
        clause = _WRITING.sub(" ", clause)
    return bool(_SUPPOSING.search(clause))


# what takes back the answer just stated (the grading conventions): the next sentence retracts it ("Wait, that's not right",
# "Hmm, I misread the question", "No, ...", "Actually, let me reconsider", "Let me re-read the problem") or restates
# the question to solve it again; a check that may confirm it ("Wait, let me double-check", "Hmm, that's right")
# does not take it back
_RETRACT = lazy_compile(
    r"(?i)(?:\*\*)?[ \t]*(?:(?:but\s+)?wait|hmm+|oops|hold\s+on|actually(?=\s*,)|no(?=\s*[,.!]))\b"
    r"(?![\s,.!:;—-]*(?:(?:so\s+)?(?:let\s+me|let's|let\s+us|I(?:'ll|\s+will|\s+should|\s+need\s+to)|we\s+(?:should|can|need\s+to)|to)\s+"
    r"(?:just\s+|quickly\s+|also\s+)?(?:double[- ]?check|check|verify|confirm|make\s+sure|recheck|cross-check)\b"
    r"|(?:that|this|it)(?:\s+is|'s)\s+(?:right|correct|consistent)|yes\b|that\s+(?:checks|works|matches|makes\s+sense)))"
    r"|(?:that|this|it|I|my|the\s+(?:previous|last)\s+(?:step|answer|result))\b[^.!?\n]{0,40}?\b(?:not\s+right|not\s+correct|"
    r"wrong|incorrect|a\s+mistake|an\s+error|misread|misunderst\w*|miscalculat\w*|mistaken)\b"
    r"|let\s+me\s+re-?(?:read|do|think|consider|calculate|compute|work)\b|let's\s+re-?(?:read|do|think|consider|calculate|compute)\b"
    # in Chinese: "等等，30° 是外角 ...", "不对，应该用 ...", "我算错了" (not "等等，让我验证一下", a check)
    r"|(?:等等|等一下|且慢)(?![，,：:\s]*(?:让我|我们|我)?(?:再|来|先)?(?:验证|检查|确认|核对|验算|检验))"
    r"|不对(?![称应])|错了|(?:我|这里|这一步|上面|前面)[^。！？\n]{0,6}?(?:算错|弄错|看错|写错|有误|错了)|更正[：:，,]")
_SENTENCE_REST = lazy_compile(r"(?:[^\n.!?]|\.(?=\d))*?(?:[.!?]+(?=[\s*$)\]]|\Z)|(?=\n)|\Z)[\s*$)\].]*")


def taken_back(text: str, end: int, question: str | None = None) -> bool:
    """Is the answer stated just before ``end`` (a box's or an answer line's end) taken back by the sentence after
    its own: a retraction (:data:`_RETRACT`) or the question restated to be read again (its words the response
    already used)?"""
    rest = _SENTENCE_REST.match(text, end, end + 600)  # a sentence's rest read within 600 characters: linear
    if rest is None:
        return False  # the sentence goes on ("3.5 is ..."): nothing after it yet
    at = rest.end()
    if _RETRACT.match(text, at):
        return True
    asked = _CONTINUATION.match(text, at)
    return asked is not None and restated(text, asked, question)


_WORD = lazy_compile(r"[a-z]{4,}|\d+(?:\.\d+)?")


def restated(text: str, label: re.Match, question: str | None = None) -> bool:
    """Is the question after the label ``label`` ("Question:", "Problem:") the one the response is solving, restated
    to be read again, not a new invented one? Four words or more (numbers, words of four letters or more), and
    two in three of them words of ``question`` (the row's question, when the scorer has it) or, without it, nine in
    ten of them words the response used before the label; a number the row's question does not write makes it
    another question (digits written as sub- or superscripts too: "F₆ = 2⁶⁴ + 1" after "F₅ = 2³² + 1")."""
    after = text[label.end():label.end() + 400].translate(SCRIPT_DIGITS).lower()
    asked = set(_WORD.findall(after.split("\n\n", 1)[0]))
    if len(asked) < 4:
        return False
    if question:
        words = set(_WORD.findall(question.translate(SCRIPT_DIGITS).lower()))
        line = set(_WORD.findall(after.split("\n", 1)[0]))  # (its own line)
        if any(w.isdigit() and w not in words for w in line) and any(w.isdigit() for w in words):
            return False  # "the largest prime factor of 2024?" after one of 1001: the same words, another question
        said = set(_WORD.findall(text[max(0, label.start() - 20000):label.start()].lower()))
        if any(w.isalpha() and w not in words and w not in said for w in line):
            return False  # "Question: Find the product of the roots ..." after the sum was asked and answered: a word
            # neither the row's question nor the reply before wrote makes it another question
        return len(asked & words) >= 2 / 3 * len(asked)
    before = set(_WORD.findall(text[max(0, label.start() - 20000):label.start()].lower()))
    return len(asked & before) >= 0.9 * len(asked)


def musing(text: str, marker: re.Match, question: str | None = None) -> bool:
    """Is the answer marker ``marker`` of ``text`` a thought along the way rather than a commitment: in a
    supposition or a check, conditional ("would be"), a partial result; on a line that later lines follow, a guess
    ("Maybe the answer is 15"), a question ("So the answer is 12? Let me verify."), a negation, hedge or bound ("the
    answer isn't 4", "is probably 30", "is at least 50"); or a statement of the answer's form ("The answer should be a single number.", "the
    answer is an integer")? (the grading conventions.)"""
    start = marker.start()
    window = text[max(0, start - 200):start]
    clause = _CLAUSE_START.split(window)[-1]
    if _supposes(clause) or _PARTIAL.search(clause) or _CONDITIONAL_MARKER.search(marker.group()):
        return True
    after = text[marker.end():marker.end() + 200]
    if (_GUESSING.search(clause) or _NOT_STATED.match(after) or _ASKED.match(after)) and _followed(text, marker.end()):
        return True  # along the way, before later lines or sentences: a guess, a question, a negation, a hedge, a bound
    sentence = re.split(r"(?<=[^\d\s])\.(?:\s|$)|[\n!?;]", after, maxsplit=1)[0]
    if _FORM.match(sentence) or _PARTIAL.search(sentence) or _planned(text[max(0, start - 3000):start], sentence):
        return True
    if form_stated(clause + marker.group() + sentence) or form_stated(sentence):
        return True  # "The answer should be a prime number.": the form, in words the list above does not hold
    return taken_back(text, marker.end(), question)  # "The answer is 274.\n\nWait, I made an error ...": taken back


def _followed(text: str, end: int) -> bool:
    """Does more of the response follow the sentence of the answer marker ending at ``end``: later lines, or, in a
    reply written on one line, later sentences ("... The answer is not 140, since that breaks the condition. If the
    city is 42 miles across, ...")? Then a guess, question or negation there is a thought along the way."""
    line_end = text.find("\n", end)
    if line_end >= 0 and text[line_end:].strip():
        return True
    rest = _SENTENCE_REST.match(text, end, end + 600)
    tail = text[rest.end():line_end if line_end >= 0 else None] if rest is not None else ""
    return re.search(r"[A-Za-z]{2}|\d", tail) is not None


def _planned(before: str, stated: str) -> bool:
    """Is ``stated`` (what an answer marker states) made only of names ``before`` gave quantities still to be found
    ("Let's call that sum S1. ... Finally, the answer is S1 + S2.")? Then the marker states the answer's form (a
    plan), not a value."""
    said = _NAMES_ONLY.fullmatch(stated.strip().rstrip(".").strip("*"))
    if said is None or not _NAMING.search(before):
        return False
    named = {m.group(1) or m.group(2) for m in _NAMING.finditer(before)}
    return set(re.findall(_NAME, stated)) <= named


# the statement after an answer marker written as a sentence of words (a capitalised word, then a lowercase one),
# without math or a box: "Answer:\n\nJohn makes $1,260 if he works a full 7 day week."
_SENTENCE_STATED = lazy_compile(r"[ \t]*\n?\s*((?:The\s+|A\s+)?[A-Z][a-z]+\s+[a-z](?:\\\$|[^\n$\\])*)$", re.M)


_CJK_WORDS = lazy_compile("[\u4e00-\u9fff]{2}")


def _answer_line(scope: _Scope) -> Found | None:
    text, multiple = scope.unlooped, scope.multiple
    last_box = scope.boxes[-1] if scope.boxes else None
    after = 0  # where a marker may start at the earliest
    if last_box is not None and taken_back(text, last_box[1], scope.question):
        # a box taken back ("\boxed{\text{Yes}}. Actually, I made an error. The correct answer is no."): a marker
        # after it is the correction, whatever it states, as if no box came before it
        last_box, after = None, scope.boxes[-1][1]
    loose = None
    committed: list[re.Match] = []  # the last 8 committing markers, latest first
    # from the end: a musing ("if it asked for three-digit factors, the answer would be 0") is no marker at all
    for m in reversed(marker_matches(text)):
        if committing(text, m.start()):
            if not musing(text, m, scope.question):
                committed.append(m)
                if len(committed) == 8:
                    break
        elif loose is None and not musing(text, m, scope.question):
            loose = m
    committed.reverse()
    marker = committed[-1] if committed else None
    if marker is None and last_box is None:
        marker = loose  # nothing better: "... check the answer: 5" is still the only statement
    if marker is None or (last_box is not None and marker.start() <= last_box[1]) or marker.start() < after:
        return None
    rest = text[marker.end():]
    if "**" in text[max(0, marker.start() - 2):marker.end()]:
        # "**Answer: $a_0 = 5.29\times10^{-11}$ m**": the bold closing the marker's line closes no value of its own
        rest = _BOLD_LINE_END.sub("", rest, count=1)
    rest = rest[after_correction(rest.split("\n", 1)[0]):]  # "So the answer is 3... no wait, 4.": the correction
    verdict = opening_verdict(rest, scope.question)
    if verdict is not None:
        # "Final Answer: Yes, it can be done (with the single square at $(3,3)$).": to a yes/no question, the
        # verdict the statement opens with; the math after it justifies it
        return Found(marker.start(), Extraction((verdict,), "answer-line"))
    stance = offered_stance(rest.strip().split("\n", 1)[0].replace("**", ""), scope.question) \
        if scope.question and " or " in scope.question else None
    if stance is not None:
        # "**Answer: surjective (onto), not injective — hence not bijective.**" to "... injective, surjective, or
        # bijective?": the stance on each property
        return Found(marker.start(), Extraction((stance_words(stance, scope.question),), "answer-line"))
    stated_claim_ = _claim_in_answer_line(rest, scope.question)
    if stated_claim_:
        # "**Answer: $f$ is surjective but not injective.**" to "Is $f$ injective?": the property asked, denied, in
        # words; "**结论：不存在这样的正整数 $n$。**" to "是否存在正整数 $n$ ...？": none exists
        return Found(marker.start(), Extraction((stated_claim_,), "answer-line"))
    numbered = numbered_line(rest.split("\n", 1)[0].lstrip("* ")) if multiple else ""  # (after "**答：**" too)
    if numbered:
        return Found(marker.start(), Extraction((numbered,), "answer-line"))  # "答：（1）$q = 2$；（2）$S_3 = 7$。"
    line = rest.strip().split("\n", 1)[0].replace("**", "").strip(" .")
    counted = _COUNT_OPENING.match(line) if scope.question and "many" in scope.question else None
    asked = _HOW_MANY_NOUN.search(scope.question) if counted else None
    value = number_words(counted.group("count")) if asked else None
    if value is not None and value.denominator == 1 and asked.group("noun").rstrip("s") == counted.group("noun").rstrip("s") \
            and not DOUBTED.search(line) and not re.search(r"(?i)\b(?:but|except|not|or|if)\b", line):
        # "**Answer:** There are four real solutions, $x=\pm1$ and $x=\pm2$." to "How many real solutions ...?": the
        # count, not the solutions listed after it
        return Found(marker.start(), Extraction((str(value),), "answer-line"))
    if scope.question and "(" in line and _ASKS_ALL_TUPLES.search(scope.question) and names_families(line) \
            and not DOUBTED.search(line):
        # "Answer: all pairs $(1,n)$ and $(n,1)$ with $n\in\mathbb{Z}_{>0}$.": the families, with where they range
        return Found(marker.start(), Extraction((line,), "answer-line"))
    found = stated_after(rest, multiple)
    if " or " in rest:
        # "**Final Answer**\n\nThe solution set is $x < -2$ or $x \ge 1$.": two conditions on one letter, one union
        union = conditions_or(next((ln for ln in rest.split("\n") if ln.strip(" *")), "").strip(" *"))
        found = (union,) if union else found
    offered = math_spans(rest.split("\n", 1)[0]) if len(found) == 1 and _EITHER_OR.match(rest) else []
    if len(offered) >= 2 and found[0].strip() == offered[0].strip():
        # "So the answer is either $(1, 3)$ or simply $x < 3$, depending on ...": a hedge between the two (the second
        # not read as the first said again), which commits to neither
        found = (f"{offered[0]} or {offered[1]}",)
    bound = _BOUND_STATED.match(rest) if len(found) == 1 else None
    if bound and (re.search(r"\d", rest.split("\n", 1)[0][bound.end():])
                  or re.search(r"(?i)at\s+(?:least|most)|至少|至多|最少|最多", scope.question or "")):
        bound = None  # ("at least $3$ are needed and $3$ suffice, so ... is $3$"; "At least how many ...?" asked)
    if bound:
        # "**Final Answer:** at least $3$ colours.": a bound, not the value (the words kept, which state no value)
        found = (bound.group().strip(" *$.\t").replace("$", ""),)
    elif len(found) == 1 and not re.search(r"(?i)at\s+(?:least|most)|至少|至多|最少|最多", scope.question or ""):
        bounded = _BOUND_BEFORE.search(rest.split("\n", 1)[0])
        if bounded is not None and bounded.group("value") == found[0].strip().strip("$ "):
            # "Final Answer: The chromatic number is at least $3$.": the sentence bounds the value it names
            found = (bounded.group().strip(" *$.\t").replace("$", ""),)
    sentence = _SENTENCE_STATED.match(rest)
    if opens_steps(rest):
        # "Answer:\n\nStep 1: ...\n\nStep 2: ...\n\nHe needs 576 tiles.": the marker opens the solution; its
        # closing statement is the answer (none when the response is cut off)
        stated = None if truncated(text) else closing_statement(rest, multiple)
        found = stated.answers if stated else ()
    elif _CJK_WORDS.search(rest.strip().split("\n", 1)[0]) and "\n" not in rest.strip():
        # "【答案】\n解方程得到n=8.": a Chinese sentence (the last of the response), read as the prose rule reads it
        stated = closing_statement(rest, multiple)
        if stated is not None and all(re.search(r"\d", a) for a in stated.answers):
            found = stated.answers
    elif sentence:
        # "Answer: Kylar needs to pay $64 for 16 glasses.": a sentence, its value read as the prose rule reads it
        stated = closing_statement(sentence.group(1), multiple)
        if stated is not None and all(re.search(r"\d", a) for a in stated.answers):
            found = stated.answers
    if not any(a.strip() for a in found):
        found = ()  # "The final answer is $\boxed{}$": an empty box states nothing
    if found and not boxed_all(rest) and not math_spans(rest) and truncated(text) and "\n" not in rest.strip():
        found = ()  # "So the final answer is $\boxed{2\sqrt": cut off while stating it (not in a later line)
    if not found and len(committed) >= 3 and committed[-1] is marker:
        # a reply looping on one answer ("The answer is 5. The answer is 5. The answer is") until cut off
        earlier = {stated_after(text[m.end():n.start()], multiple)
                   for m, n in list(zip(committed[:-1], committed[1:]))[-3:]}
        stated = earlier.pop()
        if not earlier and stated and all(stated):
            return Found(marker.start(), Extraction(stated, "answer-line"))
    # After a box, a marker counts only if it states an answer ("this answer is consistent with ..." does not).
    if found and (last_box is None or answer_like(found[-1])):
        return Found(marker.start(), Extraction(found, "answer-line"))
    return None


# an answer line offering two answers: "either $(1, 3)$ or simply $x < 3$", "$4$ or $5$, depending on ..."
_EITHER_OR = lazy_compile(r"(?i)[ \t*:]*(?:(?:is|are|be)[ \t]+)?either\b[^.\n]*?\$[^$\n]+\$[^.\n$]*?\bor\b|"
                          r"[^.\n]*\bor\b[^.\n]*,?[ \t]*depending[ \t]+on\b")


# what hedges or conditions an answer line's claim: "if", "unless", "maybe", "or", 如果, 可能
_LINE_HEDGED = lazy_compile(r"(?i)\b(?:if|unless|except|maybe|perhaps|probably|likely|might|may|could|or|when|whether|"
                            r"provided|appears?|seems?|presumably|suspect|believe|only|below|above|under|over|less|greater|"
                            r"than|degree|large|small|sufficiently|near)\b|\bno\s+(?!such\b)\w+\s+such\b|"
                            r"如果|若|可能|也许|或者|除非|猜|(?:\\le|≤|<)[^，,。]{0,20}范围|以内|以下|以上|除|只|仅|[?？]|吗|呢")


# a closing aside in brackets opening on a concession or a reason: "(though it is uniformly continuous on every
# bounded interval)", "(since ...)"
_CLOSING_ASIDE = lazy_compile(r"\s*\((?P<aside>(?i:though|although|even\s+though|since|because|as)\b[^()]{1,200})\)\s*[.。]?\s*$")
# ... unless it takes the statement back or doubts it
_ASIDE_TAKES_BACK = lazy_compile(r"(?i)\b(?:not|no|never|wait|actually|however|but|unless|if|maybe|perhaps)\b|n't\b")


# the subject of an answer line named by a noun and written in maths: "The series $\sum_{n\ge 2} \frac{1}{n\ln n}$"
_NAMED_SUBJECT = lazy_compile(r"(?i:the\s+)?(?P<noun>(?i:series|sequence|integral|function|polynomial|group|set|map|matrix|"
                              r"graph|number|equation))\s+\$[^$]{1,80}\$")


def _claim_in_answer_line(rest: str, question: str | None) -> str:
    """To a yes/no question, the answer line's statement in words when it is one sentence stating the property asked
    or its opposite, or a claim of existence or possibility, with its math as names only ("$f$ is surjective but not
    injective."); else ""."""
    yes_no = asks_yes_no(question)
    offered = None if yes_no else offered_claims(question)
    if offered is None and not yes_no:
        return ""
    line = rest.strip().split("\n", 1)[0].replace("**", "").strip(" *:：")
    aside = _CLOSING_ASIDE.search(line)
    if aside and aside.start() > 0 and not _ASIDE_TAKES_BACK.search(aside.group("aside")):
        # "... is not uniformly continuous on $\mathbb{R}$ (though it is on every bounded interval, ...)": the
        # statement, a concession or reason on another case after it in brackets
        line = line[:aside.start()].rstrip()
    asking = re.split(r"(?<=[.!?。！？])\s*(?=\S)", (question or "").strip())[-1]
    subject = _NAMED_SUBJECT.match(line)
    if subject and re.search(r"(?i)\b%s\b" % subject.group("noun"), asking):
        # "The series $\sum_{n\ge 2} \frac{1}{n\ln n}$ **diverges**." to "Does the series ... converge or diverge?": the
        # object asked, named by the question's noun and written in its own bounds
        line = subject.group("noun") + line[subject.end():]
    words = SPAN.sub(lambda m: next(g for g in m.groups() if g is not None), line).strip().rstrip(".。")
    written = {formula_key(span) for span in math_spans(asking)}
    # (a digit in a name the question writes, "$K_5$ is non-planar", is no value)
    named = SPAN.sub(lambda m: " X " if formula_key(next(g for g in m.groups() if g is not None)) in written else m.group(),
                     line) if written else words
    if not words or len(words) > 120 or re.search(r"\d|[=<>]", named) or _LINE_HEDGED.search(words) \
            or len(split_sentences(line)) > 1:
        return ""
    if any(formula_key(span) not in written for span in math_spans(line)):
        return ""  # ("**Answer:** $B$ is not invertible." to "... Is $A$ invertible?": another object)
    said = claim(words)
    if offered is not None:
        # "Final Answer: There are infinitely many primes of the form $4k+3$." to "Are there finitely many or
        # infinitely many primes of the form $4k+3$?": the alternative claimed, not the form the question writes
        return words if said is not None and said[0] == offered else ""
    if said is not None and said[0] in YES_FAMILIES and said[0] != "yes" or states_asked_property(words, question):
        return words
    if not line.isascii() and cjk_polarity(named, question) is not None:
        return words  # "答：$f(x)=x+\sin x$ 在 $\mathbb{R}$ 上是单调函数。" to "……是单调函数吗？": the property asked, stated
    return ""


# two alternatives a question offers, a word or two each: "finitely many or infinitely many", "converge or diverge"
_OFFERED_PAIR = lazy_compile(r"(?i)\b(?=(?P<one>(?:[a-z]+\s+)?[a-z]+)\s+or\s+(?P<other>[a-z]+(?:\s+many)?)\b)")


def offered_claims(question: str | None) -> str | None:
    """The family of claims (:func:`..meaning.claim`) a question offers two opposite alternatives of, in its last
    sentence ("Are there finitely many or infinitely many ...?": "infinite"; "Does it converge or diverge?":
    "converge"), or None."""
    asking = re.split(r"(?<=[.!?。！？])\s*(?=\S)", (question or "").strip())[-1][-300:]
    for m in _OFFERED_PAIR.finditer(asking):
        for one in (m.group("one"), m.group("one").split()[-1]):
            first, second = claim(one), claim(m.group("other"))
            if first is not None and second is not None and first[0] == second[0] != "yes" and first[1] != second[1]:
                return first[0]
    return None


# bold marks closing the first line (before its full stop): "... m**", "... m**."
_BOLD_LINE_END = lazy_compile(r"\*\*(?=[ \t.]*(?:\n|\Z))")
# an answer line opening on a bound: "at least $3$", "no more than 5", "至少 $3$ 种"
_BOUND_STATED = lazy_compile(r"[ \t*:：]*+(?i:at\s+(?:least|most)|no\s+(?:more|fewer|less)\s+than|(?:more|fewer|less|greater)\s+than|"
                             r"至少|至多|不少于|不超过|不多于|不低于)[ \t]*+\$?[ \t]*+[-−]?\d[\d.,/]*+[ \t]*+\$?")
# a bound inside the answer line's sentence, closing it: "The chromatic number is at least $3$."
_BOUND_BEFORE = lazy_compile(r"(?i:\bat\s+(?:least|most)|\bno\s+(?:more|fewer|less)\s+than|\b(?:more|fewer|less|greater)\s+than)"
                             r"[ \t]*+\$?[ \t]*+(?P<value>[-−]?\d[\d.,/]*+)[ \t]*+\$?[ \t]*+[.!]?[ \t*]*$")
# a closing line "Total thickness = 31 + 50 + 45 + 62 = 188 mm": a label in words naming a total, then an equation
# chain whose last side is a number (with a unit of at most two words)
_TOTAL_LABEL = lazy_compile(r"[ \t]*(?:[-*•][ \t]+)?(?:\*\*)?([A-Za-z][A-Za-z ]{0,60}?)(?:\*\*)?[ \t]*=")
_TOTAL_WORD = lazy_compile(r"(?i)\b(?:total|sum|altogether|overall|in\s+all)\b")
_TOTAL_VALUE = lazy_compile(r"\\?\$?-?\d[\d,]*(?:\.\d+)?%?(?:[ \t]*[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)?")


def _total_line(scope: _Scope) -> Found | None:
    text = scope.unlooped.rstrip()
    start = text.rfind("\n") + 1
    last = text[start:]
    label = _TOTAL_LABEL.match(last)
    if label is None or not _TOTAL_WORD.search(label.group(1)) or re.search(r"\$(?!\d)|\\[(\[]", last):
        return None
    value = last.rsplit("=", 1)[1].strip().rstrip(".").strip("*").strip()
    if not _TOTAL_VALUE.fullmatch(value):
        return None
    return Found(start, Extraction((value,), "total-line"))


# a remark in full-width brackets about the object a Chinese closing claim is made of: "所以方程没有实数根（它有两个共轭虚根
# $x=\frac{-1\pm\sqrt3\,i}{2}$）。", or supposing the problem changed: "（如果把定义域换成开区间 $(0,1)$，结论就可能不成立。）" (not one
# correcting or denying: "（但这是错的……）", "（其实有实根 $x=1$）")
_CJK_REMARK = lazy_compile(r"（(?![^（）\n]{0,300}?(?:错|误|其实|实际|事实|更正|应该|应为|不对|反而|并非|不是|重新|没有|不存在|无|答案))"
                          r"(?:它|其|这|此|(?:如果|若|假如|倘若|要是)[^（）\n]{0,80}?(?:换成|改成|改为|变成|去掉|允许|放宽|不要求)|"
                          r"而\s*(?=\$)|相比之下|对比之下|与之相比|作为对比)"
                          r"[^（）\n]{0,300}）(?=[。.]?\s*\Z)")


# a clause closing a Chinese claim with something more than asked: "，其反函数为 $f^{-1}(y)=\sqrt[3]{y}$。"
_CJK_MORE_THAN_ASKED = lazy_compile(r"[，,]\s*其(?P<what>[\u4e00-\u9fff]{1,6}?)(?:为|是)\s*\$[^$]{1,80}\$\s*[。.]?\s*\Z")
# a closing sentence said by the way, after a sentence ending: "。顺便一提，有理数集 $\mathbb Q$ 是可数的……。" (not one correcting,
# concluding or naming the answer)
_CJK_BY_THE_WAY = lazy_compile(r"。\s*(?:顺便|附带)(?:一提|说一句|提一句|说一下|提一下)\s*[，,：:]"
                               r"(?![^。\n]{0,300}?(?:错|误|其实|实际|事实|更正|应该|应为|不对|反而|重新|答案|所以|因此|故|于是|从而))"
                               r"[^。\n]{0,300}。?\s*\Z")


def _writes_asked_object(remark: str, question: str | None) -> bool:
    """Does ``remark`` write in math a formula the question writes ("$\\mathbb Q$" to a question on
    "$\\mathbb{Q}$"): a remark on the object asked, not on another?"""
    return bool(dollar_formulas(remark) & dollar_formulas(question or ""))


def _without_cjk_remark(text: str, question: str | None = None) -> str:
    """``text`` without a closing remark in full-width brackets (:data:`_CJK_REMARK`) after a sentence that claims
    something (有/没有, 存在/不存在 ...); unchanged otherwise."""
    extra = _CJK_MORE_THAN_ASKED.search(text, max(0, len(text) - 300)) if "其" in text[-300:] else None
    head = text[:extra.start()].rsplit("\n", 1)[-1] if extra else ""
    asked = CJK_ASKED_WORD.search(question) if extra and question else None
    if extra and extra.group("what") not in (question or "") \
            and (claim(head) is not None or cjk_polarity(head, question) is not None
                 or asked is not None and asked.group("word") in head):
        # "所以 $f$ 是双射，其反函数为 $f^{-1}(y)=\sqrt[3]{y}$。" to "是否为双射？": the claim, not what it adds unasked
        return text[:extra.start()] + "。"
    remark = _CJK_REMARK.search(text, max(0, len(text) - 400)) if text.rstrip().endswith(("）", "）。", "）.")) else None
    if remark is None:
        aside = _CJK_BY_THE_WAY.search(text, max(0, len(text) - 400)) if "顺便" in text or "附带" in text else None
        said = text[text.rfind("\n", 0, aside.start()) + 1:aside.start() + 1] if aside else ""
        if said and (claim(said) is not None or alternative_named(said, question) is not None) \
                and not _writes_asked_object(aside.group(), question):
            return text[:aside.start() + 1]  # "所以 $\mathbb R$ 是**不可数集**。顺便一提，有理数集 $\mathbb Q$ 是可数的。"
        return text
    start = text.rfind("\n", 0, remark.start()) + 1
    said = text[start:remark.start()]
    if not said.strip():  # the remark on a line of its own: the claim of the line before it
        said = text[:start].rstrip().rsplit("\n", 1)[-1]
    if remark.group().startswith("（而") and _writes_asked_object(remark.group(), question):
        return text  # ("（而 $\mathbb Q$ 则……）" on the object asked: it may take the answer back)
    return text[:remark.start()] + text[remark.end():] \
        if claim(said) is not None or alternative_named(said, question) is not None else text


# a reply's first line when it is a short answer set apart before its reason: "Regular hexagon.", "Alice wins.",
# "**假命题。**" (no digits or maths, at most six words or twelve Chinese characters)
_SHORT_FIRST = lazy_compile(r"\s*(?:\*\*)?\s*(?P<answer>[A-Za-z][A-Za-z' -]{0,60}?|[\u4e00-\u9fff]{1,12})\s*(?:\*\*)?\s*[.!。：:]"
                            r"\s*(?:\*\*)?\s*\n")
# what turns a reply against its first line: a correction, a retraction
_TURNS_AFTER = lazy_compile(r"(?i)\b(?:actually|wait|mistake\w*|wrong|incorrect|correction|instead|on\s+second\s+thought|"
                            r"oops|sorry|rather|not\s+quite|redo|re-?do|hmm+|reconsider\w*|rethink\w*|in\s+truth|"
                            r"on\s+reflection|no\s*[,:;—–-]|however)\b|\bno\s*[,:;—–]|不对|错了|其实|更正|等等|不过|但是|然而")
# a count of sides or a polygon's n: "gives $n=8$", "has 8 sides", "an eight-sided polygon"
_SIDES = lazy_compile(r"(?i)\bn\s*=\s*(\d+)|(\d+|three|four|five|six|seven|eight|nine|ten|twelve)[\s-]+(?:sides?|sided|edges?\s+of\s+the\s+"
                      r"(?:section|polygon))\b")
_SIDE_COUNT = {"pentagon": 5, "hexagon": 6, "octagon": 8, "square": 4, "rectangle": 4, "rhombus": 4}
_NUMBER_WORD = {"three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12}


# a sentence set against what came before, about another object: "By contrast, ...", "Unlike ...", "On the other hand, ..."
_CONTRAST_OPENS = lazy_compile(r"(?i)\s*(?:(?:by|in)\s+contrast\b|unlike\b|on\s+the\s+other\s+hand\b)")


def _against_lead(kind: int, said: str, body: str, question: str | None) -> bool:
    """Does the reply's ``body`` (after its first line) give another answer of the ``kind`` its lead gave (``said``):
    another shape named or a polygon of another number of sides; another winner, or the other player closing it;
    the other alternative, or a claim denying the lead's?"""
    sentences = [x for x in split_sentences(SPAN.sub(lambda m: next(g for g in m.groups() if g is not None), body))
                 if not _CONTRAST_OPENS.match(x)]  # ("By contrast, R is uncountable ...": another object's)
    if kind == 0:
        count = next((c for name, c in _SIDE_COUNT.items() if name in said), None)
        for m in _SIDES.finditer(body):
            n = m.group(1) or m.group(2)
            if count is not None and (int(n) if n.isdigit() else _NUMBER_WORD.get(n.lower(), -1)) != count:
                return True
        return any(shape(x) not in (None, said) for x in sentences)
    if kind == 1:
        if any(winner(x, question) not in (None, said) for x in sentences):
            return True
        others = {name for name in PLAYERS.findall(question or "")[0:1] for name in name} - {said} if question else set()
        # (the other player closing the reply alone: "..., so Alice wins." after "Bob." — not a closing sentence naming both,
        # "Alice starts in a losing position; Bob simply answers ...")
        return bool(sentences) and any(re.search(r"\b%s\b" % re.escape(o), sentences[-1]) for o in others) \
            and not re.search(r"\b%s\b" % re.escape(said), sentences[-1])
    lead_claim = claim(said)
    return any(alternative_named(x, question) not in (None, said) or lead_claim is not None
               and (c := claim(x)) is not None and c[0] == lead_claim[0] and c[1] != lead_claim[1] for x in sentences)


def _opening_answer(text: str, closing: Extraction | None, question: str | None) -> str:
    r"""The answer a reply opens with on a line of its own before its reason, when it describes what the question asks
    (a shape, a winner, one of the alternatives the question offers) and the reply neither takes it back nor closes on
    another of the same kind ("Regular hexagon.\n\nPlace the cube ... all angles are $120^\circ$." is the hexagon);
    else ""."""
    first = _SHORT_FIRST.match(text) if question else None
    if first is None or len(first.group("answer").split()) > 6 or _TURNS_AFTER.search(text, first.end()):
        return ""
    lead = first.group("answer").strip()
    body = text[first.end():]
    heading = first.group().rstrip().rstrip("*").endswith((":", "："))
    for kind, read in enumerate((shape, lambda t: winner(t, question), lambda t: alternative_named(t, question))):
        said = read(lead)
        if said is not None and kind == 0 and heading and (asks_yes_no(question) or _STEP_HEADING.match(lead)):
            continue  # "Square the recursion:" heading a step, to a yes/no question, "Complete the square:": no shape
        if said is not None:
            return "" if _against_lead(kind, said, body, question) else lead
    return ""


# the claims a yes/no question may ask by its verb ("Does the series converge?", "Does such a set exist?")
_ASKED_CLAIMS = frozenset({"converge"})


def _asks_claim(question: str | None, family: str) -> bool:
    """Does the yes/no ``question`` ask the claim ``family`` by its verb ("Does ... converge ...?")?"""
    asked = _ASKS_KIND.get(family)
    return bool(question) and asked is not None and asked.search(question) is not None


# a line answering every part at once after the parts' sections: "答：公差为 3，$a_{10}=29$。", "**Answers:** ..."
_SUMMARY_LINE = lazy_compile(r"(?m)^[ \t]*(?:\*\*)?(?:答|综上|(?i:answers?|in\s+summary|summary))\s*(?:\*\*)?\s*[:：]")
# an answer line opening on a count in words and its noun: "There are four real solutions, ...", "It has six edges"
_COUNT_OPENING = lazy_compile(r"(?i)\s*(?:there\s+(?:are|is)|it\s+has|they\s+have|we\s+get|we\s+have)\s+(?:exactly\s+)?"
                              r"(?P<count>[a-z]+(?:-[a-z]+)?)\s+(?:(?:distinct|different|real|integer|positive|possible)\s+)*"
                              r"(?P<noun>[a-z]{3,})\b")
# what "how many" asks: its noun after its adjectives ("How many real solutions ...?" -> "solutions")
_HOW_MANY_NOUN = lazy_compile(r"(?i)\bhow\s+many\s+(?:(?:distinct|different|real|integer|positive|possible)\s+)*(?P<noun>[a-z]{3,})")
# a question asking for all tuples: "Find all pairs of positive integers $(a,b)$ ...", "all triples"
_ASKS_ALL_TUPLES = lazy_compile(r"(?i)\ball\s+(?:\w+\s+){0,3}?(?:pairs|triples|tuples|solutions)\b|\ball\s+\$?\(")
# a later paragraph correcting what the reply opened with: "Wait, I should check 7 ...", "Correction: ..."
_CORRECTED_LATER = lazy_compile(r"(?i)\bcorrection\s*:|\bactually,?\s+(?:no\b|that'?s\s+wrong|i\s+was\s+wrong)|"
                                r"\bi\s+made\s+(?:a|an)\s+(?:mistake|error)\b|\bmy\s+(?:first\s+)?answer\s+was\s+wrong\b")
# a clause adding a fact after a claim: "; in fact it is the smallest Carmichael number", "; indeed, ..."
_ADDED_FACT = lazy_compile(r"(?i)\s*(?:in\s+fact|indeed|moreover|furthermore|incidentally|notably)\b(?![^.;]*\b(?:not|wait|"
                           r"actually|mistake|wrong)\b)")
# a proof by contradiction reaching its contradiction: "That factor cannot be any $p_i$, a contradiction." (a step of
# the proof, not a claim answering the question)
_CONTRADICTION_REACHED = lazy_compile(r"(?i)(?:,|;|—|–|:)\s*(?:which\s+is\s+)?an?\s+(?:obvious\s+)?contradiction\s*[.!]?\s*$|"
                                      r"\bcontradiction\s*[.!]?\s*$")
# a relation in maths (written without delimiters), then "and" and a claim: "f'(x)>0 and f is increasing"
_RELATION_AND_CLAIM = lazy_compile(r"\s*(?P<relation>[^\s,;]{1,40}\s*(?:[<>=≤≥]|\\[gl]eq?\b)\s*[^\s,;]{1,40})\s+and\s+"
                                   r"(?P<claim>[^,;]{3,120})")
# a heading naming a step by its verb and object: "Complete the square:", "Draw a circle:"
_STEP_HEADING = lazy_compile(r"(?i)\s*[a-z]{3,}\s+(?:the|a|an|each|every)\s")
# a first line stating a claim set apart: "**No such $n$ exists.**", "Such a tiling is impossible."
_CLAIM_LINE = lazy_compile(r"\s*(?:\*\*)?(?P<claim>[^\n*]{3,80}?)(?:\*\*)?\s*\n")


# what turns a reply against the claim it opened with: a contrast, a value found to work
_CLAIM_TURNS = lazy_compile(r"(?i)\b(?:but|yet|works|suffice[sd]?|succeeds?)\b")


def _opening_claim(text: str, question: str | None) -> str | None:
    """To a yes/no question, the verdict a reply's first line states as a claim of its own ("**No such $n$ exists.**"
    is No to "Does there exist ...?"), when that line is one short sentence claiming what a yes or no states (exists,
    possible, always, holds), unhedged, and the reply does not turn after it; else None."""
    line = _CLAIM_LINE.match(text) if asks_yes_no(question) else None
    if line is None or len(line.group("claim").split()) > 8 or _TURNS_AFTER.search(text, line.end()) \
            or _CLAIM_TURNS.search(text, line.end()) or re.search(r"\d|\b(?:alone|only|using|below|above|under|over|for)\b",
                                                                 line.group("claim")) \
            or not line.group("claim").isascii() and (len(line.group("claim")) > 16 or re.search("[，,；;]", line.group("claim"))):
        return None  # (a Chinese first line of several clauses is a reason, not a claim set apart)
    words = SPAN.sub(lambda m: next(g for g in m.groups() if g is not None), line.group("claim")).strip()
    said = claim(words) if re.fullmatch(r"[^.!?]+[.!]?", words) and not _CONDITIONED.search(words) else None
    if said is None or said[0] not in YES_FAMILIES or said[0] == "yes":
        return None
    return "Yes" if said[1] else "No"


# a closing sentence opening on its verdict: "So yes, 100 can be written this way.", "Hence, no: ..."
_VERDICT_OPENS = lazy_compile(r"(?i)\s*(?:(?:so|thus|hence|therefore|in\s+short|in\s+conclusion|overall)\s*,?\s*)?"
                              r"(?P<verdict>yes|no)\s*[,:;—–]\s*(?P<rest>[^\n]{3,200})")


_NEGATED_REST = lazy_compile(r"(?i)\b(?:not|no|never|cannot|none|neither|nor|impossible)\b|n't\b")


def _verdict_opening_closing(text: str, found: Extraction, question: str | None) -> Extraction:
    """To a yes/no question, the verdict of a closing sentence opening on it ("So yes, 100 can be written this way."
    answers Yes, not 100) when what ``found`` read from it is only values the question writes, and the sentence does
    not turn ("but", "however") and what follows the verdict agrees with it (a negation after "no", none after "yes": "So
    no, 91 is prime." states no verdict); else ``found``."""
    last = (split_sentences(plain_dollars(text).strip().rsplit("\n", 1)[-1]) or [""])[-1]
    said = _VERDICT_OPENS.fullmatch(last.strip())
    if said is None or re.search(r"(?i)\b(?:but|however|though|although|unless|except)\b", said.group("rest")) \
            or bool(_NEGATED_REST.search(said.group("rest"))) != (said.group("verdict").lower() == "no") \
            or not all(re.fullmatch(r"\s*-?\d+(?:\.\d+)?\s*", a) and re.search(r"(?<![\d.])" + re.escape(a.strip())
                                                                            + r"(?![\d.])", question or "")
                       for a in found.answers):
        return found
    return Extraction((said.group("verdict").capitalize(),), "prose")


# a closing bracket taking back what came before it: "(Actually, wait: $x=-1$ works.)", "(Oops — ...)"
_TAKEN_BACK_IN_BRACKET = lazy_compile(r"(?i)\(\s*+(?:actually|wait|oops|hmm|no\s+wait|on\s+second\s+thought)\b[^()]{0,200}\)\s*+\.?\s*+$")


def _prose(scope: _Scope) -> Found | None:
    text = without_closing_asides(_without_cjk_remark(scope.text, scope.question), scope.question)
    text = without_closing_brackets(text, scope.question)  # "converges (its value is π/2 − Si(1)).", "diverges (very
    # slowly — the partial sums grow like $\ln\ln N$)."
    text = without_concession(text, scope.question)
    place = _PLACE_TAIL.search(text, max(0, len(text) - 200)) if scope.question and "$" in text[-200:] else None
    if place and formula_key(place.group("where")) in dollar_formulas(scope.question) \
            and not re.search(r"\d", text[max(0, place.start() - 80):place.start()].rsplit("$", 1)[-1]):
        # "..., so $A$ is not diagonalizable — over $\mathbb{C}$ or any other field." to "... diagonalizable over
        # $\mathbb{C}$?": the claim, without the place the question already names
        text = text[:place.start()] + "."
    if scope.question and _ASKS_KIND["converge"].search(scope.question):
        # "Hence the series diverges to $+\infty$.", "因此调和级数发散到 $+\infty$。" to "Does ... converge?": diverges
        closing = _DIVERGES_TO.search(text, max(0, len(text) - 300))
        if closing and _CLOSES.fullmatch(text, closing.end()):
            text = text[:closing.start()] + closing.group("verb") + text[closing.end():]
    found = closing_statement(plain_dollars(text), scope.multiple, scope.question)
    if found is not None and found.answers and asks_yes_no(scope.question):
        found = _verdict_opening_closing(text, found, scope.question)
    lead = _opening_answer(scope.text, found, scope.question)
    if lead:
        return Found(len(scope.text), Extraction((lead,), "prose"))
    if _UNCOMMITTED.search(text, max(0, len(text) - 400)):
        # "It might be $e^2$, but I'm not fully certain ... — I'd want to verify before committing to a value.": a
        # value offered and left unsettled commits to nothing
        return Found(len(scope.text), Extraction((), "prose"))
    by_property = _verdict_by_property(text, scope.question) if asks_yes_no(scope.question) else None
    if by_property is not None:
        # "Injective, yes (...). Surjective, no: the image is the even integers." to "Is g surjective?": No
        return Found(len(scope.text), Extraction((by_property,), "prose"))
    opening = opening_verdict(scope.text, scope.question) or _opening_claim(scope.text, scope.question)
    if opening is not None and _CORRECTED_LATER.search(scope.text, scope.text.find("\n") + 1 if "\n" in scope.text else len(scope.text)):
        opening = None  # "Yes, 91 is prime ...\n\nWait, ... Correction: **91 is not prime**": the verdict taken back
    if opening is not None and (found is None or all(claim(a) is None or _CONTRADICTION_REACHED.search(a)
                                                     for a in found.answers)
                                or keeps_truth_verdict(scope.text, opening, scope.question)
                                or opening in ("Yes", "No")
                                and all(answers_question(opening, a, scope.question) or _of_another_kind(a, scope.question)
                                        for a in found.answers)):
        # ("Yes. By the extreme value theorem ..., so it is bounded.": the closing claim restates the verdict; "Yes.
        # The Weierstrass function ... The series converges uniformly, ...": a claim of a kind not asked about)
        # "Yes. One valid arrangement is $1, 4, 7, \ldots$; ... including $8$ and $1$.": a reply to a yes/no
        # question that opens with its verdict and closes on no claim of its own commits to the verdict
        return Found(len(scope.text), Extraction((opening,), "prose"))
    if found is not None and asks_yes_no(scope.question) and _TAKEN_BACK_IN_BRACKET.search(text, max(0, len(text) - 300)):
        # "**No real solution.** (Actually, wait: $x=-1$ works.)": a closing bracket taking the claim back, with a value
        # of its own; the claim before it is no answer
        return Found(len(scope.text), found)
    if found is not None and asks_yes_no(scope.question) and \
            not any(claim(a) is not None or states_asked_property(a, scope.question) for a in found.answers):
        closing = _asked_property_stated(text, scope.question) or _cjk_asked_stated(text, scope.question)
        if not closing and all(_written_by_question(a, scope.question) for a in found.answers) \
                and not _ASKS_NEGATED.search(_asked_sentence(scope.question)):
            closing = _claim_stated(text)  # "So $K_5$ cannot be drawn without crossings."
        if not closing:
            closing = _claim_before_value(text, scope.question)
        if closing:
            # "So $g$ is continuous at $0$."; "So no polyhedron has 7 edges." to "Does there exist a convex
            # polyhedron with exactly 7 edges?": No; "Isomorphisms preserve orders, so they are not isomorphic.": the
            # clause after "so" when it states the property asked
            head, semicolon, added = closing.partition(";")
            if semicolon and states_asked_property(head, scope.question) and _ADDED_FACT.match(added) \
                    and not states_asked_property(added, scope.question) and not DOUBTED.search(added):
                closing = head  # "So 561 is **not** prime; in fact it is the smallest Carmichael number.": a fact added
            concluded = _CONCLUDING_CLAUSE.split(closing)[-1]
            reason = _REASON_LEAD.match(concluded)
            if reason and states_asked_property(concluded[reason.end():], scope.question):
                concluded = concluded[reason.end():]  # "Since ℝ \ {0} is disconnected, GL₂(ℝ) is not connected": the main clause
            related = _RELATION_AND_CLAIM.fullmatch(concluded.rstrip(" .!")) if " and " in concluded else None
            if related and states_asked_property(related.group("claim"), scope.question):
                concluded = related.group("claim")  # "..., so f'(x)>0 and f is increasing": the claim the relation gives
            if concluded != closing and (states_asked_property(concluded, scope.question)
                                         or claim(concluded) is not None and claim(concluded)[0] in _ASKED_CLAIMS
                                         and _asks_claim(scope.question, claim(concluded)[0])) \
                    and set(re.findall(r"\d+", concluded)) <= set(re.findall(r"\d+", scope.question or "")) \
                    and not _QUALIFIED_CLAUSE.search(concluded):
                closing = concluded
            return Found(len(scope.text), Extraction((_none_of_asked(closing, scope.question) or closing,), "prose"))
    if found is None:
        closing = _asked_property_stated(text, scope.question) if asks_yes_no(scope.question) else ""
        # "..., so this matrix is **singular**." to "Is the matrix ... invertible?": the conclusion of a closing
        # sentence in words (its clause after "so"), stated outright: not under a condition ("symmetric ... only when
        # the cubic has three real roots"), as a rule ("invertible iff ..."), framed, hedged or still to be shown
        clause = _CONCLUDING_CLAUSE.split(closing)[-1]
        return Found(len(scope.text), Extraction((clause,), "prose")) \
            if closing and states_asked_property(clause, scope.question) and not _CONDITIONED.search(clause) \
            and not _FRAMED.search(clause) else None
    before, _, last = text.rstrip().rpartition("\n")
    # the sentence of the last line that states the answer (a reply written on one line: not its first sentence)
    last = next((s for s in reversed(split_sentences(last)) if found.answers and found.answers[-1] in s), last)
    stated = last.find(found.answers[-1]) + len(found.answers[-1]) if found.answers and found.answers[-1] in last \
        else len(last)  # the supposition looked for before the answer, not in a reason after it
    if _supposes(re.match(r"[^,;:]*[,;:]?", last[:stated]).group()) and found.answers[-1] in last \
            and not (afterthought(last) and found.answers[-1] in before):
        # "If we want the sum to be even, it's 12.": a closing line supposing something about the problem commits
        # to nothing ("If we want to express this as a fraction, it's 2240/78125." supposes nothing: it commits;
        # "Let us check: x = 5 works." after "So x = 5." checks the answer stated before it)
        return Found(len(scope.text), Extraction((), "prose"))
    return Found(len(scope.text), found)


# the place a closing claim holds in, the question's own, closing the reply: " over $\mathbb{C}$.", " — over $\mathbb{C}$
# or any other field."
_PLACE_TAIL = lazy_compile(r"(?<![\s,—–])[\s,—–]++(?:over|on|in)\s++\$(?P<where>[^$]{1,30})\$(?:\s++or\s++(?:any\s++)?other\s++"
                           r"(?:field|ring|set|interval|domain)s?)?\s*+[.!]?\s*+$")
# "diverges to $+\infty$", "diverges to infinity", "发散到 $+\infty$": the verb is the answer to a question asking
# whether it converges
_DIVERGES_TO = lazy_compile(r"(?P<verb>\b(?i:diverges?)|发散)\s*(?:(?i:to)|到|至)\s*(?:\$\s*[+-]?\s*\\infty\s*\$|"
                            r"[+-]?\s*∞|(?i:(?:plus\s+|minus\s+)?infinity))")
# a closing paragraph offering a value it declines to settle: "It might be $e^2$, but I'm not fully certain", "I'd want
# to verify before committing"
_UNCOMMITTED = lazy_compile(r"(?i)\b(?:might|may|could)\s+be\b[^\n]{1,120}?\bbut\s+i(?:'m|\s+am)\s+not\s+(?:fully\s+|entirely\s+|"
                            r"completely\s+|totally\s+|100%\s+)?(?:certain|sure|confident)\b(?![^\n]*\b(?:so|therefore|thus|"
                            r"final\s+answer|answer\s+is|i'll\s+go\s+with)\b)[^\n]*$")
# a property named, then a verdict on it: "Surjective, no: ...", "**Injective?** Yes."
_PROPERTY_VERDICT = lazy_compile(r"(?:^|(?<=[.!?;:\n])\s*|\A\s*)\**(?P<prop>[A-Za-z][A-Za-z-]{3,30})\**\s*(?:,|\?|:|—|–)\s*\**"
                                 r"(?P<verdict>(?i:yes|no))\b(?!\s*\?)(?!\s*(?:,|and)?\s*(?i:but|unless|except|if|only)\b)", re.M)


def _verdict_by_property(text: str, question: str | None) -> str | None:
    """The verdict a reply gives the property its yes/no question asks, named then judged ("Surjective, no: ..."),
    when it judges that property once (or always the same way); else None."""
    tail = text[-3000:]
    found = [m for m in _PROPERTY_VERDICT.finditer(tail) if states_asked_property(m.group("prop"), question)]
    said = {m.group("verdict").capitalize() for m in found}
    if len(said) != 1 or _CORRECTED_AFTER.search(tail, found[-1].end()):
        return None  # ("Surjective, no? Actually, ... so surjective, yes.": corrected after it)
    return said.pop()


# a correction after a verdict: "Actually, ...", "Wait", "On second thought"
_CORRECTED_AFTER = lazy_compile(r"(?i)\b(?:actually|wait|on\s+second\s+thought|hmm|correction|rather)\b")


# the end of a reply: a full stop at most
_CLOSES = lazy_compile(r"\s*+[.!。]?\s*+")
# what qualifies a concluding clause: a means, a hedge ("not isomorphic via the obvious map", "need not be isomorphic")
_QUALIFIED_CLAUSE = lazy_compile(r"(?i)\b(?:via|using|through|need|necessarily|obvious|might|may|could|probably|likely|"
                                 r"maybe|perhaps|if|unless|only)\b")
# a condition or an exception on a claim: "only when", "if", "unless", "except", "provided", "iff"
_CONDITIONED = lazy_compile(r"(?i)\b(?:only|if|iff|when|whenever|unless|except|provided|assuming)\b")
# a claim framed, hedged, denied or left to be shown: "The claim that ... is false", "Nobody would call it ...", "It
# remains to show ...", "it seems ..."
_FRAMED = lazy_compile(r"(?i)\b(?:false|true|claim\w*|nobody|no\s+one|would|could|might|may|seems?|appears?|looks?|"
                       r"likely|probably|perhaps|maybe|remains?|show|prove|check|need|needs|must|whether|guess\w*|"
                       r"suppose\w*|assum\w*|not|never|n't)\b")
# where a closing sentence's conclusion starts: after ", so", ", hence", ", thus", ", therefore", ", i.e."
_CONCLUDING_CLAUSE = lazy_compile(r"(?i),\s*(?:so|hence|thus|therefore|i\.\s?e\.)\s+")
# a question asking whether something exists: "Does there exist ...", "Is there ...", "Are there ...", 是否存在
_ASKS_EXISTENCE = lazy_compile(r"(?i)\b(?:does|do|is|are|can)\s+there\b|\bexists?\b|存在")
# the words of a question asking whether something converges or how many there are
_ASKS_KIND = {"converge": lazy_compile(r"(?i)converg|diverg|收敛|发散"),
              "infinite": lazy_compile(r"(?i)finit|how\s+many|number\s+of|多少|几个|无穷|有限")}


def _of_another_kind(answer: str, question: str | None) -> bool:
    """To a question asking whether something exists, does ``answer`` claim that something converges (diverges) or
    is infinite (finite) ("The series converges uniformly, so $W$ is continuous" to "Does there exist a function
    ...?"): a claim about the example, along the way, not the answer? (Claims of the kinds a yes or no states, exists
    or possible, are never another kind: "Yes. ... So no such tiling exists." takes the verdict back; to a question
    asking a property, "bounded", "countable", a claim of convergence or of infinitely many may state it.)"""
    said = claim(answer)
    return said is not None and said[0] in _ASKS_KIND and not _ASKS_KIND[said[0]].search(question or "") \
        and bool(_ASKS_EXISTENCE.search(question or ""))


def _written_by_question(answer: str, question: str | None) -> bool:
    """Is ``answer`` (a span a closing sentence holds) written by the question itself ("$K_5$" of "Can the complete
    graph $K_5$ be drawn ...?"): its subject named again, no answer of its own?"""
    compact = re.sub(r"\s+|\$", "", answer)
    return bool(question) and len(compact) >= 1 and compact in re.sub(r"\s+|\$", "", question)


# a question asking its property negated ("Does it have no real solutions?", "Is it undefined at 0?", "ever false"):
# a claim's polarity is not its Yes or No ("without crossings" is the property asked, said again by the claim)
_ASKS_NEGATED = lazy_compile(r"(?i)\b(?:no|not|never|none|nothing|false|fails?|un[a-z]+|non-?[a-z]*|impossible)\b|n't\b")


def _asked_sentence(question: str | None) -> str:
    """The question's last sentence (what it asks), its maths taken out."""
    tail = re.sub(r"\$[^$]*\$", " ", (question or "")[-400:])
    return re.split(r"(?<=[.!?])\s+(?=\S)", tail.strip())[-1] if tail.strip() else ""


def _closing_in_words(text: str, question: str | None = None) -> str:
    """The closing sentence of ``text`` (its last line's last sentence, a closing line that is an aside telling
    something else passed over), its maths written as words; "" if none."""
    before, _, last = text.rstrip().rpartition("\n")
    if before.strip() and trivia_aside(last, question):
        last = before.rstrip().rsplit("\n", 1)[-1]  # "(It is, however, surjective, since ...)": about something else
    aside = ASIDE_AT_END.search(last) if last.rstrip(" .").endswith(")") else None
    if aside and aside.start() > 0 and trivia_aside(aside.group(), question):
        last = last[:aside.start()]  # "... it is reducible. (Compare $x^4+1$, which *is* irreducible over $\mathbb{Q}$.)"
    sentences = [x for x in split_sentences(last.replace("**", "")) if x.strip()]  # ("**结论：不存在……。**")
    if len(sentences) > 1 and OF_ITS_PARTS.search(sentences[-1]):
        sentences.pop()  # "... is not connected. It has two components, ..., each of which is connected.": its parts
    return _in_words(sentences[-1]) if sentences else ""


def _in_words(sentence: str) -> str:
    """``sentence`` with its maths written as words, without its full stop."""
    return SPAN.sub(lambda m: next(g for g in m.groups() if g is not None), sentence).strip().rstrip(".")


def _claim_stated(text: str) -> str:
    """The closing sentence of ``text`` in words, when it makes a claim a yes/no answer states (possible or not,
    exists or not, always or not: ``meaning.claim``); else ""."""
    sentence = _closing_in_words(text)
    said = claim(sentence) if sentence else None
    return sentence if said is not None and said[0] in YES_FAMILIES else ""


# the object a question asks the existence of: "Does there exist a convex polyhedron with ...", "Is there an integer
# $n$ such that ...": its noun (the last word before "with", "such", "that", "whose", a formula, a comma or the end)
_EXISTENCE_OBJECT = lazy_compile(r"(?i)\b(?:does\s+there\s+exist|do\s+there\s+exist|is\s+there|are\s+there|exists?\s+there)"
                                 r"\s+(?:an?|any|some|such\s+an?)?\s*(?P<object>(?:[a-z-]+\s+){0,3}?[a-z]{3,}?)s?"
                                 r"(?=\s+(?:with|such|that|whose|which|where|for|in|on|of)\b|\s*\$|\s*[,?])")
# a conclusion that no such object has what is asked: "So no polyhedron has 7 edges.", "Hence no convex polyhedron can
# have exactly 7 edges."
_NONE_OF = lazy_compile(r"(?i)\s*(?:(?:so|thus|hence|therefore|consequently)\s*,?\s+)?no\s+(?P<object>(?:[a-z-]+\s+){0,3}?[a-z]{3,}?)s?"
                        r"\s+(?:has|have|is|are|can|could|exists?|satisfies|with)\b[^.!?;]{0,120}[.!]?\s*")


def _none_of_asked(sentence: str, question: str | None) -> str:
    """To a question asking whether an object exists ("Does there exist a convex polyhedron with exactly 7 edges?"),
    "No" when the closing ``sentence`` concludes that no such object has it ("So no polyhedron has 7 edges."): the
    question's noun, its numbers the question's own, nothing hedged, conditioned or turned; else ""."""
    asked = _EXISTENCE_OBJECT.search(SPAN.sub(" $ ", question or ""))
    said = _NONE_OF.fullmatch(sentence) if asked else None
    if said is None or _HEDGE_OR_TURN.search(sentence) or DOUBTED.search(sentence) \
            or not set(re.findall(r"\d+", sentence)) <= set(re.findall(r"\d+", question or "")):
        return ""
    noun = said.group("object").split()[-1].lower()
    return "No" if noun == asked.group("object").split()[-1].lower() else ""


# what hedges, conditions or turns a closing sentence
_HEDGE_OR_TURN = lazy_compile(r"(?i)\b(?:if|unless|except|only|or|but|however|maybe|perhaps|probably|might|may|could|"
                              r"wait|actually)\b")


def _claim_before_value(text: str, question: str | None) -> str:
    """To a yes/no question, the sentence of the closing line before its last ones that answers it, when those after
    it only state values ("By the Leibniz test it converges, conditionally. Its sum is $\\ln 2$." to "Does it
    converge?": the sum is more than asked), in words; else "". The sentence claims what the question asks (its
    family's word in the question: converge, exist, possible, infinite) or states the property asked."""
    # (a clause closed by ";" is a sentence here: "So such an $n$ does exist; the smallest is $n=40$."; and one joined
    # by ", and" to the value's clause: "Hence it converges, and its limit $L$ satisfies ..., i.e. $L=\sqrt2$.")
    sentences = [part for sentence in split_sentences(text.rstrip().rsplit("\n", 1)[-1])
                 for part in re.split(r"(?<=[a-z$)])\s*;\s+(?=[a-z])|(?<=[a-z])\s*,\s+and\s+(?=(?:its|their|the)\s)", sentence)]
    asked = (question or "").lower()
    for at in range(len(sentences) - 2, max(-1, len(sentences) - 4), -1):
        later = sentences[at + 1:]
        if any(claim(s) is not None or not re.search(r"[\d$\\]", s) or "?" in s for s in later):
            return ""  # a later sentence claims, doubts or states something in words: not only values
        words = _in_words(sentences[at])
        said = claim(words)
        if said is not None and said[0] != "yes" and (said[0].rstrip("e") in asked.replace("finite", "infinite")
                                                      or said[0] == "exist" and _ASKS_EXISTENCE.search(asked)) \
                or states_asked_property(words, question):
            return words
    return ""


def _cjk_asked_stated(text: str, question: str | None) -> str:
    """To a Chinese question asking a property ("是否可逆？"), the clause of the closing sentence in Chinese that states
    it or its opposite ("因此该矩阵非奇异，其逆矩阵为" before the inverse displayed: 因此该矩阵非奇异), a closing remark on
    something else passed over; else ""."""
    if not question or not CJK_ASKED_WORD.search(question):
        return ""
    lines = [line for line in text.rstrip().split("\n") if line.strip()][-6:]
    for line in reversed(lines):
        words = SPAN.sub(lambda m: next(g for g in m.groups() if g is not None).strip(), line)
        if not _CJK_WORDS.search(words) or trivia_aside(line, question):
            continue  # a display's line, a closing remark
        for clause in reversed(re.split("[，,；;。]", words)):
            if cjk_polarity(clause, question) is not None:
                return clause.strip().strip("*").strip()
        return ""
    return ""


# a reason opening a sentence, up to its comma: "Since ℝ \ {0} is disconnected, "
_REASON_LEAD = lazy_compile(r"(?i)\s*(?:since|because|as)\b[^,;]{1,160},\s*")


def _asked_property_stated(text: str, question: str | None) -> str:
    """The closing sentence of ``text`` in words, when it states the property a yes/no question asks or its opposite
    ("So $g$ is continuous at $0$." to "Is the function $g$ continuous at $0$?"); else ""."""
    sentence = _closing_in_words(text, question)
    if not sentence or not states_asked_property(sentence, question):
        return ""
    head, detailed, _ = sentence.partition(", with ")
    if detailed and states_asked_property(head, question) and not DOUBTED.search(head):
        return head  # "g is bounded, with 0<g(x)\le 1 for all real x": the property, not the bound it adds
    return sentence


#: The locating rules (documented in this module's docstring, which a test compares with it).
RULES: tuple[Rule, ...] = (
    Rule("json-field", 1, _json_field, ("new-turn", "continuation", "open-object"),
         "the answer field of a JSON-shaped reply, else its reasoning read by the rules below"),
    Rule("answer-tag", 2, _answer_tag, ("new-turn", "continuation"),
         "the last <answer>...</answer> block (also 'answer>' without its '<'), its content read by the other rules"),
    Rule("boxed", 2, _boxed, ("new-turn", "continuation", "loop"),
         "the last \\boxed{} (boxes joined to it on its line are one multi-part answer)"),
    Rule("boxed-cut", 2, _cut_box, ("new-turn", "continuation", "loop"),
         "a box the response was cut off in, begun as the last math span before it: that span"),
    Rule("answer-line", 2, _answer_line, ("new-turn", "continuation", "loop", "cut-off-statement"),
         "the last answer line: 'The final answer is', 'Answer:', 'A:', '####', 答案是"),
    Rule("total-line", 2, _total_line, ("new-turn", "continuation", "loop", "cut-off"),
         "a last line 'Total thickness = 31 + 50 + 45 + 62 = 188 mm': the chain's last side"),
    Rule("prose", 3, _prose, ("new-turn", "continuation", "loop", "degenerate", "cut-off"),
         "the conclusion of the last line or closing paragraph"),
)
_BELOW_JSON = tuple(rule for rule in RULES if rule.priority > 1)
_BELOW_TAG = tuple(rule for rule in RULES if rule.name != "answer-tag")


# ---- the cuts ----------------------------------------------------------------------------------------------------

_NEW_TURN = lazy_compile(r"<\|(?:user|im_start|start_header_id|eot_id|im_end|endoftext|end_of_text|end)\|>|</s>"
                       r"|\[INST\]|<start_of_turn>|<end_of_turn>|^[ \t]*(?:Human|User|USER|user)[ \t]*:", re.M)
# a continuation that says it is another question: "Next question:", "New problem:", "Another question:"
_ANOTHER = lazy_compile(r"[ \t]*(?:#{1,4}[ \t]*|\*\*)?(?:Next|New|Another)[ \t]")
_CONTINUATION = lazy_compile(r"^[ \t]*+(?:#{1,4}[ \t]*+|\*\*)?+(?:(?:Next|New|Another)[ \t]++(?:[Qq]uestion|[Pp]roblem)"
                           r"|Question|Problem|Q|Exercise|Instruction|Input|Example|Task)"
                           r"(?:[ \t]++\d++)?+[ \t]*+(?:\*\*)?+[ \t]*+[:：]|^[ \t]*+#{2,4}[ \t]*+(?:Instruction|Input|Question"
                           r"|Problem)\b|^[ \t]*+问题[ \t]*+[:：]"
                           # (after a sentence on the same line: "... keeping the pile a multiple of 3. Question: Who wins
                           # if the pile has 10 stones? Answer: Alice.")
                           r"|(?<=[.!?])[ \t]++(?:(?:Next|New|Another)[ \t]++)?(?:Question|Problem)[ \t]*+[:：]"
                           # (a numbered heading closed by a full stop: "**Problem 2.** Can the numbers ...")
                           r"|^[ \t]*+(?:\*\*)?+(?:Question|Problem)[ \t]++\d++[ \t]*+(?:\*\*)?+\.(?:\*\*)?+(?=[ \t])",
                           re.M)  # (possessive: runs of spaces were quadratic)
# What may follow a committed answer without taking it back: the chat template's next turn, a sign-off, a code
# fence closing the block the answer was written in, an end-of-answer token (<eoa>), a proof's closing mark
# ("$\square$", "∎", "Q.E.D.").
_TRAILER = lazy_compile(r"(?:(?:\$|\\\(|\\\[)?\s*\\(?:square|blacksquare|Box|qed|qedsymbol|hfill\s*\\square)(?![A-Za-z])\s*"
                      r"(?:\$|\\\)|\\\])?|[∎□■]|\(?Q\.\s?E\.\s?D\.?\)?|</\s*answer\s*>|<eo[ae]>|<\|[a-z_]{2,20}\|>(?:[ \t]*(?:user|assistant|system))?|</s>|\[/?INST\]|^```[ \t]*"
                      r"|I hope (?:it|this|that) is correct\.?)\s*\Z", re.I | re.M)


_CALCULATOR = lazy_compile(r"<<[^<>\n]{1,80}=[^<>\n]{0,40}>>")
_HARNESS_MARK = lazy_compile(r"<eo[ae]>")
_MONEY_ONLY = lazy_compile(r"\$(?!\d|<<)")  # a dollar sign not followed by a digit (or an annotation): math


def _plain_text(text: str) -> str:
    """``text`` without GSM8K calculator annotations and GAOKAO-Bench's ``<eoe>`` / ``<eoa>`` tokens, and with dollars
    written ``\\$`` when every ``$`` of it is followed by a digit (cuts ``calculator``, ``harness-marks`` and
    ``currency``)."""
    if "<<" in text:
        text = _CALCULATOR.sub("", text)
    if "<eo" in text:
        text = _HARNESS_MARK.sub(lambda m: _closing_mark(text, m.start()), text)
    if "$" in text and not _MONEY_ONLY.search(text):
        text = re.sub(r"(?<!\\)\$", r"\\$", text)
    if not text.isascii() and _TEN_TO.search(text):
        # "2.0×10⁻³ T": a power of ten in Unicode superscripts, one number (written as the grammar's 10^{-3})
        text = _TEN_TO.sub(lambda m: "10^{" + m.group(1).translate(SCRIPT_DIGITS) + "}", text)
    return text


_TEN_TO = lazy_compile("(?<![\\d.])10([⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+)")


def _closing_mark(text: str, at: int) -> str:
    """What a harness's end token at ``at`` becomes: nothing, or the ``$`` closing a math span its line left open
    ("【答案】$k=\\frac{\\sqrt{2}}{2}<eoa>": the token ends the answer, so it ends the span too)."""
    line = text[text.rfind("\n", 0, at) + 1:at].replace("\\$", "").replace("$$", "")
    closed_after = text[at + 5:at + 6] == "$"  # "...<eoa>$": the span closes right after the token
    return "$" if line.count("$") % 2 and not closed_after else ""


# "3 hours and 35 minutes", "3 h 35 min", "3 \\text{ hours and } 35 \\text{ minutes}": one duration, two units
_DURATION_UNITS = ((r"(?:hours?|hrs?|h)", r"(?:minutes?|mins?)", 60, "minutes"),
                   (r"(?:minutes?|mins?)", r"(?:seconds?|secs?|s)", 60, "seconds"))
_DURATIONS = tuple((lazy_compile(r"(?<![\d.,])(\d{1,4})\s*(?:\\text\s*\{\s*)?" + big + r"\b\s*,?\s*(?:and\s*)?(?:\}\s*)?"
                               r"(\d{1,2})\s*(?:\\text\s*\{\s*)?" + small + r"\b(?:\s*\})?(?![\d.,]\d)"), factor, word)
                   for big, small, factor, word in _DURATION_UNITS)


# what every match of both duration patterns holds: a number, then minutes ("5 min", "5 \\text{ minutes}")
_NUMBER_MINUTES = lazy_compile(r"\d\s*(?:\\text\s*\{\s*)?min")


def _one_duration(text: str) -> str:
    """``text`` with each duration written in two units as one quantity in the smaller (cut ``duration``)."""
    if "min" not in text or not _NUMBER_MINUTES.search(text):
        return text  # every match of both patterns holds a number, then "min" (minutes the smaller unit or the larger)
    for pattern, factor, word in _DURATIONS:
        if pattern.search(text):
            text = pattern.sub(lambda m: f"{int(m.group(1)) * factor + int(m.group(2))} {word}", text)
    return text


def _without_trailers(text: str) -> str:
    """``text`` without trailing chat-template tokens and sign-offs (looked for in its last 80 characters)."""
    for _ in range(4):
        m = _TRAILER.search(text, max(0, len(text) - 80))
        if not m or _TAG_CLOSE.match(m.group()) and _TAG_OPEN.search(text, 0, m.start()):
            break  # a closing </answer> of an opened tag: the answer-tag rule reads the whole block
        text = text[:m.start()].rstrip()
    return text


# an echoed prompt template's answer line; an answer marker closing a response with nothing after it
_PLACEHOLDER = lazy_compile(r"^[ \t]*(?:final[ \t]+)?answer[ \t]*[:：][ \t]*(?:<[^<>\n]{0,20}answer[^<>\n]{0,20}>|\$answer)"
                          r"[ \t]*$", re.I | re.M)
_EMPTY_LAST_MARKER = lazy_compile(r"(?:^[ \t]*(?:\*\*)?(?:final[ \t]+)?answer(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*)?|^[ \t]*####)"
                                r"[ \t]*\Z", re.I | re.M)


def _without_empty_markers(text: str) -> str:
    """``text`` without the markers that state nothing (cut ``empty-marker``): an echoed template line
    ``Answer: <answer>``, and an answer marker the response stops right after when the text before it ends a
    sentence (that statement stands; after a derivation cut off mid-formula the marker stays, and states nothing)."""
    if _PLACEHOLDER.search(text):
        text = _PLACEHOLDER.sub("", text)
    last = _EMPTY_LAST_MARKER.search(text.rstrip())
    before = text.rstrip()[:last.start()].rstrip() if last else ""
    return before if re.search(r"[.!?。][*$)\]\s]*\Z", before) else text


def _before_new_turn(text: str) -> str:
    """``text`` up to a chat template's next turn (one that follows something the model wrote)."""
    for m in _NEW_TURN.finditer(text):
        if text[:m.start()].strip():
            return text[:m.start()].rstrip()
    return text


def _by_table(text: str, multiple: bool, rules: tuple[Rule, ...] = RULES,
              question: str | None = None) -> Extraction | None:
    """The finding of the strongest priority with one (the latest finding within it), or None."""
    scope = _Scope(text, multiple, question)
    for priority in sorted({rule.priority for rule in rules}):
        found = [f for rule in rules if rule.priority == priority and not scope.bars(rule)
                 for f in (rule.find(scope),) if f is not None]
        if found:
            best = max(found, key=lambda f: f.pos)
            return best.extraction if best.extraction.answers else None
    return None


def _states_answer(found: Extraction | None, before: str) -> bool:
    """Does the text ``before`` a new question state an answer: a committed one, or a concluding sentence with a
    number ("So she has 18 dollars left.", not "Given: 16 eggs, 3 eaten.")?"""
    if found is None:
        return False
    if found.method != "prose":
        return True
    last = before.rstrip().rsplit("\n", 1)[-1]
    return concludes(before) and any(re.search(r"\d", a) for a in found.answers) and not _muses(last)


def _muses(sentence: str) -> bool:
    """Is ``sentence`` (a closing line) a thought along the way: a supposition, a conditional, a partial result, a
    guess or a question? Then it states no answer for a cut to keep."""
    form = _FORM_SAID.search(sentence)
    return bool(_supposes(sentence) or _CONDITIONAL_MARKER.search(sentence) or _PARTIAL.search(sentence)
                or _GUESSING.search(sentence) or "?" in sentence or form and _FORM.match(sentence, form.end()))


_FORM_SAID = lazy_compile(r"(?i)\banswer\s+(?:is|should\s+be|must\s+be|will\s+be)\b")


def final_answer(response: str, multiple: bool = False, question: str | None = None) -> Extraction | None:
    """The answer a response finally commits to, or None (see the module docstring for the rules and the cuts).
    Answering a question of numbered subproblems whose earlier ones it solves ("Subproblem 0: ... Solution: ... Final
    answer: ... Subproblem 3: ...", minerva_math's form), a closing list of one value per subproblem answers the last,
    the one asked, with its last value.

    Args:
        response: the model's full response.
        multiple: the question has several answers: a last line "The solutions are $1$ and $2$." (or "0 and
            1" in words) states all of them, not just the last.
        question: the row's question, when known: a "Question:" that restates it is the response reading it again,
            not a new question it invented (the answer before it is taken back, and no cut is made there).

    Example:
        >>> final_answer("16 - 3 - 4 = 9, and 9 * 2 = 18.\\nThe answer is 18.\\n\\nQuestion: Tom has 5 apples...")
        Extraction(answers=('18',), method='answer-line')
    """
    found = _final_answer(response, multiple, question)
    asked = _SUBPROBLEM.findall(question[-6000:]) if found is not None and question and "Subproblem" in question else []
    if asked and len(found.answers) == 1 and asked[-1] == str(len(asked) - 1) and "Solution:" in question \
            and not _HEDGE_WORD.search(found.answers[0]):  # (a hedge, "2 or 3", is no list of answers)
        listed = split_answers(found.answers[0])
        if len(listed) == len(asked) >= 2:
            # "\boxed{10^{14}, 10^{10}, 10, 10^{11}}" after "Subproblem 0" to "Subproblem 3": the last one's answer
            return Extraction((listed[-1].strip(),), found.method)
    if found is not None and found.method == "boxed" and len(found.answers) == 1 and question \
            and _ASKS_ANGLE.search(question) and _BARE_NUMBER.fullmatch(found.answers[0]):
        said = re.findall(r"(?<![\d.])" + re.escape(found.answers[0].strip()) + _DEGREE_MARK, response[-600:])
        if said:
            # "..., so the acute angle between the lines is $45^\circ$.\n\n**Final Answer**\n\boxed{45}" to a question
            # asking an angle: the bare box restates the angle the response said in degrees right before it (rule 5)
            return Extraction((found.answers[0].strip() + "^\\circ",), found.method)
    return found


# a bare number in a box, and a degree mark after a number
_BARE_NUMBER = lazy_compile(r"\s*\d+(?:\.\d+)?\s*")
_DEGREE_MARK = r"\s*(?:°|\^\s*\{?\s*\\circ\s*\}?|\\degree|degrees?\b)"
# a question asking an angle
_ASKS_ANGLE = lazy_compile(r"(?i)\bangle|角")
# words joining alternatives: "2 or 3", "either ... or ...", 或
_HEDGE_WORD = lazy_compile(r"(?i)\b(?:or|either)\b|或")
# a subproblem's heading in minerva_math's form: "Subproblem 3:"
_SUBPROBLEM = lazy_compile(r"(?m)^\s*Subproblem\s+(\d{1,2})\s*:")


def _final_answer(response: str, multiple: bool, question: str | None) -> Extraction | None:
    text = _without_empty_markers(_before_new_turn(_without_trailers(_one_duration(plain_chinese(_plain_text(
        _sections_as_block(response.replace("\r\n", "\n"))))))))
    if _THINK_OPEN.match(text) and not _THINK_CLOSE_LOOSE.search(text):
        closing = _ENDS_ON_BOX.search(text, max(0, len(text) - 300))
        if closing is None or _LINE_UNCOMMITTED.search(text[:closing.start()].rsplit("\n", 1)[-1]):
            # a reasoning block opened and never closed: the reply stopped while thinking, committing to nothing (a
            # last line boxing a supposition, a hedge or a value it rejects commits to nothing either)
            return None
        # "<think> ... So the number of distinct arrangements is \boxed{60}." and no closing tag: the block ends on its
        # own conclusion, and nothing follows it
        return _read(text[_THINK_OPEN.match(text).end():], multiple, question)
    if "</think>" in text and response.count("</think>") > 1:
        text = _before_invented_question(text, multiple, question)
    if "</think>" in text:
        thinking = _thinking(text) if text.count("</think>") == 1 else None
        if thinking is not None:
            # the answer after the reasoning block, whatever the block mused on the way; the block's own only when
            # nothing follows it
            return _after_block(*thinking, multiple, question)
        samples = _last_sample(text)
        if samples:
            # the last sample that commits; one whose write-up is cut off before stating anything leaves the one
            # before it
            for block, after in samples:
                found = _after_block(block, after, multiple, question)
                if found is not None or not truncated(plain_dollars(after)):
                    return found
            return None
    return _read(text, multiple, question)


def _before_invented_question(text: str, multiple: bool, question: str | None) -> str:
    """``text`` (a reply closing more than one reasoning block) up to a question it invents after answering ("...
    </think> so the answer is $\\boxed{13}$.\\n\\nQuestion: What is ...? <think> ..."): the blocks after it answer
    that question, not the row's (rule 1: what starts a new question is not part of the answer); unchanged when no
    such question follows a block's answer."""
    for m in islice(_CONTINUATION.finditer(text), 3):
        before = text[:m.start()].rstrip()
        if before and not restated(text, m, question):
            thinking = _thinking(before)
            if thinking is not None and _states_answer(_after_block(*thinking, multiple, question), thinking[1]):
                return before
            break
    return text


_THINK_OPEN = lazy_compile(r"\A\s*<think>")
# a text whose last line closes on a box: "So the number of arrangements is \boxed{60}."
_ENDS_ON_BOX = lazy_compile(r"\\boxed\{[^\n]{0,200}\}[ \t]*(?:\$\$?|\\\]|\\\))?[ \t]*(?:\([^()\n]{0,60}\))?[ \t]*[.。!]?[ \t]*\Z")
# what keeps such a line from committing: a supposition, a hedge, a negation ("If reflections were identified, ... would
# be \boxed{12}.", "it's either 39 or \boxed{40}", "so it can't be \boxed{180}")
_LINE_UNCOMMITTED = lazy_compile(r"(?i)\b(?:if|either|or|not|cannot|would|could|might|maybe|perhaps|unless|suppose|"
                                 r"whether|unsure|guess)\b|n't\b")
_THINK_CLOSE_LOOSE = lazy_compile(r"<\s*/\s*think")  # "</think>", also mistyped ("</ thinks>")
# s1's sections: "<|im_start|>think" opens the reasoning, "<|im_start|>answer" the answer after it
_S1_THINK = lazy_compile(r"\A\s*<\|im_start\|>[ \t]*think\b")
_S1_ANSWER = lazy_compile(r"<\|im_start\|>[ \t]*answer\b")


def _sections_as_block(text: str) -> str:
    """``text`` with s1's sections (``<|im_start|>think`` ... ``<|im_start|>answer`` ...) written as a reasoning
    block and what follows it (cut ``think``), so that the answer section is read, not the thinking; unchanged
    otherwise (once each, in that order, and no ``<think>`` tag of its own)."""
    if "<|im_start|>" not in text or "think>" in text:
        return text
    opened = _S1_THINK.match(text)
    answers = list(_S1_ANSWER.finditer(text))
    if opened is None or len(answers) != 1 or len(_S1_THINK_ANY.findall(text)) != 1:
        return text
    return "<think>" + text[opened.end():answers[0].start()] + "</think>" + text[answers[0].end():]


_S1_THINK_ANY = lazy_compile(r"<\|im_start\|>[ \t]*think\b")
_ANY_THINK = lazy_compile(r"<\s*/?\s*think\s*>")


def _thinking(text: str) -> tuple[str, str] | None:
    """``text`` as (its reasoning block's content, what follows the block) (cut ``think``); None unless the text
    is one block and what follows it (a ``<think>`` opening the text or left in the prompt, one ``</think>``): tags
    echoed from a prompt's template ("put your reasoning in <think> </think>") make no block."""
    end = text.find("</think>")
    if end < 0 or text.find("</think>", end + 1) >= 0:
        return None
    block = text[:end]
    opened = _THINK_OPEN.match(block)
    if _ANY_THINK.search(block, opened.end() if opened else 0) or _ANY_THINK.search(text, end + 8):
        return None
    return block[opened.end() if opened else 0:], text[end + len("</think>"):]


def _last_sample(text: str) -> list[tuple[str, str]]:
    """``text`` that thinks again after a closed reasoning block and is cut off mid-thought (samples joined into one
    reply, the last cut off; a reply reopening ``<think>`` after its answer), as its closed blocks from the last back,
    each as (its content, what follows it up to the next block, a separator line between samples dropped): the
    block opened after the last ``</think>`` and never closed commits to nothing (cut ``think``). Empty when no block
    opens after the last ``</think>``; the blocks stop before one of a few words ("<think> reasoning process
    here</think>": a template echoed, not a block of reasoning)."""
    tags = list(_ANY_THINK.finditer(text))
    closes = [i for i, m in enumerate(tags) if "/" in m.group()]
    samples: list[tuple[str, str]] = []
    if not closes or closes[-1] == len(tags) - 1:
        return samples
    for i in reversed(closes):
        start = tags[i - 1].end() if i and "/" not in tags[i - 1].group() else 0
        if len(text[start:tags[i].start()].strip()) < _REASONED:
            break
        after = text[tags[i].end():tags[i + 1].start()]  # (a tag follows every close: the last one's is the reopening)
        samples.append((text[start:tags[i].start()], _SEPARATOR_AT_END.sub("", after)))
    return samples


_REASONED = 200  # characters a reasoning block holds at least, in a reply thinking more than once
_SEPARATOR_AT_END = lazy_compile(r"\n[ \t]*(?:-{3,}|={3,})[ \t]*[A-Za-z_ ]{0,20}[ \t]*(?:-{3,}|={3,})?[ \t]*\n?\Z")


def _after_block(block: str, after: str, multiple: bool, question: str | None) -> Extraction | None:
    """The answer of a reply whose reasoning block ``block`` is followed by ``after``: what ``after`` states; when
    ``after`` is cut off before stating one, the sentence opening it ("The smallest value is $3$.", then an
    explanation cut off). The block's own conclusion counts only when nothing follows it: an explanation after it,
    cut off before it states anything, leaves the reply with no answer."""
    if not after.strip():
        return _read(block, multiple, question)
    found = _read(after, multiple, question)
    if found is not None or not truncated(plain_dollars(after)):
        return found
    opening = after.strip().split("\n\n", 1)[0]
    if opening != after.strip() and not truncated(opening) and not opening.rstrip(" *").endswith(":"):
        return _read(opening, multiple, question)
    named = _CUT_NAMED_ANSWER.search(after)
    if named:
        # "... w = (4 - 2i) + (2 - 3i) = 6 - 5i \] **Answer**: \( w = " (cut off): the value last derived for w
        derived = [m for m in _NAMED_VALUE.finditer(after, 0, named.start()) if m.group("name") == named.group("name")]
        if derived:
            return Extraction((derived[-1].group("value").strip(),), "answer-line")
    return None


# an answer line cut off right after naming its quantity ("**Answer**: \( w = "), and a display line deriving a
# value for a name ("w = (4 - 2i) + (2 - 3i) = 6 - 5i"): the value is what follows the last "="
_CUT_NAMED_ANSWER = lazy_compile(r"(?im)^[ \t*#]*(?:final\s+)?answer[ \t*]*:[ \t*]*(?:\$|\\\()?[ \t]*"
                                 r"(?P<name>[A-Za-z](?:_\{?\w{1,3}\}?)?)[ \t]*=[ \t]*\Z")
_NAMED_VALUE = lazy_compile(r"(?m)^[ \t]*(?P<name>[A-Za-z](?:_\{?\w{1,3}\}?)?)[ \t]*=[^\n]*=[ \t]*(?P<value>[^=\n]+?)"
                            r"[ \t]*(?:\\\]|\$\$)?[ \t]*$")


def _read(text: str, multiple: bool, question: str | None = None) -> Extraction | None:
    """The answer ``text`` commits to: before an invented question when the text before it states one, else by
    the table."""
    cut = _invented_cut(text, multiple, question)
    if cut is not None:
        return cut[1]
    if question and text.rstrip().endswith((")", "）", ".", "。")):
        text = _without_closing_note(_without_closing_remark(text, question), question)
    at = _unmarked_question(text, question) if question and "box" in text else None
    if at is not None:
        found = _by_table(text[:at].rstrip(), multiple, question=question)
        if found is not None and found.method == "boxed":
            return found
    found = _by_table(text, multiple, question=question)
    labelled = _labelled_in_closing_line(text, found)
    if labelled is not None:
        return labelled  # each value names its part: the labels order them, not the writing
    if multiple and question:
        return _with_restriction(text, _answered_parts(text, question, found) or _with_family(text, found))
    return _with_restriction(text, _with_family(text, found))


# a remark in brackets closing a reply, ASCII or full-width: "(It is one-to-one, though: ...)", "（它有下界 $1$。）"
_CLOSING_BRACKETS = lazy_compile(r"[ \t]*+(?:(?<!\\)\((?P<ascii>[^()\n]{2,299}[^()\n\\])\)|（(?P<wide>[^（）\n]{2,200})）)"
                                 r"[ \t.。]*+\Z")  # (not a math span's "\(...\)")
# what makes a closing remark more than a remark: it corrects, doubts, hedges, answers or adds to the answer
_REMARK_REVISES = lazy_compile(r"(?i)\b(?:wait|wrong|mistake|incorrect|error|oops|actually|instead|rather|re-?check\w*|"
                               r"maybe|perhaps|might|may|could|possibly|probably|unsure|not\s+sure|doubt\w*|alternatively|"
                               r"or|either|unless|if|only|except|however|answer\w*|in\s+fact|after\s+all|too|also|"
                               r"as\s+well|correct\w*|sorry|second\s+(?:thought|look)|reconsider\w*|reflection|"
                               r"retract\w*|scratch|ignore|slip\w*|hmm+|not\s+quite|fail\w*|false|untrue|counter-?examples?|exceptions?|"
                               r"so|therefore|hence|thus)\b|(?:^|[,:;—–-])\s*no\s*(?:[,.:;!—–-]|$)|其实|实际上|更正|修正|纠正|等等|"
                               r"不对|错|有误|答案|或者|也许|可能|说不定|没把握|不确定|似乎|估计|如果|若|除非|仅|只有|只在|也|重新|所以|因此|故|"
                               r"反例|不成立")
# what opens a remark on another object set beside the answer: "相比之下，实数集 $\mathbb{R}$ 是不可数的", "By contrast, ..."
_CONTRAST_OPENS = lazy_compile(r"(?i)\s*(?:相比之下|与之相比|与此相比|对比之下|作为对比|对比\s*[：:]|(?:by|in|for)\s+contrast\b|"
                               r"for\s+comparison\b)")
# a remark in brackets restating a value roughly in a unit: "roughly 56 mph", "≈ 1236 km/h", "about $0.97$ atm"
_ROUGH_ASIDE = lazy_compile(r"(?i)(?:roughly|about|approximately|approx\.|around|nearly|some|≈|~)\s*+\$?\s*+"
                            r"(?P<value>\d+(?:\.\d+)?)\s*+\$?\s*+(?P<unit>[A-Za-z°Å][A-Za-z/°^0-9]{0,8})")
# a bold span of words, no maths or digit: the answer a closing sentence emphasises ("So $f$ is **not onto**.")
_BOLD_WORDS = lazy_compile(r"\*\*[^*\d$\\\n]{2,60}\*\*")
# a question asking whether a statement is true: "True or false: ...", 判断 ... 是否正确
_ASKS_TRUTH = lazy_compile(r"(?i)\btrue\s+or\s+false\b|是否正确|对还是错|判断")
_TRUTH_WORDS = lazy_compile(r"(?i)\b(?:true|false|correct|incorrect|valid|invalid)\b")


def _without_closing_remark(text: str, question: str | None) -> str:
    """``text`` without a remark in brackets closing it after a sentence that states the answer in words ("So $f$ is
    **not onto**. (It is one-to-one, though: ...)" to "Is $f$ surjective?", "An **ellipse** (centred at the origin,
    semi-axes $2$ and $\\sqrt3$).", "因此 $\\mathbb{Q}$ 是**可数**的。（相比之下，实数集 $\\mathbb{R}$ 是不可数的。）"): the claim,
    the kind or the property asked is the answer, the remark on another object, detail or property passed over; a
    remark that corrects, doubts, hedges or answers again is read (the text as it is)."""
    remark = _CLOSING_BRACKETS.search(text, max(0, len(text) - 420)) if text.rstrip().endswith((")", "）", ".", "。")) \
        else None
    if remark is None or not question:
        return text
    head = text[:remark.start()].rstrip()
    aside = remark.group("ascii") or remark.group("wide")
    if not head or "\n" in aside or _REMARK_REVISES.search(aside) or DOUBTED.search(aside):
        return text
    rough = _ROUGH_ASIDE.fullmatch(aside.strip())
    asked = asked_unit(question) if rough else None
    if rough and not (asked and unit_factor(asked, rough.group("unit")) == 1):  # (not the unit the question asks)
        # "$$v = 25 \\times 3.6 = \\mathbf{90\\ km/h}$$\n\n(roughly 56 mph).": the value before, restated roughly in
        # another unit of its quantity (within 5%)
        before = final_answer(head, False, question)
        stated = _closing_unit(before.text) if before is not None and len(before.answers) == 1 else ""
        unit = rough.group("unit")
        return head if stated and convertible(stated, unit) and unit_factor(stated, unit) != 1 \
            and _restates(before.text, stated, rough.group("value"), unit) else text
    stated = _stated_in_words(head, question)
    if stated is None or not _passed_over(aside, stated[1], stated[0], question):
        return text
    # (the sentence before it read alone must state something: the remark is passed over, not the answer lost)
    return head if _by_table(head, False, question=question) is not None else text


def _stated_in_words(head: str, question: str) -> tuple[str, tuple[str, bool] | None] | None:
    """The closing sentence of ``head`` in words and its claim, when it states an answer in words (a claim, the
    property asked, a shape, a bold phrase, true or false); else None."""
    line = head.rsplit("\n", 1)[-1].strip()
    sentence = (re.split(r"(?<=[.!?。！？])\s*", line.rstrip(" .。")) or [line])[-1] or line
    words = sentence.replace("**", "")
    said = claim(words)
    stated = said is not None or states_asked_property(words, question) or cjk_polarity(words, question) is not None \
        or shape(words) is not None or bool(_BOLD_WORDS.search(sentence)) \
        or bool(_ASKS_TRUTH.search(question) and _TRUTH_WORDS.search(words))
    return (words, said) if stated else None


# a closing note, on a line of its own or closing the last line: "Note that ...", "Remark:", "*Aside:*", 补充：, 事实上，
_NOTE = lazy_compile(r"(?i)(?:^|(?<=[.!?。！？]))[ \t]*+(?:[*_]{1,2})?(?:note(?:\s+that)?|remark|aside|side\s+note|fun\s+fact|"
                     r"by\s+the\s+way|incidentally|p\.\s?s\.)\b[^\n]*\Z|(?:^|(?<=[。！？]))[ \t]*+(?:补充|注意|注[：:]|附注|备注|"
                     r"顺便(?:说一句|一提)?|事实上|另外[，,])[^\n]*\Z", re.M)
# a note supposing another case: "... without the point $0$ the set would not be closed", "若常数等于 ……，轨迹是线段"
_NOTE_SUPPOSES = lazy_compile(r"(?i)\bwould\b|(?:若(?!干)|如果|假如|倘若)[^。；;]{1,60}?(?:则|就|会|，)")
# what ties a supposed case to the one asked: "p is 1 here", "as it does here", "the problem's $a$ is 1", 本题正是
_NOTE_HERE = lazy_compile(r"(?i)\b(?:here|in\s+this\s+(?:case|problem|question)|our\s+(?:case|series|matrix|set)|"
                          r"problem'?s?|question'?s?|given|indeed|actually|really|so|therefore|thus|which\s+is\s+the\s+case)\b"
                          r"|本题|此题|这里|正是|实际|确实|题目|题中|所以|因此|故|于是")
# what makes a note more than a remark even when it supposes: it corrects, doubts or answers again
_NOTE_REVISES = lazy_compile(r"(?i)\b(?:wait|wrong|mistake|incorrect|error|oops|actually|instead|rather|re-?check\w*|maybe|"
                             r"perhaps|might|possibly|probably|unsure|not\s+sure|doubt\w*|answer\w*|in\s+fact|after\s+all|"
                             r"correct\w*|sorry|reconsider\w*|retract\w*|scratch|ignore|slip\w*)\b|其实|实际上|更正|修正|纠正|"
                             r"不对|错|有误|答案|也许|可能|说不定|没把握|不确定")


# a note's first clause, before what it adds: "Note: it is bounded" of "Note: it is bounded but it does not converge"
_NOTE_FIRST_CLAUSE = lazy_compile(r"(?P<clause>[^,;:.]{0,30}?[:,]?[^,;:.]{1,60}?)(?=\s*+(?:,|;|\bbut\b|\band\b|\.|$))")


def _without_closing_note(text: str, question: str | None) -> str:
    """``text`` without a note closing it after a sentence that states the answer in words ("... so $K$ is
    compact.\n\nNote that without the point $0$ the set would not be closed, hence not compact.", "所以级数收敛。\n\n
    事实上，欧拉证明了 $\\sum 1/n^2 = \\pi^2/6$。"): a note supposing another case, or telling something else (no claim in
    the question's terms, as a remark in brackets, :func:`_passed_over`), is passed over; one that corrects, doubts or
    answers again is read."""
    note = _NOTE.search(text, max(0, len(text) - 600)) if question else None
    if note is None:
        return text
    head, said = text[:note.start()].rstrip(), note.group().strip()
    stated = _stated_in_words(head, question) if head else None
    if stated is None or _NOTE_REVISES.search(said) or DOUBTED.search(said):
        return text
    agreeing = _NOTE_FIRST_CLAUSE.match(said) if stated[1] is not None and stated[1][0] == "yes" else None
    if agreeing and not _NOTE_SUPPOSES.search(agreeing.group("clause")) \
            and answers_question("Yes" if stated[1][1] else "No", agreeing.group("clause"), question) is True:
        # "yes — the sequence is bounded (by 1).\n\nNote: it is bounded but it does *not* converge, because ...": a
        # note opening on the verdict said again, then telling another property
        return head if _by_table(head, False, question=question) is not None else text
    supposes = _NOTE_SUPPOSES.search(said) is not None and not _NOTE_HERE.search(said)
    # (a note stating no supposition passes over only when it states no value either: "事实上，欧拉证明了……" may be a
    # fact checking the answer or one overturning it, "Note that $\det A = 0$")
    plain = not re.search(r"[\d$=\\]", said) and not _REMARK_REVISES.search(said) \
        and _passed_over(said, stated[1], stated[0], question)
    if not (supposes or plain or other_object_remark(said, question) and not _NOTE_HERE.search(said)
            and not _NOTE_SUPPOSES.search(said)):
        return text  # (a remark on another object, in symbols: "Note that the square map $x\\mapsto x^2$, by
        # contrast, is not injective" after "$x\\mapsto x^3$ is one-to-one")
    return head if _by_table(head, False, question=question) is not None else text


def _passed_over(aside: str, said: tuple[str, bool] | None, head: str, question: str) -> bool:
    """Is ``aside``, a remark after the answer stated in words (``head``, claiming ``said``), one on something else:
    no claim of its own in the question's terms (a claim, the property asked, an alternative offered, a shape, a
    verdict of true or false), only details ("centred at the origin, semi-axes $2$ and $\\sqrt3$"), another property
    ("It is one-to-one, though"), the same claim again ("it is bounded, but it has no limit" after "diverges"), a
    shape denied ("Not an ellipse — that would need a plus sign."), or another object set beside the answer by a
    contrast ("相比之下，实数集 $\\mathbb{R}$ 是不可数的")?"""
    words = aside.replace("**", "")
    if _CONTRAST_OPENS.match(words):
        spans = [re.sub(r"\s+", "", m.group()) for m in re.finditer(r"\$[^$]+\$", words)]
        return any(span not in re.sub(r"\s+", "", question) for span in spans)  # (another object, in symbols)
    again = claim(words)
    asked = claim(_asked_sentence(question))
    kinds = {"yes", said[0] if said else "", asked[0] if asked else ""}
    if again is not None and (again[0] in kinds or said is None) \
            and not (said is not None and (again == said or {again[0], said[0]} == {"converge", "exist"}
                                           and again[1] == said[1])):
        # "(On reflection, no: no bijection exists.)", "(... the sequence diverges.)" after "converges": a claim of
        # the kind stated or asked, another than the answer's (not one of another kind: "it is bounded, but ...")
        return False
    kind = shape(words)
    if kind is not None and not (re.search(r"(?i)\bnot\s+an?\s+" + re.escape(kind), words) and kind != shape(head)):
        return False  # "(... so the curve is a hyperbola.)" after "an ellipse"
    return not (states_asked_property(words, question) or property_words(question) & set(re.findall(r"[a-z-]+", words.lower()))
                or cjk_polarity(words, question) is not None or alternative_named(words, question) is not None
                or _ASKS_TRUTH.search(question) and _TRUTH_WORDS.search(words))


def before_new_question(response: str, question: str | None = None, multiple: bool = False) -> str:
    """``response`` up to a question it invents after stating an answer ("... so it isn't prime.\\n\\nNext question:
    Is 8191 prime? Yes."), as the reader reads it: what follows answers that question, not the row's (rule 1);
    ``response`` unchanged when no such question follows a stated answer. A closing remark in brackets after an
    answer stated in words is left out, as the reader leaves it (:func:`_without_closing_remark`)."""
    cut = _invented_cut(response, multiple, question)
    text = response if cut is None else cut[0]
    return _without_closing_note(_without_closing_remark(text, question), question) \
        if question and text.rstrip().endswith((")", "）", ".", "。")) else text


def _invented_cut(text: str, multiple: bool, question: str | None) -> tuple[str, Extraction | None] | None:
    """Where ``text`` stops before a question it invents: (the text before it, what that text answers), or None. A
    question the reply says is another one (:func:`_another`) cuts whatever came before it; a plain "Question:" only
    after a stated answer, and not when it restates the row's question (read again, not a new one)."""
    for m in islice(_CONTINUATION.finditer(text), 3):
        before = text[:m.start()].rstrip()
        if not before:
            continue
        if _another(text, m, question):
            return before, _by_table(before, multiple, question=question)  # whatever it answered before
        if not restated(text, m, question):
            found = _by_table(before, multiple, question=question)
            if _states_answer(found, before) or _ANSWERED_PAIR.match(text, m.end()):
                # (an invented question with its own answer line, "Question: Who proved the Poincaré conjecture?\n
                # Answer: Grigori Perelman.", cuts whatever came before it, an answer the table cannot read included)
                return before, found
    return None


# a question a continuation label opens, then its own answer line: "Question: Who proved ...?\nAnswer: Perelman."
_ANSWERED_PAIR = lazy_compile(r"[^\n]{3,300}\?[ \t]*\n[ \t]*(?:\*\*)?(?:Answer|A)(?:\*\*)?[ \t]*[:：]")


def _another(text: str, marker: re.Match[str], question: str | None) -> bool:
    """Does ``marker`` (a continuation) say that another question starts ("Next question:", "New problem:", "Another
    question:"), not the next part of the row's ("Next question: (2) No, ...")? What follows it, unless it restates
    the row's question (a reply working through it: "Next question: is $\\sqrt2+\\sqrt3$ rational? ..."), is never the
    answer (rule 1)."""
    if not _ANOTHER.match(marker.group()) or _PART_LABEL_AFTER.match(text, marker.end()):
        return False
    if not question:
        return True
    asked = text[marker.end():marker.end() + 300].split("\n", 1)[0].split("?", 1)[0]  # the question it asks
    words = set(_WORD.findall(re.sub(r"\\[a-z]+|[{}$]", " ", asked.lower())))
    own = set(_WORD.findall(re.sub(r"\\[a-z]+|[{}$]", " ", question.lower())))
    compact = re.sub(r"[\s{}]", "", question)
    # the row's question or one of its parts asked again: every word and every formula of it the row's
    return not (words and words <= own and all(re.sub(r"[\s{}]", "", span) in compact
                                               for span in re.findall(r"\$([^$]+)\$", asked)))


_PART_LABEL_AFTER = lazy_compile(r"[ \t]*(?:\(\s*(?:\d{1,2}|[a-h]|[ivx]{1,4})\s*\)|(?:\d{1,2}|[a-h])[.)])")


def _with_family(text: str, found: Extraction | None) -> Extraction | None:
    """``found`` with the family phrase written right after its answer ("$(2,3,6)$ and its permutations": the
    answer names every member, ``maths.family``), else unchanged."""
    if found is None or len(found.answers) != 1 or not found.answers[0].strip():
        return found
    answer = found.answers[0].strip()
    at = text.rfind(answer)
    phrase = family_after(text, at + len(answer)) if at >= 0 else ""
    if not phrase or phrase in answer:
        return found
    return Extraction((f"{answer} \\text{{ {phrase}}}",), found.method)


# a restriction on a family's constant written right after it: ", where $c$ is a nonzero rational constant", "with
# $c > 0$" (not where its variable ranges, "for every positive real $x$")
_RESTRICTED = lazy_compile(r"[\s$,.]*(?:where|with)\s+(?:(?:a|an|any|some|every|each)\s+)?(?:\$\s*(?P<letter>[a-zA-Z])\s*\$\s+"
                           r"(?:is\s+)?(?:(?:a|an|any)\s+)?(?P<word>non-?zero|positive|negative|non-?negative)\b|"
                           r"(?P<word2>non-?zero|positive|negative|non-?negative)\s+(?:[a-z]+\s+)?(?:constant|number|real|rational|"
                           r"integer)s?\s+\$\s*(?P<letter2>[a-zA-Z])\s*\$|\$\s*(?P<letter3>[a-zA-Z])\s*(?P<sign>\\neq?|≠|>|<|\\geq?|\\leq?|≥|≤)"
                           r"\s*0\s*\$)")
_RESTRICTION_SIGNS = {"nonzero": "\\neq", "non-zero": "\\neq", "positive": ">", "negative": "<", "nonnegative": "\\geq",
                      "non-negative": "\\geq"}


def _with_restriction(text: str, found: Extraction | None) -> Extraction | None:
    """``found`` with the restriction on its family's constant written right after it ("$f(x) = cx$, where $c$ is a
    nonzero rational constant": ``f(x) = cx, c \\neq 0``), which the answer keeps (a family restricted is another
    family); else unchanged."""
    if found is None or len(found.answers) != 1 or not found.answers[0].strip() or "=" not in found.answers[0]:
        return found
    answer = found.answers[0].strip()
    at = text.rfind(answer)
    said = _RESTRICTED.match(text, at + len(answer), at + len(answer) + 120) if at >= 0 else None
    if said is None:
        return found
    letter = said.group("letter") or said.group("letter2") or said.group("letter3")
    sign = _RESTRICTION_SIGNS.get((said.group("word") or said.group("word2") or "").lower()) or said.group("sign")
    if not re.search(r"(?<![A-Za-z\\])%s(?![a-z]{2})" % letter, answer.split("=", 1)[1]) \
            or re.search(r"\(\s*%s\s*\)" % letter, answer.split("=", 1)[0]):
        return found  # (not a constant of the answer, or the variable of its function: "$f(x) = x$ with $x > 0$")
    return Extraction((f"{answer}, {letter} {sign} 0",), found.method)


def _labelled_in_closing_line(text: str, found: Extraction | None) -> Extraction | None:
    """The parts a closing line answers with each value labelled by its part, in any order of writing ("$3$ (part
    a) and $7$ (part b)", ``prose.labelled_parts``), when the table read one of them: the answers in the parts'
    order (method ``parts``); None otherwise."""
    if found is None or found.method not in ("prose", "answer-line", "boxed"):
        return None
    last = text.rstrip().rsplit("\n", 1)[-1]
    parts = labelled_parts(last) if "(" in last else ""
    if not parts or not all(answer.strip() in parts for answer in found.answers):
        return None
    return Extraction((parts,), "parts")


# a numbered list's item opening its line: "1. ...", "**2.** ...", "3、..."
_LIST_NUMBER = lazy_compile(r"^[ \t]*(?:\*\*)?(?P<label>[1-9])(?:\*\*)?[.．、](?!\d)(?:\*\*)?", re.M)
# what may open a line before a part's label: markup, a heading, "For part", "Part"
_SECTION_LEAD = lazy_compile(r"[ \t]*(?:\*\*|#{1,4})?[ \t]*(?:(?i:for[ \t]+)?(?i:part)[ \t]*)?")


def _answered_parts(text: str, question: str, found: Extraction | None) -> Extraction | None:
    """The answers to a question's ordered parts or blanks (``compare.whole.asked_parts``: k of them) when the
    reading of the whole response states fewer than k: the response's sections, lines opening with the labels
    (1), (2), ... or (a), (b), ... in order, k of them, each stating one answer (read by the table: its box, its
    answer line, its closing statement); else a closing line with exactly k boxes ("the largest is $\boxed{7}$ and
    the smallest is $\boxed{2}$") or, without boxes, exactly k math spans ("The minimum value is $\frac12$, attained
    at $x = 2$."), in order. Written "(1) ... (2) ...": the parts are ordered. None when
    neither states them all."""
    from .compare.tuples import tuple_parts
    from .compare.whole import asked_parts, blanks_in_brackets

    k = asked_parts(question)
    if k < 2 or found is not None and len(split_answers(found.text)) >= k:
        return None
    if found is not None and len(found.answers) == 1 and numbered_line(found.answers[0]) \
            and len(labelled_run(list(PART_LABEL.finditer(found.answers[0])))) == k \
            and not re.search(r"[A-Za-z]{3,}|[\u4e00-\u9fff]", PART_LABEL.sub(" ", found.answers[0])):
        # "**Answers:** (1) 2 (2) 4" closing the reply: its own labelled line of bare values answers every part (a
        # line of sentences, "(a) the local maximum value is $f(-1)=2$; ...", is read part by part below)
        return None
    if found is not None and len(found.answers) == 1 and blanks_in_brackets(question) \
            and len(tuple_parts(found.answers[0].strip()) or []) == k:
        return None  # "The vertex is at $(2,3)$." to "... is $(\_\_\_,\ \_\_\_)$": the point the blanks write
    labels = [m for m in PART_LABEL.finditer(text)
              if _SECTION_LEAD.fullmatch(text, text.rfind("\n", 0, m.start()) + 1, m.start())]
    run = labelled_run(labels)
    # a closing list numbered "1." "2." ..., one box each, answers the parts in order too (a list of steps boxes
    # nothing, or more than its step's one answer)
    listed = labelled_run(list(_LIST_NUMBER.finditer(text))) if len(run) != k and found is not None and \
        found.method == "boxed" else []
    answers: list[str] = []
    if len(run) == k or len(listed) == k:
        run = run if len(run) == k else listed
        summary = _SUMMARY_LINE.search(text, run[-1].end())  # ("答：公差为 3，$a_{10}=29$。" after the last part)
        ends = [text.rfind("\n", 0, m.start()) + 1 for m in run[1:]] + [summary.start() if summary else len(text)]
        for m, end in zip(run, ends):
            part = _by_table(text[m.end():end].lstrip("*:, \t"), False)
            if part is None or len(part.answers) != 1 or not part.answers[0].strip() or \
                    run is listed and (part.method != "boxed" or len(boxed_all(text[m.end():end])) != 1):
                return None
            answers.append(part.answers[0].strip())
    elif found is not None and found.method in ("prose", "boxed"):
        last = [ln for ln in text.strip().split("\n") if ln.strip()][-1]
        boxes = [b[2].strip() for b in boxed_all(last)]
        spans = boxes if boxes or found.method == "boxed" else \
            [next(g for g in m.groups() if g is not None).strip() for m in SPAN.finditer(last)]
        spans = [re.sub(r"^=\s*", "", span) for span in spans]  # "Max $=4$": the value the word before names
        if len(spans) != k or not all(spans):
            return None
        answers = spans
    else:
        return None
    return Extraction((" ".join(f"({i}) {a}" for i, a in enumerate(answers, 1)),), "parts")


# a paragraph that asks: a question mark ending a sentence, or a problem's imperative opening a sentence or a clause
# ("Given the function f, find ..."), not a step's heading ("Compute the sum:", "Simplify the signs: ...")
_ASKS = lazy_compile(r"\?(?=\s|\Z)|(?:\A|[.!,;]\s+)(?:then,?\s+)?(?:find|determine|calculate|compute|prove"
                     r"|show\s+that)\b(?![^.?!\n]*:)", re.I)
_PARAGRAPH_BREAK = lazy_compile(r"\n[ \t]*\n\s*")


def _paragraphs_after_a_box(text: str) -> Iterator[int]:
    """Where each paragraph after the first box starts (at most 60 of them)."""
    boxes = boxed_all(text)
    if boxes:
        for gap in islice(_PARAGRAPH_BREAK.finditer(text, boxes[0][1]), 60):
            yield gap.end()


# words that say nothing of a problem's topic (a new problem is told by its topic words: "farmer", "sheep", "dice")
_FUNCTION_WORDS = frozenset(
    "that this these those there their them they then than with from into onto upon each every more most many much "
    "some such other another have has does done what which when where while will would could should shall about "
    "after before also only just very been were being your yours find finds given give gives what whose whom "
    "here over under same both either neither value values number numbers total answer final therefore thus hence "
    "since because step steps using used like make makes made need needs want know take takes let's".split())
_TOPIC_WORD = lazy_compile(r"[a-z]{4,}")
_COMMAND = lazy_compile(r"\\[a-zA-Z]+")


def _topic_words(text: str) -> set[str]:
    return set(_TOPIC_WORD.findall(_COMMAND.sub(" ", text).lower())) - _FUNCTION_WORDS


def _unmarked_question(text: str, question: str) -> int | None:
    """Where the response, its answer boxed, goes on to pose a problem of its own with no label (cut
    ``continuation``): a paragraph after the box asks (a question mark, or "Find", "Determine", ... opening a
    sentence or a clause) in topic words of its own (words of four letters or more, function words aside), six or
    more, fewer than a third of them the row's ``question``'s and fewer than a third of them words the response
    used before (a check, a remark or the next part of the row's question repeats its words: no cut). The first such paragraph cuts; the text before it is read by the table,
    and counts when its answer is a box."""
    asked_words = _topic_words(question)
    for start in _paragraphs_after_a_box(text):
        paragraph = text[start:start + 1500].split("\n\n", 1)[0]
        if not paragraph[:1].isupper() or not _ASKS.search(paragraph) or _RETRACT.match(paragraph):
            continue
        words = _topic_words(paragraph)
        if len(words) < 6 or len(words & asked_words) >= len(words) / 3:
            continue
        if len(words & _topic_words(text[max(0, start - 20000):start])) < len(words) / 3:
            return start
    return None


# a value in a temperature scale of its own ("27.5 °C", "81.5 ℉"): no multiple of kelvins
_SCALE_DEGREES = lazy_compile(r"[\s$~]*+(?:\\[,;: ]\s*+)?(?:(?:°|\\circ\s*\}?\s*|\^\s*\{?\s*\\circ\s*\}?\s*)"
                              r"(?:\\mathrm\{|\\text\{)?\s*[CF]\b|℃|℉)")


def _closing_unit(answer: str) -> str:
    """The unit of the value ``answer`` closes on (after its last "=" or "≈"), or ""."""
    tail = re.split(r"=|\\approx|≈", answer)[-1]
    return clean(tail).unit or (unit_tail(tail.strip()) or ("", ""))[1]


def in_asked_unit(response: str, found: Extraction | None, unit: str | None, multiple: bool = False,
                  question: str | None = None, restatement_only: bool = False) -> Extraction | None:
    """The answer in the quantity the row asks for: when ``found`` is the value of a closing line (rule ``prose``)
    in a unit of another quantity than the row's ``unit`` ("This is the red Balmer-α line, λ ≈ 656 nm." after
    "≈ 1.89 eV", eV asked; ", so the frequency is 5.0 × 10¹⁴ Hz" after "≈ 2.07 eV") or in degrees Celsius or
    Fahrenheit where kelvins are asked ("i.e. about 27.5 °C."), it is a remark on the answer: the answer is the
    last value the line states before it in the unit asked or one convertible to it, else what the reply states
    before that line, when that is such a value. Otherwise ``found`` (a remark after a value in no unit, or in none
    known, is read as before). What the olympiad scorer gives ``equivalent`` when the row has a ``unit``.
    ``restatement_only``: only a closing line restating the value roughly in another unit ("That's roughly 71
    km/h." after 19.8 m/s) is read so (the scorer's reading with the gold's own unit, when the row has none)."""
    if found is None or found.method != "prose" or len(found.answers) != 1 or not unit or not unit.strip():
        return found
    text = response.rstrip()
    last_start = text.rfind("\n") + 1
    last = text[last_start:]
    numbers = _NUMBER.findall(found.text)
    at = last.rfind(numbers[-1]) if numbers else -1
    if at < 0:
        return found  # (not the closing line's value)
    said = _closing_unit(found.text)
    other = unit_factor(said, unit) == MISMATCH if said else False
    if not other and unit_factor(unit, "K") == 1:
        other = _SCALE_DEGREES.match(last, at + len(numbers[-1])) is not None
    if not other and said and last_start and unit_factor(said, unit) not in (1, None) \
            and _ROUGHLY_RESTATED.match(last[:at]) and not _RESTATEMENT_TURNS.search(last):
        # "$p = 9.8\times10^{4}\ \text{Pa}$\n\nThat is roughly $0.97$ atm above atmospheric pressure.": a rough
        # restatement in another unit of the quantity, after the value in the unit asked, of that value (within 5%)
        head = _COMMA_AT_END.sub(lambda m: m.group("close") or ".", text[:last_start].rstrip())
        before = final_answer(head, multiple, question)
        stated = _closing_unit(before.text) if before is not None and len(before.answers) == 1 else ""
        if stated and convertible(stated, unit) and unit_factor(stated, said) != 1 \
                and _restates(before.text, stated, numbers[-1], said):
            return before
    if not other or restatement_only:
        return found
    # a value the line states (after "=", "≈", "is"), in a clause running on to the remark (no ";" or sentence end
    # between): not a given ("So the gas, initially at 300 K, cools to about −84 °C.")
    earlier = [m for m in _VALUE_WITH_UNIT.finditer(last, 0, at) if convertible(m.group("unit"), unit)
               and _STATED_BEFORE.search(last, 0, m.start()) and not _CLAUSE_BREAK.search(last, m.end(), at)]
    if earlier:  # "E = 1240/500 = 2.48 eV, so the frequency is ν = c/λ = 6.0 × 10¹⁴ Hz": the value asked
        return Extraction((f"{earlier[-1].group('value')} {earlier[-1].group('unit')}",), "prose")
    if last_start == 0:
        return found
    # ("... ≈ 300.7 K,\n\ni.e. about 27.5 °C.", "$$... = 1200\ \text{K},$$\nthat is, about 927 °C.": the
    # sentence the remark closes ends before it)
    head = _COMMA_AT_END.sub(lambda m: m.group("close") or ".", text[:last_start].rstrip())
    before = final_answer(head, multiple, question)
    if before is None or len(before.answers) != 1:
        return found
    return before if convertible(_closing_unit(before.text), unit) else found


_NUMBER = lazy_compile(r"\d+(?:\.\d+)?")
# a closing line restating the value roughly, up to its number: "That is roughly $", "i.e. about "
_ROUGHLY_RESTATED = lazy_compile(r"(?i)\W*(?:(?:that|this|which)(?:\s+is|'s)|i\.\s?e\.)\s*,?\s*(?:roughly|about|"
                                 r"approximately|around|nearly|some)\s*\$?\s*$")
# what makes it more than a restatement: a correction, a doubt, another value after it
_RESTATEMENT_TURNS = lazy_compile(r"(?i)\b(?:wait|actually|forgot|mistake|wrong|error|correct\w*|instead|or|but|since|because|"
                                  r"so|redo|recomput\w*)\b|[;?]")


def _restates(before: str, before_unit: str, value: str, unit: str) -> bool:
    """Is ``value`` in ``unit`` the value ``before`` closes on (in ``before_unit``) within 5%?"""
    tail = re.split(r"=|\\approx|≈", before)[-1]
    number = _SCIENTIFIC_VALUE.search(tail)
    factor = unit_factor(unit, before_unit)
    if number is None or not isinstance(factor, Fraction):
        return False
    mantissa, exponent = number.group(1), number.group(2)
    stated = float(mantissa) * 10.0 ** int(exponent.replace("−", "-")) if exponent else float(mantissa)
    restated = float(value) * float(factor)
    return stated != 0 and abs(restated - stated) <= 0.05 * abs(stated)


# a value, maybe times a power of ten: "9.8\times10^{4}", "98000", "9.8 × 10^4"
_SCIENTIFIC_VALUE = lazy_compile(r"(\d+(?:\.\d+)?)(?:\s*(?:\\times|×|\\cdot)\s*10\^\{?([-−]?\d{1,3})\}?)?")
# what states the value right after it, and what ends a clause before a remark
_STATED_BEFORE = lazy_compile(r"(?:=|≈|\\approx|\b(?:is|are|equals|gives|be)\b)\s*+(?:\$\s*+)?(?:(?:about|approximately|"
                              r"roughly)\s++)?$")
_CLAUSE_BREAK = lazy_compile(r";|\.(?=\s+[A-Z])|[!?](?:\s|$)")  # (not "i.e. 27 °C")
# a comma closing the text, before a display's closing delimiter or not
_COMMA_AT_END = lazy_compile(r",\s*+(?P<close>\$\$|\\\]|\$)?\s*+\Z")
# a value and its unit in a line: "2.48 eV", "$300.7\ \text{K}$", "6.0 \times 10^{14}$ Hz"
_VALUE_WITH_UNIT = lazy_compile(r"(?<![\w.^{])(?P<value>[-−]?\d+(?:\.\d+)?(?:\s*+(?:\\times|×)\s*+10\^\{?[-−]?\d+\}?)?)"
                                r"(?:\s|\\[,;: ]|~|\$)*+(?:\\(?:text|mathrm)\{\s*+)?(?P<unit>[A-Za-zÅμΩ][A-Za-z/^{}0-9\\-]{0,12}?)"
                                r"\s*+\}?(?=[\s$.,;:!)]|$)")

