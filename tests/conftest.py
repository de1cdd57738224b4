"""Shared fixtures. External evaluation data lives beside the checkout in ../shared/data
(see its README); it is read from there, never copied into the project."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; tests that need it are skipped (with the reason) without it."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"external evaluation data not found at {SHARED_DATA}")
    return SHARED_DATA
