"""Assignments of a post-increment split in two: ``n->data = k++;`` is read as ``n->data = k, k++;``
(so is the left operand of a comma, ``n->data = k++, n->next = h;``).

The lowering follows an int variable stepped by a statement of its own (a counter), but a step
used as a value (``k++`` on the right of an assignment) leaves the variable untracked.  Where the
assignment is a statement of its own (its value unused) and its left side does not name the
variable, the two forms are the same C: the assignment reads the old value, then the step
(the comma is a sequence point).  The edit is one byte range on one line (:mod:`tvla.cfront.rewrite`
keeps line numbers and maps columns back).
"""

from typing import Optional, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, children, decl_key, is_int, mentions, walk_main
from tvla.cfront.parse import Edits, binary_operator, unary_operator

__all__ = ["post_step_edits"]

# the parents under which an expression is a statement (its value unused), and from which child on
_STATEMENT_AT = {K.COMPOUND_STMT: 0, K.LABEL_STMT: 0, K.CASE_STMT: 1, K.DEFAULT_STMT: 0,
                 K.IF_STMT: 1, K.WHILE_STMT: 1}
_POST_STEPS = ("post++", "post--")


def post_step_edits(tu: ci.TranslationUnit, text: bytes) -> Edits:
    """The edits turning each ``x = k++;`` (or ``k--``) statement of ``tu``'s main file, whose text
    is ``text``, into ``x = k, k++;``."""
    out: Edits = {}
    for c, parent in walk_main(tu, lambda p, _above: p, None):
        if parent is None or not _discarded(c, parent):
            continue
        edit = _split(c, text)
        if edit is not None:
            out[edit[0]] = edit[1]
    return out


def _discarded(c: ci.Cursor, parent: ci.Cursor) -> bool:
    """Is the value of ``c``, a child of ``parent``, unused: ``c`` a statement, or the left
    operand of a comma (``p->d = k++, p->next = h;``)?"""
    if parent.kind == K.BINARY_OPERATOR and binary_operator(parent) == ",":
        return children(parent).index(c) == 0
    return parent.kind in _STATEMENT_AT and children(parent).index(c) >= _STATEMENT_AT[parent.kind]


def _split(c: ci.Cursor, text: bytes) -> Optional[Tuple[int, Tuple[int, bytes]]]:
    """The edit of ``c`` when it is ``x = k++`` with ``k`` an int variable that ``x`` does not name."""
    if c.kind != K.BINARY_OPERATOR or binary_operator(c) != "=":
        return None
    lhs, rhs = children(c)
    step = _post_step(rhs)
    if step is None:
        return None
    var = children(step)[0]
    ref = var.referenced
    if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL) or not is_int(ref.type) or \
            mentions(lhs, decl_key(ref)):
        return None
    start, end = step.extent.start.offset, step.extent.end.offset
    old = text[start:end]
    name = ref.spelling.encode()
    # the text must be the step itself (not a macro that expands to it): k++ with k's own name
    if b"".join(old.split()) != name + unary_operator(step)[-2:].encode() or \
            text[var.extent.start.offset:var.extent.end.offset] != name:
        return None
    return start, (end - start, name + b", " + old)


def _post_step(rhs: ci.Cursor) -> Optional[ci.Cursor]:
    """``k++`` or ``k--`` (postfix, of a variable named directly), the whole right side but for
    implicit conversions; else None."""
    s = rhs
    while s.kind == K.UNEXPOSED_EXPR and len(children(s)) == 1:   # an implicit conversion
        s = children(s)[0]
    if s.kind != K.UNARY_OPERATOR or unary_operator(s) not in _POST_STEPS:
        return None
    kids = children(s)
    return s if len(kids) == 1 and kids[0].kind == K.DECL_REF_EXPR else None
