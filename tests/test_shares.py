"""A part's share of a total the answer shows, in percent (numbers/shares.py): a percentage a
share cue announces is a figure of its row over a shown total; an uncued, wrong or
total-less percentage is flagged."""

from __future__ import annotations

import pytest

from nofab import Turn
from tests.helpers import findings

#: Holdings: ABLE 30 x 41.20 = 1,236.00; BRIX 12 x 150.50 = 1,806.00; CORA 50 x 19.16 = 958.00;
#: total 4,000.00 -> shares 30.9%, 45.15% (45.2%), 23.95% (24.0%).
QUOTES = [
    ("GetQuote", {"symbol": "ABLE", "price": 41.20, "currency": "USD"}),
    ("GetQuote", {"symbol": "BRIX", "price": 150.50, "currency": "USD"}),
    ("GetQuote", {"symbol": "CORA", "price": 19.16, "currency": "USD"}),
]
USER = "What are my 30 ABLE, 12 BRIX and 50 CORA worth, and the total?"

TABLE_EN = (
    "| Stock | Shares | Price | Value | {head} |\n|---|---|---|---|---|\n"
    "| ABLE | 30 | $41.20 | $1,236.00 | {a} |\n"
    "| BRIX | 12 | $150.50 | $1,806.00 | {b} |\n"
    "| CORA | 50 | $19.16 | $958.00 | {c} |\n"
    "| **Total** | | | **$4,000.00** | {t} |"
)
TABLE_DE = (
    "| Aktie | Stück | Kurs | Wert | {head} |\n|---|---|---|---|---|\n"
    "| ABLE | 30 | 41,20 $ | 1.236,00 $ | {a} |\n"
    "| BRIX | 12 | 150,50 $ | 1.806,00 $ | {b} |\n"
    "| CORA | 50 | 19,16 $ | 958,00 $ | {c} |\n"
    "| **Gesamt** | | | **4.000,00 $** | {t} |"
)


#: A portfolio result holding each value and the total (the shares are not held).
PORTFOLIO = {
    "holdings": [
        {"symbol": "ABLE", "value": 1236.00},
        {"symbol": "BRIX", "value": 1806.00},
        {"symbol": "CORA", "value": 958.00},
    ],
    "total_value": 4000.00,
    "currency": "USD",
}


def _numbers(answer: str, portfolio: bool = False) -> list[str]:
    calls = [{"name": name, "arguments": {"symbol": r["symbol"]}, "result": r} for name, r in QUOTES]
    if portfolio:
        calls = [{"name": "GetPortfolio", "arguments": {}, "result": PORTFOLIO}]
    turn = Turn.from_dict({"user_message": USER, "response": answer, "tool_calls": calls})
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


EXPLAINED = [
    TABLE_EN.format(head="Share of total", a="30.9%", b="45.2%", c="24.0%", t="100%"),
    TABLE_EN.format(head="Weight", a="31%", b="45%", c="24%", t="100%"),
    TABLE_DE.format(head="Anteil", a="30,9 %", b="45,2 %", c="24,0 %", t="100 %"),
]
EXPLAINED_PROSE = [
    "Your three positions total $4,000.00. BRIX, at $1,806.00, is 45.2% of the portfolio.",
    "In total the account holds $4,000.00; CORA ($958.00) has a weight of 24%.",
    "Insgesamt sind die Positionen 4.000,00 $ wert; der Anteil von BRIX (1.806,00 $) beträgt 45,2 %.",
    "Gesamtwert: 4.000,00 $. ABLE mit 1.236,00 $ macht 30,9 % des Depots aus.",
]
FLAGGED = [
    # a wrong share
    (TABLE_EN.format(head="Share of total", a="30.9%", b="47.2%", c="24.0%", t="100%"), "47.2%"),
    (TABLE_DE.format(head="Anteil", a="30,9 %", b="45,2 %", c="26,0 %", t="100 %"), "26,0"),
]
FLAGGED_PROSE = [
    ("Your three positions total $4,000.00. BRIX, at $1,806.00, is 47.2% of the portfolio.", "47.2%"),
    ("Gesamtwert: 4.000,00 $. ABLE mit 1.236,00 $ macht 39,0 % des Depots aus.", "39,0"),
    # no share cue: a ratio of the row to the total is not guessed
    ("Your three positions total $4,000.00. BRIX is at $1,806.00, up 45.2%.", "45.2%"),
    # no total shown: the whole is not summed for the reader
    ("BRIX, at $1,806.00, is 45.2% of the portfolio.", "45.2%"),
    ("BRIX (1.806,00 $) hat einen Anteil von 45,2 %.", "45,2"),
]


@pytest.mark.parametrize("answer", EXPLAINED)
def test_a_cued_share_of_a_shown_total_is_derived(answer: str) -> None:
    assert _numbers(answer) == []


@pytest.mark.parametrize(("answer", "flagged"), FLAGGED)
def test_a_wrong_or_unannounced_share_is_flagged(answer: str, flagged: str) -> None:
    assert any(flagged in f for f in _numbers(answer)), _numbers(answer)


@pytest.mark.parametrize("answer", EXPLAINED_PROSE)
def test_a_cued_share_in_prose_is_derived(answer: str) -> None:
    assert _numbers(answer, portfolio=True) == []


@pytest.mark.parametrize(("answer", "flagged"), FLAGGED_PROSE)
def test_a_wrong_or_unannounced_share_in_prose_is_flagged(answer: str, flagged: str) -> None:
    assert any(flagged in f for f in _numbers(answer, portfolio=True)), _numbers(answer, portfolio=True)
