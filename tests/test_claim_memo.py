"""The claims detector's per-turn memo (``ClaimQuestions``) answers every question exactly as
the lexicon's plain call does, the first time (computed) and every later time (read back),
including for claims of the same verb that differ in what the memo must keep apart."""

from __future__ import annotations

from typing import Any

import pytest

from nofab import Profile, Turn
from nofab.detectors.claimmemo import ClaimQuestions
from nofab.detectors.claims import ClaimDetector, _as_made
from nofab.evidence.index import Evidence
from nofab.language.capabilities import definitions_by_name
from nofab.language.lexicon import Claim, Lexicon, lexicon_for
from nofab.language.returned import _strings
from nofab.language.text import normalise, strip_accents
from nofab.model.turn import ToolCall

# Several phrasings in two languages: deeds, passives, stated states, the same verb with
# different objects, a profile-free read claim that "confirmed" turns into a booking.
ANSWERS = (
    "I've deleted your reminder. I've deleted your booking. Your reminder has been deleted.",
    "I have sent the email to Ana and sent a message to Tom. The invoice was sent.",
    "Your booking is confirmed. Your reservation has been cancelled. Refund issued.",
    "He enviado el correo a Ana. La reserva ha sido cancelada. He eliminado el recordatorio.",
    "Rolled back payments-svc. Dr. Smith called. Your alarms are set. Both alarms are set.",
)

TOOLS = (
    {"name": "delete_reminder", "arguments": {"reminder_id": "r1"}, "result": {"status": "deleted"}},
    {"name": "send_email", "arguments": {"to": "ana@example.com"}, "result": {"status": "sent"}},
    {"name": "get_reservation", "arguments": {"id": "R1"}, "result": {"status": "cancelled"}},
    {"name": "rollback", "arguments": {"service": "api"}, "result": {"ok": True}},
    {"name": "book_flight", "arguments": {"payment_id": "p1"}, "error": "payment declined"},
    {"name": "FindAlarms", "arguments": {}, "result": [{"time": "07:00"}]},
)


def _setup(
    answer: str, tools: tuple[dict[str, Any], ...]
) -> tuple[Lexicon, Evidence, ClaimQuestions, dict[str, Any]]:
    profile = Profile()
    lexicon = lexicon_for(profile)
    evidence = Evidence(Turn.from_dict({"response": answer, "tool_calls": list(tools)}), profile, lexicon)
    calls: tuple[ToolCall, ...] = evidence.turn.tool_calls
    # Any fixed partition of the calls will do: the memo must answer for whatever it is given.
    groups = {"now": calls[::2], "before": calls[1::2], "failed": evidence.failed_calls}
    observers = tuple(c for c in evidence.succeeded_calls if lexicon.reads_only(c))
    definitions = definitions_by_name(evidence.turn.tools)
    questions = ClaimQuestions(lexicon, groups, observers, evidence.grounds, definitions, _as_made)
    plain = {"groups": groups, "observers": observers, "definitions": definitions}
    return lexicon, evidence, questions, plain


@pytest.mark.parametrize("answer", ANSWERS)
@pytest.mark.parametrize("tools", [TOOLS, TOOLS[:2], TOOLS[2:], ()])
def test_memoised_answers_equal_the_plain_ones(answer: str, tools: tuple[dict[str, Any], ...]) -> None:
    lexicon, evidence, questions, plain = _setup(answer, tools)
    claims: list[Claim] = evidence.claims
    assert len(claims) >= 3  # the answers hold claims, or the test proves nothing
    for _ in range(2):  # computed, then read back
        for claim in claims:
            assert questions.reports_state(claim) == lexicon.reports_state(
                claim, plain["observers"], evidence.grounds
            )
            made = questions.as_made(claim)
            assert made == _as_made(claim, lexicon.actions)
            for group, calls in plain["groups"].items():
                assert questions.grounded_by(group, made.action, made.objects) == lexicon.grounded_by(
                    made.action, calls, made.objects, plain["definitions"]
                )
            assert questions.named_for_verb(made) == lexicon.named_for_verb(
                made, plain["groups"]["now"], plain["definitions"]
            )


def test_same_verb_other_object_is_answered_apart() -> None:
    lexicon, evidence, questions, _plain = _setup(
        "I've deleted your reminder. I've deleted your booking.", (TOOLS[0],)
    )
    reminder, booking = evidence.claims
    assert reminder.verb == booking.verb and reminder.objects != booking.objects
    # delete_reminder deleted the reminder, not the booking: one cached answer must not
    # stand for the other, in either order.
    assert questions.grounded_by("now", reminder.action, reminder.objects) == "delete_reminder"
    assert questions.grounded_by("now", booking.action, booking.objects) is None
    assert lexicon.grounded_by(booking.action, evidence.turn.tool_calls, booking.objects) is None


def test_same_shape_claims_share_one_lexicon_question() -> None:
    answer = " ".join(f"Dr. Name{i} called." for i in range(50))
    lexicon, evidence, questions, _plain = _setup(answer, (TOOLS[1],))
    asked: list[str] = []
    original = lexicon.grounded_by

    def counting(*args: Any, **kwargs: Any) -> str | None:
        asked.append(args[0].name)
        return original(*args, **kwargs)

    lexicon.grounded_by = counting  # type: ignore[method-assign]
    try:
        answers = {questions.grounded_by("now", c.action, c.objects) for c in evidence.claims}
    finally:
        del lexicon.grounded_by
    assert len(evidence.claims) == 50 and answers == {None}
    assert asked == ["call"]


def test_detector_findings_unchanged_by_repeated_shapes() -> None:
    """Repeating a claim shape gives each copy the finding a lone copy gets."""
    profile = Profile()
    one = "I have refunded the fee. "
    detector = ClaimDetector(profile)
    evidence = Evidence(
        Turn.from_dict({"response": one * 3, "tool_calls": [TOOLS[1]]}), profile, lexicon_for(profile)
    )
    reasons = [f.reason for f in detector.detect(evidence)]
    assert len(reasons) == 3 and len(set(reasons)) == 1


def _plain_returns(result: Any, participle: str) -> bool:
    """The plain question: does ``result`` hold ``participle`` as a whole string value?"""
    wanted = strip_accents(participle)
    return any(strip_accents(normalise(t.strip())) == wanted for t in _strings(result))


@pytest.mark.parametrize(
    ("result", "found"),
    [
        ('{"order": {"status": "Enviado"}}', 2),
        ({"order": {"status": " SHIPPED "}}, 2),
        ('[{"state": "cancelada"}, {"state": "pending"}]', 2),
        ('{"note": "it was shipped yesterday"}', 0),  # a mention, not the value
        ("shipped", 2),  # a plain text result is its own value
        ({"a": {"b": {"c": {"d": {"e": {"f": {"g": "shipped"}}}}}}}, 0),  # deeper than the walk
    ],
)
def test_returned_values_answer_as_the_walk_does(result: Any, found: int) -> None:
    profile = Profile()
    lexicon = lexicon_for(profile)
    answers = (
        "Your order has been shipped. The reservation was cancelled.",
        "El pedido fue enviado. La reserva fue cancelada.",
    )
    hits = 0
    for answer in answers:
        for _ in range(2):  # a fresh turn each time, the same result text: read back the second
            turn = Turn.from_dict(
                {"response": answer, "tool_calls": [{"name": "get_order", "result": result}]}
            )
            evidence = Evidence(turn, profile, lexicon)
            calls = evidence.turn.tool_calls
            returned = lexicon.returned_values(calls)
            for claim in evidence.claims:
                plain = _plain_returns(calls[0].parsed_result, claim.verb)
                assert (strip_accents(claim.verb) in returned) == plain
                hits += plain
                assert lexicon.reports_state(
                    claim, calls, evidence.grounds, returned
                ) == lexicon.reports_state(claim, calls, evidence.grounds)
    assert hits == found


@pytest.mark.parametrize(
    "name",
    [
        "search_web",
        "web_search",
        "get_order",
        "GetUserDetails",
        "send_email",
        "SearchMessages",
        "lookup",
        "list",
    ],
)
@pytest.mark.parametrize("arguments", [{}, {"query": "x", "order_id": "1"}, {"new_email": "a@b.c"}])
def test_reads_only_kept_per_name_answers_as_the_plain_rule(name: str, arguments: dict[str, Any]) -> None:
    """Whether a tool only reads is kept per name: the arguments never change it."""
    from nofab.language.capabilities import capability, stem, tool_name_parts

    lexicon = lexicon_for(Profile())
    call = ToolCall(name=name, arguments=arguments)
    parts = tool_name_parts(name)
    plain = (len(parts) > 1 and stem(parts[-1]) in lexicon.read_verbs) or capability(call, {}).reads_only(
        lexicon.read_verbs
    )
    for _ in range(2):
        assert lexicon.reads_only(call) == plain
    assert lexicon.reads_only(ToolCall(name="search_web")) and not lexicon.reads_only(
        ToolCall(name="send_email")
    )


def _plain_says(relay: Any, text: str) -> bool:
    """The plain relay rule: the first two words are a pair of the results, and the claim
    is found as a whole token in a whole result text."""
    import re

    from nofab.language.text import find_token, fold

    words_re = re.compile(r"\w+(?:['’]\w+)?")
    said = fold(" ".join(text.split()))
    if len(said.split()) < 2 or not relay.texts:
        return False
    words = words_re.findall(said)
    if len(words) >= 2 and (words[0], words[1]) not in relay.pairs:
        return False
    return any(find_token(t, said) != -1 for t in relay.texts)


def test_relay_searched_by_line_answers_as_the_whole_text_search() -> None:
    """Random results and claims over a small alphabet, with the characters that decide a
    token's edges (apostrophes, hyphens, underscores, line breaks, accents, case): the
    indexed search says exactly what a search of every whole text says."""
    import random

    from nofab.language.lexicon import ReadRelay

    rng = random.Random(16)
    pieces = ["ana", "sent", "Ana", "x", "it", "'", "’", "-", "_", " ", " ", "\n", "é", "1", "**", "."]
    lexicon = lexicon_for(Profile())
    action = lexicon.actions["send"]
    found = 0
    for _ in range(300):
        values = ["".join(rng.choices(pieces, k=rng.randint(1, 12))) for _ in range(rng.randint(1, 4))]
        relay = ReadRelay([values, {"note": rng.choice(values)}])
        for _ in range(8):
            source = rng.choice(values)
            start = rng.randrange(len(source))
            text = (
                source[start : start + rng.randint(2, 12)] if rng.random() < 0.7 else rng.choice(pieces) * 2
            )
            claim = Claim((0, len(text)), text, "sent", action, "en")
            plain = _plain_says(relay, text)
            assert relay.says(claim) == plain, (values, text)
            found += plain
    assert found > 20  # the random claims are often found, or the comparison proves little


def test_last_break_word_found_as_the_whole_pattern_finds_it() -> None:
    """``LastWord`` (the leading boundary tested by hand) ends where the last match of the
    whole ``\\b(?:words)\\b`` pattern ends, for random texts, windows and both edges."""
    import random
    import re

    from nofab.language.wordscan import LastWord

    words = ("but", "pero", "aber", "mais", "mas", "however")
    pattern = re.compile(r"\b(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")\b")
    last = LastWord(pattern)
    rng = random.Random(15)
    pieces = [*words, "x", "é", "_", "1", " ", " ", ",", ".", "-", "'", "ñ"]
    matched = 0
    for _ in range(2000):
        text = "".join(rng.choices(pieces, k=rng.randint(0, 14)))
        pos = rng.randint(0, len(text))
        endpos = rng.randint(pos, len(text))
        plain = -1
        for found in pattern.finditer(text, pos, endpos):
            plain = found.end()
        assert last.end(text, pos, endpos, -1) == plain, (text, pos, endpos)
        matched += plain != -1
    assert matched > 50
