"""Policy (what the guard does with findings) and Profile (a domain's lexicons).

A policy is about enforcement: mode, threshold, which detectors run, what a detector
error means. A profile is about vocabulary: identifier keys, tool names and aliases,
trigger keywords, extra claim verbs. Both are immutable and load from TOML or JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

from nofab.errors import PolicyError, ProfileError

if TYPE_CHECKING:
    from pathlib import Path  # a type only: loaded by from_file (pathlib costs ~3 ms to import)

Mode = Literal["off", "observe", "flag", "wipe", "revise", "refuse"]
MODES: tuple[str, ...] = get_args(Mode)

#: Findings at or above this confidence trip flag, wipe, revise and refuse.
DEFAULT_THRESHOLD = 0.8

#: What replaces a refused answer.
DEFAULT_ENVELOPE = (
    "I can't confirm parts of my previous answer from what my tools actually returned, "
    "so I won't state them. Please ask again and I'll re-check with the tools."
)


@dataclass(frozen=True)
class Policy:
    """How the guard acts on findings."""

    mode: Mode = "observe"
    threshold: float = DEFAULT_THRESHOLD
    #: Detector ids to run; ``None`` runs every registered detector.
    detectors: tuple[str, ...] | None = None
    #: Detector ids never to run (applied after ``detectors``).
    disabled: tuple[str, ...] = ()
    #: ``report``: a failing detector becomes a ``detector_error`` in the verdict;
    #: ``raise``: it propagates as ``DetectorFailedError``.
    on_detector_error: Literal["report", "raise"] = "report"
    #: A detector that failed (or an input cut to its limit) means the answer was not fully
    #: checked. ``refuse`` (fail closed, the default): every blocking mode blocks it anyway,
    #: with the reason — flag adds the note to the flag block, wipe keeps nothing, refuse and
    #: revise refuse. ``pass`` judges it on what the other detectors found. (The name is
    #: historical: it applies to flag and wipe as well.)
    on_error_in_refuse: Literal["refuse", "pass"] = "refuse"
    #: What ``revise`` does when the revision still fails (or no reviser was given).
    revise_fallback: Literal["flag", "refuse"] = "refuse"
    max_revisions: int = 1
    envelope: str = DEFAULT_ENVELOPE
    load_plugins: bool = True
    #: A detector stops after this many findings in one turn (the verdict says so): a
    #: hostile 1 MB answer of invented numbers must not cost a million findings.
    max_findings_per_detector: int = 100
    #: Input limits (see SECURITY.md). Past one, ``on_oversize="error"`` raises
    #: ``InputTooLargeError``; ``"truncate"`` checks only what fits, says so in the
    #: verdict, and in refuse mode refuses (fail closed) unless ``on_error_in_refuse="pass"``.
    max_answer_chars: int = 1_000_000
    max_tool_calls: int = 10_000
    max_evidence_chars: int = 50_000_000
    on_oversize: Literal["error", "truncate"] = "error"

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise PolicyError(f"unknown mode {self.mode!r}; expected one of {list(MODES)}", "mode")
        if (
            isinstance(self.threshold, bool)
            or not isinstance(self.threshold, (int, float))
            or not (0.0 <= float(self.threshold) <= 1.0)
        ):
            raise PolicyError(f"must be a number in [0, 1], got {self.threshold!r}", "threshold")
        if self.on_detector_error not in ("report", "raise"):
            raise PolicyError("must be 'report' or 'raise'", "on_detector_error")
        if self.on_error_in_refuse not in ("refuse", "pass"):
            raise PolicyError("must be 'refuse' or 'pass'", "on_error_in_refuse")
        if self.revise_fallback not in ("flag", "refuse"):
            raise PolicyError("must be 'flag' or 'refuse'", "revise_fallback")
        if not isinstance(self.max_revisions, int) or not 0 <= self.max_revisions <= 10:
            raise PolicyError("must be an integer in [0, 10]", "max_revisions")
        for name in ("max_findings_per_detector", "max_answer_chars", "max_tool_calls", "max_evidence_chars"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise PolicyError("must be a positive integer", name)
        if self.on_oversize not in ("error", "truncate"):
            raise PolicyError("must be 'error' or 'truncate'", "on_oversize")

    def digest(self) -> str:
        """SHA-256 of the canonical JSON form, to record which policy produced a verdict."""
        return _digest(asdict(self))


@dataclass(frozen=True)
class Profile:
    """A domain's vocabulary. Every field is optional and purely additive to the built-ins."""

    name: str = "default"
    #: Extra identifier keys (``ticket_id``, ``incident_id``) beside the built-in lexicon.
    identifier_keys: tuple[str, ...] = ()
    #: tool name -> words in a user request that mean "do this" (any language).
    tool_trigger_keywords: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Every tool the agent could have (for phantom-tool checks).
    known_tools: tuple[str, ...] = ()
    #: alias (as the answer may write it) -> real tool name.
    tool_aliases: Mapping[str, str] = field(default_factory=dict)
    #: Regexes whose hits count as quantitative content (bulk-failure check).
    quantitative_patterns: tuple[str, ...] = ()
    #: Extra claim verbs: past-tense verb (or participle) -> tool-name parts that ground it.
    claim_verbs: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Per-kind thresholds that override the policy threshold for that kind.
    thresholds: Mapping[str, float] = field(default_factory=dict)
    #: Strings always treated as grounded (product names, your support address...).
    allowlist: tuple[str, ...] = ()
    #: Match trigger keywords without accents ("grafica" matches "gráfica").
    accent_insensitive: bool = False
    #: Per-detector settings, keyed by detector id (patterns, allow-lists, thresholds).
    rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # -- record attribution (detector ``attribution``; see ``nofab.evidence.records``) --
    #: Phrase after a number ("rebounds", "percent from the field") -> the record fields it
    #: speaks of; an entry "A/B" names a made/attempted or won/lost pair ("8-of-15 shooting").
    field_aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Number words counted when a field phrase follows them ("six assists", "a steal").
    number_words: Mapping[str, float] = field(default_factory=dict)
    #: Keys that name a record; empty means: guess from the key (``*name``, ``*_id``...).
    name_fields: tuple[str, ...] = ()
    #: Field pairs ("TEAM-WINS/TEAM-LOSSES") an unlabelled "N-M" may state for one record.
    pair_fields: tuple[str, ...] = ()
    #: Names of the domain (teams, players) that must be in this turn's records when mentioned.
    known_entities: tuple[str, ...] = ()
    #: Weekday names, Monday first, checked against the dates in records.
    weekdays: tuple[str, ...] = ()
    #: ``strptime`` formats of the dates in records ("%m_%d_%y").
    date_formats: tuple[str, ...] = ()
    #: Derived fields: name -> fields summed into it (a half's score from its quarters).
    field_sums: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Extra error prefixes meaning "a guard refused the call" (beside BLOCKED:, DUPLICATE:, ...).
    guard_block_prefixes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name, value in self.thresholds.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise ProfileError(f"must be a number in [0, 1], got {value!r}", f"thresholds.{name}")
        for i, pattern in enumerate(self.quantitative_patterns):
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ProfileError(f"is not a valid regex: {exc}", f"quantitative_patterns[{i}]") from None
        if self.weekdays and len(self.weekdays) != 7:
            raise ProfileError(f"must list 7 names, Monday first, got {len(self.weekdays)}", "weekdays")
        for i, pair in enumerate(self.pair_fields):
            if len(pair.split("/")) != 2 or not all(pair.split("/")):
                raise ProfileError(f"must be 'FIELD_A/FIELD_B', got {pair!r}", f"pair_fields[{i}]")

    def threshold_for(self, kind: str, default: float) -> float:
        return float(self.thresholds.get(kind, default))

    def digest(self) -> str:
        return _digest(_plain(self))

    @classmethod
    def from_dict(cls, data: Any, where: str = "profile") -> Profile:
        """Validate a decoded profile; unknown keys are errors (a typo must not pass silently)."""
        if not isinstance(data, Mapping):
            raise ProfileError("must be an object/table", where)
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ProfileError(f"unknown key(s) {unknown}; expected some of {sorted(known)}", where)
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            path = f"{where}.{key}"
            if key in ("name",):
                kwargs[key] = _str(value, path)
            elif key == "accent_insensitive":
                if not isinstance(value, bool):
                    raise ProfileError("must be true or false", path)
                kwargs[key] = value
            elif key in (
                "identifier_keys",
                "known_tools",
                "quantitative_patterns",
                "allowlist",
                "name_fields",
                "pair_fields",
                "known_entities",
                "weekdays",
                "date_formats",
            ):
                kwargs[key] = _str_tuple(value, path)
            elif key == "guard_block_prefixes":
                kwargs[key] = _str_tuple(value, path)
                for i, prefix in enumerate(kwargs[key]):
                    if not prefix.strip():
                        raise ProfileError("must be a non-empty string", f"{path}[{i}]")
            elif key in ("tool_trigger_keywords", "claim_verbs", "field_aliases", "field_sums"):
                kwargs[key] = MappingProxyType(
                    {str(k): _str_tuple(v, f"{path}.{k}") for k, v in _mapping(value, path).items()}
                )
            elif key == "tool_aliases":
                kwargs[key] = MappingProxyType(
                    {str(k): _str(v, f"{path}.{k}") for k, v in _mapping(value, path).items()}
                )
            elif key == "number_words":
                kwargs[key] = MappingProxyType(
                    {str(k): _number(v, f"{path}.{k}") for k, v in _mapping(value, path).items()}
                )
            elif key == "thresholds":
                kwargs[key] = MappingProxyType(dict(_mapping(value, path)))
            elif key == "rules":
                kwargs[key] = MappingProxyType(
                    {
                        str(k): MappingProxyType(dict(_mapping(v, f"{path}.{k}")))
                        for k, v in _mapping(value, path).items()
                    }
                )
        return cls(**kwargs)

    @classmethod
    def from_file(cls, path: str | Path) -> Profile:
        """Load a profile from a ``.toml`` or ``.json`` file."""
        from pathlib import Path

        file = Path(path)
        try:
            raw = file.read_bytes()
        except OSError as exc:
            raise ProfileError(f"cannot be read: {exc.strerror}", str(file)) from None
        import tomllib  # only profile files need it

        try:
            if file.suffix.lower() == ".toml":
                data: Any = tomllib.loads(raw.decode("utf-8"))
            else:
                data = json.loads(raw)
        except (tomllib.TOMLDecodeError, json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ProfileError(
                f"is not valid {file.suffix.lstrip('.') or 'JSON'}: {exc}", str(file)
            ) from None
        try:
            return cls.from_dict(data, where=file.name)
        except ProfileError as exc:
            # Errors read ``FILE: FIELD.PATH: message``, as turn errors do; checks run after
            # parsing (thresholds, patterns) name no file, so it is added here.
            field = exc.where.removeprefix(file.name).lstrip(".")
            raise ProfileError(exc.detail, f"{file}: {field}" if field else str(file)) from None


def _plain(value: Any) -> Any:
    if isinstance(value, Profile):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _digest(data: Any) -> str:
    import hashlib  # OpenSSL's loader costs ~2 ms: paid by the first digest, not by `import nofab`

    canonical = json.dumps(_plain(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ProfileError(f"must be a string, got {type(value).__name__}", where)
    return value


def _str_tuple(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise ProfileError("must be a list of strings", where)
    return tuple(_str(v, f"{where}[{i}]") for i, v in enumerate(value))


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProfileError(f"must be a number, got {type(value).__name__}", where)
    return float(value)


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ProfileError("must be an object/table", where)
    return cast(Mapping[str, Any], value)
