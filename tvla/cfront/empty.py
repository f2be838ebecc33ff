"""Fields that hold no pointer: the stores that need no cut.

For the analysis a store ``x->f = y`` is three actions (cut the field, drop the
cells that became unreachable, link) and ``x->f = NULL`` two, each applied to
every structure at its location.  Most stores fill a cell just allocated
(``n = malloc(...); n->next = head;``), whose field holds no pointer yet: there
the cut removes no edge and no cell becomes unreachable.  Such a store is
marked ``empty`` (:class:`~tvla.cfront.ir.Store`, :class:`~tvla.cfront.ir.StoreNull`)
and becomes one action, the link (which then checks the dereference the cut
checked), resp. the cut alone, without the collect.

A fact ``(x, f)``: the cell ``x`` points to has no pointer in field ``f`` (or
``x`` is NULL, and then the store is a violation the check reports).  It holds
on every path (:func:`~tvla.cfront.dataflow.forward_must`) when it was made by
``malloc``/``calloc`` into ``x`` (a new cell's fields are uninitialised or NULL),
``x->f = NULL``, or a copy ``x = y`` of ``y``'s fact, and is lost when ``x`` is
written, and when an ``f`` field is written through any variable (it may be
``x``'s cell).  ``free`` keeps the facts (a freed cell's fields are cut).
"""

from dataclasses import replace
from typing import Dict, FrozenSet, Tuple

from tvla.cfront import ir
from tvla.cfront.dataflow import forward_must
from tvla.cfront.liveness import uses_defs

__all__ = ["mark_empty_stores"]

Fact = Tuple[str, str]   # (variable, field): the variable's cell has no pointer in the field


def _transfer(fields: Dict[str, Tuple[str, ...]], facts: FrozenSet[Fact], stmt: ir.Statement) -> FrozenSet[Fact]:
    """The facts after ``stmt``; ``fields``: each struct's pointer fields."""
    if isinstance(stmt, ir.LinkWrite):   # any variable or field (expanded before this pass)
        return frozenset()
    if isinstance(stmt, ir.StoreNull):
        return facts | {(stmt.dst, stmt.field)}
    if isinstance(stmt, ir.Store):
        return frozenset(f for f in facts if f[1] != stmt.field)
    defs = uses_defs(stmt)[1]
    kept = frozenset(f for f in facts if f[0] not in defs)
    if isinstance(stmt, ir.Malloc):
        return kept | {(stmt.dst, f) for f in fields[stmt.struct]}
    if isinstance(stmt, ir.AssignVar):
        return kept | {(stmt.dst, f) for x, f in facts if x == stmt.src}
    return kept


def mark_empty_stores(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with each store into a field that holds no pointer on every path marked ``empty``."""
    fields = {st.name: tuple(f for f, _ in st.pointer_fields) for st in prog.structs}
    facts = forward_must(prog, lambda fs, stmt: _transfer(fields, fs, stmt))
    edges = []
    for e in prog.edges:
        s = e.stmt
        if isinstance(s, (ir.Store, ir.StoreNull)) and (s.dst, s.field) in facts.get(e.source, frozenset()):
            e = replace(e, stmt=replace(s, empty=True))
        edges.append(e)
    return replace(prog, edges=tuple(edges))
