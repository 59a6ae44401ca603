"""Terminal summary lines for a finished report (the plugin prints them; ``answerbench summary`` too)."""

from __future__ import annotations

import functools
from typing import Any, Callable, Iterator

from ...text.printable import printable
from ...verdict import CORRECT, ERROR, MISS, NOT_RUN, STATUSES, TIMEOUT
from .._fmt import incomplete_reason, pts, short_repr, verdict_word, where
from ..build import workers_cannot_pay
from ..gates import gate_look

__all__ = ["Markup", "RowListing", "agreement_lines", "comparison_lines", "github_annotations", "progress_line", "summary_lines"]

Markup = dict[str, bool]


def _printed(lines: Callable[..., Iterator[tuple[str, Markup]]]) -> Callable[..., Iterator[tuple[str, Markup]]]:
    """Every line escaped as it leaves (``text/printable.py``): a row id, file name, answer or gold holding a
    line break, an escape sequence or a leading ``::`` is shown, never obeyed, whatever part of a line it is in."""
    @functools.wraps(lines)
    def wrapper(*args: Any, **kwargs: Any) -> Iterator[tuple[str, Markup]]:
        for line, markup in lines(*args, **kwargs):
            yield printable(line), markup
    return wrapper


class RowListing:
    """The rows the summary lists, taken one row at a time (``add``) in one pass: the first ``show`` wrong rows
    and abstentions (misses), the first ``max(show, 20)`` errored or timed-out rows, how many of each kind, and the
    rows the opt-in verifier decided. Only the rows listed are kept: a streamed run's report reads its rows from
    disk, and a million rows' wrong ones held in lists would be most of the run's memory."""

    def __init__(self, show: int = 10):
        self.show = show
        self.limits = {"wrong": show, "miss": show, "error": max(show, 20)}
        self.listed: dict[str, list[Any]] = {kind: [] for kind in self.limits}
        self.counted = dict.fromkeys(self.limits, 0)
        self.verified = self.accepted = 0

    def add(self, r: Any) -> None:
        status = r["status"]
        if r.get("method") == "verifier":  # the opt-in verifier (judge/verifier.py)
            self.verified += 1
            self.accepted += status == CORRECT
        if status in (CORRECT, NOT_RUN):
            return
        # abstentions ("I don't know", a miss) are no wrong answer
        kind = "error" if status in (ERROR, TIMEOUT) else "miss" if status == MISS else "wrong"
        self.counted[kind] += 1
        if len(self.listed[kind]) < self.limits[kind]:
            self.listed[kind].append(r)


@_printed
def summary_lines(report: dict[str, Any], show: int = 10, flips: int = 10) -> Iterator[tuple[str, Markup]]:
    total = report["total"]
    ci = report.get("ci95")
    ci_text = f", 95% CI [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else ""
    figures = report.get("metrics") or {}
    if report.get("questions") and isinstance(figures.get("k"), int):
        k, k_max = figures["k"], figures.get("k_max")
        samples = f"{k}-{k_max}" if k_max else f"{k}"
        yield (f"{report['benchmark']} (profile {report['profile']}): accuracy avg@{k} {figures[f'avg@{k}']:.4f} over "
               f"{figures['questions']} questions × {samples} samples ({report['correct']}/{total} samples "
               f"correct{ci_text} over questions)", {"bold": True})
    else:
        yield (f"{report['benchmark']} (profile {report['profile']}): accuracy {report['accuracy']:.4f} "
               f"({report['correct']}/{total} correct{ci_text})", {"bold": True})
    counts = report["counts"]
    yield ("rows: " + ", ".join(f"{counts.get(s, 0)} {s}" for s in (*STATUSES, NOT_RUN)
                                if counts.get(s, 0) or s == CORRECT), {})
    if report.get("incomplete"):
        yield (f"INCOMPLETE run: {incomplete_reason(report)}; {counts.get(NOT_RUN, 0)} of {total} rows not run "
               "(counted as 0 in the accuracy)", {"red": True, "bold": True})
    for field, table in report.get("groups", {}).items():
        if not table:
            continue
        cells = [f"{name} {entry['accuracy']:.3f} (n={entry['total']})" for name, entry in table.items()]
        shown = cells[:12]
        more = f", ... {len(cells) - 12} more in the report" if len(cells) > 12 else ""
        yield f"by {field}: " + ", ".join(shown) + more, {}
    metrics = {k: v for k, v in report.get("metrics", {}).items() if isinstance(v, (int, float))
               and not isinstance(v, bool)}
    if metrics:
        cells = [f"{k} {v:g}" for k, v in list(metrics.items())[:12]]
        yield "metrics: " + ", ".join(cells) + (" ..." if len(metrics) > 12 else ""), {}
    agreement = report.get("harness_agreement")
    if agreement:
        yield from agreement_lines(agreement, show)
    for warning in report.get("warnings", [])[:5]:
        yield f"warning: {warning}", {"yellow": True}
    rows = report["rows"]
    # a streamed run's rows (report/rowstream.py) were listed as the JSON report was written from them: no
    # reading of the rows file for the terminal
    found = [w for w in getattr(rows, "seen", ()) if isinstance(w, RowListing) and w.show == show]
    listing = found[0] if found else RowListing(show)
    if not found:
        for r in rows:
            listing.add(r)
    listed, counted, limits = listing.listed, listing.counted, listing.limits
    verified, accepted = listing.verified, listing.accepted
    if verified:
        yield (f"verifier: {verified} rows the rules left undecided decided by the judge ({accepted} accepted, "
               f"{verified - accepted} rejected)"), {}
    for title, kind in (("wrong rows", "wrong"), ("abstentions (miss)", "miss")):
        if not counted[kind] or not show:
            continue
        yield f"{title} (first {min(show, counted[kind])} of {counted[kind]}):", {}
        for r in listed[kind]:
            yield f"  {where(r)} {r['id']}: extracted {short_repr(r['extracted'])}, gold {short_repr(r['gold'])} " \
                  f"[{r['method']}]", {}
    if counted["error"]:
        limit = limits["error"]
        yield f"errored or timed-out rows ({counted['error']}):", {"red": True}
        for r in listed["error"]:
            yield f"  {where(r)} {r['id']}: {r['status']}: {r['detail'] or r['method']}", {"red": True}
        if counted["error"] > limit:
            yield f"  ... {counted['error'] - limit} more in the report", {"red": True}
    par = report.get("parallel")
    if par and par.get("serial_likely_faster"):
        yield (f"note: {par['workers']} workers took {par['wall_seconds']:.1f} s, a serial run would likely take about "
               f"{par['estimated_serial_seconds']:.1f} s: rows cost {par['mean_row_cpu_ms']:.2f} ms of CPU each, too "
               "little for xdist's per-row overhead to pay (see docs/performance.md)", {"yellow": True})
    elif par and workers_cannot_pay(report):
        yield (f"note: -n {par['workers']} on rows this cheap ({par['mean_row_cpu_ms']:.2f} ms of CPU each, about "
               f"{par['estimated_serial_seconds']:.1f} s in all) saves less than xdist's start-up and per-row cost; "
               "without -n the run is likely quicker (see docs/performance.md)", {"yellow": True})
    comparison = report.get("comparison")
    if comparison:
        yield from comparison_lines(comparison, flips)
    for gate in report.get("gates", []):
        yield f"gate {verdict_word(gate)}: {gate['message']}", dict(gate_look(gate).markup)


@_printed
def agreement_lines(agreement: dict[str, Any], show: int) -> Iterator[tuple[str, Markup]]:
    """How often our verdicts agree with the harness that wrote the file, and the first rows that differ."""
    count, differing = agreement["count"], agreement["differing"]
    metric = f" ({agreement['harness_metric']})" if agreement.get("harness_metric") else ""
    rate = f"{agreement['rate']:.1%}" if agreement.get("rate") is not None else "n/a"
    not_compared = f", {agreement['not_compared']} not compared" if agreement.get("not_compared") else ""
    yield (f"agreement with the harness's own verdicts{metric}: {rate} ({agreement['agreeing']}/{count} rows"
           f"{not_compared}); {len(differing)} differ", {"bold": True})
    word = {True: "correct", False: "wrong"}
    for r in differing[:show]:
        yield f"  {where(r)} {r['id']}: ours {word[r['ours']]}, theirs {word[r['theirs']]}", {}
    if len(differing) > show:
        yield f"  ... {len(differing) - show} more in the report (harness_agreement)", {}


@_printed
def comparison_lines(c: dict[str, Any], flips: int) -> Iterator[tuple[str, Markup]]:
    """The paired comparison with a baseline: change, interval, McNemar, rows in one run only, the first flips."""
    if c.get("nothing_paired"):
        yield f"ERROR: {c['nothing_paired']}", {"red": True, "bold": True}
        return
    ci = c.get("ci95") or [None, None]
    if c.get("questions") is not None:  # samples: questions paired, a cluster bootstrap's p-value
        yield (f"vs baseline ({c['questions']} paired questions, mean sample score): change {pts(c.get('delta'))}, "
               f"95% CI {pts(ci[0])} to {pts(ci[1])}, cluster bootstrap p={c.get('p_value', 1.0):.3g} (test: "
               f"{c.get('test')})", {"bold": True})
    else:
        yield (f"vs baseline ({c.get('n', 0)} paired rows): change {pts(c.get('delta'))}, 95% CI {pts(ci[0])} to "
               f"{pts(ci[1])}, McNemar p={c.get('p_value', 1.0):.3g} ({c.get('b', 0)} correct->wrong, "
               f"{c.get('c', 0)} wrong->correct)", {"bold": True})
    ni = c.get("noninferiority")
    if ni:
        yield f"non-inferiority (margin {ni['margin'] * 100:.2f} pts): {ni['verdict']}: {ni['explanation']}", \
            {"yellow": True} if ni["verdict"] == "inconclusive" else {}
    for side, label in (("only_in_current", "only in this run"), ("only_in_baseline", "only in the baseline")):
        if c.get(side):
            ids = ", ".join(str(r["id"]) for r in c[side][:10])
            more = f" and {len(c[side]) - 10} more" if len(c[side]) > 10 else ""
            yield f"rows {label}: {len(c[side])} ({ids}{more})", {"yellow": True}
    mismatch = (c.get("fingerprint") or {}).get("mismatch")
    if mismatch:
        yield "baseline scored differently: " + "; ".join(mismatch), {"red": True}
    for side, label in (("correct_to_wrong", "correct -> wrong"), ("wrong_to_correct", "wrong -> correct")):
        entries = (c.get("flips") or {}).get(side) or []
        if entries and flips:
            yield f"flipped {label} (first {min(flips, len(entries))} of {len(entries)}):", {}
            for f in entries[:flips]:
                yield (f"  {where(f)} {f['id']}: {short_repr(f.get('extracted_before'))} -> "
                       f"{short_repr(f.get('extracted_after'))}, gold {short_repr(f.get('gold'))}"), {}



def _command_text(text: Any, *, prop: bool = False) -> str:
    """Text for a GitHub Actions workflow command: made printable (``text/printable.py``), then escaped by
    GitHub's rules (``%``, CR, LF; a property also ``:`` and ``,``)."""
    out = printable(text, line_start=False).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return out.replace(":", "%3A").replace(",", "%2C") if prop else out


def github_annotations(report: dict[str, Any], flips: int = 10) -> list[str]:
    """GitHub Actions workflow commands for a finished report: ``::error`` for each failed gate and ``::warning``
    for each inconclusive one (on the first prediction file; ``_fmt.GATE_LOOKS``), ``::warning`` for the first
    ``flips`` rows that went correct -> wrong against the baseline, at their file and line, so a pull request
    shows them inline."""
    files = report.get("files") or []
    first = files[0].get("path") if files else None
    out = []
    for gate in report.get("gates", []):
        command = gate_look(gate).annotation
        if command is None:
            continue
        where = f"file={_command_text(first, prop=True)}," if first else ""
        state = "failed" if command == "error" else "inconclusive"
        title = _command_text(f"answerbench gate {gate['name']} {state}", prop=True)
        out.append(f"::{command} {where}title={title}::{_command_text(gate['message'])}")
    entries = ((report.get("comparison") or {}).get("flips") or {}).get("correct_to_wrong") or []
    for flip in entries[:flips]:
        where = "".join(f"{key}={_command_text(flip[key], prop=True)}," for key in ("file", "line") if flip.get(key))
        title = _command_text(f"answerbench: row {flip['id']} flipped correct -> wrong", prop=True)
        text = (f"extracted {short_repr(flip.get('extracted_after'))} (was {short_repr(flip.get('extracted_before'))}),"
                f" gold {short_repr(flip.get('gold'))}")
        out.append(f"::warning {where}title={title}::{_command_text(text)}")
    return out


def progress_line(done: int, total: int | None, score_sum: float, seconds: float,
                  judge: tuple[int, int] | None = None, *, recent: tuple[int, float] | None = None) -> str:
    """A long run's progress: rows scored (of how many), rows per second, time left at that rate and the
    accuracy so far (the mean score of the rows scored); while the judge answers a batch of coming rows
    (``judge``: replies received, requests asked), how far that batch is.

    ``recent`` (rows, seconds): the rate is read from that recent window instead of the whole run (whose first
    rows carry the warm-up: SymPy's import, a child process); a window with no rows yet gives no rate nor ETA."""
    if recent is not None and (recent[0] <= 0 or recent[1] <= 0):
        rate = None
    elif recent is not None:
        rate = recent[0] / recent[1]
    else:
        rate = done / seconds if seconds > 0 else 0.0
    parts = [f"{done}/{total} rows ({100 * done // total}%)" if total else f"{done} rows"]
    if rate is not None:
        parts.append(f"{rate:.1f} rows/s" if rate < 100 else f"{rate:.0f} rows/s")
    if total and rate and done < total:
        parts.append(f"ETA {_duration((total - done) / rate)}")
    elif total and done >= total:
        parts.append(f"done in {_duration(seconds)}")
    if done:
        parts.append(f"accuracy {score_sum / done:.4f}")
    if judge is not None:
        parts.append(f"judge {judge[0]}/{judge[1]} replies")
    return "answerbench: " + ", ".join(parts)


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"
