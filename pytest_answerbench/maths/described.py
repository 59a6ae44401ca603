"""Answers that describe rather than compute (the grading conventions, rule 10: text answers match in meaning): a set
of integers described in words or by congruences, the kind of a shape, and the winner of a game.

A careful grader reads "All odd $n$", "$n \\equiv 1 \\pmod 2$", "$\\boxed{n \\text{ odd}}$" and 所有正奇数 as the gold
"All odd positive integers" when the question asks for positive integers; "the triangle is right-angled at $C$" and
直角三角形 as "Right triangle" (and "a rectangle (not necessarily a square)" as "Rectangle"); "Bob (the second
player) wins" and 后手有必胜策略 as "Bob" when the question says Alice moves first.

Each reader maps a text onto a small closed vocabulary and answers None when a word is left it does not know, so a
description it cannot read in full is never compared: :func:`same_description` decides only when the gold and the
answer both read as the same kind of description. Nothing here evaluates text: the tables are the whole vocabulary.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from ..text.patterns import lazy_compile
from .meaning import (CJK_ASKED_WORD, DASHED_NAME, OTHER_ORDER, PLAYERS, can_be_by_frequency, claim, narrower_scope,
                      none_of_asked_kind, restates_cjk_question, same_meaning,
                      who_moves_first)

__all__ = ["IntegerSet", "OTHER_CASE_SENTENCE", "QUALIFYING_ADVERB", "chosen", "closing_sentence", "described_by_closing", "frequency", "integer_set", "offered",
           "offered_stance", "stance_words",
           "same_description", "shape", "winner"]


# ---- sets of integers ------------------------------------------------------------------------------------------------

class IntegerSet(NamedTuple):
    """A set of integers: those of ``domain`` ("positive", "nonnegative" or None for unstated) with the properties
    ``kinds`` ("prime", "power of 2", ...) whose residue modulo ``modulus`` lies in ``residues``, but ``excluded``."""

    domain: str | None
    kinds: frozenset[str]
    modulus: int
    residues: frozenset[int]
    excluded: frozenset[int] = frozenset()

    def widened(self, modulus: int) -> frozenset[int]:
        """The residues modulo a multiple ``modulus`` of this set's modulus."""
        return frozenset(r for r in range(modulus) if r % self.modulus in self.residues)


_MARKUP = lazy_compile(r"\\(?:text|textbf|textit|mathrm|mbox|operatorname)\s*\{([^{}]*)\}|\\[,;!: ]|[*$`]|\\\(|\\\)")
_CONGRUENCE = lazy_compile(
    r"^(?P<var>[a-z])\s*(?P<neg>\\not\s*\\equiv|\\not\\equiv|≢|\\equiv|≡)\s*(?P<res>-?\d+(?:\s*(?:,|or|\\text\{or\}|或)"
    r"\s*-?\d+)*)\s*(?:\(\s*)?(?:\\pmod\s*\{?\s*|\\bmod\s*|\\mod\s*|mod\s*)(?P<mod>\d+)\s*\}?\s*\)?$")
_DIVIDES = lazy_compile(r"^(?P<m>\d+)\s*(?:\\mid|∣|\|)\s*[a-z]$")
_LINEAR = lazy_compile(r"^(?P<var>[a-z])\s*=\s*(?P<a>\d+)\s*(?P<k>[a-z])\s*(?:(?P<sign>[+-])\s*(?P<b>\d+))?$")
_POWER = lazy_compile(r"^(?P<var>[a-z])\s*=\s*(?P<base>\d+)\s*\^\s*\{?\s*(?P<k>[a-z])\s*\}?$")
_PREFIX = lazy_compile(r"^(?:all|every|exactly|precisely|only|the\s+answer\s+is|answer\s*:)\s+")
_FOR_SOME = lazy_compile(r"\s*,?\s*(?:(?:for|with|where)\s+|(?=[a-z]\s*\\in\b))(?:some|any|every|all|an?\s+arbitrary|"
                         r"arbitrary)?\s*(?:non-?negative|positive|natural)?\s*(?:integers?|numbers?)?\s*(?:[a-z])?\s*"
                         r"(?:\\ge(?:q)?\s*[01]|\\in\s*\\mathbb\s*\{?[nz]\}?(?:\^\{?\+\}?|_\{?\+\}?)?)?\s*$")
# words a description may hold that say nothing of the set
_FILLER = frozenset("all every each exactly precisely only the those these are is that which who such integer integers "
                    "number numbers whole values value of a an n m k x perfect".split())
# the numbers left out: "every n except 3", "all positive integers except n = 3 and n = 5"
_EXCEPT = lazy_compile(r"\s*,?\s*(?:except|other\s+than|but\s+not|apart\s+from)\s+(?:for\s+)?(?P<values>(?:[a-z]\s*=\s*)?-?\d+"
                       r"(?:\s*(?:,|and|or)\s*(?:[a-z]\s*=\s*)?-?\d+)*)\s*$")
# "$n$ is a power of $2$", "all positive integers $n$ with $n \\not\\equiv 1 \\pmod 3$": a subject, then what it is
_SUBJECT = lazy_compile(r"^[a-z]\s+(?:is|are|must\s+be)\s+")
_CONDITION = lazy_compile(r"\s+(?:with|where|such\s+that|satisfying|for\s+which)\s+(?P<condition>.+)$")
_WORD_KINDS = {"prime": "prime", "primes": "prime", "composite": "composite", "composites": "composite",
               "square": "square", "squares": "square"}
_DOMAINS = {"positive": "positive", "natural": "positive", "nonnegative": "nonnegative", "non-negative": "nonnegative"}
_POWERS_OF = lazy_compile(r"\bpowers?\s+of\s+(?P<base>\d+|two|three|five)\b")
_BASES = {"two": 2, "three": 3, "five": 5}
_DIVISIBLE = lazy_compile(r"\b(?P<not>not\s+)?(?:divisible\s+by|multiples?\s+of)\s+(?P<m>\d+)\b")
_CJK_SET = lazy_compile(r"^(?:所有|全体|一切)?(?:的)?(?P<pos>正|非负)?(?P<kind>奇数|偶数|质数|素数|整数)(?:[a-z])?$")


def _plain(text: str) -> str:
    text = _MARKUP.sub(lambda m: m.group(1) if m.group(1) is not None else " ", text)
    return re.sub(r"\s+", " ", text).strip().rstrip(".。").strip().lower()


def _congruence(text: str, bound: bool = False) -> IntegerSet | None:
    """A congruence (``n \\equiv 1 \\pmod 4``), or, when ``bound`` (the text said its parameter is an integer: "for
    some integer $k$"), a linear form ``n = 4k + 1`` or a power ``n = 2^k``: ``y = 2x + 1`` alone is a line."""
    divides = _DIVIDES.match(text)
    if divides and 1 <= int(divides.group("m")) <= 1000:
        return IntegerSet(None, frozenset(), int(divides.group("m")), frozenset({0}))  # "3 \\mid n": the multiples of 3
    m = _CONGRUENCE.match(text)
    if m:
        modulus = int(m.group("mod"))
        if not 1 <= modulus <= 1000:
            return None
        residues = frozenset(int(r) % modulus for r in re.findall(r"-?\d+", m.group("res")))
        if "not" in m.group("neg") or "≢" in m.group("neg"):
            residues = frozenset(range(modulus)) - residues
        return IntegerSet(None, frozenset(), modulus, residues)
    if not bound:
        return None
    m = _LINEAR.match(text)
    if m and m.group("var") != m.group("k") and 1 <= int(m.group("a")) <= 1000:
        modulus = int(m.group("a"))
        offset = int(m.group("b") or 0) * (-1 if m.group("sign") == "-" else 1)
        return IntegerSet(None, frozenset(), modulus, frozenset({offset % modulus}))
    m = _POWER.match(text)
    if m and m.group("var") != m.group("k") and int(m.group("base")) >= 2:
        return IntegerSet(None, frozenset({f"power of {int(m.group('base'))}"}), 1, frozenset({0}))
    return None


def integer_set(text: str) -> IntegerSet | None:
    """The set of integers ``text`` describes, or None when it is no such description or holds a word this reader does
    not know ("all odd $n$" and "$n \\equiv 1 \\pmod 2$" are the odd integers; "all $n$ except $3$" is None).

    Examples:
        >>> integer_set("all odd n").residues == integer_set("n \\\\equiv 1 \\\\pmod 2").residues
        True
        >>> integer_set("the powers of two").kinds
        frozenset({'power of 2'})
    """
    if len(text) > 200:
        return None
    plain = _plain(text)
    unbound = plain
    plain = _FOR_SOME.sub("", plain)  # "n = 2^k for some nonnegative integer k": the k the form binds
    bound = plain != unbound and bool(re.search(r"integer|\\mathbb|\\ge", unbound[len(plain):]))
    if bound and re.search(r"positive|natural|\\ge\s*1|\\mathbb\s*\{?[nz]\}?\s*[\^_]\s*\{?\s*\+", unbound[len(plain):]):
        multiples = _LINEAR.match(_PREFIX.sub("", plain)) if "positive" in unbound[len(plain):] or "+" in \
            unbound[len(plain):] or "\\ge" in unbound[len(plain):] else None
        if multiples and multiples.group("var") != multiples.group("k") and not multiples.group("b") \
                and 1 <= int(multiples.group("a")) <= 1000:
            # "n = 3k, k \in \mathbb{Z}^+": the positive multiples of 3
            return IntegerSet("positive", frozenset(), int(multiples.group("a")), frozenset({0}))
        bound = False  # "n = 2^k for some positive integer k" leaves out 1: not read as the powers of 2
    plain = _PREFIX.sub("", plain)
    cjk = _CJK_SET.match(plain.replace(" ", ""))
    if cjk:
        domain = {"正": "positive", "非负": "nonnegative"}.get(cjk.group("pos") or "")
        kind = cjk.group("kind")
        if kind in ("奇数", "偶数"):
            return IntegerSet(domain, frozenset(), 2, frozenset({1 if kind == "奇数" else 0}))
        if kind == "整数":
            return IntegerSet(domain, frozenset(), 1, frozenset({0})) if domain else None
        return IntegerSet(domain, frozenset({"prime"}), 1, frozenset({0}))
    plain = _SUBJECT.sub("", plain)
    excepted = _EXCEPT.search(plain)
    if excepted:
        rest_set = integer_set(plain[:excepted.start()] + (" integers" if not re.search(r"integers?|numbers?|[a-z]$",
                                                                                       plain[:excepted.start()]) else ""))
        values = frozenset(int(v) for v in re.findall(r"-?\d+", excepted.group("values")))
        return None if rest_set is None or rest_set.excluded else rest_set._replace(excluded=values)
    stated = _congruence(plain, bound)
    if stated is not None:
        return stated
    condition = _CONDITION.search(plain)
    if condition:  # the integers named, then the congruence they meet
        stated, among = _congruence(condition.group("condition")), integer_set(plain[:condition.start()] + " integers")
        if stated is None or among is None and not re.fullmatch(r"(?:all\s+)?(?:integers?|numbers?)(?:\s+[a-z])?",
                                                                    plain[:condition.start()]):
            return None
        if among is None:
            return stated
        if among.modulus != 1 or among.kinds:
            return None
        return stated._replace(domain=among.domain)
    domain: str | None = None
    kinds: set[str] = set()
    modulus, residues = 1, frozenset({0})
    rest = _POWERS_OF.sub(lambda m: kinds.add(f"power of {_BASES.get(m.group('base'), m.group('base'))}") or " ", plain)
    divisible = list(_DIVISIBLE.finditer(rest))
    if len(divisible) > 1:
        return None
    if divisible:
        m = divisible[0]
        modulus = int(m.group("m"))
        if not 1 <= modulus <= 1000:
            return None
        residues = frozenset(range(1, modulus)) if m.group("not") else frozenset({0})
        rest = rest[:m.start()] + " " + rest[m.end():]
    described = False
    for word in re.split(r"[\s,]+", rest):
        if not word or word in _FILLER:
            continue
        if word in ("odd", "even"):
            if modulus != 1:
                return None
            modulus, residues, described = 2, frozenset({1 if word == "odd" else 0}), True
        elif word in _DOMAINS:
            if domain is not None and domain != _DOMAINS[word]:
                return None
            domain = _DOMAINS[word]
        elif word in _WORD_KINDS:
            kinds.add(_WORD_KINDS[word])
        else:
            return None  # a word this reader does not know ("except", "greater", "3")
    if not (kinds or described or divisible or domain or re.search(r"\b(?:all|every|each)\b", unbound)):
        return None
    if not _ANCHOR.search(unbound):
        return None  # "odd" alone: an adjective, not a set (the noun may be what is asked: "odd integer", "odd function")
    return IntegerSet(domain, frozenset(kinds), modulus, residues)


# what makes a description a set: a quantifier, a noun of numbers, or the variable named ("all odd n", "n odd", "the
# positive integers that are odd", "primes")
_ANCHOR = lazy_compile(r"\b(?:all|every|each|exactly|precisely|only|the|those|integers?|numbers?|values?|primes|composites|"
                       r"squares|multiples|powers|[a-z])\b")


_ASKED_DOMAIN = lazy_compile(r"(?i)\b(?:find|determine|which|for\s+which|all)\b[^.?]{0,40}?\b(?P<domain>positive|natural|"
                             r"non-?negative)\s+(?:integers?|numbers?)|所有(?P<cjk>正整数|非负整数)")


def _asked_domain(question: str | None) -> str | None:
    """The integers the question asks among ("Find all positive integers $n$ such that ..." -> "positive")."""
    if not question:
        return None
    m = _ASKED_DOMAIN.search(question)
    if m is None:
        return None
    if m.group("cjk"):
        return "positive" if m.group("cjk") == "正整数" else "nonnegative"
    return _DOMAINS.get(m.group("domain").lower().replace("non-negative", "nonnegative"), None)


def _same_set(g: IntegerSet, p: IntegerSet, question: str | None) -> bool:
    asked = _asked_domain(question)
    g_domain, p_domain = g.domain or asked, p.domain or asked
    if g_domain != p_domain and not (asked and {g_domain, p_domain} <= {asked, None}):
        return False
    if g.kinds != p.kinds or g.excluded != p.excluded:
        return False
    modulus = g.modulus * p.modulus // math.gcd(g.modulus, p.modulus)
    return g.widened(modulus) == p.widened(modulus)


# ---- shapes ----------------------------------------------------------------------------------------------------------

#: (shape, pattern) in the order they are looked for: a compound kind before the words it holds
_SHAPES: tuple[tuple[str, str], ...] = (
    ("isosceles right triangle", r"\bisosceles\s+right(?:[- ]angled)?\s+triangle\b|\bright(?:[- ]angled)?\s+isosceles\s+"
                                 r"triangle\b|等腰直角三角形"),
    ("equilateral triangle", r"\bequilateral\b|\bregular\s+triangle\b|等边三角形|正三角形"),
    ("isosceles triangle", r"\bisosceles\b|等腰三角形"),
    ("right triangle", r"\bright(?:[- ]angled)?\s+triangle\b|\bright[- ]angled\b|\bright\s+triangle\b|"
                       r"\b(?:has|with)\s+a\s+right\s+angle\b|直角三角形"),
    ("obtuse triangle", r"\bobtuse(?:[- ]angled)?\s+triangle\b|\bobtuse[- ]angled\b|钝角三角形"),
    ("acute triangle", r"\bacute(?:[- ]angled)?\s+triangle\b|\bacute[- ]angled\b|锐角三角形"),
    ("regular pentagon", r"\bregular\s+pentagon\b|正五边形"),
    ("regular hexagon", r"\bregular\s+hexagon\b|正六边形"),
    ("regular octagon", r"\bregular\s+octagon\b|正八边形"),
    ("pentagon", r"\bpentagon\b|五边形"),
    ("hexagon", r"\bhexagon\b|六边形"),
    ("octagon", r"\boctagon\b|八边形"),
    ("square", r"\bsquare\b|正方形"),
    ("rectangle", r"\brectangle\b|\brectangular\b|矩形|长方形"),
    ("rhombus", r"\brhomb(?:us|i)\b|菱形"),
    ("parallelogram", r"\bparallelogram\b|平行四边形"),
    ("trapezoid", r"\btrapez(?:oid|ium)\b|梯形"),
    ("kite", r"\bkite\b|筝形"),
    ("circle", r"\bcircle\b|(?<![椭半])圆(?![锥柱心周弧])"),
    ("ellipse", r"\bellipse\b|椭圆"),
    ("parabola", r"\bparabola\b|抛物线"),
    ("hyperbola", r"\bhyperbola\b|双曲线"),
    ("line segment", r"\b(?:line\s+)?segment\b|线段"),
    ("ray", r"\bray\b|射线"),
    ("line", r"\b(?:straight\s+)?line\b|直线"),
)
_SHAPE_PATTERNS = tuple((name, lazy_compile(pattern)) for name, pattern in _SHAPES)
_SHAPE_NEGATED = lazy_compile(r"\b(?:not|n't|nor|never|neither)\s+(?:(?:necessarily|always|be|a|an|the|just|only|even)\s+)*$|"
                              r"(?:不是|不一定是|并非|而非|不为)$")
# a shape denied anywhere in the statement, outside an aside ruling one shape out ("(not necessarily a square)", ", not
# a circle": the shape after "not" is left out, and the per-mention check below reads it as ruled out)
_SHAPE_DENIED = lazy_compile(r"\b(?:not|cannot|can't|never|neither|nor|isn't|aren't|wrong|false|incorrect)\b|n't\b|"
                             r"不能|不会|不是|不成立|错误|不可能|并非|而非|不为")
_SHAPE_ASIDE = lazy_compile(r"\([^()]{0,20}\b(?:not|neither)\b[^()]{0,60}\)|\bnot\s+(?:necessarily\s+)?(?:an?\s+)?[a-z-]+")
# what follows a shape named as a sentence's subject: "the parallelogram must be ..."
_SHAPE_SUBJECT = lazy_compile(r"\s+(?:is|must|has\s+to|should|will|becomes)\b")
_SHAPE_HEDGE = lazy_compile(r"\b(?:or|either|maybe|perhaps|possibly|probably|might|if|unless|whether|could)\b|或|可能|如果")


# a name set between commas after "player": "the second player, Bob, has a winning strategy"
_COMMA_NAME = lazy_compile(r"(?<=player),\s*(?P<name>[A-Z][a-z]+)\s*,\s+")
_WINNER_TAKEN_BACK = lazy_compile(r"(?i)\b(?:although|though|but|however)\b[^.;!?]*?\b(?:actually|re-?check\w*|wait|"
                                  r"mistake\w*)\b|(?:—|–)\s*(?:actually|re-?check\w*|wait)\b")
# a concession closing the sentence, after a dash or a comma: "— even though the argument doesn't tell us her move"
# (not one taking the winner back: "although — re-checking — it is actually Bob who wins")
_CONCEDED_AFTER = lazy_compile(r"\s*(?:—|–|--|,)\s*(?:even\s+though|although|though)\b(?![^.;!?]*\b(?:actually|re-?check\w*|wait|"
                               r"final\s+answer|mistake\w*|wrong|instead|rather|correct\w*|in\s+fact|wins?)\b)[^.;!?]*[.!]?\s*$")
_NAME_COMMA = lazy_compile(r"\b(?P<name>[A-Z][a-z]+)\s*,\s*(?P<turn>the\s+(?:first|second|starting)\s+player)\s*,\s+")


_OF_A = lazy_compile(r"\bof\s+(?:a|an|the|any|every)\s+$")
# (the shape's own clause going on to its verb, not a relative clause: "..., which is what we wanted")
_COPULA_AFTER = lazy_compile(r"(?:(?!\b(?:which|that|who|this)\b)[^.;:!?]){0,40}?\b(?:is|are|must\s+be|becomes)\b")


def shape(text: str) -> str | None:
    """The one shape ``text`` names as its answer ("the triangle is right-angled at $C$" -> "right triangle", "$ABCD$
    is a rectangle (not necessarily a square)" -> "rectangle"), or None: no shape, two shapes, a hedge."""
    if len(text) > 300:
        return None
    plain = _plain(text)
    if _SHAPE_HEDGE.search(plain):
        return None
    if _SHAPE_DENIED.search(_SHAPE_ASIDE.sub(" ", plain)):
        return None  # "the triangle cannot be right-angled", 三角形不能是直角三角形, 等腰三角形不成立
    named: set[str] = set()
    taken: list[tuple[int, int]] = []
    for name, pattern in _SHAPE_PATTERNS:
        for m in pattern.finditer(plain):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue  # "right" inside "isosceles right triangle"
            taken.append((m.start(), m.end()))
            if _SHAPE_NEGATED.search(plain[max(0, m.start() - 40):m.start()]):
                continue  # "(not necessarily a square)": a shape ruled out
            if _SHAPE_SUBJECT.match(plain, m.end()) and plain[max(0, m.start() - 4):m.start()] == "the ":
                continue  # "the parallelogram must be a rectangle": the subject, not the shape it is said to be
            if _OF_A.search(plain, max(0, m.start() - 10), m.start()) and _COPULA_AFTER.match(plain, m.end()):
                continue  # "the midpoint quadrilateral of a rectangle is a rhombus": in the subject
            named.add(name)
    # the kind of triangle named, the noun "triangle" only its subject ("the triangle is equilateral")
    return named.pop() if len(named) == 1 else None


# ---- winners ---------------------------------------------------------------------------------------------------------

_TURN = {"first": "first", "starting": "first", "1": "first", "one": "first", "先手": "first",
         "second": "second", "2": "second", "two": "second", "后手": "second"}
_WHO = (r"(?:(?i:the)\s+)?(?:(?P<turn>(?i:first|second|starting))\s+player|player\s+(?P<num>1|2|one|two)"
        r"|(?i:player)\s+(?:who\s+(?:moves|goes|plays)|moving|going|playing)\s+(?P<mover>first|second)|(?i:player)\s+(?P<tomove>to\s+move)"
        r"|(?P<name>[A-Z][a-z]+))")
_WINS = lazy_compile(_WHO + r"\s*(?:\([^()]{1,40}\)\s*)?(?:(?:has|have)\s+(?:a|the)\s+winning\s+strategy|wins?|(?:can|will|does)\s+"
                     r"(?:always\s+)?(?:win|force\s+a\s+win|guarantee\s+(?:a\s+)?(?:win|victory))|(?:always|must)\s+wins?)\b")
_WINNER_IS = lazy_compile(r"\b(?:the\s+winner\s+is\s+|the\s+win\s+(?:belongs|goes)\s+to\s+|"
                          r"(?i:winner)(?:\*\*)?\s*:\s*(?:\*\*)?)" + _WHO + r"(?!\s*['’]s\b)"  # (not "the second player's opponent")
                          r"|" + _WHO.replace("?P<", "?P<a_")
                          + r"\s+(?!cannot|can't|does\s+not|doesn't)[a-z][^,.;:]{0,40}?\band\s+wins\b")
_CANNOT_WIN = lazy_compile(_WHO + r"\s*(?:\([^()]{1,40}\)\s*)?(?:cannot|can't|can\s+not|does\s+not|doesn't|will\s+not|won't)\s+"
                           r"(?:always\s+)?win\b|" + _WHO.replace("?P<", "?P<l_") + r"\s+(?:loses|will\s+lose|must\s+lose|"
                           r"(?:cannot|can't|can\s+not)\s+avoid\s+(?:defeat|losing|a\s+loss)|"
                           r"is\s+(?:(?:the\s+one\s+)?in\s+(?:a|the)\s+losing\s+position|lost|the\s+(?:one|player)\s+(?:who|that)\s+loses|"
                           r"the\s+loser))\b"
                           # (not what a player loses: "Alice loses nothing by taking 1", "loses a stone")
                           r"(?!\s+(?:nothing|no\b|none|a\b|an\b|one\b|two\b|\d|her\b|his\b|its\b|their\b|some\b|"
                           r"only\b|more\b|less\b|stones?\b|tokens?\b|coins?\b|points?\b|turns?\b))")
_BARE_WHO = lazy_compile(r"^\s*" + _WHO + r"\s*(?:\([^()]{1,40}\))?\s*[.!]?\s*$")
_CJK_WINNER = lazy_compile(r"(?P<who>先手|后手|甲|乙)(?:（[^）]{1,20}）|\([^()]{1,20}\))?(?:一定|总|总是|能|可以)?(?:有必胜策略|必胜|获胜|胜|赢)")
# "Alice, who moves first, wins.", "So Alice, who goes first, wins": the whole sentence
_APPOSED_WINNER = lazy_compile(r"(?:(?:so|thus|hence|therefore)\s*,?\s+)?(?P<name>[A-Z][a-z]+)\s*,\s*who\s+(?:moves|goes|plays)\s+"
                               r"(?P<turn>first|second)\s*,\s*(?:always\s+)?wins\s*[.!]?")
# a Chinese sentence denying, supposing or doubting who wins
_CJK_NO_WINNER = lazy_compile(r"并非|并不是|若|如果|假设|假如|很难说|难以|不一定|未必|吗|？|\?")
_NO_ONE = frozenset({"Nobody", "Neither", "None", "Noone"})
_PARENTHESES = lazy_compile(r"\(([^()]{1,40})\)|（([^（）]{1,20})）")


def _players(question: str | None) -> tuple[str, str | None] | None:
    """(the first mover's name, the other's) when the question names two players and who moves first (甲先取: 甲);
    (the first mover's name, None) when it names only the one who moves first ("Alice moves first.")."""
    if not question:
        return None
    if "甲" in question and "乙" in question:
        first = re.search("(甲|乙)先", question)
        return None if first is None else (first.group(1), "乙" if first.group(1) == "甲" else "甲")
    first = who_moves_first(question)
    players = PLAYERS.search(question)
    if first is not None and players is None:
        return first, None  # ("Alice moves first." of two players: the other is not named)
    if first is None or players is None or first not in players.groups():
        return None
    return first, players.group(2) if players.group(1) == first else players.group(1)


# a capitalised word before "wins" that names no player: a pronoun, a sentence's opening word
_NOT_A_NAME = frozenset({"He", "She", "It", "They", "This", "That", "Who", "Whoever", "One", "Each", "Either", "Someone",
                         "Everyone", "Anyone", "Player", "Thus", "So", "Hence", "Therefore", "Then", "Now", "Here",
                         "Finally", "Eventually", "Ultimately", "Clearly", "Obviously", "Certainly", "Surely", "Also",
                         "Always", "Only", "Still", "Again", "Otherwise", "Consequently", "Indeed", "Instead", "Actually",
                         "Whichever", "Whatever", "Nobody", "Somebody", "Everybody", "Anybody", "Winner", "Loser"})


def _who(m: re.Match[str], players: tuple[str, str | None] | None, prefix: str = "",
         question: str | None = None) -> str | None:
    turn, num, mover, to_move, name = (m.group(prefix + k) for k in ("turn", "num", "mover", "tomove", "name"))
    if to_move:
        turn = "first"  # "the player to move" (in the game's first position)
    if players and players[1] is None:
        # the question names only who moves first: the players by turn, a name the question does not give the other
        # player's ("Therefore **Bob** has a winning strategy." when "Alice moves first.")
        if turn or num or mover:
            return _TURN[(turn or num or mover).lower()]
        if name == players[0]:
            return "first"
        if question and name and re.search(r"\b%s\b" % re.escape(name), question):
            return None  # a name the question gives someone else ("their teacher Carl"): no player
        return "second:" + name if name and name not in _NOT_A_NAME and name not in _NO_ONE else None
    if turn or num or mover:
        side = _TURN[(turn or num or mover).lower()]
        return (players[0] if side == "first" else players[1]) if players else side
    if name and players and name in players:
        return name
    return None  # a name only counts as a player's the question names


_NO_WINNER = lazy_compile(r"(?i)\b(?:neither|nor|draw|when|whenever|unless|depends|false|untrue|wrong|incorrect)\b|"
                         r"\bclaim(?:ed|s)?\s+that\b|\bnot\s+(?:true|the\s+case)\b|平局|和棋|取决于")


def winner(text: str, question: str | None = None) -> str | None:
    """The player ``text`` says wins (by name when the question names the players and who moves first, else "first",
    "second" or the name written), or None: no winner named, two named, a hedge.

    Examples:
        >>> q = "Alice and Bob play a game. Alice moves first. Who has a winning strategy?"
        >>> winner("Bob (the second player) wins.", q), winner("Alice cannot win; Bob has a winning strategy.", q)
        ('Bob', 'Bob')
    """
    if len(text) > 300 or _SHAPE_HEDGE.search(text.lower()) or _NO_WINNER.search(text) or _WINNER_TAKEN_BACK.search(text):
        return None  # "Neither Alice nor Bob can force a win", "Bob wins when n is even": no one winner; "Alice ...,
        # although — re-checking — it is actually Bob who wins": the sentence takes its winner back
    players = _players(question)
    plain = re.sub(r"\s+", " ", _MARKUP.sub(lambda m: m.group(1) if m.group(1) is not None else " ", text)).strip()
    plain = DASHED_NAME.sub(r" (\g<name>) ", plain)  # "The second player — Bob — wins": "(Bob)", as in brackets
    plain = _COMMA_NAME.sub(r" (\g<name>) ", plain)  # "the second player, Bob, has ...": the same
    plain = _NAME_COMMA.sub(r"\g<name> (\g<turn>) ", plain)  # "Alice, the first player, has ...": the same
    plain = _CONCEDED_AFTER.sub("", plain)  # "... has a winning strategy — even though the argument gives no move"
    found: set[str] = set()
    for m in _CANNOT_WIN.finditer(plain):
        lost = _who(m, players, question=question) if any(m.group(k) for k in ("turn", "num", "mover", "tomove", "name")) \
            else _who(m, players, "l_", question)
        if lost is None:
            return None
        if players is None or players[1] is None:
            # "the player who moves second is in a losing position": the first player wins ("Alice loses" when "Alice
            # moves first": the second player)
            found.add("second" if lost == "first" else "first")
        else:
            found.add(players[1] if lost == players[0] else players[0])
        plain = plain[:m.start()] + " " * (m.end() - m.start()) + plain[m.end():]
    for pattern in (_WINS, _WINNER_IS):
        for m in pattern.finditer(plain):
            who = _who(m, players, question=question) if any(m.group(k) for k in ("turn", "num", "mover", "tomove", "name")) \
                else _who(m, players, "a_", question)
            # the same player named twice: "Bob (the second player) wins", "Alice wins (the first player)"
            alias = _PARENTHESES.search(m.group())
            if alias is None and plain[m.end():].lstrip().startswith(("(", "（")):
                alias = _PARENTHESES.search(plain, m.end(), m.end() + 45)
            also = winner(f"{alias.group(1) or alias.group(2)} wins", question) if alias else None
            if who is None and (also is None or players is not None or m.group("name") in _NO_ONE):
                continue  # (a name the question does not give: no one, whatever turn stands beside it)
            found |= {x for x in (who, also) if x}
    apposed = _APPOSED_WINNER.fullmatch(plain)
    if apposed:
        # "Alice, who moves first, wins.": the player of that turn, when the name is that player's (or none is known)
        turn = apposed.group("turn").lower()
        named = apposed.group("name")
        if players is None:
            found.add(turn)
        elif named == players[0 if turn == "first" else 1]:
            found.add(named)
        else:
            return None
    text = text.replace("*", "")  # "所以**后手乙**有必胜策略"
    if _CJK_NO_WINNER.search(text) or len({m.group("who") for m in _CJK_WINNER.finditer(text)}) > 1:
        return None  # "并非后手乙有必胜策略，而是先手甲有", "若后手乙有……，则矛盾。所以先手甲有必胜策略"
    cjk = _CJK_WINNER.search(text)
    if cjk and not re.search(r"不|没|无|输|败", text[max(0, cjk.start() - 3):cjk.end()]):
        side = _TURN.get(cjk.group("who"))
        found.add((players[0] if side == "first" else players[1]) if side and players and players[1] else
                  side or cjk.group("who"))
    if not found:
        bare = _BARE_WHO.match(plain)
        who = _who(bare, players, question=question) if bare else None
        if who:
            found.add(who)
        elif players and _PARENTHESES.sub("", plain).strip().rstrip("。.") in players:
            found.add(_PARENTHESES.sub("", plain).strip().rstrip("。."))  # 乙, 乙（后报者）: a player the question names
    named = {x for x in found if x.startswith("second:")}
    if len(named) == 1 and "second" in found:
        found.discard("second")  # "Bob (the second player) wins": Bob, named as the second player
    return found.pop() if len(found) == 1 else None


def same_winner(one: str, other: str) -> bool:
    """Do two winners :func:`winner` read name the same player: the same, or the second player by turn and by a name
    the question does not give ("second" and "second:Bob"; not "second:Bob" and "second:Carol")?"""
    return one == other or {one, other} & {"second"} != set() and all(x.startswith("second") for x in (one, other))


# ---- how often, and functions by name ----------------------------------------------------------------------------------

_FREQUENCY = {"always": "always", "sometimes": "sometimes", "never": "never", "总是": "always", "有时": "sometimes",
              "从不": "never", "永远不": "never", "不可能": "never"}
_FREQUENCY_WORD = lazy_compile(r"\b(?:always|sometimes|never)\b|总是|有时|从不|永远不")
_OTHER_NEGATION = lazy_compile(r"\b(?:not|no|cannot)\b|n't\b")


def frequency(text: str) -> str | None:
    """How often ``text`` says a claim holds, "always", "sometimes" or "never" ("This can never happen." -> "never"),
    or None: none of them, two, or another negation beside it ("It is not always true.")."""
    plain = _plain(text)
    if len(plain) > 200 or _SHAPE_HEDGE.search(plain):
        return None
    words = {_FREQUENCY[m.group()] for m in _FREQUENCY_WORD.finditer(plain)}
    if len(words) != 1 or _OTHER_NEGATION.search(plain):
        return None
    return words.pop()


_NAMED_FUNCTION = lazy_compile(r"^(?:only|just|exactly)?\s*(?:the\s+)?(?P<name>zero|identity|identically\s+zero)\s+(?:function|map)"
                               r"(?:\s+(?:on|over)\s+[a-z ]{1,40})?$|^f\s+is\s+(?P<is>identically\s+zero|the\s+identity)"
                               r"(?:\s+(?:on|over)\s+[a-z ]{1,40})?$")
_FUNCTION_GOLD = lazy_compile(r"^f\s*\(\s*([a-z])\s*\)\s*=\s*(0|[a-z])$")


def _named_function(gold: str, pred: str) -> bool | None:
    """"the zero function" / "the identity function" against a gold ``f(x) = 0`` / ``f(x) = x``."""
    g = _FUNCTION_GOLD.match(_plain(gold).replace(" ", ""))
    m = _NAMED_FUNCTION.match(_plain(pred).split(":")[0].strip())
    if g is None or m is None:
        return None
    zero = "zero" in (m.group("name") or m.group("is"))
    return g.group(2) == ("0" if zero else g.group(1))


# ---- the parity of a function -----------------------------------------------------------------------------------------

_ASKS_PARITY = lazy_compile(r"(?i)\beven\b[^.?]{0,30}\bodd\b|\bodd\b[^.?]{0,30}\beven\b|奇偶")
_PARITY = (("neither", r"\bneither\b|非奇非偶|既不是奇函数也不是偶函数"), ("odd", r"\bodd\b|奇函数"), ("even", r"\beven\b|偶函数"))
_PARITY_PATTERNS = tuple((name, lazy_compile(pattern)) for name, pattern in _PARITY)


def parity(text: str) -> str | None:
    """Whether ``text`` says a function is "odd", "even" or "neither" ("So the function is odd.", 奇函数), or None:
    none of them, a hedge, or a negation other than "neither ... nor"."""
    plain = _plain(text)
    if len(plain) > 200 or _SHAPE_HEDGE.search(plain):
        return None
    for name, pattern in _PARITY_PATTERNS:
        if pattern.search(plain):
            if name != "neither" and (_OTHER_NEGATION.search(plain) or re.search(r"不是|并非|非|\bfails?\s+to\b|\bfar\s+from\b",
                                                                                plain)):
                return None
            others = [n for n, p in _PARITY_PATTERNS if n != name and p.search(plain)]
            return name if name == "neither" or not others else None
    return None


# ---- one of the alternatives a question offers -------------------------------------------------------------------------

# "acute, right, or obtuse?", "an equivalence relation, a partial order, or neither?", "odd, even, or neither?"
# the question's closing list of alternatives, "X, Y, or Z?" (read by splitting: no pattern backtracks over it)
_OFFERED_TAIL = lazy_compile(r"(?i)([a-z][a-z ,-]{0,200}?),?\s+or\s+([a-z][a-z -]{0,40}?)(?:\s+as\s+a\s+subset\s+of\s+[^\s?]{1,12})?"
                             r"\s*\?\s*$")
_NOT_ALTERNATIVE = frozenset("it is are was the this that they be its".split())
# （充分不必要条件 / 必要不充分条件 / 充要条件 / 既不充分也不必要条件）
_OFFERED_CJK = lazy_compile(r"[（(]\s*([\u4e00-\u9fff]{2,12}(?:\s*[/／、]\s*[\u4e00-\u9fff]{2,12}){1,5})\s*[)）]")
_ALTERNATIVE_NEGATED = lazy_compile(r"(?i)(?:\bnot|n't|\bno|\bnor|\bneither|\bnever|\bcannot|\bfails?\s+to|\bfar\s+from)\b"
                                    r"(?:(?!\bbut\b|而是)[^,;.]){0,30}$|"
                                    r"(?:不|非)(?:(?!而是|但)[^，,；;。]){0,12}$")


def offered(question: str | None) -> list[str]:
    """The alternatives a question offers in its closing words ("Is a triangle with sides 4, 5, 7 acute, right, or
    obtuse?" -> acute, right, obtuse), or []."""
    if not question:
        return []
    cjk = _OFFERED_CJK.search(question[-200:])
    if cjk:
        return [part.strip() for part in re.split("[/／、]", cjk.group(1))]
    tail = re.sub(r"\$[^$]*\$", " ; ", question.strip()[-240:])
    m = _OFFERED_TAIL.search(tail)
    if m is None or "," not in m.group(1):
        return []
    found = [part.strip() for part in m.group(1).split(",")] + [m.group(2).strip()]
    found[0] = " ".join(found[0].split()[-2:])  # "Is it acute": the alternative is the list's own words
    if all(len(f.split()) == 1 for f in found[1:]):
        found[0] = found[0].split()[-1]  # "... of two odd functions odd, even, or neither?": one word as the others
    while len(found[0].split()) > 1 and found[0].split()[0].lower() in _NOT_ALTERNATIVE:
        found[0] = found[0].split(" ", 1)[1]
    if any(len(f.split()) > 3 or not f for f in found):
        return []
    names = [re.sub(r"(?i)^an?\s+", "", f).strip().lower() for f in found]
    if any(len(name) < 3 for name in names):
        return []  # "x, y, or z?": letters, not alternatives in words
    return names if len(set(names)) == len(names) >= 3 else []


def chosen(text: str, alternatives: list[str]) -> str | None:
    """The one alternative ``text`` names without a negation before it ("..., so it is a partial order (not an
    equivalence relation)" -> "partial order"), or None: none, or two."""
    plain = _plain(text)
    spans: list[tuple[int, int, str]] = []
    for alternative in alternatives:
        pattern = re.escape(alternative.lower()) if not alternative.isascii() else r"\b%s\b" % re.escape(alternative.lower())
        for m in re.finditer(pattern, plain):
            if alternative.lower() != "neither" and _ALTERNATIVE_NEGATED.search(plain[max(0, m.start() - 32):m.start()]):
                continue
            spans.append((m.start(), m.end(), alternative))
    named = {name for start, end, name in spans
             if not any(s <= start and end <= e and (s, e) != (start, end) for s, e, _ in spans)}
    return named.pop() if len(named) == 1 else None


# the alternatives a question offers for both properties or neither: "both", "bijective"; "neither", "none of these"
_BOTH_WORDS = frozenset({"both", "bijective", "a bijection"})
_NEITHER_WORDS = frozenset({"neither", "none", "none of these", "none of them", "none of the above"})
# a consequence named after a stance, in brackets: "(and therefore not bijective)", "(so not a bijection)"
_THEREFORE_NOT_BOTH = lazy_compile(r"(?:\(\s*|[—–,;]\s*)(?:and\s+)?(?:therefore|hence|thus|so)\s+(?:it\s+is\s+)?not\s+"
                                   r"(?:bijective|a\s+bijection)\s*\)?")
# other words for the two properties: "one-to-one" is injective, "onto" surjective
_SYNONYM_OF = {"one-to-one": "injective", "1-1": "injective", "onto": "surjective"}
_STANCE_SYNONYMS = lazy_compile(r"(?i)\bone[- ]to[- ]one\b|\b1-1\b|\bonto\b(?!\s+(?:its|the|a|an|itself|[a-z]\b))")
# a word denying the property right after it: "injective, not surjective", "one-to-one but not onto"
_STANCE_DENIED = lazy_compile(r"(?:\bnot|n't|\bno|\bnever|\bnor|\bneither|\bfails?\s+to\s+be|\bfar\s+from)\s+(?:\w+\s+){0,2}$")
_STANCE_HEDGE = lazy_compile(r"\b(?:or|maybe|perhaps|probably|likely|unlikely|might|may|if|unless|seems?|whether|sure|unsure|"
                             r"unclear|clear|certain|know|guess|think|suspect|believe|presumably|apparently|appears?|"
                             r"expect)\b")


def offered_stance(text: str, question: str | None) -> tuple[bool, ...] | None:
    """To a question offering two properties and "both" / "neither" ("Is $f$ injective, surjective, both, or
    neither?"), which of the two ``text`` affirms: ``(True, False)`` for "injective, not surjective", "Injective but not
    surjective", "injective only"; ``(True, True)`` for "both"; ``(False, False)`` for "neither"; None when it does not
    say of each (a hedge, a property unnamed)."""
    alternatives = offered(question)
    named = [_SYNONYM_OF.get(a, a) for a in alternatives if a not in _BOTH_WORDS and a not in _NEITHER_WORDS]
    if len(named) != 2 or len(alternatives) < 3 or not (_BOTH_WORDS | _NEITHER_WORDS) & set(alternatives):
        return None
    if len(text) > 400:
        return None
    plain = _STANCE_SYNONYMS.sub(lambda m: _SYNONYM_OF[m.group().lower().replace(" ", "-")], _plain(text))
    plain = _THEREFORE_NOT_BOTH.sub("", plain)  # "injective, not surjective (and therefore not bijective)"
    plain = re.sub(r"\(\s*(\w+)\s*\)", lambda m: "" if m.group(1) in named else m.group(), plain)  # "surjective (onto)"
    if len(plain) > 200 or _STANCE_HEDGE.search(plain):
        return None
    words = set(re.findall(r"[a-z][a-z-]*", plain))
    if "bijective" in alternatives and re.search(r"\bbijective\b|\ba\s+bijection\b", plain) \
            and not _STANCE_DENIED.search(plain[:plain.find("biject")][-30:]):
        words.add("both")  # "bijective": injective and surjective
    said: list[bool | None] = []
    for prop in named:
        hits = list(re.finditer(r"\b%s\b" % re.escape(prop), plain))
        if not hits:
            said.append(None)
            continue
        stances = {not _STANCE_DENIED.search(plain[:m.start()][-30:]) for m in hits}
        if len(stances) != 1:
            return None
        said.append(stances.pop())
    if ("neither" in words or re.search(r"\bnone\s+of\b", plain)) and not any(said):
        return (False, False)
    if "both" in words and all(x is not False for x in said) and not re.search(r"\bnot\s+both\b", plain):
        return (True, True)
    if "only" in words and said.count(True) == 1 and None in said:
        return tuple(x is True for x in said)  # "injective only"
    return None if None in said else tuple(said)


def stance_words(stance: tuple[bool, ...], question: str | None) -> str:
    """A stance on the two properties a question offers (:func:`offered_stance`), in its words: "both", "neither",
    "injective but not surjective"."""
    alternatives = offered(question)
    named = [a for a in alternatives if a not in _BOTH_WORDS and a not in _NEITHER_WORDS]
    if all(stance):
        return next((a for a in alternatives if a in _BOTH_WORDS), "both")
    if not any(stance):
        return next((a for a in alternatives if a in _NEITHER_WORDS), "neither")
    held = named[stance.index(True)]
    return f"{held} but not {named[1 - stance.index(True)]}"


# ---- comparison ------------------------------------------------------------------------------------------------------

_WORDS = lazy_compile(r"[a-zA-Z]{2}|[\u4e00-\u9fff]")


# "n \in \{" and "\}" around a listed set: "$n \in \{2, 4, 6, \dots\}$"
_SET_OF_LISTED = lazy_compile(r"^[a-z]\s*\\in\s*|\\[{}]|\\left|\\right")
# a progression listed from its first three terms: "n=2,4,6,\dots", "1, 3, 5, ..."
_LISTED_PROGRESSION = lazy_compile(r"(?:[a-z]\s*=\s*)?(?P<a>\d{1,4})\s*,\s*(?P<b>\d{1,4})\s*,\s*(?P<c>\d{1,4})\s*,\s*"
                                   r"(?:\\[lc]?dots|\.\.\.|…)")


# "if and only if" between a property and the condition it holds under
_IFF = lazy_compile(r"\\iff\b|\\Leftrightarrow\b|\\Longleftrightarrow\b|⟺|⇔|\bif\s+and\s+only\s+if\b|当且仅当")


def same_description(gold: str, pred: str, question: str | None = None) -> bool | None:
    """Do ``gold`` and ``pred`` describe the same set of integers, shape or winner? None when the gold is no such
    description or the prediction is not one of the same kind (the other readings decide)."""
    listed = _LISTED_PROGRESSION.fullmatch(_SET_OF_LISTED.sub("", pred.strip().strip("$ .")).strip("{} ")) \
        if "," in pred and len(pred) <= 80 else None
    if listed:
        a, b, c = (int(listed.group(k)) for k in "abc")
        if b - a == c - b >= 2 and 0 < a <= b - a:
            # "n=2,4,6,\dots": every positive member of one residue class, listed from its least (the positive
            # even integers); against a gold that describes a set of integers
            pred = f"n \\equiv {a % (b - a)} \\pmod {b - a}"
    if len(gold) > 200 or len(pred) > 600 or not _WORDS.search(pred):
        return None  # a prediction without words ("3", "\\frac{1}{2}") describes nothing
    if not _WORDS.search(gold):
        return _named_function(gold, pred)  # "the zero function" for f(x) = 0
    alternatives = offered(question)
    asked_for = re.sub(r"^(?:an?|the)\s+", "", _plain(gold).split("(")[0].strip())
    if alternatives and asked_for in [a.lower() for a in alternatives]:
        picked = chosen(pred, alternatives)  # "..., so the angle exceeds 90°: obtuse." for "acute, right, or obtuse?"
        if picked is not None:
            return picked.lower() == asked_for
    if question and _plain(gold) in ("odd", "even", "neither") and _ASKS_PARITY.search(question):
        p_parity = parity(pred)  # "Is $f$ even, odd, or neither?": the parity of a function, not a set of integers
        return None if p_parity is None else p_parity == _plain(gold)
    g_set = integer_set(gold)
    if g_set is not None:
        p_set = integer_set(pred)
        sides = _IFF.split(pred) if p_set is None and len(pred) <= 200 else []
        if len(sides) == 2 and integer_set(sides[0]) is None:
            p_set = integer_set(sides[1])  # "$3 \mid 2^n+1 \iff n \equiv 1 \pmod 2$": the condition the property holds under
        return None if p_set is None else _same_set(g_set, p_set, question)
    g_shape = shape(gold)
    if g_shape is not None and len(_plain(gold).split()) <= 4:
        p_shape = shape(pred)
        return None if p_shape is None else g_shape == p_shape
    named = _named_function(gold, pred)
    if named is not None:
        return named
    g_often = frequency(gold) if len(_plain(gold).split()) == 1 else None
    if g_often is not None:
        p_often = frequency(pred)
        return None if p_often is None else g_often == p_often
    g_winner = winner(gold, question)
    if g_winner is not None and len(gold.split()) <= 5:
        p_winner = winner(pred, question)
        return None if p_winner is None else same_winner(g_winner, p_winner)
    return None


# a sentence's end: not after an abbreviation ("e.g. at $x = \\pi/4$", "i.e.", "etc.", "vs.")
_SENTENCE_END = lazy_compile(r"(?<=[.!?])(?<!e\.g\.)(?<!i\.e\.)(?<!etc\.)(?<!vs\.)(?<!cf\.)\s+|(?<=[。！？])\s*")


def closing_sentence(response: str) -> str | None:
    """The last sentence of a response's last line (after its reasoning block, when it has one), or None: a reasoning
    block never closed, a last line too long to be a closing statement. A sentence on another case closing the line
    (:data:`OTHER_CASE_SENTENCE`), and a sentence wholly in brackets telling something else after one stating a claim or
    a shape (:data:`_BRACKETED_REMARK`), are passed over; a shape's qualifiers are left out of the sentence returned
    (:func:`_without_qualifiers`)."""
    line = _closing_line(response)
    other_case = OTHER_CASE_SENTENCE.search(line) if line else None
    if other_case and other_case.start() > 0 and re.search(r"[A-Za-z]", line[:other_case.start()]):
        line = line[:other_case.start()]  # (what it says of the other case answers nothing)
    sentences = [s for s in _SENTENCE_END.split(line) if re.search(r"[A-Za-z\u4e00-\u9fff]", s)] if line else []
    if len(sentences) > 1 and _BRACKETED_REMARK.fullmatch(sentences[-1]) and claim(sentences[-1]) is None \
            and (shape(sentences[-1]) is None or _COMPARED.match(sentences[-1])) and (
            claim(sentences[-2]) is not None or shape(_without_qualifiers(sentences[-2])) is not None):
        sentences.pop()  # "So the triangle is right-angled at $A$. (For comparison, ... an acute triangle ...)"
    return _without_qualifiers(sentences[-1]) if sentences else None


# a sentence wholly in brackets telling something else, taking nothing back, naming no shape and claiming nothing (checked
# where it is used)
_BRACKETED_REMARK = lazy_compile(r"\s*\((?![^()]*\b(?i:wait|actually|answer|mistake|wrong|correct\w*|instead|rather|in\s+fact|"
                                 r"so|thus|hence|therefore|i\.e\.|that\s+is|though|although|could|might|may|or|either|"
                                 r"equally|perhaps|maybe|possibly|alternatively|unless|except|slip\w*|errors?|typo|should|"
                                 r"oops|fix\w*|mis\w+|above|earlier)\b)[^()]*+\)[.\s]*")
# a bracket set apart as a comparison: "(For comparison, ...", "(By contrast, ..."
_COMPARED = lazy_compile(r"\s*\(\s*(?i:for\s+comparison|compare|by\s+contrast|in\s+contrast|contrast)\b")
# a bracket adding what follows from the answer ("(in particular it is also isosceles, ...)"), or a dashed tail denying
# other descriptions ("a rhombus — not a rectangle in general, and a square only when ..."): qualifiers of the answer
_ALSO_BRACKET = lazy_compile(r"\s*\((?=[^()]*\b(?i:in\s+particular|also|a\s+fortiori)\b)(?![^()]*\b(?i:wait|actually|mistake|"
                             r"wrong|instead|rather|not)\b)[^()]*+\)")
_DENYING_TAIL = lazy_compile(r"\s+(?:—|–|--)\s*not\s+(?:a|an|the)?\s*[a-z-]+[^—–]*$")


def _without_qualifiers(sentence: str) -> str:
    """``sentence`` without the qualifiers of a shape it states (:data:`_ALSO_BRACKET`, :data:`_DENYING_TAIL`), when
    what is left states one."""
    if "(" not in sentence and "—" not in sentence and "–" not in sentence and "--" not in sentence:
        return sentence
    kept = _DENYING_TAIL.sub("", _ALSO_BRACKET.sub("", sentence))
    return kept if kept != sentence and shape(kept) is not None else sentence


#: what makes a property conceded after a verdict another property than the one stated ("does not converge
#: *absolutely*, though")
QUALIFYING_ADVERB = r"(?:absolutely|uniformly|pointwise|conditionally|everywhere|strictly|monotonically|locally|globally)"
#: a closing sentence on another case than the one asked: a condition of the question dropped ("If continuity is
#: dropped, however, such functions do exist"), another object set apart ("Don't confuse it with $(1+\frac1n)^n$, which
#: converges to $e$."), another property conceded ("It does not converge absolutely, though: ..."), or special cases of
#: the answer ("It is a rhombus when $AC = BD$, and a
#: rectangle when $AC \perp BD$."); neither takes anything back (matched from the space before it)
OTHER_CASE_SENTENCE = lazy_compile(
    r"(?<=[.!])\s++(?=(?:if|when|without)\s[^.!?\n]{0,120}?\b(?:is|are)\s+(?:dropped|removed|relaxed|omitted|weakened|lifted|"
    r"ignored|not\s+required)\b|(?:dropping|removing|relaxing|omitting|without)\s+the\s+[a-z-]+\s+(?:requirement|condition|"
    r"assumption|hypothesis|constraint)\b|(?:don't|do\s+not)\s+confuse\s+(?:it|this|them)\s+with\b|"
    r"(?:it|this|the\s+[a-z]+)\s+(?:does\s+not|doesn't|is\s+not|isn't)\s+[^.!?\n,]{0,40}\b" + QUALIFYING_ADVERB
    + r"\b[^.!?\n,]{0,20},\s*though\b|"
    r"(?:it|this|the\s+[a-z]+)\s+(?:is|becomes)\s+(?:also\s+)?(?:a|an)\s+[a-z-]+\s+(?:only\s+|"
    r"exactly\s+)?(?:when|if|whenever|iff)\s)(?![^\n]*\b(?:wait|actually|answer|mistake|wrong|correct\w*|so|thus|hence|therefore)\b)"
    r"[^\n]*$", re.I)


def _closing_line(response: str) -> str | None:
    """The last line of a response (after its reasoning block, when it has one), or None: a reasoning block never
    closed, a last line too long to be a closing statement."""
    if "<think>" in response and "</think>" not in response:
        return None
    text = response.rsplit("</think>", 1)[-1]
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines and len(lines[-1]) <= 400 else None


# a closing line asking its own question, then answering it: "So, is the sequence unbounded? **Yes** — ..."
_OWN_QUESTION = lazy_compile(r"[?？][*\s]*+(?i:yes|no)\b")
# a Chinese verdict with its reason in brackets: "不是（不可数）"
_CJK_EXPLAINED_VERDICT = lazy_compile(r"\s*(?P<verdict>是|不是|否)\s*（[^（）]{1,60}）\s*。?\s*")


def described_by_closing(response: str, gold: str, extracted: str | None, question: str | None,
                         how: str | None = None) -> bool:
    """Does the response's closing sentence give the text answer ``gold``? (``response`` as the reader reads it: up to
    a question it invents after answering, :func:`.locate.before_new_question`.)

    - It describes what the gold describes (a set of integers, a shape, a winner), and the answer read from the
      response (``extracted``, or none) is part of that sentence: "Thus the locus of $P$ is a circle centred at $M$
      with radius $2$." answers "A circle", though the value read from it is the radius.
    - Or it states the gold's claim or description in words alone ("The equation has no integer solutions." for "No
      solution", "So the function is odd." after a box taken back), when the answer was read from prose before it
      (``how`` "prose") or not at all: a closing sentence without maths left the reader to take a value from an
      earlier one.
    - Or, when no answer was read, its last clause (after a colon, a semicolon, ", and", ", so") describes the gold,
      the sentence supposing, hedging and denying nothing ("...: the fixed point is the focus, and the locus is a
      parabola.").
    - Or it names the winner a yes/no question asks about (:func:`winner_answers`)."""
    sentence = closing_sentence(response)
    if sentence is None or narrower_scope(sentence, question):
        return False  # (a verdict for fewer cases than asked: "Yes, for every nonempty set.")
    if _OWN_QUESTION.search(_closing_line(response) or ""):
        return False  # ("So, is the sequence unbounded? **Yes** — ...": a verdict on its own question, as read)
    explained = _CJK_EXPLAINED_VERDICT.fullmatch(gold) if question and "（" in gold else None
    if explained:
        gold = explained.group("verdict")  # "不是（不可数）" to "……是可数集吗？": the verdict answers, the bracket explains
    said = claim(gold) if question and "吗" in question[-6:] else None
    restated = restates_cjk_question(sentence, question) if said is not None and said[0] == "yes" else None
    if restated is not None:
        return restated == said[1]  # "正方形一定不是菱形。" to "正方形一定是菱形吗？": the statement denied, no
    if _CJK_ONLY.fullmatch(_plain(gold)) and how in (None, "prose"):
        verdict_word = _plain(gold) in ("是", "是的", "不是", "否")
        property_asked = CJK_ASKED_WORD.search(question or "") if verdict_word else None
        asked = (property_asked.group("word") or property_asked.group("word2")) if property_asked else None
        # "配方得 ...，所以该方程不表示任何图形。": the clause after the last conclusion word states the gold's words
        for tail in (_CJK_CONCLUSION.split(sentence)[-1], re.split("[，,；;]", sentence)[-1]):
            at = tail.find(_plain(gold))
            if at >= 0 and verdict_word and (asked is None or not tail.startswith(asked, at + len(_plain(gold)))):
                continue  # "所以幂集不是有限集。" to "……是可数集吗？": 不是 said of another property than the one asked
            if at >= 0 and not _MATH_OR_DIGIT.search(tail, at) and not re.search("不|非|没有|无", tail[:at]) \
                    and not _CJK_HEDGE.search(tail) and not _CJK_SUPPOSES.search(sentence) \
                    and not re.search("不成立|错误|错的|不对|不正确|不是|并非", tail[at + len(_plain(gold)):]):
                return True  # (maths before the words is their subject: "故 $\\triangle ABC$ 为等腰三角形")
    in_words = how in (None, "prose") and not _MATH_OR_DIGIT.search(sentence) and len(sentence.split()) <= 20
    if (not extracted or extracted.strip("$ ") in sentence or in_words) and \
            same_description(gold, sentence, question) is True:
        return True
    clause = _LAST_CLAUSE.split(sentence)[-1]
    if how is None and clause != sentence and not _MATH_OR_DIGIT.search(clause) and len(clause.split()) <= 12 \
            and not _SUPPOSED_CLAUSE.search(sentence) and same_description(gold, clause, question) is True:
        return True  # "...: the fixed point is the focus, the line the directrix, and the locus is a parabola."
    worded = _NAMED_DOMAIN.sub("", _NAME_ONLY.sub("it", sentence)) if "$" in sentence and not re.search(r"[;(,$]", gold) \
        else sentence  # (a gold of one claim: not "Converges (to $e$); increasing", whose parts a claim does not answer)
    in_words = in_words or (how in (None, "prose") and not _MATH_OR_DIGIT.search(worded) and len(worded.split()) <= 20)
    # (maths naming only the subject or where it ranges: "Therefore $f$ has no minimum on $(0,\infty)$.")
    if in_words and claim(gold) is not None and none_of_asked_kind(worded, question):
        # "So no continuous function with this property exists." to "... a continuous function ...?": none exists
        return claim(gold) in (("yes", False), ("exist", False))
    if in_words and claim(gold) is not None and claim(worded) is not None and same_meaning(gold, worded) is True \
            and can_be_by_frequency(worded, question) is None:
        return True  # (not "... is sometimes a perfect square" to "Can ... be a perfect square?": that says it can)
    return how in (None, "prose") and winner_answers(gold, sentence, question)


# a hedge in Chinese: "所以数列可能收敛也可能发散" states neither, "只能说在检验过的范围内不存在，无法确定一般情况" nothing
_CJK_HEDGE = lazy_compile("可能|也许|或许|或者|还是|大概|不确定|(?:无法|不能|难以)(?:确定|判断|断定)|只能说")
# a Chinese sentence supposing another case ("若把 $\\ge$ 改成 $>$，则恒成立"): what it concludes is not the answer
_CJK_SUPPOSES = lazy_compile("若(?!干)|如果|假如|假设|倘若|要是")
_SUPPOSING = lazy_compile(r"(?i)\b(?:suppose|supposing|assume|assuming|if|were|would)\b")
# a yes/no question asking whether one player wins: "does the first player have a winning strategy?"
_ASKS_WINS = lazy_compile(r"\b(?i:does|do|can|will)\s+" + _WHO
                          + r"\s+(?:have\s+a\s+winning\s+strategy|(?:always\s+)?win|force\s+a\s+win)\b")


def winner_answers(gold: str, sentence: str, question: str | None) -> bool:
    """Does ``sentence`` answer the yes/no ``gold`` to a question asking whether a player wins ("In Nim with heaps 3,
    5 and 6, does the first player have a winning strategy?"), by naming the winner ("so the win belongs to the
    second player." is No)?"""
    said = claim(gold)
    asked = _ASKS_WINS.search(question) if question and said is not None and said[0] == "yes" else None
    if asked is None or OTHER_ORDER.search(question) or _SUPPOSING.search(sentence):
        return False  # ("If Bob moved first instead, can Alice force a win?", "Suppose the first player wins.")
    players = _players(question)
    who, won = _who(asked, players), winner(sentence, question)
    return who is not None and won is not None and same_winner(who, won) == said[1]


# what makes a sentence's last clause supposed, hedged or denied rather than stated (searched in the whole sentence): "a square would additionally require ...",
# "a parabola or a hyperbola, depending on ...", "when the directrix is horizontal", "a parabola is ruled out"
_SUPPOSED_CLAUSE = lazy_compile(r"(?i)\b(?:would|could|might|may|if|when|unless|or|depend\w*|not|no|never|ruled?\s+out|"
                                r"neither|nor|suppose\w*|assum\w*)\b|n't\b")
# where a sentence's last clause starts: after a colon or a semicolon, or a comma and a joining word
_LAST_CLAUSE = lazy_compile(r"[:;]\s+|,\s*(?:and|so|thus|hence)\s+")
_MATH_OR_DIGIT = lazy_compile(r"[$\d\\]")
# maths that only names a subject ("$f$", "$H_n$", "$f(x)$") or where it ranges, after "on", "for", "over", "in" ("on
# $(0,\infty)$", "for $n \ge 2$"): read as words, a claim said of it is said in words
_NAME_ONLY = lazy_compile(r"\$\s*+[A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?(?:\([a-z]\))?\s*+\$")
_NAMED_DOMAIN = lazy_compile(r"\s++(?:on|over|in|for)\s++(?:all\s++|every\s++|each\s++)?\$[^$]{1,40}\$(?=\s*+(?:[.!,;:]|$))")
_CJK_ONLY = lazy_compile(r"[\u4e00-\u9fff]{2,20}")
_CJK_CONCLUSION = lazy_compile(r"所以|因此|故|从而|于是|综上")
