"""The Dask engine: the same pure check on a real local ``distributed`` cluster, same results."""

from __future__ import annotations

from pathlib import Path

import pytest

from nofab.batch.audit import audit, settings_for
from nofab.batch.store import RunStore
from nofab.errors import UsageError

distributed = pytest.importorskip("distributed", reason="pip install 'nofab[audit]'")

QUERY = (
    "SELECT t.source, t.position, t.sub, f.fingerprint, f.confidence "
    "FROM findings f JOIN turns t USING (turn_id) ORDER BY ALL"
)


def test_dask_scheduler_matches_local_engine(corpus: Path, tmp_path: Path) -> None:
    """Records sent in partitions to a two-worker scheduler are stored exactly as the local engine does."""
    settings = settings_for("observe", 0.8)
    audit([str(corpus)], tmp_path / "local.duckdb", settings, progress=False)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        stats = audit(
            [str(corpus)],
            tmp_path / "dask.duckdb",
            settings,
            engine="dask",
            scheduler=cluster.scheduler_address,
            chunk_size=2,
            progress=False,
        )
    assert stats.turns == 5
    local, remote = (
        RunStore(tmp_path / "local.duckdb", read_only=True),
        RunStore(tmp_path / "dask.duckdb", read_only=True),
    )
    assert remote.con.execute(QUERY).fetchall() == local.con.execute(QUERY).fetchall()
    assert remote.scalar("SELECT sum(calls) FROM timings WHERE detector = 'numbers'") == 5


def test_scheduler_needs_the_dask_engine(corpus: Path, tmp_path: Path) -> None:
    """--scheduler with the local engine is a usage error, not silently ignored."""
    with pytest.raises(UsageError, match="--engine dask"):
        audit(
            [str(corpus)],
            tmp_path / "r.duckdb",
            settings_for("observe", 0.8),
            scheduler="tcp://x:1",
            progress=False,
        )


def test_cli_dask_engine_starts_its_own_local_cluster(corpus: Path, tmp_path: Path) -> None:
    """`--engine dask` without a scheduler starts (and stops) a local cluster of --workers processes."""
    from nofab.cli.main import main

    out = tmp_path / "r.duckdb"
    code = main(
        ["audit", str(corpus), "--out", str(out), "--engine", "dask", "--workers", "1", "--no-progress"]
    )
    assert code == 1
    assert RunStore(out, read_only=True).scalar("SELECT count(*) FROM turns") == 5
