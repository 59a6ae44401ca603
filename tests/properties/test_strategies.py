"""The public strategies themselves: their ground truth is right, their surface is what ``__all__`` says, the
plugin never imports them, and the example of docs/strategies.md runs."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from hypothesis import given, strategies as st

from pytest_answerbench import strategies as abst

ROOT = Path(__file__).resolve().parents[2]


def _plain_value(text: str) -> Fraction | None:
    """The value of a plain rendering (decimals, digit groups, a/b, percent, e-notation), else None."""
    t = text.replace("{,}", "").replace(",", "")
    if t.endswith("%"):
        inner = _plain_value(t[:-1].rstrip("\\"))
        return None if inner is None else inner / 100
    m = re.fullmatch(r"(-?[\d.]+)e(-?\d+)", t)
    if m:
        return Fraction(m.group(1)) * Fraction(10) ** int(m.group(2))
    m = re.fullmatch(r"(-?[\d.]+) \\times 10\^\{(-?\d+)\}", t)
    if m:
        return Fraction(m.group(1)) * Fraction(10) ** int(m.group(2))
    try:
        return Fraction(t)
    except ValueError:
        return None


@given(abst.number_renderings())
def test_plain_number_renderings_carry_their_value(r):
    value = _plain_value(r.text)
    if value is not None:
        assert value == r.value, r
    assert r.form in abst.NUMBER_FORMS


@given(abst.radical_renderings())
def test_radical_values(r):
    c, n = re.fullmatch(r"(-?\d*)\\sqrt\{(\d+)\}", r.canonical).groups()
    coef = {"": 1, "-": -1}.get(c, None) or int(c)
    assert math.isclose(coef * math.sqrt(int(n)), r.value)


@given(abst.intervals())
def test_interval_pieces_are_ordered_and_disjoint(iv):
    ends = [e for p in iv.pieces for e in p[:2] if e is not None]
    assert ends == sorted(ends) and len(set(ends)) == len(ends)
    assert iv.text.count("\\cup") == len(iv.pieces) - 1 or iv.form.startswith("inequalit")


@given(abst.collections())
def test_collections_keep_their_items(coll):
    numbers = [int(x) for x in re.findall(r"-?\d+", coll.rewritten)]
    assert sorted(numbers) == sorted(coll.items)
    if coll.ordered:
        assert numbers == list(coll.items)


@given(abst.choice_responses())
def test_choice_responses_name_an_option(resp):
    assert resp.letter in resp.options and resp.style in abst.CHOICE_STYLES


@given(abst.model_responses(draft=st.just("q_{draft}")))
def test_model_responses_commit_to_their_answer_after_the_draft(resp):
    assert resp.text.index("q_{draft}") < resp.text.rindex(resp.answer)
    assert resp.marker in abst.RESPONSE_MARKERS


@given(abst.near_misses())
def test_near_misses_differ_from_their_gold(miss):
    assert miss.text != miss.gold


def test_all_lists_exactly_the_public_names():
    public = sorted(n for n in vars(abst) if not n.startswith("_") and n.isidentifier()
                    and getattr(getattr(abst, n), "__module__", abst.__name__) == abst.__name__
                    and not isinstance(getattr(abst, n), type(sys)))
    assert sorted(abst.__all__) == public
    for name in abst.__all__:
        if callable(getattr(abst, name)):
            assert getattr(abst, name).__doc__, name


def test_the_plugin_never_imports_hypothesis_or_the_strategies():
    code = ("import sys, pytest_answerbench, pytest_answerbench.plugin, pytest_answerbench.run;"
            "bad = [m for m in ('hypothesis', 'pytest_answerbench.strategies') if m in sys.modules];"
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_documented_example_runs(tmp_path):
    page = (ROOT / "docs" / "strategies.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", page, re.S).group(1)
    (tmp_path / "test_readme_example.py").write_text(code, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:answerbench",
                           str(tmp_path / "test_readme_example.py")],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"\d+ passed", done.stdout), done.stdout
