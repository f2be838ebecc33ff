"""The ISSTA 2000 case study: verdicts come from running the analyses."""

import itertools
import os

import pytest

from conftest import ROOT
from tvla import analyze
from tvla.logic.kleene import HALF, TRUE

SORTING = os.path.join(ROOT, "programs", "sorting")


def run(program, input_name):
    return analyze(os.path.join(SORTING, program + ".tvp"), os.path.join(SORTING, input_name + ".tvs"))


def exit_messages(r):
    return [m.text for m in r.messages if m.location == "exit"]


def test_create_gives_the_three_structures_of_figure_8():
    r = run("create", "empty")
    assert r.messages == []
    shapes = sorted((s.n, s.summary != 0) for s in r.locations["exit"])
    assert shapes == [(0, False), (1, False), (2, True)]


@pytest.mark.parametrize("program", ["insert_sort", "bubble_sort", "insert_sort_b1"])
def test_sorts_are_proved(program):
    r = run(program, "unsorted")
    assert exit_messages(r) == []
    assert len(r.locations["exit"]) > 0
    # the only other report: bubble sort's y = x; yn = y->n on the empty list
    assert all(m.location != "exit" for m in r.messages)


def test_bubble_sort_dereferences_null_on_the_empty_list():
    r = run("bubble_sort", "unsorted")
    assert [(m.location, m.text) for m in r.messages] == [("n5", "Illegal dereference to n component of y")]


def test_insert_sort_b2_is_reported_unsorted_with_figure_14():
    r = run("insert_sort_b2", "unsorted")
    assert exit_messages(r) == ["List x may not be sorted"]
    voc = r.voc
    x, io, rx = voc["x"].index, voc["inOrder[dle,n]"].index, voc["r[n,x]"].index
    fig14 = False
    for s in r.locations["exit"]:
        if s.n < 2:
            continue
        head = (s.uT[x] & -s.uT[x]).bit_length() - 1
        rest = [u for u in range(s.n) if u != head and s.unary(rx, u) == TRUE]
        if s.unary(io, head) == HALF and rest and all(s.unary(io, u) == TRUE for u in rest):
            fig14 = True
    assert fig14


def test_bubble_sort_b_ends_only_on_distinct_neighbours():
    r = run("bubble_sort_b", "unsorted")
    assert exit_messages(r) == []
    voc = r.voc
    d, rx = voc["DataIsNEqual[dle,n]"].index, voc["r[n,x]"].index
    assert r.locations["exit"]
    for s in r.locations["exit"]:
        for u in range(s.n):
            if s.unary(rx, u) != 0:
                assert s.unary(d, u) == TRUE


def test_merge_and_reverse():
    assert exit_messages(run("merge", "two_sorted")) == []
    assert run("merge", "two_sorted").messages == []
    assert run("reverse", "sorted").messages == []


def test_reverse_of_unsorted_is_not_reverse_sorted():
    r = run("reverse", "unsorted")
    assert exit_messages(r) == ["List y may not be sorted in reverse order"]


# --------------------------------------------------------------------------- Figure 16, run concretely

class Node:
    def __init__(self, d, n=None):
        self.d, self.n = d, n


def insert_sort_b1(x):
    """The C code of Figure 16, line by line."""
    r, pr = x, None
    while r is not None:
        l, pl = x, None
        while l is not r:
            if l.d > r.d:
                pr.n = r.n
                r.n = l
                if pl is None:
                    x = r
                else:
                    pl.n = r
                r = pr
                break
            pl, l = l, l.n
        pr = r
        r = r.n
    return x


def test_figure_16_keeps_every_element_on_small_lists():
    for length in range(6):
        for data in itertools.product(range(3), repeat=length):
            head = None
            nodes = []
            for d in reversed(data):
                head = Node(d, head)
                nodes.append(head)
            out = insert_sort_b1(head)
            seen = []
            while out is not None:
                seen.append(out)
                out = out.n
            assert sorted(map(id, seen)) == sorted(map(id, nodes))   # a permutation: nothing lost
            assert [n.d for n in seen] == sorted(data)                # and sorted


def test_equal_data_conditions_split_the_order(write):
    # x and y point to two single elements with unknown order: == and != are
    # both possible, and after x->d == y->d the order is known both ways
    prog = write("eq.tvp", f"""
    %s PVar {{x, y}}
    #include "{os.path.join(ROOT, 'specs', 'sll', 'preds.tvp')}"
    #include "{os.path.join(ROOT, 'specs', 'sorting', 'preds.tvp')}"
    %%
    #include "{os.path.join(ROOT, 'specs', 'sll', 'actions.tvp')}"
    #include "{os.path.join(ROOT, 'specs', 'sorting', 'actions.tvp')}"
    %%
    L0 Equal_Data_L(x, y) eq
    L0 Not_Equal_Data_L(x, y) ne
    """)
    tvs = write("eq.tvs", """
    %n = {a, b}
    %p = {
        x = {a}
        y = {b}
        r[n,x] = {a}
        r[n,y] = {b}
        t[n] = {a->a, b->b}
        dle = {a->a, b->b, a->b:1/2, b->a:1/2}
        inOrder[dle,n] = {a, b}
        inROrder[dle,n] = {a, b}
    }
    """)
    r = analyze(prog, tvs, join="rel")   # the part join would merge the two orders again
    assert r.messages == []
    dle = r.voc["dle"].index
    (eq,) = r.locations["eq"]
    assert eq.binary(dle, 0, 1) == TRUE and eq.binary(dle, 1, 0) == TRUE
    ne = r.locations["ne"]
    assert len(ne) == 2   # a < b or b < a
    assert sorted((s.binary(dle, 0, 1), s.binary(dle, 1, 0)) for s in ne) == [(0, TRUE), (TRUE, 0)]


@pytest.mark.parametrize("cond", ["Less_Equal_Data_L", "Greater_Data_L", "Greater_Equal_Data_L", "Less_Data_L",
                                  "Equal_Data_L", "Not_Equal_Data_L"])
def test_a_data_comparison_with_null_is_reported(write, cond):
    # y is NULL: x->d <op> y->d dereferences it, whichever branch the program takes
    prog = write("null.tvp", f"""
    %s PVar {{x, y}}
    #include "{os.path.join(ROOT, 'specs', 'sll', 'preds.tvp')}"
    #include "{os.path.join(ROOT, 'specs', 'sorting', 'preds.tvp')}"
    %%
    #include "{os.path.join(ROOT, 'specs', 'sll', 'actions.tvp')}"
    #include "{os.path.join(ROOT, 'specs', 'sorting', 'actions.tvp')}"
    %%
    L0 {cond}(x, y) L1
    """)
    tvs = write("null.tvs", """
    %n = {a}
    %p = {
        x = {a}
        r[n,x] = {a}
        t[n] = {a->a}
        dle = {a->a}
        inOrder[dle,n] = {a}
        inROrder[dle,n] = {a}
    }
    """)
    r = analyze(prog, tvs)
    assert [(m.location, m.text) for m in r.messages] == [("L0", "Illegal dereference to d component of y")]
