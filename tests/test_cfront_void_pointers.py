"""``void *`` variables, parameters, fields and results that only ever hold one type of pointer are
followed as pointers to that type (:mod:`tvla.cfront.voidtypes`); the others stay unsupported."""

import os

import pytest
from conftest import ROOT, c_verdicts, verify_c

from tvla.cfront.cinfo import BLOCK
from tvla.cfront.parse import parse_file
from tvla.cfront.rewrite import rewrite
from tvla.cfront.voidtypes import void_pointee_types
from tvla.cli.verify import VerifyOptions, verify_files

ALL = ("memsafety", "memcleanup", "unreach-call")
HEAD = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
"""

PAYLOAD = """struct point { int x; int y; };
struct node { struct node *next; void *data; };
int main(void) {
  struct node *head = NULL, *n;
  while (__VERIFIER_nondet_int()) {
    struct point *p = malloc(sizeof(struct point));
    p->x = 1;
    n = malloc(sizeof(struct node));
    n->data = p;
    n->next = head;
    head = n;
  }
  for (n = head; n != NULL; n = n->next) {
    struct point *p = (struct point *)n->data;
    if (p->x != 1) reach_error();
  }
  while (head != NULL) {
    n = head->next;
    FREE_DATA
    free(head);
    head = n;
  }
  return 0;
}"""

LOCAL = """struct node { struct node *next; int d; };
int main(void) {
  void *v = malloc(sizeof(struct node));
  struct node *n = v;
  n->next = NULL;
  free(v);
  USE
  return 0;
}"""

# a prototype with an unnamed void * parameter and the definition: both are retyped
RELEASE = """typedef struct node { struct node *next; } Node;
static void release(void *);
static void release(void *p) { free(p); }
int main(void) {
  Node *h = NULL;
  while (__VERIFIER_nondet_int()) { Node *n = malloc(sizeof(Node)); n->next = h; h = n; }
  while (h) { void *c = h; h = h->next; release(c); RELEASE_AGAIN }
  return 0;
}"""

INT_PAYLOAD = """struct node { struct node *next; void *val; };
int main(void) {
  struct node *n = malloc(sizeof(struct node));
  int *v = malloc(sizeof(int));
  *v = 7;
  n->val = v;
  n->next = NULL;
  if (*(int *)n->val != 7) reach_error();
  free(n->val);
  free(n);
  return 0;
}"""

TWO_TYPES = """struct a { int x; };
struct b { int y; int z; };
struct node { struct node *next; void *data; };
int main(void) {
  struct node *n = malloc(sizeof(struct node));
  struct node *m = malloc(sizeof(struct node));
  n->data = malloc(sizeof(struct a));
  m->data = malloc(sizeof(struct b));
  free(n->data); free(m->data); free(n); free(m);
  return 0;
}"""

ARITHMETIC = """struct node { struct node *next; };
int main(void) {
  void *v = malloc(sizeof(struct node));
  struct node *n = v;
  v = (char *)v + 0;
  n->next = NULL;
  free(n);
  return 0;
}"""

CALLBACK = """struct node { struct node *next; };
static void drop(void *p) { free(p); }
static void apply(void (*f)(void *), void *x) { f(x); }
int main(void) {
  struct node *n = malloc(sizeof(struct node));
  apply(drop, n);
  return 0;
}"""


KZALLOC = """#include <string.h>
struct request { struct request *next; int done; };
static void *kzalloc(size_t size) {
  void *p = malloc(size);
  if (p != NULL)
    memset(p, 0, size);
  return p;
}
int main(void) {
  struct request *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct request *r = kzalloc(sizeof *r);
    if (!r) return 0;
    if (r->next != NULL || r->done != 0) reach_error();
    r->next = head;
    head = r;
  }
  while (head) { struct request *t = head->next; FREE head = t; }
  return 0;
}"""


def write(tmp_path, src):
    path = tmp_path / "prog.c"
    path.write_text(HEAD + src + "\n")
    return str(path)


def verify(tmp_path, src):
    return verify_c(tmp_path, HEAD + src + "\n", ALL)


def verdicts(tmp_path, src):
    return c_verdicts(tmp_path, HEAD + src + "\n", ALL)


@pytest.mark.parametrize("src, expected", [
    (PAYLOAD.replace("FREE_DATA", "free(head->data);"), ("true", "true", "true")),
    (PAYLOAD.replace("FREE_DATA", ""), ("false (valid-memtrack)", "false", "true")),
    (PAYLOAD.replace("FREE_DATA", "free(head->data);").replace("p->x = 1", "p->x = 2"),
     ("true", "false", "false")),
    (LOCAL.replace("USE", ""), ("true", "true", "true")),
    (LOCAL.replace("USE", "n->next = NULL;"), ("false (valid-deref)", "true", "true")),
    (RELEASE.replace("RELEASE_AGAIN", ""), ("true", "true", "true")),
    (RELEASE.replace("RELEASE_AGAIN", "release(c);"), ("false (valid-free)", "true", "true")),
    (INT_PAYLOAD, ("true", "true", "true")),
    (INT_PAYLOAD.replace("*v = 7;", "*v = 8;"), ("true", "false", "false")),
    # memset(p, 0, size) of a void * in a kzalloc wrapper, size the struct's (was unsupported)
    (KZALLOC.replace("FREE", "free(head);"), ("true", "true", "true")),
    (KZALLOC.replace("FREE", ""), ("true", "false", "true")),   # r still points to the list
    # likely(p != NULL) as the kernel's macro writes it: a test of p, not an abstracted int
    (KZALLOC.replace("FREE", "free(head);").replace("if (p != NULL)", "if (__builtin_expect(!!(p != NULL), 1))"),
     ("true", "true", "true")),
])
def test_verdicts_through_void_pointers(tmp_path, src, expected):
    assert verdicts(tmp_path, src) == expected


def test_library_functions_declared_in_the_file_are_no_void_pointers(tmp_path):
    """A preprocessed file declares malloc and free itself: their ``void *`` result and parameter
    take pointers of every type, and joining the payload field to them would give it two types."""
    path = tmp_path / "prog.i"
    path.write_text('# 1 "prog.c"\nextern void *malloc(unsigned long);\nextern void free(void *);\n'
                    "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                    + PAYLOAD.replace("FREE_DATA", "free(head->data);").replace("NULL", "((void *)0)") + "\n")
    [f] = verify_files([str(path)], VerifyOptions(ALL, concrete=False))
    assert [p.verdict for p in f.properties] == ["true", "true", "true"]


def test_positions_stay_those_of_the_file(tmp_path):
    """The retyped text keeps every line and column: ``void`` becomes a four-letter typedef."""
    one_line = ("struct node { struct node *next; };\nint main(void) {\n"
                "  void *v = malloc(sizeof(struct node)); struct node *n = v; free(v); n->next = NULL;\n"
                "  return 0;\n}")
    f = verify(tmp_path, one_line)
    [finding] = f.properties[0].findings
    assert (finding.pos.line, finding.pos.column) == (6, 71)   # n->next, after free(v)
    assert f.source[5].startswith("  void *v = malloc")


@pytest.mark.parametrize("src, why", [
    (TWO_TYPES, "field data of type void *"),
    (ARITHMETIC, "variable v of type void *"),
])
def test_void_pointers_of_no_one_type_stay_unsupported(tmp_path, src, why):
    # a choice first: a program without one is settled by its one run, whatever the analysis says
    f = verify(tmp_path, src.replace("int main(void) {\n", "int main(void) {\n  if (__VERIFIER_nondet_int()) return 0;\n"))
    # unreach-call holds where nothing names reach_error, whatever the rest of the program does
    assert all(p.verdict == ("true" if p.name == "unreach-call" and "reach_error()" not in src else "unknown")
               for p in f.properties)
    assert any(why in text for _, text in f.unsupported), f.unsupported


def test_classes_of_copies_get_one_type(tmp_path):
    """A local copied into a field and a result copied from it are one class, given the payload's
    type; a ``void *`` holding two struct types is no class retyped."""
    tu = parse_file(write(tmp_path, PAYLOAD.replace("FREE_DATA", "")))
    types = void_pointee_types(tu)
    assert sorted(st.spelling for st in types.values()) == ["point"]
    assert void_pointee_types(parse_file(write(tmp_path, TWO_TYPES))) == {}


def test_a_function_whose_address_is_taken_keeps_its_void_pointer_parameters(tmp_path):
    """Calls through a pointer give drop's parameter values no walk sees: it is not retyped (the
    lowering follows it as a freeing wrapper's parameter, as before); apply's x, given only nodes,
    is, and passes a node to the call through f."""
    types = void_pointee_types(parse_file(write(tmp_path, CALLBACK)))
    assert [(k[0], k[2], st.spelling) for k, st in types.items()] == [("param", 1, "node")]
    assert verdicts(tmp_path, CALLBACK) == ("true", "true", "true")


def test_a_file_without_void_pointers_is_not_parsed_again(tmp_path):
    tu = parse_file(write(tmp_path, "int main(void) { return 0; }"))
    assert rewrite(tu, str(tmp_path / "prog.c")) == (tu, None)


def test_a_witness_store_follows_the_list_and_links_the_payload():
    """Chains follow the fields between cells of one struct type; a pointer to a payload of another
    type is a branch (``u2.data -> u1``), also when the payload is drawn already."""
    [f] = verify_files([os.path.join(ROOT, "programs", "c", "sll_void_payload_leak.c")], VerifyOptions(("memsafety",), concrete=False))
    stores = [step.store for step in f.properties[0].witness]
    assert "n -> u2 -> NULL; p -> u1(x=1) -> NULL; u2.data -> u1; head = NULL; p_2 uninitialised" in stores


BLOCKS = """struct item { struct item *next; void *payload; };
int main(void) {
  struct item *list = NULL;
  void *spare = malloc(16);
  while (__VERIFIER_nondet_int()) {
    struct item *it = malloc(sizeof *it);
    it->payload = malloc(32);
    it->next = list;
    list = it;
  }
  while (list) {
    struct item *next = list->next;
    FREE_PAYLOAD
    free(list);
    list = next;
  }
  void *q = spare;
  if (q == spare) free(q);
  END
  return 0;
}"""


@pytest.mark.parametrize("free_payload, end, expected", [
    ("free(list->payload);", "", ("true", "true", "true")),
    ("", "", ("false (valid-memtrack)", "false", "true")),
    ("free(list->payload);", "free(spare);", ("false (valid-free)", "true", "true")),
])
def test_void_pointers_given_only_blocks_of_bytes_point_to_blocks(tmp_path, free_payload, end, expected):
    """``void *`` entities given only ``malloc(16)``-style blocks, copied, compared and freed but never
    read as a struct, point to cells of a struct without fields allocated at any size."""
    src = BLOCKS.replace("FREE_PAYLOAD", free_payload).replace("END", end)
    assert verdicts(tmp_path, src) == expected
    assert set(void_pointee_types(parse_file(write(tmp_path, src))).values()) == {BLOCK}


def test_a_block_read_as_a_struct_is_of_that_struct(tmp_path):
    """``void *v = malloc(8)`` converted to a ``struct node *`` holds nodes: the lowering then checks
    the size against the struct's."""
    src = ARITHMETIC.replace("v = (char *)v + 0;", "").replace("malloc(sizeof(struct node))", "malloc(SIZE)")
    types = void_pointee_types(parse_file(write(tmp_path, src.replace("SIZE", "8"))))
    assert [st.spelling for st in types.values() if not isinstance(st, str)] == ["node"]
    assert verdicts(tmp_path, src.replace("SIZE", "sizeof(struct node)")) == ("true", "true", "true")
    # 3 bytes for a struct of 8: its next field lies past the block, and n->next = NULL writes it
    assert verdicts(tmp_path, src.replace("SIZE", "3")) == ("false (valid-deref)", "true", "true")


NULL_ONLY = HEAD + """struct item { struct item *next; void *data; };
int main(void) {
  struct item *head = NULL, *it;
  while (__VERIFIER_nondet_int()) {
    it = malloc(sizeof *it);
    it->data = NULL;
    it->next = head;
    head = it;
  }
  for (it = head; it; it = it->next)
    if (it->data != NULL) reach_error();
  while (head) { it = head->next; FREE free(head); head = it; }
  return 0;
}"""


@pytest.mark.parametrize("free_data, expected", [("", ("true", "true", "true")),
                                                 ("free(head->data);", ("true", "true", "true")),
                                                 ("head->data = malloc(4);", ("false (valid-memtrack)", "false", "true"))])
def test_a_void_pointer_given_only_null_points_to_blocks(tmp_path, free_data, expected):
    """A ``void *`` field only ever set to NULL (and compared) holds no type: any pointer type holds
    NULL, so it points to blocks (it was unsupported): ``free`` of it is ``free(NULL)``; a block
    stored there before the cell is freed is lost."""
    src = NULL_ONLY.replace("FREE", free_data)
    types = void_pointee_types(parse_file(write(tmp_path, src)))
    assert list(types.values()) == [BLOCK]
    assert verdicts(tmp_path, src) == expected
