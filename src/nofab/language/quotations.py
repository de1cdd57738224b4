"""Quoted words in a claim's neighbourhood: someone else's words, or an item's title.

A quotation ('"..."', '“...”', '«...»') inside a claim's clause holds another speaker's
negations and hedges, not the answer's; beside a claim's verb it is the text sent or the
title of an item, never the kind of thing the claim acted on. The claim finder blanks them
(same length, so offsets hold) before reading a clause or a claim's object.
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r'"[^"\n]{0,200}"|“[^”\n]{0,200}”|«[^»\n]{0,200}»')
_QUOTE_MARKS = re.compile(r'["“«]')
_CLOSERS = re.compile(r'["”»]')


def unquoted(clause: str) -> str:
    """``clause`` with quoted words blanked (a scan only when it holds a quotation mark)."""
    return _QUOTED.sub(" ", clause) if _QUOTE_MARKS.search(clause) else clause


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group())


def unquoted_ahead(text: str) -> str:
    """The words after a claim that may name its object, quoted words blanked (same length).

    Principle: a quotation is a text's own words or an item's title, never the kind of
    thing the claim acted on: 'sent him: "the meeting moved to 3"' sends a message (what a
    messaging tool sends), and 'deleted "meeting notes"' names a note by its title. So the
    words of a quotation after the verb, and of one the window cuts open, never narrow the
    claim to another kind of object. Risk: a scare-quoted kind word ('cancelled the
    "booking"') no longer narrows the claim, so a tool for another kind of thing grounds it.
    """
    if not _QUOTE_MARKS.search(text):
        return text
    text = _QUOTED.sub(_blank, text)
    open_at = _QUOTE_MARKS.search(text)  # a quotation the window ends inside of
    return text[: open_at.start()] + " " * (len(text) - open_at.start()) if open_at else text


def unquoted_behind(text: str) -> str:
    """The words before a passive or stated claim, quoted words blanked (same length): a
    quoted title before the verb ('"book flu shot" is marked done') names the item, not its
    kind (the principle and risk of ``unquoted_ahead``)."""
    if not _CLOSERS.search(text):
        return text
    text = _QUOTED.sub(_blank, text)
    # A closing mark whose opening one lies before the window: everything up to it is quoted.
    closers = [m.end() for m in _CLOSERS.finditer(text)]
    return " " * closers[-1] + text[closers[-1] :] if closers else text
