"""Write ``examples/profiles/boxscore.toml`` from the TUNING half of the shared task's training split.

The vocabulary (which words name which box-score field) is written here by hand from the
field definitions in the task's README; the names (teams, cities, players) are harvested
from the box scores of the tuning half (``splits.half_of``), so a name in a report that no
record of *its* game carries can be told from an ordinary word — and the checking half is
measured with names it did not contribute, as held-out data will be.

    python bench/boxscore_profile.py ../shared/data/accuracy-shared-task
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shared_task import games
from splits import half_of

POINTS = ["PTS", "TEAM-PTS"]
REB = ["REB", "TEAM-REB"]
AST = ["AST", "TEAM-AST"]
FG_PCT = ["FG_PCT", "TEAM-FG_PCT"]
FG3_PCT = ["FG3_PCT", "TEAM-FG3_PCT"]
FT_PCT = ["FT_PCT", "TEAM-FT_PCT"]
FG = ["FGM/FGA"]
FG3 = ["FG3M/FG3A"]
FT = ["FTM/FTA"]

FROM_FIELD = ["from the field", "from the floor", "shooting", "fg"]
FROM_THREE = [
    "from three point range",
    "from 3 point range",
    "from three",
    "from deep",
    "from long range",
    "from beyond the arc",
    "from downtown",
    "3pt",
    "three pointers",
    "from the three point line",
    "three point range",
    "three point line",
    "three point land",
]
FROM_LINE = ["from the free throw line", "from the line", "from the charity stripe", "ft", "free throws"]

ALIASES: dict[str, list[str]] = {
    "points": POINTS,
    "point": POINTS,
    "pts": POINTS,
    "rebounds": REB,
    "rebound": REB,
    "boards": REB,
    "board": REB,
    "offensive rebounds": ["OREB"],
    "offensive rebound": ["OREB"],
    "defensive rebounds": ["DREB"],
    "defensive rebound": ["DREB"],
    "assists": AST,
    "assist": AST,
    "dimes": AST,
    "steals": ["STL"],
    "steal": ["STL"],
    "blocks": ["BLK"],
    "block": ["BLK"],
    "blocked shots": ["BLK"],
    "turnovers": ["TO", "TEAM-TOV"],
    "turnover": ["TO", "TEAM-TOV"],
    "personal fouls": ["PF"],
    "fouls": ["PF"],
    "minutes": ["MIN"],
    "minute": ["MIN"],
    "point win": ["TEAM-PTS"],
    "point victory": ["TEAM-PTS"],
    "point loss": ["TEAM-PTS"],
    "point defeat": ["TEAM-PTS"],
    "point margin": ["TEAM-PTS"],
    "threes": ["FG3M"],
    "point first quarter": ["TEAM-PTS_QTR1"],
    "point second quarter": ["TEAM-PTS_QTR2"],
    "point third quarter": ["TEAM-PTS_QTR3"],
    "point fourth quarter": ["TEAM-PTS_QTR4"],
    "field goals": ["FGM"],
    "percent from the field": FG_PCT,
    "percent from the floor": FG_PCT,
    "percent shooting": FG_PCT,
    "percent from three point range": FG3_PCT,
    "percent from 3 point range": FG3_PCT,
    "percent from three": FG3_PCT,
    "percent from deep": FG3_PCT,
    "percent from long range": FG3_PCT,
    "percent from beyond the arc": FG3_PCT,
    "percent from downtown": FG3_PCT,
    "percent from the three point line": FG3_PCT,
    "percent from the free throw line": FT_PCT,
    "percent from behind the arc": FG3_PCT,
    "percent success rate from the field": FG_PCT,
    "percent success rate from the floor": FG_PCT,
    "percent success rate from three point range": FG3_PCT,
    "percent success rate from behind the arc": FG3_PCT,
    "percent success rate from beyond the arc": FG3_PCT,
    "percent success rate from deep": FG3_PCT,
    "percent success rate from the free throw line": FT_PCT,
    "percent from the line": FT_PCT,
    "percent from the charity stripe": FT_PCT,
}
for _phrase in FROM_FIELD:
    ALIASES[_phrase] = ALIASES.get(_phrase, []) + FG
for _phrase in FROM_THREE:
    ALIASES[_phrase] = ALIASES.get(_phrase, []) + FG3
for _phrase in FROM_LINE:
    ALIASES[_phrase] = ALIASES.get(_phrase, []) + FT
ALIASES["three pointers"] = ["FG3M", *FG3]
ALIASES["free throws"] = ["FTM", *FT]

QUARTERS = {1: ["first"], 2: ["second"], 3: ["third"], 4: ["fourth", "final"]}
for _q, _names in QUARTERS.items():
    for _name in _names:
        for _form in (
            "in the {} quarter",
            "margin in the {} quarter",
            "in the {} period",
            "in the {}",
            "during the {} quarter",
            "over the {} quarter",
            "{} quarter",
        ):
            ALIASES[_form.format(_name)] = [f"TEAM-PTS_QTR{_q}/TEAM-PTS_QTR{_q}"]
ALIASES["lead after one quarter"] = ["TEAM-PTS_QTR1/TEAM-PTS_QTR1"]
ALIASES["after one quarter"] = ["TEAM-PTS_QTR1/TEAM-PTS_QTR1"]
ALIASES["margin over the final"] = ["TEAM-PTS_QTR4/TEAM-PTS_QTR4"]
for _half, _name in ((1, "first"), (2, "second")):
    for _form in (
        "in the {} half",
        "margin in the {} half",
        "{} half",
        "during the {} half",
        "over the {} half",
    ):
        ALIASES[_form.format(_name)] = [f"TEAM-PTS_H{_half}/TEAM-PTS_H{_half}"]
for _form in ("at halftime", "at the half", "at the break", "lead at halftime", "lead at the half"):
    ALIASES[_form] = ["TEAM-PTS_H1/TEAM-PTS_H1"]

SUMS = {
    "TEAM-PTS_H1": ["TEAM-PTS_QTR1", "TEAM-PTS_QTR2"],
    "TEAM-PTS_H2": ["TEAM-PTS_QTR3", "TEAM-PTS_QTR4"],
}

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
    "pair": 2, "zero": 0, "no": 0,
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
}  # fmt: skip
RANKS = {"on the team": "PTS", "on the team in scoring": "PTS", "in scoring": "PTS"}

SKIP_WORDS = ["career", "season", "combined", "combining", "combine"]
# After several names, a sum word makes the figure their total, checked as a sum (``attribution.sums``).
SUM_WORDS = ["combined", "combining", "combine"]
# A season average: no box score of one game confirms or contradicts it (on the tuning half,
# reported averages were right about as often as wrong: 5 of 11), so it is not reported.
UNCHECKED_WORDS = ["averaging", "averaged", "average", "averages"]

BEYOND = [
    "of their last",
    "of its last",
    "of his last",
    "in a row",
    "straight",
    "consecutive",
    "road wins",
    "home wins",
    "wins in their",
    "of their previous",
    "double double in a row",
    "double double in the last",
    "game in a row",
    "triple double in a row",
]

# Words between two teams of one contest: the same team on both sides is a wrong name.
OPPOSING = ["defeated", "beat", "outscored", "out scored", "out scoring", "outscoring", "held", "topped",
            "over", "against", "edged", "routed", "host", "hosted", "to"]  # fmt: skip
# Words between a player and the team credited with him ("led the way for the Nets").
# "a season-high 30 points": a record set in this game, so this game's figure.
RECORD_PHRASES = ["season high", "career high", "season best", "career best", "season low", "career low"]
# "A defeated B, 110-105": A has the higher score; the score's order resolves a swap.
WINNING_WORDS = [
    "defeated",
    "beat",
    "topped",
    "edged",
    "routed",
    "outlasted",
    "downed",
    "dispatched",
    "held off",
    "defeated host",
    "beat host",
    "defeated visiting",
]
# "The Nets were led by Beal": a team, then a player it must have.
GROUP_LINKS = [
    "were led by",
    "was led by",
    "were paced by",
    "was paced by",
    "were powered by",
    "got a big game from",
]
# A number after one of these is a limit, checked as an inequality ("over 50 percent").
BOUND_WORDS = {
    "over": "above",
    "more than": "above",
    "above": "above",
    "at least": "above",
    "north of": "above",
    "under": "below",
    "sub": "below",
    "below": "below",
    "less than": "below",
    "fewer than": "below",
    "nearly": "below",
    "almost": "below",
    "just shy of": "below",
}
# A sentence about the next game: its weekday is no date of this box score,
FUTURE_PHRASES = ["will", "next", "on deck", "head to", "head back", "await", "home again", "play host"]
# ... but the next game is a few days after this one (the same weekday, or one just before,
# contradicts "next").
FUTURE_DAYS = 3
# "Atlanta held Orlando to 43 percent": the figures after these words are the named team's.
OBJECT_LINKS = ["held", "holding", "hold", "limited", "limiting", "limit", "forced", "forcing", "force"]
# "A and B, with the former adding two steals": the former is A, the latter B.
BACK_REFERENCES = {"the former": "first", "the latter": "second"}
MEMBER_LINKS = ["led the way for", "led", "paced", "for", "led the bench for", "led the second unit for"]

PAIRS = [
    "TEAM-WINS/TEAM-LOSSES",
    "TEAM-PTS/TEAM-PTS",
    "TEAM-PTS_QTR1/TEAM-PTS_QTR1",
    "TEAM-PTS_QTR2/TEAM-PTS_QTR2",
    "TEAM-PTS_QTR3/TEAM-PTS_QTR3",
    "TEAM-PTS_QTR4/TEAM-PTS_QTR4",
    "TEAM-PTS_H1/TEAM-PTS_H1",
    "TEAM-PTS_H2/TEAM-PTS_H2",
]


def known_entities(folder: Path) -> list[str]:
    names: set[str] = set()
    for game in games(folder):
        if half_of("accuracy-shared-task", game.doc) != "tuning":
            continue
        box = game.box_score
        for side in ("home_line", "vis_line"):
            line = box[side]
            names.update({line["TEAM-NAME"], line["TEAM-CITY"], f"{line['TEAM-CITY']} {line['TEAM-NAME']}"})
        names.update(box["box_score"]["PLAYER_NAME"].values())
    return sorted(n for n in names if n and n != "N/A")


def render(folder: Path) -> str:
    q = json.dumps  # a JSON string of plain text is a valid TOML basic string
    lines = [
        "# Box scores (Rotowire / INLG 2021 accuracy shared task), for the `attribution` detector.",
        "# Generated by `python bench/boxscore_profile.py ../shared/data/accuracy-shared-task`",
        "# from the TRAINING split only; the field vocabulary is hand-written in that script.",
        'name = "boxscore"',
        'name_fields = ["PLAYER_NAME", "SECOND_NAME", "TEAM-NAME", "TEAM-CITY"]',
        f"pair_fields = [{', '.join(q(p) for p in PAIRS)}]",
        'weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]',
        'date_formats = ["%m_%d_%y"]',
        "known_entities = [",
        *(f"  {q(n)}," for n in known_entities(folder)),
        "]",
        "",
        "[field_sums]",
        *(f"{q(k)} = [{', '.join(q(f) for f in v)}]" for k, v in SUMS.items()),
        "",
        "[rules.attribution]",
        "# A game report is all about the box score: a bare number next to a name is a claim too.",
        "unbound_numbers = true",
        "# A season average or a streak is not this game's value.",
        f"skip_words = [{', '.join(q(w) for w in SKIP_WORDS)}]",
        '# ... unless several names come before it and add up to it ("A and B combined for 31 points").',
        f"sum_words = [{', '.join(q(w) for w in SUM_WORDS)}]",
        "# ... and a season average is beyond what one box score can bound: not reported.",
        f"unchecked_words = [{', '.join(q(w) for w in UNCHECKED_WORDS)}]",
        '# ... unless they name a record set in this game: "a season-high 30 points" is this game\'s figure.',
        f"record_phrases = [{', '.join(q(w) for w in RECORD_PHRASES)}]",
        "# Figures about other games: no box score of this game backs them.",
        f"beyond_phrases = [{', '.join(q(w) for w in BEYOND)}]",
        "",
        f"opposing_words = [{', '.join(q(w) for w in OPPOSING)}]",
        '# "A defeated B, 110-105": A has the higher score; the score\'s order resolves a swap.',
        f"winning_words = [{', '.join(q(w) for w in WINNING_WORDS)}]",
        f"group_links = [{', '.join(q(w) for w in GROUP_LINKS)}]",
        f"member_links = [{', '.join(q(w) for w in MEMBER_LINKS)}]",
        '# "Atlanta held Orlando to 43 percent": the figures after these words are the named team\'s.',
        f"object_links = [{', '.join(q(w) for w in OBJECT_LINKS)}]",
        "# A sentence about the next game: its weekday is no date of this box score,",
        "# but the next game falls 1..future_days days after this one.",
        f"future_phrases = [{', '.join(q(w) for w in FUTURE_PHRASES)}]",
        f"future_days = {FUTURE_DAYS}",
        "",
        '# A number after one of these is a limit, checked as an inequality ("over 50 percent").',
        "[rules.attribution.bound_words]",
        *(f"{q(k)} = {q(v)}" for k, v in BOUND_WORDS.items()),
        "",
        "[rules.attribution.back_references]",
        *(f"{q(k)} = {q(v)}" for k, v in BACK_REFERENCES.items()),
        "",
        "[rules.attribution.rank_phrases]",
        *(f"{q(k)} = {q(v)}" for k, v in RANKS.items()),
        "",
        "[number_words]",
        *(f"{q(k)} = {v}" for k, v in NUMBER_WORDS.items()),
        "",
        "[field_aliases]",
        *(f"{q(k)} = [{', '.join(q(f) for f in v)}]" for k, v in ALIASES.items()),
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/accuracy-shared-task")
    out = Path(__file__).resolve().parent.parent / "examples" / "profiles" / "boxscore.toml"
    out.write_text(render(folder), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
