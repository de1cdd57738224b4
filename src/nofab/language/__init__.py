"""Text and words: normalisation, token search and the lexicons of five languages."""
