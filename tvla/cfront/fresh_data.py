"""Which int fields of a new cell are written before anything may read them.

Contract: :func:`mark_written_at_once` gives each :class:`~tvla.cfront.ir.Malloc`
the int fields (``Malloc.written``) that the straight path after it writes into
the new cell (``n = malloc(...); n->d = v; n->next = h``): each edge of that path
is the only one out of its node (or, after a test of the new pointer against
NULL, the one where it is not NULL) and only writes cells, links the new one,
kills, allocates or copies other pointer variables, or sets int variables
without reading a cell.  The library marks an allocation whose uninitialised
datum enters the order of data with a place no integer may have (between the
constants 3 and 4) as an over-approximation, unless that datum is written at once.
Each :class:`~tvla.cfront.ir.SetData` of that path that only the allocation leads to
(every node of the path up to it has one way in) gets the fields written after it
there (``SetData.later``): its order against them (two fields compared in one cell)
may be left unknown, as their writes set it before anything may read it.
"""

from collections import defaultdict
from dataclasses import replace
from typing import Dict, List, Optional, Set, Tuple

from tvla.cfront import ir

__all__ = ["mark_written_at_once"]


def mark_written_at_once(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with every Malloc's ``written`` set (see the module docstring)."""
    out: Dict[str, List[ir.Edge]] = defaultdict(list)
    ways_in: Dict[str, int] = defaultdict(int)
    for e in prog.edges:
        out[e.source].append(e)
        ways_in[e.target] += 1
    later: Dict[ir.Edge, Set[str]] = defaultdict(set)
    written = {e: _written(out, e.stmt.dst, e.target, (later, ways_in)) for e in prog.edges
               if isinstance(e.stmt, ir.Malloc)}
    return replace(prog, edges=tuple(_marked(e, written, later) for e in prog.edges))


def _marked(e: ir.Edge, written: Dict[ir.Edge, Tuple[str, ...]], later: Dict[ir.Edge, Set[str]]) -> ir.Edge:
    """Edge ``e`` with its Malloc's ``written`` or its SetData's ``later`` set."""
    if isinstance(e.stmt, ir.Malloc):
        return replace(e, stmt=replace(e.stmt, written=written[e]))
    if isinstance(e.stmt, ir.SetData) and e in later:
        return replace(e, stmt=replace(e.stmt, later=tuple(sorted(later[e]))))
    return e


def _written(out: Dict[str, List[ir.Edge]], x: str, node: str,
             later: Tuple[Dict[ir.Edge, Set[str]], Dict[str, int]]) -> Tuple[str, ...]:
    """The int fields of x's cell written along the straight path from ``node``, through x or a
    pointer copied from it (``set(&p->data, 1)`` inlined writes through its parameter's cell);
    ``later`` (the table filled, and the ways into each node) gets, for each write on that path
    that no other path leads to, the fields written after it."""
    fields: Dict[str, None] = {}
    names, seen = {x}, set()
    writes: List[ir.Edge] = []
    only = True   # every node so far has one way in: only the allocation leads here
    while node not in seen and names:
        seen.add(node)
        only = only and later[1][node] == 1
        e = _next(out[node], names)
        if e is None:
            break
        s = e.stmt
        if isinstance(s, ir.SetData):
            if s.var in names:
                fields[s.field] = None
                for w in writes:
                    later[0][w].add(s.field)
                if only:
                    writes.append(e)
        elif isinstance(s, (ir.AssignVar, ir.AssignNull, ir.Kill, ir.Malloc)):
            names = _moved(s, names)
        elif not _harmless(s, names):
            break
        node = e.target
    return tuple(sorted(fields))


def _moved(s: ir.Statement, names: Set[str]) -> Set[str]:
    """The variables that point to the new cell after ``s`` (a copy, or a variable given
    another value or killed)."""
    dst = s.var if isinstance(s, ir.Kill) else getattr(s, "dst")
    if isinstance(s, ir.AssignVar) and s.src in names:
        return names | {dst}
    return names - {dst}


def _next(edges: List[ir.Edge], names: Set[str]) -> Optional[ir.Edge]:
    """The edge the path takes: the only one, or the one where the new cell's pointer is not NULL
    after a test of it against NULL (``if (temp == NULL) exit(1);``: where it is NULL, no new
    cell was made)."""
    if len(edges) == 1:
        return edges[0]
    conds = [(e, e.stmt.cond) for e in edges if isinstance(e.stmt, ir.Assume)]
    tests = [(e, c) for e, c in conds if isinstance(c, ir.PtrCond) and c.left in names and c.right is None]
    on = [e for e, c in tests if isinstance(c, ir.PtrCond) and not c.positive]
    return on[0] if len(tests) == 2 and len(on) == 1 and len(edges) == 2 else None


def _harmless(s: ir.Statement, names: Set[str]) -> bool:
    """Does ``s`` leave the new cell's data unread?"""
    if isinstance(s, (ir.Store, ir.StoreNull)):
        return s.dst in names
    # int variables that read no cell, no-ops, pointer tests
    return isinstance(s, (ir.Nop, ir.Havoc, ir.CopyInt, ir.Step, ir.ShiftFlag, ir.Tally)) or \
        isinstance(s, ir.Assume) and isinstance(s.cond, (ir.PtrCond, ir.HeadCond, ir.TallyCond))
