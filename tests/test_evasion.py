"""A crafted answer cannot hide a fabrication from the detectors by disguising its text."""

from __future__ import annotations

import pytest

from nofab import Guard, Policy
from tests.helpers import call, turn

REFUSE = Guard(Policy(mode="refuse", load_plugins=False))
EVIDENCE = call("get_order", {"order_id": "A-1042", "total": 42.73})


@pytest.mark.parametrize(
    ("answer", "kind"),
    [
        ("I've s\u200bent the receipt.", "verb_claim"),  # zero-width space inside the verb
        ("I've s\u0435nt the receipt.", "verb_claim"),  # Cyrillic е inside a Latin word
        ("I\u2060've sent the receipt.", "verb_claim"),  # word joiner
        ("Refund id: refund_id=RF-88\u00ad231.", "kv"),  # soft hyphen splitting the id
        ("Your id is 9f2b1e47-00cb-4b42-8e12-cc07e0f\u200c0c1d0.", "uuid"),  # zero-width non-joiner
        ("Total: $４２.７３ plus a fee of $１９.９９.", "unverified_number"),  # full-width digits
        ("Fee: $\u0661\u0669.\u0669\u0669.", "unverified_number"),  # Arabic-Indic digits
        ("I've \u202esent\u202c the receipt.", "verb_claim"),  # bidi override around the verb
    ],
)
def test_disguised_fabrications_are_still_caught(answer: str, kind: str) -> None:
    """Invisible characters, look-alike letters and compatibility digits do not hide a claim."""
    verdict = REFUSE.check(turn(answer, EVIDENCE))
    assert kind in [f.kind for f in verdict.blocking]
    assert verdict.action == "refuse_replaced"


def test_disguised_grounded_values_still_ground() -> None:
    """The same normalisation does not create findings: a full-width grounded total is fine."""
    assert REFUSE.check(turn("Your order A-1042 totals $４２.７３.", EVIDENCE)).action == "none"
