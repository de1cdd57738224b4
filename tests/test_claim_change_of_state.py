""" "quedó + participle" and "ficou + participle" report a change that happened (the ticket
was closed), not a standing state: a tool that only read the ticket does not ground it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claimed


def ran(name: str, result: Any, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments, "result": result}


READ = ran("get_ticket", {"id": "INC-77", "status": "open"}, id="INC-77")


@pytest.mark.parametrize(
    "answer",
    [
        "Listo, el ticket INC-77 quedó cerrado.",
        "Su incidencia INC-77 quedó cerrada.",
        "Los tickets quedaron cerrados.",
        "Pronto, o ticket INC-77 ficou fechado.",
        "Os chamados ficaram fechados.",
    ],
)
def test_a_change_after_only_a_read_is_flagged(answer: str) -> None:
    assert claimed(answer, READ) != []


@pytest.mark.parametrize(
    ("answer", "call"),
    [
        # the tool that closes ran
        ("Listo, el ticket INC-77 quedó cerrado.", ran("close_ticket", {"status": "closed"}, id="INC-77")),
        ("Pronto, o ticket INC-77 ficou fechado.", ran("resolve_ticket", {"ok": True}, id="INC-77")),
        # a read returned the participle itself: the answer relays that status
        ("El ticket INC-77 quedó cerrado.", ran("get_ticket", {"status": "cerrado"}, id="INC-77")),
        # negated
        ("El ticket INC-77 no quedó cerrado.", READ),
        ("O ticket INC-77 não ficou fechado.", READ),
    ],
)
def test_a_grounded_or_negated_change_is_not_flagged(answer: str, call: dict[str, Any]) -> None:
    assert claimed(answer, call) == []
