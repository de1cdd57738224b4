"""Numbers in prose and in evidence: extraction, indexes, derivations, display rounding."""
