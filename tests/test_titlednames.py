"""Surnames the evidence writes after a personal title (``detectors.titlednames``), and a
verb opening a clause that is no part of the name after it (``namesubjects.opening_verb``)."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Guard
from nofab.detectors.titlednames import titled_surnames

_GUARD = Guard()
_TITLES = frozenset({"Mr", "Mrs", "Ms", "Dr", "Sr", "Sra", "Herr", "Frau", "M", "Mme"})


def _names(answer: str, user: str, result: Any) -> list[str]:
    turn = {"response": answer, "user_message": user, "tool_calls": [{"name": "search", "result": result}]}
    verdict = _GUARD.check(turn)
    return [f.identifier for f in verdict.findings if (f.evidence or {}).get("shape") == "name"]


_MAIL = {
    "emails": [{"sender": "c.o@rentco.com", "subject": "Rent", "body": "Rent is due. Regards, Chidi Okafor"}]
}
_CORREO = {"correos": [{"de": "x@y.es", "asunto": "Agua", "cuerpo": "Saludos, Lucía Gómez"}]}


@pytest.mark.parametrize(
    ("answer", "user", "result", "flagged"),
    [
        ("Yes, one from Emeka Okafor about rent.", "Any mail from Mr. Okafor?", _MAIL, "Emeka Okafor"),
        ("Emeka Okafor wrote about the rent.", "Did Mr Okafor write?", _MAIL, "Emeka Okafor"),
        ("Sí, uno de Marta Gómez sobre el agua.", "¿Algo de la Sra. Gómez?", _CORREO, "Marta Gómez"),
        ("Ja, Karl Becker hat geschrieben.", "Hat Herr Becker geschrieben?", {"n": 1}, "Karl Becker"),
    ],
)
def test_a_first_name_beside_a_titled_surname_no_evidence_holds(
    answer: str, user: str, result: Any, flagged: str
) -> None:
    assert flagged in _names(answer, user, result)


@pytest.mark.parametrize(
    ("answer", "user", "result"),
    [
        ("Yes, one from Chidi Okafor about rent.", "Any mail from Mr. Okafor?", _MAIL),
        ("Sí, uno de Lucía Gómez sobre el agua.", "¿Algo de la Sra. Gómez?", _CORREO),
        ("Mr. Okafor wrote once.", "Any mail from Mr. Okafor?", _MAIL),
    ],
)
def test_the_held_name_and_the_title_itself_pass(answer: str, user: str, result: Any) -> None:
    assert _names(answer, user, result) == []


def test_titled_surnames_reads_the_last_word_after_each_title() -> None:
    text = "Ask Dr. Ana Ruiz or Mr Okafor; Mrs. is a title, Sra. Gómez too. Mr. smith is lower case."
    assert titled_surnames([text], _TITLES) == frozenset({"ruiz", "okafor", "gómez"})


_FOUND = {"users": [{"username": "sdahl", "name": "Søren Dahl-Jensen"}]}


@pytest.mark.parametrize(
    "answer",
    [
        "Found Søren Dahl-Jensen (username sdahl) and sent him the note.",
        "Messaged Søren Dahl-Jensen just now.",
        "Done. Notified Søren Dahl-Jensen by text.",
        "Trouvé Søren Dahl-Jensen dans l'annuaire.",
    ],
)
def test_a_verb_opening_a_clause_is_no_part_of_a_held_name(answer: str) -> None:
    assert _names(answer, "Message Søren Dahl-Jensen please", _FOUND) == []


@pytest.mark.parametrize(
    ("answer", "flagged"),
    [
        ("Found Sven Dahl-Jensen (username sdahl).", "Sven Dahl-Jensen"),
        ("Messaged Sven Dahl-Jensen just now.", "Sven Dahl-Jensen"),
        ("Trouvé Sven Dahl-Jensen dans l'annuaire.", "Sven Dahl-Jensen"),
    ],
)
def test_a_swapped_first_name_after_the_verb_is_still_flagged(answer: str, flagged: str) -> None:
    assert flagged in _names(answer, "Message him please", _FOUND)
