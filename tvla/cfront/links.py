"""Link pointers: a local ``T **pp`` that walks the links of a list (part of :mod:`tvla.cfront.lower`).

``pp`` points either to a pointer variable (``pp = &head``, or a ``T **``
parameter bound to ``&head``) or to a pointer field of a cell
(``pp = &(*pp)->next``, ``pp = &p->next``).  It becomes two variables: the
pointer variable ``pp_cell`` (the cell whose field ``pp`` points to) and the
flag ``pp_at``, whose value numbers what ``pp`` points to (a variable, or a
field of ``pp_cell``).  Reading ``*pp`` is :class:`~tvla.cfront.ir.LinkRead`
into a temporary, writing ``*pp = e`` :class:`~tvla.cfront.ir.LinkWrite`, and
``pp = qq`` for another link :class:`~tvla.cfront.ir.LinkCopy`;
once the program is lowered (and a read whose value a temporary still holds
became a copy, :mod:`tvla.cfront.reuse`), :func:`expand_links` turns each into
one branch per target: an ``Assume`` on the flag, then ``AssignVar``/``Load``
or ``AssignVar``/``Store``.  The flag is exact, so nothing is abstracted.
"""

from dataclasses import dataclass, field, replace
from typing import AbstractSet, Dict, FrozenSet, Hashable, Iterable, List, Optional, Tuple

import clang.cindex as ci

from tvla.cfront import ir
from tvla.cfront.cinfo import K, children, decl_key, initializer, is_global_var, pointee_struct, strip, struct_decl, struct_name
from tvla.cfront.lower_cfg import BAD, Frame
from tvla.cfront.lower_expr import Cur, ExprLowering, Operand, Ptr
from tvla.cfront.parse import binary_operator, unary_operator

__all__ = ["Link", "LinkLowering", "ScopeEnd", "link_struct", "field_address", "expand_links"]

@dataclass(frozen=True)
class ScopeEnd:
    """Where the scope of variables ends (:meth:`LinkLowering.end_scope`): the links to them are made
    to dangle from ``cur`` on to ``then`` once every link's targets are known."""

    cur: str
    then: str
    names: FrozenSet[str]
    at: ci.Cursor
    dies: bool
    frames: Tuple[int, ...]


@dataclass
class Link:
    """A link pointer: its cell variable, its flag, and the targets its flag values stand for."""

    cell: str
    flag: str
    struct: str
    targets: List[ir.LinkTarget] = field(default_factory=list)


def link_struct(t: ci.Type) -> Optional[ci.Cursor]:
    """The struct of ``T **`` (a pointer to a pointer to a struct), else None."""
    c = t.get_canonical()
    return pointee_struct(c.get_pointee()) if c.kind == ci.TypeKind.POINTER else None


class LinkLowering(ExprLowering):
    """Declaring, assigning, reading and writing through link pointers."""

    links: Dict[Hashable, Link]   # the link each declaration is now (a parameter: at the call being lowered)
    link_refs: Dict[Hashable, Link]   # a ``T ***`` parameter given ``&pp``: the link ``*p`` is
    made_links: List[Link]        # every link made, for the expansion of their statements
    link_copies: List[Tuple[Link, Link]]   # (pp, qq) of every ``pp = qq``: pp may point wherever qq may
    address_taken: FrozenSet[Tuple[str, int]]   # the variables of which the program takes the address (``&v``)
    scope_ends: List[ScopeEnd]   # put off until every link's targets are known

    def link_of(self, c: ci.Cursor) -> Optional[Link]:
        """The link pointer ``c`` names (``pp``, or ``*p`` for a ``T ***`` p given ``&pp``), or None."""
        s = strip(c, casts=True)
        if s.kind == K.DECL_REF_EXPR and s.referenced is not None:
            ref = s.referenced
            if decl_key(ref) not in self.links and is_global_var(ref) and link_struct(ref.type) is not None:
                self.declare_global(ref)   # a global link, made at its first use
            return self.links.get(decl_key(ref))
        inner = strip(children(s)[0], casts=True) if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "*" \
            and children(s) else None
        if inner is not None and inner.kind == K.DECL_REF_EXPR and inner.referenced is not None:
            return self.link_refs.get(decl_key(inner.referenced))
        return None

    def link_decl(self, d: ci.Cursor, st: ci.Cursor, init: Optional[ci.Cursor], cur: Cur, fr: Frame,
                  scope: Optional[str] = None) -> Cur:
        """``T **pp [= init]`` (a local, or a parameter given ``init``): its cell variable and flag.
        Without ``init`` the flag names a field of the cell variable, which holds no value yet: a
        read or write through ``pp`` is then the dereference of an uninitialised pointer."""
        fields = self.structs[self.struct(st)].pointer_fields
        if not fields:
            self.unsupported(d, self.describe(d, "pointer to a link of a struct without pointer fields:"))
            return cur
        base = self.fresh(d.spelling)
        link = Link(self.pointer(f"{base}_cell", st, scope or fr.scope, cname=f"*{d.spelling}"), self.fresh(f"{base}_at"), self.struct(st))
        self.links[decl_key(d)] = link
        self.made_links.append(link)
        if init is not None:
            return self.link_assign(link, init, cur, fr, d)
        return self.step(cur, ir.Havoc(link.flag, self.target_value(link, ("field", fields[0][0]))), d)

    def global_link(self, ref: ci.Cursor, st: ci.Cursor) -> Optional[ir.Havoc]:
        """The link of a global ``T **pp = &v`` (``v`` a global pointer variable) and the statement
        giving it its first value; None (unsupported) for another initial value: NULL, which no
        link holds."""
        init = initializer(ref)
        s = strip(init, casts=True) if init is not None else None
        target = strip(children(s)[0]) if s is not None and s.kind == K.UNARY_OPERATOR and \
            unary_operator(s) == "&" and children(s) else None
        v = target.referenced if target is not None and target.kind == K.DECL_REF_EXPR else None
        held = self.globals.get(decl_key(v)) or self.declare_global(v) if v is not None and is_global_var(v) else None
        if held is None or held == BAD or self.pointers[held].struct != self.struct(st):
            self.unsupported(ref, f"global pointer to a link {ref.spelling} not given the address of a global")
            return None
        base = self.fresh(ref.spelling)
        link = Link(self.pointer(f"{base}_cell", st, "global", cname=f"*{ref.spelling}"), self.fresh(f"{base}_at"), self.struct(st))
        self.links[decl_key(ref)] = link
        self.made_links.append(link)
        return ir.Havoc(link.flag, self.target_value(link, ("var", held)))

    def target_value(self, link: Link, target: ir.LinkTarget) -> int:
        """The flag value standing for ``target``."""
        if target not in link.targets:
            link.targets.append(target)
            self.ints[link.flag] = ir.IntVar(link.flag, tuple(range(len(link.targets))))
        return link.targets.index(target)

    def link_assign(self, link: Link, rhs: ci.Cursor, cur: Cur, fr: Frame, at: ci.Cursor) -> Cur:
        """``pp = &v``, ``pp = &x->f``, or ``pp = qq`` for a ``T **`` parameter bound to ``&v``;
        ``pp = c ? &a : &b`` as ``if (c) pp = &a; else pp = &b;``."""
        s = strip(rhs, casts=True)
        arms = children(s) if s.kind == K.CONDITIONAL_OPERATOR else []
        if len(arms) == 3 and cur is not None:
            yes, no = self.node(), self.node()
            self.cond(arms[0], yes, no, cur, fr)
            return self.join([self.link_assign(link, arms[1], yes, fr, at),
                              self.link_assign(link, arms[2], no, fr, at)], at)
        alias = self.alias_of(s, fr)
        if alias is not None:
            # pp no longer points into the cell it held: that cell loses the reference pp was
            cur = self.step(cur, ir.AssignNull(link.cell), at)
            return self.step(cur, ir.Havoc(link.flag, self.target_value(link, ("var", alias))), at)
        src = self.link_of(s)
        if src is not None and src.struct == link.struct:
            if src is not link:
                self.link_copies.append((link, src))
            return self.step(cur, ir.LinkCopy(link.cell, link.flag, src.cell, src.flag), at)
        held = self.variable_field(s, link, fr)
        if held is not None:   # &q.f of a struct variable q: a field of its cell
            return self.at_field(link, held[0], held[1], cur, at)
        field = field_address(s, link)
        if field is None:
            self.unsupported(at, self.describe(rhs, "value of a pointer to a link:"))
            return cur
        v, cur = self.ptr_value(field[0], cur, fr)
        if v is None or v == BAD:
            self.unsupported(at, self.describe(rhs, "link of"))
            return cur
        return self.at_field(link, v, field[1], cur, at)

    def at_field(self, link: Link, cell: str, fname: str, cur: Cur, at: ci.Cursor) -> Cur:
        """``link`` made to point to field ``fname`` of the cell ``cell`` points to."""
        cur = self.step(cur, ir.AssignVar(link.cell, cell), at)
        return self.step(cur, ir.Havoc(link.flag, self.target_value(link, ("field", fname))), at)

    def variable_field(self, s: ci.Cursor, link: Link, fr: Frame) -> Optional[Tuple[str, str]]:
        """(the pointer to q's cell, f) of ``&q.f`` (``s``, casts stripped) for a struct variable q
        whose field f holds a pointer to ``link``'s struct, else None."""
        inner = strip(children(s)[0]) if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" else None
        base = strip(children(inner)[0]) if inner is not None and inner.kind == K.MEMBER_REF_EXPR and \
            children(inner) else None
        cell = self.cell_of(base, fr) if base is not None else None
        rec = struct_decl(base.type) if base is not None else None
        st = pointee_struct(inner.type) if inner is not None else None
        if inner is None or cell is None or rec is None or st is None or struct_name(st) != link.struct:
            return None
        return cell, self.host_field(rec, inner.spelling)

    def link_test(self, s: ci.Cursor, t: Cur, f: Cur, cur: Cur, fr: Frame) -> bool:
        """``pp == &v``, ``pp != &x->f`` (either side): a link pointer against an address, as a test
        of its flag (and of its cell, for a field).  False (nothing lowered) for any other test."""
        sides = children(s) if s.kind == K.BINARY_OPERATOR and binary_operator(s) in ("==", "!=") else []
        pairs = [(link, strip(sides[1 - i], casts=True)) for i, x in enumerate(sides)
                 for link in [self.link_of(x)] if link is not None]
        if len(pairs) != 1:   # no link, or two links compared
            return False
        link, other = pairs[0]
        yes, no = (t, f) if binary_operator(s) == "==" else (f, t)
        alias, field = self.alias_of(other, fr), field_address(other, link)
        if alias is None and field is None:
            return False
        if alias is not None:
            self.flag_branch(link, ("var", alias), yes, no, cur, s)
            return True
        assert field is not None
        v, cur = self.ptr_value(field[0], cur, fr)
        if v is None or v == BAD:
            self.unsupported(s, self.describe(other, "link of"))
            return True
        same = self.node()
        self.flag_branch(link, ("field", field[1]), same, no, cur, s)
        self.edge(same, yes, ir.Assume(ir.PtrCond(link.cell, v, True)), s)
        self.edge(same, no, ir.Assume(ir.PtrCond(link.cell, v, False)), s)
        return True

    def flag_branch(self, link: Link, target: ir.LinkTarget, yes: Cur, no: Cur, cur: Cur, s: ci.Cursor) -> None:
        """To ``yes`` when ``link`` points to ``target``, else to ``no``."""
        self.int_branch(("var", link.flag), "==", ("const", self.target_value(link, target)), yes, no, cur, s)

    def deref_link(self, pp: ci.Cursor, cur: Cur, at: ci.Cursor) -> Optional[Tuple[Ptr, Cur]]:
        """``*pp`` for a link pointer ``pp`` into a temporary (None: ``pp`` is none)."""
        link = self.link_of(pp)
        if link is None:
            return None
        tmp = self.temp(link.struct)
        return tmp, self.step(cur, ir.LinkRead(tmp, link.cell, link.flag), at)

    def assign_link(self, target: ci.Cursor, rhs: ci.Cursor, cur: Cur, fr: Frame,
                    s: ci.Cursor) -> Optional[Tuple[Operand, Cur]]:
        """``pp = rhs`` or ``*pp = rhs`` for a link pointer ``pp`` (None: the target is no link)."""
        link = self.link_of(target)
        if link is not None:
            return BAD, self.link_assign(link, rhs, cur, fr, s)
        if target.kind != K.UNARY_OPERATOR or unary_operator(target) != "*":
            return None
        link = self.link_of(children(target)[0])
        if link is None:
            return None
        v, cur = self.ptr_value(rhs, cur, fr)
        if v == BAD:
            return BAD, cur
        return v, self.step(cur, ir.LinkWrite(link.cell, link.flag, v), s)

    def end_scope(self, keys: Iterable[Hashable], fr: Frame, cur: Cur, at: ci.Cursor, dies: bool) -> Cur:
        """The scope of the variables declared by ``keys`` ends at ``cur`` (a block's end, a jump out
        of it, a call's return): the node after.  What the links to them become is put off to
        :meth:`end_scopes`: a link may get them as targets later in the text (a ``goto`` back into
        the block, or a copy ``qq = pp`` that takes pp's targets once the copies are closed)."""
        names = frozenset(fr.names[k] for k in keys if k in self.address_taken and k in fr.names)
        if cur is None or not names:
            return cur
        then = f"E{len(self.scope_ends) + 1}"   # not numbered with the others: gone if nothing dangles
        self.node_frames[then] = frozenset(self.frames)
        self.scope_ends.append(ScopeEnd(cur, then, names, at, dies, tuple(self.frames)))
        return then

    def taken_within(self, c: ci.Cursor) -> List[Tuple[str, int]]:
        """The variables declared inside the statement ``c`` whose address the program takes (by
        the place of their declaration: no walk of ``c``, whose loops may nest deep)."""
        start, end = c.extent.start, c.extent.end
        where = start.file.name if start.file is not None else ""
        return sorted(k for k in self.address_taken if k[0] == where
                      and start.offset <= k[1] < end.offset)

    def end_scopes(self) -> None:
        """The steps of every :meth:`end_scope`, the copies of links closed before and after (a link
        copied from one that may dangle may dangle too).  Where no link may point to the variables,
        the node after the scope's end is the node of its end."""
        self.close_link_copies()
        same: Dict[str, str] = {}
        for end in self.scope_ends:   # in the order made: an end's node may be an earlier one's
            cur = same.get(end.cur, end.cur)
            with self.frames_as(end.frames):
                out = self.end_links_into(end.names, cur, end.at, end.dies)
            if out == cur:
                same[end.then] = cur
                del self.node_frames[end.then]
            else:
                self.goto(out, end.then, end.at)
        self.edges = [replace(e, source=same.get(e.source, e.source), target=same.get(e.target, e.target))
                      for e in self.edges]
        self.close_link_copies()

    def end_links_into(self, names: AbstractSet[str], cur: Cur, at: ci.Cursor, dies: bool) -> Cur:
        """The scope of the pointer variables ``names`` ends (a callee's locals where it returns, a
        block's where it ends): a link pointing to one of them points to none now (``("gone", v)``:
        a read or write through it is a valid-deref violation).  With ``dies`` each variable a link
        may point to dies too (a cell only it held is lost); otherwise the later reads through the
        links (no longer taken) would keep it live to the end of the program."""
        gone = []
        for link in self.made_links:
            for kind, name in list(link.targets):
                if kind == "var" and name in names and cur is not None:
                    yes, no = self.node(), self.node()
                    self.flag_branch(link, (kind, name), yes, no, cur, at)
                    moved = self.step(yes, ir.Havoc(link.flag, self.target_value(link, ("gone", name))), at)
                    cur = self.join([moved, no], at)
                    gone.append(name)
        for name in dict.fromkeys(gone) if dies else ():
            cur = self.step(cur, ir.Kill(name, True), at)
        return cur

    def close_link_copies(self) -> None:
        """Give each link the targets of the links copied into it (before the flags' values are read)."""
        changed = True
        while changed:
            changed = False
            for dst, src in self.link_copies:
                for t in list(src.targets):
                    changed |= t not in dst.targets
                    self.target_value(dst, t)

    def link_targets(self) -> Dict[str, List[ir.LinkTarget]]:
        """The targets of every link pointer, by its flag (for :func:`expand_links`)."""
        return {link.flag: list(link.targets) for link in self.made_links}

    def link_pointers(self) -> Tuple[ir.LinkPointer, ...]:
        """Every link pointer made, as the program records it (:attr:`~tvla.cfront.ir.CProgram.links`)."""
        return tuple(ir.LinkPointer(link.flag, link.cell, tuple(link.targets)) for link in self.made_links)


def field_address(s: ci.Cursor, link: Link) -> Optional[Tuple[ci.Cursor, str]]:
    """(``x``, ``f``) of ``&x->f`` (``s``, casts stripped) for a field ``f`` holding a pointer to
    ``link``'s struct (the field may be one of another struct: ``&outer->inner_list``), else None."""
    inner = strip(children(s)[0]) if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" else None
    base = children(inner)[0] if inner is not None and inner.kind == K.MEMBER_REF_EXPR and children(inner) \
        else None
    if base is None or inner is None or pointee_struct(base.type) is None:
        return None
    st = pointee_struct(inner.type)
    return (base, inner.spelling) if st is not None and struct_name(st) == link.struct else None


def _through(kind: str, name: str, stmt: ir.Statement) -> ir.Statement:
    """What a LinkRead or LinkWrite does when its link points to the variable or field ``name``
    (or to the variable ``name`` whose scope has ended: ``kind`` "gone")."""
    if kind == "gone":
        return ir.OutsideObject(f"{name} accessed through a pointer after its scope ended")
    if isinstance(stmt, ir.LinkRead):
        return ir.AssignVar(stmt.dst, name) if kind == "var" else ir.Load(stmt.dst, stmt.cell, name)
    assert isinstance(stmt, ir.LinkWrite)
    if kind == "var":
        return ir.AssignNull(name) if stmt.src is None else ir.AssignVar(name, stmt.src)
    return ir.StoreNull(stmt.cell, name) if stmt.src is None else ir.Store(stmt.cell, name, stmt.src)


def _copy(e: ir.Edge, k: int, targets: Dict[str, List[ir.LinkTarget]]) -> List[ir.Edge]:
    """A LinkCopy edge: per target of its source, a test of the source's flag, the copy of the
    cell variable and the flag value of that target in the destination."""
    c = e.stmt
    assert isinstance(c, ir.LinkCopy)
    edges: List[ir.Edge] = []
    for i, target in enumerate(targets.get(c.src_at, [])):
        mid = f"{e.source}.link{k}.{i}"
        edges.append(replace(e, target=mid, stmt=ir.Assume(ir.DataCond(c.src_at, None, "==", value=i))))
        edges.append(replace(e, source=mid, target=mid + ".cell", stmt=ir.AssignVar(c.dst_cell, c.src_cell)))
        edges.append(replace(e, source=mid + ".cell", stmt=ir.Havoc(c.dst_at, targets[c.dst_at].index(target))))
    return edges


def expand_links(prog: ir.CProgram, targets: Dict[str, List[ir.LinkTarget]]) -> ir.CProgram:
    """Each LinkRead, LinkWrite and LinkCopy edge as one branch per target of its link (``targets``,
    by flag)."""
    edges: List[ir.Edge] = []
    for k, e in enumerate(prog.edges):
        if isinstance(e.stmt, ir.LinkCopy):
            edges += _copy(e, k, targets)
            continue
        if not isinstance(e.stmt, (ir.LinkRead, ir.LinkWrite)):
            edges.append(e)
            continue
        for i, (kind, name) in enumerate(targets.get(e.stmt.at, [])):
            mid = f"{e.source}.link{k}.{i}"
            edges.append(replace(e, target=mid, stmt=ir.Assume(ir.DataCond(e.stmt.at, None, "==", value=i))))
            edges.append(replace(e, source=mid, stmt=_through(kind, name, e.stmt)))
    return replace(prog, edges=tuple(edges))
