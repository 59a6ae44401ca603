"""The last readings, for a reply in which the steps of ``decide.py`` found no commitment (method ``none``): the
option named by its place ("that's the first option", 第三个选项), a lowercase letter in brackets
after an answer tag ("Ans. (a)"), a guess that opens the reply ("Probably C, although ..."), and a value equal to
exactly one option's value in another unit, scale or form ("96 hours" for "4 days", "400 mA" for "0.4 A",
"$\\pi/2$" for "90°"; the grading conventions: "an equal value" commits), when the caller gives the comparison.

Each reads only a short reply or its closing sentence, and names an option only when exactly one option fits; a
negation or a condition before the reference reads nothing, and a reply holding an option letter of its own is left
to the other steps (the place and the value are read only in replies that name no letter). The package compares no
values itself: the scorers pass :func:`..maths.states_value` (the maths reader, the option as the reference, under a
time limit; nothing is evaluated as code).
"""

from __future__ import annotations

import re
from typing import Callable, Mapping

from ..text.patterns import lazy_compile
from .result import ChoiceResult
from .rules import HEDGE_OTHER
from .values import option_number, reply_numbers, reply_value, unit_at, unit_clash

__all__ = ["closing_place", "closing_rejects_all", "last_readings", "offered_two", "only_place", "two_cases"]

_PLACES = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "1st": 1, "2nd": 2, "3rd": 3,
           "4th": 4, "5th": 5, "6th": 6}
# "the third option", "the first one", "option four", "第三个选项" ("option 3" is no place: a reply naming numbers for lettered
# options is read as naming none, as the corpora label it; "my first answer" is the reply's own, not an option)
_BY_PLACE = lazy_compile(r"(?i)\bthe\s+(?P<place>first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th)"
                         r"\s+(?:option|choice|one)\b|\b(?:option|choice)\s+(?:number\s+|no\.\s*|#)?(?P<number>one|two|three|four|five|six|"
                         r"[1-6](?!\d|[.,]\d))\b")
# a closing sentence that is only an option's number in digits: "Option 1", "Option 2."
_BARE_NUMBERED = lazy_compile(r"(?i)\W*(?:option|choice)\s+(?:number\s+)?\d\W*")
_NUMBER_PLACES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5,
                  "6": 6}
_CJK_PLACE = lazy_compile(r"第(?P<cjk>[一二三四五六])(?:个)?(?:选项|项)")
_CJK_DIGITS = "一二三四五六"
# "Ans. (a)", "Answer: (b)", "答案：(c)"
_LOWER_TAG = lazy_compile(r"(?i:\bans(?:wer)?\b\.?|答案)\s*+[:：]?\s*+[(（](?P<letter>[a-j])[)）]")
# "Probably C, although ...", "Most likely (B).", "My best guess: D"
_GUESS = lazy_compile(r"\s*+(?:\*\*)?(?i:probably|likely|most\s+likely|my\s+(?:best\s+)?guess\s+is|my\s+(?:best\s+)?guess\s*+:)"
                      r"\s*+(?:\*\*)?\s*+[(\[]?(?P<letter>[A-J])[)\]]?(?![A-Za-z0-9'’])")
# a negation, a verdict against, or a condition anywhere in the reply: the last readings read nothing then
_DENIED = lazy_compile(r"(?i)\b(?:not|never|no|wrong|incorrect|false|if|unless|only\s+if|except|rather\s+than|instead\s+of)\b|"
                       r"n't\b|不是|不对|错误|不正确|如果|假如|除非")
_SENTENCES = lazy_compile(r"(?<=[.!?。！？])(?<!i\.e\.)(?<!e\.g\.)\s+")  # (not after "i.e.", "e.g.")
_VALUE_REPLY_WORDS = 12
# the conclusion that ends a longer reply's closing sentence: what follows its last "so" / "therefore" / "thus" /
# "hence" or "i.e." (read as a short reply: "..., a quarter of the full circle apart, i.e. π/2 radians.")
_CONCLUDED = lazy_compile(r"(?i)(?:\b(?:so|therefore|thus|hence)\b|\bi\.\s?e\.)(?<=\w|\.),?\s*+(?!.*\b(?:so|therefore|thus|hence)\b)")
# else the last value of a chain of equalities closing it
_CHAIN_LAST = lazy_compile(r"=(?![^=]*=)\s*+")
# a reason after a closing equation: ", since ...", ", because ...", " as ..."
_REASON_AFTER = lazy_compile(r"(?i),\s*(?:since|because|as)\b[^=]*$")
# an option named by its letter: "choice C", "option (B)", "answer: A", "(D)"
_LETTER_NAMED = lazy_compile(r"(?i:\b(?:choice|option|answer)\s*+[:：]?\s*+)\(?[A-J]\b|\([A-J]\)")
# an option letter standing alone in the reply ("B is wrong"): the last readings leave such a reply to the others
_LONE_LETTER = lazy_compile(r"(?<![A-Za-z0-9'’\\°{])(?<!°\s)(?<!\\circ\s)[A-J](?![A-Za-z0-9'’])")  # (not the C of "°C")


# the article opening a sentence that states a value of its subject: "A right angle is 90 degrees." (no letter A;
# not a noun phrase alone, "A ladder 2000 cm long.", which states no answer)
_ARTICLE_A = lazy_compile(r"(?<![^\s.!?])A\s+[a-z]{2,}(?:\s+[a-z]{2,}){0,3}?\s+(?:is|equals|measures)\s+(?!correct|right|wrong|"
                          r"true|false|the\s+answer|incorrect)")


def _closing(response: str) -> str:
    lines = [line.strip() for line in response.strip().splitlines() if line.strip()]
    if not lines or len(lines[-1]) > 300:
        return ""  # a long closing line is no short statement naming an option
    sentences = [s for s in _SENTENCES.split(lines[-1]) if s.strip()]
    return sentences[-1] if sentences else ""


def _by_place(sentence: str, letters: list[str]) -> str | None:
    # (a negation or a condition anywhere in the reply was ruled out before: last_readings' _DENIED)
    bare = _BARE_NUMBERED.fullmatch(sentence)  # ("Option 1" alone names none, as the corpora label it; "That's option
    named = {_PLACES[m.group("place").lower()] if m.group("place") else _NUMBER_PLACES[m.group("number").lower()]
             for m in _BY_PLACE.finditer(sentence)  # 3 in the list." does) ("option four is the right one": the fourth)
             if not (bare and m.group("number") and m.group("number").isdigit())}
    if not named:
        named = {len(letters) for _ in _LAST_PLACE.finditer(sentence)}  # "so the last option has the largest"
    for m in _CJK_PLACE.finditer(sentence):
        named.add(_CJK_DIGITS.index(m.group("cjk")) + 1)
    if len(named) != 1:
        return None
    n = named.pop()
    return letters[n - 1] if n <= len(letters) else None


# a yardstick closing the reply after its value: ", just edging out 1000.", " — ahead of 1000", " compared with 1000"
_YARDSTICK_TAIL = lazy_compile(r"(?i)\s*[,;—–-]\s*(?:(?:just|narrowly|barely|comfortably|easily|well)\s+)?(?:edging\s+out|"
                               r"beating|ahead\s+of|above|over|followed\s+by|compared\s+(?:with|to)|versus|vs\.?|"
                               r"rather\s+than|more\s+than|larger\s+than|bigger\s+than|greater\s+than|less\s+than|"
                               r"smaller\s+than)\s[^.!?\n]{1,60}[.!]?\s*$")


def _equal_value(response: str, letters: list[str], options: Mapping[str, str],
                 same_value: Callable[[str, str], bool]) -> str | None:
    if len(response.split()) > _VALUE_REPLY_WORDS or not re.search(r"\d|\\pi|π", response):
        return None
    tail = _YARDSTICK_TAIL.search(response)
    if tail and re.search(r"\d", response[:tail.start()]):
        response = response[:tail.start()] + "."  # "So 1024 is the biggest, just edging out 1000.": 1024 stated
    equal = [letter for letter in letters if re.search(r"\d", str(options[letter])) and len(str(options[letter])) <= 60
             and not _other_unit(response, str(options[letter])) and same_value(response, str(options[letter]))]
    return equal[0] if len(equal) == 1 else None


def _other_unit(response: str, option: str) -> bool:
    """Does the reply state the option's number in another unit ("About 2 lb." for the option "2 kg")? Then it
    states another value, whatever a comparison blind to that unit says."""
    value = option_number(option)
    if value is None:
        return False
    low = response.lower()
    return any(reply_value(m.group(0)) == value and unit_clash(unit_at(low, m.end()), option)
               for m in reply_numbers(low))


def closing_rejects_all(response: str, options: Mapping[str, str]) -> ChoiceResult | None:
    """A reply closing on the verdict that no option is right ("So none of these is correct.") commits to none of them,
    whatever option's value it names on the way (not when an option itself says "none of these"); else None."""
    closing = _closing(response)
    if not closing or not _NONE_CORRECT.match(closing) or any(_NONE_OPTION.search(str(t)) for t in options.values()):
        return None
    return ChoiceResult(None, "refusal", "the reply closes saying no option is correct")


# an option chosen softly in a sentence: "I think C", "I'd say (B)", "probably D", "my guess is A"
_SOFT_CHOICE = lazy_compile(r"(?i:\bi\s+think|\bi'?d\s+say|\bi\s+would\s+say|\bprobably|\blikely|\bmy\s+(?:best\s+)?guess\s+is|"
                            r"\bi'?d\s+go\s+with|\bi\s+lean\s+towards?)\s*+(?:(?i:option|choice)\s+)?[(\[]?(?P<letter>[A-J])"
                            r"[)\]]?(?![A-Za-z0-9'’])")


# a closing sentence keeping one option by its place: "Only the fourth option, the p-series with p = 2, converges."
_ONLY_PLACE = lazy_compile(r"\s*(?i:(?:so|thus|hence|therefore)\s*,?\s+)?(?i:only)\s+(?i:the)\s+(?:\w+)\s+(?i:option|choice|one)\b")


def only_place(response: str, options: Mapping[str, str]) -> ChoiceResult | None:
    """The option a closing sentence keeps alone by its place ("Only the fourth option, the p-series with p = 2,
    converges."), neither negating nor supposing, or None."""
    closing = _closing(response)
    if not closing or not _ONLY_PLACE.match(closing) or _DENIED.search(closing):
        return None
    placed = _by_place(closing, list(options))
    return ChoiceResult(placed, "ordinal", f"the closing sentence keeps option {placed} by its place") if placed else None


# two options offered in Chinese: "可能是 B 或者 C"
_CJK_EITHER = lazy_compile(r"(?:可能|也许|大概)是?\s*(?:选项)?\s*(?P<one>[A-J])\s*(?:或者|或|还是)\s*(?:选项)?\s*(?P<other>[A-J])"
                           r"(?![A-Za-z])")


def offered_two(response: str, options: Mapping[str, str]) -> ChoiceResult | None:
    """A reply whose last sentence naming an option chooses one softly and offers another beside it ("so I think C
    — but D is also possible if you count the formal end ...", ``rules.HEDGE_OTHER``): a hedge between two, no
    choice, whatever option texts it holds; None otherwise."""
    if len(response) > 4000:
        return None
    tail = response[-600:]
    last = None
    for sentence in _SENTENCES.split(tail):
        if _LONE_LETTER.search(sentence):
            last = sentence
    if last is None:
        return None
    either = _CJK_EITHER.search(last)
    if either and either.group("one") != either.group("other") and {either.group("one"), either.group("other")} <= set(options):
        # "所以阴影面积可能是 B 或者 C，我无法准确判断。": may be one or the other, in Chinese
        return ChoiceResult(None, "ambiguous", f"the reply offers options {either.group('one')} and "
                                               f"{either.group('other')}")
    soft = _SOFT_CHOICE.search(last)
    if soft is None or soft.group("letter") not in options:
        return None
    for m in HEDGE_OTHER.finditer(last, soft.end()):
        other = next(g for g in m.groups() if g)
        if other != soft.group("letter") and other in options:
            return ChoiceResult(None, "ambiguous", f"the reply offers option {other} beside option "
                                                   f"{soft.group('letter')}")
    return None


def two_cases(response: str, options: Mapping[str, str]) -> ChoiceResult | None:
    """A closing sentence of two cases supposed, each naming its own option in brackets ("If it is in km/h, that's 16.7
    m/s (A); if it's in mph, 26.8 m/s (B).", or after "then" or "which is") commits to neither; else None."""
    sentences = _SENTENCES.split(response.strip()[-600:])[-3:]
    for i, sentence in enumerate(sentences):
        cases = _TWO_CASES.search(sentence) or _TWO_CASES_THEN.search(sentence) or _TWO_CASES_WHICH.search(sentence)
        later = " ".join(sentences[i + 1:])
        if any(m.group() in options and not _ARTICLE_A.match(later, m.start()) for m in _LONE_LETTER.finditer(later)) \
                or "\\boxed" in later or re.search(r"(?i)\banswer\b", later):
            continue  # "...; if it's in mph, 26.8 m/s (B). Since it's a US car, B.": a case settled after
        if cases and cases.group("first") != cases.group("second") and cases.group("first") in options \
                and cases.group("second") in options:
            return ChoiceResult(None, "ambiguous", f"options {cases.group('first')} and {cases.group('second')} each "
                                                   "answer one case supposed")
    for i in range(len(sentences) - 1):
        # the two cases in two sentences: "If the y-axis is logarithmic, ..., i.e. C. If both axes are linear, it means
        # y ∝ x (A)." (neither settled after them)
        named = [{m.group() for m in _LONE_LETTER.finditer(s) if m.group() in options and not _ARTICLE_A.match(s, m.start())}
                 for s in sentences[i:i + 2]]
        later = " ".join(sentences[i + 2:])
        if all(_CASE_OPENS.match(s) and not _PICKS.search(s) for s in sentences[i:i + 2]) \
                and len(named[0]) == len(named[1]) == 1 \
                and named[0] != named[1] and not any(m.group() in options for m in _LONE_LETTER.finditer(later)) \
                and "\\boxed" not in later and not re.search(r"(?i)\banswer\b", later):
            return ChoiceResult(None, "ambiguous", f"options {min(named[0])} and {min(named[1])} each answer one case "
                                                   "supposed, in two sentences")
    return None


_CASE_OPENS = lazy_compile(r"\s*(?i:if|when)\s")
# a sentence opening on "If" or "When" that picks all the same: "If I had to pick, I'd go with C.", "When all is
# considered, the answer is C."
_PICKS = lazy_compile(r"(?i)\bif\s+(?:i|we|you)\s+(?:had|have|must)\s+to\b|\bi(?:'d|\s+would)\s+(?:go|pick|choose|say)\b|"
                      r"\banswer\b|\ball\s+(?:is|things\s+are)\s+considered\b")


# a closing verdict that no option is right: "So none of these is correct.", "None of the options is right."
_NONE_CORRECT = lazy_compile(r"\s*(?:(?i:so|thus|hence|therefore)\s*,?\s+)?(?i:none\s+of\s+(?:the\s+)?(?:these|those|them|"
                             r"(?:given\s+|listed\s+)?(?:options|choices|answers)|above))\s+(?i:is|are)\s+(?i:correct|right|"
                             r"valid|the\s+answer)\b[^.!?]{0,40}[.!]?\s*$")
_NONE_OPTION = lazy_compile(r"(?i)\bnone\s+of\b")
# two cases supposed, each naming an option in brackets: "If ..., ... (A); if ..., ... (B)"
_TWO_CASES = lazy_compile(r"(?i:\bif\b)(?:\d\.\d|[^.;()]){1,200}[(\[](?P<first>[A-J])[)\]][^.;]{0,40}?[;,]\s*"
                          r"(?i:(?:but|whereas|while|and)\s+)?(?i:if|when)\b(?:\d\.\d|[^.;()]){1,200}[(\[](?P<second>[A-J])[)\]]")


# two cases supposed, each naming an option after "then": "If the question means ..., then B (...); if it means ...,
# then D (...)."
_THEN_LETTER = r",\s*(?i:then\s+)(?:(?i:it(?:'s|\s+is)|the\s+answer\s+is|answer|option)\s+)?[(\[]?(?P<%s>[A-J])[)\]]?(?![\w'’])"
_TWO_CASES_THEN = lazy_compile(r"(?i:\bif\b)[^;]{1,200}?" + _THEN_LETTER % "first" + r"[^;]{0,80};\s*"
                               r"(?i:(?:but|whereas|while|and)\s+)?(?i:if|when)\b[^;]{1,200}?" + _THEN_LETTER % "second")
# two cases supposed, each naming an option after "which is": "If we take g = 10 m/s², t = 2.0 s, which is B; if we use
# g = 9.8 m/s², t ≈ 2.02 s, which is C."
_WHICH_LETTER = r",\s*(?i:which\s+is\s+)(?:(?i:option|choice)\s+)?[(\[]?(?P<%s>[A-J])[)\]]?(?![\w'’])"
_TWO_CASES_WHICH = lazy_compile(r"(?i:\bif\b)[^;]{1,200}?" + _WHICH_LETTER % "first" + r"[^;]{0,40};\s*"
                                r"(?i:(?:but|whereas|while|and)\s+)?(?i:if|when)\b[^;]{1,200}?" + _WHICH_LETTER % "second")
# a reply turning from what it said to what is asked: "The question, however, asks about the largest radius."
_TURNS_AWAY = lazy_compile(r"(?i)\b(?:however|but|although|though|whereas|instead)\b|\bthe\s+question\b")


def _said_best(response: str, options: Mapping[str, str]) -> str | None:
    """The one option whose text opens a sentence of the reply that calls it the most of something ("Jupiter is by far
    the largest planet"), or None (none, or several)."""
    found = set()
    for letter, text in options.items():
        text = str(text).strip()
        if not text or len(text) > 40:
            continue
        pattern = r"(?:^|(?<=[.!?]\s)|(?<=\n))\s*(?:\*\*)?%s(?:\*\*)?\s+(?:is|are|was)\s+(?:by\s+far\s+|clearly\s+|easily\s+|" \
                  r"definitely\s+|indeed\s+)?the\s+(?:[a-z]+est|most|least|biggest|best)\b" % re.escape(text)
        if re.search(pattern, response, re.I) and not re.search(r"(?i)\b(?:not|n't|if|would)\b", response[:300]) \
                and not _TURNS_AWAY.search(response):
            found.add(letter)
    return found.pop() if len(found) == 1 else None


def closing_place(response: str, options: Mapping[str, str],
                  same_value: Callable[[str, str], bool] | None = None) -> ChoiceResult | None:
    """The option a reply's closing sentence picks alone ("I'd bet on A.", "Sticking with B."), or names by its place
    ("So it's the third choice in the list.") when that
    sentence is a conclusion ("so", "therefore", "hence", "thus"), or leaves after the others were ruled out ("That
    leaves D, with 8 electrons."), or names the one value left after checking the others ("Only x = 4 gives 11."),
    neither negating nor supposing (for replies the other steps read as naming several options: the reasons, then the
    choice); else None."""
    closing = _closing(response)
    if not closing or _DENIED.search(closing):
        return None
    pick = _CLOSING_PICK.fullmatch(closing)
    if pick and pick.group("letter") in options:
        # "Roughly 78% nitrogen, 21% oxygen, ... I'd bet on A.", "... No: ... is Heisenberg's. Sticking with B."
        return ChoiceResult(pick.group("letter"), "choose", f"the closing sentence picks option {pick.group('letter')}")
    left = _LEAVES.match(closing)
    if left and left.group("letter") in options:
        # "A has 7 electrons — that's nitrogen. B has 10, neon. C has 9, fluorine. That leaves D, with 8 electrons."
        return ChoiceResult(left.group("letter"), "elimination", f"the closing sentence leaves option {left.group('letter')}")
    ruled = _ruled_in(closing, options)
    kept = set(options) - ruled if ruled else set()
    if len(kept) == 1 and len(options) >= 3:
        # "sin x is periodic but odd. ... That rules out A, B and D.": the one option the elimination leaves
        return ChoiceResult(min(kept), "elimination", f"the closing sentence rules out every option but {min(kept)}")
    left_text = _LEFT_BY_TEXT.match(closing) or _ONE_LEFT.match(closing)
    if left_text:
        # "... A trapezoid has no such property. By elimination, the rhombus is the one left.": the option whose text
        # the elimination leaves (one, its text whole)
        said = left_text.group("rest").lower()
        named = [k for k, text in options.items()
                 if text.strip() and re.search(r"(?<![\w])" + re.escape(text.strip().lower().rstrip(".")) + r"(?![\w])", said)]
        if len(named) == 1:
            return ChoiceResult(named[0], "elimination", f"the closing sentence leaves option {named[0]}")
    only = _ONLY_VALUE.match(closing) if same_value is not None else None
    if only and _ANOTHER_TOO.search(closing, only.end()):
        only = None  # "Only x = 2 gives 0 — and x = 3 gives 0 as well.": two values pass
    equal = _equal_value(only.group("value"), list(options), options, same_value) if only else None
    if equal is not None:
        # "... 3 gives 9 and 5 gives 13 — both out. Only x = 4 gives 11.": the one value left after the checks
        return ChoiceResult(equal, "answer-value", f"the one value left equals option {equal}'s")
    best = _said_best(response, options)
    if best is not None:
        # "Jupiter is by far the largest planet in the solar system — its diameter is about 11 times Earth's ...": the
        # option a sentence opens on and calls the most of something, the others named in its reasons
        return ChoiceResult(best, "option-text", f"a sentence opens on option {best}'s text and calls it the most")
    dashed = _DASHED_SUBJECT.search(closing)
    if dashed:
        subject = dashed.group("subject").strip().lower()
        named = [k for k, text in options.items() if text.strip().lower().rstrip(".") == subject]
        if len(named) == 1:
            # "So the order is Eve, Ann, Ben, Dee, Cal — Cal is last.": the option the closing clause after a dash is
            # about, its text whole as the subject, every option named in the order before it
            return ChoiceResult(named[0], "option-text", f"the closing clause after a dash is about option {named[0]}")
    concluded = _CONCLUDED_CLAUSE.search(closing)
    if concluded:
        closing = closing[concluded.start() + 1:].strip()  # "The momenta are 3, 2, 3 and 5, so the last option has ..."
    if not _CONCLUSION_OPENS.match(closing) and not _PLACE_AFFIRMED.match(closing):
        return None
    placed = _by_place(closing, list(options))
    return ChoiceResult(placed, "ordinal", f"the closing sentence names option {placed} by its place") if placed else None


# the clause after a closing sentence's last dash, an option's text its subject: "— Cal is last.", "– so Ben wins."
_DASHED_SUBJECT = lazy_compile(r"\s(?:—|–|--)\s*(?:(?i:so|thus|hence|therefore)\s*,?\s+)?(?P<subject>[^—–,;:.!?]{1,40}?)\s+"
                               r"(?i:is|was|comes|finishes|ends\s+up|wins|won)\b[^—–,;:]{0,30}[.!]?\s*$")
# the last option named by its place: "the last option", "the final choice", "the last one"
_LAST_PLACE = lazy_compile(r"(?i)\bthe\s+(?:last|final)\s+(?:option|choice|one)\b")
# the clause a closing sentence concludes with: ", so the last option has the largest"
_CONCLUDED_CLAUSE = lazy_compile(r"(?i),\s*(?=(?:so|therefore|hence|thus)\s)(?!.*,\s*(?:so|therefore|hence|thus)\s)")
# a closing sentence that is a pick and nothing else: "I'd bet on A.", "Sticking with B.", "I'll stick with (C)."
_CLOSING_PICK = lazy_compile(r"\s*(?i:i'?d\s+bet\s+on|i\s+would\s+bet\s+on|sticking\s+with|i'?ll\s+stick\s+with|i\s+will\s+stick\s+with|"
                             r"i'?m\s+sticking\s+with)\s+(?i:option\s+|choice\s+)?[(\[]?(?P<letter>[A-J])[)\]]?\s*[.!]?\s*")
# a closing sentence leaving one option after the others were ruled out: "That leaves D, with 8 electrons."
_LEAVES = lazy_compile(r"\s*(?i:that|this|which|so\s+that)\s+(?i:leaves|leaves\s+us\s+with|leaves\s+only)\s+(?i:option\s+|choice\s+)?"
                       r"[(\[]?(?P<letter>[A-J])[)\]]?(?![A-Za-z0-9'’])(?!\s*(?:and|or|&)\b)")
# a closing sentence ruling options out by their letters: "That rules out A, B and D."
_RULES_OUT = lazy_compile(r"\s*(?i:(?:so\s+)?(?:that|this|which)\s+)?(?i:rules?\s+out|eliminates?|excludes?)\s+(?i:options?\s+)?"
                          r"(?P<letters>[(\[]?[A-J][)\]]?(?:\s*(?:,|and|&)\s*(?:and\s+)?[(\[]?[A-J][)\]]?)*)\s*[.!]?\s*")


def ruled_out(response: str, options: Mapping[str, str]) -> set[str]:
    """The options a reply's closing sentence rules out by their letters ("That rules out A, B and D."), or none."""
    return _ruled_in(_closing(response), options)


def _ruled_in(closing: str, options: Mapping[str, str]) -> set[str]:
    ruled = _RULES_OUT.fullmatch(closing)
    return {letter for letter in re.findall(r"[A-J]", ruled.group("letters")) if letter in options} if ruled else set()


# what an elimination closing a reply leaves, named by its text: "By elimination, the rhombus is the one left.", "By
# process of elimination, Jupiter.", "That leaves the mitochondrion."
_LEFT_BY_TEXT = lazy_compile(r"\s*(?i:so\s*,?\s*)?(?i:by\s+(?:the\s+)?(?:process\s+of\s+)?elimination|that\s+leaves|this\s+leaves|"
                             r"which\s+leaves)\s*,?\s*(?P<rest>[^,;:]{1,80}?)(?:\s+(?i:is|as)\s+(?i:the\s+)?(?i:only\s+)?"
                             r"(?i:one|option|answer|choice)(?:\s+(?i:left|remaining|standing))?)?\s*[.!]?\s*$")
# "the rhombus is the only one left", "Only Jupiter remains."
_ONE_LEFT = lazy_compile(r"\s*(?i:so\s*,?\s*)?(?P<rest>[^,;:]{1,60}?)\s+(?i:is\s+the\s+(?:only\s+)?one\s+(?:left|remaining)|"
                         r"(?:is\s+)?all\s+that(?:'s|\s+is)\s+left)\s*[.!]?\s*$")
# a closing sentence naming the one value that passes the checks: "Only x = 4 gives 11.", "Only 4 works."
_ONLY_VALUE = lazy_compile(r"\s*(?i:only)\s+(?:[a-z]\s*=\s*)?(?P<value>[-−]?\d+(?:\.\d+)?)(?![\d.])"
                           r"(?:\s*=\s*[^\s,.;=]{1,12})?\s+(?i:gives|works|satisfies|fits|yields|makes|checks|is|qualifies)\b")
# another value passing too, after the one named: "— and x = 3 gives 0 as well", "; 3 also works"
_ANOTHER_TOO = lazy_compile(r"(?i)\b(?:and|also|as\s+well|too|or|but)\b")
# a sentence affirming an option named by its place: "Option 2 is the one.", "The third option is correct."
_PLACE_AFFIRMED = lazy_compile(r"(?i)\s*+(?:the\s+\w+\s+(?:option|choice)|(?:option|choice)\s+(?:number\s+)?\w+)\s+is\s+"
                               r"(?:the\s+(?:one|answer|right\s+one|correct\s+one|best\s+one)|right|correct)\b")
# a sentence opening on its conclusion word: "So it's the third choice in the list.", "That's option 3 in the list."
_CONCLUSION_OPENS = lazy_compile(r"(?i)\s*(?:so|therefore|hence|thus|consequently|that(?:'s|’s|\s+is)|this\s+is)\b")


def last_readings(response: str, options: Mapping[str, str],
                  same_value: Callable[[str, str], bool] | None = None) -> ChoiceResult | None:
    """What a reply without a commitment the other steps read still names, or None (see the module docstring).
    ``same_value(reply, option_text)``: whether the reply states the option's value (given by the scorer: the maths
    reader compares values; the package itself reads none)."""
    letters = list(options)
    if not letters:
        return None
    if _DENIED.search(response):
        return None  # "The third option is incorrect.", "Probably C is wrong.", 答案不是第三个选项, "only if ...": no reading
    tag = _LOWER_TAG.search(response)
    if tag and tag.group("letter").upper() in letters and len(_LOWER_TAG.findall(response)) == 1:
        letter = tag.group("letter").upper()
        return ChoiceResult(letter, "answer-tag", f"an answer tag names ({tag.group('letter')}), option {letter}")
    guess = _GUESS.match(response)
    if guess and guess.group("letter") in letters:
        letter = guess.group("letter")
        return ChoiceResult(letter, "choose", f"the reply opens with its guess, {letter}")
    if any(m.group() in letters and not _ARTICLE_A.match(response, m.start()) for m in _LONE_LETTER.finditer(response)):
        return None  # a letter the other steps read and left ("Angle 2 is 45°. B is wrong."): no second reading
    closing = _closing(response)
    placed = _by_place(closing, letters) if closing else None
    if placed is not None:
        return ChoiceResult(placed, "ordinal", f"the closing sentence names option {placed} by its place")
    equal = None
    if same_value is not None:
        equal = _equal_value(response, letters, options, same_value)
        for pattern in (_CONCLUDED, _CHAIN_LAST) if equal is None and closing else ():
            # "The pencil spans ... to the 150 mm mark, so it is 150 mm long." for "15 cm"; "Volume of stone = 70 mL −
            # 50 mL = 20 mL" for "20 cm³"
            concluded = pattern.search(closing)
            if concluded is not None:
                equal = _equal_value(closing[concluded.end():], letters, options, same_value)
                break
    if equal is not None:
        return ChoiceResult(equal, "answer-value", f"the value stated equals option {equal}'s")
    return None


def closing_value(response: str, options: Mapping[str, str], same_value: Callable[[str, str], bool]) -> str | None:
    """The one option whose value the value closing the reply states: the last value of a chain of equalities
    closing its last sentence ("..., so\n\ncos 45° = √2⁄2." for an option $\\frac{1}{\\sqrt2}$), or None."""
    closing = _closing(response)
    reason = _REASON_AFTER.search(closing) if closing and "=" in closing else None
    if reason and "=" in closing[:reason.start()]:
        closing = closing[:reason.start()]  # "sin 45° = 1/√2, since the legs ... with hypotenuse 1 are equal.": its reason
    chained = _CHAIN_LAST.search(closing) if closing else None
    if chained is None or _DENIED.search(closing) or _LETTER_NAMED.search(response):
        return None  # (nor when the reply names an option by its letter: "... — choice C. For reference, ...")
    return _equal_value(closing[chained.end():], list(options), options, same_value)
