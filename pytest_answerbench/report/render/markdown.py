"""The report (and optionally its comparison with a baseline) as GitHub-flavoured markdown.

``markdown_summary`` is meant for ``$GITHUB_STEP_SUMMARY`` or a pull-request comment. Row text (extracted
answers, gold, ids) is model output or user data, so every piece of it is markdown- and HTML-escaped. A pure
function over plain dicts; no pytest.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Mapping, Sequence

from ...text.patterns import lazy_compile
from ...text.printable import printable
from ...verdict import NOT_RUN
from .._fmt import failed_gates, gate_value, incomplete_reason, interval, one_line, p_value, pct, pts, row_id, where
from ..gates import gate_look

__all__ = ["markdown_summary"]

_MD_SPECIAL = lazy_compile(r"([\\`*_\[\]|~#!])")


def _md(value: Any, limit: int = 80) -> str:
    """Untrusted text for a markdown table cell: printable (``text/printable.py``), HTML tags neutralised,
    markdown syntax escaped."""
    text = html.escape(one_line(printable(value) if value is not None else None, limit), quote=False)
    return _MD_SPECIAL.sub(r"\\\1", text)


def _md_table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def _md_headline(report: Mapping[str, Any]) -> list[str]:
    failed = failed_gates(report)
    mark = "❌" if failed or (report.get("comparison") or {}).get("nothing_paired") else "✅"
    counts = report.get("counts") or {}
    count_text = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
    lines = [f"## {mark} answerbench: {_md(report.get('benchmark'))} (profile {_md(report.get('profile'))})", ""]
    lines.append(f"**Accuracy {pct(report.get('accuracy'))}** ({report.get('correct', 0)} of "
                 f"{report.get('total', 0)} rows correct; 95% CI {interval(report.get('ci95'))})"
                 + (f" · {count_text}" if count_text else ""))
    figures = report.get("metrics") or {}
    if report.get("questions") and isinstance(figures.get("k"), int):
        k = figures["k"]
        lines += ["", f"Samples: **avg@{k} {pct(figures.get(f'avg@{k}'))}** over {figures.get('questions')} "
                      f"questions × {k}{'-' + str(figures['k_max']) if figures.get('k_max') else ''} samples; "
                      f"pass@{k} {pct(figures.get(f'pass@{k}'))}, maj@{k} {pct(figures.get(f'maj@{k}'))} "
                      f"(95% CI over questions: {_md(report.get('ci95_method'))})"]
    if report.get("incomplete"):
        lines += ["", f"> **Incomplete run** ({_md(incomplete_reason(report))}): {counts.get(NOT_RUN, 0)} of "
                      f"{report.get('total', 0)} rows not run, counted as 0."]
    if failed:
        lines += ["", f"**{len(failed)} gate(s) failed**: " + ", ".join(_md(g.get('name')) for g in failed)]
    return lines


def _md_comparison(c: Mapping[str, Any]) -> list[str]:
    boot = c.get("bootstrap") or {}
    lines = ["", "### Change against the baseline", ""]
    if c.get("nothing_paired"):
        return lines + [f"> ❌ **No comparison**: {_md(c['nothing_paired'], 600)}"]
    lines.append(f"**{pts(c.get('delta'))}** on {c.get('n', 0)} paired rows: {pct(c.get('accuracy_baseline'))} → "
                 f"{pct(c.get('accuracy_current'))} (95% CI {interval(c.get('ci95'), pts)}; paired bootstrap, "
                 f"{boot.get('resamples')} resamples, seed {_md(boot.get('seed'))})")
    lines.append("")
    if c.get("questions") is not None:  # samples: questions paired, no McNemar
        lines.append(f"Test: {_md(c.get('test'))}: p = {p_value(c.get('p_value'))} over {c['questions']} questions"
                     + (" — significant" if c.get("significant") else ""))
    else:
        lines.append(f"McNemar exact test: p = {p_value(c.get('p_value'))} ({c.get('b', 0)} correct → wrong, "
                     f"{c.get('c', 0)} wrong → correct)" + (" — significant" if c.get("significant") else ""))
    ni = c.get("noninferiority")
    if ni:
        lines += ["", f"Non-inferiority, margin {ni['margin'] * 100:.2f} pts: **{ni['verdict']}** — "
                      f"{_md(ni['explanation'], 400)}"]
    only_cur, only_base = c.get("only_in_current") or [], c.get("only_in_baseline") or []
    if only_cur or only_base:
        lines += ["", f"Rows only in this run: {len(only_cur)}; only in the baseline: {len(only_base)} "
                      "(not part of the paired statistics)"]
    mismatch = (c.get("fingerprint") or {}).get("mismatch") or []
    if mismatch:
        lines += ["", "> ⚠️ **The baseline was scored differently**; verdict changes need not be the model's:"]
        lines += [f"> - {_md(m, 200)}" for m in mismatch]
    return lines


def _md_gates(report: Mapping[str, Any]) -> list[str]:
    gates = report.get("gates") or []
    if not gates:
        return []
    rows = []
    for g in gates:
        look = gate_look(g)
        op = g.get("op") or ""
        rows.append([f"{look.mark} {look.word}", _md(g.get("name")), _md(g.get("key")), gate_value(g, g.get("value")),
                     f"{_md(op)} {gate_value(g, g.get('threshold'))}", _md(g.get("message"), 500)])
    return ["", "### Gates", ""] + _md_table(["Result", "Gate", "Key", "Value", "Threshold", "Message"], rows)


def _md_groups(report: Mapping[str, Any], c: Mapping[str, Any] | None) -> list[str]:
    groups = report.get("groups") or {}
    if not groups:
        return []
    lines = ["", "### Groups"]
    for field, table in groups.items():
        compared = ((c or {}).get("groups") or {}).get(field) or {}
        header = ["Group", "n", "Accuracy", "95% CI"]
        if c is not None:
            header += ["Change (paired)", "95% CI", "p (Holm)"]
        rows = []
        for value, g in table.items():
            row = [_md(value), str(g.get("total", "")), pct(g.get("accuracy")), interval(g.get("ci95"))]
            if c is not None:
                d = compared.get(value)
                row += ([pts(d["delta"]), interval(d["ci95"], pts), p_value(d.get("p_holm"))] if d
                        else ["n/a", "n/a", "n/a"])
            rows.append(row)
        lines += ["", f"#### {_md(field)}", ""] + _md_table(header, rows)
    return lines


def _md_flips(c: Mapping[str, Any], top: int) -> list[str]:
    flips = c.get("flips") or {}
    lines: list[str] = []
    for key, title in (("correct_to_wrong", "Correct → wrong"), ("wrong_to_correct", "Wrong → correct")):
        items = flips.get(key) or []
        if not items:
            continue
        shown = items[:top]
        lines += ["", f"#### {title}: {len(items)} row(s)" + (f", first {len(shown)}" if len(shown) < len(items)
                                                                 else ""), ""]
        lines += _md_table(["id", "where", "before", "after", "gold"],
                           ([_md(row_id(f), 40), _md(where(f), 60), _md(f.get("extracted_before")),
                             _md(f.get("extracted_after")), _md(f.get("gold"))] for f in shown))
    return (["", "### Flipped rows"] + lines) if lines else []


def markdown_summary(report: Mapping[str, Any], comparison: Mapping[str, Any] | None = None, top: int = 10) -> str:
    """A GitHub-flavoured markdown summary: headline, comparison, gates table, groups table, top flips.

    Args:
        report: the JSON report dict.
        comparison: the result of :func:`pytest_answerbench.report.paired.compare_reports`, or None.
        top: how many flipped rows of each direction to list.
    """
    lines = _md_headline(report)
    if comparison is not None:
        lines += _md_comparison(comparison)
    lines += _md_gates(report)
    lines += _md_groups(report, comparison)
    if comparison is not None:
        lines += _md_flips(comparison, top)
    # every line printable, whatever a report read back holds where no cell escaping reaches (a count's name)
    return "\n".join(printable(line) for line in lines) + "\n"
