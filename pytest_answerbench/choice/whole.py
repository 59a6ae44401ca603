"""Forms that read the reply as a whole: the reply is only a letter or an option's text (``sole``), opens with an
option label (``leading``), says "cannot be determined" / "none of these" (``special_option``), says its value is
none of the options (``none_among``), is a short reply with one capital letter (``lone_letter``), or was cut off
before it answered (``cut_off``)."""

from __future__ import annotations

import re
from itertools import islice

from ..text.patterns import lazy_compile
from .normalize import SHRINK_DELETE, SHRINKING, norm_text
from .optionset import OptionSet
from .payload import NO_CN, YES_CN, labelled_option, valued_option
from .reader import Reader
from .result import ChoiceResult, Commit
from .rules import (CONNECTORS, FIRST_THOUGHT, NONE_ABOVE, NONE_REPLY, NONE_SHORT, NOT_AFTER_LETTER, NOT_LETTER,
                    OTHERS_CLAUSE, REFUSAL, SUB_PART_OPENER, UNDETERMINED, ordinal_elsewhere)
from .scan import present

_SOLE_PREFIX = lazy_compile(r"(?:the\s+)?(?:correct\s+|final\s+)?(?:answer|option|choice|letter)\s*(?:is)?\s*[:：\-]?\s*",
                          re.I)
_SOLE_LABEL = lazy_compile(r"(?:option|choice|选项|答案)\s*[:：]?\s*", re.I)
_SOLE_LETTER = lazy_compile(r"[>\s]*+[\"'`‘“]?[\(\[\{<]?\s*+([A-Za-z])\s*+[\)\]\}>]?[\"'`’”]?\s*+[.:;!,)]?")
_OPEN_BRACKET = lazy_compile(r"[\(\[]")
# a reply made of option labels only: "(A) (B) (C) (D)", "A, B, C, D", "A.\nB.\nC."
_LIST_NUMBER = lazy_compile(r"\s*\d{1,2}[.)]\s+")  # "1) (B) (C) (D)": a list's number before the labels
_BRACKETED_ONLY = lazy_compile(r"(?:[\s,;]*[\(\[][A-Za-z][\)\]])+[\s,;.]*")
_LABELS_ONLY = lazy_compile(r"(?:[\s,;]*(?:[\(\[][A-Za-z][\)\]]|[A-Z][.):]?)(?![A-Za-z0-9]))+[\s,;.]*")
_LABEL = lazy_compile(r"[A-Za-z]")
_SOLE_ORDINAL = lazy_compile(r"(?:the\s+)?(?:answer\s+is\s+)?(?:the\s+)?(\w+\s+(?:option|choice|one))[.!]?", re.I)
_SOLE_PLACE = lazy_compile(r"(?:the\s+)?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+"
                         r"([a-z]+)\s*[.!]?", re.I)
# "..., which doesn't appear among the choices": the reply's own value is none of the options
_NOT_AMONG = lazy_compile(
    r"(?:\bnot|n't)\s+(?:(?:appear|listed|present|found|given|shown|offered|included|match\w*|\w+)\s+){0,2}"
    r"(?:among|in|one\s+of|any\s+of)\s+the\s+(?:given\s+|listed\s+|provided\s+|available\s+|answer\s+)?"
    r"(?:options|choices)")
_LONE_CAPITAL = lazy_compile(rf"{NOT_AFTER_LETTER}([A-Z]){NOT_LETTER}")
_LOWER_WORD = lazy_compile(r"\s+([a-z]+)")
# a lower-case word that is no connector, after "right" / "correct": "A right angle", "A correct proof"
_NOUN_AFTER = lazy_compile(r"\s+(?!(?:because|since|as|and|or|but|so|for|here|now|then|answer|option|choice)\b)[a-z]{3,}\b")
# a letter being given a value ("C = 2πr = 6π"): a quantity's name
_DEFINED = lazy_compile(r"\s*+=(?!=)")
_NONE_WORDS = ("no", "neither", "zero")  # what every rules.NONE_REPLY match holds
_SENTENCE_END_BREAK = lazy_compile(r"[.!?\n]\s+(?=\S)")
_ELISION = lazy_compile(r"['’][^\W\d_]{2}")
# "Option C: D" names option C; a few-shot answer prefix "A:" before a label ("A: (C) Aquarium", "A:E. Rain
# Forest") is "Answer:", not option A
_LEAD_OPTION_WORD = lazy_compile(r"(?:option|choice)\s+(?=[\(\[]?[A-Z][\)\]]?\s*[:.)])"
                               r"|(?-i:A|Ans)\s*[:：]\s*(?=[\(\[][A-Z][\)\]]|[A-Z]\s*[.:)])", re.I)
_LEAD_LABEL = lazy_compile(r"[\(\[]\s*+([A-Za-z])\s*+[\)\]]|([A-Z])\s*+(?:[.:)\]]|,|[-–—]\s)|([a-z])\s*+[.)](?!\w\.)")
# "A, B", "(C) or (D)", "(c) and (d)", "c or d": a list of labels (a lower-case second one bracketed or standing alone)
_LEAD_LIST = lazy_compile(r"[\(\[]?[A-Ja-j][\)\]]?\s*(?:,|/|&|\bor\b|\band\b)\s*"
                          r"(?:[\(\[]?[A-J][\)\]]?|[\(\[][a-j][\)\]]|[a-j](?![\w'’])(?!\s+[a-z]))(?![A-Za-z])")
# an opening label conceded: "C. is tempting, but ...", "(C) looks like the obvious pick, but ..."
_LABEL_CONCEDED = lazy_compile(r"\s*(?:is|was|seems|looks|sounds|appears|(?:might|may|could)\s+(?:seem|look|sound|appear))"
                               r"\s+(?:like\s+)?(?:\w+\s+)?(?:tempting|appealing|attractive|a\s+trap|a\s+distractor|"
                               r"the\s+obvious\s+(?:pick|choice|answer))\b[^.!?\n]{0,80}?\bbut\b", re.I)
_LINE_LABELS = lazy_compile(r"(?m)^[ \t>*-]*[\(\[]?([A-J])[\)\].:]")
# labels opening sentences within a line: "Option A: ... Option B: ... Option C: ... So D.", "A. The filings
# cluster. B. The compass deflects. C. ...": the first three options in order go through the options, they choose
# none ("C. A: too weak. B: needs contact." opens with its choice, then rules out the others)
_SENTENCE_LABELS = lazy_compile(r"(?:^|(?<=[.!?;]\s))\s*+(?:\*\*)?((?i:option|choice)\s+)?[\(\[]?([A-J])[\)\].:](?=\s)")
_LEAD_TEXT_END = frozenset(",.;:!—–-。，；：！")
# A reply whose opening clause is a bare verdict on the statement or question ("Nope, ...", "That's correct — ...",
# "This statement is not true: ..."), for options that are a polar pair
_POLAR_STATEMENT = r"(?:(?:this|that|the|it)(?:\s+(?:statement|claim|sentence|assertion))?\s*(?:is|'s|’s)|that(?:'s|’s))"
_OPENING_NO = lazy_compile(
    rf"(?:no|nope|nah|not\s+really|not\s+at\s+all|negative|false|incorrect|untrue|wrong|"
    rf"{_POLAR_STATEMENT}\s+(?:not\s+(?:true|correct|right|accurate)|false|incorrect|wrong|untrue|inaccurate))"
    rf"\s*(?:[,.;:!—–-]|$)")
_OPENING_YES = lazy_compile(
    rf"(?:yes|yeah|yep|yup|correct|true|indeed|affirmative|"
    rf"{_POLAR_STATEMENT}\s+(?:true|correct|right|accurate))\s*(?:[,.;:!—–-]|$)")
# A reply cut off mid-sentence: it ends, with no closing punctuation, on a lower-case word no sentence ends with (an
# article, a conjunction, "of", "gives", "whether", a possessive) or on "this option" and the like
_CUT_WORDS = frozenset(
    "the a an of to into onto between and or but because if whether than as gives give giving yields another its "
    "their our your my we let let's such each every very thus hence therefore then which when where while since "
    "with for from by is are equals be so".split())
# "I think so", "I guess so": a complete closing, not a reply cut off after "so"
_SO_COMPLETE = lazy_compile(r"\b(?:think|believe|guess|hope|suppose|say|said|seems|appears|not|do|did|is|so)\s+$", re.I)
_CUT_NOUNS = frozenset("option choice one step case answer value".split())
_CUT_DETERMINERS = frozenset("this that the each every which".split())
_CUT_MARKS = frozenset(",:(=+-–—")
# a closing answer marker with nothing after it, right after a finished sentence
_EMPTY_LAST_MARKER = lazy_compile(r"[.!?。][*$)\]\s]*\s(?:\*\*)?(?:final\s+)?answer(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*\Z", re.I)
_COMPLETE_END = frozenset(".!?)]}\"'`*>。！？")  # a reply ending so is no cut-off one (the common case)


def _sole_prefix(flat: str) -> tuple[str, bool]:
    """The reply without "The answer is" / "Option" before what may be its letter, and whether it had none."""
    s = flat.strip()
    bare = True  # no "The answer is" / "Option" before the letter
    m = _SOLE_PREFIX.match(s)
    if m:
        s = s[m.end():]
        bare = bare and not m.group(0).strip()
    m = _SOLE_LABEL.match(s)
    if m:
        s = s[m.end():]
        bare = bare and not m.group(0).strip()
    return s.strip(), bare


def sole_letter(flat: str, optset: OptionSet) -> ChoiceResult | None:
    """The reply (its flat text, with no bold letter) is a letter in any dress: "B", "(b)", "B.", "The answer is
    (B).", "Option C"; None when it is something else. The first half of ``sole``, and the fast path of
    ``infer_choice`` for replies the normalisation leaves as they are (``fast.py``)."""
    s, bare = _sole_prefix(flat)
    return _letter_reply(s, bare, optset, False)


def _letter_reply(s: str, bare: bool, optset: OptionSet, bold: bool) -> ChoiceResult | None:
    """``sole_letter`` on the reply without its prefix (``bare``: it had none; ``bold``: it holds a bold letter)."""
    m = _SOLE_LETTER.fullmatch(s)
    if m is None:
        return None
    letter = m.group(1).upper()
    method = "bold" if bold else ("bracket" if _OPEN_BRACKET.search(s) else "sole-letter")
    if letter in optset.letter_set:
        if bare and method == "sole-letter" and optset.by_norm.get(letter.lower(), [letter])[0] != letter:
            # options like {"A": "B", "C": "D", "D": "A"}: a bare "D" may be letter D or the text of C
            return ChoiceResult(None, "ambiguous", f"{letter} is a letter and the text of another option")
        return ChoiceResult(letter, method, f"the reply is the letter {letter}")
    named = labelled_option(optset, letter)
    if named is not None:
        return ChoiceResult(named, "option-text", f"the reply is {letter}, the label in option {named}'s text")
    valued = valued_option(optset, m.group(1))
    if valued is not None:
        return ChoiceResult(valued, "answer-value", f"the reply is {m.group(1)}, the value of option {valued}")
    return ChoiceResult(None, "invalid-letter", f"the reply is {letter}, which is not one of the options")


def sole(reader: Reader) -> ChoiceResult | None:
    """The whole reply is a letter (in any dress) or exactly one option's text."""
    s, bare = _sole_prefix(reader.flat)
    found = _letter_reply(s, bare, reader.optset, bool(reader.bold) and "**" in reader.text)
    if found is not None:
        return found
    number = _LIST_NUMBER.match(s) if len(s) <= 8 * len(reader.letters) + 4 else None
    listed = s[number.end():] if number is not None else s
    if len(listed) <= 8 * len(reader.letters) and _LABELS_ONLY.fullmatch(listed):
        # "(A) (B) (C) (D)": every option's label in turn, each once, and nothing else, is no choice; so are
        # several options' labels and nothing else ("1) (B) (C) (D)": a list echoed, or a hedge between them)
        labels = [m.group(0).upper() for m in _LABEL.finditer(listed)]
        if labels == reader.letters and len(reader.letters) > 1:
            return ChoiceResult(None, "none", "the reply lists every option's label in turn and nothing else")
        if len(set(labels)) > 1 and set(labels) <= reader.optset.letter_set and _BRACKETED_ONLY.fullmatch(listed) \
                and not any(len(t) == 1 and t != k.lower() for k, t in reader.opt_norm.items()):
            # (in brackets, each: "Answer: C D" is C and a stray D; and not where options are other letters, "Option
            # B: A" for {"A": "C", "B": "A", ...})
            return ChoiceResult(None, "none", "the reply lists several options' labels and nothing else")
    ordinal = _SOLE_ORDINAL.fullmatch(s) if reader.may_hold(("option", "choice", "one")) else None
    if ordinal:
        hit = reader.value_at_start(ordinal.group(1))
        if hit is not None and hit[0] == "ordinal":
            return ChoiceResult(hit[1], "ordinal", f"the reply names option {hit[1]} by its place")
    # "La segunda opción.", "第二个选项": a place named in another language
    if len(s) < 40 and s.count(" ") <= 4 and ordinal_elsewhere(s.rstrip(" .!。"), whole=True):
        hit = reader.value_at_start(s)
        if hit is not None and hit[0] == "ordinal":
            return ChoiceResult(hit[1], "ordinal", f"the reply names option {hit[1]} by its place")
    named = _SOLE_PLACE.fullmatch(s) if len(s) < 40 else None
    if named:
        # "The second image." for the options "Image 1", "Image 2": a place among options sharing a noun
        noun = named.group(2).lower()
        if all(v.split(" ", 1)[0].rstrip("s") == noun.rstrip("s") for v in reader.opt_norm.values()):
            hit = reader.value_at_start(f"{named.group(1)} option")
            if hit is not None and hit[0] == "ordinal":
                return ChoiceResult(hit[1], "ordinal", f"the reply names option {hit[1]} by its place")
    exact = None if _too_long_for_an_option(reader) else reader.exact_text(reader.flat, reader.flat_norm)
    if exact is not None:
        kind, letter = exact
        return ChoiceResult(letter, "option-text" if kind == "text" else "answer-value",
                            f"the reply is the text of option {letter}")
    return None


def none_among(reader: Reader) -> ChoiceResult | None:
    """"It takes 3.5 s, which is not one of the options." with no option letter after it: no choice."""
    low = reader.low if reader.fold_ok else reader.flat.lower()
    if "option" not in low and "choice" not in low:
        return None
    m = None
    for m in _NOT_AMONG.finditer(low):
        pass
    if m is None or any(x.group(1) in reader.letter_set for x in _LONE_CAPITAL.finditer(reader.flat, m.end())):
        return None
    return ChoiceResult(None, "refusal", "the reply says its answer is none of the options")


def _too_long_for_an_option(reader: Reader) -> bool:
    """True when ``exact_text(reader.flat)`` is surely None, told without normalising the text: an ASCII
    reply with no LaTeX whose normalised form starts with a letter (so it is no number) and is longer than
    every option text, core, tail and number word."""
    flat = reader.flat
    if not reader.ascii or "\\" in flat:
        return False
    rest = flat.lstrip(SHRINKING)
    if not rest or not rest[0].isalpha():
        return False
    # every character outside SHRINKING survives normalisation: a lower bound on the normalised length,
    # counted on a prefix first (enough for a long reply), then on the whole text
    need = max(reader.optset.max_compared + 4, 30)  # 30: number words ("twenty-five percent")
    head = flat[: 2 * need + 16]
    if len(head.translate(SHRINK_DELETE)) > need:
        return True
    return len(head) < len(flat) and len(flat.translate(SHRINK_DELETE)) > need


def _given_up(flat: str, pos: int) -> bool:
    """Is ``pos`` inside a first thought the reply gives up ("X seemed right at first, but ...")?"""
    if "first" not in flat and "initially" not in flat:
        return False
    return any(m.start() <= pos < m.end() for m in FIRST_THOUGHT.finditer(flat))


# a reply opening by saying every option holds: "All of them —", "All of them hold: ...", "All three are renewable.",
# "以上都是"
_ALL_REPLY = lazy_compile(r"\s*(?:\*\*)?\s*(?:(?i:all\s+of\s+(?:them|these|those|the\s+above)|all\s+(?:three|four|five)"
                          r"(?:\s+of\s+them)?|they\s+(?:all\s+are|are\s+all))(?:\s+(?:are\s+)?[a-z]+(?:\s+[a-z]+){0,4})?"
                          r"\s*(?:\*\*)?\s*(?:[.;:!—–]|\s-\s|$)|(?:以上都是|都是)(?:[。，！]|$))")
# statements all judged true: "All of them are true." (which answers "Which is false?" with none, "Which is true?"
# with all: only the question tells, so no choice is read from it)
_ALL_TRUE = lazy_compile(r"(?i)\b(?:true|correct|valid|right|false)\b")
# what keeps such a reply from saying every option holds: an exception, a denial, a doubt, a turn
_ALL_DENIED = lazy_compile(r"(?i)\b(?:except|apart|but|only|not|no|never|none|neither|nor|wrong|incorrect|false|wait|seems?|"
                           r"first\s+glance|although|however|hmm|unsure|sure|maybe|perhaps|partially|partly|mostly|"
                           r"somewhat)\b|n't\b|\.\.\.|…|错|不|没有|除了|但")


# two options named together as both right in the closing sentence: "Both **A** and **B** are solutions."
_BOTH_LETTERS = lazy_compile(r"(?i)\bboth\s+(?:options?\s+|choices?\s+)?[*(]*([A-J])[*)]*\s+and\s+(?:options?\s+)?[*(]*([A-J])[*)]*"
                             r"(?:\s+(?:are\s+(?:both\s+)?(?:correct|true|right|valid|solutions?|roots?|answers?)|work|hold|"
                             r"satisfy)\b|\s*[.!]?\s*$)"
                             # "所以 A 和 C 都对", "A、C 都正确": two letters said both right, in Chinese
                             r"|(?<![A-Za-z、，,和与及])(?<![、，,和与及]\s)([A-J])\s*(?:和|与|、|及)\s*([A-J])(?![A-Za-z])\s*"
                             r"(?:选项\s*)?都(?:对|正确|是正确的|满足|成立)")  # (not the end of a longer list: "A、B、C 都对")
# both statements said true: "Both statements are true.", "Both of them are correct."
_BOTH_TRUE = lazy_compile(r"(?i)^\W*(?:so\s+|thus\s+|hence\s+|therefore\s*,?\s+)?both\s+(?:statements|claims|of\s+them)\s+"
                          r"(?:are|is)\s+(?:true|correct|valid)\s*[.!]?\s*$")
# a reply closing "..., so both." (both of what it checked hold)
_SO_BOTH = lazy_compile(r"(?i)(?:^|,|;)\s*(?:so|thus|hence|therefore)\s+both\s*[.!]?\s*$")
# every statement said to hold: "All three statements hold.", "All four are true."
_EVERY_STATEMENT = lazy_compile(r"(?i)^\W*(?:so\s+|thus\s+|hence\s+)?all\s+(?P<n>three|four)(?:\s+(?:statements|claims|of\s+them))?\s+"
                                r"(?:hold|are\s+(?:true|correct|valid))\s*[.!]?\s*$")
# a roman numeral naming a statement in an option ("I", "II", "III", "IV")
_ROMAN = lazy_compile(r"\b(?:iv|iii|ii|i)\b")
# an option saying both of two others: "Both 1 and 2", "Both I and II", "Both A and B"
_BOTH_OPTION = lazy_compile(r"both\s+(?:\(?(?P<a>.{1,40}?)\)?)\s+and\s+\(?(?P<b>.{1,40}?)\)?")
# what a closing sentence naming two options may not hold: a negation, a condition, a turn, a hedge
_BOTH_TURNS = lazy_compile(r"(?i)\b(?:not|neither|nor|if|but|maybe|perhaps|might|could|only|however|although)\b|n't\b")


def _bare_value(text: str) -> str:
    """An option's text without a letter naming it ("x=1" is 1)."""
    return re.sub(r"^\s*[a-z]\s*=\s*", "", text)


# a closing sentence naming the statements that hold: "Statements I and III are true.", "So only I and III are correct."
_NUMERALS = r"(?:I{1,3}|IV)(?:\s*(?:,|(?i:and)|,\s*(?i:and))\s*(?:I{1,3}|IV)){1,3}"  # "I and III", "I, II and III"
_STATEMENTS_TRUE = lazy_compile(r"(?i:(?:so|thus|hence|therefore)\s*,?\s+)?(?i:only\s+)?(?i:statements?\s+)?(?P<which>"
                                + _NUMERALS + r")\s+(?i:are|hold)(?:\s+(?i:true|correct|valid))?\s*[.!]?"
                                r"|(?i:so|thus|hence|therefore)\s*,?\s+(?i:statements?\s+)?(?P<listed>" + _NUMERALS
                                + r")\s*[.!]?")  # ("So statements I and III.")


def both_named(reader: Reader) -> ChoiceResult | None:
    """The closing sentence naming two options as both right ("Both **A** and **B** are solutions.") chooses the one
    option saying both of them, by their letters or texts ("Both 1 and 2"), and commits to none when no option does;
    "Both statements are true." chooses the one option opening "Both" ("Both I and II"), "All three statements
    hold." the one option listing three statements ("I, II and III"), and "Statements I and III are true." the one
    option listing exactly those ("I and III only"); else None."""
    flat = reader.flat.rstrip()
    tail = flat[-200:].lower()
    if "both" not in tail and "all " not in tail and "statement" not in tail and " I" not in flat[-60:] \
            and "都" not in tail:
        return None
    last = flat[max((m.end() for m in _SENTENCE_END_BREAK.finditer(flat[:-1])), default=0):].strip()
    listed = _STATEMENTS_TRUE.fullmatch(last) if "statement" in last.lower() or " I" in last else None
    if listed:
        said = set(_ROMAN.findall((listed.group("which") or listed.group("listed")).lower()))
        opts = reader.optset.opt_norm
        exact = [k for k, v in opts.items() if set(_ROMAN.findall(v)) == said]
        if len(exact) == 1:
            # "Statements I and III are true." with options "I only", "II only", "I and III only", ...: the option
            # listing exactly those statements
            return ChoiceResult(exact[0], "option-text", f"the reply says statements {', '.join(sorted(x.upper() for x in said))} are true, "
                                                         f"which option {exact[0]} lists")
        return None
    if "both" not in tail and "all " not in tail and "都" not in tail:
        return None
    if _BOTH_TURNS.search(last):
        return None
    opts = reader.optset.opt_norm
    both = {k: m for k, v in opts.items() if (m := _BOTH_OPTION.fullmatch(v))}
    named = _BOTH_LETTERS.search(last)
    if named:
        pair = {(named.group(1) or named.group(3)).upper(), (named.group(2) or named.group(4)).upper()}
        if len(pair) != 2 or not pair <= set(opts):
            return None
        joined = [k for k, m in both.items() if k not in pair and all(
            x.lower() in (m.group("a"), m.group("b")) or _bare_value(opts[x]) in (m.group("a"), m.group("b")) for x in pair)]
        if len(joined) == 1:
            return ChoiceResult(joined[0], "option-text", f"the reply names options {' and '.join(sorted(pair))} both, "
                                                          f"which option {joined[0]} says")
        if not joined and not re.search(r"[A-J]", last[named.end():]):
            return ChoiceResult(None, "hedge", f"the reply names options {' and '.join(sorted(pair))} both right, and no "
                                               "option says both")
        return None
    every = _EVERY_STATEMENT.search(last)
    if every:
        count = {"three": 3, "four": 4}[every.group("n").lower()]
        listing = [k for k, v in opts.items() if len(set(_ROMAN.findall(v))) == count]
        if len(listing) == 1:
            # "All three statements hold." with options "I only", ..., "I, II and III": the option listing them all
            return ChoiceResult(listing[0], "option-text", f"the reply says all {count} statements hold, which option "
                                                           f"{listing[0]} lists")
    opening = [k for k, v in opts.items() if v.startswith("both")]
    if len(opening) == 1 and (_BOTH_TRUE.match(last) or _SO_BOTH.search(last)):
        letter = opening[0]
        return ChoiceResult(letter, "option-text", f"the reply says both are true, which option {letter} says")
    return None


def special_option(reader: Reader) -> ChoiceResult | None:
    """A reply saying "it cannot be determined" or "none of these" when exactly one option says that."""
    flat = reader.flat
    for pattern, letters, what in ((UNDETERMINED, reader.optset.undetermined, "cannot be determined"),
                                   (NONE_ABOVE, reader.optset.none_above, "none of the options")):
        said = pattern.search(flat) if len(letters) == 1 else None
        if said is not None and not _given_up(flat, said.start()):
            return ChoiceResult(letters[0], "option-text", f"the reply says {what}, which option {letters[0]} says")
    alls = reader.optset.all_above
    said = _ALL_REPLY.match(flat) if len(alls) <= 1 else None
    if said is not None and said.group().rstrip().endswith(":") and _ALL_TRUE.search(said.group()):
        said = None  # ("All of them are true: ..." judges statements, as "All of them are true." closing a reply does)
    if said is not None and not _given_up(flat, said.start()) and not _ALL_DENIED.search(flat):
        # "All of them — solar, wind and hydroelectric power are all renewable.": the option saying all of the above;
        # "All of them do — each one is a regular figure ...": none when no option says so
        if not alls:
            if any(text and re.search(r"\b%s\b" % re.escape(text), said.group().lower())
                   for text in reader.optset.opt_norm.values()):
                return None  # ("All three objects are fuzzy.", "They are all shiny.": the property, an option's text)
            return ChoiceResult(None, "ambiguous", "the reply says all of them, which no option says")
        return ChoiceResult(alls[0], "option-text", f"the reply says all of them, which option {alls[0]} says")
    closing = flat.rstrip()
    closing = closing[max((m.end() for m in _SENTENCE_END_BREAK.finditer(closing[:-1])), default=0):] \
        if len(alls) == 1 else ""
    said = _ALL_REPLY.fullmatch(closing.strip()) if closing and "all" in closing.lower() else None
    if said is not None and not _ALL_DENIED.search(closing) and not _ALL_TRUE.search(closing) \
            and not _given_up(flat, len(flat) - len(closing)):
        # "Momentum is conserved ..., kinetic energy is conserved ..., and total energy is always conserved. All of them
        # are conserved.": the closing sentence saying every option holds, the others its reasons
        return ChoiceResult(alls[0], "option-text", f"the closing sentence says all of them, which option {alls[0]} says")
    nones, pattern = reader.optset.none_option, NONE_REPLY
    if not nones:  # "None." for "None of the above": the short forms only
        nones, pattern = reader.optset.none_above, NONE_SHORT
    if len(nones) == 1 and (not reader.fold_ok or present(reader.low, _NONE_WORDS)):
        # "None.", "Neither of them.", "There are no cats in the image." (in a short reply or its last sentence)
        last = flat if len(flat) <= 200 and len(flat.split()) <= 25 else flat[
            max((m.end() for m in _SENTENCE_END_BREAK.finditer(flat)), default=0):]
        said = pattern.search(last.strip())
        if said is None or _given_up(last.strip(), said.start()):
            return None
        refusal = REFUSAL.pattern.search(flat)  # "There is no image provided": a refusal, not "none"
        if refusal is None or refusal.group(0).lower().startswith("none"):
            return ChoiceResult(nones[0], "option-text", f"the reply says there is none, which option {nones[0]} says")
    return None


def leading(reader: Reader) -> Commit | None:
    """A reply that starts with an option label: 'C. The loss ...', '(B) because ...', 'B, no wait, D'."""
    s = reader.flat.lstrip()
    prefix = _LEAD_OPTION_WORD.match(s)  # "Option C: D" names option C whatever follows
    m = _LEAD_LABEL.match(s, prefix.end() if prefix else 0)
    if not m:
        return _leading_text(reader, s)
    letter = (m.group(1) or m.group(2) or m.group(3)).upper()
    if m.group(3) and letter == "I":
        return None
    if _LEAD_LIST.match(s):
        return None  # "A, B, C, D" / "A or C": a list, not a label
    if _sub_part(s, m):
        return None  # "(a) First, ...": the first part of a worked answer, not option A
    if _LABEL_CONCEDED.match(s, m.end()):
        return None  # "**C.** is tempting, but ...": the label is the subject of a concession, not the answer
    low = norm_text(s)
    listed_patterns = reader.optset.listed
    listed = {x for x in reader.letters if reader.opt_norm[x] and reader.opt_norm[x] in low
              and listed_patterns[x].search(low)}
    if len(listed) >= 2:
        return None  # "(B) text of B (C) text of C": the options listed, not one chosen
    lines = _LINE_LABELS.findall(s)
    if len(set(lines) & reader.letter_set) >= 3 or lines[:2] == reader.letters[:2] or \
            _walks_through(s, reader.letters):
        # the reply starts by listing the options ("A. foo\nB. bar\n정답: E"), not by choosing one
        return None
    if letter not in reader.letter_set:
        return None
    if reader.contradicted(s, m.end(), letter):
        # "(C) Point C" where option C is "Point A" and option A "Point C": the label and its text name two options
        return Commit(len(reader.flat) - len(s), 2, None, "ambiguous",
                      f"the opening label {letter} quotes another option's text")
    return Commit(len(reader.flat) - len(s), 2, letter, "leading-letter")


def _walks_through(s: str, letters: list[str]) -> bool:
    """Do the first three option labels open sentences of ``s`` in turn, written alike ("Option A: ... Option B: ...
    Option C: ...", "A. ... B. ... C. ..."; not "A. Option B: too big. Option C: ...", an answer then reasons)?"""
    if len(s) > _WALK_CHARS:
        return False  # (a reply this long repeating labels is a loop, read as one: no walk read in it)
    labels = list(islice(_SENTENCE_LABELS.finditer(s), 3))
    return [m.group(2) for m in labels] == letters[:3] and len({bool(m.group(1)) for m in labels}) == 1


#: the longest reply read for a walk of labels (a walk is a few sentences per option)
_WALK_CHARS = 20_000


def _sub_part(s: str, label: re.Match) -> bool:
    """Does the label opening ``s`` start a sub-part ("(a) First, ...", ``rules.SUB_PART_OPENER``), or is it a
    lower-case label followed by the next one on a later line ("(a) ...\n(b) ...")?"""
    if SUB_PART_OPENER.match(s, label.end()):
        return True
    letter = label.group(1) or label.group(3)
    if not letter or not letter.islower() or letter == "z":
        return False
    return re.search(r"(?m)^[ \t]*[\(\[]?%s[\)\].]" % chr(ord(letter) + 1), s) is not None


def _leading_text(reader: Reader, s: str) -> Commit | None:
    """A reply that starts with an option's short text and then punctuation ("No, the man is not wearing a
    hat.", "否。图中没有人。"), or with "Both" / "Neither" when one option starts that way."""
    pos = len(reader.flat) - len(s)
    yes, no = reader.optset.yes_no
    if (yes or no) and not s.isascii():
        if s.startswith(NO_CN) and no:
            return Commit(pos, 1, no, "conclusion", "option-text")
        if s.startswith(YES_CN) and not s.startswith("是否") and yes:
            return Commit(pos, 1, yes, "conclusion", "option-text")
    low = s[:40].lower()
    if yes and no:
        # "Nope, he isn't.", "That's correct — ...", "This statement is not true: ..."
        if _OPENING_NO.match(low):
            return Commit(pos, 1, no, "conclusion", "option-text")
        if _OPENING_YES.match(low):
            return Commit(pos, 1, yes, "conclusion", "option-text")
    first = low.split(None, 1)[0].strip(",.;:!") if low.strip() else ""
    if first in ("both", "neither"):
        hits = [k for k, v in reader.opt_norm.items() if v.split(" ", 1)[0] == first]
        if len(hits) == 1:
            return Commit(pos, 1, hits[0], "conclusion", "option-text")
    best = None
    for letter, ot in reader.opt_norm.items():
        # short texts only (a word or two, as "No" or "Top left"): a reply opening with a longer option
        # text may go on to state another one
        if ot and len(ot) <= 20 and ot.count(" ") <= 1 and low.startswith(ot) and len(low) > len(ot) and low[len(ot)] in _LEAD_TEXT_END:
            if best is None or len(ot) > len(reader.opt_norm[best]):
                best = letter
        elif ot and len(ot) <= 36 and ot.count(" ") <= 5 and low.startswith(ot) and \
                low[len(ot):].lstrip(" ")[:1] in ("—", "–", ":"):
            # "They weigh the same — both are 1 kg. The feathers ...": a longer option text, then its explanation
            if best is None or len(ot) > len(reader.opt_norm[best]):
                best = letter
    if best is not None:
        rest = low[len(reader.opt_norm[best]):]
        if best in reader.opt_num and _FACTORIAL_AFTER.match(rest):
            return None  # "6! = 720 < 1000 and 7! = 5040 > 1000, so n = 7": a factorial in a working, no answer
        texts = {v for k, v in reader.opt_norm.items() if k != best and v}
        end = len(reader.opt_norm[best])
        if _listed_subject(rest, texts) or len(s) > 40 and _listed_subject(s[end:end + 60].lower(), texts):
            # "12, 15 and 21 are all divisible by 3", "Solar, wind and hydro are all replenished ...", "Rusting iron,
            # burning wood and baking a cake all involve ...": options listed as one subject, none chosen ("Two, one on
            # each side of the door." answers two, one of its parts after it); the list read past the opening's 40
            # characters too
            return None
        return Commit(pos, 1, best, "conclusion", "answer-value" if best in reader.opt_num else "option-text")
    return None


def _listed_subject(rest: str, texts: set[str]) -> bool:
    """Does ``rest`` (what follows an option's text opening the reply) go on listing other options' texts as one
    subject with it, up to the verb they share ("..., 15 and 21 are all ...")?"""
    listed = _LISTED_NEXT.match(rest)
    items = [i.strip() for i in re.split(r"\s*(?:,|\band\b|&)\s*", listed.group(1)) if i.strip()] if listed else []
    return len(items) >= 2 and all(item in texts for item in items[:-1]) and (any(
        re.match(re.escape(v) + r"(?:\s+(?:are|were|all|both|each)\b|\s*$)", items[-1]) for v in texts)
        or _LIST_SUBJECT_END.match(items[-1]) is not None)


# what follows an option's text opening a list of options: ", 15 and 21", " and 21"
_LISTED_NEXT = lazy_compile(r"\s*(?:,|\band\b|&|/)\s*(?:and\s+)?(\S.{0,40})")
# what makes a number opening the reply a factorial: "6! = 720", "5!<100"
_FACTORIAL_AFTER = lazy_compile(r"!\s*(?:[=<>≤≥×*+\-−]|\d)")
# the last item of such a list, a word or two and the verb the list is the subject of: "hydro are all ..."
_LIST_SUBJECT_END = lazy_compile(r"[a-z][a-z-]*(?:\s[a-z][a-z-]*)?\s+(?:are|were)\s+(?:all|both|each)\b")


_SENTENCE_END_MARK = lazy_compile(r"[.!?\n]")
# a question asked about an option: "Is it B?", "Could it be C?", "Would the answer be D?"
_ASKING = lazy_compile(r"\s*(?:(?:but|so|or|and)\s+)?(?:is|was|could|would|should|can|does|do|might)\s+"
                       r"(?:it|this|that|the\s+answer)\b", re.I)


# a question going on with another option after a question: "Is the answer B? Or C?"
_OR_ASKED = lazy_compile(r"\s*or\b", re.I)


def _sentence_opens(flat: str, pos: int) -> int:
    """Where the sentence holding ``pos`` opens (after the last point, question or exclamation mark, or line end)."""
    return max(flat.rfind(".", 0, pos), flat.rfind("?", 0, pos), flat.rfind("!", 0, pos), flat.rfind("\n", 0, pos)) + 1


# two options weighed before a choice between them: "Between B and D, the raised eyebrows point to D."
_WEIGHED = lazy_compile(r"\b(?:[Bb]etween|[Ee]ither)\s+(?:options?\s+)?\(?[A-J]\)?\s+(?:and|or)\s+\(?[A-J]\)?\s*,")


# a number (with its power of ten) right before a letter: "1.6 × 10⁻¹⁹ C", "2.0 T", "3 A"
_AFTER_VALUE = lazy_compile(r"\d[\d.,]*+(?:\s*+(?:×|x|\*|·)\s*+10\s*+(?:\^\s*+\{?[-−+]?\d{1,3}\}?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))?\s*+\Z")


# a number that labels a question or an item, not a value: "Q1 C", "Question 3 C", "#4 C", "Problem 1 A"
_NUMBERED = lazy_compile(r"(?:[A-Za-z#]|(?i:\b(?:q|question|problem|item|part|no\.?|number|step|exercise))\s+)\d\Z")


def _options_unit(reader: Reader, letter: str) -> bool:
    """Do the options write ``letter`` as their unit, each ending on it after a value (with a prefix or not:
    "$1.6\\times10^{-19}$ C", "1.6 mC")?"""
    texts = list(reader.optset.options.values())
    return bool(texts) and all(re.search(r"\d[^A-Za-z]*+\s*[a-zμ]?" + letter + r"\s*$", t) for t in texts)


def lone_letter(reader: Reader, negatives: set[str] = frozenset()) -> ChoiceResult | None:
    """A short reply with exactly one capital option letter standing alone ('I'd say B', 'B seems right')."""
    flat = reader.flat
    words = flat.split()
    if len(words) > 12:
        return None
    found = set()
    weighed = _WEIGHED.search(flat)
    for m in _LONE_CAPITAL.finditer(flat):
        ch = m.group(1)
        if ch in found:
            continue  # already counted; the checks below only decide whether to count it
        if weighed and weighed.start() <= m.start() < weighed.end():
            continue  # "Between B and D, ...": the two weighed, not chosen (a letter after the frame may choose)
        word = _LOWER_WORD.match(flat, m.end())
        if ch in "AI" and word and word.group(1) not in CONNECTORS:
            continue
        if ch == "A" and word and word.group(1) in ("right", "correct") and _NOUN_AFTER.match(flat, word.end()):
            continue  # "A right angle is 90 degrees.": the article before an adjective and its noun
        if ch == "I" and flat.startswith(("'", "’"), m.end()) or _ELISION.match(flat, m.end()):
            continue  # "I'm"; French "C'est", "D'après", "L'option": a word, not a letter
        if reader.counterfactual(m.start()):
            continue  # "If the axis were logarithmic, it would be C."
        if flat[max(0, m.start(1) - 2):m.start(1)].strip().endswith("°") or _DEFINED.match(flat, m.end()):
            continue  # "100 °C" is a temperature, "C = 2πr" a quantity named C: neither is the option C
        if _TERM_BEFORE.search(flat, max(0, m.start(1) - 12), m.start(1)):
            continue  # "ln|x| + C": a constant added in a formula, not the option C
        value = _AFTER_VALUE.search(flat, max(0, m.start(1) - 40), m.start(1))
        if value and not _NUMBERED.search(flat, max(0, value.start() - 20), value.start() + 1) \
                and _options_unit(reader, ch):
            continue  # "e = 1.6 × 10⁻¹⁹ C" where the options are charges in C (or mC): the value's unit
        if OTHERS_CLAUSE.search(flat, max(0, m.start(1) - 60), m.start(1)):
            continue  # "Their pick is D", "The model before me chose A": someone else's choice
        end = _SENTENCE_END_MARK.search(flat, m.end())
        if end is not None and end.group(0) == "?":
            opens = _sentence_opens(flat, m.start())
            if _ASKING.match(flat, opens):
                continue  # "Is it B?": asked, not answered ("Maybe B?" is a guess)
            asked = flat[:opens].rstrip()
            if _OR_ASKED.match(flat, opens) and asked.endswith("?") and _ASKING.match(
                    flat, _sentence_opens(flat, len(asked) - 1)):
                continue  # "Is it B? Or C?": the question goes on ("B? Or C?" offers both: a hedge)
        found.add(ch)
    found -= negatives
    opts = {c for c in found if c in reader.letter_set}
    if len(opts) == 1 and found == opts:
        letter = opts.pop()
        return ChoiceResult(letter, "letter", f"the only option letter in a short reply is {letter}")
    if len(opts) > 1:
        return ChoiceResult(None, "ambiguous", f"a short reply naming options {', '.join(sorted(opts))}")
    return None


# a term of a formula right before a letter: "ln|x| + C", "x^2 - C" (a symbol, a space, the operator)
_TERM_BEFORE = lazy_compile(r"[\w|)\]}²³]\s*[+−-]\s*$")


# the last line of a reply: a numbered item's heading alone ("3. Time (t)"), nothing stated after it
_LAST_ITEM = lazy_compile(r"\n[ \t]*(\d{1,2})[.)][ \t]+([^\n=:\d]{1,40}?)[ \t]*\Z")


def _cut_in_a_step(reader: Reader) -> bool:
    """Was the reply cut off at the heading of a step of a numbered derivation, whose step before it states a result
    ("2. Speed (v) = d/t\n   v = ...\n\n3. Time (t)")? Its option texts met on the way are then no answer. A last
    item that is an option's text ("3. Paris") is a statement, not a heading."""
    text = reader.text
    m = _LAST_ITEM.search(text, max(0, len(text) - 60))
    if m is None or int(m.group(1)) < 2 or reader.exact_text(m.group(2)) is not None:
        return False
    previous = re.search(rf"(?m)^[ \t]*{int(m.group(1)) - 1}[.)][ \t]+[^\n]*=", text[max(0, m.start() - 1500):m.start()])
    return previous is not None


def cut_off(reader: Reader) -> bool:
    """The reply was cut off before it answered: an unclosed reasoning block, a last sentence broken off mid-way
    ("Subtracting 9 from both sides gives", "we need to check whether"), or the heading of the next step of a
    numbered derivation with nothing after it ("3. Time (t)")."""
    if "<think>" in reader.text and "</think>" not in reader.text:
        return True
    if _cut_in_a_step(reader):
        return True
    tail = reader.flat[-40:].rstrip()
    if not tail or tail[-1] in _COMPLETE_END:
        return False
    if tail[-1] in _CUT_MARKS:
        # "... is 32.8%.\n\nAnswer:": an answer marker the reply stops right after states nothing, and the sentence
        # it follows stands (the maths locator's cut "empty-marker")
        return not _EMPTY_LAST_MARKER.search(reader.flat[-200:])
    end = len(tail)
    start = end
    while start and (tail[start - 1].isascii() and tail[start - 1].isalpha() or tail[start - 1] == "'"):
        start -= 1
    word = tail[start:end]
    if not word or (start and tail[start - 1].isalnum()):
        return False
    if word in _CUT_WORDS:
        return word != "so" or not _SO_COMPLETE.search(tail, 0, start)
    if word in _CUT_NOUNS:
        before = tail[:start].rstrip()
        i = len(before)
        while i and before[i - 1].isascii() and before[i - 1].isalpha():
            i -= 1
        return i < len(before) and before[i:].lower() in _CUT_DETERMINERS and not (i and before[i - 1].isalnum())
    return False


# the fewest options a walk that stops short of the last ones goes through
_WALK_LEAST = 3
_WALK_ITEM_END = lazy_compile(r"[.!?](?=\s|$)|\n")
_LABEL_IN_REST = lazy_compile(r"[\(\[]\s*([a-z])\s*[\)\]]")


def _spaced(text: str) -> str:
    """A pattern for ``text`` as an echo may space it: spaces around its punctuation ("2008 - 2009" for "2008-2009",
    "cannot tell from data ." as a tokenizer writes it back) and runs of spaces are free."""
    out = []
    for ch in text:
        if ch.isspace():
            out.append(r"\s+")
        elif ch.isalnum():
            out.append(re.escape(ch))
        else:
            out.append(rf"\s*{re.escape(ch)}\s*")
    return "".join(out)


def _unspaced(text: str) -> str:
    return "".join(text.split())


def _walk_at(low: str, letter: str, text: str, start: int) -> int:
    """Where the option ``letter`` with the lower-cased ``text`` is next walked through from ``start``: quoted
    after its own label ("(b) b must be lighter", "( c ) sadness") or opening a line or sentence as a heading
    ("sadness: the mood ..."); -1 when it is not."""
    body = _spaced(text)
    label = re.escape(letter.lower())
    found = re.compile(rf"[\(\[]\s*{label}\s*[\)\]]\s*{body}|(?:^|\n)[ \t]*{label}[.):][ \t]*{body}"
                       + (rf"|(?:^|[\n.!?])\s*{body}\s*(?::|\s[-–—])" if len(text) >= 3 else "")).search(low, start)
    return found.end() if found is not None else -1


def walks_through(reader: Reader) -> int:
    """The reply goes through the options in the options' order, each quoted after its label or opening its own
    line or sentence as a heading ("Excitement: ... Anger: ... Sadness: ... Happiness: ...", a prompt's "(a) ...
    (b) ... (c) ..." echoed back): it restates or describes the options, and an option's text met on the way is
    no choice (a stated answer, "the answer is (C)", still is, and so is a choice after the walk). The walk goes
    through every option, or stops short of the last ones after at least ``_WALK_LEAST`` from the first, naming none
    of them after it ("Beginner only: ... Not sure: ... Advanced only: ..." of four options). Where the walk ends, or -1 when the reply does not
    walk through the options."""
    low = reader.low if reader.fold_ok else reader.flat.lower()
    texts = [(k, " ".join(v.lower().split())) for k, v in reader.optset.options.items()]
    if len(texts) < 2 or any(not text for _, text in texts):
        return -1
    least = min(len(texts), _WALK_LEAST)
    if any(text not in low for _, text in texts[:least]):
        dense = _unspaced(low)
        if any(_unspaced(text) not in dense for _, text in texts[:least]):
            return -1  # a cheap test first: the first options' texts occur somewhere (spaces aside)
    at = 0
    for walked, (letter, text) in enumerate(texts):
        step = _walk_at(low, letter, text, at)
        if step < 0:
            # the walk stops short of the last options when they are not named after it at all
            if walked < least or any(later in low[at:] for _, later in texts[walked:]) or any(
                    m.group(1).upper() in [k for k, _ in texts[walked:]] for m in _LABEL_IN_REST.finditer(low, at)):
                return -1
            break
        at = step
    # past the sentence or line of the last option walked through, an option named again is a choice made after
    # the walk ("Given the options: (A) yellow ... (D) green. ... would be: (B) red")
    stop = _WALK_ITEM_END.search(low, at)
    rest = low[stop.end():] if stop is not None else ""
    if rest and (any(len(text) >= 2 and text in rest for _, text in texts) or any(
            m.group(1).upper() in reader.optset.letter_set for m in _LABEL_IN_REST.finditer(rest))):
        return -1
    return at


# an option said to be the false one: "The false statement is C", "So C is the incorrect one.", "C is false."
_ODD_LETTER = lazy_compile(r"(?i:\bthe\s+(?:false|incorrect|untrue|wrong)\s+(?:one|statement|option|choice|claim)\s+is\s+"
                           r"(?:option\s+|choice\s+)?)[(\[]?(?P<named>[A-J])[)\]]?(?![A-Za-z0-9'’])|"
                           r"(?<![A-Za-z0-9'’])[(\[]?(?P<subject>[A-J])[)\]]?\s+(?i:is)\s+(?:(?i:the)\s+)?"
                           r"(?i:false|incorrect|untrue|wrong)(?:\s+(?i:one|statement|option))?\b")
# the false one named by its text: "The false statement is that 15 is prime"
_ODD_TEXT = lazy_compile(r"(?i)\bthe\s+(?:false|incorrect|untrue|wrong)\s+(?:one|statement|option|choice|claim)\s+is\s+"
                         r"(?:that\s+|the\s+one\s+(?:saying|that)\s+)?")


def odd_one_out(flat: str, texts: dict[str, str]) -> str | None:
    """The option a reply names as the false one: by its letter
    ("So C is the incorrect one.") or by its text ("The false statement is that 15 is prime (15 = 3 × 5)."), when
    exactly one option is named so and nothing takes it back (a negation or a condition before it); else None."""
    named = set()
    for m in _ODD_LETTER.finditer(flat):
        before = re.split(r"[.!?\n]", flat[max(0, m.start() - 30):m.start()])[-1]  # (its own sentence)
        if not re.search(r"(?i)\b(?:not|if|unless|whether)\b", before):
            named.add(m.group("named") or m.group("subject"))
    for m in _ODD_TEXT.finditer(flat):
        said = norm_text(flat[m.end():m.end() + 120])
        hits = {k for k, text in texts.items() if text and said.startswith(text)}
        if len(hits) == 1:
            named |= hits
    return next(iter(named)) if len(named) == 1 else None

