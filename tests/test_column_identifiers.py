"""A table column whose header names an identifier cues its cells (detectors/cuedids.py
``column_identifiers``): an id-shaped cell no tool issued is flagged as a cued id in prose is."""

from __future__ import annotations

import pytest

from nofab import Turn
from nofab.detectors.cuedids import column_identifiers
from tests.helpers import findings

SHIPMENTS = {
    "shipments": [
        {"order": "A-5521", "tracking": "1Z77X2Q40193852210", "carrier": "UPS"},
        {"order": "A-5530", "tracking": "9400108205497733221", "carrier": "USPS"},
    ]
}


def _ids(answer: str) -> list[str]:
    turn = Turn.from_dict(
        {
            "user_message": "Where are my parcels?",
            "response": answer,
            "tool_calls": [{"name": "get_shipments", "arguments": {}, "result": SHIPMENTS}],
        }
    )
    return [f.identifier for f in findings(turn) if f.detector == "identifiers" and f.confidence >= 0.8]


def _table(header: str, *rows: str) -> str:
    cells = header.count("|") - 1
    return "\n".join([header, "|" + "---|" * cells, *rows])


FIRES = [
    (_table("| Carrier | Tracking # |", "| UPS | 1Z77X2Q40193825210 |"), "1Z77X2Q40193825210"),
    (_table("| Transporteur | Numéro de suivi |", "| UPS | 1Z77X2Q40193852201 |"), "1Z77X2Q40193852201"),
    (_table("| Versand | Sendungsnummer |", "| UPS | 1Z77X2Q4O193852210 |"), "1Z77X2Q4O193852210"),
    (_table("| **Order ID** | Carrier |", "| B-5521x9 | UPS |"), "B-5521x9"),
]


@pytest.mark.parametrize(("answer", "flagged"), FIRES)
def test_an_invented_id_under_an_id_header_is_flagged(answer: str, flagged: str) -> None:
    assert flagged in _ids(answer)


QUIET = [
    _table("| Carrier | Tracking # |", "| UPS | 1Z77X2Q40193852210 |", "| USPS | 9400108205497733221 |"),
    _table("| Transportista | Número de seguimiento |", "| UPS | 1Z77X2Q40193852210 |"),
    # a column whose header names no identifier: its cells are not read as ids
    _table("| Carrier | Status |", "| UPS | out4delivery |"),
]


@pytest.mark.parametrize("answer", QUIET)
def test_held_ids_and_other_columns_are_quiet(answer: str) -> None:
    assert _ids(answer) == []


def test_only_the_cued_column_and_only_its_table() -> None:
    answer = _table("| Ref | Note |", "| AB12345 | x9y8z7w |") + "\n\nLater: abc12345 is a note."
    found = [answer[s:e] for _h, s, e in column_identifiers(answer)]
    assert found == ["AB12345"]
