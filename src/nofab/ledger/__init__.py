"""The ledger: an append-only, hash-chained, optionally signed record of verdicts.

One canonical JSON record per line (sorted keys, no spaces), each with a sequence number,
a timestamp, the hash of the previous record, the policy and profile digests, the
detector ids and versions, the findings and the sealed values the fidelity parser read.
``nofab ledger verify`` checks all of it offline; see ``docs/ledger.md``.

Named "ledger" so as not to clash with the batch ``nofab audit`` command. Signing needs
the ``cryptography`` package (``pip install 'nofab[ledger]'``), imported only when a key
is used.
"""

from __future__ import annotations

from nofab.ledger.keys import (
    LedgerKeyError,
    SigningKey,
    VerifyKey,
    generate_keypair,
    load_signing_key,
    load_verify_key,
)
from nofab.ledger.log import Appended, Ledger, LedgerError
from nofab.ledger.record import GENESIS, canonical, record_hash
from nofab.ledger.verify import Problem, VerifyReport, verify

__all__ = [
    "GENESIS",
    "Appended",
    "Ledger",
    "LedgerError",
    "LedgerKeyError",
    "Problem",
    "SigningKey",
    "VerifyKey",
    "VerifyReport",
    "canonical",
    "generate_keypair",
    "load_signing_key",
    "load_verify_key",
    "record_hash",
    "verify",
]
