"""Where the answer's grammar or the evidence's own text expects a person's name: the
shapes of the phrases around a name (a person's label, coordination, address, the word
before it) and the words that never are one. What the records hold about people is
``namerecords``. Read by ``nofab.detectors.names``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Protocol

from nofab.detectors.givennames import is_given_name
from nofab.detectors.namelists import list_label, series_label, sibling_items
from nofab.detectors.namerecords import capitalised
from nofab.language.text import fold
from nofab.language.vocabulary import words as words_of

#: Up to two lower-case words after a possessive: the field it owns ("phone number").
FIELD_AFTER = re.compile(r"\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?")
#: A field, then the word that introduces its owner, right before a name ("phone of ___",
#: "telefono de ___", "numéro du ___", "Nummer von ___"), in the lexicon languages.
OWNER_WORDS = frozenset({"of", "de", "del", "do", "da", "du", "von"})
FIELD_OF = re.compile(rf"(?:([^\W\d_]+)\s+)?([^\W\d_]+)\s+(?:{'|'.join(sorted(OWNER_WORDS))})\s+$")
#: How far back the word before a name is looked for.
_WORD_REACH = 24


def word_before(answer: str, start: int) -> str:
    """The lower-case word right before ``start``, separated from it by one space ("with"
    in "a meeting with Mei"), or "" (a sentence start, punctuation, a capitalised word)."""
    end = start - 1
    if end < 1 or answer[end] != " " or not answer[end - 1].islower():
        return ""
    i = end - 1
    floor = max(-1, end - _WORD_REACH)
    while i > floor and answer[i].isalpha() and answer[i].islower():
        i -= 1
    if i > floor and (answer[i].isalnum() or answer[i] == "_"):
        return ""  # a word with digits or capitals in it is no slot word
    word = answer[i + 1 : end]
    return word if len(word) >= 2 else ""


#: Occurrences of one name read for the word before it (a name repeated in a long result).
_MAX_OCCURRENCES = 200


def frames_of(text: str, name: str) -> set[str]:
    """The lower-case words right before ``name`` (a whole letter run) in ``text``."""
    out: set[str] = set()
    at = text.find(name)
    seen = 0
    while at != -1 and seen < _MAX_OCCURRENCES:
        seen += 1
        end = at + len(name)
        if (end == len(text) or not text[end].isalpha()) and at > 0 and not text[at - 1].isalpha():
            word = word_before(text, at)
            if word:
                out.add(word)
        at = text.find(name, at + 1)
    return out


#: A label of one word and a colon right before a name, markdown emphasis allowed:
#: "Passenger: ___", "- **Passenger:** ___", "**Passagiere**: ___".
_LABEL = re.compile(r"([^\W\d_]{2,24})[*_]{0,2} ?:[*_]{0,2}[ \t]{1,2}[*_]{0,2}$")
#: A word coordinated after a name ("___ and Sofia", "___, Sofia", "___ & Sofia").
_JOINED_AFTER = re.compile(r"(?:(,)|[ \t]+([^\W\d_]+|&))[ \t]+([^\W\d_]+)")
#: What follows a place rather than a person: an airport code in brackets or a region code
#: after a comma ("Austin (AUS)", "Charlotte, NC").
_PLACE_AFTER = re.compile(r" ?\([A-Z]{3}\)|, [A-Z]{2}\b")
#: How far before a name a label or a coordinated word is looked for.
_REACH = 40


def label_before(answer: str, start: int) -> str:
    """The folded one-word label right before ``start`` ("passenger" in "**Passenger:** ___"),
    or "". A colon among the few characters before is looked for first: most runs have none."""
    if not answer[max(0, start - 6) : start].rstrip(" \t*_").endswith(":"):
        return ""
    m = _LABEL.search(answer, max(0, start - _REACH), start)
    return fold(m.group(1)) if m else ""


def coordinated(answer: str, start: int, end: int, joiners: frozenset[str]) -> Iterator[tuple[str, bool]]:
    """(word, joined by a comma) for the word coordinated right after ``answer[start:end]``
    and the one right before it, when a comma or one of ``joiners`` joins them. Read by
    stepping back over characters, not by a search: it runs for every capitalised run."""
    after = _JOINED_AFTER.match(answer, end)
    if after and (after.group(1) or fold(after.group(2)) in joiners):
        yield after.group(3), bool(after.group(1))
    i = _skip_blanks(answer, start)
    if i == start or i == 0:
        return
    comma = answer[i - 1] == ","
    if comma or answer[i - 1] == "&":
        j = i - 1
    else:
        joiner = _letters_before(answer, i)
        if not joiner or fold(joiner) not in joiners:
            return
        j = _skip_blanks(answer, i - len(joiner))
        if j == i - len(joiner):
            return  # "Sofiaand ___": no space, no joiner
    word = _letters_before(answer, j)
    if word:
        yield word, comma


def _skip_blanks(answer: str, i: int) -> int:
    """The index after the last non-blank character before ``i``."""
    while i > 0 and answer[i - 1] in " \t":
        i -= 1
    return i


def _letters_before(answer: str, i: int) -> str:
    """The run of letters ending at ``i`` (at most ``_REACH`` of them), or ""."""
    j = i
    while j > max(0, i - _REACH) and answer[j - 1].isalpha():
        j -= 1
    return answer[j:i]


def vocative(answer: str, start: int, end: int) -> bool:
    """``answer[start:end]`` is set off as the person addressed: after a comma and closing
    its sentence ("Done, Noah.") or opening the answer before a comma ("Noah, your ...")."""
    closes = end == len(answer) or answer[end] in ".!?"
    if closes and answer[max(0, start - 2) : start] == ", ":
        return not _listed(answer, start - 2)
    # the answer's opening blanks and markup end where the name starts (a match that stops
    # at the first other character: no copy of the text before a name)
    opening = _OPENING.match(answer)
    return answer[end : end + 1] == "," and opening is not None and opening.end() == start


_OPENING = re.compile(r"[ *_>#\t]*")
#: The word before a comma and what precedes it ("Denver, Dallas" -> ", ", "Dallas").
_WORD_BEFORE_COMMA = re.compile(r"(^|[^\w\s]\s*|\s)([^\W\d_]+)$")


def _listed(answer: str, comma: int) -> bool:
    """The comma at ``comma`` ends an item of a list of capitalised things ("Stops: Denver,
    Dallas, Austin."): the word before it is capitalised and does not open its sentence."""
    m = _WORD_BEFORE_COMMA.search(answer, max(0, comma - _REACH), comma)
    if not m or not m.group(2)[0].isupper():
        return False
    opener = m.group(1).strip()
    return not (m.start(2) == 0 or opener in (".", "!", "?") or answer[: m.start(2)].endswith("\n"))


def in_running_prose(answer: str, word: _Named) -> bool:
    """The one ``word`` sits where no rule of ``names`` reads a person:
    no lower-case word before it (``word_before``), nothing that coordinates it before (a
    comma, "&", a letter), not after a Spanish personal "a", not a possessive, and a
    lower-case word that coordinates nothing right after it ("Could you", "Since this").

    That is the commonest capitalised word of an answer, a sentence's first word, and every
    rule needs one of those marks: a label's value ends where a lower-case word follows; an
    address, a code or a field in brackets, a comma after it, a joiner after it; a slot word,
    a role or an owner word before it. Asked first, it spares every rule's own reading of the
    text around the word (tests hold that it never answers differently from the rules)."""
    start, end = word.start, word.end
    if word.possessive or end + 1 >= len(answer) or answer[end] != " " or word_before(answer, start):
        return False
    if not answer[end + 1].islower():
        return False
    after = _LETTER_RUN.match(answer, end + 1)
    if after is None or fold(after.group()) in words_of("coordinators"):
        return False
    i = _skip_blanks(answer, start)
    if i > 0 and (answer[i - 1].isalpha() or answer[i - 1] in ",&"):
        return False
    return answer[max(0, start - 3) : start] != " a "


_LETTER_RUN = re.compile(r"[^\W\d_]+")


def place_after(answer: str, end: int) -> bool:
    """What follows ``end`` marks a place ("Austin (AUS)", "Charlotte, NC")."""
    return _PLACE_AFTER.match(answer, end) is not None


class _Named(Protocol):
    """A word of the answer (``names.Word``): its text, where it is, and whether it is a
    possessive ("Anna's")."""

    @property
    def text(self) -> str: ...

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def possessive(self) -> bool: ...


def lone_given_name(answer: str, run: Sequence[_Named]) -> bool:
    """``run`` is one given name (see ``holds_given_name``)."""
    return len(run) == 1 and holds_given_name(answer, run)


def holds_given_name(answer: str, run: Sequence[_Named]) -> bool:
    """A word of ``run`` is a given name that is no month or day, and no place's marks
    follow the run ("Austin (AUS)", "Charlotte, NC")."""
    calendar = words_of("calendar_words")
    return any(is_given_name(w.text) and fold(w.text) not in calendar for w in run) and not place_after(
        answer, run[-1].end
    )


def weak_slot(answer: str, start: int, end: int, prev: str, *, possessive: bool) -> str | None:
    """Why the one word at ``answer[start:end]`` sits where a person often does (after a
    person's role, owning something, addressed, after "for"/"with" or a verb that takes
    people), or None. Such a slot holds a person only when the word is a given name."""
    if prev in words_of("person_nouns"):
        return f"a given name after '{prev}', a role only a person has"
    if possessive:
        return "a given name that owns something"
    if vocative(answer, start, end):
        return "a given name addressed"
    if answer[max(0, start - 3) : start] == " a ":
        prev = word_before(answer, start - 2)  # Spanish personal "a": "avisé a ___"
    if prev in words_of("person_prepositions") or prev in words_of("person_verbs"):
        return f"a given name after '{prev}'"
    return None


#: Lexicon lists whose words are never part of a name ("None", "All", "Not provided").
_FUNCTION_LISTS = ("negations", "universal", "counts", "short_words", "hedges", "joining_words", "pronouns")


def name_shaped(texts: Sequence[str]) -> bool:
    """Capitalised words that can be a name: none is a function word of a lexicon language
    ("None", "All", "Not")."""
    function = _function_words()
    return not any(fold(t) in function for t in texts)


def value_ends(answer: str, end: int) -> bool:
    """A label's value ends at ``end``: no lower-case word follows it ("Not provided" goes
    on as prose; "Noah\n", "Noah (DOB ...)" and "Noah, Kevin" end) and no colon (a label)."""
    if answer[end : end + 3].lstrip("*_")[:1] == ":":
        return False  # "Total Cost:": the run is itself a label
    return not (answer[end : end + 1] == " " and answer[end + 1 : end + 2].islower())


@cache
def _function_words() -> frozenset[str]:
    return frozenset().union(*(words_of(name) for name in _FUNCTION_LISTS))


def grammar_slot(
    answer: str,
    run: Sequence[_Named],
    prev: str,
    held: Callable[[str], bool],
    person_fields: Callable[[], frozenset[str]],
) -> str | None:
    """Why the answer's own grammar puts a person at ``run`` (``held``: is a word a name the
    evidence holds; ``person_fields``: the fields of records that name people), or None.

    Strong slots: the whole value of a label only a person fills, or an item of a list such a
    label opens ("Passengers:\n- ___"), holding a given name; a run a person's field follows
    ("___ (DOB: ...)", "___, email ..."); a run coordinated by "and"/"or" with a held name
    (one word, or holding a given name). Weak slots (``weak_slot``) take one given name. No
    slot takes a function word or pronoun ("Attendees: None", "Kevin and Everyone")."""
    why = _slot(answer, run, prev, held, person_fields)
    return why if why and name_shaped([w.text for w in run]) else None


def _slot(
    answer: str,
    run: Sequence[_Named],
    prev: str,
    held: Callable[[str], bool],
    person_fields: Callable[[], frozenset[str]],
) -> str | None:
    """``grammar_slot`` before the function-word test; whether the run holds a given name
    is asked only where a slot needs it (most runs sit in none)."""
    first, last, start = run[0], run[-1], run[0].start
    label = ""
    if value_ends(answer, last.end):  # a run followed by a colon is a label: skip the walk back
        label = label_before(answer, start) or series_label(answer, start) or list_label(answer, start)
    person_label = label in words_of("person_nouns")
    if person_label and holds_given_name(answer, run):
        return f"the value of the label '{label}', which only a person fills"
    field = field_after(answer, last.end, person_fields)
    if field:
        return f"followed by {field}, a field of a person's record"
    # beside a person's label, a held neighbour is enough: two signals say "person"
    neighbours = [*coordinated(answer, first.start, last.end, words_of("coordinators"))]
    if person_label:
        neighbours += [(word, True) for word in sibling_items(answer, first.start)]
    for word, comma in neighbours:
        if not capitalised(word):
            continue
        if (person_label or (len(run) == 1 and not comma) or holds_given_name(answer, run)) and held(word):
            return f"coordinated with {word}, a name the evidence holds"
    if len(run) != 1:
        return None
    why = weak_slot(answer, first.start, first.end, prev, possessive=first.possessive)
    return why if why and holds_given_name(answer, run) else None


#: A field and its colon right after a name, in brackets or after a comma: "(DOB: ...",
#: ", email: ..." (the colon keeps "Chicago (ORD)" from asking for the fields at all).
_FIELD_AFTER_NAME = re.compile(r"(?:\s?\(|,\s)\s?([^\W\d_]+(?:[ _][^\W\d_]+){0,2})\s?[:=]")


def field_after(answer: str, end: int, person_fields: Callable[[], frozenset[str]]) -> str:
    """The person's field named right after ``end`` ("DOB" in "___ (DOB: 1990-01-02)"), by
    its name or by its initials ("Date of Birth" -> ``dob``), or ""."""
    m = _FIELD_AFTER_NAME.match(answer, end)
    if m is None:
        return ""
    words = fold(m.group(1)).replace("_", " ").split()
    names = {"_".join(words), "".join(words), "".join(w[0] for w in words)} if words else set()
    if len(words) > 1:
        names.add(words[0])
    held = person_fields()
    return next((m.group(1) for n in sorted(names) if n in held), "")
