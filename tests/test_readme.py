"""The files the README's commands name exist, and its first command installs only what the
tests need."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text("utf-8")


def test_every_example_the_readme_names_exists() -> None:
    named = set(re.findall(r"\bexamples/[\w./-]+\.(?:json|toml|py)\b", README))
    assert named, "the README names no example"
    assert sorted(p for p in named if not (ROOT / p).is_file()) == []
    # placeholders a reader cannot run
    assert "turn.json " not in README.replace("examples/", "") and "my-domain.toml" not in README


def test_quickstart_installs_the_light_test_extra() -> None:
    first = re.search(r"```sh\n(.*?)\n", README)
    assert first is not None and "pip install -e '.[test]'" in first.group(1)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"]
    names = {re.split(r"[<>=\[ ]", dep)[0] for dep in extras["test"]}
    assert {"pytest", "hypothesis"} <= names and len(names) <= 4
