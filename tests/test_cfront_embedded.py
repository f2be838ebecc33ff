"""Structs embedded in others and reached through interior pointers (Linux's list_head):
``&it->link`` is it's cell, ``container_of`` gives it back, a lone ``struct list_head`` (a
list's head) is a cell without the item's other fields.  programs/c/klist_*.c run the
whole idiom (list_add, list_del, list_for_each_entry) through the corpus test."""

import pytest

from tvla.cli.verify import VerifyOptions, verify_files

LIST = """#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct list_head { struct list_head *next, *prev; };
struct item { int data; struct list_head link; };
#define container_of(ptr, type, member) ({ const typeof(((type *)0)->member) *__mptr = (ptr); \\
    (type *)((char *)__mptr - offsetof(type, member)); })
static struct list_head head = { &head, &head };
static void add(struct list_head *new, struct list_head *h)
{ new->next = h->next; new->prev = h; h->next->prev = new; h->next = new; }
static void del(struct list_head *e) { e->next->prev = e->prev; e->prev->next = e->next; }
int main(void) {
    struct item *it;
    struct list_head *p;
    while (__VERIFIER_nondet_int()) {
        it = malloc(sizeof *it);
        if (!it) return 0;
        it->data = 1;
        add(&it->link, &head);
    }
    BODY
    while (head.next != &head) {
        p = head.next;
        del(p);
        it = container_of(p, struct item, link);
        FREE;
    }
    return 0;
}
"""


def verify(tmp_path, src, *props):
    path = tmp_path / "list.c"
    path.write_text(src)
    [f] = verify_files([str(path)], VerifyOptions(props, concrete=False))
    return {p.name: p for p in f.properties}


def program(body="", free="free(it)"):
    return LIST.replace("BODY", body).replace("FREE", free)


def test_items_added_through_their_links_and_freed_through_container_of_are_proved(tmp_path):
    got = verify(tmp_path, program("p = head.next; if (p != &head && container_of(p, struct item, link)->data != 1) "
                                   "reach_error();"), "memsafety", "memcleanup", "unreach-call")
    assert {k: v.verdict for k, v in got.items()} == {"memsafety": "true", "memcleanup": "true",
                                                      "unreach-call": "true"}, got


def test_the_head_taken_for_an_item_is_a_read_outside_any_item(tmp_path):
    """Without the test of an empty list, container_of of the head's next is the head itself: a
    lone struct list_head has no data field."""
    got = verify(tmp_path, program("it = container_of(head.next, struct item, link); if (it->data != 1) "
                                   "reach_error();"), "memsafety")["memsafety"]
    assert got.verdict == "false" and got.violated == "valid-deref", got
    assert any("a struct list_head that is not inside a struct item" in f.message for f in got.findings), got
    assert got.witness


@pytest.mark.parametrize("free, verdict", [
    ("free(p)", "false"),                                     # inside the item, past its int field
    ("free(&it->link)", "false"),
    ("free(container_of(p, struct item, link))", "true"),
])
def test_only_the_start_of_the_item_may_be_freed(tmp_path, free, verdict):
    got = verify(tmp_path, program(free=free), "memsafety")["memsafety"]
    assert got.verdict == verdict, got
    if verdict == "false":
        assert got.violated == "valid-free" and got.witness, got


def test_the_items_are_still_checked_for_leaks(tmp_path):
    got = verify(tmp_path, program(free="it->data = 0"), "memcleanup")["memcleanup"]
    assert got.verdict == "false" and got.witness, got


def test_a_struct_at_the_start_of_the_cell_is_the_cell(tmp_path):
    """A pointer to the first member, and a cast back, point to the cell itself."""
    src = """#include <stdlib.h>
struct payload { int a; int b; };
struct node { struct payload pl; struct node *next; };
int main(void) {
    struct node *n = malloc(sizeof *n);
    struct payload *q;
    if (!n) return 0;
    q = &n->pl;
    q->a = 1;
    n->next = NULL;
    free((struct node *) q);
    return 0;
}
"""
    assert verify(tmp_path, src, "memsafety")["memsafety"].verdict == "true"


@pytest.mark.parametrize("body, reason", [
    ("list_head_twice", "struct list_head reached inside item.a and item.b"),
])
def test_what_stays_unsupported(tmp_path, body, reason):
    src = """#include <stdlib.h>
struct list_head { struct list_head *next, *prev; };
struct item { struct list_head a; struct list_head b; int data; };
static struct list_head la = { &la, &la }, lb = { &lb, &lb };
int main(void) {
    struct item *it = malloc(sizeof *it);
    struct list_head *h;
    if (!it) return 0;
    BODY
    return 0;
}
""".replace("BODY", {"list_head_twice": "it->a.next = &lb; it->b.next = &la; h = &it->a; h = &it->b;"}[body])
    got = verify(tmp_path, src, "memsafety")["memsafety"]
    assert got.verdict == "unknown" and reason in (got.reason or ""), got


ALONE = """#include <stdlib.h>
struct list_head { struct list_head *next, *prev; };
struct item { struct list_head a; struct item *other; int data; };
int main(void) {
    struct item *it = malloc(sizeof *it);
    struct list_head *h;
    if (!it) return 0;
    h = &it->a;
    h = malloc(sizeof(struct list_head));
    if (!h) return 0;
    h->next = h;
    h->prev = &it->a;
    it->a.next = h;
    BODY
    free(h);
    free(it);
    return 0;
}
"""


@pytest.mark.parametrize("body, verdict", [
    ("h->next->prev = h;", ("true", None)),
    ("((struct item *) h)->other = it;", ("false", "valid-deref")),   # past the end of its block
    ("((struct item *) h)->data = 1;", ("false", "valid-deref")),
    ("((struct item *) h->prev)->data = 1;", ("true", None)),          # h->prev is it
])
def test_a_struct_allocated_alone_is_a_cell_without_the_hosts_other_fields(tmp_path, body, verdict):
    """``malloc(sizeof(struct list_head))`` where list_heads live inside items: an item's cell whose
    other fields lie past the end of the block (it was unsupported)."""
    got = verify(tmp_path, ALONE.replace("BODY", body), "memsafety")["memsafety"]
    assert (got.verdict, got.violated) == verdict, got


QUEUE = """#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct list_head { struct list_head *next, *prev; };
struct job { int prio; struct list_head node; };
struct queue { int count; struct list_head jobs; };
#define entry(p) ((struct job *)((char *)(p) - offsetof(struct job, node)))
int main(void) {
    struct queue q;
    struct job *j;
    q.jobs.next = &q.jobs; q.jobs.prev = &q.jobs;
    while (__VERIFIER_nondet_int()) {
        j = malloc(sizeof *j);
        if (!j) return 0;
        j->prio = 3;
        j->node.next = q.jobs.next; j->node.prev = &q.jobs;
        q.jobs.next->prev = &j->node; q.jobs.next = &j->node;
    }
    BODY
    while (q.jobs.next != &q.jobs) {
        j = entry(q.jobs.next);
        q.jobs.next = j->node.next; j->node.next->prev = &q.jobs;
        free(j);
    }
    return 0;
}
"""


@pytest.mark.parametrize("body, verdicts, why", [
    ("if (q.jobs.next != &q.jobs && entry(q.jobs.next)->prio != 3) reach_error();", ["true"] * 3, None),
    # on the empty queue entry() is &q itself: prio reads q.count, whatever lies there in C
    ("if (entry(q.jobs.next)->prio != 3) reach_error();", ["unknown"] * 3, "does not follow C exactly"),
    # through a pointer to the queue, the head is part of its cell: not followed
    ("struct queue *qp = &q; if (qp->jobs.next == 0) reach_error();", ["unknown"] * 3,
     "struct list_head reached inside job.node and queue.jobs"),
])
def test_a_list_head_inside_a_struct_variable_is_a_cell_of_its_own(tmp_path, body, verdicts, why):
    got = verify(tmp_path, QUEUE.replace("BODY", body), "memsafety", "memcleanup", "unreach-call")
    assert [p.verdict for p in got.values()] == verdicts, got
    if why is not None:   # an unknown says why
        assert all(why in (p.reason or "") for p in got.values()), got
    if why == "does not follow C exactly":   # and its findings say that the read is not followed
        assert all(p.findings and all(a.message.endswith("(not followed)") for a in p.findings)
                   for p in got.values()), got


DEVICE = """#include <stdlib.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct list_head { struct list_head *next, *prev; };
struct buf { int size; struct list_head link; };
struct device { int id; struct list_head bufs; };
#define entry(p) ((struct buf *)((char *)(p) - offsetof(struct buf, link)))
int main(void) {
    struct device *dev = malloc(sizeof *dev);
    struct buf *b;
    struct list_head *h;
    if (!dev) return 0;
    INIT
    while (__VERIFIER_nondet_int()) {
        b = malloc(sizeof *b);
        if (!b) return 0;
        b->size = 3;
        h = &dev->bufs;
        b->link.next = h->next; b->link.prev = h;
        h->next->prev = &b->link; h->next = &b->link;
    }
    BODY
    while (dev->bufs.next != &dev->bufs) {
        b = entry(dev->bufs.next);
        dev->bufs.next = b->link.next; b->link.next->prev = &dev->bufs;
        free(b);
    }
    FREE
    return 0;
}
"""


@pytest.mark.parametrize("init, body, free, verdicts, why", [
    ("h = &dev->bufs; h->next = h; h->prev = h;",
     "if (dev->bufs.next != &dev->bufs && entry(dev->bufs.next)->size != 3) reach_error();", "free(dev);",
     ["true"] * 3, None),
    # on the empty list entry() is dev itself: size reads the device's memory, not followed
    ("h = &dev->bufs; h->next = h; h->prev = h;", "if (entry(dev->bufs.next)->size != 3) reach_error();",
     "free(dev);", ["unknown"] * 3, "does not follow C exactly"),
    # the head dies with its device: a pointer to it kept past the free dangles
    ("h = &dev->bufs; h->next = h; h->prev = h;", "", "free(dev); if (h->next == h) return 1;",
     ["false", "true", "true"], None),
    # an interior pointer is not the start of a block
    ("h = &dev->bufs; h->next = h; h->prev = h;", "", "free(&dev->bufs);", ["false", "true", "true"], None),
    # a fresh device's head holds garbage until initialised
    ("", "", "free(dev);", ["false", "true", "true"], None),
    # the device never freed: neither is its head, but only the device counts
    ("h = &dev->bufs; h->next = h; h->prev = h;", "", "", ["true", "false", "true"], None),
])
def test_a_list_head_inside_a_heap_cell_is_a_cell_that_dies_with_it(tmp_path, init, body, free, verdicts, why):
    src = DEVICE.replace("INIT", init).replace("BODY", body).replace("FREE", free)
    got = verify(tmp_path, src, "memsafety", "memcleanup", "unreach-call")
    assert [p.verdict for p in got.values()] == verdicts, got
    if why is not None:
        assert all(why in (p.reason or "") for p in got.values()), got


ADDRESSES = """#include <stdlib.h>
#include <stddef.h>
extern void reach_error(void);
struct list_head { struct list_head *next, *prev; };
struct buf { int size; struct list_head link; };
struct dev { MEMBERS };
#define entry(p) ((struct buf *)((char *)(p) - offsetof(struct buf, link)))
int main(void) {
    struct dev *d = malloc(sizeof *d);
    struct list_head *h;
    if (!d) return 0;
    h = &d->bufs; h->next = h; h->prev = h;
    if (h->next != h) entry(h->next)->size = 1;
    BODY
    return 0;
}
"""


@pytest.mark.parametrize("members, body, verdicts", [
    # bufs first: its address is d's, which the nodes (a head held apart) do not tell
    ("struct list_head bufs; int id;", "if ((void *) &d->bufs == (void *) d) reach_error(); free(d);",
     ["true", "unknown", "unknown"]),
    ("int id; struct list_head bufs;", "if ((void *) &d->bufs != (void *) d) reach_error(); free(d);",
     ["true", "unknown", "unknown"]),
    # free(&d->bufs) of a head at offset 0 frees d in C: not followed, no valid-free violation said
    ("struct list_head bufs; int id;", "free(h);", ["unknown", "unknown", "true"]),
    ("int id; struct list_head bufs;", "free(h);", ["false", "true", "true"]),
])
def test_addresses_of_a_head_and_of_its_cell_are_not_compared(tmp_path, members, body, verdicts):
    """Before, the analysis alone said the addresses always differ (a wrong true for unreach-call
    where bufs is the first member) and that free(&d->bufs) was invalid there (a wrong false)."""
    src = ADDRESSES.replace("MEMBERS", members).replace("BODY", body)
    got = verify(tmp_path, src, "memsafety", "memcleanup", "unreach-call")
    assert [p.verdict for p in got.values()] == verdicts, got


def test_the_runs_take_a_struct_and_its_first_member_for_one_address(tmp_path):
    """C: a struct's address is its first member's.  The runs compared the paths to them, so a
    run 'called' reach_error() here and the verdict was a wrong false (the program makes no
    choice: its one run now proves it; the analysis alone left it unknown)."""
    path = tmp_path / "first.c"
    path.write_text(ADDRESSES.replace("MEMBERS", "struct list_head bufs; int id;").replace(
        "BODY", "if ((void *) &d->bufs != (void *) d) reach_error(); free(d);"))
    [f] = verify_files([str(path)], VerifyOptions(("unreach-call",), concrete=True))
    assert [p.verdict for p in f.properties] == ["true"], f.properties


def test_concrete_runs_embed_through_a_head_held_apart(tmp_path):
    """Every concrete run of the translation (the head's cell made with its device, freed with it,
    mhead tested where an entry's field is read) over stores of up to 3 cells embeds."""
    from conftest import assert_embedded
    from tvla.cfront.lower import lower_file
    from tvla.cli.verify import write_translation
    path = tmp_path / "dev.c"
    path.write_text(DEVICE.replace("INIT", "h = &dev->bufs; h->next = h; h->prev = h;").replace(
        "BODY", "if (dev->bufs.next != &dev->bufs && entry(dev->bufs.next)->size != 3) reach_error();")
        .replace("FREE", "free(dev);"))
    _tr, tvp, tvs = write_translation(lower_file(str(path)), ("memsafety", "unreach-call"), str(tmp_path))
    assert_embedded(tvp, tvs, "--nodes", "3", "--runs", "20")
