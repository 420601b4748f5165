"""The basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser), step by step.

Each state of the standard's state machine is a method named after it, with the steps in the
standard's order, so that the two can be read side by side: the states from the scheme start
state to the port state are in :mod:`.scheme_authority`, the others in :mod:`.file_path`, and
what they share (pointer, c, remaining, validation errors, host parsing) in :mod:`.machine`.
Here are the steps that run them.

The state override, and the ``url`` argument that goes with it, serve only the URL API's
setters and are left out: so are the steps that test them, and the hostname state, which only a
state override can reach.

While it runs, the parser records a trace: each state it visits with the pointer (an offset in
the input after preprocessing), and each validation error with the state and the pointer that
raised it. Validation errors are also reported as :class:`~urlgrammar.errors.Diagnostic` objects
whose spans are in the original input, before preprocessing removed anything.

The standard's input is a scalar value string; a Python string can also hold surrogate code
points. The parser keeps them: a surrogate is not a URL code point, so it raises
invalid-URL-unit (as it does in whatwg-url, which is given a JavaScript string), and each
percent-encoding encodes it as U+FFFD, so that the URL is the one a browser gives after turning
the lone surrogate into U+FFFD.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from urlgrammar.algorithm.file_path import FileAndPathStates
from urlgrammar.algorithm.machine import FAILURE, Failure, Outcome, Raised
from urlgrammar.algorithm.record import ASCII_TAB_OR_NEWLINE, C0_CONTROL_OR_SPACE, URLRecord
from urlgrammar.algorithm.scheme_authority import SchemeAndAuthorityStates
from urlgrammar.encoding.labels import get_output_encoding
from urlgrammar.errors import Code, Diagnostic, message

_TAB_OR_NEWLINE: Final = re.compile("[\t\n\r]")


class BasicURLParser(SchemeAndAuthorityStates, FileAndPathStates):
    """One run of https://url.spec.whatwg.org/#concept-basic-url-parser: construct it with
    ``input``, ``base`` (a URL record or None) and ``encoding`` (an encoding's name), then call
    :meth:`parse`; ``trace``, ``raised`` and ``errors`` then say how it went."""

    def parse(self) -> URLRecord | Failure:
        """https://url.spec.whatwg.org/#concept-basic-url-parser"""
        # Step 1: url is not given; step 1.1 happened in __init__.
        input = self.original
        trimmed = input.strip(C0_CONTROL_OR_SPACE)
        lead = len(input) - len(input.lstrip(C0_CONTROL_OR_SPACE))
        if trimmed != input:
            span = (0, lead) if lead else (len(trimmed), len(input))
            self.preprocessing_error("step 1.2", span,
                                     "a C0 control or space at the start or end")
        input = trimmed
        # Step 2.
        tab_or_newline = _TAB_OR_NEWLINE.search(input)
        if tab_or_newline:
            at = lead + tab_or_newline.start()
            self.preprocessing_error("step 2", (at, at + 1), "a tab or newline")
        # Step 3.
        self.input = input if not tab_or_newline else "".join(
            c for c in input if c not in ASCII_TAB_OR_NEWLINE)
        # Step 4: without a state override, the state is the scheme start state, as set in
        # __init__, with the buffer, the flags and the pointer of steps 6 to 8.
        # Step 5.
        self.encoding = get_output_encoding(self.encoding)
        # Step 9.
        while True:
            self.running, self.step = self.state, self.pointer
            self.trace.append((self.running, self.step))
            if self.state_named(self.state)() is FAILURE:
                return FAILURE
            if self.pointer >= len(self.input):
                break
            self.pointer += 1
        # Step 10.
        return self.url.record()

    def state_named(self, name: str) -> Callable[[], Outcome]:
        """The method that is the state ``name``."""
        state: Callable[[], Outcome] = getattr(self, name.replace(" ", "_"))
        return state

    def preprocessing_error(self, step: str, span: tuple[int, int], specifics: str) -> None:
        """invalid-URL-unit from steps 1.2 and 2, before there is a pointer; ``span`` is in
        the original input."""
        self.raised.append(Raised(Code.INVALID_URL_UNIT, f"basic URL parser {step}", None))
        code = Code.INVALID_URL_UNIT
        self.errors.append(Diagnostic(code, *span, message(code, specifics)))
