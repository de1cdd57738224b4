"""Lazy imports of the ``audit`` extra, with an error that says how to install it."""

from __future__ import annotations

import importlib
from types import ModuleType

from nofab.errors import UsageError


def require(module: str, extra: str = "audit") -> ModuleType:
    """Import ``module`` or raise a ``UsageError`` that names the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise UsageError(
            f"{module.split('.')[0]} is not installed ({exc}): pip install 'nofab[{extra}]'"
        ) from None
