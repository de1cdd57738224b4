"""Identifiers the answer cites that no tool issued: UUIDs, ``key=value`` ids, hashes, and
short hex ids anchored next to a claim or a key.

Unanchored short hex ("see commit abc1234") is deliberately left alone: git SHAs, ETags
and colours would otherwise fire everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator

from nofab.evidence import Evidence
from nofab.finding import Finding
from nofab.policy import Profile

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

_HEX = "0-9a-fA-F"
_UUID = re.compile(
    rf"(?<![\w-])(?:[{_HEX}]{{8}}-[{_HEX}]{{4}}-[{_HEX}]{{4}}-[{_HEX}]{{4}}-[{_HEX}]{{12}}|[{_HEX}]{{32}})(?![\w-])"
)
_HASH = re.compile(rf"(?<![\w-])(?:[{_HEX}]{{64}}|[{_HEX}]{{40}})(?![\w-])")
_SHORT_HEX = re.compile(rf"(?<![\w#-])[{_HEX}]{{6,16}}(?![\w-])")
_SCIENTIFIC = re.compile(r"\d+e\d+", re.IGNORECASE)
_ID_VALUE_TRAIL = ".,:;!?)]}'\"*`"

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


def _key_pattern(keys: tuple[str, ...]) -> re.Pattern[str]:
    parts: set[str] = set()
    for key in keys:
        words = [w for w in re.split(r"[_\s-]+|(?<=[a-z])(?=[A-Z])", key) if w]
        parts.add(r"[\s_-]?".join(re.escape(w) for w in words))
    alternation = "|".join(sorted(parts, key=len, reverse=True))
    return re.compile(
        rf"(?<![\w-])(?P<key>{alternation})(?![\w])[\s`'\"*]*(?:[:=#]|\bis\b|\bwas\b)?[\s`'\"*#]*"
        rf"(?P<value>[A-Za-z0-9][\w\-.:/]{{0,127}}+)",
        re.IGNORECASE,
    )


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
        self._profile_keys = frozenset(_norm_key(k) for k in profile.identifier_keys)
        self._keys = _key_pattern(BUILTIN_IDENTIFIER_KEYS + profile.identifier_keys)

    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        yield from self._uuids(evidence, answer)
        key_spans = yield from self._key_values(evidence, answer)
        yield from self._hashes(evidence, answer, key_spans)
        yield from self._short_hex(evidence, answer, key_spans)

    def _uuids(self, evidence: Evidence, answer: str) -> Iterator[Finding]:
        for match in _UUID.finditer(answer):
            token = match.group()
            if len(token) == 32 and (token.isdigit() or not any(c.isdigit() for c in token)):
                continue
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
                span=match.span(),
                reason="UUID not found in tool results, context or user message",
                evidence={"searched": [s.label for s in evidence.sources]},
            )

    def _key_values(
        self, evidence: Evidence, answer: str
    ) -> Generator[Finding, None, list[tuple[int, int, str]]]:
        spans: list[tuple[int, int, str]] = []
        position = 0
        while (match := self._keys.search(answer, position)) is not None:
            value = match.group("value").rstrip(_ID_VALUE_TRAIL)
            key = _norm_key(match.group("key"))
            start = match.start("value")
            spans.append((start, start + len(value), key))
            if not looks_like_identifier(value):
                # "Refund id: refund_id=RF-1": the prose value may itself start a key.
                position = match.end("key")
                continue
            position = match.end()
            if evidence.grounds(value):
                continue
            builtin = key not in self._profile_keys
            yield Finding(
                kind="kv",
                detector=self.id,
                identifier=value,
                confidence=CONFIDENCE_KV,
                severity="high" if builtin else "medium",
                span=(match.start(), start + len(value)),
                reason=f"identifier {match.group('key')}={value} not found in tool results, "
                "context or user message",
                evidence={"key": key, "searched": [s.label for s in evidence.sources]},
            )
        return spans

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
        self, evidence: Evidence, answer: str, key_spans: list[tuple[int, int, str]]
    ) -> Iterator[Finding]:
        for match in _HASH.finditer(answer):
            token = match.group()
            if not _is_hex_id(token) or evidence.grounds(token):
                continue
            anchor = self._anchor(evidence, *match.span(), key_spans)
            if anchor is None:
                continue
            yield Finding(
                kind="hex_hash",
                detector=self.id,
                identifier=token,
                confidence=CONFIDENCE_HASH,
                severity="medium",
                span=match.span(),
                reason=f"{len(token) * 4}-bit hash next to {anchor[1]!r} not found in the evidence",
                evidence={"anchor": anchor[1]},
            )

    def _short_hex(
        self, evidence: Evidence, answer: str, key_spans: list[tuple[int, int, str]]
    ) -> Iterator[Finding]:
        for match in _SHORT_HEX.finditer(answer):
            token = match.group()
            if not _is_hex_id(token) or evidence.grounds(token):
                continue
            anchor = self._anchor(evidence, *match.span(), key_spans)
            if anchor is None:
                continue
            kind, what = anchor
            yield Finding(
                kind=kind,
                detector=self.id,
                identifier=token,
                confidence=CONFIDENCE_SHORT_HEX,
                severity="medium",
                span=match.span(),
                reason=(
                    f"short hex id after {what!r} not found in the evidence"
                    if kind == "short_hex_near_key"
                    else f"short hex id near the claim {what!r} not found in the evidence"
                ),
                evidence={"anchor": what},
            )


def _norm_key(key: str) -> str:
    key = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", key.strip())
    return re.sub(r"[\s-]+", "_", key).lower()
