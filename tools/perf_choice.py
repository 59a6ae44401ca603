"""Micro-benchmark for the careful multiple-choice reader (``pytest_answerbench.choice.infer_choice``).

Speed is shown by this script, not by the test-suite. It prints the median and 99th percentile microseconds per
call over three sets:

* ``corpus``: every reply in ``tests/data/choice_corpus.jsonl`` with its own option set;
* ``realistic``: a sentence or two of reasoning plus a closing answer in the common styles ("The answer is (B).",
  ``**B**``, ``\\boxed{B}``, "Answer: B", "I think it is B."), the shape of a VMCBench / LiveXivVQA row;
* ``short``: replies that are only a letter ("B", "(b)", "B.", "The answer is (B).", "Answer: C"), which
  ``choice.fast`` answers; ``near-miss``: short replies it declines ("A and B", "Answer: A or B", "I cannot see the
  image. (A)");
* ``long``: worst-case inputs of about 50 kB (repeated letters, brackets, asterisks, spaces, markers, option
  texts) that would expose catastrophic regex backtracking; the maximum is what matters there.

Usage::

    python tools/perf_choice.py                  # the package's reader
    python tools/perf_choice.py --module FILE    # another copy of choice.py, e.g. an older version, to compare
    python tools/perf_choice.py --repeat 5       # more timing rounds (each call's best round is kept)
    python tools/perf_choice.py --no-long        # skip the worst-case inputs (an old reader can take minutes)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS_PATH = ROOT / "tests" / "data" / "choice_corpus.jsonl"

OPTIONS = [
    {"A": "The loss decreases monotonically", "B": "The loss increases",
     "C": "The loss first decreases then increases", "D": "The loss stays constant"},
    {"A": "2019", "B": "2020", "C": "2021", "D": "2022"},
    {"A": "A red car", "B": "A blue bicycle", "C": "A green bus", "D": "A yellow taxi"},
    {"A": "0.25", "B": "0.5", "C": "0.75", "D": "1.0"},
]
REASONING = [
    "The plot shows the training loss over 100 epochs.",
    "Looking at the image, the tallest bar belongs to the second group.",
    "The figure compares three methods on the benchmark, and the proposed one is highest.",
    "In the picture there is a vehicle parked next to the sidewalk.",
    "The curve rises until epoch 40 and then flattens out, so it does not decrease at the end.",
]
CLOSINGS = [
    "The answer is ({L}).", "**{L}**", "\\boxed{{{L}}}", "Answer: {L}", "I think it is {L}.",
    "Therefore, the correct answer is {L}.", "So the answer is **{L}**.", "Final Answer: {L}",
]


def realistic_cases() -> list[tuple[str, dict[str, str]]]:
    """Replies shaped like VMCBench / LiveXivVQA model outputs: reasoning sentences plus a closing answer."""
    cases = []
    for i in range(400):
        options = OPTIONS[i % len(OPTIONS)]
        letter = "ABCD"[(i * 7) % 4]
        n_sentences = 1 + i % 2
        reasoning = " ".join(REASONING[(i + k) % len(REASONING)] for k in range(n_sentences))
        closing = CLOSINGS[i % len(CLOSINGS)].format(L=letter)
        cases.append((f"{reasoning} {closing}" if i % 5 else closing, options))
    return cases


SHORT_FORMS = ["{L}", "({L})", "{L}.", "({l})", "[{L}]", "{l}", "The answer is ({L}).", "The answer is {L}.",
               "Answer: {L}", "Option {L}", " {L}\n"]
NEAR_MISSES = ["A and B", "Answer: A or B", "I cannot see the image. (A)", "A, since it fits", "(A) or (B)"]


def short_cases() -> list[tuple[str, dict[str, str]]]:
    """Replies that are only a letter in some dress (eleven forms, four letters, four option sets): what a benchmark
    of letter-only rows feeds the reader."""
    return [(form.format(L=letter, l=letter.lower()), options) for options in OPTIONS for form in SHORT_FORMS
            for letter in "ABCD"]


def near_miss_cases() -> list[tuple[str, dict[str, str]]]:
    """Short replies the letter fast path declines (five per option set): they pay for its test and the full read."""
    return [(reply, options) for options in OPTIONS for reply in NEAR_MISSES]


def long_cases() -> list[tuple[str, dict[str, str]]]:
    """About 50 kB each: shapes that make a careless regex backtrack (nested repeats, unclosed brackets)."""
    n = 50_000
    options = OPTIONS[0]
    shapes = [
        "A" * n, "a" * n, "A " * (n // 2), "(" * n, ")" * n, "(A" * (n // 2), "*" * n, "**" * (n // 4) + "B",
        " " * n + "B", "\n" * n, "_" * n, "#" * n, "$" * n, "{" * n, "\\boxed{" * (n // 7), "<answer>" * (n // 8),
        "A, " * (n // 3), "A and " * (n // 6), "option A " * (n // 9), "the answer is " * (n // 14),
        "so " * (n // 3), "not " * (n // 4), "if " * (n // 3) + "B", "1" * n, "1," * (n // 2), "1.5 " * (n // 4),
        "The loss increases " * (n // 19), "word " * (n // 5) + "The answer is (B).", "A. " * (n // 3),
        "Wait, " * (n // 6), "no wait " * (n // 8), "(A) is wrong, " * (n // 14), "答案" * (n // 2),
        "- " * (n // 2), "A\n" * (n // 2), "**A** " * (n // 6), "I " * (n // 2), "a b c d " * (n // 8),
        "x" * n + " The answer is B.", "A, " * (n // 3) + "A is wrong.", "A " * (n // 2) + "is correct",
        "The answer is A. " * (n // 17), "*" * (n // 2) + "B" + "*" * (n // 2), " " * (n // 2) + "A" + " " * (n // 2),
        "(A) " * (n // 4) + "B", "no, wait, " * (n // 10) + "B",
    ]
    return [(s, options) for s in shapes]


def load_reader(module_path: str | None):
    """``infer_choice`` from the package, or from a standalone copy of ``choice.py`` to compare against."""
    if module_path is None:
        sys.path.insert(0, str(ROOT))
        from pytest_answerbench.choice import infer_choice
        return infer_choice
    spec = importlib.util.spec_from_file_location("choice_under_test", module_path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["choice_under_test"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module.infer_choice


def time_calls(infer_choice, cases, repeat: int) -> list[float]:
    """Microseconds per call, each call's best of ``repeat`` rounds (the least disturbed by the machine)."""
    best = [float("inf")] * len(cases)
    clock = time.perf_counter
    for _ in range(repeat):
        for i, (response, options) in enumerate(cases):
            start = clock()
            infer_choice(response, options)
            elapsed = clock() - start
            if elapsed < best[i]:
                best[i] = elapsed
    return [t * 1e6 for t in best]


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{name:<10} n={len(times):<5} median {statistics.median(times):9.1f} us   p99 {p99:9.1f} us   "
            f"max {ordered[-1]:10.1f} us   mean {statistics.fmean(times):9.1f} us")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", metavar="FILE", help="a copy of choice.py to time instead of the package's")
    parser.add_argument("--repeat", type=int, default=3, metavar="N", help="timing rounds per call (default 3)")
    parser.add_argument("--no-long", action="store_true", help="skip the 50 kB worst-case inputs")
    args = parser.parse_args(argv)
    infer_choice = load_reader(args.module)
    corpus = [json.loads(line) for line in CORPUS_PATH.read_text(encoding="utf-8").splitlines() if line.strip()]
    sets = {
        "corpus": [(c["response"], c["options"]) for c in corpus],
        "realistic": realistic_cases(),
        "short": short_cases(),
        "near-miss": near_miss_cases(),
    }
    for name, cases in sets.items():
        time_calls(infer_choice, cases[:50], 1)  # warm caches and imports outside the measurement
        print(summary(name, time_calls(infer_choice, cases, args.repeat)))
    if args.no_long:
        return 0
    long = long_cases()
    times = time_calls(infer_choice, long, 1)
    print(summary("long", times))
    worst = max(range(len(long)), key=times.__getitem__)
    print(f"{'':<10} slowest long input: {long[worst][0][:30]!r}... ({times[worst] / 1000:.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
