"""Stale pointer fields, forgotten after their last read: ``Forget`` edges.

The rule.  After ``d = x->f`` (a :class:`~tvla.cfront.ir.Load`), the field ``f`` of x's
cell is *stale* when every path on from there, before any statement reads a field
``f`` of any cell (which cells alias x's is not known here) and before ``x`` is
written, frees x's cell through ``x``, writes ``x->f``, or calls ``reach_error()``;
and some such path runs through a loop (where the analysis joins structures), or every
path frees x's cell and some path stores ``d`` into a field first.  A
:class:`~tvla.cfront.ir.Forget` edge right after the load then cuts the field.

Why.  A cell about to be freed often still points into a structure the program
goes on rebuilding: merge sort's ``next->slist`` points into the chain the merge
builds until ``free(next)``.  Reachability through it makes the merged cells look
like the cells of the lists still to merge, the abstraction mixes them up and the
structures explode.  A tree node deleted after its child moved up to its parent
(``parent->left = m->right; free(m)``) shares the child with it until the free; the
sharing predicate, recounted after it over parents in a summary node, stays 1/2 and
later deletions report lost memory.  C never reads the field again, so forgetting it
changes no run.

Soundness.  No path reads the field of that cell before the cell is freed (its fields
are then cut in both), the field written again, or the program stopped, so every read
gives what C's does; only reachability differs: a cell only the field reached is lost
where it is forgotten (valid-memtrack reports it there), while C loses it at the
latest when the cell is freed or the field overwritten.  So a proof holds for C, a
witness of a deref, free, memcleanup or reach_error violation through a Forget edge is
a C run, and one of valid-memtrack is not taken for one (:mod:`tvla.cli.verify`).  As a
second guard, a forgotten field reads as an uninitialised pointer (any value: either
way in a comparison, an alarm where it is dereferenced or freed).
"""

from dataclasses import replace
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from tvla.cfront import ir

__all__ = ["forget_stale_fields", "MAX_VISITED"]

MAX_VISITED = 2000
"""The most edges the search from one load follows; past it the field is not forgotten (a program
of thousands of statements stays linear in practice)."""

# statements that read no pointer field and write no pointer variable, whatever their operands
_NEUTRAL = (ir.SetData, ir.Deref, ir.LoadData, ir.CopyData, ir.SwapData, ir.Havoc, ir.CopyInt, ir.Step,
            ir.ShiftFlag, ir.Assume, ir.Nop, ir.Tally, ir.Forget, ir.FreeNonHeap, ir.OutsideObject)


def forget_stale_fields(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with a :class:`~tvla.cfront.ir.Forget` edge after each load that leaves its field stale."""
    out_of: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        out_of.setdefault(e.source, []).append(e)
    fresh = ir.fresh_nodes(prog, "S")
    ends = frozenset((prog.exit, prog.error))
    out: List[ir.Edge] = []
    for e in prog.edges:
        s = e.stmt
        if isinstance(s, ir.Load) and s.dst != s.src and _stale(s, e.target, out_of, ends):
            out += ir.chain(e, [s, ir.Forget(s.src, s.field)], fresh)
        else:
            out.append(e)
    return replace(prog, edges=tuple(out)) if len(out) != len(prog.edges) else prog


def _stale(load: ir.Load, start: str, out_of: Dict[str, List[ir.Edge]], ends: FrozenSet[str]) -> bool:
    """After ``d = x->f`` (``load``): does every path from ``start`` end x's cell (or its field f)
    before reading a field f or writing x, and do the paths until then hold a loop, or free x's
    cell after storing d into a field?  A path the CFG cuts short (a recursive call past the
    unrolling, which ends in a Spin alone: C goes on, unseen) does not."""
    x, f = load.src, load.field
    seen: Set[str] = {start}
    todo = [start]
    region: List[Tuple[str, str]] = []
    freed = True     # every path ends in free(x)
    passed: List[ir.Statement] = []
    while todo:
        node = todo.pop()
        edges = out_of.get(node, [])
        if all(isinstance(e.stmt, ir.Spin) for e in edges) and node not in ends:
            return False
        for e in edges:
            verdict = _step(e.stmt, x, f)
            if verdict is False or len(region) > MAX_VISITED:
                return False
            if verdict is None:
                region.append((e.source, e.target))
                passed.append(e.stmt)
                if e.target not in seen:
                    seen.add(e.target)
                    todo.append(e.target)
            else:
                freed = freed and isinstance(e.stmt, ir.Free)
    if freed and _linked(load.dst, passed):
        return True
    import networkx as nx   # only C input needs it
    return not nx.is_directed_acyclic_graph(nx.DiGraph(region))


def _linked(d: str, passed: List[ir.Statement]) -> bool:
    """Is the value of ``d`` (or of a variable it is copied to, on any path) stored into a field
    by one of the statements ``passed``?  Its cell is then shared until x's cell is freed."""
    import networkx as nx   # only C input needs it
    copies = nx.DiGraph([(s.src, s.dst) for s in passed if isinstance(s, ir.AssignVar)])
    holders = {d} | (nx.descendants(copies, d) if d in copies else set())
    return any(isinstance(s, ir.Store) and s.src in holders for s in passed)


def _step(s: ir.Statement, x: str, f: str) -> Optional[bool]:
    """True: the path ends well here (x's cell freed, x->f written, reach_error); False: it fails
    (f read, x written, the program ends with the field still there, or a statement this pass
    does not know); None: it goes on."""
    if isinstance(s, ir.Free):
        return True if s.var == x else None
    if isinstance(s, (ir.Store, ir.StoreNull)):
        return True if s.dst == x and s.field == f else None
    if isinstance(s, ir.ReachError):
        return None if s.goes_on else True
    if isinstance(s, ir.Load):
        return False if s.field == f or s.dst == x else None
    if isinstance(s, (ir.AssignNull, ir.Malloc)):
        return False if s.dst == x else None
    if isinstance(s, ir.AssignVar):
        return False if s.dst == x or s.moved and s.src == x else None
    if isinstance(s, ir.Kill):
        return False if s.var == x else None
    return None if isinstance(s, _NEUTRAL) else False
