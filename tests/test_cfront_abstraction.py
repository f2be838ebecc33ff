"""What the generated library leaves out to stay small, and that verdicts stay right without it:
constants a field is given but never compared with, the values of dead flags, and a data cell's
pointer back to the list cell that owns it or a cell's pointer to its list's first cell (not paths of
reachability)."""

import os
import subprocess
import sys

import pytest

from tvla.cfront.lower import lower_file
from tvla.cfront.translate import translate
from tvla.cli.verify import VerifyOptions, verify_files

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL = ("memsafety", "memcleanup", "unreach-call")

KINDS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int kind; };
struct node *head = NULL;
void push(int k) {
  struct node *n = malloc(sizeof *n);
  n->kind = k;
  n->next = head;
  head = n;
}
int main(void) {
  while (__VERIFIER_nondet_int()) {
    switch (__VERIFIER_nondet_int()) {
      case 0: push(1); break;
      case 1: push(2); break;
      default: push(3);
    }
  }
  for (struct node *p = head; p; p = p->next)
    if (CHECK) reach_error();
  while (head) { struct node *q = head->next; free(head); head = q; }
  return 0;
}
"""


def verdicts(tmp_path, name, src, props=ALL):
    path = tmp_path / name
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(props))
    return {p.name: p for p in f.properties}


def tvp_of(tmp_path, name, src):
    path = tmp_path / name
    path.write_text(src)
    return translate(lower_file(str(path)), ALL).tvp


def test_constants_never_compared_with_are_not_keys(tmp_path):
    # kind takes 1, 2 and 3 but is only compared with 1: 2 and 3 are "not 1" alike
    tvp = tvp_of(tmp_path, "kinds.c", KINDS.replace("CHECK", "p->kind == 1 && p->kind != 1"))
    assert "%p eq[kind,$1](v)" in tvp
    assert "eq[kind,$2]" not in tvp and "eq[kind,$3]" not in tvp


@pytest.mark.parametrize("check, verdict", [("p->kind == 0", "true"), ("p->kind != 1 && p->next && p->next->kind == 1", "false")])
def test_a_field_compared_with_one_of_its_constants(tmp_path, check, verdict):
    v = verdicts(tmp_path, "kinds.c", KINDS.replace("CHECK", check), ("unreach-call",))
    assert v["unreach-call"].verdict == verdict, v["unreach-call"].reason


def test_an_ordered_field_keeps_every_constant(tmp_path):
    # the order between cells needs to know 2 < 3 even if no test names them
    src = KINDS.replace("CHECK", "p->next && p->kind > p->next->kind")
    tvp = tvp_of(tmp_path, "kinds.c", src)
    assert all(f"%p eq[kind,${c}](v)" in tvp for c in (1, 2, 3))
    assert verdicts(tmp_path, "kinds.c", src, ("unreach-call",))["unreach-call"].verdict == "false"


FLAGS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int d; };
int main(void) {
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    int k = __VERIFIER_nondet_int() ? 1 : 2;
    struct node *n = malloc(sizeof *n);
    n->d = k;
    n->next = h;
    h = n;
  }
  int m = 1;
  if (h && h->d == 2) m = 2;
  if (h && h->d != m) reach_error();
  while (h) { struct node *q = h->next; free(h); h = q; }
  return 0;
}
"""


def test_a_dead_flag_takes_its_first_value(tmp_path):
    # k dies once its value is stored: the stores after differ in the cells only
    tvp = tvp_of(tmp_path, "flags.c", FLAGS)
    assert "%t \"k dead\"" in tvp and "%t \"m dead\"" in tvp
    v = verdicts(tmp_path, "flags.c", FLAGS)
    assert [v[p].verdict for p in ALL] == ["true", "true", "true"]
    bad = verdicts(tmp_path, "flags.c", FLAGS.replace("h->d != m", "h->d == m"), ("unreach-call",))
    assert bad["unreach-call"].verdict == "false"


OWNER = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell;
struct data { struct cell *owner; int value; };
struct cell { struct cell *next; struct data *d; };
int main(void) {
  struct cell *list = NULL, *c;
  struct data *d;
  while (__VERIFIER_nondet_int()) {
    c = malloc(sizeof(struct cell));
    d = malloc(sizeof(struct data));
    d->owner = OWNER_OF_D;
    c->d = d;
    c->next = list;
    list = c;
  }
  for (c = list; c != NULL; c = c->next)
    if (c->d->owner != c) reach_error();
  while (list != NULL) {
    c = list;
    list = list->next;
    FREE_DATA
    free(c);
  }
  return 0;
}
"""


@pytest.mark.parametrize("owner, free_data, expected", [
    ("c", "free(c->d);", ["true", "true", "true"]),
    ("list", "free(c->d);", ["true", "false", "false"]),       # the owner is the cell before
    ("c", "", ["false", "false", "true"]),                      # the data cells leak
])
def test_a_data_cell_owned_by_its_list_cell(tmp_path, owner, free_data, expected):
    v = verdicts(tmp_path, "owner.c", OWNER.replace("OWNER_OF_D", owner).replace("FREE_DATA", free_data))
    assert [v[p].verdict for p in ALL] == expected, [v[p].reason for p in ALL]


def test_the_owner_field_is_a_back_field_and_passes_selfcheck(tmp_path):
    """Reachability leaves out the owner field (else every list cell is on a cycle through its data
    cell); inv[d,owner] keeps the ownership. Concrete runs must embed in the abstract structures."""
    src = tmp_path / "owner.c"
    src.write_text(OWNER.replace("OWNER_OF_D", "c").replace("FREE_DATA", "free(c->d);"))
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(src), "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    tvp = (out / "owner.tvp").read_text()
    assert "%i edge[all](v_1, v_2) = d_(v_1, v_2) | next(v_1, v_2)" in tvp
    assert "%i inv[d_,owner](v) = A(v_1) d_(v, v_1) -> owner(v_1, v)" in tvp
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "owner.tvp"), str(out / "owner.tvs"),
                            "--nodes", "4"], capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr



BUCKETS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct bucket;
struct item { struct item *next; struct bucket *owner; };
struct bucket { struct bucket *next; struct item *items; };
int main(void) {
  struct bucket *bs = NULL;
  while (__VERIFIER_nondet_int()) {
    struct bucket *b = malloc(sizeof(struct bucket));
    b->items = NULL; b->next = bs; bs = b;
    while (__VERIFIER_nondet_int()) {
      struct item *it = malloc(sizeof(struct item));
      it->owner = b; it->next = b->items; b->items = it;
    }
  }
  while (bs) {
    struct bucket *b = bs;
    bs = bs->next;
    while (b->items) { struct item *it = b->items; b->items = it->next; FREE_ITEM }
    free(b);
  }
  return 0;
}
"""


@pytest.mark.parametrize("free_item, expected", [("free(it);", ["true", "true"]),
                                                 ("free(it->owner);", ["false", "true"])])   # a bucket freed twice
def test_the_owner_field_of_a_linked_item_is_a_back_field(tmp_path, free_item, expected):
    """Items of a bucket's list point back to it (``it->owner = b``): with the owner field in
    reachability every bucket and item lay on one cycle, and the analysis ran past the time limit;
    as a back field of ``items`` the build and the destruction are proved, and concrete runs embed."""
    src = BUCKETS.replace("FREE_ITEM", free_item)
    assert "inv[items,owner]" in tvp_of(tmp_path, "b.c", src)
    v = verdicts(tmp_path, "b.c", src, ("memsafety", "memcleanup"))
    assert [v[p].verdict for p in ("memsafety", "memcleanup")] == expected
    if expected[0] == "true":
        out = tmp_path / "out"
        subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(tmp_path / "b.c"), "-o", str(out)], check=True)
        check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "b.tvp"), str(out / "b.tvs"),
                                "--runs", "30"], capture_output=True, text=True)
        assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr


@pytest.mark.parametrize("field", ["head", "first"])
def test_a_field_to_the_first_cell_is_a_back_field_and_passes_selfcheck(tmp_path, field):
    """Every cell's head field points to the list's first cell (SV-COMP's sll-headptr): through it
    every cell reaches every other, so reachability leaves it out as a back field, known by its name
    or, under another name, by its stores (the first cell's own, then one variable's in every other
    cell); the program is proved and its concrete runs embed in the abstract structures."""
    text = open(os.path.join(ROOT, "programs", "c", "sll_head_pointer.c")).read()
    src = tmp_path / "hp.c"
    src.write_text(text.replace("struct TSLL *head;", f"struct TSLL *{field};").replace("->head", f"->{field}"))
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "tvla", "c2tvp", str(src), "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "%i t[next](v_1, v_2) = next*(v_1, v_2) transitive reflexive" in (out / "hp.tvp").read_text()
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(out / "hp.tvp"), str(out / "hp.tvs"),
                            "--nodes", "4"], capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
    assert [verdicts(tmp_path, "hp2.c", src.read_text())[p].verdict for p in ALL] == ["true"] * 3


SORTED_FREE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *next; int d; };
int main(void) {
  struct node *h = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->d = __VERIFIER_nondet_int();
    n->next = h;
    h = n;
  }
  struct node *p = h;
  while (p && p->next) {
    if (p->d > p->next->d) { int t = p->d; p->d = p->next->d; p->next->d = t; }
    p = p->next;
  }
  while (h) {
    struct node *q = h->next;
    if (h->d == 7) GUARDED
    free(h);
    h = q;
  }
  return 0;
}
"""


def test_the_program_without_data_keeps_every_dereference(tmp_path):
    from tvla.cfront.dataless import without_data
    path = tmp_path / "s.c"
    path.write_text(SORTED_FREE.replace("GUARDED", "q = q;"))
    prog = lower_file(str(path))
    coarse = without_data(prog)
    kinds = {type(e.stmt).__name__ for e in coarse.edges}
    assert not kinds & {"CopyData", "SwapData", "LoadData"}
    assert not any(type(e.stmt).__name__ == "Assume" and getattr(e.stmt.cond, "lfield", None) for e in coarse.edges)
    tr = translate(coarse, ("memsafety",))
    assert "dle[" not in tr.tvp and "eq[" not in tr.tvp
    # every read of a datum is still a dereference of its cell
    assert tr.tvp.count("Invalid_Deref_p()") >= 1 and tr.tvp.count("Invalid_Deref_h()") >= 1


@pytest.mark.parametrize("guarded, expected", [("q = q;", "true"), ("free(h);", "false")])
def test_memory_safety_alone_is_first_tried_without_data(tmp_path, guarded, expected):
    # without data the double free guarded by h->d == 7 is an alarm on both branches: only a proof
    # is taken from that run; the bug is then found (with its witness) by the run with data
    v = verdicts(tmp_path, "s.c", SORTED_FREE.replace("GUARDED", guarded), ("memsafety",))
    assert v["memsafety"].verdict == expected, v["memsafety"].reason
    assert expected == "true" or (v["memsafety"].violated == "valid-free" and v["memsafety"].witness)


def test_the_program_without_data_embeds_its_concrete_runs(tmp_path):
    from tvla.cfront.dataless import without_data
    path = tmp_path / "s.c"
    path.write_text(SORTED_FREE.replace("GUARDED", "q = q;"))
    tr = translate(without_data(lower_file(str(path))), ("memsafety", "memcleanup"))
    (tmp_path / "s.tvp").write_text(tr.tvp)
    (tmp_path / "s.tvs").write_text(tr.tvs)
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", str(tmp_path / "s.tvp"), str(tmp_path / "s.tvs"),
                            "--nodes", "3"], capture_output=True, text=True)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr


def test_the_run_without_data_proves_what_the_data_does_not_decide(tmp_path):
    from tvla.cli.verify import proofs_without_data
    path = tmp_path / "s.c"
    path.write_text(SORTED_FREE.replace("GUARDED", "q = q;"))
    prog = lower_file(str(path))
    proved, run = proofs_without_data(prog, VerifyOptions(("memsafety", "memcleanup")), None)
    assert [(p.name, p.verdict) for p in proved.values()] == [("memsafety", "true"), ("memcleanup", "true")] and run
    # unreach-call too (this program calls no reach_error())
    proved, run = proofs_without_data(prog, VerifyOptions(("unreach-call", "memsafety")), None)
    assert [(p.name, p.verdict) for p in proved.values()] == [("unreach-call", "true"), ("memsafety", "true")]


COUNTED_IDS = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct req { struct req *next; int id; };
int main(void) {
  struct req *list = NULL;
  int cnt = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) {
      struct req *r = malloc(sizeof(*r));
      r->id = cnt++;
      r->next = list;
      list = r;
    } else {
      int id = __VERIFIER_nondet_int();
      struct req *prev = NULL, *r = list;
      while (r && r->id != id) { prev = r; r = r->next; }
      if (r) { if (prev) prev->next = r->next; else list = r->next; free(r); }
    }
  }
  BEFORE
  while (list) { struct req *r = list; list = r->next; free(r); }
  AFTER
  return 0;
}
"""


@pytest.mark.parametrize("before, after, expected", [
    ("", "if (list) reach_error();", "true"),                   # the list's shape decides it
    ("if (list && list->id < 0) reach_error();", "", "unknown"),   # a datum does
])
def test_unreach_call_is_first_tried_without_data(tmp_path, before, after, expected):
    # ids counted from cnt and searched by a nondet id: the run with data meets the time limit on a
    # reach_error() the list's shape alone rules out; without the data it is proved at once
    from tvla.cli.verify import proofs_without_data
    path = tmp_path / "ids.c"
    src = COUNTED_IDS.replace("BEFORE", before).replace("AFTER", after)
    path.write_text(src)
    proved, run = proofs_without_data(lower_file(str(path)), VerifyOptions(("unreach-call",)), None)
    assert run is not None and ("unreach-call" in proved) == (expected == "true")
    if expected == "true":   # after the run with data, at its share of the time limit
        [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), timeout=6))
        assert f.properties[0].verdict == expected, f.properties[0].reason


def test_a_key_searched_after_its_delete_is_found_by_a_witness(tmp_path):
    """insert(k) of a value chosen once copies it into the callee's register: exact, since every
    key is chosen (no constant is written or compared); the 49-step witness over two cells (an
    older cell with the same key) is found within the default budget by the goal-directed search."""
    with open(os.path.join(ROOT, "programs", "c", "sll_global_search_deleted.c"), encoding="utf-8") as fh:
        src = fh.read()
    v = verdicts(tmp_path, "search.c", src, ("unreach-call",))
    assert v["unreach-call"].verdict == "false", v["unreach-call"].reason
    assert len(v["unreach-call"].witness) > 20
    exact = tvp_of(tmp_path, "search.c", src)
    assert "Abstracted_Copy_Reg" not in exact and "Abstracted_Havoc" not in exact and "%action Havoc_k()" in exact
    # a constant written into the field that the nondet k (chosen once) is compared with: k gets a
    # region for it, so the cells given 3 are known to hold k's value exactly when k is 3 (each cell
    # on its own was 1/2, and a witness could make one equal to k and another not), the copy is
    # exact and the reach_error() of k == 3 is found with its witness
    one = src.replace("insert(__VERIFIER_nondet_int());", "insert(3);")
    assert "Abstracted_Copy_Reg" not in tvp_of(tmp_path, "search.c", one) and "val[k_2,$3]()" in tvp_of(
        tmp_path, "search.c", one)
    assert verdicts(tmp_path, "search.c", one, ("unreach-call",))["unreach-call"].verdict == "false"
    # with 3 and 4 and a nondet value given to the cells, k may be put between 3 and 4, which no
    # integer is (and so may the nondet value)
    two = src.replace("insert(__VERIFIER_nondet_int());", "insert(3); insert(4); insert(__VERIFIER_nondet_int());")
    tvp = tvp_of(tmp_path, "search.c", two)
    assert "Abstracted_Havoc" in tvp


MAX = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
  struct node *h = NULL, *n;
  int max = 0;
  while (__VERIFIER_nondet_int()) {
    n = malloc(sizeof *n);
    n->data = __VERIFIER_nondet_int();
    n->next = h;
    h = n;
  }
  if (!h) return 0;
  for (n = FIRST; n; n = n->next)
    if (n->data > max) max = n->data;
  if (h->data > max) reach_error();
  while (h) { n = h->next; free(h); h = n; }
  return 0;
}
"""


@pytest.mark.parametrize("first, verdict", [("h", "true"), ("h->next", "false")])
def test_a_register_starting_at_a_constant(tmp_path, first, verdict):
    # max = 0 places 0 among data that are all chosen: exact, so the second program's witness
    # (a head datum above 0 and above the others, which the scan skips) is a run of C
    src = MAX.replace("FIRST", first)
    assert "Abstracted_Copy_Reg" not in tvp_of(tmp_path, "max.c", src)
    v = verdicts(tmp_path, "max.c", src, ("unreach-call",))
    assert v["unreach-call"].verdict == verdict, v["unreach-call"].reason


def test_a_dead_register_holds_no_value(tmp_path):
    """A register dies like a flag and then holds no value (dead[x], no order against any cell): the
    registers of search() and delete() do not multiply the concrete stores of the witness search
    by their orders against every new cell, so the two-cell witness is found among 400 states
    (it took about 1,800 while dead registers kept their last value and started with any)."""
    path = os.path.join(ROOT, "programs", "c", "sll_global_search_deleted.c")
    tvp = translate(lower_file(path), ALL)
    assert "%p dead[k_3]()" in tvp.tvp and "%action Forget_Reg_k_3()" in tvp.tvp
    assert "dead[k_3] = 1" in tvp.tvs   # not read before it is written
    [f] = verify_files([path], VerifyOptions(("unreach-call",), witness_states=400))
    [p] = f.properties
    assert p.verdict == "false" and len(p.witness) > 20, p.reason


BST_INSERT = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct tnode { struct tnode *left, *right; int data; };
struct tnode *root = NULL;
void insert(int d) {
  struct tnode *p = root, *par = NULL, *n;
  while (p != NULL) {
    par = p;
    if (d < p->data) p = p->left; else p = p->right;
  }
  n = malloc(sizeof *n);
  n->left = NULL; n->right = NULL; n->data = d;
  if (par == NULL) root = n;
  else if (CHECK) par->left = n;
  else par->right = n;
}
int main(void) {
  while (__VERIFIER_nondet_int()) insert(__VERIFIER_nondet_int());
  return 0;
}
"""


@pytest.mark.parametrize("check, verdict", [("d < par->data", "true"), ("d <= par->data", "false")])
def test_the_order_of_a_pointed_cell_against_a_register_is_kept_apart(tmp_path, check, verdict):
    """After the search, par's empty side is the one d's comparison with par->data chose: the
    order of par's cell against d is an abstraction predicate (prle/prge, on the cells of the
    pointers compared with d), so the runs that went left and right are not joined and the link
    into the empty side loses nothing. With <= the two tests disagree on a key equal to par's:
    the search went right, and the link overwrites par's left child, a real leak (witnessed)."""
    src = BST_INSERT.replace("CHECK", check)
    tvp = tvp_of(tmp_path, "bst.c", src)
    assert "%i prle[data,d](v) = rle[data,d](v) & (p(v) | par(v))" in tvp
    v = verdicts(tmp_path, "bst.c", src, ("memsafety",))
    assert v["memsafety"].verdict == verdict, v["memsafety"].reason


NARROW = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
struct node { struct node *next; _Bool flag; int d; short s; unsigned u; int e; };
int main(void) {
  struct node *n = malloc(sizeof *n);
  BODY
  free(n);
  return 0;
}
"""


@pytest.mark.parametrize("body, verdict", [
    ("n->flag = __VERIFIER_nondet_bool(); if (n->flag != 0 && n->flag != 1) reach_error();", "true"),
    ("n->flag = __VERIFIER_nondet_int(); if (n->flag != 0 && n->flag != 1) reach_error();", "true"),
    ("n->d = __VERIFIER_nondet_bool(); if (n->d == 2) reach_error();", "true"),
    ("n->d = __VERIFIER_nondet_bool(); if (n->d == 1) reach_error();", "false"),
    ("int f = __VERIFIER_nondet_bool(); if (f != 0 && f != 1) reach_error();", "true"),
    ("switch (__VERIFIER_nondet_bool()) { case 0: break; case 1: break; default: reach_error(); }", "true"),
    ("switch (__VERIFIER_nondet_bool()) { case 0: break; default: reach_error(); }", "false"),
    ("if (__VERIFIER_nondet_uchar() > 300) reach_error();", "true"),
    ("if (__VERIFIER_nondet_uchar() > 254) reach_error();", "false"),
    ("n->d = __VERIFIER_nondet_uchar(); if (n->d > 255) reach_error();", "true"),
    ("n->d = __VERIFIER_nondet_uchar(); if (n->d >= 255 || n->d < 0) reach_error();", "false"),
    ("n->d = __VERIFIER_nondet_uchar(); if (n->d == 0) reach_error();", "false"),
    ("n->s = __VERIFIER_nondet_int(); if (n->s > 40000) reach_error();", "true"),
    ("n->s = __VERIFIER_nondet_int(); if (-40000 >= n->s) reach_error();", "true"),
    ("n->s = __VERIFIER_nondet_int(); if (n->s > 30000) reach_error();", "false"),
    ("n->u = __VERIFIER_nondet_int(); if (n->u < 0) reach_error();", "true"),
    ("n->u = __VERIFIER_nondet_int(); if (n->u > -1) reach_error();", "true"),
    ("n->d = 5; n->e = n->d; if (n->e == 3 || n->e != 5) reach_error();", "true"),
    ("_Bool b = __VERIFIER_nondet_bool(); n->flag = b; if (n->flag != 0 && n->flag != 1) reach_error();", "true"),
    ("_Bool b = __VERIFIER_nondet_bool(); n->d = b; if (n->d == 1) reach_error();", "false"),
    ("n->d = __VERIFIER_nondet_int(); n->e = n->d; if (n->e == 3) reach_error();", "false"),
])
def test_a_nondet_value_takes_the_values_of_its_type(tmp_path, body, verdict):
    """``__VERIFIER_nondet_T()`` has T's values, and a ``_Bool`` field holds 0 or 1: a value with
    two is stored as either; a test or a switch on it takes the branches its values can; a value
    narrower than where it is stored (an unsigned char into an int) takes each run of integers
    between the field's constants that meets its type's values (exactly: every value of a run
    passes the same tests); an
    ordering no value of the operand's type can change is decided (a short is never above 40000,
    an unsigned never below 0, nor above -1, which it compares as the greatest unsigned); a datum
    copied from another field keeps which key it equals (the source field gets the keys); a
    ``_Bool`` variable given nondet values, constants or truth values is a flag over 0 and 1."""
    v = verdicts(tmp_path, "narrow.c", NARROW.replace("BODY", body), ("unreach-call",))
    assert v["unreach-call"].verdict == verdict, v["unreach-call"].reason


def test_a_dropped_allocation_is_a_leak(tmp_path):
    """``(void) malloc(sizeof(struct node))``: the block's struct is read off the sizeof (the call's
    type is void *), and the dropped cell is lost at once (it was 'unsupported: malloc of a block
    that is not a struct')."""
    src = NARROW.replace("BODY", "if (__VERIFIER_nondet_int()) (void) malloc(sizeof(struct node));")
    v = verdicts(tmp_path, "dropped.c", src, ("memsafety",))
    assert (v["memsafety"].verdict, v["memsafety"].violated) == ("false", "valid-memtrack"), v["memsafety"].reason


HELPER = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
static int get(void) { int v = __VERIFIER_nondet_int(); return v; }
int main(void) {
  const int a = get();
  struct node *x = malloc(sizeof *x);
  x->data = a;
  const int b = get();
  if (x->data != CHECK) reach_error();
  free(x);
  return 0;
}
"""


@pytest.mark.parametrize("check, verdict", [("a", "true"), ("b", "false")])
def test_a_value_returned_by_a_helper_is_copied(tmp_path, check, verdict):
    """``a = get()`` where get returns a nondet value: a copy of the returned register, so the two
    calls' values stay apart and the test against each is exact (it was untracked: unknown)."""
    v = verdicts(tmp_path, "helper.c", HELPER.replace("CHECK", check), ("unreach-call",))
    assert v["unreach-call"].verdict == verdict, v["unreach-call"].reason
