"""Text answers by meaning (the grading conventions): what a short answer or a closing sentence claims, negations and
qualifiers included.

A careful grader reads "Hence it is possible." as the answer Yes, "**Answer:** Not necessarily." as No, "the limit
does not exist" as the gold "does not exist", "There are infinitely many such primes." as "infinitely many" (and
"finitely many" as its opposite), "the series diverges" as "diverges" (not "converges"), and "so the triangle must be
equilateral" or "**Alice** has a winning strategy."
as the gold naming the shape or the winner. :func:`claim` reads a text's claim as a (family, polarity) pair;
:func:`same_meaning` compares two texts by their claims, or by a short gold phrase the sentence states as its
subject or its predicate.

A gold written as one or more sentences ("The observer is at a point on the equator. The orbit of the space station
is a geostationary orbit.") is compared claim by claim (:func:`states_claims`): each sentence's key terms (the
content words of what it says of its subject, a placeholder noun such as "point" or "place" left out) must all be
stated by the answer ("Observer on the equator; geostationary orbit (circular, period 24 hours)"), in a clause
negated as the gold's sentence is, and no clause of the answer saying what the gold does not ("north of the
equator", "and a polar orbit"); an answer that hedges ("or", "maybe", "likely") or names two alternatives
("singlet/triplet") states none. A bare noun phrase may leave out an inner classifier of a gold sentence's ("Singlet
state" for "in a singlet spin state": its first and last words kept), never a qualifier ("odd integers" is not "odd
positive integers"). Nothing here evaluates text: the tables below are the
whole vocabulary.
"""

from __future__ import annotations

import re
from itertools import islice

from ..text.patterns import lazy_compile

__all__ = ["CONCLUDING_LEAD", "CONCLUSION_WORD", "DOUBTED", "FAMILIES", "FIRST_MOVER", "OF_ITS_PARTS", "OTHER_ORDER", "PLAYERS", "YES_FAMILIES",
           "answers_question", "can_be_by_frequency",
           "alternative_named", "asked_alternatives", "asked_property", "asked_property_said", "asks_yes_no", "claim",
           "defined_answer", "may_name_winner",
           "keeps_qualifiers", "restates_cjk_question",
           "names_alternative", "none_of_asked_kind",
           "names_loser",
           "narrower_scope", "opening_verdict", "states_draw", "winner_named", "same_meaning", "states_asked_property", "states_claims",
           "who_moves_first"]

#: what may open a concluding sentence before what it states ("So ", "Hence, "): a pattern's start, case-blind, its
#: runs of spaces possessive (a run is never split two ways)
CONCLUDING_LEAD = r"(?i)\s*+(?:(?:so|thus|hence|therefore)(?:\s*+,)?\s++)?"

#: The families of claims, in the order they are looked for: (name, negative pattern, positive pattern). A
#: negative form is looked for first ("not always" before "always", "infinite" before "finite"); the polarity is
#: True for the positive form ("exists", "infinitely many", "possible", "always", "yes").
FAMILIES: tuple[tuple[str, str, str], ...] = (
    ("infinite",
     r"\b(?:(?<!\bno\s)finite(?:ly)?|(?<!not\s)bounded(?!\s+(?:below|above|from))|only\s+(?:a\s+)?few|not\s+infinite(?:ly)?|"
     r"not\s+unbounded)\b" + r"|有限",
     r"\b(?:infinite(?:ly)?|unbounded|countless(?:ly)?|endless(?:ly)?|infinitude|not\s+(?:finite|bounded)|"
     r"arbitrarily\s+(?:large|many|big)|unboundedly\s+many|"
     r"(?:there\s+is\s+)?no\s+finite\s+(?:list|set|collection|number)|"
     r"(?:there\s+is|there's|exists?)\s+no\s+(?:largest|greatest|biggest|last)\s+(?:such\s+)?(?:primes?|integers?|"
     r"natural\s+numbers?|solutions?)\b)\b"
     r"|无穷|无限|无数"),
    ("exist",
     r"\b(?:(?:does|do|did|can|could|need|would|will)\s*(?:not|n't)\s+exist|cannot\s+exist|fails?\s+to\s+exist|"
     r"(?:has|have|attains?)\s+no\s+(?:inverse|limit|solutions?|real\s+roots?|roots?|fixed\s+points?|minimum|maximum|minimal\s+value|"
     r"maximal\s+value|least\s+value|greatest\s+value|smallest\s+value|largest\s+value)|"
     r"there\s+(?:is|are|exists?|exist)\s+no|exists?\s+no|no\s+(?:such|(?:(?:real|integer|integral|rational|positive|"
     r"natural)\s+)?solutions?|\w+\s+exists?)|(?<!\bbut\s)(?<!though\s)no\s+(?!(?:linear|quadratic|constant|rational|irrational|integer|integral|real|positive|"
     r"negative|natural|prime|odd|even|complex|nonzero|finite|other|smaller|larger)\b)(?![a-z]+(?:ic|al|ous|ive|ute|"
     r"use|ar|ed)\b)[a-z]+(?:\s+[a-z]\b)?\s+(?:with|of|for)\s+(?:these|this|those|the\s+given|the\s+required)(?:\s+[a-z]+){1,3}"
     r"\s+exists?(?![^.;]*\b(?:but|though|however|yet)\b)|"
     # (a kind of number first: "no positive integer n with the required property exists")
     r"no\s+(?:positive|negative|natural|real|rational|odd|even|prime|nonzero)\s+(?:integers?|numbers?|primes?|reals?)"
     r"(?:\s+[a-z]\b)?\s+(?:with|of|for)\s+(?:these|this|those|the\s+given|the\s+required)(?:\s+[a-z]+){1,3}"
     r"\s+exists?(?![^.;]*\b(?:but|though|however|yet)\b)|"
     r"non-?existent|none|not\s+exist|dne|(?<!non-)(?<!not\s)(?<!never\s)empty)\b"
     r"|^(?:\\varnothing|\\emptyset|∅|\\\{\s*\\\})$"
     r"|(?<!是)不(?:可能|会|能)?存在|(?<!不是)(?<!并非)(?:没有(?:这样|满足|符合)|无(?:实数|实|整数|正整数|有理数)?(?:解|根)|"
     r"没有(?:实数|整数|正整数|有理数|自然数)?(?:解|根))",
     r"\b(?:exists?|there\s+(?:is|are)\s+(?:a|an|some|such|at\s+least\s+one)|non-?empty|(?:not|never)\s+empty)\b|存在"),
    ("possible",
     r"\b(?:impossible|not\s+possible|cannot|can't|can\s+not|infeasible|unachievable|not\s+achievable|"
     r"no\s+way)\b|不能|不可能|无法|不可以|做不到|办不到",
     r"\b(?:possible|feasible|achievable|can\s+(?:always\s+)?be\s+(?:done|achieved|made|arranged|found|constructed))\b"
     r"|能够|可以|(?<![\u4e00-\u9fff])能(?![\u4e00-\u9fff])|(?<!不)可能的"),
    ("always",
     r"\b(?:not\s+(?:always|necessarily|all)|need\s+not|needn't|sometimes|not\s+every|"
     r"(?:does|do|did)\s*(?:not|n't)\s+force|"
     r"not\s+(?:[a-z-]+\s+){1,2}for\s+(?:all|every|each|any)(?!\s+(?:such|of)\b))\b|不一定|未必|不总是|并非总|不恒成立|并非恒成立|不是恒成立|不会恒成立",
     r"\b(?:always|necessarily|in\s+(?:all|every)\s+cases?|for\s+all|every\s+time)\b|总是|一定|恒成立"),
    ("converge",
     r"\b(?:(?<!not\s)(?<!n't\s)(?<!never\s)diverg(?:es|ent|ence|ing|e)|(?:does|do|did|will|would|can)\s*(?:not|n't)\s+converge|cannot\s+converge|"
     r"fails?\s+to\s+converge(?!\s+(?:absolutely|uniformly|pointwise|conditionally|to|in|at|on|for)\b)|"
     r"not\s+convergent|non-?convergent)\b|发散|不收敛|无法收敛|不会收敛|不能收敛|收敛不了",
     r"\b(?:converg(?:es|ent|ence|ing|e)|(?:not|never|(?:does|do|did|will|would|can)n't)\s+diverg(?:es|ent|ence|ing|e))\b|收敛"),
    ("holds",  # a statement judged: "the statement holds" / 成立 / 正确, "it does not hold" / 不成立 / 错误; not "等号成立"
     r"\b(?:(?:does|do|did|would|will)\s*(?:not|n't)\s+hold|fails?\s+to\s+hold|(?:the|this)\s+(?:statement|claim|"
     r"assertion)\s+(?:is\s+(?:false|incorrect|wrong|invalid|not\s+(?:true|correct|valid))|fails)$)|不成立|不正确|错误|假命题",
     r"\b(?:the|this)\s+(?:statement|claim|assertion)\s+(?:always\s+holds|holds\b|is\s+(?:correct|true|valid)$)"
     r"|(?<![等号时恒])成立|(?<![不的])正确(?![的地])|(?<!不是)真命题"),
)
_COMPILED = tuple((name, lazy_compile(neg), lazy_compile(pos)) for name, neg, pos in FAMILIES)
_YES_NO = lazy_compile(r"(?:(?P<yes>yes|true|correct|affirmative|是的?|对|肯定的?|有)|(?P<no>no|false|untrue|incorrect|negative|否|不是|不对|没有|否定的?))"
                       r"(?:\s*(?:[,;:.!—–]|--)\s*(?:[^\d]*|(?:the|it|its|this|that|they|there)\s[^\n]*))?")
# "Yes, it is readable.", "No: the centre is always 5" (a reason after its verdict; not "No, 5": a second answer)
# markup and the words that open a conclusion ("Hence", "So the answer is", "Answer:")
_MARKUP = lazy_compile(r"\\(?:text|textbf|textit|mathrm|mbox)\s*\{([^{}]*)\}|[*_`$]|\\[,;!: ]")
_OPENING = lazy_compile(r"^(?:(?:so|thus|hence|therefore|consequently|finally|in\s+conclusion|overall|then|actually|"
                        r"wait|no\s+wait|on\s+second\s+thought|either\s+way|in\s+either\s+case|in\s+both\s+cases|"
                        r"in\s+any\s+case|in\s+every\s+case)\s*,?\s+|"
                        r"(?:yes|no)\s*,\s*)*(?:(?:the\s+)?(?:final\s+)?answer\s*(?:is|:)\s*)?")
_LEAD = lazy_compile(r"^(?:(?:so|thus|hence|therefore|consequently|finally|in\s+conclusion|overall|then|actually|"
                     r"wait|no\s+wait|on\s+second\s+thought)\s*,?\s+)*"
                     r"(?:(?:the\s+)?(?:final\s+)?answer\s*(?:is|:)\s*)?")
# a statement said not to be false (or not true), maybe then said true: "the statement is not false — it's true"
_NOT_FALSE = lazy_compile(r"(?:(?:the\s+statement|the\s+claim|it|this|that)\s+is\s+)?not\s+(?P<word>false|true|incorrect|correct)"
                          r"(?:\s*(?:—|–|--|,|;|:)\s*(?:it's|it\s+is|it\s+is\s+in\s+fact|rather)\s+(?P<then>true|false|"
                          r"correct|incorrect|untrue))?\s*[.!]?")
_INFINITY = lazy_compile(r"\+?\s*(?:\\infty|∞)")  # the whole answer, not an interval's end
# "it is false that ...", "it is not true that ...", "it is impossible that ...", "it is the case that ...": a claim
# framed by its truth
_TRUTH_FRAME = lazy_compile(r"it\s+is\s+(?:(?P<false>false|not\s+true|not\s+the\s+case|untrue|impossible|not\s+possible)"
                            r"|true|the\s+case)"
                            r"\s+that\s+")
_NEGATION = lazy_compile(r"\b(?:not|no|never|cannot|neither|nor|none|without)\b|n't\b")
_YES_NO_THEN = lazy_compile(r"(yes|no)\s*,\s*(?=\S)")
_WHEN = lazy_compile(r"\b(?:when|whenever|provided)\b")
_HEDGE = lazy_compile(r"\b(?:or|either|maybe|perhaps|possibly|might|unless|if)\b|或者|也许|或许|如果|除非|假如|假设|若(?!干)|(?<!不)可能(?=[\u4e00-\u9fff])(?!的)|"
                    r"猜测|猜想|估计|(?:\\le|≤|<|\\lt)[^，,。]{0,20}范围内|以内")
# a sentence stating a short gold phrase as its subject ("Alice has a winning strategy", "Alice wins") or as its
# predicate ("the triangle must be equilateral", "the winner is Alice")
_SUBJECT_VERB = r"(?:has|have|wins?|is|are|was|can|will|must|should|always|moves?|gets?|does)\b"
# a sentence naming who loses names no winner ("The loser is Bob", "Bob loses" are not the gold "Bob")
_LOSING = lazy_compile(r"\b(?:los(?:es?|er|ers|ing)|lost|defeated|beaten)\b")
_PREDICATE_VERB = (r"\b(?:is|are|was|were|be|becomes?|wins?|(?:must|has\s+to|have\s+to|should|will|would|can\s+only)"
                   r"\s+be|is\s+(?:necessarily|always|clearly)|(?:holds?|is\s+(?:true|valid|satisfied)|works?)\s+for|"
                   r"(?<=strategy\s)belongs\s+to|(?<=win\s)goes\s+to)"  # ("the winning strategy belongs to Bob")
                   r"\s+(?:an?\s+|the\s+)?")


#: a name set between dashes after a subject: "The second player — Bob — wins" (read as "(Bob)", in brackets)
DASHED_NAME = lazy_compile(r"(?<!\s)\s+(?:—|–|--)\s*(?P<name>[A-Z][a-z]+)\s*(?:—|–|--)\s+")


def _plain(text: str) -> str:
    """``text`` lower-cased, without markup, spacing runs as one space, without a closing full stop; a double
    negation in Chinese said plainly (:data:`_CJK_DOUBLE_NEGATION`)."""
    text = _MARKUP.sub(lambda m: m.group(1) or " ", text)
    text = re.sub(r"\s+", " ", text).strip().lower()
    if "不" in text or "非" in text:
        text = _CJK_DOUBLE_NEGATION.sub(lambda m: _CJK_SAID_PLAINLY.get(m.group(), ""), text)
    return text.rstrip(".!。").strip()


# a double negation in Chinese, and what it says: "并非不存在" (not nonexistent) is 存在, "并非不可能" 可能, "不是没有"
# 有; "不止有限个" (more than finitely many) is 无限个
_CJK_DOUBLE_NEGATION = lazy_compile(r"(?:并非|并不是|不是|绝非)(?=不|没有)(?:不|没)|不止(?=有限)有限|不只(?=有限)有限")
_CJK_SAID_PLAINLY = {"不止有限": "无限", "不只有限": "无限"}


# a claim left open ("We cannot conclude that such a function exists."), one qualified as not always holding ("it is
# not always possible"), and a double negation ("not impossible", "not unbounded")
_UNDECIDED = lazy_compile(r"(?i)\b(?:cannot|can't|can\s+not|unable\s+to|not\s+able\s+to)\s+(?:conclude|say|tell|determine|"
                          r"decide|know|settle|rule\s+(?:it|this|that|one|them|out)|be\s+sure|be\s+certain|"
                          r"be\s+(?:settled|decided|determined|resolved|established))\b|(?:无法|不能|难以)(?:确定|判断|断定|下结论)|只能说|只证明|尚未解决|未解决")
# a claim supposed, doubted or left open: "Assume there are infinitely many", "It is an open problem whether ..."
_SUPPOSED = lazy_compile(r"(?i)\b(?:unlikely|likely|probably|conjectur\w*|doubt\w*|nobody|unprov\w*|open\s+problem|"
                         r"suppos\w*|assum\w*|provided|guess\w*|believe|hope|whether)\b")
_ONLY_WHEN = lazy_compile(r"(?i)\bonly\s+(?:when|if|for)\b|只有当")
_NOT_ALWAYS = lazy_compile(r"(?i)\b(?:not|n't)\s+(?:always|necessarily|in\s+general)\b")
# a reason opening a sentence before its main clause: "since the integral is infinite, ..."
_REASON_FIRST = lazy_compile(r"(?:since|because|as)\s[^,;:]{1,200}+,\s*+(?=[a-z])")
# a reason closing a sentence after its main clause: ", since the harmonic series diverges"
_REASON_AFTER = lazy_compile(r"(?<=[a-z)])\s*+[,;—–]\s*+(?:since|because)\s")
_NOT_UN = lazy_compile(r"(?i)\bnot\s+(?:im|un|in)(?P<word>possible|bounded|finite)\b")
# "这样的正整数 n 是找不到的", "找不到满足条件的 n": what is asked for cannot be found, so none exists
_CANNOT_BE_FOUND = lazy_compile(r"(?:这样|满足条件|满足题意|符合条件)的[^，,。；;]{0,20}?(?:是)?找不到(?:的)?(?=$|[，,。；;])|"
                                r"找不到(?:任何)?(?:这样|满足条件|满足题意|符合条件)的")
# ... but not a search given up, a double negative, a supposition or a narrower case
_NOT_FOUND_BY_ME = lazy_compile(r"我|暂时|一时|目前|并不|不是找不到|并非|若|如果|假如|更小|更大|其他|其它|除了|之外")
_BE_NOT = lazy_compile(r"\b(?P<be>is|are|was|were)n't\b")
# "finite" denied: "does not have a finite value", "is not finite", "isn't a finite set", "cannot be finite" claim
# infinitely many
_NOT_FINITE = lazy_compile(r"(?i)(?:\bnot|\bcannot|n't|\bnever)\s++(?:(?:have|has|had|be|been|a|an|yield|give|take|remain)\s++)"
                           r"{0,2}finite(?:ly)?\b")


def claim(text: str, question: str | None = None) -> tuple[str, bool] | None:
    """What ``text`` claims: ``("yes", True)`` for "Yes" / "True", a family of :data:`FAMILIES` with its polarity
    ("the limit does not exist" -> ``("exist", False)``), or None when it claims none of them. None of a kind ("no
    continuous function with this property exists") claims that none exists when ``question`` asks about that kind.

    Examples:
        >>> claim("Hence it is possible."), claim("Not necessarily."), claim("There are infinitely many.")
        (('possible', True), ('always', False), ('infinite', True))
    """
    base = _plain(text) if len(text) <= 400 else ""
    plain = _OPENING.sub("", base, count=1)
    if not plain:
        return None
    framed = _TRUTH_FRAME.match(plain)
    if framed:  # "It is false that such a k exists": the claim after "that", its polarity flipped when false
        inner = claim(plain[framed.end():], question)
        if inner is None or inner[0] == "yes":
            return None
        return inner[0], inner[1] == (framed.group("false") is None)
    if _INFINITY.fullmatch(plain):
        return "infinite", True  # "\\boxed{\\infty}": infinitely many
    reason = _REASON_FIRST.match(plain)
    main = claim(plain[reason.end():], question) if reason else None
    if main is not None:
        return main  # "Since the integral is infinite, the series does not converge": the main clause claims
    reason = _REASON_AFTER.search(plain)
    main = claim(plain[:reason.start()], question) if reason else None
    if main is not None:
        return main  # "it converges, not absolutely, since the harmonic series diverges": the claim before its reason
    tail = _CONCESSION_TAIL.search(plain) if "though" in plain else None
    head_claim = claim(plain[:tail.start()].rstrip(" ,;(—–"), question) if tail and tail.start() > 0 \
        and _ON_A_DERIVATIVE.match(tail.group()) else None
    if head_claim is not None:
        # "the series converges (though its derivative series does not)": the claim is the head's, the concession on
        # the derivative another object's
        return head_claim
    if tail and tail.start() > 0 and not _CONCESSION_TURNS.search(tail.group()) and not _HEDGE.search(tail.group()) \
            and not _SUPPOSED.search(tail.group()) and not _UNDECIDED.search(tail.group()):
        main = claim(plain[:tail.start()], question)
        if main is not None:
            # "yes, it converges (conditionally) — although the integral of |sin x|/x diverges": a concession on
            # another object, not the claim (not one taking it back: "though not absolutely", "though it may not")
            return main
    led = _LEAD.sub("", base, count=1)
    denied_truth = _NOT_FALSE.fullmatch(led)
    if denied_truth and (denied_truth.group("then") is None
                         or denied_truth.group("then").endswith("true") == denied_truth.group("word").endswith("false")):
        # "The statement is not false — it's true.": true (and "not true", alone too, false)
        return "yes", denied_truth.group("word") in ("false", "incorrect")
    yes_no = _YES_NO.fullmatch(led)  # "Yes, it is readable": Yes
    if yes_no:
        verdict_end = yes_no.end("yes") if yes_no.group("yes") is not None else yes_no.end("no")
        if QUALIFIED_VERDICT.match(led, verdict_end):
            return None  # "没有, 除非 n 为偶数", "No, unless n is even": a conditional verdict
        return "yes", yes_no.group("yes") is not None
    if _HEDGE.search(plain) or _UNDECIDED.search(plain) or _ONLY_WHEN.search(plain) or _SUPPOSED.search(plain):
        return None  # "possible or not", "maybe infinite", "we cannot conclude that ...", "exists only when n is even"
    if _NOT_ALWAYS.search(plain):
        return "always", False  # "It is not always possible.": not always, whatever the property
    if "找不到" in plain and _CANNOT_BE_FOUND.search(plain) and not _NOT_FOUND_BY_ME.search(plain):
        return "exist", False  # "这样的正整数 n 是找不到的": none exists (not "我暂时找不到", "比 25 更小的找不到")
    if "n't" in plain:
        plain = _BE_NOT.sub(r"\g<be> not", plain)  # "isn't possible" is "is not possible"
    plain = _NOT_UN.sub(lambda m: m.group("word"), plain)  # "not impossible" is possible
    if "finite" in plain and len(_NEGATION.findall(plain)) + len(re.findall(r"\b(?:false|untrue)\b", plain)) < 2:
        plain = _NOT_FINITE.sub(lambda m: " infinite" if m.group(0)[0] == "n" else "infinite", plain)
        # ("the integral does not have a finite value", "doesn't have a finite value": infinite)
    for name, negative, positive in _COMPILED:
        if negative.search(plain):
            return name, False
        if positive.search(plain):
            kind = _NONE_OF_A_KIND.fullmatch(plain) if name == "exist" and question else None
            if kind and re.search(r"(?i)(?<!not\s)(?<!necessarily\s)(?<!non-)\b%s\b" % re.escape(kind.group(1)), question):
                # "So no continuous function with this property exists." to a question asking about continuous
                # functions (not about any function, "not necessarily continuous"): none of the kind asked
                return "exist", False
            return name, True
    return None


def none_of_asked_kind(text: str, question: str | None) -> bool:
    """Does ``text`` claim that none exists of the kind ``question`` asks about ("So no continuous function with this
    property exists." to "Does there exist a continuous function ...?"), which it claims only so?"""
    return bool(question) and claim(text) != claim(text, question) == ("exist", False)


# "no <kind> <noun> ... exists": none of a kind
_NONE_OF_A_KIND = lazy_compile(r"no\s+(?!such\b|other\b)([a-z-]{4,})\s+(?:functions?|"
                               r"polynomials?|sequences?|maps?|matri(?:x|ces)|graphs?|sets?|numbers?|integers?|solutions?|"
                               r"triangles?|polygons?|primes?|roots?|colou?rings?|tilings?|arrangements?|strateg(?:y|ies))\b"
                               r"[^.;:!?]{0,60}\bexists?\s*[.!]?\s*$")


# how a claim is qualified ("converges absolutely", "is uniformly continuous", "exists uniquely"), by the word's stem
_CLAIM_QUALIFIER = lazy_compile(r"\b(?:(?P<negated>not|n't|never)\s+(?:\w+\s+)?)?(?P<word>absolute|absolutely|"
                                r"conditional|conditionally|uniform|uniformly|pointwise|strict|strictly|unique|"
                                r"uniquely|local|locally|global|globally)\b")


def _first_sentence(text: str) -> str:
    """``text`` up to the end of its first sentence (a full stop, ! or ? followed by a space)."""
    end = re.search(r"[.!?](?:\s|\}|$)", text)
    return text[:end.start()] if end else text


def keeps_qualifiers(gold: str, pred: str) -> bool:
    """Does ``pred`` state, unnegated, every qualifier ``gold``'s claim makes ("converges absolutely" is not stated by
    "converges conditionally, but not absolutely", nor by "converges")? A qualifier the gold does not make is more
    than it asks ("converges absolutely" states "converges")."""
    wanted = {m.group("word")[:5] for m in _CLAIM_QUALIFIER.finditer(_plain(gold)) if not m.group("negated")}
    if not wanted:
        return True
    stated = {m.group("word")[:5] for m in _CLAIM_QUALIFIER.finditer(_plain(pred)) if not m.group("negated")}
    if "condi" in wanted and "absol" not in stated and any(
            m.group("negated") and m.group("word").startswith("absol") for m in _CLAIM_QUALIFIER.finditer(_plain(pred))):
        stated.add("condi")  # "converges — though not absolutely": conditionally
    return wanted <= stated


def _denies_qualifier(pred: str, family: str) -> bool:
    """Does ``pred`` deny its claim only as qualified ("is not absolutely convergent", "does not converge
    uniformly")? Such a claim is about the qualified property: it neither states nor denies the plain one. A
    qualifier denied apart from the claim ("converges conditionally, but not absolutely") or beside a plain claim
    ("convergent (although not absolutely convergent)", "It does not converge, and a fortiori it does not converge
    absolutely") leaves the claim stated."""
    plain = _plain(pred)
    _, negative, positive = next(c for c in _COMPILED if c[0] == family)
    rest, denied = plain, False
    for m in _CLAIM_QUALIFIER.finditer(plain):
        if m.group("negated"):
            clause = re.split(r"[,;:()]|\bbut\b|\byet\b", plain[m.start():], maxsplit=1)[0]
            if positive.search(clause):
                denied = True
                rest = rest.replace(clause, " ")
    return denied and not (positive.search(rest) or negative.search(rest))


#: Families a plain Yes or No answers (an existence, a possibility, a claim that holds always).
YES_FAMILIES = frozenset({"yes", "exist", "possible", "always", "holds"})


def names_loser(sentence: str, phrase: str) -> bool:
    """Does ``sentence`` say who loses ("The loser is Bob", "Bob loses") where ``phrase`` names no loss? Such a
    sentence names no winner."""
    return bool(_LOSING.search(sentence.lower())) and not _LOSING.search(phrase.lower())


def _states_phrase(sentence: str, phrase: str) -> bool:
    """Does ``sentence`` (a short one, without negation or hedge) state the short ``phrase`` as its subject or as
    its predicate?"""
    if len(sentence.split()) > 20 or _NEGATION.search(sentence) or _HEDGE.search(sentence) \
            or _WHEN.search(sentence):
        return False  # "Bob has a winning strategy when n is even": under a condition, not the answer
    if names_loser(sentence, phrase):
        return False
    glossed = _GLOSSED_NAME.search(sentence)
    if glossed and glossed.group("gloss") == phrase.removeprefix("the ") \
            and (glossed.start() == 0 or sentence[:glossed.start()].rstrip().endswith((" is", " was"))):
        # "player a (the first player) wins", "the winner is bob (the second player)": the name glossed as the gold
        sentence = sentence[:glossed.start()] + "the " + glossed.group("gloss") + sentence[glossed.end():]
    quoted = re.escape(phrase)
    return bool(re.match(r"(?:the\s+)?%s\s+%s" % (quoted, _SUBJECT_VERB), sentence)
                or re.search(r"%s%s$" % (_PREDICATE_VERB, quoted), sentence))


# a player labelled, then glossed in brackets: "player a (the first player)" (not a name: "Carol (the second player)"
# names whom it names)
_GLOSSED_NAME = lazy_compile(r"(?<![a-z])player\s[a-z0-9]\s\((?:the\s)?(?P<gloss>[a-z][a-z -]{1,30}?)\)")
# "triangle abc is equilateral": a subject, a copula, a one-word predicate
_COPULA_CLAIM = lazy_compile(r"(?:the\s+)?(?P<subject>[a-z][a-z0-9' -]{0,40}?)\s+(?:is|are|must\s+be|has\s+to\s+be|"
                             r"is\s+necessarily)\s+(?:an?\s+)?(?P<predicate>[a-z-]+)")


def _predicate_of_subject(sentence: str, phrase: str) -> bool:
    """Does ``sentence`` state the gold ``phrase`` of two or three words as a one-word predicate of a subject that
    names the phrase's other words ("triangle ABC is equilateral" for "equilateral triangle"; not "triangle ABC is
    isosceles", nor "the triangle is right" for "isosceles right triangle")?"""
    words = [_term(w) for w in phrase.split()]
    if not 2 <= len(words) <= 3 or len(sentence.split()) > 20 or _NEGATION.search(sentence) \
            or _HEDGE.search(sentence) or _LOSING.search(sentence):
        return False
    m = _COPULA_CLAIM.fullmatch(sentence)
    if m is None or _term(m.group("predicate")) not in words:
        return False
    rest = list(words)
    rest.remove(_term(m.group("predicate")))
    subject = {_term(w) for w in m.group("subject").split()}
    return all(w in subject for w in rest)


#: the shapes a question asks the kind of: an answer may name the kind alone ("equilateral")
_SHAPES = frozenset("triangle triangles quadrilateral quadrilaterals polygon polygons pentagon hexagon tetrahedron "
                    "trapezoid trapezium".split())


def _named_kind(one: str, other: str) -> bool:
    """Is one of ``one`` and ``other`` a single word and the other that word followed by a shape noun
    ("equilateral" / "equilateral triangle"; not "isosceles" / "isosceles right triangle", nor "right" /
    "equilateral triangle")?"""
    for a, b in ((one, other), (other, one)):
        words = b.split()
        if re.fullmatch(r"[a-z-]{3,}", a) and len(words) == 2 and words[0] == a and words[1] in _SHAPES:
            return True
    return False


_QUANTIFIERS = frozenset("all every any each the a an such that which are is".split())


def _description(plain: str) -> tuple[str, ...]:
    """A description of a set of objects as its words, read the same whatever its quantifier and number ("every odd
    positive integer n" and "all odd positive integers"): words without quantifiers and articles, singular, without a
    closing variable name; () when that leaves fewer than two words or a word is not a plain word."""
    words = plain.replace(",", " ").split()
    if words and len(words[-1]) == 1 and len(words) > 1:
        words = words[:-1]  # "... integer n": the variable named
    if not all(re.fullmatch(r"[a-z][a-z-]*", w) for w in words):
        return ()
    kept = tuple(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                 for w in words if w not in _QUANTIFIERS)
    return kept if len(kept) >= 2 else ()


_CJK_NAME = lazy_compile("[\u4e00-\u9fff]{1,4}")
_CJK_WINS = lazy_compile("(?:一定|总|总是|能)?(?:有必胜策略|必胜|获胜|胜|赢)")
_CJK_NOT = lazy_compile("不|没|无|输|败")


# a game said to end drawn: "a draw", "nobody wins", "neither player wins", "it is a tie"
_DRAWN = lazy_compile(r"(?i)\b(?:(?:a\s+)?draw|drawn|(?:a\s+)?tie|tied|(?:nobody|no\s+one|neither(?:\s+player)?)"
                      r"(?:\s+(?:wins|can\s+force\s+a\s+win))?|no\s+winner)\b")
_DRAW_DOUBTED = lazy_compile(r"(?i)\b(?:not|cannot|never|impossible|unless|if|only|but|except|or|either|whoever|wins\s+if)\b|n't\b")
# a bound on the outcome, no outcome: "can guarantee at least a draw", "at worst a tie"
_BOUNDED_DRAW = lazy_compile(r"(?i)\bat\s+(?:least|worst|most)\s+(?:a\s+)?(?:draw|tie)\b")


def states_draw(text: str) -> bool:
    """Does ``text`` say, without a condition or a negation, that a game ends drawn ("With optimal play,
    tic-tac-toe always ends in a draw — nobody wins.", "Neither; the game is a draw")? Each of its clauses must say
    it, so a clause naming a winner ("a draw if Bob errs, else Alice wins") is no draw."""
    plain = _plain(text)
    if "at " in plain:
        plain = _BOUNDED_DRAW.sub(" ", plain)  # ("Each can guarantee at least a draw, so ... ends in a draw.")
    clauses = [c for c in re.split(r"\s*(?:[;—–]|--|(?<![a-z])-(?![a-z]))\s*", plain) if c.strip(" .!")]
    return bool(clauses) and len(plain) <= 200 and not _DRAW_DOUBTED.search(plain) \
        and all(_DRAWN.search(c) for c in clauses)


def same_meaning(gold: str, pred: str) -> bool | None:
    """Do ``gold`` and ``pred`` state the same text answer by meaning? None when meaning does not decide (neither
    side makes a claim of :data:`FAMILIES`, nor states the other's short phrase).

    Examples:
        >>> same_meaning("Yes", "Hence it is possible."), same_meaning("No", "It is always true.")
        (True, False)
        >>> same_meaning("infinitely many", "There are finitely many such primes.")
        False
        >>> same_meaning("Alice", "**Alice** has a winning strategy.")
        True
    """
    g, p = claim(gold), claim(pred)
    if g is not None and p is not None:
        if g[0] == p[0]:
            # a yes or no with its reason: the qualifiers of the sentence that answers count ("Yes, conditionally"),
            # not the reason's after it ("No, .... Laplace's equation forbids a local minimum at the center.")
            return g[1] == p[1] and keeps_qualifiers(_first_sentence(gold) if g[0] == "yes" else gold, pred)
        if {g[0], p[0]} == {"exist", "possible"}:
            return g[1] == p[1]  # "Such an arrangement cannot exist." is "Impossible"
        if "yes" in (g[0], p[0]) and g[0] in YES_FAMILIES and p[0] in YES_FAMILIES:
            return g[1] == p[1]  # "Yes" against "it is possible"; "No" against "no such k exists"
        return None
    if g is not None and g[0] == "yes" or p is not None and p[0] == "yes":
        plain = _plain(pred)
        opened = _YES_NO_THEN.match(plain) if g is None else None
        rest = plain[opened.end():] if opened else ""
        if opened and (opened.group(1) == "no") == _negated(rest) and states_claims(gold, rest):
            return True  # "No, the wire would not melt." states "The copper wire will not melt."
        return None
    g_plain, p_plain = _plain(gold), _OPENING.sub("", _plain(pred), count=1)
    if g is None and _CJK_NAME.fullmatch(g_plain) and _CJK_WINS.match(p_plain, len(g_plain)) \
            and p_plain.startswith(g_plain) and not _CJK_NOT.search(p_plain):
        return True  # "甲有必胜策略": the gold 甲 named as the winner
    if g is None and p is None and _description(g_plain) and _description(g_plain) == _description(p_plain):
        return True  # "every odd positive integer n" / "all odd positive integers"
    if g is None and p is None and _named_kind(g_plain, p_plain):
        return True  # "equilateral" for "equilateral triangle": the kind named, the shape asked about left out
    if g is None and 0 < len(g_plain.split()) <= 3 and re.fullmatch(r"[a-z][a-z' -]*", g_plain) \
            and (_states_phrase(p_plain, g_plain) or _predicate_of_subject(p_plain, g_plain)):
        return True
    if g is None and p is None and states_claims(gold, pred):
        return True  # "Observer on the equator; geostationary orbit" states the gold's two sentences
    return None


# ---- a gold of whole sentences, claim by claim -------------------------------------------------------------------

#: Function words: never a key term of a claim.
_FUNCTION_WORDS = frozenset("""
a an the this that these those it its they them their there here he she his her we our you your i one
is are was were be been being am has have had do does did must should shall will would can could may might need
to of in on at by for with from into onto over under about as than then so thus hence therefore also only just
very both each every all any some such which who whom whose what when where while and but yet
located situated found placed lying lies lie remains remain stays stay always necessarily exactly
""".split())
#: Qualifiers a claim never drops: leaving one out states another claim ("odd integers" for "odd positive integers").
_QUALIFIERS = frozenset("""
positive negative nonnegative non-negative nonpositive non-positive nonzero non-zero odd even real complex rational
irrational integer natural whole prime composite distinct unique strictly finite infinite only all every each some
maximal minimal maximum minimum least greatest largest smallest upper lower first last left right increasing
decreasing constant stable unstable open closed bounded unbounded equal perfect proper regular acute obtuse
""".split())
#: Placeholder nouns: "at a point on the equator" says "on the equator".
_PLACEHOLDERS = frozenset("point place location position spot".split())
#: What a sentence says of its subject starts after its first copula or modal verb.
_COPULA = lazy_compile(r"\b(?:is|are|was|were|lies|lie|(?:must|should|will|would|can|has\s+to|have\s+to)\s+be|"
                       r"remains?|stays?)\b")
#: ... else after its first modal verb: "The copper wire will not melt." says "not melt" of the wire
_MODAL = lazy_compile(r"\b(?:will|would|can|could|cannot|must|should|does|do|did)\b|\b(?:won|can|doesn|don|didn)(?=n't\b)")
_CLAIM_HEDGE = lazy_compile(r"\b(?:or|either|maybe|perhaps|possibly|probably|likely|might|unless|if|whether)\b"
                            r"|[a-z]/[a-z]")
_PROSE_GOLD = lazy_compile(r"[a-z][a-z' ,;:.()-]*")
_PARENTHESIS = lazy_compile(r"\([^()]*\)")
_CLAUSES = lazy_compile(r"[;,.]|\band\b")


def _term(word: str) -> str:
    """A word as a term: without a possessive, singular ("orbits" is "orbit"; "mass" stays)."""
    word = re.sub(r"'s?$", "", word)
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def _terms(text: str) -> list[str]:
    return [_term(w) for w in re.findall(r"[a-z][a-z'-]*", text)
            if w not in _FUNCTION_WORDS and not _NEGATION.fullmatch(w) and not w.endswith("n't")]


def _key_terms(sentence: str) -> list[str]:
    """The key terms of one gold sentence: the content words of what it says of its subject (after its first copula
    or modal verb; the whole sentence when it has none), placeholder nouns left out."""
    copula = _COPULA.search(sentence) or _MODAL.search(sentence)
    said = sentence[copula.end():] if copula else sentence
    return [t for t in _terms(said) if t not in _PLACEHOLDERS]


def _negated(text: str) -> bool:
    return bool(_NEGATION.search(text))


def states_claims(gold: str, pred: str) -> bool:
    """Does ``pred`` state every claim of ``gold``, a gold written as sentences of words (four words or more, no
    numbers or maths)? Each gold sentence's key terms (:func:`_key_terms`) must all be in one clause of the answer
    negated as the sentence is, and no clause of the answer may hold a term the gold does not (a parenthesis, an
    elaboration, aside) (or, for a gold of one sentence with a verb, the answer is a bare noun phrase of
    two terms or more that leaves out an inner classifier of the gold's, no qualifier such as "positive" or "odd":
    "Singlet State (S=0)" for "in a singlet spin state");
    an answer that hedges or names two alternatives states nothing.

    Examples:
        >>> states_claims("The orbit is a geostationary orbit.", "geostationary orbit")
        True
        >>> states_claims("The orbit is a geostationary orbit.", "not a geostationary orbit")
        False
        >>> states_claims("The two neutrons must be in a singlet spin state.", "Singlet State (S=0)")
        True
    """
    g_plain, p_plain = _plain(gold), _plain(pred)
    if len(pred) > 400 or len(g_plain.split()) < 4 or not _PROSE_GOLD.fullmatch(g_plain) \
            or not re.search(r"[a-z]{3}", p_plain) or _CLAIM_HEDGE.search(p_plain):
        return False
    sentences = [s.strip() for s in re.split(r"[.;]", g_plain) if s.strip()]
    claims = [(_key_terms(s), _negated(s)) for s in sentences]
    if not all(terms for terms, _ in claims):
        return False
    # each claim stated in a clause of the answer (a parenthesis is an elaboration, left out) negated as the claim is;
    # no clause says what the gold does not ("at a point north of the equator" is not "on the equator")
    vocabulary = set(_terms(g_plain))
    clauses = [(set(_terms(c)), _negated(c)) for c in _CLAUSES.split(_PARENTHESIS.sub(" ", p_plain)) if c.strip()]
    if all(words <= vocabulary for words, _ in clauses) and \
            all(any(set(terms) <= words and neg == negated for words, neg in clauses) for terms, negated in claims):
        return True
    if len(claims) == 1 and not claims[0][1] and not _negated(p_plain) and _COPULA.search(sentences[0]):
        # a bare noun phrase leaving out an inner classifier of the gold sentence's ("singlet state" for "in a singlet
        # spin state"), never a qualifier ("odd integers" is not "odd positive integers")
        phrase, terms = _key_terms(_PARENTHESIS.sub(" ", p_plain)), claims[0][0]
        return len(phrase) >= 2 and len(terms) > len(phrase) and (phrase[0], phrase[-1]) == (terms[0], terms[-1]) \
            and _in_order(phrase, terms) and not (set(terms) - set(phrase)) & _QUALIFIERS
    return False


def _in_order(words: list[str], terms: list[str]) -> bool:
    """Are ``words`` ``terms`` with some left out, in the same order?"""
    rest = iter(terms)
    return all(any(w == t for t in rest) for w in words)


# ---- what the question asks: a yes/no question answered by its property, players named by turn ------------------

_MATH_SPAN = lazy_compile(r"\$\$?[^$]*\$\$?|\\\(.*?\\\)")
_YES_NO_QUESTION = lazy_compile(r"(?:^|[.!?:]\s+)(?:is|are|was|were|must|does|do|did|will)\s+"
                                r"(?P<body>[^?.!]{1,200})\?\s*$")
#: nouns a question puts after the property it asks ("a prime number", "an injective function")
_GENERIC_NOUNS = frozenset("number numbers integer integers function functions sequence sequences set sets value "
                           "values map maps polynomial polynomials".split())
#: opposite properties no prefix spells ("composite" is "not prime")
_OPPOSITES = {"prime": "composite", "composite": "prime", "even": "odd", "odd": "even", "invertible": "singular",
              "singular": "invertible", "independent": "dependent", "dependent": "independent"}
#: another word for the same property ("Is $f$ injective?" answered "$f$ is one-to-one")
_SYNONYMS = {"injective": {"one-to-one"}, "one-to-one": {"injective"}, "countable": {"countably", "denumerable"}}
# "onto" closing its clause says surjective ("So $f$ is **not onto**."); before what it maps onto it is a preposition
_ONTO = lazy_compile(r"\bonto\b(?=\s*(?:[.,;:)!*]|$|\s+(?:but|and|since|because|as|though|either)\b))")
_NEGATING_PREFIXES = ("un", "in", "non-", "non", "ir", "im", "il", "dis")
#: who moves first in a two-player question ("Alice moves first", "starting with Bob", "They alternate turns, Alice
#: first"), and the two players it names
FIRST_MOVER = lazy_compile(r"\b(?P<name>[A-Z][a-z]+)\s+(?:moves|goes|plays|starts|begins|(?:makes|has)\s+the\s+first\s+"
                            r"move)(?:\s+first)?\b|\b(?:[Ss]tarting|[Bb]eginning)\s+with\s+(?P<starter>[A-Z][a-z]+)\b|"
                            r"\b(?P<opener>[A-Z][a-z]+)\s+(?:moves|goes|plays)\s+first\b|"
                            # "They alternate turns, Alice first;", "taking turns (Alice first)"
                            r"\b(?:turns|alternately|alternate)\s*+[,(]\s*+(?P<first>[A-Z][a-z]+)\s+first\b|"
                            # "Alice and Bob alternately remove 1, 2 or 3 stones, Alice first; ..."
                            r"[,(]\s*+(?P<after>[A-Z][a-z]+)\s+first\s*+(?=[;,.)])|"
                            # "..., Alice moving first;", "with Bob going first."
                            r"\b(?P<moving>[A-Z][a-z]+)\s+(?:moving|going|playing|starting)\s+first\b")


def first_mover(mover: re.Match[str]) -> str:
    """The name a match of :data:`FIRST_MOVER` says moves first."""
    return next(mover.group(k) for k in ("name", "starter", "opener", "first", "after", "moving") if mover.group(k))


def who_moves_first(question: str) -> str | None:
    """The name ``question`` says moves first: the first explicit statement ("Alice moves first", "starting with
    Bob"); else a bare ", Alice first" in a clause about turns or moves ("alternately remove 1, 2 or 3 stones, Alice
    first;"), when the question names one such player and supposes no other order ("If instead Bob went first, ...");
    else None ("stand in line, Alice first", "on heads, Bob first; on tails, Alice first")."""
    bare: set[str] = set()
    for m in islice(FIRST_MOVER.finditer(question), 12):
        if not m.group("after"):
            return first_mover(m)
        reach = max(0, m.start() - 200)  # (the clause looked at is 200 characters at most: linear in the question)
        clause = question[max(question.rfind(".", reach, m.start()), question.rfind(";", reach, m.start()), reach - 1)
                          + 1:m.end()]
        if _TURN_WORDS.search(clause):
            bare.add(m.group("after"))
    return bare.pop() if len(bare) == 1 and not OTHER_ORDER.search(question) else None


# words of a clause about turns or moves: ", Alice first" there says who moves first
_TURN_WORDS = lazy_compile(r"(?i)\b(?:alternately|alternate|alternating|turns?|moves?|remove|removes|take|takes|pick|"
                           r"picks|play|plays|choose|chooses|write|writes|place|places|colou?rs?)\b")
#: a question supposing another order of play than the one it states: "If instead Alice went first, who would win?"
OTHER_ORDER = lazy_compile(r"(?i)\binstead\b|\bif\b[^.?]{0,80}\b(?:(?:went|goes|go|moved|moves|move|played|plays|play)"
                          r"\s+first|started|starts|start|began|begins|begin)\b")


PLAYERS = lazy_compile(r"\b([A-Z][a-z]+)\s+and\s+([A-Z][a-z]+)\b")
_BY_TURN = lazy_compile(r"\b(?:the\s+)?(?P<turn>first|second|starting)\s+player\b", re.I)


# a question asking yes or no: its last sentence opens with an auxiliary verb and ends in a question mark, with no
# alternatives ("Is $n$ even or odd?" asks which); or a Chinese 是否 / 能否 / 可否 / 有没有
_ASKS_YES_NO = lazy_compile(r"(?:^|[.!?:;]\s+|\n\s*|(?:^|[.!?:;]\s+)(?:if|when|given\s+that|suppose|in|for|among)\s"
                            r"[^,?.!]{1,120},\s*)"
                            r"(?:is|are|was|were|can|could|does|do|did|must|will|would|should|"
                            r"has|have|may)\s+(?P<body>[^?.!]{1,300})\?\s*$")
_EITHER_OR = lazy_compile(r"\beither\b[^?]*?\bor\b")
# kinds named in brackets inside a question, words more after them: "(open or closed)", "(with or without repetition)"
_BRACKETED_KINDS = lazy_compile(r"\((?:[a-z-]+\s+){0,2}or\s+(?:[a-z-]+\s*){1,2}\)(?=\s+[a-z])")
# "i.e.", "e.g." without their points (a point would end the question's sentence), and the question said again
_ABBREVIATION = lazy_compile(r"\b([ie])\.([eg])\.")
_RESTATED = lazy_compile(r",?\s*\b(?:ie|that\s+is|in\s+other\s+words|namely)\b[^,]*")  # (to the next comma)
_ASKS_YES_NO_ZH = lazy_compile(r"是否|能否|可否|有没有|能不能|是不是|可不可以")
_ALTERNATIVES = lazy_compile(r"\b(?:or(?!\s+(?:more|fewer|less|greater|larger|smaller|equal|higher|lower)\b)|(?<!\bfor\s)(?<!\bin\s)(?<!\bon\s)(?<!\bat\s)which|whether)\b|还是")  # (not "for which")
_ASKS_WHICH_ZH = lazy_compile(r"什么|多少|哪|几|怎么|怎样|如何|谁|何|求出|求得|算出|的值|解出")  # a value or a question word asked


_ABOUT_A_STATEMENT = lazy_compile(r"\s*(?:it\s+)?(?:always\s+|necessarily\s+)?(?:true|the\s+case)\s+that\b")


def without_answer_instruction(question: str | None) -> str | None:
    """``question`` without an instruction closing it to answer yes or no ("Is $f$ injective? Answer Yes or No." ->
    "Is $f$ injective?"): the question it asks is the sentence before; None stays None."""
    if not question:
        return question
    m = _ANSWER_YES_OR_NO.search(question)
    head = question[:m.start()].rstrip(" (") if m else question
    return head if head.rstrip().endswith(("?", "？")) else question


# a request for the proof closing a Chinese question: "请给出证明。", "并说明理由。", "证明你的结论。"
_CJK_PROOF_ASKED = lazy_compile(r"(?<=[？?。])\s*(?:请|并)?(?:给出|写出|说明|简要说明)?(?:证明|理由|推导过程|过程)(?:你的结论)?[。.]?\s*$|"
                                r"(?<=[？?。])\s*(?:请|并)?证明你的(?:结论|判断)[。.]?\s*$")


def asks_yes_no(question: str | None) -> bool:
    """Does ``question`` ask yes or no ("Can the numbers be arranged so that ...?", "Is it always true that
    ...?", "是否存在 ...？"), not which of alternatives ("Does it converge absolutely, converge conditionally, or
    diverge?")?"""
    if not question:
        return False
    if _TRUE_OR_FALSE.search(question) or _ANSWER_YES_OR_NO.search(question):
        return True  # "True or false: if $a^2 = b^2$ then $a = b$.", "Is ... uniformly continuous? Answer Yes or No."
    tail = _ABBREVIATION.sub(lambda m: m.group(1) + m.group(2), _MATH_SPAN.sub(" X ", question.strip()[-400:]))
    m = _ASKS_YES_NO.search(tail.lower())
    if m is not None:
        # (an "or" inside the statement a question asks about is no alternative offered: "Is it always true that if
        # $a \mid bc$, then $a \mid b$ or $a \mid c$?"; nor is one in the question said again in other words, "Is PA
        # complete, i.e. does it prove or refute every sentence?")
        body = _EITHER_OR.sub(" ", _RESTATED.sub(" ", m.group("body")))  # ("must there be either 3 ... or 3 ...?")
        body = _BRACKETED_KINDS.sub(" ", body)  # "Is a knight's tour (open or closed) possible ...?": both kinds asked
        return not _ALTERNATIVES.search(body) or bool(_ABOUT_A_STATEMENT.match(m.group("body")))
    tail = _CJK_PROOF_ASKED.sub("", tail)  # "是否任何 15 阶群都是循环群？请给出证明。": the question before the request
    last = re.split(r"[。！!.]", tail.rstrip("？? \n"))[-1]
    if last.endswith("吗") and not _ASKS_WHICH_ZH.search(last):
        return not _ALTERNATIVES.search(last)  # "$2^{10}+1$ 是质数吗？" (not "最大值是多少吗")
    return bool(_ASKS_YES_NO_ZH.search(last)) and not _ALTERNATIVES.search(last)


# a statement that opens with its verdict, then a full stop, a comma, a colon, a dash or its end: "Yes, it can be
# done (...)", "No. Whatever ...", "Not always: ...", "**Yes**.", "Under the modern definition, no. ..."
# an instruction closing a question to answer yes or no: "Answer Yes or No.", "(yes/no)", "Answer with yes or no only."
_ANSWER_YES_OR_NO = lazy_compile(r"(?i)(?:\banswer(?:\s+(?:with|by|only))?\s+|\()[\"'*]?yes[\"'*]?\s*(?:or|/)\s*[\"'*]?no\b"
                                 r"[\"'*]?(?:\s+only)?\s*[.)]?\s*$|回答[“\"]?是[”\"]?或[“\"]?否[”\"]?[。.]?\s*$")
_TRUE_OR_FALSE = lazy_compile(r"(?i)\btrue\s+or\s+false\b|\bprove\s+or\s+disprove\b|判断(?:正误|对错|真假)")
_VERDICT = lazy_compile(r"\s*(?:\*\*)?\s*(?:(?:结论|答)\s*[:：]\s*)?"
                        # the standard the verdict is given under: "Under the modern definition, no."
                        r"(?:(?i:(?:under|by|according\s+to)\s+(?:the\s+)?(?:modern|usual|standard|conventional|"
                        r"accepted|present-day|current)\s+(?:definition|convention|terminology)|strictly\s+speaking|"
                        r"by\s+definition)\s*,\s*)?(?P<verdict>(?i:yes|no|true|false|affirmative|not\s+(?:always|necessarily))|是的?|否|不能|能|不可以|可以|"
                        r"不存在|存在|没有|有)\s*(?:\*\*)?(?:\s+(?i:in\s+general))?\s*(?:[.,:;!—–。，：；！]|\s-\s|\Z)")


# a heading that names the answer, on its own line ("## Answer", "### Final answer", "**Answer**")
_ANSWER_HEADING = lazy_compile(r"(?:\#{1,4}[ \t]*+(?i:(?:final[ \t]+)?answer)[ \t]*+:?|\*\*(?i:(?:final[ \t]+)?answer)[ \t]*+:?\*\*)"
                               r"[ \t]*+\n\s*+")
_ASKS_HAVE_ZH = lazy_compile(r"是否有|有没有|有无|是不是有|(?<![没])有[^，,。？?吗]{1,20}吗")
_CJK_TAKEN_BACK = lazy_compile(r"说反|抱歉|更正|纠正|再看|重新|错|吗")
_CJK_DENIES = lazy_compile(r"不是|没有|不存在|并非|无(?!穷|论|限|数|理|关)")
# a verdict on the statement a yes/no question asks about: "The statement is false in general: ...", "This claim is
# true."
_STATEMENT_VERDICT = lazy_compile(r"\s*(?:\*\*)?\s*(?:(?i:the|this|that)\s+(?i:statement|claim|assertion|conjecture|"
                                  r"proposition)\s+|(?i:this|that|it)\s+(?=(?i:is)\s+(?:(?i:not)\s+)?(?i:true|false)\b))"
                                  r"(?:(?i:is)\s+(?P<not>(?i:not)\s+)?(?P<value>(?i:true|false))\b|"
                                  r"(?P<holds>(?i:holds|is\s+correct|is\s+valid))\s*(?:\*\*)?\s*[.!]|"
                                  r"(?P<fails>(?i:fails|does\s+not\s+hold|doesn't\s+hold|is\s+incorrect|is\s+invalid))"
                                  r"\s*(?:\*\*)?\s*[.!:])")


# a first line that is one sentence about "it" set apart in bold: "**It is irrational.**"
_STANDALONE = lazy_compile(r"\s*\*\*(?i:it|this|that)(?:'s|\s+is)\s(?:[^*\n]{2,50})\*\*\s*")
# what turns a proof after its opening verdict: a correction, a retraction, a contradiction of it
_BODY_TURNS = lazy_compile(r"(?i)\b(?:actually|wait|mistake\w*|wrong|incorrect|correct(?:ion|ing)|after\s+all|in\s+fact|"
                           r"on\s+second\s+thought|instead|retract\w*|scratch|oops|sorry|I\s+was)\b")
_TAKEN_BACK = lazy_compile(r"(?i)[\s,;:—–-]*(?:no\s+)?(?:wait|actually|hmm+|sorry|oops|on\s+second\s+thought)\b")


#: what makes a verdict conditional, not the unconditional one a yes/no question asks: "Yes, except when $n = 3$.",
#: "Yes, but only when $n$ is odd.", "Yes, if $n$ is even." (none of them is Yes)
QUALIFIED_VERDICT = lazy_compile(r"(?i)\s*(?:\*\*)?\s*[,;:—–-]?\s*(?:except\b|but\s+only\s+(?:if|when|for|in)\b|only\s+(?:if|when|for)\b|unless\b|"
                                 r"provided\b|as\s+long\s+as\b|if\s+and\s+only\s+if\b|if\b|不过只有|只有当|除非|除了|"
                                 # a verdict only as far as the writer looked: "No — at least, none that I could find"
                                 r"(?:at\s+least\s*,?\s*)?(?:none|not\s+one|nothing)\s+(?:that\s+)?(?:I|we)\s+(?:could|can|was\s+able\s+to|were\s+able\s+to)\s+find\b|"
                                 r"not\s+that\s+I\s+(?:know|can\s+(?:see|tell))\b|as\s+far\s+as\s+I\s+(?:know|can\s+tell)\b)")


# an affirmed verdict, then the cases it speaks for: "yes, for every nonempty set" ("False, for all even dimensions"
# names where a claim fails: still False)
_VERDICT_SCOPE = lazy_compile(r"(?i)\W*(?:yes|true)\s*,\s*(?:at\s+least\s+)?(?:for|in)\s+(?P<scope>(?:every|all|each|any)\s+"
                              r"[a-z$\\][^.;:!?]{0,60}?)\s*[.!]?\s*$")


def narrower_scope(pt: str, question: str | None) -> bool:
    """Does ``pt`` give its verdict for fewer cases than the question asks about: a restricting word right after its
    quantifier that the question does not write ("Yes, for every nonempty set." to "Is the empty set a subset of
    every set?"; not "Yes, for all sets.", "for all integers $n$, positive, negative or zero", "in every case")?"""
    m = _VERDICT_SCOPE.match(pt) if question and len(pt) <= 120 else None
    if m is None:
        return False
    restricted = _RESTRICTING.match(m.group("scope").lower())
    return restricted is not None and restricted.group(1).replace("-", "") not in question.lower().replace("-", "")


# a quantifier and the word right after it that restricts what it ranges over
_RESTRICTING = lazy_compile(r"(?:every|all|each|any)\s+(?:such\s+)?(non-?empty|non-?zero|non-?negative|positive|negative|even|"
                            r"odd|finite|infinite|rational|irrational|bounded|continuous|distinct|composite|prime|"
                            r"sufficiently|large|small|other|differentiable|integrable|convex|monotonic|increasing|decreasing|"
                            r"cyclic|abelian|symmetric|invertible)\b")


def opening_verdict(statement: str, question: str | None) -> str | None:
    """The yes/no verdict ``statement`` opens with ("Yes, it can be done (with the square at $(3,3)$)." -> "Yes",
    "Not always: $2^{32}+1$ is composite." -> "Not always"), when ``question`` asks yes or no; else None. What
    follows the verdict is its justification, whatever math it holds."""
    if not asks_yes_no(question):
        return None
    statement = statement.lstrip()  # (a run of spaces before the verdict: each optional part of _VERDICT would split it)
    heading = _ANSWER_HEADING.match(statement)
    if heading:
        statement = statement[heading.end():]  # "## Answer" on its own line, then "Yes. Let $x = ...$"
    m = _VERDICT.match(statement)
    if m and QUALIFIED_VERDICT.match(statement, m.end("verdict")):
        return None  # "Yes, except when $n = 3$.": a conditional verdict, not the one asked
    if m and narrower_scope(statement.split("\n", 1)[0], question):
        return None  # "Yes, for every nonempty set." to "... of every set?": a verdict on fewer cases
    if m and contradicts_verdict(m.group("verdict"), statement[m.end():].split("\n", 1)[0], question):
        return None  # "是的，发散" to "是否收敛？": the verdict and the claim after it disagree
    first, _, rest = statement.partition("\n")
    if m is None and rest.strip() and len(first) <= 60 and _STANDALONE.fullmatch(first) \
            and not _SUPPOSED.search(first) and not _BODY_TURNS.search(rest):
        # "**It is irrational.**", then its proof, to "Is $\\sqrt2+\\sqrt3$ rational?": the property asked, or its
        # opposite, said of "it" (not of another object, "**Claim: √6 is irrational.**"), the proof turning on nothing
        prop = asked_property(question) if question else None
        said = _states_property(_plain(first), prop) if prop is not None and not _HEDGE.search(first) else None
        closing = re.split(r"(?<=[.!?])\s+", rest.strip())[-1]
        closed = _states_property(_plain(_MATH_SPAN.sub(" ", closing)), prop) if said is not None else None
        if said is not None and closed in (None, said):
            return "Yes" if said else "No"  # (a proof closing on the opposite, "So it is rational.", takes it back)
    if m and not m.group("verdict").isascii() and _CJK_TURN.search(statement, m.end()):
        return None  # "是。但 $1025 = 25 \\times 41$，所以不是质数。": the reply turns after its first word
    if m and m.group("verdict") in ("有", "没有"):
        # "有，恰有三个不同的实根。" to "是否有三个不同的实根？": 有 answers a question asking whether there is, when
        # what follows neither turns, takes it back nor denies ("有：……，所以不是三个实根。")
        have = m.group("verdict") == "有"
        rest = statement[m.end():]
        if _ASKS_HAVE_ZH.search(question or "") and not _CJK_TURN.search(rest) and not _CJK_TAKEN_BACK.search(rest) \
                and not (have and _CJK_DENIES.search(rest)):
            return "是" if have else "否"
        m = None
    if m:
        line = statement[m.end():].split("\n", 1)[0]
        if _TAKEN_BACK.match(line):
            # "No, wait — yes.": the verdict taken back in its own line; the last one after the retraction counts
            later = re.findall(r"(?i)\b(yes|no)\b", line)
            return later[-1].capitalize() if later else None
        return m.group("verdict")
    judged = _STATEMENT_VERDICT.match(statement)
    if judged and (judged.group("holds") or judged.group("fails")):
        return "Yes" if judged.group("holds") else "No"  # "The statement holds." then its proof
    if judged:  # "The statement is false in general: $n = 4$ is a counterexample." is No
        return "Yes" if (judged.group("value").lower() == "true") != bool(judged.group("not")) else "No"
    short = _CJK_CLAUSE.match(statement)
    said = claim(short.group("clause")) if short else None
    if said is not None and said[0] in YES_FAMILIES and not _HEDGE.search(short.group("clause")) \
            and not _CJK_TURN.search(statement, short.end()):
        return "Yes" if said[1] else "No"  # "不是。$1025 = 25 \times 41$……", "没有整数解。平方数模 4 ……"
    word = _CLAIM_WORD_FIRST.match(statement)
    said = claim(word.group("word")) if word else None
    if said is not None and said[0] in ("possible", "exist") and not _BODY_TURNS.search(statement, word.end()) \
            and not _CLAIM_QUALIFIED.match(statement, word.end()):
        return "Yes" if said[1] else "No"  # "Impossible.\n\nAn acute interior angle ..." (not taken back after)
    return None


def keeps_truth_verdict(text: str, verdict: str, question: str | None) -> bool:
    """To a true-or-false question, does a reply opening with ``verdict`` ("False. The harmonic series has $1/n \\to 0$
    and still diverges.") keep it: nothing after it turns (:data:`_BODY_TURNS`) and no later word calls the statement
    the other way? Its claims after the verdict are about its example, not the verdict."""
    if verdict not in ("True", "False") or not question or not _TRUE_OR_FALSE.search(question):
        return False
    body = _OTHER_TRUTH.sub(" ", _VERDICT.sub("", text.lstrip(), count=1))
    return not _BODY_TURNS.search(body) and not _STATEMENT_JUDGED.search(body)


# what is true of something else, named after the verdict: "What *is* true is Bolzano–Weierstrass (...)"
_OTHER_TRUTH = lazy_compile(r"(?i)\bwhat\s+(?:[*_]{1,2})?(?:is|does)(?:[*_]{1,2})?\s+(?:true|hold)\s+is\b"
                            r"(?![^.\n]{0,40}\b(?:given|statement|assertion|claim|stated|asserted|implication|original|"
                            r"exactly|precisely)\b)")


# a word judging the statement again or revising the reply after its opening verdict: "So the statement fails.",
# "the statement does hold", "Let me redo this", "I got it backwards"
_STATEMENT_JUDGED = lazy_compile(r"(?i)\b(?:true|false|holds?|fails?|correct|incorrect|valid|invalid|wrong|right|redo\w*|"
                                 r"re-?check\w*|double[- ]check\w*|reconsider\w*|backwards?|revis\w*|statement|claim)\b")


# a first sentence that is one claim word or two: "Impossible.", "**Not possible.**", "Possible —"
_CLAIM_WORD_FIRST = lazy_compile(r"\s*(?:\*\*)?\s*(?P<word>(?i:impossible|possible|not\s+possible|"
                                 r"it\s+is\s+(?:not\s+)?possible|it\s+is\s+impossible))\s*(?:\*\*)?\s*[.!:—–]")
# what qualifies such a word right after it: "Possible. But only when the board has an even number of rows."
_CLAIM_QUALIFIED = lazy_compile(r"(?i)\s*(?:\*\*)?\s*(?:but|only|except|unless|if|when|provided|as\s+long\s+as)\b")
def contradicts_verdict(verdict: str, rest: str, question: str | None) -> bool:
    """Does ``rest`` (the verdict's line after it) claim the opposite of what ``verdict`` answers to the claim the
    question asks ("是的，发散" to "级数是否收敛？", "Yes, it diverges" to "Does it converge?")?"""
    said = claim(rest) if rest.strip() else None
    if said is None or said[0] == "yes":
        return False
    zh = _ASKS_CLAIM_ZH.search(question or "")
    prop = None if zh else asked_property(question or "")
    asked = claim(zh.group("what")) if zh else claim(prop) if prop else None
    verdict_yes = verdict.lower() in ("yes", "true") or verdict in ("是", "是的", "能", "可以", "有", "存在")
    return asked is not None and asked[0] == said[0] and (said[1] == asked[1]) != verdict_yes


# what turns a Chinese reply after its first clause: a retraction, a "but", a conclusion of its own ("综上")
_CJK_TURN = lazy_compile(r"不对|算错|错了|等等|重新|其实|实际上|事实上|综上|但是|但|不过|然而|可是|除非|如果|若|当|不[，,。]")
# a short first clause in Chinese closed by its punctuation: "不是。", "没有整数解。"
_CJK_CLAUSE = lazy_compile(r"\s*(?:\*\*)?(?P<clause>[\u4e00-\u9fff]{1,12})(?:\*\*)?\s*[。，；！]")


#: a question asking whether there are infinitely (or finitely) many of something
_COUNT_QUESTION = lazy_compile(r"(?i)(?:^|[.!?:]\s+)(?:are|is)\s+there\s+(?:only\s+)?(?P<how>infinitely|finitely)"
                               r"\s+many\b"
                               r"[^?.!]{0,200}\?\s*$")
#: words that say where a property is asked ("continuous at $0$", "bounded on $[0, 1]$", "injective over $\\mathbb{R}$")
_PLACE_WORDS = frozenset("at on in over for near around".split())
# how a word naming a property often ends: "possible", "continuous", "convergent", "connected", "cyclic", "normal"
_ADJECTIVE_END = lazy_compile(r"(?:ble|ous|ent|ant|ive|ic|al|ed)$")


def asked_property_said(sentence: str, question: str | None) -> bool | None:
    """Does ``sentence`` (its maths as words) give its subject the property the yes/no ``question`` asks (True), its
    opposite (False: "is the sequence unbounded" to "Is the sequence bounded?"), or neither (None)?"""
    prop = asked_property(question) if question else None
    if prop is None or _other_place(sentence, question):
        return None
    return _states_property(_plain(sentence), prop)


def states_asked_property(sentence: str, question: str | None) -> bool:
    """Does ``sentence`` (its maths written as words) say its subject has the property the yes/no ``question`` asks,
    or its opposite ("So g is continuous at 0." to "Is the function $g$ continuous at $0$?")?"""
    prop = asked_property(question) if question else None
    return prop is not None and not _other_place(sentence, question) and \
        _states_property(_plain(sentence), prop) is not None


# a place written in symbols after its word: "over ℚ", "at $x = 0$", "on [1, ∞)", "in \mathbb{R}"
_SYMBOL_PLACE = lazy_compile(r"\b(?:at|on|in|over|near|around)\s+(?P<place>\$[^$]{1,40}\$|[(\[][^()\[\]]{1,30}[)\]]"
                             r"|[^\sA-Za-z][^\s,;.?!]{0,30}|[a-z]\s*=\s*[^\s,;.?!]{1,20})")


def _place_key(place: str) -> str:
    key = re.sub(r"[\s$]|\\[,;! ]|\\left|\\right", "", place).replace("−", "-").replace("\\infty", "∞")
    key = re.sub(r"^[a-z]=", "", key)  # "at x = 0" is "at 0"
    return key.replace("\\mathbb{R}", "ℝ").replace("\\mathbb{Q}", "ℚ").replace("\\mathbb{Z}", "ℤ")\
        .replace("\\mathbb{C}", "ℂ").replace("\\mathbb{N}", "ℕ").rstrip(".")


def _other_place(pred: str, question: str) -> bool:
    """Does ``pred`` say where its claim holds in symbols, somewhere the question does not ask ("x² + 1 is irreducible
    over ℚ" to "Is x² + 1 irreducible over ℝ?", "differentiable on ℝ∖{0}" to "... differentiable at 0?")?"""
    said = {_place_key(m.group("place")) for m in _SYMBOL_PLACE.finditer(pred)}
    if not said:
        return False
    asked = {_place_key(m.group("place")) for m in _SYMBOL_PLACE.finditer(question)}
    return bool(asked) and not said <= asked  # (a question asking of no place is read as before)


# what names a place by its kind before the place itself: "on the interval $(1,\infty)$", "over the set $S$"
_PLACE_NOUNS = frozenset({"interval", "intervals", "set", "domain", "region", "segment", "ray", "half-line"})
# the domains (numbers, or a field or ring) a property may be asked over: "irreducible over the integers", "solvable in
# the rationals"
_DOMAIN_NOUNS = frozenset("integers rationals reals complexes naturals field ring".split())


#: a claim about an object's parts, each in turn: "..., each of which is connected", "both of which are open"
OF_ITS_PARTS = lazy_compile(r"(?i)\b(?:each|both|every\s+one|all)\s+of\s+(?:which|them|these)\s+(?:is|are)\b")
# a qualifier in brackets closing a question: "(as a subspace of $\mathbb{R}^4$)?", "(with the usual topology)?"
_CLOSING_QUALIFIER = lazy_compile(r"\s*\((?:as|with|under|in|over|for)\b[^()]{1,120}\)\s*\?$")


def asked_property(question: str) -> str | None:
    """The property a yes/no question asks of its subject, or None: "Is $2^{32}+1$ a prime number?" -> "prime",
    "Is the sequence $(a_n)$ bounded?" -> "bounded", "Is every such number even?" -> "even"."""
    asked = question.strip()[-300:]
    if asked.endswith(")?"):
        asked = _CLOSING_QUALIFIER.sub("?", asked)  # "... connected (as a subspace of $\mathbb{R}^4$)?": the property
    m = _YES_NO_QUESTION.search(_MATH_SPAN.sub(" X ", asked).lower())
    if m is None:
        return None
    body = m.group("body")
    words = re.findall(r"[a-z][a-z-]*", body)
    if len(words) > 3 and words[-1] == "x" and words[-2] in ("when", "if", "where", "with"):
        words = words[:-2]  # "Does $\sum ...$ converge when $p=1$?": the case asked, not the property
    if len(words) > 4 and words[-1] == "x" and words[-2] in _PLACE_NOUNS and words[-3] == "the" and words[-4] in _PLACE_WORDS:
        words = words[:-2]  # "Is $f$ increasing on the interval $(1,\infty)$?": the interval is the place
        words[-1] = "x"
    while len(words) > 2 and words[-1] == "x" and (words[-2] in _PLACE_WORDS or words[-2] == "to"):
        # "Is $g$ continuous at $0$?": the property, not where it is asked; "Is $\mathbb{Z}/4\mathbb{Z}$ isomorphic to
        # $\mathbb{Z}/2\mathbb{Z}\times\mathbb{Z}/2\mathbb{Z}$?": the relation, not what it relates to
        words = words[:-2]
    if len(words) > 2 and words[-1] in _PLACE_WORDS and \
            not re.search(r"[a-z]", body[body.rindex(words[-1]) + len(words[-1]):]):
        words.pop()  # "Is x² + x + 1 irreducible over ℚ?", "differentiable at 0": the place in symbols only
    if len(words) > 3 and words[-1] in _GENERIC_NOUNS | _DOMAIN_NOUNS and (
            words[-2] in _PLACE_WORDS or words[-2] in ("the", "a", "an") and words[-3] in _PLACE_WORDS):
        # "Is the polynomial $x^4+4$ irreducible over the integers?": the property, not where it is asked
        words = words[:-2] if words[-2] in _PLACE_WORDS else words[:-3]
    while words and words[-1] in _GENERIC_NOUNS:
        words.pop()
    if len(words) > 4 and words[-4] in _PLACE_WORDS and words[-3] in ("a", "an", "the") and words[-2] == "x" \
            and _ADJECTIVE_END.search(words[-5]):
        words = words[:-4]  # "Is a knight's tour possible on a $4\times4$ chessboard?": the property, not the board
    if len(words) < 2 or len(words[-1]) < 3 or words[-1] in _FUNCTION_WORDS:
        return None
    return words[-1]


def _unprefixed(prop: str) -> set[str]:
    """A property named by negating another, without its prefix: "irreducible" -> {"reducible"}, "unbounded" ->
    {"bounded"} (the rest at least five letters: not "in" of "integer")."""
    return {prop[len(p):] for p in _NEGATING_PREFIXES if prop.startswith(p) and len(prop) - len(p) >= 5
            and p != "in"}  # (not "in": "injective", "invertible" negate nothing)


def property_words(question: str | None) -> frozenset[str]:
    """The words stating the property a yes/no question asks, or its opposite: the property, its synonyms, its
    opposite and its negated forms ("injective", "one-to-one", "noninjective"; "invertible", "singular"); empty when
    the question asks none."""
    prop = asked_property(question) if question else None
    if prop is None:
        return frozenset()
    words = {prop} | _SYNONYMS.get(prop, set()) | {p + prop for p in _NEGATING_PREFIXES} | _unprefixed(prop)
    return frozenset(words | ({_OPPOSITES[prop]} if prop in _OPPOSITES else set()))


# a clause stating the property only under a condition ("it is singular only for t = ±2"): the others decide
_CLAUSE_CONDITION = lazy_compile(r"\bonly\s+(?:for|when|if|at|on)\b|\b(?:when|whenever|unless|iff|if\s+and\s+only\s+if|"
                                 r"exactly\s+when|precisely\s+when)\b")  # ("a matrix is invertible iff ...": a rule)
_SINGULAR_OTHER = lazy_compile(r"\bsingular\s+(?:values?|points?|vectors?|solutions?|cardinals?)\b")
_CONCESSION_TURNS = lazy_compile(r"\b(?:though|although|even\s+if)\b[^.;]*\b(?:not|no|never|cannot|could|might|may|"
                               r"unsure|doubt\w*)\b|\b(?:though|although)\b[^.;]*n't\b")
# a concession on a derivative, another object than the function the claim is about: "though f''(0) does not exist",
# "although its derivative is not continuous"
_ON_A_DERIVATIVE = lazy_compile(r"\s*(?:[(,;—–]\s*)?(?:even\s+though|although|though)\s+(?:[a-z]'+\s*\([^()]{1,10}\)|"
                                r"(?:its|the)\s+(?:first\s+|second\s+|third\s+)?derivative(?:\s+[a-z]'+)?)\s")
_CONCESSION_TAIL = lazy_compile(r"\s*(?:[,;—–]\s*)?\b(?:even\s+though|although|though|even\s+if)\b[^.;]*$")
_CONCESSION_LEAD = lazy_compile(r"^\s*(?:even\s+though|although|though|even\s+if)\b[^,;]*[,;]\s*")
_EXCEPTION = lazy_compile(r"\b(?:except|apart\s+from|other\s+than|save\s+for|excluding|outside)\b")
_PROPERTY_CLAUSES = lazy_compile(r"[,;:—–]|\s-\s|\b(?:but|although|though|whereas|while)\b")


_FAILS_TO_BE = lazy_compile(r"\bfails?\s+to\s+be\b")


def _states_property(sentence: str, prop: str) -> bool | None:
    """Does ``sentence`` say its subject has ``prop`` (True), its opposite (False: "unbounded", "composite", "not
    injective"), or neither (None: both, a hedge, a long sentence)? A negation counts in the clause that states
    the property ("f is injective but not surjective" says injective)."""
    if len(sentence.split()) > 25 or _HEDGE.search(sentence) or _CLAIM_HEDGE.search(sentence) \
            or _EXCEPTION.search(sentence):
        return None  # "continuous everywhere except at 0": the property, but not where it is asked
    if "fail" in sentence and not re.search(r"\b(?:but|whereas|while|though|although|unlike|which)\b", sentence):
        # "x² fails to be uniformly continuous": not (a sentence turning to another case read as before)
        sentence = _FAILS_TO_BE.sub("is not", sentence)
    if prop == "surjective" and "onto" in sentence:
        sentence = _ONTO.sub("surjective", sentence)
    if "singular" in sentence:
        sentence = _SINGULAR_OTHER.sub(" ", sentence)  # "its smallest singular value is 2": no singular matrix
    if ("though" in sentence or "even if" in sentence) and _CONCESSION_TURNS.search(sentence):
        return None  # "irreducible — though not over the rationals": the concession takes the claim back
    if "though" in sentence or "even if" in sentence:
        # "irreducible over ℚ — even though, amusingly, it is reducible modulo every prime": a concession, not the claim
        # (not one taking it back: "though not over the rationals", "though I could not rule out that it is prime")
        sentence = _CONCESSION_TAIL.sub("", _CONCESSION_LEAD.sub("", sentence))
    opposites = {p + prop for p in _NEGATING_PREFIXES} | ({_OPPOSITES[prop]} if prop in _OPPOSITES else set()) \
        | _unprefixed(prop)  # ("reducible" to "Is it irreducible?")
    same = {prop} | _SYNONYMS.get(prop, set())  # "one-to-one" for "injective"
    # another object the subject has, named by the property: "it has a Hamiltonian path but no Hamiltonian cycle"
    sentence = re.sub(r"\b(?:has|have|had|having|contains?|with|without)\s+(?:an?|no|the|some|any)\s+(?:"
                      + "|".join(re.escape(w) for w in sorted(same | opposites)) + r")\s+[a-z]+", " ", sentence)
    stating = [c for c in _PROPERTY_CLAUSES.split(sentence) if (same | opposites) & set(re.findall(r"[a-z-]+", c))]
    unconditional = [clause for clause in stating if not _CLAUSE_CONDITION.search(clause)]
    said = {_clause_states(clause, prop, same, opposites) for clause in unconditional or stating}
    # the property in no clause, or in two that do not agree ("the matrix is singular — it is not invertible" agree)
    return said.pop() if len(said) == 1 else None


def _clause_states(clause: str, prop: str, same: set[str], opposites: set[str]) -> bool | None:
    if re.search(r"\bneither\s+(?:an?\s+)?" + re.escape(prop) + r"\s+nor\b", clause):
        return False  # "1 is neither prime nor composite": not prime
    if re.search(r"\b" + re.escape(prop) + r"\s+(?:below|above|from\s+(?:below|above))\b", clause):
        return None  # "bounded below by 2" to "Is the sequence bounded?": one side only, not the property asked
    words = set(re.findall(r"[a-z][a-z-]*", clause))
    has, opposite = bool(same & words), bool(opposites & words)
    if has == opposite:
        return None
    negations = len(_NEGATION.findall(clause))
    if negations > 1:
        return None  # "it is not true that n is not prime": read by nobody in one step
    return has != bool(negations)


def _by_name(text: str, question: str) -> str:
    """``text`` with "the first player" / "the second player" as the players' names, when the question says who of
    two named players moves first ("Alice and Bob play ...; Alice moves first.")."""
    players = PLAYERS.search(question)
    first = who_moves_first(question)
    if not first or players is None or first not in players.groups():
        return text
    second = players.group(2) if players.group(1) == first else players.group(1)
    return _BY_TURN.sub(lambda m: second if m.group("turn").lower() == "second" else first, text)


# a question asking which of two ("nearly parallel to or perpendicular to the long axis?", "attractive or repulsive?")
_ASKED_ALTERNATIVES = lazy_compile(r"\b(?P<a>[a-z]{4,})(?:\s+(?:to|with|than|from|in|on|at))?\s+or\s+(?:(?:to|with|than|from|"
                                   r"in|on|at|is|are|it|the|nearly|more|less|mostly)\s+)*(?P<b>[a-z]{4,})\b")


# a player said to lose, maybe with an apposition: "Bob loses", "So the first player, who must move from this position,
# loses against correct play."
_LOSER_SAID = lazy_compile(r"(?i)(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?:with\s+(?:correct|optimal|perfect|best)\s+play\s*,?\s+)?"
                           r"(?P<who>the\s+(?:first|second)\s+player|[A-Z][a-z]+)(?:\s*,\s*[^,;.]{1,80}?,)?\s+"
                           r"(?:always\s+|inevitably\s+|eventually\s+)?(?:loses|will\s+lose|must\s+lose)\b[^,;]{0,40}")
# a winner named twice, by turn and by name: "The second player, Bob, wins."
_WINNER_APPOSED = lazy_compile(r"(?i)(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?P<turn>the\s+(?:first|second)\s+player)\s*,\s*"
                               r"(?P<name>[A-Z][a-z]+)\s*,\s+(?:wins|has\s+(?:a|the)\s+winning\s+strategy|can\s+(?:always\s+)?"
                               r"force\s+a\s+win)\b[^,;]{0,40}")


# a game said to go to a player: "the game belongs to Bob", "the win goes to the second player"
_GOES_TO = lazy_compile(r"\b(?:the\s+)?(?:game|win|victory|winning\s+strategy)\s+(?:belongs|goes|falls)\s+to\s+"
                        r"(?P<who>the\s+(?:first|second)\s+player|[a-z]+)$")
# a player said to take the last object: "alice will take the last stone", "alice will be the one to take the last
# stone" (where taking it wins)
_TAKES_LAST = lazy_compile(r"(?:(?:so|thus|hence|therefore|then|and)\s*,?\s+)?(?P<who>the\s+(?:first|second)\s+player|[a-z]+)"
                           r"\s+(?:(?:will|can|always|eventually|then|surely|therefore)\s+)*(?:be\s+the\s+one\s+to\s+)?"
                           r"(?:takes?|removes?|gets?|picks?\s+up)\s+the\s+(?:very\s+)?last\s+(?P<noun>[a-z]+)$")
# a question where taking the last object wins: "The player who takes the last stone wins.", "whoever removes the
# last coin wins"
_LAST_WINS = lazy_compile(r"(?i)\b(?:takes?|removes?|gets?|picks?\s+up)\s+the\s+last\s+(?P<noun>[a-z]+)\s+(?:wins|is\s+the\s+winner)\b")
# a player said unable to win: "alice cannot win", "bob has no winning strategy"
_CANNOT_WIN = lazy_compile(r"(?P<who>the\s+(?:first|second)\s+player|[a-z]+)\s+(?:cannot|can't|can\s+not|will\s+not|won't|"
                           r"does\s+not|doesn't)\s+win\b|(?P<who2>the\s+(?:first|second)\s+player|[a-z]+)\s+has\s+no\s+winning\s+strategy\b")


def _winner_by_clauses(plain: str, question: str, names: set[str]) -> str | None:
    """The winner a closing sentence states clause by clause (cut at semicolons, dashes and ", so"): "the game belongs to
    bob", "alice will take the last stone" where the question says taking it wins; a clause denying a player the
    win ("she cannot win against correct play", "bob cannot prevent it") agrees or names nobody. None when no clause
    names a winner, two clauses name different ones, or a naming clause is negated or hedged."""
    known = names | {"the first player", "the second player"}
    last_wins = _LAST_WINS.search(question)
    said: set[str] = set()
    denied: set[str] = set()
    for clause in re.split(r"\s*(?:;|\s[—–-]\s|,\s*(?=(?:so|hence|thus|therefore)\s))\s*", plain):
        clause = re.sub(r"^(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?:with\s+(?:correct|optimal|perfect|best)\s+play\s*,?\s+)?",
                        "", clause.strip()).strip()
        goes = _GOES_TO.search(clause)
        took = _TAKES_LAST.fullmatch(clause) if last_wins else None
        if took and took.group("noun").rstrip("s") != last_wins.group("noun").rstrip("s"):
            took = None
        found = goes or took
        if found is not None:
            if found.group("who") not in known or _NEGATION.search(clause) or _HEDGE.search(clause) or _WHEN.search(clause):
                return None
            said.add(found.group("who").removeprefix("the "))
            continue
        unable = _CANNOT_WIN.search(clause)
        who = unable and (unable.group("who") or unable.group("who2"))
        if who in known:
            denied.add(who.removeprefix("the "))
    if len(said) != 1 or said & denied:
        return None
    return next(iter(said))


def may_name_winner(text: str) -> bool:
    """The cheap screen before :func:`winner_named`: does ``text`` hold what a sentence naming a winner needs (a loser,
    an apposition or a clause break, a game going "to" a player, the "last" object taken)?"""
    return "los" in text.lower() or "," in text or ";" in text or " to " in text or "last" in text


def winner_named(pred: str, question: str | None) -> frozenset[str] | None:
    """The winner a closing sentence names when it names the loser of a two-player game ("So with correct play Bob
    loses." is Alice to "Alice and Bob ..."; "the first player ... loses" is the second player), or names the winner
    twice ("The second player, Bob, wins."), or says the game goes to it or that it takes the last object clause by
    clause (:func:`_winner_by_clauses`): the winner's names, lower-case, by turn and by name where the question says
    who moves first; None otherwise (a negation, a hedge or a condition, or no two players)."""
    if not question:
        return None
    plain = _plain(pred).strip().rstrip(".!").strip()
    players = PLAYERS.search(question)
    names = {n.lower() for n in players.groups()} if players else set()
    first = who_moves_first(question)
    by_clause = _winner_by_clauses(plain, question, names) if ";" in plain or " to " in plain or "last" in plain \
        else None
    if by_clause is not None:
        winner = {by_clause}
    elif _NEGATION.search(plain.replace("loses", "").replace("lose", "")) or _HEDGE.search(plain) or _WHEN.search(plain):
        return None
    elif (apposed := _WINNER_APPOSED.fullmatch(plain)) is not None:
        turn, name = apposed.group("turn").lower().removeprefix("the "), apposed.group("name").lower()
        if first and players is not None and first in players.groups() \
                and (name == first.lower()) != (turn == "first player"):
            return None  # "the second player, Alice, ..." when Alice moves first: the reply contradicts itself
        winner = {turn, name}
    else:
        lost = _LOSER_SAID.fullmatch(plain)
        if lost is None:
            return None
        who = lost.group("who").lower()
        if who.startswith("the "):
            turn = who.split()[1]
            winner = {"second player" if turn == "first" else "first player"}
        elif who in names and len(names) == 2:
            winner = names - {who}
        else:
            return None
    if first and players is not None and first in players.groups():
        second = (players.group(2) if players.group(1) == first else players.group(1)).lower()
        by_turn = {"first player": first.lower(), "second player": second}
        winner |= {by_turn[w] for w in list(winner) if w in by_turn}
        winner |= {t for t, n in by_turn.items() if n in winner}
    return frozenset(winner)


def asked_alternatives(question: str | None) -> tuple[str, str] | None:
    """The two words a question offers to choose between ("Is $\\sqrt2+\\sqrt3$ rational or irrational?" ->
    ``("rational", "irrational")``), or None."""
    if question and "还是" in question:
        zh = _ASKED_ALTERNATIVES_ZH.search(_MATH_SPAN.sub(" ", question))
        # ("级数是绝对收敛还是条件收敛？": the first word after the copula, not "数是绝对收敛")
        if zh is None:
            return None
        a, b = zh.group("a"), zh.group("b")
        if re.search("[是为]", a[:-1]):
            a = re.split("[是为]", a)[-1] or a
        elif len(a) > len(b) >= 2:
            a = a[-len(b):]  # ("级数收敛还是发散？": 收敛, the word as long as the other)
        return a, b
    m = _ASKED_ALTERNATIVES.search(_MATH_SPAN.sub(" ", question.lower())) if question and " or " in question else None
    return None if m is None else (m.group("a"), m.group("b"))


# "$\sqrt[3]{2}$ 是有理数还是无理数？", "是奇数还是偶数": the two words offered
_ASKED_ALTERNATIVES_ZH = lazy_compile(r"(?:是|为)?(?P<a>[\u4e00-\u9fff]{1,6}?)还是(?:是|为)?(?P<b>[\u4e00-\u9fff]{1,6}?)\s*(?:呢)?\s*[？?]")
#: opposites in Chinese no prefix spells
_OPPOSITES_ZH = ({"奇数", "偶数"}, {"收敛", "发散"}, {"有理数", "无理数"})


def names_alternative(text: str, question: str | None) -> bool:
    """Does ``text`` choose one of the two words ``question`` offers (:func:`asked_alternatives`)?"""
    return alternative_named(text, question) is not None


def alternative_named(text: str, question: str | None) -> str | None:
    """The one of the two words ``question`` offers (:func:`asked_alternatives`) that ``text`` chooses, or None."""
    pair = asked_alternatives(question)
    return None if pair is None else _alternative(text, pair)


# "has no upper bound", "is not bounded above": unbounded (read so where a question offers bounded or unbounded)
_NO_BOUND = lazy_compile(r"(?<!\s)\s+(?:has|have)\s+no\s+(?:upper|lower)\s+bound|(?<!\s)\s+is\s+not\s+bounded\s+(?:above|below)")


def _alternative(text: str, pair: tuple[str, str]) -> str | None:
    """Which word of ``pair`` (the two a question offers) ``text`` states: the one it names, with no negation or
    hedge; None when it names both, neither, or says "not" or "or"."""
    plain = _NO_BOUND.sub(" is unbounded", _plain(text)) if "bound" in text else _plain(text)
    if "?" in text or "？" in text or DOUBTED.search(plain) or re.search(r"\b(?:but|however|though|although)\b|但|不过", plain):
        return None  # "Probably there are infinitely many", "It is an open problem whether ...", "...?"
    if not pair[0].isascii():  # Chinese: the word written; "不是有理数" / "不为奇数" the other of two opposites
        named = [word for word in pair if word in plain and not any(word in other and word != other for other in pair)]
        said = plain
        if not named:
            # one word inside the other ("可数集" in "不可数集"): the inner one stated when written outside the outer
            # one; the words without the noun both end on ("是**可数**的" to "是可数集还是不可数集？")
            stems = (pair[0][:-1], pair[1][:-1]) if pair[0][-1] == pair[1][-1] and min(map(len, pair)) > 2 else None
            for forms in (pair, stems):
                if forms is None or forms[0] == forms[1]:
                    continue
                hits = [plain.count(f) - (plain.count(forms[1 - i]) if f in forms[1 - i] else 0)
                        for i, f in enumerate(forms)]
                if sum(h > 0 for h in hits) == 1:
                    i = hits.index(max(hits))
                    named, said = [pair[i]], plain.replace(forms[i], pair[i])
                    if forms[1 - i] in forms[i]:
                        said = said.replace(pair[i], "")  # ("不可数" written: its own 不 denies nothing)
                    break
        if len(named) != 1 or pair[0] == pair[1] or _HEDGE.search(plain) or "非" + named[0] in plain:
            return None  # ("是非负数": neither of 正数 and 负数)
        if said is plain and any(w in named[0] and w != named[0] for w in pair):
            said = plain.replace(named[0], "")  # ("不可数集" written: its own 不 denies nothing)
        other = pair[1] if named[0] == pair[0] else pair[0]
        if re.search("不|非|没有", said):
            denied = re.search("(?:不是|不为|并非|不属于|非)" + re.escape(named[0]), said)
            return other if denied and {named[0], other} in _OPPOSITES_ZH and len(re.findall("不|非|没有", said)) == 1 \
                else None
        return named[0]
    named = [word for word in pair if re.search(rf"\b{word}\b", plain)]
    if len(named) != 1 or pair[0] == pair[1] or _HEDGE.search(plain):
        return None
    if _negated(plain):
        own = _clause_naming(plain, named[0])
        if not _negated(own):
            return named[0]  # "So the expansion never becomes periodic, and the number is irrational.": another clause's
        other = pair[1] if named[0] == pair[0] else pair[0]
        # "So the number is not rational." to "rational or irrational?": the opposite, when the pair are opposites
        # and the negation is the word's own
        if _opposites(named[0], other) and len(_NEGATION.findall(own)) == 1 and \
                re.search(rf"\b(?:not|n't|never)\s+(?:an?\s+)?{named[0]}\b", own):
            return other
        return None
    return named[0]


#: where one clause of a sentence ends and the next begins ("..., and ...", "...; so ...")
_CLAUSE_BREAK = lazy_compile(r"[;,:]|\b(?:and|so|hence|thus|therefore)\b")


def _clause_naming(text: str, word: str) -> str:
    """The clause of ``text`` (cut at :data:`_CLAUSE_BREAK`) that names ``word`` first, or ``text``."""
    found = re.search(rf"\b{re.escape(word)}\b", text)
    if found is None:
        return text
    starts = [m.end() for m in _CLAUSE_BREAK.finditer(text, 0, found.start())]
    end = _CLAUSE_BREAK.search(text, found.end())
    return text[starts[-1] if starts else 0:end.start() if end else len(text)]


#: words that deny, doubt, suppose or qualify what a sentence states ("It is unlikely that ...", "We conjecture that
#: ...", "Assume there are ...", "... provided the lemma holds", "— an unproven claim")
DOUBTED = lazy_compile(r"(?i)\b(?:impossible|unlikely|likely|probably|possibly|seems?|appears?|conjectur\w*|doubt\w*|"
                       r"nobody|disprov\w*|unprov\w*|unknown|open\s+problem|suppos\w*|assum\w*|provided|unless|"
                       r"guess\w*|think|believe|hope|false|untrue|wrong|incorrect|maybe|perhaps|might|whether)\b"
                       r"|不确定|不能确定|无法判断|可能|也许|大概|应该|猜")


def _opposites(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` opposites: one the other's negative ("irrational", "uncountable", "nonzero") or a pair
    of :data:`_OPPOSITES` ("even" and "odd")?"""
    return _OPPOSITES.get(a) == b or any(x == prefix + y for x, y in ((a, b), (b, a))
                                        for prefix in ("ir", "un", "in", "im", "non", "non-"))


# a value said to be finite or infinite: "has a finite value", "the sum is finite", "the integral is infinite"
_FINITE_VALUE = lazy_compile(r"(?i)\b(?:has|have)\s+(?:a\s+)?(?:finite|infinite)\s+(?:value|sum|area)\b|"
                             r"\b(?:integral|series|sum|value|area|it)\s+(?:is|are)\s+(?:not\s+)?(?:finite|infinite)\b")
_CONVERGE_WORD = lazy_compile(r"(?i)converg|diverg|\bmany\b|bounded\b|\b(?:but|each|every|term|terms)\b")


# a Chinese statement not settled: "不一定", "未必", "尚未解决", "只证明了"
_CJK_UNSETTLED = lazy_compile(r"不一定|未必|可能|也许|尚未|未解决|只证明|尚不清楚|不确定")
# a Chinese question asking whether there are infinitely many: "是否存在无穷多个……？", "是否有无穷多个……？"
_ASKS_INFINITELY_MANY_ZH = lazy_compile(r"是否(?:存在|有)无(?:穷|限)多")


# the words of "can" a statement may use for one another: 能, 能够, 可以
_CJK_CAN = lazy_compile(r"能够|可以")


def restates_cjk_question(pred: str, question: str) -> bool | None:
    """Does ``pred`` restate the statement a Chinese yes/no question asks ("正方形一定是菱形吗？" -> "正方形一定是菱形",
    True) or deny it with one 不 ("正方形不一定是菱形", False)? None when it does neither; a bracket after it ("（但反之
    不成立……）") is no part of it."""
    asked = re.fullmatch(r"\s*(.{2,60}?)\s*吗\s*[？?]\s*", question)
    if asked is None:
        return None
    statement = _CJK_CAN.sub("能", re.sub(r"[\s$]", "", asked.group(1)))
    said = re.sub(r"[（(][^（）()]{0,200}[）)]", "", pred)
    said = re.sub(r"[\s$*。.！!]", "", re.sub(r"^\W*(?:结论|所以|因此|故|答|综上)\s*[:：，,]?", "", said.strip()))
    said = _CJK_CAN.sub("能", said)  # "都能对角化" says "都可以对角化" again
    if said == statement:
        return True
    if said.count("不") == statement.count("不") + 1 and said.replace("不", "", 1) == statement and "不" not in statement:
        return False
    return None


def answers_question(gold: str, pred: str, question: str | None) -> bool | None:
    """Does ``pred`` give the text answer ``gold`` to ``question``, read with what the question asks? A yes/no
    question answered by the property it asks or its opposite ("It is composite." is No to "Is N prime?"), players
    named by turn when the question says who moves first ("The first player wins" is Alice when Alice moves
    first). None when the question does not decide.

    Examples:
        >>> answers_question("No", "it is composite", "Is $2^{32}+1$ a prime number?")
        True
        >>> answers_question("No", "the sequence is bounded", "Is the sequence bounded?")
        False
    """
    if not question:
        return None
    g = claim(gold)
    restated = restates_cjk_question(pred, question) if g is not None and g[0] == "yes" and "吗" in question[-6:] else None
    if restated is not None:
        return restated == g[1]  # "结论：正方形一定是菱形。" to "正方形一定是菱形吗？": yes (不一定是: no)
    many = claim(pred) if g is not None and g[0] in ("yes", "exist") and _ASKS_INFINITELY_MANY_ZH.search(question) \
        and not _CJK_UNSETTLED.search(pred) else None
    if many is not None and many[0] == "infinite":
        # "因此这样的素数有无穷多个。" to "是否存在无穷多个模 4 余 3 的素数？": 存在 (只有有限个: 不存在)
        return many[1] == g[1]
    if g is not None and g[0] == "yes" and _other_place(pred, question):
        return None  # a claim about another place answers nothing asked
    bare = claim(pred) if len(pred) <= 12 else None
    if g is not None and g[0] != "yes" and bare is not None and bare[0] == "yes" and asks_yes_no(question):
        # "答案：是。" to "数列是否收敛？" against the gold 收敛: yes to the claim asked, which the gold states or denies
        zh = _ASKS_CLAIM_ZH.search(question)
        prop = None if zh else asked_property(question)
        asked = claim(zh.group("what")) if zh else claim(prop) if prop else None
        if asked is not None and asked[0] == g[0]:
            return bare[1] == (asked[1] == g[1])
    if (g is None or g[0] != "yes") and bare is not None and bare[0] == "yes" and not gold.isascii():
        gold_polar = cjk_polarity(gold, question)
        if gold_polar is not None:
            return bare[1] == gold_polar  # "不可以。" (No) to "是否可逆？" against the gold 不可逆
    polar = cjk_polarity(gold, question), cjk_polarity(pred, question)
    if None not in polar:
        return polar[0] == polar[1]  # "因此该矩阵非奇异" is 可逆 (and 是) to "矩阵是否可逆？"
    if g is not None and g[0] == "yes":
        counted = _COUNT_QUESTION.search(question.strip()[-300:])
        said = claim(pred)
        if counted and said is not None and said[0] == "infinite":
            # "there are infinitely many such n" is Yes to "Are there infinitely many n such that ...?"
            return (said[1] == (counted.group("how").lower() == "infinitely")) == g[1]
        prop = asked_property(question)
        counted = _EXACT_COUNT.search(question)
        if prop is not None and counted and not _EXACT_COUNT.search(pred):
            return None  # "has at least one real root" to "... have exactly one real root?": another count
        if prop is None:
            # "级数是否收敛？" answered "所以级数发散": the claim asked after 是否, and the one stated
            zh = _ASKS_CLAIM_ZH.search(question)
            asked, said = (claim(zh.group("what")), claim(pred)) if zh else (None, None)
            if asked is not None and said is not None and asked[0] == said[0] != "yes" and not _HEDGE.search(pred):
                return (said[1] == asked[1]) == g[1]
            return None
        asked, said = claim(prop), claim(pred)
        if asked == ("converge", True) and said is not None and said[0] == "infinite" and _FINITE_VALUE.search(pred) \
                and not _CONVERGE_WORD.search(pred):
            return (not said[1]) == g[1]  # "the improper integral has a finite value" converges; "... is infinite" not
        if asked is not None and said is not None and asked[0] == said[0] != "yes":
            if not keeps_qualifiers(prop, pred) or _denies_qualifier(pred, said[0]):
                return None  # "not absolutely convergent" answers neither "Does it converge?" nor its opposite
            return (said[1] == asked[1]) == g[1]  # "The series diverges." is No to "Does the series converge?"
        plain = _plain(pred)
        concluded = CONCLUSION_WORD.split(plain)[-1]
        # "With no rational roots, it has no linear factor and is therefore irreducible.": the property the conclusion
        # states, not the negations of the reason before it
        stated = _states_property(concluded, prop) if concluded != plain else None
        if stated is None:
            stated = _states_property(plain, prop)
        return None if stated is None else stated == g[1]
    if g is None:
        pair = asked_alternatives(question)
        if pair:
            chosen, said = _alternative(gold, pair), _alternative(pred, pair)
            if chosen is not None and said is not None:
                return chosen == said  # "Perpendicular to the long axis" to "nearly parallel to or perpendicular to it?"
    renamed_pred, renamed_gold = _by_name(pred, question), _by_name(gold, question)
    if (renamed_pred, renamed_gold) != (pred, gold):
        return same_meaning(renamed_gold, renamed_pred) or _plain(renamed_gold) == _plain(renamed_pred) or None
    return None


#: a word of conclusion anywhere in a sentence: "..., and is therefore irreducible", "..., so it is bounded"
CONCLUSION_WORD = lazy_compile(r"(?i)\b(?:so|thus|hence|therefore|consequently)\b")


# ---- a Chinese yes/no question's property: "是否为单射？" answered "是", "f 是单射", "非奇异" ---------------------------------

#: the word a Chinese yes/no question asks of its subject: "是否为单射" -> 单射, "是否可逆" -> 可逆
CJK_ASKED_WORD = lazy_compile(r"是否(?:为|是)?(?P<word>[\u4e00-\u9fff]{2,4}?)(?=[？?。，,\s]|$)|"
                              r"是(?P<word2>[\u4e00-\u9fff]{2,4}?)吗(?=[？?]|$)")
#: other words for a property, and words for its opposite (read before the property's own word: 非奇异 holds 奇异)
_CJK_SAME = {"可逆": ("非奇异",), "单射": ("一对一",), "满射": ("映上",), "双射": ("一一对应",), "有界": (), "连续": (),
             "收敛": (), "有理数": (), "无理数": (), "质数": ("素数",), "素数": ("质数",), "偶数": (), "奇数": (),
             "可数集": ("可数",), "可数": (), "单调函数": (), "取得极值": ("有极值", "是极值点"), "有极值": ("取得极值",)}
_CJK_OPPOSITE = {"取得极值": ("没有极值", "无极值", "不是极值点"), "有极值": ("没有极值", "无极值"), "可逆": ("不可逆", "奇异"), "单射": ("不是单射", "非单射"), "双射": ("不是双射", "非双射"), "有界": ("无界",),
                 "收敛": ("发散", "不收敛"),
                 "有理数": ("无理数",), "无理数": ("有理数",), "质数": ("合数",), "素数": ("合数",), "偶数": ("奇数",),
                 "奇数": ("偶数",), "可数集": ("不可数",), "可数": ("不可数",), "单调函数": ("不单调", "非单调")}
_CJK_YES = frozenset({"是", "是的", "对", "正确", "成立", "可以", "能"})
_CJK_NO = frozenset({"否", "不是", "不", "不对", "错误", "不成立", "不可以", "不能"})
# a negation before the property's word, maybe with a modal between ("不会是可逆的", "不再可逆", "无法收敛", "算不上单射"), and one
# after it ("收敛不了", "收敛性不成立", "收敛失败")
_CJK_NEGATED_BEFORE = lazy_compile(r"(?:不|非|没有?|无法|无|未|并非|并不|不会|不能|不再|算不上|称不上)(?:都|全|全都|会|能|再|是|可能|算|一个|够|得|为)*$")
# the property's word naming something else: "两个质数的乘积", "质数的倍数", "质数个": not the subject's property
_CJK_OF_ANOTHER = lazy_compile(r"的(?=[\u4e00-\u9fff])(?!数[。，,.；;]|$)|之[\u4e00-\u9fff]|因子|因数")
_CJK_NEGATED_AFTER = lazy_compile(r"(?:性)?(?:不了|失败|不成立|不存在)")
_CJK_UNSURE = lazy_compile("若|如果|假设|假如|可能|也许|或许|吗|？|\\?|不一定|未必")


def cjk_polarity(text: str, question: str | None) -> bool | None:
    """Does ``text`` answer a Chinese yes/no question asking a property (``CJK_ASKED_WORD``) yes (True) or no (False):
    a bare 是 / 否, the property's word or another word for it (可逆, 非奇异), or its opposite (不可逆, 奇异, 不是单射)?
    None when the question asks no such property, or the text states neither, both, or under a condition."""
    asked = CJK_ASKED_WORD.search(question or "")
    word = (asked.group("word") or asked.group("word2")) if asked else None
    if word not in _CJK_SAME or _CJK_UNSURE.search(text):
        return None
    plain = re.sub(r"[*\s。.!！]", "", text)
    if plain in _CJK_YES or plain in _CJK_NO:
        return plain in _CJK_YES
    rest, said = plain, set()
    phrases = [(p, False) for p in _CJK_OPPOSITE.get(word, ())] + [(p, True) for p in (word,) + _CJK_SAME[word]]
    for phrase, same in sorted(phrases, key=lambda x: len(x[0]), reverse=True):  # (非奇异 before 奇异)
        at = rest.find(phrase)
        if at >= 0:
            if _CJK_OF_ANOTHER.match(rest, at + len(phrase)) or re.search(r"(?:两|二|三|几|多)个$", rest[max(0, at - 2):at]):
                rest = rest.replace(phrase, " ")
                continue  # "它是两个质数的乘积": the word names the factors, not the number
            negated = bool(_CJK_NEGATED_BEFORE.search(rest[max(0, at - 8):at])
                           or _CJK_NEGATED_AFTER.match(rest, at + len(phrase)))
            said.add(same != negated)  # ("不发散": not the opposite, so the property)
            rest = rest.replace(phrase, " ")
    return said.pop() if len(said) == 1 else None


# ---- a property stated by its definition: "divisible by 2" for even, "cannot be written as a ratio of two integers"
# for irrational -------------------------------------------------------------------------------------------------

#: (the property, its opposite, what states it by definition, what states the opposite): read only where the question
#: asks that property (offers it as an alternative, or asks it yes or no); each pattern is matched in a sentence
#: lower-cased, without markup or maths
_DEFINED: tuple[tuple[str, str, str, str], ...] = (
    ("even", "odd",
     r"\bis\s+(?:always\s+)?(?:divisible\s+by\s+(?:2|two)|a\s+multiple\s+of\s+(?:2|two))\b",
     r"\bis\s+(?:not|never)\s+(?:divisible\s+by\s+(?:2|two)|a\s+multiple\s+of\s+(?:2|two))\b"),
    ("rational", "irrational",
     r"\b(?:can\s+be\s+(?:written|expressed|represented)\s+as|is)\s+(?:a\s+)?(?:ratio|quotient)\s+of\s+(?:two\s+)?integers\b",
     r"\b(?:(?:cannot|can't|can\s+not|can\s+never)\s+be\s+(?:written|expressed|represented)\s+as|is\s+not|isn't|is\s+never)"
     r"\s+(?:a\s+)?(?:ratio|quotient)\s+of\s+(?:two\s+)?integers\b"),
    ("prime", "composite",
     r"\bhas\s+no\s+(?:nontrivial|non-trivial|proper)\s+(?:divisors?|factors?)\b|\bhas\s+no\s+(?:divisors?|factors?)\s+"
     r"other\s+than\s+1\s+and\s+itself\b|\bis\s+(?:the|a)\s+(?:\w+\s+){0,2}mersenne\s+prime\b",
     r"\b(?:has|have|does\s+have)\s+(?!no\b)(?:(?:a|some|two)\s+)?(?:nontrivial|non-trivial|proper)\s+(?:divisors?|factors?)\b"),
    ("converge", "diverge",
     r"(?!)",
     r"(?:\b(?:sums?|series|it|sequence|terms|total)|^\s*x)\s+(?:(?!(?:not|never|no|cannot|does|do|did)\b)\w+\s+){0,3}?"
     r"(?:blows?\s+up|grows?\s+without\s+(?:a\s+)?bound|"
     r"(?:tends?|goes|grows?|increases?)\s+to\s+(?:\+\s*)?infinity)\b"),
    ("countable", "uncountable",
     r"\b(?:countably\s+infinite|denumerable|in\s+bijection\s+with\s+(?:the\s+natural\s+numbers|n))\b",
     r"(?!)"),
    ("infinitely", "finitely",
     r"\b(?:never\s+runs?\s+out|there\s+is\s+no\s+(?:largest|biggest|greatest|last)\b|any\s+finite\s+list\b[^.;:]{0,60}?"
     r"\b(?:is\s+incomplete|misses\s+(?:one|some))|(?:an?\s+)?(?:unending|endless|inexhaustible|never-ending)\s+supply)",
     r"(?!)"),
)
_DEFINED_COMPILED = tuple((prop, other, lazy_compile(yes), lazy_compile(no)) for prop, other, yes, no in _DEFINED)
# what leaves a definition supposed or doubted rather than stated
_DEFINITION_DOUBTED = lazy_compile(r"\b(?:if|would|could|might|may|suppose\w*|assum\w*|whether|unless|or|but|however|"
                                   r"probably|likely|perhaps|maybe)\b|\?")


# a count asked or stated exactly: "exactly one real root", "a unique solution"
_EXACT_COUNT = lazy_compile(r"(?i)\b(?:exactly|precisely|only)\s+(?:one|two|three|four|\d+)\b|\bunique(?:ly)?\b")
# a Chinese yes/no question asking a claim of FAMILIES: "级数是否收敛？", "是否存在这样的 $k$？"
_ASKS_CLAIM_ZH = lazy_compile(r"是否\s*(?P<what>收敛|发散|存在|成立|可能)")
# where a sentence's conclusion starts: after its last "so", "thus", "hence" or "therefore"
_CONCLUDED_AT = lazy_compile(r"\b(?:so|thus|hence|therefore)\b")
_KIND_OF_TRIANGLE = lazy_compile(r"(?i)\b(?:what|which)\s+(?:kind|type|sort)\s+of\s+triangle\b|\bshape\s+of\s+(?:the\s+)?"
                                 r"triangle\b")
_ALL_SIDES_EQUAL = lazy_compile(r"\bequiangular\b|\ball\s+(?:three\s+)?sides\s+(?:are\s+)?(?:equal|coincide|"
                                r"(?:have|are\s+of)\s+the\s+same\s+length|are\s+of\s+equal\s+length)\b|\ball\s+(?:three\s+)?(?:angles|interior\s+angles)\s+"
                                r"are\s+(?:equal|60)\b")
_KIND_OF_TRIANGLE_ZH = lazy_compile(r"(?:什么|何种|哪种|哪一种)(?:形状的)?三角形|三角形的形状")
_ALL_SIDES_EQUAL_ZH = lazy_compile(r"三边(?:都|均|全)?相等|三(?:个内?)?角(?:都|均|全)?相等|三个?内?角都(?:是|为|等于)\s*\$?60")
# an existence question and the condition it asks for: "Is there a positive integer $n$ such that $n^2+1$ is divisible
# by 3?"
_SUCH_THAT = lazy_compile(r"(?i)\b(?:(?:is|are)\s+there|(?:does|do)\s+there\s+exists?)\s+(?:an?\s+|any\s+|some\s+)?"
                          r"[^?.]{1,80}?\bsuch\s+that\s+(?P<condition>[^?]{3,160}?)\s*\?\s*$")
# a question whether something can be so: "Can the product of four consecutive positive integers be a perfect square?"
_CAN_BE = lazy_compile(r"(?i)(?:^|(?<=[.!?]\s))\s*(?:can|could)\s+[^?.]{3,160}?\s+be\s+(?P<what>[^?]{2,60}?)\s*\?\s*$")


# a question whether some object of a kind can do or have something: "Can a convex polyhedron have exactly 7 edges?"
_CAN_A_NOUN = lazy_compile(r"(?i)(?:^|(?<=[.!?]\s))\s*(?:can|could)\s+(?:a|an)\s+(?P<noun>[a-z][a-z -]{1,60}?)\s+"
                           r"(?P<verb>have|be|contain|tile|cover|divide|exceed|equal|pass|meet|intersect|lie)\s+"
                           r"(?P<rest>[^?]{2,100}?)\s*\?\s*$")


def _asks_can_be(question: str | None) -> bool:
    """Does ``question`` ask whether something can be so ("Can the product ... be a perfect square?"), not whether it
    always or necessarily is? "... is sometimes a perfect square" answers it yes; "not always" decides nothing."""
    return bool(question) and _CAN_BE.search(question.strip()[-300:]) is not None \
        and not re.search(r"(?i)\b(?:always|necessarily|every|all)\b", question)


def can_be_by_frequency(pred: str, question: str | None) -> bool | None:
    """To a question :func:`_asks_can_be`, what a reply claiming how often answers: "... is sometimes a perfect square"
    says it can be (True); "not always", "need not" say neither (False). None when the question asks no such thing or
    the reply claims no frequency (:data:`FAMILIES`' "always")."""
    said = claim(pred)
    if said is None or said[0] != "always" or not _asks_can_be(question):
        return None
    return bool(re.search(r"(?i)\bsometimes\b", pred)) and not re.search(r"(?i)\b(?:not|never|no)\b|n't\b", pred)


def _number_or_x(span: re.Match[str]) -> str:
    """A math span as a word of the sentence: its number when it is one ("$2$", "$60^\\circ$"), else "x"."""
    inner = re.sub(r"^\$+|\$+$|^\\\(|\\\)$|\^\s*\{?\s*\\circ\s*\}?|\s", "", span.group())
    return f" {inner} " if re.fullmatch(r"\d+(?:\.\d+)?", inner) else " x "


# what denies a sentence outside its negation words: "It is wrong to claim that ...", "... is false"
_TRUTH_DENIED = lazy_compile(r"\b(?:wrong|false|untrue|incorrect|mistaken)\b")
# what restricts a claim to some cases
_RESTRICTED_CLAIM = lazy_compile(r"(?i)\b(?:except|unless|but|only|apart\s+from|other\s+than)\b")


def _never_holds(sentence: str, question: str) -> bool:
    """Does ``sentence`` say that the condition an existence question asks for never holds: the condition restated
    with "never" after its verb ("$n^2+1$ is never divisible by 3" to "Is there ... such that $n^2+1$ is divisible by
    3?"), nothing supposed or doubted?"""
    asked = _SUCH_THAT.search(question.strip()[-300:])
    def key(text: str) -> str:
        return re.sub(r"\s+|\$|\\[,;!: ]", "", text.lower())
    said = key(sentence)
    can_have = _CAN_A_NOUN.search(question.strip()[-300:]) if asked is None else None
    if can_have is not None:
        # "Can a convex polyhedron have exactly 7 edges?" answered "no convex polyhedron has exactly 7 edges"
        verb = can_have.group("verb").lower()
        third = {"have": "has", "be": "is"}.get(verb, verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s"))
        if key("no " + can_have.group("noun") + " " + third + " " + can_have.group("rest")) not in said:
            return False
    elif asked is None:
        # "Can ... be a perfect square?" answered "... is never a perfect square" (or "can never be ...")
        can = _CAN_BE.search(question.strip()[-300:])
        what = key(can.group("what")) if can else ""
        if not what or not any(key(verb) + what in said for verb in ("is never ", "are never ", "can never be ")):
            return False
    else:
        condition = re.sub(r"\s+", " ", asked.group("condition").strip())
        verb = re.search(r"\s(is|are)\s", condition)
        if verb is None:
            return False
        denied = condition[:verb.end()] + "never " + condition[verb.end():]
        if said.find(key(denied)) < 0:
            return False
    # nothing else denies, doubts or restricts it: "It is wrong to claim that ... is never ...", "... except when n = 0"
    rest = re.sub(r"\bno\s+matter\b", " ", _plain(_MATH_SPAN.sub(" x ", sentence)))  # ("No matter which $n$ ...")
    concluded = list(_CONCLUDED_AT.finditer(rest))
    rest = rest[concluded[-1].end():] if concluded else rest  # (a reason before "so" denies its own things)
    return not _DEFINITION_DOUBTED.search(rest) and not _RESTRICTED_CLAIM.search(rest) \
        and not _TRUTH_DENIED.search(rest) and len(_NEGATION.findall(rest)) == 1


def defined_answer(sentence: str, question: str | None) -> str | None:
    """The property a closing ``sentence`` states by its definition, where ``question`` asks that property (offers it
    and its opposite, "Is $3^{100}+1$ even or odd?", or asks it yes or no, "Is $N$ prime?", "Are there finitely or
    infinitely many ...?"): "So $3^{100}+1$ is divisible by 2." -> "even", "... cannot be written as a ratio of two
    integers." -> "irrational", "The sum blows up." -> "diverge", "the supply never runs out" -> "infinitely many".
    None when the question asks no such property, the sentence states both or neither, or supposes or doubts.

    Examples:
        >>> defined_answer("So $3^{100}+1$ is divisible by 2.", "Is $3^{100}+1$ even or odd?")
        'even'
        >>> defined_answer("So it is divisible by 2.", "What is the remainder?") is None
        True
    """
    if not question or len(sentence) > 400:
        return None
    if _never_holds(sentence, question):
        return "no"  # "$n^2+1$ is never divisible by 3." to "Is there an $n$ such that $n^2+1$ is divisible by 3?"
    plain = _plain(_MATH_SPAN.sub(_number_or_x, sentence))
    concluded = list(_CONCLUDED_AT.finditer(plain))
    if concluded:
        plain = plain[concluded[-1].end():]  # a reason before "so" may suppose ("vanishes only if ...")
    # a reason before or after the main clause states nothing asked: "Since 7 is not divisible by 2, ...", "The terms
    # tend to 0, since √n tends to infinity."
    first = _REASON_FIRST.match(plain.lstrip())
    plain = plain.lstrip()[first.end():] if first else plain
    after = _REASON_AFTER.search(plain)
    plain = plain[:after.start()] if after else plain
    if _DEFINITION_DOUBTED.search(plain) or _NEGATION.search(plain) and _KIND_OF_TRIANGLE.search(question):
        return None
    if _KIND_OF_TRIANGLE.search(question) and _ALL_SIDES_EQUAL.search(plain):
        return "equilateral"  # "so $a=b=c$: all three sides coincide" to "What kind of triangle is it?"
    if _KIND_OF_TRIANGLE_ZH.search(question) and _ALL_SIDES_EQUAL_ZH.search(sentence) and not _CJK_NOT.search(
            _ALL_SIDES_EQUAL_ZH.split(sentence)[0][-4:]) and not re.search("非|并非|不", sentence):
        return "等边三角形"  # "所以 $a=b=c$，即三边都相等。" to "则 $\triangle ABC$ 是什么三角形？"
    pair = asked_alternatives(question)
    asked = {w.lower() for w in pair} if pair else set()
    prop = asked_property(question)
    if prop:
        asked.add(prop)
    counted = _COUNT_QUESTION.search(question.strip()[-300:])
    if counted:
        asked |= {"infinitely", "finitely"}
    said, left, own = set(), plain, []
    for word, other, yes, no in _DEFINED_COMPILED:
        if not asked & {word, other, word + "s", other + "s"}:
            continue
        own += [word, other]
        for found, pattern in ((word, yes), (other, no)):
            for m in pattern.finditer(plain):
                said.add(found)
                left = left[:m.start()] + " " * (m.end() - m.start()) + left[m.end():]
    if len(said) != 1 or _NEGATION.search(left) or _TRUTH_DENIED.search(left) \
            or re.search(r"\b(?:%s)" % "|".join(own), left):
        # "Hence the partial sums never blow up.", "It is not true that there is no largest such prime.", "Thus $N$ is
        # odd; indeed $3^{100}$ is divisible by 2." (the property said in its own word, outside the definition)
        return None
    found = said.pop()
    return found + " many" if found in ("infinitely", "finitely") else found
