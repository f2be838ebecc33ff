"""Reuse of loaded pointers: ``t2 = y->next`` becomes ``t2 = t1`` where ``t1 = y->next`` is still known.

The lowering reads a field into a fresh temporary at every use
(``while (y->next && y->next->d < x->d) ...; x->next = y->next``: three loads
of ``y->next``).  For the analysis each load is a new pointer to a cell that
the previous temporary pointed to until it died, and in between the cell may
have been merged into a summary node, losing what was known about it (its
data order with ``x``).  An available-expressions pass (forward, must: a fact
holds when it holds on every path in) finds the loads whose value some
variable still holds, and turns them into copies, so the cell keeps a name.

A fact ``t == y->f`` is made by ``Load(t, y, f)`` (unless ``t`` is ``y``) and
ends when ``t`` or ``y`` is written, when any cell's ``f`` is written (a
store, a cut, ``malloc`` into ``y``), and at every ``free`` (a freed cell may
not be read again: the load that checks it must stay).  A copy needs no
dereference check: ``y`` was dereferenced validly when the fact was made and
has not changed since.
"""

from dataclasses import replace
from typing import Dict, FrozenSet, List, Optional, Tuple, Union

from tvla.cfront import ir
from tvla.cfront.liveness import uses_defs

__all__ = ["reuse_loads"]

Fact = Tuple[str, str, str]   # (holder, source, field): holder == source->field
LINK = "@"   # the source of a fact (holder, "@" + flag, "*"): holder == *pp for the link pointer with that flag


def _transfer(facts: FrozenSet[Fact], stmt: ir.Statement) -> FrozenSet[Fact]:
    if isinstance(stmt, (ir.Free, ir.LinkWrite)):
        return frozenset()
    _uses, defs = uses_defs(stmt)
    written_field = stmt.field if isinstance(stmt, (ir.Store, ir.StoreNull)) else None
    out = {f for f in facts if not ({f[0], f[1]} & defs) and f[2] != written_field}
    if not isinstance(stmt, (ir.Assume, ir.Nop, ir.LinkRead)):
        # what a link points to may be any variable or field: only a test keeps it known
        out = {f for f in out if not f[1].startswith(LINK)}
    if isinstance(stmt, ir.Load) and stmt.dst != stmt.src:
        out.add((stmt.dst, stmt.src, stmt.field))
    if isinstance(stmt, ir.LinkRead):
        out.add((stmt.dst, LINK + stmt.at, "*"))
    if isinstance(stmt, ir.AssignVar):   # the copy holds what its source held
        out |= {(stmt.dst, s, f) for h, s, f in facts if h == stmt.src and s != stmt.dst and not s.startswith(LINK)}
    return frozenset(out)


def available(prog: ir.CProgram) -> Dict[str, FrozenSet[Fact]]:
    """The facts that hold at each node on every path from the entry."""
    into: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        into.setdefault(e.target, []).append(e)
    everything = frozenset(f for e in prog.edges if isinstance(e.stmt, (ir.Load, ir.LinkRead))
                           for f in _transfer(frozenset(), e.stmt))
    out: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        out.setdefault(e.source, []).append(e)
    nodes = [prog.entry] + [n for n in dict.fromkeys(e.target for e in prog.edges) if n != prog.entry]
    facts: Dict[str, FrozenSet[Fact]] = {n: everything for n in nodes}
    facts[prog.entry] = frozenset()
    # a worklist: a node whose facts change puts its successors back (one more round over every node
    # per nested loop was quadratic in the nesting)
    todo, queued = list(reversed(nodes[1:])), set(nodes[1:])
    while todo:
        n = todo.pop()
        queued.discard(n)
        new = everything
        for e in into.get(n, ()):
            new = new & _transfer(facts.get(e.source, frozenset()), e.stmt)
        if new != facts[n]:
            facts[n] = new
            for e in out.get(n, ()):
                if e.target not in queued and e.target != prog.entry:
                    queued.add(e.target)
                    todo.append(e.target)
    return facts


def _holder(facts: FrozenSet[Fact], load: Union[ir.Load, ir.LinkRead]) -> Optional[str]:
    source = (load.src, load.field) if isinstance(load, ir.Load) else (LINK + load.at, "*")
    held = sorted(h for h, s, f in facts if (s, f) == source and h != load.dst)
    return held[0] if held else None


def reuse_loads(prog: ir.CProgram) -> ir.CProgram:
    """The program with every load whose value a variable holds turned into a copy of it."""
    facts = available(prog)
    edges = []
    for e in prog.edges:
        if isinstance(e.stmt, (ir.Load, ir.LinkRead)):
            h = _holder(facts.get(e.source, frozenset()), e.stmt)
            if h is not None:
                e = replace(e, stmt=ir.AssignVar(e.stmt.dst, h))
        edges.append(e)
    return replace(prog, edges=tuple(edges))
