"""The attribution package's contracts: validated settings, the record scope, the shared tokeniser."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard, Policy, Profile
from nofab.detectors.attribution import AttributionDetector
from nofab.detectors.attribution.scope import in_scope
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.language.sentences import sentence_spans, tokenize


# ---------------------------------------------------------------- settings
@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"skip_word": ["averaging"]}, "rules.attribution"),  # a typo of skip_words
        ({"proper_names": "yes"}, "rules.attribution.proper_names"),
        ({"unbound_numbers": 1}, "rules.attribution.unbound_numbers"),
        ({"skip_words": "averaging"}, "rules.attribution.skip_words"),
        ({"opposing_words": ["beat", 3]}, "rules.attribution.opposing_words[1]"),
        ({"rank_phrases": {"on the team": ["PTS"]}}, "rules.attribution.rank_phrases.on the team"),
        ({"field_labels": {"price": "prices.economy"}}, "rules.attribution.field_labels.price"),
        ({"field_labels": ["price"]}, "rules.attribution.field_labels"),
        ({"min_value": "ten"}, "rules.attribution.min_value"),
        ({"bound_words": {"over": "up"}}, "rules.attribution.bound_words.over"),
        ({"winning_words": "beat"}, "rules.attribution.winning_words"),
    ],
)
def test_a_wrong_setting_is_refused_naming_its_key(rules: dict[str, Any], where: str) -> None:
    """A typo or a wrong type in [rules.attribution] never silently keeps a default."""
    profile = Profile.from_dict({"rules": {"attribution": rules}})
    with pytest.raises(ProfileError) as raised:
        AttributionDetector(profile)
    assert where in str(raised.value)


def test_every_documented_setting_is_accepted() -> None:
    profile = Profile.from_dict(
        {
            "rules": {
                "attribution": {
                    "beyond_phrases": ["in a row"],
                    "bound_words": {"over": "above"},
                    "group_links": ["were led by"],
                    "winning_words": ["defeated"],
                    "field_labels": {"economy price": ["prices.economy"]},
                    "filler_words": ["of"],
                    "member_links": ["led the way for"],
                    "min_value": 2,
                    "not_names": ["Premium"],
                    "opposing_words": ["beat"],
                    "proper_names": True,
                    "rank_phrases": {"on the team": "PTS"},
                    "record_phrases": ["season high"],
                    "skip_words": ["averaging"],
                    "unbound_numbers": False,
                }
            }
        }
    )
    assert AttributionDetector(profile).vocabulary.record_phrases == (("season", "high"),)


# ---------------------------------------------------------------- scope
FLIGHTS = [{"flight_number": "QX101", "price": 120}, {"flight_number": "QX202", "price": 340}]
USER = {"user_id": "lena_ortiz_17", "name": "Lena Ortiz", "membership": "gold"}


def _evidence(response: str, results: list[Any], profile: Profile) -> Evidence:
    turn = {
        "tool_calls": [{"name": f"tool_{i}", "result": r} for i, r in enumerate(results)],
        "response": response,
    }
    return Evidence(Guard(Policy(), profile)._coerce(turn), profile, lexicon_for(profile))


@pytest.mark.parametrize(
    ("response", "wanted"),
    [
        ("Flight QX101 costs $120.", {"tool_calls[0]"}),
        ("Your profile, Lena Ortiz, is gold.", {"tool_calls[1]"}),
        ("Ms. Ortiz, flight QX202 is $340.", {"tool_calls[0]", "tool_calls[1]"}),
        ("There is nothing to report.", set()),
    ],
)
def test_records_are_built_only_for_results_the_answer_names(response: str, wanted: set[str]) -> None:
    """A result none of whose naming values the answer holds cannot bind anything: not read."""
    scope = in_scope(_evidence(response, [FLIGHTS, USER], Profile()), ())
    assert {r.where.split(".")[0] for r in scope.records} == wanted
    assert scope.named


@pytest.mark.parametrize(
    ("response", "wanted"),
    [
        ("Flight QX101 costs $120.", {"tool_calls[0]"}),
        ("Your profile, Lena Ortiz, is gold.", {"tool_calls[1]"}),
        ("There is nothing to report.", set()),
    ],
)
def test_a_long_answer_reads_the_same_scope(response: str, wanted: set[str]) -> None:
    """Past a few KB the answer's words are read into a set at once instead of testing each
    naming word as a substring (linear, not words x answer): the records in scope are the same."""
    padding = " Nothing else happened today." * 400
    scope = in_scope(_evidence(response + padding, [FLIGHTS, USER], Profile()), ())
    assert {r.where.split(".")[0] for r in scope.records} == wanted


@pytest.mark.parametrize(
    "responses",
    [
        ["Flight QX101 costs $120.", "Lena Ortiz is gold.", "Nothing else, thanks."],
        ["Ms. Ortiz, QX202 is $340.", "QX101 it is.", "Lena Ortiz, QX101 and QX202."],
    ],
)
def test_the_scope_through_the_guards_cache_is_the_scope_without_it(responses: list[str]) -> None:
    """Across the turns of a conversation each result's naming words are read once (served
    from the cache from the second turn), and the scope is the one an uncached index gives."""
    from nofab.evidence.results import ResultCache

    cache = ResultCache()
    for response in responses:
        fresh = _evidence(response, [FLIGHTS, USER], Profile())
        cached = Evidence(fresh.turn, fresh.profile, fresh.lexicon, cache=cache)
        assert in_scope(cached, ("name",)) == in_scope(fresh, ("name",))
    stats = cache.stats()
    assert stats["derived"] == 2  # one reading per result, not one per turn
    assert stats["hits"] > stats["misses"]


@pytest.mark.parametrize(
    "response",
    [
        "Flight QX101 costs $150.",
        "Flight QX202 is priced at $120 for one passenger.",
        "Lena Ortiz, flight QX101 is $999.",
    ],
)
def test_an_unnamed_result_changes_no_finding(response: str) -> None:
    """Findings are the same whether or not results the answer never names are in the turn."""
    profile = Profile.from_dict({"field_aliases": {"dollars": ["price"]}})
    detector = AttributionDetector(profile)
    alone = list(detector.detect(_evidence(response, [FLIGHTS], profile)))
    crowded = list(detector.detect(_evidence(response, [FLIGHTS, {"rows": [USER] * 3}], profile)))
    assert [(f.kind, f.span) for f in alone] == [(f.kind, f.span) for f in crowded]


def test_a_known_name_is_checked_when_the_answer_names_no_record() -> None:
    """Known names need no mention of a record: the records are built when one is found."""
    profile = Profile.from_dict({"known_entities": ["Marta Vidal"]})
    found = list(AttributionDetector(profile).detect(_evidence("Marta Vidal booked it.", [FLIGHTS], profile)))
    assert [(f.kind, f.identifier) for f in found] == [("ungrounded_entity", "Marta Vidal")]


# ---------------------------------------------------------------- the shared tokeniser
def test_tokens_keep_numbers_whole_and_glued_letters_as_words() -> None:
    assert [t.text for t in tokenize("Gay's 1,200 pts, 3Pt 45.5 24th")] == [
        "Gay's",
        "1,200",
        "pts",
        ",",
        "3Pt",
        "45.5",
        "24th",
    ]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("One. Two! Three? Four; five", ["One.", "Two!", "Three?", "Four;", "five"]),
        ("- item one\n- item two", ["- item one", "- item two"]),
        ("Der Preis ist 5 €. Danke", ["Der Preis ist 5 €.", "Danke"]),
    ],
)
def test_sentences_end_at_stops_and_line_breaks(text: str, sentences: list[str]) -> None:
    assert [text[a:b] for a, b in sentence_spans(text)] == sentences


def test_sentence_indices_only_grow() -> None:
    indices = [t.sentence for t in tokenize("A b.\n\nC d. E\nf")]
    assert indices == sorted(indices)
    assert len(set(indices)) == 3 + 1  # "A b." / "C d." / "E" / "f"
