"""``realloc`` of a struct cell (``tvla.cfront.lower``): a fresh cell given a copy of the old one's
fields, the old one freed; ``realloc(NULL, n)`` is ``malloc``; with ``--malloc-may-fail`` it may
give NULL and leave the block as it was.  (It was an unsupported call: every property unknown.)"""

import os
import subprocess
import sys

from conftest import c_verdicts

from tvla.cfront.lower import lower_file
from tvla.cli.verify import write_translation

HEAD = """\
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
struct node { struct node *next; int d; };
"""

MOVED_LIST_HEAD = HEAD + """\
int main(void) {
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->next = h; n->d = 5; h = n;
  }
  if (h) {
    struct node *q = realloc(h, sizeof(struct node));
    if (q->d != 5 || q->next != h->next) reach_error();
    h = q;
  }
  while (h) { struct node *t = h->next; free(h); h = t; }
  return 0;
}
"""


def test_a_moved_cell_keeps_its_fields_and_its_list(tmp_path):
    """The list stays whole and freed, the copied data is the old one's; reading the old cell after
    the move is a use after free."""
    assert c_verdicts(tmp_path, MOVED_LIST_HEAD, ("memsafety",)) == ("false (valid-deref)",)
    fixed = MOVED_LIST_HEAD.replace(" || q->next != h->next", "")
    assert c_verdicts(tmp_path, fixed) == ("true", "true", "true")


def test_the_old_pointer_dangles_and_fields_it_held_may_leak(tmp_path):
    dangling = HEAD + """\
    int main(void) {
      struct node *p = malloc(sizeof(struct node));
      p->next = NULL;
      struct node *q = realloc(p, sizeof(struct node));
      p->d = 1;
      free(q);
      return 0;
    }
    """
    assert c_verdicts(tmp_path, dangling, ("memsafety",)) == ("false (valid-deref)",)
    leak = HEAD + """\
    int main(void) {
      struct node *p = realloc(NULL, sizeof(struct node));
      p->next = malloc(sizeof(struct node));
      p->next->next = NULL;
      p = realloc(p, sizeof(struct node));
      free(p);
      return 0;
    }
    """
    assert c_verdicts(tmp_path, leak) == ("false (valid-memtrack)", "false", "true")
    assert c_verdicts(tmp_path, leak.replace("  free(p);", "  free(p->next); free(p);")) == ("true",) * 3


def test_a_failed_realloc_leaves_the_block(tmp_path):
    """With --malloc-may-fail a realloc may give NULL: the block is still the program's to free
    (left to the end of main, it is no leak but not cleaned up)."""
    from tvla.cli.verify import VerifyOptions, verify_files
    src = HEAD + """\
    int main(void) {
      struct node *p = malloc(sizeof(struct node));
      if (!p) return 0;
      struct node *q = realloc(p, sizeof(struct node));
      if (!q) { free(p); return 0; }
      q->d = 1;
      free(q);
      return 0;
    }
    """
    path = tmp_path / "prog.c"
    for text, want in ((src, ["true", "true"]), (src.replace("{ free(p); return 0; }", "return 0;"), ["true", "false"])):
        path.write_text(text)
        [f] = verify_files([str(path)], VerifyOptions(("memsafety", "memcleanup"), malloc_may_fail=True))
        assert [p.verdict for p in f.properties] == want, f


def test_an_array_realloc_stays_unsupported(tmp_path):
    src = HEAD + """\
    int main(void) {
      struct node *p = malloc(sizeof(struct node));
      p = realloc(p, 2 * sizeof(struct node));
      free(p);
      return 0;
    }
    """
    got = c_verdicts(tmp_path, src, ("memsafety",), concrete=False)
    assert got == ("unknown",)


def test_the_realloc_program_embeds_its_concrete_runs(tmp_path):
    src = tmp_path / "prog.c"
    src.write_text(MOVED_LIST_HEAD)
    _tr, tvp, tvs = write_translation(lower_file(str(src)), ("memsafety", "memcleanup", "unreach-call"),
                                      str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "3"],
                           capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
