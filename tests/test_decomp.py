"""A program written for TVLA's decomposition engine (programs/decomp) runs on
the plain engine, which reads the decomposition vocabulary and ignores it."""

import os

from conftest import ROOT
from tvla import analyze
from tvla.lang.tvp import load_program

DECOMP = os.path.join(ROOT, "programs", "decomp")
ZIP = os.path.join(DECOMP, "zip.tvp")


def test_decomposition_annotations_do_not_change_the_actions():
    prog = load_program(ZIP)
    step = next(e.action for e in prog.edges if e.action.label == "Step(t)")
    assert {name: str(f) for name, (_params, f) in step.updates.items()} == {"t": "E(v_1) (t(v_1) & n(v_1, v))"}
    assert step.new is None and step.retain is None and step.post_messages == []
    assert [m.render() for m in step.pre_messages] == ["Illegal dereference to n component of t"]


def test_walking_two_disjoint_lists_is_proved():
    r = analyze(ZIP, os.path.join(DECOMP, "two_lists.tvs"))
    assert r.verdict == "proved" and r.messages == []
    assert "end" in r.reached


def test_the_scoped_global_message_checks_every_edge(write):
    shared = write("shared.tvs", """
        %n = {x0, y0, u1}
        %p = {
            sm = {u1:1/2}
            x = {x0}
            y = {y0}
            n = {x0->u1:1/2, y0->u1:1/2, u1->u1:1/2}
        }
    """)
    r = analyze(ZIP, shared, max_messages=1)
    assert ("entry", "x and y may share a node") in {(m.location, m.text) for m in r.messages}
