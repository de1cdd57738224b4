"""False alarms and recall on plain restatements written from the principles, in five languages.

    python bench/restatements.py [--misses]

The clean answers are those of ``tests/test_plain_restatements.py`` and
``tests/test_plain_airline_restatements.py`` (each restates its tool results the way agents
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tests.test_plain_airline_restatements as airline
import tests.test_plain_restatements as assistant
from tests.helpers import blocking, call

#: A number of two digits or more, not part of a longer token.
NUMBER = re.compile(r"(?<![\w.,:/-])(\d{2,})(?!\d)")


def cases() -> Iterator[tuple[str, tuple[dict[str, Any], ...], str]]:
    """(answer, calls, context) of every plain restatement."""
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
    for answer, calls, context in cases():
        answers += 1
        if blocking(answer, *calls, context=context):
            flagged += 1
            print(f"clean answer flagged: {answer[:100]}")
        for found in list(NUMBER.finditer(answer))[:3]:
            digits = found.group(1)
            slip = digits[:-1] + str((int(digits[-1]) + 1) % 10)
            twin = answer[: found.start()] + slip + answer[found.end() :]
            twins += 1
            if blocking(twin, *calls, context=context):
                caught += 1
            elif args.misses:
                print(f"missed {digits} -> {slip}: {twin[:110]}")
    print(f"clean answers flagged: {flagged} of {answers}; one-digit slips caught: {caught} of {twins}")


if __name__ == "__main__":
    main()
