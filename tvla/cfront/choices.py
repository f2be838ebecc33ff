"""A choice inside arithmetic lifted to the top: ``k = 2 + (c ? 1 : 0);`` is read as
``k = ((c) ? 2 + (1) : 2 + (0));``, and ``k = 1 + (f() != 0);`` as ``k = ((f() != 0) ? 1 + (1) :
1 + (0));`` (a truth value with a side effect is a choice of 1 or 0).

A comparison that reads a field inside arithmetic is a choice too, two of them at most: the
comparator's ``return (a->d > b->d) - (a->d < b->d);`` is read as a choice on ``a->d > b->d``, then
on ``a->d < b->d``, each arm the value with the two replaced by 1 or 0 (``(1) - (0)``).  The
lowering follows no arithmetic on data, but it branches on their order.

The lowering keeps the value of an int variable or field given ``c ? a : b`` (two assignments,
one per arm), but a choice inside an arithmetic value leaves the whole value abstracted.  Where
the rest of the value has no side effect (no call, assignment or step: constants, variables,
fields, arithmetic), evaluating the condition first and then the value with the chosen arm is
the same C.  The arms must have the choice's own type (``c ? 1u : 0`` converts its ``0``, and the
conversion would change the arithmetic around it).  The value of an assignment, of an
initialiser or of a ``return``, one choice per value, on one line: the edit is one byte range
(:mod:`tvla.cfront.rewrite` keeps line numbers and maps columns back).
"""

from typing import List, Optional, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, children, initializer, is_int, strip, walk_main
from tvla.cfront.intvars import is_truth_value
from tvla.cfront.ir import NEGATE
from tvla.cfront.parse import ARITHMETIC, Edits, binary_operator, unary_operator

__all__ = ["choice_edits"]

_UNARY = ("-", "+", "~", "!")
_LEAVES = (K.INTEGER_LITERAL, K.CHARACTER_LITERAL, K.DECL_REF_EXPR, K.MEMBER_REF_EXPR)


def choice_edits(tu: ci.TranslationUnit, text: bytes) -> Edits:
    """The edits lifting the one choice inside the value of each assignment, initialiser and
    ``return`` of ``tu``'s main file (whose text is ``text``) to the top of the value."""
    out: Edits = {}
    for c, _ in walk_main(tu, lambda p, _above: None, None):
        value = _value_of(c)
        edit = _lift(value, text) if value is not None else None
        if edit is not None:
            out[edit[0]] = edit[1]
    return out


def _value_of(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The value ``c`` stores or returns: the right side of ``=``, a variable's initialiser, the
    operand of ``return``."""
    if c.kind == K.BINARY_OPERATOR and binary_operator(c) == "=":
        return children(c)[1]
    if c.kind == K.VAR_DECL:
        return initializer(c)
    if c.kind == K.RETURN_STMT and children(c):
        return children(c)[0]
    return None


def _lift(value: ci.Cursor, text: bytes) -> Optional[Tuple[int, Tuple[int, bytes]]]:
    """The edit of ``value`` when it holds exactly one choice, below its top, reached through
    arithmetic whose other operands are free of side effects."""
    top = strip(value)
    if top.kind == K.CONDITIONAL_OPERATOR or not is_int(top.type):
        return None
    found: List[ci.Cursor] = []
    if not _pure_around(top, found) or not found or top in found:
        return None   # none, or a truth value that is the whole value (already a flag's form)
    start, end = top.extent.start.offset, top.extent.end.offset
    if b"\n" in text[start:end] or not 0 <= start < end <= len(text):
        return None
    if all(c.kind != K.CONDITIONAL_OPERATOR for c in found):
        return _lift_truths(found, text, start, end) if len(found) <= 2 else None
    if len(found) != 1:
        return None   # two choices, or a choice and a truth value
    choice = found[0]

    def piece(c: ci.Cursor) -> bytes:
        return text[c.extent.start.offset:c.extent.end.offset]

    cond, *arms = children(choice)
    if any(strip(arm).type.get_canonical().spelling != choice.type.get_canonical().spelling for arm in arms):
        return None
    parts = [piece(c) for c in (cond, *arms)]
    if piece(choice).count(b"?") != 1 + sum(p.count(b"?") for p in parts):
        return None   # a text that is not the cursors' own (a macro)
    before, after = text[start:choice.extent.start.offset], text[choice.extent.end.offset:end]
    if b"?" in before + after:
        return None   # a choice the cursors do not show (a macro)
    lifted = b"((" + parts[0] + b") ? " + before + parts[1] + after + b" : " + before + parts[2] + after + b")"
    return start, (end - start, lifted)


def _lift_truths(truths: List[ci.Cursor], text: bytes, start: int, end: int
                 ) -> Optional[Tuple[int, Tuple[int, bytes]]]:
    """The edit of the value ``text[start:end]`` holding the truth values ``truths`` (one or two, in
    the order of the text): a choice on each in turn, each arm the value with them written 1 or 0."""
    spans = [(t.extent.start.offset, t.extent.end.offset) for t in truths]
    bounds = [start] + [at for span in spans for at in span] + [end]
    if bounds != sorted(bounds) or any(s == e for s, e in spans):
        return None   # one text for both (a macro)
    rest = [text[bounds[2 * i]:bounds[2 * i + 1]] for i in range(len(spans) + 1)]   # the text around them
    if b"?" in b"".join(rest):
        return None   # a choice the cursors do not show (a macro)

    def choose(values: Tuple[bytes, ...]) -> bytes:
        if len(values) == len(spans):
            return rest[0] + b"".join(v + r for v, r in zip(values, rest[1:]))
        s, e = spans[len(values)]
        return b"((" + text[s:e] + b") ? " + choose(values + (b"1",)) + b" : " + choose(values + (b"0",)) + b")"
    return start, (end - start, choose(()))


def _pure_around(c: ci.Cursor, found: List[ci.Cursor], truths: bool = True) -> bool:
    """Is ``c`` arithmetic over constants, variables and fields, but for choices (collected in
    ``found``, whose arms and condition may be anything) and, where ``truths``, truth values with a
    side effect or that read a field (collected too)?"""
    s = strip(c, casts=True)
    kids = children(s)
    if s.kind == K.CONDITIONAL_OPERATOR and len(kids) == 3:
        found.append(s)
        return is_int(s.type)
    if truths and is_truth_value(s) and (not _pure_around(s, [], False) or _reads_field(s)):
        found.append(s)   # a truth value with a side effect (a call) or on data: a choice of 1 or 0
        return True
    if s.kind in _LEAVES:
        return (s.referenced is None or s.referenced.kind != K.FUNCTION_DECL) and \
            all(_pure_around(k, found, truths) for k in kids)
    if s.kind == K.BINARY_OPERATOR and (binary_operator(s) in ARITHMETIC or binary_operator(s) in NEGATE) or \
            s.kind == K.UNARY_OPERATOR and unary_operator(s) in _UNARY:
        return all(_pure_around(k, found, truths) for k in kids)
    return False


def _reads_field(c: ci.Cursor) -> bool:
    """Does ``c`` read a field of a struct (a cell's datum, which the lowering follows in tests but
    not in arithmetic)?"""
    return any(x.kind == K.MEMBER_REF_EXPR for x in c.walk_preorder())
