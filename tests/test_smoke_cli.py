"""The README's first command works: the shipped example is checked and its fabrications found."""

from pathlib import Path

from nofab.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_shipped_example_exits_1_with_findings(capsys) -> None:
    """The refund example holds fabrications at the default threshold, so the exit status is 1."""
    code = main(["check", str(EXAMPLES / "fabricated_refund.json"), "--format", "json"])
    out = capsys.readouterr().out
    assert code == 1
    assert '"verb_claim"' in out and "RF-88231" in out
