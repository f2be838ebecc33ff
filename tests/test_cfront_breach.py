"""A constraint breach after an update stops an analysis of TVP (TVLA's default): the structure the
update started from describes no store, or an update formula is wrong.  ``tvla verify`` then runs
again dropping such structures and takes only violations with a concrete witness from that run."""

from pathlib import Path

from tvla.cli.verify import VerifyOptions, verify_files

MERGE_PAIR = (Path(__file__).resolve().parent / "data" / "c" / "merge_pair.c").read_text()

HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
"""

# merge sort's first round on a list of one-cell lists (the competition's merge_sort task): the
# sub-lists merged pairwise through a struct node *** cursor; then the list cells are freed
# without their merged sub-lists, a leak.  The run with data breaches the definition of
# nn[slist] after data->next = NULL (the coerce does not see that the structure before it
# describes no store) and stopped there, unknown.
MERGE_PAIRS_LEAK = MERGE_PAIR + """static struct list* seq_sort_core(struct list *data)
{
    struct list *dst = NULL;
    while (data) {
        struct list *next = data->next;
        if (!next) {
            data->next = dst;
            dst = data;
            break;
        }
        merge_pair(&data->slist, data->slist, next->slist);
        data->next = dst;
        dst = data;
        data = next->next;
        free(next);
    }
    return dst;
}

int main()
{
    struct list *data = NULL;
    while (__VERIFIER_nondet_int()) {
        struct node *node = malloc(sizeof *node);
        if (!node) abort();
        node->next = NULL;
        node->value = __VERIFIER_nondet_int();
        struct list *item = malloc(sizeof *item);
        if (!item) abort();
        item->slist = node;
        item->next = data;
        data = item;
    }
    if (!data) return 0;
    data = seq_sort_core(data);
    while (data->next) { struct list *t = data->next; data->next = t->next; free(t); }
    struct node *node = data->slist;
    free(data);
    while (node) {
        struct node *snext = node->next;
        free(node);
        node = snext;
    }
    return 0;
}"""


def test_violations_past_a_breach_are_found(tmp_path):
    path = tmp_path / "prog.c"
    path.write_text(HEAD + MERGE_PAIRS_LEAK + "\n")
    [f] = verify_files([str(path)], VerifyOptions(("memsafety",)))
    [ms] = f.properties
    assert (ms.verdict, ms.violated) == ("false", "valid-memtrack")
    assert ms.witness
