"""Quality figures on external data, per fixed half: tuned on one, reported on the other.

    python bench/quality.py                      # print the figures
    python bench/quality.py --write docs/quality.md

Every visible corpus is split into a **tuning half** and a **checking half**
(``../shared/data/splits.json``, read by ``splits.py``). Rules and profiles are tuned on the
tuning half only; the checking half is the headline.

1. Clean turns (τ-bench airline trajectories, ToolTalk conversations): the turns with a
   finding at the default threshold, no profile, split into real mistakes of the data (read
   by hand, listed below) and false alarms, with the causes of each.
2. Fabrication injection into the same turns (``bench/injection.py``): per mutation, the
   share of mutants with a finding at the threshold overlapping the injected claim, no
   profile; τ-bench again with ``examples/profiles/airline.toml`` (a profile may not raise the
   clean-turn flag rate on the checking half).
3. INLG 2021 accuracy shared task, training split, with ``examples/profiles/boxscore.toml``:
   scored as the task scores them (``scoring``), recall and precision for NUMBER and NAME.
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
from nofab import Guard, Policy, Profile, Turn
from nofab.config.policy import DEFAULT_THRESHOLD
from nofab.evidence.index import Evidence
from nofab.model.finding import Finding
from scoring import Mark, score

sys.path.insert(0, str(Path(__file__).resolve().parent))

import injection
import probe
import shared_task
from halves import corpus_halves
from splits import HALVES, Half, half_of

#: Flagged clean turns, read by hand: (turn, flagged text) -> what the answer gets wrong (a real
#: mistake of the data, which must stay caught), or why the flag is a false alarm (ours). ToolTalk
#: replies are written by people and τ-bench answers by gpt-4o; a few of either are wrong.
REVIEW = {
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
    ("task 2 trial 0 message 18", "$2,210"): (
        "real mistake in the data: the answer quotes $2,210 per passenger, half of the $4,420 total, "
        "for a reservation with one passenger"
    ),
    ("task 22 trial 2 message 20", "$38"): (
        "false positive: a per-passenger fare difference computed across two tool results "
        "((94 + 80) - 136), which nofab explains only at 0.5 without an operand in the answer"
    ),
    ("task 22 trial 2 message 24", "$38"): (
        "false positive: the same fare difference repeated in a later answer"
    ),
    ("task 24 trial 1 message 16", "$222"): (
        "false positive: repeats a figure the agent derived in its own earlier message, which by "
        "design is not evidence"
    ),
    ("golden_conversation_1.json turn 5", "Lucy"): (
        "real mistake in the data: the reply says lunch with Lucy; QueryCalendar's event is "
        "'Lunch with Li Feng', and no tool, message or context names a Lucy"
    ),
    ("golden_conversation_1.json turn 5", "Jose"): (
        "real mistake in the data: the reply says a 1 on 1 with Jose; the calendar's event is "
        "'1 on 1 with Hugo'"
    ),
    ("golden_conversation_3.json turn 5", "Jose Garcia"): (
        "real mistake in the data: the reply says the meeting with Jose Garcia was moved; the event is "
        "'1 on 1 with Hugo' (user Hugo Saldana Cano), and the message the agent sent opens 'Hey Hugo'"
    ),
    ("Alarm-Calendar-Email-DeleteAlarm-1.json turn 5", "I've changed"): (
        "false positive: the alarm was changed by AddAlarm + DeleteAlarm, "
        "which `claims` does not map to 'changed'"
    ),
    ("Email-Messages-Reminder-SendEmail-2.json turn 1", "August 12"): (
        "false positive: a date range derived from 'the past month' and the conversation date"
    ),
}

#: Why injected claims are missed, read by hand from the misses listed in the report (kept
#: in step with the figures: re-read them when a detector changes).
MISS_NOTES = {
    "number_changed": (
        "on the tuning half the misses left are reported at 0.5, below the threshold: a changed amount "
        "that is a loose multiple of a fare (2 x $39), or a derivation among densely derivable values "
        "(a result with 10-40 prices combines into most nearby integers, so a derivation there proves "
        "nothing and is reported at 0.5 rather than trusted); the rest are changed values that happen to "
        "be held elsewhere in the evidence, which presence cannot tell apart"
    ),
    "claimed_action": (
        'on τ-bench, "I\'ve also refunded the fee" after cancel_reservation or an update with a payment '
        "method: those tools do refund there, so the appended claim is grounded and the mutation is not a "
        'fabrication; on ToolTalk, "notified your manager" after SendMessage and "emailed you the receipt" '
        "after SendEmail, where nothing in the turn says who the manager or the recipient is"
    ),
    "name_swapped": (
        'a lone first name in running text ("upgrading Noah") is not checked: it has no held surname, '
        "title, greeting, field owner or person slot beside it, and checking every capitalised word "
        "fires on ordinary words; a single quoted event name is left to the quoted-name rule at 0.6"
    ),
    "failed_as_success": (
        "the last misses are answers where another call of the same tool succeeded this turn and the "
        "claim names nothing the failed call was about"
    ),
}

ROOT = Path(__file__).resolve().parent.parent
PROFILES = ROOT / "examples" / "profiles"
TASK = "accuracy-shared-task"

#: One row of shared-task figures:
#: (half, confidence floor, category, recall, precision, found, gold, submitted).
TaskRow = tuple[str, str, str, float, float, int, int, int]


def is_mistake(label: str, finding: Finding) -> bool:
    """True when the finding was read by hand as a real mistake of the data."""
    note = REVIEW.get((label, finding.identifier), "")
    return note.startswith("real mistake")


@dataclass
class CleanTurns:
    """Clean turns with a blocking finding, for one corpus, half and profile."""

    turns: int
    flagged: list[tuple[str, tuple[Finding, ...]]]

    @property
    def false_alarms(self) -> list[tuple[str, tuple[Finding, ...]]]:
        return [
            (label, found) for label, found in self.flagged if not all(is_mistake(label, f) for f in found)
        ]

    @property
    def mistakes(self) -> list[tuple[str, tuple[Finding, ...]]]:
        return [(label, found) for label, found in self.flagged if all(is_mistake(label, f) for f in found)]


@dataclass
class HalfFigures:
    clean: CleanTurns
    #: mutation -> (found, mutants)
    recall: dict[str, tuple[int, int]]
    #: mutation -> [(why missed, count)]
    missed: dict[str, list[tuple[str, int]]]


def _pattern(finding: Finding) -> str:
    """A flag's cause: detector, kind and the reason with its specifics blanked."""
    reason = re.sub(r"'[^']*'|\"[^\"]*\"|\S*\d\S*", "…", finding.reason)
    return f"{finding.detector}/{finding.kind}: {reason[:90]}"


def _overlaps(finding: Finding, span: tuple[int, int]) -> bool:
    if finding.whole_turn:
        return True
    return finding.span[0] < span[1] and span[0] < finding.span[1]


def _why(mutant: injection.Mutant, best: Finding | None, evidence: Evidence) -> str:
    """The best finding on a missed claim, or what kind of turn gave none."""
    if best is not None:
        return f"{best.detector}/{best.kind} at {best.confidence:.2f}"
    if mutant.mutation == "failed_as_success":
        *earlier, last = mutant.turn.tool_calls
        if any(c.name == last.name and c.status == "ok" for c in earlier):
            return "no finding (an earlier call of the same tool succeeded this turn)"
        return "no finding (the failed tool was the only call of its name)"
    return "no finding on the span"


def half_figures(
    guard: Guard, corpus: str, turns: list[tuple[str, Turn]], seed: int, pool: list[str]
) -> HalfFigures:
    flagged = []
    for label, turn in turns:
        blocking = guard.assess(turn).blocking
        if blocking:
            flagged.append((label, blocking))
    per: dict[str, tuple[int, int]] = {}
    why: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for mutant in injection.mutants(corpus, turns, seed, pool):
        assessment = guard.assess(mutant.turn)
        hit = any(_overlaps(f, mutant.span) for f in assessment.blocking)
        found, total = per.get(mutant.mutation, (0, 0))
        per[mutant.mutation] = (found + hit, total + 1)
        if not hit:
            near = [f for f in assessment.findings if _overlaps(f, mutant.span)]
            best = max(near, key=lambda f: f.confidence, default=None)
            why[mutant.mutation][_why(mutant, best, assessment.evidence)] += 1
    return HalfFigures(CleanTurns(len(turns), flagged), per, {m: c.most_common(4) for m, c in why.items()})


#: (corpus, profile name, half) -> figures
Figures = dict[tuple[str, str, Half], HalfFigures]


def traffic_figures(data: Path, seed: int) -> Figures:
    halves = corpus_halves(data)
    pool = injection.name_pool(t for by in halves.values() for turns in by.values() for _l, t in turns)
    airline = Profile.from_file(PROFILES / "airline.toml")
    out: Figures = {}
    for corpus, by_half in halves.items():
        runs = [("no profile", Profile())] + ([("airline.toml", airline)] if corpus == "τ-bench" else [])
        for name, profile in runs:
            guard = Guard(Policy(load_plugins=False), profile)
            for half in HALVES:
                out[(corpus, name, half)] = half_figures(guard, corpus, by_half[half], seed, pool)
    return out


def shared_task_figures(data: Path, floor: float) -> list[TaskRow]:
    folder = data / TASK
    guard = Guard(Policy(load_plugins=False), Profile.from_file(PROFILES / "boxscore.toml"))
    gold = shared_task.gold(folder)
    rows: list[TaskRow] = []
    marks: dict[tuple[Half, float], list[Mark]] = {
        (h, cut): [] for h in HALVES for cut in (floor, DEFAULT_THRESHOLD)
    }
    docs: dict[Half, set[str]] = {h: set() for h in HALVES}
    for game in shared_task.games(folder):
        half = half_of(TASK, game.doc)
        docs[half].add(game.doc)
        assessment = guard.assess(game.turn())
        for cut in (floor, DEFAULT_THRESHOLD):
            kept = [f for f in assessment.findings if f.confidence >= cut]
            marks[(half, cut)].extend(shared_task.marks(game.doc, kept, assessment.evidence.answer))
    for (half, cut), submitted in marks.items():
        half_gold = [m for m in gold if m.doc in docs[half]]
        for category in ("NUMBER", "NAME"):
            s = score(half_gold, submitted, category)
            rows.append((half, f"≥ {cut:g}", category, s.recall, s.precision, s.found, s.gold, s.submitted))
    return rows


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:.2%} ({hits}/{total})" if total else "n/a"


def _recall_cell(per: dict[str, tuple[int, int]], mutation: str) -> str:
    found, total = per.get(mutation, (0, 0))
    return f"{found / total:.3f} ({found}/{total})" if total else "n/a"


def probe_lines(outcomes: Sequence[probe.Outcome]) -> list[str]:
    """The hand-written probes beyond the corpora (``bench/probe.py``): totals and causes, per probe."""
    by_probe: dict[str, list[probe.Outcome]] = {}
    for o in outcomes:
        by_probe.setdefault(o.probe, []).append(o)
    rows: list[str] = []
    causes: list[str] = []
    for name, found in by_probe.items():
        clean = [o for o in found if o.side == "clean"]
        dirty = [o for o in found if o.side == "dirty"]
        flagged = [o for o in clean if o.flagged]
        caught = [o for o in dirty if o.flagged]
        rows.append(f"| {name} | {_rate(len(flagged), len(clean))} | {_rate(len(caught), len(dirty))} |")
        counted = collections.Counter(
            f"{h.detector}/{h.kind}" for o in flagged for h in {h.kind: h for h in o.hits}.values()
        )
        causes.append(
            f"Remaining false alarms by cause in {name} (files): "
            + (", ".join(f"{k} {n}" for k, n in counted.most_common()) or "none")
            + "."
        )
    return [
        "## Beyond the corpora: the hand-written probes",
        "",
        "`tests/fixtures/probe/`: grounded answers (and one-fabrication twins) in domains and",
        "languages the corpora do not cover, written by hand for issue 12. Several mechanisms it",
        "showed were fixed in the same round (locale number formats, masked-id wording, segmented",
        "codes, tools named for the claim's verb, relayed snippets, reported states), so for those it",
        "is no longer held-out evidence. `tests/fixtures/probe2/`: conversations in the held-out",
        "corpora's own domains and formats (τ-bench airline trajectories, ToolTalk files), written",
        "by hand the same way and measured blind first (at `5bd4e5b`: 12 of 161 turns flagged, 69",
        "of 97 twins caught); the mechanisms it showed were then fixed.",
        "`tests/fixtures/probe3/`: the same two formats by a second writer, measured blind before",
        "any fix (at `2b75cdf`: 8 of 66 τ-bench turns and 5 of 49 ToolTalk turns flagged, 62 of 84",
        "twins caught); its mechanisms were then worked on, so it too is no longer blind. The blind",
        "figures are the best estimate of held-out behaviour this repository has: well above the",
        "corpora's checking halves. `tests/fixtures/probe4/`: a third writer, measured blind on the",
        "third session's final detectors (`ac75bda`): 3 of 70 clean turns flagged (τ-bench 2 of 33,",
        "ToolTalk 1 of 37), 54 of 68 twins caught; two of its three false alarms were then fixed.",
        "`tests/fixtures/probe5/`: a fourth writer, measured blind at `2536b74`: 4 of 41 clean",
        "answers flagged (9.8%; one more was the writer's error), 22 of 30 twins caught.",
        "`tests/fixtures/probe6/`: a fifth writer, measured blind twice: 9 of 42 clean answers",
        "flagged (21%) and 17 of 30 twins caught at the fourth session's start (`de530eb`), 8 of 42",
        "(19%) and 21 of 30 after that session's fixes of probes 3-5 (`1446752`): those fixes",
        "generalized to more catches, but correct arithmetic in tables and breakdowns, conversions",
        "between cities' zones and exchange rates were still flagged; they were worked on next.",
        "`tests/fixtures/probe7/`: a sixth writer, measured blind at the fifth session's start",
        "(`cfff6d8`): 11 of 49 clean answers flagged (22%; τ-bench 5 of 28, ToolTalk 6 of 21) and",
        "21 of 30 twins caught: derived figures (a rate's percent change, a conversion per day,",
        "a series' dates, a weekday resolved from the conversation's date) were the main cause.",
        "`tests/fixtures/probe8/`: a seventh writer, kept sealed until measured: 8 of 30 clean files",
        "flagged and 19 of 30 twins caught blind at `e0a27ca`; after the fixes of probe7's",
        "mechanisms, made without looking at it, 6 of 30 and 22 of 30 (`78ecf62`). It was then",
        "unsealed and its mechanisms worked on (Spanish 'mañana', decimal commas, operands of",
        "different kinds, counts of flagged records), so it is no longer blind either.",
        "`tests/fixtures/probe9/`: an eighth writer, measured blind at the sixth session's start",
        "(8 of 30 clean files flagged, 18 of 30 twins caught) and after probe8's fixes (6 and 19),",
        "then unsealed and worked on. `tests/fixtures/probe10/`: a ninth writer asked for more varied",
        "answer styles: 11 of 30 clean files flagged, 16 of 30 twins caught blind at `e35c732`, 12 and",
        "19 after probe9's fixes; unsealed at the eighth session's start and its mechanisms fixed",
        "(layovers, averages, paces, per-night splits, stated per-unit limits, total rows, balances",
        "after refunds, error objects, crossed surnames, day columns ...). `tests/fixtures/probe11/`: a",
        "tenth writer, measured blind twice: 13 of 30 clean files flagged and 22 of 30 twins caught at",
        "`453c572`, and the same after the first of probe10's fixes had landed: those fixes did not",
        "move it at all, the clearest sign yet that each probe's false alarms are mostly mechanisms no",
        "earlier probe showed; it was then unsealed and worked on. `tests/fixtures/probe12/`: an",
        "eleventh writer, measured blind three times: 9 of 30 clean files flagged and 16 of 30 twins",
        "caught at `c210c5f`, and exactly the same at `2005543`, after every fix of probe10's and",
        "probe11's mechanisms had merged: not one of its 44 findings changed. Unsealed in the ninth",
        "session (not in the table; `python bench/probe.py --dir tests/fixtures/probe12`): 4 of 30 and",
        "21 of 30 after its fixes, 3 of 30 later. `tests/fixtures/probe13/`: a twelfth writer, 9 of 30",
        "clean files flagged and 19 of 30 twins caught blind three times (`fc2c156`, after the twelve",
        "probe12 fixes, `15ed5ef`); unsealed in the tenth session: 1 of 30 (a real mistake of its",
        "writer: a card no record holds) and 27 of 30 after its fixes. `tests/fixtures/probe14/`: a",
        "thirteenth writer, 11 of 30 clean files flagged blind three times (`15ed5ef`, `9a1d71c` after",
        "the probe13 fixes, `bf270bf`), twins caught 22, 23, 24 of 30; unsealed: 3 of 30 and 24 of 30",
        "after its fixes. `tests/fixtures/probe15/`: a fourteenth writer asked for answers that read",
        "like real production output rather than puzzles: 4 of 30 clean files flagged and 25 of 30",
        "twins caught blind at `15ed5ef`, 3 and 25 at `d059396`; unsealed in the eleventh session: 0",
        "of 30 and 28 of 30 after its fixes. `tests/fixtures/probe16/`: a fifteenth writer, realistic",
        "answers again: 5 of 30 clean files flagged and 24 of 30 twins caught blind at `d059396`; after",
        "the eleventh session's fixes (probe15's and those a sweep of plain restatements in five",
        "languages found) 5 of 30 and 25 of 30: its false alarms did not move. Unsealed in the twelfth",
        "session: 0 of 30 and 29 of 30 after its fixes (quotes before a booking, statuses restated in",
        "another language, itineraries, names without their accents, flagged states, a state's value",
        "held to the calls, reports that carry their message, initialled recipients, replaced",
        "passengers). Its last miss: an Italian reply (no Italian lexicon).",
        "`tests/fixtures/probe17/`: a sixteenth writer asked to imitate real gpt-4o τ-bench",
        "and ToolTalk traffic closely, sealed (not in the table): 6 of 30 clean files flagged (10 of 80",
        "turns) and 25 of 30 twins caught at `0486aad`, and exactly the same after every probe16 fix:",
        "the seventh time fixes of one probe did not move the next blind one's false alarms.",
        "The fixes stay as narrow as they were meant to be, and the puzzle-like probes' false alarms",
        "are a longer tail than a dozen probes have sampled; the realistic ones show far fewer.",
        "`tests/test_probe.py` lists every remaining false alarm and miss with its mechanism;",
        "`python bench/probe.py` lists them.",
        "",
        "| probe | clean answers flagged | one-fabrication twins caught |",
        "|---|---|---|",
        *rows,
        "",
        *causes,
        "",
    ]


def render(
    shared: Sequence[TaskRow], figures: Figures, command: str, probed: Sequence[probe.Outcome] = ()
) -> str:
    today = datetime.datetime.now(datetime.UTC).date().isoformat()

    def task(half: Half, cut: str, category: str) -> TaskRow:
        return next(r for r in shared if r[0] == half and r[1] == cut and r[2] == category)

    lines = [
        "# Quality figures",
        "",
        f"Generated by `{command} --write docs/quality.md` on {today} with nofab {nofab.__version__}.",
        f"Print the same figures without writing: `{command}`. Do not edit by hand.",
        "",
        "Every visible corpus is split into a fixed **tuning half** and **checking half**",
        "(`../shared/data/splits.json`: τ-bench by task id, ToolTalk by conversation file, the shared",
        "task by text). Rules and profiles are tuned on the tuning half only; the **checking half is",
        f"the headline**. Threshold {DEFAULT_THRESHOLD}, default policy, no profile unless a row says so.",
        "",
        "## Headline: the checking half",
        "",
        "| measure | checking half | tuning half | target |",
        "|---|---|---|---|",
    ]
    for corpus, target in (("τ-bench", "≤ 0.4%"), ("ToolTalk", "≤ 1%")):
        cells = []
        for half in ("checking", "tuning"):
            clean = figures[(corpus, "no profile", half)].clean
            cells.append(_rate(len(clean.false_alarms), clean.turns))
        lines.append(
            f"| {corpus}: clean turns flagged with no real mistake | {cells[0]} | {cells[1]} | {target} |"
        )
    for corpus in ("τ-bench", "ToolTalk"):
        cells = []
        for half in ("checking", "tuning"):
            clean = figures[(corpus, "no profile", half)].clean
            cells.append(f"{len(clean.mistakes)} caught")
        lines.append(f"| {corpus}: real mistakes of the data | {cells[0]} | {cells[1]} | all caught |")
    for category, target in (("NUMBER", "P ≥ 0.80 at R ≥ 0.78"), ("NAME", "R ≥ 0.75 at P ≥ 0.85")):
        cells = []
        for half in ("checking", "tuning"):
            _h, _c, _cat, r, p, *_ = task(half, shared[0][1], category)
            cells.append(f"R {r:.3f} / P {p:.3f}")
        lines.append(
            f"| shared task {category} (boxscore profile, all findings ≥ {shared[0][1][2:]}) "
            f"| {cells[0]} | {cells[1]} | {target} |"
        )
    for mutation in injection.MUTATIONS:
        for corpus in ("τ-bench", "ToolTalk"):
            cells = [
                _recall_cell(figures[(corpus, "no profile", h)].recall, mutation)
                for h in ("checking", "tuning")
            ]
            target = "≥ 0.90" if mutation == "name_swapped" else "≥ 0.95"
            lines.append(f"| injected {mutation}, {corpus} | {cells[0]} | {cells[1]} | {target} |")
    lines += [
        "",
        "## With a profile (τ-bench, `examples/profiles/airline.toml`)",
        "",
        "A profile may not raise the clean-turn flag rate on the checking half.",
        "",
        "| measure | checking half | tuning half |",
        "|---|---|---|",
    ]
    for name in ("no profile", "airline.toml"):
        cells = []
        for half in ("checking", "tuning"):
            clean = figures[("τ-bench", name, half)].clean
            cells.append(_rate(len(clean.false_alarms), clean.turns))
        lines.append(f"| clean turns flagged with no real mistake, {name} | {cells[0]} | {cells[1]} |")
    for mutation in injection.MUTATIONS:
        cells = [
            _recall_cell(figures[("τ-bench", "airline.toml", h)].recall, mutation)
            for h in ("checking", "tuning")
        ]
        lines.append(f"| injected {mutation}, airline.toml | {cells[0]} | {cells[1]} |")
    lines += [
        "",
        "## Flagged clean turns, by cause",
        "",
        "Each flagged turn of each half, with the cause of its blocking findings and the hand review",
        "(a real mistake of the data must stay caught; anything else is a false alarm of ours).",
        "",
    ]
    for (corpus, name, half), fig in figures.items():
        if name != "no profile":
            continue
        causes = collections.Counter(_pattern(f) for _l, found in fig.clean.false_alarms for f in found)
        lines.append(f"### {corpus}, {half} half")
        lines.append("")
        lines += [f"- {n} × false alarm `{key}`" for key, n in causes.most_common()] or ["- no false alarm"]
        for label, found in fig.clean.flagged:
            for finding in found:
                note = REVIEW.get((label, finding.identifier), "not reviewed yet")
                lines.append(
                    f"- {label}, `{finding.identifier}` ({finding.kind} {finding.confidence:.2f}): {note}"
                )
        lines.append("")
    lines += ["## Why injected claims were missed", "", "The best finding on the injected span, if any:", ""]
    for (corpus, name, half), fig in figures.items():
        if name != "no profile":
            continue
        for mutation, reasons in sorted(fig.missed.items()):
            text = "; ".join(f"{n} × {why}" for why, n in reasons)
            lines.append(f"- {corpus}, {half}, {mutation}: {text}")
    lines += ["", "What the misses have in common, read by hand:", ""]
    lines += [f"- {mutation}: {note}." for mutation, note in MISS_NOTES.items()]
    if probed:
        lines += ["", *probe_lines(probed)]
    lines += [
        "",
        "## Accuracy shared task (INLG 2021), training split, per half",
        "",
        "Game reports written by neural systems, checked against the box score they were generated",
        "from (`examples/profiles/boxscore.toml`). Scored as the task does: token spans, a gold error",
        "found when a submitted span overlaps it, each submitted span used once.",
        "",
        "| half | findings | category | recall | precision | found | gold | submitted |",
        "|---|---|---|---|---|---|---|---|",
        *(
            f"| {h} | {c} | {cat} | {r:.3f} | {p:.3f} | {f} | {g} | {s} |"
            for h, c, cat, r, p, f, g, s in sorted(
                shared, key=lambda row: (row[0] != "checking", row[1], row[2])
            )
        ),
    ]
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
    report = render(
        shared_task_figures(args.data, args.floor),
        traffic_figures(args.data, args.seed),
        command,
        [o for name, root in probe.PROBES.items() for o in probe.run(root, probe=name)],
    )
    print(report)
    if args.write:
        args.write.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
