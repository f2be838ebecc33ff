"""Int variables computed from one flag or counter and constants (``new_data = len - i``,
``i % 2 == 0``): an assignment takes, for each value of the counter, the value the expression
has there (a table, :func:`tvla.cfront.intvars.mapped_of`), and a test branches by it; before,
both were abstracted, and a program checking such values was unknown."""

import subprocess
import sys

import pytest

from tvla.cfront.lower import lower_file
from tvla.cli.verify import VerifyOptions, verify_files, write_translation

ALL = ("memsafety", "memcleanup", "unreach-call")

# list-simple's dll2c_update_all: a circular DLL of len = 2 cells, each updated at its index
UPDATE_ALL = """extern void abort(void);
#include <assert.h>
void reach_error() { assert(0); }
#include <stdlib.h>
typedef struct node {
  struct node* next;
  struct node* prev;
  int data;
} *DLL;
void myexit(int s) {
 _EXIT: goto _EXIT;
}
DLL node_create(int data) {
  DLL temp = (DLL) malloc(sizeof(struct node));
  if(NULL == temp) {
    myexit(1);
  }
  temp->next = NULL;
  temp->prev = NULL;
  temp->data = data;
  return temp;
}
DLL dll_circular_create(int len, int data) {
  DLL last = node_create(data);
  DLL head = last;
  while(len > 1) {
    DLL new_head = node_create(data);
    new_head->next = head;
    head->prev = new_head;
    head = new_head;
    len--;
  }
  last->next = head;
  head->prev = last;
  return head;
}
void dll_circular_destroy(DLL head) {
  if(NULL != head) {
    DLL p = head->next;
    while(p != head) {
      DLL q = p->next;
      free(p);
      p = q;
    }
    free(head);
  }
}
int dll_circular_get_data_at(DLL head, int index) {
  while(index > 0) {
    head = head->next;
    index--;
  }
  return head->data;
}
void dll_circular_update_at(DLL head, int data, int index) {
  while(index > 0) {
    head = head->next;
    index--;
  }
  head->data = data;
}
int main() {
  const int len = 2;
  const int data = 1;
  DLL s = dll_circular_create(len, data);
  int i;
  for(i = 0; i < len; i++) {
    int new_data = NEW;
    dll_circular_update_at(s, new_data, i);
  }
  for(i = 0; i < len; i++) {
    int expected = EXPECTED;
    if(expected != dll_circular_get_data_at(s, i)) {
      goto ERROR;
    }
  }
  dll_circular_destroy(s);
  return 0;
 ERROR: reach_error();
  return 1;
}
"""

PARITY = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; int data; };
int main(void) {
  struct node *h = NULL;
  int i;
  for (i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    if (i % 2 == 0) n->data = 1; else n->data = 2;
    n->next = h;
    h = n;
  }
  /* h: data 2 1 2 1 */
  int k = 0;
  for (struct node *p = h; p; p = p->next, k++) {
    if ((k + 1) % 2 == 0 && p->data != 1) reach_error();
    if (k % 2 == 0 && p->data != 2) reach_error();
  }
  while (h) { struct node *t = h->next; free(h); h = t; }
  return 0;
}
"""


def verdicts(tmp_path, src):
    path = tmp_path / "prog.c"
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(ALL))
    return tuple(p.verdict for p in f.properties)


@pytest.mark.parametrize("new, expected, verdict", [
    ("len - i", "len - i", ("true", "true", "true")),
    ("2 * i + 1", "2 * i + 1", ("true", "true", "true")),
    ("i % 2", "i % 2", ("true", "true", "true")),
    ("i + len + (i == 1)", "i + len + (i == 1)", ("true", "true", "true")),
    ("len - i", "len - i - 1", ("true", "false", "false")),
    ("i % 2", "(i + 1) % 2", ("true", "false", "false")),
    ("i * len", "i", ("true", "false", "false")),
])
def test_values_computed_from_a_counter(tmp_path, new, expected, verdict):
    src = UPDATE_ALL.replace("NEW", new).replace("EXPECTED", expected)
    assert verdicts(tmp_path, src) == verdict


def test_tests_computed_from_a_counter(tmp_path):
    assert verdicts(tmp_path, PARITY) == ("true", "true", "true")
    wrong = PARITY.replace("p->data != 1) reach_error", "p->data != 2) reach_error")
    assert verdicts(tmp_path, wrong) == ("true", "false", "false")


def test_an_undefined_value_is_abstracted(tmp_path):
    """``6 / i`` at i == 0 is undefined in C: the table has no value there, and the test takes both
    branches, abstracted; every run passes it before the walk that calls reach_error(), so that
    call is not said to happen (unknown), nor proved not to."""
    src = PARITY.replace("if (i % 2 == 0) n->data = 1;", "if (6 / i == 6) n->data = 1;")
    assert verdicts(tmp_path, src)[2] == "unknown"


def test_concrete_runs_embed(tmp_path):
    """Every concrete run of the translation over stores of up to 5 cells embeds in the analysis."""
    path = tmp_path / "prog.c"
    path.write_text(PARITY)
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("unreach-call",), str(tmp_path))
    check = subprocess.run([sys.executable, "-m", "tvla", "selfcheck", tvp, tvs, "--nodes", "5", "--runs", "0"],
                           capture_output=True, text=True, timeout=300)
    assert check.returncode == 0 and "0 violations" in check.stdout, check.stdout + check.stderr
