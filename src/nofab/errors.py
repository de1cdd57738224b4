"""The exceptions nofab raises, all under one root.

    NofabError                   root: catch this to catch everything nofab raises on purpose
    ├── InputError               a turn, profile or policy that does not have the documented shape
    │   ├── TurnError            a turn field is missing, of the wrong type or out of range
    │   ├── ProfileError         a profile file or value is malformed
    │   ├── PolicyError          a policy value is out of range
    │   └── InputTooLargeError   an input is over its size limit
    ├── UsageError               the API was called in a way it does not support
    │   └── MissingExtraError    an optional feature's packages are not installed (also an ImportError)
    └── DetectorFailedError      a detector raised and the policy says ``on_detector_error="raise"``

Every message names what is wrong and where (a dotted field path such as
``tool_calls[2].status``) and, where it helps, what to do about it.
"""

from __future__ import annotations


class NofabError(Exception):
    """Root of every error nofab raises on purpose."""


class InputError(NofabError, ValueError):
    """An input does not have the documented shape.

    ``where`` is the dotted path of the offending field (``""`` for the whole input).
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        self.detail = message
        super().__init__(f"{where}: {message}" if where else message)


class TurnError(InputError):
    """A turn field is missing, of the wrong type, or out of range."""


class ProfileError(InputError):
    """A profile file or one of its values is malformed."""


class PolicyError(InputError):
    """A policy value is out of range."""


class InputTooLargeError(InputError):
    """An input is over its configured size limit."""


class UsageError(NofabError, TypeError):
    """The API was called in a way it does not support (for example an async reviser in a
    sync ``check`` while an event loop is running: use ``acheck``)."""


class DetectorFailedError(NofabError, RuntimeError):
    """A detector raised while checking a turn and the policy asked for errors to propagate."""

    def __init__(self, detector_id: str, cause: BaseException) -> None:
        self.detector_id = detector_id
        super().__init__(f"detector {detector_id!r} failed: {type(cause).__name__}: {cause}")


class MissingExtraError(UsageError, ImportError):
    """An optional feature (the service, a framework integration) needs packages that are not
    installed; the message says which ``pip install 'nofab[extra]'`` brings them."""

    def __init__(self, feature: str, extra: str, missing: str | None = None) -> None:
        what = f" ({missing} is missing)" if missing else ""
        super().__init__(f"{feature} needs an optional extra{what}: pip install 'nofab[{extra}]'")
        self.extra = extra
