"""People's names in the answer that no evidence holds: the name rules of ``entities``.

Ordinary capitalised words are never checked on their own (sentence starts, products,
places, greetings: that is where false alarms live). A capitalised word is read as part of a
person's name only when its position says so:

- **beside a held name word** — after a word a record holds as a first name ("Sophia ___")
  or before one it holds as a surname ("___ Silva");
- **after a personal title** of any lexicon language ("Mr.", "Sra.", "Mme", "Herr");
- **addressed after a greeting or thanks** ("Thank you, Sophia.", "Gracias, Ana."), when the
  records name people at all (the answer then addresses one of them);
- **before a code or address in brackets** that a record holds ("___ (sophia_silva_7557)"),
  when the record names someone else, or a person's mailbox names someone else
  ("___ (dana.ross@...)", ``peoplekeys.mailbox_names``; before an address, only a run
  holding a given name: "Primary Email (...)" is a label);
- **the owner of a person's field** — a possessive before the name of a field that a record
  naming someone holds ("___'s phone number" when a record has ``name`` and ``phone``), or
  the word after that field and "of" ("the phone of ___", "el telefono de ___"): the answer
  then reads a record's field and says whose it is, so the owner must be a name the evidence
  holds;
- **in a person slot the evidence itself shows** — after a lower-case word that the
  evidence's own text puts right before a held name ("1 on 1 with Hugo" makes "with ___" a
  person slot; "reunión con ___", "Termin mit ___");
- **in a person slot of the answer's own grammar** (``nameslots.grammar_slot``), when the
  records name people: the whole value of a label only a person fills, or an item of a list
  or series it opens, holding a given name ("Passenger: ___", "**Pasajeros:**\n- ___";
  lexicon ``person_nouns``) — or any name-shaped value there beside a held name; a run a
  person's field follows ("___ (DOB: ...)"); a run coordinated by "and"/"or" with a name the
  evidence holds ("___ and Sofia", "Sofia y ___"; ``coordinators``). A **lone given name**
  (``givennames``: the gazetteer tells "Noah" from "Austin" where a slot cannot) is read in
  weaker slots too: coordinated by a comma, after a person's role ("your daughter ___"),
  owning something ("___'s seat"), addressed ("Done, ___."), after a preposition or verb that
  takes people ("for ___", "para ___", "notified ___"; ``person_prepositions``,
  ``person_verbs``), unless it is a month or day or a place's marks follow ("Austin (AUS)").
  Function words and pronouns are never names ("Attendees: None"), and a lone name that
  opens a user handle of the results ("Justin" for ``justinkool``) is held;
- **the subject of a clause that says the person acts** (``namesubjects``): a lone given
  name opening a clause before a verb of action or communication ("Karim is delivering it",
  "Laura te llamará"), in a turn whose evidence names people (records, or a given name its
  text capitalises).

A full name is one unit (one finding over every capitalised word of it), and a possessive
("Anna's") is the name itself; a verb or a function word of the lexicons opening a sentence
is no part of the name after it ("Found Søren Dahl-Jensen", "For Greta": ``namesubjects.
opening_word``), nor is a pronoun capitalised mid-sentence ("I've", "Ihnen": ``namewords``).
A full name whose every word is held, but whose first name and surname are two different
people's, is flagged too (``crossednames``). A surname the evidence writes after a title
("Mr. Okafor") is held as a record's is (``titlednames``). The name words a record holds and
their roles come from its naming fields: ``first_name``/``given_name`` are first names,
``last_name``/``family_name``/``surname`` are surnames, a multi-word ``name`` (or ``full_name``,
``customer_name`` and other person roles; not ``product_name``) gives its first and last word.
Any other value that is itself a person's full name (two or three capitalised words, a
gazetteer given name first, under a key that names no thing or place: ``"approver": "Diego
Ramos"``) gives them too, and one given name under a role key only a person fills
(``"courier": "Malik"``) is a first name (``namerecords.person_value``).

Risk: a product or place whose name starts or ends with a held person's name ("Sofia
Airport" when a passenger is called Sofia) reads as a person; a lone first name outside
every slot above ("upgrading Noah", "and Noah is booked") is not checked, so a swapped one
there passes; a given name that is also a brand or place, in a weak slot and with no place marks
("pay with Chase", "a fare for Florence") is flagged; a slot word the evidence also uses before other
things ("with Hugo" and "flying with Delta" when Delta is in no evidence) reads that thing as
a person.
The greeting rule trusts that the records name people at all; a bot greeting the user by a
name given in an earlier conversation (not in this turn's evidence) is flagged. The owner rule
matches whole field names only ("phone", "start time" for ``start_time``), so "Monday's event"
does not read ``event_type``; it flags a capitalised non-person owner no evidence holds
("Acme's email" from memory), which names a record nobody returned this turn either.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from nofab.detectors import namerecords as records
from nofab.detectors import nameslots as slots
from nofab.detectors import namesubjects as subjects
from nofab.detectors import titlednames
from nofab.detectors.calendarnames import is_date
from nofab.detectors.crossednames import CrossedNames
from nofab.detectors.givennames import is_given_name
from nofab.detectors.heldwords import LETTERS, HeldWords
from nofab.detectors.namehandles import starts_a_handle
from nofab.detectors.namerecords import People
from nofab.detectors.namewords import Word, initial, runs, words
from nofab.detectors.peoplekeys import mailbox_names
from nofab.evidence.records import Record
from nofab.language.text import fold
from nofab.language.vocabulary import words as words_of

#: Confidence of a name the evidence does not hold: at the blocking threshold, because the
#: position rules above leave only words that read as a person's name.
CONFIDENCE_NAME = 0.8
#: Held names whose occurrences in the evidence give person slots (each costs a find).
MAX_FRAMES = 64

#: Codes asked of each result's owners before the owners of all results are merged once.
MAX_OWNER_ASKS = 32

#: Runs from which the results are read first for whether they name people at all (a walk
#: of the results, kept per result in the guard's cache): with fewer, the rules' own cheap
#: tests on the answer skip most runs before any walk is needed.
GATE_FROM = 8

_CODE_AFTER = re.compile(r"\s*\(\s*([A-Za-z0-9][\w.\-+]{2,63}(?:@[\w.\-]{3,63})?)\s*\)")


@dataclass(frozen=True, slots=True)
class NameCandidate:
    span: tuple[int, int]
    text: str
    unknown: tuple[str, ...]  # its words no evidence holds
    why: str


class NameFinder:
    """The name rules for one answer against one turn's evidence.

    What the evidence holds is read lazily: most answers have no capitalised word in a name
    position, and then no tool result is walked at all. What the results say about people
    (``namerecords.People``) is read result by result and kept in the guard's cache, so an
    answer of many runs asks it first (``GATE_FROM``) and skips every run when nobody is
    named."""

    def __init__(
        self,
        people: People,
        records: Callable[[], Iterable[tuple[Record, ...]]],
        evidence_text: Callable[[], str],
        titles: frozenset[str],
        greetings: frozenset[str] = frozenset(),
        source_texts: Callable[[], Sequence[str]] | None = None,
        raw_text: Callable[[], str] | None = None,
        raw_sources: Callable[[], Sequence[str]] | None = None,
    ) -> None:
        """``evidence_text``: all evidence, folded; ``source_texts``: the same source by
        source (their join), when the caller has them: a word is then looked up source by
        source, through each source's set of words once it is built (``heldwords``);
        ``raw_text``: all evidence as written (for the given names it capitalises);
        ``raw_sources``: the same source by source (for the surnames it writes after a title)."""
        self._people = people
        self._records = records
        self._evidence_text = evidence_text
        self._source_texts = source_texts
        self._raw_text = raw_text
        self._raw_sources = raw_sources
        self._seen: dict[str, bool] = {}
        self._owner_asks = 0
        self._unknown_seen: dict[str, bool] = {}
        self._crossed = CrossedNames(lambda: self._held, records, evidence_text, people)
        self.titles = titles
        self.greetings = greetings

    @cached_property
    def _held(self) -> tuple[frozenset[str], frozenset[str]]:
        first, last = self._people.held()
        if self._raw_sources is None:
            return first, last
        return first, last | titlednames.titled_surnames(self._raw_sources(), self.titles)

    @property
    def first(self) -> frozenset[str]:
        return self._held[0]

    @property
    def last(self) -> frozenset[str]:
        return self._held[1]

    @cached_property
    def _either(self) -> frozenset[str]:
        # built once: a union per word after a title made thousands of titles x held names
        return self.first | self.last

    @cached_property
    def _handles(self) -> tuple[str, ...]:
        return self._people.handles()

    @cached_property
    def _text(self) -> str:
        return self._evidence_text()

    def _unknown(self, word: Word) -> bool:
        """No evidence holds the word (each letter run of it: "O'Brien", "Jean-Luc"), as a
        run of letters of its own: "silva" is held by "sophia_silva_7557", not by "silvan"."""
        return self._unknown_text(word.text)

    def _unknown_text(self, text: str) -> bool:
        unknown = self._unknown_seen.get(text)
        if unknown is None:  # each rule asks again about the same words of a run
            folded = fold(text)
            # a word of letters only is one run (most are): no regex call for it
            pieces = (folded,) if folded.isalpha() else LETTERS.findall(folded)
            unknown = any(not self._holds(piece) for piece in pieces)
            self._unknown_seen[text] = unknown
        return unknown

    def _holds(self, piece: str) -> bool:
        held = self._seen.get(piece)
        if held is None:
            held = self._held_words.holds(piece)
            self._seen[piece] = held
        return held

    @cached_property
    def _held_words(self) -> HeldWords:
        texts = self._source_texts() if self._source_texts is not None else [self._text]
        return HeldWords(texts)

    def candidates(self, answer: str) -> list[NameCandidate]:
        found = words(answer, self.titles)
        out: list[NameCandidate] = []
        found_runs = list(runs(answer, found))
        # no rule but the title and subject rules can apply: no other run is read
        gated = len(found_runs) >= GATE_FROM and not self._names_people(answer)
        for run in found_runs:
            # what the run would report is known before why (a title alone, "Dr", names
            # nobody): the rules are asked only for a run that could give a finding
            name = [w for w in run if w.text not in self.titles and not initial(answer, w)]
            first = run[0]
            if len(name) > 1 and name[0] is first and subjects.glued_verb(answer, name, self._unknown):
                run, name = run[1:], name[1:]  # "Found Søren Dahl-Jensen", "The Lindqvist": no name
            if not name or len(name) > records.MAX_NAME_WORDS:
                continue
            verb = self._acting(answer, run)
            # cheapest first: a word of running prose no rule reads (a sentence's first word),
            # then a run whose every word the evidence holds (a set lookup per word), then
            # the rules themselves
            if not verb and (gated or (len(run) == 1 and slots.in_running_prose(answer, run[0]))):
                continue
            unknown = tuple(w.text for w in name if self._unknown(w))
            crossed = None if unknown or gated else self._crossed.why(name)  # ``crossednames``
            if not (unknown or crossed) or is_date(answer, name):
                continue  # all held, or a date ("from Tuesday, Sep 12": calendarnames)
            why = crossed or (None if gated else self._why(answer, run))
            if why is None and verb and self._people_in_scope:
                why = f"a given name as the subject of '{verb}', in a turn whose evidence names people"
            if why is None:
                continue
            if not (len(name) == 1 and starts_a_handle(fold(name[0].text), self._handles)):
                start, end = name[0].start, name[-1].end
                out.append(NameCandidate((start, end), answer[start:end], unknown or (run[-1].text,), why))
        titled = titlednames.after_titles(answer, found, self.titles, lambda: self._either, self._unknown)
        out.extend(NameCandidate(*t) for t in titled)
        return out

    def _acting(self, answer: str, run: list[Word]) -> str:
        """The verb of which a lone given name is the subject ("Karim is delivering"), or ""
        (``namesubjects``): asked of the answer alone, the cheapest test first."""
        if len(run) != 1 or run[0].possessive or not is_given_name(run[0].text):
            return ""
        word = run[0]
        if not subjects.opens_clause(answer, word.start) or not slots.lone_given_name(answer, run):
            return ""
        return subjects.acting_verb(answer, word.start, word.end)

    @cached_property
    def _people_in_scope(self) -> bool:
        """The evidence names people: its records hold person names, or its text holds a
        capitalised given name (a recipient the user named: "Email Lena ...")."""
        if self.first or self.last:
            return True
        text = self._raw_text() if self._raw_text is not None else ""
        return any(slots.lone_given_name(text, [w]) for w in words(text) if w.shaped)

    def _names_people(self, answer: str) -> bool:
        """Can any rule but the title rule apply? Each needs the results to name people
        (held name words, a person's fields) or, for a code in brackets, a record naming
        someone: without them no run is read (the gate gives the same findings, cheaper)."""
        return bool(self.first or self.last or self._person_fields or ("(" in answer and self._owners))

    def _why(self, answer: str, run: list[Word]) -> str | None:
        """Why ``run`` reads as a person's name, or None when nothing says so."""
        for i, word in enumerate(run if len(run) > 1 else ()):
            if fold(word.text) in self.first and any(self._unknown(w) for w in run[i + 1 :]):
                return f"beside the first name {word.text} that a record holds"
            if fold(word.text) in self.last and any(self._unknown(w) for w in run[:i]):
                return f"beside the surname {word.text} that a record holds"
        if len(run) == 1 and self._addressed(answer, run[0]) and (self.first or self.last):
            return "addressed after a greeting"
        prev = slots.word_before(answer, run[0].start)
        if prev and self._person_frame(prev, run):
            return f"after '{prev}', which the evidence puts before a person's name"
        field = self._owned_field(answer, run, prev)
        if field:
            return f"the owner of the field {field} that a record of a person holds"
        slot = self._person_slot(answer, run, prev)
        if slot:
            return slot
        code = _CODE_AFTER.match(answer, run[-1].end)
        named = not code or "@" not in code.group(1) or any(is_given_name(w.text) for w in run)
        if code and named and len(run) <= records.MAX_NAME_WORDS:
            owner = self._names_of(code.group(1)) | mailbox_names(code.group(1))
            if owner and not any(fold(w.text) in owner for w in run):
                return f"beside {code.group(1)}, which a record holds for {' '.join(sorted(owner))}"
        return None

    def _person_slot(self, answer: str, run: list[Word], prev: str) -> str | None:
        """Why the answer's own grammar puts a person at ``run``, in a turn whose records name
        people: the value of a person's label ("Passenger: ___"), or coordinated with a held
        name by "and"/"or" ("___ and Sofia"); and, for a lone given name only (the gazetteer
        tells "Noah" from "Austin" where the slot cannot), coordinated by a comma, after a
        person's role ("your son ___"), owning something ("___'s seat"), addressed ("Done,
        ___.") or after a preposition or verb that takes people ("for ___", "notified ___").
        The slot is read first (a few characters around the run); the evidence only then."""

        def fields() -> frozenset[str]:  # walked only for a run no evidence holds
            return self._person_fields if any(self._unknown(w) for w in run) else frozenset()

        slot = slots.grammar_slot(answer, run, prev, self._held_partner, fields)
        if slot is None or not any(self._unknown(w) for w in run) or not (self.first or self.last):
            return None
        return slot

    def _held_partner(self, word: str) -> bool:
        """A name coordinated with the run is a record's name word, or a given name that the
        evidence holds (a passenger the user named: "Liam and Kevin" with Kevin asked for)."""
        return fold(word) in self._either or (is_given_name(word) and not self._unknown_text(word))

    def _person_frame(self, prev: str, run: list[Word]) -> bool:
        """Is ``prev``, the lower-case word right before the run, one the evidence's own
        text puts right before a name a record holds ("1 on 1 with Hugo": "with")? Cheapest
        first: the run's words (most are held: a find each, cached), then the frames of the
        held names (a walk of the results for their names, then a find per name)."""
        return any(self._unknown(w) for w in run) and prev in self._frames

    @cached_property
    def _frames(self) -> frozenset[str]:
        """The words the evidence's text puts right before a held name, found from each
        held name's occurrences (a find per name, bounded). A joining word never counts
        ("Sofia and Kevin": a conjunction or a determiner joins anything)."""
        joining = words_of("joining_words")
        names = sorted(self.first | self.last)[:MAX_FRAMES]
        return frozenset(self._held_words.frames(names)) - joining

    def _owned_field(self, answer: str, run: list[Word], prev: str) -> str:
        """The person field the run owns ("___'s phone", "the phone of ___"), or "". The word
        next to the field must itself be unknown: a held surname owning a field ("Mei
        Silva's email") is the beside-a-held-name rule's case."""
        # (the word next to the field, the field word next to it, a two-word field in
        # reading order: "phone number", "start time" or None)
        pairs: list[tuple[Word, str, tuple[str, str] | None]] = []
        if run[-1].possessive:
            after = slots.FIELD_AFTER.match(answer, run[-1].end)
            if after:
                one, two = after.groups()
                pairs.append((run[-1], one, (one, two) if two else None))
        before = None
        if prev in slots.OWNER_WORDS:  # "the phone of ___": only then read the field before
            before = slots.FIELD_OF.search(answer[max(0, run[0].start - 48) : run[0].start])
        if before:
            one, two = before.groups()
            pairs.append((run[0], two, (one, two) if one else None))
        for word, near, both in pairs:
            names = [fold(near)]
            if both:  # "phone number" names ``phone_number``, ``phonenumber`` or ``phone``
                names += [f"{fold(both[0])}_{fold(both[1])}", fold(both[0]) + fold(both[1]), fold(both[0])]
            held = next((n for n in names if n in self._person_fields), "")
            if not held or fold(word.text) in words_of("calendar_words"):
                continue  # "Monday's meeting", "Today's forecast": a day owns no record
            if self._unknown(word):
                return held
        return ""

    @cached_property
    def _person_fields(self) -> frozenset[str]:
        return self._people.fields()

    def _addressed(self, answer: str, word: Word) -> bool:
        """``word`` stands alone right after a greeting ("Thank you, Sophia." / "Hola Ana!")."""
        if answer[word.end : word.end + 1] not in (".", ",", "!", "?", "") and word.end < len(answer):
            return False
        before = fold(answer[max(0, word.start - 24) : word.start]).rstrip().rstrip(",").rstrip()
        # a set lookup of the text's tail per greeting length, not a test per greeting
        return any(
            n <= len(before)
            and before[len(before) - n :] in self.greetings
            and (len(before) == n or not before[-n - 1].isalnum())
            for n in self._greeting_lengths
        )

    @cached_property
    def _greeting_lengths(self) -> tuple[int, ...]:
        return tuple(sorted({len(g) for g in self.greetings}))

    def _names_of(self, code: str) -> frozenset[str]:
        """Name words of the records that hold ``code`` as a value: asked of each result's
        owners (``namerecords.owners_of``, read once per result), or of their union once
        many codes are asked."""
        self._owner_asks += 1
        if self._owner_asks > MAX_OWNER_ASKS and len(self._owners) > 1:
            self._owners = [records.merged_owners(self._owners)]
        found = [held[code] for held in self._owners if code in held]
        return found[0] if len(found) == 1 else frozenset().union(*found)

    @cached_property
    def _owners(self) -> list[dict[str, frozenset[str]]]:
        return [held for group in self._records() if (held := records.owners_of(group))]
