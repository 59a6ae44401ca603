"""Held-aside evaluation of the default multiple-choice reader.

Runs ``pytest_answerbench.choice.infer_choice`` over ``tests/data/choice_heldout.jsonl``
(hand-labelled responses written without looking at the reader or its own corpus)
and prints the agreement rate and every disagreement.

    python tools/eval_choice_heldout.py [path/to/file.jsonl] [--width N]

Exit status is 0 whatever the agreement: this is a measurement, not a gate.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_answerbench.choice import infer_choice  # noqa: E402

DEFAULT = ROOT / "tests" / "data" / "choice_heldout.jsonl"


def _excerpt(text: str, width: int) -> str:
    flat = " ".join(text.split()) if text.strip() else repr(text)
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=str(DEFAULT))
    ap.add_argument("--width", type=int, default=160, help="response excerpt width")
    args = ap.parse_args(argv)

    rows = []
    with open(args.path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                rows.append(json.loads(line))

    agree = 0
    misses = []
    by_label = {"letter": [0, 0], "none": [0, 0]}  # [agree, total]
    for row in rows:
        try:
            res = infer_choice(row["response"], row["options"])
            got, method = res.letter, getattr(res, "method", "?")
        except Exception as exc:  # a crash is a disagreement, not an abort
            got, method = "<error>", f"{type(exc).__name__}: {exc}"
        kind = "none" if row["label"] is None else "letter"
        by_label[kind][1] += 1
        if got == row["label"]:
            agree += 1
            by_label[kind][0] += 1
        else:
            misses.append((row, got, method))

    total = len(rows)
    print(f"rows: {total}   agree: {agree}   disagree: {len(misses)}   "
          f"agreement: {agree / total:.1%}" if total else "no rows")
    for kind, (a, t) in by_label.items():
        if t:
            print(f"  label={kind:<6} {a}/{t} ({a / t:.1%})")
    if misses:
        print("\nDisagreements (id | label | reader letter [method] | why | response):")
        for row, got, method in misses:
            print(f"- {row['id']} | label={row['label']} | reader={got} [{method}] | "
                  f"{row.get('why', '')}\n    {_excerpt(row['response'], args.width)}")
    return 0


if __name__ == "__main__":
    import signal as _signal

    _signal.signal(_signal.SIGPIPE, _signal.SIG_DFL)  # `... | head` ends quietly instead of a BrokenPipeError
    raise SystemExit(main())
