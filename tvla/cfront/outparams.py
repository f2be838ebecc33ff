"""``int *`` out-parameters: which int variables a function may write through a parameter.

``void build(int *status) { ... *status = 5; }`` called as ``build(&status)``
writes main's ``status``.  A parameter ``p`` of type ``int *`` (of a function
defined in the file) is an *out-parameter* when every use of it in its body is
``*p`` (read or written) or an argument passed to another out-parameter; its
targets are the int variables whose address ``&x`` is an argument for it and
the targets of the out-parameters passed to it.  :func:`out_params` finds them,
so that :mod:`tvla.cfront.intvars` counts ``*p = e`` as an assignment of each
target (and ``&x`` given to an out-parameter as no arbitrary write); the
lowering reads and writes ``*p`` as the variable the call bound it to.

A parameter given ``&x->f`` (an int field) instead reads and writes that field
of x's cell (the lowering binds it, :meth:`Lowering.bind_field`); one given only
such arguments is in ``fields``, and ``t = *p`` there reads a datum.

A parameter used otherwise (compared, stored, passed to a function not defined
here, indexed) *escapes*: its targets may change in ways not followed, so they
stay arbitrary, as any int whose address is taken.
"""

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Hashable, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, children, decl_key, for_parts, is_int, strip
from tvla.cfront.parse import binary_operator, evaluate_int, unary_operator

__all__ = ["OutParams", "out_params", "is_int_pointer", "deref_param"]


@dataclass(frozen=True)
class OutParams:
    """``targets``: out-parameter key -> the keys of the int variables it may point to;
    ``bound``: the hashes of the ``&x`` arguments given to out-parameters; ``addressed``: the int
    variables whose address is taken (``int *p = &x``, ``free(&x)``) and never given to an
    out-parameter: each is a cell not on the heap, so what is written through the address is what
    the variable holds (an address given to an out-parameter is that parameter's business)."""

    targets: Dict[Hashable, FrozenSet[Hashable]] = field(default_factory=dict)
    bound: FrozenSet[int] = frozenset()
    fields: FrozenSet[Hashable] = frozenset()   # parameters only ever given &x->f of an int field
    addressed: FrozenSet[Hashable] = frozenset()


def is_int_pointer(t: ci.Type) -> bool:
    c = t.get_canonical()
    return c.kind == ci.TypeKind.POINTER and is_int(c.get_pointee())


def deref_param(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The parameter ``p`` of ``*p`` (``c``, parentheses and casts aside) when p is an ``int *``
    parameter; None otherwise."""
    s = strip(c)
    if s.kind != K.UNARY_OPERATOR or unary_operator(s) != "*" or not children(s):
        return None
    inner = strip(children(s)[0], casts=True)
    ref = inner.referenced if inner.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind == K.PARM_DECL and is_int_pointer(ref.type) else None


class _Uses:
    """One walk over the file: the uses of every ``int *`` parameter and the calls that bind them."""

    def __init__(self) -> None:
        self.params: Set[Hashable] = set()
        self.escaped: Set[Hashable] = set()
        self.direct: Dict[Hashable, Set[Hashable]] = {}   # parameter -> variables given as &x
        self.passed: Dict[Hashable, Set[Hashable]] = {}   # parameter -> parameters passed to it
        self.bound: Dict[Hashable, Set[int]] = {}         # parameter -> the &x given to it
        self.fields: Set[Hashable] = set()                 # parameters given &x->f
        self.fine: Set[int] = set()   # references to parameters that are *p or bound arguments
        self.addresses: List[Tuple[int, Hashable]] = []   # every &x of an int variable: (its hash, x)

    def walk(self, c: ci.Cursor) -> None:
        k = c.kind
        self.fine.update(x.hash for x in _tested(c))
        if k == K.PARM_DECL and is_int_pointer(c.type):
            self.params.add(decl_key(c))
        elif k == K.UNARY_OPERATOR and unary_operator(c) == "*" and children(c):
            self.fine.add(strip(children(c)[0], casts=True).hash)
        elif k == K.UNARY_OPERATOR and unary_operator(c) == "&" and children(c):
            self.address(c)
        elif k == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.PARM_DECL \
                and is_int_pointer(c.referenced.type) and c.hash not in self.fine:
            self.escaped.add(decl_key(c.referenced))   # compared, stored, passed elsewhere...
        elif k == K.CALL_EXPR:
            self.call(c)
        for ch in children(c):
            self.walk(ch)

    def address(self, c: ci.Cursor) -> None:
        inner = strip(children(c)[0])
        ref = inner.referenced if inner.kind == K.DECL_REF_EXPR else None
        if ref is not None and ref.kind == K.VAR_DECL and is_int(ref.type):
            self.addresses.append((c.hash, decl_key(ref)))

    def call(self, c: ci.Cursor) -> None:
        """Bind the ``int *`` parameters of a defined callee to ``&x`` or to a parameter."""
        ref = c.referenced
        definition = ref.get_definition() if ref is not None and ref.kind == K.FUNCTION_DECL else None
        params = [p for p in definition.get_children() if p.kind == K.PARM_DECL] if definition else []
        for p, a in zip(params, c.get_arguments()):
            if not is_int_pointer(p.type):
                continue
            key, s = decl_key(p), strip(a, casts=True)
            inner = strip(children(s)[0]) if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" \
                and children(s) else None
            var = inner.referenced if inner is not None and inner.kind == K.DECL_REF_EXPR else None
            if var is not None and var.kind in (K.VAR_DECL, K.PARM_DECL) and is_int(var.type):
                self.direct.setdefault(key, set()).add(decl_key(var))
                self.bound.setdefault(key, set()).add(s.hash)
            elif inner is not None and inner.kind == K.MEMBER_REF_EXPR and is_int(inner.type):
                self.fields.add(key)
            elif s.kind == K.DECL_REF_EXPR and s.referenced is not None and s.referenced.kind == K.PARM_DECL \
                    and is_int_pointer(s.referenced.type):
                self.passed.setdefault(key, set()).add(decl_key(s.referenced))
                self.fine.add(s.hash)
            elif not _holds_cell(s):
                self.escaped.add(key)   # its targets are unknown


def _holds_cell(s: ci.Cursor) -> bool:
    """An argument that gives an ``int *`` parameter a heap cell or NULL, not a variable's address: an
    ``int *`` variable or field (the lowering reports any ``&x`` stored in one), or 0."""
    if evaluate_int(s) == 0:
        return True
    ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
    if ref is not None and ref.kind == K.VAR_DECL:
        return is_int_pointer(ref.type)
    return s.kind == K.MEMBER_REF_EXPR and is_int_pointer(s.type)


def _tested(c: ci.Cursor) -> List[ci.Cursor]:
    """The operands ``c`` only tests against NULL: ``if (p)``, ``!p``, ``p && ...``, ``p != NULL``
    (the lowering knows an out-parameter's address is never NULL)."""
    kids, k = children(c), c.kind
    if k == K.BINARY_OPERATOR and len(kids) == 2 and binary_operator(c) in ("==", "!="):
        nulls = [x for x in kids if evaluate_int(strip(x, casts=True)) == 0]
        return [strip(x, casts=True) for x in kids if x not in nulls] if len(nulls) == 1 else []
    if k in (K.IF_STMT, K.WHILE_STMT, K.CONDITIONAL_OPERATOR):
        truth = kids[:1]
    elif k == K.DO_STMT:
        truth = kids[1:2]
    elif k == K.FOR_STMT:
        truth = [x for x in for_parts(c)[1:2] if x is not None]
    elif k == K.UNARY_OPERATOR and unary_operator(c) == "!" or \
            k == K.BINARY_OPERATOR and binary_operator(c) in ("&&", "||"):
        truth = kids
    else:
        truth = []
    return [strip(x, casts=True) for x in truth]


def out_params(tu: ci.TranslationUnit) -> OutParams:
    """The out-parameters of ``tu`` and their targets (see the module docstring)."""
    uses = _Uses()
    uses.walk(tu.cursor)
    targets: Dict[Hashable, Set[Hashable]] = {p: set(uses.direct.get(p, ())) for p in uses.params}
    for _ in range(len(targets) + 1):   # through parameters passed on
        changed = False
        for p, qs in uses.passed.items():
            for q in qs:
                new = targets.get(q, set()) - targets.setdefault(p, set())
                if new:
                    targets[p] |= new
                    changed = True
        if not changed:
            break
    escaped = _closure(uses.escaped, uses.passed)
    kept = {p: frozenset(vs) for p, vs in targets.items() if p not in escaped}
    passing = {p for p, qs in uses.passed.items() if qs} | {q for qs in uses.passed.values() for q in qs}
    # a parameter given a field somewhere and a variable elsewhere, or passed on, is left to the lowering
    fields = frozenset(p for p in uses.fields if p not in escaped and not targets.get(p) and p not in passing)
    bound = frozenset(h for p in kept for h in uses.bound.get(p, ()))
    given = {x for h, x in uses.addresses if h in bound}
    return OutParams(kept, bound, fields, frozenset(x for _, x in uses.addresses if x not in given))


def _closure(escaped: Set[Hashable], passed: Dict[Hashable, Set[Hashable]]) -> Set[Hashable]:
    """A parameter passed to an escaping one escapes too."""
    out = set(escaped)
    todo: List[Hashable] = list(escaped)
    while todo:
        p = todo.pop()
        for q in passed.get(p, ()):
            if q not in out:
                out.add(q)
                todo.append(q)
    return out
