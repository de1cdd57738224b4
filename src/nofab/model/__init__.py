"""The data nofab reads and writes: the turn, findings, verdicts and events."""
