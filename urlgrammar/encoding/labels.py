"""Encoding Standard labels and names, for percent-encoding URL queries and forms.

URL parsing encodes a special URL's query, and ``application/x-www-form-urlencoded``
serialisation encodes names and values, with the document's encoding rather than UTF-8
(https://url.spec.whatwg.org/#string-percent-encode-after-encoding). This module turns a label
into an encoding (https://encoding.spec.whatwg.org/#concept-encoding-get); the encoders are
in :mod:`urlgrammar.encoding.encoders`. Decoding is not needed for URLs and is not offered.
"""

from __future__ import annotations

from typing import Final

#: Encoding Standard § 4.2 Names and labels (https://encoding.spec.whatwg.org/#names-and-labels),
#: written out from the standard as data: each encoding's name, the Python codec nearest to it
#: (None where Python has none), and all of its labels.
_ENCODINGS: Final[tuple[tuple[str, str | None, tuple[str, ...]], ...]] = (
    # The Encoding
    ("UTF-8", "utf-8", ("unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8",
                        "x-unicode20utf8")),
    # Legacy single-byte encodings
    ("IBM866", "cp866", ("866", "cp866", "csibm866", "ibm866")),
    ("ISO-8859-2", "iso8859_2", ("csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2",
                                 "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2", "latin2")),
    ("ISO-8859-3", "iso8859_3", ("csisolatin3", "iso-8859-3", "iso-ir-109", "iso8859-3",
                                 "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3", "latin3")),
    ("ISO-8859-4", "iso8859_4", ("csisolatin4", "iso-8859-4", "iso-ir-110", "iso8859-4",
                                 "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4", "latin4")),
    ("ISO-8859-5", "iso8859_5", ("csisolatincyrillic", "cyrillic", "iso-8859-5", "iso-ir-144",
                                 "iso8859-5", "iso88595", "iso_8859-5", "iso_8859-5:1988")),
    ("ISO-8859-6", "iso8859_6", ("arabic", "asmo-708", "csiso88596e", "csiso88596i",
                                 "csisolatinarabic", "ecma-114", "iso-8859-6", "iso-8859-6-e",
                                 "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596",
                                 "iso_8859-6", "iso_8859-6:1987")),
    ("ISO-8859-7", "iso8859_7", ("csisolatingreek", "ecma-118", "elot_928", "greek", "greek8",
                                 "iso-8859-7", "iso-ir-126", "iso8859-7", "iso88597",
                                 "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek")),
    ("ISO-8859-8", "iso8859_8", ("csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8",
                                 "iso-8859-8-e", "iso-ir-138", "iso8859-8", "iso88598",
                                 "iso_8859-8", "iso_8859-8:1988", "visual")),
    ("ISO-8859-8-I", "iso8859_8", ("csiso88598i", "iso-8859-8-i", "logical")),
    ("ISO-8859-10", "iso8859_10", ("csisolatin6", "iso-8859-10", "iso-ir-157", "iso8859-10",
                                   "iso885910", "l6", "latin6")),
    ("ISO-8859-13", "iso8859_13", ("iso-8859-13", "iso8859-13", "iso885913")),
    ("ISO-8859-14", "iso8859_14", ("iso-8859-14", "iso8859-14", "iso885914")),
    ("ISO-8859-15", "iso8859_15", ("csisolatin9", "iso-8859-15", "iso8859-15", "iso885915",
                                   "iso_8859-15", "l9")),
    ("ISO-8859-16", "iso8859_16", ("iso-8859-16",)),
    ("KOI8-R", "koi8_r", ("cskoi8r", "koi", "koi8", "koi8-r", "koi8_r")),
    ("KOI8-U", "koi8_u", ("koi8-ru", "koi8-u")),
    ("macintosh", "mac_roman", ("csmacintosh", "mac", "macintosh", "x-mac-roman")),
    ("windows-874", "cp874", ("dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620",
                              "windows-874")),
    ("windows-1250", "cp1250", ("cp1250", "windows-1250", "x-cp1250")),
    ("windows-1251", "cp1251", ("cp1251", "windows-1251", "x-cp1251")),
    ("windows-1252", "cp1252", ("ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1",
                                "ibm819", "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591",
                                "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii",
                                "windows-1252", "x-cp1252")),
    ("windows-1253", "cp1253", ("cp1253", "windows-1253", "x-cp1253")),
    ("windows-1254", "cp1254", ("cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148",
                                "iso8859-9", "iso88599", "iso_8859-9", "iso_8859-9:1989", "l5",
                                "latin5", "windows-1254", "x-cp1254")),
    ("windows-1255", "cp1255", ("cp1255", "windows-1255", "x-cp1255")),
    ("windows-1256", "cp1256", ("cp1256", "windows-1256", "x-cp1256")),
    ("windows-1257", "cp1257", ("cp1257", "windows-1257", "x-cp1257")),
    ("windows-1258", "cp1258", ("cp1258", "windows-1258", "x-cp1258")),
    ("x-mac-cyrillic", "mac_cyrillic", ("x-mac-cyrillic", "x-mac-ukrainian")),
    # Legacy multi-byte Chinese (simplified) encodings. GBK is gb18030 without its four-byte
    # sequences (plus one byte for €); Python's own "gbk" codec is an older, smaller table.
    ("GBK", "gb18030", ("chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312",
                        "gb_2312-80", "gbk", "iso-ir-58", "x-gbk")),
    ("gb18030", "gb18030", ("gb18030",)),
    # Legacy multi-byte Chinese (traditional) encodings
    ("Big5", "big5hkscs", ("big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5")),
    # Legacy multi-byte Japanese encodings
    ("EUC-JP", "euc_jp", ("cseucpkdfmtjapanese", "euc-jp", "x-euc-jp")),
    ("ISO-2022-JP", "iso2022_jp", ("csiso2022jp", "iso-2022-jp")),
    ("Shift_JIS", "cp932", ("csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis",
                            "windows-31j", "x-sjis")),
    # Legacy multi-byte Korean encodings
    ("EUC-KR", "cp949", ("cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean",
                         "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601",
                         "windows-949")),
    # Legacy miscellaneous encodings
    ("replacement", None, ("csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext",
                           "iso-2022-kr", "replacement")),
    ("UTF-16BE", "utf-16-be", ("unicodefffe", "utf-16be")),
    ("UTF-16LE", "utf-16-le", ("csunicode", "iso-10646-ucs-2", "ucs-2", "unicode",
                               "unicodefeff", "utf-16", "utf-16le")),
    ("x-user-defined", None, ("x-user-defined",)),
)

#: Every encoding's labels, by the encoding's name.
ENCODING_LABELS: Final[dict[str, tuple[str, ...]]] = {
    name: labels for name, _, labels in _ENCODINGS}
_BY_LABEL: Final[dict[str, str]] = {
    label: name for name, _, labels in _ENCODINGS for label in labels}
_PYTHON_CODECS: Final[dict[str, str | None]] = {name: codec for name, codec, _ in _ENCODINGS}

#: ASCII whitespace (https://infra.spec.whatwg.org/#ascii-whitespace)
_ASCII_WHITESPACE = "\t\n\f\r "


def get_encoding(label: str) -> str | None:
    """The encoding ``label`` names, or None (https://encoding.spec.whatwg.org/#concept-encoding-get).

    Leading and trailing ASCII whitespace is removed and the label matched ASCII
    case-insensitively. All labels are ASCII, and matching only ASCII-lowercases (KELVIN SIGN
    lowercases to "k" in Python), so a label with any other code point names nothing.
    """
    label = label.strip(_ASCII_WHITESPACE)
    if not label.isascii():
        return None
    return _BY_LABEL.get(label.lower())


def get_output_encoding(encoding: str) -> str:
    """UTF-8 for replacement and UTF-16BE/LE, else ``encoding``.

    https://encoding.spec.whatwg.org/#get-an-output-encoding
    """
    return "UTF-8" if encoding in ("replacement", "UTF-16BE", "UTF-16LE") else encoding


def python_codec(encoding: str) -> str | None:
    """The Python codec nearest to ``encoding`` (a name from :data:`ENCODING_LABELS`), or None.

    The codec is a starting point, not the standard: Python's codecs differ from the
    standard's indexes in places (see :func:`~urlgrammar.encoding.encoders.get_encoder`, which
    corrects them for encoding). replacement and x-user-defined have no Python codec.
    """
    return _PYTHON_CODECS[encoding]
