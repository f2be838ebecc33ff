"""Drawing 3-valued structures and control-flow graphs: DOT text, and SVG
through Graphviz's ``dot`` (one process for many graphs).

How a structure is drawn (the legend of the HTML report says the same):

* a node is a rounded box named ``u0``, ``u1``...; a summary node has a
  double border; a maybe-active node (``ac`` = 1/2: it may not exist) a
  dashed one;
* nodes are named in a canonical order, not as the engine stores them (see
  ``display_order``): along the lists from the pointer variables, so that
  ``x -> u0 -> u1 -> u2`` reads in order and the same cell keeps its name
  from one structure to the next (the TVS and JSON outputs keep the
  engine's numbering);
* a pointer variable (a unary predicate declared ``pointer``, ``unique`` or
  ``box``) is a filled box with an arrow to its node;
* any other unary predicate is a line inside the node: ``p`` where it is 1,
  ``p?`` where it is 1/2, nothing where it is 0;
* a binary core predicate is a labeled arrow, solid for 1 and dotted for
  1/2; a pair of tuples with the same value both ways is one two-headed
  arrow; 0 is not drawn, nor are binary instrumentation predicates, the
  built-ins (``sm``, ``isNew``, ``instance``) and the definite self-loops of
  a reflexive predicate;
* data order as layout: when a core predicate is declared ``transitive
  reflexive`` (``dle``), nodes are placed left to right in its definite
  order (equal nodes in one column), its definite tuples are left out and
  only its 1/2 tuples are drawn: as dotted arrows in a structure of at most
  ``ORDER_ARROWS_MAX`` nodes, above that as a small table beside the graph
  (``u0 ↔ u2, u5``: 1/2 both ways; ``u1 → u3``: one way; ``u4 ↻``: on
  itself), where dozens of arrows would hide the list;
* nullary predicates are a table beside the graph; predicates of arity
  three or more are not drawn;
* the culprit of a message (nodes and tuples, see ``Trigger``) is outlined
  in red; a culprit tuple whose value is 0 is drawn red and dashed (``¬p``).

In the SVG, every drawn tuple carries the CSS class ``pred-NAME`` (edges,
variable boxes and their arrows, label lines; label lines also ``unary``)
and culprit parts the class ``culprit``, so that a page can hide or
highlight them.  Element ids start with the graph's name, which must be
unique on a page.  Output is deterministic.
"""

import html
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from typing import Collection, Container, Dict, FrozenSet, Iterable, List, Literal, Mapping, Optional, Protocol, \
    Sequence, Set, Tuple, Union

from tvla.engine.results import EdgeRecord
from tvla.logic.heap import order_predicate
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, show
from tvla.logic.structure import Structure, bits
from tvla.logic.vocabulary import Predicate, Vocabulary

INSTALL_HINT = ("Graphviz's 'dot' was not found: install it (Debian/Ubuntu: apt-get install graphviz; "
                "macOS: brew install graphviz) to get SVG; the .dot files were written.")

RED = "#d0021b"
FONT = "Helvetica"
_MARK = {TRUE: "", HALF: "?"}
_STYLE = {TRUE: "solid", HALF: "dotted", FALSE: "dashed"}
ORDER_ARROWS_MAX = 4
"""Largest structure (in nodes) whose 1/2 data-order tuples are drawn as arrows; above, a table."""


class Html(str):
    """An HTML-like DOT label (written between ``<`` and ``>``, not quoted)."""


def quote(value: object) -> str:
    """A DOT ID: an ``Html`` label as it is, anything else as a quoted string."""
    if isinstance(value, Html):
        return f"<{value}>"
    value = str(value)
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class Dot:
    """A DOT digraph written statement by statement (the ``graphviz`` package's
    quoting tripled the time to build a report's hundreds of graphs)."""

    def __init__(self, name: str, cluster: bool = False):
        """``cluster``: a ``subgraph "cluster_NAME"`` to nest in a larger graph, its node names
        prefixed by ``NAME:`` so that the clusters of one file never share a node."""
        self.name = name
        self.prefix = f"{name}:" if cluster else ""
        self.lines = [f"subgraph {quote('cluster_' + name)} {{" if cluster else f"digraph {quote(name)} {{"]

    @staticmethod
    def _attrs(attrs: Mapping[str, object]) -> str:
        return " [" + ", ".join(f"{k}={quote(v)}" for k, v in attrs.items()) + "]" if attrs else ""

    def attr(self, kind: str, **attrs: object) -> None:
        self.lines.append(f"  {kind}{self._attrs(attrs)};")

    def node(self, name: str, **attrs: object) -> None:
        self.lines.append(f"  {quote(self.prefix + name)}{self._attrs(attrs)};")

    def edge(self, tail: str, head: str, **attrs: object) -> None:
        self.lines.append(f"  {quote(self.prefix + tail)} -> {quote(self.prefix + head)}{self._attrs(attrs)};")

    def same_rank(self, names: Iterable[str]) -> None:
        self.lines.append("  { rank=same; " + " ".join(quote(self.prefix + n) + ";" for n in names) + " }")

    @property
    def source(self) -> str:
        return "\n".join(self.lines) + "\n}\n"


@dataclass(frozen=True)
class Arrow:
    """One drawn binary tuple: ``pred(source, target) = value`` (both ways when ``mutual``)."""

    pred: str
    source: int
    target: int
    value: Kleene
    mutual: bool = False
    culprit: bool = False


CulpritTuple = Tuple[str, Tuple[int, ...]]
"""A (predicate name, node tuple) pair of a culprit."""


class CulpritLike(Protocol):
    """Anything that says what to outline: a :class:`Culprit`, or a ``Trigger`` of the results."""

    @property
    def nodes(self) -> Collection[int]: ...

    @property
    def tuples(self) -> Collection[CulpritTuple]: ...


@dataclass(frozen=True)
class Culprit:
    """What to outline in red: nodes and (predicate name, node tuple) pairs."""

    nodes: FrozenSet[int] = frozenset()
    tuples: FrozenSet[CulpritTuple] = frozenset()

    @classmethod
    def of(cls, triggers: Iterable[CulpritLike]) -> "Culprit":
        """The union of the culprits of several triggers (anything with ``nodes`` and ``tuples``)."""
        return cls(frozenset(x for t in triggers for x in t.nodes),
                   frozenset(tup for t in triggers for tup in t.tuples))


def pred_class(name: str) -> str:
    """The CSS class of a predicate's drawn tuples."""
    return "pred-" + re.sub(r"\s+", "", name)


def drawn_arrows(s: Structure, voc: Vocabulary, order: Optional[Predicate] = None) -> List[Arrow]:
    """The binary tuples drawn as arrows, in vocabulary then node order."""
    out: List[Arrow] = []
    for p in voc.binary:
        if p.kind != "core":
            continue
        for x in range(s.n):
            for y in range(x, s.n):
                v, back = s.binary(p.index, x, y), s.binary(p.index, y, x)
                definite_hidden = p is order or ("reflexive" in p.props and x == y)
                if x == y:
                    if v == HALF or (v == TRUE and not definite_hidden):
                        out.append(Arrow(p.name, x, x, v))
                    continue
                if v == back and v != FALSE:
                    if not (v == TRUE and definite_hidden):
                        out.append(Arrow(p.name, x, y, v, mutual=True))
                    continue
                for a, b, w in ((x, y, v), (y, x, back)):
                    if w == HALF or (w == TRUE and p is not order):
                        out.append(Arrow(p.name, a, b, w))
    return out


def culprit_arrows(s: Structure, voc: Vocabulary, arrows: Iterable[Arrow],
                   culprit: Optional[CulpritLike]) -> List[Arrow]:
    """``arrows`` with the culprit's binary tuples marked, plus those not drawn otherwise."""
    wanted: Set[CulpritTuple] = {(name, tup) for name, tup in culprit.tuples if len(tup) == 2} if culprit else set()
    out: List[Arrow] = []
    for a in arrows:
        hit = {(a.pred, (a.source, a.target))} | ({(a.pred, (a.target, a.source))} if a.mutual else set())
        out.append(Arrow(a.pred, a.source, a.target, a.value, a.mutual, bool(hit & wanted)))
        wanted -= hit
    for name, (x, y) in sorted(wanted):
        p = voc.get(name)
        if p is not None:
            out.append(Arrow(name, x, y, s.binary(p.index, x, y), culprit=True))
    return out


def data_ranks(s: Structure, order: Optional[Predicate], arrows: Iterable[Arrow]) -> Optional[List[int]]:
    """Column of each node under the definite order of ``order`` (None when it orders nothing).

    Nodes equal in both directions share a column; a drawn arrow between
    nodes the order does not compare moves its target right when that keeps
    the columns acyclic (so a list reads left to right)."""
    if order is None or s.n == 0:
        return None
    le = [[s.binary(order.index, x, y) == TRUE for y in range(s.n)] for x in range(s.n)]
    cls = list(range(s.n))
    for x in range(s.n):
        for y in range(x):
            if le[x][y] and le[y][x]:
                cls[x] = cls[y]
                break
    import networkx as nx  # 80 ms to import: only when a data order is drawn, not at start-up
    g = nx.DiGraph()
    g.add_nodes_from(sorted(set(cls)))
    g.add_edges_from((cls[x], cls[y]) for x in range(s.n) for y in range(s.n) if le[x][y] and not le[y][x])
    if g.number_of_edges() == 0 or not nx.is_directed_acyclic_graph(g):
        return None
    for a in arrows:
        if a.pred == order.name or a.value == FALSE:
            continue
        u, w = cls[a.source], cls[a.target]
        if not a.mutual and u != w and not g.has_edge(u, w) and not nx.has_path(g, w, u):
            g.add_edge(u, w)
    col: Dict[int, int] = {}
    for c in nx.lexicographical_topological_sort(g):
        col[c] = max((col[b] + 1 for b in g.predecessors(c)), default=0)
    return [col[cls[x]] for x in range(s.n)]


def display_order(s: Structure, voc: Vocabulary) -> List[int]:
    """The stored indices of the nodes of ``s`` in the order the drawings name them (``u0`` first).

    Breadth first from the pointer variables, one variable after the other:
    first those at the head of a list (no arrow from another node into their
    node), then the others, each group in name order; from a node
    the core binary predicates are followed in vocabulary order (not the data
    order, which links every node), the 1 tuples before the 1/2 ones.  Nodes
    no variable reaches come last, breadth first from each in stored order.
    So a list reads ``u0 -> u1 -> u2`` from its head, and a cell gets the same
    name in every structure where the variables and lists around it agree."""
    order = order_predicate(voc)
    follow = [p.index for p in voc.binary if p.kind == "core" and p is not order]
    tables = [s.rows(i) for i in follow]
    rows = [[(rt[x], ru[x]) for rt, ru in tables] for x in range(s.n)]
    into = 0   # nodes an arrow (1 or 1/2) from another node points to
    for x in range(s.n):
        for t, u in rows[x]:
            into |= (t | u) & ~(1 << x)
    variables = sorted((p for p in voc.unary if p.kind != "builtin" and p.is_pointer),
                       key=lambda p: (not (s.unary_nodes(p.index, TRUE) & ~into), p.name))
    seeds: List[int] = []
    for p in variables:
        seeds += bits(s.unary_nodes(p.index, TRUE))
        seeds += bits(s.unary_nodes(p.index, HALF))
    seeds += range(s.n)
    named: List[int] = []
    seen = 0
    for seed in seeds:
        if seen >> seed & 1:
            continue
        seen |= 1 << seed
        queue = [seed]
        while queue:
            x = queue.pop(0)
            named.append(x)
            for t, u in rows[x]:
                for mask in (t, u):
                    for y in range(s.n):
                        if mask >> y & 1 and not seen >> y & 1:
                            seen |= 1 << y
                            queue.append(y)
    return named


def display_numbers(s: Structure, voc: Vocabulary) -> List[int]:
    """Per stored index of ``s``, the number of its drawn name (``u<number>``): see ``display_order``."""
    numbers = [0] * s.n
    for k, x in enumerate(display_order(s, voc)):
        numbers[x] = k
    return numbers


def renumbered_culprit(culprit: Optional[CulpritLike], numbers: Sequence[int]) -> Optional[Culprit]:
    """``culprit`` with its nodes renumbered as :meth:`Structure.renumbered` does."""
    if culprit is None:
        return None
    return Culprit(frozenset(numbers[x] for x in culprit.nodes),
                   frozenset((name, tuple(numbers[x] for x in tup)) for name, tup in culprit.tuples))


def _classes(*names: Union[str, Literal[False]]) -> str:
    return " ".join(n for n in names if n)


def _label_cell(gid: str, x: int, name: str, text: str, classes: str, tooltip: str, culprit: bool) -> str:
    """A label line; its id carries the classes until ``fix_svg`` moves them (Graphviz 2.x has no CLASS in labels)."""
    shown = f'<FONT COLOR="{RED}">{html.escape(text)}</FONT>' if culprit else html.escape(text)
    return (f'<TR><TD ID="{gid}-u{x}-{html.escape(name)}|{classes}" HREF="#" TOOLTIP="{html.escape(tooltip)}" '
            f'ALIGN="LEFT">{shown}</TD></TR>')


def node_label(s: Structure, voc: Vocabulary, x: int, gid: str, culprit_tuples: Container[CulpritTuple]) -> Html:
    """The HTML-like label of node ``x``: its name and its unary labels."""
    rows = [f'<TR><TD ALIGN="LEFT"><B>u{x}</B></TD></TR>']
    for p in voc.unary:
        if p.kind == "builtin" or p.is_pointer:
            continue
        v = s.unary(p.index, x)
        hit = (p.name, (x,)) in culprit_tuples
        if v == FALSE and not hit:
            continue
        text = p.name + _MARK[v] if v != FALSE else "¬" + p.name
        tip = f"{p.name}(u{x}) = {show(v)}"
        classes = _classes(pred_class(p.name), "unary", hit and "culprit")
        rows.append(_label_cell(gid, x, p.name, text, classes, tip, hit))
    return Html('<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">' + "".join(rows) + "</TABLE>")


def _add_nodes(g: Dot, s: Structure, voc: Vocabulary, gid: str, culprit: Optional[CulpritLike]) -> None:
    nodes = set(culprit.nodes) if culprit else set()
    tuples = set(culprit.tuples) if culprit else set()
    summary = s.summary
    for x in range(s.n):
        attrs = {"id": f"{gid}-u{x}", "label": node_label(s, voc, x, gid, tuples)}
        if summary >> x & 1:
            attrs["peripheries"] = "2"
        if s.is_maybe_active(x):
            attrs["style"] = "rounded,dashed"
        if x in nodes:
            attrs.update({"class": "culprit", "color": RED, "penwidth": "2.5"})
        g.node(f"u{x}", **attrs)
    if s.n == 0:
        g.node("empty", label="(no nodes: every pointer is NULL)", shape="plaintext", id=f"{gid}-empty")


def _add_pointers(g: Dot, s: Structure, voc: Vocabulary, gid: str, culprit: Optional[CulpritLike],
                  ranks: Optional[List[int]]) -> None:
    tuples = set(culprit.tuples) if culprit else set()
    for p in voc.unary:
        if p.kind == "builtin" or not p.is_pointer:
            continue
        targets = [x for x in range(s.n) if s.unary(p.index, x) != FALSE]
        if not targets:
            continue
        box = f"var {p.name}"
        g.node(box, label=p.name, shape="box", style="filled", fillcolor="#e4ecff", width="0.4", height="0.3",
               id=f"{gid}-{p.name}", **{"class": _classes(pred_class(p.name), "var")})
        for x in targets:
            hit = (p.name, (x,)) in tuples
            attrs = {"style": _STYLE[s.unary(p.index, x)], "id": f"{gid}-{p.name}-u{x}",
                     "class": _classes(pred_class(p.name), "var", hit and "culprit")}
            if hit:
                attrs.update({"color": RED, "penwidth": "2.5"})
            g.edge(box, f"u{x}", **attrs)
        if ranks is not None:
            g.same_rank([box, f"u{targets[0]}"])   # the box in its node's column


def _add_arrows(g: Dot, arrows: Sequence[Arrow], gid: str, ranks: Optional[List[int]]) -> None:
    for k, a in enumerate(arrows):
        attrs = {"label": a.pred if a.value != FALSE else "¬" + a.pred, "style": _STYLE[a.value],
                 "id": f"{gid}-e{k}", "class": _classes(pred_class(a.pred), a.culprit and "culprit")}
        if a.culprit:
            attrs.update({"color": RED, "fontcolor": RED, "penwidth": "2.5"})
        tail, head = a.source, a.target
        if ranks is not None and ranks[tail] > ranks[head]:
            # drawn right to left as a reversed edge: it keeps the columns in
            # order (constraint=false with a label crashes Graphviz 2.43)
            tail, head = head, tail
            attrs["dir"] = "back"
        if a.mutual:
            attrs["dir"] = "both"
        if ranks is not None and ranks[tail] == ranks[head] and tail != head:
            # a labeled edge within a column corrupts Graphviz 2.43's memory; xlabel does not
            attrs["xlabel"] = attrs.pop("label")
        g.edge(f"u{tail}", f"u{head}", **attrs)


def _add_columns(g: Dot, ranks: List[int]) -> None:
    """Nodes in columns: one rank per column, chained by invisible edges."""
    columns: Dict[int, List[str]] = {}
    for x, r in enumerate(ranks):
        columns.setdefault(r, []).append(f"u{x}")
    for r in sorted(columns):
        g.same_rank(columns[r])
        if r + 1 in columns:
            g.edge(columns[r][0], columns[r + 1][0], style="invis", weight="10")


def order_rows(arrows: Iterable[Arrow]) -> List[str]:
    """The 1/2 tuples of the data order as the lines of a table: ``u0 ↔ u2, u5``
    (1/2 both ways), ``u1 → u3`` (one way only), ``u4 ↻`` (on itself)."""
    rows: Dict[Tuple[int, int], List[int]] = {}
    for a in arrows:
        kind = 0 if a.source == a.target else (1 if a.mutual else 2)
        rows.setdefault((a.source, kind), []).append(a.target)
    out: List[str] = []
    for (x, kind), targets in sorted(rows.items()):
        if kind == 0:
            out.append(f"u{x} ↻")
        else:
            out.append(f"u{x} {'↔' if kind == 1 else '→'} " + ", ".join(f"u{y}" for y in sorted(targets)))
    return out


def _add_order_table(g: Dot, order: Predicate, arrows: Sequence[Arrow], gid: str) -> None:
    """The 1/2 tuples of the data order as a table beside the graph (instead of dozens of dotted arrows)."""
    if not arrows:
        return
    rows = "".join(f'<TR><TD ALIGN="LEFT">{html.escape(row)}</TD></TR>' for row in order_rows(arrows))
    title = f'<TR><TD ALIGN="LEFT"><B>{html.escape(order.name)}</B> = 1/2</TD></TR>'
    g.node("order", shape="plaintext", id=f"{gid}-order", fontsize="11", **{"class": f"{pred_class(order.name)} order"},
           label=Html(f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1" COLOR="#888888">'
                      f'{title}{rows}</TABLE>'))


def _add_nullary(g: Dot, s: Structure, voc: Vocabulary, gid: str) -> None:
    if not voc.nullary:
        return
    rows = "".join(f'<TR><TD ALIGN="LEFT">{html.escape(p.name)}</TD><TD>{show(s.nul[p.index])}</TD></TR>'
                   for p in voc.nullary)
    g.node("nullary", shape="plaintext", id=f"{gid}-nullary",
           label=Html(f'<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0">{rows}</TABLE>'))


def structure_graph(s: Structure, voc: Vocabulary, name: str = "structure", title: Optional[str] = None,
                    culprit: Optional[CulpritLike] = None, cluster: bool = False, canonical: bool = True) -> Dot:
    """The ``Dot`` graph of one structure; ``culprit`` (a ``Trigger`` or
    anything with ``nodes`` and ``tuples``, in the structure's own numbering) is
    outlined in red; ``cluster``: as a cluster (``Dot``); ``canonical``: nodes
    named in ``display_order`` (else as stored)."""
    if canonical:
        numbers = display_numbers(s, voc)
        s, culprit = s.renumbered(numbers), renumbered_culprit(culprit, numbers)
    gid = re.sub(r"[^\w-]", "_", name)
    g = Dot(name, cluster)
    g.attr("graph", id=gid, rankdir="LR", fontname=FONT, fontsize="12", nodesep="0.3", ranksep="0.5",
           **({"label": title, "labelloc": "t"} if title else {}))
    g.attr("node", fontname=FONT, fontsize="13", shape="box", style="rounded", margin="0.08,0.04")
    g.attr("edge", fontname=FONT, fontsize="12", arrowsize="0.7")
    order = order_predicate(voc)
    arrows = culprit_arrows(s, voc, drawn_arrows(s, voc, order), culprit)
    ranks = data_ranks(s, order, arrows)
    _add_nullary(g, s, voc, gid)
    if order is not None and s.n > ORDER_ARROWS_MAX:
        def tabled(a: Arrow) -> bool:
            return a.pred == order.name and a.value == HALF and not a.culprit   # a culprit stays an arrow
        _add_order_table(g, order, [a for a in arrows if tabled(a)], gid)
        arrows = [a for a in arrows if not tabled(a)]
    _add_nodes(g, s, voc, gid, culprit)
    if ranks is not None:
        _add_columns(g, ranks)
    _add_pointers(g, s, voc, gid, culprit, ranks)
    _add_arrows(g, arrows, gid, ranks)
    return g


def structure_dot(s: Structure, voc: Vocabulary, name: str = "structure", title: Optional[str] = None,
                  culprit: Optional[CulpritLike] = None, canonical: bool = False) -> str:
    """DOT text of one structure, its nodes named as stored (for code that holds stored node
    numbers) unless ``canonical`` (as the report and ``tvla render`` draw it: ``display_order``)."""
    return structure_graph(s, voc, name, title, culprit, canonical=canonical).source


def cfg_graph(order: Iterable[str], edges: Iterable[EdgeRecord], counts: Mapping[str, int],
              alarmed: Container[str] = (), unreached: Container[str] = ()) -> Dot:
    """The control-flow graph: one box per location (``counts[loc]`` structures,
    linked to ``#loc-NAME``; red when a message fires there, grey when no
    structure reached it) and one arrow per edge labeled with the action's title."""
    g = Dot("cfg")
    g.attr("graph", id="cfg", rankdir="TB", fontname=FONT)
    g.attr("node", shape="box", style="rounded", fontname=FONT, fontsize="12")
    g.attr("edge", fontname=FONT, fontsize="11")
    for loc in order:
        attrs = {"label": f"{loc}\n{counts.get(loc, 0)} structures", "URL": f"#loc-{loc}", "target": "_top",
                 "id": f"cfg-{loc}"}
        if loc in alarmed:
            attrs.update({"color": RED, "penwidth": "2"})
        elif loc in unreached:
            attrs.update({"color": "#999999", "fontcolor": "#999999"})
        g.node(loc, **attrs)
    for e in edges:
        g.edge(e.source, e.target, label=e.title.replace("\n", " "))
    return g


def dot_available() -> bool:
    return shutil.which("dot") is not None


_PROLOGUE = re.compile(r"^.*?(?=<svg)", re.S)
_SIZE = re.compile(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"')
_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)
_LABEL_ID = re.compile(r'<g id="a_([^"|]*)\|([^"]*)"><a xlink:href="#"')


def fix_svg(svg: str) -> str:
    """An SVG document as Graphviz wrote it, made fit to inline in HTML: no XML
    prologue nor comments, sized in px instead of pt, ``-`` unescaped, and the
    classes of label lines moved from their ids (their dummy link removed)."""
    svg = _COMMENT.sub("", _PROLOGUE.sub("", svg, count=1)).replace("&#45;", "-")
    # 1 px per point: 11 pt labels stay 11 px, as a page does not scale drawings down
    svg = _SIZE.sub(r'<svg width="\1px" height="\2px"', svg, count=1)
    return _LABEL_ID.sub(lambda m: f'<g id="{m.group(1)}" class="{m.group(2)}"><a', svg)


def _run_dot(exe: str, sources: List[str]) -> List[Optional[str]]:
    proc = subprocess.run([exe, "-Tsvg"], input="".join(sources).encode(), capture_output=True, check=False)
    docs: List[str] = ["<?xml" + d for d in proc.stdout.decode().split("<?xml")[1:]]
    if proc.returncode != 0 or len(docs) != len(sources):
        if len(sources) > 1:   # one graph that Graphviz fails on does not cost the others
            return [svg for src in sources for svg in _run_dot(exe, [src])]
        return [None]
    return [fix_svg(d) for d in docs]


MAX_DRAWN_EDGES = 250
"""Graphviz takes minutes to lay out a denser graph (a structure of 27 nodes and 600 edges, left
by -join ind with no blur: 77 s; 150 edges: half a second): such a structure is left as DOT text."""


def edge_count(g: Dot) -> int:
    return sum(1 for line in g.lines if " -> " in line)


def to_svgs(graphs: Sequence[Dot], jobs: Optional[int] = None) -> List[Optional[str]]:
    """SVG text of each graph, None for each when Graphviz is not installed or
    fails, or for a graph of more than :data:`MAX_DRAWN_EDGES` edges.  A few ``dot``
    processes (one per CPU) draw them all: a report draws hundreds."""
    exe = shutil.which("dot")
    if exe is None or not graphs:
        return [None] * len(graphs)
    drawn = [k for k, g in enumerate(graphs) if edge_count(g) <= MAX_DRAWN_EDGES]
    if len(drawn) < len(graphs):
        out: List[Optional[str]] = [None] * len(graphs)
        for k, svg in zip(drawn, to_svgs([graphs[k] for k in drawn], jobs)):
            out[k] = svg
        return out
    from concurrent.futures import ThreadPoolExecutor   # here: a run that draws nothing starts sooner
    sources = [g.source for g in graphs]
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(sources) // 20 or 1))
    size = -(-len(sources) // jobs)
    chunks = [sources[k:k + size] for k in range(0, len(sources), size)]
    with ThreadPoolExecutor(len(chunks)) as pool:
        return [svg for part in pool.map(lambda c: _run_dot(exe, c), chunks) for svg in part]


def write_drawings(items: Sequence[Tuple[Dot, str]]) -> List[Tuple[str, bool]]:
    """Write each (graph, base path) as ``base.svg``, or ``base.dot`` without
    Graphviz; return [(path, is SVG)]."""
    out: List[Tuple[str, bool]] = []
    for (g, base), svg in zip(items, to_svgs([g for g, _b in items])):
        path, text = (base + ".svg", svg) if svg is not None else (base + ".dot", g.source)
        with open(path, "w") as fh:
            fh.write(text)
        out.append((path, svg is not None))
    return out


def write_dot_file(path: str, groups: Iterable[Tuple[Optional[str], Sequence[Structure]]], voc: Vocabulary) -> None:
    """Write every structure of ``groups`` [(location, [structures])] into one DOT file: one graph
    holding a cluster per structure (Graphviz 2.43's ``dot -Tps`` crashes on a file of several graphs)."""
    parts = ["digraph \"structures\" {\n  graph [rankdir=\"LR\"];\n"]
    for loc, structures in groups:
        for k, s in enumerate(structures):
            g = structure_graph(s, voc, name=f"{loc or 'input'}_{k + 1}",
                                title=f"{loc or 'input'}: structure {k + 1} of {len(structures)}", cluster=True)
            parts.append(g.source)
    parts.append("}\n")
    with open(path, "w") as fh:
        fh.write("\n".join(parts))


def safe_name(name: str) -> str:
    """``name`` with every character but letters, digits, ``-`` and ``_`` replaced by ``_``."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)


def infer_display(voc: Vocabulary, structures: Sequence[Structure]) -> None:
    """Declare, on a vocabulary inferred from a TVS file, what the drawing needs.

    A unary predicate never 1/2, and 1 on at most one node in every structure
    (on one somewhere), is a ``pointer``.  Of the binary predicates whose
    definite part is a preorder (reflexive on non-summary nodes, transitive)
    and total (no pair 0 both ways) in every structure, the one with the most
    tuples is declared ``transitive reflexive`` and laid out as data order."""
    for p in voc.unary:
        if p.kind == "builtin" or any(s.unary_nodes(p.index, HALF) for s in structures):
            continue
        counts = [bin(s.unary_nodes(p.index, TRUE)).count("1") for s in structures]
        if counts and max(counts) == 1:
            p.props = p.props | {"pointer"}
    orders = [p for p in voc.binary if p.kind != "builtin" and structures
              and all(_total_preorder(s, p.index) for s in structures)]
    if orders:
        best = max(orders, key=lambda p: (sum(_tuples(s, p.index) for s in structures), -p.index))
        best.props = best.props | {"transitive", "reflexive"}


def _tuples(s: Structure, i: int) -> int:
    return sum(bin(t | u).count("1") for t, u in zip(*s.rows(i)))


def _total_preorder(s: Structure, i: int) -> bool:
    rows, half_rows = s.rows(i)
    some = [t | u for t, u in zip(rows, half_rows)]
    for x in range(s.n):
        if not s.is_summary(x) and not rows[x] >> x & 1:
            return False
        for y in range(s.n):
            if rows[x] >> y & 1 and rows[y] & ~rows[x]:
                return False
            if not (some[x] >> y & 1 or some[y] >> x & 1):
                return False
    return True
