"""Figures repeated from the agent's own earlier answers (``nofab.numbers.earlier``): a figure
the evidence explained in an earlier answer stays explained when repeated unchanged; a figure
the agent merely asserted earlier stays flagged however often it is repeated."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nofab import Finding, Turn, check
from nofab.adapters import extract_turns
from tests.helpers import call, findings

#: Two tool results: what the user paid, and the fare of the new itinerary. The difference
#: is arithmetic across the two results, explained only where the answer shows an operand.
PAID = call("get_reservation", {"reservation": "R1", "payment_history": [{"method": "card", "amount": 410}]})
QUOTE = call("search_flights", [{"flight": "AB12", "prices": {"business": 655}}])

DERIVED = {
    "en": "The new fare is $655 and you paid $410, so the difference is $245.",
    "fr": "Le nouveau tarif est de 655 $ et vous avez payé 410 $ : la différence est de 245 $.",
}
REPEATS = {
    "en": [
        "Please provide a payment method for the $245 difference.",
        "Shall I charge the $245 to your card on file?",
        "Insurance does not waive fare differences, so $245 remains due.",
    ],
    "fr": [
        "Merci d'indiquer un moyen de paiement pour les 245 $ restants.",
        "Voulez-vous régler les 245 $ avec votre carte ?",
    ],
}


def number_findings(response: str, earlier: list[str]) -> dict[str, Finding]:
    data = {"response": response, "tool_calls": [PAID, QUOTE], "earlier_answers": earlier}
    return {f.identifier: f for f in findings(Turn.from_dict(data), detector="numbers")}


def _cases() -> list[tuple[str, str]]:
    return [(lang, text) for lang, texts in REPEATS.items() for text in texts]


@pytest.mark.parametrize(("lang", "response"), _cases())
def test_a_figure_derived_in_an_earlier_answer_stays_explained(lang: str, response: str) -> None:
    assert number_findings(response, [DERIVED[lang]]) == {}


@pytest.mark.parametrize(("lang", "response"), _cases())
def test_without_the_earlier_answer_the_same_repeat_is_flagged(lang: str, response: str) -> None:
    (found,) = number_findings(response, []).values()
    assert found.confidence >= 0.8


@pytest.mark.parametrize(
    "earlier",
    [
        "The change fee is $245.",  # asserted: no tool returned it, no arithmetic shown
        "Les frais de modification sont de 245 $.",
        "You will owe $245 for the upgrade, as I mentioned.",
    ],
)
@pytest.mark.parametrize(("lang", "response"), _cases())
def test_an_earlier_fabrication_repeated_is_still_flagged(earlier: str, lang: str, response: str) -> None:
    (found,) = number_findings(response, [earlier, "Anything else?"]).values()
    assert found.confidence >= 0.8


@pytest.mark.parametrize("changed", ["$246", "$244", "$2450", "$254"])
def test_a_changed_repeat_is_not_a_repeat(changed: str) -> None:
    found = number_findings(f"Please pay the {changed} difference.", [DERIVED["en"]])
    assert found[changed].confidence >= 0.8


def test_a_loosely_explained_earlier_figure_stays_loose() -> None:
    # The earlier answer shows both operands but no word announcing the arithmetic: 0.5 there.
    earlier = "New fare $655; you paid $410: $245."
    assert number_findings(earlier, [])["$245"].confidence == 0.5
    found = number_findings("Shall I charge the $245 to your card?", [earlier])["$245"]
    assert found.confidence == 0.5
    assert "earlier answer" in found.evidence["possible_derivation"]


def test_a_repeat_is_an_operand_for_the_arithmetic_around_it() -> None:
    # $245 is explained by the earlier answer; $275 = $245 + $30 is then shown arithmetic.
    bag = call("get_baggage_fee", {"fee": 30})
    data = {
        "response": "The $245 difference plus the $30 bag fee comes to $275 in total.",
        "tool_calls": [PAID, QUOTE, bag],
        "earlier_answers": [DERIVED["en"]],
    }
    only = {"response": data["response"], "tool_calls": data["tool_calls"]}
    flagged = {f.identifier for f in findings(Turn.from_dict(only), detector="numbers")}
    assert flagged == {"$245", "$275"}  # without the earlier answer neither is explained
    assert findings(Turn.from_dict(data), detector="numbers") == []


def _transcript(*assistant_texts: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Can I move to the business fare?"}]
    for i, (name, result) in enumerate(((PAID["name"], PAID["result"]), (QUOTE["name"], QUOTE["result"]))):
        function = {"name": name, "arguments": "{}"}
        messages.append(
            {"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "function": function}]}
        )
        messages.append({"role": "tool", "tool_call_id": f"c{i}", "content": json.dumps(result)})
    for text in assistant_texts:
        messages.append({"role": "assistant", "content": text})
        messages.append({"role": "user", "content": "Does my insurance cover it?"})
    return messages[:-1]


def test_transcript_adapters_carry_the_earlier_answers() -> None:
    texts = (DERIVED["en"], "Insurance does not waive fare differences, so $245 remains due.")
    extracted = extract_turns(_transcript(*texts))
    assert [t.turn.earlier_answers for t in extracted] == [(), texts[:1]]
    assert check(extracted[-1].turn).findings == ()


def test_an_id_the_agent_stated_earlier_is_still_not_evidence() -> None:
    # Earlier answers ground nothing but repeated figures: an invented booking id stays invented.
    invented = "Your booking id is 9f2b1e47-00cb-4b42-8e12-cc07e0f0c1d0."
    extracted = extract_turns(_transcript(invented, f"As I said, {invented[5:]}"))
    assert [f.kind for f in check(extracted[-1].turn).findings] == ["uuid"]


def test_blank_and_numberless_earlier_answers_change_nothing() -> None:
    for earlier in ([], [""], ["   ", "Sure, let me check that."]):
        (found,) = number_findings("Shall I charge the $245 to your card?", earlier).values()
        assert found.confidence >= 0.8


def test_a_revision_keeps_the_earlier_answers() -> None:
    data = {"response": "x", "tool_calls": [PAID, QUOTE], "earlier_answers": [DERIVED["en"]]}
    revised = Turn.from_dict(data).with_response("Shall I charge the $245 to your card?")
    assert revised.earlier_answers == (DERIVED["en"],)
    assert findings(revised, detector="numbers") == []
