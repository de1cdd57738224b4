"""What the profile tells attribution: field phrases, labels, number words and relation words.

All domain vocabulary comes from the profile (``field_aliases``, ``number_words``,
``pair_fields``, ``known_entities``, ``weekdays``, ``date_formats``, ``field_sums``) and from
``[rules.attribution]``, read through ``nofab.config.rules.Rules`` so that an unknown or
mistyped key raises ``ProfileError`` naming it (``rules.attribution.skip_word``) instead of
silently keeping a default.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.attribution.matcher import FormMatcher
from nofab.errors import ProfileError
from nofab.language.sentences import words

#: The keys ``[rules.attribution]`` may hold.
KEYS = (
    "back_references",
    "beyond_phrases",
    "bound_words",
    "field_labels",
    "filler_words",
    "future_days",
    "future_phrases",
    "group_links",
    "member_links",
    "min_value",
    "not_names",
    "object_links",
    "opposing_words",
    "proper_names",
    "rank_phrases",
    "record_phrases",
    "skip_words",
    "sum_words",
    "unbound_numbers",
    "unchecked_words",
    "winning_words",
)
DASHES = frozenset("-–—")
#: The pseudo-field of a figure about other occasions (``beyond_phrases``).
BEYOND = "\u2026beyond"
#: The pseudo-field prefix of a rank (``rank_phrases``).
RANK = "\u2026rank:"
#: Words that may stand between a number and its field phrase ("a pair of steals").
_FILLERS = frozenset({"of"})

Phrase = tuple[str, ...]


def phrase(text: str) -> Phrase:
    """A phrase as the answer's tokens read it: folded words, dashes dropped."""
    return tuple(t.casefold() for t in words(text) if t not in DASHES)


def link(text: str) -> Phrase:
    """A linking phrase as relations read the words before a name: folded, without "the"."""
    return tuple(w for w in phrase(text) if w != "the")


def alternation(forms: Mapping[str, object] | Sequence[str]) -> re.Pattern[str] | None:
    """One regex matching any of ``forms`` as whole words, longest first."""
    names = sorted({f for f in forms if f.strip()}, key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


def _known(names: Sequence[str]) -> FormMatcher | None:
    """The profile's known names as one matcher (a regex alternation of 500 names tried at
    every position of an answer cost ten times more), or None when there are none."""
    return FormMatcher(names) if any(n.strip() for n in names) else None


def _lists(rules: Rules, key: str) -> dict[str, tuple[str, ...]]:
    """A table of string lists (``field_labels``), validated like ``Rules`` does."""
    value = rules.data.get(key, {})
    if not isinstance(value, Mapping):
        raise ProfileError("must be a table of string lists", f"{rules.where}.{key}")
    out: dict[str, tuple[str, ...]] = {}
    for name, items in value.items():
        if isinstance(items, str) or not isinstance(items, (list, tuple)):
            raise ProfileError("must be a list of strings", f"{rules.where}.{key}.{name}")
        if not all(isinstance(i, str) for i in items):
            raise ProfileError("must hold only strings", f"{rules.where}.{key}.{name}")
        out[str(name)] = tuple(items)
    return out


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The profile's words for records, read once per guard."""

    #: Phrase after a number -> the fields it names ("points" -> PTS, TEAM-PTS).
    aliases: Mapping[Phrase, tuple[str, ...]]
    alias_len: int
    #: Every field a phrase or label names (the figures a record may hold).
    figure_fields: frozenset[str]
    #: Label written before a value ("economy price:") -> fields.
    labels: Mapping[Phrase, tuple[str, ...]]
    number_words: Mapping[str, float]
    fillers: frozenset[str]
    pairs: tuple[tuple[str, ...], ...]
    #: The profile's known names (``known_entities``), matched as whole words.
    known: FormMatcher | None
    weekdays: tuple[str, ...]
    date_formats: tuple[str, ...]
    sums: Mapping[str, tuple[str, ...]]
    proper_names: bool
    not_names: frozenset[str]
    opposing: tuple[Phrase, ...]
    member_links: tuple[Phrase, ...]
    group_links: tuple[Phrase, ...]
    winning_words: tuple[Phrase, ...]
    min_value: float
    skip_words: frozenset[str]
    #: Words that make a figure after several names their total ("combined for 31 points").
    sum_words: frozenset[str]
    #: Skip words whose figures no record bounds at all ("averaging"): not reported.
    unchecked_words: frozenset[str]
    #: Phrases that keep a figure on this occasion though they hold a skip word ("season high").
    record_phrases: tuple[Phrase, ...]
    unbound_numbers: bool
    #: Words that make a number a bound ("over 50 percent") -> "above" or "below".
    bounds: Mapping[Phrase, str]
    bound_len: int
    #: A phrase that names one of the two names before it: "the former" -> 0, "the latter" -> 1.
    back_references: Mapping[Phrase, int]
    #: Words before a name that make the figures after it that name's ("held Orlando to").
    object_links: tuple[Phrase, ...]
    #: Phrases that put a sentence on a later occasion ("next game", "will").
    future: tuple[Phrase, ...]
    #: A later occasion falls 1..future_days days after a record's date (0: not checked).
    future_days: int

    @classmethod
    def from_profile(cls, profile: Profile, detector_id: str) -> Vocabulary:
        rules = Rules(profile, detector_id, KEYS)
        aliases: dict[Phrase, tuple[str, ...]] = {
            phrase(k): tuple(v) for k, v in profile.field_aliases.items() if phrase(k)
        }
        # Phrases that make a number a figure about other occasions ("of their last five
        # games", "in a row"): no record of this turn can back it.
        for text in rules.strings("beyond_phrases"):
            if phrase(text):
                aliases.setdefault(phrase(text), (BEYOND,))
        # "X was second on the team": an ordinal before one of these phrases is X's rank by a
        # field among the records of X's group.
        for text, name in rules.mapping("rank_phrases").items():
            if phrase(text):
                aliases[phrase(text)] = (RANK + name,)
        labels = {phrase(k): v for k, v in _lists(rules, "field_labels").items() if phrase(k)}
        named = [f for fs in (*aliases.values(), *labels.values()) for f in fs]
        bounds: dict[Phrase, str] = {}
        for text, direction in rules.mapping("bound_words").items():
            if direction not in ("above", "below"):
                raise ProfileError(
                    f'must be "above" or "below", got {direction!r}', f"{rules.where}.bound_words.{text}"
                )
            if phrase(text):
                bounds[phrase(text)] = direction
        back: dict[Phrase, int] = {}
        for text, which in rules.mapping("back_references").items():
            if which not in ("first", "second"):
                raise ProfileError(
                    f'must be "first" or "second", got {which!r}', f"{rules.where}.back_references.{text}"
                )
            if phrase(text):
                back[phrase(text)] = 0 if which == "first" else 1
        return cls(
            # "A and B, with the former adding ...": the phrase names A (B for "the latter").
            back_references=back,
            # "They host the Magic on Monday": a sentence about a later occasion speaks of what
            # no record of this one holds (its opponent, its date).
            # "A held B to 43 percent": the verb puts the figure on its object, B, not on A.
            object_links=tuple(p for p in map(link, rules.strings("object_links")) if p),
            future=tuple(p for p in map(phrase, rules.strings("future_phrases")) if p),
            future_days=rules.integer("future_days", 0),
            bounds=bounds,
            bound_len=max((len(k) for k in bounds), default=0),
            aliases=aliases,
            figure_fields=frozenset(
                p for f in named if not f.startswith((BEYOND, RANK)) for p in f.split("/")
            ),
            alias_len=max((len(k) for k in aliases), default=0),
            labels=labels,
            number_words={k.casefold(): float(v) for k, v in profile.number_words.items()},
            fillers=_FILLERS | {w.casefold() for w in rules.strings("filler_words")},
            pairs=tuple(tuple(p.split("/", 1)) for p in profile.pair_fields),
            known=FormMatcher(profile.known_entities)
            if any(n.strip() for n in profile.known_entities)
            else None,
            weekdays=tuple(profile.weekdays),
            date_formats=tuple(profile.date_formats),
            sums={k: tuple(v) for k, v in profile.field_sums.items()},
            # Check capitalised words the way a name is checked: in the records, or nowhere.
            proper_names=rules.flag("proper_names", False),
            not_names=frozenset(w.casefold() for w in rules.strings("not_names")),
            # "X defeated X": a record named on both sides of one of these is one name too many.
            opposing=tuple(p for p in map(link, rules.strings("opposing_words")) if p),
            # "Beal led the way for Brooklyn": a member named with a group it does not belong to.
            member_links=tuple(p for p in map(link, rules.strings("member_links")) if p),
            # "The Nets were led by Beal": a group, then a member it does not have.
            group_links=tuple(p for p in map(link, rules.strings("group_links")) if p),
            # "A defeated B": the first name has the higher figure of the contest's pair.
            winning_words=tuple(p for p in map(link, rules.strings("winning_words")) if p),
            min_value=rules.number("min_value", 0.0, lo=float("-inf")),
            # Words that make a number something other than this record's value ("averaging").
            skip_words=frozenset(
                w.casefold() for w in (*rules.strings("skip_words"), *rules.strings("unchecked_words"))
            ),
            sum_words=frozenset(w.casefold() for w in rules.strings("sum_words")),
            # "averaging 21 points": a figure over occasions these records do not cover, and do
            # not bound either, so neither a match nor a miss says anything.
            unchecked_words=frozenset(w.casefold() for w in rules.strings("unchecked_words")),
            # "a season-high 30 points": a record set on this occasion is this occasion's figure.
            record_phrases=tuple(p for p in map(phrase, rules.strings("record_phrases")) if p),
            # A bare number ("$209") says nothing about which field it is; unless the profile's
            # answers are all about its records (a box score), such a number is a claim only
            # when an entity is named in its own clause.
            unbound_numbers=rules.flag("unbound_numbers", False),
        )


__all__ = ["BEYOND", "DASHES", "KEYS", "RANK", "Phrase", "Vocabulary", "alternation", "link", "phrase"]
