"""HTML report of an analysis ``Result`` (reads the Result and nothing else).

``write_html_report(result, DIR)`` writes ``DIR/index.html``: the verdict
(from ``result.checks`` and ``result.verdict``; a vacuous run is said so, in
red), warnings, the checks and messages, the CFG (each location links to its
section) and one section per location.

The drawings load lazily, so that the index opens at once however many
structures there are (the report of insert_sort_b2 with --witness was a
12 MB page of 523 inline SVGs, 277,000 px tall).  A location's drawings,
those that report a message first with their culprit outlined and the
binding in the caption, are written into ``DIR/loc-NAME.js`` as one call
``tvlaFigures(NAME, HTML)``; its section in the index is a ``<details>``
element that loads that script when it is opened (a ``<script>`` element:
``fetch()`` is refused on ``file://`` pages) and puts the SVGs inline, where
the page's toggles reach them.  A location that reports a message is open
from the start; an address naming a location or one of its figures
(``#loc-exit``, ``#loc-exit-14``) opens it.  Each location also has a page of
its own, ``DIR/loc-NAME.html``, that loads the same script.  At most
``max_per_location`` structures of a location are drawn (those reporting a
message first), and both pages say how many were left out.

Every page with drawings has the legend and one toggle per binary predicate
and one for unary labels (kept in the browser's local storage).  Without
Graphviz the drawings are written as ``.dot`` files and linked.  The output
is deterministic: the same result gives the same bytes.
"""

import json
import os
from dataclasses import dataclass, field
from typing import Container, Dict, List, Optional, Sequence, Tuple

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from tvla.engine.results import MessageRecord, NoWitness, Result, Trigger
from tvla.logic.heap import order_predicate
from tvla.output.render import INSTALL_HINT, ORDER_ARROWS_MAX, Culprit, Dot, cfg_graph, display_numbers, safe_name, structure_graph, \
    to_svgs
from tvla.output.film_strip import film_strip_html
from tvla.output.witness_view import no_witness_line

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
    page: Optional[str] = None      # file of its own page (every location with structures has one)
    script: Optional[str] = None    # file of its drawings: tvlaFigures(NAME, HTML)
    left_out: int = 0

    @property
    def drawn(self) -> int:
        """How many of its structures are drawn."""
        return self.count - self.left_out


def _environment() -> Environment:
    return Environment(loader=PackageLoader("tvla.output", "templates"), autoescape=select_autoescape(["html", "j2"]),
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)


def binding_text(trigger: Trigger, numbers: Optional[Sequence[int]] = None) -> str:
    """``v = u2, w = u0`` for a trigger's binding (empty when it binds nothing); ``numbers``: the
    drawn number of each stored node (``render.display_numbers``), else the stored numbers."""
    return ", ".join(f"{var} = u{numbers[node] if numbers is not None else node}" for var, node in trigger.binding)


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
    if structures:
        section.page, section.script = f"loc-{safe_name(loc)}.html", f"loc-{safe_name(loc)}.js"
    return section, drawn, flagged


def _graphs(result: Result, loc: str, drawn: List[int], flagged: Flagged) -> List[Tuple[Figure, Dot]]:
    """(Figure, graph) of each structure to draw at ``loc``."""
    structures = result.locations.get(loc, [])
    out: List[Tuple[Figure, Dot]] = []
    for k in drawn:
        hits = flagged.get(k, [])
        numbers = display_numbers(structures[k], result.vocabulary)   # the names the drawing shows
        notes = [m.text + (f" ({binding_text(t, numbers)})" if t.binding else "") for m, t in hits]
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
              "install_hint": INSTALL_HINT, "cap": max_per_location, "order_arrows_max": ORDER_ARROWS_MAX}
    sections: List[Section] = []
    items: List[List[Tuple[Figure, Dot]]] = []
    for loc in result.order:
        section, drawn, flagged = _plan(result, loc, max_per_location)
        sections.append(section)
        items.append(_graphs(result, loc, drawn, flagged))
    # one call draws every structure of the report (a few dot processes)
    figures = iter(_draw([item for group in items for item in group], out_dir))
    figures_macro = env.get_template("macros.html.j2").module.figures   # type: ignore[attr-defined]
    for section, group in zip(sections, items):
        section.figures = [next(figures) for _item in group]
        if section.script and section.page:
            drawings = str(figures_macro(section, section.figures, INSTALL_HINT))
            _write(os.path.join(out_dir, section.script), figures_script(section.name, drawings))
            _write(os.path.join(out_dir, section.page),
                   env.get_template("location.html.j2").render(section=section, **common))
        section.figures = []
    cfg_svg, cfg_file = _cfg(result, out_dir)
    page = env.get_template("report.html.j2").render(sections=sections, cfg_svg=cfg_svg, cfg_file=cfg_file,
                                                      witnesses=_witnesses(result, out_dir), **common)
    path = os.path.join(out_dir, "index.html")
    _write(path, page)
    return path


def figures_script(location: str, drawings: str) -> str:
    """The script holding a location's drawings: ``tvlaFigures(NAME, HTML);`` (pure ASCII)."""
    return f"tvlaFigures({json.dumps(location)}, {json.dumps(drawings)});\n"


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
