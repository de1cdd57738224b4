"""Records in tool output: the rows an answer's numbers and names are attributed to.

Tool results hold records in two shapes:

- objects, alone or in a list: ``[{"flight_number": "HAT001", "price": 120}, ...]``;
- column-oriented tables: an object of columns keyed by the same row ids, as pandas writes
  them and as the box score holds players:
  ``{"PTS": {"0": "24", "1": "9"}, "PLAYER_NAME": {"0": "Rudy Gay", "1": "..."}}``.
  Each row id becomes one record.

Each record knows its naming fields (names, titles, ids: what an answer calls it by) and its
value fields (everything else that is a scalar; a list's value is its length, since an
answer says "2 passengers" for a list of two; a nested object of scalars joins its parent
as dotted keys, "prices.economy"). Which keys name a record comes from the
profile's ``name_fields`` when given, else from the key itself (``*name``, ``*title``,
``*_id``, ``*city``, ``*code``, ``*number`` holding text). In a table, a naming field whose
values repeat across most rows (a player's team city) groups rows rather than naming one,
so it is kept as a value, not a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: Keys that name a record when the profile gives no ``name_fields``.
_NAMING_KEY = re.compile(r"(?:^|[_\-\s.])(?:name|title|id|city|code|number)$|^(?:name|title)$", re.IGNORECASE)
#: How deep the walk goes into a tool result (results are untrusted input).
MAX_DEPTH = 12
#: At most this many records per turn (a huge table is indexed up to this many rows).
MAX_RECORDS = 5000
#: In a table of at least this many rows, a naming field with fewer distinct values than
#: half the rows is a grouping attribute (a team city shared by a roster), not a name.
_GROUP_MIN_ROWS = 4

Scalar = str | int | float | bool | None

#: A word character ``float()`` never accepts: not a decimal digit, not ``_`` (``1_000``), not
#: a letter of an exponent, ``inf``, ``infinity`` or ``nan``. Finding one answers "not a
#: number" without raising and catching an exception (most texts a walk meets are names).
_NOT_FLOAT = re.compile(r"[^\W\d_eEiInNfFaAtTyY]")


@dataclass(frozen=True, slots=True)
class Record:
    """One row of tool output."""

    #: Where it came from: ``tool_calls[0].result.box_score[3]``.
    where: str
    #: (field, text) pairs that name the record, in key order.
    names: tuple[tuple[str, str], ...]
    #: field -> value as text, for every other scalar (and list lengths).
    values: Mapping[str, str]
    #: field -> value as a number (None when not numeric), read on first use: records are
    #: kept in the guard's cache across turns, and a detector asks for the same fields of
    #: the same records for every figure of an answer.
    _numbers: dict[str, float | None] | None = field(default=None, init=False, compare=False, repr=False)

    @property
    def label(self) -> str:
        """How findings refer to the record: its longest name."""
        if not self.names:
            return self.where
        return max((text for _f, text in self.names), key=len)

    def _numeric(self) -> dict[str, float | None]:
        numbers = self._numbers
        if numbers is None:
            numbers = {name: as_number(text) for name, text in self.values.items()}
            object.__setattr__(self, "_numbers", numbers)  # a cache; two threads store equal values
        return numbers

    def number(self, field: str) -> float | None:
        """The field's value as a number, or None when it is absent or not numeric."""
        return self._numeric().get(field)

    def numeric_fields(self) -> Iterator[tuple[str, float]]:
        for name, value in self._numeric().items():
            if value is not None:
                yield name, value


def as_number(text: str | None) -> float | None:
    """``"24"`` -> 24.0, ``"45.5"`` -> 45.5, ``"1,200"`` -> 1200.0; None when not a plain number."""
    if text is None:
        return None
    cleaned = text.strip().replace(",", "")
    if not cleaned or len(cleaned) > 24 or _NOT_FLOAT.search(cleaned):
        return None
    try:
        return float(cleaned)
    except ValueError:
        return None


def _scalar_text(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def is_name_value(value: Any) -> bool:
    """Text that could name something: has a letter, is short, is not a bare number."""
    return (
        isinstance(value, str)
        and 0 < len(value.strip()) <= 80
        and any(c.isalpha() for c in value)
        and as_number(value) is None
    )


#: Naming decisions shared by every finder with the same naming fields, by those fields.
_DECIDED: dict[frozenset[str], dict[str, bool]] = {}
#: A table holding more keys than this is emptied (the keys of hostile results are unbounded).
_MAX_DECIDED = 20_000


def _decisions(name_fields: frozenset[str]) -> dict[str, bool]:
    """The shared key -> naming decisions for ``name_fields`` (a decision depends on the key
    and the fields only; two threads adding one key store the same value)."""
    decided = _DECIDED.get(name_fields)
    if decided is None or len(decided) > _MAX_DECIDED:
        if len(_DECIDED) > 64:
            _DECIDED.clear()
        decided = _DECIDED[name_fields] = {}
    return decided


class RecordFinder:
    """Walks parsed tool results and yields their records."""

    def __init__(self, name_fields: Sequence[str] = ()) -> None:
        self._name_fields = frozenset(name_fields)
        #: key -> does it name a record: keys repeat across rows and across results, so each
        #: is decided once for all finders with these naming fields (read directly by walks
        #: that test thousands of keys).
        self.decided = _decisions(self._name_fields)

    def naming_key(self, key: str) -> bool:
        """Does ``key`` name a record (whatever its value)? Decided once per key."""
        naming = self.decided.get(key)
        if naming is None:
            naming = key in self._name_fields if self._name_fields else bool(_NAMING_KEY.search(key))
            self.decided[key] = naming
        return naming

    def is_naming_key(self, key: str, value: Any) -> bool:
        return self.naming_key(key) and is_name_value(value)

    def _describes(self, item: Any) -> bool:
        """A nested object that describes its parent: scalars only, none of them a name."""
        return (
            isinstance(item, dict)
            and bool(item)
            and all(_is_scalar(v) for v in item.values())
            and not any(self.is_naming_key(str(k), v) for k, v in item.items())
        )

    def find(self, value: Any, where: str) -> list[Record]:
        out: list[Record] = []
        self._walk(value, where, 0, out)
        return out

    # ------------------------------------------------------------------ walking
    def _walk(self, value: Any, where: str, depth: int, out: list[Record]) -> None:
        if depth > MAX_DEPTH or len(out) >= MAX_RECORDS:
            return
        if isinstance(value, list):
            rows = [v for v in value if isinstance(v, dict)]
            if len(rows) >= _GROUP_MIN_ROWS:
                self._table(rows, [f"{where}[{i}]" for i in range(len(rows))], depth, out)
            else:
                for i, item in enumerate(value):
                    self._walk(item, f"{where}[{i}]", depth + 1, out)
            return
        if not isinstance(value, dict):
            return
        keyed = keyed_rows(value)
        if keyed is not None:
            self._table([row for _k, row in keyed], [f"{where}.{key}" for key, _r in keyed], depth, out)
            return
        columns = _column_table(value)
        if columns is not None:
            ids, table = columns
            self._table(table, [f"{where}[{rid}]" for rid in ids], depth, out)
            return
        self._object(value, where, depth, out, grouping=frozenset())

    def _table(self, rows: list[dict[str, Any]], wheres: list[str], depth: int, out: list[Record]) -> None:
        grouping: set[str] = set()
        if len(rows) >= _GROUP_MIN_ROWS:
            keys: set[str] = set()
            for row in rows:
                for k, v in row.items():
                    # a key already known to name is not asked again on every later row
                    if k not in keys and self.is_naming_key(k, v):
                        keys.add(k)
            for key in keys:
                seen = [row[key] for row in rows if key in row]
                if len(set(seen)) * 2 < len(seen):
                    grouping.add(key)
        for row, where in zip(rows, wheres, strict=True):
            self._object(row, where, depth + 1, out, grouping=frozenset(grouping))

    def _object(
        self, obj: Mapping[str, Any], where: str, depth: int, out: list[Record], grouping: frozenset[str]
    ) -> None:
        names: list[tuple[str, str]] = []
        values: dict[str, str] = {}
        nested: list[tuple[str, Any]] = []
        for key, item in obj.items():
            key = str(key)
            if _is_scalar(item):
                if key not in grouping and self.is_naming_key(key, item):
                    names.append((key, str(item).strip()))
                else:
                    values[key] = _scalar_text(item)
            elif isinstance(item, list):
                values[key] = str(len(item))
                nested.append((key, item))
            elif self._describes(item):
                # A small object of scalars (a flight's "prices" by cabin) describes this
                # record: its values join it as "prices.economy".
                for sub, value in item.items():
                    values[f"{key}.{sub}"] = _scalar_text(value)
            elif isinstance(item, dict):
                nested.append((key, item))
        if (names or values) and len(out) < MAX_RECORDS:
            out.append(Record(where, tuple(names), values))
        for key, item in nested:
            self._walk(item, f"{where}.{key}", depth + 1, out)


def keyed_rows(obj: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]] | None:
    """The rows of an object whose values are all records, keyed by id, or None.

    ``{"gift_card_1": {"id": "gift_card_1", "amount": 198}, "certificate_2": {...}}`` is
    one table of two rows, like a list of records: its rows share a table's grouping and
    sums. Principle: an object of records (each holding scalar fields of its own) is a table
    of records unless it is a column-oriented table (inner keys are row numbers, or every
    inner object holds values of one type: all numbers or all text). Risk: a column table keyed by names whose
    columns mix numbers and text is read transposed; its rows then carry the names.
    """
    if len(obj) < 2:
        return None
    inner = list(obj.values())
    if not all(isinstance(v, dict) and v for v in inner):
        return None
    if all(str(k).isdigit() for row in inner for k in row):
        return None
    if not all(any(_is_scalar(v) for v in row.values()) for row in inner):
        return None  # a value holding no field of its own (a nested table) is not a record
    if all(_is_scalar(v) for row in inner for v in row.values()) and all(
        len({as_number(_scalar_text(v)) is None for v in row.values()}) == 1 for row in inner
    ):
        return None
    return [(str(key), row) for key, row in obj.items()]


def _column_table(obj: Mapping[str, Any]) -> tuple[list[str], list[dict[str, Any]]] | None:
    """Rows of a column-oriented table, or None when ``obj`` is not one.

    A table has at least two columns, every column an object of scalars, and the columns
    share their row ids (most of them: a column may miss a few rows).
    """
    if len(obj) < 2:
        return None
    columns = list(obj.values())
    if not all(isinstance(c, dict) and c and all(_is_scalar(v) for v in c.values()) for c in columns):
        return None
    first = set(columns[0])
    union: set[str] = set()
    for column in columns:
        keys = set(column)
        if len(keys & first) * 2 < max(len(keys), len(first)):
            return None
        union |= keys
    ids = sorted(union, key=lambda k: (len(k), k))
    rows = [{str(name): col[rid] for name, col in obj.items() if rid in col} for rid in ids]
    return ids, rows


__all__ = ["Record", "RecordFinder", "as_number", "is_name_value", "keyed_rows"]
