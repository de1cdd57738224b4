"""Full names crossed between two people: the first name of one person of the evidence
joined to the surname of another ("Ana Ruiz" when the records hold "Ana López" and
"Pedro Ruiz").

Every word of such a name is held, so no rule of ``nofab.detectors.names`` (which reads
words no evidence holds) can see it; yet the person it names is in no record. A run of the
answer's capitalised words (two to ``MAX_NAME_WORDS``) is a crossed name when:

- its first word is a held first name and its last word a held surname;
- no record holds both words among its naming fields, and no evidence text writes them
  together ("Ana Ruiz", "Ruiz, Ana", "Ruiz Ana": an argument, the user's message, a note);
- a record of the first name holds a *different* held surname (the person the first name
  belongs to is known, and is someone else), and a record without the first name holds the
  surname (the surname is another person's);
- no record of the first name holds a word one edit from the surname: that is the person's
  own surname spelt otherwise (a misspelling the answer corrects: "Kowalcyk" to
  "Kowalczyk"), which no swap explains.

Risk: family members who share a surname: a woman the records hold under her birth name
("Ana López") whom the answer calls by her married name ("Ana Ruiz", the surname of her
husband's record) is flagged, unless some evidence writes the married name. A first name
alone, a surname alone, or a first name whose records hold no surname are never read, so a
swap there passes. A full name held as one value outside naming fields ("sender": "Ana
López", an attendees list: ``persons.person_names``) is one person too: a first name's
owner is known from it as from a record's name fields. A swap between two surnames one
edit apart ("Nowak", "Novak") is read as a spelling and passes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cached_property

from nofab.detectors.namerecords import MAX_NAME_WORDS, People, capitalised
from nofab.detectors.namewords import Word
from nofab.detectors.persons import persons_of
from nofab.detectors.userhandles import edits
from nofab.evidence.records import Record
from nofab.language.text import fold


class CrossedNames:
    """The crossed-name rule for one answer against one turn's records: the records' name
    words are read on the first run that could be crossed (most answers have none)."""

    def __init__(
        self,
        held: Callable[[], tuple[frozenset[str], frozenset[str]]],
        records: Callable[[], Iterable[tuple[Record, ...]]],
        evidence_text: Callable[[], str],
        people: People | None = None,
    ) -> None:
        """``held``: the held first names and surnames (folded, read on first use);
        ``records``: the results' records; ``evidence_text``: all evidence, folded;
        ``people``: the results' people, whose full names held as one value under any key
        are people too (``persons.person_names``: a message's "sender": "Ana López")."""
        self._held = held
        self._records = records
        self._evidence_text = evidence_text
        self._people_of = people

    @cached_property
    def _people(self) -> tuple[frozenset[str], ...]:
        """Each record's name words (folded), for records naming someone by two words or more,
        and each full name held as one value (a person named outside naming fields)."""
        out = set(persons_of(self._people_of.evidence)) if self._people_of is not None else set()
        for group in self._records():
            for record in group:
                held = frozenset(fold(p) for _f, text in record.names for p in text.split() if capitalised(p))
                if len(held) > 1:
                    out.add(held)
        return tuple(out)

    @cached_property
    def _by_word(self) -> dict[str, list[frozenset[str]]]:
        """The people holding each name word, in ``_people``'s order: each question reads the
        people of its two words only (a scan of every person per name was quadratic when the
        records grow with the answer)."""
        out: dict[str, list[frozenset[str]]] = {}
        for held in self._people:
            for word in held:
                out.setdefault(word, []).append(held)
        return out

    def why(self, name: Sequence[Word]) -> str | None:
        """Why the name words ``name`` (titles and initials left out) are a crossed name, or
        None. The cheap tests on the held sets come first."""
        if not 2 <= len(name) <= MAX_NAME_WORDS:
            return None
        given, surname = fold(name[0].text), fold(name[-1].text)
        first, last = self._held()
        if given == surname or given not in first or surname not in last:
            return None
        owners = self._by_word.get(given, [])
        if any(surname in held for held in owners):
            return None
        if any(edits(w, surname, 1) <= 1 for held in owners for w in held - {given}):
            return None  # the person's own surname spelt otherwise (a correction), no swap
        others = [held for held in owners if any(w in last for w in held - {given, surname})]
        if not others or not any(given not in held for held in self._by_word.get(surname, [])):
            return None
        if self._written_together(given, surname, [fold(w.text) for w in name]):
            return None
        theirs = sorted(w for w in others[0] if w in last and w != given)
        return (
            f"the first name {name[0].text} of one person of the records (surname "
            f"{'/'.join(theirs)}) joined to the surname {name[-1].text} of another"
        )

    def _written_together(self, given: str, surname: str, words: list[str]) -> bool:
        """Some evidence text writes the two names as one person's: the answer's words in
        order, or the surname before the first name (with or without a comma)."""
        text = self._evidence_text()
        phrases = (" ".join(words), f"{given} {surname}", f"{surname}, {given}", f"{surname} {given}")
        return any(re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text) for p in phrases)
