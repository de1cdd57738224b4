"""Identifiers the answer introduces with a word that names an identifier, in any language.

Principle: a word that names an identifier as such ("ID", "identifier", "reference",
"number", "code"; "Termin-ID", "Buchungsnummer", "identifiant", "numéro", "identificador",
"número": ``identifier_cues`` in ``id_cues.json``, with the endings of compounds that name
one) followed, within the same sentence and at most five words later ("The event ID is",
"Die Termin-ID lautet", "L'identifiant de l'événement est", "El número de referencia es"), by
a token shaped like an identifier (letters and digits both, five characters or more:
"9b3e07d2", "X7Q2P9", "evt_2291") presents that token as an id a system issued. Ids are
copied from the tools, never composed, so such a token that no tool result, argument, user
message or context holds was made up or miscopied. The English snake-case keys ("event ID
is ...") already reach this through ``identifiers``' key list; this reads the prose of
every language, where the key is a compound or the copula is a verb ("lautet", "est").

Only the first token holding a digit after the cue is read: it is the value the cue
introduces ("reference number for your 2 bags ..." reads "2", no id, and stops).

Risk: a letters-and-digits token after such a word that is no identifier and not in the
evidence: a quantity with a unit glued to it ("code valid for 15min"; a number with a
unit of up to three letters is skipped), a product's model ("model number XR2000") or a
code the answer legitimately composes. Tokens without a digit (a hex run of letters only,
"deadbeef") are not read; digits alone are numbers, left to the numbers detector.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from nofab.language.text import normalise
from nofab.language.vocabulary import load

#: Words between the cue and its value at most ("for the new booking is").
MAX_GAP_WORDS = 5
#: How far after a cue its value is looked for.
_REACH = 80
#: The shortest identifier read (letters and digits together).
_MIN_CHARS = 5
#: A token of the window: a run of letters, digits, "_" and inner hyphens (not part of an
#: e-mail, a URL or a decimal: "@", "/" or "." before it, or glued after it, rule it out).
_TOKEN = re.compile(r"(?<![\w@/.\-])[^\W_](?:[\w\-]*\w)?(?![\w@\-]|[./]\w)")
#: A sentence ends the cue's reach (a stop before a space or the end, a line break, ";").
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n")
#: A number with a short unit ("15min", "20GB", "3x") and a date ("2024-05-20T14") are no ids.
_NOT_ID = re.compile(r"\d+(?:[.,]\d+)?[^\W\d_]{1,3}|\d{4}-\d\d-\d\dT?\d*", re.IGNORECASE)


@cache
def _cues() -> tuple[re.Pattern[str], frozenset[str]]:
    """Every cue word and compound ending as one pattern over normalised text, found without
    a leading boundary (``re`` then skips ahead by their first letters; the boundary before a
    cue is tested on each hit), and the endings, which may close a longer word."""
    data = load("id_cues")
    endings = frozenset(normalise(w) for w in data["identifier_cue_endings"])
    words = {normalise(w) for w in data["identifier_cues"]} | endings
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?:{alternatives})(?!\w)"), endings


def _word_start(norm: str, at: int) -> bool:
    return at == 0 or not (norm[at - 1].isalnum() or norm[at - 1] == "_")


def _cue_start(norm: str, hit: re.Match[str], endings: frozenset[str]) -> int:
    """Where the cue ``hit`` ends starts as a word, or -1 when it is the tail of another
    word ("valid", "paid") that is no compound of a cue ending ("Buchungsnummer")."""
    start = hit.start()
    if _word_start(norm, start):
        return start
    if hit.group() not in endings:
        return -1
    while start > 0 and norm[start - 1].isalpha():
        start -= 1
    return start if _word_start(norm, start) else -1


def _id_shaped(token: str) -> bool:
    letters = any(c.isalpha() for c in token)
    digits = sum(c.isdigit() for c in token)
    return letters and digits > 0 and len(token) >= _MIN_CHARS and _NOT_ID.fullmatch(token) is None


_ASCII_DIGIT = re.compile(r"[0-9]")


def _has_digit(text: str) -> bool:
    """``any(c.isdigit() for c in text)``, asked in C where that is exact (on ASCII,
    ``isdigit`` holds for 0-9 only): a digit-free answer, most of them, is not walked
    character by character in Python."""
    if text.isascii():
        return _ASCII_DIGIT.search(text) is not None
    return any(c.isdigit() for c in text)


def cued_identifiers(answer: str) -> Iterator[tuple[str, int, int]]:
    """(cue, start, end) of each id-shaped token an identifier cue introduces in ``answer``."""
    if not _has_digit(answer):
        return
    norm = normalise(answer)
    pattern, endings = _cues()
    taken = -1
    for cue in pattern.finditer(norm):
        start = _cue_start(norm, cue, endings)
        if start < 0 or cue.end() <= taken:
            continue  # inside another word, or a second cue before the value already read
        window = answer[cue.end() : cue.end() + _REACH]
        stop = _SENTENCE_END.search(window)
        if stop is not None:
            window = window[: stop.start()]
        words = 0
        for token in _TOKEN.finditer(window):
            text = token.group()
            if not any(c.isdigit() for c in text):
                words += 1
                if words > MAX_GAP_WORDS:
                    break
                continue
            if _id_shaped(text):
                at = cue.end() + token.start()
                taken = at + len(text)
                yield answer[start : cue.end()], at, taken
            break  # the first token holding a digit is the value the cue introduces


#: A markdown table row, and its separator row ("|---|:---:|").
_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.MULTILINE)
_SEPARATOR = re.compile(r"[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\|?[ \t]*")
#: At most this many rows of one table are read (bounded per answer, whatever its length).
MAX_ROWS = 200


def _cells(line: str, at: int) -> list[tuple[int, str]]:
    """(start, text) of each cell of a table row starting at ``at`` of the answer."""
    out: list[tuple[int, str]] = []
    start = line.index("|") + 1
    while True:
        end = line.find("|", start)
        if end == -1:
            return out
        out.append((at + start, line[start:end]))
        start = end + 1


def _cue_column(header: str, pattern: re.Pattern[str], endings: frozenset[str]) -> bool:
    """Does a header cell name an identifier ("Tracking #", "Order ID", "Buchungsnummer")?"""
    norm = normalise(header.strip(" *_`"))
    if norm.endswith("#") or norm.startswith("#"):
        return True
    return any(_cue_start(norm, hit, endings) >= 0 for hit in pattern.finditer(norm))


def _next_line(answer: str, end: int, start: int) -> bool:
    return answer.count("\n", end, start) <= 1


def column_identifiers(answer: str) -> Iterator[tuple[str, int, int]]:
    """(header, start, end) of each id-shaped first token of a table cell whose column's
    header names an identifier.

    Principle: a table's header labels every cell of its column as a word before a value
    labels it in prose: under "Tracking #", "Confirmation code" or "Buchungsnummer" a
    letters-and-digits token is an id the answer presents as issued, with the same shape
    rules as ``cued_identifiers``. Risk: a column whose header names an identifier but whose
    cells hold something the answer composed ("Ref." holding "see below 2x")."""
    if "|" not in answer or "-" not in answer:
        return
    pattern, endings = _cues()
    rows = list(_ROW.finditer(answer))
    i = 0
    while i + 1 < len(rows):
        header, separator = rows[i], rows[i + 1]
        if (
            not _SEPARATOR.fullmatch(separator.group())
            or answer.count("\n", header.end(), separator.start()) > 1
        ):
            i += 1
            continue
        columns = {
            n: text.strip()
            for n, (_s, text) in enumerate(_cells(header.group(), header.start()))
            if _cue_column(text, pattern, endings)
        }
        j, last = i + 2, separator.end()
        while (
            columns and j < len(rows) and j - i < MAX_ROWS and answer.count("\n", last, rows[j].start()) <= 1
        ):
            row = rows[j]
            for n, (at, text) in enumerate(_cells(row.group(), row.start())):
                token = _TOKEN.search(text) if n in columns else None
                if token is not None and _id_shaped(token.group()):
                    yield columns[n], at + token.start(), at + token.end()
            last, j = row.end(), j + 1
        i = max(j, i + 2)


#: What ``issued_identifiers`` reports as its cue: the token's own shape.
ISSUED_SHAPE = "shaped as an id a tool issues"
#: A snake-case id: a lower-case word or two, an underscore, and a tail of letters and digits
#: holding at least three digits in a row ("credit_card_4421907", "certificate_6630127",
#: "evt_7Q2R901", "mail_30417"), standing alone (not inside an e-mail, a URL, a path or a
#: longer word).
_ISSUED = re.compile(
    r"(?<![\w@/.\-])[a-z]{1,16}(?:_[a-z]{1,16}){0,3}_(?=[A-Za-z0-9]*\d{3})[A-Za-z0-9]{4,24}"
    r"(?:_[A-Za-z0-9]{1,12})?(?![\w@\-]|[./]\w)"
)


def issued_identifiers(answer: str) -> Iterator[tuple[str, int, int]]:
    """(shape, start, end) of each snake-case id with a numbered tail in ``answer``.

    Principle: "credit_card_4421907", "gift_card_3300417", "certificate_6630127", "alm_5521x":
    a lower-case type word joined by underscores to a tail of digits is the form systems give
    the records they issue (payment methods, certificates, events, messages); prose never
    composes one, so an answer that cites one copies it from a tool — or made it up. Such a
    token no tool result, argument, user message or context holds is reported as an id with
    no cue word. Risk: a name of the same shape the answer composes (a file "report_2024q3"
    in a coding answer, a variable "user_1234" in an example); three digits in a row are
    required, so "utf_8", "covid_19", "h_2o" are not read."""
    if "_" not in answer:
        return
    for found in _ISSUED.finditer(answer):
        yield ISSUED_SHAPE, found.start(), found.end()


__all__ = ["ISSUED_SHAPE", "MAX_GAP_WORDS", "column_identifiers", "cued_identifiers", "issued_identifiers"]
