"""Profile fields for record attribution: parsed from TOML/JSON data and validated with their path."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.config.policy import Profile
from nofab.errors import ProfileError


def test_attribution_fields_are_read() -> None:
    """Aliases, number words, pairs, names, weekdays, dates and sums load into their typed fields."""
    profile = Profile.from_dict(
        {
            "field_aliases": {"points": ["PTS", "TEAM-PTS"], "from the field": ["FGM/FGA"]},
            "number_words": {"six": 6, "pair": 2},
            "name_fields": ["PLAYER_NAME"],
            "pair_fields": ["TEAM-WINS/TEAM-LOSSES"],
            "known_entities": ["Boston Celtics"],
            "weekdays": ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
            "date_formats": ["%m_%d_%y"],
            "field_sums": {"H1": ["Q1", "Q2"]},
        }
    )
    assert profile.field_aliases["points"] == ("PTS", "TEAM-PTS")
    assert profile.number_words["six"] == 6.0
    assert profile.pair_fields == ("TEAM-WINS/TEAM-LOSSES",)
    assert profile.field_sums["H1"] == ("Q1", "Q2")


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"field_aliases": {"points": "PTS"}}, "profile.field_aliases.points"),
        ({"number_words": {"six": "6"}}, "profile.number_words.six"),
        ({"number_words": {"yes": True}}, "profile.number_words.yes"),
        ({"pair_fields": ["WINS"]}, "pair_fields[0]"),
        ({"weekdays": ["Monday"]}, "weekdays"),
        ({"known_entities": "Boston"}, "profile.known_entities"),
        ({"field_sums": {"H1": [1, 2]}}, "profile.field_sums.H1[0]"),
    ],
)
def test_bad_attribution_fields_name_what_is_wrong_and_where(data: dict[str, Any], where: str) -> None:
    """A malformed attribution field raises ProfileError naming its path."""
    with pytest.raises(ProfileError) as caught:
        Profile.from_dict(data)
    assert where in str(caught.value)
