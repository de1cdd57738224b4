"""Patterns rewritten to open with their first character's class (a scan in C) find exactly
what their plain form with an opening look-behind or word boundary finds: the plain forms
are written here, and both are run on hand-written texts (runs at the start, in words, after
hyphens, slashes and dots, in other scripts)."""

from __future__ import annotations

import re

import pytest

from nofab.detectors import issuedids, parties, routecodes

PLAIN = {
    "upper": (issuedids.UPPER_RUN, r"(?<![\w\-])[A-Z0-9]{5,12}(?![\w\-])"),
    "hyphened": (issuedids.HYPHENED_RUN, r"(?<![\w\-])[A-Z0-9]{1,6}(?:-[A-Z0-9]{1,8}){1,3}(?![\w\-])"),
    "route": (routecodes._UPPER_RUN, r"(?<![\w\-/.@])[A-Z]{2,4}(?![\w\-/@])"),
    "party": (
        parties._PARTY,
        r"\b(?:[Yy]ou|[Vv]ous|[Tt]oi|[Uu]sted|[Tt]i|[Ss]ie|[Dd]ich|[Vv]ocê)\s+(?:and|et|y|und|e)\s+"
        r"([A-ZÀ-ÖØ-Þ][^\W\d_]{1,30})\b",
    ),
}

TEXTS = [
    "",
    "K9XE7L at the start, then ref Q7ZZ31 and x-M7XQ2P and M7XQ2P-b and a/B7QQ22",
    "TRF-2291 A-2291 AB-12-CD-9 -A-2291 A-2291- 2024-05-01 Z9-Z9-Z9-Z9-Z9",
    "JFK → LAX, JFK-LAX, /SFO, .ORD, @BOS, ORDX, SEA/PDX, ATL.",
    "You and Emma; you and  Noah; yOU and Ana; Sie und Jonas; usted y María; toi et Léa",
    "Ti e Marco; Dich und Jo; você e Ana; vocêe Ana; _you and Bob; tyou and Bob; 1you and Bob",
    "ÉTÉ2024X Ünïcode ÀB12CD-9 ñYOU and Ana «vous et Chloé»",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA A1A1A1A1A1A1A1A1 B2B2B2",
]


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_rewritten_pattern_finds_what_its_plain_form_finds(name: str) -> None:
    fast, plain = PLAIN[name]
    slow = re.compile(plain)
    for text in TEXTS:
        found = [(m.span(), m.groups()) for m in fast.finditer(text)]
        assert found == [(m.span(), m.groups()) for m in slow.finditer(text)], text
    # each pattern finds something in these texts (the comparison is not vacuous)
    assert any(fast.search(text) for text in TEXTS)
