"""Agent-framework integrations. Each is an extra, imported only when you import it; the core
never imports this package.

- ``nofab.integrations.openai_agents`` — OpenAI Agents SDK (``pip install 'nofab[openai-agents]'``):
  run hooks that collect tool calls, an output guardrail, a tool input guardrail.
- ``nofab.integrations.pydantic_ai`` — Pydantic AI (``pip install 'nofab[pydantic-ai]'``):
  an output validator that asks the model to revise with ``ModelRetry``.
- ``nofab.integrations.langchain`` — LangChain v1 agents (``pip install 'nofab[langchain]'``):
  a middleware that checks after the model, revises once, and vets tool arguments.
"""
