"""Figures of the positions the user states (numbers/positions.py): the cost, the value at a
price the answer shows, the gain and their totals are derived from the user's own counts and
prices when a cue announces them; an uncued or wrong figure is flagged.
"""

from __future__ import annotations

import pytest

from nofab import Turn
from tests.helpers import findings

#: Two quotes: ORBX 57.30 (the user paid 42.50 for 30), KELP 18.20 (the user paid 21.00 for 120).
QUOTES = [
    ("GetQuote", {"symbol": "ORBX", "price": 57.30, "currency": "USD"}),
    ("GetQuote", {"symbol": "KELP", "price": 18.20, "currency": "USD"}),
]
USER_EN = "I hold 30 shares of ORBX at $42.50 and 120 shares of KELP at $21.00. How are they doing?"
USER_DE = "Ich habe 30 Aktien ORBX zu 42,50 $ und 120 Aktien KELP zu 21,00 $ gekauft. Wie stehen sie?"


def _numbers(answer: str, user: str) -> list[str]:
    calls = [{"name": name, "arguments": {"symbol": r["symbol"]}, "result": r} for name, r in QUOTES]
    turn = Turn.from_dict({"user_message": user, "response": answer, "tool_calls": calls})
    return [f.identifier for f in findings(turn) if f.detector == "numbers" and f.confidence >= 0.8]


# costs 1,275.00 and 2,520.00 (total 3,795.00); values 1,719.00 and 2,184.00; gain 444.00, loss 336.00
EXPLAINED = [
    ("ORBX now trades at $57.30: your 30 shares are worth $1,719.00, a gain of $444.00.", USER_EN),
    ("KELP is at $18.20, so your position is down $336.00 (-13.3%).", USER_EN),
    ("You invested $3,795.00 in total: $1,275.00 in ORBX and $2,520.00 in KELP.", USER_EN),
    ("ORBX steht bei 57,30 $: Ihre Aktien sind jetzt 1.719,00 $ wert, ein Gewinn von 444,00 $.", USER_DE),
    ("Sie haben 3.795,00 $ investiert (1.275,00 $ in ORBX, 2.520,00 $ in KELP).", USER_DE),
    (
        "| | Shares | Paid | Now | Value | Gain |\n|---|---|---|---|---|---|\n"
        "| ORBX | 30 | $42.50 | $57.30 | $1,719.00 | +$444.00 (+34.8%) |\n"
        "| KELP | 120 | $21.00 | $18.20 | $2,184.00 | -$336.00 (-13.3%) |",
        USER_EN,
    ),
]
FLAGGED = [
    # no cue: a product of the user's figures is not guessed
    ("ORBX now trades at $57.30. Note: $444.00.", USER_EN, "$444.00"),
    # wrong figures
    (
        "ORBX now trades at $57.30: your 30 shares are worth $1,791.00, a gain of $444.00.",
        USER_EN,
        "$1,791.00",
    ),
    ("KELP is at $18.20, so your position is down $363.00.", USER_EN, "$363.00"),
    ("You invested $3,975.00 in total.", USER_EN, "$3,975.00"),
    ("Sie haben 3.975,00 $ investiert.", USER_DE, "3.975,00"),
    # the user stated no position: the same figures are not the user's
    ("ORBX now trades at $57.30: your 30 shares are worth $1,719.00.", "How is ORBX doing?", "$1,719.00"),
]


@pytest.mark.parametrize(("answer", "user"), EXPLAINED)
def test_figures_of_the_users_positions_are_derived(answer: str, user: str) -> None:
    assert _numbers(answer, user) == []


@pytest.mark.parametrize(("answer", "user", "figure"), FLAGGED)
def test_uncued_or_wrong_figures_of_positions_are_flagged(answer: str, user: str, figure: str) -> None:
    assert figure in _numbers(answer, user)


# A holding counted without a price is held at the market's price the answer shows on its line.
HOLDING_EN = "What are my 30 ORBX shares worth today?"
HOLDING_ES = "¿Cuánto valen mis 30 acciones de ORBX hoy?"
HOLDING_DE = "Was sind meine 30 ORBX-Aktien heute wert?"
HOLDING_EXPLAINED = [
    ("ORBX trades at $57.30, so your 30 shares are worth **$1,719.00**.", HOLDING_EN),
    ("- **ORBX:** at $57.30 today. Your 30 shares are worth about $1,719.", HOLDING_EN),
    ("ORBX cotiza a 57,30 $: tus 30 acciones valen 1.719,00 $.", HOLDING_ES),
    ("ORBX steht bei 57,30 $. Ihre 30 Aktien sind 1.719,00 $ wert.", HOLDING_DE),
]
HOLDING_FLAGGED = [
    ("ORBX trades at $57.30, so your 30 shares are worth $1,791.00.", HOLDING_EN, "$1,791.00"),
    # the price is on another line: nothing on the figure's line prices the holding
    ("ORBX trades at $57.30.\n\nYour 30 shares are worth $1,719.00.", HOLDING_EN, "$1,719.00"),
    # no cue announces a value
    ("ORBX trades at $57.30. Also $1,719.00.", HOLDING_EN, "$1,719.00"),
    ("ORBX cotiza a 57,30 $: tus acciones valen 1.791,00 $.", HOLDING_ES, "1.791,00"),
]


@pytest.mark.parametrize(("answer", "user"), HOLDING_EXPLAINED)
def test_the_value_of_a_holding_the_user_counts_is_derived(answer: str, user: str) -> None:
    assert _numbers(answer, user) == []


@pytest.mark.parametrize(("answer", "user", "figure"), HOLDING_FLAGGED)
def test_a_wrong_or_unpriced_value_of_a_holding_is_flagged(answer: str, user: str, figure: str) -> None:
    assert figure in _numbers(answer, user)
