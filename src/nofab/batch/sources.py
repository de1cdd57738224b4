"""Input files -> a stream of raw records, read lazily so memory stays bounded.

JSONL is read line by line (the worker decodes each line, so a bad line costs only itself);
a Parquet file row group by row group; a JSON file (one object or an array of objects) is
decoded whole, one file at a time, under ``max_json_bytes``. Problems that concern a whole
file (empty, unreadable, UTF-16, not decodable — integers over 4,300 digits, nesting past the
decoder's depth — Parquet without a usable column) become one record with an error, so the
run goes on and the problem is stored with the rest. A record holding a lone surrogate
(``"\ud800"``, valid JSON but not Unicode text, which no store can hold) becomes an error
record at its own line or item (issue 16.3). Either way the error record is stored, so a
resumed run skips it like any other.
"""

from __future__ import annotations

import glob
import hashlib
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab.errors import InputError
from nofab.model.jsonvalue import find_lone_surrogate

SUFFIXES = (".jsonl", ".ndjson", ".json", ".parquet")
#: A JSON (not JSONL) file is decoded whole, so it gets a limit; JSONL and Parquet stream.
DEFAULT_MAX_JSON_BYTES = 256 * 1024 * 1024
#: Parquet columns that make a row a turn or a transcript.
PARQUET_COLUMNS = ("response", "traj", "messages", "conversation")
#: A Parquet column that holds a whole record as JSON text.
PARQUET_JSON_COLUMNS = ("record", "turn", "json")
#: A JSONL line can only hold a surrogate through a \uD800-\uDFFF escape (UTF-8 cannot encode
#: one): only lines with such an escape are decoded here to look for a lone one.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


@dataclass(frozen=True, slots=True)
class RawRecord:
    """One record as read: ``payload`` is the raw JSONL line (bytes) or an already-decoded object."""

    source: str
    position: int
    unit: str
    payload: bytes | Any
    content_hash: str
    nbytes: int
    error: str | None = None


def content_hash(payload: bytes | Any) -> str:
    data = (
        payload if isinstance(payload, bytes) else json.dumps(payload, sort_keys=True, default=str).encode()
    )
    return hashlib.blake2b(data, digest_size=12).hexdigest()


def expand(inputs: Sequence[str]) -> list[Path]:
    """Files named by paths, globs and directories (searched recursively), in a stable order."""
    found: dict[Path, None] = {}
    for item in inputs:
        matches = sorted(glob.glob(item, recursive=True)) if glob.has_magic(item) else [item]
        if not matches:
            raise InputError("matches no file", item)
        for match in matches:
            path = Path(match)
            if path.is_dir():
                for sub in sorted(path.rglob("*")):
                    if sub.is_file() and sub.suffix.lower() in SUFFIXES:
                        found.setdefault(sub.resolve())
            elif path.is_file():
                found.setdefault(path.resolve())
            else:
                raise InputError("no such file or directory", match)
    return list(found)


def _file_error(source: str, message: str, nbytes: int) -> RawRecord:
    return RawRecord(source, 0, "file", b"", content_hash(message.encode()), nbytes, message)


def _surrogate_error(data: Any) -> str | None:
    where = find_lone_surrogate(data)
    if where is None:
        return None
    return f"{where}: holds a lone surrogate (\\ud800-\\udfff escape), which is not Unicode text"


def read(path: Path, max_json_bytes: int = DEFAULT_MAX_JSON_BYTES) -> Iterator[RawRecord]:
    """Every record of one file, in order."""
    source = str(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        yield _file_error(source, f"cannot be read: {exc.strerror}", 0)
        return
    if size == 0:
        yield _file_error(source, "empty file: no records", 0)
        return
    suffix = path.suffix.lower()
    try:
        if suffix == ".parquet":
            yield from _parquet(path, source, size)
        elif suffix == ".json":
            yield from _json(path, source, size, max_json_bytes)
        else:
            yield from _jsonl(path, source)
    except OSError as exc:
        yield _file_error(source, f"cannot be read: {exc.strerror or exc}", 0)


def _jsonl(path: Path, source: str) -> Iterator[RawRecord]:
    with path.open("rb") as handle:
        head = handle.read(4)
        if head.startswith((b"\xff\xfe", b"\xfe\xff")):
            yield _file_error(source, "is UTF-16 encoded: convert it to UTF-8 (one JSON object per line)", 0)
            return
        handle.seek(3 if head.startswith(b"\xef\xbb\xbf") else 0)
        for number, line in enumerate(handle, start=1):
            body = line.strip()
            if not body:
                continue  # blank lines separate nothing and carry nothing
            error = _line_surrogate(body)
            yield RawRecord(
                source, number, "line", body if error is None else b"", content_hash(body), len(line), error
            )


def _line_surrogate(body: bytes) -> str | None:
    if not _SURROGATE_ESCAPE.search(body):
        return None
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None  # not decodable at all: the worker reports why, for this line alone
    return _surrogate_error(data)


def _json(path: Path, source: str, size: int, max_bytes: int) -> Iterator[RawRecord]:
    if size > max_bytes:
        yield _file_error(
            source, f"JSON file is {size} bytes, over the {max_bytes}-byte limit: write it as JSONL", size
        )
        return
    raw = path.read_bytes()
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        yield _file_error(source, "is UTF-16 encoded: convert it to UTF-8", size)
        return
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        yield _file_error(source, f"is not valid UTF-8 (byte {exc.start}): save it as UTF-8", size)
        return
    except json.JSONDecodeError as exc:
        yield _file_error(
            source, f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", size
        )
        return
    except RecursionError:
        yield _file_error(source, "is nested too deeply to decode (more than ~1000 levels)", size)
        return
    except ValueError as exc:  # int() refuses over 4,300 digits (CVE-2020-10735 guard)
        yield _file_error(source, f"holds a number nofab cannot read: {exc}", size)
        return
    items = data if isinstance(data, list) and (not data or isinstance(data[0], dict)) else [data]
    if not items:
        yield _file_error(source, "holds an empty JSON array: no records", size)
        return
    share = max(1, size // len(items))
    unit = "item" if items is data else "file"
    for number, item in enumerate(items, start=1):
        yield _item(source, number, unit, item, share)


def _item(source: str, number: int, unit: str, item: Any, share: int) -> RawRecord:
    """One decoded item, handed on as JSON text: the worker decodes it like a JSONL line, so
    its errors are its own, and a deep item is never pickled as a deep object on the way."""
    try:
        digest = content_hash(item)
        error = _surrogate_error(item)
        payload = b"" if error else json.dumps(item, ensure_ascii=False).encode("utf-8")
    except RecursionError:
        digest, payload = content_hash(f"deep item {number}".encode()), b""
        error = "is nested too deeply to read (more than ~1000 levels)"
    return RawRecord(source, number, unit, payload, digest, share, error)


def _parquet(path: Path, source: str, size: int) -> Iterator[RawRecord]:
    from nofab.batch.extra import require

    pq = require("pyarrow.parquet")
    try:
        parquet = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises its own ArrowInvalid for a damaged file
        yield _file_error(source, f"is not a readable Parquet file: {exc}", size)
        return
    names = list(parquet.schema_arrow.names)
    json_column = next((c for c in PARQUET_JSON_COLUMNS if c in names), None)
    if json_column is None and not any(c in names for c in PARQUET_COLUMNS):
        yield _file_error(
            source,
            f"Parquet columns {names[:10]} hold no turn: expected one of {list(PARQUET_COLUMNS)} "
            f"or a JSON-text column named one of {list(PARQUET_JSON_COLUMNS)}",
            size,
        )
        return
    rows = max(1, parquet.metadata.num_rows)
    share = max(1, size // rows)
    number = 0
    for batch in parquet.iter_batches(batch_size=2048):
        for row in batch.to_pylist():
            number += 1
            payload: Any = row
            if json_column is not None:
                text = row.get(json_column)
                payload = text.encode("utf-8") if isinstance(text, str) else b"null"
            else:
                payload = {k: v for k, v in row.items() if v is not None}
            yield RawRecord(source, number, "row", payload, content_hash(payload), share)
