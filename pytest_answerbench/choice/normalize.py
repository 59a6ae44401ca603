"""Text forms the reader compares: the normalised reply, option texts, loose keys and word stems.

Also the boundary tests an occurrence of an option's text must pass (no longer word or number around it). (The
condition under which the lower-cased text lines up with the text for case-insensitive scans, ``fold_safe``, is
shared with the maths reader: ``pytest_answerbench/text/fold.py``.)
"""

from __future__ import annotations

import re
import unicodedata

from ..text.patterns import lazy_compile
from .rules import PLACEHOLDER, last_turn

# an option label set in bold by LaTeX: "\textbf{(B)}"
_BOLD_LABEL_CMD = lazy_compile(r"\\textbf\s*\{\s*\(([A-J])\)\s*\}")
_TEXT_CMD = lazy_compile(r"\\(?:text|textbf|mathrm|mathbf|textit|mbox)\s*\{([^{}]*)\}")
# "\\frac{1}{3}", "\\dfrac{2}{3}", and the shorthand with two digits "\\frac14"
_LATEX_FRAC = lazy_compile(r"\\[dt]?frac\s*(?:\{([^{}]*)\}\s*\{([^{}]*)\}|(\d)(\d)(?!\d))")


def _as_slash(m: re.Match[str]) -> str:
    return f"{m.group(1)}/{m.group(2)}" if m.group(3) is None else f"{m.group(3)}/{m.group(4)}"
_TEXT_CMD_NORM = lazy_compile(r"\\(?:text|textbf|mathrm|mathbf)\s*\{([^{}]*)\}")
_DROP_CHARS = "*$`\"“”"
_ARTICLE_START = lazy_compile(r"(?:a|an|the)\s+")
# superscript exponents, written "^" before NFKC turns "10²" into "102"
_SUPERSCRIPT_EXP = lazy_compile(r"(?<=[0-9A-Za-z)])([⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")  # (any base: "2¹⁰" is 2^10, not 210)
_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_TEX_SQRT = lazy_compile(r"\\sqrt\s*(?:\{([^{}]*)\}|(\d))")
_TEX_PI = lazy_compile(r"\\pi(?![A-Za-z])")
# the minus sign (U+2212) of a number is its hyphen-minus: "−1/2" is the option "-1/2" (one character for one)
# (and between two terms: "x − y > 0" is the option "x - y > 0")
_MINUS_SIGN = lazy_compile(r"−(?=\s?[\w.√π\\(])")


def _superscripts(text: str) -> str:
    """``10²`` written ``10^2``, ``2¹⁰`` ``2^10`` (NFKC alone would make them ``102``, ``210``)."""
    return _SUPERSCRIPT_EXP.sub(lambda m: "^" + m.group(1).translate(_SUPERSCRIPT_DIGITS), text)


def _tex_symbols(text: str) -> str:
    """``\\sqrt{3}`` and ``\\pi`` written as the symbols (so ``\\frac{\\sqrt{3}}{2}`` becomes ``√3/2`` below)."""
    if "sqrt" in text:
        text = _TEX_SQRT.sub(lambda m: "√" + (m.group(1) if m.group(1) is not None else m.group(2)), text)
    if "pi" in text:
        text = _TEX_PI.sub("π", text)
    return text


# end-of-text tokens closing a decoded reply (each may be repeated, with spaces around)
_END_TOKENS = lazy_compile(r"(?:\s*(?:</s>|<\|endoftext\|>|<\|im_end\|>|<\|eot_id\|>|<eos>|<\|end\|>|<end_of_turn>))+\s*$")


def normalize(response: str) -> str:
    """Full-width to ASCII (NFKC), a transcript's prompt and reasoning blocks dropped, LaTeX and markdown loosened."""
    if not response.isascii() and _SUPERSCRIPT_EXP.search(response):
        response = _superscripts(response)
    text = unicodedata.normalize("NFKC", response)
    if "−" in text:
        text = _MINUS_SIGN.sub("-", text)
    # A reasoning model's <think> block is scratch work; the answer is what follows it (unless that is only the
    # prompt's format echoed back, "ANSWER: [LETTER]": then the answer was given in the block).
    # A chat transcript decoded whole (the prompt kept before the reply) is read from the model's last turn.
    text = last_turn(text)
    if ">" in text[-40:] and _END_TOKENS.search(text):
        # an end-of-text token the decoder left at the end ("...is Country 5.</s>") is not part of the reply
        text = _END_TOKENS.sub("", text)
    if "</think>" in text:
        after = text.rsplit("</think>", 1)[1]
        if after.strip() and not PLACEHOLDER.fullmatch(after):
            text = after
    if "\\" in text:  # every wrapper below starts with a backslash
        if "textbf" in text and len(_BOLD_LABEL_CMD.findall(text)) == 1:
            # "$\textbf{(B)}\ 1$", AMC's answer line: the one label in bold (not "\textbf{(A)} and \textbf{(C)}", nor
            # the options restated in AMC's form)
            text = _BOLD_LABEL_CMD.sub(r"**(\1)**", text)
        text = _TEXT_CMD.sub(r"\1", text)
        if "sqrt" in text or "pi" in text:
            text = _tex_symbols(text)
        if "frac" in text:
            text = _LATEX_FRAC.sub(_as_slash, text)
        text = text.replace("\\(", " ").replace("\\)", " ").replace("\\[", " ").replace("\\]", " ")
    return text


# Greek letters written by name ("alpha helix" for "α-helix", "beta" for "β"); not π, which is a number to values.py
_GREEK_NAMES = str.maketrans({ch: name for ch, name in zip(
    "αβγδεζηθικλμνξορσςτυφχψω",
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron rho sigma sigma tau upsilon "
    "phi chi psi omega".split())})


# a fraction written before the letters it multiplies: "1/2mv^2" (from "½mv²")
_FACTOR_BEFORE_LETTER = lazy_compile(r"(?<![\w/])(\d/\d+)(?=[a-z])")


def norm_text(s: str) -> str:
    """Text for comparing an answer with option texts: lower case, no markup, single spaces."""
    if not s.isascii() and _SUPERSCRIPT_EXP.search(s):
        s = _superscripts(s)
    s = unicodedata.normalize("NFKC", s).lower()
    if "−" in s:
        s = _MINUS_SIGN.sub("-", s)
    if not s.isascii():
        s = s.translate(_GREEK_NAMES)
        if "⁄" in s:  # "½" is "1⁄2" after NFKC: the fraction "1/2", a factor before a letter set apart ("½mv²")
            s = _FACTOR_BEFORE_LETTER.sub(r"\1 ", s.replace("⁄", "/"))
    if "\\" in s:
        s = _TEXT_CMD_NORM.sub(r"\1", s)
        if "sqrt" in s or "pi" in s:
            s = _tex_symbols(s)
        if "frac" in s:  # "\\frac{1}{3}" / "\\dfrac{2}{3}" is written "1/3" too
            s = _LATEX_FRAC.sub(_as_slash, s)
    # deleting the markup characters, then collapsing whitespace runs (str.split splits on exactly the
    # characters the regex \s matches) and trimming
    for ch in _DROP_CHARS:
        if ch in s:
            s = s.replace(ch, "")
    s = " ".join(s.split())
    s = s.rstrip(" .;,:!?").lstrip(" ;,:!?")
    # a leading point belongs to a number (".15" is 0.15), any other leading point is punctuation
    if s.startswith(".") and not (len(s) > 1 and s[1].isdigit()):
        s = s.lstrip(" .;,:!?")
    return s


def norm_head(s: str, need: int) -> tuple[str, bool]:
    """``(norm_text(s), True)``, or for a long ``s`` a cheaper ``(head, False)``: a prefix of ``norm_text(s)``
    at least ``need`` characters long, normalised from a prefix of ``s`` cut where normalising cannot differ.

    The cut keeps the prefix and the next character ASCII (NFKC and lower-casing then act character by
    character) and, when the prefix holds a backslash, lands just after a closing brace or past the last one
    (no ``\\text{...}`` wrapper straddles it). Collapsing spaces and trimming keep a prefix a prefix.
    """
    cut = 4 * need + 64
    if len(s) > cut + 1 and "\\" in s[:cut]:
        # a wrapper ends at a closing brace: with none from the cut on, none can straddle it
        brace = s.find("}", cut - 1)
        if brace >= 0:
            cut = brace + 1
    if len(s) <= cut + 1 or not s[:cut + 1].isascii():
        return norm_text(s), True
    if "frac" in s[:cut + 8]:  # "\\frac{1}{3}" -> "1/3" across the cut would break the prefix property
        return norm_text(s), True
    head = norm_text(s[:cut])
    if len(head) < need:
        return norm_text(s), True
    return head, False


# ASCII characters normalisation may drop: whitespace, the markup it deletes, the punctuation it trims
SHRINKING = " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f*$`\".;,:!?"
SHRINK_DELETE = str.maketrans("", "", SHRINKING)
NUMBER_CHARS = frozenset("0123456789,.+-−eE%/ \t\n\r\f\v")


# (and a currency sign: "105 million" meets "£105 million", as "760k" meets "$760k", whose "$" the normalisation drops)
_LOOSE_DROP = str.maketrans("", "", " \t\n-‐‑–—^{}_\\'’£€¥")


_SPACING_DROP = str.maketrans("", "", " \t\n")


def spaced_key(ns: str) -> str:
    """A normalised text with its spacing taken out and nothing else, so that "-1 - i" meets "-1-i" while a minus
    sign still tells "1-i" from "-1-i" (``loose_key`` drops hyphens too)."""
    return ns.translate(_SPACING_DROP)


def loose_key(ns: str) -> str:
    """A normalised text with spacing, hyphens, TeX markup and currency signs taken out, so that "18cm" meets "18
    cm", "top-left" meets "top left", "x^2 + 1" meets "x^2+1" (and, through NFKC, "x²") and "105 million" meets
    "£105 million"."""
    if ("-" in ns or "–" in ns) and _RELATION.search(ns):
        ns = _MATH_MINUS.sub("\\1−", ns)  # "x - y > 0" is not "xy > 0" (in a relation; "3-D" is still "3d")
    return ns.translate(_LOOSE_DROP)


# a minus (or a dash) between two terms of a relation, one side a lone letter, digit or bracket: kept (as U+2212)
# where a hyphen inside a word ("top-left") or a name ("3-D", "B-12") is dropped
_RELATION = lazy_compile(r"[=<>≤≥≠]")
_MATH_MINUS = lazy_compile(r"((?<![A-Za-z])[A-Za-z0-9]|[)\]}])\s*+[-–]\s*+(?=[A-Za-z0-9(\\])")


_STEM_SPLIT = lazy_compile(r"[^\w]+")
_STEM_MEMO: dict[str, str] = {}
_ORDINAL_DIGITS = {f"{i + 1}{end}": word for i, (word, end) in enumerate(zip(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split(),
    "st nd rd th th th th th th th".split()))}


def stem_word(word: str) -> str:
    """One word with a crude English ending taken off ("remains" -> "remain", "increased" -> "increas"), or an
    ordinal written in words ("3rd" -> "third"); remembered, as replies repeat their words."""
    stem = _STEM_MEMO.get(word)
    if stem is not None:
        return stem
    w = _ORDINAL_DIGITS.get(word, word) if word[0].isdigit() else word
    for end in ("ing", "ed", "es", "s"):
        if len(w) > len(end) + 2 and w.endswith(end) and not w.endswith("ss"):
            w = w[: -len(end)]
            break
    if len(w) > 3 and w.endswith("e"):
        w = w[:-1]
    if len(w) > 6 and w.endswith(("on", "um", "a")):
        # Latin and Greek plurals meet their singulars: "mitochondria" / "mitochondrion", "bacteria" / "bacterium",
        # "phenomena" / "phenomenon" (long words only; "electrons" and "electron" still meet)
        w = w[:-1] if w.endswith("a") else w[:-2]
    if len(_STEM_MEMO) < 50_000:
        _STEM_MEMO[word] = w
    return w


def stem_words(s: str) -> str:
    """The words of ``s``, each stemmed by ``stem_word``, joined by single spaces."""
    return " ".join([stem_word(w) for w in _STEM_SPLIT.split(s) if w])


def strip_article(s: str) -> str:
    """``s`` without a leading article and the whitespace after it ("a ", "an ", "the ")."""
    m = _ARTICLE_START.match(s)
    return s[m.end():] if m else s


def text_boundary_ok(text: str, end: int) -> bool:
    """True when ``text[end:]`` does not continue the word or number that ends at ``end``."""
    if end >= len(text):
        return True
    ch = text[end]
    if ch.isalnum():
        return not ch.isascii() and end > 0 and _cjk(ch) and _cjk(text[end - 1])
    if ch in ".," and end + 1 < len(text) and text[end + 1].isdigit():
        return False
    return True


def _cjk(ch: str) -> bool:
    """A Chinese or Japanese character: such text has no spaces between words."""
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff"


# three digits closing a digit group ("114,750")
_THOUSANDS_GROUP = lazy_compile(r"\d{3}(?![\d,])")


def text_start_ok(text: str, start: int) -> bool:
    if start == 0:
        return True
    ch = text[start - 1]
    if ch.isalnum():
        return not ch.isascii() and _cjk(ch) and _cjk(text[start])
    if ch in ".-−" and start >= 2 and text[start - 2].isdigit():
        return False
    if ch == "," and start >= 2 and text[start - 2].isdigit() and _THOUSANDS_GROUP.match(text, start):
        return False  # "750" in "114,750": a digit group of one number
    return True
