"""The seeds' documented identifier, intent and claim behaviour, in nofab's own pipeline."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Finding, Guard, Policy, Profile, Turn
from nofab.detectors.identifiers import IdentifierDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from tests.helpers import call, findings, turn


def raw_identifiers(t: Turn, profile: Profile | None = None) -> list[Finding]:
    """What the identifiers detector itself yields, before the guard merges overlaps."""
    profile = profile or Profile()
    return list(IdentifierDetector(profile).detect(Evidence(t, profile, lexicon_for(profile))))


def intent_turn(response: str, label: str, confidence: float, *calls: dict[str, Any]) -> Turn:
    return Turn.from_dict(
        {
            "response": response,
            "tool_calls": list(calls),
            "user_intent": {"label": label, "confidence": confidence},
        }
    )


def found(t: Turn, profile: Profile | None = None, detector: str | None = None) -> list[tuple[str, str]]:
    return [(f.kind, f.identifier) for f in findings(t, profile, detector)]


# --------------------------------------------------------------------- kv, any value
@pytest.mark.parametrize(
    ("answer", "identifier", "key"),
    [
        ("Started it: task_id=xyz", "xyz", "task_id"),
        ("The worker runs as pid=42 now.", "42", "pid"),
        ("Created the run (runId: abc) for you.", "abc", "run_id"),
        ("Filed under `ticket_id=QQ`.", "QQ", "ticket_id"),
    ],
)
def test_a_value_assigned_to_an_identifier_key_is_an_id_whatever_it_looks_like(
    answer: str, identifier: str, key: str
) -> None:
    """``key=value`` (or a code-form ``key: value``) declares the value an id: short, all
    letters or all digits, it is reported when nothing issued it."""
    got = findings(turn(answer), detector="identifiers")
    assert [(f.kind, f.identifier, f.evidence["key"], f.confidence) for f in got] == [
        ("kv", identifier, key, 0.8)
    ]


@pytest.mark.parametrize(
    "answer",
    [
        "Your order id is billing, as you asked.",  # prose link: must look like an id
        "Order ID: pending until the payment clears.",  # spaced key, a word after it
        "task_id=none yet; I will start it when you confirm.",  # a placeholder
        "Started it: task_id=xyz",  # grounded (the tool returned it)
    ],
)
def test_values_that_are_not_ids_or_are_grounded_are_not_reported(answer: str) -> None:
    """Prose after a spaced key must still look like an id; placeholders and grounded ids never fire."""
    got = findings(turn(answer, call("start_task", {"task_id": "xyz"})), detector="identifiers")
    assert [f.kind for f in got] == []


def test_a_profile_key_reports_any_value_too() -> None:
    """The caller's ``identifier_keys`` (Symfonic's ``DomainTemplate.identifier_keys``) extend the lexicon."""
    profile = Profile(identifier_keys=("customer_ref",))
    got = findings(turn("Linked to customer_ref=XX."), profile, detector="identifiers")
    assert [(f.kind, f.identifier, f.severity) for f in got] == [("kv", "XX", "medium")]


# --------------------------------------------------------------------- short hex anchors
@pytest.mark.parametrize(
    "answer",
    [
        "9f2b1e47 is the id I ran just now.",  # the verb after the id, in a reference
        "Job 9f2b1e47 is the one I launched for you.",
        "I ran job 9f2b1e47 a moment ago.",  # the verb before
        "He lanzado el trabajo 9f2b1e47.",  # Spanish claim
        "J'ai lancé la tâche 9f2b1e47.",  # French claim
    ],
)
def test_short_hex_is_anchored_by_a_claim_verb_on_either_side(answer: str) -> None:
    """A 6-16 hex id within the anchor window of a claim verb, before or after it, is reported at 0.6."""
    got = [f for f in findings(turn(answer), detector="identifiers") if f.identifier == "9f2b1e47"]
    assert [(f.kind, f.confidence) for f in got] == [("short_hex_near_verb", 0.6)]


def test_unanchored_short_hex_is_left_alone() -> None:
    """'see commit abc1234': git SHAs, ETags and colours would otherwise fire everywhere."""
    assert (
        findings(turn("See commit 9f2b1e47 for the change to the colour #a1b2c3."), detector="identifiers")
        == []
    )


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        ("Kicked off with task_id=9f2b1e47", "task_id"),
        ("Running as jobId: 9f2b1e47 on the cluster.", "job_id"),
    ],
)
def test_short_hex_after_a_key_is_reported_with_its_key(answer: str, key: str) -> None:
    """The identifiers detector reports both shapes; the verdict keeps the ``kv`` and lists
    the ``short_hex_near_key`` (with its key, at 0.6) in ``also_flagged``."""
    raw = raw_identifiers(turn(answer))
    near = [f for f in raw if f.kind == "short_hex_near_key"]
    assert [(f.identifier, f.evidence["key"], f.confidence) for f in near] == [("9f2b1e47", key, 0.6)]
    (kept,) = [f for f in findings(turn(answer)) if f.identifier == "9f2b1e47"]
    assert kept.kind == "kv"
    assert [(e["kind"], e["key"], e["confidence"]) for e in kept.evidence["also_flagged"]] == [
        ("short_hex_near_key", key, 0.6)
    ]


# --------------------------------------------------------------------- one per id
@pytest.mark.parametrize(
    "answer",
    [
        "I ran job 9f2b1e47. Then I checked 9f2b1e47 again.",
        "task_id=A-77 started; task_id=A-77 is still running.",
        "Ticket 3fa85f64-5717-4562-b3fc-2c963f66afa6 is open; see 3fa85f64-5717-4562-b3fc-2c963f66afa6.",
    ],
)
def test_the_same_identifier_is_reported_once_per_kind(answer: str) -> None:
    """An id repeated is one fabrication: one finding, the other places in ``repeated_at``."""
    got = raw_identifiers(turn(answer))
    pairs = [(f.kind, f.identifier) for f in got]
    assert len(pairs) == len(set(pairs)) == 1
    assert len(got[0].evidence["repeated_at"]) == 1


# --------------------------------------------------------------------- look-alikes
@pytest.mark.parametrize(
    "answer",
    [
        "Your reservation id is АВС123.",  # Cyrillic А В С
        "Done: order_id=ЕКМ-4411.",  # Cyrillic Е К М
        "Booking id: ΑΒΕ9Κ2.",  # Greek Α Β Ε Κ
    ],
)
def test_ids_written_in_look_alike_letters_keep_full_confidence(answer: str) -> None:
    """An id spelled entirely in Cyrillic/Greek look-alikes is read as the Latin id it imitates."""
    got = findings(turn(answer), detector="identifiers")
    assert [(f.kind, f.confidence) for f in got] == [("kv", 0.8)]
    assert got[0].identifier in answer  # reported as written


def test_genuine_russian_words_are_not_ids() -> None:
    """Cyrillic words without digits are language, not look-alike ids."""
    assert findings(turn("Номер заказа: РАСЧЁТ, спасибо."), detector="identifiers") == []


def test_a_look_alike_id_grounded_as_written_is_not_reported() -> None:
    """A tool that returned the id in Cyrillic grounds the same spelling in the answer."""
    t = turn("Your reservation id is АВС123.", call("get_reservation", {"id": "АВС123"}))
    assert findings(t, detector="identifiers") == []


# --------------------------------------------------------------------- caller's intent
@pytest.mark.parametrize(
    "answer",
    ["Listo, gráfica enviada.", "Done, the chart is on its way.", "C'est fait, le graphique est parti."],
)
@pytest.mark.parametrize("confidence", [0.55, 0.8, 0.99])
def test_a_callers_action_intent_with_no_tool_call_fires_at_0_7(answer: str, confidence: float) -> None:
    """The caller's own classifier (any language) at >= 0.55 with zero tool calls: 0.7, never more."""
    got = findings(intent_turn(answer, "action", confidence), detector="intent")
    assert [(f.kind, f.confidence, f.evidence["intent_source"]) for f in got] == [
        ("intent_action_no_tool", 0.7, "caller")
    ]


@pytest.mark.parametrize(
    ("label", "confidence", "calls"),
    [
        ("action", 0.54, ()),  # below the gate
        ("question", 0.99, ()),  # not an action
        ("action", 0.9, (call("send_chart", "ok"),)),  # a tool was called
    ],
)
def test_the_callers_intent_does_not_fire_otherwise(
    label: str, confidence: float, calls: tuple[dict[str, Any], ...]
) -> None:
    """Low confidence, another label, or any tool call: no intent finding."""
    assert (
        findings(intent_turn("Listo, gráfica enviada.", label, confidence, *calls), detector="intent") == []
    )


def test_the_callers_intent_wins_over_nofabs_own_classifier() -> None:
    """A caller that says 'question' overrides nofab's reading of an imperative message."""
    t = Turn.from_dict(
        {
            "response": "Done.",
            "user_message": "Can you cancel my order A-1042 please",
            "user_intent": {"label": "question", "confidence": 0.9},
        }
    )
    assert findings(t, detector="intent") == []


# --------------------------------------------------------------------- spawn hints
@pytest.mark.parametrize("tool", ["create_job", "run_query", "hydrate_context"])
@pytest.mark.parametrize("answer", ["I spawned subagent 9f2b1e47.", "I've forked a worker for it."])
def test_a_spawn_claim_needs_a_tool_that_spawns(tool: str, answer: str) -> None:
    """Creating a job or running a query does not spawn a subagent."""
    got = findings(turn(answer, call(tool, {"ok": True})), detector="claims")
    assert [f.kind for f in got] == ["verb_claim"]


@pytest.mark.parametrize(
    "tool", ["spawn_subagent", "run_agent", "exec_worker", "start_worker", "fork_process"]
)
def test_a_spawning_tool_grounds_a_spawn_claim(tool: str) -> None:
    """A tool whose name carries a spawn hint grounds 'I spawned ...'."""
    assert findings(turn("I spawned subagent 9f2b1e47.", call(tool, {"ok": True})), detector="claims") == []


UUID = "3fa85f64-5717-4562-b3fc-2c963f66afa6"


@pytest.mark.parametrize(
    "answer",
    [
        f"Your job is {UUID}.\n\nAll good.\n\nTrack {UUID} here.",
        "Started task_id=A-77.\n\nAll good.\n\nCheck task_id=A-77 tomorrow.",
    ],
)
def test_wipe_removes_every_paragraph_citing_a_repeated_identifier(answer: str) -> None:
    """One finding per identifier, but each paragraph that repeats it is still wiped."""
    verdict = Guard(Policy(mode="wipe", load_plugins=False)).check(turn(answer))
    assert verdict.output == "All good."
    assert (verdict.details["preserved_paragraphs"], verdict.details["wiped_paragraphs"]) == (1, 2)
