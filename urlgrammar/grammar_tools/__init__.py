"""Grammar tooling: the grammar source reader, ``grammar check`` and railroad diagrams."""
