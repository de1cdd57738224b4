"""Quality figures on external data: the accuracy shared task and injected fabrications.

    python bench/quality.py                      # print the figures
    python bench/quality.py --write docs/quality.md

1. INLG 2021 accuracy shared task, training split (60 generated game reports): nofab with
   ``examples/profiles/boxscore.toml`` marks errors; scored as the task scores them
   (``scoring``): recall and precision overall, for NUMBER and for NAME.
2. Fabrication injection into real agent traffic (τ-bench airline trajectories with
   ``examples/profiles/airline.toml``, ToolTalk conversations with no profile): per mutation
   type (``bench/injection.py``), the share of mutants with a finding at the default threshold
   overlapping the injected claim; on the untouched turns, the share with any finding at the
   default threshold, and the most common false-positive patterns.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import nofab
from corpora import tau_bench_turns, tooltalk_corpus
from nofab import Guard, Policy, Profile, Turn
from nofab.config.policy import DEFAULT_THRESHOLD
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from scoring import Mark, score

sys.path.insert(0, str(Path(__file__).resolve().parent))

import injection
import shared_task

#: ToolTalk replies are written by people and grounded by construction, but a few are wrong.
#: Read by hand: (conversation turn, flagged text) -> what the reply gets wrong, or why the flag is ours.
TOOLTALK_REVIEW = {
    ("Alarm-Calendar-Email-DeleteAlarm-1.json turn 3", "4:00 PM"): (
        "real mistake in the data: the reply says the dentist appointment is at 4:00 PM; "
        "QueryCalendar gives its start_time as 2023-09-11 15:00:00 (3:00 PM)"
    ),
    ("golden_conversation_3.json turn 3", "650-555-7832"): (
        "real mistake in the data: the reply gives Hugo's phone number as 650-555-7832; "
        "QueryUser returned 402-581-7997 for him (user salcano)"
    ),
    ("GetAccountInformation-easy.json turn 1", "VirgniaJGraham@gahoo.com"): (
        "real mistake in the data: the reply misspells the e-mail address; GetAccountInformation "
        "returned VirginiaJGraham@gahoo.com"
    ),
    ("Alarm-Calendar-Email-DeleteAlarm-1.json turn 5", "I've changed"): (
        "false positive: the alarm was changed by AddAlarm + DeleteAlarm, "
        "which `claims` does not map to 'changed'"
    ),
    ("Email-Messages-Reminder-SendEmail-2.json turn 1", "August 12"): (
        "false positive: a date range derived from 'the past month' and the conversation date"
    ),
}

Recall = dict[str, dict[str, tuple[int, int]]]
Patterns = dict[str, list[tuple[str, int, str]]]
Flagged = list[tuple[str, str]]
Missed = dict[str, dict[str, list[tuple[str, int]]]]
#: corpus -> mutation -> [(detectors whose findings at the threshold overlap the injected claim, count)]
FoundBy = dict[str, dict[str, list[tuple[str, int]]]]
#: (corpus, profile) -> (untouched turns with any attribution finding at any confidence, turns)
Quiet = dict[tuple[str, str], tuple[int, int]]


@dataclass
class Injection:
    recall: Recall
    untouched: dict[str, tuple[int, int]]
    patterns: Patterns
    flagged: Flagged
    missed: Missed
    found_by: FoundBy
    quiet: Quiet


#: Why injected claims are missed, read by hand from the misses listed in the report (kept
#: in step with the figures: re-read them when a detector changes).
MISS_NOTES = {
    "number_changed": (
        "the few τ-bench misses left are numbers the evidence holds in the same role by coincidence "
        "(a changed fare equal to another fare of the search, a changed hour count equal to another "
        "number of the policy text): presence cannot tell them apart. `attribution` catches the changed "
        "value where the answer ties it to a record (a labelled price or seat count under a flight), "
        'not a payment line ("Visa ending in 7447: $54"), a policy figure or a total. Money is held '
        "to amounts (a price field, a $ sign, a calculator result) and derivations combine only "
        "related fields, which is what lifted this row"
    ),
    "claimed_action": (
        "the appended action is taken as done by a tool of the same turn that can do it to the same "
        'kind of thing: "refunded the fee" after a cancel_reservation or an update with a payment '
        'method, "notified your manager" after SendMessage. Claims grounded only by an earlier '
        "turn's call, or by a tool acting on another kind of thing (DeleteReminder for \"your "
        'booking"), are caught'
    ),
    "name_swapped": (
        "ToolTalk runs with no profile, and `attribution` checks capitalised words only with "
        "`proper_names` on; with it on, 3 of the 5 ToolTalk swaps are found, but 3 untouched ToolTalk "
        'turns get a finding ("Dealz", "Rainbow", "Friday", "Lucy", "Jose"), over the 1% target. '
        "The 2 τ-bench misses were not traced"
    ),
    "failed_as_success": (
        "mutants are made only where the answer uses the failed tool's verb in the past (so it "
        "reports the action). A claim naming the failed item (its reservation id) is caught even "
        "when another call of the same tool succeeded; misses are answers that report the action "
        'in words the claim lexicon does not read as a completed action ("Your booking is '
        'confirmed!", "Reminder deleted."), or name nothing the failed call was about'
    ),
}

ROOT = Path(__file__).resolve().parent.parent
PROFILES = ROOT / "examples" / "profiles"


def shared_task_figures(data: Path, floor: float) -> list[tuple[str, str, float, float, int, int, int]]:
    folder = data / "accuracy-shared-task"
    guard = Guard(Policy(), Profile.from_file(PROFILES / "boxscore.toml"))
    gold = shared_task.gold(folder)
    rows: list[tuple[str, str, float, float, int, int, int]] = []
    by_floor: dict[float, list[Mark]] = {floor: [], DEFAULT_THRESHOLD: []}
    for game in shared_task.games(folder):
        assessment = guard.assess(game.turn())
        for cut, marks in by_floor.items():
            kept = [f for f in assessment.findings if f.confidence >= cut]
            marks.extend(shared_task.marks(game.doc, kept, assessment.evidence.answer))
    for cut, marks in by_floor.items():
        for category in (None, "NUMBER", "NAME"):
            s = score(gold, marks, category)
            rows.append(
                (f"≥ {cut:g}", category or "overall", s.recall, s.precision, s.found, s.gold, s.submitted)
            )
    return rows


def _overlaps(finding: Finding, span: tuple[int, int]) -> bool:
    if finding.whole_turn:
        return True
    return finding.span[0] < span[1] and span[0] < finding.span[1]


def _pattern(finding: Finding) -> str:
    """A false positive's pattern: detector, kind and the reason with its specifics blanked."""
    reason = re.sub(r"'[^']*'|\"[^\"]*\"|\S*\d\S*", "…", finding.reason)
    return f"{finding.detector}/{finding.kind}: {reason[:90]}"


def _why(mutant: injection.Mutant, best: Finding | None, evidence: Evidence) -> str:
    """The best finding on a missed claim, or what kind of turn gave none."""
    if best is not None:
        return f"{best.detector}/{best.kind} at {best.confidence:.2f}"
    if mutant.mutation == "number_changed":
        value = float(mutant.turn.response[mutant.span[0] : mutant.span[1]])
        if evidence.numbers.explains(value, 0) == "percent":
            return "no finding (taken as a percent reading: 100 x or 1/100 of an evidence number)"
        if any(d.derive(value - 0.5, value + 0.5) for _label, d in evidence.derivables):
            return "no finding (taken as derived from tool-result numbers)"
    if mutant.mutation == "failed_as_success":
        *earlier, last = mutant.turn.tool_calls
        if any(c.name == last.name and c.status == "ok" for c in earlier):
            return "no finding (an earlier call of the same tool succeeded this turn)"
        return "no finding (the failed tool was the only call of its name)"
    return "no finding on the span"


def injection_figures(data: Path, seed: int) -> Injection:
    corpora: dict[str, tuple[list[tuple[str, Turn]], Profile]] = {
        "τ-bench": (
            list(tau_bench_turns(data / "tau-bench-airline" / "gpt-4o-airline-dev.json")),
            Profile.from_file(PROFILES / "airline.toml"),
        ),
        "ToolTalk": (list(tooltalk_corpus(data / "tooltalk")), Profile()),
    }
    pool = injection.name_pool(t for turns, _p in corpora.values() for _l, t in turns)
    recall: Recall = {}
    untouched: dict[str, tuple[int, int]] = {}
    patterns: Patterns = {}
    flagged_tooltalk: Flagged = []
    missed: Missed = {}
    found_by: FoundBy = {}
    quiet: Quiet = {}
    for corpus, (turns, profile) in corpora.items():
        guard = Guard(Policy(), profile)
        for name, checked in (("no profile", Profile()), (profile.name, profile))[
            : 1 + (profile.digest() != Profile().digest())
        ]:
            plain = Guard(Policy(), checked)
            noisy = sum(any(f.detector == "attribution" for f in plain.detect(t)) for _l, t in turns)
            quiet[(corpus, name)] = (noisy, len(turns))
        flagged = 0
        counter: collections.Counter[str] = collections.Counter()
        example: dict[str, str] = {}
        for label, turn in turns:
            blocking = guard.assess(turn).blocking
            if blocking:
                flagged += 1
            for finding in blocking:
                if corpus == "ToolTalk":
                    flagged_tooltalk.append((label, finding.identifier))
                key = _pattern(finding)
                counter[key] += 1
                example.setdefault(key, f"{label}: {finding.identifier!r}")
        untouched[corpus] = (flagged, len(turns))
        patterns[corpus] = [(k, n, example[k]) for k, n in counter.most_common(8)]
        per: dict[str, tuple[int, int]] = {}
        why: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
        by: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
        for mutant in injection.mutants(corpus, turns, seed, pool):
            assessment = guard.assess(mutant.turn)
            hit = any(_overlaps(f, mutant.span) for f in assessment.blocking)
            if hit:
                names = sorted({f.detector for f in assessment.blocking if _overlaps(f, mutant.span)})
                by[mutant.mutation][" + ".join(names)] += 1
            found, total = per.get(mutant.mutation, (0, 0))
            per[mutant.mutation] = (found + hit, total + 1)
            if not hit:
                near = [f for f in assessment.findings if _overlaps(f, mutant.span)]
                best = max(near, key=lambda f: f.confidence, default=None)
                why[mutant.mutation][_why(mutant, best, assessment.evidence)] += 1
        recall[corpus] = per
        missed[corpus] = {m: c.most_common(4) for m, c in why.items()}
        found_by[corpus] = {m: c.most_common(4) for m, c in by.items()}
    return Injection(recall, untouched, patterns, flagged_tooltalk, missed, found_by, quiet)


def render(
    shared: Sequence[tuple[str, str, float, float, int, int, int]], inj: Injection, command: str
) -> str:
    recall, untouched, patterns, flagged, missed = (
        inj.recall,
        inj.untouched,
        inj.patterns,
        inj.flagged,
        inj.missed,
    )
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    lines = [
        "# Quality figures",
        "",
        f"Generated by `{command} --write docs/quality.md` on {today} with nofab {nofab.__version__}.",
        f"Print the same figures without writing: `{command}`. Do not edit by hand.",
        "",
        "## Accuracy shared task (INLG 2021), training split",
        "",
        "60 game reports written by neural systems, checked against the box score they were generated",
        "from (`examples/profiles/boxscore.toml`, built from this same training split: these are",
        "in-sample figures). Scored as the task does: token spans, a gold error found when a",
        "submitted span overlaps it, each submitted span used once. Gold errors that no box score",
        "can show (WORD, CONTEXT, and facts from other games) count against recall overall.",
        "",
        "| findings | category | recall | precision | found | gold | submitted |",
        "|---|---|---|---|---|---|---|",
        *(f"| {c} | {cat} | {r:.3f} | {p:.3f} | {f} | {g} | {s} |" for c, cat, r, p, f, g, s in shared),
        "",
        "## Fabrications injected into real agent turns",
        "",
        f"Recall: a finding at the default threshold ({DEFAULT_THRESHOLD}) overlapping the injected claim",
        "(see `bench/injection.py` for each mutation). τ-bench runs with",
        "`examples/profiles/airline.toml`, ToolTalk with no profile.",
        "",
        "| mutation | " + " | ".join(recall) + " |",
        "|---|" + "---|" * len(recall),
    ]
    for mutation in injection.MUTATIONS:
        cells = []
        for corpus in recall:
            found, total = recall[corpus].get(mutation, (0, 0))
            cells.append(f"{found / total:.3f} ({found}/{total})" if total else "n/a")
        lines.append(f"| {mutation} | " + " | ".join(cells) + " |")
    lines += [
        "",
        "Which detectors found them (findings at the threshold overlapping the injected claim):",
        "",
    ]
    for corpus, per_mutation in inj.found_by.items():
        for mutation in injection.MUTATIONS:
            rows = per_mutation.get(mutation, [])
            text = "; ".join(f"{n} × {names}" for names, n in rows) or "none"
            lines.append(f"- {corpus}, {mutation}: {text}")
    lines += ["", "Why injected claims were missed (the best finding on the injected span, if any):", ""]
    for corpus, per_mutation in missed.items():
        for mutation, reasons in per_mutation.items():
            text = "; ".join(f"{n} × {why}" for why, n in reasons)
            lines.append(f"- {corpus}, {mutation}: {text}")
    lines += ["", "What the misses have in common, read by hand:", ""]
    lines += [f"- {mutation}: {note}." for mutation, note in MISS_NOTES.items()]
    lines += [
        "",
        "### Untouched turns",
        "",
        "| corpus | turns with a finding at the threshold |",
        "|---|---|",
    ]
    for corpus, (hits, total) in untouched.items():
        lines.append(f"| {corpus} | {hits / total:.3f} ({hits}/{total}) |")
    lines += [
        "",
        "Untouched turns with any `attribution` finding at any confidence (grounded: should be none):",
        "",
        "| corpus | profile | turns with an attribution finding |",
        "|---|---|---|",
    ]
    for (corpus, name), (hits, total) in inj.quiet.items():
        lines.append(f"| {corpus} | {name} | {hits / total:.3f} ({hits}/{total}) |")
    for corpus, rows in patterns.items():
        lines += ["", f"Top false-positive patterns, {corpus}:", ""]
        lines += [f"- {n} × `{key}` — e.g. {ex}" for key, n, ex in rows] or ["- none"]
    lines += ["", "### Flagged ToolTalk replies, read by hand", ""]
    for label, identifier in flagged:
        note = TOOLTALK_REVIEW.get((label, identifier), "not reviewed yet")
        lines.append(f"- {label}, `{identifier}`: {note}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--floor", type=float, default=0.5, help="lowest confidence submitted to the task")
    parser.add_argument("--write", type=Path, help="also write the report (markdown) here")
    args = parser.parse_args(argv)
    command = f"python bench/quality.py --seed {args.seed} --floor {args.floor:g}"
    shared = shared_task_figures(args.data, args.floor)
    report = render(shared, injection_figures(args.data, args.seed), command)
    print(report)
    if args.write:
        args.write.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
