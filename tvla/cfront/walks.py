"""Which pointer fields a program walks, and the fields that hang sub-lists off a list.

Contract: a field ``f`` is *walked* when a variable is replaced by its own cell's
``f``-successor: ``p = p->f``, or ``p = t`` where ``t == p->f`` on every path
in (``t = p->next; free(p); p = t``, or a load the lowering shares with a test:
``if (p->left) p = p->left``).  :func:`nested_fields` names, in a struct with
several fields to its own type, those no walk follows beside one that is
walked: ``inner`` in ``struct sll { struct sll *next, *inner; }``.  The answer
only chooses predicates (:class:`~tvla.cfront.library.Library` ``nested``): it
changes precision and cost, never soundness.
"""

from typing import AbstractSet, FrozenSet, Set, Tuple

from tvla.cfront import ir
from tvla.cfront.dataflow import forward_must
from tvla.cfront.liveness import uses_defs

__all__ = ["walked_fields", "nested_fields"]

Fact = Tuple[str, str, str]   # (holder, source, field): holder == source->field


def _transfer(facts: FrozenSet[Fact], stmt: ir.Statement) -> FrozenSet[Fact]:
    if isinstance(stmt, ir.Assume):
        return facts
    _uses, defs = uses_defs(stmt)
    written = stmt.field if isinstance(stmt, (ir.Store, ir.StoreNull, ir.Forget)) else None
    # a variable killed where it dies (liveness) and then given its successor still walks
    sources = set() if isinstance(stmt, ir.Kill) else defs
    out = {f for f in facts if f[0] not in defs and f[1] not in sources and f[2] != written}
    if isinstance(stmt, ir.Load) and stmt.dst != stmt.src:
        out.add((stmt.dst, stmt.src, stmt.field))
    if isinstance(stmt, ir.AssignVar):
        out |= {(stmt.dst, p, f) for t, p, f in facts if t == stmt.src and p not in defs}
    return frozenset(out)


def walked_fields(cprog: ir.CProgram) -> FrozenSet[str]:
    """The fields ``cprog`` walks (see the module docstring)."""
    facts = forward_must(cprog, _transfer)
    out: Set[str] = set()
    for e in cprog.edges:
        s = e.stmt
        if isinstance(s, ir.Load) and s.dst == s.src:
            out.add(s.field)
        elif isinstance(s, ir.AssignVar) and e.source in facts:
            out.update(f for t, p, f in facts[e.source] if t == s.src and p == s.dst)
    return frozenset(out)


def nested_fields(cprog: ir.CProgram, used: AbstractSet[str], excluded: AbstractSet[str]) -> FrozenSet[str]:
    """The used fields to a struct's own type that no walk follows, in a struct where another such
    field is walked (see the module docstring); ``excluded`` fields (back fields, fields that hold
    self-loops) are neither."""
    walked = walked_fields(cprog)
    out: Set[str] = set()
    for st in cprog.structs:
        own = {f for f, target in st.pointer_fields if target == st.name and f in used and f not in excluded}
        if len(own) > 1 and own & walked:
            out |= own - walked
    return frozenset(out)
