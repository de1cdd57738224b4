"""A failed call reported as a success, in the shapes a failure takes in a transcript:

- a result that reports its own failure as an envelope (``{"status": "error", ...}``) is a
  failed call wherever the transcript carries no error flag (``nofab.model.failures``);
- a result that negates the tool's own deed ("could not be cancelled", "wurde nicht
  gelöscht", "n'a pas été annulée", "no se pudo cancelar") never grounds a claim of that deed,
  stated as a state ("is cancelled") or as a deed ("I've cancelled") (``evidence/denials``);
- a claim over several items ("both", "alle", "tous", "ambas") needs every call of that tool
  to have succeeded;
- a handle of the shape the tools issue that no tool issued is flagged, even one character
  away from a held one (``detectors/issuedids``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from nofab import Guard, Policy, Turn
from nofab.adapters import extract_turns
from nofab.model.failures import is_error_envelope, reports_failure

THRESHOLD = 0.8


def _findings(turn: dict[str, Any] | Turn) -> list[Any]:
    verdict = Guard(Policy(mode="observe")).check(turn if isinstance(turn, Turn) else Turn.from_dict(turn))
    return [f for f in verdict.findings if f.confidence >= THRESHOLD]


def _kinds(turn: dict[str, Any] | Turn) -> set[str]:
    return {f.kind for f in _findings(turn)}


# --------------------------------------------------------------------- error envelopes
@pytest.mark.parametrize(
    "result",
    [
        {"status": "error", "error": "Timeout: item k_19 was not removed"},
        {"status": "ERROR", "message": "quota exceeded"},
        {"status": "fail", "reason": "slot taken"},
        {"success": False, "message": "card declined by issuer"},
        {"ok": False, "error": {"code": 503}},
        '{"status": "error", "error_code": "LIMIT", "message": "not created"}',
    ],
)
def test_an_envelope_that_reports_its_failure_is_a_failure(result: Any) -> None:
    assert reports_failure(result)


@pytest.mark.parametrize(
    "result",
    [
        {"status": "cancelled", "reservation_id": "QF7Z2M"},  # a record's state
        {"status": "error"},  # no explanation: a record field, not an envelope
        {"status": "success", "message": "done"},
        {"success": True, "message": "saved"},
        [{"status": "error", "error": "one row of a listing"}],
        "error rate is 2%",
        '{"status": "error", "error": "x"' + " " * 3000 + "}",  # a payload, not an envelope
        {},
    ],
)
def test_a_record_or_a_success_is_no_failure(result: Any) -> None:
    assert not reports_failure(result)
    assert not is_error_envelope(result if isinstance(result, dict) else None)


def test_a_turn_without_status_infers_the_failure_from_the_envelope() -> None:
    envelope = {"status": "error", "error": "busy"}
    failed = Turn.from_dict({"response": "x", "tool_calls": [{"name": "DeleteTimer", "result": envelope}]})
    explicit = Turn.from_dict(
        {"response": "x", "tool_calls": [{"name": "DeleteTimer", "status": "ok", "result": envelope}]}
    )
    assert failed.tool_calls[0].status == "error"
    assert explicit.tool_calls[0].status == "ok"  # the caller's own status wins


def _chat(user: str, calls: list[tuple[str, dict[str, Any], Any]], answer: str) -> Turn:
    """An OpenAI chat transcript (no error flag) with parallel calls, as one turn."""
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": user},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": f"c{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
                for i, (n, a, _r) in enumerate(calls)
            ],
        },
    ]
    for i, (name, _a, result) in enumerate(calls):
        content = result if isinstance(result, str) else json.dumps(result)
        messages.append({"role": "tool", "tool_call_id": f"c{i}", "name": name, "content": content})
    messages.append({"role": "assistant", "content": answer})
    (item,) = extract_turns({"messages": messages})
    return item.turn


@pytest.mark.parametrize(
    "answer",
    [
        "Done, your 7:20 timer is deleted.",
        "I've deleted the 7:20 timer.",
        "Erledigt: Dein Timer um 7:20 Uhr ist gelöscht.",
        "C'est fait : j'ai supprimé le minuteur de 7 h 20.",
        "Listo, he eliminado el temporizador de las 7:20.",
    ],
)
def test_a_chat_envelope_failure_holds_the_claim_to_it(answer: str) -> None:
    failed = {"status": "error", "error": "DeviceOffline: timer tm_5e09 was not deleted"}
    done = {"status": "success", "timer_id": "tm_5e09"}
    call = ("DeleteTimer", {"timer_id": "tm_5e09"})
    assert "verb_claim" in _kinds(_chat("delete my 7:20 timer", [(*call, failed)], answer))
    assert not _findings(_chat("delete my 7:20 timer", [(*call, done)], answer))


# --------------------------------------------------------------------- denied deeds
def _one(result: Any, answer: str, name: str = "cancel_booking", args: Any = None) -> dict[str, Any]:
    return {
        "user_message": "please go ahead",
        "tool_calls": [{"name": name, "arguments": args or {"booking_id": "QF7Z2M"}, "result": result}],
        "response": answer,
    }


DENIALS = [
    # (result that denies the deed, a state claim, a deed claim)
    (
        "Booking QF7Z2M could not be cancelled: payment gateway timeout.",
        "Your booking is cancelled.",
        "I've cancelled booking QF7Z2M.",
    ),
    (
        {"result": "booking QF7Z2M was not cancelled", "code": 17},
        "Booking **QF7Z2M** is cancelled.",
        "I have cancelled your booking.",
    ),
    (
        "Die Buchung QF7Z2M wurde nicht storniert: Zeitüberschreitung.",
        "Deine Buchung ist storniert.",
        "Ich habe deine Buchung storniert.",
    ),
    (
        "La réservation QF7Z2M n'a pas été annulée : délai dépassé.",
        "Ta réservation est annulée.",
        "J'ai annulé ta réservation.",
    ),
    (
        "No se pudo cancelar la reserva QF7Z2M: tiempo de espera agotado.",
        "Tu reserva está cancelada.",
        "He cancelado tu reserva.",
    ),
]


@pytest.mark.parametrize(("result", "state", "deed"), DENIALS)
def test_a_result_that_negates_the_deed_never_grounds_it(result: Any, state: str, deed: str) -> None:
    assert "verb_claim" in _kinds(_one(result, state))
    assert "verb_claim" in _kinds(_one(result, deed))


@pytest.mark.parametrize(
    ("result", "answer"),
    [
        ("Booking QF7Z2M cancelled. Refund of $120 issued.", "Your booking is cancelled."),
        ({"booking_id": "QF7Z2M", "insurance": "no", "status": "cancelled"}, "Your booking is cancelled."),
        ("Die Buchung QF7Z2M wurde storniert.", "Deine Buchung ist storniert."),
        ("La réservation QF7Z2M a été annulée.", "J'ai annulé ta réservation."),
        ("Reserva QF7Z2M cancelada.", "Tu reserva está cancelada."),
        # the honest report of the denial
        ("Booking QF7Z2M could not be cancelled: gateway timeout.", "I couldn't cancel the booking yet."),
    ],
)
def test_a_result_that_confirms_the_deed_or_an_honest_answer_is_not_flagged(result: Any, answer: str) -> None:
    assert "verb_claim" not in _kinds(_one(result, answer))


def test_a_read_that_says_not_cancelled_is_no_failed_deed() -> None:
    turn = {
        "user_message": "cancel QF7Z2M please",
        "tool_calls": [
            {"name": "get_booking", "arguments": {"id": "QF7Z2M"}, "result": "QF7Z2M: not cancelled yet"},
            {"name": "cancel_booking", "arguments": {"id": "QF7Z2M"}, "result": {"status": "cancelled"}},
        ],
        "response": "Your booking QF7Z2M is cancelled.",
    }
    assert "verb_claim" not in _kinds(turn)


# --------------------------------------------------------------------- quantified claims
_SET = {"status": "success", "timer_id": "tm_11aa"}
_REFUSED = {"status": "error", "error_code": "TIMER_LIMIT", "message": "timer not created"}


def _pair(answer: str, second: Any, three: bool = False) -> dict[str, Any]:
    results = [_SET, second, _SET] if three else [_SET, second]
    return {
        "user_message": "set the timers",
        "tool_calls": [
            {"name": "AddTimer", "arguments": {"minutes": 5 + i}, "result": r} for i, r in enumerate(results)
        ],
        "response": answer,
    }


@pytest.mark.parametrize(
    ("answer", "three"),
    [
        ("Both timers are set.", False),
        ("All three timers are set.", True),
        ("I set both timers.", False),
        ("Beide Timer sind gestellt.", False),
        ("Ich habe alle drei Timer gestellt.", True),
        ("Tous les minuteurs sont réglés.", True),
        ("J'ai réglé les deux minuteurs.", False),
        ("He configurado ambos temporizadores.", False),
    ],
)
def test_a_claim_over_every_call_needs_every_call_to_succeed(answer: str, three: bool) -> None:
    assert "verb_claim" in _kinds(_pair(answer, _REFUSED, three))
    assert "verb_claim" not in _kinds(_pair(answer, _SET, three))


@pytest.mark.parametrize(
    "answer",
    [
        "The 5-minute timer is set; the 6-minute one could not be created (limit reached).",
        "I set 1 of the 2 timers: the second couldn't be created because you hit the limit.",
    ],
)
def test_a_partial_claim_that_admits_the_failure_is_not_flagged(answer: str) -> None:
    assert "verb_claim" not in _kinds(_pair(answer, _REFUSED))


def test_an_outcome_label_that_negates_admits_the_item() -> None:
    turn = {
        "user_message": "mark water plants, pay rent and call Ana as done",
        "tool_calls": [
            {
                "name": "GetTasks",
                "result": [
                    {"task_id": "tk_301", "title": "Water the plants"},
                    {"task_id": "tk_302", "title": "Pay the rent"},
                    {"task_id": "tk_303", "title": "Call Ana back"},
                ],
            },
            {"name": "CompleteTask", "arguments": {"task_id": "tk_301"}, "result": {"status": "success"}},
            {"name": "CompleteTask", "arguments": {"task_id": "tk_302"}, "result": {"status": "success"}},
            {
                "name": "CompleteTask",
                "arguments": {"task_id": "tk_303"},
                "result": {"status": "error", "error": "Unavailable"},
            },
        ],
        "response": (
            "I marked **2 of the 3** as done:\n- Water the plants: done\n- Pay the rent: done\n"
            "- Call Ana back: not done, the service was unavailable."
        ),
    }
    assert "verb_claim" not in _kinds(turn)


# --------------------------------------------------------------------- issued handles
def _handles(answer: str) -> dict[str, Any]:
    return {
        "user_message": "two timers please",
        "tool_calls": [
            {"name": "AddTimer", "arguments": {"minutes": 5}, "result": {"timer_id": "tm_40c7"}},
            {"name": "AddTimer", "arguments": {"minutes": 9}, "result": {"timer_id": "tm_9d21"}},
        ],
        "response": answer,
    }


@pytest.mark.parametrize(
    "answer",
    [
        "Timers: tm_40c7 (5 min) and tm_40c8 (9 min).",  # a sibling one character off
        "Your 9-minute timer is tm_7e55.",
    ],
)
def test_a_handle_no_tool_issued_is_flagged(answer: str) -> None:
    assert "ungrounded_entity" in _kinds(_handles(answer))


@pytest.mark.parametrize(
    "answer",
    [
        "Timers: tm_40c7 (5 min) and tm_9d21 (9 min).",
        "Both timers are set (see the config_file_v2 setting).",  # another prefix
        "Timers tm_40c7 and tm_9d21 are set; the tm_ prefix marks a timer.",
    ],
)
def test_held_handles_and_other_shapes_are_not_flagged(answer: str) -> None:
    assert "ungrounded_entity" not in _kinds(_handles(answer))
