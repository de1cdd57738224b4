"""Identifiers the answer cites that no tool issued: UUIDs, ``key=value`` ids, hashes, and
short hex ids anchored next to a claim or a key.

Unanchored short hex ("see commit abc1234") is deliberately left alone: git SHAs, ETags
and colours would otherwise fire everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator

from nofab.config.policy import Profile
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding

#: Keys whose value is an identifier, matched in snake, kebab, camel or spaced form.
BUILTIN_IDENTIFIER_KEYS: tuple[str, ...] = (
    "task_id",
    "job_id",
    "pid",
    "run_id",
    "request_id",
    "trace_id",
    "span_id",
    "ticket_id",
    "order_id",
    "session_id",
    "transaction_id",
    "txn_id",
    "reservation_id",
    "booking_id",
    "confirmation_number",
    "confirmation_code",
    "confirmation_id",
    "invoice_id",
    "payment_id",
    "refund_id",
    "case_id",
    "incident_id",
    "tracking_number",
    "tracking_id",
    "process_id",
    "build_id",
    "deployment_id",
    "execution_id",
    "message_id",
    "email_id",
    "event_id",
    "reminder_id",
    "alarm_id",
    "account_id",
    "customer_id",
    "claim_id",
    "subagent_id",
    "agent_id",
    "container_id",
    "instance_id",
    "record_id",
    "document_id",
    "file_id",
    "reference_number",
    "reference_id",
    "ref_id",
    "receipt_id",
    "receipt_number",
    "policy_number",
    "commit_id",
    "workflow_id",
    "pipeline_id",
    "thread_id",
    "conversation_id",
    "voucher_id",
    "certificate_id",
    "ticket_number",
    "order_number",
    "case_number",
)

CONFIDENCE_UUID = 0.95
CONFIDENCE_KV = 0.8
CONFIDENCE_SHORT_HEX = 0.6
CONFIDENCE_HASH = 0.6
#: How far (characters) a short hex id may sit from a claim verb and still count as anchored.
ANCHOR_WINDOW = 60

# One pass finds every hex-looking token; each is then classified by shape. The leading
# character class lets the regex engine skip non-hex text quickly; the possessive
# quantifier keeps it linear on long runs.
_HEXISH = re.compile(r"[0-9A-Fa-f][0-9A-Fa-f-]{5,}+")
_CANONICAL_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_SCIENTIFIC = re.compile(r"\d+e\d+", re.IGNORECASE)
_ID_VALUE_TRAIL = ".,:;!?)]}'\"*`"
_KEY_SEPARATORS = " _-\t"
_KEY_VALUE = re.compile(
    r"[\s`'\"*]*(?:[:=#]|\bis\b|\bwas\b)?[\s`'\"*#]*(?P<value>[A-Za-z0-9][\w\-.:/]{0,127}+)",
    re.IGNORECASE,
)

# English words spelled only with a-f (and long enough to pass the length gate) are prose,
# not ids: "decade", "facade", "accede", "added", "defaced"...
_HEX_WORDS = frozenset(
    [
        "accede",
        "acceded",
        "added",
        "baccae",
        "beaded",
        "bedded",
        "beef",
        "cabbed",
        "dabbed",
        "decade",
        "decaf",
        "deed",
        "deface",
        "defaced",
        "efface",
        "effaced",
        "facade",
        "faced",
        "faded",
        "feed",
        "fabaceae",
        "acceded",
        "ebbed",
        "deeded",
    ]
)


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


class IdentifierDetector:
    """``uuid``, ``kv``, ``hex_hash``, ``short_hex_near_verb``, ``short_hex_near_key``."""

    id = "identifiers"
    version = "1"
    kinds = ("uuid", "kv", "hex_hash", "short_hex_near_verb", "short_hex_near_key")

    def __init__(self, profile: Profile) -> None:
        self._profile_keys = _key_forms(profile.identifier_keys)
        self._keys = _key_forms(BUILTIN_IDENTIFIER_KEYS) | self._profile_keys
        # Every key ends with one of a few words ("id", "number", "code"); finding those
        # first is far cheaper than trying every key at every position of the answer.
        tails = sorted({k.rsplit("_", 1)[-1] for k in self._keys}, key=len, reverse=True)
        self._tails = re.compile("(?:" + "|".join(map(re.escape, tails)) + ")(?![A-Za-z0-9])", re.IGNORECASE)

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        uuids, hashes, short = _hex_tokens(answer)
        yield from self._uuids(evidence, uuids)
        key_spans = yield from self._key_values(evidence, answer)
        yield from self._hashes(evidence, hashes, key_spans)
        yield from self._short_hex(evidence, short, key_spans)

    def _uuids(self, evidence: Evidence, tokens: list[tuple[str, int, int]]) -> Iterator[Finding]:
        for token, start, end in tokens:
            compact = token.replace("-", "")
            canonical = f"{compact[:8]}-{compact[8:12]}-{compact[12:16]}-{compact[16:20]}-{compact[20:]}"
            if evidence.grounds(compact) or evidence.grounds(canonical):
                continue
            yield Finding(
                kind="uuid",
                detector=self.id,
                identifier=token,
                confidence=CONFIDENCE_UUID,
                severity="high",
                span=(start, end),
                reason="UUID not found in tool results, context or user message",
                evidence={"searched": [s.label for s in evidence.sources]},
            )

    def _key_values(
        self, evidence: Evidence, answer: str
    ) -> Generator[Finding, None, list[tuple[int, int, str]]]:
        spans: list[tuple[int, int, str]] = []
        for tail in self._tails.finditer(answer):
            found = self._key_before(answer, tail.start(), tail.end())
            if found is None:
                continue
            key, key_start = found
            match = _KEY_VALUE.match(answer, tail.end())
            if match is None:
                continue
            value = match.group("value").rstrip(_ID_VALUE_TRAIL)
            start = match.start("value")
            spans.append((start, start + len(value), key))
            if not looks_like_identifier(value) or evidence.grounds(value):
                continue
            builtin = key not in self._profile_keys
            yield Finding(
                kind="kv",
                detector=self.id,
                identifier=value,
                confidence=CONFIDENCE_KV,
                severity="high" if builtin else "medium",
                span=(key_start, start + len(value)),
                reason=f"identifier {answer[key_start : tail.end()]}={value} not found in tool results, "
                "context or user message",
                evidence={"key": key, "searched": [s.label for s in evidence.sources]},
            )
        return spans

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

    def _anchor(
        self, evidence: Evidence, start: int, end: int, key_spans: list[tuple[int, int, str]]
    ) -> tuple[str, str] | None:
        for k_start, k_end, key in key_spans:
            if k_start <= start and end <= k_end:
                return "short_hex_near_key", key
        for claim in evidence.claims:
            if claim.span[0] - ANCHOR_WINDOW <= end and start <= claim.span[1] + ANCHOR_WINDOW:
                return "short_hex_near_verb", claim.text
        return None

    def _hashes(
        self, evidence: Evidence, tokens: list[tuple[str, int, int]], key_spans: list[tuple[int, int, str]]
    ) -> Iterator[Finding]:
        for token, start, end in tokens:
            if not _is_hex_id(token) or evidence.grounds(token):
                continue
            anchor = self._anchor(evidence, start, end, key_spans)
            if anchor is None:
                continue
            yield Finding(
                kind="hex_hash",
                detector=self.id,
                identifier=token,
                confidence=CONFIDENCE_HASH,
                severity="medium",
                span=(start, end),
                reason=f"{len(token) * 4}-bit hash next to {anchor[1]!r} not found in the evidence",
                evidence={"anchor": anchor[1]},
            )

    def _short_hex(
        self, evidence: Evidence, tokens: list[tuple[str, int, int]], key_spans: list[tuple[int, int, str]]
    ) -> Iterator[Finding]:
        for token, start, end in tokens:
            if not _is_hex_id(token) or evidence.grounds(token):
                continue
            anchor = self._anchor(evidence, start, end, key_spans)
            if anchor is None:
                continue
            kind, what = anchor
            yield Finding(
                kind=kind,
                detector=self.id,
                identifier=token,
                confidence=CONFIDENCE_SHORT_HEX,
                severity="medium",
                span=(start, end),
                reason=(
                    f"short hex id after {what!r} not found in the evidence"
                    if kind == "short_hex_near_key"
                    else f"short hex id near the claim {what!r} not found in the evidence"
                ),
                evidence={"anchor": what},
            )


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


def _norm_key(key: str) -> str:
    key = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key.strip())
    return re.sub(r"[\s-]+", "_", key).lower()
