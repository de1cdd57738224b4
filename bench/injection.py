"""Fabrications injected into real agent turns, seeded and reproducible.

Each mutation takes an untouched turn (τ-bench or ToolTalk) and makes exactly one claim in it
unsupported, remembering where that claim sits in the answer (``span``):

- ``number_changed``: a number the tools did produce is changed (off by one, digits swapped,
  scaled by ten) into one they did not;
- ``invented_id``: a confirmation code nobody issued is appended;
- ``claimed_action``: an action no tool of the turn could have done is appended
  ("I've also emailed you the receipt.");
- ``name_swapped``: a name from the tool results is replaced by a name from another
  conversation;
- ``failed_as_success``: the tool call behind a reported action (the last call of the turn,
  whose verb the answer uses in the past: "cancel_reservation" / "cancelled") is turned into
  a failure (error status, no result) while the answer still reports it done — span: the
  whole answer.

A mutation that would not be a fabrication (the new number or name happens to be in the
evidence) is not made; the turn is skipped for that type.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from nofab.language.text import find_token, fold, value_text
from nofab.model.turn import ToolCall, Turn
from nofab.numbers.extract import extract_numerals

MUTATIONS = ("number_changed", "invented_id", "claimed_action", "name_swapped", "failed_as_success")

#: Actions appended by ``claimed_action``: none is a tool of either corpus.
ACTIONS = (
    "I've also emailed you the receipt.",
    "I have also sent a confirmation text message to your phone.",
    "I've also refunded the fee to your original payment method.",
    "I've also notified your manager about the change.",
    "I have also deleted your old booking from the system.",
)
#: Tool-name words that read data rather than act (their failure is not a failed action).
_READS = ("get", "search", "list", "think", "calculate", "query", "find", "check", "lookup")
#: Keys whose values are names of people in both corpora.
_NAME_KEY = re.compile(r"(?:^|_)(?:first_?name|last_?name|name|username)$", re.IGNORECASE)
_WORD_NAME = re.compile(r"^[A-Z][a-z]{2,}$")


@dataclass(frozen=True)
class Mutant:
    corpus: str
    label: str
    mutation: str
    turn: Turn
    span: tuple[int, int]  # of the injected claim in ``turn.response``


def _grounded_text(turn: Turn) -> str:
    parts = [turn.user_message, turn.context]
    for call in turn.tool_calls:
        parts.extend((value_text(call.arguments), value_text(call.result), call.error or ""))
    return fold("\n".join(p for p in parts if p))


def _names(value: object) -> Iterator[str]:
    """Person-name values (single capitalised words) anywhere in a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and _NAME_KEY.search(str(key)):
                for word in item.split():
                    if _WORD_NAME.match(word):
                        yield word
            else:
                yield from _names(item)
    elif isinstance(value, list):
        for item in value:
            yield from _names(item)


def name_pool(turns: Iterable[Turn]) -> list[str]:
    """Every person name the tool results of ``turns`` hold, sorted (the swap candidates)."""
    pool: set[str] = set()
    for turn in turns:
        for call in turn.tool_calls:
            pool.update(_names(call.parsed_result))
    return sorted(pool)


def lone(mutant: Mutant) -> bool:
    """The swapped name stands alone: no capitalised word right before or after it (one
    space apart), so no held neighbour ("Sophia ___") can give it away."""
    text = mutant.turn.response
    start, end = mutant.span
    before = re.search(r"(?:^|\s)(\S+) $", text[max(0, start - 40) : start])
    after = re.match(r" (\S+)", text[end : end + 40])
    return not any(m and m.group(1)[:1].isupper() for m in (before, after))


def _number_changed(turn: Turn, rng: random.Random, grounded: str) -> tuple[Turn, tuple[int, int]] | None:
    text = turn.response
    candidates = [
        n
        for n in extract_numerals(text)
        if n.kind in ("number", "money", "percent")
        and n.literal
        and n.literal.isdigit()
        and int(n.literal) > 12
        and find_token(grounded, n.literal) != -1
        and n.literal in text[n.span[0] : n.span[1]]  # written without separators ("1,200" is not)
    ]
    if not candidates:
        return None
    numeral = rng.choice(candidates)
    digits = numeral.literal
    start = text.index(digits, numeral.span[0])
    options = [str(int(digits) + 1), str(int(digits) - 1), str(int(digits) * 10)]
    if len(set(digits)) > 1:
        options.append(digits[-1] + digits[1:-1] + digits[0] if len(digits) > 2 else digits[::-1])
    rng.shuffle(options)
    for new in options:
        if new != digits and not new.startswith("0") and find_token(grounded, new) == -1:
            response = text[:start] + new + text[start + len(digits) :]
            return replace(turn, response=response), (start, start + len(new))
    return None


def _append(turn: Turn, sentence: str, claim: str) -> tuple[Turn, tuple[int, int]]:
    base = turn.response.rstrip()
    response = f"{base} {sentence}"
    start = len(base) + 1 + sentence.index(claim)
    return replace(turn, response=response), (start, start + len(claim))


def _invented_id(turn: Turn, rng: random.Random, grounded: str) -> tuple[Turn, tuple[int, int]]:
    alphabet = string.ascii_uppercase + string.digits
    while True:
        code = "".join(rng.choice(alphabet) for _ in range(6))
        if any(c.isdigit() for c in code) and find_token(grounded, code) == -1:
            break
    return _append(turn, f"Your confirmation code is {code}.", code)


def _claimed_action(turn: Turn, rng: random.Random) -> tuple[Turn, tuple[int, int]]:
    sentence = rng.choice(ACTIONS)
    return _append(turn, sentence, sentence)


def _name_swapped(
    turn: Turn, rng: random.Random, grounded: str, pool: Sequence[str]
) -> tuple[Turn, tuple[int, int]] | None:
    names = sorted({n for c in turn.tool_calls for n in _names(c.parsed_result)})
    present = [(n, m.start()) for n in names for m in re.finditer(rf"\b{re.escape(n)}\b", turn.response)]
    if not present:
        return None
    old, start = rng.choice(present)
    for _ in range(20):
        new = rng.choice(pool)
        if find_token(grounded, fold(new)) == -1:
            response = turn.response[:start] + new + turn.response[start + len(old) :]
            return replace(turn, response=response), (start, start + len(new))
    return None


_IRREGULAR = {"send": ("sent",), "set": ("set",), "pay": ("paid",), "buy": ("bought",), "make": ("made",)}


def _reports(answer: str, verb: str) -> bool:
    """Does the answer say the tool's action was done ("cancel" -> "cancelled")? Read with
    plain English inflection, independently of nofab's own claim lexicon."""
    forms = {verb + "ed", verb + "d", verb + verb[-1:] + "ed", verb[:-1] + "ied", *_IRREGULAR.get(verb, ())}
    return any(re.search(rf"\b{re.escape(form)}\b", answer, re.IGNORECASE) for form in forms)


def _failed_as_success(turn: Turn) -> tuple[Turn, tuple[int, int]] | None:
    """The last call of this turn, an action that succeeded and that the answer reports as
    done, fails instead; the answer is left as it was."""
    if not turn.tool_calls:
        return None
    last = turn.tool_calls[-1]
    words = re.findall(r"[A-Z]?[a-z]+", last.name)
    if last.status != "ok" or last.earlier or not words or words[0].lower() in _READS:
        return None
    if not _reports(turn.response, words[0].lower()):
        return None  # the answer does not speak of this action: failing it fabricates nothing
    failed = ToolCall(
        name=last.name,
        arguments=last.arguments,
        result=None,
        status="error",
        error="Error: the request could not be completed",
        id=last.id,
    )
    mutated = replace(turn, tool_calls=(*turn.tool_calls[:-1], failed))
    return mutated, (0, len(turn.response))


#: The simulated first-name-only agent's mutation (not in ``MUTATIONS``: it rewrites the
#: answer before swapping, see ``lone_first_names``).
LONE_FIRST_NAME = "lone_first_name_swapped"
_FULL_NAME = re.compile(r"\b([A-Z][a-z]+) ([A-Z][a-z]+)\b")


def lone_first_names(
    corpus: str, turns: Sequence[tuple[str, Turn]], seed: int, pool: Sequence[str]
) -> Iterator[tuple[Turn, Mutant]]:
    """An agent that calls people by their first name: in each turn whose answer writes a
    full name the records hold ("Sophia Silva"), one of them is written as the first name
    alone ("Sophia"): that is the clean variant (it must not be flagged); swapping that lone
    first name for a pool name no evidence holds is the mutant (it must be)."""
    for index, (label, turn) in enumerate(turns):
        firsts: set[str] = set()
        lasts: set[str] = set()
        for call in turn.tool_calls:
            _record_names(call.parsed_result, firsts, lasts)
        found = [
            m for m in _FULL_NAME.finditer(turn.response) if m.group(1) in firsts and m.group(2) in lasts
        ]
        if not found:
            continue
        rng = random.Random(f"{seed}:{corpus}:{index}:lone_first_name")
        m = rng.choice(found)
        text = turn.response
        clean = replace(turn, response=text[: m.start()] + m.group(1) + text[m.end() :])
        grounded = _grounded_text(turn)
        for _ in range(20):
            new = rng.choice(pool)
            if find_token(grounded, fold(new)) == -1:
                response = text[: m.start()] + new + text[m.end() :]
                span = (m.start(), m.start() + len(new))
                yield (
                    clean,
                    Mutant(corpus, label, "lone_first_name_swapped", replace(turn, response=response), span),
                )
                break


def _record_names(value: object, firsts: set[str], lasts: set[str]) -> None:
    """First names and surnames held under ``first_name``/``last_name`` keys, anywhere."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, str) and re.search(r"first_?name$", str(key), re.IGNORECASE):
                firsts.add(item)
            elif isinstance(item, str) and re.search(r"last_?name$", str(key), re.IGNORECASE):
                lasts.add(item)
            else:
                _record_names(item, firsts, lasts)
    elif isinstance(value, list):
        for item in value:
            _record_names(item, firsts, lasts)


def mutants(
    corpus: str, turns: Sequence[tuple[str, Turn]], seed: int, pool: Sequence[str]
) -> Iterator[Mutant]:
    """Every applicable mutation of every turn, each with its own seeded generator."""
    for index, (label, turn) in enumerate(turns):
        grounded = _grounded_text(turn)
        for kind in MUTATIONS:
            rng = random.Random(f"{seed}:{corpus}:{index}:{kind}")
            made: tuple[Turn, tuple[int, int]] | None
            if kind == "number_changed":
                made = _number_changed(turn, rng, grounded)
            elif kind == "invented_id":
                made = _invented_id(turn, rng, grounded)
            elif kind == "claimed_action":
                made = _claimed_action(turn, rng)
            elif kind == "name_swapped":
                made = _name_swapped(turn, rng, grounded, pool)
            else:
                made = _failed_as_success(turn)
            if made is not None:
                yield Mutant(corpus, label, kind, made[0], made[1])
