"""`nofab audit` never stops on a record (issue 16.3): lone surrogates, integers over 4,300
digits and nesting past the decoder's depth become input errors at their file and line, the
run goes on, and a resumed run goes past them. `--input-format` forces one format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nofab.batch.audit import audit, settings_for
from nofab.batch.store import RunStore
from nofab.cli.main import main

OK = {"response": "Your order A-1042 has 3 items.", "tool_calls": [{"name": "o", "result": {"items": 3}}]}
DEEP = "[" * 5000 + "]" * 5000
HUGE = "7" * 4301


def rows(out: Path) -> list[tuple[int, str, str | None]]:
    store = RunStore(out, read_only=True)
    try:
        return [
            (int(p), str(s), e)
            for p, s, e in store.con.execute(
                "SELECT position, status, error FROM records ORDER BY source, position"
            ).fetchall()
        ]
    finally:
        store.close()


# Each poison written the ways a log writer might: in the answer, a tool result, a key, a list.
POISON_LINES = [
    '{"response": "x \\ud800 y"}',
    '{"response": "ok", "tool_calls": [{"name": "t", "result": {"note": "\\udfff"}}]}',
    '{"response": "ok", "tool_calls": [{"name": "t", "result": {"\\uDBFF": 1}}]}',
    '{"response": "Réponse \\uD83D sans paire"}',
    '{"response": "ok", "tool_calls": [{"name": "t", "result": ' + HUGE + "}]}",
    '{"response": "ok", "tool_calls": [{"name": "t", "result": ' + DEEP + "}]}",
]


@pytest.mark.parametrize(
    "poison", POISON_LINES, ids=["answer", "result", "key", "french", "huge-int", "deep"]
)
def test_a_poison_jsonl_line_is_an_error_at_its_line_and_the_run_goes_on(tmp_path: Path, poison: str) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(OK) + "\n" + poison + "\n" + json.dumps(OK) + "\n", encoding="utf-8")
    out = tmp_path / "r.duckdb"
    stats = audit([str(log)], out, settings_for("observe", 0.8), progress=False)
    assert stats.turns == 2 and stats.input_errors == 1
    stored = rows(out)
    assert [(p, s) for p, s, _ in stored] == [(1, "ok"), (2, "error"), (3, "ok")]
    assert stored[1][2]
    again = audit([str(log)], out, settings_for("observe", 0.8), progress=False)
    assert again.skipped == 3 and again.turns == 0 and again.input_errors == 0


def test_valid_surrogate_pairs_are_not_errors(tmp_path: Path) -> None:
    """An escaped pair (an emoji) is text, not a lone surrogate."""
    log = tmp_path / "emoji.jsonl"
    log.write_text('{"response": "Done \\ud83d\\ude00 \\uD83C\\uDF89"}\n', encoding="utf-8")
    stats = audit([str(log)], tmp_path / "r.duckdb", settings_for("observe", 0.8), progress=False)
    assert stats.turns == 1 and stats.input_errors == 0


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ('{"response": "ok", "tool_calls": [{"name": "t", "result": ' + HUGE + "}]}", "number"),
        ('{"response": "ok", "tool_calls": [{"name": "t", "result": ' + DEEP + "}]}", "nested too deeply"),
    ],
    ids=["huge-int", "deep"],
)
def test_an_undecodable_json_file_is_an_error_and_other_files_go_on(
    tmp_path: Path, text: str, needle: str
) -> None:
    (tmp_path / "a_bad.json").write_text(text, encoding="utf-8")
    (tmp_path / "b_good.json").write_text(json.dumps(OK), encoding="utf-8")
    out = tmp_path / "r.duckdb"
    stats = audit([str(tmp_path)], out, settings_for("observe", 0.8), progress=False)
    assert stats.turns == 1 and stats.input_errors == 1
    errors = [e for _, s, e in rows(out) if s == "error"]
    assert len(errors) == 1 and needle in str(errors[0])


def test_a_json_array_with_a_poison_item_keeps_the_other_items(tmp_path: Path) -> None:
    """In a .json array, the item with a lone surrogate is the error, at its own position."""
    (tmp_path / "many.json").write_text(
        "[" + json.dumps(OK) + ', {"response": "bad \\ud800"}, ' + json.dumps(OK) + "]", encoding="utf-8"
    )
    out = tmp_path / "r.duckdb"
    stats = audit([str(tmp_path / "many.json")], out, settings_for("observe", 0.8), progress=False)
    assert stats.turns == 2 and [(p, s) for p, s, _ in rows(out)] == [(1, "ok"), (2, "error"), (3, "ok")]


def test_cli_reproduction_exits_with_the_findings_code_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's two-line file: audit finishes, counts one input error, and says so."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"response":"ok"}\n{"response":"x \\ud800"}\n', encoding="utf-8")
    code = main(["audit", str(bad), "--out", str(tmp_path / "r.duckdb"), "--workers", "1", "--no-progress"])
    assert code == 0
    assert "1 input errors" in capsys.readouterr().err


def test_input_format_forces_the_reader(tmp_path: Path) -> None:
    """--input-format openai-chat reads a message list as such; forcing a wrong format makes each
    record an input error that names the format, and the run still finishes."""
    chat = {
        "messages": [
            {"role": "user", "content": "what is my order total?"},
            {"role": "assistant", "content": "Your order totals $42.73."},
        ]
    }
    log = tmp_path / "chat.jsonl"
    log.write_text(json.dumps(chat) + "\n", encoding="utf-8")
    forced = tmp_path / "forced.duckdb"
    args = ["audit", str(log), "--workers", "1", "--no-progress"]
    assert main([*args, "--out", str(forced), "--input-format", "openai-chat"]) in (0, 1)
    assert [s for _, s, _ in rows(forced)] == ["ok"]
    wrong = tmp_path / "wrong.duckdb"
    assert main([*args, "--out", str(wrong), "--input-format", "otel"]) == 0
    assert [s for _, s, _ in rows(wrong)] == ["error"]
    assert main([*args, "--out", str(wrong), "--input-format", "auto"]) == 2


def test_unknown_input_format_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "x.jsonl"
    log.write_text(json.dumps(OK) + "\n", encoding="utf-8")
    assert main(["audit", str(log), "--out", str(tmp_path / "r.duckdb"), "--input-format", "yaml"]) == 2
    assert "--input-format" in capsys.readouterr().err


@pytest.mark.parametrize(
    "line",
    [
        '{"response": "The fee is 3.", "tool_calls": [{"name": "t", "result": {"fee": NaN, "n": 3}}]}',
        '{"response": "Le total est 1e400.", "tool_calls": [{"name": "t", "result": {"total": 1e400}}]}',
        '{"response": "Gesamt: 12 €", "tool_calls": [{"name": "t", "result": {"x": -0.0, "total": 12}}]}',
    ],
    ids=["nan", "overflow", "plain"],
)
def test_a_record_is_decoded_as_json_loads_reads_it(tmp_path: Path, line: str) -> None:
    """The fast decoder refuses what json.loads accepts (NaN, 1e400): such a record is read as
    before, checked, and stored with its line as it was, not turned into an input error."""
    log = tmp_path / "log.jsonl"
    log.write_text(line + "\n", encoding="utf-8")
    out = tmp_path / "r.duckdb"
    stats = audit([str(log)], out, settings_for("observe", 0.8), progress=False)
    assert stats.turns == 1 and stats.input_errors == 0
    store = RunStore(out, read_only=True)
    try:
        raw, response = store.con.execute(
            "SELECT r.raw, t.response FROM records r JOIN turns t USING (record_key)"
        ).fetchone()
    finally:
        store.close()
    assert raw == line
    assert response == json.loads(line)["response"]
