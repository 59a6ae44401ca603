"""OlympiadBench default profile against a blind hand-labelled development corpus (300 full model responses).

``tests/data/math_blind_dev.jsonl`` holds OlympiadBench rows plus a grader's ``label`` (is the response
correct?) and ``why``. The default profile must give the careful grader's verdict: agreement is asserted at the
figure measured when the corpus was added (299/300) minus a small margin, so a regression in extraction or
equivalence shows here even when every unit table still passes. Rows the engine is known to miss are listed
with the reason instead of being skipped; they still count in the figure.
"""

from __future__ import annotations

import json
from pathlib import Path

from pytest_answerbench import score_row

CORPUS = Path(__file__).parent / "data" / "math_blind_dev.jsonl"
ROWS = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]

#: Measured 299/300 (99.7%) when the corpus was added; the margin allows four rows of drift at most.
MIN_AGREEMENT = 0.985

#: Rows the default profile gets wrong, each with the reason it is out of reach (none is thought mislabelled).
KNOWN_MISSES = {
    "mb-259": "beyond reach: the gold (\\gamma-1)mc^2 uses the Lorentz factor; matching the expanded "
              "mc^2/\\sqrt{1-v^2/c^2} - mc^2 needs the definition of \\gamma, which the answer does not state",
}


def _agrees(row: dict) -> tuple[bool, str]:
    fields = {k: v for k, v in row.items() if k not in ("label", "why")}
    verdict = score_row("olympiad", fields, profile="default", timeout=10.0)
    ok = verdict.status in ("correct", "wrong") and verdict.correct is row["label"]
    return ok, f"{row['id']}: label={row['label']} got {verdict.status} ({verdict.method}, {verdict.extracted!r})"


def test_corpus_is_the_blind_set():
    assert len(ROWS) == 300 and len({r["id"] for r in ROWS}) == 300
    assert all(isinstance(r["label"], bool) and r["why"] for r in ROWS)
    assert set(KNOWN_MISSES) <= {r["id"] for r in ROWS}


def test_default_profile_agrees_with_the_grader():
    misses = []
    for row in ROWS:
        ok, line = _agrees(row)
        if not ok:
            misses.append(line)
    agreement = 1 - len(misses) / len(ROWS)
    unexpected = [m for m in misses if m.split(":")[0] not in KNOWN_MISSES]
    assert agreement >= MIN_AGREEMENT, (f"agreement {agreement:.3f} < {MIN_AGREEMENT}", unexpected)
