"""Embedding and subsumption at locations: fewer structures, the same stores described."""

import os

import pytest

from conftest import LIST2_TVS, ROOT
from tvla import analyze
from tvla.cli.api import load, read_inputs
from tvla.logic.embed import embedding, embeds
from tvla.concrete.selfcheck import selfcheck

SORTING = os.path.join(ROOT, "programs", "sorting")
HEAVY = os.path.join(ROOT, "programs", "sorting_tvla")

ONE = """
%n = {u0}
%p = {
    x = {u0}
    r[n,x] = {u0}
    t[n] = {u0->u0}
}
"""

THREE = """
%n = {u0, u1, u2}
%p = {
    x = {u0}
    r[n,x] = {u0, u1, u2}
    n = {u0->u1, u1->u2}
    t[n] = {u0->u0, u0->u1, u0->u2, u1->u1, u1->u2, u2->u2}
}
"""


def test_embedding_of_lists(sll):
    one, = sll.structures(ONE)
    three, = sll.structures(THREE)
    two_or_more, = sll.structures(LIST2_TVS)
    f = embedding(three, two_or_more)
    assert f == [0, 1, 1]                      # the tail collapses into the summary node
    assert not embeds(two_or_more, three)      # 1/2 is not below a definite value
    assert not embeds(one, two_or_more)        # onto: the summary node needs a preimage
    assert embeds(one, one) and embeds(two_or_more, two_or_more)


def structures_by_location(result):
    return {loc: list(ss) for loc, ss in result.locations.items()}


def test_rel_join_with_subsumption_describes_the_same_stores():
    prog, inp = os.path.join(SORTING, "insert_sort.tvp"), os.path.join(SORTING, "unsorted.tvs")
    every = analyze(prog, inp, join="rel")
    fewer = analyze(prog, inp, join="rel", subsumption=True)
    assert fewer.total_structures < every.total_structures and fewer.verdict == every.verdict == "proved"
    kept = structures_by_location(fewer)
    for loc, structures in every.locations.items():
        assert all(any(embeds(s, t) for t in kept[loc]) for s in structures), loc


@pytest.mark.parametrize("program", ["insert_sort", "bubble_sort_b"])
def test_heavy_sorting_with_subsumption_is_sound(program):
    """Concrete runs of every list of up to 3 elements (any data order) embed in
    the result computed with subsumption at every location."""
    analysis = load(os.path.join(HEAVY, program + ".tvp"))
    assert analysis.options.subsumes
    structures, given = read_inputs(analysis, os.path.join(HEAVY, "unsorted.tvs"))
    result = analysis.run(structures, given=given)
    inputs, _summary = analysis.prepare_inputs(structures, given)
    report = selfcheck(analysis.program, inputs, result, nodes=3, runs=5)
    assert report.inputs > 10 and not report.violations


def test_subsumption_is_off_for_rel_and_conc_unless_asked():
    from tvla.engine.options import Options
    assert Options().subsumes and Options(join="ind").subsumes
    assert not Options(join="rel").subsumes and Options(join="rel", subsumption=True).subsumes
    assert not Options(join="conc", subsumption=True).subsumes
    assert not Options(subsumption=False).subsumes


def test_fast_embedding_agrees_with_the_reference():
    """embed.embedding (the engine's) against concrete.embedding (the plain one
    selfcheck uses as ground truth) on concrete stores of a sorting analysis."""
    from tvla.concrete import interpreter as concrete
    analysis = load(os.path.join(SORTING, "insert_sort.tvp"))
    structures, given = read_inputs(analysis, os.path.join(SORTING, "unsorted.tvs"))
    result = analysis.run(structures, given=given)
    conc = concrete.Concretizer(analysis.voc, analysis.coercer, analysis.ev)
    pairs = agree = positive = 0
    for loc in ("n3", "n8", "exit"):
        abstract = result.locations[loc][:12]
        stores = [c for a in abstract[:4] for size in (2, 3) for c in conc.stores(a, size)][:30]
        for c in stores:
            for a in abstract:
                pairs += 1
                fast = embeds(c, a)
                agree += fast == concrete.embeds(c, a, analysis.voc)
                positive += fast
                assert fast == concrete.embeds(c, a, analysis.voc), (loc, c, a)
    assert pairs > 200 and agree == pairs and 20 < positive < pairs - 20


def test_cover_misses_only_pairs_that_cannot_embed():
    """Cover.misses (the set test subsumption runs before the search) says a node tag of
    ``s`` has no candidate in ``t`` exactly when embedding's per-node candidates are empty
    for a node with that tag, so it never drops a pair that embeds."""
    from tvla.logic.embed import Cover, node_candidates, node_names, node_tags
    analysis = load(os.path.join(SORTING, "insert_sort.tvp"))
    structures, given = read_inputs(analysis, os.path.join(SORTING, "unsorted.tvs"))
    result = analysis.run(structures, given=given)
    pool = [s for loc in ("n3", "n8", "exit") for s in result.locations[loc][:10]]
    missed = 0
    for t in pool:
        names_t = node_names(t)
        cover = Cover(names_t, t.maybe_active, t.unary_count)
        every = (1 << t.unary_count) - 1
        for s in pool:
            names_s = node_names(s)
            empty = any(not (node_candidates(nm, names_t, every) & (t.maybe_active if s.maybe_active >> u & 1
                                                                    else t.full))
                        for u, nm in enumerate(names_s))
            assert cover.misses(node_tags(names_s, s.maybe_active)) == empty
            missed += empty
            if empty:
                assert not embeds(s, t)
    assert 0 < missed < len(pool) ** 2
