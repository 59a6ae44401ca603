"""The careful multiple-choice reader shared by the ``default`` profile of every multiple-choice benchmark.

``infer_choice(response, options)`` says which option a model chose, the way a careful human reader would:

* letters in any common form: ``B``, ``(b)``, ``B.``, ``B)``, ``Option B``, ``**B**``, ``\\boxed{B}``, ``\\fbox{B}``,
  ``<answer>B</answer>``, "The answer is B", "Final Answer: B", lowercase where it cannot be an English word;
* the option's text instead of its letter, and "answer: 4" meaning the option whose text is ``4`` (option texts
  stay strings: an exact textual match beats a numeric one, so ``0.25`` and ``0.250`` stay different);
* self-corrections ("B, no wait, D" reads D: the last committed answer wins) and eliminations ("A and B are
  wrong, so C"; "A, B and D are incorrect" reads C);
* English articles and pronouns that are not letters ("a decrease in loss", "A dog is ...", "I think");
* Chinese answers (答案是B, 选B, 故选：C, 是 / 否 for Yes / No);
* surface variants of an option's text ("18cm", "top-left", "\\frac{1}{3}", "Cats", "50%" for 0.5, "fifty
  percent"), JSON answer fields, a closing clause ("...: D.", "Total: 4."), "Both" / "Neither" options;
* values written another way ("2/4" for 1/2, "0.4" for 40%, "1.2 × 10²" for 120, "√3/2", a value inside a range
  option, "19:30" for 7:30 PM, "a quarter to ten", "March 6th" for 2024-03-06), Yes / No and True / False by
  meaning ("Nope", "That's correct", "not true", 错误; "partially true" is neither), and a word only one option
  has in a short reply ("Austen." for Jane Austen);
* hedges ("\\boxed{B} or \\boxed{C}", "Answer: B / Answer: D", "B. Hmm, or is it C?", a loop "B. ... C. ... B."),
  a value said to be none of the options and replies cut off before they answered give no letter;
* answer markers in other languages ("【答案】C", "对应选项 B", "La respuesta es la B"), a letter naming the option it
  labels ("R" for "Point R"), options conceded ("While Jupiter ... have faint rings, ... Saturn") or only defined;
* "cannot be determined" / "none of these" as the option saying exactly that, when there is one;
* forms seen in other projects' replies: a revision between two answer markers, an echoed
  ``ANSWER: [LETTER]``, counterfactual clauses ("if ..., it would be C": no commitment), "not B, D", option places
  and markers in other languages (la segunda, 第二个, 정답, Đáp án), Greek letters by name, "None." for the option
  "Neither", "ATP" / "WHO" for an option's short form or initials, options named only as a yardstick ("larger than
  the Atlantic") or years as context ("six years after it began in 1939");
* forms of vision-language replies: a chat transcript read from the model's last turn, an opening label outranked
  by the reply's closing statement of another option ("(B) ... Therefore, Country 4 exhibits ..."), options told
  apart by their opening words ("Answer: Country 1") or by the phrase after a shared opening, a question the reply
  invents after its answer left unread, an end-of-text token (``</s>``) dropped; options differing only in case
  ("aa", "Aa", "AA") told apart by the case written, options listing labelled values ("23,500 (France); 23,200
  (UK)") named by a sentence stating each value beside its label; a bare list of every label, or a walk through
  the labels or the options' texts, chooses none;
* readings from our hand-written hard cases: a refusal to see the input voids even a marked or boxed answer after
  it (a poor view is a doubt), letters offered together in any case ("c or d", "(C) and (D)"), "so 7 or 8", "but so
  does A", "my pick is D", an invented question with option lines, an answer saying it cannot tell, an option
  described after a correction cue, an opening label conceded ("C. is tempting, but ..."), a first thought given up,
  ``\\boxed{x = 4}``, a value in another unit symbol ("12 m" is not "12 cm"), "60° or 120°", "50% of the circle",
  a choice taken back in its sentence ("go with C, but ... rules it out"), a change told in phases, a bound on a
  value, "Is it B?", answers under two conditions, "the answer is neither" for "Neither cup", an example's answer
  ("Example answer: B") and a question labelled as new ("Next question: ...?");
* readings from the fifth hard-case batch: a refusal that is not about seeing ("I'm unable to determine the answer
  from the image provided", "I can't assist with that request"), "A 还是 C", "does not correspond to option (B)",
  "Wait, actually it's not B either", answers each under its own condition, an unclosed thinking block reopened and
  cut off, a set of numbers beside another option's letter, a term of a sum with a symbol ("1-i" is not ``1``);
* older behaviours read as principles: a question asked between options, then answered ("是选 A 还是选 C 呢？选 A。"),
  a letter beyond the options that is one option's value ("The answer is $i$."), a set or interval with other spacing;
* misses of the fifth and sixth fresh splits read as principles: a set-builder bar written ``\\mid`` or ``\\vert``
  is ``|``; a closing statement that no option is correct ("最终答案：无正确选项。") or, in Chinese too, that the answer cannot
  be determined ("因此无法确定哪个选项是正确的。"): no choice;
* round 16's readings: units spelt out, in quotients and temperatures told apart ("90 seconds" is the option
  "1.5 min", not "90 min"), a letter after "°" or before "=" no option, the value a longer reply concludes with, a
  letter under a condition on something unseen ("If the bars are in thousands, B."), the first options' labels
  opening sentences in turn (a walk), "the remaining option, C, is the answer", "Therefore, a is the answer", an
  opening option text before a dash, an option text going on as a list of others and "all of them" (no choice), a
  minus between terms of a relation;
* refusals and empty answers: no letter, and the method says why.

It never guesses: anything it cannot read confidently gives ``letter=None``.

How it decides: it collects *commitments* (a letter or option the text commits to), each with a strength tier:
3 for ``\\boxed{}``, answer tags, JSON answer fields and "final answer"; 2 for "the answer is", "I choose",
Chinese markers and a leading option label; 1 for conclusions ("so B", "B is correct", a bold letter, the closing
clause). The last commitment of the
strongest tier wins, and a self-correction after it ("..., no wait, D") overrides it. Without a commitment it
falls back to elimination, then refusal phrases, then the option texts, then a lone letter in a short reply,
then a word only one option has; with none of them, the last readings (``lastly.py``): an option named by its place,
a lowercase letter after an answer tag, a guess opening the reply, a value equal to one option's in another unit or
form. A reply cut off mid-sentence reads only what it committed to before the cut.

Where it lives (``pytest_answerbench/choice/``): ``decide.py`` holds the order of the steps (``STEPS``);
``rules.py`` the answer and conclusion markers (one ``Marker`` record each) and the phrases scanned for
(refusals, correction cues, verdicts); ``reader.py`` collects a reply's commitments, ``payload.py`` reads the text
after a marker, ``whole.py`` the whole-reply forms, ``content.py`` the option texts and their tie-breakers;
``optionset.py`` what depends only on the option set, ``values.py`` numbers, ranges, times and dates,
``normalize.py`` the text forms compared, ``scan.py`` what keeps the scans fast, ``fast.py`` the short paths
for common short replies (a letter alone, a few marked forms).
"""

from __future__ import annotations

import re as _re
from typing import Callable, Mapping

from ..text.patterns import lazy_compile as _lazy

from .decide import read as _read
from .fast import FAST_STARTS as _FAST_STARTS, fast_short as _fast_short, fast_sole as _fast_sole
from .fast_lead import fast_lead as _fast_lead
from .lastly import closing_value as _closing_value
from .lastly import closing_place as _closing_place
from .lastly import closing_rejects_all as _closing_rejects_all
from .lastly import two_cases as _two_cases
from .lastly import last_readings as _last_readings
from .lastly import offered_two as _offered_two
from .lastly import ruled_out as _ruled_out
from .lastly import only_place as _only_place
from .optionset import option_set as _option_set
from .result import ChoiceResult

__all__ = ["ChoiceResult", "infer_choice"]


# a question the reply invents after its answer, on a line of its own: "Question: ...", "Next question: ...", "Q2: ..."
_INVENTED_QUESTION = _lazy(r"\n\s*(?:\*\*)?(?:(?:next|new|another)\s+)?(?:question|problem|q)\s*\d*\s*(?:\*\*)?\s*[:：.]", _re.I)


# a line that is one letter, maybe numbered or bracketed: "1. A", "(B)", "C"
_LISTED_LETTER = _lazy(r"\s*(?:\d{1,2}[.)]\s*)?\(?([A-J])\)?\s*")
_INVENTED_GATE = _lazy(r"(?i)question|problem|\bq\d*\s*[:：.]")


def infer_choice(response: str, options: Mapping[str, str],
                 same_value: Callable[[str, str], bool] | None = None) -> ChoiceResult:
    """Read which option a model's reply chose.

    Args:
        response: the model's reply (any text; None or NaN count as empty).
        options: option letter -> option text, in letter order (``{"A": "cat", "B": "dog"}``).
        same_value: ``(reply, option_text) -> bool``, whether a short reply states the option's value in another form
            (the multiple-choice scorers pass :func:`pytest_answerbench.maths.states_value`); None reads no value so.

    Returns:
        A ChoiceResult; ``letter`` is one of ``options`` or None (never a guess).

    Examples:
        >>> infer_choice("The answer is **B**.", {"A": "cat", "B": "dog"}).letter
        'B'
        >>> infer_choice("A dog, clearly.", {"A": "cat", "B": "dog"}).letter
        'B'
        >>> infer_choice("B, no wait, A", {"A": "cat", "B": "dog"}).method
        'self-correction'
    """
    if response is None or (isinstance(response, float) and response != response):
        return ChoiceResult(None, "empty", "no reply")
    response = str(response)
    stripped = response.strip()
    if not stripped or (len(stripped) <= 4 and stripped.lower() in ("nan", "none", "null", "n/a")):
        return ChoiceResult(None, "empty", "the reply is empty")
    if not options:
        return ChoiceResult(None, "none", "no options to choose from")
    if "\n" in stripped and len(stripped) <= 200:
        listed = [_LISTED_LETTER.fullmatch(line) for line in stripped.splitlines() if line.strip()]
        if len(listed) >= 2 and None not in listed and len({m.group(1) for m in listed}) == len(listed):
            # "1. A\n2. B\n3. C\n4. D": every line one letter, each a different one: the options listed (or two
            # offered, "A\nC"), no choice
            return ChoiceResult(None, "none", "the reply lists option letters, one a line")
    # everything that depends only on the option set is built once per distinct set
    optset = _option_set(tuple((str(k), str(v)) for k, v in options.items()))
    if len(response) <= 60 and response.isascii():
        fast = _fast_sole(response, optset)  # "B", "(b)", "The answer is (B)."
        if fast is None and response.lstrip().startswith(_FAST_STARTS):
            fast = _fast_short(response, optset)  # "\\boxed{B}", "So the answer is **B**."
        if fast is not None:
            return fast
    if response[:1].isupper() and (fast := _fast_lead(response, optset)) is not None:
        return fast  # "Looking at the image carefully. The answer is (B)."
    invented = _INVENTED_QUESTION.search(response, 1) if _INVENTED_GATE.search(response) else None
    if invented is not None and not _INVENTED_QUESTION.match("\n" + response.lstrip()):
        # (not in a reply that opens on a question of its own: a transcript of questions and answers, the row's
        # among them, read as before)
        # "The answer is C.\n\nQuestion: Which is the largest prime less than 50? ... Answer: B": what follows a question
        # the reply invents after committing answers that question, not the row's
        before = infer_choice(response[:invented.start()], options, same_value)
        if before.letter is not None and before.method not in ("option-text", "answer-value", "letter", "sole-letter"):
            return before
    result = _read(response, optset)
    if result.method in ("option-text", "answer-value", "none"):
        # "so I think C — but D is also possible if you count ...": a hedge between two letters, whatever option
        # texts (the years 1945 and 1946) the reply holds
        offered = _offered_two(response, options)
        if offered is not None:
            return offered
    if result.letter is not None:
        # "LCM(4, 6) = 12. ... 24 is a common multiple ... So none of these is correct.", "If ..., 16.7 m/s (A); if ...,
        # 26.8 m/s (B).": the letter read on the way is no choice
        unsettled = _closing_rejects_all(response, options) or _two_cases(response, options)
        if unsettled is not None:
            return unsettled
    ruled = _ruled_out(response, options) if result.method in ("option-text", "answer-value", "letter") else set()
    if result.letter in ruled:
        # "x^2 and cos x satisfy f(−x) = f(x), so they are even. That rules out A and D.": a text met in the reasons
        # of an option the closing sentence rules out, or its letter there, is no choice
        return _closing_place(response, options, same_value) or ChoiceResult(
            None, "none", f"the closing sentence rules out option {result.letter}")
    if result.method in ("option-text", "answer-value"):
        # "The harmonic series diverges; ... the terms n/(n+1) tend to 1. Only the fourth option, the p-series with
        # p = 2, converges.": the option the closing sentence keeps by its place, not a text met in the reasons
        kept = _only_place(response, options)
        if kept is not None and kept.letter != result.letter:
            return kept
    if result.letter is not None and same_value is not None and result.method in ("option-text", "answer-value") \
            and result.detail.startswith("the reply contains the text of option"):
        # "In a triangle with legs 1, ..., so\n\ncos 45° = √2⁄2.": the option a text met on the way names (the option
        # "1") gives way to the one whose value the closing equation states
        valued = _closing_value(response, options, same_value)
        if valued is not None and valued != result.letter:
            return ChoiceResult(valued, "answer-value", f"the closing value equals option {valued}'s (option "
                                                        f"{result.letter}'s text was met on the way)")
    if result.letter is None and result.method == "none":
        # "the third option", "Ans. (a)", "Probably C, ...", "96 hours"
        return _last_readings(response, options, same_value) or _closing_place(response, options, same_value) or result
    if result.letter is None and result.method == "ambiguous":
        # "Dry air is roughly 78% nitrogen, 21% oxygen, .... So it's the third choice in the list.": the options' texts
        # in the reasons, the choice by its place
        return _closing_place(response, options, same_value) or result
    return result
