"""Everything that depends only on the option set, built once per distinct set (``option_set``)."""

from __future__ import annotations

import functools
import re
from typing import Callable

from ..text.patterns import lazy_compile
from .normalize import loose_key, norm_text, spaced_key, stem_word, stem_words, strip_article
from .rules import (ADVERBS, AFTER_WORDS, NEG_WORDS, NONE_ABOVE, NONE_OPTION, NOT_AFTER_LETTER, NOT_LETTER,
                    UNDETERMINED)
from .values import (CLOCK, DATE, DAY_HALF, clock_value, date_value, in_range, option_number, range_of,
                     same_clock, same_date)

_WORDS_ONLY = lazy_compile(r"[a-z]+(?:['’ -]+[a-z]+)*")
# words of an option text that can name it alone ("Austen" for "Jane Austen"): letters only, stemmed; function
# words and the vocabulary of options in general never do
KEY_TOKEN = lazy_compile(r"[^\W\d_]+|(?<!\d)\d{1,3}(?:st|nd|rd|th)\b")
_KEY_STOP = frozenset(stem_words(w) for w in (
    "with from that this than then they them their there these those have been were what when where which will "
    "would could should about into only also more most less least some such each both none above below other true "
    "false does doesn not very much many over under after before between because while here just like make made "
    "your image picture shown shows show answer option choice correct incorrect statement cannot determined "
    "information enough given data neither either all any last next "
    "behind beside besides around across through toward towards along among within without upon").split())
# a dataset's markup inside an option's text ("... irritation. [substeps] If you are ...", HellaSwag's WikiHow
# options): no part of what a reply quoting the option writes
_MARKUP_TAG = lazy_compile(r"\s*\[(?:substeps|title|header|step|steps|sub|note)\]\s*", re.I)
# "adenosine triphosphate (atp)", "atp (adenosine triphosphate)": a name and its short form
# a value with its label in brackets, one part of an option listing several: "23,500 (France)", "£23,200 (UK)"
_LABELLED_VALUE = lazy_compile(r"\s*[£$€¥]?\s*(\d[\d,]*(?:\.\d+)?%?)\s*\(([^()]{1,40})\)\s*")
_ALIASED = lazy_compile(r"([^()]+?)\s*\(([^()]+)\)")
_ACRONYM_WORDS = lazy_compile(r"[^\W\d_]+")
_ACRONYM_SKIP = frozenset("of the and for in on at to a an".split())
_YES_TEXTS = frozenset(("yes", "true", "correct", "正确", "对", "是"))
_NO_TEXTS = frozenset(("no", "false", "incorrect", "错误", "错", "否", "不正确"))

# the verb between an option and a verdict on it: "C is wrong", "C would be wrong" (a modal states the verdict too)
VERDICT_VERB = r"(?:is|are|was|were|seems?|looks?|appears?|(?:would|must|should|will|could|might)\s+be)"


# a value in one pair of brackets: a set, a tuple or an interval ("\\{0,1\\}", "(0, 1)", "[0,1)")
_BRACKETED = lazy_compile(r"(?:\\\{|[(\[{]).*(?:\\\}|[)\]}])")


# a set-builder bar written as a command after the set's variable: "\\{x \\mid x > 0\\}", "{ x \\vert ... }" (only
# there: "\\vert x \\vert" elsewhere is an absolute value, kept as written)
_SET_BUILDER_BAR = lazy_compile(r"(\s*\\?\{\s*[a-z][a-z0-9_']{0,8}\s*)(?:\\mid|\\vert|\\middle\s*\|)(?![a-z])")


def bracket_key(text: str) -> str:
    """A set, tuple or interval's normalised text without spaces, its braces without a backslash ("\\{0, 1\\}" and
    "{0,1}" give "{0,1}") and a set-builder bar as "|" ("\\{x \\mid x>0\\}" gives "{x|x>0}")."""
    if "\\" in text:
        m = _SET_BUILDER_BAR.match(text)
        if m is not None:
            text = m.group(1) + "|" + text[m.end():]
    return text.replace(" ", "").replace("\\{", "{").replace("\\}", "}")


#: auxiliaries after "it" / "they" in an option's text, which a reply stating its verb phrase may leave out
_AUXILIARIES = frozenset(("will", "would", "can", "could", "may", "might", "should", "must", "does", "do", "did"))


# an option saying every other one holds
_ALL_ABOVE = lazy_compile(r"all\s+of\s+(?:the\s+)?(?:above|these|them)(?:\s+(?:are\s+)?(?:correct|true|right))?|all\s+the\s+above|"
                          r"以上(?:都是|全部|均是|都对|皆是)")
# an option combining others: "Both A and B", "I and II", "All of the above", "either"
_COMBINED = lazy_compile(r"(?i)\bboth\b|\beither\b|\ball\s+of\s+(?:the\s+)?(?:above|these|them)\b|^\s*\S{1,4}\s+and\s+\S{1,4}\s*$")


class OptionSet:
    """Everything that depends only on the option set, built once per distinct set (see ``option_set``)."""

    def __init__(self, items: tuple[tuple[str, str], ...]) -> None:
        self.options = {k.strip().upper(): v for k, v in items}
        self.letters = list(self.options)
        self.letter_set = frozenset(self.letters)
        self.opt_norm = {k: norm_text(_MARKUP_TAG.sub(" ", v) if "[" in v else v) for k, v in self.options.items()}
        # "a cat" is also said as "cat"; "24 cm²" is the number 24 with a unit
        self.opt_core = {k: strip_article(v) for k, v in self.opt_norm.items()}
        opt_num = {k: option_number(v) for k, v in self.options.items()}
        for k, v in opt_num.items():
            if v is None and self.opt_norm[k]:  # "$3.00", "$\\frac{1}{2}$": the number under the markup
                opt_num[k] = option_number(self.opt_norm[k])
        self.opt_num = {k: v for k, v in opt_num.items() if v is not None}
        # "B12" for "Vitamin B12": the part that tells the options apart (used by OptionReader.exact_text)
        self.tails: dict[str, str] | None = None
        words = [v.split(" ") for v in self.opt_norm.values()]
        shared = 0
        if len(self.opt_norm) > 1:
            while all(len(w) > shared + 1 and w[shared] == words[0][shared] for w in words):
                shared += 1
            if shared:
                self.tails = {k: " ".join(v.split(" ")[shared:]) for k, v in self.opt_norm.items()}
        # "Country 1" for "Country 1 records the highest GDP per capita": options opening with the same word, each
        # told apart by its first words (the shortest opening no other option shares, shorter than the option)
        self.by_head: dict[str, list[str]] = {}
        if shared:
            for k, w in zip(self.opt_norm, words):
                n = next((n for n in range(shared + 1, len(w)) if not any(
                    o is not w and o[:n] == w[:n] for o in words)), 0)
                if n:
                    self.by_head[" ".join(w[:n])] = [k]
        # option letters by normalised text, core and tail (in letter order), for OptionReader.exact_text
        self.by_norm: dict[str, list[str]] = {}
        self.by_core: dict[str, list[str]] = {}
        self.by_tail: dict[str, list[str]] = {}
        for k, v in self.opt_norm.items():
            if v:
                self.by_norm.setdefault(v, []).append(k)
        # "Adenosine triphosphate (ATP)": "ATP" and "adenosine triphosphate" each name it (when no other option
        # holds them)
        self.aliases: list[tuple[str, str]] = []
        for k, v in self.opt_norm.items():
            m = _ALIASED.fullmatch(v) if "(" in v else None
            if m:
                for alias in m.groups():
                    if len(alias) >= 2 and alias not in self.by_norm and not any(
                            o != k and alias in other for o, other in self.opt_norm.items()):
                        self.aliases.append((k, alias))
                        self.by_norm[alias] = [k]
        for k, v in self.opt_core.items():
            if v:
                self.by_core.setdefault(v, []).append(k)
        for k, t in (self.tails or {}).items():
            if len(t) > 1:
                self.by_tail.setdefault(t, []).append(k)
        # option texts holding an answer word ("the answer is option C in the image"): a marker met inside one
        # quoted after its label is the option's words, not an answer (``Reader._in_option_text``)
        self.marker_texts = [ot for ot in self.opt_norm.values() if len(ot) >= 8 and any(
            word in ot for word in ("answer", "option", "choice", "pick", "correct"))]
        # lengths bounding what OptionReader.text_at_start and exact_text compare (see normalize.norm_head)
        self.max_text = max((len(v) for v in self.opt_norm.values()), default=0)
        compared = [*self.opt_norm.values(), *self.opt_core.values(), *(self.tails or {}).values()]
        self.max_compared = max((len(v) for v in compared), default=0)
        # the text searched for each option in ``content``: its core when that tells it apart
        self.search_text: list[tuple[str, str]] = []
        for letter, ot in self.opt_norm.items():
            if not ot:
                continue
            core = self.opt_core[letter]
            if core != ot and len(core) >= 3 and not any(
                    o != letter and core in other for o, other in self.opt_norm.items()):
                ot = core
            head, _, predicate = ot.partition(" ")
            if head in ("it", "they") and predicate.count(" ") >= 2 and not any(
                    o != letter and predicate in other for o, other in self.opt_norm.items()):
                # "It peaks at around 0.5": the reply may name the subject ("So the F1 peaks at around 0.5")
                ot = predicate
                aux, _, verb_phrase = predicate.partition(" ")
                if aux in _AUXILIARIES and verb_phrase.count(" ") >= 2 and not any(
                        o != letter and verb_phrase in other for o, other in self.opt_norm.items()):
                    ot = verb_phrase  # "It will lower by 1.5 cubic metres": or "lower by 1.5 cubic metres" alone
            self.search_text.append((letter, ot))
        self.search_text.extend((k, alias) for k, alias in self.aliases if len(alias) >= 3)
        if shared >= 2 and self.tails:
            # "The house is cluttered and messy." among "The house is ..." options: the reply may state only what
            # tells it apart ("the living situation is cluttered and messy"), when that is a phrase of two words or
            # more that no other option holds
            self.search_text.extend((k, t) for k, t in self.tails.items() if " " in t and not any(
                o != k and t in other for o, other in self.opt_norm.items()))
        # the options that are their own letter ("(A) A (B) B ..."): labelled things drawn in the image
        self.own_letters = frozenset(k for k, v in self.opt_norm.items() if v == k.lower())
        # Lower-case scanning of the letter patterns is valid when the letters are plain ASCII letters or digits.
        self.low_ok = all(x.isascii() and x.isalnum() for x in self.letters)
        # Pre-checks on the lower-cased text (each starts with a character class, so the scan is quick):
        # the last characters of the option letters, which come before ':' / '=' in "B: yes" (None: letters that
        # are not plain ASCII letters or digits, which get no pre-check) ...
        self.key_ends = frozenset(x[-1].lower() for x in self.letters) if self.low_ok else None
        # ... and the last character of a mention (a one-character letter or a closing bracket, not followed by
        # a letter or digit) before a word that starts a verdict (see _AFTER_ANY)
        mention_ends = "".join(sorted({re.escape(x.lower()) for x in self.letters if len(x) == 1} | {"\\)", "\\]"}))
        # ... and the end of a letter list before its verdict ("A and C are wrong": the pattern's tail after the
        # last letter, which starts with that letter's last character or a closing bracket, not followed by a
        # letter or digit)
        list_ends = "".join(sorted({re.escape(x[-1].lower()) for x in self.letters if x} | {"\\)", "\\]"}))
        self.ruled_out_hint = re.compile(
            rf"[{list_ends}](?![a-z0-9])\s*(?:,\s*)?{VERDICT_VERB}?\s*{ADVERBS}{NEG_WORDS}\b")
        self.verdict_hint = re.compile(rf"[{mention_ends}](?![a-z0-9]),?\s*(?:" + "|".join(AFTER_WORDS) + ")")

    def _letters_by(self, key_of: Callable[[str], str]) -> dict[str, list[str]]:
        """Option letters by ``key_of`` their normalised text (an empty key left out)."""
        out: dict[str, list[str]] = {}
        for k, v in self.opt_norm.items():
            key = key_of(v)
            if key:
                out.setdefault(key, []).append(k)
        return out

    @functools.cached_property
    def all_above(self) -> list[str]:
        """The options saying every other option holds: "All of the above", "All of these", "以上都是"."""
        return [k for k, v in self.opt_norm.items() if _ALL_ABOVE.fullmatch(v)]

    @functools.cached_property
    def combined(self) -> bool:
        """Does an option combine others ("Both A and B", "I and II", "All of the above", "Either")? Then a closing
        "both are correct" may name it (``closing.withdrawn``)."""
        return any(_COMBINED.search(text) for text in self.options.values())

    @functools.cached_property
    def by_spaced(self) -> dict[str, list[str]]:
        """Option letters by ``spaced_key`` of their text (built on first use)."""
        return self._letters_by(spaced_key)

    @functools.cached_property
    def by_loose(self) -> dict[str, list[str]]:
        """Option letters by ``loose_key`` of their text (built on first use)."""
        return self._letters_by(loose_key)

    @functools.cached_property
    def labelled_values(self) -> dict[str, list[tuple[float, str]]]:
        """Options that list two values or more, each with its label in brackets ("23,500 (France); 23,200 (UK)"):
        letter -> [(value, label lower-cased)]; empty unless every option is such a list."""
        out: dict[str, list[tuple[float, str]]] = {}
        for k, v in self.options.items():
            parts = [_LABELLED_VALUE.fullmatch(part) for part in v.split(";")]
            if len(parts) < 2 or not all(parts):
                return {}
            pairs = [(option_number(m.group(1)), " ".join(m.group(2).lower().split())) for m in parts]
            if any(value is None for value, _ in pairs) or len({label for _, label in pairs}) < len(pairs):
                return {}
            out[k] = pairs
        return out

    @functools.cached_property
    def case_twins(self) -> dict[str, tuple[str, ...]]:
        """Options whose texts differ only in case ("aa", "Aa", "AA": genotypes; "CO", "Co": a formula and an
        element), by their shared normalised text: the case of the reply's text tells them apart (``case_told``)."""
        out: dict[str, tuple[str, ...]] = {}
        for v, ks in self.by_norm.items():
            if len(ks) > 1 and len({self.options[k].strip() for k in ks}) == len(ks):
                out[v] = tuple(ks)
        return out

    def case_told(self, letters: tuple[str, ...], text: str) -> str | None:
        """Of ``letters`` (case twins), the one option whose text occurs in ``text`` exactly as written, as a whole
        word; None when none or several do."""
        found = [k for k in letters if re.search(
            rf"(?<![^\W_]){re.escape(self.options[k].strip())}(?![^\W_])", text)]
        return found[0] if len(found) == 1 else None

    @functools.cached_property
    def undetermined(self) -> list[str]:
        """The options saying the answer cannot be determined ("Not enough information")."""
        return [k for k, v in self.opt_norm.items() if UNDETERMINED.search(v)]

    @functools.cached_property
    def none_above(self) -> list[str]:
        """The options saying no other option is right ("None of the above")."""
        return [k for k, v in self.opt_norm.items() if NONE_ABOVE.search(v)]

    @functools.cached_property
    def acronyms(self) -> dict[str, str]:
        """"WHO" for "World Health Organization": the initials of an option's capitalised words (two or more), when
        no other option has the same initials; matched in capitals only."""
        found: dict[str, str | None] = {}
        for k, v in self.options.items():
            words = [w for w in _ACRONYM_WORDS.findall(v) if w.lower() not in _ACRONYM_SKIP]
            if len(words) >= 2 and all(w[0].isupper() and len(w) >= 3 for w in words):  # not "Point Q"
                initials = "".join(w[0] for w in words).upper()
                found[initials] = k if initials not in found else None
        return {a: k for a, k in found.items() if k is not None and a.lower() not in self.by_norm}

    @functools.cached_property
    def none_option(self) -> list[str]:
        """The options saying "none" ("None", "Neither", "Nothing", "0")."""
        return [k for k, v in self.opt_norm.items() if NONE_OPTION.fullmatch(v)]

    @functools.cached_property
    def yes_no(self) -> tuple[str | None, str | None]:
        """The letters of the options "Yes" and "No" (None where there is no such option)."""
        yes = [k for k, v in self.opt_norm.items() if v in _YES_TEXTS]
        no = [k for k, v in self.opt_norm.items() if v in _NO_TEXTS]
        return (yes[0] if len(yes) == 1 else None), (no[0] if len(no) == 1 else None)

    @functools.cached_property
    def ranges(self) -> dict[str, tuple[float, float, bool, bool]]:
        """The options naming an interval ("Between 10 and 20", "1930–1939", "Less than 10"), when two or more do."""
        found = {}
        for k, v in self.opt_norm.items():
            if k not in self.opt_num:
                r = range_of(v)
                if r is not None:
                    found[k] = r
        return found if len(found) >= 2 else {}

    @functools.cached_property
    def clocks(self) -> dict[str, tuple[int, bool]]:
        """The options that are clock times ("7:30 PM", "9:45", "noon")."""
        found = {}
        for k, v in self.opt_norm.items():
            m = CLOCK.fullmatch(v) if len(v) <= 30 else None
            if m and not ("." in v and m.group(3) is None):  # "9.15" alone is a decimal number
                value = clock_value(m)
                if value is not None:
                    found[k] = value
        return found

    @functools.cached_property
    def dates(self) -> dict[str, tuple[int | None, int, int]]:
        """The options that are calendar dates ("2024-03-06", "March 6, 2024")."""
        found = {}
        for k, v in self.opt_norm.items():
            m = DATE.fullmatch(v) if len(v) <= 30 else None
            if m:
                value = date_value(m)
                if value is not None:
                    found[k] = value
        return found

    def when_hits(self, text: str) -> list[tuple[int, int, list[str]]]:
        """(start, end, letters) for each clock time or date in ``text`` equal to a time or date option."""
        out = []
        if self.clocks:
            for m in CLOCK.finditer(text):
                value = clock_value(m)
                if value is not None:
                    if not value[1]:
                        # "a quarter past six in the morning", "9:30 at night"
                        half = DAY_HALF.match(text, m.end())
                        if half:
                            value = (value[0] % 720 + (0 if half.group(1) else 720), True)
                    out.append((m.start(), m.end(), [k for k, v in self.clocks.items() if same_clock(value, v)]))
        if self.dates:
            for m in DATE.finditer(text):
                value = date_value(m)
                if value is not None:
                    out.append((m.start(), m.end(), [k for k, v in self.dates.items() if same_date(value, v)]))
        return out

    def range_hits(self, value: float) -> list[str]:
        """The range options holding ``value``."""
        return [k for k, r in self.ranges.items() if in_range(value, r)]

    @functools.cached_property
    def short_words(self) -> dict[str, frozenset[str]]:
        """The words of three letters each option's text has (as written, lower-cased), by word: "dog" of "a dog on
        a sofa", which names that option's animal, not the "two dogs" of another."""
        out: dict[str, set[str]] = {}
        for k, v in self.opt_norm.items():
            for m in KEY_TOKEN.finditer(v):
                if len(m.group(0)) == 3:
                    out.setdefault(m.group(0), set()).add(k)
        return {w: frozenset(ks) for w, ks in out.items()}

    @functools.cached_property
    def key_words(self) -> dict[str, str]:
        """Words (stemmed, four letters or more, not function words) that occur in one option's text only."""
        owner: dict[str, str | None] = {}
        for k, v in self.opt_norm.items():
            words = set()
            for m in KEY_TOKEN.finditer(v):
                # a part of a hyphenated name ("BERT-base", "ResNet-50") names a family, not this option
                if len(m.group(0)) >= 4 and v[m.end():m.end() + 1] != "-" and v[m.start() - 1:m.start()] != "-":
                    words.add(stem_word(m.group(0)))
            for w in words:
                if w not in _KEY_STOP:
                    owner[w] = k if w not in owner else None
        return {w: k for w, k in owner.items() if k is not None}

    @functools.cached_property
    def stemmed_texts(self) -> list[tuple[str, str]]:
        """(letter, " stemmed text ") for the option texts made of words only, for ``_inflected_content``."""
        out = []
        for letter, ot in self.search_text:
            st = stem_words(ot)
            # texts with words only: "9.15" must not meet "9:15", nor "1.5" meet "1/5"
            if len(st) >= 4 and ot.isascii() and _WORDS_ONLY.fullmatch(ot):
                out.append((letter, f" {st} "))
        return out

    @functools.cached_property
    def fast_guard(self) -> tuple[str, ...]:
        """What must not occur in a short reply for ``_fast_short`` to answer it: every option's normalised text,
        core and tail (an empty one, or a letter set other than plain capitals, makes it ``("",)``, which occurs
        in every reply)."""
        if not all(len(x) == 1 and "A" <= x <= "Z" for x in self.letters):
            return ("",)
        texts = {*self.opt_norm.values(), *self.opt_core.values(), *(self.tails or {}).values()}
        # each also without spacing and markup ("boxed b" is compared as "boxedb", as "\\boxed{b}" would be)
        texts |= {loose_key(t) for t in texts}
        return ("",) if "" in texts else tuple(texts)

    @functools.cached_property
    def polar(self) -> dict[str, str]:
        """For a yes / no (true / false) option pair, each letter -> the other's; else empty."""
        yes, no = self.yes_no
        return {yes: no, no: yes} if yes and no else {}

    @functools.cached_property
    def pct(self) -> frozenset[str]:
        """The numeric options written as a percentage."""
        return frozenset(k for k in self.opt_num if "%" in self.opt_norm[k] or "percent" in self.opt_norm[k])

    def share_hits(self, value: float, reply_pct: bool) -> list[str]:
        """Numeric options equal to ``value`` when exactly one side is a percentage ("50%" and "0.5")."""
        hits = []
        for k, v in self.opt_num.items():
            opt_pct = k in self.pct
            if opt_pct == reply_pct:
                continue
            other = value / 100 if reply_pct else value * 100
            if abs(other - v) <= 1e-9 * max(1.0, abs(v)):
                hits.append(k)
        return hits

    @functools.cached_property
    def listed(self) -> dict[str, re.Pattern[str]]:
        """"(B) text of B": an option quoted with its label, for ``leading`` (compiled on first use)."""
        return {x: re.compile(rf"[\(\[]?{x.lower()}[\)\].:]\s*{re.escape(self.opt_norm[x])}")
                for x in self.letters if self.opt_norm[x]}

    @functools.cached_property
    def pats(self) -> _LetterPatterns:
        """The patterns naming the option letters (compiled on first use, like the plain reader did)."""
        return _LetterPatterns(self.letters, self.low_ok)

    # ---- sets, tuples and intervals compared whatever their spacing
    @functools.cached_property
    def bracketed(self) -> dict[str, list[str]]:
        """Options whose whole text is one bracketed value (a set, tuple or interval: "\\{0,1\\}", "(0, 1]"), by that
        text without spaces, so that "\\{0, 1\\}" meets "\\{0,1\\}" while "(0,1)" stays apart from "[0,1]" (built on
        first use)."""
        out: dict[str, list[str]] = {}
        for k, v in self.opt_norm.items():
            if _BRACKETED.fullmatch(v):
                out.setdefault(bracket_key(v), []).append(k)
        return out

    @functools.cached_property
    def bracketed_found(self) -> list[tuple[str, re.Pattern[str]]]:
        """(letter, pattern) finding each option of ``bracketed`` (told apart by its key) in a normalised reply
        with any spacing inside it, its braces written with or without a backslash (compiled on first use)."""
        escaped = {"{": r"\\?\{", "}": r"\\?\}", "|": r"(?:\||\\mid(?![a-z])|\\vert(?![a-z]))"}
        return [(letters[0], re.compile(r"\s*".join(escaped.get(ch) or re.escape(ch) for ch in key)))
                for key, letters in self.bracketed.items() if len(letters) == 1]


class _LetterPatterns:
    """Patterns built from the option letters, for ``_scan_mentions``."""

    def __init__(self, letters: list[str], low_ok: bool) -> None:
        letter_alt = "|".join(letters)
        self.neg_after, self.neg_before, self.affirm = self._verdicts(letter_alt, re.I)
        if low_ok:
            # twins for the lower-cased text: the same patterns with the letters in lower case, no flag
            self.neg_after_low, self.neg_before_low, self.affirm_low = self._verdicts(letter_alt.lower(), 0)
        self.named = re.compile(rf"(?<![A-Za-z])({letter_alt})(?![A-Za-z0-9])")
        self.listed_before = re.compile(rf"(?:{letter_alt})[\)\]]?\s*(?:or|and|nor)\s*$")
        self.bracket = re.compile(rf"\(({letter_alt})\)(?=\s*(?:[.!,;]|$))")
        self.option_lines = re.compile(
            rf"(?m)^[ \t>*-]*(?:\d+[.)]\s*)?[\(\[]?({letter_alt})(?:[\)\].:]|\s+[-–—])\s*(.*)$")

    @staticmethod
    def _verdicts(letter_alt: str, flags: int) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
        """The patterns for "A and C are wrong", "not B" and "B: yes" over the letters ``letter_alt``."""
        ref = rf"(?:options?\s+|choices?\s+)?[\(\[]?(?:{letter_alt})[\)\]]?"
        group = rf"{NOT_AFTER_LETTER}{ref}(?:\s*(?:,|and|or|&|/|nor)\s*(?:,\s*)?(?:and\s+)?{ref})*{NOT_LETTER}"
        neg_after = re.compile(
            rf"({group})\s*(?:,\s*)?{VERDICT_VERB}?\s*{ADVERBS}{NEG_WORDS}\b", flags)
        neg_before = re.compile(
            # "does not correspond to option (B)", "doesn't match (C)": the value said not to be that option's (read
            # from the negation, where the hints find it)
            rf"(?:n't (?:correspond|match|equal|fit)\s+(?:to\s+|with\s+)?|"
            rf"\b(?:not\s+(?:correspond|match|equal|fit)\s+(?:to\s+|with\s+)?|not|non|eliminate|eliminating|"
            rf"rule\s+out|ruling\s+out|exclude|excluding|except|rather\s+than|instead\s+of|neither|nor|discard|"
            rf"remove|cross\s+out|"
            rf"(?:wrong|incorrect|a\s+mistake|an\s+error|unwise)\s+to\s+(?:pick|choose|select|go\s+with)|"
            # an answer word qualified as wrong: "Incorrect choice: (B)", "Wrong answer: C", "the wrong option is A"
            # (not a predicate running into the next line: "All options are incorrect Answer: (C)")
            rf"(?<!\bare\s)(?<!\bis\s)(?<!\bwere\s)(?<!\bwas\s)(?:incorrect|wrong|false)\s+"
            rf"(?:answers?|choices?|options?)"
            rf"\s*(?:is|are|:|=|-)?))\s*({group})|"
            rf"(?:排除|不是|不选)\s*({group})", flags)
        affirm = re.compile(
            rf"{NOT_AFTER_LETTER}({letter_alt})(?:\s*[:=]\s*(yes|no|true|false|correct|incorrect|wrong|right)\b|"
            rf"[\s:.)|]*([✅✔✓☑❌✗✘×]))", flags)  # "|" for a table row "| B | ✓ |"
        return neg_after, neg_before, affirm


@functools.lru_cache(maxsize=512)
def option_set(items: tuple[tuple[str, str], ...]) -> OptionSet:
    """The option set for ``(letter, text)`` pairs, built once per distinct set."""
    return OptionSet(items)
