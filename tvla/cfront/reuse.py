"""Reuse of loaded pointers: ``t2 = y->next`` becomes ``t2 = t1`` where ``t1 = y->next`` is still known.

The lowering reads a field into a fresh temporary at every use
(``while (y->next && y->next->d < x->d) ...; x->next = y->next``: three loads
of ``y->next``).  For the analysis each load is a new pointer to a cell that
the previous temporary pointed to until it died, and in between the cell may
have been merged into a summary node, losing what was known about it (its
data order with ``x``).  An available-expressions pass (forward, must: a fact
holds when it holds on every path in) finds the loads whose value some
variable still holds, and turns them into copies, so the cell keeps a name.

A fact ``t == y->f`` is made by ``Load(t, y, f)`` (unless ``t`` is ``y``) or
by ``Store(y, f, t)`` (``y->prev = y->next; y = y->prev``, a reversal that
swaps the fields of each cell, reads back the temporary it stored instead of
following ``prev``), and ends when ``t`` or ``y`` is written, when any cell's ``f`` is written (a
store, a cut, ``malloc`` into ``y``), and at every ``free`` (a freed cell may
not be read again: the load that checks it must stay).  A copy needs no
dereference check: ``y`` was dereferenced validly when the fact was made and
has not changed since.

A fact ``t == *pp`` for a link pointer (:mod:`tvla.cfront.links`) is made by
``LinkRead`` and ends when ``t``, the link's flag or its cell variable is
written, or one of the variables or fields the link may point to (its
targets), and at every ``free`` and ``LinkWrite``.  So ``for (pp = &h; *pp &&
(*pp)->d < v; pp = &(*pp)->next); n = malloc(...); n->next = *pp; *pp = n;``
reads ``*pp`` once: the cell it tested keeps its name, and with it what the
test found (its datum against ``v``).
"""

from dataclasses import dataclass, replace
from typing import Dict, FrozenSet, List, Optional, Set, Tuple, Union

from tvla.cfront import ir
from tvla.cfront.dataflow import forward_must
from tvla.cfront.liveness import int_uses_defs, uses_defs

__all__ = ["reuse_loads"]

Fact = Tuple[str, str, str]   # (holder, source, field): holder == source->field
LINK = "@"   # the source of a fact (holder, "@" + flag, "*"): holder == *pp for the link pointer with that flag


@dataclass(frozen=True)
class LinkInfo:
    """What a link's facts depend on: by flag, its cell variable, and the variables and fields it
    may point to."""

    cells: Dict[str, str]
    variables: Dict[str, FrozenSet[str]]
    fields: Dict[str, FrozenSet[str]]

    @staticmethod
    def of(prog: ir.CProgram, targets: Dict[str, List[ir.LinkTarget]]) -> "LinkInfo":
        cells = {e.stmt.at: e.stmt.cell for e in prog.edges if isinstance(e.stmt, (ir.LinkRead, ir.LinkWrite))}
        return LinkInfo(cells, {f: frozenset(n for k, n in ts if k == "var") for f, ts in targets.items()},
                        {f: frozenset(n for k, n in ts if k == "field") for f, ts in targets.items()})

    def keeps(self, flag: str, stmt: ir.Statement, defs: Set[str], int_defs: Set[str]) -> bool:
        """Whether ``*pp`` (the link with ``flag``) points to the same place after ``stmt``, which
        writes the pointer variables ``defs`` and the int variables ``int_defs``."""
        if flag not in self.cells or flag in int_defs or self.cells[flag] in defs:
            return False
        if defs & self.variables.get(flag, frozenset()):
            return False
        return not (isinstance(stmt, (ir.Store, ir.StoreNull)) and stmt.field in self.fields.get(flag, frozenset()))


def _transfer(facts: FrozenSet[Fact], stmt: ir.Statement, links: Optional[LinkInfo] = None) -> FrozenSet[Fact]:
    if isinstance(stmt, (ir.Free, ir.LinkWrite)):
        return frozenset()
    _uses, defs = uses_defs(stmt)
    written_field = stmt.field if isinstance(stmt, (ir.Store, ir.StoreNull)) else None
    out = {f for f in facts if not ({f[0], f[1]} & defs) and f[2] != written_field}
    if not isinstance(stmt, (ir.Assume, ir.Nop, ir.LinkRead)):
        # what a link points to may be any variable or field: without its targets only a test keeps it known
        int_defs = int_uses_defs(stmt)[1] if links is not None else set()
        out = {f for f in out if not f[1].startswith(LINK) or
               links is not None and links.keeps(f[1][len(LINK):], stmt, defs, int_defs)}
    if isinstance(stmt, ir.Load) and stmt.dst != stmt.src:
        out.add((stmt.dst, stmt.src, stmt.field))
    if isinstance(stmt, ir.Store):   # the value stored is what the field holds until it is written
        out.add((stmt.src, stmt.dst, stmt.field))
    if isinstance(stmt, ir.LinkRead):
        out.add((stmt.dst, LINK + stmt.at, "*"))
    if isinstance(stmt, ir.AssignVar):   # the copy holds what its source held, and has its fields
        out |= {(stmt.dst, s, f) for h, s, f in facts if h == stmt.src and s != stmt.dst and not s.startswith(LINK)}
        out |= {(h, stmt.dst, f) for h, s, f in facts if s == stmt.src and h != stmt.dst}
    return frozenset(out)


def available(prog: ir.CProgram, links: Optional[LinkInfo] = None) -> Dict[str, FrozenSet[Fact]]:
    """The facts that hold at each node on every path from the entry (a node no path reaches yet
    has every fact: it is left out of the meet)."""
    return forward_must(prog, lambda facts, stmt: _transfer(facts, stmt, links))


def _holder(facts: FrozenSet[Fact], load: Union[ir.Load, ir.LinkRead]) -> Optional[str]:
    source = (load.src, load.field) if isinstance(load, ir.Load) else (LINK + load.at, "*")
    held = sorted(h for h, s, f in facts if (s, f) == source and h != load.dst)
    return held[0] if held else None


def reuse_loads(prog: ir.CProgram, targets: Optional[Dict[str, List[ir.LinkTarget]]] = None) -> ir.CProgram:
    """The program with every load whose value a variable holds turned into a copy of it
    (``targets``: of each link pointer, by flag, as :func:`~tvla.cfront.links.expand_links` takes them)."""
    facts = available(prog, LinkInfo.of(prog, targets) if targets is not None else None)
    edges = []
    for e in prog.edges:
        if isinstance(e.stmt, (ir.Load, ir.LinkRead)):
            h = _holder(facts.get(e.source, frozenset()), e.stmt)
            if h is not None:
                e = replace(e, stmt=ir.AssignVar(e.stmt.dst, h))
        edges.append(e)
    return replace(prog, edges=tuple(edges))
