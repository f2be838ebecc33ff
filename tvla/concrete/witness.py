"""Witnesses: a concrete execution that shows a message, or none up to a bound.

For each message of an analysis, :func:`find_witnesses` runs the program with
the concrete interpreter on the concrete stores that the input structures
describe, best first: traces whose largest store is smallest first (0 nodes,
then 1, ... up to K; the input stores of K nodes join when traces of K nodes
are followed), and among those the shortest first. So the trace found is a
shortest one among those over the smallest stores that show the message, and
a message shown by small stores is found without following the many traces
of large ones.  Within a bound the search is goal directed (A*): a state is
ranked by its trace's length plus the fewest CFG edges from its location to
the location of a message not yet shown, a lower bound of the steps left, so
traces that head for a message are followed first and the one found is still
a shortest; among states of equal rank the deepest (the nearest to a message)
first, which follows one trace to its end rather than every trace of that
length a step at a time; a state from whose location no such message can be
reached is not followed at all.  A trace never
holds a store of more than K nodes nor takes more than N steps; when none
shows the message, there is no witness up to that bound and the alarm may be
false. The search follows at most S concrete states, and builds the input
stores of each size trying at most S ways of resolving their 1/2 values (the
stores of the next sizes are then not built): bounds that give the same
answer on every machine; a NoWitness says when it stopped at one.  When it
stops at S states with messages left, a dive follows at most S/2 more from
the input stores it built, by the fewest edges left alone (the largest store
not counted): a message behind a loop that allocates several cells is reached
without first following every trace over fewer cells, which the ways of
resolving each fresh cell's unknown values make many (the trace it finds may
not be a shortest one).

A :class:`Witness` is a list of steps from the entry: the store at a
location and the CFG edge taken from it.  The last step is at the message's
location and its edge is the one whose action reports the message.  Node
names follow the individuals along the trace (``u1``, ``u2``...; a node
allocated on the way gets the next unused number).

The witness types are in ``tvla.engine.results`` (a ``Result`` carries them);
their text, JSON and film strip are in ``tvla.output.witness_view``.
"""

import heapq
from dataclasses import dataclass
from typing import Dict, Hashable, List, Optional, Sequence, Set, Tuple, Union

from tvla.concrete.interpreter import Concretizer, Effort, Interpreter, canonical_key, permute
from tvla.engine.culprit import find_trigger
from tvla.engine.options import Options
from tvla.engine.results import NoWitness, Result, Step, Witness
from tvla.lang.program import Edge, Program
from tvla.logic.heap import traversal_order
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Vocabulary

Target = Tuple[str, Optional[str], str]
"""A message to find a witness of: (location, action title or None for any, text)."""

DEFAULT_NODES = Options.witness_nodes
DEFAULT_STEPS = Options.witness_steps
DEFAULT_STATES = Options.witness_states


@dataclass
class _State:
    location: str
    store: Structure
    names: Tuple[str, ...]
    fresh: int  # next unused node number
    parent: Optional["_State"] = None
    edge: Optional[Edge] = None  # edge from the parent
    depth: int = 0


def _initial_states(conc: Concretizer, inputs: Sequence[Structure], size: int, voc: Vocabulary,
                    entry: str, limit: int, effort: Effort) -> List[_State]:
    """The stores of ``size`` nodes the inputs describe, at most ``limit`` + 1 of them (the
    search follows no more: enumerating every store of 5 nodes of a big vocabulary takes hours),
    those found before ``effort`` is spent."""
    found: Dict[Hashable, Structure] = {}
    for a in inputs:
        if len(found) > limit or effort.spent:
            break
        for c in conc.stores(a, size, limit - len(found), effort):
            found.setdefault(canonical_key(c), c)
    states = []
    for c in found.values():
        c = permute(c, traversal_order(c, voc))
        states.append(_State(entry, c, tuple(f"u{k + 1}" for k in range(c.n)), c.n + 1))
    return states


def _trace(state: Optional[_State], edge: Optional[Edge]) -> List[Step]:
    steps: List[Step] = []
    while state is not None:
        assert edge is not None  # only the first state of a trace has no edge from a parent
        steps.append(Step(state.location, state.store, state.names, edge))
        edge = state.edge
        state = state.parent
    steps.reverse()
    return steps


def find_witnesses(program: Program, inputs: Sequence[Structure], targets: Sequence[Target],
                   nodes: int = DEFAULT_NODES, steps: int = DEFAULT_STEPS,
                   interpreter: Optional[Interpreter] = None, states: int = DEFAULT_STATES,
                   cut: Optional[List[int]] = None) -> List[Optional[Witness]]:
    """A :class:`Witness` or None for each target ``(location, action title, text)``
    (a title of None matches any action). The search follows at most ``states`` states by
    the smallest stores first; when it stops there with targets left, a dive (a search not
    sized: :class:`_Search`) follows at most half as many more from the same input stores; when
    that stops there too, the number of states it left is appended to ``cut``."""
    if steps == 0:  # a message is reported on an edge: no trace of 0 steps shows one
        return [None] * len(targets)
    interp = interpreter or Interpreter(program)
    out_edges: Dict[str, List[Edge]] = {}
    for e in program.edges:
        out_edges.setdefault(e.source, []).append(e)
    found: Dict[int, Tuple[_State, Edge]] = {}
    distances = _distances(program.edges, targets)
    search = _Search(interp, out_edges, targets, found, nodes, steps, distances)
    starts, unbuilt = _smallest_first(search, interp, program, inputs, nodes, states)
    left = len(search.heap) if search.expanded >= states else 0
    if len(found) < len(targets) and left:
        dive = _Search(interp, out_edges, targets, found, nodes, steps, distances, sized=False)
        for st in starts:
            dive.push(st, st.store.n)
        # half: on a false alarm the dive is time spent for nothing
        while dive.heap and len(found) < len(targets) and dive.expanded < states // 2:
            dive.expand()
        left = len(dive.heap)
    if cut is not None and len(found) < len(targets) and (left or unbuilt):
        cut.append(left)
    return [_witness(found[k], targets[k][2], interp) if k in found else None for k in range(len(targets))]


def _smallest_first(search: "_Search", interp: Interpreter, program: Program, inputs: Sequence[Structure],
                    nodes: int, states: int) -> Tuple[List[_State], bool]:
    """Run ``search`` (sized) until every target is shown, no state is left, or ``states`` states
    were followed; the stores of each size enter before a trace that needs more nodes is
    followed.  The initial states it pushed, and whether the stores of some size were not built
    (building them took more than ``states`` ways, or the search stopped before their turn)."""
    starts: List[_State] = []
    unbuilt = False
    size = 0
    while len(search.found) < len(search.targets):
        if search.rank_at(program.entry, 0) is None:
            # no message left is reached within the steps from the entry: a store there would
            # not be followed, and building them all takes minutes for a big vocabulary
            size = nodes + 1
        while size <= nodes and (not search.heap or search.heap[0][0] >= size):
            # building the stores of a size tries at most as many ways as states are followed
            effort = Effort(states)
            for st in _initial_states(interp.concretizer, inputs, size, program.vocabulary, program.entry,
                                      max(states - search.expanded, 0), effort):
                search.push(st, size)
                starts.append(st)
            size += 1
            if effort.spent:   # the stores of a larger size take more ways still: not built
                size, unbuilt = nodes + 1, True
        if not search.heap or search.expanded >= states:
            break
        search.expand()
    return starts, unbuilt or size <= nodes


def _distances(edges: Sequence[Edge], targets: Sequence[Target]) -> List[Dict[str, int]]:
    """For each target, the fewest edges from each location to the target's (absent: none)."""
    into: Dict[str, List[str]] = {}
    for e in edges:
        into.setdefault(e.target, []).append(e.source)
    by_location: Dict[str, Dict[str, int]] = {}
    for loc, _title, _text in targets:
        if loc in by_location:
            continue
        dist, frontier = {loc: 0}, [loc]
        while frontier:   # breadth first, backwards
            nxt = []
            for u in frontier:
                for src in into.get(u, ()):
                    if src not in dist:
                        dist[src] = dist[u] + 1
                        nxt.append(src)
            frontier = nxt
        by_location[loc] = dist
    return [by_location[loc] for loc, _title, _text in targets]


class _Search:
    """Best first over concrete states: by the largest store on the trace, then by its length
    plus the fewest edges left to a message not yet shown (consistent, so a state is first
    expanded on a shortest trace), then the longest trace first (the nearest to a message).
    Every state is expanded once, first on a trace of the fewest nodes (each state enters the
    heap no later than any state of a larger bound is expanded), so a witness found is among
    the shortest traces over the smallest stores, and a message that a small store shows is
    found without following the many traces of larger stores.

    Not ``sized`` (a dive), the largest store does not count: by the fewest edges left, then
    the longest trace first.  A message that needs a large store (a loop allocating four cells
    before it) is reached without first following every trace of smaller stores, which the
    ways of resolving a fresh cell's unknown values make many; the trace found may not be the
    shortest."""

    def __init__(self, interp: Interpreter, out_edges: Dict[str, List[Edge]], targets: Sequence[Target],
                 found: Dict[int, Tuple[_State, Edge]], nodes: int, steps: int,
                 distances: Sequence[Dict[str, int]], sized: bool = True) -> None:
        self.interp, self.out_edges, self.targets, self.found = interp, out_edges, targets, found
        self.nodes, self.steps, self.distances, self.sized = nodes, steps, distances, sized
        self.heap: List[Tuple[int, int, int, int, int, _State]] = []
        self.seen: Set[Tuple[str, Hashable]] = set()
        self.count = 0
        self.expanded = 0

    def left(self, location: str) -> Optional[int]:
        """The fewest edges from ``location`` to a message not yet shown (None: none is reachable)."""
        ds = [d[location] for k, d in enumerate(self.distances) if k not in self.found and location in d]
        return min(ds) if ds else None

    def rank(self, st: _State) -> Optional[int]:
        """The length of the shortest trace through ``st`` that may show a message not yet shown
        (None: none does within the steps)."""
        return self.rank_at(st.location, st.depth)

    def rank_at(self, location: str, depth: int) -> Optional[int]:
        """:meth:`rank` of a state at ``location`` after ``depth`` steps."""
        h = self.left(location)
        return depth + h if h is not None and depth + h < self.steps else None

    def order(self, st: _State, bound: int) -> Optional[Tuple[int, int]]:
        """The first two keys of ``st`` in the heap (None: no message is reached from it)."""
        rank = self.rank(st)
        if rank is None:
            return None
        return (bound, rank) if self.sized else (rank - st.depth, 0)

    def push(self, st: _State, bound: int) -> None:
        keys = self.order(st, bound)
        if keys is not None:
            self.count += 1
            heapq.heappush(self.heap, (*keys, -st.depth, self.count, bound, st))

    def rerank(self) -> None:
        """Rank the states waiting again once a message is shown: the distances left grow (the
        states that only led to it are dropped), and a stale rank could expand a state on a
        longer trace first."""
        ranked = []
        for _first, _second, deeper, n, bound, st in self.heap:
            keys = self.order(st, bound)
            if keys is not None:
                ranked.append((*keys, deeper, n, bound, st))
        heapq.heapify(ranked)
        self.heap = ranked

    def pop(self) -> Optional[Tuple[int, _State]]:
        """The next state not expanded yet (its first, shortest, trace), with its bound."""
        while self.heap:
            _first, _second, _deeper, _n, bound, st = heapq.heappop(self.heap)
            key = (st.location, canonical_key(st.store))
            if key not in self.seen:
                self.seen.add(key)
                return bound, st
        return None

    def expand(self) -> None:
        """Follow every edge out of the next state; record the targets its actions report."""
        nxt = self.pop()
        if nxt is None:
            return
        bound, st = nxt
        self.expanded += 1
        shown = len(self.found)
        for e in self.out_edges.get(st.location, []):
            messages, succ = self.interp.step(e.action, st.store)
            for k, (loc, title, text) in enumerate(self.targets):
                if k not in self.found and loc == st.location and text in messages \
                        and title in (None, e.action.title):
                    self.found[k] = (st, e)
            if len(self.found) > shown:
                self.rerank()
                shown = len(self.found)
            if st.depth + 1 >= self.steps:
                continue
            for s, origin in succ:
                if s.n <= self.nodes:
                    self.push(_successor(st, e, s, origin), max(bound, s.n))


def _successor(st: _State, e: Edge, s: Structure, origin: Sequence[Optional[int]]) -> _State:
    """The state after ``e`` leads from ``st`` to store ``s``; a node new on the way gets the next name."""
    names: List[str] = []
    fresh = st.fresh
    for o in origin:
        if o is None:
            names.append(f"u{fresh}")
            fresh += 1
        else:
            names.append(st.names[o])
    return _State(e.target, s, tuple(names), fresh, st, e, st.depth + 1)


def _witness(hit: Tuple[_State, Edge], text: str, interp: Interpreter) -> Witness:
    steps = _trace(*hit)
    return Witness(max(s.store.n for s in steps), tuple(steps), interp.voc, breaking(interp, *hit, text))


def breaking(interp: Interpreter, state: _State, edge: Edge, text: str) -> Tuple[int, ...]:
    """The nodes of the last store on which the message's formula holds (its culprit)."""
    ca = interp.compiled_action(edge.action)
    for f, t in ca.pre_messages + ca.post_messages:
        if t == text:
            return find_trigger(interp.ev, f, state.store, 0).nodes
    return ()


def search_witnesses(program: Program, result: Result, nodes: int = DEFAULT_NODES, steps: int = DEFAULT_STEPS,
                     interpreter: Optional[Interpreter] = None, states: int = DEFAULT_STATES
                     ) -> List[Union[Witness, NoWitness]]:
    """A :class:`Witness`, or :class:`NoWitness` when none is found within the bounds,
    for each message of ``result``, searched from the input structures the run
    started from (``result.prepared_inputs``)."""
    targets: List[Target] = [(m.location, m.action, m.text) for m in result.messages]
    cut: List[int] = []
    found = find_witnesses(program, result.prepared_inputs, targets, nodes, steps, interpreter, states, cut)
    return [w if w is not None else NoWitness(nodes, steps, states if cut else None) for w in found]


def find_witness(program: Program, inputs: Sequence[Structure], location: str, text: str, nodes: int = DEFAULT_NODES,
                 steps: int = DEFAULT_STEPS, title: Optional[str] = None) -> Optional[Witness]:
    """The witness of one message (at ``location``, reported with ``text``), or None."""
    return find_witnesses(program, inputs, [(location, title, text)], nodes, steps)[0]
