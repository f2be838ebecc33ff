"""A witness as the film strip of the HTML report: one drawing per step, the nodes
the previous step changed filled yellow, the breaking nodes of the last store in red.

Kept apart from :mod:`tvla.output.witness_view` (text and JSON) so that a run
without drawings never imports the renderer."""

import html
import os
from typing import Container, Dict, List, Sequence, Set

from tvla.engine.results import Step, Witness
from tvla.logic.heap import data_values, fields, pointers, true_tuples
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Vocabulary
from tvla.output.render import FONT, RED, Dot, write_drawings

CHANGED = "#fff3b0"  # fill of the nodes the previous step changed


def node_facts(store: Structure, names: Sequence[str], voc: Vocabulary) -> Dict[str, List[object]]:
    """Per node name, what the store says of it: the pointers to it, its fields' targets, its datum."""
    data = data_values(store, voc)
    facts: Dict[str, List[object]] = {names[u]: [data[u] if data is not None else None] for u in range(store.n)}
    for p in pointers(voc):
        for (u,) in true_tuples(store, p):
            facts[names[u]].append(p.name)
    for f in fields(voc):
        for u, w in true_tuples(store, f):
            facts[names[u]].append((f.name, names[w]))
    return facts


def changed_nodes(before: Step, after: Step, voc: Vocabulary) -> Set[int]:
    """The nodes of step ``after`` (a :class:`Step`) that are new or differ from ``before``."""
    old = node_facts(before.store, before.names, voc)
    new = node_facts(after.store, after.names, voc)
    return {u for u in range(after.store.n) if old.get(after.names[u]) != new[after.names[u]]}


def store_graph(store: Structure, names: Sequence[str], voc: Vocabulary, title: str, highlight: Container[int] = (),
                changed: Container[int] = ()) -> Dot:
    """The drawing (a ``render.Dot``) of one concrete store of a witness: pointer
    variables as boxes, nodes named as in the trace with their datum's rank,
    fields as arrows; the nodes in ``highlight`` (the breaking ones) in red, those
    in ``changed`` (by the step before) filled yellow."""
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
        look = {"color": RED, "penwidth": "2"} if u in highlight else {}
        if u in changed:
            look.update(style="rounded,filled", fillcolor=CHANGED)
        g.node(names[u], label=label, **look)
    for f in fields(voc):
        for u, w in true_tuples(store, f):
            g.edge(names[u], names[w], label=f.name)
    flags = [p.name for p in voc.nullary if p.kind == "core" and store.nul[p.index]]
    if flags or not store.n:
        g.node("note", shape="plaintext", label=", ".join(flags) or "(no nodes: every pointer is NULL)")
    return g


def film_strip_html(witness: Witness, out_dir: str, base: str) -> str:
    """Draw every step of ``witness`` into ``out_dir`` (``base_K.svg``, or ``.dot``
    without Graphviz) and return an HTML fragment showing them left to right, the
    last one with the breaking nodes highlighted."""
    n, steps, voc = len(witness.steps), witness.steps, witness.voc
    items = [(store_graph(st.store, st.names, voc, f"{k + 1}. {st.location}",
                          witness.breaking if k == n - 1 else (),
                          changed_nodes(steps[k - 1], st, voc) if k else ()),
              os.path.join(out_dir, f"{base}_{k + 1}"))
             for k, st in enumerate(steps)]
    # one row that scrolls: each store at its natural size (a figure never shrinks below
    # its drawing), the action taken between two stores as an arrow
    parts = ["<div class='film-strip'>"]
    for k, (st, (path, svg)) in enumerate(zip(steps, write_drawings(items))):
        name = os.path.basename(path)
        caption = html.escape(f"{k + 1}. {st.location}" + (": reports the message" if k == n - 1 else ""))
        body = f"<img src='{name}' alt='{caption}'>" if svg else f"<a href='{name}'>{name}</a>"
        parts.append(f"<figure class='step'>{body}<figcaption>{caption}</figcaption></figure>")
        if k < n - 1:
            parts.append(f"<div class='action'>{html.escape(st.edge.action.title)}<br>&rarr;</div>")
    parts.append("</div>")
    return "\n".join(parts)
