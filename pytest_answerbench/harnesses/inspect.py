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

A sample that raised has ``error`` (an ``EvalError``: ``message``, ``traceback``) and no output: it is an errored
record naming inspect's message, never a wrong answer. The log's ``status`` (``started``, ``success``,
``cancelled``, ``error``; the ``.eval`` archive's ``header.json``, written when the run ends) and ``error`` say
whether the run finished: ``status`` gives them (``harnesses.status_of``).

Every member is checked against the zip's directory before it is inflated (``bounded.check_zip``: its size
within ``--bench-max-input-mb``, no name twice) and inflated with a ceiling (``bounded.read_member``); every JSON
text is parsed under ``--bench-max-depth`` (``bounded.load_json``).

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

from ..bounded import DEFAULT_LIMITS, BoundError, Limits, TooDeep, check_zip, load_json, read_member
from ..errors import ReaderError
from ..text.patterns import lazy_compile
from ._base import (HarnessFormatError, bad, json_document, options, pick, record, require_suffix, scrub, text_of,
                    verdict_of)

__all__ = ["FIELDS", "SUFFIXES", "detect", "read", "status"]

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
    if suffix == ".eval":  # only inspect_ai writes .eval files: one that is no zip is a broken log, said so
        return True
    if suffix == ".json":
        start = head[:4096].lstrip()
        # json.py writes the log's fields in EvalLog's order: version, status, eval, ...
        return start.startswith(b"{") and b'"eval"' in start and re.match(rb'\{\s*"version"', start) is not None
    return False


def read(path: Path, *, limits: Limits = DEFAULT_LIMITS) -> Iterator[dict[str, Any]]:
    require_suffix(path, SUFFIXES, WHAT)
    if path.suffix.lower() == ".eval":
        samples = _eval_samples(path, limits)
    else:
        samples = _json_samples(json_document(path, WHAT, limits), path)
    yield from _records(samples)


def status(path: Path, *, limits: Limits = DEFAULT_LIMITS) -> tuple[str, str | None] | None:
    """(status, error message or None) of the run the log records, as inspect_ai wrote them; None when the log
    says nothing (an archive that is no inspect log is left to ``read`` to say so)."""
    if path.suffix.lower() == ".eval":
        try:
            with _open_archive(path, limits) as archive:
                names = set(archive.namelist())
                if "header.json" not in names:  # written when the run ends: a run still going, or killed
                    return ("started", None) if "_journal/start.json" in names else None
                header = _member_json(archive, archive.getinfo("header.json"), path, limits)
        except (ReaderError, ValueError):
            return None
    else:
        try:
            header = json_document(path, WHAT, limits)
        except ReaderError:
            return None
    if not isinstance(header, dict) or not isinstance(header.get("status"), str):
        return None
    return header["status"], _error_message(header.get("error"))


def _open_archive(path: Path, limits: Limits) -> Any:
    """The .eval archive, its directory checked (``bounded.check_zip``) before any member is inflated."""
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
    try:
        check_zip(archive, path.name, limits, [info for info in archive.infolist()
                                               if info.filename == "header.json" or _SAMPLE.match(info.filename)])
    except ReaderError as exc:
        archive.close()
        raise (exc if isinstance(exc, BoundError) else HarnessFormatError(str(exc))) from None
    return archive


def _member_json(archive: Any, info: Any, path: Path, limits: Limits) -> Any:
    """One member parsed: inflated under the size ceiling, parsed under the depth ceiling (``TooDeep``, a
    ValueError, as text that is not JSON)."""
    try:
        data = read_member(archive, info, path.name, limits)
    except NotImplementedError:
        raise HarnessFormatError(
            f"{path.name}: its members are Zstandard-compressed (current inspect_ai); reading them needs "
            "Python 3.14 or the backports.zstd package (pip install backports.zstd), or convert the log "
            "with `inspect log convert --to json`") from None
    except ReaderError:
        raise
    except Exception as exc:  # noqa: BLE001 (each decompressor has its own error: zlib.error, ZstdError)
        raise HarnessFormatError(f"{path.name}: member {info.filename} cannot be read ({scrub(exc, path)}); the "
                                 "archive is damaged or truncated") from None
    return load_json(data, limits)


def _eval_samples(path: Path, limits: Limits) -> list[tuple[int, Any, str | None]]:
    out = []
    with _open_archive(path, limits) as archive:
        names = archive.namelist()
        if "header.json" not in names and "_journal/start.json" not in names:
            raise HarnessFormatError(f"{path.name}: a zip archive without header.json or _journal/start.json, so "
                                     "not an inspect_ai .eval log")
        members = [info for info in archive.infolist() if _SAMPLE.match(info.filename)]
        for index, info in enumerate(members, start=1):
            name = info.filename
            try:
                sample = _member_json(archive, info, path, limits)
            except TooDeep as exc:
                out.append((index, None, f"sample {index} ({name}) is not read: {exc}"))
                continue
            except ValueError as exc:
                out.append((index, None, f"sample {index} ({name}) is not JSON: {exc}"))
                continue
            out.append((index, sample, None) if isinstance(sample, dict)
                       else (index, None, f"sample {index} ({name}) is not a JSON object"))
    return out


def _json_samples(log: Any, path: Path) -> list[tuple[int, Any, str | None]]:
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
        error = _error_message(sample.get("error"))
        if error is not None:  # the sample raised: its (empty) output is no answer to score
            return bad(index, sample_id, f"sample {index} (id {sample_id}, epoch {_epoch(sample)}) errored in "
                                         f"inspect_ai: {error}", raw=_trim(sample))
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


def _error_message(error: Any) -> str | None:
    """inspect_ai's ``EvalError`` (``message``, ``traceback``) as its message; None when there is no error."""
    if not error:
        return None
    if isinstance(error, dict):
        message = error.get("message") or error.get("traceback")
        return str(message).strip().splitlines()[0] if message else "an error (no message recorded)"
    return str(error)


def _trim(sample: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in sample.items() if key not in _TRIM}
