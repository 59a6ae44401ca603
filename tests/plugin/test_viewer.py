"""The HTML report's row viewer in a real headless Chromium (issue 16, section 4; issue 26 item 9).

The page keeps its filters in the URL fragment, so each view is loaded as ``page.html#status=wrong&...`` and
Chromium's ``--dump-dom`` prints the DOM after the page's script built the table. That drives the viewer's
whole path (fragment -> controls -> filter, sort, render), and one browser process per view runs them all at
once. What a fragment cannot do (typing, a hashchange, a select's ``change`` event) goes through ``Browser``:
Chromium's DevTools protocol over ``--remote-debugging-pipe`` (JSON messages ending in NUL on fds 3 and 4), a
page of standard-library code rather than a Playwright dependency whose browser download and version pinning
would add more than they save here. Skipped (with the reason) only where no Chromium can be found; ``.ci/run``
installs the system package so CI runs it.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import load_report, mc_row, write_jsonl
from pytest_answerbench import score_rows
from pytest_answerbench.report.paired import compare_reports
from pytest_answerbench.report.render import html_report
from pytest_answerbench.report.samples import group_questions, sample_metrics
from test_render import Page, parse

PAYLOAD = "<img src=x onerror=\"document.title='owned'\">"
LATEX = r"so $x = \frac{1}{2}$, answer (C)"
MATH_PAYLOAD = r"I pick (B) since $\text{<img src=x onerror=\"document.title='owned'\">} + y^2$ and $z_1$"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def find_browser() -> str | None:
    named = os.environ.get("ANSWERBENCH_CHROMIUM")
    if named:
        return named
    return next((path for path in map(shutil.which, BROWSERS) if path), None)


BROWSER = find_browser()
try:
    import latex2mathml  # noqa: F401  (the `maths` extra)
    HAVE_MATHS = True
except ImportError:
    HAVE_MATHS = False
needs_maths = pytest.mark.skipif(not HAVE_MATHS, reason="maths rendering needs the `maths` extra (latex2mathml)")
needs_browser = pytest.mark.skipif(BROWSER is None, reason="no Chromium found (install the `chromium` package, "
                                   "or set ANSWERBENCH_CHROMIUM to a Chrome/Chromium binary)")


def dump_dom(page: Path, fragment: str, profile: Path) -> str:
    """The page's DOM after its scripts ran, loaded with ``#fragment``, in a headless Chromium of its own."""
    assert BROWSER is not None
    profile.mkdir(parents=True, exist_ok=True)
    cmd = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
           f"--user-data-dir={profile}", "--dump-dom", page.as_uri() + ("#" + fragment if fragment else "")]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _rows() -> tuple[list[dict], list[dict]]:
    """Current and baseline predictions: 24 VMCBench rows over two categories, some flipped each way."""
    now, then = [], []
    for i in range(24):
        right, was_right = i % 3 != 0, i % 4 != 0
        letter = "B" if right else "D"
        now.append(mc_row(i, f"Looking at it, the answer is ({letter}).", answer="B",
                          category=["MMStar", "AI2D"][i % 2], question=f"Which option, case {i}?"))
        then.append(mc_row(i, f"({'B' if was_right else 'A'})", answer="B", category=["MMStar", "AI2D"][i % 2]))
    now[5]["prediction"] = LATEX
    now[7]["prediction"] = "I pick (D). " + PAYLOAD
    now[10]["prediction"] = MATH_PAYLOAD
    return now, then


@pytest.fixture(scope="module")
def views(tmp_path_factory):
    """The DOM of each view, dumped by parallel Chromium processes: {name: (Page, dom text)}."""
    if BROWSER is None:
        pytest.skip("no Chromium found")
    now, then = _rows()
    current, baseline = score_rows("vmcbench_dev", now), score_rows("vmcbench_dev", then)
    current["rows"][9]["extra"]["judge_calls"] = [{"request": "same?", "reply": "VERDICT: the letters differ",
                                                   "cached": False}]
    comparison = compare_reports(current, baseline)
    folder = tmp_path_factory.mktemp("viewer")
    page = folder / "report.html"
    page.write_text(html_report(current, comparison), encoding="utf-8")
    fragments = {"all": "", "wrong": "status=wrong", "search": "q=FRAC%7B1", "group": "group=category%3DAI2D",
                 "c2w": "flip=c2w", "w2c": "flip=w2c", "sorted": "sort=-score&status=",
                 "combined": "status=wrong&group=category%3DMMStar&sort=id"}
    with ThreadPoolExecutor(max_workers=len(fragments)) as pool:
        dumps = dict(zip(fragments, pool.map(lambda kv: dump_dom(page, kv[1], folder / f"profile-{kv[0]}"),
                                             fragments.items())))
    return {"report": current, "comparison": comparison,
            **{name: (parse(dom), dom) for name, dom in dumps.items()}}


def shown_rows(page: Page) -> list[dict]:
    return [e for e in page.find("tr") if "row" in (e["attrs"].get("class") or "").split()]


def shown_ids(page: Page) -> list[str]:
    return [e["attrs"]["data-id"] for e in shown_rows(page)]


def count_line(page: Page) -> str:
    return "".join(page.by_id("row-count")["text"])


@needs_browser
def test_every_row_is_listed_with_its_response_question_and_judge_reply(views):
    page, dom = views["all"]
    report = views["report"]
    assert shown_ids(page) == [r["id"] for r in report["rows"]]
    assert count_line(page) == f"{len(report['rows'])} of {len(report['rows'])} rows"
    assert "Which option, case 3?" in dom
    assert "VERDICT: the letters differ" in "".join(page.by_id("rows-table")["text"])
    # the extracted span is marked inside the response, LaTeX as written
    marks = [e for e in page.find("mark") if "pre" in e["parents"] and "div" not in e["parents"]]
    assert len(marks) == len(report["rows"])
    row5 = next(e for e in shown_rows(page) if e["attrs"]["data-id"] == "5")
    assert LATEX in "".join(row5["text"])
    first = views["report"]["rows"][0]
    row0 = next(e for e in shown_rows(page) if e["attrs"]["data-id"] == first["id"])
    mark0 = next(m for m in marks if m in page.elements[page.elements.index(row0):])
    assert "".join(mark0["text"]) == first["extracted"]


@needs_browser
def test_untrusted_response_text_stays_text(views):
    page, dom = views["all"]
    assert page.find("img") == []
    assert "<title>answerbench: vmcbench_dev</title>" in dom  # the payload's script never ran
    assert PAYLOAD in "".join(page.text)


@needs_browser
def test_filter_by_status(views):
    page, _ = views["wrong"]
    wrong = [r["id"] for r in views["report"]["rows"] if r["status"] == "wrong"]
    assert 0 < len(wrong) < len(views["report"]["rows"])
    assert shown_ids(page) == wrong
    assert count_line(page) == f"{len(wrong)} of {len(views['report']['rows'])} rows"


@needs_browser
def test_search_finds_text_in_responses_case_blind(views):
    page, _ = views["search"]
    assert shown_ids(page) == ["5"]


@needs_browser
def test_filter_by_group(views):
    page, _ = views["group"]
    assert shown_ids(page) == [r["id"] for r in views["report"]["rows"] if r["fields"]["category"] == "AI2D"]


@needs_browser
def test_filter_by_flip_keeps_the_list_with_a_baseline(views):
    flips = views["comparison"]["flips"]
    for name, key in (("c2w", "correct_to_wrong"), ("w2c", "wrong_to_correct")):
        page, _ = views[name]
        assert shown_ids(page) == [f["id"] for f in flips[key]] and flips[key], name
    page, _ = views["c2w"]
    assert all("correct → wrong" in "".join(e["text"]) for e in shown_rows(page))
    assert page.find("section", id="flips") and page.find("section", id="rows")


@needs_browser
def test_sort_and_combined_filters(views):
    rows = views["report"]["rows"]
    page, _ = views["sorted"]
    scores = {r["id"]: r["score"] for r in rows}
    ids = shown_ids(page)
    assert [scores[i] for i in ids] == sorted(scores.values(), reverse=True) and len(ids) == len(rows)
    page, _ = views["combined"]
    expected = sorted(r["id"] for r in rows if r["status"] == "wrong" and r["fields"]["category"] == "MMStar")
    assert shown_ids(page) == expected and expected


@needs_browser
def test_the_plugin_writes_a_viewer_that_keeps_its_rows_with_a_baseline(bench_env, tmp_path):
    now, then = _rows()
    write_jsonl(bench_env.path / "then.jsonl", then)
    bench_env.runpytest("--bench", "vmcbench_dev", "then.jsonl", "--bench-report", "base.json")
    write_jsonl(bench_env.path / "then.jsonl", now)  # the same file name: rows pair by id
    bench_env.runpytest("--bench", "vmcbench_dev", "then.jsonl", "--bench-report", "report.json",
                        "--bench-baseline", "base.json", "--bench-html", "report.html")
    report = load_report(bench_env)
    page = parse(dump_dom(bench_env.path / "report.html", "flip=any", tmp_path / "profile"))
    flipped = report["comparison"]["flips"]
    assert sorted(shown_ids(page), key=int) == sorted(
        (f["id"] for f in flipped["correct_to_wrong"] + flipped["wrong_to_correct"]), key=int)
    for e in shown_rows(page):
        rec = next(r for r in report["rows"] if r["id"] == e["attrs"]["data-id"])
        assert f"then.jsonl:{rec['line']}" in e["text"] and rec["response"] in "".join(e["text"])
    # the saved comparison carries the baseline's responses, so the page shows both runs side by side
    base = {r["id"]: r for r in json.loads((bench_env.path / "base.json").read_text(encoding="utf-8"))["rows"]}
    for f in flipped["correct_to_wrong"] + flipped["wrong_to_correct"]:
        assert f["response_before"] == base[f["id"]]["response"]
    befores = [e for e in page.find("div") if e["attrs"].get("class") == "side-before"]
    assert len(befores) == len(shown_rows(page)) and all(
        base[r["attrs"]["data-id"]]["response"] in "".join(b["text"]) for r, b in zip(shown_rows(page), befores))


class Browser:
    """A headless Chromium driven over the DevTools protocol (``--remote-debugging-pipe``): one page, scripts
    evaluated in it, text typed into it as key input events."""

    def __init__(self, profile: Path):
        assert BROWSER is not None
        profile.mkdir(parents=True, exist_ok=True)
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def fds():  # the protocol reads commands on fd 3 and writes replies on fd 4
            # copied above 10 first: a pipe end may itself be fd 3 or 4, and dup2 onto itself would keep its
            # close-on-exec flag (or the second dup2 would overwrite the first's source)
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_r, from_browser_w)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        self.proc = subprocess.Popen(
            [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            # fds 3 and 4 are made in the child after the fork; close_fds would shut them again (Python's own
            # fds are not inheritable, so nothing else leaks into the browser)
            close_fds=False, preexec_fn=fds, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next = 0
        self._target: str | None = None
        self.fresh_page()

    def fresh_page(self) -> None:
        """A new tab (its own document, scripts and history) in place of the one driven so far: a test starts as in
        a browser just opened, without paying for a new browser process."""
        old = self._target
        self._target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=self._target, flatten=True)["sessionId"]
        if old is not None:  # closed after the new one is open: the browser never has no tab
            self.call("Target.closeTarget", targetId=old)

    def call(self, method: str, session: str | None = None, **params) -> dict:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:  # events arrive between replies: skip them
            while b"\0" not in self._buffer:
                chunk = os.read(self._from_browser, 1 << 16)
                assert chunk, "Chromium closed its DevTools pipe"
                self._buffer += chunk
            raw, self._buffer = self._buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self._next:
                assert "error" not in reply, reply["error"]
                return reply["result"]

    def page(self, method: str, **params) -> dict:
        return self.call(method, session=self.session, **params)

    def js(self, expression: str):
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def open(self, url: str) -> None:
        self.page("Page.navigate", url=url)
        self.wait("document.readyState === 'complete' && !!document.getElementById('row-count').textContent")

    def wait(self, condition: str, limit: float = 60.0):
        """Polls a JS condition until it holds (a generous bound: the machine may be busy, the test is not timed)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            value = self.js(condition)
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"never held: {condition}")

    def type(self, selector: str, text: str) -> None:
        self.js(f"document.querySelector({json.dumps(selector)}).focus()")
        for ch in text:  # one input event per character, as a typist's keystrokes
            self.page("Input.insertText", text=ch)

    def close(self) -> None:
        os.close(self._to_browser)
        os.close(self._from_browser)
        self.proc.kill()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    """One Chromium process for the file's driven tests (each gets a fresh tab: ``browser``)."""
    if BROWSER is None:
        pytest.skip("no Chromium found")
    b = Browser(tmp_path_factory.mktemp("chromium") / "profile")
    yield b
    b.close()


@pytest.fixture
def browser(chromium):
    chromium.fresh_page()
    return chromium


IDS = "Array.from(document.querySelectorAll('#rows-table tbody tr.row')).map(function (t) { return t.dataset.id; })"
COUNT = "document.getElementById('row-count').textContent"


@pytest.fixture(scope="module")
def compared_page(tmp_path_factory):
    now, then = _rows()
    current, baseline = score_rows("vmcbench_dev", now), score_rows("vmcbench_dev", then)
    comparison = compare_reports(current, baseline)
    page = tmp_path_factory.mktemp("driven") / "report.html"
    page.write_text(html_report(current, comparison), encoding="utf-8")
    return page, current, baseline, comparison


@needs_browser
def test_typing_filters_after_the_pause_and_a_hashchange_clears_stale_search(browser, compared_page):
    page, current, _, _ = compared_page
    browser.open(page.as_uri())
    total = len(current["rows"])
    browser.type("#q", "frac{1")
    assert browser.wait(f"{COUNT}.indexOf('1 of {total} rows') === 0 && {IDS}.join(',') === '5'")
    assert browser.js("location.hash") == "#q=frac%7B1"
    # a fragment naming only the status: the search box is emptied, not kept from before
    browser.js("location.hash = 'status=wrong'")
    wrong = [r["id"] for r in current["rows"] if r["status"] == "wrong"]
    browser.wait(f"{IDS}.join(',') === {json.dumps(','.join(wrong))}")
    assert browser.js("document.getElementById('q').value") == ""
    assert browser.js("document.getElementById('status').value") == "wrong"
    browser.js("location.hash = ''")
    browser.wait(f"{IDS}.length === {total}")
    assert browser.js("document.getElementById('status').value") == ""


@needs_browser
def test_a_select_filters_on_its_change_event_alone(browser, compared_page):
    page, current, _, _ = compared_page
    browser.open(page.as_uri())
    browser.js("var s = document.getElementById('status'); s.value = 'correct';"
               "s.dispatchEvent(new Event('change'))")
    right = [r["id"] for r in current["rows"] if r["status"] == "correct"]
    assert browser.wait(f"{IDS}.join(',') === {json.dumps(','.join(right))}")
    assert browser.js("location.hash") == "#status=correct"


@needs_browser
@needs_maths
def test_maths_is_rendered_as_mathml_and_markup_in_it_stays_text(browser, compared_page):
    page, _, _, _ = compared_page
    browser.open(page.as_uri())
    ns = browser.js("Array.from(document.querySelectorAll('tr[data-id=\"5\"] div.maths math'))"
                    ".map(function (m) { return m.namespaceURI; })")
    assert ns == ["http://www.w3.org/1998/Math/MathML"]
    assert browser.js("!!document.querySelector('tr[data-id=\"5\"] div.maths mfrac mn')")
    # the fraction's text sits in MathML number elements; the response as written is still there
    assert browser.js("Array.from(document.querySelectorAll('tr[data-id=\"5\"] div.maths mn'))"
                      ".map(function (m) { return m.textContent; }).join(',')") == "1,2"
    assert LATEX in browser.js("document.querySelector('tr[data-id=\"5\"] pre.response').textContent")
    # latex2mathml copies \text{...} unescaped: that span's output is not well-formed MathML, so it stays text;
    # the next span renders; no <img> anywhere, nothing ran
    row10 = "document.querySelector('tr[data-id=\"10\"] div.maths')"
    assert browser.js(f"{row10}.querySelectorAll('math').length") == 1
    assert browser.js(f"{row10}.querySelector('msub mi').textContent") == "z"
    assert "<img src=x" in browser.js(f"{row10}.textContent")
    assert browser.js("document.querySelectorAll('img').length") == 0
    assert browser.js("document.title") == "answerbench: vmcbench_dev"


@needs_browser
@needs_maths
def test_latex_answers_and_gold_render_in_their_cells_with_the_text_as_a_tooltip(browser, tmp_path):
    rows = [{"id": "a", "status": "correct", "score": 1.0, "extracted": r"\frac{3}{4}", "gold": r"\dfrac34",
             "response": "so 3/4", "fields": {}, "extra": {}},
            {"id": "b", "status": "wrong", "score": 0.0, "extracted": "12", "gold": "13", "response": "12",
             "fields": {}, "extra": {}}]
    page = tmp_path / "cells.html"
    page.write_text(html_report({"benchmark": "cells", "rows": rows}), encoding="utf-8")
    browser.open(page.as_uri())
    cells = browser.js("Array.from(document.querySelectorAll('td.extracted, td.gold')).map(function (td) {"
                       " var m = td.querySelector('math'); return [td.title, m ? m.namespaceURI : null,"
                       " m ? Array.from(m.querySelectorAll('mn')).map(function (n) { return n.textContent; }) : [],"
                       " td.textContent]; })")
    mathml = "http://www.w3.org/1998/Math/MathML"
    assert cells[0][:3] == [r"\frac{3}{4}", mathml, ["3", "4"]]
    assert cells[1][:3] == [r"\dfrac34", mathml, ["3", "4"]]
    assert cells[2] == ["", None, [], "12"] and cells[3] == ["", None, [], "13"]  # plain answers stay text


@needs_browser
def test_flipped_rows_show_both_runs_side_by_side(browser, compared_page):
    page, current, baseline, comparison = compared_page
    browser.open(page.as_uri() + "#flip=any")
    flips = comparison["flips"]["correct_to_wrong"] + comparison["flips"]["wrong_to_correct"]
    assert flips
    before = {r["id"]: r for r in baseline["rows"]}
    after = {r["id"]: r for r in current["rows"]}
    sides = browser.js(
        "Array.from(document.querySelectorAll('#rows-table tr.row')).map(function (t) { return [t.dataset.id,"
        " t.querySelector('div.side-before pre').textContent, t.querySelector('div.side-after pre').textContent,"
        " t.querySelector('div.side-before h4').textContent, t.querySelector('div.side-after h4').textContent]; })")
    assert sorted(s[0] for s in sides) == sorted(f["id"] for f in flips)
    for rid, left, right, left_head, right_head in sides:
        assert left == before[rid]["response"] and right == after[rid]["response"]
        assert left_head == f"baseline: {before[rid]['status']}, extracted {before[rid]['extracted']}"
        assert right_head == f"this run: {after[rid]['status']}, extracted {after[rid]['extracted']}"
    assert all(f["response_before"] == before[f["id"]]["response"] for f in flips)


@needs_browser
def test_search_over_twenty_thousand_rows(browser, tmp_path):
    rows = []
    for i in range(20000):
        right = i % 7 != 0
        rows.append({"id": str(i), "file": "big.jsonl", "line": i + 1, "status": "correct" if right else "wrong",
                     "score": 1.0 if right else 0.0, "extracted": "B" if right else "D", "gold": "B",
                     "response": f"Answer for item {i}: ({'B' if right else 'D'})" + (" needle-zeta" if i % 997 == 3
                                                                                       else ""),
                     "fields": {}, "extra": {}})
    report = {"benchmark": "big", "rows": rows, "total": len(rows), "accuracy": 0.857, "counts": {}}
    page = tmp_path / "big.html"
    page.write_text(html_report(report), encoding="utf-8")
    browser.open(page.as_uri())
    assert browser.js(COUNT) == "20000 of 20000 rows, first 200 shown"
    assert browser.js(f"{IDS}.length") == 200  # only a page of rows is drawn
    browser.type("#q", "NEEDLE-zeta")
    expected = [str(i) for i in range(20000) if i % 997 == 3]
    browser.wait(f"{IDS}.join(',') === {json.dumps(','.join(expected))}")
    assert browser.js(COUNT) == f"{len(expected)} of 20000 rows"
    browser.js("var q = document.getElementById('q'); q.value = ''; q.dispatchEvent(new Event('input'))")
    browser.wait(f"{COUNT} === '20000 of 20000 rows, first 200 shown'")


def _sampled_report(outcomes: dict[str, str] | None = None) -> dict:
    """12 VMCBench samples: 4 questions of 3 samples each: all right, all wrong, and two unstable."""
    outcomes = outcomes or {"q0": "BBB", "q1": "DDD", "q2": "BDB", "q3": "DDB"}
    preds = [mc_row(i, f"The answer is ({letter}).", question=qid)
             for i, (qid, letter) in enumerate((q, c) for q, cs in outcomes.items() for c in cs)]
    report = score_rows("vmcbench_dev", preds)
    for row, (qid, _) in zip(report["rows"], ((q, c) for q, cs in outcomes.items() for c in cs)):
        row["question"] = qid
    report["questions"] = sample_metrics(group_questions(report["rows"]), resamples=50)["questions"]
    return report


@needs_browser
def test_questions_with_a_flipped_sample_against_a_baseline(tmp_path):
    report = _sampled_report()
    baseline = _sampled_report({"q0": "BDB", "q1": "DDD", "q2": "BDB", "q3": "DDB"})  # q0's second sample flips
    page = tmp_path / "flipped.html"
    page.write_text(html_report(report, compare_reports(report, baseline)), encoding="utf-8")
    dom = parse(dump_dom(page, "view=flipped", tmp_path / "p"))
    heads = [e for e in dom.find("tr") if "question" in (e["attrs"].get("class") or "").split()]
    assert [e["attrs"]["data-qid"] for e in heads] == ["q0"] and count_line(dom) == "1 of 4 questions"
    assert shown_ids(dom) == ["0", "1", "2"]


@needs_browser
def test_samples_are_grouped_under_their_question(tmp_path):
    report = _sampled_report()
    page = tmp_path / "samples.html"
    page.write_text(html_report(report), encoding="utf-8")
    views = {"all": "view=questions", "wrong": "view=all-wrong", "unstable": "view=unstable"}
    dumps = {k: parse(dump_dom(page, f, tmp_path / f"p-{k}")) for k, f in views.items()}

    def grouped(p: Page) -> list[tuple[str, str, list[str]]]:
        out = []
        for e in p.find("tr"):
            cls = (e["attrs"].get("class") or "").split()
            if "question" in cls:
                out.append((e["attrs"]["data-qid"], "".join(e["text"]), []))
            elif "sample" in cls:
                out[-1][2].append(e["attrs"]["data-id"])
        return out

    everything = grouped(dumps["all"])
    assert [(q, ids) for q, _, ids in everything] == [("q0", ["0", "1", "2"]), ("q1", ["3", "4", "5"]),
                                                      ("q2", ["6", "7", "8"]), ("q3", ["9", "10", "11"])]
    text = dict((q, t) for q, t, _ in everything)
    assert "3/3 correct, majority B (right)" in text["q0"] and "0/3 correct, majority D (wrong)" in text["q1"]
    assert "2/3 correct, majority B (right)" in text["q2"] and "1/3 correct, majority D (wrong)" in text["q3"]
    assert [q for q, _, _ in grouped(dumps["wrong"])] == ["q1"]
    assert [q for q, _, _ in grouped(dumps["unstable"])] == ["q2", "q3"]
    assert count_line(dumps["unstable"]) == "2 of 4 questions"
    # each sample's response is under its question
    assert "The answer is (D)." in "".join(dumps["wrong"].by_id("rows-table")["text"])


# -- for reading: responses inline, expand all, keys through the rows and the flips (issue 26) ----------------

CURRENT = "(document.querySelector('#rows-table tr.row.current') || {dataset: {}}).dataset.id"
OPEN_PARTS = ("Array.from(document.querySelectorAll('#rows-table tr.row')).map(function (t) { return [t.dataset.id,"
              " Array.from(t.querySelectorAll('details')).filter(function (d) { return d.open; })"
              ".map(function (d) { return d.className; }).join(',')]; })")


def press(browser: "Browser", key: str) -> None:
    """One real key press (keyDown with its text, then keyUp) on the page, nothing focused."""
    browser.js("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    code = f"Key{key.upper()}"
    browser.page("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, text=key,
                 windowsVirtualKeyCode=ord(key.upper()))
    browser.page("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=ord(key.upper()))


@needs_browser
def test_keys_walk_the_rows_and_the_flipped_rows(browser, compared_page):
    page, current, _, comparison = compared_page
    browser.open(page.as_uri())
    order = [r["id"] for r in current["rows"]]
    flipped = {f["id"] for key in ("correct_to_wrong", "wrong_to_correct") for f in comparison["flips"][key]}
    expected = [i for i in order if i in flipped]
    assert 2 < len(expected) < len(order)
    walked = []
    for _ in range(len(expected) + 1):  # one press past the last flip stays on it
        press(browser, "n")
        walked.append(browser.js(CURRENT))
    assert walked == expected + [expected[-1]]
    press(browser, "p")
    assert browser.js(CURRENT) == expected[-2]
    press(browser, "j")  # the next row in the table, flipped or not
    assert browser.js(CURRENT) == order[order.index(expected[-2]) + 1]
    press(browser, "k")
    press(browser, "k")
    assert browser.js(CURRENT) == order[order.index(expected[-2]) - 1]
    assert browser.js("document.getElementById('position').textContent").startswith("row ")
    # typed into the search box, the letters search: they do not move the current row
    before = browser.js(CURRENT)
    browser.type("#q", "n")
    assert browser.js(CURRENT) == before


@needs_browser
def test_n_draws_the_next_page_to_reach_a_flip_past_it(browser, tmp_path):
    rows = [mc_row(i, "(B)") for i in range(450)]
    base = [mc_row(i, "(B)" if i != 420 else "(A)") for i in range(450)]
    current, baseline = score_rows("vmcbench_dev", rows), score_rows("vmcbench_dev", base)
    page = tmp_path / "long.html"
    page.write_text(html_report(current, compare_reports(current, baseline)), encoding="utf-8")
    browser.open(page.as_uri())
    assert browser.js(f"{IDS}.length") == 200
    press(browser, "n")
    assert browser.js(CURRENT) == "420" and browser.js(f"{IDS}.length") == 600 - 150  # three pages drawn: 450 rows


@needs_browser
def test_responses_read_inline_unless_long_and_expand_all_opens_every_part(browser, tmp_path):
    from pytest_answerbench.report.render.viewer import INLINE_CHARS

    rows = [mc_row(0, "Short: the answer is (B)."), mc_row(1, "Long reasoning. " * 60 + "So (D)."),
            mc_row(2, "(A)")]
    report = score_rows("vmcbench_dev", rows)
    report["rows"][2]["extra"]["judge_calls"] = [{"request": "?", "reply": "a judge said no", "cached": False}]
    assert len(report["rows"][1]["response"]) > INLINE_CHARS >= len(report["rows"][0]["response"])
    page = tmp_path / "reading.html"
    page.write_text(html_report(report), encoding="utf-8")
    browser.open(page.as_uri())
    assert browser.js(OPEN_PARTS) == [["0", "question,response"], ["1", "question"], ["2", "question,response"]]
    # the extracted answer is marked inside the open response
    assert browser.js("document.querySelector('tr[data-id=\"0\"] details.response[open] mark').textContent") == "B"
    browser.js("document.getElementById('expand').click()")
    opened = browser.js(OPEN_PARTS)
    assert all(set(parts.split(",")) >= {"question", "response"} for _, parts in opened)
    assert "judge" in opened[2][1] and "detail" in opened[2][1]
    assert browser.js("document.getElementById('expand').textContent") == "collapse all"
    # it holds through a redraw (a filter), and the key e folds all back
    browser.js("var s = document.getElementById('status'); s.value = 'wrong'; s.dispatchEvent(new Event('change'))")
    browser.wait(f"{IDS}.join(',') === '1,2'")
    assert "judge" in dict(browser.js(OPEN_PARTS))["2"]
    press(browser, "e")
    assert browser.js(OPEN_PARTS) == [["1", "question"], ["2", "question,response"]]
    assert browser.js("document.getElementById('expand').textContent") == "expand all"
    press(browser, "j")
    press(browser, "o")  # the current row's parts, all open
    assert set(dict(browser.js(OPEN_PARTS))["1"].split(",")) == {"question", "response", "detail"}
