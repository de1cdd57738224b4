"""A person named beside a value that identifies another person's record: "Rafael Costa
(rafael.moura@...)" when the address is Rafael Moura's, "Greta Weiss, born September 23,
1986" when that date of birth is Jonas Weiss's.

An answer that restates people writes their identifying values next to their names: an
e-mail address in brackets, a phone number after a dash, a date of birth after "born". Every
word of a swapped name is held (it is another person of the results), so no rule that looks
for unknown words sees it.

Principle: a value that one person's record alone holds (an e-mail address, a phone number,
a full date: read from the records of the results, a "Name <address>" value, and an
address's own "first.last" name) identifies that person; the name written right before it
(the nearest run of capitalised words, nothing but markup, brackets, punctuation and at most
``MAX_GAP_WORDS`` lower-case words between) says who it belongs to. When that name is all
words of another person of the results and not all words of the value's own person, the two
were swapped.

Risk: a sentence that names one person and then another's value ("Juliana wrote to
rafael.moura@...", a name and a value joined by a verb of at most ``MAX_GAP_WORDS`` words)
is read as a swap; a value two people share (a family's phone) is never read, nor is a name
of one word that both people hold.

A name may also own the value through an attribute noun of its kind (``_possessed``):
"Astrid Eriksen's date of birth on reservation K5VT9B now reads April 22, 2009", "la fecha de
nacimiento de Ana Ruiz es ...", "l'adresse e-mail d'Ana Ruiz : ...". Principle: a possessive
or a link word ("de", "von", "of") says whose attribute it is, however many words stand
between it and the value, so the first value of that kind after it in its sentence is that
person's (``person_attributes.json``: the attribute nouns and links in five languages). Risk:
a sentence that names one person's attribute and then gives another's value of the same kind
("Ana's date of birth matches Luis's, 1990-02-11") is read as a swap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from nofab.detectors.peoplekeys import display_name
from nofab.detectors.persons import person_name_of
from nofab.language import vocabulary
from nofab.language.text import fold

if TYPE_CHECKING:
    from nofab.evidence.index import Evidence

#: The confidence of a name bound to another person's identifying value.
CONFIDENCE = 0.8
#: Lower-case words allowed between a name and its value ("born", "date of birth", "né le").
MAX_GAP_WORDS = 4
#: Records and values read at most per result (a hostile result stays bounded).
MAX_RECORDS = 500
MAX_DEPTH = 12

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_NAME_WORD = r"[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:[-'’][^\W\d_]+)?"
NAME_RUN = re.compile(rf"{_NAME_WORD}(?:[ \t]{_NAME_WORD}){{0,3}}")
#: What may stand between a name and its value: markup, brackets, punctuation, small words.
_GAP = re.compile(rf"[\s*_()<>\[\],:;—–-]*(?:[a-zà-ÿ]+[\s*_()<>\[\],:;—–-]+){{0,{MAX_GAP_WORDS}}}")

Key = tuple[str, str]  # ("email", "a@b.c") or ("date", "1986-09-23")


def _keys(value: str) -> Iterator[Key]:
    for email in _EMAIL.findall(value):
        yield "email", email.casefold()
    day = _ISO_DAY.fullmatch(value.strip())
    if day is not None:
        yield "date", day.group()


def _owners(results: Iterable[Any]) -> dict[Key, dict[frozenset[str], str]]:
    """Identifying value -> the name words of each person whose record holds it -> the name."""
    out: dict[Key, dict[frozenset[str], str]] = {}
    stack: list[tuple[Any, int]] = [(r, 0) for r in results]
    seen = 0
    while stack and seen < MAX_RECORDS:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, dict):
            seen += 1
            name = person_name_of(value)
            for item in value.values():
                if isinstance(item, (dict, list)):
                    stack.append((item, depth + 1))
                elif isinstance(item, str):
                    shown, _from_address = display_name(item) if "@" in item else ("", False)
                    holder = name or shown
                    if holder and (words := _words(holder)):
                        for key in _keys(item):
                            out.setdefault(key, {})[words] = holder
    return out


def _words(name: str) -> frozenset[str]:
    return frozenset(fold(w) for w in name.replace(",", " ").split() if w[:1].isupper())


def _answer_keys(evidence: Evidence, answer: str) -> Iterator[tuple[Key, int]]:
    """(value key, start) of the identifying values the answer writes."""
    for m in _EMAIL.finditer(answer):
        yield ("email", m.group().casefold()), m.start()
    for numeral in evidence.numerals:
        if numeral.kind == "date" and numeral.date is not None and numeral.date[0] is not None:
            year, month, day = numeral.date
            yield ("date", f"{year:04d}-{month:02d}-{day:02d}"), numeral.span[0]


@cache
def _possessives() -> dict[str, re.Pattern[str]]:
    """Per value kind, one pattern of an owner with its attribute noun: "Name's <noun>" and
    "<noun> <link> Name" (``person_attributes.json``, five languages)."""
    data = vocabulary.load("person_attributes")
    languages = [entry for lang, entry in data.items() if not lang.startswith("_")]
    links = sorted({w for entry in languages for w in entry["links"]}, key=len, reverse=True)
    link = "|".join(re.escape(w) for w in links)
    out: dict[str, re.Pattern[str]] = {}
    for kind in ("date", "email"):
        nouns = sorted({w for entry in languages for w in entry[kind]}, key=len, reverse=True)
        noun = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in nouns)
        out[kind] = re.compile(
            rf"(?P<own>{NAME_RUN.pattern})(?:'s|’s|')[ \t]+(?:[a-z]+[ \t]+){{0,2}}(?i:{noun})(?![\w-])"
            rf"|(?<![\w-])(?i:{noun})[ \t]+(?i:{link})[ \t]*(?P<of>{NAME_RUN.pattern})"
        )
    return out


def _possessed(answer: str, kind: str, start: int, sentence: int) -> tuple[tuple[int, int], str] | None:
    """The owner named with an attribute noun of ``kind`` last before ``start`` in its
    sentence (from ``sentence``), or None."""
    best = None
    for m in _possessives()[kind].finditer(answer, sentence, start):
        best = m
    if best is None:
        return None
    group = "own" if best.group("own") else "of"
    return best.span(group), best.group(group)


def _name_before(answer: str, start: int) -> tuple[tuple[int, int], str] | None:
    """The run of capitalised words that ends right before ``start`` (``_GAP`` between)."""
    lo = max(0, start - 120)
    window = answer[lo:start]
    best = None
    for m in NAME_RUN.finditer(window):
        if _GAP.fullmatch(window, m.end()):
            best = m
    if best is None:
        return None
    return (lo + best.start(), lo + best.end()), best.group()


def swapped_bindings(evidence: Evidence, answer: str) -> Iterator[tuple[tuple[int, int], str]]:
    """(span of a name, the value's own person) for each name bound to another person's
    identifying value (module doc)."""
    if "@" not in answer and not any(n.kind == "date" for n in evidence.numerals):
        return
    owners: dict[Key, dict[frozenset[str], str]] = {}
    for _label, _call, held in evidence.per_result("boundpeople.owners", _owners_one):
        for key, people in held.items():
            owners.setdefault(key, {}).update(people)
    if not owners:
        return
    everyone = {p for people in owners.values() for p in people}
    for key, start in _answer_keys(evidence, answer):
        holders = owners.get(key)
        if holders is None or len(holders) != 1:
            continue  # no record holds it, or two people share it
        ((own, own_name),) = holders.items()
        sentence = evidence.sentence_at(start)[0]
        found = _possessed(answer, key[0], start, sentence) or _name_before(answer, start)
        if found is None:
            continue
        span, written = found
        words = _words(written)
        if not words or words <= own:
            continue
        if any(words <= other for other in everyone if other != own):
            yield span, own_name


def _owners_one(value: Any) -> dict[Key, dict[frozenset[str], str]]:
    return _owners([value])


__all__ = ["CONFIDENCE", "NAME_RUN", "swapped_bindings"]
