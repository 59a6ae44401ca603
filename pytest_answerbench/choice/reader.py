"""One reply read against one option set (``Reader``): its normalised forms and the commitments it makes.

The forms: ``text`` (NFKC, reasoning block dropped, LaTeX loosened), ``flat`` (markdown emphasis and ``$`` taken
out), ``low`` (``flat`` lower-cased) and ``fold_ok`` (``low`` lines up with ``flat``: see ``scan.py``). The
commitments come in segments, in a fixed order that breaks ties: boxes, answer tags, JSON answer fields and the
answer markers of ``rules.MARKERS``; conclusions (``rules.CONCLUSIONS``); verdicts next to letters ("B is
correct"); bracketed letters; sentences that are only a letter, and the closing clause; option lines with a
verdict; check marks; bold letters. Also here: the correction cues and the commitments after them, the phrases
committing strongly ("which makes B the correct answer") and the hedges. What the text after a marker names is
read by ``payload.OptionReader``, the base class; ``decide.py`` decides.
"""

from __future__ import annotations

import bisect
import re
from typing import Callable

from ..text.fold import fold_safe
from ..text.loops import Loop, end_loop
from ..text.patterns import lazy_compile
from ..text.patterns import line_starts as _line_starts
from ..text.patterns import matches_at as _matches_at
from ..text.patterns import occurrences as _occurrences
from .content import SENTENCE_END, counterfactual_clauses, within
from .normalize import norm_text, normalize, text_boundary_ok, text_start_ok
from .hedges import HedgeReading
from .optionset import OptionSet
from .payload import ORDINAL, OptionReader
from .result import Commit
from .rules import (AFTER_ANY, CN_NEG_AFTER, CN_POS_AFTER, EACH_BEFORE, KEY_FORMAT, MARKS, NEG_BEFORE_ASCII,
                    NEG_BEFORE_HINTS, NEG_WORD_HINTS, NOT_AFTER_LETTER, NOT_LETTER, OTHERS_CHOOSE, OTHERS_OWN, OTHERS_SAY,
                    POS_AFTER, STRONG_AFTER, BOX_COMMANDS, BOX_OPEN, CANNOT_SEE, CANNOT_SEE_HINTS, CANNOT_SEE_WAIVED, FROM_THE_TEXT,
                    CORRECTION_CUE, EXAMPLE_BEFORE, HYPOTHETICAL, RULES, Marker, RuleSet, WHETHER_BEFORE,
                    before_other_question)
from .scan import present

# a closing answer labelled with its option's text: "(D) orange", "**(D) orange**"
_CLOSING_LABELLED = lazy_compile(r"\**\(([A-Z])\)\s+([^()\n]{1,40}?)\**")
# a bold option label with a text after it: "**D. $\sqrt2$**", "**(B) Oxygen**"
_BOLD_LABELLED = lazy_compile(r"\*\*\s*[\(\[]?(?P<letter>[A-J])[\)\]]?\s*[.:)]\s*(?P<text>[^*\n]{1,80}?)\s*\*\*")
_BOLD = lazy_compile(r"(\*\*|__)\s*[\(\[]?\s*([A-Za-z])\s*[\)\]]?\s*[.:)]?\s*\1")
# a count after a bold number: digits or a number word up to twelve
_COUNT_WORD = lazy_compile(r"(?i)(?<![\w.])(?:\d+(?:\.\d+)?|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                           r"twelve)(?![\w.]\d)(?!\w)")
_NUMBER_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve").split()


def number_value(word: str) -> float | None:
    """The value of a count in digits or in words ("three" -> 3), or None."""
    word = word.strip().lower()
    if word in _NUMBER_WORDS:
        return float(_NUMBER_WORDS.index(word))
    try:
        return float(word)
    except ValueError:
        return None


# a number in bold, in digits or in words: "There are **three** apples", "**3**"
_BOLD_VALUE = lazy_compile(r"\*\*\s*([-−]?\d[\d.,/]{0,12}|[a-z]{3,9}(?:[- ][a-z]{3,6})?)\s*\*\*")
# r"[*_]{2,}|(?<!\w)[*_](?=\w)|(?<=\w)[*_](?!\w)|#+\s*" with the first character taken first (the same matches;
# a pattern that starts with a character class lets the regex engine skip ahead to the next candidate)
_FLATTEN = lazy_compile(r"[*_#](?:(?<=[*_])(?:[*_]+|(?<!\w[*_])(?=\w)|(?<=\w[*_])(?!\w))|(?<=#)#*\s*)")
_BRACES = lazy_compile(r"[{}]")
_ANSWER_TAG = lazy_compile(r"<\s*(answer|ans|final_answer|final)\s*>(.*?)(?:<\s*/\s*\1\s*>|$)", re.I | re.S)
_ANSWER_FIELD = lazy_compile(r"[\"']\s*(?:final_?answer|answer|choice|option|selected_option|letter)\s*[\"']\s*:\s*"
                           r"([\"']?)([^\"'\n{}]{0,200}?)\1\s*(?=[,}\n]|$)", re.I)
# an option named by its place: "the second option is the smallest", "the answer is the third choice"
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINAL_CHOICE = lazy_compile(
    r"\bthe\s+(?P<place>first|second|third|fourth|fifth|last)\s+(?:option|choice)(?!['’])\s+(?:is|would\s+be)\s+(?:the\s+)?"
    r"(?:correct|right|best|answer|true|smallest|largest|greatest|least|highest|lowest|biggest|shortest|longest)\b"
    r"(?!\s+(?:plausible|likely|probable|reasonable|sensible|convincing|correct|accurate))|"
    r"(?<!\bnot\s)(?<!n't\s)\b(?:answer\s+is|i\s+(?:choose|pick|select)|i(?:'d|\s+would|'ll|\s+will)\s+(?:choose|pick|go\s+with))"
    r"\s+the\s+(?P<place2>first|second|third|fourth|fifth|last)\s+(?:option|choice)(?!['’])\b")
# what keeps the sentence naming an option by its place from choosing it: a condition, another part, a turn after it
_ORDINAL_QUALIFIED = lazy_compile(r"(?i)[^.!?\n]*?\b(?:if|only|unless|when|for\s+part|part\s*\(|but|however|except|trap)\b")
# "which makes option B the correct answer", "leaving (C) as the only possible choice"
_MAKES_CORRECT = lazy_compile(
    r"\b(?i:makes?|making|made|leaves?|leaving|left)\s+(?i:option\s+|choice\s+)?[\(\[]?([A-Z]|(?<=[\(\[])[a-z])[\)\]]?\s+"
    r"(?i:as\s+)?(?i:the\s+)?(?i:correct|right|best|only\s+(?:correct|valid|possible|remaining))\s+"
    r"(?i:answer|option|choice)\b")
# (searched just before each "answer", to where it starts)
_IS_THE_ANSWER = lazy_compile(r"\s+(?:is|would\s+be|must\s+be|should\s+be)\s+(?:the\s+|my\s+)?"
                            r"(?:correct\s+|right\s+|best\s+|final\s+)?$")
# a letter the other case names: "(A)", "it's A"
_LETTER_IN_CASE = lazy_compile(r"[(\[][A-J][)\]]|\b(?:it'?s|is|then)\s+(?:option\s+)?[A-J]\b")
# another case supposed right after a bracketed letter: "(D); if all four are in parallel, ...", "(B), otherwise (C)"
_OTHER_CASE_AFTER = lazy_compile(r"\s*[;,]\s*(?:(?i:but|whereas|while|and)\s+)?(?i:if|when|otherwise|unless)\b")
_IF_BEFORE = lazy_compile(r"\b(?i:if|whether|suppose|supposing|assuming|unless)\b[^.!?\n]*$")
_ONLY_JUST = lazy_compile(r"\s*(?:only|just)\b", re.I)
_SPACE_LOWER = lazy_compile(r"\s+[a-z]")
_MENTION = lazy_compile(rf"{NOT_AFTER_LETTER}(?:options?\s+|choices?\s+)?[\(\[]?([A-Z])[\)\]]?{NOT_LETTER}", re.I)
_MENTION_LOW = lazy_compile(rf"{NOT_AFTER_LETTER}(?:options?\s+|choices?\s+)?[\(\[]?([a-z])[\)\]]?{NOT_LETTER}")
_OPTION_OR_BRACKET = lazy_compile(r"(?:option|choice)|[\(\[]", re.I)
_LOWER_IS_CORRECT = lazy_compile(r"\s+is\s+(?:the\s+)?(?:correct|right|answer)\b")
# what may come right before a lower-case "a is the answer": a sentence's start or a conclusion word
_A_LEAD = lazy_compile(r"(?i)(?:^|[.!?:\n]|\b(?:so|therefore|thus|hence|overall|finally)\b,?)\s*$")
# "a" used as a variable somewhere in the reply: "a = 3", "a > 0", "2a", "let a", "a²"
_A_VARIABLE = lazy_compile(r"(?<![A-Za-z'’])a\s*(?:[=<>≤≥²³^+*/]|\\[lg]eq?\b)|\d\s*a\b|\blet\s+a\b")
_FIRST_LETTER = lazy_compile(r"[A-Za-z]")
# a letter set apart by commas after the word "option": "the remaining option, C, is the answer"
_COMMA_AFTER = lazy_compile(r"\s*+,")
_APPOSED = lazy_compile(r"(?i)\b(?:option|choice)\s*,\s*$")
_VERDICT_DASH = lazy_compile(r"[—–-]\s*$")
_SENTENCE_STOP = lazy_compile(r"[.!?](?:\s|$)")
# a walk's item: "Option D:" opening a sentence or a line; its verdict closing it: a check mark, or "no" / a cross
_WALK_ITEM = lazy_compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))[ \t*]*(?:[Oo]ption|[Cc]hoice)\s+([A-J])\s*[:.)]")
_WALK_VERDICT = lazy_compile(r"(?:([✅✔✓])(?:\s+(?:too|also|as\s+well))?|(?:[—–-]|,)\s*(?:no|wrong|incorrect)\b|[✗✘❌])"
                             r"\s*[.!]?\s*\Z")
_BODY_WRONG = lazy_compile(r"\b(?:incorrect|wrong|false|not\s+correct)\b|[✗❌×]", re.I)
_BODY_RIGHT = lazy_compile(r"\b(?:correct|right|true)\b|[✓✔✅]", re.I)
_SOLE_SENTENCE = lazy_compile(r"(?:^|(?<=[.!?\n]))[ \t]*[\(\[]?([A-Z])[\)\]]?[ \t]*(?:[.!]|(?=\n)|$)(?=\s*(?:$|\n))")
# a formula broken over lines goes on after the letter ("KE\nA\n=\n..."): the letter is a symbol of the formula
_FORMULA_GOES_ON = lazy_compile(r"[ \t]*\n\s*[=+×÷≤≥^]")
# the reply's last sentence opening with a conclusion word ("Therefore, Country 4 exhibits ...", "Thus the ratio is
# 1:3."): a point between digits does not end it; an end-of-text token after it is left out
_LAST_CONCLUSION = lazy_compile(r"(?:^|(?<=[.!?\n]))\s*((?i:therefore|thus|hence|so|in\s+conclusion)\b[ \t]*,?[ \t]*)"
                               r"((?:[^.!?\n]|\.(?=\d))+)[.!]?\s*(?:</s>)?\s*$")
# what keeps a closing sentence from stating an option: a negation, a condition, a modal, a letter named as such
_CLOSING_BLOCKED = lazy_compile(r"\b(?:not|never|no|neither|nor|if|unless|would|could|might|may|whether)\b|n't\b|"
                                r"\b(?:option|choice|answer)\s+[A-Z]\b|[\(\[][A-Za-z][\)\]]", re.I)
_CLOSING_VALUE_SEP = lazy_compile(r".*(?:\s(?:is|are|equals|was)\s|=|:\s)", re.S)
# the last separator of a reply's last line (see Reader._closing): the clause after it is read alone
_CLOSING_SEP = lazy_compile(r".*(?:(:|=|→|->|—|,)|\s(is|are|equals)\s)", re.S)
_CLOSING_LETTER = lazy_compile(r"\s*(?:\*\*)?\s*((?:the\s+)?(?i:option|choice|answer)\s+)?(?:\*\*)?"
                             r"(?:[\(\[]?([A-Z])[\)\]]?|[\(\[]([a-z])[\)\]])(?:\*\*)?\s*[.!]?\s*")
# a label named in a sentence, set off as a name ("the lowest box, A, moving up"); and words of an answer or a choice
_LABEL_IN_TURN = lazy_compile(r"(?<![A-Za-z0-9'])[\(\[]?([A-Z])[\)\]]?(?=\s*[,;]|\s+(?:and|then|to|through)\b)")
# an answer limited right after it to a case: "(A) 2.48 eV only for a photon in vacuum", "B, but only if x > 0"
_ONLY_IF_AFTER = lazy_compile(r"(?:[^.;!?\n]|\.(?=\d)){0,40}?\bonly\s+(?:if|for|when|in\s+the\s+case|under|"
                              r"as\s+long\s+as)\b", re.I)
# the answer word qualified as wrong: "Incorrect choice: (B)", "Wrong answer: C", "the least likely option is A"
# (on the marker's own line: "- J: ... - WRONG" closing the line before "FINAL ANSWER: E" says nothing of it)
_WRONG_BEFORE = lazy_compile(r"\b(?:incorrect|wrong|false|worst|least\s+(?:likely|correct|plausible))[^\S\n]+$", re.I)
# what OTHERS_OWN needs in the words before a marker: a possessive ("his", "their", "the student's")
_OWNER_HINT = lazy_compile(r"(?i:his|her|their|your|'s|s')\s")
# a marker that names the writer as the one choosing ("i chose", "we pick"): no one else's choice
_WRITER_CHOOSES = lazy_compile(r"(?:i|we|let's|so\s+i)\s")
_ANSWER_WORD = lazy_compile(r"\b(?:answers?|choices?|choose|chosen|options?|correct|pick|select(?:ed)?)\b", re.I)
_CLOSING_LIST = lazy_compile(r"(?<![A-Za-z])[\(\[]?[A-Z][\)\]]?\s*(?:and|or)?\s*$")
_CLOSING_VARIABLE = lazy_compile(r"(?<![A-Za-z])[A-Za-z]\s*$")
# an option quoted with its label as a line of its own: "(A) orange", "[B] 4", "C. Paris"
_ANSWER_LINE = lazy_compile(r"[ \t>*-]*(?:[\(\[]([A-Ja-j])[\)\]]|([A-J])[.)])[ \t]*(\S.{0,60}?)[ \t]*(?<=[^*])\**[.!]?")
# a lead-in naming the option it is about to give ("the closest logical choice ... would be:"), not the options
_CHOICE_GIVEN = lazy_compile(r"\b(?:closest|best|correct|right|likeliest|most\s+likely|final|logical)\s+(?:\w+\s+)?"
                             r"(?:option|choice|answer)\b[^:.!?]*\b(?:is|would\s+be|will\s+be)\s*:\s*$", re.I)
# a lead-in that introduces the options ("The options are:", "Choices:"), not the answer
_OPTIONS_INTRODUCED = lazy_compile(r"\b(?:options?|choices?|alternatives?)\b[^:.!?]*:\s*$", re.I)
# the end of a line ending with ':' and the blank space after it, up to the next line's first character, when that
# line opens with an option label (as ``_ANSWER_LINE``)
_LEAD_IN_END = lazy_compile(r":[ \t]*\n\s*(?=[>*-]*[ \t]*(?:[\(\[][A-Ja-j][\)\]]|[A-J][.)]))")
_SPACES = lazy_compile(r"\s*")
# a lead-in saying that what follows is the answer: "... the logical conclusion ... is:", "My answer:"
_STATES_WHAT_FOLLOWS = lazy_compile(r"\b(?:is|are|be|answer|choice)\s*:\s*$", re.I)
_APPROX = lazy_compile(r"(?:approximately|approx\.?|about|around|roughly|nearly|almost|exactly|~|≈)\s*", re.I)
_ARTICLE_NEXT = lazy_compile(r"\s+(?!is\b|seems\b|looks\b|appears\b|would\b|must\b|should\b)[a-z]")
# before a conclusion marker: "or" (any marker), or a letter and a comma (a hedging one: "maybe", "perhaps" ...)
_ALTERNATIVE_BEFORE = lazy_compile(r"(?:\bor\s*,?|(?<![a-z0-9'])[a-j][\)\]]?\s*,)\s*$")
_LETTER_COMMA = lazy_compile(r"(?<![a-z0-9'])[a-j][\)\]]?\s*,\s*$")
_HEDGING = ("maybe", "perhaps", "possibly")  # not "probably": "C or D, probably C" settles on C
_UNSEEN = object()



# a number right before a bracketed letter: "... is 125 (D)."
# a bracketed letter joined to the one after it ("(C) and (D)", "(c) or (D)", "C, (D)")
_LETTER_JOINED = lazy_compile(r"(?<![\w'’])[\(\[]?([A-Za-z])[\)\]]?\s*(?:,|/|&|\bor\b|\band\b)\s*$")
# the verdict repeated for another letter right after it: "B is incorrect; so is C", "A is wrong, and so is D"
_SO_IS_AFTER = lazy_compile(r"\s*[;,]?\s*(?:(?i:and)\s+)?(?i:so)\s+(?i:is|are|does|do)\s+(?:(?i:option|choice)\s+)?"
                            r"[\(\[]?([A-Z])[\)\]]?(?![A-Za-z0-9])")
_VALUE_BEFORE = lazy_compile(r"(?<![\w.,])(-?\$?\d[\d,]*(?:\.\d+)?%?)\s*\Z")


_AS_IT = lazy_compile(r"(?i)\bas\s+(?:it|this|that|he|she|they)\s*$")  # "as far east as it is north"


# what sets an option against the answer, in the clause before its bracketed letter: "..., not the Amazon (A)",
# "rather than (C)", "instead of the mean (D)", "as opposed to (A)", "It is not the Nile (B).", "— not the Amazon (A)",
# "and not (A)", "The Nile (B). Not the Amazon (A).", ", definitely not (A)"
_SET_AGAINST = lazy_compile(r"(?i)(?:[,;—–]|\s-\s|\bbut|\band|^|[.!?]\s|\b(?:is|are|was|it's|that's)(?=\s+not\b))\s*"
                            r"(?:(?:definitely|certainly|clearly|surely|obviously|absolutely)\s+)?(?:(?<!\bif\s)\bnot|\brather\s+than|\binstead\s+of|\bas\s+opposed\s+to|\bunlike)\s+"
                            r"(?!only\b|just\b)(?:the\s+|an?\s+)?[^,.;:!?()\n]{0,35}?\s*$")


def _listing_cut(text: str, at: int, letter: str) -> bool:
    """Is the letter at ``at`` closing ``text`` the label of a listing of the options cut off: its line bare, the
    lines before it listing the two letters before it in turn ("...\nB. Indian\nC. Arctic\nD.")?"""
    if letter < "C" or text[at + 1:].strip(" .):*\n"):
        return False
    listed = _LISTED_BEFORE.search(text, max(0, at - 400), at)
    return listed is not None and listed.group(1) == chr(ord(letter) - 2) and listed.group(2) == chr(ord(letter) - 1)


# a bold label opening a line of a listing: "- **C)**"
_LINE_LEAD = lazy_compile(r"[ \t]*(?:[-*][ \t]+)?")
_BOLD_LABEL = lazy_compile(r"\*\*\(?[A-J][.)]\*\*")
# the two lines before a bare letter closing a reply, each an option's label and text: "B. Indian\nC. Arctic\n"
_LISTED_BEFORE = lazy_compile(r"(?:^|\n)[ \t]*(?:[-*][ \t]+)?(?:\*\*)?\(?([A-J])[.)](?:\*\*)?[ \t]+[^\n]{1,200}\n"
                              r"[ \t]*(?:[-*][ \t]+)?(?:\*\*)?\(?([A-J])[.)](?:\*\*)?[ \t]+[^\n]{1,200}\n[ \t]*(?:[-*][ \t]+)?(?:\*\*)?\(?$")


class Reader(HedgeReading, OptionReader):
    """One response read against one option set."""

    # a reader is built for every row: slots make that cheaper
    __slots__ = ("rules", "text", "bold", "flat", "low", "ascii", "fold_ok", "_flat_norm", "_cues", "_payload_memo",
                 "_conclusion_memo", "_hypothetical_memo", "_blocked_memo", "_counterfactual", "_counterfactual_inside",
                 "_cannot_see", "_loop")

    def __init__(self, response: str, optset: OptionSet, rules: RuleSet = RULES) -> None:
        super().__init__(optset)
        self.rules = rules
        text = normalize(response)
        if "?" in text and ("(B)" in text or "\nB" in text or "uestion" in text):
            text = before_other_question(text, self._names, self._mentions)
        self.text = text
        # Markdown emphasis carries no meaning for the letter; bold letters are recorded separately.
        self.bold = list(_BOLD.finditer(text)) if ("**" in text or "__" in text) else []
        flat = _FLATTEN.sub(" ", text) if ("*" in text or "_" in text or "#" in text) else text
        self.flat = flat.replace("$", " ") if "$" in flat else flat
        self.low = self.flat.lower()
        # see text.fold.fold_safe: when this holds, self.low lines up with self.flat character for character
        self.ascii = self.flat.isascii()
        self.fold_ok = self.ascii or fold_safe(self.flat)
        self._flat_norm: str | None = None
        self._cues: list[tuple[int, int]] | None = None
        self._payload_memo: dict[tuple[str, bool], tuple | None] = {}
        self._conclusion_memo: dict[str, tuple[str, str] | None] = {}
        self._hypothetical_memo: dict[str, bool] = {}
        self._blocked_memo: dict[str, tuple[bool, bool]] = {}
        self._counterfactual: list[tuple[int, int]] | None = None
        self._counterfactual_inside: Callable[[int], bool] | None = None
        self._cannot_see: int | None = None
        self._loop: object = _UNSEEN

    def _names(self, letter: str, text: str) -> bool:
        """Is ``text`` (an option listed in the reply) the text of option ``letter``, read as the reader reads it?"""
        hit = self.exact_text(text)
        return hit is not None and hit[1] == letter

    def _mentions(self, letter: str, text: str) -> bool:
        """Does ``text`` (an option line in the reply) hold option ``letter``'s own text?"""
        own = self.opt_norm.get(letter)
        return self._names(letter, text) or bool(own) and own in norm_text(text)

    @property
    def flat_norm(self) -> str:
        """``norm_text(self.flat)``, computed once."""
        if self._flat_norm is None:
            self._flat_norm = norm_text(self.flat)
        return self._flat_norm

    def may_hold(self, words: tuple[str, ...]) -> bool:
        """False only when the text certainly holds none of ``words`` (matched case-insensitively)."""
        return not self.fold_ok or present(self.low, words)

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
        if self.fold_ok and not HYPOTHETICAL.needs.test(low[begin:], self.ascii):
            return False
        return HYPOTHETICAL.pattern.search(window, begin) is not None

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

    def counterfactual_spans(self) -> list[tuple[int, int]]:
        """The counterfactual clauses of the flat text ("If the axis were logarithmic, it would be C"; see
        ``content.counterfactual_clauses``), found once."""
        if self._counterfactual is None:
            self._counterfactual = counterfactual_clauses(self.low if self.fold_ok else self.flat.lower())
        return self._counterfactual

    def counterfactual(self, pos: int) -> bool:
        """``pos`` lies in a counterfactual clause."""
        if self._counterfactual_inside is None:
            self._counterfactual_inside = within(self.counterfactual_spans())
        return self._counterfactual_inside(pos)

    def cannot_see(self) -> int:
        """Where the reply's first "I cannot see the image" ends (``rules.CANNOT_SEE``), or -1 (found once)."""
        if self._cannot_see is None:
            self._cannot_see = -1
            if self.fold_ok:
                target = self.low
                pattern = CANNOT_SEE.low if any(hint in target for hint in CANNOT_SEE_HINTS) and \
                    CANNOT_SEE.needs.test(target, self.ascii) else None
            else:
                target, pattern = self.flat, CANNOT_SEE.pattern
            for m in pattern.finditer(target) if pattern is not None else ():
                if m.group()[:3].lower() == "no " and CANNOT_SEE_WAIVED.match(target, m.end()):
                    continue  # "No figure is provided. However, the problem is self-contained": it answers anyway
                if FROM_THE_TEXT.match(target, m.end()):
                    continue  # "I can't view the circuit image directly, so I'm going on the description.": it answers
                    # from the question's words
                self._cannot_see = m.end()
                break
        return self._cannot_see

    def end_loop(self) -> Loop | None:
        """The loop the flat text ends in (``text.loops.end_loop``, followed back to where it begins), found once."""
        if self._loop is _UNSEEN:
            self._loop = end_loop(self.flat, whole=True) if len(self.flat) >= 40 else None
        return self._loop

    def cues(self) -> list[tuple[int, int]]:
        """Spans of the correction cues (``CORRECTION_CUE`` over the flat text), found once."""
        if self._cues is None:
            if not self.fold_ok:
                self._cues = [m.span() for m in CORRECTION_CUE.pattern.finditer(self.flat)]
            elif CORRECTION_CUE.needs.test(self.low, self.ascii):
                self._cues = [m.span() for m in CORRECTION_CUE.low.finditer(self.low)]
            else:
                self._cues = []
            if self._cues and ("ption" in self.flat or "hoice" in self.flat):
                # "Option B: 27 — no. Option C: ...": the verdict closing an item of a walk through the options is no
                # correction of what came before it
                items = [m.start() for m in _WALK_ITEM.finditer(self.flat)]

                def in_item(at: int) -> bool:  # the last item before it runs on to it (one sentence)
                    i = bisect.bisect_left(items, at) - 1
                    return i >= 0 and not _SENTENCE_STOP.search(self.flat, items[i], at)

                self._cues = [(a, b) for a, b in self._cues if not (
                    self.flat[a:a + 2].lower() == "no" and _VERDICT_DASH.search(self.flat, max(0, a - 3), a)
                    and in_item(a))]
        return self._cues

    # ---- commitments ------------------------------------------------------------------------------------

    # Commitments come in segments, in the order the reader has always listed them (the order breaks ties):
    # boxed/tags/markers, conclusions, mentions, brackets, sole letters, option lines, check marks, bold.
    # Conclusions, brackets, sole letters and bold are weak (tier 1) and never rule a letter out, so the
    # decision can often be made without them (see ``decide.py``); they are read only when needed.
    _LAZY = {1: "_conclusions", 3: "_brackets", 4: "_sole_letters", 7: "_bold_letters"}

    def _flat_pos(self, pos: int) -> int:
        """Where ``pos`` of the text (boxes, tags and fields are found there) lies in the flat text every other
        commitment's position counts in: markdown emphasis flattened before it shifts it ("**Final Answer**\n
        \\boxed{B} or \\boxed{D}" is two boxes side by side in either)."""
        if len(self.flat) == len(self.text):
            return pos
        return len(_FLATTEN.sub(" ", self.text[:pos]))

    def eager_segments(self, negatives: set[str]) -> list[list[Commit] | None]:
        """The segments that can be strong or rule letters out (filling ``negatives``); None for the rest."""
        out: list[Commit] = []
        raw = self.text
        if "box" in raw and any(command in raw for command in BOX_COMMANDS):
            closing = None
            for m in BOX_OPEN.finditer(raw):
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
                self._commit_payload(out, negatives, self._flat_pos(m.start()), inner.strip(), 3, "boxed",
                                     whole=True)
        if "<" in raw:
            for m in _ANSWER_TAG.finditer(raw):
                self._commit_payload(out, negatives, self._flat_pos(m.start()), m.group(2).strip(), 3, "answer-tag",
                                     whole=True)
        if ("\":" in raw or "':" in raw or "\" :" in raw or "' :" in raw):
            # a JSON (or Python dict) answer field: {"reasoning": "... unlike A or B", "answer": "C"}
            for m in _ANSWER_FIELD.finditer(raw):
                self._commit_payload(out, negatives, self._flat_pos(m.start()), m.group(2).strip(), 3,
                                     "answer-field", whole=True)
        text = self.flat
        low = self.low if self.fold_ok else None
        for marker in self.rules.markers:
            if low is not None and not marker.needs.test(low, self.ascii):
                continue  # its pre-check: no match on this fold-safe text
            for end, payload in self._marker_payloads(marker):
                self._commit_payload(out, negatives, end, payload, marker.tier, marker.method)
        mentions, lines, marks = self._scan_mentions(text, negatives)
        return [out, None, mentions, None, None, lines, marks, None]

    def strong_phrases(self, after: int) -> list[Commit]:
        """Strong commitments written as phrases, past ``after``: "..., which makes option B the correct answer",
        "Oxygen is the answer" (an option's text before "is the (correct) answer"). ``decide.py`` reads them only
        where they can change its choice: after a strong commitment, or anywhere when there is none."""
        out: list[Commit] = []
        text = self.flat
        low = self.low
        start = max(0, after)
        if low.find("answer", start) < 0 and low.find("option", start) < 0 and low.find("choice", start) < 0 \
                and self.fold_ok:
            return out  # both phrases end with one of these words
        if self.fold_ok and any(word in low for word in _ORDINALS) and ("option" in low or "choice" in low):
            # "The second option is the smallest.": an option named by its place in the list
            for m in _ORDINAL_CHOICE.finditer(low, start):
                place = _ORDINALS[m.group("place") or m.group("place2")]
                letters = self.optset.letters
                if place < len(letters) and not _IF_BEFORE.search(low, max(0, m.start() - 60), m.start()) \
                        and not _ORDINAL_QUALIFIED.match(low, m.end()):
                    out.append(Commit(m.start(), 2, letters[place], "affirmation"))
        if low.find("mak", start) >= 0 or low.find("leav", start) >= 0 or low.find("left", start) >= 0 \
                or not self.fold_ok:
            for m in _MAKES_CORRECT.finditer(text, start):
                letter = m.group(1).upper()
                if letter in self.letter_set and not _IF_BEFORE.search(text, max(0, m.start() - 60), m.start()):
                    out.append(Commit(m.start(1), 2, letter, "affirmation"))
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
                if m and m.start() > after and text_boundary_ok(low, i + 6):
                    found.append(m)
                i = low.rfind("answer", 0, i)
            for m in reversed(found):
                start = m.start()
                if _IF_BEFORE.search(low, max(0, start - 60), start):
                    continue
                named = norm_text(low[max(0, start - 80):start])
                hits = [k for k, ot in self.opt_norm.items() if len(ot) >= 2 and named.endswith(ot)
                        and text_start_ok(named, len(named) - len(ot))]
                if len(hits) == 1:
                    out.append(Commit(start, 2, hits[0], "affirmation", "option-text"))
        return out

    def all_commits(self, segments: list[list[Commit] | None]) -> list[Commit]:
        """Every commitment, in order: the lazy segments are read now."""
        out: list[Commit] = []
        for i, segment in enumerate(segments):
            out.extend(segment if segment is not None else getattr(self, self._LAZY[i])())
        return out

    def _marker_payloads(self, marker: Marker) -> list[tuple[int, str]]:
        """(end of marker, text after it) for each match of one marker that is not cancelled (see ``Marker``); the
        caller has made the marker's pre-check."""
        text = self.flat
        if self.fold_ok:
            low = self.low
            # the lower-case twin on the lower-cased text, else the pattern on the text (the same positions)
            pattern, target = (marker.low, low) if marker.low is not None else (marker.pattern, text)
            matches = _matches_at(pattern, target, marker.starts(low)) if marker.starts is not None \
                else pattern.finditer(target)
        else:
            matches = marker.pattern.finditer(text)
        found = []
        for m in matches:
            start, end = m.span()
            if text[end - 1] in "-−" and text[end:end + 1].isdigit():
                continue  # "x is -2": the hyphen is the number's minus sign, not a dash after the marker
            # the 60 characters before the marker: a hypothetical ("if the answer is B") or a negation
            # ("the answer is not B") there cancels it
            a = max(0, start - 60)
            window = self.flat[a:start]
            blocked = self._blocked_memo.get(window)
            if blocked is None:
                blocked = self._blocked_memo[window] = (self.hypothetical_before(start), self.not_before(start))
            if marker.hypothetical_cancels and blocked[0]:
                continue
            if blocked[1]:
                continue
            if marker.alternative_cancels and _ALTERNATIVE_BEFORE.search(
                    self.low if self.fold_ok else text.lower(), max(0, start - 12), start) and (
                    text[start:end].lower().startswith(_HEDGING) or not _LETTER_COMMA.search(
                        self.low if self.fold_ok else text.lower(), max(0, start - 12), start)):
                continue  # "B, or maybe C", "B, maybe C": an alternative offered, not a conclusion
            if marker.others_cancel and OTHERS_CHOOSE.search(self.low if self.fold_ok else text.lower(), a, start) \
                    and not _WRITER_CHOOSES.match(self.low if self.fold_ok else text.lower(), start):
                continue  # "Many people pick D, but ...": someone else's choice ("As a model, I chose A" is not)
            if marker.owner_cancels and window.endswith(" ") and _OWNER_HINT.search(window[-24:]) and \
                    OTHERS_OWN.search(window):
                continue  # "His answer is D", "the student's answer:": someone else's answer
            if self._in_option_text(start, end):
                continue  # "(B) the answer is option C in the image": an option's own words quoted, not an answer
            if "only" in text[end:end + 60] and _ONLY_IF_AFTER.match(text, end):
                continue  # "The correct option is (A) only for a photon in vacuum; ...": an answer under a condition
            if ("rong" in window or "orrect" in window or "alse" in window or "least" in window) and \
                    _WRONG_BEFORE.search(window):
                continue  # "Incorrect choice: (B)", "A wrong answer would be C": not the answer
            if ("ample" in window or "AMPLE" in window or "emo" in window or "e.g." in window) and \
                    EXAMPLE_BEFORE.search(text, max(0, start - 30), start):
                continue  # "Example answer: B": a worked example's answer, not the reply's
            if marker.introduces_options_cancels and (KEY_FORMAT.match(text, end) or EACH_BEFORE.search(
                    self.low, max(0, start - 14), start) if self.fold_ok else KEY_FORMAT.match(text, end)):
                # "Let's analyze each option:" introduces the options, it does not answer
                continue
            found.append((end, text[end: end + 300]))
        return found

    def _in_option_text(self, start: int, end: int) -> bool:
        """Does an option's text that holds an answer marker ("the answer is option C in the image") cover
        ``flat[start:end]``? Only options of eight characters or more with an answer word are looked for."""
        holders = self.optset.marker_texts
        if not holders or not self.fold_ok:
            return False
        for ot in holders:
            i = self.low.find(ot, max(0, end - len(ot)), start + len(ot))
            if 0 <= i <= start and i + len(ot) >= end:
                return True
        return False

    def _conclusions(self) -> list[Commit]:
        """'so B', 'I think it is B': the weak conclusion markers' commitments."""
        out: list[Commit] = []
        low = self.low if self.fold_ok else None
        for marker in self.rules.conclusions:
            if low is not None and not marker.needs.test(low, self.ascii):
                continue
            for end, payload in self._marker_payloads(marker):
                self._commit_conclusion(out, end, payload, marker)
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

    def _commit_payload(self, out: list[Commit], negatives: set[str], pos: int, payload: str, tier: int,
                        method: str, whole: bool = False) -> None:
        if len(payload) > 1000:  # a long box or tag: hashing it would cost as much as reading it
            reading = self.read_payload(payload, whole)
        else:
            reading = self._payload_memo.get((payload, whole), _UNSEEN)
            if reading is _UNSEEN:
                # a reply repeating one marker gives the same payload many times: read it once
                reading = self._payload_memo[(payload, whole)] = self.read_payload(payload, whole)
        if reading is None:
            return
        if reading[0] == "negated":
            if reading[1]:
                negatives.add(reading[1])
            return
        _, letter, own_method, note = reading
        out.append(Commit(pos, tier, letter, own_method or method, note))

    def _commit_conclusion(self, out: list[Commit], pos: int, payload: str, marker: Marker) -> None:
        """'so B.', 'therefore (B)', 'it's B': only a letter ending its clause, or the start of an option text."""
        reading = self._conclusion_memo.get(payload, _UNSEEN)
        if reading is _UNSEEN:
            reading = self._conclusion_memo[payload] = self.read_conclusion(payload)
        if reading is not None:
            out.append(Commit(pos, marker.tier, reading[0], marker.method if reading[0] else "ambiguous", reading[1]))

    def _scan_mentions(self, text: str, negatives: set[str]) -> tuple[list[Commit], list[Commit], list[Commit]]:
        """Letters with a verdict next to them: 'B is correct' (commit), 'A and C are wrong' (ruled out).

        Returns the commitments of three segments: mentions, option lines, check marks.
        """
        out: list[Commit] = []
        pats = self.optset.pats
        low = self.low
        use_low = self.fold_ok and self.optset.low_ok
        if self.may_hold(NEG_WORD_HINTS) and (not use_low or self.optset.ruled_out_hint.search(low)):
            for m in (pats.neg_after_low.finditer(low) if use_low else pats.neg_after.finditer(text)):
                named = text[m.start(1): m.end(1)]
                letters = pats.named.findall(named)
                first = _FIRST_LETTER.search(named).group(0)
                if len(letters) == 1 and self._own_text_length(text[m.end(1):], letters[0].upper()):
                    continue  # "(B) False - the poem does not say": option B quoted with its own text "False"
                if first.isupper() or named.lower().startswith(("option", "choice")):
                    negatives.update(letters)
                    also = _SO_IS_AFTER.match(text, m.end())
                    if also is not None:
                        negatives.add(also.group(1))  # "B is incorrect; so is C": C ruled out too
        if use_low:
            # in the lower-cased text a match starts where one of its leading words does
            starts = _occurrences(low, NEG_BEFORE_ASCII if self.ascii else NEG_BEFORE_HINTS)
            excluded = _matches_at(pats.neg_before_low, low, starts) if starts else ()
        else:
            excluded = pats.neg_before.finditer(text) if self.may_hold(NEG_BEFORE_HINTS) else ()
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
            if not AFTER_ANY.match(text, end):
                continue  # no verdict pattern below can match here
            if ch.islower() and not _OPTION_OR_BRACKET.match(text, m.start(), end):
                # "b is correct": a lowercase letter with a verdict, but never the article "a" mid-text
                if lead_ws is None:
                    lead_ws = len(text) - len(text.lstrip())
                # ("a is the answer": the article is never followed by "is", but "a" may be a variable or a name's
                # part, "so a = 3", "vitamin a": only after a sentence's start or a conclusion word, in a reply giving
                # "a" no value; "i" only opening the reply)
                if not (ch != "i" or m.start() == lead_ws) or not _LOWER_IS_CORRECT.match(text, end):
                    continue
                if ch == "a" and m.start() != lead_ws and (
                        not _A_LEAD.search(text, max(0, m.start() - 24), m.start()) or _A_VARIABLE.search(text)):
                    continue
            if CN_NEG_AFTER.match(text, end):
                negatives.add(letter)
                continue
            if _COMMA_AFTER.match(text, end) and not _APPOSED.search(text, max(0, m.start() - 24), m.start()):
                continue  # "Now, C, is the answer?": only "the remaining option, C, is the answer" sets it apart
            strong = STRONG_AFTER.match(text, end)
            weak = None if strong else (POS_AFTER.match(text, end) or CN_POS_AFTER.match(text, end))
            if not strong and not weak:
                continue
            a = max(0, m.start() - 60)
            before = text[a: m.start()]
            if (("or" in before or "and" in before) and pats.listed_before.search(before)) \
                    or self.hypothetical_before(m.start()):
                continue
            if self._is_article(m, text):
                continue
            out.append(Commit(m.start(), 2, letter, "affirmation") if strong
                       else Commit(m.start(), 1, letter, "affirmation"))
        mentions, out = out, []
        # An option list with a verdict per line: "C. correct", "(A) ... - incorrect"
        # a line-anchored pattern: only line starts are tried, in finditer's order
        line_starts = _line_starts(text) if len(text) <= 2000 else None
        for m in (_matches_at(pats.option_lines, text, line_starts) if line_starts is not None
                  else pats.option_lines.finditer(text)):
            body = m.group(2)
            own = self._own_text_length(body, m.group(1))
            if own:
                # "(A) True - In the poem ...", "(B) False - ...": the label quoting its own option's text ("True",
                # "Incorrect") gives no verdict on it; only what the line says after that text does
                body = body[own:]
            wrong = _BODY_WRONG.search(body)
            if wrong and any(x != m.group(1) for x in self.optset.pats.named.findall(body, 0, wrong.start())):
                pass  # "C. The loss first decreases then increases. A is incorrect ...": the verdict is A's, not C's
            elif wrong:
                negatives.add(m.group(1))
            elif _BODY_RIGHT.search(body):
                out.append(Commit(m.start(1), 1, m.group(1), "affirmation"))
        lines, out = out, []
        if (not text.isascii() and any(mark in text for mark in MARKS)) or (
                ("=" in text or ":" in text) and self._letter_before_colon()):
            for m in (pats.affirm_low.finditer(low) if use_low else pats.affirm.finditer(text)):
                verdict = m.group(2) or m.group(3)
                if m.group(2) and self._own_text_length(text[m.end(1):], text[m.start(1): m.end(1)].upper()):
                    continue  # "A: True" where option A is "True": the option quoted with its text, no verdict
                if verdict.lower() in ("yes", "true", "correct", "right", "✅", "✔", "✓", "☑"):
                    out.append(Commit(m.start(), 1, text[m.start(1): m.end(1)].upper(), "affirmation"))
                else:
                    negatives.add(text[m.start(1): m.end(1)].upper())
        if not text.isascii() and any(mark in text for mark in "✅✔✓"):
            # "Option A: $9^2 = 81$ — no. Option B: ... — no. ... Option D: $(-3)^2 = 9$ ✓.": a walk through the
            # options, each checked, its verdict closing its own part
            items = list(_WALK_ITEM.finditer(text))
            if len(items) >= 2 and len({m.group(1).upper() for m in items}) == len(items):
                checked, crossed = [], []
                for m, end in zip(items, [n.start() for n in items[1:]] + [len(text)]):
                    stop = _SENTENCE_STOP.search(text, m.end(), end)  # the item's own sentence
                    verdict = _WALK_VERDICT.search(text, m.end(), stop.end() if stop else end)
                    letter = m.group(1).upper()
                    if letter in self.letter_set and verdict is not None:
                        (checked if verdict.group(1) else crossed).append((m.start(), letter))
                if len(checked) == 1 and len(checked) + len(crossed) == len(items):
                    # one option checked, every other crossed: the walk's choice (two checked: read as before)
                    out.append(Commit(checked[0][0], 1, checked[0][1], "affirmation"))
                    negatives.update(letter for _, letter in crossed)
        return mentions, lines, out

    def _own_text_length(self, after: str, letter: str) -> int:
        """How far ``after`` (the text after a label) opens with option ``letter``'s own text, past spaces and a
        colon or dash ("(B) False - ...", "B: Incorrect"); 0 when it does not."""
        own = self.options.get(letter, "").strip().lower()
        body = after.lstrip(" \t:.-–—")
        skip = len(after) - len(body)
        if own and body[:len(own)].lower() == own and text_boundary_ok(body.lower(), len(own)):
            return skip + len(own)
        return 0

    def _brackets(self) -> list[Commit]:
        """A bracketed letter closing a clause: '... reached in 2020 (B).'."""
        text = self.flat
        if "(" not in text:
            return []
        out = []
        for m in self.optset.pats.bracket.finditer(text):
            value = _VALUE_BEFORE.search(text, max(0, m.start() - 40), m.start())
            hit = self.exact_text(value.group(1)) if value else None
            joined = _LETTER_JOINED.search(text, max(0, m.start() - 16), m.start())
            if joined is not None and joined.group(1).upper() in self.letter_set and joined.group(1).upper() != m.group(1):
                # "(C) and (D).", "(c) or (D)": the bracket closes a list of two options, no choice of the last
                out.append(Commit(m.start(), 1, None, "ambiguous", f"{joined.group(1).upper()} and {m.group(1)} "
                                                                   "are offered together"))
            elif hit is not None and hit[0] == "value" and hit[1] != m.group(1):
                # "... is 125 (D)." where 125 is option E: the value and the letter name two options, so neither
                out.append(Commit(m.start(), 1, None, "ambiguous", f"the answer names {m.group(1)} and option "
                                                                   f"{hit[1]}'s value"))
            elif OTHERS_SAY.search(text, max(0, m.start() - 60), m.start()):
                continue  # "Someone guessing quickly might say (D)": someone else's answer, not the reply's
            elif _SET_AGAINST.search(text, max(0, m.start() - 50), m.start()):
                continue  # "It is the Nile (B), not the Amazon (A).": the option set against the answer
            elif _OTHER_CASE_AFTER.match(text, m.end()) and _IF_BEFORE.search(text, max(0, m.start() - 200), m.start()) \
                    and not _LETTER_IN_CASE.search(_SENTENCE_STOP.split(text[m.end():m.end() + 300], 1)[0]):
                # "If ... in series, bulb 4 is the brightest (D); if ... in parallel, they glow equally.": one case of
                # two supposed, no choice (when the other case names a letter too, the two letters stand as a hedge)
                out.append(Commit(m.start(), 1, None, "ambiguous", f"({m.group(1)}) answers one case of two supposed"))
            elif any(n.end() == m.end() for n in self.optset.pats.neg_before.finditer(
                    text, max(0, m.start() - 40), m.end())):
                continue  # "Not (B)", "Incorrect choice: (B)": the bracket rules its letter out
            else:
                out.append(Commit(m.start(), 1, m.group(1), "bracket"))
        return out

    def _sole_letters(self) -> list[Commit]:
        """A sentence that is only a letter: '... goes back up. C.'."""
        # such a sentence starts the text or follows a sentence end: only those places are tried, in the
        # order (and without overlap) finditer would find them
        text = self.flat
        out: list[Commit] = []
        if len(text) > 2000:  # many sentence ends: one scan is cheaper
            matches = _SOLE_SENTENCE.finditer(text)
        else:
            matches = []
            pos = 0
            for start in [0] + [m.end() for m in SENTENCE_END.finditer(text)]:
                if start < pos:
                    continue
                m = _SOLE_SENTENCE.match(text, start)
                if m:
                    pos = m.end()
                    matches.append(m)
        for m in matches:
            if m.group(1) in self.letter_set and not _FORMULA_GOES_ON.match(text, m.end()) \
                    and not _listing_cut(text, m.start(1), m.group(1)):
                out.append(Commit(m.start(1), 1, m.group(1), "sole-letter"))
        closing = self._closing()
        out.extend(self._led_answer_lines(closing.pos if closing is not None else len(text)))
        if closing is not None:
            out.append(closing)
        return out

    def _led_answer_lines(self, stop: int) -> list[Commit]:
        """An option quoted with its label on a line of its own, after a line ending with ':' and followed by its
        explanation ("... the conclusion that can be drawn is:\n\n(A) Some X are Y.\n\nThis conclusion is based
        on ..."): read as the last line is (``_answer_line``); lines before ``stop`` (where the closing clause was
        read) only, and not inside a list of labelled lines. Each line is looked at once (the scan is linear)."""
        text = self.flat
        if ":\n" not in text and ": \n" not in text and ":\t" not in text:
            return []
        out: list[Commit] = []
        for m in _LEAD_IN_END.finditer(text, 0, stop):
            start = m.end()
            end = text.find("\n", start, start + 90)  # an answer line is short (``_ANSWER_LINE``)
            if start >= stop or end < 0:
                continue
            nxt = _SPACES.match(text, end).end()
            if nxt >= len(text) or _ANSWER_LINE.match(text, nxt):
                continue  # the reply's last line (read by ``_closing``) or a list of labelled lines
            lead_in = text[text.rfind("\n", 0, m.start()) + 1:m.start() + 1]
            found = self._answer_line(text, start, text[start:end].rstrip(), lead_in)
            if found is not None:
                out.append(found)
        return out

    def _closing(self) -> Commit | None:
        """The reply's last clause, after ':', '=', '→', a dash or a comma, is an option letter or (after ':', '=',
        'is' or an em dash) an option's text or value: "The question asks about rickets: D.", "If I had to pick, A.",
        "..., option C.", "Total: 4.", "= 150", "The derivative is 2x."."""
        text = self.flat.rstrip()
        cut = max(0, len(text) - 80)
        line_start = max(cut, text.rfind("\n", cut) + 1)
        tail = text[line_start:]
        colon = line_start - 1  # the last character before the last line that is no space (looked for nearby)
        while colon > cut - 80 and colon > 0 and text[colon].isspace():
            colon -= 1
        if line_start > cut and colon > 0 and text[colon] == ":":
            answer_line = self._answer_line(text, line_start, tail)
            if answer_line is not None:
                return answer_line
        alone = _CLOSING_LETTER.fullmatch(tail)
        if alone is not None and alone.group(1):  # a last line that is only "Option B" / "Answer: (C)"
            letter = alone.group(2) or alone.group(3).upper()
            if letter in self.letter_set:
                return Commit(line_start, 1, letter, "conclusion")
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
                    and not _CLOSING_LIST.search(before) and not (sep == "," and self._walk_ends(start, letter)):
                return Commit(start, 1, letter, "conclusion")
            return None
        body = rest.strip().rstrip(".!")
        labelled = _CLOSING_LABELLED.fullmatch(body) if sep in ("is", ":") else None
        if labelled is not None and labelled.group(1) in self.letter_set:
            # "Therefore, the missing color is (D) orange.": a label with its own option's text closes the reply
            hit = self.exact_text(labelled.group(2))
            above = text[max(0, text.rfind("\n", 0, max(0, line_start - 1)) - 160):line_start]
            if hit is not None and hit[0] == "text" and hit[1] == labelled.group(1) and not any(
                    f"({x})" in above for x in self.letters if x != hit[1]):  # not the last line of a labelled list
                return Commit(start, 1, hit[1], "conclusion")
        om = ORDINAL.fullmatch(body) if len(body) < 30 else None
        if om:  # "..., the last option."
            hit = self.value_at_start(body)
            if hit is not None and hit[0] == "ordinal":
                return Commit(start, 1, hit[1], "conclusion")
        if sep in (":", "=", "is", "are", "equals", "->", "→", "—"):  # "..., glucose and fructose — sucrose."
            if sep == "=" and _CLOSING_VARIABLE.search(before):
                return None  # "at x = 1": a variable's value, not the answer
            if _CLOSING_LIST.search(before):
                return None  # "Option D: the loss stays constant": an option quoted with its label
            if "whether" in before and WHETHER_BEFORE.search(before):
                return None  # "I can't tell whether the force is greater in Pair 1.": asked, not answered
            if sep == "is" and _AS_IT.search(before):
                return None  # "the lake is as far east as it is north": a comparison, not the answer
            body = rest.strip().rstrip(".!")
            am = _APPROX.match(body)
            if am:
                body = body[am.end():]
            if not body or len(body) > 40:
                return None
            hit = self.exact_text(body)
            if hit is not None:
                return Commit(start, 1, hit[1], "conclusion", "option-text" if hit[0] == "text" else "answer-value")
        return None

    def _walk_ends(self, start: int, letter: str) -> bool:
        """The closing letter at ``start``, after a comma, ends a walk through the labels: its sentence names the
        options' labels in turn from the first ("Starting with the lowest box, A, moving up to the next box, B, and so on until the
        highest box, E."), the closing one being the last option's, and says nothing of an answer or a choice."""
        if letter != self.letters[-1] or len(self.letters) < 3:
            return False
        flat = self.flat
        begin = max(flat.rfind(".", 0, start), flat.rfind("!", 0, start), flat.rfind("?", 0, start),
                    flat.rfind("\n", 0, start)) + 1
        sentence = flat[begin:start]
        if _ANSWER_WORD.search(sentence):
            return False
        named = [m.group(1) for m in _LABEL_IN_TURN.finditer(sentence)]
        return len(named) >= 2 and named == self.letters[:len(named)]

    def closing_statement(self) -> Commit | None:
        """The reply's last sentence, when it opens with a conclusion word and states one option's text or value,
        with no letter, negation or condition in it: "Therefore, Country 4 exhibits a higher GDP per capita.",
        "Therefore, the expected ratio ... is 1:3." (the sentence is the option's text, or its value follows the
        sentence's last "is", "=" or ": ")."""
        m = _LAST_CONCLUSION.search(self.flat, max(0, len(self.flat) - 400))
        if m is None or _CLOSING_BLOCKED.search(m.group(2)):
            return None
        body = m.group(2)
        hit = self.exact_text(body)  # the sentence is the option's text
        if hit is None:
            sep = _CLOSING_VALUE_SEP.match(body)
            hit = self.exact_text(body[sep.end():].strip()) if sep is not None else None
        if hit is None:
            return None
        return Commit(m.start(2), 1, hit[1], "closing-statement",
                      "option-text" if hit[0] == "text" else "answer-value")

    def _answer_line(self, text: str, line_start: int, tail: str, lead_in: str | None = None) -> Commit | None:
        """The last line is an option quoted with its label after a line ending with ':' ("..., the missing colour
        is:\n\n(A) orange"): that option, when the text is the label's own; no option (letter None) when the text
        is another option's ("...:\n(A) 2" where 2 is option C: the letter and the value disagree). Not after a
        line introducing the options ("The options are:") or quoting another option."""
        m = _ANSWER_LINE.fullmatch(tail)
        if m is None:
            return None
        letter = (m.group(1) or m.group(2)).upper()
        if letter not in self.letter_set:
            return None
        if lead_in is None:  # the line before, that ends with ':'
            before = text[:line_start].rstrip()
            lead_in = before[before.rfind("\n") + 1:]
        if (_OPTIONS_INTRODUCED.search(lead_in) and not _CHOICE_GIVEN.search(lead_in)) or _ANSWER_LINE.match(
                lead_in.lstrip()):
            return None
        hit = self.exact_text(m.group(3))
        if hit is None:
            # a text that is no option's ("(A) Some croptonites are craptonates." where no option says so) is the
            # label's letter when the lead-in says what follows is the answer ("... is:", "My answer:")
            return Commit(line_start, 1, letter, "conclusion") if _STATES_WHAT_FOLLOWS.search(lead_in) else None
        if hit[1] != letter:
            return Commit(line_start, 1, None, "ambiguous", f"the answer line names {letter} and option {hit[1]}'s text")
        return Commit(line_start, 1, letter, "conclusion")

    def _bold_letters(self) -> list[Commit]:
        """'**B**': a bold option letter; '**three**', '**3**' where one option's value is 3."""
        out: list[Commit] = []
        for m in self.bold:
            letter = m.group(2).upper()
            if letter in self.letter_set and (m.group(2).isupper() or len(m.group(0)) > 5):
                if _listing_cut(m.string, m.start(2), letter):
                    # "- **A)** Atlantic\n...\n- **D)**": a listing of the options cut off; its labels choose nothing
                    text = m.string
                    out = [c for c in out if not (_LINE_LEAD.fullmatch(text, text.rfind("\n", 0, c.pos) + 1, c.pos)
                                                  and _BOLD_LABEL.match(text, c.pos))]
                    continue
                out.append(Commit(m.start(), 1, letter, "bold"))
        if "**" in self.text and not out:
            for m in _BOLD_LABELLED.finditer(self.text):
                hit = self.exact_text(m.group("text"))
                if m.group("letter") in self.letter_set and hit is not None and hit[1] == m.group("letter"):
                    # "The irrational one is **D. $\sqrt2$**.": a bold label with its own option's text
                    out.append(Commit(self._flat_pos(m.start()), 1, m.group("letter"), "bold"))
        if self.optset.opt_num and "**" in self.text:
            found = [(m, hit) for m in _BOLD_VALUE.finditer(self.text)
                     for hit in (self.exact_text(m.group(1)),) if hit is not None and hit[0] == "value"]
            if len(found) == 1 and self._bold_count_stands(found[0][0], found[0][1][1]):
                # ("**2** on the left and **3** on the right": parts, no answer)
                out = sorted(out + [Commit(self._flat_pos(found[0][0].start()), 1, found[0][1][1], "bold",
                                           "answer-value")], key=lambda c: c.pos)
        return out

    def _bold_count_stands(self, bold: re.Match[str], letter: str) -> bool:
        """Does the number in ``bold`` (option ``letter``'s value) stand as the reply's count: no later number names
        another option, unless the numbers after it are its parts, adding up to it ("There are **three** apples: two
        on the left and one by the plate."; not "Each chair has **4** legs ... 3 × 4 = 12")?"""
        later = [m.group() for m in _COUNT_WORD.finditer(self.text, bold.end())]
        values = [number_value(w) for w in later]
        others = [hit for w in later for hit in (self.exact_text(w),) if hit is not None and hit[1] != letter]
        if not others:
            return True
        total = number_value(bold.group(1))
        return total is not None and None not in values and sum(values) == total

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
        starts one of the verdict patterns tried after a mention (see ``AFTER_ANY``)."""
        return not self.fold_ok or self.optset.verdict_hint.search(self.low) is not None

    @staticmethod
    def _is_article(m: re.Match[str], text: str) -> bool:
        token = text[m.start(): m.end()].strip()
        return token in ("A", "a", "I") and bool(_ARTICLE_NEXT.match(text, m.end()))
