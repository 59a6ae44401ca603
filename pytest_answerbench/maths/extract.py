"""Answer extraction primitives: boxed answers, answer markers, math spans, sentences, cut-off responses.

What a response finally commits to is decided in :mod:`.locate` (the priority table of locating rules, which
reads with these): :func:`boxed_all` finds the boxes, ``_MARKERS`` the answer lines ("The final answer is",
"Answer:", "A:", "####", Chinese "答案是") and :func:`stated_after` what such a line states; :func:`truncated` says a
response stops mid-way; :func:`reduce_sentence` reduces a sentence to the answer it states. :func:`math_spans` and
:func:`strip_wrappers` are shared with the scorers.
"""

from __future__ import annotations

import bisect
import re
from fractions import Fraction
from dataclasses import dataclass

from ..text.fold import fold_safe
from .meaning import QUALIFIED_VERDICT, claim
from .normalize import VULGAR_FRACTIONS, number_words
from ..text.patterns import lazy_compile, line_starts, matches_at, occurrences, tex_delimited

__all__ = ["CJK_CONDITION", "Extraction", "PART_LABEL", "after_correction", "boxed_all", "chance_in_words",
           "described_set", "dollar_formulas", "formula_key", "labelled_run", "math_spans", "reduce_sentence", "set_in_words", "strip_wrappers",
           "integer_range", "truncated", "without_domain"]

_BOX = lazy_compile(r"\\(?:boxed|fbox)\s*\{")

# the label of a numbered or lettered part: (1), (2), ... or (a), (b), ..., in ASCII or full-width brackets, at the
# start or after a space or a punctuation mark (not "f(a)")
PART_LABEL = lazy_compile(r"(?:^|(?<=[\s.;:,。；：，*]))[(（](?P<label>[1-9]|[a-h])[)）]", re.M)


def labelled_run(labels: list[re.Match]) -> list[re.Match]:
    """The last run of part labels (:data:`PART_LABEL` matches, in text order) numbered 1, 2, ... or lettered a, b,
    ... in order from the first: "(1) ... (2) ..." or "(a) ... (b) ..." (a run starts again at each (1) or (a))."""
    run: list[re.Match] = []
    for m in labels:
        label = m.group("label")
        if label in ("1", "a"):
            run = [m]
        elif run and label == chr(ord(run[0].group("label")) + len(run)):
            run.append(m)
    return run


_BRACE_TOKEN = lazy_compile(r"\\[{}]|[{}]")


def _brace_pairs(text: str) -> dict[int, int]:
    """Index of each ``{`` -> index of its matching ``}`` (one linear pass; ``\\{`` and ``\\}`` are not braces).

    Only brace tokens are visited (found by one regex scan), not every character of the response.
    """
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for m in _BRACE_TOKEN.finditer(text):
        token = m.group()
        if token == "{":
            stack.append(m.start())
        elif token == "}" and stack:
            pairs[stack.pop()] = m.start()
    return pairs


def boxed_all(text: str) -> list[tuple[int, int, str]]:
    """Every ``\\boxed{...}`` (balanced braces) as (start, end, content); unclosed boxes are skipped.

    A box inside another is part of the outer one's content, except that a box that is all of the content
    (``\\boxed{\\boxed{5}}``, to any depth) is the same answer boxed twice: its content is the inner one's.
    """
    if "box" not in text:
        return []
    closing = _brace_pairs(text)
    # [start, end, content start, content end, first non-blank of the content] of each outer box (boxes come in
    # start order, so the last kept one is the only box a later box can lie in); content is sliced once, at the
    # end, and the blanks around an inner box are looked at once per level: depth and count stay linear.
    kept: list[list[int]] = []
    for m in _BOX.finditer(text):
        end = closing.get(m.end() - 1)
        if end is None:
            continue
        if not kept or m.start() >= kept[-1][1]:
            kept.append([m.start(), end + 1, m.end(), end, _first_nonblank(text, m.end())])
            continue
        outer = kept[-1]
        if m.start() == outer[4] and end < outer[3] and not text[end + 1:outer[3]].strip():
            outer[2:] = [m.end(), end, _first_nonblank(text, m.end())]
    return [(start, end, text[c0:c1]) for start, end, c0, c1, _ in kept]


_NONBLANK = lazy_compile(r"\S")


def _first_nonblank(text: str, pos: int) -> int:
    found = _NONBLANK.search(text, pos)
    return found.start() if found else len(text)


# \$ is a literal (currency) dollar, not a math delimiter. A \( ... \) or \[ ... \] span holds no opener of its own
# (text/patterns.py, tex_delimited: linear on runs of unclosed openers).
SPAN = lazy_compile(r"\$\$(.+?)\$\$|(?<!\\)\$(.+?)(?<!\\)\$|" + tex_delimited("\\(", "\\)") + "|"
                    + tex_delimited("\\[", "\\]"), re.S)


def math_spans(text: str) -> list[str]:
    """The contents of ``$...$``, ``$$...$$``, ``\\(...\\)`` and ``\\[...\\]`` spans, in order."""
    return [next(g for g in m.groups() if g is not None).strip() for m in SPAN.finditer(text)]


def formula_key(formula: str) -> str:
    """``formula`` without spacing and braces: the key two writings of one formula share ("\\mathbb Q" and
    "\\mathbb{Q}", "0.101_2" and "0.101_{2}")."""
    return _KEY_NOISE.sub("", formula)


def dollar_formulas(text: str) -> set[str]:
    """The keys (:func:`formula_key`) of the formulas ``text`` writes between single dollars."""
    return {formula_key(m) for m in _DOLLAR_SPAN.findall(text)}


_KEY_NOISE = lazy_compile(r"\s+|[{}]")
_DOLLAR_SPAN = lazy_compile(r"\$([^$]+)\$")


_MARKERS = lazy_compile(
    r"(?:final\s+answer|the\s+answer|answer)(?:\s*\([^()\n]{1,30}\))?\s*(?:is|:|=|should\s+be|would\s+be|will\s+be)\s*:?"
    r"|\*\*\s*answer\s*:?\s*\*\*\s*:?"
    r"|(?:所以|因此|故)?最终答案(?:是|为|:|：)|(?:所以|因此|故)?答案(?:是|为|:|：)|【答案】"
    r"|(?<![\u4e00-\u9fff])答\s*[:：]"  # "答：Q = ..." closes a Chinese solution
    r"|(?m:^[ \t]*(?:\*\*)?(?-i:Answer)(?:\*\*)?[ \t]*(?=\$|\\\(|\\\[))"  # a line "Answer $9$" / "Answer \[ 9 \]"
    r"|\*\*\s*final\s+answer\s*:?\s*\*\*\s*:?"  # a heading "**Final Answer**" / "**Final Answer:** 18"
    r"|(?m:^[ \t]*\#{1,6}[ \t]*final\s+answer[ \t]*:?[ \t]*$)"  # a Markdown heading "### Final Answer"
    r"|(?m:^[ \t]*(?-i:A|Ans)[ \t]*[:：](?![^\n]*\n[ \t]*(?-i:B)[ \t]*[:：]))"  # "A: 18" (not "A: 12\nB: 15", options)
    r"|(?m:^[ \t]*\#{4}(?!\#)[ \t]*(?=[-+$\\\d.]))"  # GSM8K's "#### 18" (not a heading "#### Step 3")
    # "#### No", "#### **No**", "#### Yes — $n = 7$ works.": a verdict alone or with its reason after a dash or comma
    r"|(?m:^[ \t]*\#{4}(?!\#)[ \t]*(?=(?:\*\*)?(?:yes|no|true|false)[.!]?(?:\*\*)?(?:[ \t]*[.!]?[ \t]*$|[ \t]*[—–,;][^\n]*$)))"
    r"|(?m:^[ \t]*\#{4}[ \t]*(?=\n[ \t]*[^\s#]))",  # a bare "####" line, its value on the next line
    re.I,
)


# Where a match of _MARKERS may start in a text that is not fold-safe (see marker_matches): a zero-width match at
# each such place, found by the engine itself
_MARKER_STARTS = lazy_compile(r"(?=final\s+answer|the\s+answer|answer|\*\*|所以|因此|故|最终|答|【答案】)|^", re.I | re.M)
_CJK_STARTS = ("所以", "因此", "故", "最终", "答", "【答案】")


def marker_matches(text: str) -> list[re.Match[str]]:
    """``list(_MARKERS.finditer(text))``, trying the pattern only where a match can start (a plain scan tries
    every alternative at every character: about 0.2 ms for a 700-character reply).

    Every match starts at a line start (the ``^`` alternatives), a ``**``, one of the Chinese markers' first
    characters, an "answer" or the "final" / "the" and white space before one (the first alternative). Where
    ``text.lower()`` lines up with ``text`` and no character folds onto an ASCII letter other than through
    ``lower()``, those places are found with ``str.find``; elsewhere the engine finds them. The pattern is then
    matched at each place in order, past the end of the last match, which gives finditer's matches."""
    if not fold_safe(text):
        return matches_at(_MARKERS.compiled(), text, [m.start() for m in _MARKER_STARTS.finditer(text)])
    low = text.lower()
    starts = line_starts(text) + occurrences(text, ("**",) if text.isascii() else ("**", *_CJK_STARTS))
    for i in occurrences(low, ("answer",)):
        starts.append(i)
        k = i  # "final answer", "the  answer": the word before the white space in front of "answer"
        while k > 0 and text[k - 1].isspace():
            k -= 1
        if k < i:
            if k >= 5 and low.startswith("final", k - 5):
                starts.append(k - 5)
            if k >= 3 and low.startswith("the", k - 3):
                starts.append(k - 3)
    return matches_at(_MARKERS.compiled(), text, starts)


_OPENERS = ("$$", r"\[", "$")


@dataclass(frozen=True)
class Extraction:
    """An extracted answer: ``answers`` (one or more items, e.g. several boxes) and how it was found."""

    answers: tuple[str, ...]
    method: str

    @property
    def text(self) -> str:
        return ", ".join(self.answers)


_LEADING_ARROW = lazy_compile(r"^(?:→|⇒|⟹|=>|\\Rightarrow|\\implies|\\Longrightarrow)\s*")


def strip_wrappers(text: str) -> str:
    """Trim decoration around an answer: bold/italic markers, math delimiters, trailing full stops."""
    text = text.strip()
    # "5!." is a factorial before a full stop, not an exclamation
    ends = ".。;；" if re.search(r"\d![.。;；]\W*$", text) else ".。;；!"
    for _ in range(3):
        before = text
        text = re.sub(r"^\*\*|\*\*$", "", text).strip()
        text = _LEADING_ARROW.sub("", text)  # "→ λ_C ≈ 2.43 × 10⁻¹² m": the arrow leads to the answer
        text = re.sub(r"^(?:\$\$|\$|\\\(|\\\[)", "", text)
        text = re.sub(r"(?:\$\$|\$|\\\)|\\\])$", "", text).strip()
        text = text.rstrip(ends).strip()
        if text == before:
            break
    return text


_COMMIT_PREFIX = lazy_compile(
    r"(?:^|[\n.!?:;,。！？：；，]|\*\*)\s*(?:\*\*|#+)?\s*(?:(?:so|thus|therefore|hence|finally|wait|actually|"
    r"in\s+conclusion|overall|所以|因此|故|综上)[\s,，]*)?(?:the|my|our|our\s+final|this)?\s*$", re.I)


def committing(text: str, start: int) -> bool:
    """Is the marker at ``start`` a statement of the answer (line start, or "So the ...", "Thus ...")?

    "Let me double check the answer: ..." is not.
    """
    return bool(_COMMIT_PREFIX.search(text[max(0, start - 40):start]))


def answer_like(text: str) -> bool:
    return bool(re.search(r"[\d\\^=]", text)) or len(text.split()) <= 3


# What may stand between math spans that together state one multi-part answer ("$1$, $2$ and $3$").
_SPAN_JOINER = lazy_compile(r"[\s,;，、；]*(?:and|or|&|或|和|及|以及|与)?[\s,;，、；]*", re.I)
# "... so $x = 4$ and then $y = 3$": values named one after the other
_THEN = lazy_compile(r",?\s+and\s+then\s+", re.I)
_NAMED_VALUE = lazy_compile(r"([a-zA-Z])\s*=\s*-?[\d.]+")
#: a supposition, a trial or a refutation around values named in turn: they are no answer
_SUPPOSED = lazy_compile(r"(?i)\b(?:suppose|supposing|assume|assuming|if|try|trying|tried|test|testing|maybe|perhaps|"
                         r"impossible|fails?|violates?|contradict\w*|not|wrong|but|no)\b|n't")


def _named_in_turn(previous: str, content: str, sentence: str) -> bool:
    """Two spans each naming one letter's value, two letters, joined by "and then" in a sentence that supposes,
    tries or refutes nothing: "so $x = 4$ and then $y = 3$" (a step then its result, "$x^2 = 16$, and then $x = 4$",
    is not; "Suppose $a = 4$ and then $b = 3$, which is impossible" is no answer)."""
    a, b = _NAMED_VALUE.fullmatch(previous.strip()), _NAMED_VALUE.fullmatch(content.strip())
    return a is not None and b is not None and a.group(1) != b.group(1) and len(sentence) <= 400 and \
        not _SUPPOSED.search(sentence)


# A unit or degree sign written after a math span or box: part of the answer ("$\boxed{5}$ cm"; not "$k$ degrees of
# freedom", a count).
_AFTER_UNIT = lazy_compile(r"\$*[ \t]*(?:(?P<deg>degrees?\b(?![ \t]+of[ \t]+freedom)|°)|(?P<pct>percent\b|%)|(?P<unit>(?:\\mu\s*|[μµ])?(?:[A-Za-zΩ]{1,4}(?!Å)|Å)"
                         r"(?:\s*\^\s*\{?-?\d\}?)?(?:\s*/\s*[A-Za-z]{1,3}(?:\s*\^\s*\{?-?\d\}?)?)?)(?![A-Za-z])"
                         r"(?=[ \t]*(?:[.,;!?。，；)]|\$|\n|$|\*\*)|[ \t]+(?:and|or)[ \t]+\$|[ \t]+(?:behind|from|away|above|below|beyond|"
                         r"long|wide|high|tall|deep|apart|ahead|in[ \t]+front|through|inside|within|along|across|"
                         r"in[ \t]+(?:the|this|that|a|an|water|air|vacuum|glass)\b|of[ \t]+(?:heat|energy|work|charge|water|"
                         r"gas|air|ice|steam|light|current|force|pressure|mass)\b)|[ \t]+[—–][ \t]|[ \t]+-[ \t]|"
                         r"[ \t]+\(\d[^()]{0,12}\)|[ \t]+\([^()\n]{1,60}\)[ \t]*[.!]?[ \t]*(?:\n|$)))")  # the unit ends the clause
# (or its part: "$v_1 = 2$ m/s and $v_2 = 3$ m/s"; or a place or a size follows: "$0.3$ m behind the lens", "$2$ m
# long"; or what it measures: "$1.67\times10^{5}$ J of heat"; or a dash or a note on its precision: "$f = 100$ MHz — in
# the FM band", "$5.29$ m (3 s.f.)"; or a remark in brackets closing the sentence: "$0.0259$ eV (the familiar "1/40
# eV")."), not "$5$ A and
# B"


def with_trailing_unit(content: str, after: str) -> str:
    """``content`` plus the unit written right after its span (``$30$ degrees`` -> ``30^{\\circ}``); ``after``: the
    text that follows the span (its first 40 characters are read)."""
    return _unit_after(content, after)[0]


# units written in Chinese after a number ("$1.5$ 分钟"), as their symbols
_CJK_UNITS = {"分钟": "min", "秒": "s", "小时": "h", "千米": "km", "公里": "km", "厘米": "cm", "毫米": "mm", "米": "m",
              "千克": "kg", "克": "g", "焦耳": "J", "焦": "J", "千焦": "kJ", "伏特": "V", "伏": "V", "安培": "A", "安": "A",
              "欧姆": "\\Omega", "欧": "\\Omega", "瓦特": "W", "瓦": "W", "千瓦": "kW", "牛顿": "N", "牛": "N", "赫兹": "Hz",
              "帕斯卡": "Pa", "帕": "Pa", "千帕": "kPa", "升": "L", "毫升": "mL", "特斯拉": "T", "电子伏特": "eV", "电子伏": "eV"}
_AFTER_CJK_UNIT = lazy_compile(r"\$*[ \t]*(%s)(?=[ \t]*(?:[.,;!?。，；)]|\n|$))" % "|".join(
    sorted(_CJK_UNITS, key=len, reverse=True)))


# a unit set upright right after the span inside the same math ("$\boxed{2.0}\ \mathrm{T}$"), and one written out in
# words after it ("$\boxed{5.3 \times 10^{-11}}$ meters")
_AFTER_WRAPPED_UNIT = lazy_compile(r"(?:[ \t]|\\[,;: !]|~)*\\(?:mathrm|text|textrm|rm|mbox)\s*\{\s*(?P<unit>[^{}$\n]{1,24}?)\s*\}"
                                   r"(?=[ \t]*(?:\$|\\\]|\\\)|[.,;!?)]|\n|$))")
_AFTER_WORDS = lazy_compile(r"\$*(?=[ \t]+[A-Za-z])")


def _unit_after(content: str, after: str) -> tuple[str, int]:
    """:func:`with_trailing_unit`, and how many characters of ``after`` the unit took (0: none)."""
    from .units import read_unit, spelled_unit_at

    if content and not re.search(r"[A-Za-z]\s*$", re.sub(r"\\[a-zA-Z]+", "", content)):
        wrapped = _AFTER_WRAPPED_UNIT.match(after[:60])
        if wrapped and read_unit(wrapped.group("unit")) is not None:
            return f"{content}\\ {wrapped.group('unit').strip()}", wrapped.end()
        words = _AFTER_WORDS.match(after[:60])
        spelled, end = spelled_unit_at(after[:60], words.end()) if words else ("", 0)
        if spelled and re.match(r"[ \t]*(?:[.,;!?)]|\n|$|and\b)", after[end:end + 8]):
            return f"{content}\\ {spelled}", end  # (the words end the clause: "$5$ meters.", not "$5$ meters from")
    cjk = _AFTER_CJK_UNIT.match(after[:40]) if after[:40].strip("$ \t")[:1] >= "\u4e00" else None
    if cjk and content and not re.search(r"[A-Za-z]\s*$", re.sub(r"\\[a-zA-Z]+", "", content)):
        return f"{content}\\ {_CJK_UNITS[cjk.group(1)]}", cjk.end()  # "$1.5$ 分钟": 1.5 min
    m = _AFTER_UNIT.match(after[:40])
    if not m or not content:
        return content, 0
    if m.group("deg"):
        scale_mark = _TEMPERATURE_AFTER.match(after, 0)
        if scale_mark and scale_mark.group(1):  # "$326.85$ °C": a temperature on the Celsius scale, not an angle
            return f"{content}\\ ^\\circ\\text{{{scale_mark.group(1)}}}", scale_mark.end()
        return content + "^{\\circ}", m.end()
    if m.group("pct"):
        return content + "\\%", m.end()
    from .units import read_unit

    unit, end = m.group("unit"), m.end()
    power = _POWER_IN_MATH.match(after, end)
    if power:  # "cm$^2$", "m$^{3}$": the power set in math after the unit's letters
        unit, end = f"{unit}^{power.group(1)}", power.end()
    if read_unit(unit) is not None and not re.search(r"[A-Za-z]\s*$", re.sub(r"\\[a-zA-Z]+", "", content)):
        return f"{content}\\ {unit}", end
    return content, 0


_POWER_IN_MATH = lazy_compile(r"\$\s*\^\s*\{?\s*(-?\d)\s*\}?\s*\$")


# what closes a formula with the letter it holds for: "for all $x$", "for every real $x$", "for any constant $c$"
_QUALIFIER_GAP = lazy_compile(r"(?i)\s*,?\s*for\s+(?:all|every|each|any|some|an?(?:\s+arbitrary)?|arbitrary)\s+(?:[a-z]+\s+){0,3}")


# where a parameter ranges: "k \ge 1", "n \in \mathbb{Z}^{+}", "a \geq 2"
_PARAMETER_BOUND = lazy_compile(r"\s*+([a-z])\s*+(?:\\geq?|≥|\\in\s*+\\mathbb\s*+\{?\s*+[NZ]\s*+\}?(?:\s*+[\^_]\s*+\{?\s*+[*+]\s*+\}?)?|"
                               r"∈\s*+[ℕℤ][*+⁺]?)\s*+(?:\d{1,3})?\s*+")


_INTEGERS = lazy_compile(r"\s*[a-z]\s*(?:\\in\s*\\mathbb\s*\{?\s*Z\s*\}?|∈\s*ℤ)\s*")


def joined_spans(text: str, last: bool = False) -> tuple[str, ...]:
    """The first (or with ``last``, the last) run of math spans joined only by commas / "and" / "or" (joined only
    by semicolons, one answer of ordered blanks: "$0$；$3$" -> "0; 3"); a span naming the letter a formula holds for
    ("$f(x) = 0$ for all $x$, and $f(x) = x^2$ for all $x$") is part of the gap, no answer."""
    runs: list[list[str]] = []
    blanks: list[bool] = []  # per run: every gap in it a semicolon ("$0$；$3$": ordered blanks)
    prev_end = None
    for m in SPAN.finditer(text):
        content = next(g for g in m.groups() if g is not None).strip()
        if not content:
            continue
        content, taken = _unit_after(content, text[m.end():m.end() + 40])
        between = text[prev_end:m.start()] if prev_end is not None else None
        if between is not None and _QUALIFIER_GAP.fullmatch(between) and re.fullmatch(r"[a-zA-Z]", content):
            prev_end = m.end()  # "$f(x) = 0$ for all $x$, and $f(x) = x^2$ for all $x$": the domain, no answer
            continue
        bound = _PARAMETER_BOUND.fullmatch(content)
        if between is not None and bound and len(between) <= 6 and runs and re.search(
                r"(?<![A-Za-z\\])%s(?![A-Za-z])" % bound.group(1), runs[-1][-1]):
            if "=" in runs[-1][-1] and not _INTEGERS.fullmatch(content):
                # "$x = 2k\\pi$, $k \\in \\mathbb{N}$": an equation's family over fewer than the integers keeps its
                # range, read with it (a narrower family than one over \\mathbb{Z})
                runs[-1][-1] = f"{runs[-1][-1]},\\ {content}"
            prev_end = m.end()  # "$(k, k+1)$, $k \\ge 1$": where the family's parameter ranges, no answer
            continue
        if between is not None and len(between) <= 24 and (_SPAN_JOINER.fullmatch(between) or _THEN.fullmatch(between)
                                                            and _named_in_turn(runs[-1][-1], content, text)):
            runs[-1].append(content)
            blanks[-1] = blanks[-1] and bool(re.search("[;；]", between))
        else:
            runs.append([content])
            blanks.append(True)
        prev_end = m.end() + taken  # "$v_1 = -1$ m/s, $v_2 = 2$ m/s": the unit does not part the answers
    if not runs:
        return ()
    run, semicolons = (runs[-1], blanks[-1]) if last else (runs[0], blanks[0])
    if len(run) > 1 and semicolons:
        return ("; ".join(run),)  # blanks answered in order, written "3 ; 0": one ordered answer (the grading rules)
    return tuple(run)


_SENTENCE_END = lazy_compile(r"(?<=[^\d\s])(?<!\be\.g)(?<!\bi\.e)(?<!\bcf)(?<!\bvs)\.\s|\.\s+(?=[A-Z])|。")  # not "e.g. ", "i.e. "


# a set of reals described in words: by one bound ("every real number greater than or equal to $2$", "all real $x$
# less than 3"), or by a condition in math ("all real $x$ with $0 < x \le 1$"), closing its sentence
_REALS = r"(?i:(?:all|every|any)\s+real(?:\s+numbers?)?)\s*(?:\$\s*(?P<var>[a-zA-Z])\s*\$|(?P<word>[a-z])\b)?\s*"
_BOUND_WORDS = {"greater": ">", "larger": ">", "bigger": ">", "more": ">", "less": "<", "smaller": "<"}
_SET_IN_WORDS = lazy_compile(
    _REALS + r"(?:(?i:that\s+(?:is|are)|which\s+(?:is|are))\s+)?"
    r"(?:(?P<cmp>(?i:greater|larger|bigger|more|less|smaller))\s+than(?P<eq>\s+or\s+equal\s+to)?"
    r"|(?i:no\s+(?P<not>less|smaller|greater|larger|more)\s+than))\s+"
    r"(?:\$(?P<math>[^$]{1,40})\$|(?P<number>-?\d+(?:\.\d+)?))[\s.]*$"
    r"|" + _REALS.replace("var", "var2").replace("word", "word2") +
    r"(?i:with|such\s+that|satisfying|for\s+which|where)\s+\$(?P<condition>[^$]*(?:<|>|\\le|\\ge|\\leq|\\geq)[^$]*)\$"
    r"[\s.]*$"
    r"|" + _REALS.replace("var", "var3").replace("word", "word3") +
    r"(?i:except|other\s+than|but)\s+(?:\$\s*(?:(?P<named>[a-zA-Z])\s*=\s*)?(?P<excepted>[^$=]{1,30})\$|"
    r"(?P<exceptedn>-?\d+(?:\.\d+)?))[\s.]*$")


# a chance written "k in n" closing a sentence about a probability: "the probability is one in six", "a 1 in 4 chance"
_CHANCE = lazy_compile(r"(?i)\b(?:probability|chance|likelihood)\b[^.!?\n]{0,120}?\b(?:is|are|of|equals|=)\s+"
                       r"(?:(?:exactly|precisely)\s+)?(?:\*\*)?(?P<k>\d{1,4}|[a-z]+)\s+in\s+(?P<n>\d{1,6}|[a-z]+(?:[- ](?:and\s+)?[a-z]+){0,4})"
                       r"(?:\*\*)?(?:\s+chance)?"
                       # its rounding in brackets: "one in two hundred twenty-one (about 0.45%)"
                       r"(?:\s*\((?:about|approximately|roughly|around|≈|~)\s*[\d.,%\s]{1,20}\))?"
                       # restated reduced ("16 in 52, i.e. **4 in 13**"), or a clause on something else after it
                       r"(?:\s*(?:,|—|–|--)\s*(?:i\.\s?e\.|that\s+is|or)\s*,?\s*(?:\*\*)?(?P<k2>\d{1,4})\s+in\s+(?P<n2>\d{1,6})(?:\*\*)?"
                       r"|\s*,\s*which\s+(?:makes|is|means)\s[^.!?\n]{0,120})?[\s.!*]*$")


# "so there's one chance in six", "a 1 in 4 chance": k chances in n closing the sentence
_CHANCES_IN = lazy_compile(r"(?i)\b(?:so|thus|hence|therefore|overall|altogether)\b,?\s+(?:there's|there\s+is|that's|it's)\s+"
                           r"(?:exactly\s+)?(?P<k>one|two|three|four|five|\d{1,4})\s+chances?\s+in\s+"
                           r"(?P<n>\d{1,6}|[a-z]+(?:[- ][a-z]+)?)[\s.!*]*$")
# "So there is a one-in-six chance.", "that's a 1-in-4 chance", "There is a one-in-four chance of getting two heads.": a
# chance written "a k-in-n chance" (opening the sentence or after "so"), maybe of what the question names
_A_K_IN_N_CHANCE = lazy_compile(r"(?i)(?:^\s*|\b(?:so|thus|hence|therefore|overall|altogether)\b,?\s+)(?:there's|there\s+is|"
                                r"that's|it's|it\s+is|this\s+is)\s+(?:exactly\s+)?an?\s+(?P<k>one|two|three|four|five|\d{1,4})"
                                r"[- ]in[- ](?P<n>\d{1,6}|[a-z]+)\s+(?:chance|probability)(?:\s+(?:of|that)\s+[^\d.!?\n$]{1,80})?"
                                r"[\s.!*]*$")
# a probability closing its sentence as a fraction in words: "the probability is one half", "... is three quarters"
_CHANCE_FRACTION = lazy_compile(r"(?i)\b(?:probability|chance|likelihood)\b[^.!?\n]{0,120}?\b(?:is|equals|=)\s+"
                                r"(?:(?:exactly|precisely)\s+)?(?P<k>an?|one|two|three|four|five|six|seven|eight|nine)[- ]"
                                r"(?P<n>half|halves|thirds?|quarters?|fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)"
                                r"(?:\s*\((?:about|approximately|roughly|around|≈|~)\s*[\d.,%\s]{1,20}\))?[\s.!*]*$")
_ORDINALS = {"half": 2, "halve": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10}
_SMALL = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9}


def chance_in_words(sentence: str) -> str | None:
    """The probability a closing sentence states as "k in n" ("So the probability that the sum is $7$ is one in
    six." -> ``\\frac{1}{6}``), digits or number words, or as a fraction in words ("is three quarters"); None otherwise (a count "one in six students" without a
    probability, or words that are no numbers)."""
    from .normalize import number_words

    m = _CHANCE.search(sentence) or _CHANCES_IN.search(sentence) or _A_K_IN_N_CHANCE.search(sentence)
    if m is None:
        fraction = _CHANCE_FRACTION.search(sentence)
        if fraction is None:
            return None
        k, n = _SMALL[fraction.group("k").lower()], _ORDINALS[fraction.group("n").lower().rstrip("s")]
        return f"\\frac{{{k}}}{{{n}}}" if k < n and _rounds_to(fraction.group(), k / n) else None
    said = m.groupdict()
    k, n = (int(x) if x.isdigit() else number_words(x) for x in (said.get("k2") or said["k"], said.get("n2") or said["n"]))
    if k is None or n is None or n == 0 or k != int(k) or n != int(n) or not _rounds_to(m.group(), float(k) / float(n)):
        return None
    return f"\\frac{{{int(k)}}}{{{int(n)}}}"


def _rounds_to(said: str, value: float) -> bool:
    """Does the rounding in brackets closing ``said`` ("(about 0.45%)"), if any, agree with ``value`` within 1%?"""
    rough = re.search(r"\((?:about|approximately|roughly|around|≈|~)\s*([\d.,]+)\s*(%)?\s*\)", said)
    if rough is None:
        return True
    try:
        number = float(rough.group(1).replace(",", "")) / (100 if rough.group(2) else 1)
    except ValueError:
        return False
    return abs(number - value) <= 0.01 * abs(value) + 0.0005


# a set described in words by a quantifier and two to six words, its variable maybe named last: "every odd positive
# integer n", "all even numbers"
_DESCRIBED = lazy_compile(r"(?i)(?:all|every|any|each)\s+[a-z][a-z-]*(?:\s+[a-z][a-z-]*){1,5}")
# the multiples of a number, in words ("exactly the positive multiples of 3", "all multiples of 4")
_MULTIPLES = lazy_compile(r"(?i)(?:(?:exactly|precisely|only|just|all)\s+)?(?:(?:of\s+)?the\s+)?(?:(?:positive|non-?negative|"
                          r"natural)\s+)?(?:integer\s+)?multiples\s+of\s+\d{1,4}")


def described_set(sentence: str) -> str | None:
    """The set a statement describes in words alone, a quantifier first ("every odd positive integer $n$" -> "every
    odd positive integer n": its letter, in math, only names the variable), or the multiples of a number ("exactly
    the positive multiples of 3"), or None."""
    words = strip_wrappers(re.sub(r"\$\s*([A-Za-z])\s*\$", r"\1", sentence.strip())).rstrip(".!").strip()
    return words if _DESCRIBED.fullmatch(words) or _MULTIPLES.fullmatch(words) else None


def set_in_words(sentence: str) -> str | None:
    """The set of reals a closing sentence describes in words, as an inequality ("the range is every real number
    greater than or equal to $2$" -> ``x \\ge 2``; "for all real $x$ with $0 < x \\le 1$" -> ``0 < x \\le 1``; "all
    real numbers except $x = 3$" -> ``x \\neq 3``), or None. A bound without "all real ..." ("at least 7") stays a
    bound, not a set."""
    m = _SET_IN_WORDS.search(sentence)
    if m is None:
        return None
    if m.group("condition"):
        return m.group("condition").strip()
    excepted = m.group("excepted") or m.group("exceptedn")
    if excepted:  # "all real numbers except $x = 3$": every real but one
        return f"{m.group('named') or m.group('var3') or m.group('word3') or 'x'} \\neq {excepted.strip()}"
    var = m.group("var") or m.group("word") or "x"
    value = (m.group("math") or m.group("number")).strip()
    if m.group("not"):
        op = "\\ge" if _BOUND_WORDS[m.group("not").lower()] == "<" else "\\le"
    else:
        op = _BOUND_WORDS[m.group("cmp").lower()]
        if m.group("eq"):
            op = "\\ge" if op == ">" else "\\le"
    return f"{var} {op} {value}"


# a check in brackets after the answer: "(Check: $f(2)=5$.)", "(sanity check: 3 + 4 = 7)"
_CHECK_BRACKET = lazy_compile(r"\s*(?:\*\*)?\s*\((?i:sanity\s+)?(?i:check|verification|verify)\s*[:：](?:[^()]|\([^()]{0,30}\)){1,200}\)")


# a thin space between digit groups written outside math: "11\\,460"
_THIN_GROUP = lazy_compile(r"(?<=\d)\\,(?=\d{3}(?!\d))")


def _marker_answer(rest: str, multiple: bool = False) -> tuple[str, ...]:
    """The answer after a marker: boxes, else math spans, else the rest of the sentence.

    Several spans are one answer only when nothing but commas / "and" / "or" stands between them, so the
    qualifier in "$f(x) = x$ for all real $x$" is not a second answer. A set of reals described in words is its
    inequality (:func:`set_in_words`).
    """
    boxes = boxed_all(rest)
    if boxes:
        return tuple(with_trailing_unit(b[2].strip(), rest[b[1]:b[1] + 40]) for b in boxes)
    if "\\," in rest and "$" not in rest:
        rest = _THIN_GROUP.sub("", rest)  # "#### 11\\,460 years": one number in digit groups (rule 7), not 460
    check = _CHECK_BRACKET.search(rest) if "heck" in rest else None
    if check and check.start() > 0 and rest[:check.start()].strip(" *"):
        rest = rest[:check.start()]  # "26** (Check: $f(2)=5$, and $f(5)=5^2+1$.)": the answer, not its check
    sentence = _first_sentence(rest)
    lead_value = _VALUE_THEN_COLON.match(rest)
    if lead_value:
        return (lead_value.group("value"),)  # "the answer is 8: the numbers are $1, 3, 7, \dots$": 8, then what it counts
    offered = _OTHER_OFFERED.search(sentence)
    if offered and not _same_number(sentence[:offered.start()], offered.group("other")):
        # "4 (or 2 if only positive roots are counted)", "4 (or possibly $2$)", "4 [2 if ...]": another value offered
        return (sentence.strip().rstrip("."),)
    before = _before_condition(sentence)
    if before != sentence:
        rest = sentence = before  # "5，此时 x=2": the value, not where it is attained
    described = interval_in_words(sentence) or set_in_words(sentence) or chance_in_words(sentence) or \
        described_set(sentence)
    if described is not None:
        return (described,)
    if _CONDITIONAL.match(sentence):
        return (sentence.strip().rstrip("."),)  # "$6$ if the angle is 30°, or $6\sqrt2$ if ...": a hedge, no value
    value = None if _VALUE_START.match(rest) else _after_copula(sentence)
    if value is not None:
        return _marker_answer(value, multiple)  # "The largest $n$ is 34.": the value, not the label
    worded = _WORDS_THEN_ASIDE.fullmatch(sentence.strip()) if sentence.rstrip(" .!*").endswith(")") else None
    if worded and not _ASIDE_TURNS.search(worded.group("aside")) and not re.search(r"(?<![A-Za-z])(?!a\b)[A-Za-z]\b",
                                                                                  worded.group("words")):
        # "The series converges conditionally (it converges by the alternating series test, but $\sum 1/\sqrt{n}$
        # diverges).": a statement in words, then its reason in brackets (a formula there is no answer)
        return (worded.group("words").strip(),)
    spans = joined_spans(rest)
    if spans and _CJK_CHAR.search(sentence) and all(_NAME_ONLY.fullmatch(x) for x in spans):
        said = claim(_SPAN_ANY.sub("", sentence))
        if said is not None and said[0] in ("exist", "possible", "infinite") and not _CJK_CONDITIONED.search(sentence):
            return (sentence.strip().strip("*").rstrip("。. ").strip("*"),)  # "不存在这样的实数 $x$。": the claim
    if len(spans) > 1:
        chosen = _SO_CHOSEN.search(rest.split("\n", 1)[0])
        if chosen is not None and not _SO_DOUBTED.search(chosen.group()):
            # "**Answer:** $t=1$ s or $t=3$ s; the ball rises only for $t<2$ s, so on the way up it is $t = 1$ s.": the
            # line's own conclusion picks one of the values it listed
            return joined_spans(chosen.group("said"))
    if spans:
        return spans
    # a full stop ends the sentence after a word, or before a capital ("2√2. I hope it is correct.")
    sentence = _SENTENCE_END.split(rest + " ")[0]
    lead = _LEADING_VALUE.match(sentence)
    if lead:
        sentence = lead.group(1)  # "18, since she had 23 and spent 5": the value stated first, not the givens after it
    if _CODE_NUMERAL.fullmatch(sentence.replace("`", "")):
        return (sentence.replace("`", "").strip().rstrip("."),)  # "0xFF": a numeral written as code, not the number 0 and a word
    sentence = reduce_sentence(strip_wrappers(sentence), multiple)
    return (sentence,) if sentence else ()


_CJK_CHAR = lazy_compile("[\u4e00-\u9fff]")
# a statement in words alone (three words or more, no digit, no formula), then an aside in brackets closing it
_WORDS_THEN_ASIDE = lazy_compile(r"(?:\*\*)?(?P<words>[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*){2,15})\s*"
                                 r"\((?P<aside>[^()]*(?:\([^()]*\)[^()]*)*)\)\s*[.!]?\s*(?:\*\*)?")
# what makes such an aside a second answer or a correction rather than a reason
_ASIDE_TURNS = lazy_compile(r"(?i)\b(?:answer|wait|actually|or|rather|mistake|wrong|correct\w*|not\s+sure|maybe|perhaps|"
                            r"equivalently|i\.?e\.?|that\s+is|namely)\b|=")
# an answer line's own closing conclusion after its list: "; ..., so on the way up it is $t = 1$ s."
_SO_CHOSEN = lazy_compile(r"(?i)[;,]\s[^;\n]{0,200}?\bso\b(?![^;\n]*\bso\b)[^;\n$]{0,80}(?P<said>\$[^$\n]{1,60}\$[^$;\n]{0,12})\s*+[.!]?\s*+$")
_SO_DOUBTED = lazy_compile(r"(?i)\b(?:maybe|perhaps|probably|might|could|or)\b")
# a number right after an answer marker, then a colon and what it is made of: "8: the numbers are ..."
_VALUE_THEN_COLON = lazy_compile(r"\s*+\**\$?\s*+(?P<value>[-−]?\d+(?:\.\d+)?(?:/\d+)?)\s*+\$?\**\s*+[:：]\s+(?=\D)")
# another value offered in brackets after the one stated: "4 (or 2 if only positive roots are counted)", "(or possibly
# $2$)", "(alternatively 2)", "[2 if only positive roots count]", "(or two, ...)"
_OTHER_OFFERED = lazy_compile(r"[(\[]\s*(?:(?i:or|alternatively|possibly|maybe|perhaps)\b[\s,]*(?:(?i:else|possibly|maybe|"
                              r"perhaps)\s+)?\$?(?P<other>[-−]?\d[\d.,/]*%?|(?i:one|two|three|four|five|six|seven|eight|nine|"
                              r"ten|zero))|\$?(?P<cond>[-−]?\d[\d.,/]*)\$?\s+(?i:if|when|unless)\b)")


def _same_number(before: str, other: str | None) -> bool:
    """Is ``other`` (a number offered in brackets) the value ``before`` states, written again ("1/2 (or 0.5)", "0.25
    (or 25%)")? Then it restates, and offers nothing else."""
    values = re.findall(r"[-−]?\d[\d.,/]*%?", before)
    if not other or not values:
        return False

    def value(text: str) -> Fraction | None:
        text = text.replace("−", "-").replace(",", "")
        try:
            return Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None

    a, b = value(values[-1]), value(other)
    return a is not None and a == b
_CODE_NUMERAL = lazy_compile(r"\s*0[xob][0-9a-fA-F]{1,64}\s*\.?\s*")
_CJK_CONDITIONED = lazy_compile(r"若|如果|假如|当|吗|？|\?|并不是|并非|除非|可能|也许")  # a claim supposed, asked or doubted
_NAME_ONLY = lazy_compile(r"\s*[A-Za-z](?:_\{?\w{1,3}\}?)?\s*")  # a span that only names a letter ("$x$", "$k$")
_SPAN_ANY = lazy_compile(r"\$[^$]*\$")


# A number stated right after a marker, then a clause about the givens: "18, since she had 23", "5 hours for 3
# workers", "18 (she had 23 and spent 5)", "18 apples out of the 25"; group 1 is the value with its unit word.
_LEADING_VALUE = lazy_compile(r"\s*((?:\\\$|\$)?-?\d+(?:,\d{3})*(?:\.\d+)?(?:/\d+)?(?:\s*%|\s+[A-Za-z]+)?)(?=,?\s+(?:since|because|as|"
                            r"after|before|for|from|when|if|given|out\s+of|of\s+the|with|in)\s|\s*\()")


def _outside_math(text: str) -> list[tuple[int, int]]:
    """The (start, end) ranges of ``text``'s math spans."""
    return [(m.start(), m.end()) for m in SPAN.finditer(text)]


def _within(position: int, spans: list[tuple[int, int]], starts: list[int]) -> bool:
    """Is ``position`` inside one of the sorted, disjoint ``spans`` (``starts``: their starts)? Binary search."""
    i = bisect.bisect_right(starts, position) - 1
    return i >= 0 and position < spans[i][1]


def split_sentences(text: str) -> list[str]:
    """``text`` split at sentence ends outside math spans (a displayed formula followed by a capital ends one)."""
    inside = _outside_math(text)
    starts = [a for a, _ in inside]
    ends = [(m.start(), m.end()) for m in _SENTENCE_END.finditer(text) if not _within(m.start(), inside, starts)]
    ends += [(b, b) for a, b in inside if text.startswith(("$$", "\\["), a) and _NEXT_SENTENCE.match(text, b)]
    out, start = [], 0
    for cut, resume in sorted(ends):
        if cut >= start:
            out.append(text[start:cut])
            start = resume
    out.append(text[start:])
    return [part for part in out if part.strip()]


def _first_sentence(text: str) -> str:
    found = split_sentences(text)
    return found[0] if found else ""


_NEXT_SENTENCE = lazy_compile(r"\s+[A-Z][a-z]")
# "$6$ if ..., or $6\sqrt2$ if ...": two values each under a condition
_CONDITIONAL = lazy_compile(r"\s*\$[^$]+\$[^$]*?\bif\b.*?\bor\b[^$]*\$[^$]+\$[^$]*?\bif\b", re.S)
_COPULA_WORD = lazy_compile(r"\s(?:is|are|equals|was|=)\s")
_VALUE_START = lazy_compile(r"\s*(?:\*\*)?(?:\$|\\\(|\\boxed|-?\d)")


def _after_copula(sentence: str) -> str | None:
    """What a sentence states after its last "is" / "are" / "=" outside math, when a math span (the label) comes
    before it and a value (math or a number) right after: "The volume of $ABCD$ is 120" -> "120"."""
    inside = _outside_math(sentence)
    if not inside:
        return None
    starts = [a for a, _ in inside]
    found = None
    for m in _COPULA_WORD.finditer(sentence):
        if m.start() >= inside[0][1] and not _within(m.start(), inside, starts):
            found = m
    if found is None or not _VALUE_START.match(sentence, found.end()):
        return None
    return sentence[found.end():]


# a qualifier naming the domain after an answer: "for all x ∈ ℝ", "\text{ for any positive integer } a", "where n is
# an integer", "for a constant c", "where k is an arbitrary real constant" (what the answer is for, not part of it); one that restricts it ("for every even positive integer a",
# "for a \ge 2", "for all primes p") is part of the answer and kept. Searched from the text's start, a match starts after no space
# (one from inside a run of spaces has one from the run's start, earlier), and the spaces around the comma are one
# way to split: "\s*,?\s*" tried every split of a run at every start of it, cubic in a run's length.
_DOMAIN = lazy_compile(r"(?<!\s)\s*(?:,\s*)?(?:\\(?:text|mathrm|quad|qquad)\s*\{?\s*)*(?:for\s+(?:all|any|every|each|some|an?(?=\s+(?:arbitrary\s+)?(?:real\s+)?constant\b))|where|with)"
                       r"\b(?![^=]*\b(?:is|are|equals)\s+(?:\$|\\\(|[-−]?\d))(?=[^=]*(?:\\in\b|∈|\\mathbb|integer|real|natural|number|positive|negative|constant))"
                       r"(?![^=]*(?:\b(?:odd|even|prime|composite|except|other\s+than|rational|irrational|nonzero|non-zero)\b|\\[gl]eq?\b|\\neq?\b|[<>≥≤≠]))"
                       r"(?![^=]*,\s*(?:and|so|hence|thus|therefore|but|which)\s)[^=]*$")  # (not before a clause of its own)


# where a sequence's index runs, closing its formula: "\quad\text{for all } n\ge1", "$ for all $n \ge 1$"
_INDEX_DOMAIN = lazy_compile(r"\s*+,?\s*+(?:\\q?quad\s*+)?(?:\$\s*+)?(?:\\text\s*+\{\s*+)?for\s+(?:all\s+|every\s+|each\s+)?"
                             r"(?:integers?\s+)?\}?\s*+\$?\s*+(?P<n>[nkm])\s*+(?:\\geq?|≥|>=)\s*+[01]\s*+\.?\s*+(?P<close>\$\$|\$)?"
                             r"\s*+\.?\s*+$")
# the same in brackets after a formula: "a_n = 3n - 2 \quad (n \in \mathbb{N}^*)", "(n \geq 1)"
# (a number set for any letter; "\geq 1" only for a sequence's index n, k or m: "y = x^2 (x \geq 0)" keeps its domain)
# (searched from the start: a match starts after no space or comma, as one from inside such a run has one from
# its start, earlier; trying every space of a long run as a start was quadratic)
_DOMAIN_BRACKET = lazy_compile(r"(?<![\s,])(?:\s|\\[,;: ]|\\quad|\\qquad|,)*\(\s*(?:[a-zA-Z]\s*(?:\\in\b|∈)\s*"
                               r"\\mathbb\s*\{?\s*[NZRQ]\s*\}?(?:\s*\^\s*\{?\s*[*+]\s*\}?|_\s*\{?\s*\+\s*\}?)?|"
                               r"[nkm]\s*(?:\\geq?\b|≥)\s*\d)\s*\)\s*$")


# a comma, then where a letter ranges or the one value it skips, closing a formula: ",\qquad A\in\mathbb R
# \text{ arbitrary}", ",  A, B ∈ ℝ", ", y \neq 2" (searched from the start: a match starts after no space or comma)
_DOMAIN_TAIL = lazy_compile(r"(?<![\s,]),(?:\s|\\[,;: ]|\\quad|\\qquad)*(?:for\s+(?P<open>\$\s*)?)?(?P<letter>[a-zA-Z])(?:_\{?\w\}?)?"
                            r"(?:\s*,\s*[A-Z](?:_\{?\w\}?)?){0,3}\s*(?:(?:\\in\b|∈)\s*"
                            r"(?:\\mathbb\s*\{?\s*(?:(?P<reals>[RC])|(?P<set>[NZQ]))\s*\}?|(?P<ureals>[ℝℂ]))"
                            r"(?P<sign>\s*\^\s*\{?\s*[*+]\s*\}?)?"
                            r"(?:\s*\\text\s*\{\s*(?:arbitrary|any|constant)\s*\})?|"
                            r"(?P<skips>\\neq?(?![A-Za-z])|≠)\s*(?P<value>-?\d+(?:\.\d+)?)|"
                            r"(?P<skipset>(?:\\in\b|∈)\s*(?:\\mathbb\s*\{?\s*R\s*\}?|ℝ)\s*(?:\\setminus|\\backslash|∖|\\|-)\s*"
                            r"\\?\{\s*(?P<setvalue>-?\d+(?:\.\d+)?)\s*\\?\}))\s*\.?\s*(?P<dollar>\$?)\s*\.?\s*$")


def _undefined_at(formula: str, letter: str, value: str) -> bool:
    """Does ``formula`` divide by ``letter - value`` (``\\frac{3y+1}{y-2}`` at ``y = 2``; by the letter or a power of
    it at 0), so the value it skips is outside its domain anyway (not a restriction of the answer)?"""
    v = value.lstrip("-")
    if float(v) == 0:  # "\frac{2 - x^2}{x}, x \ne 0": a denominator that is the letter or a power of it
        power = r"%s(?:\s*\^\s*\{?\d\}?)?" % re.escape(letter)
        return re.search(r"\}\s*\{\s*%s\s*\}|/\s*%s(?![\w^])" % (power, power), formula) is not None
    gap = r"%s\s*%s\s*%s" % (re.escape(letter), r"\+" if value.startswith("-") else "[-−]", re.escape(v))
    return re.search(r"\{\s*%s\s*\}|\(\s*%s\s*\)" % (gap, gap), formula) is not None


def integer_range(text: str) -> tuple[str, str]:
    """``(formula, set)`` for a formula closed by the integer or rational range of its parameter (``x = 2k\\pi,\\ k \\in
    \\mathbb{Z}`` -> ``("x = 2k\\pi", "Z")``), or ``(text, "")``. A range restricts a family unless the other answer
    ranges over the same set, so the caller decides."""
    if "=" not in text or "\\in" not in text and "∈" not in text:
        return text, ""
    if not text.isascii():  # "x = 45° + k·180°, k ∈ ℤ": the sets in Unicode
        text = text.replace("∈", "\\in ").translate(_UNICODE_SETS)
    tail = _DOMAIN_TAIL.search(text)
    if tail is None or not tail.group("set") or "=" not in text[:tail.start()]:
        return text, ""
    sign = re.sub(r"[\s^{}]", "", tail.group("sign") or "")
    return text[:tail.start()].rstrip(" ,") + tail.group("dollar"), tail.group("set") + sign


_UNICODE_SETS = str.maketrans({"ℤ": "\\mathbb{Z}", "ℕ": "\\mathbb{N}", "ℚ": "\\mathbb{Q}", "ℝ": "\\mathbb{R}",
                               "ℂ": "\\mathbb{C}"})


# a math span in brackets of its own stating where a letter ranges: "（$x \in \mathbb{R}$）", "($n \in \mathbb{N}^*$)"
_DOMAIN_SPAN = lazy_compile(r"\s*[(（]\s*\$\s*[a-zA-Z]\s*(?:\\in\b|∈)\s*[^$]{1,40}\$\s*[)）]")


# a math span of its own after a comma, closing the text, saying a constant is any real: ", $A \in \mathbb{R}$."
_DOMAIN_SPAN_AFTER = lazy_compile(r"\s*,\s*\$\s*(?:[A-Z]|C_\{?\d\}?)\s*(?:\\in\b|∈)\s*(?:\\mathbb\s*\{?R\}?|ℝ)\s*\$\s*\.?\s*$")


# a clause closing a formula, naming its constant and saying it is arbitrary: ", where $k = f(1)$ is an arbitrary real
# constant."
_WHERE_ARBITRARY = lazy_compile(r",?\s*+where\s++\$\s*+(?P<letter>[a-zA-Z])\s*+=\s*+[^$]{1,40}\$\s++is\s++(?:an?\s++)?"
                                r"(?:arbitrary|any)\b[^.$]{0,40}?\b(?:constant|number|parameter)\s*+\.?\s*+$")


# a sequence's index range in a span of its own after the formula: "$a_n=2^n-1$ $(n\ge1)$."
_INDEX_SPAN_AFTER = lazy_compile(r"(?<=\$)\s*+,?\s*+\$\s*+\(?\s*+(?P<n>[nkm])\s*+(?:\\geq?|≥|>=)\s*+[01]\s*+\)?\s*+\$\s*+\.?\s*+$")
# a clause closing a formula, naming its constants as arbitrary: ", with $A,B$ arbitrary.", "with $C_1, C_2$ arbitrary constants"
_WITH_ARBITRARY = lazy_compile(r",?\s*+with\s++\$(?P<letters>[A-Za-z](?:_\{?\w\}?)?(?:\s*,\s*[A-Za-z](?:_\{?\w\}?)?){0,3})\$\s++"
                               r"(?:being\s++)?arbitrary(?:\s++(?:real\s++)?(?:constants?|parameters?|numbers?))?\s*+\.?\s*+$")


def without_domain(text: str) -> str:
    """``text`` without a closing qualifier naming the domain of its answer ("f(x) = x^2 for all x ∈ ℝ" -> "f(x) =
    x^2", "(a, 1) for any positive integer a" -> "(a, 1)", "a_n = 3n - 2 (n \\in \\mathbb{N}^*)" -> "a_n = 3n - 2");
    unchanged when nothing would be left. A domain set in brackets of its own after a formula, ASCII or full width, is
    dropped wherever it stands ("所以 $f(x) = x + 1$（$x \\in \\mathbb{R}$），经检验满足题意。")."""
    index = _INDEX_SPAN_AFTER.search(text, max(0, len(text) - 60)) if "$" in text[-60:] else None
    if index and re.search(r"_\s*\{?\s*%s\s*\}?\s*=" % index.group("n"), text[max(0, index.start() - 200):index.start()]):
        text = text[:index.start()].rstrip(" ,")  # "$a_n=2^n-1$ $(n\ge1)$": where the sequence's index runs, its own span
    where = _WHERE_ARBITRARY.search(text, max(0, len(text) - 200)) if "where" in text[-200:] else None
    formulas = [f for f in re.findall(r"\$([^$]{1,200})\$", text[max(0, where.start() - 200):where.start()]) if "=" in f] \
        if where else []  # ("$f(x)=kx$ for all real $x$, where ...": the formula, not the domain's letter)
    if formulas and where.group("letter") in re.sub(r"\\[A-Za-z]+", "", formulas[-1].split("=", 1)[1]):
        text = text[:where.start()]  # "$f(x) = kx$, where $k = f(1)$ is an arbitrary real constant.": its constant
    arbitrary = _WITH_ARBITRARY.search(text, max(0, len(text) - 120)) if "arbitrary" in text[-120:] else None
    before = re.findall(r"\$([^$]{1,300})\$", text[:arbitrary.start()]) if arbitrary else []
    if before and "=" in before[-1] and all(letter in before[-1] for letter in re.findall(r"[A-Za-z]", re.sub(
            r"_\{?\w+\}?", "", arbitrary.group("letters")))):
        text = text[:arbitrary.start()]  # "$$y=x+\sin x+A\cos x+B\sin x,$$ with $A,B$ arbitrary.": its constants
    if "$" in text and ("\\in" in text or "∈" in text):
        tail = _DOMAIN_SPAN_AFTER.search(text)
        if tail is not None and "=" in text[:tail.start()] and "$" in text[:tail.start()]:
            text = text[:tail.start()]  # "$y(x) = A\\,e^{2x}$, $A\\in\\mathbb{R}$.": where its constant ranges
        bracket = _DOMAIN_SPAN.search(text)
        if bracket is not None and "=" in text[:bracket.start()] and "$" in text[:bracket.start()]:
            text = text[:bracket.start()] + text[bracket.end():]
    if "=" in text and ("\\in" in text or "\\ne" in text or "≠" in text or "∈" in text):
        tail = _DOMAIN_TAIL.search(text)
        if tail is not None and "=" in text[:tail.start()] and (tail.group("reals") or tail.group("ureals")
                                                                 and tail.group("letter").isupper()  # (constants)
                                                                 or (tail.group("skips") or tail.group("skipset"))
                                                                 and _undefined_at(text[:tail.start()], tail.group("letter"),
                                                                                   tail.group("value") or tail.group("setvalue"))):
            # "y = Ae^{2x},\qquad A \in \mathbb R \text{ arbitrary}.", "f^{-1}(y) = \frac{3y+1}{y-2},\ y \neq 2", "...$,
            # for $x \neq 2$.", "..., x \in \mathbb{R}\setminus\{2\}"
            text = text[:tail.start()].rstrip(" ,") + ("" if tail.group("open") else tail.group("dollar"))
    if ")" in text and "=" in text:
        bracket = _DOMAIN_BRACKET.search(text)
        if bracket is not None and "=" in text[:bracket.start()]:
            return text[:bracket.start()].rstrip(" ,")
    if "for" not in text and "where" not in text and "with" not in text:
        return text
    index = _INDEX_DOMAIN.search(text, max(0, len(text) - 80))
    if index is not None and re.search(r"_\s*\{?\s*%s\s*\}?\s*=" % index.group("n"), text[:index.start()]):
        # "$$a_n=2^n-1\quad\text{for all } n\ge1.$$", "$a_n = 2^n - 1$ for $n \ge 1$": where a sequence's index runs,
        # its own domain (a bound on another letter, "$y = x^2$ for $x \ge 0$", keeps it)
        return text[:index.start()].rstrip(" ,") + ("$$" if index.group("close") == "$$" else "$" if index.group("close") else "")
    m = _DOMAIN.search(text)
    if m is None or not text[:m.start()].strip(" ,$"):
        return text
    return text[:m.start()].rstrip(" ,")


_TRUNCATED_WORDS = frozenset(
    "a an the of to by with for from into onto in on at as and or but so then than that which we is are be was "
    "were gives give get gets multiply divide times plus minus equals equal since because thus hence therefore "
    "where when if let".split())


# A dollar sign that is a currency, not a math delimiter: before a number ("$3.75") or after one ("2,74 $ ").
_PRICE = lazy_compile(r"\$(?=\d)|(?<=\d)[ \t]?\$(?=[ \t]|$)")


# brackets: "\\left" and "\\right" with their delimiter (also "." ), escaped braces, then plain ones; "\\[", "\\]",
# "\\(", "\\)" delimit math and are no brackets
_BRACKET = lazy_compile(r"\\left\s*(?:\\[{|]|\\lbrace|\\langle|[.(\[|])|\\right\s*(?:\\[}|]|\\rbrace|\\rangle|[.)\]|])"
                        r"|\\[\[\]()]|\\[{}]|[()\[\]{}]")


_OPEN_BOLD = lazy_compile(r"\*\*[^*\n]{0,80}[A-Za-z]$")


def _open_at_end(line: str) -> bool:
    """Does ``line`` stop inside a bracket it opened, something written after it ("sqrt(4,0", "\\frac{3}{4",
    "\\left( x + 1")? Any closing bracket closes the last one open (a half-open interval "[0, 1)" is closed); one
    with nothing after it ("]0, 1[", French notation) is no cut-off, nor is a line ending a sentence or a math span
    ("The answer (as computed above is $5$."): a bracket left open there is a slip, not the end of the text."""
    if not any(c in line for c in "([{") or re.search(r"(?:[.!?。]|\$|\\[)\]])[*\s]*$", line):
        return False
    opened: list[int] = []
    for m in _BRACKET.finditer(line):
        token = m.group()
        if token in ("\\[", "\\]", "\\(", "\\)"):
            continue
        if token[-1] in "([{" or token.startswith("\\left"):
            opened.append(m.end())
        elif opened:
            opened.pop()
    return bool(opened) and bool(line[opened[-1]:].strip(" $.,;:!?。"))


def truncated(response: str) -> bool:
    """Does the response stop mid-way (cut off by a length limit) instead of ending?

    True when it ends inside a math span, on an operator or ``=``, on a comma / colon, on a word that
    cannot end a sentence ("multiply $5!$ by"), or with a bracket its last line opened and never closed, something
    written after it ("sqrt(4,0", "\\frac{3}{4", "\\left( x"). Such a response has committed to nothing unless it boxed or
    marked an answer earlier.
    """
    whole = response.rstrip()
    tail = whole[-400:]
    if not tail:
        return False
    last_line = whole[whole.rfind("\n") + 1:]  # whole: a window could cut a math span in two
    unescaped = re.sub(r"\\\$", "", last_line)
    if unescaped.count("$$") % 2:
        return True  # an unclosed $$
    singles = unescaped.replace("$$", "")
    if singles.count("$") % 2 and _PRICE.sub("", singles).count("$") % 2:
        return True  # an unclosed $ (a lone "$3.75" is a price)
    if tail.count("\\[") > tail.count("\\]") and tail.rfind("\\[") > tail.rfind("\\]"):
        return True
    core = re.sub(r"(?:\$\$|\$|\\\]|\\\))\s*$", "", tail).rstrip()
    if not core:
        return False
    if core[-1] in "=+-/(,:{\\，：、" or re.search(r"\\(?:times|cdot|div|frac|sqrt|left|pm)\s*$", core):
        return True
    if _open_at_end(last_line):
        return True  # "... = sqrt(4,0", "\\frac{3}{4": a bracket opened on the last line and never closed
    if last_line.count("**") % 2 and _OPEN_BOLD.search(last_line):
        return True  # "1. **Recogn": a bold phrase opened and stopped mid-word
    if core != tail.rstrip():
        return False  # a closing math span ("... for any positive integer $a$"): its letter is no dangling word
    word = re.search(r"([A-Za-z]+)$", core)  # lower case only: "... is A" names an option or a unit
    return bool(word and word.group(1) in _TRUNCATED_WORDS and not re.search(r"\\[A-Za-z]+$", core))


def stated_after(rest: str, multiple: bool) -> tuple[str, ...]:
    """The answer a marker states, from the text after it: the rest of its line, or (when that is empty or
    opens a display) the next non-empty line or display block, or the display block a lead-in line ending in a
    colon introduces ("The value of c is:"); code fences are skipped."""
    line = rest.split("\n", 1)[0]
    if not line.strip() or line.strip() in _OPENERS:
        following = [ln for ln in rest.split("\n")[1:] if ln.strip() and not ln.lstrip().startswith("```")]
        if line.strip() in _OPENERS:
            # the marker's "\s*" ran over the line break: this line opens a display block
            line = "\n".join([line] + following[:2])
        elif following and following[0].strip() in _OPENERS:
            line = "\n".join(following[:3])  # a display block: $$ / \boxed{..} / $$
        elif len(following) > 1 and following[0].rstrip().endswith(":") and following[1].strip() in _OPENERS:
            # "### Final Answer\n\nThe value of \\( c \\) is:\n\\[\nc = I(0)\n\\]": a lead-in introducing a display
            line = "\n".join(following[1:4])
        else:
            line = following[0] if following else ""
    return _marker_answer(line, multiple)


# What may stand between boxes that together form one multi-part answer: "\boxed{1} and \boxed{2}".
# Several boxes with only these between them are one answer: spacing, delimiters, "and" / "or" (bare or in
# \text{...}, also "for part (a) and"), and a label "y_2 =" before the next box.
_JOIN_TOKEN = (r"\s+|[$,;.&，；、]|\band\b|\bor\b|\\(?:quad|qquad|[,;: ]|\(|\)|\[|\])|\\(?:text|mbox|mathrm)\{[^{}$\\]{0,30}\}"
               r"|(?:\\[a-zA-Z]+|[a-zA-Z])(?:_\{?\w+\}?)?\s*=")
JOINER = lazy_compile(r"(?:%s){0,16}" % _JOIN_TOKEN)
WORDS = lazy_compile(r"(?<![\\A-Za-z])[A-Za-z]{3,}")  # a word, not a LaTeX command (\frac, \sqrt)
# a word that is no function applied ("3 exp(2x)": a value, not prose)
_PROSE_WORD = lazy_compile(r"(?<![\\A-Za-z])(?!(?:exp|sin|cos|tan|cot|sec|csc|log|sinh|cosh|tanh|arcsin|arccos|arctan|"
                           r"sqrt)\()[A-Za-z]{3,}")


_JOINED = lazy_compile(r"(?i)\b(?:and|or)\b")
TEXT_WRAPPED = lazy_compile(r"\\(?:text|mathrm|mbox|textrm)\s*\{[^{}]*\}")  # units and labels, not prose
_NUMBER_LIST = lazy_compile(r"[-−]?\d+(?:\.\d+)?(?:/\d+)?(?:\s*(?:,|，|\band\b|\bor\b|,\s*and\b)\s*[-−]?\d+(?:\.\d+)?"
                            r"(?:/\d+)?)+")
_CJK_TAIL = lazy_compile(r"(?:(?<!不)为|(?<![不而])是|等于|共有|有)\s*([^\u4e00-\u9fff，。]*\d[^，。]{0,12})$")


# what a sentence's value follows: the copula or "="
_COPULA = lazy_compile(r"(?i)\s(?:is|are|equals|=|be|was)\s")
# a relation just before a number: "x > 2", "n \ge 7", "0 < x < 2" (its left side kept)
_REL = r"(?:[<>≤≥≠]=?|\\(?:leq?|geq?|neq?|lt|gt)(?![A-Za-z]))"
_RELATION_BEFORE = lazy_compile(r"(?:[-−]?\d+(?:\.\d+)?\s*" + _REL + r"\s*)?(?:[A-Za-z](?:_\{?\w{1,3}\}?)?\s*)?"
                                + _REL + r"\s*\Z")
_BOUND_AFTER = lazy_compile(r"\s*(?:or|and)\s+(?:more|less|fewer|greater|above|below|higher|lower|over|under|up)\b"
                            r"|\s*\+(?!\s*\d)|\s*(?:或|及)?以[上下]")
_MINUS_WORD = lazy_compile(r"(?i)\b(?:minus|negative)\s+\Z")
_OUT_OF = lazy_compile(r"(\d+)\s+out\s+of\s+\Z")
# an arithmetic operator before the number, with an operand before it: "3x + 1", "2^10 − 1", "5 * 3"
_OPERATOR_BEFORE = lazy_compile(r"[\w)π]\s*(?:\s[-+*/×·]\s|[+*/×·−])\s*\Z")
# where an expression stated in a sentence starts: after the last word of two letters or more, a copula, a colon
_EXPRESSION_START = lazy_compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}\b|[:=]")
# a clause after the value, set off by a comma: it says something of the value ("which is odd", "not 3")
# a clause after a Chinese statement saying where the value is attained or what it is not ("最小值为 5，此时 x=2", "...,
# 当 x=2 时取得", "5，而不是 6"): a condition, not the answer (as "attained at" in English)
CJK_CONDITION = lazy_compile(r"[，,；;]\s*(?:此时|这时|其中|而不是|当且仅当|当|取等号|等号成立)")
_TRAILING_CLAUSE = lazy_compile(r"(?i)[,;]\s*(?:which|that\s+is|i\.e\.|since|because|as\s+(?:required|expected|"
                                r"claimed)|where|when|attained|achieved|reached|obtained|giving|twice|half|not\b|"
                                r"so\s+that|of\s+(?:whom|which)|[-−]?\d+(?:\.\d+)?\s+(?:more|less|fewer|greater|smaller|"
                                r"larger|higher|lower)\s+than|(?:and\s+)?[^,;]{0,40}?\b(?:is|are)\s+(?:extraneous|"
                                r"rejected|invalid))|[，,；;]\s*(?:此时|这时|其中|而不是|当|取等号|等号成立)"
                                r"|\s*[—–]\s*(?:it's|it\s+is|this\s+is|that's|that\s+is|since|because|as|which|i\.e\.)\s"
                                r"(?![^.]{0,200}\b(?:actually|wrong|instead|mistake|should|correct\w*|real|rather|not)\b)"
                                r"|\s*\((?=\s*(?:check|since|because|verify|verification|note)\b|[^()]*\b(?:extraneous|"
                                r"does\s+not\s+(?:satisfy|work)|doesn't\s+(?:satisfy|work))\b)"
                                # with no comma: what the value does or where it is attained ("x = 5 satisfies the
                                # equation 2x + 1 = 11", "the minimum value 5 is attained when x = 2")
                                r"|(?<=\d)\s+(?:satisfies|solves|(?:is\s+)?(?:attained|achieved|reached)\s+(?:when|at|for)"
                                r"|occurs\s+(?:when|at|for))\b")
# a dash before a digit written as a minus ("So we obtain ‒6.", "‐3"); a correction cue before a new value ("3... no
# wait, 4"); a doubt offering a second value ("3, or maybe 4", "3, but it could be 4"); "not" before a value
_DASH_SIGN = lazy_compile(r"(?<![\w)])[‒‐‑](?=\d)")
_SELF_CORRECTION = lazy_compile(r"(?i)(?:(?<!\.)\.{2,}|…|[,;]|(?<!\s)\s)\s*(?:no\s*,?\s*wait|wait\s*,?\s*no|i\s+mean|"
                                r"sorry)\s*[,:]?\s*(?=[-−]?\d)")
# the value a sentence closes on after "that is" / "i.e." / "in other words": "six out of thirty-six, that is, one sixth"
_RESTATED_VALUE = lazy_compile(r"(?i),?\s*(?:that\s+is|i\.\s?e\.|in\s+other\s+words)\s*,?\s+(?P<value>[^,;:]{1,60}?)\s*\.?$")
# a label in words (maybe with a condition, "from n = 2"), a colon, then a measured value with a decimal point or a
# unit: "Ionization energy from n = 2: 3.40 eV" (not "the ratio is 2: 3")
_LABEL_COLON_VALUE = lazy_compile(r"(?P<label>[^:]{3,120}?[A-Za-z0-9)])\s*:\s+(?P<value>[-−]?\d+(?:\.\d+)?"
                                  r"(?:\s*(?:×|\\times)\s*10\^\{?[-−]?\d+\}?)?\s*(?:[A-Za-zμΩÅ°][A-Za-z/^·\d\-]{0,10})?)\s*\.?")
# "percent" after a number in words
_PERCENT_WORDS = lazy_compile(r"(?i)\s*\b(?:per\s?cent|percent)\b")
# a plain value closing a clause, before a restatement: "6/36", "0.5", "12"
_PLAIN_VALUE_END = lazy_compile(r"(?<![\w.])(?P<value>\d+(?:/[1-9]\d*|\.\d+)?)\s*$")
# a fraction in words: "one sixth", "two thirds", "three quarters", "a half"
_FRACTION_WORDS = lazy_compile(r"(?i)(?:a|one|two|three|four|five|six|seven|eight|nine)[\s-]+(?:half|halves|thirds?|quarters?|"
                               r"fourths?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)")
# two answers offered, then what the choice between them depends on: "7.9 km/s or 11.2 km/s, depending on the
# definition used", "6 or 8, whichever convention you follow", "Either 1 or undefined, depending on context"
_DEPENDING_HEDGE = lazy_compile(r"(?i)(?P<values>[^,;]*\d[^,;]*?\bor\b[^,;]*?)\s*,?\s*(?:depending\s+on|"
                                r"according\s+to|whichever|based\s+on\s+(?:which|whether|the\s+definition)|"
                                r"dependent\s+on)\b")
_DOUBT_OR = lazy_compile(r"(?i)(?P<a>[-−]?\d+(?:\.\d+)?(?:/\d+)?)\s*,?\s*(?:or\s+(?:maybe|perhaps|possibly)|but\s+(?:it\s+)?"
                         r"(?:could|might|may)\s+(?:also\s+)?be|or\s+else)\s+(?:[a-z]\s*=\s*)?(?P<b>[-−]?\d+(?:\.\d+)?(?:/\d+)?)")
def after_correction(text: str) -> int:
    """Where the text after the last correction cue before a new value starts ("3... no wait, 4": at 4; "not $4, 5$
    but $5, 4$": at the second), or 0."""
    cue = None
    for cue in _SELF_CORRECTION.finditer(text):
        pass
    if cue is None:
        cue = _NOT_BUT.match(text)
    return cue.end() if cue is not None else 0


# an answer denied, then the one stated instead: "(the answer is) not $4, 5$ but $5, 4$"
_NOT_BUT = lazy_compile(r"(?i)\s*+(?::\s*+)?not\s++(?=[-−$\d(])[^.;:\n]{1,60}?\s++but\s++(?:rather\s++)?(?=[-−$\d(])")


def _before_condition(text: str) -> str:
    """``text`` up to a Chinese clause after its value saying where it is attained or what it is not ("5，此时 x=2",
    "5，而不是 3": ``CJK_CONDITION``), when a number comes before that clause; ``text`` otherwise."""
    condition = CJK_CONDITION.search(text)
    if condition is not None and _PROSE_NUMBER.search(text, 0, condition.start()):
        return text[:condition.start()]
    return text


_NOT_BEFORE = lazy_compile(r"(?i)\bnot\s+(?:equal\s+to\s+)?\(?\s*\Z")
# a number hyphenated to a word is a modifier ("a 10-element set", "3-digit numbers"), not a value
_MODIFIER_AFTER = lazy_compile(r"-[A-Za-z]{3,}\b")
# values listed as a subject ("Both 3 and 4 work.", "So 3 and 4 are the solutions.") or named in a list ("x = 2 and
# x = −2"): every one of them (two values against one gold are an extra one, rule 8)
_LISTED_SUBJECT = lazy_compile(r"(?i)(?:^|\b(?:so|thus|hence|both)\s+)(?P<list>[-−]?\d+(?:\.\d+)?(?:\s*,\s*[-−]?\d+(?:\.\d+)?)*"
                               r"\s*,?\s*and\s+[-−]?\d+(?:\.\d+)?)\s+(?:(?:both\s+)?work|are\s+(?:the\s+|both\s+)?"
                               r"(?:solutions|roots|answers))\b")
_NAMED_LIST = lazy_compile(r"(?:[A-Za-z]\s*=\s*)?[-−]?\d+(?:\.\d+)?(?:\s*(?:,|\band\b|,\s*and\b)\s*(?:[A-Za-z]\s*=\s*)?"
                           r"[-−]?\d+(?:\.\d+)?)+")
# a mixed number written with a vulgar fraction: "2⅓", "1¾"
_MIXED_VULGAR = lazy_compile(r"(?<![\d.])(\d+)\s?([%s])" % "".join(VULGAR_FRACTIONS))


def _improper(m: re.Match) -> str:
    numerator, denominator = (int(x) for x in VULGAR_FRACTIONS[m.group(2)].split("/"))
    return f"{int(m.group(1)) * denominator + numerator}/{denominator}"


# a number glued to what makes it part of an expression: "2π", "3^2", "2(x+1)", "\sqrt{2}", "sqrt(2)", "x_1"
_GLUED_AFTER = lazy_compile(r"[π√^_({\\]|[α-ωΑ-Ω]|pi\b|!(?=\s*[A-Za-z(.,;])")  # "5! ways": a factorial
_GLUED_BEFORE = lazy_compile(r"[{^_√\\]\Z|[A-Za-z]\(\Z|[^\s\d]/\Z")  # "\sqrt{2", "x^2", "sqrt(2": a bracket alone groups
_TOKEN_ENDS = " ,.;:!?*\"'"
# "x is 3", "c_1 is π": a name (a letter, a subscript, primes), the copula, the value
_NAME_IS = lazy_compile(r"([A-Za-z](?:_\{?\w{1,3}\}?)?'*)\s+(?:is|equals)\s+(\S.*)")
# a value stated without a digit: a constant, a root, a letter or a short TeX expression ("π", "pi", "\sqrt{x}")
_DIGITLESS_VALUE = lazy_compile(r"-?(?:π|pi|\\pi|e|∞|\\infty)|-?[√\\][^\s]{0,30}")
# not the digits of a name ("AZYUK2A"); a root written with its sign ("3√13", "√(117)") is one number, and so is a
# number in E notation ("1.6e-19") or times a power of ten ("2.18 × 10^{-18}")
_PROSE_NUMBER = lazy_compile(r"(?<![A-Za-z])(?:[-−–]?\d++(?:\.\d++)?+\s*+(?:×|\\times)\s*+10\^"
                             r"(?:\{\s*[-−+]?\d+\s*\}|[-−+]?\d+)"
                             r"|-?(?:\d+(?:\.\d+)?\s*)?√\s*(?:\(\d+(?:\.\d+)?\)|\d+(?:\.\d+)?)"
                             r"|[-−–]?\d+(?:[.,]\d+)*(?:/\d+)?(?:[eE][-+−]?\d+(?!\w|\.\d))?)")
# Two numbers joined by a dash ("2.1–2.4"), "to", "or" or "between ... and ..." give a range or a choice: a
# hedge, not a committed value ("from 2 to 5" states a change, not a range: see reduce_sentence).
# (a range's first number starts a number: a search that tried every digit of a long numeral as its start took
# seconds on 5,000 digits, quadratic)
_RANGE = lazy_compile(r"(?:\b(?P<from>between|from)\s+)?(?<![\d.])(-?\d+(?:\.\d+)?)\s*(?:[A-Za-z/]{1,5}\s+)?"
                    r"(?:[–—]|(?P<word>and|to|or)\s)\s*(-?\d+(?:\.\d+)?)", re.I)
# a temperature's scale after its number: "°C", "° F", "^\circ C", "degrees Celsius"
_TEMPERATURE_AFTER = lazy_compile(r"\$?\s*(?:°|\^\s*\{?\s*\\circ\s*\}?|\\circ)\s*(?:\\(?:text|mathrm)\s*\{\s*)?([CF])(?![A-Za-z])"
                                  r"|\s*([℃℉])|\s+degrees?\s+(Celsius|Fahrenheit|celsius|fahrenheit|C|F)\b")
# an angle's degrees after its number, in words or its sign, closing the sentence: "90 degrees.", "measures 90°." (not
# a temperature's)
_ANGLE_DEGREES_AFTER = lazy_compile(r"(?:\s+degrees?|\s*°(?![CF]))\s*[.!]?\s*$")
# a sentence stating a change of temperature, not a temperature: "hotter", "warmer", "rises by", "heated through"
TEMPERATURE_CHANGE = lazy_compile(r"(?i)\b(?:hotter|warmer|cooler|colder|higher|lower|rises?|rose|risen|increase[sd]?|"
                                   r"decrease[sd]?|drops?|dropped|falls?|fell|by|through|climbs?|climbed|change[sd]?|"
                                   r"difference|above|below|gap|spread|span|swing|increment|range)\b|\\Delta|Δ|升高|降低|变化")
_UNIT_WORD = lazy_compile(r"\s*((?:[μµ]|\\mu\s*)?[A-Za-z]{1,3}(?:\s*/\s*[A-Za-z]{1,3}(?:\^\{?-?\d\}?)?)?)(?![A-Za-z])")


_VULGAR_SIGN = lazy_compile("[%s]" % "".join(VULGAR_FRACTIONS))
_LEADING_SO = lazy_compile(r"(?i)^(?:so|thus|hence)\b\s*,?\s*(?=\S)")
# "Therefore x = 3 or x = 2.": a conclusion word before a statement of values in symbols alone
# values of one letter stated in symbols alone: "x = 3 or x = 2", "x = 2, x = 3"
_VALUES_STATED = lazy_compile(r"\$?(?P<v>[a-z])\s*=\s*-?\d+(?:\.\d+)?(?:°|\^\{?\\circ\}?)?\$?(?:\s*(?:,|or|and)\s*\$?(?P=v)\s*=\s*"
                              r"-?\d+(?:\.\d+)?(?:°|\^\{?\\circ\}?)?\$?)+")  # (degrees too: "x = 30° and x = 150°")
# a set a letter is said to lie in: "n ∈ {0, ±1, ±2}", "$x \\in \\{1, 2\\}$"
_SET_STATED = lazy_compile(r"\$?[a-z]\s*(?:∈|\\in)\s*\\?\{[^{}]{1,80}\\?\}\$?")
# a family's parameter said to be any integer, closing the sentence: ", where n is any integer", "for every integer k"
_ANY_INTEGER_AFTER = lazy_compile(r"(?i),?\s*(?:(?:where|with)\s+(?P<letter>[a-z])\s+(?:is\s+)?(?:any|an|an\s+arbitrary)\s+"
                                  r"integer|for\s+(?:any|all|every)\s+integers?\s+(?P<named>[a-z]))\s*\.?$")
_LEADING_THEREFORE = lazy_compile(r"(?i)^(?:therefore|consequently)\b\s*,?\s*(?=\$?[a-z]\s*=)")
_BOUND = lazy_compile(r"(?i)\b(?:at\s+(?:least|most)|(?:more|less|fewer|greater|smaller)\s+than|no\s+(?:more|less)\s+than"
                    r"|over|under|above|below"
                    r"|(?<!\badd\s)(?<!\badds\s)(?<!\badded\s)(?<!\badding\s)up\s+to"
                    r"|not\s+(?:more|less)\s+than)\s*$")  # ("add up to 1800": a sum, not a bound)
_PERCENT_AFTER = lazy_compile(r"\s?\\?%|\s(?:per\s?cent|pct)\b", re.I)  # "25%", "47 percent"
_SCALE_AFTER = lazy_compile(r"\s+(thousand|million|billion|trillion)\b", re.I)


def _hedges(m: re.Match) -> bool:
    """Is this pair of numbers a hedge? "2.1–2.4", "2 to 3", "2 or 3", "between 2 and 3"; not "from 2 to 5" (a
    change) nor "2 and 3" (a list)."""
    word = (m.group("word") or "").lower()
    start = (m.group("from") or "").lower()
    if start == "from":
        return False
    return word != "and" or start == "between"


# Two values of one kind joined by "or" ("10 tablespoons or 20 tablespoons", "$18,000 or $28,000/year", "He spends
# $9 or He spends $8", "either 1700 pounds or 2700 pounds"): a hedge, whichever value is last. Groups: the first value,
# its unit words, the words restated after "or", the second value. "or rather" and "or about" correct or restate
# the value; so does an "or" after a comma ("$24, or $8 per person", "or, equivalently,"); a different unit ("2 hours
# or 120 minutes") is another way to say it or another quantity, not an alternative.
_OR_VALUE = r"(?:\\?\$)?-?\d+(?:,\d{3})*(?:\.\d+)?(?:/\d+)?%?"
_OR_HEDGE = lazy_compile(
    rf"({_OR_VALUE})((?:\s*/\s*[A-Za-z]+|\s+[A-Za-z]+\.?){{0,2}})(?:\s+or\s+|\s*\\text\{{\s*or\s*\}}\s*)"
    rf"(?!rather\b|equivalently\b|in\s+other\s+words\b|about\b|approximately\b|roughly\b)"
    rf"((?:[A-Za-z]+\s+){{0,3}}?)({_OR_VALUE})\Z")
_UNIT_AFTER = lazy_compile(r"\s*(/\s*[A-Za-z]+|[A-Za-z]+)?")


def or_value(value: str) -> float | None:
    """The number a value written with a currency sign, digit groups, a fraction bar or a percent sign is ("25%" is
    0.25; None for anything else)."""
    digits = re.sub(r"[\\$,%\s]|\{,\}", "", value)
    scale = 100 if value.rstrip().endswith("%") else 1
    try:
        if "/" in digits:
            top, bottom = digits.split("/")
            return float(top) / float(bottom) / scale
        return float(digits) / scale
    except (ValueError, ZeroDivisionError):
        return None


def or_hedge(text: str, end: int) -> str | None:
    """The hedge "a or b" whose second value ends at ``end`` in ``text`` (a sentence stating an answer): two values of
    one kind (the same unit, or one without) joined by "or", not equal; "" when they are equal ("1/2 or 0.5" restates
    one value) or in two units ("2 hours or 120 minutes"); None when no such pair ends there. The words after "or"
    may only restate those before the first value ("He spends $9 or He spends $8")."""
    found = _OR_HEDGE.search(text[max(0, end - 160):end])
    if found is None:
        return None
    units = [unit.split()[0].strip("/ .").lower() for unit in (found.group(2), _UNIT_AFTER.match(text, end).group(1))
             if unit and unit.split()]
    if len(units) == 2 and units[0] != units[1]:
        return ""  # "2 hours or 120 minutes", "2 oranges or 5 fruits": one value said again, or another quantity
    restated = found.group(3).split()
    before = text[:max(0, end - 160) + found.start(1)].split()
    if restated and before[-len(restated):] != restated:
        return None  # "3 apples, or nearly 5 with the pears": the words after "or" say something new
    percent = "%" if text[end:end + 1] == "%" else ""  # "0.25 or 25%": the sign after the sentence's last number
    first, second = or_value(found.group(1)), or_value(found.group(4) + percent)
    if first is None or second is None:
        return None
    if first == second:
        return ""  # "1/2 or 0.5", "$50 or $50.00": one value said twice
    return f"{found.group(1)} or {found.group(4)}"


_NUM_WORD = r"\d+(?:\.\d+)?"
_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
#: operations said in words around numbers, as TeX: "3 squared" is 3^{2}, "10 choose 3" \binom{10}{3} (an operand
#: of a spoken expression is no answer alone: "So the answer is 3 squared." does not answer 3)
_SPOKEN = tuple((lazy_compile(pattern), form) for pattern, form in (
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+choose\s+(?P<b>{_NUM_WORD})\b", r"\\binom{\g<a>}{\g<b>}"),
    (rf"(?i)(?<![\w.])(?P<a>{_NUM_WORD}|e)\s+to\s+the\s+(?:power\s+(?:of\s+)?)?(?P<b>{_NUM_WORD})(?:st|nd|rd|th)?"
     r"(?:\s+power)?\b", r"\g<a>^{\g<b>}"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+squared\b", r"\g<a>^{2}"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+cubed\b", r"\g<a>^{3}"),
    (rf"(?i)\b(?:the\s+)?square\s+root\s+of\s+(?P<a>{_NUM_WORD})\b", r"\\sqrt{\g<a>}"),
    (rf"(?i)\b(?:the\s+)?cube\s+root\s+of\s+(?P<a>{_NUM_WORD})\b", r"\\sqrt[3]{\g<a>}"),
    (rf"(?i)(?<![\\\w])(?:root|sqrt)\s*(?P<a>{_NUM_WORD})\b", r"\\sqrt{\g<a>}"),
    (rf"(?i)(?<![\\\w])log\s+base\s+(?P<b>{_NUM_WORD})\s+of\s+(?P<a>{_NUM_WORD})\b", r"\\log_{\g<b>}{\g<a>}"),
    (rf"(?i)(?<![\\\w])log_\{{?(?P<b>{_NUM_WORD})\}}?\s*\(?(?P<a>{_NUM_WORD})\)?", r"\\log_{\g<b>}{\g<a>}"),
    (rf"(?i)\bhalf\s+of\s+(?P<a>{_NUM_WORD})\b", r"\\frac{\g<a>}{2}"),
    (rf"(?i)\btwice\s+(?P<a>{_NUM_WORD})\b", r"2 \\cdot \g<a>"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+times\s+(?:(?P<b>{_NUM_WORD})\b|(?:pi\b|π))", lambda m:
     f"{m.group('a')} \\cdot {m.group('b') or chr(92) + 'pi'}"),
    (rf"(?i)(?:\b(?P<a>{_NUM_WORD})|\bpi|π)\s+over\s+(?P<b>{_NUM_WORD})\b", lambda m:
     f"\\frac{{{m.group('a') or chr(92) + 'pi'}}}{{{m.group('b')}}}"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+divided\s+by\s+(?P<b>{_NUM_WORD})\b", r"\\frac{\g<a>}{\g<b>}"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+(?:mod|modulo)\s+(?P<b>{_NUM_WORD})\b", r"\g<a> \\bmod \g<b>"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+minus\s+(?P<b>{_NUM_WORD})\b", r"\g<a> - \g<b>"),
    (rf"(?i)\b(?P<a>{_NUM_WORD})\s+plus\s+(?P<b>{_NUM_WORD})\b", r"\g<a> + \g<b>"),
    (rf"(?i)\bneg\s+(?P<a>{_NUM_WORD})\b", r"-\g<a>"),
))
_SPOKEN_NEEDS = lazy_compile(r"(?i)choose|to\s+the|squared|cubed|root|sqrt|log|half|twice|times|over|divided|mod|"
                             r"minus|plus|neg")


def spoken_math(text: str) -> str:
    """``text`` with operations said in words around numbers written in TeX ("3 squared" -> ``3^{2}``, "10 choose 3"
    -> ``\\binom{10}{3}``, "log base 2 of 8" and "log₂8" -> ``\\log_{2}{8}``, "pi over 2" -> ``\\frac{\\pi}{2}``, "neg 3" ->
    ``-3``); unchanged when it says none."""
    if "log" in text:
        text = re.sub(r"(?i)(?<![\\\w])log([₀-₉]+)", lambda m: "log_" + m.group(1).translate(_SUBSCRIPT_DIGITS) + " ",
                      text)
    if not _SPOKEN_NEEDS.search(text):
        return text
    for pattern, form in _SPOKEN:
        text = pattern.sub(form, text)
    return text


_WORD_NUMBER = r"-?\d+(?:\.\d+)?"
#: what may name the set before an interval in words: "All real numbers", "every $x$ that is", "$x$ is", "It converges
#: for $x$", "So the inequality holds for all real x", "It is defined for all real numbers", "whenever $k$ is", "The
#: solution set is", "解集为"; nothing else
#: (not "x squared is", "the root is", "all integers")
_INTERVAL_SUBJECT = (r"(?:(?:it\s+is\s+(?:defined|true|valid)\s+for\s+)?(?:all|every|any)\s+(?:real\s+)?"
                     r"(?:numbers?|values?(?:\s+of\s+[a-z])?|[a-z])(?:\s+[a-z])?"
                     r"(?:\s+(?:that|which)\s+(?:is|are|lies?))?|(?:when(?:ever)?\s+)?[a-z]\s+(?:is|lies|must\s+be)|"
                     r"(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?:it|the\s+(?:inequality|equation|condition|statement))\s+"
                     r"(?:holds|converges|is\s+(?:satisfied|true))\s+(?:exactly\s+|precisely\s+)?for\s+(?:all\s+)?(?:real\s+)?[a-z]|"
                     r"the\s+(?:solution\s+set|set\s+of\s+solutions|range|interval)\s+is(?:\s+all\s+(?:real\s+)?numbers)?"
                     r"|(?:(?:所以|因此|故)\s*)?(?:解集|取值范围|范围)(?:为|是)\s*[:：]?\s*[a-z]?|[a-z])?")
#: a lower bound and an upper bound in words: (pattern, bracket); "strictly" changes nothing
_LOWER = ((r"(?:strictly\s+)?(?:greater|more|larger|bigger)\s+than", "("),
          (r"(?:greater|more|larger)\s+than\s+or\s+equal\s+to|at\s+least|no\s+less\s+than|not\s+less\s+than", "["),
          (r"大于", "("), (r"大于或?等于|不小于", "["))
_UPPER = ((r"(?:strictly\s+)?(?:less|smaller)\s+than", ")"),
          (r"(?:less|smaller)\s+than\s+or\s+equal\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|no\s+greater\s+than",
           "]"),
          (r"小于", ")"), (r"小于或?等于|不大于", "]"))
_ALL_SUBJECT = r"all\s+(?:real\s+)?(?:numbers|[a-z])\s+"  # "together with all real x greater than 2"
_REPEATED_SUBJECT = r"(?:(?:when(?:ever)?\s+)?[a-z]\s+is\s+|all\s+(?:real\s+)?(?:numbers|[a-z])\s+)?"


def _interval_forms() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The interval sentences: both ends ("strictly between 1 and 5", "greater than 1 and at most 5"), one end
    ("at least 2": ``[2, \\infty)``), two rays joined by "or" ("less than -3 or at least 2"), each the whole
    sentence after a subject of :data:`_INTERVAL_SUBJECT`; the form's brackets, or "rays" / "lower" / "upper"."""
    head = r"(?i)\s*%s\s*" % _INTERVAL_SUBJECT
    named = r"(?i)\s*%s\s*" % _INTERVAL_SUBJECT[:-1]  # a set named: "at least 7" alone is a bound on a value
    tail = r"\s*[.。]?\s*"
    forms = [(r"strictly\s+between\s+(?P<a>%s)\s+and\s+(?P<b>%s)" % (_WORD_NUMBER, _WORD_NUMBER), "()"),
             (r"between\s+(?P<a>%s)\s+and\s+(?P<b>%s),?\s+(?:both\s+)?inclusive" % (_WORD_NUMBER, _WORD_NUMBER), "[]"),
             (r"(?:the\s+)?open\s+interval\s+from\s+(?P<a>%s)\s+to\s+(?:(?P<b>%s)|\+?\s*infinity)"
              % (_WORD_NUMBER, _WORD_NUMBER), "()")]
    for low, opening in _LOWER:
        for up, closing in _UPPER:
            joined = r"\s*(?:且|并且|而)\s*" if low[0] == "大" else r",?\s+(?:and|but)\s+" + _REPEATED_SUBJECT
            forms.append((r"(?:%s)\s*(?P<a>%s)%s(?:%s)\s*(?P<b>%s)" % (low, _WORD_NUMBER, joined, up, _WORD_NUMBER),
                          opening + closing))
            if low[0] != "大":
                forms.append((r"(?:%s)\s*(?P<b>%s),?\s+(?:or\s+%s|together\s+with\s+%s)(?:%s)\s*(?P<a>%s)"
                              % (up, _WORD_NUMBER, _REPEATED_SUBJECT, _ALL_SUBJECT, low, _WORD_NUMBER),
                              "rays" + closing + opening))
        forms.append((r"(?:%s)\s*(?P<a>%s)" % (low, _WORD_NUMBER), "lower" + opening))
    for up, closing in _UPPER:
        forms.append((r"(?:%s)\s*(?P<b>%s)" % (up, _WORD_NUMBER), "upper" + closing))
    compiled = [(lazy_compile((head if brackets in ("()", "[]", "(]", "[)") else named) + form + tail), brackets)
                for form, brackets in forms]
    # "whenever the absolute value of k is greater than 4", "for all real a with |a| at least 2"
    size = (r"(?i)\s*(?:(?:when(?:ever)?|for\s+all\s+(?:real\s+)?[a-z]\s+with)\s+)?"
            r"(?:the\s+absolute\s+value\s+of\s+[a-z]|\|\s*[a-z]\s*\|)\s+(?:is\s+)?")
    for bound, bracket in _LOWER[:2] + _UPPER[:2]:
        compiled.append((lazy_compile(size + r"(?:%s)\s*(?P<a>%s)" % (bound, r"\d+(?:\.\d+)?") + tail),
                         "size" + bracket))
    return tuple(compiled)


_INTERVAL_WORDS = _interval_forms()
_LETTER_SUBJECT = lazy_compile(r"(?i)(?<![A-Za-z\\])([a-z])\s+(?:is|lies|must\s+be)\b|(?:all|every|any)\s+(?:real\s+)?([a-z])\b(?!\w)")


def interval_in_words(text: str) -> str | None:
    """The interval a sentence states in words, when that is the whole sentence: a set of reals named ("All real
    numbers", "$x$ is", or nothing) and then "strictly between 1 and 5" (``(1, 5)``), "between 1 and 5 inclusive"
    (``[1, 5]``), "greater than 1 and at most 5" (``(1, 5]``), "大于 -3 且小于 3", one end ("strictly greater than
    1": ``(1, \\infty)``; "at most 4": ``(-\\infty, 4]``), or two rays ("less than -3 or at least 2": ``(-\\infty,
    -3) \\cup [2, \\infty)``), the ends plain numbers in order; None otherwise: anything else in the sentence (a
    negation, an exception, a condition, a hedge, another quantity as its subject, "5\\pi" as an end) leaves it to
    the other readings, and "between 1 and 5" alone stays a hedge between two values."""
    if len(text) > 200 or not re.search(r"\d", text):
        return None
    plain = text.replace("$", "").replace("\\(", "").replace("\\)", "").replace("−", "-").replace("**", "")
    if len({a or b for a, b in _LETTER_SUBJECT.findall(plain)}) > 1:
        return None  # "x is greater than 1 and y is less than 5": two quantities, no one set
    for pattern, brackets in _INTERVAL_WORDS:
        m = pattern.fullmatch(plain)
        if m is None:
            continue
        a, b = m.groupdict().get("a"), m.groupdict().get("b")
        if brackets.startswith("size"):  # |k| > 4: two rays; |k| <= 4: an interval about 0
            if brackets[-1] in "([":
                closing = ")" if brackets[-1] == "(" else "]"
                return f"(-\\infty, -{a}{closing} \\cup {brackets[-1]}{a}, \\infty)"
            opening = "(" if brackets[-1] == ")" else "["
            return f"{opening}-{a}, {a}{brackets[-1]}"
        if brackets.startswith("lower"):
            return f"{brackets[-1]}{a}, \\infty)"
        if brackets.startswith("upper"):
            return f"(-\\infty, {b}{brackets[-1]}"
        if brackets.startswith("rays"):
            if float(b) > float(a):
                return None
            return f"(-\\infty, {b}{brackets[4]} \\cup {brackets[5]}{a}, \\infty)"
        if b is None:
            return f"({a}, \\infty)"
        if float(a) >= float(b):
            return None
        return f"{brackets[0]}{a}, {b}{brackets[1]}"
    return None


_VERDICT_FOR = lazy_compile(r"(?i)\s*,\s*(?:at\s+least\s+)?(?:for|in)\s+(?:every|all|each|any)\b")


# an equation in general form stated as a curve's after "is" / "are" ("the tangent line is 2x − y − 1 = 0"; not "the
# sum of the roots is a + b + c = 0"), closing the sentence
_IS_ARE = lazy_compile(r"(?i)(?P<curve>\b(?:line|lines|equation|curve|plane|circle|parabola|ellipse|hyperbola|tangent|"
                       r"normal|locus|asymptote|graph|chord|bisector)\s)?(?:is|are)\s+")
_GENERAL_FORM = lazy_compile(r"(?P<equation>[^=\s][^=]{0,80}?[A-Za-z][^=]{0,80}?=\s*0)\s*\.?\s*")


# the tuples a lead-in in words introduces after a colon, closing the sentence: "Factor pairs of 6 with x < y: (2, 3)
# and (1, 6)" (tuples only: "Roots: 2 and 3", "Check: 5·4·3·2·1 = 120" are read as before)
_LISTED_AFTER_COLON = lazy_compile(r"[A-Za-z]\s*:\s+(?P<list>\(\s*[-−]?\d[^()]{0,30}\)(?:\s*(?:,|\band\b|,\s*and\b)\s*"
                                   r"\(\s*[-−]?\d[^()]{0,30}\))*)\s*\.?\s*$")
_MID_SO = lazy_compile(r"(?i),?\s+so\s+(?=\S)")


_LIST_COPULA = lazy_compile(r"(?i)\s(?:is|are|equals|be)\s")
# a clause opening on a conclusion, up to where its copula stands: ", so the eigenvalues"
_CONCLUDING_CLAUSE = lazy_compile(r"(?i)[,;]\s*(?:so|thus|hence|therefore)\s+[^,;]*$")


def reduce_sentence(text: str, multiple: bool = False) -> str:
    """A sentence stated as the answer -> the answer in it.

    ``No, it is impossible`` -> ``No``; ``The number of ways is 120`` -> ``120``; ``故个数为3个`` -> ``3个``; text
    without a number stays. With ``multiple``, ``The possible values are 0 and 1`` -> ``0 and 1``.
    """
    text = text.strip()
    yes_no = re.match(r"(?i)(yes|no)\b(?!\s*(?:,?\s*or\b|/)\s*(?:yes|no)\b)", text)  # "Yes or no, ...": a hedge
    if yes_no and (QUALIFIED_VERDICT.match(text, yes_no.end()) or _VERDICT_FOR.match(text, yes_no.end())):
        # "Yes, except when n = 3": a conditional verdict, compared as words (not Yes); "yes, for every nonempty
        # set": the cases it speaks for, compared with the question's
        return text.rstrip(".")
    if yes_no:
        return yes_no.group(1)
    if re.search("[\u4e00-\u9fff]", text) and re.search(r"\d", text):
        text = _before_condition(text)
        tail = _CJK_TAIL.search(text[-200:])
        if tail:
            return tail.group(1).strip()
    text = _DASH_SIGN.sub("-", text)
    text = text[after_correction(text):]  # "So the answer is 3... no wait, 4.": what the correction says
    restated = _RESTATED_VALUE.search(text) if len(text) < 300 else None
    said_before = _PLAIN_VALUE_END.search(text[:restated.start()]) if restated is not None else None
    said_again = number_words(_PERCENT_WORDS.sub("", restated.group("value"))) if said_before is not None else None
    if said_again is not None and _PERCENT_WORDS.search(restated.group("value")):
        said_again = said_again / 100  # "0.25, in other words twenty-five percent": one value
    if said_again is not None and said_again != Fraction(said_before.group("value")):
        return text.rstrip(".")  # "6/36, that is, one fifth": two values that disagree commit to neither
    if restated is not None and not re.search(r"\d", text[:restated.start()].rsplit(",", 1)[-1]) \
            and (number_words(restated.group("value")) or _FRACTION_WORDS.fullmatch(restated.group("value"))):
        # "six out of thirty-six, that is, one sixth": a value in words said again, simplest (a clause with digits
        # before it is read as before: "x = 3/7, i.e. x = 0.375" states two values, "3.18 s⁻¹, i.e. a period of about
        # 0.314 s" another quantity)
        text = restated.group("value")
    labelled = _LABEL_COLON_VALUE.fullmatch(text) if ":" in text and len(text) < 200 else None
    if labelled is not None and re.search(r"[A-Za-z]{3,}", labelled.group("label")) \
            and ("." in labelled.group("value") or re.search(r"[A-Za-zμΩÅ°]", labelled.group("value"))):
        text = labelled.group("value")  # "Ionization energy from n = 2: 3.40 eV": the value its label names
    hedged = _DEPENDING_HEDGE.match(text)
    if hedged is not None:
        return hedged.group("values")  # "7.9 km/s or 11.2 km/s, depending on the definition used": both, so neither
    said = list(_COPULA.finditer(text))  # "3 squared", "10 choose 3 ways": the expression, not its last operand (in
    at = said[-1].end() if said else 0   # what the last copula states: "4 times 5 = 20" states 20)
    text = text[:at] + spoken_math(text[at:])
    if _VULGAR_SIGN.search(text):
        # "the probability is ½": 1/2; "2⅓ cups": 7/3, a mixed number (not the digits 2 and 1 glued: 21/3)
        text = _MIXED_VULGAR.sub(_improper, text)
        text = _VULGAR_SIGN.sub(lambda m: VULGAR_FRACTIONS[m.group()], text)
    if len(text) < 200 and _LEADING_THEREFORE.match(text):
        text = _LEADING_THEREFORE.sub("", text)  # ("Therefore x = 3 or x = 2.": the statement, as after "So")
    elif len(text) < 200 and ", so " in text:
        concluded = _MID_SO.split(text)[-1]
        if _VALUES_STATED.fullmatch(concluded.rstrip(". ")) or _SET_STATED.fullmatch(concluded.rstrip(". ")):
            # ("Factor: (x − 2)(x − 3) = 0, so x = 3 or x = 2.", "... means |n| ≤ 2, so n ∈ {0, ±1, ±2}.": what the
            # "so" states)
            text = concluded
    any_integer = _ANY_INTEGER_AFTER.search(text)
    if any_integer is not None and "=" in text[:any_integer.start()] and not WORDS.search(text[:any_integer.start()]):
        # "x = nπ, where n is any integer": the family with its parameter's range in symbols, "x = nπ, n ∈ ℤ"
        text = f"{text[:any_integer.start()]}, {any_integer.group('letter') or any_integer.group('named')} ∈ ℤ"
    # (a function applied in plain text is no word of prose where values are joined: "x = 1 + sqrt(2) and x = 1 -
    # sqrt(2)"; a chain "sqrt(50) = 5 sqrt(2) ≈ 7.07" is read as before, by its last side)
    word = _PROSE_WORD if _JOINED.search(text) else WORDS
    if not (word.search(_JOINED.sub(" ", TEXT_WRAPPED.sub(" ", text))) and re.search(r"\d", text)):
        # "x = 3 and y = 2", "1 or 2", "\frac{\pi}{3}\text{ rad}": the whole statement (without "So")
        if word.search(text) is None:
            stated = _MID_SO.split(_LEADING_SO.sub("", text))[-1]  # "2x = 10 so x = 5": what the "so" concludes
            named = _NAME_IS.fullmatch(stated.rstrip(". "))
            # "x is 3", "c is π": the copula between a name and its value is "="
            return f"{named.group(1)} = {named.group(2)}" if named else stated
        # "So c is π.", "the smallest value of c is pi": a constant stated without a digit, after the copula
        tail = _COPULA.split(text)[-1].strip().rstrip(".")
        if tail != text and not WORDS.search(tail) and _DIGITLESS_VALUE.fullmatch(tail):
            return tail
        return text
    clause = _TRAILING_CLAUSE.search(text)
    if clause is not None and _PROSE_NUMBER.search(text, 0, clause.start()):
        # "The answer is 12, which is divisible by 3", "4, not 3", "5, attained at x = 2": a clause after the value
        # says something of it; its numbers are not the answer
        text = text[:clause.start()]
    doubt = _DOUBT_OR.search(text)
    if doubt is not None:
        return f"{doubt.group('a')} or {doubt.group('b')}"  # "3, or maybe 4": a doubt between two values commits to neither
    subject = _LISTED_SUBJECT.search(text)
    if subject is not None:
        return subject.group("list")  # "Both 3 and 4 work."
    introduced = _LISTED_AFTER_COLON.search(text) if multiple else None
    if introduced is not None and not WORDS.search(_JOINED.sub(" ", introduced.group("list"))):
        return introduced.group("list").strip().rstrip(".")  # "Factor pairs of 6 with x < y: (2, 3) and (1, 6).": the list
    copulas = list(_LIST_COPULA.finditer(text))
    # (after the last copula when its clause concludes: "The polynomial is nice, so the eigenvalues are 3 and 1" lists
    # 3 and 1; "..., and the eigenvectors are ..." is no conclusion, read from the first as before)
    concluded = len(copulas) > 1 and _CONCLUDING_CLAUSE.search(text[:copulas[-1].start()]) is not None
    listed = text[copulas[-1 if concluded else 0].end():].strip().rstrip(".") if copulas else text.strip().rstrip(".")
    spelled = [number_words(w) for w in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", listed)] \
        if multiple and " and " in listed and len(listed) <= 80 and number_words(listed) is None else []
    if len(spelled) >= 2 and None not in spelled:
        # "so the eigenvalues are three and one": every value listed in words
        return " and ".join(str(v) for v in spelled)
    if multiple and not word.search(_JOINED.sub(" ", listed)) or _NUMBER_LIST.fullmatch(listed) \
            or _NAMED_LIST.fullmatch(listed) and "and" in listed:
        # "The solutions are x = 1 and x = 2", "The possible values are 0 and 1": every listed value (two values
        # stated against one gold are an extra one, not the last)
        return listed
    stated = list(_IS_ARE.finditer(text))
    general = _GENERAL_FORM.fullmatch(text, stated[-1].end()) if stated and stated[-1].group("curve") else None
    if general is not None and not WORDS.search(general.group("equation")):
        return general.group("equation")  # "the tangent line is 2x − y − 1 = 0": the equation, not its 0
    tail = _COPULA.split(text)[-1].strip()
    if not _PROSE_WORD.search(tail):
        return tail.rstrip(".")  # ("y(x) = 3 exp(2x)": the value after the last "=")
    numbers = [m for m in _PROSE_NUMBER.finditer(text) if not _MODIFIER_AFTER.match(text, m.end())] \
        or list(_PROSE_NUMBER.finditer(text))
    if not numbers:
        return text
    numbers = [m for m in numbers if not _NOT_BEFORE.search(text, max(0, m.start() - 16), m.start())]
    if not numbers:
        return text  # "The answer is not 3.": no value stated
    last = numbers[-1]
    if _BOUND.search(text[max(0, last.start() - 24):last.start()]):
        return text  # "at least 7", "no more than 3": a bound, not a value (compared as text: wrong)
    alternatives = or_hedge(text, last.end())
    hedge = None
    for hedge in _RANGE.finditer(text[:last.end()]):
        pass
    if alternatives != "" and hedge and hedge.end() == last.end() and _hedges(hedge):
        return f"{hedge.group(2)} to {hedge.group(4)}"  # "approximately 2.1–2.4 m/s": a range, not one value
    if alternatives:
        return alternatives  # "10 tablespoons or 20 tablespoons": a hedge between two values commits to neither
    before = text[max(0, last.start() - 40):last.start()]
    relation = _RELATION_BEFORE.search(before)
    if relation is not None:
        # "Therefore x > 2", "Hence n ≥ 7", "0 < x < 2": a bound, not a value
        return relation.group(0) + last.group()
    if _BOUND_AFTER.match(text, last.end()):
        return text  # "5 or more", "10 and above": a bound (compared as text: wrong against a value)
    if _MINUS_WORD.search(before):
        return "-" + last.group().lstrip("+")  # "minus 3", "negative 1/2"
    out_of = _OUT_OF.search(before)
    if out_of is not None:
        return f"{out_of.group(1)}/{last.group()}"  # "3 out of 10"
    if text.startswith(" π", last.end()) or text.startswith(" \\pi", last.end()):
        return last.group() + "π"  # "25 π square units"
    operand = _OPERATOR_BEFORE.search(before)
    if operand is not None:
        # "simplifies to 3x + 1", "2^10 − 1 subsets": the number is an operand; the expression from the last word is
        # the value
        words = list(_EXPRESSION_START.finditer(text, 0, last.start()))
        start = words[-1].end() if words else 0
        return text[start:last.end()].strip(_TOKEN_ENDS)
    if _GLUED_AFTER.match(text, last.end()) or _GLUED_BEFORE.search(text, max(0, last.start() - 2), last.start()):
        # "c = 2π, which ...", "x = \sqrt{2}, which ...", "sqrt(2)": the number is part of an expression, which is
        # the value (its whitespace-delimited token), not the number alone
        start = text.rfind(" ", 0, last.start()) + 1
        end = text.find(" ", last.end())
        token = text[start:len(text) if end < 0 else end].strip(_TOKEN_ENDS)
        relation = _RELATION_BEFORE.search(text, max(0, start - 40), start)
        if relation is not None:
            return relation.group(0) + token  # "Hence n ≥ 2^10.": a bound on an expression, not its value
        return token + "!" if text.startswith("!", last.end()) and token.endswith(last.group()) else token
    scale = _SCALE_AFTER.match(text, last.end())
    if scale:
        return f"{last.group()} {scale.group(1).lower()}"  # "5 million": the scale is part of the number
    scale_mark = _TEMPERATURE_AFTER.match(text, last.end())
    if scale_mark:  # "Final temperature: 326.85 °C": a temperature on a scale, its degree mark kept
        scale = {"℃": "C", "℉": "F"}.get(scale_mark.group(2) or "", "") or \
            (scale_mark.group(1) or scale_mark.group(3) or "C")[0].upper()
        if re.search(r"(?i)\b(?:\w+er|more|less|above|below|over|under)\s+than\s*$|\bat\s+(?:least|most)\s*$",
                     text[:last.start()]):
            return text  # "It must be hotter than 100 °C.": a bound, no value
        if TEMPERATURE_CHANGE.search(text):
            # "The gas ends 203.05 °C hotter than it started.": a change, as many kelvins (of Fahrenheit, no reading)
            return f"{last.group()} K" if scale == "C" else last.group()
        return f"{last.group()}\\ ^\\circ\\text{{{scale}}}"
    if _ANGLE_DEGREES_AFTER.match(text, last.end()) and not _RELATION_BEFORE.search(before):
        return f"{last.group()}^\\circ"  # "A right angle is 90 degrees.": an angle in degrees (equal to $\\pi/2$)
    from .units import read_unit, unit_at

    compound = unit_at(text, last.end())
    if compound:
        # "hang 25 cm from the pivot", "4186 J/(kg·K) at room temperature": the unit (by the units' one grammar)
        # belongs to it
        return f"{last.group()} {compound}"
    from .units import spelled_unit_at

    spelled = spelled_unit_at(text, last.end())[0]
    if spelled:
        return f"{last.group()} {spelled}"  # "The field is about 2.0 millitesla.": a unit written out is still its unit
    unit = _UNIT_WORD.match(text, last.end())
    if unit and read_unit(unit.group(1)) is not None:
        return f"{last.group()} {unit.group(1)}"
    if _PERCENT_AFTER.match(text, last.end()):
        # "0.25 of her pay, or 25%": a percent sign is part of its number (25% is 0.25, an equal restatement)
        return f"{last.group()}%"
    return last.group()
