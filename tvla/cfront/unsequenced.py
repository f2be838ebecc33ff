"""Operands whose order of evaluation C leaves open, where the order changes what runs.

C sequences the operands of ``&&``, ``||``, ``?:`` and ``,``, but not the place and the value of
an assignment, nor the arguments of a call, nor the operands of the other binary operators: a
compiler may evaluate them in any order (gcc evaluates a call's arguments right to left, and the
place of ``p->d = f(&p)`` before the call).  The lowering evaluates them left to right; where one
operand may write a variable another reads (``sum(h->d, release(&h))``), or free or write heap
memory another reads through a pointer (the same field of a struct type, or any memory where a
pointer reads or writes a whole object), another order may run differently, and a verdict of that
one order would not be one of the program.  Writing one field beside a read of another is not such
a place: ``a->n1 = a->n2 = t;`` (a chained store, as skip lists' code writes) reads ``a`` and writes
``n2`` on the right, writes ``n1`` on the left, in either order the same.  :func:`unsequenced_effects` finds such places; the
lowering reports each as unsupported, so the verdicts it would decide become unknown.

An operand's effects (:class:`Effects`) come from its own assignments and steps, the ``&v`` it gives
to calls (the callee may write ``v``) and, through the bodies of the functions it calls, the globals
they write and the fields they write of cells they did not allocate themselves (any memory where
they free or write through ``*p``).
"""

from dataclasses import dataclass
from typing import Dict, FrozenSet, Hashable, Iterable, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import (K, callable_from_main, callee_definition, callee_name, children, decl_key,
                               definitions, is_global_var, is_pointer, strip, writes_operand)
from tvla.cfront.parse import binary_operator, unary_operator

# library functions that write memory they are given (any other one the file does not define is
# unsupported anyway; malloc and calloc write only the cells they make)
HEAP_WRITERS = frozenset({"free", "realloc", "reallocarray", "memset", "memcpy", "memmove", "strcpy", "strncpy",
                          "strcat", "strncat"})
ALLOCATORS = frozenset({"malloc", "calloc", "alloca", "__builtin_alloca"})
SEQUENCED = frozenset({"&&", "||", ","})
ANY = "*"   # a memory effect on any field: free, *p, a[i], a library function's


@dataclass(frozen=True)
class Effects:
    """What evaluating an expression may do: ``writes`` the variables (by :func:`decl_key`) it may
    write, ``heap`` the fields (by :func:`decl_key` of their declaration, or :data:`ANY`) it may free
    or write of a cell it did not allocate, ``reads`` the variables it reads, ``deref`` the fields
    (or :data:`ANY`) it reads through a pointer."""

    writes: FrozenSet[Hashable] = frozenset()
    heap: FrozenSet[Hashable] = frozenset()
    reads: FrozenSet[Hashable] = frozenset()
    deref: FrozenSet[Hashable] = frozenset()

    def __or__(self, other: "Effects") -> "Effects":
        return Effects(self.writes | other.writes, self.heap | other.heap, self.reads | other.reads,
                       self.deref | other.deref)

    def clashes(self, other: "Effects") -> bool:
        """May evaluating one before the other differ from the other order?"""
        return bool(self.writes & (other.reads | other.writes)) or _overlap(self.heap, other.deref) \
            or bool(other.writes & self.reads) or _overlap(other.heap, self.deref)


def _overlap(written: FrozenSet[Hashable], read: FrozenSet[Hashable]) -> bool:
    """May a write of the fields ``written`` change a read of the fields ``read``?"""
    return bool(written & read) or bool(written and read) and (ANY in written or ANY in read)


NONE = Effects()


def _union(parts: Iterable[Effects]) -> Effects:
    out = NONE
    for p in parts:
        out = out | p
    return out


class Summaries:
    """The effects of calling each function the file defines (globals written, heap written),
    worked out once; a recursive call counts what is known of its function so far."""

    def __init__(self, bodies: Iterable[ci.Cursor]) -> None:
        self.done: Dict[Hashable, Effects] = {}
        self.fresh: Dict[Hashable, bool] = {}
        self.globals: Set[Hashable] = set()   # the globals written, as met
        self.seen: Dict[Hashable, Effects] = {}   # expr's answers (a nested operand is asked at each level)
        bodies = list(bodies)
        changed = True
        while changed:   # to the least fixpoint over the calls (recursion, mutual or not)
            changed = False
            for fdef in bodies:
                body = _union(self.own(c, fdef) for c in fdef.walk_preorder())
                got = Effects(frozenset(k for k in body.writes if k in self.globals), body.heap)
                if got != self.done.get(decl_key(fdef), NONE):
                    self.done[decl_key(fdef)], changed = got, True

    def own(self, c: ci.Cursor, fdef: ci.Cursor) -> Effects:
        """What ``c`` itself writes (not its operands): an assignment or a step its place, a call
        what its function and the addresses it is given may write."""
        kids = children(c)
        if writes_operand(c) and kids:
            return self.written(kids[0], fdef)
        if c.kind != K.CALL_EXPR:
            return NONE
        name = callee_name(c)
        out = Effects(heap=frozenset({ANY}) if name in HEAP_WRITERS else frozenset())
        callee = callee_definition(c)
        if callee is not None:
            out = out | self.done.get(decl_key(callee), NONE)
        for a in kids[1:]:   # the callee may write what it is given the address of
            s = strip(a, casts=True)
            if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" and name not in ALLOCATORS and children(s):
                out = out | self.written(children(s)[0], fdef)
        return out

    def expr(self, c: ci.Cursor, fdef: ci.Cursor) -> Effects:
        """The effects of evaluating ``c`` in the function ``fdef``."""
        key = (c.hash, c.kind, c.extent.start.offset)
        if key not in self.seen:
            self.seen[key] = self.evaluated(c, fdef)
        return self.seen[key]

    def evaluated(self, c: ci.Cursor, fdef: ci.Cursor) -> Effects:
        k = c.kind
        if k == K.DECL_REF_EXPR:
            ref = c.referenced
            if ref is not None and ref.kind in (K.VAR_DECL, K.PARM_DECL):
                return Effects(reads=frozenset({decl_key(ref)}))
            return NONE
        kids = children(c)
        if k == K.BINARY_OPERATOR and binary_operator(c) == "=" and len(kids) == 2:
            return self.own(c, fdef) | self.place(kids[0], fdef) | self.expr(kids[1], fdef)
        if k == K.UNARY_OPERATOR and unary_operator(c) == "&" and kids:
            return self.place(kids[0], fdef)
        own = self.own(c, fdef) | Effects(deref=_memory_read(c, kids))
        return own | _union(self.expr(x, fdef) for x in kids)

    def place(self, c: ci.Cursor, fdef: ci.Cursor) -> Effects:
        """The effects of finding the object ``c`` names (not of reading it)."""
        s = strip(c)
        kids = children(s)
        if s.kind == K.DECL_REF_EXPR:
            return NONE
        if s.kind == K.MEMBER_REF_EXPR and kids and not is_pointer(kids[0].type):
            return self.place(kids[0], fdef)   # s.f: where s is
        if kids and (s.kind == K.MEMBER_REF_EXPR or s.kind == K.UNARY_OPERATOR and unary_operator(s) == "*"):
            return self.expr(kids[0], fdef)   # p->f, *p: p's value
        return self.expr(s, fdef)

    def written(self, c: ci.Cursor, fdef: ci.Cursor) -> Effects:
        """Writing the object ``c`` names: a variable, or memory (unless a cell ``fdef`` allocated):
        the field ``p->f`` names, with the fields that hold it (``p->s.f`` writes ``s`` too)."""
        s = strip(c)
        kids = children(s)
        if s.kind == K.DECL_REF_EXPR and s.referenced is not None:
            if is_global_var(s.referenced):
                self.globals.add(decl_key(s.referenced))
            return Effects(writes=frozenset({decl_key(s.referenced)}))
        if s.kind == K.MEMBER_REF_EXPR and kids and not is_pointer(kids[0].type):
            outer = self.written(kids[0], fdef)
            return outer | Effects(heap=_field(s)) if outer.heap else outer
        base = strip(kids[0], casts=True) if kids else None
        if base is not None and base.kind == K.DECL_REF_EXPR and base.referenced is not None:
            key = decl_key(base.referenced)
            if key not in self.fresh:
                self.fresh[key] = _fresh(base.referenced, fdef)
            if self.fresh[key]:
                return NONE
        return Effects(heap=_field(s) if s.kind == K.MEMBER_REF_EXPR else frozenset({ANY}))

    def operands(self, c: ci.Cursor, fdef: ci.Cursor) -> List[Effects]:
        """The effects of each operand of ``c`` that C does not sequence against the others."""
        kids = children(c)
        if c.kind == K.BINARY_OPERATOR:
            op = binary_operator(c)
            if op in SEQUENCED or len(kids) != 2:
                return []
            first = self.place(kids[0], fdef) if op == "=" else self.expr(kids[0], fdef)
            return [first, self.expr(kids[1], fdef)]
        if c.kind in (K.CALL_EXPR, K.COMPOUND_ASSIGNMENT_OPERATOR, K.ARRAY_SUBSCRIPT_EXPR, K.INIT_LIST_EXPR):
            return [self.expr(x, fdef) for x in kids]
        return []


def _memory_read(c: ci.Cursor, kids: List[ci.Cursor]) -> FrozenSet[Hashable]:
    """The field ``c`` itself reads through a pointer (``p->f``), :data:`ANY` for ``*p`` and
    ``a[i]``, none else."""
    if c.kind == K.MEMBER_REF_EXPR:
        return _field(c) if kids and is_pointer(kids[0].type) else frozenset()
    if c.kind == K.UNARY_OPERATOR and unary_operator(c) == "*" or c.kind == K.ARRAY_SUBSCRIPT_EXPR:
        return frozenset({ANY})
    return frozenset()


def _field(member: ci.Cursor) -> FrozenSet[Hashable]:
    """The field a member expression names (:data:`ANY` where libclang does not say)."""
    ref = member.referenced
    return frozenset({decl_key(ref) if ref is not None else ANY})


def _fresh(var: Optional[ci.Cursor], fdef: ci.Cursor) -> bool:
    """Is ``var`` a local of ``fdef`` given only cells just allocated (``n = malloc(...)``), and
    never its address?"""
    if var is None or var.kind != K.VAR_DECL or is_global_var(var):
        return False
    key = decl_key(var)
    init = [k for k in children(var) if k.kind.is_expression()]
    values = init[-1:]
    for c in fdef.walk_preorder():
        kids = children(c) if writes_operand(c) or c.kind == K.UNARY_OPERATOR and unary_operator(c) == "&" else []
        target = strip(kids[0]) if kids else None
        if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None \
                and decl_key(target.referenced) == key:
            if c.kind != K.BINARY_OPERATOR or len(kids) != 2:
                return False   # its address taken, stepped, or a compound assignment
            values.append(kids[1])
    calls = [strip(v, casts=True) for v in values]
    return bool(calls) and all(v.kind == K.CALL_EXPR and callee_name(v) in ALLOCATORS for v in calls)


def unsequenced_effects(tu: ci.TranslationUnit) -> List[Tuple[ci.Cursor, str]]:
    """Each place of the functions ``main`` may call where two operands C does not sequence may
    clash (:meth:`Effects.clashes`), with what to say of it."""
    called = callable_from_main(tu)
    if called is None:
        return []
    bodies = definitions(tu)
    summaries = Summaries(bodies.values())
    out = []
    for name in sorted(called[1]):
        fdef = bodies[name]
        for c in fdef.walk_preorder():
            parts = summaries.operands(c, fdef)
            if any(a.clashes(b) for i, a in enumerate(parts) for b in parts[i + 1:]):
                out.append((c, "operands whose order C leaves open, where one may change what another reads"
                               " (a call that writes a variable, or frees or writes memory, beside a read of it)"))
    return out
