"""A struct copied out of a zeroed object (a calloc'd cell, a global, ``{0}``) carries its zeros, and
one copied into a zeroed object carries its uninitialised members (tvla.concrete.cexec's struct
values); ``realloc`` of a calloc'd block not used yet keeps its zeros (tvla.concrete.cblocks).

A struct value was the slots its object had written: the members zero only through the object's
zero flag read as uninitialised in the copy, and a run "found" a reach_error or a dereference of an
uninitialised pointer that C never meets (wrong falses a helper's probe found, among them a driver's
``*r = req_template;`` from a zero ``static const`` template)."""

import pytest

from conftest import c_verdicts

PROPERTIES = ("memsafety", "memcleanup", "unreach-call")

HEAD = """#include <stdlib.h>
extern void reach_error(void);
struct node { int d; struct node *next; };
struct node G;
"""

CASES = [
    # struct y = x, x = {0}: y.next is NULL
    ("struct node x = {0}; struct node y = x; if (y.next != NULL || y.d != 0) reach_error();", ("true", "true", "true")),
    # a global without an initialiser, copied
    ("struct node y = G; if (y.next) y.next->d = 1;", ("true", "true", "true")),
    # a copy of a calloc'd cell
    ("struct node *a = calloc(1, sizeof *a); struct node b = *a; if (b.next != NULL) reach_error(); free(a);",
     ("true", "true", "true")),
    # realloc of a calloc'd block no one has read or written yet
    ("struct node *p = calloc(1, sizeof *p); p = realloc(p, sizeof *p); if (p->next != NULL) reach_error(); free(p);",
     ("true", "true", "true")),
    # memcpy of a zeroed cell
    ("struct node *a = calloc(1, sizeof *a); struct node *b = malloc(sizeof *b); memcpy(b, a, sizeof *a);"
     " if (b->next != NULL) reach_error(); free(a); free(b);", ("true", "true", "true")),
    # the other way: an uninitialised member copied into a calloc'd cell stays uninitialised
    ("struct node *z = calloc(1, sizeof *z); struct node *m = malloc(sizeof *m); m->d = 1; *z = *m;"
     " if (z->next) z->next->d = 2; free(m); free(z);", ("false (valid-deref)", "true", "true")),
]


@pytest.mark.parametrize("body, want", CASES)
def test_a_struct_copy_keeps_zeros_and_uninitialised_members(tmp_path, body, want):
    src = HEAD.replace("#include <stdlib.h>", "#include <stdlib.h>\n#include <string.h>") + \
        "int main(void) {\n  " + body + "\n  return 0;\n}\n"
    assert c_verdicts(tmp_path, src, PROPERTIES) == want
