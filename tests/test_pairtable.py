"""The sorted table of pair values (``nofab.numbers.pairtable``).

Principle: the table answers exactly as a list of (value, label, operands, group) sorted by
value would, ties kept in the order the entries are made (per operand, per later partner:
sum, difference unless equal; ratio and percentage both ways unless equal, the larger over
the smaller only when the smaller is above zero)."""

from __future__ import annotations

import random

from nofab.numbers.pairtable import build_pairs
from nofab.numbers.rounding import format_number

Entry = tuple[float, str, float, float, str]


def _reference(groups: list[tuple[str, tuple[float, ...], bool]]) -> dict[str, list[Entry]]:
    kinds: dict[str, list[Entry]] = {"sum": [], "money": [], "ratio": [], "percent": []}
    for what, ops, is_money in groups:
        mine: list[Entry] = []
        for i, a in enumerate(ops):
            for b in ops[i + 1 :]:
                mine.append((a + b, "sum", b, a, what))
                if b != a:
                    mine.append((b - a, "difference", b, a, what))
                    if a > 0:
                        kinds["ratio"].append((b / a, "ratio", b, a, what))
                        kinds["percent"].append((100.0 * b / a, "percentage", b, a, what))
                    kinds["ratio"].append((a / b, "ratio", a, b, what))
                    kinds["percent"].append((100.0 * a / b, "percentage", a, b, what))
        kinds["sum"].extend(mine)
        if is_money:
            kinds["money"].extend(mine)
    return {kind: sorted(entries, key=lambda e: e[0]) for kind, entries in kinds.items()}


def test_table_equals_the_sorted_list_of_entries() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        groups = [
            (
                f"values of field 'f{g}'",
                tuple(
                    sorted(
                        rng.choice((0.0, 1.0, 2.0, 2.0, 12.5, float(rng.randint(0, 40))))
                        for _ in range(rng.randint(0, 8))
                    )
                ),
                rng.random() < 0.5,
            )
            for g in range(rng.randint(1, 4))
        ]
        built, expected = build_pairs(groups), _reference(groups)
        for kind, entries in expected.items():
            table = built[kind]
            assert table.values == [e[0] for e in entries]
            for value, *_made in entries:
                label, x, y, what = next(e[1:] for e in entries if e[0] == value)  # first made
                sign = {"sum": "+", "difference": "-"}.get(label, "/")
                described = f"{label} {format_number(x)} {sign} {format_number(y)} ({what})"
                assert table.find(value, value) == described
                assert table.count(value, value) == sum(1 for e in entries if e[0] == value)


def test_a_hit_names_its_operands() -> None:
    table = build_pairs([("amount fields of $.order", (20.0, 30.0, 45.5), True)])
    assert table["money"].find(50.0, 50.0) == "sum 30 + 20 (amount fields of $.order)"
    assert table["sum"].find(15.5, 15.5) == "difference 45.5 - 30 (amount fields of $.order)"
    assert table["ratio"].find(1.5, 1.5) == "ratio 30 / 20 (amount fields of $.order)"
    assert table["percent"].find(66.0, 67.0) is not None
    assert table["sum"].find(1000.0, 2000.0) is None
