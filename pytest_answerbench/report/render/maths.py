"""LaTeX in row text as MathML trees the viewer builds into the page (the ``maths`` extra: ``latex2mathml``).

The conversion runs here, at report time, so the page needs no maths library and keeps its strict
Content-Security-Policy. The viewer never parses markup from a row: ``latex2mathml``'s output is parsed here
as XML and handed on as a plain tree ``[tag, {attribute: value}, child, ...]`` (children are trees or text),
with only MathML Core elements and their presentation attributes kept; anything else (an unknown element, an
entity, a parse error) drops the rendering of that span and its text is shown as written. The viewer creates
each element with ``createElementNS`` from the same allow-list and every text as a text node.

Without ``latex2mathml`` installed nothing is converted and the viewer shows the text as written.
"""

from __future__ import annotations

import functools
import json
import xml.etree.ElementTree as ET
from typing import Any, Callable

from ...text.patterns import lazy_compile

__all__ = ["ALLOWED_ATTRIBUTES", "ALLOWED_ELEMENTS", "latex_tree", "looks_like_latex", "math_segments"]

_NS = "{http://www.w3.org/1998/Math/MathML}"

#: MathML Core's elements (plus ``menclose``, which latex2mathml writes for ``\boxed``; Chromium shows its content).
ALLOWED_ELEMENTS = frozenset(
    "math mi mn mo ms mtext mspace mrow mfrac msqrt mroot mstyle merror mpadded mphantom msub msup msubsup "
    "munder mover munderover mmultiscripts mprescripts none mtable mtr mtd semantics menclose".split())

#: Presentation attributes only: no ``href``, no event handlers, no ``style``.
ALLOWED_ATTRIBUTES = frozenset(
    "display mathvariant stretchy fence separator lspace rspace form largeop movablelimits symmetric minsize "
    "maxsize accent accentunder linethickness columnalign rowalign columnspacing rowspacing columnlines rowlines "
    "frame width height depth displaystyle scriptlevel voffset notation".split())

#: Spans longer than this stay text (a runaway ``$`` would otherwise swallow a page).
MAX_SPAN = 2000
#: Spans converted per text; the rest of the text stays as written.
MAX_SPANS = 40
#: Response spans converted per report (about 0.3 ms of CPU each; answers and gold are not counted): past it,
#: later rows' responses are shown as written, so a huge report is not held up by its maths.
REPORT_SPANS = 20000

# delimiters in the order they are tried at one position: display before inline
_DELIMS = (("$$", "$$", True), ("\\[", "\\]", True), ("\\(", "\\)", False), ("$", "$", False))
_START = lazy_compile(r"\$\$|\\\[|\\\(|\$|\\boxed\{")


def _converter() -> Callable[[str], str] | None:
    try:
        from latex2mathml.converter import convert
    except ImportError:  # the optional extra is not installed: text stays text
        return None
    return convert


def _tree(node: ET.Element) -> list[Any] | None:
    tag = node.tag[len(_NS):] if node.tag.startswith(_NS) else node.tag
    if tag not in ALLOWED_ELEMENTS:
        return None
    out: list[Any] = [tag, {k: v for k, v in node.attrib.items() if k in ALLOWED_ATTRIBUTES}]
    if node.text:
        out.append(node.text)
    for child in node:
        sub = _tree(child)
        if sub is None:
            return None
        out.append(sub)
        if child.tail:
            out.append(child.tail)
    return out


@functools.lru_cache(maxsize=4096)
def _cached_tree(latex: str, display: bool) -> str | None:
    tree = _latex_tree(latex, display)
    return None if tree is None else json.dumps(tree)


def latex_tree(latex: str, display: bool = False) -> list[Any] | None:
    """``latex`` as a MathML tree (see the module docstring), or None when it cannot be converted safely.
    Conversions are cached: answers, gold and boxed results repeat across rows."""
    if _converter() is None:
        return None
    cached = _cached_tree(latex, display)
    return None if cached is None else json.loads(cached)


def _latex_tree(latex: str, display: bool) -> list[Any] | None:
    convert = _converter()
    if convert is None or not latex.strip() or len(latex) > MAX_SPAN:
        return None
    try:
        markup = convert(latex, display="block" if display else "inline")
    except Exception:  # latex2mathml raises its own errors (and a few plain ones) on LaTeX it cannot read
        return None
    if "<!" in markup:  # no DOCTYPE, entity declaration or comment is expected from the converter
        return None
    try:
        root = ET.fromstring(markup)
    except ET.ParseError:
        return None
    return _tree(root)


def looks_like_latex(text: str) -> bool:
    """Whether a short answer (extracted or gold) is worth rendering: it has LaTeX markup, not just a word."""
    return len(text) <= MAX_SPAN and any(c in text for c in "\\^_{")


def _boxed_end(text: str, start: int) -> int:
    """The index after the brace closing ``\\boxed{`` opened at ``start``, or -1."""
    depth = 0
    for i in range(start + len("\\boxed"), min(len(text), start + MAX_SPAN)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _span_at(text: str, at: int) -> tuple[int, str, bool] | None:
    """(end, LaTeX source, display) of a maths span starting at ``at``, or None."""
    if text.startswith("\\boxed{", at):
        end = _boxed_end(text, at)
        return (end, text[at:end], False) if end > 0 else None
    for opening, closing, display in _DELIMS:
        if text.startswith(opening, at):
            close = text.find(closing, at + len(opening))
            inner = text[at + len(opening):close]
            if close < 0 or not inner.strip() or len(inner) > MAX_SPAN:
                return None
            if opening == "$" and (inner != inner.strip() or "\n\n" in inner or text[close + 1:close + 2].isdigit()):
                return None  # as pandoc reads TeX: "$5 or $6" is money, "$x$" is maths
            return close + len(closing), inner, display
    return None


def math_segments(text: str, max_spans: int = MAX_SPANS) -> list[Any] | None:
    """``text`` cut into its text and maths spans (``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``,
    ``\\boxed{...}``): a list of strings and ``{"tex": source as written, "m": tree}``; None when no span
    converts (the viewer then has nothing to add to the text as written)."""
    if _converter() is None:
        return None
    out: list[Any] = []
    pos = last = 0
    found = 0
    while found < max_spans:
        m = _START.search(text, pos)
        if m is None:
            break
        span = _span_at(text, m.start())
        tree = latex_tree(span[1], span[2]) if span else None
        if span is None or tree is None:
            pos = m.start() + 1
            continue
        if m.start() > last:
            out.append(text[last:m.start()])
        out.append({"tex": text[m.start():span[0]], "m": tree})
        pos = last = span[0]
        found += 1
    if not found:
        return None
    if last < len(text):
        out.append(text[last:])
    return out
