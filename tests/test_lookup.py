"""``nofab.detectors.lookup.Lookup`` answers in bulk exactly what the plain scans answer
(``find_token`` for whole tokens, ``in`` for substrings), and the entity detector gives the
same findings with and without it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nofab import Guard, Policy, Turn
from nofab.detectors import entities
from nofab.detectors.lookup import Lookup
from nofab.language.text import TokenIndex, find_token

# A small alphabet rich in the characters the token rule cares about (word characters,
# hyphens, separators, a non-ASCII letter), so needles collide with the hay often.
_ALPHABET = st.sampled_from(list("ab1-_./@ :é"))
_TEXT = st.text(_ALPHABET, max_size=60)


@settings(max_examples=400, deadline=None)
@given(_TEXT, st.lists(st.text(_ALPHABET, min_size=1, max_size=8), max_size=12))
def test_tokens_agree_with_find_token(hay: str, needles: list[str]) -> None:
    needles += [hay[i:j] for i, j in ((0, 3), (2, 7), (len(hay) // 2, len(hay)))]
    lookup = Lookup(hay, tokens=needles)
    for needle in needles:
        assert (needle in lookup.tokens) == (find_token(hay, needle) != -1), (hay, needle)


@settings(max_examples=400, deadline=None)
@given(_TEXT, st.lists(st.text(_ALPHABET, min_size=1, max_size=8), max_size=12))
def test_substrings_agree_with_in(hay: str, needles: list[str]) -> None:
    needles += [hay[i:j] for i, j in ((1, 5), (3, 9), (0, len(hay)))]
    lookup = Lookup(hay, substrings=needles)
    for needle in needles:
        assert (needle in lookup.substrings) == (needle in hay), (hay, needle)


def test_a_token_glued_to_more_of_itself_is_not_found() -> None:
    hay = '{"a": "ord-1042-b", "b": "x-ord-7", "c": "ord-7"}'
    lookup = Lookup(hay, tokens=["ord-1042", "ord-7", "ord-1042-b", "ord"])
    assert lookup.tokens == {"ord-7", "ord-1042-b"}


def test_a_substring_with_no_bounded_run_falls_back_to_the_plain_scan() -> None:
    lookup = Lookup("see https://a.example/x/", substrings=["https", "//a", "a.example/x", "nope"])
    assert lookup.substrings == {"https", "//a", "a.example/x"}


def test_the_detector_finds_the_same_with_and_without_the_index() -> None:
    """Many candidates (the index is built) against the same candidates checked one by one."""
    held = [f"ORD-{1000 + i}" for i in range(0, 40, 2)] + ["user7@mail.example.com"]
    shown = [f"ORD-{1000 + i}" for i in range(40)] + ["user7@mail.example.com", "user8@mail.example.com"]
    shown += ["https://x.example.com/a/b", "/var/log/app/1.log"]
    turn = Turn.from_dict(
        {
            "response": "; ".join(shown) + ".",
            "tool_calls": [{"name": "get", "result": {"rows": held, "url": "https://x.example.com/a/b/"}}],
        }
    )
    guard = Guard(Policy(load_plugins=False))
    indexed = [(f.identifier, f.span) for f in guard.check(turn).findings if f.detector == "entities"]
    saved = entities._LOOKUP_FROM
    entities._LOOKUP_FROM = 10**9
    try:
        plain = [(f.identifier, f.span) for f in guard.check(turn).findings if f.detector == "entities"]
    finally:
        entities._LOOKUP_FROM = saved
    assert indexed == plain
    flagged = {identifier for identifier, _ in indexed}
    assert "ORD-1001" in flagged and "ORD-1000" not in flagged
    assert "user8@mail.example.com" in flagged and "user7@mail.example.com" not in flagged
    assert "https://x.example.com/a/b" not in flagged and "/var/log/app/1.log" in flagged


def test_a_name_of_two_words_is_found_inside_longer_words() -> None:
    """Substrings anchor on the runs at their edges too, which may be parts of longer
    words: "project falcon" is inside "subproject falconry", "falcon 9" inside "falcon 9x"."""
    hay = "the subproject falconry plan; falcon 9x; rocket lab"
    needles = ["project falcon", "falcon 9", "rocket labs", "t lab", "ject falc", "plan; falcon"]
    lookup = Lookup(hay, substrings=needles)
    assert lookup.substrings == {n for n in needles if n in hay}
    assert lookup.substrings == {"project falcon", "falcon 9", "t lab", "ject falc", "plan; falcon"}


def test_each_needle_is_anchored_on_the_run_the_evidence_holds_least() -> None:
    # Many paths share "var" and "log"; each needle is checked at its rarest run's positions
    # only, so the common runs' positions are never recorded.
    hay = " ".join(f"/var/log/app{i}/file{i}.log" for i in range(50))
    needles = ["/var/log/app7/file7.log", "/var/log/app70/file70.log", "/var/log/app3/file4.log"]
    lookup = Lookup(hay, substrings=needles)
    assert lookup.substrings == {"/var/log/app7/file7.log"}
    recorded = {key for _kind, key in lookup._positions}
    assert recorded <= {"app7", "file7", "app3", "file4"}
    assert "var" not in recorded and "log" not in recorded
    tokens = Lookup(hay, tokens=["app7", "app70", "file12.log", "log"])
    assert tokens.tokens == {"app7", "file12.log", "log"}


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.lists(_TEXT, min_size=1, max_size=40))
def test_token_index_finds_what_find_token_finds(hay: str, needles: list[str]) -> None:
    """``TokenIndex`` (``Evidence.grounds``: a turn's evidence searched per id) gives the
    index ``find_token`` gives, before and after it indexes the text."""
    n = len(hay)
    needles += [hay[i:j] for i in range(0, n, 3) for j in (i + 1, i + 4, i + 9, n) if j <= n]
    index = TokenIndex(hay)
    for needle in needles * 2:  # past the searches it scans before indexing
        assert index.find(needle) == find_token(hay, needle), (hay, needle)
