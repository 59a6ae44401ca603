"""Answers naming numbered statements: "which of the statements are true? (fill in their numbers)" is answered
``(2)(3)`` or ``②③``: a selection of statement numbers, not the product 2 · 3. Two or more labels side by side, each
a number in brackets or a circled numeral, are read as the set of the statements they name (the order a reply lists
them in carries nothing); one gold so written is equal only to a prediction naming the same statements, by labels or
as a list of their numbers (``2, 3``, ``2、3``), so ``(1)(2)(3)`` is not ``(2)(3)`` (both are 6 as products) and
neither is ``6``. A prediction so written against a gold that is not names statements only when the row's question
numbers its statements with those labels; without such a question (``(2)(3)`` in a computation) it is the product,
read by the other steps."""

from __future__ import annotations

from ...text.patterns import lazy_compile

__all__ = ["statement_numbers", "same_statements"]

_CIRCLED = {chr(0x2460 + i): i + 1 for i in range(20)}  # ① .. ⑳
_LABEL = r"(?:[(（]\s*\d{1,2}\s*[)）]|[\u2460-\u2473])"
_LABELS = lazy_compile(r"(?:\s*" + _LABEL + r"\s*[,，、]?){2,}")
_ONE = lazy_compile(r"\s*" + _LABEL + r"\s*")
_NUMBER = lazy_compile(r"\d{1,2}|[\u2460-\u2473]")
_LIST = lazy_compile(r"\d{1,2}(?:\s*[,，、;；]\s*\d{1,2})+")


def _numbers(text: str) -> frozenset[int]:
    return frozenset(_CIRCLED[m] if m in _CIRCLED else int(m) for m in _NUMBER.findall(text))


def statement_numbers(text: str, alone: bool = False) -> frozenset[int] | None:
    """The statement numbers ``text`` names when it is only labels side by side (``(2)(3)``, ``②③``, ``①、③``;
    with ``alone``, one label too), else None."""
    body = text.strip().strip("$").strip().rstrip("。.")
    if not body or not (_LABELS.fullmatch(body) or (alone and _ONE.fullmatch(body))):
        return None
    return _numbers(body)


def _numbered_in(question: str) -> frozenset[int]:
    """The statement numbers ``question`` labels its statements with ("(1) ... (2) ... (3) ...", "①...②...")."""
    return _numbers(" ".join(m.group() for m in _ONE.finditer(question)))


def same_statements(gold: str, pred: str, question: str | None = None) -> tuple[bool, str] | None:
    """``(equal, "statements")`` when the gold names statements by their labels, or when the prediction does and
    the row's ``question`` numbers its statements with those labels (then ``(2)(3)`` names statements, not the
    product 6: the gold must name the same ones, by labels or as a list of numbers); None otherwise."""
    named = statement_numbers(gold)
    if named is None and question and ("(" in question or "（" in question or any(
            "\u2460" <= c <= "\u2473" for c in question)):
        said = statement_numbers(pred)
        labelled = _numbered_in(question)
        if said is not None and len(labelled) >= 2 and said <= labelled:
            listed = gold.strip().strip("$").strip().rstrip("。.")
            return bool(_LIST.fullmatch(listed)) and _numbers(listed) == said, "statements"
    if named is None:
        return None
    said = statement_numbers(pred, alone=True)
    if said is None:
        listed = pred.strip().strip("$").strip().rstrip("。.")
        said = _numbers(listed) if _LIST.fullmatch(listed) else frozenset()
    return said == named, "statements"
