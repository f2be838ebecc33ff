"""``*p = *q`` and ``memcpy(p, q, sizeof *p)`` of two cells of one struct type copy every field:
each pointer field through a temporary, each int field as a datum; both cells are dereferenced.
``*p = (struct T){ ... }`` copies a compound literal: a cell of its own, zeroed, given the listed
fields (read before ``*p`` is written), then gone."""

import pytest

from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

PROGRAM = """#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; struct node *prev; int d; };
int main(void)
{
    struct node *n = malloc(sizeof *n), *m = malloc(sizeof *m);
    n->next = n; n->prev = NULL; n->d = 7;
    BODY
    free(n); free(m);
    return 0;
}
"""

LIST = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; struct node *prev; int d; };
int main(void)
{
    struct node *l = NULL, *p;
    while (__VERIFIER_nondet_int()) {
        p = malloc(sizeof *p); p->next = l; p->prev = NULL; p->d = 1; l = p;
    }
    if (l) {   /* a copy of the first cell, linked after it */
        p = malloc(sizeof *p); *p = *l; l->next = p; p->prev = l;
        if (p->d != 1) reach_error();
    }
    while (l) { p = l->next; free(l); l = p; }
    return 0;
}
"""


def verdicts(tmp_path, src):
    path = tmp_path / "t.c"
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(ALL))
    return [p.verdict if p.violated in (None, p.name) else f"false({p.violated})" for p in f.properties]


@pytest.mark.parametrize("body, expected", [
    ("*m = *n; if (m->next != n || m->prev != NULL || m->d != 7) reach_error();", ["true", "true", "true"]),
    ("memcpy(m, n, sizeof *n); if (m->next != n || m->prev != NULL || m->d != 7) reach_error();",
     ["true", "true", "true"]),
    ("*m = *n; if (m->next == n && m->d == 7) reach_error();", ["true", "false", "false"]),
    ("free(n); *m = *n; n = malloc(sizeof *n);", ["false(valid-deref)", "true", "true"]),
    ("n->next = malloc(sizeof *n); *m = *n; free(m->next);", ["true", "true", "true"]),
    ("n->next = malloc(sizeof *n); *m = *n;", ["false(valid-memtrack)", "false", "true"]),
    # a compound literal: a cell of its own, zeroed, the listed fields written, then copied
    ("*m = (struct node){0}; if (m->next != NULL || m->prev != NULL || m->d != 0) reach_error();",
     ["true", "true", "true"]),
    ("*m = (struct node){ .d = 7, .next = n }; if (m->next != n || m->prev != NULL || m->d != 7) reach_error();",
     ["true", "true", "true"]),
    ("*m = (struct node){ .prev = n }; if (m->prev == n) reach_error();", ["true", "false", "false"]),
    # its values are read before the copy writes: n's old next (n itself) and datum
    ("*n = (struct node){ .d = n->d, .prev = n->next }; if (n->prev != n || n->d != 7 || n->next) reach_error();",
     ["true", "true", "true"]),
    ("n->next = malloc(sizeof *n); *n = (struct node){ .d = 1 };", ["false(valid-memtrack)", "false", "true"]),
])
def test_a_copied_cell_holds_the_fields_of_its_source(tmp_path, body, expected):
    assert verdicts(tmp_path, PROGRAM.replace("BODY", body)) == expected


def test_a_copied_cell_in_a_list(tmp_path):
    assert verdicts(tmp_path, LIST) == ["true", "true", "true"]


@pytest.mark.parametrize("body", ["memcpy(m, n, 4);", "*m = (struct node){ .next = n + 1 };"])
def test_other_copies_are_unsupported(tmp_path, body):
    path = tmp_path / "t.c"
    # under a choice: a program without one is settled by its one run, whatever the analysis says
    path.write_text(PROGRAM.replace("BODY", f"if (__VERIFIER_nondet_int()) {{ {body} }}"))
    [f] = verify_files([str(path)], VerifyOptions(("memsafety",)))
    assert f.properties[0].verdict == "unknown" and "unsupported" in f.properties[0].reason


PAIR = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct blob { int v; };
struct pair { struct blob *lo; struct blob *hi; int tag; };
static void clear(struct pair p) { p.lo = NULL; p.tag = 7; }
static void release(struct pair p) { free(p.lo); RELEASE_HI }
int main(void)
{
    struct pair a;
    a.lo = malloc(sizeof(struct blob));
    a.hi = malloc(sizeof(struct blob));
    a.tag = 1;
    clear(a);
    if (a.lo == NULL || a.tag != 1)
        reach_error();
    struct pair b = a;
    struct pair *q = &b;
    struct pair c;
    c = *q;
    BODY
    return 0;
}
"""


@pytest.mark.parametrize("release_hi, body, expected", [
    ("free(p.hi);", "if (__VERIFIER_nondet_int()) release(c); else release(*q);", ["true", "true", "true"]),
    ("free(p.hi);", "release(c); if (c.lo != a.lo || b.hi != a.hi) reach_error();", ["true", "true", "true"]),
    ("free(p.hi);", "release(a); free(b.lo);", ["false(valid-free)", "true", "true"]),
    ("", "release(b);", ["true", "false", "true"]),
    ("free(p.hi);", "b.lo = NULL; release(b);", ["true", "false", "true"]),
])
def test_a_struct_passed_by_value_is_a_copy_of_its_argument(tmp_path, release_hi, body, expected):
    """A struct parameter is a cell of the callee given a copy of its argument (a struct variable or
    ``*q``): clear()'s writes leave the caller's struct as it was, release(b) frees the blocks a's
    fields point to; ``struct pair b = a;`` and ``c = *q;`` copy every field."""
    src = PAIR.replace("RELEASE_HI", release_hi).replace("BODY", body)
    assert verdicts(tmp_path, src) == expected


@pytest.mark.parametrize("body, expected", [
    ("release(a);", ["true", "true", "true"]),
    ("release(c); if (c.lo != a.lo || c.hi != b.hi) reach_error();", ["true", "true", "true"]),
    ("release(c); release(b);", ["false(valid-free)", "true", "true"]),
])
def test_a_struct_returned_by_value_is_a_copy_of_what_the_callee_returns(tmp_path, body, expected):
    """``c = get(*q);`` with ``get`` returning its struct parameter: c's cell gets a copy of the
    callee's (unsupported before: every verdict unknown)."""
    src = PAIR.replace("RELEASE_HI", "free(p.hi);").replace("BODY", body).replace(
        "int main(void)", "static struct pair get(struct pair p) { return p; }\nint main(void)").replace(
        "    c = *q;", "    c = get(*q);")
    assert verdicts(tmp_path, src) == expected
