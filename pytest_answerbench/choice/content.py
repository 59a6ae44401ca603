"""Reading a reply by the option texts it contains: exactly one option's text (or value) occurs, not negated, not
asked, not inside a longer option's; with several, the named tie-breakers decide or the reply is ambiguous."""

from __future__ import annotations

import bisect
import functools
import re
from typing import Callable

from ..text.patterns import lazy_compile
from .normalize import norm_text, stem_word, stem_words, text_boundary_ok, text_start_ok
from .optionset import KEY_TOKEN, OptionSet
from .result import ChoiceResult
from .rules import (CLAUSE_BREAK, COUNTERFACTUAL_IDIOM, COUNTERFACTUAL_IF, COUNTERFACTUAL_MODAL, COUNTERFACTUAL_MOOD,
                    FIRST_THOUGHT, WHETHER_BEFORE)
from .scan import present
from .values import option_number, part_of_larger, reply_numbers, reply_value, unit_at, unit_clash

SENTENCE_END = lazy_compile(r"[.!?\n]")
# (the words grouped behind one \b: a pattern whose every branch is a word or "n't" scans several times faster)
_NEGATED_BEFORE = lazy_compile(r"(?:\b(?:n(?:ot|either|or|o|ever)|rather\s+than|instead\s+of)|n't)\s+(?:\w+\s+){0,1}$")
# "not in the mitochondria": a place or thing negated with its preposition and article
_NEGATED_PLACE_BEFORE = lazy_compile(r"\bnot\s+(?:in|on|at|from|by|with|inside)\s+(?:the|a|an)\s+$")
# "not cluttered and messy", "never red, blue or green": a negation reaches every word of the list it opens
_NEGATED_LIST_BEFORE = lazy_compile(r"(?:\bn(?:ot|ever)|n't)\s+(?:\w+\s*(?:,\s*|\s(?:and|or)\s+)){1,3}$")
# "not true", "isn't false", "not really true": a polar option (True / False, Yes / No) negated outright, which names
# the other one of the pair
_FLIPPED_BEFORE = lazy_compile(r"(?:\bn(?:ot|ever)|n't)\s+(?:(?:really|actually|at\s+all)\s+)?$")
# "partially true", "not necessarily true": a polar option qualified, which names neither
_QUALIFIED_BEFORE = lazy_compile(r"\b(?:partially|partly|half|somewhat|mostly|largely|sort\s+of|kind\s+of|"
                               r"not\s+(?:entirely|completely|fully|quite|always|necessarily))\s+$")
_CJK_NEGATION = ("不", "非", "没", "未")
# a word qualified by another made into an adjective with "-ish" ("greenish blue", "bluish-green"): another answer
# than the plain word ("light blue" and "dark green" still name blue and green)
_ISH_BEFORE = lazy_compile(r"\b[a-z]{2,}ish[\s-]$")
_CN_YES_VERDICT = lazy_compile(r"(?<![不绝相针])(?<!不是)对的|说得对")
_CN_NO_VERDICT = lazy_compile(r"错的|错了|不对|不是对的")
_CLAUSE_STOP = lazy_compile(r"[.;\n!?:,—–]|\s-\s")
_SO_CLAUSE = lazy_compile(r"\b(?:so|therefore|thus|hence)\b\s*,?\s*")
# a reply ending unsure: "... hard to say from this angle.", "I'm not sure."
_UNSURE = lazy_compile(r"\b(?:hard|difficult|impossible)\s+to\s+(?:say|tell|decide)|\bnot\s+(?:sure|certain|confident)\b|"
                     r"\bcan(?:not|'t|’t)\s+(?:tell|decide|be\s+sure)\b|\bunsure\b|\buncertain\b")
# A leading concessive clause, up to the comma before its main clause's subject ("While X and Y have faint rings,
# the rings shown ..."): a comma followed by a determiner or pronoun, not by a list's next item
_CONCESSIVE = lazy_compile(r"(?:^|(?<=[.!?;\n]\s)|(?<=[.!?;\n]))\s*(?:while|although|though|even\s+though|whereas)\b"
                         r"[^.!?;\n]{0,300}?,(?=\s*(?:the|this|these|that|those|it|its|they|their|he|she|we|i|only|here|"
                         r"there)\b)")
# "πr² is the area of a circle": an option as the subject of a definition (not "... is the correct answer")
_DEFINED_AFTER = lazy_compile(r"\s*(?:is|are)\s+(?:the|its|their|a|an)\s+(?!(?:correct|right|best|answer|only|one|"
                            r"option|choice|true|final)\b)[a-z]")
_EQUALS_NEXT = lazy_compile(r"\s*=\s*")
_STATED_BEFORE = lazy_compile(r"\b(?:is|are|equals|be)\s*$|=\s*$")
# "It could also be Venus": the last sentence offers another option as just as possible
# "so all of them are on the desk", "both of them are right"
_ALL_OF_THEM = lazy_compile(r"\b(?:all|both|each)\s+of\s+(?:them|these|those|the\s+(?:four|three|five|options|objects|above))\b"
                            r"|\ball\s+(?:four|three|five)\s+(?:are|of\s+them|options)\b")
_ALSO_POSSIBLE = lazy_compile(r"\b(?:could|might|may)\s+(?:also|just\s+as\s+well|equally)\s+be\b|"
                            r"\bor\s+(?:possibly|perhaps|maybe)\b|"
                            # "Both seem plausible given the blurry image.", "either could be right"
                            r"\b(?:both|either)\s+(?:(?:seem|seems|look|looks|are|is|remain|remains|appear|appears)\s+)?"
                            r"(?:equally\s+)?(?:plausible|possible|likely|consistent|defensible|reasonable|viable|"
                            r"could\s+be\s+(?:right|correct))\b"
                            # (not one settled in its sentence: "..., but the stripes make it a zebra")
                            r"(?![^.!?\n]*\b(?:but|however|though|yet|except|until)\b)")
# "The question, however, asks about the largest radius.": what was named answers another question
_ASKS_OTHER = lazy_compile(r"\b(?:the|this)\s+question\s*,?\s*(?:however|though|instead)?\s*,?\s*"
                         r"(?:actually\s+)?(?:asks|is\s+asking)\s+(?:about|for)\b")
_NEGATED_AFTER = lazy_compile(r"[^.;!]*?\b(?:is|are|seems|looks)\s+(?:also\s+)?(?:wrong|incorrect|false|not\b)|"
                            r"[^.;!]*?\b(?:isn't|aren't)\b|\s*\?\s*no\b|\s*[:-]\s*(?:no|wrong|incorrect|false)\b")
# "The loss stays constant at first and then increases": an option's text said of a first phase only, which the
# reply then leaves for another: a change told in phases, which names none of the options in it
_FIRST_PHASE_AFTER = lazy_compile(r"\s+(?:at\s+first|initially|in\s+the\s+beginning|early\s+on|for\s+a\s+while)\b"
                                  r"[^.;!?]{0,40}?\b(?:then|later|afterwards|after\s+that)\b")
# a bound on a value ("at least 12 cm", "more than 5", "no more than 3", "≥ 4") right before it
_BOUND_BEFORE = lazy_compile(r"(?:\b(?:at\s+(?:least|most)|(?:more|less|fewer|greater|smaller|larger|higher|lower)\s+"
                             r"than|no\s+(?:more|less|fewer)\s+than|up\s+to|over|under)|[<>≤≥]=?)\s*$")
_BOUND_HINTS = ("least", "most", "than", "up to", "over", "under", "<", ">", "≤", "≥")
_CLAUSE_BREAK = lazy_compile(r"[,;]\s+(?=\S)")
_SENTENCE_BREAK = lazy_compile(r"[.!?\n]\s+(?=\S)")
_CONCLUDING = lazy_compile(r"\b(?:so|therefore|thus|hence|overall|in conclusion|in total|this means|that means|"
                         r"there (?:are|is)|total|altogether|in all|"
                         r"maximum|minimum|highest|lowest|largest|smallest|most|least|best|peak|answer|"
                         r"correct|actually|final|"
                         # "..., which leaves nitrogen at about 78%.", "Solar it is.": what elimination leaves, a choice
                         # made in an idiom
                         r"(?:which|that|this)\s+leaves|leaving\s+only|it\s+is(?=\W*$)|"
                         # "Of these, the one that measures amount of substance is the mole.": one picked from a list
                         r"(?:of|among)\s+(?:these|them|those)(?=\s*,))\b")
# ("so" in "and so on" / "and so forth" goes on with a list: no turn)
# sentence ends (a point inside a number is none) and the numbers of ``_labelled_values``
_SENTENCE_STOP = lazy_compile(r"[.!?](?!\d)|\n")
_NOT_BEFORE = lazy_compile(r"\bnot\s+(?:at\s+)?[£$€¥]?$")
_LISTED_NUMBER = lazy_compile(r"(?<![\w.,])[£$€¥]?(\d[\d,]*(?:\.\d+)?%?)(?![\w,]?\d)")
_TURN = lazy_compile(r"\b(?:but|actually|however|rather(?!\s+than\b)|instead|in fact|so(?!\s+(?:on|forth)\b)|therefore|thus|hence|consequently|"
                   r"which means|this means|that means|i\.e\.)(?=\W)")
# "larger than the Atlantic", "compared with Venus", "unlike Mars": what follows is the yardstick, to the clause's end
# a denial right before an option's text: "definitely not oxygen", "it isn't oxygen", "never the oxygen"
_DENIED_BEFORE = lazy_compile(r"\b(?:not|never|isn't|is\s+not|can't\s+be|cannot\s+be)\s+(?:(?:definitely|the|an?)\s+)?$")
# what names an option as the exception: "except hydro", "apart from the shark", "other than coal", "but not"
_EXCEPTED_BEFORE = lazy_compile(r"\b(?:except(?:\s+for)?|apart\s+from|other\s+than|but\s+not|excluding|besides)\s+(?:the\s+|an?\s+)?$")
_SUPERLATIVE = lazy_compile(r"\b(?:largest|biggest|greatest|highest|most|smallest|lowest|least|fastest|slowest|longest|"
                            r"shortest|tallest|heaviest|lightest|hottest|coldest|oldest|youngest|strongest|weakest|"
                            r"earliest|latest|top|leading)\b")
_COMPARED = lazy_compile(r"\b(?<!rather\s)than\b|\bcompared\s+(?:to|with)\b|\bunlike\b|\bfollowed\s+(?:closely\s+)?by\b|"
                         r"\bahead\s+of\b|"
                         # "reaching roughly 210 mm, well above June's bar": a yardstick after a degree word
                         r"\b(?:well|far|much|way|clearly|comfortably|significantly)\s+(?:above|below|beyond|over)\b|"
                         # "..., succeeding Jimmy Carter (the 39th)": the one before or after, named as context
                         r"\bsucceeding\b|\bpreceded\s+by\b|\bsucceeded\s+by\b|\b(?:his|her|its|their)\s+(?:predecessor|successor)\b")
# "six years after it began in 1939", "since 1990": a number there dates or measures something else
_CONTEXT_BEFORE = lazy_compile(r"\b(?:after|before|since|from|until|till|than|compared\s+(?:to|with)|versus)\b")
_THE_BEFORE = lazy_compile(r"\bthe\s+$")
_NOUN_AFTER = lazy_compile(r"\s+(?!(?:is|was|are|were|and|or|one|ones)\b)[a-z]{3,}")
_COMPARED_END = lazy_compile(r"[.;!?\n]|,\s*(?:but|while|whereas|so|and\s+so|which|however)\b")
# Words after "I" that make it the pronoun, not the Roman numeral an option reads ("I believe ... III").
_PRONOUN_I_AFTER = lazy_compile(
    r"\s*['’]|\s+(?:(?:really|also|still|would|will|do|did|can|could|should|must|might|am|have|had|was)\s+){0,3}"
    r"(?:think|believe|guess|say|feel|suppose|reckon|choose|chose|pick|picked|select|selected|go|went|see|saw|"
    r"know|knew|am|have|had|was|would|will|do|did|can|could|should|must|might|need|want|get|got|found|find|"
    r"conclude|concluded|count|counted|calculate|calculated|notice|noticed)\b")
# a single letter standing as a name: "ball d", "(d)", "figure d." (not "e.g.", "e^x", "= d", "d'")
_NAMED_LETTER = lazy_compile(r"(?:(?<=[a-z] )|(?<=[\(\[]))([b-hj-z])(?=[ \)\]]|[.,;:!?](?![a-z])|$)(?!\s*[=^])")
# "a ball", "a larger one": the article, not the option "A" (but "ball a is larger" names it)
_ARTICLE_AFTER = lazy_compile(r"\s+(?!is\b|was\b|seems\b|looks\b|appears\b|would\b|must\b|should\b|has\b|and\b|or\b)"
                              r"[a-z]")
# a value stated as worked out: after "=", "≈", "the answer is", "answer:", "gives", "equals" (and "$", a space)
_STATED_VALUE = lazy_compile(r"(?:=|≈|\banswer\s+is|\banswer\s*:|\bgives|\bequals)[\s$]*"
                             r"(?:about\s+|approximately\s+)?(?=[-\d.])")
# a conclusion cue earlier in the sentence of an option's value: "So the angle is 45°, and the other one = 135°" has
# concluded on 45°, whatever it works out after it
_CONCLUDED_BEFORE = lazy_compile(r"\b(?:so|therefore|thus|hence|answer|final)\b[^.!?\n]*$")
# a reason or a check given after an answer: what it works out supports the answer
_REASON_BETWEEN = lazy_compile(r"\b(?:since|because|as|check|checking|verify|verifying|substitut\w*|indeed|"
                               r"confirm\w*)\b|✓")
_OR_ALTERNATIVE = lazy_compile(r"\s+or\s+(?!not\b|more\b|less\b|so\b|fewer\b|higher\b|lower\b)[a-z0-9]")
# "First, ...", "Second, ...": ordinals that order the reply's own steps, not an option's words
_STEP_ORDINALS = frozenset(("first", "second", "third", "fourth", "fifth", "finally"))


Spans = dict[str, list[tuple[int, int]]]  # option letter -> where the reply names it, left to right
# the words every condition of rules.COUNTERFACTUAL_IF holds (a pre-check)
_COUNTERFACTUAL_WORDS = ("if", "suppos", "assum", "had", "were", "otherwise", "without", "unless", "absence")


# a condition and its consequence in one sentence, any mood: "if the y-axis is logarithmic, the answer is b; otherwise
# it's a" (both branches), "如果电池正极在左边，电流应为顺时针（a）"
_IF_OTHERWISE = lazy_compile(r"\bif\b[^.!?\n]{1,120}?;?\s*\botherwise\b[^.!?\n]{0,80}")
_CJK_CONDITIONAL = lazy_compile(r"(?:如果|假如|假设|若是|要是)[^。！？\n，,]{1,60}[，,][^。！？\n]{0,60}")


# a sentence (or a clause after a semicolon) that answers only under a condition on something it has not seen or
# settled, opening with it: "If the image shows a double membrane, then the answer is B.", "If the bars are in
# thousands, B." (the condition's subject a thing, not the writer: "If my calculation is right, ...", "If in doubt,
# B.", "If it helps, ...", "If the calculations above are right, B.", "If it were up to me, C." and a condition said
# to hold, "(which it is)", "If that's the case", commit)
_IF_THEN_ANSWER = lazy_compile(
    r"(?:^|(?<=[.!?\n;]))\s*+(?:if|supposing)\s+(?:the|this|that|these|those|they|there)\b(?![^.!?\n,;]*\b(?:my|our|i|we|"
    r"which\s+it\s+is|as\s+it\s+is|it\s+is|makes?\s+sense|helps?|matters?|above|mistakes?|errors?|calculations?|"
    r"reasoning|add\s+up|the\s+case|holds?|(?:is|are)\s+(?:right|correct|true))\b)[^.!?\n,;]{1,120}+,\s*+(?:then\s+)?(?:(?:the\s+)?(?:correct\s+|final\s+)?answer\s+"
    r"(?:is|would\s+be)\s+|it(?:'s|\s+is|\s+would\s+be)\s+|choose\s+|pick\s+)?(?:option\s+)?[(\[]?[a-j][)\]]?"
    r"(?=\s*[.;!\n]|\s*$)", re.M)


# the next branch of such a condition after a semicolon, whatever its subject: "; if an animal cell, A"
_IF_BRANCH = lazy_compile(r"\s*+;\s*+(?:and\s+|or\s+|but\s+)?if\b[^.!?\n,;]{1,120}+,\s*+(?:then\s+)?(?:(?:the\s+)?answer\s+"
                          r"(?:is|would\s+be)\s+|it(?:'s|\s+is|\s+would\s+be)\s+)?(?:option\s+)?[(\[]?[a-j][)\]]?"
                          r"(?=\s*[.;!\n]|\s*$)")


def _conditional_pairs(low: str) -> list[tuple[int, int]]:
    spans = [m.span() for m in _IF_OTHERWISE.finditer(low)] if "otherwise" in low else []
    if present(low, ("if", "suppos")):
        for m in _IF_THEN_ANSWER.finditer(low):
            if not COUNTERFACTUAL_IDIOM.search(m.group()):
                spans.append(m.span())
                branch = _IF_BRANCH.match(low, m.end())  # "...; if an animal cell, A.": the other branch
                if branch is not None:
                    spans.append(branch.span())
    if not low.isascii():
        spans += [m.span() for m in _CJK_CONDITIONAL.finditer(low)]
    return spans


def within(spans: list[tuple[int, int]]) -> Callable[[int], bool]:
    """Whether a position lies in one of ``spans`` (any order, overlapping or not), answered in log time each: the
    starts sorted, each with the farthest end of the spans starting at or before it."""
    ordered = sorted(spans)
    starts = [a for a, _ in ordered]
    reach, farthest = [], -1
    for _, b in ordered:
        farthest = max(farthest, b)
        reach.append(farthest)

    def inside(pos: int) -> bool:
        i = bisect.bisect_right(starts, pos) - 1
        return i >= 0 and reach[i] > pos
    return inside


def counterfactual_clauses(low: str) -> list[tuple[int, int]]:
    """The spans of ``low`` (a lower-cased reply) that are counterfactual clauses ("if the axis were logarithmic,
    it would be c"; see ``rules.COUNTERFACTUAL_IF``): what they name is no commitment."""
    spans = _conditional_pairs(low)
    modal = "would" in low or "could" in low or "might" in low or "'d " in low
    mood = "were" in low or "had" in low  # "If the axis were logarithmic, C.": no modal needed (COUNTERFACTUAL_MOOD)
    if not ((modal or mood) and present(low, _COUNTERFACTUAL_WORDS)):
        return spans
    clauses: list[tuple[int, int, str]] = []  # (start, end, the break after it)
    start = 0
    for m in (*CLAUSE_BREAK.finditer(low), None):
        end = m.start() if m is not None else len(low)
        clauses.append((start, end, m.group() if m is not None else ""))
        if m is not None:
            start = m.end()
    supposed = [((modal and COUNTERFACTUAL_MODAL.search(low, a, b) is not None and COUNTERFACTUAL_IF.search(low[a:b]))
                 or (mood and COUNTERFACTUAL_MOOD.search(low[a:b]))) and not COUNTERFACTUAL_IDIOM.search(low[a:b])
                for a, b, _ in clauses]
    for i, (a, b, _) in enumerate(clauses):
        if supposed[i]:
            spans.append((a, b))
        elif _WOULD_BE.search(low, a, b) and not _SO.search(low, a, b) and (
                i > 0 and supposed[i - 1] and clauses[i - 1][2] in (";", ".")
                or i + 1 < len(clauses) and supposed[i + 1] and clauses[i][2] in (";", ".")):
            # "If the x-axis were logarithmic, it would point to d; on a linear axis it would be a.", "On a linear
            # axis it would be a. If the axis were logarithmic, it would be d.": the other case of the same
            # supposition, no more a commitment than the first
            spans.append((a, b))
    return spans


# the modal of a case supposed, and a conclusion, a reason or an answer word (what makes such a clause state a fact:
# "as the axis is linear, the answer would be a")
_WOULD_BE = lazy_compile(r"\b(?:would|could|might)\s+(?:be|point|suggest|indicate|mean|give|favou?r)\b|\w'd\s+be\b")
_SO = lazy_compile(r"\b(?:so|therefore|thus|hence|as|since|because|given|answer)\b")


def _texts(low: str, optset: OptionSet, spans: Spans) -> None:
    """Every non-overlapping occurrence of each option's text (its core when that tells it apart), whole words."""
    numeric = optset.opt_num
    for letter, ot in optset.search_text:
        # every non-overlapping occurrence, left to right (what finditer of the escaped text gives)
        size = len(ot)
        i = low.find(ot)
        while i >= 0:
            if text_start_ok(low, i) and text_boundary_ok(low, i + size) and not (
                    letter in numeric and part_of_larger(low, i, i + size)) and not (
                    ot == "i" and _PRONOUN_I_AFTER.match(low, i + 1)) and not (  # "I believe" for the option "I"
                    ot == "a" and _ARTICLE_AFTER.match(low, i + 1)) and not (  # "a ball" for the option "A"
                    size <= 2 and ot[-1].isalpha() and _term_of_sum(low, i, i + size)) and not (  # "i" in "(1+i)"
                    size == 1 and _in_abbreviation(low, i)) and not (  # "i" in "i.e."
                    ot == "i" and _roman_numeral(low, i)):  # "(i) ... (ii) ..."
                spans.setdefault(letter, []).append((i, i + size))
            i = low.find(ot, i + size)
    if optset.bracketed:
        _bracketed_texts(low, optset, spans)


def _bracketed_texts(low: str, optset: OptionSet, spans: Spans) -> None:
    """Each option's set, tuple or interval written with other spacing ("\\{0, 1\\}" for the option "\\{0,1\\}",
    ``OptionSet.bracketed``), where ``_texts`` found no occurrence there."""
    for letter, pattern in optset.bracketed_found:
        found = spans.get(letter, ())
        for m in pattern.finditer(low):
            if text_start_ok(low, m.start()) and text_boundary_ok(low, m.end()) and not any(
                    a < m.end() and m.start() < b for a, b in found):
                spans.setdefault(letter, []).append(m.span())


def _in_abbreviation(low: str, at: int) -> bool:
    """Is the one letter at ``low[at]`` part of an abbreviation written with points ("i.e.", "e.g."), not a symbol?"""
    if low[at + 1:at + 2] == "." and low[at + 2:at + 3].isalpha() and not low[at + 3:at + 4].isalpha():
        return True
    return at >= 2 and low[at - 1] == "." and low[at - 2].isalpha() and (at < 3 or not low[at - 3].isalpha())


# a roman numeral "ii" as a word: the reply numbers its parts or cases in roman numerals
_ROMAN_TWO = lazy_compile(r"(?<![a-z])ii(?![a-z])")


def _roman_numeral(low: str, at: int) -> bool:
    """Is the "i" at ``low[at]`` a roman numeral numbering a part or case: a label in brackets ("case (i)", "(i) the
    real part") or one of a series the reply also numbers "ii"?"""
    if low[at - 1:at] == "(" and low[at + 1:at + 2] == ")":
        return True
    return _ROMAN_TWO.search(low) is not None


_OPERATORS = "+-−*/^="


def _term_of_sum(low: str, start: int, end: int) -> bool:
    """Is the symbol at ``low[start:end]`` (an option such as "i", "-i", "x") a term of a larger expression: an
    operator joins it to a number or symbol before or after it ("1+i", "(1 - i)", "i^2", "2i" is caught as a word)?"""
    before = low[max(0, start - 4):start].rstrip(" ")
    if before[-1:] in _OPERATORS and before[-1:] not in ("", "="):
        term = before[:-1].rstrip(" ")
        if term and (term[-1].isalnum() or term[-1] in ")}"):
            return True
    after = low[end:end + 4].lstrip(" ")
    if after[:1] in _OPERATORS and after[:1] not in ("", "="):
        term = after[1:].lstrip(" ")
        return bool(term) and (term[0].isalnum() or term[0] in "({\\")
    return False


def _label_letters(low: str, optset: OptionSet, spans: Spans) -> None:
    """Options that are the image's labelled things ("(A) A (B) B (C) C (D) Can not say"): the reply names them by
    letter ("ball C"), and so names by its letter an option whose text is no letter ("which is ball D" names D) the
    same way. Only when two options or more are their own letters; never "a" or "i" (an article or a pronoun), and
    only a letter standing as a name (after a word or a bracket, before a space, a bracket or a punctuation mark that
    ends a clause): not an abbreviation ("e.g."), a symbol of a formula ("e^x", "x = d") or part of a word."""
    own = optset.own_letters
    if len(own) < 2:
        return
    for letter in optset.letters:
        key = letter.lower()
        if letter in own or len(key) != 1 or key in "ai" or not key.isalpha():
            continue
        for m in _NAMED_LETTER.finditer(low):
            if m.group(1) == key:
                spans.setdefault(letter, []).append(m.span(1))


def _numbers(low: str, optset: OptionSet, spans: Spans) -> None:
    """Numbers in the reply that equal a numeric option ("4.0" for the option "4"), share ("0.4" for "40%") or range
    ("14" for "Between 10 and 20")."""
    numeric = optset.opt_num
    if not (numeric or optset.ranges):
        return
    # A number counts unless it starts inside an occurrence already found for that option. Only the
    # text occurrences can hold it (the numbers found before it end before it starts); they are
    # sorted and do not overlap, so the last one starting at or before it is the one to check.
    text_starts = {letter: [a for a, _ in occ] for letter, occ in spans.items()}
    text_spans = {letter: list(occ) for letter, occ in spans.items()}
    for m in reply_numbers(low):
        token = m.group(0)
        value = reply_value(token)
        if value is None:
            continue
        start = m.start()
        if part_of_larger(low, start, m.end()):
            continue  # "−1/2", "2√5": a sign or a radical makes it another value
        unit = unit_at(low, m.end())  # "12 m" names no option "12 cm"
        hits = [letter for letter, v in numeric.items() if v == value and not unit_clash(unit, optset.opt_norm[letter])]
        if not hits and "." in token and 0 < abs(value) < 1:
            hits = optset.share_hits(value, False)  # "0.4 of the whole" for the option "40%"
        if not hits and token.endswith("%"):
            hits = optset.share_hits(value, True)  # "50% of the circle" for the option "1/2"
        if not hits and optset.ranges:
            hits = optset.range_hits(value)  # "I count 14 birds" for the option "Between 10 and 20"
        for letter in hits:
            starts = text_starts.get(letter)
            if starts:
                i = bisect.bisect_right(starts, start) - 1
                if i >= 0 and start < text_spans[letter][i][1]:
                    continue
            spans.setdefault(letter, []).append((start, m.end()))


def _chinese_verdicts(low: str, optset: OptionSet, spans: Spans) -> None:
    """这句话是对的 / 说错了: Chinese verdicts for a polar pair written with other characters than its texts."""
    if optset.polar and not low.isascii():
        yes, no = optset.yes_no
        for pattern, letter in ((_CN_YES_VERDICT, yes), (_CN_NO_VERDICT, no)):
            for m in pattern.finditer(low):
                spans.setdefault(letter, []).append(m.span())


def _times_and_dates(low: str, optset: OptionSet, spans: Spans) -> None:
    """"They close at 19:30." for the option "7:30 PM", "March 6th" for "2024-03-06"."""
    if optset.clocks or optset.dates:
        for start, end, hits in optset.when_hits(low):
            for letter in hits:
                if not any(a <= start < b for a, b in spans.get(letter, ())):
                    spans.setdefault(letter, []).append((start, end))


def _labelled_values(low: str, optset: OptionSet, spans: Spans) -> None:
    """Options listing values with their labels ("23,500 (France); 23,200 (UK)"): a sentence stating each of an
    option's values beside its label ("for France is £23,500, and for the UK it is £23,200", "£23,500 for France and
    £23,200 for the UK") names it. Each value is read with the last label before it, or each with the first label
    after it; a value after "not" is not stated."""
    listed = optset.labelled_values
    if not listed:
        return
    labels = {label for pairs in listed.values() for _, label in pairs}
    start = 0
    for end in [m.start() for m in _SENTENCE_STOP.finditer(low)] + [len(low)]:
        sentence = low[start:end]
        found = sorted((m.start(), m.end(), label) for label in labels
                       for m in re.finditer(rf"(?<![^\W_]){re.escape(label)}(?![^\W_])", sentence))
        values = [(m.start(), m.end(), option_number(m.group(1))) for m in _LISTED_NUMBER.finditer(sentence)
                  if not _NOT_BEFORE.search(sentence, max(0, m.start() - 8), m.start())]
        if found and values:
            for after in (False, True):
                stated: dict[tuple[float | None, str], tuple[int, int]] = {}
                for a, b, value in values:
                    near = ([f for f in found if f[0] >= b][:1] if after else [f for f in found if f[1] <= a][-1:])
                    if near:
                        x, y, label = near[0]
                        stated.setdefault((value, label), (start + min(a, x), start + max(b, y)))
                for letter, pairs in listed.items():
                    if all(pair in stated for pair in pairs):
                        span = (min(stated[p][0] for p in pairs), max(stated[p][1] for p in pairs))
                        if span not in spans.get(letter, ()):
                            spans.setdefault(letter, []).append(span)
        start = end + 1


#: Where the reply names an option, found in this order (a later finder sees what the earlier ones found).
FINDERS: tuple[tuple[str, Callable[[str, OptionSet, Spans], None]], ...] = (
    ("texts", _texts),
    ("label-letters", _label_letters),
    ("numbers", _numbers),
    ("chinese-verdicts", _chinese_verdicts),
    ("times-and-dates", _times_and_dates),
    ("labelled-values", _labelled_values),
)


def _standing(flat: str, low: str, optset: OptionSet, spans: Spans) -> Spans:
    """The occurrences that name their option: not inside a longer occurrence of another option, not negated ("not
    a cat"), not in a change told in phases ("stays constant at first and then increases"), not asked ("Is it the ribosome?"); "not true" names the other option of a polar pair, "partially true"
    names neither."""
    kept = {}
    ends: list[int] | None = None  # where the sentences end (found when first needed)
    flat_asks = flat.rstrip().endswith("?")  # the normalised text has lost a final "?", the reply has it
    questions = flat_asks or "?" in low
    ascii = low.isascii()
    flipped: Spans = {}
    polar = optset.polar
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
    # "It increases at first and then decreases": a change told in phases names no option, the first phase's nor the
    # later ones' (to the end of that sentence)
    phases = []
    if "first" in low or "initially" in low or "beginning" in low or "early" in low or "while" in low:
        for occ in spans.values():
            for a, b in occ:
                if _FIRST_PHASE_AFTER.match(low, b, b + 80):
                    end = SENTENCE_END.search(low, b)
                    phases.append((a, end.start() if end else len(low)))
    # "at least 12 cm": a bound on a value names no numeric option (options that are ranges are read as ranges)
    numeric = optset.opt_num
    bounds = bool(numeric) and not optset.ranges and present(low, _BOUND_HINTS)
    for letter, occ in spans.items():
        starts, reach, others = by_start[letter]
        alive = []
        for a, b in occ:
            # another occurrence (x, y) with x <= a, b <= y and a greater length, i.e. not (x, y) == (a, b)
            i = bisect.bisect_right(starts, a)
            inside = i > 0 and (reach[i - 1] > b or (reach[i - 1] == b and any(
                y == b and x < a for x, y in others[:i])))
            before = low[max(0, a - 30):a]
            negated = _NEGATED_BEFORE.search(before) or (not ascii and before.endswith(_CJK_NEGATION)) or (
                bounds and letter in numeric and _BOUND_BEFORE.search(before))
            if letter in polar:
                if _QUALIFIED_BEFORE.search(before):
                    continue  # "partially true" names neither option
                if not inside and (_FLIPPED_BEFORE.search(before) or before.endswith(_CJK_NEGATION)):
                    flipped.setdefault(polar[letter], []).append((a, b))  # "not true" names False
                    continue
            if _NEGATED_AFTER.match(low[b:b + 60]) or any(x <= a < y for x, y in phases):
                negated = True
            if "ish" in before and _ISH_BEFORE.search(before):
                continue  # "Greenish blue" is not the option "blue"
            if "whether" in low and WHETHER_BEFORE.search(low, max(0, a - 110), a):
                continue  # "difficult to state whether the force is greater in Pair 1": asked, not answered
            if not inside and not negated:
                if questions:
                    if ends is None:
                        ends = [m.start() for m in SENTENCE_END.finditer(low)]
                    i = bisect.bisect_left(ends, b)
                    if (low[ends[i]] == "?") if i < len(ends) else flat_asks:
                        continue  # "Is it the ribosome?": asked, not answered
                alive.append((a, b))
        if alive:
            kept[letter] = alive
    for letter, occ in flipped.items():
        kept[letter] = sorted(kept.get(letter, []) + occ)
    return kept


def _named(letter: str, optset: OptionSet, detail: str) -> ChoiceResult:
    """The option ``letter`` named by its text (or by its value, for a numeric option)."""
    return ChoiceResult(letter, "answer-value" if letter in optset.opt_num else "option-text", detail)


def _value_stated_after(low: str, optset: OptionSet, end: int, first: int) -> bool:
    """Does the reply state a value after ``end`` ("= 22.5°", "the answer is 12", "gives 2√5") that is no option's
    value? The last value the reply works out is its answer, and an option's number met before it was a given or a
    step ("The angle at C is 90°. ... ∠BAD = 22.5°"). Not after a reason or a check that follows the option's first
    occurrence (``first``, its end): "The length is 4 cm, since 4 × 4 = 16"."""
    for m in _STATED_VALUE.finditer(low, end):
        if _REASON_BETWEEN.search(low, first, m.start()):
            return False  # "The length is 4 cm, since 4 × 4 = 16": a reason or a check after the answer
        at = m.end()
        for n in reply_numbers(low[at:at + 40]):
            if n.start() == 0 and "overline" not in low[at:at + n.end() + 12]:  # a repeating decimal: not read
                value = reply_value(n.group(0))
                if value is not None and (part_of_larger(low, at, at + n.end())
                                          or value not in optset.opt_num.values()):
                    return True
            break
    return False


# an option label in brackets just before a text, given as the answer: "is (c) point c" (the normalised reply keeps
# the brackets); a panel's or a part's label ("figure (b) jupiter", "(a) jupiter has ...") is no answer
_LABEL_BEFORE = lazy_compile(r"\b(?:is|be|answer)\s?:?\s?\(([a-z])\)\s?$")


def _one_named(low: str, optset: OptionSet, kept: Spans) -> ChoiceResult:
    """One option named: it is the answer, unless offered with an alternative, said to answer another question, or
    followed by a value the reply works out that names no option."""
    letter = next(iter(kept))
    if all(_EXCEPTED_BEFORE.search(low, max(0, a - 24), a) for a, _ in kept[letter]):
        # "All of them, except hydro, are renewable.": the option named only as the exception, not chosen
        return ChoiceResult(None, "none", f"option {letter}'s text is named only as an exception")
    if all(_OR_ALTERNATIVE.match(low, b) for _, b in kept[letter]):
        # "Tennis or badminton": the option is offered with an alternative, not chosen
        return ChoiceResult(None, "ambiguous", f"option {letter}'s text is offered with an alternative")
    labels = [_LABEL_BEFORE.search(low, max(0, a - 16), a) for a, _ in kept[letter]]
    if all(m is not None and m.group(1).upper() != letter and m.group(1).upper() in optset.letter_set
           for m in labels):
        # "... is (C) Point C" where option C is "Point B" and option D "Point C": the label and the text name two
        # options, as an opening label quoting another option's text does
        return ChoiceResult(None, "ambiguous", f"option {letter}'s text follows the label "
                                               f"{labels[-1].group(1).upper()} of another option")
    last = max(kept[letter])
    if letter in optset.opt_num and not _CONCLUDED_BEFORE.search(low, max(0, last[0] - 80), last[0]) and \
            _value_stated_after(low, optset, last[1], min(kept[letter])[1]):
        return ChoiceResult(None, "none", f"option {letter}'s value is met, then the reply works out a value no "
                                          "option has")
    if "question" in low:
        other = _ASKS_OTHER.search(low, max(b for _, b in kept[letter]))
        if other is not None:
            return ChoiceResult(None, "none", f"option {letter} is named, then the reply says the question "
                                              "asks about something else")
    return _named(letter, optset, f"the reply contains the text of option {letter} only")


class Named:
    """Several options named: what the tie-breakers read (the reply, the options named, where its last sentence
    starts and whether that sentence concludes)."""

    def __init__(self, low: str, optset: OptionSet, kept: Spans, spans: Spans) -> None:
        self.low = low
        self.optset = optset
        self.kept = kept
        self.spans = spans

    @functools.cached_property
    def cut(self) -> int:
        """Where the last sentence starts (0: the reply is one sentence)."""
        return max((m.end() for m in _SENTENCE_BREAK.finditer(self.low)), default=0)

    @functools.cached_property
    def concluding(self) -> bool:
        """The last sentence holds a concluding word ("so", "in total", "answer", "largest" ...)."""
        return _CONCLUDING.search(self.low[self.cut:]) is not None

    def only_from(self, start: int) -> list[str]:
        """The options named at or after ``start``."""
        return [k for k, occ in self.kept.items() if any(a >= start for a, _ in occ)]


def _ends_unsure(n: Named) -> ChoiceResult | None:
    """"It might be a Shiba Inu or a fox — hard to say.": the reply ends undecided; "..., so all of them are on the
    desk.": it ends choosing every option named, which no option says."""
    if _UNSURE.search(n.low, n.cut) or _ALSO_POSSIBLE.search(n.low, n.cut):
        return ChoiceResult(None, "ambiguous", f"the reply names options {', '.join(sorted(n.kept))} and ends unsure")
    if len(n.kept) > 1 and _ALL_OF_THEM.search(n.low, n.cut) and not any(
            text.startswith(("all", "both", "each")) for text in n.optset.opt_norm.values()):
        return ChoiceResult(None, "ambiguous", f"the reply names options {', '.join(sorted(n.kept))} and ends "
                            "choosing them all")
    return None


def _concluding_sentence(n: Named) -> ChoiceResult | None:
    """"1, 2, 3, 4, 5, 6. So there are 6 apples.": a concluding last sentence naming one option decides."""
    if n.cut and n.concluding:
        last = n.only_from(n.cut)
        if len(last) == 1:
            return _named(last[0], n.optset, f"the concluding sentence names option {last[0]} only")
    return None


def _concluding_clause(n: Named) -> ChoiceResult | None:
    """"I see 3 ducks and 4 geese, 7 birds in all.": a concluding last clause of the last sentence."""
    clause = max((m.end() for m in _CLAUSE_BREAK.finditer(n.low, n.cut)), default=0) if n.concluding else 0
    if clause and not _CONCLUDING.search(n.low, clause) and _APPOSITIVE.match(n.low, clause):
        # "..., which leaves coal, a fossil fuel.": a closing appositive glosses the clause before it
        clause = max((m.end() for m in _CLAUSE_BREAK.finditer(n.low, n.cut, clause - 2)), default=0)
    if clause and _CONCLUDING.search(n.low, clause):
        last = n.only_from(clause)
        if len(last) == 1:
            return _named(last[0], n.optset, f"the concluding clause names option {last[0]} only")
    return None


# a closing appositive: "a fossil fuel", "the only one left" (an article, then a few words, no verb)
_APPOSITIVE = lazy_compile(r"(?:an?|the)\s+(?:(?!is\b|are\b|was\b|were\b)[a-z-]+\s*){1,4}[.!]?\s*$")


def _after_the_turn(n: Named) -> ChoiceResult | None:
    """"It looks like A, but actually it is C": only one option after the last turn ("but", "so", "in fact")."""
    turn = max((m.end() for m in _TURN.finditer(n.low)), default=0)
    if turn:
        after_turn = n.only_from(turn)
        if len(after_turn) == 1:
            return _named(after_turn[0], n.optset, f"after the turn, only option {after_turn[0]} is named")
    return None


def _stated_not_defined(n: Named) -> ChoiceResult | None:
    """"The surface area is 4πr². πr² is the area of a circle, and 2πr is its circumference.": one option stated as
    the value of what is asked, the others only as subjects being defined."""
    low = n.low
    if " is " not in low and " are " not in low:
        return None
    defined, stated = set(), set()
    for k, occ in n.kept.items():
        if all(_defined_at(low, b, n.spans) for _, b in occ):
            defined.add(k)
        elif any(_STATED_BEFORE.search(low, max(0, a - 12), a) for a, _ in occ):
            stated.add(k)
    if len(stated) == 1 and len(defined) == len(n.kept) - 1:
        k = next(iter(stated))
        return _named(k, n.optset, f"option {k} is stated as the value; the others are only defined")
    return None


def _main_clause(n: Named) -> ChoiceResult | None:
    """"While Jupiter and Neptune have faint rings, the rings shown belong to Saturn.": the options named only in a
    leading concessive clause, or in a first thought given up ("X seemed right at first, but ..."), are conceded,
    not chosen."""
    low = n.low
    first = "at first" in low or "initially" in low
    if "while" not in low and "though" not in low and "whereas" not in low and not first:
        return None
    conceded = [m.span() for m in _CONCESSIVE.finditer(low)]
    if first:
        conceded += [m.span() for m in FIRST_THOUGHT.finditer(low)]
    if conceded:
        main = [k for k, occ in n.kept.items() if any(not any(x <= a < y for x, y in conceded) for a, _ in occ)]
        if len(main) == 1:
            return _named(main[0], n.optset, f"the other options are named only in a concession; option {main[0]} "
                                             "in the main clause")
    return None


def _compared_against(n: Named) -> ChoiceResult | None:
    """"The Pacific is the largest ocean ... much larger than the Atlantic, Indian, and Arctic oceans.": options named
    only after "than" / "compared with" / "unlike" / "followed by" / "ahead of" (to the end of that clause) are the
    yardstick or the runner-up, not the answer ("The largest slice is Housing, ..., followed by Food")."""
    low = n.low
    if "than" not in low and "compared" not in low and "unlike" not in low and "followed" not in low \
            and "ahead" not in low and "above" not in low and "below" not in low and "beyond" not in low \
            and "over" not in low and "succe" not in low and "preced" not in low:
        return None
    # ("followed by" / "ahead of" name the runner-up only after a superlative in their sentence: "The largest slice is
    # Housing, ..., followed by Food"; not "Ana won the race, followed by Bea in second place")
    against = [(m.end(), _clause_stop(low, m.end(), m.group(0) == "than")) for m in _COMPARED.finditer(low)
               if m.group(0)[0] not in "fa" or _SUPERLATIVE.search(low, max(0, low.rfind(".", 0, m.start()) + 1),
                                                                     m.start())]
    if not against:
        return None
    rest = [k for k, occ in n.kept.items() if any(not any(x <= a < y for x, y in against) for a, _ in occ)]
    if len(rest) == 1:
        return _named(rest[0], n.optset, f"the other options are named only as what option {rest[0]} is compared with")
    return None


def _clause_stop(low: str, start: int, than: bool) -> int:
    """Where the yardstick running from ``start`` ends: after "than", at a sentence end, a semicolon or a turn
    (", but"), so a list ("than the Atlantic, Indian, and Arctic") stays in it; after "unlike" / "compared with", at
    the first comma too."""
    m = (_COMPARED_END if than else _CLAUSE_STOP).search(low, start)
    return m.start() if m else len(low)


def _context_numbers(n: Named) -> ChoiceResult | None:
    """"The war ended in 1945, six years after it began in 1939.", "Built in 1889, a century after the 1789
    revolution.": among numeric options, a number after "after" / "before" / "since" / "from" / "until" (to the
    clause's end) or used as a noun's modifier ("the 1789 revolution") is context; the one number stated otherwise
    answers."""
    low = n.low
    if not all(k in n.optset.opt_num for k in n.kept):
        return None
    context = [(m.end(), _clause_stop(low, m.end(), False)) for m in _CONTEXT_BEFORE.finditer(low)]
    stated = []
    for k, occ in n.kept.items():
        for a, b in occ:
            if any(x <= a < y for x, y in context) or (
                    _THE_BEFORE.search(low, max(0, a - 5), a) and _NOUN_AFTER.match(low, b)):
                continue
            stated.append(k)
            break
    if len(stated) == 1:
        return _named(stated[0], n.optset, f"the other numbers are context; option {stated[0]}'s is stated")
    return None


def _count_then_parts(n: Named) -> ChoiceResult | None:
    """"I count 5 apples: three in the bowl and two on the table.": a count stated first, then parts after a colon that
    add up to it; the count is the answer, its parts are not (numeric options only)."""
    m = _COUNT_FIRST.match(n.low)
    if m is None or not all(k in n.optset.opt_num for k in n.kept):
        return None
    total = reply_value(m.group("n"))
    parts = [reply_value(x.group(0)) for x in reply_numbers(n.low[m.end():_clause_stop(n.low, m.end(), True)])]
    chosen = [k for k in n.kept if n.optset.opt_num[k] == total]
    if len(chosen) != 1 or len(parts) < 2 or None in parts or sum(parts) != total:
        return None
    return _named(chosen[0], n.optset, f"option {chosen[0]}'s count is stated, then its parts")


# a reply opening on a count, then a colon: "I count 5 apples:", "There are five birds:"
_COUNT_FIRST = lazy_compile(r"\W*(?:i\s+(?:count|see|can\s+see)|there\s+are|we\s+have)\s+(?P<n>\d{1,4}|[a-z]+)\s+[a-z]+(?:\s+[a-z]+)?\s*:")


# an aside in brackets, without a hedge or a choice of its own ("(insects have six)"; not "(or perhaps six)")
_ASIDE_IN_BRACKETS = lazy_compile(r"\((?![^()]{0,200}\b(?:or|maybe|perhaps|possibly|though|although|also|could|might|either|"
                                  r"answer|correct\w*|choose|pick|actually|wait|rather|instead|no|not|wrong|mean|sorry|"
                                  r"option)\b)[^()]{1,200}\)")


def _outside_brackets(n: Named) -> ChoiceResult | None:
    """"All arachnids have eight legs (insects have six).": the options named only in an aside in brackets, telling
    something else, are not chosen; the one option named outside them is."""
    if "(" not in n.low:
        return None
    asides = [m.span() for m in _ASIDE_IN_BRACKETS.finditer(n.low)]
    if not asides:
        return None
    outside = [k for k, occ in n.kept.items() if any(not any(x <= a < y for x, y in asides) for a, _ in occ)]
    if len(outside) == 1:
        return _named(outside[0], n.optset, f"the other options are named only in an aside in brackets; option "
                                            f"{outside[0]} outside it")
    return None


#: When several options are named, these decide in order; with none deciding the reply is ambiguous.
TIE_BREAKERS: tuple[tuple[str, Callable[[Named], ChoiceResult | None]], ...] = (
    ("ends-unsure", _ends_unsure),
    ("concluding-sentence", _concluding_sentence),
    ("concluding-clause", _concluding_clause),
    ("after-the-turn", _after_the_turn),
    ("stated-not-defined", _stated_not_defined),
    ("main-clause", _main_clause),
    ("compared-against", _compared_against),
    ("context-numbers", _context_numbers),
    ("count-then-parts", _count_then_parts),
    ("outside-brackets", _outside_brackets),
)


def option_texts(flat: str, low: str, optset: OptionSet) -> ChoiceResult | None:
    """The option the reply names by its text or value (``low``: the normalised reply, ``_norm_text(flat)``):
    exactly one standing occurrence names it; with several options named, the ``TIE_BREAKERS`` decide."""
    spans: Spans = {}
    for _, find in FINDERS:
        find(low, optset, spans)
    if not spans:
        return _inflected_content(low, optset)
    counterfactual = counterfactual_clauses(low)
    if counterfactual:  # "If the value were 5, C would be the answer": named under a condition, not chosen
        inside = within(counterfactual)
        spans = {k: kept for k, occ in spans.items() if (kept := [(a, b) for a, b in occ if not inside(a)])}
        if not spans:
            return None
    if "❌" in low or "✗" in low or "✘" in low:
        # "- 21 = 3 × 7 ❌": an option's value crossed out in a walk through them is eliminated, not named
        spans = {k: kept for k, occ in spans.items() if (kept := [(a, b) for a, b in occ if not _CROSSED.match(low, b)])}
        if not spans:
            return None
    if all(_CASED_SHORT.fullmatch(text.strip()) for text in optset.options.values()) and len(flat) >= len(low) \
            and flat[:len(low)].lower() == low:  # (positions in ``low`` are positions in ``flat``)
        # "Let me go through the options" names no option "Go" among "Ag", "Au", "Gd", "Go": options that are all
        # symbols are named only in their own case (not "Go" among "Chess", "Checkers": "... is go (weiqi)" names it)
        spans = {k: kept for k, occ in spans.items()
                 if (kept := [(a, b) for a, b in occ if not _CASED_SHORT.fullmatch(optset.options[k].strip())
                              or flat[a:b] == optset.options[k].strip()])}
        if not spans:
            return None
    kept = _standing(flat, low, optset, spans)
    if len(kept) > 1 and optset.case_twins:
        kept = _told_by_case(flat, optset, kept)
    if len(kept) == 1:
        letter = next(iter(kept))
        if not any(optset.yes_no) and any(_DENIED_BEFORE.search(low, max(0, a - 20), a) for a, _ in spans[letter]):
            # "It's definitely not oxygen — oxygen is only about 21% of the air.": the one option named is denied
            return ChoiceResult(None, "none", f"option {letter}'s text is denied")
        return _one_named(low, optset, kept)
    if len(kept) > 1:
        solved = _solved_last_line(flat, optset, kept)
        if solved is not None:
            return solved
        named = Named(low, optset, kept, spans)
        for _, breaker in TIE_BREAKERS:
            found = breaker(named)
            if found is not None:
                return found
        return ChoiceResult(None, "ambiguous", f"the reply mentions options {', '.join(sorted(kept))}")
    return None


# a short option text with a capital letter: a symbol or a name ("Au", "Go", "Fe")
_CASED_SHORT = lazy_compile(r"[A-Z][a-z]?")
# the rest of a walk's item after an option's value, up to its cross: "= 3 × 7 ❌" (no next item or sentence between)
_CROSSED = lazy_compile(r"(?:(?!\s[-*•]\s|[.!?]\s)[^❌✗✘✓✔✅]){0,40}[❌✗✘]")
# a line solving for one letter: "x = 25/3", "$t = 4$."
_SOLVED_LINE = lazy_compile(r"[ \t*$]*(?P<name>[A-Za-z])\s*=\s*(?P<value>[^=\n]{1,40}?)[\s$*.]*")
# a word in a line (what a line of a bare derivation holds none of)
_LINE_WORD = lazy_compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]")


def _solved_last_line(flat: str, optset: OptionSet, kept: Spans) -> ChoiceResult | None:
    """Several options named, in a reply that is a bare derivation (equations only, one a line, no word) whose first
    line writes one letter and whose last line, alone, solves for it ("3x + 5 = 20 / 3x = 20 + 5 = 25 / x = 25/3"): the
    value it closes on is its answer; the options met in the steps before were givens or steps."""
    lines = [line.strip() for line in flat.strip().split("\n") if line.strip()]
    if not 2 <= len(lines) <= 12 or any(len(line) > 80 or "=" not in line or _LINE_WORD.search(line) for line in lines):
        return None
    solved = [_SOLVED_LINE.fullmatch(line) for line in lines]
    last = solved[-1]
    if last is None or any(solved[:-1]) or last.group("name") not in lines[0]:
        return None  # ("x = 6" then "y = 4", "x = 5" then "x = −3": not one value closing the derivation)
    value = norm_text(last.group("value"))
    named = [k for k in kept if optset.opt_norm.get(k) == value]
    return _named(named[0], optset, f"the last line solves for option {named[0]}'s value") if len(named) == 1 else None


def _told_by_case(flat: str, optset: OptionSet, kept: Spans) -> Spans:
    """Options whose texts differ only in case ("aa", "Aa", "AA") are all found in the lower-cased reply: the one
    whose text the reply writes exactly as the option does is named, the others not (when exactly one is)."""
    for letters in optset.case_twins.values():
        named = [k for k in letters if k in kept]
        if len(named) > 1:
            told = optset.case_told(tuple(named), flat)
            if told is not None:
                kept = {k: occ for k, occ in kept.items() if k == told or k not in named}
    return kept


def _inflected_content(low: str, optset: OptionSet) -> ChoiceResult | None:
    """No option text occurs as written: try again with word endings taken off ("remains the same" for
    "Remain the same", "the boxes" for "a box"), keeping a match only when exactly one option has one."""
    if len(low) > 2000:
        return None
    texts = optset.stemmed_texts
    if not texts:
        return None
    stemmed = f" {stem_words(low)} "
    found = []
    for letter, st in texts:
        i = stemmed.find(st)
        if i >= 0 and not _NEGATED_BEFORE.search(stemmed[max(0, i - 30):i + 1]) \
                and not _NEGATED_PLACE_BEFORE.search(stemmed[max(0, i - 30):i + 1]):
            found.append(letter)
    if len(found) == 1:
        return ChoiceResult(found[0], "option-text", f"the reply contains option {found[0]}'s text, inflected")
    return None


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


def key_word(optset: OptionSet, low: str, most_words: int) -> str | None:
    """The option named by a word only its text has, in a text of at most ``most_words`` words: "Austen." for
    "Jane Austen", "The Versailles treaty ended the war." for "Treaty of Versailles". None when the text names
    such words of two options, or only negated ("not Austen")."""
    if not low or len(low) > 40 * most_words or len(low.split()) > most_words:
        return None
    keys = optset.key_words
    if not keys:
        return None
    found = set()
    for m in KEY_TOKEN.finditer(low):
        letter = keys.get(stem_word(m.group(0)))
        if letter is None or _NEGATED_AFTER.match(low, m.end(), m.end() + 60):
            continue  # "..., which is wrong"
        if optset.short_words.get(m.group(0), frozenset()) - {letter}:
            continue  # "a single dog" for "a dog on a sofa" beside "two dogs": another option's own word
        if low.startswith(",", m.end()) and m.group(0) in _STEP_ORDINALS:
            continue  # "First, look at the curve."
        if "ish" in low and _ISH_BEFORE.search(low, max(0, m.start() - 30), m.start()):
            continue  # "Greenish blue": another colour than blue
        end = SENTENCE_END.search(low, m.end())
        if end is not None and end.group(0) == "?":
            continue  # "Austen?": a question, not an answer
        neg = _NEGATED_BEFORE.search(low, max(0, m.start() - 30), m.start()) or \
            _NEGATED_LIST_BEFORE.search(low, max(0, m.start() - 50), m.start())
        if neg and low[neg.start():m.end()] not in optset.opt_norm[letter]:
            continue  # "not Austen"; but "No change." for "No change in loss" is that option's own words
        found.add(letter)
    return found.pop() if len(found) == 1 else None


def so_clause_key_word(low: str, fold_ok: bool, optset: OptionSet) -> ChoiceResult | None:
    """A reply with nothing else to read: its last "so ..." clause, if short, names the one option whose own
    word it holds, with no other option's word after it ("So the author opposes it — the benefits are only
    rebutted" for "The author opposes the policy."; not "so it supports the law at first, but then opposes
    it")."""
    if not fold_ok or not present(low, ("so", "therefore", "thus", "hence")) \
            or not optset.key_words:
        return None
    last = None
    for last in _SO_CLAUSE.finditer(low):
        pass
    if last is None:
        return None
    p = low[last.end():last.end() + 81]
    m = _CLAUSE_STOP.search(p)
    clause = p[:m.start()] if m else p
    if len(clause) > 80 or clause.count(" ") >= 8 or p.startswith("?", len(clause)):
        return None
    keyed = key_word(optset, clause, 8)
    keys = optset.key_words
    if keyed is None or any(keys.get(stem_word(t), keyed) != keyed
                            for t in KEY_TOKEN.findall(low, last.end())):
        return None
    return ChoiceResult(keyed, "key-word", f"the closing 'so' clause names a word only option {keyed} has")
