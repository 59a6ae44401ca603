"""Answers that name a mathematical object under another of its names (the grading conventions, rule 10: text answers
match in meaning): the Torricelli point is the Fermat point, the circumcenter of the medial triangle the nine-point
center, a parallelogram with four equal sides a rhombus, $y = a\\cosh(x/a)$ the catenary, $D_3$ the symmetric group
$S_3$, $\\frac{1}{n+1}\\binom{2n}{n}$ the Catalan numbers, a doughnut-shaped surface the torus.

:func:`concept_verdict` decides only when the gold is one of the objects of the table below (:data:`CONCEPTS`),
written whole under one of its names, and the reply commits to exactly one object of the gold's family: in its box or
answer line when it has one, else in the last sentence of its closing paragraph that names one, where a clause that supposes, denies, compares or hedges
("if one pair were glued with a reversal you would get a Klein bottle", "not a square", "looks very much like a
parabola") names nothing. The longer name wins where two overlap ("circumcenter of the medial triangle" is the
nine-point center, not the circumcenter). :func:`line_verdict` reads a vertical or horizontal line named in words
("the vertical line through $(1, 0)$" for the gold $x = 1$). Nothing here evaluates text.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile

__all__ = ["CONCEPTS", "concept_of", "concept_verdict", "line_verdict"]

_CENTRE = r"cent(?:er|re)"
_OF_TRIANGLE = r"(?:\s+of\s+(?:the|a|an)\s+triangle)?"
_THREE = r"(?:three|3)"
_SUB3 = r"_?\{?3\}?"
_CHI_SQUARED = r"(?:chi|χ)[-\s]?squared?"
# a Platonic solid's name not qualified into another solid ("the rhombic dodecahedron", "a truncated icosahedron")
_PLAIN_SOLID = "".join(rf"(?<!{word}\s)" for word in ("rhombic", "truncated", "stellated", "snub", "great", "small",
                                                      "deltoidal", "pentagonal", "triakis", "pentakis", "tetrakis",
                                                      "elongated", "augmented", "compound", "hyper"))

#: family -> object -> its names (regular expressions over the lower-cased text, markup and dollars dropped)
CONCEPTS: dict[str, dict[str, tuple[str, ...]]] = {
    "triangle centre": {
        "fermat point": (r"fermat(?:'s)?\s+point", r"torricelli(?:'s)?\s+point", r"fermat[-–\s]+torricelli\s+point",
                         r"first\s+isogonic\s+" + _CENTRE, r"费马点"),
        "nine-point center": (r"nine[-\s]point\s+" + _CENTRE, _CENTRE + r"\s+of\s+the\s+nine[-\s]point\s+circle",
                              r"circumcent(?:er|re)\s+of\s+the\s+medial\s+triangle",
                              r"circumcent(?:er|re)\s+of\s+the\s+orthic\s+triangle", r"九点圆(?:的)?圆心"),
        "centroid": (r"centroid", r"barycent(?:er|re)", _CENTRE + r"\s+of\s+(?:mass|gravity)",
                     r"(?:intersection|meeting\s+point)\s+of\s+the\s+(?:three\s+)?medians", r"重心"),
        "incenter": (r"incent(?:er|re)", _CENTRE + r"\s+of\s+the\s+(?:incircle|inscribed\s+circle)",
                     r"(?:intersection|meeting\s+point)\s+of\s+the\s+(?:three\s+)?(?:internal\s+)?angle\s+bisectors",
                     r"内心"),
        "circumcenter": (r"circumcent(?:er|re)", _CENTRE + r"\s+of\s+the\s+(?:circumcircle|circumscribed\s+circle)",
                         r"(?:intersection|meeting\s+point)\s+of\s+the\s+(?:three\s+)?perpendicular\s+bisectors",
                         r"外心"),
        "orthocenter": (r"orthocent(?:er|re)", r"(?:intersection|meeting\s+point)\s+of\s+the\s+(?:three\s+)?altitudes",
                        r"垂心"),
        "symmedian point": (r"symmedian\s+point", r"lemoine(?:'s)?\s+point", r"grebe(?:'s)?\s+point"),
        "nagel point": (r"nagel(?:'s)?\s+point",),
        "gergonne point": (r"gergonne(?:'s)?\s+point",),
    },
    "quadrilateral": {
        "square": (r"square", r"(?:rhombus|rhombi)\s+(?:that|which)\s+(?:is|are)\s+also\s+(?:a\s+)?rectangles?",
                   r"rectangles?\s+(?:that|which)\s+(?:is|are)\s+also\s+(?:a\s+)?(?:rhombus|rhombi)",
                   r"rectangles?\s+with\s+(?:four|all)\s+(?:sides\s+equal|equal\s+sides)",
                   r"regular\s+quadrilateral", r"正方形"),
        "rhombus": (r"rhomb(?:us|i|uses)", r"diamond", r"equilateral\s+quadrilateral",
                    r"parallelograms?\s+(?:with|having|whose)\s+(?:perpendicular\s+diagonals\s+and\s+)?"
                    r"(?:four|all)\s+(?:sides\s+equal|equal\s+sides|sides\s+(?:are\s+)?(?:of\s+)?equal(?:\s+length)?)",
                    r"菱形"),
        "rectangle": (r"rectangles?", r"equiangular\s+quadrilateral",
                      r"parallelograms?\s+with\s+(?:a\s+right\s+angle|four\s+right\s+angles|equal\s+diagonals)",
                      r"矩形", r"长方形"),
        "parallelogram": (r"parallelograms?", r"平行四边形"),
        "kite": (r"kites?", r"deltoids?", r"筝形"),
        "trapezoid": (r"trapezoids?", r"trapezi(?:um|a|ums)", r"梯形"),
    },
    "curve": {
        "catenary": (r"catenary", r"hyperbolic\s+cosine", r"\\cosh", r"\bcosh\b", r"chainette", r"悬链线"),
        "cycloid": (r"cycloid", r"brachistochrone\s+curve", r"摆线", r"旋轮线"),
        "parabola": (r"parabola", r"parabolic\s+(?:arc|curve|path)", r"抛物线"),
        "circle": (r"circle", r"apollon(?:ius|ian)\s+circle", r"circle\s+of\s+apollonius"),
        "ellipse": (r"ellipse", r"椭圆"),
        "hyperbola": (r"hyperbola", r"双曲线"),
        "cardioid": (r"cardioid", r"心形线", r"心脏线"),
        "lemniscate": (r"lemniscate", r"双纽线"),
        "logarithmic spiral": (r"logarithmic\s+spiral", r"equiangular\s+spiral", r"spira\s+mirabilis"),
        "archimedean spiral": (r"archimedean\s+spiral", r"spiral\s+of\s+archimedes"),
        "helix": (r"helix", r"helical\s+(?:curve|path)"),
        "straight line": (r"straight\s+line", r"(?<![a-z])line(?!\s*(?:segment|s\b))"),
    },
    "surface": {
        "torus": (r"torus", r"tori", r"dough?nut(?:[-\s]shaped)?(?:\s+surface)?", r"donut(?:[-\s]shaped)?(?:\s+surface)?",
                  r"anchor\s+ring", r"s\^1\s*\\times\s*s\^1"),
        "klein bottle": (r"klein\s+bottle", r"克莱因瓶"),
        "mobius strip": (r"m(?:ö|o|oe)bius\s+(?:strip|band|loop)", r"莫比乌斯[带环]"),
        "sphere": (r"sphere", r"s\^2"),
        "projective plane": (r"(?:real\s+)?projective\s+plane", r"\\mathbb\{?r\}?p\^2", r"rp\^2"),
        "cylinder": (r"cylinder",),
        "cone": (r"cone",),
    },
    "group": {
        "symmetric group s3": (r"\bs" + _SUB3 + r"\b", r"symmetric\s+group\s+(?:on|of)\s+" + _THREE +
                               r"\s+(?:letters|elements|objects|symbols|points)",
                               r"symmetric\s+group\s+s" + _SUB3, r"\bd" + _SUB3 + r"\b",
                               r"dihedral\s+group\s+(?:of\s+order\s+6|d" + _SUB3 + r"|of\s+the\s+triangle)",
                               r"(?:symmetry\s+group|group\s+of\s+symmetries)\s+of\s+(?:an?\s+|the\s+)?equilateral"
                               r"\s+triangle", r"gl_?\{?2\}?\(\s*(?:\\mathbb\{?f\}?|f)_?\{?2\}?\s*\)"),
        "klein four-group": (r"klein\s+(?:four|4|vierer)[-\s]?group", r"\bv_?\{?4\}?\b", r"克莱因四元群",
                             r"(?:\\mathbb\{?z\}?|z)_?\{?2\}?\s*(?:\\times|×|\\oplus)\s*(?:\\mathbb\{?z\}?|z)_?\{?2\}?"),
        "quaternion group": (r"quaternion\s+group", r"\bq_?\{?8\}?\b"),
        "alternating group a4": (r"alternating\s+group\s+(?:a_?\{?4\}?|on\s+(?:four|4)\s+letters)", r"\ba_?\{?4\}?\b"),
    },
    "sequence": {
        "catalan numbers": (r"catalan(?:\s+numbers?|\s+sequence)?", r"\\frac\{1\}\{n\+1\}\\binom\{2n\}\{n\}",
                            r"\\binom\{2n\}\{n\}/\(n\+1\)", r"1,\s*(?:1,\s*)?2,\s*5,\s*14,\s*42", r"卡特兰数"),
        "fibonacci numbers": (r"fibonacci(?:\s+numbers?|\s+sequence)?", r"1,\s*1,\s*2,\s*3,\s*5,\s*8,\s*13",
                              r"斐波那契数列?"),
        "bell numbers": (r"bell\s+numbers?", r"1,\s*(?:1,\s*)?2,\s*5,\s*15,\s*52", r"贝尔数"),
        "triangular numbers": (r"triangular\s+numbers?", r"1,\s*3,\s*6,\s*10,\s*15", r"三角形数"),
        "derangement numbers": (r"derangements?(?:\s+numbers?)?", r"subfactorials?", r"错排数"),
    },
    "distribution": {
        "normal distribution": (r"normal(?:\s+distribution)?", r"gaussian(?:\s+distribution)?", r"bell\s+curve",
                                r"正态分布", r"高斯分布", r"\\sim\s*(?:\\mathcal\s*\{?n\}?|n)(?![a-z])"),
        "poisson distribution": (r"poisson(?:\s+distribution)?", r"泊松分布", r"\\sim\s*po(?:is(?:son)?)?(?![a-z])"),
        "binomial distribution": (r"binomial(?:\s+distribution)?", r"二项分布", r"\\sim\s*(?:bin|binom|b)(?![a-z])"),
        "geometric distribution": (r"geometric(?:\s+distribution)?", r"几何分布", r"\\sim\s*geom(?:etric)?(?![a-z])"),
        "exponential distribution": (r"exponential(?:\s+distribution)?", r"指数分布", r"\\sim\s*exp(?:onential)?(?![a-z])"),
        "uniform distribution": (r"uniform(?:\s+distribution)?", r"均匀分布", r"\\sim\s*(?:u|unif(?:orm)?)(?![a-z])"),
        # with its parameter k: "\chi^2_k", "chi-squared with k degrees of freedom" (not k - 1 degrees)
        "chi-squared distribution with k degrees of freedom": (
            _CHI_SQUARED + r"(?:\s+distribution)?\s*(?:,\s*|\s+with\s+)k\s+degrees\s+of\s+freedom",
            r"(?:\\chi|χ)\s*(?:\^\s*\{?2\}?\s*_\s*\{?k\}?|_\s*\{?k\}?\s*\^\s*\{?2\}?|\^\s*\{?2\}?\s*\(\s*k\s*\))(?![\w{(+\-'])",
            r"自由度为\s*k\s*的\s*(?:卡方|χ\s*\^?\s*\{?2\}?)\s*分布"),
        "chi-squared distribution": (_CHI_SQUARED + r"(?:\s+distribution)?", r"卡方分布"),
    },
    "polyhedron": {
        "tetrahedron": (_PLAIN_SOLID + r"(?:regular\s+)?tetrahedr(?:on|a)", r"triangular\s+pyramid"),
        "cube": (_PLAIN_SOLID + r"cubes?", _PLAIN_SOLID + r"(?:regular\s+)?hexahedr(?:on|a)"),
        "octahedron": (_PLAIN_SOLID + r"(?:regular\s+)?octahedr(?:on|a)",),
        "dodecahedron": (_PLAIN_SOLID + r"(?:regular\s+)?dodecahedr(?:on|a)",),
        "icosahedron": (_PLAIN_SOLID + r"(?:regular\s+)?icosahedr(?:on|a)",),
    },
    "principle": {
        "pigeonhole principle": (r"pigeon[-\s]?hole(?:\s+principle)?", r"dirichlet(?:'s)?\s+(?:box|drawer)\s+principle",
                                 r"box\s+principle", r"抽屉原理", r"鸽巢原理"),
        "intermediate value theorem": (r"intermediate\s+value\s+theorem", r"\bivt\b", r"bolzano(?:'s)?\s+theorem",
                                       r"介值定理"),
        "mean value theorem": (r"(?:lagrange(?:'s)?\s+)?mean\s+value\s+theorem", r"\bmvt\b", r"(?:拉格朗日)?中值定理"),
        "chinese remainder theorem": (r"chinese\s+remainder\s+theorem", r"\bcrt\b", r"中国剩余定理", r"孙子定理"),
        "am-gm inequality": (r"am[-–\s]?gm(?:\s+inequality)?", r"(?:inequality\s+of\s+)?arithmetic\s+and\s+geometric"
                             r"\s+means(?:\s+inequality)?", r"arithmetic[-\s]mean[-–\s]+geometric[-\s]mean\s+inequality"),
        "cauchy-schwarz inequality": (r"cauchy[-–\s]+(?:bunyakovsky[-–\s]+)?schwarz(?:\s+inequality)?",),
        "inclusion-exclusion principle": (r"(?:principle\s+of\s+)?inclusion[-–\s]+exclusion(?:\s+principle)?",
                                          r"sieve\s+(?:principle|formula)", r"容斥原理"),
        "fundamental theorem of arithmetic": (r"fundamental\s+theorem\s+of\s+arithmetic",
                                              r"unique(?:\s+prime)?\s+factori[sz]ation\s+theorem", r"算术基本定理"),
        "fundamental theorem of algebra": (r"fundamental\s+theorem\s+of\s+algebra", r"代数基本定理"),
        "fundamental theorem of calculus": (r"fundamental\s+theorem\s+of\s+calculus", r"newton[-–\s]+leibniz\s+"
                                            r"(?:formula|theorem)"),
        "divergence theorem": (r"divergence\s+theorem", r"gauss(?:'s)?\s+(?:divergence\s+)?theorem",
                               r"gauss[-–\s]+ostrogradsky\s+theorem", r"ostrogradsky(?:'s)?\s+theorem"),
        "banach fixed-point theorem": (r"banach(?:'s)?\s+fixed[-\s]point\s+theorem",
                                       r"contraction\s+mapping\s+(?:theorem|principle)"),
        "brouwer fixed-point theorem": (r"brouwer(?:'s)?\s+fixed[-\s]point\s+theorem",),
        "bezout's identity": (r"b[ée]zout(?:'s)?\s+(?:identity|lemma|theorem)",),
        "fermat's little theorem": (r"fermat(?:'s)?\s+little\s+theorem", r"\bflt\b", r"费马小定理"),
        "wilson's theorem": (r"wilson(?:'s)?\s+theorem", r"威尔逊定理"),
        "lagrange's theorem (groups)": (r"lagrange(?:'s)?\s+theorem(?:\s+(?:on|for|in)\s+(?:finite\s+)?groups)?",),
        "cayley-hamilton theorem": (r"cayley[-–\s]+hamilton(?:\s+theorem)?",),
        "rolle's theorem": (r"rolle(?:'s)?\s+theorem", r"罗尔定理"),
        "bolzano-weierstrass theorem": (r"bolzano[-–\s]+weierstrass(?:\s+theorem)?",),
        "heine-borel theorem": (r"heine[-–\s]+borel(?:\s+theorem)?",),
        "l'hopital's rule": (r"l'?\s*h[ôo]s?pital(?:'s)?\s+rule", r"bernoulli'?s\s+rule"),
    },
}

# what the table reads: markup, dollars and articles dropped, spaces single ("a doughnut-shaped surface")
_MARKUP = lazy_compile(r"\*\*|__|`|\\text(?:bf|it|rm)?\s*\{([^{}]*)\}|\\mathrm\s*\{([^{}]*)\}|\$")
_ARTICLE = lazy_compile(r"^(?:the|a|an)\s+")
# a clause that names nothing: it denies, compares, hedges or asks ("not a square", "looks like a parabola")
_UNFIRM = lazy_compile(r"\b(?:not|no|never|neither|nor|cannot|isn't|aren't|wasn't|doesn't|don't|like|likes|resembl\w*|"
                       r"guess\w*|tempt\w*|often|confus\w*|misconception\w*|mistaken\w*|"
                       r"similar|approximat\w*|unlike|except|whether|could|might|may|perhaps|maybe|probably|possibly|or|"
                       r"versus|vs|contrast|compared|than|wrong|incorrect|mistak\w*|either|degenerate|confused)\b|n't\b|\?|"
                       r"不|并非|而非|未必|像|类似|或者?|可能|也许|大概|如果|若|假如|吗|？")
# a clause that hedges: what it names is no commitment, and the sentence commits to none ("a parabola or a hyperbola,
# depending on orientation")
_HEDGED = lazy_compile(r"\b(?:or|either|perhaps|maybe|probably|possibly|might|could|depending|depends|whether)\b|\?|"
                       r"或者?|还是|可能|也许|大概|取决于|？")
_DENIED = lazy_compile(r"\b(?:not|no|never|neither|nor)\b|n't\b|不是|并非|而非")
# a clause that supposes: it and the clauses after it, to the end of the sentence or a semicolon, name nothing ("if
# the constant were 2 we would get ...", "with a difference instead of a sum, a hyperbola")
_SUPPOSES = lazy_compile(r"\b(?:if|would|were|unless|suppos\w*|assum\w*|instead|rather|otherwise|when|whenever|"
                         r"depending|depends)\b|如果|若|假如|假设|要是")
# where a clause ends, and where a supposition's reach ends
_CLAUSE_END = lazy_compile(r"[,:—–\n，：]|\s(?:but|while|whereas|which|whose|and\s+so)\s|而是|但是?")
_SEMICOLON = lazy_compile(r"[;；]")
# an aside in brackets (read apart), and what makes one hedge the answer ("Though it could equally be read as ...")
_ASIDE = lazy_compile(r"\([^()]{0,400}\)|（[^（）]{0,400}）")
_HEDGES = lazy_compile(r"\b(?:could|might|equally|alternatively|arguably|perhaps|maybe|possibly|or\s+rather)\b|"
                       r"说不定|没把握|不确定|可能|也许|或许")
# an aside that makes the object named into another: "(with its corners cut off, giving a regular octagon)"
_ASIDE_TURNS_INTO = lazy_compile(r"\b(?:giving|gives|becomes?|becoming|turns?\s+into|making)\b|变成|得到")
# a supposition said to hold: "as it does here", "which is the case"
_REALIZED = lazy_compile(r"\b(?:here|indeed|actually|in\s+this\s+case|in\s+fact|which\s+is\s+the\s+case|as\s+it\s+does)\b|"
                         r"本题|这里|此处|正是|恰好是|恰是")
# what a later sentence may not do: hedge, turn, correct, or say the object degenerates ("Note that if the constant
# equals $|F_1F_2|$, as it does here, the locus degenerates to the segment.")
_TURNS = lazy_compile(r"\b(?:could|might|equally|alternatively|arguably|perhaps|maybe|possibly|rather|wait|actually|"
                      r"however|but|slip\w*|mistak\w*|wrong|incorrect|error|correct\w*|instead|oops|degenerat\w*|"
                      r"here)\b|但是?|然而|不过|其实|等等|更正|错|退化|本题|这里|此处")
# a correction in the naming sentence itself, after a clause: "That's Brouwer's fixed point theorem, but actually the
# statement is Banach's."
_CORRECTED_IN = lazy_compile(r"[,;:—–]\s*(?:but\s+|no\s*,?\s+)?(?:actually|wait|on\s+second\s+thought|correction|i\s+was\s+wrong)\b",
                             re.I)
# a box or an answer line, and what it holds
_BOXED = lazy_compile(r"\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_ANSWER_LINE = lazy_compile(r"(?im)^[ \t>*#]*(?:final\s+answer|answer|答案|结论|答)\s*[:：]\s*(?:\*\*)?\s*(.+)$")
_SENTENCE_END = lazy_compile(r"(?<=[a-z0-9$)*_.!?。！？\u4e00-\u9fff])[.!?。！？]+(?:\s+|$)|\n+")
_READ = 1500


def _plain(text: str) -> str:
    text = _MARKUP.sub(lambda m: m.group(1) or m.group(2) or "", text)
    return re.sub(r"\s+", " ", text.replace("’", "'").lower()).strip()


#: family -> (object, one of its names as a pattern bounded by non-letters), compiled on first use
_NAMES = {family: [(concept, lazy_compile(r"(?<![a-z])(?:" + name + r")(?![a-z])"))
                   for concept, names in objects.items() for name in names]
          for family, objects in CONCEPTS.items()}
#: any name of any object: one pattern tried first (most golds are numbers or formulas)
_ANY_NAME = lazy_compile("|".join(f"(?:{name})" for objects in CONCEPTS.values() for names in objects.values()
                                  for name in names))


# a gold naming an object, then another of its names in brackets
_GLOSSED_GOLD = lazy_compile(r"(?P<name>[^()]{3,60}?)\s*\((?P<gloss>[^()]{1,60})\)")


def concept_of(gold: str) -> tuple[str, str] | None:
    """(family, object) of the table that ``gold`` names whole ("the Fermat point", "Catalan numbers", "the symmetric
    group $S_3$"; "Klein four-group ($\\mathbb{Z}_2\\times\\mathbb{Z}_2$)", a name with another of its names in
    brackets), or None."""
    glossed = _GLOSSED_GOLD.fullmatch(_plain(gold).strip(" ."))
    if glossed is not None:
        named, gloss = concept_of(glossed.group("name")), concept_of(glossed.group("gloss"))
        return named if named is not None and gloss in (None, named) and _ANY_NAME.search(glossed.group("gloss")) \
            else None
    text = _ARTICLE.sub("", _plain(gold).strip(" ."))
    if not text or len(text) > 80 or not _ANY_NAME.fullmatch(text):
        return None  # (one pattern of every name first: most golds are numbers or formulas)
    for family in CONCEPTS:
        for concept, pattern in _NAMES[family]:
            if pattern.fullmatch(text):
                return family, concept
    return None


def _named(text: str, family: str) -> tuple[set[str], set[str], set[str]]:
    """(the objects of ``family`` that the clauses of ``text`` name firmly, every one they name, those named in a
    hedge); a longer name wins where two overlap."""
    firm: set[str] = set()
    named: set[str] = set()
    hedged: set[str] = set()
    for part in _SEMICOLON.split(_plain(text)):
        supposed = False
        for clause in _CLAUSE_END.split(part):
            if not clause or not clause.strip():
                continue
            supposed = supposed or _SUPPOSES.search(clause) is not None
            hits = sorted(((m.start(), m.end(), concept) for concept, pattern in _NAMES[family]
                           for m in pattern.finditer(clause)), key=lambda hit: (hit[0] - hit[1], hit[0]))
            taken: list[tuple[int, int]] = []
            for start, end, concept in hits:
                if all(end <= a or start >= b for a, b in taken):
                    taken.append((start, end))
                    named.add(concept)
                    if _HEDGED.search(clause) and not _DENIED.search(clause):  # ("isn't a rectangle or a rhombus")
                        hedged.add(concept)
                    elif not supposed and not _UNFIRM.search(clause):
                        firm.add(concept)
    return firm, named, hedged


def _turns(later: str) -> bool:
    """Does a sentence after the one naming the answer take it back: a formula, a hedge, a correction, a turn (not
    one only supposing another case: "If one pair were glued with a half-twist instead, you would get a Klein bottle.",
    unless it says the case is this one: "if the constant equals $|F_1F_2|$, as it does here, ...")?"""
    plain = _plain(later)
    if "=" in later:
        return True
    if not _TURNS.search(plain):
        return False
    return not _SUPPOSES.search(plain) or _REALIZED.search(plain) is not None


# the parameter of a chi-squared distribution: "with 2 degrees of freedom", "\chi^2_{5}", "\chi^2(n-1)", "χ²_3"
_CHI_PARAMETER = lazy_compile(r"with\s+\$?\s*(?P<words>[a-z0-9+\-\s]{1,8}?)\s*\$?\s+degrees\s+of\s+freedom|"
                              r"(?:\\chi|χ)\s*(?:\^\s*\{?2\}?|²)\s*(?:_\s*(?:\{(?P<sub>[^{}]{1,8})\}|(?P<one>\w))|"
                              r"\((?P<arg>[^()]{1,8})\))")


def _parameter(m: re.Match) -> str:
    return re.sub(r"\s", "", m.group(_group(m)))


def _group(m: re.Match) -> str:
    return next(name for name in ("words", "sub", "one", "arg") if m.group(name))


def _with_parameter(text: str, param: str) -> str:
    """``text`` with every chi-squared parameter equal to ``param`` written k, and a k written for another ("k'")."""
    def put(m: re.Match) -> str:
        said, name = _parameter(m), _group(m)
        new = "k" if said == param else "k'" if said == "k" else None
        if new is None:
            return m.group()
        start, end = m.start(name) - m.start(), m.end(name) - m.start()
        return m.group()[:start] + new + m.group()[end:]
    return _CHI_PARAMETER.sub(put, text)


def concept_verdict(response: str, gold: str) -> tuple[bool, str] | None:
    """(whether the object the reply names is the gold's, that object) for a gold naming an object of the table;
    None when it does not apply (the gold no such object, the reply naming none of its family, or several, or
    hedging or saying more after it)."""
    found_param = _CHI_PARAMETER.search(gold) if "freedom" in gold else None
    param = _parameter(found_param) if found_param is not None else "k"
    if param != "k":
        # "chi-squared distribution with 2 degrees of freedom": the table's k stands for the gold's parameter (a k in
        # the reply for another)
        gold, response = _with_parameter(gold, param), _with_parameter(response, param)
    found = concept_of(gold)
    if found is None or not response or len(response) > 20000:
        return None
    family, concept = found
    tail = response[-_READ:]
    boxes = _BOXED.findall(tail)
    lines = _ANSWER_LINE.findall(tail) if not boxes else []
    if boxes or lines:
        said = _named((boxes or lines)[-1], family)[0]
    else:
        asides = _ASIDE.findall(tail)
        outside = _named(_ASIDE.sub(" ", tail), family)[1] if asides else set()
        if any(_HEDGES.search(aside) or _ASIDE_TURNS_INTO.search(aside) or not _named(aside, family)[1] <= outside
               for aside in asides):
            # "(Though it could equally be read as a pair of crossing lines.)", "(... so it is a hyperbola.)" (an aside
            # naming only what the text outside it names, "**斐波那契数列**（Fibonacci sequence）", is a gloss)
            return None
        unbracketed = re.sub(r"[ \t]+(?=[.!?,;:])", "", _ASIDE.sub(" ", tail))  # ("Icosahedron (...). Not ...")
        sentences = [x for x in _SENTENCE_END.split(unbracketed) if x and x.strip()]
        said = set()
        for at in range(len(sentences) - 1, -1, -1):
            said, named, hedged = _named(sentences[at], family)
            if hedged:
                return None  # "It is a parabola or a hyperbola, depending on orientation."
            if not said:
                continue  # (nothing, or only what is supposed, denied or compared: "If one pair were glued with a
                # half-twist instead, you would get a Klein bottle.", "it is not a square")
            if _CORRECTED_IN.search(sentences[at]) or any(_turns(later) for later in sentences[at + 1:]):
                return None  # (a formula or a hedge after it: "... — a closed oval with semi-axes 2 and 1"; a
                # correction in its own sentence: "..., but actually the statement is Banach's.")
            break
    if len(said) != 1:
        return None
    named_one = said.pop()
    # (one named with its parameter is the object the gold names without: "chi-squared with k degrees of freedom")
    return named_one == concept or named_one.startswith(concept + " with "), named_one


# a gold that is a vertical or horizontal line: "x = 1", "$y = -2$", "x=\frac{1}{2}"
_AXIS_LINE_GOLD = lazy_compile(r"\s*\$?\s*(?P<axis>[xy])\s*=\s*(?P<value>-?\d+(?:\.\d+)?|-?\\frac\{\d+\}\{\d+\})\s*\$?\s*\.?\s*")
# a line in words: "the vertical line through $(1, 0)$", "a horizontal line passing through (0, -2)", "the y-axis"
_AXIS_LINE_SAID = lazy_compile(r"\b(?P<kind>vertical|horizontal)\s+line\s+(?:(?:passing\s+)?through|at|containing)\s+"
                               r"(?:the\s+point\s+)?\(\s*(?P<a>-?\d+(?:\.\d+)?)\s*,\s*(?P<b>-?\d+(?:\.\d+)?)\s*\)"
                               r"|\bthe\s+(?P<named>[xy])[-\s]axis\b")
_LINE_UNFIRM = lazy_compile(r"\b(?:if|would|were|not|no|never|unless|suppos\w*|assum\w*|or|either|maybe|perhaps|"
                            r"might|could|parallel|perpendicular\s+to\s+the\s+line)\b|n't\b|\?")


def line_verdict(response: str, gold: str) -> tuple[bool, str] | None:
    """(whether the line the reply's last sentence names in words is the gold's, the words) for a gold that is a
    vertical or horizontal line ("x = 1" answered "It is the vertical line through (1, 0), the perpendicular bisector
    of the segment."); None when it does not apply or the sentence supposes, denies or hedges."""
    wanted = _AXIS_LINE_GOLD.fullmatch(gold)
    if wanted is None or not response or len(response) > 20000:
        return None
    sentences = [x for x in _SENTENCE_END.split(response[-_READ:].strip()) if x and x.strip()]
    if not sentences:
        return None
    last = _plain(sentences[-1])
    said = list(_AXIS_LINE_SAID.finditer(last))
    if len(said) != 1 or _LINE_UNFIRM.search(last):
        return None
    m = said[0]
    axis, value = ("x", "0") if m.group("named") == "y" else ("y", "0") if m.group("named") == "x" else \
        ("x", m.group("a")) if m.group("kind") == "vertical" else ("y", m.group("b"))
    gold_value = wanted.group("value")
    if gold_value.lstrip("-").startswith("\\frac"):
        top, bottom = re.findall(r"\d+", gold_value)
        gold_number = (-1 if gold_value.startswith("-") else 1) * int(top) / int(bottom)
    else:
        gold_number = float(gold_value)
    return axis == wanted.group("axis") and float(value) == gold_number, m.group()
