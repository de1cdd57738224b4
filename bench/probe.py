"""False-alarm probe beyond the visible corpora: hand-written turns from other domains.

    python bench/probe.py                          # every probe, this tree's nofab, default policy
    python bench/probe.py --dir tests/fixtures/probe2   # one probe only
    python bench/probe.py --src /work/wt/names/src # another source tree, read-only
    python bench/probe.py --json out.json          # also save the outcome for --diff
    python bench/probe.py --diff main.json names.json
    python bench/probe.py --threshold 0.5          # also the findings below the default bar

Eleven probes, each a folder of hand-written fixtures:

- ``tests/fixtures/probe/`` covers domains τ-bench and ToolTalk do not (shops, banking,
  calendars, weather, travel, tickets, HR, recipes, search, devops, sports and more) in several
  answer styles and five languages;
- ``tests/fixtures/probe2/`` covers the held-out corpora's own domains in their own formats:
  airline customer service as τ-bench trajectories and assistant conversations as ToolTalk files;
- ``tests/fixtures/probe3/`` is a second, independently written probe of those two domains and
  formats (other voices, markdown tables, recaps, retries, corrections, money and dates in
  several formats), measured blind before any fix;
- ``tests/fixtures/probe4/`` is a third, independently written blind probe of the same two
  domains and formats (full itineraries, price breakdowns, apologies, "I've gone ahead and ...",
  lists of events, alarms and reminders, weather reports, account changes);
- ``tests/fixtures/probe5/`` is a fourth, independently written blind probe of the same two
  domains and formats (gift-card splits, bag fees by membership, refusals checked case by case,
  stock quotes, unit conversions, flight status, shopping lists, answers in three other
  languages);
- ``tests/fixtures/probe6/`` is a fifth, independently written blind probe of the same two
  domains and formats (portfolio and fare tables, conversions between zones and units, exchange
  rates, flight status, masked cards, read-back lists);
- ``tests/fixtures/probe7/`` is a sixth, independently written blind probe of the same two
  domains and formats (recurring series, free gaps in a day, conversions split per day, bag
  allowances by membership, travel certificates, read-backs of recipients);
- ``tests/fixtures/probe8/`` is a seventh, independently written blind probe of the same two
  domains and formats (bag allowances per trip, delay compensation, alarms and messages in Spanish,
  currency conversion with decimal commas, stock watchlists, weekend forecasts and inboxes),
  measured blind at the fifth and sixth sessions' starts before it was unsealed;
- ``tests/fixtures/probe9/`` is an eighth, independently written blind probe of the same two
  domains and formats (bag totals by membership, parallel reservation reads, partial batches,
  stock depots and recipes in other languages, weather compared across cities), measured blind
  twice in the sixth session before it was unsealed;
- ``tests/fixtures/probe10/`` is a ninth, independently written blind probe of the same two
  domains and formats, the writer asked for more varied styles (fare comparisons, layovers, gains
  derived from the user's own figures, paces, averages, tables with a total row, French, German,
  Spanish and Portuguese turns), measured blind three times (at the sixth session's fixes and at
  the seventh session's start: 12/30 clean files flagged, 19/30 twins caught) before it was
  unsealed;
- ``tests/fixtures/probe11/`` is a tenth, independently written blind probe of the same two
  domains and formats (another airline and policy, Italian among five other languages, more
  tools), measured blind twice (13/30 clean files flagged, 22/30 twins caught at ``453c572`` and
  again after the eighth session's first fixes of probe10, which moved neither figure) before it
  was unsealed;
- ``tests/fixtures/probe12/`` is an eleventh, independently written blind probe of the same two
  domains and formats (another airline, Dutch and Italian among six other languages, health
  data, certificates), measured blind three times (9/30 clean files flagged, 16/30 twins caught
  at ``c210c5f``, ``09631a9`` and ``2005543``: not one of its 44 findings changed) and unsealed
  in the ninth session once probe13 existed; not in the default run (``--dir`` it): 4/30 and
  21/30 after that session's fixes;
- ``tests/fixtures/probe13/`` is a twelfth, independently written blind probe of the same two
  domains and formats (Sable Coast Airlines, four other languages), measured blind three times
  (9/30 clean files flagged, 19/30 twins caught at ``fc2c156``, after the ninth session's twelve
  probe12 fixes, and at ``15ed5ef``) and unsealed in the tenth session once probe14 existed; not
  in the default run (``--dir`` it): 1/30 and 27/30 after that session's fixes. Its one flagged
  clean file is not clean: an answer names an "Amex ending in 4005" no record holds;
- ``tests/fixtures/probe14/`` is a thirteenth, independently written blind probe of the same two
  domains and formats (Kestrel Air, six turns in German, French, Italian, Spanish and
  Portuguese, more answer styles), measured blind three times (11/30 clean files flagged at
  ``15ed5ef``, ``9a1d71c`` and ``bf270bf``: the tenth session's probe13 fixes moved 1 of its 57
  findings; twins caught 22, 23, 24 of 30) and unsealed once probe15 existed; not in the
  default run: 3/30 and 24/30 after that session's fixes;
- ``tests/fixtures/probe15/`` is a fourteenth, independently written blind probe, its writer
  asked for answers that read like real production model outputs rather than puzzles
  (Larkspur Air, five turns in five other languages), measured blind as totals only (4/30 clean
  files flagged, 25/30 twins caught at ``15ed5ef``; 3/30 and 25/30 at ``bf270bf`` and at
  ``d059396``) and unsealed in the eleventh session once probe16 existed; not in the default run:
  0/30 and 28/30 after that session's fixes;
- ``tests/fixtures/probe16/`` is a fifteenth, independently written blind probe, realistic
  answers again (Halcyon Air; one turn each in Spanish, Portuguese, French, German and
  Italian), measured blind as totals only (5/30 clean files flagged, 24/30 twins caught at
  ``d059396``; 5/30 and 25/30 at ``0486aad``) and unsealed in the twelfth session once probe17
  existed; not in the default run: 0/30 and 29/30 after that session's fixes;
- ``tests/fixtures/probe17/`` is a sixteenth, independently written blind probe, its writer
  asked to imitate real gpt-4o traffic closely (τ-bench's own airline policy and result
  shapes, 20 airline and 10 assistant conversations, all English but one Spanish and one
  German; several multi-turn recaps), measured blind as totals only (6/30 clean files flagged,
  10/80 clean turns, 25/30 twins caught at ``0486aad`` and at ``49bbab1``) and unsealed in the
  thirteenth session once probe18 existed; not in the default run. Three of its clean files
  name a card's last four digits that no message of the conversation holds (the writer's own
  slips, rightly flagged);
- ``tests/fixtures/probe18/`` is a seventeenth, independently written blind probe (the same
  brief as probe17: 15 airline and 15 assistant conversations, all English but one French and
  one Portuguese), **sealed**: not in the default run, measured only as totals with ``--dir``
  (7/30 clean files flagged, 7/62 clean turns, 24/30 twins caught at ``49bbab1``). Unseal it
  only once a newer sealed probe exists.

In each, ``clean/`` holds answers that are fully grounded in their own evidence; ``dirty/`` holds
twins of some of them with exactly one fabrication each (a turn's ``metadata.probe``, or a
transcript's top-level ``probe`` key, says which). A file is a turn or a transcript in any format
the adapters read; every assistant text in it is checked.

Every turn runs with the default policy (threshold 0.8, no profile, no plugins). The probe
prints each clean file with a blocking finding (detector, kind, identifier, confidence,
reason), each dirty twin with none, and the totals. It measures generalization only because
nothing here was tuned on: add fixtures, never edit one to make a detector pass.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
PROBE = FIXTURES / "probe"
PROBE2 = FIXTURES / "probe2"
PROBE3 = FIXTURES / "probe3"
PROBE4 = FIXTURES / "probe4"
PROBE5 = FIXTURES / "probe5"
PROBE6 = FIXTURES / "probe6"
PROBE7 = FIXTURES / "probe7"
PROBE8 = FIXTURES / "probe8"
PROBE9 = FIXTURES / "probe9"
PROBE10 = FIXTURES / "probe10"
PROBE11 = FIXTURES / "probe11"
#: every probe the default run reports, by name
PROBES: dict[str, Path] = {
    "probe": PROBE,
    "probe2": PROBE2,
    "probe3": PROBE3,
    "probe4": PROBE4,
    "probe5": PROBE5,
    "probe6": PROBE6,
    "probe7": PROBE7,
    "probe8": PROBE8,
    "probe9": PROBE9,
    "probe10": PROBE10,
    "probe11": PROBE11,
}


@dataclass(frozen=True)
class Hit:
    """One blocking finding, reduced to what a reader needs to judge it."""

    turn: str
    detector: str
    kind: str
    identifier: str
    confidence: float
    reason: str


@dataclass
class Outcome:
    """The probe's result for one fixture file."""

    name: str
    side: str  # "clean" or "dirty"
    note: str
    turns: int
    hits: list[Hit] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: dirty twins only: hits their clean twin also gets (a false alarm is not a catch)
    inherited: list[Hit] = field(default_factory=list)
    #: which probe (fixture folder) the file belongs to
    probe: str = "probe"

    @property
    def flagged(self) -> bool:
        """Clean: any blocking finding. Dirty: a blocking finding the clean twin does not get."""
        return bool(self.hits)


def fixture_files(root: Path = PROBE) -> dict[str, list[Path]]:
    """{"clean": [...], "dirty": [...]}: the fixture files, sorted by name."""
    return {side: sorted((root / side).glob("*.json")) for side in ("clean", "dirty")}


def _note(obj: Any) -> str:
    # A transcript object carries its note as a top-level "probe" key the adapters ignore; a turn
    # carries it in metadata (a ToolTalk file's metadata is context, so the note must not go there).
    if isinstance(obj, dict):
        if isinstance(obj.get("probe"), str):
            return str(obj["probe"])
        meta = obj.get("metadata") or {}
        return str(meta.get("probe", "")) if isinstance(meta, dict) else ""
    return "transcript"


def check_file(path: Path, side: str, threshold: float = 0.8) -> Outcome:
    """Run every turn of one fixture file through a default guard (at ``threshold``)."""
    from nofab import Guard, Policy
    from nofab.adapters import extract_turns

    obj = json.loads(path.read_text(encoding="utf-8"))
    extracted = extract_turns(obj)
    outcome = Outcome(name=path.stem, side=side, note=_note(obj), turns=len(extracted))
    guard = _guard(Guard, Policy, threshold)
    for item in extracted:
        verdict = guard.check(item.turn)
        outcome.errors.extend(f"{item.where or 'turn'}: {e}" for e in verdict.detector_errors)
        for f in verdict.blocking:
            outcome.hits.append(
                Hit(item.where or "turn", f.detector, f.kind, f.identifier, round(f.confidence, 3), f.reason)
            )
    return outcome


_GUARDS: dict[tuple[int, float], Any] = {}


def _guard(guard_type: Any, policy_type: Any, threshold: float) -> Any:
    # One guard for the whole run: building one loads lexicons, and the probe checks ~100 turns.
    key = (id(guard_type), threshold)
    if key not in _GUARDS:
        _GUARDS[key] = guard_type(policy_type(load_plugins=False, threshold=threshold))
    return _GUARDS[key]


def _key(hit: Hit) -> tuple[str, str, str, str]:
    return (hit.turn, hit.detector, hit.kind, hit.identifier)


def run(root: Path = PROBE, threshold: float = 0.8, probe: str | None = None) -> list[Outcome]:
    """Every fixture file's outcome, clean ones first.

    A dirty twin counts as caught only by a finding its clean twin does not also get: a
    false alarm that both share says nothing about the fabrication.
    """
    outcomes = [check_file(p, side, threshold) for side, paths in fixture_files(root).items() for p in paths]
    for o in outcomes:
        o.probe = probe or root.name
    clean = {o.name: {_key(h) for h in o.hits} for o in outcomes if o.side == "clean"}
    for o in outcomes:
        if o.side == "dirty" and o.name in clean:
            o.inherited = [h for h in o.hits if _key(h) in clean[o.name]]
            o.hits = [h for h in o.hits if _key(h) not in clean[o.name]]
    return outcomes


def describe(hit: dict[str, Any]) -> str:
    """One finding on one line: detector/kind 'identifier' @confidence: reason."""
    return f"{hit['detector']}/{hit['kind']} {hit['identifier']!r} @{hit['confidence']}: {hit['reason']}"


def report(outcomes: Sequence[Outcome]) -> str:
    """The human-readable listing: false alarms, missed twins, totals."""
    lines: list[str] = []
    clean = [o for o in outcomes if o.side == "clean"]
    dirty = [o for o in outcomes if o.side == "dirty"]
    flagged = [o for o in clean if o.flagged]
    missed = [o for o in dirty if not o.flagged]
    lines.append(f"clean files flagged ({len(flagged)}):")
    for o in flagged:
        lines.append(f"  {o.name}  [{o.note}]")
        for h in o.hits:
            lines.append(f"    {h.turn}: {describe(asdict(h))}")
    lines.append(f"dirty twins missed ({len(missed)}):")
    for o in missed:
        shared = (
            f" (only its clean twin's findings: {', '.join(repr(h.identifier) for h in o.inherited)})"
            if o.inherited
            else ""
        )
        lines.append(f"  {o.name}  [{o.note}]{shared}")
    errors = [(o.name, e) for o in outcomes for e in o.errors]
    if errors:
        lines.append(f"detector errors ({len(errors)}):")
        lines.extend(f"  {n}: {e}" for n, e in errors)
    tally = collections.Counter(
        f"{h.detector}/{h.kind}" for o in flagged for h in {(h.detector, h.kind): h for h in o.hits}.values()
    )
    if tally:
        lines.append(
            "false alarms by detector/kind (files): " + ", ".join(f"{k} {n}" for k, n in tally.most_common())
        )
    clean_turns = sum(o.turns for o in clean)
    flagged_turns = len({(o.name, h.turn) for o in flagged for h in o.hits})
    lines.append(
        f"clean: {len(flagged)} of {len(clean)} files flagged "
        f"({flagged_turns} of {clean_turns} turns); "
        f"dirty: {len(dirty) - len(missed)} of {len(dirty)} twins caught"
    )
    return "\n".join(lines)


def diff(before: dict[str, Any], after: dict[str, Any]) -> str:
    """What changed between two saved runs (``--json``): newly flagged/passed, caught/missed."""

    def index(run: dict[str, Any]) -> dict[tuple[str, str, str], dict[str, Any]]:
        return {(o.get("probe", "probe"), o["side"], o["name"]): o for o in run["outcomes"]}

    a, b = index(before), index(after)
    lines = [f"{before['src']}  ->  {after['src']}"]
    for key in sorted(a.keys() | b.keys()):
        old, new = a.get(key), b.get(key)
        was = bool(old and old["hits"])
        now = bool(new and new["hits"])
        hits_changed = old is not None and new is not None and old["hits"] != new["hits"]
        if was == now and not hits_changed:
            continue
        probe, side, name = key
        if side == "clean":
            label = (
                "newly FLAGS"
                if now and not was
                else "newly passes"
                if was and not now
                else "flags differently"
            )
        else:
            label = (
                "newly catches"
                if now and not was
                else "newly MISSES"
                if was and not now
                else "catches differently"
            )
        where = f"{side}/{name}" if probe == "probe" else f"{probe}:{side}/{name}"
        lines.append(f"  {where}: {label}")
        for tag, item in (("-", old), ("+", new)):
            for h in (item or {}).get("hits", []):
                lines.append(f"    {tag} {describe(h)}")
    if len(lines) == 1:
        lines.append("  no change")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, help="run against this source tree (put first on sys.path)")
    parser.add_argument(
        "--threshold",
        type=float,
        default=0.8,
        help="blocking threshold (0.8, the default policy's; 0.5 shows what sits below it)",
    )
    parser.add_argument(
        "--dir", type=Path, help="run only this fixture folder (default: every probe, totals per probe)"
    )
    parser.add_argument("--json", type=Path, help="also write the outcome here (for --diff)")
    parser.add_argument(
        "--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"), help="compare two --json files"
    )
    args = parser.parse_args(argv)
    if args.diff:
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in args.diff)
        print(diff(before, after))
        return
    if args.src:
        if not (args.src / "nofab").is_dir():
            parser.error(f"--src {args.src}: no nofab package there")
        sys.path.insert(0, str(args.src.resolve()))
    import nofab

    roots = {args.dir.resolve().name: args.dir} if args.dir else PROBES
    for root in roots.values():
        if not (root / "clean").is_dir():
            parser.error(f"--dir {root}: no clean/ folder there")
    print(f"nofab from {Path(nofab.__file__).parent}")
    outcomes: list[Outcome] = []
    totals: list[str] = []
    for name, root in roots.items():
        found = run(root, threshold=args.threshold, probe=name)
        outcomes.extend(found)
        text = report(found)
        print(f"== {name} ({root})")
        print(text)
        totals.append(f"  {name}: {text.splitlines()[-1]}")
    if len(roots) > 1:
        print("== totals per probe")
        print("\n".join(totals))
    if args.json:
        payload = {
            "src": str(args.src or Path(nofab.__file__).parents[1]),
            "outcomes": [asdict(o) for o in outcomes],
        }
        args.json.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
