"""What a call can do is read from its name, its argument names and its definition; it is
kept per distinct (name, argument names, definition), so two calls of one tool that differ
in any of these must still be read apart, and asking twice must answer the same."""

from __future__ import annotations

import pytest

from nofab.config.policy import Profile
from nofab.language.capabilities import capability
from nofab.language.lexicon import lexicon_for
from nofab.model.turn import ToolCall, ToolDef


def test_same_tool_with_other_argument_names_is_read_apart() -> None:
    plain = capability(ToolCall("update_reservation", {"cabin": "economy"}), {})
    paying = capability(ToolCall("update_reservation", {"cabin": "economy", "payment_id": "p1"}), {})
    assert "payment" not in plain.argument_parts
    assert "payment" in paying.argument_parts
    # JSON text arguments read the same as parsed ones.
    assert capability(ToolCall("update_reservation", '{"payment_id": "p1"}'), {}) == capability(
        ToolCall("update_reservation", {"payment_id": "p2"}), {}
    )


def test_definition_is_part_of_what_is_kept() -> None:
    bare = capability(ToolCall("dispatch"), {})
    defined = capability(ToolCall("dispatch"), {"dispatch": ToolDef("dispatch", "Sends a page to on-call")})
    other = capability(ToolCall("dispatch"), {"dispatch": ToolDef("dispatch", "Deletes a page")})
    assert bare.defined_verb == ""
    assert defined.defined_verb != other.defined_verb
    assert defined.defined_object == ("page",)


@pytest.mark.parametrize("tool", ["send_email", "SendEmail", "sendEmail"])
def test_grounding_is_stable_when_asked_again(tool: str) -> None:
    lexicon = lexicon_for(Profile())
    send = lexicon.actions["send"]
    calls = (ToolCall(tool, {"to": "a@b.c"}),)
    assert lexicon.grounded_by(send, calls) == tool
    assert lexicon.grounded_by(send, calls) == tool
    reading = (ToolCall(tool.replace("end", "earch").replace("Send", "Search"), {}),)
    assert lexicon.grounded_by(send, reading) is None


def test_payment_argument_grounds_a_refund_only_on_a_tool_not_named_for_taking_money() -> None:
    lexicon = lexicon_for(Profile())
    refund = lexicon.actions["refund"]
    update = (ToolCall("update_reservation", {"payment_id": "p1"}),)
    book = (ToolCall("book_reservation", {"payment_id": "p1"}),)
    no_payment = (ToolCall("update_reservation", {"cabin": "business"}),)
    assert lexicon.grounded_by(refund, update) == "update_reservation"
    assert lexicon.grounded_by(refund, book) is None
    assert lexicon.grounded_by(refund, no_payment) is None
    # Asked in the other order, each answer is still its own.
    assert lexicon.grounded_by(refund, no_payment) is None
    assert lexicon.grounded_by(refund, update) == "update_reservation"
