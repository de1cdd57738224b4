"""Named things the answer cites that appear nowhere in the evidence (``ungrounded_entity``).

A deliberately conservative default — things whose exact form a tool would have had to
supply: order/product/ticket codes (``ORD-1001``), flight-style codes (``UA123``), email
addresses, URLs, file paths, and quoted names ("Project Falcon") — and people's names where
their position says they are names (beside a name a record holds, after a title, addressed
after a greeting, beside a record's code: ``nofab.detectors.names``), and versions and
lower-case ids (``rb-2207``) once the evidence issues that shape (``nofab.detectors.shapedids``),
references labelled as such in words ("payment reference UPG-57X1": ``labelledids``),
and a user's handle one or two edits from one the tools hold (``nofab.detectors.userhandles``);
places the results name — a labelled place's number or code (``placenumbers``), a place code on
a route (``routecodes``), a place name in the slot of a result's place (``placenames``) — and
an item of a read-back of a result's list (``readbacks``). A person named under a label that is
a result's field holding someone else ("Manager: Dana Ross" when ``manager`` is Priya Shah) is a
``misattributed_value`` (``labelledpeople``).
A capitalised word on
its own is never an entity: that is where false positives live. (The record-aware check of
people and teams against their figures is a separate detector, ``attribution``.)

Rules (``profile.rules["entities"]``): ``patterns`` (extra regexes; group 1, if any, is the
entity), ``allow`` (strings never flagged), ``allow_patterns`` (regexes never flagged),
``confidence`` (for the profile's own patterns), ``quoted`` (false: no quoted names),
``names`` (false: no name rules).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.detectors.heldchunks import HeldChunks
from nofab.detectors.issuedids import ungrounded_issued_ids
from nofab.detectors.labelledids import ungrounded_labelled_ids
from nofab.detectors.labelledpeople import CONFIDENCE as LABELLED_CONFIDENCE
from nofab.detectors.labelledpeople import misfiled_people
from nofab.detectors.lookup import Lookup
from nofab.detectors.namerecords import People
from nofab.detectors.names import CONFIDENCE_NAME, NameFinder
from nofab.detectors.personswaps import person_swaps
from nofab.detectors.placenames import ungrounded_place_names
from nofab.detectors.placenumbers import ungrounded_place_numbers
from nofab.detectors.readbacks import ungrounded_list_items
from nofab.detectors.routecodes import ungrounded_route_codes
from nofab.detectors.shapedids import ungrounded_lower_ids, ungrounded_versions
from nofab.detectors.userhandles import miscopied_handles
from nofab.evidence import pieces
from nofab.evidence.index import Evidence
from nofab.language.text import find_token, fold, latin_ids, strip_accents
from nofab.model.finding import Finding
from nofab.pipeline.spans import SpanSet

#: (name, pattern, confidence). Order matters: earlier shapes win overlaps (a URL holds a path).
BUILTIN_ENTITY_PATTERNS: tuple[tuple[str, str, float], ...] = (
    ("url", r"\b(?:https?|ftp)://[^\s<>()\"'`\]\[{}|]{1,2048}", 0.8),
    # Lookbehinds make each pattern start only at the beginning of a run, and every
    # repetition is bounded, so a 1 MB run of "a.a.a…" or "1-1-1…" stays linear.
    (
        "email",
        r"(?<![\w.+\-])[\w.+\-]{1,64}@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){0,8}\.[A-Za-z]{2,24}\b",
        0.85,
    ),
    # A code is the whole hyphen/underscore-joined run of segments ("TRF-20260301-0042",
    # "LR-2026-0113"): cut after its date-like segment, the fragment is in no evidence and
    # a real reference would be reported. Later segments are capitals or digits only, so
    # "ORD-1001-related" still reads as ORD-1001; a bare date ("2026-03-01") or range
    # ("12-34") has no letter prefix and is no code at all.
    ("code", r"\b[A-Z]{2,5}-\d{3,10}(?:[-_][A-Z0-9]{1,16}){0,8}\b", 0.85),  # ORD-1001, LR-2026-0113
    ("code", r"\b[A-Z]{2,3}\d{2,5}\b", 0.8),  # UA123, HAT175
    ("path", r"(?<![\w:/.~])(?:~|\.{1,2})?/[\w.\-]{1,128}(?:/[\w.\-]{1,128}){1,32}/?", 0.7),  # /etc/hosts
    ("path", r"(?<![\w:])[A-Za-z]:\\[\w.\-\\]{1,1024}", 0.7),  # C:\Users\a.txt
    ("path", r"(?<![\w\-/])[\w\-]{1,128}(?:/[\w\-]{1,128}){1,32}\.[A-Za-z]{1,5}\b", 0.7),  # a/b.pdf
)
CONFIDENCE_QUOTED = 0.6
#: Letter prefixes of standards, algorithms and formats ("SHA256", "ISO-8601", "RFC7231",
#: "CVE-2024-1234"): code-shaped, but names of public things, not records a tool issues.
STANDARD_PREFIXES = frozenset(
    {
        "AES", "ANSI", "CRC", "CVE", "CWE", "DDR", "DIN", "ECMA", "EN", "ES", "FIPS", "GPT", "HMAC",
        "HTTP", "IEC", "IEEE", "IPV", "ISO", "LTE", "MD", "NIST", "OWASP", "PEP", "PCI", "RFC", "RSA",
        "SHA", "SOC", "SSL", "TLS", "USB", "UTF", "WCAG",
    }
)  # fmt: skip
#: A shape's patterns only run when its mark is in the answer (most answers have none):
#: "://" for a URL, "@" for an e-mail, a slash for a path, a capital then a digit for a code.
_CODE_MARK = re.compile(r"[A-Z]-?\d")
_GATED = frozenset({"url", "email", "path", "code"})


def _present(answer: str) -> set[str]:
    """The gated shapes whose mark ``answer`` holds."""
    present = set()
    if "://" in answer:
        present.add("url")
    if "@" in answer:
        present.add("email")
    if "/" in answer or "\\" in answer:
        present.add("path")
    if _CODE_MARK.search(answer):
        present.add("code")
    return present


_QUOTED = re.compile(r"\"([^\"\n]{2,60})\"|“([^”\n]{2,60})”|«\s?([^»\n]{2,60}?)\s?»")
_TRAILING = ".,;:!?)]}'\""
_SUBSTRING_SHAPES = frozenset({"url", "quoted", "path"})
#: From this many candidates on, the evidence is indexed once (``Lookup``) instead of being
#: scanned per candidate; below it the scans are cheaper. Either way the answers are the same.
_LOOKUP_FROM = 16


class EntityDetector(DetectorBase):
    """``ungrounded_entity`` (generic shapes, and people's names by position: ``names``)."""

    id = "entities"
    version = "5"  # 5: route codes, place names, read-backs, lettered places (4: handles, titled surnames)
    kinds = ("ungrounded_entity", "misattributed_value")

    def __init__(self, profile: Profile) -> None:
        settings = ("patterns", "allow", "allow_patterns", "confidence", "quoted", "names")
        rules = Rules(profile, self.id, settings)
        custom = rules.number("confidence", 0.8, 0.0, 1.0)
        self.patterns: list[tuple[str, re.Pattern[str], float]] = [
            (name, re.compile(p), c) for name, p, c in BUILTIN_ENTITY_PATTERNS
        ]
        self.patterns += [("profile", p, custom) for p in rules.patterns("patterns")]
        self.allow = frozenset(fold(a) for a in rules.strings("allow"))
        self.allow_patterns = rules.patterns("allow_patterns", re.IGNORECASE)
        self.quoted = rules.flag("quoted", True)
        self._ungated = any(name not in _GATED for name, _p, _c in self.patterns)  # a profile's own
        self.names = rules.flag("names", True)

    def candidates(self, answer: str) -> list[tuple[str, tuple[int, int], float]]:
        """(shape, span, confidence) of each entity-shaped string, without overlaps.

        Kept spans live in a ``SpanSet`` (bisect): a 1 MB answer dense with phones, e-mails
        and URLs has tens of thousands of candidates, and a linear overlap scan per
        candidate made that quadratic."""
        present = _present(answer)
        quoted = self.quoted and ('"' in answer or "“" in answer or "«" in answer)
        if not present and not quoted and not self._ungated:
            return []  # most answers: no mark of any shape (tested in C, no loop)
        taken = SpanSet()
        out: list[tuple[str, tuple[int, int], float]] = []
        for name, pattern, confidence in self.patterns:
            if name in _GATED and name not in present:
                continue  # no "://", "@", "/" or capital-digit in the answer: the shape cannot occur
            g = 1 if pattern.groups else 0
            code = name == "code"
            for m in pattern.finditer(answer):
                start, end = m.span(g)
                if start < 0:
                    continue
                while end > start and answer[end - 1] in _TRAILING:
                    end -= 1
                if end - start < 3:
                    continue
                if code and answer[start:end].rstrip("0123456789-") in STANDARD_PREFIXES:
                    continue
                if taken.add(start, end):  # (False: it overlaps a span kept earlier)
                    out.append((name, (start, end), confidence))
        if quoted:
            for m in _QUOTED.finditer(answer):
                g = next(i for i in (1, 2, 3) if m.group(i) is not None)
                start, end = m.span(g)
                text = answer[start:end].strip()
                if not _name_like(text) or not taken.add(start, end):
                    continue
                out.append(("quoted", (start, end), CONFIDENCE_QUOTED))
        out.sort(key=lambda c: c[1])
        return out

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        # An id spelled in Cyrillic or Greek look-alikes is read as the Latin id it imitates
        # (same length, so spans stay exact): otherwise no code pattern would see it at all.
        answer = latin_ids(evidence.answer)
        candidates = self.candidates(answer)
        # Of many candidates, one the evidence holds whole between delimiters is grounded at
        # once, and one with a run no source has is absent at once (set lookups per source);
        # only the others are searched for, in bulk.
        many = len(candidates) >= _LOOKUP_FROM  # (a few: a plain search each is cheaper)
        keys = [_key(shape, answer[start:end]) for shape, (start, end), _ in candidates]
        tokens = [shape not in _SUBSTRING_SHAPES for shape, _span, _c in candidates]
        settled: list[bool | None] = [None] * len(keys)
        # (a quoted name has blanks and rarely an inner run: neither quick answer applies)
        asked = [i for i, (shape, _span, _c) in enumerate(candidates) if shape != "quoted"]
        if many and asked:
            # (by blocks: a context's recurring blocks are read once, not its whole text per turn)
            chunks = HeldChunks(pieces.folded_texts(evidence.sources), now=True)
            for i, held in zip(asked, chunks.settle([(keys[i], tokens[i]) for i in asked]), strict=True):
                settled[i] = held
        lookup = self._lookup(evidence, keys, tokens, settled)
        allowing = bool(self.allow or self.allow_patterns)
        for i, (shape, (start, end), confidence) in enumerate(candidates):
            text = answer[start:end]
            if allowing and self._allowed(text):
                continue
            grounded = settled[i]
            if grounded is None:
                grounded = _held(evidence, keys[i], tokens[i], lookup)
            if grounded:
                continue
            written = evidence.answer[start:end]
            read = {"read_as": text} if written != text else {}
            yield self.finding(
                "ungrounded_entity",
                written,
                confidence,
                (start, end),
                f"{_WHAT.get(shape, 'entity')} {text} appears in no tool result, context or user message",
                evidence={"shape": shape, **read},
            )
        yield from self._shaped(evidence, answer, candidates)
        if self.names:
            yield from self._names(evidence)
            yield from self._labelled_people(evidence)

    def _shaped(
        self, evidence: Evidence, answer: str, candidates: list[tuple[str, tuple[int, int], float]]
    ) -> Iterator[Finding]:
        """Versions, lower-case ids and references, checked only when the evidence issues
        that shape (``nofab.detectors.shapedids``, ``nofab.detectors.issuedids``); a span
        another shape already read is skipped."""
        # A span another shape already read is dropped before the evidence is asked about it
        # (a path's "part-123"): asking first was most of the cost of a long answer of paths.
        # A quoted name is no such span: a code inside quotes ("receipt #A-2291") gets the
        # code rules as well as the quoted-name rule.
        taken = SpanSet()
        for shape, (start, end), _c in candidates:
            if shape != "quoted":
                taken.add(start, end)
        found = [
            *ungrounded_versions(evidence, answer, taken.overlaps),
            *ungrounded_lower_ids(evidence, answer, taken.overlaps),
            *ungrounded_issued_ids(evidence, answer, taken.overlaps),
            *ungrounded_labelled_ids(evidence, answer, taken.overlaps),
            *ungrounded_place_numbers(evidence, answer),
            *ungrounded_route_codes(evidence, answer),
            *ungrounded_place_names(evidence, answer),
            *ungrounded_list_items(evidence, answer),
            *miscopied_handles(evidence, answer),
        ]
        if not found:
            return
        for shape, (start, end), confidence in found:
            text = answer[start:end]
            if fold(text) in self.allow or any(p.fullmatch(text) for p in self.allow_patterns):
                continue
            if not taken.add(start, end):
                continue
            yield self.finding(
                "ungrounded_entity",
                evidence.answer[start:end],
                confidence,
                (start, end),
                f"{_WHAT.get(shape, 'entity')} {text} appears in no tool result, context or user message",
                evidence={"shape": shape},
            )

    def _names(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        if not _has_capital(answer):
            return
        lexicon = evidence.lexicon
        finder = NameFinder(
            People(evidence),
            lambda: [found for _label, found in evidence.result_records],
            lambda: evidence.folded,
            lexicon.titles,
            lexicon.greetings,
            lambda: pieces.folded_texts(evidence.sources),
            lambda: evidence.text,
            lambda: pieces.texts(evidence.sources),
        )
        unaccented: list[str] = []  # the evidence without diacritics, read at the first question
        for name in finder.candidates(answer):
            if fold(name.text) in self.allow or _held_unaccented(name.unknown, evidence, unaccented):
                continue
            yield self.finding(
                "ungrounded_entity",
                name.text,
                CONFIDENCE_NAME,
                name.span,
                f"the name {name.text} ({name.why}) appears in no tool result, context or user message",
                evidence={"shape": "name", "unknown_words": list(name.unknown)},
            )

    def _labelled_people(self, evidence: Evidence) -> Iterator[Finding]:
        """A person named under a label that is a result's field holding someone else
        (``labelledpeople``)."""
        for span, label, theirs in misfiled_people(evidence, evidence.answer):
            text = evidence.answer[span[0] : span[1]]
            if fold(text) in self.allow:
                continue
            yield self.finding(
                "misattributed_value",
                text,
                LABELLED_CONFIDENCE,
                span,
                f"the name {text} under the label '{label}' is another person of the results: the field"
                f" {label} holds {theirs}",
                evidence={"shape": "labelled_person", "label": label, "held": theirs},
            )
        for span, confidence, why, held in person_swaps(evidence):  # ``personswaps``
            text = evidence.answer[span[0] : span[1]]
            if fold(text) not in self.allow:
                yield self.finding("misattributed_value", text, confidence, span, why, evidence=held)

    @staticmethod
    def _lookup(
        evidence: Evidence, keys: list[str], tokens: list[bool], settled: list[bool | None]
    ) -> Lookup | None:
        """Every unsettled candidate's evidence question answered in one pass over the
        evidence, when there are enough of them that one scan of the evidence per candidate
        would cost more (a few candidates: the plain scans are cheaper than building the
        index)."""
        asked = [(key, token) for key, token, held in zip(keys, tokens, settled, strict=True) if held is None]
        if len(asked) < _LOOKUP_FROM:
            return None
        return Lookup(evidence.folded, [k for k, t in asked if t], [k for k, t in asked if not t])

    def _allowed(self, text: str) -> bool:
        return fold(text) in self.allow or any(p.fullmatch(text) for p in self.allow_patterns)


def _held(evidence: Evidence, key: str, token: bool, lookup: Lookup | None) -> bool:
    """The evidence holds ``key`` (``_key``): as a whole token (``evidence.grounds``), or for
    a substring shape anywhere; asked of ``lookup`` when the candidates were many."""
    if lookup is not None:
        return key in (lookup.tokens if token else lookup.substrings)
    return find_token(evidence.folded, key) != -1 if token else key in evidence.folded


def _held_unaccented(words: Sequence[str], evidence: Evidence, memo: list[str]) -> bool:
    """Does the evidence hold each of a name's unknown ``words`` once diacritics are set aside
    on both sides? Principle: a name is the same name with or without its accents: a record
    stores "Lucia" and the answer greets "Lucía", a user types "Jose" for a record's "José".
    Risk: two people whose names differ only by a diacritic are taken for one. Asked only of
    a name found ungrounded, so the stripped evidence is built at most once per answer."""
    if not words or (all(w.isascii() for w in words) and evidence.folded.isascii()):
        return False
    if all(find_token(evidence.folded, fold(w)) != -1 for w in words):
        return False  # held as written: the name is found for another reason (crossed names)
    if not memo:
        memo.append(strip_accents(evidence.folded))
    return all(find_token(memo[0], strip_accents(fold(w))) != -1 for w in words)


def _key(shape: str, text: str) -> str:
    """What the evidence must hold for a candidate: its folded text; for a substring shape,
    without a trailing slash (substring, not token: a URL may be quoted with or without its
    trailing slash, a quoted name may sit inside a longer title)."""
    folded = fold(text)
    return folded.rstrip("/") if shape in _SUBSTRING_SHAPES else folded


_WHAT = {
    "url": "URL",
    "email": "email address",
    "code": "code",
    "version": "version",
    "path": "file path",
    "quoted": "quoted name",
    "handle": "user handle",
    "place_code": "place code",
    "place": "place name",
    "list_item": "list item",
    "profile": "entity",
}


_ASCII_CAPITAL = re.compile(r"[A-Z]")


def _has_capital(text: str) -> bool:
    """Does ``text`` hold an upper-case letter? Asked in C where that is exact (a lower-case
    text has none; on ASCII, ``isupper`` holds for A-Z only), so a megabyte of lower-case
    URLs or e-mails is not walked character by character in Python."""
    if text.islower():
        return False
    if text.isascii():
        return _ASCII_CAPITAL.search(text) is not None
    return any(c.isupper() for c in text)


def _name_like(text: str) -> bool:
    """A quoted span that names something: short, no sentence punctuation, capitalised or
    holding a digit ("Project Falcon", "Q3 plan") — not a quoted sentence or a word."""
    words = text.split()
    if not 1 <= len(words) <= 6 or text[-1:] in ".?!,:;":
        return False
    if len(words) == 1 and not any(c.isdigit() for c in text):
        return False  # a single quoted word is emphasis or a term, not a name
    return text[:1].isupper() or any(c.isdigit() for c in text)
