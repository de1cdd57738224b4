"""A result that is only an error object (``{"error": {"code": ..., "message": ...}}``, JSON-RPC
and most HTTP APIs) is a failed call, so a deed claimed over it is a failure reported as a
success, in any language; a record that carries an ``error`` field beside its payload is no
envelope (``nofab.model.failures``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Turn
from nofab.model.failures import reports_failure
from tests.helpers import claimed


@pytest.mark.parametrize(
    "result",
    [
        {"error": {"code": 423, "message": "Slot locked by another booking; nothing changed."}},
        {"error": {"code": "QUOTA_EXCEEDED"}},
        {"error": "Venue unavailable"},
        {"jsonrpc": "2.0", "id": 7, "error": {"code": -32602, "message": "invalid params"}},
        {"errors": [{"message": "field 'end' is before 'start'"}], "data": None},
        {"status": 409, "error": {"reason": "conflict"}},
        '{"error": {"code": 500, "message": "backend timeout"}}',
    ],
)
def test_an_error_object_alone_is_a_failure(result: Any) -> None:
    assert reports_failure(result)


@pytest.mark.parametrize(
    "result",
    [
        # a record: a payload key beside its error field
        {"job_id": "j-88", "state": "finished", "error": {"message": "disk full"}},
        {"event_id": "ev_31", "error": None},
        {"error": {}},  # nothing explained
        {"error": ""},
        {"error": "none"},
        {"status": "ok", "error": "retried once"},  # a success with a warning
        {"success": True, "error": {"message": "slow backend"}},
        {"errors": [], "data": {"room": "Oak"}},
        # GraphQL's partial data: something came back beside the error
        {"errors": [{"message": "one field failed"}], "data": {"booking": {"id": "b-4"}}},
        [{"error": {"message": "one row of a listing"}}],
    ],
)
def test_a_record_or_a_partial_result_is_no_failure(result: Any) -> None:
    assert not reports_failure(result)


def _modify(result: Any) -> dict[str, Any]:
    return {
        "name": "UpdateMeeting",
        "arguments": {"meeting_id": "mtg_913", "new_end": "2025-03-06T17:30:00"},
        "result": result,
    }


_REFUSED = {"error": {"code": 409, "message": "Room Kestrel is taken from 17:00. Meeting unchanged."}}
_DONE = {"meeting_id": "mtg_913", "end": "2025-03-06T17:30:00"}


@pytest.mark.parametrize(
    "answer",
    [
        "I've extended the design review until 17:30.",
        "J'ai prolongé la revue de design jusqu'à 17 h 30.",
        "He prolongado la revisión de diseño hasta las 17:30.",
        "Ich habe das Design-Review bis 17:30 Uhr verlängert.",
        "The design review has been moved to end at 17:30.",
        "La revue de design a été décalée pour finir à 17 h 30.",
    ],
)
def test_a_change_claimed_over_an_error_object_fires(answer: str) -> None:
    assert claimed(answer, _modify(_REFUSED)) != []


@pytest.mark.parametrize(
    "answer",
    [
        "I've extended the design review until 17:30.",
        "J'ai prolongé la revue de design jusqu'à 17 h 30.",
        "Ich habe das Design-Review bis 17:30 Uhr verlängert.",
    ],
)
def test_the_same_change_over_a_record_passes(answer: str) -> None:
    assert claimed(answer, _modify(_DONE)) == []


def test_the_call_status_of_an_error_object_is_error_unless_the_caller_said_ok() -> None:
    inferred = Turn.from_dict({"response": "x", "tool_calls": [_modify(_REFUSED)]})
    explicit = Turn.from_dict({"response": "x", "tool_calls": [{**_modify(_REFUSED), "status": "ok"}]})
    assert inferred.tool_calls[0].status == "error"
    assert explicit.tool_calls[0].status == "ok"
