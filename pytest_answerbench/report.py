"""Terminal summary lines for a finished report (the plugin prints them; ``answerbench`` CLI too)."""

from __future__ import annotations

from typing import Any, Iterator

from .verdict import CORRECT, ERROR, STATUSES, TIMEOUT

Markup = dict[str, bool]


def summary_lines(report: dict[str, Any], show: int = 10) -> Iterator[tuple[str, Markup]]:
    total = report["total"]
    ci = report.get("ci95")
    ci_text = f", 95% CI [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else ""
    yield (f"{report['benchmark']} (profile {report['profile']}): accuracy {report['accuracy']:.4f} "
           f"({report['correct']}/{total} correct{ci_text})", {"bold": True})
    counts = report["counts"]
    yield ("rows: " + ", ".join(f"{counts.get(s, 0)} {s}" for s in STATUSES if counts.get(s, 0) or s == CORRECT),
           {})
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
    for warning in report.get("warnings", [])[:5]:
        yield f"warning: {warning}", {"yellow": True}
    rows = report["rows"]
    errors = [r for r in rows if r["status"] in (ERROR, TIMEOUT)]
    wrong = [r for r in rows if r["status"] not in (CORRECT, ERROR, TIMEOUT)]
    if wrong and show:
        yield f"wrong rows (first {min(show, len(wrong))} of {len(wrong)}):", {}
        for r in wrong[:show]:
            yield f"  {_where(r)} {r['id']}: extracted {_short(r['extracted'])}, gold {_short(r['gold'])} " \
                  f"[{r['method']}]", {}
    if errors:
        limit = max(show, 20)
        yield f"errored or timed-out rows ({len(errors)}):", {"red": True}
        for r in errors[:limit]:
            yield f"  {_where(r)} {r['id']}: {r['status']}: {r['detail'] or r['method']}", {"red": True}
        if len(errors) > limit:
            yield f"  ... {len(errors) - limit} more in the report", {"red": True}
    for gate in report.get("gates", []):
        yield f"gate {gate['message']}", {"green": True} if gate["passed"] else {"red": True, "bold": True}


def _where(row: dict[str, Any]) -> str:
    if row.get("line"):
        return f"{row['file']}:{row['line']}"
    return str(row.get("file") or "")


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
