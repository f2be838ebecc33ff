"""Witnesses: every alarm of a buggy program gets a concrete trace that shows it."""

import json
import os

from click.testing import CliRunner

from conftest import ROOT, sll_program
from tvla import analyze
from tvla.cli.main import main
from tvla.concrete.interpreter import Interpreter, is_concrete
from tvla.concrete.witness import find_witness
from tvla.engine.fixpoint import Analysis
from tvla.engine.results import NoWitness, Witness
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs
from tvla.logic.heap import true_tuples
from tvla.output.witness_view import format_witness, witness_lines

SLL = os.path.join(ROOT, "programs", "sll")
SORTING = os.path.join(ROOT, "programs", "sorting")
LIST = os.path.join(SLL, "list.tvs")

# swap the first two elements, forgetting that the list may have only one
BUGGY_SWAP = """
L0 Is_Null_Var(x)          exit
L0 Is_Not_Null_Var(x)      L2
L2 Get_Next_L(t, x)        L3
L3 Get_Next_L(y, t)        L4
L4 Set_Next_Null_L(x)      L5
L5 Set_Next_L(x, y)        L6
L6 Set_Next_Null_L(t)      L7
L7 Set_Next_L(t, x)        L8
L8 Copy_Var_L(x, t)        exit
"""

# y = y->n at L5 dereferences NULL only on a list of exactly two elements
TWO_ELEMENTS = """
L0 Copy_Var_L(y, x)        L1
L1 Is_Not_Null_Var(y)      L2
L2 Get_Next_L(y, y)        L3
L3 Is_Not_Null_Var(y)      L4
L4 Get_Next_L(y, y)        L5
L5 Get_Next_L(y, y)        L6
"""


def witnessed(program, tvs, nodes=5):
    return analyze(program, tvs, witness=True, witness_nodes=nodes)


def check_trace(result, message, prog_edges):
    """The witness follows CFG edges from the entry to the message's location,
    over 2-valued stores, and its last edge really reports the message."""
    w = result.witness(message)
    assert isinstance(w, Witness), message
    steps = w.steps
    assert steps[0].location == prog_edges[0].source
    for a, b in zip(steps, steps[1:]):
        assert a.edge in prog_edges and a.edge.source == a.location and a.edge.target == b.location
    last = steps[-1]
    assert last.location == message.location and last.edge.action.title == message.action
    assert all(is_concrete(s.store) and s.store.n <= w.nodes for s in steps)
    assert w.nodes == max(s.store.n for s in steps)
    return last


def deref_variable(text):
    return text.rsplit(" ", 1)[1]


def test_null_dereference_in_a_search_loop():
    prog = os.path.join(SLL, "search_null.tvp")
    result = witnessed(prog, LIST)
    (m,) = result.messages
    interp_prog = _program(prog)
    last = check_trace(result, m, interp_prog.edges)
    # the dereferenced variable is NULL in the last store
    assert true_tuples(last.store, interp_prog.vocabulary[deref_variable(m.text)]) == []
    msgs, _ = Interpreter(interp_prog).step(last.edge.action, last.store)
    assert m.text in msgs


def test_swap_breaks_on_a_one_element_list(write):
    prog = sll_program(write, BUGGY_SWAP)
    result = witnessed(prog, LIST)
    program = _program(prog)
    texts = {(m.location, m.text) for m in result.messages}
    assert ("L3", "Illegal dereference to n component of t") in texts
    for m in result.messages:
        last = check_trace(result, m, program.edges)
        if m.text.startswith("Illegal dereference"):
            assert true_tuples(last.store, program.vocabulary[deref_variable(m.text)]) == []
    (first,) = [m for m in result.messages if m.location == "L3"]
    w = result.witness(first)
    # shortest from the smallest stores: the one-element list
    assert w.nodes == 1 and [s.location for s in w.steps] == ["L0", "L2", "L3"]


def test_insertion_sort_that_leaves_the_list_unsorted():
    prog = os.path.join(SORTING, "insert_sort_b2.tvp")
    result = witnessed(prog, os.path.join(SORTING, "unsorted.tvs"), nodes=3)
    program = _program(prog)
    (m,) = result.messages
    last = check_trace(result, m, program.edges)
    voc = program.vocabulary
    s = last.store
    dle = set(true_tuples(s, voc["dle"]))
    reach = {u for (u,) in true_tuples(s, voc["r[n,x]"])}
    # an n-edge in the list from x goes from a larger to a smaller value
    assert any((u, w) not in dle for (u, w) in true_tuples(s, voc["n"]) if u in reach)


def test_a_correct_program_stays_proved_without_witnesses():
    prog = os.path.join(SORTING, "insert_sort.tvp")
    result = witnessed(prog, os.path.join(SORTING, "unsorted.tvs"), nodes=2)
    assert result.messages == [] and result.verdict == "proved"
    # nor does any concrete run of up to 3 nodes reach a message that was not reported
    program = _program(prog)
    analysis = Analysis(program)
    inputs = analysis.prepare_inputs([s for _l, s in _inputs(program, "unsorted")])[0]
    assert find_witness(program, inputs, "exit", "List x may not be sorted", nodes=3) is None


def test_no_witness_up_to_the_bound(write):
    prog = sll_program(write, TWO_ELEMENTS)
    result = witnessed(prog, LIST, nodes=1)
    (m,) = result.messages
    assert m.location == "L5" and isinstance(result.witness(m), NoWitness)
    assert witness_lines(m) == ["no witness with at most 1 nodes and 300 steps"]
    result = witnessed(prog, LIST, nodes=2)
    (m,) = result.messages
    assert result.witness(m).nodes == 2
    assert find_witness(_program(prog), [], "L5", m.text) is None  # no input store, no run


def test_the_search_stops_after_its_states_and_says_so(tmp_path):
    """--witness-states bounds the concrete states followed: the same answer on every machine; a
    search cut there says so, one that covered the bound does not."""
    out = tmp_path / "r.json"
    args = ["analyze", os.path.join(SLL, "search_null.tvp"), LIST, "--terse", "--json", str(out)]
    res = CliRunner().invoke(main, args + ["--witness-states", "2"])   # implies --witness
    assert res.exit_code == 0, res.output
    assert "no witness with at most 5 nodes and 300 steps among the first 2 states searched" in res.output
    assert json.loads(out.read_text())["options"]["witness_states"] == 2
    res = CliRunner().invoke(main, args + ["--witness-states", "500"])
    assert "among the first" not in res.output and "witness: " in res.output


def test_the_step_bound_counts_the_steps_of_the_trace():
    prog = os.path.join(SLL, "search_null.tvp")
    program = _program(prog)
    inputs = Analysis(program).prepare_inputs([s for _l, s in _sll_inputs(program)])[0]
    text = "Illegal dereference to n component of t"
    assert find_witness(program, inputs, "L3", text, steps=2) is None
    assert len(find_witness(program, inputs, "L3", text, steps=3).steps) == 3


def test_witness_json_and_text(tmp_path):
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "search_null.tvp"), LIST, "--terse",
                                    "--witness", "--witness-nodes", "2", "--json", str(out)])
    assert res.exit_code == 0, res.output
    (m,) = json.loads(out.read_text())["messages"]
    w = m["witness"]
    assert w["nodes"] == 0 and [s["location"] for s in w["steps"]] == ["L0", "L1", "L3"]
    assert w["steps"][0] == {
        "location": "L0",
        "store": {"nodes": [], "predicates": {p: [] for p in
                                              ("x", "t", "n", "freed", "t[n]", "r[n,x]", "r[n,t]", "is[n]", "c[n]")}},
        "next": {"action": "Copy_Var_L(t, x)", "title": "t = x", "target": "L1"}}
    assert w["steps"][-1]["next"] == {"action": "Get_Next_L(t, t)", "title": "t = t->n", "target": "L1"}
    assert ("L3: Illegal dereference to n component of t  [action: t = t->n; 3 structures]\n"
            "    witness: 3 steps, 0 nodes\n"
            "      L0: x, t = NULL\n"
            "          t = x  -> L1\n"
            "      L1: x, t = NULL\n"
            "          uninterpreted condition  -> L3\n"
            "      L3: x, t = NULL\n"
            "          t = t->n  reports the message\n") in res.output


def test_witness_text_draws_lists_with_data(write):
    prog = os.path.join(SORTING, "insert_sort_b2.tvp")
    result = witnessed(prog, os.path.join(SORTING, "unsorted.tvs"), nodes=2)
    lines = format_witness(result.witness(result.messages[0]))
    assert lines[0] == "witness: 13 steps, 2 nodes"
    assert lines[1] == "  entry: x -> u1(d=1) -> u2(d=0) -> NULL; r, pr, rn, l, pl = NULL"
    assert lines[-2] == "  exit: x -> u1(d=1, pl) -> u2(d=0, pr, l) -> NULL; r, rn = NULL"
    assert lines[-1] == "      assert sorted(x)  reports the message"


def test_json_witness_is_null_when_none_is_found(tmp_path, write):
    prog = sll_program(write, TWO_ELEMENTS)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", prog, LIST, "--terse", "--witness", "--witness-nodes", "1",
                                    "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert [m["witness"] for m in json.loads(out.read_text())["messages"]] == [None]
    assert "    no witness with at most 1 nodes and 300 steps\n" in res.output


def _program(path):
    return load_program(path)


def _inputs(program, name):
    return read_tvs(os.path.join(SORTING, name + ".tvs"), program.vocabulary, program.macros)


def test_film_strip_draws_each_step_and_highlights_the_breaking_node(tmp_path):
    from tvla.output.film_strip import film_strip_html, store_graph
    result = witnessed(os.path.join(SORTING, "insert_sort_b2.tvp"), os.path.join(SORTING, "unsorted.tvs"),
                       nodes=2)
    w = result.witness(result.messages[0])
    # the first node's datum is larger than its successor's: it breaks sortedness
    assert w.breaking == (0,) and w.steps[-1].names == ("u1", "u2")
    last = w.steps[-1]
    assert '"u1" [label="u1\\nd=1", color="#d0021b"' in store_graph(last.store, last.names, w.voc, "t",
                                                                   w.breaking).source
    fragment = film_strip_html(w, str(tmp_path), "w1")
    assert fragment.count("<figure class='step'>") == len(w.steps) == 13
    assert "exit: reports the message" in fragment
    assert len(list(tmp_path.iterdir())) == 13


def _sll_inputs(program):
    return read_tvs(LIST, program.vocabulary, program.macros)


def test_api_option_and_html_film_strip(tmp_path):
    from tvla.output.html import write_html_report
    r = analyze(os.path.join(ROOT, "programs", "sll", "search_null.tvp"),
                os.path.join(ROOT, "programs", "sll", "list.tvs"), witness=True)
    w = r.witness(r.messages[0])
    assert w.steps[-1].location == "L3" and r.options.witness
    page = open(write_html_report(r, str(tmp_path))).read()
    assert "<h2>Witnesses</h2>" in page and "film-strip" in page


def test_building_the_input_stores_is_bounded():
    """Without focus (-action pub) every alarm of insert is spurious, and the search built the input
    list of every size up to the node bound; the nodes of the expanded summary node are
    interchangeable, so a list of k nodes took some k! ways (8 nodes: 72,000 coerce calls, 14 s;
    --witness-nodes 100000: no end; shared fuzzer seed 49 case 1160).  The stores of a size are
    built trying at most as many ways as states are followed, and no larger size after that."""
    out = CliRunner().invoke(main, ["analyze", "insert", "list", "-path", SLL, "-action", "pub", "-terse",
                                    "--witness", "--witness-nodes", "100000"])
    assert out.exit_code == 0, out.output
    assert "no witness with at most 100000 nodes and 300 steps among the first 5000 states searched" in out.output
