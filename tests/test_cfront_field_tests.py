"""Fields a test compares with NULL, kept per variable: ``has[f,x]()``.

A random tree grows by walking down while both children are set, then filling the empty slot:
``if (n->left == NULL) n->left = c; else n->right = c;``.  The partial join merged the structures
where n's left child was set with those where its right one was, so on the else branch the right
child the loop test had ruled out was 1/2, and its cut lost a subtree (a valid-memtrack alarm
without a witness).  With two forward fields or more, a nullary ``has[f,x]()`` for each such
test keeps them apart (a unary ``nn[f]`` on every cell did too, at twenty times the structures).
"""

from pathlib import Path

from conftest import assert_embedded, c2tvp, c_verdicts
from tvla.cfront.library import build_library, needs_of
from tvla.cfront.lower import lower_file

# the corpus program puts the new node into the wrong slot; GROW, into the right one
WRONG = (Path(__file__).resolve().parent.parent / "programs" / "c" / "tree_grow_wrong_slot.c").read_text()
GROW = WRONG.replace("if (n->right == NULL) n->left = c;", "if (n->left == NULL) n->left = c;")

LIST = """#include <stdlib.h>
struct node { struct node *next; };
int main() {
    struct node *p = malloc(sizeof(*p));
    p->next = NULL;
    if (p->next == NULL) free(p);
    return 0;
}
"""


def test_a_tree_grown_into_its_empty_slots_is_proved(tmp_path):
    # the tree is still held at the end: memcleanup is violated, and a run shows it
    assert c_verdicts(tmp_path, GROW, ("memsafety", "memcleanup"), concrete=False) == ("true", "false")


def test_a_wrong_slot_is_still_found(tmp_path):
    # the slots swapped: a set child is overwritten (the left one when only the right is empty)
    assert c_verdicts(tmp_path, WRONG, ("memsafety",), concrete=False) == ("false (valid-memtrack)",)


def library(tmp_path, text):
    path = tmp_path / "p.c"
    path.write_text(text)
    return build_library(lower_file(str(path)), needs_of(("memsafety",)))


def test_has_is_declared_only_for_the_fields_tested_with_two_forward_fields(tmp_path):
    assert library(tmp_path, GROW).tested == (("left", "n"), ("right", "n"))
    assert library(tmp_path, LIST).tested == ()


def test_the_grown_tree_embeds_its_concrete_runs(tmp_path):
    tvp, tvs = c2tvp(tmp_path, GROW)
    assert "%i has[left,n]() = " in open(tvp).read()
    assert_embedded(tvp, tvs, "--nodes", "4")
