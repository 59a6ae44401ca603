"""pytest_answerbench.report.render: the markdown summary and the static HTML report (parsed and checked)."""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser

import pytest

from pytest_answerbench.report.gates import comparison_gates
from pytest_answerbench.report.paired import compare_reports
from pytest_answerbench.report.render import html_report, markdown_summary
from pytest_answerbench.report.render.viewer import script_hash
from test_compare import flipped, make_report, scored

PAYLOAD = "<script>alert('x')</script> | **bold** [link](javascript:alert(1))"
URL_TEXT = "see https://evil.example/pixel.png"
VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "source", "wbr"}


class Page(HTMLParser):
    """Collects elements (tag, attrs, text inside, ancestors) and checks that the tags nest properly."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[dict] = []
        self.elements: list[dict] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def _element(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": [], "parents": [e["tag"] for e in self.stack],
                   "parent_ids": [e["attrs"].get("id") for e in self.stack]}
        self.elements.append(element)
        return element

    def handle_starttag(self, tag, attrs):
        element = self._element(tag, attrs)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self._element(tag, attrs)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1]["tag"] != tag:
            self.errors.append(f"unexpected </{tag}> (open: {[e['tag'] for e in self.stack]})")
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)
        for element in self.stack:
            element["text"].append(data)

    def find(self, tag, **attrs):
        return [e for e in self.elements if e["tag"] == tag and all(e["attrs"].get(k) == v for k, v in attrs.items())]

    def by_id(self, element_id):
        (element,) = [e for e in self.elements if e["attrs"].get("id") == element_id]
        return element

    def body_rows(self, table_id):
        """The <tr> elements in the <tbody> of the table with this id."""
        return [e for e in self.find("tr") if table_id in e["parent_ids"] and "tbody" in e["parents"]]


def parse(page_html: str) -> Page:
    page = Page()
    page.feed(page_html)
    page.close()
    assert page.errors == [] and page.stack == [], (page.errors, [e["tag"] for e in page.stack])
    return page


@pytest.fixture
def compared():
    base_rows = scored(300, 0.7)
    cur_rows = flipped(base_rows, 25, 5)
    loss = next(r for r, b in zip(cur_rows, base_rows) if b["score"] >= 1 and r["score"] < 1)
    loss["extracted"] = PAYLOAD
    loss["gold"] = URL_TEXT
    base_rows.append({**copy.deepcopy(base_rows[0]), "id": "gone", "line": 999})
    current, baseline = make_report(cur_rows), make_report(base_rows)
    comparison = compare_reports(current, baseline, margin=0.02)
    current["gates"] = [{"name": "min_accuracy", "key": "accuracy", "op": ">=", "value": current["accuracy"],
                         "threshold": 0.5, "passed": True, "message": "min_accuracy holds"}]
    current["gates"] += comparison_gates(comparison, max_drop=0.03)
    return current, comparison, loss


# ------------------------------------------------------------------------------------------- markdown

def test_markdown_headline_gates_groups_and_flips(compared):
    report, comparison, loss = compared
    md = markdown_summary(report, comparison, top=5)
    assert md.startswith("## ❌ answerbench: vmcbench\\_dev (profile default)\n")
    assert f"**Accuracy {report['accuracy'] * 100:.2f}%** ({report['correct']} of 300 rows correct" in md
    assert f"**{comparison['delta'] * 100:+.2f} pts** on 300 paired rows" in md
    assert f"McNemar exact test: p = {comparison['p_value']:.3g} (25 correct → wrong, 5 wrong → correct)" in md
    assert f"Non-inferiority, margin 2.00 pts: **{comparison['noninferiority']['verdict']}**" in md
    assert "Rows only in this run: 0; only in the baseline: 1" in md

    lines = md.splitlines()
    gate_rows = [ln for ln in lines if ln.startswith("| ") and ("pass |" in ln or "FAIL |" in ln
                                                              or "inconclusive |" in ln)]
    assert len(gate_rows) == len(report["gates"])
    assert any(ln.startswith("| ❌ FAIL | max\\_drop | accuracy\\_change |") for ln in gate_rows)
    assert any(ln.startswith("| ✅ pass | min\\_accuracy |") for ln in gate_rows)

    for value in ("MMStar", "MMMU", "OCR"):
        (row,) = [ln for ln in lines if ln.startswith(f"| {value} | ")]
        g = comparison["groups"]["category"][value]
        assert f"{g['delta'] * 100:+.2f} pts" in row and row.count(" | ") == 6

    assert "#### Correct → wrong: 25 row(s), first 5" in md
    assert "#### Wrong → correct: 5 row(s)" in md
    table = lines[lines.index("#### Correct → wrong: 25 row(s), first 5") + 2:]
    assert len([ln for ln in table[:8] if ln.startswith("| ") and not ln.startswith("| id")]) >= 5


def test_markdown_escapes_untrusted_row_text(compared):
    report, comparison, loss = compared
    comparison["flips"]["correct_to_wrong"].insert(0, comparison["flips"]["correct_to_wrong"].pop(
        next(i for i, f in enumerate(comparison["flips"]["correct_to_wrong"]) if f["id"] == loss["id"])))
    md = markdown_summary(report, comparison, top=3)
    assert "<script>" not in md and "&lt;script&gt;" in md
    (row,) = [ln for ln in md.splitlines() if "&lt;script&gt;" in ln]
    # the payload's pipe, emphasis and link syntax are escaped, so the table keeps its five columns
    assert "\\|" in row and "\\*\\*bold\\*\\*" in row and "\\[link\\]" in row
    assert len(re.split(r"(?<!\\)\|", row)) == 7


def test_markdown_without_comparison_or_gates():
    report = make_report(scored(40, 0.5))
    md = markdown_summary(report)
    assert md.startswith("## ✅ answerbench: vmcbench\\_dev")
    assert "Change against the baseline" not in md and "Flipped rows" not in md and "### Gates" not in md
    assert "#### category" in md


def test_markdown_warns_about_a_fingerprint_mismatch(compared):
    report, comparison, _ = compared
    comparison["fingerprint"]["mismatch"] = ["scorer_version differs: baseline 1, current 2"]
    md = markdown_summary(report, comparison)
    assert "> ⚠️ **The baseline was scored differently**" in md
    assert "> - scorer\\_version differs: baseline 1, current 2" in md


# ----------------------------------------------------------------------------------------------- html

def test_html_structure(compared):
    report, comparison, _ = compared
    page = parse(html_report(report, comparison))
    assert [e["tag"] for e in page.elements[:3]] == ["html", "head", "meta"]
    assert "".join(page.find("title")[0]["text"]) == "answerbench: vmcbench_dev"
    assert len(page.find("style")) == 1
    for section in ("summary", "comparison", "gates", "groups", "flips"):
        assert page.find("section", id=section), section

    gate_rows = page.body_rows("gates-table")
    classes = [e["attrs"]["class"] for e in gate_rows]
    assert len(classes) == len(report["gates"])
    assert classes.count("fail") == sum(1 for g in report["gates"] if not g["passed"]) > 0
    assert "pass" in classes

    # one bar per group plus the headline bar, each with CI whiskers and the baseline tick
    bars = page.find("svg", **{"class": "bar"})
    assert len(bars) == 1 + len(report["groups"]["category"])
    assert all(e["attrs"]["role"] == "img" and "95% CI" in e["attrs"]["aria-label"] for e in bars)
    assert len(page.find("line", **{"class": "ci"})) == 3 * len(bars)
    assert len(page.find("line", **{"class": "base"})) == len(bars)
    group_table = page.by_id("groups-category")
    assert {"MMStar", "MMMU", "OCR"} <= set(group_table["text"])
    assert len(page.body_rows("groups-category")) == 3

    flips = page.body_rows("correct-to-wrong")
    assert len(flips) == 25
    assert len(page.body_rows("wrong-to-correct")) == 5
    assert len(page.body_rows("only-in-baseline")) == 1


def test_html_escapes_untrusted_text_and_loads_nothing(compared):
    report, comparison, loss = compared
    page_html = html_report(report, comparison)
    page = parse(page_html)
    # two scripts: the rows as JSON (never run) and the viewer, the only one the CSP lets run (by its hash)
    data, viewer = page.find("script")
    assert data["attrs"] == {"type": "application/json", "id": "rows-data"} and viewer["attrs"] == {}
    assert "<" not in "".join(data["text"])  # row text cannot end the block
    assert page.find("img") == [] and page.find("link") == []
    assert page.find("iframe") == [] and page.find("object") == [] and page.find("a") == []
    assert PAYLOAD in "".join(page.text)  # shown as text, exactly
    assert "&lt;script&gt;" in page_html
    # no attribute anywhere points outside the page; the URL in row text is only text
    for e in page.elements:
        for name, value in e["attrs"].items():
            assert not re.search(r"(?i)(https?:|//|url\()", value or ""), (e["tag"], name, value)
    assert URL_TEXT in "".join(page.text)
    (csp,) = [e for e in page.find("meta") if e["attrs"].get("http-equiv") == "Content-Security-Policy"]
    assert "default-src 'none'" in csp["attrs"]["content"]
    assert f"script-src {script_hash()}" in csp["attrs"]["content"]
    assert "script-src 'unsafe-inline'" not in csp["attrs"]["content"]
    assert script_hash("".join(viewer["text"])) == script_hash()
    # the page itself (without row text) mentions no network address at all
    clean = copy.deepcopy(report)
    for r in clean["rows"]:
        r["gold"] = "B"
    clean_comparison = compare_reports(clean, make_report(scored(300, 0.7)))
    # (the MathML namespace name the viewer creates elements in is an identifier, never fetched)
    page_text = html_report(clean, clean_comparison).replace('"http://www.w3.org/1998/Math/MathML"', "")
    assert not re.search(r"(?i)https?://", page_text)


def test_html_without_comparison_lists_every_row():
    rows = scored(30, 0.5)
    rows[0].update(score=0.0, status="wrong", extracted="<img src=x onerror=alert(1)>")
    page_html = html_report(make_report(rows), max_rows=5)
    page = parse(page_html)
    assert page.find("section", id="rows") and not page.find("section", id="flips")
    assert page.find("img") == [] and page.find("select", id="flip") == []
    heading = "".join(page.find("section", id="rows")[0]["text"])
    assert "Rows: 30" in heading
    data = json.loads("".join(page.by_id("rows-data")["text"]))
    assert [r["id"] for r in data["rows"]] == [r["id"] for r in rows]
    assert data["rows"][0]["extracted"] == "<img src=x onerror=alert(1)>"


# ------------------------------------------------------------------------------------------- viewer maths
def _viewer_data(page_html: str) -> dict:
    block = re.search(r'<script type="application/json" id="rows-data">(.*?)</script>', page_html, re.S).group(1)
    return json.loads(block)


def test_viewer_rows_carry_mathml_trees_for_latex_answers_and_response_spans():
    pytest.importorskip("latex2mathml", reason="maths rendering needs the `maths` extra (latex2mathml)")
    from pytest_answerbench.report.render.maths import ALLOWED_ATTRIBUTES, ALLOWED_ELEMENTS

    rows = [{"id": "1", "status": "correct", "score": 1.0, "extracted": r"\frac{1}{2}", "gold": r"\dfrac12",
             "response": r"so \(x^2\) then \boxed{\frac{1}{2}} costs $5 or $6", "fields": {}, "extra": {}},
            {"id": "2", "status": "wrong", "score": 0.0, "extracted": "B", "gold": "C", "response": "plain (B)",
             "fields": {}, "extra": {}}]
    data = _viewer_data(html_report({"benchmark": "m", "rows": rows}))
    one, two = data["rows"]
    assert one["mx"][0] == "math" and "mfrac" in json.dumps(one["mx"]) and "mfrac" in json.dumps(one["mg"])
    tex = [p["tex"] for p in one["mr"] if isinstance(p, dict)]
    assert tex == [r"\(x^2\)", r"\boxed{\frac{1}{2}}"]  # "$5 or $6" is money, not maths
    assert "".join(p if isinstance(p, str) else p["tex"] for p in one["mr"]) == rows[0]["response"]
    assert not {"mx", "mg", "mr"} & set(two)

    def walk(tree):
        assert tree[0] in ALLOWED_ELEMENTS and set(tree[1]) <= ALLOWED_ATTRIBUTES
        for child in tree[2:]:
            if not isinstance(child, str):
                walk(child)

    walk(one["mx"])
    for part in one["mr"]:
        if isinstance(part, dict):
            walk(part["m"])


def test_maths_keeps_only_well_formed_allowed_mathml(monkeypatch):
    from pytest_answerbench.report.render import maths

    outputs = {"a": '<math xmlns="http://www.w3.org/1998/Math/MathML"><mi href="javascript:x" onclick="y" '
                    'mathvariant="bold">a</mi></math>',
               "b": '<math><mi>b</mi><script>alert(1)</script></math>',
               "c": "<math><mtext><img src=x></mtext></math>"}
    monkeypatch.setattr(maths, "_converter", lambda: lambda latex, display: outputs[latex])
    maths._cached_tree.cache_clear()  # conversions are cached: none from the real converter, none left behind
    try:
        assert maths.latex_tree("a") == ["math", {}, ["mi", {"mathvariant": "bold"}, "a"]]
        assert maths.latex_tree("b") is None and maths.latex_tree("c") is None
        monkeypatch.setattr(maths, "_converter", lambda: None)  # the extra not installed: text stays text
        assert maths.latex_tree("a") is None and maths.math_segments("$a$") is None
    finally:
        maths._cached_tree.cache_clear()


def test_response_maths_stops_at_the_reports_budget(monkeypatch):
    pytest.importorskip("latex2mathml", reason="maths rendering needs the `maths` extra (latex2mathml)")
    from pytest_answerbench.report.render import viewer

    monkeypatch.setattr(viewer, "REPORT_SPANS", 3)
    rows = [{"id": str(i), "status": "correct", "score": 1.0, "extracted": r"x^2", "gold": r"x^2",
             "response": f"$a_{i}$ and $b$", "fields": {}, "extra": {}} for i in range(3)]
    data = _viewer_data(html_report({"benchmark": "m", "rows": rows}))
    spans = [sum(isinstance(p, dict) for p in r.get("mr", [])) for r in data["rows"]]
    assert spans == [2, 1, 0]  # in row order, until 3 spans; answers and gold are not counted
    assert all("mx" in r and "mg" in r for r in data["rows"])


def test_the_gates_table_has_one_unit_per_kind_of_value(compared):
    """Accuracies in percent, changes in percentage points (as the messages say them), counts as they are; a
    gate's value and threshold always in the same unit."""
    report, comparison, _ = compared
    report = {**report, "gates": report["gates"] + [
        {"name": "threshold", "key": "groups.category.OCR", "op": ">=", "value": 0.25, "threshold": 0.3,
         "passed": False, "message": "threshold"},
        {"name": "threshold", "key": "counts.error", "op": "<=", "value": 2, "threshold": 0, "passed": False,
         "message": "errors"}]}
    rows = {}
    for line in markdown_summary(report, comparison).splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 6 and cells[1] in ("min\\_accuracy", "max\\_drop", "threshold", "fingerprint"):
            rows.setdefault((cells[1], cells[2]), cells)
    accuracy = rows[("min\\_accuracy", "accuracy")]
    assert accuracy[3] == f"{report['accuracy'] * 100:.2f}%" and accuracy[4] == "&gt;= 50.00%"
    drop = rows[("max\\_drop", "accuracy\\_change")]
    assert drop[3] == f"{comparison['delta'] * 100:+.2f} pts" and drop[4] == "&gt;= -3.00 pts"
    assert rows[("threshold", "groups.category.OCR")][3:5] == ["25.00%", "&gt;= 30.00%"]
    assert rows[("threshold", "counts.error")][3:5] == ["2", "&lt;= 0"]
    fingerprint = rows[("fingerprint", "fingerprint")]  # a count of mismatches
    assert fingerprint[3].isdigit() and fingerprint[4] == "= 0"
    # and the message of the max-drop gate speaks the same unit as its cells
    (message,) = [g["message"] for g in report["gates"] if g["name"] == "max_drop" and not g.get("group")]
    assert "allowed drop 3.00 pts" in message


def test_the_html_gates_table_has_the_markdown_units(compared):
    report, comparison, _ = compared
    page = parse(html_report(report, comparison))
    cells = {}
    for row in page.body_rows("gates-table"):
        texts = [t.strip() for t in row["text"] if t.strip()]
        cells.setdefault((texts[1], texts[2]), texts)
    assert cells[("min_accuracy", "accuracy")][3:5] == [f"{report['accuracy'] * 100:.2f}%", ">= 50.00%"]
    assert cells[("max_drop", "accuracy_change")][3:5] == [f"{comparison['delta'] * 100:+.2f} pts", ">= -3.00 pts"]
