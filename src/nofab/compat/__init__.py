"""Drop-in entry points for teams moving from the systems nofab unifies.

- ``nofab.compat.symfonic``: Symfonic's ``detect_fabrication`` and ``FabricationFinding``.
- ``nofab.compat.pleach``: Pleach's ``applyFabricationGuard`` as ``apply_fabrication_guard``,
  its single detectors and constants; ``nofab.compat.pleach_http`` serves it over HTTP.

Each maps the original's call onto nofab's own pipeline; ``docs/compat.md`` lists every
place where the result deliberately differs, and why.
"""
