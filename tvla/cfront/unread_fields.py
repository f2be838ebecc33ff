"""Pointer fields no statement reads, left out of the analysis: each store into one becomes a
:class:`~tvla.cfront.ir.Deref` (``unread``) that only checks its cell.

The rule.  A back pointer ``f`` (``prev``, ``parent``...) that no :class:`~tvla.cfront.ir.Load` reads
(nor a struct copy, which loads each field), that no link pointer (``T **``) may point to and that
lies inside every block allocated for its cells, beside a field of its struct that is read, is
written and never read: a doubly linked list walked only forward keeps ``prev`` up to date for
nobody.  The field leaves every struct type (no predicate, no instrumentation
about it); ``x->f = y`` and ``x->f = NULL`` become ``Deref(x, f, unread=True)``: ``x`` must point
to a live cell, nothing changes.

Why.  A stale ``prev`` (an insertion that forgets ``q->prev = n``) breaks the inverse-field
invariant the library keeps, and the structures multiply past the time limit although no run ever
reads the field.

Soundness.  No run reads the field, so every value read, every test and every dereference is C's
(and each store still checks its cell).  Only reachability differs: a cell that only such a field
reaches is lost in the analysis, never in C.  So a proof holds for C (C loses less); a witness of
a deref, free, memcleanup or reach_error violation is a C run; a valid-memtrack witness that passes
such a store is not taken for one (:func:`tvla.cli.verify`), and memory safety left unknown that
way is decided again without this pass, as for the kills of variables never used again.
"""

from dataclasses import replace
from typing import FrozenSet, Set

from tvla.cfront import ir
from tvla.cfront.library import BACK_NAMES, own_name

__all__ = ["drop_unread_fields", "unread_fields"]


def unread_fields(prog: ir.CProgram) -> FrozenSet[str]:
    """The back pointers of ``prog`` (``prev``, ``parent``...: :data:`~tvla.cfront.library.BACK_NAMES`)
    no statement reads, no link may point to, inside every block, each beside a field of its struct
    to the same struct that a statement reads.  (An unread forward field stays: where a list is
    walked only by ``prev``, the library's reachability follows ``next``.)"""
    read: Set[str] = set()
    for e in prog.edges:
        s = e.stmt
        if isinstance(s, ir.Malloc):
            read.update(s.outside)
        elif not isinstance(s, (ir.Store, ir.StoreNull)):   # a load, a test, a data copy...
            read.update(f for _v, f in ir.field_accesses(s))
    for link in prog.links:
        read.update(name for kind, name in link.targets if kind == "field")
    return frozenset(f for st in prog.structs for f, to in st.pointer_fields
                     if f not in read and own_name(f) in BACK_NAMES and to == st.name
                     and any(g in read and t == st.name for g, t in st.pointer_fields))


def drop_unread_fields(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` without its :func:`unread_fields`: stores into them only check their cell."""
    gone = unread_fields(prog)
    if not gone:
        return prog
    edges = tuple(replace(e, stmt=ir.Deref(e.stmt.dst, e.stmt.field, unread=True))
                  if isinstance(e.stmt, (ir.Store, ir.StoreNull)) and e.stmt.field in gone else e
                  for e in prog.edges)
    structs = tuple(replace(st, pointer_fields=tuple(p for p in st.pointer_fields if p[0] not in gone))
                    for st in prog.structs)
    return replace(prog, edges=edges, structs=structs)
