"""Two registers (int variables holding data of one field) compared with each other are exact
through ``rr[d,x,y]()`` (x <= y): a load takes the cell's order against the other register, a copy
the copied register's, and rules tie it to their order against every cell.  So
``a = p->data; b = p->next->data; if (a > b) reach_error();`` checks a sorted list, and values
that outlive their cells (a dequeued priority against the last one) keep their order."""

import pytest
from conftest import assert_embedded

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

PROGRAM = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef struct node { struct node *next; int data; } Node;
Node *insert(Node *h, int v)
{
    Node *n = malloc(sizeof(Node));
    n->data = v;
    if (!h || v <= h->data) { n->next = h; return n; }
    Node *p = h;
    while (p->next && p->next->data < v) p = p->next;
    n->next = p->next;
    p->next = n;
    return h;
}
int main(void)
{
    Node *h = NULL, *p;
    while (__VERIFIER_nondet_int())
        h = insert(h, __VERIFIER_nondet_int());
    CHECK
    while (h) { p = h->next; free(h); h = p; }
    return 0;
}
"""

NEIGHBOURS = "for (p = h; p && p->next; p = p->next) { int a = p->data; int b = p->next->data; if (TEST) reach_error(); }"


def write(tmp_path, check):
    path = tmp_path / "t.c"
    path.write_text(PROGRAM.replace("CHECK", check))
    return str(path)


def test_two_registers_compared_are_one_condition(tmp_path):
    prog = lower_file(write(tmp_path, NEIGHBOURS.replace("TEST", "a > b")))
    conds = [e.stmt.cond for e in prog.edges if isinstance(e.stmt, ir.Assume)
             and isinstance(e.stmt.cond, ir.DataCond) and e.stmt.cond.lfield is None]
    assert ir.DataCond("a", None, ">", value="b") in conds and ir.DataCond("a", None, "<=", value="b") in conds


@pytest.mark.parametrize("test, verdict", [
    ("a > b", "true"),     # a sorted list: no neighbour above the next
    ("b < a", "true"),
    ("a >= b", "false"),   # two equal neighbours
    ("a != b && a < b && b < a", "true"),
    ("a == b", "false"),
])
def test_neighbours_compared_through_variables(tmp_path, test, verdict):
    [f] = verify_files([write(tmp_path, NEIGHBOURS.replace("TEST", test))], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


QUEUE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct job { struct job *next; int prio; };
struct job *head = NULL;
void enqueue(int prio)
{
    struct job *j = malloc(sizeof(*j));
    j->prio = prio;
    struct job **pp = &head;
    while (*pp && (*pp)->prio <= prio)
        pp = &(*pp)->next;
    j->next = *pp;
    *pp = j;
}
int dequeue(void)
{
    struct job *j = head;
    int prio = j->prio;
    head = j->next;
    free(j);
    return prio;
}
int main(void)
{
    while (__VERIFIER_nondet_int()) {
        int p = __VERIFIER_nondet_int();
        if (p < 0 || p > 9)
            continue;
        enqueue(p);
    }
    int last = START;
    while (head) {
        int p = dequeue();
        if (p < last)
            reach_error();
        last = p;
    }
    return 0;
}
"""


def test_a_constant_among_bounds_that_are_no_keys_is_no_exact_copy(tmp_path):
    # last = 0 is a bound of prio (p < 0) but no key: its order against a dequeued value in
    # [0, 10) is not known, and giving it is no step a witness takes (this gave a wrong false:
    # the copy was taken as exact, the bounds that are no keys ignored)
    path = tmp_path / "q.c"
    path.write_text(QUEUE.replace("START", "0"))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == "unknown", got.reason


@pytest.mark.parametrize("test, verdict", [("a > b", "false"), ("a > b && b > a", "true")])
def test_values_no_cell_holds_any_more_keep_their_order(tmp_path, test, verdict):
    # both values outlive their cell's datum (rewritten): rr keeps their order
    check = ("if (h) { int a = h->data; h->data = __VERIFIER_nondet_int(); int b = h->data;"
             f" h->data = __VERIFIER_nondet_int(); if ({test}) reach_error(); }}")
    [f] = verify_files([write(tmp_path, check)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


def test_one_constant_copied_into_two_compared_registers_is_no_exact_step(tmp_path):
    # p and last both get 0: their order is 1/2 after the copies (no pair tracks a constant), and
    # a witness choosing p < last would be no run of C (this gave a wrong false)
    path = tmp_path / "c.c"
    path.write_text("""#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void)
{
    struct node *c = malloc(sizeof(*c));
    c->d = __VERIFIER_nondet_int();
    c->next = NULL;
    int last = c->d;
    int p = c->d;
    if (__VERIFIER_nondet_int()) { last = 0; p = 0; }
    if (p < last) reach_error();
    free(c);
    return 0;
}
""")
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == "unknown", got.reason


CARRIED = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct c { struct c *n; int d; };
int main(void)
{
    struct c *l = NULL;
    while (__VERIFIER_nondet_int()) { struct c *e = malloc(sizeof *e); e->d = WRITE; e->n = l; l = e; }
    int prev = START;
    while (l) {
        int cur = l->d;
        if (cur < prev) reach_error();
        prev = cur;
        struct c *t = l->n; free(l); l = t;
    }
    return 0;
}
"""


@pytest.mark.parametrize("write, start, verdict", [("1", "1", "true"), ("1", "2", "false"),
                                                   ("__VERIFIER_nondet_int() ? 1 : 2", "1", "false")])
def test_a_value_carried_to_the_next_cell_against_constants_written(tmp_path, write, start, verdict):
    # the constants written into a field two registers hold are its keys: every cell written 1
    # equals every other, and prev = 1 is an exact copy (the write was abstracted: unknown)
    path = tmp_path / "c.c"
    path.write_text(CARRIED.replace("WRITE", write).replace("START", start))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",)))
    got = f.properties[0]
    assert got.verdict == verdict, got.reason


def test_concrete_runs_embed_with_the_keys_written(tmp_path):
    """Every concrete run of the carried comparison, cells written 1 or 2, embeds."""
    path = tmp_path / "c.c"
    path.write_text(CARRIED.replace("WRITE", "__VERIFIER_nondet_int() ? 1 : 2").replace("START", "1"))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("unreach-call",), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "4", "--runs", "0")
