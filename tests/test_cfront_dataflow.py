"""tvla.cfront.dataflow: the forward must data flow gives the greatest solution whatever order its
worklist takes (it takes reverse postorder: 900 nested loops visited in a stack's order took 20 s)."""

import random
from typing import Dict, FrozenSet, List

import pytest

from tvla.cfront import ir
from tvla.cfront.dataflow import forward_must

POS = ir.Pos("t.c", 1)


def program(edges: List[ir.Edge]) -> ir.CProgram:
    return ir.CProgram("t.c", (), (), (), tuple(edges), "L0", "exit")


def assigned(facts: FrozenSet[str], stmt: ir.Statement) -> FrozenSet[str]:
    """The variables set to NULL on every path so far."""
    return facts | {stmt.dst} if isinstance(stmt, ir.AssignNull) else facts


def round_robin(prog: ir.CProgram) -> Dict[str, FrozenSet[str]]:
    """The same solution by the textbook iteration: every reached node from all facts, every edge
    again until nothing changes (the entry from none)."""
    reached = {prog.entry}
    while True:
        more = {e.target for e in prog.edges if e.source in reached} - reached
        if not more:
            break
        reached |= more
    every = frozenset(s.dst for e in prog.edges for s in [e.stmt] if isinstance(s, ir.AssignNull))
    facts = {n: every for n in reached}
    facts[prog.entry] = frozenset()
    changed = True
    while changed:
        changed = False
        for n in sorted(reached - {prog.entry}):
            new = frozenset.intersection(*[assigned(facts[e.source], e.stmt) for e in prog.edges
                                           if e.target == n and e.source in reached])
            if new != facts[n]:
                facts[n], changed = new, True
    return facts


def test_a_variable_set_in_a_loop_is_not_set_after_it():
    # L0 -x-> L1; L1 loop: L1 -y-> L2 -> L1; L1 -> L3
    prog = program([ir.Edge("L0", "L1", ir.AssignNull("x"), POS), ir.Edge("L1", "L2", ir.AssignNull("y"), POS),
                    ir.Edge("L2", "L1", ir.Nop(), POS), ir.Edge("L1", "L3", ir.Nop(), POS),
                    ir.Edge("L9", "L3", ir.AssignNull("z"), POS)])   # L9: no path reaches it
    facts = forward_must(prog, assigned)
    assert facts == {"L0": frozenset(), "L1": {"x"}, "L2": {"x", "y"}, "L3": {"x"}}


def test_nested_loops_of_any_depth():
    depth = 300
    edges = [ir.Edge("L0", "H1", ir.AssignNull("a"), POS)]
    for k in range(1, depth):   # head k: into loop k+1, or back out to head k-1 (the exit of loop k)
        edges += [ir.Edge(f"H{k}", f"H{k + 1}", ir.AssignNull(f"v{k}"), POS),
                  ir.Edge(f"H{k + 1}", f"H{k}", ir.Nop(), POS)]
    edges.append(ir.Edge("H1", "end", ir.Nop(), POS))
    facts = forward_must(program(edges), assigned)
    assert facts["end"] == {"a"} and facts[f"H{depth}"] == {"a"} | {f"v{k}" for k in range(1, depth)}


@pytest.mark.parametrize("seed", range(30))
def test_the_worklist_finds_the_textbook_solution(seed):
    rng = random.Random(seed)
    nodes = ["L0"] + [f"N{k}" for k in range(12)]
    edges = [ir.Edge(rng.choice(nodes), rng.choice(nodes[1:]),
                     ir.AssignNull(rng.choice("abcde")) if rng.random() < 0.6 else ir.Nop(), POS)
             for _ in range(rng.randint(5, 30))]
    prog = program(edges)
    assert forward_must(prog, assigned) == round_robin(prog)
