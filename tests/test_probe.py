"""The false-alarm probe: hand-written turns from domains the corpora do not cover.

Clean turns are fully grounded and must pass; dirty twins hold one fabrication each and must
be caught by a finding their clean twin does not get (``bench/probe.py`` explains the fixtures).
The two lists below are the probe's state as measured, each entry with its mechanism: a new
false alarm or a new miss fails here, and so does a listed one that no longer happens (remove
it from the list: the fix is then pinned).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from probe import PROBE, Outcome, describe, diff, fixture_files, run

# Clean turns that get a blocking finding today, with the mechanism (not the example).
KNOWN_FALSE_ALARMS: dict[str, str] = {
    "banking_dispute": "claims: 'has been applied' after open_dispute ran (read as needing an update tool)",
    "rag_growth": "numbers: '21%' growth, a percentage change of two amounts a free-text result shows",
}

# Dirty twins that no finding of their own catches today, with the mechanism.
KNOWN_MISSES: dict[str, str] = {
    "calendar_tomorrow": "numbers: the changed start time equals the same event's end time (another field)",
    "sports_nba": "numbers: a changed '35 points' passes as the sum of two other stats (28 + 7)",
    "transcript_card_fr": "numbers: integers up to 12 are never checked ('3 jours' for 5)",
}


@pytest.fixture(scope="module")
def outcomes() -> dict[tuple[str, str], Outcome]:
    return {(o.side, o.name): o for o in run()}


def _names(side: str) -> list[str]:
    return [p.stem for p in fixture_files()[side]]


def _hits(outcome: Outcome) -> str:
    return "; ".join(describe(h.__dict__) for h in outcome.hits)


def test_fixtures_are_complete() -> None:
    """Enough turns on both sides, every twin has its clean original, every list entry exists."""
    clean, dirty = set(_names("clean")), set(_names("dirty"))
    assert len(clean) >= 60 and len(dirty) >= 25
    assert dirty <= clean, dirty - clean
    assert set(KNOWN_FALSE_ALARMS) <= clean, set(KNOWN_FALSE_ALARMS) - clean
    assert set(KNOWN_MISSES) <= dirty, set(KNOWN_MISSES) - dirty


def test_dirty_twins_differ_from_their_clean_turn() -> None:
    """A twin is not a copy: its answer or its tool calls differ from the clean turn's."""
    for name in _names("dirty"):
        a = json.loads((PROBE / "clean" / f"{name}.json").read_text(encoding="utf-8"))
        b = json.loads((PROBE / "dirty" / f"{name}.json").read_text(encoding="utf-8"))
        strip = (lambda t: {k: v for k, v in t.items() if k != "metadata"}) if isinstance(a, dict) else None
        assert (strip(a) != strip(b)) if strip else (a != b), name


@pytest.mark.parametrize("name", _names("clean"))
def test_clean_turn(name: str, outcomes: dict[tuple[str, str], Outcome]) -> None:
    outcome = outcomes[("clean", name)]
    assert not outcome.errors, outcome.errors  # a crash is not a pass
    if name in KNOWN_FALSE_ALARMS:
        assert outcome.flagged, f"{name} passes now: remove it from KNOWN_FALSE_ALARMS"
    else:
        assert not outcome.flagged, f"new false alarm on a grounded answer: {_hits(outcome)}"


@pytest.mark.parametrize("name", _names("dirty"))
def test_dirty_twin(name: str, outcomes: dict[tuple[str, str], Outcome]) -> None:
    outcome = outcomes[("dirty", name)]
    assert not outcome.errors, outcome.errors
    if name in KNOWN_MISSES:
        assert not outcome.flagged, f"{name} is caught now ({_hits(outcome)}): remove it from KNOWN_MISSES"
    else:
        assert outcome.flagged, f"fabrication no longer caught: {outcome.note}"


def test_probe_fixtures_path_is_the_repository_one() -> None:
    assert Path(__file__).resolve().parent / "fixtures" / "probe" == PROBE


def test_diff_names_each_change_by_side() -> None:
    """The side-by-side view: a clean file that starts to fire, a twin that stops being caught."""
    hit: dict[str, object] = {"turn": "turn", "detector": "numbers", "kind": "unverified_number"}
    hit |= {"identifier": "34", "confidence": 0.8, "reason": "number 34 not found"}

    def outcome(side: str, name: str, hits: list[dict[str, object]]) -> dict[str, object]:
        return {"side": side, "name": name, "hits": hits}

    before = {"src": "a", "outcomes": [outcome("clean", "x", []), outcome("dirty", "y", [hit])]}
    after = {"src": "b", "outcomes": [outcome("clean", "x", [hit]), outcome("dirty", "y", [])]}
    text = diff(before, after)
    assert "clean/x: newly FLAGS" in text and "+ numbers/unverified_number '34'" in text
    assert "dirty/y: newly MISSES" in text and "- numbers/unverified_number '34'" in text
    assert diff(before, before).endswith("no change")
