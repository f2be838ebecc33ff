"""Struct types the program makes one object of: their int fields are kept as int variables.

A struct type S has one object when the program makes exactly one, at most once: a global or
``static`` struct variable, a struct variable of ``main`` outside every loop, or one allocation
(``malloc``/``calloc`` of ``sizeof`` S, directly or through a wrapper given the size that makes
one block of it, outside loops) run at most once (in ``main`` outside every loop, or in a
function called from exactly one such place).  Then ``p->f`` names that object's field ``f`` whatever ``p`` is, as a global variable would: an int field
``f`` of S is classified (:mod:`tvla.cfront.intvars`) and lowered as an int variable keyed by its
declaration (a counter ``d->nbufs++`` compared with the cells it counts, a state flag
``L->state = 2``).  The lowering still checks that ``p`` points to the live object at each access.

Only a field given nothing but constants and steps of itself by constants (``= 0``, ``++``,
``-= 2``, ``= p->n + 1``) is kept so (a counter or a flag); any other stays a datum of the cells,
whose values (registers, symbolic values, their order) the library follows better.  Anything that
could make a second object or write the field behind the lowering's back keeps S (or every struct)
out: an array, an embedded field, a parameter, a return value or a whole-struct copy of S;
``memset``/``memcpy``/``memmove``/``realloc``; ``calloc(n, sizeof S)`` or ``n * sizeof S``; an
allocation by the ``sizeof`` of another type used as S (both); an allocation whose size names no
``sizeof`` (every struct); ``&p->f`` or a bit-field (that field).  :func:`singleton_fields` is
cached per translation unit, since :func:`~tvla.cfront.intvars.int_var` asks it for every member
expression."""

from dataclasses import dataclass
from functools import lru_cache
from typing import AbstractSet, Dict, Hashable, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import (CELL_ALLOCATORS, K, all_zero, callee_name, children, decl_key, designations, has_backward_goto, initializer,
                               int_range, is_aggregate, is_int, pointee_struct, strip, struct_decl, struct_name, walk_main)
from tvla.cfront.ir import IntRange
from tvla.cfront.parse import binary_operator, evaluate_int, unary_operator

__all__ = ["Single", "singleton_fields", "single_field"]

_WRITERS = ("memset", "memcpy", "memmove", "realloc", "bcopy", "bzero", "explicit_bzero")
_LOOPS = (K.WHILE_STMT, K.DO_STMT, K.FOR_STMT)
_ALL = "*"   # the key that disqualifies every struct


@dataclass(frozen=True)
class Single:
    """An int field kept as a variable: its struct's name, its own, and the value the one object
    starts with (None: indeterminate, a ``malloc``'d cell or a local without an initialiser)."""
    struct: str
    field: str
    init: Optional[int]
    range: Optional[IntRange]   # the values of the field's C type


Ctx = Tuple[Optional[ci.Cursor], bool]   # the enclosing function, inside a loop


@dataclass(frozen=True)
class Initial:
    """The first values of an object's int fields: those an initialiser list names, else ``default``
    (None: indeterminate); ``alloc``: made by an allocation (0 when it is a ``calloc``)."""
    listed: Dict[str, int]
    default: Optional[int]
    alloc: bool = False


def _down(parent: ci.Cursor, ctx: Ctx) -> Ctx:
    if parent.kind == K.FUNCTION_DECL:
        return parent, False
    return ctx[0], ctx[1] or parent.kind in _LOOPS


class _Scan:
    """One walk of the main file: the objects of each struct type and what rules them out."""

    def __init__(self) -> None:
        self.objects: Dict[Hashable, List[Tuple[Ctx, Initial]]] = {}   # struct key -> (where, first values)
        self.out: Set[Hashable] = set()     # struct keys (or _ALL) ruled out
        self.fields_out: Set[Hashable] = set()
        self.calls: Dict[Hashable, List[Ctx]] = {}   # function key -> where it is called directly
        self.wrappers: Set[Hashable] = set()   # functions allocating a size given as a parameter
        self.wrapped: List[Tuple[Hashable, ci.Cursor]] = []   # calls of functions, to check later
        self.zeroing: Set[Hashable] = set()   # wrappers that allocate with calloc
        self.zeroed: Set[Hashable] = set()    # struct keys whose allocation is a calloc
        self.named: Dict[Hashable, int] = {}   # function key -> how often it is named (called or not)
        self.dests: Dict[int, ci.Cursor] = {}   # call hash -> the struct its result is converted to
        self.forwarded: Dict[Hashable, List[Ctx]] = {}   # wrapper key -> its allocations of the size given
        self.sized: List[Tuple[ci.Cursor, Optional[ci.Cursor]]] = []   # allocations by sizeof, its struct

    def visit(self, c: ci.Cursor, ctx: Ctx) -> None:
        k = c.kind
        if k == K.VAR_DECL:
            self.variable(c, ctx)
        elif k in (K.FIELD_DECL, K.PARM_DECL):
            self.rule_out_type(c.type)
        elif k == K.FUNCTION_DECL:
            self.rule_out_type(c.result_type)
        elif k == K.CXX_UNARY_EXPR:
            self.size(c, ctx)
        elif k == K.BINARY_OPERATOR and binary_operator(c) == "=" and struct_decl(c.type) is not None:
            self.out.add(decl_key(struct_decl(c.type)))   # a whole-struct copy
        elif k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and len(children(c)) == 2:
            self.write(c)
        elif k == K.UNARY_OPERATOR and unary_operator(c) == "&":
            inner = strip(children(c)[0]) if children(c) else None
            if inner is not None and inner.kind == K.MEMBER_REF_EXPR and inner.referenced is not None:
                self.fields_out.add(decl_key(inner.referenced))
        elif k == K.CALL_EXPR:
            self.call(c, ctx)
        elif k == K.COMPOUND_LITERAL_EXPR:
            self.rule_out_type(c.type)
        elif k in (K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR) and children(c):
            self.cast(c)
        elif k == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.FUNCTION_DECL:
            key = decl_key(c.referenced)
            self.named[key] = self.named.get(key, 0) + 1

    def cast(self, c: ci.Cursor) -> None:
        """``(T *) e`` or an implicit conversion to ``T *`` of a call: the struct that call's block
        is used as (its first such cast, the outermost)."""
        inner = strip(children(c)[0], casts=True)
        dest = pointee_struct(c.type)
        if inner.kind == K.CALL_EXPR and dest is not None and inner.hash not in self.dests:
            self.dests[inner.hash] = dest

    def write(self, c: ci.Cursor) -> None:
        """``p->f = e``, ``p->f += e``: a field given anything but a constant or a step of itself by
        a constant is left a datum of the cells (where its value is followed as data)."""
        op = binary_operator(c)
        lhs, rhs = (strip(x) for x in children(c))
        if lhs.kind != K.MEMBER_REF_EXPR or lhs.referenced is None or op not in ("=", "+=", "-=", "*=", "/=",
                                                                                 "%=", "&=", "|=", "^=", "<<=", ">>="):
            return
        key = decl_key(lhs.referenced)
        constant = evaluate_int(strip(rhs, casts=True)) is not None
        if op in ("+=", "-=") and constant or op == "=" and (constant or _steps(rhs, key)):
            return
        self.fields_out.add(key)

    def rule_out_type(self, t: ci.Type) -> None:
        """A struct held by value somewhere other than a variable: by a field, parameter, return
        value or array (a pointer to one is fine)."""
        canon = t.get_canonical()
        while canon.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.VARIABLEARRAY):
            canon = canon.element_type.get_canonical()
        rec = struct_decl(canon)
        if rec is not None:
            self.out.add(decl_key(rec))

    def variable(self, d: ci.Cursor, ctx: Ctx) -> None:
        rec = struct_decl(d.type)
        if rec is None:
            self.rule_out_type(d.type)   # an array of structs
            return
        static = ctx[0] is None or d.storage_class == ci.StorageClass.STATIC
        init = initializer(d)
        listed = _listed(init, rec) if init is not None else {}
        if listed is None:   # initialised from another struct, or a field from a non-constant
            self.out.add(decl_key(rec))
        given = 0 if static or init is not None else None   # (what the list does not name is 0)
        self.objects.setdefault(decl_key(rec), []).append(((None, False) if static else ctx,
                                                           Initial(listed or {}, given)))

    def size(self, c: ci.Cursor, ctx: Ctx) -> None:
        """``sizeof`` a struct: an allocation of one object of it (an array when multiplied)."""
        rec = _sizeof_struct(c)
        if rec is None:
            return
        self.objects.setdefault(decl_key(rec), []).append((ctx, Initial({}, None, True)))

    def call(self, c: ci.Cursor, ctx: Ctx) -> None:
        name = callee_name(c)
        args = list(c.get_arguments())
        ref = c.referenced
        if ref is not None and ref.kind == K.FUNCTION_DECL:
            self.calls.setdefault(decl_key(ref), []).append(ctx)
            self.wrapped.append((decl_key(ref), c))
        if name in _WRITERS:
            for a in args:
                rec = pointee_struct(strip(a, casts=True).type)
                self.out.add(decl_key(rec) if rec is not None else _ALL)
        if name in CELL_ALLOCATORS:
            self.allocation(c, name, args, ctx)

    def allocation(self, c: ci.Cursor, name: str, args: List[ci.Cursor], ctx: Ctx) -> None:
        if not any(_has_sizeof(a) for a in args):
            fn = ctx[0]
            params = {decl_key(p) for p in fn.get_children() if p.kind == K.PARM_DECL} if fn is not None else set()
            if fn is not None and any(_names_any(a, params) for a in args):
                self.wrappers.add(decl_key(fn))   # its callers give the size
                self.forwarded.setdefault(decl_key(fn), []).append(ctx)
                if name == "calloc":
                    self.zeroing.add(decl_key(fn))
            else:
                self.out.add(_ALL)   # a size of no type: it may make any struct
            return
        named = _named(args)
        self.sized.append((c, named))
        if name == "calloc" and (len(args) != 2 or not any(evaluate_int(a) == 1 for a in args)) \
                or any(_multiplied(a) for a in args):
            if named is not None:   # an array of objects
                self.out.add(decl_key(named))
        elif named is not None and name == "calloc":
            self.zeroed.add(decl_key(named))

    def finish(self) -> None:
        """Every call of an allocation wrapper must pass a ``sizeof`` (else anything may be made);
        an allocation by ``sizeof`` of one struct used as another (of the same size) makes an
        object of that other struct, which the ``sizeof`` does not count: both are ruled out."""
        for key, c in self.wrapped:
            if key not in self.wrappers:
                continue
            args = list(c.get_arguments())
            named = _named(args)
            if not any(_has_sizeof(a) for a in args):
                self.out.add(_ALL)
            elif named is not None and key in self.zeroing:
                self.zeroed.add(decl_key(named))
            made = self.forwarded.get(key, [])
            if named is not None and (len(made) != 1 or made[0][1]):   # two blocks of that size, or a loop of them
                self.out.add(decl_key(named))
            self.sized.append((c, named))
        for c, named in self.sized:
            dest = self.dests.get(c.hash) or pointee_struct(c.type)
            if dest is not None and (named is None or decl_key(named) != decl_key(dest)):
                self.out.update([decl_key(dest)] + ([decl_key(named)] if named is not None else []))


def _listed(init: ci.Cursor, rec: ci.Cursor) -> Optional[Dict[str, int]]:
    """The constants an initialiser list gives the int fields of struct ``rec`` it names, or None
    when it is not a list of constants in place (a scalar where an inner struct or array is: its
    braces left out, the scalars fill that object first)."""
    s = strip(init, casts=True)
    if s.kind != K.INIT_LIST_EXPR:
        return None
    if all_zero(s):   # { 0 }
        return {}
    fields = list(rec.type.get_canonical().get_fields())
    names = [f.spelling for f in fields]
    out: Dict[str, int] = {}
    i = 0
    for designators, e in designations(s):
        if designators:
            if len(designators) > 1 or designators[0] not in names:
                return None
            i = names.index(str(designators[0]))
        if i < len(fields):
            if is_aggregate(fields[i].type) and strip(e).kind != K.INIT_LIST_EXPR:
                return None
            v = evaluate_int(strip(e, casts=True))
            if v is None and is_int(e.type):
                return None
            out[names[i]] = v if v is not None else 0
        i += 1
    return out


def _steps(rhs: ci.Cursor, key: Hashable) -> bool:
    """Is ``rhs`` ``q->f + k``, ``k + q->f`` or ``q->f - k`` of the field ``key`` and a constant k?"""
    s = strip(rhs, casts=True)
    kids = [strip(k, casts=True) for k in children(s)]
    if s.kind != K.BINARY_OPERATOR or binary_operator(s) not in ("+", "-") or len(kids) != 2:
        return False

    def field(x: ci.Cursor) -> bool:
        return x.kind == K.MEMBER_REF_EXPR and x.referenced is not None and decl_key(x.referenced) == key
    sides = [(kids[0], kids[1])] + ([(kids[1], kids[0])] if binary_operator(s) == "+" else [])
    return any(field(a) and evaluate_int(b) is not None for a, b in sides)


def _sizeof_struct(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The struct a ``sizeof`` below ``c`` names, else None."""
    if c.kind == K.CXX_UNARY_EXPR:
        return next((struct_decl(k.type) for k in children(c) if struct_decl(k.type) is not None), None)
    return next((rec for rec in map(_sizeof_struct, children(c)) if rec is not None), None)


def _named(args: List[ci.Cursor]) -> Optional[ci.Cursor]:
    """The struct the first ``sizeof`` of a struct among a call's arguments names, else None."""
    return next((rec for rec in map(_sizeof_struct, args) if rec is not None), None)


def _has_sizeof(c: ci.Cursor) -> bool:
    return c.kind == K.CXX_UNARY_EXPR or any(_has_sizeof(k) for k in children(c))


def _multiplied(c: ci.Cursor) -> bool:
    """Is a ``sizeof`` below ``c`` an operand of arithmetic (``n * sizeof(T)``)?"""
    s = strip(c, casts=True)
    if s.kind == K.BINARY_OPERATOR:
        return _has_sizeof(s)
    return any(_multiplied(k) for k in children(s))


def _names_any(c: ci.Cursor, keys: AbstractSet[Hashable]) -> bool:
    if c.kind == K.DECL_REF_EXPR and c.referenced is not None and decl_key(c.referenced) in keys:
        return True
    return any(_names_any(k, keys) for k in children(c))


def _once(ctx: Ctx, scan: _Scan, seen: Tuple[Hashable, ...] = ()) -> bool:
    """Does a place run at most once: outside loops, in ``main`` (no backward ``goto``) or in a
    function called directly from exactly one place that runs at most once (and never through a
    pointer: it is then named only by that call)."""
    fn, loop = ctx
    if fn is None:
        return True
    if loop or has_backward_goto(fn):
        return False
    if fn.spelling == "main":
        return True
    key = decl_key(fn)
    sites = scan.calls.get(key, [])
    named_once = scan.named.get(key, 0) == 1   # its one call names it: never taken as a pointer
    return key not in seen and len(sites) == 1 and named_once and _once(sites[0], scan, seen + (key,))


@lru_cache(maxsize=8)
def singleton_fields(tu: ci.TranslationUnit) -> Dict[Hashable, Single]:
    """The int fields of ``tu``'s struct types with one object, by declaration key."""
    scan = _Scan()
    for c, ctx in walk_main(tu, _down, (None, False)):
        scan.visit(c, ctx)
    scan.finish()
    if _ALL in scan.out:
        return {}
    out: Dict[Hashable, Single] = {}
    for c, _ctx in walk_main(tu, lambda p, x: x, None):
        if c.kind != K.STRUCT_DECL or not c.is_definition():
            continue
        objects = scan.objects.get(decl_key(c), [])
        if decl_key(c) in scan.out or len(objects) != 1 or not _once(objects[0][0], scan):
            continue
        initial = objects[0][1]
        for f in c.type.get_canonical().get_fields():
            if not is_int(f.type) or f.is_bitfield() or decl_key(f) in scan.fields_out:
                continue
            default = 0 if initial.alloc and decl_key(c) in scan.zeroed else initial.default
            start = initial.listed.get(f.spelling, default)
            out[decl_key(f)] = Single(struct_name(c), f.spelling, start, int_range(f.type))
    return out


def single_field(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The field declaration ``c`` (stripped) reads when it is ``p->f`` or ``q.f`` of a field kept
    as a variable, else None."""
    if c.kind != K.MEMBER_REF_EXPR:
        return None
    ref = c.referenced
    if ref is None or ref.kind != K.FIELD_DECL:
        return None
    return ref if decl_key(ref) in singleton_fields(c.translation_unit) else None
