"""Option letters in open-answer rows: a question that lists its own options ("(a) 1 GeV. (b) 1 MeV. (c) 1 KeV.")
is answered by a letter as often as by a value. A grader reads the letter as the option it names: ``\\boxed{B}`` is
"1 MeV" against the gold ``1 \\, \\text{MeV}``, and the option's text ``-1 and 1`` is the gold letter ``B``.

:func:`question_options` reads the options a question lists; :func:`as_option` gives the option an answer names by its
letter. Nothing here evaluates text.
"""

from __future__ import annotations

import re

from ..text.patterns import lazy_compile

__all__ = ["as_option", "option_letter", "question_options", "read_options"]

_LABEL = lazy_compile(r"\(([a-hA-H])\)")
_LETTER = lazy_compile(r"\s*(?:\\text\s*\{|\\mathrm\s*\{|\\textbf\s*\{)?\s*\(?\s*([a-hA-H])\s*\)?\s*\}?\s*[.)]?\s*")


def question_options(question: str) -> dict[str, str]:
    """The options a question lists as ``(a) ... (b) ...`` (or ``(A) ... (B) ...``), lower-cased letter -> text, in
    order from a; {} when it lists fewer than two or not in order."""
    if not question or "(" not in question:
        return {}
    labels = list(_LABEL.finditer(question))
    # the run of labels a, b, c, ... (one case), the first at "(a)"
    run: list[re.Match] = []
    for m in labels:
        letter = m.group(1)
        expected = chr(ord("a" if letter.islower() else "A") + len(run))
        if letter == expected:
            run.append(m)
        elif letter in "aA":
            run = [m]
    if len(run) < 2:
        return {}
    ends = [m.start() for m in run[1:]] + [len(question)]
    options = {m.group(1).lower(): question[m.end():end].strip().rstrip(" \t\n,;.-*•").strip()
               for m, end in zip(run, ends)}  # up to the next label, without the list's bullet or comma
    return options if all(options.values()) else {}


def option_letter(answer: str, options: dict[str, str]) -> str | None:
    """The option letter ``answer`` is (``B``, ``(b)``, ``\\text{B}``), lower-cased, when it names one of ``options``."""
    letters = set()
    for part in answer.strip().strip("$").split(","):  # "B, B": the same letter boxed twice
        m = _LETTER.fullmatch(part)
        if m is None:
            return None
        letters.add(m.group(1).lower())
    letter = letters.pop() if len(letters) == 1 else None
    return letter if letter in options else None


def as_option(answer: str, options: dict[str, str]) -> str:
    """``answer`` read as the option it names by its letter (its text), else ``answer`` unchanged."""
    letter = option_letter(answer, options)
    return options[letter] if letter else answer


def read_options(answer: str, gold: str, question: object) -> tuple[str, str]:
    """Answer and gold with an option letter read as the option it names, when the row's question lists options
    (``(a) 1 GeV. (b) 1 MeV.``): a letter against a letter stays a letter (any case), a letter against a value is
    that option's text. Without a question (or one listing no options) both come back unchanged."""
    options = question_options(question) if isinstance(question, str) else {}
    if not options:
        return answer, gold
    a, g = option_letter(answer, options), option_letter(gold, options)
    if a and g:
        return a, g
    return as_option(answer, options), as_option(gold, options)
