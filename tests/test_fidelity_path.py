"""The value-path language: parsing (good and malformed paths) and strict resolution."""

from __future__ import annotations

from typing import Any

import pytest

from nofab.fidelity.path import MAX_PATH_CHARS, PathError, parse, render

DATA: Any = {
    "entries": [
        {"values": [{"name": "Updater", "data": "evil.exe"}, {"name": "OneDrive", "data": "od.exe"}]},
        {"values": []},
    ],
    "rows": [{"FILENAME": "a.txt"}, {"FILENAME": "b.txt"}],
    "run_count": 3,
    "a.b": {"c": 1},
    "x[1]": "bracketed",
    'q"uote': "quoted",
}


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("run_count", [("run_count", 3)]),
        ("rows[0].FILENAME", [("rows[0].FILENAME", "a.txt")]),
        ("rows[*].FILENAME", [("rows[0].FILENAME", "a.txt"), ("rows[1].FILENAME", "b.txt")]),
        (
            "entries[*].values[*].name",
            [("entries[0].values[0].name", "Updater"), ("entries[0].values[1].name", "OneDrive")],
        ),
        ('["a.b"].c', [('["a.b"].c', 1)]),
        ('["x[1]"]', [('["x[1]"]', "bracketed")]),
        ('["q\\"uote"]', [('["q\\"uote"]', "quoted")]),
        ("$", [("$", DATA)]),
    ],
)
def test_resolves_to_concrete_paths(path: str, expected: list[tuple[str, Any]]) -> None:
    """Dotted keys, [i], [*] and quoted keys reach exactly the values they name, with concrete paths."""
    assert list(parse(path).resolve(DATA).values) == expected


def test_top_level_list() -> None:
    """A path may start at a top-level list: [*].name."""
    data = [{"name": "billing"}, {"name": "auth"}]
    assert [v for _p, v in parse("[*].name").resolve(data).values] == ["billing", "auth"]
    assert parse("[1].name").resolve(data).values == (("[1].name", "auth"),)


@pytest.mark.parametrize(
    ("path", "why"),
    [
        ("run_count.x", "key 'x' not found at run_count (a number)"),
        ("rows.FILENAME", "key 'FILENAME' not found at rows (a list)"),
        ("rows[5].FILENAME", "index [5] is out of range"),
        ("entries[1].values[*]", "[*] at entries[1].values found an empty list"),
        ("a.b.c", "key 'a' not found"),
        ("run_count[*]", "[*] needs a list at run_count, found a number"),
    ],
)
def test_resolving_to_nothing_says_where(path: str, why: str) -> None:
    """A path that reaches nothing yields no value and a reason naming the step that failed."""
    resolution = parse(path).resolve(DATA)
    assert resolution.values == ()
    assert why in resolution.failure


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("", "is empty"),
        ("rows[", "never closed"),
        ("rows[0", "never closed"),
        ("rows[*", "never closed"),
        ("rows]", "unbalanced"),
        ("rows[0]]", "unexpected ']'"),
        ("[rows", "never closed"),
        ("rows..name", "expected a key"),
        (".rows", "unexpected '.'"),
        ("rows.", "ends with '.'"),
        ("rows[]", "empty brackets"),
        ("rows[x]", "bad index 'x'"),
        ("rows[-1]", "bad index '-1'"),
        ('rows["a', "unterminated quoted key"),
        ('rows["a"x]', "not followed by ']'"),
        ("rows[0]name", "unexpected 'n'"),
        ('ro"ws', "stray quote"),
        ("x" * (MAX_PATH_CHARS + 1), "limit"),
    ],
)
def test_malformed_paths_are_errors(path: str, message: str) -> None:
    """Malformed paths (unbalanced brackets, empty keys, bad indexes) raise PathError naming the problem."""
    with pytest.raises(PathError) as info:
        parse(path)
    assert message in str(info.value)


@pytest.mark.parametrize("path", ["rows[*].FILENAME", '["a.b"].c', "[0].x", "a", '["x[1]"][2]'])
def test_render_round_trips(path: str) -> None:
    """Rendering a parsed path gives a path that parses to the same steps."""
    steps = parse(path).steps
    assert parse(render(steps)).steps == steps
