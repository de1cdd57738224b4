"""degenerate_prose: garbled output is reported; terse answers, code, tables and id lists never are."""

from __future__ import annotations

import pytest

from nofab import Profile, Turn
from nofab.detectors.prose import DegenerateProseDetector
from nofab.errors import ProfileError
from nofab.evidence.index import Evidence
from nofab.language.lexicon import lexicon_for
from nofab.model.finding import Finding

GARBLED = (
    "Th e. Inc id. Ent wa s. A. Dat ab. Ase. Fa il ov er. Du ri ng. Ma in. Te nan ce. Wi nd ow. Th e. "
    "Re ad. On ly. Mo de. Fo r. Fo ur te en. Mi nu tes. Th e. Sy st em. Wa s. Re st or ed. Af te r."
)
SPLIT_WORDS = (
    "Th e re sul ts of th e qu ery sh ow th at th e sy st em wa s do wn fo r fo ur te en mi nu tes and "
    "th e te am re st or ed it af te r th e fa il ov er co mp le ted su cc es sf ul ly in th e ni gh t"
)
LOOP = "The report is ready and the report is ready and the report is ready and " * 6
_ONE_WORD = (
    "yes done sure fine right great noted thanks understood perfect agreed indeed certainly absolutely "
    "exactly correct naturally okay alright cool lovely splendid wonderful brilliant excellent superb "
    "marvellous fantastic terrific outstanding confirmed accepted approved granted settled finished "
    "complete resolved handled processed received acknowledged logged recorded"
)
FRAGMENTS = " ".join(f"{w.capitalize()}." for w in _ONE_WORD.split(" "))
NORMAL = (
    "The incident began during the maintenance window when the primary database failed over to its "
    "replica. For fourteen minutes the service was read-only; writes queued and were replayed once the "
    "new primary accepted connections. No data was lost, and the team has since shortened the health "
    "check interval so that a failover is detected sooner."
)
CODE = "Here is the fix:\n\n```python\nfor i in range(10):\n    x = a[i] if i < n else b[i]\n```\n" * 3
TABLE = "| id | st | ok |\n|---|---|---|\n" + "| a1 | ok | y |\n" * 30
IDS = "Your reservations:\n" + "".join(f"- {c}\n" for c in ("4OG6T3", "59XX6W", "FQ8APE", "M20IZO") * 10)
TERSE = "Done. Booked HAT175 for May 19. Seat 4A. Bags: 2. Total $245. Anything else?"


def detect(answer: str, profile: Profile | None = None) -> list[Finding]:
    profile = profile or Profile()
    evidence = Evidence(Turn(response=answer), profile, lexicon_for(profile))
    return list(DegenerateProseDetector(profile).detect(evidence))


CASES = [
    ("strong: split words in fragments", GARBLED, None, 0.85),
    ("weak: split words in one long sentence", SPLIT_WORDS, None, 0.6),
    ("weak: a looping sentence", LOOP, None, 0.6),
    ("weak: nothing but one-word sentences", FRAGMENTS, None, 0.6),
    (
        "weak: a profile lowering a threshold",
        NORMAL,
        Profile(rules={"degenerate_prose": {"short_word_ratio": 0.0}}),
        0.6,
    ),
    ("must not fire: normal prose", NORMAL, None, None),
    ("must not fire: code blocks", CODE, None, None),
    ("must not fire: a table", TABLE, None, None),
    ("must not fire: a list of ids", IDS, None, None),
    ("must not fire: a terse answer", TERSE, None, None),
    (
        "must not fire: short words the profile declares ordinary",
        SPLIT_WORDS,
        Profile(
            rules={
                "degenerate_prose": {
                    "additional_short_words": [
                        "th",
                        "sh",
                        "wa",
                        "fo",
                        "te",
                        "mi",
                        "re",
                        "st",
                        "af",
                        "co",
                        "mp",
                        "le",
                        "su",
                        "cc",
                        "es",
                        "sf",
                        "ly",
                        "ni",
                        "gh",
                        "ow",
                        "ed",
                        "er",
                        "qu",
                        "sy",
                    ]
                }
            }
        ),
        None,
    ),
]


@pytest.mark.parametrize(("label", "answer", "profile", "confidence"), CASES, ids=[c[0] for c in CASES])
def test_degenerate_prose_table(
    label: str, answer: str, profile: Profile | None, confidence: float | None
) -> None:
    """Each row: the confidence of the whole-answer finding, or no finding."""
    found = detect(answer, profile)
    assert [f.confidence for f in found] == ([] if confidence is None else [confidence]), label
    for f in found:
        assert f.whole_turn and "garbled" in f.reason


def test_unknown_rule_key_is_refused() -> None:
    """A misspelt threshold key is an error naming the key, not a silently kept default."""
    with pytest.raises(ProfileError, match=r"rules\.degenerate_prose"):
        DegenerateProseDetector(Profile(rules={"degenerate_prose": {"short_ratio": 0.1}}))


SALAD_EN = (
    "the the of a to and, is. in it of the, a to. and is in, of it. the a, to of and. is in it, "
    "the of. a to and, it is. in of the, a. to and is, in it. of the a to, and. is in it of, the."
)
SALAD_ES = (
    "de la que el, en y. a los se, del las. un por, con no una. su para es, al lo. de la, que el en. "
    "y a los, se del. las un por con, no. una su, para es al. lo de la, que. el en y a, los se."
)


@pytest.mark.parametrize("salad", [SALAD_EN, SALAD_ES], ids=["en", "es"])
def test_a_stop_word_salad_is_degenerate(salad: str) -> None:
    """Ordinary short words cut into pieces by punctuation (both signals) is garbled text."""
    got = detect(salad)
    assert [x.kind for x in got] == ["degenerate_prose"]
    assert "stop-word salad" in got[0].reason


@pytest.mark.parametrize("answer", [NORMAL * 2, TERSE * 5])
def test_normal_or_terse_prose_is_no_salad(answer: str) -> None:
    """Prose of ordinary word lengths, or terse answers punctuated as sentences, never read as salad."""
    assert all("salad" not in x.reason for x in detect(answer))


def test_salad_thresholds_come_from_the_profile() -> None:
    """Asking for denser punctuation than the text has turns the salad signal off."""
    profile = Profile(rules={"degenerate_prose": {"salad_piece_density": 1.0}})
    assert all("salad" not in x.reason for x in detect(SALAD_EN, profile))


@pytest.mark.parametrize(
    "answer",
    [
        # Garbled list items and headings are not prose: what is left is too short to judge.
        "Here you go:\n" + "\n".join(f"- th e re sul ts ar e {i} th e" for i in range(12)),
        "# Re sul ts\n" + "\n".join(f"{i}. a b c d e f g h" for i in range(1, 12)) + "\nAll done.",
        "Kö nn en:\n" + "\n".join(f"* ab cd ef gh ij {i}" for i in range(12)),
    ],
)
def test_an_answer_long_only_in_lists_has_too_little_prose_to_judge(answer: str) -> None:
    detector = DegenerateProseDetector(Profile())
    assert answer.count(" ") + answer.count("\n") >= detector.min_words
    assert detector.measure(answer) is None
