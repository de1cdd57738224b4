"""VERDICT's declared findings checked by nofab: a misread value is rejected, a lower tier
downgraded, and the values the parser actually read are reported.

    python examples/compat/verdict_declared_values.py

Exit status: 0 every finding was approved, 1 some were not (this example has one misread).
"""

from __future__ import annotations

import sys

from nofab import Guard, Policy
from nofab.compat.verdict import turn_with_findings

# What the agent saw: a registry query and its output.
TURN = {
    "response": "The registry shows run_count = 8 and a Run key Updater pointing at evil.exe.",
    "tool_calls": [
        {
            "id": "call_7",
            "name": "registry_query",
            "result": {
                "run_count": 3,
                "entries": [{"values": [{"name": "Updater", "data_str": "C:\\Users\\bob\\evil.exe"}]}],
            },
        }
    ],
}

# What the agent declared, in VERDICT's shape: each finding cites the tool call and the
# structured values it claims are in its output.
FINDINGS = [
    {
        "id": "run-count",
        "tier": "CONFIRMED",
        "tool_call_id": "call_7",
        "asserted_values": [{"path": "run_count", "expected": "8", "match": "int"}],  # misread: it is 3
    },
    {
        "id": "runkey",
        "tier": "CONFIRMED",
        "tool_call_id": "call_7",
        "asserted_values": [
            {
                "path": "entries[*].values[*]",
                "match": "record",
                "expected": {"name": "Updater", "data_str": "evil.exe"},
            }
        ],
    },
    {"id": "persistence", "tier": "INFERRED", "derived_from": ["runkey"]},
]


def main() -> int:
    verdict = Guard(Policy(mode="observe", detectors=("fidelity",))).check(turn_with_findings(TURN, FINDINGS))
    for claim in verdict.details["declared_claims"]:
        print(f"{claim['id']}: {claim['outcome']} (tier after: {claim['tier_after']})")
    for value in verdict.details["asserted_values"]:
        print(f"  {value['claim']} {value['path']}: {value['status']}, read {value.get('matched')}")
    for finding in verdict.findings:
        print(f"finding: {finding.kind} {finding.identifier!r} ({finding.confidence}): {finding.reason}")
    return 0 if all(c["outcome"] == "approved" for c in verdict.details["declared_claims"]) else 1


if __name__ == "__main__":
    sys.exit(main())
