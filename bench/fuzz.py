"""Coverage-guided fuzzing of the parsers and detectors with atheris (libFuzzer).

    python bench/fuzz.py -max_total_time=60          # bounded run (CI uses this)
    python bench/fuzz.py -max_total_time=3600 corpus/ # longer run, keeping a corpus

Each input is decoded three ways — as JSON text for a turn, as a transcript, and as a raw
answer checked against a small fixed evidence — and everything must either produce a
verdict or raise the documented ``nofab.InputError``. Any other exception is a crash:
atheris stops and writes the input to ``crash-*``; add it as a test.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    import nofab
    from nofab.adapters import extract_turns
    from nofab.model.turn import load_json

GUARD = nofab.Guard(nofab.Policy(mode="wipe", load_plugins=False))
EVIDENCE = [
    {"name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333, "items": [1, 2, 3]}},
    {"name": "send_email", "result": '{"id": "9f2b1e47-00cb-4b42-8e12-cc07e0f0c1d0"}'},
    {"name": "search", "error": "BLOCKED: rate limited"},
]


def one_input(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    choice = provider.ConsumeIntInRange(0, 2)
    text = provider.ConsumeUnicodeNoSurrogates(len(data))
    try:
        if choice == 0:
            verdict = GUARD.check(nofab.Turn.from_dict(load_json(text)))
        elif choice == 1:
            for extracted in extract_turns(load_json(text)):
                verdict = GUARD.check(extracted.turn)
                assert not verdict.detector_errors, verdict.detector_errors
            return
        else:
            verdict = GUARD.check({"response": text, "user_message": text[:40], "tool_calls": EVIDENCE})
    except nofab.InputError:
        return
    assert not verdict.detector_errors, verdict.detector_errors


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
