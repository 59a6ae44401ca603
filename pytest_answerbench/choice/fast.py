"""A cheap exact path for common short replies ("\\boxed{B}", "So the answer is **B**.", "I think it is B.")."""

from __future__ import annotations


from ..text.patterns import lazy_compile
from .normalize import _loose_key, _norm_text
from .optionset import _OptionSet
from .result import ChoiceResult

# ---- a cheap exact path for common short replies ----------------------------------------------------------
# Whole replies such as "\boxed{B}", "So the answer is **B**." and "I think it is B." are common and cost the full
# reader tens of microseconds. For them the full reader's answer is known: the box (strongest commitment, nothing
# else in the reply), the "answer is" marker (the only strong commitment; the leading "So" / "Therefore" and the
# bold letter are weaker and never read) or the conclusion "it is B" (the only one; "I think" is followed by no
# letter). That holds whenever no option's text, core or distinguishing tail occurs in the reply (so no rule
# reading option texts can fire) and the letter is an option; otherwise the full reader runs. A test compares
# the two paths on many replies and option sets (tests/unit/test_choice.py::test_the_fast_path_agrees_with_the_full_reader).
_FAST_FORMS = lazy_compile(
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
