"""What a tool can do, read from its name, the names of its arguments and, when the
transcript carries it, its definition (``Turn.tools``).

A tool name is a verb and the things it acts on: ``send_email``, ``SearchMessages``,
``update_reservation_flights``. The verb says what the tool does; the nouns only say what
to. So a tool whose name (or description) starts with a reading verb — get, search, list,
query — performs no action, however its nouns read: ``SearchMessages`` did not send a
message. A name without a verb (``sendmail``, ``slack``, ``email``) is read by its parts.

Inflections are compared by their Snowball stem (``messages`` ~ ``message``, ``booking`` ~
``book``, ``cancellation`` ~ ``cancel``) instead of a hand-written suffix list; stems are
cached per distinct word, and tool names repeat, so the stemmer runs a few times per process.

Risk: a tool whose name opens with a reading verb but acts ("get_refund" that issues one)
grounds no action: name it for what it does, or give its definition in ``Turn.tools``. A
definition's opening verb is trusted as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from nofab.language.vocabulary import stem as vocabulary_stem
from nofab.language.vocabulary import words
from nofab.model.turn import ToolCall, ToolDef

_NAME_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_DESCRIPTION_WORD = re.compile(r"[A-Za-z]+")
#: Words a description may open with before its verb ("This tool sends ...", "Use to send").
_DESCRIPTION_FILLER = frozenset(
    {
        "this",
        "tool",
        "function",
        "api",
        "endpoint",
        "the",
        "a",
        "an",
        "use",
        "used",
        "to",
        "it",
        "will",
        "can",
    }
)
#: A definition's direct object: at most this many words, ended by a preposition.
_OBJECT_WORDS = 3
_ARTICLES = frozenset({"a", "an", "the", "one", "some", "any", "new", "your", "their", "its"})
_OBJECT_END = frozenset(
    {"to", "for", "from", "with", "of", "in", "on", "by", "via", "and", "or", "that", "which", "when", "if"}
)


def tool_name_parts(name: str) -> tuple[str, ...]:
    """``sendEmail`` / ``send_email`` / ``SendEmail`` -> ("send", "email")."""
    return tuple(p.lower() for p in _NAME_PARTS.findall(name))


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """The English Snowball stem of a lower-case tool-name part or hint."""
    return vocabulary_stem("english", word)


def part_matches(hint: str, part: str) -> bool:
    """Does the tool-name part ``part`` name the hint ``hint``? The same word or the same
    stem ("bookings" ~ "book", "deleted" ~ "delete"). Whole parts only: "post" is not in
    "postgres". Derived nouns with another stem ("registration") are hints of their own."""
    return part == hint or stem(part) == stem(hint)


def description_verb(description: str) -> str:
    """The verb a tool description opens with ("Sends an SMS" -> "send"), or ""."""
    return description_action(description)[0]


def description_action(description: str) -> tuple[str, tuple[str, ...]]:
    """The verb a tool description opens with and the words of its direct object, up to
    the first preposition: "Sends a page to the on-call engineer" -> ("send", ("page",)).
    What is sent says what kind of sending it was (a page notifies; a certificate does not)."""
    found = _DESCRIPTION_WORD.findall(description[:120])
    filler = words("description_filler")
    for i, word in enumerate(found):
        lowered = word.lower()
        # Words a description may open with before its verb ("This tool sends ...").
        if lowered in filler:
            continue
        obj: list[str] = []
        for following in found[i + 1 : i + 1 + _OBJECT_WORDS]:
            low = following.lower()
            if low in _OBJECT_END:
                break
            if low not in _ARTICLES:
                obj.append(low)
        return stem(lowered), tuple(obj)
    return "", ()


@dataclass(frozen=True, slots=True)
class Capability:
    """One call's name parts, argument-name parts and defined verb."""

    name: str
    name_parts: tuple[str, ...]
    argument_parts: tuple[str, ...]
    #: The stem of the verb the tool's definition opens with, when ``Turn.tools`` has it.
    defined_verb: str = ""
    #: The words of that verb's direct object ("Sends a page ..." -> ("page",)).
    defined_object: tuple[str, ...] = ()

    @property
    def parts(self) -> tuple[str, ...]:
        """What the tool is named for: its name, its definition's verb and what it acts on."""
        return self.name_parts + ((self.defined_verb,) if self.defined_verb else ()) + self.defined_object

    @property
    def verbs(self) -> tuple[str, ...]:
        """The words that say what the tool does: its name's first part and its
        definition's verb ("book_reservation" -> ("book",)), not the nouns it acts on."""
        head = self.name_parts[:1] if len(self.name_parts) > 1 else ()
        return head + ((self.defined_verb,) if self.defined_verb else ())

    def reads_only(self, read_verbs: frozenset[str]) -> bool:
        """The tool's verb (first name part, else its definition's verb) only reads."""
        if self.name_parts and len(self.name_parts) > 1 and stem(self.name_parts[0]) in read_verbs:
            return True
        return bool(self.defined_verb) and self.defined_verb in read_verbs

    def names_hint(self, hint: str) -> bool:
        """Its parts name ``hint``. A compound verb may be split over two parts ("sign_in",
        "check_in" name "signin", "checkin"), and a one-part name may hold the hint at either
        end ("sendmail", "mailsend")."""
        if any(part_matches(hint, part) for part in self.parts):
            return True
        names = self.name_parts
        if any(part_matches(hint, a + b) for a, b in pairwise(names)):
            return True
        return len(names) == 1 and len(hint) >= 4 and (names[0].startswith(hint) or names[0].endswith(hint))


def capability(call: ToolCall, definitions: Mapping[str, ToolDef]) -> Capability:
    """What ``call`` can do (see ``Capability``), read once per distinct tool name, argument
    names and definition: a conversation calls the same few tools on every turn, and every
    claim of an answer asks about each of them."""
    arguments = call.parsed_arguments
    keys = tuple(str(key) for key in arguments) if isinstance(arguments, dict) else ()
    definition = definitions.get(call.name)
    return _capability(call.name, keys, definition.description if definition is not None else None)


def name_capability(name: str) -> Capability:
    """What a tool can do by its name alone: ``capability`` of a call with no arguments and
    no definition (all ``Capability.reads_only`` reads when no definition is given)."""
    return _capability(name, (), None)


@lru_cache(maxsize=4096)
def _capability(name: str, keys: tuple[str, ...], description: str | None) -> Capability:
    argument_parts = tuple(p for key in keys for p in tool_name_parts(key))
    verb, obj = description_action(description) if description is not None else ("", ())
    return Capability(name, tool_name_parts(name), argument_parts, verb, obj)


def definitions_by_name(tools: Iterable[ToolDef]) -> dict[str, ToolDef]:
    return {tool.name: tool for tool in tools}
