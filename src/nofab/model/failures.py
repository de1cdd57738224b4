"""A tool result that reports its own call's failure: an error envelope.

Principle: many tools answer a failed request with a structured object rather than a
transport error: ``{"status": "error", "error": "DeviceUnreachable: ..."}``,
``{"status": "error", "error_code": "ALARM_LIMIT", "message": "... not created."}``,
``{"success": false, "message": "..."}``. Where the transcript carries no error flag of its
own (OpenAI chat messages, a turn whose call gives no ``status``), such a result is the
call's failure, exactly as a text starting with "Error:" is: read as a success, the failed
deed would ground the answer's claim that it was done.

The envelope is read at the top level only, and only when it carries a failure word under a
status key (or ``false`` under a success key) *and* an error or message text: a record that
merely has a status field ("status": "cancelled") or a list of records is never a failure.

Risk: a read whose result is a single record with ``"status": "error"`` and an ``error``
field (a job that failed, looked up by a tool that worked) is read as a failed call; the
failure words are kept to the envelope's ("error", "fail", "failure"), not a record's
"failed", to keep that rare.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

#: Values of a status key that say the request itself failed (JSend's "error" and "fail").
_FAILURE_STATUSES = frozenset({"error", "fail", "failure"})
#: Keys whose value says whether the request succeeded.
_STATUS_KEYS = ("status", "result", "outcome")
_SUCCESS_KEYS = ("success", "ok", "succeeded")
#: Keys that carry the failure's explanation.
_EXPLANATION_KEYS = ("error", "errors", "error_code", "error_message", "message", "reason", "detail")


#: An envelope is a few keys; a longer text is a payload and is not parsed here (the check
#: runs on every result of an adapter's transcript, before the result is parsed for use).
_MAX_ENVELOPE_CHARS = 2048


def reports_failure(result: Any) -> bool:
    """Is this raw result (an object, or JSON text) an error envelope?"""
    if isinstance(result, str):
        text = result.strip()
        if not (text.startswith("{") and text.endswith("}")) or len(text) > _MAX_ENVELOPE_CHARS:
            return False
        try:
            result = json.loads(text)
        except ValueError:
            return False
    return is_error_envelope(result)


def is_error_envelope(value: Any) -> bool:
    """Does this parsed result report that its own call failed (see the module doc)?"""
    if not isinstance(value, Mapping) or not value:
        return False
    if not any(value.get(key) for key in _EXPLANATION_KEYS):
        return False
    for key in _STATUS_KEYS:
        status = value.get(key)
        if isinstance(status, str) and status.strip().lower() in _FAILURE_STATUSES:
            return True
    return any(value.get(key) is False for key in _SUCCESS_KEYS)


__all__ = ["is_error_envelope", "reports_failure"]
