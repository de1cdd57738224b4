"""The catalogue: the records a turn's answer may name, and what attribution reads of them.

Everything attribution derives from one tool result alone — its records with the profile's
derived fields added, the forms its names are written in, which of its names are held as
another record's value, the weekdays of its dates — depends on that result and the profile
only. It is kept with the result's entry in the guard's cache (``Evidence.per_result``), so a
conversation that carries its results from turn to turn reads each of them once; a result
the answer never names is not read past its naming words (``scope``).

A turn's ``Catalogue`` joins the views of the results it covers, in call order, so record
indices are those of the records laid end to end — exactly what the detector read when it
built every record on every turn. Only what crosses results (a name of one result held as a
value by a record of another) is worked out per turn, and only when asked.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from datetime import datetime
from functools import cached_property

from nofab.detectors.attribution.membership import groups
from nofab.detectors.attribution.mentions import FormMatcher, name_forms, singular
from nofab.detectors.attribution.values import fmt
from nofab.evidence.records import Record

#: A result seen under more labels than this (the same content returned by many calls)
#: keeps only its latest views: the labels a conversation uses are few and stable.
_MAX_LABELS = 16


class ResultView:
    """What attribution reads of one result's records (under one label), each part on first use.

    Parts are computed without a lock: two threads racing on one compute the same value.
    """

    __slots__ = ("__dict__", "raw", "records")

    def __init__(self, raw: tuple[Record, ...], sums: Mapping[str, tuple[str, ...]]) -> None:
        #: The records as the evidence index built them.
        self.raw = raw
        #: The same records (same order) with the profile's derived fields added.
        self.records = with_sums(raw, sums)

    @cached_property
    def _named(self) -> tuple[dict[str, frozenset[int]], dict[int, tuple[str, ...]]]:
        forms: dict[str, set[int]] = {}
        singulars: dict[int, tuple[str, ...]] = {}
        for index, record in enumerate(self.records):
            ones: list[str] = []
            for _field, name in record.names:
                for form in name_forms(name):
                    forms.setdefault(form, set()).add(index)
                    if one := singular(form):
                        ones.append(one)
            if ones:
                singulars[index] = tuple(ones)
        return {form: frozenset(found) for form, found in forms.items()}, singulars

    @property
    def forms(self) -> dict[str, frozenset[int]]:
        """Name form -> indices of the records it names (``mentions.name_forms``)."""
        return self._named[0]

    @property
    def singulars(self) -> dict[int, tuple[str, ...]]:
        """Record index -> the singular forms of its names, for records that have any
        (used only if the record turns out to be a group: ``mentions.singular``)."""
        return self._named[1]

    @cached_property
    def matcher(self) -> FormMatcher:
        """``forms`` prepared for matching (``mentions.whole_words``)."""
        return FormMatcher(self.forms)

    @cached_property
    def owners(self) -> dict[str, frozenset[int]]:
        """Naming text -> the records it names (as ``membership.groups`` reads names)."""
        out: dict[str, set[int]] = {}
        for index, record in enumerate(self.records):
            for _field, name in record.names:
                out.setdefault(name, set()).add(index)
        return {name: frozenset(found) for name, found in out.items()}

    @cached_property
    def holders(self) -> dict[str, frozenset[int]]:
        """Value text (stripped) -> the records holding it, for texts that name a record of
        this result or could name one of another (any text with a letter)."""
        out: dict[str, set[int]] = {}
        for index, record in enumerate(self.records):
            for text in record.values.values():
                key = text.strip()
                if any(c.isalpha() for c in key):
                    out.setdefault(key, set()).add(index)
        return {text: frozenset(found) for text, found in out.items()}

    @cached_property
    def groups(self) -> dict[int, set[int]]:
        """``membership.groups`` of this result's records alone."""
        return groups(self.records)

    def weekdays(self, date_formats: tuple[str, ...]) -> frozenset[int]:
        """The weekdays of the dates its records hold, read with ``date_formats``."""
        held = self.__dict__.setdefault("_weekdays", {})
        days: frozenset[int] | None = held.get(date_formats)
        if days is None:
            days = frozenset(record_weekdays(date_formats, self.raw))
            held[date_formats] = days
        return days


class ResultEntry:
    """One result's entry in the guard's cache: its naming words (read by ``scope`` for every
    result) and, for the results an answer named, their views by label."""

    __slots__ = ("_views", "last_words", "named")

    def __init__(self, named: bool, last_words: frozenset[str]) -> None:
        #: The result holds a naming text.
        self.named = named
        #: The last word of each of its naming texts.
        self.last_words = last_words
        self._views: dict[str, ResultView] = {}

    def view(
        self, label: str, records: Callable[[], tuple[Record, ...]], sums: Mapping[str, tuple[str, ...]]
    ) -> ResultView:
        """The view of the result's records under ``label`` (``records`` called on first use:
        a record's location names its label, so each label has its own records)."""
        found = self._views.get(label)
        if found is None:
            if len(self._views) >= _MAX_LABELS:
                self._views.clear()
            found = ResultView(records(), sums)
            self._views[label] = found
        return found


class Catalogue:
    """The records of some results laid end to end, with what crosses results worked out on use."""

    def __init__(self, views: Sequence[ResultView]) -> None:
        self.views = tuple(views)
        self.offsets: list[int] = []
        records: list[Record] = []
        for view in self.views:
            self.offsets.append(len(records))
            records.extend(view.records)
        self.records: Sequence[Record] = views[0].records if len(self.views) == 1 else tuple(records)

    @cached_property
    def member_of(self) -> dict[int, set[int]]:
        """``membership.groups`` of all the records (a result's own, read once, when it is alone)."""
        if len(self.views) == 1:
            return self.views[0].groups
        return groups(self.records)

    def _joined(self, part: Callable[[ResultView], Mapping[str, frozenset[int]]], text: str) -> set[int]:
        out: set[int] = set()
        for view, offset in zip(self.views, self.offsets, strict=True):
            found = part(view).get(text)
            if found:
                out.update(i + offset for i in found)
        return out

    def is_group(self, index: int) -> bool:
        """Does another record belong to record ``index`` (hold one of its names as a value,
        a name no other record carries)? ``membership.group_indices``, asked for one record."""
        if len(self.views) == 1:
            return any(index in gs for gs in self.member_of.values())
        for _field, name in self.records[index].names:
            if self._joined(_owners, name) != {index}:
                continue  # another record carries this name too (or none does)
            if self._joined(_holders, name) - {index}:
                return True
        return False

    @cached_property
    def matcher(self) -> FormMatcher:
        """``forms`` prepared for matching: a result's own, kept with it, when it is alone."""
        if len(self.views) == 1 and self.forms is self.views[0].forms:
            return self.views[0].matcher
        return FormMatcher(self.forms)

    @cached_property
    def forms(self) -> Mapping[str, AbstractSet[int]]:
        """Name form -> records, over every result, with the singular forms of groups added."""
        extra: list[tuple[str, int]] = [
            (one, index + offset)
            for view, offset in zip(self.views, self.offsets, strict=True)
            for index, ones in view.singulars.items()
            for one in ones
        ]
        groups_seen: dict[int, bool] = {}
        for _one, index in extra:
            if index not in groups_seen:
                groups_seen[index] = self.is_group(index)
        if len(self.views) == 1 and not any(groups_seen.values()):
            # Nothing to add: the result's own forms, and so its own prepared matcher (a
            # large result's forms are not copied, nor their matcher rebuilt, per turn).
            return self.views[0].forms
        out: dict[str, set[int]] = {}
        for view, offset in zip(self.views, self.offsets, strict=True):
            for form, found in view.forms.items():
                held = out.get(form)
                if held is None:
                    out[form] = {i + offset for i in found} if offset else set(found)
                else:
                    held.update(i + offset for i in found)
        for one, index in extra:
            if groups_seen[index]:
                out.setdefault(one, set()).add(index)
        return out


class Catalogues:
    """Catalogues by the views they join, bounded and thread-safe (a detector's, for the life
    of its guard).

    The turns of a conversation keep naming the same results (the user's reservation, the
    flight being changed): the joined name forms, their matcher and the groups across results
    are then worked out once for that set of results, not once per turn. The key is the
    identity of each view; an entry holds its views, so no key can be reused by another view
    while it is kept. The catalogues kept hold at most ``records`` records in all (a kept view
    outlives its result's entry in the guard's cache), least recently used out first; one
    larger than a tenth of that is built for its turn only.
    """

    def __init__(self, size: int = 128, records: int = 20_000) -> None:
        self._items: OrderedDict[tuple[int, ...], Catalogue] = OrderedDict()
        self._size = size
        self._max_records = records
        self._records = 0
        self._lock = threading.Lock()

    def get(self, views: Sequence[ResultView]) -> Catalogue:
        key = tuple(id(view) for view in views)
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                return found
        made = Catalogue(views)
        if len(made.records) * 10 <= self._max_records:
            with self._lock:
                old = self._items.pop(key, None)
                if old is not None:
                    self._records -= len(old.records)
                self._items[key] = made
                self._records += len(made.records)
                while len(self._items) > self._size or self._records > self._max_records:
                    _key, dropped = self._items.popitem(last=False)
                    self._records -= len(dropped.records)
        return made


def _owners(view: ResultView) -> Mapping[str, frozenset[int]]:
    return view.owners


def _holders(view: ResultView) -> Mapping[str, frozenset[int]]:
    return view.holders


def with_sums(records: tuple[Record, ...], sums: Mapping[str, tuple[str, ...]]) -> tuple[Record, ...]:
    """Records with the profile's derived fields added (same order, so indices hold)."""
    if not sums:
        return records
    out: list[Record] = []
    for record in records:
        extra: dict[str, str] = {}
        for name, parts in sums.items():
            numbers = [record.number(p) for p in parts]
            if parts and all(n is not None for n in numbers):
                extra[name] = fmt(sum(n for n in numbers if n is not None))
        out.append(Record(record.where, record.names, {**record.values, **extra}) if extra else record)
    return tuple(out)


def record_weekdays(date_formats: Sequence[str], records: Sequence[Record]) -> set[int]:
    """The weekdays of the texts of ``records`` that read as dates in one of ``date_formats``."""
    days: set[int] = set()
    for record in records:
        for text in (*record.values.values(), *(n for _f, n in record.names)):
            if not 6 <= len(text) <= 20:
                continue
            for form in date_formats:
                try:
                    days.add(datetime.strptime(text, form).weekday())
                    break
                except ValueError:
                    continue
    return days


__all__ = ["Catalogue", "Catalogues", "ResultEntry", "ResultView", "record_weekdays", "with_sums"]
