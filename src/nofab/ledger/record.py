"""The record format: canonical JSON bytes and the record hash.

Canonical = ``json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
allow_nan=False)`` encoded as UTF-8. A record's ``hash`` is the SHA-256 of the canonical
bytes of the record without its ``hash`` and ``sig`` fields; ``prev`` is the previous
record's ``hash`` (``GENESIS`` for the first record). So one changed byte anywhere in a
record breaks that record's own hash (and its signature), not only the next record's link.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

FORMAT_VERSION = 1
GENESIS = "0" * 64
#: Fields not covered by the record hash (the hash itself, and the signature over it).
UNHASHED = frozenset({"hash", "sig"})


def canonical(obj: Any) -> bytes:
    """The one byte form of a JSON value that the ledger writes and verifies."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode(
        "utf-8"
    )


def record_hash(record: Mapping[str, Any]) -> str:
    """SHA-256 (hex) of the canonical record without ``hash`` and ``sig``."""
    body = {k: v for k, v in record.items() if k not in UNHASHED}
    return hashlib.sha256(canonical(body)).hexdigest()


def whole_record(line: bytes) -> dict[str, Any] | None:
    """``line`` parsed, when it is one complete record: canonical JSON with an integer ``seq``
    and a ``hash`` matching its content (a cut record is never valid JSON, so a line passing
    this lost at most its newline)."""
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if (
        not isinstance(record, dict)
        or type(record.get("seq")) is not int
        or not isinstance(record.get("hash"), str)
        or canonical(record) != line
        or record_hash(record) != record["hash"]
    ):
        return None
    return record
