"""Lists of sub-lists whose owner is freed while its field still points into another chain.

Joining the sub-list of the next item onto this one (``t->next = next->sub``) and freeing that
item without clearing its ``sub`` makes the joined cell lose one of its two parents.  Recounted
with ``E(s_1, s_2)``, is[T] of that cell stayed 1/2 wherever its other parent was in a summary
node: blur then merged it with the cells of other chains, and the cleanup of one chain freed
cells of the next (a false use-after-free alarm).  With a field to another struct type, the
library now keeps ``pt[f]`` and ``is[f]`` of every forward field and knows is[T] from them
(``Library.sharing_known``); a free focuses the cells its fields point at, and a coerce rule
gives the first step of a path out of a cell that only one of its edges can take.
"""

from pathlib import Path

from conftest import assert_checked, assert_embedded, c2tvp, c_verdicts

# every second item's sub-list joined onto the one before, the item freed with its sub still set
JOINED = (Path(__file__).resolve().parent.parent / "programs" / "c" / "sll_of_sll_join_pairs.c").read_text()

PROPERTIES = ("memsafety", "memcleanup")


def test_an_item_freed_with_its_pointer_into_a_joined_chain_is_proved(tmp_path):
    assert c_verdicts(tmp_path, JOINED, PROPERTIES, concrete=False) \
        == ("true", "true")


def test_freeing_the_joined_chain_with_its_item_is_still_found(tmp_path):
    # next->sub is the first cell joined onto data's chain: freeing it leaves data's chain
    # pointing at freed memory, which the cleanup reads
    got = c_verdicts(tmp_path, JOINED.replace("free(next);", "free(next->sub); free(next);"), PROPERTIES,
                     concrete=False)
    assert got[0] == "false (valid-deref)", got


LOOP_FREE = """#include <stdlib.h>
struct node { struct node *next; };
struct item { struct node *sub; struct item *next; };
int main(void) {
  struct item *a = malloc(sizeof(struct item));
  struct node *n = malloc(sizeof(struct node));
  a->next = NULL;
  n->next = NULL;
  a->sub = n;
  free(a);
  free(n);
  return 0;
}
"""


def test_the_sharing_updates_and_the_first_step_rule_hold_on_every_small_store(tmp_path):
    tvp, _ = c2tvp(tmp_path, LOOP_FREE)
    text = open(tvp).read()
    assert "%i is[next](v)" in text and "v_4 != v_2" in text
    assert_checked(tvp)


def test_the_joined_chains_embed_their_concrete_runs(tmp_path):
    assert_embedded(*c2tvp(tmp_path, JOINED))
