"""Coalescing of callee-scope pointer variables whose lifetimes never meet.

Inlining renames a callee's locals apart at every call site (``p``, ``p_2``,
``p_3`` for three calls of ``insert``), and the lowering adds a temporary per
load.  Each pointer variable is a unary predicate, a reachability predicate, a
``bad`` flag and their consistency rules in every structure, although most of
them hold a value only for a few statements.  Two variables of the same struct
type and of scope ``local`` whose live ranges are disjoint get one name, as a
register allocator would share a register (greedily, in declaration order; the
first name of a group is kept).

The live range of a variable is every node where it is live, and both ends of
every edge that writes it.  Including the source of a write keeps a variable
from being written on the edge where another one dies (``a = b->next`` with
``b`` dead after): the dying one is still killed (its cell reported lost)
before the other is written.  Between two ranges the shared name is dead, so
the liveness pass kills it (NULL), which is what the second variable holds
before its first write as far as any read can tell: a read before a write would
make it live from the entry on, across the first range.  So the analysis sees
the same stores up to the names of dead variables.
"""

from dataclasses import fields, is_dataclass, replace
from typing import Any, Dict, FrozenSet, List, Set, Tuple

from tvla.cfront import ir
from tvla.cfront.liveness import live_at, uses_defs

__all__ = ["coalesce"]

# the attributes of statements and conditions that hold a variable's name
VARIABLE_FIELDS = ("dst", "src", "var", "left", "right")


def _ranges(prog: ir.CProgram, candidates: FrozenSet[str]) -> Dict[str, int]:
    """Each candidate's live range as a bit set over the nodes (see the module docstring)."""
    live = live_at(prog)
    index: Dict[str, int] = {}
    for e in prog.edges:
        index.setdefault(e.source, len(index))
        index.setdefault(e.target, len(index))
    bits = {v: 0 for v in candidates}
    for node, vs in live.items():
        for v in vs & candidates:
            bits[v] |= 1 << index[node]
    for e in prog.edges:
        for v in uses_defs(e.stmt)[1] & candidates:
            bits[v] |= (1 << index[e.source]) | (1 << index[e.target])
    return bits


def _groups(prog: ir.CProgram, keep: FrozenSet[str]) -> Dict[str, str]:
    """Each coalesced variable's new name (absent: unchanged)."""
    candidates = frozenset(p.name for p in prog.pointers if p.scope == "local" and p.name not in keep)
    bits = _ranges(prog, candidates)
    groups: List[Tuple[str, str, int]] = []   # (name, struct, union of the members' ranges)
    rename: Dict[str, str] = {}
    for p in prog.pointers:
        if p.name not in candidates:
            continue
        for k, (name, struct, used) in enumerate(groups):
            if struct == p.struct and not used & bits[p.name]:
                groups[k] = (name, struct, used | bits[p.name])
                rename[p.name] = name
                break
        else:
            groups.append((p.name, p.struct, bits[p.name]))
    return rename


def _renamed(x: Any, rename: Dict[str, str]) -> Any:
    """A statement or condition with its variable names renamed (field and struct names untouched)."""
    if not is_dataclass(x) or isinstance(x, type):
        return x
    changes = {}
    for f in fields(x):
        value = getattr(x, f.name)
        if f.name in VARIABLE_FIELDS and isinstance(value, str) and value in rename:
            changes[f.name] = rename[value]
        elif f.name == "cond":
            changes[f.name] = _renamed(value, rename)
    return replace(x, **changes) if changes else x


def coalesce(prog: ir.CProgram, keep: FrozenSet[str] = frozenset()) -> ir.CProgram:
    """``prog`` with non-interfering local pointer variables of one struct type sharing a name;
    variables in ``keep`` are left alone.  Run it before the ``Kill`` edges are inserted."""
    rename = _groups(prog, keep)
    if not rename:
        return prog
    edges = tuple(replace(e, stmt=_renamed(e.stmt, rename)) for e in prog.edges)
    frames: Dict[str, Set[int]] = {}
    for p in prog.pointers:
        frames.setdefault(rename.get(p.name, p.name), set()).add(p.frame)
    # a variable standing for several calls' belongs to none: it is main's (kept until the program stops)
    pointers = tuple(p if len(frames[p.name]) == 1 else replace(p, frame=0)
                     for p in prog.pointers if p.name not in rename)
    return replace(prog, edges=edges, pointers=pointers)
