"""Punycode (RFC 3492), encoder and decoder in O(n log n) time in a label's length.

https://www.rfc-editor.org/rfc/rfc3492, as UTS #46 ToASCII and ToUnicode use it for the
domain parser (https://url.spec.whatwg.org/#concept-domain-to-ascii). Python's ``punycode``
codec gives the same results but is quadratic in a label of distinct code points.
"""

from __future__ import annotations

_BASE, _TMIN, _TMAX, _SKEW, _DAMP, _INITIAL_BIAS, _INITIAL_N = 36, 1, 26, 38, 700, 72, 0x80
_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789"
#: Digit values, either case (RFC 3492 section 5).
_DIGIT_VALUES = {**{c: v for v, c in enumerate(_DIGITS)},
                 **{c.upper(): v for v, c in enumerate(_DIGITS[:26])}}
_CODE_POINTS = 0x110000
#: The longest label whose insertions are counted directly (at most 16 x 16 steps).
_SHORT = 16


def _adapt(delta: int, points: int, first: bool) -> int:
    """RFC 3492 section 6.1, bias adaptation."""
    delta = delta // _DAMP if first else delta // 2
    delta += delta // points
    k = 0
    while delta > (_BASE - _TMIN) * _TMAX // 2:
        delta //= _BASE - _TMIN
        k += _BASE
    return k + (_BASE - _TMIN + 1) * delta // (delta + _SKEW)


def punycode_encode(text: str) -> str:
    """RFC 3492 section 6.3: the Punycode of ``text`` (without ``xn--``), as Python's
    ``punycode`` codec gives it, in O(n log n) time.

    The RFC's procedure scans the whole label once per distinct non-basic code point,
    quadratic for a label of distinct code points (Python's codec is so). The deltas it
    emits depend only on the order in which the decoder inserts the code points, by code
    point then position, and on where each goes: after the basic code points before it and
    the non-basic ones before it that are not greater (:func:`_insertions`).
    """
    basic = "".join(c for c in text if c < "\x80")
    digits = [basic, "-"] if basic else []
    n, bias, inserted, following = _INITIAL_N, _INITIAL_BIAS, len(basic), 0
    for point, index in _insertions(text):
        # The decoder's state goes from (n, following) to (point, index) with this delta.
        delta = (point - n) * (inserted + 1) + index - following
        q, k = delta, _BASE
        while True:
            t = _TMIN if k <= bias else _TMAX if k >= bias + _TMAX else k - bias
            if q < t:
                break
            digits.append(_DIGITS[t + (q - t) % (_BASE - t)])
            q = (q - t) // (_BASE - t)
            k += _BASE
        digits.append(_DIGITS[q])
        inserted += 1
        bias = _adapt(delta, inserted, not following)
        n, following = point, index + 1
    return "".join(digits)


def _insertions(text: str) -> list[tuple[int, int]]:
    """The non-basic code points of ``text`` in the order Punycode inserts them (by code
    point, then position), each with its index at insertion: how many code points before it
    are basic or non-basic and not greater.

    A Fenwick tree counts them, in O(log m) a code point. Where few code points are
    distinct (at most one in eight), it is over their ranks, filled in one pass from left
    to right; else over positions, filled in insertion order, which spares a table of ranks
    as large as the label. A short label (most are) counts directly, which is quadratic but
    costs less than building a tree for a few code points.
    """
    if len(text) <= _SHORT:
        return _insertions_short(text)
    non_basic = {c for c in text if c >= "\x80"}
    if len(non_basic) * 8 > len(text):
        return _insertions_by_position(text)
    distinct = sorted(non_basic)
    ranks = {c: rank for rank, c in enumerate(distinct, 1)}
    size = len(distinct)
    tree = [0] * (size + 1)  # tree[r]: how many seen have a rank in (r & (r - 1)), r]
    index_at = [0] * len(text)
    positions: list[list[int]] = [[] for _ in range(size + 1)]  # by rank, ascending
    seen_basic = 0
    for position, c in enumerate(text):
        if c < "\x80":
            seen_basic += 1
            continue
        index, r = seen_basic, ranks[c]
        positions[r].append(position)
        while r:
            index += tree[r]
            r &= r - 1
        index_at[position] = index
        r = ranks[c]
        while r <= size:
            tree[r] += 1
            r += r & -r
    return [(ord(c), index_at[p]) for c, group in zip(distinct, positions[1:], strict=True)
            for p in group]


def _insertions_short(text: str) -> list[tuple[int, int]]:
    """:func:`_insertions` by counting, for each non-basic code point, those before it that
    are not greater (a basic one is always less)."""
    insertions = []
    for c, position in sorted([(c, i) for i, c in enumerate(text) if c >= "\x80"]):
        index = 0
        for d in text[:position]:
            if d <= c:
                index += 1
        insertions.append((ord(c), index))
    return insertions


def _insertions_by_position(text: str) -> list[tuple[int, int]]:
    """:func:`_insertions` with a Fenwick tree over the positions of ``text``."""
    size = len(text)
    top = 1 << size.bit_length()  # a power of two: the tree's root counts everything
    tree = [0] * (top + 1)  # tree[i]: how many present in positions (i & (i - 1)), i]
    for i, c in enumerate(text, 1):
        if c < "\x80":
            tree[i] = 1
    for i in range(1, top):
        tree[i + (i & -i)] += tree[i]
    insertions = []
    for key in sorted(ord(c) * size + i for i, c in enumerate(text) if c >= "\x80"):
        point, position = divmod(key, size)
        index, i = 0, position
        while i:
            index += tree[i]
            i &= i - 1
        i = position + 1
        while i <= top:
            tree[i] += 1
            i += i & -i
        insertions.append((point, index))
    return insertions


def punycode_decode(text: str) -> str | None:
    """RFC 3492 section 6.2: the code points whose Punycode is ``text`` (an ASCII label's
    rest after ``xn--``), or None where decoding fails; in O(n log n) time.

    The RFC inserts each code point into the output as it is decoded, quadratic with an
    array (Python's codec rebuilds the string each time). Here decoding collects the
    insertions, then places them last to first: the last one inserted at index i lands in
    the (i+1)-th free slot of the final output, found with a Fenwick tree over the slots;
    the basic code points fill what remains.
    """
    delimiter = text.rfind("-")
    if delimiter == 0:
        # The RFC consumes the last delimiter only if code points precede it, so a leading
        # one is then read as a digit, which it is not. Python's codec skips it.
        return None
    basic, rest = (text[:delimiter], text[delimiter + 1:]) if delimiter > 0 else ("", text)
    n, i, bias, length = _INITIAL_N, 0, _INITIAL_BIAS, len(basic)
    insertions: list[tuple[int, int]] = []
    position = 0
    while position < len(rest):
        old, w, k = i, 1, _BASE
        # Beyond this, the code point would be past U+10FFFF whatever the digits to come:
        # failure, detected before the number grows without bound.
        limit = (_CODE_POINTS - n) * (length + 1)
        while True:
            if position == len(rest):
                return None
            digit = _DIGIT_VALUES.get(rest[position])
            position += 1
            if digit is None:
                return None
            i += digit * w
            if i >= limit:
                return None
            t = _TMIN if k <= bias else _TMAX if k >= bias + _TMAX else k - bias
            if digit < t:
                break
            w *= _BASE - t
            k += _BASE
        length += 1
        bias = _adapt(i - old, length, old == 0)
        n += i // length
        i %= length
        insertions.append((i, n))
        i += 1
    return _place(basic, insertions)


def _place(basic: str, insertions: list[tuple[int, int]]) -> str:
    """The output of RFC 3492 section 6.2 from its insertions (index, code point) in order
    and its basic code points, placing the insertions last to first."""
    length = len(basic) + len(insertions)
    # The Fenwick tree of free slots, one-based, over a power of two of them (those past
    # the output never free) so that the search below needs no bounds check.
    size = 1 << length.bit_length()
    slots = [0] + [1] * length + [0] * (size - length)
    for slot in range(1, size):
        slots[slot + (slot & -slot)] += slots[slot]
    out: list[str | None] = [None] * length
    for index, point in reversed(insertions):
        slot, rank, step = 0, index + 1, size >> 1
        while step:
            free = slots[slot + step]
            if free < rank:
                slot += step
                rank -= free
            step >>= 1
        out[slot] = chr(point)
        slot += 1
        while slot <= size:
            slots[slot] -= 1
            slot += slot & -slot
    remaining = iter(basic)
    return "".join(c if c is not None else next(remaining) for c in out)
