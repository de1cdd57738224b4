"""TextMemo: a reading is built once per kept text, found again by content, and bounded."""

from __future__ import annotations

from nofab.detectors.textmemo import SIGHTS, TextMemo


def _counting() -> tuple[TextMemo[int], list[str]]:
    built: list[str] = []

    def build(text: str) -> int:
        built.append(text)
        return len(text)

    return TextMemo(build, entries=2, chars=100), built


def test_of_builds_a_text_once_and_finds_it_again_by_content() -> None:
    memo, built = _counting()
    text = "".join(["res", "ult"])  # a different string object with the same content
    assert memo.of("result") == 6
    assert memo.of(text) == 6
    assert memo.of("result") == 6
    assert built == ["result"]


def test_build_always_reads_the_text_again() -> None:
    memo, built = _counting()
    memo.build("abc")
    memo.build("abc")
    assert built == ["abc", "abc"]


def test_reading_waits_for_the_sights_unless_asked_now() -> None:
    memo, built = _counting()
    for _ in range(SIGHTS - 1):
        assert memo.reading("seen") is None
    assert memo.reading("seen") == 4
    assert memo.reading("other", now=True) == 5
    assert built == ["seen", "other"]


def test_the_oldest_kept_text_goes_first_past_the_entry_bound() -> None:
    memo, built = _counting()
    for text in ("a", "bb", "ccc"):
        memo.of(text)
    assert memo.get("a") is None
    assert memo.get("ccc") == 3
    memo.of("a")
    assert built == ["a", "bb", "ccc", "a"]


def test_a_text_over_the_character_bound_is_read_but_never_kept() -> None:
    memo, built = _counting()
    long = "x" * 101
    assert memo.of(long) == 101
    assert memo.of(long) == 101
    assert memo.get(long) is None
    assert len(built) == 2
