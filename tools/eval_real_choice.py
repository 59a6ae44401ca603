"""Measure the multiple-choice reader against the hand-labelled corpus of real model replies.

Reads the full corpus ``real_choice.jsonl`` from ``--data`` (default: ``$ANSWERBENCH_CORPORA``, else
``real_corpus.corpora_dir()``; the text is not committed, tools/real_corpus.py rebuilds it), joined by
id and hash with the committed labels ``tests/data/real_choice.labels.jsonl`` (see
``tests/data/real_choice.README.md``), and reports, overall, per
answer style and per split:

* ``infer_choice``: how often ``infer_choice(response, options).letter`` equals the hand label (None when the
  reply commits to no option); a *false accept* is a letter returned where the label is None or another
  letter, a *false reject* is None where the label is a letter.
* ``vmcbench_dev`` and ``livexiv`` (``default`` and ``upstream`` profiles): whether the verdict's ``correct``
  equals ``label == gold``; a false accept is a correct verdict on a row whose label is not the gold, a false
  reject is a wrong verdict on a row whose label is the gold. These two benchmarks read options A..J only, so
  rows with more options are left out of their figures (the count is printed).

    python tools/eval_real_choice.py [--data DIR | path/to/file.jsonl] [--corpus NAME]
                                     [--split dev|heldout|fresh|fresh2|fresh3|all] [--misses] [--json]

``--corpus`` names another multiple-choice corpus of the same row shape (``reason_choice``, ``trace_choice``:
tests/data/<name>.README.md), read the same way; ``--split`` keeps the rows of one split. A file given by path is
read as it is (its own labels), without the join.

Exit status is 0 whatever the agreement: this is a measurement, not a gate.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_answerbench import score_row  # noqa: E402
from pytest_answerbench.choice import infer_choice  # noqa: E402

import real_corpus  # noqa: E402  (tools/, this script's folder)

BENCH_LETTERS = frozenset("ABCDEFGHIJ")  # the option columns vmcbench_dev and livexiv read
SCORERS = (("vmcbench_dev", "default"), ("vmcbench_dev", "upstream"), ("livexiv", "default"), ("livexiv", "upstream"))


class Tally:
    """Agreement counts for one group of rows."""

    def __init__(self) -> None:
        self.n = self.agree = self.false_accept = self.false_reject = 0

    def add(self, agree: bool, false_accept: bool, false_reject: bool) -> None:
        self.n += 1
        self.agree += agree
        self.false_accept += false_accept
        self.false_reject += false_reject

    def as_dict(self) -> dict[str, float | int]:
        rate = round(100.0 * self.agree / self.n, 1) if self.n else 0.0
        return {"n": self.n, "agree": self.agree, "pct": rate, "false_accept": self.false_accept,
                "false_reject": self.false_reject}


def _reader_outcome(row: dict) -> tuple[str | None, str]:
    try:
        res = infer_choice(row["response"], row["options"])
        return res.letter, res.method
    except Exception as exc:  # a crash counts as a disagreement, it does not stop the measurement
        return "<error>", f"{type(exc).__name__}: {exc}"


def _bench_outcome(row: dict, bench: str, profile: str) -> tuple[bool, str]:
    fields = {"prediction": row["response"], "answer": row["gold"], "category": "x", "index": row["id"]}
    fields.update(row["options"])
    verdict = score_row(bench, fields, profile=profile)
    return verdict.correct, f"{verdict.status}/{verdict.method}/{verdict.extracted}"


def measure(rows: list[dict]) -> tuple[dict, list[tuple]]:
    """Tallies keyed by (measure, group) and the list of disagreements."""
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    misses = []
    for row in rows:
        groups = ("all", f"style:{row['style']}", f"split:{row['split']}")
        label = row["label"]
        got, how = _reader_outcome(row)
        ok = got == label
        for g in groups:
            tallies[("infer_choice", g)].add(ok, got is not None and not ok, got is None and label is not None)
        if not ok:
            misses.append(("infer_choice", row, got, how))
        if not set(row["options"]) <= BENCH_LETTERS:
            for g in groups:
                tallies[("skipped: options beyond J", g)].add(True, False, False)
            continue
        truth = label is not None and label == row["gold"]
        for bench, profile in SCORERS:
            correct, how = _bench_outcome(row, bench, profile)
            name = f"{bench}/{profile}"
            for g in groups:
                tallies[(name, g)].add(correct == truth, correct and not truth, truth and not correct)
            if correct != truth:
                misses.append((name, row, correct, how))
    return {f"{m} | {g}": t.as_dict() for (m, g), t in sorted(tallies.items())}, misses


def _excerpt(text: str, width: int = 140) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else "…" + flat[-(width - 1):]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=None, help="a corpus file read as is (default: --data and the labels)")
    ap.add_argument("--data", type=Path, default=None,
                    help="folder of the full corpora (default: $ANSWERBENCH_CORPORA, else real_corpus.corpora_dir())")
    ap.add_argument("--corpus", default="real_choice",
                    choices=[c.name for c in real_corpus.CORPORA if c.kind not in ("math", "reason_math")],
                    help="the multiple-choice corpus to read (default real_choice)")
    ap.add_argument("--split", choices=("dev", "heldout", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45", "all"), default="all",
                    help="rows of this split only (default all)")
    ap.add_argument("--misses", action="store_true", help="list every disagreement")
    ap.add_argument("--json", action="store_true", help="print the tallies as JSON")
    args = ap.parse_args(argv)
    if args.path:
        with open(args.path, encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
    else:
        try:
            rows = real_corpus.load(args.corpus, args.data)
        except (FileNotFoundError, ValueError) as exc:
            print(exc, file=sys.stderr)
            return 2
    if args.split != "all":
        rows = [row for row in rows if row["split"] == args.split]
    table, misses = measure(rows)
    if args.json:
        print(json.dumps(table, indent=1))
    else:
        print(f"{'measure | group':58} {'n':>4} {'agree':>6} {'%':>6} {'FA':>4} {'FR':>4}")
        for key, t in table.items():
            print(f"{key:58} {t['n']:>4} {t['agree']:>6} {t['pct']:>6} {t['false_accept']:>4} {t['false_reject']:>4}")
    if args.misses:
        for name, row, got, how in misses:
            print(f"\n[{name}] {row['id']} style={row['style']} label={row['label']} gold={row['gold']} got={got} ({how})")
            print("   ", _excerpt(row["response"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
