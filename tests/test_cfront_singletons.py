"""Int fields of a struct the program makes one object of, kept as int variables
(tvla.cfront.singletons): an ldv-style ``d->nbufs++`` per buffer, checked against a walk's count,
was an abstracted datum (unreach-call unknown); it is now a counter tied to the cells it counted,
and ``d`` is still dereferenced at every access."""

import pytest
from conftest import assert_embedded, c_verdicts, corpus_verdicts

from tvla.cfront.lower import lower_file
from tvla.cfront.parse import parse_file
from tvla.cfront.singletons import singleton_fields
from tvla.cli.verify import write_translation

DEVICE = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct buf { int size; struct buf *next; };
struct device { int nbufs; struct buf *bufs; };
static void *zalloc(unsigned long sz) { return malloc(sz); }
static void add_buf(struct device *d, int size)
{
    struct buf *b = zalloc(sizeof(*b));
    b->size = size;
    b->next = d->bufs;
    d->bufs = b;
    COUNT
}
int main(void)
{
    struct device *d = zalloc(sizeof(*d));
    d->nbufs = BASE;
    d->bufs = NULL;
    while (__VERIFIER_nondet_int())
        add_buf(d, __VERIFIER_nondet_int());
    int k = 0;
    while (d->bufs) {
        struct buf *b = d->bufs;
        d->bufs = b->next;
        free(b);
        k++;
    }
    RELEASE
    return 0;
}
"""
CHECKED = "if (k != d->nbufs) reach_error(); free(d);"


def device(base: str = "0", release: str = CHECKED) -> str:
    return DEVICE.replace("BASE", base).replace("COUNT", "d->nbufs++;").replace("RELEASE", release)


@pytest.mark.parametrize("base, release, expected", [
    ("0", CHECKED, ("true", "true", "true")),
    ("1", CHECKED, ("true", "false", "false")),   # one more than the buffers
    ("0", "free(d); if (k != d->nbufs) reach_error();", ("false (valid-deref)", "true", "true")),
])
def test_a_device_counter_is_decided_in_both_modes(tmp_path, base, release, expected):
    for concrete in (True, False):
        assert c_verdicts(tmp_path, device(base, release), concrete=concrete) == expected


LOCAL = """#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { struct node *next; };
struct list { struct node *head; unsigned len; };
static void clear(struct list *L)
{
    while (L->head) {
        struct node *n = L->head;
        L->head = n->next;
        free(n);
        DROP
    }
}
int main(void)
{
    struct list L = { .head = NULL, .len = 0 };
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        n->next = L.head;
        L.head = n;
        L.len++;
    }
    clear(&L);
    if (L.len != 0) reach_error();
    return 0;
}
"""


@pytest.mark.parametrize("drop, expected", [("L->len--;", "true"), ("if (L->head) L->len--;", "false")])
def test_a_struct_variable_of_main_keeps_its_count(tmp_path, drop, expected):
    assert c_verdicts(tmp_path, LOCAL.replace("DROP", drop), ("unreach-call",), concrete=False) == (expected,)


@pytest.mark.parametrize("change, kept", [
    ("", {"nbufs": None}),
    # a second object, the address of the field, a memset: no field is kept
    ("struct device *e = zalloc(sizeof(*e));", {}),
    ("int *p = &d->nbufs;", {}),
    ("struct device *e = zalloc(sizeof(struct buf)); free(e);", {}),   # a device the size of a buf
    ("memset(d, 0, 8);", {}),
])
def test_which_fields_are_kept(tmp_path, change, kept):
    src = device().replace("    d->bufs = NULL;\n", "    d->bufs = NULL;\n    " + change + "\n")
    src = src.replace("#include <stdlib.h>", "#include <stdlib.h>\n#include <string.h>")
    path = tmp_path / "d.c"
    path.write_text(src)
    fields = singleton_fields(parse_file(str(path)))
    assert {s.field: s.init for s in fields.values()} == kept


PAIR = """#include <stdlib.h>
struct dev { int n; struct dev *peer; };
static struct dev *pair(unsigned long sz) { struct dev *a = malloc(sz); a->peer = malloc(sz); return a; }
int main(void) { struct dev *a = pair(sizeof(struct dev)); a->n = 0; a->n++; free(a->peer); free(a); return 0; }
"""


def test_a_wrapper_making_two_blocks_makes_two_objects(tmp_path):
    path = tmp_path / "pair.c"
    path.write_text(PAIR)
    assert singleton_fields(parse_file(str(path))) == {}


@pytest.mark.parametrize("concrete", [True, False])
def test_a_run_ends_at_an_invalid_access_of_a_kept_field(tmp_path, concrete):
    src = ("#include <stdlib.h>\nextern void reach_error(void);\nstruct dev { int n; };\n"
           "int main(void) { struct dev *d = malloc(sizeof(struct dev)); free(d); d->n = 1;\n"
           "  if (d->n == 1) reach_error(); return 0; }\n")
    assert c_verdicts(tmp_path, src, concrete=concrete) == ("false (valid-deref)", "true", "true")


def test_calloc_and_initialisers_give_the_first_value(tmp_path):
    path = tmp_path / "c.c"
    path.write_text("#include <stdlib.h>\nstruct q { int n, m; struct q *p; };\nstruct g { int a; };\n"
                    "struct g G;\nint main(void) { struct q *x = calloc(1, sizeof *x); x->n++; G.a++;\n"
                    "  for (int i = 0; i < 2; i++) { struct g *y = malloc(sizeof *y); free(y); }\n"
                    "  free(x); return 0; }\n")
    fields = singleton_fields(parse_file(str(path)))
    # G has two objects: the global and one made in a loop
    assert sorted((s.struct, s.field, s.init) for s in fields.values()) == [("q", "m", 0), ("q", "n", 0)]


def test_device_counter_embeds_its_concrete_runs(tmp_path):
    path = tmp_path / "d.c"
    path.write_text(device())
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("unreach-call",), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "3", "--runs", "0")


@pytest.mark.parametrize("name, expected", [("sll_struct_list_len_plus_head.c", "true"),
                                            ("sll_struct_list_len_plus_head_two.c", "false")])
def test_a_kept_field_plus_a_constant_is_compared_with_a_counter(name, expected):
    """``c != L.len + 1`` (one cell more than counted): the offset test of two counters, with the
    field's variable (it was abstracted: unknown); without concrete runs."""
    assert corpus_verdicts(name, ("unreach-call",), concrete=False)["unreach-call"].verdict == expected
