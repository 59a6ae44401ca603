"""Cheap exact paths for common short replies: a letter alone ("B", "(b)", "B.", "The answer is (B).") and a few
marked forms ("\\boxed{B}", "So the answer is **B**.", "I think it is B.")."""

from __future__ import annotations


from ..text.patterns import lazy_compile
from .normalize import loose_key, norm_text
from .optionset import OptionSet
from .result import ChoiceResult
from .whole import sole_letter

# ---- a reply that is only a letter ----------------------------------------------------------------------------
# The full reader's first steps are "empty" and "sole" (decide.py), and "sole" first asks whether the reply is a
# letter in any dress (whole.sole_letter). The reader's normalisation (normalize.normalize, reader.Reader) leaves
# an ASCII reply holding none of these characters as it is (no TeX, no reasoning block, no markdown emphasis, no
# dollars), so for such a reply sole_letter on the reply itself is the full reader's verdict whenever it has one
# (a property test compares the two: tests/properties/test_choice_properties.py).
_NORMALISED_AWAY = lazy_compile(r"[\\<*_#$]")
# what may follow the letter in such a reply (whole._SOLE_LETTER), and whitespace
_AFTER_LETTER = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85.:;!,)]}>\"'`"
# the commonest of those replies, read by one match: "B", "(B)", "B.", "The answer is (B).", "Answer: C" (what
# sole_letter makes of them, without its two prefix patterns)
_QUICK = lazy_compile(r"\s*(?P<prefix>[Tt]he answer is |Answer: )?(?:(?P<open>\()(?P<inner>[A-Z])\)|(?P<letter>[A-Z]))\.?\s*")


def fast_sole(response: str, optset: OptionSet) -> ChoiceResult | None:
    """The full reader's answer for a short ASCII reply that is only a letter ("B", "(b)", "The answer is (B)."),
    or None (then the full reader decides)."""
    m = _QUICK.fullmatch(response)
    if m is not None:
        letter = m.group("letter") or m.group("inner")
        if letter in optset.letter_set:
            if m.group("open") is not None:
                return ChoiceResult(letter, "bracket", f"the reply is the letter {letter}")
            if m.group("prefix") is None and optset.by_norm.get(letter.lower(), (letter,))[0] != letter:
                return ChoiceResult(None, "ambiguous", f"{letter} is a letter and the text of another option")
            return ChoiceResult(letter, "sole-letter", f"the reply is the letter {letter}")
    tail = response.rstrip(_AFTER_LETTER)
    if len(tail) > 1 and tail[-2].isalpha():
        return None  # a reply that is a letter ends with it (and brackets or punctuation): this one ends in a word
    if _NORMALISED_AWAY.search(response):
        return None
    return sole_letter(response, optset)

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
FAST_STARTS = ("$\\boxed", "\\boxed", "So", "Therefore", "Thus", "Hence", "I think it")  # how the forms start


def fast_short(response: str, optset: OptionSet) -> ChoiceResult | None:
    """The full reader's answer for a few common short replies, or None (then the full reader decides)."""
    if len(response) > 60 or not response.isascii():
        return None
    stripped = response.strip()
    if not stripped.startswith(FAST_STARTS):
        return None
    m = _FAST_FORMS.fullmatch(stripped)
    if m is None:
        return None
    low = norm_text(stripped)
    loose = loose_key(low)
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
