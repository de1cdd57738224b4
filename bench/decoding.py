"""Turn decoding: the json module plus nofab's validation against msgspec.

    python bench/decoding.py [--turns 200] [--repeat 7]

Real τ-bench turns (the OpenAI-format trajectories in ../shared/data, each with the airline
policy as context, and again without it) are written as nofab turn JSON, then decoded and
validated three ways, each per turn taking the minimum of ``--repeat`` runs, medians over turns:

    json+validate      json.loads, the nesting walk, ``Turn.from_dict`` (before msgspec)
    Turn.from_json     what nofab does now: msgspec when installed (json when msgspec refuses
                       the text, for json's messages), the nesting walk, ``Turn.from_dict``
    msgspec+validate   msgspec's untyped decoder in place of json.loads, then ``Turn.from_dict``
    msgspec typed      msgspec structs of the turn (strict unknown keys), decode only: no Turn
                       is built and the checks msgspec cannot express (non-empty names, paths,
                       nesting, status inference) are not run — a lower bound for a typed path

It also prints the error each way gives for a misspelt key, since adopting msgspec is only
worth it if the messages keep their field paths.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from corpora import tau_bench_turns
from nofab.errors import TurnError
from nofab.model.fields import nesting_error
from nofab.model.turn import Turn, load_json

DATA = (
    Path(__file__).resolve().parents[2] / "shared" / "data" / "tau-bench-airline" / "gpt-4o-airline-dev.json"
)


class _Call(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    name: str
    arguments: Any = None
    result: Any = None
    status: str | None = None
    error: str | None = None
    id: str | int | None = None
    earlier: bool = False


class _Turn(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    response: str
    user_message: str | None = None
    context: str | list[str] | None = None
    tool_calls: list[_Call] | None = None
    metadata: dict[str, Any] | None = None


def turn_json(turn: Turn, with_context: bool) -> str:
    data: dict[str, Any] = {
        "response": turn.response,
        "user_message": turn.user_message,
        "tool_calls": [
            {"name": c.name, "arguments": c.arguments, "result": c.result, "id": c.id}
            for c in turn.tool_calls
        ],
    }
    if with_context:
        data["context"] = turn.context
    return json.dumps(data, ensure_ascii=False)


def json_validate(text: str) -> Turn:
    """Turn.from_json as it was before msgspec: json.loads, the nesting walk, the validation."""
    value = json.loads(text)
    if nesting_error(value) is not None:
        raise TurnError("too deep")
    return Turn.from_dict(value)


def best(fn: Callable[[str], Any], text: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn(text)
        times.append(time.perf_counter() - start)
    return min(times)


def error_of(fn: Callable[[str], Any], text: str) -> str:
    try:
        fn(text)
    except (TurnError, msgspec.ValidationError, msgspec.DecodeError) as exc:
        return str(exc)
    return "(accepted)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    turns = [t for _, t in tau_bench_turns(DATA)][: args.turns]
    typed = msgspec.json.Decoder(_Turn)
    ways: dict[str, Callable[[str], Any]] = {
        "json+validate": json_validate,
        "Turn.from_json": lambda text: Turn.from_json(text),
        "msgspec+validate": lambda text: Turn.from_dict(msgspec.json.decode(text)),
        "msgspec typed": typed.decode,
    }
    print(f"{len(turns)} τ-bench turns, minimum of {args.repeat} runs each, median over turns (µs)")
    for with_context in (True, False):
        texts = [turn_json(t, with_context) for t in turns]
        size = statistics.median(len(t.encode()) for t in texts)
        medians = {
            name: statistics.median(best(fn, t, args.repeat) for t in texts) * 1e6
            for name, fn in ways.items()
        }
        base = medians["json+validate"]
        label = "with the policy as context" if with_context else "without context"
        print(f"\n{label} (median {size / 1024:.1f} KB per turn)")
        for name, value in medians.items():
            print(f"  {name:<18} {value:8.1f} µs   {value / base:5.2f}× json+validate")
    bad = '{"response": "Total $42.73.", "tool_calls": [{"name": "get_order", "output": {"total": 42.73}}]}'
    surrogate = '{"response": "x \\ud800"}'
    print("\nerrors for a misspelt key and a lone surrogate:")
    for name, fn in ways.items():
        print(f"  {name:<18} {error_of(fn, bad)}")
        print(f"  {'':<18} {error_of(fn, surrogate)}")
    small = best(load_json, bad, args.repeat) * 1e6
    print(f"\n(load_json alone, for reference: {small:.1f} µs on the small turn)")


if __name__ == "__main__":
    main()
