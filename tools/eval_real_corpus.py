"""Measure the scorers on a hand-labelled corpus of real model responses (the yardstick).

Maths corpus (``real_math``, rows described in tests/data/real_math.README.md): the full rows are read from the
folder ``--data`` (default: ``$ANSWERBENCH_CORPORA``, else where ``corpora_dir()`` looks; the text is not
committed, tools/real_corpus.py rebuilds it) and joined with the committed labels,
``tests/data/real_math.labels.jsonl``, by id and hash. Every row is scored by each scorer below and compared with its hand label. Per scorer, per answer style and overall it
prints the rows, the rows labelled correct, the TPR (correct rows the scorer accepts), the false accepts (wrong
rows it accepts) over the wrong rows, and the accuracy (agreement with the labels). ``--corpus reason_math``
(reasoning-era traces, tests/data/reason_math.README.md) and ``--corpus trace_math`` (more of them, from five other
repositories, tests/data/trace_math.README.md) read the same way and also print every figure per source
(repository | model), as ``--by-source`` does for any maths corpus.

    python tools/eval_real_corpus.py [--data DIR | corpus.jsonl]
                                     [--corpus real_math|real_choice|reason_math|reason_choice|trace_math]
                                     [--split dev|heldout|fresh|fresh2|fresh3|fresh4|fresh5|fresh6|fresh7|fresh8|fresh9|fresh10|fresh11|fresh12|fresh13|fresh14|fresh15|fresh16|fresh17|fresh18|fresh19|fresh20|fresh21|fresh22|fresh23|fresh24|fresh25|fresh26|fresh27|fresh28|fresh29|fresh30|fresh31|fresh32|fresh33|fresh34|fresh35|fresh36|fresh37|fresh38|fresh39|fresh40|fresh41|fresh42|fresh43|fresh44|fresh45|all]
                                     [--list-misses] [--by-source]
                                     [--math-verify-python /tmp/mv/bin/python]
                                     [--scorers olympiad/default,imo/upstream,boxed,...]

A ``corpus.jsonl`` given by path is read as it is (its own labels), without the join.

Scorers (``--scorers``, all available ones by default):
    olympiad/default, olympiad/upstream   score_row("olympiad", {"prediction", "answer"}, profile=...)
    imo/default, imo/upstream             score_row("imo", {"Problem ID", "Short Answer", "prediction"}, ...)
    boxed                                 the last \\boxed{...} equals the gold exactly (whitespace ignored):
                                          the baseline a naive harness gives
    math-verify                           Math-Verify's verify(parse("$gold$"), parse(prediction)), only when
                                          ``math_verify`` is importable (install it in a scratch venv, never
                                          into the project, and run this tool there with PYTHONPATH=<worktree>),
                                          or through ``--math-verify-python`` (that venv's interpreter, called
                                          once for all rows while this tool runs in the project's environment)

A multiple-choice corpus (rows with ``response``, ``options`` {letter: text} and ``label``, a letter or null, as
``real_choice`` and ``reason_choice``) is recognised by its rows and read with
``pytest_answerbench.choice.infer_choice`` and, as a baseline, with MMLU-Pro's answer-extraction regexes
(re-implemented here, ``mmlu_pro_letter``): per reader, overall, per answer style and per source repository, the
agreement, the letters read where the label has none or another letter (false accepts), and no letter where the
label has one (false rejects).

Nothing here asserts a figure; the exit status is 0 whatever the agreement (a measurement, not a gate).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Callable, Iterable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pytest_answerbench import score_row  # noqa: E402

import real_corpus  # noqa: E402  (tools/, this script's folder)

SPLITS = ("dev", "heldout", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14", "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45", "all")


# -- the maths scorers: each takes a corpus row and says whether it accepts the prediction -----------------------

def _olympiad(profile: str) -> Callable[[dict], bool]:
    def accepts(row: dict) -> bool:
        fields = {"prediction": row["prediction"], "answer": row["answer"]}
        if row.get("question"):  # OlympiadBench rows carry their question (options a boxed letter may name)
            fields["question"] = row["question"]
        return score_row("olympiad", fields, profile=profile).correct
    return accepts


def _imo(profile: str) -> Callable[[dict], bool]:
    def accepts(row: dict) -> bool:
        fields = {"Problem ID": row["id"], "Short Answer": row["answer"], "prediction": row["prediction"]}
        if row.get("question"):  # AnswerBench's Problem column: the question, read as olympiad reads its own
            fields["Problem"] = row["question"]
        return score_row("imo", fields, profile=profile).correct
    return accepts


def last_boxed(text: str) -> str | None:
    """The content of the last ``\\boxed{...}`` (or ``\\fbox{...}``) of ``text``, braces balanced; None if none
    is complete."""
    found = None
    for command in ("\\boxed", "\\fbox"):
        start = text.rfind(command)
        if start < 0 or (found is not None and start < found[0]):
            continue
        brace = text.find("{", start)
        if brace < 0:
            continue
        depth = 0
        for end in range(brace, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                found = (start, text[brace + 1:end])
                break
    return None if found is None else found[1]


def _boxed(row: dict) -> bool:
    got = last_boxed(row["prediction"])
    return got is not None and "".join(got.split()) == "".join(row["answer"].split())


def _math_verify() -> Callable[[dict], bool] | None:
    try:
        from math_verify import parse, verify
    except ImportError:
        return None

    def accepts(row: dict) -> bool:
        try:
            return bool(verify(parse(f"${row['answer']}$"), parse(row["prediction"])))
        except Exception:  # Math-Verify's own failure on a row is a reject, as its harness treats it
            return False
    return accepts


#: run in another interpreter (``--math-verify-python``): reads [[gold, prediction], ...] as JSON on stdin, writes the
#: verdicts as a JSON list; a row Math-Verify fails on is a reject, as its harness treats it
_MATH_VERIFY_CHILD = """
import json, sys
from math_verify import parse, verify
verdicts = []
for gold, prediction in json.load(sys.stdin):
    try:
        verdicts.append(bool(verify(parse("$" + gold + "$"), parse(prediction))))
    except Exception:
        verdicts.append(False)
json.dump(verdicts, sys.stdout)
"""


def math_verify_in(python: str, rows: list[dict]) -> Callable[[dict], bool]:
    """Math-Verify's verdicts on ``rows`` computed by another Python that has ``math_verify`` installed (a scratch
    venv: its pinned antlr runtime differs from the project's), looked up by row id."""
    done = subprocess.run([python, "-c", _MATH_VERIFY_CHILD], capture_output=True, text=True,
                          input=json.dumps([[row["answer"], row["prediction"]] for row in rows]))
    if done.returncode:
        raise SystemExit(f"{python}: Math-Verify failed: {done.stderr.strip()[-500:]}")
    verdicts = dict(zip((row["id"] for row in rows), json.loads(done.stdout)))
    return lambda row: verdicts[row["id"]]


def maths_scorers() -> dict[str, Callable[[dict], bool]]:
    table: dict[str, Callable[[dict], bool] | None] = {
        "olympiad/default": _olympiad("default"),
        "olympiad/upstream": _olympiad("upstream"),
        "imo/default": _imo("default"),
        "imo/upstream": _imo("upstream"),
        "boxed": _boxed,
        "math-verify": _math_verify(),
    }
    return {name: fn for name, fn in table.items() if fn is not None}


# -- figures -------------------------------------------------------------------------------------------------------

class Tally:
    """Rows, correct-labelled rows, accepted correct rows, accepted wrong rows."""

    def __init__(self) -> None:
        self.rows = self.positives = self.true_accepts = self.false_accepts = 0

    def add(self, label: bool, accepted: bool) -> None:
        self.rows += 1
        self.positives += label
        self.true_accepts += label and accepted
        self.false_accepts += (not label) and accepted

    def line(self, name: str, width: int = 14) -> str:
        negatives = self.rows - self.positives
        tpr = f"{self.true_accepts / self.positives:6.1%}" if self.positives else "     -"
        agree = self.true_accepts + negatives - self.false_accepts
        return (f"  {name:<{width}} {self.rows:>5} {self.positives:>8} {tpr:>7} "
                f"{self.false_accepts:>5}/{negatives:<5} {agree / self.rows:>8.1%}")


HEADER = f"  {'style':<14} {'rows':>5} {'correct':>8} {'TPR':>7} {'false acc.':>11} {'accuracy':>8}"


def _select(rows: Iterable[dict], split: str) -> list[dict]:
    return [row for row in rows if split == "all" or row.get("split") == split]


def source_of(row: dict) -> str:
    """The source a row is counted under: the repository of its pointer and the model (``owner/repo | model``)."""
    repo = row.get("source", "?").split("@", 1)[0]
    return f"{repo} | {row['model']}" if row.get("model") else repo


def measure_maths(rows: list[dict], accepts: Callable[[dict], bool]) -> tuple[dict[str, dict[str, Tally]], list]:
    """One scorer over the rows: tallies per style, per source (``source_of``) and overall (key ``all``), and the
    rows it gets wrong as (row, what)."""
    tallies: dict[str, dict[str, Tally]] = {"style": defaultdict(Tally), "source": defaultdict(Tally),
                                            "all": defaultdict(Tally)}
    misses = []
    for row in rows:
        try:
            accepted = accepts(row)
        except Exception as exc:  # a crash is a reject, listed so it is seen
            accepted = False
            misses.append((row, f"crash {type(exc).__name__}: {exc}"))
        for group, key in (("style", row["style"]), ("source", source_of(row)), ("all", "all")):
            tallies[group][key].add(row["label"], accepted)
        if accepted != row["label"]:
            misses.append((row, "false accept" if accepted else "false reject"))
    return tallies, misses


def run_maths(rows: list[dict], names: list[str], list_misses: bool, by_source: bool = False,
              math_verify_python: str | None = None) -> None:
    available = maths_scorers()
    if math_verify_python:
        available["math-verify"] = math_verify_in(math_verify_python, rows)
    unknown = [n for n in names if n not in available]
    if unknown:
        print(f"not available here: {', '.join(unknown)} (math-verify needs `pip install math-verify` in a scratch "
              f"venv); choose from {', '.join(available)}", file=sys.stderr)
    for name in [n for n in names if n in available]:
        tallies, misses = measure_maths(rows, available[name])
        print(f"\n{name}\n{HEADER}")
        for style in sorted(tallies["style"]):
            print(tallies["style"][style].line(style))
        print(tallies["all"]["all"].line("all"))
        if by_source:
            width = max(len(source) for source in tallies["source"])
            print(f"  {'per source (repository | model)':<{width}} {'rows':>5} {'correct':>8} {'TPR':>7} "
                  f"{'false acc.':>11} {'accuracy':>8}")
            for source in sorted(tallies["source"]):
                print(tallies["source"][source].line(source, width))
        if list_misses:
            for row, what in misses:
                tail = " ".join(row["prediction"][-160:].split())
                print(f"    {row['id']} [{row['style']}] {what}: gold {row['answer']!r}; ...{tail}")


def mmlu_pro_letter(response: str, options: dict) -> str | None:
    """The baseline a common harness gives: MMLU-Pro's answer extraction, re-implemented here from its stated
    behaviour. First "answer is (X)" / "answer is X"; else "Answer: X" / "answer: X" (the last one on the first
    line holding one); else the last capital letter A..J standing alone as a word; else no letter. Letters A..J
    whatever the options (as MMLU-Pro reads them); ``options`` is not looked at."""
    found = re.search(r"answer is \(?([A-J])\)?", response)
    if found:
        return found.group(1)
    found = re.search(r".*[aA]nswer:\s*([A-J])", response)
    if found:
        return found.group(1)
    found = re.search(r"\b[A-J]\b(?!.*\b[A-J]\b)", response, re.DOTALL)
    return found.group(0) if found else None


def _infer_choice_letter(response: str, options: dict) -> str | None:
    from pytest_answerbench.choice import infer_choice
    return infer_choice(response, options).letter


#: the multiple-choice readers measured: name -> (response, options) -> letter or None
CHOICE_READERS: dict[str, Callable[[str, dict], str | None]] = {
    "infer_choice": _infer_choice_letter,
    "mmlu-pro regex": mmlu_pro_letter,
}


def choice_tallies(rows: list[dict]) -> tuple[dict[tuple[str, str], list[int]], list[tuple[str, dict, object]]]:
    """Per (reader, group): [rows, agree, false accepts, false rejects], the groups being "(overall)",
    "style:<style>" and "source:<owner/repo>"; and the misses as (reader, row, letter read). A crash counts as a
    disagreement (read as ``<ExceptionName>``)."""
    tallies: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    misses = []
    for row in rows:
        groups = ["(overall)"]
        if row.get("style"):
            groups.append(f"style:{row['style']}")
        if row.get("source"):
            groups.append(f"source:{row['source'].split('@', 1)[0]}")
        for name, read in CHOICE_READERS.items():
            try:
                got = read(row["response"], row["options"])
            except Exception as exc:  # a crash is a disagreement
                got = f"<{type(exc).__name__}>"
            for group in groups:
                t = tallies[(name, group)]
                t[0] += 1
                t[1] += got == row["label"]
                t[2] += got != row["label"] and got is not None
                t[3] += got is None and row["label"] is not None
            if got != row["label"]:
                misses.append((name, row, got))
    return tallies, misses


def run_choice(rows: list[dict], list_misses: bool) -> None:
    tallies, misses = choice_tallies(rows)
    for name in CHOICE_READERS:
        print(f"\n{name}\n  {'group':<40} {'rows':>5} {'agreement':>10} {'false acc.':>10} {'false rej.':>10}")
        for (reader, group), (n, agree, fa, fr) in sorted(tallies.items()):
            if reader == name:
                print(f"  {group:<40} {n:>5} {agree / n:>10.1%} {fa:>10} {fr:>10}")
        if list_misses:
            for reader, row, got in misses:
                if reader == name:
                    tail = " ".join(row["response"][-160:].split())
                    print(f"    {row.get('id', '?')} label {row['label']!r} read {got!r}: ...{tail}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=None, help="a corpus file read as is (default: --data and the labels)")
    ap.add_argument("--data", type=Path, default=None,
                    help="folder of the full corpora (default: $ANSWERBENCH_CORPORA, else real_corpus.corpora_dir())")
    ap.add_argument("--corpus", choices=[c.name for c in real_corpus.CORPORA], default="real_math",
                    help="which corpus of --data to read (default real_math)")
    ap.add_argument("--split", choices=SPLITS, default="all", help="rows of this split only (default all)")
    ap.add_argument("--list-misses", action="store_true", help="list every row a scorer gets wrong")
    ap.add_argument("--scorers", default="", help="comma-separated maths scorers (default: every available one)")
    ap.add_argument("--math-verify-python", default=None, metavar="PYTHON",
                    help="score math-verify with this interpreter (a scratch venv with math-verify installed), so it "
                         "runs beside the project's scorers in one measurement")
    ap.add_argument("--by-source", action="store_true",
                    help="maths corpora: also print the figures per source (repository | model); on by default for "
                         "reason_math and trace_math")
    args = ap.parse_args(argv)

    if args.path:
        where = args.path
        with open(args.path, encoding="utf-8") as fh:
            rows = _select((json.loads(line) for line in fh if line.strip()), args.split)
    else:
        where = str((args.data or real_corpus.corpora_dir()) / f"{args.corpus}.jsonl")
        try:
            rows = _select(real_corpus.load(args.corpus, args.data), args.split)
        except (FileNotFoundError, ValueError) as exc:
            print(exc, file=sys.stderr)
            return 2
    if not rows:
        print(f"{where}: no rows in split {args.split!r}", file=sys.stderr)
        return 0
    print(f"{where}, split {args.split}: {len(rows)} rows")
    if "options" in rows[0] and "response" in rows[0]:
        run_choice(rows, args.list_misses)
    else:
        names = [n.strip() for n in args.scorers.split(",") if n.strip()] or [
            *maths_scorers(), *(["math-verify"] if args.math_verify_python and "math-verify" not in maths_scorers() else [])]
        run_maths(rows, names, args.list_misses, args.by_source or args.corpus in ("reason_math", "trace_math"),
                  args.math_verify_python)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
