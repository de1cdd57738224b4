"""``nofab check`` on whole transcripts: auto-detection, one verdict per turn, worst-turn exit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nofab.cli.main import main

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "transcripts"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.json")))
def test_json_report_has_one_verdict_per_turn(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Each fixture prints {"turns": [...], "summary": {...}}; only the last turn (a claimed
    cancellation whose tool failed) is flagged, so the exit status is 1."""
    code, out, err = run(capsys, str(FIXTURES / name), "--format", "json")
    report = json.loads(out)
    assert code == 1 and err == ""
    turns = report["turns"]
    assert [bool(t["findings"]) for t in turns] == [False] * (len(turns) - 1) + [True]
    assert {"index", "where", "findings", "action", "output"} <= set(turns[-1])
    assert "verb_claim" in {f["kind"] for f in turns[-1]["findings"]}
    assert report["summary"]["turns"] == len(turns) and report["summary"]["blocking_turns"] == 1


def test_tau_bench_trajectory_and_episode_check_without_conversion(
    capsys: pytest.CaptureFixture[str], shared_data: Path, tmp_path: Path
) -> None:
    """A τ-bench message list and a whole episode object (with ``traj``) are checked as they
    are, with the same per-turn verdicts."""
    episodes = json.loads((shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json").read_text("utf-8"))
    episode = episodes[0]
    (tmp_path / "traj.json").write_text(json.dumps(episode["traj"]), "utf-8")
    (tmp_path / "episode.json").write_text(json.dumps(episode), "utf-8")
    code_traj, out_traj, _ = run(capsys, str(tmp_path / "traj.json"), "--format", "json")
    code_episode, out_episode, _ = run(capsys, str(tmp_path / "episode.json"), "--format", "json")
    traj, whole = json.loads(out_traj), json.loads(out_episode)
    assert code_traj == code_episode
    assert (
        [t["index"] for t in traj["turns"]]
        == [t["index"] for t in whole["turns"]]
        == [2, 4, 10, 14, 18, 26, 30]
    )
    assert [t["findings"] for t in traj["turns"]] == [t["findings"] for t in whole["turns"]]
    assert traj["summary"]["format"] == "openai-chat"


def test_exit_status_is_that_of_the_worst_turn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Dropping the one fabricated turn makes the same transcript exit 0."""
    messages = json.loads((FIXTURES / "openai_chat.json").read_text("utf-8"))
    (tmp_path / "clean.json").write_text(json.dumps(messages[:-1]), "utf-8")
    code, out, _ = run(capsys, str(tmp_path / "clean.json"), "--format", "json")
    assert code == 0 and json.loads(out)["summary"]["blocking_turns"] == 0


def test_table_shows_every_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """The table format prints a header and the answer of each turn, then a summary line."""
    code, out, _ = run(capsys, str(FIXTURES / "anthropic.json"), "--format", "table")
    assert code == 1
    for header in ("turn 1 · messages[1]", "turn 3 · messages[3]", "turn 7 · messages[7]"):
        assert header in out
    assert "3 turns (anthropic): 1 with findings, 1 at or above the threshold" in out


def test_input_format_forces_a_reader(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """--input-format reads the input with the named adapter, skipping detection."""
    messages = [
        {"role": "user", "content": [{"type": "text", "text": "hi"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Hello! How can I help?"}]},
    ]
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(messages), "utf-8")
    code, out, _ = run(capsys, str(path), "--format", "json", "--input-format", "anthropic")
    assert code == 0 and json.loads(out)["format"] == "anthropic"


def test_single_turn_output_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """A turn object still prints the one-verdict shape, not a transcript report."""
    code, out, _ = run(
        capsys,
        str(Path(__file__).resolve().parents[1] / "examples" / "fabricated_refund.json"),
        "--format",
        "json",
    )
    assert code == 1 and "turns" not in json.loads(out) and "findings" in json.loads(out)


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ('{"hello": 1}', (), "cannot tell the input format: saw an object with keys [hello]"),
        ('[{"role": "user", "content": "x"}, 3]', (), "messages[1]: must be a JSON object"),
        (
            '[{"role": "assistant", "tool_calls": [{"id": "c", "function": {}}]}]',
            (),
            "messages[0].tool_calls[0].function.name: is required",
        ),
        (
            '[{"role": "user", "content": "x"}]',
            ("--input-format", "otel"),
            "bad.json: must be a JSON object, got an array",
        ),
        ('{"content": [{"type": "text", "text": "4"}], "isError": false}', (), "no answer to check"),
    ],
)
def test_bad_transcripts_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, args: tuple[str, ...], message: str
) -> None:
    """Malformed or unrecognised transcripts exit 2 with one line on stderr naming the file and field."""
    path = tmp_path / "bad.json"
    path.write_text(content, "utf-8")
    code, out, err = run(capsys, str(path), *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"nofab: error: {path}") and message in err


def test_unknown_input_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """An --input-format outside the list exits 2 and names the valid choices."""
    code, _, err = run(capsys, str(FIXTURES / "mcp.json"), "--input-format", "xml")
    assert code == 2 and "openai-chat" in err


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_shipped_examples_are_flagged(capsys: pytest.CaptureFixture[str], name: str) -> None:
    """Each shipped transcript example ends in a fabricated refund that nofab flags (exit 1)."""
    code, out, _ = run(capsys, str(EXAMPLES / name), "--format", "json")
    assert code == 1
    assert {"verb_claim", "unverified_number"} <= set(json.loads(out)["summary"]["kinds"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"user_message": "hi", "tool_calls": []}', "response: is required"),
        ('{"response": null}', "response: must be a string, got null"),
    ],
)
def test_broken_single_turn_keeps_its_precise_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    """A turn object missing or mistyping ``response`` is still read as a turn, so the error
    names the field instead of failing format detection."""
    path = tmp_path / "turn.json"
    path.write_text(content, "utf-8")
    code, _, err = run(capsys, str(path))
    assert code == 2 and message in err


def test_transcript_without_answers_warns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A transcript with no assistant text exits 0 but says so in the summary."""
    path = tmp_path / "users.json"
    path.write_text('[{"role": "user", "content": "hello?"}]', "utf-8")
    code, out, _ = run(capsys, str(path), "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["turns"] == []
    assert report["summary"]["warnings"] == ["no assistant text found in this openai-chat transcript"]
