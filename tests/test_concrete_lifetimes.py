"""Concrete runs (tvla.concrete.cexec) of two things C defines that runs stopped at or missed: the
kernel's own ``offsetof`` macro, ``((size_t) &((T *)0)->m)``, is m's offset (container_of over it
runs), and a block-scope variable dies where its block ends (a later access through a pointer
kept to it is a use out of scope, ``valid-deref``)."""

import random

import pytest

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


def test_a_pointer_to_a_variable_of_a_block_that_ended_is_out_of_scope(tmp_path):
    src = tmp_path / "dangling.c"
    src.write_text("int main(void)\n{\n    int *p = 0;\n    {\n        int x = 1;\n        p = &x;\n    }\n"
                   "    *p = 2;\n    return 0;\n}\n")
    assert verdicts(src)["memsafety"] == "false(valid-deref)"


LEAVE = {   # each leaves the block of x (or a, s) another way, then reads through the kept pointer
    "goto": "int *p = 0;\n{ int x = 1; p = &x; goto out; }\nout: return *p;",
    "break": "int *p = 0;\nwhile (1) { int x = 1; p = &x; if (nondet()) break; }\nreturn *p;",
    "continue": "int *p = 0, n = 0;\nwhile (n < 3) { n++; if (p) return *p; int x = 1; p = &x; continue; }\nreturn 0;",
    "for": "int *p = 0;\nfor (int i = 0; i < 2; i++) p = &i;\nreturn *p;",
    "array": "int *p = 0;\n{ int a[3]; a[0] = 1; p = a; }\nreturn p[0];",
    "field": "int *p = 0;\n{ struct { int a; int b[2]; } s; s.b[1] = 1; p = &s.b[1]; }\nreturn *p;",
}


@pytest.mark.parametrize("how", sorted(LEAVE))
def test_leaving_a_block_ends_its_variables(tmp_path, how):
    src = tmp_path / f"{how}.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\n#define nondet __VERIFIER_nondet_int\n"
                   "int main(void)\n{\n" + LEAVE[how] + "\n}\n")
    assert ("violation", ("valid-deref",)) in runs(src) and all(end != "exit" for end, _ in runs(src))


def test_a_block_entered_again_has_its_variables_anew(tmp_path):
    """A loop's body makes x each round; a goto back inside the block keeps z; a pointer kept to a
    dead variable but never used, and a pointer into the heap made in a block, are fine."""
    src = tmp_path / "fine.c"
    src.write_text("""#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int *p = 0;
    int *h = 0;
    for (int i = 0; i < 3; i++) { int x; p = &x; *p = i; if (__VERIFIER_nondet_int()) continue; x = 2; }
    { int y; p = &y; }
    { int z = 1; p = &z; again: z++; if (z < 4) goto again; *p = 3; }
    switch (__VERIFIER_nondet_int()) { case 1: { int w; p = &w; *p = 1; break; } default: break; }
    { int *q = malloc(sizeof *q); h = q; int **qq = &q; **qq = 1; }
    free(h);
    return 0;
}
""")
    assert runs(src) == {("exit", ())}


def test_a_static_variable_of_a_block_outlives_it(tmp_path):
    """A ``static`` local has static storage duration: a pointer to one kept past its block, or
    past the function that declared it, still reaches a live object (no valid-deref)."""
    src = tmp_path / "static.c"
    src.write_text("""extern int __VERIFIER_nondet_int(void);
int *p;
int *counter(void) { static int calls; calls++; return &calls; }
int main(void)
{
    for (int i = 0; i < 3; i++) { static int seen; p = &seen; seen++; }
    *p = 5;
    if (__VERIFIER_nondet_int()) { static int other[2]; p = &other[1]; }
    *p = 7;
    { static struct { int a; int b; } s; p = &s.b; }
    *p = 1;
    p = counter();
    *p = 2;
    return 0;
}
""")
    assert runs(src) == {("exit", ())}


@pytest.mark.parametrize("end, expected", [
    ("return build() > 3;", "false(valid-memtrack)"),   # build's h dies holding the last cell
    ("int n = build();\n    return n > 3;", "false(valid-memtrack)"),
    ("exit(build() > 3);", "false(valid-memtrack)"),
])
def test_a_cell_lost_in_the_statement_that_ends_the_program(tmp_path, end, expected):
    """The callee's locals die when it returns, also when main returns in the same statement: the
    run checked lost cells after each statement, and the statement that ends the program had none
    (a probe: the analysis' alarm was left unknown, no run showing it)."""
    src = tmp_path / "lost.c"
    src.write_text("#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nstruct node { struct node *next; };\n"
                   "static int build(void)\n{\n    struct node *h = malloc(sizeof *h);\n    h->next = NULL;\n"
                   "    return 1;\n}\nint main(void)\n{\n    " + end + "\n}\n")
    assert verdicts(src)["memsafety"] == expected


ADDRESSED_BLOCK = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void keep(int **pp) { **pp = 1; }
int main(void) {
  LOOP {
    int *p = malloc(sizeof(int));
    keep(&p);
  }
  __VERIFIER_nondet_int();
  return 0;
}
"""


@pytest.mark.parametrize("loop, memsafety", [("", "true"), ("while (__VERIFIER_nondet_int())", "false(valid-memtrack)")])
def test_what_a_block_variable_held_counts_until_its_function_returns(tmp_path, loop, memsafety):
    # as the analysis keeps a block's variables: the cell p holds is not lost at the block's end
    # (the runs said valid-memtrack, the analysis proved memory safety); declared again in a loop,
    # the last p's cell is lost
    path = tmp_path / "block.c"
    path.write_text(ADDRESSED_BLOCK.replace("LOOP", loop))
    assert verdicts(path) == {"memsafety": memsafety, "memcleanup": "false", "unreach-call": "true"}
