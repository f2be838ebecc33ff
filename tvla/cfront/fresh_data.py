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
"""

from collections import defaultdict
from dataclasses import replace
from typing import Dict, List, Optional, Tuple

from tvla.cfront import ir

__all__ = ["mark_written_at_once"]


def mark_written_at_once(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with every Malloc's ``written`` set (see the module docstring)."""
    out: Dict[str, List[ir.Edge]] = defaultdict(list)
    for e in prog.edges:
        out[e.source].append(e)
    edges = tuple(replace(e, stmt=replace(e.stmt, written=_written(out, e.stmt.dst, e.target)))
                  if isinstance(e.stmt, ir.Malloc) else e for e in prog.edges)
    return replace(prog, edges=edges)


def _written(out: Dict[str, List[ir.Edge]], x: str, node: str) -> Tuple[str, ...]:
    """The int fields of x's cell written along the straight path from ``node``."""
    fields: Dict[str, None] = {}
    seen = set()
    while node not in seen:
        seen.add(node)
        e = _next(out[node], x)
        if e is None:
            break
        if isinstance(e.stmt, ir.SetData):
            if e.stmt.var == x:
                fields[e.stmt.field] = None
        elif not _harmless(e.stmt, x):
            break
        node = e.target
    return tuple(sorted(fields))


def _next(edges: List[ir.Edge], x: str) -> Optional[ir.Edge]:
    """The edge the path takes: the only one, or the one where x is not NULL after a test of x
    against NULL (``if (temp == NULL) exit(1);``: where x is NULL, no new cell was made)."""
    if len(edges) == 1:
        return edges[0]
    on = [e for e in edges if isinstance(e.stmt, ir.Assume) and e.stmt.cond == ir.PtrCond(x, None, False)]
    off = [e for e in edges if isinstance(e.stmt, ir.Assume) and e.stmt.cond == ir.PtrCond(x, None, True)]
    return on[0] if len(on) == 1 and len(off) == 1 and len(edges) == 2 else None


def _harmless(s: ir.Statement, x: str) -> bool:
    """Does ``s`` leave x's data unread (and x pointing to the same cell)?"""
    if isinstance(s, (ir.Store, ir.StoreNull)):
        return s.dst == x
    if isinstance(s, (ir.Kill, ir.Malloc, ir.AssignNull, ir.AssignVar)):
        return getattr(s, "var", getattr(s, "dst", None)) != x
    # int variables that read no cell, no-ops, pointer tests
    return isinstance(s, (ir.Nop, ir.Havoc, ir.CopyInt, ir.Step, ir.ShiftFlag)) or \
        isinstance(s, ir.Assume) and isinstance(s.cond, ir.PtrCond)
