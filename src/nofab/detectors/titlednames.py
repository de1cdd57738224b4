"""Personal titles and the names they mark: in the answer (a name after "Mr." that no
evidence holds) and in the evidence (a surname the evidence writes only after a title).

Principle (evidence side): a capitalised word written right after a personal title of any
lexicon language ("my landlord, Mr. Okafor", "Sra. Gómez called", "Herr Becker") is a
person's surname, wherever the evidence writes it: the user's message, the context or the
prose of a tool result (an e-mail's body). It is held as a record's surname is, so a first
name beside it that no evidence holds ("Emeka Okafor" when only "Mr. Okafor" and "Chidi
Okafor" are written) is an ungrounded name by the beside-a-held-name rule of ``names``.

Risk: a word after a title that is no surname ("Dr. Pepper", "Sir Lancelot" as a product or
a character) is held as one, so an unknown capitalised word right before it in the answer
reads as a name; a title followed by a first name ("Dr. Sophia") holds that first name as a
surname, so an unknown word before it in the answer ("Ask Sophia", where "Ask" is no verb
of the lexicons) is flagged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from nofab.detectors.namerecords import MAX_NAME_WORDS
from nofab.detectors.namewords import Word, words
from nofab.detectors.textmemo import TextMemo
from nofab.language.text import fold

#: What one name after a title gives: its span, its text, its unknown words, why.
Titled = tuple[tuple[int, int], str, tuple[str, ...], str]


def after_titles(
    answer: str,
    found: list[Word],
    titles: frozenset[str],
    held: Callable[[], frozenset[str]],
    unknown: Callable[[Word], bool],
) -> Iterator[Titled]:
    """A capitalised name right after a personal title ("Mr. Lee", "Sra. Gómez") whose
    every word no evidence holds; none when a word of it is a held name word (``held()``,
    asked only once a title with a name after it is found: most answers have none, and the
    held names are a read of every result)."""
    for i, word in enumerate(found[:-1]):
        if word.text not in titles:
            continue
        gap = answer[word.end : found[i + 1].start]
        if gap not in (" ", ". ") or word.possessive:
            continue
        name = _name_after(answer, found, i)
        if not name or any(fold(w.text) in held() for w in name):
            continue
        missing = tuple(w.text for w in name if unknown(w))
        if missing and len(missing) == len(name):
            start, end = name[0].start, name[-1].end
            yield (start, end), answer[start:end], missing, f"after the title {word.text}"


def _name_after(text: str, found: list[Word], i: int) -> list[Word]:
    """The name-shaped words right after the title ``found[i]``, one space apart."""
    name: list[Word] = []
    for nxt in found[i + 1 : i + 1 + MAX_NAME_WORDS]:
        if not nxt.shaped or (name and text[name[-1].end : nxt.start] != " "):
            break
        name.append(nxt)
    return name


def titled_surnames(texts: Sequence[str], titles: frozenset[str]) -> frozenset[str]:
    """The surnames (folded) the evidence's texts write after a personal title: the last word
    of the name after it ("Mr. Okafor", "Dr. Ana Ruiz" -> okafor, ruiz). Each text is read
    once while the memo keeps it (a conversation carries the same sources turn after turn)."""
    memo = _memo(titles)
    out: set[str] = set()
    for text in texts:
        if not text:
            continue
        held = memo.reading(text, now=True)
        if held:
            out.update(held)
    return frozenset(out)


_MEMOS: dict[frozenset[str], TextMemo[frozenset[str]]] = {}


def _memo(titles: frozenset[str]) -> TextMemo[frozenset[str]]:
    memo = _MEMOS.get(titles)
    if memo is None:  # one per set of titles (a profile's languages): a handful per process
        memo = _MEMOS.setdefault(titles, TextMemo(lambda text: _read(text, titles)))
    return memo


def _read(text: str, titles: frozenset[str]) -> frozenset[str]:
    if not any(title in text for title in titles):  # most texts: no title, no word scan
        return frozenset()
    found = words(text, titles)
    out: set[str] = set()
    for i, word in enumerate(found[:-1]):
        if word.text in titles and not word.possessive and text[word.end : found[i + 1].start] in (" ", ". "):
            name = _name_after(text, found, i)
            if name:
                out.add(fold(name[-1].text))
    return frozenset(out)


__all__ = ["Titled", "after_titles", "titled_surnames"]
