"""Identifiers the answer cites that no tool issued: UUIDs, ``key=value`` ids, hashes, and
short hex ids anchored next to a claim or a key.

Unanchored short hex ("see commit abc1234") is deliberately left alone: git SHAs, ETags
and colours would otherwise fire everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import chain

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.anchors import Anchors
from nofab.detectors.base import DetectorBase
from nofab.detectors.cuedids import ISSUED_SHAPE, column_identifiers, cued_identifiers, issued_identifiers
from nofab.evidence.index import Evidence
from nofab.language.text import latin_ids
from nofab.model.finding import Finding

#: Keys whose value is an identifier, matched in snake, kebab, camel or spaced form.
_BUILTIN_KEYS = (
    "task_id taskid job_id jobid pid run_id request_id req_id trace_id span_id ticket_id order_id session_id "
    "transaction_id txn_id reservation_id booking_id confirmation_number confirmation_code "
    "confirmation_id invoice_id payment_id refund_id case_id incident_id tracking_number tracking_id "
    "process_id build_id deployment_id execution_id message_id email_id event_id reminder_id alarm_id "
    "account_id customer_id claim_id subagent_id agent_id container_id instance_id record_id "
    "document_id file_id reference_number reference_id ref_id receipt_id receipt_number policy_number "
    "commit_id workflow_id pipeline_id thread_id conversation_id voucher_id certificate_id "
    "ticket_number order_number case_number"
)
BUILTIN_IDENTIFIER_KEYS: tuple[str, ...] = tuple(_BUILTIN_KEYS.split())

CONFIDENCE_UUID = 0.95
CONFIDENCE_KV = 0.8
CONFIDENCE_SHORT_HEX = 0.6
CONFIDENCE_HASH = 0.6

# One pass finds every hex-looking token; each is then classified by shape. The leading
# character class lets the regex engine skip non-hex text quickly; the possessive
# quantifier keeps it linear on long runs.
_HEXISH = re.compile(r"[0-9A-Fa-f][0-9A-Fa-f-]{5,}+")
#: The answer's UTF-8 bytes with each character ``_HEXISH`` reads (hex digits, "-") as "h"
#: and every other byte as ".": six "h" in a row is what any match needs, and most answers
#: have none. A C-speed translate and substring test, where the regex tries every a-f and
#: digit of the prose (a multi-byte character's bytes are all >= 0x80: never "h").
_HEX_SHAPES = bytes(
    0x68 if (0x30 <= b <= 0x39 or 0x41 <= b <= 0x46 or 0x61 <= b <= 0x66 or b == 0x2D) else 0x2E
    for b in range(256)
)
_CANONICAL_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_SCIENTIFIC = re.compile(r"\d+e\d+", re.IGNORECASE)
_ID_VALUE_TRAIL = ".,:;!?)]}'\"*`-/"  # a value ends at a word character: "task_id=A1-" is A1
_KEY_SEPARATORS = " _-\t"
_KEY_VALUE = re.compile(
    r"[\s`'\"*]*(?P<sep>[:=#]|\bis\b|\bwas\b)?[\s`'\"*#]*(?P<value>[A-Za-z0-9][\w\-.:/]{0,127}+)",
    re.IGNORECASE,
)
#: Values that say there is no id yet; never reported even after ``key=``.
_NO_VALUE = frozenset(["none", "null", "nil", "undefined", "unknown", "true", "false", "n/a", "na", "tbd"])

# English words spelled only with a-f (and long enough to pass the length gate) are prose,
# not ids: "decade", "facade", "accede", "added", "defaced"...
_HEX_WORD_LIST = (
    "accede acceded added baccae beaded bedded beef cabbed dabbed decade decaf deed deface defaced "
    "efface effaced facade faced faded feed fabaceae ebbed deeded"
)
_HEX_WORDS = frozenset(_HEX_WORD_LIST.split())


def _key_forms(keys: tuple[str, ...]) -> frozenset[str]:
    """Normalised keys: "taskId", "task-id", "Task ID" all become "task_id"."""
    return frozenset(_norm_key(k) for k in keys)


def looks_like_identifier(value: str) -> bool:
    """An id has a digit, or is an upper-case code with separators ("ABC-XYZ").

    ``Service: billing is degraded`` must not read ``billing`` as an id.
    """
    if len(value) < 3:
        return False
    if any(c.isdigit() for c in value):
        return True
    return value.isupper() and any(c in "-_" for c in value) and len(value) >= 5


def _is_hex_id(token: str) -> bool:
    if not any(c in "abcdefABCDEF" for c in token):
        return False  # digits only: a count, a line number, a timestamp
    if not any(c.isdigit() for c in token):
        return len(token) >= 8 and token.lower() not in _HEX_WORDS
    return not _SCIENTIFIC.fullmatch(token)


class IdentifierDetector(DetectorBase):
    """``uuid``, ``kv``, ``hex_hash``, ``short_hex_near_verb``, ``short_hex_near_key``.

    One finding per (identifier, kind): an id repeated in the answer is one fabrication; the
    other places it appears are listed in the finding's ``evidence["repeated_at"]``.
    """

    id = "identifiers"
    version = "2"
    kinds = ("uuid", "kv", "hex_hash", "short_hex_near_verb", "short_hex_near_key")

    def __init__(self, profile: Profile) -> None:
        Rules(profile, self.id, ())  # its vocabulary is the profile's identifier_keys; no rules table
        self._profile_keys = _key_forms(profile.identifier_keys)
        self._keys = _key_forms(BUILTIN_IDENTIFIER_KEYS) | self._profile_keys
        # Every key ends with one of a few words ("id", "number", "code"); finding those
        # first is far cheaper than trying every key at every position of the answer.
        tails = sorted({k.rsplit("_", 1)[-1] for k in self._keys}, key=len, reverse=True)
        self._tails = re.compile("(?:" + "|".join(map(re.escape, tails)) + ")(?![A-Za-z0-9])", re.IGNORECASE)
        # The same, case-sensitive, for lower-cased ASCII text: IGNORECASE keeps ``re`` from
        # skipping to the tails' first letters, and costs five times as much on an answer.
        # Only for ASCII tails: IGNORECASE equates "ſ" with "s", which lower-casing does not.
        lower = "(?:" + "|".join(re.escape(t.lower()) for t in tails) + ")(?![A-Za-z0-9])"
        self._lower_tails = re.compile(lower) if all(t.isascii() for t in tails) else None
        self._key_in = lru_cache(maxsize=4096)(self._key_in_window)

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = latin_ids(evidence.answer)
        grounded = _Grounding(evidence)
        uuids, hashes, short = _hex_tokens(answer)
        found = list(self._uuids(evidence, grounded, uuids))
        key_values, key_spans = self._key_values(evidence, grounded, answer)
        found.extend(key_values)
        found.extend(self._cued(evidence, grounded, answer, {s for s, _e, _k in key_spans}))
        anchors = Anchors(evidence, answer, key_spans)
        found.extend(self._anchored(evidence, grounded, hashes, anchors, hashes=True))
        found.extend(self._anchored(evidence, grounded, short, anchors, hashes=False))
        yield from _once_per_identifier(found)

    def _uuids(
        self, evidence: Evidence, grounded: _Grounding, tokens: list[tuple[str, int, int]]
    ) -> Iterator[Finding]:
        for token, start, end in tokens:
            compact = token.replace("-", "")
            canonical = f"{compact[:8]}-{compact[8:12]}-{compact[12:16]}-{compact[16:20]}-{compact[20:]}"
            if grounded(evidence.answer[start:end], compact, canonical):
                continue
            yield self.finding(
                "uuid",
                evidence.answer[start:end],
                CONFIDENCE_UUID,
                (start, end),
                "UUID not found in tool results, context or user message",
                evidence={"searched": [s.label for s in evidence.sources]},
            )

    def _key_values(
        self, evidence: Evidence, grounded: _Grounding, answer: str
    ) -> tuple[list[Finding], list[tuple[int, int, str]]]:
        """``kv`` findings, and every (start, end, key) value position (short hex anchors)."""
        found: list[Finding] = []
        spans: list[tuple[int, int, str]] = []
        # An ASCII answer lower-cases to the same length, and on ASCII text IGNORECASE
        # equates only a letter and its capital: the same tails at the same spans.
        if self._lower_tails is not None and answer.isascii():
            tails = self._lower_tails.finditer(answer.lower())
        else:
            tails = self._tails.finditer(answer)
        for tail in tails:
            # The key is read from the 41 characters before its tail (all ``_key_before``
            # looks at), cut out so that the same words around a key ("your reservation
            # id") are read once for all answers.
            base = max(0, tail.start() - 41)
            keyed = self._key_in(answer[base : tail.end()], tail.start() - base)
            if keyed is None:
                continue
            key, key_start = keyed[0], keyed[1] + base
            match = _KEY_VALUE.match(answer, tail.end())
            if match is None:
                continue
            value = match.group("value").rstrip(_ID_VALUE_TRAIL)
            start = match.start("value")
            spans.append((start, start + len(value), key))
            original = evidence.answer[start : start + len(value)]
            if not self._is_value(answer, key_start, tail.end(), match.group("sep"), value):
                continue
            if grounded(original, value):
                continue
            builtin = key not in self._profile_keys
            found.append(
                self.finding(
                    "kv",
                    original,
                    CONFIDENCE_KV,
                    (key_start, start + len(value)),
                    f"identifier {answer[key_start : tail.end()]}={original} not found in tool results, "
                    "context or user message",
                    evidence={"key": key, "searched": [s.label for s in evidence.sources]},
                    severity="high" if builtin else "medium",
                )
            )
        return found, spans

    def _cued(
        self, evidence: Evidence, grounded: _Grounding, answer: str, keyed: set[int]
    ) -> Iterator[Finding]:
        """``kv`` findings for the ids a word naming an identifier introduces in prose of any
        language ("Die Termin-ID lautet ...": ``nofab.detectors.cuedids``), a key's value aside."""
        cued = chain(cued_identifiers(answer), column_identifiers(answer), issued_identifiers(answer))
        for cue, start, end in cued:
            original = evidence.answer[start:end]
            if start in keyed or grounded(original, answer[start:end]):
                continue
            how = ISSUED_SHAPE if cue == ISSUED_SHAPE else f"after {cue!r}"
            reason = f"identifier {original} {how} not found in tool results, context or user message"
            searched = {"key": cue, "searched": [s.label for s in evidence.sources]}
            yield self.finding("kv", original, CONFIDENCE_KV, (start, end), reason, evidence=searched)

    @staticmethod
    def _is_value(answer: str, key_start: int, key_end: int, sep: str | None, value: str) -> bool:
        """Is ``value`` the id the key names?

        Written as an assignment (``task_id=xyz``, ``pid=42``, ``taskId: XX``) the value is an
        id whatever it looks like: the key says so. Written as prose ("order id is billing")
        it must look like an id (a digit, or an upper-case code). Risk: an assignment whose
        value is a made-up word is reported; placeholders ("none", "null") never are.
        """
        if value.lower() in _NO_VALUE:
            return False
        code_key = not any(c.isspace() for c in answer[key_start:key_end])
        if sep == "=" or (sep == ":" and code_key):
            return True
        return looks_like_identifier(value)

    def _key_in_window(self, window: str, tail_start: int) -> tuple[str, int] | None:
        """``_key_before`` of a window that ends with the tail (cached per window)."""
        return self._key_before(window, tail_start, len(window))

    def _key_before(self, answer: str, tail_start: int, tail_end: int) -> tuple[str, int] | None:
        """The identifier key ending at ``tail_end`` (longest match), and where it starts."""
        tail = answer[tail_start:tail_end]
        words = _words_before(answer, tail_start, max(0, tail_start - 40))
        for n in range(len(words), -1, -1):
            chosen = words[len(words) - n :]
            key = _norm_key("_".join([*(w for w, _ in chosen), tail]))
            if key not in self._keys:
                continue
            start = chosen[0][1] if chosen else tail_start
            if start > 0 and (answer[start - 1].isalnum() or answer[start - 1] in "_-"):
                continue  # "xtask_id": part of a longer word
            return key, start
        return None

    def _anchored(
        self,
        evidence: Evidence,
        grounded: _Grounding,
        tokens: list[tuple[str, int, int]],
        anchors: Anchors,
        *,
        hashes: bool,
    ) -> Iterator[Finding]:
        for token, start, end in tokens:
            original = evidence.answer[start:end]
            if not _is_hex_id(token) or grounded(original, token):
                continue
            anchor = anchors.find(start, end)
            if anchor is None:
                continue
            kind, what = anchor
            if hashes:
                yield self.finding(
                    "hex_hash",
                    original,
                    CONFIDENCE_HASH,
                    (start, end),
                    f"{len(token) * 4}-bit hash next to {what!r} not found in the evidence",
                    evidence={"anchor": what},
                )
            elif kind == "short_hex_near_key":
                yield self.finding(
                    kind,
                    original,
                    CONFIDENCE_SHORT_HEX,
                    (start, end),
                    f"short hex id after {what!r} not found in the evidence",
                    evidence={"key": what, "anchor": what},
                )
            else:
                yield self.finding(
                    kind,
                    original,
                    CONFIDENCE_SHORT_HEX,
                    (start, end),
                    f"short hex id near the claim {what!r} not found in the evidence",
                    evidence={"anchor": what},
                )


class _Grounding:
    """``evidence.grounds`` remembered per form: an id repeated ten thousand times is searched once."""

    def __init__(self, evidence: Evidence) -> None:
        self._evidence = evidence
        self._seen: dict[str, bool] = {}

    def __call__(self, *forms: str) -> bool:
        for form in forms:
            found = self._seen.get(form)
            if found is None:
                found = self._seen[form] = self._evidence.grounds(form)
            if found:
                return True
        return False


def _once_per_identifier(findings: list[Finding]) -> Iterator[Finding]:
    """The first finding of each (kind, identifier); later places go to ``repeated_at``."""
    first: dict[tuple[str, str], Finding] = {}
    repeats: dict[tuple[str, str], list[list[int]]] = {}
    for f in findings:
        key = (f.kind, f.identifier)
        if key in first:
            repeats.setdefault(key, []).append([f.span[0], f.span[1]])
        else:
            first[key] = f
    for key, f in first.items():
        if key in repeats:
            f = replace(f, evidence={**f.evidence, "repeated_at": repeats[key]})
        yield f


def _words_before(answer: str, position: int, limit: int) -> list[tuple[str, int]]:
    """Up to three letter-runs ending at ``position``, each separated by one space, "_" or
    "-", or glued in camel case ("taskId"): (word, start) in reading order."""
    words: list[tuple[str, int]] = []
    i = position
    if i > limit and answer[i - 1] in _KEY_SEPARATORS:
        i -= 1
    while len(words) < 3:
        j = i
        while j > limit and answer[j - 1].isalpha():
            j -= 1
        if j == i:
            break
        words.append((answer[j:i], j))
        if j - 1 > limit and answer[j - 1] in _KEY_SEPARATORS and answer[j - 2].isalpha():
            i = j - 1
        else:
            break
    words.reverse()
    return words


def _hex_tokens(
    answer: str,
) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]], list[tuple[str, int, int]]]:
    """(uuids, 40/64-hex hashes, 6-16 short hex ids) as (text, start, end), one scan."""
    uuids: list[tuple[str, int, int]] = []
    hashes: list[tuple[str, int, int]] = []
    short: list[tuple[str, int, int]] = []
    if b"hhhhhh" not in answer.encode("utf-8", "surrogatepass").translate(_HEX_SHAPES):
        return uuids, hashes, short  # no run of six that _HEXISH could start
    for match in _HEXISH.finditer(answer):
        start, end = match.span()
        token = match.group().rstrip("-")
        end = start + len(token)
        before = answer[start - 1] if start else " "
        after = answer[end] if end < len(answer) else " "
        if before.isalnum() or before in "_-" or after.isalnum() or after in "_-":
            continue  # part of a longer word or id
        n = len(token)
        if "-" in token:
            if n == 36 and _CANONICAL_UUID.fullmatch(token):
                uuids.append((token, start, end))
        elif n == 32:
            if any(c.isdigit() for c in token) and not token.isdigit():
                uuids.append((token, start, end))
        elif n in (40, 64):
            hashes.append((token, start, end))
        elif 6 <= n <= 16 and before != "#":
            short.append((token, start, end))
    return uuids, hashes, short


_CAMEL_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z])")
_KEY_GAPS = re.compile(r"[\s-]+")


@lru_cache(maxsize=4096)
def _norm_key(key: str) -> str:
    """A key in one form, "task_id" ("taskId", "task-id", "Task ID"). Cached: an answer
    tries a few candidate keys per id, and the same few recur across answers."""
    key = _CAMEL_HUMP.sub("_", key.strip())
    return _KEY_GAPS.sub("_", key).lower()
