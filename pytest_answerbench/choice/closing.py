"""A reply's closing statement about its answer (``withdrawn``): the final commitment wins, so a reply that closes
hedging between options ("So it is either B or D.", "Hmm, or is it (D)? I'm not sure."), saying the answer cannot
be determined ("On second thought, I cannot determine the answer from the information given.", "因此无法确定哪个选项是
正确的。") or saying no option is correct ("最终答案：无正确选项。", "None of the options is correct.") takes back the
answer it stated before and commits to nothing.

Not withdrawn: a closing statement a letter settles ("Either B or C, but I'll go with B.", "C or D, probably C."),
a caveat about confidence or the input ("I cannot determine this with certainty.", "this is a guess"), a hedge or a
refusal that is negated in its own clause, conditional or about something else than the answer ("we cannot determine
the mass", "无法判断其奇偶性"), options named wrong ("A、C、D 均不正确", "B 以外没有正确选项": only B is right), and one
followed by more than a short remark.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile

__all__ = ["HEDGE_BETWEEN", "NO_OPTION_CLOSING", "UNDETERMINED_CLOSING", "withdrawn"]

#: how ``withdrawn`` ends its reason when the closing statement says the answer cannot be determined
UNDETERMINED_CLOSING = "the answer cannot be determined"

#: how ``withdrawn`` ends its reason when the closing statement says no option is correct
NO_OPTION_CLOSING = "no option is correct"

#: how far from the reply's end the closing statement may start
_TAIL = 320
#: what may follow the closing statement ("I'm not sure.", "Hard to say."), at most
_AFTER = 90

# an option label in a hedge: "B", "(B)", "**B**", "option B"
_L = r"(?:(?i:option|choice)\s+)?[\(\[]?\*{0,2}([A-Z])\*{0,2}[\)\]]?(?![A-Za-z0-9'’])"
_START = r"(?<![A-Za-z0-9'’\\])"
HEDGE_BETWEEN = lazy_compile(
    rf"\b(?i:either)\s+{_START}{_L}\s*,?\s+(?i:or)\s+{_START}{_L}"
    rf"|\b(?i:between)\s+{_START}{_L}\s+(?i:and)\s+{_START}{_L}"
    rf"|{_START}{_L}\s+(?i:or)\s+{_START}{_L}(?=\s*(?:[.;,?!:)—–]|\s(?i:i\s+(?:cannot|can't|can’t|am\s+not|'m\s+not))|$))"
    rf"|\b(?i:or)\s+(?i:is\s+it|was\s+it|could\s+it\s+be|should\s+it\s+be|maybe|perhaps)\s+{_START}{_L}\s*\?"
    # "It could be A, since ..., but it might also be C."
    rf"|\b(?i:could|might|may)\s+(?i:well\s+)?(?i:be)\s+{_START}{_L}[^.!?\n]{{0,150}}?\b(?i:but|though|although|yet|or)\s+"
    rf"(?:(?i:it|the\s+answer|that)\s+)?(?i:could|might|may)\s+(?i:also|equally|just\s+as\s+well)\s+(?i:be)\s+{_START}{_L}"
)
# what every _HEDGE match holds (a cheap check first: most replies say "or" only between words)
_HEDGE_NEEDS = lazy_compile(r"(?<![A-Za-z0-9'’\\])[A-Z][)\]*]{0,3},?\s+(?i:or)\s|\b(?i:or\s+(?:is|was|could|should|maybe|perhaps))\s")
# what every _UNDETERMINED match holds
_UNDETERMINED_WORDS = ("cannot", "can not", "can't", "can’t", "unable", "not able", "impossible", "not possible", "can only",
                       "not enough")
_UNDETERMINED_WORDS_ZH = ("无法", "不能", "没法", "难以", "不可能")
# a refusal to pick one of the options named before, closing the reply: "Without more context I can't pick one."
_CANNOT_PICK_ONE = (r"\b(?:cannot|can\s+not|can['’]?t|unable\s+to|not\s+able\s+to)\s+(?:really\s+|confidently\s+|"
                    r"definitively\s+)?(?:choose|decide\s+on|pick|select|commit\s+to)\s+(?:just\s+|only\s+)?(?:one|"
                    r"either(?:\s+one)?|a\s+single\s+(?:one|option|answer))(?:\s+of\s+(?:them|the\s+two|these|the\s+options))?"
                    r"\s*[.!]?\s*$")
_PICKS_NONE = lazy_compile(r"(?i)" + _CANNOT_PICK_ONE)
# an answer that cannot be determined, said of the answer or the options (not of a quantity: "the mass")
_UNDETERMINED = lazy_compile(
    r"\b(?:cannot|can\s+not|can['’]?t|unable\s+to|not\s+able\s+to|impossible\s+to|not\s+possible\s+to)\s+"
    r"(?:really\s+|reliably\s+|definitively\s+|confidently\s+|accurately\s+)?(?:determine|tell|say|decide|choose|identify|"
    r"answer|select)\s+"
    r"(?:which|what\s+the\s+answer|the\s+(?:correct\s+|right\s+|best\s+|final\s+)?(?:answer|option|choice)|"
    r"an\s+answer|this\s+question|the\s+question)\b"
    # "I cannot confidently choose between the options (A), (B), and (C)." (the options listed belong to it)
    r"|\b(?:cannot|can\s+not|can['’]?t|unable\s+to|not\s+able\s+to)\s+(?:really\s+|confidently\s+|definitively\s+)?"
    r"(?:choose|decide|pick|select)\s+between\s+(?:the\s+)?(?:options|choices|answers|them|these)\b"
    r"(?:\s*,?\s*(?:and\s+|or\s+)?[(\[][A-J][)\]])*"
    # "Without more context I can't pick one." (one of the options named before)
    r"|" + _CANNOT_PICK_ONE +
    r"|\bnot\s+enough\s+information\s+to\s+(?:choose|determine|answer|decide|tell|select|pick)\b"
    # "Without being able to check the axis scale, I can only describe these two cases."
    r"|\bcan\s+only\s+(?:describe|outline|list|give|present|lay\s+out)\s+(?:these|the|both)\s+(?:two\s+)?"
    r"(?:cases|possibilities|scenarios|options|readings)\b"
    r"|\b(?:the\s+answer|the\s+correct\s+option)\s+cannot\s+be\s+determined\b"
    # Chinese: "无法确定哪个选项是正确的", "不能确定答案", "无法判断。" (said of the answer or the options, or alone at the
    # sentence's end; "不能完全确定答案" is a doubt about certainty, "无法确定 x 的值" is about a quantity)
    r"|(?:无法|不能|没法|难以|不可能)(?:确定|判断|判定|选出|选择|回答|作答)\s*(?:(?:哪个|哪一个|哪项|哪一项|哪些)\s*(?:选项|答案|是)"
    r"|(?:正确|最终)?\s*(?:的\s*)?(?:选项|答案)|(?=\s*(?:[。.!！;；]|$)))"
    r"|答案\s*(?:无法|不能|没法)\s*(?:确定|判断)", re.I)
# a closing statement that no option is correct: "无正确选项", "没有正确的选项", "选项都不正确", "None of the options is
# correct." (not "B 以外没有正确选项": only B is; not "A、B、D 均不正确": the options it names are wrong)
_NO_OPTION_WORDS = ("none of the", "no option", "no choice", "no answer", "no correct", "no right", "no valid")
_NO_OPTION_WORDS_ZH = ("选项", "答案", "都不", "均不", "全不")
_NO_OPTION = lazy_compile(
    r"(?<!外)(?:无|没有)(?:一个)?\s*(?:正确|对)的?\s*(?:选项|答案)"
    r"|(?<!外)没有(?:一个|任何)?\s*(?:选项|答案)\s*(?:是)?\s*(?:正确|对)的?"
    r"|(?:选项|以上|上述|答案|四个|所有|各项)[^。，,；;\n]{0,6}?(?:都|均|全)\s*(?:不正确|不对|错误|不是|不成立|不符合)"
    r"|\b(?:no|none\s+of\s+the(?:\s+(?:given|provided|listed|four|above))?)\s+(?:options?|choices?|answers?)\s+"
    r"(?:is|are|was|were)\s+(?:correct|right|valid)\b"
    r"|\bthere\s+is\s+no\s+(?:correct|right|valid)\s+(?:answer|option|choice)\b", re.I)
# what keeps a closing statement from taking the answer back
_CAVEAT = lazy_compile(r"\b(?:certainty|certain|for\s+sure|100\s*%|guess|guessing|likely|probably|best|lean|"
                       r"prefer|go\s+with|pick|choose\s+[\(\[]?[A-Z]\b)", re.I)
# a negation governs its sentence up to a consequence ("we do not have enough data, so we cannot tell which option
# is right" is not negated; "not A, B or C" is), a condition its whole sentence ("If A and B hold, we cannot tell which option is right")
_NEGATED_BEFORE = lazy_compile(r"(?:\b(?:not|neither|nor|rules?\s+out|ruled\s+out|eliminat\w*|exclud\w*|"
                               r"instead\s+of|rather\s+than)\b|n['’]t\b|并非|不是)"
                               r"(?:(?!\b(?:so|therefore|thus|hence)\b|因此|所以|因而)[^.!?\n。])*$"
                               r"|(?:\b(?:if|unless|whether)\b|如果|若|假如|除非)[^.!?\n。]*$", re.I)
_SENTENCE_START = lazy_compile(r"[.!?。\n]\s*")
# what may settle a hedge in a longer reason after it: a conclusion, an answer, a choice
# a doubt opening the hedge, no negation of it: "Hmm, actually now I'm not sure whether it's C or D"
_DOUBT_BEFORE = lazy_compile(r"(?i)\b(?:not\s+(?:sure|certain)|unsure|uncertain|can(?:no|')t\s+decide|torn)\s+"
                             r"(?:whether|if|between)\s+(?:it(?:'s|’s|\s+is)\s+|the\s+answer\s+is\s+)?$")
_SETTLES = lazy_compile(r"(?i)\b(?:answer|so|therefore|thus|hence|final|choose|pick|go\s+with|select|i\s+think|i'd|"
                        r"i\s+would|correct|best)\b|[.!?]\s+\S")
_LETTER_AFTER = lazy_compile(r"(?<![A-Za-z0-9'’\\])([A-Z])(?![A-Za-z0-9'’])(?! [a-z])")


# two options said both to hold, closing the reply: "Both are defensible answers.", "They are both plausible.",
# "Either answer is defensible.", "both could be correct" (not "it is false that both are correct")
_BOTH = lazy_compile(r"\b(?:both\s+(?:of\s+them\s+|options\s+|answers\s+)?(?:are|could\s+be|can\s+be|would\s+be|seem|"
                     r"might\s+be|may\s+be)|(?:they|these|those|the\s+two)\s+(?:are|could\s+be|seem)\s+both|"
                     r"either\s+(?:answer|option|one|choice)\s+(?:is|could\s+be|would\s+be|seems|works))\s+"
                     r"(?:\w+\s+)?(?:defensible|valid|correct|right|plausible|possible|reasonable|acceptable|justifiable|"
                     r"true|fine)\b", re.I)
# two letters said both to hold: "B and C are both consistent with the figure", "both A and D seem plausible"
_PAIR_BOTH = lazy_compile(r"(?<![A-Za-z0-9'’\\])\(?([A-Z])\)?\s+(?i:and|&)\s+"
                          r"(?:(?i:option|choice)\s+)?\(?([A-Z])\)?(?![A-Za-z0-9'’])\s+(?i:are|seem|look|appear|remain)\s+"
                          r"(?i:both\s+|equally\s+)*(?i:(?:consistent|defensible|valid|correct|right|plausible|possible|"
                          r"reasonable|acceptable|likely|viable|fine|true)\b)")
# "both" before two letters, then what they both are: "Both A and C are mammals: ...", "both (B) and (D) fit the data"
# (not what rules them out: "Both A and C are wrong")
_BOTH_PAIR = lazy_compile(r"(?<![A-Za-z])(?i:both)\s+(?:(?i:options?|choices?)\s+)?\(?([A-Z])\)?\s+(?i:and|&)\s+"
                          r"(?:(?i:option|choice)\s+)?\(?([A-Z])\)?(?![A-Za-z0-9'’])\s+"
                          r"(?i:are|could\s+be|can\s+be|would\s+be|seem|look|appear|fit|work|match|satisfy|qualify|apply)\b"
                          r"(?!\s+(?i:(?:\w+\s+)?(?:wrong|incorrect|false|invalid|impossible|ruled|eliminated|excluded|"
                          r"out|not|no|never|neither|unlikely|implausible|inconsistent|irrelevant)\b))")
_PAIR_NEEDS = lazy_compile(r"[A-Z]\)?\s+(?:and|AND|And|&)\s")  # (a cheap test first: most replies pair no letters)
# what settles a pair said both to hold, in its own sentence: "..., but the log axis rules them out", "in general"
_PAIR_SETTLED = lazy_compile(r"(?i)[^.!?\n]*?\b(?:but|however|though|yet|except|until|in\s+general|in\s+principle|"
                             r"at\s+first(?:\s+glance)?|initially|a\s+priori)\b")
# a noun the letters after it label (points, vertices, regions), not options
_LABELS_OF = lazy_compile(r"(?i)\b(?:vertices|vertex|points?|angles?|sides?|lines?|regions?|cells?|corners?|nodes?|"
                          r"segments?|edges?|sets?|events?|players?|teams?|towns?|cities)\s*$")
_BOTH_DENIED = lazy_compile(r"(?i)\b(?:false|untrue|not|never|wrong|nor)\b[^.!?]{0,25}$|n't\s+[^.!?]{0,25}$")
# a bracketed option letter: the options a "both" closing may speak of
_BRACKETED = lazy_compile(r"[\(\[]([A-Z])[\)\]]|\b(?:option|choice)\s+([A-Z])\b")


def withdrawn(flat: str, letters: frozenset[str] | set[str], after: int, combined: bool = False
              ) -> tuple[str, int] | None:
    """Why the reply's closing statement takes back the answer at ``after`` (or any answer, when ``after`` is -1)
    and commits to nothing, with where that statement's sentence starts, or None: a hedge between options, a statement
    that the answer cannot be determined or that no option is correct (not naming an option before it), past ``after``, in the reply's last ``_TAIL`` characters, followed by at most a short remark naming no option
    letter, not negated, conditional or qualified as a guess. A reason about an undetermined answer ends with
    ``UNDETERMINED_CLOSING``, one about no correct option with ``NO_OPTION_CLOSING`` (when an option says so, saying
    it chooses that option: the caller decides)."""
    base = max(len(flat) - _TAIL, 0)
    tail = flat[base:]
    low = tail.lower()
    if (" or " in low and _HEDGE_NEEDS.search(tail)) or "between" in low or " also be " in low or " equally be " in low \
            or " as well be " in low:
        for m in HEDGE_BETWEEN.finditer(tail):
            named = [g for g in m.groups() if g]
            if not named or any(x not in letters for x in named) or (len(named) == 2 and named[0] == named[1]):
                continue
            at = _closes(flat, base, m, letters, after)
            if at is not None:
                return f"the reply closes hedging between options ({' or '.join(named)})", at
    if not combined and ("both" in low or "either" in low):
        # "By most measurements it's the Nile (B), but some studies argue the Amazon (A). Both are defensible
        # answers.": two options named, both said to hold (``combined``: an option says "both", and the closing
        # statement may name it)
        named = {x for m in _BRACKETED.finditer(flat) for x in m.groups() if x in letters}
        for m in _BOTH.finditer(tail):
            if _BOTH_DENIED.search(tail, max(0, m.start() - 40), m.start()):
                continue  # "it is simply false that both are correct"
            at = _closes(flat, base, m, letters, after) if len(named) >= 2 else None
            if at is not None:
                return f"the reply closes saying both options hold ({' and '.join(sorted(named))})", at
    if not combined and (" and " in low or "&" in low) and _PAIR_NEEDS.search(tail):
        # (an option saying "Both A and B" is chosen so)
        for m in [*_PAIR_BOTH.finditer(tail), *(_BOTH_PAIR.finditer(tail) if "both" in low else ())]:
            named = [x for x in m.groups() if x in letters]
            if len(set(named)) != 2 or _BOTH_DENIED.search(tail, max(0, m.start() - 40), m.start()) \
                    or _PAIR_SETTLED.match(tail, m.end()) or _LABELS_OF.search(tail, max(0, m.start() - 25), m.start()):
                # ("A and B are both possible at first glance, but the log axis rules them out"; "Vertices A and B
                # are both consistent with a circle": points, not options)
                continue
            at = _closes(flat, base, m, letters, after)
            if at is not None:
                return f"the reply closes saying both options hold ({' and '.join(named)})", at
    zh = not tail.isascii()
    if ("no" in low and any(w in low for w in _NO_OPTION_WORDS)) or (
            zh and any(w in tail for w in _NO_OPTION_WORDS_ZH)):
        for m in _NO_OPTION.finditer(tail):
            at = _closes(flat, base, m, letters, after)
            if at is not None and not _names_options(flat, at, base + m.start(), letters):
                return "the reply closes saying " + NO_OPTION_CLOSING, at
    if not any(w in low for w in _UNDETERMINED_WORDS) and not (zh and any(w in tail for w in _UNDETERMINED_WORDS_ZH)):
        return None
    for m in _UNDETERMINED.finditer(tail):
        at = _closes(flat, base, m, letters, after)
        if at is not None:
            return "the reply closes saying " + UNDETERMINED_CLOSING, at
    return None


def _names_options(flat: str, start: int, end: int, letters: frozenset[str] | set[str]) -> bool:
    """Does ``flat[start:end]``, the closing sentence before its statement, name an option letter ("A、B、D 均不正确":
    the options named are wrong, not every option)?"""
    return any(x in letters for x in _LETTER_AFTER.findall(flat, start, end))


# a lean toward one of two, still a hedge: "I'd lean toward one of A or C."
_ONE_OF = lazy_compile(r"(?i)\bone\s+of\s*$")


def _closes(flat: str, base: int, m: re.Match[str], letters: frozenset[str] | set[str], after: int) -> int | None:
    """Where its sentence starts when the match ``m`` of the tail at ``base`` is the reply's closing statement past
    the answer at ``after`` (see ``withdrawn``), else None."""
    start, end = base + m.start(), base + m.end()
    if end <= after:
        return None  # the answer comes after it ("Either B or C, but I'll go with B")
    rest = flat[end:]
    if len(rest.strip()) > _AFTER and (len(rest.strip()) > 2 * _AFTER or _SETTLES.search(rest)) \
            or any(x in letters for x in _LETTER_AFTER.findall(rest)):
        return None  # more follows, or a letter settles it ("..., but I'll go with B")
    sentence_start = max((s.end() for s in _SENTENCE_START.finditer(flat, max(0, start - 200), start)),
                         default=max(0, start - 200))
    before = flat[sentence_start:start]
    if (_NEGATED_BEFORE.search(before) and not _DOUBT_BEFORE.search(before)) \
            or _CAVEAT.search(before) and not _ONE_OF.search(before) \
            or _CAVEAT.search(rest) or _CAVEAT.search(flat, start, end) and not _PICKS_NONE.fullmatch(m.group()):
        return None  # (the refusal's own "pick" is no caveat: "I can't pick one.")
    return sentence_start
