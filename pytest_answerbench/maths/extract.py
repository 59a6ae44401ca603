"""Answer extraction from full model responses: boxed answers, final-answer markers, math spans.

The public entry point is :func:`final_answer`, which returns the answer the response finally commits to:
the latest of its ``\\boxed{}`` / ``\\fbox{}`` answers and its "final answer is" / "Answer:" / Chinese
"答案是" markers, so a self-correction later in the text wins over an earlier box. Smaller helpers
(:func:`boxed_all`, :func:`math_spans`) are shared with the scorers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Extraction", "boxed_all", "final_answer", "math_spans", "strip_wrappers"]

_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")


def boxed_all(text: str) -> list[tuple[int, int, str]]:
    """Every ``\\boxed{...}`` (balanced braces) as (start, end, content); unclosed boxes are skipped."""
    out = []
    for m in _BOX.finditer(text):
        depth, i = 1, m.end()
        while i < len(text) and depth:
            c = text[i]
            if c == "\\" and i + 1 < len(text) and text[i + 1] in "{}":
                i += 2  # an escaped brace (\{ \}) does not count
                continue
            depth += {"{": 1, "}": -1}.get(c, 0)
            i += 1
        if depth == 0:
            out.append((m.start(), i, text[m.end():i - 1]))
    # Nested boxes: keep the outer one only.
    kept = []
    for item in out:
        if not any(o[0] < item[0] and item[1] <= o[1] for o in out):
            kept.append(item)
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


def _marker_answer(rest: str) -> tuple[str, ...]:
    """The answer after a marker: boxes, else math spans, else the rest of the sentence."""
    boxes = boxed_all(rest)
    if boxes:
        return tuple(b[2].strip() for b in boxes)
    spans = [s for s in math_spans(rest) if s]
    if spans:
        return tuple(spans)
    sentence = re.split(r"(?<=[^\d\s])\.\s|。", rest + " ")[0]
    return (strip_wrappers(sentence),) if strip_wrappers(sentence) else ()


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
    for m in _MARKERS.finditer(text):
        marker = m
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
        if found:
            return Extraction(found, "marker")
    if last_box is not None:
        line_start = text.rfind("\n", 0, last_box[0]) + 1
        line_end = text.find("\n", last_box[1])
        line_end = len(text) if line_end < 0 else line_end
        same_line = [b for b in boxes if b[0] >= line_start and b[1] <= line_end]
        return Extraction(tuple(b[2].strip() for b in same_line), "boxed")
    lines = [ln for ln in text.strip().split("\n") if ln.strip()]
    if not lines:
        return None
    last = lines[-1]
    spans = [s for s in math_spans(last) if s]
    if spans:
        return Extraction((spans[-1],), "last-math")
    if len(last) <= 40:
        return Extraction((strip_wrappers(last),), "last-line")
    numbers = re.findall(r"-?\d+(?:\.\d+)?", last)
    if numbers:
        return Extraction((numbers[-1],), "last-number")
    return None
