"""Readings asked once per answer answer exactly what the per-number readings they gate would.

A long answer is read once for the words a per-number reading needs (an approximation
phrase, a masked-id phrase, a per-unit word); when none stands anywhere, no number asks.
Each gate is held here against the reading with the gate open, on generated long answers
that do and do not hold the words, in several languages, with case variants.
"""

from __future__ import annotations

import random

import pytest

from nofab import Guard, Policy, Turn
from nofab.evidence.index import Evidence
from nofab.numbers.anchored import RecordFields
from nofab.numbers.context import AnswerContext
from nofab.numbers.dayfields import DayFields
from nofab.numbers.extract import extract_numerals

#: Words around numbers: approximations before and after, masked-id phrases, look-alikes
#: that hold a phrase's word inside another ("blast", "fourteen"), and neutral words.
_WORDS = [
    "about", "ABOUT", "Around", "environ", "etwa", "rund", "casi", "or so", "give or take",
    "approximately", "roughly", "ending in", "Ending with", "last 4 digits", "last four",
    "terminada en", "endet auf", "mit Endung", "****", "xx", "X", "#", "blast", "fourteen",
    "Row", "vs", "sales", "rose", "in", "period", "pay", "per", "each", "par personne", "/",
    "por persona", "pro Person", "~", "overall", "some", "under", "knapp", "remaining", "total",
    "in total", "insgesamt", "en total", "reste", "Difference", "left", "call", "each of you gets",
    "cada uno paga", "chacun paie", "jeder zahlt", "everyone owes",
]  # fmt: skip
_NUMBERS = ["7", "12", "1234", "42.73", "$30", "1,500", "3%", "2024", "0.5"]
_GAPS = [" ", "  ", ": ", ", ", "; ", "\n"]
_EMPHASIS = [*_GAPS, " **", "** ", "_"]


def _answer(rng: random.Random, words: list[str], gaps: list[str]) -> str:
    parts: list[str] = []
    while sum(map(len, parts)) < 2600:  # long enough to be gated
        parts.append(rng.choice(_NUMBERS) if rng.random() < 0.5 else rng.choice(words))
        parts.append(rng.choice(gaps))
    return "".join(parts)


def _readings(context: AnswerContext, answer: str) -> list[tuple[bool, ...]]:
    return [
        (
            context.approximate(n.span[0]),
            context.approximate_after(n.span[1]),
            context.masked(n.span[0]),
            context.per_unit(n.span[1]),
            context.cue(n.span),
            context.per_unit_before(n.span[0]),
        )
        for n in extract_numerals(answer)
    ]


def test_the_answer_gates_never_skip_a_reading() -> None:
    """Each reading gated as with the gates open, on answers with and without its words."""
    rng = random.Random(16)
    seen = [False] * 6
    for k in range(120):
        # a few words each: most answers lack most phrases, so each gate closes on some
        words = rng.sample(_WORDS, rng.randint(1, 4)) if k % 3 else ["Row", "vs", "sales", "rose"]
        answer = _answer(rng, words, _EMPHASIS if k % 2 else _GAPS)
        gated, open_ = AnswerContext(answer), AnswerContext(answer)
        object.__setattr__(open_, "_may", (True,) * 6)
        got = _readings(gated, answer)
        assert got == _readings(open_, answer), answer[:200]
        for i in range(6):
            seen[i] = seen[i] or any(r[i] for r in got)
    assert all(seen)  # each reading found something somewhere


def test_a_short_or_non_ascii_answer_is_read_number_by_number() -> None:
    """No gate closes on a short answer or one with other characters than ASCII."""
    assert AnswerContext("Row 1: 42.73 vs 17")._possible() == (True,) * 6
    long_text = "Row 1: 42.73 vs 1717; " * 200
    assert AnswerContext(long_text)._possible() == (False,) * 6
    assert AnswerContext(long_text + "é")._possible() == (True,) * 6


def _fields(answer: str) -> tuple[Evidence, RecordFields]:
    rows = [
        {"name": "Alpha Inn", "price": 120, "rating": 4.5, "rooms": 12},
        {"name": "Hotel Lumière", "price": 95, "rating": 3.9, "rooms": 30},
        {"name": "Gasthof Sonne", "price": 80, "rating": 4.1, "rooms": 8},
    ]
    turn = Turn.from_dict({"response": answer, "tool_calls": [{"name": "get_hotels", "result": rows}]})
    guard = Guard(Policy(load_plugins=False))
    evidence = Evidence(turn, guard.profile, guard.lexicon)
    return evidence, RecordFields(evidence)


def _misreads(evidence: Evidence, fields: RecordFields) -> list[str | None]:
    """Each figure's misread field, every figure asked twice (the gate opens after a day row)."""
    numerals = [*evidence.numerals] * 2
    return [fields.misread(n.span, n.value - 0.01, n.value + 0.01, lambda: ()) for n in numerals]


_MISREADS = [
    "{name}: price 130, rating 4.5.",
    "The rating of {name} is 4.7 and it has 14 rooms.",
    "{name} costs 95 per night: 130 rooms.",
    "Zimmerpreis im {name}: price 99 €, rooms 9.",
    "{name} — rating 3.2, rooms 30, price 120.",
]


@pytest.mark.parametrize("template", _MISREADS)
def test_a_field_is_misread_only_of_a_record_the_answer_names(
    template: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no record (and no day) named, no number is a misread field, as every reading
    without the gate finds; a named record's field is still read."""
    named = {}
    for name in ("Alpha Inn", "Hotel Lumière", "Gasthof Sonne", "the hotel", "it"):
        answer = template.format(name=name)
        evidence, fields = _fields(answer)
        gated = _misreads(evidence, fields)
        monkeypatch.setattr(DayFields, "names_days", lambda self: True)
        ungated = _misreads(evidence, _fields(answer)[1])
        monkeypatch.undo()
        assert gated == ungated, answer
        named[name] = any(gated)
    assert not named["the hotel"] and not named["it"]


def test_a_named_record_keeps_its_misread_fields() -> None:
    """The gate leaves a named record's field read: "14 rooms" of the Alpha Inn's 12."""
    evidence, fields = _fields(_MISREADS[1].format(name="Alpha Inn"))
    found = _misreads(evidence, fields)
    assert "Alpha Inn holds rooms = 12" in found


_CUED = [
    "Gains: +$120, +$80, -$50. Net change: $150.",
    "Gewinne: +120 €, +80 €, -50 €. Nettoveränderung: 150 €.",
    "Scores 80, 90 and 100; on average 90.",
    "Notes 12, 14 et 16, en moyenne 14.",
    "Total $400: rent $300 is 75% of it.",
    "Row 1: 42.73 vs 1717; Row 2: 12.5 vs 99; Row 3: 7.25 vs 3.",
    "Ventas 200 y 300, promedio 250; total 500, de los cuales 300 son el 60%.",
]


@pytest.mark.parametrize("answer", _CUED)
def test_cued_rules_left_out_explain_nothing(answer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cued rule left out after reading nothing to build on would have explained nothing:
    every figure asked twice in turn gets what the rules kept in all along give."""
    from nofab.numbers import averages, netsums, positions, shares
    from nofab.numbers.cued import Cued

    evidence = _fields(answer)[0]
    numerals = evidence.numerals

    def asked(cued: Cued) -> list[str | None]:
        operand = lambda j: abs(numerals[j].value)  # noqa: E731
        return [
            cued.explain(i, n.value - 0.01, n.value + 0.01, operand) for i, n in [*enumerate(numerals)] * 2
        ]

    pruned = asked(Cued(evidence))
    for module, rule in (
        (netsums, "NetSums"),
        (averages, "Averages"),
        (positions, "Positions"),
        (shares, "Shares"),
    ):
        monkeypatch.setattr(getattr(module, rule), "live", lambda self: True)
    assert pruned == asked(Cued(evidence))
