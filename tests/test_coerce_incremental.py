"""Coerce runs only the rules a change can make fire: after a materialization the rules
reading the split predicate or comparing nodes, after ``%retain`` removed nodes those whose
body may rise without them.  The analyses must store exactly the structures a coerce
running every rule stores."""

import os

import pytest

from tvla.cli.api import run_analysis
from tvla.cli.verify import VerifyOptions, lower, write_translation
from tvla.engine.coerce import Coercer, Ranking, rule_rises
from tvla.lang.tvs import format_structure
from tvla.logic import formula as F
from tvla.logic.kleene import FALSE, TRUE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

x, y = F.Atom("x", ("v",)), F.Atom("y", ("v",))
n = F.Atom("n", ("v", "w"))


@pytest.mark.parametrize("f, rises", [
    (F.Exists(("v",), x), False),
    (F.Not(F.Exists(("v",), x)), True),
    (F.Forall(("v",), x), True),
    (F.Not(F.Forall(("v",), x)), False),
    (F.And(x, F.Not(y)), False),
    (F.Closure("n", "v", "w", False), False),
    (F.Not(F.Closure("n", "v", "w", True)), True),
    (F.Implies(F.Exists(("w",), n), x), True),
    (F.Implies(x, F.Exists(("w",), n)), False),
    (F.Ite(F.Exists(("w",), n), x, y), True),
    (F.Ite(x, F.Exists(("w",), n), y), False),
    (F.Iff(x, F.Exists(("w",), n)), True),
])
def test_which_formulae_may_rise_when_nodes_go(f, rises):
    assert F.rises_without_nodes(f) is rises


def stored(result):
    return [(loc, format_structure(s, result.vocabulary)) for loc in result.order
            for s in result.locations.get(loc, [])]


def both_ways(monkeypatch, *args, **kwargs):
    """The stored structures of a run, then of a run whose every coerce runs every rule."""
    incremental = run_analysis(*args, **kwargs)
    full = Coercer.sharpen
    monkeypatch.setattr(Coercer, "sharpen", lambda self, s, changed, **kw: full(self, s, None, **kw))
    monkeypatch.setattr(Coercer, "refine", lambda self, s, changed, held=None, took=None: self.coerce(s) and None)
    complete = run_analysis(*args, **kwargs)
    monkeypatch.undo()
    return stored(incremental), stored(complete)


def analysis_paths(directory, program, tvs):
    """The TVP and TVS files of an analysis of programs/DIRECTORY."""
    d = os.path.join(ROOT, "programs", directory)
    return os.path.join(d, program + ".tvp"), os.path.join(d, tvs + ".tvs")


def c_translation(tmp_path, name):
    """The TVP and TVS files generated for memsafety from programs/c/NAME, in ``tmp_path``."""
    cprog = lower(os.path.join(ROOT, "programs", "c", name), VerifyOptions(("memsafety",)))
    _tr, tvp, tvs = write_translation(cprog, ("memsafety",), str(tmp_path))
    return tvp, tvs


@pytest.mark.parametrize("directory, program, tvs", [
    ("tree", "remove_min", "bst"),      # materializes summary subtrees, %retain drops a node
    ("sll", "delete", "list"),
    ("dll", "delete", "list"),
    ("sorting", "bubble_sort", "unsorted"),
])
def test_tvp_analyses_store_what_a_full_coerce_stores(monkeypatch, directory, program, tvs):
    ours, full = both_ways(monkeypatch, *analysis_paths(directory, program, tvs))
    assert len(ours) > 50
    assert ours == full


@pytest.mark.parametrize("name", ["tree_bst_delete_min.c", "sll_delete_node.c", "dll_reverse.c"])
def test_c_programs_store_what_a_full_coerce_stores(monkeypatch, tmp_path, name):
    # the generated library frees cells and ends variables' scopes with %retain
    tvp, tvs = c_translation(tmp_path, name)
    ours, full = both_ways(monkeypatch, tvp, tvs, max_structures=1500)
    assert len(ours) > 100
    assert ours == full


def never_skipping(monkeypatch, *args, **kwargs):
    """The stored structures of a run, then of a run whose coerce runs every queued rule
    (none is skipped for having run since the last change that may make it fire)."""
    skipping = run_analysis(*args, **kwargs)
    init = Coercer.__init__

    def everything(self, *a, **kw):
        init(self, *a, **kw)
        every = list(range(len(self.rules)))
        self.raised = {(p, v): every for p in self.voc.preds for v in (FALSE, TRUE)}
        self._ranking = Ranking(self, every)
    monkeypatch.setattr(Coercer, "__init__", everything)
    complete = run_analysis(*args, **kwargs)
    monkeypatch.undo()
    return stored(skipping), stored(complete)


@pytest.mark.parametrize("directory, program, tvs", [
    ("tree", "remove_min", "bst"),
    ("dll", "delete", "list"),
    ("sorting", "merge", "two_sorted"),
])
def test_skipped_rule_runs_change_nothing(monkeypatch, directory, program, tvs):
    ours, complete = never_skipping(monkeypatch, *analysis_paths(directory, program, tvs))
    assert len(ours) > 50
    assert ours == complete


def in_queue_order(monkeypatch, *args, **kwargs):
    """The stored structures of a run, then of a run whose focus coerces the structures it
    splits with the rules in queue order, every queued rule at least once (refine is coerce)."""
    ranked = run_analysis(*args, **kwargs)
    monkeypatch.setattr(Coercer, "refine",
                        lambda self, s, changed, held=None, took=None: self.coerce(s, changed) and None)
    queued = run_analysis(*args, **kwargs)
    monkeypatch.undo()
    return stored(ranked), stored(queued)


@pytest.mark.parametrize("directory, program, tvs", [
    ("tree", "remove_min", "bst"),
    ("sll", "delete", "list"),
    ("sorting", "bubble_sort", "unsorted"),
])
def test_focus_coerces_in_any_order(monkeypatch, directory, program, tvs):
    ours, queued = in_queue_order(monkeypatch, *analysis_paths(directory, program, tvs))
    assert len(ours) > 50
    assert ours == queued


@pytest.mark.parametrize("name", ["dll_reverse.c", "sll_delete_node.c"])
def test_c_programs_focus_coerces_in_any_order(monkeypatch, tmp_path, name):
    tvp, tvs = c_translation(tmp_path, name)
    ours, queued = in_queue_order(monkeypatch, tvp, tvs, max_structures=1500)
    assert len(ours) > 100
    assert ours == queued


def test_rules_run_again_only_after_changes_that_may_make_them_fire():
    x_, n_ = F.Atom("x", ("v_1",)), F.Atom("n", ("v_1", "v_2"))
    # the body may become 1 when x or n becomes 1, or sm 0 (v_1 == v_2); the head breaks
    # when n becomes 1
    body = F.And(x_, F.Or(n_, F.Eq("v_1", "v_2")))
    assert rule_rises(body, F.Not(n_)) == {("x", TRUE), ("n", TRUE), ("sm", FALSE)}
    assert rule_rises(F.Not(body), n_) == {("x", FALSE), ("n", FALSE), ("sm", TRUE)}
    # a condition is read both ways
    assert rule_rises(F.Ite(x_, n_, F.TRUE_F), F.FALSE_F) == {("x", TRUE), ("x", FALSE), ("n", TRUE)}


DROP = """
%p x(v) unique pointer
%p y(v)
%p none()
%r !(E(v) y(v)) ==> none()
%%
%action Drop() {
    %t "drop"
    %retain !y(v)
}
%%
L0 Drop() L1
"""

TWO = """
%n = {u0, u1}
%p = {
    x = {u0}
    y = {u1}
    none = 1/2
}
"""


def test_a_rule_that_fires_once_retain_removed_a_node(write):
    # y held only at the node %retain removes: E(v) y(v) falls to 0, and the rule must run
    # again although no predicate it reads was updated
    r = run_analysis(write("drop.tvp", DROP), write("two.tvs", TWO))
    (s,) = r.locations["L1"]
    assert (s.n, s.nul[r.vocabulary["none"].index]) == (1, TRUE)
