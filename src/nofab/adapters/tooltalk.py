"""ToolTalk conversation files -> turns.

A file is ``{"metadata": {...}, "conversation": [...]}``; each entry has a ``role``
(``user`` / ``assistant``) and ``text``, and an assistant entry lists the API calls it made
in ``apis[].request`` (``api_name``, ``parameters``), ``response`` and ``exception``.

Every assistant entry is a turn (ToolTalk replies are short and all grounded, so the
false-positive tests want every one), with the calls of that entry and of earlier entries
as evidence. The metadata (user, time, location), one ``key: value`` per line, opens the
context like a system prompt.
"""

from __future__ import annotations

from typing import Any

from nofab.adapters.conversation import Conversation, ExtractedTurn, mapping, sequence, string


def extract(obj: Any) -> list[ExtractedTurn]:
    data = mapping(obj, "input")
    metadata = mapping(data.get("metadata") or {}, "metadata")
    conversation = Conversation()
    conversation.add_system("\n".join(f"{k}: {v}" for k, v in metadata.items()))
    for index, raw in enumerate(sequence(data.get("conversation"), "conversation")):
        where = f"conversation[{index}]"
        entry = mapping(raw, where)
        role = string(entry, "role", where)
        text = string(entry, "text", where)
        if role == "user":
            conversation.add_user(text)
            continue
        for j, raw_api in enumerate(sequence(entry.get("apis"), f"{where}.apis", optional=True)):
            at = f"{where}.apis[{j}]"
            api = mapping(raw_api, at)
            request = mapping(api.get("request") or {}, f"{at}.request")
            exception = api.get("exception")
            name = request.get("api_name")
            conversation.add_call(
                "",
                name if isinstance(name, str) and name else "?",
                request.get("parameters"),
                str(exception) if exception else api.get("response"),
                is_error=bool(exception),
            )
        conversation.answer(text, index, where)
    return conversation.turns
