"""LiveXivVQA: VLMEvalKit's generic multiple-choice pipeline (``extract_answer_from_item`` -> ``can_infer``).

upstream: verdicts of open-compass/VLMEvalKit HEAD's ``can_infer_option`` (single letter token among the last
four tokens, refusal phrases -> ``Z``, the "answer is X" regex) then ``can_infer_text`` (exactly one option text
inside the reply, skipped for replies longer than twice the options' total length). An unparsed reply is
``Z`` (a miss) without a judge. With a judge (``ctx.judge``), up to three judge replies are read the same way;
after three failures the reference picks at random among the options and ``Z``: we pick the same way but seeded
from the row id, so reruns agree, and count those rows in ``metrics``. Benchmark option ``variant: dcvlr``
reproduces the DCVLR fork's ``can_infer_option`` instead (answer tags, ``\\boxed{}``, "Final Answer" patterns,
bold letters, no last-four-tokens rule, no length guard), which is what the vectors' ``expected_fork`` record.
default: the careful reader of ``pytest_answerbench.choice``; an unread reply is wrong (never a guess). A judge,
when configured, is asked only about replies the reader found nothing in, and its reply is read the same way.

Aggregation follows ``report_acc``: per ``split`` (``none`` when absent), ``Overall`` plus one figure per
``l2-category`` and ``category`` value, as fractions.
"""

from __future__ import annotations

import random
import re
from typing import Any, Mapping

from ..judge import JudgeError
from ..text.patterns import lazy_compile
from ..verdict import ScoreContext, Verdict
from ._mc import is_missing, option_columns

OPTIONS: dict[str, str] = {
    "variant": "which reference the upstream profile reproduces: 'upstream' (open-compass HEAD, the default) or "
               "'dcvlr' (the DCVLR competition fork that defines LiveXivVQA)",
}
VARIANTS = ("upstream", "dcvlr")

API_FAILURE = "Failed to obtain answer via API"
REJECT_PHRASES = (
    "Sorry, I can't help with images of people yet.",
    "I can't process this file.",
    "I'm sorry, but without the image provided",
    "Cannot determine the answer",
)
JUDGE_TRIES = 3

# open-compass HEAD: the verbose-answer regex, tried after the token count.
_HEAD_ANSWER_IS = lazy_compile(r"(?i)(?:correct\s+)?answer\s+is\s+\**([ABCD])\**")
# DCVLR fork: tags and answer patterns, tried before the token count (each case-insensitive, multi-line).
_FORK_TAG = lazy_compile(r"<answer>\s*([A-Z])\s*</answer>", re.I)
_FORK_BOXED = lazy_compile(r"\\boxed\s*\{\s*([A-Z])\s*\}", re.I)
_FORK_PATTERNS = tuple(
    lazy_compile(p, re.I | re.M)
    for p in (
        r"(?:(?:The|the)?\s*(?:correct|best|final)?\s*answer\s*(?:is|:)\s*)([A-Z])(?:\s|$|\.|\,)",
        r"(?:Final\s+Answer\s*:\s*\**)([A-Z])(?:\**)(?:\s|$|\.|\,)",
        r"\*\*Final\s+Answer\s*:\s*([A-Z])\*\*",
        r"(?:✅\s*)?Final\s+output\s*:\s*\**([A-Z])\**(?:\s|$|\.|\,)",
        r"#{1,3}\s*Final\s+Output\s*:\s*\**([A-Z])\**(?:\s|$|\.|\,)",
        r"\*\*Output\s*:\s*([A-Z])\*\*",
        r"(?:^|\s)Output\s*:\s*\**([A-Z])\**(?:\s|$|\.|\,)",
        r"\*\*([A-Z])\*\*\s*$",
        r"\*\*([A-Z])\*\*",
    )
)


def check_options(options: Mapping[str, Any]) -> str | None:
    """Reject an unknown ``variant``."""
    variant = options.get("variant", "upstream")
    if variant not in VARIANTS:
        return f"variant {variant!r} unknown (known: {', '.join(VARIANTS)})"
    return None


def _tokens(answer: str, separators: str) -> list[str]:
    for ch in separators:
        answer = answer.replace(ch, " ")
    return answer.split()


def can_infer_option(answer: str, choices: Mapping[str, str], variant: str = "upstream") -> str | bool:
    """The reference's letter reading: a choice letter, ``'Z'`` (refusal / explicit Z) or False."""
    if API_FAILURE in answer:
        return False
    if any(phrase in answer for phrase in REJECT_PHRASES):
        return "Z"
    fork = variant == "dcvlr"
    if fork:
        for pattern in (_FORK_TAG, _FORK_BOXED) + _FORK_PATTERNS:
            m = pattern.search(answer)
            if m and m.group(1).upper() in choices:
                return m.group(1).upper()
    splits = _tokens(answer, ".()[],:;!*#{}\"'<>" if fork else ".()[],:;!*#{}")
    present = [ch for ch in choices if ch in splits]
    if len(present) == 1:
        ch = present[0]
        # upstream HEAD only trusts a lone letter near the end (its first occurrence among the last 4 tokens)
        if fork or splits.index(ch) > len(splits) - 5:
            return ch
    elif not present and "Z" in splits:
        return "Z"
    if not fork:
        m = _HEAD_ANSWER_IS.search(answer)
        if m and m.group(1).upper() in choices:
            return m.group(1).upper()
    return False


def can_infer_text(answer: str, choices: Mapping[str, str], variant: str = "upstream") -> str | bool:
    """The reference's content reading: the one option whose (lower-cased) text is inside the reply."""
    answer = answer.lower()
    if variant != "dcvlr" and len(answer) > 2 * sum(len(str(v)) for v in choices.values()):
        return False
    cands = [k for k, v in choices.items() if str(v).lower() in answer]
    return cands[0] if len(cands) == 1 else False


def can_infer(answer: str, choices: Mapping[str, str], variant: str = "upstream") -> str | bool:
    """``can_infer_option`` or else ``can_infer_text``."""
    answer = str(answer)
    return can_infer_option(answer, choices, variant) or can_infer_text(answer, choices, variant)


def judge_messages(question: str, choices: Mapping[str, str], prediction: str) -> list[dict[str, str]]:
    """The conversation asking a judge which option a reply chose (Chinese wording for Chinese questions)."""
    option_lines = "".join(f"{k}. {v}\n" for k, v in choices.items())
    if re.search(r"[\u4e00-\u9fff]", question):
        content = (
            "请判断下面的回答选择了哪个选项。只输出选项字母；若回答没有选择任何选项，输出 Z。\n"
            f"问题：{question}\n选项：\n{option_lines}回答：{prediction}\n你的输出："
        )
    else:
        content = (
            "Decide which option the answer below chose. Reply with the option letter only; reply Z if the "
            "answer matches none of the options.\n"
            f"Question: {question}\nThere are several options: \n{option_lines}Answer: {prediction}\nYour output: "
        )
    return [{"role": "user", "content": content}]


def _ask_judge(ctx: ScoreContext, messages: list[dict[str, str]], read) -> tuple[str | None, int]:
    """Up to three judge replies, each read with ``read``; returns (letter or None, calls made)."""
    calls = 0
    for _ in range(JUDGE_TRIES):
        reply = ctx.judge.ask(messages)
        calls += 1
        if API_FAILURE in reply:
            continue
        letter = read(reply)
        if letter:
            return letter, calls
    return None, calls


def score(row: Mapping[str, Any], ctx: ScoreContext) -> Verdict:
    """One LiveXivVQA row: the option the reply chose against the gold letter."""
    prediction = row.get("prediction")
    question = "" if is_missing(row.get("question")) else str(row.get("question"))
    choices = option_columns(row)
    if ctx.upstream:
        gold = str(row.get("answer"))
        # The reference reads its stored prediction file back, where an empty cell (null, NaN or an empty
        # string) becomes NaN, i.e. the text "nan" (in which option texts such as "a" can be found).
        empty = prediction is None or prediction == "" or (isinstance(prediction, float) and prediction != prediction)
        text = "nan" if empty else str(prediction)
        variant = ctx.options.get("variant", "upstream")
        extra: dict[str, Any] = {}
        found = can_infer(text, choices, variant)
        method = "can-infer"
        if not found:
            if ctx.judge is None:
                found, method = "Z", "unparsed"
            else:
                try:
                    letter, calls = _ask_judge(ctx, judge_messages(question, choices, text),
                                               lambda reply: can_infer(reply, choices, variant))
                except JudgeError as exc:
                    return Verdict.error(f"judge failed: {exc}", gold=gold)
                extra["judge_calls"] = calls
                if letter:
                    found, method = letter, "judge"
                    extra["judge_decided"] = True
                else:
                    pool = list(choices) + ["Z"]
                    # a row without an id is seeded by its content, so id-less rows do not all pick alike
                    seed = ctx.row_id or f"{question}\x00{text}"
                    found = random.Random(f"{ctx.benchmark}:{seed}").choice(pool)
                    method = "random"
                    extra["random_pick"] = True
        detail = {"unparsed": "no option found and no judge: Z (a miss, as the reference)",
                  "random": "three judge replies unreadable: seeded random pick among the options and Z"}
        return Verdict.graded(found == gold, extracted=str(found), method=method, gold=gold,
                              detail=detail.get(method, ""), extra=extra)

    from ..choice import infer_choice
    from ..maths import states_value

    gold = str(row.get("answer", "")).strip().upper()
    if not choices:
        return Verdict.error("the row has no option columns (A, B, ...)", gold=gold)
    if gold not in choices:
        return Verdict.error(f"gold answer {row.get('answer')!r} is not one of the options {', '.join(choices)}",
                             gold=gold)
    text = "" if is_missing(prediction) else str(prediction)
    result = infer_choice(text, choices, same_value=states_value)  # an option's value in another form names it
    extra = {}
    if result.letter is None and result.method == "none" and ctx.judge is not None:
        try:
            letter, calls = _ask_judge(ctx, judge_messages(question, choices, text),
                                       lambda reply: infer_choice(reply, choices).letter)
        except JudgeError as exc:
            return Verdict.error(f"judge failed: {exc}", gold=gold)
        extra["judge_calls"] = calls
        if letter:
            extra["judge_decided"] = True
            return Verdict.graded(letter == gold, extracted=letter, method="judge", gold=gold,
                                  detail="the reader found no option; the judge's reply named one", extra=extra)
    if result.letter is None:
        return Verdict.graded(False, method=result.method, gold=gold, detail=result.detail or "no option chosen",
                              extra=extra)
    return Verdict.graded(result.letter == gold, extracted=result.letter, method=result.method, gold=gold,
                          detail=result.detail, extra=extra)


def report_acc(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``report_acc``: one entry per split with Overall and per-l2-category / per-category means (fractions)."""
    by_split: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        split = r["fields"].get("split")
        by_split.setdefault("none" if split is None else str(split), []).append(r)
    table = []
    for split in sorted(by_split):
        part = by_split[split]
        entry: dict[str, Any] = {"split": split, "Overall": sum(float(r["score"]) for r in part) / len(part)}
        for column in ("l2-category", "category"):
            values = sorted({str(r["fields"][column]) for r in rows if r["fields"].get(column) is not None})
            for value in values:
                scores = [float(r["score"]) for r in part if str(r["fields"].get(column)) == value]
                # the reference's groupby mean over an empty slice is NaN; JSON has no NaN, so None
                entry[value] = sum(scores) / len(scores) if scores else None
        table.append(entry)
    return table


def metrics(rows: list[dict[str, Any]], ctx: ScoreContext) -> dict[str, Any]:
    """The ``report_acc`` table plus how many rows a judge or a seeded random pick decided."""
    if not rows:
        return {}
    return {
        "report_acc": report_acc(rows),
        "judge_decided": sum(1 for r in rows if r.get("extra", {}).get("judge_decided")),
        "judge_calls": sum(int(r.get("extra", {}).get("judge_calls", 0)) for r in rows),
        "random_picks": sum(1 for r in rows if r.get("extra", {}).get("random_pick")),
    }
