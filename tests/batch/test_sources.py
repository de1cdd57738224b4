"""Reading inputs: globs and directories, and whole-file problems as one error record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nofab.batch.sources import expand, read


def test_expand_globs_and_directories(tmp_path: Path) -> None:
    """Directories are searched recursively for known suffixes; globs expand; duplicates collapse."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.jsonl").write_text("{}\n")
    (tmp_path / "a" / "notes.txt").write_text("no")
    (tmp_path / "y.json").write_text("{}")
    files = expand([str(tmp_path), str(tmp_path / "*.json")])
    assert [p.name for p in files] == ["x.jsonl", "y.json"]


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("u16.jsonl", '{"response": "hi"}\n'.encode("utf-16"), "UTF-16"),
        ("bad.json", b'{"response": ', "is not valid JSON"),
        ("latin.json", b'{"response": "caf\xe9"}', "not valid UTF-8"),
        ("empty.json", b"[]", "empty JSON array"),
        ("blank.jsonl", b"", "empty file"),
    ],
)
def test_whole_file_problems_become_one_error(tmp_path: Path, name: str, data: bytes, message: str) -> None:
    """A file that cannot be read as records yields exactly one error record naming the problem."""
    path = tmp_path / name
    path.write_bytes(data)
    [record] = list(read(path))
    assert record.error is not None and message in record.error
    assert record.source == str(path)


def test_jsonl_keeps_line_numbers_and_strips_a_bom(tmp_path: Path) -> None:
    """Line numbers count every line (blank ones too); a UTF-8 BOM does not break the first line."""
    path = tmp_path / "t.jsonl"
    path.write_bytes(
        b"\xef\xbb\xbf" + json.dumps({"response": "a"}).encode() + b"\n\n" + b'{"response": "b"}\n'
    )
    records = list(read(path))
    assert [(r.position, r.payload) for r in records] == [
        (1, b'{"response": "a"}'),
        (3, b'{"response": "b"}'),
    ]
