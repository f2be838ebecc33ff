"""The named views and mutators of Structure (summary nodes, activity, masks, rows, renumbering)."""

from tvla.logic.kleene import FALSE, HALF, TRUE
from tvla.logic.structure import Structure

LIST3 = """
%n = {a, b, c}
%p = {
    sm = {c:1/2}
    ac = {a, b, c:1/2}
    x = {a}
    y = {b:1/2}
    n = {a->b, b->c:1/2, c->c:1/2}
}
"""


def test_summary_nodes(sll):
    s, = sll.structures(LIST3)
    assert s.summary == 0b100
    assert [s.is_summary(u) for u in range(3)] == [False, False, True]
    s.set_summary(0b011)
    assert s.summary == 0b011 and s.unary(sll.voc["sm"].index, 0) == HALF
    assert s.unary_masks(sll.voc["sm"].index) == (0, 0b011)


def test_maybe_active_nodes(sll):
    s, = sll.structures(LIST3)
    assert s.maybe_active == 0b100 and s.active == 0b011
    assert [s.is_maybe_active(u) for u in range(3)] == [False, False, True]
    n = sll.voc["n"].index
    s.set_rows(n, ([0b010, 0b100, 0], [0, 0, 0]))
    assert s.closure(n)[0][0] == 0b110
    s.set_maybe_active(0b110)
    assert s.maybe_active == 0b110 and s.active == 0b001
    # a definite path passes only through active nodes: the cached closure is forgotten
    assert s.closure(n)[0][0] == 0b010


def test_unary_masks_and_nodes(sll):
    s, = sll.structures(LIST3)
    y = sll.voc["y"].index
    assert s.unary_masks(y) == (0, 0b010)
    assert s.unary_nodes(y, TRUE) == 0 and s.unary_nodes(y, HALF) == 0b010 and s.unary_nodes(y, FALSE) == 0b101
    key = s.key()
    s.set_unary_masks(y, (0b001, 0b100))
    assert [s.unary(y, u) for u in range(3)] == [TRUE, FALSE, HALF]
    assert s.key() != key
    assert s.unary_count == len(sll.voc.unary)
    assert list(s.unary_tables())[y] == (0b001, 0b100)


def test_rows(sll):
    s, = sll.structures(LIST3)
    n = sll.voc["n"].index
    assert s.rows(n) == ([0b010, 0, 0], [0, 0b100, 0b100])
    assert list(s.binary_tables())[n] == s.rows(n)
    assert s.closure(n)[0][0] == 0b010
    s.set_rows(n, ([0b010, 0b100, 0], [0, 0, 0]))
    assert s.binary(n, 1, 2) == TRUE and s.binary(n, 2, 2) == FALSE
    assert s.closure(n)[0][0] == 0b110  # the cached closure was forgotten


def test_renumbered_moves_every_value(sll):
    s, = sll.structures(LIST3)
    voc = sll.voc
    numbers = [2, 0, 1]  # a -> 2, b -> 0, c -> 1
    r = s.renumbered(numbers)
    assert r.n == 3 and r.nul == s.nul
    for p in voc.unary:
        assert [r.unary(p.index, numbers[u]) for u in range(3)] == [s.unary(p.index, u) for u in range(3)]
    for p in voc.binary:
        for u in range(3):
            for w in range(3):
                assert r.binary(p.index, numbers[u], numbers[w]) == s.binary(p.index, u, w)
    assert r.maybe_active == 0b010 and r.summary == 0b010
    assert s.renumbered([0, 1, 2]) == s
    assert r.renumbered([1, 2, 0]) == s


def test_renumbered_higher_arity_and_origin():
    s = Structure(2, [], [0], [0], [], [], [{(0, 1, 1): TRUE, (1, 0, 0): HALF}])
    s.origin = [0b01, 0b10]
    r = s.renumbered([1, 0])
    assert r.hi == [{(1, 0, 0): TRUE, (0, 1, 1): HALF}]
    assert r.origin == [0b10, 0b01]


def test_from_tables_rebuilds_the_structure(sll):
    s, = sll.structures(LIST3)
    t = Structure.from_tables(s.n, list(s.nul), list(s.unary_tables()),
                              [(list(rt), list(ru)) for rt, ru in s.binary_tables()], [dict(h) for h in s.hi],
                              s.maybe_active)
    assert t == s and t.maybe_active == 0b100 and t.summary == 0b100


def test_restrict_keeps_every_value_of_the_kept_nodes():
    """Both ways of packing the masks (a shift per node that goes, when few go; a move per
    kept node, when many go) keep each value of the kept nodes, renumbered in order."""
    import random
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randint(1, 12)

        def masks():
            t = rng.getrandbits(n)
            return t, rng.getrandbits(n) & ~t

        unary = [masks() for _ in range(3)]
        binary = [[masks() for _ in range(n)] for _ in range(2)]
        s = Structure(n, [HALF], [t for t, _ in unary], [u for _, u in unary],
                      [[t for t, _ in rows] for rows in binary], [[u for _, u in rows] for rows in binary],
                      [], rng.getrandbits(n))
        keep = rng.getrandbits(n) | 1
        kept = [u for u in range(n) if keep >> u & 1]
        r = s.restrict(keep)
        assert r.n == len(kept) and r.nul == [HALF]
        for k, u in enumerate(kept):
            assert [r.unary(i, k) for i in range(3)] == [s.unary(i, u) for i in range(3)]
            assert r.is_maybe_active(k) == s.is_maybe_active(u)
            for j, w in enumerate(kept):
                assert [r.binary(i, k, j) for i in range(2)] == [s.binary(i, u, w) for i in range(2)]


def test_names_given_by_blur_are_the_canonical_names_until_a_change(sll):
    from tvla.engine.blur import blur, canonical_names
    s, = sll.structures(LIST3)
    voc = sll.voc
    b = blur(s, voc)
    given = b.known_names(voc.abs_unary)
    assert given is not None
    fresh = b.copy()   # a copy has no names given: they are computed
    assert fresh.known_names(voc.abs_unary) is None and list(given) == list(canonical_names(fresh, voc.abs_unary))
    b.set_unary(voc["x"].index, 0, HALF)
    assert b.known_names(voc.abs_unary) is None
