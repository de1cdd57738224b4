"""What can ground an answer: the per-turn index, tables read from results, tool status."""
