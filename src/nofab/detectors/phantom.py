"""Tools the answer relies on that gave it nothing: tools cited by name that never ran
this turn (``phantom_tool``) and paragraphs that lean on a tool that failed, was refused or
came back empty (``unavailable_tool_reference``).

A tool is cited as its bare name (``get_weather``, ``getWeather``), as its readable form
("get weather", only for names of two parts or more) or as a profile alias. Names the
registry does not know count as tools only when they look like one: snake or camel case
whose first part is a tool verb (``search_papers``, ``searchPapers``), written as a call
(``search_papers()``) or next to a word such as "tool", "called", "checked" or "returned" —
so ``gift_card_5094406``, ``basic_economy`` or a setting (```delete_after```) never do.
Names inside fenced code blocks are code, not citations.

Rules (``profile.rules["tool_references"]``): ``replacements`` (phantom -> real tool, the
suggested replacement reported in the verdict), ``tool_verbs`` (extra first parts),
``ignore`` (names never treated as tools).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from nofab.config.policy import Profile
from nofab.config.rules import Rules
from nofab.detectors.base import DetectorBase
from nofab.evidence.index import Evidence
from nofab.evidence.toolstatus import status_for
from nofab.language import phrases
from nofab.language.lexicon import tool_name_parts
from nofab.model.finding import Finding
from nofab.pipeline.actions import paragraphs

#: First parts that make an unknown snake/camel-case name read as a tool.
TOOL_VERBS = frozenset(
    (  # noqa: SIM905 - one word list reads better than 52 quoted strings
        "get fetch search find list lookup query read load retrieve create add insert update set "
        "delete remove send post put patch run exec execute call invoke book cancel calculate compute "
        "check verify validate scrape crawl browse download upload generate analyze analyse "
        "summarize summarise translate convert transfer schedule notify open close submit web"
    ).split()
)

# A code-like name: snake_case (letters only, 2+ parts) or camelCase. Two patterns, each run
# only when its mark ("_", or a lower-case letter followed by a capital) is in the answer.
_SNAKE = re.compile(r"(?<![\w./@\-])`?([A-Za-z][a-z]*(?:_[a-z]+)+)`?(?:\(\))?(?![\w/@\-])")
_CAMEL = re.compile(r"(?<![\w./@\-])`?([a-z]+(?:[A-Z][a-z]+)+)`?(?:\(\))?(?![\w/@\-])")
#: An ASCII lower-case letter then a capital, looked for in the answer's UTF-8 bytes with
#: every lower-case letter written "a", every capital "A" and every other byte "." (a
#: multi-byte character's bytes are all >= 0x80, so adjacency is the text's): a C-speed
#: ``bytes.translate`` and substring test instead of a regex trying every letter (~4x slower).
_CASE_SHAPES = bytes(0x61 if 0x61 <= b <= 0x7A else 0x41 if 0x41 <= b <= 0x5A else 0x2E for b in range(256))


def _has_camel_mark(text: str) -> bool:
    return b"aA" in text.encode("utf-8", "surrogatepass").translate(_CASE_SHAPES)


# Words that make a code-like name read as a tool the answer relied on ("I checked
# get_weather_forecast", "search_papers returned two hits"); without one, `delete_after` in
# "set `delete_after` to 30" is a setting, not a tool.
_TOOL_CONTEXT = re.compile(
    r"\b(?:tool|tools|function|functions|api|endpoint|call|called|calling|ran|run|used|using|via|"
    r"invoked|queried|checked|consulted|according|returned|returns|reported|reports|results?|says|said|"
    r"shows|showed|found|"
    r"herramienta|outil|werkzeug|ferramenta)\b",
    re.IGNORECASE,
)
_FENCE = re.compile(r"```.*?(?:```|\Z)|~~~.*?(?:~~~|\Z)", re.S)
_ASSIGNED = re.compile(r"`?[ \t]*(?:=|:[ \t]*(?:true|false|yes|no|on|off|\d))", re.IGNORECASE)

CONFIDENCE_BARE = 0.9
CONFIDENCE_NAMED = 0.8  # an alias, or a readable name next to "tool"
CONFIDENCE_READABLE = 0.55  # "get weather" with nothing saying it is a tool
CONFIDENCE_OFFER = 0.5  # "Would you like me to run search_flights?" proposes, claims nothing
CONFIDENCE_RELIES = 0.85  # a paragraph citing an unavailable tool and reporting results
CONFIDENCE_CITES = 0.65  # a paragraph citing an unavailable tool, neutrally
CONFIDENCE_RESULTS = 0.8  # "I found ..." when every tool this turn gave nothing


@dataclass(frozen=True, slots=True)
class Mention:
    span: tuple[int, int]
    text: str
    tool: str  # the tool it names (alias resolved)
    form: str  # bare | alias | readable


class ToolReferenceDetector(DetectorBase):
    """``phantom_tool`` and ``unavailable_tool_reference``."""

    id = "tool_references"
    version = "1"
    kinds = ("phantom_tool", "unavailable_tool_reference")

    def __init__(self, profile: Profile) -> None:
        rules = Rules(profile, self.id, ("replacements", "tool_verbs", "ignore"))
        self.replacements = rules.mapping("replacements")
        self.tool_verbs = TOOL_VERBS | {v.lower() for v in rules.strings("tool_verbs")}
        self.ignore = frozenset(n.lower() for n in rules.strings("ignore"))
        self.registry = frozenset(profile.known_tools) | frozenset(profile.tool_aliases.values())
        self.aliases = {k.lower(): v for k, v in profile.tool_aliases.items()}
        self.replacements_lower = {k.lower(): v for k, v in self.replacements.items()}
        # The registry's part of ``mentions``' name table, built once (each turn adds the
        # names that ran).
        self._known = {n.lower(): n for n in self.registry}

    # ------------------------------------------------------------------ mentions
    def mentions(self, answer: str, ran: tuple[str, ...], norm: str | None = None) -> list[Mention]:
        """Every tool citation in the answer, left to right, without overlaps. ``norm``: the
        answer's ``phrases.normalise`` when the caller has it already."""
        known = self._known
        if ran:
            known = {**known, **{n.lower(): n for n in ran}}
        found: list[Mention] = []
        names: list[re.Match[str]] = []
        if "_" in answer:
            names.extend(_SNAKE.finditer(answer))
        if _has_camel_mark(answer):
            names.extend(_CAMEL.finditer(answer))
        for m in names:
            name = m.group(1)
            low = name.lower()
            span = m.span(1)  # the name itself, without backticks or "()"
            if low in self.ignore:
                continue
            if low in known:
                found.append(Mention(span, name, known[low], "bare"))
            elif low in self.aliases:
                found.append(Mention(span, name, self.aliases[low], "alias"))
            elif self._looks_like_tool(answer, m, name):
                found.append(Mention(span, name, name, "bare"))
        if norm is None:
            norm = phrases.normalise(answer)
        for alias, tool in self.aliases.items():
            for span in _phrase_spans(norm, alias):
                found.append(Mention(span, answer[span[0] : span[1]], tool, "alias"))
        for tool in known.values():
            readable = _readable(tool)
            if readable:
                for span in _phrase_spans(norm, readable):
                    found.append(Mention(span, answer[span[0] : span[1]], tool, "readable"))
        found.sort(key=lambda x: (x.span[0], -x.span[1]))
        # Code blocks show code, they claim nothing.
        fences = [f.span() for f in _FENCE.finditer(answer)] if "```" in answer or "~~~" in answer else []
        out: list[Mention] = []
        for mention in found:
            if out and mention.span[0] < out[-1].span[1]:
                continue
            if any(s <= mention.span[0] < e for s, e in fences):
                continue
            out.append(mention)
        return out

    def _looks_like_tool(self, answer: str, m: re.Match[str], name: str) -> bool:
        parts = tool_name_parts(name)
        if len(parts) < 2 or parts[0] not in self.tool_verbs:
            return False
        if m.group(0).endswith("()"):
            return True  # written as a call
        if _ASSIGNED.match(answer, m.end(1)):
            return False  # "send_emails_async = True", "get_alerts: false": a setting
        # The reliance word must be in the same sentence ("Then run migrate" does not make
        # the setting named in the sentence before a tool).
        start, end = _sentence_bounds(answer, m.start(), m.end())
        window = answer[max(start, m.start() - 40) : min(end, m.end() + 40)]
        return _TOOL_CONTEXT.search(window) is not None

    # ------------------------------------------------------------------ detect
    def detect(self, evidence: Evidence) -> Iterator[Finding]:
        answer = evidence.answer
        status = status_for(evidence)
        ran = evidence.tool_names
        norm = phrases.normalise(answer)
        mentions = self.mentions(answer, ran, norm)
        unavailable = set(status.unavailable)
        if not mentions and not unavailable:
            return  # nothing cited, and no "results" can be checked against failed tools
        cited_paragraphs: set[tuple[int, int]] = set()
        spans = paragraphs(answer)
        for mention in mentions:
            para = _containing(spans, mention.span[0])
            if mention.tool not in ran:
                yield self._phantom(mention, answer, norm)
                cited_paragraphs.add(para)
            elif mention.tool in unavailable:
                finding = self._unavailable(mention, status.state_of_name(mention.tool) or "", norm, para)
                if finding is not None:
                    cited_paragraphs.add(para)
                    yield finding
        if unavailable:
            yield from self._results_without_tools(
                norm, answer, spans, cited_paragraphs, sorted(unavailable), status.ok
            )

    def _phantom(self, mention: Mention, answer: str, norm: str) -> Finding:
        confidence = {"bare": CONFIDENCE_BARE, "alias": CONFIDENCE_NAMED}.get(
            mention.form, CONFIDENCE_READABLE
        )
        if mention.form == "readable":
            window = answer[max(0, mention.span[0] - 30) : mention.span[1] + 30]
            if _TOOL_CONTEXT.search(window):
                confidence = CONFIDENCE_NAMED
        offer = _sentence_has(norm, mention.span, "offers")
        # "I couldn't use search_flights" says the tool was not relied on: honest, not a claim.
        declined = not offer and _sentence_has(norm, mention.span, "failure", question=False)
        if offer or declined:
            confidence = min(confidence, CONFIDENCE_OFFER)
        in_registry = mention.tool in self.registry
        replacement = self.replacements.get(mention.tool) or self.replacements_lower.get(mention.tool.lower())
        reason = f"cites the tool {mention.tool} but no such tool ran this turn"
        if self.registry and not in_registry:
            reason += " (and it is not a known tool)"
        if replacement:
            reason += f"; the real tool is {replacement}"
        if offer:
            reason += "; it is only proposed, not claimed"
        elif declined:
            reason += "; the answer says it was not used or did not work"
        return self.finding(
            "phantom_tool",
            mention.text,
            confidence,
            mention.span,
            reason,
            evidence={
                "tool": mention.tool,
                "form": mention.form,
                "in_registry": in_registry,
                **({"replacement": replacement} if replacement else {}),
            },
        )

    def _unavailable(self, mention: Mention, state: str, norm: str, para: tuple[int, int]) -> Finding | None:
        start, end = para
        # Saying the tool failed is honest reporting, not reliance on it.
        if phrases.contains("failure", norm, start, end):
            return None
        what = {
            "api_failed": "failed",
            "guard_blocked": "was refused by a guard",
            "empty": "returned nothing",
        }
        reports = phrases.contains("results", norm, start, end) or _has_digits(norm, start, end)
        confidence = CONFIDENCE_RELIES if reports else CONFIDENCE_CITES
        reason = f"this paragraph relies on {mention.tool}, which {what.get(state, 'gave nothing')} this turn"
        return self.finding(
            "unavailable_tool_reference",
            mention.text,
            confidence,
            mention.span,
            reason,
            evidence={"tool": mention.tool, "status": state, "reports_results": reports},
        )

    def _results_without_tools(
        self,
        norm: str,
        answer: str,
        spans: list[tuple[int, int]],
        cited: set[tuple[int, int]],
        unavailable: list[str],
        working: tuple[str, ...],
    ) -> Iterator[Finding]:
        """Results reported when nothing could have produced them: every tool gave nothing, or
        the thing found ("3 flights") is what only an unavailable tool (``search_flights``)
        could have found — no working tool's name has that word."""
        nouns = _tool_nouns(unavailable) - _tool_nouns(working)
        if working and not nouns:
            return
        # One scan of the whole answer; a paragraph is looked at only where a phrase is, and
        # yields one finding at most (the paragraph is what a wipe removes).
        done: set[tuple[int, int]] = set(cited)
        for start, end in phrases.find("results", norm):
            para = _containing(spans, start)
            if para in done:
                continue
            if phrases.contains("failure", norm, *para):
                done.add(para)  # the paragraph says the tool failed: honest reporting
                continue
            after = norm[end : end + 16].lstrip(" :,")
            if phrases.negated_before(norm, start) or after.startswith(("no ", "nothing", "none", "0 ")):
                continue
            owners = unavailable
            reason = (
                "reports results, but every tool this turn failed or returned nothing "
                f"({', '.join(unavailable)})"
            )
            if working:
                stop = _SENTENCE_END.search(norm, end)
                sentence = norm[end : stop.start() if stop else para[1]]
                said = {_singular(w) for w in _WORDS.findall(sentence)}
                owners = sorted(t for t in unavailable if said & _tool_nouns([t]))
                if not said & nouns or not owners:
                    continue
                reason = (
                    f"reports {', '.join(sorted(said & nouns))} found, but the only tool that could have "
                    f"found them ({', '.join(owners)}) failed or returned nothing"
                )
            done.add(para)
            yield self.finding(
                "unavailable_tool_reference",
                answer[start:end],
                CONFIDENCE_RESULTS,
                (start, end),
                reason,
                evidence={"unavailable_tools": owners},
            )


#: Name parts that say how a tool works, not what it finds.
_GENERIC_PARTS = frozenset(
    (  # noqa: SIM905 - a word list reads better than quoted strings
        "get fetch search find list lookup query read load retrieve run call check by for the all "
        "api tool data info details result results item items record records"
    ).split()
)
_WORDS = re.compile(r"[a-z]+")


def _singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _tool_nouns(tools: Iterable[str]) -> set[str]:
    """What a tool's name says it finds: "search_flights" -> {"flight"}."""
    return {_singular(part) for tool in tools for part in tool_name_parts(tool) if part not in _GENERIC_PARTS}


@lru_cache(maxsize=1024)
def _readable(tool: str) -> str:
    """ "get weather" for get_weather / getWeather; "" for one-part names (too common as words)."""
    parts = tool_name_parts(tool)
    return " ".join(parts) if len(parts) >= 2 else ""


@lru_cache(maxsize=1024)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(phrase.lower()).replace(r"\ ", r"[\s\-]+") + r"(?!\w)")


def _phrase_spans(norm: str, phrase: str) -> Iterator[tuple[int, int]]:
    if not all(word in norm for word in phrase.split(" ")):
        return  # a word of it is not even there: skip the regex
    for m in _phrase_pattern(phrase).finditer(norm):
        yield m.span()


def _containing(spans: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    for s, e in spans:
        if s <= pos < e:
            return s, e
    return pos, pos + 1


_SENTENCE_END = re.compile(r"[.!?\n]")


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """(start, end) of the sentence around ``text[start:end]`` (a full stop inside a name
    such as "manage.py" is not an end: it must be followed by a space)."""
    left = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start), text.rfind("? ", 0, start))
    rights = [i for i in (text.find(". ", end), text.find("\n", end), text.find("? ", end)) if i != -1]
    return (left + 1 if left != -1 else 0), (min(rights) if rights else len(text))


def _sentence_has(norm: str, span: tuple[int, int], category: str, question: bool = True) -> bool:
    start = 0
    for brk in _SENTENCE_END.finditer(norm, max(0, span[0] - 300), span[0]):
        start = brk.end()
    stop = _SENTENCE_END.search(norm, span[1])
    end = stop.end() if stop else len(norm)
    # A question proposes ("Shall I run search_flights?").
    return (question and norm[end - 1 : end] == "?") or phrases.contains(category, norm, start, end)


def _has_digits(norm: str, start: int, end: int) -> bool:
    return any(c.isdigit() for c in norm[start:end])
