"""PolyhedronEvaluator text helpers: answer extraction, number words, choice and nominal comparisons, LaTeX tables.

Behaviour follows PuzzleClone PolyhedronEvaluator's ``eval_utils.py`` / ``eval_nominal.py`` (differences in
``docs/profiles-structured.md``). Functions that differ between the profiles take ``fixed``: False reproduces the
reference exactly (quirks included), True applies the plain bug fixes listed in ``docs/profiles-structured.md``.

Third-party parsers (``json_repair``, ``cn2an``, ``word2number``) are imported lazily: the reference uses them,
and matching their repairs and conversions by hand would not be verdict-exact.
"""

from __future__ import annotations

import functools
import re
import string
import warnings
from typing import Any

from ...text.patterns import lazy_compile

__all__ = [
    "convert_word_number",
    "extract_answer",
    "json_repair_loads",
    "multi_answers_mcq",
    "nominal_equal",
    "option_equal",
    "parse_latex_table",
    "remove_punctuation",
    "strict_nominal_equal",
]


class MissingDependency(RuntimeError):
    """A parser the PolyhedronEvaluator scorer needs is not installed."""


def _need(module: str, requirement: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingDependency(
            f"the polyhedron scorer needs {requirement!r} (pip install '{requirement}')"
        ) from None


def json_repair_loads(text: str) -> Any:
    """``json_repair.loads``: the reference's lenient JSON reader."""
    return _need("json_repair", "json_repair>=0.30").loads(text)


# --------------------------------------------------------------------------------------------- extraction

_TEXT_WRAP = lazy_compile(r"\\text\{([^}]*)\}")
_BRACKETS = "{}[]<>()"


def extract_answer(pred_str: Any, last: bool = False) -> Any:
    """Every ``\\boxed{...}`` answer (or ``<answer>`` tag contents) of a model output, as the reference reads them.

    A chunk after a bare trailing ``boxed`` returns ``[""]`` at once (reference quirk, kept in both profiles:
    it is how the reference reads such text and the seed says nothing else).
    """
    if not isinstance(pred_str, str):
        return "" if last else [""]
    text = pred_str.replace("\u043a\u0438", "")
    text = text.split("/think>")[-1].strip()
    found: list[str] = []
    if "boxed" in text:
        for chunk in text.split("boxed")[1:]:
            chunk = chunk.strip()
            if not chunk:
                return "" if last else [""]
            if chunk[0] == "{":
                answer = _brace_body(chunk)
                if "text{" in answer:
                    answer = _TEXT_WRAP.sub(r"\1", answer)
            elif "$" in chunk:
                answer = chunk.split("$")[0].strip()
            else:
                answer = ""
            answer = re.sub(r"\n\s*", "", answer)
            if answer and answer[0] == ":":
                answer = answer[1:]
            if answer and answer[-1] == ".":
                answer = answer[:-1]
            if answer and answer[-1] == "/":
                answer = answer[:-1]
            answer = answer.strip()
            if answer:
                found.append(answer)
    if not found and "</answer>" in text:
        found = [m.strip() for m in re.findall(r"<answer>(.*?)</answer>", text, re.DOTALL)]
    if last:
        return found[-1] if found else ""
    return found


def _brace_body(chunk: str) -> str:
    """The text inside the braces that open ``chunk``.

    When the braces close and a bracket follows at once, the reference keeps going (the ``}`` becomes part of
    the answer) and remembers the text so far as a fallback for an unbalanced end.
    """
    depth = 1
    body: list[str] = []
    backup = ""
    for i, ch in enumerate(chunk[1:]):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                if i < len(chunk) - 2 and chunk[i + 2] in _BRACKETS:
                    backup = "".join(body)
                    depth += 1
                else:
                    break
        body.append(ch)
    answer = "".join(body)
    if depth != 0 and backup != "":
        answer = backup
    return answer


# ------------------------------------------------------------------------------------------- number words

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_SCALES = "hundred thousand million billion trillion".split()


def _english_pattern(fixed: bool) -> re.Pattern[str]:
    words = _UNITS + _TENS + _SCALES
    hyphen_words = _UNITS[1:] + _TENS
    if fixed:
        # Longest alternatives first and a word boundary at the end, so "seventeen" is not read as "seven".
        words = sorted(words, key=len, reverse=True)
        hyphen_words = sorted(hyphen_words, key=len, reverse=True)
    any_word = "|".join(words)
    hyphen = "|".join(hyphen_words)
    end = r"\b" if fixed else ""
    # Reference: the same alternation in dictionary order with no boundary at the end (the 7teen quirk).
    core = rf"(?:{any_word}){end}(?:(?:\s+(?:and\s+)?(?:{any_word}){end})+|-(?:{hyphen}){end})*"
    return lazy_compile(rf"(?<!\S)({core})", re.IGNORECASE)


_ENGLISH = {False: _english_pattern(False), True: _english_pattern(True)}


@functools.lru_cache(maxsize=10000)
def convert_word_number(text: str, fixed: bool = False) -> str:
    """Chinese numerals (cn2an, texts under 300 characters) and English number words to digits."""
    if len(text) < 300:
        try:
            cn2an = _need("cn2an", "cn2an>=0.5")
            with warnings.catch_warnings():
                # cn2an warns about every numeral it cannot read; the reference ignores those too.
                warnings.simplefilter("ignore")
                text = cn2an.transform(text, "cn2an")
        except MissingDependency:
            raise
        except Exception:  # the reference ignores cn2an failures
            pass
    w2n = _need("word2number.w2n", "word2number>=1.1")

    def english(match: re.Match[str]) -> str:
        phrase = re.sub(r"\s+and\s+", " ", match.group(1), flags=re.IGNORECASE)
        try:
            return str(w2n.word_to_num(phrase))
        except Exception:
            return match.group(0)

    return _ENGLISH[fixed].sub(english, text)


# ------------------------------------------------------------------------------------------------ choices

def _normalize_option(answer: str) -> tuple[str | None, str]:
    letter = re.search(r"[A-Za-z]", answer)
    text = re.sub(r"^[A-Za-z][\.\)\s]*", "", answer).strip()
    return (letter.group().upper() if letter else None), text


@functools.lru_cache(maxsize=10000)
def option_equal(pre: str, ref: str) -> bool:
    """Single choice: compare the first ASCII letters (the text parts when either side has none)."""
    p_letter, p_text = _normalize_option(pre)
    r_letter, r_text = _normalize_option(ref)
    if p_letter is None or r_letter is None:
        a, b = p_text, r_text
    else:
        a, b = p_letter, r_letter
    return bool(a and b) and a == b


def _letters(answer: str, fixed: bool) -> str:
    if fixed:
        # Only Latin letters are option letters: "A和C" means A and C.
        chars = {c.upper() for c in answer if c.isascii() and c.isalpha()}
    else:
        chars = {c.upper() for c in answer if c.isalpha()}
    return "".join(sorted(chars))


@functools.lru_cache(maxsize=10000)
def multi_answers_mcq(pre: str, ref: str, score_type: str = "hard", fixed: bool = False) -> bool | float:
    """Multiple choice with several letters: exact letter set (hard) or partial credit for a subset (soft)."""
    p, r = _letters(pre, fixed), _letters(ref, fixed)
    if score_type == "hard":
        return p == r
    if len(p) > len(r):
        return 0.0
    if len(p) == len(r):
        return p == r
    for c in p:
        if c not in r:
            return 0.0
    return len(p) / max(len(r), 1)


# ------------------------------------------------------------------------------------------------ nominal

_EXTRA_PUNCT = "。，、；：？！''（）【】《》……—～·"
_PUNCT_RE = lazy_compile(f"[{re.escape(string.punctuation + _EXTRA_PUNCT)}]")
# Default profile: curly quotes are punctuation too (the reference meant to list them).
_PUNCT_RE_FIXED = lazy_compile(f"[{re.escape(string.punctuation + _EXTRA_PUNCT + '“”‘’')}]")


def remove_punctuation(text: Any, fixed: bool = False) -> str:
    """ASCII punctuation plus the common Chinese marks."""
    if not isinstance(text, str):
        return str(text)
    return (_PUNCT_RE_FIXED if fixed else _PUNCT_RE).sub("", text)


@functools.lru_cache(maxsize=10000)
def nominal_equal(pre: str, ref: str, fixed: bool = False) -> bool:
    """Text answers: punctuation (unless the reference is all punctuation), number words, case, spaces."""
    ref2 = remove_punctuation(ref, fixed)
    if ref2.strip():
        ref = ref2
        pre = remove_punctuation(pre, fixed)
    pre = convert_word_number(pre, fixed)
    ref = convert_word_number(ref, fixed)
    return "".join(pre.lower().split()) == "".join(ref.lower().split())


@functools.lru_cache(maxsize=10000)
def strict_nominal_equal(pre: str, ref: str, score_type: str = "hard") -> bool | float:
    """Exact text after lower-casing and deleting whitespace; soft: longest common substring / longer length."""
    pre = "".join(pre.lower().split())
    ref = "".join(ref.lower().split())
    denom = max(len(pre), len(ref))
    if denom == 0:
        return False if score_type == "hard" else 0.0
    if score_type == "hard":
        return pre == ref
    best = 0
    row = [0] * (len(ref) + 1)
    for a in pre:
        prev = 0
        for j, b in enumerate(ref, 1):
            keep = row[j]
            row[j] = prev + 1 if a == b else 0
            best = max(best, row[j])
            prev = keep
    return best / denom


# ---------------------------------------------------------------------------------------------- LaTeX tables

_BEGIN_END = lazy_compile(r"begin\{([^{}]+)\}(?:{[^{}]*})?(.*?)\\end\{\1\}", re.DOTALL)


def _begin_end_body(text: str) -> str:
    """The body of the first ``\\begin{X}...\\end{X}``, innermost first; the stripped text when there is none."""
    found = [m[1].strip() for m in _BEGIN_END.findall(text)]
    if not found:
        return text.strip()
    body = found[0].strip().strip("\\").strip()
    inner = _begin_end_body(body)
    return inner if inner else body


def _token_count(text: str) -> int:
    return len(re.split(r"\W+", text))


def parse_latex_table(latex: str) -> list[Any]:
    """Rows (``\\\\`` or a literal ``\\n``) and cells (``&``) of a LaTeX array/matrix; JSON-looking bodies repaired."""
    content = _begin_end_body(latex)
    data: list[Any] = []
    if not content:
        return data
    if "\\hline" in content:
        content = content.split("\\hline")[1]
    sep = "\\\\" if "\\\\" in content else ("\\n" if "\\n" in content else None)
    if content.startswith("["):
        data = json_repair_loads(content)
        if _token_count(str(data)) <= _token_count(content) // 1.1:
            wrapped = "[" + (content.replace(sep, ",") if sep is not None else content) + "]"
            data = json_repair_loads(wrapped)
    elif sep is not None:
        for row in content.split(sep):
            data.append([c.strip() for c in row.split("&")] if "&" in row else row.strip())
    elif "&" in content:
        data = [c.strip() for c in content.split("&")]
    else:
        data = [content.strip()]
    if isinstance(data, list):
        for i, cell in enumerate(data):
            if isinstance(cell, str) and "[" in cell and "]" in cell:
                try:
                    data[i] = json_repair_loads(cell)
                except MissingDependency:
                    raise
                except Exception:
                    pass
    return data
