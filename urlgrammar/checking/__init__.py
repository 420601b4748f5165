"""Checking URL strings: the standard's validation errors, the writing grammar, and the
``check`` command."""
