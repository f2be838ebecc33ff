"""The text the lowering reads: the file with its arrays indexed by constants split into scalars
(:mod:`tvla.cfront.arrays`), its ``void *`` that hold one type of pointer retyped
(:mod:`tvla.cfront.voidtypes`), its ``x = k++;`` split (:mod:`tvla.cfront.post_steps`), its
choices inside arithmetic lifted (:mod:`tvla.cfront.choices`), GNU's ``x ?: y`` spelled out
(:mod:`tvla.cfront.binary_conditionals`) and glibc's ``(*__errno_location ())`` read as ``errno``
(:mod:`tvla.cfront.errno_calls`).  All are byte edits of the file
found on its first parse (an edit that overlaps one of a pass before it is dropped); the
edited text is parsed again from memory (nothing is written to disk).  Line numbers never move:
no edit adds or removes a line; columns after an edit that changes the length of its line do, and
:class:`Origins` maps a place of the edited text back to the file's.  A reparse that fails keeps the
first parse."""

import bisect
from typing import List, Optional, Tuple

import clang.cindex as ci

from tvla.cfront.arrays import array_edits
from tvla.cfront.binary_conditionals import binary_conditional_edits
from tvla.cfront.choices import choice_edits
from tvla.cfront.errno_calls import errno_edits
from tvla.cfront.parse import Edits, reparse
from tvla.cfront.post_steps import post_step_edits
from tvla.cfront.voidtypes import void_pointer_edits
from tvla.errors import TvlaError

__all__ = ["rewrite", "apply_edits", "Origins"]


def apply_edits(text: bytes, edits: Edits) -> bytes:
    """``text`` with each ``offset -> (length, replacement)`` applied (the ranges do not overlap)."""
    out = bytearray(text)
    for at in sorted(edits, reverse=True):
        length, new = edits[at]
        out[at:at + length] = new
    return bytes(out)


class Origins:
    """Where a byte of the edited text came from in the file: a byte outside every edit moves by the
    lengths the edits before it changed; one inside an edit's replacement stands for the text it
    replaced (its start, or its end for the end of a range)."""

    def __init__(self, text: bytes, edits: Edits):
        self.spans: List[Tuple[int, int, int, int]] = []   # edited start, end; file start, end
        delta = 0
        for at in sorted(edits):
            length, new = edits[at]
            self.spans.append((at + delta, at + delta + len(new), at, at + length))
            delta += len(new) - length
        self.starts = [s[0] for s in self.spans]
        self.line_starts = [0] + [i + 1 for i, b in enumerate(text) if b == 0x0A]

    def offset(self, edited: int, end: bool = False) -> int:
        i = bisect.bisect_right(self.starts, edited) - 1
        if i < 0:
            return edited
        lo, hi, at, stop = self.spans[i]
        if edited < hi:
            return stop if end and edited > lo else at
        return edited - hi + stop

    def place(self, edited: int, end: bool = False) -> Tuple[int, int]:
        """The file's line and column (1-based, in bytes as libclang counts) of an edited offset."""
        at = self.offset(edited, end)
        line = bisect.bisect_right(self.line_starts, at)
        return line, at - self.line_starts[line - 1] + 1


def rewrite(tu: ci.TranslationUnit, path: str, model: Optional[str] = None
            ) -> Tuple[ci.TranslationUnit, Optional[Origins]]:
    """``tu`` (the first parse of ``path``, for the data ``model``) parsed again with the edits of the
    passes, with the origins of its places, or ``tu`` itself (and None) when there are none or the
    edited text does not parse."""
    with open(path, "rb") as fh:
        text = fh.read()
    edits = array_edits(tu, text)
    void, header = void_pointer_edits(tu, text)
    errno, errno_header = errno_edits(tu, text)
    for more in (void, errno, post_step_edits(tu, text), choice_edits(tu, text), binary_conditional_edits(tu, text)):
        edits.update((at, e) for at, e in more.items()
                     if not any(a < at + max(e[0], 1) and at < a + max(n, 1) for a, (n, _) in edits.items()))
    if not edits:
        return tu, None
    try:
        return reparse(path, apply_edits(text, edits), header + errno_header, model), Origins(text, edits)
    except TvlaError:
        return tu, None
