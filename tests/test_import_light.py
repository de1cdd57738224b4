"""`import nofab` stays light: the evidence index, the lexicons (JSON files and hundreds of
compiled patterns), the detectors and the standard-library modules only a rare path needs load
with the first Guard or on that path, not on import (docs/performance.md, "`import nofab`").
No timing here: which modules an import loads is what decides its cost."""

from __future__ import annotations

import subprocess
import sys

#: Loaded by the first Guard or where used, never by the public API's import.
DEFERRED = (
    "nofab.detectors",
    "nofab.evidence.index",
    "nofab.evidence.results",
    "nofab.language.lexicon",
    "nofab.language.vocabulary",
    "nofab.numbers.index",
    "nofab.fidelity.values",
    "importlib.resources",
    "hashlib",
    "pathlib",
    "difflib",
    "decimal",
)


def test_the_public_api_imports_none_of_the_deferred_modules() -> None:
    # Only modules the import itself adds count: an interpreter's site hooks may load some
    # standard-library modules before it.
    code = (
        "import sys; before = set(sys.modules); "
        "import nofab; from nofab import Guard, Policy, Profile, Turn, Verdict, check; "
        f"print(sorted(m for m in {DEFERRED!r} if m in sys.modules and m not in before))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_first_guard_loads_them() -> None:
    code = (
        "import sys, nofab; nofab.Guard().check({'response': 'I sent it.'}); "
        "print(all(m in sys.modules for m in ('nofab.detectors', 'nofab.evidence.index', "
        "'nofab.language.lexicon')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True"
