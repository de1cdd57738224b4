"""A stated limit restated with another count (``nofab.numbers.limits``).

Written from the principle: a count bound to a limit phrase ("up to N", "no more than N",
"hasta N", "como máximo N") whose noun shares a word with a limit the context states, per the
same unit, must be one of that limit's counts. A part or a change of the limit (more, extra,
adicionales), a limit for another unit or none, a limit only the user states, and a cue word
in another sense ("hasta el 5 de mayo") must not fire.
"""

from __future__ import annotations

import pytest

from nofab import Profile, Turn
from nofab.detectors.numbers import NumberDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

POLICY = (
    "Each traveller may bring at most 2 carry-on items. Up to 6 checked bags per reservation. "
    "A booking holds no more than 8 guests."
)
POLITICA = (
    "Se pueden facturar como máximo 4 maletas por pasajero. Una reserva admite hasta 7 pasajeros. "
    "Las mascotas viajan en bodega."
)


def limits_flagged(answer: str, context: str, user: str = "") -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "context": context, "user_message": user})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [f.identifier for f in NumberDetector(profile).detect(evidence) if "limit of" in f.reason]


MUST_FIRE = [
    (
        "en, the same noun phrase",
        "Changes are free up to 12 hours before departure.",
        "Changes are free up to 24 hours before departure.",
        "12",
    ),
    ("en, per unit", "You can check up to 5 checked bags per reservation.", POLICY, "5"),
    ("en, no unit", "A booking can hold no more than 9 guests.", POLICY, "9"),
    ("en, a number word", "Please bring at most three carry-on items.", POLICY, "three"),
    ("en, a shorter noun", "That is up to 7 bags per reservation.", POLICY, "7"),
    ("es, por pasajero", "Puedes llevar hasta 3 maletas por pasajero.", POLITICA, "3"),
    ("es, sin unidad", "La reserva admite como máximo 9 pasajeros.", POLITICA, "9"),
    ("es, palabra numeral", "Se admiten hasta cinco maletas por pasajero.", POLITICA, "cinco"),
]


@pytest.mark.parametrize(("case", "answer", "context", "count"), MUST_FIRE, ids=[c[0] for c in MUST_FIRE])
def test_a_limit_restated_with_another_count_fires(case: str, answer: str, context: str, count: str) -> None:
    assert limits_flagged(answer, context) == [count], case


MUST_NOT_FIRE = [
    ("en, the stated count", "You can add bags later (up to 6 checked bags per reservation).", POLICY, ""),
    ("en, a change of the limit", "You can add up to 2 more checked bags per reservation.", POLICY, ""),
    ("en, extra items", "You may bring up to 1 extra carry-on item.", POLICY, ""),
    ("en, another unit", "That is up to 12 checked bags for both reservations.", POLICY, ""),
    ("en, a noun no limit has", "Up to 3 pets per reservation are allowed.", POLICY, ""),
    (
        "en, another noun sharing a word",
        "Refunds are possible up to 72 hours after the flight.",
        "Changes are free up to 24 hours before departure.",
        "",
    ),
    (
        "en, only the user's limit",
        "Sure, up to 4 bags per passenger.",
        "",
        "Is it up to 4 bags per passenger?",
    ),
    ("es, el máximo dicho", "Puedes facturar hasta 4 maletas por pasajero.", POLITICA, ""),
    ("es, maletas adicionales", "Puedes añadir hasta 2 maletas adicionales por pasajero.", POLITICA, ""),
    ("es, en total", "Entre los dos, hasta 8 maletas en total.", POLITICA, ""),
    ("es, hasta una fecha", "Tu reserva es válida hasta el 5 de mayo.", POLITICA, ""),
    ("es, otro sustantivo", "Se admiten hasta 2 mascotas por pasajero.", POLITICA, ""),
]


@pytest.mark.parametrize(
    ("case", "answer", "context", "user"), MUST_NOT_FIRE, ids=[c[0] for c in MUST_NOT_FIRE]
)
def test_stated_or_other_limits_pass(case: str, answer: str, context: str, user: str) -> None:
    assert limits_flagged(answer, context, user) == [], case
