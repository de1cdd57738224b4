"""Text normalisation and token-aware search, shared by the evidence index and detectors."""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any

from nofab.model.turn import parse_json_text

_ESCAPE = re.compile(r'\\(["\\/bfnrt]|u[0-9a-fA-F]{4})')
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": " ", "f": " ", "n": "\n", "r": "\n", "t": "\t"}

#: Characters that are invisible or format-only and can be used to split a token so that
#: it escapes a regex (zero-width space/joiners, soft hyphen, word joiner, BOM, bidi marks).
_INVISIBLE = dict.fromkeys(
    map(
        ord,
        "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
        "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069",
    ),
    None,
)


def fold(text: str) -> str:
    """NFC-normalise and case-fold (for case-insensitive identifier grounding)."""
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    return text.casefold()


_APOSTROPHES = str.maketrans("\u2019\u2018", "''")


def normalise(text: str) -> str:
    """The one normal form prose and lexicon data are compared in: case-folded, with
    typographic apostrophes made straight, and exactly as long as ``text`` so that spans
    found in it index the original. A character whose case folding is longer ("ß" -> "ss")
    is lower-cased instead (and kept when even that is longer)."""
    if text.isascii():
        return text.lower()
    folded = text.casefold()
    if len(folded) != len(text):
        folded = "".join(
            f if len(f := c.casefold()) == 1 else (c.lower() if len(c.lower()) == 1 else c) for c in text
        )
    return folded.translate(_APOSTROPHES)


@lru_cache(maxsize=512)
def _fold_cached(text: str) -> str:
    return fold(text)


def fold_source(text: str) -> str:
    """``fold`` for evidence sources: the long ones (a system prompt, a policy document) come
    back on every turn of a deployment, so their folded form is remembered."""
    return _fold_cached(text) if len(text) >= 1024 else fold(text)


def strip_accents(text: str) -> str:
    """Remove combining marks ("gráfica" -> "grafica") for accent-insensitive matching."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Cyrillic and Greek letters that look like Latin ones. They are folded only inside words
# that also hold Latin letters ("sеnt" with a Cyrillic е): genuine Russian or Greek words
# are left alone.
_CONFUSABLES = str.maketrans(
    "аеорсухіјѕԁһӏАВЕКМНОРСТХІЈЅαβεικμνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdhlABEKMHOPCTXIJSabeikmvoptuxABEZHIKMNOPTYX",
)
_MIXED_WORD = re.compile(r"\w*[A-Za-z]\w*")


def _unconfuse(match: re.Match[str]) -> str:
    word = match.group()
    return word if word.isascii() else word.translate(_CONFUSABLES)


# Ids spelled only in Cyrillic or Greek look-alikes ("АВС123"): clean_answer folds
# look-alikes only inside words that also hold Latin letters, so an id written entirely in
# them would slip past every ASCII pattern. A word holding a digit, a hyphen or "_" and
# letters that are all look-alikes is read as the Latin id it imitates (one character for
# one, so spans stay exact). Genuine Russian or Greek words hold no digits and are kept.
_LOOKALIKE_ID = re.compile(r"\b[\w-]*[^\W\d_a-zA-Z][\w-]*\b")
_LOOKALIKES = frozenset(chr(c) for c in _CONFUSABLES)


def latin_ids(answer: str) -> str:
    """``answer`` with ids spelled in Cyrillic or Greek look-alikes read as Latin (same length)."""
    if answer.isascii():
        return answer
    return _LOOKALIKE_ID.sub(_latin_id, answer)


def _latin_id(match: re.Match[str]) -> str:
    word = match.group()
    if not any(c.isdigit() or c in "-_" for c in word):
        return word  # a genuine Russian or Greek word
    if not all(c in _LOOKALIKES for c in word if c.isalpha() and not c.isascii()):
        return word
    return word.translate(_CONFUSABLES)


def clean_answer(text: str) -> str:
    """Undo the usual ways of hiding a token from a regex: remove invisible characters
    (zero-width spaces, soft hyphens, bidi marks), fold compatibility forms (full-width
    digits, ligatures) and Latin look-alikes inside Latin words.

    The answer's length may change, so spans index the cleaned answer (``Evidence.answer``).
    """
    if text.isascii():
        return text
    if _GLUED_FRACTION.search(text):
        # NFKC spells "½" as "1⁄2", so "2½" would read as 21: a fraction after a digit is
        # that number's decimal part ("2½ hours" is 2.5 hours).
        text = _GLUED_FRACTION.sub(lambda m: _FRACTION_DECIMALS.get(m.group(), " " + m.group()), text)
    text = unicodedata.normalize("NFKC", text.translate(_INVISIBLE))
    return _MIXED_WORD.sub(_unconfuse, text)


#: Vulgar fractions with an exact short decimal; the others ("2⅓") are parted from the digit,
#: so NFKC makes "2 1⁄3" of them, never "21⁄3".
_FRACTION_DECIMALS = {
    "½": ".5", "¼": ".25", "¾": ".75", "⅕": ".2", "⅖": ".4", "⅗": ".6", "⅘": ".8",
    "⅛": ".125", "⅜": ".375", "⅝": ".625", "⅞": ".875",
}  # fmt: skip
_GLUED_FRACTION = re.compile(r"(?<=\d)[½¼¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]")


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    if code[0] == "u":
        char = chr(int(code[1:], 16))
        return char if char.isprintable() else " "
    return _ESCAPES[code]


def value_text(value: Any) -> str:
    """The searchable text of a JSON value: every key, string and number, unescaped.

    Strings that hold JSON are parsed first so that escapes (``\\n``, ``\\u00e9``) do not
    glue tokens together or hide accented names. Any nesting depth works: a tool result deeper
    than the interpreter's recursion limit must not switch the detectors off (issue 16.2).
    """
    if isinstance(value, str):
        if "\\" not in value:
            return value
        raw: str = value
        try:
            value = parse_json_text(raw)
        except RecursionError:
            return raw  # JSON text too deep to decode: searched as the text it is
        if isinstance(value, str):
            return value  # not JSON: its backslashes are real text
    if value is None:
        return ""
    try:
        # The C encoder is the fast path (tool results are large and checked per turn); it
        # recurses, so a result nested deeper than the recursion limit takes the walk below.
        text: str = json.dumps(value, ensure_ascii=False, default=str)
    except RecursionError:
        text = json_text(value)
    if "\\" in text:
        text = _ESCAPE.sub(_unescape, text)
    return text


_VALUE, _TEXT, _CLOSE = 0, 1, 2


def json_text(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, default=str)``, character for character, walked
    with an explicit stack so that no nesting depth can raise ``RecursionError``."""
    out: list[str] = []
    open_containers: set[int] = set()  # on the current path: a cycle is an error, as in json
    stack: list[tuple[int, Any]] = [(_VALUE, value)]
    while stack:
        op, item = stack.pop()
        if op == _TEXT:
            out.append(item)
            continue
        if op == _CLOSE:
            open_containers.discard(item[0])
            out.append(item[1])
            continue
        if isinstance(item, (list, tuple, dict)):
            is_dict = isinstance(item, dict)
            pairs = (
                [(_key_text(k) + ": ", v) for k, v in item.items()]
                if isinstance(item, dict)
                else [("", v) for v in item]
            )
            if not item:
                out.append("{}" if is_dict else "[]")
                continue
            if id(item) in open_containers:
                raise ValueError("Circular reference detected")
            open_containers.add(id(item))
            out.append("{" if is_dict else "[")
            stack.append((_CLOSE, (id(item), "}" if is_dict else "]")))
            for index in range(len(pairs) - 1, -1, -1):
                prefix, child = pairs[index]
                stack.append((_VALUE, child))
                stack.append((_TEXT, (", " if index else "") + prefix))
        else:
            out.append(_scalar_text(item))
    return "".join(out)


def _scalar_text(value: Any) -> str:
    if isinstance(value, str):
        return encode_basestring(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return _float_text(value)
    return encode_basestring(str(value))  # json.dumps's default=str


def _float_text(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def _key_text(key: Any) -> str:
    # json.dumps turns keys into strings this way (true/false/null, number reprs).
    if isinstance(key, str):
        return encode_basestring(key)
    if isinstance(key, (bool, type(None))):
        return encode_basestring(_scalar_text(key))
    if isinstance(key, float):
        return encode_basestring(_float_text(key))
    if isinstance(key, int):
        return encode_basestring(int.__repr__(key))
    return encode_basestring(str(key))


def is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def token_edge(hay: str, index: int, step: int) -> bool:
    """True when position ``index`` (the char just outside a match, ``step`` pointing away from
    it) does not continue the token: the one edge rule of token-aware search."""
    if index < 0 or index >= len(hay):
        return True
    char = hay[index]
    if is_word_char(char):
        return False
    # "A-1042" inside "A-1042-B" or "X-A-1042": a hyphen glued to more word characters
    # continues the same token.
    if char == "-":
        nxt = index + step
        return not (0 <= nxt < len(hay) and hay[nxt].isalnum())
    return True


#: A run of word characters (``is_word_char``: ``\w`` is the same set of characters).
_WORD_RUN = re.compile(r"\w+")
#: A text is indexed from its this-many-th search on (fewer are cheaper to scan).
_INDEX_AFTER = 16


class TokenIndex:
    """``find_token`` on one text, many needles: the runs of word characters of the text
    that start a token, by run, read once (from the ``_INDEX_AFTER``-th search on).

    Why it finds the same: a needle that starts with a word character is found only where
    the character before is no word character, so at the start of a run of them; and that
    run is the needle's own leading run (the needle's next character, or the token edge
    after it, is no word character). Only those places are tested, in order, with the
    needle's whole text and its edge after; a needle that starts otherwise is scanned for.
    A search per identifier over evidence that grows with the answer was quadratic."""

    __slots__ = ("_asked", "_hay", "_starts")

    def __init__(self, hay: str) -> None:
        self._hay = hay
        self._asked = 0
        self._starts: dict[str, list[int]] | None = None

    def find(self, needle: str) -> int:
        """``find_token(hay, needle)``."""
        hay = self._hay
        if not needle or not is_word_char(needle[0]):
            return find_token(hay, needle)
        starts = self._starts
        if starts is None:
            self._asked += 1
            if self._asked < _INDEX_AFTER:
                return find_token(hay, needle)
            starts = {}
            for run in _WORD_RUN.finditer(hay):
                if token_edge(hay, run.start() - 1, -1):
                    starts.setdefault(run.group(), []).append(run.start())
            self._starts = starts
        lead = _WORD_RUN.match(needle)
        assert lead is not None  # the needle starts with a word character
        check_after, n = is_word_char(needle[-1]), len(needle)
        for i in starts.get(lead.group(), ()):
            if hay.startswith(needle, i) and (not check_after or token_edge(hay, i + n, 1)):
                return i
        return -1


@lru_cache(maxsize=4)
def token_index(hay: str) -> TokenIndex:
    """The ``TokenIndex`` of ``hay`` (a turn's evidence text is searched for every id of
    its answer: kept for the last few texts)."""
    return TokenIndex(hay)


def find_token(hay: str, needle: str, start: int = 0) -> int:
    """Index of the first occurrence of ``needle`` in ``hay`` as a whole token, or -1.

    A token is grounded by the same token, never by being part of a longer one:
    ``abc123`` is not found in ``xabc1234``.
    """
    if not needle:
        return -1
    check_before = is_word_char(needle[0])
    check_after = is_word_char(needle[-1])
    n = len(needle)
    i = hay.find(needle, start)
    while i != -1:
        before_ok = not check_before or token_edge(hay, i - 1, -1)
        if before_ok and (not check_after or token_edge(hay, i + n, 1)):
            return i
        i = hay.find(needle, i + 1)
    return -1
