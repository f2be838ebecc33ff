"""Steps of int fields (``p->d++``, ``p->d -= 2``, ``p->d = p->d + 1``) made exact where they can be.

The lowering writes such a step as :class:`~tvla.cfront.ir.StepData`.  The library has no action
that adds to a datum; it keeps a field's value where the value is one of the constants the program
writes into the field or compares it with (``eq[d,k]``).  So :func:`expand_data_steps` replaces each
step by a chain of tests of the field against those constants, in order: where ``p->d == k`` the
step writes the constant ``k + delta`` (converted to the field's type where it is unsigned) when it
is one of them too; else (a value nothing tests: each would be one more predicate; a signed
overflow, which C leaves undefined) any value, abstracted, as where the value is none of them.  The cells' values
that the constants name thus stay exact through any number of steps that lead from one constant
to another (``0`` stepped to ``1`` then compared with ``1``), and no step is ever more precise
than C: the tests only split on what the store already holds."""

from dataclasses import replace
from typing import Dict, Iterator, List, Optional, Set

from tvla.cfront import ir

__all__ = ["expand_data_steps"]


def expand_data_steps(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with every :class:`~tvla.cfront.ir.StepData` edge replaced (module docstring)."""
    if not any(isinstance(e.stmt, ir.StepData) for e in prog.edges):
        return prog
    consts = field_constants(prog)
    for f, deltas in _deltas(prog).items():
        consts[f] = consts.get(f, set()) | _between(consts.get(f, set()), deltas)
    fresh = ir.fresh_nodes(prog, "S")
    edges: List[ir.Edge] = []
    for e in prog.edges:
        edges += _expanded(e, sorted(consts.get(e.stmt.field, ())), fresh) if isinstance(e.stmt, ir.StepData) else [e]
    return replace(prog, edges=tuple(edges))


def field_constants(prog: ir.CProgram) -> Dict[str, Set[int]]:
    """The int constants each field is given (``p->d = 3``) or compared with (``p->d != 1``)."""
    out: Dict[str, Set[int]] = {}
    for e in prog.edges:
        s = e.stmt
        if isinstance(s, ir.SetData) and isinstance(s.value, int):
            out.setdefault(s.field, set()).add(s.value)
        c = s.cond if isinstance(s, ir.Assume) else None
        if isinstance(c, ir.DataCond) and c.lfield is not None and c.right is None and isinstance(c.value, int):
            out.setdefault(c.lfield, set()).add(c.value)
    return out


def _deltas(prog: ir.CProgram) -> Dict[str, Set[int]]:
    out: Dict[str, Set[int]] = {}
    for e in prog.edges:
        if isinstance(e.stmt, ir.StepData):
            out.setdefault(e.stmt.field, set()).add(e.stmt.delta)
    return out


MAX_STEPS = 3   # steps from a constant to a constant that the values on the way are kept for
MAX_BETWEEN = 8   # of those values per field, at most (each is one more predicate)


def _between(consts: Set[int], deltas: Set[int]) -> Set[int]:
    """The values on a way of at most :data:`MAX_STEPS` steps of ``deltas`` from one constant to
    another (``p->d++; p->d++;`` from 0 to a test against 2 passes 1), which the chain must test too;
    none past :data:`MAX_BETWEEN` (the steps then write any value there, abstracted)."""
    def distances(sign: int) -> Dict[int, int]:
        dist: Dict[int, int] = {}
        frontier = set(consts)
        for n in range(1, MAX_STEPS + 1):
            frontier = {v + sign * d for v in frontier for d in deltas} - consts - dist.keys()
            dist.update((v, n) for v in frontier)
        return dist
    ahead, back = distances(1), distances(-1)
    out = {v for v, n in ahead.items() if v in back and n + back[v] <= MAX_STEPS}
    return out if len(out) <= MAX_BETWEEN else set()


def _expanded(e: ir.Edge, keys: List[int], fresh: Iterator[str]) -> List[ir.Edge]:
    """The chain of tests and writes that stands for the step ``e`` given the field's constants."""
    step = e.stmt
    assert isinstance(step, ir.StepData)
    out: List[ir.Edge] = []
    here = e.source
    for k in keys:
        hit, miss = next(fresh), next(fresh)
        out.append(replace(e, source=here, target=hit, stmt=ir.Assume(ir.DataCond(step.var, step.field, "==", value=k))))
        out.append(replace(e, source=here, target=miss, stmt=ir.Assume(ir.DataCond(step.var, step.field, "!=", value=k))))
        value = _stepped(k, step)   # a value no test or write names: any, abstracted (no key of its own)
        out += _write(replace(e, source=hit), step, value if value in keys else None, fresh)
        here = miss
    return out + _write(replace(e, source=here), step, None, fresh)


def _stepped(k: int, step: ir.StepData) -> Optional[int]:
    """``k + delta`` as the field holds it; None where a signed field overflows (undefined)."""
    v = k + step.delta
    rng = step.range
    if rng is None or v in rng:
        return v
    return None if rng.signed else ir.held(v, rng)


def _write(e: ir.Edge, step: ir.StepData, value: Optional[int], fresh: Iterator[str]) -> List[ir.Edge]:
    """``e`` as the write of ``value`` into the field ``step`` steps (None: any value, after an
    ``abstracted`` note, as the lowering writes a value it does not follow)."""
    write = ir.SetData(step.var, step.field, value)
    if value is not None:
        return [replace(e, stmt=write)]
    return ir.chain(e, [ir.Nop(f"abstracted: {e.text}"), write], fresh)
