"""Statistikles' retry-then-flag flow with nofab: an answer whose numbers no tool produced
is sent back to the model ONCE with a corrective instruction; if the restated answer is
clean it is shown, otherwise it is shown with a warning block listing the unverified
numbers. The model's text is never silently rewritten.

    python examples/compat/statistikles_retry_then_flag.py

The "model" here is a stand-in function; in an agent it is the call to the LLM with the
instruction appended as a user message. Exit status 0.
"""

from __future__ import annotations

from collections.abc import Callable

from nofab import Guard, Policy, Verdict

# Numbers only (Statistikles' numeric-provenance guarantee); revise once, then flag.
GUARD = Guard(Policy(mode="revise", revise_fallback="flag", max_revisions=1, detectors=("numbers",)))

TOOL = {"id": "t1", "name": "summary_stats", "result": {"mean": 42.73, "n": 120, "sd": 5.1}}


def turn(response: str) -> dict[str, object]:
    return {"user_message": "Summarise the sample.", "tool_calls": [TOOL], "response": response}


def model_that_corrects(instruction: str) -> str:
    print(f"  [retry instruction] {instruction.splitlines()[0]}")
    return "The sample of 120 has a mean of 42.73 (sd 5.1)."


def model_that_persists(instruction: str) -> str:
    print(f"  [retry instruction] {instruction.splitlines()[0]}")
    return "The sample of 120 has a mean of 42.73 and a correlation of 0.87 with age."


def run(title: str, response: str, model: Callable[[str], str]) -> Verdict:
    print(f"== {title}")
    verdict = GUARD.check(turn(response), reviser=model)
    print(f"  action: {verdict.action}")
    print("  shown to the user:\n    " + verdict.output.replace("\n", "\n    "))
    return verdict


def main() -> int:
    clean = run("clean reply: printed as is", "The mean is 42.73 over 120 observations.", model_that_corrects)
    fixed = run("orphan numbers, fixed by the retry", "The mean is 42.73 and p = 0.003.", model_that_corrects)
    flagged = run(
        "orphans persist: flagged", "The mean is 42.73 and r = 0.87 (p = 3.14159).", model_that_persists
    )
    assert clean.action == "none" and fixed.action == "revise_forced" and flagged.action == "flagged"
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
