"""tvla inputs: the input structures as the analysis starts from them, and what they describe."""

import os

from click.testing import CliRunner

from conftest import ROOT, SINGLED_SUMMARY, sll_program
from tvla.cli.main import main

SLL = os.path.join(ROOT, "programs", "sll")


def test_inputs_prints_each_prepared_structure_and_its_smallest_stores(monkeypatch):
    monkeypatch.chdir(SLL)
    res = CliRunner().invoke(main, ["inputs", "reverse", "list"])   # TVLA-style names
    assert res.exit_code == 0, res.output
    assert res.output.startswith("list.tvs: 3 given, 3 used (distinct after completion, coerce and blur), "
                                 "0 dropped\n")
    assert ("// entry structure 2\n%n = {u0}\n%p = {\n\tx = {u0}\n\tt[n] = {u0->u0}\n\tr[n,x] = {u0}\n}\n"
            "// the smallest stores it describes (1 of 1 with at most 3 cells):\n"
            "//   x -> c0 -> NULL; y, t = NULL\n") in res.output
    # the list of two or more cells: two stores of at most 3 cells, one of at most 2
    assert "//   x -> c1 -> c2 -> c0 -> NULL; y, t = NULL\n" in res.output
    short = CliRunner().invoke(main, ["inputs", "reverse.tvp", "list.tvs", "--nodes", "2"])
    assert "(1 of 1 with at most 2 cells)" in short.output and "c2" not in short.output


def test_inputs_warns_of_what_the_rules_changed(write):
    prog = sll_program(write, "L0 Skip() L1\n", pvars="x")
    tvs = write("in.tvs", SINGLED_SUMMARY + """
        %n = {u0}
        %p = {
            x = {u0}
            n = {u0->u0}
            r[n,x] = {}
        }
    """)
    res = CliRunner().invoke(main, ["inputs", prog, tvs])
    assert res.exit_code == 0, res.output
    assert "1 dropped" in res.output
    assert "warning: input structure 1: summary node u1 became a single node after the consistency rules\n" \
        in res.output
    assert "warning: input structure 2 violates a consistency rule" in res.output
