"""Structs embedded in others and reached through interior pointers (Linux's ``list_head``).

Contract: :func:`find_hosts` reads a translation unit and returns, for each
struct type ``S`` that the program reaches inside another struct ``C`` (its
*host*: ``&it->link`` where ``link`` is a member of type ``S``, or
``container_of(p, C, link)`` written with ``offsetof`` or ``&((C *)0)->link``),
the :class:`Host` ``(C, path)``.  The lowering then takes a pointer to an
``S`` for a pointer to the cell that holds it: ``&it->link`` is ``it``,
``container_of(p, C, link)`` is ``p``, field ``next`` of an ``S`` is field
``link.next`` of the cell, and every ``S`` is a cell of type ``C`` (an ``S``
standing alone, such as a list's head, is a cell whose other fields do not
exist: reading them is a valid-deref violation).  This holds only when each
``S`` has one place in one host: a struct embedded at two places, or in two
hosts, is left unsupported (:attr:`Hosts.conflicts`).
"""

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, children, fields_of, is_int, pointee_struct, strip, struct_decl, struct_name
from tvla.cfront.parse import unary_operator

__all__ = ["Host", "Hosts", "find_hosts", "member_path", "member_struct", "offsetof_path", "struct_places"]


@dataclass(frozen=True)
class Host:
    """Struct ``S`` lives in struct ``container`` at member ``path`` (``link``, ``a.link``);
    ``at_start``: at offset 0, so that a plain cast between the two pointer types is
    ``container_of`` too."""

    container: ci.Cursor
    path: str
    at_start: bool

    @property
    def name(self) -> str:
        return struct_name(self.container)


@dataclass
class Hosts:
    """The hosts found, by the name of the embedded struct; the members that are a list's head
    inside struct variables (``heads``: (struct, path), see :func:`find_hosts`) and inside cells
    reached through pointers (``member_heads``); and the structs left out (name -> why)."""

    by_struct: Dict[str, Host] = field(default_factory=dict)
    heads: Set[Tuple[str, str]] = field(default_factory=set)
    member_heads: Set[Tuple[str, str]] = field(default_factory=set)
    head_hosts: Set[str] = field(default_factory=set)   # the hosts of member_heads' lists
    heads_at_start: Set[str] = field(default_factory=set)   # embedded structs of member heads at offset 0
    conflicts: Dict[str, str] = field(default_factory=dict)

    def of(self, decl: Optional[ci.Cursor]) -> Optional[Host]:
        return self.by_struct.get(struct_name(decl)) if decl is not None else None

    def has_heads(self, decl: ci.Cursor) -> bool:
        """Does a struct variable of this struct hold list heads (cells of their own)?"""
        return any(struct == struct_name(decl) for struct, _ in self.heads)

    def inside(self, container: str) -> Optional[Host]:
        """The host whose container is the struct named ``container`` (None: it embeds none)."""
        return next((h for h in self.by_struct.values() if h.name == container), None)


def struct_places(container: ci.Cursor, inner: str, prefix: str = "", depth: int = 0) -> List[Tuple[str, int]]:
    """The members of ``container`` (at any depth of embedding) whose type is struct ``inner``:
    (path, offset in bits)."""
    out: List[Tuple[str, int]] = []
    if depth > 8:
        return out
    for f in fields_of(container):
        rec = struct_decl(f.type)
        if rec is None:
            continue
        off = container.type.get_offset(f.spelling)
        if struct_name(rec) == inner:
            out.append((prefix + f.spelling, off))
        else:
            out += [(p, off + o) for p, o in struct_places(rec, inner, prefix + f.spelling + ".", depth + 1)]
    return out


def member_struct(rec: ci.Cursor, path: str) -> Optional[ci.Cursor]:
    """The struct declaration of member ``path`` (``a.link``) of struct ``rec`` (None: not a struct)."""
    for name in path.split("."):
        f = next((f for f in fields_of(rec) if f.spelling == name), None)
        rec = struct_decl(f.type) if f is not None else None
        if rec is None:
            return None
    return rec


def member_path(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, str]]:
    """For ``base->a.b`` or ``base.a.b`` (``c``, a member of struct type): the innermost base
    expression that is not a struct-typed member, and the path ``a.b`` (None for another
    expression)."""
    names: List[str] = []
    c = strip(c)
    while c.kind == K.MEMBER_REF_EXPR and children(c):
        names.insert(0, c.spelling)
        base = children(c)[0]
        if pointee_struct(base.type) is not None or struct_decl(strip(base).type) is None:
            return base, ".".join(names)
        c = strip(base)
        if c.kind == K.UNARY_OPERATOR and unary_operator(c) == "*":
            return children(c)[0], ".".join(names)
    return (c, ".".join(names)) if names else None


def offsetof_path(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, str]]:
    """``offsetof(C, path)`` or ``(unsigned long) &((C *) 0)->path``: (C's declaration, path)."""
    s = strip(c, casts=True)
    kids = children(s)
    if s.kind == K.UNEXPOSED_EXPR and len(kids) > 1 and is_int(s.type) and kids[0].kind != K.MEMBER_REF \
            and all(k.kind == K.MEMBER_REF for k in kids[1:]):   # the type: named, or typeof(*pos)
        rec = struct_decl(kids[0].type)
        return (rec, ".".join(k.spelling for k in kids[1:])) if rec is not None else None
    if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" and kids:
        found = member_path(kids[0])
        if found is None:
            return None
        base, path = found
        zero = strip(base, casts=True)
        rec = pointee_struct(strip(base).type)
        if rec is not None and zero.kind == K.INTEGER_LITERAL and zero.spelling in ("0", ""):
            return rec, path
    return None


def container_of(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, ci.Cursor, str]]:
    """``(char *) p - offsetof(C, path)`` (``c``, the subtraction): (p, C, path)."""
    if c.kind != K.BINARY_OPERATOR or len(children(c)) != 2:
        return None
    a, b = children(c)
    found = offsetof_path(b)
    if found is None:
        return None
    p = strip(a, casts=True)
    return p, found[0], found[1]


Place = Tuple[str, str]
"""(struct, path of a member in it)."""


def find_hosts(tu: ci.TranslationUnit) -> Hosts:
    """Every embedded struct reached through an interior pointer, with its host (see the module).

    A struct may also be reached inside struct variables of other types (``&q.jobs`` of a
    ``struct queue q`` whose member ``jobs`` is the head of a list of ``struct job``): such a
    member is a lone cell of its own (``heads``), provided the program never reaches it
    through a pointer to its struct variable (``qp->jobs``)."""
    uses: Dict[str, Dict[Place, bool]] = {}   # struct -> place -> reached only as a struct variable's
    decls: Dict[str, ci.Cursor] = {}
    through_pointer: Set[Place] = set()
    entered: Set[Place] = set()   # the places a container_of leaves
    for c in tu.cursor.walk_preorder():
        found = _interior_use(c)
        if found is None:
            _note_pointer_access(c, through_pointer)
            continue
        inner, container, path, of_var = found
        decls[struct_name(container)] = container
        place = (struct_name(container), path)
        places = uses.setdefault(inner, {})
        places[place] = places.get(place, True) and of_var
        if c.kind != K.UNARY_OPERATOR:
            entered.add(place)
    hosts = Hosts()
    for inner, places in sorted(uses.items()):
        _settle(hosts, inner, places, decls, through_pointer, entered)
    return hosts


def _settle(hosts: Hosts, inner: str, places: Dict[Place, bool], decls: Dict[str, ci.Cursor],
            through_pointer: Set[Place], entered: Set[Place]) -> None:
    """The host of ``inner`` among the places it is reached at, its heads, or a conflict.

    Reached through pointers at several places, the host is the one place a ``container_of``
    leaves (``buf.link``, the entries of a list); the others, which no ``container_of`` leaves,
    are list heads inside cells (``&dev->bufs`` of a ``struct device *dev``: ``member_heads``),
    each a lone cell of its own that its cell points to."""
    cells = sorted(p for p, of_var in places.items() if not of_var)
    if not cells and len(places) == 1:
        cells = sorted(places)
    heads = sorted(p for p in places if p not in cells)
    member_heads: List[Place] = []
    hosted = [p for p in cells if p in entered]
    if len(cells) > 1 and len(hosted) == 1:
        member_heads = [p for p in cells if p != hosted[0]]
        if all(c != hosted[0][0] for c, _ in member_heads):   # no entry holds the head of its own list
            cells = hosted
    if len(cells) != 1 or any(p in through_pointer for p in heads) or \
            any(c == h[0] for c, _ in member_heads for h in heads):
        hosts.conflicts[inner] = f"struct {inner} reached inside " + \
            " and ".join(f"{c}.{p}" for c, p in sorted(places))
        return
    (cname, path), = cells
    all_places = struct_places(decls[cname], inner)
    if [p for p, _ in all_places] != [path]:
        hosts.conflicts[inner] = f"struct {inner} embedded more than once in struct {cname}"
        return
    hosts.by_struct[inner] = Host(decls[cname], path, all_places[0][1] == 0)
    hosts.heads.update(heads)
    hosts.member_heads.update(member_heads)
    if member_heads:
        hosts.head_hosts.add(cname)
    if any(off == 0 for c, p in member_heads for q, off in struct_places(decls[c], inner) if q == p):
        hosts.heads_at_start.add(inner)


def _note_pointer_access(c: ci.Cursor, out: Set[Place]) -> None:
    """Record the place of ``p->m`` (a member of struct type reached through a pointer)."""
    if c.kind != K.MEMBER_REF_EXPR or struct_decl(c.type) is None:
        return
    found = member_path(c)
    if found is None:
        return
    rec = pointee_struct(found[0].type)
    if rec is not None:
        out.add((struct_name(rec), found[1]))


def _interior_use(c: ci.Cursor) -> Optional[Tuple[str, ci.Cursor, str, bool]]:
    """(embedded struct, host, path, of a struct variable) of ``&x->path`` or ``&v.path`` (path of
    struct type) or of a ``container_of``."""
    if c.kind == K.UNARY_OPERATOR and children(c) and unary_operator(c) == "&":
        inner = struct_decl(strip(children(c)[0]).type)
        found = member_path(children(c)[0]) if inner is not None else None
        if found is None:
            return None
        base, path = found
        rec = pointee_struct(base.type) or struct_decl(strip(base).type)
        if rec is None or strip(base, casts=True).kind == K.INTEGER_LITERAL:
            return None   # offsetof's own &((C *) 0)->path is read with its subtraction
        of_var = strip(base).kind == K.DECL_REF_EXPR and pointee_struct(base.type) is None
        return struct_name(inner), rec, path, of_var
    sub = container_of(c)
    if sub is None:
        return None
    inner = pointee_struct(sub[0].type)
    return (struct_name(inner), sub[1], sub[2], False) if inner is not None else None
