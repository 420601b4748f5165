"""The URL model: the component record, the scheme table and parser modes, the code point
classes and the Component Characters table."""
