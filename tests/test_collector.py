"""The cyclic garbage collector is paused while a long answer is checked, and only then."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from nofab import Guard, Policy
from nofab.config.policy import Profile
from nofab.pipeline.collector import PAUSE_FROM, paused_for


class Spy:
    """Records whether the collector ran while it was detecting."""

    id = "spy"
    version = "1"
    kinds = ("uuid",)
    seen: ClassVar[list[bool]] = []

    def __init__(self, profile: Profile) -> None:
        del profile

    def detect(self, evidence: object) -> Iterator[Any]:
        Spy.seen.append(gc.isenabled())
        return iter(())


@pytest.fixture
def guard() -> Iterator[Guard]:
    Spy.seen = []
    was = gc.isenabled()
    yield Guard(Policy(load_plugins=False, max_answer_chars=4 * PAUSE_FROM), detectors=[Spy])  # type: ignore[list-item]
    if was:
        gc.enable()


def test_a_long_answer_is_checked_with_the_collector_paused_then_restored(guard: Guard) -> None:
    gc.enable()
    guard.check({"response": "word " * (PAUSE_FROM // 5 + 1)})
    assert Spy.seen == [False]
    assert gc.isenabled()


def test_a_short_answer_leaves_the_collector_alone(guard: Guard) -> None:
    gc.enable()
    guard.check({"response": "Your refund of $30 was issued."})
    assert Spy.seen == [True]


def test_a_host_that_disabled_the_collector_keeps_it_disabled(guard: Guard) -> None:
    gc.disable()
    guard.check({"response": "word " * (PAUSE_FROM // 5 + 1)})
    assert Spy.seen == [False]
    assert not gc.isenabled()


def test_the_collector_comes_back_when_the_block_raises() -> None:
    gc.enable()
    with pytest.raises(ValueError), paused_for(PAUSE_FROM):
        assert not gc.isenabled()
        raise ValueError("a detector asked to raise")
    assert gc.isenabled()
