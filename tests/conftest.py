"""Shared fixtures. External evaluation data lives beside the checkout in ../shared/data
(see its README); it is read from there, never copied into the project."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# The evaluation helpers (corpus readers, the shared-task scorer) live in bench/, not in the
# wheel; tests import them as top-level modules, as the benchmark scripts do.
sys.path.insert(0, str(REPO / "bench"))
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; tests that need it are skipped (with the reason) without it."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"external evaluation data not found at {SHARED_DATA}")
    return SHARED_DATA
