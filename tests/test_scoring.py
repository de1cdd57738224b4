"""Shared-task scoring: token spans, overlap, one use per submitted span, per-category filtering."""

from __future__ import annotations

import pytest

from scoring import Mark, score, token_offsets, tokens_of_span


def test_character_spans_map_to_one_based_whitespace_tokens() -> None:
    """A character span covers the 1-based inclusive range of whitespace tokens it touches."""
    text = "Rudy Gay scored 24 points ."
    offsets = token_offsets(text)
    assert tokens_of_span(offsets, (16, 18)) == (4, 4)
    assert tokens_of_span(offsets, (0, 8)) == (1, 2)
    assert tokens_of_span(offsets, (8, 9)) is None  # only the space between tokens


@pytest.mark.parametrize(
    ("gold", "submitted", "category", "expected"),
    [
        # one gold, one overlapping submission
        ([("d", 3, 3, "NUMBER")], [("d", 3, 3, "NUMBER")], None, (1, 1, 1)),
        # a submission spanning two gold errors recalls only one of them
        ([("d", 3, 3, "NAME"), ("d", 4, 4, "NAME")], [("d", 3, 4, "NAME")], None, (1, 2, 1)),
        # two submissions inside one gold error: one found, one wasted
        ([("d", 5, 6, "NAME")], [("d", 5, 5, "NAME"), ("d", 6, 6, "NAME")], None, (1, 1, 2)),
        # no overlap, other document
        ([("d", 1, 1, "NUMBER")], [("d", 2, 2, "NUMBER"), ("e", 1, 1, "NUMBER")], None, (0, 1, 2)),
        # per category: both sides filtered, so a NAME submission cannot find a NUMBER error
        ([("d", 1, 1, "NUMBER"), ("d", 2, 2, "NAME")], [("d", 1, 2, "NAME")], "NUMBER", (0, 1, 0)),
        ([("d", 1, 1, "NUMBER"), ("d", 2, 2, "NAME")], [("d", 1, 2, "NAME")], "NAME", (1, 1, 1)),
        # overall ignores categories
        ([("d", 1, 1, "NUMBER")], [("d", 1, 1, "NAME")], None, (1, 1, 1)),
    ],
)
def test_score_matches_hand_computed_cases(
    gold: list[tuple[str, int, int, str]],
    submitted: list[tuple[str, int, int, str]],
    category: str | None,
    expected: tuple[int, int, int],
) -> None:
    """found / gold / submitted come out as the shared task's rules give them by hand."""
    result = score([Mark(*g) for g in gold], [Mark(*s) for s in submitted], category)
    assert (result.found, result.gold, result.submitted) == expected


def test_recall_and_precision_are_ratios_and_zero_when_empty() -> None:
    """Recall is found/gold and precision found/submitted; nothing to divide by gives 0."""
    result = score([Mark("d", 1, 1, "X"), Mark("d", 3, 3, "X")], [Mark("d", 1, 1, "X")])
    assert (result.recall, result.precision) == (0.5, 1.0)
    empty = score([], [])
    assert (empty.recall, empty.precision) == (0.0, 0.0)
