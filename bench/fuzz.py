"""Coverage-guided fuzzing of the parsers and detectors with atheris (libFuzzer), and the
hostile-input families that ``bench/hostile.py`` grows to measure cost per megabyte.

    python bench/fuzz.py -max_total_time=60          # bounded run (CI uses this)
    python bench/fuzz.py -max_total_time=3600 corpus/ # longer run, keeping a corpus

Each input is decoded three ways — as JSON text for a turn, as a transcript, and as a raw
answer checked against a small fixed evidence — and everything must either produce a
verdict or raise the documented ``nofab.InputError``. Any other exception is a crash:
atheris stops and writes the input to ``crash-*``; add it as a test.

``hostile_turn(family, size)`` builds a turn whose answer is about ``size`` characters of
one hostile family (``FAMILIES``): dense numbers against many evidence numbers, numbers
read with the words around them (month names, amounts, "about 12%", "1.2 million", "7 pm"),
percentages announced as changes against many short columns, phone numbers, e-mail
addresses, URLs, paths, codes, change claims with their new values ("updated your phone to
..."), quotations holding claims beside the answer's own claims, or the first seven mixed
(``MIXED``: the set the published figures were measured on). The evidence grows with the answer (one evidence
item per few answer items), so a detector that compares every answer item with every
evidence item shows up as seconds per MB growing with size.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

FAMILIES = (
    "dense_numbers",
    "number_phrases",
    "percent_changes",
    "phones",
    "emails",
    "urls",
    "paths",
    "codes",
    "change_claims",
    "quoted_claims",
    "mixed",
)


def _dense(rng: random.Random, i: int) -> tuple[str, Any]:
    price = rng.randint(100, 99_999) / 100
    return f"Row {i}: {price:.2f} vs {rng.randint(13, 9999)}; ", {"id": i, "price": price, "seats": i % 40}


_MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def _phrase(rng: random.Random, i: int) -> tuple[str, Any]:
    """Numbers read with the words around them: a date written with a month name, an amount
    with thousands separators, a percentage after "about", a scale word, a time of day."""
    day, month, hour = rng.randint(1, 28), rng.randint(1, 12), rng.randint(1, 11)
    fare, share, miles = rng.randint(1000, 999_999) / 100, rng.randint(1, 99), rng.randint(11, 99) / 10
    text = (
        f"on {day} {_MONTH_NAMES[month - 1]} pay ${fare:,.2f}, about {share}% of "
        f"{miles} million miles, at {hour} pm; "
    )
    row = {
        "date": f"2024-{month:02d}-{day:02d}",
        "fare": fare,
        "share": share / 100,
        "miles": round(miles * 1_000_000),
        "time": f"{hour + 12}:00",
    }
    return text, row


def _change(rng: random.Random, i: int) -> tuple[str, Any]:
    """A percentage announced as a change, against a short column of its own (a field name
    of its own holding two values): each percentage may be the change between two values of
    any column, so a check that reads every column per percentage is quadratic."""
    share = rng.choice((rng.randint(1, 99), rng.randint(1000, 9999)))
    base = rng.randint(100, 999)
    field = f"m{i}"
    return f"sales rose {share}% in period {i}; ", {
        "months": [{field: base}, {field: base + rng.randint(1, 99)}]
    }


def _phone(rng: random.Random, i: int) -> tuple[str, Any]:
    phone = f"{rng.randint(200, 999)}-{rng.randint(200, 999)}-{rng.randint(1000, 9999)}"
    return f"call {phone} or ", {"phone": phone}


def _email(rng: random.Random, i: int) -> tuple[str, Any]:
    email = f"user{rng.randint(0, 10**6)}.{i}@example{rng.randint(0, 999)}.com"
    return f"write to {email}; ", {"email": email}


def _url(rng: random.Random, i: int) -> tuple[str, Any]:
    url = f"https://site{rng.randint(0, 999)}.example.com/a/{i}/b?q={rng.randint(0, 10**6)}"
    return f"see {url} and ", {"url": url}


def _path(rng: random.Random, i: int) -> tuple[str, Any]:
    path = f"/var/log/app{rng.randint(0, 999)}/part-{i}/file{rng.randint(0, 10**5)}.log"
    return f"in {path}, ", {"path": path}


def _code(rng: random.Random, i: int) -> tuple[str, Any]:
    code = f"HAT{rng.randint(100, 999)}-{i}"
    return f"ref {code} / A{rng.randint(1000, 9999)}X{i % 97}, ", {"code": code}


_FIELDS = ("phone", "email", "address", "date", "seat", "flight")


def _change_claim(rng: random.Random, i: int) -> tuple[str, Any]:
    """A change claim with its new value ("updated your phone to ..."): each asks for its
    sentence, its neighbouring claims and the values the calls hold, so a rule that scans
    every claim or every earlier sentence per claim is quadratic."""
    field = _FIELDS[i % len(_FIELDS)]
    value = f"{rng.randint(200, 999)}-{rng.randint(1000, 9999)}"
    return f"I've updated your {field} to {value} and ", {field: value, "updated": True}


def _quoted_claim(rng: random.Random, i: int) -> tuple[str, Any]:
    """A quotation holding a claim, then a claim of the answer's own: each claim asks whether
    it lies inside a quotation, so a test of every quotation per claim is quadratic."""
    order = f"A-{rng.randint(1000, 9999)}"
    return (
        f'you wrote "I cancelled order {order} yesterday" and I have cancelled order {order}; ',
        {"order_id": order, "status": "cancelled"},
    )


_MAKERS: dict[str, Callable[[random.Random, int], tuple[str, Any]]] = {
    "dense_numbers": _dense,
    "number_phrases": _phrase,
    "percent_changes": _change,
    "phones": _phone,
    "emails": _email,
    "urls": _url,
    "paths": _path,
    "codes": _code,
    "change_claims": _change_claim,
    "quoted_claims": _quoted_claim,
}


#: The families "mixed" interleaves (fixed, so that its figures stay comparable over time).
MIXED = ("dense_numbers", "number_phrases", "phones", "emails", "urls", "paths", "codes")


def hostile_turn(family: str, size: int, seed: int = 0, evidence_every: int = 4) -> dict[str, Any]:
    """A turn of about ``size`` answer characters of ``family``; every ``evidence_every``-th
    item (with a different value for half of them) is also in a tool result."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; expected one of {', '.join(FAMILIES)}")
    rng = random.Random(f"{seed}:{family}")
    makers = [_MAKERS[name] for name in MIXED] if family == "mixed" else [_MAKERS[family]]
    parts: list[str] = []
    rows: list[Any] = []
    length = i = 0
    while length < size:
        text, row = makers[i % len(makers)](rng, i)
        parts.append(text)
        length += len(text)
        if i % evidence_every == 0:
            rows.append(row if i % (2 * evidence_every) else makers[i % len(makers)](rng, i + 1)[1])
        i += 1
    return {
        "user_message": "List everything, please.",
        "response": "".join(parts),
        "tool_calls": [{"name": "get_records", "result": {"rows": rows}}],
    }


GUARD: Any = None
EVIDENCE = [
    {"name": "get_order", "result": {"order_id": "A-1042", "total": 42.7333, "items": [1, 2, 3]}},
    {"name": "send_email", "result": '{"id": "9f2b1e47-00cb-4b42-8e12-cc07e0f0c1d0"}'},
    {"name": "search", "error": "BLOCKED: rate limited"},
]


def one_input(data: bytes) -> None:
    import atheris

    import nofab
    from nofab.adapters import extract_turns
    from nofab.model.turn import load_json

    provider = atheris.FuzzedDataProvider(data)
    choice = provider.ConsumeIntInRange(0, 3)
    text = provider.ConsumeUnicodeNoSurrogates(len(data))
    try:
        if choice == 0:
            verdict = GUARD.check(nofab.Turn.from_dict(load_json(text)))
        elif choice == 1:
            for extracted in extract_turns(load_json(text)):
                verdict = GUARD.check(extracted.turn)
                assert not verdict.detector_errors, verdict.detector_errors
            return
        elif choice == 2:
            verdict = GUARD.check({"response": text, "user_message": text[:40], "tool_calls": EVIDENCE})
        else:
            # a small hostile turn, its answer spliced with the fuzzed text
            family = FAMILIES[len(data) % len(FAMILIES)]
            turn = hostile_turn(family, 400, seed=len(text))
            turn["response"] = text + turn["response"]
            verdict = GUARD.check(turn)
    except nofab.InputError:
        return
    assert not verdict.detector_errors, verdict.detector_errors


def main() -> None:
    global GUARD
    import atheris

    with atheris.instrument_imports():
        import nofab
    GUARD = nofab.Guard(nofab.Policy(mode="wipe", load_plugins=False))
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
