"""The program without the data of its cells: a coarser abstraction that proves memory safety fast.

Contract: :func:`without_data` returns a :class:`~tvla.cfront.ir.CProgram`
whose executions include every execution of the given one, with the same
dereferences, frees and pointer statements, but no int field is tracked: a
condition on a field (``p->d < q->d``, ``p->d == 2``) takes both branches, a
field's write stores any value, a register (an int variable holding a datum)
loaded from a cell takes any value.  Each such statement keeps its
dereferences (``SetData(x, f, None)`` on every cell it reads or writes), so
valid-deref is checked where it was.  The generated library then has no
``dle``, ``eq``, ``nx`` or register predicate: far fewer structures.

Only proofs may be taken from it (``true``): an alarm there may come from a
branch the data rules out, and its witness need not be a run of C.
"""

from dataclasses import replace
from typing import FrozenSet, List, Optional

from tvla.cfront import ir

__all__ = ["without_data"]


def _touches(s: ir.Statement) -> List[ir.Statement]:
    """A write of any value into each field ``s`` reads or writes: its dereferences, kept."""
    return [ir.SetData(var, field, None) for var, field in ir.field_accesses(s)]


def _dataless(s: ir.Statement, registers: FrozenSet[str]) -> Optional[List[ir.Statement]]:
    """The statements standing for ``s`` (None: ``s`` itself)."""
    if isinstance(s, ir.Assume) and isinstance(s.cond, ir.DataCond):
        c = s.cond
        if c.lfield is None:   # a test of an int variable: kept unless it reads a register
            reads_register = c.left in registers or c.value in registers
            return [ir.Nop("abstracted: a test of a datum")] if reads_register else None
        return _touches(s) + [ir.Nop("abstracted: a test of a datum")]
    if isinstance(s, ir.SetData):
        return [ir.SetData(s.var, s.field, None)] if s.value is not None else None
    if isinstance(s, (ir.CopyData, ir.SwapData)):
        return _touches(s)
    if isinstance(s, ir.LoadData):
        return _touches(s) + [ir.Havoc(s.dst)]
    if isinstance(s, ir.CopyInt) and s.dst in registers:
        return [ir.Havoc(s.dst)]
    return None


def without_data(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with its cells' data abstracted away (see the module docstring)."""
    registers = frozenset(iv.name for iv in prog.ints if iv.register)
    fresh = ir.fresh_nodes(prog, "D")
    out: List[ir.Edge] = []
    for e in prog.edges:
        stmts = _dataless(e.stmt, registers)
        out += [e] if stmts is None else ir.chain(e, stmts or [ir.Nop()], fresh)
    return replace(prog, edges=tuple(out))
