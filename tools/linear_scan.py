"""Find the readers that are slower than linear on long inputs (a pattern that can start at every character of a
long run and then scan the run is quadratic).

    python tools/linear_scan.py [--sizes 4000,16000] [--benchmarks olympiad,imo] [--kinds digits,spaces]
                                [--entry score_row,final_answer,equivalent,choice] [--patterns] [--cap 30]
                                [--profile CASE] [--all]

Each case is one long adversarial text (a run of digits, letters, spaces, brackets, ``\\``, ``$``, ``**``, commas,
"or", "and", Chinese, newlines...; alone, after "The answer is ", and between that prefix and a suffix such as
" (east)", " m", ".", " or 5", "}", ", where n is an integer") given to one public entry point: ``score_row``
for every shipped benchmark in benchmarks/ (``timeout=None``), the text as the prediction and as the gold; ``maths.final_answer``;
``maths.equivalent`` (the text against itself and against "5"); ``choice.infer_choice``. Each case runs at two
sizes; a case is flagged when its time grows more than ``--ratio`` (6) times for the larger size (and the larger
took at least 0.05 s: below that the clock's noise decides), or when the larger took more than ``--slow`` (0.5 s);
a flagged case is timed twice more and keeps its flag only on the fastest of the three timings.
``--patterns`` also runs ``search`` and ``finditer`` of every regular expression the package holds as a module
constant (``lazy_compile`` or ``re.compile``) on the same texts. A case running past ``--cap`` seconds is stopped
(SIGALRM; the regular expression engine checks for signals) and counted as flagged.

``--profile CASE`` (a case name as printed) runs that case once at the larger size under cProfile and prints the
top of the profile. Nothing here asserts a time: it prints, one line per flagged case (``--all``: every case).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import json
import os
import pkgutil
import pstats
import re
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RUNS = {
    "digits": "7", "letters": "a", "spaces": " ", "parens": "(", "closeparens": ")", "brackets": "[",
    "braces": "{", "backslash": "\\", "dollar": "$", "stars": "**", "commas": "1,", "or": "1 or ",
    "and": "x and ", "chinese": "数", "newlines": "\n", "dots": "1.", "minus": "-", "words": "the ",
    "latex": "\\frac{1}{2}+", "mathopen": "\\(", "boxed": "\\boxed{", "equals": "x=", "letter_opts": "(A) ",
}
PREFIX = "The answer is "
SUFFIXES = (" (east)", " m", ".", " or 5", "}", ", where n is an integer")


def texts(kinds: list[str], size: int) -> list[tuple[str, str]]:
    """(name, text) for every kind: the run alone, after PREFIX, and between PREFIX and each suffix."""
    out = []
    for kind in kinds:
        unit = RUNS[kind]
        run = unit * (size // len(unit))
        out.append((f"{kind}", run))
        out.append((f"{kind}+prefix", PREFIX + run))
        for suffix in SUFFIXES:
            out.append((f"{kind}+prefix+{suffix.strip()[:8] or 'sp'}", PREFIX + run + suffix))
    return out


def _first_row(name: str) -> dict:
    folder = ROOT / "benchmarks" / name
    sample = folder / "sample.jsonl"
    with open(sample, encoding="utf-8") as handle:
        return json.loads(handle.readline())


def entries(benchmarks: list[str], which: list[str]):
    """(entry name, function of one text) for every entry point asked for."""
    out = []
    if "score_row" in which:
        from pytest_answerbench import resolve_benchmark, score_row

        for name in benchmarks:
            spec = resolve_benchmark(name)
            row = _first_row(name)
            pred_field = spec.fields.get("prediction", spec.prediction_field)
            gold_name = next((g for g in spec.gold_field for g in g.split("|") if g in row), spec.gold_field[0])
            gold_field = spec.fields.get(gold_name, gold_name)

            def as_pred(text, _row=row, _spec=spec, _field=pred_field):
                return score_row(_spec, {**_row, _field: text}, timeout=None, max_memory=None)

            def as_gold(text, _row=row, _spec=spec, _field=gold_field):
                return score_row(_spec, {**_row, _field: text}, timeout=None, max_memory=None)

            out.append((f"{name}:pred", as_pred))
            out.append((f"{name}:gold", as_gold))
    if "final_answer" in which:
        from pytest_answerbench import maths

        out.append(("final_answer", lambda text: maths.final_answer(text)))
    if "equivalent" in which:
        from pytest_answerbench import maths

        def equivalent_five(text):
            try:
                return maths.equivalent("5", text)
            except (maths.TooComplex, maths.StepTimeout):
                return None

        def equivalent_self(text):
            try:
                return maths.equivalent(text, text + " ")
            except (maths.TooComplex, maths.StepTimeout):
                return None

        out.append(("equivalent:5", equivalent_five))
        out.append(("equivalent:self", equivalent_self))
    if "choice" in which:
        from pytest_answerbench.choice import infer_choice

        options = {"A": "an umbrella", "B": "a phone", "C": "7", "D": "x"}
        out.append(("infer_choice", lambda text: infer_choice(text, options)))
    return out


def patterns():
    """(module:name, compiled pattern) for every regular expression held as a module constant."""
    import pytest_answerbench
    from pytest_answerbench.text.patterns import LazyPattern

    found = {}
    for info in pkgutil.walk_packages(pytest_answerbench.__path__, "pytest_answerbench."):
        try:
            module = importlib.import_module(info.name)
        except Exception:  # a module needing an optional dependency
            continue
        for attr, value in vars(module).items():
            if isinstance(value, LazyPattern):
                value = value.compiled()
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                found.setdefault((value.pattern, value.flags), f"{info.name}:{attr}")
    out = []
    for (source, flags), name in sorted(found.items(), key=lambda item: item[1]):
        compiled = re.compile(source, flags)
        out.append((f"re {name}.search", compiled.search))
        out.append((f"re {name}.finditer", lambda text, _p=compiled: sum(1 for _ in _p.finditer(text))))
    return out


class Capped(Exception):
    pass


def _alarm(signum, frame):
    raise Capped()


def timed(function, text: str, cap: float) -> float:
    """Seconds one call took (``cap`` and more when it was stopped there)."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, cap)
    start = time.perf_counter()
    try:
        function(text)
    except Capped:
        return max(cap, time.perf_counter() - start)
    except Exception:  # an error verdict is an answer too; the time is what is measured
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="4000,16000")
    parser.add_argument("--benchmarks", default="")
    parser.add_argument("--kinds", default=",".join(RUNS))
    parser.add_argument("--entry", default="score_row,final_answer,equivalent,choice")
    parser.add_argument("--patterns", action="store_true")
    parser.add_argument("--ratio", type=float, default=6.0)
    parser.add_argument("--slow", type=float, default=0.5)
    parser.add_argument("--cap", type=float, default=30.0)
    parser.add_argument("--profile", default="")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--match", default="", help="run only cases whose name contains this")
    args = parser.parse_args(argv)
    small, large = (int(s) for s in args.sizes.split(","))
    shipped = sorted(p.name for p in (ROOT / "benchmarks").iterdir() if (p / "sample.jsonl").exists())
    benchmarks = [b for b in args.benchmarks.split(",") if b] or shipped
    kinds = [k for k in args.kinds.split(",") if k]
    which = [e for e in args.entry.split(",") if e]
    functions = entries(benchmarks, which) + (patterns() if args.patterns else [])
    small_texts, large_texts = texts(kinds, small), texts(kinds, large)
    for name, function in functions:
        function("warm up: The answer is 5.")  # imports and first-use compilation are not the case's time
    flagged = 0
    for name, function in functions:
        for (text_name, short), (_, long) in zip(small_texts, large_texts):
            case = f"{name} {text_name}"
            if args.match and args.match not in case:
                continue
            if args.profile:
                if case != args.profile:
                    continue
                profiler = cProfile.Profile()
                profiler.enable()
                seconds = timed(function, long, args.cap)
                profiler.disable()
                print(f"{case} at {large}: {seconds:.3f} s")
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
                pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
                return 0
            t_small = timed(function, short, args.cap)
            t_large = timed(function, long, args.cap) if t_small < args.cap else args.cap
            ratio = t_large / max(t_small, 1e-6)
            bad = (t_large >= 0.05 and ratio > args.ratio) or t_large > args.slow
            if bad and t_large < args.cap:  # the machine is shared: a flag stands only if two more timings agree
                t_small = min(t_small, *(timed(function, short, args.cap) for _ in range(2)))
                t_large = min(t_large, *(timed(function, long, args.cap) for _ in range(2)))
                ratio = t_large / max(t_small, 1e-6)
                bad = (t_large >= 0.05 and ratio > args.ratio) or t_large > args.slow
            flagged += bad
            if bad or args.all:
                mark = "FLAG" if bad else "ok"
                print(f"{mark} {case}: {small} {t_small:.3f} s, {large} {t_large:.3f} s, x{ratio:.1f}", flush=True)
    print(f"{flagged} flagged", flush=True)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
