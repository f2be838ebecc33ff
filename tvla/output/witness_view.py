"""Witnesses as a reader sees them: text lines and JSON.

A :class:`~tvla.engine.results.Witness` (found by ``tvla.concrete.witness``)
is written here two ways (the film strip of the HTML report is
:mod:`tvla.output.film_strip`):

* text (the report's lines under a message): one line per step, the store
  drawn from each pointer variable along the fields
  (``x -> u1(d=0) -> u2(d=1, t) -> NULL; y = NULL``), then the statement;
* JSON (``messages[].witness``, docs/json.md): the steps with the true
  tuples of every declared predicate.
"""

from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Union

from tvla.engine.results import MessageRecord, NoWitness, Step, Witness
from tvla.logic.heap import data_values, fields, pointers, successor, true_tuples
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Predicate, Vocabulary

# ---------------------------------------------------------------------------- JSON


def store_json(store: Structure, names: Sequence[str], voc: Vocabulary) -> Dict[str, Any]:
    """``{"nodes": [...], "predicates": {name: [true tuples]}}``; built-ins are left out."""
    preds = {p.name: [[names[u] for u in t] for t in true_tuples(store, p)]
             for p in voc.preds.values() if p.kind != "builtin"}
    return {"nodes": list(names), "predicates": preds}


def step_json(step: Step, voc: Vocabulary) -> Dict[str, Any]:
    e = step.edge
    return {"location": step.location, "store": store_json(step.store, step.names, voc),
            "next": {"action": e.action.label, "title": e.action.title, "target": e.target}}


def witness_json(witness: Union[Witness, NoWitness]) -> Optional[Dict[str, Any]]:
    """The JSON of a searched witness: the trace, or None when none was found."""
    if isinstance(witness, NoWitness):
        return None
    return {"nodes": witness.nodes, "steps": [step_json(s, witness.voc) for s in witness.steps]}


# ---------------------------------------------------------------------------- text

def no_witness_line(w: NoWitness) -> str:
    cut = f" among the first {w.states} states searched" if w.states is not None else ""
    return f"no witness with at most {w.nodes} nodes and {w.steps} steps{cut}"


def witness_lines(message: MessageRecord) -> List[str]:
    """Text lines under a message in the report (none when no search ran)."""
    w = message.witness
    if w is None:
        return []
    return [no_witness_line(w)] if isinstance(w, NoWitness) else format_witness(w)


def draw_store(store: Structure, names: Sequence[str], voc: Vocabulary,
               data_notes: Optional[Callable[[int], List[str]]] = None) -> str:
    """The store on one line: ``x -> u1(d=0) -> u2(d=1, t) -> NULL; y = NULL``; ``d`` is the rank of
    the node's datum in the data order, or what ``data_notes`` says of the node when given."""
    data = data_values(store, voc)
    ptrs, fs = pointers(voc), fields(voc)
    along = _same_type(store, voc, fs)
    held = {u: [p.name for p in ptrs if (u,) in true_tuples(store, p)] for u in range(store.n)}

    def label(u: int, var: Optional[str]) -> str:
        notes = data_notes(u) if data_notes is not None else [f"d={data[u]}"] if data is not None else []
        notes += [v for v in held[u] if v != var]
        return names[u] + (f"({', '.join(notes)})" if notes else "")

    parts: List[str] = []
    shown: Set[int] = set()
    null: List[str] = []
    for p in ptrs:
        targets = true_tuples(store, p)
        if not targets:
            null.append(p.name)
            continue
        u: Optional[int]
        (u,) = targets[0]
        if u in shown:
            continue
        chain, u = _chain(store, u, along, set())
        shown.update(chain)
        tail = "NULL" if u is None else f"{names[u]} (cycle)"
        parts.append(" -> ".join([p.name] + [label(w, p.name) for w in chain] + [tail]))
    parts += _branches(store, names, fs, along, shown, lambda w: label(w, None))
    rest = [label(u, None) for u in range(store.n) if u not in shown]
    if rest:
        parts.append("unreachable: " + ", ".join(rest))
    if null:
        parts.append(f"{', '.join(null)} = NULL")
    flags = [p.name for p in voc.nullary if p.kind == "core" and store.nul[p.index]]
    if flags:
        parts.append("true: " + ", ".join(flags))
    return "; ".join(parts) if parts else "(empty store)"


def _same_type(store: Structure, voc: Vocabulary, fs: Sequence[Predicate]) -> List[Predicate]:
    """The fields chains follow: those of ``fs`` that join cells of one type only (a list's
    ``next``, not a cell's pointer to its payload of another struct type, drawn as a branch); the
    type of a cell is its ``type[S]`` predicates, which a library over several struct types has."""
    members = [set(true_tuples(store, p)) for p in voc.unary if p.name.startswith("type[")]
    kind = [tuple((u,) in m for m in members) for u in range(store.n)]
    return [f for f in fs if all(kind[a] == kind[w] for a, w in true_tuples(store, f))]


def _chain(store: Structure, u: Optional[int], fs: Sequence[Predicate], stop: Set[int]
           ) -> Tuple[List[int], Optional[int]]:
    """The nodes from ``u`` along each node's first set field, up to NULL, a node met again or one
    of ``stop``; and where it ended (None: NULL)."""
    chain: List[int] = []
    while u is not None and u not in chain and u not in stop:
        chain.append(u)
        u = successor(store, u, fs)
    return chain, u


def _branches(store: Structure, names: Sequence[str], fs: Sequence[Predicate], along: Sequence[Predicate],
              shown: Set[int], label: Callable[[int], str]) -> List[str]:
    """The nodes the drawn chains reach through their other fields (a tree's right child, a list
    cell's payload), each drawn as a chain along the fields ``along`` from the field of ``fs`` that
    reaches it first: ``u1.right -> u3 -> NULL``, or only its link, ``u1.data -> u2``, for a field
    off those chains to a node drawn already; ``shown`` grows by them, so that only nodes no pointer
    reaches are left."""
    parts: List[str] = []
    order = [u for u in range(store.n) if u in shown]
    k = 0
    while k < len(order):
        u = order[k]
        k += 1
        for f in fs:
            for (a, w) in true_tuples(store, f):
                if a == u and w in shown and f not in along:   # a payload drawn already: its link
                    parts.append(f"{names[u]}.{f.name} -> {names[w]}")
                if a != u or w in shown:
                    continue
                chain, v = _chain(store, w, along, shown)
                shown.update(chain)
                order += chain
                tail = "NULL" if v is None else names[v]
                parts.append(" -> ".join([f"{names[u]}.{f.name}"] + [label(c) for c in chain] + [tail]))
    return parts


def format_witness(witness: Witness) -> List[str]:
    """The witness as short trace lines (location, statement, store)."""
    n = len(witness.steps)
    lines = [f"witness: {n} step{'s' if n != 1 else ''}, {witness.nodes} node{'s' if witness.nodes != 1 else ''}"]
    for k, step in enumerate(witness.steps):
        lines.append(f"  {step.location}: {draw_store(step.store, step.names, witness.voc)}")
        arrow = "reports the message" if k == n - 1 else f"-> {step.edge.target}"
        lines.append(f"      {step.edge.action.title}  {arrow}")
    return lines
