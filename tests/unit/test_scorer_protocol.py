"""The scorer protocol (``scorers.ScorerModule``) is written where it is read and checked when a scorer loads.

* every optional hook the plugin reads (``scorers.HOOKS``) is documented in the protocol's docstring, in order,
  with the arguments it is called with;
* every built-in scorer follows it;
* a module without ``score``, or with a hook taking other arguments, is an error naming the scorer and its
  module, from the registry and from a benchmark YAML naming it; a well-formed user module loads with its hooks.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import textwrap
from pathlib import Path

import pytest

from pytest_answerbench import SpecError, load_spec, scorers
from pytest_answerbench.scorers import HOOKS, ScorerModule, check_module


def test_the_protocol_docstring_lists_every_hook_in_order_with_its_arguments():
    documented = re.findall(r"^\* ``(\w+)\(([^)]*)\)", inspect.cleandoc(ScorerModule.__doc__ or ""), re.M)
    assert documented[0] == ("score", "row, ctx")
    assert documented[1:] == [(hook.name, ", ".join(hook.params)) for hook in HOOKS]


@pytest.mark.parametrize("name", scorers.available())
def test_every_builtin_scorer_follows_the_protocol(name):
    module = scorers.get(name).module
    check_module(module, name)  # raises on a violation
    assert callable(module.score)


@pytest.fixture
def user_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Write modules into a folder on sys.path; the registry's cache is emptied before and after."""
    monkeypatch.syspath_prepend(str(tmp_path))
    scorers.get.cache_clear()

    def write(name: str, source: str) -> str:
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        monkeypatch.delitem(sys.modules, name, raising=False)  # a parametrized case writes it anew
        importlib.invalidate_caches()
        return name

    yield write
    scorers.get.cache_clear()


GOOD = """
    from pytest_answerbench import Verdict
    OPTIONS = {"strict": "bool"}
    def score(row, ctx):
        return Verdict.graded(row["prediction"] == row["answer"], method="same")
    def metrics(rows, ctx, extra=None):
        return {"n": len(rows)}
    def warm_up():
        pass
    def judge_requests(row, ctx):
        return []
"""


def test_a_well_formed_user_module_loads_with_its_hooks(user_modules):
    name = user_modules("hb_good_scorer", GOOD)
    scorer = scorers.get(f"{name}:score")  # the function form keeps the module's hooks
    assert set(vars(scorer.module)) == {"__name__", "score", "metrics", "warm_up", "judge_requests", "OPTIONS"}
    assert scorer.metrics([{}, {}], None) == {"n": 2}
    assert scorer.option_problems({"strict": True, "loose": 1}) == [
        "options.loose unknown for scorer 'hb_good_scorer:score' (known: strict)"]


@pytest.mark.parametrize("source, expected", [
    ("def scor(row, ctx):\n    return None\n", "has no score: a scorer module defines score(row, ctx)"),
    ("score = 3\n", "has a non-callable score"),
    ("def score(row):\n    return None\n", "score must take 2 positional arguments, score(row, ctx); its signature "
                                            "is score(row)"),
    ("def score(row, ctx):\n    return None\ndef warm_up(config):\n    pass\n",
     "warm_up must take 0 positional arguments, warm_up(); its signature is warm_up(config)"),
    ("def score(row, ctx):\n    return None\ndef judge_requests(row):\n    return []\n",
     "judge_requests must take 2 positional arguments, judge_requests(row, ctx)"),
    ("def score(row, ctx):\n    return None\ndef check_options():\n    return None\n",
     "check_options must take 1 positional argument, check_options(options)"),
    ("def score(row, ctx):\n    return None\nmetrics = {'accuracy': 1}\n", "has a non-callable metrics"),
    ("def score(row, ctx):\n    return None\nOPTIONS = ['strict']\n", "OPTIONS must be a dict"),
])
def test_a_module_off_the_protocol_is_an_error_naming_it(user_modules, source, expected):
    name = user_modules("hb_bad_scorer", source)
    with pytest.raises(SpecError) as info:
        check_module(importlib.import_module(name), "mine")
    message = str(info.value)
    assert expected in message
    assert "scorer 'mine' (module hb_bad_scorer)" in message


def test_a_bad_hook_is_caught_when_the_registry_loads_the_scorer(user_modules):
    user_modules("hb_pkg_scorer", "def score(row, ctx):\n    return None\ndef warm_up(config):\n    pass\n")
    with pytest.raises(SpecError, match=r"scorer 'hb_pkg_scorer:score' \(module hb_pkg_scorer:score\): warm_up"):
        scorers.get("hb_pkg_scorer:score")  # the function form keeps the module's hooks, and checks them


def test_a_benchmark_yaml_naming_a_module_off_the_protocol_says_which_module(tmp_path: Path):
    """The YAML's folder is on sys.path for its scorer; the error names the file, the scorer and the hook."""
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\nscorer: hb_yaml_scorer.sub\n")
    (tmp_path / "hb_yaml_scorer").mkdir()
    (tmp_path / "hb_yaml_scorer" / "__init__.py").write_text("")
    (tmp_path / "hb_yaml_scorer" / "sub.py").write_text("def score(row, ctx):\n    return None\n"
                                                        "def judge_requests(row, ctx, judge):\n    return []\n")
    scorers.get.cache_clear()
    try:
        with pytest.raises(SpecError) as info:
            load_spec(path)
    finally:
        scorers.get.cache_clear()
    message = str(info.value)
    assert message.startswith(f"{path}: scorer 'hb_yaml_scorer.sub' (module hb_yaml_scorer.sub): judge_requests "
                              "must take 2 positional arguments")
    assert "cannot be imported" not in message


def test_a_user_scorer_may_fold_the_yaml_fields_into_its_options(tmp_path: Path):
    """The ``named_fields`` hook (what ``generic`` uses) is open to any scorer, and spec.py names none."""
    (tmp_path / "hb_fields_scorer.py").write_text(
        "OPTIONS = {'columns': 'where to read'}\n"
        "def score(row, ctx):\n    return None\n"
        "def named_fields(options, prediction_field, gold_field):\n"
        "    return {**options, 'columns': [prediction_field, list(gold_field or ())]}\n")
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\nscorer: hb_fields_scorer:score\nprediction_field: out\ngold_field: [g]\n")
    scorers.get.cache_clear()
    try:
        spec = load_spec(path)
    finally:
        scorers.get.cache_clear()
    assert spec.options == {"columns": ["out", ["g"]]}
    assert "generic" not in Path(load_spec.__code__.co_filename).read_text(encoding="utf-8")
