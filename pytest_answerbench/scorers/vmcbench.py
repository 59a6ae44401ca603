"""VMCBench_DEV / VMCBench_TEST (VLMEvalKit ``vmcbench.py``): multiple choice, no judge.

upstream: ``parse_multi_choice_response`` verdict for verdict (three passes: bracket/``X. `` style, space-
delimited letter, option text for responses of more than five tokens; last position wins; ties to the earlier
letter), including its random guess when nothing is found, but seeded from the row id so reruns agree.
default: the shared careful reader in ``pytest_answerbench.choice``; an unparsed response is wrong, never a
guess.

Aggregation follows ``report_vmc_acc``: Overall (item-weighted), General, Reasoning, OCR, Doc & Chart
(unweighted means of their category means) and the 20 categories. A file holding only some categories is
scored; the absent ones are left out and listed under ``absent_categories``.
"""

from __future__ import annotations

import random
from array import array
from typing import Any, Mapping

from ..verdict import ScoreContext, Verdict
from ._mc import is_missing, option_columns

OPTIONS: dict[str, str] = {}

GROUPS: dict[str, tuple[str, ...]] = {
    "General": ("SEEDBench", "MMStar", "A-OKVQA", "VizWiz", "MMVet", "VQAv2", "OKVQA"),
    "Reasoning": ("MMMU", "MathVista", "ScienceQA", "RealWorldQA", "GQA", "MathVision"),
    "OCR": ("TextVQA", "OCRVQA"),
    "Doc & Chart": ("AI2D", "ChartQA", "DocVQA", "InfoVQA", "TableVQABench"),
}
CATEGORIES: tuple[str, ...] = tuple(c for cats in GROUPS.values() for c in cats)

_STRIP_CHARS = (",", ".", "!", "?", ";", ":", "'")


def parse_multi_choice_upstream(
    response: str, index2ans: Mapping[str, str], rng: random.Random
) -> tuple[str, str]:
    """The reference parser. Returns (letter, method); method ``random`` when it guessed."""
    all_choices = list(index2ans)
    for char in _STRIP_CHARS:
        response = response.strip(char)
    response = f" {response} "
    candidates: list[str] = []
    bracketed = False
    by_content = False
    for choice in all_choices:
        if f"({choice})" in response or f"{choice}. " in response:
            candidates.append(choice)
            bracketed = True
    if not candidates:
        for choice in all_choices:
            if f" {choice} " in response:
                candidates.append(choice)
    if not candidates and len(response.split()) > 5:
        lowered = response.lower()
        for choice, text in index2ans.items():
            if text.lower() in lowered:
                candidates.append(choice)
                by_content = True
    if not candidates:
        return rng.choice(all_choices), "random"
    if len(candidates) == 1:
        return candidates[0], "content" if by_content else ("bracket" if bracketed else "letter")
    if by_content:
        lowered = response.lower()
        positions = [lowered.rfind(index2ans[c].lower()) for c in candidates]
        method = "content-last"
    elif bracketed:
        positions = [response.rfind(f"({c})") for c in candidates]
        method = "bracket-last"
    else:
        positions = [response.rfind(f" {c} ") for c in candidates]
        method = "letter-last"
    best = max(range(len(candidates)), key=lambda i: (positions[i], -i))
    return candidates[best], method


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    gold = str(row.get("answer", "")).strip()
    prediction = row.get("prediction")
    options = option_columns(row, limit="I" if ctx.upstream else "J")
    if ctx.upstream:
        if is_missing(row.get("A")):
            return Verdict.graded(False, method="option-A-missing", gold=gold,
                                  detail="option A is empty: the reference scores the row 0")
        text = "nan" if is_missing(prediction) else str(prediction)
        rng = random.Random(f"{ctx.benchmark}:{ctx.row_id}")
        letter, method = parse_multi_choice_upstream(text, options, rng)
        extra = {"random_pick": True} if method == "random" else {}
        detail = "no option found: seeded random guess (as the reference)" if extra else ""
        return Verdict.graded(letter == row.get("answer"), extracted=letter, method=method, gold=gold,
                              detail=detail, extra=extra)

    from ..choice import infer_choice
    from ..maths import states_value

    if not options:
        return Verdict.error("the row has no option columns (A, B, ...)", gold=gold)
    if gold not in options:
        return Verdict.error(f"gold answer {gold!r} is not one of the options {', '.join(options)}", gold=gold)
    # a short reply stating an option's value in another form ("96 hours" for "4 days") names it: the maths reader
    found = infer_choice("" if is_missing(prediction) else str(prediction), options, same_value=states_value)
    if found.letter is None:
        return Verdict.graded(False, method=found.method, gold=gold, detail=found.detail or "no option chosen")
    return Verdict.graded(found.letter == gold, extracted=found.letter, method=found.method, gold=gold,
                          detail=found.detail)


def metrics(rows: list[dict[str, Any]], ctx: ScoreContext) -> dict[str, Any]:
    """``report_vmc_acc``: percent rounded to 2 decimals in upstream, fractions 0..1 in default."""
    by_cat: dict[str, list[float]] = {}
    scores = array("d")  # summed by sum() as before (compensated summation from Python 3.12 on)
    random_picks = 0
    for r in rows:  # one pass: a streamed run's rows are read from disk at each pass
        score = float(r["score"])
        scores.append(score)
        random_picks += bool(r.get("extra", {}).get("random_pick"))
        category = r["fields"].get("category")
        if category is not None:  # rows that could not be read have no category
            by_cat.setdefault(str(category), []).append(score)
    if not rows:
        return {}

    def fmt(x: float) -> float:
        return round(x * 100, 2) if ctx.upstream else round(x, 6)

    cat_mean = {c: sum(v) / len(v) for c, v in by_cat.items()}
    out: dict[str, Any] = {"Overall": fmt(sum(scores) / len(rows))}
    for group, cats in GROUPS.items():
        present = [cat_mean[c] for c in cats if c in cat_mean]
        if present:
            out[group] = fmt(sum(present) / len(present))
    for cat in CATEGORIES:
        if cat in cat_mean:
            out[cat] = fmt(cat_mean[cat])
    absent = [c for c in CATEGORIES if c not in cat_mean]
    if absent:
        out["absent_categories"] = absent
    unknown = sorted(c for c in cat_mean if c not in CATEGORIES)
    if unknown:
        out["unlisted_categories"] = unknown
    out["random_picks"] = random_picks
    return out
