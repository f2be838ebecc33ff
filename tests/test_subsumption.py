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


def test_signature_index_lists_every_signature_may_embed_accepts():
    """The index may list more than may_embed accepts, never less, in either direction, as
    signatures come and go and the union of the 1/2 masks grows (also by a query's)."""
    import random
    from tvla.logic.embed import SignatureIndex, may_embed
    rng = random.Random(7)

    def sig(width=6):   # queries have 1/2 at predicates that no member has
        half = rng.getrandbits(width) & rng.getrandbits(width)
        one, zero = rng.getrandbits(8), rng.getrandbits(8)
        return rng.randint(1, 3), one | 1, zero, half, rng.random() < 0.2

    def near(b):   # b with more 1/2 (b may embed into it) or less (it may embed into b)
        n, one, zero, half, maybe = b
        r = rng.getrandbits
        more = r(8)
        if rng.random() < 0.5:
            return n, (one | more & r(8)) & ~(more & r(8)), (zero | more & r(8)) & ~(more & r(8)), half | more, maybe
        less = half & r(8)
        return n, one & ~less | (less & r(8)), zero & ~less | (less & ~one), half & ~less, maybe

    index, members = SignatureIndex(), []
    for step in range(600):
        s = sig()
        if s not in members:
            index.add(s)
            members.append(s)
        if len(members) > 30:
            index.remove(members.pop(rng.randrange(len(members))))
        q = sig(8) if rng.random() < 0.3 else near(rng.choice(members))
        assert {b for b in members if may_embed(q, b)} <= set(index.above(q))
        assert {b for b in members if may_embed(b, q)} <= set(index.below(q))
    assert set(index.members) == set(members)
    accepted = sum(may_embed(q, b) for q in members for b in members)
    listed = sum(len(index.above(q)) for q in members)
    assert listed < len(members) ** 2 and accepted <= listed   # it does rule some out
