"""Which fields of a struct to itself are back fields (left out of reachability, kept by
``inv[f,b]``): by name, but checked against the stores, and by the stores alone.

A back field only costs precision when it is chosen wrong; each case below was unknown (a leak
alarm without a witness, or the time limit) before the stores were read, and its concrete runs
must embed in the abstract structures of the translation."""

import subprocess
import sys

import pytest

from tvla.cfront.lower import lower_file
from tvla.cfront.translate import translate
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

LEFT_RIGHT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node { struct node *left; struct node *right; } node_t;
int main(void)
{
    node_t *h = NULL;
    while (__VERIFIER_nondet_int()) {
        node_t *n = malloc(sizeof(node_t));
        n->right = h;
        n->left = NULL;
        if (h) h->left = n;
        h = n;
    }
    while (h) {
        node_t *n = h->right;
        FREE
        h = n;
    }
    return 0;
}
"""

PREV_ONLY = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct cell { struct cell *next; struct cell *prev; } cell;
int main(void)
{
    cell *top = NULL;
    while (__VERIFIER_nondet_int()) {
        cell *c = malloc(sizeof(cell));
        c->next = NULL;
        c->prev = top;
        top = c;
    }
    while (top) {
        cell *q = top->prev;
        FREE
        top = q;
    }
    return 0;
}
"""

HEAD_SUBLIST = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node { struct node *next; struct node *head; } node;
int main(void)
{
    node *o = malloc(sizeof(node));
    o->next = NULL;
    o->head = NULL;
    while (__VERIFIER_nondet_int()) {
        node *s = malloc(sizeof(node));
        s->head = NULL;
        s->next = o->head;
        o->head = s;
    }
    node *s = o->head;
    while (s) {
        node *t = s->next;
        FREE
        s = t;
    }
    free(o);
    return 0;
}
"""

FREES = {LEFT_RIGHT: "free(h);", PREV_ONLY: "free(top);", HEAD_SUBLIST: "free(s);"}
CASES = [(LEFT_RIGHT, "%i inv[right,left](v) = A(v_1) right(v, v_1) -> left(v_1, v)"),
         (PREV_ONLY, "%i edge[all](v_1, v_2) = next(v_1, v_2) | prev(v_1, v_2)"),
         (HEAD_SUBLIST, "%i edge[all](v_1, v_2) = next(v_1, v_2) | head(v_1, v_2)")]
IDS = ["left-right-list", "prev-only-link", "head-starts-sublist"]


def program(tmp_path, template, free):
    path = tmp_path / "p.c"
    path.write_text(template.replace("FREE", free))
    return path


@pytest.mark.parametrize("template, line", CASES, ids=IDS)
def test_the_stores_decide_the_back_fields(tmp_path, template, line):
    """A list linked both ways under the names left and right has right's inverse left as its
    back field; a prev that is a stack's only link (next is only ever NULL) and a head that starts
    a sub-list (its value is stored into next) are not back fields."""
    tvp = translate(lower_file(str(program(tmp_path, template, FREES[template]))), ALL).tvp
    assert line in tvp


@pytest.mark.parametrize("template, freed, expected", [
    (LEFT_RIGHT, True, ["true"] * 3), (PREV_ONLY, True, ["true"] * 3), (HEAD_SUBLIST, True, ["true"] * 3),
    # not freed: the first loop's block variable still holds the newest cell (as a Valgrind
    # or LeakSanitizer run sees it), and every cell is reachable from it or from o
    (LEFT_RIGHT, False, ["true", "false", "true"]), (PREV_ONLY, False, ["true", "false", "true"]),
    (HEAD_SUBLIST, False, ["true", "false", "true"])])
def test_verdicts(tmp_path, template, freed, expected):
    path = program(tmp_path, template, FREES[template] if freed else "")
    [f] = verify_files([str(path)], VerifyOptions(ALL))
    got = {p.name: p for p in f.properties}
    assert [got[p].verdict for p in ALL] == expected, [got[p].reason for p in ALL]


@pytest.mark.parametrize("template", [c for c, _ in CASES], ids=IDS)
def test_concrete_runs_embed(tmp_path, template):
    path = program(tmp_path, template, FREES[template])
    out = tmp_path / "out"
    subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(path), "-o", str(out)], check=True,
                   capture_output=True)
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "p.tvp"), str(out / "p.tvs"),
                            "--runs", "30"], capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
