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


HEADLINE_TEXTS = [
    "Done: the alarm is gone.\nDeleted: Team sync\nYour booking is cancelled. Cancelled: flight 12",
    "it's now gone. Your 7:00 alarm was removed!\n- **Deleted:** Standup. ok — the seat is booked",
    "Erledigt — der Wecker ist weg. Storniert: Termin mit Ana.\nDie Buchung wurde storniert.",
    "La reserva está cancelada. Cancelado: vuelo 12. Sua reserva foi cancelada. A reserva é confirmada",
    "Réunion — supprimée. La réservation est annulée.\n\nAnnulé: Réunion d'équipe. this is it",
    "xis gone; isn't it; 'is gone'; this: that. a.b: c\n:\n. : Deleted:Team",
]


@pytest.mark.parametrize("code", ["en", "es", "fr", "de", "pt"])
def test_headline_scans_find_what_their_plain_forms_find(code: str) -> None:
    from nofab.language import headlines
    from nofab.language.vocabulary import compile_language, load

    spec = load(code).get("headlines", {})
    states = {k: str(v) for k, v in spec.get("states", {}).items()}
    shapes = headlines._shapes(compile_language(code, {}), states)
    assert shapes is not None
    copulas = spec.get("copulas", ())
    fast = re.compile(headlines._opening(copulas, r"[\w'’]"))
    slow = re.compile(rf"(?<![\w'’])(?:{headlines._words(copulas)})")
    for text in [normalise_text(t) for t in HEADLINE_TEXTS]:
        assert [m.span() for m in fast.finditer(text)] == [m.span() for m in slow.finditer(text)], text
        label = shapes.label
        assert [(m.span(), m.groupdict()) for m in headlines._at_line_starts(label, text)] == [
            (m.span(), m.groupdict()) for m in label.finditer(text)
        ], text
    assert any(fast.search(normalise_text(t)) for t in HEADLINE_TEXTS)
    assert any(shapes.label.search(normalise_text(t)) for t in HEADLINE_TEXTS)


def normalise_text(text: str) -> str:
    from nofab.language.text import normalise

    return normalise(text)


@pytest.mark.parametrize(
    "texts",
    [
        ("i have **not** sent it", "i have   not   sent it"),
        ("i have not sent it", "i have not sent it"),
        ('she said "i could never" and i sent it', 'she said "i could never" and i sent it'),
        ("ich habe es nicht gesendet",),
    ],
)
def test_answer_cues_present_are_the_cues_a_text_holds(texts: tuple[str, ...]) -> None:
    from nofab.language.clausecues import AnswerCues

    cues = ["not", "never", "could never", "nicht", "n't", "not sent", "**not**", "kein"]
    held = AnswerCues(texts, texts[-1], (), ())
    quoted = any(mark in text for text in texts for mark in '"“”«»')
    direct = tuple(c for c in cues if (quoted and " " in c) or any(c in text for text in texts))
    assert held._present(cues) == direct
