"""A reply's closing statement about its answer (``withdrawn``): the final commitment wins, so a reply that closes
hedging between options ("So it is either B or D.", "Hmm, or is it (D)? I'm not sure.") or saying the answer cannot
be determined ("On second thought, I cannot determine the answer from the information given.") takes back the
answer it stated before and commits to nothing.

Not withdrawn: a closing statement a letter settles ("Either B or C, but I'll go with B.", "C or D, probably C."),
a caveat about confidence or the input ("I cannot determine this with certainty.", "this is a guess"), a hedge or a
refusal that is negated, conditional or about something else than the answer ("we cannot determine the mass"),
and one followed by more than a short remark.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile

__all__ = ["UNDETERMINED_CLOSING", "withdrawn"]

#: how ``withdrawn`` ends its reason when the closing statement says the answer cannot be determined
UNDETERMINED_CLOSING = "the answer cannot be determined"

#: how far from the reply's end the closing statement may start
_TAIL = 320
#: what may follow the closing statement ("I'm not sure.", "Hard to say."), at most
_AFTER = 90

# an option label in a hedge: "B", "(B)", "**B**", "option B"
_L = r"(?:(?i:option|choice)\s+)?[\(\[]?\*{0,2}([A-Z])\*{0,2}[\)\]]?(?![A-Za-z0-9'’])"
_START = r"(?<![A-Za-z0-9'’\\])"
_HEDGE = lazy_compile(
    rf"\b(?i:either)\s+{_START}{_L}\s*,?\s+(?i:or)\s+{_START}{_L}"
    rf"|\b(?i:between)\s+{_START}{_L}\s+(?i:and)\s+{_START}{_L}"
    rf"|{_START}{_L}\s+(?i:or)\s+{_START}{_L}(?=\s*(?:[.;,?!:)]|\s(?i:i\s+(?:cannot|can't|can’t|am\s+not|'m\s+not))|$))"
    rf"|\b(?i:or)\s+(?i:is\s+it|was\s+it|could\s+it\s+be|should\s+it\s+be|maybe|perhaps)\s+{_START}{_L}\s*\?"
)
# what every _HEDGE match holds (a cheap check first: most replies say "or" only between words)
_HEDGE_NEEDS = lazy_compile(r"(?<![A-Za-z0-9'’\\])[A-Z][)\]*]{0,3},?\s+(?i:or)\s|\b(?i:or\s+(?:is|was|could|should|maybe|perhaps))\s")
# what every _UNDETERMINED match holds
_UNDETERMINED_WORDS = ("cannot", "can not", "can't", "can’t", "unable", "not able", "impossible", "not possible",
                       "not enough")
# an answer that cannot be determined, said of the answer or the options (not of a quantity: "the mass")
_UNDETERMINED = lazy_compile(
    r"\b(?:cannot|can\s+not|can['’]?t|unable\s+to|not\s+able\s+to|impossible\s+to|not\s+possible\s+to)\s+"
    r"(?:really\s+|reliably\s+|definitively\s+)?(?:determine|tell|say|decide|choose|identify|answer|select)\s+"
    r"(?:which|what\s+the\s+answer|the\s+(?:correct\s+|right\s+|best\s+|final\s+)?(?:answer|option|choice)|"
    r"an\s+answer|this\s+question|the\s+question)\b"
    r"|\bnot\s+enough\s+information\s+to\s+(?:choose|determine|answer|decide|tell|select|pick)\b"
    r"|\b(?:the\s+answer|the\s+correct\s+option)\s+cannot\s+be\s+determined\b", re.I)
# what keeps a closing statement from taking the answer back
_CAVEAT = lazy_compile(r"\b(?:certainty|certain|for\s+sure|100\s*%|guess|guessing|likely|probably|best|lean|"
                       r"prefer|go\s+with|pick|choose\s+[\(\[]?[A-Z]\b)", re.I)
_NEGATED_BEFORE = lazy_compile(r"(?:\b(?:not|neither|nor|rules?\s+out|ruled\s+out|eliminat\w*|exclud\w*|"
                               r"instead\s+of|rather\s+than|if|unless|whether)\b|n['’]t\b)[^.!?\n]*$", re.I)
_SENTENCE_START = lazy_compile(r"[.!?。\n]\s*")
_LETTER_AFTER = lazy_compile(r"(?<![A-Za-z0-9'’\\])([A-Z])(?![A-Za-z0-9'’])(?! [a-z])")


def withdrawn(flat: str, letters: frozenset[str] | set[str], after: int) -> tuple[str, int] | None:
    """Why the reply's closing statement takes back the answer at ``after`` (or any answer, when ``after`` is -1)
    and commits to nothing, with where that statement's sentence starts, or None: a hedge between options or a statement that the answer cannot be determined,
    past ``after``, in the reply's last ``_TAIL`` characters, followed by at most a short remark naming no option
    letter, not negated, conditional or qualified as a guess. A reason about an undetermined answer ends with
    ``UNDETERMINED_CLOSING`` (when an option says so, saying it chooses that option: the caller decides)."""
    base = max(len(flat) - _TAIL, 0)
    tail = flat[base:]
    low = tail.lower()
    if (" or " in low and _HEDGE_NEEDS.search(tail)) or "between" in low:
        for m in _HEDGE.finditer(tail):
            named = [g for g in m.groups() if g]
            if not named or any(x not in letters for x in named) or (len(named) == 2 and named[0] == named[1]):
                continue
            at = _closes(flat, base, m, letters, after)
            if at is not None:
                return f"the reply closes hedging between options ({' or '.join(named)})", at
    if not any(w in low for w in _UNDETERMINED_WORDS):
        return None
    for m in _UNDETERMINED.finditer(tail):
        at = _closes(flat, base, m, letters, after)
        if at is not None:
            return "the reply closes saying " + UNDETERMINED_CLOSING, at
    return None


def _closes(flat: str, base: int, m: re.Match[str], letters: frozenset[str] | set[str], after: int) -> int | None:
    """Where its sentence starts when the match ``m`` of the tail at ``base`` is the reply's closing statement past
    the answer at ``after`` (see ``withdrawn``), else None."""
    start, end = base + m.start(), base + m.end()
    if end <= after:
        return None  # the answer comes after it ("Either B or C, but I'll go with B")
    rest = flat[end:]
    if len(rest.strip()) > _AFTER or any(x in letters for x in _LETTER_AFTER.findall(rest)):
        return None  # more follows, or a letter settles it ("..., but I'll go with B")
    sentence_start = max((s.end() for s in _SENTENCE_START.finditer(flat, max(0, start - 200), start)),
                         default=max(0, start - 200))
    before = flat[sentence_start:start]
    if _NEGATED_BEFORE.search(before) or _CAVEAT.search(before) or _CAVEAT.search(rest) \
            or _CAVEAT.search(flat, start, end):
        return None
    return sentence_start
