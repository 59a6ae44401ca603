"""The hedges and self-corrections of a reply (``HedgeReading``, a part of ``reader.Reader``): whether the chosen
commitment is offered beside another option ("Answer: B\nAnswer: D", "(B) London or (C) Berlin", "The answer is B.
Hmm, or is it C?"), and the letters named right after a correction cue ("..., no wait, D").

A mixin over the reader's state (``flat``, ``low``, ``fold_ok``, ``letter_set``, ``cues()``, ``all_commits()``,
``letter_token()``), kept apart so the reader stays a class a newcomer can read (no class over 500 lines).
"""

from __future__ import annotations

import re
from itertools import chain

from ..text.patterns import lazy_compile
from .content import SENTENCE_END, option_texts
from .normalize import norm_text
from .result import ChoiceResult, Commit
from .rules import ADVERBS, NEG_WORDS, STRONG_CUE, HEDGE_OTHER, SIDE_BY_SIDE_CHARS, SIDE_BY_SIDE_WORDS, WORD_RUNS

__all__ = ["HedgeReading"]

# "The answer is B. The answer is C.": sentences of prose (the later one revises), unlike "Answer: B\nAnswer: D"
# a TeX command between two answers ("\\circ", "\\text", "\\quad") is markup, not a word
_TEX_COMMAND = lazy_compile(r"\\[A-Za-z]+")
_PROSE_SENTENCE_END = lazy_compile(r"[.!?](?:[ \t]+\S|[ \t]*\n[ \t]*\n)")
# a doubt about another option after the answer: "The answer is B. Hmm, or is it C?"
# or an alternative offered in a sentence of its own: "The answer is C. Or D, if we count the edge."
# or right after it, or as just as possible: "I'd say B, maybe C.", "I think it's B. It might also be C."
_DOUBT_OTHER = lazy_compile(r"(?:\b(?i:or)\s+(?i:is\s+it|was\s+it|maybe|perhaps|possibly|could\s+it\s+be|should\s+it\s+be)"
                          r"\s+|(?<=[.!?]\s)(?i:or)\s+|,\s*(?i:maybe|perhaps|possibly)\s+|"
                          r"\b(?i:it|that)\s+(?i:could|might|may)\s+(?i:also|equally)\s+(?i:be)\s+)"
                          r"(?:(?i:option)\s+)?[\(\[]?([A-Z])[\)\]]?\s*(?:[?.!,]|$)")
# another option said to do just as well in a sentence of its own after the answer: "The answer is B. Honestly,
# though, A is equally likely."
_EQUALLY_OTHER = lazy_compile(r"(?<=[.!?]\s)(?:(?i:honestly|frankly|admittedly|then\s+again|but|though|however|"
                              r"that\s+said),?\s+){0,3}(?:(?i:option|choice)\s+)?[\(\[]?([A-Z])[\)\]]?\s+(?i:is|seems|looks)\s+"
                              r"(?i:equally|just\s+as)\s+(?i:likely|plausible|possible|probable|good|defensible|valid|"
                              r"correct|right)\b(?!\s+to\s+(?:be\s+)?(?:wrong|incorrect|false|fail))")
# what every _DOUBT_OTHER, _EQUALLY_OTHER and _OR_ALTERNATIVE match holds (lower-cased)
_DOUBT_WORDS = ("or ", "maybe", "perhaps", "possibly", "might", "could", "may", "equally", "just as")
# an alternative offered after the answer in words: "I think the loss increases, or perhaps the loss stays constant"
_OR_ALTERNATIVE = lazy_compile(r"\b(?i:or)\s*,?\s+(?i:maybe|perhaps|possibly|probably|even)\b")
# (an aside may come first: "No, looking again, B) ...", "wait, on reflection, D")
_CORRECTION_LEAD = lazy_compile(r"[\s,.:;!—–-]*(?:(?:it'?s|it\s+is|the\s+(?:correct\s+)?answer\s+is|make\s+(?:it|that)|"
                              r"looking\s+(?:again|closer|more\s+closely)|on\s+(?:reflection|a\s+closer\s+look|"
                              r"second\s+look)|thinking\s+(?:again|about\s+it)|"
                              r"i\s+meant?|go\s+with|choose|pick|should\s+be|must\s+be|is|to|答案是|应该是|应是|是|选)\s*,?\s*)*",
                              re.I)
_CORRECTION_VERDICT = lazy_compile(r"(?:options?\s+)?([A-Z])(?=\s+(?:is|would\s+be)\s+(?:the\s+)?(?:correct|right|answer))")
_CORRECTION_OPTION = lazy_compile(r"(?:option|choice)\s+([A-Za-z])(?![A-Za-z0-9])", re.I)
_REST_NEGATED = lazy_compile(rf"\s*(?:,\s*)?(?:is|are|was)?\s*{ADVERBS}{NEG_WORDS}", re.I)
# "..., no. Option B is 16, that would be a^2": after the cue the option is the subject of a description (what it
# is, says or shows), the next item of a walk through the options, not the corrected answer ("Option B is correct",
# "option B is the answer" are verdicts and still correct)
_REST_DESCRIBED = lazy_compile(r"\s*(?:is|was|says|states|shows|gives|reads|describes|claims|suggests|represents|"
                               r"equals|has|=)\s+(?!(?:the\s+|a\s+)?(?:correct|right|answer|best|true|valid|"
                               r"most\s+likely|one)\b)", re.I)


class HedgeReading:
    """Hedges, corrections and the option texts a reply names, read on a ``reader.Reader`` (this class holds no
    state of its own)."""

    def hedge(self, chosen: Commit, commits: list[Commit], negatives: set[str],
              segments: list[list[Commit] | None]) -> str | None:
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
                        and not any(prev.pos <= start < chosen.pos for start, _ in self.cues()) \
                        and self._side_by_side(prev.pos, chosen.pos):
                    return f"two answers side by side ({prev.letter}, {chosen.letter})"
        other = self._other_in_sentence(chosen, segments)
        if other is not None:
            return f"the answer offers option {other} beside {chosen.letter}"
        low = self.low
        if not self.fold_ok or any(low.find(word, chosen.pos) >= 0 for word in _DOUBT_WORDS):
            # (where the last lettered commitment stands, read once: a doubt settled by one after it is no doubt)
            last_letter = max((c.pos for c in self.all_commits(segments) if c.letter is not None), default=-1)
            for m in chain(_DOUBT_OTHER.finditer(self.flat, chosen.pos), _EQUALLY_OTHER.finditer(self.flat, chosen.pos)):
                other = m.group(1).upper()
                if other != chosen.letter and other in self.letter_set and last_letter < m.end():
                    return f"the reply doubts its answer {chosen.letter} in favour of {other}"
            other = self._other_text_offered(chosen, segments)
            if other is not None:
                return f"the reply offers option {other}'s text beside its answer {chosen.letter}"
        return None

    def _other_text_offered(self, chosen: Commit, segments: list[list[Commit] | None]) -> str | None:
        """Another option's text offered after the answer with "or maybe / perhaps / possibly" ("I think the loss
        increases, or perhaps the loss stays constant") that nothing after it settles (a commitment, a correction
        cue, an option's text: "Or maybe Paris? No, Berlin."), or None."""
        flat = self.flat
        for m in _OR_ALTERNATIVE.finditer(flat, chosen.pos, chosen.pos + 400):
            end = SENTENCE_END.search(flat, m.end())
            stop = end.start() if end else len(flat)
            clause = flat[m.end(): stop]
            found = option_texts(clause, norm_text(clause), self.optset) if clause.strip() else None
            if found is None or found.letter is None or found.letter == chosen.letter:
                continue
            rest = flat[stop + 1:]
            if any(start >= stop for start, _ in self.cues()) or any(
                    c.pos >= m.end() and c.letter is not None for c in self.all_commits(segments)) or (
                    rest.strip() and option_texts(rest, norm_text(rest), self.optset) is not None):
                continue  # settled after it
            return found.letter
        return None

    def _other_in_sentence(self, chosen: Commit, segments: list[list[Commit] | None]) -> str | None:
        """Another option offered in the chosen answer's own sentence ("(B) London or (C) Berlin", "B, although C
        is possible too", ``rules.HEDGE_OTHER``) that no later commitment settles, or None."""
        end = SENTENCE_END.search(self.flat, chosen.pos + 1)
        stop = end.start() if end else len(self.flat)
        for m in HEDGE_OTHER.finditer(self.flat, chosen.pos, stop):
            other = next(g for g in m.groups() if g)
            if other != chosen.letter and other in self.letter_set and not any(
                    c.pos >= m.end() and c.letter is not None for c in self.all_commits(segments)):
                return other
        return None

    def _side_by_side(self, a: int, b: int) -> bool:
        """Nothing but answer words, letters and words offering alternatives between ``a`` and ``b`` (see
        ``rules.SIDE_BY_SIDE_WORDS``); a word of new reasoning or a revision ("but", "then", 改为) makes the
        later answer the one that stands."""
        between = self.flat[a:b]
        if "\\" in between:
            between = _TEX_COMMAND.sub(" ", between)  # "\\boxed{60^{\\circ}} or \\boxed{...}": markup, not words
        for word in WORD_RUNS.findall(between.lower()):
            if len(word) > 1 and word not in SIDE_BY_SIDE_WORDS and not (
                    not word.isascii() and SIDE_BY_SIDE_CHARS.issuperset(word)):
                return False
        return True

    def corrections(self, after: int) -> list[Commit]:
        """'..., no wait, D' / 'Actually, it's D': a letter right after a correction cue, past ``after``."""
        out = []
        for start, end in self.cues():
            if end <= after:
                continue
            tail = self.flat[end: end + 120]
            pm = _CORRECTION_LEAD.match(tail)
            p = tail[pm.end():]
            found = self.letter_token(p)
            if found is None:
                bm = _CORRECTION_VERDICT.match(p)
                if bm:
                    found = (bm.group(1), 1)
            if found is None:
                om = _CORRECTION_OPTION.match(p)
                if om and not _REST_DESCRIBED.match(p, om.end()):
                    found = (om.group(1).upper(), om.end())
            if found is None or found[0] not in self.letter_set:
                continue
            if _REST_NEGATED.match(p, found[1]):
                continue
            out.append(Commit(start, 4, found[0], "self-correction"))
        return out

    def corrected_content(self, after: int) -> ChoiceResult | None:
        """The option text named after the last strong correction cue past ``after`` ("Vitamin D — sorry, I meant
        vitamin C", "Yes. Wait — ... No.")."""
        for start, end in reversed(self.cues()):
            if start <= after:
                break
            if not STRONG_CUE.search(self.flat, start, end):
                continue
            found = type(self)(self.flat[end:], self.optset, self.rules).content()
            if found is not None and found.letter is not None:
                return ChoiceResult(found.letter, "self-correction", f"option {found.letter}'s text after a correction")
            return None
        return None

    def content(self) -> ChoiceResult | None:
        """The reply read by the option texts it contains (see ``content.py``)."""
        return option_texts(self.flat, self.flat_norm, self.optset)
