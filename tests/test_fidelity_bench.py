"""The fidelity evaluation is pinned to the code it measured, and its targets hold."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench" / "fidelity.py"

#: SHA-256 of the modules bench/fidelity.py measures (its MODULES list), as printed with the figures.
PINNED_SHA256 = "78ae9495978b478fa87fb93c7bc776767168670a245d5ce24d14ebaa79951f8e"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("nofab_bench_fidelity", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_measured_modules_are_unchanged() -> None:
    """Editing the fidelity detector or matchers fails this test until the evaluation is re-run."""
    digest = load_bench().module_digest()
    assert digest == PINNED_SHA256, (
        "the fidelity modules changed since the evaluation was last run: run `python bench/fidelity.py`, "
        "check that held-out precision/recall and the mutation rejection rate still meet their targets, "
        f"record the figures in docs/fidelity.md, then set PINNED_SHA256 = {digest!r} in {__file__}"
    )


def test_evaluation_targets() -> None:
    """Held-out precision and recall are 1.0 and every seeded mutation is rejected (seeds 0-2)."""
    bench = load_bench()
    for seed in range(3):
        result = bench.evaluate(seed)
        held_out = result["arms"]["held_out"]
        assert (held_out["precision"], held_out["recall"]) == (1.0, 1.0), held_out["errors"]
        assert result["mutation"]["rate"] == 1.0, result["mutation"]["escaped"]
        assert result["arms"]["calibration"]["errors"] == []
