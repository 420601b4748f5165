"""The basic URL parser's states from the scheme start state to the port state.

https://url.spec.whatwg.org/#concept-basic-url-parser step 9: the scheme, the states that
decide between a relative and an absolute URL, and the authority (userinfo, host and port).
Each method is the state of the same name, its steps in the standard's order; the steps that
test the state override are left out.
"""

from __future__ import annotations

from urlgrammar.algorithm.machine import FAILURE, Machine, Outcome
from urlgrammar.algorithm.record import (
    ASCII_ALPHA,
    ASCII_ALPHANUMERIC,
    ASCII_DIGIT,
    EOF,
    Text,
    ascii_lowercase,
    default_port,
)
from urlgrammar.encoding.percent import USERINFO_SET, utf8_percent_encode
from urlgrammar.errors import Code


class SchemeAndAuthorityStates(Machine):
    """https://url.spec.whatwg.org/#scheme-start-state to https://url.spec.whatwg.org/#port-state"""

    def scheme_start_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#scheme-start-state"""
        c = self.c
        if c in ASCII_ALPHA:
            self.buffer.append(ascii_lowercase(c))
            self.state = "scheme state"
        else:
            self.state = "no scheme state"
            self.pointer -= 1
        return None

    def scheme_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#scheme-state"""
        c, url = self.c, self.url
        if c in ASCII_ALPHANUMERIC or c in ("+", "-", "."):
            self.buffer.append(ascii_lowercase(c))
        elif c == ":":
            url.scheme = str(self.buffer)
            self.buffer = Text()
            if url.scheme == "file":
                if not self.remaining_starts_with("//"):
                    self.validation_error(Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS,
                                          (self.pointer + 1, self.pointer + 1))
                self.state = "file state"
            elif url.is_special() and self.base is not None and self.base.scheme == url.scheme:
                assert self.base.is_special()
                self.state = "special relative or authority state"
            elif url.is_special():
                self.state = "special authority slashes state"
            elif self.remaining_starts_with("/"):
                self.state = "path or authority state"
                self.pointer += 1
            else:
                url.set_opaque_path("")
                self.state = "opaque path state"
        else:
            self.buffer = Text()
            self.state = "no scheme state"
            self.pointer = -1  # start over: the loop increases it to the first code point
        return None

    def no_scheme_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#no-scheme-state"""
        c, url, base = self.c, self.url, self.base
        if base is None or (base.has_an_opaque_path() and c != "#"):
            self.validation_error(Code.MISSING_SCHEME_NON_RELATIVE_URL)
            return FAILURE
        if isinstance(base.path, str) and c == "#":  # base has an opaque path
            url.scheme = base.scheme
            url.set_opaque_path(base.path)
            url.query = base.query
            url.fragment = Text()
            self.state = "fragment state"
        elif base.scheme != "file":
            self.state = "relative state"
            self.pointer -= 1
        else:
            self.state = "file state"
            self.pointer -= 1
        return None

    def special_relative_or_authority_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#special-relative-or-authority-state"""
        if self.c == "/" and self.remaining_starts_with("/"):
            self.state = "special authority ignore slashes state"
            self.pointer += 1
        else:
            self.validation_error(Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS)
            self.state = "relative state"
            self.pointer -= 1
        return None

    def path_or_authority_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#path-or-authority-state"""
        if self.c == "/":
            self.state = "authority state"
        else:
            self.state = "path state"
            self.pointer -= 1
        return None

    def relative_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#relative-state"""
        c, url, base = self.c, self.url, self.base
        assert base is not None and base.scheme != "file"
        url.scheme = base.scheme
        if c == "/":
            self.state = "relative slash state"
        elif url.is_special() and c == "\\":
            self.validation_error(Code.INVALID_REVERSE_SOLIDUS)
            self.state = "relative slash state"
        else:
            assert isinstance(base.path, list)  # the no scheme state let no opaque path here
            url.username, url.password = Text(base.username), Text(base.password)
            url.host, url.port, url.path, url.query = base.host, base.port, list(base.path), base.query
            if c == "?":
                url.query = ""
                self.state = "query state"
            elif c == "#":
                url.fragment = Text()
                self.state = "fragment state"
            elif c != EOF:
                url.query = None
                url.shorten_path()
                self.state = "path state"
                self.pointer -= 1
        return None

    def relative_slash_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#relative-slash-state"""
        c, url, base = self.c, self.url, self.base
        assert base is not None
        if url.is_special() and c in ("/", "\\"):
            if c == "\\":
                self.validation_error(Code.INVALID_REVERSE_SOLIDUS)
            self.state = "special authority ignore slashes state"
        elif c == "/":
            self.state = "authority state"
        else:
            url.username, url.password = Text(base.username), Text(base.password)
            url.host, url.port = base.host, base.port
            self.state = "path state"
            self.pointer -= 1
        return None

    def special_authority_slashes_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#special-authority-slashes-state"""
        if self.c == "/" and self.remaining_starts_with("/"):
            self.state = "special authority ignore slashes state"
            self.pointer += 1
        else:
            self.validation_error(Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS)
            self.state = "special authority ignore slashes state"
            self.pointer -= 1
        return None

    def special_authority_ignore_slashes_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#special-authority-ignore-slashes-state"""
        if self.c not in ("/", "\\"):
            self.state = "authority state"
            self.pointer -= 1
        else:
            self.validation_error(Code.SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS)
        return None

    def authority_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#authority-state"""
        c, url = self.c, self.url
        if c == "@":
            self.validation_error(Code.INVALID_CREDENTIALS)
            if self.at_sign_seen:
                self.buffer.prepend("%40")
            self.at_sign_seen = True
            for code_point in str(self.buffer):
                if code_point == ":" and not self.password_token_seen:
                    self.password_token_seen = True
                    continue
                encoded_code_points = utf8_percent_encode(code_point, USERINFO_SET)
                if self.password_token_seen:
                    url.password.append(encoded_code_points)
                else:
                    url.username.append(encoded_code_points)
            self.buffer = Text()
        elif c in (EOF, "/", "?", "#") or (url.is_special() and c == "\\"):
            if self.at_sign_seen and len(self.buffer) == 0:
                self.validation_error(Code.HOST_MISSING, (self.pointer, self.pointer),
                                      "there is a username or password but no host", "host")
                return FAILURE
            self.pointer -= len(self.buffer) + 1
            self.buffer = Text()
            self.state = "host state"
        else:
            self.buffer.append(c)
        return None

    def host_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#host-state (and the hostname state, which differs only
        with a state override)."""
        c, url = self.c, self.url
        if c == ":" and not self.inside_brackets:
            if len(self.buffer) == 0:
                self.validation_error(Code.HOST_MISSING, (self.pointer, self.pointer),
                                      "there is a port but no host")
                return FAILURE
            host = self.host_parsing(self.pointer - len(self.buffer))
            if host is FAILURE:
                return FAILURE
            url.host = host
            self.buffer = Text()
            self.state = "port state"
        elif c in (EOF, "/", "?", "#") or (url.is_special() and c == "\\"):
            start = self.pointer - len(self.buffer)
            self.pointer -= 1
            if url.is_special() and len(self.buffer) == 0:
                self.validation_error(Code.HOST_MISSING, (self.step, self.step))
                return FAILURE
            host = self.host_parsing(start)
            if host is FAILURE:
                return FAILURE
            url.host = host
            self.buffer = Text()
            self.state = "path start state"
        else:
            if c == "[":
                self.inside_brackets = True
            if c == "]":
                self.inside_brackets = False
            self.buffer.append(c)
        return None

    def port_state(self) -> Outcome:
        """https://url.spec.whatwg.org/#port-state"""
        c, url = self.c, self.url
        if c in ASCII_DIGIT:
            self.buffer.append(c)
        elif c in (EOF, "/", "?", "#") or (url.is_special() and c == "\\"):
            if len(self.buffer) != 0:
                # Leading zeros are dropped first: Python will not read over 4,300 digits.
                digits = str(self.buffer).lstrip("0")
                if len(digits) > 5 or int(digits or "0") > 0xFFFF:
                    self.validation_error(Code.PORT_OUT_OF_RANGE,
                                          (self.pointer - len(self.buffer), self.pointer))
                    return FAILURE
                port = int(digits or "0")
                url.port = None if port == default_port(url.scheme) else port
                self.buffer = Text()
            self.state = "path start state"
            self.pointer -= 1
        else:
            self.validation_error(Code.PORT_INVALID)
            return FAILURE
        return None
