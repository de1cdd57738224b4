"""The lexicon data and its compiled form: one loader, one normaliser, one entry per language.

Every word nofab reads prose with lives in ``nofab/language/lexicons/*.json``: one file per
language (claim verbs and patterns, negations, hedges, request words, titles, greetings,
counts...), the action table (``actions.json``), the object groups (``entities.json``) and
the tool-failure phrase book (``tool_failures.json``). This module loads each file once and
compiles a language's patterns; ``Lexicon`` (per profile) and ``phrases`` (the phrase book)
both build on it, so adding a language or a word needs no code.

Text and data are compared after ``normalise``: lower case that keeps every offset, with
typographic apostrophes made straight.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from nofab.language.text import normalise

LANGUAGES: tuple[str, ...] = ("en", "es", "fr", "de", "pt")
#: The pattern groups a claim template may name ({verbs}, {preterite}, {verbs_motion}).
_VERB_GROUPS = ("verbs", "preterite", "verbs_motion")
#: ``{verbs_inflected}``: the listed participles, and other inflections of them by stem.
_INFLECTED = "verbs_inflected"
#: Shortest stem that may stand for unlisted inflections ("envi" -> "enviadas"); shorter
#: stems ("cre", "pag") would match unrelated words.
MIN_STEM = 4


@cache
def load(name: str) -> Mapping[str, Any]:
    """One lexicon file (``en``, ``actions``, ``tool_failures``...), parsed once per process."""
    text = resources.files("nofab.language.lexicons").joinpath(f"{name}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def words(category: str) -> frozenset[str]:
    """Every language's word list ``category`` (``negations``, ``short_words``) as one set."""
    return frozenset(normalise(w) for code in LANGUAGES for w in load(code).get(category, ()))


@lru_cache(maxsize=8192)
def stem(stemmer: str, word: str) -> str:
    """The Snowball stem of ``word`` (``stemmer``: "spanish", "french", ...), cached per word:
    the stemmer runs once per distinct verb form a process meets."""
    return str(_stemmer(stemmer).stemWord(word))


@cache
def _stemmer(name: str) -> Any:
    # Imported on first use: `import nofab` reaches this module, and the stemmers are
    # needed only once an answer is checked (about 10 ms of import otherwise).
    import snowballstemmer

    return snowballstemmer.stemmer(name)


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    hints: frozenset[str] | None  # None: any successful tool grounds the claim
    confidence: float
    #: Sets of other actions that together perform this one (change = delete + create).
    composite: tuple[tuple[str, ...], ...] = ()
    #: Argument names that let a call perform this action whatever its name says: money
    #: moves through a ``payment_id``. Other arguments only say what a call acts on or
    #: with (an ``email`` argument is an address, not a sent e-mail).
    argument_hints: frozenset[str] = frozenset()
    #: Name verbs that move money the other way: a tool named for one of them ("book",
    #: "purchase") takes money, so its payment argument never grounds a refund.
    opposed_by: frozenset[str] = frozenset()


def actions() -> dict[str, Action]:
    return {
        name: Action(
            name=name,
            hints=None if spec["hints"] == "*" else frozenset(spec["hints"]),
            confidence=float(spec["confidence"]),
            composite=tuple(tuple(group) for group in spec.get("composite", ())),
            argument_hints=frozenset(spec.get("argument_hints", ())),
            opposed_by=frozenset(spec.get("opposed_by", ())),
        )
        for name, spec in load("actions").items()
        if not name.startswith("_")
    }


@dataclass(frozen=True, slots=True)
class Language:
    """One language's vocabulary, normalised and compiled."""

    code: str
    patterns: tuple[re.Pattern[str], ...]
    #: Subjectless reports ("Reminder deleted."), matched at sentence starts only.
    reports: tuple[re.Pattern[str], ...]
    #: A further verb joined to a claim of the same sentence ("... and sent a message").
    coordination: tuple[re.Pattern[str], ...]
    verbs: dict[str, str]  # normalised form -> action name
    #: Snowball stem -> action name, for inflections the list lacks (``{verbs_inflected}``).
    stem_verbs: dict[str, str]
    stemmer: str
    #: Words after which an unlisted inflection may stand ("sido", "été"): the pre-filter
    #: beside ``first_words`` for ``{verbs_inflected}``.
    inflection_auxiliaries: frozenset[str]
    particle_objects: frozenset[str]  # "you" in "logged you out"
    first_words: frozenset[str]  # pre-filter: the answer must contain one of these
    negations: frozenset[str]
    negation_prefixes: tuple[str, ...]  # "n'" in French
    negation_suffixes: tuple[str, ...]  # "n't" in English
    clause_breaks: tuple[str, ...]  # "but", "pero": a new clause starts
    #: A reference, not a claim, when it ends right before a claim's subject.
    relative_reference: re.Pattern[str] | None
    subject_starts: tuple[str, ...]  # "i ", "we ": claims whose subject is the speaker
    hedges: tuple[str, ...]
    action_words: frozenset[str]
    request_markers: tuple[str, ...]
    inability: tuple[str, ...]
    titles: frozenset[str]  # "Mr", "Sra", "Mme": a capitalised word after one is a name
    greetings: tuple[str, ...]  # "thank you", "hola": a lone capitalised word after one is a name
    universal: tuple[str, ...]  # "all", "every", "ambos": a claim about every item
    counts: dict[str, int]  # "two", "dos": a claim about that many items


def _alternation(forms: list[str], objects: str = "") -> str:
    """Longest first so "looked up" wins over "looked"; spaces match any whitespace. A
    phrase verb may hold an object pronoun before its last word ("logged you out")."""
    return by_first_letter(_branches(forms, objects))


def _branches(forms: list[str], objects: str = "") -> list[str]:
    """The alternation's branches, longest form first."""
    out = []
    for form in sorted(forms, key=len, reverse=True):
        parts = [re.escape(p) for p in form.split()]
        if len(parts) > 1 and objects:
            out.append(r"\s+".join(parts[:-1]) + rf"(?:\s+(?:{objects}))?\s+" + parts[-1])
        else:
            out.append(r"\s+".join(parts))
    return out


def by_first_letter(branches: list[str]) -> str:
    """``branches`` as one alternation, factored by first letter: ``a(?:dded|pproved)|c(?:...)``.

    Why: ``re`` tries every branch of an alternation in turn, and with IGNORECASE it cannot
    skip a branch on its first letter cheaply, so a few hundred verb forms cost a few
    hundred steps at every position a pattern reaches. Factored, a position tries only the
    forms that start with its letter. The match is the same: a branch whose first letter
    differs from the text's fails at once in the flat alternation too, and within a letter
    the branches keep their order (longest first). Letters that IGNORECASE treats as one
    ("i" and dotless "ı", "s" and long "ſ") share a group, so no text letter reaches two
    groups; a branch that does not start with a plain letter leaves the whole alternation
    flat."""
    if not branches or any(not b[:1].isalpha() for b in branches):
        return "|".join(branches)
    groups: dict[str, list[str]] = {}
    leaders: list[str] = []
    for branch in branches:
        first = branch[0]
        leader = next((c for c in leaders if _same_letter(c, first)), None)
        if leader is None:
            leaders.append(first)
            leader = first
        groups.setdefault(leader, []).append(branch)
    if len(leaders) > 1 and any(_same_letter(a, b) for i, a in enumerate(leaders) for b in leaders[i + 1 :]):
        return "|".join(branches)
    return "|".join(_group(group) for group in groups.values())


@lru_cache(maxsize=4096)
def _same_letter(a: str, b: str) -> bool:
    """Does IGNORECASE let letter ``a`` match ``b``?"""
    return re.fullmatch(re.escape(a), b, re.IGNORECASE) is not None


def _group(branches: list[str]) -> str:
    """One letter's branches; the letter written once when they all share it exactly."""
    if len(branches) == 1:
        return branches[0]
    first = branches[0][0]
    if all(b[0] == first for b in branches):
        return first + "(?:" + "|".join(b[1:] for b in branches) + ")"
    return "(?:" + "|".join(branches) + ")"


def _list(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    return tuple(normalise(w) for w in data.get(key, ()))


def compile_language(code: str, extra_verbs: Mapping[str, str]) -> Language:
    """``code``'s vocabulary, with a profile's own claim verbs (``extra_verbs``: normalised
    form -> action name) added to its ``{verbs}``."""
    data = load(code)
    groups: dict[str, dict[str, str]] = {
        key: {normalise(k): v for k, v in data[key].items()} for key in _VERB_GROUPS if key in data
    }
    if extra_verbs:
        groups["verbs"] = {**groups.get("verbs", {}), **extra_verbs}
    objects = "|".join(re.escape(w) for w in _list(data, "particle_objects"))

    def compiled(templates: list[str]) -> tuple[re.Pattern[str], ...]:
        out = []
        for template in templates:
            filled = template.replace("{" + _INFLECTED + "}", groups_inflected)
            for key in groups:
                if "{" + key + "}" in filled:
                    filled = filled.replace("{" + key + "}", alternations[key])
            out.append(re.compile(filled, re.IGNORECASE))
        return tuple(out)

    alternations = {key: _alternation(list(forms), objects) for key, forms in groups.items()}
    verbs = {form: action for forms in groups.values() for form, action in forms.items()}
    stemmer = str(data.get("stemmer", ""))
    stem_verbs: dict[str, str] = {}
    if stemmer and "verbs" in groups:
        by_stem: dict[str, set[str]] = {}
        for form, action in groups["verbs"].items():
            if " " not in form:
                by_stem.setdefault(stem(stemmer, form), set()).add(action)
        # A stem shared by two actions decides nothing; a short one matches too much.
        stem_verbs = {k: next(iter(v)) for k, v in by_stem.items() if len(v) == 1 and len(k) >= MIN_STEM}
        stems = [re.escape(k) + r"\w*" for k in sorted(stem_verbs, key=len, reverse=True)]
        groups_inflected = by_first_letter(_branches(list(groups["verbs"]), objects) + stems)
    else:
        groups_inflected = _alternation(list(groups.get("verbs", {})), objects)
    relative = data.get("relative_reference")
    return Language(
        code=code,
        patterns=compiled(data["claim_patterns"]),
        reports=compiled(data.get("report_patterns", [])),
        coordination=compiled(data.get("coordination", [])),
        verbs=verbs,
        stem_verbs=stem_verbs,
        stemmer=stemmer,
        inflection_auxiliaries=frozenset(_list(data, "inflection_auxiliaries")),
        particle_objects=frozenset(_list(data, "particle_objects")),
        first_words=frozenset(f.split()[0] for f in verbs),
        negations=frozenset(_list(data, "negations")),
        negation_prefixes=_list(data, "negation_prefixes"),
        negation_suffixes=_list(data, "negation_suffixes"),
        clause_breaks=_list(data, "clause_breaks"),
        relative_reference=re.compile(relative) if relative else None,
        subject_starts=_list(data, "subject_starts"),
        hedges=_list(data, "hedges"),
        action_words=frozenset(_list(data, "action_words")),
        request_markers=_list(data, "request_markers"),
        inability=_list(data, "inability"),
        titles=frozenset(data.get("titles", ())),
        greetings=_list(data, "greetings"),
        universal=_list(data, "universal"),
        counts={normalise(k): int(v) for k, v in data.get("counts", {}).items()},
    )


def contains_phrase(text: str, phrase: str) -> bool:
    """``phrase`` occurs in ``text`` at word boundaries (both already normalised)."""
    start = text.find(phrase)
    while start != -1:
        end = start + len(phrase)
        if (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        start = text.find(phrase, start + 1)
    return False
