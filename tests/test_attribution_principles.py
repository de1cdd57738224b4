"""Attribution principles, each from its statement: must-fire and must-not-fire tables.

The records are hand-written (two sports clubs, and a sales table to show that nothing
here knows about games); several phrasings of each claim.
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.detectors.attribution.mentions import name_forms
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

#: Two clubs and their players; Zed Quinn did not play (every figure empty).
MATCH: dict[str, Any] = {
    "players": {
        "PLAYER_NAME": {
            "0": "Ada Brook",
            "1": "Cy Dunmore",
            "2": "Eli Fenn",
            "3": "Zed Quinn",
            "4": "Mo Hale",
        },
        "TEAM": {"0": "Otters", "1": "Otters", "2": "Herons", "3": "Herons", "4": "Herons"},
        "PTS": {"0": "31", "1": "17", "2": "26", "3": "N/A", "4": "2"},
        "REB": {"0": "9", "1": "11", "2": "4", "3": "N/A", "4": "1"},
        "STL": {"0": "1", "1": "2", "2": "3", "3": "N/A", "4": "1"},
        "BLK": {"0": "0", "1": "1", "2": "2", "3": "N/A", "4": "1"},
    },
    "home": {"TEAM-NAME": "Otters", "TEAM-PTS": "104", "TEAM-FG_PCT": "52", "TEAM-FG3_PCT": "41"},
    "away": {"TEAM-NAME": "Herons", "TEAM-PTS": "97", "TEAM-FG_PCT": "44", "TEAM-FG3_PCT": "29"},
}

GAME_PROFILE = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "TEAM-NAME"],
        "field_aliases": {
            "points": ["PTS", "TEAM-PTS"],
            "rebounds": ["REB"],
            "boards": ["REB"],
            "steals": ["STL"],
            "blocks": ["BLK"],
            "block": ["BLK"],
            "percent from the field": ["TEAM-FG_PCT"],
            "percent from the floor": ["TEAM-FG_PCT"],
            "percent shooting": ["TEAM-FG_PCT"],
            "percent from three": ["TEAM-FG3_PCT"],
            "percent from deep": ["TEAM-FG3_PCT"],
        },
        "number_words": {"two": 2, "three": 3, "one": 1},
        "rules": {
            "attribution": {
                "skip_words": ["averaging", "season", "career"],
                "record_phrases": ["season high", "career best"],
            }
        },
    }
)

#: Sales by region: the same principles on records that are not about games.
SALES: list[dict[str, Any]] = [
    {"region_name": "Northfield", "orders": 412, "returns": 37},
    {"region_name": "Southmoor", "orders": 268, "returns": 19},
    {"region_name": "Eastvale", "orders": "", "returns": ""},
]
SALES_PROFILE = Profile.from_dict(
    {"field_aliases": {"orders": ["orders"], "returns": ["returns"], "returned items": ["returns"]}}
)


def _findings(response: str, result: Any = MATCH, profile: Profile = GAME_PROFILE) -> list[Finding]:
    turn = {"tool_calls": [{"name": "report", "result": result}], "response": response}
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    return list(AttributionDetector(profile).detect(evidence))


def _by_category(findings: list[Finding]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in findings:
        out.setdefault(str(f.evidence.get("category")), []).append(f.identifier)
    return out


# ---------------------------------------------------------------- one shared cause
@pytest.mark.parametrize(
    ("response", "profile", "result", "name"),
    [
        (
            "The Herons shot 52 percent from the field and 41 percent from three.",
            GAME_PROFILE,
            MATCH,
            "Herons",
        ),
        (
            "The Herons went 52 percent from the floor and 41 percent from deep.",
            GAME_PROFILE,
            MATCH,
            "Herons",
        ),
        (
            "Meanwhile the Otters managed 44 percent shooting and 29 percent from deep.",
            GAME_PROFILE,
            MATCH,
            "Otters",
        ),
        ("Northfield had 268 orders and 19 returns.", SALES_PROFILE, SALES, "Northfield"),
        ("Southmoor logged 412 orders with 37 returned items.", SALES_PROFILE, SALES, "Southmoor"),
    ],
)
def test_numbers_that_all_fit_another_record_are_one_finding_on_the_name(
    response: str, profile: Profile, result: Any, name: str
) -> None:
    """Every figure credited to the name belongs to one other record: the name is wrong, once."""
    found = _findings(response, result, profile)
    assert _by_category(found) == {"NAME": [name]}
    (finding,) = found
    assert finding.kind == "misattributed_value"
    assert len(finding.evidence["numbers"]) == 2


@pytest.mark.parametrize(
    ("response", "profile", "result", "numbers"),
    [
        # One number alone proves nothing about the name.
        ("The Herons shot 52 percent from the field.", GAME_PROFILE, MATCH, ["52"]),
        ("Northfield had 268 orders.", SALES_PROFILE, SALES, ["268"]),
        # One of the two fits the name: the name stands, the other number is wrong.
        ("The Herons shot 44 percent from the field and 41 percent from three.", GAME_PROFILE, MATCH, ["41"]),
        ("Northfield had 412 orders and 19 returns.", SALES_PROFILE, SALES, ["19"]),
        # Two wrong numbers that fit no single other record.
        (
            "The Herons shot 52 percent from the field and 30 percent from three.",
            GAME_PROFILE,
            MATCH,
            ["52", "30"],
        ),
    ],
)
def test_without_one_shared_cause_the_numbers_are_reported(
    response: str, profile: Profile, result: Any, numbers: list[str]
) -> None:
    assert _by_category(_findings(response, result, profile)) == {"NUMBER": numbers}


def test_small_counts_that_fit_another_record_stay_numbers() -> None:
    """Two small counts coincide with some other player's line too easily to blame the name."""
    # Ada Brook: 1 steal, 0 blocks; Cy Dunmore's line is exactly 2 and 1.
    found = _by_category(_findings("Ada Brook added two steals and one block."))
    assert "NAME" not in found
    assert found == {"NUMBER": ["two", "one"]}


def test_numbers_that_fit_the_named_record_are_not_touched() -> None:
    for response in (
        "The Otters shot 52 percent from the field and 41 percent from three.",
        "Northfield had 412 orders and 37 returns.",
    ):
        result, profile = (SALES, SALES_PROFILE) if "orders" in response else (MATCH, GAME_PROFILE)
        assert _findings(response, result, profile) == []


# ---------------------------------------------------------------- did not take part
@pytest.mark.parametrize(
    ("response", "result", "profile", "name"),
    [
        ("Zed Quinn scored 14 points and grabbed 5 rebounds.", MATCH, GAME_PROFILE, "Zed Quinn"),
        ("Off the bench, Zed Quinn chipped in 8 points.", MATCH, GAME_PROFILE, "Zed Quinn"),
        ("Zed Quinn had two steals.", MATCH, GAME_PROFILE, "Zed Quinn"),
        ("Eastvale reported 120 orders and 4 returns.", SALES, SALES_PROFILE, "Eastvale"),
    ],
)
def test_a_record_without_figures_cannot_be_credited_with_any(
    response: str, result: Any, profile: Profile, name: str
) -> None:
    """A record whose figures are all empty took no part: one finding on the name, none per number."""
    found = _findings(response, result, profile)
    assert _by_category(found) == {"NAME": [name]}
    assert found[0].kind == "misattributed_value"


def test_a_record_with_zero_figures_did_take_part() -> None:
    """Zeros are figures: "0 blocks" for a player with BLK=0 is right, and no name finding."""
    assert _findings("Ada Brook scored 31 points with 0 blocks.") == []


# ---------------------------------------------------------------- season-high
@pytest.mark.parametrize(
    "response",
    [
        "Ada Brook scored a season-high 35 points.",
        "Ada Brook poured in a season - high 35 points.",
        "Ada Brook finished with a career-best 35 points.",
    ],
)
def test_a_record_set_this_game_is_this_games_figure(response: str) -> None:
    """ "A season-high 35 points" is this game's value: checked as one, at full confidence."""
    (finding,) = _findings(response)
    assert (finding.identifier, finding.kind, finding.confidence) == ("35", "misattributed_value", 0.9)


def test_a_record_set_this_game_that_matches_is_fine() -> None:
    assert _findings("Ada Brook scored a season-high 31 points.") == []


def test_a_season_figure_is_still_about_other_games() -> None:
    (finding,) = _findings("Ada Brook is averaging 24 points this season.")
    assert (finding.kind, finding.confidence) == ("unverified_number", 0.6)


# ---------------------------------------------------------------- names with a suffix
@pytest.mark.parametrize(
    ("name", "forms"),
    [
        ("Otto Vance Jr.", ["Otto Vance Jr.", "Otto Vance", "Vance"]),
        ("Dee Marsh, Jr.", ["Dee Marsh, Jr.", "Dee Marsh", "Marsh"]),
        ("Tim Orr III", ["Tim Orr III", "Tim Orr", "Orr"]),
        ("Lena Ortiz", ["Lena Ortiz", "Ortiz"]),
        ("Louis II", ["Louis II"]),  # a one-word name keeps its numeral
    ],
)
def test_a_generational_suffix_is_not_the_name_people_use(name: str, forms: list[str]) -> None:
    assert list(name_forms(name)) == forms


def test_a_name_written_without_its_suffix_is_a_mention() -> None:
    """ "Otto Vance" names the record "Otto Vance Jr.", so his figures are checked against it."""
    box = {"players": [{"PLAYER_NAME": "Otto Vance Jr.", "PTS": 12}, {"PLAYER_NAME": "Ada Brook", "PTS": 31}]}
    profile = Profile.from_dict({"name_fields": ["PLAYER_NAME"], "field_aliases": {"points": ["PTS"]}})
    assert [f.identifier for f in _findings("Otto Vance scored 14 points.", box, profile)] == ["14"]
    assert _findings("Otto Vance scored 12 points.", box, profile) == []
