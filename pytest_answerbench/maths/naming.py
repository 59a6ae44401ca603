"""Answers that name something: a person, a theorem, a curve, a point of a triangle (the grading conventions, rule
10: text answers match in meaning).

To "Who proved Fermat's Last Theorem?" a careful grader reads "Fermat's Last Theorem was finally proved by **Andrew
Wiles**, who announced a proof in 1993. ... published in 1995" as Andrew Wiles, not as 1995; "Euler, in 1736. He
showed ..." as Euler (the gold "Leonhard Euler"); "The medians are concurrent at the **centroid** (also called the
barycenter ...)" as the centroid; and "..., so the curve degenerates into **a pair of parallel lines**." to "Identify
the conic ..." as a pair of lines, not as the parabola the equation before it draws.

:func:`named_verdict` decides only when the question asks for a name, the gold is a few words (no number, no maths,
no yes or no) and the reply commits to one name: its one phrase in bold (every bold phrase the same), else a short
first sentence that is a name ("Euler, in 1736."). A reply with a box or an answer line is left to the reader (its
answer is stated there). Names match when the gold's words (articles and "of" aside) are all in the reply's name, or
the reply's name is the gold's last words (a surname, "Euler" for "Leonhard Euler"; a head noun, "cycloid" for "the
cycloid"). Nothing here evaluates text.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile
from .compare.plain import ASKS_WHICH_MORE, EXACT_COUNT, TWO_FORMULAS_OFFERED, american, chosen_of_two
from .concepts import concept_verdict, line_verdict
from .described import shape
from .extract import formula_key
from .meaning import answers_question, asked_property, asks_yes_no, claim
from .residues import residue_verdict

__all__ = ["alternative_verdict", "answered_in_words", "asks_name", "bold_gold_verdict", "comparison_verdict", "named_verdict",
           "opening_gold_verdict", "opening_verdict", "value_verdict"]

# a question asking for a name: "Who proved ...?", "Which mathematician ...?", "What is the name of ...?", "Name the
# theorem ...", "What is this point called?", "Identify the conic ...", "What kind of curve ...?"
_ASKS_NAME = lazy_compile(r"(?i)^\W*who\b|\bwhich\s+(?:mathematician|scientist|physicist|person|theorem|curve|point|"
                          r"conic|shape)\b|\bwhat\s+is\s+the\s+name\s+of\b|\bname\s+(?:the|this)\b|"
                          r"\bwhat\s+is\s+[^?]{1,60}\bcalled\b|\bidentify\s+the\s+(?:conic|curve|shape|point|theorem)\b|"
                          r"\bwhat\s+(?:kind|type|sort)\s+of\s+(?:curve|conic|shape|point|quadrilateral|triangle)\b|"
                          r"\bwhat\s+is\s+the\s+shape\s+of\b|\bwhich\s+(?:figure|curve|shape)\b")
# a gold that is a name: words only (letters, spaces, an apostrophe, a hyphen, a point of an initial)
_NAME_GOLD = lazy_compile(r"[A-Za-z][A-Za-z .'’-]{1,60}")
_TEXT_WRAPPER = lazy_compile(r"\\text\s*\{([^{}]*)\}|\$")
# a phrase in bold
_BOLD = lazy_compile(r"\*\*([^*\n]{1,60})\*\*")
# a bold phrase that is a name: words only, at most six
_NAME_PHRASE = lazy_compile(r"[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*){0,5}")
# what states the answer elsewhere: a box, an answer line
_STATED = lazy_compile(r"(?i)\\boxed|\\fbox|\b(?:final\s+)?answer\s*[:：]")
# a first sentence that is a name, then at most a date or a place after a comma: "Euler, in 1736.", or a name then a
# comma and a clause about it: "Andrew Wiles, announced in 1993 and ..."; "That is Brouwer's fixed-point theorem (...)"
_NAME_FIRST = lazy_compile(r"\s*(?:(?P<name>[A-Z][A-Za-z'’-]*(?:\s+[A-Z][A-Za-z'’-]*){0,3})\s*(?:,[^.!?\n]{0,30})?[.!]"
                           r"|(?P<lead>[A-Z][A-Za-z'’-]*(?:\s+[A-Z][A-Za-z'’-]*){1,3}),\s+[a-z]"
                           r"|(?:That|This|It)(?:'s|’s|\s+is|\s+was)\s+(?:the\s+)?(?P<called>[A-Z][A-Za-z'’-]*(?:[\s-]+[a-z][A-Za-z'’-]*){0,4})"
                           r"\s*[(.,;!])")
# a bold label, not a name: "**Note:**", "**Answer**", "**Proof.**"
_LABEL = lazy_compile(r"(?i)\s*(?:note|remark|answer|final\s+answer|proof|solution|summary|conclusion|aside|check|"
                      r"verification|step\s*\d*|explanation|reasoning)\s*[:.]?\s*")
# a denial right before the bold name: "is not **...**", "isn't a **...**"
_DENIED_BEFORE = lazy_compile(r"(?i)\b(?:not|never|neither|nor|no)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?$|n't\s+(?:an?\s+|the\s+)?$")
# what turns the reasons under an answer heading against it: "On closer inspection, though, ..."
_HEADED_TURNS = lazy_compile(r"(?i)\b(?:though|closer\s+inspection|second\s+thought|turns?\s+out|in\s+fact|"
                             r"on\s+reflection|hmm)\b")
# a heading that names the section after it the answer, closing the text before the answer's sentence: "## Answer\n",
# "**Final answer**\n\n"
_ANSWER_HEADED = lazy_compile(r"(?im)^[ \t]*(?:#{1,6}[ \t]*(?:\*\*)?|\*\*)(?:final[ \t]+)?answer[ \t]*:?(?:\*\*)?[ \t]*:?[ \t]*\n\s*\Z")
# another reading offered after it: "(Though it could equally be read as a pair of crossing lines.)"
_HEDGED_AFTER = lazy_compile(r"(?i)\b(?:could|might|may|perhaps|maybe|equally|alternatively|arguably|or\s+(?:rather|possibly|perhaps))\b")
# a correction after a first sentence naming the answer: "..., but actually ...", "Wait, ...", "On second thought ..."
_CORRECTED_LATER = lazy_compile(r"(?i)\b(?:but\s+actually|wait|on\s+second\s+thought|correction|i\s+was\s+wrong|"
                                r"(?:my\s+)?mistake|i\s+misspoke)\b")
# a sentence after the name that sets another object beside it, not a turn: "It's not to be confused with Banach's
# fixed point theorem, which requires a contraction but also gives uniqueness.", "Unlike ..., ..."
_ASIDE_ON_ANOTHER = lazy_compile(r"(?i)(?:^|(?<=[.!?])\s+|\n\s*)\(?(?:(?:it|this|that)(?:'s|’s|\s+is)\s+|(?:do|should)\s+)?"
                                 r"not\s+(?:to\s+be\s+)?confused?\s+(?:it\s+)?with\b[^.!?\n]*[.!?]?\)?"
                                 r"|(?:^|(?<=[.!?])\s+|\n\s*)\(?(?:unlike|by\s+contrast|in\s+contrast|for\s+comparison)\b[^.!?\n]*[.!?]?\)?")
_CONICS = frozenset({"circle", "ellipse", "parabola", "hyperbola"})
# the degenerate conics named: "a pair of parallel lines", "two crossing lines", "a single point"
_DEGENERATE = lazy_compile(r"(?i)\blines\b|\bpoint\b|\bempty\b")
# the nouns naming a kind of thing, which a name may leave out: "scalene" for "scalene triangle"
_KIND_NOUNS = frozenset({"triangle", "theorem", "curve", "point", "quadrilateral", "polygon", "shape", "figure", "conic",
                         "section", "function", "formula", "law", "principle", "lemma", "conjecture"})
# words set in bold for emphasis, not names: "**not**", "**only**", "**both**"
_EMPHASIS_WORDS = frozenset({"not", "no", "yes", "only", "both", "all", "never", "every", "none", "neither", "and",
                             "or", "is", "are", "was", "does", "do", "can", "cannot", "must", "exactly", "unique"})
_SMALL_WORDS = frozenset({"the", "a", "an", "of", "s"})
_WORD = lazy_compile(r"[a-z]+")


def asks_name(question: str | None) -> bool:
    """Does the question ask for a name (a person, a theorem, a curve, a point, a kind of shape)?"""
    return bool(question) and _ASKS_NAME.search(question) is not None


def _words(text: str) -> list[str]:
    """The words of ``text`` that name, lower-cased, in American spelling ("orthocentre" is "orthocenter")."""
    return [american(w) for w in _WORD.findall(text.lower().replace("’", "'").replace("'s", "")) if w not in _SMALL_WORDS]


# the triangle a named point belongs to: "of triangle ABC", "of $\triangle DEF$"
_TRIANGLE_OF = lazy_compile(r"of\s+(?:the\s+)?(?:triangle\s*\$?|\$?\s*\\triangle\s*|△\s*)(?P<triangle>[A-Z]{3})\b")


def _committed_name(response: str) -> str | None:
    """The one name the reply commits to (its bold phrases, all the same name, none denied or hedged; else a first
    sentence that is a name), or None."""
    found = [m for m in _BOLD.finditer(response) if not _LABEL.fullmatch(m.group(1))
             and not set(m.group(1).lower().split()) <= _EMPHASIS_WORDS]  # ("was **not** Gauss": emphasis, no name)
    if found:
        if len({" ".join(_words(m.group(1))) for m in found}) != 1:
            return None
        last = found[-1]
        after = _ASIDE_ON_ANOTHER.sub(" ", response[last.end():])
        if _DENIED_BEFORE.search(response, max(0, last.start() - 30), last.start()) \
                or _HEDGED_AFTER.search(after) or _TURNS.search(after):
            # "is not **right-angled**"; "**hyperbola**. (Though it could equally be read as ...)"; "Students often
            # guess the **fundamental theorem of algebra**, but the statement here is Liouville's theorem."; a
            # sentence setting another object beside it ("It's not to be confused with Banach's ...") is no turn
            return None
        phrase = last.group(1).strip(" .,:;")
        return phrase if _NAME_PHRASE.fullmatch(phrase) else None
    first = _NAME_FIRST.match(response)
    if first is None or _CORRECTED_LATER.search(response, first.end()):
        return None  # ("That's Brouwer's fixed point theorem, but actually the statement is Banach's ...": taken back)
    return next(g for g in first.groups() if g)


def named_verdict(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """(whether the name the reply commits to is the gold's, that name), for a question asking a name (the module
    docstring); None when it does not apply (no name asked, the gold not a name, no one name committed to)."""
    if not asks_name(question) or len(response) > 6000 or _STATED.search(response):
        return None
    plain = _TEXT_WRAPPER.sub(lambda m: m.group(1) or "", gold).strip(" .")
    if not _NAME_GOLD.fullmatch(plain) or claim(plain) is not None:
        return None
    name = _committed_name(response)
    if name is None:
        return None
    in_bold = "**" in response
    g, p = _words(plain), _words(name)
    if [w for w in g if w not in _KIND_NOUNS] and [w for w in p if w not in _KIND_NOUNS]:
        # "**Scalene.**" for "scalene triangle": the kind's noun the question already names
        g, p = [w for w in g if w not in _KIND_NOUNS], [w for w in p if w not in _KIND_NOUNS]
    if not g or not p:
        return None
    kind = shape(plain)
    if kind is not None:
        # a kind of shape: its words read by the shapes' vocabulary ("right-angled" is a right triangle); a
        # conic's gold named as lines or a point (a degenerate conic) is another answer
        named = shape(name)
        if named is not None and (named == kind or in_bold):
            return named == kind, name
        return (False, name) if in_bold and kind in _CONICS and _DEGENERATE.search(name) else None
    if all(w in p for w in g) or p == g[-len(p):]:
        # "**Fundamental Theorem of Algebra**" for "The Fundamental Theorem of Algebra", "Euler" for "Leonhard Euler"
        return True, name
    # "a pair of parallel lines" in bold is no parabola; a first sentence naming another is left to the reader
    return (False, name) if in_bold else None


# the two alternatives a question's closing words offer: "countable or uncountable?", "converge or diverge?",
# "finitely many or infinitely many ...?"
_TWO_OFFERED = lazy_compile(r"(?i)\b(?P<one>[a-z]{4,})(?:\s+many)?\s+or\s+(?P<other>[a-z]{4,})\b(?=[^?.]{0,120}\?\s*$)")
# the same in Chinese: "收敛还是发散？"
_TWO_OFFERED_CJK = lazy_compile(r"(?P<one>[\u4e00-\u9fff]{2,4})还是(?P<other>[\u4e00-\u9fff]{2,4})[？?]\s*$")
# a first line that is one word and a full stop: "发散。", "**Countable.**"
_FIRST_LINE_ALTERNATIVE = lazy_compile(r"\s*(?:\*\*)?(?P<said>[A-Za-z]{4,}|[\u4e00-\u9fff]{2,4})(?:\*\*)?\s*[.。!！]?(?:\*\*)?[ \t]*\n")
# a first sentence opening on a concession, then its main clause: "Although the series of absolute values diverges,
# the alternating series itself converges by the Leibniz test ..."
_CONCEDED_FIRST = lazy_compile(r"\s*(?:although|though|even\s+though|while|whereas)\b[^,.;:!?\n]{1,160},\s*"
                               r"(?P<main>[^.;:!?\n—–]{3,160})", re.I)
# a denial in a clause or a bold phrase: "is not countable", "doesn't converge", "**fails to converge**"
_NEGATED_IN = lazy_compile(r"(?i)\b(?:not|never|no|neither|nor|cannot|fails?\s+to)\b|n't\b")
# a sentence set against what came before: "By contrast, ...", "Unlike ...", "Note that ..."
_CONTRASTED = lazy_compile(r"(?i)\s*(?:by\s+contrast|in\s+contrast|unlike|whereas|however|note|for\s+comparison|similarly)\b")
# the last sentence of a reply
_LAST_SENTENCE = lazy_compile(r"[^.!?\n]{3,240}[.!]?\s*$")
# a denial right before an alternative: "is not countable", "does not converge", "isn't finite"
_NEGATED_RIGHT_BEFORE = lazy_compile(r"(?i)(?:\b(?:not|never)|n't|\bfails?\s+to)\s+(?:\w+\s+)?$")
# a later conclusion: "所以", "因此", "综上", "So", "Hence", "Therefore", "Thus"
_CONCLUDES_OTHER = lazy_compile(r"(?i)所以|因此|综上|故|\b(?:so|thus|hence|therefore)\b")
# a turn after the answer: "wait", "actually", "等等", "其实"
_TURNS = lazy_compile(r"(?i)\b(?:wait|actually|however|but|slip\w*|mistake\w*|wrong|error|incorrect|correction|"
                      r"oops|sorry|instead|rather)\b|等等|其实|不对")
# what keeps a sentence from stating its bold phrase as the answer: a condition, a doubt, a question, a denial of it
_UNFIRM = lazy_compile(r"(?i)\b(?:if|unless|provided|assum\w*|suppos\w*|perhaps|probably|maybe|possibly|conjectur\w*|"
                       r"open\s+(?:problem|question)|whether|false|impossible|not\s+true|likely|might|may|could|would|"
                       r"should|seems?|appears?|apparently|or\s+so)\b|\?")
_SENTENCE_END = lazy_compile(r"[.!?。！？\n]")
# a negation right before an alternative: "not **countable**", "is not countable"
_NEGATED_BEFORE = lazy_compile(r"(?i)\b(?:not|never|neither|nor)\s+(?:\*\*)?\s*(?:\w+\s+)?(?:\*\*)?\s*$|n't\s+(?:\*\*)?\s*$")


def _names(text: str, alternative: str) -> bool:
    """Does ``text`` name ``alternative`` (its stem, not inside a longer word: "diverges" names "diverge",
    "uncountable" does not name "countable")?"""
    if not alternative.isascii():
        return alternative in text
    return re.search(r"(?i)(?<![a-z])" + re.escape(alternative[:-1]), text) is not None


def _names_count(text: str, alternative: str) -> int:
    """How many times ``text`` names ``alternative``."""
    return len(re.findall(r"(?i)(?<![a-z])" + re.escape(alternative[:-1]), text))


def _names_at(text: str, alternative: str) -> int:
    """Where ``text`` first names ``alternative`` (its length when it does not)."""
    m = re.search(r"(?i)(?<![a-z])" + re.escape(alternative[:-1]), text)
    return m.start() if m else len(text)


def alternative_verdict(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """To a question offering two alternatives in words ("Is the set of rational numbers countable or uncountable?",
    "…… 收敛还是发散？"), whether the alternative the reply commits to is the gold's: (verdict, the words read). The
    readings, in order: one alternative alone on the first line ("发散。", "Diverges."), no conclusion or turn after
    it; the main clause after an opening concession ("Although $\\mathbb{C}$ is uncountable, the algebraic numbers are
    countable: ..."); a closing sentence denying one of them once ("By Cantor's argument, the set is not countable.":
    the other); the alternative set in bold ("**countable**"; a denied one, "**fails to converge**", the other). None
    when the question offers no two, the gold names neither or both, the reply states its answer in a box or an answer
    line, or no reading finds one alternative firmly said."""
    if not question or len(response) > 6000:
        return None
    offered = _TWO_OFFERED.search(question.strip()[-200:]) or _TWO_OFFERED_CJK.search(question.strip()[-60:])
    if offered is None:
        return None
    alts = (offered.group("one").lower(), offered.group("other").lower())
    # (each matched as a stem not inside a longer word: "countable" is not in "uncountable")
    in_gold = [a for a in alts if _names(gold, a)]
    if len(in_gold) != 1:
        return None
    if _STATED.search(response):
        # "**Answer:** √2 + √3 is not rational.": an answer line denying one alternative, once, and naming neither
        # otherwise, states the other; any other answer line or box is the reader's
        line = list(_ANSWER_LINE_SAID.finditer(response))
        found = _denied_in_closing(line[-1].group("said"), alts) if line and alts[0].isascii() \
            and "\\boxed" not in response and _complementary(alts) else None
        return None if found is None else (found[0] == in_gold[0], found[1])
    found = _first_line_alternative(response, alts)
    if found is None and alts[0].isascii() and "**" not in response:
        found = _conceded_alternative(response, alts) or (_denied_in_closing(response, alts) if _complementary(alts)
                                                            else None)
    if found is None and alts[0].isascii() and "**" in response:
        found = _bold_alternative(response, alts)  # (in Chinese only the first line's word is read)
    if found is None and alts[0].isascii():
        found = _counted_alternative(response, alts)
    return None if found is None else (found[0] == in_gold[0], found[1])




def _counted_alternative(response: str, alts: tuple[str, str]) -> tuple[str, str] | None:
    """"There is exactly one such prime, namely $3$." closing a reply to "finitely many or infinitely many ...?": an
    exact count is finitely many (the reply naming neither alternative, and no doubt or turn in that sentence)."""
    finite = [a for a in alts if a.startswith("finite")]
    if len(finite) != 1 or not any(a.startswith("infinite") for a in alts) or any(_names(response, a) for a in alts):
        return None
    closing = _LAST_SENTENCE.search(re.sub(r"\$[^$]*\$", "X", response.rstrip()))
    if closing is None or _UNFIRM.search(closing.group()) or _TURNS.search(closing.group()) \
            or not EXACT_COUNT.search(closing.group()):
        return None
    return finite[0], closing.group().strip()


# brackets holding words, an aside: "(though it is bounded below by 1)"
_WORDED_BRACKETS = lazy_compile(r"\s*\((?=[^()]{0,200}?[A-Za-z]{3,}\s+[A-Za-z]{2,})[^()]{1,200}\)")
# the sentence an answer line states: "**Answer:** √2 + √3 is not rational."
_ANSWER_LINE_SAID = lazy_compile(r"(?im)^[ \t>#*]*(?:final[ \t]+)?answer[ \t]*:?[ \t*]*:?[ \t]*(?P<said>[^\n]{3,200})$")


def _complementary(alts: tuple[str, str]) -> bool:
    """Does denying one alternative state the other: one is the other with a negating prefix ("rational" /
    "irrational", "countable" / "uncountable", "finite" / "infinite"), or a pair with no third case ("converge" /
    "diverge", "even" / "odd")? Not "open" / "closed" (a set may be neither)."""
    one, other = sorted(alts, key=len)
    return any(other == prefix + one for prefix in ("ir", "un", "in", "im", "non", "non-")) \
        or {one[:5], other[:5]} in ({"conve", "diver"}, {"even", "odd"})


def _other(alts: tuple[str, str], alternative: str) -> str:
    return alts[1 - alts.index(alternative)]


def _first_line_alternative(response: str, alts: tuple[str, str]) -> tuple[str, str] | None:
    """"发散。\\n\\n虽然通项 1/n → 0，……", "Diverges.\\n\\nThe partial sums ...": the alternative alone on the first line,
    its reason after it, no later conclusion or turn: (the alternative, the words)."""
    first = _FIRST_LINE_ALTERNATIVE.match(response)
    if first is None:
        return None
    said = first.group("said")
    named = [a for a in alts if _names(said, a) and len(said) - len(a) <= 2]
    if len(named) != 1 or _CONCLUDES_OTHER.search(response, first.end()) or _TURNS.search(response, first.end()):
        return None
    return named[0], said


def _conceded_alternative(response: str, alts: tuple[str, str]) -> tuple[str, str] | None:
    """"Although $\\mathbb{C}$ is uncountable, the algebraic numbers are countable: ...": the main clause after the
    opening concession names one alternative, undenied and unhedged, and the rest names the other nowhere."""
    conceded = _CONCEDED_FIRST.match(response)
    if conceded is None:
        return None
    main, rest = conceded.group("main"), response[conceded.end():]
    named = [a for a in alts if _names(main, a)]
    if len(named) != 1 or _NEGATED_IN.search(main) or _HEDGED_AFTER.search(main) \
            or _names(rest, _other(alts, named[0])) or _TURNS.search(rest):
        return None
    return named[0], main.strip()


def _denied_in_closing(response: str, alts: tuple[str, str]) -> tuple[str, str] | None:
    """"By Cantor's diagonal argument, the set is not countable." closing a reply that names neither alternative
    before: the one denied, once, leaves the other (not in a sentence set against what came before, hedged or
    turned)."""
    text = _WORDED_BRACKETS.sub("", response).rstrip()  # ("(though it is bounded below by 1)": an aside)
    tail = text[-300:]
    closing = _LAST_SENTENCE.search(tail)
    at = len(text) - len(tail) + closing.start() if closing is not None else 0  # (where it starts in ``text``)
    if at and not any(_names(closing.group(), a) for a in alts) and not _UNFIRM.search(closing.group()) \
            and not _TURNS.search(closing.group()) and not _CONCLUDES_OTHER.search(closing.group()):
        # "..., so H_n is not bounded above. In fact H_n grows like ln n.": a remark naming neither after the sentence
        text = text[:at].rstrip()
        tail = text[-300:]
        closing = _LAST_SENTENCE.search(tail)
    if closing is None or _CONTRASTED.match(closing.group()) \
            or any(_names(text[:len(text) - len(tail) + closing.start()], a) for a in alts):
        return None
    sentence = closing.group()
    named = [a for a in alts if _names(sentence, a)]
    if len(named) != 1 or len(_NEGATED_IN.findall(sentence)) != 1 or _names_count(sentence, named[0]) != 1 \
            or not _NEGATED_RIGHT_BEFORE.search(sentence, 0, _names_at(sentence, named[0])) \
            or _UNFIRM.search(sentence) or _TURNS.search(sentence):
        return None
    return _other(alts, named[0]), sentence.strip()


def _bold_alternative(response: str, alts: tuple[str, str]) -> tuple[str, str] | None:
    """The alternative every bold phrase naming one says, each in a firm sentence ("**countable**"; a denied one,
    "**fails to converge**", "not **uncountable**", the other), with neither the other alternative, a conclusion nor
    a turn after the last."""
    said: set[str] = set()
    said_at: list[int] = []  # where the sentence of each bold phrase naming one starts
    phrase, last_end = "", 0
    for m in _BOLD.finditer(response):
        named = [a for a in alts if _names(m.group(1), a)]
        if not named:
            continue
        if len(named) != 1 or _HEDGED_AFTER.search(m.group(1)):
            return None
        denied = bool(_NEGATED_BEFORE.search(response, max(0, m.start() - 20), m.start())) \
            != bool(_NEGATED_IN.search(m.group(1)))
        start = max((e.end() for e in _SENTENCE_END.finditer(response, 0, m.start())), default=0)
        end = _SENTENCE_END.search(response, m.end())
        if _UNFIRM.search(response, start, end.end() if end else len(response)):
            return None  # "Perhaps there are **infinitely many** ...", "If so, ...", "... provided the lemma holds."
        said.add(_other(alts, named[0]) if denied else named[0])
        said_at.append(start)
        phrase, last_end = m.group(1), m.end()
    if len(said) != 1:
        return None
    chosen = next(iter(said))
    after = response[last_end:]
    # (a section headed as the answer opens on it: "## Answer\nThere are **infinitely many** solutions.\n\n## Why
    # ... so the family never ends.": what follows gives its reasons, and only naming the other or a turn takes it back)
    headed = len(said_at) == 1 and _ANSWER_HEADED.search(response, 0, said_at[0]) is not None
    if _names(_BOLD.sub(" ", after), _other(alts, chosen)) or _TURNS.search(after) \
            or (_CONCLUDES_OTHER.search(after) if not headed else _HEADED_TURNS.search(after)):
        # "**countable**, although ... they must really be uncountable"; a comparison series that "**diverges**",
        # then "... converges" of the series asked; a conclusion or a turn after it: the bold is not the last word
        return None
    return chosen, phrase


def comparison_verdict(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """To "Which is larger: $2^{100}$ or $3^{63}$?", whether the one the reply's closing sentence makes the larger is
    the gold's: "So $3^{63}$ is the smaller of the two numbers." makes $2^{100}$ the larger
    (:func:`.compare.plain.chosen_of_two`); None when the question offers no two formulas or the sentence chooses
    none, or the reply states its answer in a box or an answer line."""
    if not question or "$" not in question or len(response) > 6000 or _STATED.search(response):
        return None
    equal = _said_equal(response, question)
    if equal is not None:
        # "**They are equal: $0.999\ldots = 1$.**" to "Which is larger: $0.\overline{9}$ or $1$?": neither
        return bool(_EQUAL_GOLD.fullmatch(_TEXT_WRAPPER.sub(lambda m: m.group(1) or "", gold).strip(" .*"))), equal
    closing = _LAST_SENTENCE.search(response.rstrip()[-300:])
    if closing is None or _UNFIRM.search(closing.group()) or _TURNS.search(closing.group()):
        return None
    chosen = chosen_of_two(closing.group().strip(), question)
    offered = TWO_FORMULAS_OFFERED.search(question)
    if chosen is None or offered is None or formula_key(chosen) not in {formula_key(x) for x in offered.groups()}:
        return None  # (a subject that is none of the two offered: left to the reader)
    return formula_key(chosen) == formula_key(_TEXT_WRAPPER.sub(lambda m: m.group(1) or "", gold)), chosen


# a closing sentence saying neither of two is the larger, and a gold saying so: "They are equal: $0.999\ldots = 1$.", "Neither is larger.", "the two numbers are equal"
_SAID_EQUAL = lazy_compile(r"(?i)(?:(?:so|thus|hence|therefore|in\s+fact|in\s+conclusion)\s*,?\s*)?(?:(?:they|these|the\s+two"
                           r"(?:\s+(?:numbers|values|quantities|expressions))?|both(?:\s+numbers)?)\s+are\s+(?:exactly\s+)?"
                           r"equal|neither\s+(?:one\s+)?is\s+(?:larger|greater|bigger|smaller)(?:\s*[—–,;:]\s*(?:they|the\s+two(?:\s+sides|\s+expressions)?)"
                           r"\s+are\s+(?:always\s+)?(?:equal|the\s+same|identical))?)"
                           r"(?P<after>\s*(?:[:—–,]\s*\$[^$<>]{1,80}\$)?)\s*[.!]?")
_EQUAL_GOLD = lazy_compile(r"(?i)(?:they\s+are\s+|both\s+are\s+)?(?:equal|the\s+same|neither(?:\s+is\s+larger)?)"
                           r"(?:\s*[;:,(]\s*[^()]{1,40}\)?)?")


def _said_equal(response: str, question: str) -> str | None:
    """The reply's last sentence when it says the two a question offers are equal ("They are equal: $0.999\\ldots =
    1$.", "Neither is larger."), as its own line, in bold or not, and no doubt or turn in it; else None."""
    if not ASKS_WHICH_MORE.search(question) or TWO_FORMULAS_OFFERED.search(question) is None:
        return None
    last = response.rstrip().rsplit("\n", 1)[-1].replace("**", "").strip()
    sentence = re.split(r"(?<=[.!?])\s+(?=[A-Z])", last)[-1]
    said = _SAID_EQUAL.fullmatch(sentence)
    if said is None or _UNFIRM.search(sentence) or _TURNS.search(sentence) \
            or re.search(r"\\(?:neq|ne|lt|gt|le|ge)\b|[≠<>]", said.group("after")):
        return None
    return sentence


# a question asking whether one thing converges or has a limit: "Does $\\int_0^1 \\frac{dx}{\\sqrt{x}}$ converge?"
_ASKS_CONVERGES = lazy_compile(r"(?i)(?:^|(?<=[.!;:])\s)\s*(?:does|do|is)\b[^?]{1,200}?\b(?:converge|convergent|exist|finite)"
                               r"(?:\s+or\s+diverge)?\s*\?\s*$")
# what a closing formula evaluates to: the side after its last "=" or "\\to" ("... = \\frac{\\pi^2}{6}", "\\to 0"), or
# the limit a sentence names ("The sequence converges to $\\sqrt{2}$.")
_CLOSING_VALUE = lazy_compile(r"(?:=|\\to|→|\bconverges\s+to\s*\$)\s*(?P<value>[^=$]{1,60}?)\s*\.?\s*\$*\s*\.?\s*$")
# a box closing the reply: "$$\\boxed{1}$$"
_CLOSING_BOX = lazy_compile(r"\\boxed\s*\{(?P<value>[^{}]{1,40}|[^{}]*\{[^{}]*\}[^{}]*)\}\s*\$*\s*\.?\s*$")
# a finite constant written with numbers: digits, fractions, roots, powers, π, e, logarithms
_CONSTANT = lazy_compile(r"(?:[-+*/^().\s\d{}]|\\(?:frac|dfrac|tfrac|sqrt|pi|ln|log|cdot|times|left|right)|\be\b|π)+")
_INFINITE = lazy_compile(r"^[-+]?\s*(?:\\infty|∞)$")
# where the index goes, after the limit: " as $n \\to \\infty$"
_AS_N_GROWS = lazy_compile(r"\s*,?\s*as\s+\$?\s*[a-z]\s*(?:\\to|\\rightarrow|→)\s*(?:\+\s*)?(?:\\infty|∞)\s*\$?(?=\s*[.!]?\s*$)")
_NO_CLOSING_VALUE = lazy_compile(r"(?i)\b(?:infinite|diverg\w*|unbounded|not|if|would|suppose|contrast|compar\w*|unlike|"
                                 r"whereas|similarly|instead|another|other)\b|n't\b")


def value_verdict(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """(whether the value the reply closes on answers the gold, that closing formula) for a question asking whether
    one thing converges (or its limit exists) answered yes or no: "Evaluating, $\\lim_{\\varepsilon\\to0^+}
    2\\sqrt{x}\\,\\big|_\\varepsilon^1 = 2$." says it converges, "... $= \\pi^2/6$" too; "$\\sum 1/n = \\infty$" says a
    series or an integral does not converge (not that a limit does not exist: an infinite limit is one in the extended
    reals). None when the question or gold is of another kind, or the closing sentence states a claim in words, a
    negation or a supposition."""
    said = claim(gold) if question and len(gold) <= 40 else None
    if said is None or said[0] not in ("yes", "converge", "exist") or not _ASKS_CONVERGES.search(question):
        return None
    sentences = [x for x in re.split(r"(?<=[.!?])\s+|\n+", response.strip()[-600:]) if x.strip()]
    last = sentences[-1].replace("**", "").strip() if sentences else ""
    last = _AS_N_GROWS.sub("", last)  # "Therefore $a_n \\to \\sqrt{2}$ as $n \\to \\infty$.": the limit, not where n goes
    found = _CLOSING_BOX.search(last) or _CLOSING_VALUE.search(last)
    if found is None or _NO_CLOSING_VALUE.search(re.sub(r"\$[^$]*\$", " ", last)):
        return None
    claims = [c for c in (claim(re.sub(r"\$[^$]*\$", " ", x)) for x in sentences)
              if c is not None and c[0] in ("yes", "converge", "exist")]
    value = found.group("value").strip()
    if claims and (not all(c[1] for c in claims) or _INFINITE.match(value)):
        return None  # (a claim in words near it that the value does not bear out: the reader reads it, "..., so it
        # diverges. For contrast, ..."; one saying it converges, "so it has a limit L", agrees with a finite value)
    if _INFINITE.match(value):
        if "exist" in question.lower():
            return None
        return not said[1], found.group().strip(" .$")
    if not (re.search(r"\d|\\pi|π", value) or value == "e") or not _CONSTANT.fullmatch(value):
        return None
    return said[1], found.group().strip(" .$")


# a reply opening on a bare verdict: "Yes.", "**No.**", "No —", "是的。", "不是。" (alone before the reasons that follow)
_OPENING_VERDICT = lazy_compile(r"\s*(?:\*\*)?(?:(?P<yes>yes|是的|是|对)|(?P<no>no|不是|否|不))(?:\*\*)?"
                                # the condition it holds under, in brackets: "No (assuming ZFC is consistent)."
                                r"(?:\s*\([^()\n]{1,80}\))?\s*(?:[.!。！:：;]|—|–|--)(?:\*\*)?\s", re.I)
# a sentence concluding after the opening verdict: "Therefore ...", "So ...", "因此……"
_LATER_CONCLUSION = lazy_compile(r"(?:^|[.!?。！？]\s+|\n\s*)(?:\*\*)?(?i:therefore|so|hence|thus|consequently|in\s+conclusion)\b"
                                 r"|因此|所以|综上|故")
# what takes an opening verdict back later: a turn, a correction, the other verdict said again
_TAKEN_BACK = lazy_compile(r"(?i)\b(?:wait|actually|however|but\s+(?:actually|wait|no|in\s+fact)|correction|mistake|"
                           r"i\s+was\s+wrong|on\s+second\s+thought|on\s+reflection|reconsider|not\s+quite|rather|wrong|"
                           r"incorrect|false|contradict\w*)\b|等等|其实|不对|更正|错")


# the answer said again in words after the opening verdict: "so the answer to the question is no"
_ANSWER_SAID_AGAIN = lazy_compile(r"(?i)\bthe\s+(?:(?:final|real|correct|true)\s+)?answer\b[^.!?;:\n]{0,40}?\bis\s+"
                                  r"(?:\*\*)?(?P<word>yes|no)\b(?!\s*(?:,\s*)?(?:if|when|unless)\b)")
# a formula in a sentence: a maths span, a relation or a number
_FORMULA_IN = lazy_compile(r"\$|\\\(|\\\[|[=<>≤≥≠]|\d")


def _sentence_end(text: str, start: int) -> int:
    m = _SENTENCE_END.search(text, start)
    return m.end() if m else len(text)


def opening_verdict(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """(whether the verdict a reply opens on is the gold's, that verdict) for a yes/no question and a gold Yes or No:
    "Yes. Pick a person $P$. ... This is the statement $R(3,3) \\le 6$." answers Yes, whatever the last sentence's
    formula; "No. ... so no closed tour exists." No. None when the reply takes it back or turns later (a correction,
    "wait", a claim of the other verdict) or the question asks no yes or no."""
    # (a gold glossing its verdict in words, "No, it is impossible", is the verdict; not one with a value after it)
    said = claim(gold) if question and (len(gold) <= 12 or len(gold) <= 40 and not re.search(r"[\d$=\\]", gold)) \
        else None
    if said is None or said[0] != "yes" or not asks_yes_no(question) or len(response) > 6000:
        return None
    asked = claim(asked_property(question) or "") if question else None
    opening = _OPENING_VERDICT.match(response)
    if opening is None:
        return None
    verdict = opening.group("yes") is not None
    rest = response[opening.end():]
    again = [m for m in _ANSWER_SAID_AGAIN.finditer(rest)]
    if again:
        # "Yes (in Solovay's model ...). But in ZFC itself ..., so the answer to the question is no.": the answer said
        # again in words, the last time, is the commitment
        last = again[-1]
        return (last.group("word").lower() == "yes") == said[1], last.group().strip()
    if _TAKEN_BACK.search(rest) or _STATED.search(rest) \
            or any(_FORMULA_IN.search(rest, m.end(), _sentence_end(rest, m.end())) for m in _LATER_CONCLUSION.finditer(rest)):
        return None  # (a turn, a box or answer line stating the answer again, or a conclusion after the reasons
        # stating a formula, "No. ... Therefore $\\sqrt{2}+\\sqrt{3} < \\pi$.": the reader reads it; a conclusion in
        # words, "So CH is independent of ZFC: it can be neither proved nor disproved ...", is read below)
    for sentence in re.split(r"(?<=[.!?。！？])\s+|\n+", re.sub(r"\([^()]*\)", " ", rest)):
        again = claim(sentence) if sentence.strip() else None
        if again is not None and asked is not None and {asked[0], again[0]} <= {"possible", "exist"} \
                and again[1] == verdict and not _HEDGED_CLAIM.search(sentence):
            continue  # "No — a $4\times4$ board admits no knight's tour." to "Is a knight's tour possible ...?": agrees
        if again is not None and (again[0] == "yes" and again[1] != verdict
                                  or answers_question("Yes" if verdict else "No", sentence, question) is not True):
            # ("No. ... So yes, it can."; "Yes. ... Hence the series diverges." to "... bounded?": a claim after the
            # verdict that does not plainly agree with it leaves the reply to the reader; asides in brackets aside)
            return None
    return verdict == said[1], opening.group().strip(" *.!。！:：;—–-")


# what keeps a later sentence's claim from agreeing plainly with the verdict: a condition, a doubt
_HEDGED_CLAIM = lazy_compile(r"(?i)\b(?:if|unless|except|only|maybe|perhaps|probably|might|may|could|would|or)\b")


# a bold phrase and what may stand right before it without taking it back
_BOLD_PHRASE = lazy_compile(r"\*\*([^*\n]{2,80})\*\*")
_BOLD_DENIED = lazy_compile(r"(?i)(?:\b(?:not|never|no|nor|neither|if|would|were|unless|whether|rather\s+than|instead\s+of|"
                            r"or|far\s+from|hardly|barely|anything\s+but)\s+(?:\w+\s+){0,3}|n't\s+(?:\w+\s+){0,3})$")
# another answer joined right after the bold phrase: "**injective** and surjective", "**skew** or intersecting"
_JOINED_AFTER = lazy_compile(r"\s*(?:,\s*)?(?:or\s+\w|(?:and|as\s+well\s+as|plus)\s+(?!(?:the|its|this|that)\b)\w|/)")
# (", and the circumradius is half the hypotenuse": a new clause on something else, not a second answer)


# what keeps a sentence from stating its bold phrase, and what a later sentence may not say
_BOLD_HEDGED = lazy_compile(r"(?i)\b(?:or|either|although|though|but|however|depending|depends|unless|if|whether|might|"
                            r"could|may|perhaps|maybe|probably|possibly|seems?|appears?|would|not|never)\b|n't\b|\?")
_BOLD_HEDGED_AFTER = lazy_compile(r"(?i)\b(?:could|might|equally|alternatively|arguably|perhaps|maybe|possibly|or\s+rather|"
                                  r"uncertain|unsure|not\s+sure|settle|depending|although|though|really|by\s+contrast|"
                                  r"in\s+contrast|whereas|however|instead|unlike|on\s+the\s+other\s+hand)\b")


# a bracketed aside, and the doubt or turn that keeps one from being a mere aside
_BRACKETED = lazy_compile(r"\([^()\n]{1,200}\)")
_ASIDE_HEDGED = lazy_compile(r"(?i)\(\s*(?:or|either)\b|\b(?:could|might|may|perhaps|maybe|possibly|probably|or\s+rather|unsure|not\s+sure|"
                             r"actually|wait|arguably|equally|alternatively)\b|\?")


def bold_gold_verdict(response: str, gold: str) -> tuple[bool, str] | None:
    """(True, the phrase) when the reply sets in bold, once, exactly the gold's words ("... so the circumcenter is at
    the **midpoint of the hypotenuse**, ..." for "the midpoint of the hypotenuse"; "You should **switch**." for
    "switch"): every bold phrase the same, none denied, supposed or hedged right before it, and no turn after it; None
    otherwise (never a rejection: a bold phrase that is not the gold's words is left to the reader)."""
    plain = _TEXT_WRAPPER.sub(lambda m: m.group(1) or "", gold).strip(" .")
    if not _NAME_GOLD.fullmatch(plain) or len(plain) < 4 or claim(plain) is not None or len(response) > 6000:
        return None
    bolds = list(_BOLD_PHRASE.finditer(response))
    if not bolds or len({_words(m.group(1)).__repr__() for m in bolds}) != 1:
        return None
    if _words(bolds[0].group(1).strip(" .:")) != _words(plain):
        return None
    for m in bolds:
        if _BOLD_DENIED.search(response[max(0, m.start() - 60):m.start()]):
            return None
    last = bolds[-1]
    starts = [m.end() for m in re.finditer(r"[.!?。！？](?:\s|$)|\n", response[:last.start()])]
    stop = re.search(r"[.!?。！？](?:\s|$)|\n", response[last.end():])
    sentence = response[starts[-1] if starts else 0:last.end() + (stop.end() if stop else len(response))]
    after = response[last.end() + (stop.end() if stop else len(response)):]
    asides = _BRACKETED.findall(sentence)
    if _TURNS.search(response[last.end():]) or _STATED.search(response) \
            or _BOLD_HEDGED.search(_BRACKETED.sub(" ", sentence)) or any(_ASIDE_HEDGED.search(a) for a in asides) \
            or _BOLD_HEDGED_AFTER.search(after) or _JOINED_AFTER.match(response, last.end()):
        # ("**skew** or intersecting", "**countable**, although ...", "(Though it could equally ...)"; a bracket in the
        # sentence is an aside, read for doubt only: "The triangle is **acute** (not right, although it is quite close
        # to a right triangle).")
        return None
    return True, last.group(1).strip()


# a first sentence of a few words, then a full stop or a line's end: "A draw. Neither player can force a win ..."
_OPENING_PHRASE = lazy_compile(r"\s*(?:\*\*)?(?P<phrase>[A-Za-z][A-Za-z'’ -]{2,60}?)(?:\*\*)?\s*(?P<aside>\([^()\n]{1,200}\))?\s*"
                               r"(?:[.!]|\n)(?:\*\*)?(?:\s|$)")


# a reply reconsidering what it opened on: "Hmm, let me redo this", "let me recheck", "on reflection"
_RECONSIDERED = lazy_compile(r"(?i)\b(?:hmm+|re-?do|let\s+me\s+(?:re\w*|check|double|think)|reconsider\w*|on\s+reflection|"
                             r"second\s+thought)\b")


def _without_phrase(text: str, plain: str) -> str:
    """``text`` without the gold's whole phrase wherever it is said again."""
    return re.sub(r"(?i)" + r"[\s-]+".join(re.escape(w) for w in plain.split()), " ", text)


# an aside that makes the opening object into another: "(with its corners cut off, giving a regular octagon)"
_ASIDE_TURNS_INTO = lazy_compile(r"(?i)\b(?:giving|gives|becomes?|becoming|turns?\s+into|making|instead|rather|i\.\s?e\.|"
                                 r"that\s+is|in\s+fact)\b")


def opening_gold_verdict(response: str, gold: str) -> tuple[bool, str] | None:
    """(True, the phrase) when the reply opens on a sentence that is exactly the gold's words, its reasons after it
    ("A draw. Neither player can force a win: ..." for "a draw"), with no turn, hedge, box or answer line after it;
    None otherwise (never a rejection: an opening that is not the gold's words is left to the reader)."""
    plain = _TEXT_WRAPPER.sub(lambda m: m.group(1) or "", gold).strip(" .")
    if not _NAME_GOLD.fullmatch(plain) or len(plain) < 4 or claim(plain) is not None or len(response) > 6000:
        return None
    first = _OPENING_PHRASE.match(response)
    if first is None or not _words(plain) or _words(first.group("phrase")) != _words(plain):
        return None
    rest = response[first.end():]
    if first.group("aside") and (_ASIDE_HEDGED.search(first.group("aside")) or _ASIDE_TURNS_INTO.search(first.group("aside"))):
        return None  # ("A parabola (or perhaps a hyperbola)."; not "A parabola (the fixed point is its focus ...).")
    if _TURNS.search(rest) or _STATED.search(rest) or _BOLD_HEDGED_AFTER.search(rest) or _RECONSIDERED.search(rest) \
            or "=" in rest or any(re.search(r"(?i)(?<![a-z])" + re.escape(w) + r"(?![a-z])", _without_phrase(rest, plain))
                                  for w in _words(plain)):
        # ("A draw. Wait, ...", "A draw. ... **Answer:** ...", "... though it might equally ...", "Hmm, let me redo
        # this", a derivation "... gives $n=6$", or the gold's words again in another phrase: "Regular hexagon. ... The
        # cross-section is a regular pentagon.")
        return None
    return True, first.group("phrase").strip()


def answered_in_words(response: str, gold: str, question: str | None) -> tuple[bool, str] | None:
    """The first of these readings that applies (an object named under another of its names and a line named in
    words, ``maths.concepts``; a set of integers described by residues, ``maths.residues``; a name asked, two
    alternatives offered, the larger of two formulas, a finite value for "Does it converge?", a verdict the reply
    opens on, the gold's words in bold or as its opening sentence): (verdict, the words read), or None. The scorers read a reply
    so before locating its answer."""
    _, closed, after = response.partition("</think>")
    if closed and after.strip() and "</think>" not in after:
        response = after  # the answer after a reasoning block, whatever the block mused
    found = concept_verdict(response, gold) or line_verdict(response, gold) \
        or residue_verdict(response, gold, question) or named_verdict(response, gold, question) \
        or alternative_verdict(response, gold, question) or comparison_verdict(response, gold, question) \
        or value_verdict(response, gold, question) or opening_verdict(response, gold, question) \
        or bold_gold_verdict(response, gold) or opening_gold_verdict(response, gold)
    of_asked = _TRIANGLE_OF.search(question) if found is not None and found[0] and question else None
    of_said = re.search(re.escape(american(found[1])) + r"\**\s+" + _TRIANGLE_OF.pattern, american(response), re.I) \
        if of_asked else None
    if of_said is not None and of_said.group("triangle") != of_asked.group("triangle"):
        return False, of_said.group()  # "the **orthocentre** of triangle $DEF$" to "Which centre of triangle ABC ...?"
    return found
