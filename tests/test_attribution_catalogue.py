"""Attribution reads each named result once and joins results per turn: the same answers.

Principle (``catalogue``): what attribution derives from one tool result alone (name forms,
derived fields, owners of names, weekdays) is kept with the result in the guard's cache, and
what crosses results (a name of one result held as a value by another) is worked out per
turn. Joining the per-result readings must give exactly what reading every record of the
turn at once gives, and a conversation must get the same findings with the cache as without.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.detectors.attribution.catalogue import Catalogue, Catalogues, ResultView, record_weekdays
from nofab.detectors.attribution.matcher import FormMatcher
from nofab.detectors.attribution.membership import group_indices, groups
from nofab.detectors.attribution.mentions import record_forms
from nofab.detectors.attribution.names import _holds
from nofab.detectors.attribution.scope import in_scope
from nofab.detectors.attribution.vocabulary import alternation
from nofab.evidence.index import Evidence
from nofab.evidence.records import Record, RecordFinder, as_number
from nofab.evidence.results import ResultCache
from nofab.language.lexicon import lexicon_for

# Teams in one result, players (whose team is a value) in another: groups cross results.
TEAMS = [{"TEAM-NAME": "Otters", "TEAM-CITY": "Lakeside", "PTS": 101}, {"TEAM-NAME": "Herons", "PTS": 99}]
PLAYERS = [
    {"PLAYER_NAME": "Ada Brook", "TEAM": "Otters", "PTS": 24, "AST": 7},
    {"PLAYER_NAME": "Eli Fenn", "TEAM": "Herons", "PTS": 31, "AST": 2},
    {"PLAYER_NAME": "Otto Porter Jr.", "TEAM": "Herons", "PTS": 9, "AST": 1},
]
# The same kind of data in German field names and words ("Mannschaft", "Spieler").
MANNSCHAFTEN = [{"name": "Adler", "punkte": 88}, {"name": "Falken", "punkte": 91}]
SPIELER = [
    {"name": "Jonas Weber", "mannschaft": "Adler", "punkte": 20},
    {"name": "Lena Vogel", "mannschaft": "Falken", "punkte": 27},
]
SAME_NAME = [{"name": "Ada Brook", "role": "coach", "games": 12}]


def _records(results: list[Any], fields: tuple[str, ...] = ()) -> list[tuple[Record, ...]]:
    return [tuple(RecordFinder(fields).find(r, f"tool_calls[{i}].result")) for i, r in enumerate(results)]


@pytest.mark.parametrize(
    ("results", "fields"),
    [
        ([TEAMS, PLAYERS], ("TEAM-NAME", "PLAYER_NAME")),
        ([PLAYERS, TEAMS], ("TEAM-NAME", "PLAYER_NAME")),  # members before their groups
        ([TEAMS, PLAYERS, SAME_NAME], ("TEAM-NAME", "PLAYER_NAME", "name")),  # a name in two results
        ([MANNSCHAFTEN, SPIELER], ()),
        ([SPIELER], ()),  # members whose groups no result holds
        ([TEAMS + PLAYERS], ("TEAM-NAME", "PLAYER_NAME")),  # one result holding both
    ],
)
def test_joined_views_read_what_all_records_read_at_once(results: list[Any], fields: tuple[str, ...]) -> None:
    """Name forms (with the singular forms of groups), groups and group membership of the
    joined per-result views equal those of every record of the turn read together."""
    per_result = _records(results, fields)
    everything = [r for records in per_result for r in records]
    catalogue = Catalogue([ResultView(records, {}) for records in per_result])
    assert list(catalogue.records) == everything
    assert {k: set(v) for k, v in catalogue.forms.items()} == record_forms(everything)
    assert catalogue.member_of == groups(everything)
    assert {i for i in range(len(everything)) if catalogue.is_group(i)} == group_indices(everything)


def test_a_group_is_named_in_the_singular_across_results() -> None:
    """ "the only other Heron": the team of another result is a group, so its singular names it."""
    per_result = _records([TEAMS, PLAYERS], ("TEAM-NAME", "PLAYER_NAME"))
    forms = Catalogue([ResultView(records, {}) for records in per_result]).forms
    assert forms["Heron"] == {1} and forms["Otter"] == {0}
    alone = Catalogue([ResultView(per_result[0], {})]).forms  # no member: not a group
    assert "Heron" not in alone


def test_a_lone_result_without_groups_keeps_its_own_forms_and_matcher() -> None:
    """Plural names that name no group ("Otters" with no member) add no form: the catalogue of
    one such result reuses the result's forms and prepared matcher (nothing rebuilt per
    turn); once the same result also holds members, the singular forms are added
    ("Otter") and the catalogue has its own."""
    fields = ("TEAM-NAME", "PLAYER_NAME")
    (alone,) = _records([TEAMS], fields)
    view = ResultView(alone, {})
    catalogue = Catalogue([view])
    assert view.singulars  # plural names, whose singulars are candidates
    assert catalogue.forms is view.forms and catalogue.matcher is view.matcher
    (both,) = _records([TEAMS + PLAYERS], fields)
    own = ResultView(both, {})
    joined = Catalogue([own])
    assert {k: set(v) for k, v in joined.forms.items()} == record_forms(list(both))
    assert "Otter" in joined.forms and "Otter" not in own.forms
    assert joined.matcher is not own.matcher


def test_derived_fields_and_weekdays_are_read_per_result() -> None:
    raw = tuple(RecordFinder(()).find([{"name": "A", "FGM": 3, "FTM": 4, "date": "2024-05-17"}], "r"))
    view = ResultView(raw, {"MADE": ("FGM", "FTM")})
    assert view.records[0].values["MADE"] == "7" and "MADE" not in view.raw[0].values
    assert view.weekdays(("%Y-%m-%d",)) == frozenset(record_weekdays(("%Y-%m-%d",), raw)) == {4}


def test_catalogues_are_kept_per_set_of_views() -> None:
    views = [ResultView(records, {}) for records in _records([TEAMS, PLAYERS])]
    kept = Catalogues(size=2)
    first = kept.get(views)
    assert kept.get(list(views)) is first  # the same views: the same joined reading
    assert kept.get(views[:1]) is not first
    kept.get(views[1:])
    assert kept.get(views) is not first  # bounded: the oldest went out
    few = Catalogues(records=len(first.records) * 10)  # ten such catalogues in all
    one = few.get(views)
    assert few.get(views) is one
    others = [[ResultView(r, {}) for r in _records([TEAMS, PLAYERS])] for _ in range(10)]
    for other in others:
        few.get(other)  # eleven kept would hold more records than the bound: the oldest goes
    assert few.get(views) is not one
    assert Catalogues(records=10).get(views) is not Catalogues(records=10).get(views)  # too big to keep


# ---------------------------------------------------------------- the scope's two ways
def _evidence(
    response: str, results: list[Any], profile: Profile, cache: ResultCache | None = None
) -> Evidence:
    turn = Guard(Policy(), profile)._coerce(
        {"tool_calls": [{"name": f"t{i}", "result": r} for i, r in enumerate(results)], "response": response}
    )
    return Evidence(turn, profile, lexicon_for(profile), cache=cache)


ROSTER = [{"name": f"Player{i} Surname{i}", "points": i} for i in range(200)]  # 200 naming words


@pytest.mark.parametrize(
    ("response", "wanted"),
    [
        ("Surname17 scored 17.", {"tool_calls[1]"}),
        ("Lena Ortiz booked it.", {"tool_calls[0]"}),
        ("Ortiz and Surname3 met.", {"tool_calls[0]", "tool_calls[1]"}),
        ("Surname scored a lot.", set()),  # a prefix of naming words is no word of them
        ("Surname1700 and Ortizes met.", set()),  # naming words inside longer words: no word
        ("Surname1700 and Surname3 met.", {"tool_calls[1]"}),
        ("Nothing to report.", set()),
    ],
)
def test_many_naming_words_give_the_scope_few_do(response: str, wanted: set[str]) -> None:
    """Past 128 naming words the answer's words are read at once instead of testing each
    naming word as a substring: the results in scope are those a word of the answer names."""
    user = {"name": "Lena Ortiz"}
    few = in_scope(_evidence(response, [user, [*ROSTER[:4], ROSTER[17]]], Profile()), ())
    many = in_scope(_evidence(response, [user, ROSTER], Profile()), ())
    assert {r.where.split(".")[0] for r in many.records} == wanted
    assert {r.where.split(".")[0] for r in few.records} == wanted


def test_a_conversation_reads_each_result_once_and_finds_the_same() -> None:
    """Turns that carry earlier results: each result's naming words are walked once, records
    are built only for named results, and findings equal those of a guard with no history."""
    profile = Profile.from_dict(
        {
            "name_fields": ["TEAM-NAME", "PLAYER_NAME"],
            "field_aliases": {"points": ["PTS"], "assists": ["AST"]},
        }
    )
    answers = [
        "Ada Brook scored 25 points.",
        "Eli Fenn had 31 points and 4 assists.",
        "The weather was fine.",
        "Otto Porter added 9 points; Ada Brook had 7 assists.",
    ]
    carried = [
        [{"name": "teams", "result": TEAMS}, {"name": "players", "result": PLAYERS}],
        [{"name": "players", "result": PLAYERS}],
        [
            {"name": "teams", "result": TEAMS},
            {"name": "players", "result": PLAYERS},
            {"name": "t", "result": "sunny"},
        ],
        [{"name": "players", "result": PLAYERS}, {"name": "teams", "result": TEAMS}],  # other labels
    ]
    reused = Guard(Policy(load_plugins=False), profile)
    seen: list[tuple[str, str]] = []
    for calls, answer in zip(carried, answers, strict=True):
        turn = {"tool_calls": calls, "response": answer}
        fresh = Guard(Policy(load_plugins=False), profile)
        mine = [(f.kind, f.identifier, f.span, f.reason) for f in reused.detect(turn)]
        assert mine == [(f.kind, f.identifier, f.span, f.reason) for f in fresh.detect(turn)]
        seen += [(kind, identifier) for kind, identifier, _span, _reason in mine]
    assert ("misattributed_value", "25") in seen  # Ada Brook scored 24
    assert ("misattributed_value", "4") in seen  # Eli Fenn had 2 assists


def test_records_are_built_only_for_the_results_an_answer_names() -> None:
    cache = ResultCache()
    detector = AttributionDetector(Profile())
    # (no full stop: "Otto Porter Jr." ends in ".", a word of any answer that has one)
    list(detector.detect(_evidence("Nothing named here", [TEAMS, PLAYERS], Profile(), cache)))
    assert cache.stats()["results"] == 0
    list(detector.detect(_evidence("Eli Fenn played.", [TEAMS, PLAYERS], Profile(), cache)))
    assert cache.stats()["results"] == 1


# ---------------------------------------------------------------- the pieces read faster
_NAMES = st.text(st.sampled_from(list("abAB -.é")), min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("abAB -.é")), max_size=60), st.lists(_NAMES, max_size=8))
def test_known_names_are_found_where_the_alternation_finds_them(text: str, names: list[str]) -> None:
    pattern = alternation(names)
    matcher = FormMatcher(names)
    expected = [] if pattern is None else [(m.start(), m.end(), m.group()) for m in pattern.finditer(text)]
    assert list(matcher.find(text)) == expected
    assert matcher.found_in(text) == bool(expected)


def _float_or_none(text: str) -> float | None:
    cleaned = text.strip().replace(",", "")
    if not cleaned or len(cleaned) > 24:
        return None
    try:
        return float(cleaned)
    except ValueError:
        return None


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(list("0123456789.,-+_ eEinfatyINFATYxzé²١")), max_size=12))
def test_a_text_is_a_number_exactly_when_float_reads_it(text: str) -> None:
    """The quick "not a number" answer (a character float() never accepts) changes nothing."""
    got, want = as_number(text), _float_or_none(text)
    assert (got is None) == (want is None)
    if got is not None and want is not None:
        assert got == want or (math.isnan(got) and math.isnan(want))


@pytest.mark.parametrize("text", ["Rudy Gay", "inf", "1e5", "1_000", "١٢", "NaN", "12.5", "Infinity", "Net"])
def test_known_number_shapes(text: str) -> None:
    assert repr(as_number(text)) == repr(_float_or_none(text))


def test_a_record_reads_its_numbers_once_and_stays_equal() -> None:
    record = RecordFinder(()).find({"name": "Ada", "PTS": "24", "team": "Otters", "rate": "0.5"}, "r")[0]
    twin = RecordFinder(()).find({"name": "Ada", "PTS": "24", "team": "Otters", "rate": "0.5"}, "r")[0]
    assert record.number("PTS") == 24.0 and record.number("team") is None and record.number("nope") is None
    assert list(record.numeric_fields()) == [("PTS", 24.0), ("rate", 0.5)]
    assert record == twin  # the kept numbers are no part of what a record is


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["next", "game", "will", "the", "a"]), max_size=12),
    st.lists(st.sampled_from(["next", "game", "will", "the"]), min_size=1, max_size=3),
)
def test_a_phrase_is_found_where_it_stands(words: list[str], phrase: list[str]) -> None:
    n = len(phrase)
    naive = any(tuple(words[i : i + n]) == tuple(phrase) for i in range(len(words) - n + 1))
    assert _holds(words, tuple(phrase)) == naive


# ---------------------------------------------------------------- the naming walk
def _reference(finder: RecordFinder, value: Any, parent: str, depth: int) -> set[str]:
    """The naming texts as first written: strings under a naming key, or in an object under one."""
    out: set[str] = set()
    if depth > 12:
        return out
    if isinstance(value, list):
        for item in value:
            if isinstance(item, (dict, list)):
                out |= _reference(finder, item, parent, depth + 1)
        return out
    if not isinstance(value, dict):
        return out
    for key, item in value.items():
        if isinstance(item, str):
            if finder.is_naming_key(str(key), item) or (parent and finder.is_naming_key(parent, item)):
                out.add(item)
        elif isinstance(item, (dict, list)):
            out |= _reference(finder, item, str(key), depth + 1)
    return out


_KEYS = st.sampled_from(["name", "user_id", "city", "price", "status", "", "title", "Name", 1, "notes"])
_SCALARS = st.one_of(
    st.sampled_from(["Lena Ortiz", "QX101", "42", "  ", "gold", "Ada"]), st.integers(0, 9), st.none()
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_KEYS, inner, max_size=5)),
    max_leaves=40,
)


@settings(max_examples=400, deadline=None)
@given(_JSON, st.sampled_from([(), ("name",), ("", "city"), ("status",)]))
def test_the_naming_walk_finds_what_the_plain_walk_finds(value: Any, fields: tuple[str, ...]) -> None:
    from nofab.detectors.attribution.scope import _naming_texts

    found: set[str] = set()
    _naming_texts(RecordFinder(fields), value, False, 0, found)
    assert found == _reference(RecordFinder(fields), value, "", 0)
