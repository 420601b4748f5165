"""What the states of the basic URL parser share: its variables, the pointer, c and remaining,
validation errors and the host parser.

https://url.spec.whatwg.org/#concept-basic-url-parser. The states themselves are in
:mod:`.scheme_authority` and :mod:`.file_path`, the steps that run them in :mod:`.statemachine`.
A state is named by the standard's name for it, and runs as the method of that name.

Validation errors are recorded twice: as the trace sees them (:class:`Raised`: the name, the
state that raised it and the pointer, an offset in the input after preprocessing) and as
:class:`~urlgrammar.errors.Diagnostic` objects whose spans are in the original input.
"""

from __future__ import annotations

import contextlib
import enum
from typing import Final, Literal, NamedTuple, TypeAlias

from urlgrammar.algorithm.host import host_parser
from urlgrammar.algorithm.record import ASCII_HEX_DIGIT, EOF, Text, URLBuilder, URLRecord, is_url_code_point
from urlgrammar.errors import Code, Diagnostic, URLError, message
from urlgrammar.host.parser import Host, parse_host
from urlgrammar.syntax.preprocess import preprocess


class Failure(enum.Enum):
    """What the parser returns where the standard says "return failure"."""

    FAILURE = "failure"


FAILURE: Final = Failure.FAILURE
#: What a state returns: failure, or nothing, to go on.
Outcome: TypeAlias = Failure | None

#: The states, by the standard's names. The hostname state is left out: only a state override,
#: which is left out too, can reach it.
State: TypeAlias = Literal[
    "scheme start state", "scheme state", "no scheme state",
    "special relative or authority state", "path or authority state", "relative state",
    "relative slash state", "special authority slashes state",
    "special authority ignore slashes state", "authority state", "host state", "port state",
    "file state", "file slash state", "file host state", "path start state", "path state",
    "opaque path state", "query state", "fragment state",
]


class Raised(NamedTuple):
    """A validation error in the trace: its name, the state (or steps) that raised it, and the
    pointer of that step, where c was; None for the preprocessing steps, before any."""

    name: str
    state: str
    pointer: int | None


#: The URL component each state works on, for diagnostics; None where it is the structure.
_COMPONENT: Final[dict[str, str]] = {
    "scheme start state": "scheme", "scheme state": "scheme", "authority state": "userinfo",
    "host state": "host", "file host state": "host", "port state": "port",
    "path start state": "path", "path state": "path", "opaque path state": "path",
    "query state": "query", "fragment state": "fragment",
}


class Machine:
    """The variables of one run of the basic URL parser on ``input``, with ``base`` and
    ``encoding`` (an encoding's name), and the steps its states share."""

    def __init__(self, input: str, base: URLRecord | None = None, encoding: str = "UTF-8") -> None:
        self.original = input
        self.offsets = preprocess(input).offsets
        self.base = base
        self.encoding = encoding
        self.url = URLBuilder()
        self.input = ""  # until the preprocessing steps set it
        self.state: State = "scheme start state"
        self.buffer = Text()
        self.at_sign_seen = self.inside_brackets = self.password_token_seen = False
        self.pointer = 0
        self.trace: list[tuple[str, int]] = []
        self.raised: list[Raised] = []
        self.errors: list[Diagnostic] = []
        self.running: State = self.state  # the state whose step runs now
        self.step = 0  # the pointer at the start of that step

    # ---- Pointer, c and remaining (https://url.spec.whatwg.org/#pointer) ----------------------

    @property
    def c(self) -> str:
        """https://url.spec.whatwg.org/#c"""
        return self.input[self.pointer] if self.pointer < len(self.input) else EOF

    def remaining_starts_with(self, s: str) -> bool:
        """Whether https://url.spec.whatwg.org/#remaining starts with ``s``."""
        return self.input.startswith(s, self.pointer + 1)

    def remaining_starts_with_two_ascii_hex_digits(self) -> bool:
        two = self.input[self.pointer + 1:self.pointer + 3]
        return len(two) == 2 and two[0] in ASCII_HEX_DIGIT and two[1] in ASCII_HEX_DIGIT

    # ---- Validation errors and the host parser -----------------------------------------------

    def validation_error(self, name: Code, span: tuple[int, int] | None = None,
                         specifics: str | None = None, component: str | None = None) -> None:
        """https://url.spec.whatwg.org/#validation-error, at ``span`` of the processed input,
        by default c (or the empty span at the end, where c is the EOF code point); its message
        is the errors table's, with ``specifics``."""
        if span is None:
            span = (self.pointer, self.pointer + (self.pointer < len(self.input)))
        self.raised.append(Raised(name, self.running, self.step))
        self.errors.append(Diagnostic(name, *self.offsets.span(*span), message(name, specifics),
                                      component or _COMPONENT.get(self.running)))

    def invalid_url_units(self, c: str) -> None:
        """The two checks that the path, opaque path, query and fragment states share."""
        if not is_url_code_point(c) and c != "%":
            self.validation_error(Code.INVALID_URL_UNIT, specifics=f"U+{ord(c):04X}")
        if c == "%" and not self.remaining_starts_with_two_ascii_hex_digits():
            self.validation_error(Code.INVALID_URL_UNIT, specifics="a '%' without two hex digits after it")

    def host_parsing(self, start: int) -> Host | Failure:
        """https://url.spec.whatwg.org/#concept-host-parser on buffer, which starts at ``start``,
        with isOpaque set to whether url is not special."""
        found: list[Diagnostic] = []

        def origin(s: int, e: int) -> tuple[int, int]:
            return self.offsets.span(start + s, start + e)

        text = str(self.buffer)
        # The pipeline's host parser for the validation errors (their spans and messages); the
        # transcribed one decides the host, so that the two are compared on hosts too.
        with contextlib.suppress(URLError):
            parse_host(text, self.url.is_special(), diagnostics=found, origin=origin)
        decided = host_parser(text, not self.url.is_special())
        host: Host | Failure = FAILURE if decided is None else decided
        self.errors += found
        self.raised += (Raised(d.code, self.running, self.step) for d in found)
        return host
