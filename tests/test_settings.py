"""Settings typos raise ProfileError naming the key (issue 11): a detector is never dropped
because its table has a typo, and a table no detector reads is an error too."""

from __future__ import annotations

import pytest

from nofab import Guard, Policy, Profile
from nofab.errors import ProfileError


@pytest.mark.parametrize(
    ("rules", "where"),
    [
        ({"bulk_failure": {"ratioo": 0.5}}, "rules.bulk_failure"),
        ({"bulk_failure": {"ratio": 2}}, "rules.bulk_failure.ratio"),
        ({"data_inflation": {"nope": 1}}, "rules.data_inflation"),
        ({"tool_references": {"replacement": {}}}, "rules.tool_references"),
        ({"arguments": {"parameter": {}}}, "rules.arguments"),
        ({"fidelity": {"expectation": True}}, "rules.fidelity"),
        ({"entities": {"pattern": []}}, "rules.entities"),
        ({"bulk_failur": {"ratio": 0.5}}, "rules.bulk_failur"),
    ],
)
def test_a_typo_raises_naming_the_key(rules: dict[str, dict[str, object]], where: str) -> None:
    with pytest.raises(ProfileError) as info:
        Guard(Policy(), Profile(rules=rules))
    assert info.value.where == where


def test_a_good_table_keeps_every_detector() -> None:
    guard = Guard(Policy(load_plugins=False), Profile(rules={"bulk_failure": {"ratio": 0.5}}))
    assert "bulk_failure" in {d.id for d in guard.detectors} and not guard.warnings


def test_a_table_for_an_unloaded_plugin_is_a_warning() -> None:
    guard = Guard(Policy(load_plugins=False), Profile(rules={"my_plugin": {"x": 1}}))
    assert any("rules.my_plugin" in w for w in guard.warnings)


def test_other_construction_failures_still_warn() -> None:
    """Only settings errors raise; a detector that breaks for another reason is reported."""

    class Fragile:
        id = "fragile"
        version = "1"
        kinds = ("x",)

        def __init__(self, profile: Profile) -> None:
            raise RuntimeError("no")

    guard = Guard(Policy(load_plugins=False), detectors=[Fragile])
    assert any("fragile" in w for w in guard.warnings)


def _builtin_ids() -> list[str]:
    from nofab.detectors import BUILTIN

    return [str(f.id) for f in BUILTIN]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "detector_id",
    _builtin_ids(),
)
def test_every_detector_rejects_an_unknown_setting(detector_id: str) -> None:
    with pytest.raises(ProfileError) as info:
        Guard(Policy(load_plugins=False), Profile(rules={detector_id: {"surely_not_a_setting": 1}}))
    assert info.value.where == f"rules.{detector_id}"
