"""Lowering C expressions into three-address statements (the expression half of :mod:`tvla.cfront.lower`).

* A pointer value is lowered to an operand: a pointer variable's name, None
  (NULL), or :data:`~tvla.cfront.lower_cfg.BAD`; every dereference on the way
  (``x->next->next``) is one :class:`~tvla.cfront.ir.Load` into a temporary.
* An int value is lowered to one of ``("const", n)``, ``("field", var, f)``,
  ``("var", name)`` (a kept :class:`~tvla.cfront.ir.IntVar`), ``("nondet", range)`` (its type's values)
  or ``("abstract",)`` (arithmetic, untracked variables).  A field read whose
  value is then abstracted is still a dereference: it is kept as the check
  ``Assume(var->f == var->f)``.
* A condition is lowered to edges: ``&&``, ``||``, ``!`` and ``?:`` are
  control flow (short circuit); a comparison of pointers is a ``PtrCond``, of
  tracked ints a ``DataCond``, on both branch edges (the false one negated);
  a nondet value branches both ways with ``Nop("nondet: ...")``, an
  abstracted one with ``Nop("abstracted: ...")`` (the only note the verdict
  treats as an over-approximation).
* Assignments to untracked int variables are ``Nop("untracked: ...")``:
  they lose nothing until a condition reads the variable.
"""

from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, Hashable, Iterable, List, Optional, Sequence, Tuple, TypeVar, \
    Union

import clang.cindex as ci

from tvla.cfront import ir
from tvla.cfront.cinfo import CELL_FIELD, K, FunctionFields, copied_functions, is_function_pointer, int_cell, repeatable, tokens, strip_kept, callee_definition, returned_values, callee_name, cell_deref, cell_words, children, constant_value, decl_key, designated_fields, field_range, fields_of, int_range, is_global_var, is_byte_cell, \
    mentions, is_floating, is_int, is_int_cell, is_number, is_pointer, is_void_pointer, keeps_value, member_range, pointee_struct, strip, struct_decl, struct_name
from tvla.cfront.embedded import container_of, member_path, member_struct
from tvla.cfront.intvars import ABSTRACT, VALUED, IntClass, Mapping, c_converted, compound_operator, field_step, in_type, int_var, is_nondet_call, is_truth_value, \
    mapped_of, paired_of, remainder_of, shift_of, step_of, step_through
from tvla.cfront.lower_cfg import BAD, Builder, Frame
from tvla.cfront.outparams import deref_param
from tvla.cfront.parse import ARITHMETIC, STEP_OPS, binary_operator, evaluate_int, fold, unary_operator
from tvla.cfront.singletons import single_field
from tvla.cfront.tallies import tally_test

__all__ = ["ExprLowering", "NEGATE"]

NEGATE = ir.NEGATE
ABS = ("abstract",)

Ptr = Optional[str]
"""A pointer operand: a pointer variable's name, None (NULL) or BAD."""
Cur = Optional[str]
"""The node lowering goes on from (None: control does not reach it)."""
IntOp = Tuple[Any, ...]
"""An int operand: ``("const", n)``, ``("field", var, f)``, ``("var", name)``, ``("nondet", range)`` or ``("abstract",)``."""
Operand = Union[Ptr, IntOp]
"""The value of an assignment or a call: a pointer operand or an int operand."""
Table = Tuple[Tuple[int, Union[Optional[int], Tuple[str, Mapping]]], ...]
"""An expression's value per value of the flag or counter it reads (:data:`~tvla.cfront.intvars.Mapping`),
or, for an expression of two, per value of the first the second's name and table."""
T = TypeVar("T")


def _pointer(v: Operand) -> Ptr:
    """``v`` as a pointer operand (an int operand where a pointer is expected: BAD)."""
    return BAD if isinstance(v, tuple) else v


def _int(v: Operand) -> IntOp:
    """``v`` as an int operand (a pointer operand where an int is expected: abstracted)."""
    return v if isinstance(v, tuple) else ABS


class ExprLowering(Builder):
    """Expressions, conditions and assignments; statements and calls are in :class:`tvla.cfront.lower.Lowering`."""

    int_classes: Dict[Hashable, IntClass]
    symbolic_names: Dict[Hashable, str]   # declaration key of a symbolic variable -> its name
    addressed: FrozenSet[Hashable]   # int variables whose address is taken: cells (OutParams.addressed)
    sign_tested: FrozenSet[Hashable]   # int variables compared by order with 0 (IntTests.sign_tested)
    function_fields: FunctionFields   # cinfo.function_field_values

    if TYPE_CHECKING:   # defined by the subclass tvla.cfront.lower.Lowering
        globals: Dict[Hashable, str]

        def declare_global(self, ref: ci.Cursor) -> Optional[str]: ...

        def field_var(self, ref: ci.Cursor) -> str: ...

        def stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur: ...

        def call(self, s: ci.Cursor, cur: Cur, fr: Frame, want: Optional[ci.Cursor]) -> Tuple[Operand, Cur]: ...

        def returning_call(self, e: Optional[ci.Cursor], rec: ci.Cursor) -> Optional[ci.Cursor]: ...

        def call_into(self, call: ci.Cursor, cell: str, cur: Cur, fr: Frame) -> Cur: ...

        def is_alloc(self, s: ci.Cursor) -> bool: ...

        def link_of(self, c: ci.Cursor) -> Optional[Any]: ...

        def deref_link(self, pp: ci.Cursor, cur: Cur, at: ci.Cursor) -> Optional[Tuple[Ptr, Cur]]: ...

        def link_test(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> bool: ...

        def assign_link(self, target: ci.Cursor, rhs: ci.Cursor, cur: Cur, fr: Frame,
                        s: ci.Cursor) -> Optional[Tuple[Operand, Cur]]: ...

        def malloc(self, dst: str, s: ci.Cursor, cur: Cur, fr: Frame, st: Optional[ci.Cursor],
                   at: Optional[ci.Cursor] = None) -> Cur: ...

    # ------------------------------------------------------------------ variables

    def lookup(self, ref: ci.Cursor, fr: Frame) -> Optional[str]:
        """The name of a variable in ``fr`` (its global declared on first use); None if it is not one we track."""
        key = decl_key(ref)
        if key in fr.names:
            return fr.names[key]
        if key in self.globals:
            return self.globals[key]
        if is_global_var(ref):
            return self.declare_global(ref)
        return None

    def var_name(self, var: ci.Cursor, fr: Frame) -> Optional[str]:
        """The name of the variable an int variable's declaration or a kept field's stands for (the
        field read by ``p->f`` dereferences ``p``: see :meth:`field_touches`)."""
        return self.field_var(var) if var.kind == K.FIELD_DECL else self.lookup(var, fr)

    def int_class(self, key: Hashable) -> IntClass:
        return self.int_classes.get(key, ABSTRACT)

    def class_value(self, cls: IntClass) -> IntOp:
        """The value of a ``const`` variable, or of an ``alias``: its symbolic variable (declared in
        ``main`` before any copy of it is made, since it is copied only after its initialiser)."""
        if cls.kind == "const":
            return ("const", cls.values[0])
        name = self.symbolic_names.get(cls.of)
        return ("var", name) if name is not None else ABS

    # ------------------------------------------------------------------ pointer values

    @staticmethod
    def pointee(t: ci.Type, fr: Frame) -> Optional[ci.Cursor]:
        """The struct a pointer of type ``t`` points to in frame ``fr``: a ``void *`` of an
        allocation wrapper (``void *zalloc(size_t n)`` called for a ``struct T *``) points to T."""
        st = pointee_struct(t)
        if st is None and fr.void_struct is not None and is_void_pointer(t):
            return fr.void_struct
        return st

    def ptr_value(self, c: ci.Cursor, cur: Cur, fr: Frame, want: Optional[ci.Cursor] = None) -> Tuple[Ptr, Cur]:
        """Lower a pointer expression to an operand (a variable, None for NULL, or BAD)."""
        s, want = self.ptr_strip(c, want)
        if s is None:
            return BAD, cur
        k = s.kind
        if evaluate_int(s) is not None:
            if evaluate_int(s) == 0:
                return None, cur
            self.unsupported(s, "an integer used as a pointer")
            return BAD, cur
        if k == K.DECL_REF_EXPR:
            name = self.ptr_var(s, fr)
            if want is not None and is_void_pointer(s.type) and name in self.pointers and \
                    self.pointers[name].struct != self.struct_name_of(want):
                # a void * parameter or local of a wrapper holds its argument's cell, whatever the
                # pointer the caller gets back: no cast of C says so, and none was reported
                words = cell_words(want)
                self.unsupported(s, f"{s.spelling}, a void * to {self.pointers[name].struct}, "
                                    f"used as {'an' if words[0] in 'aeiou' else 'a'} {words} *")
                return BAD, cur
            return name, cur
        if k == K.MEMBER_REF_EXPR:
            return self.load_to_temp(s, cur, fr)
        if k == K.CALL_EXPR:
            v, cur = self.call(s, cur, fr, want)
            return _pointer(v), cur
        if k in (K.BINARY_OPERATOR, K.UNARY_OPERATOR, K.CONDITIONAL_OPERATOR) or k.name == "StmtExpr":
            return self.ptr_operator(s, cur, fr, want)
        if k == K.STRING_LITERAL and s.type.get_canonical().kind == ci.TypeKind.CONSTANTARRAY:
            return self.string_cell(s, cur)
        what = "array access" if k == K.ARRAY_SUBSCRIPT_EXPR else "pointer expression"
        self.unsupported(s, self.describe(s, what))
        return BAD, cur

    def string_cell(self, s: ci.Cursor, cur: Cur) -> Tuple[Ptr, Cur]:
        """A string literal (``die("oom")``, ``const char *name = "x"``): a cell not on the heap of
        its first character, so it is never NULL and never freed, and a read of ``*p`` reads some
        character (the rest of the array is not followed, as for any block of integers)."""
        rec = int_cell(s.type.get_canonical().element_type)
        if rec is None:
            self.unsupported(s, self.describe(s, "string literal"))
            return BAD, cur
        tmp = self.pointer("literal", rec, "local", True, cname="")
        return tmp, self.step(cur, ir.Malloc(tmp, self.struct(rec), False, False, True), s)

    def ptr_strip(self, c: ci.Cursor, want: Optional[ci.Cursor]) -> Tuple[Optional[ci.Cursor], Optional[ci.Cursor]]:
        """Strip parentheses and casts, remembering the struct pointed to; None after a cast between
        different struct types (reported)."""
        while True:
            here = pointee_struct(c.type)
            if here is not None and not is_byte_cell(here):   # a char * cast views any cell's bytes
                if want is not None and not self.same_cell(want, here):
                    self.unsupported(c, _cast_words(here, want))
                    return None, want
                want = here
            kids = children(c)
            if c.kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR) and kids and \
                    kids[-1].kind.is_expression():
                c = kids[-1]
            elif c.kind == K.UNARY_OPERATOR and unary_operator(c) == "__extension__":
                c = kids[0]
            else:
                if here is not None and is_byte_cell(here) and want is not None and \
                        not self.same_cell(want, here) and c.kind != K.BINARY_OPERATOR:
                    # a char * variable, field or call points to a cell of one char (a struct's
                    # bytes are only viewed through a cast, container_of's (char *)p - offset)
                    self.unsupported(c, _cast_words(here, want))
                    return None, want
                return c, want

    def struct_name_of(self, decl: ci.Cursor) -> str:
        """The name :meth:`struct` gives ``decl`` (its host's for an embedded struct), registering nothing."""
        host = self.hosts.of(decl)
        return self.struct_name_of(host.container) if host is not None else struct_name(decl)

    def same_cell(self, a: ci.Cursor, b: ci.Cursor) -> bool:
        """Pointers to structs ``a`` and ``b`` cast one to the other point to the same cell: the same
        struct, or one is embedded at the start of the other (``container_of`` at offset 0)."""
        if struct_name(a) == struct_name(b):
            return True
        for inner, outer in ((a, b), (b, a)):
            host = self.hosts.of(inner)
            if host is not None and host.at_start and host.name == struct_name(outer):
                return True
        return False

    def interior(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Optional[Ptr], Cur]:
        """``&x->link`` (``c`` is ``x->link``) of an embedded struct with a host: the pointer to
        x's cell; None for another operand."""
        inner = struct_decl(strip(c).type)
        host = self.hosts.of(inner)
        found = member_path(c)
        if inner is not None and struct_name(inner) in self.hosts.conflicts:
            self.unsupported(c, self.hosts.conflicts[struct_name(inner)])
            return BAD, cur
        if host is None or found is None:
            return None, cur
        base = found[0]
        if found[1] != host.path and is_pointer(base.type):   # &dev->bufs: a head inside a cell
            return self.member_head(base, found[1], c, cur, fr)
        if found[1] != host.path:   # &q.jobs: the head inside a struct variable, a cell of its own
            return self.head_of(found, fr), cur
        if is_pointer(base.type):
            return self.ptr_value(base, cur, fr)
        return self.cell_of(strip(base), fr), cur

    def member_head(self, base: ci.Cursor, path: str, c: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Ptr, Cur]:
        """``&base->path`` of a list head held apart inside base's cell: the pointer to its lone cell,
        which field ``path`` of the cell holds (:attr:`tvla.cfront.embedded.Hosts.member_heads`)."""
        st = pointee_struct(base.type)
        heads = dict(self.member_heads_in(self.struct(st))) if st is not None else {}
        if path not in heads:
            self.unsupported(c, f"address of member {path} of a {base.type.spelling}")
            return BAD, cur
        pv, cur = self.ptr_value(base, cur, fr, st)
        v, cur = self.materialise(pv, cur, base, st)
        tmp = self.temp(heads[path])
        return tmp, self.step(cur, ir.Load(tmp, v, path), c)

    def head_of(self, found: Optional[Tuple[ci.Cursor, str]], fr: Frame) -> Optional[str]:
        """The cell of the list head at (base, path) when base is a struct variable with one."""
        if found is None or is_pointer(found[0].type):
            return None
        cell = self.cell_of(strip(found[0]), fr)
        return self.head_cell.get((cell, found[1])) if cell is not None else None

    def cell_of(self, c: ci.Cursor, fr: Frame) -> Optional[str]:
        """The pointer variable to the cell of the struct variable ``c`` names (None: not one)."""
        if c.kind != K.DECL_REF_EXPR or c.referenced is None:
            return None
        name = self.lookup(c.referenced, fr)
        return name if name in self.cells else None

    def ptr_var(self, s: ci.Cursor, fr: Frame) -> Ptr:
        ref = s.referenced
        name = self.lookup(ref, fr) if ref is not None else None
        if name is None or name not in self.pointers or name in self.cells:
            if ref is not None and ref.kind == K.FUNCTION_DECL:
                self.unsupported(s, f"function pointer {s.spelling}")
            else:
                self.unsupported(s, f"variable {s.spelling} of type {s.type.spelling}")
            return BAD
        return name

    def ptr_operator(self, s: ci.Cursor, cur: Cur, fr: Frame, want: Optional[ci.Cursor]) -> Tuple[Ptr, Cur]:
        k = s.kind
        if k == K.BINARY_OPERATOR:
            op = binary_operator(s)
            a, b = children(s)
            if op == "=":
                v, cur = self.assign(s, cur, fr)
                return _pointer(v), cur
            if op == ",":
                return self.ptr_value(b, self.effect(a, cur, fr), fr, want)
            found = container_of(s) if op == "-" else None
            host = self.hosts.of(pointee_struct(found[0].type)) if found is not None else None
            if found is not None and host is not None and (host.name, host.path) == (struct_name(found[1]), found[2]):
                return self.ptr_value(found[0], cur, fr)   # container_of(p, C, link): p's cell
            self.unsupported(s, "pointer arithmetic")
            return BAD, cur
        if k == K.CONDITIONAL_OPERATOR:
            return self.ptr_conditional(s, cur, fr, want)
        if k == K.UNARY_OPERATOR:
            return self.ptr_unary(s, cur, fr)
        v, cur = self.stmt_expr(s, cur, fr, lambda e, n: self.ptr_value(e, n, fr, want))
        return _pointer(v), cur

    def ptr_unary(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Ptr, Cur]:
        op = unary_operator(s)
        if op == "*":
            alias = self.alias_of(children(s)[0], fr)
            if alias is not None:
                return alias, cur
            read = self.deref_link(children(s)[0], cur, s)
            if read is not None:
                return read
            self.unsupported(s, "dereference of a pointer to a pointer whose target is not known")
        elif op == "&":
            cell = self.cell_of(strip(children(s)[0]), fr)
            if cell is not None:   # &q of a struct variable: the pointer to its cell
                return cell, cur
            inner, cur = self.interior(children(s)[0], cur, fr)
            if inner is not None:   # &x->link: x's cell (BAD after a conflict, already reported)
                return inner, cur
            self.unsupported(s, self.describe(s, "address of"))
        elif op in STEP_OPS:
            self.unsupported(s, "pointer arithmetic")
        else:
            self.unsupported(s, f"pointer operator {op}")
        return BAD, cur

    def alias_of(self, c: ci.Cursor, fr: Frame) -> Optional[str]:
        """The variable an out-parameter ``T **pp`` points to (``c`` is ``pp``, or ``&v``), or None."""
        s = strip(c, casts=True)
        if s.kind == K.DECL_REF_EXPR and s.referenced is not None:
            return fr.aliases.get(decl_key(s.referenced))
        if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&":   # *&v is v
            inner = strip(children(s)[0])
            if inner.kind == K.DECL_REF_EXPR and inner.referenced is not None:
                return self.lookup(inner.referenced, fr)
        return None

    def int_cell_var(self, c: ci.Cursor, fr: Frame) -> Optional[str]:
        """The pointer to the cell of the int variable ``c`` names when its address is taken (None:
        not one)."""
        return self.cell_of(c, fr) if c.kind == K.DECL_REF_EXPR and is_int(c.type) else None

    def cell_member(self, c: ci.Cursor, fr: Frame) -> bool:
        """Is ``c`` ``*p`` (or ``p[0]``) of an int cell, ``p`` no out-parameter bound to a variable
        or to a field (whose ``*p`` is that variable or field)?"""
        pointer = cell_deref(c)
        return pointer is not None and self.field_alias(c, fr) is None and self.alias_of(pointer, fr) is None

    def field_alias(self, c: ci.Cursor, fr: Frame) -> Optional[Tuple[str, str]]:
        """(cell, int field) of ``*p`` (``c``) for an ``int *`` parameter bound to ``&x->f``, or None."""
        p = deref_param(c)
        return fr.field_aliases.get(decl_key(p)) if p is not None else None

    def ptr_conditional(self, s: ci.Cursor, cur: Cur, fr: Frame, want: Optional[ci.Cursor]) -> Tuple[Ptr, Cur]:
        """``c ? a : b`` as a pointer: both branches assign one temporary."""
        c, a, b = children(s)
        st = pointee_struct(s.type) or want
        if st is None:
            self.unsupported(s, "conditional expression of a non-struct pointer type")
            return BAD, cur
        tmp = self.temp(self.struct(st))
        m1, m2 = self.node(), self.node()
        self.cond(c, m1, m2, cur, fr)
        ends = [self.assign_ptr(tmp, a, m1, fr, st), self.assign_ptr(tmp, b, m2, fr, st)]
        return tmp, self.join(ends, s)

    def load_to_temp(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Ptr, Cur]:
        """``base->f`` for a pointer field: a Load into a new temporary."""
        base, fname, kind, cur = self.member(s, cur, fr)
        if kind != "ptr":
            if kind is not None:
                self.unsupported(s, f"field {fname} used as a pointer")
            return BAD, cur
        tmp = self.temp(self.struct(pointee_struct(s.type)))
        return tmp, self.step(cur, ir.Load(tmp, base, fname), s)

    def materialise(self, v: Ptr, cur: Cur, c: ci.Cursor, st: Optional[ci.Cursor]) -> Tuple[str, Cur]:
        """A variable holding ``v``: NULL is put in a temporary (dereferencing it is then reported)."""
        if v is not None or st is None:
            return (BAD if v is None else v), cur
        tmp = self.temp(self.struct(st))
        return tmp, self.step(cur, ir.AssignNull(tmp), c)

    def member(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[str, str, Optional[str], Cur]:
        """``base->f`` or ``(*base).f``: (base variable, field, "ptr"/"int"/"float"/None for unsupported, node)."""
        fname = s.spelling
        base = children(s)[0] if children(s) else None
        pointer = cell_deref(s)
        if pointer is not None:   # *p of an int cell: its one field
            fname, base = CELL_FIELD, pointer
        if base is None:
            self.unsupported(s, f"field {fname}")
            return BAD, fname, None, cur
        while not is_pointer(base.type):
            inner = strip(base)
            cell = self.cell_of(inner, fr)
            rec = struct_decl(inner.type)
            if cell is not None and rec is not None:   # q.f of a struct variable: a field of its cell
                fname = self.host_field(rec, fname)
                return cell, fname, self.field_kind(s, rec, fname), cur
            head = self.head_of(member_path(inner), fr) if inner.kind == K.MEMBER_REF_EXPR else None
            if head is not None and rec is not None:   # q.jobs.next: the head's own cell
                fname = self.host_field(rec, fname)
                return head, fname, self.field_kind(s, rec, fname), cur
            if inner.kind == K.UNARY_OPERATOR and unary_operator(inner) == "*":
                base = children(inner)[0]
            elif inner.kind == K.MEMBER_REF_EXPR and rec is not None and children(inner):
                # a field of a struct embedded in the cell: n->pl.a is the cell's field pl.a
                fname = f"{inner.spelling}.{fname}"
                base = children(inner)[0]
            else:
                self.unsupported(s, self.describe(inner, f"field {fname} of a struct not on the heap:"))
                return BAD, fname, None, cur
        st = pointee_struct(base.type)
        if st is None:
            self.unsupported(s, f"field {fname} of a {base.type.spelling}")
            return BAD, fname, None, cur
        pv, cur = self.ptr_value(base, cur, fr, st)   # *(char *)n is no field of n's cell
        v, cur = self.materialise(pv, cur, base, st)
        for path, host in self.member_heads_in(self.struct(st)):
            inner = member_struct(st, path) if fname.startswith(path + ".") else None
            if inner is not None:   # dev->bufs.next: field next of the head's own cell
                tmp = self.temp(host)
                v, st, fname, cur = tmp, inner, fname[len(path) + 1:], self.step(cur, ir.Load(tmp, v, path), s)
                break
        fname = self.host_field(st, fname)
        return v, fname, self.field_kind(s, st, fname), self.inside_object(v, st, fname, cur, s)

    def inside_object(self, v: str, st: ci.Cursor, fname: str, cur: Cur, c: ci.Cursor) -> Cur:
        """Before a field of a host struct outside its embedded struct is used through ``v``: ``v``
        must not point to an embedded struct standing alone (a list's head), which has no such
        field (:mod:`tvla.cfront.embedded`); that branch is a valid-deref violation."""
        name = self.struct(st)
        host = self.hosts.inside(name)
        if host is None or fname.startswith(host.path + "."):
            return cur
        heads = set(self.head_cell.values())
        cur = self.outside_member_head(v, name, host.path, cur, c)
        for cell, (inner, _) in ((b, sh) for b, sh in self.bare.items() if sh[1] == name and b != v):
            bad: Cur = self.node()
            self.edge(cur, bad, ir.Assume(ir.PtrCond(v, cell, True)), c)
            what = f"{v} points to {cell}, a struct {inner} that is not inside a struct {name}"
            if cell in heads:   # the struct variable around the head may have memory there
                what += " but inside a struct variable, whose memory C reads there (not followed)"
                bad = self.step(bad, ir.Nop(f"abstracted: {what}"), c)
            self.step(bad, ir.OutsideObject(what, cell not in heads), c)
            cur = self.step(cur, ir.Assume(ir.PtrCond(v, cell, False)), c)
        return cur

    def outside_member_head(self, v: str, name: str, path: str, cur: Cur, c: ci.Cursor) -> Cur:
        """Where ``v`` may point to the lone cell of a list head inside another cell, a field of struct
        ``name`` outside ``path`` read through it is memory of that cell, not followed (abstracted)."""
        if name not in self.hosts.head_hosts:
            return cur
        what = f"{v} points to a list head inside another cell, not to a struct {name} around {path}"
        return self.unless_member_head(v, what, cur, c)

    def unless_member_head(self, v: str, what: str, cur: Cur, c: ci.Cursor) -> Cur:
        """The path on which ``v`` does not point to the lone cell of a list head inside another cell;
        on the one where it does, every property's alarm after an ``abstracted`` note saying ``what``
        (C reads or frees the memory around the head there, which is not followed)."""
        self.not_followed(self.step(cur, ir.Assume(ir.HeadCond(v, True)), c), what, c)
        return self.step(cur, ir.Assume(ir.HeadCond(v, False)), c)

    def field_kind(self, s: ci.Cursor, st: ci.Cursor, fname: str) -> Optional[str]:
        t = self.structs[self.struct(st)]
        if any(f == fname for f, _ in t.pointer_fields):
            return "ptr"
        if fname in t.int_fields:
            return "float" if is_floating(s.type) else "int"
        self.unsupported(s, f"field {fname} of type {s.type.spelling}")
        return None

    # ------------------------------------------------------------------ int values

    def int_value(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[IntOp, Cur]:
        """Lower an int expression to an int operand (see the module docstring)."""
        v = constant_value(c)
        if v is not None:
            return ("const", v), cur
        if _narrowing_cast(c):   # (unsigned char)x is not x's value: read (its effects stay), abstracted
            return ABS, self.consume(strip(c, casts=True), cur, fr)
        s = strip(c, casts=True)
        k = s.kind
        if is_pointer(s.type) and k != K.CALL_EXPR:
            _, cur = self.ptr_value(s, cur, fr)   # an address as a number: any value
            return ABS, cur
        if k == K.DECL_REF_EXPR:
            return self.int_var_value(s, fr), cur
        cell_field = self.field_alias(s, fr)
        if cell_field is not None:   # *p for an int * parameter bound to &x->f: x's f
            return ("field",) + cell_field, cur
        alias = self.alias_of(children(s)[0], fr) if k == K.UNARY_OPERATOR and unary_operator(s) == "*" else None
        if alias is not None:   # *v for an int * parameter bound to &x: x
            cls = self.var_class(s, fr)
            if cls.kind in VALUED:
                return self.class_value(cls), cur
            return (("var", alias) if alias in self.ints else ABS), cur
        field = single_field(s)
        if field is not None:   # p->f of a field kept as a variable: p dereferenced, the variable read
            return self.field_value(field), self.field_touch(s, cur, fr)
        if k == K.MEMBER_REF_EXPR or self.cell_member(s, fr):
            base, fname, kind, cur = self.member(s, cur, fr)
            if kind == "int":
                return ("field", base, fname), cur
            if kind == "float":   # read (p must point to a live cell), its value never followed
                return ABS, self.touch(("field", base, fname), cur, s)
            return ABS, cur
        if k == K.CALL_EXPR:
            cv, cur = self.call(s, cur, fr, None)
            return _int(cv), cur
        return self.int_operator(s, cur, fr)

    def int_var_value(self, s: ci.Cursor, fr: Frame) -> IntOp:
        ref = s.referenced
        if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            return ABS
        cls = self.int_class(decl_key(ref))
        if cls.kind in VALUED:
            return self.class_value(cls)
        name = self.lookup(ref, fr)
        if name is None:
            self.unsupported(s, f"variable {s.spelling} of type {s.type.spelling}")
            return ABS
        if name in self.cells:   # an int variable whose address is taken: its cell's value
            return ("field", name, CELL_FIELD)
        return ("var", name) if name in self.ints else ABS

    def field_value(self, field: ci.Cursor) -> IntOp:
        """The value of a field kept as a variable (:mod:`tvla.cfront.singletons`)."""
        cls = self.int_class(decl_key(field))
        if cls.kind in VALUED:
            return self.class_value(cls)
        name = self.field_var(field)
        return ("var", name) if name in self.ints else ABS

    def field_touch(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """``p->f`` of a field kept as a variable: ``p`` (its pointer expression run) must point to
        the live object, as for any field; its value is the variable's."""
        base, fname, kind, cur = self.member(s, cur, fr)
        return self.step(cur, ir.Deref(base, fname), s) if kind == "int" else cur

    def field_touches(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """Every read of a field kept as a variable in ``c`` (an expression without effects or
        branches: a step's ``q->n + 1``), dereferenced in turn."""
        s = strip(c, casts=True)
        if single_field(s) is not None:
            return self.field_touch(s, cur, fr)
        for k in children(s):
            cur = self.field_touches(k, cur, fr)
        return cur

    def int_operator(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[IntOp, Cur]:
        """Operators on ints: their operands run (calls, dereferences), the value is abstracted."""
        k = s.kind
        if k == K.BINARY_OPERATOR and binary_operator(s) == "=":
            v, cur = self.assign(s, cur, fr)
            return _int(v), cur
        if k == K.BINARY_OPERATOR and binary_operator(s) == ",":
            a, b = children(s)
            return self.int_value(b, self.effect(a, cur, fr), fr)
        if k.name == "StmtExpr":
            return self.stmt_expr(s, cur, fr, lambda e, n: self.int_value(e, n, fr))
        if is_truth_value(s):   # its effects are those of the branches on it
            j = self.node()
            self.cond(s, j, j, cur, fr)
            return ABS, j
        if k == K.CONDITIONAL_OPERATOR:
            c0, a, b = children(s)
            m1, m2 = self.node(), self.node()
            self.cond(c0, m1, m2, cur, fr)
            return ABS, self.join([self.consume(a, m1, fr), self.consume(b, m2, fr)], s)
        if k in (K.COMPOUND_ASSIGNMENT_OPERATOR, K.UNARY_OPERATOR) and \
                (k == K.COMPOUND_ASSIGNMENT_OPERATOR or unary_operator(s) in STEP_OPS):
            return ABS, self.update(s, cur, fr)
        if k == K.BINARY_OPERATOR and binary_operator(s) in ARITHMETIC or \
                k == K.UNARY_OPERATOR and unary_operator(s) == "-":
            return self.arithmetic(s, cur, fr)
        if k in (K.BINARY_OPERATOR, K.UNARY_OPERATOR, K.ARRAY_SUBSCRIPT_EXPR):
            if k == K.ARRAY_SUBSCRIPT_EXPR:
                self.unsupported(s, "array access")
            for ch in children(s):
                cur = self.consume(ch, cur, fr)
            return ABS, cur
        # an integer literal gets here only converted to a floating type (double d = 1): abstracted
        if k not in (K.FLOATING_LITERAL, K.STRING_LITERAL, K.CXX_UNARY_EXPR, K.INTEGER_LITERAL, K.CHARACTER_LITERAL):
            self.unsupported(s, self.describe(s, "expression"))
        return ABS, cur

    def arithmetic(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[IntOp, Cur]:
        """``a op b`` or ``-a``: a constant when its operands are (``data + 1`` with a constant
        ``data``), else abstracted after the operands' effects."""
        ops = []
        for ch in children(s):
            op, cur = self.int_value(ch, cur, fr)
            ops.append(("const", c_converted(ch, op[1])) if op[0] == "const" else op)   # as C converts it
            cur = self.touch(op, cur, ch)
        if all(op[0] == "const" for op in ops):
            a, b = (0, ops[0][1]) if len(ops) == 1 else (ops[0][1], ops[1][1])
            v = fold("-" if len(ops) == 1 else binary_operator(s), a, b)
            if v is not None:
                return ("const", c_converted(s, v)), cur
        return ABS, cur

    def consume(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """Evaluate an int operand whose value is abstracted: only its effects and dereferences remain."""
        op, cur = self.int_value(c, cur, fr)
        return self.touch(op, cur, c)

    def touch(self, op: IntOp, cur: Cur, c: ci.Cursor) -> Cur:
        """The dereference of a field read whose value is not used (``var->f == var->f``: always true)."""
        if op[0] != "field":
            return cur
        _, var, f = op
        return self.step(cur, ir.Assume(ir.DataCond(var, f, "==", var, f)), c)

    def stmt_expr(self, s: ci.Cursor, cur: Cur, fr: Frame,
                  value: Callable[[ci.Cursor, Cur], Tuple[T, Cur]]) -> Tuple[Union[T, IntOp], Cur]:
        """A GNU statement expression ``({ ...; e; })``: its statements, then ``value(e, node)``."""
        body = children(s)[0]
        stmts = children(body)
        if not stmts:
            return ABS, cur
        for st in stmts[:-1]:
            cur = self.stmt(st, cur, fr)
        last = stmts[-1]
        if last.kind.is_expression():
            return value(last, cur)
        return ABS, self.stmt(last, cur, fr)

    def describe(self, s: ci.Cursor, what: str) -> str:
        text = self.src.text(s, 40)
        return f"{what} {text}" if text else what

    # ------------------------------------------------------------------ conditions

    def cond(self, c: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> None:
        """Edges from ``cur`` to ``t`` when ``c`` holds and to ``f`` when not (None: nowhere)."""
        if cur is None:
            return
        v = evaluate_int(c)
        if v is not None:
            self.goto(cur, t if v else f, c)
            return
        if _narrowing_cast(c):   # if ((unsigned char)x): x's value is not the one tested
            op, cur = self.int_value(strip(c, casts=True), cur, fr)
            return self.branch_both(self.touch(op, cur, c), t, f, "abstracted", c)
        s = strip(c, casts=True)
        if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "!":
            return self.cond(children(s)[0], f, t, cur, fr)
        if s.kind == K.CALL_EXPR and callee_name(s) == "__builtin_expect" and len(list(s.get_arguments())) == 2:
            # if (likely(p != NULL)): the test of p, not of an int made from it (abstracted)
            e, hint = s.get_arguments()
            return self.cond(e, t, f, self.effect(hint, cur, fr), fr)
        if s.kind == K.BINARY_OPERATOR and binary_operator(s) in ("&&", "||", ","):
            return self.cond_binary(s, t, f, cur, fr)
        if s.kind == K.CONDITIONAL_OPERATOR:
            c0, a, b = children(s)
            m1, m2 = self.node(), self.node()
            self.cond(c0, m1, m2, cur, fr)
            self.cond(a, t, f, m1, fr)
            return self.cond(b, t, f, m2, fr)
        if s.kind == K.BINARY_OPERATOR and binary_operator(s) in ("==", "!=") and all(map(is_truth_value, children(s))):
            # (p == NULL) != (q == NULL): the first truth value, then the second on each branch
            a, b = children(s)
            m1, m2 = self.node(), self.node()
            same, differ = (t, f) if binary_operator(s) == "==" else (f, t)
            self.cond(a, m1, m2, cur, fr)
            self.cond(b, same, differ, m1, fr)
            return self.cond(b, differ, same, m2, fr)
        known = self.address_test(s, fr)
        if known is not None:   # an out-parameter compared with NULL: the address of a variable or field
            return self.goto(cur, t if known else f, c)
        # a counter against an expression of two (j < n - 2 - i) after bounded_cond, whose tallies it keeps
        if self.step_test(s, t, f, cur, fr) or self.mapped_cond(s, t, f, cur, fr) or self.paired_cond(s, t, f, cur, fr) \
                or self.field_mapped_cond(s, t, f, cur, fr) or self.bounded_cond(s, t, f, cur, fr) \
                or self.paired_cond(s, t, f, cur, fr, pairs=True) or self.link_test(s, t, f, cur, fr):
            return None
        if s.kind == K.BINARY_OPERATOR and binary_operator(s) in NEGATE:
            return self.compare(s, t, f, cur, fr)
        self.truth(s, t, f, cur, fr)

    def mapped_cond(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> bool:
        """A test computed from one flag or counter j and constants (``i % 2 == 0``, ``len - i >
        1``): for each value of j, a test of it, then the branch the test's value takes there (both,
        abstracted, where C leaves it undefined or j holds another value).  False (nothing
        lowered) for any other test."""
        computed = self.computed_from(s, fr)
        if computed is None:
            return False
        src, _, table = computed
        cur = self.field_touches(s, cur, fr)
        self.per_value(src, table, t, f, cur, s, lambda here, w: self.goto(here, t if w else f, s))
        return True

    def computed_from(self, value: ci.Cursor, fr: Frame, pairs: bool = False) -> Optional[Tuple[str, ci.Cursor, Table]]:
        """``value`` computed from one followed flag or counter j and constants, beyond a mere
        comparison of j (:func:`~tvla.cfront.intvars.mapped_of`), or with ``pairs`` from two
        (``i + len``, :func:`~tvla.cfront.intvars.paired_of`; not for a whole test, where ``i < len``
        and ``cnt != len + 1`` compare counters whose tallies :meth:`compare` keeps): j's variable,
        j's declaration and the table of values (for two, per value of j the second's name and
        table); None for any other expression."""
        class_of: Callable[[ci.Cursor], Optional[IntClass]] = lambda c: self.int_class(decl_key(c))
        mapped = mapped_of(value, class_of, lambda c: self.const_value(c, fr))
        if mapped is None:
            return self.paired_from(value, fr) if pairs else None
        src = self.var_name(mapped[0], fr)
        if src is None or src not in self.ints or not _computed(value, decl_key(mapped[0])):
            return None
        return src, mapped[0], mapped[2]

    def paired_from(self, value: ci.Cursor, fr: Frame) -> Optional[Tuple[str, ci.Cursor, Tuple[Tuple[int, Tuple[str, Mapping]], ...]]]:
        """:meth:`computed_from` of an expression of two followed flags or counters."""
        paired = paired_of(value, lambda c: self.int_class(decl_key(c)), lambda c: self.const_value(c, fr))
        if paired is None or not _computed(value, decl_key(paired[0])):
            return None
        rows: List[Tuple[int, Tuple[str, Mapping]]] = []
        for v, (k, _, table) in paired[2]:
            src = self.var_name(k, fr)
            if src is None or src not in self.ints:
                return None
            rows.append((v, (src, table)))
        first = self.var_name(paired[0], fr)
        if first is None or first not in self.ints:
            return None
        return first, paired[0], tuple(rows)

    def per_value(self, src: str, table: Table, t: Cur, f: Cur, cur: Cur, s: ci.Cursor,
                  then: Callable[[Cur, int], None]) -> None:
        """For each value v of flag or counter ``src`` (``table``: v and the value w of an expression
        there, or the name and table of a second flag or counter), a test ``src == v`` and on its
        true edge ``then(node, w)`` (the second's :meth:`per_value`); both edges, abstracted, where
        w is undefined and where ``src`` holds another value."""
        def case(here: Cur, w: Union[Optional[int], Tuple[str, Mapping]]) -> None:
            if isinstance(w, tuple):
                self.per_value(w[0], w[1], t, f, here, s, then)
            elif w is None:
                self.branch_both(here, t, f, "abstracted", s)
            else:
                then(here, w)
        rest = self.each_value(("var", src), table, cur, s, case)
        if self.ints[src].other:   # another value of a counter: not followed
            self.branch_both(rest, t, f, "abstracted", s)

    def each_value(self, operand: IntOp, rows: Iterable[Tuple[int, T]], cur: Cur, s: ci.Cursor,
                   then: Callable[[Cur, T], None]) -> Cur:
        """For each row (v, x), in order, a test ``operand == v`` and on its true edge ``then(node,
        x)``; the node where ``operand`` holds none of the v."""
        for v, x in rows:
            here, rest = self.node(), self.node()
            self.int_branch(operand, "==", ("const", v), here, rest, cur, s)
            then(here, x)
            cur = rest
        return cur

    def mapped_write(self, value: ci.Cursor, cur: Cur, fr: Frame, s: ci.Cursor,
                     store: Callable[[Optional[int]], ir.Statement], otherwise: Callable[[Cur], Cur]) -> Optional[Cur]:
        """A write of a value computed from one flag or counter j and constants (``n->d = flag + 1``,
        ``p->data = i + len``): for each value of j, a test of it, then ``store`` of the value there
        (``store(None)``, abstracted, where C leaves it undefined); where a counter holds another
        value, ``otherwise`` (the write as if j were not followed: ``i % 2`` keeps its span).  None
        (nothing lowered) for any other value."""
        computed = self.computed_from(value, fr, pairs=True)
        if computed is None:
            return None
        src, _, table = computed
        return self.join(self.stores_per_value(src, table, self.field_touches(value, cur, fr), s, store, otherwise), s)

    def stores_per_value(self, src: str, table: Table, cur: Cur, s: ci.Cursor,
                         store: Callable[[Optional[int]], ir.Statement], otherwise: Callable[[Cur], Cur]) -> List[Cur]:
        """:meth:`mapped_write`'s tests of ``src`` and stores, one end per value (and where ``src``
        holds another value)."""
        ends: List[Cur] = []

        def case(here: Cur, w: Union[Optional[int], Tuple[str, Mapping]]) -> None:
            if isinstance(w, tuple):
                ends.extend(self.stores_per_value(w[0], w[1], here, s, store, otherwise))
                return
            if w is None:
                here = self.step(here, ir.Nop(f"abstracted: {self.src.text(s)}"), s)
            ends.append(self.step(here, store(w), s))
        rest = self.each_value(("var", src), table, cur, s, case)
        if self.ints[src].other:
            ends.append(otherwise(rest))
        return ends

    def paired_cond(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame, pairs: bool = False) -> bool:
        """``a op e`` for a flag or counter ``a`` and an expression ``e`` computed from another one j
        (with ``pairs``, from two: :meth:`computed_from`)
        and constants (``count != 1 + len``, len one of 2..5): for each value of j, a test of it,
        then ``a`` tested against e's value there (both ways, abstracted, where C leaves e undefined
        or j holds another value).  Both compared in a's own type.  False (nothing lowered) for any
        other test."""
        kids = children(s)
        if s.kind != K.BINARY_OPERATOR or binary_operator(s) not in NEGATE or len(kids) != 2:
            return False
        for side, other, op in ((kids[0], kids[1], binary_operator(s)), (kids[1], kids[0], ir.FLIP[binary_operator(s)])):
            var = int_var(strip(side))
            name = self.var_name(var, fr) if var is not None else None
            iv = self.ints.get(name) if name is not None else None
            if var is None or iv is None or iv.register or not iv.values or int_range(var.type) != int_range(side.type):
                continue
            computed = self.computed_from(other, fr, pairs=pairs)
            if computed is None or computed[0] == name:
                continue
            src, j, table = computed
            rng = int_range(side.type)   # the type compared in: a's own, so e's value is converted to it
            assert name is not None
            # only a syntactic b + k: the table covers b's kept values, where len % 7 is len too
            shifted = shift_of(other, lambda c: self.int_class(decl_key(c)), lambda c: self.const_value(c, fr))
            tallies = _offset_test(name, iv, src, self.ints[src], shifted[2], op) \
                if shifted is not None and decl_key(shifted[0]) == decl_key(j) else None
            if tallies is not None:   # every way to each branch through its filter (tvla.cfront.tallies)
                t, f = self.filtered(t, tallies[0], s), self.filtered(f, tallies[1], s)
            cur = self.field_touches(s, cur, fr)
            self.per_value(src, table, t, f, cur, s, lambda here, w: self.int_branch(
                ("var", name), op, ("const", ir.held(w, rng)), t, f, here, s))
            return True
        return False

    def field_mapped_cond(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> bool:
        """``p->d op e`` for an int field and an expression ``e`` computed from one flag or counter j
        and constants (``p->data != i + len``), both of one int type: for each value of j, a test of
        it, then the field tested against e's value there (both ways, abstracted, where C leaves e
        undefined or j holds another value).  False (nothing lowered) for any other test."""
        kids = children(s)
        if s.kind != K.BINARY_OPERATOR or binary_operator(s) not in NEGATE or len(kids) != 2:
            return False
        for side, other, op in ((kids[0], kids[1], binary_operator(s)), (kids[1], kids[0], ir.FLIP[binary_operator(s)])):
            field = strip(side, casts=True)
            if field.kind != K.MEMBER_REF_EXPR or single_field(field) is not None or \
                    int_range(side.type) is None or int_range(side.type) != int_range(other.type):
                continue
            computed = self.computed_from(other, fr, pairs=True)
            if computed is None:
                continue
            src, _, table = computed
            cur = self.field_touches(other, cur, fr)
            base, fname, kind, cur = self.member(field, cur, fr)
            if kind != "int":
                self.branch_both(cur, t, f, "abstracted", s)
                return True
            rng = int_range(side.type)
            self.per_value(src, table, t, f, cur, s, lambda here, w: self.int_branch(
                ("field", base, fname), op, ("const", ir.held(w, rng)), t, f, here, s))
            return True
        return False

    def bounded_cond(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> bool:
        """``a < b - x - k`` (``<=``, or flipped) for counters a and b and int variables x that
        never hold a negative value (``j < n - 1 - i`` of a bubble sort over a list): the test
        itself is abstracted, but where it holds so does ``a < b - k``, which the cells the
        counters counted may rule out (a tally filter on that branch, :mod:`tvla.cfront.tallies`).
        False (nothing lowered) for any other test; signed ints only (no wrap around)."""
        kids = children(s)
        if s.kind != K.BINARY_OPERATOR or len(kids) != 2 or binary_operator(s) not in ("<", "<=", ">", ">="):
            return False
        op = binary_operator(s)
        side, other = (kids[0], kids[1]) if op in ("<", "<=") else (kids[1], kids[0])
        diff = _difference(other)
        a, b = self.counter_of(side, fr), self.counter_of(diff[0], fr) if diff is not None else None
        if diff is None or a is None or b is None or not all(self.never_negative(x) for x in diff[1]) \
                or not all(_signed(c) for c in (side, other, *diff[0:1], *diff[1])):
            return False
        tallies = tally_test(a, b, diff[2], op if op in ("<", "<=") else ir.FLIP[op], bound=True)
        if tallies is None:
            return False
        lo, cur = self.int_value(kids[0], cur, fr)
        ro, cur = self.int_value(kids[1], cur, fr)
        cur = self.touch(ro, self.touch(lo, cur, s), s)
        self.branch_both(cur, self.filtered(t, tallies[0], s), f, "abstracted", s)
        return True

    def counter_of(self, c: ci.Cursor, fr: Frame) -> Optional[str]:
        """The counter ``c`` names (an int variable kept with another value), else None."""
        var = int_var(strip(c))
        name = self.var_name(var, fr) if var is not None else None
        iv = self.ints.get(name) if name is not None else None
        return name if iv is not None and iv.other and iv.values and not iv.register else None

    def never_negative(self, c: ci.Cursor) -> bool:
        """Is ``c`` an int variable that never holds a negative value: a constant, a flag of such
        values, or a counter given such constants and stepped up only?"""
        var = int_var(strip(c))
        if var is None:
            return False
        cls = self.int_class(decl_key(var))
        if cls.kind == "counter":
            return cls.least is not None and cls.least >= 0
        return cls.kind in ("const", "flag") and bool(cls.values) and min(cls.values) >= 0 \
            and not cls.ordered and cls.spare is None

    def filtered(self, dst: Cur, cond: ir.TallyCond, s: ci.Cursor) -> Cur:
        """A new node whose way on to ``dst`` passes ``Assume(cond)``."""
        here = self.node()
        self.edge(here, dst, ir.Assume(cond), s)
        return here

    def step_test(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> bool:
        """``n--`` or ``++i`` as a truth value, or compared with a constant (``i++ < 2``), for a
        counter: a pre-step, then the new value tested against the constant; a post-step's old
        value tested, then the step on either way.  False (nothing lowered) for any other test."""
        kids = children(s)
        side, op, value = s, "!=", 0
        if s.kind == K.BINARY_OPERATOR and binary_operator(s) in NEGATE and len(kids) == 2:
            consts = [evaluate_int(k) for k in kids]
            if consts[1] is not None:
                side, op, value = kids[0], binary_operator(s), consts[1]
            elif consts[0] is not None:
                side, op, value = kids[1], ir.FLIP[binary_operator(s)], consts[0]
        u = strip(side)
        if u.kind != K.UNARY_OPERATOR or unary_operator(u) not in STEP_OPS or not children(u):
            return False
        target = strip(children(u)[0])
        field = single_field(target)
        name = self.field_var(field) if field is not None else \
            self.lvalue_var(target, fr) if int_var(target) is not None else None
        stepped = self.counter_step(name, target, u, fr) if name is not None else None
        rng = self.var_class(target, fr).range
        wraps = rng is not None and rng.wraps   # the order of old and new differs
        post = unary_operator(u).startswith("post")
        if stepped is None or op not in ("==", "!=") and wraps and not post:
            return False
        if field is not None:   # (d->n)-- > 0: d dereferenced first
            cur = self.field_touch(target, cur, fr)
        if post:   # the old value tested, then the step on either way (i-- > 0 of an unsigned i; while (n--)
            # of a tally: its test against 0 comes before the step, as for while (n > 0) { n--; ... })
            t_old, f_old = (self.node() if way is not None else None for way in (t, f))
            self.edge(t_old, t, stepped, u)
            self.edge(f_old, f, stepped, u)
            self.int_branch(("var", stepped.var), op, ("const", value), t_old, f_old, cur, s)
            return True
        cur = self.step(cur, stepped, u)
        if op in ("==", "!="):   # the new value, promoted, against the constant as written
            kept = in_type(value, rng, int_range(side.type) if side is not s else rng)
            if kept is None:   # no value of the variable's type is that one (++c == 256 of an unsigned char)
                self.goto(cur, t if op == "!=" else f, s)
                return True
            value = kept
        self.int_branch(("var", stepped.var), op, ("const", value), t, f, cur, s)
        return True

    def address_test(self, s: ci.Cursor, fr: Frame) -> Optional[bool]:
        """The value of ``p``, ``p != NULL`` or ``p == NULL`` for an out-parameter ``p`` (``T **``
        or ``int *``) bound to ``&v`` or ``&x->f``, which is never NULL; None for another test."""
        sides = children(s) if s.kind == K.BINARY_OPERATOR and binary_operator(s) in ("==", "!=") else [s]
        if len(sides) == 2:
            nulls = [x for x in sides if evaluate_int(strip(x, casts=True)) == 0]
            if len(nulls) != 1 or not self.is_address(next(x for x in sides if x is not nulls[0]), fr):
                return None
            return binary_operator(s) == "!="
        return True if self.is_address(s, fr) else None

    def is_address(self, c: ci.Cursor, fr: Frame) -> bool:
        """Is ``c`` an out-parameter bound to an address, or a link pointer (never NULL)?"""
        s = strip(c, casts=True)
        ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
        if ref is None or not is_pointer(ref.type):
            return False
        key = decl_key(ref)
        return key in fr.aliases or key in fr.alias_keys or self.link_of(s) is not None

    def cond_binary(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> None:
        op = binary_operator(s)
        a, b = children(s)
        if op == ",":
            return self.cond(b, t, f, self.effect(a, cur, fr), fr)
        mid = self.node()
        if op == "&&":
            self.cond(a, mid, f, cur, fr)
        else:
            self.cond(a, t, mid, cur, fr)
        self.cond(b, t, f, mid, fr)

    def truth(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> None:
        """``if (e)`` for a pointer (``e != NULL``) or an int (``e != 0``)."""
        if is_pointer(s.type):
            v, cur = self.ptr_value(s, cur, fr)
            self.ptr_branch(v, None, False, t, f, cur, s)
        else:
            op, cur = self.int_value(s, cur, fr)
            self.int_branch(op, "!=", ("const", 0), t, f, cur, s)

    def compare(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> None:
        op = binary_operator(s)
        a, b = children(s)
        if is_pointer(a.type) or is_pointer(b.type):
            l, cur = self.ptr_value(a, cur, fr)
            r, cur = self.ptr_value(b, cur, fr)
            if op in ("==", "!=") and self.mixed_addresses(a, b):
                return self.branch_both(cur, t, f, "abstracted", s)
            if op in ("==", "!="):
                return self.ptr_branch(l, r, op == "==", t, f, cur, s)
            self.unsupported(s, "pointer comparison with " + op)
            return self.branch_both(cur, t, f, "abstracted", s)
        compared = int_range(a.type)
        shifted = _shifted_test(s)
        if shifted is not None:   # *p + 2 != 3 as *p != 1
            a, op, k = shifted
            lo, cur = self.int_value(a, cur, fr)
            ro, others = ("const", k), [a]
        else:
            lo, cur = self.int_value(a, cur, fr)
            ro, cur = self.int_value(b, cur, fr)
            others = [a, b]
        if any(map(_narrowing_cast, others)):   # (unsigned char)x == 0: not x's value compared
            cur = self.touch(ro, self.touch(lo, cur, s), s)
            return self.branch_both(cur, t, f, "abstracted", s)
        if lo == ro and lo[0] in ("var", "field"):   # x <= x, p->d != p->d: one value read twice
            return self.goto(self.touch(lo, cur, s), t if ir.holds(0, op, 0) else f, s)
        # a variable that never holds a negative value keeps its value in any wider or unsigned
        # type (int i < unsigned len): compared as it is
        types = [None if self.never_negative(x) else member_range(strip(x, casts=True)) for x in others]
        typed = _typed(lo, op, ro, types + [None] * (2 - len(types)), compared)
        if isinstance(typed, bool):
            return self.goto(self.touch(ro, self.touch(lo, cur, s), s), t if typed else f, s)
        if isinstance(typed, str):   # "abstract"
            cur = self.touch(ro, self.touch(lo, cur, s), s)
            return self.branch_both(cur, t, f, "abstracted", s)
        self.int_branch(typed[0], op, typed[1], t, f, cur, s)

    def mixed_addresses(self, a: ci.Cursor, b: ci.Cursor) -> bool:
        """Do pointers ``a`` and ``b`` (their casts aside) point to two struct types one of which is
        embedded in another (``(void *) &d->bufs == (void *) d``)?  Their nodes do not tell C's
        addresses apart (an embedded struct is its host's cell, a list's head held apart its own):
        equal exactly where the member lies at offset 0, which the comparison does not follow."""
        pa, pb = (pointee_struct(strip(x, casts=True).type) for x in (a, b))
        if pa is None or pb is None or struct_name(pa) == struct_name(pb):
            return False
        return self.hosts.of(pa) is not None or self.hosts.of(pb) is not None

    def ptr_branch(self, l: Ptr, r: Ptr, positive: bool, t: Cur, f: Cur, cur: Cur, s: ci.Cursor) -> None:
        """``l == r`` (``positive``) or ``l != r``, on both edges."""
        if l is None:
            l, r = r, l
        if l is None:   # NULL == NULL
            return self.goto(cur, t if positive else f, s)
        self.edge(cur, t, ir.Assume(ir.PtrCond(l, r, positive)), s)
        self.edge(cur, f, ir.Assume(ir.PtrCond(l, r, not positive)), s)

    def int_branch(self, lo: IntOp, op: str, ro: IntOp, t: Cur, f: Cur, cur: Cur, s: ci.Cursor) -> None:
        """``lo op ro`` on ints: a DataCond on both edges, or a constant, or both ways (nondet/abstracted)."""
        kinds = {lo[0], ro[0]}
        if kinds == {"const"}:
            return self.goto(cur, t if ir.holds(lo[1], op, ro[1]) else f, s)
        if lo[0] != "nondet" and ro[0] == "nondet":
            lo, ro, op = ro, lo, ir.FLIP[op]
        if lo[0] == "nondet":
            outcomes = _nondet_outcomes(lo[1], op, ro)
            if outcomes is not None and not all(outcomes):
                return self.goto(self.touch(ro, cur, s), t if outcomes[0] else f, s)
            if outcomes is None:   # e.g. a char's value against a variable's: not both ways for sure
                kinds = kinds | {"abstract"}
        untracked = "abstract" in kinds or "nondet" not in kinds and self.register_off_field(lo, ro, op)
        if untracked or "nondet" in kinds:
            cur = self.touch(ro, self.touch(lo, cur, s), s)
            return self.branch_both(cur, t, f, "abstracted" if untracked else "nondet", s)
        register_right = self.is_register(ro) and not self.is_register(lo) and lo[0] != "field"
        if lo[0] == "const" or lo[0] == "var" and ro[0] == "field" or register_right:
            lo, ro, op = ro, lo, ir.FLIP[op]
        self.edge(cur, t, ir.Assume(_data_cond(lo, op, ro)), s)
        self.edge(cur, f, ir.Assume(_data_cond(lo, NEGATE[op], ro)), s)

    def not_followed(self, cur: Cur, what: str, s: ci.Cursor) -> None:
        """The path from ``cur`` is no run the analysis follows: an ``abstracted`` note saying
        ``what``, then every property's alarm (no verdict is true or false there)."""
        self.step(self.step(cur, ir.Nop(f"abstracted: {what}"), s), ir.OutsideObject(what, False), s)

    def is_register(self, o: IntOp) -> bool:
        return o[0] == "var" and self.ints[o[1]].register

    def register_off_field(self, lo: IntOp, ro: IntOp, op: str) -> bool:
        """A register compared with something else than a cell's datum, a constant, another
        register, or a flag for (in)equality: not tracked.  By order with a constant it is (a
        bound of the fields it holds, :func:`~tvla.cfront.ir.strict_bound`), unless the test is
        decided by its type; with another register, through a cell holding either value
        (:func:`~tvla.cfront.library.register_pair_cond`)."""
        regs = [o for o in (lo, ro) if self.is_register(o)]
        if not regs or any(o[0] == "field" for o in (lo, ro)) or len(regs) == 2:
            return False
        other = ro if regs[0] is lo else lo
        if len(regs) == 1 and other[0] == "const" and op not in ("==", "!="):
            flipped = op if regs[0] is lo else ir.FLIP[op]
            return ir.strict_bound(flipped, other[1], self.ints[regs[0][1]].range) is None
        keyed = other[0] == "const" or other[0] == "var" and not self.is_register(other) and bool(self.ints[other[1]].values)
        return not (len(regs) == 1 and op in ("==", "!=") and keyed)

    def branch_both(self, cur: Cur, t: Cur, f: Cur, why: str, s: ci.Cursor) -> None:
        note = f"{why}: {self.src.text(s)}"
        self.edge(cur, t, ir.Nop(note), s)
        self.edge(cur, f, ir.Nop(note), s)

    # ------------------------------------------------------------------ effects and assignments

    def effect(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """Lower an expression evaluated for its side effects only."""
        if cur is None:
            return None
        s = strip(c, casts=True)
        k = s.kind
        if k == K.BINARY_OPERATOR:
            op = binary_operator(s)
            if op == "=":
                return self.assign(s, cur, fr)[1]
            if op == ",":
                a, b = children(s)
                return self.effect(b, self.effect(a, cur, fr), fr)
            if op in ("&&", "||") or op in NEGATE:
                j = self.node()
                self.cond(s, j, j, cur, fr)
                return j
        if k == K.CONDITIONAL_OPERATOR:
            c0, a, b = children(s)
            m1, m2 = self.node(), self.node()
            self.cond(c0, m1, m2, cur, fr)
            return self.join([self.effect(a, m1, fr), self.effect(b, m2, fr)], s)
        if k == K.COMPOUND_ASSIGNMENT_OPERATOR or k == K.UNARY_OPERATOR and unary_operator(s) in STEP_OPS:
            return self.update(s, cur, fr)
        if k == K.CALL_EXPR:
            return self.call(s, cur, fr, None)[1]
        if k.name == "StmtExpr":
            return self.stmt(children(s)[0], cur, fr)
        if k == K.CXX_UNARY_EXPR:
            return cur   # sizeof does not evaluate its operand
        if k == K.DECL_REF_EXPR and is_pointer(s.type):
            return cur   # reading a pointer does nothing (fprintf(stderr, ...) makes no variable stderr)
        if is_pointer(s.type):
            return self.ptr_value(s, cur, fr)[1]
        return self.consume(s, cur, fr)

    def assign(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Operand, Cur]:
        """``lhs = rhs``: returns the value of the assignment (an operand) and the node after it."""
        lhs, rhs = children(s)
        return self.assign_to(s, lhs, rhs, cur, fr)

    def assign_to(self, s: ci.Cursor, lhs: ci.Cursor, rhs: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Operand, Cur]:
        """``lhs = rhs`` (the assignment ``s``); ``*(c ? &a : &b) = rhs`` as ``if (c) a = rhs; else b = rhs;``."""
        target = strip(lhs)
        choice = _address_choice(target)
        if choice is not None and cur is not None:
            yes, no = self.node(), self.node()
            self.cond(choice[0], yes, no, cur, fr)
            ends = [self.assign_to(s, arm, rhs, at, fr)[1] for arm, at in ((choice[1], yes), (choice[2], no))]
            return BAD, self.join(ends, s)
        if struct_decl(lhs.type) is not None:
            return BAD, self.copy_cell(s, lhs, rhs, cur, fr)
        if single_field(target) is not None:
            return self.assign_field_var(s, target, rhs, cur, fr)
        if target.kind == K.MEMBER_REF_EXPR:
            return self.assign_field(s, target, rhs, cur, fr)
        cell_field = self.field_alias(target, fr)
        if cell_field is not None:
            return self.assign_data(s, cell_field, rhs, cur, fr, int_range(target.type))
        if self.cell_member(target, fr):
            return self.assign_field(s, target, rhs, cur, fr)
        cell = self.int_cell_var(target, fr)
        if cell is not None:   # x = e of an int variable whose address is taken: its cell's value
            return self.assign_data(s, (cell, CELL_FIELD), rhs, cur, fr, int_range(target.type))
        linked = self.assign_link(target, rhs, cur, fr, s)
        if linked is not None:
            return linked
        name = self.lvalue_var(target, fr)
        if name is None:
            return BAD, cur
        if name in self.pointers:
            return name, self.assign_ptr(name, rhs, cur, fr, self.pointee(lhs.type, fr), s)
        if is_number(lhs.type):
            return self.assign_int(name, self.var_class(target, fr), rhs, cur, fr, s)
        self.unsupported(s, self.describe(target, "assignment to"))
        return BAD, cur

    def assign_field_var(self, s: ci.Cursor, target: ci.Cursor, rhs: ci.Cursor, cur: Cur,
                         fr: Frame) -> Tuple[Operand, Cur]:
        """``p->f = rhs`` of a field kept as a variable: ``p`` dereferenced, then the variable's
        assignment (a step ``p->n = q->n + 1`` reads ``q->n`` too: dereferenced first)."""
        field = single_field(target)
        assert field is not None
        cur = self.field_touch(target, cur, fr)
        if step_of(s) is not None:
            cur = self.field_touches(rhs, cur, fr)
        return self.assign_int(self.field_var(field), self.var_class(target, fr), rhs, cur, fr, s)

    def copy_cell(self, s: ci.Cursor, dst: ci.Cursor, src: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """``a = b`` of one struct type, each side a struct variable or ``*p`` (see :meth:`copy_fields`)."""
        st = struct_decl(dst.type)
        returned = self.returning_call(src, st) if st is not None else None
        if returned is not None:   # a = f(); f's return copies into a's cell
            cell, cur = self.struct_cell(dst, cur, fr)
            if cell is not None:
                return self.call_into(returned, cell, cur, fr)
        literal = strip(src, casts=True)
        if st is not None and literal.kind == K.COMPOUND_LITERAL_EXPR and struct_decl(literal.type) == st:
            return self.copy_literal(s, dst, literal, st, cur, fr)
        ends: List[str] = []
        for e in (dst, src):
            cell, cur = self.struct_cell(e, cur, fr) if st is not None and struct_decl(e.type) == st else (None, cur)
            if cell is None:
                self.unsupported(s, "struct copied by value, other than between struct variables and cells (*p)")
                return cur
            ends.append(cell)
        return self.copy_between(s, ends[0], ends[1], st, cur)

    def copy_literal(self, s: ci.Cursor, dst: ci.Cursor, literal: ci.Cursor, st: ci.Cursor, cur: Cur,
                     fr: Frame) -> Cur:
        """``*p = (struct T){ .f = e, ... }``: the literal is a cell of its own (zeroed, then each listed
        field written, its values read before ``*p`` changes), copied into ``*p``, then gone."""
        init = next((k for k in children(literal) if k.kind == K.INIT_LIST_EXPR), None)
        cell, cur = self.struct_cell(dst, cur, fr)
        if init is None or cell is None or self.hosts.of(st) is not None or self.hosts.has_heads(st):
            self.unsupported(s, "struct copied by value, other than between struct variables and cells (*p)")
            return cur
        tmp = self.pointer("literal", st, "local", True, cname="")
        self.cells.add(tmp)
        cur = self.step(cur, ir.Malloc(tmp, self.struct(st), True, False, True), s)
        typ = self.structs[self.struct(st)]
        for f, designators, e in designated_fields(init, fields_of(st)):
            if f is None or len(designators) > 1:
                self.unsupported(e, self.describe(e, "initial value in a compound literal:"))
                return cur
            if any(n == f.spelling for n, _ in typ.pointer_fields):
                v, cur = self.ptr_value(e, cur, fr, pointee_struct(f.type))
                cur = self.step(cur, ir.StoreNull(tmp, f.spelling) if v is None else ir.Store(tmp, f.spelling, v), s)
            elif f.spelling in typ.int_fields:
                cur = self.assign_data(s, (tmp, f.spelling), e, cur, fr, field_range(f))[1]
            elif evaluate_int(strip(e, casts=True)) != 0:
                self.unsupported(e, self.describe(e, f"initial value of field {f.spelling} in a compound literal:"))
                return cur
        cur = self.copy_between(s, cell, tmp, st, cur)
        return self.step(cur, ir.Free(tmp, scope_end=True), s)

    def struct_cell(self, e: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[Optional[str], Cur]:
        """The pointer variable to the cell a struct lvalue is: a struct variable's own, or the one
        ``p`` points to for ``*p`` (dereferenced where the copy reads or writes it); None otherwise."""
        s = strip(e, casts=True)
        if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "*":
            v, cur = self.ptr_value(children(s)[0], cur, fr)
            return (v if isinstance(v, str) and v != BAD else None), cur
        return self.cell_of(s, fr), cur

    def copy_fields(self, s: ci.Cursor, pointers: List[ci.Cursor], st: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """Copy the cell ``pointers[1]`` points to into the one ``pointers[0]`` points to, two cells of
        the struct ``st`` (see :meth:`copy_between`)."""
        cells: List[str] = []
        for e in pointers:
            v, cur = self.ptr_value(e, cur, fr)
            if not isinstance(v, str) or v == BAD:
                self.unsupported(s, f"copy of a struct from or to {self.src.text(e, 40)}")
                return cur
            cells.append(v)
        return self.copy_between(s, cells[0], cells[1], st, cur)

    def copy_between(self, s: ci.Cursor, to: str, frm: str, st: ci.Cursor, cur: Cur) -> Cur:
        """Copy cell ``frm`` into cell ``to`` (both of struct ``st``): each pointer field through a
        temporary, then each int field, every step a dereference of both."""
        struct = self.structs[self.struct(st)]
        for f, target in struct.pointer_fields:
            tmp = self.temp(target)
            cur = self.step(self.step(cur, ir.Load(tmp, frm, f), s), ir.Store(to, f, tmp), s)
        for d in struct.int_fields:
            cur = self.step(cur, ir.CopyData(to, d, frm, d), s)
        return cur

    def lvalue_var(self, target: ci.Cursor, fr: Frame) -> Optional[str]:
        """The variable an assignment writes (through an out-parameter too), or None (reported)."""
        if target.kind == K.UNARY_OPERATOR and unary_operator(target) == "*":
            alias = self.alias_of(children(target)[0], fr)
            if alias is None:
                self.unsupported(target, self.describe(target, "assignment through pointer"))
            return alias
        if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
            name = self.lookup(target.referenced, fr)
            if name is not None or self.int_class(decl_key(target.referenced)).kind in VALUED:
                return name or BAD
        what = "array access" if target.kind == K.ARRAY_SUBSCRIPT_EXPR else "assignment to"
        self.unsupported(target, self.describe(target, what))
        return None

    def var_class(self, target: ci.Cursor, fr: Frame) -> IntClass:
        if target.kind == K.DECL_REF_EXPR and target.referenced is not None:
            return self.int_class(decl_key(target.referenced))
        field = single_field(target)
        if field is not None:
            return self.int_class(decl_key(field))
        p = deref_param(target)
        if p is not None and decl_key(p) in fr.alias_keys:   # *p: the variable p is bound to here
            return self.int_class(fr.alias_keys[decl_key(p)])
        return ABSTRACT

    def assign_ptr(self, dst: str, rhs: ci.Cursor, cur: Cur, fr: Frame, want: Optional[ci.Cursor] = None,
                   at: Optional[ci.Cursor] = None) -> Cur:
        """``dst = rhs`` for a pointer variable: one statement where possible (Load, Malloc, AssignVar...);
        ``at``: the C assignment or declaration the statement is located at (default: ``rhs``)."""
        at = at or rhs
        s, want = self.ptr_strip(rhs, want)
        if s is None or cur is None:
            return cur
        if s.kind == K.MEMBER_REF_EXPR:
            base, fname, kind, cur = self.member(s, cur, fr)
            if kind == "ptr":
                return self.step(cur, ir.Load(dst, base, fname), at)
            if kind == "int":
                self.unsupported(s, f"int field {fname} used as a pointer")
            return cur
        if s.kind == K.CALL_EXPR and self.is_alloc(s):
            return self.malloc(dst, s, cur, fr, want, at)
        v, cur = self.ptr_value(s, cur, fr, want)
        if v is None:
            return self.step(cur, ir.AssignNull(dst), at)
        if v == BAD:
            return cur
        return self.step(cur, ir.AssignVar(dst, v), at)

    def assign_field(self, s: ci.Cursor, target: ci.Cursor, rhs: ci.Cursor, cur: Cur,
                     fr: Frame) -> Tuple[Operand, Cur]:
        base, fname, kind, cur = self.member(target, cur, fr)
        if kind == "ptr" and _same_place(children(target)[0], rhs) and base in self.pointers:
            return base, self.step(cur, ir.Store(base, fname, base), s)   # n->list->next = n->list: a self-loop
        if kind == "ptr":
            v, cur = self.ptr_value(rhs, cur, fr, pointee_struct(target.type))
            stmt = ir.StoreNull(base, fname) if v is None else ir.Store(base, fname, v)
            return v, self.step(cur, stmt, s)
        delta = field_step(s) if kind == "int" else None
        if delta is not None:   # p->d = p->d + 1
            cur = self.touch(("field", base, fname), cur, s)
            return ABS, self.step_data(base, fname, delta, member_range(target), cur, s)
        if kind == "int":
            return self.assign_data(s, (base, fname), rhs, cur, fr, member_range(target))
        if kind == "float":   # no note "abstracted": every read of the field is abstracted where it is read
            return ABS, self.step(self.consume(rhs, cur, fr), ir.SetData(base, fname, None), s)
        return BAD, cur

    def assign_data(self, s: ci.Cursor, cell_field: Tuple[str, str], rhs: ci.Cursor, cur: Cur, fr: Frame,
                    rng: Optional[ir.IntRange]) -> Tuple[Operand, Cur]:
        """``x->f = rhs`` for an int field f (``rng``: the values of its type)."""
        base, fname = cell_field

        def write(arm: ci.Cursor, at: Cur) -> Tuple[IntOp, Cur]:
            if at is not None and self.is_truth_write(arm, rng):
                m1, m0 = self.node(), self.node()
                self.cond(arm, m1, m0, at, fr)
                # 1 as the field's type holds it: -1 in a signed bit-field of one bit
                ends = [self.set_data(base, fname, ("const", ir.held(v, rng)), m, s)
                        for v, m in ((1, m1), (0, m0))]
                return ABS, self.join(ends, s)
            mapped = self.mapped_write(arm, at, fr, s, lambda w: ir.SetData(base, fname, w if w is None
                                                                            else ir.held(w, rng)),
                                       lambda c: plain(arm, c)[1])
            return (ABS, mapped) if mapped is not None else plain(arm, at)

        def plain(arm: ci.Cursor, at: Cur) -> Tuple[IntOp, Cur]:
            iop, at = self.int_value(arm, at, fr)
            span = value_span(arm, rng, self.never_negative) if iop == ABS else None
            if span is not None:   # n % 2: abstracted, but never 2
                return ABS, self.step(at, ir.SetData(base, fname, None, within=span), s)
            if iop[0] == "nondet":
                return self.nondet_into(iop, rng, at, s, lambda v: ir.SetData(base, fname, v),
                                        lambda c: self.step(c, ir.SetData(base, fname, None), s),
                                        lambda t, c: self.step(c, ir.SetData(base, fname, None, within=t), s))
            kept = self.converted(iop, arm, rng)
            if kept != iop:
                at = self.touch(iop, at, arm)   # a field read is still a dereference
            return kept, self.set_data(base, fname, kept, at, s)
        return self.branches(rhs, cur, fr, s, write)

    @staticmethod
    def is_truth_write(value: ci.Cursor, rng: Optional[ir.IntRange]) -> bool:
        """Is storing ``value`` into the type ``rng`` storing 1 where a condition holds, else 0?  It is
        for a comparison or a logical operator, and for any int value stored into a ``_Bool``
        without a cast of its own (``flag = n->d`` is ``flag = n->d != 0``); a constant is not."""
        if evaluate_int(value) is not None or is_nondet_call(value):
            return False
        if is_truth_value(value):
            return True
        return rng is not None and rng.boolean and strip(value).kind != K.CSTYLE_CAST_EXPR \
            and int_range(value.type) is not None and not keeps_value(value, rng)

    def nondet_into(self, op: IntOp, rng: Optional[ir.IntRange], cur: Cur, s: ci.Cursor,
                    value: Optional[Callable[[int], ir.Statement]], anything: Callable[[Cur], Cur],
                    narrow: Optional[Callable[[ir.IntRange, Cur], Cur]] = None) -> Tuple[IntOp, Cur]:
        """A nondet value of ``op``'s type stored into the type ``rng``: each of its two values
        (``value(v)``: the statement that stores v; None: it cannot) when it has two; ``anything``
        (the store of any value) when it may be any value of ``rng``; else ``narrow(t, cur)``, the
        exact store of any value of its narrower type t, when given and t's values keep theirs in
        ``rng``; else ``anything`` after an ``abstracted`` note."""
        values = ir.nondet_values(op[1], rng)
        if isinstance(values, tuple) and value is not None:
            return ABS, self.choices(values, cur, s, value)
        if values is True:
            return ABS, anything(cur)
        src = op[1] if op[1] is not None else ir.IntRange(32, True)
        if narrow is not None and rng is not None and src.within(rng):
            return ABS, narrow(src, cur)
        return ABS, anything(self.step(cur, ir.Nop(f"abstracted: {self.src.text(s)}"), s))

    def choices(self, values: Sequence[int], cur: Cur, s: ci.Cursor, value: Callable[[int], ir.Statement]) -> Cur:
        """A nondet choice among ``values``: one branch each, ``value(v)`` the statement that stores v."""
        note = ir.Nop(f"nondet: {self.src.text(s)}")
        ends = []
        for v in values:
            m = self.node()
            self.edge(cur, m, note, s)
            ends.append(self.step(m, value(v), s))
        return self.join(ends, s)

    def converted(self, op: IntOp, value: ci.Cursor, rng: Optional[ir.IntRange]) -> IntOp:
        """The int operand ``op`` of the expression ``value`` as C stores it into a field of the type
        ``rng``: a constant converted (``c ? 300 : 1`` into an unsigned char is 44 or 1), a copy of
        a field or variable whose values the type may not hold abstracted."""
        if op[0] == "const":
            return ("const", ir.held(op[1], rng))
        if op[0] not in ("field", "var") or keeps_value(value, rng):
            return op
        if rng is None and is_function_pointer(strip(value, casts=True).type):
            return op   # a function pointer into a function pointer field: the same pointer
        iv = self.ints.get(op[1]) if op[0] == "var" else None
        if iv is not None and iv.values and not iv.other and rng is not None and all(v in rng for v in iv.values):
            return op   # a flag whose every value the field holds
        return ("abstract",)

    def branches(self, rhs: ci.Cursor, cur: Cur, fr: Frame, s: ci.Cursor,
                 assign: Callable[[ci.Cursor, Cur], Tuple[IntOp, Cur]]) -> Tuple[IntOp, Cur]:
        """An int assignment of ``c ? a : b`` as ``if (c) ... = a; else ... = b;`` (``assign`` of each
        arm), so that a field or flag given one of two constants keeps its value; ``assign(rhs, cur)``
        for any other value."""
        r = strip(rhs)
        kids = children(r)
        if r.kind != K.CONDITIONAL_OPERATOR or len(kids) != 3 or cur is None:
            return assign(rhs, cur)
        m1, m2 = self.node(), self.node()
        self.cond(kids[0], m1, m2, cur, fr)
        op1, end1 = self.branches(kids[1], m1, fr, s, assign)
        op2, end2 = self.branches(kids[2], m2, fr, s, assign)
        return (op1 if op1 == op2 else ABS), self.join([end1, end2], s)

    def set_data(self, var: str, fname: str, op: IntOp, cur: Cur, s: ci.Cursor) -> Cur:
        """``var->fname = op`` for an int field."""
        kind = op[0]
        if kind == "field":
            return self.step(cur, ir.CopyData(var, fname, op[1], op[2]), s)
        if kind in ("const", "var"):
            return self.step(cur, ir.SetData(var, fname, op[1]), s)
        if kind == "abstract":
            cur = self.step(cur, ir.Nop(f"abstracted: {self.src.text(s)}"), s)
        return self.step(cur, ir.SetData(var, fname, None), s)

    def step_data(self, var: str, fname: str, delta: Optional[int], rng: Optional[ir.IntRange], cur: Cur,
                  s: ci.Cursor) -> Cur:
        """``var->fname += delta`` (None: an update that is no step, any value): exact where the field
        holds one of its constants (:mod:`tvla.cfront.data_steps`)."""
        if delta is None:
            return self.set_data(var, fname, ABS, cur, s)
        return self.step(cur, ir.StepData(var, fname, delta, rng), s)

    def assign_int(self, name: str, cls: IntClass, rhs: ci.Cursor, cur: Cur, fr: Frame,
                   s: ci.Cursor) -> Tuple[IntOp, Cur]:
        """``name = rhs`` for an int variable, by its class (``c ? a : b`` as two assignments when the
        variable's value is tracked)."""
        if cls.kind in ("flag", "counter", "register") and name != BAD:
            return self.branches(rhs, cur, fr, s, lambda arm, at: self.assign_int_value(name, cls, arm, at, fr, s))
        return self.assign_int_value(name, cls, rhs, cur, fr, s)

    def assign_int_value(self, name: str, cls: IntClass, rhs: ci.Cursor, cur: Cur, fr: Frame,
                         s: ci.Cursor) -> Tuple[IntOp, Cur]:
        if cls.kind == "flag" and is_truth_value(rhs) and evaluate_int(rhs) is None:
            m1, m0 = self.node(), self.node()
            self.cond(rhs, m1, m0, cur, fr)
            ends = [self.step(m1, ir.Havoc(name, 1), s), self.step(m0, ir.Havoc(name, 0), s)]
            return ("var", name), self.join(ends, s)
        if cls.kind in ("counter", "register") and s.kind == K.BINARY_OPERATOR:
            counted = self.counter_step(name, strip(children(s)[0]), s, fr)
            if counted is not None:
                return ("var", name), self.step(cur, counted, s)
        shift = self.flag_shift(name, cls, rhs, fr)
        if shift is not None:   # (a kept field it reads dereferenced first)
            return ("var", name), self.step(self.field_touches(rhs, cur, fr), shift, s)
        paired = self.paired_shift(name, cls, rhs, cur, fr, s)
        if paired is not None:
            return ("var", name), paired
        op, cur = self.int_value(rhs, cur, fr)
        if cls.kind == "const" or name == BAD:
            return op, cur
        if cls.kind in ("flag", "counter") and op[0] == "const":
            value = cls.range.convert(op[1]) if cls.range is not None else op[1]   # an arm of c ? 300 : 1
            return ("var", name), self.step(cur, ir.Havoc(name, value), s)
        if cls.kind in ("flag", "counter") and op[0] == "var" and op[1] in self.ints and self.ints[op[1]].values:
            # ret = probe(): a copy of the flag holding the value returned
            return ("var", name), self.step(cur, ir.ShiftFlag(name, op[1], 0), s)
        if cls.kind in ("symbolic", "flag", "register") and op[0] == "nondet":   # a flag: any of its values
            return ("var", name), self.nondet_var(name, cls, op, cur, s)
        if cls.kind == "register":
            return ("var", name), self.assign_register(name, op, cur, s)
        functions = copied_functions(rhs, self.function_fields) if cls.kind == "flag" and op[0] == "field" else None
        if functions is not None:
            return ("var", name), self.copy_function(name, op, functions, cur, s)
        cur = self.touch(op, cur, s)
        if cls.kind == "flag" and op == ABS:   # a flag given a value not followed (k % 3): any of its values
            cur = self.step(cur, ir.Nop(f"abstracted: {self.src.text(s)}"), s)
            return ("var", name), self.remainder_flag(name, cls, rhs, cur, fr, s)
        if cls.kind == "counter" and name in self.ints:
            return ("var", name), self.counter_value(name, cls, op, cur, s)
        return ABS, self.step(cur, ir.Nop(f"untracked: {self.src.text(s)}"), s)

    def copy_function(self, name: str, field: IntOp, functions: Sequence[int], cur: Cur, s: ci.Cursor) -> Cur:
        """``f = p->op`` of a function pointer field: the field tested against each function it may
        hold (:func:`~tvla.cfront.cinfo.copied_functions`), the flag given that one; where it holds
        none of them (uninitialised) no run is followed past the copy."""
        ends: List[Cur] = []
        rest = self.each_value(field, [(v, v) for v in functions], cur, s,
                               lambda here, v: ends.append(self.step(here, ir.Havoc(name, v), s)))
        self.not_followed(rest, f"{self.src.text(s)}: the field holds none of the functions written to it", s)
        return self.join(ends, s)

    def remainder_flag(self, name: str, cls: IntClass, rhs: ci.Cursor, cur: Cur, fr: Frame, s: ci.Cursor) -> Cur:
        """The flag ``name`` given a value the lowering does not follow (after its abstracted step):
        any of its values.  The remainder of an int variable by a constant K (``h = k % 4``) is split
        on the variable's sign (where the program tests it: ``if (k < 0) continue;``): from one not
        below 0, only the values that stand for 0 to K-1, so that an index into K buckets of a key
        known not negative stays in bounds."""
        def anything(c: Cur) -> Cur:
            return self.step(c, ir.Havoc(name), s)
        remainder = remainder_of(rhs)
        if remainder is None:
            return anything(cur)
        x, k = remainder
        dividend = int_var(strip(x, casts=True))
        # a split on the sign of a variable that no test compares with 0 adds predicates (a bound of a
        # register, of the cells holding it) that the analysis pays for everywhere: only where they are
        if k <= 0 or cls.ordered or dividend is None or decl_key(dividend) not in self.sign_tested:
            return anything(cur)
        consts = [v for v in cls.values if v != cls.spare]
        below = [v for v in consts if 0 <= v < k]
        values = below + ([cls.spare] if cls.spare is not None and len(below) < k else [])
        var, cur = self.int_value(x, cur, fr)
        if var[0] != "var" or not values or set(values) == set(cls.values):
            return anything(cur)
        negative, other = self.node(), self.node()
        self.int_branch(var, "<", ("const", 0), negative, other, cur, s)
        return self.join([anything(negative), self.choices(values, other, s, lambda v: ir.Havoc(name, v))], s)

    def counter_value(self, name: str, cls: IntClass, op: IntOp, cur: Cur, s: ci.Cursor) -> Cur:
        """A counter given a value the lowering does not follow, which its class found among its
        values (a nondet value under a guard, ``len = nondet(); if (len < 1 || len > 4) return;``,
        whose values past the guard's range the guard's tests reject as they reject the counter's
        own values past it; ``k % 3``): any of its values (of a narrower nondet type's).  Before,
        the counter kept the value it had, and a guard's true branch could be no path at all."""
        rng = op[1] if op[0] == "nondet" and isinstance(op[1], ir.IntRange) else None
        values = [v for v in cls.values if rng is None or v in rng]
        if op[0] != "nondet":
            cur = self.step(cur, ir.Nop(f"abstracted: {self.src.text(s)}"), s)
        if not values or op[0] == "nondet" and cls.unlisted:   # (and another value)
            return self.step(cur, ir.Havoc(name), s)
        return self.choices(values, cur, s, lambda v: ir.Havoc(name, v))

    def nondet_var(self, name: str, cls: IntClass, op: IntOp, cur: Cur, s: ci.Cursor) -> Cur:
        """``name = __VERIFIER_nondet_T()`` for a flag, a symbolic variable or a register: each of the
        value's two values where it has two and the variable can hold each exactly; the flag's values
        or the symbolic variable's regions that meet a narrower type's; else any value
        (``abstracted`` where that is more than the value's type allows)."""
        def anything(c: Cur) -> Cur:
            return self.step(c, ir.Havoc(name), s)

        def narrow(t: ir.IntRange, c: Cur) -> Cur:
            if cls.kind == "symbolic":
                return self.step(c, ir.Havoc(name, within=t), s)
            return self.choices(ir.meeting(cls.values, t, cls.ordered, cls.spare), c, s, lambda v: ir.Havoc(name, v))
        if cls.kind == "register":
            return self.nondet_into(op, cls.range, cur, s, lambda v: ir.CopyInt(name, v), anything)[1]
        values = ir.nondet_values(op[1], cls.range)
        held = cls.kind == "flag" and isinstance(values, tuple) and set(values) <= set(cls.values)
        return self.nondet_into(op, cls.range, cur, s, (lambda v: ir.Havoc(name, v)) if held else None,
                                anything, narrow)[1]

    def assign_register(self, name: str, op: IntOp, cur: Cur, s: ci.Cursor) -> Cur:
        """``name = op`` for a register: a datum from a cell, a constant, a symbolic variable or
        another register (copied), any value (nondet), or an untracked one (another variable)."""
        if op[0] == "field":
            return self.step(cur, ir.LoadData(name, op[1], op[2]), s)
        if op[0] == "const" or op[0] == "var" and (self.ints[op[1]].register or not self.ints[op[1]].values):
            return self.step(cur, ir.CopyInt(name, op[1]), s)
        if op[0] != "nondet":
            cur = self.step(self.touch(op, cur, s), ir.Nop(f"abstracted: {self.src.text(s)}"), s)
        return self.step(cur, ir.Havoc(name), s)

    def update(self, s: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """``++``, ``--``, ``+=``...: untracked for int variables, any value for int fields."""
        kids = children(s)
        target = strip(kids[0])
        if is_pointer(target.type):
            self.unsupported(s, "pointer arithmetic")
            return cur
        for extra in kids[1:]:
            cur = self.consume(extra, cur, fr)
        cell = self.int_cell_var(target, fr)
        if cell is not None:   # x++ of an int variable whose address is taken: a step of its cell
            return self.step_data(cell, CELL_FIELD, field_step(s), int_range(target.type), cur, s)
        aliased = self.field_alias(target, fr)
        if aliased is not None:   # (*q)++, *q ^= e of an int * parameter bound to &x->f: x->f's
            cur = self.touch(("field",) + aliased, cur, s)
            return self.set_data(aliased[0], aliased[1], ABS, cur, s)
        field = single_field(target)
        if field is not None:   # d->n++ of a field kept as a variable: p dereferenced, a step
            cur = self.field_touch(target, cur, fr)
            counted = self.counter_step(self.field_var(field), target, s, fr)
            return self.step(cur, counted or ir.Nop(f"untracked: {self.src.text(s)}"), s)
        if target.kind == K.MEMBER_REF_EXPR or self.cell_member(target, fr):
            base, fname, kind, cur = self.member(target, cur, fr)
            if kind == "float":
                return self.step(cur, ir.SetData(base, fname, None), s)
            if kind != "int":
                return cur
            cur = self.touch(("field", base, fname), cur, s)
            rng = member_range(target) if target.kind == K.MEMBER_REF_EXPR else int_range(target.type)
            return self.step_data(base, fname, field_step(s), rng, cur, s)
        name = self.lvalue_var(target, fr)
        if name is None:
            return cur
        stepped: Optional[ir.Statement] = self.counter_step(name, target, s, fr)
        if stepped is None and compound_operator(s) is not None:   # flag ^= 1: a table of the flag's values
            stepped = self.flag_shift(name, self.var_class(target, fr), s, fr)
        if stepped is None and name in self.ints:   # a value followed otherwise: any (never the one it had)
            return self.any_value(name, cur, s)
        return self.step(cur, stepped or ir.Nop(f"untracked: {self.src.text(s)}"), s)

    def any_value(self, name: str, cur: Cur, s: ci.Cursor) -> Cur:
        """Int variable ``name`` given a value the lowering does not follow: an ``abstracted`` note,
        then any value."""
        return self.step(self.step(cur, ir.Nop(f"abstracted: {self.src.text(s)}"), s), ir.Havoc(name), s)

    def flag_shift(self, name: str, cls: IntClass, rhs: ci.Cursor, fr: Frame) -> Optional[ir.ShiftFlag]:
        """``name = j + c`` for flags or counters ``name`` and ``j`` and a constant ``c``, or ``name =
        e`` for any expression ``e`` of one such ``j`` and constants (``len - j``, ``j % 2``: a table
        of its values, :func:`~tvla.cfront.intvars.mapped_of`); else None."""
        if cls.kind not in ("flag", "counter") or name not in self.ints:
            return None
        class_of: Callable[[ci.Cursor], Optional[IntClass]] = lambda c: self.int_class(decl_key(c))
        shifted = shift_of(rhs, class_of, lambda c: self.const_value(c, fr))
        if shifted is not None:
            src = self.var_name(shifted[0], fr)
            return ir.ShiftFlag(name, src, shifted[2]) if src is not None and src in self.ints else None
        mapped = mapped_of(rhs, class_of, lambda c: self.const_value(c, fr))
        src = self.var_name(mapped[0], fr) if mapped is not None else None
        if mapped is None or src is None or src not in self.ints:
            return None
        return ir.ShiftFlag(name, src, 0, mapped[2])

    def paired_shift(self, name: str, cls: IntClass, rhs: ci.Cursor, cur: Cur, fr: Frame, s: ci.Cursor) -> Optional[Cur]:
        """``name = e`` for a flag or counter ``name`` and an expression ``e`` of two flags or
        counters j and k and constants (``new_data = i + len``): for each value of j a test of it,
        then ``name`` set from k by e's table there; any value, abstracted, where j holds another.
        None for any other assignment."""
        paired = self.paired_from(rhs, fr) if cls.kind in ("flag", "counter") and name in self.ints else None
        if paired is None:
            return None
        src, _, rows = paired
        ends: List[Cur] = []
        rest = self.each_value(("var", src), rows, self.field_touches(rhs, cur, fr), s, lambda here, second: ends.append(
            self.step(here, ir.ShiftFlag(name, second[0], 0, second[1]), s)))
        if self.ints[src].other:
            ends.append(self.any_value(name, rest, s))
        return self.join(ends, s)

    def const_value(self, c: ci.Cursor, fr: Frame) -> Optional[int]:
        """The value of a constant expression or of a variable known to be a constant."""
        v = constant_value(c)
        s = strip(c, casts=True)
        if v is None and s.kind == K.DECL_REF_EXPR and s.referenced is not None:
            if decl_key(s.referenced) in fr.consts:
                return fr.consts[decl_key(s.referenced)]
            op = self.int_var_value(s, fr)
            v = op[1] if op[0] == "const" else None
        return v

    def counter_step(self, name: str, target: ci.Cursor, s: ci.Cursor, fr: Frame) -> Optional[ir.Step]:
        """``s`` as the Step of a counter variable or a register (``i++``, ``i += 2``, ``i = i - 1``),
        else None."""
        step = step_of(s)
        amount = step[1] if step is not None else step_through(s)   # (*len)++ of a len bound to &x: x's step
        # (a register with a step is a counter whose values cells hold: intvars._held_in_order)
        if amount is None or self.var_class(target, fr).kind not in ("counter", "register") or name not in self.ints:
            return None
        return ir.Step(name, amount)


def _same_place(base: ci.Cursor, value: ci.Cursor) -> bool:
    """Is ``value`` the pointer expression ``base`` (the text before ``->f`` of a store's place)
    written again, read without effects (``n->list`` of ``n->list->next = n->list``)?  Then both read
    one value: C sequences neither before the other, and neither writes."""
    b, v = strip(base, casts=True), strip(value, casts=True)
    if b.kind == K.DECL_REF_EXPR or not repeatable(b) or not repeatable(v) or b.type.get_canonical() != v.type.get_canonical():
        return False
    return tokens(b) == tokens(v)


def _address_choice(target: ci.Cursor) -> Optional[Tuple[ci.Cursor, ci.Cursor, ci.Cursor]]:
    """(c, a, b) of the lvalue ``*(c ? &a : &b)``, else None."""
    inner = strip(children(target)[0], casts=True) if target.kind == K.UNARY_OPERATOR and \
        unary_operator(target) == "*" and children(target) else None
    kids = children(inner) if inner is not None and inner.kind == K.CONDITIONAL_OPERATOR else []
    arms = [strip(a, casts=True) for a in kids[1:]]
    if len(arms) != 2 or any(a.kind != K.UNARY_OPERATOR or unary_operator(a) != "&" or not children(a) for a in arms):
        return None
    return kids[0], children(arms[0])[0], children(arms[1])[0]


def _offset_test(a: str, av: ir.IntVar, b: str, bv: ir.IntVar, offset: int,
                 op: str) -> Optional[Tuple[ir.TallyCond, ir.TallyCond]]:
    """The tally filters of ``a op b + offset`` for two counters a and b (None: no such test)."""
    return tally_test(a, b, offset, op) if av.other and bv.other else None


def _difference(e: ci.Cursor) -> Optional[Tuple[ci.Cursor, List[ci.Cursor], int]]:
    """``b - x_1 - ... - x_n + k`` (in any order, at least one x, constants summed into k):
    (b, [x_1, ...], k) when b is the one variable added and each x a variable; else None."""
    added: List[ci.Cursor] = []
    taken: List[ci.Cursor] = []
    k = [0]

    def walk(c: ci.Cursor, sign: int, depth: int) -> bool:
        s = strip(c)
        v = evaluate_int(s)
        if v is not None:
            k[0] += sign * v
            return True
        if int_var(s) is not None:
            (added if sign > 0 else taken).append(c)
            return True
        kids = children(s)
        if depth > 8 or s.kind != K.BINARY_OPERATOR or binary_operator(s) not in ("+", "-") or len(kids) != 2:
            return False
        return walk(kids[0], sign, depth + 1) and walk(kids[1], sign if binary_operator(s) == "+" else -sign, depth + 1)
    if not walk(e, 1, 0) or len(added) != 1 or not taken:
        return None
    return added[0], taken, k[0]


def _signed(c: ci.Cursor) -> bool:
    """Is ``c`` of a signed int type of at least 32 bits (its sums and differences do not wrap)?"""
    rng = int_range(c.type)
    return rng is not None and not rng.wraps


def _computed(s: ci.Cursor, key: Hashable) -> bool:
    """Does test ``s`` compute with variable ``key`` (``i % 2``, ``len - i > 1``), beyond comparing
    it (``i != len + 1``: :meth:`ExprLowering.compare` lowers that as it is)?"""
    return any(c.kind == K.BINARY_OPERATOR and binary_operator(c) in ARITHMETIC and mentions(c, key)
               for c in s.walk_preorder())


def _cast_words(here: ci.Cursor, want: ci.Cursor) -> str:
    if is_int_cell(here) or is_int_cell(want):
        return f"cast between {cell_words(here)} * and {cell_words(want)} *"
    return f"cast between struct types ({struct_name(here)} and {struct_name(want)})"


MAX_SPAN_CALLS = 3
"""How deep :func:`value_span` follows calls whose results are returned (a recursive function stops)."""


def value_span(c: ci.Cursor, rng: Optional[ir.IntRange],
               never_negative: Callable[[ci.Cursor], bool], depth: int = 0) -> Optional[ir.Span]:
    """The values ``c % K`` (K a positive constant: from -(K-1) to K-1, from 0 for an unsigned
    operation or a left operand ``never_negative`` holds of) or ``c & M`` (M a constant from 0: 0
    to M) may take, when every type they pass (casts, and ``rng``: the type they are stored into)
    keeps them; for a call of a function the file defines (``hash(k)`` with ``return k & 7;``),
    the least span holding those of all its returns; None for any other expression."""
    s = strip(c, casts=True)
    fdef = callee_definition(s) if s.kind == K.CALL_EXPR and depth < MAX_SPAN_CALLS else None
    if fdef is not None:
        returned = [value_span(v, int_range(fdef.result_type), never_negative, depth + 1) if v is not None else None
                    for v in returned_values(fdef)]
        spans = [x for x in returned if x is not None]
        if not returned or len(spans) < len(returned):
            return None
        return _kept(ir.Span(min(x.lo for x in spans), max(x.hi for x in spans)), c, s, rng, [])
    op = binary_operator(s) if s.kind == K.BINARY_OPERATOR else None
    k = constant_value(children(s)[1]) if op in ("%", "&") else None
    t = int_range(s.type)
    if k is None or t is None or k < 0 or k == 0 and op == "%":
        return None
    span = ir.Span(0, k) if op == "&" else ir.Span.remainder(k, t.signed and not never_negative(children(s)[0]))
    return _kept(span, c, s, rng, [t])


def _kept(span: ir.Span, c: ci.Cursor, s: ci.Cursor, rng: Optional[ir.IntRange],
          own: List[Optional[ir.IntRange]]) -> Optional[ir.Span]:
    """``span``, the values of ``s`` (of types ``own``), if every type on the way to ``c`` (its casts)
    and ``rng`` keep them; else None."""
    types = own + [int_range(x.type) for x in _casts_down_to(c, s)] + ([rng] if rng is not None else [])
    return span if all(r is not None and span.lo in r and span.hi in r for r in types) else None


def _casts_down_to(c: ci.Cursor, inner: ci.Cursor) -> List[ci.Cursor]:
    """The cursors from ``c`` down to ``inner`` (parentheses and casts between), ``inner`` left out."""
    out = []
    while c != inner and children(c):
        out.append(c)
        c = children(c)[-1]
    return out


def _narrowing_cast(c: ci.Cursor) -> bool:
    """Is int operand ``c`` (parentheses and implicit conversions aside) an explicit int cast that
    does not keep every value of what it converts (``(unsigned char)x``, ``(int)ll``, ``(_Bool)x``)?
    The values of an operand are read with its casts stripped, so such a cast would be dropped; a
    constant (libclang folds its casts) and a cast to a non-integer type are not."""
    s, ranges = strip(c), []
    if evaluate_int(c) is not None:
        return False
    while s.kind == K.CSTYLE_CAST_EXPR and children(s):
        rng = int_range(s.type)
        if rng is None:
            return False
        ranges.append(rng)
        s = strip(children(s)[-1])
    if is_pointer(s.type):   # if ((_Bool)p): a test of the pointer against NULL, as before
        return False
    source = int_range(s.type)
    return bool(ranges) and (source is None or not all(source.within(r) for r in ranges))


def _shifted_test(s: ci.Cursor) -> Optional[Tuple[ci.Cursor, str, int]]:
    """``e + k op c`` (``e - k``, ``k + e``; ``c op e + k``) with constants k, c, as ``(e, op, c -
    k)`` (``e`` on the left): the same test where the sum is a signed int of 32 bits or more (its
    overflow is undefined behaviour, so no defined run tells them apart), else None."""
    a, b = children(s)
    op = binary_operator(s)
    if evaluate_int(a) is not None:
        a, b, op = b, a, ir.FLIP[op]
    c, x = evaluate_int(b), strip_kept(a)
    rng = int_range(x.type)
    if c is None or x.kind != K.BINARY_OPERATOR or binary_operator(x) not in ("+", "-") or rng is None or rng.wraps:
        return None
    e, k = children(x)
    if evaluate_int(k) is None and binary_operator(x) == "+":
        e, k = k, e
    kv = evaluate_int(k)
    if kv is None or evaluate_int(e) is not None:
        return None
    bound = fold("-" if binary_operator(x) == "+" else "+", c, kv)
    return (e, op, bound) if bound is not None else None


def _typed(lo: IntOp, op: str, ro: IntOp, types: List[Optional[ir.IntRange]],
           compared: Optional[ir.IntRange]) -> Union[bool, str, Tuple[IntOp, IntOp]]:
    """``lo op ro`` as C compares the operands (of their own ``types``) in the type ``compared``:
    True or False when no value of the types can change the outcome (``c == 200`` for a signed
    char), "abstract" when the comparison does not follow the values (a negative int compared
    as unsigned), else the operands, a constant compared for (in)equality replaced by the value of
    the other operand's type it equals (4294967295 for ``u == -1``, u unsigned); a constant
    operand is converted to ``compared`` (``m < one`` with m = -1, one = 1u: 4294967295 < 1)."""
    if compared is None:
        return lo, ro
    ops = [("const", compared.convert(o[1])) if o[0] == "const" else o for o in (lo, ro)]
    for i in (0, 1):
        t, other = types[i], ops[1 - i]
        if t is None or ops[i][0] == "const":
            continue
        if other[0] == "const" and op in ("==", "!="):
            x = in_type(other[1], t, compared)
            if x is None:
                return op == "!="
            ops[1 - i] = ("const", x)
        elif not t.within(compared):
            return "abstract"
        elif other[0] == "const":
            settled = _settled(t, op if i == 0 else ir.FLIP[op], compared.convert(other[1]))
            if settled is not None:
                return settled
    return ops[0], ops[1]


def _settled(t: ir.IntRange, op: str, c: int) -> Optional[bool]:
    """The outcome of ``v op c`` when it is the same for every value ``v`` of the type ``t``
    (``s > 40000`` for a short is never true), else None."""
    lo, hi = t.bounds
    # an ordering changes its outcome only at c: the ends of the range and c itself show both
    outcomes = {ir.holds(v, op, c) for v in {lo, hi, min(max(c, lo), hi)}}
    return outcomes.pop() if len(outcomes) == 1 else None


def _nondet_outcomes(rng: Optional[ir.IntRange], op: str, other: IntOp) -> Optional[Tuple[bool, bool]]:
    """Whether ``nondet op other`` may hold and may fail, for a nondet value of type ``rng`` (None:
    int); None when that is not sure both ways (a value narrower than int against a variable, or
    a constant an unsigned comparison would convert)."""
    wide = rng is None or not rng.boolean and rng.bits >= 32
    if other[0] != "const":
        return (True, True) if wide else None
    c = other[1]
    if rng is None:
        return (True, True)
    if not rng.signed and not rng.boolean and rng.bits >= 32 and c < 0:
        return None
    settled = _settled(rng, op, c)
    return (True, True) if settled is None else (settled, not settled)


def _data_cond(lo: IntOp, op: str, ro: IntOp) -> ir.DataCond:
    """A DataCond for ``lo op ro`` where ``lo`` is a field or a kept variable."""
    left, lfield = (lo[1], lo[2]) if lo[0] == "field" else (lo[1], None)
    if ro[0] == "field":
        return ir.DataCond(left, lfield, op, ro[1], ro[2])
    return ir.DataCond(left, lfield, op, value=ro[1])

