"""Ghost counters: a value chosen once is the count of the cells a loop made.

A loop whose test steps a counter ``k`` by one towards a value ``s`` leaves ``k`` at a known
distance from ``s`` where that test exits it: ``for (k = b; k < s; k++)`` leaves ``k == s`` when
``b <= s`` (``k != s`` too; ``k <= s`` leaves ``k == s + 1``), and ``for (k = s + d; k > c; k--)``
(``|d| <= 3``) leaves ``k == c`` when ``s + d >= c`` (``k >= c`` leaves ``c - 1``, ``k != c``
leaves ``c``).  That needs: every way into the loop enters at one node (the test, or the body of a ``do``, whose first
round steps ``k`` before any test: ``s`` one further from the start); inside it ``k`` is written
only by those steps, at most one between two passes of the test (counting down, exactly one);
``s`` is written nowhere after the loop (or the copy) is reached; and the least value ``s`` may
hold, read from its :class:`~tvla.cfront.ir.IntVar` (a flag's or a counter's values, whose
"another value" lies above them), is on the right side.

Such a loop gets a *ghost*, a counter of its own that tells ``s``: counting up, ``g = k`` on the
exit (``s == g`` there, or ``g - 1``); counting down, ``g = 0`` where the loop is entered (``k ==
s + d`` there) and ``g += 1`` where a round reaches the test (so ``g + k == s + d`` at the test and
``s == g + c - d`` at the exit; counting down to ``d`` + 1..3, the entry also steps ``g`` that many
times over the cells made before the loop, and ``s == g``).  :mod:`tvla.cfront.tallies` tallies the ghost as any
counter (``g += 1`` marks the cell the round made).  A tally filter
(:class:`~tvla.cfront.ir.TallyCond`) that compares ``s``, on an edge every path reaches through
that exit, where no way leads back from the exit to a write of the ghost, compares the ghost of
the last such loop passed instead: ``i < len`` after a list of ``len`` cells was made is decided
by the cells ``i`` and the ghost marked, as for a length counted up.  A loop counting down reads
its own test on its ghost too (``k op c`` is ``g op' s + d - c`` there, :func:`_mirror`): where
``s`` is the ghost of a loop passed before (or a counter with a base, tallied by its own marks), ``for (i = len - 1; i >= 0; i--) remove_last(&l);``
after a list of ``len`` cells was made stops where the rounds' ghost has counted as many cells as
the maker's (each round's ``g += 1`` marks the cell it freed).  The comparison itself stays as it
was: the filter only cuts executions where ``s`` is not what the loop left.
"""

from dataclasses import dataclass, replace
from typing import AbstractSet, Dict, FrozenSet, Iterator, List, Optional, Set, Tuple

from tvla.cfront import ir
from tvla.cfront.dataflow import forward_must
from tvla.cfront.liveness import int_uses_defs

__all__ = ["ghost_bounds"]

MAX_OFFSET = 3   # cells made before a loop counting down to 1..3 the ghost counts where it is entered
# the continuing test of a loop counting up to s -> how far past s the counter is at its exit
_UP_OPS = {"<": 0, "!=": 0, "<=": 1}
# the continuing test of a loop counting down to c -> the counter's value at its exit, from c
_DOWN_OPS = {">": 0, "!=": 0, ">=": -1}


@dataclass(frozen=True)
class _Loop:
    """A loop's test ``k op value`` at ``head``: the edges that continue it and that exit it; every
    way into the loop enters at ``entry`` (the test, or the body of a ``do``)."""

    head: str
    k: str
    op: str
    value: object
    stay: int   # index of the continuing edge
    exit: int   # index of the exiting edge
    nodes: FrozenSet[str]
    entry: str

    @property
    def first(self) -> int:
        """1 for a ``do`` loop, whose first round steps its counter before any test; else 0."""
        return int(self.entry != self.head)


@dataclass(frozen=True)
class _Ghost:
    """Ghost ``name`` of ``s``: ``s == name + offset`` after edge ``exit``; ``adds`` maps an edge
    index to the statements put after it."""

    name: str
    s: str
    offset: int
    exit: int
    adds: Tuple[Tuple[int, Tuple[ir.Statement, ...]], ...]
    var: ir.IntVar
    mirror: Tuple[Tuple[int, ir.TallyCond], ...] = ()   # the loop's own test, read on the ghost
    copied: FrozenSet[str] = frozenset()   # s and what it is a copy of, where the mirror reads it


def ghost_bounds(prog: ir.CProgram, counters: FrozenSet[str], fresh: Iterator[str],
                 counted: AbstractSet[str] = frozenset()) -> ir.CProgram:
    """``prog`` with a ghost for every loop of the module docstring whose ``s`` a tally filter
    compares, and those filters rewritten (unchanged when there is none); a loop counting down
    whose ``s`` is among ``counted`` (a counter with a base, whose own marks count it) has its test
    read on its ghost as it is."""
    filters = [(i, e.stmt.cond) for i, e in enumerate(prog.edges)
               if isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond)]
    compared = {v for _, c in filters for v in c.counters()}
    ints = {iv.name: iv for iv in prog.ints}
    graph = _Graph(prog)
    ghosts: List[_Ghost] = []
    for loop in _counting_loops(prog, counters, graph):
        ghost = _down(prog, loop, ints, graph, compared, counters, [g.name for g in ghosts]) \
            or _up(prog, loop, ints, graph, compared, [g.name for g in ghosts])
        if ghost is not None:
            ghosts.append(ghost)
    mirrors = [m for g in ghosts for m in g.mirror]
    names = {i: g.copied for g in ghosts for i, _ in g.mirror}
    rewritten = _rewrites(prog, filters + mirrors, ghosts, graph, names)
    rewritten.update((i, c) for i, c in mirrors if i not in rewritten and c.right in counted)
    if not rewritten:
        return prog
    used = [g for g in ghosts if any(g.name in c.counters() for c in rewritten.values())]
    adds: Dict[int, List[ir.Statement]] = {}
    for g in used:
        for i, stmts in g.adds:
            adds.setdefault(i, []).extend(stmts)
    tests = {i for i, _ in mirrors}   # a test read on its ghost: the filter goes before it
    edges: List[ir.Edge] = []
    for i, e in enumerate(prog.edges):
        first = [ir.Assume(rewritten[i])] if i in tests and i in rewritten else []
        e = replace(e, stmt=ir.Assume(rewritten[i])) if i in rewritten and i not in tests else e
        chained: List[ir.Statement] = first + [e.stmt] + adds.get(i, [])
        edges += ir.chain(e, chained, fresh) if len(chained) > 1 else [e]
    return replace(prog, edges=tuple(edges), ints=prog.ints + tuple(g.var for g in used))


class _Graph:
    """The CFG's edges out of each node, with their indices, and the writes of each int variable."""

    def __init__(self, prog: ir.CProgram) -> None:
        self.prog = prog
        self.out: Dict[str, List[Tuple[int, ir.Edge]]] = {}
        self.writes: Dict[str, List[int]] = {}
        for i, e in enumerate(prog.edges):
            self.out.setdefault(e.source, []).append((i, e))
            for v in int_uses_defs(e.stmt)[1]:
                self.writes.setdefault(v, []).append(i)
        self.loops = ir.loops(prog.edges)
        self._entries: Dict[FrozenSet[str], FrozenSet[str]] = {}
        self._constants: Optional[Dict[str, FrozenSet[Tuple[str, int]]]] = None

    def constants(self) -> Dict[str, FrozenSet[Tuple[str, int]]]:
        """The facts ``(v, c)``, int variable v holds c, at each node (found once, when first asked)."""
        if self._constants is None:
            self._constants = forward_must(self.prog, _constants)
        return self._constants

    def entries(self, nodes: FrozenSet[str]) -> FrozenSet[str]:
        """The nodes of the loop ``nodes`` (a component of :attr:`loops`) an edge from outside enters."""
        if nodes not in self._entries:
            self._entries[nodes] = frozenset(e.target for e in self.prog.edges
                                             if e.target in nodes and e.source not in nodes)
        return self._entries[nodes]

    def branch(self, i: int) -> Tuple[int, ir.Edge]:
        """The edge a branch out of a node tests on: edge ``i``, or past the tally filters
        :mod:`tvla.cfront.tallies` put before the test."""
        e = self.prog.edges[i]
        while isinstance(e.stmt, ir.Assume) and isinstance(e.stmt.cond, ir.TallyCond) and len(self.out.get(e.target, ())) == 1:
            i, e = self.out[e.target][0]
        return i, e

    def reach(self, starts: List[str], without: int = -1) -> Set[str]:
        """The nodes some path from ``starts`` reaches (``without`` that edge)."""
        seen, todo = set(starts), list(starts)
        while todo:
            for i, e in self.out.get(todo.pop(), ()):
                if i != without and e.target not in seen:
                    seen.add(e.target)
                    todo.append(e.target)
        return seen

    def written_from(self, var: str, starts: List[str]) -> bool:
        """Is ``var`` written on an edge some path from ``starts`` takes?"""
        nodes = self.reach(starts)
        return any(self.prog.edges[i].source in nodes for i in self.writes.get(var, ()))


def _counting_loops(prog: ir.CProgram, counters: FrozenSet[str], graph: _Graph) -> Iterator[_Loop]:
    """The loop tests ``k op value`` of a counter ``k``: two edges out of a node of a loop, one
    test and its negation, one staying in the loop and the other leaving it."""
    for head, nodes in sorted(graph.loops.items()):
        outs = [graph.branch(i) for i, _ in graph.out.get(head, [])]
        tests = [_plain_test(e.stmt) for _, e in outs]
        if len(outs) != 2:
            continue
        (i, a), (j, b) = outs
        ca, cb = tests
        if ca is None or cb is None or (ca.left, ca.value, ir.NEGATE[ca.op]) != (cb.left, cb.value, cb.op) \
                or ca.left not in counters:
            continue
        inside = [e.target in nodes for e in (a, b)]
        entries = graph.entries(nodes)
        if len(entries) != 1:
            continue
        if inside == [True, False]:
            yield _Loop(head, ca.left, ca.op, ca.value, i, j, nodes, min(entries))
        elif inside == [False, True]:
            yield _Loop(head, cb.left, cb.op, cb.value, j, i, nodes, min(entries))


def _plain_test(s: ir.Statement) -> Optional[ir.DataCond]:
    """The test of ``s`` when it tests an int variable against a constant or another int variable."""
    c = s.cond if isinstance(s, ir.Assume) else None
    ok = isinstance(c, ir.DataCond) and c.lfield is None and c.right is None and c.value is not None
    return c if ok else None   # type: ignore[return-value]


def _copy(s: ir.Statement) -> Optional[ir.ShiftFlag]:
    """``s`` when it is a copy ``dst = src + d`` of an int variable (``|d|`` at most :data:`MAX_OFFSET`)."""
    return s if isinstance(s, ir.ShiftFlag) and abs(s.delta) <= MAX_OFFSET and s.table is None else None


def _steps_once(prog: ir.CProgram, loop: _Loop, graph: _Graph, delta: int, each: bool = False) -> Optional[List[int]]:
    """The edges of ``loop`` that write its counter, when each is a step by ``delta`` and no way from
    a step meets another before the test (``each``: nor a way from the loop's entry or the test back
    to it misses them); else None."""
    steps = [i for i in graph.writes.get(loop.k, ()) if prog.edges[i].source in loop.nodes]
    if not steps or any(prog.edges[i].stmt != ir.Step(loop.k, delta) for i in steps):
        return None
    starts = [prog.edges[i].target for i in steps]
    rounds = [prog.edges[loop.stay].target] + ([loop.entry] if loop.first else [])
    if any(_meets(graph, [t], steps, loop.head) for t in starts) or \
            each and any(loop.head in _meets(graph, [r], steps, loop.head, within=True) for r in rounds):
        return None
    return steps


def _meets(graph: _Graph, starts: List[str], steps: List[int], head: str, within: bool = False) -> Set[str]:
    """Where ways from ``starts`` that do not go on from ``head`` lead before a step: the nodes
    (``within``: none of the steps taken), or (not ``within``) the sources of the steps met."""
    seen, todo, met = set(starts), list(starts), set()
    while todo:
        node = todo.pop()
        if node == head:
            continue
        for j, e in graph.out.get(node, ()):
            if j in steps:
                met.add(e.source)
            elif e.target not in seen:
                seen.add(e.target)
                todo.append(e.target)
    return seen if within else met


def _least(iv: Optional[ir.IntVar]) -> Optional[int]:
    """The least value an int variable may hold: of a flag's values, or of a counter's whose other
    values all lie above them (None: not known)."""
    if iv is None or not iv.values or iv.ordered or iv.spare is not None or iv.other and iv.beyond <= 0:
        return None
    return min(iv.values)


def _down(prog: ir.CProgram, loop: _Loop, ints: Dict[str, ir.IntVar], graph: _Graph, compared: Set[str],
          counters: FrozenSet[str], taken: List[str]) -> Optional[_Ghost]:
    """The ghost of ``for (k = s + d; k > c; k--)`` (see the module docstring), or None."""
    if loop.op not in _DOWN_OPS or not isinstance(loop.value, int):
        return None
    end = loop.value + _DOWN_OPS[loop.op]
    writes = graph.writes.get(loop.k, [])
    copies = [i for i in writes if _copy(prog.edges[i].stmt) is not None and prog.edges[i].source not in graph.loops]
    steps = _steps_once(prog, loop, graph, -1, each=True)
    if len(copies) != 1 or steps is None or loop.entry in graph.reach([prog.entry], copies[0]):
        return None
    copy = copies[0]   # every way into the loop passes it
    shift = _copy(prog.edges[copy].stmt)
    assert shift is not None   # copies holds only those
    s, d = shift.src, shift.delta
    least = _least(ints.get(s))
    after = [prog.edges[copy].target]
    if s not in compared and s not in counters or least is None or least + d < end + loop.first or \
            graph.written_from(s, after):
        return None
    before_exit = graph.reach(after, loop.exit)   # past the exit, writes of k change k only
    past_exit = graph.reach([prog.edges[loop.exit].target])
    if any(prog.edges[i].source in before_exit for i in writes if i != copy and i not in steps) or \
            any(prog.edges[i].source in past_exit for i in [copy] + steps):
        return None
    name = ir.fresh_name(prog, f"{s}_ghost", taken)
    var = ir.IntVar(name, (0,), other=True, range=ir.IntRange(32, True), beyond=1)
    # set where the loop is entered (k is s + d there), counting the cells made before it when it
    # counts down to d + 1..3 (``last = create(); while (len > 1)``), so that s is the ghost itself;
    # each round's end counts one, after the cell a ``while (k--)`` makes past its step
    before = end - d if 0 < end - d <= MAX_OFFSET else 0
    start = (ir.Havoc(name, 0),) + (ir.Step(name, 1),) * before
    adds = tuple((i, start if e.source not in loop.nodes else (ir.Step(name, 1),)) for i, e in enumerate(prog.edges)
                 if e.target == loop.entry and e.source not in loop.nodes or e.target == loop.head and e.source in loop.nodes)
    return _Ghost(name, s, end - d - before, loop.exit, adds, var, _mirror(loop, name, s, d + before),
                  _copied(prog, graph, s, copy))


def _copied(prog: ir.CProgram, graph: _Graph, s: str, read: int) -> FrozenSet[str]:
    """``s`` and the variables it is a copy of at edge ``read`` (``n`` of an inlined ``remove_n(&l,
    len)`` is len): each written only by one copy ``v = t``, outside loops, that every way to the
    read passes, and ``t`` written nowhere after it."""
    names = [s]
    while True:
        writes = graph.writes.get(names[-1], [])
        copy = _copy(prog.edges[writes[0]].stmt) if len(writes) == 1 else None
        if copy is None or copy.delta or copy.src in names or prog.edges[writes[0]].source in graph.loops or \
                prog.edges[read].source in graph.reach([prog.entry], writes[0]) or \
                graph.written_from(copy.src, [prog.edges[writes[0]].target]):
            return frozenset(names)
        names.append(copy.src)
        read = writes[0]


def _mirror(loop: _Loop, name: str, s: str, shift: int) -> Tuple[Tuple[int, ir.TallyCond], ...]:
    """The filters of the branches of a loop's test ``k op c`` counting down, read on its ghost
    ``name``: ``k == s + shift - name`` at the test, so ``k > c`` is ``name < s + shift - c``."""
    op, offset = ir.FLIP[loop.op], shift - int(loop.value)   # type: ignore[call-overload]
    if op == "<=":   # as ``<``, the order test a tally decides
        op, offset = "<", offset + 1
    stay = ir.TallyCond(name, s, offset, op)
    return (loop.stay, stay), (loop.exit, replace(stay, op=ir.NEGATE[op]))


def _up(prog: ir.CProgram, loop: _Loop, ints: Dict[str, ir.IntVar], graph: _Graph, compared: Set[str],
        taken: List[str]) -> Optional[_Ghost]:
    """The ghost of ``for (k = b; k < s; k++)`` (see the module docstring), or None."""
    s = loop.value
    if loop.op not in _UP_OPS or not isinstance(s, str) or s not in compared or s == loop.k:
        return None
    least = _least(ints.get(s))
    past = _UP_OPS[loop.op]
    if least is None or _steps_once(prog, loop, graph, 1) is None or graph.written_from(s, [loop.entry]):
        return None
    starts = _entry_values(prog, loop, graph)
    if not starts or max(starts) + loop.first > least + past:
        return None
    k = ints[loop.k]
    name = ir.fresh_name(prog, f"{s}_ghost", taken)
    var = replace(k, name=name)
    return _Ghost(name, s, -past, loop.exit, ((loop.exit, (ir.ShiftFlag(name, loop.k, 0),)),), var)


def _entry_values(prog: ir.CProgram, loop: _Loop, graph: _Graph) -> Optional[Set[int]]:
    """The constants the counter holds on the edges into ``loop`` (None: one of them holds none)."""
    facts = graph.constants()
    values: Set[int] = set()
    for e in prog.edges:
        if e.target == loop.entry and e.source not in loop.nodes:
            held = {v for var, v in _constants(facts.get(e.source, frozenset()), e.stmt) if var == loop.k}
            if len(held) != 1:
                return None
            values |= held
    return values


def _constants(facts: FrozenSet[Tuple[str, int]], stmt: ir.Statement) -> FrozenSet[Tuple[str, int]]:
    """Transfer of the facts ``(v, c)``: int variable v holds c."""
    written = int_uses_defs(stmt)[1]
    if not written:
        return facts
    kept = {f for f in facts if f[0] not in written}
    if isinstance(stmt, ir.Havoc) and stmt.value is not None and not stmt.uninit and not stmt.dead:
        kept.add((stmt.var, stmt.value))
    elif isinstance(stmt, ir.ShiftFlag) and stmt.table is None:
        kept |= {(stmt.dst, v + stmt.delta) for var, v in facts if var == stmt.src}
    return frozenset(kept)


def _rewrites(prog: ir.CProgram, filters: List[Tuple[int, ir.TallyCond]], ghosts: List[_Ghost],
              graph: _Graph, names: Dict[int, FrozenSet[str]]) -> Dict[int, ir.TallyCond]:
    """The tally ``filters`` (edge index, test) that compare a ghost instead of its ``s``, by edge
    index: of the loops whose exit every path to the filter passes, the last one passed (the others'
    exits come before its).  ``names``: what a filter's ``s`` stands for, where more than itself."""
    nodes = {n for x in prog.edges for n in (x.source, x.target)}
    out: Dict[int, ir.TallyCond] = {}
    chosen: Dict[int, _Ghost] = {}
    behind: Dict[str, Set[str]] = {}   # a ghost's name -> the nodes no path reaches without its exit
    reads = {i: names.get(i, frozenset(c.counters())) for i, c in filters}
    for g in ghosts:
        if not any(g.s in r for r in reads.values()):
            continue
        behind[g.name] = nodes - graph.reach([prog.entry], g.exit)
        for i, c in filters:
            if g.s in reads[i] and prog.edges[i].source in behind[g.name] and \
                    (i not in chosen or prog.edges[g.exit].source in behind[chosen[i].name]):
                chosen[i], out[i] = g, _through(c, g)
    return out


def _through(c: ir.TallyCond, g: _Ghost) -> ir.TallyCond:
    """``c`` with ``s`` read as ``g + offset``."""
    if c.left == g.s:   # s op x + k  is  g op x + (k - offset)
        return replace(c, left=g.name, offset=c.offset - g.offset)
    return replace(c, right=g.name, offset=c.offset + g.offset)
