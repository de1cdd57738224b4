"""A weekday in a sentence about a later occasion: read against "soon after", not "on the day".

Principle (``names.later_sentences``, ``names.wrong_weekdays``): a sentence holding one of the profile's
``future_phrases`` speaks of the next occasion, whose date no record holds; the records only
bound it to 1..``future_days`` days after their own date. Hand-written records in two domains
and two languages (the weekday names and future words come from the profile).
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

#: A delivery round on Friday 2024-05-03, and the depot it started from.
ROUND: dict[str, Any] = {
    "round": {"DRIVER": "Mara Voss", "DATE": "2024-05-03", "PARCELS": "41"},
    "depot": {"DEPOT": "Northgate", "VANS": "6"},
}
EN_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
DE_DAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def _profile(days: list[str], future: list[str], within: int = 3) -> Profile:
    return Profile.from_dict(
        {
            "name_fields": ["DRIVER", "DEPOT"],
            "weekdays": days,
            "date_formats": ["%Y-%m-%d"],
            "field_aliases": {"parcels": ["PARCELS"], "Pakete": ["PARCELS"]},
            "rules": {"attribution": {"future_phrases": future, "future_days": within}},
        }
    )


EN = _profile(EN_DAYS, ["will", "next", "heads out"])
DE = _profile(DE_DAYS, ["wird", "nächste", "nächsten"])


def _weekday_findings(response: str, profile: Profile) -> list[str]:
    turn = {"tool_calls": [{"name": "delivery_round", "result": ROUND}], "response": response}
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    found: list[Finding] = list(AttributionDetector(profile).detect(evidence))
    return [f.identifier for f in found if f.identifier in profile.weekdays]


@pytest.mark.parametrize(
    ("response", "profile"),
    [
        ("Mara Voss delivered 41 parcels on Friday. Her next round will be on Monday.", EN),
        ("Mara Voss delivered 41 parcels on Friday. She heads out again on Saturday.", EN),
        ("Northgate will send six vans out on Sunday.", EN),
        ("Mara Voss lieferte am Freitag 41 Pakete aus. Ihre nächste Tour ist am Montag.", DE),
        ("Northgate wird am Samstag wieder liefern.", DE),
    ],
)
def test_a_later_occasion_soon_after_the_records_date_is_not_flagged(response: str, profile: Profile) -> None:
    """The next occasion 1..future_days days later fits the records; it is not their date, and need not be."""
    assert _weekday_findings(response, profile) == []


@pytest.mark.parametrize(
    ("response", "profile", "flagged"),
    [
        # The same weekday as the records' date cannot be "next".
        ("Mara Voss delivered 41 parcels today. Her next round will be on Friday.", EN, ["Friday"]),
        # One day before the records' date: a later occasion six days on, not "soon".
        ("Northgate will send the vans out again on Thursday.", EN, ["Thursday"]),
        ("Ihre nächste Tour ist am Freitag.", DE, ["Freitag"]),
        ("Northgate wird am Mittwoch wieder liefern.", DE, ["Mittwoch"]),
        # A sentence about this occasion still needs the records' own weekday.
        ("Mara Voss delivered 41 parcels on Monday.", EN, ["Monday"]),
        ("Mara Voss lieferte am Dienstag 41 Pakete aus.", DE, ["Dienstag"]),
    ],
)
def test_a_weekday_that_cannot_be_the_next_occasion_is_flagged(
    response: str, profile: Profile, flagged: list[str]
) -> None:
    """Same weekday or just before the records' date contradicts "next"; this occasion keeps its day."""
    assert _weekday_findings(response, profile) == flagged


def test_without_a_bound_a_later_occasions_weekday_is_not_checked() -> None:
    """future_days 0: nothing says how soon the next occasion is, so its weekday is not judged."""
    unbounded = _profile(EN_DAYS, ["will", "next"], within=0)
    assert _weekday_findings("Her next round will be on Friday.", unbounded) == []
    assert _weekday_findings("She delivered on Monday.", unbounded) == ["Monday"]


def test_without_future_phrases_every_weekday_is_this_occasions() -> None:
    """A profile that names no future phrases keeps the plain check: the records' weekday only."""
    plain = _profile(EN_DAYS, [])
    assert _weekday_findings("Her next round will be on Monday.", plain) == ["Monday"]


def test_a_mistyped_bound_is_a_profile_error() -> None:
    """future_days must be a whole number of days; the error names the key."""
    with pytest.raises(ProfileError, match="future_days"):
        AttributionDetector(Profile.from_dict({"rules": {"attribution": {"future_days": "three"}}}))
