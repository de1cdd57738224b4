"""Fact fidelity: declared values re-extracted from the cited tool output, no model involved.

- ``nofab.fidelity.path``      the path language (``rows[*].name``, ``["a.b"]``, ``$``)
- ``nofab.fidelity.matchers``  exact / contains / int / number / iso_ts / record / regex
- ``nofab.fidelity.anchor``    identity anchors (hashes, IPs, e-mails, file names)
- ``nofab.fidelity.report``    checking every declaration of a turn -> ``FidelityReport``
- ``nofab.fidelity.ladder``    claim tiers: what a failed value does to its claim
- ``nofab.fidelity.fault``     ``NOFAB_FAULT_INJECT=misread:<fragment>`` for demonstrations

This package is imported by ``nofab.model.turn`` for validation, so it must not import
``nofab.model.turn`` at package import time (the submodules that need it import it themselves).
"""
