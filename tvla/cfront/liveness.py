"""Liveness of pointer variables over a :class:`~tvla.cfront.ir.CProgram`'s CFG, and the ``Kill`` edges it implies.

The rule.  A pointer variable is *live* at a node when some path from there
reads it (a dereference, a copy, a comparison, ``free``) before writing it.
For each edge ``u -> v`` (not into ``exit`` or ``error``, where execution
stops), every callee-scope variable (a callee's local, parameter or return
temporary, and the temporaries of the lowering: scope ``local``) that is live
at ``u`` or written by the edge, but not live at ``v``, dies on that edge:
``Kill(var, scope_end=True)`` edges for it are inserted right after it (same
position and text).  After its last use it can never be read again, and at
the latest it goes out of scope when the callee returns, so a cell only it
reached is lost: a leak (valid-memtrack), reported where the variable died.
So a temporary dies right after its single use.

A global or a local of ``main`` stays in scope until the program ends: it
dies (``Kill(var)``: a cell only it reached is lost when it is overwritten,
reported here) only where every path on from there overwrites it
before the end (:func:`overwritten`), so a cell only it reaches is lost on
every such path; elsewhere it is kept, and what it still reaches at the end
is memcleanup's business, not valid-memtrack's.

No variable dies on an edge into a node from which the program only goes on
to its end (``exit``, ``abort()``, ``reach_error()``, through conditions and
no-ops): a cell still pointed to when the program stops is not lost
(memcleanup, not valid-memtrack, speaks about it).

Variables in ``keep`` (e.g. the list of a ``sorted(x)`` property, read when
``main`` returns) are never killed.  ``Kill`` edges already present are
writes, never reads.
"""

from dataclasses import replace
from typing import Dict, FrozenSet, Iterator, List, Set, Tuple, Union

import networkx as nx

from tvla.cfront import ir

__all__ = ["uses_defs", "live_at", "ending_nodes", "overwritten", "insert_kills"]


def uses_defs(stmt: ir.Statement) -> Tuple[Set[str], Set[str]]:
    """The pointer variables a statement reads and those it writes."""
    if isinstance(stmt, (ir.AssignNull, ir.Malloc, ir.Kill)):
        return set(), {stmt.dst if not isinstance(stmt, ir.Kill) else stmt.var}
    if isinstance(stmt, ir.AssignVar):
        return {stmt.src}, {stmt.dst}
    if isinstance(stmt, ir.Load):
        return {stmt.src}, {stmt.dst}
    if isinstance(stmt, ir.StoreNull):
        return {stmt.dst}, set()
    if isinstance(stmt, ir.Store):
        return {stmt.dst, stmt.src}, set()
    if isinstance(stmt, ir.Free):
        return {stmt.var}, set()
    if isinstance(stmt, ir.SetData):
        return {stmt.var}, set()
    if isinstance(stmt, ir.CopyData):
        return {stmt.dst, stmt.src}, set()
    if isinstance(stmt, ir.Assume):
        return _cond_uses(stmt.cond), set()
    return set(), set()


def _cond_uses(cond: Union[ir.PtrCond, ir.DataCond]) -> Set[str]:
    if isinstance(cond, ir.PtrCond):
        return {v for v in (cond.left, cond.right) if v is not None}
    if cond.lfield is None:   # a kept int variable: no pointer read
        return {cond.right} if cond.right is not None else set()
    return {v for v in (cond.left, cond.right) if v is not None}


def live_at(prog: ir.CProgram) -> Dict[str, FrozenSet[str]]:
    """The live pointer variables at every node (backward fixpoint over the CFG)."""
    pointers = {p.name for p in prog.pointers}
    g = nx.MultiDiGraph()
    for e in prog.edges:
        g.add_edge(e.source, e.target, stmt=e.stmt)
    live: Dict[str, Set[str]] = {n: set() for n in g.nodes}
    # Postorder visits successors first: the backward fixpoint then needs few rounds.
    order = list(nx.dfs_postorder_nodes(g, prog.entry)) if prog.entry in g else []
    order += [n for n in g.nodes if n not in set(order)]
    changed = True
    while changed:
        changed = False
        for n in order:
            new = set()
            for _, t, data in g.out_edges(n, data=True):
                uses, defs = uses_defs(data["stmt"])
                new |= (uses | (live[t] - defs)) & pointers
            if new != live[n]:
                live[n], changed = new, True
    return {n: frozenset(v) for n, v in live.items()}


NEUTRAL = (ir.Assume, ir.Nop, ir.Havoc, ir.ReachError, ir.Exit)


def ending_nodes(prog: ir.CProgram) -> FrozenSet[str]:
    """The nodes from which every path goes straight to the end: ``exit``, ``error``, and those
    whose every edge is a condition, a no-op, a havoc or a termination into such a node."""
    out_edges: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        out_edges.setdefault(e.source, []).append(e)
    ending = {prog.exit, prog.error}
    changed = True
    while changed:
        changed = False
        for n, es in out_edges.items():
            if n not in ending and all(isinstance(e.stmt, NEUTRAL) and e.target in ending for e in es):
                ending.add(n)
                changed = True
    return frozenset(ending)


def overwritten(prog: ir.CProgram) -> Dict[str, FrozenSet[str]]:
    """Per node, the pointer variables every path from it writes before the program ends (a
    greatest fixpoint: a path that never ends counts as writing)."""
    pointers = frozenset(p.name for p in prog.pointers)
    out_edges: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        out_edges.setdefault(e.source, []).append(e)
    nodes = {n for e in prog.edges for n in (e.source, e.target)}
    must: Dict[str, FrozenSet[str]] = {n: (pointers if out_edges.get(n) else frozenset()) for n in nodes}
    changed = True
    while changed:
        changed = False
        for n, es in out_edges.items():
            new = pointers
            for e in es:
                new = new & (frozenset(uses_defs(e.stmt)[1]) | must[e.target])
            if new != must[n]:
                must[n], changed = new, True
    return must


def insert_kills(prog: ir.CProgram, keep: FrozenSet[str] = frozenset()) -> ir.CProgram:
    """The program with a chain of ``Kill`` edges after every edge on which variables die (see above)."""
    live, ending, must = live_at(prog), ending_nodes(prog), overwritten(prog)
    scope = {p.name: p.scope for p in prog.pointers}
    names = {n for e in prog.edges for n in (e.source, e.target)}
    out: List[ir.Edge] = []
    fresh = _fresh_nodes(names)
    for e in prog.edges:
        if e.target in ending or isinstance(e.stmt, ir.Kill):
            out.append(e)
            continue
        uses, defs = uses_defs(e.stmt)
        mortal = {v for v, sc in scope.items() if sc == "local"} | must.get(e.target, frozenset())
        dying = sorted(((live.get(e.source, frozenset()) | defs) & mortal) - live.get(e.target, frozenset())
                       - keep)
        if not dying:
            out.append(e)
            continue
        cur = next(fresh)
        out.append(replace(e, target=cur))
        for i, var in enumerate(dying):
            nxt = e.target if i == len(dying) - 1 else next(fresh)
            out.append(ir.Edge(cur, nxt, ir.Kill(var, scope[var] == "local"), e.pos, e.text))
            cur = nxt
    return replace(prog, edges=tuple(out))


def _fresh_nodes(used: Set[str]) -> Iterator[str]:
    k = 0
    while True:
        k += 1
        if f"K{k}" not in used:
            yield f"K{k}"
