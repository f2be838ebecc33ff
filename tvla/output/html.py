"""HTML report of an analysis ``Result`` (reads the Result and nothing else).

``write_html_report(result, DIR)`` writes ``DIR/index.html``: the verdict
(from ``result.checks`` and ``result.verdict``; a vacuous run is said so, in
red), warnings, the checks and messages, the CFG (each location links to its
section) and one section per location.  A location's structures are drawn
inline as SVG, those that report a message first with their culprit
outlined and the binding in the caption; a location with more than
``max_per_location`` structures gets a page of its own (``DIR/loc-NAME.html``)
with the first ``max_per_location`` of them, and both pages say how many
were left out.  Every page with drawings has the legend and one toggle per
binary predicate and one for unary labels (kept in the browser's local
storage).  Without Graphviz the drawings are written as ``.dot`` files and
linked.
"""

import os
from dataclasses import dataclass, field
from typing import Container, Dict, List, Optional, Tuple

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from tvla.engine.results import MessageRecord, NoWitness, Result, Trigger
from tvla.logic.heap import order_predicate
from tvla.output.render import INSTALL_HINT, Culprit, Dot, cfg_graph, safe_name, structure_graph, to_svgs
from tvla.output.witness_view import film_strip_html, no_witness_line

Flagged = Dict[int, List[Tuple[MessageRecord, Trigger]]]
"""Structure index -> the messages it reports, each with its trigger."""


@dataclass
class Figure:
    """One drawn structure: its number at the location, caption lines and drawing."""

    number: int
    notes: List[str] = field(default_factory=list)   # "message text (v = u2)"
    svg: Optional[Markup] = None
    dot_file: Optional[str] = None


@dataclass
class Section:
    """A location: its structures, the figures drawn on this page, where the rest are."""

    name: str
    count: int
    max_nodes: int
    messages: List[MessageRecord]
    reached: bool
    figures: List[Figure] = field(default_factory=list)
    page: Optional[str] = None      # file of its own page, when above the cap
    left_out: int = 0


def _environment() -> Environment:
    return Environment(loader=PackageLoader("tvla.output", "templates"), autoescape=select_autoescape(["html", "j2"]),
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def binding_text(trigger: Trigger) -> str:
    """``v = u2, w = u0`` for a trigger's binding (empty when it binds nothing)."""
    return ", ".join(f"{var} = u{node}" for var, node in trigger.binding)


def triggers_at(result: Result, loc: str) -> Flagged:
    """{structure index: [(message, trigger)]} for the messages reported at ``loc``."""
    out: Flagged = {}
    for m in result.messages_at(loc):
        for t in m.triggers:
            out.setdefault(t.index, []).append((m, t))
    return out


def figure_order(count: int, flagged: Container[int]) -> List[int]:
    """Structure indices with those that report a message first, each group in store order."""
    return sorted(range(count), key=lambda k: (k not in flagged, k))


def _plan(result: Result, loc: str, cap: int) -> Tuple[Section, List[int], Flagged]:
    """The Section of ``loc`` and the indices of the structures to draw for it."""
    structures = result.locations.get(loc, [])
    flagged = triggers_at(result, loc)
    section = Section(loc, len(structures), result.max_nodes(loc), result.messages_at(loc),
                      loc in result.reached or bool(structures))
    drawn = figure_order(len(structures), flagged)[:cap]
    section.left_out = len(structures) - len(drawn)
    if len(structures) > cap:
        section.page = f"loc-{safe_name(loc)}.html"
    return section, drawn, flagged


def _graphs(result: Result, loc: str, drawn: List[int], flagged: Flagged) -> List[Tuple[Figure, Dot]]:
    """(Figure, graph) of each structure to draw at ``loc``."""
    structures = result.locations.get(loc, [])
    out: List[Tuple[Figure, Dot]] = []
    for k in drawn:
        hits = flagged.get(k, [])
        notes = [m.text + (f" ({binding_text(t)})" if t.binding else "") for m, t in hits]
        culprit = Culprit.of([t for _m, t in hits]) if hits else None
        g = structure_graph(structures[k], result.vocabulary, name=f"s-{safe_name(loc)}-{k + 1}",
                            culprit=culprit)
        out.append((Figure(k + 1, notes), g))
    return out


def _draw(items: List[Tuple[Figure, Dot]], out_dir: str) -> List[Figure]:
    """Attach an inline SVG (or a written .dot file without Graphviz) to each (Figure, graph)."""
    for (fig, g), svg in zip(items, to_svgs([g for _f, g in items])):
        if svg is not None:
            fig.svg = Markup(svg)
        else:
            fig.dot_file = f"{g.name}.dot"
            with open(os.path.join(out_dir, fig.dot_file), "w") as fh:
                fh.write(g.source)
    return [fig for fig, _g in items]


def _toggles(result: Result) -> List[str]:
    """Names of the binary predicates a drawing may show (one toggle each)."""
    return [p.name for p in result.vocabulary.binary if p.kind == "core"] + \
        sorted({name for m in result.messages for t in m.triggers for name, tup in t.tuples
                if len(tup) == 2 and result.vocabulary.get(name) is not None
                and result.vocabulary[name].kind != "core"})


def _cfg(result: Result, out_dir: str) -> Tuple[Optional[Markup], Optional[str]]:
    counts = {loc: len(result.locations.get(loc, [])) for loc in result.order}
    g = cfg_graph(result.order, result.edges, counts, alarmed={m.location for m in result.messages},
                  unreached={loc for loc in result.order if loc not in result.reached and not counts[loc]})
    svg, = to_svgs([g])
    if svg is not None:
        return Markup(svg), None
    with open(os.path.join(out_dir, "cfg.dot"), "w") as fh:
        fh.write(g.source)
    return None, "cfg.dot"


def write_html_report(result: Result, out_dir: str, max_per_location: int = 200) -> str:
    """Write the report into ``out_dir``; return the path of its ``index.html``."""
    os.makedirs(out_dir, exist_ok=True)
    env = _environment()
    order = order_predicate(result.vocabulary)
    common = {"result": result, "toggles": _toggles(result), "order": order.name if order else None,
              "install_hint": INSTALL_HINT, "cap": max_per_location}
    sections: List[Section] = []
    items: List[List[Tuple[Figure, Dot]]] = []
    for loc in result.order:
        section, drawn, flagged = _plan(result, loc, max_per_location)
        sections.append(section)
        items.append(_graphs(result, loc, drawn, flagged))
    # one call draws every structure of the report (a few dot processes)
    figures = iter(_draw([item for group in items for item in group], out_dir))
    for section, group in zip(sections, items):
        section.figures = [next(figures) for _item in group]
        if section.page:
            page = env.get_template("location.html.j2").render(section=section, figures=section.figures,
                                                               **common)
            _write(os.path.join(out_dir, section.page), page)
            section.figures = []
    cfg_svg, cfg_file = _cfg(result, out_dir)
    page = env.get_template("report.html.j2").render(sections=sections, cfg_svg=cfg_svg, cfg_file=cfg_file,
                                                      witnesses=_witnesses(result, out_dir), **common)
    path = os.path.join(out_dir, "index.html")
    _write(path, page)
    return path


def _witnesses(result: Result, out_dir: str) -> List[Tuple[MessageRecord, Optional[Markup], str]]:
    """(message, film strip or None, text line) for every message whose witness was searched."""
    out: List[Tuple[MessageRecord, Optional[Markup], str]] = []
    for k, m in enumerate(result.messages):
        w = m.witness
        if w is None:
            continue
        if isinstance(w, NoWitness):
            out.append((m, None, no_witness_line(w)))
        else:
            strip = Markup(film_strip_html(w, out_dir, f"witness_{k + 1}"))
            out.append((m, strip, f"a concrete run of {len(w.steps)} step(s) with at most {w.nodes} node(s)"))
    return out


def _write(path: str, text: str) -> None:
    with open(path, "w") as fh:
        fh.write(text)
