"""Counters tied to the cells they counted: ``cnt != len`` decided by the cells, not the values.

A counter (an :class:`~tvla.cfront.ir.IntVar` with ``other``: past its first few values it holds
"another value") compared with another counter (``cnt != len``, ``count == len + 1``), or copied
into one that is, is *tallied*; so is a counter stepped both up and down by one (``size++`` per
malloc, ``size--`` per free), or down by one from a copy of another (``for (i = len; i > 0; i--)
p = p->next;``), and compared with a constant (``size != 0`` after a drain, ``i > 0``).  The
library gives it a unary predicate ``tally[c](v)`` and a nullary ``tally_lost[c]()`` with the
invariant

    not tally_lost[c]  implies  c == base + the number of cells v with tally[c](v)

(cells stay in the store when freed; a tallied cell dropped as unreachable loses the tally, but
for a cell all counters of c's group counted, :func:`tally_groups`; the base is the one constant,
0 to 3, the program sets c to: :func:`tally_bases`).  ``c = base``
empties the tally and finds it; ``c = d`` copies d's; every other write loses it, but
``c += 1``, which this pass follows by a :class:`~tvla.cfront.ir.Tally`: the first of its
candidate pointer variables that points to a cell not tallied yet gets tallied (none: lost).
A variable freed on the one edge into the step comes first (``free(t); freed++;``: the cell
freed is the one counted; for ``free(p); len--;`` even before the cell a walker left behind).
The other candidates (each stays live up to the step, so they are few) are variables assigned in
the loop around the step, not temporaries of the lowering (but first, the cell a walker left
behind, unless ``malloc`` assigns the walker in that loop: then the step counts the new cell; in
a loop that makes no cell, the cell freed on the way taken, a copy kept before each free),
those a test compares with NULL
there (``p`` of ``for (p = l; p; p = p->next) cnt++;``) and after them those ``malloc`` assigns
(``n`` of ``n = malloc(...); ...; len++;``), else all; outside loops, the nearest three assigned or
freed on the edges before the step.  Whichever cell is picked, it was not counted yet, so the
invariant holds: the choice only decides whether two tallies end up comparable.  ``c -= 1`` is
followed by a Tally that takes back the first candidate's cell that was counted (``free(n);
len--;``: variables freed in the loop come first, and copies of the temporaries freed there:
``free(l->first); l->first = t; l->count--;``), or loses the tally.

A test ``a == b + k`` (or ``!=``, k from -3 to 3; or ``a < b``, ``<=``, ``>``, ``>=``) of two
tallied counters is preceded, on each branch, by a :class:`~tvla.cfront.ir.TallyCond`, which the
library cuts where both tallies are kept and they decide the test the other way (A and B the
cells of a and b: a - b is |A \\ B| - |B \\ A|; ``i < len`` fails where len counted no cell i
did not).  An order test with an offset is filtered only as the bound a test with more terms
implies (``j < n - 1 - i``, i never negative, gives ``j < n - 1``: ``lower_expr.bounded_cond``),
which fails where n counted at most one cell j did not and j none that n did not; so is one
between counters that count cells made or freed (``i = 1; ... i < len`` of a loop removing a cell
per round: :func:`_offsets_decided`); elsewhere (``i = 1; ... i < len`` of a sort's passes) its
tallies would only split cells.  Against a constant k (0 to 3 past the base), the test is |A| op k.  The comparison
itself stays as it was, so the filter only removes executions whose counts rule the branch out.
"""

from dataclasses import replace
from typing import AbstractSet, Dict, FrozenSet, Iterator, List, Optional, Sequence, Set, Tuple

from networkx.utils import UnionFind

from tvla.cfront import ir
from tvla.cfront.ghosts import ghost_bounds

__all__ = ["MAX_OFFSET", "tally_counters", "tallied", "tally_bases", "tally_groups", "decidable", "effective_offset",
           "tally_test"]

MAX_OFFSET = 3   # |k| of the a == b + k a tally decides
BACK_STEPS = 12  # edges looked back from a step outside loops for the variables whose cells it may count
BACK_VARS = 3    # of which the nearest ones are its candidates


def tally_test(left: str, right: Optional[str], offset: int, op: str,
               bound: bool = False) -> Optional[Tuple[ir.TallyCond, ir.TallyCond]]:
    """The filters of the branches of ``left op right + offset`` (``right`` None: ``left op
    offset``), where it holds and where not, or None for a test no tally decides (between two
    counters, an order test only with no offset, unless it is a ``bound``: :class:`~tvla.cfront.ir.TallyCond`)."""
    if op not in ir.NEGATE or left == right:
        return None
    if right is not None and (abs(offset) > MAX_OFFSET or op not in ("==", "!=") and offset and not bound):
        return None
    return ir.TallyCond(left, right, offset, op, bound), ir.TallyCond(left, right, offset, ir.NEGATE[op], bound)


def tallied(prog: ir.CProgram, bases: Dict[str, int]) -> FrozenSet[str]:
    """The counters some :class:`~tvla.cfront.ir.TallyCond` of ``prog`` compares, and the
    counters copied into them; a test only where both sides have a base (``bases``: ``i = 1; ...
    i < len`` with i also set to 0 elsewhere: i's tally is never kept, and len's marks would only
    split cells)."""
    copies = _copies(prog, _counters(prog))
    found = {v for e in prog.edges if isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond)
             and decidable(e.stmt.cond, bases) for v in e.stmt.cond.counters()}
    while True:
        more = {s.src for s in copies if s.dst in found and s.src in bases} - found
        if not more:
            return frozenset(found)
        found |= more


def tally_groups(prog: ir.CProgram, counted: AbstractSet[str], bases: Dict[str, int]) -> Dict[str, Tuple[str, ...]]:
    """Each counter of ``counted`` joined to another by a test between them or a copy -> all the
    counters so joined (sorted).  A cell all of them counted may be dropped without losing their
    tallies: each then counts one cell fewer than its value, and the difference between any two of
    them stays the one their marks tell (``for (i = 0; i < len; i++)`` freeing the cells that
    ``len`` counted, each counted by ``i`` on the way)."""
    pairs = [(s.cond.left, s.cond.right) for s in (e.stmt for e in prog.edges) if isinstance(s, ir.Assume)
             and isinstance(s.cond, ir.TallyCond) and s.cond.right is not None and decidable(s.cond, bases)]
    pairs += [(s.src, s.dst) for s in _copies(prog, _counters(prog))]
    joined = UnionFind(counted)
    for a, b in pairs:
        if a in counted and b in counted:
            joined.union(a, b)
    return {k: tuple(sorted(g)) for g in joined.to_sets() if len(g) > 1 for k in g}


def decidable(c: ir.TallyCond, bases: Dict[str, int]) -> bool:
    """Can the marks decide ``c`` (both sides have a base; an order test: the same, and no offset
    unless it is a bound; against a constant: at most :data:`MAX_OFFSET` past the base)?"""
    if any(v not in bases for v in c.counters()):
        return False
    k = effective_offset(c, bases)
    if c.right is None:
        return 0 <= k <= MAX_OFFSET
    return abs(k) <= MAX_OFFSET and (k == 0 or c.op in ("==", "!=") or c.bound)


def effective_offset(c: ir.TallyCond, bases: Dict[str, int]) -> int:
    """k of ``|L| op |R| + k``, the marks' counts, for ``left op right + offset`` (R empty for
    a constant)."""
    return c.offset + (bases[c.right] if c.right is not None else 0) - bases[c.left]


def tally_bases(prog: ir.CProgram) -> Dict[str, int]:
    """The value each counter starts its count from: the one constant, 0 to :data:`MAX_OFFSET`,
    it is set to (or, for a copy, its source's); none for a counter set to two of them (``cnt =
    1`` after a head cell: cnt is 1 + the cells it marks; a counter set to b and b + 1 has the latter
    as ``k = b; k++`` by then, :func:`_head_counted`)."""
    counters = _counters(prog)
    starts = _starts(prog, counters)
    copies = _copies(prog, counters)
    changed = True
    while changed:
        changed = False
        for s in copies:
            if not starts[s.src] <= starts[s.dst]:
                starts[s.dst] |= starts[s.src]
                changed = True
    return {k: next(iter(v)) for k, v in starts.items() if len(v) == 1 and 0 <= next(iter(v)) <= MAX_OFFSET}


def _set_to(s: ir.Statement, counters: AbstractSet[str]) -> Optional[Tuple[str, int]]:
    """The counter and the constant ``s`` sets it to (``k = 1``), else None."""
    if isinstance(s, ir.Havoc) and s.var in counters and s.value is not None and not s.dead and not s.uninit:
        return s.var, s.value
    return None


def _starts(prog: ir.CProgram, counters: AbstractSet[str]) -> Dict[str, Set[int]]:
    """The constants each counter is set to."""
    starts: Dict[str, Set[int]] = {k: set() for k in counters}
    for s in (e.stmt for e in prog.edges):
        set_to = _set_to(s, counters)
        if set_to is not None:
            starts[set_to[0]].add(set_to[1])
    return starts


def _copies(prog: ir.CProgram, counters: Set[str]) -> List[ir.ShiftFlag]:
    """The statements ``dst = src`` between two counters."""
    return [s for s in (e.stmt for e in prog.edges) if isinstance(s, ir.ShiftFlag) and s.delta == 0
            and s.table is None and s.dst in counters and s.src in counters]


def _counters(prog: ir.CProgram) -> Set[str]:
    """The counters a tally may follow: of a type of 32 bits or more (a narrower one wraps around
    after a few hundred cells, and its count is no longer theirs)."""
    return {iv.name for iv in prog.ints if iv.other and iv.values and not iv.register
            and iv.range is not None and iv.range.bits >= 32 and not iv.range.boolean}


def tally_counters(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with a TallyCond before each side of every test between two counters and a Tally
    after every ``c += 1`` of a tallied counter (unchanged when no test compares counters)."""
    counters = _counters(prog)
    balanced = _balanced(prog, counters)
    fresh = ir.fresh_nodes(prog, "tally")
    edges: List[ir.Edge] = []
    for e in prog.edges:
        test = _counter_test(e.stmt, counters, balanced)
        edges += ir.chain(e, [ir.Assume(test), e.stmt], fresh) if test is not None else [e]
    prog = _head_counted(replace(prog, edges=tuple(edges)), counters, fresh)
    prog = ghost_bounds(prog, frozenset(counters), fresh, tally_bases(prog).keys())
    loops = ir.loops(prog.edges)   # _offsets_decided keeps the edges' ends: its loops are these
    prog = _offsets_decided(prog, loops)
    counted = tallied(prog, tally_bases(prog))
    if not counted:
        return prog
    temps = prog.temps
    into: Dict[str, List[ir.Edge]] = {}
    out_of: Dict[str, List[Tuple[int, ir.Edge]]] = {}
    for i, e in enumerate(prog.edges):
        into.setdefault(e.target, []).append(e)
        out_of.setdefault(e.source, []).append((i, e))
    steps: Dict[int, List[str]] = {}   # edge index of a step -> its candidates
    loads = _loads(prog.edges)
    ghosts: Dict[str, str] = {}        # a candidate advanced before the step -> the variable it left
    at_free: Set[str] = set()          # of those, the ones copied before each free of theirs too
    for i, e in enumerate(prog.edges):
        s = e.stmt
        if isinstance(s, ir.Step) and s.var in counted and s.delta in (1, -1):
            loop = loops.get(e.source)
            cands = _candidates(prog.edges, loop, temps, s.delta) or _before(e, into, temps)[:BACK_VARS]
            freed = _freed_before(e, into, temps)
            if s.delta > 0:   # ``free(t); freed++;``: the cell just freed is the one counted
                cands = freed + cands
            behind = _behind(prog.edges, out_of, i, s.delta, loop, cands, loads, temps, at_free) \
                if loop is not None else []
            for x in behind:
                ghosts.setdefault(x, ir.fresh_name(prog, f"{x}_left", ghosts.values()))
            # ``free(p); len--;``: the cell just freed is the one taken back, even before the cell a
            # walker left behind (the walk has not moved on yet)
            first = freed if s.delta < 0 else []
            steps[i] = first + [ghosts[x] for x in behind] + cands
    out: List[ir.Edge] = []
    for i, e in enumerate(prog.edges):
        s, walker = e.stmt, _advance(e.stmt, loads)
        if isinstance(s, ir.Step) and i in steps:
            out += ir.chain(e, [s, ir.Tally(s.var, tuple(dict.fromkeys(steps[i])), s.delta)], fresh)
        elif walker is not None and walker in ghosts:   # the cell it leaves, for the step after it
            out += ir.chain(e, [ir.AssignVar(ghosts[walker], walker), s], fresh)
        elif isinstance(s, ir.Free) and (s.var in temps or s.var in at_free) and s.var in ghosts:   # the cell it frees
            out += ir.chain(e, [ir.AssignVar(ghosts[s.var], s.var), s], fresh)
        else:
            out.append(e)
    made = tuple(ir.PointerVar(g, p.struct, "local", frame=p.frame, temp=True)
                 for p in prog.pointers for x, g in ghosts.items() if p.name == x)
    return replace(prog, edges=tuple(out), pointers=prog.pointers + made)


def _behind(edges: Sequence[ir.Edge], out_of: Dict[str, List[Tuple[int, ir.Edge]]], step: int, delta: int,
            loop: FrozenSet[str], cands: List[str], loads: AbstractSet[Tuple[str, str]], temps: AbstractSet[str],
            at_free: Set[str]) -> List[str]:
    """The variables whose cell, left behind or freed on the way around ``loop`` to edge ``step`` (a
    step by ``delta``), a copy keeps for that step (see the module docstring); those also copied
    before each of their frees are added to ``at_free``."""
    behind = _left_behind(edges, out_of, step, loop, cands, loads)
    if delta > 0:   # a cell made in the loop is counted, not the one left
        built = {t.dst for t in _inside(edges, loop) if isinstance(t, ir.Malloc)}
        behind = [x for x in behind if x not in built]
        # a walker freed on the way where it does not move on (``free(*h); *h = NULL;`` of the last
        # cell of a ring): the cell it frees there is the one to count
        freeing = [x for x in _left_behind(edges, out_of, step, loop, cands, loads, frees=True)
                   if x not in behind and x not in built]
        if not built:   # a loop that only frees (``for (i = len - 1; i >= 0; i--) remove_last(&l)``):
            # the cell it frees on the way taken is the one to count
            freeing += sorted({t.var for t in _inside(edges, loop) if isinstance(t, ir.Free)} - set(behind + freeing))
        at_free.update(x for x in freeing if x not in temps)
        return behind + freeing
    # a cell freed on some way around: it is the one to take back
    behind += [x for x in _freed_walks(edges, loop, loads) if x in cands and x not in behind]
    return behind + [x for x in _freed_temps(edges, loop, temps) if x not in behind]


def _head_counted(prog: ir.CProgram, counters: Set[str], fresh: Iterator[str]) -> ir.CProgram:
    """``k = b + 1`` of a counter a test between counters reads and that is otherwise set only to
    b (``cnt = 1`` after a head cell, ``cnt = 0`` where there is none) as ``k = b; k++``: the step
    marks a cell as every other does, and b is the counter's one base.  The values are the same."""
    tested = {v for e in prog.edges if isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond)
              for v in e.stmt.cond.counters()}
    base = {k: min(v) for k, v in _starts(prog, counters & tested).items()
            if len(v) == 2 and max(v) == min(v) + 1 and 0 <= min(v) < MAX_OFFSET}
    if not base:
        return prog
    edges: List[ir.Edge] = []
    for e in prog.edges:
        s, set_to = e.stmt, _set_to(e.stmt, base.keys())
        if isinstance(s, ir.Havoc) and set_to is not None and set_to[1] == base[s.var] + 1:
            edges += ir.chain(e, [replace(s, value=base[s.var]), ir.Step(s.var, 1)], fresh)
        else:
            edges.append(e)
    return replace(prog, edges=tuple(edges))


def _offsets_decided(prog: ir.CProgram, loops: Dict[str, FrozenSet[str]]) -> ir.CProgram:
    """``prog`` with the order tests between two counters that count cells made or freed marked
    ``bound``: their marks decide them with an offset too (``i = 1; ... i < len`` of a loop removing
    a cell per round).  A counter stepped in a loop that makes and frees nothing (the passes of a
    sort: ``for (i = 1; i < len; i++)``) marks whichever cell a walk left, and its tally would only
    split cells (a bubble sort's went past the time limit).  ``loops``: :func:`ir.loops` of ``prog``."""
    cells = {n for e in prog.edges if isinstance(e.stmt, (ir.Malloc, ir.Free)) and e.source in loops
             for n in loops[e.source]}   # the nodes of the loops that make or free a cell
    walked = {e.stmt.var for e in prog.edges if isinstance(e.stmt, ir.Step) and e.source in loops
              and e.source not in cells}

    def decided(s: ir.Statement) -> ir.Statement:
        c = s.cond if isinstance(s, ir.Assume) else None
        if isinstance(c, ir.TallyCond) and c.right is not None and c.op not in ("==", "!=") and \
                not c.bound and not walked & set(c.counters()):
            return ir.Assume(replace(c, bound=True))
        return s
    return replace(prog, edges=tuple(replace(e, stmt=decided(e.stmt)) for e in prog.edges))


def _advance(s: ir.Statement, loads: AbstractSet[Tuple[str, str]]) -> Optional[str]:
    """``p`` of ``p = p->f`` or of ``p = q`` where ``q = p->f`` is among ``loads`` (a walk's step,
    also as ``q = p->f; free(p); p = q``), else None."""
    if isinstance(s, ir.Load) and s.dst == s.src or isinstance(s, ir.AssignVar) and (s.src, s.dst) in loads:
        return s.dst
    return None


def _loads(edges: Sequence[ir.Edge]) -> Set[Tuple[str, str]]:
    """(q, p) of every ``q = p->f``."""
    return {(e.stmt.dst, e.stmt.src) for e in edges if isinstance(e.stmt, ir.Load)}


def _left_behind(edges: Sequence[ir.Edge], out_of: Dict[str, List[Tuple[int, ir.Edge]]], step: int,
                 loop: FrozenSet[str], cands: List[str], loads: AbstractSet[Tuple[str, str]],
                 frees: bool = False) -> List[str]:
    """The candidates that every way around ``loop`` from where it is entered to edge ``step``
    advances (``p = p->next`` before ``i++`` of a ``for`` header), or (``frees``) advances or frees:
    the cell to count is the one the walk left.  ``out_of``: the edges out of each node, with their
    indices."""
    entries = {e.target for e in edges if e.target in loop and e.source not in loop}
    out = []
    for x in cands:
        if not any(_advance(s, loads) == x for s in _inside(edges, loop)):
            continue
        seen, todo = set(entries), list(entries)
        while todo:
            for k, e in out_of.get(todo.pop(), []):
                left = _advance(e.stmt, loads) == x or frees and isinstance(e.stmt, ir.Free) and e.stmt.var == x
                if e.target in loop and e.target not in seen and k != step and not left:
                    seen.add(e.target)
                    todo.append(e.target)
        if edges[step].source not in seen:
            out.append(x)
    return out


def _freed_walks(edges: Sequence[ir.Edge], loop: FrozenSet[str], loads: AbstractSet[Tuple[str, str]]) -> List[str]:
    """The variables that some way around ``loop`` frees and advances (``n = head->next;
    free(head); head = n`` on one branch, the same from the tail on the other): before each
    advance the cell freed is kept for the ``c -= 1`` after it, which takes it back (dropped
    unreachable first, it would lose the tally); where another way was taken, the copy holds a
    cell taken back already, and the step goes on to the next candidate."""
    inside = _inside(edges, loop)
    freed = {s.var for s in inside if isinstance(s, ir.Free)}
    return sorted({x for x in (_advance(s, loads) for s in inside) if x is not None and x in freed})


def _freed_temps(edges: Sequence[ir.Edge], loop: FrozenSet[str], temps: AbstractSet[str]) -> List[str]:
    """The temporaries ``loop`` frees (``free(l->first); l->first = t; l->count--;``: the cell a
    field held, loaded into one): a copy made before the free keeps the cell for the ``c -= 1``
    after it, as for :func:`_freed_walks` (the temporary itself dies at once)."""
    return sorted({s.var for s in _inside(edges, loop) if isinstance(s, ir.Free) and s.var in temps})


def _inside(edges: Sequence[ir.Edge], loop: FrozenSet[str]) -> List[ir.Statement]:
    """The statements of the edges within ``loop`` (both ends in it)."""
    return [e.stmt for e in edges if e.source in loop and e.target in loop]


def _balanced(prog: ir.CProgram, counters: Set[str]) -> Set[str]:
    """The counters stepped both up and down by one (``len++`` per malloc, ``len--`` per free), or
    down by one from a copy of another counter (``for (i = len; i > 0; i--) p = p->next;``): where
    a test against a constant needs their cells; a counter that only goes up past the constants
    it keeps is left to its values."""
    steps: Dict[str, Set[int]] = {}
    for s in (e.stmt for e in prog.edges):
        if isinstance(s, ir.Step) and s.var in counters:
            steps.setdefault(s.var, set()).add(s.delta)
    copied = {s.dst for s in _copies(prog, counters)}
    return {k for k, ds in steps.items() if {1, -1} <= ds or k in copied and -1 in ds}


def _counter_test(s: ir.Statement, counters: Set[str], balanced: Set[str]) -> Optional[ir.TallyCond]:
    """The filter of an ``Assume(a op b)`` between two counters, or of a balanced counter and a
    constant, for its own branch."""
    c = s.cond if isinstance(s, ir.Assume) else None
    if not isinstance(c, ir.DataCond) or c.lfield is not None or c.right is not None:
        return None
    if c.left in counters and c.value in counters:
        pair = tally_test(c.left, str(c.value), 0, c.op)
    elif c.left in balanced and isinstance(c.value, int):
        pair = tally_test(c.left, None, c.value, c.op)
    else:
        return None
    return pair[0] if pair is not None else None


def _candidates(edges: Sequence[ir.Edge], loop: Optional[FrozenSet[str]], temps: AbstractSet[str],
                delta: int) -> List[str]:
    """The candidates among the pointer variables assigned in ``loop`` (None: not in a loop:
    none) for a step by ``delta``: the first nonempty group of the module docstring, by name."""
    if loop is None:
        return []
    inside = _inside(edges, loop)
    assigned = {s.dst for s in inside if isinstance(s, (ir.AssignVar, ir.Load, ir.Malloc))}
    tested = {s.cond.left for s in inside if isinstance(s, ir.Assume) and isinstance(s.cond, ir.PtrCond)
              and s.cond.right is None}
    made = {s.dst for s in inside if isinstance(s, ir.Malloc)}
    freed = {s.var for s in inside if isinstance(s, ir.Free)} if delta < 0 else set()
    # (each candidate stays live up to the step: few).  A cell malloc made in the loop follows the
    # variables tested there: a walk's variable may stand on a cell counted already, the new one not
    for groups in ((freed,), (tested, made), (assigned,)):
        found = list(dict.fromkeys(x for g in groups for x in sorted(g & assigned - temps)))
        if found:
            return found
    return []


def _freed_before(e: ir.Edge, into: Dict[str, List[ir.Edge]], temps: AbstractSet[str]) -> List[str]:
    """The variable ``free`` frees on the only edge into ``e``'s source, if any (not a temporary)."""
    edges = into.get(e.source, [])
    s = edges[0].stmt if len(edges) == 1 else None
    return [s.var] if isinstance(s, ir.Free) and s.var not in temps else []


def _before(e: ir.Edge, into: Dict[str, List[ir.Edge]], temps: AbstractSet[str], depth: int = BACK_STEPS) -> List[str]:
    """The pointer variables assigned or freed on the edges before ``e`` (at most ``depth`` back),
    nearest first, temporaries last."""
    seen: Dict[str, None] = {}
    frontier, visited = [e.source], {e.source}
    for _ in range(depth):
        step: List[str] = []
        for node in frontier:
            for p in into.get(node, []):
                s = p.stmt
                if isinstance(s, (ir.AssignVar, ir.Load, ir.Malloc)):
                    seen.setdefault(s.dst)
                elif isinstance(s, ir.Free):
                    seen.setdefault(s.var)
                if p.source not in visited:
                    visited.add(p.source)
                    step.append(p.source)
        frontier = step
    return sorted(seen, key=lambda x: x in temps)
