"""Versions and lower-case prefixed ids are checked once the evidence issues that shape."""

from __future__ import annotations

from typing import Any

import pytest

import nofab


def _turn(result: dict[str, Any], response: str, user: str = "Please go ahead.") -> dict[str, Any]:
    return {
        "user_message": user,
        "tool_calls": [{"id": "c1", "name": "run_tool", "arguments": {}, "result": result}],
        "response": response,
    }


def _shaped(turn: dict[str, Any]) -> list[str]:
    verdict = nofab.check(turn)
    shaped = [
        f.identifier
        for f in verdict.findings
        if f.kind == "ungrounded_entity" and f.evidence.get("shape") in ("version", "code")
    ]
    # An id a word naming an identifier introduces ("Kennung rb-15531") is also a ``kv``, the
    # more specific kind, which keeps the place and lists the entities finding as also flagged.
    merged = [
        f.identifier
        for f in verdict.findings
        if f.kind == "kv"
        and any(a["kind"] == "ungrounded_entity" for a in f.evidence.get("also_flagged", ()))
    ]
    return shaped + merged


RELEASE = {"release": "v4.8.2", "status": "live"}
BARE_RELEASE = {"version": "1.22.5", "status": "installed"}


@pytest.mark.parametrize(
    ("result", "response", "invented"),
    [
        (RELEASE, "The service now runs v4.9.0.", "v4.9.0"),
        (RELEASE, "Listo: ya está en producción la v4.8.3.", "v4.8.3"),
        (RELEASE, "Release V5.0 is live for everyone.", "V5.0"),
        (BARE_RELEASE, "Installed version 1.23.0 on all hosts.", "1.23.0"),
        (BARE_RELEASE, "La versión 1.22.6 quedó instalada.", "1.22.6"),
        (BARE_RELEASE, "Mise à jour vers la version 2.0.1 terminée.", "2.0.1"),
    ],
)
def test_a_version_the_evidence_does_not_hold_is_flagged(
    result: dict[str, Any], response: str, invented: str
) -> None:
    assert _shaped(_turn(result, response)) == [invented]


@pytest.mark.parametrize(
    ("result", "response"),
    [
        (RELEASE, "The service now runs v4.8.2."),
        (RELEASE, "Ya está en producción la versión 4.8.2."),  # the same version without its "v"
        (BARE_RELEASE, "Installed v1.22.5 on all hosts."),  # the same version with a "v"
        (BARE_RELEASE, "Die Version 1.22.5 ist installiert."),
        # A bare triple with no version word before it is a figure, not a version.
        (BARE_RELEASE, "Installed 1.22.5; see section 3.4.1 of the runbook."),
        # Not a version at all: an address and a date.
        (RELEASE, "v4.8.2 is live on 10.0.0.12 since 03.03.2026."),
    ],
)
def test_a_held_or_unmarked_version_is_not_flagged(result: dict[str, Any], response: str) -> None:
    assert _shaped(_turn(result, response)) == []


def test_versions_are_not_checked_when_the_evidence_holds_none() -> None:
    """Without versions in the evidence, a version in the answer is general knowledge."""
    turn = _turn({"status": "ok", "restarted": True}, "Restarted; it still needs Python v3.12.1 or later.")
    assert _shaped(turn) == []


def test_a_version_the_user_gave_is_grounded() -> None:
    turn = _turn(RELEASE, "Rolled out v4.8.2; v4.7.0 stays pinned as you asked.", user="Keep v4.7.0 pinned.")
    assert _shaped(turn) == []


ROLLBACK = {"rollback_id": "rb-5531", "status": "completed"}


@pytest.mark.parametrize(
    ("response", "invented"),
    [
        ("Done, rollback rb-5513 completed.", "rb-5513"),
        ("Hecho: la reversión rb-5530 terminó.", "rb-5530"),
        ("Rollback fertig (Kennung rb-15531).", "rb-15531"),
    ],
)
def test_a_lower_case_id_of_a_prefix_the_evidence_issues_must_be_held(response: str, invented: str) -> None:
    assert _shaped(_turn(ROLLBACK, response)) == [invented]


@pytest.mark.parametrize(
    "response",
    [
        "Done, rollback rb-5531 completed.",
        "Hecho: la reversión rb-5531 terminó.",
        # Other prefixes are not ids of this turn's shape: a disease name, an encoding.
        "Done; covid-19 notes and utf-8 files are unaffected, see doc-2231.",
    ],
)
def test_a_held_id_or_another_prefix_is_not_flagged(response: str) -> None:
    assert _shaped(_turn(ROLLBACK, response)) == []


def test_many_versions_and_ids_are_answered_in_one_pass_alike() -> None:
    """Past a handful of candidates the evidence is read once for all of them: the same
    candidates are held and the same reported as when each is asked on its own."""
    held = [f"v1.{i}.0" for i in range(6)] + [f"rb-{100 + i}" for i in range(6)]
    result = {"releases": held}
    invented = [f"v2.{i}.0" for i in range(6)] + [f"rb-{900 + i}" for i in range(6)]
    response = "Deployed " + ", ".join(held + invented) + "."
    assert sorted(_shaped(_turn(result, response))) == sorted(invented)
    for one in (held[0], invented[0], held[-1], invented[-1]):
        expected = [one] if one in invented else []
        assert _shaped(_turn(result, f"Deployed {one}.")) == expected
