"""Witnesses: a concrete execution that shows a message, or none up to a bound.

For each message of an analysis, :func:`find_witnesses` searches the
concrete stores that the input structures describe, smallest first (all
stores of 0 nodes, then of 1 node, ... up to K), and runs the program on
them with the concrete interpreter, breadth first, so the trace found is a
shortest one from the smallest stores that show the message.  A trace never
holds a store of more than K nodes nor takes more than N steps; when none
shows the message, there is no witness up to that bound and the alarm may be
false.

A :class:`Witness` is a list of steps from the entry: the store at a
location and the CFG edge taken from it.  The last step is at the message's
location and its edge is the one whose action reports the message.  Node
names follow the individuals along the trace (``u1``, ``u2``...; a node
allocated on the way gets the next unused number).

The witness types are in ``tvla.engine.results`` (a ``Result`` carries them);
their text, JSON and film strip are in ``tvla.output.witness_view``.
"""

from collections import deque
from dataclasses import dataclass

from tvla.concrete.interpreter import Interpreter, canonical_key, permute
from tvla.engine.culprit import find_trigger
from tvla.engine.results import NoWitness, Step, Witness
from tvla.logic.heap import traversal_order

DEFAULT_NODES = 5
DEFAULT_STEPS = 300


@dataclass
class _State:
    location: str
    store: object
    names: tuple
    fresh: int  # next unused node number
    parent: object = None
    edge: object = None  # edge from the parent
    depth: int = 0


def _initial_states(conc, inputs, size, voc, entry):
    found = {}
    for a in inputs:
        for c in conc.stores(a, size):
            found.setdefault(canonical_key(c), c)
    states = []
    for c in found.values():
        c = permute(c, traversal_order(c, voc))
        states.append(_State(entry, c, tuple(f"u{k + 1}" for k in range(c.n)), c.n + 1))
    return states


def _trace(state, edge):
    steps = []
    while state is not None:
        steps.append(Step(state.location, state.store, state.names, edge))
        edge = state.edge
        state = state.parent
    steps.reverse()
    return steps


def find_witnesses(program, inputs, targets, nodes=DEFAULT_NODES, steps=DEFAULT_STEPS, interpreter=None):
    """A :class:`Witness` or None for each target ``(location, action title, text)``
    (a title of None matches any action)."""
    interp = interpreter or Interpreter(program)
    voc = program.vocabulary
    out_edges = {}
    for e in program.edges:
        out_edges.setdefault(e.source, []).append(e)
    found = {}
    seen = set()
    for size in range(nodes + 1):
        queue = deque()
        for st in _initial_states(interp.concretizer, inputs, size, voc, program.entry):
            key = (st.location, canonical_key(st.store))
            if key not in seen:
                seen.add(key)
                queue.append(st)
        _search(queue, seen, out_edges, interp, targets, found, nodes, steps)
        if len(found) == len(targets):
            break
    return [_witness(found[k], targets[k][2], interp) if k in found else None for k in range(len(targets))]


def _search(queue, seen, out_edges, interp, targets, found, nodes, steps):
    """Breadth first from the states in ``queue``; ``found[k]`` gets the first
    (state, edge) at which target ``k`` fires."""
    while queue and len(found) < len(targets):
        st = queue.popleft()
        if st.depth >= steps:  # a trace through st would take more than ``steps`` steps
            continue
        for e in out_edges.get(st.location, []):
            messages, succ = interp.step(e.action, st.store)
            for k, (loc, title, text) in enumerate(targets):
                if k not in found and loc == st.location and text in messages \
                        and title in (None, e.action.title):
                    found[k] = (st, e)
            if st.depth + 1 >= steps:
                continue
            for s, origin in succ:
                if s.n > nodes:
                    continue
                key = (e.target, canonical_key(s))
                if key in seen:
                    continue
                seen.add(key)
                names, fresh = list(), st.fresh
                for o in origin:
                    if o is None:
                        names.append(f"u{fresh}")
                        fresh += 1
                    else:
                        names.append(st.names[o])
                queue.append(_State(e.target, s, tuple(names), fresh, st, e, st.depth + 1))


def _witness(hit, text, interp):
    steps = _trace(*hit)
    return Witness(max(s.store.n for s in steps), tuple(steps), interp.voc, breaking(interp, *hit, text))


def breaking(interp, state, edge, text):
    """The nodes of the last store on which the message's formula holds (its culprit)."""
    ca = interp.compiled_action(edge.action)
    for f, t in ca.pre_messages + ca.post_messages:
        if t == text:
            return find_trigger(interp.ev, f, state.store, 0).nodes
    return ()


def search_witnesses(program, result, nodes=DEFAULT_NODES, steps=DEFAULT_STEPS, interpreter=None):
    """A :class:`Witness`, or :class:`NoWitness` when none is found within the bounds,
    for each message of ``result``, searched from the input structures the run
    started from (``result.prepared_inputs``)."""
    targets = [(m.location, m.action, m.text) for m in result.messages]
    found = find_witnesses(program, result.prepared_inputs, targets, nodes, steps, interpreter)
    return [w if w is not None else NoWitness(nodes, steps) for w in found]


def find_witness(program, inputs, location, text, nodes=DEFAULT_NODES, steps=DEFAULT_STEPS, title=None):
    """The witness of one message (at ``location``, reported with ``text``), or None."""
    return find_witnesses(program, inputs, [(location, title, text)], nodes, steps)[0]
