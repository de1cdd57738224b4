"""Shared by the framework-integration tests: loading an example file, and a small argument
provenance detector so the tool-argument hooks can be seen rejecting a call."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "integrations"


def load_example(name: str) -> ModuleType:
    """Import examples/integrations/<name>.py as a module."""
    path = EXAMPLES / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"nofab_example_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class UrlProvenance:
    """A pending call's ``url`` argument must appear in the user's message or a tool result."""

    id = "test_url_provenance"
    version = "1"
    kinds = ("argument_without_provenance",)

    def __init__(self, profile: Profile) -> None:
        del profile

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        call = evidence.turn.pending_call
        args: Any = call.arguments if call else None
        url = args.get("url") if isinstance(args, dict) else None
        if isinstance(url, str) and not evidence.grounds(url):
            yield Finding(
                "argument_without_provenance",
                self.id,
                url,
                0.95,
                (0, 0),
                f"url {url} appears nowhere in this turn",
                "high",
            )
