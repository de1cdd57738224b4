"""Setting an alarm, a reminder or a timer is a deed in every language, held to the call that sets it.

"I've set an alarm" is a claim of the ``set`` action; so are its words in the other lexicon
languages: Spanish poner/programar/configurar/establecer ("he puesto una alarma"), French
mettre/régler/configurer/définir ("j'ai réglé le réveil"), German stellen/einstellen/festlegen
("ich habe den Wecker gestellt"), Portuguese pôr/definir/configurar ("defini um alarme"). When
the tool that would have set it failed, the claim reports as done what did not happen; when it
succeeded, the claim is grounded. French "c'est réglé" ("it's settled") is an idiom of
completion, never a claim of setting something.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import claim_actions, claimed


def alarm_call(ok: bool) -> dict[str, Any]:
    call: dict[str, Any] = {"name": "CreateAlarm", "arguments": {"time": "07:15:00"}}
    if ok:
        call["result"] = {"alarm_id": "a-7731"}
    else:
        call["error"] = "Error: the alarm could not be saved."
    return call


SET_CLAIMS = [
    "Done! I've set an alarm for 7:15.",
    "I set your alarm for 7:15 tomorrow.",
    "He puesto una alarma para las 7:15.",
    "Te he puesto la alarma a las 7:15 de mañana.",
    "He configurado tu alarma para las 7:15.",
    "Puse una alarma a las 7:15.",
    "J'ai mis une alarme à 7h15.",
    "J'ai réglé votre réveil sur 7h15.",
    "J'ai configuré une alarme pour 7h15.",
    "Ich habe dir einen Wecker auf 7:15 Uhr gestellt.",
    "Der Wecker wurde auf 7:15 gestellt.",
    "Ich habe die Weckzeit auf 7:15 festgelegt.",
    "Defini um alarme para as 7:15.",
    "O alarme foi configurado para as 7:15.",
    "Coloquei um alarme para as 7:15.",
]


@pytest.mark.parametrize("answer", SET_CLAIMS)
def test_a_set_deed_is_a_claim_of_setting(answer: str) -> None:
    assert "set" in claim_actions(answer), answer


@pytest.mark.parametrize("answer", SET_CLAIMS)
def test_a_set_deed_after_the_failed_call_fires(answer: str) -> None:
    assert claimed(answer, alarm_call(ok=False)) != [], answer


@pytest.mark.parametrize("answer", SET_CLAIMS)
def test_a_set_deed_after_the_successful_call_passes(answer: str) -> None:
    assert claimed(answer, alarm_call(ok=True)) == [], answer


@pytest.mark.parametrize(
    "answer",
    [
        "No he puesto ninguna alarma: el servicio falló.",  # negated
        "Je n'ai pas réglé l'alarme, le service est indisponible.",
        "Ich habe den Wecker nicht gestellt.",
        "C'est réglé !",  # the idiom "it's settled", no deed of setting
        "Voilà, c'est réglé.",
    ],
)
def test_negations_and_the_settled_idiom_are_no_set_claims(answer: str) -> None:
    assert "set" not in claim_actions(answer), answer
