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

Each program is a pure function of (family, seed, id) and of the generator's version (a change of
the generator changes the programs of every seed: replay with the commit a campaign ran).
Nondet values of the ground truth are small (-5..9, exhaustive 0..2): a verdict that
depends on a type's bounds (INT_MAX, 255) is to be settled by hand. Usage, from anywhere (run with the project's
python; the tvla imported is the one of this checkout):

    cd /tmp && PYTHONPATH=/path/to/repo nice -n 19 python /path/to/repo/scripts/diff_c.py \\
        campaign --seed 1 --n 30 --out /tmp/diff1      # writes p0000.c ..., results.tsv, summary
    python scripts/diff_c.py replay --seed 1 7            # print program 7 of seed 1
    python scripts/diff_c.py replay --seed 1 7 --check    # ... and run both tools on it
    python scripts/diff_c.py campaign --family rec ...    # programs with recursion (see generate_rec)
    python scripts/diff_c.py replay --family rec --seed 1 7
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


# ---------------------------------------------------------------- family rec

# `--family rec`: programs with RECURSION and helper calls (their own generator, their own random
# stream: the default family's programs are unchanged). Over a singly (sometimes doubly) linked list
# or a binary tree: recursive builds (`build(n)`, nondet-driven, counted through an `int *`, through a
# `T **` out-parameter passed on), with the new cell allocated before the recursive call (a local
# holding it across the call) or after; recursive length, sum, search, copy, reverse (classic or with
# an accumulator), append, sorted insert (also through a link pointer `&(*pp)->next`), insertion sort,
# merge sort (split, merge; one half held across the other's sort), removal, a visit holding a scratch
# cell across the recursive call, a search that calls exit(0), mutual recursion (even/odd), the
# destroy of a global list, tree insert, find, size, min, copy, mirror, delete-min and destroy; helpers
# before and after the recursive call (`return id(x);`, `return join(c, build(n - 1));`), early
# returns, `push(&l, v)` / `pop(&l)` out-parameters; `reach_error()` checks of the results that hold
# (lengths, sums, data order, prev links, BST order) and, now and then, a deliberate bug (a leak, a
# double free, a use after free, a NULL dereference on an empty list or tree, a wrong check). The
# header comment names the bugs drawn (`bug=...`); a bug may be unreachable (a check on a path no
# run takes) or hidden by an earlier one.
REC_BUG_P = 0.08          # the chance of a bug at each place that may have one


@dataclass
class RecGen:
    """State of one program of the rec family being generated."""
    r: random.Random
    tree: bool
    dll: bool = False
    helpers: dict = field(default_factory=dict)   # name -> (prototype, text), in definition order
    body: list = field(default_factory=list)
    bugs: list = field(default_factory=list)
    # facts about main's list l (tree: root) that the checks may rely on
    length: str | None = None    # C expression of its length (tree: size), None when unknown
    order: str | None = None     # data order from the head: asc, desc, const (both), None
    nonneg: bool = True          # every datum >= 0
    prev_ok: bool = True         # (dll) every prev link right
    bst: bool = True             # (tree) a search tree: left < node <= right
    n_nonneg: bool = False       # n >= 0 assumed
    nd_nonneg: bool = True       # the data of build_nd >= 0
    m_live: bool = False         # m holds a list for the cleanup to free
    globals_: list = field(default_factory=list)

    def emit(self, line: str, ind: int = 1) -> None:
        self.body.append("    " * ind + line)

    def bug(self, what: str, p: float = REC_BUG_P) -> bool:
        if self.r.random() < p:
            self.bugs.append(what)
            return True
        return False

    def add(self, name: str, proto: str, lines: list) -> None:
        """Define helper `name` (the first definition of a name stays)."""
        if name not in self.helpers:
            self.helpers[name] = (proto, proto + "\n{\n" + "".join("    " + ln + "\n" if ln else "\n"
                                                               for ln in lines) + "}\n")

    def const(self) -> str:
        return str(self.r.choice((0, 1, 1, 2, 3, 5)))


NODE = "struct node"
TNODE = "struct tnode"


def rec_prev(g: RecGen, x: str, y: str, ind: int = 0) -> list:
    """Lines making y's prev point to x, when y is not NULL (dll only)."""
    if not g.dll:
        return []
    yp = f"({y})" if y.startswith("*") else y
    return ["    " * ind + f"if ({y} != NULL)", "    " * ind + f"    {yp}->prev = {x};"]


def rec_mk(g: RecGen) -> str:
    body = [f"{NODE} *r = malloc(sizeof({NODE}));", "r->d = v;", "r->next = n;"]
    if g.dll:
        body += ["r->prev = NULL;"] + rec_prev(g, "r", "n")
    g.add("mk", f"{NODE} *mk(int v, {NODE} *n)", body + ["return r;"])
    return "mk"


def rec_id(g: RecGen) -> str:
    g.add("id", f"{NODE} *id({NODE} *x)", ["return x;"])
    return "id"


def rec_join(g: RecGen) -> str:
    g.add("join", f"{NODE} *join({NODE} *x, {NODE} *rest)", ["x->next = rest;"] + rec_prev(g, "x", "rest")
          + ["return x;"])
    return "join"


def rec_ret(g: RecGen, e: str) -> str:
    """`return e;`, sometimes through the helper id."""
    return f"return {rec_id(g)}({e});" if g.r.random() < 0.2 else f"return {e};"


def rec_build(g: RecGen) -> None:
    """Main's list l: recursive build(n), a nondet-driven build, a counted one, or a loop of pushes."""
    r = g.r
    kind = r.choice(("n", "n", "n", "nd", "cnt", "loop", "into"))
    if kind in ("n", "loop", "into"):
        g.emit("n = __VERIFIER_nondet_int();")
        k = r.random()
        if k < 0.5:
            g.emit(f"__VERIFIER_assume(n >= 0 && n <= {r.choice((3, 4, 6))});")
            g.n_nonneg = True
        elif k < 0.75:
            g.emit("__VERIFIER_assume(n >= 0);")
            g.n_nonneg = True
    if kind == "n":
        dv, g.order, g.nonneg = r.choice((("n", "desc", True), ("n", "desc", True), ("1", "const", True),
                                          ("n - 1", "desc", True), ("-n", "asc", False),
                                          ("__VERIFIER_nondet_int()", None, False)))
        v = r.choice(("before", "before", "after", "join", "mk"))
        if v == "before":       # the new cell held by r across the recursive call
            body = [f"{NODE} *r;", "if (n <= 0)", "    return NULL;", f"r = malloc(sizeof({NODE}));",
                    f"r->d = {dv};"]
            if g.dll:
                body.append("r->prev = NULL;")
            if r.random() < 0.5:
                body.append("r->next = build(n - 1);")
                body += rec_prev(g, "r", "r->next")
            else:
                body[0] = f"{NODE} *r, *t;"
                body += ["t = build(n - 1);", "r->next = t;"] + rec_prev(g, "r", "t")
            if g.bug("build: the new cell is lost when n == 1 (leak)"):
                body += ["if (n == 1)", "    return NULL;"]
            body.append(rec_ret(g, "r"))
        elif v == "after":
            body = [f"{NODE} *r, *t;", "if (n <= 0)", "    return NULL;", "t = build(n - 1);",
                    f"r = malloc(sizeof({NODE}));", f"r->d = {dv};", "r->next = t;"]
            if g.dll:
                body.append("r->prev = NULL;")
                body += rec_prev(g, "r", "t")
            body.append(rec_ret(g, "r"))
        elif v == "join":       # a helper before and after the recursive call
            rec_mk(g)
            rec_join(g)
            body = [f"{NODE} *c;", "if (n <= 0)", "    return NULL;", f"c = mk({dv}, NULL);",
                    "return join(c, build(n - 1));"]
        else:
            rec_mk(g)
            body = [f"{NODE} *t;", "if (n <= 0)", "    return NULL;", "t = build(n - 1);", f"return mk({dv}, t);"]
        g.add("build", f"{NODE} *build(int n)", body)
        g.emit("l = build(n);")
        g.length = "n" if g.n_nonneg else None
    elif kind == "into":       # a T ** out-parameter passed on to the recursive call
        body = [f"{NODE} *c;", "if (n <= 0)", "    return;", f"c = malloc(sizeof({NODE}));", "c->d = n;",
                "c->next = *pl;"]
        if g.dll:
            body += ["c->prev = NULL;"] + rec_prev(g, "c", "*pl")
        body += ["*pl = c;", "build_into(pl, n - 1);"]
        if g.bug("build_into: the cell made at n == 2 lost (leak)"):
            body[-2:-1] = ["if (n != 2)", "    *pl = c;"]
        g.add("build_into", f"void build_into({NODE} **pl, int n)", body)
        g.emit("build_into(&l, n);")
        g.order, g.nonneg = "asc", True
        g.length = "n" if g.n_nonneg else None
    elif kind == "nd":
        dv = r.choice(("__VERIFIER_nondet_int()", "1", "0", "2"))
        g.order, g.nonneg = (None, False) if "nondet" in dv else ("const", True)
        g.nd_nonneg = g.nonneg
        body = [f"{NODE} *r;", "if (!__VERIFIER_nondet_int())", "    return NULL;", f"r = malloc(sizeof({NODE}));",
                f"r->d = {dv};"]
        if g.dll:
            body.append("r->prev = NULL;")
        body += ["r->next = build_nd();"] + rec_prev(g, "r", "r->next") + [rec_ret(g, "r")]
        g.add("build_nd", f"{NODE} *build_nd(void)", body)
        g.emit("l = build_nd();")
    elif kind == "cnt":         # the length counted through an int * passed on
        rec_mk(g)
        g.order, g.nonneg = "const", True   # *cnt is read after the deeper calls counted: every datum the length
        body = [f"{NODE} *t;", "if (!__VERIFIER_nondet_int())", "    return NULL;", "*cnt = *cnt + 1;",
                "t = build_cnt(cnt);", "return mk(*cnt, t);"]
        g.add("build_cnt", f"{NODE} *build_cnt(int *cnt)", body)
        g.emit("k = 0;")
        g.emit("l = build_cnt(&k);")
        g.length = "k"
    else:
        g.order, g.nonneg = "desc", True
        if r.random() < 0.5:
            body = [f"{NODE} *c = malloc(sizeof({NODE}));", "c->d = v;", "c->next = *pl;"]
            if g.dll:
                body += ["c->prev = NULL;"] + rec_prev(g, "c", "*pl")
            g.add("push", f"void push({NODE} **pl, int v)", body + ["*pl = c;"])
            op = "push(&l, i);"
        else:
            rec_mk(g)
            op = "l = mk(i, l);"
        g.emit("for (i = 0; i < n; i++)")
        g.emit(op, 2)
        g.length = "n" if g.n_nonneg else None


def rec_len(g: RecGen) -> str:
    """An expression of l's length by one of the recursive counters."""
    r = g.r
    k = r.random()
    if k < 0.5:
        g.add("len", f"int len({NODE} *l)", ["if (l == NULL)", "    return 0;", "return 1 + len(l->next);"])
        return "len(l)"
    if k < 0.8:
        g.add("len_acc", f"int len_acc({NODE} *l, int acc)", ["if (l == NULL)", "    return acc;",
                                                               "return len_acc(l->next, acc + 1);"])
        return "len_acc(l, 0)"
    g.add("count", f"void count({NODE} *l, int *cnt)", ["if (l == NULL)", "    return;", "*cnt = *cnt + 1;",
                                                          "count(l->next, cnt);"])
    g.emit("v = 0;")
    g.emit("count(l, &v);")
    return "v"


def rec_sum(g: RecGen) -> None:
    g.add("sum", f"int sum({NODE} *l)", ["int s;", "if (l == NULL)", "    return 0;", "s = sum(l->next);",
                                          "return l->d + s;"])


def rec_sorted(g: RecGen, asc: bool) -> str:
    name, cmp = ("sorted_asc", ">") if asc else ("sorted_desc", "<")
    g.add(name, f"int {name}({NODE} *l)", ["if (l == NULL || l->next == NULL)", "    return 1;",
                                            f"if (l->d {cmp} l->next->d)", "    return 0;",
                                            f"return {name}(l->next);"])
    return name


def rec_destroy(g: RecGen, name: str = "destroy") -> str:
    """A recursive destroy of a list (the one of the program: same variant for every list)."""
    if "destroy" in g.helpers:
        return "destroy"
    r = g.r
    v = r.choice(("post", "post", "pre", "drop"))
    if g.bug("destroy: the cell freed before its next field is read (use after free)"):
        body = ["if (l == NULL)", "    return;", "free(l);", "destroy(l->next);"]
    elif g.bug("destroy: the last cell is never freed (leak)"):
        body = ["if (l == NULL || l->next == NULL)", "    return;", "destroy(l->next);", "free(l);"]
    elif v == "post":
        body = ["if (l == NULL)", "    return;", "destroy(l->next);", "free(l);"]
    elif v == "pre":            # the successor held by t across the free
        body = [f"{NODE} *t;", "if (l == NULL)", "    return;", "t = l->next;", "free(l);", "destroy(t);"]
    else:                       # a helper before the recursive call
        g.add("drop", f"{NODE} *drop({NODE} *l)", [f"{NODE} *t = l->next;", "free(l);", "return t;"])
        body = ["if (l != NULL)", "    destroy(drop(l));"]
    g.add("destroy", f"void destroy({NODE} *l)", body)
    return "destroy"


def rec_op_len(g: RecGen) -> None:
    r = g.r
    e = rec_len(g)
    if g.length is None:
        if g.bug("wrong check: a list of three cells is an error"):
            g.emit(f"if ({e} == 3)")
        else:
            g.emit(f"if ({e} < 0)")
    else:
        count_check(g, e, "length")
    g.emit("reach_error();", 2)


def count_check(g: RecGen, e: str, what: str) -> None:
    """The test that ``e``, the count of the cells built, is not ``g.length`` (a bug: off by one)."""
    if g.bug(f"wrong check: the {what} off by one"):
        g.emit(f"if ({e} != {g.length} + 1)")
    else:
        g.emit(f"if ({e} != {g.length})")


def rec_op_sum(g: RecGen) -> None:
    rec_sum(g)
    if g.nonneg:
        g.emit("if (sum(l) < 0)")
    else:
        g.bugs.append("check: the sum of data that may be negative is an error")
        g.emit(f"if (sum(l) < {g.r.choice((0, -2))})")
    g.emit("reach_error();", 2)


def rec_op_sorted(g: RecGen) -> None:
    if g.order is None:
        return rec_op_len(g)
    asc = g.order == "asc" or (g.order == "const" and g.r.random() < 0.5)
    if g.bug("wrong check: the order the other way round", 0.12 if g.order != "const" else 0):
        asc = not asc
    g.emit(f"if (!{rec_sorted(g, asc)}(l))")
    g.emit("reach_error();", 2)


def rec_op_search(g: RecGen) -> None:
    r = g.r
    g.add("search", f"{NODE} *search({NODE} *l, int v)", ["if (l == NULL)", "    return NULL;", "if (l->d == v)",
                                                           "    return l;", "return search(l->next, v);"])
    g.emit(f"v = {r.choice(('1', '2', '0', '__VERIFIER_nondet_int()'))};")
    found_check(g, "search(l, v)", "search")


def found_check(g: RecGen, call: str, name: str) -> None:
    """p = the cell a search ``call`` finds, checked to hold v (or, a bug, read unchecked)."""
    g.emit(f"p = {call};")
    if g.bug(f"{name}: its result dereferenced unchecked (NULL dereference)"):
        g.emit("if (p->d != v)")
    else:
        g.emit("if (p != NULL && p->d != v)")
    g.emit("reach_error();", 2)


def rec_release_m(g: RecGen) -> None:
    """Free the list m still holds before m is given another."""
    if g.m_live:
        g.emit(f"{rec_destroy(g)}(m);")
        g.m_live = False


def rec_op_copy(g: RecGen) -> None:
    r = g.r
    rec_release_m(g)
    v = r.choice(("before", "after", "join"))
    shallow = g.bug("copy: the copy shares the original's tail (a double free at the cleanup)")
    if v == "before":           # the new cell held by c across the recursive call
        body = [f"{NODE} *c;", "if (l == NULL)", "    return NULL;", f"c = malloc(sizeof({NODE}));", "c->d = l->d;"]
        if g.dll:
            body.append("c->prev = NULL;")
        body.append("c->next = l->next;" if shallow else "c->next = copy(l->next);")
        body += rec_prev(g, "c", "c->next") + ["return c;"]
    elif v == "after":
        rec_mk(g)
        body = [f"{NODE} *t;", "if (l == NULL)", "    return NULL;",
                "t = l->next;" if shallow else "t = copy(l->next);", "return mk(l->d, t);"]
    else:
        rec_mk(g)
        rec_join(g)
        body = [f"{NODE} *c;", "if (l == NULL)", "    return NULL;", "c = mk(l->d, NULL);",
                "return join(c, l->next);" if shallow else "return join(c, copy(l->next));"]
    g.add("copy", f"{NODE} *copy({NODE} *l)", body)
    g.emit("m = copy(l);")
    k = r.random()
    if k < 0.4:
        g.add("len", f"int len({NODE} *l)", ["if (l == NULL)", "    return 0;", "return 1 + len(l->next);"])
        g.emit("if (len(m) != len(l))")
        g.emit("reach_error();", 2)
    elif k < 0.7:
        rec_sum(g)
        g.emit("if (sum(m) != sum(l))")
        g.emit("reach_error();", 2)
    elif k < 0.85:
        g.emit("if (l != NULL && m->d != l->d)")
        g.emit("reach_error();", 2)
    if g.bug("copy: never freed (leak at the end)"):
        g.m_live = False
        return
    if g.bug("copy: the pointer to it overwritten (leak)"):
        g.emit("m = NULL;")
        g.m_live = False
        return
    if r.random() < 0.5:
        g.emit(f"{rec_destroy(g)}(m);")
        g.emit("m = NULL;")
        g.m_live = False
    else:
        g.m_live = True         # freed by the cleanup


def rec_fixprev(g: RecGen) -> None:
    """(dll) prev links made right again after an operation that changed the structure."""
    if not g.dll:
        return
    g.prev_ok = False
    if g.r.random() < 0.85:
        g.add("fixprev", f"void fixprev({NODE} *l, {NODE} *p)", ["if (l == NULL)", "    return;", "l->prev = p;",
                                                                  "fixprev(l->next, l);"])
        g.emit("fixprev(l, NULL);")
        g.prev_ok = True


def rec_op_reverse(g: RecGen) -> None:
    r = g.r
    if r.random() < 0.5:        # l held across the recursive call
        body = [f"{NODE} *rest;", "if (l == NULL || l->next == NULL)", "    return l;", "rest = rev(l->next);",
                "l->next->next = l;", "l->next = NULL;", "return rest;"]
        g.add("rev", f"{NODE} *rev({NODE} *l)", body)
        g.emit("l = rev(l);")
    else:
        body = [f"{NODE} *t;", "if (l == NULL)", "    return acc;"]
        if g.bug("rev_acc: the accumulated cells lost at the last cell (leak)"):
            body += ["if (l->next == NULL)", "    return l;"]
        body += ["t = l->next;", "l->next = acc;", "return rev_acc(t, l);"]
        g.add("rev_acc", f"{NODE} *rev_acc({NODE} *l, {NODE} *acc)", body)
        g.emit("l = rev_acc(l, NULL);")
    g.order = {"asc": "desc", "desc": "asc"}.get(g.order, g.order)
    rec_fixprev(g)


def rec_op_append(g: RecGen) -> None:
    r = g.r
    rec_release_m(g)
    if "build_nd" in g.helpers or r.random() < 0.5:
        if "build_nd" not in g.helpers:
            body = [f"{NODE} *r;", "if (!__VERIFIER_nondet_int())", "    return NULL;",
                    f"r = malloc(sizeof({NODE}));", "r->d = 1;"]
            if g.dll:
                body.append("r->prev = NULL;")
            body += ["r->next = build_nd();"] + rec_prev(g, "r", "r->next") + ["return r;"]
            g.add("build_nd", f"{NODE} *build_nd(void)", body)
        g.emit("m = build_nd();")
        g.nonneg = g.nonneg and g.nd_nonneg
        g.length = None
    else:
        rec_mk(g)
        g.emit("m = mk(3, mk(3, NULL));")
        g.length = f"{g.length} + 2" if g.length else None
    if r.random() < 0.6:
        g.add("append", f"{NODE} *append({NODE} *a, {NODE} *b)", ["if (a == NULL)", "    return b;",
                                                                   "a->next = append(a->next, b);", "return a;"])
        g.emit("l = append(l, m);")
    else:
        g.add("last", f"{NODE} *last({NODE} *l)", ["if (l->next == NULL)", "    return l;", "return last(l->next);"])
        if g.bug("last() of a list that may be empty (NULL dereference)"):
            g.emit("p = last(l);")
            g.emit("p->next = m;")
        else:
            g.emit("if (l == NULL) {")
            g.emit("l = m;", 2)
            g.emit("} else {")
            g.emit("p = last(l);", 2)
            g.emit("p->next = m;", 2)
            g.emit("}")
    g.emit("m = NULL;")
    g.m_live = False
    g.order = None
    rec_fixprev(g)


def rec_insert(g: RecGen) -> str:
    body = ["if (l == NULL || c->d <= l->d) {", "    c->next = l;", "    return c;", "}",
            "l->next = insert(l->next, c);", "return l;"]
    g.add("insert", f"{NODE} *insert({NODE} *l, {NODE} *c)", body)
    return "insert"


def rec_op_insert(g: RecGen) -> None:
    r = g.r
    rec_mk(g)
    val = r.choice(("2", "0", "__VERIFIER_nondet_int()", "n"))
    g.emit(f"c = mk({val}, NULL);")
    if g.dll or r.random() < 0.6:
        rec_insert(g)
        g.emit("l = insert(l, c);")
    else:                       # a link pointer: &(*pp)->next given to the recursive call
        g.add("ins_pp", f"void ins_pp({NODE} **pp, {NODE} *c)", ["if (*pp == NULL || c->d <= (*pp)->d) {",
                                                                  "    c->next = *pp;", "    *pp = c;", "    return;",
                                                                  "}", "ins_pp(&(*pp)->next, c);"])
        g.emit("ins_pp(&l, c);")
    if g.bug("insert: the inserted cell freed while still in the list (use after free at the cleanup)"):
        g.emit("free(c);")
    g.length = f"{g.length} + 1" if g.length else None
    g.nonneg = g.nonneg and (val in ("2", "0") or (val == "n" and g.n_nonneg))
    g.order = "asc" if g.order in ("asc", "const") else None
    rec_fixprev(g)


def rec_op_sort(g: RecGen) -> None:
    rec_insert(g)
    body = [f"{NODE} *rest;", "if (l == NULL)", "    return NULL;", "rest = l->next;"]
    if g.r.random() < 0.5:      # (insert sets the next field of the cell it inserts anyway)
        body.append("l->next = NULL;")
    body += ["rest = sort(rest);", "return insert(rest, l);"]    # l detached, held across the recursive call
    g.add("sort", f"{NODE} *sort({NODE} *l)", body)
    g.emit("l = sort(l);")
    g.order = "asc"
    rec_fixprev(g)


def rec_merge(g: RecGen) -> None:
    body = ["if (a == NULL)", "    return b;", "if (b == NULL)", "    return a;", "if (a->d <= b->d) {",
            "    a->next = merge(a->next, b);", "    return a;", "}", "b->next = merge(a, b->next);", "return b;"]
    g.add("merge", f"{NODE} *merge({NODE} *a, {NODE} *b)", body)


def rec_op_msort(g: RecGen) -> None:
    """Merge sort: split off every second cell, sort both halves (b held across the first call), merge."""
    rec_merge(g)
    split = ["if (l == NULL || l->next == NULL)", "    return NULL;", "b = l->next;", "l->next = b->next;",
             "b->next = split(b->next);", "return b;"]
    if g.bug("split: the cells split off deeper lost (leak)"):
        split[-2] = "split(b->next);"
    g.add("split", f"{NODE} *split({NODE} *l)", [f"{NODE} *b;"] + split)
    g.add("msort", f"{NODE} *msort({NODE} *l)", [f"{NODE} *b;", "if (l == NULL || l->next == NULL)", "    return l;",
                                                  "b = split(l);", "l = msort(l);", "b = msort(b);",
                                                  "return merge(l, b);"])
    g.emit("l = msort(l);")
    g.order = "asc"
    rec_fixprev(g)


def rec_op_merge(g: RecGen) -> None:
    """Merge a short sorted list into l."""
    rec_release_m(g)
    rec_mk(g)
    rec_merge(g)
    g.emit(f"m = mk({g.r.choice(('0', '1'))}, mk(2, NULL));")
    g.emit("l = merge(l, m);")
    if g.bug("merge: the merged list freed through m as well (double free)", 0.05):
        g.emit(f"{rec_destroy(g)}(m);")
    g.emit("m = NULL;")
    g.length = f"{g.length} + 2" if g.length else None
    g.order = "asc" if g.order in ("asc", "const") else None
    rec_fixprev(g)


def rec_op_find_exit(g: RecGen) -> None:
    """A recursive search that ends the program when it finds the value (the list still allocated)."""
    body = ["if (l == NULL)", "    return;", "if (l->d == v)", "    exit(0);", "find_exit(l->next, v);"]
    g.add("find_exit", f"void find_exit({NODE} *l, int v)", body)
    g.bugs.append("find_exit: exit(0) with the list allocated (memcleanup)")
    g.emit(f"find_exit(l, {g.r.choice(('1', '2', '__VERIFIER_nondet_int()'))});")


def rec_op_remove(g: RecGen) -> None:
    r = g.r
    v = r.choice(("first", "all"))
    if v == "first":
        body = [f"{NODE} *t;", "if (l == NULL)", "    return NULL;", "if (l->d == v) {"]
        if g.bug("remove: the cell read after its free (use after free)"):
            body += ["    free(l);", "    return l->next;", "}"]
        elif g.bug("remove: the removed cell never freed (leak)"):
            body += ["    return l->next;", "}"]
        else:
            body += ["    t = l->next;", "    free(l);", "    return t;", "}"]
        body += ["l->next = remove_v(l->next, v);", "return l;"]
        g.add("remove_v", f"{NODE} *remove_v({NODE} *l, int v)", body)
        g.emit(f"l = remove_v(l, {r.choice(('1', '2', '0', '__VERIFIER_nondet_int()'))});")
    else:
        body = [f"{NODE} *t;", "if (l == NULL)", "    return NULL;", "if (l->d == v) {"]
        if g.bug("filter: the next field read after the free (use after free)"):
            body += ["    free(l);", "    return filter(l->next, v);", "}"]
        else:
            body += ["    t = l->next;", "    free(l);", "    return filter(t, v);", "}"]
        body += ["l->next = filter(l->next, v);", "return l;"]
        g.add("filter", f"{NODE} *filter({NODE} *l, int v)", body)
        g.emit(f"l = filter(l, {r.choice(('1', '2', '0', '__VERIFIER_nondet_int()'))});")
    g.length = None
    rec_fixprev(g)


def rec_op_pop(g: RecGen) -> None:
    body = [f"{NODE} *t = *pl;"]
    if not g.bug("pop: the first cell of a list that may be empty (NULL dereference)"):
        body += ["if (t == NULL)", "    return;"]
    body += ["*pl = t->next;", "free(t);"]
    g.add("pop", f"void pop({NODE} **pl)", body)
    g.emit("pop(&l);")
    g.length = None
    rec_fixprev(g)


def rec_op_visit(g: RecGen) -> None:
    """A recursive visit holding a scratch cell across the recursive call (sometimes an abort inside)."""
    r = g.r
    body = [f"{NODE} *c;", "int s;", "if (l == NULL)", "    return 0;", f"c = malloc(sizeof({NODE}));",
            "c->d = l->d;", "c->next = NULL;"]
    if r.random() < 0.3:
        if g.nonneg:
            body += ["if (l->d < 0)", f"    {r.choice(('abort();', 'exit(1);', 'reach_error();'))}"]
        else:
            g.bugs.append("visit: reach_error() on a negative datum")
            body += ["if (l->d < -1)", "    reach_error();"]
    uaf = g.bug("visit: the scratch cell read after its free (use after free)")
    leak = not uaf and g.bug("visit: the scratch cell never freed (leak)")
    if uaf:
        body.append("free(c);")
    body += ["s = visit(l->next);", "s = s + c->d;"]
    if not uaf and not leak:
        body.append("free(c);")
    body.append("return s;")
    g.add("visit", f"int visit({NODE} *l)", body)
    if g.nonneg:
        g.emit("if (visit(l) < 0)")
    else:                       # (not `visit(l) == 1000`: reachable, by data the ground truth never draws)
        rec_sum(g)
        g.emit("if (visit(l) != sum(l))")
    g.emit("reach_error();", 2)


def rec_op_parity(g: RecGen) -> None:
    """Mutual recursion."""
    g.add("even", f"int even({NODE} *l)", ["if (l == NULL)", "    return 1;", "return odd(l->next);"])
    g.add("odd", f"int odd({NODE} *l)", ["if (l == NULL)", "    return 0;", "return even(l->next);"])
    if g.bug("wrong check: an even list is an error"):
        g.emit("if (even(l) && !odd(l))")
    else:
        g.emit("if (even(l) == odd(l))")
    g.emit("reach_error();", 2)


def rec_op_head(g: RecGen) -> None:
    """A datum of the first cell."""
    if g.bug("the first cell of a list that may be empty (NULL dereference)"):
        g.emit("v = l->d;")
    else:
        g.emit("if (l != NULL)")
        g.emit("v = l->d;", 2)
    if g.nonneg:
        g.emit("if (l != NULL && v < 0)")
        g.emit("reach_error();", 2)


def rec_op_checkprev(g: RecGen) -> None:
    if not g.dll:
        return rec_op_head(g)
    g.add("checkprev", f"void checkprev({NODE} *l)", ["if (l == NULL)", "    return;",
                                                       "if (l->next != NULL && l->next->prev != l)",
                                                       "    reach_error();", "checkprev(l->next);"])
    if not g.prev_ok:
        g.bugs.append("checkprev: prev links not made right after a change")
    g.emit("checkprev(l);")
    g.emit("if (l != NULL && l->prev != NULL)")
    g.emit("reach_error();", 2)


REC_LIST_OPS = [(rec_op_len, 3), (rec_op_sum, 2), (rec_op_sorted, 3), (rec_op_search, 2), (rec_op_copy, 3),
                (rec_op_reverse, 3), (rec_op_append, 2), (rec_op_insert, 2), (rec_op_sort, 2), (rec_op_remove, 2),
                (rec_op_pop, 1), (rec_op_visit, 2), (rec_op_parity, 1), (rec_op_head, 1), (rec_op_checkprev, 2),
                (rec_op_msort, 2), (rec_op_merge, 1), (rec_op_find_exit, 0.5)]


def rec_list_cleanup(g: RecGen) -> None:
    r = g.r
    free_m = "m" if g.m_live else None
    if g.bug("no cleanup (memcleanup only)", 0.05):
        return
    if g.bug("the list lost before the end (leak)", 0.04):
        g.emit("l = NULL;")
        g.emit("c = NULL;")     # (c and p may hold a cell of the list)
        g.emit("p = NULL;")
        return
    if r.random() < 0.15:       # a recursive destroy of a global list
        body = [f"{NODE} *t;", "if (gl == NULL)", "    return;", "t = gl;", "gl = gl->next;"]
        if g.bug("gdestroy: the cell read after its free (use after free)"):
            body[-2:] = ["t = gl;", "free(t);", "gl = t->next;"]
        else:
            body.append("free(t);")
        g.add("gdestroy", "void gdestroy(void)", body + ["gdestroy();"])
        g.globals_ = [f"{NODE} *gl;"]
        g.emit("gl = l;")
        g.emit("l = NULL;")
        g.emit("gdestroy();")
        if free_m:
            g.emit("gl = m;")
            g.emit("m = NULL;")
            g.emit("gdestroy();")
        return
    if r.random() < 0.8:
        d = rec_destroy(g)
        g.emit(f"{d}(l);")
        if free_m:
            g.emit(f"{d}(m);")
        if g.bug("the first cell freed again after destroy (double free)", 0.05):
            g.emit("if (l != NULL)")
            g.emit("free(l);", 2)
    else:
        for v in ["l"] + ([free_m] if free_m else []):
            g.emit(f"while ({v} != NULL) {{")
            g.emit(f"p = {v};", 2)
            g.emit(f"{v} = {v}->next;", 2)
            g.emit("free(p);", 2)
            g.emit("}")


# trees

def rec_tmk(g: RecGen) -> str:
    g.add("tmk", f"{TNODE} *tmk(int v)", [f"{TNODE} *t = malloc(sizeof({TNODE}));", "t->d = v;", "t->left = NULL;",
                                          "t->right = NULL;", "return t;"])
    return "tmk"


def rec_tinsert(g: RecGen) -> None:
    r = g.r
    if r.random() < 0.5:
        base = ["if (t == NULL)", "    return tmk(v);"]
        rec_tmk(g)
    else:
        base = ["if (t == NULL) {", f"    t = malloc(sizeof({TNODE}));", "    t->d = v;", "    t->left = NULL;",
                "    t->right = NULL;", "    return t;", "}"]
    right = "t->right = tinsert(t->right, v);"
    if g.bug("tinsert: the new node of a right subtree lost (leak)"):
        right = "tinsert(t->right, v);"
    g.add("tinsert", f"{TNODE} *tinsert({TNODE} *t, int v)",
          base + ["if (v < t->d)", "    t->left = tinsert(t->left, v);", "else", "    " + right, "return t;"])


def rec_tbuild(g: RecGen) -> None:
    r = g.r
    kind = r.choice(("insert", "insert", "build"))
    g.emit("k = 0;")
    if kind == "insert":
        rec_tinsert(g)
        g.emit("while (__VERIFIER_nondet_int()) {")
        g.emit(f"v = {r.choice(('__VERIFIER_nondet_int()', '__VERIFIER_nondet_int()', 'k', '2 - k'))};", 2)
        g.emit("root = tinsert(root, v);", 2)
        g.emit("k++;", 2)
        g.emit("}")
        g.length = "k"
        g.nonneg = False
    else:                       # two recursive calls, the node held across both
        d = r.choice(("2", "3", "n"))
        if d == "n":
            g.emit("n = __VERIFIER_nondet_int();")
        dv = r.choice(("d", "1", "__VERIFIER_nondet_int()"))
        body = [f"{TNODE} *t;", "if (d <= 0 || !__VERIFIER_nondet_int())", "    return NULL;",
                f"t = malloc(sizeof({TNODE}));", f"t->d = {dv};", "t->left = tbuild(d - 1);",
                "t->right = tbuild(d - 1);", "return t;"]
        if g.bug("tbuild: the node lost when both subtrees are empty (leak)"):
            body[-1:] = ["if (t->left == NULL && t->right == NULL)", "    return NULL;", "return t;"]
        g.add("tbuild", f"{TNODE} *tbuild(int d)", body)
        g.emit(f"root = tbuild({d});")
        g.bst = False
        g.nonneg = dv != "__VERIFIER_nondet_int()"
        g.length = None


def rec_tsize(g: RecGen) -> str:
    g.add("tsize", f"int tsize({TNODE} *t)", ["if (t == NULL)", "    return 0;",
                                              "return 1 + tsize(t->left) + tsize(t->right);"])
    return "tsize"


def rec_top_size(g: RecGen) -> None:
    rec_tsize(g)
    if g.length is None:
        g.emit("if (tsize(root) < 0)")
    else:
        count_check(g, "tsize(root)", "size")
    g.emit("reach_error();", 2)


def rec_top_find(g: RecGen) -> None:
    r = g.r
    if not g.bst:
        body = ["if (t == NULL || t->d == v)", "    return t;", "p = tfind(t->left, v);", "if (p != NULL)",
                "    return p;", "return tfind(t->right, v);"]
        g.add("tfind", f"{TNODE} *tfind({TNODE} *t, int v)", [f"{TNODE} *p;"] + body)
    else:
        cmp = "<"
        if g.bug("tfind: searches the wrong side (a wrong check fails)"):
            cmp = ">"
        g.add("tfind", f"{TNODE} *tfind({TNODE} *t, int v)", ["if (t == NULL || t->d == v)", "    return t;",
                                                              f"if (v {cmp} t->d)", "    return tfind(t->left, v);",
                                                              "return tfind(t->right, v);"])
    if "tinsert" in g.helpers and r.random() < 0.6:
        g.emit("v = __VERIFIER_nondet_int();")
        g.emit("root = tinsert(root, v);")
        if g.length:
            g.emit("k++;")
        g.emit("if (tfind(root, v) == NULL)")
        g.emit("reach_error();", 2)
    else:
        g.emit(f"v = {r.choice(('1', '__VERIFIER_nondet_int()'))};")
        found_check(g, "tfind(root, v)", "tfind")


def rec_top_check(g: RecGen) -> None:
    """The search tree order, node by node."""
    le, ge = ">=", "<"
    if not g.bst:
        g.bugs.append("tcheck: a tree that is not a search tree")
    elif g.bug("wrong check: a right child equal to its parent is an error"):
        ge = "<="
    g.add("tcheck", f"void tcheck({TNODE} *t)", ["if (t == NULL)", "    return;",
                                                 f"if (t->left != NULL && t->left->d {le} t->d)", "    reach_error();",
                                                 f"if (t->right != NULL && t->right->d {ge} t->d)", "    reach_error();",
                                                 "tcheck(t->left);", "tcheck(t->right);"])
    g.emit("tcheck(root);")


def rec_top_min(g: RecGen) -> None:
    g.add("tmin", f"{TNODE} *tmin({TNODE} *t)", ["if (t->left == NULL)", "    return t;", "return tmin(t->left);"])
    if g.bug("tmin of a tree that may be empty (NULL dereference)"):
        g.emit("p = tmin(root);")
        g.emit("v = p->d;")
        return
    g.emit("if (root != NULL) {")
    g.emit("p = tmin(root);", 2)
    if g.bst:
        g.emit("if (p->d > root->d)", 2)
        g.emit("reach_error();", 3)
    else:
        g.emit("v = p->d;", 2)
    g.emit("}")


def rec_top_copy(g: RecGen) -> None:
    r = g.r
    if r.random() < 0.5:        # the new node held across both recursive calls
        body = [f"{TNODE} *c;", "if (t == NULL)", "    return NULL;", f"c = malloc(sizeof({TNODE}));", "c->d = t->d;",
                "c->left = tcopy(t->left);", "c->right = tcopy(t->right);", "return c;"]
    else:
        rec_tmk(g)
        body = [f"{TNODE} *a, *b, *c;", "if (t == NULL)", "    return NULL;", "a = tcopy(t->left);",
                "b = tcopy(t->right);", "c = tmk(t->d);", "c->left = a;", "c->right = b;", "return c;"]
    if g.bug("tcopy: the copy shares the right subtree (a double free at the cleanup)"):
        body = [ln.replace("tcopy(t->right)", "t->right") for ln in body]
    g.add("tcopy", f"{TNODE} *tcopy({TNODE} *t)", body)
    g.emit("t2 = tcopy(root);")
    if r.random() < 0.6:
        rec_tsize(g)
        g.emit("if (tsize(t2) != tsize(root))")
        g.emit("reach_error();", 2)
    if g.bug("tcopy: never freed (leak at the end)"):
        return
    g.emit(f"{rec_tdestroy(g)}(t2);")
    g.emit("t2 = NULL;")


def rec_top_mirror(g: RecGen) -> None:
    g.add("tmirror", f"void tmirror({TNODE} *t)", [f"{TNODE} *x;", "if (t == NULL)", "    return;", "x = t->left;",
                                                   "t->left = t->right;", "t->right = x;", "tmirror(t->left);",
                                                   "tmirror(t->right);"])
    g.emit("tmirror(root);")
    if g.r.random() < 0.6:
        g.emit("tmirror(root);")
    else:
        g.bst = False


def rec_top_delmin(g: RecGen) -> None:
    body = [f"{TNODE} *x;", "if (t->left == NULL) {"]
    if g.bug("tdelmin: the node read after its free (use after free)"):
        body += ["    free(t);", "    return t->right;", "}"]
    else:
        body += ["    x = t->right;", "    free(t);", "    return x;", "}"]
    body += ["t->left = tdelmin(t->left);", "return t;"]
    g.add("tdelmin", f"{TNODE} *tdelmin({TNODE} *t)", body)
    if g.bug("tdelmin of a tree that may be empty (NULL dereference)"):
        g.emit("root = tdelmin(root);")
        g.length = None
        return
    g.emit("if (root != NULL) {")
    g.emit("root = tdelmin(root);", 2)
    if g.length == "k":
        g.emit("k--;", 2)
    g.emit("}")


def rec_tdestroy(g: RecGen) -> str:
    if "tdestroy" in g.helpers:
        return "tdestroy"
    r = g.r
    if g.bug("tdestroy: the right subtree never freed (leak)"):
        body = ["if (t == NULL)", "    return;", "tdestroy(t->left);", "free(t);"]
    elif g.bug("tdestroy: the node freed before its children are read (use after free)"):
        body = ["if (t == NULL)", "    return;", "free(t);", "tdestroy(t->left);", "tdestroy(t->right);"]
    elif r.random() < 0.5:
        body = ["if (t == NULL)", "    return;", "tdestroy(t->left);", "tdestroy(t->right);", "free(t);"]
    else:                       # the children held by locals across the recursive calls
        body = [f"{TNODE} *a, *b;", "if (t == NULL)", "    return;", "a = t->left;", "b = t->right;", "free(t);",
                "tdestroy(a);", "tdestroy(b);"]
    g.add("tdestroy", f"void tdestroy({TNODE} *t)", body)
    return "tdestroy"


REC_TREE_OPS = [(rec_top_size, 3), (rec_top_find, 3), (rec_top_check, 2), (rec_top_min, 2), (rec_top_copy, 2),
                (rec_top_mirror, 1), (rec_top_delmin, 2)]


def rec_tree_cleanup(g: RecGen) -> None:
    if g.bug("no cleanup (memcleanup only)", 0.05):
        return
    d = rec_tdestroy(g)
    g.emit(f"{d}(root);")
    if g.bug("the root freed again after tdestroy (double free)", 0.05):
        g.emit("if (root != NULL)")
        g.emit("free(root);", 2)


def generate_rec(seed: int, ident: int) -> str:
    """The C text of program `ident` of campaign `seed` in family rec (see REC_BUG_P above)."""
    r = random.Random(f"diff_c_rec:{seed}:{ident}")
    g = RecGen(r=r, tree=r.random() < 0.3)
    if g.tree:
        struct = f"{TNODE} {{\n    {TNODE} *left;\n    {TNODE} *right;\n    int d;\n}};\n"
        decl = [f"    {TNODE} *root = NULL, *t2 = NULL, *p = NULL;", "    int n = 0, k = 0, v = 0;"]
        rec_tbuild(g)
        ops = REC_TREE_OPS
    else:
        g.dll = r.random() < 0.25
        struct = (f"{NODE} {{\n    {NODE} *next;\n" + (f"    {NODE} *prev;\n" if g.dll else "")
                  + "    int d;\n};\n")
        decl = [f"    {NODE} *l = NULL, *m = NULL, *c = NULL, *p = NULL;", "    int n = 0, k = 0, v = 0, i;"]
        rec_build(g)
        ops = REC_LIST_OPS
    for _ in range(r.randint(1, 4)):
        r.choices([f for f, _ in ops], [w for _, w in ops])[0](g)
    (rec_tree_cleanup if g.tree else rec_list_cleanup)(g)
    g.emit("return 0;")
    bugs = "; ".join(g.bugs) if g.bugs else "0"
    head = (f"/* diff_c seed={seed} id={ident} family=rec bug={bugs} */\n#include <stdlib.h>\n"
            "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assume(int);\n"
            "extern void reach_error(void);\n\n")
    protos = "".join(p + ";\n" for p, _ in g.helpers.values())
    defs = "\n".join(t for _, t in g.helpers.values())
    glob = "".join(d + "\n" for d in g.globals_) + "\n" if g.globals_ else ""
    return (head + struct + "\n" + glob + protos + "\n" + defs + "\nint main(void)\n{\n" + "\n".join(decl + g.body)
            + "\n}\n")


FAMILIES = {"default": generate, "rec": generate_rec}


# ---------------------------------------------------------------- running both tools

def run_tvla(path: str, timeout: int = 30) -> dict:
    """Per property: verdict string ('true', 'false(valid-deref)', 'false', 'unknown', 'error')."""
    path = os.path.abspath(path)    # tvla runs in the temporary directory
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
                           valgrind=valgrind, script=[])
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


def check_one(seed: int, ident: int, out: str, runs: int, valgrind: int, family: str = "default") -> list[tuple]:
    path = os.path.join(out, f"p{ident:04d}.c")
    with open(path, "w") as fh:
        fh.write(FAMILIES[family](seed, ident))
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
        for res in ex.map(lambda i: check_one(a.seed, i, a.out, a.runs, a.valgrind, a.family), ids):
            for row in res:
                tsv.write("\t".join(map(str, row)) + "\n")
                if row[4] not in ("agree-true", "agree-false", "unknown"):
                    print(f"  p{row[0]:04d}.c {row[1]}: {row[4]} tvla={row[2]} C={row[3]} {row[5]}", flush=True)
            tsv.flush()
            rows += res
            print(f"done p{res[0][0]:04d}: " + " ".join(f"{r[1]}={r[2]}/{r[3]}" for r in res), flush=True)
    fam = "" if a.family == "default" else f" (family {a.family})"
    text = f"seed {a.seed}{fam}: {len(ids)} programs\n" + summarize(rows)
    with open(os.path.join(a.out, "summary.txt"), "w") as fh:
        fh.write(text + "\n")
    print(text)


def replay(a: argparse.Namespace) -> None:
    src = FAMILIES[a.family](a.seed, a.id)
    if not a.check:
        print(src, end="")
        return
    out = tempfile.mkdtemp(prefix="diff_c_")
    for row in check_one(a.seed, a.id, out, a.runs, a.valgrind, a.family):
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
    c.add_argument("--family", choices=sorted(FAMILIES), default="default",
                   help="the program generator: default (lists, int data and cells, buckets) or rec "
                        "(recursion and helper calls over lists and trees)")
    r = sub.add_parser("replay")
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("id", type=int)
    r.add_argument("--check", action="store_true", help="also run tvla and the ground truth")
    r.add_argument("--runs", type=int, default=100)
    r.add_argument("--valgrind", type=int, default=5)
    r.add_argument("--family", choices=sorted(FAMILIES), default="default", help="as for campaign")
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
