"""Globals and ``main``'s locals never used again die (``Kill.final``): the build loop's cursors
no longer split the structures of the loops after it, and memsafety, which such a kill can
make report a loss C never has, is decided without them when it is not proved."""

import textwrap

from conftest import assert_embedded, c_verdicts

from tvla.cfront import ir
from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation

TREE = """\
    #include <stdlib.h>
    extern int __VERIFIER_nondet_int(void);
    struct node { struct node *left, *right; };
    int main(void) {
      struct node *root = malloc(sizeof *root);
      root->left = NULL; root->right = NULL;
      while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->left = NULL; n->right = NULL;
        struct node *p = root;
        while (p->left && __VERIFIER_nondet_int()) p = p->left;
        n->left = p->left; p->left = n;
      }
      struct node *c = root;
      while (c) { struct node *l = c->left; free(c); c = l; }
      return 0;
    }
    """


def write(tmp_path, src, name="prog.c"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(src))
    return str(path)


def test_cursors_die_where_the_loop_that_used_them_ends(tmp_path):
    """n and p die on the way out of the build loop (each turn writes them again, so not before);
    root, copied into the walk's c, is kept: reachability from it keeps the cells behind c apart."""
    prog = lower_file(write(tmp_path, TREE))
    finals = {e.stmt.var: e for e in prog.edges if isinstance(e.stmt, ir.Kill) and e.stmt.final}
    assert sorted(finals) == ["n", "p"]
    assert all(isinstance(e.stmt, ir.Kill) and not e.stmt.scope_end for e in finals.values())
    assert not [e for e in prog.edges if isinstance(e.stmt, ir.Kill) and e.stmt.var == "root"]
    assert not [e for e in lower_file(write(tmp_path, TREE), final_kills=False).edges
                if isinstance(e.stmt, ir.Kill) and e.stmt.final]


def test_concrete_runs_embed(tmp_path):
    _tr, tvp, tvs = write_translation(lower_file(write(tmp_path, TREE)), ("memsafety", "memcleanup"),
                                      str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "4", "--runs", "0")


def test_a_cell_another_variable_also_reached_is_not_lost(tmp_path):
    """x dies at its last use, the load of y; y = NULL then loses x->next in the run with the
    kill, though x still points to it in C: memsafety is true (decided without the kill), and
    memcleanup false (both cells stay allocated), without concrete runs."""
    src = """\
        #include <stdlib.h>
        struct node { struct node *next; };
        int main(void) {
          struct node *x = malloc(sizeof *x);
          x->next = malloc(sizeof *x);
          x->next->next = NULL;
          struct node *y = x->next;
          y->next = NULL;
          y = NULL;
          return 0;
        }
        """
    assert c_verdicts(tmp_path, textwrap.dedent(src), concrete=False) == ("true", "false", "true")


def test_a_leak_by_overwrite_is_still_found(tmp_path):
    """A cell lost when a variable is overwritten is valid-memtrack false in the run without kills."""
    src = TREE.replace("struct node *c = root;", "root = NULL; struct node *c = root;")
    assert c_verdicts(tmp_path, textwrap.dedent(src), concrete=False)[:2] == \
        ("false (valid-memtrack)", "false")
