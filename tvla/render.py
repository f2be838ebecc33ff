"""Drawing 3-valued structures: DOT text and SVG through Graphviz.

Conventions (engine.md): pointer variables are boxes with an arrow to their
node; other unary predicates are written inside the node (``=1/2`` when
indefinite); summary nodes have a double border; binary core predicates are
labeled arrows, solid for 1 and dotted for 1/2 (binary instrumentation
predicates and the definite self-loops of reflexive ones are left out);
nullary predicates go in a table beside the graph.  Output is deterministic.
"""

import shutil
import subprocess

from .kleene import HALF, TRUE, show
from .structure import bits

INSTALL_HINT = ("Graphviz's 'dot' was not found: install it (Debian/Ubuntu: apt-get install graphviz; "
                "macOS: brew install graphviz) to get SVG; the .dot files were written.")

_HIDDEN = ("sm", "isNew", "instance")


def _esc(text):
    return str(text).replace("\\", "\\\\").replace('"', '\\"')


def _html(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def structure_dot(s, voc, name="structure", title=None, marked=False):
    """DOT text of one structure."""
    lines = [f'digraph "{_esc(name)}" {{',
             '  graph [fontname="Helvetica", fontsize=11, rankdir=LR' +
             (f', label="{_esc(title)}", labelloc=t' if title else "") + "];",
             '  node [fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];']
    if marked:
        lines.append('  graph [color=red, penwidth=2];')
    pointers = [p for p in voc.unary if p.kind != "builtin" and p.is_pointer]
    others = [p for p in voc.unary if p.kind != "builtin" and not p.is_pointer]
    nullary = [p for p in voc.nullary]
    if nullary:
        rows = "".join(f"<TR><TD ALIGN=\"LEFT\">{_html(p.name)}</TD><TD>{show(s.nul[p.index])}</TD></TR>"
                       for p in nullary)
        lines.append(f'  nullary [shape=plaintext, label=<<TABLE BORDER="0" CELLBORDER="1" '
                     f'CELLSPACING="0">{rows}</TABLE>>];')
    for p in pointers:
        t, u = s.uT[p.index], s.uU[p.index]
        if not (t | u):
            continue
        lines.append(f'  "ptr_{_esc(p.name)}" [shape=box, style=filled, fillcolor="#eef3ff", '
                     f'label="{_esc(p.name)}"];')
        for x in bits(t | u):
            style = "dotted" if u >> x & 1 else "solid"
            lines.append(f'  "ptr_{_esc(p.name)}" -> "u{x}" [style={style}];')
    if s.n == 0:
        lines.append('  empty [shape=plaintext, label="(no nodes: every pointer is NULL)"];')
    summary = s.summary
    for x in range(s.n):
        label = [f"u{x}"]
        for p in others:
            v = s.unary(p.index, x)
            if v == TRUE:
                label.append(p.name)
            elif v == HALF:
                label.append(f"{p.name}=1/2")
        text = "\\n".join(_esc(x) for x in label)  # DOT's line break
        attrs = [f'label="{text}"', "shape=ellipse"]
        if summary >> x & 1:
            attrs.append("peripheries=2")
        lines.append(f'  "u{x}" [{", ".join(attrs)}];')
    for p in voc.binary:
        # derived relations (t[n] is a whole reachability matrix) would bury the
        # fields; definite self-loops of a reflexive relation say nothing
        if p.name in _HIDDEN or p.kind == "instr":
            continue
        reflexive = "reflexive" in p.props
        for x in range(s.n):
            t, u = s.bT[p.index][x], s.bU[p.index][x]
            if reflexive:
                t &= ~(1 << x)
            for y in bits(t | u):
                style = "dotted" if u >> y & 1 else "solid"
                lines.append(f'  "u{x}" -> "u{y}" [label="{_esc(p.name)}", style={style}];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def dot_available():
    return shutil.which("dot") is not None


def dots_to_svgs(dot_texts):
    """SVG texts for several DOT graphs through one ``dot`` process (a report may
    draw hundreds); None for each when Graphviz is not installed or fails."""
    exe = shutil.which("dot")
    if exe is None or not dot_texts:
        return [None] * len(dot_texts)
    proc = subprocess.run([exe, "-Tsvg"], input="\n".join(dot_texts).encode(), capture_output=True,
                          check=False)
    docs = ["<?xml" + d for d in proc.stdout.decode().split("<?xml")[1:]]
    if proc.returncode != 0 or len(docs) != len(dot_texts):
        return [None] * len(dot_texts)
    return docs


def write_dot_file(path, groups, voc):
    """Write every structure of ``groups`` [(location, [structures])] into one DOT file."""
    parts = []
    for loc, structures in groups:
        for k, s in enumerate(structures):
            parts.append(structure_dot(s, voc, name=f"{loc or 'input'}_{k + 1}",
                                       title=f"{loc or 'input'}: structure {k + 1} of {len(structures)}"))
    with open(path, "w") as fh:
        fh.write("\n".join(parts))
