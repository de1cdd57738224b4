"""Readers that turn the public evaluation corpora into turns.

- τ-bench trajectories (OpenAI chat messages): one turn per assistant message with text,
  with every tool call so far (results linked by ``tool_call_id``) as evidence, the last
  user message as ``user_message`` and the system prompt plus earlier user messages as
  context. The assistant's own earlier text is never evidence.
- ToolTalk conversations: one turn per assistant reply, with the API calls of that reply
  and of earlier replies as evidence and the conversation metadata (user, time, place) as
  context.

These feed the false-positive tests and the benchmarks. Both are read by the transcript
adapters users get (``nofab.adapters.openai_chat`` and ``nofab.adapters.tooltalk``), so the
corpora measure exactly what ``nofab check`` does with the same files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from nofab.adapters import openai_chat, tooltalk
from nofab.model.turn import Turn


def openai_chat_turns(messages: list[Mapping[str, Any]]) -> Iterator[tuple[int, Turn]]:
    """(message index, turn) for each assistant message with text in an OpenAI chat transcript."""
    for extracted in openai_chat.extract_messages(messages):
        yield extracted.index, extracted.turn


def tau_bench_turns(path: Path) -> Iterator[tuple[str, Turn]]:
    """("task <id> message <i>", turn) for every assistant text turn of a τ-bench results file."""
    for episode in json.loads(path.read_text("utf-8")):
        for index, turn in openai_chat_turns(episode["traj"]):
            yield f"task {episode['task_id']} trial {episode.get('trial', 0)} message {index}", turn


def tooltalk_turns(path: Path) -> Iterator[tuple[str, Turn]]:
    """("<file> turn <i>", turn) for every assistant reply of a ToolTalk conversation file."""
    for extracted in tooltalk.extract(json.loads(path.read_text("utf-8"))):
        yield f"{path.name} turn {extracted.index}", extracted.turn


def tooltalk_corpus(root: Path) -> Iterator[tuple[str, Turn]]:
    """Every ToolTalk reply under ``root`` (the ``easy`` and ``tooltalk`` folders)."""
    for path in sorted(root.glob("*/*.json")):
        if path.parent.name == "databases":
            continue
        yield from tooltalk_turns(path)
