"""A doubly linked list whose cells own item lists (``struct item { struct item *next; }`` beside
``struct node { struct node *next, *prev; struct item *items; }``), freed from its tail back.

``inv[next,prev]`` holds only on nodes (on items it would only say whether ``next`` is NULL and split
each item list into its last cell and the others); a cut or a forgotten ``prev`` focuses on the
cell it points to only (``prev`` is not in t[all]); and a cell reached back from a node through
``prev`` counts as reachable when every cell on the forward path between is a node inverted by
``prev`` (before, only lists of one struct type had that path)."""

import subprocess
import sys

from tvla.cfront.lower import lower_file
from tvla.cfront.translate import translate
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")

DLL_OF_ITEMS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct item { struct item *next; };
struct node { struct node *next; struct node *prev; struct item *items; };
int main(void) {
  struct node *head = NULL, *tail = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->items = NULL;
    while (__VERIFIER_nondet_int()) {
      struct item *it = malloc(sizeof *it);
      it->next = n->items;
      n->items = it;
    }
    n->next = NULL;
    n->prev = tail;
    if (tail) tail->next = n; else head = n;
    tail = n;
  }
  while (tail) {
    struct node *p = tail->prev;
    while (tail->items) {
      struct item *t = tail->items->next;
      free(tail->items);
      tail->items = t;
    }
    FREE_TAIL
    tail = p;
  }
  return 0;
}
"""


def write(tmp_path, free_tail="free(tail);"):
    path = tmp_path / "dll_items.c"
    path.write_text(DLL_OF_ITEMS.replace("FREE_TAIL", free_tail))
    return path


def test_the_library_of_a_list_owning_item_lists(tmp_path):
    tvp = translate(lower_file(str(write(tmp_path))), ALL).tvp
    assert "%i inv[next,prev](v) = type[node](v) & (A(v_1) next(v, v_1) -> prev(v_1, v))" in tvp
    assert "(A(h_5) (t[all](h_6, h_5) & t[all](h_5, h_1) & h_5 != h_1) -> (type[node](h_5) & inv[next,prev](h_5)))" \
        in tvp
    stale = tvp[tvp.index("%action Stale_tail_prev()"):]
    assert stale.split("\n")[2:4] == ["    %f { tail(v),", "         E(v_1) tail(v_1) & prev(v_1, v) }"]


def test_a_list_of_one_type_keeps_its_library(tmp_path):
    # without a second struct with a next field, inv is as before and no path needs a type
    path = tmp_path / "dll.c"
    src = DLL_OF_ITEMS.replace("FREE_TAIL", "free(tail);")
    a, b = src.index("    n->items = NULL;"), src.index("    n->next = NULL;")
    src = src[:a] + src[b:]
    a, b = src.index("    while (tail->items)"), src.index("    free(tail);")
    path.write_text(src[:a] + src[b:])
    tvp = translate(lower_file(str(path)), ALL).tvp
    assert "%i inv[next,prev](v) = A(v_1) next(v, v_1) -> prev(v_1, v)" in tvp
    assert "h_6" not in tvp


def test_verdicts(tmp_path):
    [f] = verify_files([str(write(tmp_path))], VerifyOptions(("memsafety",)))
    assert f.properties[0].verdict == "true", f.properties[0].reason
    [f] = verify_files([str(write(tmp_path, ""))], VerifyOptions(("memcleanup",)))
    assert f.properties[0].verdict == "false", f.properties[0].reason


def test_concrete_runs_embed(tmp_path):
    out = tmp_path / "out"
    subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(write(tmp_path)), "-o", str(out)], check=True,
                   capture_output=True)
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "dll_items.tvp"),
                            str(out / "dll_items.tvs"), "--runs", "20"], capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
