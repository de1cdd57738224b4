"""Membership: which records belong to which (a player to a team, an order to a customer).

A record belongs to the records one of its values names: a player row whose team city is
"Washington" belongs to the team record named "Washington". Records that others belong to
are groups; a group may be named in the singular for one of its members ("the only other
Net" of the Nets).
"""

from __future__ import annotations

from collections.abc import Sequence

from nofab.evidence.records import Record


def groups(records: Sequence[Record]) -> dict[int, set[int]]:
    """record -> the records it belongs to: those named by one of its (non-name) values.

    Only values naming exactly one record count (a city two teams share names neither).
    """
    owners: dict[str, set[int]] = {}
    for index, record in enumerate(records):
        for _field, name in record.names:
            owners.setdefault(name, set()).add(index)
    out: dict[int, set[int]] = {}
    for index, record in enumerate(records):
        for text in record.values.values():
            found = owners.get(text.strip())
            if found and len(found) == 1 and index not in found:
                out.setdefault(index, set()).update(found)
    return out


def group_indices(records: Sequence[Record]) -> set[int]:
    """The records at least one other record belongs to."""
    return {g for gs in groups(records).values() for g in gs}


__all__ = ["group_indices", "groups"]
