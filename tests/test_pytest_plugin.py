"""The pytest plugin: ``assert_no_fabrication`` passes clean transcripts and fails fabricated
ones with a readable listing of the findings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nofab.config.policy import Policy
from nofab.model.turn import Turn
from nofab.pytest_plugin import assert_no_fabrication

pytest_plugins = ["pytester"]

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"
FABRICATED = FIXTURES / "openai_chat.json"


def clean_messages() -> list[dict[str, object]]:
    return json.loads(FABRICATED.read_text("utf-8"))[:-1]


def test_clean_transcript_passes_and_returns_verdicts() -> None:
    """A transcript with no fabrication passes and gives one verdict per turn."""
    verdicts = assert_no_fabrication(clean_messages())
    assert len(verdicts) == 2 and not any(v.blocking for v in verdicts)


def test_fabricated_transcript_fails_with_turn_kind_span_and_reason() -> None:
    """The failure lists the turn, the kind, the span marked under its sentence and the reason."""
    with pytest.raises(AssertionError) as info:
        assert_no_fabrication(FABRICATED)
    message = str(info.value)
    lines = message.splitlines()
    assert lines[0] == "nofab: 1 of 3 turns has fabrication at or above the threshold 0.8 (openai-chat)"
    assert "turn 8 at messages[8]:" in lines
    head = next(i for i, line in enumerate(lines) if line.startswith("  - verb_claim"))
    sentence, carets = lines[head + 1], lines[head + 2]
    marked = sentence[carets.index("^") : carets.rindex("^") + 1]
    assert marked == "I have cancelled"
    assert lines[head + 3].startswith("      reason: ") and "cancel_order" in lines[head + 3]


@pytest.mark.parametrize(
    "given",
    [
        FABRICATED,
        str(FABRICATED),
        FABRICATED.read_text("utf-8"),
        json.loads(FABRICATED.read_text("utf-8")),
    ],
    ids=["path", "path-string", "json-text", "decoded"],
)
def test_accepts_paths_json_text_and_decoded_json(given: object) -> None:
    """A path, a path string, JSON text and decoded JSON are all read the same way."""
    with pytest.raises(AssertionError, match="turn 8 at messages"):
        assert_no_fabrication(given)


def test_single_turn_and_threshold() -> None:
    """A Turn is checked as it is; raising the threshold above every confidence lets it pass."""
    turn = Turn(response="I sent the invoice (task_id=9f2b1e47aa).")
    with pytest.raises(AssertionError, match="1 of 1 turn has"):
        assert_no_fabrication(turn)
    assert assert_no_fabrication(turn, Policy(mode="observe"), threshold=1.0)[0].findings


def test_fixture_in_a_user_suite(pytester: pytest.Pytester) -> None:
    """In a user's suite the fixture fails the fabricated test with the findings listed and
    passes the clean one."""
    pytester.makepyfile(
        test_agent=f"""
        import json
        FABRICATED = {str(FABRICATED)!r}

        def test_fabricated(assert_no_fabrication):
            assert_no_fabrication(FABRICATED)

        def test_clean(assert_no_fabrication):
            messages = json.load(open(FABRICATED))[:-1]
            assert len(assert_no_fabrication(messages)) == 2
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*nofab: 1 of 3 turns has fabrication at or above the threshold 0.8 (openai-chat)*",
            "*turn 8 at messages[[]8[]]:*",
            "*- verb_claim (claims) confidence*'I have cancelled'*",
        ]
    )


def test_fixture_reads_ini_threshold(pytester: pytest.Pytester) -> None:
    """``nofab_threshold`` in the ini file sets the fixture's threshold."""
    pytester.makeini("[pytest]\nnofab_threshold = 1.0\n")
    pytester.makepyfile(
        test_agent=f"""
        def test_fabricated_but_lenient(assert_no_fabrication):
            assert_no_fabrication({str(FABRICATED)!r})
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(passed=1)


def test_plugin_is_registered_by_entry_point(pytester: pytest.Pytester) -> None:
    """Installed nofab registers the plugin: the fixture is there without ``-p``."""
    pytester.makepyfile(
        test_agent="""
        def test_has_fixture(assert_no_fabrication):
            assert callable(assert_no_fabrication)
        """
    )
    pytester.runpytest().assert_outcomes(passed=1)


def test_fixture_reads_ini_profile(pytester: pytest.Pytester) -> None:
    """``nofab_profile`` in the ini file loads that profile: per-kind thresholds in it decide."""
    pytester.makefile(".toml", lenient="[thresholds]\nverb_claim = 1.0\nunverified_number = 1.0\n")
    pytester.makeini("[pytest]\nnofab_profile = lenient.toml\n")
    pytester.makepyfile(
        test_agent=f"""
        def test_fabricated_but_lenient_profile(assert_no_fabrication):
            verdicts = assert_no_fabrication({str(FABRICATED)!r})
            assert {{f.kind for v in verdicts for f in v.findings}} == {{"verb_claim"}}
        """
    )
    pytester.runpytest().assert_outcomes(passed=1)
