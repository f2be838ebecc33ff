"""Stores into a field that holds no pointer (tvla.cfront.empty): one action instead of three,
only where no path may have put a pointer there, and the generated program still embeds its
concrete runs."""

import subprocess
import sys

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cfront.translate import translate
from tvla.cli.verify import VerifyOptions, verify_files

HEADER = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; struct node *prev; int d; };
"""


def lowered(tmp_path, body, name="t.c"):
    path = tmp_path / name
    path.write_text(HEADER + body)
    return lower_file(str(path))


def stores(prog):
    """(line, dst, field, empty) of every store, in source order."""
    out = [(e.pos.line, s.dst, s.field, s.empty) for e in prog.edges
           for s in [e.stmt] if isinstance(s, (ir.Store, ir.StoreNull))]
    return sorted(out)


PUSH = """int main(void) {
  struct node *h = NULL, *n;
  while (__VERIFIER_nondet_int()) {
    n = malloc(sizeof *n);
    n->prev = NULL;
    n->next = h;
    if (h) h->prev = n;
    h = n;
  }
  for (n = h; n && n->next; n = n->next) ;
  while (n && n->prev) n = n->prev;   /* read: an unread prev would leave the analysis (unread_fields) */
  while (h) { n = h->next; free(h); h = n; }
  return 0;
}
"""


def test_stores_into_a_new_cell_need_no_cut(tmp_path):
    prog = lowered(tmp_path, PUSH)
    # n->prev = NULL and n->next = h fill the new cell; h->prev = n may overwrite a pointer
    assert [(d, f, e) for _l, d, f, e in stores(prog)] == [("n", "prev", True), ("n", "next", True),
                                                          ("h", "prev", False)]
    tvp = translate(prog, ("memsafety",)).tvp
    assert "Cut_n_next" not in tvp and "Link_n_next_h" in tvp and "Cut_h_prev" in tvp


def test_a_store_through_an_alias_or_a_new_value_forgets_the_field(tmp_path):
    prog = lowered(tmp_path, """int main(void) {
  struct node *a = malloc(sizeof *a), *b = a, *c = malloc(sizeof *c);
  b->next = c;          /* a->next now holds c: the next store must cut it */
  a->next = NULL;
  a->next = c;          /* after a->next = NULL: nothing to cut */
  c->next = NULL;       /* a->next = c may have written c's next (no alias is known) */
  a = c;                /* a is another cell now */
  a->prev = b;
  b->prev = NULL;       /* a->prev = b may have written it */
  c->prev = NULL;       /* a->prev = b wrote c's prev */
  free(a); free(b);
  return 0;
}
""")
    marks = [(d, f, e) for _l, d, f, e in stores(prog)]
    assert marks == [("b", "next", True), ("a", "next", False), ("a", "next", True), ("c", "next", False),
                     ("a", "prev", True), ("b", "prev", False), ("c", "prev", False)]


def test_a_store_in_a_loop_is_empty_only_on_every_path(tmp_path):
    prog = lowered(tmp_path, """int main(void) {
  struct node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  while (__VERIFIER_nondet_int()) {
    a->next = b;        /* the second turn finds b there */
    a->next = NULL;
    a->next = b;        /* after a->next = NULL on every path */
  }
  free(a); free(b);
  return 0;
}
""")
    assert [(d, f, e) for _l, d, f, e in stores(prog)] == [("a", "next", False), ("a", "next", False),
                                                          ("a", "next", True)]


def test_verdicts_and_selfcheck_with_one_action_stores(tmp_path):
    """The store's dereference is still checked (the link requires it valid): a store through a
    freed new cell is a use after free; the generated program embeds its concrete runs."""
    path = tmp_path / "uaf.c"
    path.write_text(HEADER + """int main(void) {
  struct node *h = NULL, *n;
  while (__VERIFIER_nondet_int()) {
    n = malloc(sizeof *n);
    n->next = h;
    h = n;
  }
  n = malloc(sizeof *n);
  if (__VERIFIER_nondet_int()) free(n);
  n->next = h;
  while (n) { h = n->next; free(n); n = h; }
  return 0;
}
""")
    [f] = verify_files([str(path)], VerifyOptions(("memsafety",), concrete=False))
    [p] = f.properties
    assert (p.verdict, p.violated) == ("false", "valid-deref"), p.reason
    assert any("points to freed memory" in m.message and m.pos.line == 14 for m in p.findings)
    (tmp_path / "push.c").write_text(HEADER + PUSH)
    out = tmp_path / "out"
    for name in ("uaf", "push"):
        r = subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(tmp_path / f"{name}.c"), "-o", str(out)],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / f"{name}.tvp"),
                                str(out / f"{name}.tvs"), "--runs", "20"], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr


def test_no_kill_of_a_walk_variable_overwritten_after_its_test(tmp_path):
    """while (p->next != NULL) p = p->next: p dies at the load of p->next, and every path overwrites
    it after the test (p = tmp, which nulls the temporary): no Kill of p, none of the temporary
    on the loop's way; the walk is three actions a turn, not five."""
    prog = lowered(tmp_path, """int main(void) {
  struct node *h = malloc(sizeof *h), *p;
  h->next = NULL;
  p = h;
  while (p->next != NULL)
    p = p->next;
  p = p->next;          /* overwritten on the loop's exit too */
  free(h);
  return 0;
}
""")
    walk = [e.stmt for e in prog.edges if e.pos.line in (9, 10, 11)]
    assert not any(isinstance(s, ir.Kill) and s.var == "p" and not s.final for s in walk)
    # after its last write (line 11) p is never used again: it dies there, final
    assert [e.pos.line for e in prog.edges if isinstance(e.stmt, ir.Kill) and e.stmt.var == "p"] == [11]
    assert [s for s in walk if isinstance(s, ir.AssignVar)] == [ir.AssignVar("p", "tmp1", moved=True)] * 2
