"""Attribution principles about contests, membership, periods and bounds (must-fire and
must-not-fire tables from each principle's statement), and the principles in German."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.detectors.attribution.mentions import find_mentions, singular
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.language.sentences import tokenize
from tests.test_attribution_principles import MATCH, SALES, _by_category, _findings

# ---------------------------------------------------------------- contests and membership
CONTEST: dict[str, Any] = {
    **MATCH,
    "home": {**MATCH["home"], "TEAM-PTS_Q3": "30"},
    "away": {**MATCH["away"], "TEAM-PTS_Q3": "22"},
}
CONTEST_PROFILE = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "TEAM-NAME"],
        "pair_fields": ["TEAM-PTS/TEAM-PTS", "TEAM-PTS_Q3/TEAM-PTS_Q3"],
        "field_aliases": {
            "points": ["PTS", "TEAM-PTS"],
            "in the third quarter": ["TEAM-PTS_Q3/TEAM-PTS_Q3"],
            "third quarter": ["TEAM-PTS_Q3/TEAM-PTS_Q3"],
        },
        "rules": {
            "attribution": {
                "winning_words": ["defeated", "beat", "edged"],
                "group_links": ["were led by", "were paced by"],
                "member_links": ["led the way for"],
            }
        },
    }
)


def _contest(response: str) -> list[tuple[str, str]]:
    return [
        (str(f.evidence.get("category")), f.identifier) for f in _findings(response, CONTEST, CONTEST_PROFILE)
    ]


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        # No full-game or period reading half-explains these pairs: only the period phrase does.
        ("In the third quarter, the Otters out-scored the Herons 28-25.", ["28", "25"]),
        (
            "The Otters, who struggled early, won the third quarter by outscoring the Herons 33 - 19.",
            ["33", "19"],
        ),
        ("In the third quarter , the Herons were outscored by the Otters , 29 - 18 .", ["29", "18"]),
    ],
)
def test_a_period_named_earlier_in_the_clause_labels_the_pair(response: str, flagged: list[str]) -> None:
    """A period phrase anywhere before an unexplained pair in its clause says which figures it gives."""
    assert _contest(response) == [("NUMBER", n) for n in flagged]


@pytest.mark.parametrize(
    "response",
    [
        "In the third quarter, the Otters out-scored the Herons 30-22.",
        "After a slow third quarter, the Otters won 104-97.",  # the full-game score explains it
        "The Otters won 104 - 97 despite a quiet third quarter.",
    ],
)
def test_a_pair_a_reading_explains_is_left_alone(response: str) -> None:
    assert _contest(response) == []


@pytest.mark.parametrize(
    ("response", "word"),
    [
        ("The Herons defeated the Otters 104-97.", "defeated"),
        ("The Herons ( 3 - 1 ) beat the Otters ( 2 - 2 ) 104 - 97 on Friday.", "beat"),
        ("On Friday the Herons edged the Otters, 104-97, at home.", "edged"),
    ],
)
def test_a_winner_named_the_wrong_way_round_is_one_finding_on_the_word(response: str, word: str) -> None:
    """The score's numbers are right but the records give the higher one to the other name."""
    assert _contest(response) == [("WORD", word)]


@pytest.mark.parametrize(
    "response",
    [
        "The Otters defeated the Herons 104-97.",
        "The Otters ( 2 - 2 ) beat the Herons ( 3 - 1 ) 104 - 97 on Friday.",
        "The Herons lost to the Otters 97-104.",  # no winning word between the names
    ],
)
def test_a_winner_named_rightly_is_not_found(response: str) -> None:
    assert _contest(response) == []


@pytest.mark.parametrize(
    ("response", "group"),
    [
        ("The Herons were led by Ada Brook.", "Herons"),
        ("The Herons were paced by the duo of Cy Dunmore and Eli Fenn.", "Herons"),
        ("Ada Brook led the way for the Herons with 31 points.", "Herons"),
    ],
)
def test_a_member_in_the_wrong_group_is_found_in_both_directions(response: str, group: str) -> None:
    assert _contest(response) == [("NAME", group)]


@pytest.mark.parametrize(
    "response",
    [
        "The Otters were led by Ada Brook.",
        "The Herons were paced by Eli Fenn and Mo Hale.",
        "Ada Brook led the way for the Otters with 31 points.",
    ],
)
def test_a_member_in_its_own_group_is_fine(response: str) -> None:
    assert _contest(response) == []


def test_a_group_is_named_in_the_singular_too() -> None:
    """ "The only other Heron" names the Herons record; a member's name has no singular form."""
    answer = "Eli Fenn was the lone Heron in double figures, like Ada Brook's Otter teammates."
    tokens = tokenize(answer)
    profile_vocabulary = AttributionDetector(CONTEST_PROFILE).vocabulary
    evidence = Evidence(
        Guard(Policy(), CONTEST_PROFILE)._coerce(
            {"tool_calls": [{"name": "r", "result": CONTEST}], "response": answer}
        ),
        CONTEST_PROFILE,
        lexicon_for(CONTEST_PROFILE),
    )
    records = evidence.records
    named = {
        m.text: {records[r].label for r in m.records}
        for m in find_mentions(profile_vocabulary, answer, tokens, records)
    }
    assert named["Heron"] == {"Herons"}
    assert named["Otter"] == {"Otters"}
    assert singular("Brooks") == "Brook" and singular("Bass") is None and singular("Ax") is None


# ---------------------------------------------------------------- bounds
BOUND_RULES = {"bound_words": {"over": "above", "more than": "above", "under": "below", "sub": "below"}}
BOUND_SALES = Profile.from_dict(
    {"field_aliases": {"orders": ["orders"], "returns": ["returns"]}, "rules": {"attribution": BOUND_RULES}}
)
BOUND_GAME = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "TEAM-NAME"],
        "field_aliases": {"percent from the field": ["TEAM-FG_PCT"]},
        "rules": {"attribution": BOUND_RULES},
    }
)


@pytest.mark.parametrize(
    ("response", "result", "profile"),
    [
        ("Northfield had over 400 orders.", SALES, BOUND_SALES),
        ("Northfield had more than 412 orders.", SALES, BOUND_SALES),  # the limit itself: writers round
        ("Southmoor saw under 20 returns.", SALES, BOUND_SALES),
        ("The Otters shot over 50 percent from the field.", MATCH, BOUND_GAME),
        ("The Herons were held to sub-45 percent from the field.", MATCH, BOUND_GAME),
    ],
)
def test_a_bound_on_the_right_side_of_the_record_holds(response: str, result: Any, profile: Profile) -> None:
    """ "Over N" is a limit, not a value: any figure on its side of N is consistent with it."""
    assert _findings(response, result, profile) == []


@pytest.mark.parametrize(
    ("response", "result", "profile", "number"),
    [
        ("Northfield had over 450 orders.", SALES, BOUND_SALES, "450"),
        ("Southmoor saw under 15 returns.", SALES, BOUND_SALES, "15"),
        ("The Herons shot over 50 percent from the field.", MATCH, BOUND_GAME, "50"),
        ("The Otters were held to sub-45 percent from the field.", MATCH, BOUND_GAME, "45"),
    ],
)
def test_a_bound_the_record_breaks_is_found(
    response: str, result: Any, profile: Profile, number: str
) -> None:
    found = _findings(response, result, profile)
    assert [(f.identifier, f.kind) for f in found] == [(number, "misattributed_value")]


# ---------------------------------------------------------------- the same principles in German
GERMAN = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "TEAM-NAME"],
        "field_aliases": {
            "prozent aus dem feld": ["TEAM-FG_PCT"],
            "prozent von der dreierlinie": ["TEAM-FG3_PCT"],
            "punkte": ["PTS", "TEAM-PTS"],
            "rebounds": ["REB"],
        },
        "number_words": {"zwei": 2, "drei": 3},
        "rules": {"attribution": {"bound_words": {"über": "above", "unter": "below", "mehr als": "above"}}},
    }
)
GERMAN_MATCH: dict[str, Any] = {
    **MATCH,
    "home": {**MATCH["home"], "TEAM-NAME": "Otter"},
    "away": {**MATCH["away"], "TEAM-NAME": "Reiher"},
    "players": {
        **MATCH["players"],
        "TEAM": {"0": "Otter", "1": "Otter", "2": "Reiher", "3": "Reiher", "4": "Reiher"},
    },
}


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        # One shared cause: both figures are the other team's.
        (
            "Die Reiher trafen 52 Prozent aus dem Feld und 41 Prozent von der Dreierlinie.",
            {"NAME": ["Reiher"]},
        ),
        ("Die Reiher trafen 44 Prozent aus dem Feld und 41 Prozent von der Dreierlinie.", {"NUMBER": ["41"]}),
        # Did not play: one finding on the name.
        ("Zed Quinn erzielte 14 Punkte und 5 Rebounds.", {"NAME": ["Zed Quinn"]}),
        # Bounds.
        ("Die Otter trafen über 50 Prozent aus dem Feld.", {}),
        ("Die Reiher trafen über 50 Prozent aus dem Feld.", {"NUMBER": ["50"]}),
        ("Ada Brook erzielte mehr als 30 Punkte.", {}),
        ("Eli Fenn erzielte mehr als 30 Punkte.", {"NUMBER": ["30"]}),
    ],
)
def test_the_principles_hold_in_german(response: str, expected: dict[str, list[str]]) -> None:
    assert _by_category(_findings(response, GERMAN_MATCH, GERMAN)) == expected
