"""HTML report of an analysis and SVG rendering of TVS files.

``write_html_report`` writes ``DIR/index.html`` with a summary (program,
input, options, verdict per assertion, messages, counts per location), the
CFG as SVG with a link from each location to its section, and the structures
of the printed locations as SVG files (collapsed sections, lazy-loaded
images).  Without Graphviz the ``.dot`` files are written instead.
"""

import html
import os

from .render import INSTALL_HINT, dots_to_svgs, structure_dot

_STYLE = """
body { font-family: Helvetica, Arial, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #f3f3f3; }
.proved { color: #176b2c; font-weight: bold; }
.failed { color: #a31515; font-weight: bold; }
.structures { display: flex; flex-wrap: wrap; gap: 1em; }
figure { border: 1px solid #ddd; padding: 0.5em; margin: 0; max-width: 46%; }
figure img { max-width: 100%; height: auto; max-height: 520px; }
object.cfg { max-width: 100%; }
figure.marked { border: 2px solid #a31515; }
figcaption { font-size: 0.85em; color: #555; }
.note { color: #777; font-size: 0.9em; }
"""


def _svg_or_dot(dot_text, base):
    """Write base.svg (or base.dot without Graphviz); return (file name, is SVG)."""
    return _write_drawings([(dot_text, base)])[0]


def _write_drawings(items):
    """Write each (DOT text, base path) as base.svg, or base.dot without Graphviz;
    return [(file name, is SVG)].  One ``dot`` process draws them all."""
    out = []
    for (dot_text, base), svg in zip(items, dots_to_svgs([d for d, _b in items])):
        ext, text = (".svg", svg) if svg is not None else (".dot", dot_text)
        with open(base + ext, "w") as fh:
            fh.write(text)
        out.append((os.path.basename(base) + ext, svg is not None))
    return out


def cfg_dot(result):
    lines = ['digraph cfg {', '  graph [rankdir=TB, fontname="Helvetica"];',
             '  node [shape=box, style=rounded, fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];']
    for loc in result.order:
        n = len(result.locations.get(loc, []))
        msgs = len(result.messages_at(loc))
        color = ', color="#a31515", penwidth=2' if msgs else ""
        lines.append(f'  "{loc}" [label="{loc}\\n{n} structures", URL="#loc-{loc}", target="_top"{color}];')
    for e in result.edges:
        title = e.title.replace('"', '\\"').replace("\n", " ")
        lines.append(f'  "{e.source}" -> "{e.target}" [label="{title}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_html_report(result, out_dir, max_per_location=200):
    os.makedirs(out_dir, exist_ok=True)
    esc = html.escape
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>tvla: {esc(result.program)}</title>"
             f"<style>{_STYLE}</style></head><body>",
             f"<h1>Analysis of {esc(os.path.basename(result.program))}</h1>",
             "<table>",
             f"<tr><th>program</th><td>{esc(result.program)}</td></tr>",
             f"<tr><th>input</th><td>{esc(result.input)}</td></tr>"]
    for k, v in result.options.to_json().items():
        parts.append(f"<tr><th>{esc(str(k))}</th><td>{esc(str(v))}</td></tr>")
    parts.append(f"<tr><th>structures</th><td>{result.total_structures}</td></tr>")
    parts.append(f"<tr><th>time</th><td>{result.total_seconds:.2f}s</td></tr>")
    if result.limit_hit:
        parts.append(f"<tr><th>stopped</th><td class='failed'>{esc(result.limit_hit)} limit reached: "
                     "partial results</td></tr>")
    parts.append("</table>")
    verdict_cls = "proved" if result.verdict == "proved" else "failed"
    parts.append(f"<h2>Verdict: <span id='verdict' class='{verdict_cls}'>{esc(result.verdict)}</span></h2>")
    for w in result.warnings:
        parts.append(f"<p class='failed'>Warning: {esc(w)}</p>")
    parts.append("<table id='verdicts'><tr><th>check</th><th>location</th><th>status</th></tr>")
    for c in result.checks:
        cls = "proved" if c.status == "proved" else "failed"
        parts.append(f"<tr><td>{esc(c.title)}</td><td><a href='#loc-{esc(c.location)}'>{esc(c.location)}</a></td>"
                     f"<td class='{cls}'>{esc(c.status)}</td></tr>")
    parts.append("</table>")
    parts.append("<h2>Messages</h2>")
    if result.messages:
        parts.append("<table><tr><th>location</th><th>action</th><th>message</th><th>structures</th></tr>")
        for m in result.messages:
            parts.append(f"<tr><td><a href='#loc-{esc(m.location)}'>{esc(m.location)}</a></td>"
                         f"<td>{esc(m.action)}</td><td>{esc(m.text)}</td><td>{m.count}</td></tr>")
        parts.append("</table>")
    else:
        parts.append("<p class='proved'>No messages.</p>")
    cfg_file, have_svg = _svg_or_dot(cfg_dot(result), os.path.join(out_dir, "cfg"))
    parts.append("<h2>Control-flow graph</h2>")
    if have_svg:
        parts.append(f"<object class='cfg' type='image/svg+xml' data='{cfg_file}'>CFG</object>")
    else:
        parts.append(f"<p>{esc(INSTALL_HINT)} <a href='{cfg_file}'>{cfg_file}</a></p>")
    parts.append("<h2>Locations</h2><table><tr><th>location</th><th>structures</th><th>max graph</th>"
                 "<th>messages</th></tr>")
    for loc in result.order:
        parts.append(f"<tr><td><a href='#loc-{esc(loc)}'>{esc(loc)}</a></td>"
                     f"<td>{len(result.locations.get(loc, []))}</td><td>{result.max_nodes(loc)}</td>"
                     f"<td>{len(result.messages_at(loc))}</td></tr>")
    parts.append("</table>")
    printed = result.printed or result.order
    voc = result.voc
    for loc in result.order:
        structures = result.locations.get(loc, [])
        parts.append(f"<section id='loc-{esc(loc)}'><h3>{esc(loc)}: {len(structures)} structures</h3>")
        if loc in printed and structures:
            # structures on which a message of this location fires come first
            flagged = {t.index for m in result.messages_at(loc) for t in m.triggers}
            order = sorted(range(len(structures)), key=lambda k: (k not in flagged, k))
            parts.append(f"<details{' open' if len(structures) <= 12 else ''}><summary>show "
                         f"{len(structures)} structures</summary><div class='structures'>")
            drawn = _write_drawings([
                (structure_dot(structures[k], voc, name=f"{loc}_{k + 1}", marked=k in flagged),
                 os.path.join(out_dir, f"{_safe(loc)}_{k + 1}")) for k in order])
            for k, (fname, svg) in zip(order, drawn):
                cls = " class='marked'" if k in flagged else ""
                cap = f"structure {k + 1}" + (" (reports a message)" if k in flagged else "")
                body = f"<a href='{fname}'><img loading='lazy' src='{fname}' alt='{esc(cap)}'></a>" if svg else \
                    f"<a href='{fname}'>{fname}</a>"
                parts.append(f"<figure{cls}>{body}<figcaption>{esc(cap)}</figcaption></figure>")
            parts.append("</div></details>")
        elif structures:
            parts.append(f"<p class='note'>Not drawn: the program prints {esc(', '.join(printed))}.</p>")
        parts.append("</section>")
    parts.append("</body></html>")
    path = os.path.join(out_dir, "index.html")
    with open(path, "w") as fh:
        fh.write("\n".join(parts) + "\n")
    return path


def _safe(name):
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)


def render_tvs_file(tvs_file, out_dir=None, program=None):
    """Draw each structure of a TVS file; the predicates are declared implicitly from the file."""
    from .tvs import read_tvs
    if program:
        from .tvp import load_program
        voc = load_program(program).vocabulary
    else:
        voc = _infer_vocabulary(tvs_file)
    out_dir = out_dir or os.path.splitext(tvs_file)[0] + "_svg"
    os.makedirs(out_dir, exist_ok=True)
    base = _safe(os.path.splitext(os.path.basename(tvs_file))[0])
    drawn = _write_drawings([
        (structure_dot(s, voc, name=f"{base}_{k}", title=f"{loc + ': ' if loc else ''}structure {k}"),
         os.path.join(out_dir, f"{base}_{k}"))
        for k, (loc, s) in enumerate(read_tvs(tvs_file, voc), 1)])
    return [os.path.join(out_dir, f) for f, _svg in drawn], all(svg for _f, svg in drawn)


def _infer_vocabulary(tvs_file):
    """Declare every predicate a TVS file uses, with the arity it is used with."""
    import re
    from .preprocess import preprocess
    from .vocabulary import Predicate, Vocabulary
    text = preprocess(tvs_file).text
    voc = Vocabulary.create()
    for m in re.finditer(r"(?<![%\w$])([A-Za-z_$][\w$]*(?:\[[^\]]*\])?)\s*=\s*(\{[^{}]*\}|1/2|1|0)", text):
        name = re.sub(r"\s+", "", m.group(1))
        if name in voc:
            continue
        body = m.group(2)
        if not body.startswith("{"):
            arity = 0
        elif "->" in body:
            arity = 2
        elif "(" in body:
            arity = body[body.index("("):body.index(")")].count(",") + 1
        else:
            arity = 1
        voc.add(Predicate(name, arity, tuple(f"v_{i}" for i in range(arity)), "core",
                          frozenset({"pointer"}) if arity == 1 and _looks_like_pointer(name) else frozenset()))
    return voc


def _looks_like_pointer(name):
    # a plain short name (x, y, pr, rn) is a program variable; r[n,x], inOrder[...] are not
    return "[" not in name and len(name) <= 3 and name != "sm"
