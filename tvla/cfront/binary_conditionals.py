"""GNU's ``x ?: y`` read as ``x ? (x) : y`` where ``x`` can be written twice for the same value.

libclang shows ``x ?: y`` as an unexposed expression (:func:`~tvla.cfront.cinfo.binary_conditional`)
that the lowering has no form for; where ``x`` is one line without a call, an assignment or a step
(:func:`~tvla.cfront.cinfo.repeatable`), evaluating it twice is the same C, and the edit (one byte
range on one line, :mod:`tvla.cfront.rewrite`) turns it into the conditional the lowering knows.  Any
other ``x ?: y`` (``__VERIFIER_nondet_int() ?: 5``) stays and the lowering reports it unsupported.
"""

import clang.cindex as ci

from tvla.cfront.cinfo import binary_conditional, repeatable, walk_main
from tvla.cfront.parse import Edits

__all__ = ["binary_conditional_edits"]


def binary_conditional_edits(tu: ci.TranslationUnit, text: bytes) -> Edits:
    """The edits inserting ``(x)`` between the ``?`` and the ``:`` of each ``x ?: y`` of ``tu``'s main
    file (whose text is ``text``) whose ``x`` is repeatable."""
    out: Edits = {}
    for c, _ in walk_main(tu, lambda p, _above: None, None):
        parts = binary_conditional(c)
        if parts is None or not repeatable(parts[0]):
            continue
        x, y = parts
        start, end = x.extent.start.offset, x.extent.end.offset
        gap = text[end:y.extent.start.offset]
        if b"".join(gap.split()) != b"?:":   # a macro's ?: (the offsets are those of its use)
            continue
        out[end + gap.index(b"?") + 1] = (0, b" (" + text[start:end] + b") ")
    return out
