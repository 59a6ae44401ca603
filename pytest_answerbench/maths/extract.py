"""Answer extraction from full model responses: boxed answers, final-answer markers, math spans.

The public entry point is :func:`final_answer`, which returns the answer the response finally commits to:
the latest of its ``\\boxed{}`` / ``\\fbox{}`` answers and its "final answer is" / "Answer:" / Chinese
"答案是" markers, so a self-correction later in the text wins over an earlier box. Smaller helpers
(:func:`boxed_all`, :func:`math_spans`) are shared with the scorers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Extraction", "boxed_all", "final_answer", "math_spans", "reduce_sentence", "strip_wrappers"]

_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")


def _brace_pairs(text: str) -> dict[int, int]:
    """Index of each ``{`` -> index of its matching ``}`` (one linear pass; ``\\{`` and ``\\}`` are not braces)."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] in "{}":
            i += 2
            continue
        if c == "{":
            stack.append(i)
        elif c == "}" and stack:
            pairs[stack.pop()] = i
        i += 1
    return pairs


def boxed_all(text: str) -> list[tuple[int, int, str]]:
    """Every ``\\boxed{...}`` (balanced braces) as (start, end, content); unclosed boxes are skipped."""
    if "box" not in text:
        return []
    closing = _brace_pairs(text)
    out = []
    for m in _BOX.finditer(text):
        end = closing.get(m.end() - 1)
        if end is not None:
            out.append((m.start(), end + 1, text[m.end():end]))
    # Nested boxes: keep the outer one only (boxes come in start order, so one running end suffices).
    kept: list[tuple[int, int, str]] = []
    outer_end = -1
    for item in out:
        if item[0] >= outer_end:
            kept.append(item)
            outer_end = item[1]
    return kept


# \$ is a literal (currency) dollar, not a math delimiter.
_SPAN = re.compile(r"\$\$(.+?)\$\$|(?<!\\)\$(.+?)(?<!\\)\$|\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)


def math_spans(text: str) -> list[str]:
    """The contents of ``$...$``, ``$$...$$``, ``\\(...\\)`` and ``\\[...\\]`` spans, in order."""
    return [next(g for g in m.groups() if g is not None).strip() for m in _SPAN.finditer(text)]


_MARKERS = re.compile(
    r"(?:final\s+answer|the\s+answer|answer)\s*(?:is|:|=|should\s+be|would\s+be|will\s+be)\s*:?"
    r"|\*\*\s*answer\s*:?\s*\*\*\s*:?"
    r"|(?:所以|因此|故)?最终答案(?:是|为|:|：)|(?:所以|因此|故)?答案(?:是|为|:|：)",
    re.I,
)


_OPENERS = ("$$", r"\[", "$")


@dataclass(frozen=True)
class Extraction:
    """An extracted answer: ``answers`` (one or more items, e.g. several boxes) and how it was found."""

    answers: tuple[str, ...]
    method: str

    @property
    def text(self) -> str:
        return ", ".join(self.answers)


def strip_wrappers(text: str) -> str:
    """Trim decoration around an answer: bold/italic markers, math delimiters, trailing full stops."""
    text = text.strip()
    for _ in range(3):
        before = text
        text = re.sub(r"^\*\*|\*\*$", "", text).strip()
        text = re.sub(r"^(?:\$\$|\$|\\\(|\\\[)", "", text)
        text = re.sub(r"(?:\$\$|\$|\\\)|\\\])$", "", text).strip()
        text = text.rstrip(".。;；!").strip()
        if text == before:
            break
    return text


_COMMIT_PREFIX = re.compile(
    r"(?:^|[\n.!?:;,。！？：；，]|\*\*)\s*(?:\*\*|#+)?\s*(?:(?:so|thus|therefore|hence|finally|wait|actually|"
    r"in\s+conclusion|overall|所以|因此|故|综上)[\s,，]*)?(?:the|my|our|our\s+final|this)?\s*$", re.I)


def _committing(text: str, start: int) -> bool:
    """Is the marker at ``start`` a statement of the answer (line start, or "So the ...", "Thus ...")?

    "Let me double check the answer: ..." is not.
    """
    return bool(_COMMIT_PREFIX.search(text[max(0, start - 40):start]))


def _answer_like(text: str) -> bool:
    return bool(re.search(r"[\d\\^=]", text)) or len(text.split()) <= 3


def _marker_answer(rest: str) -> tuple[str, ...]:
    """The answer after a marker: boxes, else math spans, else the rest of the sentence."""
    boxes = boxed_all(rest)
    if boxes:
        return tuple(b[2].strip() for b in boxes)
    spans = [s for s in math_spans(rest) if s]
    if spans:
        return tuple(spans)
    sentence = reduce_sentence(strip_wrappers(re.split(r"(?<=[^\d\s])\.\s|。", rest + " ")[0]))
    return (sentence,) if sentence else ()


def final_answer(response: str) -> Extraction | None:
    """The answer a response finally commits to, or None.

    Order of evidence: the last commitment wins, whether it is a box or a marker line; several boxes on the
    line of the last box are one multi-part answer; a marker followed by a line break takes the next
    non-empty line. Without either: the math spans of the last non-empty line, else that line if short.
    """
    text = response.replace("\r\n", "\n")
    boxes = boxed_all(text)
    last_box = boxes[-1] if boxes else None
    marker = None
    loose = None
    for m in _MARKERS.finditer(text):
        if _committing(text, m.start()):
            marker = m
        else:
            loose = m
    if marker is None and last_box is None:
        marker = loose  # nothing better: "... check the answer: 5" is still the only statement
    if marker is not None and (last_box is None or marker.start() > last_box[1]):
        rest = text[marker.end():]
        line = rest.split("\n", 1)[0]
        if not line.strip() or line.strip() in _OPENERS:
            following = [ln for ln in rest.split("\n")[1:] if ln.strip()]
            if following and following[0].strip() in _OPENERS:
                line = "\n".join(following[:3])  # a display block: $$ / \boxed{..} / $$
            else:
                line = following[0] if following else ""
        found = _marker_answer(line)
        # After a box, a marker counts only if it states an answer ("this answer is consistent with ..."
        # does not): math, a number, or a short phrase.
        if found and (last_box is None or _answer_like(found[-1])):
            return Extraction(found, "marker")
    if last_box is not None:
        group = [last_box]
        for prev in reversed(boxes[:-1]):
            if not _JOINER.fullmatch(text[prev[1]:group[0][0]]):
                break
            group.insert(0, prev)
        return Extraction(tuple(b[2].strip() for b in group), "boxed")
    lines = [ln for ln in text.strip().split("\n") if ln.strip()]
    if not lines:
        return None
    last = lines[-1]
    spans = [s for s in math_spans(last) if s]
    if spans:
        return Extraction((spans[-1],), "last-math")
    reduced = reduce_sentence(strip_wrappers(last))
    if reduced and len(reduced) <= 40:
        return Extraction((reduced,), "last-line")
    return None


# What may stand between boxes that together form one multi-part answer: "\boxed{1} and \boxed{2}".
_JOINER = re.compile(r"[\s$,;]*(?:and|or|&|\\text\{\s*(?:and|or)\s*\}|\\quad|\\qquad)?[\s$,;.]*"
                     r"(?:[a-zA-Z](?:_\{?\w+\}?)?\s*=\s*)?[\s$]*")
_WORDS = re.compile(r"[A-Za-z]{3,}")


def reduce_sentence(text: str) -> str:
    """A sentence stated as the answer -> the answer in it.

    ``No, it is impossible`` -> ``No``; ``The number of ways is 120`` -> ``120``; text without a number stays.
    """
    text = text.strip()
    yes_no = re.match(r"(?i)(yes|no)\b", text)
    if yes_no:
        return yes_no.group(1)
    if not (_WORDS.search(text) and re.search(r"\d", text)):
        return text
    tail = re.split(r"(?i)\s(?:is|are|equals|=|be|was)\s", text)[-1].strip()
    if not _WORDS.search(tail):
        return tail.rstrip(".")
    numbers = re.findall(r"-?\d+(?:[.,]\d+)*(?:/\d+)?", text)
    return numbers[-1] if numbers else text
