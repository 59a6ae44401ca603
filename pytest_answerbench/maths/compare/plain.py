"""Plain numbers and text answers, compared without SymPy: exact rationals (digit groups, mixed numbers), a
tolerance, percent and degree readings, numbers in words, and text (case, markup and articles ignored)."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

from ...text.patterns import lazy_compile
from ..meaning import (CONCLUDING_LEAD, DOUBTED, alternative_named, answers_question, asks_yes_no, can_be_by_frequency,
                       claim, contradicts_verdict, keeps_qualifiers, names_loser, none_of_asked_kind, restates_cjk_question,
                       same_meaning,
                       states_draw, winner_named, may_name_winner, PLAYERS,
                       states_asked_property)
from ..described import offered_stance
from ..extract import dollar_formulas, formula_key
from ..normalize import Item, is_thousands, number_words, text_key
from .aliases import asked_question
from .marks import celsius_shift, degrees_against_radians, unit_scale


_NUM = lazy_compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")  # unambiguous: linear on long digit runs
REL_EPS = 1e-20  # values are evaluated to 30 digits
_LEADING_VERDICT = lazy_compile(r"(?i)\W*(?:so\s+|thus\s+|hence\s+)?(yes|no|是的?|否|不是)\s*[,，:;]")
# a verdict with its reason in brackets: "Yes (it converges conditionally)", "No (it diverges)", "不是（不可数）"
_EXPLAINED_VERDICT = lazy_compile(r"(?i)(?P<verdict>yes|no|是|不是|否)\s*[(（](?P<reason>[^()（）]{2,200})[)）]\s*[.。]?")
_ARTICLES = lazy_compile(r"\b(?:a|an|the)\b\s*")
_PREDICATE = lazy_compile(r".*\s(?:is|are|was|were|ends?\s+in|results?\s+in)\s+(.+)$")  # ("the game always ends in a draw")


def states_open(gold: str, pred: str) -> bool:
    """Does ``pred`` say the question is open ("..., but no proof is known", "remains open") where the gold says so
    ("unknown (open problem)")?"""
    said = _OPEN_SAID.search(pred) if _OPEN_GOLD.search(gold) else None
    return said is not None and not _OPEN_DENIED.search(pred, max(0, said.start() - 16), said.start()) \
        and not _SETTLED.search(pred)


# an exact count of what is asked about, stated: "There is exactly one such prime", "Exactly one such triple exists",
# "there are only two such pairs" (not "at least one", "more than one")
EXACT_COUNT = lazy_compile(r"(?i)\b(?:exactly|only|precisely)\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+"
                           r"(?:such\s+)?[a-z]+")


# where a claim closes on the place the question asks about: "over $\mathbb{Q}$", "in the integers"
_PLACE_END = lazy_compile(r"\s+(?:over|in)\s+(?P<place>\$[^$]{1,30}\$?|the\s+(?:integers|rationals|reals|complex\s+numbers)|"
                          r"\\mathbb\s*\{?[A-Z]\}?)\s*[.!]?\s*$")  # (the closing dollar may be gone with the answer's)


_PLACE_LETTERS = {"theintegers": "Z", "therationals": "Q", "thereals": "R", "thecomplexnumbers": "C"}
_DOUBLE_STRUCK = {"Z": "ℤ", "Q": "ℚ", "R": "ℝ", "C": "ℂ"}
_BLACKBOARD = lazy_compile(r"\\mathbb\s*\{?\s*([ZQRC])\s*\}?")


def _asked_place(place: str, question: str | None) -> bool:
    """Does ``question`` name the place ``place``: the same formula ("$\\mathbb{Q}$", "$\\mathbb Q$"), or the
    number set its words name ("the rationals" for $\\mathbb{Q}$ or ℚ, and the words for the formula)?"""
    if not question:
        return False
    bare = place.strip("$ ")
    letter = _PLACE_LETTERS.get(bare.replace(" ", "").lower()) or _BLACKBOARD.fullmatch(bare) and _BLACKBOARD.fullmatch(
        bare).group(1)
    if letter:
        words = [w for w, set_letter in _PLACE_LETTERS.items() if set_letter == letter]
        return re.search(r"\\mathbb\s*\{?\s*%s\s*\}?|%s" % (letter, _DOUBLE_STRUCK[letter]), question) is not None \
            or any(w[3:] in question.lower() for w in words)
    return formula_key(bare) in dollar_formulas(question)


def texts_equal(gt: str, pt: str) -> bool:
    """Text answers: the same words ignoring case, markup and articles; else, to a question offering two alternatives,
    the same one chosen ("绝对收敛" is not "条件收敛", though both claim convergence); else the same claim by meaning
    (:func:`..meaning.same_meaning`: "Hence it is possible." is Yes, "Not necessarily." is No); else by what the
    row's question asks (:func:`..meaning.answers_question`: "It is composite." is No to "Is N prime?"); else a short
    sentence stating the other answer as its predicate ("The set is infinite" / "infinite"; "is not infinite" is
    not)."""
    placed = _PLACE_END.search(pt) if " over " in pt or " in " in pt else None
    if placed and placed.start() > 0 and _asked_place(placed.group("place"), asked_question()):
        pt = pt[:placed.start()]  # "$x^4+1$ is irreducible over $\mathbb{Q}$" to "... irreducible over $\mathbb{Q}$?"
    g, p = (_ARTICLES.sub("", text_key(t)).strip() for t in (gt, pt))
    if not g or not p:
        return same_meaning(gt, pt) is True  # "\\infty" (no words) for "infinitely many"
    if g == p or american(g) == american(p) or _SAINT.sub("saint", g) == _SAINT.sub("saint", p):
        return True  # ("orthocentre" is "orthocenter", "colour" "color", "St Petersburg" "Saint Petersburg")
    if states_open(gt, pt):
        return True  # "It is believed there are infinitely many such primes, but no proof is known." for "unknown"
    question = asked_question()
    if question and _ASKS_ABSOLUTE.search(question) and _CONDITIONAL.search(pt) and "absolut" not in pt.lower() \
            and claim(gt) is not None and claim(gt)[0] == "yes":
        # "So the convergence is only conditional." to "Does ... converge absolutely?": no
        return claim(gt)[1] is False
    labelled = _WINNER_LABEL.fullmatch(pt.strip()) if "inner" in pt else None
    if labelled and texts_equal(gt, labelled.group("name")):
        return True  # "Winner: **Alice** (the first player)." for "Alice"
    if rejecting_others(gt, pt):
        return True  # "St Petersburg, not Berlin or Basel": the answer, then the alternatives it rejects
    question = asked_question()
    stances = (offered_stance(gt, question), offered_stance(pt, question)) if question and " or " in question else ()
    if stances and None not in stances:
        return stances[0] == stances[1]  # "injective, not surjective" is "Injective but not surjective"
    verdict_asked = claim(gt) if question and "吗" in question[-6:] else None
    restated = restates_cjk_question(pt, question) if verdict_asked is not None and verdict_asked[0] == "yes" else None
    if restated is not None:
        # "结论：正方形一定是菱形（但反之不成立……）。" to "正方形一定是菱形吗？": the question's statement said again is yes,
        # denied with one 不 ("一定不是", "不一定是") no
        return restated == verdict_asked[1]
    explained = _EXPLAINED_VERDICT.fullmatch(gt.strip()) if question and ("(" in gt or "（" in gt) else None
    if explained and asks_yes_no(question):
        # "Yes (it converges conditionally)" to "Does the integral converge?": the verdict answers, its reason in
        # brackets explains; a reply saying the verdict ("Hence the integral converges.") is right unless it states
        # the reason's claim the other way or with a qualifier the reason does not make ("converges absolutely")
        reason, said = claim(explained.group("reason")), claim(pt)
        if said is not None and reason is not None and said[0] == reason[0] and (
                said[1] != reason[1] or not keeps_qualifiers(pt, explained.group("reason"))):
            return False
        return texts_equal(explained.group("verdict"), pt)
    verdict = _LEADING_VERDICT.match(pt) if question else None
    if verdict and contradicts_verdict(verdict.group(1), pt[verdict.end():], question):
        return False  # "Yes, it diverges." to "Does the series converge?": the verdict and its claim disagree
    winner = winner_answers(gt, pt, question)
    if winner is not None:
        return winner  # "So with correct play Bob loses." is Alice
    if question and ("还是" in question or " or " in question):
        chosen, said = alternative_named(gt, question), alternative_named(pt, question)
        if chosen is not None and said is not None:
            return chosen == said  # "绝对收敛" is not "条件收敛" to "是绝对收敛还是条件收敛？", both converging
    if states_draw(gt) and states_draw(pt):
        return True  # "tic-tac-toe always ends in a draw — nobody wins" for "Draw"
    counted = EXACT_COUNT.search(pt) if claim(gt) in (("infinite", False), ("infinite", True)) else None
    if counted is not None and not DOUBTED.search(pt) and claim(pt) in (None, ("exist", True)):
        # "There is exactly one such prime, namely 3." for "finitely many": a count is finitely many
        return claim(gt) == ("infinite", False)
    verdict = claim(gt)
    can_be = can_be_by_frequency(pt, question) if verdict is not None and verdict[0] == "yes" else None
    if can_be is not None:
        return can_be and verdict[1]  # "... is sometimes a perfect square" to "Can ... be a perfect square?": yes
    if verdict is not None and verdict[0] in ("yes", "exist") and none_of_asked_kind(pt, question):
        # "So no continuous function with this property exists." to "Does there exist a continuous function ...?": the
        # kind asked, none of it (of a kind the question does not ask, a narrower class: no answer to it)
        return verdict[1] is False
    meaning = same_meaning(gt, pt)
    if meaning is not None and question and _claims_other_than_asked(gt, pt, question):
        # "... cannot be factored over ℚ, so x⁴+4 is irreducible" to "Is x⁴+4 irreducible?": the property asked,
        # stated, answers; not the possibility the reason denies
        answered = answers_question(gt, pt, question)
        if answered is not None:
            return answered
    if meaning is not None:
        return meaning  # "Hence it is possible." is Yes; "finitely many" is not "infinitely many"
    answered = answers_question(gt, pt, question)
    if answered is not None:
        return answered  # "It is composite." is No to "Is N prime?"; "the first player" when Alice moves first
    for sentence, word in ((g, _CONTRACTED_IS.sub(r"\1 is", p)), (_CONTRACTED_IS.sub(r"\1 is", p), g)):
        predicate = _PREDICATE.match(sentence)
        if predicate and len(sentence.split()) <= 12 and predicate.group(1).strip() == word \
                and not names_loser(sentence, word):
            return True
    return False


def rejecting_others(gt: str, pt: str) -> bool:
    """Is ``pt`` the text answer ``gt``, then the alternatives it rejects ("St Petersburg, not Berlin or Basel" for
    "Saint Petersburg"; not when the gold itself says "not": "Injective but not surjective")?"""
    if ", not " not in pt or re.search(r"\bnot\b|n't\b", gt.lower()) or re.search(r"[\d$\\]", pt):
        return False
    rejected = _REJECTED_AFTER.fullmatch(pt.strip().rstrip(".!"))
    return bool(rejected) and texts_equal(gt, rejected.group("head"))


def american(words: str) -> str:
    """``words`` in American spelling where British differs only in an ending: "centre" -> "center", "colour" ->
    "color" (long words only: not "four")."""
    return _OUR.sub("or", _TRE.sub("ter", words))


# a winner named after a label: "Winner: **Alice** (the first player).", "The winner is Bob."
_WINNER_LABEL = lazy_compile(r"(?i)(?:the\s+)?winner\s*(?::|is)\s*(?:\*\*)?(?P<name>[A-Za-z][A-Za-z ]{0,30}?)(?:\*\*)?"
                             r"\s*(?:\((?:the\s+)?(?:first|second)\s+player\))?\s*[.!]?")
_CONTRACTED_IS = lazy_compile(r"\b(that|it|this|here|there|what)\s+s\b")  # "that's" as the key writes it: "that s"
_SAINT = lazy_compile(r"\bst\b(?=\s+[a-z])")
# an answer, then the alternatives it rejects: "St Petersburg, not Berlin or Basel"
_REJECTED_AFTER = lazy_compile(r"(?s)(?P<head>[^,;]{1,60}?),\s*not\s+[^,;]{1,60}")
_TRE = lazy_compile(r"(?<=[a-z]{3})tre\b")
_OUR = lazy_compile(r"(?<=[a-z]{3})our\b")


def winner_answers(gt: str, pt: str, question: str | None) -> bool | None:
    """Is the gold ``gt`` (a player, by name or by turn) the winner ``pt`` names by naming the loser or naming the
    winner twice (:func:`..meaning.winner_named`)? None when ``pt`` names no such winner or the gold is no player."""
    winner = winner_named(pt, question) if question and may_name_winner(pt) else None
    if winner is None:
        return None
    gold = _ARTICLES.sub("", text_key(gt)).strip()
    players = PLAYERS.search(question or "")
    known = set(winner) | {"first player", "second player"} | ({n.lower() for n in players.groups()} if players else set())
    return gold in winner if gold in known else None


def _claims_other_than_asked(gt: str, pt: str, question: str) -> bool:
    """Is ``gt`` a yes or no, and ``pt`` a claim of another family (possible, exists, ...) that also states the
    property the yes/no ``question`` asks?"""
    g, p = claim(gt), claim(pt)
    if g is None or g[0] != "yes" or p is None or p[0] == "yes":
        return False
    parts = _CONCLUSION_WORD.split(pt.rstrip(" .。"))
    last = parts[-1]  # (the conclusion states the property: not "any prime factor q")
    return len(parts) > 1 and not _ANOTHER_CASE.search(last) and not DOUBTED.search(last) \
        and claim(last) is None and states_asked_property(last, question)


#: what opens a sentence's conclusion
_CONCLUSION_WORD = lazy_compile(r"\b(?:so|hence|thus|therefore)\b")
#: a conclusion on another case: modulo a prime, restricted to a set, set beside another object, merely tempting
_ANOTHER_CASE = lazy_compile(r"(?i)\b(?:mod|modulo|restricted|restrict\w*|whereas|while|unlike|tempting|except|when|"
                             r"if|unless|only)\b|[,;:]")


def is_plain_number(text: str) -> bool:
    return plain_number(text) is not None


def plain_number(text: str):
    from fractions import Fraction

    t = text.replace(" ", "")
    if is_thousands(t):
        t = t.replace(",", "")
    if _NUM.fullmatch(t):
        try:
            return Fraction(t)
        except (ValueError, ZeroDivisionError, OverflowError):
            return None
    m = re.fullmatch(r"(-?)(\d+)\s*\\frac\{(\d+)\}\{(\d+)\}", text.strip())
    if m and int(m.group(3)) < int(m.group(4)) and int(m.group(4)):  # mixed number 2\frac{1}{2}
        whole = Fraction(int(m.group(2))) + Fraction(int(m.group(3)), int(m.group(4)))
        return -whole if m.group(1) else whole
    m = re.fullmatch(r"(-?)(\d+)\s+(\d+)/(\d+)", text.strip())
    if m and int(m.group(3)) < int(m.group(4)):  # 2 1/2
        whole = Fraction(int(m.group(2))) + Fraction(int(m.group(3)), int(m.group(4)))
        return -whole if m.group(1) else whole
    return None


_NOUN_AFTER = lazy_compile(r"(-?\d+(?:\.\d+)?)\s+([A-Za-z]+(?:\s+[A-Za-z]+){0,2})")
# a numeral in scientific notation before its noun: "6 \times 10^{23} atoms", "10^{10} photons"
_POWER_NOUN = lazy_compile(r"(?:(-?\d+(?:\.\d+)?)\s*(?:\\times|\\cdot|×)\s*)?10\s*\^\s*(?:\{\s*(-?\d{1,3})\s*\}|(-?\d))"
                           r"\s+([A-Za-z]+(?:\s+[A-Za-z]+){0,2})")
_NOT_A_NOUN = {"or", "and", "more", "less", "than", "at", "least", "most", "times", "plus", "minus", "over"}


def spelled_number(text: str):
    """The number a text answer states: in words (:func:`.normalize.number_words`), or a numeral followed by
    its noun (``12 games``, ``6 \\times 10^{23} atoms``); None otherwise."""
    m = _NOUN_AFTER.fullmatch(text.strip())
    if m and not set(m.group(2).lower().split()) & _NOT_A_NOUN:
        return plain_number(m.group(1))
    m = _POWER_NOUN.fullmatch(text.strip()) if "10" in text else None
    if m and not set(m.group(4).lower().split()) & _NOT_A_NOUN:
        from fractions import Fraction

        return Fraction(m.group(1) or 1) * Fraction(10) ** int(m.group(2) or m.group(3))
    return number_words(text)


# a multiple of pi in words, maybe after its subject: "pi over four", "three pi over two", "The probability is pi
# over four" (the words of the multiple and of the divisor read by number_words)
_PI_IN_WORDS = lazy_compile(r"(?i)\s*+(?:(?:the\s++)?(?:answer|probability|value|result|angle|ratio|area|chance)\s++"
                            r"(?:is|equals)\s++)?(?:(?P<n>[a-z]+(?:[\s-][a-z]+)?)\s++)?pi(?:\s++(?:over|divided\s++by)\s++"
                            r"(?P<d>[a-z]+(?:[\s-][a-z]+)?))?\s*+\.?\s*+")


def pi_in_words(text: str) -> str | None:
    """A multiple of pi written in words, as LaTeX ("pi over four" -> ``\\frac{1\\pi}{4}``), or None."""
    m = _PI_IN_WORDS.fullmatch(text) if "pi" in text.lower() else None
    if m is None:
        return None
    n, d = (_number_only(m.group(g)) if m.group(g) else 1 for g in ("n", "d"))
    if n is None or d is None or not d:
        return None
    return f"\\frac{{{n}\\pi}}{{{d}}}"


_COMPARATIVES = "larger|greater|bigger|smaller|less|lesser|more"
# "Which is larger, $2^{100}$ or $3^{60}$?": the question asks which of two is the larger
#: a question asking which of two is the larger or the smaller: "Which is larger, $2^{100}$ or $3^{63}$?"
ASKS_WHICH_MORE = lazy_compile(r"(?i)\bwhich\s+(?:one\s+|number\s+)?is\s+(?:the\s+)?(?P<word>%s)\b" % _COMPARATIVES)
# a question asking whether a series converges absolutely, and a reply calling its convergence conditional
_ASKS_ABSOLUTE = lazy_compile(r"(?i)\bconverges?\s+absolutely\b|\babsolutely\s+convergent\b")
_CONDITIONAL = lazy_compile(r"(?i)\bconditional(?:ly)?\b")
# a gold saying the question is open: "unknown (open problem)", "Open problem", "unsolved"
_OPEN_GOLD = lazy_compile(r"(?i)\b(?:unknown|open\s+(?:problem|question)|unsolved|unresolved)\b")
# a reply saying so: "no proof is known", "remains open", "an open problem", "it is not known whether ..."
_OPEN_SAID = lazy_compile(r"(?i)\b(?:open\s+(?:problem|question)|unsolved|unresolved|no\s+proof\s+is\s+known|"
                          r"(?:is|remains)\s+(?:still\s+)?(?:open|unknown)|(?:is\s+)?not\s+(?:yet\s+)?known\s+whether)\b")
# the openness denied ("This is not an open problem", "no longer open"), or a question settled in the reply
_OPEN_DENIED = lazy_compile(r"(?i)\b(?:not|no\s+longer|never)\s+(?:an?\s+)?$")
_SETTLED = lazy_compile(r"(?i)\b(?:certainly|definitely|proved|proven|was\s+shown|has\s+been\s+shown|settled|resolved)\b")
# the comparatives of "less" (the others say "more")
_LESS = frozenset({"smaller", "less", "lesser", "fewer", "lower", "shorter"})
# the two formulas a question offers: "$2^{100}$ or $3^{63}$"
TWO_FORMULAS_OFFERED = lazy_compile(r"\$([^$]{1,60})\$\s*,?\s*or\s*\$([^$]{1,60})\$")
# "$2^{100}$ is larger.", "$2^{100}$ is the larger one", "so $2^{100}$ is greater"
_NAMED_MORE = lazy_compile(CONCLUDING_LEAD + r"(?P<subject>[^\s].{0,60}?)\s++is\s++(?:the\s++)?"
                           r"(?P<word>%s)(?:\s++(?:one|number))?(?:\s++of\s++the\s++two(?:\s++[a-z]{3,12})?)?\s*+[.!]?\s*+"
                           % _COMPARATIVES)


# two expressions and a strict inequality between them: "2^{300} < 3^{200}"
_STRICT_INEQUALITY = lazy_compile(r"\s*(?P<a>[^<>=]{1,60}?)\s*(?P<op><|>|\\lt|\\gt|\\ll|\\gg)(?![=])\s*(?P<b>[^<>=]{1,60}?)\s*")


def chosen_of_two(text: str, question: str | None) -> str | None:
    """The subject a sentence names as the larger (or smaller) when the question asks which of two is, in the same
    word ("$2^{100}$ is larger." to "Which is larger, $2^{100}$ or $3^{60}$?"); None otherwise ("is not larger",
    another word, or a question asking no such thing)."""
    asked = ASKS_WHICH_MORE.search(question) if question and "which" in question.lower() else None
    compared = _STRICT_INEQUALITY.fullmatch(text.replace("$", "").strip().rstrip(".")) if asked else None
    if compared:
        # "$2^{300} < 3^{200}$" to "Which is larger: $2^{300}$ or $3^{200}$?": the side the inequality opens to
        sides = [compared.group("a").strip(), compared.group("b").strip()]
        written = dollar_formulas(question)
        if all(formula_key(side) in written for side in sides) and sides[0] != sides[1]:
            less_first = compared.group("op") in ("<", "\\lt", "\\ll")
            want_larger = asked.group("word").lower() in ("larger", "greater", "bigger", "more")
            return sides[1] if less_first == want_larger else sides[0]
    if asked and re.search(r",\s*and\s+|;\s*", text):
        # "Thus $\pi^e$ is the smaller one, and $e^{\pi}$ is larger.": the last clause naming one so
        text = re.split(r",\s*and\s+|;\s*", text)[-1].strip()
    m = _NAMED_MORE.fullmatch(text) if asked else None
    if m is None or re.search(r"(?i)\b(?:not|no|never|neither|nor|or|and)\b|n't\b", m.group("subject")):
        return None
    said, wanted = m.group("word").lower(), asked.group("word").lower()
    if said == wanted:
        return m.group("subject").strip().strip("$").strip()
    pair = TWO_FORMULAS_OFFERED.search(question)
    if pair and (said in _LESS) != (wanted in _LESS):
        # "So $3^{63}$ is the smaller of the two numbers." to "Which is larger: $2^{100}$ or $3^{63}$?": the other one
        subject = formula_key(m.group("subject").strip().strip("$"))
        offered = [pair.group(1), pair.group(2)]
        keys = [formula_key(x) for x in offered]
        if subject in keys and keys[0] != keys[1]:
            return offered[1 - keys.index(subject)].strip()
    return None


def _number_only(words: str):
    """The number ``words`` state when each of them is a number word ("twenty five"; not "four squared")."""
    if any(number_words(w) is None for w in re.split(r"[\s-]+", words.strip())):
        return None
    return number_words(words)


def numbers_equal(gv, pv, g: Item, p: Item, tol: float | None) -> bool:
    """Exact rationals (or within ``tol``), trying the readings percent / degree marks allow."""
    import math

    shift = celsius_shift(g, p)
    if shift is not None:
        # "5520 °C" for a gold in kelvin (5793.15 K): a shift between the scales, and no angle in degrees
        return numbers_equal(gv, pv + shift, replace(g, degree=False, unit=""), replace(p, degree=False, unit=""), tol)
    scale = unit_scale(g, p)
    if scale is None:
        return False
    pv = pv * scale
    candidates = [] if degrees_against_radians(g, p) else [(gv, pv)]
    if p.percent and not g.percent:
        candidates.append((gv, pv / 100))
    if g.percent and not p.percent:
        candidates.append((gv / 100, pv))
    try:
        if p.degree != g.degree:
            # 30 degrees vs pi/6 given as a decimal: compare in radians as well.
            if p.degree:
                candidates.append((gv, float(pv) * math.pi / 180))
            else:
                candidates.append((float(gv) * math.pi / 180, pv))
    except OverflowError:  # a number beyond floats is no angle in radians
        pass
    for a, b in candidates:
        if a == b:
            return True
        if tol is None and not (isinstance(a, float) or isinstance(b, float)):
            continue
        try:
            diff = abs(a - b)  # exact between rationals (a float would overflow past 1e308)
            if tol is not None:
                if within_precision(diff, a, b, tol):
                    return True
            elif diff <= REL_EPS * max(1.0, abs(float(a))):
                return True
        except OverflowError:  # a float against a number beyond floats
            continue
    return False


_WORD = lazy_compile(r"(?<![\\a-zA-Z])[a-zA-Z]{2,}")
_MATH_WORDS = {"sin", "cos", "tan", "cot", "sec", "csc", "ln", "log", "exp", "sqrt", "pi", "arcsin", "arccos",
               "arctan", "sinh", "cosh", "tanh", "inf", "infinity", "lim", "max", "min", "gcd", "lcm", "mod"}


def _exact(value) -> bool:
    return isinstance(value, (int, Fraction)) or bool(getattr(value, "is_Rational", False))


def within_precision(diff, a, b, tol: float) -> bool:
    """``diff`` = |a - b| within a stated precision ``tol``. Between exact values (integers, fractions, SymPy
    rationals) the only slack is for ``tol``'s own float form, so huge integers stay exact; where a side is a float,
    the slack for its rounding is relative to the values (an absolute 1e-15 would swallow a 1e-16 J difference)."""
    bound = tol * (1 + 1e-9)
    if _exact(a) and _exact(b):
        return bool(diff <= bound)
    return bool(diff <= bound + 1e-15 * max(abs(a), abs(b)))


# an exponent holding maths (a fraction, a digit or an operator besides its letters): "^{-\\frac{Avt}{2V}}", "^{-kt}";
# its letters multiply. A fraction's arguments are read only inside such an exponent ("\\frac{heat}{mass}" stays words)
_EXPONENT = lazy_compile(r"\^\s*\{(?P<body>(?:[^{}]|\{[^{}]*\})*+)\}")
_MATHS_IN = lazy_compile(r"\\[dt]?frac|[\d+\-*/]")


def is_text(text: str) -> bool:
    """Words (two or more letters, not LaTeX commands or function names) make an answer text; letters in an
    exponent holding maths are a product of quantities (``e^{-\\frac{Avt}{2V}}``), never a word."""
    if "^" in text and "{" in text:
        text = _EXPONENT.sub(lambda m: " 1 " if _MATHS_IN.search(m.group("body")) and "\\text" not in m.group("body")
                             else m.group(0), text)
    words = [w for w in _WORD.findall(text) if w.lower() not in _MATH_WORDS]
    # A word of three or more letters with a vowel reads as prose ("impossible", "Alice"); "mgh" and "GMm"
    # are products of physical quantities.
    vowel = [w for w in words if re.search(r"[aeiouyAEIOUY]", w)]
    return any(len(w) >= 3 for w in vowel) or re.search(r"[\u4e00-\u9fff]", text) is not None or (
        bool(vowel) and not re.search(r"[\d\\^_=+\-*/]", text))
