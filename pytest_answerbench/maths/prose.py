"""The closing rule: the answer a response states in its last sentence or line, when it boxed and marked nothing.

Used by :mod:`.locate` (the ``prose`` rule, the last in its table). It reads the last non-empty line: its last
math span, a phrase set in bold, a Chinese statement's value (:func:`_cjk_statement`), a closing bulleted list when
several answers are expected, else the line reduced to the answer it states (:func:`.extract.reduce_sentence`). In
a longer closing paragraph it reads the last sentence that states something, passing over an afterthought ("This
is because she spent 5 dollars.", not "Since she cooks 9 batches, the total is 72 minutes.") for the conclusion
before it; a clause that restates a given ("..., after spending 5 dollars") is dropped before the last number is
taken. A last line that is a step of a derivation ("Step 3: 16 - 3 = 13") concludes nothing, unless the step opens
with a conclusion word ("Step 3: Therefore, ..."); closing remarks that state nothing ("Think: Now they know how
many loads they need.") after a line that concludes are passed over.

A closing sentence that states a text answer is read by :func:`_claimed`: math spans that only name things (``$k$``,
``$ABCD$``) are words of it; a claim about a math subject written first ("$\\sqrt2+\\sqrt3$ is irrational") is the
claim; after a lead-in giving a reason or a method ("Since ..., ", "Checking ..., ") the main clause is read. With
several answers expected, a closing line of numbered parts ("(1) $a = 2$ (2) $b = -3$") states every part.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterator

from .extract import (
    CJK_CONDITION, PART_LABEL, SPAN, TEXT_WRAPPED, WORDS, Extraction, chance_in_words, described_set, formula_key,
    interval_in_words, joined_spans, labelled_run, math_spans, or_value, reduce_sentence, set_in_words, split_sentences,
    strip_wrappers, without_domain,
)
from ..text.numbers import ONES, SCALES, TENS
from ..text.patterns import lazy_compile, tex_delimited
from .chinese import bounded, joined_run, measured_value, stated_claim
from .described import OTHER_CASE_SENTENCE, QUALIFYING_ADVERB, offered_stance, shape, stance_words
from .meaning import (OF_ITS_PARTS, PLAYERS, asked_property_said, may_name_winner, states_draw, winner_named, CJK_ASKED_WORD, answers_question, CONCLUDING_LEAD, CONCLUSION_WORD, DASHED_NAME, DOUBTED, alternative_named,
                      asked_alternatives, asks_yes_no, claim, cjk_polarity, contradicts_verdict, defined_answer,
                      names_alternative, narrower_scope, property_words, states_asked_property)
from .normalize import number_words
from .compare.parametric import names_families
from .units import convertible, read_unit as read_unit_text, unit_factor, unit_tail

__all__ = ["afterthought", "closing_statement", "concludes", "form_stated", "numbered_line", "opens_steps", "plain_dollars",
           "without_claim_bracket", "without_closing_asides", "without_closing_brackets", "without_concession",
           "without_value_bracket"]

_CJK = lazy_compile("[\u4e00-\u9fff]")
_BOLD_PHRASE = lazy_compile(r"\*\*([^*\n]{1,60})\*\*")
_BOLD_MARKS = lazy_compile(r"\*\*")
# a line wholly in bold: "**So there are infinitely many primes of the form $4k+3$.**"
_BOLD_LINE = lazy_compile(r"\s*\*\*([^*\n]{3,300})\*\*\s*")
# bold values one after another, joined by commas, semicolons or "and" only: "**2** and **0**", "**3**, **4**, **5**"
_BOLD_LIST = lazy_compile(r"\*\*[^*\n]{1,60}\*\*(?:\s*(?:[,;，；]\s*(?:and\s+)?|and\s+|和|及)\s*\*\*[^*\n]{1,60}\*\*)+")
# "为", "是", "等于", "=" state a value; not inside words such as 因为 (because), 于是 / 但是 (so / but), 认为.
_COPULA = lazy_compile(r"(?<![因于但还总若作认或可])(?:为|是)|等于|=|＝")
# what a stated value may hold in Chinese: a measure word closing it, 且 / 或 joining two conditions ("x>1且x<3")
_NOT_WORDS = lazy_compile("[\u4e00-\u9fff]{1,3}$|(?<=[^\u4e00-\u9fff\\s])\\s*[且或]\\s*(?=[^\u4e00-\u9fff\\s])")


# a conclusion word in Chinese: what follows it is what the sentence concludes
_CJK_SO = lazy_compile("所以|因此|从而|于是|故")
# a copula denied or bounded by the words right before it; a number the words after it qualify; a question
_UNSTATED = lazy_compile(r"(?:不|不会|不能|不可能|不一定|未必|并非|并不|不总|不总是|至少|至多|大于|小于)\s*$")
_QUALIFIED = lazy_compile(r"[^，；\u4e00-\u9fff]*\d[^，；\u4e00-\u9fff]*(?:的|以上|以下|以内|左右)")
_ASKED = lazy_compile(r"(?:[？?]|[吗呢][。.]?)\s*$")


# one clause naming a quantity and its value: "最小值为 $2$", "周长是 12"
_CJK_NAMED_VALUE = lazy_compile(r"\s*+(?:所以|因此|故|则|即)?\s*+[\u4e00-\u9fff]{1,8}(?:为|是|等于)\s*+(?P<value>\$[^$]+\$|-?\d+(?:\.\d+)?|"
                                r"\d*\s*+(?:π|\\pi))\s*+")


# one clause naming a quantity and its value: "the maximum is 12", "the minimum value is $3$"
_NAMED_VALUE = lazy_compile(r"\s*+(?:(?i:so|thus|hence|therefore|and)\s++)?(?:(?i:the|its)\s++)?"
                            r"(?!(?i:it|this|that|then|there|which|answer|result)\b)(?P<name>[A-Za-z][a-z-]+"
                            r"(?:\s++(?!is\b|equals\b)[a-z][a-z-]*)?)\s++(?:is|equals|=)\s*+(?P<value>\$[^$]+\$|-?\d+(?:\.\d+)?)"
                            r"\s*+[.]?\s*+")


def _count_in_words(phrase: str) -> bool:
    """A count in words and nothing else, as set in bold ("A hexagon has **nine** diagonals.")."""
    words = phrase.lower().replace("-", " ").split()
    return 0 < len(words) <= 6 and all(w in ONES or w in TENS or w in SCALES for w in words)


def named_blanks(sentence: str, question: str | None) -> str:
    """Values a closing sentence names one by one ("所以最小值为 $2$，最大值为 $3$。", "The maximum is 12 and the
    minimum is 3."): the blanks they fill, in the order the question names those quantities when it names them all
    ("Find the minimum value and the maximum value of f, in that order." -> "3; 12"), else as written; "" when a
    clause names no quantity or holds no value alone."""
    lead = _LEAD_IN_COLON.match(sentence)
    if lead:
        sentence = sentence[lead.end():]  # "By Vieta's formulas: sum = 7, product = 10.": the values after the lead-in
    clauses = [c for c in re.split(r"[，；,;。]|\band\b", sentence.rstrip("。. ")) if c.strip()]
    if len(clauses) < 2:
        return ""
    named = []
    for clause in clauses:
        m = _CJK_NAMED_VALUE.fullmatch(clause) or _NAMED_VALUE.fullmatch(clause)
        if m is None:
            return ""
        name = m.group("name") if "name" in m.re.groupindex else re.sub(
            r"^\s*(?:所以|因此|故|则|即)?\s*|(?:为|是|等于)\s*\S*\s*$", "", clause)
        named.append((name.strip().lower(), strip_wrappers(m.group("value"))))
    return _in_question_order(named, question)


# a lead-in in words before a colon: "By Vieta's formulas:", "Using the identities:"
_LEAD_IN_COLON = lazy_compile(r"\s*[A-Za-z][A-Za-z' ’-]{2,40}:\s*")
# a quantity named and its value: "gcd = 6", "lcm(12, 18) = 36", "GCD is 6"
_NAMED_EQUALS = lazy_compile(r"(?<![\w\\])(?P<name>[A-Za-z]{2,12})(?:\s*\([^()]{1,20}\))?\s*(?:=|\bis\b)\s*\$?\s*"
                             r"(?P<value>[-−]?\d+(?:\.\d+)?(?:/\d+)?)(?![\d.]*\s*[-+*/^×÷(])")
# a question's parts, each after its label: "(a) Find gcd(12, 18). (b) Find lcm(12, 18)."
_PART_OPENING = lazy_compile(r"\((?:[a-h]|[1-9])\)|（[1-9]）")


def _named_by_part(line: str, question: str | None) -> str:
    """The values a closing line names one per part of the question, each by a name only that part writes ("Taking
    highest powers: lcm = 36; lowest powers: gcd = 6." to "(a) Find gcd(12, 18). (b) Find lcm(12, 18)."), in the
    parts' order ("(1) 6 (2) 36"); "" unless every part is named once and nothing is hedged or taken back."""
    parts = [p.lower() for p in _PART_OPENING.split(question or "")[1:]]
    named = [(m.group("name").lower(), m.group("value")) for m in _NAMED_EQUALS.finditer(line)]
    if len(parts) < 2 or len(named) != len(parts) or DOUBTED.search(line) or _RETRACTS.search(line) \
            or re.search(r"(?i)\b(?:or|not|if)\b", line):
        return ""
    placed = {}
    for name, value in named:
        where = [k for k, part in enumerate(parts) if re.search(r"(?<![a-z])%s(?![a-z])" % re.escape(name), part)]
        if len(where) != 1 or where[0] in placed:
            return ""
        placed[where[0]] = value
    return " ".join(f"({k + 1}) {placed[k]}" for k in range(len(parts)))


def _in_question_order(named: list[tuple[str, str]], question: str | None) -> str:
    """The values of ``named`` (name, value) pairs as ordered blanks, in the order the question names them when it
    names them all, else as written; "" when a name comes twice."""
    if len({name for name, _ in named}) != len(named):
        return ""
    asked = (question or "").lower()
    places = [asked.find(name) for name, _ in named]
    if all(at >= 0 for at in places):
        named = [pair for _, pair in sorted(zip(places, named))]
    elif any(at >= 0 for at in places):
        return ""  # "Mean = 4, Mode = 3." to "Find the mean and the median ...": a quantity the question does not ask
    return "; ".join(value for _, value in named)


# a closing bullet naming a quantity and its value: "- Median (middle value): **3**", "- **Mean**: 25/5 = 5", "-
# **Range:** $15-4 =$ **11**", "- Product of the roots: $c/a = 10$", "- Median = (3 + 5)/2 = **4**"
_NAMED_BULLET = lazy_compile(r"\s*+(?:[-*•]|\d{1,2}[.)])\s++(?:\*\*)?(?P<name>[A-Za-z][A-Za-z-]*+(?:\s[a-z][a-z-]*+){0,3})"
                             r"(?:\*\*)?(?:\s*+\([^()\n]{0,40}\))?\s*+(?:\*\*)?[:=](?:\*\*)?\s*+(?P<body>[^\n]*)")
# the value closing a bullet: set in bold, or after its last "=" (an aside in brackets after it: "**8** (it appears
# twice)")
_BULLET_VALUE = lazy_compile(r"(?:^|=|\*\*(?=[-−]?\d))[\s$*]*+(?P<value>[-−]?\d+(?:\.\d+)?(?:/\d+)?)[\s$*]*+"
                             r"(?:\((?!\s*+or\b)[^()\d]{0,40}\)\s*+)?\.?\s*+$")  # (not "(or **3**, ...)": a hedge)


def named_bullets(lines: list[str], question: str | None) -> str:
    """The values a closing list of bullets names one by one ("- Median (middle value): **3**" / "- Mean: 25/5 =
    **5**"), as the blanks they fill in the order the question names those quantities ("find the mean and the
    median" -> "5; 3"), when the question names every one of them; "" otherwise (a bullet holding no value alone
    after its name or its last "=")."""
    named: list[tuple[str, str]] = []
    if len(lines) > 2 and re.fullmatch(r"\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*\.?\s*", lines[-1]):
        lines = lines[:-1]  # "(Indeed the roots are $2$ and $5$.)": a check in brackets after the bullets
    for line in reversed(lines[-6:]):
        m = _NAMED_BULLET.fullmatch(re.sub(r"\$([A-Za-z])\$(?=-)", r"\1", line))  # ("$x$-intercept")
        value = _BULLET_VALUE.search(m.group("body")) if m else None
        if value is None:
            break
        named.insert(0, (m.group("name").lower(), value.group("value")))
    asked = (question or "").lower().replace("$", "")
    if len(named) < 2 or not all(re.search(rf"\b{re.escape(name)}\b", asked) for name, _ in named):
        return ""
    return _in_question_order(named, asked)


def _cjk_statement(line: str, multiple: bool = False) -> tuple[str, ...]:
    """The value a Chinese closing sentence states after its last 为 / 是 / 等于 / = outside math ("故 $x^2$ 的系数为
    40。" -> 40, "所以 E = 2mg/q。" -> 2mg/q), up to the next clause; () when it states none."""
    sentences = [part for part in re.split("[。！？]", line) if part.strip()]
    if not sentences:
        return ()
    sentence = sentences[-1]
    attained = CJK_CONDITION.search(sentence)
    if attained and re.search(r"\d|\$|\\\(", sentence[:attained.start()]) \
            and not re.search("当|若|如果|假设", sentence[:attained.start()]):
        sentence = sentence[:attained.start()]
    inside = [(m.start(), m.end()) for m in SPAN.finditer(sentence)]
    copulas = [m for m in _COPULA.finditer(sentence) if not any(a <= m.start() < b for a, b in inside)]
    copula = copulas[-1] if copulas else None
    concluded = [m for m in _CJK_SO.finditer(sentence) if not any(a <= m.start() < b for a, b in inside)]
    if concluded and (copula is None or copula.start() < concluded[-1].start()) \
            and not bounded(sentence[concluded[-1].end():]):  # ("所以函数 $f(x)$ 至少有一个零点": a bound, as before)
        # "两个子列的极限分别为 $1$ 和 $-1$，所以数列 $\{a_n\}$ 不收敛": the clause after the conclusion word, with
        # no copula of its own, states the claim or the count ("所以方程有三个实数根"), not the values of its reason
        clause = sentence[concluded[-1].end():]
        said = stated_claim(clause) or measured_value(clause)
        if said:
            return (said,)
        if claim(clause) is not None and not re.search(r"\d|\$|\\\(", clause):
            return (clause.strip(),)
    if copula is None:
        if bounded(sentence):
            return (strip_wrappers(sentence).strip(),)  # "最大值不超过 $4$": a bound, compared as words (wrong)
        # "所以方程 $x^2+1=0$ 无实数解": the claim after the math naming its subject (not "两个" of a reason before it:
        # "两个子列的极限不相等，所以数列 $\{a_n\}$ 发散"); "所以共有12种不同的选法": the one number a measure word counts
        counted = stated_claim(sentence) or measured_value(sentence)
        return (counted,) if counted else ()
    if bounded(sentence[copula.end():]):
        return (strip_wrappers(sentence[copula.end():]).strip(),)  # "为至少 3": a bound, compared as words (wrong)
    if _UNSTATED.search(sentence[:copula.start()]) or _QUALIFIED.match(sentence[copula.end():]) or \
            _ASKED.search(line):
        # "x 不为3", "至少为3", "大于等于3" (the copula denied or bounded), "为3的倍数" (the number qualified), "x 为3？"
        # (asked): no value stated, compared as words (wrong)
        return (strip_wrappers(sentence).strip(),)
    if multiple and sentence[copula.start()] in "=＝":
        # "所以 a = 2，b = 3。": with several answers expected, every trailing "label = value" clause is one
        clauses = []
        for clause in reversed(re.split("[，；,;]", sentence)):
            part = strip_wrappers(re.sub("^[\u4e00-\u9fff\\s]+", "", clause))
            if not re.fullmatch(r"[^=＝\u4e00-\u9fff]+[=＝][^=＝\u4e00-\u9fff]+", part):
                break
            clauses.insert(0, part)
        if len(clauses) >= 2:
            return tuple(clauses)
    run = joined_run(sentence, copulas)  # "所以解为 x=1或x=2": the run of conditions, not its last value
    rest = re.split("[，；]", sentence[copula.end() if run is None else run:])[0].strip()
    spans = joined_spans(rest)
    if spans:
        return spans
    rest = strip_wrappers(rest)
    if not rest or _CJK.search(_NOT_WORDS.sub("", rest)):
        return ()  # words, not a value
    reduced = reduce_sentence(rest, multiple)
    return (reduced,) if reduced else ()


_BULLET = lazy_compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s+(.*)$")


def _listed_answers(lines: list[str]) -> tuple[str, ...]:
    """The math of a closing bulleted list ("- $(1,1)$" / "- $(-1,-1)$"), when it has two items or more."""
    items: list[str] = []
    for line in reversed(lines[-8:]):
        bullet = _BULLET.match(line)
        spans = joined_spans(bullet.group(1)) if bullet else ()
        if not spans:
            break
        items[0:0] = spans
    return tuple(items) if len(items) >= 2 else ()


# a last line that is one step of a derivation, not its conclusion ("Step 3: ...", "First, ...", "Let's ...")
_STEP = lazy_compile(r"(?i)\s*(?:#+\s*|\*\*)?(?:step\s*\d+\b|first(?:ly)?\b|next\b|let(?:'s|’s)?\s|we\s+(?:need|want|"
                   r"start|begin)\b|to\s+find\b)")
# the first step of a derivation opening a block ("Step 1: 2/3 of 36 sq ft = 24 sq ft")
_FIRST_STEP = lazy_compile(r"(?i)\s*(?:#+\s*|\*\*)?step\s*1\b")
# a step whose statement opens with a conclusion word concludes ("Step 3: Therefore, Ryan has 25 flowers.")
_CONCLUDING_STEP = lazy_compile(r"(?i)\s*(?:#+\s*|\*\*)?step\s*\d+\s*[:.)]?\s*(?:\*\*)?\s*(?:therefore|so|thus|hence|"
                              r"finally|in\s+(?:total|all))\b")
# a step sentence that goes on to its conclusion: "We need $x\ge2$, i.e. the domain is $[2,\infty)$."
_CONCLUDED_AFTER_STEP = lazy_compile(r"(?i)[,;:]\s*(?:so|hence|thus|therefore|i\.\s?e\.|that\s+is\s*,?)\s+(?:the\s+)?"
                                     r"[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|equals)\b")
# what keeps such a step from concluding: a guess, a check to come, a question, a doubt
_STEP_UNSURE = lazy_compile(r"(?i)\b(?:guess\w*|check\w*|verify|maybe|perhaps|probably|suppose|assum\w*|try|tried|not\s+quite|"
                            r"wait)\b|\?")
# a sentence that explains or checks the conclusion before it ("This is because ...", "Note that ...")
# a check announced ("Let us check: ...", "But perhaps I should double-check.")
_CHECK_ANNOUNCED = (r"(?:but\s+(?:maybe|perhaps)\s+)?(?:let\s+us|let's|we\s+should|i\s+should)\s+"
                    r"(?:verify|check|double[- ]check)\b")
_AFTERTHOUGHT = lazy_compile(r"(?i)\s*(?:this\s+is\s+because|because|since|note(?:\s+that|:)|(?:sanity\s+|double[- ])?"
                           r"check(?:ing)?\b|to\s+check|"
                           r"verification|we\s+can\s+(?:verify|check)|let\s+me\s+(?:verify|check)|indeed|here,|"
                           + _CHECK_ANNOUNCED + ")")
# an afterthought opening a sentence after another: "So she has 18 dollars. This is because she spent 5 dollars."
_AFTERTHOUGHT_AFTER = lazy_compile(r"(?i)[.!?]\s+(?:this\s+is\s+because|because|(?:sanity\s+)?check(?:ing)?\b|to\s+check|"
                                   r"verification|note\s+that|"
                                   r"we\s+can\s+(?:verify|check)|let\s+me\s+(?:verify|check)|indeed|"
                                   + _CHECK_ANNOUNCED + ")")
# "Since she cooks 9 batches, the total time is 72 minutes.": a reason, then a main clause (after its first comma)
_REASON_THEN = lazy_compile(r"(?i)\s*(?:since|because)\b[^,]{1,200},\s*(.+)")
# a closing line of chatter after the conclusion ("I hope this helps!", "Let me know if you have questions.")
_SIGN_OFF = lazy_compile(r"(?i)\s*(?:i\s+hope|hope\s+(?:this|that|it)|let\s+me\s+know|feel\s+free|if\s+you\s+have|"
                       r"(?:i\s+am|i'm)\s+(?:happy|glad)|happy\s+to|glad\s+to|good\s+luck|thanks?\b|thank\s+you)")
# a line that takes back or doubts what came before it: never passed over as a remark
_RETRACTS = lazy_compile(r"(?i)\b(?:wait|wrong|mistake|incorrect|error|oops|actually|instead|re-?check|re-?calculat\w*|"
                       r"re-?evaluat\w*|not\s+(?:correct|right|possible|sure)|maybe|perhaps|might|possibly|unsure|"
                       r"alternatively|doubt\w*)\b")
# a line stating a value and nothing else: "x = 5", "$x = 5$", "**x = 5**"
_BARE_VALUE = lazy_compile(r"[*$\s]*[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=\s*[-−]?\d+(?:\.\d+)?(?:/\d+)?[*$.\s]*")
# a closing sentence taking back what came before it and saying nothing else ("Wait, no.", "Hmm, wait.", "That's
# wrong."; "Actually, no: the construction fails." states something), and a closing line
# doubting the answer with another value ("Hmm, but maybe x = 6."; one restating the value doubts nothing)
_TAKES_BACK = lazy_compile(r"(?i)\W*(?:(?:hmm|oh|no)\W+)?(?:(?:wait|actually)(?:\W+no)?"
                           r"(?:\W+that(?:'s|\s+is)\s+(?:wrong|not\s+right|incorrect))?|"
                           r"that(?:'s|\s+is)\s+(?:wrong|not\s+right|incorrect))\W*")
_DOUBTS = lazy_compile(r"(?i)\W*(?:hmm\W+)?but\s+(?:maybe|perhaps)\b")
# a clause affirming what came before, and what may join such clauses
_CONFIRMATION = lazy_compile(
    r"(?i)\b(?:i\s+(?:think|believe)\s+)?(?:that|this|it|everything|the\s+(?:answer|result|calculations?|method))"
    r"(?:'s|\s+is|\s+are|\s+seems?|\s+looks?)\s+(?:to\s+be\s+)?(?:correct|right|consistent|fine)\b"
    r"|\bi\s+(?:don't|do\s+not)\s+see\s+any\s+(?:mistakes?|errors?|issues?)(?:\s+in\s+(?:the|my)\s+[a-z]+)?"
    r"|\bi(?:'ll|\s+will)\s+go\s+with\s+(?:that|this|it)\b|\b(?:i'm|i\s+am)\s+(?:confident|sure)\b(?:\s+(?:in|about|of)"
    r"\s+(?:that|this|it)\b)?|\bthat\s+makes\s+sense\b")
_CONFIRMATION_LEFT = lazy_compile(r"(?i)(?:[\s,.;!]|\b(?:so|and|yes|okay|ok|alright)\b)+")
# a turn of a dialogue the model invents after its conclusion ("Assistant: No, that is an interesting thought.")
_INVENTED_TURN = lazy_compile(r"[ \t]*(?:Assistant|AI)[ \t]*:")
_REMARKS = 3  # closing remark lines passed over at most
# A long response whose last line neither ends as a sentence or a formula does nor states a conclusion stopped
# mid-derivation (a length limit), whatever number that line holds.
_LONG = 1000
_FINISHED = lazy_compile(r"[.!?。！？)\]}$*]\s*$")
_CONCLUSION = lazy_compile(r"(?i)\b(?:so|thus|therefore|hence|total|answer|final|altogether|in\s+all|overall|result|"
                         r"conclusion)\b|所以|因此|故|总共|答")
# a clause that restates a given after the value: "18 dollars left after spending 5 dollars"
# (also a purpose "576 tiles to cover his 36 sq ft", a condition on the subject "$1,260 if he works 7 days", a
# companion "70 rows with 2 pencils", a parenthesis "30 apples (10 for Jenna and 20 for her mom)")
_IN_NOT_BASE = r"in(?!\s+(?:base|binary|decimal|octal|hex(?:adecimal)?)\b)"  # "2024 in base 7 is 5621": no given
_GIVEN_CLAUSE = lazy_compile(r"(?i),?(?<!\s)\s+(?:(?:after|since|because|given|from|for|(?<=\D\s)out\s+of|of\s+the|"
                           + _IN_NOT_BASE + r"|with)\s|to\s+(?!the\s+(?:power|\d))[a-z]{2,}\s|if\s+(?:he|she|they|we|you|it|i)\s)(?=.*\d)"
                           r"|(?<!\s)\s+\((?=[^()]*[A-Za-z]{3}[^()]*\d)")  # a parenthesis in words, not "(3/4) * P"
# The clause's spaces start after no space (above): a search that tried every space of a long run as a start, each
# scanning the rest of the run, was quadratic. A start inside a run is only ever tried first right after a clause
# ending in a space ("... in "): there, :func:`_given_clauses` tries it as before.
_GIVEN_CLAUSE_AT = lazy_compile(r"(?i)\s+(?:(?:after|since|because|given|from|for|(?<=\D\s)out\s+of|of\s+the|"
                              + _IN_NOT_BASE + r"|with)\s"
                              r"|to\s+(?!the\s+(?:power|\d))[a-z]{2,}\s|if\s+(?:he|she|they|we|you|it|i)\s)(?=.*\d)"
                              r"|\s+\((?=[^()]*[A-Za-z]{3}[^()]*\d)")
# the value right before such a clause: a number (per a unit: "$18,000/year") and at most two words ("18
# dollars left", "5 hours"), then a rate and a qualifier of the value ("6 pages per day, on average")
_VALUE_BEFORE = lazy_compile(r"\d(?:[\d,.]*\d)?%?(?:/[A-Za-z]+)?(?:\s+[A-Za-z]+){0,2}(?:\s+(?:per|each)\s+[A-Za-z]+)?"
                           r"(?:,?\s+(?:on\s+average|in\s+total|in\s+all|altogether|each),?)?\s*$")
# "$\$$45": a dollar sign written as a math span, then the number
_DOLLAR_SPAN = lazy_compile(r"\$\\\$\$")


# a function in plain text, then the domain it holds on: "So f(x) = 3x for all x ∈ ℝ."
_PLAIN_FUNCTION_FOR_ALL = lazy_compile(r"(?i:(?:so|thus|hence|therefore)\s*,?\s+)?(?P<function>[a-zA-Z]\s*\(\s*[a-z]\s*\)\s*=\s*"
                                       r"[^=,;:]{1,60}?)\s+for\s+(?:all|every|each|any)\s+(?:real\s+)?[a-z](?:\s*(?:∈|\\in)\s*"
                                       r"(?:ℝ|R|\\mathbb\{R\}))?\s*[.!]?")


# a function family in plain text, its constant ranging over the reals: "Conclusion: the solutions are exactly P(x) = x² + k,
# where k may be any real constant." (the family; the constant's range is the reals a family's constant ranges over)
_PLAIN_FAMILY_OVER_REALS = lazy_compile(
    r"(?i:(?:(?:so|thus|hence|therefore|conclusion|answer)\s*[,:]?\s+)?(?:the\s+(?:solutions?|polynomials?|functions?)\s+"
    r"(?:are|is)\s+(?:exactly\s+|precisely\s+|all\s+)?)?)(?P<function>[a-zA-Z]\s*\(\s*[a-z]\s*\)\s*=\s*[^=,;:]{1,60}?)"
    r"\s*,?\s+(?i:where|with|for)\s+(?:(?i:any|an\s+arbitrary|every)\s+(?i:real)\s+(?i:constant|number)\s+(?P<param2>[a-z])|"
    r"(?P<param>[a-z])\s+(?i:is|may\s+be|can\s+be|being)\s+(?i:any|an\s+arbitrary|arbitrary)\s+(?i:real)\s+(?i:constant|number))"
    r"\s*[.!]?")


# a qualifier restricting the domain an answer holds on ("for every even positive integer $a$", "for all odd $n$"):
# part of the answer, unlike a domain that only names the numbers the question asks among
_RESTRICTED = lazy_compile(r"(?i)\$[^$]*\$[^$]{0,10}\bfor\s+(?:all|any|every|each)\s+(?:[a-z-]+\s+){0,2}?(?:odd|even|prime|"
                           r"composite)\b")


def concludes(text: str) -> bool:
    """Does the last sentence of ``text`` state a conclusion ("So ...", "Therefore ...", "In total ...")?"""
    sentences = split_sentences(text[-2000:])
    return bool(sentences and _CONCLUSION.search(sentences[-1]))


def opens_steps(text: str) -> bool:
    """Does ``text`` open with the first step of a derivation ("Step 1: ...")?"""
    return bool(_FIRST_STEP.match(text.lstrip("\n")))


def plain_dollars(text: str) -> str:
    """``text`` with a dollar sign written as a math span (``$\\$$45``) as a plain one (``\\$45``)."""
    return _DOLLAR_SPAN.sub(r"\\$", text) if "$\\$$" in text else text


def _given_clauses(line: str, pos: int) -> Iterator[re.Match[str]]:
    """The matches of ``_GIVEN_CLAUSE`` written without its first space's lookbehind, as ``finditer`` from ``pos``
    finds them, in linear time. Without the lookbehind, a match starting inside a run of spaces has a match from
    the run's first space (or the comma before it) reaching the same end, tried earlier; so only where the search
    resumes inside a run (``pos`` right after a space) is that start the first tried, and it is tried there."""
    while pos <= len(line):
        m = _GIVEN_CLAUSE_AT.match(line, pos) if pos and line[pos - 1].isspace() else None
        m = m or _GIVEN_CLAUSE.search(line, pos)
        if m is None:
            return
        yield m
        pos = m.end()


def _main_clause(line: str) -> str:
    """``line`` without a clause of its last sentence that restates a given right after the value ("she has 18
    dollars left after spending 5 dollars", "5 hours for 3 workers"; not "we solve for $x$ ...")."""
    sentences = split_sentences(line)
    start = line.rfind(sentences[-1]) if sentences else 0
    for m in _given_clauses(line, max(start, 0)):
        if _VALUE_BEFORE.search(line, start, m.start()) and not SPAN.search(line, m.start()) \
                and not _STATED_AFTER_CLAUSE.search(line, m.start()):
            return line[:m.start()]
    return line


# what the sentence goes on to state after a clause: values a colon introduces, a conclusion "so" draws ("Factor
# pairs of 6 with x < y: (2, 3) and (1, 6).", "... |n| ≤ 2 for integers, so n ∈ {0, ±1, ±2}.", "6 favourable outcomes
# out of 36, so the probability is ...")
_STATED_AFTER_CLAUSE = lazy_compile(r"[A-Za-z]\s*:\s+[($\[{]?[-−]?\d|,\s+so\s+")


# "**Answers:** (a) yes; (b) $12$": the line's heading before its first label
_ANSWERS_OPENING = lazy_compile(r"(?i)^[\s*#]*+(?:final\s++)?answers?\s*+[:：]?[\s*]*+(?=[(（])")
# a part answered yes or no ("(a) Yes. (b) 12."): a verdict, no number (other words are no part's answer by this
# reading: "(1) hello (2) world", "(2) none")
_VERDICT_PART = lazy_compile(r"(?i)[\s*]*+(?:yes|no|true|false|是|否)[\s*]*+[.,;；，。]?\s*+")


def numbered_line(line: str) -> str:
    """A line of answers to numbered or lettered parts ("(1) $a = 2$ (2) $b = -3$", "（1）$q = 2$；（2）$S_3 = 7$。",
    "(a) 12 (b) 5", "**Answers:** (a) yes; (b) $12$"): the parts written "(1) ... (2) ..." without math delimiters, when
    the line opens with the first label (after an "Answers:" heading) and its labels run in order with math, a number
    or a yes / no after each; else ""."""
    line = _ANSWERS_OPENING.sub("", line.strip(), count=1)
    labels = list(PART_LABEL.finditer(line))
    if len(labels) < 2 or labels[0].start() != 0 or labelled_run(labels) != labels:
        return ""
    ends = [m.start() for m in labels[1:]] + [len(line)]
    parts = [line[m.end():end] for m, end in zip(labels, ends)]
    if not all(SPAN.search(part) or re.search(r"\d", part) or _VERDICT_PART.fullmatch(part) for part in parts):
        return ""
    unwrapped = (SPAN.sub(lambda m: next(g for g in m.groups() if g is not None), part) for part in parts)
    return " ".join(f"({k}) {part.strip().strip(',;，；。').rstrip('.').strip()}" for k, part in enumerate(unwrapped, 1))


# what a part's answer reduces to, to be read so: a number, a fraction, a root or pi, with a unit of letters
_PART_VALUE_ONLY = lazy_compile(r"[-−]?(?:\d+(?:\.\d+)?(?:/\d+)?|√\d+|\\sqrt\{\d+\}|π|\\pi)(?:\s*[a-zA-Z°%/²³]{1,8})?")


def _numbered_lines(lines: list[str]) -> str:
    """The answers of closing lines that each open with a part's label, in any order of writing ("(2) The other leg
    is 12." then "(1) The hypotenuse is 5."): "(1) 5 (2) 12", in the parts' order, when the labels are 1, 2, ... (or
    a, b, ...) each once, at least two, and every line states a number; else ""."""
    found: dict[str, str] = {}
    for raw in reversed(lines[-9:]):
        line = raw.strip().lstrip("*#").strip()
        label = PART_LABEL.match(line)
        if label is None:
            break
        if label.group("label") in found or not re.search(r"\d", raw[label.end():]):
            return ""
        value = reduce_sentence(strip_wrappers(line[label.end():]))
        found[label.group("label")] = value.rsplit("=", 1)[-1].strip()  # "(2) 2 × 3 = 6": the value its chain ends on
    first = "1" if "1" in found else "a"
    order = [chr(ord(first) + k) for k in range(len(found))]
    if len(found) < 2 or sorted(found) != order or not all(_PART_VALUE_ONLY.fullmatch(found[k]) for k in order):
        return ""  # (a step "2³ = 9" or words are no part's value)
    return " ".join(f"({k + 1}) {found[label]}" for k, label in enumerate(order))


# a part's answer labelled by its part: after the value, "$3$ (part a)", "$7$ (for part (b))"; before it, "part (a):
# $3$", "for part b, $7$", "(b) $7$", "**(a)** is $3$" (a value: a math span, a box or a number). A number's digits
# start after no digit: a match starting inside a run of digits is never the one finditer returns (a match from the
# run's first digit is tried first and reaches the same end), and trying each digit of a long numeral as a start
# was quadratic (100,001 digits then " (east)": minutes); a \( span holds no \( of its own (tex_delimited)
_PART_VALUE = r"(?:\$[^$]+\$|" + tex_delimited("\\(", "\\)", lines=True) + r"|\\boxed\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|-?(?<!\d)\d+(?:\.\d+)?(?:/\d+)?)"
_PART_NAME = r"(?i:(?:for\s+)?part)\s*(?:\(\s*(?P<{0}>[a-h1-9])\s*\)|(?P<{1}>[a-h1-9])\b)"
_LABELLED_PART = lazy_compile(
    r"(?P<after>%s)\s*\(\s*%s\s*\)|(?:%s|(?<![\w\\])\(\s*(?P<bare>[a-h1-9])\s*\))(?:\s|\*\*|[:：,=]|\bis\b)*"
    r"(?:(?i:local|global|absolute|maximum|minimum|max|min|value|the)\b[ \t:]*+){0,3}"  # "(a) local max $f(-1)=2$"
    r"(?P<before>%s)" % (_PART_VALUE, _PART_NAME.format("l1", "l2"), _PART_NAME.format("l3", "l4"), _PART_VALUE))


_OPENING_LABEL = lazy_compile(r"[\s*#]*(?:(?i:so|thus|hence|therefore|answers?)\b[\s,:]*|[A-Z][A-Za-z'’ -]{1,30}:\s*)?"
                              r"\(\s*[a-h1-9]\s*\)")  # (after a lead-in: "By Vieta: (1) 7 (2) 10")


def labelled_parts(line: str) -> str:
    """A line answering a question's parts with each value labelled by its part, in any order of writing ("$3$
    (part a) and $7$ (part b)", "part (b): $7$, part (a): $3$"): the answers in the parts' order, "(1) 3 (2) 7"; ""
    unless two or more parts are labelled, each once, lettered a, b, ... or numbered 1, 2, ... without a gap, and
    every math span of the line is one of them. Parts answered in order are ordered (the grading conventions): the
    k-th label answers the k-th part, wherever it is written."""
    if "part" not in line.lower() and "(" not in line:
        return ""
    found: dict[int, str] = {}
    spans = 0
    for m in _LABELLED_PART.finditer(line):
        label = next(m.group(g) for g in ("l1", "l2", "l3", "l4", "bare") if m.group(g))
        value = m.group("after") or m.group("before")
        index = int(label) if label.isdigit() else ord(label.lower()) - ord("a") + 1
        if index in found:
            return ""
        found[index] = value
        spans += value.startswith(("$", "\\(", "\\boxed"))
    if len(found) < 2 or sorted(found) != list(range(1, len(found) + 1)) or len(SPAN.findall(line)) > spans:
        return ""
    if "part" not in line.lower() and not _OPENING_LABEL.match(line):
        return ""  # bare labels only as a line of parts ("(b) $7$ (a) $3$"): mid-line, "(1)" may cite an equation
    unwrapped = []
    for k in sorted(found):
        value = found[k]
        inner = SPAN.fullmatch(value)
        value = next(g for g in inner.groups() if g is not None) if inner else value
        boxed = re.fullmatch(r"\\boxed\{(.*)\}", value.strip())
        unwrapped.append((boxed.group(1) if boxed else value).strip())
    return " ".join(f"({k}) {v}" for k, v in enumerate(unwrapped, 1))


# a line rejecting another candidate ("The other candidate, x = 3, does not work.")
_REJECTS_OTHER = lazy_compile(r"(?i)\b(?:does\s+not|doesn't)\s+(?:work|satisfy)|\b(?:is|are)\s+(?:extraneous|rejected|invalid)\b")


# a closing sentence about the asked thing counting in words what the question asks how many of: "The polyhedron has
# twelve edges." to "How many edges does it have?" (a definite subject opening it; not "one", a pronoun as often as a
# number)
_COUNT_IN_WORDS = lazy_compile(r"(?i)\s*+(?:(?:so|thus|therefore|hence|in\s+total|altogether)\s*+,?\s++)?"
                               r"(?:the|this|our|it|there)\b[^,;:.!?()\n]{0,40}?\b"
                               r"(?:has|have|had|is|are|was|were|makes?|gives?|equals?|totals?)\s+"
                               r"(?P<count>(?:" + "|".join(w for w in (*ONES, *TENS) if w != "one") + r")(?:[- ](?:"
                               + "|".join(ONES) + r"))?)\s+(?P<noun>[a-z]+)")
_HOW_MANY = lazy_compile(r"(?i)\bhow\s+many\s+(?P<noun>[a-z]+)")


def _asked_count(line: str, question: str | None) -> bool:
    """Does ``line`` state in words a count of what the question asks how many of ("The polyhedron has twelve
    edges." to "... How many edges does it have?")? Such a line is the answer, not a closing remark."""
    asked = _HOW_MANY.search(question) if question and "many" in question else None
    if asked is None:
        return False
    noun = asked.group("noun").lower().rstrip("s")
    m = _COUNT_IN_WORDS.match(line)  # a sentence about the asked thing ("The polyhedron has ...", "There are ...")
    return m is not None and m.group("noun").lower().rstrip("s") == noun  # (not "Each cow has four legs.")


# a Chinese sentence supposing another case: "若把 $\ge$ 改成 $>$，……", "如果……"
_CJK_SUPPOSED = lazy_compile(r"\s*(?:若(?!干)|如果|假如|假设|倘若|要是)")
# a Chinese sentence closing on a dash and a short conclusion in words ("……的实数对——**恒成立**。"), and what hedges one
_CJK_DASHED = lazy_compile(r"——\s*+(?:\*\*)?(?P<said>[^*\d$\\——，,。.!！?？]{1,12}?)(?:\*\*)?\s*+[。.！!]?\s*+$")
_CJK_HEDGED = lazy_compile(r"也许|或许|可能|大概|或者|吗|呢|如果|假如|除非|似乎|好像|估计|证毕|得证|完毕")
# what leaves the conclusion after the dash undecided or narrower: a condition, a restriction, a claim not made
# ("若 $x>0$——", "而对 $x\ge0$——", "所以我们不能断言——")
_CJK_LED_BY = lazy_compile(r"若|如果|假如|假设|对于|对\s*\$|当\s*\$|仅|只有|只在|不能|无法|不敢|难以|未必|不一定")
# a comment on the size or the kind of a value just displayed: "That's a tiny force.", "That's a blue-green photon.",
# "Tiny — about the weight of a grain of sand.", "That is comparable to Earth's own field." (no number, nothing turned)
_COMMENT_LINE = lazy_compile(r"(?i)\W*(?:(?:that'?s|this\s+is|it'?s|which\s+is)\s+)?(?:an?\s+)?(?:quite\s+|very\s+|really\s+)?"
                             r"(?:tiny|small|minuscule|negligible|modest|sizable|large|huge|enormous|reasonable|plausible|"
                             r"sensible|realistic|comparable\s+to|similar\s+to|close\s+to|typical\s+(?:of|for)|"
                             r"(?:roughly|about|around|approximately|nearly|almost)\s+(?:one|two|three|half|a)\s+(?:extra\s+)?[a-z]+|"
                             r"(?:red|orange|yellow|green|blue|violet|blue-green|yellow-green|cyan)\s+(?:photon|light)|"
                             r"in\s+the\s+(?:visible|infrared|ultraviolet|uv|x-ray|microwave|radio)\s+(?:range|region|band|part))"
                             r"\b(?![^.!?]*\b(?:too|but|though|however|wrong|not|no|or|if|hmm|seems?|"
                             r"should|must|actually|instead|recheck\w*|redo|again|times|half|double|twice)\b)"
                             r"[^\d$\\\n]{0,100}")
# a displayed chain closing on a value: "$$F = \\frac{G m_1 m_2}{r^2} = ... \\approx 1.67\\times10^{-5}\\ \\text{N}$$"
_DISPLAYED_VALUE = lazy_compile(r"(?:\$\$|\\\[)[^$]*?(?:=|\\approx|≈)[^$]*\d[^$=]*(?:\$\$|\\\])[.,]?")


# a Chinese line that is only a verdict, after a label: "结论：是。", "答：否。"
_CJK_BARE_VERDICT_LINE = lazy_compile(r"(?:结论|答|综上)\s*[:：，,]?\s*(?:是的?|不是|否)\s*[。！!]?")


def _answers_in_words(line: str, question: str | None) -> bool:
    """To a yes/no ``question``, does ``line`` answer it in words, with no conclusion word ("**The sequence
    diverges**." to "Does the sequence converge?"): the claim it asks or the property, stated outright?"""
    if not question or not asks_yes_no(question):
        return False
    words = line.replace("**", "").strip()
    said = claim(words)
    return said is not None and said[0] != "yes" or states_asked_property(words, question) \
        or bool(_CJK_BARE_VERDICT_LINE.fullmatch(words))  # "结论：是。" after the proof


# a formula written in plain text: a letter or a bracket, then "=" and a letter ("y(x) = A sin x", "f = g")
_PLAIN_FORMULA = lazy_compile(r"(?:\b[A-Za-z]|\))\s*=\s*[A-Za-z(]")


def _remark(line: str) -> bool:
    """Is ``line`` a remark that states nothing: no number, no math, no conclusion word, nothing taken back
    ("Think: Now the Smiths know how many loads they need.", "Do you buy cupcakes for parties?"), or only a
    confirmation of what came before ("I think that's correct. I don't see any mistakes, so I'll go with that.")?"""
    if re.search(r"[\d$\\]", line) or _PLAIN_FORMULA.search(line):
        return False  # (nor "y(x) = A sin x + B cos x, A, B ∈ ℝ.": a formula without digits)
    if not _CONFIRMATION_LEFT.sub("", _CONFIRMATION.sub("", line)):
        return True
    return bool(_INVENTED_TURN.match(line)) or not (_CONCLUSION.search(line) or _RETRACTS.search(line))


# a line about the answer's form, not its value ("The answer should be a common fraction.", "We need the answer in
# simplest radical form.", "答案应该是一个 0 到 1 之间的数。"): the grading conventions' statement of form commits to nothing
_FORM_STATED = lazy_compile(
    r"(?i)^\W*(?:(?:so|but|now|and|also|note\s+that|remember(?:\s+that)?|recall(?:\s+that)?)\W+)*(?:the\s+(?:final\s+)?"
    r"(?:answer|result)\s+(?:should|must|needs?\s+to|has\s+to|will|is\s+to|ought\s+to)\s+be\s+|(?:we|i)\s+(?:need|want|must\s+give|"
    r"should\s+give)\s+(?:the\s+)?answer\s+)(?:(?:expressed|written|given|stated)\s+)?(?:(?:as|in)\s+)?(?:(?:a|an|one|the)\s+)?"
    r"(?:[a-z-]+\s+){0,3}(?:numbers?|integers?|values?|fractions?|expressions?|decimals?|forms?|notation|terms|"
    r"intervals?|sets?|radicals?|percentages?|words?|units|pairs?|tuples?)\b(?:\s+(?:form|notation))?[^.!?\d$\\]{0,40}"
    r"[.!]?\s*$"
    r"|^\W*(?:所以|因此|注意)?[，,]?\s*答案(?:应该|应当|应|必须|一定)(?:是|为)(?:一个)?[^。！!，,]{0,24}?"
    r"(?:数|整数|分数|小数|值|形式|区间|集合)[。.！!]?\s*$")
# a line that only supposes ("Hmm, if it asked for the 10th term instead, it would be 29. But it asks for the sum."):
# every sentence of it with a value is a hypothetical, which commits to nothing
_SUPPOSING = r"(?i)^\W*(?:(?:hmm+|but|now|and|also|oh|well|wait|remark|note|aside)\W+)*(?:if|had|suppose|supposing|were)\b"
_HYPOTHETICAL = lazy_compile(_SUPPOSING + r"[^.!?]{0,200}?\bwould(?:n't|\s+not)?\b")
# ... or with a contraction: "If the integrand had been $1/x$, we'd get divergence" (not one the reply holds to: "as we
# must here", "which is the required total", "but the area is 12")
_HYPOTHETICAL_D = lazy_compile(_SUPPOSING + r"[^.!?]{0,200}?\b(?:we|it|you|they|i|one|that|this)'d\b")
_HELD_TO = lazy_compile(r"(?i)\b(?:but|which\s+is|here|indeed|actually|so|thus|therefore|must|required|given|as\s+asked)\b")


def form_stated(line: str) -> bool:
    """Does ``line`` state the answer's form, not its value ("The answer should be a common fraction.")?"""
    return bool(_FORM_STATED.search(line.strip().strip("*").strip()))


# a closing line supposing another case, in the conditional: "Without the point 0 the set would not be closed ..."
_SUPPOSED_OTHER_CASE = lazy_compile(r"(?i)\s*(?:without|if\s+instead|had|were)\b[^.\n]{1,160}?\bwould\b[^\n]*$")


def _supposes_only(line: str) -> bool:
    """Is every sentence of ``line`` that holds a value a hypothetical ("If it asked for the 10th term, it would be
    29.")? Then the line supposes, and states nothing."""
    valued = [s for s in split_sentences(line) if re.search(r"[\d$]|\\\(", s)]
    return bool(valued) and all(_HYPOTHETICAL.search(s) or _MUSED.search(s)
                                or _HYPOTHETICAL_D.search(s) and not _HELD_TO.search(s) for s in valued)


# a line wholly in brackets: "(Its angular frequency is 4π rad/s.)", "(≈ 3.97 × 10⁻¹⁹ J)."
_WHOLLY_BRACKETED = lazy_compile(r"\s*\((?P<body>[^()]*(?:\([^()]*\)[^()]*)*)\)\s*[.!]?\s*")
# a value with its unit closing a line: "= 30 s⁻¹.", "= 2.48 eV", "$v = 20\ \text{m/s}$."
_VALUE_UNIT_END = lazy_compile(r"\d\s*(?:\\[,;: ]|~|\s)*(?:\\(?:text|mathrm)\s*\{)?\s*(?:[A-Za-zμΩÅ°][A-Za-zμΩÅ°/·⁻¹²³^{}\-]{0,10})\}?"
                             r"\s*\$*\s*[.!]?\s*$")


def _bracketed_other_value(line: str, before: str, question: str | None = None) -> bool:
    """Is ``line`` wholly in brackets, stating a value (the same one in another unit, or another quantity: "(The
    angular velocity would be ω = 2πf ≈ 188 rad/s, but that is not what's asked.)", "(Its angular frequency is 4π
    rad/s.)", "(≈ 3.97 × 10⁻¹⁹ J).") after a line ending on a value with its unit, taking nothing back and
    concluding nothing? The value before it is the answer."""
    m = _WHOLLY_BRACKETED.fullmatch(line)
    if m is None or not re.search(r"\d", m.group("body")) or not _VALUE_UNIT_END.search(before.strip()[-200:]) \
            or not _OTHER_VALUE_OPENING.match(m.group("body")):
        return False
    body = m.group("body")
    if question:
        from .compare.asked import asked_unit  # (the comparison package reads the reader: imported when used)

        if asked_unit(question) or re.search(r"(?i)\bin\s+(?:units\s+of\s+)?[a-z]", _asking_sentence(question)):
            return False  # ("... in miles per hour?": a restatement may be the value asked)
    named = _BRACKET_QUANTITY.match(body)
    if named and question and re.search(r"(?i)\b%s\b" % re.escape(named.group("quantity").strip()),
                                        _asking_sentence(question)):
        return False  # ("(Its angular velocity is ω = 60π rad/s.)" to "What is its angular velocity?": the value asked)
    return not _RETRACTS.search(body) and not CONCLUSION_WORD.search(body) and "answer" not in body.lower() \
        and not re.search(r"(?i)\b(?:correct\w*|should|must|mistake|wrong|actually|check\w*|slip\w*|revis\w*|"
                          r"off\s+by|redo|error|in\s+fact|given|using|with|once|instead|exact\w*)\b", body)


# the quantity a bracket names first: "(Its angular frequency is ...", "(The angular velocity would be ..."
_BRACKET_QUANTITY = lazy_compile(r"(?i)\s*(?:its|the)\s+(?P<quantity>[a-z]+(?:\s+[a-z]+){0,2}?)\s+(?:is|would\s+be|=|equals)\b")


# how a bracket stating another value opens: "(Its angular frequency ...", "(The angular velocity would be ...",
# "(≈ 3.97 × 10⁻¹⁹ J)", "(i.e. ..." (not "(roughly 80 mph)": a restatement in words, read as before)
_OTHER_VALUE_OPENING = lazy_compile(r"(?i)\s*(?:its|the|this|that|i\.\s?e\.)\b|\s*[≈~]")


# a chain closing on a value and its unit: "p = ρgh = 1000 × 9.8 × 10 = 9.8 × 10⁴ Pa"
_CHAIN_UNIT_END = lazy_compile(r"=[^=\n]{0,60}\d(?:[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+|\^\{?[-−]?\d{1,3}\}?)?\s*(?:\\[,;: ]|~|\s)*(?:\\(?:text|mathrm)\s*\{)?\s*"
                               r"[A-Za-zμΩÅ°][A-Za-zμΩÅ°/·⁻¹²³^{}\-]{0,10}\}?\s*[.$]*\s*$")


_CONVERGENCE_ASKED = lazy_compile(r"(?i)converg|diverg|收敛|发散")
# a sentence conceding a property after the verdict ("It is not differentiable there, though: ..."): another property
# than the one asked only when it names none of the question's words (not "It does not converge, though: ...")
_CONCEDED_OTHER = lazy_compile(r"(?i)(?<=[.!])\s++(?=(?:it|this|the\s+[a-z]+)\s+(?:does\s+not|doesn't|is\s+not|isn't)\s+"
                               r"[^.!?\n,]{1,40},\s*though\b)(?![^\n]*\b(?:wait|actually|answer|mistake|wrong|correct\w*|so|thus|"
                               r"hence|therefore|misread)\b)[^\n]*$")
# a closing line conceding something else after the verdict: "It does not converge absolutely, though: ..."
_CONCEDED_LINE = lazy_compile(r"(?i)\s*[^.:;\n()]{0,80}?\b" + QUALIFYING_ADVERB + r"\b[^.:;\n(),]{0,40},\s*though\s*[:.;!]"
                              r"(?![^\n]*\b(?:wait|actually|answer|mistake|wrong|correct\w*|so|thus|hence|therefore)\b)")


def _without_remarks(lines: list[str], question: str | None = None) -> list[str]:
    """``lines`` without up to ``_REMARKS`` closing remarks or afterthoughts (a check, a reason), when the line before
    them concludes with a number ("So the Smiths need 3 loads of laundry."); unchanged otherwise."""
    kept = len(lines)

    def passed_over(line: str, before: str) -> bool:
        if _asked_count(line, question) or question and _names_winner(line, question):
            return False  # ("The polyhedron has twelve edges.", "Alice will take the last stone.": the answer)
        return _remark(line) and not _answers_in_words(line, question) or afterthought(line) or _rejects_other(line) \
            or _confirming_aside(line, before, question) or trivia_aside(line, question) \
            or _checked_line(line, before, question) or _bracketed_other_value(line, before, question) \
            or _explaining_aside(line, before, question) \
            or bool(question and _CONCEDED_LINE.match(line) and _states_verdict(before, question))

    while kept > 1 and len(lines) - kept < _REMARKS and passed_over(lines[kept - 1], lines[kept - 2]):
        kept -= 1  # (a line checking or explaining the answer, "Check: 2(5) + 1 = 11.", passed over as a remark is)
    before = lines[kept - 1] if lines else ""
    if kept < len(lines) and question and all(_other_remark(line, question) or aside_on_other_object(line, question)
                                              or _CONVERSE_ASIDE.match(line) and asks_yes_no(question)
                                              and not _RETRACTS.search(line)
                                              or _CONCEDED_LINE.match(line) and _states_verdict(before, question)
                                              for line in lines[kept:]):
        return lines[:kept]  # ("(The smallest non-abelian group, $S_3$, has order 6.)" after a claim in words)
    if kept < len(lines) and re.search(r"\d", before) and (
            concludes(before) or _BARE_VALUE.fullmatch(before.strip())
            or (_DISPLAYED_VALUE.fullmatch(before.strip()) or _CHAIN_UNIT_END.search(before.strip()[-200:]))
            and all(_COMMENT_LINE.fullmatch(line.strip()) for line in lines[kept:])
            or all(_confirming_aside(line, before, question) or trivia_aside(line, question)
                   or _checked_line(line, before, question) or _bracketed_other_value(line, before, question)
                   or _explaining_aside(line, before, question) for line in lines[kept:])):
        # ("x = 5" alone on its line states it as a conclusion does; a result checked in an aside that takes
        # nothing back, "(Check: 3·(7/3) − 4 = 3 ✓)", or followed by one telling something else, "(For comparison the
        # ground-state radius is 0.529 Å.)", is the result the response closes with)
        return lines[:kept]
    return lines


# the rest of a line wholly in parentheses, after its opening words (brackets nested once inside it)
_REST_IN_PARENTHESES = r"[^()]*+(?:\([^()]*+(?:\([^()]*+\)[^()]*+)*+\)[^()]*+)*+\)[.\s]*"  # (nested twice: "f(f(x))")
# a sentence wholly in parentheses, in words: "(She can, e.g., reduce the heap of 3 to 1.)"
_PARENTHESISED = lazy_compile(r"\s*\((?=[^()]{0,40}?[A-Za-z]{3,}\s+[A-Za-z]{2,})" + _REST_IN_PARENTHESES)
# a closing aside in parentheses telling something else: "(Fun fact: ...)", "(Side note: ...)", "(By the way, ...)",
# "(Historically, some mathematicians did list 1 as prime.)", "(For comparison the ground-state radius is 0.529 Å.)" (not "(Indeed the roots are 2 and 5.)": a check, which
# may state the answer asked)
_TRIVIA_ASIDE = lazy_compile(r"(?i)\s*\((?:fun\s+(?:fact|aside)|side\s+note|aside|trivia|by\s+the\s+way|incidentally|"
                             r"for\s+comparison|compare|contrast|historically|in\s+history|in\s+the\s+past)\b"
                             + _REST_IN_PARENTHESES)
# an aside in brackets marked as a curiosity: "(Amusingly, ...)", "(Interestingly, ...)", "(Fun fact: ...)"
_MARKED_TRIVIA = lazy_compile(r"(?i)\s*\(\s*(?:amusingly|interestingly|curiously|funnily(?:\s+enough)?|fun\s+fact|remarkably|"
                              r"surprisingly|notably)\b"
                              # ... or a line opening so: "A fun contrast: ...", "*Curious aside:* ..."
                              r"|\s*(?:[*_]{1,2})?(?:an?\s+)?(?:fun|nice|curious|cute|amusing|interesting)\s+(?:contrast|fact|"
                              r"aside|twist)\s*(?:[*_]{1,2})?\s*:")
# a clause on what a method could not have shown: ", so no single reduction mod $p$ could have proved this"
_ON_A_METHOD = lazy_compile(r"(?i),?\s*so\s+no\s+[^.()]{0,80}?\b(?:could|can|would)\s+(?:ever\s+)?(?:have\s+)?"
                            r"(?:prove[dn]?|show[n]?|detect(?:ed)?|decided?|settled?)\s+(?:this|it|that)\b"
                            # ", so irreducibility over $\mathbb{Q}$ can't be detected by reducing mod a single prime"
                            r"|,?\s*so\s+[^.()]{0,80}?\b(?:can['’]t|cannot|can\s+not|couldn['’]t|could\s+not)\s+be\s+(?:detected|proved|"
                            r"proven|shown|decided|settled)\s+by\b")
# an aside in brackets, or a remark, on the converse of the statement asked: "(The converse, however, is true: ...)",
# "Remark: the converse is false — ..."
_CONVERSE_ASIDE = lazy_compile(r"(?i)\s*(?:\(\s*|(?:[*_]{1,2}\s*)?(?:remark|note)\s*[:.]\s*(?:[*_]{1,2}\s*)?)"
                               r"(?:but\s+|note\s*:?\s*|by\s+contrast,?\s+)?the\s+(?:converse|inverse|reverse\s+implication)\b")
# a place in modular arithmetic: "modulo every prime $p$", "mod $p$", "over $\mathbb{F}_p$"
_MODULAR_PLACE = lazy_compile(r"(?i)\b(?:modulo|mod)\s+(?:every|each|any|all|some)?\s*(?:primes?|\$)|\\mathbb\s*\{?F\}?_")
# what makes an aside answer instead of telling something else: a value for a letter, "must be", a correction
_ASIDE_ANSWERS = lazy_compile(r"(?i)[a-z]\s*=\s*[-−]?\d|\bmust\s+be\b|\banswer|≠|\bcorrect\w*|\bmis\w+|\bscratch\b|"
                              r"\breal\b|\bactual\w*")
# an aside checking the result before it: a parenthesised check ("(Check with energy: v = √(2gh) = 20 m/s ✓)")
_ASIDE_CHECK = lazy_compile(r"(?i)\s*\((?:sanity\s+|double[- ])?check(?:ing)?\b" + _REST_IN_PARENTHESES)
_ASIDE_NUMBER = lazy_compile(r"\d+(?:\.\d+)?(?:/\d+)?")
# what would make a check correct the result or conclude one of its own instead of confirming it ("should be", "≠",
# "not 50", "so the product is 10", "the area is then 25", "which is 2 too many; x = 5")
_CHECK_CORRECTS = lazy_compile(r"(?i)\b(?:should|not|fails?|doesn't|does\s+not|so|thus|therefore|hence|then|but|which|"
                               r"instead|mixed|mis\w+|need|needs|must|too|right|actual(?:ly)?|recomput\w*|gives?|"
                               r"slip\w*|redo|revised?|correct\w*|off|fix\w*|vs|versus|wait)\b"
                               r"|≠|\\neq?\b|✗|✘|[;—]")


_COMPARISON = lazy_compile(r"(?i)\s*\((?:for\s+comparison|compare)\b")
_COMPARISON_CORRECTS = lazy_compile(r"(?i)\b(?:right|correct\w*|wrong|mistake\w*|actually|instead|should|recomput\w*|"
                                    r"redo\w*|re-?check\w*|fix\w*|oops)\b")
# a closing sentence wholly in brackets at the end of a line (brackets nested once inside it)
ASIDE_AT_END = lazy_compile(r"(?<=[.!?])\s*+\([^()]*+(?:\([^()]*+(?:\([^()]*+\)[^()]*+)*+\)[^()]*+)*+\)[.\s]*$")


# a closing aside in parentheses contrasting another object with the one answered about: "(By contrast,
# $\lim_{x\to0}x\sin\frac1x=0$ does exist, by squeezing.)", "(It is, however, surjective, since ...)"
_CONTRAST_ASIDE = lazy_compile(r"(?i)\s*\((?:(?P<contrast>(?:by|in)\s+contrast)\b|(?:it|this|that|they|[a-z]\w{0,3})"
                               r"(?:\s+is|\s+are|'s)?\s*,\s*however\s*,)" + _REST_IN_PARENTHESES)
# what makes a contrasting aside add to the answer or take it back: "too", "also", "after all", "on second thought"
_ASIDE_ADDS = lazy_compile(r"(?i)\b(?:too|also|as\s+well|after\s+all|second\s+thought|careful\w*|in\s+fact|really|"
                           r"rather|answer|instead|either|anyway)\b")
# another object an aside names: "the product of the roots" (a noun the question does not use, of one it does)
_OTHER_OF = lazy_compile(r"(?i)\bthe\s+(?P<noun>[a-z]{3,})\s+of\s+(?:the\s+)?(?P<of>[a-z]{3,})")


# a math span's formula without spacing, braces and brackets
_FORMULA_NOISE = lazy_compile(r"\s+|\\left|\\right|[{}()]")


# an ellipsis in a formula: a sum or a sequence written out
_ELLIPSIS = lazy_compile(r"\\[cl]?dots|\.\.\.|…")


def _another_object(aside: str, question: str) -> bool:
    """Does a "By contrast" ``aside`` name an object the question does not: a formula it does not write (the side
    before "=" of a span that is not a bare value: "$\\lim_{x\\to0}x\\sin\\frac1x=0$" to a question on
    "$\\lim_{x\\to0}\\sin(1/x)$"), or "the product of the roots" to a question on their sum?"""
    asked = _FORMULA_NOISE.sub("", question)
    for span in SPAN.finditer(aside):
        formula = next(g for g in span.groups() if g is not None).split("=")[0]
        key = _FORMULA_NOISE.sub("", formula)
        named = re.sub(r"\\(?:sqrt|pm|mp|d?frac|pi|cdot|times|infty)(?![A-Za-z])", "", key)  # a value is no object
        # (a letter is another object only unassigned and not the question's: "$S_3$", not "$x=7$")
        letter = re.fullmatch(r"[A-Za-z](?:_\w)?", key)
        if letter and ("=" in span.group() or re.search(r"(?<![A-Za-z\\])%s(?![A-Za-z])" % re.escape(key[0]), question)):
            continue
        if re.search(r"[A-Za-z]", named) and key not in asked and not _ELLIPSIS.search(formula):
            return True  # (not a sum written out, "$1+\frac12+\frac13+\cdots$": maybe the question's, expanded)
    asked_indexed = {_indexed_key(m) for m in _INDEXED_NAME.finditer(question)}
    if any(key[0] in {k[0] for k in asked_indexed} and key not in asked_indexed
           for key in (_indexed_key(m) for m in _INDEXED_NAME.finditer(aside))):
        return True  # "(By contrast K₅, where every degree is 4, does have one.)" to a question on $K_6$
    words = set(re.findall(r"[a-z]{3,}", question.lower()))
    if any(m.group("noun").lower() not in words and m.group("of").lower().rstrip("s") in
           {w.rstrip("s") for w in words} for m in _OTHER_OF.finditer(_EMPHASIS.sub("", aside))):
        return True
    # another count than the question's: "(By contrast, continuous functions taking every value exactly three times
    # do exist.)" to "... takes every real value exactly twice?"
    asked_counts = {m.group().lower() for m in _TIMES_COUNT.finditer(question)}
    said_counts = {m.group().lower() for m in _TIMES_COUNT.finditer(aside)}
    return bool(asked_counts) and bool(said_counts) and not asked_counts & said_counts


# how many times, in words: "twice", "three times", "5 times"
_TIMES_COUNT = lazy_compile(r"(?i)\b(?:once|twice|thrice|(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+times)\b")
# an object named by a capital letter and an index, in maths or plain text: "$K_6$", "K_{6}", "K₅", "S3"
_INDEXED_NAME = lazy_compile(r"(?<![A-Za-z\\])(?P<letter>[A-Z])(?:_\{?(?P<sub>\d{1,3})\}?|(?P<script>[₀-₉]{1,3})|(?P<plain>\d{1,3}))(?![\w₀-₉])")
_SCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _indexed_key(m: re.Match[str]) -> tuple[str, str]:
    """("K", "5") for "K₅", "K_5", "K_{5}" or "K5"."""
    return m.group("letter"), (m.group("sub") or m.group("plain") or m.group("script").translate(_SCRIPT_DIGITS))


# emphasis marks around a word: "the *sum* of", "the _product_ of", "the **sum** of"
_EMPHASIS = lazy_compile(r"(?<!\w)[*_]{1,2}(?=\w)|(?<=\w)[*_]{1,2}(?!\w)")


# a closing remark about something else, not in brackets: "*Aside:* by contrast, there is no bijection between $\\mathbb{N}$
# and $\\mathbb{R}$ ...", "By contrast, ..."
_REMARK_PARAGRAPH = lazy_compile(r"(?i)\s*(?:[*_]{1,2}\s*(?:aside|side\s+note)\s*:?\s*[*_]{1,2}\s*:?|(?:aside|side\s+note)\s*:)"
                                 r"|\s*(?:by|in)\s+contrast\s*,")
# a Chinese closing remark: in full-width brackets opening 补充 / 注 / 另外 ("（补充：在复数范围内它有两个解 $x=\\pm i$。）"), or a
# sentence opening 不过 / 但 / 另外 / 注意 ("不过要注意，它**不是**满射……")
_CJK_REMARK_LINE = lazy_compile(r"\s*(?:（\s*(?P<bracket>补充|注|另外|顺便)[^（）]{0,300}）|(?P<turn>不过|但是?|另外|注意|需要注意|值得注意)"
                                r"[^（）\n]{0,300})\s*[。.]?\s*")
_CJK_RETRACTS = lazy_compile(r"错|误|其实|实际上|事实上|更正|应该|应为|应是|不对|反而|重新|答案|弄反|反了|舍去|改为|修正|纠正|"
                             r"算错|看错|所以|因此|故|于是|从而|只在|只有|当|若|如果|时成立|这个性质|该性质|此性质|这一性质")
# what makes an English aside answer again or take the answer back: a conclusion, a correction, the answer named
_ASIDE_ANSWERS_AGAIN = lazy_compile(r"(?i)\b(?:so|thus|hence|therefore|in\s+fact|on\s+reflection|misread\w*|wrongly|"
                                    r"asked|requested|given|answer\w*|which\s+is|i\.\s?e\.|correct\w*|mistake\w*|strictly|"
                                    r"convention|really|recomput\w*|redo\w*|recheck\w*|instead)\b")
_CJK_CONCLUDES = lazy_compile(r"所以|因此|故|于是|从而|综上")
# a sentence wholly in brackets about another object: "(The smallest non-abelian group, $S_3$, has order 6.)"
_BRACKETED_SENTENCE = lazy_compile(r"\s*\((?=[^()]{0,10}[A-Za-z]{3,})" + _REST_IN_PARENTHESES)


# a closing remark marked as one, opening its sentence: "Remark:", "**Note.**", "Note that ...", "N.B.", "For comparison,",
# "By contrast,", "注意：", "注：", "补充："
_MARKED_REMARK = lazy_compile(r"(?i)\s*+\(?(?:[*_]{1,2}\s*+)?(?:remark|note(?:\s+that)?|n\.\s?b\.|side\s+note|aside|"
                              r"for\s+comparison|(?:by|in)\s+contrast|contrast)\b\s*+[.:,]?\s*+(?:[*_]{1,2})?\s*+[.:,]?"
                              r"|\s*+(?:[*_]{1,2})?(?:注意|注|补充|另外|顺便)\s*+[：:，,]")


def _signature(formula: str) -> tuple[str, ...]:
    """A formula's letters, commands and powers, sorted, without a sum's limits, with log as ln, an index letter k,
    m, i, j as n and a negative power as a power ("\\sum_{k\\ge2}\\frac{1}{k\\log k}" and "\\sum_{n=2}^{\\infty}
    \\frac{1}{n\\ln n}"; "\\frac{1}{1+n^2}" and "\\frac{1}{n^2+1}"; "k^{-2}" and "\\frac{1}{n^2}" sign alike)."""
    body = _SUM_LIMITS.sub(" ", formula).replace("\\log", "\\ln")
    tokens = [_INDEX_LETTER.sub("n", t).replace("-", "").replace("{", "").replace("}", "")
              for t in _TOKEN.findall(body) if t not in _NO_TOKEN]
    return tuple(sorted(tokens))


_SUM_LIMITS = lazy_compile(r"\\(?:sum|prod)(?:\\limits)?\s*(?:_\s*(?:\{[^{}]*\}|\S)\s*)?(?:\^\s*(?:\{[^{}]*\}|\\infty|\S))?")
_TOKEN = lazy_compile(r"\\[a-zA-Z]+|[a-zA-Z]|\^\s*\{?\s*-?\d+\s*\}?")
_NO_TOKEN = frozenset({"\\frac", "\\dfrac", "\\tfrac", "\\left", "\\right", "\\cdot", "\\infty", "\\ge", "\\geq", "\\le",
                       "\\leq", "\\displaystyle", "\\limits", "\\sum", "\\prod"})
_INDEX_LETTER = lazy_compile(r"^[kmij]$")


def _names_asked_object(sentence: str, question: str) -> bool:
    """Does ``sentence`` write a formula of three or more characters the question writes (its object), one holding a
    formula of the question's, one with the summand of the question's (indices and logarithms written either way), or
    a letter the question names?"""
    written = math_spans(question)
    asked = [a for a in (_FORMULA_NOISE.sub("", w) for w in written) if len(a) >= 3]
    signed = {sig for sig in map(_signature, written) if len(sig) >= 2}
    named = {m.group("name").replace("{", "").replace("}", "") for m in _NAMED_OBJECT.finditer(question)}
    for formula in math_spans(sentence):
        key = _FORMULA_NOISE.sub("", formula)
        if _signature(formula) in signed:
            return True  # ("$\\sum_{k\\ge2}\\frac{1}{k\\log k}$" to a question on "$\\sum_{n=2}^{\\infty}\\frac{1}{n\\ln n}$")
        if len(key) >= 3 and any(key in a or a in key for a in asked):
            return True
        plain = formula.replace("{", "").replace("}", "")
        if any(re.search(r"(?<![A-Za-z\\])%s(?![A-Za-z_])" % re.escape(name), plain) for name in named):
            return True  # ("$\\det A = 0$" to a question on "$A = \\begin{pmatrix}...$": its object, A)
    return False


# an object the question names: a letter (maybe with a subscript) opening a math span, set equal to something or
# written alone ("$A=\\begin{pmatrix}...$", "$f(x)=x^3$", "$F_1=(-3,0)$", "$K$")
_NAMED_OBJECT = lazy_compile(r"\$\s*(?P<name>[A-Za-z](?:_\{?\w{1,3}\}?)?)\s*(?:\([a-z]\)\s*)?(?:=|\$)")


def other_object_remark(sentence: str, question: str | None) -> bool:
    """Is ``sentence`` a remark marked as one (:data:`_MARKED_REMARK`) on another object than the question's: naming
    a formula the question does not write and none it writes, taking nothing back, concluding nothing, adding nothing
    ("Remark: the slightly modified series $\\sum \\frac{1}{n(\\ln n)^2}$ does converge ...", "Note that the square map
    $x\\mapsto x^2$, by contrast, is not injective" to a question on $x^3$)? It may state the property asked: of the other
    object."""
    if not question or not _MARKED_REMARK.match(sentence) or "answer" in sentence.lower() or "答案" in sentence \
            or not SPAN.search(question):
        return False  # (a question writing no formula: any formula could be its object written out)
    if _RETRACTS.search(sentence) or _ASIDE_ADDS.search(sentence) or _COMPARISON_CORRECTS.search(sentence) \
            or _ASIDE_ANSWERS_AGAIN.search(sentence) or not sentence.isascii() and (
                _CJK_RETRACTS.search(sentence) or _CJK_CONCLUDES.search(sentence)):
        return False
    return bool(_SET_APART.search(sentence)) and not _REFERS_BACK.search(sentence) \
        and _another_object(sentence, question) and not _names_asked_object(sentence, question)


def aside_on_other_object(line: str, question: str | None) -> bool:
    """Is ``line`` an aside set apart (wholly in brackets, or opening "Note that", "Remark:", "By contrast", "On the other
    hand") on an object the question does not write: a formula of its own (:func:`_another_object`), none of the
    question's (:func:`_names_asked_object`), taking nothing back, concluding nothing, adding nothing, referring back
    to nothing ("(On the other hand, $\\mathbb Z/6\\cong\\mathbb Z/2\\times\\mathbb Z/3$, since ...)" to a question on
    $\\mathbb{Z}/4\\mathbb{Z}$; "Note that $\\lim_{x\\to0} x\\sin(1/x)=0$ *does* exist." to one on $\\lim_{x\\to 0}
    \\sin(1/x)$)? It may state the property asked: of the other object, along the way, not the answer."""
    if not question or not SPAN.search(question) or not (_BRACKETED_SENTENCE.fullmatch(line) or _MARKED_REMARK.match(line)):
        return False
    if "answer" in line.lower() or _RETRACTS.search(line) or _ASIDE_ADDS.search(line) or _COMPARISON_CORRECTS.search(line) \
            or _ASIDE_ANSWERS_AGAIN.search(re.sub(r"(?i)\bwhich\s+is\b", " ", line)) or _REFERS_BACK.search(line) \
            or not line.isascii():
        return False  # ("which is" there says something of the other object: "..., which is closed and even compact")
    if not (_SET_APART.search(line) or _EMPHASISED_VERB.search(line)):
        return False  # (set apart as another object: "On the other hand", "by contrast", "*does* exist"; a note on the
        # object asked under another name, "$U(8)$ is cyclic", is not)
    return _another_object(line, question) and not _names_asked_object(line, question)


# a verb set in emphasis against the answer before it: "Note that $\lim_{x\to0} x\sin(1/x)=0$ *does* exist"
_EMPHASISED_VERB = lazy_compile(r"(?<![*\w])[*_](?:does|do|is|are|can|has|have)[*_](?![*\w])")


# a closing remark set apart as one on other objects, in plain words: "Compare with Σ 1/(n (ln n)^2), which does
# converge.", "(Every other number of edges from 6 upward is achievable.)", "..., but the question only asks about
# convergence."
_COMPARED_WITH = lazy_compile(r"(?i)\s*\(?\s*(?:compare\s+(?:this\s+|that\s+)?(?:with|to)|contrast\s+(?:this\s+|that\s+)?with|"
                              r"for\s+comparison)\b")
_EVERY_OTHER = lazy_compile(r"(?i)\s*\(\s*(?:every|all|any|each|the)\s+other\s+[a-z]")
_OFF_ASKED = lazy_compile(r"(?i)\bbut\s+(?:the\s+question|we\s+were|that\s+is\s+not\s+what)\s+(?:only\s+)?(?:asks?|asked|"
                          r"was\s+asked|is\s+asked)\b[^.]{0,60}[.!]?\s*$")


def _remark_on_others(remark: str) -> bool:
    """Is ``remark`` (a closing line, or a bracketed sentence closing one) set apart as being about other objects than
    the one the reply answers about, in plain words (:data:`_COMPARED_WITH`, :data:`_EVERY_OTHER`,
    :data:`_OFF_ASKED`), taking nothing back and answering nothing again?"""
    if "answer" in remark.lower() or _RETRACTS.search(remark) or _COMPARISON_CORRECTS.search(remark) \
            or _ASIDE_ANSWERS_AGAIN.search(re.sub(r"(?i)\b(?:which|that)\s+(?:is|does|do)\b", " ", remark)):
        return False
    return bool(_COMPARED_WITH.match(remark) or _OFF_ASKED.search(remark)
                or _EVERY_OTHER.match(remark) and remark.rstrip(" .").endswith(")") and not _EXCEPTED.search(remark))


# what makes an "every other" aside add to the answer: "(Every other number ... is achievable, except that 11 fails ...)"
_EXCEPTED = lazy_compile(r"(?i)\b(?:except|but|unless|apart\s+from|other\s+than|besides|also|too)\b")


def _states_verdict(text: str, question: str) -> bool:
    """Does the last sentence of ``text`` state a verdict (:func:`.meaning.claim`), or what the question asks
    (:func:`.meaning.defined_answer`, :func:`.meaning.states_asked_property`)?"""
    last = (split_sentences(text.strip().rsplit("\n", 1)[-1]) or [""])[-1]
    return claim(SPAN.sub(" x ", last)) is not None or defined_answer(last, question) is not None \
        or states_asked_property(last, question)


# an aside in brackets on the object modified: "(Removing any single edge, however, yields a planar graph.)"
_MODIFIED_OBJECT_ASIDE = lazy_compile(r"(?i)\s*\(\s*(?:adding|removing|deleting|replacing|dropping|contracting|subdividing)\s"
                                      r"(?![^()]*\b(?:wait|actually|answer|mistake|wrong|correct\w*|so|thus|hence|therefore|"
                                      r"original|itself|it|this)\b)[^()]*+\)[.\s]*")


def without_closing_asides(text: str, question: str | None) -> str:
    """``text`` without the asides closing it that commit to nothing (each a line of its own, or brackets closing the
    last line after a sentence): an aside on another object (:func:`aside_on_other_object`) or on another case,
    supposed (:data:`_COUNTERFACTUAL_ASIDE`: "(If instead one black and one white square are removed, ...)"); at most
    :data:`_REMARKS`, and never the whole text."""
    if not question or ("(" not in text[-600:] and "ote" not in text[-600:] and "emark" not in text[-600:]
                        and "ontrast" not in text[-600:] and "other hand" not in text[-600:]
                        and not OTHER_CASE_SENTENCE.search(text, max(0, len(text) - 400))):
        return text
    for _ in range(_REMARKS):
        head, _, last = text.rstrip().rpartition("\n")
        line = last.strip()
        if head.strip() and line and (aside_on_other_object(line, question) or _COUNTERFACTUAL_ASIDE.match(line)
                                      or (_remark_on_others(line) or _MODIFIED_OBJECT_ASIDE.fullmatch(line))
                                      and _states_verdict(head[-300:], question)):
            text = head
            continue
        aside = ASIDE_AT_END.search(line) if line.rstrip(" .").endswith(")") else None
        if aside and aside.start() > 0 and (aside_on_other_object(aside.group().strip(), question)
                                            or _remark_on_others(aside.group().strip())
                                            and _states_verdict(line[:aside.start()], question)
                                            or _COUNTERFACTUAL_ASIDE.match(aside.group().strip())
                                            or _NOT_ASKED_ASIDE.fullmatch(aside.group().strip())):
            text = text.rstrip()[:len(text.rstrip()) - len(line) + aside.start()].rstrip()
            continue
        other_case = OTHER_CASE_SENTENCE.search(line)
        conceded = _CONCEDED_OTHER.search(line) if other_case is None and "though" in line else None
        if conceded and not property_words(question) & set(re.findall(r"[a-z][a-z-]*", conceded.group().lower())):
            other_case = conceded  # "Thus $f$ is **continuous** at $0$. It is not differentiable there, though: ..."
        if other_case and other_case.start() > 0 and (_states_verdict(line[:other_case.start()], question)
                                                      or shape(split_sentences(line[:other_case.start()])[-1])):
            # "So no continuous function with this property exists. If continuity is dropped, however, such
            # functions do exist ...", "So $MNPQ$ is a parallelogram. It is a rhombus when $AC = BD$, ...": a sentence
            # on another case, after the verdict or the shape the line states
            text = text.rstrip()[:len(text.rstrip()) - len(line) + other_case.start()].rstrip()
            continue
        break
    return text


def without_closing_brackets(text: str, question: str | None) -> str:
    """``text`` without the brackets closing its claim that answer nothing a yes/no or convergence question asks: a
    value (:func:`without_value_bracket`), maths telling how (:func:`without_claim_bracket`); unchanged to any other
    question."""
    if not question or not (asks_yes_no(question) or _CONVERGENCE_ASKED.search(question)):
        return text
    return without_claim_bracket(without_value_bracket(text, question), question)


def without_claim_bracket(text: str, question: str) -> str:
    """``text`` without a bracket closing a sentence that claims in words what a convergence or yes/no question asks
    ("Therefore $\\sum_{n\\ge2} \\frac{1}{n\\ln n}$ diverges (very slowly — the partial sums grow like $\\ln\\ln N$).":
    the maths in the bracket tells how, and answers nothing); one correcting, doubting or answering is kept."""
    bracket = _CLAIM_BRACKET.search(text, max(0, len(text) - 300))
    if bracket is None or "$" not in bracket.group() or _RETRACTS.search(bracket.group()) \
            or DOUBTED.search(bracket.group()) or _BRACKET_QUALIFIES.search(bracket.group()):
        return text  # (only maths telling how; not "(though I'm not fully sure ...)", "(8 pairs)")
    line = text[:bracket.start()].rsplit("\n", 1)[-1]
    sentence = (split_sentences(line) or [line])[-1]
    if claim(SPAN.sub(" x ", _BOLD_MARKS.sub("", sentence))) is None:
        return text
    return text[:bracket.start()] + text[bracket.end():]


_BRACKET_QUALIFIES = lazy_compile(r"(?i)\b(?:not|no|sure|reflection|gap|least|doubt\w*|could|might|may|if|unless|though|"
                                  r"but|wrong|mistake\w*|actually|answer|true|false|except|scratch|so|thus|hence|therefore|"
                                  r"instead|rather|oops|sorry|wait|hmm+|correct\w*|make\s+that|converges?|diverges?)\b|n't\b")
# a bracket closing a sentence, before its full stop: " (very slowly — the partial sums grow like $\ln\ln N$)."
_CLAIM_BRACKET = lazy_compile(r"[ \t]*\((?:[^()\n]|\([^()\n]{0,30}\)){1,200}\)(?=[ \t]*[.!]?\s*\Z)")


def without_value_bracket(text: str, question: str) -> str:
    """``text`` without a bracket closing its verdict with the value of what it is about ("Hence the integral converges
    (its value is π/2 − Si(1)).": the value answers nothing a yes/no or convergence question asks); the caller has
    settled that the question asks one."""
    value = _VALUE_IN_BRACKET.search(text, max(0, len(text) - 200))
    if value and _states_verdict(text[:value.start()], question):
        return text[:value.start()] + text[value.end():]
    return text


# a bracket closing a claim with the value of what it is about: "(its value is π/2 − Si(1))", "(with sum 2)"
_VALUE_IN_BRACKET = lazy_compile(r"[ \t]*\((?:its|the|with)\s+(?:value|sum|limit)\s*(?:is|being|equals?|=)?\s*[^()\n]{1,80}"
                                 r"(?:\([^()\n]{0,20}\)[^()\n]{0,20})?\)(?=[ \t]*[.!]?[ \t]*\Z)")


# an aside saying itself that it is off the question: "(It is decreasing on $(-1,1)$, but that is not the interval
# asked about.)"
_NOT_ASKED_ASIDE = lazy_compile(r"\((?!(?:[^()]|\([^()]{0,40}\)){0,200}\b(?:wait|actually|answer|mistake|wrong)\b)"
                                r"(?:[^()]|\([^()]{0,40}\)){0,200}?\b(?:that|this|which)"
                                r"(?:'s|\s+is)\s+not\s+the\s+(?:[a-z]+\s+){0,2}?(?:asked\s+(?:about|for)|in\s+question|"
                                r"(?:we|you)\s+(?:were|are)\s+asked\s+about)\s*\.?\s*\)[.\s]*")
# what says a remark's object is another than the one answered about: a contrast, a modification, "do not confuse"
_SET_APART = lazy_compile(r"(?i)\bcontrast\b|\bunlike\b|\bcompar\w*|\bmodified\b|\bdifferent\b|\banother\b|"
                          r"^\s*\(?\s*(?:adding|removing|deleting|replacing|dropping)\b|"
                          r"\bwhereas\b|\bon\s+the\s+other\s+hand\b|\bconfuse\w*|相比|对比|不同|另一|混淆|区别")
# a remark referring back to the object answered about: "it", "this series", 它, 该, 此
_REFERS_BACK = lazy_compile(r"(?i)\b(?:it|its|itself|this|these|they|them|same)\b|它|该|此|本题|原")


def _other_remark(line: str, question: str) -> bool:
    """Is ``line`` a closing remark about something other than what the question asks, taking nothing back: an aside
    marked as one or a contrast, in English, naming another object; a Chinese 补充 / 注 in brackets, or a 不过 / 注意
    sentence not naming the word the question asks ("不过要注意，它不是满射" to "是否为单射？")? A sentence wholly in
    brackets naming another object counts too ("(The smallest non-abelian group, $S_3$, has order 6.)")."""
    if _RETRACTS.search(line) or _ASIDE_ADDS.search(line) or _COMPARISON_CORRECTS.search(line) \
            or _ASIDE_ANSWERS_AGAIN.search(line) or property_words(question) & set(re.findall(r"[a-z][a-z-]*", line.lower())):
        return False  # (nor one stating the property asked, or its opposite: "(It is in fact irreducible.)")
    cjk = _CJK_REMARK_LINE.fullmatch(line) if not line.isascii() else None
    if cjk:
        asked = CJK_ASKED_WORD.search(question)
        if _CJK_RETRACTS.search(line) or cjk_polarity(line, question) is not None:
            return False  # (a remark correcting, concluding, or stating the property asked: "（补充：所以 A 奇异）")
        # a 不过 / 但 sentence: about another property than the one asked, concluding nothing of its own ("但是，……所以
        # 这样的数是存在的" turns the answer)
        return not cjk.group("turn") or asked is not None and asked.group("word") not in line \
            and not _CJK_CONCLUDES.search(line) and claim(SPAN.sub(" ", line)) is None
    if _REMARK_PARAGRAPH.match(line) or _BRACKETED_SENTENCE.fullmatch(line):
        return "answer" not in line.lower() and _another_object(line, question)
    return False


# a line checking the answer before it, each check marked passed: "Check: $3(x+y) = 3x + 3y$ ✓, $f(1) = 3$ ✓."
_CHECK_LINE = lazy_compile(r"(?i)\s*(?:\*\*)?\s*(?:check|checking|verification|verify|sanity\s+check|"
                           r"let\s+me\s+(?:also\s+)?(?:try|verify|check|double[- ]check))"
                          r"(?:\s+(?:(?:with|at|using|against|for)\s+)?[^:\n]{1,40})?\s*(?:\*\*)?\s*:"
                           r"[^\n]*[✓✔✅]\s*(?:\*\*)?\s*[.!]?\s*(?:(?:same\s+(?:result|answer|value)|consistent)\s*[.!]?\s*)?")


def _checked_line(line: str, before: str = "", question: str | None = None) -> bool:
    """Is ``line`` a check of the answer before it whose every check passes (:data:`_CHECK_LINE`; no cross, no "≠",
    nothing taken back or concluded, every number of it one the text before it or the question writes)?"""
    if not _CHECK_LINE.fullmatch(line) or re.search(r"[✗✘❌]|≠|\\neq?\b", line) or _RETRACTS.search(line) \
            or re.search(r"(?i)\b(?:so|thus|hence|therefore|answer|sum|total|result)\b",
                         re.sub(r"(?i)\bsame\s+(?:result|answer)\b", " ", line)):
        return False
    if _CHECK_AT_CASE.match(line):
        return True  # "Check $n=2$: $2+8=10$ and $(1)(8)+2=10$. ✓": a formula checked at one case, its numbers that case's
    known = set(re.findall(r"\d+(?:\.\d+)?", before + " " + (question or "")))
    numbers = re.findall(r"\d+(?:\.\d+)?", line)
    return not numbers or numbers[-1] in known  # (what the check comes to is a number already written)


# a line answering lettered or numbered parts: "(a) $7$   (b) $10$", "(1) 3; (2) 29"
_PARTS_ANSWERED = lazy_compile(r"\s*(?:\*\*)?\s*[(（]\s*(?:a|1)\s*[)）][^\n]{1,80}?[(（]\s*(?:b|2)\s*[)）]")
# a check at one case of the formula's variable: "Check $n=2$:", "Check for n = 1:"
_CHECK_AT_CASE = lazy_compile(r"(?i)\s*(?:\*\*)?\s*(?:sanity\s+)?check(?:ing)?\s+(?:for\s+|at\s+|with\s+)?\$?\s*[a-z]\s*=\s*\d{1,3}\s*\$?\s*(?:\*\*)?\s*:")


def trivia_aside(line: str, question: str | None = None) -> bool:
    """Is ``line`` an aside (in parentheses, or a line marked as a curiosity: "A fun contrast: ...") telling something
    else, neither answering nor taking anything back (a comparison neither, nor correcting: "(For comparison,
    recomputing with Vieta gives 12, so 12 is right.)"), or,
    to a ``question``, contrasting another object or another property with the one answered about: "(By contrast,
    $\\lim_{x\\to0}x\\sin\\frac1x=0$ does exist.)", "(It is, however, surjective, ...)" to "Is $f$ injective?"
    (not the property asked or its opposite, nothing added or taken back)?"""
    if question and _MARKED_TRIVIA.match(line) and _MODULAR_PLACE.search(line) and not re.search(r"(?i)\bmod", question) \
            and not _RETRACTS.search(line) and not _ASIDE_ANSWERS_AGAIN.search(_ON_A_METHOD.sub(" ", line)):
        # "(Amusingly, it is reducible modulo every prime $p$.)" to "... irreducible over $\mathbb{Q}$?" ("..., so no
        # single reduction mod $p$ could have proved this": on a method, answering nothing)
        return True
    if question and _CONVERSE_ASIDE.match(line) and asks_yes_no(question) and not _RETRACTS.search(line) \
            and "answer" not in line.lower():
        return True  # "(The converse, however, is true: ...)" after "This is false in general.": another statement
    if question and (_other_remark(line, question)
                     or _BRACKETED_SENTENCE.fullmatch(line) and other_object_remark(line.strip(), question)
                     or aside_on_other_object(line, question)):
        return True  # ("(Contrast: $(\mathbb Z/p\mathbb Z)^\times$ for a prime $p$ is always cyclic.)" to a question on
        # $(\mathbb{Z}/8\mathbb{Z})^\times$: a remark set apart on another object, even stating the property asked)
    contrast = _CONTRAST_ASIDE.fullmatch(line)
    if contrast:
        if not question or _RETRACTS.search(line) or _COMPARISON_CORRECTS.search(line) or _ASIDE_ADDS.search(line):
            return False
        if contrast.group("contrast"):
            return _another_object(line, question)
        said = property_words(question)
        return bool(said) and not said & set(re.findall(r"[a-z][a-z-]*", line.lower()))
    if question and (_ASIDE_REVISES.search(line)
                     or property_words(question) & set(re.findall(r"[a-z][a-z-]*", line.lower()))):
        return False  # "(Compare $x^4+1$: the same argument shows $x^4+4$ is in fact irreducible.)"
    return bool(_TRIVIA_ASIDE.fullmatch(line)) and not _RETRACTS.search(line) and not _ASIDE_ANSWERS.search(line) \
        and not (_COMPARISON.match(line) and _COMPARISON_CORRECTS.search(line))


def _ticked_check(line: str) -> bool:
    """Is ``line`` a check in brackets closed by a tick, taking nothing back ("(Check: $a_1=1$, ..., $a_4=15$ ✓.)")?"""
    return bool(_ASIDE_CHECK.fullmatch(line)) and not _RETRACTS.search(line) and not _CHECK_CORRECTS.search(line) \
        and bool(re.search(r"[✓✔]\s*\W*\)?\s*\.?\s*$", line)) and not re.search(r"[✗✘]", line)


def _confirming_aside(line: str, before: str, question: str | None) -> bool:
    """Is ``line`` a check in parentheses that takes nothing back: no correction or conclusion word, and the value it
    ends on one the line ``before`` it states or the question gives ("(Check: 80 km/h × 3 h = 240 km.)", "(Check with
    energy: v = √400 = 20 m/s ✓)"; not "(Double check: 240/3 = 80 km/h, I slipped.)" after "... = 90 km/h")?"""
    if not _ASIDE_CHECK.fullmatch(line) or _RETRACTS.search(line) or _CHECK_CORRECTS.search(line):
        return False
    if _ticked_check(line):
        return True  # "(Check: $a_1=1$, $a_2=3$, $a_3=7$, $a_4=15$ ✓.)": terms checked against a formula, ticked
    if _PARTS_ANSWERED.match(before) and not re.search(r"(?i)\b(?:so|thus|hence|therefore|answer)\b", line):
        return True  # "(a) $7$   (b) $10$" then "(Check: the roots are $2$ and $5$.)": the parts answered, then checked
    ends = _ASIDE_NUMBER.findall(line)
    return not ends or ends[-1] in set(_ASIDE_NUMBER.findall(before + " " + (question or "")))


def _explaining_aside(line: str, before: str, question: str | None) -> bool:
    """Is ``line`` a reason in brackets for what the line ``before`` states, stating no value of its own: "(The value 2
    is excluded because it is the horizontal asymptote of $f$, so $f$ never takes it.)" after the inverse and its
    domain (a reason word, nothing taken back or added, no answer named, not the property a ``question`` asks, every
    number one the line before writes)?"""
    if not _PARENTHESISED.fullmatch(line) or not _GIVES_REASON.search(line) or _RETRACTS.search(line) \
            or _ASIDE_ADDS.search(line) or "answer" in line.lower() or re.search(r"(?i)\bhowever\b", line) \
            or question and property_words(question) & set(re.findall(r"[a-z][a-z-]*", line.lower())):
        return False
    return set(_ASIDE_NUMBER.findall(line)) <= set(_ASIDE_NUMBER.findall(before))


# a word giving a reason
_GIVES_REASON = lazy_compile(r"(?i)\b(?:because|since|as\s+it|as\s+this|due\s+to|excluded|so\s+that)\b")


def _rejects_other(line: str) -> bool:
    """Does ``line`` reject a candidate other than the answer, concluding nothing ("The other candidate, x = 3, does
    not work.")?"""
    return bool(_REJECTS_OTHER.search(line)) and not _CONCLUSION.search(line)


def afterthought(sentence: str, question: str | None = None) -> bool:
    """Does ``sentence`` explain or check what came before it, rather than conclude? A reason whose main clause
    states a conclusion ("Since she cooks 9 batches, the total time is 72 minutes.") concludes, and so does one whose
    main clause states the property a yes/no ``question`` asks ("Since it has no rational roots, it is irreducible.")."""
    if not _AFTERTHOUGHT.match(sentence):
        return False
    reason = _REASON_THEN.match(sentence)
    # (a main clause making a claim concludes too: "Since $k$ can be any positive integer, there are **infinitely
    # many** such $n$.")
    main = SPAN.sub(" ", _BOLD_MARKS.sub("", reason.group(1))) if reason else ""
    return not (reason and (_CONCLUSION.search(reason.group(1)) or claim(main) is not None
                            or question is not None and asks_yes_no(question) and states_asked_property(main, question)))


# a sentence that says what the answer is not, would be, or may be ("The answer is not 21, since ...", "If n were
# even the answer would be 21.", "Had it asked ..., we would answer 21.", "Maybe the answer is 21?"): it states none
_MUSED = lazy_compile(r"(?i)\banswer(?:\s+is|'s)?\s+(?:not\b|n't\b)|\banswer\b[^.!?]{0,40}\?|\banswer\s+would\b|"
                      r"\bwould\s+answer\b|^\W*(?:if|had|maybe|perhaps)\b[^.!?]{0,120}\banswer\b")


def _count_in_sentence(sentence: str) -> bool:
    """Does ``sentence`` count in words ("so there are three real roots, so ...")? Its count may be the answer."""
    return any(word in ONES or word in TENS for word in re.findall(r"[a-z]+", sentence.lower()))


def _names_winner(sentence: str, question: str) -> bool:
    """Does ``sentence`` name a two-player game's winner by naming its loser or naming it twice
    (:func:`..meaning.winner_named`: "So with correct play Bob loses.", "**The second player, Bob, wins.**")?"""
    return may_name_winner(sentence) \
        and ("player" in question.lower() + sentence.lower() or PLAYERS.search(question) is not None) \
        and winner_named(_BOLD_MARKS.sub("", sentence), question) is not None


def _closing_sentence(last: str, question: str | None = None) -> str:
    """The sentence of a closing line or paragraph that states the answer: a last sentence in words concluding a
    claim ("..., so no such walk exists.", no count in words after its conclusion word), else the last one with math
    or a number, passing over a closing aside wholly in parentheses, afterthoughts that follow a conclusion and
    sentences that muse about the answer (:data:`_MUSED`); "" when every sentence with a value muses (it states
    none)."""
    sentences = split_sentences(last)
    if len(sentences) > 1 and _BARE_VERDICT_SENTENCE.fullmatch(sentences[-1]):
        return sentences[-1]  # "Hence $\varnothing\subseteq B$ for every set $B$. True.": the verdict closing the line
    if len(sentences) > 1 and _PARENTHESISED.fullmatch(sentences[-1]) and not _ASIDE_ANSWERS.search(sentences[-1]) \
            and not CONCLUSION_WORD.search(sentences[-1]) and not _RETRACTS.search(sentences[-1]) \
            and not _ASIDE_REVISES.search(sentences[-1]):
        # "(She can, e.g., reduce the heap of 3 to 1.)", "(It is continuous there, though.)": an aside, no answer
        aside = sentences.pop()
    else:
        aside = ""
    if sentences and _STATEMENT_JUDGED_CLOSING.fullmatch(_BOLD_MARKS.sub("", sentences[-1])):
        return sentences[-1]  # "... but that's not what's being asked. The statement as given is false."
    if question and sentences and _ASKS_NAME.search(question) and _NAMING_SENTENCE.fullmatch(sentences[-1].strip()) \
            and not DOUBTED.search(sentences[-1]) and not _HEDGED_ASIDE.search(aside):
        return sentences[-1]  # "... $y=r(1-\cos t)$. That's the cycloid." to "What is the name of the curve ...?"
    if question and sentences and _names_winner(sentences[-1], question):
        return sentences[-1]  # "So the first player, who must move from this position, loses against correct play."
    if sentences and not re.search(r"[\d$]|\\\(", sentences[-1]):
        parts = CONCLUSION_WORD.split(sentences[-1])
        if len(parts) < 2 and _CJK.search(sentences[-1]) and not _CJK_CONDITION.search(sentences[-1]):
            parts = _CJK_CONCLUSION_WORD.split(sentences[-1])  # "……所以部分和可以超过任意给定的数。因此调和级数发散。"
        if len(parts) >= 2 and not _count_in_sentence(" ".join(parts[1:])) \
                and (claim(parts[-1]) is not None or _FIRM.search(parts[-1])) and not _CONDITION.search(parts[-1]):
            return sentences[-1]  # "..., so no such walk exists.": a claim concluded in words closes the line
        if len(parts) >= 2 and (chance_in_words(sentences[-1]) is not None or _VALUE_IN_WORDS.search(parts[-1])
                                or _there_are_count(_CONCLUSION_LEAD.sub("", sentences[-1]))):
            # "... (6,1). So the chance is one in six.", "They cancel in pairs, so the real roots sum to zero.": a
            # value stated in words closes it
            return sentences[-1]
    if len(sentences) > 1 and _ONLY_IF.search(sentences[-1]) and not CONCLUSION_WORD.search(sentences[-1]) \
            and not _QUALIFIES_BEFORE.match(sentences[-1]) \
            and not any(re.search(r"[\d$]|\\\(", x) for x in sentences):
        claimed = [x for x in sentences[:-1] if states_draw(_BOLD_MARKS.sub("", x).split(" — ")[0])
                   or claim(_BOLD_MARKS.sub("", x)) is not None]
        if claimed:
            # "... always ends in a **draw** — neither X nor O can force a win. X can win only if O makes a mistake
            # (...).": the claim, then what would change it, no answer of its own
            return claimed[-1]
    stating = [s for s in sentences if re.search(r"[\d$]|\\\(", s)]
    committed = [s for s in stating if not _MUSED.search(s)]
    if stating and not committed:
        return ""
    stating = committed
    while len(stating) > 1 and (afterthought(stating[-1], question)
                                or question and OF_ITS_PARTS.search(stating[-1]) and asks_yes_no(question)):
        # ("It has exactly two path components, ..., each of which is connected.": its parts, not the object asked)
        stating.pop()
    return stating[-1] if stating else last


# a matrix written as a list of rows: "[[1, −1], [−1, 2]]"
_LISTED_MATRIX = lazy_compile(r"\[\s*\[[^\[\]\n]{1,80}\]\s*(?:,\s*\[[^\[\]\n]{1,80}\]\s*){1,9}\]")
# maths written without delimiters closing a sentence: one-letter names, numbers, operators, relations and brackets
_PLAIN_MATH_TAIL = lazy_compile(r"(?:(?<![A-Za-z])[A-Za-z](?![A-Za-z])|\d+(?:\.\d+)?|[−\-+*/^=<>≤≥∈,()\[\]·×]|[ \t])+[.!]?\s*$")


def _plain_math_tail(sentence: str, question: str | None) -> str:
    """The formula written without delimiters that closes ``sentence`` after its words ("The lines meet at x = 2, y =
    5." -> "x = 2, y = 5"), when it holds a digit, a relation or a tuple, and balanced brackets; else ""."""
    window = sentence.strip()[-300:]  # (the pattern searched in the sentence's end only: linear on long runs)
    m = _PLAIN_MATH_TAIL.search(window) if len(sentence) <= 2000 else None
    if m is None:
        return ""
    tail = m.group().strip().rstrip(".!").strip(" ,")
    head = window[:m.start()]
    if len(tail) < 5 or not re.search(r"\d", tail) or not re.search(r"[=∈<>≤≥]|^\(.*,.*\)$", tail) \
            or not re.search(r"[A-Za-z]{2,}\W*$", head) or _DENIED.search(head) or DOUBTED.search(sentence) \
            or _CONDITION.search(sentence) or tail.count("(") != tail.count(")") or re.match(r"[=<>≤≥∈,]", tail) \
            or re.search(r"[=<>≤≥∈,−\-+*/^]$", tail):
        return ""
    if re.search(r"[\[\]]", tail) and not re.search(r"∈\s*[\[\]]", tail):
        return ""  # (brackets of an interval only after "∈")
    if "=" in tail and not re.search(r"[A-Za-z]", tail.split("=")[0]):
        return ""  # ("The total is 3 + 4 = 7.": a computation, its value read as before)
    if re.search(r"[\d()=]", head):
        return ""  # (maths before the words too: "(2, 3) and (1, 6)", "v = fλ = 440 Hz × 0.78 m = 343.2 m/s")
    if tail.count("=") == 1 and re.fullmatch(r"\s*[−-]?\d+(?:\.\d+)?\s*", tail.split("=")[1]) \
            and not (question and _ASKS_EQUATION.search(question)):
        return ""  # ("... is a + b + c = 0", "the dot product is a·b = 0": a quantity named, then its value, read as before)
    return tail


# a question asking an equation: a line, a plane, a curve
_ASKS_EQUATION = lazy_compile(r"(?i)\b(?:line|plane|equation|curve|circle|parabola|ellipse|hyperbola|tangent|normal)\b")


# a conclusion word opening a sentence: "So ", "Thus, "
_CONCLUSION_LEAD = lazy_compile(r"(?i)^\s*(?:so|thus|hence|therefore)\s*,?\s*")
# a value in words closing a conclusion: "... sum to zero.", "... is twelve.", "... equals one half."
_VALUE_IN_WORDS = lazy_compile(r"(?i)\b(?:is|are|equals?|to|be)\s+(?:exactly\s+)?(?P<n>zero|one|two|three|four|five|six|seven|eight|"
                               r"nine|ten|eleven|twelve|twenty|one\s+half|a\s+half)\s*[.!]?\s*$")
# the quantity a value in words is stated of, which the question must ask: "the real roots sum to zero" (a sum)
_QUANTITY_NOUN = lazy_compile(r"(?i)\b(sum|product|number|count|total|difference|quotient|remainder|value|answer|result|"
                              r"limit|area|length)")
# what makes a value in words a bound, an approximation or a place: "at least", "close to", "attained at"
_NOT_EXACT = lazy_compile(r"(?i)\b(?:at\s+(?:least|most)|close|near|about|approximately|roughly|around|attained|achieved|"
                          r"reached|where|residual|error|sign\s+changes?)\b")
# a contrast closing a line with something else than the answer: "— unlike the power set, which is uncountable." (not
# a clause, "whereas the other one diverges", which may be the answer)
_CONTRAST_TAIL = lazy_compile(r"(?<=\S)\s*+(?:—|–|--|,|;|\()\s*+(?i:unlike|in\s+contrast\s+(?:to|with)|as\s+opposed\s+to)"
                              r"\s[^\n]*+")
_EMPTY_BOX = lazy_compile(r"\\boxed\s*\{\s*\}")
# by how much one side of a comparison beats the other, closing it: " — by a factor of roughly $1.1$.", ", by a wide margin"
_MARGIN_TAIL = lazy_compile(r"(?<=\S)\s*+(?:—|–|--|,)\s*+(?i:by\s+(?:a\s+)?(?:factor\s+of|(?:wide|narrow|slim|small|large)\s+"
                            r"margin))\b(?:\$[^$]{1,60}\$|[^.!?\n$]){0,120}[.!]?\s*+$")
# a comparison stated: "2^{100} > 3^{63}", "is larger than"
_COMPARED = lazy_compile(r"[<>]|\\[lg]t\b|(?i:\b(?:larger|bigger|greater|smaller|less)\s+than\b)")
# a Chinese sentence's word of conclusion, and words supposing a case
_CJK_CONCLUSION_WORD = lazy_compile(r"因此|所以|从而|于是|故而")
_CJK_CONDITION = lazy_compile(r"若|如果|假如|假设|倘若|要是|除非|或者|或")
# what makes an aside in brackets revise the answer: "(... shows $x^4+4$ is in fact irreducible.)"
_ASIDE_REVISES = lazy_compile(r"(?i)\b(?:in\s+fact|shows?|proves?|after\s+all|on\s+reflection|wrongly|misread\w*)\b")
# a firm statement of a text answer: "must be equilateral", "has a winning strategy"
_FIRM = lazy_compile(r"(?i)\b(?:(?:must|has\s+to|have\s+to)\s+be|is\s+necessarily|winning\s+strategy|wins)\b")
# a sentence that states its claim under a condition or between alternatives ("If n is even, Alice wins.")
# a sentence qualifying the claim before it: "But only when ...", "However, ...", "Only if ..."
_QUALIFIES_BEFORE = lazy_compile(r"(?i)\s*(?:but|however|only|except|though|although|unless|yet)\b")
# a sentence saying what would change the outcome: "X can win only if O makes a mistake", "unless ..."
_ONLY_IF = lazy_compile(r"(?i)\bonly\s+(?:if|when)\b|\bunless\b")
_CONDITION = lazy_compile(r"(?i)\b(?:if|unless|suppose|supposing|assuming|when|whenever|otherwise|or|either)\b")
_OPENING_WORDS = lazy_compile(r"(?i)^(?:(?:so|thus|hence|therefore|consequently|finally|in\s+conclusion|actually|wait)\b"
                              r"|solutions?\s*+[:：])\s*,?\s*")  # ("Solution: x = 2, y = 3.": the values named)
# an example after a claim: "Such sets exist; for example, {1, 2}." (searched from a sentence's start: a match
# starts after no space, where a match from inside a run of spaces would start too, and earlier; trying every
# space of a long run as a start was quadratic; the same for _PLACE_TAIL)
_EXAMPLE = lazy_compile(r"(?i)(?<!\s)\s*[;,:(]\s*(?:for\s+example|for\s+instance|e\.g\.|such\s+as|namely)\b")
# a closing sentence offering both Yes and No ("Yes or no depending on n."): no commitment
_YES_OR_NO = lazy_compile(r"(?i)\b(?:yes|no)\s*(?:,?\s*or|/)\s*(?:yes|no)\b")


# a math span that only names something ("$k$", "$f$", "$ABC$", "$(a_n)$"): a word of its sentence, not an answer
_NAME_SPAN = lazy_compile(r"\$\s*(?P<open>\()?\s*(?P<name>(?:[A-Z]{1,8}|[A-Za-z]{1,3})(?:_\{?[A-Za-z0-9]\}?)?)\s*"
                          r"(?(open)\))\s*\$")
# a short statement of a property of a subject in words ("the function f is not injective", "it is composite",
# "triangle ABC is equilateral", "N is a perfect square")
_PROPERTY_CLAUSE = lazy_compile(r"(?i)(?:[a-z][\w'-]*\s+){1,5}(?:is|are)\s+(?:not\s+)?(?:an?\s+)?(?:[a-z-]{3,}\s+)?"
                                r"(?P<word>[a-z-]{3,})")
# where a claim holds, closing its sentence: "on $[0,1]$", "at $0$", "in $\mathbb{R}$"; or what it counts: "of the form
# $4k+3$"
_PLACE_TAIL = lazy_compile(r"(?<!\s)\s+(?:on|at|in|over|near|of\s+the\s+form)\s+\$[^$]{1,60}\$\s*[.!]?\s*$")
# a reason or a method before the main clause: "Since f(1) = f(-1), ...", "Checking the residues mod 2, ..."
_LEAD_IN = lazy_compile(r"(?i)\s*(?:since|because|as|by|using|checking|considering|from|in\s+all\s+cases)\b[^,]{1,200},"
                        r"\s*(.+)")
# the values of a named variable in words: "n can be any odd positive integer"
# a statement holding exactly for a set of integers in words: "it works exactly for the odd positive integers",
# "exactly the odd positive integers work" (not "for some", not a bound)
_HOLDS_EXACTLY_FOR = lazy_compile(r"(?i)(?:(?:it|this|that)\s+(?:works|holds|is\s+true)\s+(?:exactly|precisely|only)\s+for\s+"
                                  r"(?:all\s+)?(?:the\s+)?(?P<what>(?:[a-z][a-z-]*\s+){1,3}(?:integers|numbers|naturals))|"
                                  r"(?:exactly|precisely)\s+the\s+(?P<what2>(?:[a-z][a-z-]*\s+){1,3}(?:integers|numbers))\s+"
                                  r"(?:work|qualify|do))")
_ANY_VALUE = lazy_compile(r"(?i)[a-z]\s+(?:can|may)\s+be\s+(?P<what>(?:any|every)\s+[a-z][a-z -]*)")


#: words after a copula that say how an answer is held, not a property of the subject ("$x = 3$ is the answer")
_NOT_PROPERTIES = frozenset("correct right wrong true false valid done answer result solution solutions value final "
                            "required desired needed".split())
# a property stated of a math subject: "is irrational", "are not coprime", "is a rhombus"
_PROPERTY_TAIL = lazy_compile(r"(?i)\s*(?:is|are)\s+(?:not\s+)?(?:an?\s+)?(?:[a-z-]{3,}\s+)?(?P<word>[a-z-]{3,})")


def _states_claim(clause: str) -> bool:
    """Does ``clause`` (words only) state a text answer: a claim of :func:`..meaning.claim`, a firm statement, or a
    property of its subject ("the sequence is unbounded"; not a number in words, "the total is twelve")?"""
    if claim(clause) or _FIRM.search(clause):
        return True
    prop = _PROPERTY_CLAUSE.fullmatch(clause)
    return bool(prop) and not _CONDITION.search(clause) and _a_property(prop.group("word"))


def _a_property(word: str) -> bool:
    return number_words(word) is None and word.lower() not in _NOT_PROPERTIES


def _claim_about_math(clause: str) -> bool:
    """Is ``clause`` a claim about a math subject written before it: every math span first, none of them a value
    (a plain number, an equation or a relation), then words only that make a claim or state a property
    ("$\\sqrt{2}+\\sqrt{3}$ is irrational", "$\\lim_{x\\to0} \\sin(1/x)$ does not exist"; not "$x = 3$ is the
    answer", "$7$ is prime", "the limit exists and equals $0$")?"""
    spans = list(SPAN.finditer(clause))
    if not spans or clause[:spans[0].start()].strip(" ,") and re.search(r"\d", clause[:spans[0].start()]):
        return False
    tail = clause[spans[-1].end():].strip().rstrip(".!").strip()
    if not tail or re.search(r"[\d$\\]", tail) or _CONDITION.search(tail):
        return False
    for m in spans:
        content = next(g for g in m.groups() if g is not None)
        if re.search(r"=|<|>|\\(?:le|ge|neq|approx|in)\b", content) or re.fullmatch(r"[\d.,\s{}]+", content):
            return False
    prop = _PROPERTY_TAIL.fullmatch(tail)
    return bool(prop and _a_property(prop.group("word")) or claim(tail))


# a closing line that opens with its claim, then gives the reason or an example: "Impossible. The last digit ...",
# "The limit does not exist: sin(1/x) oscillates ...", "Finitely many — exactly three ...", "有无穷多组，例如 ..."
_CLAIM_FIRST = lazy_compile(r"\s*+(?:\*\*)?(?:(?:answer|conclusion|verdict)\s*+(?:\*\*)?\s*+:\s*+(?:\*\*)?\s*+)?(?P<claim>[^\s:：—–;；.。!！?？$\\][^:：—–;；.。!！?？\n$\\]{1,79}?)(?:\*\*)?\s*+"
                            r"(?:[:：—–;；]|[.!！](?:\s|$)|。|,?\s++(?:since|because|as|for\s+example|e\.g\.)\s|"
                            r"[，,]\s*(?:例如|比如|因为|由于|如))", re.I)
# a closing line offering to convert the result, committing to nothing: "Converting to eV, or to a frequency ($\mu_B
# B/h\approx14$ GHz), is straightforward if needed."
_CONVERSION_OFFERED = lazy_compile(r"(?i)\s*+(?:converting|to\s+convert|conversion)\b(?=[^\n]{0,240}\b(?:straightforward|easy|"
                                   r"simple|trivial|if\s+(?:needed|desired|required|you\s+(?:like|want|prefer)))\b)"
                                   r"(?![^\n]{0,240}\b(?:answer|final|so|thus|hence|therefore|must|should)\b)[^\n]{0,240}$")
# a numeral as code writes it closing the sentence, maybe in backticks: "is `0xFF`.", "is 0b101101.", "= 0xFF (FF₁₆)."
_CODE_NUMERAL_TAIL = lazy_compile(r"(?<![\w.])`?(0[xob][0-9a-fA-F]{1,64})`?"
                                  r"(?:\s*+\([0-9A-Fa-f]{1,64}(?:[₀-₉]{1,2}|_\{?\d{1,2}\}?)?\))?\s*+[.!]?\s*+$")
# an implication arrow inside a span: "\Longrightarrow", "\implies", "\Rightarrow", "⟹", "⇒"
# spacing and punctuation at either end of a formula: "\ ", "\;", ";", "," (not the backslash of "\Delta")
_SPACING_ENDS = lazy_compile(r"^(?:\s|\\[ ,;:!]|[;,])+|(?:\s|\\[ ,;:!]|[;,])+$")
_IMPLIES = lazy_compile(r"\\(?:Longrightarrow|implies|Rightarrow)(?![A-Za-z])|⟹|⇒")
# a closing line saying which region of the spectrum (or band) the value lies in, in words only: "This lies in the far
# ultraviolet.", "— in the near infrared."
_REGION_REMARK = lazy_compile(r"(?i)\s*+(?:[—–-]\s*+)?(?:(?:this|it|which|that)\s+(?:lies|is|falls|sits)\s+)?(?:well\s+)?"
                              r"(?:in|within)\s+the\s+(?:[a-z]+[\s-]){0,3}(?:ultraviolet|infrared|visible|microwaves?|"
                              r"radio|x-rays?|gamma|optical)(?:\s+(?:range|region|band|part\s+of\s+the\s+spectrum|"
                              r"spectrum))?\s*+[.!]?\s*+")
# a closing line in brackets restating the value before it in another form: "(equivalently, 100 eV)."
_EQUIVALENTLY_LINE = lazy_compile(r"(?i)\(\s*+(?:equivalently|i\.\s?e\.|that\s+is|in\s+other\s+units)\s*+,?\s*+"
                                  r"(?![^()]*\b(?:but|actually|correct\w*|wrong|mistake|rather|instead|not)\b)[^()]{1,60}\)\s*+\.?")
# a closing line wholly in emphasis around a bracket: "*(Remark: discontinuous solutions do exist, ...)*"
_EMPHASISED_BRACKET_LINE = lazy_compile(r"\s*+[*_]{1,2}(\((?:[^()\n]|\([^()\n]*\)){1,400}\)\.?)[*_]{1,2}\s*+\.?\s*+")
# an aside conceding a case against the claim before it: "(though for $n = 3$ it fails)", "(except $n = 0$)"
_ASIDE_CONCEDES = lazy_compile(r"(?i)^\(\s*+(?:though|although|except|unless|but|save)\b|\b(?:fails?|counter-?examples?|false|"
                               r"exceptions?|except)\b")
# a claim set in bold, then an aside in brackets: "**No real solution.** (There are complex solutions, ...)"
_BOLD_CLAIM_THEN_BRACKET = lazy_compile(r"\s*+\*\*(?P<claim>[^*\n]{2,120})\*\*\s*+(?P<aside>\((?:[^()\n]|\([^()\n]*\)){1,400}\))"
                                        r"\s*+\.?\s*+")
# a sentence wholly in brackets closing a line after another sentence: ". (The roots are 2 and 5.)"
_BRACKET_CLOSES = lazy_compile(r"[.!]\s+\([A-Za-z][^()]{2,200}\)\s*$")
# a claim set in bold closing a line, then a gloss in brackets giving its numbers: "**$e^\pi$ is larger** (numerically
# ...)."
_BOLD_THEN_GLOSS = lazy_compile(r"\*\*[^*\n]{2,120}\*\*\s*(?P<gloss>\((?i:numerically|approximately|roughly|since|because|"
                                r"as|e\.\s?g\.|for\s+example)\b[^()]{0,200}\))\s*[.!]?\s*$")
# a gloss in brackets naming what goes with a value: "λ = 3 (eigenvector (1,1))", "x = 2 (double root)"
_GLOSS_AFTER_VALUE = lazy_compile(r"(?<=[\d$])\s*\((?!(?i:or|and|i\.\s?e|approx\w*|about|roughly|which|not|both|also|"
                                  r"check\w*|so|thus|hence|that\s+is|wait|actually|rejected|extraneous|invalid|no|"
                                  r"including|included|excluding|excluded|except|inclusive|exclusive|with|without|where|"
                                  r"when|if|for|since|because|at|on|open|closed|only|counted|twice|once|part|parts|"
                                  r"case|cases|step|eq|equation|line|row|column)\b)"
                                  r"[A-Za-z][a-z-]{2,20}(?:\s+[a-z-]+){0,2}(?:\s+\$?[^()\s=$]*\([^()=]{1,20}\)\$?|\s+[^()=]{1,20})?\)")
# a bracket owning a slip: "(Sign slip above: the curve is a hyperbola.)", "(typo: ...)"
_SLIP = lazy_compile(r"(?i)\bslip\w*|\btypo|\bmeant\b|\bshould\s+read\b")
# a bracket confirming or spelling out what was said: "(Indeed the roots are 2 and 5.)", "(I.e. ...)", "(Namely ...)"
_CONFIRMS = lazy_compile(r"(?i)\s*\(\s*(?:indeed|i\.\s?e\.|that\s+is|namely|explicitly|concretely|so|thus|hence)\b")
# a question asking which shape or curve: "What curve is formed by ...?", "What kind of quadrilateral is ABCD?"
_ASKS_SHAPE = lazy_compile(r"(?i)\bwhat\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?:curve|shape|conic(?:\s+section)?|figure|"
                           r"quadrilateral|triangle|polygon|solid|surface|locus)\b|\bwhat\s+is\s+the\s+(?:shape|locus)\b")
# a yes or no set in bold with its restatement: "**No — 221 is not prime**", "**Yes**"
_BOLD_VERDICT = lazy_compile(r"(?i)\*\*\s*+(?P<verdict>yes|no)\b\s*+[,:—–-]?\s*+(?P<rest>[^*\n]{0,120})\*\*")
# a closing line opening on a bold label, then its value in maths: "**All such integers:** $n\in\{5,3,2\}$."
_BOLD_LABEL_LINE = lazy_compile(r"\s*+\*\*(?P<label>[^*\n:：]{2,40}?)\s*+[:：]\s*+\*\*\s*+(?P<rest>[^\n]*\$[^\n]*)")
# a sentence that is a bare verdict: "True.", "Yes!", "**No.**"
_BARE_VERDICT_SENTENCE = lazy_compile(r"(?i)[\s*]*(?:yes|no|true|false)[\s*]*[.!]?[\s*]*")
# a check-mark emoji opening a sentence: "✅ True."
_CHECK_EMOJI = lazy_compile(r"(?:(?<=[.!?。]\s)|(?<=[.!?。])|^)(?:✅|☑️?)\s*")
# a closing sentence stating a property of every integer: "... for every integer $n$ — no exceptions."
_FOR_EVERY_TAIL = lazy_compile(r"(?i)\bfor\s+(?:every|all|each|any)\s+(?P<which>(?:(?:positive|nonnegative|non-negative|odd|even)\s+)?)"
                               r"integers?\s*+(?:\$\s*+(?P<var>[a-z])\s*+\$|(?P<plain>[a-z])\b)?"
                               r"(?:\s*+,\s*+[a-z][a-z ]{0,40}\s+included)?"
                               r"(?:\s*+(?:—|–|--|,)\s*+(?:with\s+)?no\s+exceptions?|\s*+,?\s*+without\s+exception)?\s*+[.!]?\s*+$")
# a question asking for a set of integers: "For which integers $n$ ...?"
_ASKS_WHICH_SET = lazy_compile(r"(?i)\bfor\s+(?:which|what)\s+(?:\w+\s+)?integers\b")

# a closing sentence saying the paragraph it ends is off the question: "But that's a separate question."
_OFF_QUESTION = lazy_compile(r"(?i)(?:^|[.!?]\s+|\s*+(?:—|–|--|,|;)\s*+)(?:but\s+|though\s+)?(?:that|this|it)(?:'s|\s+is)\s+"
                             r"(?:a\s+)?(?:separate|different|another)\s+(?:question|matter|story|problem|issue)"
                             r"(?:\s+(?:though|entirely|altogether))?\s*+[.!]?\s*+$")
# a Chinese bracket on the converse of the claim before it: "（但反之不成立，菱形不一定是正方形）"
_CJK_CONVERSE = lazy_compile(r"[（(]\s*+(?:但|不过|但是)?\s*+(?:反之|反过来|逆命题|其逆)[^（）()]{0,120}[）)]")
# the same in Chinese, a bracket closing the line: "（不过……——那是另一个问题了。）"
_CJK_OFF_QUESTION = lazy_compile(r"[（(][^（）()]{0,240}(?:那|这)(?:是|就是)另(?:一个|外一个|一)(?:问题|回事|话题)了?[。.]?\s*+[）)]\s*+[。.]?\s*+$")
# a bare Chinese yes or no opening a reply, closed by "。" before its proof: "有。", "不存在。", "**不能**。"
_CJK_VERDICT_FIRST = lazy_compile(r"\s*+(?:\*\*)?(?P<verdict>有|没有|存在|不存在|是|不是|否|能|不能|可以|不可以|会|不会)(?:\*\*)?\s*+[。！!]")
# a later conclusion in Chinese that could state a verdict of its own ("所以不存在", "综上，……成立")
_CJK_LATER_VERDICT = lazy_compile(r"(?:所以|因此|综上|故|从而|于是)[^。]{0,30}?(?:有|没有|存在|不存在|是|不是|能|不能|可以|不可以|会|不会|成立)")
# a question asking only for a verdict on a statement ("True or false: ...", "判断 ... 是否正确"), not also for a value
_JUDGE_ONLY = lazy_compile(r"(?i)\btrue\s+or\s+false\b|判断|是否正确|对吗|正确吗|是否成立")
_ALSO_FIND = lazy_compile(r"(?i)求|计算|\b(?:find|compute|calculate|determine|what\s+is|how\s+many)\b")
# a verdict on the statement alone, without a subject of its own ("正确", not "逆命题不正确")
_BARE_VERDICT = lazy_compile(r"(?:\*\*)?(?:正确|错误|不正确|对|不对|成立|不成立|真|假)(?:\*\*)?")
# what a reason may not hold: a correction or a condition on the claim
_REASON_QUALIFIES = lazy_compile(r"(?i)\b(?:actually|wait|no\s*,|only\s+(?:when|if|for)|except|unless|but\s+only)\b|不对|只有当|除非")
# what a reason may not hold: a later answer of its own
_LATER_ANSWER = lazy_compile(r"(?i)\banswer\s*(?:is\b|[:=])|\bfinal\s+answer\b|\\boxed|答案")


def _counted_after_conclusion(sentence: str) -> str:
    """The number a closing sentence's last clause states in words after a conclusion word, when that clause holds no
    math and no digit ("The discriminant is $81 > 0$, so there are three distinct real roots." -> "3"), or ""."""
    parts = re.split(r"(?i)[,;:]\s*(?:so|thus|hence|therefore)\s+", sentence)
    if len(parts) < 2 or re.search(r"[\d$\\]", parts[-1]):
        return ""
    value = number_words(parts[-1])
    return str(value) if value is not None and value.denominator == 1 else ""


# "There are fifteen primes below 50.": a count in words, its noun, and what it counts among (digits allowed there)
_THERE_ARE = lazy_compile(CONCLUDING_LEAD + r"there\s++(?:are|were)\s++(?:exactly\s++)?"
                          r"(?P<count>[a-z]+(?:[\s-][a-z]+){0,2}?)\s+(?P<noun>[a-z]{3,}(?:\s+[a-z]{3,})?)"
                          r"(?:\s+(?:below|under|less\s+than|up\s+to|between|from|in|among|of|with|that|which)\b"
                          r"(?![^.!]*\b(?:and|or)\s+(?:\d|[a-z]+\s+(?:below|under|less)))[^.!;,]{0,60})?\s*[.!]?\s*")


# a conclusion reported as a thought or a mistake, not drawn: "I first thought ...", "We wrongly concluded ..."
_NOT_CONCLUDED = lazy_compile(r"(?i)\b(?:thought|first|initially|wrongly|mistaken\w*|incorrect\w*|wrong|earlier|"
                              r"believed|assumed|guess\w*|would|might|could|or)\b")
# a value set in bold after a sentence's last math, named or not: "**f = 100 MHz**", "**4.2 × 10^5 Pa**"
_BOLD_ASSIGNMENT = lazy_compile(r"\*\*\s*((?:[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=\s*)?[-−]?\d[\d.,]*(?:\s*(?:\\times|×)\s*10\^\{?[-−]?\d+\}?)?"
                                r"(?:\s*[A-Za-zΩμ°/%][A-Za-zΩμ°/%^\d]{0,8})?)\s*\*\*")
# a value in bold after the name it is the value of, in math: "Therefore the smallest such $n$ is **15**."
_NAMED_THEN_BOLD = lazy_compile(r"\$\s*[A-Za-z](?:_\{?\w{1,3}\}?)?\s*\$\s+(?:is|equals|=|must\s+be)\s+\*\*\s*"
                                r"(?P<value>[-−]?\d+(?:\.\d+)?(?:/\d+)?)\s*\*\*\s*[.!]?\s*$")
# a count, then the things counted listed after a colon: "So there are 5 two-digit divisors of 1000: 10, 20, 25, 40
# and 50."
_COUNT_THEN_LIST = lazy_compile(CONCLUDING_LEAD + r"there\s++(?:are|were)\s++(?:exactly\s++)?\$?(?P<count>\d{1,3}|[a-z]+)\$?"
                                r"\s++[^:;.!?]{1,80}:\s*+(?P<list>[^:;!?]{1,300}?)\s*[.!]?\s*")
_LIST_ITEM = lazy_compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)")


def _count_then_list(sentence: str, question: str | None) -> str:
    """To a "how many" question, the count a closing sentence states before listing what it counts, when the list
    has that many items ("So there are 5 two-digit divisors of 1000: 10, 20, 25, 40 and 50." -> "5"), or ""."""
    if not question or not _HOW_MANY.search(question):
        return ""
    m = _COUNT_THEN_LIST.fullmatch(sentence) if "there" in sentence.lower() else None
    if m is None or DOUBTED.search(sentence) or _CONDITION.search(sentence):
        return ""
    count = m.group("count")
    value = int(count) if count.isdigit() else number_words(count) if _count_in_words(count) else None
    items = [item for item in _LIST_ITEM.split(m.group("list")) if item.strip()]
    # what it counts is what the question asks about: a word of it the question uses, every number of it the
    # question's ("5 divisors of 500" to a question on the divisors of 1000 counts something else)
    counted = sentence[m.end("count"):m.start("list")]
    asked = {w.rstrip("s") for w in re.findall(r"[a-z]{4,}", question.lower())}
    if not any(w.rstrip("s") in asked for w in re.findall(r"[a-z]{4,}", counted.lower())) \
            or set(re.findall(r"\d+", counted)) - set(re.findall(r"\d+", question)):
        return ""
    return str(value) if value is not None and len(items) == value else ""


def _there_are_count(sentence: str) -> str:
    """The count "There are fifteen primes below 50." states in words ("15"), or ""."""
    m = _THERE_ARE.fullmatch(sentence) if "there" in sentence.lower() else None
    if m is None or not _count_in_words(m.group("count")) or _CONDITION.search(sentence) or DOUBTED.search(sentence) \
            or re.search(r"(?i)\b(?:but|minus|plus|except|only|not)\b|\?", sentence):
        return ""
    value = number_words(m.group("count"))
    return str(value) if value is not None and value.denominator == 1 else ""


# a count in words before its noun: "six rolls", "twenty-one games" (in a sentence opening with a conclusion word)
_NUMBER_WORD_RUN = r"(?:%s)(?:[\s-](?:%s))?" % ("|".join(sorted(set(ONES) | set(TENS), key=len, reverse=True)),
                                                "|".join(sorted(ONES, key=len, reverse=True)))
_COUNT_BEFORE_NOUN = lazy_compile(r"(?i)\b(?P<count>%s)\s++(?P<noun>[a-z]{3,})\b" % _NUMBER_WORD_RUN)
_CONCLUSION_FIRST = lazy_compile(r"(?i)\s*+(?:so|thus|hence|therefore|in\s+total|altogether|overall)\b")
# the asked object owning the count: "So a convex decagon has ...", "Thus the cube has ..." (its name, articles apart)
_OWNER_HAS = lazy_compile(r"(?i)\s*+(?:so|thus|hence|therefore)(?:\s*+,)?\s++(?:(?:a|an|the|our|this)\s++)?"
                          r"(?P<owner>[a-z][a-z-]*+(?:\s++[a-z][a-z-]*+){0,3}?)\s++(?P<has>has|have)\s++(?=[a-z])")


def _count_of_asked(sentence: str, question: str | None) -> str:
    """The count a concluding sentence states in words before a noun the question names ("So on average it takes
    six rolls." to "... the expected number of rolls ...?" -> "6"), or "": one count of two or more, nothing
    hedged, denied, conditioned or compared, no digit or math."""
    if not question or re.search(r"[\d$\\]", sentence) or not _CONCLUSION_FIRST.match(sentence):
        return ""
    owner = _OWNER_HAS.match(sentence)
    if owner and re.search(r"(?i)\b%s\b" % re.escape(owner.group("owner")), question):
        # "So a convex decagon has thirty-five diagonals." to "How many diagonals does a convex decagon have?": the
        # asked object's own count (not "So each vertex has seven neighbours.")
        sentence = sentence[:owner.start("has")] + sentence[owner.end("has"):]
    found = list(_COUNT_BEFORE_NOUN.finditer(sentence))
    if len(found) != 1 or found[0].group("count").lower() in ("one", "zero") \
            or _CONDITION.search(sentence) or DOUBTED.search(sentence) or "?" in sentence \
            or re.search(r"(?i)\b(?:but|minus|plus|except|only|not|no|never|than|more|fewer|less|least|most|times|"
                         r"per|each|every|or|and|up|minimum|maximum|over|under|above|below|beyond|within|worst|best|case|"
                         r"around|about|roughly|approximately|nearly|almost|some|has|have)\b|n't\b", sentence) \
            or not re.search(r"(?i)\b%s" % re.escape(found[0].group("noun").lower().rstrip("s")), question):
        return ""
    value = number_words(found[0].group("count"))
    return str(value) if value is not None and value.denominator == 1 else ""


def claim_then_reason(line: str, judged: bool = False, question: str | None = None) -> str:
    """The claim a closing line opens with, before its reason or example ("Impossible. The last digit of a perfect
    square is ..." -> "Impossible"), or "": a claim of :data:`..meaning.FAMILIES` (exists, possible, infinitely many,
    always, converges; not a bare yes or no, which only a yes/no question makes an answer) or a set of integers in words
    ("Exactly the powers of two: 1, 2, 4, ..."), written without numbers or math, when what follows holds no answer of
    its own. The numbers of the reason are no answer. ``judged``: the question asks only for a verdict on a statement,
    so a bare Chinese verdict closed by "。" before its proof ("正确。设 ...") is read too; ``question``, the row's: a
    word or two stating the property its yes/no question asks, or its opposite, is a claim too ("Uncountable — ...")."""
    verdict = _CJK_VERDICT_FIRST.match(line) if question and _CJK.search(line[:12]) else None
    if verdict and verdict.end() < len(line.rstrip()) and asks_yes_no(question) \
            and not _LATER_ANSWER.search(line, verdict.end()) and not _REASON_QUALIFIES.search(line, verdict.end()) \
            and not _CJK_LATER_VERDICT.search(line, verdict.end()):
        # "有。令 $f(x)=x^5-x+1$ ...", "不存在。由握手定理 ..." to a yes/no question: the verdict, then its proof (whose
        # numbers are no answer), with no later conclusion of its own
        return verdict.group("verdict")
    m = _CLAIM_FIRST.match(line)
    if m is None or m.end() >= len(line.rstrip()):
        return ""
    said = m.group("claim").strip()
    qualified = _QUALIFIERS_AFTER.match(line, m.end()) if m.group().rstrip().endswith(("—", "–")) else None
    if qualified and _QUALIFIER_TAKEN_BACK.search(_first_sentence_of(line[qualified.end():]).split(" since ")[0]
                                                  .split(" because ")[0]):
        qualified = None  # "converges — absolutely, I first thought, but ... only conditional": taken back after
    if qualified:
        said = f"{said}, {qualified.group('qualifiers')}"  # "converges — conditionally, not absolutely, since ...": the
        # claim with the qualifiers the dash adds
    if re.search(r"\d", said) or _LATER_ANSWER.search(line, m.end()) or _REASON_QUALIFIES.search(line, m.end()):
        return ""  # "Possible. But only when ...", "Infinitely many — actually no, ...": the reason takes it back
    from .described import integer_set, winner

    if question and _PLAYERS_NAMED.search(question) and winner(line[m.end():], question) is not None:
        return ""  # "Hence Bob is the first who can't move. Alice wins.": the winner named after it answers
    if any(_LATER_CLAIM_BACK.match(later) and claim(SPAN.sub(" ", later)) is not None
           for later in split_sentences(line[m.end():])):
        return ""  # "It does **not** converge absolutely, because ... So: it converges conditionally.": the later one
    if question and any(CONCLUSION_WORD.search(later[:400]) and states_asked_property(later, question)
                        for later in split_sentences(line[m.end():])):
        return ""  # "None of the three is a multiple of another: ... So ... the set is linearly independent.": the
        # conclusion stating the property asked answers, not a claim on the way to it
    if question and len(said.split()) <= 3 and not m.group().endswith("。") and states_asked_property(said, question):
        return said  # "Uncountable — Cantor's diagonal argument: ..." to "Is the set ... countable?"
    found = claim(said, question)
    if found is not None and found[0] in ("possible", "always") and question and _ASKS_OUTCOME.search(question) \
            and not asks_yes_no(question):
        return ""  # "Each player can always block the other's threats. The game always ends in a **draw**." to "What is
        # the outcome ...?": a step of the reason, not the outcome asked
    if found is not None and found[0] != "yes" and (not m.group().endswith("。") or found[0] == "holds"
                                                    and _BARE_VERDICT.fullmatch(said) and judged):
        return said  # (in Chinese only a verdict on the statement, "正确。", before its proof: "可以。解得 a = 3" states 3)
    # "Exactly the powers of two: 1, 2, 4, 8, ...", "n must be prime — exactly the primes": the set, then examples;
    # "The first player: put the first coin at the centre ...": the winner, then the strategy
    return said if integer_set(said) is not None or winner(said) is not None else ""


_QUALIFIER_WORD = r"(?:(?:but\s+|and\s+|though\s+|although\s+)?(?:not\s+)?(?:conditionally|absolutely|uniformly|pointwise|strictly|locally|globally))"
# what takes back qualifiers after them in their sentence: "— absolutely, I first thought, but ..."
_QUALIFIER_TAKEN_BACK = lazy_compile(r"(?i)\b(?:but|however|though|although|thought|actually|wait|rather|instead|only)\b")


def _first_sentence_of(text: str) -> str:
    end = re.search(r"[.!?](?:\s|$)", text)
    return text[:end.start()] if end else text


# the qualifiers a dash adds to a claim: "— conditionally, not absolutely," (then its reason, or the sentence's end)
_QUALIFIERS_AFTER = lazy_compile(r"\s*+(?P<qualifiers>%s(?:\s*+,\s*+%s)*)(?=\s*+(?:,|\.|$|;|\bsince\b|\bbecause\b))"
                                 % (_QUALIFIER_WORD, _QUALIFIER_WORD), re.I)
# a later conclusion about the object the line opened on: "So: it converges conditionally." (not "So the series of
# absolute values diverges.", another object)
_LATER_CLAIM_BACK = lazy_compile(r"(?i)\s*(?:so|thus|hence|therefore|consequently)\s*[:,]?\s*(?:it|this|they)\b")
# a bracket closing a claim with how far it goes: "(in fact $a_n\sim\sqrt{2n}$)", "(indeed it tends to infinity)", "(and
# equals 0)" after "the limit exists"
_STRENGTHENING_ASIDE = lazy_compile(r"\s*\(\s*(?i:in\s+fact|indeed|and\s+(?:it\s+)?equals|and\s+is\s+equal\s+to)\b(?![^()]*\b(?i:except|possibly|perhaps|maybe|not|"
                                    r"expect\w*|check\w*|unless|only|but|second\s+thought|actually|wrong|level|tends?\s+to\s+a)\b)"
                                    r"(?![^()]*n't)[^()]{1,120}\)\s*[.!]?\s*$")
def _asking_sentence(question: str) -> str:
    """The question's last sentence (the one asking), its math kept whole."""
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", question.strip())[-1]


# a claim after the place it is made at, the place first: "So at $x=-1$ the series converges."
_PLACE_FIRST = lazy_compile(r"(?i)\s*(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?:at|for|when)\s+\$(?P<place>[^$]{1,30})\$\s*,?\s*"
                            r"(?P<claim>[^$\d]{3,80}?)\s*[.!]?\s*")
# a question asking true or false
_ASKS_TRUE_OR_FALSE = lazy_compile(r"(?i)\btrue\s+or\s+false\b")
# a closing verdict on the statement, then maybe the case it is true in, in brackets: "So the statement is false in
# general (it's only true under the extra hypothesis $a_n\ge 0$)."
_STATEMENT_JUDGED_CLOSING = lazy_compile(r"(?i)(?P<head>\s*(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?:the|this|that)\s+"
                                         r"(?:statement|claim|assertion|implication)(?:\s+as\s+(?:given|stated|written))?\s+is\s+"
                                         r"(?:(?P<false>false|not\s+true)|"
                                         r"true)(?:\s+in\s+general)?)\s*(?:\((?:it'?s|it\s+is)\s+only\s+(?:true|valid)\s+"
                                         r"(?:under|when|if|for|with)\b(?![^()]*\b(?:sure|think|actually|wait|no|unless|modulo|"
                                         r"gap|could|couldn't|least|counterexample|maybe|perhaps)\b)[^()]{0,140}\)|"
                                         # "(what is true for all $x$ is $|\sin x| \le |x|$)": the statement that does hold
                                         r"\((?:what\s+(?:is|does)\s+(?:hold|true)|the\s+(?:correct|true)\s+(?:statement|inequality|"
                                         r"claim))\b(?![^()]*\b(?:answer|wait|actually|not|no|sure|maybe|perhaps)\b)[^()]{0,140}\))?"
                                         r"\s*[.!]?\s*")
# a question naming players or a winner: "Alice and Bob ...", "Which player ...", "Who wins ...?"
_PLAYERS_NAMED = lazy_compile(r"(?i)\bplayers?\b|\bwho\s+(?:wins|has)\b|\b[A-Z][a-z]+\s+and\s+[A-Z][a-z]+\b")
# what a sentence says of the set set in bold after it: "The expression is nonnegative ", "It is defined " (not
# "negative", "undefined", "fails", a negation, a hedge, a special case, anything after the bold)
_SET_STATED = lazy_compile(CONCLUDING_LEAD + r"(?:(?:the\s++)?(?:expression|inequality|"
                           r"function|solution\s++set|domain|series|sum|integral)|it|this)\s++(?:is\s++|holds\s*+|converges\s*+)?"
                           r"(?:nonnegative|non-negative|positive|defined|satisfied|true|valid)?\s*+\.?\s*+")
# a concession or an example in brackets beside a claim: "(though it need not be unique — e.g. $f(x)=x$)"
_CONCESSION = lazy_compile(r"(?i)\(\s*(?:though|although|even\s+though|e\.g\.|for\s+example|for\s+instance|i\.e\.)(?:[^()]|\([^()]{0,40}\)){0,200}\)")
_YES_NO_FIRST = lazy_compile(r"(?i)\s*(?:yes|no)\b")
# a word denying or doubting what a sentence says ("It is false that there are **infinitely many**")
_DENIED = lazy_compile(r"(?i)\b(?:not|no|never|cannot|nor|neither|only|but|however|contradict\w*|open)\b|n't\b")


# words taking the bold claim back after it: "**No real solution.** (Actually, wait: $x=-1$ works.)"
_TAKEN_BACK_AFTER = lazy_compile(r"(?i)\b(?:actually|wait|oops|wrong|mistake|on\s+second\s+thought)\b")
# an example in brackets: "(e.g. $B=0$)", "(for instance $n = 4$)"
# a value concluded in plain text after the last formula: ", so d = 0.3 km.", ", hence v = 12 m/s", ", so their sum
# is 0."
_PLAIN_VALUE_CONCLUDED = lazy_compile(r"(?:,\s*+|\s)(?i:so|hence|thus|therefore|giving)\s*+,?\s*+(?P<bold>\*\*)?"
                                      r"(?:(?P<named>[A-Za-z](?:_\{?\w{1,4}\}?)?\s*+=)|(?i:the|their|its)\s++[a-z]++"
                                      r"(?:\s++[a-z]++)?\s++(?:is|equals)|(?i:the\s++(?:series|sum|sequence|integral|"
                                      r"product|limit)|it)\s++(?:converges|tends|goes)\s++to)\s*+(?P<value>(?:[-−]|±\s*+|\\pm\s*+)?\d++(?:[.,]\d++)*+(?:/\d++)?"
                                      r"(?:\s*+(?:×|\*)\s*+10\^\{?[-−]?\d+\}?)?(?:[ \t]*+[A-Za-zµμΩ°][A-Za-zµμΩ°/·^\-\d]{0,10})?)"
                                      r"(?(bold)\*\*)\s*+[.!]?\s*+$")
# the constants of an asked form named after the value: ", i.e. $a=0$, $b=1$.", ", so $a=3$ and $b=2$."
_FORM_CONSTANTS = lazy_compile(r",\s*+(?:i\.\s?e\.|that\s+is|so|with)\s*+,?\s*+(?P<named>\$\s*[A-Za-z]\s*=\s*[^$]{1,20}\$"
                               r"(?:\s*+(?:,|and|,\s*and)\s*+\$\s*[A-Za-z]\s*=\s*[^$]{1,20}\$)++)\s*+\.?\s*+$")
# a closing sentence naming constants and nothing else: "So $a=0.5$ and $b=-0.5$.", "Thus $a = 3$, $b = 2$."
_CONSTANTS_ONLY = lazy_compile(r"(?i:(?:so|thus|hence|therefore|here)\s*,?\s+)?(?P<named>\$\s*[A-Za-z]\s*=\s*[-−]?[\d.]+(?:/\d+)?\s*\$"
                               r"(?:\s*(?:,|and|,\s*and)\s*\$\s*[A-Za-z]\s*=\s*[-−]?[\d.]+(?:/\d+)?\s*\$)+)\s*[.!]?")


def _in_asked_form(sentence: str, question: str) -> str:
    """The form the question asks for ("in the form $a+bi$") with the constants a closing sentence names and nothing
    else ("So $a=0.5$ and $b=-0.5$."), each in brackets ("(0.5)+(-0.5)i"); "" unless every letter of the form is
    named once."""
    form = _ASKED_FORM.search(question)
    if form and question[form.end():].strip(" .?$"):
        return ""  # ("... in the form $a\sqrt{b}$ with $b$ squarefree": conditions the constants must meet)
    only = _CONSTANTS_ONLY.fullmatch(sentence.strip()) if form else None
    if only is None:
        return ""
    named = dict(re.findall(r"\$\s*([A-Za-z])\s*=\s*([-−]?[\d.]+(?:/\d+)?)\s*\$", only.group("named")))
    shape = re.sub(r"\\[A-Za-z]+", lambda m: m.group().replace("i", "\x00"), form.group(1))  # (commands kept whole)
    letters = set(re.findall(r"(?<![A-Za-z\\])[a-h]", shape)) | (set(named) & set(re.findall(r"[a-z]", shape)))
    letters.discard("i")
    if not letters or set(named) != letters:
        return ""
    filled = re.sub(r"[a-hj-z]", lambda m: f"({named[m.group()]})" if m.group() in named else m.group(), shape)
    return filled.replace("\x00", "i")


# the form a question asks for: "in the form $a+bi$", "of the form $\frac{a}{b}$"
_ASKED_FORM = lazy_compile(r"(?i)\b(?:in|of)\s+the\s+form\s+\$([^$]{1,60})\$")
# an aside offering another reading: "(Though it could equally be read as a pair of crossing lines.)"
_HEDGED_ASIDE = lazy_compile(r"(?i)\b(?:could|might|may|or|equally|alternatively|arguably|perhaps|maybe)\b")
# a question asking what something is called: "What is the name of the curve ...?", "What is this point called?", "What
# kind of quadrilateral ...?"
_ASKS_NAME = lazy_compile(r"(?i)\bwhat\s+is\s+the\s+name\s+of\b|\bwhat\s+is\s+[^?]{1,60}\bcalled\b|\bwhat\s+(?:kind|type|sort)\s+of\b|"
                          r"\bname\s+(?:the|this)\b")
# a closing sentence naming it in words: "That's the cycloid.", "This curve is called the cardioid.", "It is a
# parallelogram."
_NAMING_SENTENCE = lazy_compile(r"(?i)(?:(?:so|thus|hence)\s*,?\s+)?(?:that|this|it|this\s+(?:curve|point|shape|figure|surface|"
                                r"solid|quadrilateral|triangle)|the\s+(?:curve|point|shape|figure|locus))(?:'s|’s|\s+is)"
                                r"(?:\s+called|\s+known\s+as)?\s+(?:the\s+|an?\s+)?\**[a-z][a-z -]{2,40}?\**\s*[.!]?")
# what turns a sentence after a dash: "— but", "— actually", "— wait", "— or rather", "— unless"
_TAIL_TURNS = lazy_compile(r"(?i)\b(?:but|however|actually|wait|rather|unless|except|although|though|not|no|never|or)\b|n't\b")
# a verdict closing a sentence after a dash: "... would need $27.5$ each — impossible."
_DASHED_VERDICT = lazy_compile(r"\s(?:—|–|--)[ \t]*+(?:\*\*)?(?P<word>(?i:impossible|not\s+possible|possible|yes|no))"
                               r"(?:\*\*)?[ \t]*+[.!]?[ \t]*+$")
# a verdict a concluding clause opens with, then a dash, comma or colon and its claim: "yes — it is both even and odd"
_CLAUSE_VERDICT = lazy_compile(r"(?i)(?:yes|no)[ \t]*+(?:—|–|--|,|:)[ \t]*+[a-z]")
# a bracketed aside closing a sentence: "(indeed the only function on $\mathbb{R}$ that is both)"
_ASIDE_IN_BRACKETS = lazy_compile(r"[ \t]*+\([^()\n]{1,160}\)(?=[ \t]*+[.!]?[ \t]*+$)")
_EXAMPLE_BRACKET = lazy_compile(r"\((?:e\.\s?g\.|for\s+example|for\s+instance)[,:]?\s[^()]{0,80}\)")


def _claimed(line: str, sentence: str) -> str:
    """The text answer the closing ``sentence`` of ``line`` states by meaning, or "": the sentence when the line
    holds no number and no math but empty boxes and it makes a claim ("Hence it is possible.", "Thus, there exists
    no such k." after an empty box: :func:`..meaning.claim`); else its clause after a last conclusion word, when that
    clause holds no number or math and makes a claim or a firm statement ("..., so the limit does not exist", "...,
    so the triangle must be equilateral"), or a claim about a math subject written before it ("Therefore
    $\\sqrt2+\\sqrt3$ is irrational."); else, in a line without numbers or math, a firm statement that is the
    sentence's last clause ("By strategy stealing, **Alice** has a winning strategy."). Math spans that only name
    things are words here ("Hence no such $k$ exists."); after a lead-in giving a reason or a method, the main
    clause is read ("Since $f(1)=f(-1)$, the function $f$ is not injective."); "$n$ can be any odd positive
    integer" states the set of its values."""
    bold = _BOLD_PHRASE.findall(sentence) if "**" in sentence else []
    conceded = " ".join(m.group() for m in _CONCESSION.finditer(sentence)) if bold else ""
    outside = _CONCESSION.sub(" ", _BOLD_PHRASE.sub(" ", sentence)) if bold else ""
    if conceded and (DOUBTED.search(conceded) or re.search(r"(?i)\b(?:prove\w*|proof|fails?|counterexample|cannot|"
                                                           r"could\s+not|couldn't)\b", conceded)):
        bold = []  # "So **yes** (though I could not prove it).": the concession doubts the claim
    if len(bold) == 1 and not re.search(r"[\d$\\]", bold[0]) and not _CONDITION.search(sentence) \
            and not _DENIED.search(outside) and not DOUBTED.search(outside) and "?" not in sentence \
            and claim(outside) is None and not _TAKEN_BACK_AFTER.search(outside):
        said = claim(bold[0])
        if said is not None and (said[0] != "yes" or _YES_NO_FIRST.match(bold[0])):
            # "Hence there are **infinitely many** primes of the form $4k+3$.", "So **yes, such a function always has
            # a fixed point** (though it need not be unique).", "**Yes** — every group of order 15 is cyclic."
            return bold[0].strip()
    line, sentence = _NAME_SPAN.sub(r"\g<name>", line), _NAME_SPAN.sub(r"\g<name>", sentence)
    placed = _PLACE_TAIL.search(sentence)
    if placed:
        head = _OPENING_WORDS.sub("", sentence[:placed.start()].strip())
        where = re.search(r"\$([^$]*)\$", placed.group()).group(1)
        if not re.search(r"[\d$\\]", head) and not _CONDITION.search(head) and "=" not in where \
                and not re.fullmatch(r"[\d.,\s{}+-]+", where) and (claim(head) is not None or _states_claim(head)):
            # "The series converges uniformly on $[0,1]$.": the claim, not where it holds
            return strip_wrappers(head)
    bare = _EXAMPLE_BRACKET.sub(" ", _EMPTY_BOX.sub(" ", line))  # ("It holds for some pairs (e.g. $B=0$), but not in
    wordy = not re.search(r"\d", bare) and not any(s.strip() for s in joined_spans(bare))  # general.": in words)
    if wordy and claim(sentence) is not None:
        reason, _, concluded = sentence.rpartition(", so ")
        if reason and claim(concluded) is not None and not _CONDITION.search(concluded) and not DOUBTED.search(concluded):
            # "By the integral test, the integral is infinite, so the series diverges.": the claim concluded, not its
            # reason's
            return strip_wrappers(concluded.strip())
        return strip_wrappers(_OPENING_WORDS.sub("", sentence.strip()))
    if wordy and not _CONDITION.search(sentence):
        values = _ANY_VALUE.fullmatch(_OPENING_WORDS.sub("", sentence.strip()).rstrip(".!"))
        if values:
            return values.group("what").strip()  # "n can be any odd positive integer": the set of its values
        holds = _HOLDS_EXACTLY_FOR.fullmatch(_OPENING_WORDS.sub("", sentence.strip()).rstrip(".!"))
        if holds:
            return "all " + (holds.group("what") or holds.group("what2")).strip()  # "So it works exactly for the odd positive integers."
        described = described_set(_OPENING_WORDS.sub("", sentence.strip()))
        if described:
            return described  # "every odd positive integer $n$": the set it describes, not its letter
    reason = _LEAD_IN.match(sentence)
    if reason:  # "Since f(1) = f(-1), the function f is not injective.": the main clause states the claim
        main = reason.group(1).strip().rstrip(".!").strip()
        if not re.search(r"[\d$\\]", main) and _states_claim(main):
            return strip_wrappers(main)
    example = _EXAMPLE.search(sentence)
    if example and not re.search(r"[\d$\\]", sentence[:example.start()]) and claim(sentence[:example.start()]):
        return strip_wrappers(_OPENING_WORDS.sub("", sentence[:example.start()].strip()))  # the claim, not its example
    parts = CONCLUSION_WORD.split(sentence)
    clause = parts[-1].strip(" ,")
    if _claim_about_math(clause):
        # "Therefore $\\sqrt2+\\sqrt3$ is irrational.": the claim, its math without delimiters
        return SPAN.sub(lambda m: next(g for g in m.groups() if g is not None), clause.strip().rstrip(".!"))
    verdict = _CLAUSE_VERDICT.match(clause) if len(parts) >= 2 else None
    if verdict and not re.search(r"[\d$\\]", _ASIDE_IN_BRACKETS.sub(" ", clause)):
        # "..., so yes — it is both even and odd (indeed the only function on $\mathbb{R}$ that is both).": the
        # verdict concluded and its claim; the bracketed aside after them is no answer
        return strip_wrappers(_ASIDE_IN_BRACKETS.sub("", clause).strip())
    if re.search(r"[\d$\\]", clause):
        return ""
    if len(parts) >= 2 and _states_claim(clause.rstrip(".!").strip()):
        return strip_wrappers(clause)
    last = strip_wrappers(sentence.rsplit(",", 1)[-1])
    if wordy and _FIRM.search(last) and len(last.split()) <= 12 and not _CONDITION.search(sentence):
        return last
    return ""


# a blank left at the end of a fill-in question: underscores, empty brackets, a full stop, a question mark
_BLANK_TAIL = lazy_compile(r"(?:[\s$.。．?？:：]|_+|\(\s*\)|（\s*）|\\underline\{[^{}]*\})+$")
_CLAUSE_END = lazy_compile("[，,；;。！？!?]")


def _filled_blank(sentence: str, question: str | None) -> str:
    """What a closing sentence puts in the blank a Chinese fill-in question ends on: the question's last clause
    ending in 为 / 是 / 等于 ("则最合适的抽样方法是"), restated in the sentence ("因此，最合适的抽样方法是分层抽样。"),
    is followed by the answer, words included (分层抽样); "" when the question ends on no such blank or the sentence
    does not restate it (at least four characters of it)."""
    if not question:
        return ""
    tail = _BLANK_TAIL.sub("", question)
    if not tail.endswith(("为", "是", "等于")) or not _CJK.search(tail[-6:]):
        return ""
    lead = re.sub(r"\s+", "", _CLAUSE_END.split(tail)[-1])
    said = re.sub(r"\s+", "", sentence)
    for size in range(len(lead), 3, -1):
        at = said.rfind(lead[-size:])
        if at >= 0:
            rest = _CLAUSE_END.split(said[at + size:])[0]
            return strip_wrappers(rest).strip()
    return ""


# "Therefore, the value of $k$ is 1.", "So $x$ equals 5.": a math span that only names a quantity, then a plain value
# stated for it outside math: the span is the sentence's subject, the value its answer
_NAME = r"\s*(?:[A-Za-z]|\\[a-z]{2,8})(?:_\{?\w{1,3}\}?)?\s*"
_NAME_THEN_VALUE = lazy_compile(r"(?:\$" + _NAME + r"\$|\\\(" + _NAME + r"\\\))"
                                r"[^$\d]{0,30}?\b(?:is|are|equals|was|becomes)"
                                r"\s+(?:about\s+|approximately\s+|exactly\s+)?[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?(?![\d.,/]?\d)[^$]*$")
_OR_GAP = lazy_compile(r"\s*\bor\b(?!\s*,|\s+(?:rather|equivalently|in\s+other\s+words|about|approximately)\b)\s*")


_BOUND_WORDS = lazy_compile(r"(?i)\b(?:at\s+(?:least|most)|(?:more|less|fewer|greater|smaller|larger)\s+than|no\s+(?:more|less)"
                            r"\s+than|not\s+(?:more|less)\s+than|up\s+to|exceeds?|below|above|under|over)\s*$")


def _bounds_span(line: str) -> bool:
    """Is the last math span of ``line`` a bound the words before it set ("is at least $2.0\\ \\mathrm{mT}$", "must
    exceed $20$ m/s")?"""
    spans = list(SPAN.finditer(line))
    return bool(spans) and _BOUND_WORDS.search(line, max(0, spans[-1].start() - 30), spans[-1].start()) is not None


# a condition on one letter: "a\le-2", "x > 3", "n \geq 5"
_CONDITION_SPAN = lazy_compile(r"\s*+(?P<letter>[A-Za-z])\s*+(?:<|>|\\le(?:q)?|\\ge(?:q)?|\\lt|\\gt|≤|≥)(?![A-Za-z])\s*+"
                               r"[-−]?(?:\d+(?:\.\d+)?|\\frac\{\d+\}\{\d+\}|\\sqrt\{?\d+\}?)\s*+")


def _bound_value(condition: str) -> float | None:
    """The number a condition on one letter bounds it by ("a\\le-2" -> -2.0; fractions and square roots read), or
    None."""
    number = re.split(r"<|>|\\le(?:q)?|\\ge(?:q)?|\\lt|\\gt|≤|≥", condition, maxsplit=1)[-1].strip().replace("−", "-")
    sign = -1.0 if number.startswith("-") else 1.0
    number = number.lstrip("-").strip()
    frac = re.fullmatch(r"\\frac\{(\d+)\}\{(\d+)\}", number)
    root = re.fullmatch(r"\\sqrt\{?(\d+)\}?", number)
    if frac:
        return sign * int(frac.group(1)) / int(frac.group(2))
    if root:
        return sign * int(root.group(1)) ** 0.5
    return sign * float(number) if re.fullmatch(r"\d+(?:\.\d+)?", number) else None


def conditions_or(sentence: str) -> str:
    """Two conditions on the same letter closing a sentence, joined by "or" ("So we need $a\\le-2$ or $a\\ge2$."):
    one set, their union, written as one answer ("a\\le-2 \\text{ or } a\\ge2"); "" otherwise (a hedge between two
    values stays one: "$37$ or $27$")."""
    found = list(SPAN.finditer(sentence))[-2:]
    if len(found) < 2 or not _OR_GAP.fullmatch(sentence[found[0].end():found[1].start()]) \
            or sentence[found[1].end():].strip(" .!") or DOUBTED.search(sentence) \
            or re.search(r"(?i)\b(?:not|no|never|if|unless|maybe|perhaps)\b", sentence):
        return ""
    sides = [_CONDITION_SPAN.fullmatch(next(g for g in m.groups() if g is not None)) for m in found]
    if None in sides or sides[0].group("letter") != sides[1].group("letter"):
        return ""
    below = [m for m in sides if re.search(r"<|\\le|\\lt|≤", m.group())]
    above = [m for m in sides if re.search(r">|\\ge|\\gt|≥", m.group())]
    bounds = [_bound_value(m.group()) for m in below + above]
    if len(below) != 1 or len(above) != 1 or None in bounds:
        return ""  # (two bounds the same way, "$a>1$ or $a>2$": a hedge, not a union)
    # (overlapping rays, "$x > -2$ or $x < 2$", are their union too: every real number, not the interval between)
    return " \\text{ or } ".join(m.group().strip() for m in sides)


# "either" just before a value, and what may stand between it and "or $b$": the first value's unit ("It is either
# $1.6 \\times 10^{-19}$ C or $3.2 \\times 10^{-19}$ C, depending on ...")
_EITHER_BEFORE = lazy_compile(r"(?i)\beither\s*+$")
_UNIT_OR_GAP = lazy_compile(r"\s*+(?:[A-Za-zÅΩμ]{1,5}\.?\s*+)?\bor\b(?!\s*,|\s+(?:rather|equivalently|in\s+other\s+words)\b)\s*+")


# a condition on one letter against a number, "\\ne" too: "$x \\ge 1$", "$x \\ne 3$"
_CONDITION_OR_NOT = lazy_compile(r"\s*+(?P<letter>[A-Za-z])\s*+(?:<|>|\\le(?:q)?|\\ge(?:q)?|\\lt|\\gt|≤|≥|\\neq?|≠)(?![A-Za-z])"
                                 r"\s*+[-−]?(?:\d+(?:\.\d+)?|\\frac\{\d+\}\{\d+\}|\\sqrt\{?\d+\}?)\s*+")
_AND_GAP = lazy_compile(r"\s*+(?:,\s*+)?(?:and\b|,)\s*+")


def _conditions_and(sentence: str) -> str:
    """Two conditions on the same letter closing a sentence, joined by "and" or a comma ("The domain is $x \\ge 1$ and
    $x \\ne 3$."): one set, their intersection, written as one answer ("x \\ge 1 \\text{ and } x \\ne 3"); ""
    otherwise."""
    found = list(SPAN.finditer(sentence))[-2:]
    if len(found) < 2 or not _AND_GAP.fullmatch(sentence[found[0].end():found[1].start()]) \
            or sentence[found[1].end():].strip(" .!") or DOUBTED.search(sentence) \
            or re.search(r"(?i)\b(?:not|no|never|if|unless|maybe|perhaps|or)\b", sentence):
        return ""
    sides = [_CONDITION_OR_NOT.fullmatch(next(g for g in m.groups() if g is not None)) for m in found]
    if None in sides or sides[0].group("letter") != sides[1].group("letter"):
        return ""
    return " \\text{ and } ".join(m.group().strip() for m in sides)


def _spans_hedge(line: str) -> bool:
    """Do the last two math spans of ``line`` offer two different numbers joined by "or" ("$37$ or $27$"), or any
    two different values after "either" ("either $1.6\\times10^{-19}$ C or $3.2\\times10^{-19}$ C")? Not
    "$\\frac12$ or $0.5$" (one value said twice), "$12$, or rather $13$" (a correction) nor "$24$, or $8$ each" (an
    "or" after a comma restates)."""
    found = list(SPAN.finditer(line))[-2:]
    if len(found) < 2:
        return False
    gap = line[found[0].end():found[1].start()]
    texts = [next(g for g in m.groups() if g is not None) for m in found]
    values = [or_value(text) for text in texts]
    if _OR_GAP.fullmatch(gap):
        return None not in values and values[0] != values[1]
    if not (_EITHER_BEFORE.search(line, 0, found[0].start()) and _UNIT_OR_GAP.fullmatch(gap)):
        return False
    if None not in values:
        return values[0] != values[1]
    return re.sub(r"\s+", "", texts[0]) != re.sub(r"\s+", "", texts[1])


# one value in a closing run of spans: a number, a fraction, or one letter named with either ("$p = 3$")
_ONE_VALUE = lazy_compile(r"\s*+(?:(?P<name>[A-Za-z])\s*+=\s*+)?(?:[-−]?\d+(?:\.\d+)?|[-−]?\\frac\{\d+\}\{\d+\})\s*+")


def _several_values(spans: tuple[str, ...]) -> bool:
    """Do ``spans`` (the closing run, joined by commas or "and") name two values or more, bare or of one letter
    ("$2$ and $3$", "$p = 2$ and $p = 3$")? They are several answers, where the row expects one: the last alone is
    not what the reply commits to. Values of different letters ("$x = 2$ and $y = 3$") are read as before, and so
    are values joined by "or" (a hedge, or a value said again: "$24$, or $8$ each")."""
    found = [_ONE_VALUE.fullmatch(s) for s in spans]
    return len(spans) >= 2 and None not in found and len({m.group("name") for m in found}) == 1 \
        and len({re.sub(r"\s", "", m.group()) for m in found}) >= 2


def _named_roots(spans: tuple[str, ...]) -> bool:
    """Does every span name its unknown ("$x = 2$", "$x = 9$")?"""
    return all(m is not None and m.group("name") for m in (_ONE_VALUE.fullmatch(s) for s in spans))


# a verdict opening the closing sentence, then a restatement: "So yes, every group of order 15 is cyclic."
# a closing sentence asking its own yes/no question, then answering it: "So, is the sequence unbounded? Yes — ..."
_OWN_QUESTION_ANSWERED = lazy_compile(r"(?i)\s*+(?:(?:so|thus|hence|therefore|now|then)\s*+,?\s*+)?"
                                      r"(?P<asked>(?:is|are|does|do|can|must|will)\s[^?\n]{3,150})\?\s*+"
                                      r"(?P<verdict>yes|no)\b(?P<rest>[^\n?]{0,200})")
_VERDICT_RESTATED = lazy_compile(r"(?i)\s*+(?:(?:so|thus|hence|therefore)\s*+,?\s*+)?(?P<verdict>yes|no)\s*+[,:—–]\s*+"
                                 r"(?P<rest>(?:\$[^$]{1,100}\$|[^.!?;$]){1,200})[.!]?\s*+")
# a magnitude with its unit, then a direction from a compass point: "2 N, directed 30° east of north."
_MAGNITUDE_DIRECTION = lazy_compile(r"(?<![\w.])(?P<value>\d+(?:\.\d+)?\s*+(?:[a-zA-Zμ][a-zA-Z/·²³⁻¹]{0,8}))\s*+,\s*+"
                                    r"(?P<direction>(?:(?:directed|pointing|pointed|at)\s++)?\d{1,2}(?:\.\d+)?\s*+(?:°|\s++degrees?)"
                                    r"\s*+(?:north|south|east|west)\s++of\s++(?:north|south|east|west))\s*+[.!]?\s*+$")
# a closing sentence giving only a value: "Its value is $-\pi^2/12$.", "The sum is $\pi^2/6$."
_VALUE_ADDED = lazy_compile(r"(?i)\W*(?:its|the|this)\s+(?:(?:exact|actual)\s+)?(?:value|sum|limit)\s+(?:is|equals)\s+"
                            r"\$[^$]{1,60}\$\s*[.!]?\s*")
# a value said again in words closing the sentence: ", which is 511 keV."
_WHICH_IS_VALUE = lazy_compile(r",\s*which\s+is\s+(?:about\s+|roughly\s+|approximately\s+)?(?P<value>\d[\d.]*(?:\s*(?:×|\\times)\s*10\^\{?-?\d+\}?)?"
                               r"\s*[a-zA-Zμµ]{1,4}(?:/[a-zA-Z]{1,3})?)\s*[.!]?\s*$")
# what a closing sentence states after "are", "is" or a colon: "So the solutions are all pairs $(a,1)$ with ..."
_FAMILIES_STATED = lazy_compile(r"(?:\b(?:are|is)\b|:)\s*(?P<said>(?:all\s+(?:pairs|triples|tuples)\s+)?\$?\([^.!?]{5,380})\s*[.!]?\s*$")
# a closing remark placing the answer in a family: "This is the borderline case $p=1$ of ...", "This is a special case
# of ..."
_CASE_REMARK = lazy_compile(r"(?i)\W*(?:this|that|it)\s+is\s+(?:the|a|an)\s+(?:borderline|special|limiting|boundary|classic|"
                            r"famous|well-known|standard|textbook)\s+(?:case|example)\b(?![^.]*\b(?:so|therefore|thus|hence|answer|"
                            r"wait|actually)\b)")
# a question asking what happens: "What is the outcome of ...?", "What is the result ...?", "Who wins ...?"
_ASKS_OUTCOME = lazy_compile(r"(?i)\bwhat\s+is\s+the\s+(?:outcome|result)\b|\bwho\s+(?:wins|has\s+a\s+winning)\b|\bhow\s+does\s+the\s+game\s+end\b")
# a closing sentence adding a fact: "In fact the image is exactly the integers $\equiv 1 \pmod 3$."
_FACT_ADDED = lazy_compile(r"(?i)\W*(?:in\s+fact|indeed|moreover|incidentally|notably)\b")
# a question asking the value as well: "Find its sum.", "If so, evaluate it.", "what is its value"
_ASKS_VALUE_TOO = lazy_compile(r"(?i)\b(?:find|compute|evaluate|calculate|determine)\b|\bwhat\s+is\s+(?:its|the)\s+(?:value|sum|limit)\b|"
                               r"\bif\s+so\b|求")
# a display closed by a comma: the sentence it is part of goes on in the next line
_DISPLAY_COMMA_END = lazy_compile(r"[,，]\s*+(?:\$\$|\\\])\s*+$")
# a line saying a display's vectors form a basis: "which are independent and form a basis."
_BASIS_TAIL = lazy_compile(r"(?i)which\s+are\s+(?:linearly\s+)?independent(?:\s+and\s+(?:so\s+|hence\s+|therefore\s+|thus\s+)?"
                           r"(?:form|give|make\s+up)\s+(?:a|the)\s+basis(?:\s+(?:of|for)\s+[a-z -]{1,40})?)?\s*[.!]?")
# a line naming a display's constants: "with $A,B$ arbitrary constants.", "where $C_1, C_2 \in \mathbb{R}$."
_CONSTANTS_TAIL = lazy_compile(r"(?:with|where)\s+\$(?P<names>[A-Za-z](?:_\{?\w{1,2}\}?)?(?:\s*,\s*[A-Za-z](?:_\{?\w{1,2}\}?)?){0,3})"
                               r"(?:\s*(?:\\in|∈)\s*\\mathbb\s*\{?[RC]\}?)?\$\s*(?:(?:being|are|is)\s+)?(?:(?:arbitrary|any|real|"
                               r"free)\s+)*(?:constants?|parameters?|numbers?)?\s*\.?")
def _display_tail(line: str, display: str) -> bool:
    """Is ``line``, after a ``display`` closed by a comma, only that sentence's tail: "which are independent and form a
    basis." (the display's vectors), "with $A,B$ arbitrary constants." (constants the display writes), "directed
    opposite to the car's motion." (lower-case words stating, comparing and correcting nothing)?"""
    if _BASIS_TAIL.fullmatch(line):
        return True
    constants = _CONSTANTS_TAIL.fullmatch(line) if "$" in line else None
    if constants:
        return all(letter in display for letter in re.findall(r"[A-Za-z]", re.sub(r"_\{?\w+\}?", "", constants.group("names"))))
    return bool(_DISPLAY_TAIL.fullmatch(line)) and not _DISPLAY_TAIL_STATES.search(line) and number_words(line) is None


# that sentence's tail: words only, in lower case ("directed opposite to the car's motion.")
_DISPLAY_TAIL = lazy_compile(r"[a-z][a-z' -]{2,80}[.!]?")
# a tail that states, concludes, corrects or compares: it may hold an answer of its own
_DISPLAY_TAIL_STATES = lazy_compile(r"(?i)\b(?:so|thus|hence|therefore|answer|not|no|wait|actually|or|but|which|equals?|is|are|"
                                    r"was|gives?|giving|i\.e|namely|approximately|about|roughly|than|times|half|twice)\b")


# a Chinese verdict opening the closing sentence (after a label), then a restatement: "结论：是的，任何 15 阶群都是循环群。"
_CJK_VERDICT_RESTATED = lazy_compile(r"\s*+(?:(?:结论|答|综上|所以|因此)\s*+[:：，,]?\s*+)?(?P<verdict>是的?|不是|否)\s*+(?:[，,：:]\s*+"
                                     r"(?P<rest>[^。！!？?；;\n]{2,80}))?[。！!]?\s*+")
# what turns, hedges or supposes in a Chinese restatement
_CJK_RESTATED_TURNS = lazy_compile(r"但|不过|然而|除|只有|仅|如果|若|可能|也许|或|吗|不一定|未必")


def _cjk_restatement_agrees(verdict: str, rest: str | None, question: str) -> bool:
    """Does the restatement ``rest`` after a Chinese ``verdict`` say the question's claim the verdict's way: after 是,
    no negation, turn or hedge (:data:`_CJK_RESTATED_TURNS`); after 不是 / 否, one negation; its numbers the question's
    own?"""
    if rest is None:
        return True  # "结论：是。": the verdict alone
    rest = re.sub(r"（[^（）]{0,60}）|\([^()]{0,60}\)", "", rest)  # ("（$S_3$ 就不是循环群）": an example in brackets)
    if _CJK_RESTATED_TURNS.search(rest) or not set(re.findall(r"\d+", rest)) <= set(re.findall(r"\d+", question)):
        return False
    negated = len(re.findall(r"不|没|非|无(?!穷|限|论)", rest))
    return negated == (0 if verdict.startswith("是") else 1)


# a concession closing a sentence after its claim: "— even though $f'$ is not continuous", ", despite having measure 0"
_CONCEDED_TAIL = lazy_compile(r"\s*+(?:—|–|--|,)\s*+(?i:even\s+though|although|though|despite|in\s+spite\s+of|albeit)\b[^.!?;]*+[.!]?\s*+$")
# a concession in brackets closing the text: "(though $f''(0)$ does not exist)."
_BRACKETED_CONCESSION = lazy_compile(r"\s*+\((?i:even\s+though|although|though|albeit)\b(?:[^()]|\([^()]{0,20}\)){1,200}\)"
                                     r"[.!]?\s*+$")
# a question about a derivative: "Is $f$ twice differentiable ...?", "Is $f'$ continuous ...?", "Does $f''(0)$ exist?"
_ASKS_DERIVATIVE = lazy_compile(r"(?i)\btwice\b|\bderivative|[a-z]'|\bsmooth\b|C\^\{?[1-9∞]")
# a concession on a derivative: "though $f''(0)$ does not exist", "although its derivative is not continuous"
_DERIVATIVE_CONCEDED = lazy_compile(r"\s*+[(,;—–-]*\s*+(?i:even\s+though|although|though)\s+(?:\$\s*[a-z]'+\s*\([^()$]{1,10}\)\s*\$|"
                                    r"(?i:its|the)\s+(?:(?i:first|second|third)\s+)?(?i:derivative))\s")


def without_concession(text: str, question: str | None) -> str:
    """``text`` without a concession closing it that adds, hedges and takes back nothing, when it holds maths of its own
    ("Hence $\\sqrt{x}$ is uniformly continuous on $[0,\\infty)$, even though it is not Lipschitz near $0$." to "Is
    ... uniformly continuous ...?": the claim, not the place the concession names)."""
    if not question or "$" not in text[-300:] or not asks_yes_no(question):
        return text
    conceded = _CONCEDED_TAIL.search(text, max(0, len(text) - 300)) or _BRACKETED_CONCESSION.search(text, max(0, len(text) - 300))
    if conceded is None or conceded.start() == 0 or "$" not in conceded.group() or "\n" in conceded.group() \
            or _concession_turns(conceded.group(), question) and not (
                _DERIVATIVE_CONCEDED.match(conceded.group()) and not _ASKS_DERIVATIVE.search(question)):
        return text
    # ("(though $f''(0)$ does not exist)": a concession on the derivative, another object, whatever it says of it)
    return text[:conceded.start()].rstrip() + "."


def _concession_turns(concession: str, question: str | None) -> bool:
    """Does a closing ``concession`` add an answer, hedge, take the claim back, or speak of what the question asks
    ("although, on reflection, it is not", "although they must really be uncountable", "even though ..., making it
    continuous" to "Is $g$ continuous?"): a claim of its own, the property asked or a word the question offers?"""
    words = set(re.findall(r"[a-z][a-z-]*", concession.lower()))
    offered = asked_alternatives(question) or ()
    asked = property_words(question or "")
    # ("even though it is not Lipschitz near $0$": another property said of it, neither the one asked nor a retraction)
    concession = _OTHER_PROPERTY_SAID.sub(lambda m: m.group() if m.group("word").lower() in asked or m.group("word").lower()
                                          in _NOT_A_PROPERTY else " ", concession)
    return bool(_CONCESSION_ADDS.search(concession)) or claim(SPAN.sub(" ", concession)) is not None \
        or bool(property_words(question or "") & words) or any(w.lower() in words for w in offered)


# "it is not Lipschitz", "it's bounded": a property said of the subject in a concession
_OTHER_PROPERTY_SAID = lazy_compile(r"(?i)\bit(?:'s|\s+is)\s+(?:not\s+)?(?P<word>[a-z][a-z-]{3,20})\b(?=\s*(?:near|at|on|in|"
                                    r"around|there|everywhere|$|[.,;)]))")
# words after "it is" that are no property: "it is true", "it is wrong", "it is the answer"
_NOT_A_PROPERTY = frozenset({"true", "false", "wrong", "right", "correct", "incorrect", "really", "actually", "still",
                             "also", "the", "not", "what", "exactly", "precisely", "indeed", "sure", "certain", "clear"})
# what makes a concession add an answer, hedge or take the claim back: "although $x = 6$ also works", "though it may
# fail", "although this is wrong"
_CONCESSION_ADDS = lazy_compile(r"(?i)\b(?:also|too|as\s+well|or|could|might|may|maybe|perhaps|probably|answer\w*|really|"
                                r"reflection|must|means?|meaning|making|makes|which|it\s+is|it's|they\s+are|"
                                r"wrong|incorrect|mistake\w*|actually|wait|so|thus|hence|therefore)\b|=")
# a restatement that denies: "So no, not every group of order 15 is cyclic." (a "no" restating a positive claim, "So
# no, 91 is prime.", contradicts itself)
_NEGATED_REST = lazy_compile(r"(?i)\b(?:not|no|never|cannot|neither|nor|none)\b|n't\b")
# what turns or restricts a restatement after a verdict: it may then state another answer
_VERDICT_TURNS = lazy_compile(r"(?i)\b(?:but|however|except|unless|only|if|when|provided|although|though|or|maybe|perhaps)\b")
def _verdict_turns(verdict: str, rest: str) -> bool:
    """Does the restatement after a verdict turn or restrict it (:data:`_VERDICT_TURNS`)? After a "no", "..., but not
    a total one" denies again what the no denies, and "only for acute triangles" restricts what the no denies holds
    always: no turn."""
    turns = list(_VERDICT_TURNS.finditer(rest))
    if verdict.lower() == "no" and turns and all(t.group().lower() == "but" and _BUT_NOT.match(rest, t.end())
                                                 or t.group().lower() == "only" for t in turns):
        return False  # ("So no — it lies inside only for acute triangles.": only some cases, as the no says)
    return bool(turns)


# a restatement holding only in some cases: "it lies inside only for acute triangles"
_ONLY_SOME = lazy_compile(r"(?i)\bonly\s+(?:for|when|if|in|on)\b|\b(?:for|when|in)\s+[^.!?;]{1,60}\s+only\b")
_BUT_NOT = lazy_compile(r"\s++(?:not|never)\b")
# a question asking for a set of integers: "Find all positive integers $n$ ...", "For which $n$ ..."
_ASKS_ALL = lazy_compile(r"(?i)\ball\b|\bfor\s+which\b|\bwhich\s+(?:positive\s+)?integers\b|\bthe\s+set\s+of\b")
# a closing clause naming the multiples of a number as the answer's set
_MULTIPLES_CLOSING = lazy_compile(r"(?i)\b(?:for|are|is|be|to)\s++(?:exactly\s++|precisely\s++|all\s++)?(?:the\s++|an?\s++)?"
                                  r"(?P<which>positive\s++|non-?negative\s++)?(?:integer\s++)?multiples?\s++of\s++\$?\s*+"
                                  r"(?P<n>\d{1,4})\s*+\$?\s*+[.!]?\s*+$")
# a numeral, then the base it is written in, closing the line
_IN_BASE_AT_END = lazy_compile(r"(?<![\w.])(?P<digits>[0-9A-Fa-f]{1,40})\s++in\s++base[\s-]*+(?P<base>\d{1,2})\s*+[.!]?\s*+$")


# a player named by turn, what that player does, then "so he wins": "The second player can always mirror to a multiple
# of 4, so he wins.", "Whatever the first player takes, the second player makes the round total 4, so he wins."
_PRONOUN_WINS = lazy_compile(r"(?i)\s*+(?:(?:so|thus|hence|therefore|then|from\s+then\s+on|after\s+that),?\s++)?"
                             r"(?:(?:whatever|whichever)\b[^,.;:!?]{1,80}+,\s*+)?"
                             r"(?P<who>the\s+(?:first|second)\s+player)\b"
                             r"[^.;:!?]{0,160}?,?\s++(?:so|thus|hence|and)\s++(?:he|she|they)\s++(?:always\s++)?"
                             r"(?:wins?|has\s+a\s+winning\s+strategy)\s*+[.!]?\s*+")


# another player named after the one a sentence opens on: "he" may then be either ("The first player moves, then the
# second player mirrors every move, so he wins.")
_ANOTHER_PLAYER = lazy_compile(r"(?i:\b(?:first|second|other|starting)\s+player\b|\bopponent\b)|\b[A-Z][a-z]+\b")


# a value in a unit, then the same value in another unit after ", or" / ", i.e." ("49 J/s, or 0.049 kW")
_TWICE = lazy_compile(r"(?P<first>[-−]?\d+(?:\.\d+)?\s*+[^\d,;]{1,12}?)\s*+,\s*+(?:or|i\.e\.|that\s+is)\s++"
                      r"(?P<second>[-−]?\d+(?:\.\d+)?\s*+[^\d,;]{1,12}?)\s*+\.?")
# ... or in brackets after it, closing the line: "343.2 m/s (roughly 1236 km/h).", "2e-3 A (2 mA)." (a number in E
# notation read whole, not its exponent)
_TWICE_BRACKETED = lazy_compile(r"(?<![\w.^{}])(?<![eE][-+−])(?P<first>[-−]?\d+(?:\.\d+)?(?:[eE][-+−]?\d{1,3})?\s*+[^\d,;()]{1,12}?)\s*+\(\s*+(?:(?P<side>(?:a\s+(?:bit|little)|"
                                r"just|slightly)\s+(?P<way>over|under|more\s+than|less\s+than|above|below))\s*+|"
                                r"(?:roughly|about|approximately|approx\.|around|i\.e\.,?|or|that\s+is,?|≈|~)\s*+)?"
                                r"(?P<second>[-−]?\d+(?:\.\d+)?\s*+"
                                r"[^\d,;()]{1,12}?)\s*+\)\s*+[.!]?\s*+$")


_TIMES_BEFORE = lazy_compile(r"(?:×|\\times|\\cdot|\^\{?[-−]?|\*|[\d.{])\s*+$")


def _same_value(first: str, second: str) -> bool:
    """Are ``first`` and ``second`` (a number and a unit each) one value in two units (to 0.1%)?"""
    a_unit, b_unit = unit_tail(first.strip()), unit_tail(second.strip())
    if a_unit is None or b_unit is None:
        return False
    factor = unit_factor(b_unit[1], a_unit[1])
    if not isinstance(factor, Fraction):
        return False
    try:
        a, b = (Fraction(side[0].strip().replace("−", "-")) for side in (a_unit, b_unit))
    except (ValueError, ZeroDivisionError):
        return False  # (not a plain number: "10⁵ Pa" of "1.01 × 10⁵ Pa")
    return bool(a) and abs(b * factor - a) <= abs(a) * Fraction(1, 1000)


def _said_twice(text: str) -> str:
    """``text`` closing on two values one after the other, the second the first in another unit ("49 J/s, or 0.049
    kW" -> "49 J/s"), with the first alone: one answer, not two; "" otherwise (two different values, or a unit not
    known)."""
    tail = text.strip().rsplit("=", 1)[-1]  # ("P = W/t = 49 J/s, or 0.049 kW": the chain before it kept)
    m = _TWICE.fullmatch(tail.strip()) if "," in tail else None
    if m is None or not _same_value(m.group("first"), m.group("second")):
        return ""
    return text.strip()[:len(text.strip()) - len(tail)] + (" " if tail[:1].isspace() else "") + m.group("first").strip()


def _without_restatement(line: str) -> str:
    """``line`` without a closing restatement in brackets of its last value in another unit ("v = fλ = 343.2 m/s
    (roughly 1236 km/h)." -> "v = fλ = 343.2 m/s."; "about 1236 km/h (343.2 m/s)" -> "343.2 m/s", the value not
    called rough), or the two as a hedge when the brackets hold another value of the same quantity ("So she runs 5 km
    (500 m)." -> "5 km or 500 m", which commits to neither); unchanged otherwise."""
    m = _TWICE_BRACKETED.search(line) if line.rstrip(" .!").endswith(")") else None
    if m is None or _TIMES_BEFORE.search(line, 0, m.start()):
        return line  # (the number after a "×" is a power of ten's, not the value: "1.01 × 10⁵ Pa (about 1 atm)")
    first, second = m.group("first").strip(), m.group("second").strip()
    if m.group("side") and _on_that_side(first, second, m.group("way")):
        return line[:m.start()] + first + "."  # "v ≈ 19.8 m/s (a bit over 70 km/h).": the value, placed roughly
    if not _same_value(first, second):
        return f"{first} or {second}" if _same_quantity(first, second) else line
    rough = _ROUGH_BEFORE.search(line, 0, m.start())
    return line[:m.start()] + (second if rough else first) + "."


# the signs of a tuple's ± chosen each on its own, said in words: "with all four sign combinations", "all
# combinations of signs", "with independent signs"
_ALL_SIGNS = lazy_compile(r"(?i)\b(?:with\s+|in\s+|for\s+)?(?:all|every|each\s+of\s+the)\s+(?:(?:four|eight|4|8)\s+)?"
                          r"(?:(?:sign|signs)\s+combinations?|combinations?\s+of\s+(?:the\s+)?signs?|sign\s+choices?)\b|"
                          r"\bwith\s+independent\s+signs?\b")
_PM_TUPLE = lazy_compile(r"\(\s*([^()$]{1,60})\s*\)\s*\$?\s*$")


def _signs_expanded(head: str) -> str:
    """The tuples a tuple with ± in some entries names when each sign is chosen on its own ("$(x,y)=(\\pm3,\\pm2)$"
    -> "(3,2), (3,-2), (-3,2), (-3,-2)"), or "": at most three entries with ±, each a number."""
    spans = list(SPAN.finditer(head))
    formula = next(g for g in spans[-1].groups() if g is not None).split("=")[-1] if spans else ""
    m = _PM_TUPLE.fullmatch(formula.strip())
    if m is None:
        return ""
    entries = [e.strip() for e in m.group(1).split(",")]
    options = []
    for entry in entries:
        pm = re.fullmatch(r"(?:\\pm|±)\s*(\d+(?:\.\d+)?)", entry)
        if pm:
            options.append((pm.group(1), "-" + pm.group(1)))
        elif re.fullmatch(r"-?\d+(?:\.\d+)?", entry):
            options.append((entry,))
        else:
            return ""
    if not 1 <= sum(len(o) == 2 for o in options) <= 3:
        return ""
    from itertools import product

    return ", ".join("(" + ",".join(choice) + ")" for choice in product(*options))


# a clause giving more than the answer: ", with eigenvectors $(1,1)$ and $(1,-1)$ respectively."
_WITH_UNASKED = lazy_compile(r"(?i),\s+with\s+(?:the\s+|their\s+|its\s+)?(?:corresponding\s+|respective\s+)?(?P<noun>[a-z]{4,})\b"
                             r"[^.;!?]*[.!]?\s*$")
# a value restated roughly after the one stated, closing the sentence: ", i.e. roughly $327\,^\circ\text{C}$."
_ROUGHLY_RESTATED = lazy_compile(r"(?i)\s*+[,;]?\s*+(?:i\.\s?e\.|that\s+is)\s*+,?\s*+(?:about|roughly|approximately|approx\.|"
                                 r"around|nearly|almost|≈|~)\s*+\$[^$]*\d[^$]*\$\s*+[.!]?\s*+$")
def _units_as_words(text: str) -> str:
    """``text`` with units set upright (``\\text{eV}``, ``\\mathrm{m}``) as their letters and TeX spaces (``\\ ``,
    ``\\,``) as spaces, for :func:`.units.unit_tail` to read the value and unit it closes on."""
    return _UPRIGHT_UNIT.sub(r"\1", text).replace("\\ ", " ").replace("\\,", " ")


_UPRIGHT_UNIT = lazy_compile(r"\\(?:text|mathrm)\s*\{([^{}]*)\}")


def _unit_named(restated: str, question: str | None) -> bool:
    """Does ``question`` name the unit of the ``restated`` value ("Give it in degrees Celsius." for "$327\\,^\\circ
    \\text{C}$", "in km/h")? Then the restatement may be the value asked."""
    span = SPAN.search(restated)
    value = _units_as_words(next(g for g in span.groups() if g is not None)) if span else ""
    value = re.sub(r"\^\s*\{?\s*\\circ\s*\}?|°", "", value)
    said = unit_tail(value.strip())
    unit = (said[1] if said else "").strip()
    asked = (question or "").lower()
    names = {"C": "celsius", "F": "fahrenheit", "K": "kelvin"}
    return bool(unit) and (unit.lower() in re.findall(r"[a-zμ/°]+", asked) or names.get(unit, "\0") in asked)


def _stated_with_unit(head: str, question: str | None) -> bool:
    """Does ``head`` close on a math span stating a number with its unit ("$T_2 = 2\\times300\\ \\text{K} = 600\\
    \\text{K}$"), to a question asking no unit of its own (then the restatement after it may be the value asked)?"""
    from .compare.asked import asked_unit  # (the comparison package reads the reader: imported when used)

    spans = list(SPAN.finditer(head))
    if not spans or head[spans[-1].end():].strip(" ,;") or asked_unit(question):
        return False
    value = strip_wrappers(next(g for g in spans[-1].groups() if g is not None)).split("=")[-1]
    said = unit_tail(_units_as_words(value).strip())
    return said is not None and bool(said[1]) and bool(re.search(r"\d", said[0] or ""))


# an expression, then the value it comes to closing the sentence: "$3^4 \bmod 7$, which is 4."
_EVALUATED_AFTER = lazy_compile(r"\$(?P<expr>[^$]{1,80})\$\s*+,?\s*+(?:which\s+(?:is|equals|comes\s+to|gives)|i\.\s?e\.,?)"
                                r"\s*+(?P<value>[-−]?\d+(?:\.\d+)?|\$[-−]?\d+(?:\.\d+)?\$)\s*+[.!]?\s*+$")
# a value restated roughly in brackets closing the sentence: "6.0 m·s⁻² (roughly 0.61 g)."
# a bracket closing the sentence, one span naming a quantity and its value: "($v/c\approx 1/137$)", "($\beta = 0.007$)"
_OTHER_LABEL_ASIDE = lazy_compile(r"[ \t]*+\(\s*+\$(?P<label>[^$=≈]{1,20}?)\s*+(?:=|\\approx|≈)[^$]{1,30}\$\s*+(?P<close>\))"
                                  r"(?=\s*+[.!]?\s*+$)")


def _other_label(head: str, label: str) -> bool:
    """Does ``head`` (a sentence before a bracketed aside labelled ``label``) state a value with its unit under a
    label other than ``label`` ("So $v_1 \approx 2190$ km/s — fast, ..." before "$v/c$")?"""
    spans = list(SPAN.finditer(head))
    if not spans:
        return False
    inner = next(g for g in spans[-1].groups() if g is not None)
    named = re.match(r"\s*(?P<name>[^=≈]{1,20}?)\s*(?:=|\\approx|≈)\s*[-−]?\d", inner)
    after = head[spans[-1].end():spans[-1].end() + 20]
    unit = re.match(r"\s*(?:\\[,;: ]|~)?\s*[A-Za-zµμΩÅ°][A-Za-z/·^\-\d]{0,10}(?![A-Za-z])", after)
    return bool(named and unit and re.sub(r"\s+", "", named.group("name")) != re.sub(r"\s+", "", label)
                and not DOUBTED.search(head[spans[-1].end():]))


_ROUGHLY_BRACKETED = lazy_compile(r"(?i)\s*+\((?:i\.\s?e\.,?\s*+)?(?:about|roughly|approximately|approx\.|around|nearly|"
                                  r"almost|≈|~)\s*+(?![^()]{0,40}(?:;|\b(?:exact\w*|actual\w*|precise\w*|really|true|"
                                  r"correct\w*|answer\w*|more)\b))(?P<said>[^()]{1,40})\)(?=\s*+(?:[.!]?\s*+$|,))")


def _before_rough_restatement(span: str) -> str:
    """``span`` without a closing "≈ value" restating, in another unit, the value with its unit before it
    ("E_{\\text{ion}}=3.40\\ \\text{eV}\\approx5.45\\times10^{-19}\\ \\text{J}": the 3.40 eV stated, not its rounded
    conversion); unchanged otherwise."""
    parts = re.split(r"\\approx|≈", span)
    if len(parts) < 2:
        return span
    head, tail = "≈".join(parts[:-1]) if len(parts) > 2 else parts[0], parts[-1]
    said = unit_tail(_units_as_words(head).strip(" .").split("=")[-1].strip())
    restated = unit_tail(_units_as_words(tail).strip(" ."))
    if not said or not restated or not said[1] or not restated[1] or not re.search(r"\d", said[0] or "") \
            or said[1].strip() == restated[1].strip() or not convertible(restated[1].strip(), said[1].strip()):
        return span
    first, second = _plain_number(said[0]), _plain_number(restated[0])
    factor = unit_factor(restated[1].strip(), said[1].strip())
    if first is None or second is None or not first or not isinstance(factor, Fraction) \
            or abs(second * float(factor) - first) > 0.01 * abs(first):
        return span  # ("343.2 m/s ≈ 1300 km/h": a restatement that disagrees is compared as before)
    return head.rstrip()


def _plain_number(text: str | None) -> float | None:
    """A decimal, maybe times a power of ten ("5.45\\times10^{-19}"), as a float; None otherwise."""
    m = re.fullmatch(r"\s*([-−]?\d+(?:\.\d+)?)\s*(?:(?:\\times|×)\s*10\s*\^\s*\{?\s*([-−]?\d+)\s*\}?)?\s*", text or "")
    if m is None:
        return None
    return float(m.group(1).replace("−", "-")) * 10 ** int((m.group(2) or "0").replace("−", "-"))


def _restates_in_other_kind(head: str, said: str, question: str | None) -> bool:
    """Does a rough bracket saying ``said`` ("0.61 g") follow a value with its unit closing ``head`` ("... 6.0
    m·s⁻²") and restate it as another kind of quantity (a unit not measuring the value's, or none), the question not
    asking for the bracket's unit?"""
    value = re.search(r"(\d[\d.,]*)\s*([^\d\s()$][^()$]{0,19}?)\s*$", head[-60:])
    said_unit = re.search(r"\d\s*([^\d\s()][^()]{0,15}?)\s*$", said)
    if value is None or said_unit is None or not read_unit_text(value.group(2)):
        return False
    if convertible(said_unit.group(1), value.group(2)):
        return False  # "343.2 m/s (roughly 1300 km/h)": the same quantity, compared as before
    return not re.search(r"(?i)\bin\s+(?:units\s+of\s+)?%s\b" % re.escape(said_unit.group(1).split()[-1]), question or "")
# a value called rough: "about 1236 km/h (343.2 m/s)"
_ROUGH_BEFORE = lazy_compile(r"(?i)\b(?:about|roughly|approximately|approx\.|around|nearly|almost)\s*+$|[≈~]\s*+$")


def _on_that_side(first: str, second: str, way: str) -> bool:
    """Is ``first`` (a number and a unit) a little over (or under) ``second`` in another unit of the same quantity, as a
    bracket says ("19.8 m/s (a bit over 70 km/h)": 71.3 km/h), by at most a tenth?"""
    a, b = unit_tail(first), unit_tail(second)
    factor = unit_factor(a[1], b[1]) if a is not None and b is not None else None
    try:
        value, bound = float(a[0]) * float(factor), float(b[0])
    except (TypeError, ValueError):
        return False
    over = way.split()[0] in ("over", "more", "above")
    return bound > 0 and (bound < value <= bound * 1.1 if over else bound * 0.9 <= value < bound)


def _same_quantity(first: str, second: str) -> bool:
    """Are ``first`` and ``second`` (a number and a unit each) values of one quantity, in known units?"""
    a_unit, b_unit = unit_tail(first), unit_tail(second)
    return a_unit is not None and b_unit is not None and convertible(b_unit[1], a_unit[1])


# values named in a sentence written without math delimiters ("a=b=c=1", "x=2, y=3", "x = 2 and y = -1"): the names
# with their values, one answer (as "$a=b=c=1$" is), not the last number alone
_NAMED_ONE = r"(?:[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=\s*)+[-−]?\d+(?:\.\d+)?(?:/\d+)?"
# a count stated after a closing "so": ", so there are 4 such pairs."
_SO_COUNT_TAIL = lazy_compile(r"(?i),\s*(?:so|thus|hence|therefore)\s+there\s+(?:are|is)\s+(?:exactly\s+)?(?P<n>\d{1,9})\s+"
                              r"(?:such\s+|distinct\s+|different\s+)?(?P<noun>[a-z]{3,})\b[^,;:\n]{0,40}?[.!]?\s*$")
# a value stated after a closing "so": ", so λ ≈ 6.56 × 10⁻⁷ m." (a name, "=" or "≈", a value with no comma)
_SO_VALUE_TAIL = lazy_compile(r",\s*(?:so|thus|hence|therefore)\s+(?P<tail>[A-Za-zα-ωΑ-Ω](?:_\{?\w{1,3}\}?)?\s*(?:=|≈|\\approx)"
                              r"[^=,;:\n]{1,60}?)\s*[.!]?\s*$")
# a pair or tuple named after a colon closing a sentence: "...: (p, q) = (1, 3)."
_COLON_TUPLE_TAIL = lazy_compile(r":\s*(?P<tail>\(\s*[a-z](?:\s*,\s*[a-z]){1,3}\s*\)\s*=\s*\([^()]{1,60}\))\s*[.!]?\s*$")
# a clause after "so" closing a sentence: "Adding the equations gives 2x = 6, so x = 3, y = 2."
_SO_CLAUSE = lazy_compile(r"(?i),\s*(?:so|thus|hence|therefore)\s+")
_NAMED_VALUES = lazy_compile(_NAMED_ONE + r"(?:\s*(?:,|;|,?\s*and\b)\s*" + _NAMED_ONE + r")*")
_NAMES_SET = lazy_compile(r"[A-Za-z](?:_\{?\w{1,3}\}?)?\s*=")


# a closing aside in brackets on a case other than the one asked, in the counterfactual mood ("(it would be 9.9 m/s
# if you used g = 9.8 m/s² instead)", "(If negative $x$ were allowed, it could be as low as we like.)", "(If instead
# one black and one white square are removed, ...)", "(Were Bob to move first, ...)"); a bare condition ("(if $a >
# 0$)") restricts the answer and is no aside
# a line wholly in brackets naming something in a few words, no number: "(the red Balmer line)"
_NAMING_BRACKET = lazy_compile(r"\s*\((?:the|a|an|i\.e\.|that\s+is|this\s+is)\s[A-Za-z ,'-]{2,60}\)\s*\.?\s*")
# a line only rounding the value before it: "(≈ 31.4 μT).", "(about 31.4 μT)"
_ROUGH_LINE = lazy_compile(r"(?i)\(\s*+(?:≈|~|\\approx|about|approximately|roughly)\s*+(?P<value>[^()]{1,30}?)\s*+\)\s*+\.?")


def _agrees(line: str, value: str) -> bool:
    """Does ``value`` (a number and its unit) round, within 1% and in the same unit, the value with its unit that
    ``line`` closes on? (In another unit it may be the value asked: "(roughly 56 mph)" after "90 km/h".)"""
    from .compare.whole import agreeing_restatement

    last = re.split(r"=|\\approx|≈", line.strip().strip("$").rstrip("$. "))[-1]
    units = unit_tail(_units_as_words(last).strip()), unit_tail(_units_as_words(value).strip())
    if None in units or units[0][1].replace("\\mu", "μ").replace(" ", "") != units[1][1].replace(" ", ""):
        return False
    return agreeing_restatement(f"{last} \\approx {value}") is not None


# a dash closing a value with a name for what it is: " — the red H$\alpha$ line of the Balmer series."
_NAMING_DASH = lazy_compile(r"(?<=\S)\s+[—–]\s+(?:the|a|an)\s+[^.!?=]{1,80}[.!]?\s*$")
# a line ending on a unit set upright: "... = 10\pi\ \mu\text{T}$$"
_UPRIGHT_UNIT_END = lazy_compile(r"\\(?:text|mathrm)\s*\{\s*[A-Za-zΩÅ/]{1,6}\s*\}\s*\$*\s*\.?\s*$")
# a line ending on a number and its unit: "≈ 6.56 × 10⁻⁷ m", "= 3.2 kJ."
_VALUE_WITH_UNIT_END = lazy_compile(r"[\d⁰¹²³⁴⁵⁶⁷⁸⁹}]\s*(?:[A-Za-zµμΩÅ°][A-Za-z0-9µμΩÅ°/·⁻¹²³^{}\\-]*)\s*\.?\s*$")
# a closing bracket rejecting another candidate: "(x = −2 is rejected because ...)", "(the root $x=-3$ is extraneous)",
# "(we discard $x = 0$)"
_REJECTED_ASIDE = lazy_compile(r"(?i)\((?![^()]*\b(?:neither|none|nothing|both|all|this|it|too|also|either)\b)(?=[^()]{0,120}(?:\b(?:is|are)\s+(?:extraneous|rejected|discarded|excluded|"
                               r"invalid|not\s+(?:allowed|valid|admissible|in\s+the\s+domain))\b|"
                               r"\b(?:we\s+)?(?:reject|discard|exclude)\b))[^()]{1,240}\)\s*+\.?\s*+$")
_COUNTERFACTUAL_ASIDE = lazy_compile(r"(?i)\((?=\s*(?:if,?\s+instead\b|(?:by|in)\s+contrast\s*,\s*if\b(?![^()]*\d)|were\s+[^()]{1,40}?\bto\b|"
                                     r"had\s+[^()]{1,40}?\bbeen\b)"
                                     r"(?![^()]{0,240}\b(?:wait|actually|should|so|thus|hence|therefore|mistake|wrong|"
                                     r"correct\w*|violates?|problem|question|specifie[sd]|stated|asked|here|must)\b)"
                                     r"[^()]{1,240}\)\s*+\.?\s*+$)"
                                     r"|\((?=[^()]{0,240}\b(?:would|were|could)\b)(?=[^()]{0,240}\b(?:if|instead|"
                                     r"otherwise|had)\b)(?![^()]{0,240}\b(?:wait|actually|should|so|thus|hence|therefore|"
                                     r"mistake|wrong|correct\w*|violates?)\b)[^()]{1,240}\)\s*+\.?\s*+$"
                                     # "(Without the integer-coefficient condition, P(x) = (3x + 1)/2 would work.)": a
                                     # condition of the question dropped
                                     r"|\((?=\s*without\s+the\b[^()]{0,80}?,)(?=(?:[^()]|\([^()]{0,40}\)){0,240}?\bwould\b)"
                                     r"(?!(?:[^()]|\([^()]{0,40}\)){0,240}?\b(?:wait|actually|should|so|thus|hence|therefore|"
                                     r"mistake|wrong|correct\w*|answer\w*|asked|here)\b)(?:[^()]|\([^()]{0,40}\)){1,240}\)\s*+\.?\s*+$"
                                     # "(Multiplying by $x$ would fix it: $x\sin(1/x)$ is continuous at 0.)": a change
                                     # supposed by its gerund
                                     r"|\((?=\s*[A-Za-z]{3,}ing\b[^()]{0,80}?\bwould\b)(?![^()]{0,240}\b(?:wait|actually|"
                                     r"should|so|thus|hence|therefore|mistake|wrong|correct\w*|answer\w*|asked|here)\b)"
                                     r"(?:[^()]|\([^()]{0,40}\)){1,240}\)\s*+\.?\s*+$")


# a closing clause after a conclusion word stating a plain value, no math after it: ", so the probability is 10%."
_CONCLUDED_VALUE = lazy_compile(r"(?i)[,;]\s*(?:so|thus|hence|therefore)\s*,?\s+(?:the\s+|its\s+)?[a-z]+(?:\s+[a-z]+){0,3}"
                                r"\s+(?:is|equals)\s+(?:exactly\s+)?(?P<bold>\*\*)?(?P<value>[-−]?\d+(?:\.\d+)?%?)(?(bold)\*\*)"
                                r"\s*[.!]?\s*$")
# "The probability is $\frac34$, so ...": a value stated first (not a computation of a number: "$1024 = 7 \times 146 +
# 2$, so the remainder is 2")
_VALUE_STATED = lazy_compile(r"\b(?:is|are|equals)\s+\$|(?:^|[^\d.\s$])\s*+=")
# an extreme value stated, then where it is attained: "The minimum is 2, attained at $x = 1$.", "the maximum value
# is $\frac{3}{2}$, which is achieved when $x = 0$"
_ASKS_WHERE = lazy_compile(r"(?i)\b(?:where|at\s+which|for\s+which|at\s+what|which\s+(?:value|point)|what\s+value\s+of)\b")
_VALUE_THEN_WHERE = lazy_compile(r"(?i)\b(?:minimum|maximum|least|greatest|smallest|largest)(?:\s+(?:possible\s+)?value)?"
                                 r"(?:\s+of\s+\$(?P<of>[^$]{1,60})\$)?\s+(?:is|equals|=)\s+(?P<value>[-−]?\d+(?:\.\d+)?|\$[^$]{1,60}\$)"
                                 r"\s*,?\s+(?:(?:which\s+is\s+|and\s+(?:it\s+is\s+)?)?(?:attained|achieved|reached|"
                                 r"obtained)\s+(?:at|when|for|if)|when|at)\s+\$[^$]{1,60}\$\s*[.!]?\s*$")


# a chain of Unicode maths closing on a number, a power of ten and a unit: "... = ... ≈ 3.97 × 10⁻¹⁹ J" (not on an
# expression: "= 3.97 × 10⁻¹⁹/1.602 × 10⁻¹⁹" stops mid-way)
_UNICODE_CHAIN = lazy_compile(r"[=≈]\s*+[-−]?\d[\d.,]*+(?:\s*+[×x]\s*+10\^\{?[-−]?\d+\}?|[eE][-−+]?\d+)?\s*+"
                               r"[A-Za-zμΩÅ°·/^{}⁻¹²³\-]{0,16}\s*+\.?$")


# a last line listing the answers to several parts: "Blanks: 2, 14", "**Answers:** **12** and **0.25**." (values only)
_ANSWERS_LINE = lazy_compile(r"\s*(?:\*\*)?(?i:(?:final\s+)?answers|blanks)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*"
                             r"(?P<values>(?:[-−+$*\\{}()\d.,;/^ \t°]|\band\b|\\[a-z]+)+?)\s*\.?\s*")
# a closing line labelled by a plural noun the question names, then values only: "Remainders: 2 and 1."
_PLURAL_LABEL_LINE = lazy_compile(r"\s*(?:\*\*)?(?P<label>[A-Za-z]{4,}s)\s*(?:\*\*)?\s*:\s*(?:\*\*)?\s*"
                                  r"(?P<values>(?:[-−+$*\\{}()\d.,;/^ \t°]|\band\b|\\[a-z]+)+?)\s*\.?\s*")
# a question asking several parts or blanks: "(1) ... (2) ...", "(a) ... (b) ...", two blanks "___"
_SEVERAL_ASKED = lazy_compile(r"\(2\)|\(b\)|（2）|_{3,}[^_]+_{3,}")
# a numbered part's label: "(1)", "(2)"
_PART_ASKED = lazy_compile(r"\(\s*[1-9]\s*\)")
# a closing bracket saying a case is included: "(including $A=0$)", "(which includes the zero solution)"
_INCLUDING_ASIDE = lazy_compile(r"\s*\((?:including|incl\.)\s+\$?\s*(?:[A-Z]|C_\{?\d\}?)\s*=\s*0\s*\$?\s*\)(?=\s*[.!]?\s*$)")


# a list of words a question offers, closing it: "odd, even, or neither?", "injective, surjective, both, or neither?"
_OFFERED_LIST = lazy_compile(r"(?i)\b(?P<list>[a-z][a-z-]*(?:\s*,\s*[a-z][a-z-]*)+\s*,?\s+or\s+[a-z][a-z-]*)\s*\?\s*$")


# a word offered, denied by "non-", with what joins it to the next: "Non-parallel and ", "non-intersecting"
_DENIED_OFFERED = lazy_compile(r"(?i)\bnon-?(?P<word>[a-z]{3,})\b(?:\s*+(?:,|and|,\s*+and)\s*+)?")


def _bold_offered(sentence: str, question: str) -> str | None:
    """The one word a closing sentence sets in bold, when it is one of three or more words the question offers
    ("So $fg$ is **even**." to "Is the product of two odd functions odd, even, or neither?"), unhedged and not denied;
    else None."""
    m = _OFFERED_LIST.search(SPAN.sub(" ", question))
    bold = _BOLD_PHRASE.findall(sentence)
    if m is None or len(bold) != 1:
        return None
    offered = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]*", m.group("list")) if w.lower() != "or"}
    word = bold[0].strip(" .").lower()
    head = sentence[:sentence.find("**")]
    outside = _BOLD_PHRASE.sub(" ", sentence)
    if "non" in outside.lower():
        # "Non-parallel and non-intersecting: **skew**.": the other words offered, each denied, lead to the one chosen
        outside = _DENIED_OFFERED.sub(lambda m: " " if m.group("word").lower() in offered else m.group(), outside)
    if word not in offered or DOUBTED.search(sentence) or _DENIED.search(head) or _CONDITION.search(sentence) \
            or re.search(r"(?i)\b(?:not|no|never|neither|nor|but|or|and|far|fails?|only|approximately|almost|nearly|"
                         r"roughly)\b|n't\b", outside) \
            or offered & set(re.findall(r"[a-z][a-z-]*", outside.lower())):
        return None  # (not "**injective** and surjective", "fails to be **odd**", "far from **even**")
    return word


# a bracket closing a sentence with a member as an example: "(the first one is $n=40$)", "(e.g. $n = 41$)"
_MEMBER_EXAMPLE = lazy_compile(r"(?i)\s*+\((?:the\s+(?:first|smallest|least)\s+(?:one|such\s+\w+|example)\b|e\.\s?g\.|"
                              r"for\s+(?:example|instance)\b|such\s+as\b)(?:[^()]|\([^()]*\)){1,200}\)\s*+[.!]?\s*+$")
# a bracket closing a sentence that compares another case: "(for comparison, the sphere has $\chi=2$)"
_COMPARED_BRACKET = lazy_compile(r"(?i)\s*+\((?:for\s+comparison|compare|cf\.|(?:by|in)\s+contrast|unlike)\b\s*+[,:]?\s*+"
                                 r"(?P<body>[^()]{1,200})\)\s*+[.!]?\s*+$")
# the subject a comparison names: "the sphere", "a cube", "the *product*"
_COMPARED_SUBJECT = lazy_compile(r"(?i)^(?:the|a|an)\s+[*_]{0,2}(?P<noun>[a-z]{3,})")


def _compares_other_object(body: str, question: str) -> bool:
    """Does the ``body`` of a comparison bracket name, as its subject, a noun the question does not use (or a formula
    it does not write), taking nothing back and answering nothing again?"""
    if _RETRACTS.search(body) or _COMPARISON_CORRECTS.search(body) or _ASIDE_ANSWERS_AGAIN.search(body) \
            or _ASIDE_ADDS.search(body):
        return False
    subject = _COMPARED_SUBJECT.match(body.strip())
    words = {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", _FORMULA_NOISE.sub(" ", question.lower()))}
    if subject:
        return subject.group("noun").lower().rstrip("s") not in words
    return _another_object(f"({body})", question) and not _names_asked_object(body, question)


def _claims_asked(sentences: list[str], question: str | None) -> bool:
    """Does the one sentence of ``sentences`` choose one of the alternatives ``question`` offers or make a claim of a
    kind a text answer states ("So $fg$ is **even**.")?"""
    plain = _BOLD_MARKS.sub("", sentences[0]) if sentences else ""
    return bool(plain) and (alternative_named(plain, question) is not None or claim(SPAN.sub(" ", plain)) is not None
                            or bool(question) and _bold_offered(sentences[0], question) is not None)


def closing_statement(text: str, multiple: bool = False, question: str | None = None) -> Extraction | None:
    """The answer the last line (or closing paragraph) of ``text`` states, or None (``question``, the row's, when the
    scorer has it: a closing sentence filling the blank a Chinese question ends on states what fills it).

    The caller has ruled out a cut-off response (:func:`.extract.truncated`). Methods: ``prose``. A value read from
    the right side of a span its label is written before ("Range $=\\{y: y\\ge2\\}$", "- max $=\\sqrt2$") is the
    value, without its "=".
    """
    found = _closing_statement(text, multiple, question)
    labels = [m.group(1).lower() for m in _LABEL_BEFORE_EQUALS.finditer(text[-400:])]
    if any(label not in (question or "").lower() for label in labels):
        return found  # ("Domain $=\\{x: x\\ge 2\\}$" to "Find the range ...": another quantity's value, unread)
    if found is not None and any(_LEADING_EQUALS.match(a) and a.count("=") == 1 for a in found.answers):
        # (one value after its "="; a chain "= \\dfrac{d}{t} = ... = 60" is read as before)
        return Extraction(tuple(_LEADING_EQUALS.sub("", a, count=1) if a.count("=") == 1 else a for a in found.answers),
                          found.method)
    return found


# a label in words written before a span opening on "=": "Range $=", "- max $="
_LABEL_BEFORE_EQUALS = lazy_compile(r"([A-Za-z]{2,})\s*\*{0,2}\s*\$\s*=(?!=)")
# an answer read from a span's right side: "=\{y\in\mathbb{R}: y\ge2\}"
_LEADING_EQUALS = lazy_compile(r"^\s*=(?!=)\s*")


_DISPLAY_DELIMITERS = {"\\]": "\\[", "$$": "$$"}
_DISPLAY_LINES = 8  # lines a closing display may span


def _closing_display_joined(lines: list[str]) -> list[str]:
    """``lines`` with a display closing them written over several lines ("\\[", "\\theta_B = \\frac{\\pi}{3}.", "\\]")
    joined into one line, as it is read when written on one."""
    close = lines[-1].strip() if lines else ""
    if close not in _DISPLAY_DELIMITERS:
        return lines
    for start in range(len(lines) - 2, max(-1, len(lines) - 2 - _DISPLAY_LINES), -1):
        line = lines[start].strip()
        if line == _DISPLAY_DELIMITERS[close]:
            inner = " ".join(ln.strip() for ln in lines[start + 1:-1])
            return lines[:start] + [f"{line} {inner} {close}"] if inner else lines
        if "\\[" in line or "\\]" in line or "$$" in line:
            return lines  # (another display's delimiter first)
    return lines


# a bracket giving the value of the other part of what the answer is of: "(and −56.4 µC on the other)", "(with −q on
# the other plate)"
_OTHER_PART_ASIDE = lazy_compile(r"[ \t]*\((?:and|with|while)\s[^()]{0,60}?\bon\s+the\s+other\b[^()]{0,40}\)[ \t]*[.!]?[ \t]*$")


# a closing range between two numbers: "somewhere between about 3 and 4 m/s", "between $3$ and $4$"
_RANGE_SAID = lazy_compile(r"(?i)\bbetween\s+(?:about\s+|roughly\s+|approximately\s+|~\s*)?\$?[-−]?\d[\d.,]*\$?[^.;\n]{0,20}?"
                           r"\band\s+(?:about\s+|roughly\s+|approximately\s+|~\s*)?\$?[-−]?\d")
# a value stated after a range in its sentence: "... is $9$", "— exactly, it is 12 cm", "so v = 4 m/s"
_VALUE_AFTER_RANGE = lazy_compile(r"(?i)(?:\b(?:is|are|equals?|was|comes\s+to)\b|=)[^.;\n]{0,30}?\$?[-−]?\d")
# a question asking for a range or an interval, which a range answers
_ASKS_RANGE = lazy_compile(r"(?i)\b(?:range|between|interval|bounds?|estimate\s+the\s+range)\b")


def _unbolded_claim(line: str, question: str) -> str:
    """``line`` without the bold around it when it states a claim ("**Conclusion: there are infinitely many primes of
    the form $4k+3$.**") or the property asked ("**$x^4+1$ is irreducible over $\\mathbb{Q}$.**"); else unchanged."""
    bold = _BOLD_LINE.fullmatch(line)
    if bold and (claim(SPAN.sub(" ", bold.group(1))) is not None
                 or states_asked_property(SPAN.sub(" x ", bold.group(1)), question)):
        return bold.group(1)
    return line


def _closing_statement(text: str, multiple: bool = False, question: str | None = None) -> Extraction | None:
    lines = [ln for ln in plain_dollars(text).strip().split("\n") if ln.strip()]
    lines = [ln for ln in lines if not ln.lstrip().startswith("```")]  # code fences around the answer
    lines = _closing_display_joined(lines)
    while len(lines) > 1 and _SIGN_OFF.match(lines[-1]) and not re.search(r"\d", lines[-1]):
        lines.pop()  # "I hope this helps! Let me know if ...": chatter after the conclusion
    if lines and ("✅" in lines[-1] or "☑" in lines[-1]):
        lines[-1] = _CHECK_EMOJI.sub("", lines[-1]).strip()  # "Hence $\varnothing\subseteq B$ for every set $B$. ✅ True."
    if len(lines) > 1 and _OFF_QUESTION.search(lines[-1], max(0, len(lines[-1]) - 120)):
        lines.pop()  # "Interestingly, the other direction works: ... But that's a separate question.": a remark
    if lines and ("反" in lines[-1] or "逆" in lines[-1]):
        converse = _CJK_CONVERSE.search(lines[-1])
        if converse and converse.start() > 0:
            # "结论：正方形一定是菱形（但反之不成立，菱形不一定是正方形）。": the converse, in brackets, is another claim
            lines[-1] = lines[-1][:converse.start()] + lines[-1][converse.end():]
    if lines and "另" in lines[-1][-60:]:
        off = _CJK_OFF_QUESTION.search(lines[-1], max(0, len(lines[-1]) - 300))
        if off and off.start() > 0:
            lines[-1] = lines[-1][:off.start()]  # "……（不过这个根不能用根式表示——那是另一个问题了。）": a remark
    if lines and lines[-1].lstrip()[:1] in "*_" and _EMPHASISED_BRACKET_LINE.fullmatch(lines[-1]):
        lines[-1] = _EMPHASISED_BRACKET_LINE.fullmatch(lines[-1]).group(1)  # "*(Remark: ...)*": the bracket, read as one
    bold_claim = _BOLD_CLAIM_THEN_BRACKET.fullmatch(lines[-1]) if lines and "**" in lines[-1][:4] else None
    if bold_claim and claim(SPAN.sub(" ", bold_claim.group("claim"))) is not None \
            and not _RETRACTS.search(bold_claim.group("aside")) and not _ASIDE_ANSWERS_AGAIN.search(bold_claim.group("aside")) \
            and not _ASIDE_CONCEDES.search(bold_claim.group("aside")):
        # "**No real solution.** (There are complex solutions, $x=-W_k(-1)$, but none on the real line.)": the claim set
        # in bold, then an aside that takes nothing back
        lines[-1] = bold_claim.group("claim")
    labelled = _BOLD_LABEL_LINE.fullmatch(lines[-1]) if lines and "**" in lines[-1][:4] and "$" in lines[-1] else None
    if labelled and not re.search(r"\d", labelled.group("label")) and claim(labelled.group("label")) is None:
        lines[-1] = labelled.group("rest")  # "**All such integers:** $n\in\{5,3,2,0,-1,-3\}$.": the label's value
    if lines and question and "$" in lines[-1]:
        lines[-1] = _unbolded_claim(lines[-1], question)
    said = defined_answer(_BOLD_MARKS.sub("", (split_sentences(lines[-1].strip()) or [""])[-1]), question) \
        if question and lines else None
    if said:
        # "Since $\tan$ is injective ..., we get $A = B = C$. The triangle is equiangular.": the property asked,
        # stated by its definition, closes the reply, whatever a reason opening its line reads like
        return Extraction((said,), "prose")
    for _ in range(_REMARKS):
        if len(lines) > 1 and (form_stated(lines[-1]) or _supposes_only(lines[-1]) or _CONVERSION_OFFERED.match(lines[-1])
                               or _SUPPOSED_OTHER_CASE.match(lines[-1]) and not _RETRACTS.search(lines[-1])
                               and "answer" not in lines[-1].lower()):
            lines.pop()  # "The answer should be a common fraction.", "If it asked for ..., it would be 29.": no answer
    remarked = len(lines)
    lines = _without_remarks(lines, question)
    if question and len(lines) < remarked:
        lines[-1] = without_closing_brackets(lines[-1], question)  # (the line a remark followed: "... converges (its sum
        # is ...).\nIt does not ..., though")
    if question and len(lines) < remarked and "$" in lines[-1]:
        lines[-1] = _unbolded_claim(lines[-1], question)  # (the line a remark followed)
    if lines and "。" in lines[-1].rstrip()[:-1] and _CJK_SUPPOSED.search(lines[-1]):
        said = [c for c in re.split("(?<=。)", lines[-1]) if c.strip()]
        if len(said) > 1 and _CJK_SUPPOSED.match(said[-1]):
            lines[-1] = "".join(said[:-1])  # "故原不等式恒成立。若把 $\ge$ 改成 $>$，则不恒成立。": another case supposed
    if len(lines) > 1 and _REGION_REMARK.fullmatch(lines[-1]) and re.search(r"\d", lines[-2][-120:]):
        lines.pop()  # "λ ≈ 1.215 × 10⁻⁷ m\n\nThis lies in the far ultraviolet.": where the value lies, no answer
    rough = _ROUGH_LINE.fullmatch(lines[-1].strip()) if len(lines) > 1 and _UPRIGHT_UNIT_END.search(lines[-2][-60:]) \
        else None
    if rough and _agrees(lines[-2], rough.group("value")):
        lines.pop()  # "$$B=\dots=10\pi\ \mu\text{T}$$\n(≈ 31.4 μT).": the value rounded, agreeing with it
    if len(lines) > 1 and _EQUIVALENTLY_LINE.fullmatch(lines[-1].strip()) and _VALUE_WITH_UNIT_END.search(
            _units_as_words(lines[-2][-120:]).rstrip("$. ")):
        lines.pop()  # "$$K = eV = 1.6\times10^{-17}\ \text{J}$$\n\n(equivalently, 100 eV).": the value said again
    named = _NAMING_DASH.search(lines[-1], max(0, len(lines[-1]) - 120)) if lines and ("—" in lines[-1] or "–" in lines[-1]) \
        else None
    if named and _VALUE_WITH_UNIT_END.search(_units_as_words(lines[-1][:named.start()][-80:]).replace("$", "").rstrip(". ")) \
            and not re.search(r"\d", SPAN.sub(" ", named.group())) and not _RETRACTS.search(named.group()):
        # "So $\lambda = 6.56\times10^{-7}$ m — the red H$\alpha$ line of the Balmer series.": what the value is, named
        lines[-1] = lines[-1][:named.start()] + "."
    if len(lines) > 1 and _NAMING_BRACKET.fullmatch(lines[-1]) and _VALUE_WITH_UNIT_END.search(lines[-2][-80:]):
        lines.pop()  # "λ ≈ 6.56 × 10⁻⁷ m\n\n(the red Balmer line)": a bracket naming what the value is, no answer
    if lines and lines[-1].lstrip().startswith("> "):
        lines[-1] = lines[-1].lstrip()[2:]  # "> C = 8.85 × 10⁻¹¹ F": a quoted line, its marker no relation
    if len(lines) > 1 and _DISPLAY_COMMA_END.search(lines[-2][-12:]) and _display_tail(lines[-1].strip(), lines[-2]):
        lines.pop()  # the sentence a display closed by a comma goes on in: no answer of its own
        lines[-1] = _DISPLAY_COMMA_END.sub(lambda m: m.group()[1:].lstrip(), lines[-1])  # (the comma, punctuation)
    if lines and question and ("value" in lines[-1][-120:] or "sum" in lines[-1][-120:] or " case" in lines[-1][-200:]
                               or "fact" in lines[-1][-200:] or "ndeed" in lines[-1][-200:]) \
            and (asks_yes_no(question) or " or " in question[-200:]) and not _ASKS_VALUE_TOO.search(question):
        said = split_sentences(lines[-1].strip())
        added = len(said) > 1 and _FACT_ADDED.match(said[-1]) is not None \
            and not states_asked_property(SPAN.sub(" ", _BOLD_MARKS.sub("", said[-1])), question) \
            and claim(SPAN.sub(" ", said[-1])) is None and not _RETRACTS.search(said[-1])
        if len(said) > 1 and (_VALUE_ADDED.fullmatch(said[-1]) or _CASE_REMARK.match(said[-1]) or added) and (
                claim(SPAN.sub(" ", said[-2])) is not None
                or states_asked_property(SPAN.sub(" ", _BOLD_MARKS.sub("", said[-2])), question)
                or added and property_words(question) & set(re.findall(r"[a-z][a-z-]*", said[-2].lower()))):
            # "Therefore the series converges absolutely. Its value is $-\pi^2/12$." to "Does it converge absolutely,
            # conditionally, or diverge?": a value nobody asked for after the claim asked; "This is the borderline case
            # $p=1$ of ...": a remark placing the answer in a family
            lines[-1] = lines[-1][:lines[-1].rstrip().rfind(said[-1].strip())].rstrip()
    if len(lines) > 1 and _COUNTERFACTUAL_ASIDE.match(lines[-1].strip()):
        lines.pop()  # a line of its own on another case, supposed: "(If instead ..., a tiling always exists.)"
    if lines and ")" in lines[-1]:
        aside = _COUNTERFACTUAL_ASIDE.search(lines[-1])
        if aside and lines[-1][:aside.start()].strip():
            # "10 m/s (it would be 9.9 m/s if you used g = 9.8 m/s² instead).": an aside on another case, no answer
            head = lines[-1][:aside.start()].rstrip()
            lines[-1] = head if head.endswith((".", "!", "。")) else head + "."
    if lines and lines[-1].rstrip().endswith((")", ").")):
        other_part = _OTHER_PART_ASIDE.search(lines[-1], max(0, len(lines[-1]) - 200))
        if other_part and lines[-1][:other_part.start()].strip():
            # "That's 56.4 µC on the positive plate (and −56.4 µC on the other).": the other part's value, no answer
            head = lines[-1][:other_part.start()].rstrip()
            lines[-1] = head if head.endswith((".", "!", "。")) else head + "."
        rejected = _REJECTED_ASIDE.search(lines[-1], max(0, len(lines[-1]) - 300))
        if rejected and lines[-1][:rejected.start()].strip() and not _CONCLUSION.search(rejected.group()):
            # "The only solution is x = 4 (x = −2 is rejected because the logarithms are undefined there).": the
            # candidate the bracket rejects is no answer
            head = lines[-1][:rejected.start()].rstrip()
            lines[-1] = head if head.endswith((".", "!", "。")) else head + "."
    closing = split_sentences(lines[-1].strip())[-1:] if lines else []
    if closing and _TAKES_BACK.fullmatch(closing[0]):
        return None  # "The answer is 12. Wait, no.": the statement before it taken back, nothing stated after
    if len(lines) > 1 and _DOUBTS.match(lines[-1]) and re.search(r"\d", lines[-2]) \
            and set(re.findall(r"\d+", lines[-1])) - set(re.findall(r"\d+", lines[-2])):
        return None  # "So x = 5.\n\nHmm, but maybe x = 6.": a doubt between two values commits to neither
    last = lines[-1].strip() if lines else ""
    contrast = None
    if "nlike" in last or "ontrast" in last or "oppos" in last:
        # (searched once, from where the line's last sentence starts: a search from every ", unlike" to the line's
        # end was quadratic)
        contrast = _CONTRAST_TAIL.search(last, max(last.rfind(". "), last.rfind("! "), last.rfind("? "), 0))
    if contrast and contrast.start() > 0 and (not re.search(r"\d", contrast.group()) or (
            not re.search(r"\d", SPAN.sub(" ", contrast.group())) and claim(SPAN.sub(" ", last[:contrast.start()])) is not None)):
        # (numbers only in the other object's formula after a claim in words: "So the limit exists (and equals 0) —
        # unlike $\lim_{x\to0}\sin(1/x)$, which oscillates and has no limit.")
        last = last[:contrast.start()] + "."  # "..., so it is countable — unlike $\\mathcal{P}(\\mathbb{N})$, which is not"
    margin = _MARGIN_TAIL.search(last, max(0, len(last) - 200)) if "factor" in last[-200:] or "margin" in last[-200:] else None
    if margin and _COMPARED.search(last[:margin.start()]):
        last = last[:margin.start()] + "."  # "..., so $2^{100} > 3^{63}$ — by a factor of roughly $10^{0.044}\approx 1.1$."
    defined = defined_answer(_BOLD_MARKS.sub("", (split_sentences(last) or [last])[-1]), question) if question else None
    if defined:
        return Extraction((defined,), "prose")  # "So $3^{100}+1$ is divisible by 2." to "... even or odd?": even
    turn = _PRONOUN_WINS.fullmatch((split_sentences(last) or [last])[-1])
    if turn and not DOUBTED.search(turn.group()) and not _DENIED.search(turn.group()) \
            and not _ANOTHER_PLAYER.search(turn.group(), turn.end("who")):
        # "The second player can always mirror ..., so he wins.": the player the sentence opens on wins
        return Extraction((turn.group("who").lower() + " wins",), "prose")
    strengthening = _STRENGTHENING_ASIDE.search(last, max(0, len(last) - 300)) \
        if question and len(last) <= 2000 and last.rstrip(" .").endswith(")") else None
    if strengthening and strengthening.start() > 0 and not _DENIED.search(strengthening.group()) \
            and not property_words(question) & set(re.findall(r"[a-z][a-z-]*", strengthening.group().lower())) \
            and (_claims_asked(split_sentences(last[:strengthening.start()])[-1:], question)
                 or states_asked_property(SPAN.sub(" ", last[:strengthening.start()]), question)):
        # "So the sequence is unbounded (in fact $a_n\sim\sqrt{2n}$).": the claim, then how far it goes
        last = last[:strengthening.start()].rstrip() + "."
    aside = ASIDE_AT_END.search(last) if last.rstrip(" .").endswith(")") else None
    if aside and aside.start() > 0 and (trivia_aside(aside.group(), question) or _ticked_check(aside.group())) and (
            re.search(r"\d", last[:aside.start()]) or _claims_asked(split_sentences(last[:aside.start()])[-1:], question)):
        # "So the sum of the roots is $10$. (Compare the product, which is $7$.)", "So $fg$ is **even**. (By contrast,
        # the *sum* of two odd functions stays odd.)"
        last = last[:aside.start()].rstrip()
    example = _MEMBER_EXAMPLE.search(last, max(0, len(last) - 300)) \
        if question and last.rstrip(" .!").endswith(")") and len(last) <= 2000 else None
    if example and example.start() > 0 and claim(SPAN.sub(" ", _BOLD_MARKS.sub("", last[:example.start()]))) is not None \
            and not re.search(r"(?i)\b(?:answer|wrong|mistake|so|thus|hence|therefore|only|not|no)\b", example.group()):
        # "..., there are **infinitely many** such $n$ (the first one is actually $n=40$, giving $1681=41^2$).": a claim,
        # then a member of what it claims as an example
        last = last[:example.start()].rstrip() + "."
    compared = _COMPARED_BRACKET.search(last, max(0, len(last) - 300)) \
        if question and last.rstrip(" .!").endswith(")") and len(last) <= 2000 else None
    if compared and compared.start() > 0 and _compares_other_object(compared.group("body"), question):
        # "Yes — it's 0 (for comparison, the sphere has $\chi=2$).": the bracket tells of another object, the claim
        # before it answers
        last = last[:compared.start()].rstrip() + "."
    judged = bool(question and _JUDGE_ONLY.search(question) and not _ALSO_FIND.search(question))
    dashed = _CJK_DASHED.search(last) if "——" in last else None
    if dashed and _CJK.search(dashed.group("said")) and not _CJK_HEDGED.search(dashed.group("said")) \
            and not _CJK_LED_BY.search(re.split("[。！？，,；;]", last[:dashed.start()])[-1]):
        # "所以不存在使该不等式不成立的实数对——**恒成立**。": the conclusion the dash closes the sentence on
        return Extraction((dashed.group("said"),), "prose")
    if ("—" in last or "–" in last or "--" in last) and len(last) <= 2000:
        last = DASHED_NAME.sub(r" (\g<name>) ", last)  # "The second player — Bob — wins": one subject, not a claim and its reason
    opening = claim_then_reason(last, judged, question)
    if opening:
        return Extraction((opening,), "prose")  # "Impossible. The last digit of a square is one of 0, 1, 4, ..."
    closing_sentence = (split_sentences(last) or [last])[-1]
    shaped = _BOLD_PHRASE.findall(closing_sentence) if question and "**" in closing_sentence \
        and _ASKS_SHAPE.search(question) else []
    if len(shaped) == 1 and shape(shaped[0]) is not None and not DOUBTED.search(closing_sentence) \
            and not _DENIED.search(closing_sentence[:closing_sentence.find("**")]):
        # "That is precisely the focus–directrix definition of a **parabola**: ... (eccentricity $e=1$)." to "What curve
        # is formed by ...?": the shape named in bold, not a value beside it
        return Extraction((shaped[0].strip(),), "prose")
    bold_verdict = _BOLD_VERDICT.search(closing_sentence) if question and "**" in closing_sentence else None
    if bold_verdict and closing_sentence.count("**") == 2 and asks_yes_no(question) \
            and not DOUBTED.search(closing_sentence) and not _VERDICT_TURNS.search(bold_verdict.group("rest")) \
            and not contradicts_verdict(bold_verdict.group("verdict"), bold_verdict.group("rest"), question) \
            and (bold_verdict.group("verdict").lower() == "no") == bool(_NEGATED_REST.search(bold_verdict.group("rest"))
                                                                       or not bold_verdict.group("rest").strip()):
        # "So I was wrong above. **No — 221 is not prime**; $221 = 13\times 17$.": the verdict set in bold, its reason
        # after it
        return Extraction((bold_verdict.group("verdict").capitalize(),), "prose")
    unbolded = _BOLD_MARKS.sub("", last) if "**" in last[-160:] else last  # ("for **every** positive integer $n$")
    every = _FOR_EVERY_TAIL.search(unbolded, max(0, len(unbolded) - 160)) \
        if question and "for " in unbolded[-160:] and _ASKS_WHICH_SET.search(question) else None
    if every and not DOUBTED.search(unbolded) and not _DENIED.search(unbolded[max(0, every.start() - 200):every.start()]) \
            and not re.search(r"(?i)\b(?:except|only|unless|but|if|when|provided)\b", unbolded[max(0, every.start() - 200):]):
        # "So 6 divides it for every integer $n$ — no exceptions." to "For which integers $n$ ...?": all of them
        which = " ".join(every.group("which").lower().split())
        return Extraction((f"all {which + ' ' if which else ''}integers {every.group('var') or every.group('plain') or 'n'}",),
                          "prose")
    chosen = split_sentences(last)[-1:] if question and "**" in last and " or " in question and len(last) > 80 else []
    if chosen and not _PARENTHESISED.fullmatch(chosen[0]) and _bold_offered(chosen[0], question):
        last = chosen[0]  # "... so they never meet. Non-parallel and non-intersecting: **skew**.": the word chosen
    elif len(last) > 80 or _AFTERTHOUGHT_AFTER.search(last) or _ONLY_IF.search(last):
        # (a short line too when a sentence after the first checks or explains it, or says what would change it)
        last = _closing_sentence(last, question)
    if (closing_bracket := _BRACKET_CLOSES.search(last)) and not _ASIDE_ANSWERS.search(closing_bracket.group()) \
            and not CONCLUSION_WORD.search(closing_bracket.group()) and not _RETRACTS.search(closing_bracket.group()) \
            and not _HEDGED_ASIDE.search(closing_bracket.group()) and not _CONFIRMS.match(closing_bracket.group(), 1) \
            and not _SLIP.search(closing_bracket.group()):
        # "By Vieta's formulas: sum = 7, product = 10. (The roots are 2 and 5.)": the sentence in brackets tells more
        last = last[:closing_bracket.start() + 1]
    if "**" in last and (bold_then := _BOLD_THEN_GLOSS.search(last)) and not _RETRACTS.search(bold_then.group("gloss")) \
            and not _HEDGED_ASIDE.search(bold_then.group("gloss")):
        # "**$e^\pi$ is larger** (numerically $e^\pi \approx 23.14$ while $\pi^e \approx 22.46$).": the claim in bold,
        # its numbers a gloss
        last = last[:bold_then.start("gloss")].rstrip() + "."
    if multiple and "(" in last and _GLOSS_AFTER_VALUE.search(last):
        # "The eigenvalues are λ = 3 (eigenvector (1,1)) and λ = 1 (eigenvector (1,−1)).": each value's gloss dropped
        last = _GLOSS_AFTER_VALUE.sub("", last)
    final = split_sentences(last)[-1:] or [last]
    if not last or len(final[0]) <= 120 and _STEP.match(final[0]) and not _CONCLUDING_STEP.match(last) \
            and not (_CONCLUDED_AFTER_STEP.search(final[0]) and not _STEP_UNSURE.search(last)):
        return None  # a short step ("Step 3: 16 - 3 = 13"), not a long sentence that happens to start "First, ..."
    if len(text) >= _LONG and not _FINISHED.search(lines[-1]) and not _CONCLUSION.search(final[0]):
        return None  # a long derivation stopping on a bare step ("Now, 3 + 4 = 7"): cut off, not concluded
    several = multiple or bool(question and _SEVERAL_ASKED.search(question))
    counted = _SO_COUNT_TAIL.search(final[0]) if question and "," in final[0] and _HOW_MANY.search(question) else None
    if counted and counted.group("noun").rstrip("s") in question.lower() and not DOUBTED.search(final[0]):
        # "The factorizations ... are $1\cdot36$, ..., $4\cdot9$, so there are 4 such pairs." to "How many pairs ...?"
        return Extraction((counted.group("n"),), "prose")
    listed_line = _ANSWERS_LINE.fullmatch(lines[-1]) if several and lines else None
    if listed_line is None and several and lines and question:
        named_line = _PLURAL_LABEL_LINE.fullmatch(lines[-1])
        first_part = re.search(r"\(\s*(?:a|1)\s*\)|（1）|_{3,}", question)
        stem = named_line.group("label").lower().rstrip("s")[:-1] if named_line else ""
        if named_line and first_part and len(stem) >= 3 and re.search(r"(?i)\b%s" % re.escape(stem), question[:first_part.start()]) \
                and not re.search(r"(?i)\b%s" % re.escape(stem), question[first_part.start():]):
            # "Remainders: 2 and 1." to "Find the remainder ... (a) ... (b) ...": the quantity every part asks, in order
            listed_line = named_line
    if listed_line and not re.search(r"(?i)\bor\b|或", listed_line.group("values")):
        # "Blanks: 2, 14", "**Answers:** 12 and 0.25" closing a reply to several parts: the values in order
        return Extraction((listed_line.group("values").strip().rstrip("."),), "prose")
    by_part = _named_by_part(lines[-1], question) if several and lines else ""
    if by_part:
        return Extraction((by_part,), "prose")  # "lcm = 36; lowest powers: gcd = 6." to "(a) Find gcd ... (b) Find lcm"
    asked_parts = len(_PART_ASKED.findall(question)) if several and not multiple and question else 0
    numbered = _numbered_lines(lines) if asked_parts >= 2 and len(lines) >= asked_parts else ""
    if numbered and len(_PART_ASKED.findall(numbered)) == asked_parts \
            and all(_PART_ASKED.match(line.strip()) for line in lines[-asked_parts:]):
        # "(1) $a_{10}=3+36=39$.\n(2) $S_{10}=5\cdot42=210$." closing a reply to "(1) Find ... (2) Find ...": the parts
        return Extraction((numbered,), "prose")
    if multiple:
        blanks = named_blanks(_BOLD_MARKS.sub("", final[0]) if "**" in final[0] else final[0], question)
        if blanks:
            return Extraction((blanks,), "prose")  # "所以最小值为 $2$，最大值为 $3$。": the blanks in order
        bullets = named_bullets(lines, question)
        if bullets:
            return Extraction((bullets,), "prose")  # "- Median: **3**" / "- Mean: **5**": the blanks in order
        listed = _listed_answers(lines)
        if listed:
            return Extraction(listed, "prose")
        numbered = numbered_line(last) or _numbered_lines(lines)
        if numbered:
            return Extraction((numbered,), "prose")
    if _CJK.search(last) and question and "还是" in question:
        concluded = list(_CJK_SO.finditer(final[0]))
        clause = re.split("[，,；;。]", final[0][concluded[-1].end():])[0] if concluded else ""
        chosen = alternative_named(clause, question) if clause else None
        if chosen:
            return Extraction((chosen,), "prose")  # "所以该级数收敛，其和为 $\dfrac{\pi^2}{6}$。" to "收敛还是发散？"
    restated_zh = _CJK_VERDICT_RESTATED.fullmatch((split_sentences(_BOLD_MARKS.sub("", last)) or [""])[-1]) \
        if question and _CJK.search(last) and len(last) <= 2000 and asks_yes_no(question) else None
    if restated_zh and _cjk_restatement_agrees(restated_zh.group("verdict"), restated_zh.group("rest"), question):
        # "**结论：是的，任何 15 阶群都是循环群。**" to "15 阶群是否一定是循环群？": the verdict, then the question's claim
        # said again (its numbers the question's own)
        return Extraction((restated_zh.group("verdict"),), "prose")
    if _CJK.search(last):
        filled = _filled_blank(final[0], question)
        if filled:
            return Extraction((filled,), "prose")
        stated = _cjk_statement(last, multiple)
        if stated:
            return Extraction(stated, "prose")
    conceded = _CONCEDED_TAIL.search(final[0], max(0, len(final[0]) - 300)) if question and len(final[0]) <= 2000 else None
    # "So yes, it is differentiable there — even though $f'$ itself is not continuous at 0.", "So $S$ is
    # **uncountable**, despite having Lebesgue measure 0.": the verdict or the word chosen, not what it concedes
    claimed_first = final[0][:conceded.start()].rstrip() + "." \
        if conceded and conceded.start() > 0 and not _concession_turns(conceded.group(), question) else final[0]
    dashed = _DASHED_VERDICT.search(claimed_first, max(0, len(claimed_first) - 40)) if question else None
    if dashed and asks_yes_no(question) and not _CONDITION.search(claimed_first[:dashed.start()]) \
            and not DOUBTED.search(claimed_first[:dashed.start()]):
        # "Two groups with equal sums would need $27.5$ each — impossible.": the verdict the dash closes on, not the
        # value the reason needs
        return Extraction((dashed.group("word"),), "prose")
    own = _OWN_QUESTION_ANSWERED.fullmatch(_BOLD_MARKS.sub("", claimed_first)) if question and "?" in claimed_first \
        and asks_yes_no(question) else None
    if own and not _VERDICT_TURNS.search(own.group("rest")) and not DOUBTED.search(own.group("rest")):
        # "So, is the sequence unbounded? **Yes** — it grows without bound." to "Is the sequence bounded?": the
        # verdict answers the reply's own question, so No when that question asks the opposite; nothing when it asks
        # something else
        said = asked_property_said(SPAN.sub(" ", own.group("asked")), question)
        if said is None:
            return None
        verdict = own.group("verdict").lower() == "yes"
        return Extraction(("Yes" if verdict == said else "No",), "prose")
    head, dash, tail = claimed_first.partition(" — ") if question and " — " in claimed_first else ("", "", "")
    head_words = _BOLD_MARKS.sub("", head).strip()
    if dash and head_words and not re.search(r"\d", SPAN.sub(" ", head_words)) and asks_yes_no(question) \
            and not DOUBTED.search(claimed_first) and not _CONDITION.search(head_words) \
            and not _TAIL_TURNS.search(tail) and states_asked_property(SPAN.sub(" ", head_words), question) \
            and not states_asked_property(SPAN.sub(" ", tail), question) and claim(SPAN.sub(" ", tail)) is None:
        # "So the regular heptadecagon is constructible — Gauss proved this in 1796 and ...": the property asked,
        # stated before the dash; the history after it (its year) is no answer
        return Extraction((head_words.rstrip(".").strip(),), "prose")
    verdict = _VERDICT_RESTATED.fullmatch(_BOLD_MARKS.sub("", claimed_first)) if question else None
    if verdict and asks_yes_no(question) and not _verdict_turns(verdict.group("verdict"), verdict.group("rest")) \
            and not contradicts_verdict(verdict.group("verdict"), verdict.group("rest"), question) \
            and ((verdict.group("verdict").lower() == "no") == bool(_NEGATED_REST.search(verdict.group("rest")) or (
                verdict.group("verdict").lower() == "no" and _ONLY_SOME.search(verdict.group("rest"))))
                 # ("No — it diverges" to "Does it converge?": the opposite of the property asked, in its own word)
                 or not _NEGATED_REST.search(verdict.group("rest"))
                 and answers_question(verdict.group("verdict").capitalize(), SPAN.sub(" ", verdict.group("rest")), question)) \
            and not narrower_scope(f"{verdict.group('verdict')}, {verdict.group('rest')}.", question) \
            and set(re.findall(r"\d+", verdict.group("rest"))) <= set(re.findall(r"\d+", question)):
        # "So yes, every group of order 15 is cyclic." to "Is every group of order 15 cyclic?": the verdict, then the
        # question restated (its numbers the question's own)
        return Extraction((verdict.group("verdict").capitalize(),), "prose")
    multiples = _MULTIPLES_CLOSING.search(final[0]) if "multiple" in final[0] and question \
        and _ASKS_ALL.search(question) else None
    if multiples and not _DENIED.search(final[0][:multiples.start()]) and not DOUBTED.search(final[0]):
        # "Thus $7 \mid 2^n-1$ exactly for the positive multiples of $3$.", "Hence $n$ must be a positive multiple of
        # $6$.": the set they describe
        return Extraction((f"the {multiples.group('which') or ''}multiples of {multiples.group('n')}".replace("  ", " "),),
                          "prose")
    if question and " or " in question and names_alternative(_BOLD_MARKS.sub("", claimed_first), question):
        # "Hence $\sqrt2+\sqrt3$ is **irrational**." to "Is it rational or irrational?": the word chosen
        return Extraction((_BOLD_MARKS.sub("", claimed_first).strip().rstrip(". "),), "prose")
    offered = _bold_offered(final[0], question) if "**" in final[0] and question and " or " in question else None
    if offered:
        return Extraction((offered,), "prose")  # "So $fg$ is **even**." to "... odd, even, or neither?": even
    judged_statement = _STATEMENT_JUDGED_CLOSING.fullmatch(_BOLD_MARKS.sub("", final[0])) \
        if question and _ASKS_TRUE_OR_FALSE.search(question) else None
    if judged_statement and not DOUBTED.search(judged_statement.group("head").replace("false", "")):
        # "So the statement is false in general (it's only true under the extra hypothesis $a_n\ge 0$).": the verdict
        return Extraction(("False" if judged_statement.group("false") else "True",), "prose")
    placed_first = _PLACE_FIRST.fullmatch(final[0]) if question and "$" in final[0] else None
    if placed_first and claim(placed_first.group("claim")) is not None \
            and formula_key(placed_first.group("place")) in formula_key(_asking_sentence(question)) \
            and not DOUBTED.search(placed_first.group("claim")) and not _CONDITION.search(placed_first.group("claim")):
        # "So at $x=-1$ the series converges." to "... converge at $x=-1$?": the claim at the place asked
        return Extraction((placed_first.group("claim").strip(),), "prose")
    stance = offered_stance(final[0], question) if question and " or " in question else None
    if stance is not None:
        # "So $f$ is injective, not surjective." to "Is $f$ injective, surjective, both, or neither?": the stance on
        # each property, written as the question names them ("injective but not surjective")
        return Extraction((stance_words(stance, question),), "prose")
    if question and _names_winner(final[0], question):
        # "**The second player, Bob, wins.**", "So the first player, who must move from this position, loses against
        # correct play.": the sentence naming the winner (or the loser), whole
        return Extraction((_BOLD_MARKS.sub("", final[0]).strip().rstrip(".!"),), "prose")
    chance = chance_in_words(final[0]) if "chance" in final[0] and "in" in final[0] else None
    if chance and not DOUBTED.search(final[0]) and not _CONDITION.search(final[0]):
        return Extraction((chance,), "prose")  # "So there is a one-in-six chance.": 1/6, not a claim in words
    claimed = _claimed(last, final[0])
    if claimed:
        return Extraction((claimed,), "prose")
    assigned = _BOLD_ASSIGNMENT.search(final[0], final[0].rfind("$") + 1) if "**" in final[0] and "$" in final[0] else None
    if assigned and not DOUBTED.search(final[0]) and not _CONDITION.search(final[0]) \
            and not _NOT_CONCLUDED.search(final[0]) and final[0].count("**") == 2 \
            and not re.search(r"\d", re.sub(r"\([^()]*\)", "", final[0][assigned.end():])) \
            and not re.search(r"(?i)\b(?:not|no|never|rated|nominal|given|but)\b", final[0][final[0].rfind("$") + 1:]):
        # (one bold value closing the sentence, no other value after it, not denied, not a given or a rating)
        # "$f = c/\lambda = (3.0\times10^8)/(3.0) \Rightarrow$ **f = 100 MHz** (FM-radio band).": the value set in bold
        # after the last math, not the formula before it
        return Extraction((assigned.group(1).strip(),), "prose")
    bold_value = _NAMED_THEN_BOLD.search(final[0]) if "**" in final[0] else None
    if bold_value and not DOUBTED.search(final[0]) and not _CONDITION.search(final[0]) \
            and not _NOT_CONCLUDED.search(final[0]):
        return Extraction((bold_value.group("value"),), "prose")  # "the smallest such $n$ is **15**.": 15, not $n$
    listed_count = _count_then_list(final[0], question)
    if listed_count:
        return Extraction((listed_count,), "prose")  # "So there are 5 such divisors: 10, 20, 25, 40 and 50."
    worded = _VALUE_IN_WORDS.search(final[0]) if question and CONCLUSION_WORD.search(final[0]) \
        and not re.search(r"[\d$\\]", final[0]) else None
    quantity = _QUANTITY_NOUN.search(final[0][:worded.start()]) if worded else None
    if worded and quantity and re.search(r"(?i)\b%s" % quantity.group(1)[:4], question) \
            and not _DENIED.search(final[0]) and not DOUBTED.search(final[0]) and not _CONDITION.search(final[0]) \
            and not _NOT_EXACT.search(final[0]):
        value = number_words(worded.group("n"))
        if value is not None:
            # "They cancel in pairs, so the real roots sum to zero.": the value the conclusion states in words
            return Extraction((str(value) if value.denominator == 1 else f"\\frac{{{value.numerator}}}{{{value.denominator}}}",),
                              "prose")
    counted = _counted_after_conclusion(final[0]) or _there_are_count(final[0]) \
        or _there_are_count(_CONCLUSION_LEAD.sub("", final[0])) or _count_of_asked(final[0], question)
    if counted:
        return Extraction((counted,), "prose")  # "..., so there are three distinct real roots."
    if _YES_OR_NO.search(final[0]):
        return None  # "Yes or no depending on n.": both, so neither
    if _EMPTY_BOX.search(last):
        return None  # "So the final answer is $\boxed{}$.": an empty box states nothing
    described = interval_in_words(final[0]) or set_in_words(final[0]) or chance_in_words(final[0])
    bold = _BOLD_PHRASE.findall(final[0]) if described is None and "**" in final[0] else []
    if len(bold) == 1 and _SET_STATED.fullmatch(_BOLD_PHRASE.sub("", final[0])):
        described = interval_in_words(bold[0])  # "The expression is nonnegative **when $x$ is at least $2$**."
    if described is not None:
        return Extraction((described,), "prose")  # "... holds for all real $x$ with $0 < x \le 1$.": that set
    if _RESTRICTED.search(last) and SPAN.search(last):
        # "$(a, 1)$ for every even positive integer $a$": the family and the qualifier that restricts it, one answer
        return Extraction((final[0].strip().rstrip(". "),), "prose")
    concluded = _CONCLUDED_VALUE.search(final[0]) if "$" in final[0] and not multiple else None
    if concluded and not _VALUE_STATED.search(final[0], 0, concluded.start()):
        # "There are 10 perfect squares ($1^2,\dots,10^2$) among the 100 integers, so the probability is 10%.": the
        # value the last conclusion states, not the spans of the reason before it
        return Extraction((concluded.group("value"),), "prose")
    where = _VALUE_THEN_WHERE.search(final[0]) if "$" in final[0] else None
    if where and (where.group("of") and (not question or where.group("of").replace(" ", "") not in question.replace(" ", ""))
                  or question and _ASKS_WHERE.search(question)):
        where = None  # the extreme of another function, or a question asking where it is attained
    if where and not multiple:
        # "The minimum is 2, attained at $x = 1$.": the value, not where it is attained
        return Extraction((strip_wrappers(where.group("value").strip("$ ")),), "prose")
    substituted = _in_asked_form(final[0], question) if question and "form" in question and "$" in final[0] else ""
    if substituted:
        return Extraction((substituted,), "prose")  # "So $a=0.5$ and $b=-0.5$." to "... in the form $a+bi$": 0.5-0.5i
    constants = _FORM_CONSTANTS.search(last, max(0, len(last) - 200)) if question and "form" in question \
        and "$" in last and len(last) <= 2000 else None
    form = _ASKED_FORM.search(question) if constants else None
    if constants and form and constants.start() > 0 and SPAN.search(last[:constants.start()]) \
            and {m.group(1) for m in re.finditer(r"\$\s*([A-Za-z])\s*=", constants.group("named"))} \
            <= set(re.findall(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", " ", form.group(1)))):
        # "So the result is $0+1i$, i.e. $a=0$, $b=1$." to "Write ... in the form $a+bi$.": the value in the form
        # asked, not the constants of the form it names after it
        last = last[:constants.start()] + "."
        final = split_sentences(last)[-1:] or [last]
    rough = _ROUGHLY_RESTATED.search(last, max(0, len(last) - 300)) if "$" in last and len(last) <= 2000 else None
    if rough and rough.start() > 0 and _stated_with_unit(last[:rough.start()], question) \
            and not _unit_named(rough.group(), question):
        # "$T_2 = 600\ \text{K}$, i.e. roughly $327\,^\circ\text{C}$.": the value stated, not its rough restatement
        last = last[:rough.start()] + "."
    rough = _ROUGHLY_BRACKETED.search(last, max(0, len(last) - 240)) if "(" in last[-240:] and len(last) <= 2000 else None
    if rough and _restates_in_other_kind(last[:rough.start()], rough.group("said"), question):
        # "So the car decelerates at about 6.0 m·s⁻² (roughly 0.61 g).": the value stated, not its rough restatement
        # as another kind of quantity (a multiple of g; "(roughly 1300 km/h)" after m/s is compared as before)
        last = last[:rough.start()] + last[rough.end("said") + 1:]
        final = split_sentences(last)[-1:] or [last]
    other = _OTHER_LABEL_ASIDE.search(last, max(0, len(last) - 120)) if "(" in last[-120:] and len(last) <= 2000 else None
    if other and _other_label(last[:other.start()], other.group("label")) \
            and formula_key(other.group("label")) not in formula_key(question or ""):
        # "So $v_1 \approx 2190$ km/s — fast, but still non-relativistic ($v/c\approx 1/137$).": a bracket closing the
        # sentence on another quantity (its own label) after a value with its unit: the value, not the aside
        last = last[:other.start()] + last[other.end("close"):]
        final = split_sentences(last)[-1:] or [last]
    signs = _ALL_SIGNS.search(final[0]) if "pm" in final[0] or "±" in final[0] else None
    if signs and re.search(r"(?i)\b(?:except|but|other\s+than|apart\s+from|only|besides|not)\b", final[0]):
        signs = None  # ("all sign combinations except $(-3,-2)$")
    expanded = _signs_expanded(final[0][:signs.start()]) if signs else ""
    if expanded:
        # "So $(x,y)=(\pm3,\pm2)$ with all four sign combinations.": the four pairs
        return Extraction((expanded,), "prose")
    unasked = _WITH_UNASKED.search(last) if question and ", with " in last else None
    if unasked and unasked.group("noun").lower().rstrip("s") not in question.lower() and SPAN.search(last[:unasked.start()]):
        # "The eigenvalues are $\lambda=3$ and $\lambda=1$, with eigenvectors $(1,1)$ and $(1,-1)$ respectively." to
        # "Find the eigenvalues ...": what the question does not ask, given beside the answer, is no part of it
        last = last[:unasked.start()] + "."
    if "(incl" in last:
        last = _INCLUDING_ASIDE.sub("", last)  # "$y = Ae^{2x}$, $A \\in \\mathbb{R}$ (including $A=0$).": the family
    union = conditions_or(final[0]) if " or " in final[0] else ""
    if union:
        return Extraction((union,), "prose")  # "So we need $a\le-2$ or $a\ge2$.": one set, the union
    both = _conditions_and(final[0]) if "$" in final[0] and ("ne" in final[0] or "≠" in final[0]) else ""
    if both:
        return Extraction((both,), "prose")  # "$x \ge 1$ and $x \ne 3$": one set, the intersection
    coded = _CODE_NUMERAL_TAIL.search(final[0]) if "0" in final[0][-70:] else None
    if coded and not DOUBTED.search(final[0]) and not _DENIED.search(final[0]):
        return Extraction((coded.group(1),), "prose")  # "So 255 in hexadecimal is `0xFF`.": the numeral as code writes it
    evaluated = _EVALUATED_AFTER.search(final[0], max(0, len(final[0]) - 300)) if "which" in final[0] \
        or "i.e." in final[0] else None
    if evaluated and re.search(r"[A-Za-z\\^+*/-]", evaluated.group("expr")) and not DOUBTED.search(final[0]) \
            and re.search(r"(?:\bis|\bequals|=|:)\s*$", final[0][:evaluated.start()]) \
            and not _DENIED.search(final[0]) and not _CONDITION.search(final[0]):
        # "the remainder is $3^4 \bmod 7$, which is 4.": the value the expression comes to, not the expression
        return Extraction((evaluated.group("value").strip("$"),), "prose")
    if question and len(split_sentences(last)) > 1 and _BARE_VERDICT_SENTENCE.fullmatch(final[0]) and asks_yes_no(question):
        return Extraction((final[0].strip(" *.!"),), "prose")  # "Hence $\varnothing\subseteq B$ .... True.": the verdict
    families = _FAMILIES_STATED.search(final[0]) if question and "(" in final[0] and _ASKS_ALL.search(question) else None
    if families and names_families(families.group("said")) and not DOUBTED.search(final[0]) \
            and not _DENIED.search(final[0][:families.start("said")]):
        # "So the solutions are all pairs $(a,1)$ with $a\in\mathbb{Z}_{>0}$, together with all pairs $(1,b)$ with
        # $b\in\mathbb{Z}_{>0}$.": the families, each with where its parameter ranges
        return Extraction((families.group("said").strip().rstrip("."),), "prose")
    concluded_plain = _PLAIN_VALUE_CONCLUDED.search(final[0], max(final[0].rfind("$") + 1, len(final[0]) - 80)) \
        if "$" in final[0] else None
    if concluded_plain and not DOUBTED.search(final[0]) and not _CONDITION.search(final[0][concluded_plain.start():]):
        # "$d=ct=(3\times10^8\ \text{m/s})(1.0\times10^{-6}\ \text{s})$, so d = 0.3 km.": the value concluded in plain
        # text after the formula, not the formula
        named = concluded_plain.group("named")
        return Extraction(((named or "") + concluded_plain.group("value").strip().replace("±", "\\pm "),), "prose")
    function = _PLAIN_FUNCTION_FOR_ALL.fullmatch(_BOLD_MARKS.sub("", final[0]).strip()) if "$" not in final[0] else None
    family = _PLAIN_FAMILY_OVER_REALS.fullmatch(_BOLD_MARKS.sub("", final[0]).strip()) \
        if function is None and "$" not in final[0] and "real" in final[0] else None
    if family and re.search(r"(?<![A-Za-z])%s(?![A-Za-z])" % (family.group("param") or family.group("param2")),
                            family.group("function").split("=", 1)[1]) and not DOUBTED.search(final[0]):
        # "..., the solutions are exactly P(x) = x² + k, where k may be any real constant.": the family
        return Extraction((family.group("function").strip(),), "prose")
    if function and not DOUBTED.search(final[0]):
        # "**f(x) = 3x for all x ∈ ℝ.**" in plain text: the function, not a number read from "3x" before the domain
        return Extraction((function.group("function").strip(),), "prose")
    ranged = _RANGE_SAID.search(final[0]) if "between" in final[0] and not multiple else None
    stated_before = " ".join((split_sentences(last) or [""])[:-1]) if ranged else ""
    if ranged and not (question and _ASKS_RANGE.search(question)) and not re.search(r"\d", final[0][:ranged.start()]) \
            and not _VALUE_AFTER_RANGE.search(final[0], ranged.end()) and not _VALUE_AFTER_RANGE.search(stated_before):
        # (not the span a count or a distance is of, "24 primes between 1 and 90", "the distance between $-2$ and $7$
        # is $9$", nor a range narrowed to a value, "— exactly, it is 12 cm", nor one checking a value its line states
        # before it, "Solving gives $x = 3$. Therefore x is strictly between 1 and 5.")
        # "So the block reaches the bottom at somewhere between about 3 and 4 m/s, depending on the surface.": a range
        # where one value is asked commits to neither end (compared as words: wrong)
        return Extraction((final[0].strip().rstrip(". "),), "prose")
    spans = joined_spans(without_domain(last), last=True)  # "$f(x) = x^2$ for all $x \in \mathbb{R}$": not the domain
    # "$$\mathcal{E}=L\frac{dI}{dt}\;\Longrightarrow\;L=\frac{10\ \text{V}}{40\ \text{A/s}}=0.25\ \text{H}.$$": what the
    # last implication arrow leads to, not the law it starts from
    spans = tuple(_SPACING_ENDS.sub("", _IMPLIES.split(x)[-1]) if _IMPLIES.search(x) and "=" in _IMPLIES.split(x)[-1] else x
                  for x in spans)
    spans = tuple(_before_rough_restatement(x) if "approx" in x or "≈" in x else x for x in spans)
    restated_in_words = _WHICH_IS_VALUE.search(final[0], max(0, len(final[0]) - 80)) \
        if spans and not multiple and "which" in final[0][-80:] else None
    if restated_in_words and final[0].rstrip().rstrip(".!").endswith(restated_in_words.group().rstrip(" .!")) \
            and _VALUE_WITH_UNIT_END.search(_units_as_words(spans[-1]).rstrip("$. ")):
        # "$m_ec^2 \approx 8.19\times10^{-14}$ J, which is 511 keV.": the value said again in another unit (the compare
        # reads the two as one value when they agree)
        spans = spans[:-1] + (f"{spans[-1]} \\approx {restated_in_words.group('value').strip()}",)
    if spans and _NAME_THEN_VALUE.search(last):
        spans = []  # "the value of $k$ is 1": the name is the subject, the plain value after it the answer
    if spans and not multiple and _bounds_span(last):
        # "The field at the center is at least $2.0\ \mathrm{mT}$.": a bound, not a value (compared as words: wrong)
        return Extraction((final[0].strip().rstrip(". "),), "prose")
    if spans and not multiple and _spans_hedge(last):
        return Extraction((" or ".join(spans[-2:]),), "prose")  # "$37$ or $27$": a hedge commits to neither value
    if spans and not multiple and _several_values(spans) and (not re.search(r"(?i)\bor\b|或", final[0])
                                                               or _named_roots(spans)):
        # "So the primes are $p = 2$ and $p = 3$.": both, where one is asked; "So $x = 2$ or $x = 9$.": the roots of
        # one unknown, each a value it may take (not a hedge between bare values, "$24$, or $8$ each")
        return Extraction(spans, "prose")
    if spans:
        return Extraction(spans if multiple else spans[-1:], "prose")
    bold = [b for b in _BOLD_PHRASE.findall(last) if re.search(r"\d", b) or _count_in_words(b)]
    listed = _BOLD_LIST.search(final[0]) if multiple and len(bold) >= 2 else None
    if listed and not final[0][listed.end():].strip(" .") and not _DENIED.search(final[0][:listed.start()]) \
            and not DOUBTED.search(final[0][:listed.start()]) \
            and not _CONDITION.search(final[0]) and final[0] == last.strip().split("\n")[-1].strip() \
            and not _TAKES_BACK.search(last[last.find(final[0]) + len(final[0]):] if final[0] in last else ""):
        # "The blanks are **2** and **0**.": the values set in bold one after another, closing the sentence
        return Extraction(tuple(reduce_sentence(b.strip()) for b in _BOLD_PHRASE.findall(listed.group())), "prose")
    if bold and not _BOLD_PHRASE.fullmatch(last.strip().rstrip(".。")):
        # "The second mass must hang **25 cm** from the pivot.": the phrase set in bold is the answer
        return Extraction((reduce_sentence(bold[-1].strip(), multiple),), "prose")
    named = _NAMED_VALUES.fullmatch(_OPENING_WORDS.sub("", final[0].strip()).rstrip(" .!"))
    if named is None and multiple and (after_so := _SO_CLAUSE.split(final[0])[-1]) != final[0]:
        named = _NAMED_VALUES.fullmatch(after_so.strip().rstrip(" .!"))  # "..., so x = 3, y = 2.": the values named
    if named and len(_NAMES_SET.findall(named.group())) >= 2:
        return Extraction((named.group().strip(),), "prose")  # "Thus a=b=c=1.", "So x=2, y=3.": the values named
    # "So 2024₁₀ = 5621 in base 7.": the numeral closing the line, written in the base named after it
    restated = _without_restatement(last)
    tail = _SO_VALUE_TAIL.search(restated) or _COLON_TUPLE_TAIL.search(restated) \
        if "," in restated or ":" in restated else None
    if tail and not DOUBTED.search(restated) and not _CONDITION.search(tail.group("tail")):
        # "Using the Rydberg formula, 1/λ = R(1/4 − 1/9), so λ ≈ 6.56 × 10⁻⁷ m.": the value the closing "so" states;
        # "..., so I swapped them: (p, q) = (1, 3).": the pair after the colon closing the line
        restated = tail.group("tail")
    if " or " in restated and " or " not in last:
        return Extraction((restated,), "prose")  # "So she runs 5 km (500 m).": two values, a hedge
    based = _IN_BASE_AT_END.search(restated)
    if based and question and re.search(rf"(?i)\bbase[\s-]*{based.group('base')}\b", question):
        # "So 2024₁₀ = 5621 in base 7." to "Write 2024 in base 7.": the numeral, in the base the question asks
        restated = restated[:based.start()] + f"{based.group('digits')}_{{{based.group('base')}}}"
    if "$" not in restated and "\\" not in restated and "≠" in restated:
        restated = without_domain(restated)  # "So f⁻¹(x) = (3x + 1)/(x − 2), for x ≠ 2.": where it is undefined anyway
    tail = _plain_math_tail(restated, question) if "$" not in restated and "\\" not in restated else ""
    if tail:
        # "The lines meet at x = 2, y = 5.", "Equivalently, 2x − y − 1 = 0.", "Solution set: x ∈ ]−1, 5[.": maths
        # written without delimiters closing the sentence, read whole (not its last number)
        return Extraction((tail,), "prose")
    aimed = _MAGNITUDE_DIRECTION.search(_BOLD_MARKS.sub("", final[0]), max(0, len(final[0]) - 120)) \
        if " of " in final[0][-60:] and multiple else None
    if aimed and not DOUBTED.search(final[0]) and not _DENIED.search(final[0]):
        # "**Resultant: 2 N, directed 30° east of north.**": the magnitude and the direction, both parts
        return Extraction((f"{aimed.group('value').strip()}, {aimed.group('direction').strip()}",), "prose")
    # (bold marks are no words: "So the vectors are **not linearly dependent**." reads as its plain words do)
    reduced = reduce_sentence(strip_wrappers(_main_clause(_BOLD_MARKS.sub("", restated))), multiple)
    reduced = _said_twice(reduced) or reduced  # "49 J/s, or 0.049 kW": one value in two units
    # a short phrase, or a longer line of bare math (LaTeX written without delimiters, or a chain in Unicode maths:
    # "E = hc/λ = (6.626 × 10⁻³⁴ J·s)(2.998 × 10⁸ m/s)/(5.00 × 10⁻⁷ m) ≈ 3.97 × 10⁻¹⁹ J"), not prose
    if reduced and re.search(r"\w", reduced) and (len(reduced) <= 40 or len(reduced) <= 200 and (
            "\\" in reduced or _UNICODE_CHAIN.search(reduced) or _LISTED_MATRIX.search(reduced))
            and not WORDS.search(TEXT_WRAPPED.sub(" ", reduced))):
        return Extraction((reduced,), "prose")
    return None
