"""The text the lowering reads: the file with its arrays indexed by constants split into scalars
(:mod:`tvla.cfront.arrays`) and its ``void *`` that hold one type of pointer retyped
(:mod:`tvla.cfront.voidtypes`).  Both are byte edits of the file found on its first parse; the
edited text is parsed again from memory (nothing is written to disk).  Line numbers never move:
no edit adds or removes a line.  A reparse that fails keeps the first parse."""

import clang.cindex as ci

from tvla.cfront.arrays import array_edits
from tvla.cfront.parse import Edits, reparse
from tvla.cfront.voidtypes import void_pointer_edits
from tvla.errors import TvlaError

__all__ = ["rewrite", "apply_edits"]


def apply_edits(text: bytes, edits: Edits) -> bytes:
    """``text`` with each ``offset -> (length, replacement)`` applied (the ranges do not overlap)."""
    out = bytearray(text)
    for at in sorted(edits, reverse=True):
        length, new = edits[at]
        out[at:at + length] = new
    return bytes(out)


def rewrite(tu: ci.TranslationUnit, path: str) -> ci.TranslationUnit:
    """``tu`` (the first parse of ``path``) parsed again with the edits of both passes, or ``tu``
    itself when there are none or the edited text does not parse."""
    with open(path, "rb") as fh:
        text = fh.read()
    edits = array_edits(tu, text)
    void, header = void_pointer_edits(tu, text)
    edits.update((at, e) for at, e in void.items() if not any(a <= at < a + n for a, (n, _) in edits.items()))
    if not edits:
        return tu
    try:
        return reparse(path, apply_edits(text, edits), header)
    except TvlaError:
        return tu
