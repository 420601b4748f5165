"""The URL model: the component record, the scheme table and parser modes."""
