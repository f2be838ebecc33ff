#!/usr/bin/env python3
"""Differential tester of `tvla verify` against the concrete ground truth (c_ground_truth.py).

Generates random small C heap programs in the subset tvla supports, with an emphasis on int
data (nondet values chosen once, copies, loads from cells, writes into cells, comparisons
with constants and with cells' data, swaps, narrow field types), runs `tvla verify` on each
(its own process, ``--timeout 30 --json``) and the ground truth (gcc + ASan/LSan/UBSan over
many nondet seeds and bounded exhaustive scripts, valgrind cross-check), and reports every
disagreement:

* WRONG TRUE: tvla says ``true`` but a concrete run violates the property (the worst);
* SUSPECT FALSE: tvla says ``false`` but no concrete run shows it (check the witness by
  hand: maybe the random runs missed it; rerun the ground truth with more runs or a
  ``GT_SCRIPT`` of nondet values matching the witness);
* unknowns are counted, not errors.

Each program is a pure function of (seed, id) and of the generator's version (a change of
the generator changes the programs of every seed: replay with the commit a campaign ran).
Nondet values of the ground truth are small (-5..9, exhaustive 0..2): a verdict that
depends on a type's bounds (INT_MAX, 255) is to be settled by hand. Usage, from anywhere (run with the project's
python; the tvla imported is the one of this checkout):

    cd /tmp && PYTHONPATH=/path/to/repo nice -n 19 python /path/to/repo/scripts/diff_c.py \\
        campaign --seed 1 --n 30 --out /tmp/diff1      # writes p0000.c ..., results.tsv, summary
    python scripts/diff_c.py replay --seed 1 7            # print program 7 of seed 1
    python scripts/diff_c.py replay --seed 1 7 --check    # ... and run both tools on it
    python scripts/diff_c.py check small.c ...            # both tools on hand-written files

The campaign's results: ``DIR/results.tsv`` (id, property, tvla verdict, ground truth, class)
and ``DIR/summary.txt`` (the table printed at the end).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import SimpleNamespace

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import c_ground_truth as gt  # noqa: E402

PROPS = ("memsafety", "memcleanup", "unreach-call")
NARROW = ("short", "unsigned char", "_Bool", "long", "unsigned int")
CMPS = ("<", "<=", "==", "!=", ">", ">=")
NONDET_NARROW = ("__VERIFIER_nondet_uchar()", "__VERIFIER_nondet_short()", "__VERIFIER_nondet_bool()")


# ---------------------------------------------------------------- generator

@dataclass
class Gen:
    """State of one program being generated."""
    r: random.Random
    etype: str | None            # type of the second int field `e`, None when absent
    dll: bool                    # a `prev` field, kept as a back pointer
    helpers: dict = field(default_factory=dict)   # name -> C text
    body: list = field(default_factory=list)
    ints: list = field(default_factory=list)      # int variables holding a value here
    has_x: bool = False
    bug: bool = False
    # int cells (drawn for some programs only; see gen_cells)
    cells: dict = field(default_factory=dict)     # int * variable -> C type of the cell it holds now
    group: dict = field(default_factory=dict)     # int * variable -> the variable whose cell it shares
    pinned: set = field(default_factory=set)      # cells the list's `val` fields share: never freed early
    globals_: list = field(default_factory=list)  # file-scope declarations
    decls: list = field(default_factory=list)     # extra declarations of main
    val: str | None = None       # C type of the cells of the field `val` of list cells, None when absent
    valmode: str = ""            # own (each cell its own int cell), shared (all point to `shared`), opt (maybe NULL)
    shared: str = ""             # the int * variable the cells share in valmode shared

    def emit(self, line: str, ind: int = 1) -> None:
        self.body.append("    " * ind + line)

    def const(self) -> str:
        return str(self.r.choice((0, 1, 1, 2, 2, 3, 3, 5, -1)))

    def value(self, in_loop: bool = False) -> str:
        """An int value to write into a cell."""
        opts = ["__VERIFIER_nondet_int()", self.const(), self.const()]
        if self.r.random() < 0.15:
            opts.append(self.r.choice(NONDET_NARROW))
        opts += self.ints * 2
        if in_loop and "i" in self.ints:
            opts.append("i")
        return self.r.choice(opts)

    def rhs(self) -> str:
        """Something to compare a datum with (sometimes a type's bound: 255, INT_MAX)."""
        if self.r.random() < 0.08:
            return self.r.choice(("255", "256", "32767", "2147483647", "-2147483648"))
        return self.r.choice([self.const(), self.const()] + self.ints)

    def field(self) -> str:
        return "e" if self.etype and self.r.random() < 0.35 else "d"


def gen_struct(g: Gen) -> str:
    fields = ["    struct node *next;"]
    if g.dll:
        fields.append("    struct node *prev;")
    fields.append("    int d;")
    if g.etype:
        fields.append(f"    {g.etype} e;")
    if g.val:
        fields.append(f"    {g.val} *val;")
    return "struct node {\n" + "\n".join(fields) + "\n};\n"


def gen_scalars(g: Gen) -> None:
    r = g.r
    if r.random() < 0.7:
        g.emit(f"int x = {r.choice(NONDET_NARROW) if r.random() < 0.3 else '__VERIFIER_nondet_int()'};")
        g.ints.append("x")
        g.has_x = True
        k = r.random()
        if k < 0.25:
            g.emit(f"__VERIFIER_assume(x >= 0);")
        elif k < 0.45:
            lo = r.choice((0, 1))
            g.emit(f"__VERIFIER_assume(x > {lo});")
            g.emit(f"__VERIFIER_assume(x < {lo + r.choice((2, 3, 4))});")
        if r.random() < 0.4:
            g.emit("int y = x;")
            g.ints.append("y")
    if r.random() < 0.3:
        g.emit(f"int k = {r.choice((1, 2, 3))};")
        g.ints.append("k")


def helper_mk(g: Gen) -> None:
    extra = "    r->prev = NULL;\n    if (n != NULL)\n        n->prev = r;\n" if g.dll else ""
    e = f"    r->e = {g.r.choice(('v', '1', '0'))};\n" if g.etype else ""
    if g.val:
        e += "".join(ln + "\n" for ln in val_init(g, "r", "v", 1))
    g.helpers["mk"] = ("struct node *mk(int v, struct node *n)\n{\n"
                       "    struct node *r = malloc(sizeof(struct node));\n"
                       f"    r->d = v;\n{e}    r->next = n;\n{extra}    return r;\n}}\n")


def gen_build(g: Gen) -> None:
    """Build list `l` (maybe empty)."""
    r = g.r
    kind = r.choice(("nondet", "nondet", "count", "pair"))
    use_mk = r.random() < 0.3
    if g.valmode == "shared" and g.shared != "cg":
        use_mk = False   # mk cannot see main's local that the cells share
    if kind == "count":
        n = r.choice((1, 2, 3, 4))
        g.emit(f"for (i = 0; i < {n}; i++) {{")
        g.ints.append("i")
    elif kind == "nondet":
        g.emit("while (__VERIFIER_nondet_int()) {")
    if kind == "pair":
        for name in ("b", "a"):
            data = g.value()
            if use_mk:
                helper_mk(g)
                g.emit(f"l = mk({data}, l);")
            else:
                gen_cell(g, data, 1)
        return
    data = g.value(in_loop=True)
    if use_mk:
        helper_mk(g)
        g.emit(f"l = mk({data}, l);", 2)
    else:
        gen_cell(g, data, 2)
    g.emit("}")
    if "i" in g.ints:
        g.ints.remove("i")


def gen_cell(g: Gen, data: str, ind: int) -> None:
    g.emit("p = malloc(sizeof(struct node));", ind)
    g.emit(f"p->d = {data};", ind)
    if g.etype:
        g.emit(f"p->e = {g.r.choice((data, g.value(), '1', '0'))};", ind)
    if g.val:
        for ln in val_init(g, "p", data, 0):
            g.emit(ln, ind)
    g.emit("p->next = l;", ind)
    if g.dll:
        g.emit("p->prev = NULL;", ind)
        g.emit("if (l != NULL)", ind)
        g.emit("l->prev = p;", ind + 1)
    g.emit("l = p;", ind)


def guard(g: Gen, two: bool = False) -> str:
    """A guard making l (and l->next) non-NULL; sometimes dropped on purpose (a bug)."""
    if g.r.random() < 0.06:
        g.bug = True
        return "1"
    return "l != NULL && l->next != NULL" if two else "l != NULL"


def op_load(g: Gen) -> None:
    f = g.field()
    if "v" not in g.ints:
        g.emit(f"v = {g.const()};")
        g.ints.append("v")
    if g.r.random() < 0.3:
        g.helpers["get"] = f"int get(struct node *p)\n{{\n    return p->{f};\n}}\n"
        g.emit(f"if ({guard(g)})")
        g.emit("v = get(l);", 2)
    else:
        g.emit(f"if ({guard(g)})")
        g.emit(f"v = l->{f};", 2)


def op_store(g: Gen) -> None:
    f = g.field()
    val = g.value()
    if g.r.random() < 0.3:
        g.helpers["set"] = f"void set(struct node *p, int v)\n{{\n    p->{f} = v;\n}}\n"
        g.emit(f"if ({guard(g)})")
        g.emit(f"set(l, {val});", 2)
    else:
        g.emit(f"if ({guard(g)})")
        g.emit(f"l->{f} = {val};", 2)


def op_copy(g: Gen) -> None:
    r = g.r
    if g.etype and r.random() < 0.4:
        a, b = r.choice((("e", "d"), ("d", "e")))
        g.emit(f"if ({guard(g)})")
        g.emit(f"l->{a} = l->{b};", 2)
        return
    g.emit(f"if ({guard(g, True)}) {{")
    g.emit("q = l->next;", 2)
    if r.random() < 0.5:
        g.emit(f"q->{g.field()} = l->{g.field()};", 2)
    else:
        g.emit(f"l->{g.field()} = q->{g.field()};", 2)
    g.emit("}")


def op_swap(g: Gen) -> None:
    f = g.field()
    g.emit(f"if ({guard(g, True)}) {{")
    g.emit("q = l->next;", 2)
    g.emit(f"t = l->{f};", 2)
    g.emit(f"l->{f} = q->{f};", 2)
    g.emit(f"q->{f} = t;", 2)
    g.emit("}")


def op_walk_check(g: Gen) -> None:
    f = g.field()
    g.emit("for (p = l; p != NULL; p = p->next)")
    g.emit(f"if (p->{f} {g.r.choice(CMPS)} {g.rhs()})", 2)
    g.emit("reach_error();", 3)


def op_walk_update(g: Gen) -> None:
    f = g.field()
    c = g.const()
    g.emit("for (p = l; p != NULL; p = p->next)")
    if g.r.random() < 0.5:
        g.emit(f"if (p->{f} {g.r.choice(CMPS)} {c})", 2)
        g.emit(f"p->{f} = {g.r.choice((c, g.value()))};", 3)
    else:
        g.emit(f"p->{f} = {g.value()};", 2)


def op_max(g: Gen) -> None:
    cmp = g.r.choice((">", "<"))
    g.emit("if (l != NULL) {")
    g.emit("v = l->d;", 2)
    g.emit("for (p = l->next; p != NULL; p = p->next)", 2)
    g.emit(f"if (p->d {cmp} v)", 3)
    g.emit("v = p->d;", 4)
    g.emit("for (p = l; p != NULL; p = p->next)", 2)
    g.emit(f"if (p->d {g.r.choice((cmp, cmp, '=='))} v)", 3)
    g.emit("reach_error();", 4)
    g.emit("}")
    if "v" not in g.ints:
        g.emit("v = 0;", 1)
        g.ints.append("v")


def op_check(g: Gen) -> None:
    r = g.r
    if r.random() < 0.4:
        f = g.field()
        f2 = g.field() if r.random() < 0.3 else f
        g.emit(f"if (l != NULL && l->next != NULL && l->{f} {r.choice(CMPS)} l->next->{f2})")
    else:
        g.emit(f"if (l != NULL && l->{g.field()} {r.choice(CMPS)} {g.rhs()})")
    g.emit("reach_error();", 2)


def op_var_check(g: Gen) -> None:
    r = g.r
    if len(g.ints) < 1:
        return op_check(g)
    a = r.choice(g.ints)
    g.emit(f"if ({a} {r.choice(CMPS)} {r.choice(g.ints + [g.const()])})")
    g.emit("reach_error();", 2)


def op_assume(g: Gen) -> None:
    g.emit(f"if (l != NULL)")
    g.emit(f"__VERIFIER_assume(l->{g.field()} {g.r.choice(CMPS)} {g.rhs()});", 2)


def op_pop(g: Gen) -> None:
    r = g.r
    g.emit("if (l != NULL) {")
    g.emit("q = l;", 2)
    g.emit("l = l->next;", 2)
    if g.dll:
        g.emit("if (l != NULL)", 2)
        g.emit("l->prev = NULL;", 3)
    k = r.random()
    if k < 0.08:
        g.bug = True     # leak
    elif k < 0.16:
        g.bug = True     # use after free
        free_val(g, "q", 2)
        g.emit("free(q);", 2)
        g.emit(f"if (q->d {r.choice(CMPS)} {g.const()})", 2)
        g.emit("reach_error();", 3)
    else:
        if r.random() < 0.4:
            g.emit(f"if (q->{g.field()} {r.choice(CMPS)} {g.rhs()})", 2)
            g.emit("reach_error();", 3)
        free_val(g, "q", 2)
        g.emit("free(q);", 2)
    g.emit("}")


def op_insert(g: Gen) -> None:
    """A new cell after the first one."""
    g.emit("if (l != NULL) {")
    g.emit("q = malloc(sizeof(struct node));", 2)
    g.emit(f"q->d = {g.value()};", 2)
    if g.etype:
        g.emit(f"q->e = {g.value()};", 2)
    if g.val:
        for ln in val_init(g, "q", g.value(), 0):
            g.emit(ln, 2)
    g.emit("q->next = l->next;", 2)
    if g.dll:
        g.emit("q->prev = l;", 2)
        g.emit("if (l->next != NULL)", 2)
        g.emit("l->next->prev = q;", 3)
    g.emit("l->next = q;", 2)
    g.emit("}")


def op_count(g: Gen) -> None:
    """A counter with a small constant bound along the list."""
    c = g.r.choice((2, 3))
    g.emit("i = 0;")
    g.emit(f"for (p = l; p != NULL && i < {c}; p = p->next)")
    g.emit("i++;", 2)
    g.emit(f"if (i {g.r.choice(CMPS)} {g.r.choice((0, 1, c, c + 1))})")
    g.emit("reach_error();", 2)


def op_ternary(g: Gen) -> None:
    f = g.field()
    g.emit(f"if (l != NULL)")
    g.emit(f"l->{f} = __VERIFIER_nondet_int() ? {g.const()} : {g.value()};", 2)


def op_reload(g: Gen) -> None:
    """Load a datum, write it back elsewhere, compare."""
    f = g.field()
    if "v" not in g.ints:
        g.ints.append("v")
    g.emit(f"if ({guard(g, True)}) {{")
    g.emit(f"v = l->{f};", 2)
    g.emit(f"l->next->{g.field()} = v;", 2)
    g.emit(f"if (l->next->{g.field()} {g.r.choice(CMPS)} {g.r.choice(('v', 'l->' + f))})", 2)
    g.emit("reach_error();", 3)
    g.emit("} else {")
    g.emit("v = 0;", 2)
    g.emit("}")


def op_search(g: Gen) -> None:
    """Search the first cell whose datum is (not) some value; check or delete it."""
    r = g.r
    f = g.field()
    cmp = r.choice(("!=", "==", "<", ">="))
    val = g.rhs()
    g.emit("q = NULL;")
    g.emit("p = l;")
    g.emit(f"while (p != NULL && p->{f} {cmp} {val}) {{")
    g.emit("q = p;", 2)
    g.emit("p = p->next;", 2)
    g.emit("}")
    if r.random() < 0.4:
        g.emit(f"if (p != NULL && p->{f} {r.choice((cmp, cmp, '==', '!='))} {r.choice((val, g.rhs()))})")
        g.emit("reach_error();", 2)
        return
    g.emit("if (p != NULL) {")
    g.emit("if (q == NULL)", 2)
    g.emit("l = p->next;", 3)
    g.emit("else", 2)
    g.emit("q->next = p->next;", 3)
    if g.dll:
        g.emit("if (p->next != NULL)", 2)
        g.emit("p->next->prev = q;", 3)
    if r.random() < 0.1:
        g.bug = True
        g.emit(f"if (p->{f} {r.choice(CMPS)} {g.rhs()})", 2)
        free_val(g, "p", 3)
        g.emit("free(p);", 3)
    else:
        free_val(g, "p", 2)
        g.emit("free(p);", 2)
    g.emit("}")


def op_flag(g: Gen) -> None:
    """A nondet flag deciding what the walk writes."""
    f = g.field()
    g.emit("t = __VERIFIER_nondet_int();")
    g.emit("for (p = l; p != NULL; p = p->next)")
    g.emit(f"p->{f} = t ? {g.const()} : {g.const()};", 2)


OPS = [(op_load, 3), (op_store, 3), (op_copy, 2), (op_swap, 2), (op_walk_check, 3), (op_walk_update, 2),
       (op_max, 1), (op_check, 3), (op_var_check, 1), (op_assume, 1), (op_pop, 2), (op_insert, 1),
       (op_count, 1), (op_ternary, 1), (op_reload, 2),
       (op_search, 2), (op_flag, 1)]


def gen_cleanup(g: Gen) -> None:
    r = g.r
    k = r.random()
    if k < 0.07:
        g.bug = True             # no free at all
    elif k < 0.12:
        g.bug = True             # lose the list
        g.emit("l = NULL;")
    elif k < 0.17:
        g.bug = True             # use after free in the loop
        g.emit("while (l != NULL) {")
        free_val(g, "l", 2)
        g.emit("free(l);", 2)
        g.emit("l = l->next;", 2)
        g.emit("}")
    elif k < 0.22:
        g.bug = True             # double free of the head
        g.emit("if (l != NULL)")
        g.emit("free(l);", 2)
        free_loop(g)
    elif k < 0.27:
        g.bug = True             # free the head only
        if g.val and g.r.random() < 0.5:
            g.emit("if (l != NULL)")
            free_val(g, "l", 2)
        g.emit("free(l);")
    elif k < 0.45:
        fv = ""
        if g.val and g.valmode != "shared":
            fv = "        free(p->val);\n" if g.r.random() > 0.08 else ""
            g.bug |= not fv
        g.helpers["destroy"] = ("void destroy(struct node *l)\n{\n    struct node *p;\n"
                                "    while (l != NULL) {\n        p = l;\n        l = l->next;\n"
                                f"{fv}        free(p);\n    }}\n}}\n")
        g.emit("destroy(l);")
    else:
        free_loop(g)


def free_loop(g: Gen) -> None:
    g.emit("while (l != NULL) {")
    g.emit("p = l;", 2)
    g.emit("l = l->next;", 2)
    free_val(g, "p", 2)
    g.emit("free(p);", 2)
    g.emit("}")


# ---------------------------------------------------------------- int cells

# Heap cells of one integer (`int *c = malloc(sizeof(int)); *c = 1;`), drawn for some programs only
# (CELL_P; the others are generated as before, from the same random stream): int * variables
# (locals ca, cb, a global cg) holding a cell or sharing another's, an `int *val` field of the list
# cells (each its own cell, all one shared cell, or maybe NULL), `int *make(int v)` returning a cell
# (or NULL for v < 0), `void seti(int *p, int v)` given both &x and a cell, narrow cells (_Bool,
# unsigned char, short), and their bugs (leak, lost cell, double free, use after free, NULL cell).
CELL_P = 0.6
CELL_TYPES = ("int", "int", "int", "int", "int", "_Bool", "unsigned char", "short", "unsigned int")


def cell_value(g: Gen, t: str) -> str:
    """A value to write into a cell of type t (sometimes one a narrow type wraps, or one an int
    cell holds that a cast to a narrow type changes)."""
    if t in ("unsigned char", "_Bool", "short") and g.r.random() < 0.15:
        return g.r.choice(("255", "256", "-1", "2", "65536"))
    if t in ("int", "unsigned int") and g.r.random() < 0.06:
        return g.r.choice(("256", "300", "-1", "65536"))
    return g.value()


def deref(g: Gen, c: str) -> str:
    """`*c` written one of C's ways."""
    return g.r.choice((f"*{c}", f"*{c}", f"{c}[0]", f"(*{c})"))


def alloc(g: Gen, dst: str, t: str, value: str | None = None) -> list:
    """Lines allocating a cell of type t into dst and initialising it (to value, when given)."""
    r = g.r
    k = r.random()
    val = value if value is not None else cell_value(g, t)
    if t == "int" and k < 0.2:
        make_helper(g)
        return [f"{dst} = make({val});"]
    if k < 0.45:
        return [f"{dst} = calloc(1, sizeof({t}));"] + ([f"*{dst} = {val};"] if r.random() < 0.4 else [])
    if k < 0.53:
        g.helpers["xmalloc"] = "void *xmalloc(unsigned long n)\n{\n    return malloc(n);\n}\n"
        return [f"{dst} = xmalloc(sizeof({t}));", f"{deref(g, dst)} = {val};"]
    size = f"sizeof *{dst}" if r.random() < 0.4 else f"sizeof({t})"
    return [f"{dst} = malloc({size});", f"{deref(g, dst)} = {val};"]


def make_helper(g: Gen) -> None:
    if "make" in g.helpers:
        return
    null = "    if (v < 0)\n        return NULL;\n" if g.r.random() < 0.25 else ""
    g.helpers["make"] = (f"int *make(int v)\n{{\n{null}    int *r = malloc(sizeof(int));\n"
                         "    *r = v;\n    return r;\n}\n")


def seti_helper(g: Gen) -> None:
    g.helpers.setdefault("seti", "void seti(int *p, int v)\n{\n    *p = v;\n}\n")


def val_init(g: Gen, n: str, data: str, ind: int) -> list:
    """Lines giving list cell n its `val` (one line each, indented by ind levels)."""
    pad = "    " * ind
    t = g.val
    if g.valmode == "shared":
        return [f"{pad}{n}->val = {g.shared};"]
    value = data if g.r.random() < 0.5 else g.r.choice((g.const(), data))   # no local of main in mk
    if g.valmode == "opt":
        lines = [f"{n}->val = NULL;", "if (__VERIFIER_nondet_int()) {"]
        lines += ["    " + ln for ln in alloc(g, f"{n}->val", t, value)]
        lines.append("}")
        return [pad + ln for ln in lines]
    return [pad + ln for ln in alloc(g, f"{n}->val", t, value)]


def free_val(g: Gen, n: str, ind: int) -> None:
    """Free list cell n's `val` before n (own / opt modes; now and then forgotten: a leak)."""
    if not g.val or g.valmode == "shared":
        return
    if g.r.random() < 0.06:
        g.bug = True
        return
    g.emit(f"free({n}->val);", ind)


def live(g: Gen, t: str | None = None) -> list:
    return [c for c, ct in g.cells.items() if t is None or ct == t]


def gen_cells(g: Gen) -> None:
    """Declare and allocate the int * variables, choose the `val` field."""
    r = g.r
    names = r.sample(("ca", "cb", "cg"), r.choice((1, 1, 2, 2, 3)))
    for c in sorted(names):
        t = r.choice(CELL_TYPES)
        if c == "cg":
            g.globals_.append(f"{t} *cg;")
        else:
            g.decls.append(f"{t} *{c};")
        g.cells[c] = t
    for c in sorted(names):
        same = [o for o in live(g, g.cells[c]) if o < c and g.group[o] == o]
        if same and r.random() < 0.25:
            g.emit(f"{c} = {same[0]};")      # shares the cell of another variable
            g.group[c] = same[0]
            continue
        g.group[c] = c
        for ln in alloc(g, c, g.cells[c]):
            g.emit(ln)
    if r.random() < 0.5:
        g.valmode = r.choice(("own", "own", "shared", "opt"))
        if g.valmode == "shared":
            g.shared = r.choice(sorted(g.cells))
            g.val = g.cells[g.shared]
            g.pinned.add(g.group[g.shared])
        else:
            g.val = r.choice(CELL_TYPES)


def cell_target(g: Gen) -> tuple:
    c = g.r.choice(sorted(g.cells))
    return c, g.cells[c]


def op_cell_store(g: Gen) -> None:
    if not g.cells:
        return
    c, t = cell_target(g)
    k = g.r.random()
    if k < 0.15 and t == "int":
        seti_helper(g)
        g.emit(f"seti({c}, {cell_value(g, t)});")
    elif k < 0.3:
        g.emit(g.r.choice((f"(*{c})++;", f"(*{c})--;", f"{c}[0]++;", f"++*{c};")))
    elif k < 0.4 and len(g.cells) > 1:
        o = g.r.choice([x for x in g.cells if x != c])
        g.emit(f"{deref(g, c)} = {deref(g, o)};")
    elif k < 0.5:
        g.emit(f"if ({deref(g, c)} {g.r.choice(CMPS)} {g.const()})")
        g.emit(f"{deref(g, c)} = {cell_value(g, t)};", 2)
    else:
        g.emit(f"{deref(g, c)} = {cell_value(g, t)};")


def op_cell_load(g: Gen) -> None:
    if not g.cells:
        return
    c, _ = cell_target(g)
    g.emit(f"w = {deref(g, c)};")
    if "w" not in g.ints:
        g.ints.append("w")
    if g.r.random() < 0.4:
        g.emit(f"if (w {g.r.choice(CMPS)} {g.rhs()})")
        g.emit("reach_error();", 2)


def op_cell_check(g: Gen) -> None:
    if not g.cells:
        return
    r = g.r
    c, _ = cell_target(g)
    k = r.random()
    if k < 0.2 and len(g.cells) > 1:
        o = r.choice([x for x in g.cells if x != c])
        cond = f"{deref(g, c)} {r.choice(CMPS)} {deref(g, o)}"
    elif k < 0.35:
        cond = r.choice((f"*{c}", f"!*{c}", f"{c}[0]"))
    elif k < 0.5:   # through an explicit cast, narrowing or not (C compares the converted value)
        cast = r.choice(("unsigned char", "short", "_Bool", "int", "long", "unsigned int"))
        cond = f"({cast}){deref(g, c)} {r.choice(CMPS)} {r.choice((g.rhs(), '255', '44', '-1', '0'))}"
    else:
        cond = f"{deref(g, c)} {r.choice(CMPS)} {g.rhs()}"
    g.emit(f"if ({cond})")
    g.emit("reach_error();", 2)


def op_cell_assume(g: Gen) -> None:
    if not g.cells:
        return
    c, _ = cell_target(g)
    g.emit(f"__VERIFIER_assume({deref(g, c)} {g.r.choice(CMPS)} {g.rhs()});")


def op_cell_list(g: Gen) -> None:
    """Data between the cells and the list."""
    if not g.cells:
        return
    r = g.r
    c, t = cell_target(g)
    k = r.random()
    if k < 0.3:
        g.emit("if (l != NULL)")
        g.emit(f"l->{g.field()} = {deref(g, c)};", 2)
    elif k < 0.55:
        g.emit("if (l != NULL)")
        g.emit(f"{deref(g, c)} = l->{g.field()};", 2)
    elif k < 0.8:
        g.emit("for (p = l; p != NULL; p = p->next)")
        g.emit(f"if (p->{g.field()} {r.choice(CMPS)} {deref(g, c)})", 2)
        g.emit("reach_error();", 3)
    else:
        g.emit("for (p = l; p != NULL; p = p->next)")
        g.emit(f"p->{g.field()} = {deref(g, c)};", 2)


def op_cell_outparam(g: Gen) -> None:
    """seti given the address of an int local (x or w) and, maybe, an int cell."""
    r = g.r
    seti_helper(g)
    var = "x" if g.has_x and r.random() < 0.6 else "w"
    val = cell_value(g, "int")
    g.emit(f"seti(&{var}, {val});")
    if var not in g.ints:
        g.ints.append(var)
    ints = live(g, "int")
    if ints and r.random() < 0.6:
        c = r.choice(ints)
        g.emit(f"seti({c}, {var});")
        g.emit(f"if ({deref(g, c)} {r.choice(CMPS)} {r.choice((var, val, g.const()))})")
        g.emit("reach_error();", 2)
    elif r.random() < 0.5:
        g.emit(f"if ({var} {r.choice(CMPS)} {r.choice((val, g.const()))})")
        g.emit("reach_error();", 2)


def op_cell_swap(g: Gen) -> None:
    if len(g.cells) < 2:
        return op_cell_store(g)
    r = g.r
    a, b = r.sample(sorted(g.cells), 2)
    if r.random() < 0.5:
        g.emit(f"if ({deref(g, a)} {r.choice(('>', '<'))} {deref(g, b)}) {{")
    else:
        g.emit("{")
    g.emit(f"t = *{a};", 2)
    g.emit(f"*{a} = *{b};", 2)
    g.emit(f"*{b} = t;", 2)
    g.emit("}")
    if r.random() < 0.6:
        g.emit(f"if ({deref(g, a)} {r.choice(CMPS)} {deref(g, b)})")
        g.emit("reach_error();", 2)


def op_cell_realloc(g: Gen) -> None:
    """Free a cell and allocate another; now and then a bug (leak, use after free, NULL)."""
    free_ok = [c for c in g.cells if g.group[c] == c and c not in g.pinned
               and not any(o != c and g.group[o] == c for o in g.cells)]
    if not free_ok:
        return op_cell_store(g)
    r = g.r
    c = r.choice(sorted(free_ok))
    t = g.cells[c]
    k = r.random()
    if k < 0.1:
        g.bug = True                       # the old cell is lost
    elif k < 0.2:
        g.bug = True                       # use after free, the cell stays freed
        g.emit(f"free({c});")
        g.emit(f"if ({deref(g, c)} {r.choice(CMPS)} {g.const()})")
        g.emit("reach_error();", 2)
        del g.cells[c]
        return
    elif k < 0.26:
        g.bug = True                       # NULL cell dereferenced
        g.emit(f"free({c});")
        g.emit(f"{c} = NULL;")
        g.emit(f"{deref(g, c)} = 1;")
        del g.cells[c]
        return
    else:
        g.emit(f"free({c});")
        if r.random() < 0.3:
            g.emit(f"{c} = NULL;")
            g.emit(f"free({c});")
    for ln in alloc(g, c, t):
        g.emit(ln)


def op_val_walk(g: Gen) -> None:
    if not g.val:
        return op_walk_check(g)
    r = g.r
    guard_ = "p->val != NULL && " if g.valmode == "opt" and r.random() < 0.85 else ""
    d = r.choice(("*p->val", "*(p->val)", "p->val[0]"))
    g.emit("for (p = l; p != NULL; p = p->next)")
    k = r.random()
    if k < 0.45:
        g.emit(f"if ({guard_}{d} {r.choice(CMPS)} {r.choice((g.rhs(), 'p->d'))})", 2)
        g.emit("reach_error();", 3)
    elif k < 0.7:
        if guard_:
            g.emit(f"if ({guard_[:-4]})", 2)
        g.emit(f"{d} = {cell_value(g, g.val)};", 3 if guard_ else 2)
    elif k < 0.85:
        if guard_:
            g.emit(f"if ({guard_[:-4]})", 2)
        g.emit(r.choice(("(*p->val)++;", "p->d = *p->val;", "*p->val = p->d;")), 3 if guard_ else 2)
    else:
        g.emit(f"if ({guard_}p->next != NULL && {d} {r.choice(CMPS)} *p->next->val)", 2)
        g.emit("reach_error();", 3)


def op_val_head(g: Gen) -> None:
    """The val of the first cells: stores, loads, copies, checks, seti, pointer swap."""
    if not g.val:
        return op_store(g)
    r = g.r
    nn = "" if g.valmode != "opt" or r.random() < 0.15 else " && l->val != NULL"
    k = r.random()
    if k < 0.2:
        g.emit(f"if (l != NULL{nn})")
        if g.val == "int" and r.random() < 0.4:
            seti_helper(g)
            g.emit(f"seti(l->val, {cell_value(g, g.val)});", 2)
        else:
            g.emit(f"{r.choice(('*l->val', '*(l->val)', 'l->val[0]'))} = {cell_value(g, g.val)};", 2)
    elif k < 0.35:
        g.emit(f"if (l != NULL{nn}) {{")
        g.emit("w = *l->val;", 2)
        g.emit(f"if (w {r.choice(CMPS)} {r.choice((g.rhs(), 'l->d'))})", 2)
        g.emit("reach_error();", 3)
        g.emit("}")
    elif k < 0.55:
        nn2 = nn + (" && l->next->val != NULL" if nn else "")
        g.emit(f"if (l != NULL && l->next != NULL{nn2}) {{")
        g.emit(r.choice(("*l->val = *l->next->val;", "*l->next->val = *l->val;", "l->d = *l->next->val;",
                         "*l->next->val = l->d;")), 2)
        g.emit(f"if (*l->val {r.choice(CMPS)} *l->next->val)", 2)
        g.emit("reach_error();", 3)
        g.emit("}")
    elif k < 0.75 and g.valmode != "shared":
        g.emit("if (l != NULL && l->next != NULL) {")   # swap the pointers
        g.emit("pv = l->val;", 2)
        g.emit("l->val = l->next->val;", 2)
        g.emit("l->next->val = pv;", 2)
        g.emit("}")
    elif k < 0.85 and g.valmode != "shared":
        g.bug = True                       # the val of the head freed, used or freed again later
        g.emit("if (l != NULL)")
        g.emit("free(l->val);", 2)
    elif k < 0.92 and g.valmode != "shared" and g.cells and g.val in g.cells.values():
        c = r.choice(live(g, g.val))       # two list cells share a val: the other's is lost, then a double free
        g.bug = True
        g.emit("if (l != NULL && l->next != NULL)")
        g.emit("l->val = l->next->val;", 2)
    else:
        g.emit(f"if (l != NULL{nn} && *l->val {r.choice(CMPS)} {g.rhs()})")
        g.emit("reach_error();", 2)


CELL_OPS = [(op_cell_store, 3), (op_cell_load, 2), (op_cell_check, 3), (op_cell_assume, 1), (op_cell_list, 2),
            (op_cell_outparam, 1), (op_cell_swap, 1), (op_cell_realloc, 1)]
VAL_OPS = [(op_val_walk, 4), (op_val_head, 4)]


def gen_cell_cleanup(g: Gen) -> None:
    """Free each cell once; now and then a leak, a lost cell, a double free."""
    r = g.r
    heads = sorted({g.group[c] for c in g.cells if g.group[c] in g.cells}
                   | {c for c in g.cells if g.group[c] not in g.cells})
    for c in heads:
        k = r.random()
        if k < 0.06:
            g.bug = True                   # never freed
        elif k < 0.1:
            g.bug = True                   # lost before the end
            g.emit(f"{c} = NULL;")
        elif k < 0.15:
            g.bug = True                   # double free (of an alias, when there is one)
            others = [o for o in g.cells if o != c and g.group[o] == c]
            g.emit(f"free({c});")
            g.emit(f"free({others[0] if others else c});")
        else:
            if r.random() < 0.15:
                g.helpers["xfree"] = "void xfree(void *p)\n{\n    free(p);\n}\n"
                g.emit(f"xfree({c});")
            else:
                g.emit(f"free({c});")
            if r.random() < 0.1:
                g.emit(f"{c} = NULL;")
                g.emit(f"free({c});")


BUCKET_P = 0.25   # programs over an array of lists indexed by variables (their own generator)


def generate_buckets(seed: int, ident: int) -> str:
    """A program over `bk`, an array of K lists indexed by variables (a hash table): cells pushed
    into a bucket chosen by a nondet index kept in range (or, a bug, one past it), checks of the
    bucket each cell names, pops and moves between buckets, and a cleanup loop over the buckets
    (or, a bug, all but the last, or a pop without a NULL check)."""
    r = random.Random(f"diff_c_buckets_gen:{seed}:{ident}")
    k = r.choice((2, 3, 4))
    bug = {"oob": r.random() < 0.12, "leak": r.random() < 0.12, "pop": r.random() < 0.1, "tag": r.random() < 0.1}
    local = r.random() < 0.5
    body = []
    if local or r.random() < 0.5:
        body.append(f"    for (i = 0; i < {k}; i++) bk[i] = NULL;")
    tag = r.choice(("b", "b", "b", "0", "__VERIFIER_nondet_int()"))
    upper = k if bug["oob"] else k - 1
    pick = r.choice((f"if (b < 0 || b > {upper}) b = 0;", f"__VERIFIER_assume(b >= 0 && b <= {upper});"))
    body += ["    while (__VERIFIER_nondet_int()) {", "        b = __VERIFIER_nondet_int();", f"        {pick}",
             "        p = malloc(sizeof(struct node));", f"        p->d = {tag};",
             "        p->next = bk[b];", "        bk[b] = p;"]
    if bug["tag"]:
        body.append(f"        if (b == {k - 1} && __VERIFIER_nondet_int()) p->d = {k};")
    body.append("    }")
    for _ in range(r.randint(1, 3)):
        op = r.choice(("check", "pop", "move", "count"))
        j = r.randrange(k)
        if op == "check" and tag == "b":
            body += [f"    for (i = 0; i < {k}; i++)", "        for (p = bk[i]; p != NULL; p = p->next)",
                     "            if (p->d != i) reach_error();"]
        elif op == "pop":
            test = "" if bug["pop"] else f"if (bk[{j}] != NULL) "
            body += [f"    {test}{{ p = bk[{j}]; bk[{j}] = p->next; free(p); }}"]
        elif op == "move":
            c = r.randrange(k)
            body += ["    b = __VERIFIER_nondet_int();", f"    if (b < 0 || b > {k - 1}) b = {j};",
                     f"    if (bk[b] != NULL) {{ p = bk[b]; bk[b] = p->next; p->next = bk[{c}]; bk[{c}] = p; }}"]
        else:
            body += ["    n = 0;", f"    for (p = bk[{j}]; p != NULL; p = p->next) n++;", "    if (n < 0) reach_error();"]
    last = k - 1 if bug["leak"] else k
    body += [f"    for (i = 0; i < {last}; i++)", "        while (bk[i] != NULL) { p = bk[i]; bk[i] = p->next; free(p); }",
             "    return 0;"]
    table = f"struct node *bk[{k}];"
    decl = ["    int i, b, n;", "    struct node *p;"] + ([f"    {table}"] if local else [])
    return (f"/* diff_c seed={seed} id={ident} buckets bug={int(any(bug.values()))} */\n#include <stdlib.h>\n"
            "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n"
            "extern void reach_error(void);\n\nstruct node {\n    struct node *next;\n    int d;\n};\n\n"
            + ("" if local else table + "\n\n") + "int main(void)\n{\n" + "\n".join(decl + body) + "\n}\n")


def generate(seed: int, ident: int) -> str:
    """The C text of program `ident` of campaign `seed`."""
    if random.Random(f"diff_c_buckets:{seed}:{ident}").random() < BUCKET_P:
        return generate_buckets(seed, ident)
    r = random.Random(f"diff_c:{seed}:{ident}")
    cells = random.Random(f"diff_c_cells:{seed}:{ident}").random() < CELL_P
    g = Gen(r=r, etype=r.choice(("int",) + NARROW) if r.random() < 0.5 else None, dll=r.random() < 0.2)
    gen_scalars(g)
    if cells:
        gen_cells(g)
    gen_build(g)
    ops = OPS + ([(f, 3 * w) for f, w in CELL_OPS + (VAL_OPS if g.val else [])] if cells else [])
    weights = [w for _, w in ops]
    for _ in range(r.randint(1, 4) if cells else r.randint(2, 5)):   # cells cost nodes: fewer steps
        r.choices([f for f, _ in ops], weights)[0](g)
    gen_cleanup(g)
    if cells:
        gen_cell_cleanup(g)
    g.emit("return 0;")
    decl = ["    struct node *l = NULL, *p, *q;", "    int i, v, t;"]
    if cells:
        decl.append("    int w = 0;")
        decl += ["    " + d for d in g.decls]
        if g.val:
            decl.append(f"    {g.val} *pv;")
    head = (f"/* diff_c seed={seed} id={ident} bug={int(g.bug)} */\n#include <stdlib.h>\n"
            "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n"
            "extern unsigned char __VERIFIER_nondet_uchar(void);\nextern short __VERIFIER_nondet_short(void);\n"
            "extern _Bool __VERIFIER_nondet_bool(void);\n"
            "extern void reach_error(void);\n\n")
    helpers = "\n".join(g.helpers[k] for k in ("xmalloc", "xfree", "make", "seti", "mk", "get", "set", "destroy") if k in g.helpers)
    glob = "".join(d + "\n" for d in g.globals_) + "\n" if g.globals_ else ""
    return (head + gen_struct(g) + "\n" + glob + (helpers + "\n" if helpers else "")
            + "int main(void)\n{\n" + "\n".join(decl + g.body) + "\n}\n")


# ---------------------------------------------------------------- running both tools

def run_tvla(path: str, timeout: int = 30) -> dict:
    """Per property: verdict string ('true', 'false(valid-deref)', 'false', 'unknown', 'error')."""
    js = os.path.join(os.path.dirname(path), os.path.basename(path) + ".json")
    if not os.path.realpath(path).startswith(os.path.realpath(tempfile.gettempdir())):
        js = os.path.join(tempfile.mkdtemp(prefix="diff_c_"), os.path.basename(path) + ".json")
    env = dict(os.environ, PYTHONPATH=ROOT)
    try:
        subprocess.run([sys.executable, "-m", "tvla", "verify", path, "--timeout", str(timeout), "--json", js],
                       cwd=tempfile.gettempdir(), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=timeout * 3)
        with open(js) as fh:
            res = json.load(fh)
    except (subprocess.TimeoutExpired, OSError, ValueError) as e:
        return {p: "error" for p in PROPS} | {"_why": repr(e)}
    if res.get("error"):
        return {p: "error" for p in PROPS} | {"_why": res["error"]}
    out = {}
    for prop in PROPS:
        pr = res["properties"].get(prop, {})
        v = pr.get("verdict", "error")
        if v == "false" and prop == "memsafety":
            v = f"false({pr.get('violated')})"
        out[prop] = v
    return out


def run_truth(path: str, runs: int, valgrind: int) -> dict:
    """Per property: 'true' or the violation, with the witnessing run in '_how'."""
    args = SimpleNamespace(runs=runs, exhaustive=150, depth=7, domain=[0, 1, 2], timeout=5.0,
                           valgrind=valgrind)
    _, res = gt.run_program(path, args)
    if "error" in res:
        return {p: "error" for p in PROPS} | {"_why": res["error"]}
    out, how = {}, {}
    for prop in PROPS:
        out[prop], how[prop] = res["found"].get(prop, ("true", ""))
        if "valgrind" in res:
            vt, vhow = res["valgrind"].get(prop, ("true", ""))
            if vt != out[prop]:
                how[prop] += f" [valgrind: {vt} {vhow}]"
    out["_how"] = how
    return out


def classify(tv: str, truth: str) -> str:
    if "error" in (tv, truth):
        return "error"
    if tv == "unknown":
        return "unknown"
    if tv == "true":
        return "agree-true" if truth == "true" else "WRONG-TRUE"
    if truth == "true":
        return "SUSPECT-FALSE"
    return "agree-false" if tv == truth else "agree-false(sub:" + truth + ")"


def check_one(seed: int, ident: int, out: str, runs: int, valgrind: int) -> list[tuple]:
    path = os.path.join(out, f"p{ident:04d}.c")
    with open(path, "w") as fh:
        fh.write(generate(seed, ident))
    return compare(path, ident, runs, valgrind)


def compare(path: str, ident, runs: int, valgrind: int) -> list[tuple]:
    """Both tools on one file: rows (id, property, tvla, truth, class, note)."""
    tv = run_tvla(path)
    truth = run_truth(path, runs, valgrind)
    rows = []
    for prop in PROPS:
        cls = classify(tv[prop], truth[prop])
        note = truth.get("_how", {}).get(prop, "") or tv.get("_why", "") or truth.get("_why", "")
        rows.append((ident, prop, tv[prop], truth[prop], cls, note))
    return rows


def summarize(rows: list[tuple]) -> str:
    cols = ["agree-true", "agree-false", "unknown", "WRONG-TRUE", "SUSPECT-FALSE", "other"]
    lines = [f"{'property':13s} " + " ".join(f"{c:>13s}" for c in cols)]
    for prop in PROPS:
        cnt = dict.fromkeys(cols, 0)
        for _, p, _, _, cls, _ in rows:
            if p == prop:
                key = "agree-false" if cls.startswith("agree-false") else cls
                cnt[key if key in cnt else "other"] += 1
        lines.append(f"{prop:13s} " + " ".join(f"{cnt[c]:13d}" for c in cols))
    bad = [r for r in rows if r[4] in ("WRONG-TRUE", "SUSPECT-FALSE", "error") or "(sub:" in r[4]]
    for ident, prop, tv, truth, cls, note in bad:
        name = f"p{ident:04d}.c" if isinstance(ident, int) else ident
        lines.append(f"{cls}: {name} {prop}: tvla {tv}, C {truth} {note}")
    return "\n".join(lines)


def campaign(a: argparse.Namespace) -> None:
    os.makedirs(a.out, exist_ok=True)
    ids = range(a.start, a.start + a.n)
    rows: list[tuple] = []
    with ThreadPoolExecutor(a.jobs) as ex, open(os.path.join(a.out, "results.tsv"), "a") as tsv:
        for res in ex.map(lambda i: check_one(a.seed, i, a.out, a.runs, a.valgrind), ids):
            for row in res:
                tsv.write("\t".join(map(str, row)) + "\n")
                if row[4] not in ("agree-true", "agree-false", "unknown"):
                    print(f"  p{row[0]:04d}.c {row[1]}: {row[4]} tvla={row[2]} C={row[3]} {row[5]}", flush=True)
            tsv.flush()
            rows += res
            print(f"done p{res[0][0]:04d}: " + " ".join(f"{r[1]}={r[2]}/{r[3]}" for r in res), flush=True)
    text = f"seed {a.seed}: {len(ids)} programs\n" + summarize(rows)
    with open(os.path.join(a.out, "summary.txt"), "w") as fh:
        fh.write(text + "\n")
    print(text)


def replay(a: argparse.Namespace) -> None:
    src = generate(a.seed, a.id)
    if not a.check:
        print(src, end="")
        return
    out = tempfile.mkdtemp(prefix="diff_c_")
    for row in check_one(a.seed, a.id, out, a.runs, a.valgrind):
        print("\t".join(map(str, row)))
    print(f"program: {out}/p{a.id:04d}.c")


def check_files(a: argparse.Namespace) -> None:
    with ThreadPoolExecutor(a.jobs) as ex:
        for path, rows in zip(a.files, ex.map(lambda f: compare(f, os.path.basename(f), a.runs, a.valgrind),
                                               a.files)):
            for row in rows:
                print("\t".join(map(str, row)), flush=True)


def summary(a: argparse.Namespace) -> None:
    """The table of one or more campaign directories (also of a campaign stopped early)."""
    rows = []
    for d in a.dirs:
        with open(os.path.join(d, "results.tsv")) as fh:
            for ln in fh:
                r = ln.rstrip("\n").split("\t")
                if len(r) == 6:
                    rows.append((f"{d}/p{int(r[0]):04d}.c", *r[1:]))
    print(f"{len(rows) // len(PROPS)} programs")
    print(summarize(rows))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("campaign")
    c.add_argument("--seed", type=int, required=True)
    c.add_argument("--n", type=int, default=30)
    c.add_argument("--start", type=int, default=0, help="first id (to continue a campaign)")
    c.add_argument("--out", required=True)
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--runs", type=int, default=40, help="random seeds of the ground truth")
    c.add_argument("--valgrind", type=int, default=2)
    r = sub.add_parser("replay")
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("id", type=int)
    r.add_argument("--check", action="store_true", help="also run tvla and the ground truth")
    r.add_argument("--runs", type=int, default=100)
    r.add_argument("--valgrind", type=int, default=5)
    s = sub.add_parser("summary", help="the table of campaign directories (from their results.tsv)")
    s.add_argument("dirs", nargs="+")
    k = sub.add_parser("check", help="run both tools on the given C files (minimized programs)")
    k.add_argument("files", nargs="+")
    k.add_argument("--runs", type=int, default=100)
    k.add_argument("--valgrind", type=int, default=5)
    k.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    {"campaign": campaign, "replay": replay, "check": check_files, "summary": summary}[a.cmd](a)


if __name__ == "__main__":
    main()
