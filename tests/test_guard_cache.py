"""One-shot ``nofab.check`` reuses a guard per (policy, profile) content, and the policy and
profile still decide the verdict."""

from __future__ import annotations

import nofab
from nofab import Guard, Policy, Profile, ToolCall, Turn
from nofab.config.policy import Mode
from nofab.evidence.index import Evidence
from nofab.pipeline.cache import GuardCache

INVENTED = {
    "response": "Done: refund issued, ticket_id=RF-99812 for $410.",
    "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1", "total": 42.73}}],
}
GROUNDED = {
    "response": "Ihre Bestellung A-1 kostet 42,73 €.",
    "tool_calls": [{"name": "get_order", "result": {"order_id": "A-1", "total": 42.73}}],
}


def test_equal_policy_and_profile_share_one_guard() -> None:
    """New but equal objects are the same key: the guard is built once."""
    cache = GuardCache(Guard)
    first = cache.get(Policy(mode="flag"), Profile(allowlist=("RF-1",)))
    again = cache.get(Policy(mode="flag"), Profile(allowlist=("RF-1",)))
    assert again is first
    assert len(cache) == 1


def test_a_different_policy_or_profile_gets_its_own_guard() -> None:
    cache = GuardCache(Guard)
    base = cache.get(Policy(), Profile())
    assert cache.get(Policy(mode="refuse"), Profile()) is not base
    assert cache.get(Policy(), Profile(thresholds={"kv": 0.5})) is not base
    assert cache.get(Policy(), Profile(thresholds={"kv": 0.6})) is not cache.get(
        Policy(), Profile(thresholds={"kv": 0.5})
    )


def test_one_shot_verdicts_follow_the_policy_of_each_call() -> None:
    """The cached guard never leaks one call's mode or threshold into another's."""
    cases: tuple[tuple[Mode, str], ...] = (
        ("observe", "observed"),
        ("flag", "flagged"),
        ("refuse", "refuse_replaced"),
    )
    for mode, action in cases:
        verdict = nofab.check(INVENTED, Policy(mode=mode, load_plugins=False))
        assert verdict.action == action
        assert verdict.to_dict() == Guard(Policy(mode=mode, load_plugins=False)).check(INVENTED).to_dict()
    lenient = nofab.check(INVENTED, Policy(mode="flag", threshold=1.0, load_plugins=False))
    assert lenient.action != "flagged"


def test_one_shot_matches_a_fresh_guard_on_clean_and_invented_turns() -> None:
    for turn in (INVENTED, GROUNDED):
        for _ in range(2):
            assert nofab.check(turn).to_dict() == Guard().check(turn).to_dict()


def test_the_cache_is_bounded() -> None:
    cache = GuardCache(Guard, max_guards=2)
    guards = [cache.get(Policy(threshold=t), None) for t in (0.5, 0.6, 0.7)]
    assert len(cache) == 2
    assert cache.get(Policy(threshold=0.7), None) is guards[2]
    assert cache.get(Policy(threshold=0.5), None) is not guards[0]  # evicted, rebuilt


def test_an_unhashable_policy_still_gets_a_verdict() -> None:
    """A list where a tuple belongs cannot be a key: the call builds a guard and is not cached."""
    cache = GuardCache(Guard)
    policy = Policy(detectors=["identifiers"], load_plugins=False)  # type: ignore[arg-type]
    guard = cache.get(policy, None)
    assert [d.id for d in guard.detectors] == ["identifiers"]
    assert len(cache) == 0


def test_cached_guards_share_one_source_cache_and_keep_their_own_naming_fields() -> None:
    """Two profiles that name records differently read the same result through one cache,
    each with its own records."""
    cache = GuardCache(Guard)
    by_title = cache.get(Policy(load_plugins=False), Profile(name_fields=("title",)))
    by_author = cache.get(Policy(load_plugins=False), Profile(name_fields=("author",)))
    assert by_title.results is by_author.results is cache.results
    turn = Turn(
        response="Dune is in stock.",
        tool_calls=(ToolCall("find_book", None, {"title": "Dune", "author": "Frank Herbert"}),),
    )
    names = []
    for guard in (by_title, by_author, by_title):
        evidence = Evidence(turn, guard.profile, guard.lexicon, cache=guard.results)
        names.append([r.names for r in evidence.records])
    assert names == [[(("title", "Dune"),)], [(("author", "Frank Herbert"),)], [(("title", "Dune"),)]]
    assert cache.results.stats()["sources"] == 1
