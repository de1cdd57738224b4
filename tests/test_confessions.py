"""self_confession and method_result_confession: the answer admits fabrication."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.confessions import ConfessionDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

JOB = [{"name": "run_analysis", "job_id": "3fa85f64-5717-4562-b3fc-2c963f66afa6"}]
TABLE = "| metric | value |\n|---|---|\n| churn | 4.2% |\n| NPS | 41 |"


def detect(turn: dict[str, Any]) -> list[Finding]:
    profile = Profile()
    evidence = Evidence(Turn.from_dict(turn), profile, lexicon_for(profile))
    return list(ConfessionDetector(profile).detect(evidence))


CASES = [
    (
        "en: I made up + job prefix",
        "I made up the totals in job 3fa85f64, sorry.",
        JOB,
        [("self_confession", 0.9)],
    ),
    (
        "en: not from the tool + longer prefix",
        "Those numbers were not from the tool (job 3fa85f645717).",
        JOB,
        [("self_confession", 0.9)],
    ),
    (
        "en: apology form",
        "I apologize, I invented part of 3fa85f64's output.",
        JOB,
        [("self_confession", 0.9)],
    ),
    ("es", "Me inventé las cifras del trabajo 3fa85f64.", JOB, [("self_confession", 0.9)]),
    ("fr", "J’ai inventé les chiffres du job 3fa85f64.", JOB, [("self_confession", 0.9)]),
    (
        "de: separable with a gap",
        "Ich habe die Zahlen aus Job 3fa85f64 erfunden.",
        JOB,
        [("self_confession", 0.9)],
    ),
    ("pt", "Eu inventei os números do job 3fa85f64.", JOB, [("self_confession", 0.9)]),
    ("must not fire: confession without a job prefix", "I made up those figures, sorry.", JOB, []),
    ("must not fire: prefix shorter than 8", "I made up job 3fa85f6 numbers.", JOB, []),
    ("must not fire: prefix of no prior job", "I made up job deadbeef numbers.", JOB, []),
    ("must not fire: negated", "Nothing was made up: job 3fa85f64 finished normally.", JOB, []),
    ("must not fire: denial", "I did not make up anything in job 3fa85f64.", JOB, []),
    (
        "strong: retraction of a table written this turn",
        f"Results:\n\n{TABLE}\n\nI didn't actually run the analysis; the values above were not computed.",
        [],
        [("method_result_confession", 0.85)],
    ),
    (
        "strong: German retraction",
        f"{TABLE}\n\nDiese Werte sind frei erfunden.",
        [],
        [("method_result_confession", 0.85)],
    ),
    (
        "weak: a caveat labelling the table as illustrative",
        f"Here is an illustrative layout:\n\n{TABLE}",
        [],
        [("method_result_confession", 0.6)],
    ),
    (
        "must not fire: retraction with no table or numeric list",
        "I didn't actually run it yet; shall I?",
        [],
        [],
    ),
    ("must not fire: table with no retraction", f"Results:\n\n{TABLE}", [], []),
]


@pytest.mark.parametrize(("label", "answer", "prior", "expected"), CASES, ids=[c[0] for c in CASES])
def test_confession_table(
    label: str, answer: str, prior: list[dict[str, str]], expected: list[tuple[str, float]]
) -> None:
    """Each row: the confession findings (kind, confidence) for the answer."""
    found = detect({"response": answer, "prior_tool_uses": prior})
    assert [(f.kind, f.confidence) for f in found] == expected, label


def test_self_confession_names_the_job() -> None:
    """The finding carries the full job id and tool of the confessed job."""
    (finding,) = detect({"response": "I fabricated the output of 3fa85f64.", "prior_tool_uses": JOB})
    assert finding.evidence["job_id"] == JOB[0]["job_id"] and finding.evidence["tool"] == "run_analysis"
    assert finding.identifier == "I fabricated"


def test_method_confession_span_covers_the_table() -> None:
    """The retraction flags the table itself, so a wipe removes the invented results."""
    answer = f"Results:\n\n{TABLE}\n\nThese results were fabricated."
    (finding,) = detect({"response": answer})
    assert answer[finding.span[0] : finding.span[1]].startswith("| churn")
