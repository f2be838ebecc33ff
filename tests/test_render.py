"""Drawing structures: the conventions of the DOT text, data order as layout,
the culprit, and ``tvla render`` with and without the program's vocabulary."""

import os
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from conftest import LIST2_TVS, ROOT
from tvla.cli.main import main
from tvla.logic.heap import order_predicate
from tvla.output.render import ORDER_ARROWS_MAX, Culprit, data_ranks, display_order, drawn_arrows, order_rows, \
    structure_dot, to_svgs
from tvla.output.render import structure_graph
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs

SORTING = os.path.join(ROOT, "programs", "sorting")
NEEDS_DOT = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")

# x -> u0 -> u1 -> u2 (summary): data u0 <= u2 <= u1 where definite, u2's order
# with u0 unknown; the list is not sorted at u1
SORTING_TVS = """
%n = {u0, u1, u2}
%p = {
    sm = {u2:1/2}
    x = {u0}
    n = {u0->u1, u1->u2, u2->u2:1/2}
    t[n] = {u0->u0, u0->u1, u0->u2, u1->u1, u1->u2, u2->u2:1/2}
    r[n,x] = {u0, u1, u2}
    dle = {u0->u0, u0->u1, u0->u2:1/2, u2->u0:1/2, u1->u1, u2->u1, u2->u2:1/2}
    inOrder[dle,n] = {u0, u2:1/2}
    orig[n,x] = {u0, u1, u2}
}
"""


@pytest.fixture
def sorting(write):
    """The vocabulary of insert_sort_b2 and SORTING_TVS read with it."""
    voc = load_program(os.path.join(SORTING, "insert_sort_b2.tvp")).vocabulary
    (_loc, s), = read_tvs(write("s.tvs", SORTING_TVS), voc)
    return voc, s


def test_dot_follows_the_display_conventions(sll):
    s, = sll.structures(LIST2_TVS.replace("r[n,x] = {u0, u1}", "r[n,x] = {u0, u1}\n    is[n] = {u1:1/2}"))
    dot = structure_dot(s, sll.voc, name="g")
    assert re.search(r'"var x" \[label="x", shape="box", style="filled", [^\]]*class="pred-x var"\]', dot)
    assert re.search(r'"var x" -> "u0" \[style="solid", [^\]]*class="pred-x var"\]', dot)
    u1 = re.search(r'"u1" \[id="g-u1", label=<(.*)>, peripheries="2"\];', dot)   # summary: double border
    assert u1 and ">r[n,x]</TD>" in u1.group(1) and ">is[n]?</TD>" in u1.group(1)   # 1/2 with a "?"
    assert 'class="pred-is[n] unary"' not in dot and "|pred-is[n] unary" in u1.group(1)
    assert re.search(r'"u0" -> "u1" \[label="n", style="dotted", id="g-e\d+", class="pred-n"\]', dot)
    assert "t[n]" not in dot.replace("r[n,x]", "")   # instrumentation relations are not drawn
    assert structure_dot(s, sll.voc, name="g") == dot   # deterministic


def test_data_order_is_the_layout(sorting):
    voc, s = sorting
    order = order_predicate(voc)
    assert order.name == "dle"
    arrows = drawn_arrows(s, voc, order)
    dle = [(a.source, a.target, a.value, a.mutual) for a in arrows if a.pred == "dle"]
    assert dle == [(0, 2, 1, True), (2, 2, 1, False)]   # only the 1/2 tuples; one arrow both ways
    assert data_ranks(s, order, arrows) == [0, 1, 0]   # u0 and u2 (unordered) left of u1
    dot = structure_dot(s, voc, name="g")
    assert '{ rank=same; "u0"; "u2"; }' in dot and '{ rank=same; "u1"; }' in dot
    assert '{ rank=same; "var x"; "u0"; }' in dot   # the variable in its node's column
    assert '"u0" -> "u1" [style="invis", weight="10"]' in dot   # the columns in order
    assert '"u1" -> "u2" [label="n"' not in dot   # u1 -> u2 goes right to left: drawn reversed
    assert re.search(r'"u2" -> "u1" \[label="n", style="solid", [^\]]*dir="back"\]', dot)
    # within a column the label is an xlabel (a label there corrupts Graphviz 2.43's memory)
    assert re.search(r'"u0" -> "u2" \[style="dotted", [^\]]*class="pred-dle", dir="both", xlabel="dle"\]', dot)


def test_without_an_order_the_list_is_laid_out_by_graphviz(sll):
    s, = sll.structures(LIST2_TVS)
    assert order_predicate(sll.voc) is None
    assert "rank=same" not in structure_dot(s, sll.voc)


def test_the_culprit_is_red(sorting):
    voc, s = sorting
    culprit = Culprit(frozenset({1}), frozenset({("r[n,x]", (1,)), ("inOrder[dle,n]", (1,)), ("dle", (1, 2))}))
    dot = structure_dot(s, voc, name="g", culprit=culprit)
    assert re.search(r'"u1" \[id="g-u1", label=<.*>, class="culprit", color="#d0021b", penwidth="2.5"\]', dot)
    u1 = re.search(r'"u1" \[id="g-u1", label=<(.*?)>, class=', dot).group(1)
    assert '|pred-r[n,x] unary culprit" HREF="#" TOOLTIP="r[n,x](u1) = 1"' in u1
    assert '>¬inOrder[dle,n]</FONT>' in u1   # inOrder is 0 at u1: shown because it is the culprit
    # dle(u1, u2) is 0: drawn dashed and red; dle(u2, u1) is 1 and stays hidden
    assert re.search(r'"u2" -> "u1" \[label="¬dle", style="dashed", [^\]]*class="pred-dle culprit"', dot)
    assert structure_dot(s, voc, name="g").count("culprit") == 0


@NEEDS_DOT
def test_svg_classes(sorting):
    voc, s = sorting
    svg, = to_svgs([structure_graph(s, voc, name="g", culprit=Culprit(frozenset({1})))])
    assert svg.startswith("<svg")
    assert '<g id="g-u0-inOrder[dle,n]" class="pred-inOrder[dle,n] unary">' in svg
    assert re.search(r'<g id="g-e\d+" class="edge pred-dle">', svg)
    assert '<g id="g-u1" class="node culprit">' in svg


def test_render_infers_pointers_from_the_values(write, tmp_path):
    # 'head' is 1 on one node in every structure: a variable; 'marked' is not
    tvs = write("h.tvs", """
        %n = {u0, u1}
        %p = { head = {u0}  next = {u0->u1}  marked = {u0, u1} }
        %n = {u0}
        %p = { head = {u0}  marked = {u0}  ok = 1 }
    """)
    res = CliRunner().invoke(main, ["render", tvs, "-o", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    files = sorted(os.listdir(tmp_path / "out"))
    ext = ".svg" if shutil.which("dot") else ".dot"
    assert files == [f"h_1{ext}", f"h_2{ext}"]
    text = (tmp_path / "out" / f"h_1{ext}").read_text()
    assert "pred-head var" in text and "pred-next" in text and "pred-marked unary" in text
    assert "pred-head unary" not in text and "ok" in (tmp_path / "out" / f"h_2{ext}").read_text()


def test_render_with_the_program_uses_its_vocabulary(write, tmp_path):
    tvs = write("s.tvs", SORTING_TVS)
    prog = os.path.join(SORTING, "insert_sort_b2.tvp")
    with_spec = CliRunner().invoke(main, ["render", tvs, "-o", str(tmp_path / "a"), "--program", prog])
    inferred = CliRunner().invoke(main, ["render", tvs, "-o", str(tmp_path / "b")])
    assert with_spec.exit_code == 0 and inferred.exit_code == 0, with_spec.output + inferred.output
    ext = ".svg" if shutil.which("dot") else ".dot"
    spec_text = (tmp_path / "a" / f"s_1{ext}").read_text()
    guess_text = (tmp_path / "b" / f"s_1{ext}").read_text()
    assert "pred-t[n]" not in spec_text   # the spec says t[n] is instrumentation
    assert "pred-t[n]" in guess_text      # without it, every listed relation is drawn
    assert "pred-x var" in spec_text and "pred-x var" in guess_text


def test_render_reports_conflicting_arities(write):
    tvs = write("bad.tvs", "%n = {u0}\n%p = { p = {u0} }\n%n = {u0}\n%p = { p = {u0->u0} }\n")
    res = CliRunner().invoke(main, ["render", tvs])
    assert res.exit_code == 2
    assert re.search(r"bad.tvs:4:\d+: predicate 'p' is written with arity 1 and 2", res.output)


def test_render_without_dot_writes_dot_files(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    res = CliRunner().invoke(main, ["render", os.path.join(ROOT, "programs", "sll", "list.tvs"),
                                    "-o", str(tmp_path)])
    assert res.exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["list_1.dot", "list_2.dot", "list_3.dot"]
    assert "Graphviz" in res.output and "apt-get install graphviz" in res.output


def test_render_is_deterministic(write, tmp_path):
    tvs = write("s.tvs", SORTING_TVS)
    prog = os.path.join(SORTING, "insert_sort_b2.tvp")
    for out in ("a", "b"):
        res = CliRunner().invoke(main, ["render", tvs, "-o", str(tmp_path / out), "--program", prog])
        assert res.exit_code == 0, res.output
    name = sorted(os.listdir(tmp_path / "a"))[0]
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


@NEEDS_DOT
@pytest.mark.parametrize("fmt", ["ps", "svg", "png"])
def test_the_dot_file_of_an_analysis_is_one_graph_that_dot_renders(tmp_path, fmt):
    """-dot writes every structure as a cluster of one graph: Graphviz 2.43 crashes (dot -Tps) on a
    file of several graphs, and clusters keep each structure's own node names apart."""
    out = tmp_path / "r.dot"
    sll = os.path.join(ROOT, "programs", "sll")
    res = CliRunner().invoke(main, ["analyze", os.path.join(sll, "reverse.tvp"), os.path.join(sll, "list.tvs"),
                                    "-terse", "-dot", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text()
    assert text.count("digraph") == 1 and text.count("subgraph \"cluster_") == 3
    assert '"exit_3:u1" -> "exit_3:u1"' in text   # the summary node, after the head u0
    proc = subprocess.run(["dot", f"-T{fmt}", str(out), "-o", str(tmp_path / f"r.{fmt}")], capture_output=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / f"r.{fmt}").stat().st_size > 1000


# x -> u3 -> u1 -> u5 -> u0 -> u4 -> u2 -> NULL as stored; l points into the middle; every
# pair of distinct nodes is ordered 1/2 by dle both ways (nothing is known of the data)
SCRAMBLED = [3, 1, 5, 0, 4, 2]


def scrambled_list(order=SCRAMBLED, dle=True):
    """A TVS structure: the list x -> order[0] -> order[1] ... with l at order[2]."""
    n = ", ".join(f"u{a}->u{b}" for a, b in zip(order, order[1:]))
    dles = ", ".join(f"u{a}->u{b}" + ("" if a == b else ":1/2") for a in range(len(order)) for b in range(len(order)))
    return (f"%n = {{{', '.join(f'u{k}' for k in range(len(order)))}}}\n%p = {{\n  x = {{u{order[0]}}}\n"
            f"  l = {{u{order[2]}}}\n  n = {{{n}}}\n" + (f"  dle = {{{dles}}}\n" if dle else "") + "}\n")


def test_nodes_are_named_along_the_list_from_the_variables(write):
    """The drawing names nodes breadth first from the variables (x, at the head of the list, before
    l, though l comes first by name), not as the engine stores them; the stored structure is unchanged."""
    voc = load_program(os.path.join(SORTING, "insert_sort_b2.tvp")).vocabulary   # PVar x, r, pr, rn, l, pl
    (_loc, s), = read_tvs(write("s.tvs", scrambled_list()), voc)
    key = s.key()
    assert display_order(s, voc) == SCRAMBLED
    dot = structure_dot(s, voc, name="g", canonical=True)
    assert s.key() == key
    for k in range(5):   # u0 -> u1 -> ... -> u5 along n
        assert re.search(f'"u{k}" -> "u{k + 1}" \\[label="n", style="solid"', dot)
    assert re.search(r'"var x" -> "u0" ', dot) and re.search(r'"var l" -> "u2" ', dot)
    assert re.search(r'"u2" \[id="g-u2", label=<<TABLE[^>]*><TR><TD ALIGN="LEFT"><B>u2</B>', dot)
    # the same store numbered otherwise by the engine is drawn byte for byte the same
    (_loc, other), = read_tvs(write("o.tvs", scrambled_list([5, 4, 3, 2, 1, 0])), voc)
    assert structure_dot(other, voc, name="g", canonical=True) == dot
    # a culprit is given in the stored numbering and outlined on the node drawn for it
    red = structure_dot(s, voc, name="g", canonical=True,
                       culprit=Culprit(frozenset({5}), frozenset({("n", (1, 5))})))
    assert re.search(r'"u2" \[id="g-u2", label=<.*>, class="culprit"', red)   # stored u5 is third
    assert re.search(r'"u1" -> "u2" \[label="n", style="solid", [^\]]*class="pred-n culprit"', red)
    # canonical=False draws the stored numbering
    assert re.search(r'"u3" -> "u1" \[label="n"', structure_dot(s, voc, name="g", canonical=False))


def test_the_1_2_data_order_is_a_table_above_a_few_nodes(write):
    """Above ORDER_ARROWS_MAX nodes the 1/2 tuples of dle are listed beside the graph, not drawn as
    dotted arrows (15 of them here); a culprit tuple stays an arrow; small structures keep the arrows."""
    voc = load_program(os.path.join(SORTING, "insert_sort_b2.tvp")).vocabulary
    (_loc, s), = read_tvs(write("s.tvs", scrambled_list()), voc)
    assert s.n > ORDER_ARROWS_MAX
    dot = structure_dot(s, voc, name="g", canonical=True)
    assert not re.search(r'->[^\n]*class="pred-dle', dot)
    table = re.search(r'"order" \[shape="plaintext", id="g-order", fontsize="11", class="pred-dle order", label=<(.*)>\];',
                      dot)
    assert table and "<B>dle</B> = 1/2" in table.group(1)
    rows = ["u0 ↔ u1, u2, u3, u4, u5", "u1 ↔ u2, u3, u4, u5", "u2 ↔ u3, u4, u5", "u3 ↔ u4, u5", "u4 ↔ u5"]
    assert re.findall(r'<TD ALIGN="LEFT">(u[^<]*)</TD>', table.group(1)) == rows
    culprit = Culprit(frozenset(), frozenset({("dle", (3, 1))}))   # stored u3, u1: drawn u0, u1
    red = structure_dot(s, voc, name="g", culprit=culprit, canonical=True)
    assert len(re.findall(r'->[^\n]*class="pred-dle', red)) == 1
    assert re.search(r'"u0" -> "u1" \[label="dle", style="dotted", [^\]]*class="pred-dle culprit", [^\]]*dir="both"', red)
    assert "u0 ↔ u2, u3, u4, u5" in red   # the culprit pair is not listed again
    (_loc, small), = read_tvs(write("t.tvs", scrambled_list([k for k in SCRAMBLED if k < ORDER_ARROWS_MAX])), voc)
    small_dot = structure_dot(small, voc, name="g", canonical=True)
    assert '"order"' not in small_dot
    assert len(re.findall(r'->[^\n]*class="pred-dle', small_dot)) == ORDER_ARROWS_MAX * (ORDER_ARROWS_MAX - 1) // 2


def test_order_rows():
    from tvla.output.render import Arrow
    from tvla.logic.kleene import HALF
    arrows = [Arrow("dle", 0, 2, HALF, mutual=True), Arrow("dle", 0, 1, HALF, mutual=True),
              Arrow("dle", 1, 3, HALF), Arrow("dle", 2, 2, HALF), Arrow("dle", 1, 0, HALF)]
    assert order_rows(arrows) == ["u0 ↔ u1, u2", "u1 → u0, u3", "u2 ↻"]
