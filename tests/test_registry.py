"""The detector registry, the kind list and docs/detectors.md agree (issue 11): a detector
added, renamed or given a new kind without the others fails here."""

from __future__ import annotations

import re
from pathlib import Path

from nofab import KINDS, Guard, Policy
from nofab.detectors import BUILTIN, TOOL_FAILURE_DETECTORS
from nofab.detectors.base import Detector

DOC = Path(__file__).resolve().parent.parent / "docs" / "detectors.md"
_CODE = re.compile(r"`([a-z_]+)`")


def _registry() -> dict[str, tuple[str, ...]]:
    return {str(factory.id): tuple(factory.kinds) for factory in BUILTIN}  # type: ignore[attr-defined]


def _table_rows(text: str) -> list[list[str]]:
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not set(line) <= set("|- "):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def test_builtin_ids_are_unique_and_every_detector_is_one() -> None:
    ids = [str(f.id) for f in BUILTIN]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids))
    guard = Guard(Policy(load_plugins=False))
    assert [d.id for d in guard.detectors] == ids
    for detector in guard.detectors:
        assert isinstance(detector, Detector), detector.id
        assert detector.version and detector.kinds
    assert set(TOOL_FAILURE_DETECTORS) <= set(ids)


def test_kinds_are_exactly_what_the_detectors_emit() -> None:
    emitted = {kind for kinds in _registry().values() for kind in kinds}
    assert len(KINDS) == len(set(KINDS))
    assert emitted == set(KINDS)


def test_docs_list_every_kind_and_detector_and_nothing_else() -> None:
    text = DOC.read_text(encoding="utf-8")
    registry = _registry()
    rows = _table_rows(text)
    documented_kinds: set[str] = set()
    documented_ids: set[str] = set()
    for row in rows[1:]:
        kinds = _CODE.findall(row[0])
        if not kinds:
            continue
        documented_kinds.update(kinds)
        named = _CODE.findall(row[1]) or [row[1]]
        documented_ids.update(named)
        if len(named) == 1:  # a row of one detector: its kinds must be that detector's
            assert set(kinds) <= set(registry[named[0]]), row
    assert documented_kinds == set(KINDS)
    assert documented_ids == set(registry)
