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

An error object is the other common envelope (JSON-RPC, most HTTP APIs): the result holds an
``error`` (or ``errors``) key whose value explains the failure — a text, or an object with a
code or message (``{"error": {"code": 409, "message": "... not modified."}}``) — and nothing
but envelope fields beside it (``jsonrpc``, ``id``, ``status``, ``code``, ``message``,
``request_id``, ``timestamp``, a null ``data``). Principle: a result that is only an error's
explanation reports that the request failed, so it grounds no deed. Risk: a read tool
whose record is nothing but a stored error (a job's last error, looked up successfully) is
read as a failed call; a record with any payload key beside its ``error`` field is never an
envelope, which keeps that rare.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

#: Values of a status key that say the request itself failed (JSend's "error" and "fail").
_FAILURE_STATUSES = frozenset({"error", "fail", "failure"})
#: Keys whose value says whether the request succeeded.
_STATUS_KEYS = ("status", "result", "outcome")
_SUCCESS_KEYS = ("success", "ok", "succeeded")
#: Keys that carry the failure's explanation.
_EXPLANATION_KEYS = ("error", "errors", "error_code", "error_message", "message", "reason", "detail")


#: The key of an error object ({"error": {"code": 404, "message": "..."}}).
_ERROR_KEYS = ("error", "errors")
#: What an error object's explanation carries when it is an object.
_ERROR_DETAIL_KEYS = ("message", "code", "reason", "detail", "details", "description", "type", "status")
#: Values of a status key that say the request succeeded.
_SUCCESS_STATUSES = frozenset({"ok", "success", "succeeded", "done", "completed"})
#: An error text that says there is none.
_NO_ERROR = frozenset({"", "none", "null", "n/a", "no", "false", "0"})
#: Fields an error object may have beside its error: the envelope's own, never a payload.
_ENVELOPE_FIELDS = frozenset(
    {
        *_ERROR_KEYS,
        *_STATUS_KEYS,
        *_SUCCESS_KEYS,
        "jsonrpc",
        "id",
        "code",
        "status_code",
        "message",
        "request_id",
        "requestId",
        "trace_id",
        "timestamp",
        "data",
    }
)


#: An envelope is a few keys; a longer text is a payload and is not parsed here (the check
#: runs on every result of an adapter's transcript, before the result is parsed for use).
_MAX_ENVELOPE_CHARS = 2048


#: A text reply that opens with a protocol's failure code: an SMTP reply ("550 5.1.1 Delivery
#: failed", "554 Message rejected") or an HTTP status line ("404 Not Found", "503 Service
#: Unavailable"): a 4xx or 5xx code, perhaps an enhanced status code, then a failure word
#: within the first line.
_FAILURE_REPLY = re.compile(
    r"\s*(?:HTTP/\d(?:\.\d)?\s+)?[45]\d\d(?:[ -][245]\.\d{1,3}\.\d{1,3})?[ :-]+[^\n]{0,80}?"
    r"\b(?:error|errors|fail|failed|failure|rejected|denied|refused|not found|does not exist|"
    r"unavailable|forbidden|unauthorized|bad request|timed out|timeout|invalid|undeliverable|"
    r"bounced|blocked|conflict|too many requests)\b",
    re.IGNORECASE,
)


def reports_failure_text(text: object) -> bool:
    """Does a plain-text result report its call's failure by a protocol reply code?

    Principle: "550 5.1.1 Delivery failed: mailbox ... does not exist" and "404 Not Found"
    are how mail and web servers say a request failed; a tool that passes its server's reply
    through reports the failure as surely as one that writes "Error: ...". Both the code (4xx
    or 5xx at the very start) and a failure word in its first line are required. Risk: a
    text result that starts with a number in that range and a failure word about something
    else ("404 errors were logged yesterday") is read as a failed call."""
    return isinstance(text, str) and _FAILURE_REPLY.match(text) is not None


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
    if _is_error_object(value):
        return True
    if not any(value.get(key) for key in _EXPLANATION_KEYS):
        return False
    for key in _STATUS_KEYS:
        status = value.get(key)
        if isinstance(status, str) and status.strip().lower() in _FAILURE_STATUSES:
            return True
    return any(value.get(key) is False for key in _SUCCESS_KEYS)


def _is_error_object(value: Mapping[Any, Any]) -> bool:
    """``{"error": <an explanation>}`` with envelope fields only beside it (see the module doc)."""
    if not all(isinstance(k, str) and k in _ENVELOPE_FIELDS for k in value):
        return False
    if value.get("data"):
        return False  # a payload came back beside the error (GraphQL's partial data)
    if any(value.get(k) is True for k in _SUCCESS_KEYS) or any(
        isinstance(value.get(k), str) and value[k].strip().lower() in _SUCCESS_STATUSES for k in _STATUS_KEYS
    ):
        return False  # the envelope says the request succeeded: its "error" is a warning
    return any(_explains(value.get(key)) for key in _ERROR_KEYS)


def _explains(error: Any) -> bool:
    """Does this value under an error key explain a failure (a text, an object with a code or
    a message, or a list of them)?"""
    if isinstance(error, str):
        return error.strip().lower() not in _NO_ERROR
    if isinstance(error, Mapping):
        return any(error.get(k) not in (None, "", [], {}) for k in _ERROR_DETAIL_KEYS)
    if isinstance(error, list):
        return bool(error) and all(_explains(e) for e in error)
    return False


__all__ = ["is_error_envelope", "reports_failure", "reports_failure_text"]
