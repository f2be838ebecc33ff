"""Liveness of pointer variables over a :class:`~tvla.cfront.ir.CProgram`'s CFG, and the ``Kill`` edges it implies.

The rule.  A pointer variable is *live* at a node when some path from there
reads it (a dereference, a copy, a comparison, ``free``) before writing it.
For each edge ``u -> v`` (not into ``exit`` or ``error``, where execution
stops), every callee-scope variable (a callee's local, parameter or return
temporary, and the temporaries of the lowering: scope ``local``) that is live
at ``u`` or written by the edge, but not live at ``v``, dies on that edge:
``Kill(var, scope_end=True)`` edges for it are inserted right after it (same
position and text).  After its last use it can never be read again, and at
the latest it goes out of scope when the callee returns, so a cell only it
reached is lost: a leak (valid-memtrack), reported where the variable died.
So a temporary dies right after its single use.

A global or a local of ``main`` stays in scope until the program ends: it
dies (``Kill(var)``: a cell only it reached is lost when it is overwritten,
reported there) where every path on from there overwrites it
before the end (:func:`overwritten`), so a cell only it reaches is lost on
every such path; and (``Kill(var, final=True)``) where no path on from there
reads or writes it (:func:`_touches`), unless its last use copies it into
another variable (a walk from the copy is kept apart from the cells behind
it by reachability from the original): a cell only it reached then stays
allocated to the end, memcleanup's business, not valid-memtrack's.  The
cursors of a loop that builds a structure so die where it ends.  Such a kill
loses more than C: a cell another variable also reaches is lost when that one
dies, though the dead one still points to it (``tvla verify`` decides
memsafety without these kills when that run reports such a loss).
Elsewhere it is kept, and what it still reaches at the end is memcleanup's.

No global or local of ``main`` dies on an edge into a node from which the
program only goes on to its end (``exit``, ``abort()``, ``reach_error()``,
return from ``main``, through conditions and no-ops): a cell still pointed
to when the program stops is not lost (memcleanup, not valid-memtrack,
speaks about it).  Nor does a variable of an inlined call when every way on
stops the program inside that call (``exit()``, ``abort()`` or
``reach_error()`` with the call's frame active: ``Exit.frames``); but it does
die before an end reached after the call returned: ``f(); return 0;`` or
``f(); exit(0);`` loses what only ``f``'s local held, and ``if (mk() ==
NULL) abort();`` the cell ``mk`` returned.  When only some ways on stop the
program inside the call, it dies where the call returns (:class:`FrameEnds`).
(Temporaries of ``main`` die before a return from ``main`` too.)  Nor does a variable in scope in every
loop forever the program may only go on to (:func:`held_at`: an
``ir.Spin`` names the calls active in it): a program that spins loses nothing.

A variable that dies as the source of ``dst = src`` or ``dst->f = src`` is
nulled by that statement (``moved``) rather than by a ``Kill`` after it: its
cells stay reachable from ``dst``, so nothing is lost and nothing is collected.
No ``Kill`` is inserted for a variable that every path from the edge
overwrites without reading it first, by the next statement or the one after the
tests on the way (``s->next = t; s = c;``, ``c = malloc(...)``, the walk's ``p``
in ``while (p->next) p = p->next;``: :func:`overwritten_next`): that write
drops the cells only the old value reached, and reports them, as the ``Kill``
would have, one action fewer on every structure there.

Variables in ``keep`` (e.g. the list of a ``sorted(x)`` property, read when
``main`` returns) are never killed.  ``Kill`` edges already present are
writes, never reads.
"""

from dataclasses import replace
from typing import Callable, Dict, FrozenSet, List, Optional, Set, Tuple, TypeVar, Union

from tvla.cfront import ir

T = TypeVar("T")

__all__ = ["held_at", "drop_spins", "uses_defs", "int_uses_defs", "live_at", "ints_live_at", "ints_live_at_entry",
           "read_uninitialised", "ending_nodes", "overwritten", "insert_kills", "forget_dead_flags", "FrameEnds"]


def uses_defs(stmt: ir.Statement) -> Tuple[Set[str], Set[str]]:
    """The pointer variables a statement reads and those it writes."""
    if isinstance(stmt, (ir.AssignNull, ir.Malloc, ir.Kill)):
        return set(), {stmt.dst if not isinstance(stmt, ir.Kill) else stmt.var}
    if isinstance(stmt, ir.AssignVar):
        return {stmt.src}, {stmt.dst} | ({stmt.src} if stmt.moved else set())
    if isinstance(stmt, ir.Load):
        return {stmt.src}, {stmt.dst}
    if isinstance(stmt, ir.StoreNull):
        return {stmt.dst}, set()
    if isinstance(stmt, ir.Store):
        return {stmt.dst, stmt.src}, {stmt.src} if stmt.moved else set()
    if isinstance(stmt, ir.Free):
        return {stmt.var}, set()
    if isinstance(stmt, (ir.SetData, ir.Deref, ir.Forget)):
        return {stmt.var}, set()
    if isinstance(stmt, ir.LoadData):   # dst is an int variable
        return {stmt.src}, set()
    if isinstance(stmt, (ir.CopyData, ir.SwapData)):
        return {stmt.dst, stmt.src}, set()
    if isinstance(stmt, ir.Assume):
        return _cond_uses(stmt.cond), set()
    if isinstance(stmt, ir.Tally):   # not a read of C, but what the candidates point to must stay
        return set(stmt.vars), set()
    if isinstance(stmt, ir.LinkRead):   # (expanded before liveness; read by the reuse of loads)
        return {stmt.cell}, {stmt.dst}
    if isinstance(stmt, ir.LinkWrite):
        return {stmt.cell} | ({stmt.src} if stmt.src else set()), set()
    if isinstance(stmt, ir.LinkCopy):
        return {stmt.src_cell}, {stmt.dst_cell}
    return set(), set()


def int_uses_defs(stmt: ir.Statement) -> Tuple[Set[str], Set[str]]:
    """The kept int variables (:class:`~tvla.cfront.ir.IntVar`) a statement reads and those it writes."""
    if isinstance(stmt, (ir.Havoc, ir.LoadData)):
        return set(), {stmt.var if isinstance(stmt, ir.Havoc) else stmt.dst}
    if isinstance(stmt, ir.CopyInt):
        return ({stmt.value} if isinstance(stmt.value, str) else set()), {stmt.dst}
    if isinstance(stmt, ir.Step):
        return {stmt.var}, {stmt.var}
    if isinstance(stmt, ir.ShiftFlag):
        return {stmt.src}, {stmt.dst}
    if isinstance(stmt, ir.SetData):
        return ({stmt.value} if isinstance(stmt.value, str) else set()), set()
    if isinstance(stmt, ir.Tally):
        return {stmt.counter}, set()
    if isinstance(stmt, ir.LinkCopy):
        return {stmt.src_at}, {stmt.dst_at}
    if isinstance(stmt, ir.Assume) and isinstance(stmt.cond, ir.TallyCond):
        return set(stmt.cond.counters()), set()
    if isinstance(stmt, ir.Assume) and isinstance(stmt.cond, ir.DataCond):
        c = stmt.cond
        return ({c.left} if c.lfield is None else set()) | ({c.value} if isinstance(c.value, str) else set()), set()
    return set(), set()


def _cond_uses(cond: Union[ir.PtrCond, ir.HeadCond, ir.DataCond, ir.TallyCond]) -> Set[str]:
    if isinstance(cond, ir.TallyCond):   # counters only
        return set()
    if isinstance(cond, ir.HeadCond):
        return {cond.var}
    if isinstance(cond, ir.PtrCond):
        return {v for v in (cond.left, cond.right) if v is not None}
    if cond.lfield is None:   # a kept int variable: no pointer read
        return {cond.right} if cond.right is not None else set()
    return {v for v in (cond.left, cond.right) if v is not None}


def _edges_around(prog: ir.CProgram) -> Tuple[List[str], Dict[str, List[ir.Edge]], Dict[str, List[ir.Edge]]]:
    """The nodes (in the order the edges name them), the edges out of each node and those into it."""
    nodes: Dict[str, None] = {}
    out_edges: Dict[str, List[ir.Edge]] = {}
    in_edges: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        nodes.setdefault(e.source)
        nodes.setdefault(e.target)
        out_edges.setdefault(e.source, []).append(e)
        in_edges.setdefault(e.target, []).append(e)
    return list(nodes), out_edges, in_edges


def _solve(nodes: List[str], in_edges: Dict[str, List[ir.Edge]], start: Dict[str, T],
           step: Callable[[str], T]) -> Dict[str, T]:
    """The fixpoint of ``value[n] = step(n)`` from ``start``, by a worklist: a node whose value changes
    puts the sources of its in-edges back on it (each loop is not one more round over every node,
    which was quadratic in the nesting of loops).  ``step`` reads the values from the dict returned."""
    value = start
    todo, queued = list(nodes), set(nodes)   # popped from the end: the last nodes first (a backward flow)
    while todo:
        n = todo.pop()
        queued.discard(n)
        new = step(n)
        if new != value[n]:
            value[n] = new
            for e in in_edges.get(n, ()):
                if e.source not in queued:
                    queued.add(e.source)
                    todo.append(e.source)
    return value


def _live(prog: ir.CProgram, names: FrozenSet[str],
          reads_writes: Callable[[ir.Statement], Tuple[Set[str], Set[str]]]) -> Dict[str, FrozenSet[str]]:
    """The variables of ``names`` live at every node (backward least fixpoint over the CFG), with
    ``reads_writes`` giving what a statement reads and writes."""
    nodes, out_edges, in_edges = _edges_around(prog)
    flow = {n: [(frozenset(u) & names, frozenset(d), e.target) for e in out_edges.get(n, ())
                for u, d in [reads_writes(e.stmt)]] for n in nodes}
    live: Dict[str, FrozenSet[str]] = {n: frozenset() for n in nodes}

    def step(n: str) -> FrozenSet[str]:
        return frozenset().union(*(uses | ((live[t] - defs) & names) for uses, defs, t in flow[n]))
    return _solve(nodes, in_edges, live, step)


def live_at(prog: ir.CProgram) -> Dict[str, FrozenSet[str]]:
    """The live pointer variables at every node."""
    return _live(prog, frozenset(p.name for p in prog.pointers), uses_defs)


def ints_live_at(prog: ir.CProgram) -> Dict[str, FrozenSet[str]]:
    """The kept int variables live at every node: some path from there reads them before writing."""
    return _live(prog, frozenset(iv.name for iv in prog.ints), int_uses_defs)


def ints_live_at_entry(prog: ir.CProgram) -> FrozenSet[str]:
    """The kept int variables some path from the entry reads before writing: the others' first
    values never matter (every path writes them first)."""
    return ints_live_at(prog).get(prog.entry, frozenset())


def read_uninitialised(prog: ir.CProgram) -> ir.CProgram:
    """The program where a flag (an int variable of a few values) that some path reads before
    writing after its declaration without an initializer may also hold another value, as a counter
    does: its value there is indeterminate, not one of the values the program gives it (nor
    above or below them, for a counter whose other values otherwise are).  A
    symbolic variable (a value chosen once) read there is unsupported: it would be two values."""
    live = ints_live_at(prog)
    read = {e.stmt.var: e.pos for e in prog.edges
            if isinstance(e.stmt, ir.Havoc) and e.stmt.uninit and e.stmt.var in live.get(e.target, ())}
    widened = [iv.name for iv in prog.ints if iv.name in read and iv.values and not iv.register
               and (not iv.other or iv.beyond)]
    ints = tuple(replace(iv, other=True, beyond=0) if iv.name in widened else iv for iv in prog.ints)
    problems = tuple((read[iv.name], f"int variable {iv.name} may be read before it is written")
                     for iv in prog.ints if iv.name in read and not iv.values and not iv.register)
    if not widened and not problems:
        return prog
    return replace(prog, ints=ints, unsupported=prog.unsupported + problems)


NEUTRAL = (ir.Assume, ir.Nop, ir.Havoc, ir.CopyInt, ir.Step, ir.ShiftFlag, ir.Tally, ir.ReachError, ir.Exit)


def ending_nodes(prog: ir.CProgram, main_return: bool = True, frame: Optional[int] = None) -> FrozenSet[str]:
    """The nodes from which every path goes straight to the end: ``exit``, ``error``, and those
    whose every edge is a condition, a no-op, a havoc or a termination into such a node (not the
    return from ``main`` unless ``main_return``; with a ``frame``, only a termination inside that
    inlined call)."""
    nodes, out_edges, in_edges = _edges_around(prog)
    ends = (prog.exit, prog.error)
    ending: Dict[str, bool] = {n: n in ends for n in nodes}

    def neutral(s: ir.Statement) -> bool:
        if isinstance(s, (ir.Exit, ir.ReachError)) and frame is not None:
            return frame in s.frames
        return isinstance(s, NEUTRAL) and (main_return or not (isinstance(s, ir.Exit) and s.how == "return"))

    def step(n: str) -> bool:
        es = out_edges.get(n)
        return n in ends or bool(es) and all(neutral(e.stmt) and ending[e.target] for e in es or ())
    done = _solve(nodes, in_edges, ending, step)
    return frozenset(n for n, v in done.items() if v) | frozenset(ends)


def held_at(prog: ir.CProgram) -> Dict[str, FrozenSet[str]]:
    """Per node from which the program can only go on to spin (it reaches no end, and some
    :class:`~tvla.cfront.ir.Spin`), the pointer variables in scope in every loop it may spin in:
    the globals, ``main``'s, and the locals of the calls active in each (``Spin.frames``), a local
    that coalescing made of the locals of several calls where one of them is."""
    nodes, out_edges, in_edges = _edges_around(prog)
    ending = ir.leading_to(prog.edges, (prog.exit, prog.error))
    stuck = [n for n in nodes if n not in ending]
    frames: Dict[str, Optional[FrozenSet[int]]] = {n: None for n in stuck}   # None: no Spin seen (yet)

    def step(n: str) -> Optional[FrozenSet[int]]:
        seen = [e.stmt.frames if isinstance(e.stmt, ir.Spin) else frames[e.target] for e in out_edges.get(n, ())]
        known = [f for f in seen if f is not None]
        return frozenset.intersection(*known) if known else None
    frames = _solve(stuck, {n: [e for e in es if e.source in frames] for n, es in in_edges.items()}, frames, step)
    return {n: frozenset(p.name for p in prog.pointers if p.scope != "local" or p.frame in f or p.calls & f)
            for n, f in frames.items() if f is not None}


def drop_spins(prog: ir.CProgram) -> ir.CProgram:
    """The program without its :class:`~tvla.cfront.ir.Spin` edges (read by the liveness pass only)."""
    return replace(prog, edges=tuple(e for e in prog.edges if not isinstance(e.stmt, ir.Spin)))


def overwritten(prog: ir.CProgram, among: Optional[FrozenSet[str]] = None,
                spinning: FrozenSet[str] = frozenset()) -> Dict[str, FrozenSet[str]]:
    """Per node, the pointer variables (of ``among``; default: all) every path from it writes before
    the program ends (a greatest fixpoint: a path that never ends counts as writing, unless it
    spins: none at the nodes ``spinning``, where the program only goes on to loop forever)."""
    pointers = frozenset(p.name for p in prog.pointers) if among is None else among
    nodes, out_edges, in_edges = _edges_around(prog)
    writes = {id(e): frozenset(uses_defs(e.stmt)[1]) for e in prog.edges}
    must: Dict[str, FrozenSet[str]] = {n: (pointers if out_edges.get(n) and n not in spinning else frozenset())
                                       for n in nodes}

    def step(n: str) -> FrozenSet[str]:
        if n in spinning:
            return frozenset()
        new = pointers if out_edges.get(n) else frozenset()
        for e in out_edges.get(n, ()):
            new = new & (writes[id(e)] | must[e.target])
        return new
    return _solve(nodes, in_edges, must, step)


OVERWRITES = (ir.AssignNull, ir.AssignVar, ir.Load, ir.Malloc)
"""The writes of a pointer variable that drop the cells only its old value reached, reporting
those not freed (valid-memtrack), as its ``Kill`` would."""


def overwritten_next(prog: ir.CProgram, ints: bool = False) -> Dict[str, FrozenSet[str]]:
    """Per node, the pointer variables that every path from it overwrites without reading them
    first, by its next statement or the one after the tests (``Assume``, ``Nop``) on the way: a
    variable dying on an edge into the node needs no ``Kill``, that statement loses its cells.
    ``ints``: the kept int variables written so (by any statement: an int leaves nothing behind)."""
    outs: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        outs.setdefault(e.source, []).append(e)
    rw = int_uses_defs if ints else uses_defs
    found: Dict[str, FrozenSet[str]] = {}

    def over(node: str) -> FrozenSet[str]:
        if node in found:
            return found[node]
        found[node] = frozenset()   # a cycle of tests overwrites nothing
        written = []
        for e in outs.get(node, ()):
            uses, defs = rw(e.stmt)
            w = defs - uses if ints or isinstance(e.stmt, OVERWRITES) else set()
            if isinstance(e.stmt, (ir.Assume, ir.Nop)):
                w |= over(e.target) - uses
            written.append(w)
        found[node] = frozenset(set.intersection(*written)) if written else frozenset()
        return found[node]
    for node in outs:
        over(node)
    return found


def insert_kills(prog: ir.CProgram, keep: FrozenSet[str] = frozenset(), final_kills: bool = True) -> ir.CProgram:
    """The program with a chain of ``Kill`` edges after every edge on which variables die (see above);
    ``final_kills``: also where a global or ``main``'s local is never used again."""
    scope = {p.name: p.scope for p in prog.pointers}
    local = frozenset(v for v, sc in scope.items() if sc == "local")
    # a local dies wherever it is dead: only the others need the (costly) overwritten sets
    held = held_at(prog)   # where the program only goes on to spin: the pointers still in scope
    live, ending = live_at(prog), ending_nodes(prog)
    must = overwritten(prog, frozenset(scope) - local, frozenset(held))
    frame = {p.name: p.frame for p in prog.pointers}
    in_scope: Dict[int, FrozenSet[str]] = {}   # per inlined call (0: main), where the program stops inside it

    def stays(v: str, node: str) -> bool:
        """Is ``v`` in scope wherever the program stops on from ``node``?"""
        k = frame.get(v, 0)
        if k not in in_scope:
            in_scope[k] = ending_nodes(prog, main_return=False, frame=k or None)
        return node in in_scope[k]

    next_writes = overwritten_next(prog)
    later = FrameEnds(prog)
    touched = _live(prog, frozenset(scope) - local, _touches)
    plan: List[Tuple[ir.Edge, ir.Statement, List[ir.Statement]]] = []
    for e in prog.edges:
        if isinstance(e.stmt, ir.Kill):
            plan.append((e, e.stmt, []))
            continue
        uses, defs = uses_defs(e.stmt)
        mortal = must.get(e.target, frozenset()) if e.target not in ending else frozenset()
        dying = sorted(v for v in (live.get(e.source, frozenset()) | defs) - live.get(e.target, frozenset())
                       if (v in local and not (e.target in ending and stays(v, e.target)) or v in mortal)
                       and v not in keep and v not in held.get(e.target, ()))
        stmt = e.stmt
        if isinstance(stmt, (ir.Store, ir.AssignVar)) and stmt.src in dying and stmt.src != stmt.dst:
            # its cells stay reachable from dst: the statement nulls it, no Kill (and collect) after
            stmt = replace(stmt, moved=True)
            dying.remove(stmt.src)
        dying = [v for v in dying if v not in next_writes.get(e.target, frozenset())
                 and not later.postpone(v, frame.get(v, 0), e)]
        final = [] if e.target in ending or not final_kills else \
            [v for v in _forgotten(e, stmt, uses | defs, touched) if v not in local and v not in keep
             and v not in held.get(e.target, ())]
        kills: List[ir.Statement] = [ir.Kill(v, scope[v] == "local") for v in dying]
        plan.append((e, stmt, kills + [ir.Kill(v, final=True) for v in final]))
    out: List[ir.Edge] = []
    fresh = ir.fresh_nodes(prog, "K")
    for e, done, kills in plan:
        before: List[ir.Statement] = [ir.Kill(var, True) for var in later.before(e)]
        out += ir.chain(e, before + [done] + kills, fresh)
    return replace(prog, edges=tuple(out))


def _forgotten(e: ir.Edge, stmt: ir.Statement, used: Set[str], touched: Dict[str, FrozenSet[str]]) -> List[str]:
    """The variables some path from ``e.source`` reads or writes (``used``: those ``stmt``, ``e``'s,
    maybe ``moved``, does), none from ``e.target``, but for the source of a copy on the edge."""
    return sorted(v for v in (touched.get(e.source, frozenset()) | used) - touched.get(e.target, frozenset())
                  if not (isinstance(stmt, ir.AssignVar) and stmt.src == v))


def _touches(stmt: ir.Statement) -> Tuple[Set[str], Set[str]]:
    """What a statement reads or writes, as reads: live for it, a variable some path reads or writes."""
    uses, defs = uses_defs(stmt)
    return uses | defs, set()


class FrameEnds:
    """Kills of a callee's locals moved to where its call returns (see :func:`insert_kills`).

    A local of an inlined call ``k`` dead after an edge inside that call is still in scope until
    the call returns: when some path on from there may stop the program inside ``k`` (``exit()``,
    ``abort()``, ``reach_error()``, a loop forever) before writing the local, what it points to
    then is not lost (memcleanup speaks of it, not valid-memtrack), and a kill right after its
    last use would report a loss the run never has (``finish(l != NULL)`` with ``if (c) exit(0);``
    in ``finish``).  Such a local is killed instead before each first edge out of ``k`` on the
    paths from there, where the call has returned; a write of it on the way reports what it loses
    as usual."""

    def __init__(self, prog: ir.CProgram):
        _, self.out_edges, self.in_edges = _edges_around(prog)
        # the edges that end the program (or spin forever), in whichever calls are active on them
        self.stop_edges = [e for e in prog.edges if isinstance(e.stmt, (ir.Exit, ir.Spin))
                           or e.target in (prog.exit, prog.error)]
        self.stop_ids = {id(e) for e in self.stop_edges}
        self.stopping: Dict[int, FrozenSet[str]] = {}   # per call, the nodes that may stop inside it
        self.kills: Dict[int, Set[str]] = {}            # per edge (id), the locals to kill before it

    def stops(self, e: ir.Edge, k: int) -> bool:
        """Does ``e`` end the program (or spin forever) with the call ``k`` active?"""
        return k in e.frames and id(e) in self.stop_ids

    def stopping_in(self, k: int) -> FrozenSet[str]:
        """The nodes from which a path inside the call ``k`` reaches an edge that stops in it."""
        if k not in self.stopping:
            found = {e.source for e in self.stop_edges if self.stops(e, k)}
            todo = list(found)
            while todo:
                for e in self.in_edges.get(todo.pop(), ()):
                    if k in e.frames and e.source not in found:
                        found.add(e.source)
                        todo.append(e.source)
            self.stopping[k] = frozenset(found)
        return self.stopping[k]

    def _after(self, v: str, k: int, e: ir.Edge) -> Tuple[Set[str], List[ir.Edge], bool]:
        """From ``e.target`` inside the call ``k`` until ``v`` is written: the nodes, the edges that
        leave ``k``, and whether some edge stops the program in ``k``."""
        seen, todo, leaving, stops = {e.target}, [e.target], [], False
        while todo:
            for nxt in self.out_edges.get(todo.pop(), ()):
                if k not in nxt.frames:
                    leaving.append(nxt)
                elif self.stops(nxt, k):
                    stops = True
                elif v not in uses_defs(nxt.stmt)[1] and nxt.target not in seen:
                    seen.add(nxt.target)
                    todo.append(nxt.target)
        return seen, leaving, stops

    def waits(self, k: int, e: ir.Edge) -> bool:
        """May a variable of the call ``k`` (0: not one call's) dying on ``e`` still be in scope
        where the program stops inside ``k``?"""
        return bool(k) and k in e.frames and e.target in self.stopping_in(k)

    def postpone(self, v: str, k: int, e: ir.Edge) -> bool:
        """Does ``v`` (a variable of the call ``k``; 0: not one call's) dying on ``e`` die later, where
        ``k`` returns?  Then those edges are noted (:meth:`before`)."""
        if not self.waits(k, e):
            return False
        _seen, leaving, stops = self._after(v, k, e)
        if stops:
            for nxt in leaving:
                self.kills.setdefault(id(nxt), set()).add(v)
        return stops

    def held(self, v: str, k: int, e: ir.Edge) -> Set[str]:
        """The nodes where ``v``, dying on ``e``, still holds its cells because :meth:`postpone` moves
        its kill to where ``k`` returns (none when it does not)."""
        if not self.waits(k, e):
            return set()
        seen, _leaving, stops = self._after(v, k, e)
        return seen if stops else set()

    def before(self, e: ir.Edge) -> List[str]:
        """The locals to kill before ``e``: their call has returned."""
        return sorted(self.kills.get(id(e), ()))


def forget_dead_flags(prog: ir.CProgram) -> ir.CProgram:
    """The program where a flag (an int variable of a few values, a counter) that some statement
    reads takes its first value on every edge where it dies (``Havoc(dead=True)`` right after the
    edge): its value there can never be read, so stores that differ only in it become one (a
    parameter of a function inlined at several calls keeps no trace of the last call).  A
    register (a datum) dies the same way (``Havoc(x, None, dead=True)``), and then holds no
    value at all (:func:`tvla.cfront.library.forget_register`): "any value" would be one
    abstract store but, in the witness search, one concrete store per order against the cells."""
    read = {v for e in prog.edges for v in int_uses_defs(e.stmt)[0]}
    first: Dict[str, Optional[int]] = {iv.name: None if iv.register else min(iv.values) for iv in prog.ints
                                       if (iv.values or iv.register) and iv.name in read}
    if not first:
        return prog
    live, next_writes = ints_live_at(prog), overwritten_next(prog, ints=True)
    fresh = ir.fresh_nodes(prog, "F")
    out: List[ir.Edge] = []
    for e in prog.edges:
        defs = int_uses_defs(e.stmt)[1]
        dying = sorted(v for v in (live.get(e.source, frozenset()) | defs) - live.get(e.target, frozenset())
                       if v in first and v not in next_writes.get(e.target, frozenset())) \
            if e.target not in (prog.exit, prog.error) else []
        if isinstance(e.stmt, ir.CopyInt) and e.stmt.dst not in live.get(e.target, frozenset()) \
                and e.stmt.dst not in dying:
            # a register copy no path reads, overwritten next: nothing (a copy of a constant may
            # place the register among the cells by 1/2 values, a needless step that a witness
            # could not take for a run of C)
            e = replace(e, stmt=ir.Nop(f"{e.stmt.dst} = {e.stmt.value}, never read"))
        if not dying or isinstance(e.stmt, ir.Havoc) and e.stmt.dead:
            out.append(e)
            continue
        # a havoc or a register copy whose value no path reads only kills its variable
        written = e.stmt.var if isinstance(e.stmt, ir.Havoc) else e.stmt.dst if isinstance(e.stmt, ir.CopyInt) else None
        head = [] if written in dying else [e.stmt]
        out += ir.chain(e, head + [ir.Havoc(var, first[var], dead=True) for var in dying], fresh)
    return replace(prog, edges=tuple(out))
