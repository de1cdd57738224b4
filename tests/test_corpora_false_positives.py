"""On real, grounded agent traffic the guard stays quiet at the default threshold."""

from __future__ import annotations

from pathlib import Path

from corpora import tau_bench_turns, tooltalk_corpus
from nofab import Guard, Policy

# Replies where a finding at the default threshold is a real mistake in the human-written
# ToolTalk data (checked by hand): the reply disagrees with the API response it came with.
TOOLTALK_KNOWN_ERRORS = {
    # "dentist appointment at 4:00 PM" — QueryCalendar returned start_time 15:00:00
    "Alarm-Calendar-Email-DeleteAlarm-1.json turn 3",
    # "Hugo's phone number is 650-555-7832" — QueryUser returned 402-581-7997
    "golden_conversation_3.json turn 3",
    # "your email is VirgniaJGraham@gahoo.com" — GetAccountInformation returned VirginiaJGraham@gahoo.com
    "GetAccountInformation-easy.json turn 1",
    # "lunch with Lucy ... a 1 on 1 with Jose" — QueryCalendar returned "Lunch with Li Feng"
    # and "1 on 1 with Hugo"
    "golden_conversation_1.json turn 5",
    # "rescheduled your meeting with Jose Garcia" — the event is "1 on 1 with Hugo", QueryUser
    # returned Hugo Saldana Cano and the message sent opens "Hey Hugo"
    "golden_conversation_3.json turn 5",
}


def flagged(turns: list, guard: Guard) -> list[str]:
    hits = []
    for label, turn in turns:
        verdict = guard.check(turn)
        assert not verdict.detector_errors, (label, verdict.detector_errors)  # a crash is not a pass
        if verdict.blocking:
            hits.append(label)
    return hits


def test_tooltalk_replies_at_most_2_percent(shared_data: Path) -> None:
    """At most 2% of ToolTalk replies get a false finding at the default threshold; the replies
    that really disagree with their API responses are all caught."""
    turns = list(tooltalk_corpus(shared_data / "tooltalk"))
    assert len(turns) == 118
    hits = set(flagged(turns, Guard(Policy(load_plugins=False))))
    false_positives = hits - TOOLTALK_KNOWN_ERRORS
    assert len(false_positives) / len(turns) <= 0.02, false_positives
    assert hits >= TOOLTALK_KNOWN_ERRORS, TOOLTALK_KNOWN_ERRORS - hits


def test_tau_bench_turns_at_most_2_percent(shared_data: Path) -> None:
    """At most 2% of τ-bench assistant turns (real gpt-4o traffic) get a finding at the default threshold."""
    turns = list(tau_bench_turns(shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json"))
    assert len(turns) == 615
    hits = flagged(turns, Guard(Policy(load_plugins=False)))
    assert len(hits) / len(turns) <= 0.02, hits
