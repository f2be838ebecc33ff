"""Link pointers copied into one another (``pm = pq``, a link given to a ``T **`` parameter),
the address of a struct variable's pointer field given to one (``push(&q.head)``), and
reachability from a struct variable's head cell along paths (the dummy head of an insertion sort)."""

import os

import pytest
from conftest import ROOT, assert_embedded, c_verdicts, corpus_verdicts

from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation


def corpus(name):
    return os.path.join(ROOT, "programs", "c", name)


@pytest.mark.parametrize("name, expected", [("sll_remove_min_link_copy.c", "true"),
                                            ("sll_remove_min_link_copy_stale.c", "false")])
def test_a_link_copied_keeps_the_least_cell(name, expected):
    """The search keeps the link of the least cell in ``pm = pq`` (it was unsupported: unknown);
    unlinking through it before or after the free decides valid-deref, without concrete runs."""
    verdict = corpus_verdicts(name, ("memsafety",), concrete=False)["memsafety"]
    assert (verdict.verdict, verdict.violated if expected == "false" else None) == \
        (expected, "valid-deref" if expected == "false" else None)


@pytest.mark.parametrize("name, expected", [("sort_selection_pp.c", "true"), ("sort_selection_pp_min.c", "false")])
def test_the_cell_a_link_keeps_stays_apart(name, expected):
    """``pmax`` keeps the link of the largest cell seen (``lk[pmax_at](v)``, an abstraction
    predicate): without it that cell merged with the cells the search passed, and the order
    checked after the sort was unknown; without concrete runs."""
    assert corpus_verdicts(name, ("unreach-call",), concrete=False)["unreach-call"].verdict == expected


@pytest.mark.parametrize("name, expected", [("sll_tail_link_outparam.c", ("true", "true")),
                                            ("sll_tail_link_outparam_unmoved.c", ("false", "false"))])
def test_a_link_given_to_an_out_parameter(name, expected):
    """``make(tailp, 1)`` storing through ``*out`` the link it is given (it was unsupported: the
    parameter's target was not known); without concrete runs."""
    verdicts = corpus_verdicts(name, ("memsafety", "memcleanup"), concrete=False)
    assert (verdicts["memsafety"].verdict, verdicts["memcleanup"].verdict) == expected


@pytest.mark.parametrize("name, options", [("sll_remove_min_link_copy.c", ()),
                                           ("sort_insertion_dummy_stack.c", ("--nodes", "3")),
                                           ("sort_selection_pp.c", ("--nodes", "3"))])
def test_concrete_runs_embed(tmp_path, name, options):
    """Every concrete run embeds: the copy of a link follows C, and the reachability rule along
    paths only drops stores no run makes."""
    _tr, tvp, tvs = write_translation(lower_file(corpus(name)), ("memsafety", "memcleanup"), str(tmp_path))
    assert_embedded(tvp, tvs, *options, "--runs", "0")


def test_the_dummy_heads_list_stays_reachable():
    """Cells behind a summary node hung from a struct variable's cell were 1/2 reachable from it:
    a memcleanup alarm at exit without a witness (unknown); now proved without concrete runs."""
    verdicts = corpus_verdicts("sort_insertion_dummy_stack.c", ("memsafety", "memcleanup"), concrete=False)
    assert [verdicts[p].verdict for p in ("memsafety", "memcleanup")] == ["true", "true"]


FIELD_OUT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct nd { struct nd *next; };
struct pair { struct nd *a; struct nd *b; };
GLOBAL
static void push(struct nd **l) { struct nd *n = malloc(sizeof *n); n->next = *l; *l = n; }
int main(void) {
    LOCAL
    g.a = NULL; g.b = NULL;
    while (__VERIFIER_nondet_int()) { PUSH }
    push(&g.b);
    while (g.a) { struct nd *t = g.a->next; free(g.a); g.a = t; }
    FREE_B
    return 0;
}
"""
FREE_B = "while (g.b) { struct nd *t = g.b->next; free(g.b); g.b = t; }"


@pytest.mark.parametrize("where, push", [("struct pair g;", "if (__VERIFIER_nondet_int()) push(&g.a); else push(&g.b);"),
                                         ("", "push(__VERIFIER_nondet_int() ? &g.a : &g.b);")])
@pytest.mark.parametrize("free_b, expected", [(FREE_B, ("true", "true")), ("", ("true", "false")),
                                              (FREE_B + " free(g.b->next);", ("false (valid-deref)", "true"))])
def test_a_field_of_a_struct_variable_given_to_an_out_parameter(tmp_path, where, push, free_b, expected):
    """``push(&g.a)`` for a global or local ``struct pair g``, or ``push(c ? &g.a : &g.b)``: the
    link points to a field of g's cell (both were unsupported: unknown)."""
    src = FIELD_OUT.replace("GLOBAL", where).replace("LOCAL", "" if where else "struct pair g;")
    src = src.replace("PUSH", push).replace("FREE_B", free_b)
    assert c_verdicts(tmp_path, src, ("memsafety", "memcleanup"), concrete=expected != ("true", "true")) == expected


def test_concrete_runs_embed_through_a_field_of_a_struct_variable(tmp_path):
    """Every concrete run of ``push(c ? &g.a : &g.b)`` on a local struct variable embeds."""
    src = FIELD_OUT.replace("GLOBAL", "").replace("LOCAL", "struct pair g;")
    path = tmp_path / "p.c"
    path.write_text(src.replace("PUSH", "push(__VERIFIER_nondet_int() ? &g.a : &g.b);").replace("FREE_B", FREE_B))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("memsafety", "memcleanup"), str(tmp_path))
    assert_embedded(tvp, tvs, "--runs", "20")


GLOBAL_QUEUE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
struct node *head;
struct node **tail INIT;
static void enqueue(int v) { struct node *n = malloc(sizeof *n); n->next = NULL; n->d = v; *tail = n; tail = &n->next; }
static void dequeue(void) { struct node *n = head; if (n == NULL) return; head = n->next; RESET free(n); }
int main(void)
{
    while (__VERIFIER_nondet_int()) { if (__VERIFIER_nondet_int()) enqueue(1); else dequeue(); }
    while (head) dequeue();
    return 0;
}
"""


@pytest.mark.parametrize("init, reset, expected", [
    ("= &head", "if (head == NULL) tail = &head;", "true"),
    ("= &head", "", "false"),          # tail left at the freed cell's next: written after the free
    ("", "if (head == NULL) tail = &head;", "unknown"),   # NULL at first: no link holds it
])
def test_a_global_link_pointer(tmp_path, init, reset, expected):
    """``struct node **tail = &head;`` as a global (it was unsupported: unknown); without concrete runs."""
    src = GLOBAL_QUEUE.replace("INIT", init).replace("RESET", reset)
    assert c_verdicts(tmp_path, src, ("memsafety",), concrete=False)[0].split()[0] == expected
