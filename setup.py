"""Build hook: the built-in benchmark definitions (top-level ``benchmarks/``) ship inside the wheel as
``pytest_answerbench/benchmarks`` so that ``pip install .`` works outside the repository.

Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithBenchmarks(build_py):
    def run(self):
        super().run()
        source = Path(__file__).resolve().parent / "benchmarks"
        if source.is_dir():
            target = Path(self.build_lib) / "pytest_answerbench" / "benchmarks"
            shutil.copytree(source, target, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithBenchmarks})
