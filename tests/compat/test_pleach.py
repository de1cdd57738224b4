"""nofab.compat.pleach: Pleach's applyFabricationGuard, single detectors and constants."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from nofab import Finding, SessionTracker
from nofab.compat import pleach
from nofab.errors import InputError, TurnError
from nofab.evidence.index import Evidence

ORDERS = {
    "orders": [{"order_id": "ORD-1001", "item": "Desk lamp"}, {"order_id": "ORD-1002", "item": "Monitor arm"}]
}
INFLATED = (
    "Here are your 4 orders:\n\n1. ORD-1001 - Desk lamp\n2. ORD-1002 - Monitor arm\n"
    "3. ORD-1003 - USB hub\n4. ORD-1004 - Keyboard\n\nAnything else?"
)
PHANTOM = (
    "Lisbon is at 38.72, -9.14.\n\nI checked get_weather_forecast for tomorrow: light rain, pack an umbrella."
)
FAILED_REF = "I searched the corpus.\n\nAccording to fetch_url, the page reports 42% growth this year."


def test_a_paragraph_citing_a_failed_tool_is_wiped_and_the_partition_reported() -> None:
    """camelCase params (as Pleach's callers write them): the failed tool's paragraph goes."""
    result = pleach.apply_fabrication_guard(
        {
            "fullContent": FAILED_REF,
            "failedToolNames": ["fetch_url"],
            "executedToolNames": ["search_corpus", "fetch_url"],
            "totalToolCount": 2,
            "toolResultsRaw": '{"search_corpus": [{"title": "a"}]}',
        },
        {"quantitativePatterns": []},
    )
    assert result.triggered
    assert result.preserved_content == "I searched the corpus."
    assert (result.preserved_paragraphs, result.wiped_paragraphs) == (1, 1)
    assert result.unavailable_tool_names == ["fetch_url"] == result.api_failed_tool_names
    assert result.guard_blocked_tool_names == []
    assert result.phantom_tools is None and result.data_inflation is None


def test_snake_case_params_and_a_dataclass_give_the_same_result() -> None:
    """The Python names and the dataclasses are accepted as well as Pleach's camelCase."""
    snake = {
        "full_content": FAILED_REF,
        "failed_tool_names": ["fetch_url"],
        "executed_tool_names": ["fetch_url"],
    }
    typed = pleach.ApplyFabricationGuardParams(
        full_content=FAILED_REF, failed_tool_names=["fetch_url"], executed_tool_names=["fetch_url"]
    )
    assert pleach.apply_fabrication_guard(snake) == pleach.apply_fabrication_guard(typed)


def test_a_phantom_tool_is_reported_with_its_registry_status_and_replacement() -> None:
    """Cited but never run; not in allKnownToolNames; the wipe strategy names the real tool."""
    params = {
        "fullContent": PHANTOM,
        "executedToolNames": ["geocode"],
        "allKnownToolNames": ["geocode", "weather_lookup"],
        "totalToolCount": 1,
        "toolResultsRaw": {"geocode": {"lat": 38.72, "lon": -9.14}},
    }
    for strategy in ({"get_weather_forecast": "weather_lookup"}, lambda name: "weather_lookup"):
        result = pleach.apply_fabrication_guard(params, {"phantomWipeStrategy": strategy})
        assert result.phantom_tools == ["get_weather_forecast"]
        assert result.phantom_tools_not_in_registry == ["get_weather_forecast"]
        assert result.phantom_replacements == [
            {"phantom": "get_weather_forecast", "replacement": "weather_lookup"}
        ]
        assert "get_weather_forecast" in result.unavailable_tool_names
        assert result.preserved_content.startswith("Lisbon is at 38.72")


def test_the_same_phantom_wiped_twice_in_a_session_escalates() -> None:
    """The caller's tracker (Pleach's phantomWipeTracker) sees the second wipe."""
    tracker = SessionTracker()
    params = {
        "fullContent": PHANTOM,
        "executedToolNames": ["geocode"],
        "toolResultsRaw": {"geocode": {"lat": 38.72}},
    }
    first = pleach.apply_fabrication_guard(params, {"phantomWipeTracker": tracker})
    second = pleach.apply_fabrication_guard(params, {"phantomWipeTracker": tracker})
    assert first.phantom_wipe_escalation is None
    assert second.phantom_wipe_escalation == {
        "overlapping_tools": ["get_weather_forecast"],
        "session_wipe_count": 2,
    }


def test_more_rows_than_the_tool_returned_is_data_inflation() -> None:
    """toolResultsRaw keyed by tool name gives each tool its own rows."""
    result = pleach.apply_fabrication_guard(
        {
            "fullContent": INFLATED,
            "executedToolNames": ["list_orders"],
            "toolResultsRaw": {"list_orders": ORDERS},
        }
    )
    assert result.data_inflation == [{"tool_name": "list_orders", "claimed_rows": 4, "actual_rows": 2}]


def test_an_entity_absent_from_the_tool_results_is_ungrounded() -> None:
    """A named id the tools never returned."""
    result = pleach.apply_fabrication_guard(
        {
            "fullContent": "Your last order is ORD-2291.\n\nAlso check your backup order ORD-2290.",
            "executedToolNames": ["get_last_order"],
            "toolResultsRaw": {"get_last_order": {"order_id": "ORD-2291"}},
        }
    )
    assert result.ungrounded_entities == ["ORD-2290"]
    assert result.preserved_content == "Your last order is ORD-2291."


class _OrderFormat:
    """A host detector: order ids must be ORD- and 4 digits."""

    id = "order-id-format"
    version = "0.1.0"
    kinds = ("malformed_order_id",)

    def __init__(self, profile: Any) -> None:
        del profile

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        for m in re.finditer(r"\bORD-\d{1,3}\b", evidence.answer):
            yield Finding(
                "malformed_order_id", self.id, m.group(), 0.9, m.span(), "not ORD- and 4 digits", "medium"
            )


def test_host_detectors_come_back_as_plugin_findings() -> None:
    """Pleach's contributeFabricationDetectors: the finding is in pluginFindings and wipes."""
    # (the order is the tool's own, so only the host detector's format rule reads it: an order
    # reference no evidence held would be the built-in entities detector's, labelledids)
    result = pleach.apply_fabrication_guard(
        {
            "fullContent": "All done.\n\nYour order is ORD-12.",
            "executedToolNames": ["get_order"],
            "toolResultsRaw": {"get_order": {"order_id": "ORD-12"}},
        },
        detectors=[_OrderFormat],
    )
    assert [(f["detector_id"], f["severity"]) for f in result.plugin_findings] == [
        ("order-id-format", "medium")
    ]
    assert result.preserved_content == "All done."


def test_a_clean_turn_passes_untouched() -> None:
    """Nothing fired: not triggered, the content and paragraph count as given."""
    text = "Your order ORD-1001 is a desk lamp.\n\nAnything else?"
    result = pleach.apply_fabrication_guard(
        {"fullContent": text, "executedToolNames": ["list_orders"], "toolResultsRaw": {"list_orders": ORDERS}}
    )
    assert not result.triggered and result.preserved_content == text
    assert (result.preserved_paragraphs, result.wiped_paragraphs) == (2, 0)
    camel = result.to_camel()
    assert camel["preservedParagraphs"] == 2 and "phantomTools" not in camel


@pytest.mark.parametrize(
    ("params", "config", "where"),
    [
        ({"fullContent": "x", "failedTools": ["a"]}, {}, "params"),  # a misspelt key
        ({}, {}, "params.fullContent"),
        ({"fullContent": 3}, {}, "params.fullContent"),
        ({"fullContent": "x", "failedToolNames": "fetch_url"}, {}, "params.failedToolNames"),
        ({"fullContent": "x"}, {"degenerateProseConfig": {"shortWords": 1}}, "degenerate_prose_config"),
        ({"fullContent": "x"}, {"quantitativePatterns": ["("]}, "quantitative_patterns[0]"),
    ],
)
def test_bad_input_is_one_error_naming_the_field(params: Any, config: Any, where: str) -> None:
    """A misspelt or mistyped field never silently changes the result."""
    with pytest.raises(InputError) as caught:
        pleach.apply_fabrication_guard(params, config)
    assert caught.value.where == where


# ------------------------------------------------------------------ single detectors
def test_the_exported_constants_are_pleachs() -> None:
    """DEFAULT_BULK_FAILURE_* ship with Pleach's values."""
    assert pleach.DEFAULT_BULK_FAILURE_PATTERN_THRESHOLD == 3
    assert pleach.DEFAULT_BULK_FAILURE_MIN_LENGTH == 800
    assert pleach.DEFAULT_BULK_FAILURE_RATIO_THRESHOLD == 0.8


BULK = "Q3 summary. " + " ".join(
    f"Region {r} grew {n}% to ${n * 3}.4M in revenue." for r, n in zip("ABCDEFGH", range(11, 19), strict=True)
)
BULK = (BULK + " ") * (800 // len(BULK) + 1)


@pytest.mark.parametrize(
    ("failed", "total", "detected"),
    [(4, 5, True), (5, 5, True), (3, 5, False), (0, 0, False)],
)
def test_bulk_failure_needs_most_tools_failed(failed: int, total: int, detected: bool) -> None:
    """Ratio >= 0.8 and >= 3 distinct figures in a long answer."""
    result = pleach.detect_bulk_failure_fabrication(BULK, failed, total, [re.compile(r"\d+%")])
    assert result.detected is detected
    assert result.matched_patterns >= 3 and result.matched_examples


def test_bulk_failure_needs_a_long_answer() -> None:
    """Below DEFAULT_BULK_FAILURE_MIN_LENGTH characters nothing fires."""
    assert not pleach.detect_bulk_failure_fabrication(BULK[:400], 5, 5).detected


def test_confession_detectors() -> None:
    """Self-confession needs the prior job's 8-hex prefix; the method-result one is phrase-only."""
    text = "I apologize, I invented the churn figures in the summary of job 3fa85f64: it had not finished."
    prior = [{"toolName": "run_analysis", "jobId": "3fa85f64-5717-4562-b3fc-2c963f66afa6"}]
    assert pleach.detect_self_fabrication_confession(text, prior).detected
    other = [{"name": "run_analysis", "job_id": "aaaaaaaa-5717-4562-b3fc-2c963f66afa6"}]
    assert not pleach.detect_self_fabrication_confession(text, other).detected
    method = (
        "| term | coefficient |\n|---|---|\n| intercept | 1204.5 |\n| ad_spend | 3.87 |\n\n"
        "To be transparent, I didn't actually run the regression; the values above were not computed."
    )
    assert pleach.detect_method_result_fabrication_confession(method).detected
    assert not pleach.detect_method_result_fabrication_confession("The AUC was 0.91.").detected


def test_degenerate_prose_detector_and_its_config() -> None:
    """Garbled text fires; Pleach's degenerateProseConfig keys (camelCase) tune it."""
    salad = "the the of a to and, is. in it of the, a to. and is in, of it. the a, to of and. is in it, " * 3
    assert pleach.detect_degenerate_prose_quality(salad).detected
    normal = (
        "The incident began during the maintenance window when the primary database failed over to its "
        "replica. For fourteen minutes the service was read-only; writes queued and were replayed once the "
        "new primary accepted connections. No data was lost, and the team has since shortened the health "
        "check interval so that a failover is detected sooner."
    )
    assert not pleach.detect_degenerate_prose_quality(normal).detected
    assert pleach.detect_degenerate_prose_quality(normal, {"shortWordRatio": 0.0}).detected
    with pytest.raises(TurnError):
        pleach.detect_degenerate_prose_quality(normal, {"unknownKnob": 1})


def test_data_inflation_and_missing_tool_references() -> None:
    """Row counts per tool; a mention of an unavailable tool by name."""
    assert pleach.detect_data_inflation(INFLATED, {"list_orders": ORDERS}) == [
        pleach.DataInflation("list_orders", 4, 2)
    ]
    assert pleach.content_references_missing_tools(FAILED_REF, ["fetch_url"])
    assert not pleach.content_references_missing_tools("I searched the corpus.", ["fetch_url"])
    assert not pleach.content_references_missing_tools(FAILED_REF, [])


@pytest.mark.parametrize(
    ("error", "blocked"),
    [
        ("BLOCKED: duplicate", True),
        ("DUPLICATE: same call", True),
        ("HTTP 503: upstream timeout", False),
        (None, False),
    ],
)
def test_guard_blocked_partition(error: str | None, blocked: bool) -> None:
    """Guard refusals are not API failures, by predicate and by partition (mapping or aligned list)."""
    assert pleach.is_guard_blocked_failure(error) is blocked
    expected = {
        "api_failed_tool_names": [] if blocked else ["t"],
        "guard_blocked_tool_names": ["t"] if blocked else [],
    }
    assert pleach.partition_failed_tools(["t"], {"t": error} if error else {}) == expected
    assert pleach.partition_failed_tools(["t"], [error] if error else None) == expected


def test_the_result_serialises_to_pleachs_json() -> None:
    """to_camel: camelCase keys all the way down, JSON-ready."""
    result = pleach.apply_fabrication_guard(
        {
            "fullContent": INFLATED,
            "executedToolNames": ["list_orders"],
            "toolResultsRaw": {"list_orders": ORDERS},
        }
    )
    camel = json.loads(json.dumps(result.to_camel()))
    assert camel["dataInflation"] == [{"toolName": "list_orders", "claimedRows": 4, "actualRows": 2}]


def test_user_text_is_evidence() -> None:
    """nofab's userText: an id only the user gave is not an ungrounded entity."""
    params = {"fullContent": "I will look up your backup order ORD-2290 next.", "executedToolNames": []}
    assert pleach.apply_fabrication_guard(params).ungrounded_entities == ["ORD-2290"]
    given = {**params, "userText": "My backup order is ORD-2290."}
    assert pleach.apply_fabrication_guard(given).ungrounded_entities is None
