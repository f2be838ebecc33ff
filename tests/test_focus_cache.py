"""Focus results cached per (structure, formula); tabled values kept across copies."""

from conftest import LIST2_TVS
from tvla import formula as F
from tvla.focus import FocusFormula, Focuser, focus
from tvla.kleene import FALSE, TRUE

X_NEXT = F.Exists(("v_1",), F.And(F.Atom("x", ("v_1",)), F.Atom("n", ("v_1", "v"))))


def test_cached_focus_gives_what_focus_gives_and_copies(sll):
    s, = sll.structures(LIST2_TVS)
    ff = FocusFormula(X_NEXT, sll.voc)
    plain = [r.key() for r in focus(s.copy(), ff, sll.ev, sll.coercer.coerce)]
    focuser = Focuser(sll.ev, sll.coercer.coerce)
    first = focuser.focus(s, ff)
    assert [r.key() for r in first] == plain
    # the caller owns what it gets: mutating it does not reach the cache
    first[0].set_value(sll.voc["x"], (0,), FALSE)
    again = focuser.focus(s, FocusFormula(X_NEXT, sll.voc))  # an equal formula hits too
    assert (focuser.hits, focuser.misses) == (1, 1)
    assert [r.key() for r in again] == plain


def test_focus_cache_is_bounded(sll):
    s, = sll.structures(LIST2_TVS)
    focuser = Focuser(sll.ev, sll.coercer.coerce, size=1)
    for f in (X_NEXT, F.Atom("x", ("v",))):
        focuser.focus(s, FocusFormula(f, sll.voc))
    focuser.focus(s, FocusFormula(X_NEXT, sll.voc))
    assert (focuser.hits, focuser.misses, len(focuser.cache)) == (0, 3, 1)


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
