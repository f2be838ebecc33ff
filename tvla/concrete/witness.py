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
"""

import html
import os
from collections import deque
from dataclasses import dataclass, field

from tvla.concrete.interpreter import Interpreter, canonical_key, permute, true_tuples
from tvla.engine.culprit import find_trigger
from tvla.output.render import FONT, RED, Dot, order_predicate, write_drawings

DEFAULT_NODES = 5
DEFAULT_STEPS = 300


@dataclass(frozen=True)
class Step:
    location: str
    store: object  # a concrete Structure
    names: tuple  # name of each node of the store
    edge: object  # the CFG edge taken from the location


@dataclass(frozen=True)
class Witness:
    nodes: int  # the largest store of the trace (the smallest K that finds it)
    steps: tuple
    voc: object = field(compare=False, repr=False)
    breaking: tuple = ()  # nodes of the last store that make the message hold

    def to_json(self):
        return {"nodes": self.nodes, "steps": [step_json(s, self.voc) for s in self.steps]}


def store_json(store, names, voc):
    """``{"nodes": [...], "predicates": {name: [true tuples]}}``; built-ins are left out."""
    preds = {p.name: [[names[u] for u in t] for t in true_tuples(store, p)]
             for p in voc.preds.values() if p.kind != "builtin"}
    return {"nodes": list(names), "predicates": preds}


def step_json(step, voc):
    e = step.edge
    return {"location": step.location, "store": store_json(step.store, step.names, voc),
            "next": {"action": e.action.label, "title": e.action.title, "target": e.target}}


@dataclass
class _State:
    location: str
    store: object
    names: tuple
    fresh: int  # next unused node number
    parent: object = None
    edge: object = None  # edge from the parent
    depth: int = 0


def pointers(voc):
    """The pointer variables: unary core predicates that hold for at most one node."""
    return [p for p in voc.unary if p.kind == "core" and p.is_pointer]


def fields(voc):
    """The pointer fields: binary core predicates that are functions."""
    return [p for p in voc.binary if p.kind == "core" and "function" in p.props]


def successor(s, u, fs):
    """The node that a field of node ``u`` points to (the first field that points), or None."""
    for f in fs:
        row = s.bT[f.index][u]
        if row:
            return (row & -row).bit_length() - 1
    return None


def traversal_order(s, voc):
    """Nodes in the order a reader follows them: from each pointer variable along the
    fields, then the rest."""
    fs = fields(voc)
    out, seen = [], set()
    for p in pointers(voc):
        for (u,) in true_tuples(s, p):
            while u is not None and u not in seen:
                seen.add(u)
                out.append(u)
                u = successor(s, u, fs)
    return out + [u for u in range(s.n) if u not in seen]


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


@dataclass(frozen=True)
class NoWitness:
    """The search ran and found no witness within the bound (the alarm may be false)."""

    nodes: int
    steps: int

    def to_json(self):
        return None

    def lines(self):
        return [no_witness_line(self.nodes, self.steps)]


def attach_witnesses(result, analysis=None, structures=None, given=None,
                     nodes=DEFAULT_NODES, steps=DEFAULT_STEPS):
    """Search a witness for every message of ``result`` and store it in the message's
    ``witness`` field (a :class:`Witness` or :class:`NoWitness`).  The program and
    its inputs are loaded again from the result unless given."""
    if analysis is None:
        from tvla.cli.api import load, read_inputs
        analysis = load(result.program, result.options)
        structures, given = read_inputs(analysis, result.input)
    inputs, _summary = analysis.prepare_inputs(structures, given)
    targets = [(m.location, m.action, m.text) for m in result.messages]
    found = find_witnesses(analysis.program, inputs, targets, nodes, steps)
    for m, w in zip(result.messages, found):
        m.witness = w if w is not None else NoWitness(nodes, steps)
    return result


def witness_lines(message):
    """Text lines under a message in the report (none when no search ran)."""
    w = message.witness
    if w is None:
        return []
    return w.lines() if isinstance(w, NoWitness) else format_witness(w)


def find_witness(program, inputs, location, text, nodes=DEFAULT_NODES, steps=DEFAULT_STEPS, title=None):
    """The witness of one message (at ``location``, reported with ``text``), or None."""
    return find_witnesses(program, inputs, [(location, title, text)], nodes, steps)[0]


# ---------------------------------------------------------------------------- text

def no_witness_line(nodes, steps):
    return f"no witness with at most {nodes} nodes and {steps} steps"


def data_values(store, voc):
    """The rank of each node's datum in the data order (the core predicate declared
    transitive reflexive, as the drawings lay it out), 0 for the smallest; None
    when the program has no data order."""
    order = order_predicate(voc)
    if order is None:
        return None
    rel = set(true_tuples(store, order))
    n = store.n
    classes = [frozenset(w for w in range(n) if (w, u) in rel and (u, w) in rel) for u in range(n)]
    return [len({classes[w] for w in range(n) if (w, u) in rel and (u, w) not in rel}) for u in range(n)]


def draw_store(store, names, voc):
    """The store on one line: ``x -> u1(d=0) -> u2(d=1, t) -> NULL; y = NULL``."""
    data = data_values(store, voc)
    ptrs, fs = pointers(voc), fields(voc)
    held = {u: [p.name for p in ptrs if (u,) in true_tuples(store, p)] for u in range(store.n)}

    def label(u, var):
        notes = [f"d={data[u]}"] if data is not None else []
        notes += [v for v in held[u] if v != var]
        return names[u] + (f"({', '.join(notes)})" if notes else "")

    parts, shown, null = [], set(), []
    for p in ptrs:
        targets = true_tuples(store, p)
        if not targets:
            null.append(p.name)
            continue
        (u,), chain = targets[0], []
        if u in shown:
            continue
        while u is not None and u not in chain:
            chain.append(u)
            u = successor(store, u, fs)
        shown.update(chain)
        tail = "NULL" if u is None else f"{names[u]} (cycle)"
        parts.append(" -> ".join([p.name] + [label(w, p.name) for w in chain] + [tail]))
    rest = [label(u, None) for u in range(store.n) if u not in shown]
    if rest:
        parts.append("unreachable: " + ", ".join(rest))
    if null:
        parts.append(f"{', '.join(null)} = NULL")
    flags = [p.name for p in voc.nullary if p.kind == "core" and store.nul[p.index]]
    if flags:
        parts.append("true: " + ", ".join(flags))
    return "; ".join(parts) if parts else "(empty store)"


def format_witness(witness):
    """The witness as short trace lines (location, statement, store)."""
    n = len(witness.steps)
    lines = [f"witness: {n} step{'s' if n != 1 else ''}, {witness.nodes} node{'s' if witness.nodes != 1 else ''}"]
    for k, step in enumerate(witness.steps):
        lines.append(f"  {step.location}: {draw_store(step.store, step.names, witness.voc)}")
        arrow = "reports the message" if k == n - 1 else f"-> {step.edge.target}"
        lines.append(f"      {step.edge.action.title}  {arrow}")
    return lines


# ---------------------------------------------------------------------------- film strip

def store_graph(store, names, voc, title, highlight=()):
    """The drawing (a ``render.Dot``) of one concrete store of a witness: pointer
    variables as boxes, nodes named as in the trace with their datum's rank,
    fields as arrows; the nodes in ``highlight`` (the breaking ones) in red."""
    data = data_values(store, voc)
    g = Dot(title)
    g.attr("graph", rankdir="LR", fontname=FONT, fontsize="12", label=title, labelloc="t")
    g.attr("node", fontname=FONT, fontsize="13", shape="box", style="rounded")
    g.attr("edge", fontname=FONT, fontsize="12", arrowsize="0.7")
    for p in pointers(voc):
        for (u,) in true_tuples(store, p):
            g.node("ptr " + p.name, label=p.name, shape="box", style="filled", fillcolor="#eef3ff")
            g.edge("ptr " + p.name, names[u])
    for u in range(store.n):
        label = names[u] + (f"\nd={data[u]}" if data is not None else "")
        red = {"color": RED, "penwidth": "2"} if u in highlight else {}
        g.node(names[u], label=label, **red)
    for f in fields(voc):
        for u, w in true_tuples(store, f):
            g.edge(names[u], names[w], label=f.name)
    flags = [p.name for p in voc.nullary if p.kind == "core" and store.nul[p.index]]
    if flags or not store.n:
        g.node("note", shape="plaintext", label=", ".join(flags) or "(no nodes: every pointer is NULL)")
    return g


def film_strip_html(witness, out_dir, base):
    """Draw every step of ``witness`` into ``out_dir`` (``base_K.svg``, or ``.dot``
    without Graphviz) and return an HTML fragment showing them left to right, the
    last one with the breaking nodes highlighted."""
    n = len(witness.steps)
    items = [(store_graph(st.store, st.names, witness.voc, f"{k + 1}. {st.location}",
                          witness.breaking if k == n - 1 else ()), os.path.join(out_dir, f"{base}_{k + 1}"))
             for k, st in enumerate(witness.steps)]
    parts = ["<div class='film-strip' style='display:flex; overflow-x:auto; gap:1em'>"]
    for k, (st, (path, svg)) in enumerate(zip(witness.steps, write_drawings(items))):
        name = os.path.basename(path)
        then = "reports the message" if k == n - 1 else f"then {st.edge.action.title}"
        caption = html.escape(f"{st.location}: {then}")
        body = f"<img src='{name}' alt='{caption}'>" if svg else f"<a href='{name}'>{name}</a>"
        parts.append(f"<figure>{body}<figcaption>{caption}</figcaption></figure>")
    parts.append("</div>")
    return "\n".join(parts)
