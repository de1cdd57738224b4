"""The numbers package's fast paths answer exactly what the readings they skip would.

A number of an answer costs a small constant (issue 16): bare digits skip the token
regexes, a context regex runs only when the next character can start what it looks for,
the answer's arithmetic skips searches its operands rule out, and a derivation question is
answered once per value. Each shortcut is held here against the plain reading it replaces,
on generated input, in several languages' words.
"""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest

from nofab import Guard, Policy
from nofab.numbers import pairs, plain
from nofab.numbers.derive import Derivable
from nofab.numbers.extract import extract_numerals
from nofab.numbers.index import LiteralIndex
from nofab.numbers.lexicon import number_words
from nofab.numbers.numeral import Numeral
from nofab.numbers.shown import ShownNumbers

_WORDS = number_words()
#: Words whose readings the pre-tests guard, with case variants and the characters that case
#: folding matches to ASCII letters ("ſ" to "s", the Kelvin sign to "k").
_CONTEXT = [
    *_WORDS.scales,
    *_WORDS.percent_words,
    *_WORDS.currencies,
    *_WORDS.currency_codes,
    *list(_WORDS.months)[:20],
    "am",
    "p.m.",
    "PM",
    "ſ",
    "\u212a",
    "vs",
    "%",
    "items",
]
_GAPS = ["", " ", "  ", " " * 6, " " * 9, "\t", "\n", "\u00a0", ", ", "-"]
_NUMBERS = ["7", "12", "31", "45", "2024", "1,500", "42.73", "0.5", "$30", "USD 30", "EUR30", "3rd", "5k"]


def _variants(word: str) -> list[str]:
    return [word, word.upper(), word.title(), word.replace("s", "ſ"), word.replace("k", "\u212a")]


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        if k % 2:  # a number, then two words (a scale word, then "%" or a currency...)
            words = [rng.choice(_variants(rng.choice(_CONTEXT))) for _ in range(2)]
            gaps = [rng.choice(_GAPS) for _ in range(3)]
            out.append(f"{rng.choice(_NUMBERS)}{gaps[0]}{words[0]}{gaps[1]}{words[1]}{gaps[2]}")
            continue
        parts = []
        for _ in range(rng.randint(1, 8)):
            parts.append(
                rng.choice(_NUMBERS) if rng.random() < 0.5 else rng.choice(_variants(rng.choice(_CONTEXT)))
            )
            parts.append(rng.choice(_GAPS))
        out.append("".join(parts))
    return out


def test_the_context_pretests_never_skip_a_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same numerals with the pre-tests as without them (every regex always run)."""
    texts = _texts(3, 4000)
    fast = [extract_numerals(t) for t in texts]
    monkeypatch.setattr(plain, "_may_start", lambda follows, starts: True)
    monkeypatch.setattr(
        plain,
        "_currency_before",
        lambda text, s: (
            s > 0
            and (text[s - 1].isspace() or text[s - 1].isalpha())
            and plain._CURRENCY_BEFORE.search(text, max(0, s - 5), s) is not None
        ),
    )
    slow = [extract_numerals(t) for t in texts]
    assert fast == slow
    kinds = {n.kind for numerals in fast for n in numerals}
    assert {"money", "percent", "date", "time", "year", "ordinal", "number"} <= kinds


@pytest.mark.parametrize(
    ("text", "kind", "scale"),
    [
        ("about 1.2 million people", "number", 1e6),
        ("rund 3 Millionen", "number", 1e6),
        ("30 percent", "percent", 1.0),
        ("30 pour cent", "percent", 1.0),
        ("30 PCT", "percent", 1.0),
        ("30 dollars", "money", 1.0),
        ("30 euros", "money", 1.0),
        ("USD 30", "money", 1.0),
        ("at 7 pm", "time", 1.0),
        ("at 7\u00a0p.m.", "time", 1.0),
        ("5 milloneſ", "number", 1e6),
        ("5 million      %", "percent", 1e6),
    ],
)
def test_a_plain_number_is_read_with_the_words_around_it(text: str, kind: str, scale: float) -> None:
    (numeral,) = extract_numerals(text)
    assert (numeral.kind, numeral.scale) == (kind, scale)


def test_bare_digits_and_other_digits_read_alike() -> None:
    """A bare ASCII number takes the fast path; the same number in full-width or Arabic-Indic
    digits takes the token path: one reading."""
    for text in ("paid 1717 today", "7 pm", "on 3 May", "20 percent"):
        other = text.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
        assert [(n.kind, n.value, n.scale) for n in extract_numerals(text)] == [
            (n.kind, n.value, n.scale) for n in extract_numerals(other)
        ]


def test_a_numeral_is_immutable() -> None:
    (numeral,) = extract_numerals("total 42.73")
    assert isinstance(numeral, Numeral)
    with pytest.raises(AttributeError):
        numeral.value = 1.0  # type: ignore[misc]


def _brute_force(ops: list[float], lo: float, hi: float, totals: list[float]) -> bool:
    """Is there a sum or difference of two operands, or of an operand and a total, in range?"""
    pairs = [(a + b, b - a if b >= a else a - b) for a, b in combinations(ops, 2)]
    if any(lo <= v <= hi for pair in pairs for v in pair):
        return True
    return any(lo <= v <= hi for a in ops for t in totals for v in (a + t, a - t, t - a))


def test_shown_arithmetic_finds_what_a_brute_force_finds() -> None:
    rng = random.Random(11)
    found = 0
    for _ in range(400):
        shown = ShownNumbers(8, 4)
        positions = sorted(rng.sample(range(60), rng.randint(0, 30)))
        for at in positions:
            shown.add(at, float(rng.choice([rng.randint(13, 900), rng.randint(1, 9000) / 100])))
        totals = sorted(float(rng.randint(13, 3000)) for _ in range(rng.randint(0, 20)))
        for index in range(60):
            if index in positions:
                continue
            target = float(rng.randint(0, 2000))
            lo, hi = target - 0.5, target + 0.5
            got = shown.pair(index, lo, hi, totals)
            assert (got is not None) == _brute_force(shown.window(index), lo, hi, totals), (index, target)
            found += got is not None
    assert found > 200


@pytest.mark.parametrize(
    ("masked", "plain_text"),
    [
        ("Your card ending in 1234 was charged", "reference 1234 is new"),
        ("La tarjeta terminada en 1234 fue usada", "el total es 1234"),
        ("Die Karte endet auf 1234", "der Betrag ist 1234"),
    ],
)
def test_equal_numbers_share_an_answer_but_not_their_context(masked: str, plain_text: str) -> None:
    """The second "1234" is not the end of a masked card number: it is reported though the
    first, of equal value, is not."""
    guard = Guard(Policy(load_plugins=False))
    answer = f"{masked}; {plain_text}."
    turn = {"response": answer, "tool_calls": [{"name": "get", "result": {"card": "credit_card_981234"}}]}
    spans = [f.span for f in guard.check(turn).findings if f.detector == "numbers"]
    assert spans == [(answer.rindex("1234"), answer.rindex("1234") + 4)]


@pytest.mark.parametrize(
    "answer",
    [
        "It costs about 120 dollars, not 120.",
        "Es kostet etwa 120 Euro, nicht 120.",
        "Environ 120 euros, pas 120.",
    ],
)
def test_about_widens_one_number_not_its_equals(answer: str) -> None:
    guard = Guard(Policy(load_plugins=False))
    turn = {"response": answer, "tool_calls": [{"name": "get", "result": {"amount": 118}}]}
    spans = [f.span for f in guard.check(turn).findings if f.detector == "numbers"]
    assert spans == [(answer.rindex("120"), answer.rindex("120") + 3)]


class _Watched(list[tuple[str, tuple[float, ...], bool]]):
    """A group list that records each time it is walked or read."""

    reads = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _Watched.reads += 1
        return super().__iter__()

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _Watched.reads += 1
        return super().__getitem__(index)


def test_a_question_about_an_amount_reads_only_the_groups_of_amounts() -> None:
    """Amounts combine only with amounts: a question about one never walks the other groups
    (a result of many records and no amounts made every amount of an answer walk them all,
    quadratic in answer and evidence)."""
    rows = [{"share": i / 100, "miles": 1000 * i} for i in range(1, 200)]
    table = pairs.DerivedTable([Derivable.from_value({"rows": rows})], build_after=float("inf"))
    table._groups = _Watched(table._groups)
    _Watched.reads = 0
    for value in range(100, 140):
        assert table.pair(value - 0.5, value + 0.5, money_only=True) is None
        assert not table.dense(value - 0.5, value + 0.5, money_only=True)
    assert _Watched.reads == 0
    assert table.pair(1999.5, 2000.5) is not None  # the other groups answer other questions
    assert _Watched.reads > 0
    priced = pairs.DerivedTable(
        [Derivable.from_value({"rows": [{"price": 10.0 * i, "miles": i} for i in range(1, 9)]})],
        build_after=float("inf"),
    )
    assert priced.pair(29.5, 30.5, money_only=True) == "sum 20 + 10 (values of field 'rows.price')"


def test_the_end_of_an_identifier_is_found_as_a_scan_would() -> None:
    """A masked identifier shows the last 2-8 digits of a token: ``ends_an_id`` answers, by one
    binary search, what a scan of every token's trailing digits answers."""
    rng = random.Random(4)
    checked = 0
    for _ in range(500):
        tokens = [
            rng.choice(["card_", "x", "", "id-", "A", "n°"]) + str(rng.randint(0, 10 ** rng.randint(1, 12)))
            for _ in range(rng.randint(0, 10))
        ]
        text = " ".join(t + rng.choice(["", "a", ".", " ", "b7"]) for t in tokens)
        index = LiteralIndex(text)
        runs = re.findall(r"(?<!\d)(\d{2,})(?![0-9a-z])", text, re.IGNORECASE)
        for _ in range(20):
            digits = str(rng.randint(0, 10 ** rng.randint(0, 10)))
            if runs and rng.random() < 0.5:
                run = rng.choice(runs)
                digits = run[-rng.randint(1, len(run)) :]
            expected = 2 <= len(digits) <= 8 and any(run.endswith(digits) for run in runs)
            assert index.ends_an_id(digits) is expected, (text, digits)
            checked += expected
    assert checked > 1000


def test_numbers_of_equal_value_ask_their_question_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer repeats values ("$120 ... $120"): the second asks nothing of the groups."""
    calls: list[float] = []
    real = pairs._sums

    def counted(ops: tuple[float, ...], lo: float, hi: float, count: bool) -> object:
        calls.append(lo)
        return real(ops, lo, hi, count)

    monkeypatch.setattr(pairs, "_sums", counted)
    table = pairs.DerivedTable([Derivable.from_value({"prices": [10, 20, 35, 50]})], build_after=float("inf"))
    first = (table.pair(44.5, 45.5, ratios=False), table.dense(44.5, 45.5, ratios=False))
    asked = len(calls)
    assert asked > 0
    assert (table.pair(44.5, 45.5, ratios=False), table.dense(44.5, 45.5, ratios=False)) == first
    assert len(calls) == asked
    assert table.pair(54.5, 55.5, ratios=False) == "sum 35 + 20 (items of $.prices)"
    assert len(calls) > asked


def test_a_scaling_word_reaches_to_its_paragraph_break_as_a_search_back_would() -> None:
    """The answer's paragraph breaks are indexed once; each number's question must give what
    a search back for the last break before it gives (runs of newlines included), in two
    languages' scaling words."""
    from nofab.numbers.scaling import _marks as marks
    from nofab.numbers.scaling import announced_factor

    rng = random.Random(5)
    pieces = ["double", "verdoppeln", "triple", "tripler", "500 g", "7 ml", " ", "\n", "\n\n", "\n\n\n", "x"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) + rng.choice(["", " "]) for _ in range(rng.randint(1, 25)))
        ends, found, _breaks = marks(text)
        for start in range(len(text) + 1):
            i = max((k for k, end in enumerate(ends) if end <= start), default=-1)
            expected = None
            if i >= 0 and found[i][0] > text.rfind("\n\n", 0, start):
                expected = found[i][1]
            assert announced_factor(text, start) == expected, (text, start)


def test_the_unit_pretest_never_skips_a_quantity() -> None:
    """``conversions`` asks for a quantity only where a unit follows the number's digits:
    every numeral ``quantity`` reads (its neighbours' units included) must pass that test."""
    from nofab.numbers.units import has_unit as _has_unit
    from nofab.numbers.units import quantity

    rng = random.Random(9)
    units = [
        "km",
        "min",
        "h",
        "°F",
        "°",
        "C",
        "Std.",
        "minutos",
        "m",
        "s",
        "kg",
        "lbs",
        "hours",
        "-hour",
        "x",
        "$",
    ]
    read = 0
    for _ in range(300):
        numbers, gaps = ["1", "2", "14", "3.5", "1200", "$4"], ["", " ", "-"]
        parts = [rng.choice(numbers) + rng.choice(gaps) + rng.choice(units) for _ in range(rng.randint(1, 6))]
        text = " ".join(parts)
        numerals = extract_numerals(text)
        for index, numeral in enumerate(numerals):
            if quantity(text, numerals, index, (numeral.value, numeral.value)) is not None:
                read += 1
                assert _has_unit(text, numeral), (text, numeral)
    assert read > 100


def test_the_unit_letter_pretest_skips_only_what_the_unit_pattern_misses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``answer_unit`` turns a number away by the character after it (a space or dash
    skipped) before its pattern runs: it reads every unit the pattern alone reads, for every
    character (case variants, "ſ", the Kelvin sign, degree signs, punctuation, spaces)."""
    from nofab.numbers import units

    class _Every:
        def __contains__(self, _item: object) -> bool:
            return True

    tails = ["", " ", "-", " -", "  ", "\u00a0", "\n"]
    heads = [chr(c) for c in range(0x20, 0x250)] + ["\u212a", "°", "º", "\u2009"]
    rests = ("", "m", "in", "ours", "egrees celsius", "C", "s 4", "ilometres")
    texts = [f"12{tail}{head}{rest}" for head in heads for tail in tails for rest in rests]
    gated = [units.answer_unit(text, 2) for text in texts]
    monkeypatch.setattr(units, "_UNIT_STARTS", _Every())  # the pattern alone
    plain_reading = [units.answer_unit(text, 2) for text in texts]
    assert gated == plain_reading
    assert sum(1 for found in gated if found is not None) > 100


def test_field_changes_find_what_reading_every_column_finds() -> None:
    """The turn's short columns are indexed once (a percentage asked against every group was
    quadratic); each question must get what ``field_change`` gets reading them in order:
    the same column, description and density verdict."""
    from nofab.numbers.change import field_change
    from nofab.numbers.fieldchanges import FieldChanges

    rng = random.Random(3)
    hits = 0
    for _ in range(200):
        groups: list[tuple[str, tuple[float, ...]]] = []
        for k in range(rng.randint(0, 80)):
            size = rng.choice([1, 2, 3, 5, 12, 13])
            values = tuple(
                sorted(float(rng.choice([0, rng.randint(1, 60), rng.randint(100, 130)])) for _ in range(size))
            )
            label = rng.choice([f"values of field 'f{k}'", f"fields of $.rows[{k}]", f"items of $.a{k}"])
            groups.append((label, values))
        index = FieldChanges(groups)
        for _ in range(40):
            centre = rng.choice([rng.uniform(0, 300), float(rng.randint(0, 300))])
            lo, hi = centre - rng.choice([0.5, 0.05, 5.0]), centre + 0.5
            expected = field_change(groups, lo, hi)
            assert index.find(lo, hi) == expected, (groups, lo, hi)
            hits += expected is not None
    assert hits > 1000


def test_the_first_column_of_a_run_is_the_minimum_of_its_slice() -> None:
    from nofab.numbers.fieldchanges import _FirstOf

    rng = random.Random(4)
    for size in (1, 2, 31, 32, 33, 64, 65, 200, 1000):
        values = [rng.randint(0, 500) for _ in range(size)]
        first = _FirstOf(values)
        for _ in range(300):
            i = rng.randrange(size)
            j = rng.randint(i + 1, size)
            assert first.min(i, j) == min(values[i:j]), (size, i, j)


def test_the_scaling_word_scan_finds_what_the_pattern_finds() -> None:
    """On ASCII text the scaling words are found by substring search for their first words,
    the pattern tried there only: the matches must be those of a scan at every position, in
    several languages' phrases, any case, glued to other words or split by other spaces."""
    from nofab.numbers import scaling

    rng = random.Random(6)
    words = [*scaling._FACTORS, "reducir  a la\\tmitad", "DOUBLE", "x", "2", "é", "ſ"]
    for _ in range(400):
        parts = [rng.choice(words) for _ in range(rng.randint(1, 12))]
        parts = [p.upper() if rng.random() < 0.2 else p.title() if rng.random() < 0.2 else p for p in parts]
        text = "".join(p + rng.choice(["", " ", "-", "\n\n", "_", "a"]) for p in parts).replace("\\t", "\t")
        expected = [m.span() for m in scaling._SCALING.finditer(text)]
        assert [m.span() for m in scaling._scan(text)] == expected, text


def test_an_approximation_word_is_found_as_the_full_phrase_search_finds_it() -> None:
    """``approximate`` settles a number after a one-word phrase ("about", "etwa", "environ")
    from that word alone: the same answers as the phrase search over the words before,
    whatever the case, punctuation and phrase."""
    from nofab.numbers import context

    approx = sorted(" ".join(p) for p in context._APPROX)
    rng = random.Random(8)
    fillers = ["the", "x", "(", "-", "de la", "Approx.", "ca.", "~", "≈", "$", "_", "über", "a.b."]
    settled = 0
    for _ in range(3000):
        words = [rng.choice(approx + fillers) for _ in range(rng.randint(1, 5))]
        words = [w.upper() if rng.random() < 0.2 else w for w in words]
        text = "".join(w + rng.choice([" ", "", ".", "  ", " $"]) for w in words)
        start = len(text)
        text += "12 units"
        ctx = context.AnswerContext(text)
        before = text[max(0, start - 24) : start].rstrip(" $€£¥₹*_")
        if before.endswith(("~", "≈")):
            expected = True
        elif not before[-1:].isalpha() and not before.endswith("."):
            expected = False
        elif before.rsplit(None, 1)[-1].strip(".").lower() not in context._APPROX_LAST:
            expected = False  # the last word ends no phrase (the pre-test kept as it was)
        else:
            words_before = ctx._words_before(len(before) + max(0, start - 24))
            expected = context._ends_with(words_before, context._APPROX)
        assert ctx.approximate(start) is expected, text
        settled += expected
    assert settled > 300


def test_the_shown_window_changes_find_what_percent_change_finds() -> None:
    """The last window's changes are kept sorted (percentages sharing a window settle a miss
    by one binary search): each answer must be ``percent_change``'s, windows repeated or not."""
    from nofab.numbers.change import percent_change
    from nofab.numbers.fieldchanges import WindowChanges

    rng = random.Random(12)
    index = WindowChanges()
    ops: list[float] = []
    hits = 0
    for _ in range(5000):
        if not ops or rng.random() < 0.3:
            ops = [
                float(rng.choice([0, rng.randint(1, 50), rng.randint(90, 130)]))
                for _ in range(rng.randint(0, 12))
            ]
        centre = rng.choice([rng.uniform(0, 120), float(rng.randint(0, 120))])
        lo, hi = centre - rng.choice([0.5, 0.05, 5.0]), centre + 0.5
        expected = percent_change(ops, lo, hi)
        assert index.find(ops, lo, hi) == expected, (ops, lo, hi)
        hits += expected is not None
    assert hits > 500
