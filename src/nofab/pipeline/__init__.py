"""The guard: detect, filter, dedupe, decide, act, emit; streaming, sessions, pending calls."""
