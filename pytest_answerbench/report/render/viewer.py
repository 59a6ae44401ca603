"""The row viewer of the HTML report: every row of the report, searchable, filterable by status, group and flip,
sortable, each with its response (the extracted span marked), question, judge replies and detail.

The rows travel as one JSON document in a ``<script type="application/json">`` block (never executed; ``<``,
``>`` and ``&`` escaped so no row text can end the block) and a small inline script builds the table from it
with ``textContent`` only, so row text is never parsed as HTML. The page's Content-Security-Policy allows that
one script by its hash and nothing else. The filters live in the URL fragment (``#status=wrong&q=frac``), so a
filtered view is a link (and tests/plugin/test_viewer.py drives the page through it in headless Chromium).

For reading, not only for CI: each row's response (its extracted answer marked) and question are open in the
row unless longer than ``INLINE_CHARS``; "expand all" opens every row's parts (judge replies, detail, long
responses) and "collapse all" folds them back. Keys move through the table: ``j``/``k`` the next/previous row,
``n``/``p`` the next/previous row that flipped against the baseline (more rows are drawn when the next one is
past the page), ``o`` opens or folds the current row, ``e`` expands or collapses all (docs/viewer.md).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from typing import Any, Mapping

from .._fmt import where
from ..rows import json_clean
from .maths import (ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS, MAX_SPANS, REPORT_SPANS, latex_tree, looks_like_latex,
                    math_segments)

__all__ = ["VIEWER_SCRIPT", "script_hash", "viewer_section"]

#: Rows (or questions) the table shows at first and adds with each "show more".
PAGE = 200
#: Milliseconds the search waits after a keystroke before it filters.
DEBOUNCE_MS = 150
#: A response or question up to this many characters is open in its row; a longer one is folded (expand all).
INLINE_CHARS = 600

VIEWER_SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("rows-data").textContent);
  var rows = data.rows, PAGE = data.page, shown = PAGE, timer = null, expanded = false, current = null;
  var MATHML = "http://www.w3.org/1998/Math/MathML";
  var ELEMENTS = new Set(__ELEMENTS__), ATTRIBUTES = new Set(__ATTRIBUTES__);
  var $ = function (id) { return document.getElementById(id); };
  var controls = ["q", "status", "group", "flip", "view", "sort"];
  // each row's search text, lower-cased once: a keystroke then costs one indexOf per row
  rows.forEach(function (r) {
    r.hay = [r.id, r.where, r.extracted, r.gold, r.response, r.question, r.qid, r.detail, r.method, r.before,
             r.before_response].concat(r.judge || []).join("\n").toLowerCase();
  });
  var questions = data.questions || [], samplesOf = {};
  rows.forEach(function (r) { if (r.qid !== undefined) (samplesOf[r.qid] = samplesOf[r.qid] || []).push(r); });
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function mathNode(t) {
    // a tree made at report time ([tag, {attributes}, children...]); only MathML elements and presentation
    // attributes are created, every string becomes a text node: no markup from a row is ever parsed
    if (typeof t === "string") return document.createTextNode(t);
    if (!Array.isArray(t) || !ELEMENTS.has(t[0])) return document.createTextNode("");
    var e = document.createElementNS(MATHML, t[0]), attrs = t[1] || {};
    Object.keys(attrs).forEach(function (k) { if (ATTRIBUTES.has(k)) e.setAttribute(k, String(attrs[k])); });
    for (var i = 2; i < t.length; i++) e.appendChild(mathNode(t[i]));
    return e;
  }
  function cell(cls, text, tree) {
    var td = el("td", cls, tree ? undefined : text);
    if (tree) { td.title = text; td.appendChild(mathNode(tree)); }
    return td;
  }
  function state() {
    var s = {};
    controls.forEach(function (k) { var c = $(k); s[k] = c ? c.value : ""; });
    return s;
  }
  function readHash() {
    // every control from the fragment; one the fragment does not name is cleared (no stale search)
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    controls.forEach(function (k) {
      var c = $(k);
      if (c) c.value = params.get(k) || "";
    });
  }
  function writeHash(s) {
    var params = new URLSearchParams();
    controls.forEach(function (k) { if (s[k]) params.set(k, s[k]); });
    var text = params.toString();
    try { history.replaceState(null, "", text ? "#" + text : location.pathname + location.search); }
    catch (e) { /* a page opened where history is not allowed: the view still works */ }
  }
  function matcher(s) {
    var needle = s.q.toLowerCase(), at = s.group.indexOf("="), field = s.group.slice(0, at),
        value = s.group.slice(at + 1);
    return function (r) {
      if (s.status && r.status !== s.status) return false;
      if (s.flip && !(s.flip === "any" ? r.flip : r.flip === s.flip)) return false;
      if (s.group && (!r.fields || String(r.fields[field]) !== value)) return false;
      return !needle || r.hay.indexOf(needle) >= 0;
    };
  }
  var QUESTION_VIEWS = {
    "questions": function () { return true; },
    "all-wrong": function (q) { return q.c === 0; },
    "unstable": function (q) { return q.c > 0 && q.c < q.n; },
    "flipped": function (q) { return (samplesOf[q.id] || []).some(function (r) { return r.flip; }); }
  };
  var ORDER = {"error": 0, "timeout": 1, "wrong": 2, "miss": 3, "correct": 4};
  function sorter(key) {
    if (key === "id") return function (a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : a.n - b.n; };
    if (key === "status") return function (a, b) {
      return ((ORDER[a.status] || 9) - (ORDER[b.status] || 9)) || a.n - b.n; };
    if (key === "score") return function (a, b) { return (a.score - b.score) || a.n - b.n; };
    if (key === "-score") return function (a, b) { return (b.score - a.score) || a.n - b.n; };
    return function (a, b) { return a.n - b.n; };
  }
  function marked(text, span, cls) {
    // the response with the extracted answer marked: its last occurrence, else a case-blind one
    var box = el("pre", cls || "response");
    text = text || "";
    var at = span ? text.lastIndexOf(span) : -1;
    if (span && at < 0) at = text.toLowerCase().lastIndexOf(span.toLowerCase());
    if (at < 0) { box.textContent = text; return box; }
    box.appendChild(document.createTextNode(text.slice(0, at)));
    box.appendChild(el("mark", "span", text.slice(at, at + span.length)));
    box.appendChild(document.createTextNode(text.slice(at + span.length)));
    return box;
  }
  function rendered(segments) {
    var box = el("div", "maths");
    segments.forEach(function (p) {
      box.appendChild(typeof p === "string" ? document.createTextNode(p) : mathNode(p.m));
    });
    return box;
  }
  function sideBySide(r) {
    // the baseline's response and answer beside this run's, for a flipped row
    var box = el("div", "side");
    [["baseline", r.before_status, r.before, r.before_response, "before"],
     ["this run", r.status, r.extracted, r.response, "after"]].forEach(function (c) {
      var col = el("div", "side-" + c[4]);
      col.appendChild(el("h4", "", c[0] + ": " + (c[1] || "n/a") + ", extracted " +
                         (c[2] === null || c[2] === undefined ? "nothing" : c[2])));
      col.appendChild(c[3] === null || c[3] === undefined ? el("p", "missing", "response not recorded")
                                                          : marked(c[3], c[2], "response"));
      box.appendChild(col);
    });
    return box;
  }
  function details(r) {
    var td = el("td", "text");
    var parts = [];
    if (r.question) parts.push(["question", el("pre", "question", r.question)]);
    if (r.response) parts.push(["response", marked(r.response, r.extracted)]);
    if (r.mr) parts.push(["maths rendered", rendered(r.mr)]);
    if (r.flip) parts.push(["side by side with the baseline", sideBySide(r)]);
    (r.judge || []).forEach(function (reply, i) {
      parts.push([r.judge.length > 1 ? "judge reply " + (i + 1) : "judge reply", el("pre", "judge", reply)]);
    });
    if (r.detail) parts.push(["detail", el("pre", "detail", r.detail)]);
    if (r.before !== undefined) parts.push(["extracted in the baseline", el("pre", "before", r.before)]);
    parts.forEach(function (p) {
      var d = el("details", p[0].split(" ")[0]);
      var text = p[0] === "response" ? r.response : p[0] === "question" ? r.question : null;
      // the response and the question read in the row, unless long; everything with "expand all"
      d.open = expanded || (text !== null && text.length <= data.inline);
      d.appendChild(el("summary", "", p[0]));
      d.appendChild(p[1]);
      td.appendChild(d);
    });
    return td;
  }
  function rowLine(r, cls) {
    var tr = el("tr", "row " + r.status + (r.flip ? " flipped" : "") + (cls ? " " + cls : "") +
                (current === r.n ? " current" : ""));
    tr.setAttribute("data-n", r.n);
    tr.setAttribute("data-id", r.id);
    tr.appendChild(el("td", "text id", r.id));
    tr.appendChild(el("td", "text", r.where));
    tr.appendChild(el("td", "status", r.status));
    tr.appendChild(el("td", "num", r.score));
    tr.appendChild(cell("text extracted", r.extracted, r.mx));
    tr.appendChild(cell("text gold", r.gold, r.mg));
    if (data.compared) tr.appendChild(el("td", "flip", r.flip === "c2w" ? "correct \u2192 wrong" :
                                                    r.flip === "w2c" ? "wrong \u2192 correct" : ""));
    tr.appendChild(details(r));
    return tr;
  }
  function questionLine(q) {
    var tr = el("tr", "question " + (q.c === 0 ? "all-wrong" : q.c === q.n ? "all-right" : "unstable"));
    tr.setAttribute("data-qid", q.id);
    var td = el("td", "text");
    td.colSpan = $("rows-table").tHead.rows[0].cells.length;
    td.appendChild(el("strong", "qid", "question " + q.id));
    td.appendChild(document.createTextNode(": "));
    td.appendChild(el("span", "qstat", q.c + "/" + q.n + " correct"));
    td.appendChild(document.createTextNode(", majority "));
    td.appendChild(el("span", "majority", q.majority === null || q.majority === undefined ? "none" : q.majority));
    td.appendChild(document.createTextNode(q.majority_correct ? " (right)" : " (wrong)"));
    tr.appendChild(td);
    return tr;
  }
  function render() {
    var s = state();
    writeHash(s);
    var body = $("rows-table").tBodies[0], keep = matcher(s), view = QUESTION_VIEWS[s.view];
    body.textContent = "";
    if (view) {
      var qs = questions.filter(function (q) { return view(q) && (samplesOf[q.id] || []).some(keep); });
      qs.slice(0, shown).forEach(function (q) {
        body.appendChild(questionLine(q));
        (samplesOf[q.id] || []).forEach(function (r) { body.appendChild(rowLine(r, "sample")); });
      });
      $("row-count").textContent = qs.length + " of " + questions.length + " questions" +
        (qs.length > shown ? ", first " + shown + " shown" : "");
      $("more").hidden = qs.length <= shown;
      return;
    }
    var hits = rows.filter(keep).sort(sorter(s.sort));
    hits.slice(0, shown).forEach(function (r) { body.appendChild(rowLine(r)); });
    $("row-count").textContent = hits.length + " of " + rows.length + " rows" +
      (hits.length > shown ? ", first " + shown + " shown" : "");
    $("more").hidden = hits.length <= shown;
  }
  function now() { clearTimeout(timer); timer = null; shown = PAGE; render(); }
  readHash();
  controls.forEach(function (k) {
    var c = $(k);
    if (!c) return;
    if (k === "q") {
      // typing redraws once the typist pauses, not once per character
      c.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(now, data.debounce); });
      c.addEventListener("change", now);
    } else {
      c.addEventListener("input", now);
      c.addEventListener("change", now);
    }
  });
  $("more").addEventListener("click", function () { shown += PAGE; render(); });
  function setExpanded(open) {
    expanded = open;
    $("expand").textContent = open ? "collapse all" : "expand all";
    $("expand").setAttribute("aria-pressed", open ? "true" : "false");
    render();
  }
  $("expand").addEventListener("click", function () { setExpanded(!expanded); });
  function drawn(flippedOnly) {
    return Array.prototype.filter.call($("rows-table").tBodies[0].rows, function (tr) {
      return tr.classList.contains("row") && (!flippedOnly || tr.classList.contains("flipped"));
    });
  }
  function go(step, flippedOnly) {
    // the next (step 1) or previous (-1) drawn row after the current one; past the last drawn row, the next page
    // is drawn while there is one
    for (;;) {
      var list = drawn(flippedOnly), at = -1, all = drawn(false), mine = null;
      all.forEach(function (tr, i) { if (Number(tr.dataset.n) === current) mine = i; });
      if (mine === null) at = step > 0 ? 0 : list.length - 1;
      else {
        var pos = list.map(function (tr) { return all.indexOf(tr); });
        if (step > 0) { at = pos.findIndex(function (i) { return i > mine; }); }
        else { for (var j = pos.length - 1; j >= 0; j--) if (pos[j] < mine) { at = j; break; } }
      }
      if (at >= 0 && at < list.length) { mark(list[at]); return; }
      if (step < 0 || $("more").hidden) return;
      shown += PAGE; render();
    }
  }
  function mark(tr) {
    drawn(false).forEach(function (t) { t.classList.remove("current"); });
    tr.classList.add("current");
    current = Number(tr.dataset.n);
    $("position").textContent = "row " + tr.dataset.id + (tr.classList.contains("flipped") ? " (flipped)" : "");
    if (tr.scrollIntoView) tr.scrollIntoView({block: "nearest"});
  }
  document.addEventListener("keydown", function (ev) {
    var t = ev.target, tag = t && t.tagName;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var key = ev.key;
    if (key === "j") go(1, false);
    else if (key === "k") go(-1, false);
    else if (key === "n") go(1, true);
    else if (key === "p") go(-1, true);
    else if (key === "e") setExpanded(!expanded);
    else if (key === "o") {
      var tr = drawn(false).filter(function (t) { return Number(t.dataset.n) === current; })[0];
      if (!tr) return;
      var parts = tr.querySelectorAll("details"), open = !Array.prototype.every.call(parts, function (d) {
        return d.open; });
      Array.prototype.forEach.call(parts, function (d) { d.open = open; });
    } else return;
    ev.preventDefault();
  });
  window.addEventListener("hashchange", function () { readHash(); now(); });
  render();
})();
""".replace("__ELEMENTS__", json.dumps(sorted(ALLOWED_ELEMENTS))).replace(
    "__ATTRIBUTES__", json.dumps(sorted(ALLOWED_ATTRIBUTES)))


def script_hash(script: str = VIEWER_SCRIPT) -> str:
    """The CSP source that allows exactly this inline script: ``'sha256-...'``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def _shown(value: Any) -> str | None:
    """A value as the table shows it: text as written, anything else as JSON."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


def _flip_index(comparison: Mapping[str, Any] | None) -> dict[tuple[str, int], tuple[str, Mapping[str, Any]]]:
    """(id, occurrence from 1) -> ("c2w" | "w2c", the flip record: the baseline's answer, response, status)."""
    out: dict[tuple[str, int], tuple[str, Mapping[str, Any]]] = {}
    for key, code in (("correct_to_wrong", "c2w"), ("wrong_to_correct", "w2c")):
        for f in ((comparison or {}).get("flips") or {}).get(key) or []:
            out[(str(f.get("id")), int(f.get("occurrence") or 1))] = (code, f)
    return out


def _question_entries(report: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The report's ``questions`` section as a list of entries (``{"id", "n", "c", "majority", ...}``)."""
    section = report.get("questions")
    if isinstance(section, Mapping):  # {"questions": [...]} as samples.sample_metrics returns it, or {id: entry}
        section = section.get("questions") if isinstance(section.get("questions"), list) else [
            {"id": k, **v} for k, v in section.items() if isinstance(v, Mapping)]
    return [q for q in section or [] if isinstance(q, Mapping) and "id" in q]


def _maths(row: dict[str, Any], budget: list[int]) -> None:
    """Adds the MathML trees of a viewer row: ``mx`` (extracted), ``mg`` (gold), ``mr`` (response segments,
    while ``budget[0]``, the response spans the report may still convert, lasts)."""
    for key, tree_key in (("extracted", "mx"), ("gold", "mg")):
        text = row.get(key)
        if isinstance(text, str) and looks_like_latex(text):
            tree = latex_tree(text)
            if tree is not None:
                row[tree_key] = tree
    if isinstance(row.get("response"), str) and budget[0] > 0:
        segments = math_segments(row["response"], min(MAX_SPANS, budget[0]))
        if segments is not None:
            row["mr"] = segments
            budget[0] -= sum(1 for part in segments if isinstance(part, dict))


def _viewer_rows(report: Mapping[str, Any], comparison: Mapping[str, Any] | None,
                 sampled: bool = False) -> list[dict[str, Any]]:
    flips = _flip_index(comparison)
    seen: dict[str, int] = {}
    budget = [REPORT_SPANS]
    out = []
    for n, r in enumerate(report.get("rows") or []):
        rid = str(r.get("id"))
        seen[rid] = seen.get(rid, 0) + 1
        judge = [c.get("reply") for c in (r.get("extra") or {}).get("judge_calls") or []
                 if isinstance(c, Mapping) and c.get("reply")] if isinstance(
                     (r.get("extra") or {}).get("judge_calls"), list) else []
        row = {"n": n, "id": rid, "where": where(r), "status": r.get("status"), "score": r.get("score"),
               "extracted": _shown(r.get("extracted")), "gold": _shown(r.get("gold")), "method": r.get("method"),
               "detail": r.get("detail") or None, "response": _shown(r.get("response")),
               "fields": r.get("fields") or {}, "judge": judge}
        row["question"] = _shown(r.get("question"))  # the question's text, when the row carries it
        if sampled and r.get("question_id") is not None:
            row["qid"] = str(r.get("question_id"))  # a sample: the id of its question (report/samples.py)
        elif sampled and r.get("question") is not None:
            row["qid"] = str(r.get("question"))  # a report that named the question by its text
        flip = flips.get((rid, seen[rid]))
        if flip is not None:
            code, rec = flip
            row.update(flip=code, before=_shown(rec.get("extracted_before")),
                       before_response=_shown(rec.get("response_before")), before_status=rec.get("status_before"))
        _maths(row, budget)
        out.append(row)
    return out


def _json_block(data: Any) -> str:
    """JSON that cannot end its ``<script>`` block nor open a comment in it."""
    text = json.dumps(json_clean(data), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _options(pairs: list[tuple[str, str]]) -> str:
    return "".join(f'<option value="{html.escape(v, quote=True)}">{html.escape(label)}</option>'
                   for v, label in pairs)


def viewer_section(report: Mapping[str, Any], comparison: Mapping[str, Any] | None) -> str:
    """The ``rows`` section: controls, the (script-filled) table and the rows as JSON."""
    questions = _question_entries(report)
    rows = _viewer_rows(report, comparison, sampled=bool(questions))
    statuses = sorted({str(r["status"]) for r in rows})
    groups = [(f"{field}={value}", f"{field}: {value}")
              for field, table in (report.get("groups") or {}).items() for value in table]
    controls = ['<input id="q" type="search" placeholder="search ids, responses, answers, judge replies" '
                'aria-label="search">',
                '<select id="status" aria-label="status">' + _options([("", "any status")] +
                                                                       [(s, s) for s in statuses]) + "</select>"]
    if groups:
        controls.append('<select id="group" aria-label="group">' + _options([("", "any group")] + groups)
                        + "</select>")
    header = ["id", "where", "status", "score", "extracted", "gold"]
    if comparison is not None:
        controls.append('<select id="flip" aria-label="flip">' + _options(
            [("", "flipped or not"), ("any", "flipped"), ("c2w", "correct → wrong"), ("w2c", "wrong → correct")])
            + "</select>")
        header.append("flip")
    if questions:
        controls.append('<select id="view" aria-label="view">' + _options(
            [("", "rows"), ("questions", "questions"), ("all-wrong", "questions all wrong"),
             ("unstable", "questions unstable (some right, some wrong)")]
            + ([("flipped", "questions with a flipped sample")] if comparison is not None else [])) + "</select>")
    controls.append('<select id="sort" aria-label="sort">' + _options(
        [("", "file order"), ("id", "id"), ("status", "status (errors first)"), ("score", "score, lowest first"),
         ("-score", "score, highest first")]) + "</select>")
    header.append("response, question, judge")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    data = {"page": PAGE, "debounce": DEBOUNCE_MS, "inline": INLINE_CHARS, "compared": comparison is not None,
            "rows": rows,
            "questions": [{"id": str(q["id"]), "n": q.get("n"), "c": q.get("c"), "majority": _shown(q.get("majority")),
                           "majority_correct": q.get("majority_correct")} for q in questions]}
    controls.append('<button id="expand" type="button" aria-pressed="false">expand all</button>')
    keys = "j/k: next/previous row" + (", n/p: next/previous flipped row" if comparison is not None else "")
    return (f'<section id="rows"><h2>Rows: {len(rows)}</h2><div class="controls">{"".join(controls)}</div>'
            f'<p class="keys">Keys: {keys}, o: open or fold the row, e: expand or collapse all. '
            '<span id="position"></span></p><p id="row-count"></p><noscript><p class="warn">The row list needs '
            'JavaScript; the rows are in the JSON report.</p></noscript>'
            f'<table class="rows" id="rows-table"><thead><tr>{head}</tr></thead><tbody></tbody></table>'
            '<button id="more" type="button" hidden>show more</button>'
            f'<script type="application/json" id="rows-data">{_json_block(data)}</script>'
            f"<script>{VIEWER_SCRIPT}</script></section>")
