"""The binary-tree library (specs/tree) on the tree programs of programs/tree.

Verdicts come from running the analyses.  dsw and delete on trees of any size
take minutes (see specs/tree/README.md); here they run on the two-node trees of
``-DSMALL`` and, for dsw, on a bounded run of the full input.
"""

import os

import pytest
from click.testing import CliRunner

from conftest import ROOT
from tvla import analyze
from tvla.cli.main import main

TREE = os.path.join(ROOT, "programs", "tree")
BST = os.path.join(TREE, "bst.tvs")
TREE_TVS = os.path.join(TREE, "tree.tvs")
SMALL = {"SMALL": "1"}


def prog(name):
    return os.path.join(TREE, name + ".tvp")


def messages(r):
    return sorted({(m.location, m.text) for m in r.messages})


def test_find_is_proved_and_leaves_the_search_tree_sorted():
    r = analyze(prog("find"), BST)
    assert messages(r) == [] and r.verdict == "proved"


def test_insert_keeps_a_tree_without_leak():
    # shape proved; the order is lost once the path to the new node is summarized
    r = analyze(prog("insert"), BST)
    assert messages(r) == [("L24", "The tree pointed to by root may not be sorted")]
    # the new node is linked: at exit every tree has at least one node
    assert all(s.n > 0 for s in r.locations["exit"])


def test_remove_min_keeps_a_tree_and_the_bug_leaks_the_right_subtree():
    good = analyze(prog("remove_min"), BST)
    assert messages(good) == [("L22", "The tree pointed to by root may not be sorted")]
    bad = analyze(prog("remove_min_bug"), BST)
    assert messages(bad) == [("L20", "Memory leak: a node is not reachable from root")]


def test_delete_on_two_node_trees_is_proved():
    r = analyze(prog("delete"), BST, defines=SMALL)
    assert messages(r) == [] and r.verdict == "proved"


def test_delete_on_any_tree_runs_past_the_first_cleared_field():
    # coerce applies the library's %r rules only as written (TVLA's semantics): without
    # their contrapositives stated, `x->left = NULL` at L12 breached the transitivity of t[down]
    r = analyze(prog("delete"), BST, max_structures=600)
    assert r.limit_hit == "max-structures" and messages(r) == []


def test_dsw_restores_two_node_trees():
    r = analyze(prog("dsw"), TREE_TVS, defines=SMALL)
    assert messages(r) == [] and r.verdict == "proved"
    voc = r.voc
    root, reach = voc["root"].index, voc["r[down,root]"].index
    for s in r.locations["done"]:
        assert all(s.unary(reach, u) == 2 for u in range(s.n))
        assert bin(s.uT[root]).count("1") == (1 if s.n else 0)


def test_dsw_raises_no_alarm_on_the_first_structures_of_any_tree():
    r = analyze(prog("dsw"), TREE_TVS, max_structures=600)
    assert r.limit_hit == "max-structures" and messages(r) == []


def test_dsw_cycle_is_reported_when_the_descent_forgets_to_clear_the_left_field(write):
    # p->left = q without p->left = NULL first: the library reports it (and the
    # old left child becomes shared with t)
    text = open(prog("dsw")).read().replace('"../../specs/', f'"{ROOT}/specs/')
    text = text.replace("L4  Set_Sel_Null_T(p, left)        L5", "L4  Skip()                       L5")
    r = analyze(write("bad.tvp", text), TREE_TVS, defines=SMALL)
    assert ("L5", "Internal Error! p->left != NULL") in messages(r)


def test_cli_runs_tvla_command_line_in_the_program_directory(monkeypatch, tmp_path):
    monkeypatch.chdir(TREE)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", "find", "bst", "-join", "part", "-terse", "--json", str(out)])
    assert res.exit_code == 0, res.output
    assert "Verdict: proved" in res.output and out.exists()


@pytest.mark.parametrize("join", ["rel", "part", "ind"])
def test_every_join_finds_the_leak_of_remove_min_bug(join):
    r = analyze(prog("remove_min_bug"), BST, join=join)
    assert ("L20", "Memory leak: a node is not reachable from root") in messages(r)
    if join != "ind":
        # the relational joins report nothing else; ind's single structure per
        # location merges x == NULL with x != NULL and reports dereferences too
        assert messages(r) == [("L20", "Memory leak: a node is not reachable from root")]


@pytest.mark.parametrize("name,tvs,small", [
    ("find", "bst", False), ("insert", "bst", False), ("remove_min", "bst", False),
    ("remove_min_bug", "bst", False), ("delete", "bst", True), ("dsw", "tree", True),
])
def test_selfcheck_tree_programs(name, tvs, small):
    args = ["selfcheck", prog(name), os.path.join(TREE, tvs + ".tvs"), "--nodes", "2", "--runs", "2"]
    res = CliRunner().invoke(main, args + (["--define", "SMALL"] if small else []))
    assert res.exit_code == 0, res.output
    assert "0 violations" in res.output
