"""What every harness reader shares: the record shape, the whole-file error, and the small conversions.

A reader turns one file another harness wrote into records, plain dicts with these keys:

* ``line``: where the record is (1-based line of a .jsonl, row of a table, index of a sample or key);
* ``id``: the harness's own id of the question (lm-eval ``doc_id``, inspect sample ``id``, OpenCompass index);
* ``fields``: the benchmark-side fields: ``question``, ``answer`` (the gold), ``A``..``J`` when the question has
  choices, and whatever else the file says about the question (``subject``, metadata);
* ``responses``: one or more response texts (several responses are several samples of one question);
* ``harness_verdict``: the harness's own verdict, a float or bool, or a list aligned with ``responses`` when it
  judged each response apart (None where it gave none);
* ``harness_metric``: the name of the metric that verdict comes from;
* ``raw``: the record as the harness wrote it (trimmed of bulky logs), the document ``--bench-field`` paths read;
* ``error``: None, or what is wrong with this one record (then ``responses`` is empty). A bad record is reported
  with its line; only a problem with the whole file raises :class:`HarnessFormatError`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import jmespath

from ..bounded import DEFAULT_LIMITS, BoundError, Limits, TooDeep, load_json
from ..errors import ReaderError
from ..text.patterns import lazy_compile

__all__ = ["HEAD_BYTES", "LETTERS", "HarnessFormatError", "argmax_letter", "bad", "compiled", "gold_letter",
           "head_json_keys", "json_document", "json_lines", "options", "options_in_prompt", "pick", "record",
           "require_suffix", "scrub", "text_of", "verdict_of"]

LETTERS = "ABCDEFGHIJ"
# How much of a file detection reads: enough for the first record of every format here.
HEAD_BYTES = 64 * 1024


class HarnessFormatError(ReaderError):
    """The whole file is not what its harness writes (a usage error before scoring, never an errored row).

    The message names the file by its display name (never an absolute path) and what was expected."""


_COMPILED: dict[str, Any] = {}


def compiled(expression: str) -> Any:
    """A jmespath expression, compiled once (the FIELDS maps are read for every record)."""
    found = _COMPILED.get(expression)
    if found is None:
        found = _COMPILED[expression] = jmespath.compile(expression)
    return found


def pick(raw: Any, expression: str) -> Any:
    """The value at a jmespath path of a harness record, or None where the record has nothing there."""
    return compiled(expression).search(raw)


def scrub(exc: BaseException, path: Path) -> str:
    """A library's error text about a file, with the file's absolute path replaced by its display name."""
    text = str(exc)
    for spelled in {str(path.resolve()), str(path.absolute()), str(path)}:
        text = text.replace(spelled, path.name)
    return text


def record(line: int, id: Any, fields: dict[str, Any], responses: list[str], *, verdict: Any = None,
           metric: str | None = None, raw: Any = None) -> dict[str, Any]:
    return {"line": line, "id": id, "fields": fields, "responses": responses, "harness_verdict": verdict,
            "harness_metric": metric, "raw": raw, "error": None}


def bad(line: int, id: Any, message: str, raw: Any = None) -> dict[str, Any]:
    """A record that could not be read: kept, with its line and why, so the report can list it."""
    out = record(line, id, {}, [], raw=raw)
    out["error"] = message
    return out


def require_suffix(path: Path, suffixes: tuple[str, ...], what: str) -> None:
    if path.suffix.lower() not in suffixes:
        raise HarnessFormatError(
            f"{path.name}: {what} are {' or '.join(suffixes)} files; this one is "
            f"{path.suffix or 'without an extension'}. Give the file the harness wrote, or drop --bench-from.")


def json_document(path: Path, what: str, limits: Limits) -> Any:
    """A file that is one JSON document, parsed under ``limits`` (``bounded.load_json``): HarnessFormatError when
    it is not JSON, BoundError when it nests deeper than the ceiling (the whole file is one record set)."""
    try:
        return load_json(path.read_bytes(), limits)
    except TooDeep as exc:
        raise BoundError(f"{path.name}: {exc}") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise HarnessFormatError(f"{path.name}: not JSON ({exc}); {what}") from None


def json_lines(path: Path, what: str, limits: Limits = DEFAULT_LIMITS) -> Iterator[tuple[int, Any, str | None]]:
    """(line, parsed object or None, error or None) for each non-blank line of a .jsonl file; a line nested
    deeper than ``limits`` allow is an error of that line, as a line that is not JSON is."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise HarnessFormatError(f"{path.name}: {what} are UTF-8 JSON lines; byte {exc.start} is not UTF-8 "
                                 "(is this a binary file?)") from None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            obj = load_json(line, limits)
        except TooDeep as exc:
            yield number, None, f"line {number} is not read: {exc}"
            continue
        except json.JSONDecodeError as exc:
            yield number, None, f"line {number} is not JSON ({exc.msg} at column {exc.colno})"
            continue
        if not isinstance(obj, dict):
            yield number, None, f"line {number} is a JSON {type(obj).__name__}, not an object"
            continue
        yield number, obj, None


def head_json_keys(head: bytes) -> dict[str, Any] | None:
    """The first JSON line of a file's head as a dict, or None (detection only: never raises)."""
    first = head.split(b"\n", 1)[0]
    try:
        obj = load_json(first)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None


def text_of(value: Any) -> str | None:
    """A response or question as text: a string, or chat content parts (their ``text``), or a chat message."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        for key in ("text", "content", "prompt"):
            if key in value:
                return text_of(value[key])
        return None
    if isinstance(value, list):
        parts = [text_of(part) for part in value
                 if not (isinstance(part, Mapping) and part.get("type") not in (None, "text"))]
        parts = [part for part in parts if part]
        return "\n".join(parts) if parts else None
    return str(value)


# inspect_ai's letter grades (inspect_ai/scorer/_metric.py: CORRECT, INCORRECT, PARTIAL, NOANSWER) and the
# strings lm-eval's sanitising writes for booleans.
_GRADES = {"C": 1.0, "I": 0.0, "P": 0.5, "N": 0.0, "TRUE": True, "FALSE": False}


def verdict_of(value: Any) -> float | bool | None:
    """A harness's verdict as a float or bool, or None when it is not one (a dict of details, a text)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        grade = _GRADES.get(value.strip().upper())
        if grade is not None:
            return grade
        try:
            number = float(value)
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


def options(choices: Any) -> dict[str, str]:
    """``A``..``J`` from a list of option texts; nothing when the list is only the letters themselves."""
    if not isinstance(choices, list) or not 1 < len(choices) <= len(LETTERS):
        return {}
    texts = [text_of(choice) for choice in choices]
    if any(text is None for text in texts):
        return {}
    if [text.strip() for text in texts] == list(LETTERS[: len(texts)]):
        return {}
    return dict(zip(LETTERS, texts))


_OPTION_LINE = lazy_compile(r"^\s*([A-J])[.)]\s+(\S.*?)\s*$")


def options_in_prompt(prompt: Any) -> dict[str, str]:
    """``A``..``J`` from a prompt that lists its options one a line (``A. Venus``), as MMLU-style prompt
    templates do when the harness stores only the letters. Only a run of lines lettered A, B, C, ... in order
    counts, so a stray "A." in the question is not an option list."""
    if not isinstance(prompt, str):
        return {}
    found: dict[str, str] = {}
    for line in prompt.splitlines():
        match = _OPTION_LINE.match(line)
        if match and match.group(1) == LETTERS[len(found)]:
            found[match.group(1)] = match.group(2)
        elif match and match.group(1) == "A":
            found = {"A": match.group(2)}
        elif found and len(found) < 2:
            found = {}
    return found if len(found) >= 2 else {}


def gold_letter(index: Any, count: int) -> str | None:
    """The letter of a gold index (an int, a digit string, or a one-element list of either)."""
    if isinstance(index, list) and len(index) == 1:
        index = index[0]
    if isinstance(index, str) and index.strip().isdigit():
        index = int(index)
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < min(count, len(LETTERS)):
        return LETTERS[index]
    return None


def argmax_letter(scores: list[Any], *, lowest: bool = False) -> str | None:
    """The letter of the best-scored choice (highest log-likelihood, or lowest perplexity), or None."""
    values = []
    for score in scores:
        if isinstance(score, (list, tuple)) and score:
            score = score[0]
        try:
            values.append(float(score))
        except (TypeError, ValueError):
            return None
    if not 1 < len(values) <= len(LETTERS):
        return None
    pick = min if lowest else max
    return LETTERS[pick(range(len(values)), key=values.__getitem__)]
