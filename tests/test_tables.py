"""Tabled values kept across copies until what they read changes."""

from conftest import LIST2_TVS
from tvla.logic import formula as F
from tvla.logic.kleene import FALSE, TRUE


def test_copies_keep_tabled_values_until_what_they_read_changes(sll):
    s, = sll.structures(LIST2_TVS)
    voc = sll.voc
    reach_x = F.Exists(("v_1",), F.And(F.Atom("x", ("v_1",)), F.Atom("t[n]", ("v_1", "v"))))
    on_y = F.Exists(("v_1",), F.Atom("y", ("v_1",)))
    assert sll.ev.vector(reach_x, "v", s) == (0b11, 0)
    assert sll.ev.value(on_y, s) == FALSE
    c = s.copy()
    assert c.tables == s.tables and c.tables is not s.tables
    c.set_value(voc["y"], (1,), TRUE, sll.ev.stale_after("y"))
    assert sll.ev.value(on_y, c) == TRUE            # recomputed: it reads y
    assert sll.ev.value(on_y, s) == FALSE           # the original keeps its own
    kept = [t for t in s.tables if t not in sll.ev.stale_after("y")]
    assert kept and all(t in c.tables for t in kept)
    c.set_value(voc["x"], (0,), FALSE, sll.ev.stale_after("x"))
    assert sll.ev.vector(reach_x, "v", c) == (0, 0)
