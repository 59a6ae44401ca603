"""Reading a short piece of text against the option set: the text after a marker ("The answer is ..."), after a
conclusion ("so ..."), or a closing clause. It names a letter in any dress, an option's text, or a value equal to
one option's ("answer: 4" for the option "4.0"); or it names several options, a letter that is no option, or
rules a letter out."""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile
from .content import key_word
from .normalize import NUMBER_CHARS, loose_key, norm_head, norm_text, spaced_key, strip_article, text_boundary_ok
from .optionset import OptionSet, bracket_key
from .rules import ADVERBS, CANNOT_TELL, CONNECTORS, NEG_WORDS, REASON_AFTER_LETTER, ordinal_elsewhere, ordinal_place
from .values import ORDINALS, number, option_number, part_of_larger, unit_at, unit_clash

# an angle in radians, a multiple of π over a whole number: "π/4", "3π/4", "2π"
_RADIANS = lazy_compile(r"(\d*)\s*π\s*(?:/\s*(\d+))?")
_FILLER = lazy_compile(r"(?:(?:most\s+)?(?:likely|probably|clearly|definitely|indeed|obviously|actually|therefore|"
                     r"thus|just|simply|certainly|surely|for\s+sure|undoubtedly|without\s+(?:a\s+)?doubt|absolutely|"
                     r"correct|option|choice|letter|answer|选项|是)\s*[:：]?\s*,?\s*)+", re.I)
_FILLER_KEEP = lazy_compile(r"(?:option|choice|letter|answer)\s+(?:is|are)\b", re.I)
_NEGATED_START = lazy_compile(r"(?:not|n't|never|neither)\b|不是", re.I)
_SECOND_LETTER = lazy_compile(r"\s*(?:,|or|and|/|&|或者|或|还是|還是|和|또는|혹은|または|y|o|et|ou|und|oder)\s*"
                            r"(?:option\s+)?[\(\[]?([A-Z])(?![A-Za-z0-9])")
# a second bracketed label after the first one's own text (up to 60 characters), in the same clause ("(A) -0.8 and
# (B) -1.2"): the answer names two options, unless the second is said to fail ("(A) 4, and (B) is wrong")
_SECOND_LABELLED = lazy_compile(
    r"[ \t]+(?:(?!\b(?:because|since|as|while|whereas|unlike|not|but|than|is|are|was|were|so|hence|thus)\b)"
    r"(?:[^.;:!?\n()\[\]]|(?<=\d)\.(?=\d))){1,60}?[ \t]*(?:,[ \t]*)?\b(?:and|or|&)[ \t]+[\(\[]([A-Z])[\)\]]"
    rf"(?!\s*(?:is|are|was|were)?\s*{ADVERBS}{NEG_WORDS}|\s*(?:fails|does\s+not|doesn't|cannot|can't)\b)", re.I)
# the same after a lower-case letter ("c or d", "(c) and (d)"): a lower-case second letter in brackets or alone
_SECOND_LOWER = lazy_compile(r"\s*(?:,|or|and|/|&)\s*(?:[\(\[]([a-z])[\)\]]|([a-z])(?![\w'’])(?!\s+[a-z]))")
_VERDICT_AGAINST = lazy_compile(rf"\s*[-–—:,]?\s*(?:is|are)?\s*{ADVERBS}{NEG_WORDS}", re.I)
_CLAUSE_END = lazy_compile(r"[.;\n!?]\s|[,;\n]")
# "or", "and", or a slash between words ("B/D", "cat/dog"); a slash between digits is a fraction ("1/2", "-1/2")
_OR_AND = lazy_compile(r"\b(?:or|and)\b|\b(?<!\d)/\b|\b/(?!\d)\b")
# a box holding the unknown named with its value ("x = 4", "AB = 12 cm", "x_1 = 3"): the value after the sign
_NAMED_VALUE = lazy_compile(r"\s*[A-Za-z]{1,3}(?:_\{?\w{1,3}\}?)?\s*=\s*([^=]{1,40}?)\s*$")
# words that alone name the one option opening with them ("neither" for "Neither cup", "both" for "Both cups")
_QUANTIFIERS = ("neither", "none", "both", "all")
_SENTENCE = lazy_compile(r"[^.!?\n]{0,160}")  # the answer's own sentence (rules.CANNOT_TELL is read in it)
_OPTION_LETTER = lazy_compile(r"(?<![\w'’])[\(\[]?[A-J][\)\]]?(?![\w'’])(?<!\bI)")
# values listed at a clause's start: "12, 15 and 21 are all ...", "12, 15, 21"
_LIST_ITEMS = lazy_compile(r"\s*[-−]?\d[\d.]*(?:\s*(?:,|\band\b|&)\s*[-−]?\d[\d.]*)+(?=\s|[.;:]|$)")
_OR = lazy_compile(r"\bor\b")  # a conclusion's alternative ("so 7 or 8 cubes"; "7 cubes and 8 faces" are two things)
_BRACKETED_LETTER = lazy_compile(r"\[?[\(\[\{]\s*([A-Za-z])\s*[\)\]\}]\]?")  # "[[B]]" too
_LETTER_TOKEN = lazy_compile(r"([A-Za-z])(?:\s*[.:)\]](?![A-Za-z]\.)|(?=\s*,(?!\s*[a-z]{2}))|(?=\s*[;!?。，])|\s*$|(?=\s*\n)|"
                             # ("So D — the proposed model flattens out ...", not "So D — or B; both ...")
                             r"(?<=[A-Z])(?=\s+(?:[—–]|-(?=\s))\s+(?!(?:or|and|maybe|perhaps|possibly|either|wait|no|not|actually|"
                             r"hmm|unless|if|but)\b))|"
                             + REASON_AFTER_LETTER + ")")
_ABBREVIATION = lazy_compile(r"[a-z]\.[a-z]\.", re.I)
_APOSTROPHE_AFTER = lazy_compile(r"\s*'")
_BARE_LETTER = lazy_compile(r"([A-Za-z])(?![A-Za-z0-9'’])")
_NEXT_WORD = lazy_compile(r"\s+([A-Za-z]+)")
ORDINAL = lazy_compile(r"(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+"
                      r"(?:option|choice|one|answer)\b", re.I)
_VALUE_START = lazy_compile(r"\s*([-+−]?\s*(?:\d+\s*/\s*\d+|\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)"
                          r"(?:e[-+]?\d+|\s*(?:×|\\times|\*|·)\s*10\s*\^\s*\{?[-+−]?\d{1,3}\}?)?|"
                          r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)(?![\d.]*\d)",
                          re.I)
# three or more letters separated by spaces, letters said together ("A B are both"), or letters joined by a Chinese
# enumeration comma or "and" ("【答案】B、D", "B和D"): a list of options
#: several option letters in one answer bracket ("Answer: (A, B) 1", "[B/C]", "(C or D)"): a hedge between them
_SEVERAL_IN_BRACKET = lazy_compile(r"[\(\[]\s*([A-Z])\s*(?:,|/|&|\band\b|\bor\b)\s*([A-Z])"
                                   r"(?:\s*(?:,|/|&|\band\b|\bor\b)\s*[A-Z])*\s*[\)\]]")
_LETTER_RUN = lazy_compile(r"[A-Z](?:\s+[A-Z]){2,}(?![A-Za-z0-9])|"
                         r"[A-Z](?:\s*[,/&]?\s*[A-Z])+\s+(?:are|were)\s+(?:all|both)\b|"
                         r"[A-Z](?:\s*[、，和与及]\s*[A-Z])+(?![A-Za-z0-9])")
# the turn after a negated option to the affirmed one ("not B, D", "not 4 but rather 8", "n't Paris — it's Lyon")
_AFFIRMED_AFTER = lazy_compile(r"\s*(?:[,;—–]|\s-\s|\bbut\b)\s*(?:(?:but|rather|instead|it'?s|it\s+is|the\s+answer\s+is|"
                             r"it\s+must\s+be|which\s+leaves)\s*,?\s*)*")
_ACRONYM_START = lazy_compile(r"(?:[Tt]he\s+)?([A-Z]{2,8})(?![\w])")
_HEDGE_START = lazy_compile(r"(?:between|either)\s+", re.I)
_CONCLUSION_LEAD = lazy_compile(r"(?:options?|choices?|answer)\s+", re.I)
_CAPITAL_VERDICT = lazy_compile(r"([A-Z])(?=\s+(?:is|would\s+be)\s+(?:the\s+)?(?:correct|right|answer|best))")
# "..., but", "... but": the clause before it is a concession ("It looks like a dog, but the ears are pointed")
_CONCESSION = lazy_compile(r"\s*,?\s*(?:but|though|although|yet|however)\b", re.I)
# a clause whose predicate is negated: "so reducing the volume may not have a significant effect" says the option
# fails, it does not choose it
_NEGATED_PREDICATE = lazy_compile(r"\b(?:is|are|was|were|does|do|did|will|would|may|might|can|could|should|has|have)"
                                  r"\s+not\b|\b(?:is|are|was|were|does|do|did|wo|would|ca|could|should|has|have)n[’']t\b"
                                  r"|\bcannot\b", re.I)
YES_CN = ("是", "对", "正确", "有")
NO_CN = ("否", "不是", "不对", "不", "没有", "错")


def _clause_end(p: str) -> int:
    """Where the clause at the start of ``p`` ends: at its first comma, full stop, semicolon or line break."""
    m = _CLAUSE_END.search(p)
    return m.start() if m else len(p)


# what may stand before an option's text at the start of a payload (spaces, markup, an opening quote or bracket)
_TEXT_LEAD = " \t\n*_\"'“‘([{$"


# where a clause ends, and what separates the items of a list in it, for a payload that lists options
_LIST_CLAUSE_END = lazy_compile(r"[.;:!?—–]| - ")
_LIST_SEPARATOR = lazy_compile(r",\s*+(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


class OptionReader:
    """Reads short pieces of text against one option set (the base of ``reader.Reader``)."""

    __slots__ = ("optset", "options", "letters", "letter_set", "opt_norm", "opt_core", "opt_num")

    def __init__(self, optset: OptionSet) -> None:
        self.optset = optset
        self.options = optset.options
        self.letters = optset.letters
        self.letter_set = optset.letter_set
        self.opt_norm = optset.opt_norm
        self.opt_core = optset.opt_core
        self.opt_num = optset.opt_num

    def letter_in_payload(self, payload: str) -> tuple[str, str | None, int]:
        """Read the choice at the start of ``payload``.

        Returns (kind, letter, length): kind is ``letter``, ``text``, ``value``, ``ambiguous``, ``invalid``,
        ``negated`` or ``none``.
        """
        # keep an opening bracket: it belongs to the "(B)" form; and a minus sign glued to what follows: "-2" is not
        # the option "2", nor "-i" the option "i" (a list's bullet is a dash and a space)
        p = payload.lstrip(" \t\n\r\"'`“‘:*_$-")
        if p is not payload and payload[len(payload) - len(p) - 1] in "-−" and (
                p[:1].isdigit() or p[:1].isalpha() and p[:1].isascii() or p[:1] in "\\(√π"):
            p = payload[len(payload) - len(p) - 1:]
        offset = len(payload) - len(p)
        if p[:1] in ("是", "否") and any(self.optset.yes_no):  # before the filler takes "是" away
            hit = self.text_at_start(p)
            if hit is not None:
                return hit[0], hit[1], offset
        m = _FILLER.match(p)
        if m and not _FILLER_KEEP.match(p):
            p = p[m.end():]
            offset += m.end()
        m = _HEDGE_START.match(p)
        if m:  # "between (C) and (D)", "either B or C": the second letter makes it ambiguous below
            p = p[m.end():]
            offset += m.end()
        if _NEGATED_START.match(p):
            if p[:1] in "Nn" and (quantified := self.text_at_start(p)) is not None:
                return quantified[0], quantified[1], offset  # "neither" naming the option "Neither cup"
            # "not B, D", "not 4 but 8", "not Paris; it's Lyon": the option affirmed after the negated one
            turn = _AFFIRMED_AFTER.search(p, 0, 60)
            if turn is not None:
                kind, letter, length = self.letter_in_payload(p[turn.end():])
                if kind in ("letter", "text", "value"):
                    return kind, letter, offset + turn.end() + length
            return "negated", None, offset
        if _LETTER_RUN.match(p):  # "A B C D are all plausible": the options listed, none chosen
            return "ambiguous", None, offset
        several = _SEVERAL_IN_BRACKET.match(p) if p[:1] in "([" else None
        if several is not None and several.group(1) in self.letter_set and several.group(2) in self.letter_set:
            return "ambiguous", None, offset  # "(A, B) 1": two letters in the answer's bracket, whatever follows
        # Order matters: a formatted letter, then an option's text (so "A decrease in loss" is the option with
        # that text, not letter A), then a bare letter, then a number equal to a numeric option.
        for step in (self.letter_token, self.text_at_start, self._bare_letter, self.value_at_start):
            hit = step(p)
            if hit is None:
                continue
            if isinstance(hit[1], int):
                return self._checked(p, hit, offset)
            if self._names_another(p, hit[1]):
                return "ambiguous", None, offset
            return hit[0], hit[1], offset
        return "none", None, offset

    def _checked(self, p: str, found: tuple[str, int], offset: int) -> tuple[str, str | None, int]:
        """A letter read at the start of a payload, checked for a second letter ('B or C') and a verdict
        against it ('A. incorrect')."""
        letter, length = found
        other = _SECOND_LETTER.match(p, length)
        second = other.group(1) if other else None
        if second is None and p[:1] in "([" and (other := _SECOND_LABELLED.match(p, length)) is not None:
            second = other.group(1).upper()  # "(A) -0.8 and (B) -1.2"
        if second is None and p[:length].lstrip("([{ ").islower():
            other = _SECOND_LOWER.match(p, length)
            second = (other.group(1) or other.group(2)).upper() if other else None
        if second is not None and second != letter and second in self.letter_set:
            return "ambiguous", None, offset + length
        if _VERDICT_AGAINST.match(p, length):
            return "negated", None, offset + length
        if letter not in self.letter_set:
            valued = valued_option(self.optset, p[:length])
            if valued is not None:  # "The answer is $i$." for the option "$i$" of four
                return "value", valued, offset + length
            return "invalid", letter, offset + length
        if self.contradicted(p, length, letter):
            return "ambiguous", None, offset + length
        return "letter", letter, offset + length

    def contradicted(self, p: str, length: int, letter: str) -> bool:
        """'(B) 4' or 'B (4)' where 4 is the text of option C, not of B, or '(C) Point C' where option C is "Point A" and
        option A "Point C": the letter and the text disagree. A text is another option's when it is that option's
        whole text (or its core, without an article), not only a part that tells it apart."""
        rest = p[length: length + 60]
        lead = rest.lstrip(" $")
        close = rest.find("}") if lead[:1] == "{" or lead[:2] == "\\{" else -1
        if close > 0:
            rest = rest[:close + 1]  # a set: its commas are inside it ("A. \\{0, 1\\}")
        elif m := _CLAUSE_END.search(rest):
            rest = rest[:m.start()]
        if not rest.strip() or not rest[:1].isspace():
            return False
        inner = rest.strip().rstrip(".!")
        if inner[:1] == "(" and inner.endswith(")") and "(" not in inner[1:]:
            rest = " " + inner[1:-1]  # "C (45°)": the text in brackets after the letter
        ns = norm_text(rest)
        if not ns:
            return False
        if ns == self.opt_norm[letter]:
            twins = self.optset.case_twins.get(ns)  # "(C) Aa" where option C is "AA" and option B "Aa"
            told = self.optset.case_told(twins, rest) if twins is not None else None
            return told is not None and told != letter
        whole = self.optset.by_norm.get(ns) or self.optset.by_core.get(strip_article(ns), ())
        if len(whole) == 1 and whole[0] != letter and ns != self.opt_core[letter]:
            return True
        hit = self.exact_text(rest, ns)
        if hit is None or hit[1] == letter:
            return False
        # a number, or a set of numbers written with other spacing ("A. \\{0, 1\\}" where B is "\\{0,1\\}")
        return (hit[0] == "value" and (number(ns) is not None or "π" in ns)) or (
            "{" in ns and any(ch.isdigit() for ch in ns))

    def _names_another(self, p: str, letter: str, joins: re.Pattern[str] = _OR_AND) -> bool:
        """'4 or 6', 'a cat or a dog': the clause offers a second option after 'or' / 'and' (``joins``), or another
        value after 'or' ('60° or 120°', whether an option has it or not)."""
        # the clause is p up to the first clause break of p + " " (the space lets a final '.' end it)
        m = _CLAUSE_END.search(p)
        if m:
            clause = p[:m.start()]
        elif p and p[-1] in ".!?":
            clause = p[:-1]
        else:
            clause = p + " "
        tail = joins.split(norm_text(clause), maxsplit=1)
        if len(tail) < 2:
            return False
        rest = tail[1].strip()
        head = number(rest.split(" ")[0].rstrip("°%")) if rest else None
        for other, text in self.opt_norm.items():
            if other == letter or not text:
                continue
            if rest.startswith(text) or rest.startswith(self.opt_core[other]) or (
                    other in self.opt_num and head == self.opt_num[other]):
                return True
        # "60° or 120°": another value offered as an alternative, an option's or not ("0.5 or 1/2" restates one)
        own = self.opt_num.get(letter)
        return own is not None and head is not None and head != own and _OR.search(clause) is not None

    def letter_token(self, p: str) -> tuple[str, int] | None:
        """A clearly formatted letter at the start: (B), [b], B., B), B:, B alone, \\boxed-stripped letter."""
        m = _BRACKETED_LETTER.match(p)
        if m:
            return m.group(1).upper(), m.end()
        m = _LETTER_TOKEN.match(p)
        if m:
            ch = m.group(1)
            if ch.islower():
                # "a. the curve" is still a letter; "a." at the very end too; "i.e." is not.
                if _ABBREVIATION.match(p):
                    return None
            if ch == "I" and _APOSTROPHE_AFTER.match(p, m.end()):
                return None
            return ch.upper(), m.end()
        return None

    def _bare_letter(self, p: str) -> tuple[str, int] | None:
        """A letter followed by more words: capital letters count unless they read as an article/pronoun."""
        m = _BARE_LETTER.match(p)
        if not m:
            return None
        ch = m.group(1)
        word = _NEXT_WORD.match(p, 1)
        if ch.islower():
            if ch in "ai" and word and word.group(1).lower() not in ("because", "since", "as", "which"):
                return None
            if word and word.group(1).lower() in CONNECTORS:
                return ch.upper(), 1
            return None
        if ch in "AI" and word and word.group(1)[0].islower() and word.group(1).lower() not in CONNECTORS:
            return None  # "A decrease in loss", "I think"
        return ch, 1

    def text_at_start(self, p: str) -> tuple[str, str] | None:
        """The option whose text begins ``p`` (longest text wins; exact text beats numeric equality)."""
        # the comparison looks at most two characters past the longest option text
        np, _ = norm_head(p, self.optset.max_text + 2)
        if np and not np[0].isascii() and (np[0] in "是否对错不没有") and any(self.optset.yes_no):
            yes, no = self.optset.yes_no  # 答案是“否”: Chinese yes / no for the options Yes / No
            if np.startswith(NO_CN) and no:
                return "text", no
            if np.startswith(YES_CN) and not np.startswith("是否") and yes:
                return "text", yes
        best: tuple[int, str] | None = None
        for letter, ot in self.opt_norm.items():
            if not ot:
                continue
            if np.startswith(ot) and text_boundary_ok(np, len(ot)) and not (
                    letter in self.opt_num and part_of_larger(np, 0, len(ot))):  # "2√5" does not open with "2"
                if best is None or len(ot) > best[0]:
                    best = (len(ot), letter)
        if best is None and np[:1] in "([{\\" and self.optset.bracketed:
            best = self._bracketed_at_start(np)
        if best is None and np.startswith(("a ", "an ", "the ")):
            # "it's a convex lens" for the option "Convex lens", "the stop sign" for "Stop sign"
            core = strip_article(np)
            if core:
                for letter, ot in self.opt_core.items():
                    if ot and core.startswith(ot) and text_boundary_ok(core, len(ot)):
                        if best is None or len(ot) > best[0]:
                            best = (len(ot), letter)
        if best is None and np.startswith(_QUANTIFIERS):
            # "the answer is neither" for "Neither cup", "so both" for "Both cups": the one option opening with the word
            word = np.split(" ", 1)[0]
            if word in _QUANTIFIERS and (len(np) == len(word) or np[len(word)] in " .,;!") and " nor " not in np[:40]:
                opening = [k for k, ot in self.opt_norm.items() if ot.split(" ", 1)[0] == word]
                if len(opening) == 1:
                    best = (len(word), opening[0])
        if best is None and self.optset.acronyms:
            m = _ACRONYM_START.match(p)  # "the WHO" for "World Health Organization"
            if m and m.group(1) in self.optset.acronyms:
                best = (0, self.optset.acronyms[m.group(1)])
        if best is not None and (twins := self.optset.case_twins.get(self.opt_norm[best[1]])) is not None:
            # "Aa" among "aa", "Aa", "AA": the text as written tells them apart, or no option is read
            head = p.lstrip(_TEXT_LEAD)
            told = self.optset.case_told(twins, head[:max(len(self.options[k].strip()) for k in twins) + 1])
            if told is None:
                return None
            best = (best[0], told)
        if best is not None and best[0] and self._listed_with_others(p, best):
            return None  # "consistent with Japan, the UK, Australia and India": a list of options, not one chosen
        if best is not None:
            kind = "value" if best[1] in self.opt_num else "text"
            return kind, best[1]
        return None

    def _listed_with_others(self, p: str, best: tuple[int, str]) -> bool:
        """Does the option text opening ``p`` go on as a list, in its clause, naming another option's text
        ("Japan, the UK, Australia and India" for the options Japan, United Kingdom, Australia, India)?"""
        np, _ = norm_head(p, best[0] + 160)
        rest = np[best[0]:]
        if not rest.startswith((",", " and ", " or ")):
            return False
        clause = _LIST_CLAUSE_END.split(rest, 1)[0]
        items = {strip_article(item.strip()) for item in _LIST_SEPARATOR.split(clause)}
        return any(k != best[1] and ot and ot in items for k, ot in self.opt_norm.items())

    def _bracketed_at_start(self, np: str) -> tuple[int, str] | None:
        """(length, letter) of the one option whose set, tuple or interval opens ``np`` written with other spacing
        ("\\{0, 1\\}" for the option "\\{0,1\\}"; the brackets and the elements still have to be the same)."""
        compact = bracket_key(np[:2 * self.optset.max_text + 8])
        hits = [(len(key), letters[0]) for key, letters in self.optset.bracketed.items()
                if len(letters) == 1 and compact.startswith(key) and text_boundary_ok(compact, len(key))]
        return hits[0] if len(hits) == 1 else None

    def value_at_start(self, p: str) -> tuple[str, str] | None:
        """A number at the start that equals exactly one numeric option ("answer: 4" -> the option "4.0"),
        or an ordinal naming an option by place ("the third option")."""
        o = ORDINAL.match(p)
        if o:
            place = len(self.letters) - 1 if o.group(1).lower() == "last" else ORDINALS[o.group(1).lower()]
            if place < len(self.letters):
                return "ordinal", self.letters[place]
        o = ordinal_elsewhere(p)
        if o:  # "la segunda opción", "die dritte", "第二个选项", "두 번째"
            place = ordinal_place(o)
            if place < len(self.letters):
                return "ordinal", self.letters[place]
        optset = self.optset
        if optset.clocks or optset.dates:
            hits = optset.when_hits(p.lstrip()[:40].lower())
            if hits and hits[0][0] == 0:  # "19:30", "a quarter to ten", "March 6th" at the start
                return ("value", hits[0][2][0]) if len(hits[0][2]) == 1 else None
        m = _VALUE_START.match(p)
        if not m or part_of_larger(p, m.start(1), m.end(1)):
            return None  # "2√5", "2^2": a larger value than the number it opens with
        value = number(m.group(1))
        if value is None and "10" in m.group(1):
            value = option_number(m.group(1))  # "3.0 × 10^8": a power of ten
        if value is None:
            return None
        unit = unit_at(p, m.end())
        hits = [k for k, v in self.opt_num.items() if v == value and not unit_clash(unit, self.opt_norm[k])]
        if not hits and optset.ranges:
            hits = optset.range_hits(value)
        if len(hits) == 1:
            return "value", hits[0]
        return None

    def exact_text(self, s: str, ns: str | None = None) -> tuple[str, str] | None:
        if ns is None:
            # A normalised text longer than every option text (and its core and tail, and than any number
            # word) can only still be read as a number.
            ns, whole = norm_head(s, max(self.optset.max_compared + 5, 31))
            if not whole:
                if not NUMBER_CHARS.issuperset(ns):
                    return None
                ns = norm_text(s)
        optset = self.optset
        hits = optset.by_norm.get(ns, ())
        if not hits:
            hits = optset.by_core.get(strip_article(ns), ())
        if not hits:
            # "B12" for "Vitamin B12": the part that tells the options apart
            hits = optset.by_tail.get(ns, ())
        if not hits and optset.by_head:
            # "Country 1" for "Country 1 records the highest GDP per capita": the opening that tells it apart
            hits = optset.by_head.get(ns, ())
        if len(hits) > 1 and (twins := optset.case_twins.get(ns)) is not None:
            # "Aa" among "aa", "Aa", "AA": the case tells them apart
            told = optset.case_told(twins, s)
            hits = (told,) if told is not None else hits
        if len(hits) == 1:
            return ("value" if hits[0] in self.opt_num else "text"), hits[0]
        value = number(ns)
        unit = None
        if value is None and "π" in ns and len(ns) <= 12 and self.opt_num and all(
                self.opt_norm[k].endswith("°") for k in self.opt_num):
            radians = _RADIANS.fullmatch(ns)  # "π/4" for the option "45°": one angle in radians and in degrees
            if radians is not None and radians.group(2) != "0":
                value = int(radians.group(1) or 1) * 180 / int(radians.group(2) or 1)
        if value is None and ns[:1].isdigit() and len(ns) <= 40:
            value = option_number(ns)  # "3e8 m/s", "2 dollars": a number with a unit
            lead = _VALUE_START.match(ns)
            unit = unit_at(ns, lead.end()) if lead else None
        if value is not None:
            num_hits = [k for k, v in self.opt_num.items() if v == value and not unit_clash(unit, self.opt_norm[k])]
            if not num_hits:
                # "50%" for the option "0.5", "0.25" for "25%": the same share written two ways
                num_hits = optset.share_hits(value, "%" in ns or "percent" in ns)
            if not num_hits and optset.ranges:
                num_hits = optset.range_hits(value)
            if len(num_hits) == 1:
                return "value", num_hits[0]
        if (optset.clocks or optset.dates) and len(ns) <= 40:
            when = optset.when_hits(ns)
            if len(when) == 1 and when[0][0] == 0 and when[0][1] == len(ns) and len(when[0][2]) == 1:
                return "value", when[0][2][0]
        # the same text written with other spacing ("-1 - i" for "-1-i": its signs kept), then with other spacing
        # or markup: "18cm", "top-left", "x^2 + 1", "CO_2", "x²"
        hits = optset.by_spaced.get(spaced_key(ns), ())
        if len(hits) == 1:
            return ("value" if hits[0] in self.opt_num else "text"), hits[0]
        loose = loose_key(ns)
        hits = optset.by_loose.get(loose, ())
        if not hits and len(loose) > 3 and loose.endswith("s") and loose.isalpha():
            # a plural for a singular option: "Cats" for "Cat"
            hits = optset.by_loose.get(loose[:-1], ()) or (
                optset.by_loose.get(loose[:-2], ()) if loose.endswith("es") else ())
        if not hits and len(loose) > 5 and loose.endswith(("ward", "wards")) and loose.isalpha():
            # a direction written as an adverb: "downwards" for "down"
            hits = optset.by_loose.get(loose[: loose.rindex("ward")], ())
        if len(hits) == 1 and (ns[:1] in "-−") == (self.opt_norm[hits[0]][:1] in "-−"):
            # (the loose key drops hyphens: a minus sign is not one, "-2" is not the option "2", "-i" not "i")
            return ("value" if hits[0] in self.opt_num else "text"), hits[0]
        if optset.acronyms and len(s) <= 16:
            m = _ACRONYM_START.fullmatch(s.strip().rstrip(".!"))  # "WHO." for "World Health Organization"
            if m and m.group(1) in optset.acronyms:
                return "text", optset.acronyms[m.group(1)]
        return None

    def read_payload(self, payload: str, whole: bool) -> tuple | None:
        """What a marker's payload commits to: ("commit", letter, method or None, note), ("negated", letter)
        or None."""
        kind, letter, length = self.letter_in_payload(payload)
        if whole and kind == "none":
            exact = self.exact_text(payload)
            if exact is None:
                named = _NAMED_VALUE.match(payload)  # "\\boxed{x = 4}", "\\boxed{AB = 12\\text{ cm}}": the value named
                if named is not None:
                    exact = self.exact_text(named.group(1))
            if exact is not None:
                kind, letter = exact
        if kind == "none" and payload.lstrip(" \t\n\"'`*_$:-")[:1].isalpha() and self.optset.key_words:
            # "Answer: append" for "`list.append(x)`", "The answer is Austen." for "Jane Austen"
            clause = payload[:_clause_end(payload[:61])]
            if len(clause) <= 60 and len(clause.split()) <= 4:
                keyed = key_word(self.optset, clause.lower(), 4)
                if keyed is not None:
                    kind, letter = "text", keyed
        if kind in ("letter", "ordinal"):
            return "commit", letter, None, ""
        if kind in ("text", "value"):
            return "commit", letter, None, "option-text" if kind == "text" else "answer-value"
        if kind == "ambiguous":
            return "commit", None, "ambiguous", "the answer names more than one option"
        if kind == "invalid":
            named = self.labelled_option(letter)
            if named is not None:  # "The answer is R" for the options "Point P" ... "Point S"
                return "commit", named, None, "option-text"
            return "commit", None, "invalid-letter", f"{letter} is not one of the options"
        if kind == "negated":
            neg = self.letter_token(payload.lstrip(" :").split(None, 1)[-1] if payload.strip() else "")
            return "negated", neg[0] if neg else None
        if kind == "none" and not whole:
            said = _SENTENCE.match(payload)
            if said is not None and CANNOT_TELL.search(said.group(0)) and not _OPTION_LETTER.search(said.group(0)) \
                    and not self.optset.undetermined:  # else the option saying so is read (whole.special_option)
                return "commit", None, "refusal", "the stated answer is that it cannot be told"
        if whole and payload.strip():
            # a boxed or tagged answer we cannot map is still the model's committed answer: not an option
            return "commit", None, "none", f"committed answer {payload.strip()[:40]!r} is no option"
        return None

    def read_conclusion(self, payload: str) -> tuple[str | None, str] | None:
        """(letter, note) a conclusion's payload commits to (letter None: it names two options), or None."""
        p = payload.lstrip(" ,:")
        lead = _CONCLUSION_LEAD.match(p)
        if lead:
            p = p[lead.end():]
        found = self.letter_token(p)
        if found is None:
            m = _CAPITAL_VERDICT.match(p)
            if m:
                found = (m.group(1), 1)
        if found is not None:
            letter, length = found
            if p[length:length + 4].lstrip().startswith("?"):
                return None  # "Or maybe B?": a question, not a conclusion
            if letter in self.letter_set and self.contradicted(p, length, letter):
                # "so (C) Point C" where option C is "Point A": the label and its text name two options, neither
                return None, "the label and its text name two options"
            return (letter, "") if letter in self.letter_set else None
        hit = self.text_at_start(p)
        if hit is not None and (len(self.opt_norm[hit[1]]) >= 3 or hit[0] == "value"):
            end = _clause_end(p)
            if _CONCESSION.match(p, end) or p[end:end + 1] == "?":
                return None  # "It looks like a dog, but the ears ...": conceded; "maybe Paris?": asked
            if len(_NEGATED_PREDICATE.findall(p, 0, end)) > len(_NEGATED_PREDICATE.findall(self.options[hit[1]])):
                return None  # "so reducing the volume may not have an effect": the option said to fail
            if self._names_another(p, hit[1], _OR):
                return None, "the conclusion offers two options"  # "so 7 or 8 cubes", "so a cat or a dog"
            return hit[1], "option-text" if hit[0] == "text" else "answer-value"
        value = self.value_at_start(p)
        if value is not None and value[0] == "value":
            if self._names_another(p, value[1], _OR):
                return None, "the conclusion offers two options"
            listed = {self.value_at_start(item) for item in _LIST_ITEMS.match(p).group().split(",")[:8]} \
                if _LIST_ITEMS.match(p) else set()
            if len({hit[1] for hit in listed if hit is not None and hit[0] == "value"}) > 1:
                return None, "the conclusion lists several options"  # "12, 15 and 21 are all divisible by 3."
            return value[1], "answer-value"
        return None

    def labelled_option(self, letter: str) -> str | None:
        """``labelled_option(self.optset, letter)``."""
        return labelled_option(self.optset, letter)


def labelled_option(optset: OptionSet, letter: str) -> str | None:
    """The one option whose text holds ``letter`` (no option letter) as a label of its own, as "Point R" or "Line m"
    do, or None."""
    if letter in optset.letter_set:
        return None
    label = re.compile(rf"(?<![\w'’]){re.escape(letter)}(?![\w'’])")
    hits = [k for k, t in optset.options.items() if label.search(t)]
    return hits[0] if len(hits) == 1 else None


# ---- a letter beyond the options that is an option's value
def valued_option(optset: OptionSet, written: str) -> str | None:
    """The one option whose whole text is the letter ``written`` (with its brackets, in its case) where that letter
    is none of the options: "i" for the imaginary unit among the options "$-1$", "$1$", "$-i$", "$i$" is a value,
    not the letter I; or None."""
    symbol = written.strip(" ([{)]}.:*$")
    if len(symbol) != 1 or symbol.upper() in optset.letter_set:
        return None
    hits = [k for k, t in optset.options.items() if t.strip().strip("$").strip() == symbol]
    return hits[0] if len(hits) == 1 else None
