"""Readings of the number check settled once per answer (issues 15 and 16, branch numfast30).

Each shortcut skips, for a whole answer, a reading that needs something the answer does not
hold anywhere (a phone-shaped run, an h:mm:ss, a pace's cue word, a change within the spread
of the operands). Each is held here against the reading it skips, on generated answers in
several languages: the findings with the shortcut are the findings without it.
"""

from __future__ import annotations

import random
import re

import pytest

from nofab import Guard, Policy
from nofab.model.turn import Turn
from nofab.numbers import context as context_module
from nofab.numbers import paces as paces_module
from nofab.numbers import phones as phones_module

_PIECES = (
    "Row {i}: {p} vs {n}; ",
    "call {a}-{b}-{c} or ",
    "(312) {a} {c}, ",
    "+1 {a} {b} {c}; ",
    "8:35 pro Meile, {k} Meilen; ",
    "{k} km a 5:20 por km; ",
    "le vol dure 1:52:30, soit {n} minutes; ",
    "the run took 1:52:30 and {n} minutes; ",
    "{k} km in 1:{m}:00, a pace of {pace} per km; ",
    "{k} km en 1:{m}:00, soit {pace} par km; ",
    "{k} km in 1:{m}:00, {pace} min/km; ",
    "fini en 1:{m}:30, soit {minutes} minutes; ",
    "finished in 1:{m}:30, that is {minutes} minutes; ",
    "Gesamt {p} € für {k} Personen, {n} je Person; ",
    "sales rose {n}% in period {i}; ",
    "a leg of {k} h 15 and {n} km, {k}°C; ",
    "escale de 1 h {m}, {n} minutes; ",
    "{k}-hour drive, {n} Kilometer, {k} Nächte; ",
    "{n}s and {k} min; ",
    "a distance of {kmx} km, {f}°F; ",
    "eine Strecke von {kmx} km; ",
    "um {i} Uhr {p} EUR; ",
)


def _turn(rng: random.Random, count: int) -> Turn:
    parts, rows = [], []
    shapes = rng.sample(_PIECES, rng.randint(1, 4))  # an answer holds a few of the shapes only
    for i in range(count):
        piece = rng.choice(shapes)
        values = {
            "i": i,
            "p": f"{rng.randint(100, 99_999) / 100:.2f}",
            "n": rng.randint(13, 999),
            "a": rng.randint(200, 999),
            "b": rng.randint(200, 999),
            "c": rng.randint(1000, 9999),
            "k": rng.randint(2, 42),
            "m": rng.randint(10, 59),
        }
        seconds = 3600 + values["m"] * 60
        values["pace"] = f"{seconds // values['k'] // 60}:{seconds // values['k'] % 60:02d}"
        values["minutes"] = f"{(seconds + 30) / 60:.1f}"
        values["kmx"], values["f"] = f"{values['n'] / 10:.1f}", round(values["k"] * 9 / 5 + 32)
        parts.append(piece.format(**values))
        if rng.random() < 0.7:  # held (most), or not: a finding either way, the same with the shortcut
            phone = f"{values['a']}-{values['b']}-{values['c']}"
            rows.append({"id": i, "price": float(values["p"]), "n": values["n"], "phone": phone})
            rows.append({"km": values["k"], "time": f"1:{values['m']}:00", "split": f"1:{values['m']}:30"})
            rows.append({"distance_m": values["n"] * 100, "temp_c": values["k"]})
    answer = "".join(parts)
    return Turn.from_dict(
        {"response": answer, "tool_calls": [{"name": "get_rows", "result": {"rows": rows}}]}
    )


class _FoundEverywhere:
    """A pattern whose whole-answer search always succeeds (the gate open); every anchored
    use (``match``, ``fullmatch``) is the pattern's own."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._pattern = pattern

    def search(self, text: str, *args: int) -> bool:
        return True

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.match(text, *args)

    def fullmatch(self, text: str, *args: int) -> re.Match[str] | None:
        return self._pattern.fullmatch(text, *args)


def _findings(turn: Turn) -> list[tuple[object, ...]]:
    guard = Guard(Policy(load_plugins=False))
    verdict = guard.assess(turn)
    return sorted(
        (f.span, f.confidence, f.reason, tuple(sorted(map(str, f.evidence.items()))))
        for f in verdict.findings
    )


@pytest.mark.parametrize("seed", range(12))
def test_skipping_a_reading_for_the_whole_answer_changes_no_finding(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    turns = [_turn(rng, rng.randint(1, 30)) for _ in range(6)]
    fast = [_findings(turn) for turn in turns]
    # the readings as they were: every pending number asked of the phone runs, both pace loops run
    monkeypatch.setattr(phones_module.HeldPhones, "any", lambda self: True)
    monkeypatch.setattr(paces_module, "_HMS_MIDDLE", _FoundEverywhere(paces_module._HMS_MIDDLE))
    monkeypatch.setattr(paces_module, "_may_cue", lambda answer: True)
    monkeypatch.setattr(context_module, "may_be_measured", lambda answer: True)
    slow = [_findings(turn) for turn in turns]
    assert fast == slow


def test_an_answer_with_no_phone_shaped_run_keeps_every_pending_number() -> None:
    held = phones_module.HeldPhones("Row 3: 42.73 vs 1717; Zeile 4: 12,50 € gegen 1718", lambda: "555-0148")
    assert not held.any()
    assert phones_module.HeldPhones("call (312) 556-0148 or", lambda: "").any()


@pytest.mark.parametrize(
    "text",
    [
        "5:20/km",
        "8:35 PER mile",
        "4:50 min/km",
        "5,3 min pro km",
        "5:10 par km",
        "6:00 POR km",
        "7 je km",
        "each",
    ],
)
def test_every_pace_cue_is_seen_by_the_answer_wide_test(text: str) -> None:
    assert paces_module._PER.search(text) is not None
    assert paces_module._may_cue(f"Row 3: 42.73 vs 1717; {text}")


def test_an_answer_without_a_pace_cue_or_a_duration_is_read_so() -> None:
    answer = "Row 3: 42.73 vs 1717; Zeile 4: 12.50 gegen 1718 at 10:30"
    assert not paces_module._may_cue(answer) and paces_module._PER.search(answer) is None
    assert paces_module._HMS_MIDDLE.search(answer) is None and paces_module._HMS.search(answer) is None


def test_an_answer_that_measures_nothing_has_no_number_with_a_unit() -> None:
    """``may_be_measured`` False means ``has_unit`` False and ``hour_length`` None for every
    numeral of the answer (generated answers with and without units, five languages)."""
    from nofab.numbers.extract import extract_numerals
    from nofab.numbers.hourlengths import hour_length, may_be_measured
    from nofab.numbers.units import has_unit

    rng = random.Random(5)
    words = [
        "vs",
        "Row",
        "km",
        "KM",
        "h",
        "H 30",
        "°C",
        "ºF",
        "Nächte",
        "día",
        "x",
        "-",
        ":",
        "%",
        "€",
        "Std",
    ]
    seen = {True: 0, False: 0}
    for _ in range(3_000):
        parts = [
            rng.choice(["12", "3.5", "1,200", "٣", "7²", "2024-01-02", "10:30", "1h15"]) for _ in range(3)
        ]
        answer = "".join(f"{p}{rng.choice(['', ' ', '-', '  '])}{rng.choice(words)} " for p in parts)
        measured = may_be_measured(answer)
        seen[measured] += 1
        if not measured:
            for numeral in extract_numerals(answer):
                assert not has_unit(answer, numeral) and hour_length(answer, numeral) is None, answer
    assert seen[True] and seen[False]


def test_the_phrase_words_are_found_through_the_runs_of_letters_as_a_search_finds_them() -> None:
    """``_Holds``: a word of letters stands in the answer exactly where it stands inside one of
    its runs of letters; every word of every phrase set, on long answers of few and of many
    distinct runs, with words inside longer words ("super" holds "per") and across marks."""
    rng = random.Random(3)
    every = [
        *context_module._APPROX_WORDS,
        *context_module._AFTER_WORDS,
        *context_module._MASK_WORDS,
        *context_module._PER_UNIT_WORDS,
        *context_module._CUE_WORDS,
        *context_module._PER_UNIT_BEFORE_WORDS,
    ]
    pieces = [
        "Row 3: 42.73 vs 1717; ",
        "super ",
        "c/u ",
        "x-ray ",
        "abOUT ",
        "per-km ",
        "remain_ing ",
        "toTAL",
    ]
    plain_words = [w for w in every if w.isascii()]
    for distinct in (1, 3, 8):
        for k in range(24):
            other = rng.choice(every if k % 4 == 3 else plain_words).upper()  # non-ASCII: no runs
            chosen = [*rng.sample(pieces, distinct), other]
            answer = "".join(rng.choice(chosen) for _ in range(6_000))
            lowered = answer.lower()
            holds = context_module._Holds(answer, lowered)
            assert (holds._runs is not None) == answer.isascii()  # long, few runs: read through them
            for word in every:
                assert holds.any([word]) == (word in lowered), word


def test_the_generic_cue_gate_excludes_only_answers_the_cue_pattern_misses() -> None:
    """``generic_statements`` asks the cue pattern only of an answer whose runs of letters hold
    a cue's first run (``lexicon.RunGate``): every answer the gate excludes is one the pattern
    finds no cue in (cues of five languages, upper-cased, glued to letters, digits, marks)."""
    from nofab.numbers.generic import _gate, _generic_words, _lexicon

    rng = random.Random(23)
    cues = sorted(_generic_words())
    fillers = ["Row 3: 42.73 vs 1717; ", "x", "7", "'", "-", " ", "_", "Most", "in", "usually"]
    excluded = 0
    for _ in range(4_000):
        parts = [rng.choice([*fillers, rng.choice(cues), rng.choice(cues).upper()]) for _ in range(6)]
        answer = "".join(parts)
        found = _lexicon()[0].search(answer.lower()) is not None
        if _gate().excludes(answer):
            excluded += 1
            assert not found, answer
    assert excluded > 100


def test_a_quiet_interval_is_one_no_derivation_question_lands_in() -> None:
    """``DerivedTable.quiet``: where it says nothing lands in ``[lo, hi]``, ``aggregate`` and
    ``pair`` (every kind, amounts only or not) find nothing there; it says so only once the
    table is built, and it does say so for most intervals between the values."""
    from nofab.numbers.derive import Derivable
    from nofab.numbers.pairs import DerivedTable

    rng = random.Random(29)
    for _ in range(40):
        records = [
            {"price": rng.randint(100, 99_999) / 100, "seats": rng.randint(0, 40), "fee": rng.randint(1, 90)}
            for _ in range(rng.randint(1, 30))
        ]
        derivables = [Derivable.from_value({"rows": records})]
        table = DerivedTable(derivables, build_after=0.0)
        assert not table.quiet(0.0, 1e9)  # not built yet: unknown
        table.pair(1.0, 2.0)  # the first question builds the table (build_after=0)
        quiet = 0
        for _ in range(300):
            target = rng.uniform(0, 2_000)
            lo, hi = target - rng.choice((0.0, 0.005, 0.5)), target + 0.005
            if table.quiet(lo, hi):
                quiet += 1
                assert table.aggregate(lo, hi) is None and table.aggregate(lo, hi, money_only=True) is None
                for money in (False, True):
                    for ratios in (False, True):
                        for percents in (False, True):
                            assert table.pair(lo, hi, money, ratios, percents) is None
        assert quiet > 10


def test_extraction_asks_codes_and_signs_once_per_answer_and_reads_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``extract_numerals`` reads a currency code before a number (``codes_possible``) and a
    currency sign beside it (``signs_possible``) only where the answer may hold one: the
    numerals are those read with both questions asked of every number (codes and signs of
    several currencies, glued, spaced, upper- and lower-cased, inside longer words)."""
    from nofab.numbers import extract as extract_module
    from nofab.numbers.plain import codes_possible

    rng = random.Random(31)
    pieces = ["Row 3: 42.73 vs 1717; ", "USD 30", "eur30", "xEUR 12", "CHF 1.5", "30 EUR", "55 €",
              "R$ 2.632,67", "€ 40", "$ 5", "abusd  30", "Gbp 7", "  12 ", "vs 9", "7 nights"]  # fmt: skip
    closed = 0
    for _ in range(600):
        chosen = rng.sample(pieces, 3)  # an answer holds a few of the shapes only
        answer = "".join(rng.choice(chosen) for _ in range(8)) + " " * 2_000  # long: gated
        fast = extract_module.extract_numerals(answer)
        closed += not codes_possible(answer)
        with monkeypatch.context() as patched:
            patched.setattr(extract_module, "codes_possible", lambda text: True)
            patched.setattr(extract_module, "signs_possible", lambda text: True)
            assert extract_module.extract_numerals(answer) == fast, answer
    assert closed > 20


def test_an_answer_without_a_date_holds_no_weekly_run_of_days() -> None:
    """``unresolved`` asks a number for a weekly run of days (``dateseries``) only when the
    answer writes a date: a run is opened or closed by one, so with none every number is
    no day of a run (answers of days, weekdays and months in four languages, held or not)."""
    from nofab.evidence.index import Evidence
    from nofab.numbers.dateseries import weekly_series_day

    guard = Guard(Policy(load_plugins=False))
    rng = random.Random(37)
    pieces = ["Oct 3, 10, 17", "3, 10 et 17 octobre", "am 3., 10. und 17. Oktober", "2024-10-03",
              "3, 10, 17", "the 3rd, 10th and 17th", "Row 3: 42.73 vs 1717; ", "lunes 3, 10 y 17", "10/3",
              " and "]  # fmt: skip
    seen = {True: 0, False: 0}
    for _ in range(300):
        answer = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 5)))
        result = {"dates": ["2024-10-03", "2024-10-10", "2024-10-17"], "repeat": "weekly"}
        turn = Turn.from_dict({"response": answer, "tool_calls": [{"name": "get", "result": result}]})
        evidence = Evidence(turn, guard.profile, guard.lexicon)
        dated = any(numeral.kind == "date" for numeral in evidence.numerals)
        runs = [weekly_series_day(evidence, i) for i in range(len(evidence.numerals))]
        seen[dated] += 1
        assert dated or not any(runs), answer
    assert seen[True] and seen[False]
