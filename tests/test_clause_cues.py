"""The claim finder's per-answer cues (``nofab.language.clausecues``) change no claim: a cue
absent from the answer is absent from every clause, and the last stop or break word found
by binary search is the one the window's own scan finds. Checked against a finder whose
cues keep everything and whose clause marks scan each window, on answers in two languages
that hold negations, hedges, suffixes, break words, quotations and stops in many places."""

from __future__ import annotations

import random

import pytest

from nofab import Profile
from nofab.language import claimfinder
from nofab.language.clausecues import AnswerCues, ClauseMarks, LanguageCues
from nofab.language.lexicon import lexicon_for
from nofab.language.vocabulary import Language


class _ScannedMarks(ClauseMarks):
    """Clause marks that read each window as the finder did before (five ``rfind``)."""

    def __init__(self, text: str, breaks: tuple[str, ...]) -> None:
        super().__init__(text, breaks)
        self._text = text

    def after_stop(self, window: int, start: int) -> int:
        return max(window, *(self._text.rfind(stop, window, start) + 1 for stop in ".!?;\n"))

    def break_spelt(self, window: int, start: int) -> bool:
        return True


class _EveryCue(AnswerCues):
    """Cues that keep every negation, prefix, suffix and hedge, as if the answer quoted."""

    def __init__(
        self, texts: tuple[str, ...], norm: str, suffixes: tuple[str, ...], breaks: tuple[str, ...]
    ) -> None:
        super().__init__(texts, norm, suffixes, breaks)
        self.quoted = True
        self._all_suffixes = suffixes

    def language(self, lang: Language) -> LanguageCues:
        return LanguageCues(tuple(lang.negations), lang.negation_prefixes, self._all_suffixes, True)

    def marks(self, text: str) -> ClauseMarks:
        return _ScannedMarks(text, self._breaks)


# Pieces an answer is built of: claims, their negated, hedged and questioned forms, quotes
# (a quoted negation or hedge, a quotation glued to the words around it), break words and
# stops, in English and Spanish.
_PIECES = (
    "I've cancelled your booking",
    "I have not sent the email",
    "I haven't deleted it",
    "if I sent the invoice",
    "I've updated your phone to 555-1234",
    "your reservation has been cancelled",
    "Refund issued",
    'you wrote "I cancelled the order yesterday"',
    '"never"',
    'as"x"soon as I booked it',
    "but I deleted the reminder",
    "the reminders I deleted",
    "Have I sent it?",
    "nobody",
    "phone",
    "He cancelado la reserva",
    "no he enviado el correo",
    "si he eliminado el recordatorio",
    "pero he enviado el mensaje",
    "«nunca»",
    "butter",
    "unless",
)
_GLUE = (" ", ", ", ". ", "; ", "\n", " and ", "! ", "", "? ", ": ")


def _answers(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        parts = [rng.choice(_PIECES) + rng.choice(_GLUE) for _ in range(rng.randint(1, 12))]
        out.append("".join(parts))
    return out


def _claims(answer: str) -> list[claimfinder.Claim]:
    return lexicon_for(Profile())._claims.find(answer)


@pytest.mark.parametrize("seed", range(6))
def test_the_cues_change_no_claim(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = _answers(60, seed)
    fast = [_claims(a) for a in answers]
    monkeypatch.setattr(claimfinder, "AnswerCues", _EveryCue)
    assert [_claims(a) for a in answers] == fast


def test_some_answers_claim_and_some_claims_are_cancelled() -> None:
    """The comparison above means something: it holds claims, and answers whose every
    candidate is negated, hedged or questioned."""
    assert _claims("I've cancelled your booking. He cancelado la reserva.")
    for cancelled in ("I haven't cancelled it.", "If I cancelled it, tell me.", "Have I cancelled it?"):
        assert not _claims(cancelled)


@pytest.mark.parametrize(
    ("text", "window", "start"),
    [("a. b; c\nd! e? f", 0, 15), ("a. b; c\nd! e? f", 4, 7), ("no stops here", 0, 13), ("x.", 0, 1)],
)
def test_the_last_stop_by_search_is_the_scanned_one(text: str, window: int, start: int) -> None:
    assert ClauseMarks(text, ()).after_stop(window, start) == _ScannedMarks(text, ()).after_stop(
        window, start
    )


def test_a_break_word_is_found_where_it_is_spelt() -> None:
    marks = ClauseMarks("done but butter", ("but",))
    assert marks.break_spelt(0, 8)
    assert marks.break_spelt(8, 15)  # spelt inside "butter": the window is scanned
    assert not marks.break_spelt(0, 5)
