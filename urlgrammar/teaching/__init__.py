"""Teaching: ``explain``, every phase of a parse and where grammar and algorithm differ."""
