"""The OpenAPI pieces of the service: the turn as a request body and the JSON error shape."""

from __future__ import annotations

from typing import Any

from nofab.model.schema import turn_schema

#: The request body of a check: the turn's own JSON Schema, the one the validator's known keys
#: come from (``nofab.model.schema``), so the API docs cannot drift from what is accepted.
TURN_SCHEMA: dict[str, Any] = {k: v for k, v in turn_schema().items() if k != "$schema"}
_ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string"}, "where": {"type": "string"}},
}
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    code: {"description": text, "content": {"application/json": {"schema": _ERROR_SCHEMA}}}
    for code, text in (
        (400, "the body is not JSON"),
        (401, "missing or wrong bearer token"),
        (408, "the body did not arrive within the body timeout"),
        (413, "the body or the answer in it is over the size limit"),
        (415, "the body is not sent as application/json"),
        (422, "the JSON does not have the documented shape"),
        (503, "the check did not finish within the time budget, or the service is at its limit"),
    )
}
