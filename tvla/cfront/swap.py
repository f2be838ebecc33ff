"""The swap of two int fields through a temporary, recognised in a block of statements.

Sort routines exchange data as ``t = a->d; a->d = b->d; b->d = t;`` (or
``int t = a->d; ...``). An int variable such as ``t`` that holds a field's
value is not tracked (docs/c.md), so lowered one statement at a time the last
assignment writes an unknown value and the sort can no longer be proved. The
three statements together exchange the values of ``a->d`` and ``b->d``
(:class:`~tvla.cfront.ir.SwapData`) and give ``t`` the old ``a->d``, whatever
``t`` is: the second statement writes neither ``t`` nor a pointer, so ``b``
names the same cell in the second and third, and ``a`` is the cell of the
first and second.

The match is syntactic: ``a`` and ``b`` are pointer expressions without side
effects (variables, ``->`` and ``*`` of them), written with the same tokens
where they recur (``*a`` of ``int *`` parameters a and b stands for ``a->d``:
``swap(&p->d, &q->d)``; the lowering checks that both are bound to fields);
``d`` is one int field, of one type in both cells, which ``t`` holds (no
explicit cast on the way: through a narrower ``t`` it is no exchange).
"""

from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, children, decl_key, initializer, int_range, is_datum, is_int, strip
from tvla.cfront.intvars import int_var, names_var
from tvla.cfront.outparams import deref_param
from tvla.cfront.parse import binary_operator, unary_operator
from tvla.cfront.singletons import single_field

__all__ = ["Swap", "swap_at"]

_PURE = (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR)


@dataclass(frozen=True)
class Swap:
    """``first`` (``t = a->d``) then ``a->d = b->d; b->d = t``: ``left`` is the member
    ``a->d`` and ``right`` the member ``b->d`` of the second statement."""

    first: ci.Cursor
    second: ci.Cursor
    third: ci.Cursor
    left: ci.Cursor
    right: ci.Cursor


def _assignment(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, ci.Cursor]]:
    """(target, value) of ``target = value`` as a statement."""
    s = strip(c)
    if s.kind != K.BINARY_OPERATOR or binary_operator(s) != "=":
        return None
    kids = children(s)
    return (kids[0], kids[1]) if len(kids) == 2 else None


def _temp_read(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, ci.Cursor]]:
    """(the int variable's declaration, the value) of ``t = value`` or ``int t = value;``."""
    if c.kind == K.DECL_STMT:
        decls = children(c)
        init = initializer(decls[0]) if len(decls) == 1 and decls[0].kind == K.VAR_DECL else None
        return (decls[0], init) if init is not None and is_int(decls[0].type) else None
    pair = _assignment(c)
    if pair is None:
        return None
    var = int_var(pair[0])
    return (var, pair[1]) if var is not None and var.kind != K.FIELD_DECL else None


def _member(c: ci.Cursor) -> Optional[ci.Cursor]:
    """``c`` as an int field member of a side-effect-free pointer expression (no explicit cast
    around it: a cast may change the value), as ``*p`` of an int cell, or as ``*p`` for an ``int *``
    parameter p (the lowering knows whether p is bound to a field or to a cell), else None."""
    m = strip(c)
    if deref_param(m) is not None:
        return m
    return m if is_datum(m) and single_field(m) is None and _pure(m) else None


def _pure(c: ci.Cursor) -> bool:
    if c.kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
        return all(_pure(k) for k in children(c))
    return c.kind in _PURE and all(_pure(k) for k in children(c))


def _tokens(c: ci.Cursor) -> Tuple[str, ...]:
    return tuple(t.spelling for t in c.get_tokens())


def _same(a: ci.Cursor, b: ci.Cursor) -> bool:
    ta = _tokens(a)
    return bool(ta) and ta == _tokens(b) and a.spelling == b.spelling


def _same_type(temp: ci.Cursor, a: ci.Cursor, b: ci.Cursor) -> bool:
    """Both fields of one int type, whose every value the temporary holds."""
    field, held = int_range(a.type), int_range(temp.type)
    return a.type.get_canonical().spelling == b.type.get_canonical().spelling and \
        field is not None and held is not None and field.within(held)


def swap_at(stmts: Sequence[ci.Cursor], i: int) -> Optional[Swap]:
    """The swap that starts at ``stmts[i]``, if the three statements from there are one."""
    if i + 2 >= len(stmts):
        return None
    read = _temp_read(stmts[i])
    second, third = _assignment(stmts[i + 1]), _assignment(stmts[i + 2])
    if read is None or second is None or third is None:
        return None
    temp, value = read
    a0, a1, b1, b2 = _member(value), _member(second[0]), _member(second[1]), _member(third[0])
    if a0 is None or a1 is None or b1 is None or b2 is None or not names_var(third[1], decl_key(temp)):
        return None
    if not (_same(a0, a1) and _same(b1, b2) and a1.spelling == b1.spelling and _same_type(temp, a1, b1)):
        return None
    return Swap(stmts[i], stmts[i + 1], stmts[i + 2], a1, b1)
