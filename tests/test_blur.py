"""Canonical abstraction."""

from tvla.engine.blur import blur
from tvla.logic.kleene import FALSE, HALF, TRUE

LIST4 = """
%n = {a, b, c, d}
%p = {
    x = {a}
    n = {a->b, b->c, c->d}
    t[n] = {a->a, a->b, a->c, a->d, b->b, b->c, b->d, c->c, c->d, d->d}
    r[n,x] = {a, b, c, d}
}
"""


def test_four_node_list_blurs_into_two_nodes(sll):
    s, = sll.structures(LIST4)
    b = blur(s, sll.voc)
    assert b.n == 2
    voc = sll.voc
    x, n, sm = voc["x"].index, voc["n"].index, voc["sm"].index
    head = 0 if b.unary(x, 0) == TRUE else 1
    tail = 1 - head
    assert b.unary(sm, head) == FALSE and b.unary(sm, tail) == HALF
    assert b.binary(n, head, tail) == HALF      # a->b is 1, a->c, a->d are 0
    assert b.binary(n, tail, tail) == HALF      # b->c 1, c->b 0
    assert b.binary(n, tail, head) == FALSE
    assert b.unary(voc["r[n,x]"].index, tail) == TRUE


def test_blur_is_canonical(sll):
    s1, = sll.structures(LIST4)
    s2, = sll.structures(LIST4.replace("%n = {a, b, c, d}", "%n = {d, c, b, a}"))
    assert blur(s1, sll.voc) == blur(s2, sll.voc)
    assert hash(blur(s1, sll.voc)) == hash(blur(s2, sll.voc))
