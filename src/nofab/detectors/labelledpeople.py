"""A person named under a label that is a result's field, where that field holds someone else
("Emergency contact: Evan Marsh" when the account's ``emergency_contact`` is Owen Marsh, and
Evan Marsh is the account's authorised user).

An answer that restates a record writes its fields as labels ("Manager: ...", "**Contact:**
...", "Organizador: ..."). When the label's words are the words of a key a result files a
person under (``"emergency_contact": {"name": "Owen Marsh"}``, ``"manager": "Dana Ross"``,
``"organizer": "dana.ross@..."``, a list of them), the name after the colon is that field's
value as the answer read it. Every word of a swapped name is held (it is another person of the
results), so no rule that looks for unknown words sees it.

Principle: a name written right after a label whose words equal a result key's words (case,
accents, separators and a plural's "s" aside; short linking words such as "of", "de" left
out) must be one of the people the results hold under that key (all its words among one such
person's: "Owen" or "Owen Marsh" for "Owen Marsh"). A name that is instead another person the
evidence holds under any key (all its words among that person's) was moved from one field to
another.

Risk: a label that names a field of another record than the one the key sits in (two
accounts' managers) is read against every value of the key in the turn, so a swap between two
holders of the same key passes. A new value the agent set is no swap: a name any call's
arguments, the user's message or the context writes passes, whatever the results hold. A
label that names a field in another language than the key ("Contacto: ..." for ``contact``)
is not matched, so its swap passes. A name no evidence holds is left to the name rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from nofab.detectors.givennames import is_given_name
from nofab.detectors.namerecords import (
    MAX_DEPTH,
    MAX_NAME_WORDS,
    capitalised,
    people_list,
    people_name,
    person_value,
)
from nofab.detectors.peoplekeys import display_name
from nofab.detectors.persons import person_name_of, persons_of
from nofab.evidence.index import Evidence
from nofab.language.text import fold, strip_accents
from nofab.language.vocabulary import words as words_of

#: A label's name is another person of the evidence: the field names someone else.
CONFIDENCE = 0.8
#: Labels of one answer read at most (an answer of thousands of "x: y" lines stays bounded).
MAX_LABELS = 64
#: How far back from a colon a label is read (a label is a few words).
_LABEL_REACH = 48
#: A label: one to four words of letters, nothing else (after markup is stripped).
_LABEL = re.compile(r"[^\W\d_]+(?:[ \-][^\W\d_]+){0,3}")
#: Where a label starts: a line, a list item, a table cell, a bracket or a sentence's end.
_LABEL_START = re.compile(r"[\n|(;•]|[.!?]\s")
#: The last of them: its end is the end of ``_LABEL_START``'s last match (no two of its
#: matches overlap, and of two starts the later never ends sooner), found by one match that
#: backs off from the end instead of a list of every match before each colon.
_LAST_LABEL_START = re.compile(rf"(?s:.*)(?:{_LABEL_START.pattern})")
_MARKUP = "*_#>-• \t"
_NAME_WORD = r"[A-ZÀ-ÖØ-Þ][^\W\d_]+(?:[-'’][^\W\d_]+)?"
#: The name right after the colon (markup and spaces skipped): capitalised words.
_NAME_AFTER = re.compile(rf"[\s*_]{{0,6}}({_NAME_WORD}(?:[ \t]{_NAME_WORD}){{0,{MAX_NAME_WORDS - 1}}})")
_POSSESSIVE = re.compile(r"['’]s$")
_KEY_PARTS = re.compile(r"[^A-Za-z]+|(?<=[a-z])(?=[A-Z])")
_LABEL_PARTS = re.compile(r"[^\w]+|_")
#: Words a label or key joins its nouns with, besides the lexicon's joining words.
_LINKS = frozenset(
    {"of", "de", "del", "du", "da", "do", "di", "von", "vom", "zum", "zur", "for", "para", "pour"}
)


def _words(parts: list[str]) -> tuple[str, ...]:
    """The folded words that say which field a label or key is, plural "s" of the last aside."""
    joining = words_of("joining_words")
    out = [p for p in (fold(strip_accents(w)) for w in parts) if p and p not in _LINKS and p not in joining]
    if out and len(out[-1]) > 3 and out[-1].endswith("s"):
        out[-1] = out[-1][:-1]
    return tuple(out)


def key_words(key: str) -> tuple[str, ...]:
    """A result key's field words ("emergency_contact", "emergencyContact" -> ("emergency", "contact"))."""
    return _words([p for p in _KEY_PARTS.split(strip_accents(key)) if p])


def label_words(label: str) -> tuple[str, ...]:
    """An answer label's field words ("Emergency contacts" -> ("emergency", "contact"))."""
    return _words([p for p in _LABEL_PARTS.split(label) if p])


def _name_words(text: str) -> frozenset[str]:
    return frozenset(fold(w) for w in text.split() if capitalised(w))


def filed_people(value: Any) -> dict[tuple[str, ...], frozenset[str]]:
    """Field words -> the full name of each person a parsed result files under a key with
    those words: a person's full name as the value (``people_name``, ``person_value``), a
    person's record (``person_name_of``), or a list of either. A bounded walk."""
    out: dict[tuple[str, ...], set[str]] = {}
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))
            continue
        if not isinstance(item, dict):
            continue
        for key, field in item.items():
            key = str(key)
            names = _filed(key, field)
            if names:
                out.setdefault(key_words(key), set()).update(n for n in names if _name_words(n))
            if isinstance(field, (dict, list)):
                stack.append((field, depth + 1))
    return {k: frozenset(v) for k, v in out.items() if k}


def _filed(key: str, field: Any) -> list[str]:
    """The full names of the people one key's value names, or []."""
    if isinstance(field, str):
        text = field.strip()
        name = people_name(key, text) or (display_name(text)[0] if person_value(key, text) else "")
        return [name] if name else []
    if isinstance(field, Mapping):
        name = person_name_of(
            field
        )  # (a thing's record has a "name" too: a person's opens with a given name)
        return [name] if name and is_given_name(name.split()[0]) else []
    if isinstance(field, list):
        texts = [v for v in field if isinstance(v, str)]
        names = people_list(key, texts) if texts else []
        records = [n for v in field if isinstance(v, Mapping) if (n := person_name_of(v))]
        return names + [n for n in records if is_given_name(n.split()[0])]
    return []


def _labels(answer: str) -> Iterator[tuple[tuple[str, ...], str, int, int]]:
    """(field words, label, start, end of the name) of each "Label: Name" of the answer."""
    seen = 0
    colon = answer.find(":")
    while colon != -1 and seen < MAX_LABELS:
        after = _NAME_AFTER.match(answer, colon + 1)
        if after is not None:
            back = answer[max(0, colon - _LABEL_REACH) : colon]
            last = _LAST_LABEL_START.match(back)
            # a label opens the answer or follows a delimiter within reach, else it is prose
            if last or len(back) == colon:
                label = back[last.end() if last else 0 :].strip(_MARKUP)
                if _LABEL.fullmatch(label) and (words := label_words(label)):
                    seen += 1
                    yield words, label, after.start(1), after.end(1)
        colon = answer.find(":", colon + 1)


def _people_filed(evidence: Evidence) -> dict[tuple[str, ...], frozenset[str]]:
    """``filed_people`` of every result that did not fail (each read once per result content)."""
    out: dict[tuple[str, ...], frozenset[str]] = {}
    for _label, _call, filed in evidence.per_result("labelledpeople.filed", filed_people):
        for words, names in filed.items():
            out[words] = out[words] | names if words in out else names
    return out


def misfiled_people(evidence: Evidence, answer: str) -> Iterator[tuple[tuple[int, int], str, str]]:
    """(span, label, the field's people as written) of each name under a field's label that
    is another person of the evidence, not the field's."""
    if ":" not in answer:
        return
    labels = list(_labels(answer))
    if not labels:
        return  # (the results are walked only for an answer that writes "Label: Name")
    filed = _people_filed(evidence)
    wanted = [lab for lab in labels if lab[0] in filed]
    if not wanted:
        return
    persons = persons_of(evidence)
    others = [s.folded for s in evidence.sources if not s.label.endswith(".result")]
    for words, label, start, end in wanted:
        text = answer[start:end]
        name = frozenset(fold(_POSSESSIVE.sub("", w)) for w in text.split())
        holders = filed[words]
        if any(name <= _name_words(held) for held in holders):
            continue  # the field's own person
        if not any(name <= person for person in persons):
            continue  # no person of the evidence: the name rules' to read
        if any(fold(text) in other for other in others):
            continue  # a value the user, the context or a call's arguments give
        yield (start, end), label, "/".join(sorted(holders))


__all__ = ["CONFIDENCE", "filed_people", "key_words", "label_words", "misfiled_people"]
