"""Optional extras stay optional: `import nofab` loads none of them, and a missing one raises a
MissingExtraError that says which `pip install 'nofab[...]'` brings it."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from nofab.errors import MissingExtraError, NofabError

HEAVY = ("fastapi", "uvicorn", "starlette", "httpx", "agents", "pydantic_ai", "langchain", "langgraph")


def test_import_nofab_loads_no_extra() -> None:
    """`import nofab` (and building a guard) imports no framework, server or HTTP client."""
    code = (
        "import sys, nofab; nofab.Guard().check({'response': 'hi'}); "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("nofab.integrations.openai_agents", "agents", "openai-agents"),
        ("nofab.integrations.pydantic_ai", "pydantic_ai", "pydantic-ai"),
        ("nofab.integrations.langchain", "langchain.agents.middleware", "langchain"),
    ],
)
def test_missing_framework_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, module: str, blocked: str, extra: str
) -> None:
    """Importing an integration without its framework raises MissingExtraError naming the extra."""
    monkeypatch.setitem(sys.modules, blocked, None)  # makes `import <blocked>` fail
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(MissingExtraError) as caught:
        importlib.import_module(module)
    assert f"pip install 'nofab[{extra}]'" in str(caught.value)
    assert isinstance(caught.value, ImportError) and isinstance(caught.value, NofabError)


def test_missing_serve_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building the service without FastAPI raises MissingExtraError naming the serve extra."""
    from nofab.service import create_app

    monkeypatch.setitem(sys.modules, "fastapi", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'nofab\[serve\]'"):
        create_app()


def test_cli_serve_without_extra_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`nofab serve` without the extra exits 2 with the install hint on one line."""
    from nofab.cli.main import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'nofab[serve]'" in err and err.count("\n") == 1
