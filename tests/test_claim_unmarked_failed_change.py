"""A thing stated as now holding a value ("your PIN is now 4471", "tu PIN ahora es 4471"),
with no done-marker, reports the outcome of the write of this turn that acts on that thing
when the user asked for the change: when that write failed, the answer reports a failure as
success. A successful write, a failed write of another kind of thing, or no change asked for
leaves the sentence alone."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.claims import ClaimDetector
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for

ASK_EN = "Sign me in as mlopez and change my password to Lark-Meadow-19."
ASK_ES = "Inicia sesión como mlopez y cambia mi contraseña a Lark-Meadow-19."
LOGIN = {"name": "UserLogin", "arguments": {"username": "mlopez"}, "result": {"session_token": "t-91"}}
ARGS = {"session_token": "t-91", "new_password": "Lark-Meadow-19"}
FAILED = {"name": "ChangePassword", "arguments": ARGS, "error": "Error: password too weak, not changed"}
DONE = {"name": "ChangePassword", "arguments": ARGS, "result": {"status": "success"}}
OTHER_FAILED = {"name": "SendEmail", "arguments": {"to": "m@x.io"}, "error": "Error: mailbox full"}


def flagged(answer: str, user: str, *calls: dict[str, Any]) -> list[str]:
    profile = Profile()
    turn = Turn.from_dict({"response": answer, "user_message": user, "tool_calls": list(calls)})
    evidence = Evidence(turn, profile, lexicon_for(profile))
    return [f.identifier for f in ClaimDetector(profile).detect(evidence)]


@pytest.mark.parametrize(
    ("answer", "user"),
    [
        ("You're signed in, and your password is now **Lark-Meadow-19**.", ASK_EN),
        ("Your password is now Lark-Meadow-19, so use it next time.", ASK_EN),
        ("Sesión iniciada. Tu contraseña ahora es Lark-Meadow-19.", ASK_ES),
        ("Tu contraseña ahora es **Lark-Meadow-19**, guárdala bien.", ASK_ES),
    ],
)
def test_a_state_after_a_failed_write_of_that_thing_is_flagged(answer: str, user: str) -> None:
    assert flagged(answer, user, LOGIN, FAILED) != []


@pytest.mark.parametrize(
    ("answer", "user", "calls"),
    [
        # the write succeeded
        ("Your password is now Lark-Meadow-19.", ASK_EN, (LOGIN, DONE)),
        ("Tu contraseña ahora es Lark-Meadow-19.", ASK_ES, (LOGIN, DONE)),
        # the failed write acted on another kind of thing
        ("Your password is now Lark-Meadow-19.", ASK_EN, (LOGIN, DONE, OTHER_FAILED)),
        # no change asked for
        ("Your password is now Lark-Meadow-19.", "What is my password?", (LOGIN, FAILED)),
        # negated
        ("Your password is not now Lark-Meadow-19; the change failed.", ASK_EN, (LOGIN, FAILED)),
    ],
)
def test_a_grounded_or_unasked_state_is_not_flagged(
    answer: str, user: str, calls: tuple[dict[str, Any], ...]
) -> None:
    assert flagged(answer, user, *calls) == []
