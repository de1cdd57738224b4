"""Identity anchors: declared values that name one specific thing.

A misread hash, address, e-mail or file name is not a rounding slip: it points the
reader at a different object (another binary, another host). Such failures are found
with higher confidence (0.95) and reject a claim at any tier.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any

from nofab.fidelity.matchers import record_constraints, scalar_text

#: MD5, SHA-1 and SHA-256 digests written as hex.
_HASH = re.compile(r"[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64}")
#: A plain e-mail address; linear (no nested quantifiers).
_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+")
#: Extensions that make a token a file name. A fixed list on purpose: "42.73" or a
#: domain such as "example.org" must not be read as files.
_EXTENSION_WORDS = """
    exe dll sys bat cmd ps1 psm1 vbs js jse wsf hta scr com msi msp lnk pf jar py pyc sh bash
    txt log csv tsv json xml yaml yml toml ini cfg conf md html htm pdf doc docx xls xlsx ppt pptx rtf
    zip gz tgz tar 7z rar bz2 xz iso img vhd vhdx dmg apk ipa deb rpm
    jpg jpeg png gif bmp svg webp mp3 mp4 wav mov avi
    evtx evt dat db sqlite sqlite3 mdb pst ost eml msg key pem crt cer pfx p12 bak tmp bin so dylib"""
FILE_EXTENSIONS = frozenset(_EXTENSION_WORDS.split())
_FILE = re.compile(r"[^\s\\/:*?\"<>|]+\.([A-Za-z0-9]{1,8})")


def anchor_kind(value: Any) -> str | None:
    """``hash``, ``ip``, ``email`` or ``file`` when ``value`` is an identity anchor, else ``None``."""
    text = scalar_text(value) if not isinstance(value, (dict, list)) else None
    if text is None:
        return None
    text = text.strip()
    if not text or len(text) > 512:
        return None
    if _HASH.fullmatch(text):
        return "hash"
    try:
        ipaddress.ip_address(text.strip("[]"))
        return "ip"
    except ValueError:
        pass
    if _EMAIL.fullmatch(text):
        return "email"
    name = re.split(r"[\\/]", text)[-1]
    found = _FILE.fullmatch(name)
    if found and found.group(1).lower() in FILE_EXTENSIONS:
        return "file"
    return None


def declared_anchor(match: str, expected: Any) -> str | None:
    """The anchor kind of a declaration: for ``record``, of its first anchored constraint."""
    if match == "record":
        try:
            constraints = record_constraints(expected)
        except ValueError:
            return None
        for value in constraints.values():
            kind = anchor_kind(value)
            if kind:
                return kind
        return None
    if match == "regex":
        return None
    return anchor_kind(expected)
