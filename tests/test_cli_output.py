"""What ``nofab check`` prints and reads: the formats for people and machines, files of many
transcripts, and the input limits named with the file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from nofab import Guard, Policy, Turn
from nofab.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
CONCISE = re.compile(
    r"^(?P<place>\S+) (?P<start>\d+)-(?P<end>\d+) (?P<kind>[a-z_]+) (?P<conf>[01]\.\d\d)"
    r" (?P<ident>.+?) — (?P<reason>.+)$"
)

FABRICATED = {
    "response": "Your order total is $42.73 and I have refunded $19.99 to your card.",
    "user_message": "What is my order total?",
    "tool_calls": [{"name": "get_order", "result": {"total": 42.73}}],
}
GROUNDED = {**FABRICATED, "response": "Your order total is $42.73."}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def write(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def test_concise_is_one_unwrapped_line_per_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Off a terminal the default is concise: nothing wraps, however long the path or reason."""
    deep = tmp_path / ("a-rather-long-directory-name-" * 4)
    deep.mkdir()
    source = write(deep / "turn.json", FABRICATED)
    code, out, _ = run(capsys, source)
    verdict = Guard().check(Turn.from_dict(FABRICATED))
    lines = out.splitlines()
    assert code == 1 and len(lines) == len(verdict.findings) + 1
    for line, finding in zip(lines, verdict.findings, strict=False):
        match = CONCISE.match(line)
        assert match, line
        assert match["place"] == source and match["kind"] == finding.kind
        assert (int(match["start"]), int(match["end"])) == finding.span
    assert lines[-1].endswith(f"{len(verdict.blocking)} at or above the threshold 0.8")


def test_concise_names_each_turn_of_a_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    source = str(Path(__file__).parent / "fixtures" / "transcripts" / "openai_chat.json")
    code, out, _ = run(capsys, source, "--format", "concise")
    first = out.splitlines()[0]
    assert code == 1 and CONCISE.match(first)
    assert re.match(rf"^{re.escape(source)}:messages\[\d+\] ", first)


def test_github_annotations_escape_what_the_syntax_reserves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write(tmp_path / "odd,name:1.json", FABRICATED)
    code, out, _ = run(capsys, source, "--format", "github", "--threshold", "0.99")
    lines = out.splitlines()
    assert code == 0 and lines
    for line in lines:
        # below --threshold 0.99 every finding is a warning, not an error
        assert line.startswith("::warning file=") and "odd%2Cname%3A1.json,title=nofab " in line


def test_table_without_colour_marks_the_spans(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, write(tmp_path / "t.json", FABRICATED), "--format", "table")
    assert code == 1
    assert "[[$19.99]]" in out or "[[I have refunded]]" in out
    assert "$42.73" in out and "[[$42.73]]" not in out


def test_json_is_the_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, write(tmp_path / "t.json", GROUNDED), "--format", "json")
    assert code == 0
    assert json.loads(out) == Guard().check(Turn.from_dict(GROUNDED)).to_dict()


def test_a_file_of_trajectories_gets_one_verdict_per_turn(
    shared_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A τ-bench results file (an array of episodes) reads as audit reads it: item by item."""
    episodes = json.loads((shared_data / "tau-bench-airline" / "gpt-4o-airline-dev.json").read_text("utf-8"))[
        :3
    ]
    code, out, _ = run(capsys, write(tmp_path / "results.json", episodes), "--format", "json")
    report = json.loads(out)
    expected: list[tuple[str, list[Any]]] = []
    for i, episode in enumerate(episodes):
        _, one, _ = run(capsys, write(tmp_path / f"e{i}.json", episode), "--format", "json")
        expected += [(f"[{i}].{t['where']}", t["findings"]) for t in json.loads(one)["turns"]]
    assert report["format"] == "collection"
    assert [(t["where"], t["findings"]) for t in report["turns"]] == expected
    assert report["summary"]["turns"] == len(expected) > 3
    assert code == (1 if report["summary"]["blocking_turns"] else 0)


def test_a_file_of_turns_and_its_bad_item(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, write(tmp_path / "turns.json", [GROUNDED, FABRICATED]), "--format", "json")
    assert code == 1
    assert [bool(t["findings"]) for t in json.loads(out)["turns"]] == [False, True]
    source = write(
        tmp_path / "bad.json", [GROUNDED, {**GROUNDED, "tool_calls": [{"name": "f", "output": 1}]}]
    )
    code, _, err = run(capsys, source)
    assert code == 2
    assert (
        err.strip()
        == f"nofab: error: {source}: [1].tool_calls[0].output: unknown key; did you mean 'result'?"
    )


def test_answer_limit_names_the_file_and_the_cli_remedy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = write(tmp_path / "long.json", {**GROUNDED, "response": "Your order total is $42.73. " * 20})
    code, out, err = run(capsys, source, "--max-answer-chars", "100")
    assert code == 2 and out == ""
    assert err.startswith(f"nofab: error: {source}: response: is too large (560 characters, limit 100)")
    assert "--max-answer-chars" in err and "--on-oversize truncate" in err and len(err.splitlines()) == 1
    code, out, err = run(capsys, source, "--max-answer-chars", "100", "--on-oversize", "truncate")
    # The cut-off part was never checked: like a detector error, that is not a pass (exit 1).
    assert code == 1 and "truncated" in err


def test_oversized_file_reports_its_real_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 3_000_000)
    code, _, err = run(capsys, str(path), "--max-bytes", "1000000")
    assert code == 2
    assert err.strip() == (
        f"nofab: error: {path}: is 2.9 MB (3,000,000 bytes), over the 1,000,000-byte limit; "
        "raise it with --max-bytes"
    )


def test_help_states_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--max-bytes", "--max-answer-chars", "--on-oversize [error|truncate]", "default: 1000000"):
        assert words in text


def test_policy_default_is_the_cli_default(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", "--help"])
    assert f"default: {Policy().max_answer_chars}" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(
    ("profile", "field"),
    [
        ("[thresholds]\nverb_claim = 2\n", "thresholds.verb_claim: must be a number in [0, 1]"),
        ("[rules]\nbogus = 1\n", "rules.bogus: "),
        ('weekdays = ["Mon"]\n', "weekdays: must list 7 names"),
    ],
)
def test_profile_errors_read_file_field_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str, field: str
) -> None:
    """Every error location is written one way: ``FILE: FIELD.PATH: message``."""
    path = tmp_path / "my.toml"
    path.write_text(profile, "utf-8")
    code, _, err = run(capsys, write(tmp_path / "t.json", GROUNDED), "--profile", str(path))
    assert code == 2 and err.startswith(f"nofab: error: {path}: {field}")
