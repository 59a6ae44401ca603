"""A report in the Every Eval Ever format (evaleval/every_eval_ever, schema 0.3.0): the aggregate
``EvaluationLog`` JSON and its instance-level sidecar ``<uuid>_samples.jsonl``, one record per report row.

The files go where that project's datastore keeps them, ``data/<benchmark>/<developer>/<model>/<uuid>.json``
and ``<uuid>_samples.jsonl`` beside it, so its validator (``every_eval_ever validate``) checks them as they are,
the sidecar's link included: the aggregate's ``detailed_evaluation_results`` names the sidecar's path, its
SHA-256 and its row count, and every record repeats the aggregate's ``evaluation_id``, ``model_id`` and
``evaluation_result_id``.

Each record: ``sample_id`` (the row id; a repeated id gets ``#2``, ``#3``...), ``input.raw`` (the row's
question text when it has one), ``input.reference`` (the gold), ``output.raw`` (the response),
``answer_attribution`` (the extracted answer and our extraction ``method``), ``evaluation`` (``score``;
``is_correct`` is status ``correct``), and ``metadata`` (status, file:line, the scorer's detail, the row's
group fields, and with several samples per question the question's id).

The uuid is not random: it is derived from the report (its fingerprint, or identity fields, and its rows) and
the model, and the timestamp is the caller's, so exporting the same report twice writes identical bytes.
Pure apart from :func:`write_every_eval_ever`, which writes the two files.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from ..._version import __version__
from ...text.patterns import lazy_compile
from ..rows import json_clean

__all__ = ["SCHEMA_VERSION", "EveryEvalEverExport", "export_every_eval_ever", "model_path", "write_every_eval_ever"]

#: The Every Eval Ever schema version these files follow.
SCHEMA_VERSION = "0.3.0"

# a datastore path component: no separators, no Windows-reserved characters, no trailing dot or space
_UNSAFE = lazy_compile(r'[<>:"/\\|?*\x00-\x1f]')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
_DEPLOYMENT = ("self_deployed", "externally_managed", "unknown")
_AVAILABILITY = ("open_weights", "closed_weights", "unknown")
_RELATIONSHIP = ("first_party", "third_party", "collaborative", "other")


@dataclass(frozen=True)
class EveryEvalEverExport:
    """The two files: their paths relative to the output folder (``data/...``) and their exact contents."""

    aggregate_path: str
    aggregate: str
    samples_path: str
    samples: str
    rows: int


def _component(value: str, what: str) -> str:
    value = value.strip().replace(":", "_")
    if (not value or value in {".", "..", "data"} or _UNSAFE.search(value) or value.endswith((".", " "))
            or value.split(".", 1)[0].upper() in _RESERVED):
        raise ValueError(f"{what} {value!r} cannot name a folder of the Every Eval Ever datastore; "
                         "use letters, digits, '-', '_' and '.'")
    return value


def model_path(model_id: str) -> tuple[str, str]:
    """(developer folder, model folder) of a ``developer/model`` id, as that datastore files it."""
    parts = model_id.strip().split("/")
    if len(parts) < 2 or not all(parts) or parts[0].lower() == "unknown":
        raise ValueError(f"the model id {model_id!r} is not of the form DEVELOPER/MODEL (as on Hugging Face, "
                         "e.g. meta-llama/Llama-3.1-8B-Instruct); Every Eval Ever files results by it")
    return _component(parts[0], "the developer"), "_".join(_component(p, "the model name") for p in parts[1:])


def _text(value: Any) -> str:
    """A value as the schema's strings: text as written, None as empty, anything else as JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(json_clean(value), ensure_ascii=False, sort_keys=True)


def _identity(report: Mapping[str, Any], model_id: str) -> str:
    """What makes this export this export: the report's fingerprint (or identity) and rows, and the model."""
    fp = report.get("fingerprint") or {k: report.get(k) for k in ("benchmark", "profile", "scorer_version",
                                                                   "tool_version", "files")}
    rows = [[r.get("id"), r.get("status"), r.get("score"), r.get("extracted")] for r in report.get("rows") or []]
    return json.dumps(json_clean({"fingerprint": fp, "rows": rows, "model": model_id}), sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False, default=str)


def _uuid4_shaped(seed: str) -> str:
    """A uuid with version 4's bits (the datastore accepts no other), its 122 other bits from ``seed``'s hash."""
    return str(uuid.UUID(bytes=hashlib.sha256(seed.encode("utf-8")).digest()[:16], version=4))


def _sample_record(row: Mapping[str, Any], sample_id: str, link: Mapping[str, str], sampled: bool) -> dict[str, Any]:
    # with a ``questions`` section (several samples per question) a row's ``question`` is the question's id
    question_id = row.get("question") if sampled else None
    question = None if sampled else row.get("question")
    gold = row.get("gold")
    reference = [_text(g) for g in gold] if isinstance(gold, list) else ([] if gold is None else [_text(gold)])
    record: dict[str, Any] = {
        **link,
        "sample_id": sample_id,
        "interaction_type": "single_turn",
        "input": {"raw": question if isinstance(question, str) else "", "reference": reference},
        "output": {"raw": [] if row.get("response") is None else [_text(row.get("response"))]},
        "answer_attribution": [{"turn_idx": 0, "source": "output.raw", "extracted_value": _text(row.get("extracted")),
                                "extraction_method": _text(row.get("method")) or "none", "is_terminal": True}],
        "evaluation": {"score": float(row.get("score") or 0.0), "is_correct": row.get("status") == "correct"},
    }
    if isinstance(question, str) and question:
        # the recipe the format gives for a cross-model join key over the answer-free input
        record["sample_hash"] = hashlib.sha256(json.dumps({"raw": question, "reference": reference}, sort_keys=True,
                                                          separators=(",", ":")).encode("utf-8")).hexdigest()
    where = f"{row.get('file') or ''}:{row.get('line')}" if row.get("line") is not None else ""
    meta = {"status": _text(row.get("status")), "where": where, "detail": _text(row.get("detail"))}
    meta.update({f"field.{k}": _text(v) for k, v in (row.get("fields") or {}).items()})
    if question_id is not None:
        meta["question"] = _text(question_id)
    record["metadata"] = {k: v for k, v in meta.items() if v}
    return record


def export_every_eval_ever(report: Mapping[str, Any], *, model_id: str, retrieved_timestamp: str,
                           organization: str = "unknown", relationship: str = "third_party",
                           deployment: str = "unknown", availability: str = "unknown") -> EveryEvalEverExport:
    """The report as Every Eval Ever files (see the module docstring).

    Args:
        model_id: ``developer/model`` as on Hugging Face (the report does not know the model).
        retrieved_timestamp: Unix time (seconds, as text) of the record; the CLI gives the report file's
            modification time, so a re-export of the same file is identical.
        organization, relationship: who ran the evaluation and how they relate to the model
            (``first_party``, ``third_party``, ``collaborative``, ``other``).
        deployment, availability: the model's ``deployment_type`` and ``model_availability``.

    Raises ValueError, saying what to change, on a model id or choice the format does not accept.
    """
    for value, allowed, what in ((relationship, _RELATIONSHIP, "relationship"), (deployment, _DEPLOYMENT,
                                 "deployment type"), (availability, _AVAILABILITY, "model availability")):
        if value not in allowed:
            raise ValueError(f"the {what} {value!r} is not one of {', '.join(allowed)}")
    developer, model = model_path(model_id)
    benchmark = str(report.get("benchmark") or "benchmark")
    collection = _component(benchmark, "the benchmark name")
    file_uuid = _uuid4_shaped(_identity(report, model_id))
    folder = f"data/{collection}/{developer}/{model}"
    evaluation_id = f"{benchmark}/{model_id}/{retrieved_timestamp}"
    result_id = f"{benchmark}.accuracy"
    link = {"schema_version": SCHEMA_VERSION, "evaluation_id": evaluation_id, "model_id": model_id,
            "evaluation_name": benchmark, "evaluation_result_id": result_id}

    sampled = bool(report.get("questions"))
    seen: dict[str, int] = {}
    lines = []
    for row in report.get("rows") or []:
        rid = str(row.get("id"))
        seen[rid] = seen.get(rid, 0) + 1
        sample_id = rid if seen[rid] == 1 else f"{rid}#{seen[rid]}"
        lines.append(json.dumps(_sample_record(row, sample_id, link, sampled), ensure_ascii=False, sort_keys=True,
                                allow_nan=False))
    samples = "".join(line + "\n" for line in lines)

    ci = report.get("ci95") or [None, None]
    score_details: dict[str, Any] = {"score": float(report.get("accuracy") or 0.0)}
    uncertainty: dict[str, Any] = {"num_samples": int(report.get("total") or len(lines))}
    if ci[0] is not None and ci[1] is not None:
        uncertainty["confidence_interval"] = {"lower": float(ci[0]), "upper": float(ci[1]), "confidence_level": 0.95,
                                              "method": "pytest-answerbench ci95 (Wilson for 0/1 scores)"}
    score_details["uncertainty"] = uncertainty
    details = {k: _text(report.get(k)) for k in ("benchmark_path", "profile", "scorer_version") if report.get(k)}
    aggregate = {
        "schema_version": SCHEMA_VERSION,
        "evaluation_id": evaluation_id,
        "retrieved_timestamp": retrieved_timestamp,
        "source_metadata": {"source_name": "pytest-answerbench", "source_type": "evaluation_run",
                            "source_organization_name": organization, "evaluator_relationship": relationship},
        "eval_library": {"name": "pytest-answerbench", "version": _text(report.get("tool_version") or __version__)},
        "model_info": {"name": model_id.split("/", 1)[1], "id": model_id, "developer": model_id.split("/", 1)[0],
                       "additional_details": {"deployment_type": deployment, "model_availability": availability}},
        "evaluation_results": [{
            "evaluation_result_id": result_id,
            "evaluation_name": benchmark,
            "source_data": {"dataset_name": benchmark, "source_type": "other", **(
                {"additional_details": details} if details else {})},
            "metric_config": {"evaluation_description": f"{benchmark}: mean row score as pytest-answerbench scores it",
                              "metric_id": "accuracy", "metric_name": "accuracy", "metric_kind": "accuracy",
                              "lower_is_better": False, "score_type": "continuous", "min_score": 0.0,
                              "max_score": 1.0},
            "score_details": score_details,
        }],
        "detailed_evaluation_results": {
            "format": "jsonl", "file_path": f"{folder}/{file_uuid}_samples.jsonl", "hash_algorithm": "sha256",
            "checksum": hashlib.sha256(samples.encode("utf-8")).hexdigest(), "total_rows": len(lines)},
    }
    return EveryEvalEverExport(aggregate_path=f"{folder}/{file_uuid}.json",
                               aggregate=json.dumps(aggregate, ensure_ascii=False, indent=2) + "\n",
                               samples_path=f"{folder}/{file_uuid}_samples.jsonl", samples=samples, rows=len(lines))


def write_every_eval_ever(export: EveryEvalEverExport, out_dir: str | Path) -> list[Path]:
    """Writes the two files under ``out_dir`` (folders made as needed); returns their paths."""
    written = []
    for rel, text in ((export.samples_path, export.samples), (export.aggregate_path, export.aggregate)):
        path = Path(out_dir) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))  # bytes as checksummed: no newline translation
        written.append(path)
    return written
