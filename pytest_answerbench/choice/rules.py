"""The reader's rules as data: the answer markers, the conclusion markers and the phrases it scans whole replies for.

Where a rule family lives:

* answer markers ("The answer is", "Final answer:", "I choose", 答案是, "La respuesta es"): ``MARKERS``, one
  ``Marker`` record each, read as an answer (a letter, an option's text or value) in the text after the marker;
* conclusion markers ("so", "I think it is", "which matches"): ``CONCLUSIONS``, the same records, read more
  strictly (a letter ending its clause, or the start of an option text) and weaker (tier 1);
* what cancels a marker: a hypothetical or negation before it (``HYPOTHETICAL``), someone else's choice
  (``OTHERS_CHOOSE``), an introduction of the options (``KEY_FORMAT``, ``EACH_BEFORE``);
* refusals, correction cues and the options saying "cannot be determined" / "none of the above": ``REFUSAL``,
  ``CORRECTION_CUE``, ``STRONG_CUE``, ``UNDETERMINED``, ``NONE_ABOVE``;
* verdicts next to an option letter ("B is correct", "A and C are wrong", "B: yes"): the ``_*_AFTER`` patterns
  and the word lists here, compiled per option set in ``optionset.py`` and read in ``reader.py``;
* two answers side by side or a revision between them (``SIDE_BY_SIDE_WORDS``), a second option offered in the
  answer's sentence (``HEDGE_OTHER``), a sub-part label opening the reply (``SUB_PART_OPENER``), an echoed format
  placeholder (``PLACEHOLDER``), a question the reply invents after its answer (``OTHER_QUESTION``),
  counterfactual clauses (``COUNTERFACTUAL_*``, ``CLAUSE_BREAK``), the option saying "none" and the replies naming
  it (``NONE_OPTION``, ``NONE_REPLY``), and option places named in other languages (``ORDINAL_WORDS``,
  ``ORDINAL_ELSEWHERE``); their minimal cases are in ``tests/unit/test_choice_families.py`` (and
  ``tests/unit/test_choice_traces.py`` for the forms found on the trace_choice corpus).

Adding a marker is adding one record to ``MARKERS`` (or ``CONCLUSIONS``): its pre-check (``needs``, the words
every match contains) and lower-case twin are derived from the record itself, and ``tests/unit/test_choice_rules.py``
checks every record's pre-check, twin and candidate starts against its pattern. A record's place in its table is
the order its commitments are collected in (which breaks ties between equally placed ones). The other parts of the
reader: ``reader.py`` (commitments), ``content.py`` (option texts), ``decide.py`` (the order of the steps).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Callable

from ..text.patterns import lazy_compile
from ..text.patterns import occurrences as _occurrences
from .scan import Needs, Scan, lower_twin

NOT_LETTER = r"(?![A-Za-z0-9])"
NOT_AFTER_LETTER = r"(?<![A-Za-z0-9'’])"

#: A reason given right after an answer letter ends the letter's clause: "I would say C, since the chart suggests
#: it", "it's C because the line is flat", "(B), given the axis". After a conclusion ("I'd say", "it's", "so") such
#: a letter commits as "C." does (``payload._LETTER_TOKEN``); a lower-case letter or a comma before a plain word
#: ("so A, the first one") does not.
REASON_AFTER_LETTER = (r"(?<=[A-Z])(?=\s*,?\s*(?:since|because|given|due\s+to|based\s+on|considering|owing\s+to|"
                       r"judging\s+(?:by|from)|according\s+to|seeing\s+(?:that|as))\b|\s*,\s*as\b|"
                       # "option D, which rejects the notion": a relative clause describing the option it closes,
                       # unless it says the option fails ("D, which is wrong")
                       r"\s*,\s*which\b(?!\s+(?:is|are|was|would\s+be|seems|appears)\s+(?:not\b|in|wrong|false|"
                       r"un|less|also|too|another)|\s+(?:fails|doesn't|does\s+not|cannot|can't|isn't|aren't)\b))")

#: The TeX commands that box an answer: ``\\boxed{C}``, ``\\fbox{(A)}``, ``\\framebox[2cm]{(B)}`` (the boxed answer,
#: tier 3, method ``boxed``, whichever draws the box).
BOX_COMMANDS = ("\\boxed", "\\fbox", "\\framebox")
BOX_OPEN = lazy_compile(r"\\(?:boxed|fbox|framebox)\s*(?:\[[^\]{}\n]{0,20}\]\s*){0,2}\{")

# Words after a capital "A"/"I" that show it is still the option letter, not an article or a pronoun.
CONNECTORS = {
    "because", "since", "as", "which", "is", "it", "and", "or", "but", "for", "given", "due", "based", "this",
    "that", "with", "here", "from", "according", "option", "choice", "seems", "looks", "appears", "would",
    "should", "must", "matches", "fits", "best", "correctly", "shows", "so", "then", "was", "will", "has",
    "in", "on", "at", "by", "per", "if", "though", "although", "while", "whereas", "correct", "right",
    # the same in French, Spanish, Portuguese, Italian and German ("A ou C", "A, car ...", "A ist richtig")
    "ou", "o", "oder", "y", "et", "und", "est", "es", "ist", "é", "è", "car", "porque", "pois", "weil", "perché",
}

# "A and B are wrong", "Options A, B, and D are incorrect", "A is not correct"
NEG_WORDS = (
    r"(?:wrong|incorrect|false|not\s+(?:correct|right|true|the\s+(?:answer|case|one))|invalid|"
    r"(?:can|could)\s+be\s+(?:ruled\s+out|eliminated|excluded|discarded)|ruled\s+out|eliminated|excluded|"
    r"out|impossible|unlikely|implausible|not\s+supported|inaccurate|irrelevant|a\s+distractor|"
    r"(?:does|do)\s*(?:not|n't)\s+(?:fit|match|apply|hold|work|make\s+sense))"
)
ADVERBS = r"(?:(?:both|all|also|clearly|definitely|obviously|certainly|likewise|too|then|therefore|thus|so)\s+)*"


@dataclass(frozen=True)
class Marker:
    """A phrase after which the reply states its answer ("The answer is", "Final answer:", "I choose", "so").

    Attributes:
        name: the rule's own name, unique in the ``RuleSet``.
        method: the ``ChoiceResult.method`` its commitments report (several markers may share one).
        tier: the commitment's strength: 3 final answers, 2 answer phrases, 1 conclusions (see ``decide.py``).
        pattern: the marker itself; the answer is read in the text right after each match.
        needs: the pre-check: what every match holds, in the lower-cased text (see ``scan.Needs``).
        starts: where in the lower-cased text a match can start (None: anywhere); given only to speed up a
            pattern with a rare first word; every match's start must be among them.
        lead: characters every match starts with, put first in the lower-case twin to speed its scan.
        hypothetical_cancels: "if the answer is B" is no answer (False for "final answer", which stays one).
        others_cancel: "Many people pick D" is someone else's choice, not the writer's.
        owner_cancels: "His answer is D" is someone else's answer, not the writer's.
        introduces_options_cancels: "The answer options:" and "each option:" introduce the options.
        alternative_cancels: right after "or" the marker offers an alternative ("B, or maybe C"), no conclusion.
        low: the lower-case twin (derived: for an IGNORECASE pattern written in lower case; else None, and the
            pattern runs on the text itself).
    """

    name: str
    method: str
    tier: int
    pattern: re.Pattern[str]
    needs: Needs
    starts: Callable[[str], list[int]] | None = None
    lead: str = ""
    hypothetical_cancels: bool = True
    others_cancel: bool = False
    owner_cancels: bool = False
    introduces_options_cancels: bool = False
    alternative_cancels: bool = False
    low: re.Pattern[str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.lead and not self.pattern.flags & re.I:
            raise ValueError(f"marker {self.name!r}: a lead speeds up the lower-case twin; the pattern has none")
        low = lower_twin(self.pattern, self.lead) if self.pattern.flags & re.I else None
        object.__setattr__(self, "low", low)


def _words_at(*words: str) -> Callable[[str], list[int]]:
    """Candidate starts: every occurrence of one of ``words`` (for a pattern whose matches start with one)."""
    return functools.partial(_occurrences, words=words)


_FOREIGN_ANSWER_WORDS = ("respuesta", "réponse", "resposta", "risposta", "antwort")
_ANSWER_CORE_WORDS = ("ans", "option", "choice", "response", "pick", "mine")  # "my pick is D", "mine is D"
# the adjectives of "the correct one", "the right one", "the best one" (the pattern's "(?<=correct\s)one")
_ONE_ADJECTIVES = ("correct", "right", "best")
_ASCII_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


def _answer_marker_starts(low: str) -> list[int]:
    """Where the "the answer is" marker can start: at its core word (answer, option, choice, response, ans, or the
    "one" of "the correct one", "the right one", "the best one") or at one of the at most three words before it
    ("the most likely answer", "the only correct one"), which are separated by whitespace."""
    starts = []
    one = "one" in low and ("correct" in low or "right" in low or "best" in low)
    for core in (_ANSWER_CORE_WORDS + ("one",) if one else _ANSWER_CORE_WORDS):
        i = low.find(core)
        while i >= 0:
            starts.append(i)
            j = i
            for _ in range(3):
                w = j
                while w > 0 and low[w - 1].isspace():
                    w -= 1
                if w == j:
                    break
                v = w
                while v > 0 and low[v - 1] in _ASCII_LOWER:
                    v -= 1
                if v == w:
                    break
                starts.append(v)
                j = v
            i = low.find(core, i + 1)
    return starts


#: The answer markers, in the order their commitments are collected. Each match's payload (the text after it)
#: is read as an answer: a letter in any dress, an option's text or value (see ``payload.py``).
MARKERS: tuple[Marker, ...] = (
    Marker(
        name="final-answer", method="final-answer-marker", tier=3,
        pattern=lazy_compile(
            r"\bfinal\s+(?:answer|choice|option|output|response)\s*(?:is\s*)?(?::|=|-|–|—|is\b)?|\bfinal\s*(?::|=)",
            re.I,
        ),
        needs=Needs.any("final"), starts=_words_at("final"), hypothetical_cancels=False,
    ),
    Marker(
        name="the-answer-is", method="answer-marker", tier=2,
        pattern=lazy_compile(
            r"\b(?:(?:the|my|our)\s+)?(?:(?:correct|right|best|most\s+likely|most\s+appropriate|final|"
            r"only\s+correct)\s+)?"
            r"(?:answer|anser|answr|option|choice|response|ans(?=\s*(?:[:=]|is\b))|(?<=correct\s)one|(?<=right\s)one|"
            r"(?<=my\s)pick|(?<=our\s)pick|(?<!the\s)(?<!\ba\s)mine(?=\s+is\b)|"
            r"(?<=best\s)one|(?<=correct\s)(?:options|choices)(?=\s*:))"  # ("Correct options: A")
            r"(?:\s+(?:choice|option|letter))?"
            r"(?:\s+(?:to|for)\s+(?:this|the)\s+question)?(?:\s+(?:here|now|then|in\s+this\s+case))?"
            r"\s*(?:(?:is|would\s+be|should\s+be|must\s+be|will\s+be|seems\s+to\s+be|appears\s+to\s+be|becomes|"
            r"remains)\b"
            r"|:|=|-(?!\w)|–|—)",
            re.I,
        ),
        needs=Needs.any(*_ANSWER_CORE_WORDS) | Needs.all(("one",), _ONE_ADJECTIVES),
        starts=_answer_marker_starts, introduces_options_cancels=True, owner_cancels=True,
    ),
    # "Answer B.", "answer (C)": the word before a lone letter (the letter class is case-sensitive: no twin)
    Marker(
        name="answer-then-letter", method="answer-marker", tier=2,
        pattern=lazy_compile(r"\b(?i:answer)(?=\s+[\(\[]?[A-J][\)\]]?(?:[.!]|\s*$))"),
        needs=Needs.any("answer"), starts=_words_at("answer"), introduces_options_cancels=True,
    ),
    # "... 125 = 5^3. Option F.": the reply closing on an option named alone in its own sentence
    Marker(
        name="closing-option", method="answer-marker", tier=2,
        pattern=lazy_compile(r"(?:(?<=^)|(?<=[.!?:]\s)|(?<=\n))(?i:option|choice)"
                             r"(?=\s+[\(\[]?[A-J][\)\]]?[.!]?\s*\Z)"),
        needs=Needs.any("option", "choice"), starts=_words_at("option", "choice"), introduces_options_cancels=True,
    ),
    Marker(
        name="choose", method="choose", tier=2,
        pattern=lazy_compile(
            r"(?<!mistake\sis\sto\s)(?<!mistake\swould\sbe\sto\s)(?<!tempting\sto\s)(?<!trap\sis\sto\s)"
            r"(?<!error\sis\sto\s)(?<!wrong\sto\s)"  # ("A common mistake is to pick Sydney": no choice)
            r"\b(?:i\s+(?:would|will|'d|'ll)\s+|i\s+|we\s+|let's\s+|so\s+i\s+)?"
            r"(?:choose|chose|select|selected|pick|picked|go\s+with|going\s+with|opt\s+for|settle\s+on|"
            r"lean(?:ing)?\s+(?:toward|towards|to)|"
            r"(?<=would\s)answer|(?<='d\s)answer|(?<=will\s)answer|"
            r"(?:am\s+)?going\s+to\s+(?:choose|pick|go\s+with))\b(?:\s+(?:option|choice|answer))?",
            re.I,
        ),
        needs=(Needs.any("choose", "chose", "select", "pick", "going", "opt", "settle", "lean")
               | Needs.all(("go",), ("with",)) | Needs.all(("answer",), ("would", "'d", "will"))),
        others_cancel=True,
    ),
    # 答案是B, 选B, 故选：C, 对应选项 B, 我倾向于 B
    Marker(
        name="chinese-answer", method="chinese-marker", tier=2,
        pattern=lazy_compile(
            r"(?:正确|正確)?答案\s*[】\]]?\s*(?:应该|應該|应|應)?\s*(?:是|为|為|选|選)?\s*[:：]?|"
            r"(?:对应|對應)(?:于|於)?的?\s*(?:选项|選項)|(?:正确|正確)的?(?:选项|選項)\s*(?:是|为|為)?\s*[:：]?|"
            r"(?:故|应|應|所以|因此|我)?(?:选|選)(?:择|擇)?(?!项|項)\s*[:：]?|"
            r"我(?:更|还是|比较)?(?:倾向|傾向)(?:于|於)(?:选|選)?\s*[:：]?"
        ),
        needs=Needs.any("答案", "选", "選", "倾向", "傾向"),
    ),
    # "La respuesta es la B", "La réponse est C", "Die richtige Antwort ist D": the answer marker in other languages
    Marker(
        name="foreign-answer", method="answer-marker", tier=2,
        pattern=lazy_compile(
            r"\b(?:(?:la|a|die|le)[ \t]+)?(?:(?:respuesta|réponse|resposta|risposta|antwort)"
            r"(?:\s+(?:correcta|correcte|correta|corretta|richtige|final|finale))?|"
            r"(?:richtige|correcte|bonne)\s+(?:antwort|réponse))\s*"
            r"(?:est|es|é|è|ist|lautet|sería|seria|serait|wäre)?\s*[:：]?\s*"
            r"(?:(?:la|el|le|l'|die|opción|opcion|option|opção|opzione|(?:a\s+)?(?:letra|alternativa)|lettre|letter|"
            r"buchstabe)\s+)*",
            re.I,
        ),
        needs=Needs.all(("sp", "pons", "antw"), _FOREIGN_ANSWER_WORDS), introduces_options_cancels=True,
    ),
    # 정답: B, 답: C (Korean), 正解は B, 答え：C (Japanese), Đáp án đúng là B (Vietnamese)
    Marker(
        name="more-languages-answer", method="answer-marker", tier=2,
        pattern=lazy_compile(
            r"(?:정답|(?<![가-힣])답)\s*(?:은|는)?\s*[:：]|정답\s*(?:은|는)|正解\s*(?:は|:|：)\s*[:：]?|答え\s*(?:は)?\s*[:：]?|"
            r"\bđáp\s+án(?:\s+(?:đúng|chính\s+xác))?\s*(?:là)?\s*[:：]?",
            re.I,
        ),
        needs=Needs.any("답", "正解", "答え", "đáp"), introduces_options_cancels=True,
    ),
)

#: The conclusion markers ("so B", "I think it is B", "which matches option C"): weak, read only when they can change
#: the decision, and only a letter closing its clause or the start of an option's text counts after them. ("as far
#: east as it is north": a comparison, no conclusion.)
CONCLUSIONS: tuple[Marker, ...] = (
    Marker(
        name="conclusion", method="conclusion", tier=1,
        pattern=lazy_compile(
            r"(?:\b(?:so|therefore|thus|hence|consequently|in\s+conclusion|overall|finally|"
            r"i(?:\s+would\s+|'d\s+|\s+will\s+|'ll\s+|\s+)(?:say|guess|think|believe)|my\s+guess\s+is|"
            r"(?<!\bas\s)it'?s|(?<!\bas\s)it\s+is|"
            r"it\s+must\s+be|"
            r"it\s+should\s+be|must\s+be|should\s+be|would\s+be|it\s+has\s+to\s+be|but|leaves|leaving|probably|"
            r"(?:most\s+)?likely|perhaps|maybe|(?:looks|seems|sounds)\s+like|(?:seems|appears)\s+to\s+be|"
            r"(?:which\s+)?(?:matches|corresponds\s+to|is\s+consistent\s+with|consistent\s+with|points\s+to|"
            r"supports|aligns\s+with|agrees\s+with|in\s+line\s+with)|(?:which|(?<!\bas\s)that|(?<!\bas\s)this)\s+is|"
            r"(?<!\bas\s)that['’]s)\b"
            # an arrow or an "i.e." pointing at an option: "ln|x| + C → option b)", "so n = 7, i.e. choice E", "... ⇒ B"
            r"|(?:→|⇒|⟹|=>|(?<!\w)i\.\s?e\.,?)(?=\s*(?:option|choice)\b)|(?:→|⇒|⟹)(?=\s*\(?[a-j]\)?\s*[.!]?\s*$)"
            r"|所以|因此|故)\s*[,，:]?",
            re.I,
        ),
        needs=(Needs.any("so", "therefore", "thus", "hence", "consequently", "conclusion", "overall", "finally",
                         "say", "guess", "think", "believe", "its", "it'", "but", "leav", "probably", "likely",
                         "perhaps", "maybe", "like", "seems", "appears", "matches", "corresponds", "consistent",
                         "points", "supports", "aligns", "agrees", "line", "所以", "因此", "故", "that'", "that’",
                         "→", "⇒", "⟹", "=>", "i.e", "i. e")
               | Needs.all(("is",), ("it", "which", "that", "this"))
               | Needs.all(("be",), ("must", "should", "would", "has"))),
        # the first letters of its words: so, therefore, hence, consequently, in conclusion, overall, finally, i ...,
        # my guess, must be, but, leaves, probably, likely, perhaps, maybe, looks, appears, which, matches, that ...,
        # an arrow, i.e.
        lead="abcfhilmopstw所因故→⇒⟹=", alternative_cancels=True,
    ),
    # "Therefore, the statement that must be true is B.", "The best description is D.": a statement, conclusion or
    # description named as the one chosen, then a letter closing its clause
    Marker(
        name="statement-is", method="conclusion", tier=1,
        pattern=lazy_compile(
            r"\b(?i:statement|conclusion|inference|description|explanation|interpretation)(?:\s+(?i:that|which)\s+"
            r"[^.;:\n]{1,50}?)?\s+is\s*:?(?=\s*[\(\[]?[A-J][\)\]]?\s*(?:[.!]|$))",
        ),
        needs=Needs.any("statement", "conclusion", "inference", "description", "explanation", "interpretation"),
        introduces_options_cancels=True,
    ),
    # "... the logical conclusion that can be drawn is: (A) Some X are Y.": an option label right after a lead-in
    # saying what follows ("is:"), on its line as after it (reader._led_answer_lines); a weak commitment, which a
    # stated answer outranks; the label's text is checked against it as after any conclusion ("is: (C) Point C" where
    # C is "Point A" names two options). Without the colon ("The first modification is (A) ...") it is no answer, and
    # "The options are: (A) ..." introduces the options.
    Marker(
        name="stated-label", method="conclusion", tier=1,
        pattern=lazy_compile(r"(?<!options\s)(?<!option\s)(?<!choices\s)(?<!choice\s)(?<!Options\s)(?<!Choices\s)"
                             r"\b(?:is|are)[ \t]*:[ \t]*(?=[\(\[][A-J][\)\]])"),
        needs=Needs.any("is", "are"), introduces_options_cancels=True, others_cancel=True,
    ),
)


@dataclass(frozen=True)
class RuleSet:
    """The marker tables one reading uses (``RULES`` unless a test or an experiment gives another)."""

    markers: tuple[Marker, ...] = MARKERS
    conclusions: tuple[Marker, ...] = CONCLUSIONS

    def __post_init__(self) -> None:
        names = [m.name for m in (*self.markers, *self.conclusions)]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"marker names must be unique; repeated: {', '.join(twice)}")

    def with_marker(self, marker: Marker, before: str | None = None, conclusion: bool = False) -> RuleSet:
        """A copy with ``marker`` added to the answer markers (``conclusion``: to the conclusion markers), before
        the one named ``before`` or last."""
        table = self.conclusions if conclusion else self.markers
        at = len(table) if before is None else [m.name for m in table].index(before)
        table = (*table[:at], marker, *table[at:])
        return RuleSet(self.markers, table) if conclusion else RuleSet(table, self.conclusions)


RULES = RuleSet()

# ---- what cancels a marker --------------------------------------------------------------------------------

#: "if the answer is B", "whether it is C": a hypothetical in the 60 characters before a marker or a mention
HYPOTHETICAL = Scan(
    name="hypothetical",
    pattern=lazy_compile(
        r"(?:\bif\b|\bwhether\b|\bsuppose\b|\bassum(?:e|ing)\b|\bunless\b|\bthought\b|\binitially\b|\bat\s+first\b|"
        r"\bmight\s+think\b|\bmay\s+think\b|\bnot\s+that\b|\bwhy\b|\bwhich\b|\bwhat\b|\bquestion\s+is\b|如果|假设)"
        r"(?:(?!\bbut\b)[^.!?\n,;])*$",
        re.I,
    ),
    needs=Needs.any("if", "whether", "suppos", "assum", "unless", "thought", "initially", "first", "might", "may",
                    "not", "why", "which", "what", "question", "如果", "假设"),
)
# "The answer key", "The answer options:" (after the marker), "Let's analyze each option:" (before it): the options
# introduced, not an answer (the second is looked for only in a text whose lower-cased form lines up with it)
# ("The answer is option A" names one option: a singular "option" / "choice" before a letter introduces nothing)
KEY_FORMAT = lazy_compile(r"\s*(?:key|format|options|choices|(?:option|choice)(?!\s+[\(\[]?[A-J][\)\]]?(?![\w'])))\b",
                          re.I)
EACH_BEFORE = lazy_compile(r"\b(?:each|every|all|any|per|other|these|those|following|remaining)\s+(?:the\s+)?$")
#: a worked example's answer, the marker opening its line after the example's label: "Example answer: B", "Sample 2
#: answer: C" (a few-shot example the reply copies out, not its own answer; "with this sample it is D" is no label)
EXAMPLE_BEFORE = lazy_compile(r"(?:^|\n)[ \t*#>-]*(?:(?:an?|the)\s+)?(?:example|sample|demo|e\.g\.)\s*(?:\d{1,2}\s*)?[:.\-]?"
                              r"[ \t]*$", re.I)
# the subject of "pick" / "choose" is someone other than the writer: "Many people pick D", "you might choose A"
OTHERS_CHOOSE = lazy_compile(r"\b(?:people|students|many|some|others|someone|somebody|they|he|she|most|you)\s+"
                            r"(?:(?:would|might|may|could|often|usually|typically|commonly|mistakenly|wrongly)\s+)*$|"
                            # another person or model named as the subject, with up to three words after it that
                            # are not "I" / "we": "The model before me chose A", "My friend picked C"
                            r"\b(?:model|student|teacher|user|person|assistant|friend|classmate|expert|author|"
                            r"partner)s?(?:\s+(?!i\b|we\b)[\w']+){0,3}\s+$|"
                            r"\b(?:might|may|could|tempting\s+to|mistakenly|wrongly|naively|often)\s+$|"
                            # a choice the writer calls wrong: "It would be wrong to pick C", "a mistake to choose A"
                            r"\b(?:wrong|incorrect|a\s+mistake|an\s+error|unwise)\s+to\s+$")

#: A letter given as the name of the value just stated: "The answer is 4 cm, i.e. C", "..., which is option C", "The
#: perimeter is 18. This corresponds to option D.", "x = 6 (option B)", "A∩B = \\{0, 1\\}，对应选项 A" (a set of numbers
#: too; ``decide._tied_clash``: the value and the
#: letter must agree).
TIED_LETTER = lazy_compile(
    r"(?<![\w.])(?P<value>[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?(?:\s?(?:°|%|[a-zA-Zµ]{1,3}[23²³]?)(?![A-Za-z]))?"
    # a set of numbers ("\{0, 1\}", "{-1, 0}"), as a set option is written
    r"|\\?\{\s*[-−]?\d[-−\d,.\s]{0,40}?\\?\})\$?\s*"
    r"(?:[,;，]\s*(?i:i\.\s?e\.?|that\s+is|which\s+is|which\s+corresponds\s+to|corresponding\s+to)|"
    r"\.\s*(?i:this|that)\s+(?i:corresponds\s+to|is|matches)|\s*\((?=(?i:option|choice)\s)|"
    # Chinese: "…= \{0, 1\}，对应选项 A", "…，即选项 B"
    r"[，,]\s*(?:对应|對應|即|也就是)(?:的)?(?=\s*(?:选项|選項|答案|[A-J](?![A-Za-z0-9]))))\s*,?\s*"
    r"(?i:(?:the\s+)?(?:option|choice|answer)\s+|选项|選項|答案)?\s*"
    r"[\(\[]?(?P<letter>[A-J])[\)\]]?(?![A-Za-z0-9])")

_OTHER_ONE = (r"(?:model|student|teacher|user|person|assistant|friend|classmate|expert|author|partner)")
#: A short reply's letter chosen by someone else, in its own clause: "Their pick is D", "His answer is D", "The model
#: before me chose A", "My friend picked C" (``whole.lone_letter``); "My pick is D", "I chose A" are the writer's.
OTHERS_CLAUSE = lazy_compile(
    r"\b(?:(?:his|her|their|your|someone's|somebody's|" + _OTHER_ONE + r"(?:'s|s'))\s+(?:(?:final|first|chosen)\s+)?"
    r"(?:answer|pick|choice|guess|option|selection)\s*(?:is|was|would\s+be|:)|"
    r"(?:people|students|many|some|others|someone|somebody|they|he|she|" + _OTHER_ONE
    + r"s?(?:\s+(?!i\b|we\b)[\w']+){0,3})\s+(?:(?:would|might|may|could|often|usually|mistakenly|wrongly)\s+)*"
    r"(?:chose|picked|selected|answered|said|says|picks|chooses|selects|guessed|guesses|went\s+with|goes\s+with))"
    r"\s*(?:option\s+)?[\(\[]?$", re.I)

# the owner of an answer word is someone else: "His answer is D", "Their pick is D", "the student's answer:", "your
# choice is" (read in the words before the "the answer is" marker)
OTHERS_OWN = lazy_compile(r"\b(?:his|her|their|your|someone's|somebody's|(?:model|student|teacher|user|person|"
                          r"assistant|friend|classmate|expert|author|partner)(?:'s|s'))\s+"
                          r"(?:(?:final|first|chosen)\s+)?$", re.I)

# "hard to state whether the force is greater in Pair 1", "I can't tell whether it is a cat": what a clause opened by
# "whether" says (an indirect question, up to the end of its clause) is asked, not answered; "whether or not ..." is
# a concession, not a question
WHETHER_BEFORE = lazy_compile(r"\bwhether\b(?!\s+or\s+not\b)[^.;:!?,\n]{0,100}$", re.I)

# someone else's answer before a bracketed letter: "Someone guessing quickly might say (D)", "Many people answer (B)"
OTHERS_SAY = lazy_compile(r"\b(?:people|students|many|some|others|someone|somebody|they|he|she|most)\s+"
                          r"(?:[a-z]+ing\s+(?:[a-z]+ly\s+)?)?(?:(?:would|might|may|could|often|usually|typically|"
                          r"commonly|mistakenly|wrongly)\s+)*(?:say|says|said|pick|picks|choose|chooses|answer|answers|"
                          r"guess|guesses|select|selects|go\s+for)\s+$", re.I)

# ---- refusals, corrections and the options saying so ------------------------------------------------------

REFUSAL = Scan(
    name="refusal",
    pattern=lazy_compile(
        r"(?:i\s*(?:am|'m)\s+sorry|i\s+(?:cannot|can't|can\s*not|am\s+unable\s+to|'m\s+unable\s+to|"
        r"am\s+not\s+able\s+to)"
        r"\s+(?:determine|answer|help|see|view|tell|identify|access|process|provide|decide|say|read|be\s+sure)"
        r"|cannot\s+be\s+determined|can't\s+be\s+determined|(?:cannot|can't|unable\s+to)\s+determine"
        r"|not\s+(?:enough|sufficient)\s+info(?:rmation)?\b|insufficient\s+(?:info|data|context)"
        r"|no\s+image\s+(?:is\s+)?(?:provided|attached|shown)|without\s+(?:the|an|seeing\s+the)\s+image"
        r"|none\s+of\s+(?:the\s+)?(?:options|above|choices|answers|these|those|them)|i\s+(?:do\s+not|don't)\s+know|"
        r"^\W*no\s+idea\b"
        r"|there\s+is\s+no\s+(?:correct|right|valid)\s+(?:answer|option)|unanswerable|not\s+answerable"
        r"|i(?:'d|\s+would)\s+need\s+(?:to\s+see\s+)?(?:the|a|an)\s+(?:diagram|figure|image|picture|graph|chart|circuit|"
        r"drawing|photo)\s+to\s+(?:decide|tell|say|know|answer|be\s+sure)"
        r"|无法(?:确定|判断|回答|得出|看到)|不能确定|不确定|抱歉|(?<!外)(?<!外\s)没有正确(?:答案|选项)"
        r"|需要更多(?:信息|条件)才能(?:确定|判断))",  # "B 以外没有正确选项": only B is
        re.IGNORECASE,
    ),
    needs=Needs.any("sorry", "can", "able", "info", "insufficient", "image", "without", "none", "know", "idea",
                    "there", "answerable", "need", "无法", "不能确定", "不确定", "抱歉", "没有正确", "需要更多"),
)
NONE_OF_THE = lazy_compile(r"none of the", re.I)
#: An answer taken back by name after a correction cue: "The answer is B. Wait, actually it's not B either: ...",
#: "Hmm, no, that's not (B)." (``decide._withdrawn``; with nothing committed after it the reply commits to nothing;
#: "it's not B, it's C" commits to C, read as a self-correction first).
TAKEN_BACK = lazy_compile(
    # the cue words, then at once the denial ("There is no reason to think it's not B" denies nothing)
    r"(?:\b(?i:wait|actually|hmm+|no|on\s+second\s+thought)\b[\s,;:.!—–-]*)+"
    # ("it's not B", "it isn't B", or a bare "not B": "Hmm, no, not B.")
    r"(?:(?i:it'?s|it\s+is|that'?s|that\s+is|the\s+answer\s+is|the\s+answer'?s)\s+(?i:not)|"
    r"(?i:it|that|the\s+answer)\s+(?i:isn'?t)|(?i:not))\s+"
    r"(?:(?i:option|choice)\s+)?[\(\[]?\*{0,2}(?P<letter>[A-J])\*{0,2}[\)\]]?(?![A-Za-z0-9'’])"
    r"(?!\s+(?i:that|which|who)\b)")  # "it's not B that fails" is a cleft about B, not a denial of it
TAKEN_BACK_HINTS = ("wait", "actually", "hmm", "no", "second thought")  # with " not " (a cheap check first)
#: A clause opened by a condition ("if the radius is 1, the answer is \\boxed{C}", "若半径为 1，则答案为 C"): two
#: answers naming different options, each under its own condition, are a hedge (``decide._hedge``).
#: ("When all is considered, ..." is no condition, so "when" is not one; "当…时" is, "当然" is not)
CONDITION_OPEN = lazy_compile(r"[\s*_>#-]*(?:(?i:if|suppose|assuming)\b|若|如果|假如|假设|假設|[当當](?=[^，,。；;]{1,30}时))")
#: A choice the same sentence takes back with a pronoun after "but" ("The oceans would make me go with C, but the
#: dust rules it out", "I'd pick B, but that's wrong"): read from right after the commitment; the choice is no
#: answer (``decide._kept``). A pronoun that names something else ("but it is not obvious") takes nothing back.
RETRACTED_AFTER = lazy_compile(
    r"[^.!?\n]{0,120}?\bbut\b[^.!?\n]{0,80}?(?:\b(?:rules?|ruled|ruling)\s+(?:it|that|this)\s+out\b|"
    r"\b(?:it|that|this)\s*(?:is|'s|was)\s+(?:wrong|incorrect|ruled\s+out|not\s+(?:it|right|correct|the\s+answer)\b))",
    re.I)
RETRACTED_HINTS = ("out", "wrong", "incorrect", "not")

#: A first thought given up ("None of the above seemed right at first, but recounting gives 5"): the clause saying
#: what seemed so at first, up to the "but" that turns from it; an option named there is conceded, not chosen
#: (``content._main_clause``, ``whole.special_option``).
FIRST_THOUGHT = lazy_compile(r"(?:^|(?<=[.!?;\n]\s)|(?<=[.!?;\n]))[^.!?;\n]{0,200}?\b(?:seemed|looked|appeared|sounded)\b"
                             r"[^.!?;\n]{0,60}?\b(?:at\s+first|initially)\s*,?\s*but\b", re.I)
#: An answer marker whose answer says none can be given ("**Answer:** The figure is too small to tell which way the
#: ray is drawn.", "Answer: it cannot be determined from the image"): the reply's stated answer is that it cannot
#: tell, which outranks the weaker conclusions before it (an affirmation met in a walk through the options). Read on
#: the answer's own sentence, when that sentence names no option letter ("Answer: I can't be sure, but B" still
#: reads B).
CANNOT_TELL = lazy_compile(
    r"\b(?:too\s+(?:small|blurry|blurred|low|dark|faint|unclear|ambiguous|pixelated|grainy)|not\s+(?:clear|legible|"
    r"readable)\s+enough|impossible|not\s+possible|cannot|can't|can\s+not|unable)\s+(?:to\s+)?(?:be\s+)?"
    r"(?:tell|told|determine|determined|say|said|decide|decided|answer|answered|read|make\s+out|know|known|judge|"
    r"judged)\b",
    re.I)

#: What the writer could not see: the question's image, figure, chart ... (``CANNOT_SEE``).
_INPUT_WORDS = ("image", "picture", "figure", "chart", "graph", "diagram", "photo", "visual", "plot", "map",
                "screenshot", "illustration", "drawing", "histogram", "scatterplot", "infographic", "table")
_INPUT = "(?:" + "|".join(_INPUT_WORDS) + ")"
_SEE = r"(?:see|view|access|perceive|process|analy[sz]e|interpret|open|look\s+at|examine|inspect|display|read)"
# the input as a whole ("the image", "any images", "the attached figure"), not a part of it ("the label in the image")
_THE_INPUT = (r"(?:the\s+|this\s+|that\s+|any\s+|an\s+|your\s+|these\s+|those\s+)?"
              rf"(?:provided\s+|attached\s+|given\s+|uploaded\s+|actual\s+|accompanying\s+|specific\s+)?"
              # (how many, and its kind: "the pie chart", "the two pie charts", "the stacked bar chart", "the pie-chart")
              r"(?:(?:two|three|four|both|\d{1,2})\s+)?(?:(?:pie|bar|line|scatter|stacked|grouped|flow|area|column|venn|"
              r"tree|data|box|circuit|free-body|force|ray|energy|phase|vector|field|network|"
              # "the velocity–time graph", "the position-time graph", "the v-t graph"
              r"(?:velocity|position|displacement|distance|speed|acceleration|pressure|current|voltage|v|x|s|a|p)"
              r"\s*[–-]\s*(?:time|volume|t|v))[\s-]+){0,2}" + _INPUT + r"s?\b"
              # a view it only finds poor ("I can't see the image clearly") is a doubt, not a refusal
              r"(?!\s+(?:very\s+|too\s+|quite\s+)?(?:clearly|well|properly|fully|completely|perfectly|sharply|"
              r"in\s+(?:full\s+|great\s+|enough\s+|much\s+|fine\s+|finer\s+|high\s+|sufficient\s+|such\s+)?"
              r"(?:detail|resolution)|in\s+full|at\s+(?:this|that|such\s+a|a\s+high|full)\s+resolution)\b)"
              # (nor a part of it: "the pie chart's labels", "the image's fine details")
              r"(?!['’]s\s+\w)")
#: A refusal: the writer says it cannot see the question's input ("As a text-based AI I cannot see the image", "I'm
#: unable to view images", "I am a text-based AI and cannot see images", "the image is not visible to me", "I'm unable to
#: provide an answer without seeing the image", "I can't see or analyze the attached figure", "No image was provided"),
#: or that it cannot find the answer in the input ("I'm unable to determine the answer from the image provided"), or
#: declines the request ("I'm sorry, but I can't assist with that request."). What it mentions
#: after that (a lone or bracketed letter, a closing clause, a conclusion, an option's text, an answer marker or a
#: box) is no reading of the input and commits to nothing (read in ``decide._kept``, ``decide._refusal``). A view
#: it only finds poor ("I'm not able to see the image clearly, but ... the answer is most likely B") is a doubt: what
#: follows it still commits.
CANNOT_SEE = Scan(
    name="cannot-see",
    pattern=lazy_compile(
        r"\bi\s*(?:cannot|can't|can\s*not|am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+able\s+to|'m\s+not\s+able\s+to|"
        r"(?:do\s+not|don't)\s+have\s+(?:the\s+ability|a\s+way)\s+to|have\s+no\s+way\s+to)\s+"
        r"(?:directly\s+|actually\s+|currently\s+|physically\s+)?"
        rf"{_SEE}(?:\s*(?:,|or|and)\s+{_SEE})*\s+{_THE_INPUT}"
        # the writer named as what it is: "I am a text-based AI and cannot see images", "As an AI model, unable to view
        # the figure"
        # (not a third party: "A model that cannot view the line chart would guess A")
        rf"|(?<!\ba\s)\b(?:ai|model|assistant)\b(?!\s+(?:that|which|who)\b)[^.!?\n]{{0,20}}?\s(?:cannot|can't|can\s*not|"
        rf"(?:am\s+)?unable\s+to|"
        rf"(?:am\s+)?not\s+able\s+to)\s+(?:directly\s+|actually\s+|currently\s+|physically\s+)?"
        rf"{_SEE}(?:\s*(?:,|or|and)\s+{_SEE})*\s+{_THE_INPUT}"
        rf"|\bi\s+(?:do\s+not|don't)\s+have\s+access\s+to\s+{_THE_INPUT}"
        # the input said not to reach the writer: "the image is not visible to me", "without seeing the image"
        rf"|(?<!\bin\s)(?<!\bof\s)(?<!\bon\s)\b(?:the|this|that|your)\s+(?:provided\s+|attached\s+|given\s+|"
        rf"uploaded\s+)?{_INPUT}s?\s+(?:you\s+(?:provided|attached|uploaded|shared)\s+)?"
        rf"(?:is|was|are|were)\s+not\s+"
        rf"(?:visible|available|accessible|viewable)\s+to\s+me\b"
        rf"|\b(?:answer|determine|tell|say|help|solve)\s+(?:this\s+|it\s+|that\s+)?(?:question\s+)?without\s+"
        rf"(?:seeing\s+|viewing\s+|access\s+to\s+)?{_THE_INPUT}|\bi\s+(?:would\s+)?need\s+to\s+(?:see|view)\s+{_THE_INPUT}"
        # "Without the image I can't determine this."
        rf"|\bwithout\s+(?:access\s+to\s+|seeing\s+|viewing\s+)?{_THE_INPUT}\s*,?\s*i\s*(?:cannot|can't|can\s*not|"
        rf"am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+able\s+to|'m\s+not\s+able\s+to)\s+"
        rf"(?:answer|determine|tell|say|help|be\s+sure|solve|"
        # "Without access to the image I can't read the jersey number." (not "..., but the question says ...": it
        # answers from the text)
        rf"(?:read|see)\b(?![^.!?\n]*\b(?:but|however|still|though)\b))"
        # the input said not to have reached the writer: "the image did not come through", "The image wasn't provided"
        rf"|(?<!\bin\s)(?<!\bof\s)(?<!\bon\s)\b(?:the|this|that|your)\s+(?:provided\s+|attached\s+|given\s+|"
        rf"uploaded\s+)?{_INPUT}s?\s+(?:(?:is|was|are|were)(?:\s+not|n't)\s+(?:provided|attached|included|loaded|"
        rf"uploaded|shown|displayed)\b(?!\s+to\s+scale)|(?:did\s+not|didn't|does\s+not|doesn't|has\s+not|hasn't)\s+"
        rf"(?:come\s+through|load|loaded|appear|display|show\s+up|upload|uploaded|attach)\b)"
        # in Chinese: "没有图片", "我无法查看图片", "我看不到这张图片"
        rf"|(?:没有|未(?:提供|附上?|上传)|缺少|看不到|看不见|无法(?:查看|看到|看见|显示|加载|打开|读取)|不能(?:查看|看到|看见))"
        rf"(?:这张|这幅|该|此|所给的?|任何|题目中的|题中的)?(?:图片|图像|图表|照片|附图|插图)"
        rf"|\bno\s+{_INPUT}s?\s+(?:is\s+|was\s+|has\s+been\s+)?(?:provided|attached|shown|included|given|uploaded)"
        # the answer said not to be found in the input at all: "I'm unable to determine the answer from the image
        # provided" (not a part of it: "I can't determine the exact value from the image" is a doubt)
        rf"|\b(?:cannot|can't|can\s*not|unable\s+to|not\s+able\s+to|(?<!\bnot\s)impossible\s+to|"
        rf"not\s+possible\s+to)\s+(?:determine|tell|say|identify)\s+"
        rf"(?:the\s+(?:correct\s+|right\s+)?answer|which\s+(?:option|choice|one)\s+is\s+correct)\s+"
        rf"(?:from|based\s+on|using)\s+{_THE_INPUT}"
        # (not with certainty only: "... from the image provided with certainty, but ... C" is a doubt; nor a question)
        rf"(?!(?:\s+(?:provided|given|alone))?\s*\?)(?!(?:\s+(?:provided|given|alone))?\s+(?:with\s+(?:absolute\s+|complete\s+|full\s+)?(?:certainty|"
        rf"confidence)|for\s+(?:sure|certain)|definitively|conclusively|precisely|exactly)\b)"
        # a refusal to take the request at all: "I'm sorry, but I can't assist with that request."
        rf"|\bi\s*(?:cannot|can't|can\s*not|am\s+unable\s+to|'m\s+unable\s+to|am\s+not\s+able\s+to|"
        rf"'m\s+not\s+able\s+to|won't)\s+(?:assist|help)\s+with\s+(?:that|this)(?:\s+request)?\s*[.!]",
        re.I,
    ),
    # one scan for the thirteen words, or the verbs of a refusal to help
    needs=Needs.match(lazy_compile("|".join(_INPUT_WORDS))) | Needs.any("assist", "help", "图", "照片"),
)

#: After "no figure is provided" (a fact about the prompt, not the writer's inability to see), the reply saying it
#: can do without the input ("However, the problem is self-contained and clearly describes the scenario", "but the
#: problem statement is clear enough") goes on to answer: that match is no refusal (read in ``reader.cannot_see``).
CANNOT_SEE_WAIVED = lazy_compile(
    r"[^.!?\n]{0,80}[.!?]?\s{0,3}(?:however|but|nevertheless|still)\b[^.!?\n]{0,160}?\b(?:self-contained|"
    r"clear\s+enough|enough\s+information|sufficient\s+information|(?:fully\s+|clearly\s+)?describes\b|"
    r"can\s+(?:still\s+)?(?:be\s+)?(?:solved|answered|determined|solve|answer|determine)\b)", re.I)

#: After "I can't view the circuit image directly", the reply saying it answers from the question's words ("so I'm going
#: on the description", "so I'll work from the text"): no refusal (read in ``reader.cannot_see``).
FROM_THE_TEXT = lazy_compile(
    r"[^.!?\n]{0,20}?[,;:—–-]?\s*(?:(?:so|but|and)\s+(?:i'?m|i\s+am|i'?ll|i\s+will|let\s+me|we'?ll)\s+(?:be\s+)?"
    r"(?:going|go|going\s+to\s+go|working|work|relying|rely|basing\s+(?:this|it|my\s+answer))\s+(?:on|by|from)\s+"
    r"(?:the\s+)?(?:description|text|question|wording|problem\s+statement|information\s+given)\b|"
    # "..., but the question gives the two points I need"
    r"but\s+the\s+(?:question|problem|text|description)(?:\s+itself)?\s+(?:gives|states|provides|says|tells|lists)\b)",
    re.I)

#: what every ``CANNOT_SEE`` match holds besides a word naming the input (lower-cased): a negation or an inability
#: word, checked before the scan runs (most replies that name the image say nothing of not seeing it)
CANNOT_SEE_HINTS = ("cannot", "can't", "can not", "unable", "not able", "have", "not visible", "not available",
                    "not accessible", "not viewable", "without", "need", "no ", "won't", "impossible", "not possible",
                    "not provided", "not attached", "not included", "not loaded", "not uploaded", "not shown",
                    "not displayed", "n't provided", "n't attached", "n't included", "n't loaded", "n't uploaded",
                    "n't shown", "n't displayed", "come through", "not load", "n't load", "not appear", "n't appear",
                    "not display", "n't display", "show up", "not upload", "n't upload", "not attach", "n't attach",
                    "没有", "未", "缺少", "看不", "无法", "不能")

CORRECTION_CUE = Scan(
    name="correction-cue",
    pattern=lazy_compile(
        r"(?:\bno\s*,?\s*wait\b|\bwait\s*,?\s*no\b|\bwait\b|\bactually\b|\bi\s+meant?\b|\bcorrection\b|"
        r"\bon\s+second\s+thought\b|\bon\s+(?:further\s+)?reflection\b|\bchanged?\s+my\s+mind\b|"
        r"\bscratch\s+that\b|\bsorry\b|\boops\b|\bhmm+\s*,?\s*no\b|\bno\s*[,.;!—–-]|"
        r"\brather\b|\blet\s+me\s+(?:correct|reconsider|revise)\b|\bi\s+take\s+(?:that|it)\s+back\b|"
        r"\bchange\s+(?:my\s+answer|it|that)\s+to\b|\bi\s+was\s+wrong\b|\bmy\s+mistake\b|\b(?:edit|update)\s*:|"
        r"\bnon\s*[,.;!—–]|\bnein\s*[,.;!—–-]|\ben\s+fait\b|"
        r"不对|不，|更正|应该是|改为|改成|改选|訂正|정정|아니(?:요|오)?\s*[,.])",
        re.IGNORECASE,
    ),
    needs=Needs.any("wait", "actually", "mean", "correction", "thought", "reflection", "mind", "scratch", "sorry", "oops",
                    "hmm", "rather",
                    "let", "back", "change", "wrong", "mistake", "edit", "update", "不对", "不，", "更正", "应该是",
                    "fait", "改为", "改成", "改选", "訂正", "정정", "아니")
    | Needs.any("nein") | Needs.match(lazy_compile(r"non?\s*[,.;!—–-]")),
    # the common word boundary taken out of the alternation (same matches, faster scan)
    twin=lazy_compile(
        r"(?:\b(?:no\s*,?\s*wait\b|wait\s*,?\s*no\b|wait\b|actually\b|i\s+meant?\b|correction\b|"
        r"on\s+second\s+thought\b|on\s+(?:further\s+)?reflection\b|changed?\s+my\s+mind\b|"
        r"scratch\s+that\b|sorry\b|oops\b|hmm+\s*,?\s*no\b|no\s*[,.;!—–-]|"
        r"rather\b|let\s+me\s+(?:correct|reconsider|revise)\b|i\s+take\s+(?:that|it)\s+back\b|"
        r"change\s+(?:my\s+answer|it|that)\s+to\b|i\s+was\s+wrong\b|my\s+mistake\b|(?:edit|update)\s*:|"
        r"non\s*[,.;!—–]|nein\s*[,.;!—–-]|en\s+fait\b)|"
        r"不对|不，|更正|应该是|改为|改成|改选|訂正|정정|아니(?:요|오)?\s*[,.])"
    ),
)
# a correction cue strong enough to retract an answer given as option text ("Vitamin D — sorry, I meant C")
STRONG_CUE = lazy_compile(r"wait|sorry|meant|correction|scratch|second\s+thought|was\s+wrong|mistake|reconsider|"
                         r"revise|oops|take\s+(?:that|it)\s+back|(?:edit|update)\s*:|不对|更正", re.I)

# a reply that means the option "Cannot be determined" / "Not enough information" ...
UNDETERMINED = lazy_compile(
    r"(?:cannot|can't|can\s+not)\s+be\s+(?:determined|decided|told|known)|(?:cannot|can't|unable\s+to|"
    r"impossible\s+to)\s+"
    r"(?:determine|decide|tell|say)|not\s+(?:enough|sufficient)\s+(?:info|information|data|evidence|context)\b|"
    r"insufficient\s+(?:info|information|data|evidence|context)|undeterminable|indeterminable|not\s+determinable",
    re.I)
# ... or "None of the above"
NONE_ABOVE = lazy_compile(r"\bnone\s+of\s+(?:the\s+)?(?:above|these|those|them|options|choices|answers)|"
                         r"\bno\s+(?:option|choice|answer)\s+(?:is|above)|"
                         r"there\s+is\s+no\s+(?:correct|right|valid)\s+(?:answer|option)|"
                         r"以上(?:选项|答案|各项)?\s*(?:都|均|全)\s*(?:不对|不正确|错误|不是)", re.I)

# ... or "None" / "Neither" / "0", which a reply saying "none", "neither of them", "there are no cats" names
NONE_OPTION = lazy_compile(r"(?:none|neither|nothing|nobody|no\s+one|zero|0)(?:\s+(?:of\s+(?:them|these|those|the\s+\w+)|"
                         r"one|at\s+all))?")
#: ("There is no way to tell", "no information", "no image": what cannot be known, a refusal, not "none")
_NO_KNOWING = (r"(?!\s+(?:way|clear|information|info|indication|evidence|image|picture|photo|context|data|answer|"
               r"option|choice|correct|right|definitive|certain|sure|enough|sufficient|idea|doubt|reason|need|mention)\b)")
NONE_REPLY = lazy_compile(
    r"^\W*(?:none|neither|nothing|nobody|no\s+one|zero)\b|"
    rf"\bthere\s+(?:is|are|was|were|'s)\s+(?:no{_NO_KNOWING}|none|nothing)\b|"
    r"\b(?:none|neither)\s+of\s+(?:them|the\s+\w+)\b|"
    rf"\bno{_NO_KNOWING}\s+\w+\s+(?:is|are|was|were)\s+(?:visible|present|shown|seen|found|there)\b|"
    rf"\b(?:contains?|has|have|shows?|see|sees|find|finds|holds?)\s+no{_NO_KNOWING}\b",
    re.I)
#: the short forms only, for an option "None of the above" (a reply "There is no X" is about the question's objects)
NONE_SHORT = lazy_compile(r"^\W*(?:none|neither|nothing)\b", re.I)

# ---- verdicts next to an option letter ----------------------------------------------------------------------

POS_AFTER = lazy_compile(
    r"\s*(?:is|seems|looks|appears|would\s+be|must\s+be|should\s+be)\s+(?:to\s+be\s+)?(?:the\s+)?"
    r"(?:most\s+)?(?:correct|right|true|accurate|best|answer\b|one\s+(?:that|which)|most\s+likely|likeliest|"
    r"valid\s+(?:answer|option|choice)|appropriate|plausible|closest|better|more\s+(?:accurate|likely|consistent|"
    r"plausible)|"
    r"(?:the\s+)?best\s+fit)|\s*(?:matches|fits|works|satisfies)\b",
    re.IGNORECASE,
)
# (an appositive's comma may come first: "By elimination the remaining option, C, is the answer.")
STRONG_AFTER = lazy_compile(
    r"\s*+,?\s*(?:is|would\s+be)\s+(?:the\s+)?(?:correct\s+|right\s+|best\s+|final\s+)?(?:answer|option|choice)\b",
    re.IGNORECASE,
)
CN_POS_AFTER = lazy_compile(r"\s*(?:选项|項)?\s*(?:是正确的|正确|是对的|对|符合)")
# "D 不对", "D 也不对", "C 同样错误": an adverb of addition or degree between the option and its verdict ("also",
# "likewise", "clearly") still says the option is wrong
CN_NEG_AFTER = lazy_compile(r"\s*(?:选项|項)?\s*(?:也|亦|同样|显然|明显|也是|还是)?\s*(?:错误|不正确|不对|是错的|错)")
# Every verdict pattern tried after a mention (CN_NEG_AFTER, STRONG_AFTER, POS_AFTER, CN_POS_AFTER) starts
# like this; a mention followed by anything else is skipped at once.
AFTER_ANY = lazy_compile(r"\s*+,?\s*(?:is|would|seems|looks|appears|must|should|matches|fits|works|satisfies|"
                        r"[选項是正对符错不也亦同显明还])", re.I)
AFTER_WORDS = ("is", "would", "seems", "looks", "appears", "must", "should", "matches", "fits", "works",
                "satisfies", "选", "項", "是", "正", "对", "符", "错", "不", "也", "亦", "同", "显", "明", "还")
# words every "A and C are wrong" (after the letters) and "not B" / "rule out B" (before them) match holds
NEG_WORD_HINTS = ("wrong", "incorrect", "false", "not", "invalid", "out", "eliminated", "excluded", "discarded",
                   "impossible", "unlikely", "implausible", "inaccurate", "irrelevant", "distractor", "n't")
NEG_BEFORE_HINTS = ("not", "n't correspond", "n't match", "n't equal", "n't fit", "non", "eliminat",
                     "rule", "ruling", "exclud", "except", "rather", "instead", "neither", "nor",
                     "discard", "remove", "cross", "wrong", "incorrect", "false", "mistake", "error", "unwise", "排除",
                     "不是", "不选")
NEG_BEFORE_ASCII = tuple(w for w in NEG_BEFORE_HINTS if w.isascii())
MARKS = "✅✔✓☑❌✗✘×"

# ---- two answers side by side, or a revision --------------------------------------------------------------

#: The words that may stand between two answers "side by side" (a hedge: "\\boxed{B} or \\boxed{C}", "Answer: B
#: / Answer: D", "If it's 8, the answer is C; if it's 3, A"): the answer markers' own words and the words offering
#: alternatives. Any other word between them is new reasoning or a revision ("ANSWER: A\\nreasoning\\nANSWER: B",
#: "I first said ANSWER: A but ANSWER: C is correct", "first <ANSWER> A </ANSWER> then <ANSWER> D </ANSWER>",
#: "答案：A，再改为答案：C"): the later answer stands.
SIDE_BY_SIDE_WORDS = frozenset(
    "or and either if maybe perhaps possibly the a is it it's its would be could answer answers final boxed fbox "
    "framebox option options choice letter my so réponse respuesta resposta risposta antwort la le el est es ist die "
    "ou oder et und y".split())
#: the same for text without spaces between words (Chinese, Japanese, Korean): a run of these characters
SIDE_BY_SIDE_CHARS = frozenset("或者和与及答案是为為选選应該该如果정답또는혹은")
WORD_RUNS = lazy_compile(r"[^\W\d_\u2e80-\u9fff\uac00-\ud7af]+|[\u2e80-\u9fff\uac00-\ud7af]+")  # words; CJK runs

#: A second option offered in the answer's own sentence (a hedge): "(B) London or (C) Berlin", "B (London)
#: or C (Berlin)", "D) attic or E) cupboard", "B, although C is possible too", "B seems right, but C could also be correct", "probably B; C is
#: also possible", "likely B, but it could be C", "C seems plausible, but so does A"; a group holds the other letter
#: (read in ``hedges.HedgeReading``).
HEDGE_OTHER = lazy_compile(
    r"\b(?i:or)\s+(?:(?i:option|choice)\s+)?(?:[\(\[]([A-Z])[\)\]]|([A-Z])(?=\s*[\(\[]|\)))"
    # ("B, although C is possible too", "C, but honestly D is equally likely")
    r"|(?:\b(?i:although|though|but|while)(?:,?\s+(?i:honestly|frankly|admittedly|realistically|then\s+again),?)?"
    r"|(?<=[;,])|(?<=[;,]\s))\s*(?:(?i:option|choice)\s+)?[\(\[]?([A-Z])[\)\]]?\s+"
    r"(?i:is|seems|could|might|may)(?:\s+(?i:also|equally|just\s+as))?(?:\s+(?i:be))?(?:\s+(?i:also|equally|just\s+as))?"
    r"\s+(?i:possible|plausible|correct|right|likely|valid|defensible|reasonable|probable)"
    r"|\b(?i:but|though|although)\s+(?i:it)\s+(?i:could|might|may)\s+(?:(?i:also|equally)\s+)?(?i:be)\s+"
    r"(?:(?i:option|choice)\s+)?[\(\[]?([A-Z])[\)\]]?(?![A-Za-z0-9])"
    # "C seems plausible, but so does A", "B fits, and so does D": another option said to do just as well
    r"|\b(?i:but|and)\s+(?i:so)\s+(?i:does|do|is|would|could|might)\s+(?:(?i:option|choice)\s+)?"
    r"[\(\[]?([A-Z])[\)\]]?(?![A-Za-z0-9])"
    # "The answer is B if AB = 3, and C if AB = 4": another option under another condition
    r"|(?<=[,;])\s*(?:(?i:and|or|but)\s+)?(?:(?i:option|choice)\s+)?[\(\[]?([A-Z])[\)\]]?\s+(?i:if|when|for)\s"
    r"(?=[^.;]{0,80}$|[^.;]{0,80}[.;])")
#: A reply opening with a sub-part label, not an option ("(a) First, ...", "a) To find x, ..."): the label starts the
#: first of its parts, followed by an opener of steps (read in ``whole.leading``; a later "(b)" line says the same).
SUB_PART_OPENER = lazy_compile(r"\s*(?:(?:first(?:ly)?|second(?:ly)?)\s*,|(?:to\s+(?:find|begin|start|solve|compute)|"
                             r"let(?:'s|’s)|we\s+(?:first|start|begin|need)|step\s*1)\b)", re.I)

#: An echoed format placeholder ("ANSWER: [LETTER]", "Answer: $LETTER", "<your answer>"): the prompt's template
#: copied back, no answer. A reply whose text after its reasoning block is only that keeps the block (the
#: answer was given there).
PLACEHOLDER = lazy_compile(
    r"\s*(?:(?:final\s+)?(?:answer|choice|option)\s*[:：=]?\s*)?"
    r"(?:[\[{<(]\s*\$?|\$)(?:the\s+|your[\s_]+)?(?:letter|answer|choice|option|correct[\s_]+(?:letter|answer|option)|"
    r"x|xx)(?:[\s_]+(?:letter|here|of\s+(?:your|the)\s+(?:choice|answer)))?\s*[\]}>)]?\s*\.?\s*",
    re.I)

#: A chat transcript decoded whole (the prompt kept before the reply: "USER: ... answer: ASSISTANT: A",
#: "<|im_start|> user ... <|im_start|> assistant\nB", "[INST] ... [/INST] C"): the reply is the model's last turn,
#: the text after the last ``ASSISTANT_TURN``, when a ``USER_TURN`` comes before it. The prompt's few-shot answers
#: and its option list are not the model's. A role name needs its colon or its chat token: "the assistant said"
#: in prose is no turn, and an "Assistant:" with no user turn before it is left as it is.
ASSISTANT_TURN = lazy_compile(r"(?:(?<![^\s>])(?:ASSISTANT|Assistant)\s*:|<\|im_start\|>\s*assistant\b|"
                              r"<\|assistant\|>|\[/INST\]|<start_of_turn>\s*model\b)")
USER_TURN = lazy_compile(r"(?:(?<![^\s>])(?:USER|User|HUMAN|Human)\s*:|<\|im_start\|>\s*user\b|<\|user\|>|\[INST\]|"
                         r"<start_of_turn>\s*user\b)")
#: what every transcript's assistant turn contains (a cheap pre-check before the patterns above)
TURN_HINTS = ("ssistant", "SSISTANT", "[/INST]", "<start_of_turn>")


def last_turn(text: str) -> str:
    """The model's last turn of a decoded chat transcript (``ASSISTANT_TURN``), else ``text`` unchanged: the text
    after the last assistant marker that has a user turn before it, up to the next user turn; an empty last turn
    gives way to the one before it ("... ASSISTANT: C USER: and now? ASSISTANT: " reads C), and a transcript whose
    every assistant turn is empty is empty."""
    if not any(hint in text for hint in TURN_HINTS):
        return text
    turns = list(ASSISTANT_TURN.finditer(text))
    first_user = USER_TURN.search(text, 0, turns[-1].start()) if turns else None
    if first_user is None:
        return text
    for turn in reversed(turns):
        if turn.start() < first_user.end():
            break
        after = USER_TURN.search(text, turn.end())  # the turn runs to the next user turn
        said = text[turn.end():after.start() if after is not None else len(text)]
        if said.strip():
            return said
    return ""


#: A question the reply goes on to invent after its answer, with an option list of its own ("75%\n\nWhat was the
#: average ...? Select from A, B, C, and D. (A) 5 (B) 3 ..."): a line whose question mark is followed by a lettered
#: list (after "Select from ..." at most), or by option lines ("A. 0.1\nB. 0.2", ``OTHER_QUESTION_LINES``). It is another question when a listed option's text is not the text of
#: that letter's option: the reply's answer is the text before it. Its options listed as they are given (the
#: question echoed back) are no new question.
OTHER_QUESTION = lazy_compile(r"(?m)^[^\n]*\?[ \t]*(?:\(?(?i:select|choose)\s+from\b[^()\n]{0,40}[ \t]*)?"
                              r"\(A\)[^\n]*\(B\)[^\n]*$")
_LISTED_OPTION = lazy_compile(r"\(([A-Z])\)\s*([^()\n]*?)\s*(?=\([A-Z]\)|$)")
#: ... or with its options on lines of their own ("Question 2: What is the loss at epoch 10?\nA. 0.1\nB. 0.2")
OTHER_QUESTION_LINES = lazy_compile(r"(?m)^[^\n]*\?[ \t]*\n[ \t]*\(?A[.):][^\n]*(?:\n[ \t]*\(?[B-J][.):][^\n]*)+")
#: ... or one labelled as new: "Next question: ...?", "Another question: ...?", "Question 2: ...?" on a line of its own
NEW_QUESTION = lazy_compile(r"(?im)^[ \t*#]*(?:(?:next|new|another|follow-up|bonus)\s+question|question\s*(?:[2-9]|\d{2,}))"
                            r"\b[^\n]*\?")
_LINE_OPTION = lazy_compile(r"(?m)^[ \t]*\(?([A-J])[.):][ \t]*([^\n]*?)[ \t]*$")


def before_other_question(text: str, names: Callable[[str, str], bool],
                          mentions: Callable[[str, str], bool] | None = None) -> str:
    """``text`` up to the first line that poses another question with options of its own (``OTHER_QUESTION``,
    ``OTHER_QUESTION_LINES``, ``NEW_QUESTION``),
    when some text comes before it; else ``text`` unchanged. ``names(letter, text)`` says whether ``text`` is the
    text of option ``letter`` (any way the reader reads an option's text). Option lines are another question's only
    when none of them holds its letter's own option text (``mentions(letter, text)``, default ``names``): lines
    such as "A. The loss decreases: no" walk through the question's own options."""
    mentions = mentions or names
    if "?" not in text:
        return text
    found = []
    if "uestion" in text:
        # a question the reply labels as a new one ("Next question: ...?", "Question 2: ...?") is another question
        # whatever its options
        found += [m.start() for m in NEW_QUESTION.finditer(text)]
    if "(B)" in text:
        for m in OTHER_QUESTION.finditer(text):
            listed = _LISTED_OPTION.findall(text, m.start() + m.group(0).index("(A)"), m.end())
            if any(not names(letter, body) for letter, body in listed if body):
                found.append(m.start())
    if "\nB" in text:
        for m in OTHER_QUESTION_LINES.finditer(text):
            listed = _LINE_OPTION.findall(text, text.index("\n", m.start()) + 1, m.end())
            if not any(mentions(letter, body) for letter, body in listed):
                found.append(m.start())
    for start in sorted(found):
        if text[:start].strip():
            return text[:start]
    return text


# ---- counterfactual clauses -------------------------------------------------------------------------------

#: A counterfactual clause ("If the axis were logarithmic, it would be C.", "Had the sample been larger, the answer
#: would be A", "C would be correct if we ignored friction"): what it names is no commitment. A clause (the text
#: between sentence ends, semicolons and turns such as "but") is one when it holds a modal ``COUNTERFACTUAL_MODAL``
#: and a condition ``COUNTERFACTUAL_IF`` (an "if" clause in a past form, an inverted "had" / "were", "otherwise",
#: "without", "unless"), and is not an idiom of choosing (``COUNTERFACTUAL_IDIOM``: "If I had to pick, ...").
COUNTERFACTUAL_MODAL = lazy_compile(r"\b(?:would|could|might)\b|\w'd\b", re.I)
COUNTERFACTUAL_IF = lazy_compile(
    r"\b(?:if|suppose|supposing|assuming)\b[^,;]{0,80}?\b(?:were|had|was|did|didn't|wasn't|weren't|hadn't|knew|is|are|"
    r"[a-z]{2,}ed)\b|^\s*(?:had|were)\s+\w+|\b(?:otherwise|without|unless|in\s+the\s+absence\s+of)\b",
    re.I)
#: A condition in the counterfactual mood commits to nothing even with no modal in its clause ("If the axis were
#: logarithmic, C.", "Had the sample been larger, A."): "if" with a subjunctive "were" or a past perfect, or an
#: inverted "had" / "were" opening the clause.
COUNTERFACTUAL_MOOD = lazy_compile(
    r"\b(?:if|suppose|supposing)\b[^,;]{0,80}?\b(?:were|had\s+(?:been|[a-z]{2,}(?:ed|en|wn)))\b|^\s*(?:had|were)\s+\w+",
    re.I)
COUNTERFACTUAL_IDIOM = lazy_compile(r"\bif\s+(?:i|we)\s+(?:had|were|have)\s+to\s+(?:pick|choose|guess|answer|say|select|"
                                  r"bet|go\s+with)|\bif\s+forced\b|\bif\s+anything\b|\bif\s+it\s+(?:were|was)\s+up\s+to\s+me\b|"
                                  # "Without being able to check the axis scale, I would say C": a pick despite a limit
                                  r"\bwithout\s+being\s+able\s+to\s+\w+[^,;.]{0,80},\s*i(?:\s+would|'d)\s+(?:say|guess|pick|"
                                  r"choose|go\s+with|lean)\b",
                                  re.I)
#: where a clause ends, for the above
CLAUSE_BREAK = lazy_compile(r"[.!?;\n]|\b(?:but|however|whereas|instead|in\s+reality|actually)\b|"
                            # "The answer is E because if it were kept, it would pile up": the condition is the
                            # reason's, stated after the answer, not the answer's
                            r"\b(?:because|since)\b(?=\s*,?\s*if\b)", re.I)

# ---- option places in other languages -----------------------------------------------------------------------

#: ordinal words naming an option by its place (0 the first, -1 the last), in Spanish, Portuguese, Italian, French
#: and German (English ones: ``payload.ORDINAL``); Chinese 第二个 and Korean 두 번째 are in ``ORDINAL_ELSEWHERE``
ORDINAL_WORDS: dict[str, int] = {
    **{w: 0 for w in "primera primero primer primeira primeiro prima primo première premier erste ersten "
                     "erster".split()},
    **{w: 1 for w in "segunda segundo seconda secondo deuxième seconde second zweite zweiten zweiter".split()},
    **{w: 2 for w in "tercera tercero tercer terceira terceiro terza terzo troisième dritte dritten dritter".split()},
    **{w: 3 for w in "cuarta cuarto quarta quarto quatrième vierte vierten vierter".split()},
    **{w: 4 for w in "quinta quinto cinquième fünfte fünften fünfter".split()},
    **{w: -1 for w in "última último ultima ultimo dernière dernier letzte letzten letzter".split()},
}
_CJK_DIGITS = "一二三四五六七八九十"
_KO_COUNTS = ("첫", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열")
#: a place named in another language at the start of an answer: the word, then an option noun or the clause's end
ORDINAL_ELSEWHERE = lazy_compile(
    r"(?:(?:la|el|le|l'|die|der|das|den|il|a|o)\s+)?(" + "|".join(sorted(ORDINAL_WORDS, key=len, reverse=True)) + r")"
    r"(?:\s+(?:opción|opcion|option|opzione|opção|opcao|alternativa|antwort|möglichkeit|réponse|respuesta|"
    r"risposta|resposta|choix|wahl|una|uno|one)\b|(?=\s*(?:[.!,;)]|$)))|"
    r"第\s*([" + _CJK_DIGITS + r"1-9])\s*(?:个|個|项|項)?\s*(?:选项|選項|选择|選擇)?|(最后|最後)\s*一?\s*(?:个|個|项|項)?|"
    r"(" + "|".join(_KO_COUNTS) + r")\s*번째|(마지막)\s*(?:보기|선택지|옵션|답)?",
    re.I)


_ORDINAL_FIRST_WORD = lazy_compile(r"(?:(?:la|el|le|l'|die|der|das|den|il|a|o)\s+)?([^\W\d_]+)", re.I)


def ordinal_elsewhere(p: str, whole: bool = False) -> re.Match[str] | None:
    """``ORDINAL_ELSEWHERE`` matched at the start of ``p`` (``whole``: over all of it), its first word looked up
    in ``ORDINAL_WORDS`` first (most payloads start with none of them)."""
    if p[:1].isascii():
        w = _ORDINAL_FIRST_WORD.match(p)
        if w is None or w.group(1).lower() not in ORDINAL_WORDS:
            return None
    return ORDINAL_ELSEWHERE.fullmatch(p) if whole else ORDINAL_ELSEWHERE.match(p)


def ordinal_place(m: re.Match[str]) -> int:
    """The option place (0 the first, -1 the last) an ``ORDINAL_ELSEWHERE`` match names."""
    word, cjk, cjk_last, ko, ko_last = m.groups()
    if word is not None:
        return ORDINAL_WORDS[word.lower()]
    if cjk is not None:
        return int(cjk) - 1 if cjk.isdigit() else _CJK_DIGITS.index(cjk)
    if ko is not None:
        return _KO_COUNTS.index(ko)
    return -1
