"""Keys a tool files people under, and the name a person's value there gives.

Tools name people in records (``"name": "Dana Ross"``), but just as often as plain strings
filed under a key that says they are people: an event's ``attendees`` list
(``["Priya Shah", "Tom Becker"]``), an invitation's ``invitees``, a message's ``sender`` or
``to`` (``"Dana Ross <dana.ross@fmail.com>"``, or the address alone, ``dana.ross@fmail.com``).
Principle: such a value is a person's name exactly as a record's name field is, so its words
are held name words (a first name and a surname): a first name beside a held surname that no
evidence holds ("Tim Becker" for the attendee "Tom Becker") is then caught by the same rule
as for records (``nofab.detectors.names``).

Two kinds of key (``people_keys.json``, every lexicon language):

- **groups** (attendees, participants, invitees, recipients, members...): a plural or
  collective noun for people; any part of the key counts ("event_attendees"). A list filed
  there is a list of people once a given name of the gazetteer opens one of its items; then
  each item of one to four capitalised words is a name ("Keiko Mori" beside "Marta Silva"),
  a one-word item only when it is a given name. A lone value needs the gazetteer itself.
- **addressing** (to, from, cc; para, de; an, von): the words a message names its people
  with, which also name places ("to": "Paris"). Only the whole key or its last part counts,
  and the value must itself look like a person's: its first word a given name of the
  gazetteer.

Whatever the key, a value "Name <address>" gives its display name, and an address whose
local part is two or three letter runs split by "." or "_", the first a given name
("dana.ross", "keiko_mori"), gives those runs as a first name and a surname: the common
convention for a person's mailbox. A user handle built the same way, lower case and alone
("felipe_ortiz" under ``receiver``, or under a person's ``username``: ``handle_name``), is
the same person's names: the agent addressed that person by it, so "Felipe Ortega" in the
answer is a swapped surname beside a held first name.

Risk: a list of places, teams or products filed under such a key ("members": ["Red Team"])
holds its last word as a surname, so an unknown capitalised word before that word in the
answer reads as a name; an address built otherwise ("ross.dana") holds the surname as a
first name and the other way round, so a swapped name beside it passes.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from nofab.detectors.givennames import is_given_name
from nofab.language.text import fold, strip_accents
from nofab.language.vocabulary import LANGUAGES, load

#: "Display Name <local@domain>", the display name optionally quoted.
_DISPLAY = re.compile(r"\s*\"?([^\"<>@]{2,80}?)\"?\s*<\s*([^<>\s@]+)@[^<>\s@]+\s*>\s*")
#: A bare address: its local part, then the domain.
_ADDRESS = re.compile(r"\s*([^\s@<>]{3,64})@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\s*")
#: A user handle built like a mailbox's local part, lower case ("felipe_ortiz", "ana.ruiz").
_HANDLE_NAME = re.compile(r"[a-z]{2,24}(?:[._][a-z]{2,24}){1,2}")
#: The parts of a mailbox's local part that may be a person's names ("dana.ross").
_LOCAL_PARTS = re.compile(r"[._]")
_KEY_PARTS = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")
#: Keys whose kind is remembered (keys are untrusted: only short ones, and a bounded number).
_KEYS_KEPT = 4096
_KEY_KEPT_CHARS = 64


def people_key(key: str) -> str:
    """The kind of people key ``key`` is: "group", "addressing", or "" (none)."""
    return _kept_kind(key) if len(key) <= _KEY_KEPT_CHARS else ""


@lru_cache(maxsize=_KEYS_KEPT)
def _kept_kind(key: str) -> str:
    folded = fold(strip_accents(key))
    words = _lists()
    if folded in words["addressing"]:
        return "addressing"
    parts = [p for p in _KEY_PARTS.split(strip_accents(key)) if p]
    folded_parts = [fold(p) for p in parts]
    if any(p in words["groups"] for p in folded_parts):
        return "group"
    if folded_parts and folded_parts[-1] in words["addressing"] and len(folded_parts) > 1:
        return "addressing"
    return ""


def display_name(text: str) -> tuple[str, bool]:
    """(the name a people value gives, whether it came from an address's local part): the
    display name of "Name <address>", the local part's runs of a bare address made
    capitalised ("dana.ross@..." -> "Dana Ross"), else the value itself."""
    if "@" not in text:
        local = _local_name(text.strip()) if _HANDLE_NAME.fullmatch(text.strip()) else ""
        return (local, True) if local else (text.strip(), False)
    shown = _DISPLAY.fullmatch(text)
    if shown:
        name = " ".join(shown.group(1).split())
        return (name, False) if name[:1].isupper() else (_local_name(shown.group(2)), True)
    bare = _ADDRESS.fullmatch(text)
    return (_local_name(bare.group(1)), True) if bare else ("", False)


def _local_name(local: str) -> str:
    parts = _LOCAL_PARTS.split(local)
    if not 2 <= len(parts) <= 3 or not all(p.isalpha() and p.isascii() and len(p) >= 2 for p in parts):
        return ""
    return " ".join(p.capitalize() for p in parts)


def handle_words(text: str) -> str:
    """The capitalised words a lower-case handle of two or three letter runs split by "." or
    "_" is built from ("kofi_mensah" -> "Kofi Mensah"), whatever they are; else ""."""
    return _local_name(text) if _HANDLE_NAME.fullmatch(text) else ""


def handle_name(text: str) -> str:
    """The capitalised name ("Felipe Ortiz") a lower-case user handle of two or three letter
    runs split by "." or "_" is built from, when its first run is a given name of the
    gazetteer ("felipe_ortiz"); else "". Risk: a handle built otherwise ("ortiz_felipe")
    holds the surname as a first name, so a swapped name beside it passes; a thing's handle
    that opens with a given name ("jordan_river") holds its words as a person's."""
    name = handle_words(text)
    return name if name and is_given_name(name.split(" ")[0]) else ""


def mailbox_names(address: str) -> frozenset[str]:
    """The name words (folded) a person's mailbox is built from ("dana.ross@..." -> dana,
    ross), when its local part follows the first.last convention with a given name first;
    else none. An answer that writes "Diana (dana.ross@...)" names someone the address does
    not belong to. Risk: a person whose mailbox carries a former or another name is flagged."""
    name, from_address = display_name(address) if "@" in address else ("", False)
    parts = name.split(" ")
    if not from_address or not name or not is_given_name(parts[0]):
        return frozenset()
    return frozenset(fold(p) for p in parts)


@cache
def _lists() -> dict[str, frozenset[str]]:
    data = load("people_keys")
    return {
        name: frozenset(fold(w) for code in LANGUAGES for w in data.get(code, {}).get(name, ()))
        for name in ("groups", "addressing")
    }


__all__ = ["display_name", "handle_name", "handle_words", "mailbox_names", "people_key"]
