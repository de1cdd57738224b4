"""An amount stated per unit, with the noun of what it is between ("a $35 fee per bag", "the
$6.58 rise per share"), is a per-unit amount; and a count above nine the turn states of that
very unit ("40 shares" for "per share") multiplies it into their total (numbers/context.py,
numbers/perunit.py). A product that misses, or a count of another noun, stays a finding."""

from __future__ import annotations

import pytest

from tests.helpers import blocking, call

QUOTE = call("QueryStock", {"symbol": "MSFT", "close": 405.1, "previous_close": 398.52})
HELD = "At today's close of $405.10, your **40 MSFT shares** are worth **$16,204.00**. "


@pytest.mark.parametrize(
    ("answer", "user"),
    [
        (HELD + "With the $6.58 rise per share, that's $263.20 more.", "I own 40 shares of Microsoft."),
        (HELD + "With the $6.58 gain per share, you're up $263.20 on the day.", "I own 40 MSFT shares."),
        (
            "Al cierre de hoy, 405,10 $, tus **40 acciones** valen **16.204,00 $**. Con la subida de "
            "6,58 $ por acción, son 263,20 $ más.",
            "Tengo 40 acciones de MSFT.",
        ),
    ],
)
def test_a_count_of_the_unit_times_its_amount_is_their_total(answer: str, user: str) -> None:
    assert blocking(answer, QUOTE, user=user) == []


@pytest.mark.parametrize(
    ("answer", "user"),
    [
        (HELD + "With the $6.58 rise per share, that's $236.20 more.", "I own 40 shares of Microsoft."),
        (
            "Your MSFT shares are worth more today. With the $6.58 rise per share, that's $263.20 more.",
            "I have 40 friends who own MSFT.",
        ),
    ],
)
def test_a_product_that_misses_or_counts_another_noun_is_found(answer: str, user: str) -> None:
    assert blocking(answer, QUOTE, user=user) != []
