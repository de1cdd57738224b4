"""The false-alarm probes: hand-written turns, in other domains (probe) and in the held-out
corpora's own domains and formats (probe2, and probe3 by another writer: τ-bench airline
trajectories, ToolTalk conversations).

Clean turns are fully grounded and must pass; dirty twins hold one fabrication each and must
be caught by a finding their clean twin does not get (``bench/probe.py`` explains the fixtures).
The lists below are each probe's state as measured, each entry with its mechanism: a new
false alarm or a new miss fails here, and so does a listed one that no longer happens (remove
it from the list: the fix is then pinned).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from probe import (
    PROBE,
    PROBE2,
    PROBE3,
    PROBE4,
    PROBE5,
    PROBE6,
    PROBE7,
    PROBE8,
    PROBE9,
    PROBE10,
    PROBE11,
    PROBES,
    Outcome,
    describe,
    diff,
    fixture_files,
    run,
)

# Clean turns that get a blocking finding today, with the mechanism (not the example).
KNOWN_FALSE_ALARMS: dict[str, str] = {}

# Dirty twins that no finding of their own catches today, with the mechanism.
KNOWN_MISSES: dict[str, str] = {}


# probe2 (held-out domains): clean files flagged today, with the mechanism.
PROBE2_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe2: dirty twins no finding of their own catches today, with the mechanism.
PROBE2_KNOWN_MISSES: dict[str, str] = {
    "a_allowance_policy_only": "numbers: integers up to 12 are never checked ('4 bags'; the policy gives 3)",
    "a_onestop_layover": "numbers: a layover duration is never computed from the two times",
    "t_historic_weather": "numbers: a changed record temperature passes as derivable from the other figures",
}

# probe3 (held-out domains, a second writer, measured blind at 2b75cdf): clean files flagged.
PROBE3_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe3: dirty twins no finding of their own catches today, with the mechanism.
PROBE3_KNOWN_MISSES: dict[str, str] = {
    "a3_money_in_words": "numbers: money written in words ('a hundred and fifty dollars') is never read",
    "t3_alarm_delete_count": "numbers: counts written as words ('three are left') are never checked",
    "t3_login_then_calendar": (
        "claims/entities: an item listed after an empty result is not checked unquoted (quoted only at 0.6)"
    ),
    "a3_fare_ratio": "numbers: a small multiplier ('3 times the price' for 2.5) is never checked",
    "t3_weather_two_cities": (
        "numbers: a wrong difference equal to another pair's (high minus low of one record) derives"
    ),
}

# probe4 (held-out domains, a third writer, measured blind at ac75bda): clean files flagged.
PROBE4_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe4: dirty twins no finding of their own catches today, with the mechanism.
PROBE4_KNOWN_MISSES: dict[str, str] = {
    "a4_basic_economy_no_change": (
        "numbers: a date one day from a held date is only 'loosely explained' (0.5) when the user's message "
        "asks for a one-day shift ('move it to the day after'), whichever date of the answer it is"
    ),
    "a4_book_then_bags_two_turns": (
        "numbers: a wrong unit price passes as 'k x an evidence number' (a count the turn mentions times "
        "another price), loose at 0.5"
    ),
    "t4_historic_two_days": "numbers: integers up to 12 are never checked ('9 degrees cooler' for 7)",
    "t4_create_event_gone_ahead": (
        "entities: handles held under role keys (attendees, sender, receiver) are not known as handles, "
        "so a miscopied one passes"
    ),
    "t4_messages_from_contact": (
        "entities: handles held under role keys (attendees, sender, receiver) are not known as handles, "
        "so a miscopied one passes"
    ),
    "a4_cancel_booked_yesterday": (
        "entities: a bare first name ending a coordination ('for you and Giada') is not read as a name; "
        "the same name first ('for Giada and you') or with the surname is caught"
    ),
    "t4_inbox_count_from_boss": (
        "entities: a quoted title no evidence holds (an altered e-mail subject) is reported at 0.6 only"
    ),
    "t4_reminder_next_monday": (
        "arguments: a write's free-text argument restated unquoted ('to submit the travel report' for the "
        "task 'Submit the expense report') is not compared with what the tool was given"
    ),
}

# probe5 (held-out domains, a fourth writer, measured blind at 2536b74): clean files flagged.
PROBE5_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe5: dirty twins no finding of their own catches today, with the mechanism.
PROBE5_KNOWN_MISSES: dict[str, str] = {
    "a5_family_basic_two_gift_cards": (
        "entities: a saved passenger who was not booked named among the booked ones (the name is in the "
        "evidence, in another role)"
    ),
}

# probe6 (held-out domains, a fifth writer, measured blind at de530eb and 1446752): clean files
# flagged today, with the mechanism.
PROBE6_KNOWN_FALSE_ALARMS: dict[str, str] = {
    "t6_stock_portfolio_value": (
        "numbers: a total over a table's rows of per-row products (shares x change, shares x previous "
        "close) is not derived; only products and ratios within one row or sentence are"
    ),
}

# probe6: dirty twins no finding of their own catches today, with the mechanism.
PROBE6_KNOWN_MISSES: dict[str, str] = {
    "a6_equipaje_espanol": (
        "numbers: a charge twice the real one ('$70' for 35) passes as a loose multiple (0.5)"
    ),
    "a6_profile_overview_counts": (
        "numbers: a count in a heading ('Reservations (5)') is not bound to the list it heads"
    ),
    "t6_messages_from_priya": (
        "entities: a sender's first name swapped for another ('from Jordan' for jonah_k): first names "
        "read off handles are not checked"
    ),
    "t6_package_tracking": (
        "entities: a place the evidence holds in another role (the origin given as the last scan)"
    ),
    "t6_wetter_vergleich_de": (
        "numbers: a wrong difference of two temperatures ('7 Grad wärmer' for 14 - 9) passes as "
        "derivable from other figures"
    ),
}

# probe7 (held-out domains, a sixth writer, measured blind at cfff6d8): clean files flagged today,
# with the mechanism.
PROBE7_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe7: dirty twins no finding of their own catches today, with the mechanism.
PROBE7_KNOWN_MISSES: dict[str, str] = {}

# probe8 (held-out domains, a seventh writer, sealed until measured blind at 78ecf62: 6/30 clean files
# flagged, 22/30 twins caught): clean files flagged today, with the mechanism.
PROBE8_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe8: dirty twins no finding of their own catches today, with the mechanism.
PROBE8_KNOWN_MISSES: dict[str, str] = {
    "t8_messages_summary_es": (
        "entities: a person the evidence holds, named as the doer of another person's deed"
        " (who arrives late) is not checked against who did it"
    ),
}

# probe9 (held-out domains, an eighth writer, sealed until measured blind: 8/30 clean files flagged and
# 18/30 twins caught at 6b266ef's detectors, 6/30 and 19/30 after probe8's fixes): clean files flagged
# today, with the mechanism.
PROBE9_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe9: dirty twins no finding of their own catches today, with the mechanism.
PROBE9_KNOWN_MISSES: dict[str, str] = {}

# probe10 (held-out domains, a ninth writer asked for more varied styles, sealed until measured blind:
# 11/30 clean files flagged and 16/30 twins caught at e35c732, 12/30 and 19/30 at 74af50e and at the
# seventh session's start): clean files flagged today, with the mechanism.
PROBE10_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe10: dirty twins no finding of their own catches today, with the mechanism.
PROBE10_KNOWN_MISSES: dict[str, str] = {}

# probe11 (held-out domains, a tenth writer; Italian among its languages; sealed until measured blind:
# 13/30 clean files flagged and 22/30 twins caught at 453c572 and again after the first merges of the
# eighth session, 0294a94): clean files flagged today, with the mechanism.
PROBE11_KNOWN_FALSE_ALARMS: dict[str, str] = {}

# probe11: dirty twins no finding of their own catches today, with the mechanism.
PROBE11_KNOWN_MISSES: dict[str, str] = {
    "a11_cancel_insured_storm": (
        "claims: a reservation stated cancelled ('is cancelled') with only a read of it in the turn"
    ),
    "a11_name_fix_bag_declined": (
        "claims: a changed value stated ('now listed as X') is the old value, not the update's argument"
    ),
    "t11_alarm_swap_de": (
        "claims: a new object stated as set ('ein neuer steht auf 6:45') with no call creating it"
    ),
}

#: per probe: (known false alarms, known misses, minimum clean files, minimum dirty twins)
STATE: dict[str, tuple[dict[str, str], dict[str, str], int, int]] = {
    "probe": (KNOWN_FALSE_ALARMS, KNOWN_MISSES, 60, 25),
    "probe2": (PROBE2_KNOWN_FALSE_ALARMS, PROBE2_KNOWN_MISSES, 60, 35),
    "probe3": (PROBE3_KNOWN_FALSE_ALARMS, PROBE3_KNOWN_MISSES, 60, 60),
    "probe4": (PROBE4_KNOWN_FALSE_ALARMS, PROBE4_KNOWN_MISSES, 40, 40),
    "probe5": (PROBE5_KNOWN_FALSE_ALARMS, PROBE5_KNOWN_MISSES, 30, 30),
    "probe6": (PROBE6_KNOWN_FALSE_ALARMS, PROBE6_KNOWN_MISSES, 30, 30),
    "probe7": (PROBE7_KNOWN_FALSE_ALARMS, PROBE7_KNOWN_MISSES, 30, 30),
    "probe8": (PROBE8_KNOWN_FALSE_ALARMS, PROBE8_KNOWN_MISSES, 30, 30),
    "probe9": (PROBE9_KNOWN_FALSE_ALARMS, PROBE9_KNOWN_MISSES, 30, 30),
    "probe10": (PROBE10_KNOWN_FALSE_ALARMS, PROBE10_KNOWN_MISSES, 30, 30),
    "probe11": (PROBE11_KNOWN_FALSE_ALARMS, PROBE11_KNOWN_MISSES, 30, 30),
}


@pytest.fixture(scope="module")
def outcomes() -> dict[tuple[str, str, str], Outcome]:
    return {(o.probe, o.side, o.name): o for name, root in PROBES.items() for o in run(root, probe=name)}


def _names(side: str, probe: str = "probe") -> list[str]:
    return [p.stem for p in fixture_files(PROBES[probe])[side]]


def _cases(side: str) -> list[tuple[str, str]]:
    return [(probe, name) for probe in PROBES for name in _names(side, probe)]


def _hits(outcome: Outcome) -> str:
    return "; ".join(describe(h.__dict__) for h in outcome.hits)


@pytest.mark.parametrize("probe", list(PROBES))
def test_fixtures_are_complete(probe: str) -> None:
    """Enough turns on both sides, every twin has its clean original, every list entry exists."""
    alarms, misses, min_clean, min_dirty = STATE[probe]
    clean, dirty = set(_names("clean", probe)), set(_names("dirty", probe))
    assert len(clean) >= min_clean and len(dirty) >= min_dirty
    assert dirty <= clean, dirty - clean
    assert set(alarms) <= clean, set(alarms) - clean
    assert set(misses) <= dirty, set(misses) - dirty


@pytest.mark.parametrize("probe", list(PROBES))
def test_dirty_twins_differ_from_their_clean_turn(probe: str) -> None:
    """A twin is not a copy: its answer or its tool calls differ from the clean turn's."""
    root = PROBES[probe]
    for name in _names("dirty", probe):
        a = json.loads((root / "clean" / f"{name}.json").read_text(encoding="utf-8"))
        b = json.loads((root / "dirty" / f"{name}.json").read_text(encoding="utf-8"))
        # the notes (a turn's metadata, a transcript's "probe" key) differ by design
        strip = (
            (lambda t: {k: v for k, v in t.items() if k not in ("metadata", "probe")})
            if isinstance(a, dict)
            else None
        )
        assert (strip(a) != strip(b)) if strip else (a != b), name


@pytest.mark.parametrize(("probe", "name"), _cases("clean"))
def test_clean_turn(probe: str, name: str, outcomes: dict[tuple[str, str, str], Outcome]) -> None:
    outcome = outcomes[(probe, "clean", name)]
    assert not outcome.errors, outcome.errors  # a crash is not a pass
    if name in STATE[probe][0]:
        assert outcome.flagged, f"{name} passes now: remove it from the {probe} known false alarms"
    else:
        assert not outcome.flagged, f"new false alarm on a grounded answer: {_hits(outcome)}"


@pytest.mark.parametrize(("probe", "name"), _cases("dirty"))
def test_dirty_twin(probe: str, name: str, outcomes: dict[tuple[str, str, str], Outcome]) -> None:
    outcome = outcomes[(probe, "dirty", name)]
    assert not outcome.errors, outcome.errors
    if name in STATE[probe][1]:
        assert not outcome.flagged, (
            f"{name} is caught now ({_hits(outcome)}): remove it from the {probe} known misses"
        )
    else:
        assert outcome.flagged, f"fabrication no longer caught: {outcome.note}"


def test_probe_fixtures_path_is_the_repository_one() -> None:
    assert Path(__file__).resolve().parent / "fixtures" / "probe" == PROBE
    assert Path(__file__).resolve().parent / "fixtures" / "probe2" == PROBE2
    assert Path(__file__).resolve().parent / "fixtures" / "probe3" == PROBE3
    assert Path(__file__).resolve().parent / "fixtures" / "probe4" == PROBE4
    assert Path(__file__).resolve().parent / "fixtures" / "probe5" == PROBE5
    assert Path(__file__).resolve().parent / "fixtures" / "probe6" == PROBE6
    assert Path(__file__).resolve().parent / "fixtures" / "probe7" == PROBE7
    assert Path(__file__).resolve().parent / "fixtures" / "probe8" == PROBE8
    assert Path(__file__).resolve().parent / "fixtures" / "probe9" == PROBE9
    assert Path(__file__).resolve().parent / "fixtures" / "probe10" == PROBE10
    assert Path(__file__).resolve().parent / "fixtures" / "probe11" == PROBE11


HELD_OUT_DOMAIN_PROBES = (PROBE2, PROBE3, PROBE4, PROBE5, PROBE6, PROBE7, PROBE8, PROBE9, PROBE10, PROBE11)


@pytest.mark.parametrize(
    "root",
    HELD_OUT_DOMAIN_PROBES,
    ids=[root.name for root in HELD_OUT_DOMAIN_PROBES],
)
def test_held_out_domain_probes_are_in_the_corpora_formats(root: Path) -> None:
    """probe2 to probe11 measure the held-out domains as they are fed: τ-bench episodes and ToolTalk
    files only."""
    from nofab.adapters import detect_format

    for side in ("clean", "dirty"):
        for path in fixture_files(root)[side]:
            obj = json.loads(path.read_text(encoding="utf-8"))
            assert ("traj" in obj) != ("conversation" in obj), path.name
            assert detect_format(obj) == ("openai-chat" if "traj" in obj else "tooltalk"), path.name


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
