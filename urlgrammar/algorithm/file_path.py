"""The basic URL parser's states from the file state to the fragment state.

https://url.spec.whatwg.org/#concept-basic-url-parser step 9: file URLs, whose host and path
have their own states, then the path, the opaque path, the query and the fragment. Each method
is the state of the same name, its steps in the standard's order; the steps that test the
state override are left out.
"""

from __future__ import annotations

from urlgrammar.algorithm.machine import FAILURE, Machine, Outcome
from urlgrammar.algorithm.record import (
    EOF,
    Text,
    is_double_dot_url_path_segment,
    is_normalized_windows_drive_letter,
    is_single_dot_url_path_segment,
    is_windows_drive_letter,
    starts_with_a_windows_drive_letter,
)
from urlgrammar.encoding.percent import (
    C0_CONTROL_SET,
    FRAGMENT_SET,
    PATH_SET,
    QUERY_SET,
    SPECIAL_QUERY_SET,
    percent_encode_after_encoding,
    utf8_percent_encode,
)
from urlgrammar.errors import Code
from urlgrammar.host.parser import Domain, Empty


class FileAndPathStates(Machine):
    """https://url.spec.whatwg.org/#file-state to https://url.spec.whatwg.org/#fragment-state"""

    def file_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#file-state"""
        c, url, base = self.c, self.url, self.base
        url.scheme = "file"
        url.host = Empty()
        if c in ("/", "\\"):
            if c == "\\":
                self.validation_error(Code.INVALID_REVERSE_SOLIDUS)
            self.state = "file slash state"
        elif base is not None and base.scheme == "file":
            assert isinstance(base.path, list)  # a file URL is special
            url.host, url.path, url.query = base.host, list(base.path), base.query
            if c == "?":
                url.query = ""
                self.state = "query state"
            elif c == "#":
                url.fragment = Text()
                self.state = "fragment state"
            elif c != EOF:
                url.query = None
                if not starts_with_a_windows_drive_letter(self.input, self.pointer):
                    url.shorten_path()
                else:
                    self.validation_error(Code.FILE_INVALID_WINDOWS_DRIVE_LETTER,
                                          (self.pointer, self.pointer + 2))
                    url.path = []
                self.state = "path state"
                self.pointer -= 1
        else:
            self.state = "path state"
            self.pointer -= 1
        return None

    def file_slash_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#file-slash-state"""
        c, url, base = self.c, self.url, self.base
        if c in ("/", "\\"):
            if c == "\\":
                self.validation_error(Code.INVALID_REVERSE_SOLIDUS)
            self.state = "file host state"
        else:
            if base is not None and base.scheme == "file":
                url.host = base.host
                if (not starts_with_a_windows_drive_letter(self.input, self.pointer)
                        and is_normalized_windows_drive_letter(base.path[0])):
                    url.path.append(base.path[0])
            self.state = "path state"
            self.pointer -= 1
        return None

    def file_host_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#file-host-state"""
        c, url = self.c, self.url
        if c in (EOF, "/", "\\", "?", "#"):
            start = self.pointer - len(self.buffer)
            self.pointer -= 1
            if is_windows_drive_letter(str(self.buffer)):
                self.validation_error(Code.FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST, (start, self.step))
                self.state = "path state"
            elif len(self.buffer) == 0:
                url.host = Empty()
                self.state = "path start state"
            else:
                host = self.host_parsing(start)
                if host is FAILURE:
                    return FAILURE
                if host == Domain("localhost"):
                    host = Empty()
                url.host = host
                self.buffer = Text()
                self.state = "path start state"
        else:
            self.buffer.append(c)
        return None

    def path_start_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#path-start-state"""
        c, url = self.c, self.url
        if url.is_special():
            if c == "\\":
                self.validation_error(Code.INVALID_REVERSE_SOLIDUS)
            self.state = "path state"
            if c not in ("/", "\\"):
                self.pointer -= 1
        elif c == "?":
            url.query = ""
            self.state = "query state"
        elif c == "#":
            url.fragment = Text()
            self.state = "fragment state"
        elif c != EOF:
            self.state = "path state"
            if c != "/":
                self.pointer -= 1
        return None

    def path_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#path-state"""
        c, url = self.c, self.url
        slash = c == "/" or (url.is_special() and c == "\\")
        if c in (EOF, "?", "#") or slash:
            if url.is_special() and c == "\\":
                self.validation_error(Code.INVALID_REVERSE_SOLIDUS)
            buffer = str(self.buffer)
            if is_double_dot_url_path_segment(buffer):
                url.shorten_path()
                if not slash:
                    url.path.append("")
            elif is_single_dot_url_path_segment(buffer) and not slash:
                url.path.append("")
            elif not is_single_dot_url_path_segment(buffer):
                if url.scheme == "file" and not url.path and is_windows_drive_letter(buffer):
                    buffer = buffer[0] + ":"
                url.path.append(buffer)
            self.buffer = Text()
            if c == "?":
                url.query = ""
                self.state = "query state"
            if c == "#":
                url.fragment = Text()
                self.state = "fragment state"
        else:
            self.invalid_url_units(c)
            self.buffer.append(utf8_percent_encode(c, PATH_SET))
        return None

    def opaque_path_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state"""
        c, url = self.c, self.url
        if c == "?":
            url.query = ""
            self.state = "query state"
        elif c == "#":
            url.fragment = Text()
            self.state = "fragment state"
        elif c == " ":
            self.validation_error(Code.INVALID_URL_UNIT, specifics="a space in an opaque path")
            if self.remaining_starts_with("?") or self.remaining_starts_with("#"):
                url.path.append("%20")
            else:
                url.path.append(" ")
        elif c != EOF:
            self.invalid_url_units(c)
            url.path.append(utf8_percent_encode(c, C0_CONTROL_SET))
        return None

    def query_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#query-state"""
        c, url = self.c, self.url
        if self.encoding != "UTF-8" and (not url.is_special() or url.scheme in ("ws", "wss")):
            self.encoding = "UTF-8"
        if c in ("#", EOF):
            query_percent_encode_set = SPECIAL_QUERY_SET if url.is_special() else QUERY_SET
            assert url.query is not None  # the step that set this state set it to ""
            url.query += percent_encode_after_encoding(self.encoding, str(self.buffer),
                                                       query_percent_encode_set)
            self.buffer = Text()
            if c == "#":
                url.fragment = Text()
                self.state = "fragment state"
        else:
            self.invalid_url_units(c)
            self.buffer.append(c)
        return None

    def fragment_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#fragment-state"""
        c, fragment = self.c, self.url.fragment
        assert fragment is not None  # the step that set this state set it to ""
        if c != EOF:
            self.invalid_url_units(c)
            fragment.append(utf8_percent_encode(c, FRAGMENT_SET))
        return None
