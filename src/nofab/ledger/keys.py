"""Ed25519 keys for signing ledger records: generated, loaded from a file or an
environment variable, never written to the log (only a short key id is).

``cryptography`` is imported here only when a key is actually used, so ``import nofab``
stays light; without it the error says ``pip install 'nofab[ledger]'``.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nofab.errors import NofabError, UsageError

SIGNING_KEY_ENV = "NOFAB_LEDGER_SIGNING_KEY"
PUBLIC_KEY_ENV = "NOFAB_LEDGER_PUBLIC_KEY"


class LedgerKeyError(NofabError, ValueError):
    """A key file or variable that cannot be used."""


def _crypto() -> Any:
    try:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError:
        raise UsageError(
            "signing the ledger needs the 'cryptography' package: pip install 'nofab[ledger]'"
        ) from None
    return serialization, ed25519


def _raw_public(public: Any) -> bytes:
    serialization, _ = _crypto()
    raw: bytes = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return raw


def key_id_of(raw_public: bytes) -> str:
    """Short id of a public key (SHA-256 of its 32 raw bytes, first 16 hex digits)."""
    return hashlib.sha256(raw_public).hexdigest()[:16]


@dataclass(frozen=True)
class SigningKey:
    """A private Ed25519 key, held in memory only."""

    _key: Any
    key_id: str

    def sign(self, message: bytes) -> str:
        return base64.b64encode(self._key.sign(message)).decode("ascii")


@dataclass(frozen=True)
class VerifyKey:
    """A public Ed25519 key."""

    _key: Any
    key_id: str

    def verifies(self, message: bytes, signature: str) -> bool:
        try:
            raw = base64.b64decode(signature.encode("ascii"), validate=True)
        except (ValueError, UnicodeEncodeError):
            return False
        from cryptography.exceptions import InvalidSignature

        try:
            self._key.verify(raw, message)
        except InvalidSignature:
            return False
        return True


def generate_keypair() -> tuple[bytes, bytes]:
    """A new key pair as (private PKCS#8 PEM, public SubjectPublicKeyInfo PEM)."""
    serialization, ed25519 = _crypto()
    private = ed25519.Ed25519PrivateKey.generate()
    private_pem: bytes = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    public_pem: bytes = private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return private_pem, public_pem


def _read(source: str | Path | None, env: str, what: str) -> tuple[bytes, str]:
    if source is not None:
        try:
            return Path(source).read_bytes(), str(source)
        except OSError as exc:
            raise LedgerKeyError(f"{source}: the {what} cannot be read: {exc.strerror}") from None
    text = os.environ.get(env, "")
    if not text.strip():
        raise LedgerKeyError(f"no {what}: give a key file or set {env} to the PEM text")
    return text.encode("utf-8"), f"${env}"


def load_signing_key(source: str | Path | None = None) -> SigningKey:
    """The private key from ``source`` (a PEM file) or, without one, ``$NOFAB_LEDGER_SIGNING_KEY``."""
    serialization, ed25519 = _crypto()
    data, label = _read(source, SIGNING_KEY_ENV, "signing key")
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise LedgerKeyError(f"{label}: not an unencrypted PEM private key ({exc})") from None
    if not isinstance(key, ed25519.Ed25519PrivateKey):
        raise LedgerKeyError(f"{label}: not an Ed25519 key (generate one with `nofab ledger keygen`)")
    return SigningKey(key, key_id_of(_raw_public(key.public_key())))


def load_verify_key(source: str | Path | None = None) -> VerifyKey:
    """The public key from ``source`` (a PEM file) or, without one, ``$NOFAB_LEDGER_PUBLIC_KEY``."""
    serialization, ed25519 = _crypto()
    data, label = _read(source, PUBLIC_KEY_ENV, "public key")
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError) as exc:
        raise LedgerKeyError(f"{label}: not a PEM public key ({exc})") from None
    if not isinstance(key, ed25519.Ed25519PublicKey):
        raise LedgerKeyError(f"{label}: not an Ed25519 public key")
    return VerifyKey(key, key_id_of(_raw_public(key)))
