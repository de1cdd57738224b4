"""The attribution detector: numbers and names checked against the record they are about."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "profiles"

#: A small box score: players as a column table (as Rotowire stores them), teams as objects.
GAME: dict[str, Any] = {
    "day": "02_03_17",
    "box_score": {
        "PLAYER_NAME": {"0": "Rudy Gay", "1": "Isaiah Thomas", "2": "Al Horford", "3": "Tarik Black"},
        "SECOND_NAME": {"0": "Gay", "1": "Thomas", "2": "Horford", "3": "Black"},
        "TEAM_CITY": {"0": "Sacramento", "1": "Boston", "2": "Boston", "3": "Sacramento"},
        "PTS": {"0": "21", "1": "38", "2": "11", "3": "4"},
        "REB": {"0": "10", "1": "2", "2": "8", "3": "6"},
        "AST": {"0": "5", "1": "4", "2": "8", "3": "1"},
        "STL": {"0": "0", "1": "1", "2": "0", "3": "0"},
        "MIN": {"0": "32", "1": "38", "2": "30", "3": "18"},
        "FGM": {"0": "8", "1": "13", "2": "4", "3": "2"},
        "FGA": {"0": "15", "1": "24", "2": "9", "3": "6"},
    },
    "home_line": {
        "TEAM-CITY": "Boston",
        "TEAM-NAME": "Celtics",
        "TEAM-PTS": "110",
        "TEAM-WINS": "14",
        "TEAM-LOSSES": "16",
    },
    "vis_line": {
        "TEAM-CITY": "Sacramento",
        "TEAM-NAME": "Kings",
        "TEAM-PTS": "102",
        "TEAM-WINS": "20",
        "TEAM-LOSSES": "10",
    },
}

PROFILE = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME", "SECOND_NAME", "TEAM-NAME", "TEAM-CITY"],
        "pair_fields": ["TEAM-WINS/TEAM-LOSSES", "TEAM-PTS/TEAM-PTS"],
        "known_entities": ["Detroit Pistons", "Kevin Durant", "Celtics", "Kings"],
        "weekdays": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        "date_formats": ["%m_%d_%y"],
        "number_words": {"a": 1, "an": 1, "two": 2, "three": 3, "six": 6, "pair": 2, "second": 2},
        "field_aliases": {
            "points": ["PTS", "TEAM-PTS"],
            "rebounds": ["REB"],
            "assists": ["AST"],
            "assist": ["AST"],
            "steals": ["STL"],
            "steal": ["STL"],
            "minutes": ["MIN"],
            "from the field": ["FGM/FGA"],
            "shooting": ["FGM/FGA"],
        },
        "rules": {
            "attribution": {
                "skip_words": ["averaging"],
                "beyond_phrases": ["of their last"],
                "opposing_words": ["defeated"],
                "member_links": ["led the way for"],
                "rank_phrases": {"on the team": "PTS"},
            }
        },
    }
)


def _findings(response: str, profile: Profile = PROFILE, result: Any = None) -> list[Finding]:
    turn = {"tool_calls": [{"name": "box_score", "result": result or GAME}], "response": response}
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    return list(AttributionDetector(profile).detect(evidence))


@pytest.mark.parametrize(
    ("response", "flagged", "kind"),
    [
        ("Rudy Gay scored 27 points.", "27", "misattributed_value"),
        ("Rudy Gay scored 38 points.", "38", "misattributed_value"),
        ("Isaiah Thomas led the way with 38 points, 10 rebounds and 4 assists.", "10", "misattributed_value"),
        ("Isaiah Thomas scored 38 points, while Rudy Gay added 38 points.", "38", "misattributed_value"),
        ("Isaiah Thomas (38 points, 12-of-24 from the field) was great.", "12", "misattributed_value"),
        ("Isaiah Thomas (38 points, 8-of-24 from the field) was great.", "8", "misattributed_value"),
        ("Rudy Gay shot 8-of-16 from the field.", "16", "misattributed_value"),
        ("The Celtics won 110-103.", "103", "misattributed_value"),
        ("The Celtics ( 15 - 16 ) won.", "15", "misattributed_value"),
        ("Al Horford played in 31 minutes.", "31", "misattributed_value"),
        ("Al Horford added six assists.", "six", "misattributed_value"),
        ("Al Horford added a pair of steals.", "pair", "misattributed_value"),
        ("Al Horford finished with 11 points and a steal.", "a", "misattributed_value"),
        ("Rudy Gay was second on the team in points.", "second", "misattributed_value"),
        ("Thomas is averaging 29 points this season.", "29", "unverified_number"),
    ],
)
def test_numbers_attributed_to_the_wrong_value_are_found(response: str, flagged: str, kind: str) -> None:
    """A number bound to an entity and a field that the entity's record contradicts is a finding."""
    findings = [f for f in _findings(response) if f.evidence.get("category") == "NUMBER"]
    assert [(f.identifier, f.kind) for f in findings] == [(flagged, kind)]
    finding = findings[0]
    assert response[finding.span[0] : finding.span[1]] == flagged


@pytest.mark.parametrize(
    "response",
    [
        "Rudy Gay scored 21 points.",
        "Isaiah Thomas led the way with 38 points, 2 rebounds and 4 assists.",
        "Isaiah Thomas (38 points, 13-of-24 from the field) was great.",
        "Rudy Gay shot 8 - of - 15 from the field.",
        "The Celtics won 110-102.",
        "The Kings lost 102 - 110.",
        "The Celtics ( 14 - 16 ) won.",
        "Al Horford played in 30 minutes with eight boards.",
        "Isaiah Thomas led the way for the Celtics with 38 points.",
        "Boston got 21 points from Rudy Gay.",
        "Al Horford is one of the best passers.",
        "Tarik Black was second on the team in points.",
        "Isaiah Thomas scored 38 points, while Rudy Gay added 21 points.",
    ],
)
def test_numbers_that_match_their_record_are_not_found(response: str) -> None:
    """Numbers that are the bound entity's value (or are no count at all) give no NUMBER finding."""
    assert [f.identifier for f in _findings(response) if f.evidence.get("category") == "NUMBER"] == []


def test_figures_about_other_occasions_are_unverified_below_the_default_threshold() -> None:
    """ "Won two of their last five" is a claim no record of this turn holds, reported softly."""
    (finding,) = _findings("The Celtics have won two of their last five games.")
    assert (finding.identifier, finding.kind) == ("two", "unverified_number")
    assert finding.confidence < 0.8


def test_the_finding_says_what_the_record_holds() -> None:
    """A misattributed value's evidence names the record and field it contradicts."""
    (finding,) = _findings("Rudy Gay scored 38 points.")
    assert finding.evidence["record"] == "Rudy Gay: PTS=21"
    assert finding.evidence["category"] == "NUMBER"
    assert finding.confidence >= 0.8


def test_a_binding_from_an_earlier_sentence_is_less_sure() -> None:
    """A number whose entity is only named in the sentence before gets a lower confidence."""
    near = _findings("Rudy Gay scored 38 points.")[0]
    carried = _findings("Rudy Gay was great. He scored 38 points.")[0]
    assert carried.confidence < near.confidence


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("The Celtics beat the Detroit Pistons.", "Detroit Pistons"),
        ("Kevin Durant scored 30 points for Boston.", "Kevin Durant"),
        ("The Celtics won on Wednesday.", "Wednesday"),  # 02_03_17 was a Friday
        ("The Celtics defeated the Celtics.", "Celtics"),
        ("Rudy Gay led the way for the Celtics.", "Celtics"),
    ],
)
def test_names_no_record_supports_are_found(response: str, flagged: str) -> None:
    """Known names absent from the records, wrong weekdays, names in the wrong relation: NAME findings."""
    names = [f for f in _findings(response) if f.evidence.get("category") == "NAME"]
    assert [f.identifier for f in names] == [flagged]
    assert response[names[0].span[0] : names[0].span[1]] == flagged


@pytest.mark.parametrize(
    "response",
    [
        "The Boston Celtics defeated the Sacramento Kings on Friday.",
        "Rudy Gay led the way for the Kings.",
        "Isaiah Thomas and Al Horford played well.",
    ],
)
def test_names_the_records_support_are_not_found(response: str) -> None:
    """Names of this turn's records, in the right relation, on the right day, give no NAME finding."""
    assert [f for f in _findings(response) if f.evidence.get("category") == "NAME"] == []


def test_without_a_profile_only_unlabelled_numbers_are_checked_and_softly() -> None:
    """With no vocabulary the detector still binds numbers to names, below the default threshold."""
    findings = _findings("Rudy Gay scored 77 tonight.", profile=Profile())
    assert [f.identifier for f in findings] == ["77"]
    assert findings[0].confidence < 0.8


RESERVATION = {
    "reservation_id": "3FRNFB",
    "flights": [
        {"flight_number": "HAT028", "price": 79, "prices": {"economy": 120}},
        {"flight_number": "HAT277", "price": 64},
    ],
    "passengers": [
        {"first_name": "Amelia", "last_name": "Sanchez"},
        {"first_name": "Ivan", "last_name": "Martin"},
    ],
    "total_baggages": 1,
}


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        ("Reservation 3FRNFB has 3 passengers.", ["3"]),
        ("Reservation 3FRNFB has 2 passengers and 1 checked bag.", []),
        ("Reservation 3FRNFB has two flights and 4 checked bags.", ["4"]),
        ("The booking is for Amelia Garcia.", ["Garcia"]),
        ("The booking is for Amelia Sanchez and Ivan Martin.", []),
        ("1. **Flight HAT028**\n   - Economy Price: $130\n", ["130"]),
        ("1. **Flight HAT028**\n   - Economy Price: $120\n", []),
        ("1. **Flight HAT028**\n\n2. Other options\n   - Economy Price: $130\n", []),
    ],
)
def test_the_detector_is_generic_airline_records(response: str, flagged: list[str]) -> None:
    """The same detector, with the airline example profile, checks reservations, not box scores."""
    profile = Profile.from_file(EXAMPLES / "airline.toml")
    found = [f.identifier for f in _findings(response, profile, RESERVATION) if f.confidence >= 0.8]
    assert found == flagged


def test_example_profiles_load() -> None:
    """Both shipped example profiles are valid and carry attribution vocabulary."""
    for name in ("boxscore.toml", "airline.toml"):
        profile = Profile.from_file(EXAMPLES / name)
        assert profile.field_aliases


def test_guard_runs_attribution_by_default() -> None:
    """The detector is registered in BUILTIN, so a plain Guard reports its findings."""
    turn = {"tool_calls": [{"name": "box_score", "result": GAME}], "response": "Rudy Gay scored 38 points."}
    findings = Guard(Policy(), PROFILE).detect(turn)
    assert any(f.detector == "attribution" and f.kind == "misattributed_value" for f in findings)
