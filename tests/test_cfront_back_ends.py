"""``bk[b,x](v)``: the cell x's back field points to, for a list whose data are ordered
(:func:`tvla.cfront.library._back_ends`).  An insertion sort in place of a doubly linked list
reaches the cell before the next one to insert, and the cell a backward scan stops at, through
``prev`` only; unnamed, each merged with the sorted cells next to it, and its order against its
successor, unknown, made them all unordered (the check of the order was an alarm without a
witness; a forward scan for the insertion point, which stops at c's old predecessor at the
latest, seemed to run past the list's end)."""

import os
import subprocess
import sys

from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next, *prev; int data; };
int main(void) {
    struct node *h = NULL, *p, *c, *nx, *q;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof(struct node));
        p->data = __VERIFIER_nondet_int();
        p->next = h; p->prev = NULL;
        if (h) h->prev = p;
        h = p;
    }
    if (h) {
        c = h->next;
        while (c) {
            nx = c->next;
%s
            c = nx;
        }
    }
    for (p = h; p && p->next; p = p->next)
        if (p->data > p->next->data) reach_error();
    while (h) { p = h; h = h->next; free(p); }
    return 0;
}
"""

BACKWARD = HEAD % """
            q = c->prev;
            if (q->data > c->data) {
                q->next = nx; if (nx) nx->prev = q;
                while (q->prev && q->prev->data > c->data) q = q->prev;
                c->prev = q->prev; c->next = q;
                if (q->prev) q->prev->next = c; else h = c;
                q->prev = c;
            }"""

FORWARD = HEAD % """
            if (c->prev->data > c->data) {
                c->prev->next = nx; if (nx) nx->prev = c->prev;
                q = h;
                while (q->data <= c->data) q = q->next;
                c->prev = q->prev; c->next = q;
                if (q->prev) q->prev->next = c; else h = c;
                q->prev = c;
            }"""


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_the_cells_behind_the_variables_whose_back_field_is_used_are_named(tmp_path):
    lib = build_library(lower_file(_write(tmp_path, "ins.c", BACKWARD)), needs_of(ALL))
    assert set(lib.behind) == {("prev", x) for x in ("h", "p", "c", "nx", "q")}
    assert "%i bk[prev,c](v) = E(v_1) c(v_1) & prev(v_1, v)" in lib.declarations()


def test_insertion_sorts_in_place_of_a_doubly_linked_list_are_proved(tmp_path):
    got = verify_files([_write(tmp_path, "backward.c", BACKWARD), _write(tmp_path, "forward.c", FORWARD)],
                       VerifyOptions(ALL, concrete=False), jobs=1)
    assert [[p.verdict for p in f.properties] for f in got] == [["true"] * 3] * 2


def test_the_updates_of_the_back_ends_hold_on_concrete_stores(tmp_path):
    path = _write(tmp_path, "forward.c", FORWARD)
    out = tmp_path / "out"
    out.mkdir()
    subprocess.run([sys.executable, "-m", "tvla", "c2tvp", path, "-o", str(out)], check=True, capture_output=True)
    tvp, tvs = str(out / "forward.tvp"), str(out / "forward.tvs")
    assert "bk[prev,q]" in open(tvp).read()
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "3", "--runs", "0"],
                           capture_output=True, text=True, timeout=600)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout[-2000:] + check.stderr
