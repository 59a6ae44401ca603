"""A cheap exact path for a reply that opens with one plain sentence and then states its answer in a common form:
"Looking at the image carefully. The answer is (B).", "Studying the chart. Answer: C", "Looking closely. \\boxed{D}",
"Looking at the photo. **B**", "Looking at the plot. I think it is A.".

Why the full reader's verdict is known for these: every rule of the reader (``rules.py``, ``hedges.py``,
``whole.py``, ``content.py``) needs a cue in the text to fire: an option letter, an option's text, core or
distinguishing tail, a digit, punctuation or markup, or one of its cue words (answer markers and conclusions,
negations, hedges, corrections, refusals, "none of", ordinals, counterfactuals, placeholders, turns). The opening
sentence here holds none of them: it is one capitalised word and lower-case words of two letters or more, ending in a
full stop, none of them a word any rule table names (:func:`cue_words`, taken from the tables themselves) unless it
is a function word that says nothing alone (``FUNCTION_WORDS``: articles, prepositions, "it", "is") or a word
naming the question's input (:func:`input_words`), read only beside a negation; no word of an option's text is in the
sentence and no option's text occurs anywhere in the reply. What follows is one of the forms in ``_TAILS``, each with the verdict the full
reader gives it after such a sentence (method, and the offset its detail names). Anything else returns None and the
full reader decides. A Hypothesis property compares the two on generated replies (leads drawn from the cue words
too) and on every real reply of the corpora (tests/properties/test_fast_lead_property.py).
"""

from __future__ import annotations

import functools
import re

from ..text.patterns import lazy_compile
from . import rules
from .normalize import loose_key, norm_text
from .optionset import OptionSet
from .result import ChoiceResult

# Words that carry no cue alone: every rule naming them needs a cue word, a letter or an option's text beside them
# ("the answer is", "it is B", "look at the image" in a refusal), and this path admits none of those.
FUNCTION_WORDS = frozenset((
    "the", "an", "at", "of", "in", "on", "to", "for", "from", "with", "by", "into", "this", "that", "it", "is",
))


def _pattern_text(obj: object) -> str | None:
    pattern = getattr(obj, "pattern", None)
    if isinstance(pattern, str):
        return pattern
    if isinstance(pattern, re.Pattern):
        return pattern.pattern
    inner = getattr(pattern, "pattern", None)  # a rule record holding a (lazy) pattern
    return inner if isinstance(inner, str) else None


_WORD = lazy_compile(r"[A-Za-z]{2,}")
_LOWER_WORD = lazy_compile(r"[a-z]{2,}")


def _cue_words() -> frozenset[str]:
    """Every word of two letters or more named by a public table of ``rules.py`` (patterns of markers,
    conclusions, scans; word lists), lower-cased, less ``FUNCTION_WORDS``."""
    texts: list[str] = []
    for name in dir(rules):
        if name.startswith("_"):
            continue
        value = getattr(rules, name)
        if isinstance(value, type) or callable(value) and not hasattr(value, "pattern"):
            continue
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            texts.extend(map(str, value))
        elif isinstance(value, (tuple, frozenset, list)):
            for item in value:
                texts.append(item if isinstance(item, str) else _pattern_text(item) or "")
        else:
            texts.append(_pattern_text(value) or "")
    marker_sets = [v for v in vars(rules.RULES).values() if isinstance(v, tuple)]
    for group in marker_sets:
        texts.extend(_pattern_text(m) or "" for m in group)
    words = {w.lower() for text in texts for w in _WORD.findall(text)}
    return frozenset(words - FUNCTION_WORDS - input_words())


def _input_words() -> frozenset[str]:
    """The words naming the question's input ("image", "chart"): the refusal scan ``rules.CANNOT_SEE`` looks for
    them first, and each of its forms also needs a negation or inability word ("cannot", "not", "no", "without",
    "need"), which are cue words."""
    return frozenset(_LOWER_WORD.findall(_pattern_text(rules.CANNOT_SEE.needs) or ""))


# worked out on the first reply read, not at import (the plugin's import compiles no pattern: test_startup)
input_words = functools.cache(_input_words)
cue_words = functools.cache(_cue_words)

# one plain sentence, then one space and the answer
_LEAD = lazy_compile(r"([A-Z][a-z]+(?: [a-z]{2,}){0,15})\. ")
# the answer forms after it: the verdict's method and the group whose start (or end) the detail's offset names
_TAILS = lazy_compile(
    r"(?P<marker>The answer is) (?:\((?P<bracket>[A-Z])\)|(?P<plain>[A-Z]))\.|"
    r"(?P<field>Answer:) (?P<field_letter>[A-Z])|"
    r"(?P<box>\\boxed)\{(?P<box_letter>[A-Z])\}|"
    r"(?P<bold>\*\*)?(?P<sole>[A-Z])(?(bold)\*\*)|"
    r"(?P<conclusion>I think it is )(?P<conclusion_letter>[A-Z])\."
)


def fast_lead(response: str, optset: OptionSet) -> ChoiceResult | None:
    """The full reader's answer for "<one plain sentence>. <the answer in a common form>", or None (then the full
    reader decides)."""
    if len(response) > 200 or not response.isascii():
        return None
    lead = _LEAD.match(response)
    if lead is None:
        return None
    start = lead.end()
    tail = _TAILS.fullmatch(response, start)
    if tail is None:
        return None
    letter = (tail.group("bracket") or tail.group("plain") or tail.group("field_letter") or tail.group("box_letter")
              or tail.group("sole") or tail.group("conclusion_letter"))
    if letter not in optset.letter_set:
        return None
    if not cue_words().isdisjoint(lead.group(1).lower().split()):
        return None  # a word some rule reads
    words = lead.group(1).lower().split()
    for text in optset.opt_norm.values():
        if not text.isascii() or any(w in words for w in text.split()):
            return None  # a word of an option's text: the readings of option texts and key words may apply
    low = norm_text(response)
    loose = loose_key(low)
    for text in optset.fast_guard:
        if text in loose or text in low:
            return None  # an option's text occurs in the reply: the rules reading option texts may apply
    if tail.group("box") is not None:
        return ChoiceResult(letter, "boxed", f"boxed at offset {tail.start('box')}")
    if tail.group("sole") is not None:
        # for a bold letter the full reader names the second asterisk (a test pins both offsets)
        at = tail.start("sole") if tail.group("bold") is None else tail.start("bold") + 1
        return ChoiceResult(letter, "sole-letter", f"sole-letter at offset {at}")
    if tail.group("conclusion") is not None:
        return ChoiceResult(letter, "conclusion", f"conclusion at offset {tail.end('conclusion')}")
    end = tail.end("marker") if tail.group("marker") is not None else tail.end("field")
    return ChoiceResult(letter, "answer-marker", f"answer-marker at offset {end}")
