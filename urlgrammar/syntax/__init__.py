"""URL syntax: the grammar cache, the lean LALR driver, preprocessing, the lift from
parse trees to records, and printing."""
