"""The report (and optionally its comparison with a baseline) as one static, self-contained HTML page.

Inline CSS and SVG, no fonts, no network resources; a Content-Security-Policy forbids loading anything and
runs only the row viewer's own script (``viewer.py``: every row, searchable and filterable). Row text (extracted
answers, gold, ids, responses) is model output or user data, so every piece of it is HTML-escaped (or set as
text by the viewer). A pure function over plain dicts; no pytest.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Mapping, Sequence

from ..._version import __version__
from ...verdict import NOT_RUN
from .._fmt import (failed_gates, gate_value, incomplete_reason, interval, num, p_value, pct, pts, row_id, verdict_word,
                    where)
from .viewer import script_hash, viewer_section

__all__ = ["html_report"]


_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1100px;color:#1f2328;
padding:0 1em;line-height:1.45}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #d0d7de;padding-bottom:.2em}
table{border-collapse:collapse;margin:.6em 0;width:100%}th,td{border:1px solid #d0d7de;padding:.3em .5em;
text-align:left;vertical-align:top}th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.pass td.result{color:#1a7f37;font-weight:600}tr.fail td.result{color:#cf222e;font-weight:700}
tr.inconclusive td.result{color:#9a6700;font-weight:600}
.headline{font-size:1.15em}.warn{background:#fff8c5;border:1px solid #d4a72c;padding:.5em .8em}
.status-fail{color:#cf222e}.status-pass{color:#1a7f37}
svg.bar rect.track{fill:#eaeef2}svg.bar rect.fill{fill:#54aeff}svg.bar line.ci{stroke:#0a3069;stroke-width:1.5}
svg.bar line.base{stroke:#cf222e;stroke-width:2}
code,.text{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;word-break:break-word}
footer{margin-top:2em;color:#656d76;font-size:.85em}
.controls{display:flex;flex-wrap:wrap;gap:.5em}.controls input{flex:1 1 20em}
pre{white-space:pre-wrap;margin:.2em 0;font-size:.85em}mark.span{background:#ffd33d}
div.side{display:grid;grid-template-columns:1fr 1fr;gap:.6em}div.side h4{margin:.2em 0;font-size:.85em}
tr.question td{background:#f6f8fa}div.maths{font-size:1em;white-space:pre-wrap}math[display=block]{margin:.3em 0}
tr.row.correct td.status{color:#1a7f37}tr.row.wrong td.status,tr.row.error td.status{color:#cf222e}
tr.row.current td{background:#ddf4ff}tr.row.current td:first-child{box-shadow:inset 3px 0 #0969da}
p.keys{color:#656d76;font-size:.85em;margin:.3em 0}
"""

_BAR_WIDTH = 200


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _bar(accuracy: float | None, ci: Sequence[float] | None, baseline: float | None = None) -> str:
    """An inline SVG bar for an accuracy in [0, 1] with its interval as whiskers and the baseline as a tick."""
    def x(v: float) -> str:
        return f"{max(0.0, min(1.0, v)) * _BAR_WIDTH:.1f}"

    label = f"accuracy {pct(accuracy)}, 95% CI {interval(ci)}"
    if baseline is not None:
        label += f", baseline {pct(baseline)}"
    parts = [f'<svg class="bar" width="{_BAR_WIDTH}" height="16" viewBox="0 0 {_BAR_WIDTH} 16" role="img" '
             f'aria-label="{_e(label)}"><title>{_e(label)}</title>',
             f'<rect class="track" x="0" y="3" width="{_BAR_WIDTH}" height="10"/>']
    if accuracy is not None:
        parts.append(f'<rect class="fill" x="0" y="3" width="{x(accuracy)}" height="10"/>')
    if ci and ci[0] is not None:
        lo, hi = x(ci[0]), x(ci[1])
        parts.append(f'<line class="ci" x1="{lo}" x2="{hi}" y1="8" y2="8"/>'
                     f'<line class="ci" x1="{lo}" x2="{lo}" y1="4" y2="12"/>'
                     f'<line class="ci" x1="{hi}" x2="{hi}" y1="4" y2="12"/>')
    if baseline is not None:
        parts.append(f'<line class="base" x1="{x(baseline)}" x2="{x(baseline)}" y1="0" y2="16"/>')
    parts.append("</svg>")
    return "".join(parts)


def _table(cls: str, header: Sequence[str], rows: Iterable[tuple[str, Sequence[str]]], table_id: str = "") -> str:
    """Rows are ``(tr class, [cell html ...])``; the cells must already be escaped."""
    attr = f' id="{_e(table_id)}"' if table_id else ""
    head = "".join(f"<th>{_e(h)}</th>" for h in header)
    body = "".join(f'<tr class="{_e(rc)}">' + "".join(cells) + "</tr>" if rc else "<tr>" + "".join(cells) + "</tr>"
                   for rc, cells in rows)
    return f'<table class="{_e(cls)}"{attr}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _td(value: Any, cls: str = "") -> str:
    return f'<td class="{cls}">{_e(value)}</td>' if cls else f"<td>{_e(value)}</td>"


def _html_comparison(c: Mapping[str, Any]) -> str:
    boot = c.get("bootstrap") or {}
    out = ['<section id="comparison"><h2>Change against the baseline</h2>',
           f'<p class="headline"><strong>{_e(pts(c.get("delta")))}</strong> on {_e(c.get("n", 0))} paired rows: '
           f'{_e(pct(c.get("accuracy_baseline")))} → {_e(pct(c.get("accuracy_current")))} (95% CI '
           f'{_e(interval(c.get("ci95"), pts))}; paired bootstrap, {_e(boot.get("resamples"))} resamples, '
           f'seed {_e(boot.get("seed"))})</p>',
           f'<p>McNemar exact test: p = {_e(p_value(c.get("p_value")))} ({_e(c.get("b", 0))} correct → wrong, '
           f'{_e(c.get("c", 0))} wrong → correct){" — significant" if c.get("significant") else ""}</p>']
    ni = c.get("noninferiority")
    if ni:
        margin = f"{ni['margin'] * 100:.2f}"
        out.append(f'<p class="noninferiority {_e(ni["verdict"])}">Non-inferiority, margin {_e(margin)} pts: '
                   f'<strong>{_e(ni["verdict"])}</strong> — {_e(ni["explanation"])}</p>')
    mismatch = (c.get("fingerprint") or {}).get("mismatch") or []
    if mismatch:
        out.append('<div class="warn" id="fingerprint-mismatch"><strong>The baseline was scored differently</strong>'
                   '; verdict changes need not be the model\'s:<ul>'
                   + "".join(f"<li>{_e(m)}</li>" for m in mismatch) + "</ul></div>")
    only_cur, only_base = c.get("only_in_current") or [], c.get("only_in_baseline") or []
    for title, items, tid in (("Rows only in this run", only_cur, "only-in-current"),
                              ("Rows only in the baseline", only_base, "only-in-baseline")):
        if items:
            out.append(f"<h3>{_e(title)} ({len(items)})</h3>")
            out.append(_table("rows", ["id", "where", "status", "score"],
                              (("", [_td(row_id(r), "text"), _td(where(r), "text"), _td(r.get("status")),
                                     _td(num(r.get("score")), "num")]) for r in items), tid))
    out.append("</section>")
    return "".join(out)


def _html_gates(report: Mapping[str, Any]) -> str:
    gates = report.get("gates") or []
    if not gates:
        return ""
    rows = []
    for g in gates:
        word = verdict_word(g)
        cls = {"FAIL": "fail", "inconclusive": "inconclusive"}.get(word, "pass")
        rows.append((cls, [_td(word, "result"), _td(g.get("name")), _td(g.get("key"), "text"),
                           _td(gate_value(g, g.get("value")), "num"),
                           _td(f"{g.get('op') or ''} {gate_value(g, g.get('threshold'))}"), _td(g.get("message"))]))
    return ('<section id="gates"><h2>Gates</h2>'
            + _table("gates", ["Result", "Gate", "Key", "Value", "Threshold", "Message"], rows, "gates-table")
            + "</section>")


def _html_groups(report: Mapping[str, Any], c: Mapping[str, Any] | None) -> str:
    groups = report.get("groups") or {}
    if not groups:
        return ""
    out = ['<section id="groups"><h2>Groups</h2>']
    for field, table in groups.items():
        compared = ((c or {}).get("groups") or {}).get(field) or {}
        header = ["Group", "n", "Accuracy", "", "95% CI"]
        if c is not None:
            header += ["Baseline (paired)", "Change", "95% CI", "p (Holm)"]
        rows = []
        for value, g in table.items():
            d = compared.get(value)
            cells = [_td(value, "text"), _td(g.get("total"), "num"), _td(pct(g.get("accuracy")), "num"),
                     f"<td>{_bar(g.get('accuracy'), g.get('ci95'), d['accuracy_baseline'] if d else None)}</td>",
                     _td(interval(g.get("ci95")))]
            if c is not None:
                cells += ([_td(pct(d["accuracy_baseline"]), "num"), _td(pts(d["delta"]), "num"),
                           _td(interval(d["ci95"], pts)), _td(p_value(d.get("p_holm")), "num")] if d
                          else [_td("n/a")] * 4)
            rows.append(("", cells))
        out.append(f"<h3>{_e(field)}</h3>" + _table("groups", header, rows, f"groups-{field}"))
    out.append("</section>")
    return "".join(out)


def _html_flips(c: Mapping[str, Any], limit: int) -> str:
    flips = c.get("flips") or {}
    out = ['<section id="flips"><h2>Flipped rows</h2>']
    for key, title in (("correct_to_wrong", "Correct → wrong"), ("wrong_to_correct", "Wrong → correct")):
        items = flips.get(key) or []
        shown = items[:limit]
        note = f", first {len(shown)}" if len(shown) < len(items) else ""
        out.append(f"<h3>{_e(title)}: {len(items)} row(s){_e(note)}</h3>")
        rows = [("", [_td(row_id(f), "text"), _td(where(f), "text"), _td(f.get("extracted_before"), "text"),
                      _td(f.get("extracted_after"), "text"), _td(f.get("gold"), "text")]) for f in shown]
        out.append(_table("flips", ["id", "where", "before", "after", "gold"], rows, key.replace("_", "-")))
    out.append("</section>")
    return "".join(out)


def html_report(report: Mapping[str, Any], comparison: Mapping[str, Any] | None = None, *,
                max_rows: int = 500) -> str:
    """One self-contained static HTML page for a report (and its comparison with a baseline, if given).

    Sections (each a ``<section>`` with an id): ``summary``, ``comparison``, ``gates``, ``groups`` (per
    group a table row with an SVG bar: accuracy, 95% CI whiskers, baseline tick), ``flips`` (with a
    comparison: tables with ids ``correct-to-wrong`` / ``wrong-to-correct``, at most ``max_rows`` rows each)
    and ``rows``: the viewer of every row (``viewer.py``). No network resources; all text escaped.
    """
    name = report.get("benchmark")
    failed = failed_gates(report)
    status = (f'<span class="status-fail">{len(failed)} gate(s) failed</span>' if failed
              else '<span class="status-pass">all gates pass</span>' if report.get("gates") else "")
    counts = ", ".join(f"{v} {k}" for k, v in (report.get("counts") or {}).items() if v)
    summary = ('<section id="summary">'
               f'<p class="headline"><strong>Accuracy {_e(pct(report.get("accuracy")))}</strong> '
               f'({_e(report.get("correct", 0))} of {_e(report.get("total", 0))} rows correct; 95% CI '
               f'{_e(interval(report.get("ci95")))}) {status}</p>'
               f'<p>{_bar(report.get("accuracy"), report.get("ci95"), (comparison or {}).get("accuracy_baseline"))}'
               f'</p><p>{_e(counts)}</p>'
               + (f'<p class="warn">Incomplete run ({_e(incomplete_reason(report))}): '
                  f'{_e((report.get("counts") or {}).get(NOT_RUN, 0))} of {_e(report.get("total", 0))} rows not run, '
                  'counted as 0.</p>' if report.get("incomplete") else "")
               + "</section>")
    body = [summary]
    if comparison is not None:
        body.append(_html_comparison(comparison))
    body.append(_html_gates(report))
    body.append(_html_groups(report, comparison))
    if comparison is not None:
        body.append(_html_flips(comparison, max_rows))
    body.append(viewer_section(report, comparison))
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        # nothing may be fetched: the page is data only, and row text is untrusted
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        f"script-src {script_hash()}\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>answerbench: {_e(name)}</title><style>{_CSS}</style></head><body>"
        f"<header><h1>answerbench: {_e(name)}</h1><p>profile {_e(report.get('profile'))} · scorer version "
        f"{_e(report.get('scorer_version'))} · tool {_e(report.get('tool_version'))}</p></header>"
        + "".join(body)
        + f"<footer>Generated by pytest-answerbench {_e(__version__)}.</footer></body></html>\n"
    )
