"""Must-not-fire over real agent traffic: the tool-failure detectors stay quiet on τ-bench and
ToolTalk replies (ToolTalk is grounded by construction; τ-bench is ordinary gpt-4o traffic)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from corpora import tau_bench_turns, tooltalk_corpus
from nofab import Guard, Policy, Turn, check_call
from nofab.detectors import TOOL_FAILURE_DETECTORS

#: Known firings, each a true positive found by reading the data (see the report):
#: the ToolTalk reply misspells the e-mail address the API returned ("VirgniaJGraham"); two
#: replies name people the calendar does not hold ("lunch with Lucy" for "Lunch with Li
#: Feng", "your meeting with Jose Garcia" for "1 on 1 with Hugo").
EXPECTED_FIRINGS = {
    ("GetAccountInformation-easy.json turn 1", "entities"),
    ("golden_conversation_1.json turn 5", "entities"),
    ("golden_conversation_3.json turn 5", "entities"),
}


_TURNS: dict[str, list[tuple[str, Turn]]] = {}


def _corpus(shared_data: Path, name: str) -> list[tuple[str, Turn]]:
    if name not in _TURNS:
        if name == "tau-bench":
            path = shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json"
            _TURNS[name] = list(tau_bench_turns(path))
        else:
            _TURNS[name] = list(tooltalk_corpus(shared_data / "tooltalk"))
    return _TURNS[name]


@pytest.mark.parametrize("detector", TOOL_FAILURE_DETECTORS)
@pytest.mark.parametrize("corpus", ["tau-bench", "tooltalk"])
def test_quiet_on_at_least_99_percent_of_turns(shared_data: Path, corpus: str, detector: str) -> None:
    """Apart from the known true positives the detector fires on at most 1% of the corpus'
    turns, and it fires on no turn but the known ones."""
    guard = Guard(Policy(detectors=(detector,), load_plugins=False))
    turns = _corpus(shared_data, corpus)
    assert len(turns) > 100
    fired = {(label, detector) for label, turn in turns if guard.detect(turn)}
    assert len(fired - EXPECTED_FIRINGS) / len(turns) <= 0.01, sorted(fired)
    assert fired <= EXPECTED_FIRINGS, sorted(fired - EXPECTED_FIRINGS)


@pytest.mark.parametrize("corpus", ["tau-bench", "tooltalk"])
def test_degenerate_prose_never_fires(shared_data: Path, corpus: str) -> None:
    """Terse, list-heavy and tabular real replies never read as garbled prose."""
    guard = Guard(Policy(detectors=("degenerate_prose",), load_plugins=False))
    hits = [label for label, turn in _corpus(shared_data, corpus) if guard.detect(turn)]
    assert hits == []


def _tau_pending_calls(path: Path) -> Iterator[tuple[str, dict[str, object], Turn]]:
    """Each tool call gpt-4o made, as a pending call checked against what came before it."""
    from corpora import openai_chat_turns

    for episode in json.loads(path.read_text("utf-8")):
        messages = episode["traj"]
        for index, message in enumerate(messages):
            if message.get("role") != "assistant" or not message.get("tool_calls"):
                continue
            before = [*messages[:index], {"role": "assistant", "content": "."}]
            turns = list(openai_chat_turns(before))
            turn = turns[-1][1]
            for call in message["tool_calls"]:
                function = call["function"]
                pending = {
                    "name": function["name"],
                    "arguments": function["arguments"],
                    "safety_tier": "critical",
                }
                yield f"task {episode['task_id']} message {index}", pending, turn


def test_argument_provenance_on_real_calls(shared_data: Path) -> None:
    """On gpt-4o's real τ-bench tool calls, under 1% of calls have an argument without provenance,
    and each one is a payment id no tool had returned (invented by the model)."""
    calls = list(_tau_pending_calls(shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json"))
    assert len(calls) > 500
    suspects = [(label, s) for label, pending, turn in calls for s in check_call(pending, turn).suspects]
    assert len(suspects) / len(calls) < 0.01
    assert {s.value for _label, s in suspects} <= {"credit_card_7334", "credit_card_5634230"}
