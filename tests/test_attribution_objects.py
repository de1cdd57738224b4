"""A verb that puts a figure on its object: "A held B to 44 percent" states B's figure.

Principle (``checks._is_object``): a number bound to a name right after one of the profile's
``object_links`` is read against that name alone; an earlier name in the sentence (the
subject) holding the same value does not explain it. Hand-written records, several
phrasings, two languages (the words come from the profile).
"""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

MATCH: dict[str, Any] = {
    "home": {"TEAM-NAME": "Otters", "TEAM-FG_PCT": "52", "TEAM-TOV": "9"},
    "away": {"TEAM-NAME": "Herons", "TEAM-FG_PCT": "44", "TEAM-TOV": "15"},
}
SALES: list[dict[str, Any]] = [
    {"region_name": "Northfield", "orders": 412, "returns": 37},
    {"region_name": "Southmoor", "orders": 268, "returns": 19},
]


def _profile(links: list[str]) -> Profile:
    return Profile.from_dict(
        {
            "name_fields": ["TEAM-NAME", "region_name"],
            "field_aliases": {
                "percent from the field": ["TEAM-FG_PCT"],
                "percent shooting": ["TEAM-FG_PCT"],
                "turnovers": ["TEAM-TOV"],
                "Prozent aus dem Feld": ["TEAM-FG_PCT"],
                "Ballverlusten": ["TEAM-TOV"],
                "returns": ["returns"],
            },
            "rules": {"attribution": {"object_links": links}},
        }
    )


LINKED = _profile(["held", "limited", "forced", "kept", "hielten die", "zwangen die"])
PLAIN = _profile([])


def _numbers(response: str, profile: Profile, result: Any = MATCH) -> list[str]:
    turn = {"tool_calls": [{"name": "report", "result": result}], "response": response}
    evidence = Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))
    found = AttributionDetector(profile).detect(evidence)
    return [f.identifier for f in found if f.evidence.get("category") == "NUMBER"]


@pytest.mark.parametrize(
    ("response", "result", "flagged"),
    [
        # 52 is the Otters' own figure: the Herons, whom they held, shot 44.
        ("The Otters held the Herons to 52 percent from the field.", MATCH, "52"),
        ("The Otters limited the Herons to 52 percent shooting.", MATCH, "52"),
        ("The Otters forced the Herons into 9 turnovers.", MATCH, "9"),
        ("Die Otters hielten die Herons bei 52 Prozent aus dem Feld.", MATCH, "52"),
        ("Die Otters zwangen die Herons zu 9 Ballverlusten.", MATCH, "9"),
        ("Northfield kept Southmoor to 37 returns.", SALES, "37"),
    ],
)
def test_a_figure_put_on_the_object_is_read_against_the_object(
    response: str, result: Any, flagged: str
) -> None:
    """The subject's equal value does not explain the object's figure."""
    assert _numbers(response, LINKED, result) == [flagged]
    # Without the link words, the subject named earlier may be the one meant: no finding.
    assert _numbers(response, PLAIN, result) == []


@pytest.mark.parametrize(
    ("response", "result"),
    [
        ("The Otters held the Herons to 44 percent from the field.", MATCH),
        ("The Otters forced the Herons into 15 turnovers.", MATCH),
        ("Die Otters hielten die Herons bei 44 Prozent aus dem Feld.", MATCH),
        ("Northfield kept Southmoor to 19 returns.", SALES),
        # No link before the name: the subject's figure stated after both names stays cleared.
        ("The Otters, facing the Herons, shot 52 percent from the field.", MATCH),
    ],
)
def test_the_objects_own_figure_is_not_flagged(response: str, result: Any) -> None:
    """The object's true figure, or a sentence with no object link, gives no finding."""
    assert _numbers(response, LINKED, result) == []


# ---------------------------------------------------------------- back references
ROSTER: dict[str, Any] = {
    "PLAYER_NAME": {"0": "Ada Brook", "1": "Cy Dunmore"},
    "PTS": {"0": "23", "1": "23"},
    "AST": {"0": "12", "1": "2"},
    "STL": {"0": "1", "1": "4"},
}
REFERRING = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME"],
        "field_aliases": {"assists": ["AST"], "steals": ["STL"], "Vorlagen": ["AST"], "Steals": ["STL"]},
        "number_words": {"two": 2, "four": 4, "one": 1, "zwei": 2, "vier": 4},
        "rules": {
            "attribution": {
                "back_references": {
                    "the former": "first",
                    "the latter": "second",
                    "ersterer": "first",
                    "letzterer": "second",
                }
            }
        },
    }
)


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        # "the former" is Ada Brook (12 assists), not Cy Dunmore, the nearest name.
        ("Ada Brook and Cy Dunmore scored 23 each, with the former adding two assists.", ["two"]),
        ("Ada Brook and Cy Dunmore scored 23 each, the latter adding 12 assists.", ["12"]),
        ("Ada Brook und Cy Dunmore trafen je 23, wobei ersterer zwei Vorlagen gab.", ["zwei"]),
        ("Ada Brook und Cy Dunmore trafen je 23, wobei letzterer 12 Vorlagen gab.", ["12"]),
        # Right figures for the one referred to: nothing.
        ("Ada Brook and Cy Dunmore scored 23 each, with the former adding 12 assists.", []),
        ("Ada Brook and Cy Dunmore scored 23 each, the latter adding four steals.", []),
        ("Ada Brook und Cy Dunmore trafen je 23, wobei letzterer vier Steals holte.", []),
    ],
)
def test_a_back_reference_names_the_first_or_second_of_two(response: str, flagged: list[str]) -> None:
    """The figures after "the former"/"the latter" are read against that name alone."""
    assert _numbers(response, REFERRING, ROSTER) == flagged


def test_a_back_reference_with_one_name_before_it_names_nothing() -> None:
    """With fewer than two names before it, the phrase refers to nothing: the usual binding holds."""
    assert _numbers("Ada Brook starred; the former champion had two assists.", REFERRING, ROSTER) == ["two"]


def test_a_back_reference_must_say_first_or_second() -> None:
    """Anything but "first" or "second" is a profile error naming the key."""
    with pytest.raises(ProfileError, match="back_references"):
        AttributionDetector(
            Profile.from_dict({"rules": {"attribution": {"back_references": {"the former": 1}}}})
        )
    with pytest.raises(ProfileError, match=r"back_references\.the former"):
        AttributionDetector(
            Profile.from_dict({"rules": {"attribution": {"back_references": {"the former": "third"}}}})
        )


# ---------------------------------------------------------------- a list stays with its entity
LISTING = Profile.from_dict(
    {
        "name_fields": ["PLAYER_NAME"],
        "field_aliases": {
            "points": ["PTS"],
            "steals": ["STL"],
            "assists": ["AST"],
            "Punkte": ["PTS"],
            "Steals": ["STL"],
            "Vorlagen": ["AST"],
        },
    }
)


@pytest.mark.parametrize(
    ("response", "flagged"),
    [
        # Ada Brook's list: 4 steals is Cy Dunmore's figure, but the list is Ada Brook's (1).
        ("Cy Dunmore scored 23 points, while Ada Brook added 23 points, 12 assists and 4 steals.", ["4"]),
        ("Cy Dunmore had 23 points, and Ada Brook posted 23 points and 4 steals.", ["4"]),
        (
            "Cy Dunmore erzielte 23 Punkte, während Ada Brook 23 Punkte, 12 Vorlagen und 4 Steals holte.",
            ["4"],
        ),
        # The list's right figures: nothing.
        ("Cy Dunmore scored 23 points, while Ada Brook added 23 points, 12 assists and 1 steals.", []),
    ],
)
def test_a_list_of_figures_stays_with_its_entity(response: str, flagged: list[str]) -> None:
    """Once a name's figures are being listed, an earlier name's equal value does not explain one."""
    assert _numbers(response, LISTING, ROSTER) == flagged


def test_a_first_figure_may_still_be_the_earlier_names() -> None:
    """Before any figure is listed for the nearest name, an earlier name may still be the one meant."""
    assert _numbers("Cy Dunmore was sharp, and Ada Brook watched him get 4 steals.", LISTING, ROSTER) == []
