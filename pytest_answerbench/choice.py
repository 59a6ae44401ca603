"""The careful multiple-choice reader shared by the ``default`` profile of every multiple-choice benchmark.

``infer_choice(response, options)`` says which option a model chose, the way a careful human reader would:

* letters in any common form: ``B``, ``(b)``, ``B.``, ``B)``, ``Option B``, ``**B**``, ``\\boxed{B}``,
  ``<answer>B</answer>``, "The answer is B", "Final Answer: B", lowercase where it cannot be an English word;
* the option's text instead of its letter, and "answer: 4" meaning the option whose text is ``4`` (option texts
  stay strings: an exact textual match beats a numeric one, so ``0.25`` and ``0.250`` stay different);
* self-corrections ("B, no wait, D" reads D: the last committed answer wins) and eliminations ("A and B are
  wrong, so C"; "A, B and D are incorrect" reads C);
* English articles and pronouns that are not letters ("a decrease in loss", "A dog is ...", "I think");
* Chinese answers (答案是B, 选B, 故选：C, 是 / 否 for Yes / No);
* surface variants of an option's text ("18cm", "top-left", "\\frac{1}{3}", "Cats", "50%" for 0.5, "fifty
  percent"), JSON answer fields, a closing clause ("...: D.", "Total: 4."), "Both" / "Neither" options;
* values written another way ("2/4" for 1/2, "0.4" for 40%, "1.2 × 10²" for 120, "√3/2", a value inside a range
  option, "19:30" for 7:30 PM, "a quarter to ten", "March 6th" for 2024-03-06), Yes / No and True / False by
  meaning ("Nope", "That's correct", "not true", 错误; "partially true" is neither), and a word only one option
  has in a short reply ("Austen." for Jane Austen);
* hedges ("\\boxed{B} or \\boxed{C}", "Answer: B / Answer: D", "B. Hmm, or is it C?", a loop "B. ... C. ... B."),
  a value said to be none of the options and replies cut off before they answered give no letter;
* answer markers in other languages ("【答案】C", "对应选项 B", "La respuesta es la B"), a letter naming the option it
  labels ("R" for "Point R"), options conceded ("While Jupiter ... have faint rings, ... Saturn") or only defined;
* "cannot be determined" / "none of these" as the option saying exactly that, when there is one;
* refusals and empty answers: no letter, and the method says why.

It never guesses: anything it cannot read confidently gives ``letter=None``.

How it decides: it collects *commitments* (a letter or option the text commits to), each with a strength tier:
3 for ``\\boxed{}``, answer tags, JSON answer fields and "final answer"; 2 for "the answer is", "I choose",
Chinese markers and a leading option label; 1 for conclusions ("so B", "B is correct", a bold letter, the closing
clause). The last commitment of the
strongest tier wins, and a self-correction after it ("..., no wait, D") overrides it. Without a commitment it
falls back to elimination, then refusal phrases, then the option texts, then a lone letter in a short reply,
then a word only one option has. A reply cut off mid-sentence reads only what it committed to before the cut.
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Mapping, NamedTuple

__all__ = ["ChoiceResult", "infer_choice"]


@dataclass(frozen=True)
class ChoiceResult:
    """What the reader found.

    Attributes:
        letter: the chosen option's letter (always one of the options' keys), or None.
        method: short rule name: ``boxed``, ``answer-tag``, ``answer-field``, ``final-answer-marker``,
            ``answer-marker``, ``choose``, ``chinese-marker``, ``leading-letter``, ``sole-letter``, ``bold``, ``bracket``,
            ``conclusion``, ``affirmation``, ``option-text``, ``answer-value``, ``self-correction``,
            ``elimination``, ``ordinal``, ``letter``, ``key-word``; or, with no letter, ``refusal``, ``empty``,
            ``ambiguous``, ``invalid-letter``, ``truncated``, ``none``.
        detail: a short human-readable explanation.
    """

    letter: str | None
    method: str
    detail: str = ""


class _Commit(NamedTuple):
    """One commitment found in the text (a tuple: cheap to build, compared field by field like before)."""

    pos: int
    tier: int
    letter: str | None  # None: the commitment names several options (ambiguous) or none of them
    method: str
    note: str = ""


_NOT_LETTER = r"(?![A-Za-z0-9])"
_WEAK = ("leading-letter", "affirmation", "bold", "conclusion", "sole-letter")
_NOT_AFTER_LETTER = r"(?<![A-Za-z0-9'’])"

# Words after a capital "A"/"I" that show it is still the option letter, not an article or a pronoun.
_CONNECTORS = {
    "because", "since", "as", "which", "is", "it", "and", "or", "but", "for", "given", "due", "based", "this",
    "that", "with", "here", "from", "according", "option", "choice", "seems", "looks", "appears", "would",
    "should", "must", "matches", "fits", "best", "correctly", "shows", "so", "then", "was", "will", "has",
    "in", "on", "at", "by", "per", "if", "though", "although", "while", "whereas", "correct", "right",
}

_REFUSAL = re.compile(
    r"(?:i\s*(?:am|'m)\s+sorry|i\s+(?:cannot|can't|can\s*not|am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+able\s+to)"
    r"\s+(?:determine|answer|help|see|view|tell|identify|access|process|provide|decide|say|read|be\s+sure)"
    r"|cannot\s+be\s+determined|can't\s+be\s+determined|(?:cannot|can't|unable\s+to)\s+determine"
    r"|not\s+(?:enough|sufficient)\s+info(?:rmation)?\b|insufficient\s+(?:info|data|context)"
    r"|no\s+image\s+(?:is\s+)?(?:provided|attached|shown)|without\s+(?:the|an|seeing\s+the)\s+image"
    r"|none\s+of\s+(?:the\s+)?(?:options|above|choices|answers|these|those|them)|i\s+(?:do\s+not|don't)\s+know|^\W*no\s+idea\b"
    r"|there\s+is\s+no\s+(?:correct|right|valid)\s+(?:answer|option)|unanswerable|not\s+answerable"
    r"|无法(?:确定|判断|回答|得出|看到)|不能确定|不确定|抱歉|没有正确(?:答案|选项))",
    re.IGNORECASE,
)

_CORRECTION_CUE = re.compile(
    r"(?:\bno\s*,?\s*wait\b|\bwait\s*,?\s*no\b|\bwait\b|\bactually\b|\bi\s+meant?\b|\bcorrection\b|"
    r"\bon\s+second\s+thought\b|\bscratch\s+that\b|\bsorry\b|\boops\b|\bhmm+\s*,?\s*no\b|\bno\s*[,.;!—–-]|"
    r"\brather\b|\blet\s+me\s+(?:correct|reconsider|revise)\b|\bi\s+take\s+(?:that|it)\s+back\b|"
    r"\bchange\s+(?:my\s+answer|it|that)\s+to\b|\bi\s+was\s+wrong\b|\bmy\s+mistake\b|\b(?:edit|update)\s*:|"
    r"不对|不，|更正|应该是)",
    re.IGNORECASE,
)

# "A and B are wrong", "Options A, B, and D are incorrect", "A is not correct"
_NEG_WORDS = (
    r"(?:wrong|incorrect|false|not\s+(?:correct|right|true|the\s+(?:answer|case|one))|invalid|"
    r"(?:can|could)\s+be\s+(?:ruled\s+out|eliminated|excluded|discarded)|ruled\s+out|eliminated|excluded|"
    r"out|impossible|unlikely|implausible|not\s+supported|inaccurate|irrelevant|a\s+distractor|"
    r"(?:does|do)\s*(?:not|n't)\s+(?:fit|match|apply|hold|work|make\s+sense))"
)
_ADVERBS = r"(?:(?:both|all|also|clearly|definitely|obviously|certainly|likewise|too|then|therefore|thus|so)\s+)*"

_POS_AFTER = re.compile(
    r"\s*(?:is|seems|looks|appears|would\s+be|must\s+be|should\s+be)\s+(?:to\s+be\s+)?(?:the\s+)?"
    r"(?:most\s+)?(?:correct|right|true|accurate|best|answer\b|one\s+(?:that|which)|most\s+likely|likeliest|"
    r"valid\s+(?:answer|option|choice)|appropriate|plausible|closest|better|more\s+(?:accurate|likely|consistent|plausible)|"
    r"(?:the\s+)?best\s+fit)|\s*(?:matches|fits|works|satisfies)\b",
    re.IGNORECASE,
)
_STRONG_AFTER = re.compile(
    r"\s*(?:is|would\s+be)\s+(?:the\s+)?(?:correct\s+|right\s+|best\s+|final\s+)?(?:answer|option|choice)\b",
    re.IGNORECASE,
)
_CN_POS_AFTER = re.compile(r"\s*(?:选项|項)?\s*(?:是正确的|正确|是对的|对|符合)")
_CN_NEG_AFTER = re.compile(r"\s*(?:选项|項)?\s*(?:错误|不正确|不对|是错的|错)")

_MARKERS: list[tuple[re.Pattern[str], int, str]] = [
    (re.compile(r"\bfinal\s+(?:answer|choice|option|output|response)\s*(?:is\s*)?(?::|=|-|–|—|is\b)?|"
                r"\bfinal\s*(?::|=)", re.I),
     3, "final-answer-marker"),
    (re.compile(
        r"\b(?:(?:the|my|our)\s+)?(?:(?:correct|right|best|most\s+likely|most\s+appropriate|final|only\s+correct)\s+)?"
        r"(?:answer|anser|answr|option|choice|response|ans(?=\s*(?:[:=]|is\b))|(?<=correct\s)one|(?<=right\s)one|(?<=best\s)one)"
        r"(?:\s+(?:choice|option|letter))?"
        r"(?:\s+(?:to|for)\s+(?:this|the)\s+question)?(?:\s+(?:here|now|then|in\s+this\s+case))?"
        r"\s*(?:(?:is|would\s+be|should\s+be|must\s+be|will\s+be|seems\s+to\s+be|appears\s+to\s+be|becomes|remains)\b"
        r"|:|=|-(?!\w)|–|—)",
        re.I,
    ), 2, "answer-marker"),
    (re.compile(r"\b(?i:answer)(?=\s+[\(\[]?[A-J][\)\]]?(?:[.!]|\s*$))"), 2, "answer-marker"),
    (re.compile(
        r"\b(?:i\s+(?:would|will|'d|'ll)\s+|i\s+|we\s+|let's\s+|so\s+i\s+)?"
        r"(?:choose|chose|select|selected|pick|picked|go\s+with|going\s+with|opt\s+for|settle\s+on|"
        r"lean(?:ing)?\s+(?:toward|towards|to)|"
        r"(?<=would\s)answer|(?<='d\s)answer|(?<=will\s)answer|"
        r"(?:am\s+)?going\s+to\s+(?:choose|pick|go\s+with))\b(?:\s+(?:option|choice|answer))?",
        re.I,
    ), 2, "choose"),
    (re.compile(r"(?:正确|正確)?答案\s*[】\]]?\s*(?:应该|應該|应|應)?\s*(?:是|为|為|选|選)?\s*[:：]?|"
                r"(?:对应|對應)(?:于|於)?的?\s*(?:选项|選項)|(?:正确|正確)的?(?:选项|選項)\s*(?:是|为|為)?\s*[:：]?|"
                r"(?:故|应|應|所以|因此|我)?(?:选|選)(?:择|擇)?(?!项|項)\s*[:：]?"), 2, "chinese-marker"),
    # "La respuesta es la B", "La réponse est C", "Die richtige Antwort ist D": the answer marker in other languages
    (re.compile(
        r"\b(?:(?:la|a|die|le)\s+)?(?:(?:respuesta|réponse|resposta|risposta|antwort)"
        r"(?:\s+(?:correcta|correcte|correta|corretta|richtige|final|finale))?|"
        r"(?:richtige|correcte|bonne)\s+(?:antwort|réponse))\s*"
        r"(?:es|est|é|è|ist|lautet|sería|seria|serait|wäre)?\s*[:：]?\s*"
        r"(?:(?:la|el|le|l'|die|opción|opcion|option|opção|opzione)\s+)*", re.I), 2, "answer-marker"),
    (re.compile(
        r"(?:\b(?:so|therefore|thus|hence|consequently|in\s+conclusion|overall|finally|"
        r"i(?:\s+would\s+|'d\s+|\s+will\s+|'ll\s+|\s+)(?:say|guess|think|believe)|my\s+guess\s+is|it'?s|it\s+is|it\s+must\s+be|"
        r"it\s+should\s+be|must\s+be|should\s+be|it\s+has\s+to\s+be|but|leaves|leaving|probably|"
        r"(?:most\s+)?likely|perhaps|maybe|(?:looks|seems|sounds)\s+like|(?:seems|appears)\s+to\s+be|"
        r"(?:which\s+)?(?:matches|corresponds\s+to|is\s+consistent\s+with|consistent\s+with|points\s+to|"
        r"supports|aligns\s+with|agrees\s+with|in\s+line\s+with)|(?:which|that|this)\s+is)\b|所以|因此|故)\s*[,，:]?",
        re.I,
    ), 1, "conclusion"),
]

_HYPOTHETICAL = re.compile(
    r"(?:\bif\b|\bwhether\b|\bsuppose\b|\bassum(?:e|ing)\b|\bunless\b|\bthought\b|\binitially\b|\bat\s+first\b|"
    r"\bmight\s+think\b|\bmay\s+think\b|\bnot\s+that\b|\bwhy\b|\bwhich\b|\bwhat\b|\bquestion\s+is\b|如果|假设)"
    r"(?:(?!\bbut\b)[^.!?\n,;])*$",
    re.I,
)



# ---- speed ------------------------------------------------------------------------------------------------
# The reader runs once per row of a large benchmark (tools/perf_choice.py times it), so every pattern is
# compiled once, everything that depends only on the option set is built once per set (_option_set), and the
# costly scans are avoided in ways that give exactly the matches the plain scans give:
#
# * keyword pre-checks: a pattern runs only when the lower-cased text holds a word every match of it must
#   contain (a plain substring test, far cheaper than a regex scan);
# * lower-case scanning: an IGNORECASE pattern written in lower case finds exactly the same spans in
#   ``text.lower()`` without the flag, several times faster, when lower-casing keeps every character in
#   place and no character folds onto an ASCII letter in a way ``lower()`` does not (see ``_FOLD_UNSAFE``).
#   Otherwise the original pattern runs on the original text;
# * candidate starts: where every match of a pattern must start at a known word ("not", "final", a line
#   start), only those places are tried, in finditer's order (_matches_at);
# * lazy weak segments and memos: weak commitments are read only when they can change the decision (see
#   infer_choice), and a payload or window repeated many times is read once.
#
# The differential check behind these changes compared (letter, method, detail) with the plain reader on the
# 939-case corpus plus 10,000 generated replies; long inputs (50 kB of repeated letters, brackets, asterisks,
# spaces, markers) stay linear.

# Characters that IGNORECASE matches to an ASCII letter although ``lower()`` does not map them there (or maps
# them to two characters): dotted/dotless i, the long s and the Kelvin sign.
_FOLD_UNSAFE = ("\u0130", "\u0131", "\u017f", "\u212a")


def _low_pattern(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """The same IGNORECASE pattern without the flag, to run on lower-cased text (its letters are lower case)."""
    return re.compile(pattern.pattern, pattern.flags & ~re.I)


def _present(low: str, words: tuple[str, ...]) -> bool:
    """True when one of ``words`` occurs in ``low``."""
    for word in words:
        if word in low:
            return True
    return False


def _ascii_only(words: tuple[str, ...]) -> tuple[str, ...]:
    """The ASCII members of ``words``: the only ones an ASCII text can hold."""
    return tuple(w for w in words if w.isascii())


def _choose_possible(low: str) -> bool:
    """Every match of the "choose" marker holds one of these words (``go with`` needs both parts)."""
    if _present(low, ("choose", "chose", "select", "pick", "going", "opt", "settle", "lean")):
        return True
    if "go" in low and "with" in low:
        return True
    return "answer" in low and _present(low, ("would", "'d", "will"))


def _conclusion_possible(low: str) -> bool:
    """Every match of the conclusion marker holds one of these words or word pairs."""
    if _present(low, ("so", "therefore", "thus", "hence", "consequently", "conclusion", "overall", "finally",
                      "say", "guess", "think", "believe", "its", "it'", "but", "leav", "probably", "likely",
                      "perhaps", "maybe", "like", "seems", "appears", "matches", "corresponds", "consistent",
                      "points", "supports", "aligns", "agrees", "line", "所以", "因此", "故")):
        return True
    if "is" in low and _present(low, ("it", "which", "that", "this")):
        return True
    return "be" in low and _present(low, ("must", "should", "has"))


# The marker patterns of _MARKERS, each with its lower-case twin (None: the pattern is case-sensitive in part
# and runs on the original text) and a pre-check on the lower-cased text (None: always run).
_MARKER_SPECS = []
for _pattern, _tier, _method in _MARKERS:
    if _method == "chinese-marker":
        _MARKER_SPECS.append((_pattern, None, _tier, _method, None))
    elif _pattern.flags & re.I:
        _MARKER_SPECS.append((_pattern, _low_pattern(_pattern), _tier, _method, None))
    else:  # r"\b(?i:answer)(?=...[A-J]...)": the letter class is case-sensitive
        _MARKER_SPECS.append((_pattern, None, _tier, _method, None))
_MARKER_CHECKS = {
    0: lambda low: "final" in low,
    1: lambda low: _present(low, _ANSWER_CORE_WORDS) or ("one" in low and _present(low, _ANSWER_CORES)),
    2: lambda low: "answer" in low,
    3: _choose_possible,
    5: lambda low: ("sp" in low or "pons" in low or "antw" in low) and _present(low, _FOREIGN_ANSWER_WORDS),
    6: _conclusion_possible,
}
_MARKER_SPECS = [(p, lp, tier, method, _MARKER_CHECKS.get(i)) for i, (p, lp, tier, method, _) in enumerate(_MARKER_SPECS)]
del _pattern, _tier, _method
# The conclusion marker's lower-case twin, led by a lookahead on the first characters its matches can start with
# (the same matches; the regex engine then passes over other characters several times faster). Those characters
# are the first letters of its words: so, therefore, hence, consequently, in conclusion, overall, finally, i ...,
# my guess, must be, but, leaves, probably, likely, perhaps, maybe, looks, appears, which, matches, that, 所以 ...
_CONCLUSION_FIRST = "abcfhilmopstw所因故"
_MARKER_SPECS[-1] = (_MARKER_SPECS[-1][0], re.compile(f"(?=[{_CONCLUSION_FIRST}])" + _MARKER_SPECS[-1][1].pattern),
                     *_MARKER_SPECS[-1][2:])

_ANSWER_MARKER_LOW = _MARKER_SPECS[1][1]
_EAGER_SPECS = _MARKER_SPECS[:-1]  # every marker but the weak conclusion one
_FOREIGN_ANSWER_WORDS = ("respuesta", "réponse", "resposta", "risposta", "antwort")
_ANSWER_CORE_WORDS = ("ans", "option", "choice", "response")
_ANSWER_CORES = (*_ANSWER_CORE_WORDS, "correct one", "right one", "best one")
_ASCII_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


def _answer_marker_starts(low: str) -> list[int]:
    """Where the "the answer is" marker can start: at its core word (answer, option, choice, response, ans, or the
    adjective of "correct one", "right one", "best one") or at one of the at most three words before it ("the most
    likely answer"), which are separated by whitespace."""
    starts = []
    for core in (_ANSWER_CORES if "one" in low else _ANSWER_CORE_WORDS):
        i = low.find(core)
        while i >= 0:
            starts.append(i)
            j = i
            for _ in range(3):
                w = j
                while w > 0 and low[w - 1].isspace():
                    w -= 1
                if w == j:
                    break
                v = w
                while v > 0 and low[v - 1] in _ASCII_LOWER:
                    v -= 1
                if v == w:
                    break
                starts.append(v)
                j = v
            i = low.find(core, i + 1)
    return starts


_REFUSAL_LOW = _low_pattern(_REFUSAL)
_REFUSAL_WORDS = ("sorry", "can", "able", "info", "insufficient", "image", "without", "none", "know", "idea",
                  "there", "answerable", "无法", "不能确定", "不确定", "抱歉", "没有正确")

# _CORRECTION_CUE with the common word boundary taken out of the alternation (same matches, faster scan).
_CORRECTION_CUE_LOW = re.compile(
    r"(?:\b(?:no\s*,?\s*wait\b|wait\s*,?\s*no\b|wait\b|actually\b|i\s+meant?\b|correction\b|"
    r"on\s+second\s+thought\b|scratch\s+that\b|sorry\b|oops\b|hmm+\s*,?\s*no\b|no\s*[,.;!—–-]|"
    r"rather\b|let\s+me\s+(?:correct|reconsider|revise)\b|i\s+take\s+(?:that|it)\s+back\b|"
    r"change\s+(?:my\s+answer|it|that)\s+to\b|i\s+was\s+wrong\b|my\s+mistake\b|(?:edit|update)\s*:)|"
    r"不对|不，|更正|应该是)"
)
_CORRECTION_WORDS = ("wait", "actually", "mean", "correction", "thought", "scratch", "sorry", "oops", "hmm",
                     "rather", "let", "back", "change", "wrong", "mistake", "edit", "update", "不对", "不，", "更正",
                     "应该是")
_CORRECTION_ASCII = _ascii_only(_CORRECTION_WORDS)
_NO_PUNCT = re.compile(r"no\s*[,.;!—–-]")

_HYPOTHETICAL_WORDS = ("if", "whether", "suppos", "assum", "unless", "thought", "initially", "first", "might",
                       "may", "not", "why", "which", "what", "question", "如果", "假设")
_HYPOTHETICAL_ASCII = _ascii_only(_HYPOTHETICAL_WORDS)
_NEG_WORD_HINTS = ("wrong", "incorrect", "false", "not", "invalid", "out", "eliminated", "excluded", "discarded",
                   "impossible", "unlikely", "implausible", "inaccurate", "irrelevant", "distractor", "n't")
_NEG_BEFORE_HINTS = ("not", "eliminat", "rule", "ruling", "exclud", "except", "rather", "instead", "neither", "nor",
                     "discard", "remove", "cross", "排除", "不是", "不选")
_NEG_BEFORE_ASCII = _ascii_only(_NEG_BEFORE_HINTS)
_MARKS = "✅✔✓☑❌✗✘×"

_KEY_FORMAT = re.compile(r"\s*(?:key|format|options?|choices?)\b", re.I)
_TEXT_CMD = re.compile(r"\\(?:text|textbf|mathrm|mathbf|textit|mbox)\s*\{([^{}]*)\}")
_LATEX_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_TEXT_CMD_NORM = re.compile(r"\\(?:text|textbf|mathrm|mathbf)\s*\{([^{}]*)\}")
_DROP_CHARS = "*$`\"“”"
_BOLD = re.compile(r"(\*\*|__)\s*[\(\[]?\s*([A-Za-z])\s*[\)\]]?\s*[.:)]?\s*\1")
# r"[*_]{2,}|(?<!\w)[*_](?=\w)|(?<=\w)[*_](?!\w)|#+\s*" with the first character taken first (the same matches;
# a pattern that starts with a character class lets the regex engine skip ahead to the next candidate)
_FLATTEN = re.compile(r"[*_#](?:(?<=[*_])(?:[*_]+|(?<!\w[*_])(?=\w)|(?<=\w[*_])(?!\w))|(?<=#)#*\s*)")
_ARTICLE_START = re.compile(r"(?:a|an|the)\s+")
_FRACTION = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")
_NUMBER = re.compile(r"\s*([-+−]?\s*(?:\d+(?:,\d{3})*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*%?\s*", re.I)
_NUMBER_UNIT = re.compile(r"\s*([-+−]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?)\s*([^\d\s][^\d]{0,12})\s*")
_INNER_WORD = re.compile(r"\s\w+\s")
_FILLER = re.compile(r"(?:(?:most\s+)?(?:likely|probably|clearly|definitely|indeed|obviously|actually|therefore|"
                     r"thus|just|simply|certainly|correct|option|choice|letter|answer|选项|是)\s*[:：]?\s*)+", re.I)
_FILLER_KEEP = re.compile(r"(?:option|choice|letter|answer)\s+(?:is|are)\b", re.I)
_NEGATED_START = re.compile(r"(?:not|n't|never|neither)\b|不是", re.I)
_SECOND_LETTER = re.compile(r"\s*(?:,|or|and|/|&|或|和|y|o|et|ou|und|oder)\s*(?:option\s+)?[\(\[]?([A-Z])(?![A-Za-z0-9])")
_VERDICT_AGAINST = re.compile(rf"\s*[-–—:,]?\s*(?:is|are)?\s*{_ADVERBS}{_NEG_WORDS}", re.I)
_CLAUSE_END = re.compile(r"[.;\n!?]\s|[,;\n]")
_OR_AND = re.compile(r"\b(?:or|and|/)\b")
_BRACKETED_LETTER = re.compile(r"\[?[\(\[\{]\s*([A-Za-z])\s*[\)\]\}]\]?")  # "[[B]]" too
_LETTER_TOKEN = re.compile(r"([A-Za-z])(?:\s*[.:)\]](?![A-Za-z]\.)|(?=\s*,(?!\s*[a-z]{2}))|(?=\s*[;!?。，])|\s*$|(?=\s*\n))")
_ABBREVIATION = re.compile(r"[a-z]\.[a-z]\.", re.I)
_APOSTROPHE_AFTER = re.compile(r"\s*'")
_BARE_LETTER = re.compile(r"([A-Za-z])(?![A-Za-z0-9'’])")
_NEXT_WORD = re.compile(r"\s+([A-Za-z]+)")
_ORDINAL = re.compile(r"(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+"
                      r"(?:option|choice|one|answer)\b", re.I)
_VALUE_START = re.compile(r"\s*([-+−]?\s*(?:\d+\s*/\s*\d+|\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?|"
                          r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)(?![\d.]*\d)",
                          re.I)
_BOXED = re.compile(r"\\boxed\s*\{")
_BRACES = re.compile(r"[{}]")
_ANSWER_TAG = re.compile(r"<\s*(answer|ans|final_answer|final)\s*>(.*?)(?:<\s*/\s*\1\s*>|$)", re.I | re.S)
_CONCLUSION_LEAD = re.compile(r"(?:options?|choices?|answer)\s+", re.I)
_CAPITAL_VERDICT = re.compile(r"([A-Z])(?=\s+(?:is|would\s+be)\s+(?:the\s+)?(?:correct|right|answer|best))")
_ONLY_JUST = re.compile(r"\s*(?:only|just)\b", re.I)
_SPACE_LOWER = re.compile(r"\s+[a-z]")
_MENTION = re.compile(rf"{_NOT_AFTER_LETTER}(?:options?\s+|choices?\s+)?[\(\[]?([A-Z])[\)\]]?{_NOT_LETTER}", re.I)
_MENTION_LOW = re.compile(rf"{_NOT_AFTER_LETTER}(?:options?\s+|choices?\s+)?[\(\[]?([a-z])[\)\]]?{_NOT_LETTER}")
_OPTION_OR_BRACKET = re.compile(r"(?:option|choice)|[\(\[]", re.I)
_LOWER_IS_CORRECT = re.compile(r"\s+is\s+(?:the\s+)?(?:correct|right|answer)\b")
# Every verdict pattern tried after a mention (_CN_NEG_AFTER, _STRONG_AFTER, _POS_AFTER, _CN_POS_AFTER) starts
# like this; a mention followed by anything else is skipped at once.
_AFTER_ANY = re.compile(r"\s*(?:is|would|seems|looks|appears|must|should|matches|fits|works|satisfies|"
                        r"[选項是正对符错不])", re.I)
_AFTER_WORDS = ("is", "would", "seems", "looks", "appears", "must", "should", "matches", "fits", "works",
                "satisfies", "选", "項", "是", "正", "对", "符", "错", "不")
_SOLE_SENTENCE = re.compile(r"(?:^|(?<=[.!?\n]))[ \t]*[\(\[]?([A-Z])[\)\]]?[ \t]*(?:[.!]|(?=\n)|$)(?=\s*(?:$|\n))")
_SENTENCE_END = re.compile(r"[.!?\n]")
_BODY_WRONG = re.compile(r"\b(?:incorrect|wrong|false|not\s+correct)\b|[✗❌×]", re.I)
_BODY_RIGHT = re.compile(r"\b(?:correct|right|true)\b|[✓✔✅]", re.I)
_ARTICLE_NEXT = re.compile(r"\s+(?!is\b|seems\b|looks\b|appears\b|would\b|must\b|should\b)[a-z]")
_CORRECTION_LEAD = re.compile(r"[\s,.:;!—–-]*(?:(?:it'?s|it\s+is|the\s+(?:correct\s+)?answer\s+is|make\s+(?:it|that)|"
                              r"i\s+meant?|go\s+with|choose|pick|should\s+be|must\s+be|is|to|答案是|应该是|应是|是|选)\s*,?\s*)*",
                              re.I)
_CORRECTION_VERDICT = re.compile(r"(?:options?\s+)?([A-Z])(?=\s+(?:is|would\s+be)\s+(?:the\s+)?(?:correct|right|answer))")
_CORRECTION_OPTION = re.compile(r"(?:option|choice)\s+([A-Za-z])(?![A-Za-z0-9])", re.I)
_REST_NEGATED = re.compile(rf"\s*(?:,\s*)?(?:is|are|was)?\s*{_ADVERBS}{_NEG_WORDS}", re.I)
_SOLE_PREFIX = re.compile(r"(?:the\s+)?(?:correct\s+|final\s+)?(?:answer|option|choice|letter)\s*(?:is)?\s*[:：\-]?\s*",
                          re.I)
_SOLE_LABEL = re.compile(r"(?:option|choice|选项|答案)\s*[:：]?\s*", re.I)
_SOLE_LETTER = re.compile(r"[>\s]*[\"'`‘“]?[\(\[\{<]?\s*([A-Za-z])\s*[\)\]\}>]?[\"'`’”]?\s*[.:;!,)]?")
_OPEN_BRACKET = re.compile(r"[\(\[]")
_SOLE_ORDINAL = re.compile(r"(?:the\s+)?(?:answer\s+is\s+)?(?:the\s+)?(\w+\s+(?:option|choice|one))[.!]?", re.I)
_LEAD_LABEL = re.compile(r"[\(\[]\s*([A-Za-z])\s*[\)\]]|([A-Z])\s*(?:[.:)\]]|,|\s*[-–—]\s)|([a-z])\s*[.)](?!\w\.)")
_LEAD_LIST = re.compile(r"[\(\[]?[A-Ja-j][\)\]]?\s*(?:,|/|&|\bor\b|\band\b)\s*[\(\[]?[A-J][\)\]]?(?![A-Za-z])")
_LINE_LABELS = re.compile(r"(?m)^[ \t>*-]*[\(\[]?([A-J])[\)\].:]")
_NUMBER_WORD = (r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)")
# Numbers in a reply: scientific notation ("1.2 × 10^2"), a fraction ("2/4"), a decimal or integer (a percentage
# too), or number words ("twelve", "one hundred forty-four", "one half"; "one" alone is a pronoun, not a number)
_REPLY_DIGITS = re.compile(r"(?<![\w./])(?:[-−]?\d+(?:\.\d+)?\s*(?:×|x|\*|·|\\times|\\cdot)\s*10\s*(?:\^|\*\*)\s*"
                           r"\{?\s*[-+−]?\d+\s*\}?(?![\w/.])|"
                           r"\d+\s*/\s*[1-9]\d*(?![\w/]|[.,]\d)|"
                           r"[-−]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)%?(?![\w/]|\.\d))")
_REPLY_WORDS = re.compile(rf"\b{_NUMBER_WORD}(?:(?:\s+|-)(?:and\s+)?(?:{_NUMBER_WORD}|hundred|thousand)\b)*"
                          r"(?:\s+(?:half|halves|thirds?|quarters?|fourths?|fifths?)\b)?(?:\s+percent\b)?\b")
# Every match of _REPLY_WORDS that reads as a number holds one of these ("one" or "zero" alone reads as none)
_NUMBER_WORD_HINTS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                      "thirteen", "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "half",
                      "halves", "third", "quarter", "fourth", "fifth", "percent")
_DIGIT_RUN = re.compile(r"\d+")
_SCI_VALUE = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(?:×|x|\*|·|\\times|\\cdot)\s*10\s*(?:\^|\*\*)\s*\{?\s*([-+−]?\d+)")
# superscript exponents, written "^" before NFKC turns "10²" into "102"
_SUPERSCRIPT_EXP = re.compile(r"(?<=10)([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_TEX_SQRT = re.compile(r"\\sqrt\s*(?:\{([^{}]*)\}|(\d))")
_TEX_PI = re.compile(r"\\pi(?![A-Za-z])")
# (the words grouped behind one \b: a pattern whose every branch is a word or "n't" scans several times faster)
_NEGATED_BEFORE = re.compile(r"(?:\b(?:n(?:ot|either|or|o|ever)|rather\s+than|instead\s+of)|n't)\s+(?:\w+\s+){0,1}$")
# "not true", "isn't false", "not really true": a polar option (True / False, Yes / No) negated outright, which names
# the other one of the pair
_FLIPPED_BEFORE = re.compile(r"(?:\bn(?:ot|ever)|n't)\s+(?:(?:really|actually|at\s+all)\s+)?$")
# "partially true", "not necessarily true": a polar option qualified, which names neither
_QUALIFIED_BEFORE = re.compile(r"\b(?:partially|partly|half|somewhat|mostly|largely|sort\s+of|kind\s+of|"
                               r"not\s+(?:entirely|completely|fully|quite|always|necessarily))\s+$")
_CJK_NEGATION = ("不", "非", "没", "未")
_CN_YES_VERDICT = re.compile(r"(?<![不绝相针])(?<!不是)对的|说得对")
_CN_NO_VERDICT = re.compile(r"错的|错了|不对|不是对的")
# "which makes option B the correct answer", "leaving (C) as the only possible choice"
_MAKES_CORRECT = re.compile(
    r"\b(?i:makes?|making|made|leaves?|leaving|left)\s+(?i:option\s+|choice\s+)?[\(\[]?([A-Z]|(?<=[\(\[])[a-z])[\)\]]?\s+"
    r"(?i:as\s+)?(?i:the\s+)?(?i:correct|right|best|only\s+(?:correct|valid|possible|remaining))\s+"
    r"(?i:answer|option|choice)\b")
# (searched just before each "answer", to where it starts)
_IS_THE_ANSWER = re.compile(r"\s+(?:is|would\s+be|must\s+be|should\s+be)\s+(?:the\s+|my\s+)?"
                            r"(?:correct\s+|right\s+|best\s+|final\s+)?$")
_CLAUSE_STOP = re.compile(r"[.;\n!?:,—–]|\s-\s")
_SO_CLAUSE = re.compile(r"\b(?:so|therefore|thus|hence)\b\s*,?\s*")
_IF_BEFORE = re.compile(r"\b(?i:if|whether|suppose|supposing|assuming|unless)\b[^.!?\n]*$")
# the subject of "pick" / "choose" is someone other than the writer: "Many people pick D", "you might choose A"
_OTHERS_CHOOSE = re.compile(r"\b(?:people|students|many|some|others|someone|somebody|they|he|she|most|you)\s+"
                            r"(?:(?:would|might|may|could|often|usually|typically|commonly|mistakenly|wrongly)\s+)*$|"
                            r"\b(?:might|may|could|tempting\s+to|mistakenly|wrongly|naively|often)\s+$")
# A reply cut off mid-sentence: it ends, with no closing punctuation, on a lower-case word no sentence ends with (an
# article, a conjunction, "of", "gives", "whether", a possessive) or on "this option" and the like
_CUT_WORDS = frozenset(
    "the a an of to into onto between and or but because if whether than as gives give giving yields another its "
    "their our your my we let let's such each every very thus hence therefore then which when where while since "
    "with for from by is are equals be so".split())
# "I think so", "I guess so": a complete closing, not a reply cut off after "so"
_SO_COMPLETE = re.compile(r"\b(?:think|believe|guess|hope|suppose|say|said|seems|appears|not|do|did|is|so)\s+$", re.I)
_CUT_NOUNS = frozenset("option choice one step case answer value".split())
_CUT_DETERMINERS = frozenset("this that the each every which".split())
_CUT_MARKS = frozenset(",:(=+-–—")
_COMPLETE_END = frozenset(".!?)]}\"'`*>。！？")  # a reply ending so is no cut-off one (the common case)
# "..., but", "... but": the clause before it is a concession ("It looks like a dog, but the ears are pointed")
_CONCESSION = re.compile(r"\s*,?\s*(?:but|though|although|yet|however)\b", re.I)
# "The answer is B. The answer is C.": sentences of prose (the later one revises), unlike "Answer: B\nAnswer: D"
_PROSE_SENTENCE_END = re.compile(r"[.!?][ \t]+\S")
# a doubt about another option after the answer: "The answer is B. Hmm, or is it C?"
# or an alternative offered in a sentence of its own: "The answer is C. Or D, if we count the edge."
_DOUBT_OTHER = re.compile(r"(?:\b(?i:or)\s+(?i:is\s+it|was\s+it|maybe|perhaps|possibly|could\s+it\s+be|should\s+it\s+be)"
                          r"\s+|(?<=[.!?]\s)(?i:or)\s+)(?:(?i:option)\s+)?[\(\[]?([A-Z])[\)\]]?\s*(?:[?.!,]|$)")
# a reply ending unsure: "... hard to say from this angle.", "I'm not sure."
_UNSURE = re.compile(r"\b(?:hard|difficult|impossible)\s+to\s+(?:say|tell|decide)|\bnot\s+(?:sure|certain|confident)\b|"
                     r"\bcan(?:not|'t|’t)\s+(?:tell|decide|be\s+sure)\b|\bunsure\b|\buncertain\b")
# A leading concessive clause, up to the comma before its main clause's subject ("While X and Y have faint rings,
# the rings shown ..."): a comma followed by a determiner or pronoun, not by a list's next item
_CONCESSIVE = re.compile(r"(?:^|(?<=[.!?;\n]\s)|(?<=[.!?;\n]))\s*(?:while|although|though|even\s+though|whereas)\b"
                         r"[^.!?;\n]{0,300}?,(?=\s*(?:the|this|these|that|those|it|its|they|their|he|she|we|i|only|here|"
                         r"there)\b)")
# "πr² is the area of a circle": an option as the subject of a definition (not "... is the correct answer")
_DEFINED_AFTER = re.compile(r"\s*(?:is|are)\s+(?:the|its|their|a|an)\s+(?!(?:correct|right|best|answer|only|one|"
                            r"option|choice|true|final)\b)[a-z]")
_EQUALS_NEXT = re.compile(r"\s*=\s*")
_STATED_BEFORE = re.compile(r"\b(?:is|are|equals|be)\s*$|=\s*$")
# "It could also be Venus": the last sentence offers another option as just as possible
_ALSO_POSSIBLE = re.compile(r"\b(?:could|might|may)\s+(?:also|just\s+as\s+well|equally)\s+be\b|"
                            r"\bor\s+(?:possibly|perhaps|maybe)\b")
# "The question, however, asks about the largest radius.": what was named answers another question
_ASKS_OTHER = re.compile(r"\b(?:the|this)\s+question\s*,?\s*(?:however|though|instead)?\s*,?\s*"
                         r"(?:actually\s+)?(?:asks|is\s+asking)\s+(?:about|for)\b")
# A reply whose opening clause is a bare verdict on the statement or question ("Nope, ...", "That's correct — ...",
# "This statement is not true: ..."), for options that are a polar pair
_POLAR_STATEMENT = r"(?:(?:this|that|the|it)(?:\s+(?:statement|claim|sentence|assertion))?\s*(?:is|'s|’s)|that(?:'s|’s))"
_OPENING_NO = re.compile(
    rf"(?:no|nope|nah|not\s+really|not\s+at\s+all|negative|false|incorrect|untrue|wrong|"
    rf"{_POLAR_STATEMENT}\s+(?:not\s+(?:true|correct|right|accurate)|false|incorrect|wrong|untrue|inaccurate))"
    rf"\s*(?:[,.;:!—–-]|$)")
_OPENING_YES = re.compile(
    rf"(?:yes|yeah|yep|yup|correct|true|indeed|affirmative|"
    rf"{_POLAR_STATEMENT}\s+(?:true|correct|right|accurate))\s*(?:[,.;:!—–-]|$)")
_NEGATED_AFTER = re.compile(r"[^.;!]*?\b(?:is|are|seems|looks)\s+(?:also\s+)?(?:wrong|incorrect|false|not\b)|"
                            r"[^.;!]*?\b(?:isn't|aren't)\b|\s*\?\s*no\b|\s*[:-]\s*(?:no|wrong|incorrect|false)\b")
_CLAUSE_BREAK = re.compile(r"[,;]\s+(?=\S)")
_SENTENCE_BREAK = re.compile(r"[.!?\n]\s+(?=\S)")
_CONCLUDING = re.compile(r"\b(?:so|therefore|thus|hence|overall|in conclusion|in total|this means|that means|"
                         r"there (?:are|is)|total|altogether|in all|"
                         r"maximum|minimum|highest|lowest|largest|smallest|most|least|best|peak|answer|"
                         r"correct|actually|final)\b")
_TURN = re.compile(r"\b(?:but|actually|however|rather|instead|in fact|so|therefore|thus|hence|consequently|"
                   r"which means|this means|that means|i\.e\.)(?=\W)")
_LONE_CAPITAL = re.compile(rf"{_NOT_AFTER_LETTER}([A-Z]){_NOT_LETTER}")
_LOWER_WORD = re.compile(r"\s+([a-z]+)")
# Words after "I" that make it the pronoun, not the Roman numeral an option reads ("I believe ... III").
_PRONOUN_I_AFTER = re.compile(
    r"\s*['’]|\s+(?:(?:really|also|still|would|will|do|did|can|could|should|must|might|am|have|had|was)\s+){0,3}"
    r"(?:think|believe|guess|say|feel|suppose|reckon|choose|chose|pick|picked|select|selected|go|went|see|saw|"
    r"know|knew|am|have|had|was|would|will|do|did|can|could|should|must|might|need|want|get|got|found|find|"
    r"conclude|concluded|count|counted|calculate|calculated|notice|noticed)\b")
# "..., which doesn't appear among the choices": the reply's own value is none of the options
_NOT_AMONG = re.compile(
    r"(?:\bnot|n't)\s+(?:(?:appear|listed|present|found|given|shown|offered|included|match\w*|\w+)\s+){0,2}"
    r"(?:among|in|one\s+of|any\s+of)\s+the\s+(?:given\s+|listed\s+|provided\s+|available\s+|answer\s+)?"
    r"(?:options|choices)")
_NONE_OF_THE = re.compile(r"none of the", re.I)
_UNSEEN = object()
_FIRST_LETTER = re.compile(r"[A-Za-z]")
_SOLE_PLACE = re.compile(r"(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+"
                         r"([a-z]+)\s*[.!]?", re.I)
_SCIENTIFIC = re.compile(r"([-+−]?\d+(?:\.\d+)?)\s*(?:×|\*|x|\\times|\\cdot|·)\s*10\s*(?:\^|\*\*)\s*\{?\s*([-+−]?\d+)\s*\}?")
_APPROX = re.compile(r"(?:approximately|approx\.?|about|around|roughly|nearly|almost|exactly|~|≈)\s*", re.I)
_HEDGE_START = re.compile(r"(?:between|either)\s+", re.I)
_EACH_BEFORE = re.compile(r"\b(?:each|every|all|any|per|other|these|those|following|remaining)\s+(?:the\s+)?$")
_ANSWER_FIELD = re.compile(r"[\"']\s*(?:final_?answer|answer|choice|option|selected_option|letter)\s*[\"']\s*:\s*"
                           r"([\"']?)([^\"'\n{}]{0,200}?)\1\s*(?=[,}\n]|$)", re.I)
# a reply that means the option "Cannot be determined" / "Not enough information" ...
_UNDETERMINED = re.compile(
    r"(?:cannot|can't|can\s+not)\s+be\s+(?:determined|decided|told|known)|(?:cannot|can't|unable\s+to|impossible\s+to)\s+"
    r"(?:determine|decide|tell|say)|not\s+(?:enough|sufficient)\s+(?:info|information|data|evidence|context)\b|"
    r"insufficient\s+(?:info|information|data|evidence|context)|undeterminable|indeterminable|not\s+determinable",
    re.I)
# ... or "None of the above"
_NONE_ABOVE = re.compile(r"\bnone\s+of\s+(?:the\s+)?(?:above|these|those|them|options|choices|answers)|"
                         r"\bno\s+(?:option|choice|answer)\s+(?:is|above)|"
                         r"there\s+is\s+no\s+(?:correct|right|valid)\s+(?:answer|option)", re.I)
# a correction cue strong enough to retract an answer given as option text ("Vitamin D — sorry, I meant C")
_STRONG_CUE = re.compile(r"wait|sorry|meant|correction|scratch|second\s+thought|was\s+wrong|mistake|reconsider|"
                         r"revise|oops|take\s+(?:that|it)\s+back|(?:edit|update)\s*:|不对|更正", re.I)
_OR_ALTERNATIVE = re.compile(r"\s+or\s+(?!not\b|more\b|less\b|so\b|fewer\b|higher\b|lower\b)[a-z0-9]")
_LEAD_OPTION_WORD = re.compile(r"(?:option|choice)\s+(?=[\(\[]?[A-Z][\)\]]?\s*[:.)])", re.I)
_LEAD_TEXT_END = frozenset(",.;:!—–-。，；：！")
_YES_CN = ("是", "对", "正确", "有")
_YES_TEXTS = frozenset(("yes", "true", "correct", "正确", "对", "是"))
_NO_TEXTS = frozenset(("no", "false", "incorrect", "错误", "错", "否", "不正确"))
_NO_CN = ("否", "不是", "不对", "不", "没有", "错")
# the last separator of a reply's last line (see _Reader._closing): the clause after it is read alone
_CLOSING_SEP = re.compile(r".*(?:(:|=|→|->|—|,)|\s(is|are|equals)\s)", re.S)
_CLOSING_LETTER = re.compile(r"\s*(?:\*\*)?\s*((?:the\s+)?(?i:option|choice|answer)\s+)?(?:\*\*)?"
                             r"(?:[\(\[]?([A-Z])[\)\]]?|[\(\[]([a-z])[\)\]])(?:\*\*)?\s*[.!]?\s*")
_CLOSING_LIST = re.compile(r"(?<![A-Za-z])[\(\[]?[A-Z][\)\]]?\s*(?:and|or)?\s*$")
_CLOSING_VARIABLE = re.compile(r"(?<![A-Za-z])[A-Za-z]\s*$")


def _superscripts(text: str) -> str:
    """``10²`` written ``10^2`` (NFKC alone would make it ``102``)."""
    return _SUPERSCRIPT_EXP.sub(lambda m: "^" + m.group(1).translate(_SUPERSCRIPT_DIGITS), text)


def _tex_symbols(text: str) -> str:
    """``\\sqrt{3}`` and ``\\pi`` written as the symbols (so ``\\frac{\\sqrt{3}}{2}`` becomes ``√3/2`` below)."""
    if "sqrt" in text:
        text = _TEX_SQRT.sub(lambda m: "√" + (m.group(1) if m.group(1) is not None else m.group(2)), text)
    if "pi" in text:
        text = _TEX_PI.sub("π", text)
    return text


def _normalize(response: str) -> str:
    """Full-width to ASCII (NFKC), reasoning blocks dropped, LaTeX/markdown wrappers loosened."""
    if not response.isascii() and "10" in response:
        response = _superscripts(response)
    text = unicodedata.normalize("NFKC", response)
    # A reasoning model's <think> block is scratch work; the answer is what follows it.
    if "</think>" in text:
        after = text.rsplit("</think>", 1)[1]
        if after.strip():
            text = after
    if "\\" in text:  # every wrapper below starts with a backslash
        text = _TEXT_CMD.sub(r"\1", text)
        if "sqrt" in text or "pi" in text:
            text = _tex_symbols(text)
        if "frac" in text:
            text = _LATEX_FRAC.sub(r"\1/\2", text)
        text = text.replace("\\(", " ").replace("\\)", " ").replace("\\[", " ").replace("\\]", " ")
    return text


def _norm_text(s: str) -> str:
    """Text for comparing an answer with option texts: lower case, no markup, single spaces."""
    if not s.isascii() and "10" in s:
        s = _superscripts(s)
    s = unicodedata.normalize("NFKC", s).lower()
    if "\\" in s:
        s = _TEXT_CMD_NORM.sub(r"\1", s)
        if "sqrt" in s or "pi" in s:
            s = _tex_symbols(s)
        if "frac" in s:  # "\\frac{1}{3}" / "\\dfrac{2}{3}" is written "1/3" too
            s = _LATEX_FRAC.sub(r"\1/\2", s)
    # deleting the markup characters, then collapsing whitespace runs (str.split splits on exactly the
    # characters the regex \s matches) and trimming
    for ch in _DROP_CHARS:
        if ch in s:
            s = s.replace(ch, "")
    s = " ".join(s.split())
    s = s.rstrip(" .;,:!?").lstrip(" ;,:!?")
    # a leading point belongs to a number (".15" is 0.15), any other leading point is punctuation
    if s.startswith(".") and not (len(s) > 1 and s[1].isdigit()):
        s = s.lstrip(" .;,:!?")
    return s


def _norm_head(s: str, need: int) -> tuple[str, bool]:
    """``(_norm_text(s), True)``, or for a long ``s`` a cheaper ``(head, False)``: a prefix of ``_norm_text(s)``
    at least ``need`` characters long, normalised from a prefix of ``s`` cut where normalising cannot differ.

    The cut keeps the prefix and the next character ASCII (NFKC and lower-casing then act character by
    character) and, when the prefix holds a backslash, lands just after a closing brace or past the last one
    (no ``\\text{...}`` wrapper straddles it). Collapsing spaces and trimming keep a prefix a prefix.
    """
    cut = 4 * need + 64
    if len(s) > cut + 1 and "\\" in s[:cut]:
        # a wrapper ends at a closing brace: with none from the cut on, none can straddle it
        brace = s.find("}", cut - 1)
        if brace >= 0:
            cut = brace + 1
    if len(s) <= cut + 1 or not s[:cut + 1].isascii():
        return _norm_text(s), True
    if "frac" in s[:cut + 8]:  # "\\frac{1}{3}" -> "1/3" across the cut would break the prefix property
        return _norm_text(s), True
    head = _norm_text(s[:cut])
    if len(head) < need:
        return _norm_text(s), True
    return head, False


# ASCII characters normalisation may drop: whitespace, the markup it deletes, the punctuation it trims
_SHRINKING = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f*$`\".;,:!?"
_SHRINK_DELETE = str.maketrans("", "", _SHRINKING)
_NUMBER_CHARS = frozenset("0123456789,.+-−eE%/ \t\n\r\f\v")


_WORD_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_ORDINALS = {w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split())}


_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if i > 1}
_PARTS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
          "fifth": 5, "fifths": 5}


def _words_number(word: str) -> float | None:
    """A number written in words: "fifty", "twenty-five", "one hundred forty-four", "two thousand and ten",
    "negative one", "one half", "two thirds", "fifty percent" (read as 50, like "50%")."""
    tokens = word.replace("-", " ").split()
    if not tokens or len(tokens) > 10:
        return None
    sign = 1.0
    if tokens[0] in ("negative", "minus"):
        sign, tokens = -1.0, tokens[1:]
    if tokens and tokens[-1] in ("percent", "per cent", "%"):
        tokens = tokens[:-1]
    if len(tokens) == 2 and tokens[1] in _PARTS and (tokens[0] in ("a", "one") or tokens[0] in _WORD_NUMBERS):
        count = 1 if tokens[0] == "a" else _WORD_NUMBERS[tokens[0]]
        return sign * count / _PARTS[tokens[1]]
    # a small grammar: [units|teens|tens [units]] hundred [and] ..., thousand [and] ...
    total = current = 0
    last = ""  # kind of the previous token: unit, teen, tens, hundred, thousand, and
    for t in tokens:
        if t == "and":
            if last not in ("hundred", "thousand"):
                return None
            last = "and"
        elif t in _TENS:
            if last in ("unit", "teen", "tens") or current % 100:
                return None
            current += _TENS[t]
            last = "tens"
        elif t in _WORD_NUMBERS:
            v = _WORD_NUMBERS[t]
            if last in ("unit", "teen") or (last == "tens" and not 0 < v < 10) or (v >= 10 and current % 100):
                return None
            current += v
            last = "teen" if v >= 10 else "unit"
        elif t == "hundred":
            if last not in ("unit", "teen") or current >= 100:
                return None
            current *= 100
            last = "hundred"
        elif t == "thousand":
            if not current or total:
                return None
            total, current = current * 1000, 0
            last = "thousand"
        else:
            return None
    if not tokens or last == "and":
        return None
    return sign * (total + current)


_LOOSE_DROP = str.maketrans("", "", " \t\n-‐‑–—^{}_\\'’")


def _loose_key(ns: str) -> str:
    """A normalised text with spacing, hyphens and TeX markup taken out, so that "18cm" meets "18 cm",
    "top-left" meets "top left" and "x^2 + 1" meets "x^2+1" (and, through NFKC, "x²")."""
    return ns.translate(_LOOSE_DROP)


_STEM_SPLIT = re.compile(r"[^\w]+")
_STEM_MEMO: dict[str, str] = {}
_WORDS_ONLY = re.compile(r"[a-z]+(?:['’ -]+[a-z]+)*")
_ORDINAL_DIGITS = {f"{i + 1}{end}": word for i, (word, end) in enumerate(zip(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split(),
    "st nd rd th th th th th th th".split()))}


def _stem_word(word: str) -> str:
    """One word with a crude English ending taken off ("remains" -> "remain", "increased" -> "increas"), or an
    ordinal written in words ("3rd" -> "third"); remembered, as replies repeat their words."""
    stem = _STEM_MEMO.get(word)
    if stem is not None:
        return stem
    w = _ORDINAL_DIGITS.get(word, word) if word[0].isdigit() else word
    for end in ("ing", "ed", "es", "s"):
        if len(w) > len(end) + 2 and w.endswith(end) and not w.endswith("ss"):
            w = w[: -len(end)]
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(_STEM_MEMO) < 50_000:
        _STEM_MEMO[word] = w
    return w


def _stem_words(s: str) -> str:
    """The words of ``s``, each stemmed by ``_stem_word``, joined by single spaces."""
    return " ".join([_stem_word(w) for w in _STEM_SPLIT.split(s) if w])


# words of an option text that can name it alone ("Austen" for "Jane Austen"): letters only, stemmed; function
# words and the vocabulary of options in general never do
_KEY_TOKEN = re.compile(r"[^\W\d_]+|(?<!\d)\d{1,3}(?:st|nd|rd|th)\b")
_KEY_STOP = frozenset(_stem_words(w) for w in (
    "with from that this than then they them their there these those have been were what when where which will "
    "would could should about into only also more most less least some such each both none above below other true "
    "false does doesn not very much many over under after before between because while here just like make made "
    "your image picture shown shows show answer option choice correct incorrect statement cannot determined "
    "information enough given data neither either all any last next").split())
# "First, ...", "Second, ...": ordinals that order the reply's own steps, not an option's words
_STEP_ORDINALS = frozenset(("first", "second", "third", "fourth", "fifth", "finally"))


def _number(s: str) -> float | None:
    word = s.strip().lower().rstrip(".!")
    if word in _WORD_NUMBERS:
        return float(_WORD_NUMBERS[word])
    if word[:1].isalpha() and word.isascii():
        return _words_number(word)
    # both patterns below need a sign, a point or a decimal digit first (after spaces)
    head = s.lstrip()
    if not head or not (head[0] in "-+−." or head[0].isdecimal()):
        return None
    frac = _FRACTION.fullmatch(s)
    if frac and int(frac.group(2)):
        return int(frac.group(1)) / int(frac.group(2))
    m = _NUMBER.fullmatch(s)
    if not m:
        return None
    try:
        return float(m.group(1).replace(",", "").replace("−", "-").replace(" ", ""))
    except ValueError:
        return None


def _clause_end(p: str) -> int:
    """Where the clause at the start of ``p`` ends: at its first comma, full stop, semicolon or line break."""
    m = _CLAUSE_END.search(p)
    return m.start() if m else len(p)


def _reply_numbers(low: str) -> list[re.Match[str]]:
    """The numbers in a reply, left to right: the matches of _REPLY_DIGITS (a match starts at most two characters
    before a run of digits, "-.5", so only those places are tried) and of _REPLY_WORDS (run only when a word it
    needs occurs). The two kinds never overlap (one starts with a digit, a sign or a point, the other with a
    letter and holds no digit), so this is what a single scan for either gives."""
    found: list[re.Match[str]] = []
    runs = _DIGIT_RUN.finditer(low)
    starts = []
    for m in runs:
        i = m.start()
        starts.extend((i - 2, i - 1, i) if i >= 2 else range(i + 1))
    if starts:
        found = _matches_at(_REPLY_DIGITS, low, starts)
    if _present(low, _NUMBER_WORD_HINTS):
        words = list(_REPLY_WORDS.finditer(low))
        if words:
            found = sorted(found + words, key=lambda m: m.start()) if found else words
    return found


def _reply_value(token: str) -> float | None:
    """The value of a number found by ``_REPLY_NUMBER``."""
    if "10" in token and ("^" in token or "**" in token):
        m = _SCI_VALUE.match(token)
        if m:
            return float(m.group(1).replace("−", "-")) * 10.0 ** int(m.group(2).replace("−", "-"))
    if token in ("one", "zero"):
        return None  # the pronoun "one"; "zero" alone is too often not a count
    return _number(token)


def _option_number(text: str) -> float | None:
    """An option's numeric value: '4', '0.250', '3/4', or a number with a short unit ('24 cm²', '5 kg')."""
    value = _number(text)
    if value is not None:
        return value
    if "10" in text and ("^" in text or "**" in text):  # "3.0 × 10^8 m/s" is 3e8 m/s
        text = _SCIENTIFIC.sub(lambda m: f"{m.group(1)}e{m.group(2).replace('−', '-')}", text)
        value = _number(text)
        if value is not None:
            return value
    m = _NUMBER_UNIT.fullmatch(text)
    if m and not _INNER_WORD.search(m.group(2)):
        return _number(m.group(1))
    return None


def _text_boundary_ok(text: str, end: int) -> bool:
    """True when ``text[end:]`` does not continue the word or number that ends at ``end``."""
    if end >= len(text):
        return True
    ch = text[end]
    if ch.isalnum():
        return not ch.isascii() and end > 0 and _cjk(ch) and _cjk(text[end - 1])
    if ch in ".," and end + 1 < len(text) and text[end + 1].isdigit():
        return False
    return True


def _cjk(ch: str) -> bool:
    """A Chinese or Japanese character: such text has no spaces between words."""
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


def _text_start_ok(text: str, start: int) -> bool:
    if start == 0:
        return True
    ch = text[start - 1]
    if ch.isalnum():
        return not ch.isascii() and _cjk(ch) and _cjk(text[start])
    if ch in ".-−" and start >= 2 and text[start - 2].isdigit():
        return False
    return True


# ---- ranges, clock times and dates --------------------------------------------------------------------------
# Options such as "Between 10 and 20", "1930–1939", "7:30 PM" and "2024-03-06" are named by a value written
# another way: "14", "1937", "19:30" or "a quarter to ten", "March 6th". These are read only for option sets that
# hold such options (two ranges at least), so other sets pay nothing.

_NUM = r"[-−]?\d+(?:,\d{3})*(?:\.\d+)?"
_RANGE_PATTERNS = [  # (pattern over the normalised option text, kind)
    (re.compile(rf"(?:between|from)\s+({_NUM})\s*(?:and|to|-|–|—)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "closed"),
    (re.compile(rf"({_NUM})(?:\s*[a-z%°]{{1,6}})?\s*(?:-|–|—|to)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "closed"),
    (re.compile(rf"(?:less\s+than|fewer\s+than|under|below|before|<)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "below"),
    (re.compile(rf"(?:at\s+most|no\s+more\s+than|up\s+to|≤|<=)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "upto"),
    (re.compile(rf"({_NUM})(?:\s*[^\d\s]\S{{0,10}})?\s+(?:or\s+(?:less|fewer|below|under|earlier))"), "upto"),
    (re.compile(rf"(?:more\s+than|greater\s+than|over|above|after|>)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "above"),
    (re.compile(rf"(?:at\s+least|no\s+(?:less|fewer)\s+than|≥|>=)\s*({_NUM})(?:\s*[^\d\s]\S{{0,10}})?"), "from"),
    (re.compile(rf"({_NUM})(?:\s*\+|(?:\s*[^\d\s]\S{{0,10}})?\s+(?:or\s+(?:more|above|later|over)|and\s+(?:above|up|over)))"), "from"),
    (re.compile(r"(\d*0)s"), "decade"),
]


def _range_of(ns: str) -> tuple[float, float, bool, bool] | None:
    """The interval an option like "Between 10 and 20", "1930–1939", "Less than 10" or "1930s" names:
    (low, high, low included, high included), or None."""
    if not any(ch.isdigit() for ch in ns):
        return None
    for pattern, kind in _RANGE_PATTERNS:
        m = pattern.fullmatch(ns)
        if not m:
            continue
        values = [float(g.replace(",", "").replace("−", "-")) for g in m.groups()]
        if kind == "closed":
            low, high = values
            return (low, high, True, True) if low < high else None
        x = values[0]
        if kind == "decade":
            return (x, x + 9, True, True) if len(m.group(1)) >= 3 else None
        return {"below": (float("-inf"), x, False, False), "upto": (float("-inf"), x, False, True),
                "above": (x, float("inf"), False, False), "from": (x, float("inf"), True, False)}[kind]
    return None


def _in_range(value: float, r: tuple[float, float, bool, bool]) -> bool:
    low, high, low_in, high_in = r
    return (low < value or (low_in and value == low)) and (value < high or (high_in and value == high))


_AMPM = r"(a\.?\s?m\.?|p\.?\s?m\.?)(?![a-z])"
_HOUR_WORDS = {w: i for i, w in enumerate(
    "_ one two three four five six seven eight nine ten eleven twelve".split()) if i}
_HOUR = r"(1[0-2]|0?[1-9]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_CLOCK = re.compile(
    rf"(?<![\d:.])(\d{{1,2}})\s*(?::|\.(?=\d\d(?!\d)))\s*(\d\d)(?![\d.:]\d)(?:\s*{_AMPM})?|"
    rf"(?<![\d:.])(\d{{1,2}})\s*{_AMPM}|"
    rf"\b(?:(a\s+)?(quarter)|(half)|(\d{{1,2}}|{_NUMBER_WORD}(?:[\s-]{_NUMBER_WORD})?)\s+minutes?)\s+"
    rf"(past|after|to|till|before|of)\s+{_HOUR}\b|"
    rf"\b{_HOUR}\s+o'?clock\b|\b(noon|midday|midnight)\b")


_DAY_HALF = re.compile(r"\s+(?:(in\s+the\s+morning)|in\s+the\s+(?:afternoon|evening)|at\s+night|tonight)\b")


def _clock_value(m: re.Match[str]) -> tuple[int, bool] | None:
    """(minutes after midnight, whether the half of the day is known) for a match of ``_CLOCK``."""
    (hour, minute, ampm, hour_alone, ampm_alone, _, quarter, half, count, direction, hour_named, oclock,
     named) = m.groups()
    if hour is not None or hour_alone is not None:
        h, mins = (int(hour), int(minute)) if hour is not None else (int(hour_alone), 0)
        ampm = ampm if hour is not None else ampm_alone
        if mins > 59 or h > 23 or (ampm and not 1 <= h <= 12):
            return None
        if ampm:
            return (h % 12 + (12 if ampm[0] == "p" else 0)) * 60 + mins, True
        # a 24-hour time says which half of the day it is ("19:30", "00:15", "09:15")
        return h * 60 + mins, h >= 13 or h == 0 or hour.startswith("0")
    if named is not None:
        return (12 * 60 if named in ("noon", "midday") else 0), True
    if oclock is not None:  # "seven o'clock"
        return (_HOUR_WORDS.get(oclock) or int(oclock)) % 12 * 60, False
    h = (_HOUR_WORDS.get(hour_named) or int(hour_named)) % 12
    if quarter is not None:
        mins = 15
    elif half is not None:
        if direction not in ("past", "after"):
            return None  # "half to ten" is no English clock time
        mins = 30
    else:
        value = int(count) if count.isdigit() else _words_number(count)
        if value is None or not 0 < value < 60:
            return None
        mins = int(value)
    if direction in ("past", "after"):
        return h * 60 + mins, False
    return (h * 60 - mins) % 720, False


def _same_clock(a: tuple[int, bool], b: tuple[int, bool]) -> bool:
    """Equal times; when either side leaves the half of the day open, equal on a 12-hour dial."""
    if a[1] and b[1]:
        return a[0] == b[0]
    return a[0] % 720 == b[0] % 720


_MONTHS = {name: i + 1 for i, name in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS.update({name[:3]: i for name, i in list(_MONTHS.items()) if name != "may"})
_MONTHS["sept"] = 9
_MONTH = r"(january|february|march|april|may|june|july|august|september|october|november|december|" \
         r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
_DATE = re.compile(
    r"(?<![\d-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d-])|"
    rf"\b{_MONTH}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?(?!\d)(?:,?\s+(\d{{4}})(?!\d))?|"
    rf"(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b\.?(?:,?\s+(\d{{4}})(?!\d))?")


def _date_value(m: re.Match[str]) -> tuple[int | None, int, int] | None:
    """(year or None, month, day) for a match of ``_DATE``."""
    g = m.groups()
    if g[0] is not None:
        year, month, day = int(g[0]), int(g[1]), int(g[2])
    elif g[3] is not None:
        year, month, day = (int(g[5]) if g[5] else None), _MONTHS[g[3]], int(g[4])
    else:
        year, month, day = (int(g[8]) if g[8] else None), _MONTHS[g[7]], int(g[6])
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return year, month, day


def _same_date(a: tuple[int | None, int, int], b: tuple[int | None, int, int]) -> bool:
    return a[1:] == b[1:] and (a[0] is None or b[0] is None or a[0] == b[0])


class _OptionSet:
    """Everything that depends only on the option set, built once per distinct set (see ``_option_set``)."""

    def __init__(self, items: tuple[tuple[str, str], ...]) -> None:
        self.options = {k.strip().upper(): v for k, v in items}
        self.letters = list(self.options)
        self.letter_set = frozenset(self.letters)
        self.opt_norm = {k: _norm_text(v) for k, v in self.options.items()}
        # "a cat" is also said as "cat"; "24 cm²" is the number 24 with a unit
        self.opt_core = {k: _strip_article(v) for k, v in self.opt_norm.items()}
        opt_num = {k: _option_number(v) for k, v in self.options.items()}
        for k, v in opt_num.items():
            if v is None and self.opt_norm[k]:  # "$3.00", "$\\frac{1}{2}$": the number under the markup
                opt_num[k] = _option_number(self.opt_norm[k])
        self.opt_num = {k: v for k, v in opt_num.items() if v is not None}
        # "B12" for "Vitamin B12": the part that tells the options apart (used by _exact_text)
        self.tails: dict[str, str] | None = None
        if len(self.opt_norm) > 1:
            words = [v.split(" ") for v in self.opt_norm.values()]
            shared = 0
            while all(len(w) > shared + 1 and w[shared] == words[0][shared] for w in words):
                shared += 1
            if shared:
                self.tails = {k: " ".join(v.split(" ")[shared:]) for k, v in self.opt_norm.items()}
        # option letters by normalised text, core and tail (in letter order), for _exact_text
        self.by_norm: dict[str, list[str]] = {}
        self.by_core: dict[str, list[str]] = {}
        self.by_tail: dict[str, list[str]] = {}
        for k, v in self.opt_norm.items():
            if v:
                self.by_norm.setdefault(v, []).append(k)
        for k, v in self.opt_core.items():
            if v:
                self.by_core.setdefault(v, []).append(k)
        for k, t in (self.tails or {}).items():
            if len(t) > 1:
                self.by_tail.setdefault(t, []).append(k)
        # lengths bounding what _text_at_start and _exact_text compare (see _norm_head)
        self.max_text = max((len(v) for v in self.opt_norm.values()), default=0)
        compared = [*self.opt_norm.values(), *self.opt_core.values(), *(self.tails or {}).values()]
        self.max_compared = max((len(v) for v in compared), default=0)
        # the text searched for each option in ``content``: its core when that tells it apart
        self.search_text: list[tuple[str, str]] = []
        for letter, ot in self.opt_norm.items():
            if not ot:
                continue
            core = self.opt_core[letter]
            if core != ot and len(core) >= 3 and not any(
                    o != letter and core in other for o, other in self.opt_norm.items()):
                ot = core
            head, _, predicate = ot.partition(" ")
            if head in ("it", "they") and predicate.count(" ") >= 2 and not any(
                    o != letter and predicate in other for o, other in self.opt_norm.items()):
                # "It peaks at around 0.5": the reply may name the subject ("So the F1 peaks at around 0.5")
                ot = predicate
            self.search_text.append((letter, ot))
        # Lower-case scanning of the letter patterns is valid when the letters are plain ASCII letters or digits.
        self.low_ok = all(x.isascii() and x.isalnum() for x in self.letters)
        # Pre-checks on the lower-cased text (each starts with a character class, so the scan is quick):
        # the last characters of the option letters, which come before ':' / '=' in "B: yes" (None: letters that
        # are not plain ASCII letters or digits, which get no pre-check) ...
        self.key_ends = frozenset(x[-1].lower() for x in self.letters) if self.low_ok else None
        # ... and the last character of a mention (a one-character letter or a closing bracket, not followed by
        # a letter or digit) before a word that starts a verdict (see _AFTER_ANY)
        mention_ends = "".join(sorted({re.escape(x.lower()) for x in self.letters if len(x) == 1} | {"\\)", "\\]"}))
        # ... and the end of a letter list before its verdict ("A and C are wrong": the pattern's tail after the
        # last letter, which starts with that letter's last character or a closing bracket, not followed by a
        # letter or digit)
        list_ends = "".join(sorted({re.escape(x[-1].lower()) for x in self.letters if x} | {"\\)", "\\]"}))
        self.ruled_out_hint = re.compile(
            rf"[{list_ends}](?![a-z0-9])\s*(?:,\s*)?(?:is|are|was|were|seems?|looks?|appears?)?\s*{_ADVERBS}{_NEG_WORDS}\b")
        self.verdict_hint = re.compile(rf"[{mention_ends}](?![a-z0-9])\s*(?:" + "|".join(_AFTER_WORDS) + ")")

    @functools.cached_property
    def by_loose(self) -> dict[str, list[str]]:
        """Option letters by ``_loose_key`` of their text (built on first use)."""
        out: dict[str, list[str]] = {}
        for k, v in self.opt_norm.items():
            key = _loose_key(v)
            if key:
                out.setdefault(key, []).append(k)
        return out

    @functools.cached_property
    def undetermined(self) -> list[str]:
        """The options saying the answer cannot be determined ("Not enough information")."""
        return [k for k, v in self.opt_norm.items() if _UNDETERMINED.search(v)]

    @functools.cached_property
    def none_above(self) -> list[str]:
        """The options saying no other option is right ("None of the above")."""
        return [k for k, v in self.opt_norm.items() if _NONE_ABOVE.search(v)]

    @functools.cached_property
    def yes_no(self) -> tuple[str | None, str | None]:
        """The letters of the options "Yes" and "No" (None where there is no such option)."""
        yes = [k for k, v in self.opt_norm.items() if v in _YES_TEXTS]
        no = [k for k, v in self.opt_norm.items() if v in _NO_TEXTS]
        return (yes[0] if len(yes) == 1 else None), (no[0] if len(no) == 1 else None)

    @functools.cached_property
    def ranges(self) -> dict[str, tuple[float, float, bool, bool]]:
        """The options naming an interval ("Between 10 and 20", "1930–1939", "Less than 10"), when two or more do."""
        found = {}
        for k, v in self.opt_norm.items():
            if k not in self.opt_num:
                r = _range_of(v)
                if r is not None:
                    found[k] = r
        return found if len(found) >= 2 else {}

    @functools.cached_property
    def clocks(self) -> dict[str, tuple[int, bool]]:
        """The options that are clock times ("7:30 PM", "9:45", "noon")."""
        found = {}
        for k, v in self.opt_norm.items():
            m = _CLOCK.fullmatch(v) if len(v) <= 30 else None
            if m and not ("." in v and m.group(3) is None):  # "9.15" alone is a decimal number
                value = _clock_value(m)
                if value is not None:
                    found[k] = value
        return found

    @functools.cached_property
    def dates(self) -> dict[str, tuple[int | None, int, int]]:
        """The options that are calendar dates ("2024-03-06", "March 6, 2024")."""
        found = {}
        for k, v in self.opt_norm.items():
            m = _DATE.fullmatch(v) if len(v) <= 30 else None
            if m:
                value = _date_value(m)
                if value is not None:
                    found[k] = value
        return found

    def when_hits(self, text: str) -> list[tuple[int, int, list[str]]]:
        """(start, end, letters) for each clock time or date in ``text`` equal to a time or date option."""
        out = []
        if self.clocks:
            for m in _CLOCK.finditer(text):
                value = _clock_value(m)
                if value is not None:
                    if not value[1]:
                        # "a quarter past six in the morning", "9:30 at night"
                        half = _DAY_HALF.match(text, m.end())
                        if half:
                            value = (value[0] % 720 + (0 if half.group(1) else 720), True)
                    out.append((m.start(), m.end(), [k for k, v in self.clocks.items() if _same_clock(value, v)]))
        if self.dates:
            for m in _DATE.finditer(text):
                value = _date_value(m)
                if value is not None:
                    out.append((m.start(), m.end(), [k for k, v in self.dates.items() if _same_date(value, v)]))
        return out

    def range_hits(self, value: float) -> list[str]:
        """The range options holding ``value``."""
        return [k for k, r in self.ranges.items() if _in_range(value, r)]

    @functools.cached_property
    def key_words(self) -> dict[str, str]:
        """Words (stemmed, four letters or more, not function words) that occur in one option's text only."""
        owner: dict[str, str | None] = {}
        for k, v in self.opt_norm.items():
            words = set()
            for m in _KEY_TOKEN.finditer(v):
                # a part of a hyphenated name ("BERT-base", "ResNet-50") names a family, not this option
                if len(m.group(0)) >= 4 and v[m.end():m.end() + 1] != "-" and v[m.start() - 1:m.start()] != "-":
                    words.add(_stem_word(m.group(0)))
            for w in words:
                if w not in _KEY_STOP:
                    owner[w] = k if w not in owner else None
        return {w: k for w, k in owner.items() if k is not None}

    @functools.cached_property
    def stemmed_texts(self) -> list[tuple[str, str]]:
        """(letter, " stemmed text ") for the option texts made of words only, for ``_inflected_content``."""
        out = []
        for letter, ot in self.search_text:
            st = _stem_words(ot)
            # texts with words only: "9.15" must not meet "9:15", nor "1.5" meet "1/5"
            if len(st) >= 4 and ot.isascii() and _WORDS_ONLY.fullmatch(ot):
                out.append((letter, f" {st} "))
        return out

    @functools.cached_property
    def fast_guard(self) -> tuple[str, ...]:
        """What must not occur in a short reply for ``_fast_short`` to answer it: every option's normalised text,
        core and tail (an empty one, or a letter set other than plain capitals, makes it ``("",)``, which occurs
        in every reply)."""
        if not all(len(x) == 1 and "A" <= x <= "Z" for x in self.letters):
            return ("",)
        texts = {*self.opt_norm.values(), *self.opt_core.values(), *(self.tails or {}).values()}
        # each also without spacing and markup ("boxed b" is compared as "boxedb", as "\\boxed{b}" would be)
        texts |= {_loose_key(t) for t in texts}
        return ("",) if "" in texts else tuple(texts)

    @functools.cached_property
    def polar(self) -> dict[str, str]:
        """For a yes / no (true / false) option pair, each letter -> the other's; else empty."""
        yes, no = self.yes_no
        return {yes: no, no: yes} if yes and no else {}

    @functools.cached_property
    def pct(self) -> frozenset[str]:
        """The numeric options written as a percentage."""
        return frozenset(k for k in self.opt_num if "%" in self.opt_norm[k] or "percent" in self.opt_norm[k])

    def share_hits(self, value: float, reply_pct: bool) -> list[str]:
        """Numeric options equal to ``value`` when exactly one side is a percentage ("50%" and "0.5")."""
        hits = []
        for k, v in self.opt_num.items():
            opt_pct = k in self.pct
            if opt_pct == reply_pct:
                continue
            other = value / 100 if reply_pct else value * 100
            if abs(other - v) <= 1e-9 * max(1.0, abs(v)):
                hits.append(k)
        return hits

    @functools.cached_property
    def listed(self) -> dict[str, re.Pattern[str]]:
        """"(B) text of B": an option quoted with its label, for ``leading`` (compiled on first use)."""
        return {x: re.compile(rf"[\(\[]?{x.lower()}[\)\].:]\s*{re.escape(self.opt_norm[x])}")
                for x in self.letters if self.opt_norm[x]}

    @functools.cached_property
    def pats(self) -> _LetterPatterns:
        """The patterns naming the option letters (compiled on first use, like the plain reader did)."""
        return _LetterPatterns(self.letters, self.low_ok)


class _LetterPatterns:
    """Patterns built from the option letters, for ``_scan_mentions``."""

    def __init__(self, letters: list[str], low_ok: bool) -> None:
        letter_alt = "|".join(letters)
        self.neg_after, self.neg_before, self.affirm = self._verdicts(letter_alt, re.I)
        if low_ok:
            # twins for the lower-cased text: the same patterns with the letters in lower case, no flag
            self.neg_after_low, self.neg_before_low, self.affirm_low = self._verdicts(letter_alt.lower(), 0)
        self.named = re.compile(rf"(?<![A-Za-z])({letter_alt})(?![A-Za-z0-9])")
        self.listed_before = re.compile(rf"(?:{letter_alt})[\)\]]?\s*(?:or|and|nor)\s*$")
        self.bracket = re.compile(rf"\(({letter_alt})\)(?=\s*(?:[.!,;]|$))")
        self.option_lines = re.compile(
            rf"(?m)^[ \t>*-]*(?:\d+[.)]\s*)?[\(\[]?({letter_alt})(?:[\)\].:]|\s+[-–—])\s*(.*)$")

    @staticmethod
    def _verdicts(letter_alt: str, flags: int) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
        """The patterns for "A and C are wrong", "not B" and "B: yes" over the letters ``letter_alt``."""
        ref = rf"(?:options?\s+|choices?\s+)?[\(\[]?(?:{letter_alt})[\)\]]?"
        group = rf"{_NOT_AFTER_LETTER}{ref}(?:\s*(?:,|and|or|&|/|nor)\s*(?:,\s*)?(?:and\s+)?{ref})*{_NOT_LETTER}"
        neg_after = re.compile(
            rf"({group})\s*(?:,\s*)?(?:is|are|was|were|seems?|looks?|appears?)?\s*{_ADVERBS}{_NEG_WORDS}\b", flags)
        neg_before = re.compile(
            rf"\b(?:not|eliminate|eliminating|rule\s+out|ruling\s+out|exclude|excluding|except|rather\s+than|"
            rf"instead\s+of|neither|nor|discard|remove|cross\s+out)\s+({group})|(?:排除|不是|不选)\s*({group})", flags)
        affirm = re.compile(
            rf"{_NOT_AFTER_LETTER}({letter_alt})(?:\s*[:=]\s*(yes|no|true|false|correct|incorrect|wrong|right)\b|"
            rf"[\s:.)|]*([✅✔✓☑❌✗✘×]))", flags)  # "|" for a table row "| B | ✓ |"
        return neg_after, neg_before, affirm


def _occurrences(text: str, words: tuple[str, ...]) -> list[int]:
    """Every position where one of ``words`` occurs in ``text``."""
    found = []
    for word in words:
        i = text.find(word)
        while i >= 0:
            found.append(i)
            i = text.find(word, i + 1)
    return found


def _matches_at(pattern: re.Pattern[str], text: str, starts: list[int]) -> list[re.Match[str]]:
    """``pattern.finditer(text)`` for a pattern whose (never empty) matches can only start at ``starts``:
    the same matches, trying only those places."""
    found = []
    pos = 0
    for start in sorted(set(starts)):
        if start < pos:
            continue
        m = pattern.match(text, start)
        if m:
            found.append(m)
            pos = m.end()
    return found


def _line_starts(text: str) -> list[int]:
    """Where the lines of ``text`` start."""
    starts = [0]
    i = text.find("\n")
    while i >= 0:
        starts.append(i + 1)
        i = text.find("\n", i + 1)
    return starts


def _strip_article(s: str) -> str:
    """``s`` without a leading article and the whitespace after it ("a ", "an ", "the ")."""
    m = _ARTICLE_START.match(s)
    return s[m.end():] if m else s


@functools.lru_cache(maxsize=512)
def _option_set(items: tuple[tuple[str, str], ...]) -> _OptionSet:
    """The option set for ``(letter, text)`` pairs, built once per distinct set."""
    return _OptionSet(items)




class _Reader:
    """One response read against one option set."""

    def __init__(self, response: str, optset: _OptionSet) -> None:
        self.optset = optset
        self.options = optset.options
        self.letters = optset.letters
        self.letter_set = optset.letter_set
        self.opt_norm = optset.opt_norm
        self.opt_core = optset.opt_core
        self.opt_num = optset.opt_num
        text = _normalize(response)
        self.text = text
        # Markdown emphasis carries no meaning for the letter; bold letters are recorded separately.
        self.bold = list(_BOLD.finditer(text)) if ("**" in text or "__" in text) else []
        flat = _FLATTEN.sub(" ", text) if ("*" in text or "_" in text or "#" in text) else text
        self.flat = flat.replace("$", " ") if "$" in flat else flat
        self.low = self.flat.lower()
        # see _FOLD_UNSAFE: when this holds, self.low lines up with self.flat character for character
        self.ascii = self.flat.isascii()
        self.fold_ok = self.ascii or not any(ch in self.flat for ch in _FOLD_UNSAFE)
        self._flat_norm: str | None = None
        self._cues: list[tuple[int, int]] | None = None
        self._payload_memo: dict[tuple[str, bool], tuple | None] = {}
        self._conclusion_memo: dict[str, tuple[str, str] | None] = {}
        self._hypothetical_memo: dict[str, bool] = {}
        self._blocked_memo: dict[str, tuple[bool, bool]] = {}

    @property
    def flat_norm(self) -> str:
        """``_norm_text(self.flat)``, computed once."""
        if self._flat_norm is None:
            self._flat_norm = _norm_text(self.flat)
        return self._flat_norm

    def may_hold(self, words: tuple[str, ...]) -> bool:
        """False only when the text certainly holds none of ``words`` (matched case-insensitively)."""
        return not self.fold_ok or _present(self.low, words)

    def hypothetical_before(self, start: int) -> bool:
        """``_HYPOTHETICAL.search`` on the 60 characters before ``start``."""
        a = max(0, start - 60)
        window = self.flat[a:start]
        known = self._hypothetical_memo.get(window)
        if known is None:
            known = self._hypothetical_memo[window] = self._hypothetical(window, self.low[a:start])
        return known

    def _hypothetical(self, window: str, low: str) -> bool:
        """``_HYPOTHETICAL.search(window)``, given ``low``, the window lower-cased."""
        # A match is a keyword followed by a clause tail free of [.!?\n,;] up to the end, so it starts after
        # the window's last such character, or (when that is a line break) at most one word before the
        # whitespace run holding it ("at\nfirst"): the search starts there, with the same result.
        end = len(window) - 1 if window.endswith("\n") else len(window)
        stop = max(window.rfind(".", 0, end), window.rfind("!", 0, end), window.rfind("?", 0, end),
                   window.rfind("\n", 0, end), window.rfind(",", 0, end), window.rfind(";", 0, end))
        begin = stop + 1
        if stop >= 0 and window[stop] == "\n":
            while begin > 0 and window[begin - 1].isspace():
                begin -= 1
            begin = max(0, begin - 8)
        if self.fold_ok and not _present(low[begin:], _HYPOTHETICAL_ASCII if self.ascii else _HYPOTHETICAL_WORDS):
            return False
        return _HYPOTHETICAL.search(window, begin) is not None

    def not_before(self, start: int) -> bool:
        """``(?:\\bnot|n't)\\s*$`` on the 60 characters before ``start``: they end with "not" / "n't" (then spaces)."""
        window = self.flat[max(0, start - 60):start].rstrip()  # str.rstrip strips exactly the \s characters
        tail = window[-3:]
        if len(tail) < 3:
            return False
        if tail[0] in "nN" and tail[2] in "tT" and tail[1] in "oO'":
            if tail[1] == "'":
                return True
            # "not" must start a word
            return len(window) == 3 or not (window[-4].isalnum() or window[-4] == "_")
        return False

    def cues(self) -> list[tuple[int, int]]:
        """Spans of the correction cues (``_CORRECTION_CUE.finditer`` over the flat text), found once."""
        if self._cues is None:
            if not self.fold_ok:
                self._cues = [m.span() for m in _CORRECTION_CUE.finditer(self.flat)]
            elif _present(self.low, _CORRECTION_ASCII if self.ascii else _CORRECTION_WORDS) \
                    or _NO_PUNCT.search(self.low):
                self._cues = [m.span() for m in _CORRECTION_CUE_LOW.finditer(self.low)]
            else:
                self._cues = []
        return self._cues

    # ---- payload (the text after a marker) -------------------------------------------------------------

    def letter_in_payload(self, payload: str) -> tuple[str, str | None, int]:
        """Read the choice at the start of ``payload``.

        Returns (kind, letter, length): kind is ``letter``, ``text``, ``value``, ``ambiguous``, ``invalid``,
        ``negated`` or ``none``.
        """
        # keep an opening bracket: it belongs to the "(B)" form
        p = payload.lstrip(" \t\n\r\"'`“‘:*_$-")
        offset = len(payload) - len(p)
        if p[:1] in ("是", "否") and any(self.optset.yes_no):  # before the filler takes "是" away
            hit = self._text_at_start(p)
            if hit is not None:
                return hit[0], hit[1], offset
        m = _FILLER.match(p)
        if m and not _FILLER_KEEP.match(p):
            p = p[m.end():]
            offset += m.end()
        m = _HEDGE_START.match(p)
        if m:  # "between (C) and (D)", "either B or C": the second letter makes it ambiguous below
            p = p[m.end():]
            offset += m.end()
        if _NEGATED_START.match(p):
            return "negated", None, offset
        # Order matters: a formatted letter, then an option's text (so "A decrease in loss" is the option with
        # that text, not letter A), then a bare letter, then a number equal to a numeric option.
        for step in (self._letter_token, self._text_at_start, self._bare_letter, self._value_at_start):
            hit = step(p)
            if hit is None:
                continue
            if isinstance(hit[1], int):
                return self._checked(p, hit, offset)
            if self._names_another(p, hit[1]):
                return "ambiguous", None, offset
            return hit[0], hit[1], offset
        return "none", None, offset

    def _checked(self, p: str, found: tuple[str, int], offset: int) -> tuple[str, str | None, int]:
        """A letter read at the start of a payload, checked for a second letter ('B or C') and a verdict
        against it ('A. incorrect')."""
        letter, length = found
        other = _SECOND_LETTER.match(p, length)
        if other and other.group(1) != letter and other.group(1) in self.letter_set:
            return "ambiguous", None, offset + length
        if _VERDICT_AGAINST.match(p, length):
            return "negated", None, offset + length
        if letter not in self.letter_set:
            return "invalid", letter, offset + length
        if self._contradicted(p, length, letter):
            return "ambiguous", None, offset + length
        return "letter", letter, offset + length

    def _contradicted(self, p: str, length: int, letter: str) -> bool:
        """'(B) 4' where 4 is the text of option C, not of B: the letter and the text disagree."""
        rest = p[length: length + 60]
        m = _CLAUSE_END.search(rest)
        if m:
            rest = rest[:m.start()]
        if not rest.strip() or not rest[:1].isspace():
            return False
        ns = _norm_text(rest)
        if not ns or ns == self.opt_norm[letter]:
            return False
        hit = self._exact_text(rest, ns)
        return hit is not None and hit[0] == "value" and hit[1] != letter and _number(ns) is not None

    def _names_another(self, p: str, letter: str) -> bool:
        """'4 or 6', 'a cat or a dog': the clause offers a second option after 'or' / 'and'."""
        # the clause is p up to the first clause break of p + " " (the space lets a final '.' end it)
        m = _CLAUSE_END.search(p)
        if m:
            clause = p[:m.start()]
        elif p and p[-1] in ".!?":
            clause = p[:-1]
        else:
            clause = p + " "
        tail = _OR_AND.split(_norm_text(clause), maxsplit=1)
        if len(tail) < 2:
            return False
        rest = tail[1].strip()
        for other, text in self.opt_norm.items():
            if other == letter or not text:
                continue
            if rest.startswith(text) or rest.startswith(self.opt_core[other]) or (
                    other in self.opt_num and _number(rest.split(" ")[0]) == self.opt_num[other]):
                return True
        return False

    def _letter_token(self, p: str) -> tuple[str, int] | None:
        """A clearly formatted letter at the start: (B), [b], B., B), B:, B alone, \\boxed-stripped letter."""
        m = _BRACKETED_LETTER.match(p)
        if m:
            return m.group(1).upper(), m.end()
        m = _LETTER_TOKEN.match(p)
        if m:
            ch = m.group(1)
            if ch.islower():
                # "a. the curve" is still a letter; "a." at the very end too; "i.e." is not.
                if _ABBREVIATION.match(p):
                    return None
            if ch == "I" and _APOSTROPHE_AFTER.match(p, m.end()):
                return None
            return ch.upper(), m.end()
        return None

    def _bare_letter(self, p: str) -> tuple[str, int] | None:
        """A letter followed by more words: capital letters count unless they read as an article/pronoun."""
        m = _BARE_LETTER.match(p)
        if not m:
            return None
        ch = m.group(1)
        word = _NEXT_WORD.match(p, 1)
        if ch.islower():
            if ch in "ai" and word and word.group(1).lower() not in ("because", "since", "as", "which"):
                return None
            if word and word.group(1).lower() in _CONNECTORS:
                return ch.upper(), 1
            return None
        if ch in "AI" and word and word.group(1)[0].islower() and word.group(1).lower() not in _CONNECTORS:
            return None  # "A decrease in loss", "I think"
        return ch, 1

    def _text_at_start(self, p: str) -> tuple[str, str] | None:
        """The option whose text begins ``p`` (longest text wins; exact text beats numeric equality)."""
        # the comparison looks at most two characters past the longest option text
        np, _ = _norm_head(p, self.optset.max_text + 2)
        if np and not np[0].isascii() and (np[0] in "是否对错不没有") and any(self.optset.yes_no):
            yes, no = self.optset.yes_no  # 答案是“否”: Chinese yes / no for the options Yes / No
            if np.startswith(_NO_CN) and no:
                return "text", no
            if np.startswith(_YES_CN) and not np.startswith("是否") and yes:
                return "text", yes
        best: tuple[int, str] | None = None
        for letter, ot in self.opt_norm.items():
            if not ot:
                continue
            if np.startswith(ot) and _text_boundary_ok(np, len(ot)):
                if best is None or len(ot) > best[0]:
                    best = (len(ot), letter)
        if best is None and np.startswith(("a ", "an ", "the ")):
            # "it's a convex lens" for the option "Convex lens", "the stop sign" for "Stop sign"
            core = _strip_article(np)
            if core:
                for letter, ot in self.opt_core.items():
                    if ot and core.startswith(ot) and _text_boundary_ok(core, len(ot)):
                        if best is None or len(ot) > best[0]:
                            best = (len(ot), letter)
        if best is not None:
            kind = "value" if best[1] in self.opt_num else "text"
            return kind, best[1]
        return None

    def _value_at_start(self, p: str) -> tuple[str, str] | None:
        """A number at the start that equals exactly one numeric option ("answer: 4" -> the option "4.0"),
        or an ordinal naming an option by place ("the third option")."""
        o = _ORDINAL.match(p)
        if o:
            place = len(self.letters) - 1 if o.group(1).lower() == "last" else _ORDINALS[o.group(1).lower()]
            if place < len(self.letters):
                return "ordinal", self.letters[place]
        optset = self.optset
        if optset.clocks or optset.dates:
            hits = optset.when_hits(p.lstrip()[:40].lower())
            if hits and hits[0][0] == 0:  # "19:30", "a quarter to ten", "March 6th" at the start
                return ("value", hits[0][2][0]) if len(hits[0][2]) == 1 else None
        m = _VALUE_START.match(p)
        if not m:
            return None
        value = _number(m.group(1))
        if value is None:
            return None
        hits = [k for k, v in self.opt_num.items() if v == value]
        if not hits and optset.ranges:
            hits = optset.range_hits(value)
        if len(hits) == 1:
            return "value", hits[0]
        return None

    # ---- commitments ------------------------------------------------------------------------------------

    # Commitments come in segments, in the order the reader has always listed them (the order breaks ties):
    # boxed/tags/markers, conclusions, mentions, brackets, sole letters, option lines, check marks, bold.
    # Conclusions, brackets, sole letters and bold are weak (tier 1) and never rule a letter out, so the
    # decision can often be made without them (see ``infer_choice``); they are read only when needed.
    _LAZY = {1: "_conclusions", 3: "_brackets", 4: "_sole_letters", 7: "_bold_letters"}

    def eager_segments(self, negatives: set[str]) -> list[list[_Commit] | None]:
        """The segments that can be strong or rule letters out (filling ``negatives``); None for the rest."""
        out: list[_Commit] = []
        raw = self.text
        if "\\boxed" in raw:
            closing = None
            for m in _BOXED.finditer(raw):
                # the box's content runs to its matching brace (an unclosed box: to the end, less one character):
                # the first closing brace when no brace opens before it, else the one the brace table gives
                end = raw.find("}", m.end())
                if end < 0:
                    end = None
                elif raw.find("{", m.end(), end) >= 0:
                    if closing is None:
                        closing = self._closing_braces(raw)
                    end = closing.get(m.end() - 1)
                inner = raw[m.end(): end] if end is not None else raw[m.end(): len(raw) - 1]
                self._commit_payload(out, negatives, m.start(), inner.strip(), 3, "boxed", whole=True)
        if "<" in raw:
            for m in _ANSWER_TAG.finditer(raw):
                self._commit_payload(out, negatives, m.start(), m.group(2).strip(), 3, "answer-tag", whole=True)
        if ("\":" in raw or "':" in raw or "\" :" in raw or "' :" in raw):
            # a JSON (or Python dict) answer field: {"reasoning": "... unlike A or B", "answer": "C"}
            for m in _ANSWER_FIELD.finditer(raw):
                self._commit_payload(out, negatives, m.start(), m.group(2).strip(), 3, "answer-field", whole=True)
        text = self.flat
        low = self.low if self.fold_ok else None
        for spec in _EAGER_SPECS:
            if low is not None and spec[4] is not None and not spec[4](low):
                continue  # the pre-check _marker_payloads would make, without the call
            for end, payload in self._marker_payloads(spec):
                self._commit_payload(out, negatives, end, payload, spec[2], spec[3])
        mentions, lines, marks = self._scan_mentions(text, negatives)
        return [out, None, mentions, None, None, lines, marks, None]

    def strong_phrases(self, after: int) -> list[_Commit]:
        """Strong commitments written as phrases, past ``after``: "..., which makes option B the correct answer",
        "Oxygen is the answer" (an option's text before "is the (correct) answer"). ``infer_choice`` reads them only
        where they can change its choice: after a strong commitment, or anywhere when there is none."""
        out: list[_Commit] = []
        text = self.flat
        low = self.low
        start = max(0, after)
        if low.find("answer", start) < 0 and low.find("option", start) < 0 and low.find("choice", start) < 0 \
                and self.fold_ok:
            return out  # both phrases end with one of these words
        if low.find("mak", start) >= 0 or low.find("leav", start) >= 0 or low.find("left", start) >= 0 \
                or not self.fold_ok:
            for m in _MAKES_CORRECT.finditer(text, start):
                letter = m.group(1).upper()
                if letter in self.letter_set and not _IF_BEFORE.search(text, max(0, m.start() - 60), m.start()):
                    out.append(_Commit(m.start(1), 2, letter, "affirmation"))
        if "answer" in low and self.fold_ok:
            # the phrase is looked for before the last few "answer"s only, so a reply repeating it thousands of
            # times stays linear
            found = []
            i = low.rfind("answer")
            for _ in range(8):
                if i <= after:
                    break
                # the phrase has "is" or "be" among the last three words before "answer" (a quick test: most
                # "answer"s follow "the answer is" or "..., the")
                last_words = low[max(0, i - 40):i].split()[-3:]
                m = _IS_THE_ANSWER.search(low, max(0, i - 40), i) if ("is" in last_words or "be" in last_words) \
                    else None
                if m and m.start() > after and _text_boundary_ok(low, i + 6):
                    found.append(m)
                i = low.rfind("answer", 0, i)
            for m in reversed(found):
                start = m.start()
                if _IF_BEFORE.search(low, max(0, start - 60), start):
                    continue
                named = _norm_text(low[max(0, start - 80):start])
                hits = [k for k, ot in self.opt_norm.items() if len(ot) >= 2 and named.endswith(ot)
                        and _text_start_ok(named, len(named) - len(ot))]
                if len(hits) == 1:
                    out.append(_Commit(start, 2, hits[0], "affirmation", "option-text"))
        return out

    def all_commits(self, segments: list[list[_Commit] | None]) -> list[_Commit]:
        """Every commitment, in order: the lazy segments are read now."""
        out: list[_Commit] = []
        for i, segment in enumerate(segments):
            out.extend(segment if segment is not None else getattr(self, self._LAZY[i])())
        return out

    def _marker_payloads(self, spec: tuple) -> list[tuple[int, str]]:
        """(end of marker, text after it) for each match of one marker that is not hypothetical or negated."""
        pattern, low_pattern, _, method, possible = spec
        text = self.flat
        if method == "chinese-marker":
            if text.isascii() or ("答案" not in text and "选" not in text and "選" not in text):
                return []
            matches = pattern.finditer(text)
        elif self.fold_ok:
            if possible is not None and not possible(self.low):
                return []
            if low_pattern is _ANSWER_MARKER_LOW:
                matches = _matches_at(low_pattern, self.low, _answer_marker_starts(self.low))
            elif method == "final-answer-marker":  # a match starts with its word "final"
                matches = _matches_at(low_pattern, self.low, _occurrences(self.low, ("final",)))
            elif low_pattern is None:  # r"\b(?i:answer)(?=...)": a match is the word "answer"
                matches = _matches_at(pattern, text, _occurrences(self.low, ("answer",)))
            else:
                matches = low_pattern.finditer(self.low) if low_pattern is not None else pattern.finditer(text)
        else:
            matches = pattern.finditer(text)
        found = []
        for m in matches:
            start, end = m.span()
            # the 60 characters before the marker: a hypothetical ("if the answer is B") or a negation
            # ("the answer is not B") there cancels it
            a = max(0, start - 60)
            window = self.flat[a:start]
            blocked = self._blocked_memo.get(window)
            if blocked is None:
                blocked = self._blocked_memo[window] = (self.hypothetical_before(start), self.not_before(start))
            if method != "final-answer-marker" and blocked[0]:
                continue
            if blocked[1]:
                continue
            if method == "choose" and _OTHERS_CHOOSE.search(self.low if self.fold_ok else text.lower(), a, start):
                continue  # "Many people pick D, but ...": someone else's choice
            if method == "answer-marker" and (_KEY_FORMAT.match(text, end) or _EACH_BEFORE.search(
                    self.low, max(0, start - 14), start) if self.fold_ok else _KEY_FORMAT.match(text, end)):
                # "Let's analyze each option:" introduces the options, it does not answer
                continue
            found.append((end, text[end: end + 300]))
        return found

    def _conclusions(self) -> list[_Commit]:
        """'so B', 'I think it is B': the weak conclusion markers' commitments."""
        out: list[_Commit] = []
        for end, payload in self._marker_payloads(_MARKER_SPECS[-1]):
            self._commit_conclusion(out, end, payload)
        return out

    @staticmethod
    def _closing_braces(text: str) -> dict[int, int]:
        """Position of each '{' -> position of its matching '}' (one pass over the braces)."""
        closing: dict[int, int] = {}
        stack: list[int] = []
        for m in _BRACES.finditer(text):
            i = m.start()
            if text[i] == "{":
                stack.append(i)
            elif stack:
                closing[stack.pop()] = i
        return closing

    def _commit_payload(self, out: list[_Commit], negatives: set[str], pos: int, payload: str, tier: int,
                        method: str, whole: bool = False) -> None:
        if len(payload) > 1000:  # a long box or tag: hashing it would cost as much as reading it
            reading = self._read_payload(payload, whole)
        else:
            reading = self._payload_memo.get((payload, whole), _UNSEEN)
            if reading is _UNSEEN:
                # a reply repeating one marker gives the same payload many times: read it once
                reading = self._payload_memo[(payload, whole)] = self._read_payload(payload, whole)
        if reading is None:
            return
        if reading[0] == "negated":
            if reading[1]:
                negatives.add(reading[1])
            return
        _, letter, own_method, note = reading
        out.append(_Commit(pos, tier, letter, own_method or method, note))

    def _read_payload(self, payload: str, whole: bool) -> tuple | None:
        """What a marker's payload commits to: ("commit", letter, method or None, note), ("negated", letter)
        or None."""
        kind, letter, length = self.letter_in_payload(payload)
        if whole and kind == "none":
            exact = self._exact_text(payload)
            if exact is not None:
                kind, letter = exact
        if kind == "none" and payload.lstrip(" \t\n\"'`*_$:-")[:1].isalpha() and self.optset.key_words:
            # "Answer: append" for "`list.append(x)`", "The answer is Austen." for "Jane Austen"
            clause = payload[:_clause_end(payload[:61])]
            if len(clause) <= 60 and len(clause.split()) <= 4:
                keyed = self.key_word(clause.lower(), 4)
                if keyed is not None:
                    kind, letter = "text", keyed
        if kind in ("letter", "ordinal"):
            return "commit", letter, None, ""
        if kind in ("text", "value"):
            return "commit", letter, None, "option-text" if kind == "text" else "answer-value"
        if kind == "ambiguous":
            return "commit", None, "ambiguous", "the answer names more than one option"
        if kind == "invalid":
            named = self.labelled_option(letter)
            if named is not None:  # "The answer is R" for the options "Point P" ... "Point S"
                return "commit", named, None, "option-text"
            return "commit", None, "invalid-letter", f"{letter} is not one of the options"
        if kind == "negated":
            neg = self._letter_token(payload.lstrip(" :").split(None, 1)[-1] if payload.strip() else "")
            return "negated", neg[0] if neg else None
        if whole and payload.strip():
            # a boxed or tagged answer we cannot map is still the model's committed answer: not an option
            return "commit", None, "none", f"committed answer {payload.strip()[:40]!r} is no option"
        return None

    def _commit_conclusion(self, out: list[_Commit], pos: int, payload: str) -> None:
        """'so B.', 'therefore (B)', 'it's B': only a letter ending its clause, or the start of an option text."""
        reading = self._conclusion_memo.get(payload, _UNSEEN)
        if reading is _UNSEEN:
            reading = self._conclusion_memo[payload] = self._read_conclusion(payload)
        if reading is not None:
            out.append(_Commit(pos, 1, reading[0], "conclusion", reading[1]))

    def so_clause_key_word(self) -> ChoiceResult | None:
        """A reply with nothing else to read: its last "so ..." clause, if short, names the one option whose own
        word it holds, with no other option's word after it ("So the author opposes it — the benefits are only
        rebutted" for "The author opposes the policy."; not "so it supports the law at first, but then opposes
        it")."""
        if not self.fold_ok or not _present(self.low, ("so", "therefore", "thus", "hence")) \
                or not self.optset.key_words:
            return None
        last = None
        for last in _SO_CLAUSE.finditer(self.low):
            pass
        if last is None:
            return None
        p = self.low[last.end():last.end() + 81]
        m = _CLAUSE_STOP.search(p)
        clause = p[:m.start()] if m else p
        if len(clause) > 80 or clause.count(" ") >= 8 or p.startswith("?", len(clause)):
            return None
        keyed = self.key_word(clause, 8)
        keys = self.optset.key_words
        if keyed is None or any(keys.get(_stem_word(t), keyed) != keyed
                                for t in _KEY_TOKEN.findall(self.low, last.end())):
            return None
        return ChoiceResult(keyed, "key-word", f"the closing 'so' clause names a word only option {keyed} has")

    def _read_conclusion(self, payload: str) -> tuple[str, str] | None:
        """(letter, note) a conclusion's payload commits to, or None."""
        p = payload.lstrip(" ,:")
        lead = _CONCLUSION_LEAD.match(p)
        if lead:
            p = p[lead.end():]
        found = self._letter_token(p)
        if found is None:
            m = _CAPITAL_VERDICT.match(p)
            if m:
                found = (m.group(1), 1)
        if found is not None:
            letter, length = found
            if p[length:length + 4].lstrip().startswith("?"):
                return None  # "Or maybe B?": a question, not a conclusion
            return (letter, "") if letter in self.letter_set else None
        hit = self._text_at_start(p)
        if hit is not None and (len(self.opt_norm[hit[1]]) >= 3 or hit[0] == "value"):
            end = _clause_end(p)
            if _CONCESSION.match(p, end) or p[end:end + 1] == "?":
                return None  # "It looks like a dog, but the ears ...": conceded; "maybe Paris?": asked
            return hit[1], "option-text" if hit[0] == "text" else "answer-value"
        value = self._value_at_start(p)
        if value is not None and value[0] == "value":
            return value[1], "answer-value"
        return None

    def _exact_text(self, s: str, ns: str | None = None) -> tuple[str, str] | None:
        if ns is None:
            # A normalised text longer than every option text (and its core and tail, and than any number
            # word) can only still be read as a number.
            ns, whole = _norm_head(s, max(self.optset.max_compared + 5, 31))
            if not whole:
                if not _NUMBER_CHARS.issuperset(ns):
                    return None
                ns = _norm_text(s)
        optset = self.optset
        hits = optset.by_norm.get(ns, ())
        if not hits:
            hits = optset.by_core.get(_strip_article(ns), ())
        if not hits:
            # "B12" for "Vitamin B12": the part that tells the options apart
            hits = optset.by_tail.get(ns, ())
        if len(hits) == 1:
            return ("value" if hits[0] in self.opt_num else "text"), hits[0]
        value = _number(ns)
        if value is None and ns[:1].isdigit() and len(ns) <= 40:
            value = _option_number(ns)  # "3e8 m/s", "2 dollars": a number with a unit
        if value is not None:
            num_hits = [k for k, v in self.opt_num.items() if v == value]
            if not num_hits:
                # "50%" for the option "0.5", "0.25" for "25%": the same share written two ways
                num_hits = optset.share_hits(value, "%" in ns or "percent" in ns)
            if not num_hits and optset.ranges:
                num_hits = optset.range_hits(value)
            if len(num_hits) == 1:
                return "value", num_hits[0]
        if (optset.clocks or optset.dates) and len(ns) <= 40:
            when = optset.when_hits(ns)
            if len(when) == 1 and when[0][0] == 0 and when[0][1] == len(ns) and len(when[0][2]) == 1:
                return "value", when[0][2][0]
        # the same text written with other spacing or markup: "18cm", "top-left", "x^2 + 1", "CO_2", "x²"
        loose = _loose_key(ns)
        hits = optset.by_loose.get(loose, ())
        if not hits and len(loose) > 3 and loose.endswith("s") and loose.isalpha():
            # a plural for a singular option: "Cats" for "Cat"
            hits = optset.by_loose.get(loose[:-1], ()) or (
                optset.by_loose.get(loose[:-2], ()) if loose.endswith("es") else ())
        if not hits and len(loose) > 5 and loose.endswith(("ward", "wards")) and loose.isalpha():
            # a direction written as an adverb: "downwards" for "down"
            hits = optset.by_loose.get(loose[: loose.rindex("ward")], ())
        if len(hits) == 1:
            return ("value" if hits[0] in self.opt_num else "text"), hits[0]
        return None

    def _scan_mentions(self, text: str, negatives: set[str]) -> tuple[list[_Commit], list[_Commit], list[_Commit]]:
        """Letters with a verdict next to them: 'B is correct' (commit), 'A and C are wrong' (ruled out).

        Returns the commitments of three segments: mentions, option lines, check marks.
        """
        out: list[_Commit] = []
        pats = self.optset.pats
        low = self.low
        use_low = self.fold_ok and self.optset.low_ok
        if self.may_hold(_NEG_WORD_HINTS) and (not use_low or self.optset.ruled_out_hint.search(low)):
            for m in (pats.neg_after_low.finditer(low) if use_low else pats.neg_after.finditer(text)):
                named = text[m.start(1): m.end(1)]
                letters = pats.named.findall(named)
                first = _FIRST_LETTER.search(named).group(0)
                if first.isupper() or named.lower().startswith(("option", "choice")):
                    negatives.update(letters)
        if use_low:
            # in the lower-cased text a match starts where one of its leading words does
            starts = _occurrences(low, _NEG_BEFORE_ASCII if self.ascii else _NEG_BEFORE_HINTS)
            excluded = _matches_at(pats.neg_before_low, low, starts) if starts else ()
        else:
            excluded = pats.neg_before.finditer(text) if self.may_hold(_NEG_BEFORE_HINTS) else ()
        for m in excluded:
            if _ONLY_JUST.match(text, m.end()):
                continue
            g = 1 if m.start(1) >= 0 else 2
            named = text[m.start(g): m.end(g)]
            letters = pats.named.findall(named)
            if not (named[0] == "a" and _SPACE_LOWER.match(text, m.end())):
                negatives.update(letters)
        letter_set = self.letter_set
        lead_ws = None
        mentions = () if not self._verdict_may_follow_letter() else (
            _MENTION_LOW.finditer(low) if self.fold_ok else _MENTION.finditer(text))
        for m in mentions:
            ch = text[m.start(1)]
            letter = ch.upper()
            if letter not in letter_set:
                continue
            end = m.end()
            if not _AFTER_ANY.match(text, end):
                continue  # no verdict pattern below can match here
            if ch.islower() and not _OPTION_OR_BRACKET.match(text, m.start(), end):
                # "b is correct": a lowercase letter with a verdict, but never the article "a" mid-text
                if lead_ws is None:
                    lead_ws = len(text) - len(text.lstrip())
                if not (ch not in "ai" or m.start() == lead_ws) or not _LOWER_IS_CORRECT.match(text, end):
                    continue
            if _CN_NEG_AFTER.match(text, end):
                negatives.add(letter)
                continue
            strong = _STRONG_AFTER.match(text, end)
            weak = None if strong else (_POS_AFTER.match(text, end) or _CN_POS_AFTER.match(text, end))
            if not strong and not weak:
                continue
            a = max(0, m.start() - 60)
            before = text[a: m.start()]
            if (("or" in before or "and" in before) and pats.listed_before.search(before)) \
                    or self.hypothetical_before(m.start()):
                continue
            if self._is_article(m, text):
                continue
            out.append(_Commit(m.start(), 2, letter, "affirmation") if strong
                       else _Commit(m.start(), 1, letter, "affirmation"))
        mentions, out = out, []
        # An option list with a verdict per line: "C. correct", "(A) ... - incorrect"
        # a line-anchored pattern: only line starts are tried, in finditer's order
        line_starts = _line_starts(text) if len(text) <= 2000 else None
        for m in (_matches_at(pats.option_lines, text, line_starts) if line_starts is not None
                  else pats.option_lines.finditer(text)):
            body = m.group(2)
            if _BODY_WRONG.search(body):
                negatives.add(m.group(1))
            elif _BODY_RIGHT.search(body):
                out.append(_Commit(m.start(1), 1, m.group(1), "affirmation"))
        lines, out = out, []
        if (not text.isascii() and any(mark in text for mark in _MARKS)) or (
                ("=" in text or ":" in text) and self._letter_before_colon()):
            for m in (pats.affirm_low.finditer(low) if use_low else pats.affirm.finditer(text)):
                verdict = m.group(2) or m.group(3)
                if verdict.lower() in ("yes", "true", "correct", "right", "✅", "✔", "✓", "☑"):
                    out.append(_Commit(m.start(), 1, text[m.start(1): m.end(1)].upper(), "affirmation"))
                else:
                    negatives.add(text[m.start(1): m.end(1)].upper())
        return mentions, lines, out

    def _brackets(self) -> list[_Commit]:
        """A bracketed letter closing a clause: '... reached in 2020 (B).'."""
        text = self.flat
        if "(" not in text:
            return []
        return [_Commit(m.start(), 1, m.group(1), "bracket") for m in self.optset.pats.bracket.finditer(text)]

    def _sole_letters(self) -> list[_Commit]:
        """A sentence that is only a letter: '... goes back up. C.'."""
        # such a sentence starts the text or follows a sentence end: only those places are tried, in the
        # order (and without overlap) finditer would find them
        text = self.flat
        out: list[_Commit] = []
        if len(text) > 2000:  # many sentence ends: one scan is cheaper
            matches = _SOLE_SENTENCE.finditer(text)
        else:
            matches = []
            pos = 0
            for start in [0] + [m.end() for m in _SENTENCE_END.finditer(text)]:
                if start < pos:
                    continue
                m = _SOLE_SENTENCE.match(text, start)
                if m:
                    pos = m.end()
                    matches.append(m)
        for m in matches:
            if m.group(1) in self.letter_set:
                out.append(_Commit(m.start(1), 1, m.group(1), "sole-letter"))
        closing = self._closing()
        if closing is not None:
            out.append(closing)
        return out

    def _closing(self) -> _Commit | None:
        """The reply's last clause, after ':', '=', '→', a dash or a comma, is an option letter or (after ':', '=',
        'is' or an em dash) an option's text or value: "The question asks about rickets: D.", "If I had to pick, A.",
        "..., option C.", "Total: 4.", "= 150", "The derivative is 2x."."""
        text = self.flat.rstrip()
        cut = max(0, len(text) - 80)
        line_start = max(cut, text.rfind("\n", cut) + 1)
        tail = text[line_start:]
        alone = _CLOSING_LETTER.fullmatch(tail)
        if alone is not None and alone.group(1):  # a last line that is only "Option B" / "Answer: (C)"
            letter = alone.group(2) or alone.group(3).upper()
            if letter in self.letter_set:
                return _Commit(line_start, 1, letter, "conclusion")
        m = _CLOSING_SEP.match(tail)
        if m is None:
            return None
        g = 1 if m.group(1) else 2
        sep = m.group(g)
        rest = tail[m.end(g):]
        before = tail[:m.start(g)]
        start = line_start + m.end(g) + len(rest) - len(rest.lstrip())
        lm = _CLOSING_LETTER.fullmatch(rest)
        if lm is not None:
            letter = lm.group(2) or lm.group(3).upper()
            # "A, B, C" is a list and "x = D" is a formula, not a choice; after "is" only "option D" counts
            if letter in self.letter_set and (lm.group(1) or sep not in ("is", "are", "equals", "=")) \
                    and not _CLOSING_LIST.search(before):
                return _Commit(start, 1, letter, "conclusion")
            return None
        body = rest.strip().rstrip(".!")
        om = _ORDINAL.fullmatch(body) if len(body) < 30 else None
        if om:  # "..., the last option."
            hit = self._value_at_start(body)
            if hit is not None and hit[0] == "ordinal":
                return _Commit(start, 1, hit[1], "conclusion")
        if sep in (":", "=", "is", "are", "equals", "->", "→", "—"):  # "..., glucose and fructose — sucrose."
            if sep == "=" and _CLOSING_VARIABLE.search(before):
                return None  # "at x = 1": a variable's value, not the answer
            if _CLOSING_LIST.search(before):
                return None  # "Option D: the loss stays constant": an option quoted with its label
            body = rest.strip().rstrip(".!")
            am = _APPROX.match(body)
            if am:
                body = body[am.end():]
            if not body or len(body) > 40:
                return None
            hit = self._exact_text(body)
            if hit is not None:
                return _Commit(start, 1, hit[1], "conclusion", "option-text" if hit[0] == "text" else "answer-value")
        return None

    def _bold_letters(self) -> list[_Commit]:
        """'**B**': a bold option letter."""
        out: list[_Commit] = []
        for m in self.bold:
            letter = m.group(2).upper()
            if letter in self.letter_set and (m.group(2).isupper() or len(m.group(0)) > 5):
                out.append(_Commit(m.start(), 1, letter, "bold"))
        return out

    def _letter_before_colon(self) -> bool:
        """False only when no ':' or '=' follows (after spaces) the last character of an option letter, as the
        check-mark pattern ("B: yes") needs."""
        if not self.fold_ok or self.optset.key_ends is None:
            return True
        low = self.low
        ends = self.optset.key_ends
        # a reply holds few of these signs: looking back from each is cheaper than a regex scan
        for sign in (":", "="):
            i = low.find(sign)
            while i >= 0:
                j = i
                while j > 0 and low[j - 1].isspace():
                    j -= 1
                if j > 0 and low[j - 1] in ends:
                    return True
                i = low.find(sign, i + 1)
        return False

    def _verdict_may_follow_letter(self) -> bool:
        """False only when no option letter (or closing bracket) is followed, after spaces, by a word that
        starts one of the verdict patterns tried after a mention (see ``_AFTER_ANY``)."""
        return not self.fold_ok or self.optset.verdict_hint.search(self.low) is not None

    @staticmethod
    def _is_article(m: re.Match[str], text: str) -> bool:
        token = text[m.start(): m.end()].strip()
        return token in ("A", "a", "I") and bool(_ARTICLE_NEXT.match(text, m.end()))

    def cut_off(self) -> bool:
        """The reply was cut off before it answered: an unclosed reasoning block, or a last sentence broken off
        mid-way ("Subtracting 9 from both sides gives", "we need to check whether")."""
        if "<think>" in self.text and "</think>" not in self.text:
            return True
        tail = self.flat[-40:].rstrip()
        if not tail or tail[-1] in _COMPLETE_END:
            return False
        if tail[-1] in _CUT_MARKS:
            return True
        end = len(tail)
        start = end
        while start and (tail[start - 1].isascii() and tail[start - 1].isalpha() or tail[start - 1] == "'"):
            start -= 1
        word = tail[start:end]
        if not word or (start and tail[start - 1].isalnum()):
            return False
        if word in _CUT_WORDS:
            return word != "so" or not _SO_COMPLETE.search(tail, 0, start)
        if word in _CUT_NOUNS:
            before = tail[:start].rstrip()
            i = len(before)
            while i and before[i - 1].isascii() and before[i - 1].isalpha():
                i -= 1
            return i < len(before) and before[i:].lower() in _CUT_DETERMINERS and not (i and before[i - 1].isalnum())
        return False

    def hedge(self, chosen: _Commit, commits: list[_Commit], negatives: set[str],
              segments: list[list[_Commit] | None]) -> str | None:
        """Why the chosen commitment is no answer after all, or None: another answer of the same strength right
        before it with no correction or sentence of prose between ("Answer: B\\nAnswer: D", "\\boxed{B} or
        \\boxed{C}"; "The answer is B. The answer is C." reads C), or a doubt
        about another option after it that nothing settles ("The answer is B. Hmm, or is it C?")."""
        if chosen.tier >= 2 and len(commits) > 1:
            prev = None
            for c in commits:
                if c.tier == chosen.tier and c.pos < chosen.pos and (prev is None or c.pos > prev.pos):
                    prev = c
            if prev is not None:
                if prev.letter is not None and prev.letter != chosen.letter and prev.letter not in negatives \
                        and chosen.pos - prev.pos <= 40 \
                        and not _PROSE_SENTENCE_END.search(self.flat, prev.pos, chosen.pos) \
                        and not any(prev.pos <= start < chosen.pos for start, _ in self.cues()):
                    return f"two answers side by side ({prev.letter}, {chosen.letter})"
        if self.low.find("or ", chosen.pos) >= 0 or not self.fold_ok:
            for m in _DOUBT_OTHER.finditer(self.flat, chosen.pos):
                other = m.group(1).upper()
                if other != chosen.letter and other in self.letter_set and not any(
                        c.pos >= m.end() and c.letter is not None for c in self.all_commits(segments)):
                    return f"the reply doubts its answer {chosen.letter} in favour of {other}"
        return None

    def corrections(self, after: int) -> list[_Commit]:
        """'..., no wait, D' / 'Actually, it's D': a letter right after a correction cue, past ``after``."""
        out = []
        for start, end in self.cues():
            if end <= after:
                continue
            tail = self.flat[end: end + 120]
            pm = _CORRECTION_LEAD.match(tail)
            p = tail[pm.end():]
            found = self._letter_token(p)
            if found is None:
                bm = _CORRECTION_VERDICT.match(p)
                if bm:
                    found = (bm.group(1), 1)
            if found is None:
                om = _CORRECTION_OPTION.match(p)
                if om:
                    found = (om.group(1).upper(), om.end())
            if found is None or found[0] not in self.letter_set:
                continue
            if _REST_NEGATED.match(p, found[1]):
                continue
            out.append(_Commit(start, 4, found[0], "self-correction"))
        return out

    # ---- whole-response forms ----------------------------------------------------------------------------

    def sole(self) -> ChoiceResult | None:
        """The whole reply is a letter (in any dress) or exactly one option's text."""
        s = self.flat.strip()
        bare = True  # no "The answer is" / "Option" before the letter
        m = _SOLE_PREFIX.match(s)
        if m:
            s = s[m.end():]
            bare = bare and not m.group(0).strip()
        m = _SOLE_LABEL.match(s)
        if m:
            s = s[m.end():]
            bare = bare and not m.group(0).strip()
        s = s.strip()
        m = _SOLE_LETTER.fullmatch(s)
        if m:
            letter = m.group(1).upper()
            method = "bold" if self.bold and "**" in self.text else (
                "bracket" if _OPEN_BRACKET.search(s) else "sole-letter")
            if letter in self.letter_set:
                if bare and method == "sole-letter" and self.optset.by_norm.get(letter.lower(), [letter])[0] != letter:
                    # options like {"A": "B", "C": "D", "D": "A"}: a bare "D" may be letter D or the text of C
                    return ChoiceResult(None, "ambiguous", f"{letter} is a letter and the text of another option")
                return ChoiceResult(letter, method, f"the reply is the letter {letter}")
            named = self.labelled_option(letter)
            if named is not None:
                return ChoiceResult(named, "option-text", f"the reply is {letter}, the label in option {named}'s text")
            return ChoiceResult(None, "invalid-letter", f"the reply is {letter}, which is not one of the options")
        ordinal = _SOLE_ORDINAL.fullmatch(s) if self.may_hold(("option", "choice", "one")) else None
        if ordinal:
            hit = self._value_at_start(ordinal.group(1))
            if hit is not None and hit[0] == "ordinal":
                return ChoiceResult(hit[1], "ordinal", f"the reply names option {hit[1]} by its place")
        named = _SOLE_PLACE.fullmatch(s) if len(s) < 40 else None
        if named:
            # "The second image." for the options "Image 1", "Image 2": a place among options sharing a noun
            noun = named.group(2).lower()
            if all(v.split(" ", 1)[0].rstrip("s") == noun.rstrip("s") for v in self.opt_norm.values()):
                hit = self._value_at_start(f"{named.group(1)} option")
                if hit is not None and hit[0] == "ordinal":
                    return ChoiceResult(hit[1], "ordinal", f"the reply names option {hit[1]} by its place")
        exact = None if self._too_long_for_an_option() else self._exact_text(self.flat, self.flat_norm)
        if exact is not None:
            kind, letter = exact
            return ChoiceResult(letter, "option-text" if kind == "text" else "answer-value",
                                f"the reply is the text of option {letter}")
        return None

    def none_among(self) -> ChoiceResult | None:
        """"It takes 3.5 s, which is not one of the options." with no option letter after it: no choice."""
        low = self.low if self.fold_ok else self.flat.lower()
        if "option" not in low and "choice" not in low:
            return None
        m = None
        for m in _NOT_AMONG.finditer(low):
            pass
        if m is None or any(x.group(1) in self.letter_set for x in _LONE_CAPITAL.finditer(self.flat, m.end())):
            return None
        return ChoiceResult(None, "refusal", "the reply says its answer is none of the options")

    def labelled_option(self, letter: str) -> str | None:
        """The one option whose text holds ``letter`` (no option letter) as a label of its own, as "Point R" or
        "Line m" do, or None."""
        if letter in self.letter_set:
            return None
        label = re.compile(rf"(?<![\w'’]){re.escape(letter)}(?![\w'’])")
        hits = [k for k, t in self.options.items() if label.search(t)]
        return hits[0] if len(hits) == 1 else None

    def _too_long_for_an_option(self) -> bool:
        """True when ``_exact_text(self.flat)`` is surely None, told without normalising the text: an ASCII
        reply with no LaTeX whose normalised form starts with a letter (so it is no number) and is longer than
        every option text, core, tail and number word."""
        flat = self.flat
        if not self.ascii or "\\" in flat:
            return False
        rest = flat.lstrip(_SHRINKING)
        if not rest or not rest[0].isalpha():
            return False
        # every character outside _SHRINKING survives normalisation: a lower bound on the normalised length,
        # counted on a prefix first (enough for a long reply), then on the whole text
        need = max(self.optset.max_compared + 4, 30)  # 30: number words ("twenty-five percent")
        head = flat[: 2 * need + 16]
        if len(head.translate(_SHRINK_DELETE)) > need:
            return True
        return len(head) < len(flat) and len(flat.translate(_SHRINK_DELETE)) > need

    def special_option(self) -> ChoiceResult | None:
        """A reply saying "it cannot be determined" or "none of these" when exactly one option says that."""
        flat = self.flat
        for pattern, letters, what in ((_UNDETERMINED, self.optset.undetermined, "cannot be determined"),
                                       (_NONE_ABOVE, self.optset.none_above, "none of the options")):
            if len(letters) == 1 and pattern.search(flat):
                return ChoiceResult(letters[0], "option-text", f"the reply says {what}, which option {letters[0]} says")
        return None

    def leading(self) -> _Commit | None:
        """A reply that starts with an option label: 'C. The loss ...', '(B) because ...', 'B, no wait, D'."""
        s = self.flat.lstrip()
        prefix = _LEAD_OPTION_WORD.match(s)  # "Option C: D" names option C whatever follows
        m = _LEAD_LABEL.match(s, prefix.end() if prefix else 0)
        if not m:
            return self._leading_text(s)
        letter = (m.group(1) or m.group(2) or m.group(3)).upper()
        if m.group(3) and letter == "I":
            return None
        if _LEAD_LIST.match(s):
            return None  # "A, B, C, D" / "A or C": a list, not a label
        low = _norm_text(s)
        listed_patterns = self.optset.listed
        listed = {x for x in self.letters if self.opt_norm[x] and self.opt_norm[x] in low
                  and listed_patterns[x].search(low)}
        if len(listed) >= 2:
            return None  # "(B) text of B (C) text of C": the options listed, not one chosen
        labels = set(_LINE_LABELS.findall(s))
        if len(labels & set(self.letters)) >= 3:
            return None  # the reply starts by listing the options, not by choosing one
        if letter not in self.letter_set:
            return None
        return _Commit(len(self.flat) - len(s), 2, letter, "leading-letter")

    def _leading_text(self, s: str) -> _Commit | None:
        """A reply that starts with an option's short text and then punctuation ("No, the man is not wearing a
        hat.", "否。图中没有人。"), or with "Both" / "Neither" when one option starts that way."""
        pos = len(self.flat) - len(s)
        yes, no = self.optset.yes_no
        if (yes or no) and not s.isascii():
            if s.startswith(_NO_CN) and no:
                return _Commit(pos, 1, no, "conclusion", "option-text")
            if s.startswith(_YES_CN) and not s.startswith("是否") and yes:
                return _Commit(pos, 1, yes, "conclusion", "option-text")
        low = s[:40].lower()
        if yes and no:
            # "Nope, he isn't.", "That's correct — ...", "This statement is not true: ..."
            if _OPENING_NO.match(low):
                return _Commit(pos, 1, no, "conclusion", "option-text")
            if _OPENING_YES.match(low):
                return _Commit(pos, 1, yes, "conclusion", "option-text")
        first = low.split(None, 1)[0].strip(",.;:!") if low.strip() else ""
        if first in ("both", "neither"):
            hits = [k for k, v in self.opt_norm.items() if v.split(" ", 1)[0] == first]
            if len(hits) == 1:
                return _Commit(pos, 1, hits[0], "conclusion", "option-text")
        best = None
        for letter, ot in self.opt_norm.items():
            # short texts only (a word or two, as "No" or "Top left"): a reply opening with a longer option
            # text may go on to state another one
            if ot and len(ot) <= 20 and ot.count(" ") <= 1 and low.startswith(ot) and len(low) > len(ot) and low[len(ot)] in _LEAD_TEXT_END:
                if best is None or len(ot) > len(self.opt_norm[best]):
                    best = letter
        if best is not None:
            return _Commit(pos, 1, best, "conclusion", "answer-value" if best in self.opt_num else "option-text")
        return None

    def corrected_content(self, after: int) -> ChoiceResult | None:
        """The option text named after the last strong correction cue past ``after`` ("Vitamin D — sorry, I meant
        vitamin C", "Yes. Wait — ... No.")."""
        for start, end in reversed(self.cues()):
            if start <= after:
                break
            if not _STRONG_CUE.search(self.flat, start, end):
                continue
            found = _Reader(self.flat[end:], self.optset).content()
            if found is not None and found.letter is not None:
                return ChoiceResult(found.letter, "self-correction", f"option {found.letter}'s text after a correction")
            return None
        return None

    def _inflected_content(self, low: str) -> ChoiceResult | None:
        """No option text occurs as written: try again with word endings taken off ("remains the same" for
        "Remain the same", "the boxes" for "a box"), keeping a match only when exactly one option has one."""
        if len(low) > 2000:
            return None
        texts = self.optset.stemmed_texts
        if not texts:
            return None
        stemmed = f" {_stem_words(low)} "
        found = []
        for letter, st in texts:
            i = stemmed.find(st)
            if i >= 0 and not _NEGATED_BEFORE.search(stemmed[max(0, i - 30):i + 1]):
                found.append(letter)
        if len(found) == 1:
            return ChoiceResult(found[0], "option-text", f"the reply contains option {found[0]}'s text, inflected")
        return None

    def content(self) -> ChoiceResult | None:
        """Exactly one option text occurs (whole words, not inside a longer option's occurrence, not negated)."""
        low = self.flat_norm
        spans: dict[str, list[tuple[int, int]]] = {}
        for letter, ot in self.optset.search_text:
            # every non-overlapping occurrence, left to right (what finditer of the escaped text gives)
            size = len(ot)
            i = low.find(ot)
            while i >= 0:
                if _text_start_ok(low, i) and _text_boundary_ok(low, i + size) and not (
                        ot == "i" and _PRONOUN_I_AFTER.match(low, i + 1)):  # "I believe" for the option "I"
                    spans.setdefault(letter, []).append((i, i + size))
                i = low.find(ot, i + size)
        numeric = self.opt_num
        optset = self.optset
        if numeric or optset.ranges:
            # numbers in the reply that equal a numeric option ("4.0" for the option "4")
            # A number counts unless it starts inside an occurrence already found for that option. Only the
            # text occurrences can hold it (the numbers found before it end before it starts); they are
            # sorted and do not overlap, so the last one starting at or before it is the one to check.
            text_starts = {letter: [a for a, _ in occ] for letter, occ in spans.items()}
            text_spans = {letter: list(occ) for letter, occ in spans.items()}
            for m in _reply_numbers(low):
                token = m.group(0)
                value = _reply_value(token)
                if value is None:
                    continue
                start = m.start()
                hits = [letter for letter, v in numeric.items() if v == value]
                if not hits and "." in token and 0 < abs(value) < 1:
                    hits = optset.share_hits(value, False)  # "0.4 of the whole" for the option "40%"
                if not hits and optset.ranges:
                    hits = optset.range_hits(value)  # "I count 14 birds" for the option "Between 10 and 20"
                for letter in hits:
                    starts = text_starts.get(letter)
                    if starts:
                        i = bisect.bisect_right(starts, start) - 1
                        if i >= 0 and start < text_spans[letter][i][1]:
                            continue
                    spans.setdefault(letter, []).append((start, m.end()))
        if optset.polar and not low.isascii():
            # 这句话是对的 / 说错了: Chinese verdicts for a polar pair written with other characters than its texts
            yes, no = optset.yes_no
            for pattern, letter in ((_CN_YES_VERDICT, yes), (_CN_NO_VERDICT, no)):
                for m in pattern.finditer(low):
                    spans.setdefault(letter, []).append(m.span())
        if optset.clocks or optset.dates:
            # "They close at 19:30." for the option "7:30 PM", "March 6th" for "2024-03-06"
            for start, end, hits in optset.when_hits(low):
                for letter in hits:
                    if not any(a <= start < b for a, b in spans.get(letter, ())):
                        spans.setdefault(letter, []).append((start, end))
        if not spans:
            return self._inflected_content(low)
        kept = {}
        ends: list[int] | None = None  # where the sentences end (found when first needed)
        flat_asks = self.flat.rstrip().endswith("?")  # the normalised text has lost a final "?", the reply has it
        questions = flat_asks or "?" in low
        ascii = low.isascii()
        flipped: dict[str, list[tuple[int, int]]] = {}
        polar = self.optset.polar
        # For "inside a longer occurrence of another option": every other option's occurrences sorted by start,
        # with the running maximum of their ends.
        by_start = {}
        for letter in spans:
            others = sorted((x, y) for o, oc in spans.items() if o != letter for x, y in oc)
            reach, running = [], -1
            for _, y in others:
                running = max(running, y)
                reach.append(running)
            by_start[letter] = ([x for x, _ in others], reach, others)
        for letter, occ in spans.items():
            starts, reach, others = by_start[letter]
            alive = []
            for a, b in occ:
                # another occurrence (x, y) with x <= a, b <= y and a greater length, i.e. not (x, y) == (a, b)
                i = bisect.bisect_right(starts, a)
                inside = i > 0 and (reach[i - 1] > b or (reach[i - 1] == b and any(
                    y == b and x < a for x, y in others[:i])))
                before = low[max(0, a - 30):a]
                negated = _NEGATED_BEFORE.search(before) or (not ascii and before.endswith(_CJK_NEGATION))
                if letter in polar:
                    if _QUALIFIED_BEFORE.search(before):
                        continue  # "partially true" names neither option
                    if not inside and (_FLIPPED_BEFORE.search(before) or before.endswith(_CJK_NEGATION)):
                        flipped.setdefault(polar[letter], []).append((a, b))  # "not true" names False
                        continue
                if _NEGATED_AFTER.match(low[b:b + 60]):
                    negated = True
                if not inside and not negated:
                    if questions:
                        if ends is None:
                            ends = [m.start() for m in _SENTENCE_END.finditer(low)]
                        i = bisect.bisect_left(ends, b)
                        if (low[ends[i]] == "?") if i < len(ends) else flat_asks:
                            continue  # "Is it the ribosome?": asked, not answered
                    alive.append((a, b))
            if alive:
                kept[letter] = alive
        for letter, occ in flipped.items():
            kept[letter] = sorted(kept.get(letter, []) + occ)
        if len(kept) == 1:
            letter = next(iter(kept))
            if all(_OR_ALTERNATIVE.match(low, b) for _, b in kept[letter]):
                # "Tennis or badminton": the option is offered with an alternative, not chosen
                return ChoiceResult(None, "ambiguous", f"option {letter}'s text is offered with an alternative")
            if "question" in low:
                other = _ASKS_OTHER.search(low, max(b for _, b in kept[letter]))
                if other is not None:
                    return ChoiceResult(None, "none", f"option {letter} is named, then the reply says the question "
                                                      "asks about something else")
            kind = "answer-value" if letter in self.opt_num else "option-text"
            return ChoiceResult(letter, kind, f"the reply contains the text of option {letter} only")
        if len(kept) > 1:
            # "1, 2, 3, 4, 5, 6. So there are 6 apples.": a concluding last sentence decides
            cut = max((m.end() for m in _SENTENCE_BREAK.finditer(low)), default=0)
            if _UNSURE.search(low, cut) or _ALSO_POSSIBLE.search(low, cut):
                # "It might be a Shiba Inu or a fox — hard to say.": the reply ends undecided
                return ChoiceResult(None, "ambiguous", f"the reply names options {', '.join(sorted(kept))} and "
                                                       "ends unsure")
            concluding = _CONCLUDING.search(low[cut:]) is not None
            if cut and concluding:
                last = [k for k, occ in kept.items() if any(a >= cut for a, _ in occ)]
                if len(last) == 1:
                    kind = "answer-value" if last[0] in self.opt_num else "option-text"
                    return ChoiceResult(last[0], kind, f"the concluding sentence names option {last[0]} only")
            # "I see 3 ducks and 4 geese, 7 birds in all.": a concluding last clause of the last sentence
            clause = max((m.end() for m in _CLAUSE_BREAK.finditer(low, cut)), default=0) if concluding else 0
            if clause and _CONCLUDING.search(low, clause):
                last = [k for k, occ in kept.items() if any(a >= clause for a, _ in occ)]
                if len(last) == 1:
                    kind = "answer-value" if last[0] in self.opt_num else "option-text"
                    return ChoiceResult(last[0], kind, f"the concluding clause names option {last[0]} only")
            turn = max((m.end() for m in _TURN.finditer(low)), default=0)
            if turn:
                after_turn = [k for k, occ in kept.items() if any(a >= turn for a, _ in occ)]
                if len(after_turn) == 1:
                    kind = "answer-value" if after_turn[0] in self.opt_num else "option-text"
                    return ChoiceResult(after_turn[0], kind, f"after the turn, only option {after_turn[0]} is named")
            if " is " in low or " are " in low:
                # "The surface area is 4πr². πr² is the area of a circle, and 2πr is its circumference.": one
                # option stated as the value of what is asked, the others only as subjects being defined
                defined, stated = set(), set()
                for k, occ in kept.items():
                    if all(self._defined_at(low, b, spans) for _, b in occ):
                        defined.add(k)
                    elif any(_STATED_BEFORE.search(low, max(0, a - 12), a) for a, _ in occ):
                        stated.add(k)
                if len(stated) == 1 and len(defined) == len(kept) - 1:
                    k = next(iter(stated))
                    kind = "answer-value" if k in self.opt_num else "option-text"
                    return ChoiceResult(k, kind, f"option {k} is stated as the value; the others are only defined")
            if "while" in low or "though" in low or "whereas" in low:
                # "While Jupiter and Neptune have faint rings, the rings shown belong to Saturn.": the options
                # named only in a leading concessive clause are conceded, not chosen
                conceded = [m.span() for m in _CONCESSIVE.finditer(low)]
                if conceded:
                    main = [k for k, occ in kept.items() if any(not any(x <= a < y for x, y in conceded)
                                                                 for a, _ in occ)]
                    if len(main) == 1:
                        kind = "answer-value" if main[0] in self.opt_num else "option-text"
                        return ChoiceResult(main[0], kind, f"the other options are named only in a concession; "
                                                           f"option {main[0]} in the main clause")
            return ChoiceResult(None, "ambiguous", f"the reply mentions options {', '.join(sorted(kept))}")
        return None

    @staticmethod
    def _defined_at(low: str, end: int, spans: dict[str, list[tuple[int, int]]]) -> bool:
        """The option occurrence ending at ``end`` is the subject of a definition: "πr² is the area of a circle",
        "2πr = πd is its circumference" (an equation with another option's text before the verb)."""
        for _ in range(3):
            m = _EQUALS_NEXT.match(low, end)
            if m is None:
                break
            nxt = [b for occ in spans.values() for a, b in occ if a == m.end()]
            if not nxt:
                break
            end = nxt[0]
        return _DEFINED_AFTER.match(low, end) is not None

    def key_word(self, low: str, most_words: int) -> str | None:
        """The option named by a word only its text has, in a text of at most ``most_words`` words: "Austen." for
        "Jane Austen", "The Versailles treaty ended the war." for "Treaty of Versailles". None when the text names
        such words of two options, or only negated ("not Austen")."""
        if not low or len(low) > 40 * most_words or len(low.split()) > most_words:
            return None
        keys = self.optset.key_words
        if not keys:
            return None
        found = set()
        for m in _KEY_TOKEN.finditer(low):
            letter = keys.get(_stem_word(m.group(0)))
            if letter is None or _NEGATED_AFTER.match(low, m.end(), m.end() + 60):
                continue  # "..., which is wrong"
            if low.startswith(",", m.end()) and m.group(0) in _STEP_ORDINALS:
                continue  # "First, look at the curve."
            end = _SENTENCE_END.search(low, m.end())
            if end is not None and end.group(0) == "?":
                continue  # "Austen?": a question, not an answer
            neg = _NEGATED_BEFORE.search(low, max(0, m.start() - 30), m.start())
            if neg and low[neg.start():m.end()] not in self.opt_norm[letter]:
                continue  # "not Austen"; but "No change." for "No change in loss" is that option's own words
            found.add(letter)
        return found.pop() if len(found) == 1 else None

    def lone_letter(self, negatives: set[str] = frozenset()) -> ChoiceResult | None:
        """A short reply with exactly one capital option letter standing alone ('I'd say B', 'B seems right')."""
        flat = self.flat
        words = flat.split()
        if len(words) > 12:
            return None
        found = set()
        for m in _LONE_CAPITAL.finditer(flat):
            ch = m.group(1)
            if ch in found:
                continue  # already counted; the checks below only decide whether to count it
            word = _LOWER_WORD.match(flat, m.end())
            if ch in "AI" and word and word.group(1) not in _CONNECTORS:
                continue
            if ch == "I" and flat.startswith(("'", "’"), m.end()):
                continue
            found.add(ch)
        found -= negatives
        opts = {c for c in found if c in self.letter_set}
        if len(opts) == 1 and found == opts:
            letter = opts.pop()
            return ChoiceResult(letter, "letter", f"the only option letter in a short reply is {letter}")
        if len(opts) > 1:
            return ChoiceResult(None, "ambiguous", f"a short reply naming options {', '.join(sorted(opts))}")
        return None


def _pick(commits: list[_Commit], negatives: set[str]) -> _Commit | None:
    """The last commitment of the strongest tier, skipping weak ones about letters the text rules out."""
    chosen: _Commit | None = None
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


def _flip_flop(chosen: _Commit, commits: list[_Commit]) -> str | None:
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


# ---- a cheap exact path for common short replies ----------------------------------------------------------
# Whole replies such as "\boxed{B}", "So the answer is **B**." and "I think it is B." are common and cost the full
# reader tens of microseconds. For them the full reader's answer is known: the box (strongest commitment, nothing
# else in the reply), the "answer is" marker (the only strong commitment; the leading "So" / "Therefore" and the
# bold letter are weaker and never read) or the conclusion "it is B" (the only one; "I think" is followed by no
# letter). That holds whenever no option's text, core or distinguishing tail occurs in the reply (so no rule
# reading option texts can fire) and the letter is an option; otherwise the full reader runs. A test compares
# the two paths on many replies and option sets (tests/test_choice.py::test_the_fast_path_agrees_with_the_full_reader).
_FAST_FORMS = re.compile(
    r"(?P<box>\$?\\boxed\{(?P<box_letter>[A-Za-z])\}\$?\.?)|"
    r"(?P<marker>(?:So|Therefore|Thus|Hence),? (?:the )?(?:correct )?answer is) "
    r"(?:\*\*(?P<bold_letter>[A-Z])\*\*|\((?P<bracket_letter>[A-Z])\)|(?P<marker_letter>[A-Z]))\.?|"
    r"(?P<conclusion>I think it(?: is|'s) )(?P<conclusion_letter>[A-Z])\.")


_BOX_WORD = "\\boxed"
_FAST_STARTS = ("$\\boxed", "\\boxed", "So", "Therefore", "Thus", "Hence", "I think it")  # how the forms start


def _fast_short(response: str, optset: _OptionSet) -> ChoiceResult | None:
    """The full reader's answer for a few common short replies, or None (then the full reader decides)."""
    if len(response) > 60 or not response.isascii():
        return None
    stripped = response.strip()
    if not stripped.startswith(_FAST_STARTS):
        return None
    m = _FAST_FORMS.fullmatch(stripped)
    if m is None:
        return None
    low = _norm_text(stripped)
    loose = _loose_key(low)
    for ot in optset.fast_guard:
        if ot in loose or ot in low:
            return None  # an option's text occurs in the reply: the rules reading option texts may apply
    lead = len(response) - len(response.lstrip())
    if m.group("box") is not None:
        letter = m.group("box_letter").upper()
        if letter in optset.letter_set:
            return ChoiceResult(letter, "boxed", f"boxed at offset {lead + stripped.find(_BOX_WORD)}")
        return None
    if m.group("marker") is not None:
        letter = m.group("bold_letter") or m.group("bracket_letter") or m.group("marker_letter")
        if letter in optset.letter_set:
            return ChoiceResult(letter, "answer-marker", f"answer-marker at offset {lead + m.end('marker')}")
        return None
    letter = m.group("conclusion_letter")
    if letter in optset.letter_set:
        return ChoiceResult(letter, "conclusion", f"conclusion at offset {lead + m.end('conclusion')}")
    return None


def infer_choice(response: str, options: Mapping[str, str]) -> ChoiceResult:
    """Read which option a model's reply chose.

    Args:
        response: the model's reply (any text; None or NaN count as empty).
        options: option letter -> option text, in letter order (``{"A": "cat", "B": "dog"}``).

    Returns:
        A ChoiceResult; ``letter`` is one of ``options`` or None (never a guess).

    Examples:
        >>> infer_choice("The answer is **B**.", {"A": "cat", "B": "dog"}).letter
        'B'
        >>> infer_choice("A dog, clearly.", {"A": "cat", "B": "dog"}).letter
        'B'
        >>> infer_choice("B, no wait, A", {"A": "cat", "B": "dog"}).method
        'self-correction'
    """
    if response is None or (isinstance(response, float) and response != response):
        return ChoiceResult(None, "empty", "no reply")
    response = str(response)
    stripped = response.strip()
    if not stripped or stripped.lower() in ("nan", "none", "null", "n/a"):
        return ChoiceResult(None, "empty", "the reply is empty")
    if not options:
        return ChoiceResult(None, "none", "no options to choose from")
    # everything that depends only on the option set is built once per distinct set
    optset = _option_set(tuple((str(k), str(v)) for k, v in options.items()))
    if len(response) <= 60 and response.isascii() and response.lstrip().startswith(_FAST_STARTS):
        fast = _fast_short(response, optset)
        if fast is not None:
            return fast
    return _read(response, optset)


def _read(response: str, optset: _OptionSet) -> ChoiceResult:
    """``infer_choice`` for a non-empty reply and option set, by the full reader."""
    reader = _Reader(response, optset)
    if not reader.flat.strip():
        return ChoiceResult(None, "empty", "the reply holds only a reasoning block or markup")

    sole = reader.sole()
    if sole is not None:
        return sole

    negatives: set[str] = set()
    segments = reader.eager_segments(negatives)
    lead = reader.leading()
    commits = [c for segment in segments if segment is not None for c in segment]
    if lead is not None:
        commits.append(lead)
    chosen = _pick(commits, negatives)
    if chosen is None or chosen.tier < 3:
        # phrases committing strongly change the choice only past a strong one (or when there is none)
        phrases = reader.strong_phrases(chosen.pos if chosen is not None and chosen.tier == 2 else -1)
        if phrases:
            segments[0].extend(phrases)
            commits.extend(phrases)
            chosen = _pick(commits, negatives)
    # The weak segments not read yet cannot change a strong (tier 2+) choice; they matter only through a
    # correction cue after it ("..., no wait, so C"), so they are read when there is no strong choice or
    # such a cue follows it.
    if chosen is None or chosen.tier < 2 or any(start > chosen.pos for start, _ in reader.cues()):
        commits = reader.all_commits(segments)
        if lead is not None:
            commits.append(lead)
        chosen = _pick(commits, negatives)
    fixes = reader.corrections(chosen.pos if chosen else -1)
    if chosen is not None:
        # a commitment of any strength after a correction cue that follows the chosen one replaces it
        for cue_start, _ in reader.cues():
            if cue_start > chosen.pos:
                later = [c for c in commits if c.pos > cue_start and c.letter is not None
                         and c.letter not in negatives]
                if later:
                    last = max(later, key=lambda c: c.pos)
                    fixes.append(_Commit(last.pos, 4, last.letter, "self-correction"))
                break
    if fixes:
        chosen = max(fixes, key=lambda c: c.pos)
    elif chosen is not None and chosen.letter is not None:
        hedge = reader.hedge(chosen, commits, negatives, segments) if (
            len(commits) > 1 or not reader.fold_ok or reader.low.find("or ", chosen.pos) >= 0) else None
        if hedge is None and chosen.tier >= 2 and len(commits) >= 3:
            hedge = _flip_flop(chosen, commits)
        if hedge is not None:
            return ChoiceResult(None, "ambiguous", hedge)
        # no letter after a later correction cue: an option's text there may retract the answer
        fixed = reader.corrected_content(chosen.pos)
        if fixed is not None and fixed.letter != chosen.letter:
            return fixed
    if (chosen is None or (chosen.tier < 2 and chosen.note)) and reader.cut_off():
        # "Subtracting 9 from both sides gives": a number or option text met on the way is no answer
        return ChoiceResult(None, "truncated", "the reply was cut off before it answered")
    if chosen is not None:
        if chosen.letter is None:
            return ChoiceResult(None, chosen.method, chosen.note)
        method = chosen.method
        if chosen.note in ("option-text", "answer-value") and method not in ("boxed", "answer-tag"):
            method = chosen.note
        if method == "conclusion" and negatives - {chosen.letter}:
            method = "elimination"
        detail = f"{chosen.method} at offset {chosen.pos}"
        return ChoiceResult(chosen.letter, method, detail)

    remaining = [x for x in reader.letters if x not in negatives]
    if negatives and len(remaining) == 1:
        return ChoiceResult(remaining[0], "elimination",
                            f"every other option is ruled out ({', '.join(sorted(negatives))})")
    refusal = (_REFUSAL_LOW.search(reader.low) if _present(reader.low, _REFUSAL_WORDS) else None) \
        if reader.fold_ok else _REFUSAL.search(reader.flat)
    special = reader.special_option()
    if special is not None:
        return special
    if refusal:
        none_of = ("none of the" in reader.low) if reader.fold_ok else _NONE_OF_THE.search(reader.flat)
        found = reader.content() if none_of else None
        if found is not None and found.letter is not None:
            return found
        return ChoiceResult(None, "refusal", "the reply declines to choose")
    absent = reader.none_among()
    if absent is not None:
        return absent
    found = reader.content()
    if found is not None and found.letter is None:
        fixed = reader.corrected_content(-1)
        if fixed is not None:
            return fixed
    if found is not None:
        return found
    lone = reader.lone_letter(negatives)
    if lone is not None and (lone.letter is None or lone.letter not in negatives):
        return lone
    keyed = reader.key_word(reader.low, 20)
    if keyed is not None and keyed not in negatives and not reader.cut_off():
        return ChoiceResult(keyed, "key-word", f"the reply names a word only option {keyed} has")
    clause = reader.so_clause_key_word()
    if clause is not None and clause.letter not in negatives and not reader.cut_off():
        return clause
    return ChoiceResult(None, "none", "no option could be read from the reply")
