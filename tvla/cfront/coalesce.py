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

Copies are coalesced first, as a register allocator does: a copy ``a = b``
where ``b`` dies and ``a`` held nothing live gives ``a`` and ``b`` one name when
their ranges, without that copy's write of ``a``, never meet; the copy becomes
an empty edge (:func:`coalesce` returns it as ``Nop()``, which the lowering
merges away).  A load reused as a copy leaves such pairs (``if (n->left)
c->t = n->left;``: the test's temporary, then the store's).
"""

from dataclasses import fields, is_dataclass, replace
from typing import Any, Dict, FrozenSet, List, Set, Tuple

from tvla.cfront import ir
from tvla.cfront.liveness import FrameEnds, held_at, live_at, uses_defs

__all__ = ["coalesce"]

# the attributes of statements and conditions that hold a variable's name
VARIABLE_FIELDS = ("dst", "src", "var", "left", "right")


def _live_and_writes(prog: ir.CProgram, candidates: FrozenSet[str]) \
        -> Tuple[Dict[str, FrozenSet[str]], Dict[str, int], Dict[str, List[Tuple[int, int]]]]:
    """The live variables at each node; each candidate's live nodes as a bit set; and for each
    candidate, the edges that write it (index, bits of the edge's two ends)."""
    live = live_at(prog)
    held = held_at(prog)
    for e in prog.edges:   # a write on the way to a loop forever must not write over a variable kept there
        if e.target in held and uses_defs(e.stmt)[1]:
            for node in (e.source, e.target):
                live[node] = live.get(node, frozenset()) | held[e.target]
    _held_to_return(prog, candidates, live)
    index: Dict[str, int] = {}
    for e in prog.edges:
        index.setdefault(e.source, len(index))
        index.setdefault(e.target, len(index))
    bits = {v: 0 for v in candidates}
    for node, vs in live.items():
        for v in vs & candidates:
            bits[v] |= 1 << index[node]
    writes: Dict[str, List[Tuple[int, int]]] = {v: [] for v in candidates}
    for i, e in enumerate(prog.edges):
        for v in uses_defs(e.stmt)[1] & candidates:
            writes[v].append((i, (1 << index[e.source]) | (1 << index[e.target])))
    return live, bits, writes


def _held_to_return(prog: ir.CProgram, candidates: FrozenSet[str], live: Dict[str, FrozenSet[str]]) -> None:
    """Adds to ``live`` the nodes where a dead local of a call still holds its cells because the
    program may stop inside that call before it returns (its kill waits: liveness.FrameEnds): a
    variable of a deeper call sharing its name would write over them (``f`` holds ``a`` and calls
    ``g``, which allocates ``b`` and aborts)."""
    later, frame = FrameEnds(prog), {p.name: p.frame for p in prog.pointers}
    for e in prog.edges:
        dying = (live.get(e.source, frozenset()) | uses_defs(e.stmt)[1]) - live.get(e.target, frozenset())
        for v in dying & candidates:
            for node in later.held(v, frame.get(v, 0), e):
                live[node] = live.get(node, frozenset()) | {v}


def _ranges(prog: ir.CProgram, candidates: FrozenSet[str]) -> Dict[str, int]:
    """Each candidate's live range as a bit set over the nodes (see the module docstring)."""
    _live, bits, writes = _live_and_writes(prog, candidates)
    for v, ws in writes.items():
        for _i, ends in ws:
            bits[v] |= ends
    return bits


def _candidates(prog: ir.CProgram, keep: FrozenSet[str]) -> FrozenSet[str]:
    return frozenset(p.name for p in prog.pointers if p.scope == "local" and p.name not in keep)


def _copy_merges(prog: ir.CProgram, keep: FrozenSet[str]) -> Tuple[Dict[str, str], Set[int]]:
    """The copies ``a = b`` to coalesce (see the module docstring): each merged variable's new
    name, and the indices of the copies that become empty edges."""
    candidates = _candidates(prog, keep)
    struct = {p.name: p.struct for p in prog.pointers}
    live, live_bits, writes = _live_and_writes(prog, candidates)
    name = {v: v for v in candidates}
    members = {v: [v] for v in candidates}
    empty: Set[int] = set()

    def span(group: str, skip: int) -> int:
        bits = 0
        for m in members[group]:
            bits |= live_bits[m]
            for i, ends in writes[m]:
                bits |= 0 if i in empty or i == skip else ends
        return bits

    for i, e in enumerate(prog.edges):
        s = e.stmt
        if not isinstance(s, ir.AssignVar) or s.dst not in candidates or s.src not in candidates \
                or struct[s.dst] != struct[s.src] or s.src in live.get(e.target, ()) \
                or s.dst in live.get(e.source, ()):
            continue
        a, b = name[s.dst], name[s.src]
        if a != b and span(a, i) & span(b, i):
            continue
        empty.add(i)
        if a != b:
            for m in members.pop(a):
                name[m] = b
                members[b].append(m)
    return {v: g for v, g in name.items() if v != g}, empty


def _groups(prog: ir.CProgram, keep: FrozenSet[str]) -> Dict[str, str]:
    """Each coalesced variable's new name (absent: unchanged)."""
    candidates = _candidates(prog, keep)
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
    changes: Dict[str, Any] = {}
    for f in fields(x):
        value = getattr(x, f.name)
        if f.name in VARIABLE_FIELDS and isinstance(value, str) and value in rename:
            changes[f.name] = rename[value]
        elif f.name == "vars" and isinstance(value, tuple):   # a Tally's candidates
            changes[f.name] = tuple(dict.fromkeys(rename.get(x, x) for x in value if isinstance(x, str)))
        elif f.name == "cond":
            changes[f.name] = _renamed(value, rename)
    return replace(x, **changes) if changes else x


def coalesce(prog: ir.CProgram, keep: FrozenSet[str] = frozenset()) -> ir.CProgram:
    """``prog`` with non-interfering local pointer variables of one struct type sharing a name,
    copies between them first (those become ``Nop()``); variables in ``keep`` are left alone.
    Run it before the ``Kill`` edges are inserted."""
    rename, empty = _copy_merges(prog, keep)
    prog = _rename(prog, rename, empty)
    return _rename(prog, _groups(prog, keep), set())


def _rename(prog: ir.CProgram, rename: Dict[str, str], empty: Set[int]) -> ir.CProgram:
    """``prog`` with variables renamed and the edges numbered in ``empty`` made ``Nop()``."""
    if not rename and not empty:
        return prog
    edges = tuple(replace(e, stmt=ir.Nop() if i in empty else _renamed(e.stmt, rename))
                  for i, e in enumerate(prog.edges))
    frames: Dict[str, Set[int]] = {}
    cnames: Dict[str, Set[str]] = {}
    for p in prog.pointers:
        frames.setdefault(rename.get(p.name, p.name), set()).update(p.calls or (p.frame,))
        cnames.setdefault(rename.get(p.name, p.name), set()).add(p.cname)
    # a variable standing for several calls' belongs to none: it is main's (kept until the program
    # stops), but in scope in a loop forever only where one of them is active (liveness.held_at)
    pointers = tuple(p if len(frames[p.name]) == 1 else replace(p, frame=0, calls=frozenset(frames[p.name]))
                     for p in prog.pointers if p.name not in rename)
    # one standing for C variables of several names (or a temporary) names none of them
    pointers = tuple(p if len(cnames[p.name]) == 1 else replace(p, cname="") for p in pointers)
    return replace(prog, edges=edges, pointers=pointers, links=tuple(k.renamed(rename) for k in prog.links))
