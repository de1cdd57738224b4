"""False alarms and recall on plain restatements written from the principles, in five languages.

    python bench/restatements.py [--misses]

The clean answers are those of ``tests/test_plain_restatements.py`` and
``tests/test_plain_airline_restatements.py``, and every assistant turn of the conversations of
``tests/test_plain_conversations.py`` and ``tests/test_plain_conversations2.py`` to
``tests/test_plain_conversations5.py`` (each restates its tool results the way agents
write: dates, clocks, amounts, counts, shares, deeds done). The tests require every one to be
clean; this script also measures recall on them: in each answer, each of its first three
numbers of two digits or more is changed in its last digit (one slip, as a model's copy error
is), and the twin must get a blocking finding. It prints the clean answers flagged, the
twins caught of all twins, and with ``--misses`` each twin that passed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tests.test_plain_airline_restatements as airline
import tests.test_plain_restatements as assistant
from tests.helpers import blocking, call
from tests.test_plain_conversations import CONVERSATIONS, Message
from tests.test_plain_conversations2 import CONVERSATIONS as MORE_CONVERSATIONS
from tests.test_plain_conversations3 import CONVERSATIONS as ASSISTANT_CONVERSATIONS
from tests.test_plain_conversations4 import CONVERSATIONS as AIRLINE_CONVERSATIONS
from tests.test_plain_conversations5 import CONVERSATIONS as MULTILINGUAL_CONVERSATIONS

#: A checker of one answer: the identifiers of its blocking findings given the answer text.
Check = Callable[[str], list[str]]

#: A number of two digits or more, not part of a longer token.
NUMBER = re.compile(r"(?<![\w.,:/-])(\d{2,})(?!\d)")


def _single(calls: tuple[dict[str, Any], ...], context: str) -> Check:
    return lambda answer: blocking(answer, *calls, context=context)


def _in_conversation(messages: list[Message], at: int) -> Check:
    """A checker of the assistant turn at ``messages[at]`` with another text in its place."""
    from nofab import Guard, Policy
    from nofab.adapters import extract_turns

    guard = Guard(Policy(load_plugins=False))

    def check(answer: str) -> list[str]:
        edited = [*messages[:at], {**messages[at], "content": answer}, *messages[at + 1 :]]
        item = next(t for t in extract_turns({"traj": edited}) if t.where == f"traj[{at}]")
        return [f.identifier for f in guard.check(item.turn).blocking]

    return check


def cases() -> Iterator[tuple[str, Check]]:
    """(answer, its checker) of every plain restatement."""
    for answer, calls, context in _answers():
        yield answer, _single(calls, context)
    sets = (
        CONVERSATIONS,
        MORE_CONVERSATIONS,
        ASSISTANT_CONVERSATIONS,
        AIRLINE_CONVERSATIONS,
        MULTILINGUAL_CONVERSATIONS,
    )
    for build in (b for conversations in sets for b in conversations.values()):
        messages = build()
        for at, message in enumerate(messages):
            if message["role"] == "assistant" and message.get("content"):
                yield message["content"], _in_conversation(messages, at)


def _answers() -> Iterator[tuple[str, tuple[dict[str, Any], ...], str]]:
    """(answer, calls, context) of every single-result restatement."""
    for tool, result, context, answer in assistant._cases():
        yield answer, (call(tool, result),), context
    for calls, phrases in assistant.DEEDS:
        yield from ((a, tuple(calls), assistant.CTX_DEEDS) for a in phrases)
    yield from ((a, (airline._RESERVATION,), airline.CTX_TRIP) for ps in airline.TRIP.values() for a in ps)
    yield from ((a, airline._BOOKED, airline.CTX_BOOKED) for ps in airline.BOOKING.values() for a in ps)
    yield from ((a, airline._CHANGED, airline.CTX_CHANGED) for a in airline.CHANGED)
    yield from ((a, (airline._DIRECT,), airline.CTX_TABLE) for a in airline.TABLES.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="print each changed twin that passed")
    args = parser.parse_args()
    flagged = answers = caught = twins = 0
    for answer, check in cases():
        answers += 1
        if check(answer):
            flagged += 1
            print(f"clean answer flagged: {answer[:100]}")
        for found in list(NUMBER.finditer(answer))[:3]:
            digits = found.group(1)
            slip = digits[:-1] + str((int(digits[-1]) + 1) % 10)
            twin = answer[: found.start()] + slip + answer[found.end() :]
            twins += 1
            if check(twin):
                caught += 1
            elif args.misses:
                print(f"missed {digits} -> {slip}: {twin[:110]}")
    print(f"clean answers flagged: {flagged} of {answers}; one-digit slips caught: {caught} of {twins}")


if __name__ == "__main__":
    main()
