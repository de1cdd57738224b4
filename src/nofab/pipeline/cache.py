"""The guards that one-shot ``nofab.check`` calls reuse.

Building a ``Guard`` compiles every detector's vocabulary and looks up plugins; that is many
times the cost of checking a turn, so ``check(turn, policy, profile)`` keeps the guards it
built, one per (policy, profile) content, and a loop of one-shot calls costs what a reused
guard costs (and shares its per-source index cache, ``nofab.evidence.results``).

The key is the content, compared exactly, not a SHA-256 digest of it (``Policy.digest``
and ``Profile.digest`` cost about 50 µs together, a sixth of a typical check): a
``Policy`` is a frozen, hashable dataclass and is its own key; a ``Profile`` holds mappings
and is not hashable, so its ``repr`` (every field, in order) stands for it. Equal content
means an equal guard, so a caller who builds a new but equal policy per call still hits.
Each entry also holds its profile, so an object address inside a ``repr`` cannot be reused
by another object while the entry lives.

Guards hold no per-turn state and are safe to share between threads; the cache is bounded
(least recently used out) and locked. Its guards share one per-source index cache: an
index depends on the content only (and records on the profile's naming fields, which are
part of their key), so 32 guards hold one cache's worth of memory, not 32. A guard is
built outside the lock: two threads that miss at once each build one and the last is kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from nofab.config.policy import Policy, Profile

if TYPE_CHECKING:
    # A type only: the cache itself is built with the first guard (``results``), so that
    # `import nofab` does not load the evidence package for the module-level ``GUARDS``.
    from nofab.evidence.results import ResultCache

#: Distinct (policy, profile) pairs kept; a deployment uses a handful.
MAX_GUARDS = 32

_Key = tuple[Policy, str]


class _Guard(Protocol):
    results: ResultCache


G = TypeVar("G", bound=_Guard)


class GuardCache(Generic[G]):
    """Guards by (policy, profile) content, least recently used out past ``max_guards``.

    ``build`` makes a guard (``Guard`` itself: guard.py owns the cache behind
    ``nofab.check``, so this module does not import it)."""

    def __init__(
        self, build: Callable[[Policy | None, Profile | None], G], max_guards: int = MAX_GUARDS
    ) -> None:
        self._build = build
        self._guards: OrderedDict[_Key, tuple[Profile, G]] = OrderedDict()
        self._max = max_guards
        self._lock = threading.Lock()
        self._default: G | None = None  # check(turn) with neither: no key to compute
        self._results: ResultCache | None = None

    @property
    def results(self) -> ResultCache:
        """The per-source index cache every guard of this cache shares (made on first use)."""
        results = self._results
        if results is None:
            from nofab.evidence.results import ResultCache

            with self._lock:  # two threads' first guards must still share one cache
                if self._results is None:
                    self._results = ResultCache()
                results = self._results
        return results

    @results.setter
    def results(self, results: ResultCache) -> None:
        # Still assignable, as when it was a plain attribute (for the guards built after).
        self._results = results

    def _new(self, policy: Policy | None, profile: Profile | None) -> G:
        guard = self._build(policy, profile)
        guard.results = self.results
        return guard

    def get(self, policy: Policy | None, profile: Profile | None) -> G:
        if policy is None and profile is None:
            guard = self._default
            if guard is None:
                guard = self._default = self._new(None, None)
            return guard
        policy = policy or Policy()
        profile = profile or Profile()
        key = (policy, repr(profile))
        try:
            hash(key)
        except TypeError:  # a policy built with a list where a tuple belongs: not cacheable
            return self._build(policy, profile)
        with self._lock:
            entry = self._guards.get(key)
            if entry is not None:
                self._guards.move_to_end(key)
                return entry[1]
        guard = self._new(policy, profile)
        with self._lock:
            self._guards[key] = (profile, guard)
            while len(self._guards) > self._max:
                self._guards.popitem(last=False)
        return guard

    def clear(self) -> None:
        """Forget every guard (after installing a plugin, say: a guard loads plugins once)."""
        with self._lock:
            self._guards.clear()
            self._default = None

    def __len__(self) -> int:
        return len(self._guards) + (self._default is not None)


__all__ = ["MAX_GUARDS", "GuardCache"]
