"""glibc's ``errno`` read as the global int the project's ``errno.h`` declares.

glibc's ``errno.h`` defines ``errno`` as ``(*__errno_location ())``, so a file preprocessed by
``gcc -E`` (a ``.i`` file) calls a function it only declares wherever the program named ``errno``.
The edits (each one byte range on one line, :mod:`tvla.cfront.rewrite`) turn every
``*__errno_location ()`` of the main file into ``errno``, and the header of the reparse declares
``extern int errno;`` (as the project's ``errno.h``): one thread, one int, which is what the call
returns the address of.
"""

from typing import Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, callee_name, children, strip, walk_main
from tvla.cfront.parse import Edits, unary_operator

__all__ = ["errno_edits", "ERRNO_HEADER", "ERRNO_FUNCTION"]

ERRNO_HEADER = "extern int errno;\n"
ERRNO_FUNCTION = "__errno_location"   # the runs give its call the address of one int (tvla.concrete.ccalls)
_ERRNO_TEXT = f"*{ERRNO_FUNCTION}()".encode()


def errno_edits(tu: ci.TranslationUnit, text: bytes) -> Tuple[Edits, str]:
    """The edits turning each ``*__errno_location ()`` of ``tu``'s main file (whose text is
    ``text``) into ``errno``, and the header declaring it (empty when there is none)."""
    out: Edits = {}
    for c, _ in walk_main(tu, lambda p, _above: None, None):
        if c.kind != K.UNARY_OPERATOR or unary_operator(c) != "*" or not _errno_call(children(c)[0]):
            continue
        start, end = c.extent.start.offset, c.extent.end.offset
        span = text[start:end]
        if b"\n" in span or b"".join(span.split()) != _ERRNO_TEXT:
            continue   # a line break (an edit keeps lines), or a macro's expansion (offsets of its use)
        out[start] = (end - start, b"errno")
    return out, ERRNO_HEADER if out else ""


def _errno_call(c: ci.Cursor) -> bool:
    c = strip(c)
    return c.kind == K.CALL_EXPR and callee_name(c) == ERRNO_FUNCTION and not list(c.get_arguments())
