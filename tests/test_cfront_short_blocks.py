"""A block allocated with fewer bytes than its struct (``malloc(sizeof(struct node *))`` for a
``struct node``, the classic wrong ``sizeof``) is a cell whose fields past the end of the block are
marked (``ir.Malloc.outside``, ``past_end[f](v)``): an access to one is a valid-deref violation,
the fields inside the block are used as usual (it was unsupported: unknown)."""

import pytest
from conftest import assert_embedded, c2tvp, c_verdicts

SRC = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int data; };
int main(void) {
    struct node *h = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *n = ALLOC;
        n->next = h;
        h = n;
        USE;
    }
    while (h) { struct node *t = h->next; free(h); h = t; }
    return 0;
}
"""


@pytest.mark.parametrize("alloc, use, expected", [
    ("malloc(sizeof(struct node *))", "(void)0", ("true", "true", "true")),          # next fits in 8 bytes
    ("malloc(sizeof(struct node *))", "n->data = 1", ("false (valid-deref)", "true", "true")),
    ("malloc(sizeof(struct node *))", "if (n->data) h = n", ("false (valid-deref)", "true", "true")),
    ("calloc(1, sizeof(struct node *))", "h->data = 2", ("false (valid-deref)", "true", "true")),
    ("malloc(sizeof(struct node))", "n->data = 1", ("true", "true", "true")),
])
def test_a_field_past_the_end_of_a_short_block(tmp_path, alloc, use, expected):
    assert c_verdicts(tmp_path, SRC.replace("ALLOC", alloc).replace("USE", use)) == expected


def test_the_violation_names_the_field(tmp_path):
    tvp, _ = c2tvp(tmp_path, SRC.replace("ALLOC", "malloc(sizeof(struct node *))").replace("USE", "n->data = 1"))
    text = open(tvp).read()
    assert "%p past_end[data](v)" in text and "%action Malloc_n_node_no_data()" in text
    assert '"valid-deref: n->data lies past the end of the block allocated for the cell"' in text


def test_concrete_runs_embed_with_a_short_block(tmp_path):
    tvp, tvs = c2tvp(tmp_path, SRC.replace("ALLOC", "malloc(sizeof(struct node *))").replace("USE", "n->data = 1"))
    assert_embedded(tvp, tvs, "--nodes", "3", "--runs", "20")
