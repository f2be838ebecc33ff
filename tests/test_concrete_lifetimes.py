"""Concrete runs (tvla.concrete.cexec) of what C defines that runs stopped at: the kernel's own
``offsetof`` macro, ``((size_t) &((T *)0)->m)``, is m's offset (container_of over it runs)."""

import random

from tvla.cfront.parse import deep_stack
from tvla.cli.verify import VerifyOptions, verify_files
from tvla.concrete.cexec import Machine
from tvla.concrete.csearch import Chooser, ConcreteSearch

PROPS = ["memsafety", "memcleanup", "unreach-call"]

KLIST = """#include <stdlib.h>
struct list_head { struct list_head *next, *prev; };
#define offsetof(TYPE, MEMBER) ((size_t) &((TYPE *)0)->MEMBER)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
struct sub { int value; struct list_head link; };
struct node { int value; struct list_head linkage; struct list_head nested; };
struct list_head gl = { &gl, &gl };
int main(void)
{
    struct node *n = malloc(sizeof *n);
    n->linkage.next = &gl;
    gl.next = &n->linkage;
    n->nested.next = &n->nested;
    struct sub *s = malloc(sizeof *s);
    s->link.next = &n->nested;
    n->nested.next = &s->link;
    s = 0;
    struct node *back = container_of(gl.next, struct node, linkage);
    FREE_SUB
    free(back);
    return 0;
}
"""

OFFSETS = """#include <stddef.h>
extern void reach_error(void);
struct in { char c; long b; };
struct out { int x; struct in in; int y[3]; struct in *q; };
#define OFF(T, M) ((size_t) &((T *)0)->M)
int main(void)
{
    if (OFF(struct out, in.b) != offsetof(struct out, in.b)) reach_error();
    if ((unsigned long)(char *)&((struct out *)0)->y != offsetof(struct out, y)) reach_error();
    if ((unsigned long)&((struct out *)NULL)->q != __builtin_offsetof(struct out, q)) reach_error();
    if (OFF(struct out, x) != 0) reach_error();
    struct out o;
    o.in.b = 3;
    struct out *back = (struct out *)((char *)&o.in - OFF(struct out, in));
    if (back != &o || back->in.b != 3) reach_error();
    if (OFF(struct out, in.b) == WRONG) reach_error();
    return 0;
}
"""


def runs(path, n=20):
    """How each of ``n`` runs of the file ends: (end, the kinds of its events)."""
    def go():
        search = ConcreteSearch.of_file(str(path))
        return [Machine(search.code, Chooser(random.Random(r), search.constants)).run() for r in range(n)]
    return {(o.end, tuple(sorted(o.events))) for o in deep_stack(go)}


def verdicts(path):
    [f] = verify_files([str(path)], VerifyOptions(tuple(PROPS)), jobs=1)
    return {p.name: p.verdict + (f"({p.violated})" if p.verdict == "false" and p.name == "memsafety" else "")
            for p in f.properties}


def test_the_kernels_offsetof_macro_is_the_members_offset(tmp_path):
    """Nested members, casts around it, NULL for 0: each the offset __builtin_offsetof gives (every run
    stopped at "an address computed through NULL" for a member not at offset 0)."""
    src = tmp_path / "offsets.c"
    src.write_text(OFFSETS.replace("WRONG", "0"))
    assert runs(src, 3) == {("exit", ())}
    src.write_text(OFFSETS.replace("WRONG", "offsetof(struct out, in.b)"))
    assert runs(src, 3) == {("error", ("unreach-call",))}


def test_container_of_over_the_kernels_offsetof_runs(tmp_path):
    """Freeing the node found by container_of loses the nested item: ``false`` from a run (the
    abstraction does not follow two embedded list heads of one type); freeing it first is fine."""
    src = tmp_path / "klist.c"
    src.write_text(KLIST.replace("FREE_SUB", ""))
    got = verdicts(src)
    assert (got["memsafety"], got["memcleanup"]) == ("false(valid-memtrack)", "false")
    src.write_text(KLIST.replace("FREE_SUB", "free(container_of(n->nested.next, struct sub, link));"))
    assert runs(src) == {("exit", ())}
