"""inspect_ai evaluation logs: ``.eval`` zip archives and ``.json`` logs.

Read from UKGovernmentBEIS/inspect_ai 499e615 (and inspect_ai 0.3.285, whose ``write_eval_log`` made the
fixtures): ``log/_recorders/eval.py`` writes a zip with ``header.json`` (the log without samples),
``samples/<id>_epoch_<n>.json`` (one ``EvalSample`` each), ``summaries.json`` and ``_journal/``;
``log/_recorders/json.py`` writes the whole ``EvalLog`` as one object with a ``samples`` list. An ``EvalSample``
has ``id``, ``epoch``, ``input`` (a string or chat messages), ``choices`` (multiple choice), ``target`` (a
string or a list), ``output.choices[0].message.content`` (a string or content parts; ``output.completion`` is
its text), ``scores`` (scorer name -> ``{"value": "C"|"I"|number|..., "answer": ...}``) and ``metadata``.

Epochs of one sample id are several responses to one question: one record per id, its responses in epoch
order, and inspect's verdict per response.

Current inspect_ai compresses the archive's members with Zstandard (zip method 93, ``_util/zipfile.py``),
which the standard ``zipfile`` reads from Python 3.14 on; before that the ``backports.zstd`` package gives the
same module (a dependency of this package on those Pythons). Older logs use deflate, which any Python reads.
"""

from __future__ import annotations

import json
import re
import sys
import zipfile as _stdlib_zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..text.patterns import lazy_compile
from ._base import HarnessFormatError, bad, options, pick, record, require_suffix, scrub, text_of, verdict_of

__all__ = ["FIELDS", "SUFFIXES", "detect", "read"]

SUFFIXES = (".eval", ".json")
WHAT = "inspect_ai logs (.eval archives or .json logs)"
_SAMPLE = lazy_compile(r"^samples/(?P<id>.+)_epoch_(?P<epoch>\d+)\.json$")
# Bulky parts of a sample no field is read from: the event transcript and its attachments.
_TRIM = ("events", "attachments", "store")

FIELDS = {
    "question": "input",
    "answer": "target",
    "responses": "output.choices[0].message.content || output.completion",
    "choices": "choices",
    "metadata": "metadata",
}


def _zipfile() -> Any:
    """A zipfile module that reads Zstandard members (Python 3.14's own, or backports.zstd's copy of it)."""
    if sys.version_info >= (3, 14):
        return _stdlib_zipfile
    try:
        from backports.zstd import zipfile  # the 3.14 module, for older Pythons
    except ImportError:
        return _stdlib_zipfile
    return zipfile


def detect(path: Path, head: bytes) -> bool:
    suffix = path.suffix.lower()
    if suffix == ".eval":
        return head[:4] == b"PK\x03\x04"
    if suffix == ".json":
        start = head[:4096].lstrip()
        # json.py writes the log's fields in EvalLog's order: version, status, eval, ...
        return start.startswith(b"{") and b'"eval"' in start and re.match(rb'\{\s*"version"', start) is not None
    return False


def read(path: Path) -> Iterator[dict[str, Any]]:
    require_suffix(path, SUFFIXES, WHAT)
    if path.suffix.lower() == ".eval":
        samples = _eval_samples(path)
    else:
        samples = _json_samples(path)
    yield from _records(samples)


def _eval_samples(path: Path) -> list[tuple[int, Any, str | None]]:
    zf = _zipfile()
    if not zf.is_zipfile(path):
        with path.open("rb") as handle:
            zipped = handle.read(4) == b"PK\x03\x04"
        if zipped:  # a zip's start without its end (the central directory): cut short while copied or written
            raise HarnessFormatError(f"{path.name}: a truncated .eval archive (the zip's directory at its end is "
                                     "missing); copy the log again, or read its .json form")
        raise HarnessFormatError(f"{path.name}: not a zip archive; inspect_ai .eval logs are zip archives "
                                 "(header.json, samples/<id>_epoch_<n>.json). A text log is a .json log.")
    try:
        archive = zf.ZipFile(path)
    except (zf.BadZipFile, OSError) as exc:
        raise HarnessFormatError(f"{path.name}: a damaged or truncated .eval archive ({scrub(exc, path)})") from None
    out = []
    with archive:
        names = archive.namelist()
        if "header.json" not in names and "_journal/start.json" not in names:
            raise HarnessFormatError(f"{path.name}: a zip archive without header.json or _journal/start.json, so "
                                     "not an inspect_ai .eval log")
        members = [name for name in names if _SAMPLE.match(name)]
        for index, name in enumerate(members, start=1):
            try:
                data = archive.read(name)
            except NotImplementedError:
                raise HarnessFormatError(
                    f"{path.name}: its members are Zstandard-compressed (current inspect_ai); reading them needs "
                    "Python 3.14 or the backports.zstd package (pip install backports.zstd), or convert the log "
                    "with `inspect log convert --to json`") from None
            except Exception as exc:  # noqa: BLE001 (each decompressor has its own error: zlib.error, ZstdError)
                raise HarnessFormatError(f"{path.name}: member {name} cannot be read ({scrub(exc, path)}); the "
                                         "archive is damaged or truncated") from None
            try:
                sample = json.loads(data)
            except ValueError as exc:
                out.append((index, None, f"sample {index} ({name}) is not JSON: {exc}"))
                continue
            out.append((index, sample, None) if isinstance(sample, dict)
                       else (index, None, f"sample {index} ({name}) is not a JSON object"))
    return out


def _json_samples(path: Path) -> list[tuple[int, Any, str | None]]:
    try:
        log = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise HarnessFormatError(f"{path.name}: not JSON ({exc}); inspect_ai .json logs are one JSON object") \
            from None
    if not isinstance(log, dict) or "eval" not in log:
        kind = type(log).__name__ if not isinstance(log, dict) else "object without an 'eval' key"
        raise HarnessFormatError(f"{path.name}: a JSON {kind}; inspect_ai .json logs are an object with 'eval' "
                                 "and 'samples'")
    samples = log.get("samples") or []
    if not isinstance(samples, list):
        raise HarnessFormatError(f"{path.name}: 'samples' is a JSON {type(samples).__name__}, not a list")
    return [(index, sample, None) if isinstance(sample, dict)
            else (index, None, f"sample {index} is not a JSON object") for index, sample in enumerate(samples, 1)]


def _question(sample: dict[str, Any]) -> str | None:
    value = pick(sample, FIELDS["question"])
    if isinstance(value, list):  # chat messages: the last user turn is the question
        users = [message for message in value if isinstance(message, dict) and message.get("role") == "user"]
        value = users[-1] if users else value
    return text_of(value)


def _verdict(sample: dict[str, Any]) -> tuple[Any, str | None]:
    scores = sample.get("scores")
    if not isinstance(scores, dict):
        return None, None
    for name, score in scores.items():
        value = score.get("value") if isinstance(score, dict) else score
        return verdict_of(value), str(name)
    return None, None


def _records(samples: list[tuple[int, Any, str | None]]) -> Iterator[dict[str, Any]]:
    grouped: dict[Any, list[tuple[int, dict[str, Any]]]] = {}
    order: list[Any] = []
    for index, sample, error in samples:
        if sample is None:
            order.append(("bad", index, error))
            continue
        key = json.dumps(sample.get("id"))
        if key not in grouped:
            grouped[key] = []
            order.append(("id", key, None))
        grouped[key].append((index, sample))
    for kind, key, error in order:
        if kind == "bad":
            yield bad(key, None, error)
        else:
            yield _build(sorted(grouped[key], key=lambda item: _epoch(item[1])))


def _epoch(sample: dict[str, Any]) -> int:
    epoch = sample.get("epoch")
    return epoch if isinstance(epoch, int) else 0


def _build(epochs: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
    number, first = epochs[0]
    sample_id = first.get("id")
    fields: dict[str, Any] = {}
    question = _question(first)
    if question is not None:
        fields["question"] = question
    target = pick(first, FIELDS["answer"])
    fields["answer"] = target[0] if isinstance(target, list) and len(target) == 1 else target
    fields.update(options(pick(first, FIELDS["choices"])))
    metadata = pick(first, FIELDS["metadata"])
    if isinstance(metadata, dict):
        for key, value in metadata.items():
            if key not in fields and isinstance(value, (str, int, float, bool)):
                fields[key] = value
    responses, verdicts, metric = [], [], None
    for index, sample in epochs:
        text = text_of(pick(sample, FIELDS["responses"]))
        if text is None:
            return bad(index, sample_id, f"sample {index} (id {sample_id}, epoch {_epoch(sample)}) has no output "
                                         "text (the sample errored or was not run)", raw=_trim(sample))
        responses.append(text)
        verdict, metric = _verdict(sample)
        verdicts.append(verdict)
    raw = _trim(first) if len(epochs) == 1 else {**_trim(first), "epochs": [_trim(s) for _, s in epochs]}
    return record(number, sample_id, fields, responses, verdict=verdicts[0] if len(verdicts) == 1 else verdicts,
                  metric=metric, raw=raw)


def _trim(sample: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in sample.items() if key not in _TRIM}
