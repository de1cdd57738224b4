"""On real tool outputs (τ-bench, ToolTalk): true declarations pass and every mutant is rejected."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "fidelity_real.py"


def test_real_outputs_no_false_flag_and_all_mutants_rejected(shared_data: Path) -> None:
    """Declarations drawn from real outputs all pass; their wrong-value/missing/malformed mutants all fail."""
    spec = importlib.util.spec_from_file_location("nofab_bench_fidelity_real", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench
    spec.loader.exec_module(bench)
    result = bench.run(shared_data, per_call=2, seed=1)
    assert result["true_declarations"] > 1000
    assert result["false_flags"] == 0, result["false_flag_examples"]
    assert result["rejected"] == result["mutants"], result["escapes"]
