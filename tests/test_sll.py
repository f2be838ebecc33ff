"""End-to-end analyses over the singly-linked-list library."""

import json
import os
import re

import pytest
from click.testing import CliRunner

from conftest import ROOT, sll_program
from tvla import analyze
from tvla.cli.main import main

SLL = os.path.join(ROOT, "programs", "sll")
LIST = os.path.join(SLL, "list.tvs")


def test_reverse_is_acyclic_and_keeps_three_shapes():
    r = analyze(os.path.join(SLL, "reverse.tvp"), LIST)
    assert r.messages == []
    assert len(r.locations["exit"]) == 3
    voc = r.voc
    y, rn = voc["y"].index, voc["r[n,y]"].index
    for s in r.locations["exit"]:
        # every node is reachable from y, and y points to the head
        assert all(s.unary(rn, u) == 2 for u in range(s.n))
        assert bin(s.uT[y]).count("1") == (1 if s.n else 0)


def test_null_dereference_is_reported_at_its_location(write):
    prog = sll_program(write, "L0 Get_Next_L(y, x) L1\nL1 Get_Next_L(t, y) L2\n")
    r = analyze(prog, LIST)
    by_loc = {(m.location, m.text) for m in r.messages}
    assert ("L0", "Illegal dereference to n component of x") in by_loc
    assert ("L1", "Illegal dereference to n component of y") in by_loc


def test_a_freed_cell_stays_and_its_aliases_dangle(write):
    """free(x) keeps the cell, marked freed: y = x still points to it, y->n is a use after free
    (not a NULL dereference), a second free is a double free, and the cell is no leak."""
    prog = sll_program(write, "Lx Is_Not_Null_Var(x) L0\nL0 Copy_Var_L(y, x) L1\nL1 Set_Next_Null_L(x) L2\nL2 Free_L(x) L3\n"
                              "L3 Get_Next_L(t, y) L4\nL4 Free_L(y) L5\nL5 Set_Null_L(x) L6\n")
    r = analyze(prog, LIST)
    texts = {(m.location, m.text) for m in r.messages}
    assert ("L3", "Use after free: y points to a freed cell") in texts
    assert ("L4", "Double free: y points to a freed cell") in texts
    assert not any("Illegal" in t for _, t in texts)
    freed, y = r.voc["freed"].index, r.voc["y"].index
    assert r.locations["L6"] and all(s.uT[y] & s.uT[freed] for s in r.locations["L6"])


def test_aliasing_creates_a_cycle(write):
    prog = sll_program(write, "L0 Copy_Var_L(y, x) L1\nL1 Set_Next_Null_L(y) L2\nL2 Set_Next_L(y, x) L3\n")
    r = analyze(prog, LIST)
    assert any(m.location == "L2" and m.text.startswith("Cycle introduced") for m in r.messages)


def test_cli_accepts_tvla_spellings(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.json"
    tvs = tmp_path / "r.tvs"
    dot = tmp_path / "r.dot"
    res = CliRunner().invoke(main, ["analyze", "reverse", "list", "-terse", "-join", "rel",
                                    "-action", "fcpucb", "-DUNUSED(1)", "-path", ".",
                                    "-tvs", str(tvs), "-dot", str(dot), "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert re.search(r"^exit: \d+ structures, max graph=2, 0 messages$", res.output, re.M)
    data = json.loads(out.read_text())
    assert set(data) == {"program", "input", "join", "locations", "messages", "total_structures",
                         "total_messages", "total_message_structures", "analysis_seconds", "limit_hit", "breach", "runaway", "tool",
                         "version", "options",
                         "verdict", "checks", "inputs", "warnings", "phase_seconds"}
    assert data["join"] == "rel" and data["limit_hit"] is None
    exit_ = data["locations"]["exit"]
    assert exit_["structures"] >= 3 and exit_["max_nodes"] == 2 and exit_["messages"] == 0
    assert tvs.read_text().startswith("%location exit = {")
    assert dot.read_text().count("subgraph \"cluster_") == exit_["structures"]


def test_default_join_output_line(monkeypatch):
    monkeypatch.chdir(SLL)
    res = CliRunner().invoke(main, ["analyze", "reverse", "list", "-terse"])
    assert "\nexit: 3 structures, max graph=2, 0 messages\n" in res.output


def test_limit_stops_cleanly_with_partial_results(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", "reverse", "list", "-terse", "-ms", "10", "--json", str(out)])
    assert res.exit_code == 0
    data = json.loads(out.read_text())
    assert data["limit_hit"] == "max-structures"
    assert 10 <= data["total_structures"] < 72


def test_max_nodes_stops_a_run_without_blur(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", "create", "empty", "-terse", "-join", "conc", "--max-nodes", "4",
                                    "--json", str(out)])
    assert res.exit_code == 0
    data = json.loads(out.read_text())
    assert data["limit_hit"] == "max-nodes" and data["options"]["max_nodes"] == 4
    assert max(loc["max_nodes"] for loc in data["locations"].values()) == 4


def test_a_run_without_blur_stops_at_50_nodes_unless_told_otherwise(monkeypatch, tmp_path):
    """``-join conc`` on a loop that allocates never reaches a fixpoint: without ``--max-nodes``
    it stops at a store of 50 nodes more than the largest input (it ran until killed), and says
    how to change that."""
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", "create", "empty", "-join", "conc", "--json", str(out)])
    assert res.exit_code == 0
    assert "Stopped early: max-nodes limit reached (a store grew past the node bound: --max-nodes N sets it)" \
        in res.output
    data = json.loads(out.read_text())
    assert data["limit_hit"] == "max-nodes" and data["options"]["max_nodes"] is None
    assert max(loc["max_nodes"] for loc in data["locations"].values()) == 50


def test_a_run_without_blur_follows_a_large_concrete_input(monkeypatch, tmp_path):
    """The bound of ``-join conc`` counts from the largest input: a search of a concrete list of
    80 cells runs to its end."""
    k = 80
    cells = ", ".join(f"u{i}" for i in range(k))
    reach = ", ".join(f"u{i}->u{j}" for i in range(k) for j in range(i, k))
    links = ", ".join(f"u{i}->u{i + 1}" for i in range(k - 1))
    tvs = tmp_path / "long.tvs"
    tvs.write_text(f"%n = {{{cells}}}\n%p = {{\n x = {{u0}}\n r[n,x] = {{{cells}}}\n n = {{{links}}}\n"
                   f" t[n] = {{{reach}}}\n}}\n")
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", os.path.join(SLL, "search.tvp"), str(tvs), "-join", "conc",
                                    "--json", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["limit_hit"] is None and data["verdict"] == "proved"
    assert max(loc["max_nodes"] for loc in data["locations"].values()) == k


def test_analysis_is_deterministic_and_rebuildable(tmp_path, monkeypatch):
    monkeypatch.chdir(SLL)
    outs = []
    for k in range(2):
        p = tmp_path / f"{k}.tvs"
        CliRunner().invoke(main, ["analyze", "reverse", "list", "-terse", "-tvs", str(p)])
        outs.append(p.read_bytes())
    assert outs[0] == outs[1]


CLEAN = [("search", "list"), ("insert", "list"), ("delete", "list"), ("append", "two_lists"),
         ("rotate", "list"), ("swap", "list"), ("getLast", "list"), ("deleteAll", "list"),
         ("create", "empty"), ("reverse", "list")]


@pytest.mark.parametrize("program,inp", CLEAN, ids=[p for p, _ in CLEAN])
def test_list_procedures_are_proved(program, inp):
    r = analyze(os.path.join(SLL, program + ".tvp"), os.path.join(SLL, inp + ".tvs"))
    assert r.messages == [], [(m.location, m.text) for m in r.messages]
    assert r.locations["exit"] or program == "deleteAll"


def test_search_that_forgets_the_end_dereferences_null():
    r = analyze(os.path.join(SLL, "search_null.tvp"), LIST)
    assert [(m.location, m.text) for m in r.messages] == [("L3", "Illegal dereference to n component of t")]


def test_merge_of_aliased_lists_creates_a_cycle():
    args = (os.path.join(SLL, "merge_alias.tvp"), os.path.join(SLL, "aliased.tvs"))
    r = analyze(*args, break_on_coerce_failure=False)
    assert {m.text for m in r.messages} == {"Cycle introduced by tl->n = q", "Cycle introduced by tl->n = p"}
    # TVLA's default: the cycle breaks acyclic n in the coerce after the update, which stops the run there;
    # TVLA's visit order works on the branch written first (n11, tl->n = p) before the other (n14)
    r = analyze(*args)
    assert [(m.location, m.text) for m in r.messages] == [("n12", "Cycle introduced by tl->n = p")]
    assert (r.breach.edge.source, r.breach.edge.title, r.breach.rule) == (
        "n12", "tl->n = p", f"the acyclic property of n ({os.path.join(ROOT, 'specs', 'sll', 'preds.tvp')}:11): "
        "E(v) n(v, v) ==> 0")
    assert r.limit_hit == "coerce-failed" and r.locations["n8"]


def test_outputs_are_byte_identical_across_hash_seeds(tmp_path):
    import subprocess
    import sys
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"{seed}.tvs"
        js = tmp_path / f"{seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-m", "tvla", "analyze", "insert_sort", "unsorted", "-terse",
                        "-tvs", str(out), "--json", str(js)],
                       cwd=os.path.join(ROOT, "programs", "sorting"), env=env, check=True, capture_output=True)
        data = json.loads(js.read_text())
        data.pop("analysis_seconds"), data.pop("phase_seconds")   # timings
        outs.append((out.read_bytes(), data))
    assert outs[0] == outs[1]


def test_message_limit_stops_cleanly(monkeypatch, tmp_path):
    monkeypatch.chdir(SLL)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", "merge_alias", "aliased", "-terse", "-mm", "1",
                                    "--json", str(out)])
    assert res.exit_code == 0
    data = json.loads(out.read_text())
    assert data["limit_hit"] == "max-messages" and data["total_messages"] == 1
    assert "Stopped early: max-messages limit reached" in res.output
