"""Where every reader reads a reference against a base as the base: parser-disagreement
without running them.

https://url.spec.whatwg.org/#relative-state: against a special base, a reference with no
scheme that does not start with two separators takes the base's scheme, host and port (the
relative and relative slash states copy them; a path, query or fragment follows); against a
file base, the file and file slash states take the base's host alike
(https://url.spec.whatwg.org/#file-state), and a file URL has no port. Python's readers do
the same with such a reference: ``urljoin`` keeps the base's scheme and netloc where the
reference has neither (RFC 3986 § 5.2.2, which httpx and yarl
follow; urllib3 and http.client read ``urljoin``'s result, whose authority is the base's up to
its first `/`). So every reader reads the base's scheme, host and port, or refuses the
string; where the base is a plain URL (:func:`urlgrammar.operations.offsets.plain_href`: a
lowercase special scheme, `//`, a lowercase ASCII domain or a file URL's empty host, a port
as the serializer writes it),
each reads those as the standard does (:mod:`.disagreement`), and there is no disagreement
to look for. The readers, 10 to 40 µs each (httpx, urllib3), then do not run.

The reference must give no reader a scheme or an authority of its own: no `:` before its
first `/`, `?` or `#` (urllib's scheme, and the standard's, end at the first `:`, and only
scheme code points come before it), not starting with `//`, `/\\` or `\\` (the standard reads
an authority after two separators, or reads a backslash as one where urllib does not), and
nothing that preprocessing changes where urllib does not (a tab or newline, which either
removes, could join two slashes; a C0 control or space at the start). The tests compare the
answer with the readers' on WPT's references and generated ones.
"""

from __future__ import annotations

import re
from functools import lru_cache

from urlgrammar.model.schemes import Mode, mode_for_scheme
from urlgrammar.operations.offsets import plain_href
from urlgrammar.operations.path_text import has_dot_segment

#: A `:` before the first `/`, `?` or `#`: perhaps a scheme, to the standard or to a reader.
_COLON_FIRST = re.compile("[^/?#:]*:")
#: Where a reference's path ends: its query or fragment.
_PATH_END = re.compile("[?#]")


def reads_the_base(input: str, base: str) -> bool:
    """Whether every reader reads ``input`` against ``base`` (an href) as the standard does,
    seen from the two as written (see above): False where that is not known so."""
    if "\t" in input or "\n" in input or "\r" in input:
        return False
    if input and (input[0] <= " " or input[0] == "\\" or input[:2] in ("//", "/\\")):
        return False
    if _COLON_FIRST.match(input) is not None or not _plain_special(base):
        return False
    # A file base's host is empty: where ``urljoin`` removes a dot segment from the path it
    # joins (`/.//path`), the path may start with `//` and its result be read with a host.
    return not base.startswith("file:") or not has_dot_segment("/" + _PATH_END.split(input, 1)[0])


@lru_cache(maxsize=64)  # the URLs of one document share a base
def _plain_special(base: str) -> bool:
    """``base`` is a plain href of a special URL, a file URL among them."""
    found = plain_href(base)
    return found is not None and mode_for_scheme(base[:base.find(":")]) in (Mode.SPECIAL, Mode.FILE)

