"""Score pairs ("2–1", "6-4") the answer reports beside a score word, checked as pairs.

Principle: a match score is one fact made of two numbers. Alone, each is a small integer
the number check leaves be (a list position, "2 bags"); as a pair beside a score word
("beat", "won", "marcador", "Endstand"), it is a result the evidence must hold: either as
the same pair in a score field ("score": "2-1", sets ["6-4", ...]), in either order (home
and away are told both ways), or as two figures of points fields ("pts": 112 and 104).
The check only runs when the evidence holds scores of either form: without them, a pair is
a range or a ratio ("3-5 days"), and the score is not this turn's data.

Risk: a pair beside a score word that is not a result ("a 4-3-3 formation", "open 9-5"):
the pair must stand alone (no third part), and the evidence must hold scores to compare
with; a historical score the answer recalls beside today's would still be flagged.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from nofab.evidence.index import Evidence
from nofab.model.finding import Finding

#: The confidence of a score pair the evidence does not hold.
CONFIDENCE_SCORE = 0.85

_DASHES = "-–—"
#: A pair of one-to-three-digit numbers joined by a dash, standing alone: not part of a
#: date ("2026-03-02"), a longer run ("4-3-3"), a decimal or a percentage.
_PAIR = re.compile(r"(?<![\w\-–—.:/])(\d{1,3}) ?[-–—] ?(\d{1,3})(?![\w\-–—/%]|[.:,]\d| ?[-–—] ?\d)")
#: A held pair inside a string value ("2-1", "6:4"): the evidence's own separators.
_HELD_PAIR = re.compile(r"(?<![\w\-–—.:/])(\d{1,3}) ?[-–—:] ?(\d{1,3})(?![\w\-–—/%]|[.:,]\d| ?[-–—:] ?\d)")
#: Points fields of a record ("pts": 112), as serialised JSON.
_POINTS = re.compile(
    r"\"(?:pts|points|score|goals|runs|puntos|goles|punkte|tore|buts|pontos|gols)\"\s*:\s*(\d{1,3})\b",
    re.IGNORECASE,
)
#: Words that say the pair nearby is a result, in the lexicon's languages.
_SCORE_WORDS = re.compile(
    r"\b(?:score[ds]?|beat|beats|won|wins?|lost|loses?|drew|draws?|victory|defeat(?:ed)?|final|result|"
    r"ganó|gana|venció|perdió|empató|empate|marcador|resultado|victoria|derrota|"
    r"battu|gagné|perdu|victoire|défaite|"
    r"gewann|gewinnt|schlug|verlor|sieg|niederlage|endstand|ergebnis|"
    r"venceu|ganhou|perdeu|empatou|placar|vitória)\b",
    re.IGNORECASE,
)
_BEFORE = 60
_AFTER = 30
#: Where a clause ends: a sentence's end, a semicolon, a line break.
_CLAUSE_END = re.compile(r"[;!?\n]|\.(?!\d)")


#: A dash before a digit: every pair holds one, and ``re`` finds it by a fast scan where
#: ``_PAIR`` (a lookbehind first) is tried at every position of the answer.
_DASH_DIGIT = re.compile(r"[-–—] ?\d")


def _pairs(answer: str) -> Iterator[re.Match[str]]:
    """``_PAIR``'s matches, each tried from a dash back over one space and up to three digits."""
    for mark in _DASH_DIGIT.finditer(answer):
        start = mark.start()
        if start > 0 and answer[start - 1] == " ":
            start -= 1
        digits = 0
        while digits < 3 and start > 0 and answer[start - 1].isdigit():
            start -= 1
            digits += 1
        m = _PAIR.match(answer, start) if digits else None
        if m is not None:
            yield m


def _clause(answer: str, start: int, end: int) -> str:
    """The words around a pair within its clause: a score word of the previous sentence or
    across a semicolon ("won 4-0; delivery takes 3-5 days") says nothing of this pair."""
    before = _CLAUSE_END.split(answer[max(0, start - _BEFORE) : start])[-1]
    after = _CLAUSE_END.split(answer[end : end + _AFTER])[0]
    return before + " " + after


def _held(evidence: Evidence) -> tuple[set[tuple[int, int]], set[int]]:
    """The score pairs the evidence holds (both orders) and its points figures."""
    text = evidence.text
    pairs: set[tuple[int, int]] = set()
    for m in _HELD_PAIR.finditer(text):
        a, b = int(m.group(1)), int(m.group(2))
        pairs.update({(a, b), (b, a)})
    points = {int(m.group(1)) for m in _POINTS.finditer(text)}
    return pairs, points


def unheld_scores(evidence: Evidence, structural_max: int) -> Iterator[tuple[str, tuple[int, int]]]:
    """(text, span) of each score pair in the answer the evidence does not hold.

    Only pairs with a part up to ``structural_max`` are asked: a larger part is a number
    the number check verifies on its own, and a second finding would repeat it."""
    answer = evidence.answer
    if not any(d in answer for d in _DASHES):
        return
    # The answer's own tests first: the evidence is read only for a pair beside a score word.
    found = [
        m
        for m in _pairs(answer)
        if min(int(m.group(1)), int(m.group(2))) <= structural_max
        and _SCORE_WORDS.search(_clause(answer, m.start(), m.end()))
    ]
    if not found:
        return
    pairs, points = _held(evidence)
    if not pairs and len(points) < 2:
        return
    for m in found:
        start, end = m.span()
        a, b = int(m.group(1)), int(m.group(2))
        if (a, b) in pairs or (a in points and b in points):
            continue
        yield m.group(0), (start, end)


def score_findings(
    finding: Callable[..., Finding], evidence: Evidence, structural_max: int
) -> Iterator[Finding]:
    """``unverified_number`` findings for the unheld score pairs, built by the number
    detector's ``finding`` (passed in: importing the detectors here would be a cycle)."""
    for text, span in unheld_scores(evidence, structural_max):
        yield finding(
            "unverified_number",
            text,
            CONFIDENCE_SCORE,
            span,
            f"score {text} is no score pair the tool results hold",
            evidence={"literal_kind": "score"},
        )
