"""Batch audit of logged turns: read (``sources``), split into turns (``records``), check
(``work``, pure, runs in any process), run on local cores or Dask (``engine``), store in an
embedded DuckDB file (``store``), summarise and report (``report``), calibrate (``calibrate``).

Nothing here is imported by ``import nofab``; DuckDB, Dask and PyArrow are imported lazily
(``pip install 'nofab[audit]'``).
"""
