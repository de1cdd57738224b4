"""Inputs the fuzzer (bench/fuzz.py) found crashing a detector, kept as regressions."""

from __future__ import annotations

import pytest

from nofab import Guard, Policy
from tests.helpers import call, turn

GUARD = Guard(Policy(load_plugins=False))


@pytest.mark.parametrize(
    "answer",
    [
        # a day/month date whose first number is no month ("22/2/30") crashed the date lookup
        "LN3\x0b\x00\x00\x0022/2/3L\x17\x17N\x1d\x0b\x00\x00\x0022/2/30",
        "Due on 22/2/30 and 31/12/2024.",
    ],
)
def test_fuzzer_findings_do_not_break_detectors(answer: str) -> None:
    """Each input the fuzzer once crashed is now checked without a detector error."""
    verdict = GUARD.check(turn(answer, call("get_order", {"total": 42.7333}), user=answer[:40]))
    assert not verdict.detector_errors, verdict.detector_errors


def test_day_first_date_is_read_as_day_first() -> None:
    """ "22/2/2030" is 22 February 2030 and is grounded by 2030-02-22."""
    verdict = GUARD.check(turn("Due 22/2/2030.", call("get", {"due": "2030-02-22"})))
    assert verdict.findings == ()
